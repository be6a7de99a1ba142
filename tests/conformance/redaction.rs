//! The redaction rule for text that may not parse (`urikit::password_spans`,
//! RFC 3986 §3.2.1), over `tests/vectors/passwords.json`: every record's
//! masked form, no secret left in it, no secret in a caret error; then
//! properties over generated input, and linear time on hostile shapes.
//!
//! The CLI's side (every subcommand and output mode over the same file) is
//! `crates/urikit-cli/tests/redaction.rs`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use serde::Deserialize;
use urikit::{
    Caret, IriReference, PasswordSpans, RedactedText, UriReference, password_spans, redact_bytes,
};
use urikit_tests::generators;
use urikit_tests::vectors;

/// A record of `passwords.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    /// `group-n`.
    name: String,
    /// Where the shape comes from.
    source: String,
    /// The text, which may not parse.
    input: String,
    /// The passwords it holds: none may be shown.
    secrets: Vec<String>,
    /// The text with each password as `***`.
    masked: String,
    /// `valid`, `relative`, `iri`, `invalid`, …: what the CLI test expects
    /// of it; not asserted here.
    shape: String,
    /// `base`: the CLI test also gives it as `--base`.
    #[serde(default)]
    role: Option<String>,
}

urikit_tests::vector!(Record);

/// The forms in which a secret must not appear: as written, and
/// percent-decoded when it holds triplets.
fn forms(secret: &str) -> Vec<String> {
    let mut forms = vec![secret.to_owned()];
    if let Ok(decoded) = urikit::encode::decode_utf8(secret) {
        if decoded != secret {
            forms.push(decoded.into_owned());
        }
    }
    forms
}

fn check(r: &Record) -> Vec<String> {
    let mut problems = Vec::new();
    let shown = RedactedText::new(&r.input).to_string();
    if shown != r.masked {
        problems.push(format!("shown as {shown:?}, expected {:?}", r.masked));
    }
    if *redact_bytes(r.input.as_bytes()) != *r.masked.as_bytes() {
        problems.push("redact_bytes differs from RedactedText".to_owned());
    }
    let caret = match IriReference::parse(&r.input) {
        Err(e) => e.caret(&r.input).to_string(),
        Ok(_) => match UriReference::parse(&r.input) {
            Err(e) => e.caret(&r.input).to_string(),
            Ok(_) => Caret::new("shown", r.input.len() / 2, r.input.as_bytes()).to_string(),
        },
    };
    for secret in &r.secrets {
        for form in forms(secret) {
            if shown.contains(&form) {
                problems.push(format!("the masked text shows {form:?}"));
            }
            if caret.contains(&form) {
                problems.push(format!("the caret shows {form:?}:\n{caret}"));
            }
        }
    }
    if r.role.as_deref().is_some_and(|role| role != "base") {
        problems.push("role is `base` or absent".to_owned());
    }
    if r.shape.is_empty() {
        problems.push("no shape".to_owned());
    }
    problems
}

#[test]
fn password_vectors() {
    let records: Vec<Record> = vectors::load("passwords.json");
    assert!(records.len() >= 60, "{} records", records.len());
    vectors::run("passwords.json", check);
}

#[test]
fn shown_as_written_on_request() {
    let input = "https://user:p#ss@example.com/";
    let err = UriReference::parse(input).unwrap_err();
    assert!(!err.caret(input).to_string().contains("p#ss"));
    assert!(
        err.caret(input)
            .showing_passwords()
            .to_string()
            .contains("p#ss")
    );
}

/// Checks the spans of `text`: in order, apart, inside, at character
/// boundaries, and the masked text is the text with each span replaced by
/// `***` and nothing else changed.
fn spans_are_sound(text: &str) -> Result<Vec<std::ops::Range<usize>>, TestCaseError> {
    let spans: Vec<_> = password_spans(text.as_bytes()).collect();
    let mut expected = String::new();
    let mut copied = 0;
    for span in &spans {
        prop_assert!(span.start >= copied && span.start < span.end && span.end <= text.len());
        prop_assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
        expected.push_str(&text[copied..span.start]);
        expected.push_str("***");
        copied = span.end;
    }
    expected.push_str(&text[copied..]);
    prop_assert_eq!(RedactedText::new(text).to_string(), expected);
    Ok(spans)
}

