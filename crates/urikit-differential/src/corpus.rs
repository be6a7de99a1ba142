//! The inputs of the differential tests.
//!
//! Four sources, all deterministic:
//!
//! 1. every reference in the workspace's vector files (`tests/vectors/*.json`);
//! 2. references assembled from pieces of the RFC 3986 grammar, valid pieces
//!    and nearly valid ones, by [`grammar`];
//! 3. short random strings made mostly of delimiters, by [`delimiter_strings`];
//! 4. real URLs from `crates/urikit-bench/data/*.txt`, with bytes inserted,
//!    deleted or replaced by delimiters, by [`mutations`].
//!
//! [`parse_inputs`] and [`resolve_pairs`] put them together: a few tens of
//! thousands of inputs, which every parser reads in well under a second in an
//! optimized build and a few seconds in a debug one.
//!
//! For IRIs, [`iri_inputs`]: the vector inputs, the IRI corpus
//! (`iri-1in2.txt`, [`iri_corpus`]), IRIs assembled by [`iri_grammar`] with
//! non-ASCII characters at the edges of RFC 3987's ranges ([`NON_ASCII`]),
//! and lines of the corpus mutated with them.

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::rng::Rng;

/// The seed of every generator here. Changing it changes the corpus, and may
/// make a known difference class unobserved (the tests then say so).
pub const SEED: u64 = 0x3986_3986_0000_0001;

/// How many grammar-assembled references [`parse_inputs`] takes.
pub const GRAMMAR_COUNT: usize = 14_000;

/// How many delimiter-heavy random strings [`parse_inputs`] takes.
pub const DELIMITER_COUNT: usize = 6_000;

/// How many mutated real URLs [`parse_inputs`] takes.
pub const MUTATION_COUNT: usize = 10_000;

/// How many unmutated real URLs [`parse_inputs`] takes.
pub const REAL_COUNT: usize = 2_000;

/// Where an input comes from, for reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Origin {
    /// A vector file of `tests/vectors/`.
    Vector,
    /// The grammar-aware generator.
    Grammar,
    /// A delimiter-heavy random string.
    Delimiters,
    /// A real URL, as it is.
    Real,
    /// A mutated real URL.
    Mutation,
}

impl Origin {
    /// Every origin, in report order.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit_differential::corpus::Origin;
    ///
    /// assert!(Origin::ALL.iter().enumerate().all(|(i, o)| *o as usize == i));
    /// ```
    pub const ALL: [Origin; 5] = [
        Origin::Vector,
        Origin::Grammar,
        Origin::Delimiters,
        Origin::Real,
        Origin::Mutation,
    ];
}

/// How many of `inputs` come from each origin, as the reports write it:
/// `Vector: 3, Grammar: 0, …`, every origin in [`Origin::ALL`]'s order.
///
/// # Examples
///
/// ```
/// use urikit_differential::corpus::{Origin, origin_counts};
///
/// let inputs = [("a".to_owned(), Origin::Real), ("b".to_owned(), Origin::Vector)];
/// assert_eq!(
///     origin_counts(&inputs),
///     "Vector: 1, Grammar: 0, Delimiters: 0, Real: 1, Mutation: 0"
/// );
/// ```
pub fn origin_counts(inputs: &[(String, Origin)]) -> String {
    let mut counts = [0usize; Origin::ALL.len()];
    for (_, origin) in inputs {
        counts[*origin as usize] += 1;
    }
    Origin::ALL
        .iter()
        .map(|o| format!("{o:?}: {}", counts[*o as usize]))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The workspace's `tests/vectors/` directory.
///
/// # Examples
///
/// ```
/// assert!(urikit_differential::corpus::vectors_dir().join("parse.json").is_file());
/// ```
pub fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors")
}

/// The benchmark corpora directory, `crates/urikit-bench/data/`.
///
/// # Examples
///
/// ```
/// let _dir = urikit_differential::corpus::bench_data_dir();
/// ```
pub fn bench_data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../urikit-bench/data")
}

/// The paths of the files of `entries` whose extension is `extension`,
/// sorted.
fn sorted_files(entries: std::fs::ReadDir, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == extension))
        .collect();
    files.sort();
    files
}

/// Every `*.json` file of `tests/vectors/`, parsed, sorted by name.
fn vector_files() -> Vec<(String, Value)> {
    let dir = vectors_dir();
    let entries =
        std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    sorted_files(entries, "json")
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            let value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, value)
        })
        .collect()
}

/// The fields of a vector record that hold a URI reference (or a base, a
/// target): `input`, `base`, `ref`, `expected`, `target`, `a`, `b`.
const REFERENCE_FIELDS: &[&str] = &["input", "base", "ref", "expected", "target", "a", "b"];

