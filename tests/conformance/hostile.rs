//! Hostile inputs: the parser-confusion cases of SSRF research, read from
//! `vectors/hostile.json`, and size and shape attacks, each its own test.
//!
//! Every record of `hostile.json` says what urikit must make of its input:
//! `"valid": true` with all seven components and the host kind (and the
//! address, the zone identifier, the normal form where it matters), or
//! `"valid": false` with the error's kind and byte index. The expectations
//! were worked out by hand from RFC 3986 and `docs/spec-notes.md`, never by
//! running the parser (`vectors/README.md` gives the method). A record that
//! urikit is known to get wrong says why in `"expected_failure"`: it is
//! skipped, and the test fails when it starts passing, so the mark comes off
//! with the fix (the loop of `urikit_tests::vectors::run` enforces both).
//! `docs/security.md` explains each group.
//!
//! Overlong UTF-8 (`C0 AF` for `/`) cannot be tested here: a `&str` cannot
//! hold it, so it never reaches the parser; the CLI reads bytes and refuses
//! it as invalid UTF-8 (its own tests cover such bytes).
//! [`overlong_utf8_never_reaches_the_parser`] checks the `&str` side.
//!
//! The size tests check outcomes on inputs of 10 MB and a million
//! repetitions, and that time and memory grow linearly: the median time (and
//! the output's capacity) at size 4N over that at size N must stay under
//! [`LIMIT`] (linear is 4, quadratic 16), as in `large_input.rs`. Parsing
//! allocates nothing at all (`allocations/no_alloc.rs` proves it), so for the
//! parser only time is measured. The timing takes `crate::timing()` and the
//! other size tests `crate::big_input()`, so that no other timing and no
//! 10 MB test of the binary runs beside the timing.

use std::collections::BTreeSet;
use std::hint::black_box;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{Map, Value};
use urikit::encode::{QueryPairs, Separator};
use urikit::resolve::{Resolver, normalize};
use urikit::{
    Components, Host, ParseError, ParseErrorKind, ParseOptions, RelativeRef, Uri, UriReference,
};
use urikit_tests::parsing::{parts, recompose};
use urikit_tests::vectors::{Vector, load, run};

/// The hostile vectors.
const FILE: &str = "hostile.json";

/// The fields a record may have.
const FIELDS: &[&str] = &[
    "name",
    "source",
    "input",
    "rule",
    "options",
    "valid",
    "components",
    "host_kind",
    "ip",
    "zone_id",
    "normalized",
    "error",
    "note",
    "expected_failure",
];

/// The component names of `components`, in RFC 3986 order.
const COMPONENTS: [&str; 7] = [
    "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];

/// The groups the file must cover: one per class of hostile input.
const GROUPS: &[&str] = &[
    "backslash",
    "at",
    "userinfo",
    "hash-at",
    "pct-host",
    "ipv4-form",
    "bracket",
    "zone",
    "control",
    "nfkc",
    "port",
    "confusion",
    "rule",
];

/// A record of `hostile.json`, an object whose shape [`schema_problems`]
/// checks, field by field.
#[derive(Debug, Deserialize)]
#[serde(transparent)]
struct Record(Map<String, Value>);

impl Vector for Record {
    fn id(&self) -> String {
        text(&self.0, "name").unwrap_or("?").to_owned()
    }

    fn source(&self) -> &str {
        text(&self.0, "source").unwrap_or_default()
    }

    fn input(&self) -> String {
        text(&self.0, "input").unwrap_or_default().to_owned()
    }

    /// The record's `expected_failure`, unless the record is malformed: a
    /// malformed record always fails.
    fn expected_failure(&self) -> Option<&str> {
        text(&self.0, "expected_failure").filter(|_| schema_problems(&self.0).is_empty())
    }
}

/// Reads `hostile.json`.
fn records() -> Vec<Map<String, Value>> {
    load::<Record>(FILE).into_iter().map(|r| r.0).collect()
}

/// A string field, if present and a string.
fn text<'a>(record: &'a Map<String, Value>, field: &str) -> Option<&'a str> {
    record.get(field).and_then(Value::as_str)
}

