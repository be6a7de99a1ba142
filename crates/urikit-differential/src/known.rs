//! The known differences between urikit and its peers, and the tally that
//! checks a run's disagreements against them.
//!
//! `known-differences.txt` (beside `Cargo.toml`) lists one class of
//! difference a line: `peer | key | reason`. The key is `parse:`,
//! `resolve:`, `iri:` (IRI parsing) or `url:` (against WHATWG URL) and a
//! stable name of the rule
//! (`parse:accepts-zone-id-bare`),
//! the reason the RFC text that decides it. A test classifies every
//! disagreement it sees with a small classifier function; [`Tally::check`]
//! then fails on a disagreement no rule explains, on a class that is not in
//! the file (a new difference), and on a listed class of the test's scope
//! that the run never saw (the list must stay current).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// One line of `known-differences.txt`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Known {
    /// The peer: `fluent-uri`, `iri-string`, `oxiri` or `url`.
    pub peer: String,
    /// The class's stable key, `parse:…`, `resolve:…`, `iri:…` or `url:…`.
    pub key: String,
    /// Why the two differ, with the RFC text that decides it.
    pub reason: String,
}

/// The path of `known-differences.txt`.
///
/// # Examples
///
/// ```
/// assert!(urikit_differential::known::path().is_file());
/// ```
pub fn path() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("known-differences.txt")
}

/// Parses the text of a known-differences file: one `peer | key | reason` a
/// line; blank lines and lines starting with `#` are skipped.
///
/// # Errors
///
/// A message naming the first line that is not of that form, or a
/// `(peer, key)` listed twice.
///
/// # Examples
///
/// ```
/// use urikit_differential::known;
///
/// let list = known::parse("# comment\noxiri | parse:x | because\n")?;
/// assert_eq!(list[0].key, "parse:x");
/// assert!(known::parse("oxiri | x").is_err());
/// # Ok::<(), String>(())
/// ```
pub fn parse(text: &str) -> Result<Vec<Known>, String> {
    let mut out: Vec<Known> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.splitn(3, '|').map(str::trim);
        let (Some(peer), Some(key), Some(reason)) = (fields.next(), fields.next(), fields.next())
        else {
            return Err(format!("line {}: not `peer | key | reason`", n + 1));
        };
        if peer.is_empty()
            || reason.is_empty()
            || !["parse:", "resolve:", "iri:", "url:"]
                .iter()
                .any(|scope| key.starts_with(scope))
        {
            return Err(format!(
                "line {}: a peer, a `parse:`, `resolve:`, `iri:` or `url:` key and a reason are needed",
                n + 1
            ));
        }
        if out.iter().any(|k| k.peer == peer && k.key == key) {
            return Err(format!("line {}: {peer} | {key} is listed twice", n + 1));
        }
        out.push(Known {
            peer: peer.to_owned(),
            key: key.to_owned(),
            reason: reason.to_owned(),
        });
    }
    Ok(out)
}

