//! Syntax-based normalization (RFC 3986 §6.2.2): `uri_resolve`'s
//! `normalize_into` and `normalize_uri` beside `fluent-uri` and
//! `iri-string`, on the same lines, in the same run.
//!
//! Input: every line of `mixed.txt`. Parsing is inside the timed loop for
//! everyone, since every peer parses too. Two groups:
//!
//! `normalize/mixed`, into a reused buffer where the library has one:
//!
//! - `urikit`: `UriReference::parse`, then `normalize_into(components, &mut
//!   String)` into one reused `String`.
//! - `fluent-uri` 0.4: `UriRef::parse`, then `normalize`, which returns a new
//!   `UriRef<String>`.
//! - `iri-string` 0.7: `UriReferenceStr::new`, `to_iri` (it normalizes URIs
//!   with a scheme only: every line we accept has one), `normalize`, and
//!   the result written into one reused `String`.
//!
//! `normalize/owned`, an owned normal form of a URI (with a scheme), each
//! through its first-choice API:
//!
//! - `urikit`: `normalize_uri(Uri::parse(line)?)`, a `UriBuf`.
//! - `fluent-uri` 0.4: `Uri::parse(line)?.normalize()`, a `Uri<String>`.
//! - `iri-string` 0.7: `UriStr::new(line)?.normalize().to_dedicated_string()`,
//!   a `UriString`.
//!
//! Before timing, each peer's output is compared with ours on every line
//! both normalize; the differences are sorted into classes (below) and
//! counted in the group's record for `cargo xtask bench`. No class fails
//! the run: the normal forms of RFC 3986 §6.2.2 leave room (empty port,
//! which characters count as safe to decode), and the classes say where
//! each library stands. Our owned normal forms are asserted equal to our
//! buffered ones.
//!
//! Run: `cargo bench -p urikit-bench --bench normalize` (a filter such as
//! `-- normalize/owned` runs one group).

// a measurement, not shipped code: it may unwrap and panic (the workspace denies both in the
// libraries).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use iri_string::format::ToDedicatedString;
use iri_string::types::{UriReferenceStr, UriStr, UriString};
use uri_core::{Uri, UriBuf, UriReference};
use uri_resolve::{normalize_into, normalize_uri};
use urikit_bench::{GroupInfo, LineGroup};

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

/// Ours, owned: parse a URI and normalize it into a new `UriBuf`.
fn ours_owned(s: &str) -> Option<UriBuf> {
    Some(normalize_uri(Uri::parse(s).ok()?))
}

/// `fluent-uri`, owned: parse a URI and normalize it.
fn fluent_owned(s: &str) -> Option<fluent_uri::Uri<String>> {
    Some(fluent_uri::Uri::parse(s).ok()?.normalize())
}

/// `iri-string`, owned: validate a URI and normalize it into a new
/// `UriString`.
fn iri_string_owned(s: &str) -> Option<UriString> {
    Some(UriStr::new(s).ok()?.normalize().to_dedicated_string())
}

/// Why a peer's normal form differs from ours, when it is for a known reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    /// An empty port: `fluent-uri` removes its `:` (§6.2.3 would, for a
    /// scheme; we keep it, §6.2.2 being syntax-only).
    EmptyPort,
    /// The port is the scheme's default: `fluent-uri` 0.4 removes it
    /// (`Scheme::default_port`, §6.2.3 scheme-based); we keep it.
    DefaultPort,
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
            Class::DefaultPort => "default port",
            Class::EncodedDot => "%2E in the path",
            Class::Other => "other",
        }
    }

    /// Sorts one difference.
    fn of(input: &str) -> Class {
        let r = UriReference::parse(input).expect("both normalized it");
        let default_port = fluent_uri::UriRef::parse(input)
            .ok()
            .and_then(|f| f.scheme()?.default_port());
        if r.port() == Some("") {
            Class::EmptyPort
        } else if default_port.is_some() && r.port().and_then(|p| p.parse().ok()) == default_port {
            Class::DefaultPort
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

/// The `normalize/owned` group; `buffered` is our `normalize/mixed` output.
fn bench_owned(c: &mut Criterion, lines: &[String], buffered: &[Option<String>]) {
    let mut g = LineGroup::new(c, "normalize/owned", lines, "urikit");
    let expected: Vec<Option<String>> = lines
        .iter()
        .map(|s| ours_owned(s).map(|t| t.as_str().to_owned()))
        .collect();
    for ((line, owned), buffered) in lines.iter().zip(&expected).zip(buffered) {
        if let Some(owned) = owned {
            assert_eq!(
                Some(owned),
                buffered.as_ref(),
                "{line:?}: normalize_uri differs from normalize_into"
            );
        }
    }
    g.info.note(format!(
        "we normalize {} of {} lines as URIs (the others have no scheme or are not \
         URI references), equal to normalize/mixed on each",
        expected.iter().filter(|t| t.is_some()).count(),
        lines.len()
    ));
    let fl: Vec<Option<String>> = lines
        .iter()
        .map(|s| fluent_owned(s).map(fluent_uri::Uri::into_string))
        .collect();
    compare(&mut g.info, lines, "fluent-uri", &expected, &fl);
    let is: Vec<Option<String>> = lines
        .iter()
        .map(|s| iri_string_owned(s).map(String::from))
        .collect();
    compare(&mut g.info, lines, "iri-string", &expected, &is);

    g.bench("urikit", ours_owned);
    g.bench("fluent-uri", fluent_owned);
    g.bench("iri-string", iri_string_owned);
    g.finish();
}

/// Loads `mixed.txt`, compares the peers' outputs with ours, then times each.
fn main() {
    let lines = urikit_bench::lines("mixed.txt").expect("corpus in data/");
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let mut g = LineGroup::new(&mut c, "normalize/mixed", &lines, "urikit");

    let mut out = String::new();
    let expected: Vec<Option<String>> = lines
        .iter()
        .map(|s| ours(s, &mut out).map(|()| out.clone()))
        .collect();
    g.info.note(format!(
        "we normalize {} of {} lines (the others are not URI references)",
        expected.iter().filter(|t| t.is_some()).count(),
        lines.len()
    ));
    let fl: Vec<Option<String>> = lines.iter().map(|s| fluent(s)).collect();
    compare(&mut g.info, &lines, "fluent-uri", &expected, &fl);
    let is: Vec<Option<String>> = lines
        .iter()
        .map(|s| iri_string(s, &mut out).map(|()| out.clone()))
        .collect();
    compare(&mut g.info, &lines, "iri-string", &expected, &is);

    g.group.bench_function("urikit", |b| {
        b.iter(|| {
            for line in &lines {
                black_box(ours(black_box(line), &mut out));
                black_box(&out);
            }
        });
    });
    g.bench("fluent-uri", fluent);
    g.group.bench_function("iri-string", |b| {
        b.iter(|| {
            for line in &lines {
                black_box(iri_string(black_box(line), &mut out));
                black_box(&out);
            }
        });
    });
    g.finish();
    bench_owned(&mut c, &lines, &expected);
    c.final_summary();
}
