//! End-to-end tests of the scheme subcommands of the `urikit` binary:
//! `scheme` (every example URI of the encyclopedia articles, and the
//! failures issue 16 names), `normalize --scheme`, `equivalent`, and
//! `file-path` and `file-uri` for both OSes, with exact outputs and exit
//! statuses.

mod common;
use common::urikit;

/// Checks that `urikit args…` prints exactly `lines` (each followed by a
/// line break) and exits with `code`.
#[track_caller]
fn check(args: &[&str], code: i32, lines: &[&str]) {
    check_stdin(args, b"", code, lines);
}

/// [`check`], with `stdin` on standard input.
#[track_caller]
fn check_stdin(args: &[&str], stdin: &[u8], code: i32, lines: &[&str]) {
    let run = urikit(args, stdin);
    let expected: String = lines.iter().map(|l| format!("{l}\n")).collect();
    assert_eq!(run.stdout, expected, "urikit {args:?}");
    assert_eq!(run.code, code, "urikit {args:?}: {}", run.stderr);
    if code != 2 {
        assert_eq!(run.stderr, "", "urikit {args:?}");
    }
}

/// Runs `urikit args…` and checks its exit status, its standard output
/// (`lines`, each ending in a line break) and its standard error
/// (`diagnostics`, likewise).
#[track_caller]
fn check_streams(args: &[&str], stdin: &[u8], code: i32, lines: &[&str], diagnostics: &[&str]) {
    let run = urikit(args, stdin);
    let joined = |lines: &[&str]| -> String { lines.iter().map(|l| format!("{l}\n")).collect() };
    assert_eq!(run.stdout, joined(lines), "urikit {args:?}");
    assert_eq!(run.stderr, joined(diagnostics), "urikit {args:?}");
    assert_eq!(run.code, code, "urikit {args:?}");
}

/// The `scheme --json` line of a URI registered as permanent and known to
/// the registry: `valid`, the scheme, then `fields` and `violations` as
/// JSON.
fn known(input: &str, valid: bool, scheme: &str, fields: &str, violations: &str) -> String {
    format!(
        r#"{{"input":"{input}","valid":{valid},"scheme":"{scheme}","known":true,"registered":true,"status":"permanent","uri_valid":true,"fields":{fields},"violations":{violations}}}"#
    )
}

