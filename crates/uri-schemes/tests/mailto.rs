//! mailto (RFC 6068): the records of `tests/vectors/mailto.json` (parse,
//! equivalence, normalize, build) through the shared runner, the builder's round trip and
//! normalization's properties, and hostile input.

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::vector_check;

use proptest::prelude::*;
use serde_json::Value;
use uri_core::{Uri, UriReference};
use uri_schemes::{Fields, Mailto, Registry};

/// The mailto fields of `input`, if it is a URI whose report has them.
fn mailto(registry: &Registry, input: &str) -> Option<Mailto> {
    match registry.check(Uri::parse(input).ok()?).into_parts().0 {
        Fields::Mailto(mailto) => Some(mailto),
        _ => None,
    }
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

fn pairs(value: &Value) -> Vec<(String, String)> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .map(|p| {
                    let s = strings(p);
                    (s[0].clone(), s[1].clone())
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Checks one record; `Err` says what differs.
fn run(registry: &Registry, v: &Value) -> Result<(), String> {
    match v["type"].as_str() {
        Some("parse") => {
            let input = vector_check::check_typed_parse(registry, v)?;
            let fields = mailto(registry, input);
            if let Some(expected) = v.get("fields") {
                let m = fields.as_ref().ok_or("no mailto fields")?;
                if m.addresses() != strings(&expected["to"]) {
                    return Err(format!("to: {:?}", m.addresses()));
                }
                if m.headers() != pairs(&expected["headers"]) {
                    return Err(format!("headers: {:?}", m.headers()));
                }
            }
            if let Some(expected) = v.get("recipients") {
                let m = fields.as_ref().ok_or("no mailto fields")?;
                if m.to() != strings(expected) {
                    return Err(format!("recipients: {:?}", m.to()));
                }
            }
            Ok(())
        }
        Some("equivalence") => {
            let (a, b, expected) = vector_check::equivalence(v)?;
            if v["level"] == "semantic" {
                // The same recipients (§2): compare `to()`.
                let (x, y) = (
                    mailto(registry, a).ok_or("a")?,
                    mailto(registry, b).ok_or("b")?,
                );
                if (x.to() == y.to()) != expected {
                    return Err(format!("same to(): {}", x.to() == y.to()));
                }
            }
            // The registry, which asks `Mailto::is_equivalent` first, both
            // ways.
            let parse = |s| UriReference::parse(s).map_err(|e| format!("{s}: {e}"));
            let found = registry.equivalent(parse(a)?, parse(b)?);
            if found != expected || registry.equivalent(parse(b)?, parse(a)?) != found {
                return Err(format!("equivalent: {found}"));
            }
            Ok(())
        }
        Some("normalize") => vector_check::check_typed_normalize(registry, v),
        Some("build") => {
            let (to, headers) = (strings(&v["to"]), pairs(&v["headers"]));
            let mut builder = Mailto::builder();
            for address in &to {
                builder = builder.to(address);
            }
            for (name, value) in &headers {
                builder = builder.header(name, value);
            }
            let built = builder.build();
            if built != v["expected"].as_str().ok_or("no expected")? {
                return Err(format!("built: {built}"));
            }
            let back = mailto(registry, built.as_str()).ok_or("no fields back")?;
            if back.addresses() != to || back.headers() != headers {
                return Err(format!("read back: {back:?}"));
            }
            if !registry.check(built.as_uri()).is_valid() {
                return Err("built URI not valid".into());
            }
            Ok(())
        }
        other => Err(format!("unknown type {other:?}")),
    }
}

#[test]
fn vector_file() {
    let registry = Registry::standard();
    vector_check::run_each(include_str!("vectors/mailto.json"), 100, |v| {
        run(&registry, v).map_err(|e| format!("({}) {e}", v["input"]))
    });
}

/// One megabyte in a header value is read in one pass, and the line
/// break at its end is found where it is.
#[test]
fn megabyte_header_value() {
    let registry = Registry::standard();
    let value = "ab%20".repeat(200_000);
    let input =
        format!("mailto:a@example.org?subject={value}%0D%0ABcc:evil@example.org&body={value}");
    let uri = Uri::parse(&input).expect("a URI");
    let report = registry.check(uri);
    let errors: Vec<_> = report
        .violations()
        .iter()
        .filter(|v| v.is_error())
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].kind(), "HeaderInjection");
    assert_eq!(
        errors[0].index(),
        "mailto:a@example.org?subject=".len() + value.len()
    );
    let Fields::Mailto(m) = report.fields() else {
        panic!("mailto fields")
    };
    assert_eq!(m.body().map(str::len), Some(600_000));
    assert!(
        m.subject()
            .is_some_and(|s| s.ends_with("\r\nBcc:evil@example.org"))
    );
}

/// A megabyte of line breaks gives one violation, not one per break.
#[test]
fn megabyte_of_line_breaks() {
    let registry = Registry::standard();
    let input = format!("mailto:a@example.org?subject={}", "%0A".repeat(350_000));
    let report = registry.check(Uri::parse(&input).expect("a URI"));
    let kinds: Vec<_> = report.violations().iter().map(|v| v.kind()).collect();
    assert_eq!(kinds, ["TooLong", "HeaderInjection"]);
}

/// Many addresses, and one long quoted local part.
#[test]
fn megabyte_of_addresses() {
    let registry = Registry::standard();
    let list = vec!["a@example.org"; 70_000].join(",");
    let text = format!("mailto:{list}");
    let report = registry.check(Uri::parse(&text).expect("a URI"));
    let Fields::Mailto(m) = report.fields() else {
        panic!("mailto fields")
    };
    assert_eq!(m.to().len(), 70_000);
    assert!(report.is_valid());
    let quoted = format!("mailto:%22{}%22@example.org", "%5C%22x".repeat(150_000));
    let report = registry.check(Uri::parse(&quoted).expect("a URI"));
    assert!(report.is_valid(), "{:?}", report.violations());
    let unclosed = format!("mailto:%22{}@example.org", "x,".repeat(500_000));
    let report = registry.check(Uri::parse(&unclosed).expect("a URI"));
    assert!(!report.is_valid());
}

/// An `atext` character other than a letter or digit.
fn atext_symbol() -> impl Strategy<Value = char> {
    prop::sample::select("!#$%&'*+-/=?^_`{|}~".chars().collect::<Vec<_>>())
}

/// A `dot-atom-text`: letters, digits, symbols and non-ASCII, in dotted atoms.
fn dot_atom() -> impl Strategy<Value = String> {
    let atom = prop::collection::vec(
        prop_oneof![
            4 => prop::char::range('a', 'z'),
            2 => prop::char::range('A', 'Z'),
            2 => prop::char::range('0', '9'),
            1 => atext_symbol(),
            1 => prop::char::range('\u{e0}', '\u{ff}'),
            1 => prop::char::range('\u{4e00}', '\u{4e20}'),
        ],
        1..8,
    )
    .prop_map(|c| c.into_iter().collect::<String>());
    prop::collection::vec(atom, 1..4).prop_map(|atoms| atoms.join("."))
}

/// A quoted local part: printable ASCII, `"` and `\` escaped, a space
/// only escaped.
fn quoted() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::char::range(' ', '~'), 0..12).prop_map(|chars| {
        let mut s = String::from("\"");
        for c in chars {
            if matches!(c, '"' | '\\' | ' ') {
                s.push('\\');
            }
            s.push(c);
        }
        s.push('"');
        s
    })
}

