//! urn (RFC 8141): the records of `tests/vectors/urn.json` (parse,
//! equivalence, normalize) through the shared runner, and normalization's and URN-equivalence's
//! properties.

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::vector_check;

use proptest::prelude::*;
use serde_json::Value;
use uri_core::{Uri, UriReference};
use uri_schemes::{Fields, Registry, Urn};

/// The URN fields of `input`, if it is a URI whose report has them.
fn urn<'a>(registry: &Registry, input: &'a str) -> Option<Urn<'a>> {
    match registry.check(Uri::parse(input).ok()?).into_parts().0 {
        Fields::Urn(urn) => Some(urn),
        _ => None,
    }
}

/// Checks one record; `Err` says what differs.
fn run(registry: &Registry, v: &Value) -> Result<(), String> {
    match v["type"].as_str() {
        Some("parse") => {
            let input = vector_check::check_typed_parse(registry, v)?;
            if let Some(expected) = v.get("fields") {
                let u = urn(registry, input).ok_or("no urn fields")?;
                let found = [
                    Some(u.nid()),
                    Some(u.nss()),
                    u.r_component(),
                    u.q_component(),
                    u.f_component(),
                ];
                let names = ["nid", "nss", "r_component", "q_component", "f_component"];
                for (name, found) in names.iter().zip(found) {
                    if expected[name].as_str() != found {
                        return Err(format!("{name}: {found:?}"));
                    }
                }
            }
            Ok(())
        }
        Some("equivalence") => {
            let (a, b, expected) = vector_check::equivalence(v)?;
            // URN-equivalence (§3.1), by `Urn::is_equivalent`.
            let by_urn = match (urn(registry, a), urn(registry, b)) {
                (Some(x), Some(y)) => {
                    if x.is_equivalent(&y) != (x.equivalence_key() == y.equivalence_key()) {
                        return Err("is_equivalent and equivalence_key disagree".into());
                    }
                    x.is_equivalent(&y)
                }
                _ => false,
            };
            if by_urn != expected {
                return Err(format!("Urn::is_equivalent: {by_urn}"));
            }
            // The registry, which asks the urn scheme's own rule (§3.1)
            // first; a record whose answer it cannot give yet names the
            // gap in `registry_gap` and gives the registry's in `registry`.
            let parse = |s| UriReference::parse(s).map_err(|e| format!("{s}: {e}"));
            let by_registry = registry.equivalent(parse(a)?, parse(b)?);
            let registry_expected = v["registry"].as_bool().unwrap_or(expected);
            if by_registry != registry_expected {
                return Err(format!("Registry::equivalent: {by_registry}"));
            }
            if registry.equivalent(parse(b)?, parse(a)?) != by_registry {
                return Err("Registry::equivalent is not symmetric".into());
            }
            Ok(())
        }
        Some("normalize") => vector_check::check_typed_normalize(registry, v),
        other => Err(format!("unknown type {other:?}")),
    }
}

#[test]
fn vector_file() {
    let registry = Registry::standard();
    vector_check::run_each(include_str!("vectors/urn.json"), 80, |v| {
        if v.get("registry").is_some() && !v["registry_gap"].is_string() {
            return Err("a registry gap says why".into());
        }
        run(&registry, v).map_err(|e| format!("({}) {e}", v["input"]))
    });
}

/// A megabyte NSS, r-component and q-component are read in one pass.
#[test]
fn megabyte_urn() {
    let registry = Registry::standard();
    let nss = "a%2Fb:".repeat(200_000);
    let input = format!("urn:example:{nss}?+{nss}?={nss}#{nss}");
    let report = registry.check(Uri::parse(&input).expect("a URI"));
    let kinds: Vec<_> = report.violations().iter().map(|v| v.kind()).collect();
    assert_eq!(kinds, ["TooLong"]);
    let Fields::Urn(u) = report.fields() else {
        panic!("urn fields")
    };
    assert_eq!(u.nss().len(), nss.len());
    assert_eq!(u.q_component().map(str::len), Some(nss.len()));
    let normal = registry.normalize(Uri::parse(&input).expect("a URI"));
    assert_eq!(normal.as_str().len(), input.len());
    let isbn = format!("urn:isbn:{}", "1-".repeat(500_000));
    let report = registry.check(Uri::parse(&isbn).expect("a URI"));
    let kinds: Vec<_> = report.violations().iter().map(|v| v.kind()).collect();
    assert_eq!(kinds, ["TooLong", "NamespaceRule"]);
}

/// An NID: 2 to 32 letters, digits and `-`, not at either end.
fn nid() -> impl Strategy<Value = String> {
    ("[a-zA-Z0-9]", "[a-zA-Z0-9-]{0,30}", "[a-zA-Z0-9]").prop_map(|(a, b, c)| format!("{a}{b}{c}"))
}

/// A `pchar` or a triplet of any byte (`unreserved` ones too, which
/// URN-equivalence keeps encoded), in hex of either case.
fn pchar() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-zA-Z0-9._~!$&'()*+,;=:@-]",
        1 => any::<u8>()
            .prop_flat_map(|b| prop_oneof![Just(format!("%{b:02X}")), Just(format!("%{b:02x}"))]),
    ]
}

/// An NSS: segments of `pchar` (`.` and `..` among them: the NSS is
/// opaque), joined by `/`.
fn nss() -> impl Strategy<Value = String> {
    let segment = prop_oneof![
        4 => prop::collection::vec(pchar(), 1..6).prop_map(|p| p.concat()),
        1 => prop::sample::select(vec![".".to_string(), "..".to_string()]),
    ];
    prop::collection::vec(segment, 1..4).prop_map(|s| s.join("/"))
}

