//! `Lint::check` takes time linear in its input: the time on an input of
//! 4n bytes over the time on n bytes stays near 4 (bounded by 12, as the
//! workspace's other linearity tests are), for inputs built to make each
//! part of the lint work hard. Each time is the smallest of three runs.

use std::time::{Duration, Instant};

use uri_lint::Lint;

/// The smallest of three times of `Lint::check(input)`, without and with
/// the pre-scan.
fn time(input: &str) -> Duration {
    let lint = Lint::new();
    let all = Lint::new().prescan(false);
    (0..3)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(lint.check(input));
            std::hint::black_box(all.check(input));
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

#[track_caller]
fn linear(name: &str, make: impl Fn(usize) -> String) {
    let n = 10_000;
    let (small, large) = (make(n), make(4 * n));
    let (a, b) = (time(&small), time(&large));
    let ratio = b.as_secs_f64() / a.as_secs_f64().max(1e-9);
    assert!(
        ratio < 12.0,
        "{name}: {a:?} for {} bytes, {b:?} for {} bytes",
        small.len(),
        large.len()
    );
}

#[test]
fn lint_is_linear() {
    linear("path", |n| format!("http://a/{}", "b/".repeat(n / 2)));
    linear("backslashes", |n| format!("http://a{}", "\\".repeat(n)));
    linear("at signs", |n| format!("http://{}b/", "a@".repeat(n / 2)));
    linear("password spans", |n| {
        (0..n / 16)
            .map(|i| format!("http:/u:{i}@h "))
            .collect::<String>()
    });
    linear("numeric host", |n| {
        format!("http://{}1/", "0.".repeat(n / 2))
    });
    linear("encoded host", |n| {
        format!("http://{}.com/", "%41".repeat(n / 3))
    });
    linear("unicode host", |n| {
        format!("http://{}.com/", "ｅ".repeat(n / 3))
    });
    linear("idn labels", |n| {
        format!("http://{}com/", "аррӏе.".repeat(n / 11))
    });
    linear("xn labels", |n| {
        format!("http://{}com/", "xn--80ak6aa92e.".repeat(n / 15))
    });
    linear("tabs", |n| format!("ht\ttp://a/{}", "\t".repeat(n)));
    linear("relative", |n| "../".repeat(n / 3));
}
