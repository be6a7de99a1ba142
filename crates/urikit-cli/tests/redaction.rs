//! No password reaches a screen or a log unless asked for (issue 33, RFC
//! 3986 §3.2.1): every subcommand, in every output mode (tables, JSON
//! lines, caret errors, `check` reports, usage errors), on arguments and
//! on standard input, over every record of the workspace's
//! `tests/vectors/passwords.json` (valid, invalid, wrapped, prefixed, IRIs,
//! relative references, bases, several URLs on a line).
//!
//! Only the computed results are exact (docs/security.md's table): the
//! human output of the subcommands that print a result per input, and the
//! JSON fields that hold it (`target` of `resolve`, `ref` of `relativize`,
//! `normalized`, `uri`, `iri`, `output`, `path`, `captures` of `template
//! match`). Everything else is
//! searched for each password: as written, percent-decoded, and escaped as
//! a caret or a table escapes it; and for every run of six of its
//! characters, so that a password hidden only in part fails too.

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Run, TempFile, urikit};
use serde_json::Value;

/// A record of `passwords.json` (the fields this test needs).
struct Record {
    name: String,
    input: String,
    secrets: Vec<String>,
    base: bool,
}

fn records() -> Vec<Record> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/vectors/passwords.json"
    );
    let text = std::fs::read_to_string(path).expect("the workspace's tests/vectors/passwords.json");
    let values: Vec<Value> = serde_json::from_str(&text).unwrap();
    let records: Vec<Record> = values
        .iter()
        .map(|v| Record {
            name: v["name"].as_str().unwrap().to_owned(),
            input: v["input"].as_str().unwrap().to_owned(),
            secrets: v["secrets"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_owned())
                .collect(),
            base: v["role"] == "base",
        })
        .collect();
    assert!(records.len() >= 60, "{} records", records.len());
    records
}

/// What must not be shown of `secret`: the forms it may take in output.
fn needles(secret: &str) -> Vec<String> {
    let mut forms = vec![secret.to_owned()];
    if let Ok(decoded) = urikit::encode::decode_utf8(secret) {
        forms.push(decoded.into_owned());
    }
    forms.push(
        secret
            .chars()
            .map(|c| match c {
                ' ' => "\\x20".to_owned(),
                '\t' => "\\t".to_owned(),
                c => c.to_string(),
            })
            .collect(),
    );
    let mut needles = Vec::new();
    for form in forms {
        let chars: Vec<char> = form.chars().collect();
        if chars.len() <= 6 {
            needles.push(form);
        } else {
            needles.extend(chars.windows(6).map(|w| w.iter().collect::<String>()));
        }
    }
    needles.sort();
    needles.dedup();
    needles
}

/// Every password of the file, with its record's name.
fn all_needles(records: &[Record]) -> Vec<(String, String)> {
    records
        .iter()
        .flat_map(|r| {
            r.secrets
                .iter()
                .flat_map(|s| needles(s).into_iter().map(|n| (r.name.clone(), n)))
        })
        .collect()
}

/// How a run's standard output is read.
#[derive(Clone, Copy)]
enum Stdout {
    /// Text for people: searched whole.
    Shown,
    /// A computed result per input: not searched.
    Result,
    /// JSON lines: every string value searched but the result fields.
    Json(&'static [&'static str]),
}

/// The text of `run` that must hold no password.
fn visible(run: &Run, stdout: Stdout) -> String {
    let mut text = run.stderr.clone();
    match stdout {
        Stdout::Shown => text.push_str(&run.stdout),
        Stdout::Result => {}
        Stdout::Json(exact) => {
            for line in run.stdout.lines() {
                let value: Value =
                    serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
                let Value::Object(fields) = value else {
                    panic!("not an object: {line}")
                };
                for (key, value) in fields {
                    if !exact.contains(&key.as_str()) {
                        strings(&value, &mut text);
                    }
                }
            }
        }
    }
    text
}