/// A field that is a string or `null`: `Some(None)` for `null`, `None` when
/// absent (or of another type, which [`schema_problems`] reports).
fn nullable<'a>(object: &'a Map<String, Value>, field: &str) -> Option<Option<&'a str>> {
    match object.get(field) {
        Some(Value::Null) => Some(None),
        Some(Value::String(s)) => Some(Some(s)),
        _ => None,
    }
}

/// What is wrong with a record's shape, if anything.
fn schema_problems(r: &Map<String, Value>) -> Vec<String> {
    let mut problems = Vec::new();
    for key in r.keys() {
        if !FIELDS.contains(&key.as_str()) {
            problems.push(format!("unknown field {key:?}"));
        }
    }
    for field in ["name", "source", "input"] {
        if text(r, field).is_none_or(|s| field != "input" && s.trim().is_empty()) {
            problems.push(format!("no {field}"));
        }
    }
    if let Some(rule) = r.get("rule") {
        if !matches!(rule.as_str(), Some("reference" | "uri" | "relative")) {
            problems.push(format!("unknown rule {rule}"));
        }
    }
    if let Some(options) = r.get("options") {
        if options != &serde_json::json!({"zone_id": true}) {
            problems.push(format!("unknown options {options}"));
        }
    }
    if let Some(reason) = r.get("expected_failure") {
        if reason.as_str().is_none_or(|s| s.trim().is_empty()) {
            problems.push("`expected_failure` must give the reason".into());
        }
    }
    match r.get("valid") {
        Some(Value::Bool(true)) => {
            if r.contains_key("error") {
                problems.push("a valid record has an `error`".into());
            }
            match r.get("components") {
                Some(Value::Object(c)) => {
                    for name in COMPONENTS {
                        if nullable(c, name).is_none() {
                            problems.push(format!("components.{name} must be a string or null"));
                        }
                    }
                    if c.len() != COMPONENTS.len() {
                        problems.push("components has unknown fields".into());
                    }
                }
                _ => problems.push("a valid record needs all seven `components`".into()),
            }
            if nullable(r, "host_kind").is_none() {
                problems.push("a valid record needs `host_kind` (null without authority)".into());
            }
            if let Some(n) = r.get("normalized") {
                let ok = n.as_object().is_some_and(|n| {
                    n.len() == 2 && text(n, "text").is_some() && nullable(n, "host_kind").is_some()
                });
                if !ok {
                    problems.push("`normalized` is `{\"text\", \"host_kind\"}`".into());
                }
            }
        }
        Some(Value::Bool(false)) => {
            let ok = r.get("error").and_then(Value::as_object).is_some_and(|e| {
                e.len() == 2
                    && text(e, "kind").is_some()
                    && e.get("index").is_some_and(Value::is_u64)
            });
            if !ok {
                problems.push("an invalid record needs `error: {kind, index}`".into());
            }
            for field in ["components", "host_kind", "ip", "zone_id", "normalized"] {
                if r.contains_key(field) {
                    problems.push(format!("an invalid record has `{field}`"));
                }
            }
        }
        _ => problems.push("`valid` must be true or false".into()),
    }
    problems
}

/// Parses `input` against the record's rule and options.
fn parse<'a>(r: &Map<String, Value>, input: &'a str) -> Result<Components<'a>, ParseError> {
    let options = ParseOptions::new().allow_zone_id(r.contains_key("options"));
    match text(r, "rule") {
        Some("uri") => Uri::parse_with(input, options).map(|u| u.components()),
        Some("relative") => RelativeRef::parse_with(input, options).map(|u| u.components()),
        _ => UriReference::parse_with(input, options).map(|u| u.components()),
    }
}

