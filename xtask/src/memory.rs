//! `cargo xtask memory [--sizes MB,MB,…]`: the peak memory of the
//! streaming subcommands, `urikit check` and `urikit normalize`, on inputs
//! of several sizes (64 MB, 256 MB and 1 GB by default).
//!
//! It builds the release binary, writes each input into a temporary
//! directory (the lines of `crates/urikit-bench/data/mixed.txt`, repeated
//! until the size is reached), and runs
//!
//! ```text
//! urikit check --quiet --no-progress INPUT
//! urikit normalize < INPUT
//! ```
//!
//! under GNU time (`/usr/bin/time -f %M`), which reports the peak resident
//! set size (Linux's `ru_maxrss`, the `VmHWM` of `/proc/PID/status`). Both
//! commands read a line at a time and write as they go, so their peak must
//! not grow with the input: the task fails when a command's peak on the
//! largest input exceeds its peak on the smallest by more than
//! [`SLACK_KB`], or any peak exceeds [`CEILING_KB`]. Once the release
//! binary is built it takes about 10 s here, but it needs the release
//! build, GNU time and 1 GB of free space in the temporary directory, so
//! it is not a gate of `cargo xtask ci`; its figures are in
//! `docs/performance.md`. Linux only (GNU time).

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Input sizes in MB when `--sizes` is not given.
const DEFAULT_SIZES: [u64; 3] = [64, 256, 1024];

/// How much more (in KB) a command's peak may be on the largest input than
/// on the smallest: allocator noise, not growth.
const SLACK_KB: u64 = 4 * 1024;

/// The most (in KB) any run may hold at its peak.
const CEILING_KB: u64 = 32 * 1024;

/// GNU time.
const TIME: &str = "/usr/bin/time";

/// The commands measured: a name, the arguments, and whether the input
/// is the last argument (else it is standard input). Standard output is
/// discarded.
const COMMANDS: [(&str, &[&str], bool); 2] = [
    ("check", &["check", "--quiet", "--no-progress"], true),
    ("normalize", &["normalize"], false),
];

/// Builds the CLI, writes the inputs, measures, checks the bound.
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let sizes = match args {
        [] => DEFAULT_SIZES.to_vec(),
        [flag, list] if flag == "--sizes" => list
            .split(',')
            .map(|s| {
                s.trim()
                    .parse::<u64>()
                    .map_err(|e| format!("memory: {s:?}: {e}"))
            })
            .collect::<Result<Vec<_>, _>>()?,
        _ => {
            return Err(format!(
                "memory: unexpected arguments {args:?} (only `--sizes MB,MB,…`)"
            ));
        }
    };
    if sizes.len() < 2 || sizes.contains(&0) {
        return Err("memory: give at least two sizes, in MB, none zero".into());
    }
    if !Path::new(TIME).is_file() {
        return Err(format!(
            "memory: {TIME} (GNU time) is needed; on Debian: apt-get install time"
        ));
    }
    let root = crate::root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(&cargo)
        .current_dir(&root)
        .args(["build", "--release", "-p", "urikit-cli"])
        .status()
        .map_err(|e| format!("memory: cannot run {cargo}: {e}"))?;
    if !status.success() {
        return Err(format!("memory: cargo build failed ({status})"));
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let binary = target.join("release").join("urikit");
    let corpus = fs::read(root.join("crates/urikit-bench/data/mixed.txt"))
        .map_err(|e| format!("memory: mixed.txt: {e}"))?;

    let dir = std::env::temp_dir().join(format!("urikit-memory-{}", std::process::id()));
    fs::create_dir_all(&dir).map_err(|e| format!("memory: {}: {e}", dir.display()))?;
    let result = measure(&binary, &corpus, &dir, &sizes);
    let _ = fs::remove_dir_all(&dir);
    let rows = result?;

    println!("| command | input | lines | peak RSS | time |");
    println!("|---|---:|---:|---:|---:|");
    for r in &rows {
        println!(
            "| {} | {} MB | {} | {:.1} MB | {:.1} s |",
            r.command,
            r.mb,
            r.lines,
            r.peak_kb as f64 / 1024.0,
            r.seconds
        );
    }
    check(&rows)
}

/// One measurement.
struct Row {
    command: &'static str,
    mb: u64,
    lines: u64,
    peak_kb: u64,
    seconds: f64,
}

