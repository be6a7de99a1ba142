//! Hostile URIs of real schemes through `urikit::schemes`:
//! `vectors/hostile-schemes.json`, and linear time on the same shapes.
//!
//! Each record gives an input, written out or made by repeating a unit
//! (`repeat`: `prefix`, `unit` × `count`, `suffix`, so that the 10 MB and
//! million-character inputs are built here, not stored), and what
//! `Registry::standard()` must make of it: whether it is valid, every
//! violation in order (`[severity, kind, byte]`), which fields the report
//! holds and some of them, the normal form (`Registry::normalize`), and
//! for a file URI what `to_path` gives for each OS. The groups: header
//! injection in mailto (`%0D%0A` in a header field, RFC 6068 §7), path
//! traversal in file (`..` and `%2F`, `%5C`, `%00`, RFC 8089), and sizes:
//! a `data:` URI of 10 MB (RFC 2397), a `tel:` number of a million digits
//! (RFC 3966), a 10 MB host and a 10 MB URN. The expectations were worked
//! out by hand from the RFCs and the rules each scheme documents (as
//! `vectors/README.md` says for `hostile.json`); `docs/security.md` says
//! what each group is about.
//!
//! Linear time is shown as `large_input.rs` shows it, as a ratio, never
//! as a wall-clock limit: the median time to check, normalize (and, for
//! `file:`, convert to a path) an input of size 4N over the median time
//! for size N must stay well under 16 (what a quadratic algorithm would
//! show), below 12 to leave room for noise on a small, shared machine.
//!
//! The vector test and the timing work on inputs of megabytes: the first
//! takes `crate::big_input()`, the second `crate::timing()`, so that no
//! other timing and no 10 MB test of the binary runs beside the timing.

use std::collections::BTreeSet;
use std::hint::black_box;
use std::time::{Duration, Instant};

use serde::Deserialize;
use urikit::Uri;
use urikit::schemes::{Fields, Os, Registry, to_path};
use urikit_tests::vectors::{Vector, load, name_problems, run};

/// The hostile scheme vectors.
const FILE: &str = "hostile-schemes.json";

/// The groups the file must cover.
const GROUPS: &[&str] = &[
    "mailto-injection",
    "file-traversal",
    "data-size",
    "tel-size",
    "http-size",
    "urn-size",
];

/// A text written out, or made by repeating a unit.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub(crate) enum Text {
    /// The text itself.
    Literal(String),
    /// `prefix`, then `unit` `count` times, then `suffix`.
    Repeat {
        prefix: String,
        unit: String,
        count: usize,
        #[serde(default)]
        suffix: String,
    },
}

impl Text {
    /// The text.
    pub(crate) fn make(&self) -> String {
        match self {
            Text::Literal(s) => s.clone(),
            Text::Repeat {
                prefix,
                unit,
                count,
                suffix,
            } => format!("{prefix}{}{suffix}", unit.repeat(*count)),
        }
    }

    /// The text, or how it is made: for a report.
    pub(crate) fn show(&self) -> String {
        match self {
            Text::Literal(s) => s.clone(),
            Text::Repeat {
                prefix,
                unit,
                count,
                suffix,
            } => format!("{prefix:?} + {unit:?} × {count} + {suffix:?}"),
        }
    }
}

/// What `to_path` gives for one OS: a path or an error `[kind, index]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PathOutcome {
    #[serde(default)]
    path: Option<String>,
    #[serde(default)]
    error: Option<(String, usize)>,
}

/// `to_path` for each OS.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ToPath {
    posix: PathOutcome,
    windows: PathOutcome,
}

