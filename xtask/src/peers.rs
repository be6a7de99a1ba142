//! Whether the benchmark's peers are at their newest releases: issue 19
//! asks that they be, "checked when the suite runs".
//!
//! Each peer's version is the one `Cargo.lock` gives the benchmark crate
//! (its entry's `dependencies`); the newest release is what
//! `cargo info NAME` reports, run in the workspace (so with the workspace's
//! cargo configuration and registry) and told not to answer from the
//! local index alone (`net.offline=false`). In a workspace that locks an
//! older version, `cargo info` writes `version: LOCKED (latest NEWEST)`.
//! `cargo xtask bench` checks before it times anything, stops when a peer
//! is behind (unless told to go on), and writes what it found into the
//! report's table of peers.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::process::{Stopped, run_bounded};

/// How long one `cargo info` may take before the check gives up on it.
const ASK_TIMEOUT: Duration = Duration::from_secs(60);

/// How long the output of a `cargo info` that has ended may take to arrive.
const DRAIN: Duration = Duration::from_secs(5);

/// The benchmark crate, whose locked dependencies are the peers' versions.
pub(crate) const BENCH_CRATE: &str = "urikit-bench";

/// What the check found for one peer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Newest {
    /// The locked version is the newest release.
    Current(String),
    /// The newest release, which the locked version is older than.
    Behind(String),
    /// No verdict, and why: offline, `cargo info` failed or timed out, the
    /// newest is a pre-release, a version that does not read.
    Unchecked(String),
}

impl Newest {
    /// The cell of the report's table for it (`|` escaped for Markdown).
    pub(crate) fn cell(&self) -> String {
        let text = match self {
            Newest::Current(v) => format!("{v} (newest)"),
            Newest::Behind(v) => format!("**{v}: a newer release**"),
            Newest::Unchecked(why) => format!("not checked: {why}"),
        };
        text.replace('|', "\\|")
    }
}

/// One `[[package]]` of a `Cargo.lock`: its name, version and the
/// entries of its `dependencies` (`name`, or `name version` when the lock
/// holds several versions of it).
#[derive(Debug, Default)]
struct Package {
    name: String,
    version: String,
    dependencies: Vec<String>,
}

/// The packages of a `Cargo.lock`, in its order.
fn packages(lock: &str) -> Vec<Package> {
    let mut all = Vec::new();
    let mut in_dependencies = false;
    for line in lock.lines() {
        let line = line.trim();
        if line == "[[package]]" {
            all.push(Package::default());
            in_dependencies = false;
        } else if let Some(p) = all.last_mut() {
            if in_dependencies {
                match line {
                    "]" => in_dependencies = false,
                    entry => p.dependencies.push(unquote(entry.trim_end_matches(','))),
                }
            } else if let Some(n) = line.strip_prefix("name = ") {
                p.name = unquote(n);
            } else if let Some(v) = line.strip_prefix("version = ") {
                p.version = unquote(v);
            } else if line.starts_with("dependencies = [") {
                in_dependencies = !line.ends_with(']');
            }
        }
    }
    all
}

/// `text` without the quotes around it.
fn unquote(text: &str) -> String {
    text.trim().trim_matches('"').to_owned()
}

/// The version `Cargo.lock` gives each dependency of the package `of`:
/// the one its entry names, else the only one the lock holds.
pub(crate) fn locked_dependencies(lock: &str, of: &str) -> BTreeMap<String, String> {
    let all = packages(lock);
    let Some(package) = all.iter().find(|p| p.name == of) else {
        return BTreeMap::new();
    };
    package
        .dependencies
        .iter()
        .filter_map(|entry| {
            let (name, version) = match entry.split_once(' ') {
                Some((name, version)) => (name, version.to_owned()),
                None => (
                    entry.as_str(),
                    all.iter().find(|p| p.name == *entry)?.version.clone(),
                ),
            };
            Some((name.to_owned(), version))
        })
        .collect()
}

