//! Resolution and normalization run in linear time (the `uri-resolve`
//! guarantee: `remove_dot_segments` never rescans), on the inputs that make
//! a naive algorithm quadratic: a million `../`, a million `/..`, `a/` × N
//! then `../` × N (each `..` taking back a segment just written), the same
//! under a base with dot segments (merged in a scratch buffer), and long
//! paths to normalize; and a 10 MB path normalizes, to the right result.
//!
//! Linearity is checked as a ratio, never as a wall-clock limit, as in
//! `large_input.rs`: the median time for an input of size 4N over the median
//! time for size N must stay well under 16 (what a quadratic algorithm would
//! show), below 12 to leave room for noise on a small, shared machine; a
//! shape is measured again (up to three times) before it is called
//! superlinear. Sizes are fixed so that the whole file takes a few seconds
//! in a debug build, which is what CI runs.
//!
//! The timing takes `crate::timing()` and the 10 MB normalization
//! `crate::big_input()`: the timing must not share the machine with the
//! 10 MB normalization, nor with the other timings and big inputs of the
//! binary (`large_input.rs`, the size tests of `hostile.rs`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use urikit::resolve::{Resolver, normalize_into, normalize_uri};
use urikit::{Uri, UriReference};

/// Ten megabytes.
const TEN_MB: usize = 10 * 1024 * 1024;

/// Linear is 4, quadratic 16.
const LIMIT: f64 = 12.0;

/// Measurements per shape before calling it superlinear: a busy machine can
/// spoil one, not a quadratic algorithm's every one.
const ATTEMPTS: usize = 3;

/// Timings per median.
const RUNS: usize = 3;

/// `prefix`, then `unit` `count` times, then `suffix`.
fn repeat(prefix: &str, unit: &str, count: usize, suffix: &str) -> String {
    let mut s = String::with_capacity(prefix.len() + unit.len() * count + suffix.len());
    s.push_str(prefix);
    for _ in 0..count {
        s.push_str(unit);
    }
    s.push_str(suffix);
    s
}

