//! The workspace as `cargo metadata` describes it: each member's normal and
//! dev-dependencies, whether it is published, and the target directory.
//!
//! Why `cargo metadata` rather than reading each `Cargo.toml`: cargo already
//! resolves everything a line-by-line reading of the manifests would have to
//! re-implement and keep up to date: `workspace = true` inheritance, renamed
//! dependencies (`package = "…"`), `[target.'cfg(…)'.dependencies]`, inline
//! tables against `[dependencies.name]` tables, comments and multi-line
//! values. Its JSON (`--format-version 1`) is a stable interface, and with
//! `--no-deps` it reads only the workspace's own manifests: no lock file
//! resolution, no network, well under a second.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::json::Json;

/// One workspace member.
#[derive(Debug)]
pub(crate) struct Package {
    /// The package name (`uri-core`, `urikit-tests`).
    pub(crate) name: String,
    /// Its folder relative to the workspace root, with `/` (`crates/uri-core`, `tests`).
    pub(crate) dir: String,
    /// `false` for `publish = false`.
    pub(crate) publish: bool,
    /// The package names of its normal dependencies, optional ones included
    /// (`[dependencies]` and `[target.….dependencies]`).
    pub(crate) normal: BTreeSet<String>,
    /// The package names of its dev-dependencies.
    pub(crate) dev: BTreeSet<String>,
}

/// The workspace members and where cargo builds them.
#[derive(Debug)]
pub(crate) struct Workspace {
    /// Every member, in `cargo metadata`'s order.
    pub(crate) packages: Vec<Package>,
    /// Cargo's target directory (`target/` unless configured otherwise).
    pub(crate) target_dir: PathBuf,
}

impl Workspace {
    /// Runs `$CARGO metadata --format-version 1 --no-deps` in `root`.
    pub(crate) fn load(root: &Path) -> Result<Self, String> {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let output = Command::new(&cargo)
            .args(["metadata", "--format-version", "1", "--no-deps"])
            .current_dir(root)
            .output()
            .map_err(|e| format!("cannot run {cargo} metadata: {e}"))?;
        if !output.status.success() {
            return Err(format!(
                "`cargo metadata` failed: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            ));
        }
        let text = String::from_utf8(output.stdout)
            .map_err(|_| "`cargo metadata` wrote bytes that are not UTF-8".to_string())?;
        let json = Json::parse(&text).map_err(|e| format!("`cargo metadata`: {e}"))?;
        Self::from_json(&json).map_err(|e| format!("`cargo metadata`: {e}"))
    }

    /// Reads the members out of `cargo metadata`'s JSON.
    fn from_json(json: &Json) -> Result<Self, String> {
        let field = |value: &Json, key: &str| -> Result<String, String> {
            value
                .get(key)
                .and_then(Json::as_str)
                .map(str::to_owned)
                .ok_or_else(|| format!("no string `{key}`"))
        };
        let workspace_root = PathBuf::from(field(json, "workspace_root")?);
        let target_dir = PathBuf::from(field(json, "target_directory")?);
        let mut packages = Vec::new();
        for package in json
            .get("packages")
            .and_then(Json::as_array)
            .ok_or("no `packages` array")?
        {
            let name = field(package, "name")?;
            let manifest = PathBuf::from(field(package, "manifest_path")?);
            let dir = manifest
                .parent()
                .and_then(|d| d.strip_prefix(&workspace_root).ok())
                .map(|d| d.to_string_lossy().replace('\\', "/"))
                .unwrap_or_default();
            // `null`: any registry; `[]`: `publish = false`.
            let publish = package
                .get("publish")
                .and_then(Json::as_array)
                .is_none_or(|registries| !registries.is_empty());
            let (mut normal, mut dev) = (BTreeSet::new(), BTreeSet::new());
            for dep in package
                .get("dependencies")
                .and_then(Json::as_array)
                .ok_or_else(|| format!("{name}: no `dependencies` array"))?
            {
                let dep_name = field(dep, "name")?;
                match dep.get("kind") {
                    Some(Json::Null) | None => normal.insert(dep_name),
                    Some(kind) if kind.as_str() == Some("dev") => dev.insert(dep_name),
                    // Build dependencies are not part of the picture.
                    Some(_) => false,
                };
            }
            packages.push(Package {
                name,
                dir,
                publish,
                normal,
                dev,
            });
        }
        Ok(Workspace {
            packages,
            target_dir,
        })
    }

    /// The member called `name`, or else the one in the folder `name`
    /// (`tests`, whose package is `urikit-tests`).
    pub(crate) fn find(&self, name: &str) -> Option<&Package> {
        self.packages
            .iter()
            .find(|p| p.name == name)
            .or_else(|| self.packages.iter().find(|p| p.dir == name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_members_and_dependency_kinds() {
        let text = r#"{"packages":[
            {"name":"a","manifest_path":"/w/crates/a/Cargo.toml","publish":null,
             "dependencies":[
                {"name":"x","kind":null,"optional":false,"rename":null},
                {"name":"y","kind":null,"optional":true,"rename":"why"},
                {"name":"z","kind":"dev"},
                {"name":"b","kind":"build"}]},
            {"name":"t-tests","manifest_path":"/w/tests/Cargo.toml","publish":[],
             "dependencies":[]}],
            "workspace_root":"/w","target_directory":"/w/target","version":1}"#;
        let ws = Workspace::from_json(&Json::parse(text).unwrap()).unwrap();
        let a = ws.find("a").unwrap();
        assert_eq!(a.dir, "crates/a");
        assert!(a.publish);
        assert_eq!(a.normal, BTreeSet::from(["x".into(), "y".into()]));
        assert_eq!(a.dev, BTreeSet::from(["z".into()]));
        let t = ws.find("tests").unwrap();
        assert_eq!(t.name, "t-tests");
        assert!(!t.publish);
        assert_eq!(ws.target_dir, PathBuf::from("/w/target"));
        assert!(ws.find("crates").is_none());
    }
}
