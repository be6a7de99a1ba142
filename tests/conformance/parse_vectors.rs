//! Data-driven parse tests over the vector files in `tests/vectors/`.
//!
//! - `parse.json`: examples from RFC 3986 and RFC 6874, with their components.
//! - `parse-own.json`: our own vectors, with exact error kinds and indexes,
//!   worked out by hand from the RFC 3986 grammar (see `vectors/README.md`).
//!
//! Every record is checked by the loop of `urikit_tests::vectors::run`, and
//! every failure is reported at once with the record's id, source and input.
//! Vectors that are known to fail are listed in `tests/expected_failures.txt`
//! with a reason; a listed vector that passes fails the test too, so the list
//! stays honest.

use std::collections::BTreeSet;
use std::net::IpAddr;

use serde::{Deserialize, Deserializer};
use urikit::{Components, Host, ParseErrorKind, ParseOptions, Uri, UriReference};
use urikit_tests::parsing::{Rule, parse, parse_owned, parts, recompose};
use urikit_tests::vectors::{load, name_problems, run};

/// The RFC vectors.
const RFC_FILE: &str = "parse.json";

/// Our own vectors.
const OWN_FILE: &str = "parse-own.json";

// ------------------------------------------------------------------ schema

/// One expected component: `None` when the record does not mention it (not
/// asserted), `Some(None)` for JSON `null` (absent), `Some(Some(text))`
/// otherwise (present, perhaps empty).
type Expect = Option<Option<String>>;

/// Deserializes a field that is present in the record, `null` or not.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Expect, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// The `components` object of a record.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectedComponents {
    #[serde(default, deserialize_with = "present")]
    scheme: Expect,
    #[serde(default, deserialize_with = "present")]
    userinfo: Expect,
    #[serde(default, deserialize_with = "present")]
    host: Expect,
    #[serde(default, deserialize_with = "present")]
    port: Expect,
    #[serde(default, deserialize_with = "present")]
    path: Expect,
    #[serde(default, deserialize_with = "present")]
    query: Expect,
    #[serde(default, deserialize_with = "present")]
    fragment: Expect,
}

/// Whether a valid input is a URI or a relative reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum RefKind {
    Uri,
    Relative,
}

/// A record of `parse.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RfcRecord {
    input: String,
    valid: bool,
    kind: Option<RefKind>,
    components: Option<ExpectedComponents>,
    requires: Option<String>,
    host_kind: Option<String>,
    zone_id: Option<String>,
    source: String,
    #[serde(rename = "note")]
    _note: Option<String>,
    #[serde(rename = "components_from")]
    _components_from: Option<String>,
}

/// `options` of a record of `parse-own.json`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordOptions {
    #[serde(default)]
    zone_id: bool,
    /// `ParseOptions::max_length`.
    #[serde(default)]
    max_length: Option<usize>,
}

/// `error` of a record of `parse-own.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectedError {
    kind: String,
    index: usize,
}

/// `ipvfuture` of a record of `parse-own.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectedFuture {
    version: String,
    address: String,
}

/// A record of `parse-own.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OwnRecord {
    name: String,
    source: String,
    input: String,
    #[serde(default)]
    rule: Rule,
    #[serde(default)]
    options: RecordOptions,
    valid: bool,
    kind: Option<RefKind>,
    components: Option<ExpectedComponents>,
    host_kind: Option<String>,
    ip: Option<String>,
    zone_id: Option<String>,
    ipvfuture: Option<ExpectedFuture>,
    error: Option<ExpectedError>,
    #[serde(rename = "note")]
    _note: Option<String>,
}

// ------------------------------------------------------------------ cases

/// What a case expects of a parse that succeeds.
#[derive(Debug, Default, Clone, Copy)]
struct Valid<'a> {
    kind: Option<RefKind>,
    components: Option<&'a ExpectedComponents>,
    host_kind: Option<&'a str>,
    ip: Option<&'a str>,
    zone_id: Option<&'a str>,
    ipvfuture: Option<&'a ExpectedFuture>,
}

/// What a case expects of the parser: success with these facts, or an
/// error, perhaps of a known kind at a known index.
#[derive(Debug)]
enum Expectation<'a> {
    Valid(Valid<'a>),
    Invalid {
        kind: Option<&'a str>,
        index: Option<usize>,
    },
}

