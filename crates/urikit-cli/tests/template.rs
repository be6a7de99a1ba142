//! `urikit template expand` and `urikit template match` end to end: the
//! RFC 6570 examples through the command, JSON lines, exit statuses, and
//! an invalid template as a usage error with its caret. The library's
//! conformance (the whole uritemplate-test suite) is in the workspace's
//! tests.

mod common;

use common::urikit;
use serde_json::Value;

/// RFC 6570 §1.2's variables.
const VARS: &str = r#"{"var":"value","hello":"Hello World!","path":"/foo/bar","list":["red","green","blue"],"keys":{"semi":";","dot":".","comma":","}}"#;

#[test]
fn expands_the_rfc_examples() {
    for (template, expected) in [
        ("{var}", "value"),
        ("{hello}", "Hello%20World%21"),
        ("{+path}/here", "/foo/bar/here"),
        ("X{.list}", "X.red,green,blue"),
        ("{/list*}", "/red/green/blue"),
        ("{?keys*}", "?semi=%3B&dot=.&comma=%2C"),
        ("{;list}", ";list=red,green,blue"),
    ] {
        let run = urikit(&["template", "expand", template, "--vars", VARS], b"");
        assert_eq!(run.code, 0, "{template}: {}", run.stderr);
        assert_eq!(run.stdout, format!("{expected}\n"), "{template}");
    }
    let run = urikit(
        &["template", "expand", "--json", "{var}", "--vars", VARS],
        b"",
    );
    assert_eq!(
        run.stdout,
        "{\"template\":\"{var}\",\"expanded\":\"value\"}\n"
    );
}

#[test]
fn matches_back_what_it_expands() {
    let template = "/users/{id}/files{/path*}{?page,size}";
    let run = urikit(
        &[
            "template",
            "match",
            "--json",
            template,
            "/users/42/files/a/b%20c?page=2",
            "/other",
        ],
        b"",
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["matched"], true);
    assert_eq!(lines[0]["captures"]["id"], "42");
    assert_eq!(
        lines[0]["captures"]["path"],
        serde_json::json!(["a", "b c"])
    );
    assert_eq!(lines[0]["captures"]["page"], "2");
    assert_eq!(lines[1]["matched"], false);
    assert_eq!(lines[1]["ambiguous"], false);
    assert_eq!(lines[1]["captures"], Value::Null);
    // Standard input, and an ambiguous match.
    let run = urikit(&["template", "match", "--json", "{x,y}"], b"a\n");
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("\"ambiguous\":true"), "{}", run.stdout);
    // The table, and the caret of a URI that does not match.
    let run = urikit(&["template", "match", "/a/{x}", "/a/b", "/a/b/c"], b"");
    assert!(
        run.stdout
            .starts_with("uri       /a/b\nmatched   yes\nx         \"b\"\n"),
        "{}",
        run.stdout
    );
    assert!(run.stderr.contains("  /a/b/c\n      ^"), "{}", run.stderr);
}

#[test]
fn invalid_templates_and_variables_are_usage_errors() {
    let run = urikit(&["template", "match", "/users/{id", "/users/1"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
    assert!(run.stderr.contains("  /users/{id\n"), "{}", run.stderr);
    let run = urikit(&["template", "expand", "{x}", "--vars", "[1]"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--vars must be a JSON object"),
        "{}",
        run.stderr
    );
    let run = urikit(
        &["template", "expand", "{x}", "--vars", r#"{"x":[[1]]}"#],
        b"",
    );
    assert_eq!(run.code, 2);
}
