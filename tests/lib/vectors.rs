//! The vector files of `tests/vectors/`, and the one loop that checks them.
//!
//! A test names its record type, which says how a record is identified and
//! shown ([`Vector`]), and a check that returns every problem it finds with
//! one record; [`run`] does the rest: it reads the file, deserializes every
//! record (a record type with `#[serde(deny_unknown_fields)]` makes an
//! unknown field an error), checks each one, skips the failures that are
//! expected (listed in `expected_failures.txt`, see [`crate::expected`], or
//! marked in the record itself), and reports every unexpected failure at
//! once, with the record's id, source and input. A record expected to fail
//! that passes fails the test too, so the marks stay honest.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde::de::DeserializeOwned;

use crate::expected::{VECTOR_FILES, expected_failures};

/// The text of `file` in `tests/vectors/`; panics if it cannot be read.
///
/// # Examples
///
/// ```
/// assert!(urikit_tests::vectors::read_vectors("percent.json").starts_with('['));
/// ```
pub fn read_vectors(file: &str) -> String {
    let path = format!("{}/vectors/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// The records of `file` in `tests/vectors/`, a JSON array; panics if the
/// file cannot be read or a record does not match `R`.
///
/// # Examples
///
/// ```
/// let records: Vec<serde_json::Value> = urikit_tests::vectors::load("ssrf.json");
/// assert!(records.iter().all(|r| r["name"].is_string()));
/// ```
pub fn load<R: DeserializeOwned>(file: &str) -> Vec<R> {
    serde_json::from_str(&read_vectors(file))
        .unwrap_or_else(|e| panic!("{file} does not match the schema: {e}"))
}

/// A record of a vector file, as [`run`] names it and shows it.
pub trait Vector: DeserializeOwned {
    /// The record's id, unique in its file: its `name`, or, in a file
    /// without names, what `expected_failures.txt` calls it (see
    /// [`VECTOR_FILES`]).
    fn id(&self) -> String;

    /// Where the record's expectation comes from: its `source`, which must
    /// not be empty.
    fn source(&self) -> &str;

    /// The record's input, as a failure report shows it.
    fn input(&self) -> String;

    /// Why the record is known to fail, when the record itself says so (as
    /// `expected_failure` does in `hostile.json`). `None` by default: the
    /// files of [`VECTOR_FILES`] list theirs in `expected_failures.txt`.
    fn expected_failure(&self) -> Option<&str> {
        None
    }
}

/// Implements [`Vector`] for a record type whose id, source and input are
/// `String` fields: `vector!(Record)` for the usual `name`, `source` and
/// `input`; `vector!(Record, input = field)` when the input is another
/// field; `vector!(Record, id = field, input = field)` when the id is too
/// (a file without names, identified by its input).
///
/// # Examples
///
/// ```
/// use urikit_tests::vectors::Vector;
///
/// #[derive(serde::Deserialize)]
/// struct Ssrf { name: String, source: String, input: String }
/// urikit_tests::vector!(Ssrf);
///
/// #[derive(serde::Deserialize)]
/// struct Rfc { source: String, input: String }
/// urikit_tests::vector!(Rfc, id = input, input = input);
///
/// let r = Ssrf { name: "ssrf-100".into(), source: "RFC 3986 §3.2.2".into(), input: "http://[::1]/".into() };
/// assert_eq!((r.id(), r.source(), r.input()), ("ssrf-100".into(), "RFC 3986 §3.2.2", "http://[::1]/".into()));
/// let r = Rfc { source: "RFC 3986 §1.1.2".into(), input: "ftp://ftp.is.co.za/rfc/rfc1808.txt".into() };
/// assert_eq!(r.id(), r.input());
/// ```
#[macro_export]
macro_rules! vector {
    ($record:ty) => {
        $crate::vector!($record, id = name, input = input);
    };
    ($record:ty, input = $input:ident) => {
        $crate::vector!($record, id = name, input = $input);
    };
    ($record:ty, id = $id:ident, input = $input:ident) => {
        impl $crate::vectors::Vector for $record {
            fn id(&self) -> String {
                self.$id.clone()
            }

            fn source(&self) -> &str {
                &self.source
            }

            fn input(&self) -> String {
                self.$input.clone()
            }
        }
    };
}

/// Checks every record of `file` (in `tests/vectors/`) with `check`, which
/// returns the problems it finds with one record, none when it passes; then
/// panics with every unexpected failure at once (see [`run_records`]).
///
/// # Examples
///
/// ```
/// use urikit_tests::vectors::run;
///
/// /// A record of `ssrf.json`, for this example.
/// #[derive(serde::Deserialize)]
/// struct Ssrf { name: String, source: String, input: String, expected: String }
///
/// urikit_tests::vector!(Ssrf);
///
/// // Every URI the filter lets through parses.
/// run::<Ssrf>("ssrf.json", |r| {
///     match (r.expected.starts_with("Ok "), urikit::Uri::parse(&r.input)) {
///         (true, Err(e)) => vec![format!("does not parse: {e}")],
///         _ => Vec::new(),
///     }
/// });
/// ```
pub fn run<R: Vector>(file: &str, check: impl FnMut(&R) -> Vec<String>) {
    let records: Vec<R> = load(file);
    run_records(file, &records, check);
}

/// Where a record is marked as expected to fail.
#[derive(Debug, Clone, Copy)]
enum Mark {
    /// In `expected_failures.txt`.
    List,
    /// In the record ([`Vector::expected_failure`]).
    Record,
}

/// The loop of [`run`], on records already read from `file`: for a check
/// that keeps something borrowed from one record for the next ones (a
/// resolver for a base, say).
///
/// Checks every record in order and panics with the whole report if any of
/// these holds: the file has no record; two records have the same id; a
/// record has no source; a record fails that is not expected to (with each
/// of its problems); a record expected to fail passes; or
/// `expected_failures.txt` lists an id of `file` that no record has. A
/// failure is expected when `expected_failures.txt` lists the record (for
/// the files of [`VECTOR_FILES`]) or the record says so itself
/// ([`Vector::expected_failure`]).
///
/// # Examples
///
/// ```should_panic
/// use urikit_tests::vectors::{Vector, run_records};
///
/// #[derive(serde::Deserialize)]
/// struct Upper { name: String, input: String, expected: String }
///
/// impl Vector for Upper {
///     fn id(&self) -> String { self.name.clone() }
///     fn source(&self) -> &str { "this example" }
///     fn input(&self) -> String { self.input.clone() }
/// }
///
/// let records = [
///     Upper { name: "upper-100".into(), input: "a".into(), expected: "A".into() },
///     Upper { name: "upper-200".into(), input: "ß".into(), expected: "ß".into() },
/// ];
/// // Panics: `"ß".to_uppercase()` is "SS".
/// run_records("upper.json", &records, |r| {
///     let got = r.input.to_uppercase();
///     if got == r.expected { Vec::new() } else { vec![format!("got {got:?}")] }
/// });
/// ```
pub fn run_records<'a, R: Vector>(
    file: &str,
    records: &'a [R],
    mut check: impl FnMut(&'a R) -> Vec<String>,
) {
    assert!(!records.is_empty(), "{file} has no records");
    let listed: BTreeMap<String, String> = if VECTOR_FILES.iter().any(|(f, _)| *f == file) {
        expected_failures(file)
    } else {
        BTreeMap::new()
    };
    let mut ids = BTreeSet::new();
    let mut report = String::new();
    let (mut passed, mut as_expected, mut unexpected) = (0, 0, 0);
    for record in records {
        let id = record.id();
        if !ids.insert(id.clone()) {
            let _ = writeln!(report, "\n{file}#{id} appears twice");
        }
        if record.source().trim().is_empty() {
            let _ = writeln!(report, "\n{file}#{id} has no source");
        }
        let problems = check(record);
        let mark = match (listed.get(&id), record.expected_failure()) {
            (Some(reason), _) => Some((Mark::List, reason.as_str())),
            (None, Some(reason)) => Some((Mark::Record, reason)),
            (None, None) => None,
        };
        match (problems.is_empty(), mark) {
            (true, None) => passed += 1,
            (false, Some(_)) => as_expected += 1,
            (false, None) => {
                unexpected += 1;
                let _ = writeln!(
                    report,
                    "\n{file}#{id}  (source: {})\n  input: {:?}",
                    record.source(),
                    record.input()
                );
                for p in &problems {
                    let _ = writeln!(report, "  - {p}");
                }
            }
            (true, Some((Mark::List, reason))) => {
                let _ = writeln!(
                    report,
                    "\n{file}#{id} is listed in expected_failures.txt ({reason}) but passes now: remove it from the list"
                );
            }
            (true, Some((Mark::Record, reason))) => {
                let _ = writeln!(
                    report,
                    "\n{file}#{id}: input {:?} passes now: remove its `expected_failure` ({reason})",
                    record.input()
                );
            }
        }
    }
    for id in listed.keys().filter(|id| !ids.contains(*id)) {
        let _ = writeln!(
            report,
            "\n{file}#{id} is listed in expected_failures.txt but there is no such record"
        );
    }
    let total = records.len();
    println!("{file}: {total} records: {passed} pass, {as_expected} fail as expected");
    if !report.is_empty() {
        panic!(
            "{file}: {unexpected} of {total} records failed unexpectedly ({as_expected} failed as expected){report}"
        );
    }
}

/// The problems with the `name`s and `source`s of a vector file's records,
/// given as `(name, source)` in file order: each name is
/// `<group>-<n>`, the group lower-case ASCII, digits and `-`, `n` a multiple
/// of 100 growing within its group; names are unique; every source is
/// non-empty.
///
/// # Examples
///
/// ```
/// use urikit_tests::vectors::name_problems;
///
/// assert!(name_problems([("a-100", "RFC"), ("a-200", "RFC"), ("b-100", "RFC")]).is_empty());
/// assert_eq!(name_problems([("a-200", "RFC"), ("a-100", "RFC")]).len(), 1);
/// assert_eq!(name_problems([("a-150", "")]).len(), 2);
/// ```
pub fn name_problems<'a>(records: impl IntoIterator<Item = (&'a str, &'a str)>) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut last: BTreeMap<&str, u32> = BTreeMap::new();
    let mut problems = Vec::new();
    for (name, source) in records {
        if !seen.insert(name) {
            problems.push(format!("{name}: the name is used twice"));
        }
        if source.trim().is_empty() {
            problems.push(format!("{name}: no source"));
        }
        let Some((group, number)) = name.rsplit_once('-') else {
            problems.push(format!("{name}: not `<group>-<number>`"));
            continue;
        };
        let group_ok = group.starts_with(|c: char| c.is_ascii_lowercase())
            && group
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        match number.parse::<u32>() {
            Ok(n) if group_ok && n > 0 && n % 100 == 0 && !number.starts_with('0') => {
                if last.insert(group, n).is_some_and(|p| p >= n) {
                    problems.push(format!(
                        "{name}: numbers must grow within a group, in file order"
                    ));
                }
            }
            _ => problems.push(format!("{name}: not `<group>-<multiple of 100>`")),
        }
    }
    problems
}
