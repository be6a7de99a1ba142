//! The vectors known to fail: `tests/expected_failures.txt`, one line per
//! record, `<file>#<id> :: <reason>`. The loop of [`crate::vectors`] skips
//! their failures and fails when one of them passes, so the list stays
//! honest.

use std::collections::BTreeMap;

/// The list of vectors known to fail: `tests/expected_failures.txt`.
pub const EXPECTED_FAILURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/expected_failures.txt");

/// The vector files that `expected_failures.txt` may name, each with how
/// its records are identified there.
///
/// # Examples
///
/// ```
/// assert!(urikit_tests::expected::VECTOR_FILES.iter().any(|(file, _)| *file == "normalize.json"));
/// ```
pub const VECTOR_FILES: [(&str, &str); 7] = [
    ("parse.json", "the record's `input`"),
    ("parse-own.json", "the record's `name`"),
    (
        "resolve.json",
        "`<base>|<ref>`, and `|non-strict` after it for a non-strict record",
    ),
    ("resolve-own.json", "the record's `name`"),
    ("normalize.json", "the record's `input`"),
    ("equivalence.json", "`<a>|<b>`"),
    ("iri-mapping.json", "the record's `name`"),
];

/// One line of `expected_failures.txt`: `<file>#<id> :: <reason>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpectedFailure {
    /// The vector file, one of [`VECTOR_FILES`].
    pub file: String,
    /// The record's id in that file, `\u{…}` escapes decoded.
    pub id: String,
    /// Why it fails.
    pub reason: String,
    /// The line it is on, from 1.
    pub line: usize,
}

/// Decodes the `\u{…}` escapes (hex, as Rust writes them) of an id, so that
/// non-ASCII ids, and ids that differ only by Unicode normalization, can be
/// written in ASCII; `\\` is a backslash.
///
/// # Errors
///
/// A message when a backslash starts anything else, or the escape is not a
/// character.
///
/// # Examples
///
/// ```
/// use urikit_tests::expected::unescape_id;
///
/// assert_eq!(unescape_id(r"re\u{301}sume\u{301}").as_deref(), Ok("re\u{301}sume\u{301}"));
/// assert!(unescape_id(r"a\x").is_err());
/// ```
pub fn unescape_id(id: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = id;
    while let Some(k) = rest.find('\\') {
        out.push_str(&rest[..k]);
        rest = &rest[k + 1..];
        if let Some(after) = rest.strip_prefix('\\') {
            out.push('\\');
            rest = after;
            continue;
        }
        let hex = rest
            .strip_prefix("u{")
            .and_then(|r| r.split_once('}'))
            .ok_or_else(|| format!("bad escape in {id:?}: write `\\u{{hex}}` or `\\\\`"))?;
        let c = u32::from_str_radix(hex.0, 16)
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| format!("bad escape `\\u{{{}}}` in {id:?}", hex.0))?;
        out.push(c);
        rest = hex.1;
    }
    out.push_str(rest);
    Ok(out)
}

/// Parses the text of `expected_failures.txt`: blank lines and `#` comments
/// are skipped; every other line is `<file>#<id> :: <reason>`, the file one
/// of [`VECTOR_FILES`], the reason not empty, no id listed twice.
///
/// # Errors
///
/// A message naming the first bad line.
///
/// # Examples
///
/// ```
/// use urikit_tests::expected::parse_expected_failures;
///
/// let list = parse_expected_failures("# comment\nequivalence.json#a|b :: needs IRIs\n")?;
/// assert_eq!((list[0].file.as_str(), list[0].id.as_str(), list[0].line), ("equivalence.json", "a|b", 2));
/// assert!(parse_expected_failures("other.json#x :: why").is_err());
/// # Ok::<(), String>(())
/// ```
pub fn parse_expected_failures(text: &str) -> Result<Vec<ExpectedFailure>, String> {
    let mut out: Vec<ExpectedFailure> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |msg: String| format!("expected_failures.txt:{line_no}: {msg}");
        let (key, reason) = line
            .split_once(" :: ")
            .ok_or_else(|| at("not `<file>#<id> :: <reason>`".to_owned()))?;
        let (file, id) = key
            .split_once('#')
            .ok_or_else(|| at("no `#` in the id".to_owned()))?;
        if reason.trim().is_empty() {
            return Err(at("empty reason".to_owned()));
        }
        if !VECTOR_FILES.iter().any(|(f, _)| *f == file) {
            return Err(at(format!("unknown file {file}")));
        }
        let id = unescape_id(id).map_err(at)?;
        if out.iter().any(|e| e.file == file && e.id == id) {
            return Err(at(format!("{file}#{id} listed twice")));
        }
        out.push(ExpectedFailure {
            file: file.to_owned(),
            id,
            reason: reason.trim().to_owned(),
            line: line_no,
        });
    }
    Ok(out)
}

/// The expected failures of `file` (a name in [`VECTOR_FILES`]): id to
/// reason. Panics if the list cannot be read or has a bad line.
///
/// # Examples
///
/// ```
/// let listed = urikit_tests::expected::expected_failures("normalize.json");
/// assert!(listed.values().all(|reason| !reason.is_empty()));
/// ```
pub fn expected_failures(file: &str) -> BTreeMap<String, String> {
    assert!(
        VECTOR_FILES.iter().any(|(f, _)| *f == file),
        "{file} is not in VECTOR_FILES"
    );
    let text = std::fs::read_to_string(EXPECTED_FAILURES)
        .unwrap_or_else(|e| panic!("cannot read {EXPECTED_FAILURES}: {e}"));
    parse_expected_failures(&text)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .filter(|e| e.file == file)
        .map(|e| (e.id, e.reason))
        .collect()
}
