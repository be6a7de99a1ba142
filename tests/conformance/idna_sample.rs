//! UTS #46 conformance of the IDNA host mapping, on a sample of Unicode's
//! `IdnaTestV2.txt`: `vectors/idna/IdnaTestV2-sample.txt` (where it comes
//! from and which lines were taken: `vectors/README.md`).
//!
//! Each test line's source becomes the host of the IRI `http://<source>/`,
//! which goes through `to_uri_with(_, HostMapping::Idna)`; the result must
//! be the line's `toAsciiN` column (nontransitional processing), and an
//! error exactly when that column's status lists one. Our flags are those
//! of the file's status codes (CheckHyphens: V2 and V3; CheckJoiners: C*;
//! CheckBidi: B*; UseSTD3ASCIIRules: U1; VerifyDnsLength: A4_1 and A4_2),
//! with one difference: a trailing root `.` is allowed, so an `A4_2` whose
//! only cause is the empty root label is not an error for us (the line
//! must then give the expected name, root dot included).
//!
//! Lines are skipped, and counted by reason (the counts are asserted, so a
//! change in what reaches the mapping is seen), when the source cannot be
//! the `ireg-name` of an IRI or when `HostMapping::Idna` does not run
//! `ToASCII` on it:
//!
//! - `surrogate`: the source holds an unpaired surrogate (`\uD800`), which
//!   a Rust string cannot;
//! - `ascii`: the source is ASCII. `HostMapping::Idna` maps only names that
//!   are not ASCII or hold a `%`; ASCII names are kept as written
//!   (including `xn--` labels, upper case and names UTS #46 refuses);
//! - `percent`: the source holds a `%`, which starts a percent-encoding in
//!   an IRI, so the host would not be the source's text;
//! - `delimiter`: the source holds an ASCII delimiter (`/`, `?`, `#`, `@`,
//!   `:`, `[`, `]`) that ends or splits the authority, so `http://<source>/`
//!   parses with another host, or not at all;
//! - `not-ireg-name`: `http://<source>/` does not parse for another reason:
//!   a character that no `ireg-name` may hold (not `ucschar`, such as
//!   U+FFFD, noncharacters, controls, private use, ASCII such as space or
//!   `<`), or a bidirectional formatting character (RFC 3987 §4.1).
//!
//! Lines whose result we know to differ would be listed in
//! `vectors/idna/known-differences.txt` with the reason; there are none,
//! so there is no such file (the test reads it if it exists).

use std::collections::BTreeMap;

use urikit::iri::{HostMapping, to_uri_with};
use urikit::{IriReference, UriReference};
use urikit_tests::idna::{SAMPLE, unescape};

/// The known differences, in `tests/vectors/`, if any.
const KNOWN_DIFFERENCES: &str = "idna/known-differences.txt";

/// How many test lines the sample holds.
const LINES: usize = 639;

/// How many lines each reason skips (see the module doc).
const SKIPPED: &[(&str, usize)] = &[
    ("ascii", 228),
    ("delimiter", 11),
    ("not-ireg-name", 98),
    ("percent", 0),
    ("surrogate", 0),
];

/// One test line of `IdnaTestV2.txt`, its columns unescaped.
#[derive(Debug)]
struct Line {
    /// The line number in the sample file, from 1.
    number: usize,
    /// Column 1, as written (escapes kept): the line's id.
    raw_source: String,
    /// Column 1, or `None` when it holds an unpaired surrogate.
    source: Option<String>,
    /// Column 4 (blank: column 2, blank: column 1), unescaped.
    to_ascii_n: Option<String>,
    /// Column 5's status codes (blank: column 3's).
    status: Vec<String>,
}

/// A value column: `""` is the empty string, blank is `None` (take the
/// fallback column); escapes decoded (`Some(None)` for a surrogate).
fn value(column: &str) -> Option<Option<String>> {
    match column {
        "" => None,
        "\"\"" => Some(Some(String::new())),
        text => Some(unescape(text)),
    }
}