/// Shows an optional text as the vector file writes it.
fn show(v: Option<&str>) -> String {
    v.map_or_else(|| "null".to_owned(), |s| format!("{s:?}"))
}

/// Checks one record against urikit; returns what differs.
fn check(r: &Map<String, Value>) -> Vec<String> {
    let input = text(r, "input").unwrap_or_default();
    let mut problems = Vec::new();
    match (parse(r, input), r.get("valid") == Some(&Value::Bool(true))) {
        (Err(e), true) => problems.push(format!(
            "rejected: {} at {} ({e})",
            e.kind().name(),
            e.index()
        )),
        (Ok(c), false) => problems.push(format!("accepted: {:?}", parts(&c))),
        (Err(e), false) => {
            let want = r.get("error").and_then(Value::as_object);
            let kind = want.and_then(|e| text(e, "kind")).unwrap_or_default();
            let index = want.and_then(|e| e.get("index")).and_then(Value::as_u64);
            if !ParseErrorKind::ALL.iter().any(|k| k.name() == kind) {
                problems.push(format!("unknown error kind {kind:?}"));
            }
            if kind != e.kind().name() || index != Some(e.index() as u64) {
                problems.push(format!(
                    "expected {kind} at {}, got {} at {}",
                    index.unwrap_or_default(),
                    e.kind().name(),
                    e.index()
                ));
            }
        }
        (Ok(c), true) => check_valid(r, input, &c, &mut problems),
    }
    problems
}

/// The checks on a parse that succeeded.
fn check_valid(
    r: &Map<String, Value>,
    input: &str,
    c: &Components<'_>,
    problems: &mut Vec<String>,
) {
    if recompose(c) != input || c.as_str() != input {
        problems.push(format!("does not give back its input: {:?}", recompose(c)));
    }
    if let Some(Value::Object(want)) = r.get("components") {
        let got = [
            c.scheme(),
            c.userinfo(),
            c.host_str(),
            c.port(),
            Some(c.path()),
            c.query(),
            c.fragment(),
        ];
        for (name, got) in COMPONENTS.into_iter().zip(got) {
            let want = nullable(want, name).flatten();
            if want != got {
                problems.push(format!(
                    "{name}: expected {}, got {}",
                    show(want),
                    show(got)
                ));
            }
        }
    }
    let want_kind = nullable(r, "host_kind").flatten();
    let got_kind = c.host_kind().map(|k| k.as_str());
    if want_kind != got_kind {
        problems.push(format!(
            "host kind: expected {}, got {}",
            show(want_kind),
            show(got_kind)
        ));
    }
    match (c.host(), want_kind) {
        (Some(host), Some(kind)) if host.kind().as_str() != kind => {
            problems.push(format!("host() is {host:?}, not a {kind}"));
        }
        // A reg-name is a name, whatever it looks like: never an address.
        (Some(host @ Host::RegName(_)), _) if host.ip().is_some() => {
            problems.push(format!("the reg-name {host:?} has an address"));
        }
        _ => {}
    }
    if let Some(ip) = text(r, "ip") {
        match ip.parse::<IpAddr>() {
            Ok(ip) => {
                let got = c.host().and_then(|h| h.ip());
                if got != Some(ip) {
                    problems.push(format!("ip: expected {ip}, got {got:?}"));
                }
            }
            Err(_) => problems.push(format!("the record's ip {ip:?} is not an address")),
        }
    }
    if let Some(zone) = text(r, "zone_id") {
        match c.host() {
            Some(Host::Ipv6 {
                zone: Some(got), ..
            }) if got == zone => {}
            other => problems.push(format!("zone id: expected {zone:?}, host() is {other:?}")),
        }
    }
    if let Some(Value::Object(n)) = r.get("normalized") {
        let reference = UriReference::parse_with(input, ParseOptions::new().allow_zone_id(true));
        match reference {
            Ok(reference) => {
                let normal = normalize(reference);
                let want = text(n, "text").unwrap_or_default();
                if normal.as_str() != want {
                    problems.push(format!(
                        "normalized: expected {want:?}, got {:?}",
                        normal.as_str()
                    ));
                }
                let want_kind = nullable(n, "host_kind").flatten();
                let got_kind = normal.host_kind().map(|k| k.as_str());
                if want_kind != got_kind {
                    problems.push(format!(
                        "normalized host kind: expected {}, got {}",
                        show(want_kind),
                        show(got_kind)
                    ));
                }
            }
            Err(e) => problems.push(format!("not a URI reference, cannot normalize: {e}")),
        }
    }
}

