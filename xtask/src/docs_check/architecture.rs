//! `docs/ARCHITECTURE.md`'s crate table (`| crate | owns | depends on |`)
//! against the workspace's real dependencies.
//!
//! How a row's "depends on" cell is read:
//!
//! - each backticked name is a normal dependency (`[dependencies]`, optional
//!   ones included), or a dev-dependency when `(dev)` follows it;
//! - "all of the above" stands for the crates of the rows above that exist
//!   in the workspace (rows of planned crates drop out);
//! - anything else is prose, so a cell without names ("std only") says the
//!   crate has no normal dependencies.
//!
//! The plain names must be exactly the crate's normal dependencies. The
//! table need not list dev-dependencies, but a row that names one names
//! them all, so that no list is partial. Build dependencies are ignored.
//!
//! A row names a crate by package name or by folder (`tests`); a row for a
//! crate that is not in the workspace must say it is planned (the word
//! "planned"), and every published crate needs a row.

use std::collections::BTreeSet;
use std::path::Path;

use super::metadata::Workspace;

/// Where the table is, relative to the workspace root.
const FILE: &str = "docs/ARCHITECTURE.md";

/// Checks the table, pushing one problem per wrong row.
pub(crate) fn check(root: &Path, ws: &Workspace, problems: &mut Vec<String>) {
    let text = match std::fs::read_to_string(root.join(FILE)) {
        Ok(text) => text,
        Err(e) => {
            problems.push(format!("{FILE}: {e}"));
            return;
        }
    };
    let rows = match table(&text) {
        Ok(rows) => rows,
        Err(e) => {
            problems.push(format!("{FILE}: {e}"));
            return;
        }
    };
    // The crates of the rows above, as "all of the above" counts them.
    let mut above: Vec<String> = Vec::new();
    let mut seen = BTreeSet::new();
    for row in &rows {
        let at = format!("{FILE}:{}", row.line);
        let Some(package) = ws.find(&row.krate) else {
            if !row.planned {
                problems.push(format!(
                    "{at}: `{}` is not a crate of the workspace; say \"planned\" in its row, or remove the row",
                    row.krate
                ));
            }
            continue;
        };
        if !seen.insert(package.name.clone()) {
            problems.push(format!("{at}: a second row for `{}`", row.krate));
        }
        let wanted = depends_on(&row.depends, &above);
        let listed = |names: &BTreeSet<String>| -> String {
            if names.is_empty() {
                "none".to_string()
            } else {
                names
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        let missing: BTreeSet<String> =
            package.normal.difference(&wanted.normal).cloned().collect();
        let extra: BTreeSet<String> = wanted.normal.difference(&package.normal).cloned().collect();
        if !missing.is_empty() || !extra.is_empty() {
            let mut why = Vec::new();
            if !missing.is_empty() {
                why.push(format!("the table leaves out {}", listed(&missing)));
            }
            for name in &extra {
                why.push(if package.dev.contains(name) {
                    format!("`{name}` is a dev-dependency (write `{name}` (dev), or drop it)")
                } else {
                    format!("`{name}` is not a dependency")
                });
            }
            problems.push(format!(
                "{at}: `{}` depends on {}: {}",
                row.krate,
                listed(&package.normal),
                why.join("; ")
            ));
        }
        let unlisted: BTreeSet<String> = package.dev.difference(&wanted.dev).cloned().collect();
        if !wanted.dev.is_empty() && !unlisted.is_empty() {
            problems.push(format!(
                "{at}: `{}`: the row names dev-dependencies, but not {}",
                row.krate,
                listed(&unlisted)
            ));
        }
        for name in wanted.dev.difference(&package.dev) {
            let is = if package.normal.contains(name) {
                "a normal dependency, not a dev-dependency"
            } else {
                "not a dev-dependency"
            };
            problems.push(format!(
                "{at}: `{}`: the table says `{name}` (dev), but it is {is}",
                row.krate
            ));
        }
        above.push(package.name.clone());
    }
    for package in &ws.packages {
        if package.publish && !seen.contains(&package.name) {
            problems.push(format!(
                "{FILE}: the crate table has no row for `{}`",
                package.name
            ));
        }
    }
}

/// One row of the table.
#[derive(Debug, PartialEq)]
struct Row {
    /// 1-based line number.
    line: usize,
    /// The crate, without backticks.
    krate: String,
    /// The "depends on" cell.
    depends: String,
    /// The row says the crate is planned.
    planned: bool,
}

/// The rows of the table whose header is `crate | owns | depends on`.
fn table(text: &str) -> Result<Vec<Row>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let header = lines
        .iter()
        .position(|l| cells(l).is_some_and(|c| c == ["crate", "owns", "depends on"]))
        .ok_or("no table with the columns `crate | owns | depends on`")?;
    let mut rows = Vec::new();
    // Skip the header and the `|---|` line under it.
    for (i, line) in lines.iter().enumerate().skip(header + 2) {
        let Some(cells) = cells(line) else { break };
        let [krate, _owns, depends] = cells.as_slice() else {
            return Err(format!("line {}: a row without three cells", i + 1));
        };
        rows.push(Row {
            line: i + 1,
            krate: krate.trim_matches('`').to_string(),
            depends: depends.clone(),
            planned: line
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w.eq_ignore_ascii_case("planned")),
        });
    }
    Ok(rows)
}

