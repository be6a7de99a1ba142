//! Large inputs: 10 MB references parse, errors in them land at the right
//! byte, and parsing time grows linearly with the input.
//!
//! Linearity is checked as a ratio, never as a wall-clock limit: the median
//! time for an input of size 4N over the median time for size N must stay
//! well under 16 (what a quadratic parser would show), below 12 to leave room
//! for noise on a small, shared machine.
//!
//! The timing takes `crate::timing()` and the 10 MB tests
//! `crate::big_input()`, so that no other timing and no 10 MB test of the
//! binary runs beside the timing.

use std::hint::black_box;
use std::time::{Duration, Instant};

use urikit::{ParseErrorKind, ParseOptions, RelativeRef, Uri, UriReference};

/// Ten megabytes.
const TEN_MB: usize = 10 * 1024 * 1024;

/// `prefix`, then `unit` repeated until the text is at least `len` bytes, then `suffix`.
fn repeat(prefix: &str, unit: &str, len: usize, suffix: &str) -> String {
    let count = len
        .saturating_sub(prefix.len() + suffix.len())
        .div_ceil(unit.len());
    let mut s = String::with_capacity(prefix.len() + unit.len() * count + suffix.len());
    s.push_str(prefix);
    for _ in 0..count {
        s.push_str(unit);
    }
    s.push_str(suffix);
    s
}

/// The kind and index of the error `UriReference::parse` gives.
fn error_of(input: &str) -> Option<(ParseErrorKind, usize)> {
    UriReference::parse(input)
        .err()
        .map(|e| (e.kind(), e.index()))
}

#[test]
fn a_ten_megabyte_path_parses() {
    let _big = crate::big_input();
    let input = repeat("http://a/", "seg/", TEN_MB, "end");
    let uri = Uri::parse(&input).expect("a 10 MB path is valid");
    assert_eq!(uri.path().len(), input.len() - "http://a".len());
    assert_eq!(uri.host_str(), Some("a"));
    assert_eq!(
        uri.path_segments().count(),
        (input.len() - "http://a/end".len()) / 4 + 1
    );
    assert_eq!(uri.to_string().len(), input.len());
}

#[test]
fn a_ten_megabyte_query_of_triplets_parses() {
    let _big = crate::big_input();
    let input = repeat("http://a/?", "%41", TEN_MB, "");
    let uri = Uri::parse(&input).expect("a 10 MB query is valid");
    assert_eq!(
        uri.query().map(str::len),
        Some(input.len() - "http://a/?".len())
    );
    assert_eq!(uri.fragment(), None);
}

#[test]
fn ten_megabyte_authorities_and_literals() {
    let _big = crate::big_input();
    // A 10 MB registered name and a 10 MB IPvFuture are valid.
    let input = repeat("//", "a.", TEN_MB, "b:80/");
    let r = RelativeRef::parse(&input).expect("a 10 MB reg-name is valid");
    assert_eq!(r.port(), Some("80"));
    let input = repeat("//[v1.", "x:", TEN_MB, "]");
    let r = RelativeRef::parse(&input).expect("a 10 MB IPvFuture is valid");
    assert_eq!(r.host_kind(), Some(urikit::HostKind::IpvFuture));
}

#[test]
fn errors_in_ten_megabyte_inputs_land_on_the_right_byte() {
    let _big = crate::big_input();
    // `@` repeated: the first ends an empty userinfo, the second is in the host.
    let input = repeat("http://", "@", TEN_MB, "");
    assert_eq!(error_of(&input), Some((ParseErrorKind::InvalidHostChar, 8)));
    // `[` repeated after `//`: an IP literal whose first byte is wrong.
    let input = repeat("http://", "[", TEN_MB, "");
    assert_eq!(error_of(&input), Some((ParseErrorKind::InvalidIpv6, 8)));
    // `[` repeated alone: not a path byte.
    let input = repeat("", "[", TEN_MB, "");
    assert_eq!(error_of(&input), Some((ParseErrorKind::InvalidPathChar, 0)));
    // An unclosed 10 MB IPvFuture: the `]` is missing at the end.
    let input = repeat("//[v1.", "x", TEN_MB, "");
    assert_eq!(
        error_of(&input),
        Some((ParseErrorKind::UnclosedIpLiteral, input.len()))
    );
    // A bad byte at the very end of a 10 MB path, query and fragment.
    for (prefix, kind) in [
        ("http://a/", ParseErrorKind::InvalidPathChar),
        ("http://a/?", ParseErrorKind::InvalidQueryChar),
        ("http://a/#", ParseErrorKind::InvalidFragmentChar),
    ] {
        let input = repeat(prefix, "ab", TEN_MB, " ");
        assert_eq!(error_of(&input), Some((kind, input.len() - 1)), "{prefix}");
    }
    // A `:` after a 10 MB first segment of a relative reference.
    let input = repeat("", "a", TEN_MB, ":");
    let e = RelativeRef::parse(&input).unwrap_err();
    assert_eq!(
        (e.kind(), e.index()),
        (ParseErrorKind::ColonInFirstSegment, input.len() - 1)
    );
    // A 10 MB scheme is a scheme; with a space at its end it is an invalid one.
    let input = repeat("", "a", TEN_MB, ":");
    assert_eq!(
        Uri::parse(&input).map(|u| u.scheme().len()),
        Ok(input.len() - 1)
    );
    let input = repeat("", "a", TEN_MB, " :");
    assert_eq!(
        error_of(&input),
        Some((ParseErrorKind::InvalidScheme, input.len() - 2))
    );
    // A 10 MB userinfo with a bad byte at its end.
    let input = repeat("//", "u", TEN_MB, "[@h");
    assert_eq!(
        error_of(&input),
        Some((ParseErrorKind::InvalidUserinfoChar, input.len() - 3))
    );
    // A 10 MB port with a letter at its end.
    let input = repeat("//h:", "8", TEN_MB, "x");
    assert_eq!(
        error_of(&input),
        Some((ParseErrorKind::InvalidPortChar, input.len() - 1))
    );
    // A 10 MB zone identifier with a bad byte at its end.
    let input = repeat("//[fe80::1%25", "z", TEN_MB, ":]");
    let e = UriReference::parse_with(&input, ParseOptions::new().allow_zone_id(true)).unwrap_err();
    assert_eq!(
        (e.kind(), e.index()),
        (ParseErrorKind::InvalidZoneId, input.len() - 2)
    );
}