/// One parse to check.
#[derive(Debug)]
struct Case<'a> {
    input: &'a str,
    rule: Rule,
    options: ParseOptions,
    expect: Expectation<'a>,
}

/// Shows an optional component as the vector files write it.
fn show(v: Option<&str>) -> String {
    v.map_or_else(|| "null".to_owned(), |s| format!("{s:?}"))
}

/// Checks one case; returns what went wrong, if anything.
fn check(case: &Case<'_>) -> Vec<String> {
    let mut problems = Vec::new();
    let Case {
        input,
        rule,
        options,
        ..
    } = *case;
    let result = parse(input, rule, options);
    match (&case.expect, result) {
        (Expectation::Valid(want), Ok(c)) => {
            check_valid(input, rule, options, want, &c, &mut problems)
        }
        (Expectation::Valid(_), Err(e)) => {
            problems.push(format!(
                "{rule:?} rejected it: {} at {} ({e})",
                e.kind().name(),
                e.index()
            ));
        }
        (Expectation::Invalid { .. }, Ok(c)) => {
            problems.push(format!("{rule:?} accepted it, as {:?}", parts(&c)));
        }
        (Expectation::Invalid { kind, index }, Err(e)) => {
            if let Some(kind) = kind {
                if !ParseErrorKind::ALL.iter().any(|k| k.name() == *kind) {
                    problems.push(format!("the vector names an unknown error kind {kind:?}"));
                }
            }
            let kind_ok = kind.is_none_or(|k| k == e.kind().name());
            let index_ok = index.is_none_or(|i| i == e.index());
            if !kind_ok || !index_ok {
                problems.push(format!(
                    "{rule:?}: expected {} at {}, got {} at {}",
                    kind.unwrap_or("any kind"),
                    index.map_or_else(|| "any index".to_owned(), |i| i.to_string()),
                    e.kind().name(),
                    e.index(),
                ));
            }
            match parse_owned(input, rule, options) {
                Err(owned) if owned == e => {}
                other => problems.push(format!(
                    "owned parse disagrees: {other:?}, borrowed gave {e:?}"
                )),
            }
        }
    }
    problems
}

