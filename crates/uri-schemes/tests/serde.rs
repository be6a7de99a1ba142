//! The `serde` feature: a check's violations and an http origin written
//! as JSON carry the same values as their getters, for every `parse`
//! record of the workspace's `tests/vectors/schemes.json` and a few http
//! URIs.

#![cfg(feature = "serde")]

use serde_json::{Value, json};
use uri_schemes::{Fields, Registry, Severity};

#[test]
fn violations_and_origins_of_the_vectors() {
    let records: Vec<Value> =
        serde_json::from_str(include_str!("../../../tests/vectors/schemes.json")).unwrap();
    let registry = Registry::standard();
    let (mut violations, mut origins) = (0, 0);
    let vectors = records
        .iter()
        .filter(|r| r["type"] == "parse")
        .map(|r| r["input"].as_str().unwrap());
    let http = [
        "http://user:pw@Example.COM:8080/a",
        "https://[::1]/",
        "ws://h:99999/",
        "wss://x/",
        "http:///p",
    ];
    for input in vectors.chain(http) {
        let Ok(uri) = uri_core::Uri::parse(input) else {
            continue;
        };
        let report = registry.check(uri);
        for v in report.violations() {
            let written = serde_json::to_value(v).unwrap();
            let wanted = json!({
                "severity": v.severity().as_str(), "kind": v.kind(), "index": v.index(),
                "section": v.section(), "message": v.message(),
            });
            assert_eq!(written, wanted, "{}", uri);
            violations += 1;
        }
        if let Some(o) = match report.fields() {
            Fields::Http(http) => http.origin(),
            _ => None,
        } {
            let written = serde_json::to_value(o).unwrap();
            assert_eq!(
                written,
                json!({"scheme": o.scheme(), "host": o.host(), "port": o.port()})
            );
            origins += 1;
        }
    }
    assert!(
        violations > 3 && origins > 3,
        "{violations} violations, {origins} origins"
    );
}

#[test]
fn severity_both_ways() {
    for s in [Severity::Warning, Severity::Error] {
        let written = serde_json::to_string(&s).unwrap();
        assert_eq!(written, format!("\"{}\"", s.as_str()));
        assert_eq!(serde_json::from_str::<Severity>(&written).unwrap(), s);
    }
    let err = serde_json::from_str::<Severity>(r#""fatal""#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("\"warning\" or \"error\""), "{err}");
}
