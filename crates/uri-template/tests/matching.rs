//! The matching vectors (`tests/vectors/template-match.json` of the
//! workspace): matches with their captures, ambiguous and non-matching
//! URIs; and a property test: a URI expanded from generated values
//! matches back to them, for templates the documented rules call
//! invertible.

// Test code: its helpers may unwrap and panic too.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::unreachable
)]

use std::path::PathBuf;

use proptest::prelude::*;
use serde_json::Value as Json;
use uri_template::{MatchOptions, Template, Value, Vars};

fn value(v: &Json) -> Value {
    match v {
        Json::String(s) => Value::String(s.clone()),
        Json::Array(a) => Value::List(a.iter().map(|m| m.as_str().unwrap().to_owned()).collect()),
        Json::Object(o) => Value::Assoc(
            o.iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_owned()))
                .collect(),
        ),
        other => panic!("{other}"),
    }
}

#[test]
fn match_vectors() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/template-match.json");
    let records: Vec<Json> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut failures = Vec::new();
    for r in &records {
        let name = r["name"].as_str().unwrap();
        let t = Template::parse(r["template"].as_str().unwrap()).unwrap();
        let uri = r["uri"].as_str().unwrap();
        let options = if r["lenient"] == Json::Bool(true) {
            MatchOptions::lenient()
        } else {
            MatchOptions::new()
        };
        let got = t.match_with(uri, &options);
        let ok = match (&r["captures"], &r["error"]) {
            (Json::Object(c), _) => got.as_ref().is_ok_and(|got| {
                let want: Vars = c.iter().map(|(k, v)| (k.clone(), value(v))).collect();
                got.clone().into_vars() == want
            }),
            (_, Json::String(kind)) => got.as_ref().is_err_and(|e| {
                e.kind().name() == kind
                    && r["index"].as_u64().is_none_or(|i| i as usize == e.index())
            }),
            _ => panic!("{name}: neither captures nor error"),
        };
        if !ok {
            failures.push(format!("{name}: got {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A value's text: any characters, reserved and non-ASCII included.
fn text() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-z0-9 /?#&=,;.%é-]{0,6}").unwrap()
}

fn nonempty() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-z0-9 /?#&=,;.%é-]{1,6}").unwrap()
}

/// A template of literals and one-variable expressions, each expression
/// after a literal that no value holds, under an operator whose values
/// the rules read back exactly (`U` operators, `.` excepted), with its
/// values: strings, lists (non-empty members under `*`: a list is
/// undefined when empty).
fn case() -> impl Strategy<Value = (String, Vars)> {
    let op = prop_oneof![Just(""), Just("/"), Just(";"), Just("?"), Just("&")];
    let part = (
        op,
        any::<bool>(),
        prop_oneof![
            text().prop_map(Value::String),
            // At least two members (a one-member list without `*` reads as a
            // string), the first not empty (`{x*}` reads `` as undefined).
            (nonempty(), prop::collection::vec(text(), 1..3))
                .prop_map(|(first, rest)| Value::List([vec![first], rest].concat())),
            prop::collection::vec((nonempty(), text()), 1..3).prop_map(|pairs| Value::Assoc(
                pairs
                    .into_iter()
                    .enumerate()
                    .map(|(i, (k, v))| (format!("{k}{i}"), v))
                    .collect()
            )),
        ],
    );
    prop::collection::vec(part, 1..5).prop_map(|parts| {
        let mut template = String::new();
        let mut vars = Vars::new();
        for (i, (op, explode, value)) in parts.into_iter().enumerate() {
            let name = format!("v{i}");
            // A literal that starts no value and no operator's output.
            template.push_str(&format!("!{i}"));
            let explode = match &value {
                Value::String(_) => false,
                Value::Assoc(_) => true,
                Value::List(_) => explode,
            };
            let value = match value {
                // An empty string where the rules prefer undefined.
                Value::String(s) if s.is_empty() && op.is_empty() => Value::String("x".into()),
                // Under `*`, a one-member list of `""` reads as a member.
                v => v,
            };
            template.push_str(&format!("{{{op}{name}{}}}", if explode { "*" } else { "" }));
            vars.insert(name, value);
        }
        (template, vars)
    })
}

proptest! {
    #[test]
    fn expanded_values_match_back((template, vars) in case()) {
        let t = Template::parse(&template).unwrap();
        let uri = t.expand(&vars).unwrap();
        let got = t.match_uri(uri.as_str());
        prop_assert_eq!(got.map(|c| c.into_vars()), Some(vars), "{} -> {}", template, uri.as_str());
    }

    #[test]
    fn whatever_matches_expands_back(template in "[a-z/{}?,*:.;&+#1-3]{0,12}", uri in "[a-z/?=,.;&%0-9A-F]{0,12}") {
        if let Ok(t) = Template::parse(&template) {
            if let Ok(c) = t.match_with(&uri, &MatchOptions::new()) {
                let again = t.expand_into_string(&c.into_vars());
                prop_assert_eq!(again, Some(uri));
            }
        }
    }
}

trait ExpandString {
    fn expand_into_string(&self, vars: &Vars) -> Option<String>;
}

impl ExpandString for Template {
    fn expand_into_string(&self, vars: &Vars) -> Option<String> {
        let mut out = String::new();
        self.expand_into(vars, false, &mut out).ok().map(|()| out)
    }
}
