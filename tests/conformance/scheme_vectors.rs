//! The scheme rules of `urikit::schemes` (the `uri-schemes` crate) over
//! `vectors/schemes.json`, a verbatim copy of the shared RFC-derived scheme
//! vectors: mailto (RFC 6068 §2, §6), urn (RFC 8141 §2.3, §3.2), tel (RFC
//! 3966 §6) and http equivalence (RFC 2616 §3.2.3, RFC 9110 §4.2.3).
//!
//! Every record goes through `Registry::standard()`:
//!
//! - a `parse` record: the generic parser's verdict (`uri_valid`), the
//!   scheme's (`valid`, `Report::is_valid`), and the scheme's parts
//!   (`fields`), mailto's `to_idna` through `urikit::iri`'s UTS #46 host
//!   mapping; a valid URI's normal form is a fixed point, as valid, and
//!   equivalent to it, by the registry and by the scheme's own type;
//! - an `equivalence` record: `Registry::equivalent` both ways,
//!   `Registry::equivalence`, the scheme's own equivalence
//!   (`Urn::is_equivalent`, `Mailto::is_equivalent`), and one normal form
//!   never for two URIs that are not equivalent.
//!
//! The crate's own vectors, with their violations and the other schemes,
//! are in `crates/uri-schemes/tests/vectors/`.

use std::collections::BTreeSet;

use serde::Deserialize;
use serde_json::{Value, json};
use urikit::iri::{HostMapping, to_uri_with};
use urikit::schemes::{Fields, Mailto, Registry, Urn};
use urikit::{IriReference, Uri, UriReference};
use urikit_tests::vectors::{Vector, load, run};

/// The shared scheme vectors.
const FILE: &str = "schemes.json";

/// A record of `schemes.json`, by its `type`.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum Record {
    /// A URI checked against its scheme.
    Parse {
        input: String,
        scheme: String,
        valid: bool,
        /// `false`: not even a URI (RFC 3986); absent or `true`: one.
        uri_valid: Option<bool>,
        /// The scheme's parts, compared key by key.
        fields: Option<Value>,
        source: String,
        #[serde(rename = "fields_note")]
        _fields_note: Option<String>,
        #[serde(rename = "note")]
        _note: Option<String>,
    },
    /// Two URIs of one scheme, equivalent or not.
    Equivalence {
        a: String,
        b: String,
        equivalent: bool,
        scheme: String,
        /// `"scheme"` (RFC 3986 §6.2.3) or `"semantic"` (the same
        /// recipients, RFC 6068 §2); not asserted: both go through the
        /// registry, which asks the scheme's own rule first.
        #[serde(rename = "level")]
        _level: Option<String>,
        #[serde(rename = "derived")]
        _derived: Option<bool>,
        source: String,
        #[serde(rename = "note")]
        _note: Option<String>,
    },
}

impl Record {
    fn scheme(&self) -> &str {
        match self {
            Record::Parse { scheme, .. } | Record::Equivalence { scheme, .. } => scheme,
        }
    }
}

impl Vector for Record {
    /// The input, or `<a>|<b>`: the file has no names.
    fn id(&self) -> String {
        match self {
            Record::Parse { input, .. } => input.clone(),
            Record::Equivalence { a, b, .. } => format!("{a}|{b}"),
        }
    }

    fn source(&self) -> &str {
        match self {
            Record::Parse { source, .. } | Record::Equivalence { source, .. } => source,
        }
    }

    fn input(&self) -> String {
        match self {
            Record::Parse { input, .. } => input.clone(),
            Record::Equivalence { a, b, .. } => format!("{a} vs {b}"),
        }
    }
}

/// The standard registry, made once.
fn registry() -> &'static Registry {
    Registry::shared()
}

