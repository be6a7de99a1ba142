//! URI Template matching in linear time on inputs built to defeat a
//! backtracking matcher: templates of 1,000 expressions (adjacent exploded
//! lists, which a backtracking matcher splits every way; literal-separated
//! expressions that fail at the very end) and URIs up to 1 MB (the
//! literal-separated shape; the adjacent one, whose every byte wakes the
//! whole template, smaller); one expression of 1,000 parameters is checked
//! for its answer. Measured as `hostile.rs` measures (`hostile::ratios`:
//! medians of interleaved timings of N and 4N), and held to the issue's
//! bound: time(4N) / time(N) under 5.

use std::sync::OnceLock;

use urikit::template::{MatchErrorKind, MatchOptions, Template};

use crate::hostile::{Work, ratios};

/// time(4N) / time(N) must stay under this (linear is 4).
const LIMIT: f64 = 5.0;

/// A template of `count` copies of `unit` (`{i}` replaced by the index).
fn template(
    cell: &'static OnceLock<Template>,
    unit: &str,
    count: usize,
    suffix: &str,
) -> &'static Template {
    cell.get_or_init(|| {
        let mut text = String::new();
        for i in 0..count {
            text.push_str(&unit.replace("{i}", &i.to_string()));
        }
        text.push_str(suffix);
        Template::parse(&text).unwrap()
    })
}

static ADJACENT: OnceLock<Template> = OnceLock::new();
static SEPARATED: OnceLock<Template> = OnceLock::new();
static PARAMS: OnceLock<Template> = OnceLock::new();

/// `{/a0*}{/a1*}…{/a999*}!`: every split of `/x/x/…` among 1,000 lists.
fn adjacent() -> &'static Template {
    template(&ADJACENT, "{/a{i}*}", 1000, "!")
}

/// `/{a0}/{a1}/…/{a999}`.
fn separated() -> &'static Template {
    template(&SEPARATED, "/{a{i}}", 1000, "")
}

/// `{?p0,p1,…,p999}`, one expression.
fn params() -> &'static Template {
    PARAMS.get_or_init(|| {
        let names: Vec<String> = (0..1000).map(|i| format!("p{i}")).collect();
        Template::parse(&format!("{{?{}}}", names.join(","))).unwrap()
    })
}

/// The kind of the match error as a number, or the captures' count.
fn outcome(t: &Template, uri: &str) -> usize {
    match t.match_with(uri, &MatchOptions::new()) {
        Ok(c) => c.len(),
        Err(e) => 10_000 + e.kind() as usize,
    }
}

fn match_adjacent(uri: &str) -> usize {
    outcome(adjacent(), uri)
}

fn match_separated(uri: &str) -> usize {
    outcome(separated(), uri)
}

/// `params()` on `uri` (its answer is checked, its time not measured:
/// each byte of a value may end it, which wakes the 1,000 parameters after
/// it, 0.6 ms a byte unoptimized).
fn match_params(uri: &str) -> usize {
    outcome(params(), uri)
}

/// `/x` to `n` bytes: no `!`, so no split of it among the lists matches.
fn slashes(n: usize) -> String {
    "/x".repeat(n / 2)
}

/// 1,000 segments of `n / 1000` bytes, then one segment too many.
fn segments(n: usize) -> String {
    let seg = "a".repeat((n / 1000).max(1));
    let mut s = String::with_capacity(n + 2000);
    for _ in 0..1000 {
        s.push('/');
        s.push_str(&seg);
    }
    s.push_str("/a");
    s
}

/// `?p0=…&p1=…`, 1,000 parameters sharing `n` bytes of values.
fn query(n: usize) -> String {
    let value = "v".repeat((n / 1000).max(1));
    let pairs: Vec<String> = (0..1000).map(|i| format!("p{i}={value}")).collect();
    format!("?{}", pairs.join("&"))
}

/// The shapes: name, input, work, and N (in bytes).
/// Makes the URI for N bytes.
type Make = fn(usize) -> String;

const SHAPES: &[(&str, Make, Work, usize)] = &[
    // Time is N times the template's size, and these tests run
    // unoptimized: in the first shape every list may be the one reading
    // each byte (about 10,000 live states a byte, 14 ms a byte
    // unoptimized), so N is small there.
    (
        "1,000 adjacent exploded lists, no match at the end",
        slashes,
        match_adjacent,
        8,
    ),
    (
        "1,000 literal-separated expressions, one segment too many",
        segments,
        match_separated,
        16 * 1024,
    ),
];

#[test]
fn template_matching_is_linear_on_hostile_shapes() {
    let _timing = crate::timing();
    let mut report = Vec::new();
    let mut failed = false;
    for &(name, make, work, n) in SHAPES {
        // Measured again before it is called superlinear, as `hostile::linear`.
        let mut best = f64::INFINITY;
        let mut attempts = Vec::new();
        for _ in 0..3 {
            let (time, _) = ratios(&make, work, n);
            attempts.push(time);
            best = best.min(time);
            if best < LIMIT {
                break;
            }
        }
        failed |= best >= LIMIT;
        eprintln!("{name}: {best:.2}");
        report.push(format!(
            "{name}: N = {n} bytes, time(4N) / time(N) = {best:.2} (attempts: {attempts:.2?})"
        ));
    }
    let report = report.join("\n");
    println!("{report}");
    assert!(
        !failed,
        "time grows faster than linearly (limit {LIMIT}):\n{report}"
    );
}

#[test]
fn hostile_templates_give_the_right_answers() {
    let _big = crate::big_input();
    let no_match = 10_000 + MatchErrorKind::NoMatch as usize;
    assert_eq!(match_adjacent(&slashes(64)), no_match);
    // With the `!`, 1,000 lists share the members every way: ambiguous.
    let t = adjacent();
    let err = t
        .match_with(&format!("{}!", slashes(64)), &MatchOptions::new())
        .unwrap_err();
    assert_eq!(err.kind(), MatchErrorKind::Ambiguous);
    // A megabyte: one segment too many fails at the last `/`.
    let uri = segments(1 << 20);
    let err = separated()
        .match_with(&uri, &MatchOptions::new())
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.index()),
        (MatchErrorKind::NoMatch, uri.len() - 2)
    );
    assert_eq!(match_separated(&uri[..uri.len() - 2]), 1000);
    assert_eq!(match_params(&query(4096)), 1000);
}