/// One record of `hostile-schemes.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    name: String,
    source: String,
    /// The input, written out; or `repeat`.
    #[serde(default)]
    input: Option<String>,
    /// The input, made by repetition.
    #[serde(default)]
    repeat: Option<Text>,
    /// `Report::is_valid`.
    valid: bool,
    /// Every violation, in order: `[severity, kind, index]` (by index,
    /// errors first, then by kind).
    violations: Vec<(String, String, usize)>,
    /// The variant of `Fields` the report holds (`None`, `Mailto`, …).
    fields: String,
    /// mailto: `Mailto::to`.
    #[serde(default)]
    to: Option<Vec<String>>,
    /// mailto: `Mailto::headers`.
    #[serde(default)]
    headers: Option<Vec<(String, String)>>,
    /// data: `Data::media_type`.
    #[serde(default)]
    media_type: Option<String>,
    /// data: `Data::is_base64`.
    #[serde(default)]
    base64: Option<bool>,
    /// data: `Data::data_len`, and the length of `Data::decode`.
    #[serde(default)]
    data_len: Option<usize>,
    /// data: the first bytes of `Data::decode`, as text.
    #[serde(default)]
    decoded_prefix: Option<String>,
    /// tel: `Tel::is_global`.
    #[serde(default)]
    global: Option<bool>,
    /// tel: `Tel::digits`.
    #[serde(default)]
    digits: Option<Text>,
    /// urn: `Urn::nid`.
    #[serde(default)]
    nid: Option<String>,
    /// `Registry::normalize`.
    #[serde(default)]
    normalized: Option<Text>,
    /// `to_path` for each OS.
    #[serde(default)]
    to_path: Option<ToPath>,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

impl Record {
    /// The input's text.
    fn text(&self) -> Option<Text> {
        match (&self.input, &self.repeat) {
            (Some(s), None) => Some(Text::Literal(s.clone())),
            (None, Some(t @ Text::Repeat { .. })) => Some(t.clone()),
            _ => None,
        }
    }
}

impl Vector for Record {
    fn id(&self) -> String {
        self.name.clone()
    }
    fn source(&self) -> &str {
        &self.source
    }
    fn input(&self) -> String {
        self.text().map_or_else(|| "?".to_owned(), |t| t.show())
    }
}

/// The name of a `Fields` variant.
fn variant(fields: &Fields) -> &'static str {
    match fields {
        Fields::None => "None",
        Fields::Http(_) => "Http",
        Fields::Mailto(_) => "Mailto",
        Fields::Urn(_) => "Urn",
        Fields::Tel(_) => "Tel",
        Fields::File(_) => "File",
        Fields::Data(_) => "Data",
        Fields::Ldap(_) => "Ldap",
        Fields::News(_) => "News",
        Fields::Ftp(_) => "Ftp",
        _ => "?",
    }
}

/// A long text shortened for a report.
fn short(text: &str) -> String {
    if text.len() <= 120 {
        format!("{text:?}")
    } else {
        let head: String = text.chars().take(60).collect();
        format!("{head:?}… ({} bytes)", text.len())
    }
}

/// Compares a result with an expectation, if there is one.
fn expect<T: PartialEq + std::fmt::Debug + ?Sized>(
    problems: &mut Vec<String>,
    what: &str,
    want: Option<&T>,
    got: &T,
) {
    if let Some(want) = want {
        if got != want {
            problems.push(format!("{what}: got {got:?}, expected {want:?}"));
        }
    }
}

/// `to_path`'s outcome as the record writes it.
fn path_outcome(uri: Uri<'_>, os: Os) -> (Option<String>, Option<(String, usize)>) {
    match to_path(uri, os) {
        Ok(path) => (Some(path), None),
        Err(e) => (None, Some((e.kind().name().to_owned(), e.index()))),
    }
}

