//! `cargo xtask release [--execute] [--bump major|minor|patch|VERSION] [CRATE…]`:
//! publish the workspace's crates in dependency order.
//!
//! Every crate takes its version from `[workspace.package]`, so a bump
//! applies to the whole workspace: the workspace version, every literal
//! `[package] version`, and the `version` requirement of every path
//! dependency (in `[workspace.dependencies]` and in the members). The
//! crates named on the command line (all publishable ones by default) are
//! the ones whose changelogs are dated, that are packaged and published,
//! and that get a tag.
//!
//! The default is a dry run, which changes nothing on disk outside
//! `target/`: it prints the publish order (a topological order of the path
//! dependencies), the version change, every line the bump and the
//! changelogs would change, whether each crate name is free on crates.io,
//! the tags; then runs `cargo semver-checks` (when installed),
//! `cargo package --no-verify` and `cargo publish --dry-run --no-verify`
//! on the crates in order. `--execute` needs a clean git tree; it writes
//! the bump and the dated changelogs, commits them, runs `cargo package`
//! (verifying) and `cargo publish` crate by crate in order, and tags each.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::json::Json;
use crate::workspace::{Member, members, publish_order, read};

/// Crate names known to belong to someone else on crates.io, with the
/// rename to propose. `uri-encode` is taken by another owner (issue 17);
/// offline, this list is all the name check knows.
const KNOWN_TAKEN: &[(&str, &str)] = &[("uri-encode", "urikit-encode")];

/// What the command line asks for.
#[derive(Debug, Default)]
struct Options {
    execute: bool,
    bump: Option<Bump>,
    crates: Vec<String>,
}

/// How the version changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Bump {
    Major,
    Minor,
    Patch,
    To(Version),
}

/// A `MAJOR.MINOR.PATCH` version (a pre-release or build suffix is not
/// supported: nothing here has used one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Version {
    major: u64,
    minor: u64,
    patch: u64,
}

impl Version {
    pub(crate) fn parse(text: &str) -> Result<Version, String> {
        let parts: Vec<&str> = text.split('.').collect();
        let number = |s: &str| {
            s.parse::<u64>()
                .map_err(|_| format!("not a version: {text:?}"))
        };
        match parts[..] {
            [a, b, c] => Ok(Version {
                major: number(a)?,
                minor: number(b)?,
                patch: number(c)?,
            }),
            _ => Err(format!("not a MAJOR.MINOR.PATCH version: {text:?}")),
        }
    }

    pub(crate) fn bumped(self, bump: &Bump) -> Version {
        let Version {
            major,
            minor,
            patch,
        } = self;
        match bump {
            Bump::Major => Version {
                major: major + 1,
                minor: 0,
                patch: 0,
            },
            Bump::Minor => Version {
                major,
                minor: minor + 1,
                patch: 0,
            },
            Bump::Patch => Version {
                major,
                minor,
                patch: patch + 1,
            },
            Bump::To(v) => *v,
        }
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)
    }
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut options = Options::default();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--execute" => options.execute = true,
            "--bump" => {
                let value = args
                    .next()
                    .ok_or("--bump needs major, minor, patch or a version")?;
                options.bump = Some(match value.as_str() {
                    "major" => Bump::Major,
                    "minor" => Bump::Minor,
                    "patch" => Bump::Patch,
                    v => Bump::To(Version::parse(v)?),
                });
            }
            s if s.starts_with('-') => return Err(format!("release: unknown option {s}")),
            name => options.crates.push(name.to_string()),
        }
    }
    Ok(options)
}

/// The workspace version, from `[workspace.package]`.
pub(crate) fn workspace_version(root: &Path) -> Result<Version, String> {
    let text = read(&root.join("Cargo.toml"))?;
    let mut section = "";
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            section = t;
        } else if section == "[workspace.package]" {
            if let Some(v) = quoted_value(t, "version") {
                return Version::parse(v);
            }
        }
    }
    Err("no version in [workspace.package]".into())
}

/// The value of `key = "value"` on `line`, if that is what it holds.
fn quoted_value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let rest = line
        .strip_prefix(key)?
        .trim_start()
        .strip_prefix('=')?
        .trim();
    rest.strip_prefix('"')?.strip_suffix('"')
}

/// One file the release would write: its path and new text, and the lines
/// that change (before, after).
#[derive(Debug)]
pub(crate) struct Edit {
    pub(crate) path: PathBuf,
    pub(crate) text: String,
    pub(crate) changes: Vec<(String, String)>,
}

