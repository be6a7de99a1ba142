//! Resolving into a reused buffer allocates nothing once the buffer has
//! grown: `Resolver` promises "no allocation per reference once the buffer
//! has grown". Checked for many references (merges `g` and `../g`, dot
//! segments, absolute and network paths, other schemes, the `/.` rule)
//! against pre-parsed bases without dot segments, strict and not; and for a
//! base with dot segments, which merges in the resolver's own scratch
//! buffer: that buffer grows once too. Also: `remove_dot_segments` into a
//! reused buffer, `has_dot_segments`, and `normalized_eq` on paths without
//! dot segments ("comparing component by component without allocating")
//! allocate nothing; `resolve`, which returns a `UriBuf`, does, so the
//! counter is live.
//!
//! Allocations are counted by the `allocations` binary's global allocator
//! (`counting_alloc.rs`), for the current thread only, so the test harness
//! and the tests running in other threads do not disturb the count.

use std::hint::black_box;

use urikit::resolve::{Resolver, has_dot_segments, normalized_eq, remove_dot_segments, resolve};
use urikit::{Uri, UriReference};

use crate::counting_alloc::allocations;

/// The references of RFC 3986 §5.4 and more: every branch of §5.2.2, merges
/// with and without dot segments, paths that need the `/.` rule, a long one.
pub(crate) const REFERENCES: &[&str] = &[
    "g:h",
    "g",
    "./g",
    "g/",
    "/g",
    "//g",
    "?y",
    "g?y",
    "#s",
    "g#s",
    "g?y#s",
    ";x",
    "g;x",
    "g;x?y#s",
    "",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../",
    "../../g",
    "../../../g",
    "../../../../g",
    "/./g",
    "/../g",
    "g.",
    ".g",
    "g..",
    "..g",
    "./../g",
    "./g/.",
    "g/./h",
    "g/../h",
    "g;x=1/./y",
    "g;x=1/../y",
    "g?y/./x",
    "g?y/../x",
    "g#s/./x",
    "g#s/../x",
    "http:g",
    "HTTP:g",
    "http:?y",
    "http://x/y/../z",
    ".//g",
    "../..//g",
    "/.//x",
    "b:/.//.",
    "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/../../../../../../../../../../../../../x",
];

/// Bases without dot segments: an authority, an empty path under one, a
/// rootless path, a path whose merges need the `/.` rule.
pub(crate) const CLEAN_BASES: &[&str] = &[
    "http://a/b/c/d;p?q",
    "http://a",
    "s:a/b/c",
    "mailto:a@b",
    "f:/a",
    "f:/a/b/c?q#f",
];

/// Bases with dot segments in their directory: merged in the scratch buffer.
pub(crate) const DOTTED_BASES: &[&str] = &[
    "http://a/b/../c/./d;p?q",
    "s:a/../b/c",
    "f:/.//a/b",
    "http://a/./././././././././././././././././././././././././x",
];

