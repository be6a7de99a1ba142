//! Whether the benchmark's peers are at their newest releases: issue 19
//! asks that they be, "checked when the suite runs".
//!
//! Each peer's version comes from `Cargo.lock`; the newest release from
//! `cargo info NAME`, run outside the workspace (inside it, `cargo info`
//! reports the locked version), through the registry cargo is configured
//! with. `cargo xtask bench` checks before it times anything, refuses to
//! run when a peer is behind (unless told to go on), and writes what it
//! found into the report's table of peers.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one `cargo info` may take before the check gives up on it.
const ASK_TIMEOUT: Duration = Duration::from_secs(60);

/// What the check found for one crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Newest {
    /// The crate's highest locked version is the newest release.
    Current(String),
    /// The newest release, which the highest locked version is older than.
    Behind(String),
    /// No answer: why (offline, `cargo info` failed or timed out).
    Unchecked(String),
}

impl Newest {
    /// The cell of the report's table for it.
    pub(crate) fn cell(&self) -> String {
        match self {
            Newest::Current(v) => format!("{v} (newest)"),
            Newest::Behind(v) => format!("**{v}: a newer release**"),
            Newest::Unchecked(why) => format!("not checked: {why}"),
        }
    }
}

/// The versions of each package in a `Cargo.lock` (several when the
/// lock holds several), in the lock's order.
pub(crate) fn locked_versions(lock: &str) -> BTreeMap<String, Vec<String>> {
    let mut versions: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut name = None;
    for line in lock.lines() {
        if let Some(n) = line.strip_prefix("name = ") {
            name = Some(n.trim_matches('"').to_owned());
        } else if let (Some(n), Some(v)) = (name.take(), line.strip_prefix("version = ")) {
            versions
                .entry(n)
                .or_default()
                .push(v.trim_matches('"').to_owned());
        }
    }
    versions
}

/// The version `cargo info` reports on its `version:` line: the first
/// word after it (`0.7.0 (latest 0.8.2)`, as `cargo info` writes it inside
/// a workspace that locks an older one, gives the `latest`).
pub(crate) fn reported_version(info: &str) -> Option<String> {
    let line = info.lines().find_map(|l| l.strip_prefix("version: "))?;
    let newest = match line.split_once("(latest ") {
        Some((_, rest)) => rest.trim_end_matches(')'),
        None => line.split_whitespace().next()?,
    };
    Some(newest.trim().to_owned()).filter(|v| !v.is_empty())
}

/// Compares dotted versions number by number (`0.10.0` after `0.9.3`); a
/// part that is not a number (a pre-release) compares as text.
fn older(a: &str, b: &str) -> bool {
    let parts = |v: &str| -> Vec<(u64, String)> {
        v.split(['.', '-', '+'])
            .map(|p| (p.parse().unwrap_or(u64::MAX), p.to_owned()))
            .collect()
    };
    parts(a) < parts(b)
}

/// The verdict for one crate: the highest of its locked versions (the
/// benchmark's own; a lower one is another crate's dependency) against
/// the newest release (`Err`: why there is none).
pub(crate) fn judge(locked: &[String], newest: Result<String, String>) -> Newest {
    let highest = locked.iter().reduce(|a, b| if older(a, b) { b } else { a });
    match newest {
        Ok(newest) if highest.is_some_and(|v| older(v, &newest)) => Newest::Behind(newest),
        Ok(newest) => Newest::Current(newest),
        Err(why) => Newest::Unchecked(why),
    }
}

/// Asks the registry for the newest release of `name` with `cargo info`,
/// run in `outside` (a directory outside the workspace).
pub(crate) fn ask_newest(cargo: &str, name: &str, outside: &Path) -> Result<String, String> {
    let mut child = Command::new(cargo)
        .args(["info", name])
        .env("CARGO_TERM_COLOR", "never")
        .current_dir(outside)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {cargo} info: {e}"))?;
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() > ASK_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "`cargo info {name}` gave no answer in {} s",
                    ASK_TIMEOUT.as_secs()
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => return Err(format!("`cargo info {name}`: {e}")),
        }
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("`cargo info {name}`: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let why = stderr
            .lines()
            .find(|l| l.starts_with("error"))
            .unwrap_or("failed");
        return Err(format!("`cargo info {name}`: {why}"));
    }
    reported_version(&stdout).ok_or_else(|| format!("`cargo info {name}` named no version"))
}

/// Checks each of `names` against `Cargo.lock` and the registry.
pub(crate) fn check(cargo: &str, root: &Path, names: &[&str]) -> BTreeMap<String, Newest> {
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).unwrap_or_default();
    let locked = locked_versions(&lock);
    let outside = std::env::temp_dir();
    names
        .iter()
        .map(|&name| {
            let versions = locked.get(name).cloned().unwrap_or_default();
            let verdict = if versions.is_empty() {
                Newest::Unchecked("not in Cargo.lock".into())
            } else {
                judge(&versions, ask_newest(cargo, name, &outside))
            };
            (name.to_owned(), verdict)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_gives_every_version_of_a_package() {
        let lock = "[[package]]\nname = \"oxiri\"\nversion = \"0.3.1\"\n\n\
                    [[package]]\nname = \"syn\"\nversion = \"1.0.109\"\n\n\
                    [[package]]\nname = \"syn\"\nversion = \"2.0.100\"\nsource = \"x\"\n";
        let v = locked_versions(lock);
        assert_eq!(v["oxiri"], ["0.3.1"]);
        assert_eq!(v["syn"], ["1.0.109", "2.0.100"]);
        assert_eq!(v.len(), 2);
    }

    #[test]
    fn the_newest_version_is_read_from_cargo_info() {
        let outside = "oxiri #IRI\nSimple and fast\nversion: 0.3.1\nlicense: MIT\n";
        assert_eq!(reported_version(outside).as_deref(), Some("0.3.1"));
        let inside = "criterion\nversion: 0.7.0 (latest 0.8.2)\nlicense: x\n";
        assert_eq!(reported_version(inside).as_deref(), Some("0.8.2"));
        assert_eq!(reported_version("no such line\n"), None);
        assert_eq!(reported_version("version: \n"), None);
    }

    #[test]
    fn versions_compare_by_number() {
        assert!(older("0.9.3", "0.10.0"));
        assert!(older("0.3.1", "0.3.2"));
        assert!(older("1.9.0", "2.0.0"));
        assert!(!older("0.10.0", "0.9.3"));
        assert!(!older("0.4.1", "0.4.1"));
        assert!(older("1.0.0-alpha", "1.0.0-beta"));
    }

    #[test]
    fn a_peer_is_behind_when_its_highest_locked_version_is_older() {
        let locked = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            judge(&locked(&["0.3.1"]), Ok("0.3.1".into())),
            Newest::Current("0.3.1".into())
        );
        assert_eq!(
            judge(&locked(&["0.2.11"]), Ok("0.3.1".into())),
            Newest::Behind("0.3.1".into())
        );
        // Another crate's older dependency does not make the peer old.
        assert_eq!(
            judge(&locked(&["0.2.11", "0.3.1"]), Ok("0.3.1".into())),
            Newest::Current("0.3.1".into())
        );
        assert_eq!(
            judge(&locked(&["0.3.1"]), Err("offline".into())),
            Newest::Unchecked("offline".into())
        );
        assert_eq!(
            Newest::Behind("0.4.0".into()).cell(),
            "**0.4.0: a newer release**"
        );
    }
}
