//! RFC 3987 through `urikit::iri` (the `uri-iri` crate):
//! `vectors/iri-mapping.json`, the examples of §3.1 (IRI → URI), §3.2 and
//! §3.2.1 (URI → IRI), §4.1 (bidi formatting characters), §4.2 and §4.4
//! (bidi structure), §5.3.2 (normalization and comparison, NFC) and §5.3.3
//! (IDN equivalence), our records for the rules they illustrate, and the
//! records of the shared `iri.json`. `vectors/README.md` gives the schema.
//!
//! Each record names an operation (`op`) and what it must give; besides
//! that, every result is checked for what the RFC says of all results:
//!
//! - `to_uri`: `to_uri` (and `to_uri_with(_, HostMapping::Percent)`) or
//!   `to_uri_with(_, HostMapping::Idna)`; the result parses as a URI
//!   reference with the same components as the mapping's own value, the
//!   mapping is idempotent ("applying the mapping a second time will not
//!   change anything", §3.1), and an ASCII input comes back borrowed;
//! - `to_iri`: `to_iri` or `to_iri_with(_, ToIriOptions::new().idna(true))`;
//!   the result parses as an IRI reference (no bidi formatting character),
//!   and maps back to the input URI "except for potential case differences
//!   in percent-encoding and for potential percent-encoded unreserved
//!   characters" (§3.2): the two URIs are equivalent by syntax;
//! - `normalize`: `normalize` with `Normalization::Syntax` or `Nfc`; the
//!   normal form is a fixed point, and `NormalizedIri` agrees;
//! - `equivalent`: equal `NormalizedIri`s (and hashes) and `normalize`s
//!   exactly when the record says so; with `idna`, the two IRIs are mapped
//!   with `HostMapping::Idna` and the URIs compared by syntax;
//! - `bidi`: `check_bidi`, and the component, rule and byte of its error;
//! - `parse`: `IriReference::parse_with` (and its owned twin), with
//!   `allow_bidi_formatting` when the record asks.
//!
//! Records that fail for a known reason are listed in
//! `tests/expected_failures.txt` (by `name`); the loop of
//! `urikit_tests::vectors::run` reports every other failure at once.

use std::collections::BTreeSet;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use serde::Deserialize;
use urikit::iri::{
    HostMapping, Normalization, NormalizedIri, ToIriOptions, check_bidi, normalize, to_iri,
    to_iri_with, to_uri, to_uri_with,
};
use urikit::resolve::normalized_eq;
use urikit::{Iri, IriReference, IriReferenceBuf, ParseErrorKind, ParseOptions, UriReference};
use urikit_tests::parsing::parts;
use urikit_tests::vectors::{Vector, load, name_problems, run};

/// The RFC 3987 mapping vectors.
const FILE: &str = "iri-mapping.json";

/// What a record asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Op {
    ToUri,
    ToIri,
    Normalize,
    Equivalent,
    Bidi,
    Parse,
}

/// An expected error: an `IdnaErrorKind` (`to_uri`), a `ParseErrorKind`
/// (`parse`) or a `BidiRule` (`bidi`, with the component) by name, and the
/// byte index.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectedError {
    kind: String,
    index: usize,
    #[serde(default)]
    component: Option<String>,
}

/// One record of `iri-mapping.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    name: String,
    source: String,
    op: Op,
    input: String,
    /// `equivalent`: the IRI compared with `input`.
    #[serde(default)]
    other: Option<String>,
    /// `to_uri`: `HostMapping::Idna`; `to_iri`: `idna(true)`;
    /// `equivalent`: compare the URIs mapped with `HostMapping::Idna`.
    #[serde(default)]
    idna: bool,
    /// `normalize`, `equivalent`: `Normalization::Nfc`.
    #[serde(default)]
    nfc: bool,
    /// `parse`: `ParseOptions::allow_bidi_formatting(true)`.
    #[serde(default)]
    allow_bidi_formatting: bool,
    /// `to_uri`, `to_iri`, `normalize`: the result's text.
    #[serde(default)]
    expected: Option<String>,
    /// `equivalent`: the answer.
    #[serde(default)]
    equivalent: Option<bool>,
    /// `parse`, `bidi`: whether the input passes.
    #[serde(default)]
    valid: Option<bool>,
    /// `to_uri` with `idna`, `parse`, `bidi`: the error, when it fails.
    #[serde(default)]
    error: Option<ExpectedError>,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

