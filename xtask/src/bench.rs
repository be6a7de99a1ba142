//! `cargo xtask bench`: run urikit's benchmarks beside their peers and
//! write `docs/benchmarks.md`.
//!
//! Steps:
//!
//! 0. each peer's newest release asked from the registry (`cargo info`,
//!    see `peers.rs`) and compared with the version `Cargo.lock` gives
//!    the benchmark crate: a peer behind stops the task unless
//!    `--allow-old-peers` (issue 19: "Peers must be the newest releases,
//!    checked when the suite runs"); not with the `cli` filter, which
//!    times no peer;
//! 1. `cargo bench -p urikit-bench --benches` with short criterion
//!    settings (`--quick`: shorter still), passing on a filter if given,
//!    `--runs` times (3 by default, 1 with `--quick`): this machine is
//!    shared, and a ratio is reported as the median of the runs' ratios;
//!    In each run, unless the filter leaves it out, the `parse/mixed` group
//!    is then timed again on the portable build (`RUSTFLAGS="--cfg
//!    urikit_portable_scan"`, in `<target>/portable`: uri-core's scanner
//!    without SSE2, as on other processors), reported as its own group
//!    `parse/mixed (portable)`;
//! 2. `cargo build --release -p urikit-cli`, then `urikit check` on the
//!    whole of `mixed.txt` a few times, timed as a whole process;
//! 3. criterion's results of this run (`target/criterion/<group>/<function>/new/`:
//!    `estimates.json` for the median time per iteration, `benchmark.json`
//!    for the items per iteration), with each group's record written by
//!    the bench (`urikit-group.json`: bytes, which function is ours, what
//!    the checks before timing found), become one table per operation:
//!    ns per item, MB/s, and each peer's time over ours;
//! 4. the issue's targets, met or not, the machine and the date go on top.
//!
//! Standard library only: JSON is read by the small parser of `json.rs`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::json::Json;
use crate::peers::{self, Newest};

/// The usage of this task.
const USAGE: &str = "\
usage: cargo xtask bench [--quick] [--runs N] [--allow-old-peers] [FILTER]

  --quick   about 2 minutes a run instead of about 5 (fewer, shorter samples)
  --runs N  run the suite N times (default 3; 1 with --quick) and report,
            for each ratio, the median of the N runs' ratios
  --allow-old-peers
            time the peers even when one is older than its newest release
            (checked first with `cargo info`, except with the `cli`
            filter; the report says what was found); without it the task
            stops there. A peer that cannot be checked (offline) does not
            stop it
  FILTER    a criterion filter (regex on `group/function`, e.g. `parse/`);
            `cli` runs only the `urikit check` timing; `portable` only
            `parse/mixed` on the portable scanner build
";

/// The group timed again on the portable build, as a criterion filter.
const PORTABLE_FILTER: &str = "^parse/mixed/";

/// The name its results take in the report.
const PORTABLE_GROUP: &str = "parse/mixed (portable)";

/// The corpus `urikit check` reads, relative to the workspace root.
const CHECK_CORPUS: &str = "crates/urikit-bench/data/mixed.txt";

/// Criterion settings of one kind of run.
struct Settings {
    /// `--warm-up-time`, seconds.
    warm_up: &'static str,
    /// `--measurement-time`, seconds.
    measurement: &'static str,
    /// `--nresamples` of criterion's bootstrap.
    resamples: &'static str,
    /// Runs of `urikit check`.
    check_runs: usize,
}

/// The default run: about 5 minutes on 2 busy cores (three of them by default).
const FULL: Settings = Settings {
    warm_up: "1",
    measurement: "3",
    resamples: "20000",
    check_runs: 5,
};

/// `--quick`: about 2 minutes.
const QUICK: Settings = Settings {
    warm_up: "0.2",
    measurement: "0.6",
    resamples: "5000",
    check_runs: 3,
};

