//! Attacks that cross layers: `vectors/hostile-mixed.json`, each record
//! checked through every layer it names, and timed at two sizes.
//!
//! A record gives an input (written out, or made by repetition as in
//! `hostile-schemes.json`) and what each layer must make of it: the URI
//! parser; for an IRI, its host, the RFC 3987 §3.1 mapping (with and
//! without IDNA), the display form and NFC; the hand-made NFKC form and the
//! other authority it would have; the scheme's check of the URI (the input
//! itself, or the IRI mapped to a URI) with its fields and normal form;
//! for a mailto address, how its domain shows as a host. The groups: a
//! mailto with a homograph domain and an injected header, IRIs whose NFKC
//! form has another authority, a `data:` URI of 50 MiB and a `tel:` number
//! with a million separators. `vectors/README.md` describes the fields and
//! `docs/security.md` what each attack is about.
//!
//! Each record's `scale` is a shape timed at N and 4N units with the
//! operations the record checks, measured by `hostile.rs`'s
//! [`linear`](crate::hostile::linear): time(4N) / time(N) must stay under
//! its limit (linear is 4, quadratic 16). The vector test takes
//! `crate::big_input()` (it builds 50 MiB), the timing `crate::timing()`.

use std::collections::BTreeSet;
use std::hint::black_box;

use serde::Deserialize;
use urikit::iri::{HostMapping, Normalization, display, normalize, to_uri, to_uri_with};
use urikit::schemes::{Fields, Registry};
use urikit::{IriReference, Uri, UriReference};
use urikit_tests::vectors::{Vector, load, name_problems, run};

use crate::hostile::{LIMIT, linear};
use crate::hostile_schemes::Text;

/// The mixed vectors.
const FILE: &str = "hostile-mixed.json";

/// The groups the file must cover, one per attack of issue 20.
const GROUPS: &[&str] = &["mixed-mailto", "mixed-nfkc", "mixed-data", "mixed-tel"];

/// What the IRI layer must make of the input.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct IriOutcome {
    /// `host_str`.
    host: Option<String>,
    /// `to_uri`.
    to_uri: String,
    /// `to_uri_with(_, HostMapping::Idna)`.
    idna: Mapped,
    /// `display(_).to_string()`.
    display: String,
    /// `normalize(_, Normalization::Nfc)`.
    nfc: String,
}

/// A mapping's text, or its error `[kind, index]`.
#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "lowercase")]
enum Mapped {
    Text(String),
    Error((String, usize)),
}

/// The NFKC form of the input, mapped by hand, and its host.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Nfkc {
    text: String,
    host: String,
}

/// What `Registry::standard()` must make of the URI.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SchemeOutcome {
    valid: bool,
    violations: Vec<(String, String, usize)>,
    fields: String,
    #[serde(default)]
    to: Option<Vec<String>>,
    #[serde(default)]
    headers: Option<Vec<(String, String)>>,
    #[serde(default)]
    base64: Option<bool>,
    #[serde(default)]
    data_len: Option<usize>,
    #[serde(default)]
    decoded_prefix: Option<String>,
    #[serde(default)]
    global: Option<bool>,
    #[serde(default)]
    digits: Option<String>,
    #[serde(default)]
    normalized: Option<Text>,
}

/// The shape timed at N and 4N units: `prefix`, `unit` × n, `suffix`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Scale {
    prefix: String,
    unit: String,
    suffix: String,
}

/// One record of `hostile-mixed.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    name: String,
    source: String,
    #[serde(default)]
    input: Option<String>,
    #[serde(default)]
    repeat: Option<Text>,
    uri_error: Option<(String, usize)>,
    #[serde(default)]
    iri: Option<IriOutcome>,
    #[serde(default)]
    nfkc: Option<Nfkc>,
    scheme: SchemeOutcome,
    #[serde(default)]
    domain_display: Option<String>,
    scale: Scale,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

impl Record {
    /// The input's text, or `None` when the record gives both or neither.
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

/// The standard registry, built once.
fn registry() -> &'static Registry {
    Registry::shared()
}