/// One violation object.
fn violation(severity: &str, kind: &str, index: usize, message: &str) -> String {
    format!(r#"{{"severity":"{severity}","kind":"{kind}","index":{index},"message":"{message}"}}"#)
}

const EXAMPLE: &str =
    "https://john.doe@www.example.com:123/forum/questions/?tag=networking&order=newest#top";

#[test]
fn scheme_json_encyclopedia_examples() {
    let cases = [
        known(
            "mailto:John.Doe@example.com",
            true,
            "mailto",
            r#"{"to":["John.Doe@example.com"],"headers":[]}"#,
            "[]",
        ),
        known(
            "tel:+1-816-555-1212",
            true,
            "tel",
            r#"{"global":true,"number":"+1-816-555-1212","phone_context":null,"params":[]}"#,
            "[]",
        ),
        known(
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            true,
            "urn",
            r#"{"nid":"oasis","nss":"names:specification:docbook:dtd:xml:4.1.2","r_component":null,"q_component":null,"f_component":null}"#,
            "[]",
        ),
        known(
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            true,
            "ldap",
            r#"{"dn":"c=GB","attributes":["objectClass"],"scope":"one","filter":"(objectClass=*)","extensions":[]}"#,
            "[]",
        ),
        known(
            "news:comp.infosystems.www.servers.unix",
            true,
            "news",
            r#"{"server":null,"port":null,"newsgroups":"comp.infosystems.www.servers.unix","message_id":null,"article_number":null}"#,
            "[]",
        ),
        known("telnet://192.0.2.16:80/", true, "telnet", "{}", "[]"),
        known(
            "urn:isbn:0-486-27557-4",
            true,
            "urn",
            r#"{"nid":"isbn","nss":"0-486-27557-4","r_component":null,"q_component":null,"f_component":null}"#,
            "[]",
        ),
        known(
            EXAMPLE,
            true,
            "https",
            r#"{"host":"www.example.com","port":"123","origin":["https","www.example.com","123"]}"#,
            &format!(
                "[{}]",
                violation(
                    "warning",
                    "UserinfoInHttp",
                    8,
                    "a userinfo in an http(s) URI is deprecated"
                )
            ),
        ),
    ];
    for line in &cases {
        let input = line
            .strip_prefix(r#"{"input":""#)
            .and_then(|rest| rest.split_once('"'))
            .map(|(input, _)| input)
            .unwrap();
        // Warnings only: every example is valid.
        check(&["scheme", "--json", input], 0, &[line]);
    }
    // All at once, in order.
    let inputs: Vec<&str> = cases
        .iter()
        .map(|line| line[10..].split_once('"').unwrap().0)
        .collect();
    let lines: Vec<&str> = cases.iter().map(String::as_str).collect();
    let mut args = vec!["scheme", "--json"];
    args.extend(&inputs);
    check(&args, 0, &lines);
}

#[test]
fn scheme_json_failures_of_the_issue() {
    let cases = [
        (
            "urn:",
            known(
                "urn:",
                false,
                "urn",
                "{}",
                &format!(
                    "[{}]",
                    violation(
                        "error",
                        "MissingNid",
                        4,
                        "a URN needs a namespace identifier after `urn:`"
                    )
                ),
            ),
        ),
        (
            "tel:hello",
            known(
                "tel:hello",
                false,
                "tel",
                "{}",
                &format!(
                    "[{}]",
                    violation(
                        "error",
                        "InvalidNumber",
                        4,
                        "a number is `+` and digits, or a local number of hex digits, `*`, `#` and visual separators"
                    )
                ),
            ),
        ),
        (
            "data:no-comma",
            known(
                "data:no-comma",
                false,
                "data",
                "{}",
                &format!(
                    "[{}]",
                    violation(
                        "error",
                        "MissingComma",
                        13,
                        "a data URI needs a `,` before its data"
                    )
                ),
            ),
        ),
        (
            "mailto:nobody",
            known(
                "mailto:nobody",
                false,
                "mailto",
                r#"{"to":["nobody"],"headers":[]}"#,
                &format!(
                    "[{}]",
                    violation(
                        "error",
                        "InvalidAddress",
                        13,
                        r#"not an addr-spec: local-part \"@\" domain, without whitespace"#
                    )
                ),
            ),
        ),
        (
            "https:///abc",
            known(
                "https:///abc",
                false,
                "https",
                r#"{"host":"","port":null,"origin":["https","","443"]}"#,
                &format!(
                    "[{}]",
                    violation("error", "MissingHost", 8, "the host is empty")
                ),
            ),
        ),
    ];
    for (input, line) in &cases {
        check(&["scheme", "--json", input], 1, &[line]);
        // Each is a URI by RFC 3986: `parse` takes it.
        assert_eq!(urikit(&["parse", input], b"").code, 0, "{input}");
    }
}

#[test]
fn scheme_json_fields_of_every_scheme() {
    let lines = [
        known(
            "data:text/plain;charset=utf-8;base64,SGVsbG8=",
            true,
            "data",
            r#"{"media_type":"text/plain","base64":true,"data_len":5,"parameters":[["charset","utf-8"]]}"#,
            "[]",
        ),
        known(
            "file://host.example.com/path/to/file",
            true,
            "file",
            r#"{"host":"host.example.com","path":"/path/to/file"}"#,
            "[]",
        ),
        known(
            "file://localhost/etc/hosts",
            true,
            "file",
            r#"{"host":null,"path":"/etc/hosts"}"#,
            "[]",
        ),
        known(
            "ftp://ftp.is.co.za/rfc/rfc1808.txt;type=A",
            true,
            "ftp",
            r#"{"host":"ftp.is.co.za","port":null,"user":null,"segments":["rfc","rfc1808.txt"],"typecode":"a"}"#,
            "[]",
        ),
        known(
            "nntp://news.gmane.org:119/gmane.ietf.tools/742",
            true,
            "nntp",
            r#"{"server":"news.gmane.org","port":"119","newsgroups":"gmane.ietf.tools","message_id":null,"article_number":"742"}"#,
            "[]",
        ),
        known(
            "tel:7042;ext=11;phone-context=example.com;npdi",
            true,
            "tel",
            r#"{"global":false,"number":"7042","phone_context":"example.com","params":[["ext","11"],["npdi",null]]}"#,
            "[]",
        ),
        known(
            "urn:example:a123,z456?+abc?=op=map#789",
            true,
            "urn",
            r#"{"nid":"example","nss":"a123,z456","r_component":"abc","q_component":"op=map","f_component":"789"}"#,
            "[]",
        ),
        known(
            "mailto:?to=a@example.org&subject=hi%20there&body=x",
            true,
            "mailto",
            r#"{"to":["a@example.org"],"headers":[["to","a@example.org"],["subject","hi there"],["body","x"]]}"#,
            "[]",
        ),
        known(
            "ldap://h/o=x?cn,mail?sub?(cn=Babs%20Jensen)?!e-bindname=cn=Manager%2cdc=example%2cdc=com",
            true,
            "ldap",
            r#"{"dn":"o=x","attributes":["cn","mail"],"scope":"sub","filter":"(cn=Babs Jensen)","extensions":[[true,"e-bindname","cn=Manager,dc=example,dc=com"]]}"#,
            &format!(
                "[{}]",
                violation(
                    "warning",
                    "CriticalExtension",
                    44,
                    "a critical extension: a client that does not implement it must not process the URL"
                )
            ),
        ),
        known(
            "WSS://Example.COM/chat",
            true,
            "wss",
            r#"{"host":"Example.COM","port":null,"origin":["wss","example.com","443"]}"#,
            "[]",
        ),
    ];
    for line in &lines {
        let input = line[10..].split_once('"').unwrap().0;
        check(&["scheme", "--json", input], 0, &[line]);
    }
}

#[test]
fn scheme_json_unknown_unregistered_and_not_uris() {
    check(
        &[
            "scheme",
            "--json",
            "x-example:a",
            "gopher://h/1",
            "a/b",
            "http://a b",
        ],
        1,
        &[
            r#"{"input":"x-example:a","valid":true,"scheme":"x-example","known":false,"registered":false,"status":null,"uri_valid":true,"fields":{},"violations":[]}"#,
            r#"{"input":"gopher://h/1","valid":true,"scheme":"gopher","known":false,"registered":true,"status":"permanent","uri_valid":true,"fields":{},"violations":[]}"#,
            r#"{"input":"a/b","valid":false,"uri_valid":false,"error":{"kind":"MissingScheme","index":0,"message":"missing scheme (expected a URI such as `https://…`)"}}"#,
            r#"{"input":"http://a b","valid":false,"uri_valid":false,"error":{"kind":"InvalidHostChar","index":8,"message":"character not allowed in host"}}"#,
        ],
    );
    // Historical and provisional, in lower case.
    let run = urikit(&["scheme", "--json", "wais://h/db", "HTTP://a/"], b"");
    assert!(
        run.stdout
            .contains(r#""scheme":"wais","known":false,"registered":true,"status":"historical""#),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(r#""scheme":"http","known":true"#),
        "{}",
        run.stdout
    );
    // Not UTF-8, from standard input.
    check_stdin(
        &["scheme", "--json"],
        b"tel:+1\xFF\r\n",
        1,
        &[
            r#"{"input":"tel:+1�","valid":false,"uri_valid":false,"error":{"kind":"InvalidUtf8","index":6,"message":"invalid UTF-8"}}"#,
        ],
    );
}

#[test]
fn scheme_table() {
    check_streams(
        &["scheme", EXAMPLE, "mailto:nobody", "a b"],
        b"",
        1,
        &[
            "input           https://john.doe@www.example.com:123/forum/questions/?tag=networking&order=newest#top",
            "scheme          https",
            "known           yes (locator)",
            "registered      permanent (RFC9110, Section 4.2.2)",
            "valid           yes",
            "host            www.example.com",
            "port            123",
            "origin          https://www.example.com:123",
            "warning[UserinfoInHttp]: a userinfo in an http(s) URI is deprecated (RFC 9110 §4.2.4) at byte 8",
            "  https://john.doe@www.example.com:123/forum/questions/?tag=networking…",
            "          ^",
            "",
            "input           mailto:nobody",
            "scheme          mailto",
            "known           yes (name)",
            "registered      permanent (RFC6068)",
            "valid           no",
            "to              nobody",
            "headers         -",
            r#"error[InvalidAddress]: not an addr-spec: local-part "@" domain, without whitespace (RFC 6068 §2) at byte 13"#,
            "  mailto:nobody",
            "               ^",
        ],
        &[
            "error: missing scheme (expected a URI such as `https://…`) at byte 0",
            r"  a\x20b",
            "  ^",
        ],
    );
}

/// A data URI's table lists its media type's parameters, the default
/// charset of RFC 2397 §2 when it gives no media type.
#[test]
fn scheme_table_data_parameters() {
    check(
        &[
            "scheme",
            "data:text/plain;charset=utf-8;base64,SGVsbG8=",
            "data:,x",
        ],
        0,
        &[
            "input           data:text/plain;charset=utf-8;base64,SGVsbG8=",
            "scheme          data",
            "known           yes (locator)",
            "registered      permanent (RFC2397)",
            "valid           yes",
            "media_type      text/plain",
            "base64          yes",
            "data_len        5",
            "parameters      charset=utf-8",
            "",
            "input           data:,x",
            "scheme          data",
            "known           yes (locator)",
            "registered      permanent (RFC2397)",
            "valid           yes",
            "media_type      text/plain",
            "base64          no",
            "data_len        1",
            "parameters      charset=US-ASCII",
        ],
    );
}

#[test]
fn scheme_table_escapes_what_would_hide() {
    check(
        &[
            "scheme",
            "mailto:a@b.c?subject=x%0D%0ABcc:%20evil@x.y%E2%80%AE",
        ],
        1,
        &[
            "input           mailto:a@b.c?subject=x%0D%0ABcc:%20evil@x.y%E2%80%AE",
            "scheme          mailto",
            "known           yes (name)",
            "registered      permanent (RFC6068)",
            "valid           no",
            "to              a@b.c",
            r"headers         subject: x\r\nBcc: evil@x.y\u{202e}",
            "error[HeaderInjection]: a line break (%0D, %0A) in a header field would start another header field (RFC 6068 §7) at byte 22",
            "  mailto:a@b.c?subject=x%0D%0ABcc:%20evil@x.y%E2%80%AE",
            "                        ^",
        ],
    );
}

#[test]
fn scheme_hostile_inputs_finish() {
    let mut input = b"data:;base64,".to_vec();
    input.extend(std::iter::repeat_n(b"QUFB"[..].iter().copied(), 2_500_000).flatten());
    input.extend(b"\ntel:+");
    input.extend(std::iter::repeat_n(b'1', 1_000_000));
    input.push(b'\n');
    let run = urikit(&["scheme", "--json"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].contains(
        r#""fields":{"media_type":"text/plain","base64":true,"data_len":7500000,"parameters":[["charset","US-ASCII"]]}"#
    ));
    assert!(lines[1].contains(r#""kind":"TooLong""#));
}

#[test]
fn normalize_by_scheme() {
    let inputs = [
        "HTTP://Example.COM:80",
        "https://a.example:443/%7euser",
        "mailto:Joe@Example.COM",
        "tel:+1-201-555-0123;EXT=1",
        "urn:ISBN:0-486-27557-4",
        "ftp://h:21/a;type=D",
        "x-example://a:80/./b",
        "../a/./%7e",
    ];
    let mut args = vec!["normalize", "--scheme"];
    args.extend(inputs);
    check(
        &args,
        0,
        &[
            "http://example.com/",
            "https://a.example/~user",
            "mailto:Joe@example.com",
            "tel:+12015550123;ext=1",
            "urn:isbn:0-486-27557-4",
            "ftp://h/a;type=d",
            "x-example://a:80/b",
            "../a/./~",
        ],
    );
    // Without `--scheme`, syntax only: default ports stay.
    let mut args = vec!["normalize"];
    args.extend(&inputs[..2]);
    check(
        &args,
        0,
        &["http://example.com:80", "https://a.example:443/~user"],
    );
    check(
        &["normalize", "--scheme", "--json", "HTTP://A:80", "a b"],
        1,
        &[
            r#"{"input":"HTTP://A:80","valid":true,"normalized":"http://a/"}"#,
            r#"{"input":"a b","valid":false,"error":{"kind":"InvalidPathChar","index":1,"message":"character not allowed in path"}}"#,
        ],
    );
}

#[test]
fn equivalent_pair() {
    check(
        &[
            "equivalent",
            "http://example.com:80/",
            "http://example.com/",
        ],
        0,
        &["true (scheme)"],
    );
    check(
        &[
            "equivalent",
            "--json",
            "http://example.com:80/",
            "http://example.com/",
        ],
        0,
        &[r#"{"a":"http://example.com:80/","b":"http://example.com/","equivalent":true}"#],
    );
    check(
        &["equivalent", "http://example.com/", "https://example.com/"],
        0,
        &["false"],
    );
    check(
        &["equivalent", "--json", "http://a/", "http://a b/"],
        1,
        &[
            r#"{"a":"http://a/","b":"http://a b/","valid":false,"side":"b","error":{"kind":"InvalidHostChar","index":8,"message":"character not allowed in host"}}"#,
        ],
    );
    check_streams(
        &["equivalent", "http://a b/", "http://a/"],
        b"",
        1,
        &[""],
        &[
            "error: character not allowed in host at byte 8",
            r"  http://a\x20b/",
            "          ^",
        ],
    );
}

#[test]
fn equivalent_pairs_from_stdin() {
    let stdin = b"a/b\ta/b\nHTTP://a/%7e\thttp://a/~\r\nmailto:Joe@Example.COM\tmailto:Joe@example.com\nhttp://a/\thttps://a/\nno-tab\nx\thttp://a b\n\t\n";
    let lines = [
        "true (string)",
        "true (syntax)",
        "true (scheme)",
        "false",
        "",
        "",
        "true (string)",
    ];
    let diagnostics = [
        "error: no tab between the two references at byte 6",
        "  no-tab",
        "        ^",
        "error: character not allowed in host at byte 8",
        r"  http://a\x20b",
        "          ^",
    ];
    check_streams(&["equivalent"], stdin, 1, &lines, &diagnostics);
    check_streams(&["equivalent", "-"], stdin, 1, &lines, &diagnostics);
    check_stdin(
        &["equivalent", "--json"],
        stdin,
        1,
        &[
            r#"{"a":"a/b","b":"a/b","equivalent":true}"#,
            r#"{"a":"HTTP://a/%7e","b":"http://a/~","equivalent":true}"#,
            r#"{"a":"mailto:Joe@Example.COM","b":"mailto:Joe@example.com","equivalent":true}"#,
            r#"{"a":"http://a/","b":"https://a/","equivalent":false}"#,
            r#"{"a":"no-tab","b":null,"valid":false,"side":"a","error":{"kind":"MissingTab","index":6,"message":"no tab between the two references"}}"#,
            r#"{"a":"x","b":"http://a b","valid":false,"side":"b","error":{"kind":"InvalidHostChar","index":8,"message":"character not allowed in host"}}"#,
            r#"{"a":"","b":"","equivalent":true}"#,
        ],
    );
}

#[test]
fn equivalent_usage_errors() {
    for args in [&["equivalent", "a"][..], &["equivalent", "a", "b", "c"]] {
        let run = urikit(args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "");
        assert!(
            run.stderr.contains("Usage: urikit equivalent"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn file_path_posix() {
    check(
        &[
            "file-path",
            "--os",
            "posix",
            "file:///home/me/a%20b.txt",
            "file://localhost/etc/../etc/hosts",
            "file:/tmp/x",
        ],
        0,
        &["/home/me/a b.txt", "/etc/hosts", "/tmp/x"],
    );
    check(
        &[
            "file-path",
            "--os",
            "posix",
            "--json",
            "file:///home/me/a%20b.txt",
            "file://host.example.com/a",
            "file:///srv/www/..%2F..%2Fetc/passwd",
            "http://a/b",
            "a/b",
        ],
        1,
        &[
            r#"{"input":"file:///home/me/a%20b.txt","valid":true,"path":"/home/me/a b.txt"}"#,
            r#"{"input":"file://host.example.com/a","valid":false,"error":{"kind":"NonLocal","index":7,"message":"the file is on another host"}}"#,
            r#"{"input":"file:///srv/www/..%2F..%2Fetc/passwd","valid":false,"error":{"kind":"EncodedSeparator","index":18,"message":"a `%2F` (or, on Windows, `%5C`) would decode to a separator"}}"#,
            r#"{"input":"http://a/b","valid":false,"error":{"kind":"NotFile","index":0,"message":"the scheme is not `file`"}}"#,
            r#"{"input":"a/b","valid":false,"error":{"kind":"MissingScheme","index":0,"message":"missing scheme (expected a URI such as `https://…`)"}}"#,
        ],
    );
}

#[test]
fn file_path_windows() {
    check(
        &[
            "file-path",
            "--os",
            "windows",
            "file:///C:/Program%20Files/a",
            "file:///C|/a",
            "file://server/share/a.txt",
            "file:////server/share/a.txt",
        ],
        0,
        &[
            r"C:\Program Files\a",
            r"C:\a",
            r"\\server\share\a.txt",
            r"\\server\share\a.txt",
        ],
    );
    check(
        &[
            "file-path",
            "--os",
            "windows",
            "--json",
            "file:///C:/a",
            "file:///a/b",
            "file:///C:/a/con.txt",
        ],
        1,
        &[
            r#"{"input":"file:///C:/a","valid":true,"path":"C:\\a"}"#,
            r#"{"input":"file:///a/b","valid":false,"error":{"kind":"NoDrive","index":7,"message":"a local Windows path needs a drive letter"}}"#,
            r#"{"input":"file:///C:/a/con.txt","valid":false,"error":{"kind":"ReservedName","index":13,"message":"a name Windows reserves (a device name, or one ending in `.` or a space)"}}"#,
        ],
    );
    check_streams(
        &["file-path", "--os", "windows", "file:///a/b"],
        b"",
        1,
        &[""],
        &[
            "error: a local Windows path needs a drive letter at byte 7",
            "  file:///a/b",
            "         ^",
        ],
    );
}

#[test]
fn file_uri_posix() {
    check(
        &["file-uri", "--os", "posix", "/home/me/a b.txt", "/tmp/100%"],
        0,
        &["file:///home/me/a%20b.txt", "file:///tmp/100%25"],
    );
    check(
        &[
            "file-uri", "--os", "posix", "--json", "/a#b", "a/b", "/a/../b", "//host/a",
        ],
        1,
        &[
            r#"{"input":"/a#b","valid":true,"uri":"file:///a%23b"}"#,
            r#"{"input":"a/b","valid":false,"error":{"kind":"RelativePath","index":0,"message":"not an absolute path"}}"#,
            r#"{"input":"/a/../b","valid":false,"error":{"kind":"DotSegment","index":3,"message":"a `.` or `..` segment, which no URI can hold"}}"#,
            r#"{"input":"//host/a","valid":false,"error":{"kind":"LeadingDoubleSlash","index":0,"message":"a path beginning with `//` that is no UNC path"}}"#,
        ],
    );
}

#[test]
fn file_uri_windows() {
    check(
        &[
            "file-uri",
            "--os",
            "windows",
            r"C:\Users\me\a#1.txt",
            r"\\host.example.com\Share\a.txt",
            "D:/x y",
        ],
        0,
        &[
            "file:///C:/Users/me/a%231.txt",
            "file://host.example.com/Share/a.txt",
            "file:///D:/x%20y",
        ],
    );
    check(
        &[
            "file-uri",
            "--os",
            "windows",
            "--json",
            r"C:\a",
            "C:a",
            r"C:\a\con.txt",
        ],
        1,
        &[
            r#"{"input":"C:\\a","valid":true,"uri":"file:///C:/a"}"#,
            r#"{"input":"C:a","valid":false,"error":{"kind":"RelativePath","index":2,"message":"not an absolute path"}}"#,
            r#"{"input":"C:\\a\\con.txt","valid":false,"error":{"kind":"ReservedName","index":5,"message":"a name Windows reserves (a device name, or one ending in `.` or a space)"}}"#,
        ],
    );
}

#[test]
fn file_paths_round_trip() {
    for (os, paths) in [
        ("posix", &["/", "/a b/c%d", "/ü/日本"][..]),
        (
            "windows",
            &[r"C:\", r"C:\a b\c%d", r"\\host\share\ü", r"d:\x"][..],
        ),
    ] {
        for path in paths {
            let uri = urikit(&["file-uri", "--os", os, path], b"");
            assert_eq!(uri.code, 0, "{os} {path}: {}", uri.stdout);
            let back = urikit(&["file-path", "--os", os, uri.stdout.trim_end()], b"");
            assert_eq!(back.stdout, format!("{path}\n"), "{os} {path}");
        }
    }
}

#[test]
fn file_path_os_is_required() {
    for subcommand in ["file-path", "file-uri"] {
        let run = urikit(&[subcommand, "x"], b"");
        assert_eq!(run.code, 2, "{subcommand}");
        assert!(run.stderr.contains("--os <OS>"), "{}", run.stderr);
        let run = urikit(&[subcommand, "--os", "macos", "x"], b"");
        assert_eq!(run.code, 2, "{subcommand}");
        assert!(
            run.stderr.contains("[possible values: posix, windows]"),
            "{}",
            run.stderr
        );
    }
}

/// The new schemes' fields come from the library's description as they
/// are (sip's password masked, as every password is), in JSON and the
/// table alike.
#[test]
fn scheme_sip_geo_pkg_fields_from_the_library() {
    let line = known(
        "geo:1,2;u=3",
        true,
        "geo",
        r#"{"coordinates":["1","2"],"crs":"wgs84","uncertainty":"3","parameters":[]}"#,
        "[]",
    );
    check(&["scheme", "--json", "geo:1,2;u=3"], 0, &[&line]);
    let run = urikit(
        &["scheme", "--json", "sip:alice:secret@atlanta.com;lr"],
        b"",
    );
    assert!(run.stdout.contains(r#""password":"***""#), "{}", run.stdout);
    assert!(
        run.stdout.contains(r#""parameters":[["lr",null]]"#),
        "{}",
        run.stdout
    );
    let run = urikit(&["scheme", "sip:alice:secret@atlanta.com;lr"], b"");
    assert!(
        run.stdout.contains("password        ***\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("parameters      lr\n"),
        "{}",
        run.stdout
    );
    let run = urikit(&["scheme", "pkg:npm/%40angular/animation@12.3.1?b=1"], b"");
    assert!(
        run.stdout
            .contains("namespace       @angular\nname            animation\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("qualifiers      b=1\n"),
        "{}",
        run.stdout
    );
}