/// Every URI reference of the vector files: each string held by one of
/// `REFERENCE_FIELDS` in a record of any `tests/vectors/*.json`, in file
/// order, without repeats. Files whose records hold no such field (the
/// percent-encoding ones) give nothing.
///
/// # Examples
///
/// ```
/// let inputs = urikit_differential::corpus::vector_inputs();
/// assert!(inputs.iter().any(|s| s == "http://a/b/c/d;p?q"));
/// ```
pub fn vector_inputs() -> Vec<String> {
    let mut out = Vec::new();
    for (_, value) in vector_files() {
        for record in value.as_array().into_iter().flatten() {
            for field in REFERENCE_FIELDS {
                if let Some(s) = record.get(field).and_then(Value::as_str) {
                    out.push(s.to_owned());
                }
            }
        }
    }
    dedup(out)
}

/// The `(base, reference)` pairs of the vector files: every record with a
/// `base` and a `ref` (resolution records, strict or not; the comparison
/// resolves them strictly).
///
/// # Examples
///
/// ```
/// let pairs = urikit_differential::corpus::vector_resolutions();
/// assert!(pairs.contains(&("http://a/b/c/d;p?q".to_owned(), "../g".to_owned())));
/// ```
pub fn vector_resolutions() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (_, value) in vector_files() {
        for record in value.as_array().into_iter().flatten() {
            let base = record.get("base").and_then(Value::as_str);
            let reference = record.get("ref").and_then(Value::as_str);
            if let (Some(base), Some(reference)) = (base, reference) {
                out.push((base.to_owned(), reference.to_owned()));
            }
        }
    }
    dedup(out)
}

/// `items` without repeats, first occurrences kept in order.
fn dedup<T: Ord + Clone>(items: Vec<T>) -> Vec<T> {
    let mut seen = BTreeSet::new();
    items
        .into_iter()
        .filter(|item| seen.insert(item.clone()))
        .collect()
}

// ------------------------------------------------------------------ grammar

/// Valid schemes, and a few odd but valid ones.
const SCHEMES: &[&str] = &[
    "http", "https", "HTTP", "a", "s+-.1", "urn", "file", "mailto", "x.y", "f", "A1",
];

/// Almost-schemes: each breaks `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
const BAD_SCHEMES: &[&str] = &["1a", "a_b", "-a", "", "a b", "a%41", "+", "é"];

/// Userinfo pieces, valid and not (a second `@`, brackets, a space).
const USERINFO: &[&str] = &[
    "user",
    "u:p",
    "",
    "%41",
    ":",
    "a:b:c",
    "!$&'()*+,;=",
    "~._-",
    "%zz",
    "a@b",
    "@",
    "[",
    "u p",
    "%",
    "user:pass%40word",
];

/// Registered names, among them every IPv4 look-alike of SSRF folklore.
const REG_NAMES: &[&str] = &[
    "example.com",
    "a",
    "",
    "localhost",
    "EXAMPLE.COM",
    "%41%42",
    "a-b_c~d",
    "!$&'()*+,;=",
    "xn--bcher-kva.example",
    "127.1",
    "0x7f.0.0.1",
    "0x7f.1",
    "2130706433",
    "0177.0.0.1",
    "1.2.3.04",
    "256.1.1.1",
    "1.2.3.4.",
    "1.2.3",
    "a%2Fb",
    "%00",
    "%zz",
    "a b",
    "a\\b",
    "1.2.3.4.5",
    "01.2.3.4",
];

/// `dec-octet` candidates: valid ones and every way to miss.
const OCTETS: &[&str] = &[
    "0", "1", "9", "10", "99", "100", "199", "200", "249", "250", "255", "256", "01", "001", "300",
    "1000", "", "00", "260", "25", "2a",
];

/// Ports: valid syntax (any digits, or none) and not.
const PORTS: &[&str] = &[
    "",
    "80",
    "0080",
    "65535",
    "65536",
    "99999999999",
    "8a",
    ":",
    "-1",
    "%38",
    " ",
];

/// Path segments: dot segments, encoded dots, `:` and `@`, and bad bytes.
const SEGMENTS: &[&str] = &[
    "a",
    "b",
    "..",
    ".",
    "",
    "%2e",
    "%2E%2e",
    "a:b",
    ":",
    "@",
    "!$&'()*+,;=",
    "~",
    "%41",
    "g;x",
    "%zz",
    "a b",
    "c",
    "...",
    ".a",
    "a.",
    "%",
    "[",
    "]",
    "a?",
    "g#",
    "\\",
];

/// Query and fragment pieces.
const QUERY_PIECES: &[&str] = &[
    "a=1", "&", "?", "/", "%20", ":", "@", "", "[", "]", " ", "%", "b", "=", "+", "#", "%7e", "'",
    "\"", "{", "|",
];

