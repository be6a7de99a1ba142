//! The one runner of the crate's vector files (`tests/vectors/*.json`),
//! shared by every scheme's test file, and a generator-free check of the
//! normal form.
//!
//! [`run_each`] is the one loop: it reads a file, checks that it holds
//! enough records, each with a unique name and a source, checks each
//! record and reports every failure at once. [`run`] and [`run_with`]
//! check the common record shape below; a scheme whose records have
//! another shape (mailto's and urn's `type`, file's `op`) gives
//! [`run_each`] its own record check.
//!
//! A file is a JSON array of records. A record names itself (`name`) and
//! its source (`source`), and is one of:
//!
//! - a check: `input`, then any of `uri_valid` (`false`: RFC 3986 refuses
//!   it, nothing else is asserted), `valid` (the scheme's verdict),
//!   `violations` (every violation, in order, as `[kind, index,
//!   severity]`), `fields` (`null` for [`Fields::None`], else an object
//!   whose keys are compared with the scheme's fields), `normalized`;
//! - an equivalence: `a`, `b`, `equivalent` (`Registry::equivalent`).
//!
//! A scheme may allow more keys ([`Hooks::keys`]) and check them
//! ([`Hooks::more`]). Any other key is an error, so that a typo cannot
//! turn a check off.
//!
//! A suite in another shape (the purl-spec's, `tests/vectors/purl/`) goes
//! through [`run_listed`], which holds its cases against
//! `tests/expected_failures.txt`. [`FILES`] lists every vector file, for
//! the tests that read them all; [`valid_fixed_point`] and
//! [`normalizes_idempotently`] are the property tests' two checks of the
//! normal form.

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use proptest::test_runner::TestCaseError;
use serde_json::Value;
use uri_core::{Uri, UriReference};
use uri_schemes::{Fields, Kind, Registry};

/// Every vector file of the crate in the common shapes (the purl suite
/// aside), by name, for the tests that read them all.
pub(crate) const FILES: &[(&str, &str)] = &[
    ("data.json", include_str!("../vectors/data.json")),
    ("file.json", include_str!("../vectors/file.json")),
    ("ftp.json", include_str!("../vectors/ftp.json")),
    ("geo.json", include_str!("../vectors/geo.json")),
    ("http.json", include_str!("../vectors/http.json")),
    ("ldap.json", include_str!("../vectors/ldap.json")),
    ("mailto.json", include_str!("../vectors/mailto.json")),
    ("news.json", include_str!("../vectors/news.json")),
    ("sip.json", include_str!("../vectors/sip.json")),
    ("tel.json", include_str!("../vectors/tel.json")),
    ("telnet.json", include_str!("../vectors/telnet.json")),
    ("urn.json", include_str!("../vectors/urn.json")),
];

/// The keys a record may have.
const KEYS: &[&str] = &[
    "name",
    "source",
    "note",
    "input",
    "uri_valid",
    "valid",
    "violations",
    "fields",
    "normalized",
    "a",
    "b",
    "equivalent",
];

/// The records of a vector file's text.
pub(crate) fn records(text: &str) -> Vec<Value> {
    let Value::Array(records) = serde_json::from_str(text).expect("a vector file is JSON") else {
        panic!("a vector file is an array");
    };
    records
}

/// What a scheme's test file adds to the common record shape.
pub(crate) struct Hooks {
    /// A report's fields as JSON (`None` when they are not the scheme's).
    pub(crate) fields: fn(&Fields) -> Option<Value>,
    /// The keys a record may have besides [`KEYS`].
    pub(crate) keys: &'static [&'static str],
    /// Checks a check record's own keys against the report's fields; one
    /// line per difference.
    pub(crate) more: fn(&Value, &Fields) -> Vec<String>,
}

/// Checks every record of `text` in the common shape, with `fields`
/// turning a report's fields into JSON (`None` when they are not the
/// scheme's); panics with every failure, after checking that the file
/// holds at least `min` records, each with a unique name and a source.
pub(crate) fn run(text: &str, fields: fn(&Fields) -> Option<Value>, min: usize) {
    run_with(text, fields, &[], |_, _| Vec::new(), min);
}

