//! Every subcommand on IRI input (issue 37): the vectors of
//! `tests/data/iri.json` (the Cyrillic `https://ru.wikipedia.org/wiki/Википедия`,
//! `bücher.de`, a right-to-left Hebrew path, CURIEs of a JSON-LD context)
//! run through the binary; each gives exactly its standard output and exit
//! status. An IRI in is an IRI out, unless `--to-uri`; `--uri-only` refuses.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

/// The vectors.
const DATA: &str = include_str!("data/iri.json");

#[test]
fn every_subcommand_on_iris() {
    let cases: Value = serde_json::from_str(DATA).expect("iri.json is JSON");
    let cases = cases.as_array().expect("a list");
    let mut seen: Vec<String> = Vec::new();
    let mut failures = Vec::new();
    for case in cases {
        let name = case["name"].as_str().expect("name");
        let args: Vec<&str> = case["args"]
            .as_array()
            .expect("args")
            .iter()
            .map(|a| a.as_str().expect("text"))
            .collect();
        let subcommand = args
            .iter()
            .find(|a| !a.starts_with('-'))
            .expect("a subcommand");
        seen.push((*subcommand).to_owned());
        let mut child = Command::new(env!("CARGO_BIN_EXE_urikit"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the urikit binary runs");
        let stdin = case["stdin"].as_str().unwrap_or("").to_owned();
        let mut pipe = child.stdin.take().expect("stdin");
        std::thread::spawn(move || {
            let _ = pipe.write_all(stdin.as_bytes());
        });
        let output = child.wait_with_output().expect("it ends");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let code = i64::from(output.status.code().expect("exited"));
        if stdout != case["stdout"].as_str().expect("stdout") || Some(code) != case["code"].as_i64()
        {
            failures.push(format!(
                "{name}: urikit {args:?} gave {stdout:?} (status {code}); stderr {}",
                String::from_utf8_lossy(&output.stderr)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every subcommand that takes a reference has a vector.
    for subcommand in [
        "parse",
        "explain",
        "check",
        "edit",
        "resolve",
        "relativize",
        "normalize",
        "equivalent",
        "to-uri",
        "to-iri",
        "scheme",
        "file-path",
        "lint",
        "curie",
    ] {
        assert!(
            seen.iter().any(|s| s == subcommand),
            "no IRI vector for {subcommand}"
        );
    }
}
