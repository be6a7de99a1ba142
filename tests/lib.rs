//! Conformance and property tests for the urikit workspace; everything is
//! under `tests/`, reading the vector files in `vectors/`.
//!
//! This library holds the helpers more than one test file uses: component
//! lists, the vector files and their failure reports, the list of expected
//! failures (`expected_failures.txt`), and the grammar-aware generators of
//! valid URI references ([`generators`]).

use urikit::Components;

/// The rule of RFC 3986 an input is parsed against; named in vector files
/// as `"reference"`, `"uri"` or `"relative"`.
///
/// # Examples
///
/// ```
/// let c = urikit_tests::parse("a:b", urikit_tests::Rule::Uri, Default::default())?;
/// assert_eq!(c.scheme(), Some("a"));
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// `URI-reference`: [`urikit::UriReference::parse`].
    #[default]
    Reference,
    /// `URI`: [`urikit::Uri::parse`].
    Uri,
    /// `relative-ref`: [`urikit::RelativeRef::parse`].
    Relative,
}

/// Parses `input` against `rule`, borrowed.
///
/// # Errors
///
/// The parser's error.
///
/// # Examples
///
/// ```
/// use urikit_tests::{parse, Rule};
///
/// assert!(parse("a:b", Rule::Relative, Default::default()).is_err());
/// ```
pub fn parse(
    input: &str,
    rule: Rule,
    options: urikit::ParseOptions,
) -> Result<Components<'_>, urikit::ParseError> {
    use urikit::{RelativeRef, Uri, UriReference};
    match rule {
        Rule::Reference => UriReference::parse_with(input, options).map(|r| r.components()),
        Rule::Uri => Uri::parse_with(input, options).map(|r| r.components()),
        Rule::Relative => RelativeRef::parse_with(input, options).map(|r| r.components()),
    }
}

/// Parses an owned copy of `input` against `rule`: its text and components,
/// or the error.
///
/// # Errors
///
/// The parser's error.
///
/// # Examples
///
/// ```
/// use urikit_tests::{parse_owned, Rule};
///
/// let (text, parts) = parse_owned("a:b", Rule::Uri, Default::default())?;
/// assert_eq!((text.as_str(), parts[0].as_deref()), ("a:b", Some("a")));
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn parse_owned(
    input: &str,
    rule: Rule,
    options: urikit::ParseOptions,
) -> Result<(String, [Option<String>; 7]), urikit::ParseError> {
    use urikit::{RelativeRefBuf, UriBuf, UriReferenceBuf};
    let s = input.to_owned();
    match rule {
        Rule::Reference => UriReferenceBuf::parse_with(s, options)
            .map(|r| (r.to_string(), parts(&r.components())))
            .map_err(|e| e.error()),
        Rule::Uri => UriBuf::parse_with(s, options)
            .map(|r| (r.to_string(), parts(&r.components())))
            .map_err(|e| e.error()),
        Rule::Relative => RelativeRefBuf::parse_with(s, options)
            .map(|r| (r.to_string(), parts(&r.components())))
            .map_err(|e| e.error()),
    }
}

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
pub const ENCODE_SETS: [(&str, EncodeSet); 11] = EncodeSet::PREDEFINED;

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

// ------------------------------------------------------------------ expected failures

/// The list of vectors known to fail: `tests/expected_failures.txt`.
pub const EXPECTED_FAILURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/expected_failures.txt");