/// The trimmed cells of a table line, `None` if it is not one.
fn cells(line: &str) -> Option<Vec<String>> {
    let inner = line.trim().strip_prefix('|')?.strip_suffix('|')?;
    Some(inner.split('|').map(|c| c.trim().to_string()).collect())
}

/// What a "depends on" cell says.
#[derive(Debug, Default, PartialEq)]
struct Wanted {
    /// Names of normal dependencies.
    normal: BTreeSet<String>,
    /// Names marked `(dev)`.
    dev: BTreeSet<String>,
}

/// Reads a "depends on" cell; `above` are the crates of the rows above.
fn depends_on(cell: &str, above: &[String]) -> Wanted {
    let mut wanted = Wanted::default();
    if cell.to_ascii_lowercase().contains("all of the above") {
        wanted.normal.extend(above.iter().cloned());
    }
    let mut rest = cell;
    while let Some(start) = rest.find('`') {
        let Some(len) = rest[start + 1..].find('`') else {
            break;
        };
        let name = rest[start + 1..start + 1 + len].to_string();
        rest = &rest[start + len + 2..];
        if rest.trim_start().starts_with("(dev)") {
            wanted.dev.insert(name);
        } else {
            wanted.normal.insert(name);
        }
    }
    wanted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn reads_depends_on_cells() {
        let above = ["a".to_string(), "b".to_string()];
        let w = depends_on("`uri-core`, `thiserror`", &above);
        assert_eq!(w.normal, set(&["uri-core", "thiserror"]));
        assert!(w.dev.is_empty());
        let w = depends_on("all of the above, behind features", &above);
        assert_eq!(w.normal, set(&["a", "b"]));
        assert_eq!(depends_on("std only", &above), Wanted::default());
        let w = depends_on("`urikit` (dev), `serde`", &above);
        assert_eq!((w.normal, w.dev), (set(&["serde"]), set(&["urikit"])));
    }

    #[test]
    fn finds_the_table() {
        let text = "# A\n\n| crate | what |\n|---|---|\n| `x` | y |\n\n\
            | crate | owns | depends on |\n|---|---|---|\n\
            | `uri-core` | parsing | `thiserror` |\n\
            | `uri-iri` | IRIs (planned) | `uri-core` |\n\
            | `tests` | tests | `urikit` (dev) |\n\nAfter.\n| `z` | z | z |\n";
        let rows = table(text).unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0].krate, "uri-core");
        assert_eq!(rows[0].line, 9);
        assert!(!rows[0].planned);
        assert!(rows[1].planned);
        assert_eq!(rows[2].depends, "`urikit` (dev)");
        assert!(table("| crate | owns |\n|---|---|\n").is_err());
        assert!(table("| crate | owns | depends on |\n|---|---|---|\n| a | b |\n").is_err());
    }
}