/// Appends every string in `value` to `out`, one per line.
fn strings(value: &Value, out: &mut String) {
    match value {
        Value::String(s) => {
            out.push_str(s);
            out.push('\n');
        }
        Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        Value::Object(fields) => fields.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

/// Fails with every password of `needles` that `text` shows.
#[track_caller]
fn assert_hidden(what: &str, text: &str, needles: &[(String, String)]) {
    let shown: Vec<String> = needles
        .iter()
        .filter(|(_, n)| text.contains(n.as_str()))
        .map(|(name, n)| format!("{name}: {n:?}"))
        .collect();
    assert!(
        shown.is_empty(),
        "{what} shows passwords:\n{}\n--- output ---\n{text}",
        shown.join("\n")
    );
}

/// The per-input subcommands, with how their standard output is read.
const SUBCOMMANDS: &[(&[&str], Stdout)] = &[
    (&["parse"], Stdout::Shown),
    (&["parse", "--json"], Stdout::Json(&[])),
    (&["parse", "--iri"], Stdout::Shown),
    (&["parse", "--iri", "--json"], Stdout::Json(&[])),
    (&["explain"], Stdout::Shown),
    (&["explain", "--ascii"], Stdout::Shown),
    (&["edit", "--set", "host=example.net"], Stdout::Result),
    (&["edit", "--get", "{host} {port}"], Stdout::Shown),
    (&["edit", "--json"], Stdout::Json(&["output"])),
    (
        &["edit", "--normalize", "--replace-append", "k=v", "--to-uri"],
        Stdout::Result,
    ),
    (
        &[
            "edit",
            "--guess-scheme",
            "--strict-get",
            "--get",
            "[host] {must:query}",
        ],
        Stdout::Shown,
    ),
    (
        &["edit", "--trim", "--query-separator", ";"],
        Stdout::Result,
    ),
    // An expansion is a computed result (as a resolved target is).
    (
        &["curie", "--prefixes", "tests/data/context.jsonld"],
        Stdout::Result,
    ),
    (
        &[
            "curie",
            "--compress",
            "--prefixes",
            "tests/data/context.jsonld",
        ],
        Stdout::Shown,
    ),
    (
        &[
            "curie",
            "--compress",
            "--json",
            "--prefixes",
            "tests/data/context.jsonld",
        ],
        Stdout::Json(&[]),
    ),
    (&["--uri-only", "parse"], Stdout::Shown),
    (
        &["resolve", "--base", "http://bücher.de/x/", "--to-uri"],
        Stdout::Result,
    ),
    (&["equivalent", "--json"], Stdout::Json(&[])),
    (&["encode", "--encode-set", "path"], Stdout::Result),
    (
        &["encode", "--encode-set", "path", "--json"],
        Stdout::Json(&["output"]),
    ),
    (&["decode", "--lossy"], Stdout::Result),
    (&["decode", "--json"], Stdout::Json(&["output"])),
    (&["decode", "--lossy", "--json"], Stdout::Json(&["output"])),
    (
        &["resolve", "--base", "http://b.example/x/"],
        Stdout::Result,
    ),
    (
        &["resolve", "--base", "http://b.example/x/", "--json"],
        Stdout::Json(&["target"]),
    ),
    (
        &["relativize", "--base", "https://example.com/a/"],
        Stdout::Result,
    ),
    (
        &["relativize", "--base", "https://example.com/a/", "--json"],
        Stdout::Json(&["ref"]),
    ),
    (&["normalize"], Stdout::Result),
    (
        &["normalize", "--scheme", "--json"],
        Stdout::Json(&["normalized"]),
    ),
    (&["to-uri"], Stdout::Result),
    (&["to-uri", "--idna", "--json"], Stdout::Json(&["uri"])),
    (&["to-iri", "--idna"], Stdout::Result),
    (&["to-iri", "--json"], Stdout::Json(&["iri"])),
    (&["scheme"], Stdout::Shown),
    (&["scheme", "--json"], Stdout::Json(&[])),
    // The captures are the data asked for (exact); the `uri` row and
    // field echo the input.
    (&["template", "match", "{+x}"], Stdout::Result),
    (
        &["template", "match", "--json", "{+x}"],
        Stdout::Json(&["captures"]),
    ),
    (&["lint"], Stdout::Shown),
    (&["lint", "--json"], Stdout::Json(&[])),
    (&["lint", "--sarif", "--deny", "note"], Stdout::Shown),
    (&["file-path", "--os", "posix"], Stdout::Result),
    (
        &["file-path", "--os", "windows", "--json"],
        Stdout::Json(&["path"]),
    ),
];

#[test]
fn every_subcommand_on_arguments_and_standard_input() {
    let records = records();
    let needles = all_needles(&records);
    let inputs: Vec<&str> = records.iter().map(|r| r.input.as_str()).collect();
    let stdin = inputs.join("\n") + "\n";
    for &(command, stdout) in SUBCOMMANDS {
        let mut args = command.to_vec();
        args.extend(&inputs);
        let run = urikit(&args, b"");
        assert_hidden(
            &format!("`urikit {}` on arguments", command.join(" ")),
            &visible(&run, stdout),
            &needles,
        );
        let run = urikit(command, stdin.as_bytes());
        assert_hidden(
            &format!("`urikit {}` on standard input", command.join(" ")),
            &visible(&run, stdout),
            &needles,
        );
    }
}

#[test]
fn check_reports_and_summaries() {
    let records = records();
    let needles = all_needles(&records);
    let lines: Vec<&str> = records.iter().map(|r| r.input.as_str()).collect();
    let content = lines.join("\n") + "\n";
    let file = TempFile::new(content.as_bytes());
    for (args, stdout) in [
        (vec!["check", file.path()], Stdout::Shown),
        (vec!["check", "--json", file.path()], Stdout::Json(&[])),
        (
            vec!["check", "--color", "always", file.path()],
            Stdout::Shown,
        ),
    ] {
        let run = urikit(&args, b"");
        assert_eq!(run.code, 1, "{}", run.stdout);
        assert_hidden(&args.join(" "), &visible(&run, stdout), &needles);
    }
    let run = urikit(&["check", "--json"], content.as_bytes());
    assert_hidden(
        "check --json on standard input",
        &visible(&run, Stdout::Json(&[])),
        &needles,
    );
}

#[test]
fn every_record_as_a_base() {
    let records = records();
    let needles = all_needles(&records);
    for r in &records {
        let exact: [(&str, &'static [&'static str]); 2] =
            [("resolve", &["target"]), ("relativize", &["ref"])];
        for (command, exact) in exact {
            let target = "https://example.com/a/b";
            let run = urikit(&[command, "--base", &r.input, target], b"");
            assert_hidden(
                &format!("{command} --base {}", r.name),
                &visible(&run, Stdout::Result),
                &needles,
            );
            let run = urikit(&[command, "--json", "--base", &r.input, target], b"");
            let json = if run.code == 2 {
                Stdout::Shown
            } else {
                Stdout::Json(exact)
            };
            assert_hidden(
                &format!("{command} --json --base {}", r.name),
                &visible(&run, json),
                &needles,
            );
            // IRI bases are issue 37's; a URI base must resolve.
            if r.base && r.input.is_ascii() && command == "resolve" {
                assert_eq!(run.code, 0, "{}: {}", r.name, run.stderr);
            }
        }
    }
}

#[test]
fn equivalent_pairs_and_lines() {
    let records = records();
    let needles = all_needles(&records);
    let clean = "https://example.com/";
    let mut lines = String::new();
    for r in &records {
        for (a, b) in [(r.input.as_str(), clean), (clean, r.input.as_str())] {
            for json in [false, true] {
                let mut args = vec!["equivalent"];
                if json {
                    args.push("--json");
                }
                args.extend([a, b]);
                let run = urikit(&args, b"");
                let stdout = if json {
                    Stdout::Json(&[])
                } else {
                    Stdout::Shown
                };
                assert_hidden(
                    &format!("equivalent {}", r.name),
                    &visible(&run, stdout),
                    &needles,
                );
            }
        }
        lines.push_str(&format!(
            "{}\t{clean}\n{clean}\t{}\n{}\n",
            r.input, r.input, r.input
        ));
    }
    for (args, stdout) in [
        (vec!["equivalent"], Stdout::Shown),
        (vec!["equivalent", "--json"], Stdout::Json(&[])),
    ] {
        let run = urikit(&args, lines.as_bytes());
        assert_hidden(
            "equivalent on standard input",
            &visible(&run, stdout),
            &needles,
        );
    }
}

#[test]
fn usage_errors_that_repeat_an_argument() {
    let records = records();
    let needles = all_needles(&records);
    for r in &records {
        for args in [
            vec!["equivalent", "https://a/", "https://b/", &r.input],
            vec!["to-uri", &format!("--idna={}", r.input)],
            vec!["parse", "--json", "--bogus", &r.input],
        ] {
            let run = urikit(&args, b"");
            assert_eq!(run.code, 2, "{args:?}");
            assert_hidden(
                &format!("usage error {}", r.name),
                &visible(&run, Stdout::Shown),
                &needles,
            );
        }
    }
}

#[test]
fn over_long_lines_show_their_start_hidden() {
    let mut line = b"https://user:LongLine99-".to_vec();
    line.resize(4096, b'x');
    line.extend_from_slice(b"@example.com/\nhttps://example.com/\n");
    let needles = vec![("long".to_owned(), "LongLine99".to_owned())];
    for args in [
        vec!["check", "--max-line-bytes", "1024"],
        vec!["check", "--json", "--max-line-bytes", "1024"],
        vec!["parse", "--json", "--max-line-bytes", "1024"],
        vec!["normalize", "--max-line-bytes", "1024"],
        vec!["encode", "--encode-set", "path", "--max-line-bytes", "1024"],
    ] {
        let run = urikit(&args, &line);
        assert_eq!(run.code, 1, "{args:?}: {}", run.stderr);
        let all = format!("{}{}", run.stdout, run.stderr);
        assert!(
            all.contains("LineTooLong") || all.contains("--max-line-bytes"),
            "{args:?}: {all}"
        );
        assert_hidden(&args.join(" "), &all, &needles);
    }
    // The next line is read.
    let run = urikit(&["parse", "--json", "--max-line-bytes", "1024"], &line);
    assert!(
        run.stdout
            .lines()
            .nth(1)
            .is_some_and(|l| l.contains("\"valid\":true")),
        "{}",
        run.stdout
    );
}

/// The test can fail: with `--show-password` the same runs show the
/// passwords of the valid records.
#[test]
fn shown_when_asked_for() {
    let records = records();
    let valid: Vec<&Record> = records.iter().filter(|r| r.base).collect();
    assert!(valid.len() >= 10);
    for r in valid {
        let needles = all_needles(std::slice::from_ref(r));
        for args in [
            vec!["parse", "--iri", "--json", "--show-password", &r.input],
            vec!["explain", "--show-password", &r.input],
        ] {
            let run = urikit(&args, b"");
            let text = visible(&run, Stdout::Shown);
            assert!(
                needles.iter().any(|(_, n)| text.contains(n.as_str())),
                "{args:?} hides the password: {text}"
            );
        }
    }
}
