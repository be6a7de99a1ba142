//! `cargo xtask ci`: the gates, in the order CI runs them.
//!
//! fmt, clippy (with the workspace `rust-version`, clippy's default
//! `incompatible_msrv` lint refuses any standard library item newer than
//! the MSRV), doc, test, each library crate's tests alone without default
//! features; then the feature matrix (`cargo check` of each library crate
//! with no default features, with each feature alone, with all), the
//! supply-chain audit of `deny.toml` (`cargo xtask audit`'s check; skipped,
//! saying how to install cargo-deny, when it is missing), the docs.rs
//! build (nightly with `--cfg docsrs`, when a nightly toolchain is
//! installed; every crate but urikit-datafusion, which has no
//! feature-gated item), a build with the oldest installed toolchain when it is
//! older than the one running the gates, what `cargo package` would ship
//! for each publishable crate (no file over 256 KiB, both licence files),
//! and tidy.

use std::process::Command;
use std::time::Instant;

/// The largest file a published crate may ship.
const MAX_PACKAGED_FILE: u64 = 256 * 1024;

/// One gate: a name, cargo arguments, extra environment, and the rustup
/// toolchain to run cargo from (`$CARGO` when `None`).
struct Gate {
    name: String,
    args: Vec<String>,
    env: Vec<(&'static str, &'static str)>,
    toolchain: Option<String>,
}

