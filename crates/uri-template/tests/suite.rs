//! The uritemplate-test suite (`tests/vectors/uritemplate/` of the
//! workspace, Apache-2.0, see its PROVENANCE.md) as data: every expansion
//! case passes, every negative template is an error, and every case the
//! documented matching rules call invertible matches back to its values.

// Test code: its helpers may unwrap and panic too.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::unreachable
)]

use std::path::PathBuf;

use serde_json::Value as Json;
use uri_template::{MatchErrorKind, MatchOptions, Operator, Template, Value, Vars};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/uritemplate")
}

/// A JSON scalar as the suite means it: numbers as written.
fn scalar(v: &Json) -> String {
    match v {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn value(v: &Json) -> Option<Value> {
    Some(match v {
        Json::Null => return None,
        Json::Array(a) => Value::List(a.iter().map(scalar).collect()),
        Json::Object(o) => Value::Assoc(o.iter().map(|(k, v)| (k.clone(), scalar(v))).collect()),
        other => Value::String(scalar(other)),
    })
}

fn vars(v: &Json) -> Vars {
    v.as_object()
        .unwrap()
        .iter()
        .filter_map(|(k, v)| value(v).map(|v| (k.clone(), v)))
        .collect()
}

struct Case {
    file: &'static str,
    group: String,
    template: String,
    vars: Vars,
    /// Acceptable expansions; empty for a negative case.
    expected: Vec<String>,
}

fn cases(file: &'static str) -> Vec<Case> {
    let text = std::fs::read_to_string(dir().join(file)).unwrap();
    let json: Json = serde_json::from_str(&text).unwrap();
    let mut out = Vec::new();
    for (group, g) in json.as_object().unwrap() {
        let vars = vars(&g["variables"]);
        for case in g["testcases"].as_array().unwrap() {
            let expected = match &case[1] {
                Json::String(s) => vec![s.clone()],
                Json::Array(a) => a.iter().map(|s| s.as_str().unwrap().to_owned()).collect(),
                Json::Bool(false) => vec![],
                other => panic!("{other}"),
            };
            out.push(Case {
                file,
                group: group.clone(),
                template: case[0].as_str().unwrap().to_owned(),
                vars: vars.clone(),
                expected,
            });
        }
    }
    out
}

const POSITIVE: [&str; 3] = [
    "spec-examples.json",
    "spec-examples-by-section.json",
    "extended-tests.json",
];

#[test]
fn every_expansion_case_passes() {
    let mut failures = Vec::new();
    let mut count = 0;
    for file in POSITIVE {
        for case in cases(file) {
            count += 1;
            let got = Template::parse(&case.template)
                .map_err(|e| e.to_string())
                .and_then(|t| t.expand(&case.vars).map_err(|e| e.to_string()));
            match got {
                Ok(uri) if case.expected.iter().any(|e| e == uri.as_str()) => {}
                other => failures.push(format!(
                    "{}: {}: {:?}: got {other:?}, expected one of {:?}",
                    case.file, case.group, case.template, case.expected
                )),
            }
        }
    }
    println!("{count} expansion cases");
    assert_eq!(count, 64 + 117 + 53);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_negative_template_is_an_error() {
    let mut count = 0;
    for case in cases("negative-tests.json") {
        assert!(case.expected.is_empty());
        count += 1;
        let result = Template::parse(&case.template).map(|t| t.expand(&case.vars));
        assert!(
            !matches!(result, Ok(Ok(_))),
            "{:?} expanded: {result:?}",
            case.template
        );
    }
    assert_eq!(count, 36);
}

/// Whether the crate's documented matching rules say `template` reads
/// `vars` back from its expansion (see the crate docs, "Matching rules").
fn invertible(t: &Template, text: &str, vars: &Vars) -> bool {
    // Walk the expressions by hand: operator and varspecs.
    let mut rest = text;
    let mut previous_was_expr = false;
    let mut previous_ends_open = false;
    while let Some(open) = rest.find('{') {
        let literal_between = open > 0;
        let close = open + rest[open..].find('}').unwrap();
        let body = &rest[open + 1..close];
        rest = &rest[close + 1..];
        let (op, specs) = match body.as_bytes()[0] {
            b'+' => (Operator::Reserved, &body[1..]),
            b'#' => (Operator::Fragment, &body[1..]),
            b'.' => (Operator::Label, &body[1..]),
            b'/' => (Operator::Path, &body[1..]),
            b';' => (Operator::PathParam, &body[1..]),
            b'?' => (Operator::Query, &body[1..]),
            b'&' => (Operator::QueryContinuation, &body[1..]),
            _ => (Operator::Simple, body),
        };
        let mut defined = 0;
        let mut any_open_value = false;
        let specs: Vec<&str> = specs.split(',').collect();
        for spec in &specs {
            let explode = spec.ends_with('*');
            let (name, prefix) = match spec.trim_end_matches('*').split_once(':') {
                Some((n, p)) => (n, Some(p.parse::<usize>().unwrap())),
                None => (spec.trim_end_matches('*'), None),
            };
            let Some(v) = vars.defined(name) else {
                continue;
            };
            defined += 1;
            match v {
                // `*` reads a composite value; a prefix loses the rest.
                Value::String(s) => {
                    if explode || prefix.is_some_and(|n| s.chars().count() > n) {
                        return false;
                    }
                    // An empty string where an undefined one writes the same.
                    if s.is_empty() && !op.is_named() && op.first().is_empty() {
                        return false;
                    }
                    if op.allows_reserved() && s.contains('%') {
                        return false;
                    }
                    any_open_value |= !op.is_named();
                }
                // Without `*`, an associative array reads as a list.
                Value::Assoc(_) if !explode => return false,
                // Under `+` and `#` a `,` may be a value's.
                _ if op.allows_reserved() => return false,
                // Under `.` a `.` may be a value's.
                Value::List(_) | Value::Assoc(_) if op == Operator::Label => return false,
                _ => any_open_value |= !op.is_named(),
            }
            // A string and a list under `.`: the dot is unreserved.
        }
        if op == Operator::Label && defined > 1 {
            return false;
        }
        // Under `+` and `#`, a `,` may be a value's: which values it splits
        // is not written.
        if op.allows_reserved() && specs.len() > 1 {
            return false;
        }
        // Unnamed, some variables undefined: which ones is not written.
        if !op.is_named() && defined > 0 && defined < specs.len() {
            return false;
        }
        // Values of `{x,y}`-like expressions whose separator is unreserved.
        // Two adjacent expressions with no literal between.
        if previous_was_expr && !literal_between && previous_ends_open && defined > 0 {
            return false;
        }
        previous_was_expr = true;
        previous_ends_open = any_open_value || (previous_ends_open && defined == 0);
        let _ = t;
    }
    true
}

#[test]
fn every_invertible_case_matches_back() {
    let mut tried = 0;
    let mut invertible_count = 0;
    let mut failures = Vec::new();
    let mut ambiguous = 0;
    for file in POSITIVE {
        for case in cases(file) {
            let t = Template::parse(&case.template).unwrap();
            let uri = t.expand(&case.vars).unwrap();
            tried += 1;
            // The variables the template names, as defined in the case.
            let expected: Vars = t
                .variables()
                .into_iter()
                .filter_map(|n| case.vars.defined(n).map(|v| (n, v.clone())))
                .collect();
            let got = t.match_with(uri.as_str(), &MatchOptions::new());
            if let Err(e) = &got {
                if e.kind() == MatchErrorKind::Ambiguous {
                    ambiguous += 1;
                }
            }
            if invertible(&t, &case.template, &case.vars) {
                invertible_count += 1;
                match got {
                    Ok(c) if c.clone().into_vars() == expected => {}
                    other => failures.push(format!(
                        "{}: {:?} on {:?}: got {other:?}, expected {expected:?}",
                        case.group,
                        case.template,
                        uri.as_str()
                    )),
                }
            } else if let Ok(c) = got {
                // Whatever was read expands to the same URI.
                let again = t.expand(&c.into_vars()).unwrap();
                assert_eq!(again.as_str(), uri.as_str(), "{}", case.template);
            }
        }
    }
    println!("{tried} cases, {invertible_count} invertible by the rules, {ambiguous} ambiguous");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(invertible_count, 140, "cases the rules call invertible");
}