/// A family of inputs: the input of about `n` bytes.
type Make = fn(usize) -> String;

/// Inputs that make every part of the parser walk the whole input, some valid,
/// some failing at the last byte, some built to tempt a rescan.
const SHAPES: &[(&str, Make)] = &[
    ("path", |n| repeat("http://a/", "seg/", n, "")),
    ("query of triplets", |n| repeat("?", "%41", n, "")),
    ("fragment", |n| repeat("#", "a/?", n, "")),
    ("bad byte at the end of a path", |n| {
        repeat("/", "a", n, " ")
    }),
    ("scheme-like first segment", |n| repeat("", "a", n, "/")),
    (
        "scheme-like first segment with a `:` at its end, relative",
        |n| repeat("", "a", n, ":"),
    ),
    ("@ in the authority", |n| repeat("//", "a@", n, "")),
    ("reg-name", |n| repeat("//", "a.", n, "/")),
    ("colons in the userinfo", |n| repeat("//", ":", n, "@h")),
    ("unclosed IPvFuture", |n| repeat("//[v1.", "x", n, "")),
    ("port", |n| repeat("//h:", "1", n, "/")),
    ("`[` repeated", |n| repeat("//", "[", n, "")),
    ("IPv6 groups", |n| repeat("//[", "1:", n, "]")),
];

/// Parses `input` against all three rules.
fn parse_all(input: &str) -> usize {
    let a = UriReference::parse(input).map_or_else(|e| e.index(), |r| r.as_str().len());
    let b = Uri::parse(input).map_or_else(|e| e.index(), |r| r.as_str().len());
    let c = RelativeRef::parse(input).map_or_else(|e| e.index(), |r| r.as_str().len());
    a ^ b ^ c
}

/// The median of `runs` timings of `parse_all(input)`.
fn median_time(input: &str, runs: usize) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(parse_all(black_box(input)));
            start.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

/// The ratio time(4n) / time(n) for `make`: the median of three ratios,
/// each of medians of `RUNS` timings, after a warm-up.
fn ratio(make: Make, n: usize) -> f64 {
    const RUNS: usize = 9;
    let small = make(n);
    let large = make(4 * n);
    black_box(parse_all(&small));
    black_box(parse_all(&large));
    let mut ratios: Vec<f64> = (0..3)
        .map(|_| {
            // Interleaved, so that a slow spell of the machine hits both sizes.
            let t_small = median_time(&small, RUNS);
            let t_large = median_time(&large, RUNS);
            t_large.as_secs_f64() / t_small.as_secs_f64().max(1e-9)
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    ratios[1]
}

#[test]
fn parsing_time_grows_linearly() {
    let _timing = crate::timing();
    /// Linear is 4, quadratic 16.
    const LIMIT: f64 = 12.0;
    /// Measurements per shape before calling it superlinear: a busy machine
    /// can spoil one, not a quadratic parser's every one.
    const ATTEMPTS: usize = 5;
    let mut report = Vec::new();
    let mut failed = false;
    for &(name, make) in SHAPES {
        // Pick n so that the small input takes a measurable time (at least
        // 2 ms), whatever the build profile and the machine.
        let mut n = 16 * 1024;
        while n < 4 * 1024 * 1024 && median_time(&make(n), 3) < Duration::from_millis(2) {
            n *= 2;
        }
        let mut ratios = Vec::new();
        while ratios.len() < ATTEMPTS {
            let r = ratio(make, n);
            ratios.push(r);
            if r < LIMIT {
                break;
            }
        }
        let best = ratios.iter().copied().fold(f64::INFINITY, f64::min);
        failed |= best >= LIMIT;
        report.push(format!(
            "{name}: n = {n} bytes, time(4n) / time(n) = {best:.2} (attempts: {ratios:.2?})"
        ));
    }
    let report = report.join("\n");
    println!("{report}");
    assert!(
        !failed,
        "parsing time grows faster than linearly (limit {LIMIT}):\n{report}"
    );
}
