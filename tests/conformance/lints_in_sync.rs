//! `tests/Cargo.toml` and `crates/uri-encode/Cargo.toml` copy the
//! workspace lints instead of inheriting them, with `unsafe_code = "deny"`
//! where the workspace has `"forbid"` (each manifest says why, above its
//! `[lints]`). uri-encode, which holds all of the workspace's unsafe code,
//! adds one key, `unexpected_cfgs`, which declares the cfgs that choose
//! its scanner's portable versions. uri-core inherits the workspace lints
//! (`unsafe_code = "forbid"`). This test keeps the copies in sync.

use std::collections::BTreeMap;

/// The lint tables of a manifest: `tool.lint` to its value, as written.
/// Reads `[<prefix>.<tool>]` sections and `tool.lint = …` keys under `[<prefix>]`.
fn lints(manifest: &str, prefix: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut section: Option<String> = None;
    for line in manifest.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = if name == prefix {
                Some(String::new())
            } else {
                name.strip_prefix(prefix)
                    .and_then(|rest| rest.strip_prefix('.'))
                    .map(|tool| format!("{tool}."))
            };
            continue;
        }
        if let (Some(tool), Some((key, value))) = (&section, line.split_once('=')) {
            out.insert(format!("{tool}{}", key.trim()), value.trim().to_owned());
        }
    }
    out
}

#[test]
fn the_crate_lints_are_the_workspace_lints_but_unsafe_code_deny() {
    check("/Cargo.toml", &[]);
    check(
        "/../crates/uri-encode/Cargo.toml",
        &[(
            "rust.unexpected_cfgs",
            "{ level = \"warn\", check-cfg = ['cfg(urikit_portable_scan)', 'cfg(urikit_table_scan)'] }",
        )],
    );
}

/// Checks the manifest at `path` (from this crate's directory), which has
/// the workspace lints and `added` (`tool.lint` and value, as written).
fn check(path: &str, added: &[(&str, &str)]) {
    let read = |path: &str| {
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
    };
    let workspace = read(concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.toml"));
    let ours = read(&format!("{}{path}", env!("CARGO_MANIFEST_DIR")));
    let mut expected = lints(&workspace, "workspace.lints");
    assert!(
        !expected.is_empty(),
        "no [workspace.lints] found in the workspace manifest"
    );
    assert_eq!(
        expected.get("rust.unsafe_code").map(String::as_str),
        Some("\"forbid\""),
        "the workspace no longer forbids unsafe_code: {path} can inherit the lints again"
    );
    expected.insert("rust.unsafe_code".to_owned(), "\"deny\"".to_owned());
    for &(lint, value) in added {
        expected.insert(lint.to_owned(), value.to_owned());
    }
    assert_eq!(
        lints(&ours, "lints"),
        expected,
        "{path}: [lints] drifted from [workspace.lints]"
    );
}
