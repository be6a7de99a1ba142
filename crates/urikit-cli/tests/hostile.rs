//! The hostile inputs of issue 37's options, through the binary, each
//! linear: the time for 4n within five times the time for n (medians of
//! three runs). `--trim` on 10 MB of whitespace around a URL, and
//! `--replace` over a query of 100,000 pairs, both read from standard
//! input. (A `--get` template of 100,000 placeholders is too long for one
//! argument; the engine's test `edit::tests::hostile_templates_and_replaces_are_linear`
//! times it.)

// Test code: its helpers may unwrap and panic too.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::unreachable
)]

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `urikit args` on `stdin`; returns its time and standard output.
fn run(args: &[&str], stdin: &[u8]) -> (Duration, String) {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the urikit binary runs");
    let mut pipe = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&data);
    });
    let output = child.wait_with_output().expect("it ends");
    writer.join().expect("written");
    assert!(output.status.success(), "urikit {args:?} failed");
    (
        start.elapsed(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// The median time of three runs.
fn median(args: &[&str], stdin: &[u8]) -> Duration {
    let mut times: Vec<Duration> = (0..3).map(|_| run(args, stdin).0).collect();
    times.sort();
    times[1]
}

#[track_caller]
fn linear(name: &str, args: &[&str], make: impl Fn(usize) -> Vec<u8>, n: usize) {
    let small = median(args, &make(n));
    let large = median(args, &make(4 * n));
    let ratio = large.as_secs_f64() / small.as_secs_f64().max(1e-6);
    assert!(
        ratio < 5.0,
        "{name}: time(4n)/time(n) = {ratio:.2} ({small:?}, {large:?})"
    );
}

#[test]
fn trim_on_megabytes_of_whitespace() {
    let make = |n: usize| {
        let mut line = vec![b' '; n / 2];
        line.extend_from_slice(b"<http://a/>");
        line.extend(std::iter::repeat_n(b'\t', n / 2));
        line.extend_from_slice(b"\n");
        line.extend(std::iter::repeat_n(b' ', n));
        line.push(b'\n');
        line
    };
    let args = ["--trim", "--max-line-bytes", "50000000", "edit"];
    assert_eq!(run(&args, &make(1000)).1, "http://a/\n");
    // 10 MB of whitespace at 4n.
    linear("--trim", &args, make, 1_250_000);
}

#[test]
fn replace_over_a_hundred_thousand_pairs() {
    let make = |n: usize| {
        let pairs: Vec<String> = (0..n).map(|i| format!("k{}=v{i}", i % 10)).collect();
        format!("http://h/?{}\n", pairs.join("&")).into_bytes()
    };
    let args = ["edit", "--replace", "k1=x", "--replace-append", "new=1"];
    let out = run(&args, &make(20)).1;
    assert_eq!(
        out,
        "http://h/?k0=v0&k1=x&k2=v2&k3=v3&k4=v4&k5=v5&k6=v6&k7=v7&k8=v8&k9=v9&k0=v10&k2=v12&k3=v13&k4=v14&k5=v15&k6=v16&k7=v17&k8=v18&k9=v19&new=1\n"
    );
    // 100,000 pairs at 4n.
    linear("--replace", &args, make, 25_000);
}