/// Rewrites `version = "…"` inside `line` to `new`.
fn with_version(line: &str, new: &Version) -> Option<String> {
    let start = line.find("version")?;
    let after = &line[start + "version".len()..];
    let eq = after.find('=')?;
    if !after[..eq].trim().is_empty() {
        return None;
    }
    let open = start + "version".len() + eq + after[eq..].find('"')?;
    let close = open + 1 + line[open + 1..].find('"')?;
    Some(format!("{}{new}{}", &line[..=open], &line[close..]))
}

/// The manifest edits of a bump to `new`: the workspace version, literal
/// package versions, and the version requirement of every path dependency.
pub(crate) fn bump_edits(
    root: &Path,
    members: &[Member],
    new: &Version,
) -> Result<Vec<Edit>, String> {
    let mut paths = vec![root.join("Cargo.toml")];
    paths.extend(members.iter().map(|m| m.dir.join("Cargo.toml")));
    let mut edits = Vec::new();
    for path in paths {
        let text = read(&path)?;
        let mut section = String::new();
        let mut out = String::new();
        let mut changes = Vec::new();
        for line in text.split_inclusive('\n') {
            let t = line.trim();
            if t.starts_with('[') {
                section = t.to_string();
            }
            let is_package_version = (section == "[workspace.package]" || section == "[package]")
                && quoted_value(t, "version").is_some();
            let is_path_dependency =
                section.ends_with("dependencies]") && t.contains("path =") && t.contains("version");
            let new_line = if is_package_version || is_path_dependency {
                with_version(line, new)
            } else {
                None
            };
            match new_line {
                Some(n) if n != line => {
                    changes.push((line.trim_end().to_string(), n.trim_end().to_string()));
                    out.push_str(&n);
                }
                _ => out.push_str(line),
            }
        }
        if !changes.is_empty() {
            edits.push(Edit {
                path,
                text: out,
                changes,
            });
        }
    }
    Ok(edits)
}

/// The changelog edit of one crate: `## [Unreleased]` becomes
/// `## [VERSION] — DATE`, under a new empty `## [Unreleased]`.
pub(crate) fn changelog_edit(dir: &Path, new: &Version, date: &str) -> Result<Edit, String> {
    let path = dir.join("CHANGELOG.md");
    let text = read(&path)?;
    let heading = "## [Unreleased]";
    if !text.lines().any(|l| l.trim_end() == heading) {
        return Err(format!("{}: no `{heading}` heading", path.display()));
    }
    let dated = format!("## [{new}] — {date}");
    let mut out = String::new();
    let mut done = false;
    for line in text.split_inclusive('\n') {
        if !done && line.trim_end() == heading {
            out.push_str(&format!("{heading}\n\n{dated}\n"));
            done = true;
        } else {
            out.push_str(line);
        }
    }
    Ok(Edit {
        path,
        text: out,
        changes: vec![(heading.into(), format!("{heading}, then {dated}"))],
    })
}

/// Today's date in UTC, `YYYY-MM-DD`, from the system clock (days since
/// 1970 to a civil date, after Howard Hinnant's `civil_from_days`).
pub(crate) fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil_date((secs / 86_400) as i64)
}

fn civil_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Writes every edit to disk.
pub(crate) fn apply(edits: &[Edit]) -> Result<(), String> {
    for e in edits {
        std::fs::write(&e.path, &e.text).map_err(|err| format!("{}: {err}", e.path.display()))?;
    }
    Ok(())
}

/// What the release would do, computed without touching the disk.
pub(crate) struct Plan {
    pub(crate) order: Vec<String>,
    pub(crate) old: Version,
    pub(crate) new: Version,
    pub(crate) edits: Vec<Edit>,
}

fn plan(root: &Path, options: &Options, date: &str) -> Result<Plan, String> {
    let members = members(root)?;
    let all = publish_order(&members)?;
    for name in &options.crates {
        if !all.contains(name) {
            return Err(format!(
                "{name} is not a publishable crate of the workspace ({})",
                all.join(", ")
            ));
        }
    }
    let order: Vec<String> = all
        .into_iter()
        .filter(|n| options.crates.is_empty() || options.crates.contains(n))
        .collect();
    let old = workspace_version(root)?;
    let new = options.bump.as_ref().map_or(old, |b| old.bumped(b));
    let mut edits = if new == old {
        Vec::new()
    } else {
        bump_edits(root, &members, &new)?
    };
    for name in &order {
        let member = members
            .iter()
            .find(|m| &m.name == name)
            .ok_or("member vanished")?;
        edits.push(changelog_edit(&member.dir, &new, date)?);
    }
    Ok(Plan {
        order,
        old,
        new,
        edits,
    })
}

