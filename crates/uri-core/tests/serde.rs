//! The `serde` feature: every reference type round-trips through
//! `serde_json` as its string, and rejects what does not parse with the
//! error's kind and index. The records are `tests/vectors/serde.json`.

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![cfg(feature = "serde")]

use proptest::prelude::*;
use serde::Deserialize;
use serde_json::Value;
use uri_core::{
    Iri, IriBuf, IriReference, IriReferenceBuf, ParseErrorKind, RelativeIri, RelativeIriBuf,
    RelativeRef, RelativeRefBuf, Uri, UriBuf, UriReference, UriReferenceBuf,
};

/// The six rules, by the name of their borrowed type.
const TYPES: [&str; 6] = [
    "UriReference",
    "Uri",
    "RelativeRef",
    "IriReference",
    "Iri",
    "RelativeIri",
];

/// Deserializes `json` as `T`, serializes it back, and checks that the
/// string is unchanged; the error message otherwise.
fn round_trip<'de, T>(json: &'de str) -> Result<(), String>
where
    T: Deserialize<'de> + serde::Serialize + AsRef<str>,
{
    let value: T = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let back = serde_json::to_string(&value).unwrap();
    assert_eq!(back, json, "serialized back");
    let text: String = serde_json::from_str(json).unwrap();
    assert_eq!(value.as_ref(), text);
    Ok(())
}

/// The borrowed type named `ty`, then its owned twin, read from `json`.
fn both(ty: &str, json: &str) -> [Result<(), String>; 2] {
    match ty {
        "UriReference" => [
            round_trip::<UriReference<'_>>(json),
            round_trip::<UriReferenceBuf>(json),
        ],
        "Uri" => [round_trip::<Uri<'_>>(json), round_trip::<UriBuf>(json)],
        "RelativeRef" => [
            round_trip::<RelativeRef<'_>>(json),
            round_trip::<RelativeRefBuf>(json),
        ],
        "IriReference" => [
            round_trip::<IriReference<'_>>(json),
            round_trip::<IriReferenceBuf>(json),
        ],
        "Iri" => [round_trip::<Iri<'_>>(json), round_trip::<IriBuf>(json)],
        "RelativeIri" => [
            round_trip::<RelativeIri<'_>>(json),
            round_trip::<RelativeIriBuf>(json),
        ],
        _ => panic!("unknown type {ty}"),
    }
}

#[derive(Deserialize)]
struct Record {
    name: String,
    input: String,
    valid_as: Vec<String>,
    invalid_as: std::collections::BTreeMap<String, Expected>,
}

#[derive(Deserialize)]
struct Expected {
    kind: String,
    index: usize,
}

fn records() -> Vec<Record> {
    serde_json::from_str(include_str!("vectors/serde.json")).unwrap()
}

#[test]
fn vectors() {
    for record in records() {
        let json = serde_json::to_string(&record.input).unwrap();
        for ty in TYPES {
            let [borrowed, owned] = both(ty, &json);
            if record.valid_as.iter().any(|t| t == ty) {
                assert_eq!(borrowed, Ok(()), "{}: {ty}", record.name);
                assert_eq!(owned, Ok(()), "{}: {ty}Buf", record.name);
            } else {
                assert!(borrowed.is_err(), "{}: {ty} accepted", record.name);
                assert!(owned.is_err(), "{}: {ty}Buf accepted", record.name);
            }
        }
        for (ty, expected) in &record.invalid_as {
            let kind = ParseErrorKind::ALL
                .iter()
                .find(|k| k.name() == expected.kind)
                .unwrap();
            let base = ty.strip_suffix("Buf").unwrap_or(ty);
            let [borrowed, owned] = both(base, &json);
            for (name, result) in [(base.to_string(), borrowed), (format!("{base}Buf"), owned)] {
                let message = result.expect_err(&record.name);
                let wanted = format!(
                    "invalid {name}: {} ({kind}) at byte {}",
                    expected.kind, expected.index
                );
                assert!(
                    message.starts_with(&wanted),
                    "{}: {message:?} should start with {wanted:?}",
                    record.name
                );
            }
        }
    }
}

#[test]
fn borrowed_field_borrows_from_the_input() {
    #[derive(Deserialize)]
    struct Link<'a> {
        #[serde(borrow)]
        href: Uri<'a>,
        #[serde(borrow)]
        base: Option<IriReference<'a>>,
    }
    let json = r#"{"href": "https://example.com/a?b", "base": "../é"}"#;
    let link: Link<'_> = serde_json::from_str(json).unwrap();
    assert_eq!(link.href.query(), Some("b"));
    let start = json.as_ptr() as usize;
    let href = link.href.as_str().as_ptr() as usize;
    assert!(
        (start..start + json.len()).contains(&href),
        "href points into the JSON text"
    );
    assert_eq!(link.base.unwrap().path(), "../é");
}

#[test]
fn borrowed_types_say_when_the_string_cannot_be_lent() {
    // `\/` is an escape: serde_json must unescape into a buffer of its own.
    let json = r#""http:\/\/a\/b""#;
    let err = serde_json::from_str::<Uri<'_>>(json)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("Uri borrows its string from the input"),
        "{err}"
    );
    assert!(err.contains("deserialize UriBuf instead"), "{err}");
    let err = serde_json::from_str::<RelativeIri<'_>>(json)
        .unwrap_err()
        .to_string();
    assert!(err.contains("deserialize RelativeIriBuf instead"), "{err}");
    let owned: UriBuf = serde_json::from_str(json).unwrap();
    assert_eq!(owned.as_str(), "http://a/b");
    // Nor from a `Value`, which owns its strings.
    let err = UriReference::deserialize(Value::String("a".into())).unwrap_err();
    assert!(err.to_string().contains("cannot lend"), "{err}");
}

#[test]
fn non_strings_are_refused() {
    for json in ["1", "null", "[]", "{}"] {
        assert!(serde_json::from_str::<UriBuf>(json).is_err(), "{json}");
        assert!(serde_json::from_str::<Uri<'_>>(json).is_err(), "{json}");
    }
}

#[test]
fn a_password_stays_out_of_the_error() {
    let json = r#""https://user:secret@exa mple.com/""#;
    let err = serde_json::from_str::<UriBuf>(json)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("invalid UriBuf: InvalidHostChar"), "{err}");
    assert!(!err.contains("secret"), "{err}");
}

proptest! {
    /// Any string: deserializing agrees with parsing, and never panics.
    #[test]
    fn agrees_with_parse(text in "\\PC{0,40}|[a-z]{1,5}:[/a-z:@%0-9A-F?#\\[\\]]{0,30}") {
        let json = serde_json::to_string(&text).unwrap();
        let parsed = UriReferenceBuf::parse(text.as_str());
        let read = serde_json::from_str::<UriReferenceBuf>(&json);
        match (parsed, read) {
            (Ok(p), Ok(r)) => prop_assert_eq!(p.as_str(), r.as_str()),
            (Err(p), Err(r)) => {
                let at = format!("at byte {}", p.index());
                prop_assert!(r.to_string().contains(&at));
            }
            (p, r) => prop_assert!(false, "parse {:?} but serde {:?}", p.is_ok(), r.is_ok()),
        }
        let iri = IriReferenceBuf::parse(text.as_str()).is_ok();
        prop_assert_eq!(serde_json::from_str::<IriReferenceBuf>(&json).is_ok(), iri);
    }
}
