//! What linting costs (`uri-lint`, issue 39) beside parsing, on the same
//! URLs, in the same run; and the fraction of the corpus the pre-scan
//! sends to the WHATWG reading.
//!
//! Inputs: the clean lines of `mixed.txt` (109,062 URLs) and of
//! `web-1in4.txt` (14,860, every fourth line of the first 59,440 of
//! `mixed.txt`): those on which `Lint::check` finds nothing, found before
//! timing. Two groups, one per corpus (`lint/mixed-clean`,
//! `lint/web-clean`), each with:
//!
//! - `parse` (the group's reference, the target's denominator): urikit's
//!   `Uri::parse` (`uri_core`, re-exported as `urikit::Uri`), borrowed:
//!   the user's first call, its result kept (black-boxed whole, as the
//!   `parse/*` groups keep theirs). Until 2026-11-29 it kept only
//!   `is_ok()`, which let the compiler leave out building the `Uri`: 2.5 %
//!   fewer instructions on `web-1in4.txt` (4,689,401 against 4,807,426),
//!   and a parse no user calls.
//!   That older denominator is the profile's `parse-is-ok` (below), for
//!   instruction counts only: a third timed function moved how the
//!   compiler laid out the parse in this binary, and `parse` read 440 µs
//!   on `web-1in4.txt` instead of 310 µs.
//! - `check`: `Lint::check`, the findings (`Vec<Finding>`, empty here) of
//!   one `Lint::new()` built before timing (building one parses its
//!   default base with `url`: not per URL).
//! - `needs-whatwg`: `Lint::needs_whatwg`, the pre-scan alone.
//!
//! Before timing, the pre-scan is run over every line of each corpus
//! (clean or not) and the fraction it sends to the WHATWG reading is
//! noted (issue 39 asks for it to be stated).
//!
//! Run: `cargo bench -p urikit-bench --bench lint`.
//!
//! Instruction counts (`valgrind --tool=callgrind`, which a loaded machine
//! does not change): set `URIKIT_LINT_PROFILE` to `parse`, `parse-is-ok`
//! (the old denominator), `check`, `needs-whatwg` or `proves-clean`,
//! optionally followed by `/mixed` or
//! `/web` for one group only, and run the bench binary under callgrind
//! with `--toggle-collect='lint::profile_loop*'`: each group's loop over
//! its clean lines runs once, in `profile_loop`, and criterion is not run.

// Test code: its helpers may unwrap and panic too.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::unreachable
)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput};
use uri_core::Uri;
use uri_lint::Lint;
use urikit_bench::GroupInfo;

/// One group: the clean lines of `corpus`.
fn bench_corpus(c: &mut Criterion, lint: &Lint, corpus: &str, short: &str) {
    let lines = urikit_bench::lines(corpus).expect("corpus in data/");
    let name = format!("lint/{short}-clean");
    let selected = lines.iter().filter(|l| lint.needs_whatwg(l)).count();
    let clean: Vec<&str> = lines
        .iter()
        .map(String::as_str)
        .filter(|l| lint.check(l).is_empty())
        .collect();
    let clean_selected = clean.iter().filter(|l| lint.needs_whatwg(l)).count();
    let parsed = clean.iter().filter(|l| Uri::parse(l).is_ok()).count();
    let mut info = GroupInfo::new(
        &name,
        clean.len() as u64,
        urikit_bench::total_bytes(&clean),
        "check",
    );
    info.note(format!(
        "pre-scan (Lint::needs_whatwg) selects {selected} of the {} lines of {corpus} \
         ({:.2} %) for the WHATWG reading",
        lines.len(),
        100.0 * selected as f64 / lines.len() as f64
    ));
    info.note(format!(
        "{} of the {} lines are clean (no finding; {:.2} %); Uri::parse accepts {parsed} of \
         them; the pre-scan selects {clean_selected} of them",
        clean.len(),
        lines.len(),
        100.0 * clean.len() as f64 / lines.len() as f64
    ));
    if let Some(op) = profile_op() {
        let (op, only) = op.split_once('/').unwrap_or((op.as_str(), short));
        if only == short {
            profile_loop(|| match op {
                "parse" => {
                    for line in &clean {
                        let _ = black_box(Uri::parse(black_box(line)));
                    }
                }
                "parse-is-ok" => {
                    for line in &clean {
                        black_box(Uri::parse(black_box(line)).is_ok());
                    }
                }
                "check" => {
                    for line in &clean {
                        black_box(lint.check(black_box(line)));
                    }
                }
                "needs-whatwg" => {
                    for line in &clean {
                        black_box(lint.needs_whatwg(black_box(line)));
                    }
                }
                "proves-clean" => {
                    for line in &clean {
                        black_box(lint.proves_clean(black_box(line)));
                    }
                }
                other => panic!("URIKIT_LINT_PROFILE: unknown operation `{other}`"),
            });
        }
        return;
    }
    let mut g = c.benchmark_group(&name);
    g.throughput(Throughput::Elements(clean.len() as u64));
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(20);
    g.bench_function("parse", |b| {
        b.iter(|| {
            for line in &clean {
                let _ = black_box(Uri::parse(black_box(line)));
            }
        })
    });
    g.bench_function("check", |b| {
        b.iter(|| {
            for line in &clean {
                black_box(lint.check(black_box(line)));
            }
        })
    });
    g.bench_function("needs-whatwg", |b| {
        b.iter(|| {
            for line in &clean {
                black_box(lint.needs_whatwg(black_box(line)));
            }
        })
    });
    g.finish();
    if let Err(e) = info.write() {
        eprintln!("{name}: cannot write its record: {e}");
    }
}

/// The operation named by `URIKIT_LINT_PROFILE` (`parse`, `parse-is-ok`,
/// `check`, `needs-whatwg`, `proves-clean`, each optionally followed by
/// `/mixed` or
/// `/web`), if any: then that loop runs once, untimed, in
/// [`profile_loop`], and criterion is not run.
fn profile_op() -> Option<String> {
    std::env::var("URIKIT_LINT_PROFILE").ok()
}

/// Runs `body` once: the only code callgrind counts in a profile run.
#[inline(never)]
fn profile_loop(body: impl FnOnce()) {
    body();
}

/// Finds the clean lines and the pre-scan's fraction, then times each.
fn main() {
    let lint = Lint::new();
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    bench_corpus(&mut c, &lint, "mixed.txt", "mixed");
    bench_corpus(&mut c, &lint, "web-1in4.txt", "web");
    c.final_summary();
}
