//! The workspace as its manifests describe it: the root, the members, the
//! order they are published in, and a manifest's package name. The one
//! home of these for every task (`ci`, `release`, `tidy`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace root: the parent of this crate's directory.
pub(crate) fn root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.parent().unwrap_or(manifest_dir).to_path_buf()
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

/// A member of the workspace, as its manifest says.
#[derive(Debug)]
pub(crate) struct Member {
    pub(crate) name: String,
    pub(crate) dir: PathBuf,
    pub(crate) publish: bool,
    /// The other members it depends on (normal, build and dev).
    pub(crate) deps: BTreeSet<String>,
}

/// The workspace members under `root`, from `[workspace] members` (a
/// `dir/*` entry is every directory under `dir` with a Cargo.toml).
pub(crate) fn members(root: &Path) -> Result<Vec<Member>, String> {
    let manifest = read(&root.join("Cargo.toml"))?;
    let mut dirs = Vec::new();
    for entry in array_after(&manifest, "members") {
        if let Some(parent) = entry.strip_suffix("/*") {
            let mut found: Vec<PathBuf> = std::fs::read_dir(root.join(parent))
                .map_err(|e| format!("{parent}: {e}"))?
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.join("Cargo.toml").is_file())
                .collect();
            found.sort();
            dirs.extend(found);
        } else {
            dirs.push(root.join(entry));
        }
    }
    let mut members = Vec::new();
    for dir in dirs {
        let text = read(&dir.join("Cargo.toml"))?;
        let name =
            package_name(&text).ok_or_else(|| format!("{}: no package name", dir.display()))?;
        let publish = !text.lines().any(|l| l.trim() == "publish = false");
        members.push(Member {
            name,
            dir,
            publish,
            deps: BTreeSet::new(),
        });
    }
    let names: BTreeSet<String> = members.iter().map(|m| m.name.clone()).collect();
    for member in &mut members {
        let text = read(&member.dir.join("Cargo.toml"))?;
        member.deps = dependency_keys(&text)
            .into_iter()
            .filter(|k| names.contains(k) && *k != member.name)
            .collect();
    }
    Ok(members)
}

/// The quoted strings of the array `key = [...]` (on one line).
fn array_after(manifest: &str, key: &str) -> Vec<String> {
    for line in manifest.lines() {
        if let Some(rest) = line.trim().strip_prefix(key) {
            if let Some(list) = rest.trim_start().strip_prefix('=') {
                return list
                    .split('"')
                    .skip(1)
                    .step_by(2)
                    .map(str::to_string)
                    .collect();
            }
        }
    }
    Vec::new()
}

/// The keys of every dependency table of a manifest (`[dependencies]`,
/// `[dev-dependencies]`, `[build-dependencies]`, and their `[target.…]`
/// forms): `name = …` and `name.workspace = true` both give `name`.
fn dependency_keys(manifest: &str) -> Vec<String> {
    let mut keys = Vec::new();
    let mut in_deps = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line.ends_with("dependencies]");
        } else if in_deps && !line.starts_with('#') {
            if let Some(key) = line
                .split(['=', '.'])
                .next()
                .map(str::trim)
                .filter(|k| !k.is_empty())
            {
                keys.push(key.trim_matches('"').to_string());
            }
        }
    }
    keys
}

/// The publishable members in an order where each comes after every
/// member it depends on; ties in alphabetical order.
pub(crate) fn publish_order(members: &[Member]) -> Result<Vec<String>, String> {
    let publishable: BTreeMap<&str, &Member> = members
        .iter()
        .filter(|m| m.publish)
        .map(|m| (m.name.as_str(), m))
        .collect();
    let mut waiting: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (name, m) in &publishable {
        let mut deps = BTreeSet::new();
        for d in &m.deps {
            match publishable.get(d.as_str()) {
                Some(_) => {
                    deps.insert(d.as_str());
                }
                None => {
                    // A dev-dependency on an unpublished member is left out
                    // of the package by cargo; a normal one cannot be.
                    let text = read(&m.dir.join("Cargo.toml"))?;
                    if normal_dependency_keys(&text).contains(d) {
                        return Err(format!("{name} depends on {d}, which is not published"));
                    }
                }
            }
        }
        waiting.insert(name, deps);
    }
    let mut order = Vec::new();
    while !waiting.is_empty() {
        let ready = waiting
            .iter()
            .find(|(_, deps)| deps.is_empty())
            .map(|(n, _)| *n);
        let Some(next) = ready else {
            let stuck: Vec<&str> = waiting.keys().copied().collect();
            return Err(format!("a dependency cycle among {}", stuck.join(", ")));
        };
        waiting.remove(next);
        for deps in waiting.values_mut() {
            deps.remove(next);
        }
        order.push(next.to_string());
    }
    Ok(order)
}

/// The keys of `[dependencies]` and `[build-dependencies]` only.
fn normal_dependency_keys(manifest: &str) -> Vec<String> {
    let kept: String = {
        let mut out = String::new();
        let mut keep = true;
        for line in manifest.lines() {
            if line.trim().starts_with('[') {
                keep = !line.contains("dev-dependencies");
            }
            if keep {
                out.push_str(line);
                out.push('\n');
            }
        }
        out
    };
    dependency_keys(&kept)
}

/// The text of the file at `path`; the error names the file.
pub(crate) fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
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
}
