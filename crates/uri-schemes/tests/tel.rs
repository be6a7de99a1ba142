//! tel (RFC 3966): the records of `tests/vectors/tel.json` through the
//! shared runner, properties of
//! the normal form, and hostile input.

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::vector_check;

use proptest::prelude::*;
use serde_json::{Value, json};
use uri_core::{Uri, UriReference};
use uri_schemes::{Fields, Registry, Tel};

/// The keys of a tel record besides the shared runner's.
const KEYS: &[&str] = &["digits", "extension", "isub", "others"];

/// A `[[name, value-or-null], ...]` array as pairs.
fn pairs(value: &Value) -> Vec<(String, Option<String>)> {
    value
        .as_array()
        .expect("an array of pairs")
        .iter()
        .map(|pair| {
            let name = pair[0].as_str().expect("a name").to_string();
            (name, pair[1].as_str().map(str::to_string))
        })
        .collect()
}

fn owned<'a>(
    it: impl Iterator<Item = (&'a str, Option<&'a str>)>,
) -> Vec<(String, Option<String>)> {
    it.map(|(n, v)| (n.to_string(), v.map(str::to_string)))
        .collect()
}

/// A [`Tel`] as JSON, as the vector file writes it.
fn fields(fields: &Fields) -> Option<Value> {
    let Fields::Tel(tel) = fields else {
        return None;
    };
    let params: Vec<Value> = tel.parameters().map(|(n, v)| json!([n, v])).collect();
    Some(json!({
        "global": tel.is_global(),
        "number": tel.number(),
        "phone_context": tel.phone_context(),
        "params": params,
    }))
}

/// `digits`, `extension`, `isub` and `others` of a tel record.
fn parts(record: &Value, fields: &Fields) -> Vec<String> {
    let mut problems = Vec::new();
    let Fields::Tel(tel) = fields else {
        return problems;
    };
    let mut expect_str = |key: &str, got: Option<&str>| {
        if let Some(expected) = record.get(key) {
            if expected.as_str() != got {
                problems.push(format!("{key}: got {got:?}"));
            }
        }
    };
    expect_str("digits", Some(tel.digits()));
    expect_str("extension", tel.extension());
    expect_str("isub", tel.isub());
    if let Some(others) = record.get("others") {
        if pairs(others) != owned(tel.params()) {
            problems.push(format!("others: got {:?}", owned(tel.params())));
        }
    }
    problems
}

#[test]
fn vectors() {
    vector_check::run_with(include_str!("vectors/tel.json"), fields, KEYS, parts, 40);
}

#[track_caller]
fn normalize(input: &str) -> String {
    Registry::standard()
        .normalize(Uri::parse(input).unwrap())
        .to_string()
}

#[track_caller]
fn tel(input: &str) -> Tel {
    let Fields::Tel(tel) = vector_check::fields_of(input) else {
        panic!("{input}: no tel fields")
    };
    tel
}

#[test]
fn a_million_digits() {
    let input = format!("tel:+{}", "1".repeat(1_000_000));
    let report = Registry::standard().check(Uri::parse(&input).unwrap());
    assert!(report.is_valid());
    let Fields::Tel(tel) = report.fields() else {
        panic!("a tel URI")
    };
    assert_eq!(tel.digits().len(), 1_000_001);
    assert_eq!(normalize(&input), input);
}

#[test]
fn a_million_separated_digits() {
    let input = format!("tel:{};phone-context=example.com", "1-".repeat(500_000));
    let normal = normalize(&input);
    assert_eq!(
        normal.len(),
        "tel:".len() + 500_000 + ";phone-context=example.com".len()
    );
}

#[test]
fn many_parameters() {
    let params: String = (0..20_000).rev().map(|i| format!(";p{i}=v")).collect();
    let input = format!("tel:+1{params}");
    let report = Registry::standard().check(Uri::parse(&input).unwrap());
    assert!(report.is_valid());
    let normal = normalize(&input);
    assert_eq!(normalize(&normal), normal);
}

#[test]
fn many_duplicates() {
    let input = format!("tel:+1{}", ";a".repeat(100_000));
    let duplicates = vector_check::count_of(&input, "DuplicateParameter");
    assert_eq!(duplicates, 99_999);
}

#[test]
fn eq_compares_as_written() {
    assert_ne!(tel("tel:+1-201"), tel("tel:+1201"));
    assert_eq!(
        tel("tel:+1-201").to_normalized(),
        tel("tel:+1201").to_normalized()
    );
}

/// A global or local number, its separators, and its parameters.
#[derive(Debug, Clone)]
struct Number {
    global: bool,
    digits: Vec<char>,
    /// Before which digits a separator goes, and which.
    separators: Vec<(usize, char)>,
    ext: Option<String>,
    isub: Option<String>,
    context: String,
    others: Vec<(String, Option<String>)>,
}