/// Bytes and characters that are nowhere allowed literally, or only in some
/// components: injected at random places.
const HOSTILE: &[&str] = &[
    "\t", " ", "\\", "\"", "<", ">", "^", "`", "{", "|", "}", "\u{7f}", "\0", "[", "]", "%", "#",
    "é", "\r", "\n", "@", ":", "?", "/", "\u{ff0f}", "\u{3002}",
];

/// A random IPv4 address candidate: four octets from [`OCTETS`], or fewer
/// or more.
fn ipv4(rng: &mut Rng) -> String {
    let count = match rng.below(10) {
        0 => 3,
        1 => 5,
        _ => 4,
    };
    let octets: Vec<&str> = (0..count)
        .map(|_| {
            if rng.chance(70) {
                rng.pick(&OCTETS[..11])
            } else {
                rng.pick(OCTETS)
            }
        })
        .collect();
    octets.join(".")
}

/// A random `h16` candidate: one to four hex digits, sometimes five or a
/// non-hex letter.
fn h16(rng: &mut Rng) -> String {
    const HEX: &[u8] = b"0123456789abcdefABCDEF";
    let len = match rng.below(20) {
        0 => 5,
        1 => 0,
        n => 1 + n % 4,
    };
    let mut s: String = (0..len).map(|_| char::from(rng.pick(HEX))).collect();
    if rng.chance(3) {
        s.push(rng.pick(&['g', 'x', ' ', '%']));
    }
    s
}

/// What goes before group `i` of an IPv6 address whose `::` stands before
/// group `ellipsis` (RFC 3986 §3.2.2): `::` there, else `:` between groups.
fn ipv6_separator(s: &mut String, i: usize, ellipsis: Option<usize>) {
    if ellipsis == Some(i) {
        s.push_str("::");
    } else if i > 0 {
        s.push(':');
    }
}

/// A random IPv6 address candidate: `n` groups, perhaps a `::` among them,
/// perhaps an IPv4 tail. About half are valid.
fn ipv6(rng: &mut Rng) -> String {
    let groups = match rng.below(10) {
        0 => rng.below(10),
        _ => 1 + rng.below(8),
    };
    let ellipsis = if rng.chance(60) {
        Some(rng.below(groups + 1))
    } else {
        None
    };
    let v4_tail = rng.chance(15);
    let mut s = String::new();
    for i in 0..groups {
        ipv6_separator(&mut s, i, ellipsis);
        if v4_tail && i + 1 == groups {
            s.push_str(&ipv4(rng));
        } else {
            s.push_str(&h16(rng));
        }
    }
    if ellipsis == Some(groups) {
        s.push_str("::");
    }
    if rng.chance(3) {
        // A second `::`, or a stray `:`.
        s.push_str(if rng.chance(50) { "::1" } else { ":" });
    }
    s
}

/// A random IP literal candidate: IPv6 (with a zone sometimes), IPvFuture,
/// or a broken bracket.
fn ip_literal(rng: &mut Rng) -> String {
    const ZONES: &[&str] = &["%25eth0", "%eth0", "%25", "%251", "%25%41", "%25a:b", "%"];
    const FUTURES: &[&str] = &[
        "v1.x", "VF.a:b!$", "v.x", "v7", "v7.", "vg.a", "v1.a%41", "v1.[", "v10.::", "v1.a b",
    ];
    const BROKEN: &[&str] = &[
        "[",
        "[]",
        "[::1",
        "[::1]]",
        "[[::1]]",
        "[::1]x",
        "[::1].x",
        "x.[::1]",
        "[::1]:",
        "[::1]:80",
        "[::1]@x",
        "]",
        "[v1.x]:8a",
        "[:]",
        "[:::]",
        "[::1%25eth0]",
        "[fe80::1%25en1]",
    ];
    match rng.below(10) {
        0 | 1 => format!("[{}]", rng.pick(FUTURES)),
        2 => (rng.pick(BROKEN)).to_owned(),
        3 => format!("[{}{}]", ipv6(rng), rng.pick(ZONES)),
        _ => format!("[{}]", ipv6(rng)),
    }
}

/// A random host: a reg-name, an IPv4 candidate or an IP literal.
fn host(rng: &mut Rng) -> String {
    match rng.below(10) {
        0..=3 => (rng.pick(REG_NAMES)).to_owned(),
        4..=6 => ipv4(rng),
        _ => ip_literal(rng),
    }
}