/// Runs the task with its arguments (after `bench`).
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let mut quick = false;
    let mut filter = None;
    let mut runs = None;
    let mut allow_old_peers = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => quick = true,
            "--allow-old-peers" => allow_old_peers = true,
            "--runs" => {
                let n = args.next().and_then(|n| n.parse::<usize>().ok());
                runs = Some(
                    n.filter(|&n| n > 0)
                        .ok_or("--runs needs a number above 0")?,
                );
            }
            "-h" | "--help" => {
                print!("{USAGE}");
                return Ok(());
            }
            a if a.starts_with('-') => return Err(format!("unknown option `{a}`\n{USAGE}")),
            a if filter.is_none() => filter = Some(a.to_owned()),
            a => return Err(format!("one filter only, got a second: `{a}`\n{USAGE}")),
        }
    }
    let settings = if quick { &QUICK } else { &FULL };
    let runs = runs.unwrap_or(if quick { 1 } else { 3 });
    let root = crate::root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let clock = Instant::now();
    let only_cli = filter.as_deref() == Some("cli");
    // `cli` times no peer: nothing to check.
    let peers = if only_cli {
        None
    } else {
        Some(check_peers(&cargo, &root, allow_old_peers)?)
    };
    let load_before = load_average();

    let only_portable = filter.as_deref() == Some("portable");
    // As with `cli` below: a filter that is part of the portable group's
    // name (`parse/`, `portable`) keeps it.
    let portable = filter.as_deref().is_none_or(|f| PORTABLE_GROUP.contains(f));
    let mut each_run = Vec::new();
    for run in 1..=if only_cli { 0 } else { runs } {
        // Results older than this are from another run, and left out.
        let started = SystemTime::now() - Duration::from_secs(1);
        let mut bench = Command::new(&cargo);
        bench
            .args(["bench", "-p", "urikit-bench", "--benches", "--"])
            .args(["--warm-up-time", settings.warm_up])
            .args(["--measurement-time", settings.measurement])
            .args(["--nresamples", settings.resamples])
            .arg("--noplot")
            .args(filter.as_deref())
            .current_dir(&root);
        eprintln!("==> xtask bench: run {run} of {runs}: {}", describe(&bench));
        if !only_portable {
            let status = bench
                .status()
                .map_err(|e| format!("cannot run {cargo}: {e}"))?;
            if !status.success() {
                return Err(format!("cargo bench failed ({status})"));
            }
        }
        let mut groups = if only_portable {
            Vec::new()
        } else {
            collect(&criterion_dir(&root), started)?
        };
        if portable {
            groups.extend(bench_portable(&cargo, &root, settings, run, runs)?);
        }
        each_run.push(groups);
    }
    let check = match &filter {
        Some(f) if only_portable || (!only_cli && !"cli/check".contains(f.as_str())) => None,
        _ => Some(time_check(&cargo, &root, settings.check_runs)?),
    };

    let groups = merge(each_run);
    if groups.is_empty() && check.is_none() {
        return Err("no benchmark results from this run (does the filter match?)".into());
    }
    let machine = Machine::detect(load_before);
    let mode = if quick { "quick" } else { "full" };
    let run = RunShape {
        settings,
        mode,
        runs,
        filter: filter.as_deref(),
    };
    let report = render(&groups, peers.as_ref(), check.as_ref(), &machine, &run);
    let path = root.join("docs/benchmarks.md");
    // The groups this command does not run yet are measured by hand and
    // written in sections of their own: they are carried over, not lost.
    let before = std::fs::read_to_string(&path).unwrap_or_default();
    let report = with_sections_by_hand(&report, &before);
    std::fs::write(&path, report).map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!(
        "==> xtask bench: wrote {} in {:.0}s",
        path.display(),
        clock.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Times [`PORTABLE_FILTER`] on the portable build (uri-core's
/// `--cfg urikit_portable_scan`, in `<target>/portable` so that the main
/// build is not rebuilt) and returns its groups renamed
/// [`PORTABLE_GROUP`].
fn bench_portable(
    cargo: &str,
    root: &Path,
    settings: &Settings,
    run: usize,
    runs: usize,
) -> Result<Vec<Group>, String> {
    let started = SystemTime::now() - Duration::from_secs(1);
    let dir = target_dir(root).join("portable");
    let rustflags = match std::env::var("RUSTFLAGS") {
        Ok(flags) if !flags.trim().is_empty() => format!("{flags} --cfg urikit_portable_scan"),
        _ => "--cfg urikit_portable_scan".to_owned(),
    };
    let mut bench = Command::new(cargo);
    bench
        .args(["bench", "-p", "urikit-bench", "--bench", "parse", "--"])
        .args(["--warm-up-time", settings.warm_up])
        .args(["--measurement-time", settings.measurement])
        .args(["--nresamples", settings.resamples])
        .arg("--noplot")
        .arg(PORTABLE_FILTER)
        .env("RUSTFLAGS", &rustflags)
        .env("CARGO_TARGET_DIR", &dir)
        .env("CRITERION_HOME", dir.join("criterion"))
        .current_dir(root);
    eprintln!(
        "==> xtask bench: run {run} of {runs}, portable scanner: RUSTFLAGS={rustflags:?} \
         CARGO_TARGET_DIR={} {}",
        dir.display(),
        describe(&bench)
    );
    let status = bench
        .status()
        .map_err(|e| format!("cannot run {cargo}: {e}"))?;
    if !status.success() {
        return Err(format!("cargo bench (portable) failed ({status})"));
    }
    Ok(as_portable(collect(&dir.join("criterion"), started)?))
}

/// The portable build's groups, named as the report shows them.
fn as_portable(groups: Vec<Group>) -> Vec<Group> {
    groups
        .into_iter()
        .map(|mut g| {
            g.name = PORTABLE_GROUP.to_owned();
            g
        })
        .collect()
}

/// A command as a line to show.
fn describe(command: &Command) -> String {
    let mut line = command.get_program().to_string_lossy().into_owned();
    for arg in command.get_args() {
        line.push(' ');
        line.push_str(&arg.to_string_lossy());
    }
    line
}

/// Where cargo puts its output: `$CARGO_TARGET_DIR`, else `target/`.
fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"))
}

/// Where criterion writes: `$CRITERION_HOME`, else `<target>/criterion`.
fn criterion_dir(root: &Path) -> PathBuf {
    std::env::var_os("CRITERION_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| target_dir(root).join("criterion"))
}

/// The whole-process timing of `urikit check` on the corpus.
struct CheckTiming {
    /// Wall time of each run, in order.
    runs: Vec<Duration>,
    /// Lines in the corpus.
    lines: u64,
    /// Bytes in the corpus, line ends included (the process reads them).
    bytes: u64,
    /// The exit code (1 when some lines are invalid, as in `mixed.txt`).
    code: Option<i32>,
}

impl CheckTiming {
    /// The median run.
    fn median(&self) -> Duration {
        let mut runs = self.runs.clone();
        runs.sort();
        runs[runs.len() / 2]
    }
}

/// Builds the CLI and times `urikit check` on the corpus `runs` times.
fn time_check(cargo: &str, root: &Path, runs: usize) -> Result<CheckTiming, String> {
    let mut build = Command::new(cargo);
    build
        .args(["build", "--release", "-p", "urikit-cli"])
        .current_dir(root);
    eprintln!("==> xtask bench: {}", describe(&build));
    let status = build
        .status()
        .map_err(|e| format!("cannot run {cargo}: {e}"))?;
    if !status.success() {
        return Err(format!("building urikit-cli failed ({status})"));
    }
    let exe = target_dir(root)
        .join("release")
        .join(format!("urikit{}", std::env::consts::EXE_SUFFIX));
    let corpus = root.join(CHECK_CORPUS);
    let text = std::fs::read(&corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
    let lines = text.iter().filter(|&&b| b == b'\n').count() as u64;
    let mut timing = CheckTiming {
        runs: Vec::new(),
        lines,
        bytes: text.len() as u64,
        code: None,
    };
    eprintln!(
        "==> xtask bench: {} check {CHECK_CORPUS} x{runs}",
        exe.display()
    );
    // One run first, untimed, so that the file is in the page cache.
    for i in 0..=runs {
        let start = Instant::now();
        let status = Command::new(&exe)
            .arg("check")
            .arg(&corpus)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
        let elapsed = start.elapsed();
        // 0: every line valid; 1: some invalid. Anything else is a failure.
        match status.code() {
            Some(code @ (0 | 1)) => timing.code = Some(code),
            _ => return Err(format!("urikit check failed ({status})")),
        }
        if i > 0 {
            timing.runs.push(elapsed);
        }
    }
    Ok(timing)
}

/// One timed function of a group.
struct Function {
    /// criterion's function id (`urikit`, `oxiri`, …).
    id: String,
    /// Median time of one iteration (the whole input), ns, in each run.
    median_ns: Vec<f64>,
    /// Items per iteration, from criterion's throughput.
    items: u64,
}

impl Function {
    /// ns per item: the median over the runs of each run's median.
    fn ns_per_item(&self) -> f64 {
        median(&self.median_ns) / self.items.max(1) as f64
    }
}

/// The median of `values` (the mean of the middle two for an even count);
/// NaN for none.
fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// The ratio `peer / ours` of each run both were timed in.
fn ratios(peer: &Function, ours: &Function) -> Vec<f64> {
    peer.median_ns
        .iter()
        .zip(&ours.median_ns)
        .map(|(p, o)| p / o)
        .collect()
}

/// Puts the runs' groups together: each function's time in every run, in
/// the first run's groups (a group or function missing from the first run
/// is left out).
fn merge(each_run: Vec<Vec<Group>>) -> Vec<Group> {
    let mut runs = each_run.into_iter();
    let Some(mut groups) = runs.next() else {
        return Vec::new();
    };
    for run in runs {
        for later in run {
            let Some(group) = groups.iter_mut().find(|g| g.name == later.name) else {
                continue;
            };
            for f in later.functions {
                if let Some(base) = group.functions.iter_mut().find(|b| b.id == f.id) {
                    base.median_ns.extend(f.median_ns);
                }
            }
        }
    }
    groups
}

/// One group of this run: its record and its functions.
struct Group {
    /// The name, `operation/input`.
    name: String,
    /// Items per iteration.
    items: u64,
    /// Bytes per iteration.
    bytes: u64,
    /// Our function's id.
    ours: String,
    /// The checks' findings.
    notes: Vec<String>,
    /// The functions, in criterion's folder order (sorted later).
    functions: Vec<Function>,
    /// When the bench wrote the record: groups are shown in run order.
    written: SystemTime,
}

impl Group {
    /// The operation: the name up to `/`.
    fn operation(&self) -> &str {
        self.name.split('/').next().unwrap_or(&self.name)
    }

    /// Our function.
    fn ours(&self) -> Option<&Function> {
        self.functions.iter().find(|f| f.id == self.ours)
    }

    /// The function `id`.
    fn function(&self, id: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.id == id)
    }

    /// MB/s of `f` on this group's bytes.
    fn mb_per_s(&self, f: &Function) -> f64 {
        self.bytes as f64 / median(&f.median_ns) * 1e3
    }
}

/// Whether `path` was modified at or after `since`.
fn fresh(path: &Path, since: SystemTime) -> bool {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .is_ok_and(|t| t >= since)
}

/// Reads a JSON file.
fn read_json(path: &Path) -> Result<Json, String> {
    let text = crate::workspace::read(path)?;
    Json::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The groups of this run, in run order: those whose record and results
/// are newer than `since`.
fn collect(dir: &Path, since: SystemTime) -> Result<Vec<Group>, String> {
    let mut groups = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(groups);
    };
    let mut dirs: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    dirs.sort();
    for group_dir in dirs {
        let record = group_dir.join("urikit-group.json");
        if !fresh(&record, since) {
            continue;
        }
        let json = read_json(&record)?;
        let mut group = Group {
            name: json
                .get("group")
                .and_then(Json::as_str)
                .unwrap_or("?")
                .to_owned(),
            items: json.get("items").and_then(Json::as_f64).unwrap_or(0.0) as u64,
            bytes: json.get("bytes").and_then(Json::as_f64).unwrap_or(0.0) as u64,
            ours: json
                .get("ours")
                .and_then(Json::as_str)
                .unwrap_or("urikit")
                .to_owned(),
            notes: json
                .get("notes")
                .and_then(Json::as_array)
                .unwrap_or_default()
                .iter()
                .filter_map(|n| n.as_str().map(str::to_owned))
                .collect(),
            functions: Vec::new(),
            written: std::fs::metadata(&record)
                .and_then(|m| m.modified())
                .unwrap_or(since),
        };
        let Ok(entries) = std::fs::read_dir(&group_dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let new = entry.path().join("new");
            let estimates = new.join("estimates.json");
            if !fresh(&estimates, since) {
                continue;
            }
            let benchmark = read_json(&new.join("benchmark.json"))?;
            let estimates = read_json(&estimates)?;
            let median = estimates
                .get("median")
                .and_then(|m| m.get("point_estimate"))
                .and_then(Json::as_f64);
            let items = benchmark
                .get("throughput")
                .and_then(|t| t.get("Elements"))
                .and_then(Json::as_f64);
            let id = benchmark.get("function_id").and_then(Json::as_str);
            if let (Some(median), Some(items), Some(id)) = (median, items, id) {
                group.functions.push(Function {
                    id: id.to_owned(),
                    median_ns: vec![median],
                    items: items as u64,
                });
            }
        }
        if !group.functions.is_empty() {
            // Ours first, then fastest to slowest.
            let ours = group.ours.clone();
            group.functions.sort_by(|a, b| {
                (b.id == ours)
                    .cmp(&(a.id == ours))
                    .then(a.ns_per_item().total_cmp(&b.ns_per_item()))
            });
            groups.push(group);
        }
    }
    groups.sort_by_key(|g| g.written);
    Ok(groups)
}

/// The machine the run was on.
struct Machine {
    /// The CPU's model name.
    cpu: String,
    /// Logical cores.
    cores: usize,
    /// `rustc -V`.
    rustc: String,
    /// The 1-minute load average before and after the run.
    load: (String, String),
    /// Today, `YYYY-MM-DD HH:MM UTC`.
    date: String,
}

impl Machine {
    /// Reads `/proc/cpuinfo`, `/proc/loadavg`, `rustc -V` and the clock.
    fn detect(load_before: String) -> Self {
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let cpu = cpuinfo
            .lines()
            .find(|l| l.starts_with("model name"))
            .and_then(|l| l.split_once(':'))
            .map_or("unknown CPU", |(_, v)| v.trim())
            .to_owned();
        let listed = cpuinfo
            .lines()
            .filter(|l| l.starts_with("processor"))
            .count();
        let cores = if listed > 0 {
            listed
        } else {
            std::thread::available_parallelism().map_or(0, |n| n.get())
        };
        let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
        let rustc = Command::new(rustc)
            .arg("-V")
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
            .unwrap_or_else(|| "rustc: unknown".into());
        Machine {
            cpu,
            cores,
            rustc,
            load: (load_before, load_average()),
            date: utc_now(),
        }
    }
}

/// The 1-minute load average, or `?`.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into())
}

/// The current time as `YYYY-MM-DD HH:MM UTC`.
fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard
/// Hinnant's `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// One of the issues' performance targets.
struct Target {
    /// The issue that set it.
    issue: u32,
    /// The operation, for the label.
    label: &'static str,
    /// Which groups it applies to: a group name, or `op/` for every
    /// group of an operation.
    groups: &'static str,
    /// The peers it compares with: the fastest of them present counts.
    peers: &'static [&'static str],
    /// The least ratio (peer time over ours) that meets it.
    ratio: f64,
    /// The function of ours it times, when not the group's reference.
    ours: Option<&'static str>,
}

