//! Reference resolution (RFC 3986 §5.2): `uri_resolve` beside `oxiri`,
//! `fluent-uri`, `iri-string` and `url`, on the same pairs, in the same
//! run.
//!
//! Input: `relative-1in3.txt`, 16,667 `BASE<TAB>REFERENCE` pairs (every 3rd
//! line of the shared `relative.txt`): real URLs as bases, and references
//! of every kind (absolute paths, relative paths, `../`, absolute URIs,
//! `?query`, `#fragment`, `//net-path`, `./x`, dot segments, empty).
//!
//! Two groups, one iteration resolving every reference against its line's
//! base.
//!
//! `resolve/relative`: each base is parsed once, before timing, by every
//! library; per reference, the reference is parsed and resolved, into a
//! reused buffer where the library has that form:
//!
//! - `urikit`: a `Resolver` per base, built before timing; per reference
//!   `UriReference::parse`, then `resolve_into` one reused `String`.
//! - `oxiri` 0.3: `Iri::parse(base)` before timing; per reference
//!   `IriRef::parse`, then `resolve_into(&reference, &mut String)` into one
//!   reused `String` (0.3 takes a parsed `IriRef`; 0.2 took the text).
//! - `fluent-uri` 0.4: `Uri::parse(base)` before timing; per reference
//!   `UriRef::parse`, then `resolve_against`, which returns a new `Uri<String>`
//!   (it has no into-a-buffer form).
//! - `iri-string` 0.7: a `FixedBaseResolver` per base before timing; per
//!   reference `UriReferenceStr::new`, `resolve`, and the result written
//!   into one reused `String` (`format::try_append_to_string`).
//! - `url` 2: `Url::parse(base)` before timing; per reference `Url::join`,
//!   which parses and resolves by the WHATWG URL Standard, not RFC 3986,
//!   and normalizes: timed for orientation, its agreement only counted.
//!
//! `resolve/one-shot`: resolution as most callers write it, once per link
//! with both strings fresh: parse the base, parse the reference, resolve
//! to an owned value, all inside the timed call, through each library's
//! first-choice API:
//!
//! - `urikit`: `uri_resolve::resolve(Uri::parse(base)?,
//!   UriReference::parse(reference)?)`, a `UriBuf`.
//! - `oxiri` 0.3: `Iri::parse(base)?.resolve(&IriRef::parse(reference)?)`,
//!   an `Iri<String>`.
//! - `fluent-uri` 0.4: `UriRef::parse(reference)?.resolve_against(
//!   &Uri::parse(base)?)`, a `Uri<String>`.
//! - `iri-string` 0.7: `UriReferenceStr::new(reference)?.resolve_against(
//!   UriAbsoluteStr::new(base)?).to_dedicated_string()`, a `UriString`.
//! - `url` 2: `Url::parse(base)?.join(reference)`, a `Url` (WHATWG, as
//!   above).
//!
//! Before timing, every peer's target is compared with ours on every line
//! where both succeed, in each group. Disagreements are sorted into classes
//! (below) and counted per peer in the group's record for `cargo xtask
//! bench`; an RFC 3986 peer disagreeing outside the known classes fails the
//! run. Our one-shot targets are also asserted equal to our buffered ones.
//!
//! Run: `cargo bench -p urikit-bench --bench resolve` (a filter such as
//! `-- resolve/one-shot` runs one group).

// a measurement, not shipped code: it may unwrap and panic (the workspace denies both in the
// libraries).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use iri_string::format::ToDedicatedString;
use iri_string::resolve::FixedBaseResolver;
use iri_string::types::{UriAbsoluteStr, UriReferenceStr};
use uri_core::{Uri, UriBuf, UriReference};
use uri_resolve::Resolver;
use urikit_bench::{GroupInfo, flat_group, write_record};

/// Why a peer's target differs from ours, when it is for a known reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    /// The peer removes `%2E`-encoded dot segments as dot segments; we
    /// (and RFC 3986 §5.2.4, which works on the text) leave them.
    EncodedDots,
    /// `fluent-uri` keeps a base's final `..` segment (it appends `/` to
    /// such a base before merging, so that resolution commutes with
    /// normalization).
    BaseEndsInDotDot,
    /// We write `/.` before a path that would begin with `//` without an
    /// authority (see `docs/spec-notes.md`); the peer does not.
    SlashDot,
    /// `url` (WHATWG): any difference.
    Whatwg,
    /// None of the above.
    Unexplained,
}