/// Reads and parses `known-differences.txt`.
///
/// # Panics
///
/// When the file cannot be read or is malformed.
///
/// # Examples
///
/// ```
/// assert!(!urikit_differential::known::load().is_empty());
/// ```
pub fn load() -> Vec<Known> {
    let path = path();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// How many inputs a test compared with each of `peers` (`counts`, in the
/// same order), as the reports write it: `name: count, …`.
///
/// # Examples
///
/// ```
/// let line = urikit_differential::known::per_peer(["oxiri", "iri-string"], &[3, 4]);
/// assert_eq!(line, "oxiri: 3, iri-string: 4");
/// ```
pub fn per_peer<'a>(peers: impl IntoIterator<Item = &'a str>, counts: &[usize]) -> String {
    peers
        .into_iter()
        .zip(counts)
        .map(|(name, n)| format!("{name}: {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How many examples of a class a report shows (the shortest ones).
const EXAMPLES: usize = 3;

/// The disagreements of one `(peer, class)`.
#[derive(Debug, Default, Clone)]
struct Entry {
    /// Whether a classifier rule explained them; otherwise the class is a
    /// description of the disagreement.
    classified: bool,
    /// How many inputs.
    count: usize,
    /// The shortest examples, shortest first.
    examples: Vec<String>,
}

/// The disagreements of a run, by peer and class.
///
/// # Examples
///
/// ```
/// use urikit_differential::known::{self, Tally};
///
/// let list = known::parse("oxiri | parse:x | because")?;
/// let mut tally = Tally::default();
/// tally.record("oxiri", Ok("parse:x"), "input");
/// assert!(tally.check(&list, "parse:", &["oxiri"]).is_ok());
/// tally.record("oxiri", Err("path differs".to_owned()), "other");
/// assert!(tally.check(&list, "parse:", &["oxiri"]).is_err());
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Default, Clone)]
pub struct Tally {
    entries: BTreeMap<(String, String), Entry>,
}

impl Tally {
    /// Records one disagreement with `peer` on `example`: `Ok(key)` when a
    /// rule put it in the class `key`, `Err(description)` when none did.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut tally = urikit_differential::known::Tally::default();
    /// tally.record("oxiri", Ok("parse:x"), "a");
    /// assert_eq!(tally.total(), 1);
    /// ```
    pub fn record(&mut self, peer: &str, class: Result<&str, String>, example: &str) {
        let (classified, key) = match class {
            Ok(key) => (true, key.to_owned()),
            Err(description) => (false, description),
        };
        let entry = self.entries.entry((peer.to_owned(), key)).or_default();
        entry.classified = classified;
        entry.count += 1;
        let shown = example.to_owned();
        if !entry.examples.contains(&shown) {
            entry.examples.push(shown);
            entry
                .examples
                .sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
            entry.examples.truncate(EXAMPLES);
        }
    }

    /// How many disagreements were recorded.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(urikit_differential::known::Tally::default().total(), 0);
    /// ```
    pub fn total(&self) -> usize {
        self.entries.values().map(|e| e.count).sum()
    }

    /// One line per `(peer, class)`: the count and the shortest examples.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut tally = urikit_differential::known::Tally::default();
    /// tally.record("oxiri", Ok("parse:x"), "a");
    /// assert!(tally.report().contains("oxiri | parse:x"));
    /// ```
    pub fn report(&self) -> String {
        let mut out = String::new();
        for ((peer, key), entry) in &self.entries {
            let mark = if entry.classified {
                ""
            } else {
                "UNCLASSIFIED "
            };
            let _ = writeln!(
                out,
                "{mark}{peer} | {key}: {} input(s), e.g. {:?}",
                entry.count, entry.examples
            );
        }
        out
    }

    /// Checks the run against the known list: every disagreement classified,
    /// every class listed, and every listed class whose key starts with
    /// `scope` and whose peer is in `peers` seen at least once.
    ///
    /// # Errors
    ///
    /// A report of what is wrong, with the shortest examples of each class.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit_differential::known::{self, Tally};
    ///
    /// let list = known::parse("oxiri | parse:x | because")?;
    /// // A listed class the run never saw is stale.
    /// assert!(Tally::default().check(&list, "parse:", &["oxiri"]).is_err());
    /// assert!(Tally::default().check(&list, "resolve:", &["oxiri"]).is_ok());
    /// # Ok::<(), String>(())
    /// ```
    pub fn check(&self, known: &[Known], scope: &str, peers: &[&str]) -> Result<(), String> {
        let mut problems = Vec::new();
        for ((peer, key), entry) in &self.entries {
            let examples = format!("{} input(s), e.g. {:?}", entry.count, entry.examples);
            if !entry.classified {
                problems.push(format!(
                    "unclassified disagreement with {peer}: {key}: {examples}\n  \
                     (a urikit bug, or a new class: add a rule to the classifier and a line to known-differences.txt)"
                ));
            } else if !known.iter().any(|k| &k.peer == peer && &k.key == key) {
                problems.push(format!(
                    "new difference class {peer} | {key}: {examples}\n  \
                     (not in known-differences.txt)"
                ));
            }
        }
        for k in known {
            let in_scope = k.key.starts_with(scope) && peers.contains(&k.peer.as_str());
            if in_scope && !self.entries.contains_key(&(k.peer.clone(), k.key.clone())) {
                problems.push(format!(
                    "known difference {} | {} was not seen: remove it from known-differences.txt \
                     (and from docs/spec-notes.md) if the peer changed",
                    k.peer, k.key
                ));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "{}\n\nall disagreements:\n{}",
                problems.join("\n"),
                self.report()
            ))
        }
    }
}