/// The issues' targets.
const TARGETS: &[Target] = &[
    Target {
        issue: 5,
        label: "parse",
        groups: "parse/mixed",
        peers: &["fluent-uri", "oxiri"],
        ratio: 2.0,
        ours: None,
    },
    Target {
        issue: 5,
        label: "parse and read components",
        groups: "components/mixed",
        peers: &["fluent-uri", "oxiri"],
        ratio: 2.0,
        ours: None,
    },
    Target {
        issue: 5,
        label: "resolve",
        groups: "resolve/relative",
        peers: &["oxiri"],
        ratio: 2.0,
        ours: None,
    },
    Target {
        issue: 5,
        label: "normalize",
        groups: "normalize/mixed",
        peers: &["fluent-uri"],
        ratio: 3.0,
        ours: None,
    },
    Target {
        issue: 5,
        label: "encode",
        groups: "encode/",
        peers: &["percent-encoding", "urlencoding"],
        ratio: 1.5,
        ours: None,
    },
    Target {
        issue: 5,
        label: "decode",
        groups: "decode/",
        peers: &["percent-encoding", "urlencoding"],
        ratio: 1.5,
        ours: None,
    },
    Target {
        issue: 14,
        label: "parse",
        groups: "parse/mixed",
        peers: &["fluent-uri"],
        ratio: 2.5,
        ours: None,
    },
    Target {
        issue: 14,
        label: "parse and read components",
        groups: "components/mixed",
        peers: &["fluent-uri"],
        ratio: 2.5,
        ours: None,
    },
    Target {
        issue: 15,
        label: "parse IRIs",
        groups: "iri/parse",
        peers: &["fluent-uri", "oxiri", "iri-string"],
        ratio: 2.0,
        ours: None,
    },
    Target {
        issue: 15,
        label: "IRI to URI",
        groups: "iri/to-uri",
        peers: &["fluent-uri", "iri-string"],
        ratio: 2.0,
        ours: None,
    },
    Target {
        issue: 15,
        label: "IRI to URI, IDNA hosts",
        groups: "iri/to-uri-idna",
        peers: &["url"],
        ratio: 2.0,
        ours: None,
    },
    Target {
        issue: 19,
        label: "parse relative references",
        groups: "parse/relative",
        peers: &["fluent-uri", "oxiri", "iri-string"],
        ratio: 2.0,
        ours: None,
    },
    Target {
        issue: 19,
        label: "resolve, one-shot, owned",
        groups: "resolve/one-shot",
        peers: &["oxiri"],
        ratio: 2.0,
        ours: None,
    },
    Target {
        issue: 19,
        label: "resolve into a buffer, base parsed once",
        groups: "resolve/relative",
        peers: &["oxiri"],
        ratio: 2.5,
        ours: None,
    },
    // "Encode and decode still ≥ 2× the fastest codec": every group.
    Target {
        issue: 19,
        label: "encode",
        groups: "encode/",
        peers: &["percent-encoding", "urlencoding"],
        ratio: 2.0,
        ours: None,
    },
    Target {
        issue: 19,
        label: "decode",
        groups: "decode/",
        peers: &["percent-encoding", "urlencoding"],
        ratio: 2.0,
        ours: None,
    },
    Target {
        issue: 19,
        label: "normalize, owned",
        groups: "normalize/owned",
        peers: &["fluent-uri"],
        ratio: 3.0,
        ours: None,
    },
    Target {
        issue: 19,
        label: "parse, portable scanner (no SSE2)",
        groups: PORTABLE_GROUP,
        peers: &["fluent-uri"],
        ratio: 1.5,
        ours: None,
    },
    // "Checking one URI against its scheme costs less than parsing it
    // did": parsing's time over checking's, on the same lines, at least 1.
    Target {
        issue: 16,
        label: "check a URI against its scheme (`Registry::check`)",
        groups: "schemes/check",
        peers: &["parse"],
        ratio: 1.0,
        ours: None,
    },
    // The same check without the typed fields: its violations only.
    Target {
        issue: 16,
        label: "check a URI against its scheme, violations only (`Registry::validate`)",
        groups: "schemes/check",
        peers: &["parse"],
        ratio: 1.0,
        ours: Some("validate"),
    },
];