impl Gate {
    fn new(name: impl Into<String>, args: &[&str]) -> Self {
        Gate {
            name: name.into(),
            args: args.iter().map(|s| s.to_string()).collect(),
            env: Vec::new(),
            toolchain: None,
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
        // uri-encode's scanner as built for processors without SSE2 (SWAR,
        // and the table), tested here on x86, with its first user, uri-core's
        // parser; its own target directory, so that the flags do not
        // invalidate the main build.
        Gate {
            env: vec![
                ("RUSTFLAGS", "--cfg urikit_portable_scan"),
                ("CARGO_TARGET_DIR", "target/portable"),
            ],
            ..Gate::new(
                "test uri-encode and uri-core, portable scanner",
                &["test", "-p", "uri-encode", "-p", "uri-core"],
            )
        },
    ];
    for krate in library_crates()? {
        gates.push(Gate::new(
            format!("test {krate} alone, no default features"),
            &["test", "-p", &krate, "--no-default-features"],
        ));
    }

    for krate in library_crates()? {
        for features in feature_matrix(&krate)? {
            let mut args = vec!["check", "-p", &krate];
            args.extend(features.iter().map(String::as_str));
            gates.push(Gate::new(
                format!("features: {krate} {}", features.join(" ")),
                &args,
            ));
        }
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    match crate::audit::installed(&cargo) {
        Some(_) => gates.push(Gate::new(
            "audit (deny.toml: licences, duplicate versions, sources)",
            &crate::audit::ARGS,
        )),
        None => eprintln!("==> xtask ci: audit skipped: {}", crate::audit::MISSING),
    }
    let toolchains = installed_toolchains();
    match toolchains
        .iter()
        .find(|(name, _)| name.starts_with("nightly"))
    {
        Some((nightly, _)) => gates.push(Gate {
            env: vec![("RUSTDOCFLAGS", "--cfg docsrs -D warnings")],
            toolchain: Some(nightly.clone()),
            // urikit-datafusion is left out: it has no item behind a
            // feature (nothing for `--cfg docsrs` to mark), the stable doc
            // gate builds its docs with `-D warnings`, and this gate would
            // build DataFusion again with the nightly compiler.
            ..Gate::new(
                "docs.rs build (nightly, --cfg docsrs; urikit-datafusion left out)",
                &[
                    "doc",
                    "--workspace",
                    "--exclude",
                    "urikit-datafusion",
                    "--no-deps",
                    "--all-features",
                ],
            )
        }),
        None => eprintln!("==> xtask ci: docs.rs build skipped: no nightly toolchain installed"),
    }
    let current = rustc_version(None);
    let oldest = toolchains
        .iter()
        .filter(|(name, _)| !name.starts_with("nightly") && !name.starts_with("beta"))
        .min_by_key(|(_, version)| *version);
    match (oldest, current) {
        (Some((name, version)), Some(current)) if *version < current => gates.push(Gate {
            toolchain: Some(name.clone()),
            ..Gate::new(
                format!("build with the oldest installed toolchain ({name})"),
                &["check", "--workspace", "--all-targets", "--all-features"],
            )
        }),
        (Some((name, _)), _) => eprintln!(
            "==> xtask ci: the oldest installed toolchain ({name}) is the one running the gates; \
             the MSRV is checked by clippy's incompatible_msrv"
        ),
        (None, _) => {
            eprintln!("==> xtask ci: no rustup toolchain list; the MSRV is checked by clippy only")
        }
    }

    let start = Instant::now();
    for gate in &gates {
        eprintln!(
            "\n==> xtask ci: {} (cargo {})",
            gate.name,
            gate.args.join(" ")
        );
        let gate_start = Instant::now();
        let mut command = match &gate.toolchain {
            Some(toolchain) => {
                let mut c = Command::new("rustup");
                c.args(["run", toolchain, "cargo"]);
                c
            }
            None => Command::new(&cargo),
        };
        let status = command
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
    eprintln!("\n==> xtask ci: what cargo package ships");
    let package_start = Instant::now();
    package_contents(&cargo)?;
    eprintln!(
        "==> package contents passed in {:.1}s",
        package_start.elapsed().as_secs_f64()
    );
    eprintln!("\n==> xtask ci: tidy");
    crate::tidy::run()?;
    eprintln!(
        "\n==> xtask ci: all gates passed in {:.1}s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The published crates under `crates/` that have a library target and no
/// binary, by package name: the ones users build alone, with or without
/// features (`urikit-cli`'s library is the command's engine, not one).
pub(crate) fn library_crates() -> Result<Vec<String>, String> {
    let root = crate::root();
    let crates = root.join("crates");
    let mut names: Vec<String> = crate::workspace::members(&root)?
        .into_iter()
        .filter(|m| {
            m.publish
                && m.dir.starts_with(&crates)
                && m.dir.join("src/lib.rs").is_file()
                && !m.dir.join("src/main.rs").is_file()
        })
        .map(|m| m.name)
        .collect();
    names.sort();
    Ok(names)
}

/// The feature sets of the matrix for `krate`: no default features, each
/// feature alone (without the defaults), all features; for a crate that
/// declares no features, the first alone.
fn feature_matrix(krate: &str) -> Result<Vec<Vec<String>>, String> {
    let manifest_path = crate::root().join("crates").join(krate).join("Cargo.toml");
    let manifest = std::fs::read_to_string(&manifest_path)
        .map_err(|e| format!("{}: {e}", manifest_path.display()))?;
    let mut sets = vec![vec!["--no-default-features".to_string()]];
    let declared = features(&manifest);
    if declared.is_empty() {
        // No features: `--all-features` would build the same thing again
        // (urikit-datafusion, whose check builds DataFusion).
        return Ok(sets);
    }
    for feature in declared {
        sets.push(vec![
            "--no-default-features".into(),
            "--features".into(),
            feature,
        ]);
    }
    sets.push(vec!["--all-features".into()]);
    Ok(sets)
}

/// The features a manifest declares, `default` aside.
fn features(manifest: &str) -> Vec<String> {
    let mut in_features = false;
    let mut names = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_features = line == "[features]";
        } else if in_features && !line.starts_with('#') {
            if let Some((name, _)) = line.split_once('=') {
                let name = name.trim();
                if name != "default" && !name.is_empty() {
                    names.push(name.to_string());
                }
            }
        }
    }
    names
}

/// The installed rustup toolchains and their rustc versions
/// (`(major, minor, patch)`); empty without rustup.
fn installed_toolchains() -> Vec<(String, (u64, u64, u64))> {
    let Ok(out) = Command::new("rustup").args(["toolchain", "list"]).output() else {
        return Vec::new();
    };
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter_map(|name| Some((name.to_string(), rustc_version(Some(name))?)))
        .collect()
}

/// The version of rustc in `toolchain`, or of the one running the gates.
fn rustc_version(toolchain: Option<&str>) -> Option<(u64, u64, u64)> {
    let out = match toolchain {
        Some(t) => Command::new("rustup")
            .args(["run", t, "rustc", "--version"])
            .output(),
        None => Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
            .arg("--version")
            .output(),
    }
    .ok()?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let version = text.split_whitespace().nth(1)?;
    let mut parts = version.split(['.', '-']).map(|p| p.parse::<u64>());
    Some((
        parts.next()?.ok()?,
        parts.next()?.ok()?,
        parts.next()?.ok()?,
    ))
}

/// What `cargo package --list` ships for each publishable crate: no file
/// over [`MAX_PACKAGED_FILE`], and both licence files.
fn package_contents(cargo: &str) -> Result<(), String> {
    let root = crate::root();
    let members = crate::workspace::members(&root)?;
    let mut problems = Vec::new();
    for name in crate::workspace::publish_order(&members)? {
        let Some(member) = members.iter().find(|m| m.name == name) else {
            continue;
        };
        let out = Command::new(cargo)
            .args(["package", "--list", "--allow-dirty", "-p", &name])
            .current_dir(&root)
            .output()
            .map_err(|e| format!("cannot run {cargo}: {e}"))?;
        if !out.status.success() {
            problems.push(format!(
                "{name}: cargo package --list failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
            continue;
        }
        let list = String::from_utf8_lossy(&out.stdout).into_owned();
        let files: Vec<&str> = list.lines().collect();
        for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
            if !files.contains(&licence) {
                problems.push(format!("{name} does not ship {licence}"));
            }
        }
        for file in files {
            // Files cargo writes itself (Cargo.toml, .cargo_vcs_info.json) are small.
            if let Ok(meta) = std::fs::metadata(member.dir.join(file)) {
                if meta.len() > MAX_PACKAGED_FILE {
                    problems.push(format!(
                        "{name} ships {file}, {} KiB (limit {} KiB)",
                        meta.len() / 1024,
                        MAX_PACKAGED_FILE / 1024
                    ));
                }
            }
        }
        eprintln!("{name}: {} files, licences included", list.lines().count());
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_features() {
        let manifest = "[features]\ndefault = [\"std\"]\n## docs\nstd = []\nserde = [\"dep:serde\"]\n[dependencies]\nx = \"1\"\n";
        assert_eq!(features(manifest), ["std", "serde"]);
        let matrix = feature_matrix("uri-encode").unwrap();
        assert_eq!(matrix.first().unwrap(), &["--no-default-features"]);
        assert_eq!(matrix.last().unwrap(), &["--all-features"]);
        assert!(
            matrix
                .iter()
                .any(|m| m.last().map(String::as_str) == Some("percent-encoding"))
        );
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
