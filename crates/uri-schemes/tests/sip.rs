//! sip and sips (RFC 3261 §19.1): the records of `tests/vectors/sip.json`
//! (§19.1.3's examples, §19.1.4's equivalent and non-equivalent URIs, and
//! the faults), through the shared runner.

use crate::vector_check;

use serde_json::{Value, json};
use uri_schemes::{Fields, Sip};

/// A [`Sip`] as JSON (the password too: these are test values).
fn fields(fields: &Fields) -> Option<Value> {
    let Fields::Sip(sip) = fields else {
        return None;
    };
    Some(json!({
        "secure": sip.is_secure(),
        "user": sip.user(),
        "password": sip.password(),
        "host": sip.host(),
        "port": sip.port(),
        "parameters": sip.parameters(),
        "headers": sip.headers(),
    }))
}

#[test]
fn vectors() {
    vector_check::run(include_str!("vectors/sip.json"), fields, 30);
}

#[test]
fn the_typed_entry_is_the_report_s_fields() {
    let uri = uri_core::Uri::parse("sips:bob@biloxi.com;transport=tls").unwrap();
    let report = uri_schemes::Registry::standard().check(uri);
    let Fields::Sip(sip) = report.fields() else {
        panic!("a sips report")
    };
    assert_eq!(Sip::parse(uri).unwrap(), **sip);
    assert!(Sip::parse(uri_core::Uri::parse("tel:+1").unwrap()).is_err());
}

#[test]
fn default_ports() {
    let (sip, sips) = (vector_check::facts("sip"), vector_check::facts("sips"));
    assert_eq!((sip.1, sips.1), (Some(5060), Some(5061)));
}