/// An r- or q-component: `pchar *( pchar / "/" / "?" )`.
fn component() -> impl Strategy<Value = String> {
    (
        pchar(),
        prop::collection::vec(
            prop_oneof![pchar(), Just("/".into()), Just("?".into())],
            0..6,
        ),
    )
        .prop_map(|(first, rest)| format!("{first}{}", rest.concat()))
        .prop_filter("no ?= in an r-component", |s| !s.contains("?="))
}

/// A valid URN, its scheme in any case, and its parts.
fn valid_urn() -> impl Strategy<Value = (String, String, String, Option<String>, Option<String>)> {
    (
        prop::sample::select(vec!["urn", "URN", "Urn"]),
        nid(),
        nss(),
        prop::option::of(component()),
        prop::option::of(component()),
    )
        .prop_map(|(scheme, nid, nss, r, q)| {
            let mut text = format!("{scheme}:{nid}:{nss}");
            if let Some(r) = &r {
                text.push_str("?+");
                text.push_str(r);
            }
            if let Some(q) = &q {
                text.push_str("?=");
                text.push_str(q);
            }
            (text, nid, nss, r, q)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A valid URN checks valid, with its parts as written.
    #[test]
    fn parts((text, nid, nss, r, q) in valid_urn()) {
        let registry = Registry::standard();
        let report = registry.check(Uri::parse(&text).expect("a URI"));
        prop_assert!(report.violations().iter().all(|v| !v.is_error()), "{}: {:?}", text, report.violations());
        let Fields::Urn(u) = report.fields() else {
            return Err(TestCaseError::fail(format!("no fields: {text}")));
        };
        prop_assert_eq!(u.nid(), nid);
        prop_assert_eq!(u.nss(), nss);
        prop_assert_eq!(u.r_component(), r.as_deref());
        prop_assert_eq!(u.q_component(), q.as_deref());
    }

    /// `Registry::normalize` is idempotent on valid URNs, keeps them valid,
    /// registry-equivalent and URN-equivalent (§3.1): it decodes no
    /// triplet and removes no dot segment.
    #[test]
    fn normalize_idempotent((text, ..) in valid_urn()) {
        let registry = Registry::standard();
        let uri = Uri::parse(&text).expect("a URI");
        let once = registry.normalize(uri);
        let twice = registry.normalize(once.as_uri());
        prop_assert_eq!(&once, &twice);
        prop_assert!(registry.equivalent(uri.into(), once.as_uri().into()));
        prop_assert!(registry.check(once.as_uri()).is_valid());
        let (before, after) = (urn(&registry, &text).expect("a URN"), urn(&registry, once.as_str()).expect("a URN"));
        prop_assert!(before.is_equivalent(&after), "{} -> {}", text, once);
        prop_assert_eq!(after.nid(), before.nid().to_ascii_lowercase());
        prop_assert_eq!(after.equivalence_key(), before.equivalence_key());
    }

    /// URN-equivalence ignores the NID's case, hex case and the r-, q-
    /// and f-components, and nothing else.
    #[test]
    fn equivalence((text, nid, nss, ..) in valid_urn(), f in "[a-z]{0,4}") {
        let registry = Registry::standard();
        let a = urn(&registry, &text).expect("a URN");
        let other = format!("urn:{}:{}#{f}", nid.to_ascii_uppercase(), hex_case_swapped(&nss));
        let b = urn(&registry, &other).expect("a URN");
        prop_assert!(a.is_equivalent(&b));
        let changed = format!("urn:{nid}:{nss}x");
        prop_assert!(!a.is_equivalent(&urn(&registry, &changed).expect("a URN")));
        // The registry agrees, both ways, and so does the ladder's rung.
        let (ra, rb) = (UriReference::parse(&text).expect("a URI"), UriReference::parse(&other).expect("a URI"));
        prop_assert!(registry.equivalent(ra, rb));
        prop_assert!(registry.equivalent(rb, ra));
        prop_assert!(!registry.equivalent(ra, UriReference::parse(&changed).expect("a URI")));
    }

    /// Encoding one more `unreserved` character of the NSS makes another
    /// URN (§3.1: "percent-encoded characters MUST NOT be decoded"), for
    /// the registry too.
    #[test]
    fn an_encoded_character_is_another_urn(nid in nid(), head in "[a-z0-9]{0,4}", c in "[a-zA-Z0-9._~-]", tail in "[a-z0-9]{0,4}") {
        let registry = Registry::standard();
        let byte = c.as_bytes()[0];
        let plain = format!("urn:{nid}:{head}{c}{tail}");
        let encoded = format!("urn:{nid}:{head}%{byte:02X}{tail}");
        let (a, b) = (UriReference::parse(&plain).expect("a URI"), UriReference::parse(&encoded).expect("a URI"));
        prop_assert!(!registry.equivalent(a, b), "{} / {}", plain, encoded);
        let (x, y) = (Uri::parse(&plain).expect("a URI"), Uri::parse(&encoded).expect("a URI"));
        prop_assert_ne!(registry.normalize(x), registry.normalize(y));
    }
}

/// `nss` with the hex digits of its triplets in the other case.
fn hex_case_swapped(nss: &str) -> String {
    let mut out = String::new();
    let mut hex = 0;
    for c in nss.chars() {
        if hex > 0 {
            hex -= 1;
            out.push(if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            });
        } else {
            if c == '%' {
                hex = 2;
            }
            out.push(c);
        }
    }
    out
}
