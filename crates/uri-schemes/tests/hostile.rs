//! Hostile sizes of the new schemes (issue 35): a `pkg` URI with 10,000
//! qualifiers, a `sip` URI with 10,000 parameters and one with 10,000
//! headers, a `geo` URI with 10,000 parameters. Each is read whole (every
//! item in the typed view), and checking, normalizing and keying it takes
//! time linear in its size, or `n log n` where a sort finds repeated
//! names: the time for 4N items over the time for N stays below 8 (linear
//! is 4, `n log n` at N = 10,000 about 4.6, quadratic 16; 8 leaves a busy
//! machine room without letting a quadratic shape through).
//!
//! Shown as the workspace's other linearity tests show it (as
//! `tests/conformance/hostile_schemes.rs` does, as a ratio, never a
//! wall-clock limit): the work is repeated until N takes tens of
//! milliseconds; each time is a median of runs interleaved with the other
//! size's, so that a slow spell of a shared machine hits both; a shape is
//! measured again before it is called superlinear, since a busy machine can
//! spoil one measurement, not a quadratic algorithm's every one. The one
//! test runs the shapes one after the other, so that they do not time each
//! other.

// Test code: it may unwrap.
#![allow(clippy::unwrap_used)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use uri_core::Uri;
use uri_schemes::{Geo, Purl, Registry, Sip};

/// Items in the small input.
const N: usize = 10_000;

/// The highest ratio time(4N) / time(N) that counts as linear (or
/// `n log n`): halfway between those (4 to 4.6) and quadratic (16).
const LIMIT: f64 = 8.0;

/// The item keys in a scrambled order (a multiplicative walk over `0..n`),
/// so that a sort or a duplicate search gets no sorted run for free.
fn scrambled(n: usize) -> impl Iterator<Item = usize> {
    // 7919 is prime and no factor of a power of two times ten.
    (0..n).map(move |i| (i * 7919) % n)
}

/// A purl with `n` qualifiers, each key once.
fn pkg(n: usize) -> String {
    let qualifiers: Vec<String> = scrambled(n).map(|i| format!("k{i}=v{i}")).collect();
    format!("pkg:generic/acme/tool@1.0?{}", qualifiers.join("&"))
}

/// A sip URI with `n` parameters, each name once.
fn sip_parameters(n: usize) -> String {
    let parameters: String = scrambled(n).map(|i| format!(";p{i}=v")).collect();
    format!("sip:alice@atlanta.example{parameters}")
}

/// A sip URI with `n` headers.
fn sip_headers(n: usize) -> String {
    let headers: Vec<String> = scrambled(n).map(|i| format!("h{i}=v")).collect();
    format!("sip:alice@atlanta.example?{}", headers.join("&"))
}

/// A geo URI with `n` parameters, each name once.
fn geo(n: usize) -> String {
    let parameters: String = scrambled(n).map(|i| format!(";p{i}=v")).collect();
    format!("geo:48.2010,16.3695;u=5{parameters}")
}

/// The shapes: a name, the input of `n` items, and how many items the
/// typed view of that input holds.
type Shape = (&'static str, fn(usize) -> String, fn(&str) -> usize);

const SHAPES: &[Shape] = &[
    ("pkg: qualifiers", pkg, |s| {
        Purl::parse_str(s).map_or(0, |p| p.qualifiers().len())
    }),
    ("sip: parameters", sip_parameters, |s| {
        Sip::parse(Uri::parse(s).unwrap()).map_or(0, |v| v.parameters().len())
    }),
    ("sip: headers", sip_headers, |s| {
        Sip::parse(Uri::parse(s).unwrap()).map_or(0, |v| v.headers().len())
    }),
    ("geo: parameters", geo, |s| {
        Geo::parse(Uri::parse(s).unwrap()).map_or(0, |v| v.parameters().len())
    }),
];

#[test]
fn hostile_inputs_are_read_whole_and_valid() {
    let registry = Registry::standard();
    for &(name, make, items) in SHAPES {
        let input = make(N);
        let uri = Uri::parse(&input).unwrap();
        let report = registry.check(uri);
        assert!(report.is_valid(), "{name}: {:?}", report.violations());
        assert_eq!(items(&input), N, "{name}");
        let normal = registry.normalize(uri);
        assert!(
            registry.equivalent(uri.into(), normal.as_uri().into()),
            "{name}"
        );
    }
}

/// What is timed: checking, normalizing and keying `input`, `times` times.
fn work(registry: &Registry, input: &str, times: usize) -> usize {
    let mut sum = 0;
    for _ in 0..times {
        let uri = Uri::parse(black_box(input)).unwrap();
        let report = registry.check(uri);
        let normal = registry.normalize(uri);
        let key = registry.equivalence_key(uri.into());
        sum += report.violations().len() + normal.as_str().len() + key.len();
    }
    sum
}

/// The median of `runs` timings of each of `work(small)` and
/// `work(large)`, interleaved.
fn medians(registry: &Registry, small: &str, large: &str, times: usize) -> (Duration, Duration) {
    const RUNS: usize = 5;
    let timed = |input: &str| {
        let start = Instant::now();
        black_box(work(registry, input, times));
        start.elapsed()
    };
    let (mut a, mut b): (Vec<Duration>, Vec<Duration>) =
        (0..RUNS).map(|_| (timed(small), timed(large))).unzip();
    a.sort();
    b.sort();
    (a[RUNS / 2], b[RUNS / 2])
}

#[test]
fn hostile_inputs_take_linear_time() {
    /// Measurements per shape before calling it superlinear.
    const ATTEMPTS: usize = 8;
    let registry = Registry::standard();
    let mut report = Vec::new();
    let mut failed = false;
    for &(name, make, _) in SHAPES {
        let (small, large) = (make(N), make(4 * N));
        // Repeat the work until the small input takes tens of milliseconds,
        // whatever the build profile and the machine.
        let mut times = 1;
        while times < 1024
            && medians(&registry, &small, &small, times).0 < Duration::from_millis(20)
        {
            times *= 2;
        }
        let mut ratios = Vec::new();
        while ratios.len() < ATTEMPTS {
            let (a, b) = medians(&registry, &small, &large, times);
            let ratio = b.as_secs_f64() / a.as_secs_f64().max(1e-9);
            ratios.push(ratio);
            if ratio < LIMIT {
                break;
            }
        }
        let best = ratios.iter().copied().fold(f64::INFINITY, f64::min);
        failed |= best >= LIMIT;
        report.push(format!(
            "{name}: N = {N} items ({} bytes) x {times}, time(4N) / time(N) = {best:.2} (attempts: {ratios:.2?})",
            small.len()
        ));
    }
    let report = report.join("\n");
    println!("{report}");
    assert!(
        !failed,
        "time grows faster than linearly (limit {LIMIT}):\n{report}"
    );
}
