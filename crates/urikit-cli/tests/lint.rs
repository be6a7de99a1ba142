//! `urikit lint` end to end: the readings of RFC 3986 and WHATWG side by
//! side for people, JSON lines and SARIF; `--deny` choosing the exit
//! status, `--allow` silencing a kind; arguments, files and standard input.
//! The findings themselves are the library's, checked over
//! `tests/vectors/lint.json` by the workspace's conformance tests.

mod common;

use common::{TempFile, urikit};
use serde_json::Value;

#[test]
fn divergences_for_people() {
    let run = urikit(&["lint", "http://127.1/", "https://example.com/"], b"");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("<arguments>:1:8: error[NumericIpv4]: "),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("WHATWG: host `127.0.0.1`"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("\n  http://127.1/\n         ^\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .ends_with("2 inputs, 1 finding: 1 error, 0 warnings, 0 notes\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn deny_and_allow_choose_the_exit_status() {
    let clean = urikit(&["lint", "https://example.com/"], b"");
    assert_eq!(clean.code, 0, "{}", clean.stdout);
    // A password is a warning: it fails only with `--deny warning`.
    let input = "https://u:pw@example.com/";
    assert_eq!(urikit(&["lint", input], b"").code, 0);
    let run = urikit(&["lint", "--deny", "warning", input], b"");
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(!run.stdout.contains(":pw@"), "{}", run.stdout);
    let run = urikit(
        &[
            "lint",
            "--deny",
            "warning",
            "--allow",
            "Password",
            "--allow",
            "UserinfoInHttp",
            input,
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stdout);
    let run = urikit(&["lint", "--deny", "fatal", input], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("is not `note`, `warning` or `error`"),
        "{}",
        run.stderr
    );
}

#[test]
fn json_lines_and_sarif_agree() {
    let inputs =
        "http://internal\\@public/\nhttp:/h\nhttps://u:s3cret@0x7f.1/\nhttps://example.com/\n";
    let run = urikit(&["lint", "--json"], inputs.as_bytes());
    assert_eq!(run.code, 1);
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines.len() >= 4, "{}", run.stdout);
    for line in &lines {
        for field in [
            "input", "line", "kind", "severity", "index", "message", "readings",
        ] {
            assert!(line.get(field).is_some(), "no {field}: {line}");
        }
        let index = line["index"].as_u64().unwrap() as usize;
        assert!(index <= line["input"].as_str().unwrap().len() + 3);
    }
    assert!(
        lines
            .iter()
            .any(|l| l["kind"] == "Backslash" && l["line"] == 1)
    );
    assert!(
        lines
            .iter()
            .any(|l| l["kind"] == "SlashCount" && l["line"] == 2)
    );
    assert!(!run.stdout.contains("s3cret"));
    assert!(
        lines.iter().all(|l| l["line"] != 4),
        "a clean URL has no finding"
    );

    let file = TempFile::new(inputs.as_bytes());
    let run = urikit(&["lint", "--sarif", "--file", file.path()], b"");
    assert_eq!(run.code, 1);
    assert!(!run.stdout.contains("s3cret"));
    let log: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), lines.len());
    for r in results {
        let location = &r["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uri"], file.path());
        assert!(location["region"]["startLine"].as_u64().unwrap() >= 1);
        let rule = r["ruleId"].as_str().unwrap();
        assert!(
            log["runs"][0]["tool"]["driver"]["rules"]
                .as_array()
                .unwrap()
                .iter()
                .any(|d| d["id"] == rule),
            "{rule} is not a rule of the log"
        );
    }
}

#[test]
fn unreadable_lines_are_errors() {
    let mut data = b"http://a/\n\xff\n".to_vec();
    data.extend(std::iter::repeat_n(b'a', 2000));
    data.push(b'\n');
    let run = urikit(&["lint", "--max-line-bytes", "1000"], &data);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.contains("<stdin>:2:1: error: invalid UTF-8"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("<stdin>:3:"), "{}", run.stdout);
    assert!(
        run.stdout
            .ends_with("3 inputs, 2 findings: 2 errors, 0 warnings, 0 notes\n"),
        "{}",
        run.stdout
    );
}