/// A status column: blank is `None` (take the fallback column), `[]` no
/// error, `[P1, V6]` the codes.
fn status(column: &str) -> Option<Vec<String>> {
    if column.is_empty() {
        return None;
    }
    let inner = column
        .strip_prefix('[')
        .and_then(|c| c.strip_suffix(']'))
        .unwrap_or_else(|| panic!("bad status {column:?}"));
    Some(
        inner
            .split(',')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_owned)
            .collect(),
    )
}

/// The test lines of the sample (comments and blank lines left out).
fn lines() -> Vec<Line> {
    let text = urikit_tests::vectors::read_vectors(SAMPLE);
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        // A `#` starts a comment (the data escapes none).
        let data = line.split('#').next().unwrap_or_default();
        if data.trim().is_empty() {
            continue;
        }
        let columns: Vec<&str> = data.split(';').map(str::trim).collect();
        assert!(columns.len() >= 5, "line {}: too few columns", i + 1);
        let source = unescape(columns[0]);
        let to_unicode = value(columns[1]).unwrap_or_else(|| source.clone());
        let to_unicode_status = status(columns[2]).unwrap_or_default();
        let to_ascii_n = value(columns[3]).unwrap_or_else(|| to_unicode.clone());
        let to_ascii_n_status = status(columns[4]).unwrap_or(to_unicode_status);
        out.push(Line {
            number: i + 1,
            raw_source: columns[0].to_owned(),
            source,
            to_ascii_n,
            status: to_ascii_n_status,
        });
    }
    out
}

/// The status codes that apply to us: all of them, except an `A4_2` whose
/// only cause is the root label (we allow a trailing root `.`).
fn errors_for_us(line: &Line) -> Vec<&str> {
    let root_dot_only = line.to_ascii_n.as_deref().is_some_and(|name| {
        name.strip_suffix('.')
            .is_some_and(|name| name.split('.').all(|l| (1..=63).contains(&l.len())))
    });
    line.status
        .iter()
        .map(String::as_str)
        .filter(|code| !(root_dot_only && *code == "A4_2"))
        .collect()
}

/// Why a line is skipped, or the IRI to map.
fn classify(line: &Line) -> Result<String, &'static str> {
    let Some(source) = &line.source else {
        return Err("surrogate");
    };
    if source.is_ascii() {
        return Err("ascii");
    }
    if source.contains('%') {
        return Err("percent");
    }
    let iri = format!("http://{source}/");
    match IriReference::parse(&iri) {
        Ok(r) if r.host_str() == Some(source.as_str()) && r.path() == "/" => Ok(iri),
        _ if source.contains(['/', '?', '#', '@', ':', '[', ']']) => Err("delimiter"),
        Ok(_) => Err("delimiter"),
        Err(_) => Err("not-ireg-name"),
    }
}

/// The known differences: source (as written in the sample) to reason.
fn known_differences() -> BTreeMap<String, String> {
    let path = format!("{}/vectors/{KNOWN_DIFFERENCES}", env!("CARGO_MANIFEST_DIR"));
    let Ok(text) = std::fs::read_to_string(&path) else {
        return BTreeMap::new();
    };
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (source, reason) = l
                .split_once(" :: ")
                .unwrap_or_else(|| panic!("{KNOWN_DIFFERENCES}: not `<source> :: <reason>`: {l}"));
            (source.to_owned(), reason.to_owned())
        })
        .collect()
}

/// What is wrong with our result for one line, if anything.
fn check(line: &Line, iri: &str) -> Option<String> {
    let parsed = IriReference::parse(iri).ok()?;
    let errors = errors_for_us(line);
    let host_start = "http://".len();
    let host_end = iri.len() - 1;
    match (to_uri_with(parsed, HostMapping::Idna), errors.is_empty()) {
        (Ok(uri), true) => {
            let want = format!("http://{}/", line.to_ascii_n.as_deref().unwrap_or("?"));
            if uri.as_str() != want {
                return Some(format!("got {:?}, expected {want:?}", uri.as_str()));
            }
            // The result is a URI, its host the ASCII name.
            match UriReference::parse(uri.as_str()) {
                Ok(u) if u.host_str() == Some(&want[host_start..want.len() - 1]) => None,
                other => Some(format!("the result does not parse as it should: {other:?}")),
            }
        }
        (Ok(uri), false) => Some(format!(
            "got {:?}, expected an error ({})",
            uri.as_str(),
            errors.join(", ")
        )),
        (Err(e), true) => Some(format!(
            "got {e:?}, expected {:?}",
            line.to_ascii_n.as_deref().unwrap_or("?")
        )),
        (Err(e), false) => {
            // The error points into the host, at a character.
            let ok = (host_start..host_end).contains(&e.index()) && iri.is_char_boundary(e.index());
            (!ok).then(|| format!("error {e:?} does not point at a character of the host"))
        }
    }
}