/// The operations, in the order of the report, with their headings and
/// what each measures.
const OPERATIONS: &[(&str, &str, &str)] = &[
    (
        "parse",
        "Parse",
        "Parse only (`uri_core::UriReference::parse`); each result black-boxed. \
         `parse/mixed (portable)`: `parse/mixed` again, every library built with \
         `RUSTFLAGS=\"--cfg urikit_portable_scan\"`, which makes uri-core's scanner \
         test eight bytes at a time in a `u64` (or look bytes up in a table) instead \
         of using SSE2, as it does on processors without SSE2.",
    ),
    (
        "components",
        "Parse and read every component",
        "Parse, then scheme, authority, userinfo, host, port, path, query and \
         fragment as each library's API gives them, each black-boxed.",
    ),
    (
        "resolve",
        "Resolve",
        "`resolve/relative`: bases parsed before timing; per reference: parse it \
         and resolve it (`uri_resolve::Resolver::resolve_into` a reused `String`). \
         `resolve/one-shot`: per pair, parse both and resolve to an owned value \
         (`uri_resolve::resolve` → `UriBuf`), as every peer does through its \
         first-choice API. ns per reference.",
    ),
    (
        "normalize",
        "Normalize",
        "Parse and normalize: `normalize/mixed` into a reused `String` \
         (`uri_resolve::normalize_into`), `normalize/owned` to an owned value \
         (`uri_resolve::normalize_uri` → `UriBuf`); every peer parses inside \
         the timed loop too.",
    ),
    (
        "iri",
        "IRIs (RFC 3987)",
        "On `iri-1in2.txt` (10,000 IRIs with non-ASCII paths, some IDN hosts). \
         `iri/parse`: parse only (`uri_core::IriReference::parse`, bidi formatting \
         characters refused), beside each peer's IRI-reference parser. `iri/to-uri`: \
         parse and map to a URI reference, every non-ASCII byte percent-encoded \
         (`uri_iri::to_uri` → `UriCow`, owned on every line here), beside \
         `fluent-uri`'s `to_uri_ref` and `iri-string`'s `encode_to_uri` written to a \
         `UriReferenceString`; outputs asserted identical to ours. `iri/to-uri-idna`: \
         the host by UTS #46 `ToASCII` (`to_uri_with(_, HostMapping::Idna)`), beside \
         `url` (WHATWG, which also applies UTS #46 and normalizes; for orientation).",
    ),
    (
        "schemes",
        "Scheme rules (`uri-schemes`)",
        "On the http and https lines of `mixed.txt`, 10,000 made-up URNs and a mailto URI \
         made up for each line of `web-1in4.txt` with a host (`data/` holds no URNs or \
         mailto URIs). `schemes/http-origin`: parse, `Registry::check` (every rule, the \
         origin built), the origin made owned (`Origin::into_owned`: its host copied, as \
         `url`'s is); beside `url::Url::parse` and `origin()`. \
         `schemes/http-normalize`: parse and `Registry::normalize` (syntax, then RFC 9110 \
         §4.2.3) to a `UriBuf`; beside `url::Url::parse` and `as_str()`: `url` (WHATWG) \
         normalizes and copies while parsing, so its parse is its normalization. \
         `schemes/check`: `Registry::check` alone on URIs parsed before timing (the \
         reference: violations and the typed fields, borrowed from the URI), beside \
         `Registry::validate` on them (the violations only), `Uri::parse` alone and \
         parse and check together: the issue's \"checking costs less than parsing\". `schemes/urn`: parse and the typed entry \
         `Urn::parse` beside `urn`'s `UrnSlice::try_from`. `schemes/pkg`: parse and the \
         typed entry `Purl::parse` (and `Purl::parse_str`) beside `packageurl`'s \
         `PackageUrl::from_str`, on the purl-spec suite's valid inputs repeated. `schemes/mailto`: parse and check, ours alone \
         (no crate parses mailto URIs).",
    ),
    (
        "encode",
        "Percent-encode",
        "`uri_encode::encode`; every output asserted equal to ours before timing.",
    ),
    (
        "decode",
        "Percent-decode",
        "`uri_encode::decode_utf8`; every output asserted equal to the original before timing.",
    ),
];