/// At most 80 characters of `text`, for a report.
fn short(text: &str) -> String {
    if text.chars().count() <= 80 {
        return format!("{text:?}");
    }
    let head: String = text.chars().take(80).collect();
    format!("{head:?}… ({} bytes)", text.len())
}

/// Adds a problem when `got` is not `want`.
fn same(problems: &mut Vec<String>, what: &str, got: &str, want: &str) {
    if got != want {
        problems.push(format!(
            "{what}: got {}, expected {}",
            short(got),
            short(want)
        ));
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
        _ => "other",
    }
}

/// Every problem with one record.
fn check(r: &Record) -> Vec<String> {
    let mut problems = Vec::new();
    let Some(text) = r.text() else {
        return vec!["give `input` or `repeat`, not both".into()];
    };
    let input = text.make();
    let got = UriReference::parse(&input)
        .err()
        .map(|e| (e.kind().name().to_owned(), e.index()));
    if got != r.uri_error {
        problems.push(format!(
            "uri parse: got {got:?}, expected {:?}",
            r.uri_error
        ));
    }

    // The URI the scheme layer reads: the input, or the IRI mapped.
    let mut uri_text = input.clone();
    if let Some(want) = &r.iri {
        match IriReference::parse(&input) {
            Err(e) => problems.push(format!("not an IRI: {e}")),
            Ok(iri) => {
                if iri.host_str() != want.host.as_deref() {
                    problems.push(format!(
                        "host: got {:?}, expected {:?}",
                        iri.host_str(),
                        want.host
                    ));
                }
                uri_text = to_uri(iri).into_string();
                same(&mut problems, "to_uri", &uri_text, &want.to_uri);
                let idna = match to_uri_with(iri, HostMapping::Idna) {
                    Ok(u) => Mapped::Text(u.into_string()),
                    Err(e) => Mapped::Error((e.kind().name().to_owned(), e.index())),
                };
                if idna != want.idna {
                    problems.push(format!("idna: got {idna:?}, expected {:?}", want.idna));
                }
                same(
                    &mut problems,
                    "display",
                    &display(iri).to_string(),
                    &want.display,
                );
                let nfc = normalize(iri, Normalization::Nfc);
                same(&mut problems, "nfc", nfc.as_str(), &want.nfc);
                if let Some(nfkc) = &r.nfkc {
                    match UriReference::parse(&nfkc.text) {
                        Ok(u) => {
                            if u.host_str() != Some(nfkc.host.as_str()) {
                                problems.push(format!(
                                    "the NFKC form's host is {:?}, not {:?}",
                                    u.host_str(),
                                    nfkc.host
                                ));
                            }
                            if iri.host_str() == Some(nfkc.host.as_str()) {
                                problems.push("the NFKC form has the same host".into());
                            }
                        }
                        Err(e) => problems.push(format!("the NFKC form is not a URI: {e}")),
                    }
                }
            }
        }
    }

    let uri = match Uri::parse(&uri_text) {
        Ok(u) => u,
        Err(e) => {
            problems.push(format!("the URI {} does not parse: {e}", short(&uri_text)));
            return problems;
        }
    };
    let want = &r.scheme;
    let report = registry().check(uri);
    if report.is_valid() != want.valid {
        problems.push(format!("valid: got {}", report.is_valid()));
    }
    let violations: Vec<(String, String, usize)> = report
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
    if violations != want.violations {
        problems.push(format!(
            "violations: got {violations:?}, expected {:?}",
            want.violations
        ));
    }
    if variant(report.fields()) != want.fields {
        problems.push(format!("fields: got {}", variant(report.fields())));
    }
    match report.fields() {
        Fields::Mailto(m) => {
            if want.to.as_ref().is_some_and(|to| to != m.to()) {
                problems.push(format!("to: got {:?}", m.to()));
            }
            if want.headers.as_ref().is_some_and(|h| h != m.headers()) {
                problems.push(format!("headers: got {:?}", m.headers()));
            }
            if let Some(want_shown) = &r.domain_display {
                let domain = m
                    .to()
                    .first()
                    .and_then(|a| a.rsplit_once('@'))
                    .map(|(_, d)| d);
                let host = format!("http://{}/", domain.unwrap_or_default());
                match IriReference::parse(&host) {
                    Ok(h) => same(
                        &mut problems,
                        "domain_display",
                        &display(h).to_string(),
                        want_shown,
                    ),
                    Err(e) => problems.push(format!("the domain is not a host: {e}")),
                }
            }
        }
        Fields::Data(d) => {
            if want.base64.is_some_and(|b| b != d.is_base64()) {
                problems.push(format!("base64: got {}", d.is_base64()));
            }
            if want.data_len.is_some_and(|n| n != d.data_len()) {
                problems.push(format!("data_len: got {}", d.data_len()));
            }
            if want.data_len.is_some() || want.decoded_prefix.is_some() {
                let bytes = d.decode();
                if want.data_len.is_some_and(|n| n != bytes.len()) {
                    problems.push(format!("decoded {} bytes", bytes.len()));
                }
                if let Some(prefix) = &want.decoded_prefix {
                    if !bytes.starts_with(prefix.as_bytes()) {
                        problems.push(format!(
                            "decoded: {}",
                            short(&String::from_utf8_lossy(&bytes))
                        ));
                    }
                }
            }
        }
        Fields::Tel(t) => {
            if want.global.is_some_and(|g| g != t.is_global()) {
                problems.push(format!("global: got {}", t.is_global()));
            }
            if let Some(digits) = &want.digits {
                same(&mut problems, "digits", t.digits(), digits);
            }
        }
        _ => {}
    }
    if let Some(normalized) = &want.normalized {
        same(
            &mut problems,
            "normalized",
            registry().normalize(uri).as_str(),
            &normalized.make(),
        );
    }
    problems
}