impl Class {
    /// The class's name in the record.
    fn name(self) -> &'static str {
        match self {
            Class::EncodedDots => "%2E dot segments removed",
            Class::BaseEndsInDotDot => "base ending in `..`",
            Class::SlashDot => "our `/.` before `//`",
            Class::Whatwg => "WHATWG",
            Class::Unexplained => "UNEXPLAINED",
        }
    }

    /// Sorts one disagreement of an RFC 3986 peer.
    fn of(base: &str, reference: &str, ours: &str, theirs: &str) -> Class {
        let has_encoded_dot = |s: &str| s.to_ascii_lowercase().contains("%2e");
        if has_encoded_dot(base) || has_encoded_dot(reference) {
            Class::EncodedDots
        } else if base.ends_with("/..")
            || base
                .split(['?', '#'])
                .next()
                .is_some_and(|p| p.ends_with("/.."))
        {
            Class::BaseEndsInDotDot
        } else if ours.replacen("/.//", "//", 1) == theirs {
            Class::SlashDot
        } else {
            Class::Unexplained
        }
    }
}

/// The targets of one implementation, line by line, for the check.
type Targets = Vec<Option<String>>;

/// Compares `theirs` with `ours` line by line, notes the agreement and
/// every disagreement class, and fails on an unexplained one (unless
/// `whatwg`).
fn compare(
    info: &mut GroupInfo,
    pairs: &[(String, String)],
    id: &str,
    ours: &Targets,
    theirs: &Targets,
    whatwg: bool,
) {
    let mut both = 0;
    let mut agree = 0;
    let (mut only_ours, mut only_theirs) = (0, 0);
    let mut classes: Vec<(Class, usize, usize)> = Vec::new();
    for (i, ((base, reference), (o, t))) in pairs.iter().zip(ours.iter().zip(theirs)).enumerate() {
        let (o, t) = match (o, t) {
            (Some(o), Some(t)) => (o, t),
            (Some(_), None) => {
                only_ours += 1;
                continue;
            }
            (None, Some(_)) => {
                only_theirs += 1;
                continue;
            }
            (None, None) => continue,
        };
        both += 1;
        if o == t {
            agree += 1;
            continue;
        }
        let class = if whatwg {
            Class::Whatwg
        } else {
            Class::of(base, reference, o, t)
        };
        match classes.iter_mut().find(|(c, _, _)| *c == class) {
            Some((_, count, _)) => *count += 1,
            None => {
                eprintln!(
                    "  {id}: first {:?} difference, line {}: {base:?} + {reference:?}: ours {o:?}, {id} {t:?}",
                    class.name(),
                    i + 1
                );
                classes.push((class, 1, i));
            }
        }
    }
    classes.sort();
    let detail: Vec<String> = classes
        .iter()
        .map(|(c, n, _)| format!("{} {n}", c.name()))
        .collect();
    info.note(format!(
        "{id}: agrees on {agree} of the {both} lines where both succeed ({:.2} %){}; \
         fails where we succeed: {only_ours}; succeeds where we fail: {only_theirs}",
        100.0 * agree as f64 / both.max(1) as f64,
        if detail.is_empty() {
            String::new()
        } else {
            format!("; differs: {}", detail.join(", "))
        }
    ));
    if let Some((_, n, i)) = classes.iter().find(|(c, _, _)| *c == Class::Unexplained) {
        panic!(
            "{id} differs from us on {n} line(s) for no known reason; first: line {} {:?}",
            i + 1,
            pairs[*i]
        );
    }
}

/// Runs `f` on every line (`f(i, out)` resolves line `i` into `out`, or
/// returns `None`), collecting the targets.
fn targets_into(n: usize, mut f: impl FnMut(usize, &mut String) -> Option<()>) -> Targets {
    let mut out = String::new();
    (0..n)
        .map(|i| f(i, &mut out).map(|()| out.clone()))
        .collect()
}

/// Ours, one-shot: parse both, resolve to a new `UriBuf`.
fn ours_one_shot(base: &str, reference: &str) -> Option<UriBuf> {
    Some(uri_resolve::resolve(
        Uri::parse(base).ok()?,
        UriReference::parse(reference).ok()?,
    ))
}

