//! IRIs (`urikit::iri`, uri-core's types under `IriSpec`): borrowed parsing
//! allocates nothing, valid or not (`IriReference::parse`, `Iri::parse`,
//! `RelativeIri::parse`, with bidi formatting characters refused or
//! allowed), and reading the components neither; `to_uri` of an ASCII IRI
//! borrows it (no allocation), and of any other IRI allocates exactly once
//! (the documented "one allocation of the exact size"); `to_iri` of a URI
//! without `%` borrows it too.
//!
//! Allocations are counted by the `allocations` binary's global allocator
//! (`counting_alloc.rs`), for the current thread only.

use std::hint::black_box;

use urikit::iri::{to_iri, to_uri};
use urikit::{Iri, IriReference, ParseOptions, RelativeIri, UriReference};

use crate::counting_alloc::allocations;

/// IRIs of every shape, valid and not: non-ASCII in each component,
/// `iprivate` in the query, non-BMP characters, IP literals, the bidi
/// formatting characters, and errors in each component.
const INPUTS: &[&str] = &[
    "",
    "http://résumé.example.org",
    "http://www.example.org/red%09rosé#red",
    "http://example.com/𐌀𐌁𐌂",
    "https://ru.wikipedia.org/wiki/Википедия?q=ü#§",
    "ftp://usér:pàss@bücher.de:21/",
    "http://a/?\u{E000}\u{10FFFD}",
    "http://[2001:db8::7]/ä",
    "//例え.テスト/パス",
    "../上",
    "名前#節",
    "mailto:José@example.org",
    "http://example.com/",
    "http://a/\u{202E}txt.exe",
    "http://a\u{200E}/",
    // Errors.
    "http://a/\u{E000}",
    "http://a/#\u{E000}",
    "hé://a",
    "http://a:８０/",
    "http://[::é]/",
    "http://a/\u{FDD0}",
    "http://a b/",
    "http://a/%zz",
];

/// Parses `input` with every IRI rule and reads every component of each
/// success; returns a value that depends on all of it.
fn parse_and_read(input: &str, options: ParseOptions) -> usize {
    let mut acc = 0;
    match IriReference::parse_with(input, options) {
        Ok(r) => {
            let c = r.components();
            let len = |s: Option<&str>| s.map_or(0, str::len);
            acc += c.as_str().len() + len(c.scheme()) + len(c.userinfo()) + len(c.host_str());
            acc += len(c.port()) + c.path().len() + len(c.query()) + len(c.fragment());
            acc += c.path_segments().map(str::len).sum::<usize>();
            acc += c.host_kind().map_or(0, |k| k.as_str().len());
        }
        Err(e) => acc += e.index() + e.kind().name().len(),
    }
    match Iri::parse_with(input, options) {
        Ok(i) => acc += i.scheme().len() + i.path().len(),
        Err(e) => acc += e.index(),
    }
    match RelativeIri::parse_with(input, options) {
        Ok(r) => acc += r.path().len(),
        Err(e) => acc += e.index(),
    }
    acc
}

#[test]
fn parsing_an_iri_allocates_nothing() {
    let mut failures = Vec::new();
    for options in [
        ParseOptions::new(),
        ParseOptions::new().allow_bidi_formatting(true),
    ] {
        for &input in INPUTS {
            let (acc, n) = allocations(|| parse_and_read(black_box(input), black_box(options)));
            black_box(acc);
            if n != 0 {
                failures.push(format!("{input:?} ({options:?}): {n} allocations"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "allocations while parsing IRIs:\n{}",
        failures.join("\n")
    );
}

#[test]
fn to_uri_allocates_once_and_only_for_non_ascii() {
    let mut mapped = 0;
    for &input in INPUTS {
        let Ok(iri) = IriReference::parse(input) else {
            continue;
        };
        let (uri, n) = allocations(|| to_uri(black_box(iri)));
        let expected = usize::from(!input.is_ascii());
        assert_eq!(
            n, expected,
            "{input:?}: to_uri made {n} allocations, gave {uri}"
        );
        assert_eq!(uri.is_borrowed(), input.is_ascii(), "{input:?}");
        mapped += expected;
    }
    assert!(mapped >= 10, "too few non-ASCII IRIs were mapped: {mapped}");
}

#[test]
fn to_iri_of_a_uri_without_percent_encoding_allocates_nothing() {
    for input in [
        "http://example.com/a/b?c#d",
        "http://xn--99zt52a.example.org/",
        "urn:isbn:0451450523",
        "",
    ] {
        let uri = UriReference::parse(input).unwrap();
        let (iri, n) = allocations(|| to_iri(black_box(uri)));
        assert_eq!(n, 0, "{input:?}: to_iri made {n} allocations");
        assert!(iri.is_borrowed());
    }
    // The counter is live: a URI with a triplet to decode is copied.
    let uri = UriReference::parse("http://a/D%C3%BCrst").unwrap();
    let (iri, n) = allocations(|| to_iri(uri));
    assert_eq!(iri.as_str(), "http://a/Dürst");
    assert_eq!(n, 1);
}