/// A random authority: `[ userinfo "@" ] host [ ":" port ]`, sometimes with
/// an extra `@`.
fn authority(rng: &mut Rng) -> String {
    let mut s = String::new();
    if rng.chance(25) {
        s.push_str(rng.pick(USERINFO));
        s.push('@');
        if rng.chance(5) {
            s.push_str(rng.pick(USERINFO));
            s.push('@');
        }
    }
    s.push_str(&host(rng));
    if rng.chance(30) {
        s.push(':');
        s.push_str(rng.pick(PORTS));
    }
    s
}

/// A random path of a few segments, absolute or not.
fn path(rng: &mut Rng, absolute: bool) -> String {
    let count = rng.below(5);
    let mut s = String::new();
    if absolute && count > 0 {
        s.push('/');
    }
    for i in 0..count {
        if i > 0 {
            s.push('/');
        }
        s.push_str(rng.pick(SEGMENTS));
    }
    if rng.chance(10) {
        s.push('/');
    }
    s
}

/// A random query or fragment of a few pieces.
fn query(rng: &mut Rng) -> String {
    (0..rng.below(5)).map(|_| rng.pick(QUERY_PIECES)).collect()
}

/// Inserts a random [`HOSTILE`] character at a random character boundary of `s`.
fn inject(rng: &mut Rng, s: &mut String) {
    let boundaries: Vec<usize> = (0..=s.len()).filter(|&i| s.is_char_boundary(i)).collect();
    let at = rng.pick(&boundaries);
    s.insert_str(at, rng.pick(HOSTILE));
}

/// One reference assembled from grammar pieces.
fn reference(rng: &mut Rng) -> String {
    let mut s = String::new();
    let has_scheme = match rng.below(20) {
        0..=10 => {
            s.push_str(rng.pick(SCHEMES));
            s.push(':');
            true
        }
        11 => {
            s.push_str(rng.pick(BAD_SCHEMES));
            s.push(':');
            true
        }
        _ => false,
    };
    let has_authority = rng.chance(if has_scheme { 70 } else { 35 });
    if has_authority {
        s.push_str("//");
        s.push_str(&authority(rng));
    }
    let absolute = has_authority || rng.chance(50);
    s.push_str(&path(rng, absolute));
    if rng.chance(30) {
        s.push('?');
        s.push_str(&query(rng));
    }
    if rng.chance(25) {
        s.push('#');
        s.push_str(&query(rng));
    }
    if rng.chance(8) {
        inject(rng, &mut s);
    }
    s
}

/// `count` references assembled from pieces of the RFC 3986 grammar: a
/// scheme (or a broken one) or none, an authority with every kind of host
/// (IPv4 look-alikes, IPv6 with and without `::` and IPv4 tails, zone
/// identifiers, IPvFuture, broken brackets), a port, a path of dot segments,
/// `:` and `@`, a query and a fragment; one in twelve with a hostile
/// character inserted somewhere. Roughly half are valid.
///
/// # Examples
///
/// ```
/// use urikit_differential::{corpus, rng::Rng};
///
/// let a = corpus::grammar(&mut Rng::new(1), 10);
/// let b = corpus::grammar(&mut Rng::new(1), 10);
/// assert_eq!(a, b);
/// ```
pub fn grammar(rng: &mut Rng, count: usize) -> Vec<String> {
    (0..count).map(|_| reference(rng)).collect()
}

/// Every shape of IPv6 literal up to nine pieces, in a few contexts: `n`
/// groups (`1`, or `ffff` for the last), a `::` before any of them or at the
/// end or nowhere, an IPv4 tail or not; each once bare and once with a port
/// and a path. The random [`grammar`] finds the common shapes; this makes
/// sure the rare ones (seven groups and `::`, a tail after `::` and five
/// groups) are there on every run.
///
/// # Examples
///
/// ```
/// let shapes = urikit_differential::corpus::ipv6_shapes();
/// assert!(shapes.contains(&"//[1:1:1:1:1:1:ffff::]".to_owned()));
/// ```
pub fn ipv6_shapes() -> Vec<String> {
    let mut out = Vec::new();
    for groups in 0..=9 {
        for ellipsis in (0..=groups).map(Some).chain([None]) {
            for tail in [None, Some("1.2.3.4"), Some("1.2.3.04"), Some("1.2.3")] {
                let mut s = String::new();
                for i in 0..groups {
                    ipv6_separator(&mut s, i, ellipsis);
                    match tail {
                        Some(v4) if i + 1 == groups => s.push_str(v4),
                        _ if i + 1 == groups => s.push_str("ffff"),
                        _ => s.push('1'),
                    }
                }
                if ellipsis == Some(groups) {
                    s.push_str("::");
                }
                if tail.is_some() && groups == 0 {
                    continue;
                }
                out.push(format!("//[{s}]"));
                out.push(format!("s://u@[{s}]:80/p"));
            }
        }
    }
    dedup(out)
}