/// The newest release on `cargo info`'s `version:` line: the word after
/// `(latest ` when it says one (`0.7.0 (latest 0.8.2)`, or `(latest 0.8.2
/// from SOURCE)` for another registry), else the version itself.
fn reported_version(info: &str) -> Option<String> {
    let line = info.lines().find_map(|l| l.strip_prefix("version: "))?;
    let newest = match line.split_once("(latest ") {
        Some((_, rest)) => rest.split([' ', ')']).next()?,
        None => line.split_whitespace().next()?,
    };
    Some(newest.to_owned()).filter(|v| !v.is_empty())
}

/// A version as Semantic Versioning 2.0.0 orders them: the three numbers,
/// then a pre-release below the release, pre-release identifiers compared
/// one by one (numbers by value and below words); build metadata ignored.
#[derive(Debug, PartialEq, Eq)]
struct Version {
    numbers: [u64; 3],
    /// Empty for a release.
    pre: Vec<String>,
}

impl Version {
    /// Reads `MAJOR.MINOR.PATCH[-PRE][+BUILD]`.
    fn parse(text: &str) -> Option<Version> {
        let text = text.split('+').next()?;
        let (core, pre) = match text.split_once('-') {
            Some((core, pre)) => (core, pre.split('.').map(str::to_owned).collect()),
            None => (text, Vec::new()),
        };
        let mut numbers = core.split('.').map(|n| n.parse::<u64>().ok());
        let version = Version {
            numbers: [numbers.next()??, numbers.next()??, numbers.next()??],
            pre,
        };
        numbers.next().is_none().then_some(version)
    }
}

impl Ord for Version {
    fn cmp(&self, other: &Self) -> Ordering {
        let identifier = |a: &String, b: &String| match (a.parse::<u64>(), b.parse::<u64>()) {
            (Ok(x), Ok(y)) => x.cmp(&y),
            (Ok(_), Err(_)) => Ordering::Less,
            (Err(_), Ok(_)) => Ordering::Greater,
            (Err(_), Err(_)) => a.cmp(b),
        };
        self.numbers.cmp(&other.numbers).then_with(|| {
            match (self.pre.is_empty(), other.pre.is_empty()) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                (false, false) => {
                    let mut by_identifier = self
                        .pre
                        .iter()
                        .zip(&other.pre)
                        .map(|(a, b)| identifier(a, b));
                    by_identifier
                        .find(|o| o.is_ne())
                        .unwrap_or_else(|| self.pre.len().cmp(&other.pre.len()))
                }
            }
        })
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The verdict for one peer: its locked version against the newest
/// release (`Err`: why there is none). A pre-release as the newest says
/// nothing of the newest release: no verdict.
fn judge(locked: &str, newest: Result<String, String>) -> Newest {
    let newest = match newest {
        Ok(newest) => newest,
        Err(why) => return Newest::Unchecked(why),
    };
    match (Version::parse(locked), Version::parse(&newest)) {
        (_, Some(n)) if !n.pre.is_empty() => Newest::Unchecked(format!(
            "the newest version is the pre-release {newest}, not compared"
        )),
        (Some(l), Some(n)) if l < n => Newest::Behind(newest),
        (Some(_), Some(_)) => Newest::Current(newest),
        _ => Newest::Unchecked(format!("cannot compare {locked} with {newest}")),
    }
}

/// Asks the registry for the newest release of `name` with `cargo info`,
/// run in the workspace `root`; gives up after [`ASK_TIMEOUT`].
fn ask_newest(cargo: &str, name: &str, root: &Path) -> Result<String, String> {
    let mut command = Command::new(cargo);
    command
        .args(["--config", "net.offline=false", "info", name])
        .env("CARGO_TERM_COLOR", "never")
        .current_dir(root);
    let ran = run_bounded(&mut command, ASK_TIMEOUT, DRAIN).map_err(|stopped| match stopped {
        Stopped::Spawn(e) => format!("cannot run {cargo} info: {e}"),
        Stopped::Wait(e) => format!("`cargo info {name}`: {e}"),
        Stopped::TimedOut => format!(
            "`cargo info {name}` gave no answer in {} s",
            ASK_TIMEOUT.as_secs()
        ),
        Stopped::OutputHeld => format!("`cargo info {name}` ended, but its output stayed open"),
    })?;
    if ran.status != Some(0) {
        let why = ran
            .stderr
            .lines()
            .find(|l| l.starts_with("error"))
            .unwrap_or("failed");
        return Err(format!("`cargo info {name}`: {why}"));
    }
    reported_version(&ran.stdout).ok_or_else(|| format!("`cargo info {name}` named no version"))
}

/// Each of `names`: the version `Cargo.lock` gives the benchmark crate,
/// and the verdict. After one `cargo info` fails (offline, as a rule) the
/// others are not asked.
pub(crate) fn check(
    cargo: &str,
    root: &Path,
    names: &[&str],
) -> BTreeMap<String, (String, Newest)> {
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).map_err(|e| e.to_string());
    check_with(lock.as_deref().map_err(String::as_str), names, |name| {
        ask_newest(cargo, name, root)
    })
}