/// A valid `addr-spec`, domains in mixed case.
fn address() -> impl Strategy<Value = String> {
    let domain = prop::collection::vec("[a-zA-Z0-9]{1,8}", 1..4).prop_map(|l| l.join("."));
    (prop_oneof![3 => dot_atom(), 1 => quoted()], domain).prop_map(|(l, d)| format!("{l}@{d}"))
}

/// A header field name: printable ASCII but `:`.
fn header_name() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "subject",
            "body",
            "Keywords",
            "cc",
            "In-Reply-To",
            "to"
        ])
        .prop_map(String::from),
        "[!-9;-~]{1,10}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// What the builder writes reads back as the same addresses and fields.
    #[test]
    fn builder_round_trip(
        to in prop::collection::vec(address(), 0..4),
        headers in prop::collection::vec((header_name(), any::<String>()), 0..4),
    ) {
        let mut builder = Mailto::builder();
        for a in &to {
            builder = builder.to(a);
        }
        for (n, v) in &headers {
            builder = builder.header(n, v);
        }
        let built = builder.build();
        let registry = Registry::standard();
        let report = registry.check(built.as_uri());
        let Fields::Mailto(m) = report.fields() else {
            return Err(TestCaseError::fail(format!("no fields: {built}")));
        };
        prop_assert_eq!(m.addresses(), &to[..]);
        prop_assert_eq!(m.headers(), &headers[..]);
        prop_assert!(!built.as_str().contains('+') || to.iter().any(|a| a.contains('+')));
        // The addresses of the path are valid (header values need not be).
        let query = built.as_str().find('?').unwrap_or(built.as_str().len());
        let in_path: Vec<_> = report
            .violations()
            .iter()
            .filter(|v| v.is_error() && v.index() < query)
            .map(|v| v.kind())
            .collect();
        prop_assert!(in_path.is_empty() || to.is_empty(), "{}: {:?}", built, in_path);
    }

    /// Safe text in safe fields gives a valid URI.
    #[test]
    fn builder_valid(
        to in prop::collection::vec(address(), 1..4),
        subject in "[ -~\u{e0}-\u{ff}]{0,20}",
        body in "[ -~\u{e0}-\u{ff}]{0,10}(\r\n[ -~]{0,10}){0,2}",
    ) {
        let mut builder = Mailto::builder();
        for a in &to {
            builder = builder.to(a);
        }
        let built = builder.subject(&subject).body(&body).build();
        let report = Registry::standard().check(built.as_uri());
        prop_assert!(report.violations().is_empty(), "{}: {:?}", built, report.violations());
    }

    /// `Registry::normalize` is idempotent on valid mailto URIs, keeps
    /// them valid and equivalent, and lower-cases their domains only.
    #[test]
    fn normalize_idempotent(
        to in prop::collection::vec(address(), 1..4),
        subject in any::<String>(),
    ) {
        let mut builder = Mailto::builder();
        for a in &to {
            builder = builder.to(a);
        }
        let uri = builder.subject(&subject).build();
        let registry = Registry::standard();
        let once = registry.normalize(uri.as_uri());
        let twice = registry.normalize(once.as_uri());
        prop_assert_eq!(&once, &twice);
        prop_assert!(registry.equivalent(uri.as_uri().into(), once.as_uri().into()));
        prop_assert_eq!(registry.check(uri.as_uri()).is_valid(), registry.check(once.as_uri()).is_valid());
        let before = mailto(&registry, uri.as_str()).expect("fields");
        let after = mailto(&registry, once.as_str()).expect("fields");
        let lower = |a: &String| {
            let at = a.rfind('@').unwrap_or(0);
            format!("{}{}", &a[..at], a[at..].to_ascii_lowercase())
        };
        prop_assert_eq!(after.addresses(), before.addresses().iter().map(lower).collect::<Vec<_>>());
        prop_assert_eq!(after.headers(), before.headers());
    }
}