/// Checks one record.
fn check(registry: &Registry, r: &Record) -> Vec<String> {
    let mut problems = Vec::new();
    let Some(text) = r.text() else {
        return vec!["a record has `input` or a `repeat`, not both".to_owned()];
    };
    let input = text.make();
    let uri = match Uri::parse(&input) {
        Ok(uri) => uri,
        Err(e) => return vec![format!("not a URI: {e}")],
    };
    let report = registry.check(uri);
    if report.is_valid() != r.valid {
        problems.push(format!("valid: {}", report.is_valid()));
    }
    let mut found: Vec<(String, String, usize)> = report
        .violations()
        .iter()
        .map(|v| {
            (
                v.severity().as_str().to_owned(),
                v.kind().to_owned(),
                v.index(),
            )
        })
        .collect();
    // `Report` orders by byte, errors first (`"error" < "warning"`); the
    // violations of one severity at one byte come in the order the rules
    // ran, which no document fixes: those are compared in kind order.
    found.sort_by(|a, b| a.2.cmp(&b.2).then(a.0.cmp(&b.0)).then(a.1.cmp(&b.1)));
    if found != r.violations {
        problems.push(format!("violations: {found:?}"));
    }
    let fields = report.fields();
    if variant(fields) != r.fields {
        problems.push(format!("fields: {}", variant(fields)));
    }
    match fields {
        Fields::Mailto(m) => {
            expect(&mut problems, "to", r.to.as_ref(), &m.to().to_vec());
            expect(
                &mut problems,
                "headers",
                r.headers.as_ref(),
                &m.headers().to_vec(),
            );
        }
        Fields::Data(d) => {
            expect(
                &mut problems,
                "media_type",
                r.media_type.as_deref(),
                d.media_type(),
            );
            expect(&mut problems, "base64", r.base64.as_ref(), &d.is_base64());
            let decoded = d.decode();
            expect(
                &mut problems,
                "data_len",
                r.data_len.as_ref(),
                &d.data_len(),
            );
            expect(
                &mut problems,
                "decoded length",
                r.data_len.as_ref(),
                &decoded.len(),
            );
            if let Some(prefix) = &r.decoded_prefix {
                if !decoded.starts_with(prefix.as_bytes()) {
                    problems.push(format!(
                        "decoded: {:?}…",
                        String::from_utf8_lossy(&decoded[..decoded.len().min(20)])
                    ));
                }
            }
        }
        Fields::Tel(t) => {
            expect(&mut problems, "global", r.global.as_ref(), &t.is_global());
            if let Some(digits) = &r.digits {
                if t.digits() != digits.make() {
                    problems.push(format!("digits: {}", short(t.digits())));
                }
            }
        }
        Fields::Urn(u) => expect(&mut problems, "nid", r.nid.as_deref(), u.nid()),
        _ => {}
    }
    if let Some(normalized) = &r.normalized {
        let normal = registry.normalize(uri);
        if normal.as_str() != normalized.make() {
            problems.push(format!("normalized: {}", short(normal.as_str())));
        }
    }
    if let Some(to) = &r.to_path {
        for (os, want) in [(Os::Posix, &to.posix), (Os::Windows, &to.windows)] {
            let (path, error) = path_outcome(uri, os);
            if (&path, &error) != (&want.path, &want.error) {
                problems.push(format!("to_path({os:?}): {path:?} / {error:?}"));
            }
        }
    }
    problems
}

#[test]
fn hostile_scheme_vectors() {
    let _big = crate::big_input();
    let registry = Registry::standard();
    run(FILE, |r: &Record| check(&registry, r));
}

/// The file's shape: `<group>-<n>` names, every group of [`GROUPS`], and
/// each record's input given one way.
#[test]
fn hostile_scheme_vectors_cover_every_group() {
    let records: Vec<Record> = load(FILE);
    let mut problems = name_problems(records.iter().map(|r| (r.name.as_str(), r.source.as_str())));
    let groups: BTreeSet<&str> = records
        .iter()
        .filter_map(|r| r.name.rsplit_once('-').map(|(g, _)| g))
        .collect();
    for group in GROUPS {
        if !groups.contains(group) {
            problems.push(format!("no record in group {group}"));
        }
    }
    for group in &groups {
        if !GROUPS.contains(group) {
            problems.push(format!("group {group} is not in GROUPS"));
        }
    }
    for r in &records {
        if r.text().is_none() {
            problems.push(format!("{}: `input` or `repeat`, one of them", r.name));
        }
    }
    assert!(problems.is_empty(), "{FILE}:\n{}", problems.join("\n"));
}

/// `prefix`, then `unit` repeated until the text is at least `len` bytes,
/// then `suffix` (as in `large_input.rs`).
fn repeat(prefix: &str, unit: &str, len: usize, suffix: &str) -> String {
    let count = len
        .saturating_sub(prefix.len() + suffix.len())
        .div_ceil(unit.len());
    format!("{prefix}{}{suffix}", unit.repeat(count))
}

/// A family of inputs: the input of about `n` bytes.
type Make = fn(usize) -> String;

