//! `cargo xtask fuzz [--time SECONDS] [--sanitizer NAME] [TARGET]`: runs
//! the fuzz targets of `fuzz/` with cargo-fuzz (libFuzzer) on the nightly
//! toolchain, each for SECONDS (default 60), and prints the executions per
//! second and the total executions of each.
//!
//! Installs nothing: without a nightly toolchain or cargo-fuzz it says how
//! to install them and fails. Each target runs as
//!
//! ```text
//! cargo +nightly fuzz run TARGET fuzz/corpus/TARGET fuzz/corpus-seed/TARGET \
//!     -- -max_total_time=SECONDS -timeout=10 -print_final_stats=1
//! ```
//!
//! from the workspace root: new inputs go to `fuzz/corpus/TARGET`
//! (git-ignored), the committed seeds in `fuzz/corpus-seed/TARGET` are read
//! only, and a crash lands in `fuzz/artifacts/TARGET/`. `--sanitizer NAME`
//! is passed on as `cargo fuzz run --sanitizer NAME`: cargo-fuzz builds
//! with AddressSanitizer by default, and `none` runs about three times
//! faster, a fair trade where the only `unsafe` blocks are one SSE2 call that
//! takes no pointer (`crates/uri-core/src/scanner.rs`) and two calls of
//! `String::from_utf8_unchecked`: of ASCII bytes
//! (`crates/uri-core/src/writer.rs`), and of a decoded `str` whose
//! triplets all stood for ASCII (`crates/uri-encode/src/decode.rs`).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const USAGE: &str = "usage: cargo xtask fuzz [--time SECONDS] [--sanitizer NAME] [TARGET]";

/// Seconds per target when `--time` is not given.
const DEFAULT_SECONDS: u64 = 60;

/// libFuzzer's limit for one input, in seconds: every property is
/// linear-time on small inputs, so an input this slow is a hang.
const HANG_SECONDS: u64 = 10;

/// What one run reported.
struct Outcome {
    target: String,
    executions: Option<u64>,
    per_second: Option<u64>,
    corpus: usize,
    ok: bool,
}

/// Runs the task.
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let Args {
        seconds,
        sanitizer,
        target: only,
    } = parse_args(args)?;
    let root = crate::root();
    let fuzz_dir = root.join("fuzz");
    let targets = targets(&fuzz_dir)?;
    let chosen: Vec<String> = match only {
        Some(t) if targets.contains(&t) => vec![t],
        Some(t) => {
            return Err(format!(
                "no fuzz target `{t}`; the targets are: {}",
                targets.join(", ")
            ));
        }
        None => targets,
    };
    let cargo = nightly_cargo()?;
    check_cargo_fuzz(&cargo)?;

    let mut outcomes = Vec::new();
    for target in &chosen {
        eprintln!("\n==> xtask fuzz: {target} for {seconds}s");
        outcomes.push(run_target(
            &cargo,
            &root,
            target,
            seconds,
            sanitizer.as_deref(),
        )?);
    }

    eprintln!("\n==> xtask fuzz: {seconds}s per target");
    eprintln!(
        "{:<24} {:>14} {:>10} {:>8}  result",
        "target", "executions", "exec/s", "corpus"
    );
    let show = |n: Option<u64>| n.map_or_else(|| "?".to_string(), |n| n.to_string());
    for o in &outcomes {
        eprintln!(
            "{:<24} {:>14} {:>10} {:>8}  {}",
            o.target,
            show(o.executions),
            show(o.per_second),
            o.corpus,
            if o.ok { "ok" } else { "FAILED" }
        );
    }
    let failed: Vec<&str> = outcomes
        .iter()
        .filter(|o| !o.ok)
        .map(|o| o.target.as_str())
        .collect();
    if failed.is_empty() {
        return Ok(());
    }
    eprintln!(
        "\nA crash or hang input is in fuzz/artifacts/TARGET/. Minimize it with\n  \
         cargo +nightly fuzz tmin TARGET fuzz/artifacts/TARGET/crash-…\n\
         then copy the minimized file to tests/fuzz-regressions/TARGET/<name>\n\
         (see tests/fuzz-regressions/README.md): `cargo test` replays it."
    );
    Err(format!("fuzz target(s) failed: {}", failed.join(", ")))
}