/// [`run`], with a scheme's own keys and checks ([`Hooks`]).
pub(crate) fn run_with(
    text: &str,
    fields: fn(&Fields) -> Option<Value>,
    keys: &'static [&'static str],
    more: fn(&Value, &Fields) -> Vec<String>,
    min: usize,
) {
    let hooks = Hooks { fields, keys, more };
    run_each(text, min, |record| check(record, &hooks));
}

/// The one loop: checks every record of `text` with `check`; panics with
/// every failure, after checking that the file holds at least `min`
/// records, each with a unique name and a source.
pub(crate) fn run_each(text: &str, min: usize, check: impl Fn(&Value) -> Result<(), String>) {
    let records = records(text);
    assert!(records.len() >= min, "only {} records", records.len());
    let mut names: Vec<&str> = records
        .iter()
        .map(|r| r["name"].as_str().expect("every record has a name"))
        .collect();
    assert!(
        records.iter().all(|r| r["source"].is_string()),
        "every record has a source"
    );
    names.sort_unstable();
    let count = names.len();
    names.dedup();
    assert_eq!(count, names.len(), "duplicate names");
    let failures: Vec<String> = records
        .iter()
        .filter_map(|r| {
            check(r)
                .err()
                .map(|e| format!("{}: {e}", r["name"].as_str().unwrap_or("?")))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} records fail:\n{}",
        failures.len(),
        records.len(),
        failures.join("\n")
    );
}