/// Formats a float with `digits` decimals, or `—` when it is not finite.
fn num(x: f64, digits: usize) -> String {
    if x.is_finite() {
        format!("{x:.digits$}")
    } else {
        "—".into()
    }
}

/// `n` with thousands separators.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// How the suite was run, as the report's header says it.
#[derive(Clone, Copy)]
struct RunShape<'a> {
    /// Criterion's settings.
    settings: &'a Settings,
    /// `full` or `quick`.
    mode: &'a str,
    /// How many times the suite ran.
    runs: usize,
    /// The criterion filter, if one was given.
    filter: Option<&'a str>,
}

/// The heading that starts a section of `docs/benchmarks.md` written by
/// hand (groups `cargo xtask bench` does not run, such as `template/*`,
/// `lint/*`, `edit/*` and the DataFusion functions).
const BY_HAND: &str = "## Added by hand";

/// `report` with every section of `before` whose heading starts with
/// [`BY_HAND`] (to the next `## ` heading) put back, in their order,
/// before the report's "## Not measured" (at the end when it has none).
fn with_sections_by_hand(report: &str, before: &str) -> String {
    let mut kept = String::new();
    let mut keeping = false;
    for line in before.split_inclusive('\n') {
        if line.starts_with("## ") {
            keeping = line.starts_with(BY_HAND);
        }
        if keeping {
            kept.push_str(line);
        }
    }
    if kept.is_empty() {
        return report.to_owned();
    }
    if !kept.ends_with("\n\n") {
        kept.push('\n');
    }
    match report.find("\n## Not measured") {
        Some(at) => format!("{}{kept}{}", &report[..=at], &report[at + 1..]),
        None => format!("{report}\n{kept}"),
    }
}

