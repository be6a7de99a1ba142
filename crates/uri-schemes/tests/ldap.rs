//! ldap (RFC 4516): the records of `tests/vectors/ldap.json` (every
//! example of RFC 4516 §4, RFC 3986's, RFC 4515's filters inside URLs,
//! and the faults), and properties of the normal form.

use crate::vector_check;

use proptest::prelude::*;
use serde_json::{Value, json};
use uri_core::Uri;
use uri_schemes::{Fields, Registry};

/// The fields of an ldap report as the vector files write them.
fn fields(fields: &Fields) -> Option<Value> {
    let Fields::Ldap(ldap) = fields else {
        return None;
    };
    let extensions: Vec<Value> = ldap
        .extensions()
        .map(|(critical, extype, value)| json!([critical, extype, value]))
        .collect();
    Some(json!({
        "host": ldap.host(),
        "port": ldap.port(),
        "dn": ldap.dn(),
        "attributes": ldap.attributes(),
        "scope": ldap.scope(),
        "filter": ldap.filter(),
        "extensions": extensions,
    }))
}

#[test]
fn vectors() {
    vector_check::run(include_str!("vectors/ldap.json"), fields, 60);
}

#[test]
fn ldap_is_a_locator_on_port_389() {
    let facts = vector_check::facts("ldap");
    assert_eq!(facts, (uri_schemes::Kind::Locator, Some(389)));
}

#[test]
fn long_input_is_linear() {
    // 200,000 nested `!` filters, a long DN, many attributes: all read
    // without recursion, in one pass each.
    let depth = 200_000;
    let filter = format!("{}(a=b){}", "(!".repeat(depth), ")".repeat(depth));
    let dn = vec!["cn=x"; 100_000].join(",");
    let attributes = vec!["cn"; 100_000].join(",");
    let text = format!("ldap://h/{dn}?{attributes}?sub?{filter}");
    let report = Registry::standard().check(Uri::parse(&text).unwrap());
    assert!(report.violations().iter().all(|v| v.kind() == "TooLong"));
    let unbalanced = format!("ldap://h/??sub?{}", "(!".repeat(depth));
    let report = Registry::standard().check(Uri::parse(&unbalanced).unwrap());
    assert!(report.violations().iter().any(|v| v.kind() == "BadFilter"));
}

/// A host: a registered name in any case, IPv4, IPv6, or none.
fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z][a-zA-Z0-9-]{0,8}(\\.[a-zA-Z]{1,5}){0,2}",
        Just("192.0.2.16".to_string()),
        Just("[2001:DB8::7]".to_string()),
        Just(String::new()),
    ]
}

/// A port: none, empty, the default, written with a leading zero, or
/// another.
fn port() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just(":".to_string()),
        Just(":389".to_string()),
        Just(":0389".to_string()),
        Just(":6666".to_string()),
    ]
}

/// An RFC 4514 DN, percent-encoded where the URI needs it.
fn dn() -> impl Strategy<Value = String> {
    let value = "[a-zA-Z0-9]{1,6}( [a-zA-Z]{1,4})?".prop_map(|v| v.replace(' ', "%20"));
    let rdn = ("(cn|o|c|ou|2\\.5\\.4\\.3|DC)", value).prop_map(|(t, v)| format!("{t}={v}"));
    prop::collection::vec(rdn, 0..4).prop_map(|rdns| rdns.join(","))
}

/// An attribute list.
fn attributes() -> impl Strategy<Value = String> {
    let one = prop_oneof![
        "[a-zA-Z][a-zA-Z0-9-]{0,6}(;[a-zA-Z-]{1,5})?",
        Just("*".to_string()),
        Just("1.1".to_string()),
    ];
    prop::collection::vec(one, 0..3).prop_map(|a| a.join(","))
}

/// A scope in any case, or none.
fn scope() -> impl Strategy<Value = String> {
    "(|[bB][aA][sS][eE]|[oO][nN][eE]|[sS][uU][bB])"
}

/// A filter, percent-encoded where the URI needs it.
fn filter() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("(objectClass=*)".to_string()),
        Just("(cn=Babs%20Jensen)".to_string()),
        Just("(&(objectClass=Person)(%7C(sn=Jensen)(cn=Babs%20J*)))".to_string()),
        Just("(four-octet=%5c00%5c00%5c00%5c04)".to_string()),
        Just("(:DN:2.4.6.8.10:=Dino)".to_string()),
    ]
}

/// An extension list.
fn extensions() -> impl Strategy<Value = String> {
    let one = (
        "!?",
        "[a-zA-Z][a-zA-Z0-9-]{0,6}",
        "(=[a-zA-Z0-9]{0,4}(%2[cC][a-z]{1,3})?)?",
    )
        .prop_map(|(bang, extype, value)| format!("{bang}{extype}{value}"));
    prop::collection::vec(one, 0..3).prop_map(|e| e.join(","))
}

/// A valid ldap URI, with up to four query parts, empty ones included.
fn ldap_uri() -> impl Strategy<Value = String> {
    (
        "[lL][dD][aA][pP]",
        host(),
        port(),
        prop::option::of(dn()),
        attributes(),
        scope(),
        filter(),
        extensions(),
        0..5usize,
    )
        .prop_map(
            |(scheme, host, port, dn, attributes, scope, filter, extensions, parts)| {
                let port = if host.is_empty() { String::new() } else { port };
                let mut text = format!("{scheme}://{host}{port}");
                if let Some(dn) = dn {
                    text.push('/');
                    text.push_str(&dn);
                    let query = [attributes, scope, filter, extensions];
                    if parts > 0 {
                        text.push('?');
                        text.push_str(&query[..parts].join("?"));
                    }
                }
                text
            },
        )
}

proptest! {
    #[test]
    fn valid_uris_normalize_to_a_valid_fixed_point(text in ldap_uri()) {
        vector_check::valid_fixed_point(&text, |f| matches!(f, Fields::Ldap(_)))?;
    }

    #[test]
    fn any_ldap_uri_normalizes_idempotently(
        text in "[lL][dD][aA][pP]://[a-z.:0-9]{0,6}(/[a-zA-Z0-9=,;+*!()&|~<>%?./:-]{0,30})?",
    ) {
        vector_check::normalizes_idempotently(&text)?;
    }
}