/// Every record of `hostile.json`, with `expected_failure` enforced both
/// ways; a malformed record fails, whatever it says.
#[test]
fn hostile_vectors() {
    run(FILE, |r: &Record| {
        let schema = schema_problems(&r.0);
        if !schema.is_empty() {
            return vec![format!("malformed record: {}", schema.join("; "))];
        }
        check(&r.0)
    });
}

/// The file's shape: unique `<group>-<n>` names, every group of [`GROUPS`] present.
#[test]
fn hostile_vector_names_are_unique_and_every_group_is_covered() {
    let records = records();
    let mut names = BTreeSet::new();
    let mut groups = BTreeSet::new();
    let mut problems = Vec::new();
    for r in &records {
        let name = text(r, "name").unwrap_or_default();
        if !names.insert(name) {
            problems.push(format!("{name}: used twice"));
        }
        match name.rsplit_once('-') {
            Some((group, n)) if n.parse::<u32>().is_ok_and(|n| n > 0 && n % 100 == 0) => {
                groups.insert(group);
            }
            _ => problems.push(format!("{name}: not `<group>-<multiple of 100>`")),
        }
    }
    for group in GROUPS {
        if !groups.contains(group) {
            problems.push(format!("no record in group {group}"));
        }
    }
    for group in &groups {
        if !GROUPS.contains(group) {
            problems.push(format!(
                "group {group} is not in GROUPS (and docs/security.md?)"
            ));
        }
    }
    assert!(problems.is_empty(), "{FILE}:\n{}", problems.join("\n"));
}

/// Overlong UTF-8 cannot be a `&str`; what is left of it is refused.
#[test]
fn overlong_utf8_never_reaches_the_parser() {
    // `C0 AF` is an overlong `/`, `E0 80 AF` another; `C0 80` an overlong NUL.
    // None is UTF-8, so none can be a `&str`: the parser never sees them.
    for bytes in [
        &b"http://a/\xC0\xAF"[..],
        b"http://a\xE0\x80\xAF",
        b"http://a/\xC0\x80",
    ] {
        let err = std::str::from_utf8(bytes).unwrap_err();
        assert!(err.valid_up_to() >= 8, "{bytes:?}");
        // What a lossy conversion makes of them is refused as non-ASCII, at
        // the first byte of the first U+FFFD.
        let lossy = String::from_utf8_lossy(bytes);
        let e = UriReference::parse(&lossy).unwrap_err();
        assert_eq!(e.index(), err.valid_up_to(), "{lossy:?}");
    }
    // Encoded, an overlong sequence is valid syntax and an invalid decoding.
    let uri = Uri::parse("http://a/%C0%AF").unwrap();
    let decoded = urikit::encode::decode_utf8(uri.path());
    assert!(decoded.is_err(), "{decoded:?}");
}

// ------------------------------------------------------------------ size and shape

/// Linear is 4, quadratic 16.
pub(crate) const LIMIT: f64 = 12.0;

/// Ten megabytes.
const TEN_MB: usize = 10 * 1024 * 1024;

/// A million.
pub(crate) const MILLION: usize = 1_000_000;

