//! `cargo xtask tidy`: repository rules no compiler checks.
//!
//! - every Rust file starts with a `//!` module doc;
//! - every publishable crate has a README.md and a CHANGELOG.md with an
//!   `## [Unreleased]` section, and takes `rust-version` from the workspace;
//! - every internal dependency in `[workspace.dependencies]` carries a `version`;
//! - the MSRV in README.md matches `rust-version` in Cargo.toml;
//! - the docs check (`docs_check.rs`): docs/ARCHITECTURE.md's crate table
//!   matches `cargo metadata`, and every command shown in a README runs
//!   with the output it shows (or is marked `not run`);
//! - every generated file is what `cargo xtask generate` makes of its data
//!   today (`generate.rs`): `crates/uri-core/src/address/registry.rs`
//!   and `crates/uri-schemes/src/iana/table.rs`;
//! - every file of the `tests` package's two test binaries
//!   (`tests/conformance/`, `tests/allocations/`) is a `mod` of its
//!   `main.rs`: with `autotests = false`, a file left out would silently
//!   not be compiled.

use std::path::{Path, PathBuf};

/// Runs every rule and reports all problems at once.
pub(crate) fn run() -> Result<(), String> {
    let root = crate::root();
    let mut problems = Vec::new();
    module_docs(&root, &mut problems);
    crate_files(&root, &mut problems);
    internal_versions(&root, &mut problems);
    msrv(&root, &mut problems);
    crate::docs_check::run(&root, &mut problems);
    crate::generate::check(&root, &mut problems);
    test_modules(&root, &mut problems);
    if problems.is_empty() {
        eprintln!("tidy: ok");
        Ok(())
    } else {
        for p in &problems {
            eprintln!("tidy: {p}");
        }
        Err(format!("{} tidy problem(s)", problems.len()))
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

/// Every `.rs` file beside `tests/{conformance,allocations}/main.rs` is
/// declared there as `mod <name>;`.
fn test_modules(root: &Path, problems: &mut Vec<String>) {
    for binary in ["conformance", "allocations"] {
        let dir = root.join("tests").join(binary);
        let main = read(&dir.join("main.rs"));
        let Ok(entries) = std::fs::read_dir(&dir) else {
            problems.push(format!("{}: cannot read", rel(root, &dir)));
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            let is_rs = path.extension().is_some_and(|e| e == "rs");
            let declared = main.lines().any(|l| l.trim() == format!("mod {stem};"));
            if is_rs && stem != "main" && !declared {
                problems.push(format!(
                    "{}: not a `mod` of {binary}/main.rs, so never compiled",
                    rel(root, &path)
                ));
            }
        }
    }
}

/// Every `.rs` file under the workspace's source folders starts with `//!`.
fn module_docs(root: &Path, problems: &mut Vec<String>) {
    let mut files = Vec::new();
    for dir in ["crates", "xtask", "tests"] {
        rust_files(&root.join(dir), &mut files);
    }
    for file in files {
        let text = read(&file);
        if !text.trim_start().starts_with("//!") {
            problems.push(format!(
                "{} does not start with a `//!` module doc",
                rel(root, &file)
            ));
        }
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != "target" && name != "fuzz-regressions" && name != "vectors" {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Publishable crates have a README and a changelog, and the workspace MSRV
/// (but urikit-datafusion, whose DataFusion needs a newer Rust).
fn crate_files(root: &Path, problems: &mut Vec<String>) {
    let members = match crate::workspace::members(root) {
        Ok(members) => members,
        Err(e) => {
            problems.push(e);
            return;
        }
    };
    let crates = root.join("crates");
    for member in members
        .iter()
        .filter(|m| m.publish && m.dir.starts_with(&crates))
    {
        let dir = &member.dir;
        let manifest = read(&dir.join("Cargo.toml"));
        let name = rel(root, dir);
        if !dir.join("README.md").is_file() {
            problems.push(format!("{name} has no README.md"));
        }
        if !read(&dir.join("CHANGELOG.md")).contains("## [Unreleased]") {
            problems.push(format!(
                "{name} has no CHANGELOG.md with an `## [Unreleased]` section"
            ));
        }
        // urikit-datafusion alone sets its own: DataFusion 55 needs Rust
        // 1.94 (docs/ARCHITECTURE.md, "urikit-datafusion's dependencies").
        if !manifest.contains("rust-version.workspace = true")
            && !name.ends_with("urikit-datafusion")
        {
            problems.push(format!(
                "{name} does not take rust-version from the workspace"
            ));
        }
    }
}

/// Internal dependencies (`path = …`) in the workspace table also name a version.
fn internal_versions(root: &Path, problems: &mut Vec<String>) {
    for line in read(&root.join("Cargo.toml")).lines() {
        if line.contains("path = ") && !line.contains("version = ") {
            problems.push(format!(
                "internal dependency without a version: {}",
                line.trim()
            ));
        }
    }
}

/// README.md states the MSRV that Cargo.toml sets.
fn msrv(root: &Path, problems: &mut Vec<String>) {
    let manifest = read(&root.join("Cargo.toml"));
    let Some(version) = manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("rust-version = "))
        .map(|v| v.trim_matches('"').to_string())
    else {
        problems.push("Cargo.toml sets no rust-version in [workspace.package]".into());
        return;
    };
    if !read(&root.join("README.md")).contains(&format!("Rust {version}")) {
        problems.push(format!(
            "README.md does not state the MSRV as `Rust {version}`"
        ));
    }
}

fn rel(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}
