//! `cargo xtask audit`: the supply-chain gate. Runs
//!
//! ```text
//! cargo deny --locked check --deny warnings licenses bans sources
//! ```
//!
//! from the workspace root, with the policy of `deny.toml`: the licences
//! the dependency tree may have, no crate in two versions but the
//! duplicates listed there with their reasons, and crates from crates.io
//! only (no other registry, no git). `--deny warnings` makes a stale entry
//! of the policy (an allowed licence no crate has, a skipped duplicate
//! that is gone) fail too, so the file stays exact. The advisory check is
//! left out: it needs the RustSec database from the network.
//!
//! Installs nothing: without `cargo-deny` it says what is missing and how
//! to install it, and fails. `cargo xtask ci` runs it as a gate.

use std::process::Command;

/// The checks the gate runs, as `cargo deny` arguments.
pub(crate) const ARGS: [&str; 8] = [
    "deny", "--locked", "check", "--deny", "warnings", "licenses", "bans", "sources",
];

/// What to say when `cargo-deny` cannot be run.
pub(crate) const MISSING: &str = "cargo-deny is not installed (`cargo deny --version` failed); \
     install it with `cargo install cargo-deny --locked` (it builds from source in a few \
     minutes), then run `cargo xtask audit` again";

/// Whether `cargo deny` runs, with the version it reports.
pub(crate) fn installed(cargo: &str) -> Option<String> {
    let out = Command::new(cargo)
        .args(["deny", "--version"])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// Runs the task.
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    if let Some(extra) = args.first() {
        return Err(format!(
            "unexpected argument `{extra}`; usage: cargo xtask audit"
        ));
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let version = installed(&cargo).ok_or_else(|| MISSING.to_owned())?;
    eprintln!("==> xtask audit: {version}: cargo {}", ARGS.join(" "));
    let status = Command::new(&cargo)
        .args(ARGS)
        .current_dir(crate::root())
        .status()
        .map_err(|e| format!("cannot run {cargo}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!(
            "cargo deny found a problem ({status}); see deny.toml for the policy"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values of `key = [...]` in a TOML text, one string each; the
    /// array may span lines.
    fn array(text: &str, key: &str) -> Vec<String> {
        let start = text
            .lines()
            .position(|l| l.trim_start().starts_with(&format!("{key} =")))
            .unwrap_or_else(|| panic!("no `{key}` in deny.toml"));
        let mut body = String::new();
        for line in text.lines().skip(start) {
            body.push_str(line.split('#').next().unwrap_or(""));
            if line.contains(']') {
                break;
            }
        }
        body.split('"')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect()
    }

    fn policy() -> String {
        std::fs::read_to_string(crate::root().join("deny.toml")).expect("deny.toml at the root")
    }

    #[test]
    fn the_policy_allows_only_crates_io_and_permissive_licences() {
        let policy = policy();
        assert_eq!(
            array(&policy, "allow-registry"),
            ["https://github.com/rust-lang/crates.io-index"]
        );
        assert!(array(&policy, "allow-git").is_empty());
        for licence in array(&policy, "allow") {
            assert!(
                [
                    "MIT",
                    "Apache-2.0",
                    "Unicode-3.0",
                    "BSD-2-Clause",
                    "BSD-3-Clause",
                    "ISC",
                    "Zlib"
                ]
                .contains(&licence.as_str()),
                "deny.toml allows {licence}, not a permissive licence"
            );
        }
        assert!(policy.contains("multiple-versions = \"deny\""));
    }

    #[test]
    fn every_skipped_duplicate_is_in_the_lock_file_and_says_why() {
        let policy = policy();
        let lock = std::fs::read_to_string(crate::root().join("Cargo.lock")).expect("Cargo.lock");
        let skips: Vec<&str> = policy
            .lines()
            .filter(|l| l.trim_start().starts_with("{ crate = "))
            .collect();
        assert!(!skips.is_empty());
        for skip in skips {
            let spec = skip.split('"').nth(1).expect("a crate spec");
            let (name, version) = spec.split_once('@').expect("name@version");
            let entry = format!("name = \"{name}\"\nversion = \"{version}\"");
            assert!(lock.contains(&entry), "{spec} is not in Cargo.lock");
            assert!(skip.contains("reason = \""), "{spec} has no reason");
        }
    }

    #[test]
    fn the_message_for_a_missing_tool_says_how_to_install_it() {
        assert!(MISSING.contains("cargo install cargo-deny --locked"));
        assert!(installed("/nonexistent/cargo").is_none());
    }
}
