//! The `http` and `url` conversions (`urikit::interop`): the records of
//! `interop.json`, then properties over generated references and strings:
//! a conversion never panics, and when it succeeds the string crosses
//! unchanged, both ways.

use proptest::prelude::*;
use serde::Deserialize;
use urikit::interop::{InteropError, InteropErrorKind};
use urikit::{
    Component, Iri, IriBuf, IriReference, IriReferenceBuf, Uri, UriBuf, UriReference,
    UriReferenceBuf,
};
use urikit_tests::generators;
use urikit_tests::vectors::run;

/// What a conversion of the record's input gives.
#[derive(Deserialize, Debug)]
#[serde(untagged)]
enum Outcome {
    /// `"same"`: it converts, the string unchanged; `"relative"` (for
    /// `url`): the input is not a URI, so there is nothing to convert.
    Word(String),
    /// It converts to this string, the same URI under scheme-based
    /// normalization (RFC 3986 §6.2.3); converting it back and forth
    /// again gives it unchanged.
    Converts { converts: String },
    /// The conversion fails with this kind, naming this component.
    Error {
        kind: String,
        component: Option<String>,
    },
}

#[derive(Deserialize)]
struct Record {
    name: String,
    source: String,
    input: String,
    http: Outcome,
    url: Outcome,
}

urikit_tests::vector!(Record);

/// The problems of one conversion's result against `expected`.
fn check(
    what: &str,
    input: &str,
    result: Result<String, InteropError>,
    expected: &Outcome,
) -> Vec<String> {
    match (expected, result) {
        (Outcome::Word(w), Ok(text)) if w == "same" && text == input => vec![],
        (Outcome::Converts { converts }, Ok(text)) if *converts == text => vec![],
        (Outcome::Error { kind, component }, Err(e))
            if format!("{:?}", e.kind()) == *kind
                && e.component().map(Component::as_str) == component.as_deref() =>
        {
            vec![]
        }
        (expected, Ok(text)) => vec![format!(
            "{what}: expected {expected:?}, converted to {text:?}"
        )],
        (expected, Err(e)) => {
            vec![format!(
                "{what}: expected {expected:?}, got {:?} {:?} ({e})",
                e.kind(),
                e.component()
            )]
        }
    }
}

/// An IRI record (its input is not ASCII): the conversions of the IRI
/// types, through the URI mapping (RFC 3987 §3.1); what converts comes
/// back, as an IRI, with the other crate's string.
fn iri_problems(r: &Record) -> Vec<String> {
    let reference = IriReference::parse(&r.input).unwrap();
    let to_http = http::Uri::try_from(reference);
    if let Ok(h) = &to_http {
        let back = IriReferenceBuf::try_from(h).unwrap();
        assert_eq!(back.as_str(), h.to_string(), "{}", r.name);
        let owned = IriReferenceBuf::parse(r.input.as_str()).unwrap();
        assert_eq!(http::Uri::try_from(&owned).as_ref().ok(), Some(h));
    }
    let mut problems = check("http", &r.input, to_http.map(|h| h.to_string()), &r.http);
    match (&r.url, Iri::parse(&r.input)) {
        (Outcome::Word(w), Err(_)) if w == "relative" => {}
        (_, Err(e)) => problems.push(format!("not an IRI: {e}")),
        (expected, Ok(iri)) => {
            let to_url = url::Url::try_from(iri);
            if let Ok(url) = &to_url {
                let back = IriBuf::try_from(url).unwrap();
                assert_eq!(back.as_str(), url.as_str(), "{}", r.name);
                let owned = IriBuf::parse(r.input.as_str()).unwrap();
                assert_eq!(url::Url::try_from(&owned).as_ref().ok(), Some(url));
            }
            problems.extend(check("url", &r.input, to_url.map(String::from), expected));
        }
    }
    problems
}

#[test]
fn vectors() {
    run("interop.json", |r: &Record| {
        if !r.input.is_ascii() {
            return iri_problems(r);
        }
        let reference = UriReference::parse(&r.input).unwrap();
        let mut problems = check(
            "http",
            &r.input,
            http::Uri::try_from(reference).map(|h| h.to_string()),
            &r.http,
        );
        match (&r.url, Uri::parse(&r.input)) {
            (Outcome::Word(w), Err(_)) if w == "relative" => {}
            (_, Err(e)) => problems.push(format!("not a URI: {e}")),
            (expected, Ok(uri)) => {
                problems.extend(check(
                    "url",
                    &r.input,
                    url::Url::try_from(uri).map(String::from),
                    expected,
                ));
            }
        }
        problems
    });
}