/// The report.
fn render(
    groups: &[Group],
    peers: Option<&Peers>,
    check: Option<&CheckTiming>,
    machine: &Machine,
    run: &RunShape<'_>,
) -> String {
    let RunShape {
        settings,
        mode,
        runs,
        filter,
    } = *run;
    let mut md = String::new();
    let w = &mut md;
    let _ = writeln!(w, "# Benchmarks");
    let _ = writeln!(w);
    let _ = writeln!(
        w,
        "Written by `cargo xtask bench` (`xtask/src/bench.rs`); do not edit by hand, run it again."
    );
    let _ = writeln!(w);
    let _ = writeln!(
        w,
        "**Ratios, not absolute times, are what these tables are for.** Every peer runs on \
         the same input as we do, in the same process and the same run, so the ratio \
         \"peer time / our time\" (above 1: we are faster) is what carries over to another \
         machine. The machine below is shared with other work (see the load), so absolute \
         ns and MB/s move by tens of percent between runs; for repeatable figures count \
         instructions (`valgrind --tool=callgrind` on `crates/urikit-bench/examples/profile.rs`; \
         see `docs/performance.md`)."
    );
    let _ = writeln!(w);
    let _ = writeln!(
        w,
        "- Machine: {}, {} logical cores",
        machine.cpu, machine.cores
    );
    let _ = writeln!(w, "- Toolchain: {}", machine.rustc);
    let _ = writeln!(w, "- Date: {}", machine.date);
    let _ = writeln!(
        w,
        "- Load average (1 min) before / after: {} / {}",
        machine.load.0, machine.load.1
    );
    let _ = writeln!(
        w,
        "- Settings: {mode} runs, {runs} of them (criterion warm-up {} s, measurement {} s, \
         {} resamples, flat sampling: one iteration is a whole corpus){}",
        settings.warm_up,
        settings.measurement,
        settings.resamples,
        match filter {
            Some(f) => format!("; filter `{f}`: only the groups it matched are shown"),
            None => String::new(),
        }
    );
    let _ = writeln!(
        w,
        "- Columns: ns/item is criterion's median time per iteration divided by the items \
         (lines) per iteration, the median over the runs; MB/s is the input's bytes (line \
         ends excluded) per second at that time; ratio is that function's time over ours \
         in the same run, the median over the runs (with the lowest and highest when there \
         are several runs)."
    );
    let _ = writeln!(w);

    render_targets(w, groups);
    render_peers(w, peers);

    for (op, heading, what) in OPERATIONS {
        let in_op: Vec<&Group> = groups.iter().filter(|g| g.operation() == *op).collect();
        if in_op.is_empty() {
            continue;
        }
        let _ = writeln!(w, "## {heading}");
        let _ = writeln!(w);
        let _ = writeln!(w, "{what}");
        for g in in_op {
            render_group(w, g);
        }
        let _ = writeln!(w);
    }

    if let Some(check) = check {
        render_check(w, check);
    }

    let _ = writeln!(w, "## Not measured");
    let _ = writeln!(w);
    let _ = writeln!(
        w,
        "- URI to IRI (`uri_iri::to_iri`, RFC 3987 §3.2) and the display form: no peer \
         offers them, so there is no ratio to give. IRI normalization \
         (`uri_iri::normalize`), which `fluent-uri` and `iri-string` also do, has no \
         group yet."
    );
    let _ = writeln!(
        w,
        "- mailto URIs beside a peer: no crate on the registry parses RFC 6068 URIs \
         (`schemes/mailto` times ours alone). file, data, tel, ldap and news URIs have \
         no group."
    );
    md
}

/// The peers, what each is, in the order of the report.
const PEERS: &[(&str, &str)] = &[
    (
        "fluent-uri",
        "RFC 3986/3987, zero-copy parse; `resolve_against` and `normalize` return new strings; \
         its own percent-encoding types",
    ),
    (
        "oxiri",
        "RFC 3987 IRIs (accepts non-ASCII), zero-copy parse; `resolve_into` a caller's `String`; \
         no host/port getters",
    ),
    (
        "iri-string",
        "RFC 3986/3987 validation; getters find each component again; resolution and \
         normalization as `Display` values (written into a reused `String` here)",
    ),
    (
        "url",
        "the WHATWG URL Standard, not RFC 3986: absolute URLs only, normalizes and copies \
         while parsing (IDNA, percent-encoding); timed for orientation",
    ),
    (
        "http",
        "HTTP request targets, copied into `Bytes`; no userinfo or fragment getters",
    ),
    (
        "urn",
        "RFC 8141 (and RFC 2141) URNs: parses, lower-cases the NID and upper-cases triplets \
         while parsing (a copy when one changes); §3.1 equality on NID and NSS",
    ),
    (
        "packageurl",
        "Package URLs (ECMA-427): parses, decodes and lower-cases while parsing into \
         `Cow`s and a `HashMap` of qualifiers (its `memchr` feature on)",
    ),
    ("percent-encoding", "the `url` crate's percent codec"),
    (
        "urlencoding",
        "a percent codec with a fixed set (`unreserved`)",
    ),
    (HARNESS, "the harness"),
];

/// The harness, listed with the peers but not one of them.
const HARNESS: &str = "criterion";

/// Each peer's locked version and what the check of [`check_peers`]
/// found for it, by name.
type Peers = BTreeMap<String, (String, Newest)>;

/// The peers' versions, from `Cargo.lock`, and what the check of
/// [`check_peers`] found (`None`: this run timed no peer, and did not
/// check them).
fn render_peers(w: &mut String, peers: Option<&Peers>) {
    let _ = writeln!(w, "## Peers");
    let _ = writeln!(w);
    let _ = writeln!(
        w,
        "Version: the one `Cargo.lock` gives `urikit-bench`. Newest release: what \
         `cargo info` reported when this run started (see `xtask/src/peers.rs`); the \
         harness is not a peer, and is not checked."
    );
    let _ = writeln!(w);
    let _ = writeln!(w, "| crate | version | newest release | what |");
    let _ = writeln!(w, "|---|---|---|---|");
    let lock = std::fs::read_to_string(crate::root().join("Cargo.lock")).unwrap_or_default();
    let locked = peers::locked_dependencies(&lock, peers::BENCH_CRATE);
    for (peer, what) in PEERS {
        let (version, checked) = match peers.and_then(|p| p.get(*peer)) {
            Some((version, newest)) => (version.clone(), newest.cell()),
            None => (
                locked.get(*peer).cloned().unwrap_or_else(|| "?".into()),
                "not checked in this run".into(),
            ),
        };
        let _ = writeln!(w, "| `{peer}` | {version} | {checked} | {what} |");
    }
    let _ = writeln!(w);
}

/// Issue 19: "Peers must be the newest releases, checked when the suite
/// runs." Asks the registry for each peer's newest release (not the
/// harness's: criterion is no peer) before anything is timed. A peer whose
/// locked version is older stops the task unless `allow_old`; a peer that
/// could not be checked (offline) is reported as such, and the run goes
/// on.
fn check_peers(cargo: &str, root: &Path, allow_old: bool) -> Result<Peers, String> {
    let names: Vec<&str> = PEERS
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| *name != HARNESS)
        .collect();
    eprintln!("==> xtask bench: the peers' newest releases (cargo info)");
    let found = peers::check(cargo, root, &names);
    for (name, (version, verdict)) in &found {
        eprintln!("    {name} {version}: {}", verdict.cell().replace("**", ""));
    }
    refuse_old_peers(&found, allow_old)?;
    Ok(found)
}