impl Number {
    /// The URI, the digits separated, the parameters in `order` (a
    /// permutation key), names in upper case where `upper`.
    fn write(&self, separate: bool, order: &[usize], upper: bool) -> String {
        let mut out = String::from("tel:");
        if self.global {
            out.push('+');
        }
        for (i, d) in self.digits.iter().enumerate() {
            if separate {
                for (_, s) in self.separators.iter().filter(|(at, _)| *at == i) {
                    out.push(*s);
                }
            }
            if *d == '#' {
                out.push_str("%23");
            } else {
                out.push(*d);
            }
        }
        let mut params: Vec<(String, Option<String>)> = Vec::new();
        if let Some(ext) = &self.ext {
            params.push(("ext".into(), Some(ext.clone())));
        }
        if let Some(isub) = &self.isub {
            params.push(("isub".into(), Some(isub.clone())));
        }
        if !self.global {
            params.push(("phone-context".into(), Some(self.context.clone())));
        }
        params.extend(self.others.iter().cloned());
        let mut keyed: Vec<(usize, (String, Option<String>))> = params
            .into_iter()
            .enumerate()
            .map(|(i, p)| (order.get(i).copied().unwrap_or(i), p))
            .collect();
        keyed.sort_by_key(|(k, _)| *k);
        for (_, (name, value)) in keyed {
            out.push(';');
            out.push_str(&if upper { name.to_uppercase() } else { name });
            if let Some(value) = value {
                out.push('=');
                out.push_str(&value);
            }
        }
        out
    }
}

fn number() -> impl Strategy<Value = Number> {
    let global = any::<bool>();
    (global, 1..12usize).prop_flat_map(|(global, n)| {
        let digit = if global {
            prop::sample::select(('0'..='9').collect::<Vec<_>>()).boxed()
        } else {
            prop::sample::select("0123456789abcdefABCDEF*#".chars().collect::<Vec<_>>()).boxed()
        };
        (
            Just(global),
            prop::collection::vec(digit, n),
            prop::collection::vec((0..n, prop::sample::select(vec!['-', '.', '(', ')'])), 0..6),
            prop::option::of("[0-9]{1,4}"),
            prop::option::of("[a-zA-Z0-9]{1,4}"),
            prop_oneof![
                "[a-z]{1,5}(\\.[a-z]{1,5}){0,2}",
                "\\+[0-9]{1,3}(-[0-9]{1,3}){0,2}",
            ],
            prop::collection::btree_map("x[a-z]{1,4}", prop::option::of("[a-zA-Z0-9]{1,4}"), 0..4),
        )
            .prop_map(
                |(global, digits, separators, ext, isub, context, others)| Number {
                    global,
                    digits,
                    separators,
                    ext,
                    isub,
                    context,
                    others: others.into_iter().collect(),
                },
            )
    })
}

proptest! {
    #[test]
    fn normalizing_is_idempotent(n in number(), order in prop::collection::vec(0..10usize, 0..8)) {
        let input = n.write(true, &order, true);
        let uri = Uri::parse(&input).unwrap();
        let registry = Registry::standard();
        prop_assert!(registry.check(uri).is_valid(), "{}", input);
        let once = registry.normalize(uri);
        prop_assert!(registry.check(once.as_uri()).is_valid(), "{}", once);
        let twice = registry.normalize(once.as_uri());
        prop_assert_eq!(once, twice);
    }

    #[test]
    fn equivalence_ignores_separators_order_and_case(
        n in number(),
        order in prop::collection::vec(0..10usize, 0..8),
    ) {
        let plain = n.write(false, &[], false);
        let fancy = n.write(true, &order, true);
        let registry = Registry::standard();
        let a = UriReference::parse(&plain).unwrap();
        let b = UriReference::parse(&fancy).unwrap();
        prop_assert!(registry.equivalent(a, b), "{} / {}", plain, fancy);
    }

    #[test]
    fn a_different_digit_is_another_number(n in number()) {
        let plain = n.write(false, &[], false);
        let mut other = n.clone();
        other.digits.push('7');
        let registry = Registry::standard();
        let a = UriReference::parse(&plain).unwrap();
        let other = other.write(true, &[], false);
        let b = UriReference::parse(&other).unwrap();
        prop_assert!(!registry.equivalent(a, b), "{} / {}", plain, other);
    }

    #[test]
    fn never_panics(s in "tel:[-+0-9a-fA-F*.()%;=a-z/:&$!~'_\\[\\]]{0,40}") {
        if let Ok(uri) = Uri::parse(&s) {
            let registry = Registry::standard();
            let _ = registry.check(uri);
            let once = registry.normalize(uri);
            prop_assert_eq!(registry.normalize(once.as_uri()), once);
        }
    }
}