/// Runs the release; a dry run unless `--execute`.
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let options = parse_args(args)?;
    let root = crate::root();
    let plan = plan(&root, &options, &today())?;
    print_plan(&root, &plan, options.execute);
    println!("\ncrate names on crates.io:");
    for name in &plan.order {
        println!("  {name}: {}", name_status(name, &repository(&root)));
    }
    let tags: Vec<String> = plan
        .order
        .iter()
        .map(|n| format!("{n}-v{}", plan.new))
        .collect();
    println!("\ntags: {}", tags.join(" "));
    semver_checks(&root, &plan.order);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    if !options.execute {
        let mut package = vec!["package", "--no-verify", "--allow-dirty"];
        let mut publish = vec!["publish", "--dry-run", "--no-verify", "--allow-dirty"];
        for name in &plan.order {
            package.extend(["-p", name.as_str()]);
            publish.extend(["-p", name.as_str()]);
        }
        cargo_step(&root, &cargo, &package)?;
        cargo_step(&root, &cargo, &publish)?;
        println!(
            "\ndry run: nothing was written; cargo packaged the crates as they are (version {}) under target/package/; \
             run with --execute to release",
            plan.old
        );
        return Ok(());
    }
    let status = git(&root, &["status", "--porcelain"])?;
    if !status.trim().is_empty() {
        return Err("--execute needs a clean git tree".into());
    }
    apply(&plan.edits)?;
    git(
        &root,
        &[
            "commit",
            "--all",
            "--message",
            &format!("Release {}", plan.new),
        ],
    )?;
    for (name, tag) in plan.order.iter().zip(&tags) {
        cargo_step(&root, &cargo, &["package", "-p", name])?;
        cargo_step(&root, &cargo, &["publish", "-p", name])?;
        git(&root, &["tag", tag])?;
    }
    println!("\nreleased; push the commit and the tags: git push --follow-tags");
    Ok(())
}

fn print_plan(root: &Path, plan: &Plan, execute: bool) {
    let mode = if execute { "release" } else { "dry run" };
    println!("{mode}: version {} -> {}", plan.old, plan.new);
    println!("\npublish order:");
    for (i, name) in plan.order.iter().enumerate() {
        println!("  {}. {name} {}", i + 1, plan.new);
    }
    println!(
        "\nfiles the release {} change:",
        if execute { "will" } else { "would" }
    );
    for e in &plan.edits {
        println!(
            "  {}",
            e.path.strip_prefix(root).unwrap_or(&e.path).display()
        );
        for (before, after) in &e.changes {
            println!("    - {before}\n    + {after}");
        }
    }
}

