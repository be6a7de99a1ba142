//! curl's trurl test cases, translated to RFC 3986: `tests/data/trurl.json`
//! (from trurl's `tests.json`) run through the `urikit` binary. Each case's
//! standard output and exit status must be exactly those the file gives;
//! each case trurl has that does not apply under RFC 3986 is listed with
//! its reason.

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::{Command, Stdio};

use serde_json::Value;

/// The translated cases.
const DATA: &str = include_str!("data/trurl.json");

/// The text of `value`'s field `name`, or a panic naming the case.
fn text<'a>(value: &'a Value, name: &str) -> &'a str {
    value[name]
        .as_str()
        .unwrap_or_else(|| panic!("{name} missing in {value}"))
}

#[test]
fn translated_trurl_cases_pass() {
    let data: Value = serde_json::from_str(DATA).expect("trurl.json is JSON");
    let cases = data["cases"].as_array().expect("a list of cases");
    assert!(cases.len() >= 70, "{} cases", cases.len());
    let mut failures = Vec::new();
    for case in cases {
        let name = text(case, "name");
        let args: Vec<&str> = case["args"]
            .as_array()
            .expect("args")
            .iter()
            .map(|a| a.as_str().expect("an argument is text"))
            .collect();
        let output = Command::new(env!("CARGO_BIN_EXE_urikit"))
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .expect("the urikit binary runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let code = i64::from(output.status.code().expect("exited"));
        let expected_code = case["code"].as_i64().expect("code");
        if stdout != text(case, "stdout") || code != expected_code {
            failures.push(format!(
                "{name}: urikit {args:?} gave {stdout:?} (status {code}), expected {:?} (status {expected_code}); stderr: {}",
                text(case, "stdout"),
                String::from_utf8_lossy(&output.stderr)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn cases_that_do_not_apply_say_why() {
    let data: Value = serde_json::from_str(DATA).expect("trurl.json is JSON");
    let skipped = data["not_applicable"].as_array().expect("a list");
    assert!(!skipped.is_empty());
    for case in skipped {
        assert!(case["trurl"].is_array(), "{case}");
        assert!(text(case, "reason").len() > 20, "{case}");
    }
    // Names are unique, so a failure names one case.
    let cases = data["cases"].as_array().expect("a list of cases");
    let mut names: Vec<&str> = cases.iter().map(|c| text(c, "name")).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), cases.len());
}
