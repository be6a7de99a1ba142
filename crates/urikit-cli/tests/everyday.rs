//! End-to-end tests of issue 18's everyday features: `edit`, passwords
//! hidden in human views, results on standard output and diagnostics on
//! standard error with one output line per input, `check` over several
//! files with `--json` and `--quiet`, the shared flags (`--allow-zone-id`,
//! `--color`, `--ascii`), `explain` cutting long components, `relativize`
//! answering the target itself, the hidden `generate`, and (through
//! `script`, which gives the command a terminal) the hint when inputs come
//! from a terminal and `check`'s time-based progress bar.

use std::process::{Command, Stdio};

mod common;
use common::{TempFile, urikit, urikit_env};

// Streams: one output line per input, an empty one for an invalid input,
// diagnostics on standard error.

#[test]
fn every_line_per_input_subcommand_keeps_outputs_aligned() {
    let cases: [(&[&str], &[u8], &str); 10] = [
        (&["normalize"], b"HTTP://A/\na b\n/x\n", "http://a/\n\n/x\n"),
        (&["decode"], b"a%20\n%zz\nb\n", "a \n\nb\n"),
        (
            &["resolve", "--base", "http://a/b"],
            b"c\na b\nd\n",
            "http://a/c\n\nhttp://a/d\n",
        ),
        (
            &["relativize", "--base", "http://a/b"],
            b"http://a/c\nc\nhttp://a/d\n",
            "c\n\nd\n",
        ),
        (&["to-uri"], "/ü\na b\n/x\n".as_bytes(), "/%C3%BC\n\n/x\n"),
        (&["to-iri"], b"/%C3%BC\na b\n/x\n", "/ü\n\n/x\n"),
        (
            &["file-path", "--os", "posix"],
            b"file:///a\nx\nfile:///b\n",
            "/a\n\n/b\n",
        ),
        (
            &["file-uri", "--os", "posix"],
            b"/a\nrel\n/b\n",
            "file:///a\n\nfile:///b\n",
        ),
        (
            &["equivalent"],
            b"a\ta\nnotab\nb\tc\n",
            "true (string)\n\nfalse\n",
        ),
        (
            &["edit", "--set", "fragment=f"],
            b"a\na b\nc\n",
            "a#f\n\nc#f\n",
        ),
    ];
    for (args, stdin, stdout) in cases {
        let run = urikit(args, stdin);
        assert_eq!(run.stdout, stdout, "{args:?}");
        assert_eq!(run.code, 1, "{args:?}");
        // The one diagnostic, a caret error, is on standard error.
        assert!(
            run.stderr.starts_with("error: "),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(
            run.stderr.matches("error: ").count(),
            1,
            "{args:?}: {}",
            run.stderr
        );
    }
}

#[test]
fn json_lines_stay_on_standard_output() {
    let run = urikit(&["normalize", "--json", "a b", "x"], b"");
    assert_eq!(run.stdout.lines().count(), 2);
    assert_eq!(run.stderr, "");
}

// Passwords.

#[test]
fn passwords_are_hidden_in_human_views() {
    let input = "ftp://me:secret@h/f";
    for args in [
        &["parse", input][..],
        &["explain", input],
        &["scheme", input],
        &["check"],
        &["parse", "ftp://me:secret@h b/"],
    ] {
        let stdin: &[u8] = if args == ["check"] {
            b"ftp://me:secret@h b/\n"
        } else {
            b""
        };
        let run = urikit(args, stdin);
        let both = format!("{}{}", run.stdout, run.stderr);
        assert!(!both.contains("secret"), "{args:?}: {both}");
        assert!(both.contains("me:***@"), "{args:?}: {both}");
    }
    // The base of a JSON line is hidden (it is repeated on every line);
    // results and the inputs they echo are exact, as scripts need them.
    let run = urikit(&["resolve", "--json", "--base", input, "g"], b"");
    assert_eq!(
        run.stdout,
        "{\"base\":\"ftp://me:***@h/f\",\"ref\":\"g\",\"valid\":true,\"target\":\"ftp://me:secret@h/g\"}\n"
    );
    let run = urikit(&["relativize", "--json", "--base", input, "ftp://h/x"], b"");
    assert!(
        run.stdout
            .starts_with("{\"base\":\"ftp://me:***@h/f\",\"target\":\"ftp://h/x\","),
        "{}",
        run.stdout
    );
    // The caret follows the mask: under the space, after `***`.
    let run = urikit(&["parse", "ftp://me:secret@h b/"], b"");
    assert_eq!(
        run.stderr,
        "error: character not allowed in host at byte 17\n  ftp://me:***@h\\x20b/\n                ^\n"
    );
}

#[test]
fn show_password_reveals_it() {
    let run = urikit(&["--show-password", "parse", "ftp://me:secret@h/"], b"");
    assert!(
        run.stdout.contains("userinfo   me:secret\n"),
        "{}",
        run.stdout
    );
    let run = urikit(&["explain", "--show-password", "ftp://me:secret@h/"], b"");
    assert!(
        run.stdout.contains("  ftp://me:secret@h/\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn json_has_user_and_password_fields() {
    let line = |args: &[&str]| urikit(args, b"").stdout;
    let out = line(&["parse", "--json", "ftp://me:secret@h/"]);
    assert!(out.starts_with(r#"{"input":"ftp://me:***@h/","#), "{out}");
    assert!(
        out.contains(r#""authority":"me:***@h","userinfo":"me:***","#),
        "{out}"
    );
    assert!(
        out.ends_with("\"user\":\"me\",\"password\":\"***\"}\n"),
        "{out}"
    );
    let out = line(&["parse", "--json", "--show-password", "ftp://me:secret@h/"]);
    assert!(
        out.ends_with("\"user\":\"me\",\"password\":\"secret\"}\n"),
        "{out}"
    );
    let out = line(&["parse", "--json", "ftp://me:@h/"]);
    assert!(
        out.ends_with("\"user\":\"me\",\"password\":\"\"}\n"),
        "{out}"
    );
    let out = line(&["parse", "--json", "ftp://me@h/"]);
    assert!(
        out.ends_with("\"user\":\"me\",\"password\":null}\n"),
        "{out}"
    );
}

// check.

#[test]
fn check_several_files_with_locations() {
    let a = TempFile::new(b"http://a/\nhttp://a b\n");
    let b = TempFile::new(b"x y\n");
    let run = urikit(&["check", a.path(), b.path()], b"");
    assert!(
        run.stdout.starts_with(&format!(
            "{}:2:9: error: character not allowed in host at byte 8\n",
            a.path()
        )),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(&format!("\n{}:1:2: error: ", b.path())),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.ends_with(
            "lines: 3\nvalid: 1\ninvalid: 2\n  InvalidHostChar: 1\n  InvalidPathChar: 1\n"
        ),
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 1);
    // Standard input among files.
    let run = urikit(&["check", a.path(), "-"], b"c d\n");
    assert!(
        run.stdout.contains("<stdin>:1:2: error: "),
        "{}",
        run.stdout
    );
}

#[test]
fn check_json_and_quiet() {
    let file = TempFile::new(b"ok\nhttp://u:p@a b\n");
    let run = urikit(&["check", "--json", file.path()], b"");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines,
        [
            format!(
                r#"{{"file":"{}","line":2,"column":13,"input":"http://u:***@a b","kind":"InvalidHostChar","index":12,"message":"character not allowed in host"}}"#,
                file.path()
            )
            .as_str(),
            r#"{"summary":true,"lines":2,"valid":1,"iri":0,"invalid":1,"by_kind":[{"kind":"InvalidHostChar","count":1}]}"#,
        ]
    );
    assert_eq!(run.code, 1);
    let run = urikit(&["check", "--quiet", file.path()], b"");
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.code),
        ("", "", 1)
    );
    let run = urikit(&["check", "-q", "--no-progress"], b"a\nb\n");
    assert_eq!((run.stdout.as_str(), run.code), ("", 0));
}

// Flags.

#[test]
fn zone_identifiers_are_opt_in_wherever_parsing_happens() {
    let zoned = "http://[fe80::1%25eth0]/";
    for args in [
        &["parse"][..],
        &["normalize"],
        &["resolve", "--base", "http://a/"],
        &["relativize", "--base", "http://a/"],
        &["scheme"],
        &["edit"],
        &["check"],
    ] {
        let mut without: Vec<&str> = args.to_vec();
        let with: Vec<&str> = [&["--allow-zone-id"][..], args].concat();
        let stdin = format!("{zoned}\n");
        let refused = urikit(&without, stdin.as_bytes());
        assert_eq!(refused.code, 1, "{args:?}");
        // The diagnostic (`check` writes its report on standard output)
        // says which flag accepts it.
        let diagnostic = format!("{}{}", refused.stdout, refused.stderr);
        assert!(
            diagnostic.contains("hint: --allow-zone-id accepts"),
            "{args:?}: {diagnostic}"
        );
        let accepted = urikit(&with, stdin.as_bytes());
        assert_eq!(
            accepted.code, 0,
            "{args:?}: {}{}",
            accepted.stdout, accepted.stderr
        );
        without.clear();
    }
    let run = urikit(
        &[
            "--allow-zone-id",
            "resolve",
            "--base",
            "http://[fe80::1%25eth0]/a",
            "b",
        ],
        b"",
    );
    assert_eq!(run.stdout, "http://[fe80::1%25eth0]/b\n");
}

#[test]
fn renamed_flags_keep_their_old_names() {
    assert_eq!(
        urikit(&["encode", "--encode-set", "path", "a b"], b"").stdout,
        "a%20b\n"
    );
    assert_eq!(
        urikit(&["encode", "--set", "path", "a b"], b"").stdout,
        "a%20b\n"
    );
    let kind = urikit(
        &[
            "relativize",
            "--base",
            "http://a/b/c",
            "--kind",
            "absolute-path",
            "http://a/b/d",
        ],
        b"",
    );
    assert_eq!(kind.stdout, "/b/d\n");
}

#[test]
fn colour_on_request_only() {
    let plain = urikit(&["parse", "a b"], b"");
    assert!(!plain.stderr.contains('\x1b'), "not a terminal: no colour");
    let coloured = urikit(&["--color=always", "parse", "a b"], b"");
    assert!(
        coloured.stderr.starts_with("\x1b[1;31merror:\x1b[0m "),
        "{:?}",
        coloured.stderr
    );
    let forced = urikit_env(&["parse", "a b"], b"", &[("CLICOLOR_FORCE", "1")]);
    assert!(forced.stderr.contains('\x1b'));
    let no_color = urikit_env(
        &["parse", "a b"],
        b"",
        &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")],
    );
    assert!(
        !no_color.stderr.contains('\x1b'),
        "NO_COLOR wins over CLICOLOR_FORCE"
    );
    let never = urikit_env(
        &["--color", "never", "parse", "http://a/"],
        b"",
        &[("CLICOLOR_FORCE", "1")],
    );
    assert!(!never.stdout.contains('\x1b'));
    let table = urikit(&["--color=always", "parse", "http://a/"], b"");
    assert!(
        table
            .stdout
            .starts_with("\x1b[1minput      \x1b[0mhttp://a/\n"),
        "{:?}",
        table.stdout
    );
}

#[test]
fn ascii_diagrams() {
    let ascii = urikit(&["--ascii", "explain", "http://u@h:8/p?q#f"], b"");
    let drawing: String = ascii.stdout.split("\n\n").next().unwrap().to_owned();
    assert!(drawing.is_ascii(), "{drawing}");
    assert!(drawing.contains("  http://u@h:8/p?q#f\n"), "{drawing}");
    // A locale that is not UTF-8 asks for it too.
    let latin1 = urikit_env(
        &["explain", "http://h/p"],
        b"",
        &[("LANG", "de_DE.ISO-8859-1")],
    );
    assert!(
        latin1.stdout.split("\n\n").next().unwrap().is_ascii(),
        "{}",
        latin1.stdout
    );
    let unicode = urikit(&["explain", "http://h/p"], b"");
    assert!(unicode.stdout.contains('└'), "{}", unicode.stdout);
}

#[test]
fn explain_cuts_long_components() {
    let path = format!("/{}%20{}", "a".repeat(60), "b".repeat(60));
    let input = format!("http://h{path}?q");
    let run = urikit(&["explain", &input], b"");
    let drawn = run
        .stdout
        .lines()
        .find(|l| l.starts_with("  http://"))
        .unwrap();
    assert_eq!(
        drawn,
        // 48 characters at most: 23 of the path's head (its `/` included),
        // the marker, 23 of its tail.
        format!("  http://h/{}…{}?q", "a".repeat(22), "b".repeat(23))
    );
    assert!(
        run.stdout.contains(&format!("\npath       {path}\n")),
        "the table is exact"
    );
    // A cut never splits a triplet.
    let path = format!("/{}%41%42%43%44{}", "x".repeat(20), "y".repeat(60));
    let run = urikit(&["explain", &format!("http://h{path}")], b"");
    let drawn = run
        .stdout
        .lines()
        .find(|l| l.starts_with("  http://"))
        .unwrap();
    assert!(!drawn.contains("%4…") && !drawn.contains("%…"), "{drawn}");
    assert!(drawn.contains('…'), "{drawn}");
}

// edit.

#[test]
fn edit_sets_gets_and_rechecks() {
    let run = urikit(
        &[
            "edit",
            "--set",
            "host=b.example",
            "--set",
            "user=a b",
            "--get",
            "{host}|{:user}|{user}|{default:port}",
            "https://x/",
        ],
        b"",
    );
    assert_eq!(run.stdout, "b.example|a%20b|a b|443\n");
    // A port needs a host: the edited reference is refused, on one line.
    let run = urikit(&["edit", "--set", "port=8", "mailto:a@b", "s:x"], b"");
    assert_eq!(run.stdout, "\n\n");
    assert!(
        run.stderr
            .contains("the edited reference is not valid: a userinfo or port needs a host"),
        "{}",
        run.stderr
    );
    assert_eq!(run.code, 1);
    // So does a userinfo: it is refused, not dropped.
    let run = urikit(&["edit", "--set", "user=u", "a/b"], b"");
    assert_eq!((run.stdout.as_str(), run.code), ("\n", 1));
    assert!(run.stderr.contains("needs a host"), "{}", run.stderr);
    // `--iterate` makes at most 1,000,000 outputs per input: more is a
    // usage error, before any input is read.
    let thousand: Vec<String> = (0..1000).map(|n| n.to_string()).collect();
    let iterate = |part: &str| format!("{part}={}", thousand.join(" "));
    let (port, path, query) = (iterate("port"), iterate("path"), iterate("query"));
    let run = urikit(
        &[
            "edit",
            "--iterate",
            &port,
            "--iterate",
            &path,
            "--iterate",
            &query,
            "http://h/",
        ],
        b"",
    );
    assert_eq!((run.stdout.as_str(), run.code), ("", 2));
    assert!(run.stderr.contains("at most 1000000"), "{}", run.stderr);
    // `:=` values must already be valid for their component: a usage
    // error, once, naming the option and pointing into its value.
    let run = urikit(
        &["edit", "--set", "path:=/a b", "http://h/", "http://i/"],
        b"",
    );
    assert_eq!((run.stdout.as_str(), run.code), ("", 2));
    assert!(
        run.stderr.contains("'path:=/a b' for '--set"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("  path:=/a b\n          ^"),
        "{}",
        run.stderr
    );
    // With --iterate, an invalid input gives one empty line per output.
    let run = urikit(
        &["edit", "--iterate", "port=1 2 3", "http://h/", "a b"],
        b"",
    );
    assert_eq!(run.stdout, "http://h:1/\nhttp://h:2/\nhttp://h:3/\n\n\n\n");
    // Removing and appending.
    let run = urikit(
        &[
            "edit",
            "--remove",
            "query",
            "--remove",
            "userinfo",
            "--append",
            "path=x/y",
            "--append",
            "query=k=v&w",
            "http://u:p@h/a?z",
        ],
        b"",
    );
    assert_eq!(run.stdout, "http://h/a/x%2Fy?k=v%26w\n");
}

#[test]
fn generate_writes_man_page_and_completions() {
    let man = urikit(&["generate", "man"], b"");
    assert!(man.stdout.starts_with(".ie"), "{}", &man.stdout[..40]);
    assert!(man.stdout.contains("edit"), "the subcommands are listed");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let run = urikit(&["generate", shell], b"");
        assert_eq!(run.code, 0, "{shell}");
        assert!(run.stdout.contains("relativize"), "{shell}");
    }
    assert_eq!(urikit(&["generate", "tcsh"], b"").code, 2);
}

#[test]
fn a_hint_when_inputs_come_from_a_terminal() {
    // `script` gives the command a terminal on standard input (util-linux);
    // without it there is no terminal to test with.
    let Ok(run) = Command::new("script")
        .args([
            "-qec",
            concat!(env!("CARGO_BIN_EXE_urikit"), " parse"),
            "/dev/null",
        ])
        .stdin(Stdio::null())
        .output()
    else {
        eprintln!("no `script` command: the terminal hint is not tested");
        return;
    };
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(
        text.contains("urikit: reading inputs from the terminal, one per line"),
        "{text}"
    );
    // From a pipe, no hint.
    let piped = urikit(&["parse"], b"a\n");
    assert_eq!(piped.stderr, "");
}

/// What `check` draws on a terminal (through `script`) for a stream that
/// pauses for a second, then brings 3 MB; `None` without `script`.
fn check_on_a_terminal(term: &str, flags: &str) -> Option<String> {
    let pipeline = format!(
        "sh -c '(printf \"a\\n\"; sleep 1; yes http://a/ | head -c 3000000) | {} check {flags}'",
        env!("CARGO_BIN_EXE_urikit")
    );
    let run = Command::new("script")
        .args(["-qec", &pipeline, "/dev/null"])
        .env("TERM", term)
        .stdin(Stdio::null())
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&run.stdout).into_owned())
}

#[test]
fn progress_bar_only_for_a_long_run_on_a_capable_terminal() {
    let Some(drawn) = check_on_a_terminal("xterm", "") else {
        eprintln!("no `script` command: the progress bar is not tested");
        return;
    };
    // The run lasts over a second: the bar (a spinner with the bytes read,
    // the size of a stream being unknown) is drawn, then cleared.
    assert!(drawn.contains("B/s"), "{drawn:?}");
    assert!(drawn.contains(" 300001"), "{drawn:?}");
    for (term, flags) in [
        ("dumb", ""),
        ("xterm", "--no-progress"),
        ("xterm", "--quiet"),
    ] {
        let drawn = check_on_a_terminal(term, flags).unwrap_or_default();
        assert!(!drawn.contains("B/s"), "TERM={term} {flags}: {drawn:?}");
    }
}

#[test]
fn replace_appends_a_pair_no_pair_has() {
    let run = urikit(
        &[
            "edit",
            "--replace",
            "k=v w",
            "http://h/?a=1",
            "http://h/?k=0&a=1&k=2",
        ],
        b"",
    );
    assert_eq!(
        run.stdout, "http://h/?a=1&k=v%20w\nhttp://h/?k=v%20w&a=1\n",
        "{}",
        run.stderr
    );
}