impl Vector for Record {
    fn id(&self) -> String {
        self.name.clone()
    }
    fn source(&self) -> &str {
        &self.source
    }
    fn input(&self) -> String {
        match &self.other {
            Some(other) => format!("{} | {other}", self.input),
            None => self.input.clone(),
        }
    }
}

/// What is wrong with the shape of a record: the fields its `op` needs,
/// and none it does not use.
fn shape_problems(r: &Record) -> Vec<String> {
    let mut problems = Vec::new();
    let has = [
        ("other", r.other.is_some()),
        ("idna", r.idna),
        ("nfc", r.nfc),
        ("allow_bidi_formatting", r.allow_bidi_formatting),
        ("expected", r.expected.is_some()),
        ("equivalent", r.equivalent.is_some()),
        ("valid", r.valid.is_some()),
        ("error", r.error.is_some()),
    ];
    let (needs, may): (&[&str], &[&str]) = match r.op {
        Op::ToUri if r.error.is_some() => (&["error", "idna"], &[]),
        Op::ToUri | Op::ToIri => (&["expected"], &["idna"]),
        Op::Normalize => (&["expected"], &["nfc"]),
        Op::Equivalent => (&["other", "equivalent"], &["nfc", "idna"]),
        Op::Bidi | Op::Parse if r.valid == Some(false) => (&["valid", "error"], &[]),
        Op::Bidi => (&["valid"], &[]),
        Op::Parse => (&["valid"], &["allow_bidi_formatting"]),
    };
    for (field, present) in has {
        if needs.contains(&field) && !present {
            problems.push(format!("a {:?} record needs `{field}`", r.op));
        }
        if present && !needs.contains(&field) && !may.contains(&field) {
            problems.push(format!("a {:?} record has no use for `{field}`", r.op));
        }
    }
    if let Some(e) = &r.error {
        if e.component.is_some() != (r.op == Op::Bidi) {
            problems.push("`error.component` is for `bidi` records only".to_owned());
        }
    }
    problems
}

/// Parses an IRI reference, or says why it cannot.
fn iri(text: &str) -> Result<IriReference<'_>, String> {
    IriReference::parse(text).map_err(|e| format!("{text:?} is not an IRI reference: {e}"))
}

/// Checks a `to_uri` record.
fn check_to_uri(r: &Record) -> Result<Vec<String>, String> {
    let mut problems = Vec::new();
    let input = iri(&r.input)?;
    let mapping = if r.idna {
        HostMapping::Idna
    } else {
        HostMapping::Percent
    };
    let result = to_uri_with(input, mapping);
    match (&result, &r.expected, &r.error) {
        (Ok(uri), Some(want), _) => {
            if uri.as_str() != want {
                problems.push(format!("got {:?}, expected {want:?}", uri.as_str()));
            }
            if !r.idna && to_uri(input) != *uri {
                problems.push(format!("to_uri gives {}", to_uri(input)));
            }
            // A valid URI reference, whose components are the mapping's.
            match UriReference::parse(uri.as_str()) {
                Ok(parsed) if parts(&parsed.components()) == parts(&uri.as_ref().components()) => {}
                other => problems.push(format!("the result does not parse alike: {other:?}")),
            }
            // Idempotent: a URI is an IRI that maps to itself.
            match IriReference::parse(uri.as_str()) {
                Ok(again) => {
                    let twice = to_uri_with(again, mapping);
                    if !matches!(&twice, Ok(t) if t.is_borrowed() && t.as_str() == uri.as_str()) {
                        problems.push(format!("mapping the result again gives {twice:?}"));
                    }
                }
                Err(e) => problems.push(format!("the result is not an IRI: {e}")),
            }
            if r.input.is_ascii() && !r.input.contains('%') && !uri.is_borrowed() {
                problems.push("an ASCII IRI is mapped to a copy, not borrowed".to_owned());
            }
        }
        (Err(e), None, Some(want)) => {
            if (e.kind().name(), e.index()) != (want.kind.as_str(), want.index) {
                problems.push(format!(
                    "error {} at {}, expected {} at {}",
                    e.kind().name(),
                    e.index(),
                    want.kind,
                    want.index
                ));
            }
        }
        (got, _, _) => problems.push(format!("got {got:?}")),
    }
    Ok(problems)
}