/// The parts of a report as the vector file writes them (the field names of
/// `urikit scheme --json`), for the schemes the file has.
fn fields_json(fields: &Fields) -> Option<Value> {
    let pairs = |pairs: &mut dyn Iterator<Item = (&str, Option<&str>)>| -> Value {
        pairs.map(|(name, value)| json!([name, value])).collect()
    };
    Some(match fields {
        Fields::Mailto(m) => json!({
            "to": m.addresses(),
            "headers": m.headers().iter().map(|(n, v)| json!([n, v])).collect::<Vec<_>>(),
        }),
        Fields::Urn(u) => json!({
            "nid": u.nid(),
            "nss": u.nss(),
            "r_component": u.r_component(),
            "q_component": u.q_component(),
            "f_component": u.f_component(),
        }),
        Fields::Tel(t) => json!({
            "global": t.is_global(),
            "number": t.number(),
            "phone_context": t.phone_context(),
            "params": pairs(&mut t.parameters()),
        }),
        _ => return None,
    })
}

/// `address` with its domain mapped by UTS #46 `ToASCII` (RFC 6068 §6.3:
/// a domain "MUST" be converted to punycode when the mail program needs
/// it), through `urikit::iri`.
fn idna_address(address: &str) -> Result<String, String> {
    let (local, domain) = address
        .rsplit_once('@')
        .ok_or_else(|| format!("{address:?} has no `@`"))?;
    let host = format!("//{domain}");
    let iri = IriReference::parse(&host).map_err(|e| format!("{domain:?}: {e}"))?;
    let uri = to_uri_with(iri, HostMapping::Idna).map_err(|e| format!("{domain:?}: {e}"))?;
    let mapped = uri.as_str().trim_start_matches('/');
    Ok(format!("{local}@{mapped}"))
}

/// The scheme's own equivalence of two reports' parts, where it has one.
fn own_equivalence(a: &Fields, b: &Fields) -> Option<bool> {
    match (a, b) {
        (Fields::Urn(x), Fields::Urn(y)) => Some(Urn::is_equivalent(x, y)),
        (Fields::Mailto(x), Fields::Mailto(y)) => Some(Mailto::is_equivalent(x, y)),
        _ => None,
    }
}

/// Checks a `parse` record.
fn check_parse(
    input: &str,
    scheme: &str,
    valid: bool,
    uri_valid: Option<bool>,
    fields: Option<&Value>,
) -> Vec<String> {
    let registry = registry();
    let uri = match (Uri::parse(input), uri_valid) {
        (Err(_), Some(false)) => return Vec::new(),
        (Ok(_), Some(false)) => return vec!["the generic parser accepts it".to_owned()],
        (Ok(uri), _) => uri,
        (Err(e), _) => return vec![format!("not a URI: {e}")],
    };
    let mut problems = Vec::new();
    if !uri.scheme().eq_ignore_ascii_case(scheme) {
        problems.push(format!("the scheme is {:?}", uri.scheme()));
    }
    if registry.get(scheme).is_none() {
        problems.push(format!("the registry has no rules for {scheme:?}"));
    }
    let report = registry.check(uri);
    if registry.validate(uri) != report.violations() {
        problems.push(format!(
            "Registry::validate finds {:?}, check {:?}",
            registry.validate(uri),
            report.violations()
        ));
    }
    if report.is_valid() != valid {
        problems.push(format!(
            "Report::is_valid is {}: {:?}",
            report.is_valid(),
            report.violations()
        ));
    }
    if let Some(expected) = fields {
        problems.extend(check_fields(report.fields(), expected));
    }
    if valid {
        problems.extend(check_normal_form(uri, report.fields()));
    }
    problems
}

/// The parts against the record's `fields`, key by key.
fn check_fields(fields: &Fields, expected: &Value) -> Vec<String> {
    let Some(got) = fields_json(fields) else {
        return vec![format!("no parts of the scheme: {fields:?}")];
    };
    let Some(expected) = expected.as_object() else {
        return vec!["`fields` is not an object".to_owned()];
    };
    let mut problems = Vec::new();
    for (key, want) in expected {
        if key == "to_idna" {
            let mapped: Result<Vec<String>, String> = got["to"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|a| idna_address(a.as_str().unwrap_or_default()))
                .collect();
            match mapped {
                Ok(mapped) if json!(mapped) == *want => {}
                Ok(mapped) => problems.push(format!("to_idna: got {mapped:?}, expected {want}")),
                Err(e) => problems.push(format!("to_idna: {e}")),
            }
        } else if got.get(key) != Some(want) {
            problems.push(format!("{key}: got {}, expected {want}", got[key]));
        }
    }
    problems
}