#[test]
fn hostile_mixed_vectors() {
    let _big = crate::big_input();
    run(FILE, check);
}

#[test]
fn hostile_mixed_names_cover_every_group() {
    let records: Vec<Record> = load(FILE);
    let problems = name_problems(records.iter().map(|r| (r.name.as_str(), r.source.as_str())));
    assert!(problems.is_empty(), "{problems:#?}");
    let groups: BTreeSet<&str> = records
        .iter()
        .filter_map(|r| r.name.rsplit_once('-').map(|(g, _)| g))
        .collect();
    for group in GROUPS {
        assert!(groups.contains(group), "no record of group {group}");
    }
}

/// Every layer a record checks, on `input`: the IRI layer (when the input
/// is an IRI that is not a URI), then the scheme check and normal form of
/// the URI. Returns the bytes the normal form holds.
fn every_layer(input: &str) -> usize {
    let mut uri_text = None;
    if UriReference::parse(input).is_err() {
        if let Ok(iri) = IriReference::parse(input) {
            black_box(to_uri_with(iri, HostMapping::Idna).is_ok());
            black_box(display(iri).to_string());
            black_box(normalize(iri, Normalization::Nfc));
            uri_text = Some(to_uri(iri).into_string());
        }
    }
    let text = uri_text.as_deref().unwrap_or(input);
    let Ok(uri) = Uri::parse(text) else {
        return 0;
    };
    black_box(registry().check(uri));
    registry().normalize(uri).as_str().len()
}

#[test]
fn every_mixed_attack_takes_linear_time() {
    let records: Vec<Record> = load(FILE);
    let _timing = crate::timing();
    let mut report = Vec::new();
    let mut failed = false;
    for r in &records {
        let Scale {
            prefix,
            unit,
            suffix,
        } = &r.scale;
        let make = |n: usize| format!("{prefix}{}{suffix}", unit.repeat(n));
        assert!(
            every_layer(&make(2)) > 0,
            "{}: the scaled shape is not a URI or IRI",
            r.name
        );
        let g = linear(&make, every_layer);
        failed |= g.superlinear();
        report.push(format!(
            "{}: n = {}, time(4n) / time(n) = {:.2}, memory(4n) / memory(n) = {:.2} (attempts: {:.2?})",
            r.name, g.n, g.time, g.memory, g.attempts
        ));
    }
    let report = report.join("\n");
    println!("{report}");
    assert!(
        !failed,
        "time or memory grows faster than linearly (limit {LIMIT}):\n{report}"
    );
}