/// Checks a `to_iri` record.
fn check_to_iri(r: &Record) -> Result<Vec<String>, String> {
    let mut problems = Vec::new();
    let want = r.expected.as_deref().unwrap_or_default();
    let uri = UriReference::parse(&r.input)
        .map_err(|e| format!("{:?} is not a URI reference: {e}", r.input))?;
    let result = if r.idna {
        to_iri_with(uri, ToIriOptions::new().idna(true))
    } else {
        to_iri(uri)
    };
    if result.as_str() != want {
        problems.push(format!("got {:?}, expected {want:?}", result.as_str()));
    }
    if !r.idna && to_iri_with(uri, ToIriOptions::new()) != result {
        problems.push("to_iri_with(ToIriOptions::new()) disagrees".to_owned());
    }
    if !r.input.contains('%') && !r.idna && !result.is_borrowed() {
        problems.push("a URI without `%` is mapped to a copy, not borrowed".to_owned());
    }
    // A valid IRI reference (parsing refuses bidi formatting characters).
    let back = match IriReference::parse(result.as_str()) {
        Ok(parsed) if parts(&parsed.components()) == parts(&result.as_ref().components()) => parsed,
        other => return Ok(vec![format!("the result does not parse alike: {other:?}")]),
    };
    // §3.2: it maps back to the input, but for the case of hex digits and
    // encoded unreserved characters (and the host's form, with IDNA).
    let mapping = if r.idna {
        HostMapping::Idna
    } else {
        HostMapping::Percent
    };
    match to_uri_with(back, mapping) {
        Ok(again) if normalized_eq(again.as_ref(), uri) => {}
        other => problems.push(format!("maps back to {other:?}, not to the input")),
    }
    Ok(problems)
}

/// The normalization a record asks for.
fn form(r: &Record) -> Normalization {
    if r.nfc {
        Normalization::Nfc
    } else {
        Normalization::Syntax
    }
}

/// `NormalizedIri` of `iri` in the record's form.
fn normalized_iri(r: &Record, iri: Iri<'_>) -> NormalizedIri {
    if r.nfc {
        NormalizedIri::with_nfc(iri)
    } else {
        NormalizedIri::new(iri)
    }
}

/// Checks a `normalize` record.
fn check_normalize(r: &Record) -> Result<Vec<String>, String> {
    let mut problems = Vec::new();
    let want = r.expected.as_deref().unwrap_or_default();
    let got = normalize(iri(&r.input)?, form(r));
    if got.as_str() != want {
        problems.push(format!("got {:?}, expected {want:?}", got.as_str()));
    }
    let again = normalize(iri(want)?, form(r));
    if again.as_str() != want {
        problems.push(format!(
            "the normal form normalizes to {:?}",
            again.as_str()
        ));
    }
    if let Ok(absolute) = Iri::parse(&r.input) {
        let n = normalized_iri(r, absolute);
        if n.as_str() != want {
            problems.push(format!("NormalizedIri is {:?}", n.as_str()));
        }
    }
    Ok(problems)
}