/// The command line of the task.
#[derive(Debug, PartialEq, Eq)]
struct Args {
    seconds: u64,
    sanitizer: Option<String>,
    target: Option<String>,
}

/// `--time SECONDS`, `--sanitizer NAME` (or `--option=VALUE`) and an
/// optional target name.
fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut seconds = DEFAULT_SECONDS;
    let mut sanitizer = None;
    let mut target = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value)),
            _ => (arg.as_str(), None),
        };
        if name == "--time" || name == "--sanitizer" {
            let value = match inline {
                Some(value) => value,
                None => rest
                    .next()
                    .ok_or(format!("{name} needs a value\n{USAGE}"))?,
            };
            if name == "--time" {
                seconds = value.parse().ok().filter(|&s| s > 0).ok_or(format!(
                    "--time wants a positive number of seconds, not `{value}`"
                ))?;
            } else {
                sanitizer = Some(value.to_string());
            }
        } else if arg.starts_with('-') {
            return Err(format!("unknown option `{arg}`\n{USAGE}"));
        } else if target.is_some() {
            return Err(format!("one target at most\n{USAGE}"));
        } else {
            target = Some(arg.clone());
        }
    }
    Ok(Args {
        seconds,
        sanitizer,
        target,
    })
}

/// The targets, in the order of the `[[bin]]` tables of `fuzz/Cargo.toml`.
fn targets(fuzz_dir: &Path) -> Result<Vec<String>, String> {
    let manifest = fuzz_dir.join("Cargo.toml");
    let text =
        std::fs::read_to_string(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
    let mut names = Vec::new();
    let mut in_bin = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if in_bin {
            if let Some(value) = line.strip_prefix("name") {
                if let Some(value) = value.trim_start().strip_prefix('=') {
                    names.push(value.trim().trim_matches('"').to_string());
                }
            }
        }
    }
    if names.is_empty() {
        return Err(format!("{} declares no fuzz target", manifest.display()));
    }
    Ok(names)
}

/// A cargo that takes `+nightly`: `$CARGO` when it is the rustup proxy,
/// else the `cargo` on `PATH` (under `cargo xtask`, `$CARGO` is usually the
/// stable toolchain's own binary, which cannot switch toolchains).
fn nightly_cargo() -> Result<String, String> {
    let mut candidates = Vec::new();
    if let Ok(cargo) = std::env::var("CARGO") {
        candidates.push(cargo);
    }
    candidates.push("cargo".to_string());
    for cargo in candidates {
        let output = nightly(&cargo).arg("--version").output();
        if let Ok(out) = output {
            if out.status.success() && String::from_utf8_lossy(&out.stdout).contains("nightly") {
                return Ok(cargo);
            }
        }
    }
    Err(
        "no nightly toolchain (or no rustup `cargo` on PATH): cargo-fuzz \
         needs nightly (libFuzzer and -Zsanitizer). Install it with\n  \
         rustup toolchain install nightly"
            .to_string(),
    )
}

/// `cargo +nightly`, with the toolchain also named in the environment so
/// that the rustc and cargo that cargo-fuzz starts are the nightly ones.
fn nightly(cargo: &str) -> Command {
    let mut command = Command::new(cargo);
    command.arg("+nightly").env("RUSTUP_TOOLCHAIN", "nightly");
    command
}