/// The error that stops the task when a peer is older than its newest
/// release, unless `allow_old`; a peer that could not be checked does not.
fn refuse_old_peers(found: &Peers, allow_old: bool) -> Result<(), String> {
    let behind: Vec<String> = found
        .iter()
        .filter_map(|(name, (version, verdict))| match verdict {
            Newest::Behind(newest) => Some(format!("{name} {version} (newest {newest})")),
            _ => None,
        })
        .collect();
    if behind.is_empty() || allow_old {
        return Ok(());
    }
    Err(format!(
        "peers older than their newest release: {}; update them in \
         crates/urikit-bench/Cargo.toml (and the versions named in its README), or \
         pass --allow-old-peers to time them as they are",
        behind.join(", ")
    ))
}

/// The targets table.
fn render_targets(w: &mut String, groups: &[Group]) {
    let _ = writeln!(w, "## Targets");
    let _ = writeln!(w);
    let _ = writeln!(
        w,
        "Ratio: the fastest listed peer's ns/item over ours (the group's reference, or the function the target names), on the same group."
    );
    let _ = writeln!(w);
    let _ = writeln!(
        w,
        "| issue | target | group | fastest peer | ratio | needed | met |"
    );
    let _ = writeln!(w, "|---:|---|---|---|---:|---:|---|");
    let (mut met, mut total) = (0, 0);
    for t in TARGETS {
        let matching = groups.iter().filter(|g| {
            if t.groups.ends_with('/') {
                g.name.starts_with(t.groups)
            } else {
                g.name == t.groups
            }
        });
        let mut any = false;
        for g in matching {
            let ours = match t.ours {
                Some(id) => g.function(id),
                None => g.ours(),
            };
            let Some(ours) = ours else { continue };
            let best = t
                .peers
                .iter()
                .filter_map(|p| g.function(p))
                .min_by(|a, b| a.ns_per_item().total_cmp(&b.ns_per_item()));
            let Some(best) = best else { continue };
            any = true;
            // In each run, the fastest listed peer of that run.
            let per_run: Vec<f64> = (0..ours.median_ns.len())
                .filter_map(|k| {
                    t.peers
                        .iter()
                        .filter_map(|p| g.function(p)?.median_ns.get(k))
                        .min_by(|a, b| a.total_cmp(b))
                        .map(|p| p / ours.median_ns[k])
                })
                .collect();
            let ratio = median(&per_run);
            let ok = ratio >= t.ratio;
            total += 1;
            met += usize::from(ok);
            let _ = writeln!(
                w,
                "| {} | {} vs {} | `{}` | {} | {} | ≥ {}× | {} |",
                t.issue,
                t.label,
                t.peers.join(" / "),
                g.name,
                best.id,
                ratio_cell(&per_run),
                t.ratio,
                if ok { "met" } else { "**not met**" }
            );
        }
        if !any {
            let _ = writeln!(
                w,
                "| {} | {} vs {} | `{}` | — | — | ≥ {}× | not run |",
                t.issue,
                t.label,
                t.peers.join(" / "),
                t.groups,
                t.ratio
            );
        }
    }
    let _ = writeln!(w);
    let _ = writeln!(w, "{met} of {total} met.");
    let _ = writeln!(w);
}

/// A ratio cell: the median of the runs' ratios, and their range when
/// there are several.
fn ratio_cell(per_run: &[f64]) -> String {
    let mid = num(median(per_run), 2);
    match per_run
        .iter()
        .copied()
        .reduce(f64::min)
        .zip(per_run.iter().copied().reduce(f64::max))
    {
        Some((lo, hi)) if per_run.len() > 1 => format!("{mid}× ({}–{})", num(lo, 2), num(hi, 2)),
        _ => format!("{mid}×"),
    }
}

/// One group's table and notes.
fn render_group(w: &mut String, g: &Group) {
    let _ = writeln!(w);
    let _ = writeln!(
        w,
        "### `{}`: {} items, {} bytes",
        g.name,
        thousands(g.items),
        thousands(g.bytes)
    );
    let _ = writeln!(w);
    let _ = writeln!(w, "| implementation | ns/item | MB/s | ratio to us |");
    let _ = writeln!(w, "|---|---:|---:|---:|");
    let ours = g.ours();
    for f in &g.functions {
        let ratio = ours.map_or_else(|| "—".to_owned(), |o| ratio_cell(&ratios(f, o)));
        let name = if f.id == g.ours {
            format!("**{} (us)**", f.id)
        } else {
            f.id.clone()
        };
        let _ = writeln!(
            w,
            "| {name} | {} | {} | {ratio} |",
            num(f.ns_per_item(), 1),
            num(g.mb_per_s(f), 0),
        );
    }
    if !g.notes.is_empty() {
        let _ = writeln!(w);
        let _ = writeln!(w, "Checks before timing:");
        let _ = writeln!(w);
        for note in &g.notes {
            let _ = writeln!(w, "- {note}");
        }
    }
}