/// The checks on a parse that succeeded.
fn check_valid(
    input: &str,
    rule: Rule,
    options: ParseOptions,
    want: &Valid<'_>,
    c: &Components<'_>,
    problems: &mut Vec<String>,
) {
    if c.as_str() != input {
        problems.push(format!("as_str() is {:?}", c.as_str()));
    }
    let recomposed = recompose(c);
    if recomposed != input {
        problems.push(format!("the components recompose to {recomposed:?}"));
    }
    if let Some(expected) = want.components {
        let fields: [(&str, &Expect, Option<&str>); 7] = [
            ("scheme", &expected.scheme, c.scheme()),
            ("userinfo", &expected.userinfo, c.userinfo()),
            ("host", &expected.host, c.host_str()),
            ("port", &expected.port, c.port()),
            ("path", &expected.path, Some(c.path())),
            ("query", &expected.query, c.query()),
            ("fragment", &expected.fragment, c.fragment()),
        ];
        for (name, expected, got) in fields {
            if let Some(expected) = expected {
                if expected.as_deref() != got {
                    problems.push(format!(
                        "{name}: expected {}, got {}",
                        show(expected.as_deref()),
                        show(got)
                    ));
                }
            }
        }
    }
    if let Some(kind) = want.host_kind {
        let got = c.host_kind().map(|k| k.as_str());
        if got != Some(kind) {
            problems.push(format!("host kind: expected {kind}, got {}", show(got)));
        }
        if let Some(host) = c.host() {
            if host.kind().as_str() != kind {
                problems.push(format!("host() is {host:?}, not a {kind}"));
            }
        }
    }
    if let Some(ip) = want.ip {
        match ip.parse::<IpAddr>() {
            Ok(ip) => {
                let got = c.host().and_then(|h| h.ip());
                if got != Some(ip) {
                    problems.push(format!("ip: expected {ip}, got {got:?}"));
                }
            }
            Err(_) => problems.push(format!("the vector's ip {ip:?} is not an address")),
        }
    }
    if let Some(zone) = want.zone_id {
        match c.host() {
            Some(Host::Ipv6 {
                zone: Some(got), ..
            }) if got == zone => {}
            other => problems.push(format!("zone id: expected {zone:?}, host() is {other:?}")),
        }
    }
    if let Some(future) = want.ipvfuture {
        match c.host() {
            Some(Host::IpvFuture { version, address })
                if version == future.version && address == future.address => {}
            other => problems.push(format!(
                "IPvFuture: expected {future:?}, host() is {other:?}"
            )),
        }
    }
    if let Some(kind) = want.kind {
        let as_ref = UriReference::parse_with(input, options);
        match (kind, as_ref) {
            (_, Err(e)) => problems.push(format!("UriReference::parse rejected it: {e:?}")),
            (RefKind::Uri, Ok(r)) if r.is_relative() => {
                problems.push("it is a relative reference, not a URI".into())
            }
            (RefKind::Relative, Ok(r)) if !r.is_relative() => {
                problems.push("it is a URI, not a relative reference".into())
            }
            _ => {}
        }
        let (same_rule, other_rule) = match kind {
            RefKind::Uri => (Rule::Uri, Rule::Relative),
            RefKind::Relative => (Rule::Relative, Rule::Uri),
        };
        match parse(input, same_rule, options) {
            Ok(other) if parts(&other) == parts(c) => {}
            other => problems.push(format!("{same_rule:?} disagrees: {other:?}")),
        }
        if parse(input, other_rule, options).is_ok() {
            problems.push(format!("{other_rule:?} accepted it too"));
        }
        if kind == RefKind::Relative {
            match Uri::parse_with(input, options) {
                Err(e) if e.kind() == ParseErrorKind::MissingScheme && e.index() == 0 => {}
                other => problems.push(format!("Uri: expected MissingScheme at 0, got {other:?}")),
            }
        }
    }
    match parse_owned(input, rule, options) {
        Ok((text, owned)) if text == input && owned == parts(c) => {}
        other => problems.push(format!("owned parse disagrees: {other:?}")),
    }
}

// ------------------------------------------------------------------ running

// The input: `parse.json` has no names.
urikit_tests::vector!(RfcRecord, id = input, input = input);

urikit_tests::vector!(OwnRecord);

/// The options a record parses with.
fn zone_options(zone_id: bool) -> ParseOptions {
    ParseOptions::new().allow_zone_id(zone_id)
}

/// Checks a record of `parse.json`: with the rule it names and the general
/// one, and, for an RFC 6874 record, without zone identifiers allowed.
fn check_rfc(r: &RfcRecord) -> Vec<String> {
    let needs_zone = r
        .requires
        .as_deref()
        .is_some_and(|s| s.contains("RFC 6874"));
    let mut cases = Vec::new();
    let valid = Valid {
        kind: r.kind,
        components: r.components.as_ref(),
        host_kind: r.host_kind.as_deref(),
        zone_id: r.zone_id.as_deref(),
        ..Valid::default()
    };
    // The rule the record names, or the general one.
    let rule = match r.kind {
        Some(RefKind::Uri) => Rule::Uri,
        Some(RefKind::Relative) => Rule::Relative,
        None => Rule::Reference,
    };
    if r.valid {
        for rule in [Rule::Reference, rule] {
            let expect = Expectation::Valid(valid);
            cases.push(Case {
                input: &r.input,
                rule,
                options: zone_options(needs_zone),
                expect,
            });
        }
        if needs_zone {
            // Valid only with RFC 6874; RFC 9844 rejects it by default.
            let expect = Expectation::Invalid {
                kind: Some(ParseErrorKind::ZoneIdNotAllowed.name()),
                index: None,
            };
            cases.push(Case {
                input: &r.input,
                rule: Rule::Reference,
                options: ParseOptions::new(),
                expect,
            });
        }
    } else {
        for zone in [false, true] {
            let expect = Expectation::Invalid {
                kind: None,
                index: None,
            };
            cases.push(Case {
                input: &r.input,
                rule: Rule::Reference,
                options: zone_options(zone),
                expect,
            });
        }
    }
    let mut problems = Vec::new();
    for case in &cases {
        for p in check(case) {
            problems.push(format!(
                "[{:?}, zone ids {}] {p}",
                case.rule,
                on_off(case.options)
            ));
        }
    }
    problems
}