/// The scale of the corpus: `URIKIT_DIFFERENTIAL_SCALE` (a whole number,
/// default 1) multiplies the generated and mutated counts, for a longer
/// exploratory run (`URIKIT_DIFFERENTIAL_SCALE=50 cargo test --release -p
/// urikit-differential`). A larger corpus may see classes the default one
/// never does; the tests then report them as new.
///
/// # Examples
///
/// ```
/// assert!(urikit_differential::corpus::scale() >= 1);
/// ```
pub fn scale() -> usize {
    std::env::var("URIKIT_DIFFERENTIAL_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(1)
}

/// `count` random strings of 0 to 15 characters, mostly delimiters.
///
/// # Examples
///
/// ```
/// use urikit_differential::{corpus, rng::Rng};
///
/// let strings = corpus::delimiter_strings(&mut Rng::new(1), 100);
/// assert!(strings.iter().all(|s| s.chars().count() < 16));
/// ```
pub fn delimiter_strings(rng: &mut Rng, count: usize) -> Vec<String> {
    const ALPHABET: &[char] = &[
        ':', '/', '?', '#', '[', ']', '@', '%', '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';',
        '=', '.', '-', '_', '~', 'a', 'v', 'A', 'f', '0', '1', '2', '5', ' ', '\\', '"', '\t',
    ];
    (0..count)
        .map(|_| {
            let len = rng.below(16);
            (0..len).map(|_| rng.pick(ALPHABET)).collect()
        })
        .collect()
}

// ------------------------------------------------------------------ real URLs

/// The lines of every `*.txt` of `crates/urikit-bench/data/`, files in name
/// order; nothing if the directory is missing.
///
/// # Examples
///
/// ```
/// let _lines = urikit_differential::corpus::real_urls();
/// ```
pub fn real_urls() -> Vec<String> {
    let dir = bench_data_dir();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    sorted_files(entries, "txt")
        .iter()
        .filter_map(|path| std::fs::read_to_string(path).ok())
        .flat_map(|text| text.lines().map(str::to_owned).collect::<Vec<_>>())
        .filter(|line| !line.is_empty())
        .collect()
}

/// What mutations insert: delimiters, and bytes that parsers split on.
const MUTATION_BYTES: &[&str] = &[
    ":", "/", "?", "#", "[", "]", "@", "%", ".", "\\", " ", "%2", "%41", "//", "::", "@@", "[::1]",
    "..", "\t", "%00",
];

/// `s` with one to three edits: a [`MUTATION_BYTES`] string inserted, a
/// character deleted, or one replaced. Edits fall on character boundaries.
fn mutate(rng: &mut Rng, s: &str) -> String {
    let mut s = s.to_owned();
    for _ in 0..1 + rng.below(3) {
        let at = edit_at(rng, &s);
        let kind = rng.below(3);
        let piece = if kind == 1 {
            ""
        } else {
            rng.pick(MUTATION_BYTES)
        };
        edit(&mut s, at, kind, piece);
    }
    s
}

/// Where an edit of `s` falls: a character boundary picked with `rng`,
/// up to the next one (the character there; empty at the end).
fn edit_at(rng: &mut Rng, s: &str) -> Range<usize> {
    let boundaries: Vec<usize> = (0..=s.len()).filter(|&i| s.is_char_boundary(i)).collect();
    let at = rng.pick(&boundaries);
    let next = boundaries.iter().copied().find(|&b| b > at).unwrap_or(at);
    at..next
}

/// Edits `s` at `at` ([`edit_at`]) by `kind`: 0 inserts `piece` before
/// it, 1 deletes the character, any other replaces it by `piece`.
fn edit(s: &mut String, at: Range<usize>, kind: usize, piece: &str) {
    match kind {
        0 => s.insert_str(at.start, piece),
        1 => s.replace_range(at, ""),
        _ => s.replace_range(at, piece),
    }
}

/// `count` mutations of lines picked at random from `lines`.
///
/// # Examples
///
/// ```
/// use urikit_differential::{corpus, rng::Rng};
///
/// let lines = ["https://example.com/a?b".to_owned()];
/// let mutated = corpus::mutations(&mut Rng::new(1), &lines, 5);
/// assert_eq!(mutated.len(), 5);
/// ```
pub fn mutations(rng: &mut Rng, lines: &[String], count: usize) -> Vec<String> {
    if lines.is_empty() {
        return Vec::new();
    }
    (0..count)
        .map(|_| {
            let line = &lines[rng.below(lines.len())];
            mutate(rng, line)
        })
        .collect()
}

// ------------------------------------------------------------------ together

/// Every parse input, without repeats, with where it came from: the vector
/// inputs, the [`ipv6_shapes`], [`GRAMMAR_COUNT`] grammar references, [`DELIMITER_COUNT`]
/// delimiter strings, [`REAL_COUNT`] real URLs as they are and
/// [`MUTATION_COUNT`] mutated ones (picked with the [`SEED`]ed generator);
/// the generated counts times [`scale`].
///
/// # Examples
///
/// ```no_run
/// let inputs = urikit_differential::corpus::parse_inputs();
/// assert!(inputs.len() > 20_000);
/// ```
pub fn parse_inputs() -> Vec<(String, Origin)> {
    let mut rng = Rng::new(SEED);
    let mut out: Vec<(String, Origin)> = Vec::new();
    let scale = scale();
    tag(&mut out, vector_inputs(), Origin::Vector);
    tag(&mut out, ipv6_shapes(), Origin::Grammar);
    tag(
        &mut out,
        grammar(&mut rng, GRAMMAR_COUNT * scale),
        Origin::Grammar,
    );
    let delimiters = delimiter_strings(&mut rng, DELIMITER_COUNT * scale);
    tag(&mut out, delimiters, Origin::Delimiters);
    let real = real_urls();
    let picked = (0..REAL_COUNT.min(real.len())).map(|_| real[rng.below(real.len())].clone());
    tag(&mut out, picked, Origin::Real);
    let mutated = mutations(&mut rng, &real, MUTATION_COUNT * scale);
    tag(&mut out, mutated, Origin::Mutation);
    without_repeats(out)
}

/// Appends `items` to `out`, each with its `origin`.
fn tag(out: &mut Vec<(String, Origin)>, items: impl IntoIterator<Item = String>, origin: Origin) {
    out.extend(items.into_iter().map(|s| (s, origin)));
}

/// `inputs` without repeats: the first of each text stays, in order.
fn without_repeats(mut inputs: Vec<(String, Origin)>) -> Vec<(String, Origin)> {
    let mut seen = BTreeSet::new();
    inputs.retain(|(s, _)| seen.insert(s.clone()));
    inputs
}

/// A relative reference made for resolution: dot segments, empty segments,
/// `//` starts, queries and fragments.
fn relative_path_reference(rng: &mut Rng) -> String {
    const PIECES: &[&str] = &["..", ".", "", "g", "h", "%2E", "a:b", ";x", "..."];
    let mut s = String::new();
    match rng.below(6) {
        0 => s.push('/'),
        1 => s.push_str("./"),
        _ => {}
    }
    let count = rng.below(5);
    for i in 0..count {
        if i > 0 {
            s.push('/');
        }
        let piece = rng.pick(PIECES);
        // `a:b` may not be a relative reference's first segment (§4.2).
        if i == 0 && piece == "a:b" && !s.starts_with('/') {
            s.push_str("./");
        }
        s.push_str(piece);
    }
    if rng.chance(20) {
        s.push('/');
    }
    if rng.chance(15) {
        s.push_str("?y");
    }
    if rng.chance(15) {
        s.push_str("#s");
    }
    s
}

/// The `(base, reference)` pairs to resolve, without repeats: the vector
/// pairs, then every base of a set (the vector bases and generated URIs,
/// with and without authority, with empty, rootless and dotted paths)
/// against every reference of a set (the vector references, generated
/// references and dot-segment paths); the generated bases times [`scale`].
/// Only pairs that urikit parses are kept: a parse difference is the parse
/// test's business.
///
/// # Examples
///
/// ```no_run
/// let pairs = urikit_differential::corpus::resolve_pairs();
/// assert!(pairs.len() > 5_000);
/// ```
pub fn resolve_pairs() -> Vec<(String, String)> {
    let mut rng = Rng::new(SEED ^ 0x5EED);
    let vector_pairs = vector_resolutions();
    let mut bases: Vec<String> = vector_pairs.iter().map(|(b, _)| b.clone()).collect();
    bases.extend(
        [
            "a:",
            "a:b",
            "a:/",
            "a:b/c",
            "a:/b/c/d",
            "s://h",
            "s://h/",
            "s://",
            "s:///",
            "s://h/a/b/../c/./d",
            "s:a/../b",
            "s:/./a",
            "s:.//a",
            "s:?q",
            "http://a/b/c/d;p?q#f",
            "file:///etc/hosts",
            "mailto:a@b",
            "urn:x:y",
        ]
        .map(str::to_owned),
    );
    let mut generated_bases = 0;
    while generated_bases < 40 * scale() {
        let candidate = reference(&mut rng);
        if urikit::Uri::parse(&candidate).is_ok() {
            bases.push(candidate);
            generated_bases += 1;
        }
    }
    let bases = dedup(bases);

    let mut references: Vec<String> = vector_pairs.iter().map(|(_, r)| r.clone()).collect();
    references.extend((0..80).map(|_| relative_path_reference(&mut rng)));
    let mut generated = 0;
    while generated < 60 {
        let candidate = reference(&mut rng);
        if urikit::UriReference::parse(&candidate).is_ok() {
            references.push(candidate);
            generated += 1;
        }
    }
    let references = dedup(references);

    let mut pairs = vector_pairs;
    for base in &bases {
        for reference in &references {
            pairs.push((base.clone(), reference.clone()));
        }
    }
    let mut pairs = dedup(pairs);
    pairs.retain(|(b, r)| urikit::Uri::parse(b).is_ok() && urikit::UriReference::parse(r).is_ok());
    pairs
}

// ------------------------------------------------------------------ IRIs

/// How many grammar-assembled IRI references [`iri_inputs`] takes.
pub const IRI_GRAMMAR_COUNT: usize = 12_000;

/// How many mutated IRIs of the corpus [`iri_inputs`] takes.
pub const IRI_MUTATION_COUNT: usize = 8_000;

/// Non-ASCII characters at the edges of what RFC 3987 §2.2 allows, and
/// past them: `ucschar` (the first and last of its ranges, and common
/// letters of several scripts), `iprivate` (only in a query), the
/// bidirectional formatting characters (§4.1: "MUST NOT" appear), and
/// characters in neither rule (C1 controls, noncharacters, specials, tags,
/// the planes' last two code points).
pub const NON_ASCII: &[&str] = &[
    // ucschar
    "é",
    "ü",
    "ß",
    "Ж",
    "Ω",
    "東京",
    "ภาษา",
    "हिन्दी",
    "🦀",
    "\u{A0}",
    "\u{D7FF}",
    "\u{F900}",
    "\u{FDCF}",
    "\u{FDF0}",
    "\u{FFEF}",
    "\u{10000}",
    "\u{1FFFD}",
    "\u{20000}",
    "\u{DFFFD}",
    "\u{E1000}",
    "\u{EFFFD}",
    "\u{200B}",
    "\u{200D}",
    "\u{FEFF}",
    "\u{2028}",
    "\u{301}",
    "\u{FF0F}",
    "\u{FF20}",
    "\u{3002}",
    "\u{FF10}",
    // iprivate
    "\u{E000}",
    "\u{F8FF}",
    "\u{F0000}",
    "\u{FFFFD}",
    "\u{100000}",
    "\u{10FFFD}",
    // bidirectional formatting: RFC 3987's seven, and Unicode 6.3's isolates
    "\u{200E}",
    "\u{200F}",
    "\u{202A}",
    "\u{202B}",
    "\u{202C}",
    "\u{202D}",
    "\u{202E}",
    "\u{2066}",
    "\u{2067}",
    "\u{2068}",
    "\u{2069}",
    // neither ucschar nor iprivate
    "\u{80}",
    "\u{9F}",
    "\u{FDD0}",
    "\u{FDEF}",
    "\u{FFF0}",
    "\u{FFFD}",
    "\u{FFFE}",
    "\u{FFFF}",
    "\u{1FFFE}",
    "\u{E0001}",
    "\u{E0FFF}",
    "\u{EFFFE}",
    "\u{FFFFE}",
    "\u{10FFFF}",
];

/// Registered names of IRIs: IDNs, mixed scripts, look-alikes, `xn--`
/// labels, percent-encoded UTF-8.
const IRI_REG_NAMES: &[&str] = &[
    "bücher.example",
    "пример.испытание",
    "中国.cn",
    "münchen.de",
    "xn--bcher-kva.example",
    "r%C3%A9sum%C3%A9.example",
    "é",
    "аpple.com",
    "ex\u{FF0F}ample.com",
    "a\u{3002}b",
    "\u{E000}.example",
    "\u{200E}ltr.example",
];

/// A random non-ASCII piece from [`NON_ASCII`], or (half the time) one
/// of the first thirty, the `ucschar` most text is made of.
fn non_ascii(rng: &mut Rng) -> &'static str {
    if rng.chance(50) {
        rng.pick(&NON_ASCII[..30])
    } else {
        rng.pick(NON_ASCII)
    }
}

