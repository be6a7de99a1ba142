//! Parsing and reading components allocate nothing; `to_buf()` allocates once.
//!
//! Allocations are counted by the `allocations` binary's global allocator
//! (`counting_alloc.rs`), for the current thread only, so the test harness
//! and the tests running in other threads do not disturb the count.

use std::fmt::Write as _;
use std::hint::black_box;

use urikit::{ParseOptions, RelativeRef, Uri, UriReference, UriReferenceBuf};

use crate::counting_alloc::allocations;

/// Inputs of every shape: each component, each host kind, the errors.
const INPUTS: &[&str] = &[
    "",
    "a:",
    "https://user:pass@www.example.com:8080/a/b/c/?q=1&r=2#frag",
    "foo://example.com:8042/over/there?name=ferret#nose",
    "urn:example:animal:ferret:nose",
    "mailto:John.Doe@example.com",
    "file:///etc/hosts",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "http://[::ffff:1.2.3.4]:80/",
    "http://[v7.x]/",
    "telnet://192.0.2.16:80/",
    "http://127.1/",
    "http://a:/",
    "http://a:65536/",
    "//example.com/path",
    "../a/b?c#d",
    "./a:b",
    "/a//b/",
    "?q",
    "#f",
    "%41%42/%43?%44#%45",
    // Errors.
    "http://a b",
    "http://a:b@c:d@e",
    "http://[::1",
    "http://[::1]x",
    "http://[fe80::1%25eth0]",
    "1a:b",
    ":a",
    "a b:c",
    "%zz",
    "http://a#b#c",
    "http://a/é",
    "a:b",
];

/// Parses `input` against every rule and reads every component of each
/// success; returns a value depending on all of it, so nothing is optimized away.
fn parse_and_read(input: &str, options: ParseOptions) -> usize {
    let mut acc = 0;
    if let Ok(r) = UriReference::parse_with(input, options) {
        acc += read(&r.components());
        acc += usize::from(r.is_relative()) + r.scheme().map_or(0, str::len);
        acc += r.as_uri().map_or(0, |u| u.as_str().len())
            + r.as_relative_ref().map_or(0, |r| r.as_str().len());
    }
    if let Ok(u) = Uri::parse_with(input, options) {
        acc += read(&u.components()) + u.scheme().len();
    }
    if let Ok(r) = RelativeRef::parse_with(input, options) {
        acc += read(&r.components());
    }
    for result in [
        UriReference::parse_with(input, options).map(|_| ()),
        Uri::parse_with(input, options).map(|_| ()),
        RelativeRef::parse_with(input, options).map(|_| ()),
    ] {
        if let Err(e) = result {
            acc += e.index() + e.kind().name().len();
        }
    }
    acc
}

/// Reads every component getter of `c`.
fn read(c: &urikit::Components<'_>) -> usize {
    let len = |s: Option<&str>| s.map_or(0, str::len);
    let mut acc = c.as_str().len();
    acc += len(c.scheme()) + len(c.userinfo()) + len(c.host_str()) + len(c.port()) + c.path().len();
    acc += len(c.query()) + len(c.fragment());
    acc += c.path_segments().count() + c.path_segments().rev().count();
    acc += c.path_segments().map(str::len).sum::<usize>();
    acc += c.host_kind().map_or(0, |k| k.as_str().len());
    if let Some(host) = c.host() {
        acc += black_box(host)
            .ip()
            .map_or(1, |ip| usize::from(ip.is_loopback()));
    }
    if let Some(a) = c.authority() {
        acc += a.as_str().len() + len(a.userinfo()) + a.host_str().len() + len(a.port());
        acc += match a.port_u16() {
            Ok(p) => p.map_or(0, usize::from),
            Err(_) => 1,
        };
        acc += a.host_kind().as_str().len() + usize::from(a.host().kind() == a.host_kind());
    }
    acc
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
}

#[test]
fn parsing_and_reading_components_allocate_nothing() {
    let mut failures = Vec::new();
    for options in [ParseOptions::new(), ParseOptions::new().allow_zone_id(true)] {
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
        "allocations while parsing:\n{}",
        failures.join("\n")
    );
}

#[test]
fn reading_an_owned_reference_allocates_nothing() {
    for &input in INPUTS {
        let Ok(owned) = UriReferenceBuf::parse(input) else {
            continue;
        };
        let (acc, n) = allocations(|| {
            read(&owned.components()) + read(&owned.as_uri_reference().components())
        });
        black_box(acc);
        assert_eq!(
            n, 0,
            "{input:?}: {n} allocations reading an owned reference"
        );
    }
}

#[test]
fn rendering_an_error_allocates_nothing_but_a_masked_copy() {
    /// A `fmt::Write` that keeps only the length: no buffer to grow.
    struct Sink(usize);
    impl std::fmt::Write for Sink {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 += s.len();
            Ok(())
        }
    }
    for &input in INPUTS {
        let Err(e) = UriReference::parse(input) else {
            continue;
        };
        let (written, n) = allocations(|| {
            let mut sink = Sink(0);
            let _ = write!(sink, "{e}\n{}", e.caret(input));
            sink.0
        });
        assert!(written > 0);
        // Hiding a password (RFC 3986 §3.2.1) takes the list of its spans
        // and a masked copy of the input; nothing else allocates.
        let hides = urikit::password_spans(input.as_bytes()).next().is_some();
        let most = if hides { 2 } else { 0 };
        assert!(n <= most, "{input:?}: {n} allocations rendering the error");
    }
}

#[test]
fn to_buf_allocates_exactly_once() {
    for &input in INPUTS {
        let expected = usize::from(!input.is_empty());
        if let Ok(r) = UriReference::parse(input) {
            let (owned, n) = allocations(|| r.to_buf());
            // The empty string needs no buffer: `String::from("")` does not allocate.
            assert_eq!(
                n, expected,
                "{input:?}: UriReference::to_buf made {n} allocations"
            );
            assert_eq!(owned.as_str(), input);
        }
        if let Ok(u) = Uri::parse(input) {
            let (owned, n) = allocations(|| u.to_buf());
            assert_eq!(n, expected, "{input:?}: Uri::to_buf made {n} allocations");
            assert_eq!(owned.as_str(), input);
        }
        if let Ok(r) = RelativeRef::parse(input) {
            let (owned, n) = allocations(|| r.to_buf());
            assert_eq!(
                n, expected,
                "{input:?}: RelativeRef::to_buf made {n} allocations"
            );
            assert_eq!(owned.as_str(), input);
        }
    }
}
