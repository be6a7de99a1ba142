//! Conformance and property tests for the urikit workspace; everything is
//! under `tests/`, reading the vector files in `vectors/`.
//!
//! This library holds the helpers more than one test file uses.

use urikit::Components;

/// The seven components of a parse, owned, in RFC 3986 order (scheme,
/// userinfo, host, port, path, query, fragment), to compare two parses.
///
/// # Examples
///
/// ```
/// let r = urikit::UriReference::parse("s://h/p")?;
/// assert_eq!(urikit_tests::parts(&r.components())[2].as_deref(), Some("h"));
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn parts(c: &Components<'_>) -> [Option<String>; 7] {
    let own = |s: Option<&str>| s.map(str::to_owned);
    [
        own(c.scheme()),
        own(c.userinfo()),
        own(c.host_str()),
        own(c.port()),
        Some(c.path().to_owned()),
        own(c.query()),
        own(c.fragment()),
    ]
}

/// The components joined with their delimiters, as RFC 3986 §5.3
/// recomposes them: for any parse, this gives back the input.
///
/// # Examples
///
/// ```
/// let r = urikit::UriReference::parse("s://u@h:1/p?q#f")?;
/// assert_eq!(urikit_tests::recompose(&r.components()), "s://u@h:1/p?q#f");
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn recompose(c: &Components<'_>) -> String {
    let mut out = String::new();
    if let Some(scheme) = c.scheme() {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(host) = c.host_str() {
        out.push_str("//");
        if let Some(userinfo) = c.userinfo() {
            out.push_str(userinfo);
            out.push('@');
        }
        out.push_str(host);
        if let Some(port) = c.port() {
            out.push(':');
            out.push_str(port);
        }
    }
    out.push_str(c.path());
    if let Some(query) = c.query() {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = c.fragment() {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

// ------------------------------------------------------------------ percent codec

use urikit::encode::{Decoder, EncodeSet};

/// Every predefined encode set of `urikit::encode`, by its Rust name, in the
/// order the crate declares them.
///
/// # Examples
///
/// ```
/// let (name, set) = urikit_tests::ENCODE_SETS[0];
/// assert_eq!(name, "USERINFO");
/// assert!(set.keeps(b':'));
/// ```
pub const ENCODE_SETS: [(&str, EncodeSet); 11] = [
    ("USERINFO", EncodeSet::USERINFO),
    ("USERNAME", EncodeSet::USERNAME),
    ("HOST", EncodeSet::HOST),
    ("PATH", EncodeSet::PATH),
    ("PATH_SEGMENT", EncodeSet::PATH_SEGMENT),
    ("PATH_SEGMENT_NC", EncodeSet::PATH_SEGMENT_NC),
    ("QUERY", EncodeSet::QUERY),
    ("QUERY_COMPONENT", EncodeSet::QUERY_COMPONENT),
    ("FRAGMENT", EncodeSet::FRAGMENT),
    ("UNRESERVED", EncodeSet::UNRESERVED),
    ("FORM", EncodeSet::FORM),
];

/// The predefined encode set called `name` (its Rust name, as in [`ENCODE_SETS`]).
///
/// # Examples
///
/// ```
/// use urikit::encode::EncodeSet;
///
/// assert_eq!(urikit_tests::encode_set("PATH"), Some(EncodeSet::PATH));
/// assert_eq!(urikit_tests::encode_set("path"), None);
/// ```
pub fn encode_set(name: &str) -> Option<EncodeSet> {
    ENCODE_SETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, set)| set)
}

/// The decoder that undoes an encoding with `set`: it reads `+` as a space
/// exactly when `set` writes a space as `+`.
///
/// # Examples
///
/// ```
/// use urikit::encode::{encode, EncodeSet};
/// use urikit_tests::decoder_for;
///
/// let form = encode("a b", &EncodeSet::FORM);
/// assert_eq!(decoder_for(&EncodeSet::FORM).decode(&form)?, &b"a b"[..]);
/// assert_eq!(decoder_for(&EncodeSet::QUERY).decode("a+b")?, &b"a+b"[..]);
/// # Ok::<(), urikit::encode::DecodeError>(())
/// ```
pub fn decoder_for(set: &EncodeSet) -> Decoder {
    Decoder::new().plus_as_space(set.writes_space_as_plus())
}

/// Whether `input[i..]` starts with a `pct-encoded` triplet: `%` and two hex
/// digits (RFC 3986 §2.1), written here from the grammar, not taken from the
/// crate under test.
///
/// # Examples
///
/// ```
/// use urikit_tests::is_triplet;
///
/// assert!(is_triplet(b"a%2f", 1));
/// assert!(!is_triplet(b"a%2", 1));
/// assert!(!is_triplet(b"%g0", 0));
/// ```
pub fn is_triplet(input: &[u8], i: usize) -> bool {
    input.get(i) == Some(&b'%')
        && input.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && input.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}

// ------------------------------------------------------------------ vector files

/// The text of `file` in `tests/vectors/`; panics if it cannot be read.
///
/// # Examples
///
/// ```
/// assert!(urikit_tests::read_vectors("percent.json").starts_with('['));
/// ```
pub fn read_vectors(file: &str) -> String {
    let path = format!("{}/vectors/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// A vector that failed: its id, where it comes from, its input and every
/// problem found, so that all failures can be reported at once.
#[derive(Debug, Clone, Default)]
pub struct Failure {
    /// The record's `name`, or another stable id.
    pub id: String,
    /// The record's `source`.
    pub source: String,
    /// The record's input, as the file writes it.
    pub input: String,
    /// What went wrong.
    pub problems: Vec<String>,
}

/// Panics with every failure of `file` if there is any, one block per record.
///
/// # Examples
///
/// ```should_panic
/// use urikit_tests::{report, Failure};
///
/// let f = Failure { id: "x-100".into(), problems: vec!["wrong".into()], ..Failure::default() };
/// report("x.json", 1, &[f]);
/// ```
pub fn report(file: &str, total: usize, failures: &[Failure]) {
    if failures.is_empty() {
        return;
    }
    let mut out = String::new();
    for f in failures {
        out.push_str(&format!(
            "\n{file}#{}  (source: {})\n  input: {:?}\n",
            f.id, f.source, f.input
        ));
        for p in &f.problems {
            out.push_str(&format!("  - {p}\n"));
        }
    }
    panic!("{file}: {} of {total} records failed{out}", failures.len());
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
/// use urikit_tests::name_problems;
///
/// assert!(name_problems([("a-100", "RFC"), ("a-200", "RFC"), ("b-100", "RFC")]).is_empty());
/// assert_eq!(name_problems([("a-200", "RFC"), ("a-100", "RFC")]).len(), 1);
/// assert_eq!(name_problems([("a-150", "")]).len(), 2);
/// ```
pub fn name_problems<'a>(records: impl IntoIterator<Item = (&'a str, &'a str)>) -> Vec<String> {
    use std::collections::{BTreeMap, BTreeSet};
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