/// One IRI reference: an RFC 3986 reference of [`reference`] or one
/// shaped like an IRI (a scheme, an IDN host, path segments, a query and
/// a fragment with non-ASCII text), with one to three [`NON_ASCII`]
/// pieces inserted anywhere, the scheme, the port and IP literals
/// included.
fn iri_reference(rng: &mut Rng) -> String {
    let mut s = if rng.chance(50) {
        reference(rng)
    } else {
        let mut s = String::new();
        if rng.chance(85) {
            s.push_str(rng.pick(&["http", "https", "urn", "s", "file"]));
            s.push(':');
        }
        if rng.chance(75) {
            s.push_str("//");
            if rng.chance(30) {
                s.push_str(rng.pick(&["ü", "u:ß", "用户:密码", "\u{E000}", "a%C3", "\u{200F}"]));
                s.push('@');
            }
            s.push_str(if rng.chance(50) {
                rng.pick(IRI_REG_NAMES)
            } else {
                rng.pick(REG_NAMES)
            });
            if rng.chance(15) {
                s.push(':');
                s.push_str(rng.pick(&["80", "", "8é", "\u{FF18}\u{FF10}"]));
            }
        }
        for _ in 0..rng.below(4) {
            s.push('/');
            s.push_str(if rng.chance(50) {
                non_ascii(rng)
            } else {
                rng.pick(SEGMENTS)
            });
        }
        if rng.chance(40) {
            s.push('?');
            for _ in 0..rng.below(3) {
                s.push_str(non_ascii(rng));
                s.push_str(rng.pick(QUERY_PIECES));
            }
        }
        if rng.chance(25) {
            s.push('#');
            s.push_str(non_ascii(rng));
        }
        s
    };
    for _ in 0..1 + rng.below(3) {
        let boundaries: Vec<usize> = (0..=s.len()).filter(|&i| s.is_char_boundary(i)).collect();
        let at = rng.pick(&boundaries);
        s.insert_str(at, non_ascii(rng));
    }
    s
}