/// Writes each input in turn (deleting the one before) and runs every
/// command on it.
fn measure(binary: &Path, corpus: &[u8], dir: &Path, sizes: &[u64]) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for &mb in sizes {
        let input = dir.join(format!("input-{mb}MB.txt"));
        let lines = write_input(&input, corpus, mb << 20)?;
        for (command, args, as_file) in COMMANDS {
            let mut run = Command::new(TIME);
            run.args(["-f", "%M", "--"]).arg(binary).args(args);
            if as_file {
                run.arg(&input);
            } else {
                let file = File::open(&input).map_err(|e| format!("memory: {e}"))?;
                run.stdin(file);
            }
            let started = Instant::now();
            let output = run
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .output()
                .map_err(|e| format!("memory: cannot run {TIME}: {e}"))?;
            let seconds = started.elapsed().as_secs_f64();
            // `check` exits 1 when a line is invalid (mixed.txt has some);
            // only a crash or a usage error (2 and up) is a failure.
            let code = output.status.code();
            let stderr = String::from_utf8_lossy(&output.stderr);
            if !matches!(code, Some(0 | 1)) {
                return Err(format!(
                    "memory: urikit {command} on {mb} MB: {code:?}: {stderr}"
                ));
            }
            let peak_kb = stderr
                .lines()
                .rev()
                .find_map(|l| l.trim().parse::<u64>().ok())
                .ok_or_else(|| format!("memory: no peak in GNU time's output: {stderr}"))?;
            rows.push(Row {
                command,
                mb,
                lines,
                peak_kb,
                seconds,
            });
        }
        fs::remove_file(&input).map_err(|e| format!("memory: {}: {e}", input.display()))?;
    }
    Ok(rows)
}

/// Writes whole lines of `corpus`, over and over, until `bytes` are
/// written; returns how many lines.
fn write_input(path: &Path, corpus: &[u8], bytes: u64) -> Result<u64, String> {
    let file = File::create(path).map_err(|e| format!("memory: {}: {e}", path.display()))?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let per_copy = corpus.iter().filter(|&&b| b == b'\n').count() as u64;
    let (mut written, mut lines) = (0u64, 0u64);
    while written < bytes {
        out.write_all(corpus).map_err(|e| format!("memory: {e}"))?;
        written += corpus.len() as u64;
        lines += per_copy;
    }
    out.flush().map_err(|e| format!("memory: {e}"))?;
    Ok(lines)
}

/// The bound: no peak above [`CEILING_KB`], and for each command the
/// largest input's peak within [`SLACK_KB`] of the smallest's.
fn check(rows: &[Row]) -> Result<(), String> {
    let mut problems = Vec::new();
    for r in rows.iter().filter(|r| r.peak_kb > CEILING_KB) {
        problems.push(format!(
            "urikit {} on {} MB peaked at {} KB, above {CEILING_KB} KB",
            r.command, r.mb, r.peak_kb
        ));
    }
    for (command, _, _) in COMMANDS {
        let of: Vec<&Row> = rows.iter().filter(|r| r.command == command).collect();
        let (Some(small), Some(large)) = (
            of.iter().min_by_key(|r| r.mb),
            of.iter().max_by_key(|r| r.mb),
        ) else {
            continue;
        };
        if large.peak_kb > small.peak_kb + SLACK_KB {
            problems.push(format!(
                "urikit {command}: {} KB on {} MB but {} KB on {} MB: memory grows with the input",
                small.peak_kb, small.mb, large.peak_kb, large.mb
            ));
        }
    }
    if problems.is_empty() {
        println!(
            "memory: every peak within {CEILING_KB} KB, and within {SLACK_KB} KB across sizes"
        );
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(command: &'static str, mb: u64, peak_kb: u64) -> Row {
        Row {
            command,
            mb,
            lines: 0,
            peak_kb,
            seconds: 0.0,
        }
    }

    #[test]
    fn a_flat_peak_passes_and_a_growing_one_fails() {
        let flat = [row("check", 64, 5000), row("check", 256, 5100)];
        assert!(check(&flat).is_ok());
        let growing = [
            row("check", 64, 5000),
            row("check", 256, 5000 + SLACK_KB + 1),
        ];
        assert!(check(&growing).unwrap_err().contains("grows"));
        assert!(check(&[row("normalize", 64, CEILING_KB + 1)]).is_err());
    }

    #[test]
    fn inputs_are_whole_copies_of_the_corpus() {
        let dir = std::env::temp_dir().join(format!("urikit-memory-test-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("input.txt");
        let lines = write_input(&path, b"a:b\nc:d\n", 10).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"a:b\nc:d\na:b\nc:d\n");
        assert_eq!(lines, 4);
        fs::remove_dir_all(&dir).unwrap();
    }
}