#[test]
fn url_strings_that_are_not_rfc_3986() {
    // WHATWG leaves these unencoded; RFC 3986 allows none of them there.
    for (text, index) in [
        ("http://a/b|c", 10),
        ("http://a/?q=^", 12),
        ("http://a/#{x}", 10),
    ] {
        let url = url::Url::parse(text).unwrap();
        assert_eq!(url.as_str(), text);
        let err = UriBuf::try_from(&url).unwrap_err();
        assert_eq!(err.kind(), InteropErrorKind::Invalid, "{text}");
        assert_eq!(err.parse_error().map(|e| e.index()), Some(index), "{text}");
    }
}

#[test]
fn http_forms() {
    let authority_form: http::Uri = "example.com:443".parse().unwrap();
    let r = UriReferenceBuf::try_from(&authority_form).unwrap();
    assert_eq!(r, "//example.com:443");
    assert_eq!(r.port(), Some("443"));
    assert_eq!(
        UriBuf::try_from(&authority_form).unwrap_err().kind(),
        InteropErrorKind::NotAbsolute
    );
    let absolute: http::Uri = "https://example.com/a?b".parse().unwrap();
    assert_eq!(
        UriBuf::try_from(&absolute).unwrap(),
        "https://example.com/a?b"
    );
    let back = http::Uri::try_from(&UriBuf::try_from(&absolute).unwrap()).unwrap();
    assert_eq!(back, absolute);
}

#[test]
fn errors_never_show_a_password() {
    // WHATWG percent-encodes `;` in a password.
    let err = url::Url::try_from(Uri::parse("http://user:se;cret@a/").unwrap()).unwrap_err();
    assert_eq!(err.component(), Some(Component::Userinfo));
    assert!(!err.to_string().contains("cret"), "{err}");
}

proptest! {
    /// Ours to http and back: either refused, or the same string and
    /// components.
    #[test]
    fn reference_to_http_and_back(g in generators::reference()) {
        let text = g.text();
        // Zone identifiers only parse with an option the conversions do not take.
        prop_assume!(UriReference::parse(&text).is_ok());
        let r = UriReference::parse(&text).unwrap();
        if let Ok(h) = http::Uri::try_from(r) {
            let back = UriReferenceBuf::try_from(&h).unwrap();
            if back.as_str() != text {
                // Scheme-based normalization: only the scheme's case and
                // an empty path written `/`.
                prop_assert!(back.as_str().eq_ignore_ascii_case(&text) || back.path() == "/", "{} -> {}", text, back.as_str());
            }
            prop_assert_eq!(http::Uri::try_from(back).unwrap(), h);
        }
    }

    /// Ours to url and back: either refused, or the same URI under
    /// scheme-based normalization, which then crosses unchanged both ways.
    #[test]
    fn uri_to_url_and_back(g in generators::uri()) {
        let text = g.text();
        prop_assume!(Uri::parse(&text).is_ok());
        let uri = Uri::parse(&text).unwrap();
        if let Ok(url) = url::Url::try_from(uri) {
            let back = UriBuf::try_from(&url).unwrap();
            if url.as_str() == text {
                prop_assert_eq!(back.as_str(), text.as_str());
            }
            let again = url::Url::try_from(&back).unwrap();
            prop_assert_eq!(again.as_str(), url.as_str());
            prop_assert_eq!(UriBuf::try_from(again).unwrap(), back);
        }
    }

    /// Any string http accepts: ours either refuses it or holds what http
    /// writes, and converting that back gives an equal `http::Uri`.
    #[test]
    fn http_to_ours_and_back(text in "[ -~]{0,40}|[a-z]{1,6}://[ -~]{0,30}") {
        if let Ok(h) = text.parse::<http::Uri>() {
            if let Ok(r) = UriReferenceBuf::try_from(&h) {
                let back = http::Uri::try_from(&r);
                // `http` writes `/` for an empty path, so what it wrote reads back the same.
                prop_assert!(back.is_ok(), "{:?} -> {:?}: {:?}", text, r.as_str(), back.err().map(|e| e.to_string()));
                prop_assert_eq!(back.unwrap(), h);
            }
        }
    }

    /// Any string url accepts: ours either refuses its serialization or
    /// holds it, and converting that back gives an equal `Url`.
    #[test]
    fn url_to_ours_and_back(text in "[ -~]{0,40}|[a-z]{1,6}://[ -~]{0,30}") {
        if let Ok(url) = url::Url::parse(&text) {
            if let Ok(uri) = UriBuf::try_from(&url) {
                let back = url::Url::try_from(&uri);
                prop_assert!(back.is_ok(), "{:?} -> {:?}: {:?}", text, uri.as_str(), back.err().map(|e| e.to_string()));
                prop_assert_eq!(back.unwrap(), url);
            }
        }
    }
}