/// Text around a URL: prefixes and suffixes of logs, CSV, markup.
fn wrapper() -> impl Strategy<Value = (String, String)> {
    prop_oneof![
        Just((String::new(), String::new())),
        Just((" ".to_owned(), " x".to_owned())),
        Just(("<".to_owned(), ">".to_owned())),
        Just(("\"".to_owned(), "\"".to_owned())),
        Just(("url=".to_owned(), "&next=1".to_owned())),
        Just(("1,".to_owned(), ",x".to_owned())),
        Just((
            "https://a.example/ ".to_owned(),
            " https://b.example/".to_owned()
        )),
        "[ -~]{0,8}".prop_map(|p| (p, String::new())),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Any text: the spans are sound.
    #[test]
    fn any_text(text in "[ -~\t:/@\\\\\u{ff1a}\u{ff0f}\u{ff20}é]{0,64}") {
        spans_are_sound(&text)?;
    }

    /// A generated URI reference with a password, wrapped or not: every
    /// byte of the password, as the RFC 3986 parser reads it, is hidden.
    #[test]
    fn every_parsed_password_is_hidden(
        r in generators::reference(),
        password in "[a-zA-Z0-9!$&'()*+,;=:%]{1,12}",
        (prefix, suffix) in wrapper(),
    ) {
        let Some(_) = r.host else { return Ok(()) };
        let mut r = r;
        let user = r.userinfo.as_deref().and_then(|u| u.split(':').next()).unwrap_or("u").to_owned();
        r.userinfo = Some(format!("{user}:{password}"));
        let url = r.text();
        let Ok(parsed) = UriReference::parse_with(&url, r.options()) else { return Ok(()) };
        let userinfo = parsed.userinfo().unwrap_or_default();
        let start = prefix.len() + url.find(userinfo).unwrap_or(0) + user.len() + 1;
        let end = prefix.len() + url.find(userinfo).unwrap_or(0) + userinfo.len();
        let text = format!("{prefix}{url}{suffix}");
        let spans = spans_are_sound(&text)?;
        for i in start..end {
            prop_assert!(
                spans.iter().any(|s| s.contains(&i)),
                "byte {} of {:?} ({:?}) is shown; spans {:?}", i, text, &text[start..end], spans
            );
        }
    }

    /// What the WHATWG parser (the `url` crate) reads as a password, in
    /// URLs with backslashes, few slashes and look-alike-free delimiters,
    /// is hidden too.
    #[test]
    fn whatwg_passwords_are_hidden(
        scheme in prop_oneof![Just("http"), Just("https"), Just("ws"), Just("ftp"), Just("foo")],
        slashes in prop_oneof![Just(""), Just("/"), Just("//"), Just("\\\\"), Just("/\\"), Just("///")],
        user in "[a-z]{0,4}",
        password in "[A-Z][a-zA-Z0-9#/?@ ]{2,10}[0-9]",
        host in "[a-z]{1,6}(\\.[a-z]{2,3})?",
        rest in "(/[a-z]{0,4})?",
    ) {
        let text = format!("{scheme}:{slashes}{user}:{password}@{host}{rest}");
        let spans = spans_are_sound(&text)?;
        if let Ok(url) = url::Url::parse(&text) {
            if let Some(read) = url.password() {
                let shown = RedactedText::new(&text).to_string();
                let decoded = urikit::encode::decode_utf8_lossy(read);
                if decoded.len() >= 4 {
                    prop_assert!(!shown.contains(&*decoded), "{:?} shows {:?} ({:?})", text, decoded, spans);
                }
            }
        }
    }
}

/// Shapes that would make a rule that looks ahead from every `//`, colon
/// or `@` quadratic.
const SHAPES: &[(&str, &str)] = &[
    ("slashes with colons", "//a:b/ "),
    ("special schemes", "http:x "),
    ("brackets", "[http:"),
    ("ports", "//h:1/"),
    ("userinfos", "//u:p@"),
    ("ats without authority", "a:b@c "),
    ("look-alike slashes", "\u{ff0f}\u{ff0f}x\u{ff1a}"),
    ("new URLs", " a:/"),
    ("passwords with slashes", "//u:p/q "),
];

fn median(text: &str) -> Duration {
    let mut times: Vec<Duration> = (0..7)
        .map(|_| {
            let start = Instant::now();
            black_box(password_spans(black_box(text.as_bytes())).len());
            black_box(PasswordSpans::of_prefix(black_box(text.as_bytes())).len());
            start.elapsed()
        })
        .collect();
    times.sort();
    times[3]
}

#[test]
fn redaction_time_grows_linearly() {
    let _timing = crate::timing();
    /// Linear is 4, quadratic 16.
    const LIMIT: f64 = 12.0;
    let mut report = Vec::new();
    let mut failed = false;
    for &(name, unit) in SHAPES {
        let mut n = 4096;
        while n < (1 << 22) && median(&unit.repeat(n)) < Duration::from_millis(2) {
            n *= 2;
        }
        let (small, large) = (unit.repeat(n), unit.repeat(4 * n));
        let best = (0..5)
            .map(|_| median(&large).as_secs_f64() / median(&small).as_secs_f64().max(1e-9))
            .fold(f64::INFINITY, f64::min);
        failed |= best >= LIMIT;
        report.push(format!(
            "{name}: n = {n} units, time(4n) / time(n) = {best:.2}"
        ));
    }
    let report = report.join("\n");
    println!("{report}");
    assert!(!failed, "redaction grows faster than linearly:\n{report}");
}
