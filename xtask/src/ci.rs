//! `cargo xtask ci`: the gates, in the order CI runs them.

use std::process::Command;
use std::time::Instant;

/// One gate: a name, cargo arguments and extra environment.
struct Gate {
    name: String,
    args: Vec<String>,
    env: Vec<(&'static str, &'static str)>,
}

impl Gate {
    fn new(name: impl Into<String>, args: &[&str]) -> Self {
        Gate {
            name: name.into(),
            args: args.iter().map(|s| s.to_string()).collect(),
            env: Vec::new(),
        }
    }
}

/// Runs every gate, stopping at the first that fails.
pub(crate) fn run() -> Result<(), String> {
    let mut gates = vec![
        Gate::new("fmt", &["fmt", "--all", "--check"]),
        Gate::new(
            "clippy",
            &[
                "clippy",
                "--workspace",
                "--all-targets",
                "--all-features",
                "--",
                "-D",
                "warnings",
            ],
        ),
        Gate {
            env: vec![("RUSTDOCFLAGS", "-D warnings")],
            ..Gate::new(
                "doc",
                &["doc", "--workspace", "--no-deps", "--all-features"],
            )
        },
        Gate::new("test", &["test", "--workspace", "--all-features"]),
        // uri-core's scanner as built for processors without SSE2 (SWAR,
        // and the table), tested here on x86; its own target directory, so
        // that the flags do not invalidate the main build.
        Gate {
            env: vec![
                ("RUSTFLAGS", "--cfg urikit_portable_scan"),
                ("CARGO_TARGET_DIR", "target/portable"),
            ],
            ..Gate::new(
                "test uri-core, portable scanner",
                &["test", "-p", "uri-core"],
            )
        },
    ];
    for krate in library_crates()? {
        gates.push(Gate::new(
            format!("test {krate} alone, no default features"),
            &["test", "-p", &krate, "--no-default-features"],
        ));
    }

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let start = Instant::now();
    for gate in &gates {
        eprintln!(
            "\n==> xtask ci: {} (cargo {})",
            gate.name,
            gate.args.join(" ")
        );
        let gate_start = Instant::now();
        let status = Command::new(&cargo)
            .args(&gate.args)
            .envs(gate.env.iter().copied())
            .current_dir(crate::root())
            .status()
            .map_err(|e| format!("cannot run {cargo}: {e}"))?;
        if !status.success() {
            return Err(format!("gate `{}` failed ({status})", gate.name));
        }
        eprintln!(
            "==> {} passed in {:.1}s",
            gate.name,
            gate_start.elapsed().as_secs_f64()
        );
    }
    eprintln!("\n==> xtask ci: tidy");
    crate::tidy::run()?;
    eprintln!(
        "\n==> xtask ci: all gates passed in {:.1}s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The published crates under `crates/` that have a library target, by
/// package name: the ones users build alone, with or without features.
pub(crate) fn library_crates() -> Result<Vec<String>, String> {
    let dir = crate::root().join("crates");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.join("src/lib.rs").is_file() {
            let manifest =
                std::fs::read_to_string(path.join("Cargo.toml")).map_err(|e| e.to_string())?;
            if manifest.contains("publish = false") {
                continue;
            }
            if let Some(name) = package_name(&manifest) {
                names.push(name);
            }
        }
    }
    names.sort();
    Ok(names)
}

/// The `name` of the `[package]` table of a manifest.
pub(crate) fn package_name(manifest: &str) -> Option<String> {
    let mut in_package = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package {
            if let Some(value) = line.strip_prefix("name") {
                let value = value.trim_start().strip_prefix('=')?.trim();
                return Some(value.trim_matches('"').to_string());
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_package_name() {
        let manifest =
            "[workspace]\nname = \"no\"\n[package]\nname = \"uri-core\"\nversion = \"0.1.0\"\n";
        assert_eq!(package_name(manifest).as_deref(), Some("uri-core"));
        assert_eq!(package_name("[lib]\nname = \"x\"\n"), None);
    }

    #[test]
    fn finds_the_library_crates() {
        let crates = library_crates().unwrap();
        assert!(crates.contains(&"uri-core".to_string()));
        assert!(crates.contains(&"uri-encode".to_string()));
        assert!(!crates.contains(&"urikit-bench".to_string()));
        assert!(!crates.contains(&"urikit-cli".to_string()));
    }
}