/// The hash `Hash` gives.
fn hash_of(value: &impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

/// Checks an `equivalent` record.
fn check_equivalent(r: &Record) -> Result<Vec<String>, String> {
    let mut problems = Vec::new();
    let want = r.equivalent.unwrap_or_default();
    let (a, b) = (iri(&r.input)?, iri(r.other.as_deref().unwrap_or_default())?);
    let mut answer = |what: &str, got: bool| {
        if got != want {
            problems.push(format!("{what} says {got}, expected {want}"));
        }
    };
    if r.idna {
        let ua = to_uri_with(a, HostMapping::Idna).map_err(|e| format!("input: {e}"))?;
        let ub = to_uri_with(b, HostMapping::Idna).map_err(|e| format!("other: {e}"))?;
        answer(
            "normalized_eq of the URIs mapped with IDNA",
            normalized_eq(ua.as_ref(), ub.as_ref()),
        );
        return Ok(problems);
    }
    let (na, nb) = (normalize(a, form(r)), normalize(b, form(r)));
    answer(&format!("normalize ({na}, {nb})"), na == nb);
    if !r.nfc {
        answer("normalized_eq", normalized_eq(a, b));
    }
    if let (Some(ia), Some(ib)) = (a.as_iri(), b.as_iri()) {
        let (na, nb) = (normalized_iri(r, ia), normalized_iri(r, ib));
        answer("NormalizedIri ==", na == nb);
        if na == nb && hash_of(&na) != hash_of(&nb) {
            problems.push("equal NormalizedIris hash differently".to_owned());
        }
    }
    Ok(problems)
}

/// Checks a `bidi` record.
fn check_bidi_record(r: &Record) -> Result<Vec<String>, String> {
    let got = check_bidi(iri(&r.input)?).map_err(|e| {
        (
            e.component().as_str().to_owned(),
            e.rule().name().to_owned(),
            e.index(),
        )
    });
    let want = match &r.error {
        Some(e) => Err((
            e.component.clone().unwrap_or_default(),
            e.kind.clone(),
            e.index,
        )),
        None => Ok(()),
    };
    Ok(if got == want {
        Vec::new()
    } else {
        vec![format!("check_bidi gives {got:?}, expected {want:?}")]
    })
}

/// Checks a `parse` record.
fn check_parse(r: &Record) -> Result<Vec<String>, String> {
    let mut problems = Vec::new();
    let options = ParseOptions::new().allow_bidi_formatting(r.allow_bidi_formatting);
    let borrowed = IriReference::parse_with(&r.input, options);
    let owned = IriReferenceBuf::parse_with(r.input.clone(), options);
    match (&borrowed, &r.error) {
        (Ok(_), None) => {}
        (Err(e), Some(want)) => {
            if !ParseErrorKind::ALL.iter().any(|k| k.name() == want.kind) {
                problems.push(format!("unknown error kind {:?}", want.kind));
            }
            if (e.kind().name(), e.index()) != (want.kind.as_str(), want.index) {
                problems.push(format!(
                    "error {} at {}, expected {} at {}",
                    e.kind().name(),
                    e.index(),
                    want.kind,
                    want.index
                ));
            }
        }
        (got, _) => problems.push(format!("got {got:?}")),
    }
    match (&borrowed, &owned) {
        (Ok(b), Ok(o)) if b.components() == o.components() => {}
        (Err(b), Err(o)) if *b == o.error() => {}
        _ => problems.push(format!("the owned parse disagrees: {owned:?}")),
    }
    Ok(problems)
}

/// Checks one record.
fn check(r: &Record) -> Vec<String> {
    let shape = shape_problems(r);
    if !shape.is_empty() {
        return shape;
    }
    let result = match r.op {
        Op::ToUri => check_to_uri(r),
        Op::ToIri => check_to_iri(r),
        Op::Normalize => check_normalize(r),
        Op::Equivalent => check_equivalent(r),
        Op::Bidi => check_bidi_record(r),
        Op::Parse => check_parse(r),
    };
    result.unwrap_or_else(|e| vec![e])
}

#[test]
fn iri_mapping_vectors() {
    run(FILE, check);
}

/// Names follow `<group>-<n>`; every operation, both mappings both ways,
/// both normalizations, both answers and both outcomes appear.
#[test]
fn iri_mapping_vectors_cover_every_operation() {
    let records: Vec<Record> = load(FILE);
    let mut problems = name_problems(records.iter().map(|r| (r.name.as_str(), r.source.as_str())));
    let ops: BTreeSet<Op> = records.iter().map(|r| r.op).collect();
    for op in [
        Op::ToUri,
        Op::ToIri,
        Op::Normalize,
        Op::Equivalent,
        Op::Bidi,
        Op::Parse,
    ] {
        if !ops.contains(&op) {
            problems.push(format!("no {op:?} record"));
        }
    }
    let any = |f: &dyn Fn(&Record) -> bool| records.iter().any(f);
    let cases: [(&str, bool); 10] = [
        ("to_uri with IDNA", any(&|r| r.op == Op::ToUri && r.idna)),
        (
            "to_uri failing",
            any(&|r| r.op == Op::ToUri && r.error.is_some()),
        ),
        ("to_iri with IDNA", any(&|r| r.op == Op::ToIri && r.idna)),
        (
            "normalize with NFC",
            any(&|r| r.op == Op::Normalize && r.nfc),
        ),
        ("equivalent: true", any(&|r| r.equivalent == Some(true))),
        ("equivalent: false", any(&|r| r.equivalent == Some(false))),
        (
            "bidi: valid",
            any(&|r| r.op == Op::Bidi && r.valid == Some(true)),
        ),
        (
            "bidi: invalid",
            any(&|r| r.op == Op::Bidi && r.valid == Some(false)),
        ),
        (
            "parse: BidiFormattingChar",
            any(&|r| {
                r.error
                    .as_ref()
                    .is_some_and(|e| e.kind == "BidiFormattingChar")
            }),
        ),
        (
            "every shared record",
            records
                .iter()
                .filter(|r| r.name.starts_with("shared-"))
                .count()
                == 9,
        ),
    ];
    for (what, present) in cases {
        if !present {
            problems.push(format!("no record for {what}"));
        }
    }
    assert!(problems.is_empty(), "{FILE}:\n{}", problems.join("\n"));
}