/// A valid URI's normal form: a fixed point, valid, equivalent to it by
/// the registry, and by the scheme's own rule where it has one.
fn check_normal_form(uri: Uri<'_>, fields: &Fields) -> Vec<String> {
    let registry = registry();
    let mut problems = Vec::new();
    let once = registry.normalize(uri);
    let twice = registry.normalize(once.as_uri());
    if twice != once {
        problems.push(format!("normalizing twice: {once} then {twice}"));
    }
    let report = registry.check(once.as_uri());
    if !report.is_valid() {
        problems.push(format!(
            "the normal form {once} is not valid: {:?}",
            report.violations()
        ));
    }
    if !registry.equivalent(uri.into(), once.as_uri().into()) {
        problems.push(format!("not equivalent to its normal form {once}"));
    }
    if own_equivalence(fields, report.fields()) == Some(false) {
        problems.push(format!(
            "the scheme's own equivalence says no to its normal form {once}"
        ));
    }
    problems
}

/// Checks an `equivalence` record.
fn check_equivalence(a: &str, b: &str, equivalent: bool) -> Vec<String> {
    let registry = registry();
    let (ra, rb) = match (UriReference::parse(a), UriReference::parse(b)) {
        (Ok(ra), Ok(rb)) => (ra, rb),
        (ra, rb) => {
            return vec![format!(
                "not URI references: {:?}, {:?}",
                ra.map(|_| ()),
                rb.map(|_| ())
            )];
        }
    };
    let mut problems = Vec::new();
    for (what, got) in [
        ("Registry::equivalent(a, b)", registry.equivalent(ra, rb)),
        ("Registry::equivalent(b, a)", registry.equivalent(rb, ra)),
        (
            "Registry::equivalence(a, b).is_some()",
            registry.equivalence(ra, rb).is_some(),
        ),
    ] {
        if got != equivalent {
            problems.push(format!("{what} is {got}, expected {equivalent}"));
        }
    }
    let (Some(ua), Some(ub)) = (ra.as_uri(), rb.as_uri()) else {
        problems.push("not URIs".to_owned());
        return problems;
    };
    let (fa, fb) = (registry.check(ua), registry.check(ub));
    if let Some(own) = own_equivalence(fa.fields(), fb.fields()) {
        if own != equivalent {
            problems.push(format!("the scheme's own equivalence is {own}"));
        }
    }
    let (na, nb) = (registry.normalize(ua), registry.normalize(ub));
    if na == nb && !equivalent {
        problems.push(format!("one normal form, {na}"));
    }
    problems
}

#[test]
fn shared_scheme_vectors() {
    run::<Record>(FILE, |r| match r {
        Record::Parse {
            input,
            scheme,
            valid,
            uri_valid,
            fields,
            ..
        } => check_parse(input, scheme, *valid, *uri_valid, fields.as_ref()),
        Record::Equivalence {
            a, b, equivalent, ..
        } => check_equivalence(a, b, *equivalent),
    });
}

#[test]
fn the_shared_vectors_cover_each_scheme_and_both_answers() {
    let records: Vec<Record> = load(FILE);
    let mut seen = BTreeSet::new();
    for r in &records {
        match r {
            Record::Parse { valid, .. } => {
                seen.insert(format!("{} parse valid={valid}", r.scheme()));
            }
            Record::Equivalence { equivalent, .. } => {
                seen.insert(format!("{} equivalent={equivalent}", r.scheme()));
            }
        }
    }
    let wanted = [
        "mailto parse valid=true",
        "mailto parse valid=false",
        "mailto equivalent=true",
        "urn parse valid=true",
        "urn equivalent=true",
        "urn equivalent=false",
        "tel parse valid=true",
        "http equivalent=true",
    ];
    let missing: Vec<&&str> = wanted.iter().filter(|w| !seen.contains(**w)).collect();
    assert!(missing.is_empty(), "{FILE} has no record for {missing:?}");
    assert!(records.len() >= 53, "{FILE}: {} records", records.len());
}
