//! Owned results cost one allocation: the buffer they are written into.
//!
//! `resolve`, `normalize`, `normalize_uri`, `NormalizedUri::new`, the
//! builder and the setters write their result with `uri_core::RiWriter`,
//! sized before writing, and parse nothing again: exactly one allocation
//! each, for URIs and IRIs alike. Two documented exceptions allocate a
//! second buffer, and are checked to stay at two: resolving against a base
//! whose directory has dot segments (the merge goes through the resolver's
//! scratch buffer), and normalizing a path that holds `%2E` (decoded before
//! dot segments are removed).

use std::hint::black_box;

use urikit::resolve::{NormalizedUri, Resolver, normalize, normalize_uri, resolve};
use urikit::{Builder, Iri, IriReference, Uri, UriBuf, UriReference};

use crate::counting_alloc::allocations;
use crate::resolve_no_alloc::{CLEAN_BASES, DOTTED_BASES, REFERENCES};

/// References to normalize: case, triplets, dot segments, IP literals, a
/// zone identifier, a reg-name that normalizes to IPv4, the `/.` rule.
const TO_NORMALIZE: &[&str] = &[
    "HTTP://Example.COM/a/./b/../c?Q#F",
    "http://a/%7euser/%2fx%3a?%41#%62",
    "http://[0:0:0:0:0:0:0:1]:80/",
    "http://[v1.ABC]/",
    "http://127%2E0%2E0%2E1/",
    "http://u%41:p@H/",
    "s:/.//x",
    "s:a/b/../c",
    "mailto:A@B",
    "http://a",
    "",
];

#[test]
fn resolve_allocates_its_result_only() {
    let references: Vec<UriReference<'_>> = REFERENCES
        .iter()
        .map(|r| UriReference::parse(r).unwrap())
        .collect();
    for &text in CLEAN_BASES {
        let base = Uri::parse(text).unwrap();
        for &r in &references {
            let (target, n) = allocations(|| resolve(black_box(base), black_box(r)));
            assert_eq!(
                n, 1,
                "resolve({text:?}, {r:?}) = {target:?}: {n} allocations"
            );
            let (target, n) = allocations(|| Resolver::new(base).non_strict().resolve(r));
            assert_eq!(
                n, 1,
                "non-strict {text:?} + {r:?} = {target:?}: {n} allocations"
            );
        }
    }
    for &text in DOTTED_BASES {
        let base = Uri::parse(text).unwrap();
        for &r in &references {
            let (target, n) = allocations(|| resolve(black_box(base), black_box(r)));
            assert!(
                (1..=2).contains(&n),
                "{text:?} + {r:?} = {target:?}: {n} allocations"
            );
        }
    }
}

#[test]
fn normalization_allocates_its_result_only() {
    for &text in TO_NORMALIZE {
        let r = UriReference::parse(text).unwrap();
        let (normal, n) = allocations(|| normalize(black_box(r)));
        assert_eq!(n, 1, "normalize({text:?}) = {normal:?}: {n} allocations");
        if let Some(u) = r.as_uri() {
            let (normal, n) = allocations(|| normalize_uri(black_box(u)));
            assert_eq!(
                n, 1,
                "normalize_uri({text:?}) = {normal:?}: {n} allocations"
            );
            let (normal, n) = allocations(|| NormalizedUri::new(black_box(u)));
            assert_eq!(
                n, 1,
                "NormalizedUri::new({text:?}) = {normal:?}: {n} allocations"
            );
        }
    }
    // `%2E` in the path is decoded first: one more buffer.
    let r = UriReference::parse("http://a/b/%2E%2E/c").unwrap();
    let (normal, n) = allocations(|| normalize(r));
    assert_eq!(normal, "http://a/c");
    assert_eq!(n, 2, "{normal:?}");
}

#[test]
fn iris_too() {
    let base = Iri::parse("http://例え.テスト/パス/ファイル?q=値").unwrap();
    for r in ["../上", "名前#節", "//bücher.example/./ä/../ö", "?другой"] {
        let r = IriReference::parse(r).unwrap();
        let (target, n) = allocations(|| resolve(base, r));
        assert_eq!(n, 1, "{r:?} = {target:?}: {n} allocations");
    }
    let r = IriReference::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9").unwrap();
    let (normal, n) = allocations(|| normalize(r));
    assert_eq!(normal, "example://a/b/c/%7Bfoo%7D/rosé");
    assert_eq!(n, 1);
}

#[test]
fn the_builder_and_the_setters_allocate_their_result_only() {
    let (uri, n) = allocations(|| {
        Builder::new()
            .scheme("https")
            .userinfo("u")
            .host("example.com")
            .port(8080)
            .path("/a/b")
            .query("q=1")
            .fragment("f")
            .build_uri()
    });
    assert_eq!(uri.unwrap(), "https://u@example.com:8080/a/b?q=1#f");
    assert_eq!(n, 1);
    let mut uri = UriBuf::parse("http://a/b?c#d").unwrap();
    let (result, n) = allocations(|| uri.set_path("/x/y"));
    result.unwrap();
    assert_eq!(uri, "http://a/x/y?c#d");
    assert_eq!(n, 1, "set_path: the new buffer only");
}