/// `oxiri`, one-shot.
fn oxiri_one_shot(base: &str, reference: &str) -> Option<oxiri::Iri<String>> {
    oxiri::Iri::parse(base)
        .ok()?
        .resolve(&oxiri::IriRef::parse(reference).ok()?)
        .ok()
}

/// `fluent-uri`, one-shot.
fn fluent_one_shot(base: &str, reference: &str) -> Option<fluent_uri::Uri<String>> {
    fluent_uri::UriRef::parse(reference)
        .ok()?
        .resolve_against(&fluent_uri::Uri::parse(base).ok()?)
        .ok()
}

/// `iri-string`, one-shot.
fn iri_string_one_shot(base: &str, reference: &str) -> Option<iri_string::types::UriString> {
    let base = UriAbsoluteStr::new(base).ok()?;
    Some(
        UriReferenceStr::new(reference)
            .ok()?
            .resolve_against(base)
            .to_dedicated_string(),
    )
}

/// `url`, one-shot.
fn url_one_shot(base: &str, reference: &str) -> Option<url::Url> {
    url::Url::parse(base).ok()?.join(reference).ok()
}

/// The `resolve/one-shot` group: both strings fresh, owned results.
fn bench_one_shot(c: &mut Criterion, pairs: &[(String, String)], buffered: &Targets) {
    let n = pairs.len();
    let references: Vec<&str> = pairs.iter().map(|(_, r)| r.as_str()).collect();
    let bytes = urikit_bench::total_bytes(&references);
    let name = "resolve/one-shot";
    eprintln!("{name}: {n} pairs, {bytes} bytes of references (bases parsed in the call too)");
    let mut info = GroupInfo::new(name, n as u64, bytes, "urikit");
    let targets = |f: &dyn Fn(&str, &str) -> Option<String>| -> Targets {
        pairs.iter().map(|(b, r)| f(b, r)).collect()
    };
    let expected = targets(&|b, r| ours_one_shot(b, r).map(|t| t.as_str().to_owned()));
    assert_eq!(
        &expected, buffered,
        "our one-shot targets differ from our buffered ones"
    );
    info.note(format!(
        "we resolve {} of {n} pairs, the same targets as resolve/relative",
        expected.iter().filter(|t| t.is_some()).count()
    ));
    let peers: [(&str, Targets, bool); 4] = [
        (
            "oxiri",
            targets(&|b, r| oxiri_one_shot(b, r).map(|t| t.into_inner())),
            false,
        ),
        (
            "fluent-uri",
            targets(&|b, r| fluent_one_shot(b, r).map(|t| t.into_string())),
            false,
        ),
        (
            "iri-string",
            targets(&|b, r| iri_string_one_shot(b, r).map(String::from)),
            false,
        ),
        (
            "url",
            targets(&|b, r| url_one_shot(b, r).map(String::from)),
            true,
        ),
    ];
    for (id, theirs, whatwg) in &peers {
        compare(&mut info, pairs, id, &expected, theirs, *whatwg);
    }

    let mut group = flat_group(c, name, n);
    macro_rules! time {
        ($id:literal, $f:expr) => {
            group.bench_function($id, |b| {
                b.iter(|| {
                    for (base, reference) in pairs {
                        black_box($f(black_box(base.as_str()), black_box(reference.as_str())));
                    }
                });
            });
        };
    }
    time!("urikit", ours_one_shot);
    time!("oxiri", oxiri_one_shot);
    time!("fluent-uri", fluent_one_shot);
    time!("iri-string", iri_string_one_shot);
    time!("url", url_one_shot);
    write_record(&info);
    group.finish();
}

/// Loads the pairs, checks every peer against us, then times each, in both
/// groups.
fn main() {
    let pairs = urikit_bench::pairs("relative-1in3.txt").expect("corpus in data/");
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let buffered = bench_buffered(&mut c, &pairs);
    bench_one_shot(&mut c, &pairs, &buffered);
    c.final_summary();
}