/// The `urikit check` table.
fn render_check(w: &mut String, check: &CheckTiming) {
    let median = check.median();
    let ms = median.as_secs_f64() * 1e3;
    let ns_per_line = median.as_secs_f64() * 1e9 / check.lines.max(1) as f64;
    let mb_per_s = check.bytes as f64 / median.as_secs_f64() / 1e6;
    let runs: Vec<String> = check
        .runs
        .iter()
        .map(|r| format!("{:.0}", r.as_secs_f64() * 1e3))
        .collect();
    let _ = writeln!(w, "## CLI: `urikit check` on the whole corpus");
    let _ = writeln!(w);
    let _ = writeln!(
        w,
        "A whole process: `target/release/urikit check {CHECK_CORPUS}` ({} lines, {} bytes), \
         output to `/dev/null`, after one untimed run to warm the page cache. It reads, \
         validates, reports each invalid line with its caret and prints the summary \
         (exit code {}). No peer has the same command; the figure is ours alone.",
        thousands(check.lines),
        thousands(check.bytes),
        check.code.map_or("?".into(), |c| c.to_string())
    );
    let _ = writeln!(w);
    let _ = writeln!(w, "| runs (ms) | median ms | ns/line | MB/s |");
    let _ = writeln!(w, "|---|---:|---:|---:|");
    let _ = writeln!(
        w,
        "| {} | {} | {} | {} |",
        runs.join(", "),
        num(ms, 1),
        num(ns_per_line, 1),
        num(mb_per_s, 0)
    );
    let _ = writeln!(w);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sections written by hand survive a new report, in their order,
    /// before "Not measured"; the generated sections of the old file do
    /// not; a file without such sections changes nothing.
    #[test]
    fn sections_by_hand_are_carried_over() {
        let before = "# Benchmarks\n\n## Parse\n\nold table\n\n\
                      ## Added by hand, day 1: templates\n\nA.\n\n\
                      ## Added by hand, day 2: lint\n\nB.\n\n## Not measured\n\n- old\n";
        let report = "# Benchmarks\n\n## Parse\n\nnew table\n\n## Not measured\n\n- new\n";
        let got = with_sections_by_hand(report, before);
        assert_eq!(
            got,
            "# Benchmarks\n\n## Parse\n\nnew table\n\n\
             ## Added by hand, day 1: templates\n\nA.\n\n\
             ## Added by hand, day 2: lint\n\nB.\n\n## Not measured\n\n- new\n"
        );
        assert_eq!(with_sections_by_hand(report, report), report);
        assert_eq!(with_sections_by_hand(report, ""), report);
        // A report without "Not measured" (a filtered run) gets them at the end.
        let short = "# Benchmarks\n\n## Parse\n\nnew\n";
        assert!(
            with_sections_by_hand(short, before)
                .ends_with("## Added by hand, day 2: lint\n\nB.\n\n")
        );
    }

    /// Three peers: one at its newest release, one behind, one unchecked.
    fn three_peers() -> Peers {
        [
            ("oxiri", "0.3.1", Newest::Current("0.3.1".into())),
            ("url", "2.5.7", Newest::Behind("2.5.8".into())),
            ("http", "1.5.0", Newest::Unchecked("offline".into())),
        ]
        .into_iter()
        .map(|(name, version, newest)| (name.to_owned(), (version.to_owned(), newest)))
        .collect()
    }

    #[test]
    fn a_peer_behind_stops_the_task_unless_allowed() {
        let mut found = three_peers();
        let err = refuse_old_peers(&found, false).unwrap_err();
        assert!(
            err.starts_with("peers older than their newest release: url 2.5.7 (newest 2.5.8);"),
            "{err}"
        );
        assert_eq!(refuse_old_peers(&found, true), Ok(()));
        found.remove("url");
        assert_eq!(
            refuse_old_peers(&found, false),
            Ok(()),
            "unchecked does not stop it"
        );
    }

    #[test]
    fn the_peers_table_says_what_the_check_found() {
        let mut w = String::new();
        render_peers(&mut w, Some(&three_peers()));
        assert!(w.contains("| `oxiri` | 0.3.1 | 0.3.1 (newest) |"), "{w}");
        assert!(
            w.contains("| `url` | 2.5.7 | **2.5.8: a newer release** |"),
            "{w}"
        );
        assert!(
            w.contains("| `http` | 1.5.0 | not checked: offline |"),
            "{w}"
        );
        assert!(w.contains("| `criterion` | "), "{w}");
        assert!(
            w.contains("| not checked in this run | the harness |"),
            "{w}"
        );
        let mut unchecked = String::new();
        render_peers(&mut unchecked, None);
        assert!(unchecked.contains("| `oxiri` | "), "{unchecked}");
        assert!(!unchecked.contains("(newest)"), "{unchecked}");
    }

    #[test]
    fn dates_from_day_counts() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_000), (2024, 10, 4));
    }

    /// A group of one run with the given `(id, median ns)`.
    fn group(name: &str, functions: &[(&str, f64)]) -> Group {
        Group {
            name: name.to_owned(),
            items: 10,
            bytes: 100,
            ours: "us".to_owned(),
            notes: Vec::new(),
            functions: functions
                .iter()
                .map(|&(id, ns)| Function {
                    id: id.to_owned(),
                    median_ns: vec![ns],
                    items: 10,
                })
                .collect(),
            written: UNIX_EPOCH,
        }
    }

    #[test]
    fn runs_merge_into_medians_of_per_run_ratios() {
        let runs = vec![
            vec![group("parse/x", &[("us", 100.0), ("peer", 300.0)])],
            vec![
                group("parse/x", &[("us", 200.0), ("peer", 400.0)]),
                group("new/y", &[]),
            ],
            vec![group("parse/x", &[("us", 100.0), ("peer", 250.0)])],
        ];
        let groups = merge(runs);
        assert_eq!(
            groups.len(),
            1,
            "a group missing from the first run is left out"
        );
        let g = &groups[0];
        let (us, peer) = (g.ours().unwrap(), g.function("peer").unwrap());
        assert_eq!(us.median_ns, [100.0, 200.0, 100.0]);
        assert_eq!(us.ns_per_item(), 10.0);
        // Per run: 3, 2, 2.5; the median is 2.5, not 250 / 100.
        assert_eq!(ratios(peer, us), [3.0, 2.0, 2.5]);
        assert_eq!(ratio_cell(&ratios(peer, us)), "2.50× (2.00–3.00)");
        assert_eq!(ratio_cell(&[1.5]), "1.50×");
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert!(median(&[]).is_nan());
    }

    #[test]
    fn the_portable_build_has_its_own_rows_and_target() {
        let main = group("parse/mixed", &[("us", 100.0), ("fluent-uri", 260.0)]);
        let portable = as_portable(vec![group(
            "parse/mixed",
            &[("us", 150.0), ("fluent-uri", 270.0)],
        )]);
        assert_eq!(portable[0].name, "parse/mixed (portable)");
        assert_eq!(portable[0].operation(), "parse");
        let groups = merge(vec![vec![main, portable.into_iter().next().unwrap()]]);
        assert_eq!(groups.len(), 2);
        let mut w = String::new();
        render_targets(&mut w, &groups);
        let row = w
            .lines()
            .find(|l| l.starts_with("| 19 | parse, portable"))
            .expect("the issue 19 portable row");
        assert!(row.contains("`parse/mixed (portable)`"), "{row}");
        // 270 / 150, not the main build's 260 / 100.
        assert!(row.contains("| 1.80× |"), "{row}");
        assert!(row.ends_with("| met |"), "{row}");
        let issue_14 = w
            .lines()
            .find(|l| l.starts_with("| 14 | parse vs"))
            .unwrap();
        assert!(
            issue_14.contains("`parse/mixed` | fluent-uri | 2.60×"),
            "{issue_14}"
        );
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(109_062), "109,062");
        assert_eq!(thousands(6_079_263), "6,079,263");
    }
}