/// The vector files that `expected_failures.txt` may name, each with how
/// its records are identified there.
///
/// # Examples
///
/// ```
/// assert!(urikit_tests::VECTOR_FILES.iter().any(|(file, _)| *file == "normalize.json"));
/// ```
pub const VECTOR_FILES: [(&str, &str); 6] = [
    ("parse.json", "the record's `input`"),
    ("parse-own.json", "the record's `name`"),
    (
        "resolve.json",
        "`<base>|<ref>`, and `|non-strict` after it for a non-strict record",
    ),
    ("resolve-own.json", "the record's `name`"),
    ("normalize.json", "the record's `input`"),
    ("equivalence.json", "`<a>|<b>`"),
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
/// use urikit_tests::unescape_id;
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
/// use urikit_tests::parse_expected_failures;
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
/// let listed = urikit_tests::expected_failures("normalize.json");
/// assert!(listed.values().all(|reason| !reason.is_empty()));
/// ```
pub fn expected_failures(file: &str) -> std::collections::BTreeMap<String, String> {
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

/// Compares the failures of `file` with its expected ones (see
/// [`expected_failures`]) and panics with the whole report if they differ:
/// a failure that is not listed, a listed id with no record among `ids`
/// (every record's id), and a listed record that passes now.
///
/// # Examples
///
/// ```
/// use std::collections::BTreeSet;
/// use urikit_tests::report_expected;
///
/// // No failure and nothing listed for these ids: no panic.
/// let ids: BTreeSet<String> = ["x".to_owned()].into();
/// report_expected("resolve-own.json", 1, &ids, &[]);
/// ```
pub fn report_expected(
    file: &str,
    total: usize,
    ids: &std::collections::BTreeSet<String>,
    failures: &[Failure],
) {
    use std::fmt::Write as _;
    let expected = expected_failures(file);
    let mut out = String::new();
    let failed: std::collections::BTreeSet<&str> = failures.iter().map(|f| f.id.as_str()).collect();
    let mut unexpected = 0;
    for f in failures {
        if expected.contains_key(&f.id) {
            continue;
        }
        unexpected += 1;
        let _ = writeln!(
            out,
            "\n{file}#{}  (source: {})\n  input: {:?}",
            f.id, f.source, f.input
        );
        for p in &f.problems {
            let _ = writeln!(out, "  - {p}");
        }
    }
    for (id, reason) in &expected {
        if !ids.contains(id) {
            let _ = writeln!(
                out,
                "\n{file}#{id} is listed in expected_failures.txt but there is no such record"
            );
        } else if !failed.contains(id.as_str()) {
            let _ = writeln!(
                out,
                "\n{file}#{id} is listed in expected_failures.txt ({reason}) but passes now: remove it from the list"
            );
        }
    }
    if !out.is_empty() {
        panic!(
            "{file}: {unexpected} of {total} records failed unexpectedly ({} failures expected){out}",
            expected.len()
        );
    }
}

// ------------------------------------------------------------------ generators

/// Strategies that generate valid URI references from the RFC 3986 grammar,
/// one per component (scheme, userinfo with pct-encoded triplets, every kind
/// of host, port, the five path forms, query, fragment), each remembering
/// what it put in ([`GenRef`](generators::GenRef)).
pub mod generators {
    use std::net::{Ipv4Addr, Ipv6Addr};

    use proptest::option;
    use proptest::prelude::*;
    use proptest::sample::{Index, select};
    use proptest::string::string_regex;
    use urikit::{Host, ParseOptions};

    /// `pct-encoded = "%" HEXDIG HEXDIG`, as a regex.
    pub const PCT: &str = "%[0-9A-Fa-f]{2}";

    /// A regex for one of `class` (a bracketed character class) or a
    /// `pct-encoded` triplet, the class twice as likely.
    pub fn or_pct(class: &str) -> String {
        format!("({PCT}|{class}|{class})")
    }

    /// A string matching `regex`, which must be valid.
    pub fn re(regex: &str) -> BoxedStrategy<String> {
        string_regex(regex)
            .unwrap_or_else(|e| panic!("bad regex {regex}: {e}"))
            .boxed()
    }

    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
    pub fn scheme() -> BoxedStrategy<String> {
        re("[A-Za-z][A-Za-z0-9+.-]{0,6}")
    }

    /// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`
    pub fn userinfo() -> BoxedStrategy<String> {
        re(&format!("{}{{0,8}}", or_pct("[A-Za-z0-9._~!$&'()*+,;=:-]")))
    }

    /// `reg-name = *( unreserved / pct-encoded / sub-delims )`
    pub fn reg_name() -> BoxedStrategy<String> {
        re(&format!("{}{{0,10}}", or_pct("[A-Za-z0-9._~!$&'()*+,;=-]")))
    }

    /// Registered names made of digits and dots: some are IPv4 addresses, most
    /// (`1.2.3.04`, `127.1`, `256.1.1.1`) are not.
    pub fn dotted_name() -> BoxedStrategy<String> {
        re("(0x)?[0-9]{1,4}(\\.[0-9]{1,3}){0,4}")
    }

    /// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`
    pub fn pchar() -> String {
        or_pct("[A-Za-z0-9._~!$&'()*+,;=:@-]")
    }

    /// `segment = *pchar`
    pub fn segment() -> String {
        format!("{}{{0,5}}", pchar())
    }

    /// `segment-nz = 1*pchar`
    pub fn segment_nz() -> String {
        format!("{}{{1,5}}", pchar())
    }

    /// `path-abempty = *( "/" segment )`
    pub fn path_abempty() -> BoxedStrategy<String> {
        re(&format!("(/{}){{0,4}}", segment()))
    }

    /// `path-absolute = "/" [ segment-nz *( "/" segment ) ]`
    pub fn path_absolute() -> BoxedStrategy<String> {
        re(&format!("/({}(/{}){{0,3}})?", segment_nz(), segment()))
    }

    /// `path-rootless = segment-nz *( "/" segment )`
    pub fn path_rootless() -> BoxedStrategy<String> {
        re(&format!("{}(/{}){{0,3}}", segment_nz(), segment()))
    }

    /// `path-noscheme = segment-nz-nc *( "/" segment )`, where
    /// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`
    pub fn path_noscheme() -> BoxedStrategy<String> {
        re(&format!(
            "{}{{1,5}}(/{}){{0,3}}",
            or_pct("[A-Za-z0-9._~!$&'()*+,;=@-]"),
            segment()
        ))
    }

    /// `query = *( pchar / "/" / "?" )`, and `fragment`, the same.
    pub fn query() -> BoxedStrategy<String> {
        re(&format!(
            "{}{{0,10}}",
            or_pct("[A-Za-z0-9._~!$&'()*+,;=:@/?-]")
        ))
    }

    /// `port = *DIGIT`
    pub fn port() -> BoxedStrategy<String> {
        re("[0-9]{0,6}")
    }

    /// A host and what it is.
    #[derive(Debug, Clone)]
    pub enum GenHost {
        /// A `reg-name` (which may spell an IPv4 address).
        RegName(String),
        /// An `IPv4address`.
        Ipv4(Ipv4Addr),
        /// An IP literal holding an `IPv6address`, perhaps with an RFC 6874 zone.
        Ipv6 {
            /// The literal as written, brackets included.
            text: String,
            /// The address it spells.
            addr: Ipv6Addr,
            /// The zone identifier, after `%25`, as written.
            zone: Option<String>,
        },
        /// An IP literal holding an `IPvFuture`.
        Future {
            /// The literal as written, brackets included.
            text: String,
            /// The hex digits after `v`.
            version: String,
            /// What follows the `.`.
            address: String,
        },
    }

    impl GenHost {
        /// The host's text, brackets included.
        pub fn text(&self) -> String {
            match self {
                GenHost::RegName(s) => s.clone(),
                GenHost::Ipv4(a) => a.to_string(),
                GenHost::Ipv6 { text, .. } | GenHost::Future { text, .. } => text.clone(),
            }
        }

        /// The `Host` the parser should make of it.
        pub fn expected(&self) -> Host<'_> {
            match self {
                GenHost::RegName(s) => dotted_decimal(s).map_or(Host::RegName(s), Host::Ipv4),
                GenHost::Ipv4(a) => Host::Ipv4(*a),
                GenHost::Ipv6 { addr, zone, .. } => Host::Ipv6 {
                    addr: *addr,
                    zone: zone.as_deref(),
                },
                GenHost::Future {
                    version, address, ..
                } => Host::IpvFuture { version, address },
            }
        }
    }

    /// `IPv4address` read straight from the ABNF: four `dec-octet`s, no leading
    /// zeros. The oracle for registered names that look like addresses.
    pub fn dotted_decimal(s: &str) -> Option<Ipv4Addr> {
        let parts: Vec<&str> = s.split('.').collect();
        if parts.len() != 4 {
            return None;
        }
        let mut octets = [0u8; 4];
        for (octet, part) in octets.iter_mut().zip(parts) {
            let digits = part.bytes().all(|b| b.is_ascii_digit());
            if part.is_empty()
                || part.len() > 3
                || !digits
                || (part.len() > 1 && part.starts_with('0'))
            {
                return None;
            }
            *octet = part.parse().ok()?;
        }
        Some(Ipv4Addr::from(octets))
    }

    /// One `h16` group, biased towards zero so that `::` runs come up.
    pub fn group() -> impl Strategy<Value = u16> {
        prop_oneof![Just(0u16), 0u16..16, any::<u16>()]
    }

    /// How to write one `h16`: upper case or not, and zero-padded to a width.
    pub fn group_style() -> impl Strategy<Value = (bool, usize)> {
        (any::<bool>(), 1usize..=4)
    }

    /// An `IPv6address` in any of the forms of §3.2.2, perhaps with a zone
    /// identifier, in brackets.
    pub fn ipv6() -> impl Strategy<Value = GenHost> {
        (
            prop::array::uniform8(group()),
            prop::array::uniform8(group_style()),
            any::<bool>(),
            any::<bool>(),
            any::<Index>(),
            any::<Index>(),
            option::weighted(0.2, re(&format!("{}{{1,6}}", or_pct("[A-Za-z0-9._~-]")))),
        )
            .prop_map(
                |(mut groups, styles, compress, v4_tail, start, len, zone)| {
                    // With an IPv4 tail, the last two groups are written as one.
                    let slots = if v4_tail { 6 } else { 8 };
                    let run = compress.then(|| {
                        let start = start.index(slots);
                        let len = 1 + len.index(slots - start);
                        groups[start..start + len].fill(0);
                        (start, start + len)
                    });
                    let h16 = |i: usize| {
                        let (upper, width) = styles[i];
                        if upper {
                            format!("{:0width$X}", groups[i])
                        } else {
                            format!("{:0width$x}", groups[i])
                        }
                    };
                    let tail = v4_tail.then(|| {
                        let [a, b] = groups[6].to_be_bytes();
                        let [c, d] = groups[7].to_be_bytes();
                        Ipv4Addr::new(a, b, c, d).to_string()
                    });
                    let text = match run {
                        Some((start, end)) => {
                            let left: Vec<String> = (0..start).map(h16).collect();
                            let mut right: Vec<String> = (end..slots).map(h16).collect();
                            right.extend(tail);
                            format!("{}::{}", left.join(":"), right.join(":"))
                        }
                        None => {
                            let mut all: Vec<String> = (0..slots).map(h16).collect();
                            all.extend(tail);
                            all.join(":")
                        }
                    };
                    let text = match &zone {
                        Some(zone) => format!("[{text}%25{zone}]"),
                        None => format!("[{text}]"),
                    };
                    GenHost::Ipv6 {
                        text,
                        addr: Ipv6Addr::from(groups),
                        zone,
                    }
                },
            )
    }

    /// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`, in brackets.
    pub fn ipv_future() -> impl Strategy<Value = GenHost> {
        (
            select(vec!['v', 'V']),
            re("[0-9A-Fa-f]{1,3}"),
            re("[A-Za-z0-9._~!$&'()*+,;=:-]{1,8}"),
        )
            .prop_map(|(v, version, address)| GenHost::Future {
                text: format!("[{v}{version}.{address}]"),
                version,
                address,
            })
    }

    /// `host = IP-literal / IPv4address / reg-name`
    pub fn host() -> impl Strategy<Value = GenHost> {
        prop_oneof![
            2 => reg_name().prop_map(GenHost::RegName),
            1 => dotted_name().prop_map(GenHost::RegName),
            1 => any::<[u8; 4]>().prop_map(|o| GenHost::Ipv4(Ipv4Addr::from(o))),
            3 => ipv6(),
            1 => ipv_future(),
        ]
    }

    /// A generated reference, component by component.
    #[derive(Debug, Clone)]
    pub struct GenRef {
        /// The scheme, without its `:`.
        pub scheme: Option<String>,
        /// The userinfo, without its `@`.
        pub userinfo: Option<String>,
        /// The host; `Some` exactly when there is an authority.
        pub host: Option<GenHost>,
        /// The port, without its `:`.
        pub port: Option<String>,
        /// The path, of the form the other components allow.
        pub path: String,
        /// The query, without its `?`.
        pub query: Option<String>,
        /// The fragment, without its `#`.
        pub fragment: Option<String>,
    }

    impl GenRef {
        /// The reference's text: the components with their delimiters.
        pub fn text(&self) -> String {
            let mut out = String::new();
            if let Some(s) = &self.scheme {
                out += s;
                out += ":";
            }
            if let Some(host) = &self.host {
                out += "//";
                if let Some(u) = &self.userinfo {
                    out += u;
                    out += "@";
                }
                out += &host.text();
                if let Some(p) = &self.port {
                    out += ":";
                    out += p;
                }
            }
            out += &self.path;
            if let Some(q) = &self.query {
                out += "?";
                out += q;
            }
            if let Some(f) = &self.fragment {
                out += "#";
                out += f;
            }
            out
        }

        /// Where the host starts in [`GenRef::text`].
        pub fn host_offset(&self) -> usize {
            self.scheme.as_ref().map_or(0, |s| s.len() + 1)
                + 2
                + self.userinfo.as_ref().map_or(0, |u| u.len() + 1)
        }

        /// The offset of a zone identifier's `%` in the text, if there is one.
        pub fn zone_offset(&self) -> Option<usize> {
            match &self.host {
                Some(GenHost::Ipv6 {
                    text,
                    zone: Some(_),
                    ..
                }) => text.find('%').map(|k| self.host_offset() + k),
                _ => None,
            }
        }

        /// The options the reference needs.
        pub fn options(&self) -> ParseOptions {
            ParseOptions::new().allow_zone_id(self.zone_offset().is_some())
        }
    }

    /// `URI-reference`: `URI` or `relative-ref`, with the path form each context allows.
    pub fn reference() -> impl Strategy<Value = GenRef> {
        reference_with(0.6)
    }

    /// `URI`: a generated reference that always has a scheme.
    pub fn uri() -> impl Strategy<Value = GenRef> {
        reference_with(1.0)
    }

    /// `URI-reference` with a scheme with probability `scheme_probability`
    /// (0 for relative references only, 1 for URIs only), and an authority
    /// with probability 0.6.
    pub fn reference_with(scheme_probability: f64) -> impl Strategy<Value = GenRef> {
        let authority = (option::of(userinfo()), host(), option::of(port()));
        // `option::weighted` takes a probability strictly between 0 and 1.
        let scheme = if scheme_probability >= 1.0 {
            scheme().prop_map(Some).boxed()
        } else if scheme_probability <= 0.0 {
            Just(None).boxed()
        } else {
            option::weighted(scheme_probability, scheme()).boxed()
        };
        (scheme, option::weighted(0.6, authority)).prop_flat_map(|(scheme, authority)| {
            let path = match (&scheme, &authority) {
                // hier-part / relative-part with an authority: path-abempty.
                (_, Some(_)) => path_abempty(),
                // hier-part without one: path-absolute / path-rootless / path-empty.
                (Some(_), None) => {
                    prop_oneof![path_absolute(), path_rootless(), Just(String::new())].boxed()
                }
                // relative-part without one: path-absolute / path-noscheme / path-empty.
                (None, None) => {
                    prop_oneof![path_absolute(), path_noscheme(), Just(String::new())].boxed()
                }
            };
            (
                Just(scheme),
                Just(authority),
                path,
                option::of(query()),
                option::of(query()),
            )
                .prop_map(|(scheme, authority, path, query, fragment)| {
                    let (userinfo, host, port) = match authority {
                        Some((u, h, p)) => (u, Some(h), p),
                        None => (None, None, None),
                    };
                    GenRef {
                        scheme,
                        userinfo,
                        host,
                        port,
                        path,
                        query,
                        fragment,
                    }
                })
        })
    }
}
