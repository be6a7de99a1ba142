//! Syntax-based normalization (RFC 3986 §6.2.2): `uri_resolve::normalize_into`
//! beside `fluent-uri` and `iri-string`, on the same lines, in the same run.
//!
//! Input: every line of `mixed.txt`. Parsing is inside the timed loop for
//! everyone, since every peer parses too:
//!
//! - `urikit`: `UriReference::parse`, then `normalize_into(components, &mut
//!   String)` into one reused `String`.
//! - `fluent-uri` 0.3: `UriRef::parse`, then `normalize`, which returns a new
//!   `UriRef<String>`.
//! - `iri-string` 0.7: `UriReferenceStr::new`, `to_iri` (it normalizes URIs
//!   with a scheme only: every line we accept has one), `normalize`, and
//!   the result written into one reused `String`.
//!
//! Before timing, each peer's output is compared with ours on every line
//! both normalize; the differences are sorted into classes (below) and
//! counted in the group's record for `cargo xtask bench`. No class fails
//! the run: the normal forms of RFC 3986 §6.2.2 leave room (empty port,
//! which characters count as safe to decode), and the classes say where
//! each library stands.
//!
//! Run: `cargo bench -p urikit-bench --bench normalize`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput};
use iri_string::types::UriReferenceStr;
use uri_core::UriReference;
use uri_resolve::normalize_into;
use urikit_bench::GroupInfo;

/// Ours: parse and normalize into `out`.
fn ours(s: &str, out: &mut String) -> Option<()> {
    normalize_into(UriReference::parse(s).ok()?.components(), out);
    Some(())
}

/// `fluent-uri`: parse and normalize into a new string.
fn fluent(s: &str) -> Option<String> {
    Some(fluent_uri::UriRef::parse(s).ok()?.normalize().into_string())
}

/// `iri-string`: validate and normalize into `out`.
fn iri_string(s: &str, out: &mut String) -> Option<()> {
    let uri = UriReferenceStr::new(s).ok()?.to_iri().ok()?;
    out.clear();
    iri_string::format::try_append_to_string(out, &uri.normalize()).ok()
}

/// Why a peer's normal form differs from ours, when it is for a known reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    /// An empty port: `fluent-uri` removes its `:` (§6.2.3 would, for a
    /// scheme; we keep it, §6.2.2 being syntax-only).
    EmptyPort,
    /// A percent-encoded dot (`%2E`) in a path segment that is otherwise not
    /// a dot segment, or a dot segment written encoded.
    EncodedDot,
    /// Anything else: listed with an example, never fatal.
    Other,
}

impl Class {
    /// The class's name in the record.
    fn name(self) -> &'static str {
        match self {
            Class::EmptyPort => "empty port",
            Class::EncodedDot => "%2E in the path",
            Class::Other => "other",
        }
    }

    /// Sorts one difference.
    fn of(input: &str) -> Class {
        let r = UriReference::parse(input).expect("both normalized it");
        if r.port() == Some("") {
            Class::EmptyPort
        } else if r.path().to_ascii_lowercase().contains("%2e") {
            Class::EncodedDot
        } else {
            Class::Other
        }
    }
}

/// Compares a peer's normal forms with ours and notes the differences.
fn compare(
    info: &mut GroupInfo,
    lines: &[String],
    id: &str,
    expected: &[Option<String>],
    theirs: &[Option<String>],
) {
    let (mut both, mut agree) = (0, 0);
    let mut classes: Vec<(Class, usize)> = Vec::new();
    for ((input, o), t) in lines.iter().zip(expected).zip(theirs) {
        let (Some(o), Some(t)) = (o, t) else {
            continue;
        };
        both += 1;
        if o == t {
            agree += 1;
            continue;
        }
        let class = Class::of(input);
        match classes.iter_mut().find(|(c, _)| *c == class) {
            Some((_, count)) => *count += 1,
            None => classes.push((class, 1)),
        }
        let seen = classes
            .iter()
            .find(|(c, _)| *c == class)
            .map_or(0, |(_, n)| *n);
        if seen <= 3 {
            eprintln!(
                "  {id}: {} difference: {input:?}: ours {o:?}, {id} {t:?}",
                class.name()
            );
        }
    }
    classes.sort();
    let detail: Vec<String> = classes
        .iter()
        .map(|(c, n)| format!("{} {n}", c.name()))
        .collect();
    let normalized = theirs.iter().filter(|t| t.is_some()).count();
    info.note(format!(
        "{id}: normalizes {normalized} lines; equal to ours on {agree} of the {both} both \
         normalize ({:.2} %){}",
        100.0 * agree as f64 / both.max(1) as f64,
        if detail.is_empty() {
            String::new()
        } else {
            format!("; differs: {}", detail.join(", "))
        }
    ));
}

/// Loads `mixed.txt`, compares the peers' outputs with ours, then times each.
fn main() {
    let lines = urikit_bench::lines("mixed.txt").expect("corpus in data/");
    let name = "normalize/mixed";
    let bytes = urikit_bench::total_bytes(&lines);
    eprintln!("{name}: {} lines, {bytes} bytes", lines.len());
    let mut info = GroupInfo::new(name, lines.len() as u64, bytes, "urikit");

    let mut out = String::new();
    let expected: Vec<Option<String>> = lines
        .iter()
        .map(|s| ours(s, &mut out).map(|()| out.clone()))
        .collect();
    info.note(format!(
        "we normalize {} of {} lines (the others are not URI references)",
        expected.iter().filter(|t| t.is_some()).count(),
        lines.len()
    ));
    let fl: Vec<Option<String>> = lines.iter().map(|s| fluent(s)).collect();
    compare(&mut info, &lines, "fluent-uri", &expected, &fl);
    let is: Vec<Option<String>> = lines
        .iter()
        .map(|s| iri_string(s, &mut out).map(|()| out.clone()))
        .collect();
    compare(&mut info, &lines, "iri-string", &expected, &is);

    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(lines.len() as u64));
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(20);
    group.bench_function("urikit", |b| {
        b.iter(|| {
            for line in &lines {
                black_box(ours(black_box(line), &mut out));
                black_box(&out);
            }
        });
    });
    group.bench_function("fluent-uri", |b| {
        b.iter(|| {
            for line in &lines {
                black_box(fluent(black_box(line)));
            }
        });
    });
    group.bench_function("iri-string", |b| {
        b.iter(|| {
            for line in &lines {
                black_box(iri_string(black_box(line), &mut out));
                black_box(&out);
            }
        });
    });
    if let Err(e) = info.write() {
        eprintln!("{name}: cannot write its record: {e}");
    }
    group.finish();
    c.final_summary();
}
