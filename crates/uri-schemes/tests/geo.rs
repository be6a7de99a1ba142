//! geo (RFC 5870): the records of `tests/vectors/geo.json` (the RFC's
//! examples, §6.4's equivalent and non-equivalent URIs, and the faults),
//! through the shared runner.

use crate::vector_check;

use serde_json::{Value, json};
use uri_schemes::{Fields, Geo};

/// A [`Geo`] as JSON.
fn fields(fields: &Fields) -> Option<Value> {
    let Fields::Geo(geo) = fields else {
        return None;
    };
    Some(json!({
        "coordinates": geo.coordinates(),
        "crs": geo.crs(),
        "uncertainty": geo.uncertainty(),
        "parameters": geo.parameters(),
    }))
}

#[test]
fn vectors() {
    vector_check::run(include_str!("vectors/geo.json"), fields, 25);
}

#[test]
fn the_typed_entry_is_the_report_s_fields() {
    let uri = uri_core::Uri::parse("geo:1,2;u=3").unwrap();
    let report = uri_schemes::Registry::standard().check(uri);
    let Fields::Geo(geo) = report.fields() else {
        panic!("a geo report")
    };
    assert_eq!(Geo::parse(uri).unwrap(), **geo);
}