/// The `resolve/relative` group: bases parsed before timing, results into
/// a reused buffer where the library has one. Returns our targets.
fn bench_buffered(c: &mut Criterion, pairs: &[(String, String)]) -> Targets {
    let n = pairs.len();
    let references: Vec<&str> = pairs.iter().map(|(_, r)| r.as_str()).collect();
    let bytes = urikit_bench::total_bytes(&references);
    let name = "resolve/relative";
    eprintln!("{name}: {n} pairs, {bytes} bytes of references");
    let mut info = GroupInfo::new(name, n as u64, bytes, "urikit");

    // Bases, parsed before timing by each library.
    let mut ours: Vec<Resolver<'_>> = pairs
        .iter()
        .map(|(base, _)| Resolver::new(Uri::parse(base).expect("bases are valid URIs")))
        .collect();
    let ox: Vec<oxiri::Iri<&str>> = pairs
        .iter()
        .map(|(base, _)| oxiri::Iri::parse(base.as_str()).expect("oxiri parses every base"))
        .collect();
    let fl: Vec<fluent_uri::Uri<&str>> = pairs
        .iter()
        .map(|(base, _)| {
            fluent_uri::Uri::parse(base.as_str()).expect("fluent-uri parses every base")
        })
        .collect();
    let is_bases: Vec<&UriAbsoluteStr> = pairs
        .iter()
        .map(|(base, _)| UriAbsoluteStr::new(base).expect("iri-string parses every base"))
        .collect();
    let is: Vec<FixedBaseResolver<'_, _>> = is_bases
        .iter()
        .map(|b| FixedBaseResolver::new(*b))
        .collect();
    let ur: Vec<url::Url> = pairs
        .iter()
        .map(|(base, _)| url::Url::parse(base).expect("url parses every base"))
        .collect();

    // One reference resolved by each library.
    let mut urikit = |i: usize, out: &mut String| {
        let reference = UriReference::parse(references[i]).ok()?;
        ours[i].resolve_into(reference, out);
        Some(())
    };
    let oxiri = |i: usize, out: &mut String| {
        let reference = oxiri::IriRef::parse(references[i]).ok()?;
        out.clear();
        ox[i].resolve_into(&reference, out).ok()
    };
    let fluent = |i: usize| {
        let reference = fluent_uri::UriRef::parse(references[i]).ok()?;
        reference.resolve_against(&fl[i]).ok()
    };
    let iri_string = |i: usize, out: &mut String| {
        let reference = UriReferenceStr::new(references[i]).ok()?;
        out.clear();
        iri_string::format::try_append_to_string(out, &is[i].resolve(reference)).ok()
    };
    let url = |i: usize| ur[i].join(references[i]).ok();

    let expected = targets_into(n, &mut urikit);
    let accepted = expected.iter().filter(|t| t.is_some()).count();
    info.note(format!("we resolve {accepted} of {n} references"));
    compare(
        &mut info,
        pairs,
        "oxiri",
        &expected,
        &targets_into(n, oxiri),
        false,
    );
    let fl_targets = (0..n).map(|i| fluent(i).map(|t| t.into_string())).collect();
    compare(
        &mut info,
        pairs,
        "fluent-uri",
        &expected,
        &fl_targets,
        false,
    );
    compare(
        &mut info,
        pairs,
        "iri-string",
        &expected,
        &targets_into(n, iri_string),
        false,
    );
    let url_targets = (0..n).map(|i| url(i).map(String::from)).collect();
    compare(&mut info, pairs, "url", &expected, &url_targets, true);

    let mut group = flat_group(c, name, n);
    let mut out = String::new();
    group.bench_function("urikit", |b| {
        b.iter(|| {
            for i in 0..n {
                black_box(urikit(i, &mut out));
                black_box(&out);
            }
        });
    });
    group.bench_function("oxiri", |b| {
        b.iter(|| {
            for i in 0..n {
                black_box(oxiri(i, &mut out));
                black_box(&out);
            }
        });
    });
    group.bench_function("fluent-uri", |b| {
        b.iter(|| {
            for i in 0..n {
                black_box(fluent(i));
            }
        });
    });
    group.bench_function("iri-string", |b| {
        b.iter(|| {
            for i in 0..n {
                black_box(iri_string(i, &mut out));
                black_box(&out);
            }
        });
    });
    group.bench_function("url", |b| {
        b.iter(|| {
            for i in 0..n {
                black_box(url(i));
            }
        });
    });
    write_record(&info);
    group.finish();
    expected
}