fn check_cargo_fuzz(cargo: &str) -> Result<(), String> {
    let ok = nightly(cargo)
        .args(["fuzz", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if ok {
        Ok(())
    } else {
        Err("cargo-fuzz is not installed. Install it with\n  \
             cargo install cargo-fuzz --locked\n\
             (see fuzz/README.md)"
            .to_string())
    }
}

/// Runs one target, echoing libFuzzer's output, and reads its final stats.
fn run_target(
    cargo: &str,
    root: &Path,
    target: &str,
    seconds: u64,
    sanitizer: Option<&str>,
) -> Result<Outcome, String> {
    let corpus = PathBuf::from("fuzz/corpus").join(target);
    let seeds = PathBuf::from("fuzz/corpus-seed").join(target);
    std::fs::create_dir_all(root.join(&corpus))
        .map_err(|e| format!("{}: {e}", corpus.display()))?;
    let mut command = nightly(cargo);
    command.args(["fuzz", "run"]);
    if let Some(sanitizer) = sanitizer {
        command.args(["--sanitizer", sanitizer]);
    }
    command
        .arg(target)
        .arg(&corpus)
        .arg(&seeds)
        .arg("--")
        .arg(format!("-max_total_time={seconds}"))
        .arg(format!("-timeout={HANG_SECONDS}"))
        .arg("-print_final_stats=1")
        .current_dir(root)
        .stderr(Stdio::piped());
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot run {cargo}: {e}"))?;
    let mut executions = None;
    let mut per_second = None;
    if let Some(stderr) = child.stderr.take() {
        let mut reader = BufReader::new(stderr);
        let mut line = Vec::new();
        let mut echo = std::io::stderr().lock();
        loop {
            line.clear();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let _ = echo.write_all(&line);
            let text = String::from_utf8_lossy(&line);
            read_stats(&text, &mut executions, &mut per_second);
        }
    }
    let status = child
        .wait()
        .map_err(|e| format!("waiting for cargo fuzz: {e}"))?;
    let corpus_size = std::fs::read_dir(root.join(&corpus)).map_or(0, |d| d.count());
    Ok(Outcome {
        target: target.to_string(),
        executions,
        per_second,
        corpus: corpus_size,
        ok: status.success(),
    })
}

/// Reads libFuzzer's totals from one line of its output: the
/// `-print_final_stats=1` lines (`stat::number_of_executed_units: N`,
/// `stat::average_exec_per_sec: X`), or, failing those, the last status
/// line (`#N DONE cov: … exec/s: X …`).
fn read_stats(line: &str, executions: &mut Option<u64>, per_second: &mut Option<u64>) {
    let line = line.trim();
    let number = |s: &str| s.trim().parse::<u64>().ok();
    if let Some(n) = line.strip_prefix("stat::number_of_executed_units:") {
        *executions = number(n).or(*executions);
    } else if let Some(n) = line.strip_prefix("stat::average_exec_per_sec:") {
        *per_second = number(n).or(*per_second);
    } else if let Some(rest) = line.strip_prefix('#') {
        let mut words = rest.split_whitespace();
        let count = words.next().and_then(number);
        if words.next() == Some("DONE") {
            *executions = executions.or(count);
            let mut words = rest.split_whitespace();
            if words.any(|w| w == "exec/s:") {
                *per_second = per_second.or(words.next().and_then(number));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn reads_the_arguments() {
        let parsed = |seconds, sanitizer: Option<&str>, target: Option<&str>| {
            Ok(Args {
                seconds,
                sanitizer: sanitizer.map(String::from),
                target: target.map(String::from),
            })
        };
        assert_eq!(parse_args(&[]), parsed(60, None, None));
        assert_eq!(
            parse_args(&args(&["--time", "5", "resolve_parses"])),
            parsed(5, None, Some("resolve_parses"))
        );
        assert_eq!(
            parse_args(&args(&["--sanitizer=none", "--time=7"])),
            parsed(7, Some("none"), None)
        );
        assert!(parse_args(&args(&["--sanitizer"])).is_err());
        assert!(parse_args(&args(&["--time"])).is_err());
        assert!(parse_args(&args(&["--time", "0"])).is_err());
        assert!(parse_args(&args(&["--jobs", "2"])).is_err());
        assert!(parse_args(&args(&["a", "b"])).is_err());
    }

    #[test]
    fn reads_libfuzzer_stats() {
        let (mut n, mut x) = (None, None);
        read_stats(
            "#1234\tDONE   cov: 10 ft: 20 corp: 3/4b lim: 5 exec/s: 617 rss: 40Mb",
            &mut n,
            &mut x,
        );
        assert_eq!((n, x), (Some(1234), Some(617)));
        read_stats("stat::number_of_executed_units: 1240", &mut n, &mut x);
        read_stats("stat::average_exec_per_sec:     620", &mut n, &mut x);
        assert_eq!((n, x), (Some(1240), Some(620)));
        let (mut n, mut x) = (None, None);
        read_stats("#4096\tpulse  cov: 1 exec/s: 9 rss: 1Mb", &mut n, &mut x);
        assert_eq!((n, x), (None, None));
    }

    #[test]
    fn lists_the_targets_of_the_fuzz_manifest() {
        let targets = targets(&crate::root().join("fuzz")).unwrap();
        assert!(targets.contains(&"parse_roundtrip".to_string()));
        assert!(targets.contains(&"relativize_inverts".to_string()));
    }
}