/// Checks one record; `Err` says what differs.
fn check(record: &Value, hooks: &Hooks) -> Result<(), String> {
    let object = record.as_object().ok_or("not an object")?;
    if let Some(key) = object
        .keys()
        .find(|k| !KEYS.contains(&k.as_str()) && !hooks.keys.contains(&k.as_str()))
    {
        return Err(format!("unknown key {key}"));
    }
    let registry = Registry::standard();
    if let Some(a) = record["a"].as_str() {
        let b = record["b"].as_str().ok_or("no b")?;
        let expected = record["equivalent"].as_bool().ok_or("no equivalent")?;
        let parse = |s| UriReference::parse(s).map_err(|e| format!("{s}: {e}"));
        let got = registry.equivalent(parse(a)?, parse(b)?);
        return if got == expected {
            Ok(())
        } else {
            Err(format!("equivalent: got {got}"))
        };
    }
    let input = record["input"].as_str().ok_or("no input")?;
    let parsed = Uri::parse(input);
    if record["uri_valid"] == Value::Bool(false) {
        return match parsed {
            Ok(_) => Err("the generic parser accepts it".into()),
            Err(_) => Ok(()),
        };
    }
    let uri = parsed.map_err(|e| format!("the generic parser rejects it: {e}"))?;
    let report = registry.check(uri);
    let mut problems = Vec::new();
    if registry.validate(uri) != report.violations() {
        problems.push(format!(
            "Registry::validate finds {:?}, check {:?}",
            registry.validate(uri),
            report.violations()
        ));
    }
    if let Some(valid) = record["valid"].as_bool() {
        if report.is_valid() != valid {
            problems.push(format!("valid: got {}", report.is_valid()));
        }
    }
    if let Some(expected) = record.get("violations") {
        let got = Value::Array(
            report
                .violations()
                .iter()
                .map(|v| serde_json::json!([v.kind(), v.index(), v.severity().as_str()]))
                .collect(),
        );
        if &got != expected {
            problems.push(format!("violations: got {got}"));
        }
    }
    if let Some(expected) = record.get("fields") {
        match (expected, (hooks.fields)(report.fields())) {
            (Value::Null, None) => {}
            (Value::Null, Some(got)) => problems.push(format!("fields: got {got}")),
            (_, None) => problems.push(format!("fields: got {:?}", report.fields())),
            (Value::Object(expected), Some(got)) => {
                for (key, value) in expected {
                    if got.get(key) != Some(value) {
                        problems.push(format!("{key}: got {}", got[key]));
                    }
                }
            }
            (other, Some(_)) => problems.push(format!("fields: {other} is not an object")),
        }
    }
    problems.extend((hooks.more)(record, report.fields()));
    if let Some(expected) = record["normalized"].as_str() {
        let got = registry.normalize(uri);
        if got.as_str() != expected {
            problems.push(format!("normalized: got {got}"));
        }
        if let Err(e) = normal_form_holds(&registry, uri) {
            problems.push(e);
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

/// The properties of the normal form: normalizing it again changes
/// nothing; it is equivalent to `uri`; for a valid `uri`, it is valid.
pub(crate) fn normal_form_holds(registry: &Registry, uri: Uri<'_>) -> Result<(), String> {
    let once = registry.normalize(uri);
    let twice = registry.normalize(once.as_uri());
    if twice != once {
        return Err(format!("{uri}: normalizing twice: {once} then {twice}"));
    }
    if !registry.equivalent(uri.into(), once.as_uri().into()) {
        return Err(format!("{uri}: not equivalent to its normal form {once}"));
    }
    if registry.check(uri).is_valid() && !registry.check(once.as_uri()).is_valid() {
        return Err(format!(
            "{uri}: valid, but its normal form {once} is not: {:?}",
            registry.check(once.as_uri()).violations()
        ));
    }
    Ok(())
}

/// The checks of a `parse` record of the `type`-shaped files (mailto's and
/// urn's) that do not depend on the scheme: `input` is a URI, `valid`, and
/// `violations` as `[severity, kind, index]` triples in any order. Gives
/// the input back.
pub(crate) fn check_typed_parse<'v>(registry: &Registry, v: &'v Value) -> Result<&'v str, String> {
    let input = v["input"].as_str().ok_or("no input")?;
    let uri = Uri::parse(input).map_err(|e| format!("not a URI: {e}"))?;
    let report = registry.check(uri);
    if let Some(valid) = v["valid"].as_bool() {
        if report.is_valid() != valid {
            return Err(format!(
                "valid: {} ({:?})",
                report.is_valid(),
                report.violations()
            ));
        }
    }
    if let Some(expected) = v["violations"].as_array() {
        let triple = |t: &Value| {
            let s = |i: usize| t[i].as_str().unwrap_or("").to_string();
            (s(0), s(1), t[2].as_u64().unwrap_or(u64::MAX))
        };
        let mut expected: Vec<_> = expected.iter().map(triple).collect();
        expected.sort();
        let mut found: Vec<_> = report
            .violations()
            .iter()
            .map(|v| {
                let severity = v.severity().as_str().to_string();
                (severity, v.kind().to_string(), v.index() as u64)
            })
            .collect();
        found.sort();
        if found != expected {
            return Err(format!("violations: {found:?}"));
        }
    }
    Ok(input)
}

/// A `normalize` record of the `type`-shaped files: `input` normalizes to
/// `expected`.
pub(crate) fn check_typed_normalize(registry: &Registry, v: &Value) -> Result<(), String> {
    let input = v["input"].as_str().ok_or("no input")?;
    let uri = Uri::parse(input).map_err(|e| format!("not a URI: {e}"))?;
    let normal = registry.normalize(uri);
    if normal != v["expected"].as_str().ok_or("no expected")? {
        return Err(format!("normal form: {normal}"));
    }
    Ok(())
}

/// The fields of `input`'s report (which may hold errors), owned.
pub(crate) fn fields_of(input: &str) -> Fields<'static> {
    let uri = Uri::parse(input).expect("a URI");
    Registry::standard().check(uri).into_parts().0.into_owned()
}

/// How many violations of `kind` the standard registry finds in `input`.
pub(crate) fn count_of(input: &str, kind: &str) -> usize {
    let uri = Uri::parse(input).expect("a URI");
    let report = Registry::standard().check(uri);
    report
        .violations()
        .iter()
        .filter(|v| v.kind() == kind)
        .count()
}

