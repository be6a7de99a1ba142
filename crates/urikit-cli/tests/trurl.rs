//! curl's trurl test cases, translated to RFC 3986: `tests/data/trurl.json`
//! (every case of trurl's `tests.json`) run through the `urikit` binary.
//! Each case's standard output and exit status must be exactly those the
//! file gives; a case whose verdict is `pass` must give trurl's standard
//! output and succeed or fail as trurl does; a `difference` says which RFC
//! 3986 rule urikit follows instead; each case with no urikit equivalent
//! is listed with its reason. The counts in the file are checked.

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::{Command, Stdio};

use serde_json::Value;

/// The translated cases.
const DATA: &str = include_str!("data/trurl.json");

/// How many cases trurl's `tests.json` has, at the commit the file names.
const TRURL_CASES: usize = 203;

/// The text of `value`'s field `name`, or a panic naming the case.
fn text<'a>(value: &'a Value, name: &str) -> &'a str {
    value[name]
        .as_str()
        .unwrap_or_else(|| panic!("{name} missing in {value}"))
}

fn data() -> Value {
    serde_json::from_str(DATA).expect("trurl.json is JSON")
}

#[test]
fn translated_trurl_cases_give_their_recorded_output() {
    let data = data();
    let cases = data["cases"].as_array().expect("a list of cases");
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
fn verdicts_hold_and_differences_say_why() {
    let data = data();
    let cases = data["cases"].as_array().expect("a list of cases");
    let (mut pass, mut difference) = (0, 0);
    for case in cases {
        let name = text(case, "name");
        let trurl_ok = case["trurl_code"].as_i64() == Some(0);
        let ok = case["code"].as_i64() == Some(0);
        let same = case["trurl_stdout"].as_str() == Some(text(case, "stdout")) && ok == trurl_ok;
        match text(case, "verdict") {
            "pass" => {
                assert!(same, "{name}: a pass that differs from trurl");
                pass += 1;
            }
            "difference" => {
                assert!(!same, "{name}: a difference that is a pass");
                assert!(text(case, "note").len() > 40, "{name}: say why");
                difference += 1;
            }
            other => panic!("{name}: verdict {other}"),
        }
    }
    let skipped = data["not_applicable"].as_array().expect("a list");
    for case in skipped {
        assert!(case["trurl"].is_array(), "{case}");
        assert!(text(case, "reason").len() > 40, "{case}");
    }
    let counts = &data["counts"];
    assert_eq!(counts["pass"].as_u64(), Some(pass));
    assert_eq!(counts["difference"].as_u64(), Some(difference));
    assert_eq!(
        counts["not_applicable"].as_u64(),
        Some(skipped.len() as u64)
    );
    assert_eq!(cases.len() + skipped.len(), TRURL_CASES);
    assert_eq!(counts["total"].as_u64(), Some(TRURL_CASES as u64));
    // Names are unique, so a failure names one case.
    let mut names: Vec<&str> = cases
        .iter()
        .chain(skipped)
        .map(|c| text(c, "name"))
        .collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), TRURL_CASES);
}