/// Resolves every reference into `out`; returns a value depending on all of it.
fn resolve_all(
    resolver: &mut Resolver<'_>,
    references: &[UriReference<'_>],
    out: &mut String,
) -> usize {
    let mut acc = 0;
    for &r in references {
        resolver.resolve_into(black_box(r), out);
        acc += out.len();
    }
    acc
}

/// Allocations per pass over every reference, for each base: the first pass
/// (warm-up) and the next three, strict and non-strict.
fn passes(bases: &[&str]) -> Vec<(String, [usize; 4])> {
    let references: Vec<UriReference<'_>> = REFERENCES
        .iter()
        .map(|r| UriReference::parse(r).unwrap_or_else(|e| panic!("{r:?}: {e}")))
        .collect();
    let mut report = Vec::new();
    for &text in bases {
        let base = Uri::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        for strict in [true, false] {
            let (mut resolver, n) = allocations(|| {
                let r = Resolver::new(black_box(base));
                if strict { r } else { r.non_strict() }
            });
            assert_eq!(n, 0, "{text:?}: Resolver::new allocated {n} times");
            let mut out = String::new();
            let mut counts = [0; 4];
            for count in &mut counts {
                let (acc, n) = allocations(|| resolve_all(&mut resolver, &references, &mut out));
                black_box(acc);
                *count = n;
            }
            let mode = if strict { "strict" } else { "non-strict" };
            report.push((format!("{text:?} ({mode})"), counts));
        }
    }
    report
}

#[test]
fn the_allocator_counts() {
    let (s, n) = allocations(|| String::from("x"));
    assert_eq!(n, 1, "the counting allocator missed an allocation");
    let (v, n) = allocations(|| {
        let mut v = Vec::with_capacity(1);
        v.extend([1u8, 2, 3, 4, 5, 6, 7, 8, 9]);
        v
    });
    assert!(n >= 2, "a realloc was not counted");
    drop((s, v));
    // `resolve` returns an owned URI: it allocates, and the counter sees it.
    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    let reference = UriReference::parse("../g").unwrap();
    let (target, n) = allocations(|| resolve(base, reference));
    assert_eq!(target, "http://a/b/g");
    assert!(n >= 1, "resolve returned a UriBuf without allocating");
}

#[test]
fn resolving_into_a_reused_buffer_allocates_nothing_after_warm_up() {
    let report = passes(CLEAN_BASES);
    let bad: Vec<String> = report
        .iter()
        .filter(|(_, counts)| counts[1..].iter().any(|&n| n != 0))
        .map(|(base, counts)| format!("{base}: allocations per pass {counts:?}"))
        .collect();
    assert!(
        bad.is_empty(),
        "resolve_into allocated after the buffer had grown:\n{}",
        bad.join("\n")
    );
    // The warm-up is what grows the buffer: some allocations (the counter is
    // live), not one per reference.
    for (base, counts) in &report {
        assert!(counts[0] > 0, "{base}: the first pass allocated nothing");
        assert!(
            counts[0] < REFERENCES.len(),
            "{base}: {} allocations in the first pass over {} references",
            counts[0],
            REFERENCES.len()
        );
    }
}

#[test]
fn a_base_with_dot_segments_allocates_nothing_per_reference_after_warm_up() {
    for &base in DOTTED_BASES {
        let path = Uri::parse(base).unwrap().path().to_owned();
        let dir = &path[..path.rfind('/').unwrap_or(0)];
        assert!(
            has_dot_segments(dir),
            "{base}: the scratch buffer is not used"
        );
    }
    let report = passes(DOTTED_BASES);
    for (base, counts) in &report {
        assert!(counts[0] > 0, "{base}: the first pass allocated nothing");
    }
    let bad: Vec<String> = report
        .iter()
        .filter(|(_, counts)| counts[1..].iter().any(|&n| n != 0))
        .map(|(base, counts)| format!("{base}: allocations per pass {counts:?}"))
        .collect();
    assert!(
        bad.is_empty(),
        "a base with dot segments allocates per reference after warm-up (scratch buffer):\n{}",
        bad.join("\n")
    );
}

#[test]
fn remove_dot_segments_into_a_reused_buffer_allocates_nothing() {
    let paths = [
        "/a/b/c/./../../g",
        "mid/content=5/../6",
        "../../x",
        "/.//g",
        "a/b/c/d/../../../../../..",
    ];
    let mut out = String::new();
    for p in paths {
        remove_dot_segments(p, &mut out);
        out.clear();
    }
    let (acc, n) = allocations(|| {
        let mut acc = 0;
        for p in paths {
            out.clear();
            remove_dot_segments(black_box(p), &mut out);
            acc += out.len() + usize::from(has_dot_segments(black_box(p)));
        }
        acc
    });
    black_box(acc);
    assert_eq!(n, 0, "{n} allocations");
}

#[test]
fn normalized_eq_without_dot_segments_allocates_nothing() {
    let pairs = [
        ("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/b/c/%7bfoo%7d"),
        ("HTTP://www.EXAMPLE.com/", "http://www.example.com/"),
        ("http://example.org/~user", "http://example.org/%7euser"),
        ("http://example.com/data", "http://example.com/data/"),
        ("http://example.com/?", "http://example.com/"),
        ("http://[2001:DB8::1]/", "http://[2001:db8:0:0:0:0:0:1]/"),
        ("http://[v1.X]/", "http://[V1.x]/"),
        ("http://%31.2.3.4/", "http://1.2.3.4/"),
        ("http://u%40@a:8/p?q#f", "http://u%40@a:8/p?q#f"),
        ("%3a", "%3A"),
        ("a/b", "a/%62"),
    ];
    let parsed: Vec<(UriReference<'_>, UriReference<'_>)> = pairs
        .iter()
        .map(|(a, b)| {
            (
                UriReference::parse(a).unwrap(),
                UriReference::parse(b).unwrap(),
            )
        })
        .collect();
    for (a, b) in &parsed {
        let (eq, n) = allocations(|| normalized_eq(black_box(*a), black_box(*b)));
        black_box(eq);
        assert_eq!(n, 0, "normalized_eq({a}, {b}): {n} allocations");
    }
}