/// [`check`] with the lock's text (or why it could not be read) and the
/// question to the registry given.
fn check_with(
    lock: Result<&str, &str>,
    names: &[&str],
    mut ask: impl FnMut(&str) -> Result<String, String>,
) -> BTreeMap<String, (String, Newest)> {
    let locked = lock
        .map(|lock| locked_dependencies(lock, BENCH_CRATE))
        .unwrap_or_default();
    let mut failed: Option<String> = None;
    names
        .iter()
        .map(|&name| {
            let version = locked.get(name).cloned().unwrap_or_else(|| "?".into());
            let verdict = match (lock, locked.get(name), &failed) {
                (Err(e), _, _) => Newest::Unchecked(format!("cannot read Cargo.lock: {e}")),
                (Ok(_), None, _) => {
                    Newest::Unchecked(format!("not a dependency of {BENCH_CRATE} in Cargo.lock"))
                }
                (Ok(_), Some(_), Some(first)) => {
                    Newest::Unchecked(format!("not asked after `cargo info {first}` failed"))
                }
                (Ok(_), Some(v), None) => {
                    let newest = ask(name);
                    if newest.is_err() {
                        failed = Some(name.to_owned());
                    }
                    judge(v, newest)
                }
            };
            (name.to_owned(), (version, verdict))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOCK: &str = "version = 4\n\n\
        [[package]]\nname = \"http\"\nversion = \"0.2.12\"\n\n\
        [[package]]\nname = \"http\"\nversion = \"1.5.0\"\nsource = \"x\"\n\n\
        [[package]]\nname = \"oxiri\"\nversion = \"0.3.1\"\n\n\
        [[package]]\nname = \"urikit-bench\"\nversion = \"0.1.0\"\ndependencies = [\n \
        \"http 1.5.0\",\n \"oxiri\",\n \"uri-core\",\n]\n\n\
        [[package]]\nname = \"uri-core\"\nversion = \"0.1.0\"\ndependencies = [\"thiserror\"]\n";

    #[test]
    fn the_lock_gives_the_bench_crates_own_versions() {
        let v = locked_dependencies(LOCK, "urikit-bench");
        assert_eq!(v["http"], "1.5.0");
        assert_eq!(v["oxiri"], "0.3.1");
        assert_eq!(v["uri-core"], "0.1.0");
        assert_eq!(v.len(), 3);
        assert!(locked_dependencies(LOCK, "no-such-crate").is_empty());
        assert!(
            locked_dependencies(LOCK, "uri-core").is_empty(),
            "one-line list of another crate"
        );
    }

    #[test]
    fn after_one_question_fails_the_others_are_not_asked() {
        let mut asked = Vec::new();
        let found = check_with(Ok(LOCK), &["http", "oxiri", "uri-core", "url"], |name| {
            asked.push(name.to_owned());
            match name {
                "http" => Ok("1.5.0".into()),
                _ => Err("offline".into()),
            }
        });
        assert_eq!(asked, ["http", "oxiri"]);
        assert_eq!(
            found["http"],
            ("1.5.0".into(), Newest::Current("1.5.0".into()))
        );
        assert_eq!(
            found["oxiri"],
            ("0.3.1".into(), Newest::Unchecked("offline".into()))
        );
        assert_eq!(
            found["uri-core"].1,
            Newest::Unchecked("not asked after `cargo info oxiri` failed".into())
        );
        assert_eq!(found["url"].0, "?");
        assert_eq!(
            found["url"].1,
            Newest::Unchecked("not a dependency of urikit-bench in Cargo.lock".into())
        );
        let unread = check_with(Err("gone"), &["http"], |_| panic!("not asked"));
        assert_eq!(
            unread["http"],
            (
                "?".into(),
                Newest::Unchecked("cannot read Cargo.lock: gone".into())
            )
        );
    }

    #[test]
    fn the_newest_version_is_read_from_cargo_info() {
        let current = "oxiri #IRI\nSimple and fast\nversion: 0.3.1\nlicense: MIT\n";
        assert_eq!(reported_version(current).as_deref(), Some("0.3.1"));
        let behind = "criterion\nversion: 0.7.0 (latest 0.8.2)\nlicense: x\n";
        assert_eq!(reported_version(behind).as_deref(), Some("0.8.2"));
        let elsewhere = "x\nversion: 0.7.0 (latest 0.8.2 from registry `mirror`)\n";
        assert_eq!(reported_version(elsewhere).as_deref(), Some("0.8.2"));
        assert_eq!(reported_version("no such line\n"), None);
        assert_eq!(reported_version("version: \n"), None);
    }

    #[test]
    fn versions_are_ordered_as_semver_orders_them() {
        let v = |s: &str| Version::parse(s).unwrap();
        let ascending = [
            "0.9.3",
            "0.10.0-alpha",
            "0.10.0-alpha.1",
            "0.10.0-alpha.beta",
            "0.10.0-beta.2",
            "0.10.0-beta.11",
            "0.10.0-rc.1",
            "0.10.0",
            "1.0.0",
        ];
        for pair in ascending.windows(2) {
            assert!(v(pair[0]) < v(pair[1]), "{} < {}", pair[0], pair[1]);
        }
        assert_eq!(v("1.0.0+build.5").cmp(&v("1.0.0")), Ordering::Equal);
        for bad in ["1.0", "1.0.0.0", "a.b.c", "", "1..0"] {
            assert_eq!(Version::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_peer_is_behind_when_its_locked_version_is_older() {
        assert_eq!(
            judge("0.3.1", Ok("0.3.1".into())),
            Newest::Current("0.3.1".into())
        );
        assert_eq!(
            judge("0.2.11", Ok("0.3.1".into())),
            Newest::Behind("0.3.1".into())
        );
        assert_eq!(
            judge("1.0.0-rc.1", Ok("1.0.0".into())),
            Newest::Behind("1.0.0".into())
        );
        assert!(matches!(
            judge("0.3.1", Ok("0.4.0-alpha".into())),
            Newest::Unchecked(_)
        ));
        assert!(matches!(
            judge("0.3", Ok("0.3.1".into())),
            Newest::Unchecked(_)
        ));
        assert_eq!(
            judge("0.3.1", Err("offline".into())),
            Newest::Unchecked("offline".into())
        );
        assert_eq!(
            Newest::Behind("0.4.0".into()).cell(),
            "**0.4.0: a newer release**"
        );
        assert_eq!(Newest::Unchecked("a|b".into()).cell(), "not checked: a\\|b");
    }
}