/// The workspace's `repository`, to recognise our own crates on crates.io.
fn repository(root: &Path) -> String {
    read(&root.join("Cargo.toml"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| quoted_value(l.trim(), "repository").map(str::to_string))
        .unwrap_or_default()
}

/// Whether `name` is free on crates.io, ours (its repository is the
/// workspace's), or someone else's; "unknown (offline)" without an answer.
fn name_status(name: &str, ours: &str) -> String {
    let known = KNOWN_TAKEN.iter().find(|(n, _)| *n == name);
    let asked = Command::new("curl")
        .args([
            "--silent",
            "--max-time",
            "10",
            "--user-agent",
            "urikit-xtask-release (https://github.com/urikit/urikit)",
        ])
        .args(["--write-out", "\n%{http_code}"])
        .arg(format!("https://crates.io/api/v1/crates/{name}"))
        .output();
    let answer = match asked {
        Ok(out) => {
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            let (body, code) = text.rsplit_once('\n').unwrap_or(("", &text));
            match code.trim() {
                "404" => "free".to_string(),
                "200" => {
                    let repo = Json::parse(body).ok().and_then(|j| {
                        j.get("crate")
                            .and_then(|c| c.get("repository"))
                            .and_then(Json::as_str)
                            .map(str::to_string)
                    });
                    match repo {
                        Some(r) if r == ours => "published by this project".to_string(),
                        _ => "taken by another owner".to_string(),
                    }
                }
                _ => "unknown (offline)".to_string(),
            }
        }
        Err(_) => "unknown (curl is not installed)".to_string(),
    };
    match known {
        Some((_, rename)) => format!(
            "{answer}; known to be taken by another owner (issue 17): propose renaming it to `{rename}`"
        ),
        None => answer,
    }
}

/// `cargo semver-checks` on each crate, when it is installed.
fn semver_checks(root: &Path, order: &[String]) {
    let installed = Command::new("cargo")
        .args(["semver-checks", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !installed {
        println!("\nsemver checks: skipped (cargo-semver-checks is not installed)");
        return;
    }
    println!("\nsemver checks:");
    for name in order {
        let ok = Command::new("cargo")
            .args(["semver-checks", "check-release", "-p", name])
            .current_dir(root)
            .status()
            .is_ok_and(|s| s.success());
        println!(
            "  {name}: {}",
            if ok {
                "ok"
            } else {
                "FAILED or no baseline on crates.io"
            }
        );
    }
}

fn cargo_step(root: &Path, cargo: &str, args: &[&str]) -> Result<(), String> {
    eprintln!("\n==> cargo {}", args.join(" "));
    let status = Command::new(cargo)
        .args(args)
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run {cargo}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("cargo {} failed ({status})", args.join(" ")))
    }
}

fn git(root: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(root)
        .output()
        .map_err(|e| format!("git: {e}"))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(format!(
            "git {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A copy of the workspace's manifests and changelogs in a fresh
    /// temporary directory.
    fn copy_of_workspace(tag: &str) -> PathBuf {
        let root = crate::root();
        let copy =
            std::env::temp_dir().join(format!("urikit-release-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&copy);
        std::fs::create_dir_all(&copy).unwrap();
        std::fs::copy(root.join("Cargo.toml"), copy.join("Cargo.toml")).unwrap();
        for m in members(&root).unwrap() {
            let rel = m.dir.strip_prefix(&root).unwrap();
            std::fs::create_dir_all(copy.join(rel)).unwrap();
            for file in ["Cargo.toml", "CHANGELOG.md"] {
                if m.dir.join(file).is_file() {
                    std::fs::copy(m.dir.join(file), copy.join(rel).join(file)).unwrap();
                }
            }
        }
        copy
    }

    #[test]
    fn publish_order_follows_the_path_dependencies() {
        let members = members(&crate::root()).unwrap();
        let order = publish_order(&members).unwrap();
        assert_eq!(
            order,
            [
                "uri-encode",
                "uri-core",
                "uri-resolve",
                "uri-iri",
                "uri-schemes",
                "uri-lint",
                "uri-template",
                "urikit",
                "urikit-cli",
                "urikit-datafusion",
            ]
        );
        let at = |n: &str| order.iter().position(|o| o == n).unwrap();
        for m in members.iter().filter(|m| m.publish) {
            for d in &m.deps {
                assert!(at(d) < at(&m.name), "{d} before {}", m.name);
            }
        }
        assert!(
            !order
                .iter()
                .any(|n| n == "xtask" || n == "urikit-bench" || n == "urikit-tests")
        );
    }

    #[test]
    fn a_cycle_is_refused() {
        let member = |name: &str, dep: &str| Member {
            name: name.into(),
            dir: PathBuf::new(),
            publish: true,
            deps: [dep.to_string()].into(),
        };
        let err = publish_order(&[member("a", "b"), member("b", "a")]).unwrap_err();
        assert!(err.contains("cycle"), "{err}");
    }

    #[test]
    fn execute_on_a_copy_bumps_every_version_and_dates_the_changelogs() {
        let copy = copy_of_workspace("bump");
        let old = workspace_version(&copy).unwrap();
        let options = Options {
            execute: true,
            bump: Some(Bump::Minor),
            crates: vec![],
        };
        let plan = plan(&copy, &options, "2026-11-25").unwrap();
        assert_eq!(
            plan.new,
            Version {
                major: old.major,
                minor: old.minor + 1,
                patch: 0
            }
        );
        apply(&plan.edits).unwrap();

        let new = plan.new.to_string();
        assert_eq!(workspace_version(&copy).unwrap(), plan.new);
        let root_manifest = read(&copy.join("Cargo.toml")).unwrap();
        for line in root_manifest
            .lines()
            .filter(|l| l.contains("path = \"crates/"))
        {
            assert!(line.contains(&format!("version = \"{new}\"")), "{line}");
        }
        // Nothing else changed: no external dependency's requirement.
        assert!(root_manifest.contains("serde = { version = \"1\""));
        for m in members(&copy).unwrap() {
            let text = read(&m.dir.join("Cargo.toml")).unwrap();
            for line in text
                .lines()
                .filter(|l| l.contains("path =") && l.contains("version"))
            {
                assert!(line.contains(&format!("\"{new}\"")), "{}: {line}", m.name);
            }
            if m.publish {
                let log = read(&m.dir.join("CHANGELOG.md")).unwrap();
                let dated = format!("## [Unreleased]\n\n## [{new}] — 2026-11-25\n");
                assert!(log.contains(&dated), "{}", m.name);
                assert_eq!(log.matches("## [Unreleased]").count(), 1, "{}", m.name);
            }
        }
        std::fs::remove_dir_all(&copy).unwrap();
    }

    #[test]
    fn named_crates_only() {
        let copy = copy_of_workspace("named");
        let options = Options {
            execute: true,
            bump: Some(Bump::To(Version::parse("1.0.0").unwrap())),
            crates: vec!["uri-resolve".into(), "uri-core".into()],
        };
        let plan = plan(&copy, &options, "2026-11-25").unwrap();
        assert_eq!(plan.order, ["uri-core", "uri-resolve"]);
        apply(&plan.edits).unwrap();
        let log = |c: &str| read(&copy.join("crates").join(c).join("CHANGELOG.md")).unwrap();
        assert!(log("uri-core").contains("## [1.0.0] — 2026-11-25"));
        assert!(!log("uri-encode").contains("## [1.0.0]"));
        assert!(plan_err(&copy, "nonexistent").contains("not a publishable crate"));
        assert!(plan_err(&copy, "xtask").contains("not a publishable crate"));
        std::fs::remove_dir_all(&copy).unwrap();
    }

    fn plan_err(root: &Path, name: &str) -> String {
        let options = Options {
            crates: vec![name.into()],
            ..Options::default()
        };
        plan(root, &options, "2026-11-25").err().unwrap()
    }

    #[test]
    fn the_dry_run_plan_changes_nothing_on_disk() {
        let root = crate::root();
        let before = git(&root, &["status", "--porcelain"]).unwrap();
        let manifests: Vec<String> = members(&root)
            .unwrap()
            .iter()
            .map(|m| read(&m.dir.join("Cargo.toml")).unwrap())
            .collect();
        let options = parse_args(&["--bump".into(), "major".into()]).unwrap();
        assert!(!options.execute);
        let plan = plan(&root, &options, &today()).unwrap();
        assert!(!plan.edits.is_empty());
        print_plan(&root, &plan, false);
        assert_eq!(git(&root, &["status", "--porcelain"]).unwrap(), before);
        let after: Vec<String> = members(&root)
            .unwrap()
            .iter()
            .map(|m| read(&m.dir.join("Cargo.toml")).unwrap())
            .collect();
        assert_eq!(after, manifests);
    }

    #[test]
    fn versions_and_bumps() {
        let v = Version::parse("0.1.9").unwrap();
        assert_eq!(v.bumped(&Bump::Patch).to_string(), "0.1.10");
        assert_eq!(v.bumped(&Bump::Minor).to_string(), "0.2.0");
        assert_eq!(v.bumped(&Bump::Major).to_string(), "1.0.0");
        assert!(Version::parse("1.0").is_err());
        assert!(Version::parse("1.0.x").is_err());
        assert!(parse_args(&["--bump".into()]).is_err());
        assert!(parse_args(&["--frobnicate".into()]).is_err());
    }

    #[test]
    fn version_in_a_line() {
        let v = Version::parse("0.2.0").unwrap();
        assert_eq!(
            with_version(r#"uri-core = { path = "crates/uri-core", version = "0.1.0", default-features = false }"#, &v).unwrap(),
            r#"uri-core = { path = "crates/uri-core", version = "0.2.0", default-features = false }"#
        );
        assert_eq!(
            with_version("version = \"0.1.0\"\n", &v).unwrap(),
            "version = \"0.2.0\"\n"
        );
        assert_eq!(with_version("version.workspace = true", &v), None);
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(20_417), "2025-11-25");
        assert_eq!(civil_date(11_016), "2000-02-29");
    }
}