/// The shapes of the vector file's groups, and a few that tempt a
/// rescan: many header fields and addresses, many dot segments, many
/// `tel` parameters.
const SHAPES: &[(&str, Make)] = &[
    ("mailto: injected header fields", |n| {
        repeat("mailto:a@b?", "subject=x%0D%0ABcc:evil@c&", n, "body=x")
    }),
    ("mailto: addresses", |n| {
        repeat("mailto:", "a@Example.com,", n, "b@c")
    }),
    ("data: base64", |n| {
        repeat("data:text/plain;base64,", "QUJD", n, "")
    }),
    ("data: triplets", |n| repeat("data:,", "%41", n, "")),
    ("file: dot segments", |n| {
        repeat("file:///", "a/../", n, "etc")
    }),
    ("file: `..%2F`", |n| {
        repeat("file:///srv/", "..%2F", n, "etc")
    }),
    ("file: `..` above a drive", |n| {
        repeat("file:///C:/", "../", n, "x")
    }),
    ("tel: digits", |n| repeat("tel:+", "1", n, "")),
    ("tel: visual separators", |n| repeat("tel:+1", "-2", n, "")),
    ("tel: parameters", |n| repeat("tel:+1", ";a=b", n, "")),
    ("http: host labels", |n| repeat("http://", "a.", n, "b/")),
    ("urn: NSS", |n| repeat("urn:example:", "a%2F", n, "")),
];

/// Checks and normalizes `input` with the standard registry (and, for a
/// file URI, converts it to a path for each OS).
fn work(registry: &Registry, input: &str) -> usize {
    let Ok(uri) = Uri::parse(input) else {
        return 0;
    };
    let report = registry.check(uri);
    let normal = registry.normalize(uri);
    let mut paths = 0;
    if uri.scheme() == "file" {
        for os in [Os::Posix, Os::Windows] {
            paths += to_path(uri, os).map_or(0, |p| p.len());
        }
    }
    report.violations().len() ^ normal.as_str().len() ^ paths
}

/// The median of `runs` timings of `work(input)`.
fn median_time(registry: &Registry, input: &str, runs: usize) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(work(registry, black_box(input)));
            start.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

/// The ratio time(4n) / time(n) for `make`: the median of three ratios,
/// each of medians of `RUNS` timings, after a warm-up.
fn ratio(registry: &Registry, make: Make, n: usize) -> f64 {
    const RUNS: usize = 9;
    let small = make(n);
    let large = make(4 * n);
    black_box(work(registry, &small));
    black_box(work(registry, &large));
    let mut ratios: Vec<f64> = (0..3)
        .map(|_| {
            // Interleaved, so that a slow spell of the machine hits both sizes.
            let t_small = median_time(registry, &small, RUNS);
            let t_large = median_time(registry, &large, RUNS);
            t_large.as_secs_f64() / t_small.as_secs_f64().max(1e-9)
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    ratios[1]
}

#[test]
fn checking_time_grows_linearly() {
    let _timing = crate::timing();
    /// Linear is 4, quadratic 16.
    const LIMIT: f64 = 12.0;
    /// Measurements per shape before calling it superlinear: a busy machine
    /// can spoil one, not a quadratic algorithm's every one.
    const ATTEMPTS: usize = 5;
    let registry = Registry::standard();
    let mut report = Vec::new();
    let mut failed = false;
    for &(name, make) in SHAPES {
        // Pick n so that the small input takes a measurable time (at least
        // 2 ms), whatever the build profile and the machine.
        let mut n = 16 * 1024;
        while n < 4 * 1024 * 1024 && median_time(&registry, &make(n), 3) < Duration::from_millis(2)
        {
            n *= 2;
        }
        let mut ratios = Vec::new();
        while ratios.len() < ATTEMPTS {
            let r = ratio(&registry, make, n);
            ratios.push(r);
            if r < LIMIT {
                break;
            }
        }
        let best = ratios.iter().copied().fold(f64::INFINITY, f64::min);
        failed |= best >= LIMIT;
        report.push(format!(
            "{name}: n = {n} bytes, time(4n) / time(n) = {best:.2} (attempts: {ratios:.2?})"
        ));
    }
    let report = report.join("\n");
    println!("{report}");
    assert!(
        !failed,
        "checking time grows faster than linearly (limit {LIMIT}):\n{report}"
    );
}