/// What a shape does with its input.
#[derive(Debug, Clone, Copy)]
enum Op {
    /// Resolves the input, a reference, against this base (`resolve_into`,
    /// one resolver and buffer).
    Resolve(&'static str),
    /// Normalizes the input, a URI (`normalize_into`, one buffer).
    Normalize,
}

/// A family of inputs.
struct Shape {
    name: &'static str,
    op: Op,
    /// The size parameter of the smaller input; the larger has `4 * n`.
    n: usize,
    /// The input for `n`.
    make: fn(usize) -> String,
    /// The result for `n`, worked out from the RFC.
    expected: fn(usize) -> String,
}

/// The base of RFC 3986 §5.4.
const BASE: &str = "http://a/b/c/d;p?q";

/// The shapes, each with `n` such that the smaller input takes about ten
/// milliseconds or more in a debug build (`../` × 1 000 000 as the larger
/// input, as the issue asks).
const SHAPES: &[Shape] = &[
    Shape {
        name: "`../` × n (4n = 1 000 000)",
        op: Op::Resolve(BASE),
        n: 250_000,
        make: |n| "../".repeat(n),
        expected: |_| "http://a/".to_owned(),
    },
    Shape {
        name: "`/..` × n",
        op: Op::Resolve(BASE),
        n: 100_000,
        make: |n| "/..".repeat(n),
        expected: |_| "http://a/".to_owned(),
    },
    Shape {
        name: "`a/` × n then `../` × n",
        op: Op::Resolve(BASE),
        n: 31_250,
        make: |n| repeat(&"a/".repeat(n), "../", n, ""),
        expected: |_| "http://a/b/c/".to_owned(),
    },
    Shape {
        name: "`a/` × n then `../` × n, against a base with dot segments",
        op: Op::Resolve("http://a/b/../c/d"),
        n: 31_250,
        make: |n| repeat(&"a/".repeat(n), "../", n, "g"),
        expected: |_| "http://a/c/g".to_owned(),
    },
    Shape {
        name: "normalize `/a/./b/../%7e` × n",
        op: Op::Normalize,
        n: 10_000,
        make: |n| repeat("HTTP://A", "/a/./b/../%7e", n, ""),
        expected: |n| repeat("http://a", "/a/~", n, ""),
    },
];

/// The median of `RUNS` timings of `f`.
fn median_time(f: &mut impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[RUNS / 2]
}

/// The ratio time(large) / time(small) of `run`, called with `false` for the
/// small input and `true` for the large: the median of three ratios, each of
/// medians, taken in turns so that a slow spell hits both sizes.
fn ratio(mut run: impl FnMut(bool)) -> f64 {
    run(false);
    run(true);
    let mut ratios: Vec<f64> = (0..3)
        .map(|_| {
            let small = median_time(&mut || run(false));
            let large = median_time(&mut || run(true));
            large.as_secs_f64() / small.as_secs_f64().max(1e-9)
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    ratios[1]
}

/// Measures `shape` once; checks its results are right too.
fn measure(shape: &Shape) -> Result<f64, String> {
    let (small, large) = ((shape.make)(shape.n), (shape.make)(4 * shape.n));
    let mut outs = [String::new(), String::new()];
    let r = match shape.op {
        Op::Resolve(base) => {
            let base = Uri::parse(base).map_err(|e| e.to_string())?;
            let inputs = [
                UriReference::parse(&small).map_err(|e| e.to_string())?,
                UriReference::parse(&large).map_err(|e| e.to_string())?,
            ];
            let mut resolver = Resolver::new(base);
            ratio(|large| {
                let i = usize::from(large);
                resolver.resolve_into(black_box(inputs[i]), &mut outs[i]);
                black_box(outs[i].len());
            })
        }
        Op::Normalize => {
            let inputs = [
                Uri::parse(&small).map_err(|e| e.to_string())?,
                Uri::parse(&large).map_err(|e| e.to_string())?,
            ];
            ratio(|large| {
                let i = usize::from(large);
                normalize_into(black_box(inputs[i]).components(), &mut outs[i]);
                black_box(outs[i].len());
            })
        }
    };
    for (out, n) in outs.iter().zip([shape.n, 4 * shape.n]) {
        let expected = (shape.expected)(n);
        if *out != expected {
            let show = |s: &str| format!("{:?}… ({} bytes)", &s[..s.len().min(40)], s.len());
            return Err(format!(
                "{}: wrong result for n = {n}: {}, expected {}",
                shape.name,
                show(out),
                show(&expected)
            ));
        }
    }
    Ok(r)
}

#[test]
fn resolution_and_normalization_time_grows_linearly() {
    let _timing = crate::timing();
    let mut report = Vec::new();
    let mut failed = false;
    for shape in SHAPES {
        let mut ratios = Vec::new();
        while ratios.len() < ATTEMPTS {
            let r = measure(shape).unwrap_or_else(|e| panic!("{e}"));
            ratios.push(r);
            if r < LIMIT {
                break;
            }
        }
        let best = ratios.iter().copied().fold(f64::INFINITY, f64::min);
        failed |= best >= LIMIT;
        report.push(format!(
            "{}: n = {}, time(4n) / time(n) = {best:.2} (attempts: {ratios:.2?})",
            shape.name, shape.n
        ));
    }
    let report = report.join("\n");
    println!("{report}");
    assert!(
        !failed,
        "time grows faster than linearly (limit {LIMIT}):\n{report}"
    );
}

#[test]
fn a_ten_megabyte_path_normalizes() {
    let _big = crate::big_input();
    let unit = "/a/./b/../%7e";
    let count = TEN_MB.div_ceil(unit.len());
    let input = repeat("HTTP://Example.COM", unit, count, "/%2E%2E/z");
    assert!(input.len() >= TEN_MB);
    let uri = Uri::parse(&input).expect("a 10 MB path is valid");
    // Per unit, `remove_dot_segments` keeps `/a`, drops `/.`, takes back `/b`
    // with `/..`, and keeps the decoded `/~`; the final `%2E%2E` takes back
    // the last `/~`.
    let normal = normalize_uri(uri);
    let mut expected = repeat("http://example.com", "/a/~", count, "");
    expected.truncate(expected.len() - "/~".len());
    expected.push_str("/z");
    assert_eq!(normal.as_str().len(), expected.len());
    assert!(normal.as_str() == expected, "wrong normal form");
}