/// `prefix`, `unit` `count` times, then `suffix`. (`str::repeat` is
/// optimized code even in a debug build, which keeps these tests fast.)
fn repeat(prefix: &str, unit: &str, count: usize, suffix: &str) -> String {
    format!("{prefix}{}{suffix}", unit.repeat(count))
}

/// `unit` repeated to about `len` bytes, between `prefix` and `suffix`.
fn repeat_to(prefix: &str, unit: &str, len: usize, suffix: &str) -> String {
    repeat(prefix, unit, len.div_ceil(unit.len()), suffix)
}

/// The kind and index of `UriReference::parse`'s error.
fn error_of(input: &str) -> Option<(ParseErrorKind, usize)> {
    UriReference::parse(input)
        .err()
        .map(|e| (e.kind(), e.index()))
}

/// One operation on an input of about `n` units: it runs, and returns the
/// bytes it holds on to afterwards (an output's capacity; 0 for a parse).
pub(crate) type Work = fn(&str) -> usize;

/// Makes the input for `n` units.
type Make = fn(usize) -> String;

/// Parses against all three rules; holds nothing.
fn parse_all(input: &str) -> usize {
    let a = UriReference::parse(input).map_or_else(|e| e.index(), |r| r.as_str().len());
    let b = Uri::parse(input).map_or_else(|e| e.index(), |r| r.as_str().len());
    let c = RelativeRef::parse(input).map_or_else(|e| e.index(), |r| r.as_str().len());
    black_box(a ^ b ^ c);
    0
}

/// Resolves `input` (a reference) against `http://a/b/c/d`; the target's capacity.
fn resolve_against_base(input: &str) -> usize {
    let mut resolver = Resolver::new(Uri::parse("http://a/b/c/d").unwrap());
    let mut out = String::new();
    resolver.resolve_into(UriReference::parse(input).unwrap(), &mut out);
    out.capacity()
}

/// Normalizes `input`; the normal form's length (an owned reference holds
/// one `String`, sized to its text).
fn normalize_it(input: &str) -> usize {
    normalize(UriReference::parse(input).unwrap())
        .as_str()
        .len()
}

/// Counts the pairs of the query `input`; holds nothing (zero-copy).
fn count_pairs(input: &str) -> usize {
    black_box(QueryPairs::new(input, Separator::Ampersand).count());
    0
}

/// The shapes whose time (and memory) must grow linearly.
const SHAPES: &[(&str, Make, Work)] = &[
    (
        "a million `/..`, resolved",
        |n| repeat("", "/..", n, "/g"),
        resolve_against_base,
    ),
    (
        "`../` repeated, resolved",
        |n| repeat("", "../", n, "g"),
        resolve_against_base,
    ),
    (
        "`b/..` repeated, normalized",
        |n| repeat("http://a/", "b/../", n, ""),
        normalize_it,
    ),
    (
        "`/..` repeated, parsed",
        |n| repeat("http://a", "/..", n, ""),
        parse_all,
    ),
    (
        "`%41` repeated, parsed",
        |n| repeat("http://a/?", "%41", n, ""),
        parse_all,
    ),
    (
        "`%41` repeated, normalized",
        |n| repeat("http://a/", "%41", n, ""),
        normalize_it,
    ),
    (
        "`@` repeated, parsed",
        |n| repeat("http://", "@", n, ""),
        parse_all,
    ),
    (
        "`a@` repeated, parsed",
        |n| repeat("http://", "a@", n, "/"),
        parse_all,
    ),
    (
        "`[` repeated, parsed",
        |n| repeat("http://", "[", n, ""),
        parse_all,
    ),
    (
        "`[` repeated in an IP literal, parsed",
        |n| repeat("http://[", "1:", n, "]"),
        parse_all,
    ),
    (
        "`a=1&` pairs, iterated",
        |n| repeat("", "a=1&", n, ""),
        count_pairs,
    ),
];