#[test]
fn rfc_vectors() {
    run(RFC_FILE, check_rfc);
}

/// "on" when the options allow zone identifiers.
fn on_off(options: ParseOptions) -> &'static str {
    if options == zone_options(true) {
        "on"
    } else {
        "off"
    }
}

/// Checks a record of `parse-own.json`, and that its fields fit together.
fn check_own(r: &OwnRecord) -> Vec<String> {
    let mut problems = Vec::new();
    let expect = match (r.valid, &r.error) {
        (true, None) => {
            if r.kind.is_none() {
                problems.push("a valid record needs a \"kind\"".to_owned());
            }
            Expectation::Valid(Valid {
                kind: r.kind,
                components: r.components.as_ref(),
                host_kind: r.host_kind.as_deref(),
                ip: r.ip.as_deref(),
                zone_id: r.zone_id.as_deref(),
                ipvfuture: r.ipvfuture.as_ref(),
            })
        }
        (false, Some(e)) => {
            if r.kind.is_some() || r.components.is_some() || r.host_kind.is_some() || r.ip.is_some()
            {
                problems.push("an invalid record has only an \"error\"".to_owned());
            }
            Expectation::Invalid {
                kind: Some(&e.kind),
                index: Some(e.index),
            }
        }
        (true, Some(_)) => {
            problems.push("a valid record with an \"error\"".to_owned());
            Expectation::Invalid {
                kind: None,
                index: None,
            }
        }
        (false, None) => {
            problems.push("an invalid record needs an \"error\"".to_owned());
            Expectation::Invalid {
                kind: None,
                index: None,
            }
        }
    };
    let case = Case {
        input: &r.input,
        rule: r.rule,
        options: zone_options(r.options.zone_id).max_length(r.options.max_length),
        expect,
    };
    problems.extend(check(&case));
    problems
}

#[test]
fn own_vectors() {
    run(OWN_FILE, check_own);
}

/// The error kinds a URI parse never gives, since a URI is ASCII: a
/// bidirectional formatting character (RFC 3987 §4.1) is an IRI's error.
/// Their vectors are in `iri-mapping.json`.
const IRI_ONLY: &[&str] = &["BidiFormattingChar"];

#[test]
fn own_vectors_cover_every_error_kind_and_host_kind() {
    let records: Vec<OwnRecord> = load(OWN_FILE);
    let kinds: BTreeSet<&str> = records
        .iter()
        .filter_map(|r| r.error.as_ref())
        .map(|e| e.kind.as_str())
        .collect();
    let missing: Vec<&str> = ParseErrorKind::ALL
        .iter()
        .map(|k| k.name())
        .filter(|k| !kinds.contains(k) && !IRI_ONLY.contains(k))
        .collect();
    assert!(
        missing.is_empty(),
        "{OWN_FILE} has no vector for {missing:?}"
    );
    // The kinds only an IRI can give have their vectors in the IRI files.
    let iri_records: Vec<serde_json::Value> = load("iri-mapping.json");
    for kind in IRI_ONLY {
        assert!(
            iri_records.iter().any(|r| r["error"]["kind"] == *kind),
            "iri-mapping.json has no vector for {kind}"
        );
    }

    let hosts: BTreeSet<&str> = records
        .iter()
        .filter(|r| r.valid)
        .filter_map(|r| r.host_kind.as_deref())
        .collect();
    for kind in ["ipv4", "ipv6", "ipvfuture", "reg-name"] {
        assert!(
            hosts.contains(kind),
            "{OWN_FILE} has no valid vector with a {kind} host"
        );
    }
    assert!(
        records
            .iter()
            .any(|r| r.valid && r.zone_id.is_some() && r.options.zone_id),
        "{OWN_FILE} has no valid vector with a zone identifier"
    );
}

#[test]
fn own_vector_names_are_unique_spaced_and_sourced() {
    let records: Vec<OwnRecord> = load(OWN_FILE);
    let problems = name_problems(records.iter().map(|r| (r.name.as_str(), r.source.as_str())));
    assert!(problems.is_empty(), "{OWN_FILE}:\n{}", problems.join("\n"));
}
