//! The `serde` feature: `NormalizedUri` reads a string with uri-core's
//! validation and normalizes it; what it writes reads back the same. The
//! inputs are the syntax-level records of the workspace's
//! `tests/vectors/normalize.json`.

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![cfg(feature = "serde")]

use serde::Deserialize;
use uri_core::{IriSpec, UriSpec};
use uri_resolve::NormalizedUri;

#[derive(Deserialize)]
struct Record {
    input: String,
    expected: String,
    level: Option<String>,
    #[serde(default)]
    iri: bool,
}

/// Reads `input` as a `NormalizedUri<S>`, checks its normal form, and that
/// what it writes reads back the same.
fn check<S: uri_core::Spec>(input: &str, expected: &str) {
    let json = serde_json::to_string(input).unwrap();
    let n: NormalizedUri<S> = serde_json::from_str(&json).unwrap();
    assert_eq!(n.as_str(), expected, "input {input}");
    assert_eq!(
        n,
        NormalizedUri::new(uri_core::Ri::<S>::parse(input).unwrap())
    );
    let written = serde_json::to_string(&n).unwrap();
    let again: NormalizedUri<S> = serde_json::from_str(&written).unwrap();
    assert_eq!(again.as_str(), n.as_str());
}

#[test]
fn vectors_round_trip_in_normal_form() {
    let records: Vec<Record> =
        serde_json::from_str(include_str!("../../../tests/vectors/normalize.json")).unwrap();
    let syntax: Vec<Record> = records
        .into_iter()
        .filter(|r| r.level.as_deref() == Some("syntax"))
        .collect();
    assert!(syntax.len() >= 3);
    for r in syntax {
        if r.iri {
            check::<IriSpec>(&r.input, &r.expected);
        } else {
            check::<UriSpec>(&r.input, &r.expected);
        }
    }
}

#[test]
fn rejects_what_uri_core_rejects() {
    let err = serde_json::from_str::<NormalizedUri>(r#""../a""#)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("invalid UriBuf: MissingScheme"), "{err}");
    let err = serde_json::from_str::<NormalizedUri>(r#""http://a/%zz""#)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("invalid UriBuf: InvalidPercentEncoding"),
        "{err}"
    );
    assert!(err.contains("at byte 9"), "{err}");
}

#[test]
fn the_iri_twin() {
    let n: NormalizedUri<IriSpec> = serde_json::from_str(r#""HTTP://Ex.org/./été""#).unwrap();
    assert_eq!(n.as_str(), "http://ex.org/été");
    assert!(serde_json::from_str::<NormalizedUri>(r#""http://ex.org/été""#).is_err());
}