/// The median of `runs` timings of `work(input)`, and what it held.
pub(crate) fn median_time(work: Work, input: &str, runs: usize) -> (Duration, usize) {
    let mut held = 0;
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            held = black_box(work(black_box(input)));
            start.elapsed()
        })
        .collect();
    times.sort();
    (times[runs / 2], held)
}

/// The time ratio time(4n) / time(n) (the median of three ratios, each of
/// medians of three timings, interleaved), and the memory ratio.
pub(crate) fn ratios(make: &dyn Fn(usize) -> String, work: Work, n: usize) -> (f64, f64) {
    const RUNS: usize = 3;
    let small = make(n);
    let large = make(4 * n);
    let (_, held_small) = median_time(work, &small, 1);
    let (_, held_large) = median_time(work, &large, 1);
    let mut times: Vec<f64> = (0..3)
        .map(|_| {
            let (t_small, _) = median_time(work, &small, RUNS);
            let (t_large, _) = median_time(work, &large, RUNS);
            t_large.as_secs_f64() / t_small.as_secs_f64().max(1e-9)
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let memory = held_large as f64 / (held_small.max(1)) as f64;
    (times[1], memory)
}

/// What [`linear`] measured of one shape.
#[derive(Debug)]
pub(crate) struct Growth {
    /// The small size, in units.
    pub(crate) n: usize,
    /// The lowest time ratio time(4n) / time(n) of the attempts.
    pub(crate) time: f64,
    /// The lowest memory ratio of the attempts.
    pub(crate) memory: f64,
    /// Every attempt's (time, memory) ratios.
    pub(crate) attempts: Vec<(f64, f64)>,
}

impl Growth {
    /// Whether time or memory grew faster than linearly.
    pub(crate) fn superlinear(&self) -> bool {
        self.time >= LIMIT || self.memory >= LIMIT
    }
}

/// Measures `work` on `make(n)` and `make(4 * n)`, with `n` chosen so
/// that the small input takes a measurable time (at least 2 ms, from 4,096
/// units, at most a million), in whatever profile and machine. A busy
/// machine can spoil one measurement, not a quadratic algorithm's every
/// one: a shape is measured again before it is called superlinear. The
/// caller holds `crate::timing()`.
pub(crate) fn linear(make: &dyn Fn(usize) -> String, work: Work) -> Growth {
    /// Measurements per shape before calling it superlinear.
    const ATTEMPTS: usize = 2;
    let mut n = 4 * 1024;
    while n < MILLION && median_time(work, &make(n), 3).0 < Duration::from_millis(2) {
        n *= 2;
    }
    let mut attempts = Vec::new();
    while attempts.len() < ATTEMPTS {
        let r = ratios(make, work, n);
        attempts.push(r);
        if r.0 < LIMIT && r.1 < LIMIT {
            break;
        }
    }
    Growth {
        n,
        time: attempts.iter().map(|r| r.0).fold(f64::INFINITY, f64::min),
        memory: attempts.iter().map(|r| r.1).fold(f64::INFINITY, f64::min),
        attempts,
    }
}

/// Every shape of [`SHAPES`], at sizes N and 4N.
#[test]
fn hostile_shapes_take_linear_time_and_memory() {
    let _timing = crate::timing();
    let mut report = Vec::new();
    let mut failed = false;
    for &(name, make, work) in SHAPES {
        let g = linear(&make, work);
        failed |= g.superlinear();
        report.push(format!(
            "{name}: n = {}, time(4n) / time(n) = {:.2}, memory(4n) / memory(n) = {:.2} (attempts: {:.2?})",
            g.n, g.time, g.memory, g.attempts
        ));
    }
    let report = report.join("\n");
    println!("{report}");
    assert!(
        !failed,
        "time or memory grows faster than linearly (limit {LIMIT}):\n{report}"
    );
}

/// Outcomes on 10 MB hostile inputs.
#[test]
fn ten_megabyte_hostile_inputs() {
    let _big = crate::big_input();
    // `%41` repeated: a valid 10 MB path.
    let input = repeat_to("http://a/", "%41", TEN_MB, "");
    assert_eq!(
        Uri::parse(&input).map(|u| u.path().len()),
        Ok(input.len() - 8)
    );
    // `@` repeated: the first ends an empty userinfo, the second is in the host.
    let input = repeat_to("http://", "@", TEN_MB, "");
    assert_eq!(error_of(&input), Some((ParseErrorKind::InvalidHostChar, 8)));
    // `a@` repeated: userinfo `a`, host `a`, then `@` at 10.
    let input = repeat_to("http://", "a@", TEN_MB, "/");
    assert_eq!(
        error_of(&input),
        Some((ParseErrorKind::InvalidHostChar, 10))
    );
    // `[` repeated: an IP literal whose first byte is another `[`.
    let input = repeat_to("http://", "[", TEN_MB, "");
    assert_eq!(error_of(&input), Some((ParseErrorKind::InvalidIpv6, 8)));
    // A 10 MB userinfo of `:` and `@`-free text, then a host: valid, and
    // the host is what follows the first `@`.
    let input = repeat_to("http://", "a:", TEN_MB, "@evil.com/");
    let uri = Uri::parse(&input).unwrap();
    assert_eq!(uri.host(), Some(Host::RegName("evil.com")));
    // A fullwidth solidus after 10 MB of path: refused at its first byte.
    let input = repeat_to("http://a/", "b", TEN_MB, "\u{FF0F}");
    assert_eq!(
        error_of(&input),
        Some((ParseErrorKind::InvalidPathChar, input.len() - 3))
    );
    // A 10 MB reg-name of dotted digits is still a reg-name.
    let input = repeat_to("http://", "1.", TEN_MB, "1/");
    assert_eq!(
        Uri::parse(&input).unwrap().host_kind(),
        Some(urikit::HostKind::RegName)
    );
}

/// A million `/..`: parsed, resolved and normalized, with the right result.
#[test]
fn a_million_dot_dot_segments() {
    let _big = crate::big_input();
    // Resolved: every `/..` climbs, and the root stops them (§5.2.4).
    let reference = repeat("", "/..", MILLION, "/g");
    let mut resolver = Resolver::new(Uri::parse("http://a/b/c/d").unwrap());
    let mut out = String::new();
    resolver.resolve_into(UriReference::parse(&reference).unwrap(), &mut out);
    assert_eq!(out, "http://a/g");
    // Normalized: the same.
    let input = repeat("http://a", "/..", MILLION, "/c");
    assert_eq!(
        normalize(UriReference::parse(&input).unwrap()),
        "http://a/c"
    );
    // Parsed: a valid path of three million bytes.
    assert_eq!(Uri::parse(&input).unwrap().path().len(), 3 * MILLION + 2);
}

/// A million `a=1&` pairs through `QueryPairs`, zero-copy.
#[test]
fn a_million_query_pairs() {
    let _big = crate::big_input();
    // As a URI's query: parsed, then split.
    let uri = repeat("http://a/?", "a=1&", MILLION, "");
    let uri = Uri::parse(&uri).unwrap();
    let query = uri.query().unwrap();
    let mut pairs = QueryPairs::new(query, Separator::Ampersand);
    let first = pairs.next().unwrap();
    let (count, last) = pairs.fold((1, first), |(n, _), pair| (n + 1, pair));
    assert_eq!(count, MILLION);
    // Zero-copy: the pieces point into the query, so nothing grows with it.
    let range = query.as_ptr() as usize..query.as_ptr() as usize + query.len();
    for pair in [first, last] {
        assert_eq!(
            (pair.key.as_str(), pair.value.map(|v| v.as_str())),
            ("a", Some("1"))
        );
        assert!(range.contains(&(pair.key.as_str().as_ptr() as usize)));
    }
}
