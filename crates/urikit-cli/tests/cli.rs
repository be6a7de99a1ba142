//! End-to-end tests of the `urikit` binary: exact JSON lines, exit statuses,
//! standard input handling, `check` summaries, the `explain` diagram,
//! `encode` and `decode`, `resolve`, `relativize` and `normalize`, and the
//! IRIs of `parse --iri`, `to-uri`, `to-iri` and `explain`.

mod common;
use common::{TempFile, urikit};

/// The JSON line `parse --json` prints for a valid input; `fields` are the
/// values after `valid`, as JSON.
fn valid_line(input: &str, fields: [&str; 10]) -> String {
    let names = [
        "kind",
        "scheme",
        "authority",
        "userinfo",
        "host",
        "host_kind",
        "port",
        "path",
        "query",
        "fragment",
    ];
    // `user` and `password` follow, from the userinfo; the password is
    // `***` unless `--show-password`.
    let (user, password) = match fields[3].trim_matches('"').split_once(':') {
        _ if fields[3] == "null" => ("null".to_owned(), "null".to_owned()),
        Some((user, "")) => (format!("\"{user}\""), "\"\"".to_owned()),
        Some((user, _)) => (format!("\"{user}\""), "\"***\"".to_owned()),
        None => (fields[3].to_owned(), "null".to_owned()),
    };
    let fields: Vec<String> = names
        .iter()
        .zip(fields)
        .map(|(name, value)| format!("\"{name}\":{value}"))
        .chain([
            format!("\"user\":{user}"),
            format!("\"password\":{password}"),
        ])
        .collect();
    format!(
        "{{\"input\":\"{input}\",\"valid\":true,{}}}\n",
        fields.join(",")
    )
}

const EXAMPLE: &str =
    "https://john.doe@www.example.com:123/forum/questions/?tag=networking&order=newest#top";

#[test]
fn parse_json_full_uri() {
    let run = urikit(&["parse", "--json", EXAMPLE], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        valid_line(
            EXAMPLE,
            [
                r#""uri""#,
                r#""https""#,
                r#""john.doe@www.example.com:123""#,
                r#""john.doe""#,
                r#""www.example.com""#,
                r#""reg-name""#,
                r#""123""#,
                r#""/forum/questions/""#,
                r#""tag=networking&order=newest""#,
                r#""top""#,
            ]
        )
    );
}

#[test]
fn parse_json_ipv6_host_keeps_its_brackets() {
    let input = "ldap://[2001:db8::7]/c=GB?objectClass?one";
    let run = urikit(&["parse", "--json", input], b"");
    assert_eq!(
        run.stdout,
        r#"{"input":"ldap://[2001:db8::7]/c=GB?objectClass?one","valid":true,"kind":"uri","scheme":"ldap","authority":"[2001:db8::7]","userinfo":null,"host":"[2001:db8::7]","host_kind":"ipv6","port":null,"path":"/c=GB","query":"objectClass?one","fragment":null,"user":null,"password":null}"#
            .to_owned()
            + "\n"
    );
}

