//! The "first hour" API of issue 17: the compile-time URI check agrees with
//! the parser, `Debug` never prints a password, encoding builders and
//! query lookups give their text back, and owned types are looked up by
//! `&str`.

use std::collections::HashMap;

use proptest::prelude::*;
use urikit::encode::QueryPairs;
use urikit::prelude::*;
use urikit::{Components, Redacted, RelativeRef};
use urikit_tests::vectors::read_vectors;

/// Every string anywhere in `value`.
fn strings<'a>(value: &'a serde_json::Value, out: &mut Vec<&'a str>) {
    match value {
        serde_json::Value::String(s) => out.push(s),
        serde_json::Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

#[test]
fn the_const_check_agrees_with_the_parser_on_every_vector_string() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/vectors");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".json"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "vector files: {files:?}");
    let mut checked = 0;
    for file in &files {
        let value: serde_json::Value = serde_json::from_str(&read_vectors(file)).unwrap();
        let mut all = Vec::new();
        strings(&value, &mut all);
        for text in all {
            let parsed = Uri::parse(text).map(drop);
            assert_eq!(urikit::check_uri(text), parsed, "{file}: {text:?}");
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} strings");
}

#[test]
fn the_uri_macro_is_a_checked_literal() {
    let uri: Uri<'static> = urikit::uri!("https://user@example.com:8443/a%20b?q=1#top");
    assert_eq!(uri.port_u16(), Ok(Some(8443)));
    assert_eq!(
        uri,
        Uri::from_static("https://user@example.com:8443/a%20b?q=1#top")
    );
}

/// `{:?}` of `value` must not hold the password.
#[track_caller]
fn hidden(what: &str, value: &dyn std::fmt::Debug) {
    let shown = format!("{value:?}");
    assert!(!shown.contains("secret"), "{what}: {shown}");
    let pretty = format!("{value:#?}");
    assert!(!pretty.contains("secret"), "{what}: {pretty}");
}

#[test]
fn debug_never_prints_a_password() {
    let text = "http://user:secret@h/p?q#f";
    let uri = Uri::parse(text).unwrap();
    hidden("Uri", &uri);
    hidden("UriReference", &UriReference::parse(text).unwrap());
    hidden(
        "RelativeRef",
        &RelativeRef::parse("//user:secret@h/").unwrap(),
    );
    hidden("UriBuf", &UriBuf::parse(text).unwrap());
    hidden("UriReferenceBuf", &UriReferenceBuf::parse(text).unwrap());
    hidden(
        "RelativeRefBuf",
        &RelativeRefBuf::parse("//user:secret@h/").unwrap(),
    );
    hidden("Iri", &Iri::parse(text).unwrap());
    hidden("IriBuf", &IriBuf::parse(text).unwrap());
    hidden("IriReference", &IriReference::parse(text).unwrap());
    hidden("Components", &uri.components());
    let components: Components<'_> = uri.components();
    hidden("Redacted", &Redacted::new(components));
    hidden("Authority", &uri.authority().unwrap());
    hidden("Builder", &Builder::from_components(uri.components()));
    hidden(
        "Builder::userinfo",
        &Builder::new().userinfo("user:secret").host("h"),
    );
    hidden(
        "ParseBufError",
        &UriBuf::parse("http://user:secret@h/ x").unwrap_err(),
    );
    hidden(
        "ParseBufError, no path",
        &UriBuf::parse("http://user:secret@h x").unwrap_err(),
    );
    hidden(
        "Error::ParseBuf",
        &urikit::Error::from(UriBuf::parse("http://user:secret@h/ x").unwrap_err()),
    );
    hidden("Resolver", &urikit::resolve::Resolver::new(uri));
    hidden("NormalizedUri", &urikit::resolve::NormalizedUri::new(uri));
    hidden(
        "resolve",
        &urikit::resolve::resolve(uri, UriReference::parse("g").unwrap()),
    );
    hidden(
        "UriCow",
        &urikit::iri::to_uri(IriReference::parse(text).unwrap()),
    );
    hidden(
        "IriCow",
        &urikit::iri::to_iri(UriReference::parse(text).unwrap()),
    );
    let registry = urikit::schemes::Registry::standard();
    let ftp = Uri::parse("ftp://user:secret@h/f").unwrap();
    hidden("Report of ftp", &registry.check(ftp));
    hidden("Report of http", &registry.check(uri));
    hidden("Registry::normalize", &registry.normalize(uri));
}

#[test]
fn owned_references_are_looked_up_by_str() {
    let mut seen: HashMap<UriBuf, u32> = HashMap::new();
    seen.insert(UriBuf::parse("http://a/").unwrap(), 1);
    assert_eq!(seen.get("http://a/"), Some(&1));
    assert_eq!(seen.get("HTTP://a/"), None);
    let owned = UriBuf::parse("http://a/").unwrap();
    assert_eq!(owned, String::from("http://a/"));
    assert_eq!(String::from("http://a/"), Uri::from(&owned));
}

#[test]
fn errors_of_every_crate_convert_with_the_question_mark() {
    fn all(base: &str, reference: &str) -> Result<String, urikit::Error> {
        let base = Uri::parse(base)?;
        let joined = base.join(reference)?;
        let port = joined.port_u16()?;
        let built = Builder::new().scheme("s").path(joined.path()).build_uri()?;
        let decoded = urikit::encode::decode_utf8(built.path())?;
        let _ = urikit::resolve::resolve_str(base.as_str(), reference)?;
        Ok(format!("{decoded} {port:?}"))
    }
    assert_eq!(all("http://a/b/", "c%20d").unwrap(), "/b/c d None");
    assert!(matches!(all("a b", "c"), Err(urikit::Error::Parse(_))));
    assert!(matches!(
        all("http://a/", "x y"),
        Err(urikit::Error::Parse(_))
    ));
    assert!(matches!(
        all("http://a/", "//h:99999/"),
        Err(urikit::Error::Port(_))
    ));
    assert!(matches!(
        all("http://a/", "%FF"),
        Err(urikit::Error::Decode(_))
    ));
}

/// Text of any characters, `/`, `%`, `+`, `&`, `=` and spaces included.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(
                &["/", "%", "%41", "+", "&", "=", ";", "#", "?", " ", ".", ":"][..]
            )
            .prop_map(String::from),
            any::<char>().prop_map(String::from),
        ],
        0..8,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn pushed_segments_decode_to_their_text(segments in prop::collection::vec(text(), 1..4)) {
        let mut b = Builder::new().scheme("http").host("h");
        for s in &segments {
            b = b.push_segment(s);
        }
        let uri = b.build_uri().unwrap();
        let decoded: Vec<String> = uri
            .path_segments_decoded()
            .map(|s| s.unwrap().into_owned())
            .collect();
        // The documented rule: a segment pushed on a path that ends with
        // an empty segment takes its place.
        let mut model: Vec<&str> = Vec::new();
        for s in &segments {
            if model.last() == Some(&"") {
                model.pop();
            }
            model.push(s);
        }
        prop_assert_eq!(decoded, model);
    }

    #[test]
    fn appended_query_pairs_read_back_both_ways(pairs in prop::collection::vec((text(), text()), 1..4)) {
        let mut b = Builder::new().scheme("http").host("h");
        for (k, v) in &pairs {
            b = b.append_query_pair(k, v);
        }
        let uri = b.build_uri().unwrap();
        let plain: Vec<(String, String)> = uri
            .query_pairs_rfc3986()
            .decoded()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let form: Vec<(String, String)> = uri
            .form_pairs()
            .decoded()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        // Empty pieces are skipped: a pair with an empty key and value
        // still has its `=`, so none is.
        prop_assert_eq!(&plain, &pairs);
        prop_assert_eq!(&form, &pairs);
        let (k, v) = &pairs[0];
        let first = uri.query_pairs_rfc3986().get(k);
        prop_assert_eq!(first.as_deref(), Some(v.as_str()));
    }

    #[test]
    fn path_encoded_decodes_to_its_text(path in text()) {
        let path = format!("/{path}");
        let r = Builder::new().scheme("s").host("h").path_encoded(&path).build_uri().unwrap();
        prop_assert_eq!(r.path_decoded().unwrap(), path);
    }
}

#[test]
fn get_finds_the_first_value_or_none() {
    let uri = Uri::parse("http://h/?a=1&a=2&b&c=x+y").unwrap();
    assert_eq!(uri.query_pairs_rfc3986().get("a").as_deref(), Some("1"));
    assert_eq!(uri.query_pairs_rfc3986().get("b").as_deref(), Some(""));
    assert_eq!(uri.query_pairs_rfc3986().get("c").as_deref(), Some("x+y"));
    assert_eq!(uri.form_pairs().get("c").as_deref(), Some("x y"));
    assert_eq!(
        Uri::parse("http://h/")
            .unwrap()
            .query_pairs_rfc3986()
            .get("a"),
        None
    );
    assert_eq!(QueryPairs::form("").get(""), None);
}