#[test]
fn idna_test_v2_sample_through_the_host_mapping() {
    let lines = lines();
    assert_eq!(lines.len(), LINES, "{SAMPLE}: number of test lines");
    let known = known_differences();
    let mut skipped: BTreeMap<&str, usize> = SKIPPED.iter().map(|&(r, _)| (r, 0)).collect();
    let mut failures = Vec::new();
    let mut seen_known = Vec::new();
    let (mut kept, mut with_errors) = (0, 0);
    for line in &lines {
        let iri = match classify(line) {
            Ok(iri) => iri,
            Err(reason) => {
                *skipped.entry(reason).or_default() += 1;
                continue;
            }
        };
        kept += 1;
        with_errors += usize::from(!errors_for_us(line).is_empty());
        let problem = check(line, &iri);
        match (problem, known.get(&line.raw_source)) {
            (None, None) => {}
            (None, Some(reason)) => failures.push(format!(
                "line {} ({}): listed in {KNOWN_DIFFERENCES} ({reason}) but passes",
                line.number, line.raw_source
            )),
            (Some(_), Some(_)) => seen_known.push(line.raw_source.clone()),
            (Some(p), None) => failures.push(format!(
                "line {} ({}), status {:?}: {p}",
                line.number, line.raw_source, line.status
            )),
        }
    }
    for source in known.keys() {
        if !lines.iter().any(|l| &l.raw_source == source) {
            failures.push(format!(
                "{KNOWN_DIFFERENCES} lists {source}, which is not in the sample"
            ));
        }
    }
    println!(
        "{SAMPLE}: {} lines, {kept} mapped ({with_errors} expected to fail, {} known differences), skipped: {skipped:?}",
        lines.len(),
        seen_known.len()
    );
    let expected: BTreeMap<&str, usize> = SKIPPED.iter().copied().collect();
    assert_eq!(skipped, expected, "lines skipped, by reason");
    assert!(
        failures.is_empty(),
        "{} of {kept} lines differ from UTS #46:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The helpers read the file's format as its header says.
#[test]
fn the_sample_reader_follows_the_header() {
    assert_eq!(unescape(r"a\u0308b").as_deref(), Some("a\u{308}b"));
    assert_eq!(unescape(r"\x{1F600}").as_deref(), Some("\u{1F600}"));
    assert_eq!(unescape(r"\uD800"), None);
    assert_eq!(value(""), None);
    assert_eq!(value("\"\""), Some(Some(String::new())));
    assert_eq!(status(""), None);
    assert_eq!(status("[]"), Some(Vec::new()));
    assert_eq!(
        status("[B5, B6]"),
        Some(vec!["B5".to_owned(), "B6".to_owned()])
    );
    // A root dot alone does not make an A4_2 for us; an empty label does.
    let line = |name: &str, codes: &[&str]| Line {
        number: 0,
        raw_source: String::new(),
        source: None,
        to_ascii_n: Some(name.to_owned()),
        status: codes.iter().map(|c| (*c).to_owned()).collect(),
    };
    assert!(errors_for_us(&line("a.b.c.d.", &["A4_2"])).is_empty());
    assert_eq!(errors_for_us(&line("a..b.", &["A4_2"])), ["A4_2"]);
    assert_eq!(
        errors_for_us(&line(".", &["A4_1", "A4_2"])),
        ["A4_1", "A4_2"]
    );
    let long = format!("{}.", "a".repeat(64));
    assert_eq!(errors_for_us(&line(&long, &["A4_2"])), ["A4_2"]);
}