/// The `a`, `b` and `equivalent` of an equivalence record.
pub(crate) fn equivalence(v: &Value) -> Result<(&str, &str, bool), String> {
    let a = v["a"].as_str().ok_or("no a")?;
    let b = v["b"].as_str().ok_or("no b")?;
    let expected = v["equivalent"].as_bool().ok_or("no equivalent")?;
    Ok((a, b, expected))
}

/// The standard registry's kind and default port of the scheme `name`
/// (case-insensitive), which must be standard.
pub(crate) fn facts(name: &str) -> (Kind, Option<u16>) {
    let registry = Registry::standard();
    let scheme = registry.get(name).expect("a standard scheme");
    (scheme.kind(), scheme.default_port())
}

/// The ids listed as expected failures, from `tests/expected_failures.txt`
/// (`<id> :: <reason>`, `#` comments).
fn expected_failures() -> BTreeMap<String, String> {
    let text = include_str!("../expected_failures.txt");
    let mut listed = BTreeMap::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (id, reason) = line.split_once(" :: ").expect("`<id> :: <reason>`");
        assert!(!reason.trim().is_empty(), "{id}: a reason");
        assert!(
            listed.insert(id.to_owned(), reason.to_owned()).is_none(),
            "{id} twice"
        );
    }
    listed
}

/// The loop of a suite in a shape of its own: checks each case (its id,
/// its record) with `check`; panics with every failure that
/// `tests/expected_failures.txt` does not list, with every listed case
/// that passes (so that the list only holds real, current gaps) and with
/// every listed id of `prefix` that is no case. Gives the number of cases
/// that pass.
pub(crate) fn run_listed<'v>(
    prefix: &str,
    cases: impl IntoIterator<Item = (String, &'v Value)>,
    check: impl Fn(&Value) -> Result<(), String>,
) -> usize {
    let listed = expected_failures();
    let (mut passed, mut problems, mut seen) = (0, Vec::new(), Vec::new());
    for (id, case) in cases {
        match (check(case), listed.contains_key(&id)) {
            (Ok(()), false) => passed += 1,
            (Ok(()), true) => problems.push(format!(
                "{id}: passes, remove it from expected_failures.txt"
            )),
            (Err(_), true) => {}
            (Err(e), false) => problems.push(format!("{id} ({}): {e}", case["description"])),
        }
        seen.push(id);
    }
    for id in listed.keys().filter(|id| id.starts_with(prefix)) {
        if !seen.contains(id) {
            problems.push(format!("{id}: listed, but no such case"));
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
    passed
}

/// A property test's check of a URI its strategy makes valid: the
/// standard registry finds it valid, with fields `has_fields` accepts, and
/// its normal form holds ([`normal_form_holds`]). Gives the URI's fields
/// and its normal form's, for the test's own checks.
pub(crate) fn valid_fixed_point(
    text: &str,
    has_fields: fn(&Fields) -> bool,
) -> Result<(Fields<'static>, Fields<'static>), TestCaseError> {
    let registry = Registry::standard();
    let uri = Uri::parse(text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
    let report = registry.check(uri);
    if !report.is_valid() {
        return Err(TestCaseError::fail(format!(
            "{text}: {:?}",
            report.violations()
        )));
    }
    let normal = registry.normalize(uri);
    let after = registry.check(normal.as_uri()).into_parts().0.into_owned();
    for (what, fields) in [(text, report.fields()), (normal.as_str(), &after)] {
        if !has_fields(fields) {
            return Err(TestCaseError::fail(format!("{what}: fields {fields:?}")));
        }
    }
    normal_form_holds(&registry, uri).map_err(TestCaseError::fail)?;
    Ok((report.into_parts().0.into_owned(), after))
}

/// A property test's check of any text its strategy makes: when it is a
/// URI, checking it does not panic and its normal form holds
/// ([`normal_form_holds`]).
pub(crate) fn normalizes_idempotently(text: &str) -> Result<(), TestCaseError> {
    let Ok(uri) = Uri::parse(text) else {
        return Ok(());
    };
    let registry = Registry::standard();
    let _ = registry.check(uri);
    normal_form_holds(&registry, uri).map_err(TestCaseError::fail)
}