/// `count` IRI references, each an RFC 3986 reference of the [`grammar`]
/// generator or one shaped like an IRI (a scheme, an IDN host, path
/// segments, a query and a fragment with non-ASCII text), with one to
/// three [`NON_ASCII`] pieces inserted anywhere, the scheme, the port and
/// IP literals included.
///
/// # Examples
///
/// ```
/// use urikit_differential::{corpus, rng::Rng};
///
/// let iris = corpus::iri_grammar(&mut Rng::new(1), 10);
/// assert!(iris.iter().all(|s| !s.is_ascii()));
/// ```
pub fn iri_grammar(rng: &mut Rng, count: usize) -> Vec<String> {
    (0..count).map(|_| iri_reference(rng)).collect()
}

/// The lines of the IRI benchmark corpus, `iri-1in2.txt`; nothing if it
/// is missing.
///
/// # Examples
///
/// ```
/// let iris = urikit_differential::corpus::iri_corpus();
/// assert!(iris.iter().all(|s| !s.is_ascii()));
/// ```
pub fn iri_corpus() -> Vec<String> {
    std::fs::read_to_string(bench_data_dir().join("iri-1in2.txt"))
        .map(|text| text.lines().map(str::to_owned).collect())
        .unwrap_or_default()
}

/// `count` IRIs of `lines` with one to three edits each: a [`NON_ASCII`]
/// piece or a [`MUTATION_BYTES`] string inserted, or a character
/// deleted or replaced by one of them.
fn iri_mutations(rng: &mut Rng, lines: &[String], count: usize) -> Vec<String> {
    if lines.is_empty() {
        return Vec::new();
    }
    (0..count)
        .map(|_| {
            let mut s = lines[rng.below(lines.len())].clone();
            for _ in 0..1 + rng.below(3) {
                let at = edit_at(rng, &s);
                let piece = if rng.chance(60) {
                    non_ascii(rng)
                } else {
                    rng.pick(MUTATION_BYTES)
                };
                edit(&mut s, at, rng.below(3), piece);
            }
            s
        })
        .collect()
}

/// Every input of the IRI comparison, without repeats, with where it
/// came from: the vector inputs (every URI is an IRI), every line of
/// `iri-1in2.txt`, [`IRI_GRAMMAR_COUNT`] references of the IRI generator
/// and [`IRI_MUTATION_COUNT`] mutated lines of the corpus; the generated
/// counts times [`scale`].
///
/// # Examples
///
/// ```no_run
/// let inputs = urikit_differential::corpus::iri_inputs();
/// assert!(inputs.len() > 20_000);
/// ```
pub fn iri_inputs() -> Vec<(String, Origin)> {
    let mut rng = Rng::new(SEED ^ 0x3987);
    let scale = scale();
    let corpus = iri_corpus();
    let mut out: Vec<(String, Origin)> = Vec::new();
    tag(&mut out, vector_inputs(), Origin::Vector);
    tag(&mut out, corpus.iter().cloned(), Origin::Real);
    let generated = iri_grammar(&mut rng, IRI_GRAMMAR_COUNT * scale);
    tag(&mut out, generated, Origin::Grammar);
    let mutated = iri_mutations(&mut rng, &corpus, IRI_MUTATION_COUNT * scale);
    tag(&mut out, mutated, Origin::Mutation);
    without_repeats(out)
}
