//! pkg (Package URL): every case of the purl-spec test suite
//! (`tests/vectors/purl/`, MIT licence), parse, build and validate, required
//! and recommended. A case that fails is listed in
//! `tests/expected_failures.txt` with a reason; a listed case that passes
//! fails this test, so the list only holds real, current gaps.

// Test code: its helpers may unwrap and panic too.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::unreachable
)]

use std::path::Path;

use serde_json::Value;
use uri_schemes::Purl;

use crate::vector_check;

/// The component `key` of an object, `None` for null or absent.
fn text<'a>(object: &'a Value, key: &str) -> Option<&'a str> {
    object.get(key).and_then(Value::as_str)
}

/// Runs one case; `Err` says what differs.
fn run(case: &Value) -> Result<(), String> {
    let failure = case["expected_failure"].as_bool().unwrap_or(false);
    let expected = &case["expected_output"];
    let got: Result<Purl, String> = match case["test_type"].as_str() {
        Some("parse" | "validate") => {
            let input = case["input"].as_str().ok_or("input is a string")?;
            let parsed = Purl::parse_str(input).map_err(|v| v.to_string());
            // Through the registry too, when the text is an RFC 3986 URI.
            if let Ok(uri) = uri_core::Uri::parse(input) {
                if Purl::parse(uri).ok() != parsed.clone().ok() {
                    return Err(format!(
                        "Purl::parse and Purl::parse_str disagree on {input}"
                    ));
                }
            }
            parsed
        }
        Some("build") => {
            let input = &case["input"];
            let qualifiers: Vec<(String, String)> = match input.get("qualifiers") {
                Some(Value::Object(map)) => (map.iter())
                    .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_owned()))
                    .collect(),
                _ => Vec::new(),
            };
            let pairs: Vec<(&str, &str)> = qualifiers
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            Purl::from_parts(
                text(input, "type").unwrap_or_default(),
                text(input, "namespace"),
                text(input, "name").unwrap_or_default(),
                text(input, "version"),
                &pairs,
                text(input, "subpath"),
            )
            .map_err(|v| v.to_string())
        }
        other => return Err(format!("unknown test_type {other:?}")),
    };
    let purl = match (got, failure) {
        (Err(_), true) => return Ok(()),
        (Ok(purl), true) => return Err(format!("expected a failure, got {purl}")),
        (Err(e), false) => return Err(format!("failed: {e}")),
        (Ok(purl), false) => purl,
    };
    if case["test_type"] == "parse" {
        let qualifiers: Value = if purl.qualifiers().is_empty() {
            Value::Null
        } else {
            Value::Object(
                purl.qualifiers()
                    .iter()
                    .map(|(k, v)| (k.clone(), Value::String(v.clone())))
                    .collect(),
            )
        };
        let got = serde_json::json!({
            "type": purl.package_type(),
            "namespace": purl.namespace(),
            "name": purl.name(),
            "version": purl.version(),
            "qualifiers": qualifiers,
            "subpath": purl.subpath(),
        });
        return if &got == expected {
            Ok(())
        } else {
            Err(format!("got {got}"))
        };
    }
    let got = purl.to_string();
    if Some(got.as_str()) == expected.as_str() {
        Ok(())
    } else {
        Err(format!("got {got}, expected {expected}"))
    }
}

#[test]
fn purl_test_suite() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/purl");
    let mut files: Vec<String> = vec!["spec/specification-test.json".to_owned()];
    let mut types: Vec<String> = std::fs::read_dir(root.join("types"))
        .expect("tests/vectors/purl/types")
        .map(|e| {
            format!(
                "types/{}",
                e.expect("an entry").file_name().to_string_lossy()
            )
        })
        .collect();
    types.sort();
    files.extend(types);
    let suite: Vec<(String, Value)> = (files.iter())
        .flat_map(|file| {
            let text = std::fs::read_to_string(root.join(file)).expect("a test file");
            let json: Value = serde_json::from_str(&text).expect("JSON");
            let cases = json["tests"].as_array().expect("tests").clone();
            (cases.into_iter().enumerate()).map(move |(i, case)| (format!("purl/{file}#{i}"), case))
        })
        .collect();
    let cases = suite.len();
    let ids = suite.iter().map(|(id, case)| (id.clone(), case));
    assert_eq!(cases, 586, "the suite's size");
    let passed = vector_check::run_listed("purl/", ids, run);
    eprintln!(
        "purl: {passed} of {cases} cases pass, {} listed",
        cases - passed
    );
}