#[test]
fn parse_json_empty_query_is_not_absent() {
    let run = urikit(&["parse", "--json", "http://a?", "http://a"], b"");
    let base = |input, query| {
        valid_line(
            input,
            [
                r#""uri""#,
                r#""http""#,
                r#""a""#,
                "null",
                r#""a""#,
                r#""reg-name""#,
                "null",
                r#""""#,
                query,
                "null",
            ],
        )
    };
    assert_eq!(
        run.stdout,
        base("http://a?", r#""""#) + &base("http://a", "null")
    );
    assert_eq!(run.code, 0);
}

#[test]
fn parse_json_other_host_kinds_and_relative_references() {
    let run = urikit(
        &["parse", "--json", "//192.0.2.16:", "//[v7.x]", "./a:b#"],
        b"",
    );
    assert_eq!(
        run.stdout,
        valid_line(
            "//192.0.2.16:",
            [
                "\"relative\"",
                "null",
                "\"192.0.2.16:\"",
                "null",
                "\"192.0.2.16\"",
                "\"ipv4\"",
                "\"\"",
                "\"\"",
                "null",
                "null"
            ]
        ) + &valid_line(
            "//[v7.x]",
            [
                "\"relative\"",
                "null",
                "\"[v7.x]\"",
                "null",
                "\"[v7.x]\"",
                "\"ipvfuture\"",
                "null",
                "\"\"",
                "null",
                "null"
            ]
        ) + &valid_line(
            "./a:b#",
            [
                "\"relative\"",
                "null",
                "null",
                "null",
                "null",
                "null",
                "null",
                "\"./a:b\"",
                "null",
                "\"\""
            ]
        )
    );
}

#[test]
fn parse_json_empty_line_is_an_input() {
    let run = urikit(&["parse", "--json"], b"a\n\nb\n");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert_eq!(
        lines[1],
        r#"{"input":"","valid":true,"kind":"relative","scheme":null,"authority":null,"userinfo":null,"host":null,"host_kind":null,"port":null,"path":"","query":null,"fragment":null,"user":null,"password":null}"#
    );
    assert_eq!(run.code, 0);
}

#[test]
fn parse_json_invalid_input() {
    let run = urikit(&["parse", "--json", "http://a/b c", "1http:"], b"");
    assert_eq!(
        run.stdout,
        concat!(
            r#"{"input":"http://a/b c","valid":false,"error":{"kind":"InvalidPathChar","index":10,"message":"character not allowed in path"}}"#,
            "\n",
            r#"{"input":"1http:","valid":false,"error":{"kind":"InvalidScheme","index":0,"message":"invalid character in scheme (a scheme is a letter, then letters, digits, `+`, `-`, `.`)"}}"#,
            "\n",
        )
    );
    assert_eq!(run.code, 1);
}

#[test]
fn overlong_utf8_is_invalid_utf8_not_a_slash() {
    // `C0 AF` is an overlong `/`: a lenient decoder would see `http://a//x`.
    let run = urikit(&["parse", "--json"], b"http://a/\xC0\xAFx\n");
    let line = run.stdout.lines().next().unwrap_or_default();
    assert!(
        line.contains(r#""valid":false,"error":{"kind":"InvalidUtf8","index":9,"#),
        "{line}"
    );
    let run = urikit(&["check"], b"http://a/\xC0\xAFx\nhttp://a/\n");
    assert!(run.stdout.contains("InvalidUtf8: 1"), "{}", run.stdout);
    assert_eq!(run.code, 1);
}

#[test]
fn parse_json_invalid_utf8_line_on_stdin() {
    let run = urikit(&["parse", "--json"], b"ok\nab\xFFc\n");
    assert_eq!(
        run.stdout.lines().nth(1),
        Some(
            r#"{"input":"ab�c","valid":false,"error":{"kind":"InvalidUtf8","index":2,"message":"invalid UTF-8"}}"#
        )
    );
    assert_eq!(run.code, 1);
}

#[test]
fn crlf_line_endings() {
    let run = urikit(&["parse", "--json"], b"http://a?\r\n\r\n#f\r\n");
    let inputs: Vec<&str> = run
        .stdout
        .lines()
        .map(|l| l.split('"').nth(3).unwrap())
        .collect();
    assert_eq!(inputs, ["http://a?", "", "#f"]);
    assert!(
        run.stdout.lines().all(|l| l.contains(r#""valid":true"#)),
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 0);
}

#[test]
fn stdin_in_place_of_dash() {
    let run = urikit(&["parse", "--json", "a", "-", "d"], b"b\nc\n");
    let inputs: Vec<&str> = run
        .stdout
        .lines()
        .map(|l| l.split('"').nth(3).unwrap())
        .collect();
    assert_eq!(inputs, ["a", "b", "c", "d"]);
}

#[test]
fn parse_table() {
    let run = urikit(&["parse", "//[::1]:80", "a b", "?"], b"");
    assert_eq!(
        run.stdout,
        "\
input      //[::1]:80
kind       relative
scheme     -
authority  [::1]:80
userinfo   -
host       [::1] (ipv6)
port       80
path       \"\"
query      -
fragment   -

input      ?
kind       relative
scheme     -
authority  -
userinfo   -
host       -
port       -
path       \"\"
query      \"\"
fragment   -
"
    );
    // The invalid input's caret error goes to standard error.
    assert_eq!(
        run.stderr,
        "error: character not allowed in path at byte 1\n  a\\x20b\n   ^\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn exit_statuses() {
    assert_eq!(urikit(&["parse", "http://a"], b"").code, 0);
    assert_eq!(urikit(&["parse", "http://a", "http://a b"], b"").code, 1);
    assert_eq!(
        urikit(&["parse"], b"").code,
        0,
        "no input at all is all valid"
    );
    for args in [
        &["parse", "--nope"][..],
        &["frobnicate"],
        &[],
        &["parse", "-", "-"],
        &["edit", "--iterate", "port=1 2", "--iterate", "port=3", "a"],
    ] {
        let run = urikit(args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains("Usage"), "{args:?}: {}", run.stderr);
    }
    for args in [
        &["edit", "--get", "{nope}", "a"][..],
        &["edit", "--set", "nope=1", "a"],
        &["edit", "--append", "host=x", "a"],
        &["edit", "--iterate", "port=", "a"],
    ] {
        let run = urikit(args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(
            run.stderr.contains("error: invalid value"),
            "{args:?}: {}",
            run.stderr
        );
    }
    let run = urikit(&["check", "/nonexistent/urikit-cli-test"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("/nonexistent/urikit-cli-test"),
        "{}",
        run.stderr
    );
}

#[test]
fn check_file() {
    let file = TempFile::new(b"http://a/\nhttp://a b\n\nhttp://[::1\r\nx\xFF\n:y\nz:w\n");
    let run = urikit(&["check", file.path()], b"");
    let name = file.path();
    assert_eq!(
        run.stdout,
        format!(
            "\
{name}:2:9: error: character not allowed in host at byte 8
  http://a\\x20b
          ^
{name}:4:12: error: IP literal not closed by `]` at byte 11
  http://[::1
             ^
{name}:5:2: error: invalid UTF-8 at byte 1
  x\\xff
   ^
{name}:6:1: error: empty scheme before `:` at byte 0
  :y
  ^

lines: 7
valid: 3
invalid: 4
  EmptyScheme: 1
  InvalidHostChar: 1
  InvalidUtf8: 1
  UnclosedIpLiteral: 1
"
        )
    );
    assert_eq!(run.code, 1);
}

#[test]
fn check_counts_lines_like_a_text_file() {
    for (content, lines) in [
        (&b"a\nb\n"[..], 2),
        (b"a\nb", 2),
        (b"a\n\nb\n", 3),
        (b"", 0),
        (b"\n", 1),
        (b"a\r\nb\r\n", 2),
    ] {
        let file = TempFile::new(content);
        let run = urikit(&["check", file.path()], b"");
        assert_eq!(
            run.stdout,
            format!("lines: {lines}\nvalid: {lines}\ninvalid: 0\n"),
            "{content:?}"
        );
        assert_eq!(run.code, 0);
    }
}

#[test]
fn check_sorts_kinds_by_count_then_name() {
    let run = urikit(&["check", "-"], b"a b\n%\nc d\n#\x01\n%z\n");
    assert!(
        run.stdout
            .starts_with("<stdin>:1:2: error: character not allowed in path at byte 1\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.ends_with(
            "lines: 5\nvalid: 0\ninvalid: 5\n  InvalidPathChar: 2\n  InvalidPercentEncoding: 2\n  InvalidFragmentChar: 1\n"
        ),
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 1);
}

/// Columns (in characters) of the brackets on a line: (first, last) of each.
fn brackets(line: &str, opening: char, closing: char, single: [char; 2]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut start = None;
    for (i, c) in line.chars().enumerate() {
        if c == opening {
            start = Some(i);
        } else if c == closing {
            found.push((start.take().unwrap_or(i - 1), i));
        } else if c == single[0] {
            found.push((i, i));
        } else if c == single[1] {
            start = Some(i);
        }
    }
    found
}

#[test]
fn explain_draws_the_rfc_example() {
    let run = urikit(&["explain", EXAMPLE], b"");
    assert_eq!(run.code, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let at = |s: &str| 2 + EXAMPLE.find(s).unwrap();
    assert_eq!(lines[2], format!("  {EXAMPLE}"));

    // Above: userinfo, host, port, each bracket over exactly its bytes.
    let above = brackets(lines[1], '┌', '┐', ['│', '├']);
    assert_eq!(
        above,
        [
            (at("john.doe"), at("@") - 1),
            (at("www"), at(":123") - 1),
            (at("123"), at("/forum") - 1)
        ]
    );
    let labels: Vec<(usize, &str)> = words(lines[0]);
    assert_eq!(
        labels.iter().map(|l| l.1).collect::<Vec<_>>(),
        ["userinfo", "host", "port"]
    );

    // Below: scheme, authority, path, query, fragment.
    let below = brackets(lines[3], '└', '┘', ['│', '├']);
    assert_eq!(
        below,
        [
            (2, at("://") - 1),
            (at("john"), at("/forum") - 1),
            (at("/forum"), at("?") - 1),
            (at("tag"), at("#") - 1),
            (at("top"), at("top") + 2),
        ]
    );
    let labels = words(lines[4]);
    assert_eq!(
        labels.iter().map(|l| l.1).collect::<Vec<_>>(),
        ["scheme", "authority", "path", "query", "fragment"]
    );
    // Each label covers the column of its bracket's tick.
    for (line, brackets, labels, ticks) in [
        (lines[3], &below, &labels, ['┬', '├']),
        (lines[1], &above, &words(lines[0]), ['┴', '├']),
    ] {
        for (&(start, end), &(column, label)) in brackets.iter().zip(labels) {
            let tick = start + (end - start) / 2;
            let glyph = line.chars().nth(tick).unwrap();
            assert!(
                ticks.contains(&glyph) || start == end,
                "no tick at {tick} in {line}"
            );
            assert!(
                (column..column + label.len()).contains(&tick),
                "{label} at {column} is not at the tick {tick}"
            );
        }
    }

    // Then a blank line and the component table.
    assert_eq!(lines[5], "");
    assert_eq!(lines[6], format!("input      {EXAMPLE}"));
    assert_eq!(lines[11], "host       www.example.com (reg-name)");
    assert_eq!(lines.len(), 16);
}

/// The words of a line with their starting columns.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut column = 0;
    for word in line.split(' ') {
        if !word.is_empty() {
            found.push((column, word));
        }
        column += word.chars().count() + 1;
    }
    found
}

#[test]
fn explain_from_stdin_and_errors() {
    let run = urikit(&["explain"], b"a:b\nhttp://[::1\n");
    assert_eq!(
        run.stdout,
        "  a:b
  │ │
  │ path
scheme

input      a:b
kind       uri
scheme     a
authority  -
userinfo   -
host       -
port       -
path       b
query      -
fragment   -
"
    );
    assert_eq!(
        run.stderr,
        "error: IP literal not closed by `]` at byte 11\n  http://[::1\n             ^\n"
    );
    assert_eq!(run.code, 1);
}

/// The JSON line `encode --json` or `decode --json` prints for an input that
/// converts.
fn converted_line(input: &str, output: &str) -> String {
    format!("{{\"input\":\"{input}\",\"valid\":true,\"output\":\"{output}\"}}\n")
}

/// The JSON line `encode --json` or `decode --json` prints for an input that
/// does not convert.
fn error_line(input: &str, kind: &str, index: usize, message: &str) -> String {
    format!(
        "{{\"input\":\"{input}\",\"valid\":false,\"error\":{{\"kind\":\"{kind}\",\"index\":{index},\"message\":\"{message}\"}}}}\n"
    )
}

#[test]
fn encode_json() {
    let run = urikit(
        &[
            "encode", "--set", "path", "--json", "/a b/c?d", "", "café", "50%", "%41",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        converted_line("/a b/c?d", "/a%20b/c%3Fd")
            + &converted_line("", "")
            + &converted_line("café", "caf%C3%A9")
            + &converted_line("50%", "50%25")
            + &converted_line("%41", "%2541")
    );
    assert_eq!(run.code, 0, "{}", run.stderr);

    let run = urikit(
        &[
            "encode",
            "--json",
            "--set=query-component",
            "a=1&b",
            "\"x\"",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        converted_line("a=1&b", "a%3D1%26b") + &converted_line(r#"\"x\""#, "%22x%22")
    );
    assert_eq!(run.code, 0);
}

#[test]
fn encode_prints_only_the_output_per_line() {
    let run = urikit(&["encode", "--set", "path"], b"a b\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, "a%20b\n"));
    let run = urikit(&["encode", "--set", "form", "a b+c", "", "x~y"], b"");
    assert_eq!(run.stdout, "a+b%2Bc\n\nx%7Ey\n");
}

#[test]
fn encode_accepts_every_set_name() {
    let input = "a b:/?#[]@!$&'()*+,;=%~é";
    for (set, output) in [
        ("userinfo", "a%20b:%2F%3F%23%5B%5D%40!$&'()*+,;=%25~%C3%A9"),
        (
            "username",
            "a%20b%3A%2F%3F%23%5B%5D%40!$&'()*+,;=%25~%C3%A9",
        ),
        ("host", "a%20b%3A%2F%3F%23%5B%5D%40!$&'()*+,;=%25~%C3%A9"),
        ("path", "a%20b:/%3F%23%5B%5D@!$&'()*+,;=%25~%C3%A9"),
        (
            "path-segment",
            "a%20b:%2F%3F%23%5B%5D@!$&'()*+,;=%25~%C3%A9",
        ),
        (
            "path-segment-nc",
            "a%20b%3A%2F%3F%23%5B%5D@!$&'()*+,;=%25~%C3%A9",
        ),
        ("query", "a%20b:/?%23%5B%5D@!$&'()*+,;=%25~%C3%A9"),
        (
            "query-component",
            "a%20b:/?%23%5B%5D@!$%26'()*%2B,%3B%3D%25~%C3%A9",
        ),
        ("fragment", "a%20b:/?%23%5B%5D@!$&'()*+,;=%25~%C3%A9"),
        (
            "unreserved",
            "a%20b%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%25~%C3%A9",
        ),
        (
            "form",
            "a+b%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29*%2B%2C%3B%3D%25%7E%C3%A9",
        ),
    ] {
        let run = urikit(&["encode", "--set", set, input], b"");
        assert_eq!(run.code, 0, "{set}: {}", run.stderr);
        assert_eq!(run.stdout, format!("{output}\n"), "{set}");
    }
}

#[test]
fn encode_usage_errors() {
    for args in [
        &["encode", "--set", "nope", "x"][..],
        &["encode", "--set", "PATH", "x"],
        &["encode", "--set", "path_segment", "x"],
        &["encode", "x"],
        &["encode", "--set", "path", "-", "-"],
        &["decode", "--set", "path", "x"],
        &["decode", "-", "-"],
    ] {
        let run = urikit(args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(
            run.stderr.starts_with("error: "),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(run.stdout, "", "{args:?}");
    }
    let run = urikit(&["encode", "--set", "nope"], b"");
    assert!(
        run.stderr.contains("path-segment-nc"),
        "the possible values are listed: {}",
        run.stderr
    );
}

#[test]
fn encode_keep_triplets_is_idempotent() {
    let input = "a%20b c%zz%4%e9/ü";
    let once = urikit(&["encode", "--set", "path", "--keep-triplets", input], b"");
    assert_eq!(once.stdout, "a%20b%20c%25zz%254%e9/%C3%BC\n");
    let encoded = once.stdout.trim_end();
    let twice = urikit(
        &["encode", "--set", "path", "--keep-triplets", encoded],
        b"",
    );
    assert_eq!(twice.stdout, once.stdout);
    // Without it, every `%` is encoded again.
    let again = urikit(&["encode", "--set", "path", encoded], b"");
    assert_eq!(again.stdout, "a%2520b%2520c%2525zz%25254%25e9/%25C3%25BC\n");
}

#[test]
fn encode_stdin_invalid_utf8_and_crlf() {
    let run = urikit(
        &["encode", "--set", "query", "--json"],
        b"a b\r\n\xFFz\r\n\r\nq?\n",
    );
    assert_eq!(
        run.stdout,
        converted_line("a b", "a%20b")
            + &converted_line("\u{FFFD}z", "%FFz")
            + &converted_line("", "")
            + &converted_line("q?", "q?")
    );
    assert_eq!(run.code, 0, "encoding never fails");
    let run = urikit(&["encode", "--set", "query"], b"x\xC3\r\ny\n");
    assert_eq!(run.stdout, "x%C3\ny\n");
}

#[test]
fn decode_json() {
    let run = urikit(
        &[
            "decode",
            "--json",
            "a%20b+c",
            "caf%C3%A9",
            "",
            "ab%zz",
            "100%",
            "x%C3%28",
            "%FF",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        converted_line("a%20b+c", "a b+c")
            + &converted_line("caf%C3%A9", "café")
            + &converted_line("", "")
            + &error_line(
                "ab%zz",
                "InvalidPercentEncoding",
                2,
                "`%` not followed by two hex digits"
            )
            + &error_line(
                "100%",
                "InvalidPercentEncoding",
                3,
                "`%` not followed by two hex digits"
            )
            + &error_line("x%C3%28", "InvalidUtf8", 1, "decoded bytes are not UTF-8")
            + &error_line("%FF", "InvalidUtf8", 0, "decoded bytes are not UTF-8")
    );
    assert_eq!(run.code, 1);

    let run = urikit(&["decode", "--json", "%22%5C%0A"], b"");
    assert_eq!(run.stdout, converted_line("%22%5C%0A", r#"\"\\\n"#));
    assert_eq!(run.code, 0);
}

#[test]
fn decode_prints_the_output_or_a_caret() {
    let run = urikit(&["decode"], b"a%20b\nx%C3%A9%zz\n%F0%9F%98%80\n%E2%82\n");
    assert_eq!(
        run.stdout, "a b\n\n😀\n\n",
        "an empty line for each input that does not decode"
    );
    assert_eq!(
        run.stderr,
        "\
error: `%` not followed by two hex digits at byte 7
  x%C3%A9%zz
         ^
error: decoded bytes are not UTF-8 at byte 0
  %E2%82
  ^
"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn decode_lossy_never_fails() {
    let run = urikit(
        &[
            "decode",
            "--lossy",
            "--json",
            "a%FFb%zz",
            "100%",
            "%C3%A9%C3",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        converted_line("a%FFb%zz", "a\u{FFFD}b%zz")
            + &converted_line("100%", "100%")
            + &converted_line("%C3%A9%C3", "é\u{FFFD}")
    );
    assert_eq!(run.code, 0);
    // Even a line that is not UTF-8.
    let run = urikit(&["decode", "--lossy"], b"a\xFF%41\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, "a\u{FFFD}A\n"));
}

#[test]
fn decode_form_reads_plus_as_space() {
    let run = urikit(
        &["decode", "--form", "q=caf%C3%A9+cr%C3%A8me", "1+%2B+1"],
        b"",
    );
    assert_eq!(run.stdout, "q=café crème\n1 + 1\n");
    assert_eq!(run.code, 0);
    let run = urikit(&["decode", "q=caf%C3%A9+cr%C3%A8me"], b"");
    assert_eq!(
        run.stdout, "q=café+crème\n",
        "`+` is left alone without --form"
    );
    let run = urikit(&["decode", "--form", "--lossy", "a+%zz"], b"");
    assert_eq!(run.stdout, "a %zz\n");
}

#[test]
fn decode_stdin_invalid_utf8_and_crlf() {
    let run = urikit(&["decode", "--json"], b"a%20b\r\nab\xFFc%41\r\n\r\n");
    assert_eq!(
        run.stdout,
        converted_line("a%20b", "a b")
            + &error_line("ab\u{FFFD}c%41", "InvalidUtf8", 2, "invalid UTF-8")
            + &converted_line("", "")
    );
    assert_eq!(run.code, 1);
    let run = urikit(&["decode"], b"x\xFF\r\n");
    assert_eq!(run.stdout, "\n");
    assert_eq!(
        run.stderr,
        "error: invalid UTF-8 at byte 1\n  x\\xff\n   ^\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn encode_then_decode_round_trips() {
    let input = "/päth with spaces/?q=a&b=c#frag%";
    let encoded = urikit(&["encode", "--set", "unreserved", input], b"");
    let decoded = urikit(&["decode", "-"], encoded.stdout.as_bytes());
    assert_eq!(decoded.stdout, format!("{input}\n"));
    assert_eq!(decoded.code, 0);
}

/// The base of the examples of RFC 3986 §5.4.
const RFC_BASE: &str = "http://a/b/c/d;p?q";

/// The JSON line `resolve --json` prints for a reference that resolves.
fn resolved_line(base: &str, reference: &str, target: &str) -> String {
    format!(
        "{{\"base\":\"{base}\",\"ref\":\"{reference}\",\"valid\":true,\"target\":\"{target}\"}}\n"
    )
}

/// The JSON line `relativize --json` prints for a target it reaches.
fn relativized_line(base: &str, target: &str, reference: &str) -> String {
    // The reference is relative unless it is the target itself.
    let relative = reference != target;
    format!(
        "{{\"base\":\"{base}\",\"target\":\"{target}\",\"valid\":true,\"ref\":\"{reference}\",\"relative\":{relative}}}\n"
    )
}

/// The `"error"` object of a JSON line, and the `}` that closes the line.
fn error_tail(kind: &str, index: usize, message: &str) -> String {
    format!(
        "\"valid\":false,\"error\":{{\"kind\":\"{kind}\",\"index\":{index},\"message\":\"{message}\"}}}}\n"
    )
}

/// RFC 3986 §5.4.1, normal examples: reference and target against
/// [`RFC_BASE`].
const RFC_NORMAL: [(&str, &str); 23] = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
];

#[test]
fn resolve_json_rfc_normal_examples() {
    let mut args = vec!["resolve", "--json", "--base", RFC_BASE];
    args.extend(RFC_NORMAL.iter().map(|(reference, _)| *reference));
    let run = urikit(&args, b"");
    let expected: String = RFC_NORMAL
        .iter()
        .map(|(reference, target)| resolved_line(RFC_BASE, reference, target))
        .collect();
    assert_eq!(run.stdout, expected);
    assert_eq!(run.code, 0, "{}", run.stderr);

    // A handful, spelled out.
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[20],
        r#"{"base":"http://a/b/c/d;p?q","ref":"../..","valid":true,"target":"http://a/"}"#
    );
    assert_eq!(
        lines[6],
        r#"{"base":"http://a/b/c/d;p?q","ref":"?y","valid":true,"target":"http://a/b/c/d;p?y"}"#
    );
    assert_eq!(
        lines[8],
        r##"{"base":"http://a/b/c/d;p?q","ref":"#s","valid":true,"target":"http://a/b/c/d;p?q#s"}"##
    );
    assert_eq!(
        lines[14],
        r#"{"base":"http://a/b/c/d;p?q","ref":"","valid":true,"target":"http://a/b/c/d;p?q"}"#
    );
}

#[test]
fn resolve_rfc_abnormal_examples() {
    // RFC 3986 §5.4.2, a selection.
    let cases = [
        ("../../../g", "http://a/g"),
        ("/./g", "http://a/g"),
        ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."),
        ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"),
        ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g#s/../x", "http://a/b/c/g#s/../x"),
    ];
    let mut args = vec!["resolve", "--base", RFC_BASE];
    args.extend(cases.iter().map(|(reference, _)| *reference));
    let run = urikit(&args, b"");
    let expected: String = cases.iter().map(|(_, t)| format!("{t}\n")).collect();
    assert_eq!(run.stdout, expected);
    assert_eq!(run.code, 0);
}

#[test]
fn resolve_http_g_strict_and_non_strict() {
    let run = urikit(&["resolve", "--json", "--base", RFC_BASE, "http:g"], b"");
    assert_eq!(run.stdout, resolved_line(RFC_BASE, "http:g", "http:g"));
    assert_eq!(run.code, 0);
    let run = urikit(
        &[
            "resolve",
            "--json",
            "--non-strict",
            "--base",
            RFC_BASE,
            "http:g",
            "HTTP:g",
            "ftp:g",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        resolved_line(RFC_BASE, "http:g", "http://a/b/c/g")
            + &resolved_line(RFC_BASE, "HTTP:g", "http://a/b/c/g")
            + &resolved_line(RFC_BASE, "ftp:g", "ftp:g")
    );
    assert_eq!(run.code, 0);
}

#[test]
fn resolve_prints_the_target_or_a_caret() {
    let run = urikit(
        &["resolve", "--base", RFC_BASE, "../g", "", "a b", "#s"],
        b"",
    );
    assert_eq!(
        run.stdout,
        "\
http://a/b/g
http://a/b/c/d;p?q

http://a/b/c/d;p?q#s
"
    );
    assert_eq!(
        run.stderr,
        "error: character not allowed in path at byte 1\n  a\\x20b\n   ^\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn resolve_invalid_reference_lines() {
    let run = urikit(
        &["resolve", "--json", "--base", "http://a/b"],
        b"g\nhttp://[::1\nx\xFFy\n",
    );
    let base = "\"base\":\"http://a/b\"";
    assert_eq!(
        run.stdout,
        resolved_line("http://a/b", "g", "http://a/g")
            + &format!(
                "{{{base},\"ref\":\"http://[::1\",{}",
                error_tail("UnclosedIpLiteral", 11, "IP literal not closed by `]`")
            )
            + &format!(
                "{{{base},\"ref\":\"x\u{FFFD}y\",{}",
                error_tail("InvalidUtf8", 1, "invalid UTF-8")
            )
    );
    assert_eq!(run.code, 1);
}

#[test]
fn resolve_stdin_with_crlf() {
    let run = urikit(
        &["resolve", "--json", "--base", RFC_BASE, "g", "-"],
        b"../..\r\n\r\n?y\r\n",
    );
    assert_eq!(
        run.stdout,
        resolved_line(RFC_BASE, "g", "http://a/b/c/g")
            + &resolved_line(RFC_BASE, "../..", "http://a/")
            + &resolved_line(RFC_BASE, "", "http://a/b/c/d;p?q")
            + &resolved_line(RFC_BASE, "?y", "http://a/b/c/d;p?y")
    );
    assert_eq!(run.code, 0);
}

#[test]
fn resolve_relative_or_invalid_base_is_a_usage_error() {
    for args in [
        &["resolve", "--base", "/b/c/d", "g"][..],
        &["resolve", "--json", "--base", "//a/b"],
        &["resolve", "--base", ""],
    ] {
        // References on standard input are not read, nor answered.
        let run = urikit(args, b"g\n");
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "", "{args:?}");
        assert!(
            run.stderr.starts_with(
                "error: the base is a relative reference; a base URI needs a scheme (§5.1) at byte 0\n"
            ),
            "{args:?}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains("Usage: urikit resolve"),
            "{}",
            run.stderr
        );
    }
    let run = urikit(&["resolve", "--base", "/b/c/d", "g"], b"");
    assert!(
        run.stderr.starts_with(
            "error: the base is a relative reference; a base URI needs a scheme (§5.1) at byte 0\n  /b/c/d\n  ^\n"
        ),
        "{}",
        run.stderr
    );

    let run = urikit(&["resolve", "--base", "http://a b/", "g"], b"");
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.starts_with(
            "error: invalid base: character not allowed in host at byte 8\n  http://a\\x20b/\n          ^\n"
        ),
        "{}",
        run.stderr
    );
    let run = urikit(&["relativize", "--base", "a/b", "http://a/"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("a base URI needs a scheme"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("Usage: urikit relativize"),
        "{}",
        run.stderr
    );
}

#[test]
fn resolve_relativize_normalize_usage_errors() {
    for args in [
        &["resolve", "g"][..],
        &["resolve", "--base"],
        &["resolve", "--base", "http://a/", "-", "-"],
        &["relativize", "http://a/"],
        &[
            "relativize",
            "--base",
            "http://a/",
            "--form",
            "shortest-path",
        ],
        &[
            "relativize",
            "--base",
            "http://a/",
            "--form",
            "absolute_path",
        ],
        &["normalize", "--base", "http://a/"],
        &["normalize", "-", "-"],
    ] {
        let run = urikit(args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(
            run.stderr.starts_with("error: "),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(run.stdout, "", "{args:?}");
    }
}

/// Targets of [`RFC_BASE`]'s scheme for the round trips of `relativize`.
const TARGETS: [&str; 14] = [
    "http://a/b/c/g",
    "http://a/b/c/d;p?q",
    "http://a/b/c/d;p?q#s",
    "http://a/b/c/d;p?y",
    "http://a/b/c/d;p",
    "http://a/b/c/",
    "http://a/b/",
    "http://a/",
    "http://a",
    "http://a/g?y#s",
    "http://a/b/x:y",
    "http://a/b/c//g",
    "http://g/x",
    "http://a/b/c/d;p?q#",
];

#[test]
fn relativize_then_resolve_round_trips() {
    let same_document = [
        "http://a/b/c/d;p?q",
        "http://a/b/c/d;p?q#s",
        "http://a/b/c/d;p?q#",
    ];
    let not_absolute_path = ["http://a", "http://g/x"];
    for form in ["shortest", "absolute-path", "network-path", "same-document"] {
        let targets: Vec<&str> = match form {
            "same-document" => same_document.to_vec(),
            "absolute-path" => TARGETS
                .into_iter()
                .filter(|t| !not_absolute_path.contains(t))
                .collect(),
            _ => TARGETS.to_vec(),
        };
        let mut args = vec!["relativize", "--base", RFC_BASE, "--kind", form];
        args.extend(&targets);
        let relativized = urikit(&args, b"");
        assert_eq!(relativized.code, 0, "{form}: {}", relativized.stdout);
        assert_eq!(relativized.stdout.lines().count(), targets.len(), "{form}");
        let resolved = urikit(
            &["resolve", "--base", RFC_BASE],
            relativized.stdout.as_bytes(),
        );
        let expected: String = targets.iter().map(|t| format!("{t}\n")).collect();
        assert_eq!(resolved.stdout, expected, "{form}: {}", relativized.stdout);
        assert_eq!(resolved.code, 0);
    }
    // An absolute path cannot drop the authority, nor change it: the
    // answer is then the target itself (`--form` is the old name of
    // `--kind`).
    let mut args = vec!["relativize", "--base", RFC_BASE, "--form", "absolute-path"];
    args.extend(not_absolute_path);
    let run = urikit(&args, b"");
    assert_eq!(run.stdout, "http://a\nhttp://g/x\n");
    assert_eq!(run.code, 0);
}

#[test]
fn relativize_json_shortest() {
    let run = urikit(
        &["relativize", "--json", "--base", RFC_BASE],
        b"http://a/b/c/g\r\nhttp://a/b/g\r\nhttp://a/b/c/d;p?q\r\nhttp://a/b/c/x:y\r\n",
    );
    assert_eq!(
        run.stdout,
        relativized_line(RFC_BASE, "http://a/b/c/g", "g")
            + &relativized_line(RFC_BASE, "http://a/b/g", "../g")
            + &relativized_line(RFC_BASE, "http://a/b/c/d;p?q", "")
            + &relativized_line(RFC_BASE, "http://a/b/c/x:y", "./x:y")
    );
    assert_eq!(run.code, 0);
}

#[test]
fn relativize_each_form() {
    let targets = ["http://a/b/g?y", "http://a/b/c/d;p?q#s", "http://a/b/c/g"];
    for (form, outputs) in [
        ("shortest", ["../g?y", "#s", "g"]),
        ("absolute-path", ["/b/g?y", "#s", "/b/c/g"]),
        (
            "network-path",
            ["//a/b/g?y", "//a/b/c/d;p?q#s", "//a/b/c/g"],
        ),
    ] {
        let mut args = vec!["relativize", "--base", RFC_BASE, "--kind", form];
        args.extend(targets);
        let run = urikit(&args, b"");
        let expected: String = outputs.iter().map(|r| format!("{r}\n")).collect();
        assert_eq!(run.stdout, expected, "{form}");
        assert_eq!(run.code, 0, "{form}");
    }
    // Shortest is the default.
    let run = urikit(&["relativize", "--base", RFC_BASE, targets[0]], b"");
    assert_eq!(run.stdout, "../g?y\n");

    let run = urikit(
        &[
            "relativize",
            "--json",
            "--form",
            "same-document",
            "--base",
            RFC_BASE,
            "http://a/b/c/d;p?q#s",
            "http://a/b/c/d;p?q",
            "http://a/b/c/g",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        relativized_line(RFC_BASE, "http://a/b/c/d;p?q#s", "#s")
            + &relativized_line(RFC_BASE, "http://a/b/c/d;p?q", "")
            + &format!(
                "{{\"base\":\"{RFC_BASE}\",\"target\":\"http://a/b/c/g\",{}",
                error_tail(
                    "NotSameDocument",
                    0,
                    "the target is not the same document as the base"
                )
            )
    );
    assert_eq!(run.code, 1);
}

#[test]
fn relativize_errors() {
    let run = urikit(
        &[
            "relativize",
            "--json",
            "--base",
            "http://a/b",
            "https://a/b",
            "../c",
            "http://a/./c",
            "http://a/b c",
        ],
        b"",
    );
    let head = |target: &str| format!("{{\"base\":\"http://a/b\",\"target\":\"{target}\",");
    assert_eq!(
        run.stdout,
        relativized_line("http://a/b", "https://a/b", "https://a/b")
            + &head("../c")
            + &error_tail(
                "MissingScheme",
                0,
                "missing scheme (expected a URI such as `https://…`)"
            )
            + &head("http://a/./c")
            + &error_tail(
                "DotSegments",
                0,
                "the target's path has dot segments that resolution would remove; normalize it first"
            )
            + &head("http://a/b c")
            + &error_tail("InvalidPathChar", 10, "character not allowed in path")
    );
    assert_eq!(run.code, 1);

    // No relative reference reaches another scheme, nor one that differs
    // only in case: the answer is the target itself, which resolves to it.
    let run = urikit(
        &[
            "relativize",
            "--base",
            "HTTP://A/b",
            "http://a/c",
            "HTTP://A/c",
            "ftp:x",
        ],
        b"",
    );
    assert_eq!(run.stdout, "http://a/c\nc\nftp:x\n");
    assert_eq!(run.code, 0);
    let resolved = urikit(&["resolve", "--base", "HTTP://A/b"], run.stdout.as_bytes());
    assert_eq!(resolved.stdout, "http://a/c\nHTTP://A/c\nftp:x\n");

    let run = urikit(
        &[
            "relativize",
            "--base",
            "http://a/b",
            "http://a/./c",
            "http://a/c",
        ],
        b"",
    );
    assert_eq!(run.stdout, "\nc\n");
    assert!(
        run.stderr
            .starts_with("error: the target's path has dot segments"),
        "{}",
        run.stderr
    );
    assert_eq!(run.code, 1);
}

#[test]
fn normalize_json_and_text() {
    let input = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d";
    let run = urikit(&["normalize", "--json", input, "../a/./%7e", "a b"], b"");
    assert_eq!(
        run.stdout,
        format!(
            "{{\"input\":\"{input}\",\"valid\":true,\"normalized\":\"example://a/b/c/%7Bfoo%7D\"}}\n"
        ) + "{\"input\":\"../a/./%7e\",\"valid\":true,\"normalized\":\"../a/./~\"}\n"
            + &error_line("a b", "InvalidPathChar", 1, "character not allowed in path")
    );
    assert_eq!(run.code, 1);

    let run = urikit(
        &[
            "normalize",
            input,
            "HTTP://[2001:DB8:0:0:0:0:0:1]:80/%2e%2E/b?%7E#%7e",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "example://a/b/c/%7Bfoo%7D\nhttp://[2001:db8::1]:80/b?~#~\n"
    );
    assert_eq!(run.code, 0);
}

#[test]
fn normalize_stdin_with_crlf() {
    let run = urikit(
        &["normalize"],
        b"HTTP://A/./b\r\n\r\nx\xFF\r\n/%7Ba%7d/../c\r\n",
    );
    assert_eq!(
        run.stdout, "http://a/b\n\n\n/c\n",
        "one line per input, empty for the invalid one"
    );
    assert_eq!(
        run.stderr,
        "error: invalid UTF-8 at byte 1\n  x\\xff\n   ^\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn parse_iri_table() {
    let run = urikit(
        &[
            "parse",
            "--iri",
            "http://bücher.de/",
            "https://ru.wikipedia.org/wiki/Википедия",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "\
input      http://bücher.de/
kind       uri
scheme     http
authority  bücher.de
userinfo   -
host       bücher.de (reg-name)
port       -
path       /
query      -
fragment   -

input      https://ru.wikipedia.org/wiki/Википедия
kind       uri
scheme     https
authority  ru.wikipedia.org
userinfo   -
host       ru.wikipedia.org (reg-name)
port       -
path       /wiki/Википедия
query      -
fragment   -
"
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn parse_iri_json_has_the_fields_of_parse() {
    let run = urikit(
        &["parse", "--iri", "--json"],
        "http://bücher.de/\nhttps://ru.wikipedia.org/wiki/Википедия\n".as_bytes(),
    );
    assert_eq!(
        run.stdout,
        valid_line(
            "http://bücher.de/",
            [
                r#""uri""#,
                r#""http""#,
                r#""bücher.de""#,
                "null",
                r#""bücher.de""#,
                r#""reg-name""#,
                "null",
                r#""/""#,
                "null",
                "null",
            ]
        ) + &valid_line(
            "https://ru.wikipedia.org/wiki/Википедия",
            [
                r#""uri""#,
                r#""https""#,
                r#""ru.wikipedia.org""#,
                "null",
                r#""ru.wikipedia.org""#,
                r#""reg-name""#,
                "null",
                r#""/wiki/Википедия""#,
                "null",
                "null",
            ]
        )
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn parse_with_uri_only_refuses_iris() {
    // With `--uri-only`, a character that is not ASCII is not a URI's
    // (without it, such an input is read as an IRI, as `--iri` reads it).
    let run = urikit(&["--uri-only", "parse", "--json", "http://bücher.de/"], b"");
    assert_eq!(
        run.stdout,
        error_line(
            "http://bücher.de/",
            "InvalidHostChar",
            8,
            "character not allowed in host"
        )
    );
    assert_eq!(run.code, 1);
    // An ASCII reference is the same URI and IRI.
    let uri = urikit(&["parse", "--json", EXAMPLE, "//[::1]:80", "a b"], b"");
    let iri = urikit(
        &["parse", "--iri", "--json", EXAMPLE, "//[::1]:80", "a b"],
        b"",
    );
    assert_eq!((iri.stdout, iri.code), (uri.stdout, uri.code));
}

#[test]
fn parse_iri_invalid_json() {
    let run = urikit(
        &[
            "parse",
            "--iri",
            "--json",
            "http://a/\u{202E}b",
            "http://ü b/",
            "/\u{FFFE}",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        error_line(
            "http://a/\u{202E}b",
            "BidiFormattingChar",
            9,
            "bidirectional formatting character (RFC 3987 §4.1: not allowed in an IRI)"
        ) + &error_line(
            "http://ü b/",
            "InvalidHostChar",
            9,
            "character not allowed in host"
        ) + &error_line(
            "/\u{FFFE}",
            "InvalidPathChar",
            1,
            "character not allowed in path"
        )
    );
    assert_eq!(run.code, 1);
}

/// The JSON line `to-uri --json` prints for an input that maps.
fn uri_line(input: &str, uri: &str) -> String {
    format!("{{\"input\":\"{input}\",\"valid\":true,\"uri\":\"{uri}\"}}\n")
}

/// The JSON line `to-iri --json` prints for an input that maps.
fn iri_line(input: &str, iri: &str) -> String {
    iri_line_warned(input, iri, "")
}

/// The `to-iri --json` line of `input`, with `warnings` the text of its
/// list's items.
fn iri_line_warned(input: &str, iri: &str, warnings: &str) -> String {
    format!(
        "{{\"input\":\"{input}\",\"valid\":true,\"iri\":\"{iri}\",\"warnings\":[{warnings}]}}\n"
    )
}

#[test]
fn to_uri_percent_and_idna() {
    let inputs = [
        "http://résumé.example.org",
        "https://ru.wikipedia.org/wiki/Википедия",
        "http://a/b?c#d",
    ];
    let mut args = vec!["to-uri"];
    args.extend(inputs);
    let run = urikit(&args, b"");
    assert_eq!(
        run.stdout,
        "\
http://r%C3%A9sum%C3%A9.example.org
https://ru.wikipedia.org/wiki/%D0%92%D0%B8%D0%BA%D0%B8%D0%BF%D0%B5%D0%B4%D0%B8%D1%8F
http://a/b?c#d
"
    );
    assert_eq!(run.code, 0, "{}", run.stderr);

    let mut args = vec!["to-uri", "--idna", "--json"];
    args.extend(inputs);
    let run = urikit(&args, b"");
    assert_eq!(
        run.stdout,
        uri_line(inputs[0], "http://xn--rsum-bpad.example.org")
            + &uri_line(
                inputs[1],
                "https://ru.wikipedia.org/wiki/%D0%92%D0%B8%D0%BA%D0%B8%D0%BF%D0%B5%D0%B4%D0%B8%D1%8F"
            )
            + &uri_line(inputs[2], inputs[2])
    );
    assert_eq!(run.code, 0, "{}", run.stderr);

    let run = urikit(&["to-uri", "--json", inputs[0]], b"");
    assert_eq!(
        run.stdout,
        uri_line(inputs[0], "http://r%C3%A9sum%C3%A9.example.org")
    );
}

#[test]
fn to_uri_idna_failure() {
    let input = "http://ex／ample.com/";
    let run = urikit(
        &["to-uri", "--idna", "--json", input, "http://ä.b..c/"],
        b"",
    );
    assert_eq!(
        run.stdout,
        error_line(
            input,
            "DisallowedChar",
            9,
            "character not allowed in a host name (UTS #46 with STD3 rules)"
        ) + &error_line(
            "http://ä.b..c/",
            "EmptyLabel",
            12,
            "empty label in host name"
        )
    );
    assert_eq!(run.code, 1);

    // The caret is under the U+FF0F, two columns wide.
    let run = urikit(&["to-uri", "--idna", input, "http://b.de/"], b"");
    assert_eq!(run.stdout, "\nhttp://b.de/\n");
    assert_eq!(
        run.stderr,
        "\
error: character not allowed in a host name (UTS #46 with STD3 rules) at byte 9
  http://ex／ample.com/
           ^
"
    );
    assert_eq!(run.code, 1);

    // Without `--idna` the host is percent-encoded, which never fails.
    let run = urikit(&["to-uri", input], b"");
    assert_eq!(run.stdout, "http://ex%EF%BC%8Fample.com/\n");
    assert_eq!(run.code, 0);
}

#[test]
fn to_uri_invalid_iris_and_stdin() {
    let stdin = [
        "/ä\r\n\r\nhttp://a/\u{202E}\r\nx\u{FF}y\n".as_bytes(),
        b"\xFF\n",
    ]
    .concat();
    let run = urikit(&["to-uri", "--json"], &stdin);
    assert_eq!(
        run.stdout,
        uri_line("/ä", "/%C3%A4")
            + &uri_line("", "")
            + &error_line(
                "http://a/\u{202E}",
                "BidiFormattingChar",
                9,
                "bidirectional formatting character (RFC 3987 §4.1: not allowed in an IRI)"
            )
            + &uri_line("x\u{FF}y", "x%C3%BFy")
            + &error_line("\u{FFFD}", "InvalidUtf8", 0, "invalid UTF-8")
    );
    assert_eq!(run.code, 1);

    let run = urikit(&["to-uri", "a b"], b"");
    assert_eq!(run.stdout, "\n");
    assert_eq!(
        run.stderr,
        "error: character not allowed in path at byte 1\n  a\\x20b\n   ^\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn to_iri_text_and_json() {
    let run = urikit(
        &[
            "to-iri",
            "http://www.example.org/D%C3%BCrst",
            "http://xn--99zt52a.example.org/%e2%80%ae",
            "http://www.example.org/r%E9sum%E9.html",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "\
http://www.example.org/Dürst
http://xn--99zt52a.example.org/%E2%80%AE
http://www.example.org/r%E9sum%E9.html
"
    );
    assert_eq!(run.code, 0, "{}", run.stderr);

    let run = urikit(
        &[
            "to-iri",
            "--idna",
            "--json",
            "http://www.example.org/D%C3%BCrst",
            "http://xn--99zt52a.example.org/%e2%80%ae",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        iri_line(
            "http://www.example.org/D%C3%BCrst",
            "http://www.example.org/Dürst"
        ) + &iri_line_warned(
            "http://xn--99zt52a.example.org/%e2%80%ae",
            "http://納豆.example.org/%E2%80%AE",
            r#"{"kind":"BidiFormatting","component":"path","message":"path characters `%E2%80%AE` (U+202E) at bytes 26..35 kept percent-encoded: bidirectional formatting character (RFC 3987 §4.1)"}"#
        )
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn to_iri_with_uri_only_needs_a_uri() {
    let run = urikit(&["to-iri", "--uri-only", "--json", "/ü", "a%zz"], b"");
    assert_eq!(
        run.stdout,
        error_line("/ü", "InvalidPathChar", 1, "character not allowed in path")
            + &error_line(
                "a%zz",
                "InvalidPercentEncoding",
                1,
                "`%` not followed by two hex digits"
            )
    );
    assert_eq!(run.code, 1);
}

#[test]
fn to_uri_then_to_iri_round_trips() {
    let iris = "http://résumé.example.org/wiki/Википедия?q=ü#§\n/納豆\n";
    let uris = urikit(&["to-uri"], iris.as_bytes());
    assert_eq!(uris.code, 0);
    let back = urikit(&["to-iri"], uris.stdout.as_bytes());
    assert_eq!((back.stdout.as_str(), back.code), (iris, 0));
}

#[test]
fn to_uri_and_to_iri_usage_errors() {
    for args in [
        &["to-uri", "-", "-"][..],
        &["to-iri", "-", "-"],
        &["to-uri", "--base", "http://a/"],
        &["to-iri", "--set", "path"],
    ] {
        let run = urikit(args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(
            run.stderr.starts_with("error: "),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(run.stdout, "", "{args:?}");
    }
}

#[test]
fn explain_draws_an_iri() {
    let input = "http://納豆.example.org/Dürst?q=ü#§";
    let run = urikit(&["explain", input], b"");
    assert_eq!(
        run.stdout,
        "               host
         ┌──────┴───────┐
  http://納豆.example.org/Dürst?q=ü#§
  └┬─┘   └──────┬───────┘└─┬──┘ └┬┘ │
 scheme     authority     path   │  fragment
                               query

input      http://納豆.example.org/Dürst?q=ü#§
kind       uri
scheme     http
authority  納豆.example.org
userinfo   -
host       納豆.example.org (reg-name)
port       -
path       /Dürst
query      q=ü
fragment   §
"
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// The display columns of `text`, for the lines `explain` draws: two for
/// the CJK characters of these tests, one for every other.
fn columns(text: &str) -> usize {
    text.chars()
        .map(|c| {
            if ('\u{4E00}'..='\u{9FFF}').contains(&c) {
                2
            } else {
                1
            }
        })
        .sum()
}

#[test]
fn explain_brackets_line_up_under_iri_components() {
    let input = "https://user@納豆.example.org:8080/wiki/Википедия?q=ü";
    let run = urikit(&["explain", input], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let drawn = lines.iter().position(|l| l.trim_start() == input).unwrap();
    // The columns where each component starts and ends, from its text. A
    // line of brackets has only one-column characters: its character
    // indexes are columns.
    let at = |s: &str| 2 + columns(&input[..input.find(s).unwrap()]);
    let end = |s: &str| at(s) + columns(s) - 1;
    let above = brackets(lines[drawn - 1], '┌', '┐', ['│', '├']);
    assert_eq!(
        above,
        [
            (at("user"), end("user")),
            (at("納豆"), end("納豆.example.org")),
            (at("8080"), end("8080")),
        ]
    );
    let below = brackets(lines[drawn + 1], '└', '┘', ['│', '├']);
    assert_eq!(
        below,
        [
            (2, end("https")),
            (at("user"), end("user@納豆.example.org:8080")),
            (at("/wiki"), end("/wiki/Википедия")),
            (at("q=ü"), end("q=ü")),
        ]
    );
}

#[test]
fn explain_invalid_iris() {
    let run = urikit(&["explain", "http://a/\u{202E}", "http://ü b/"], b"");
    assert_eq!(run.stdout, "", "no output for invalid inputs");
    assert_eq!(
        run.stderr,
        "\
error: bidirectional formatting character (RFC 3987 §4.1: not allowed in an IRI) at byte 9
  http://a/\\u{202e}
           ^
error: character not allowed in host at byte 9
  http://ü\\x20b/
          ^
"
    );
    assert_eq!(run.code, 1);
}
