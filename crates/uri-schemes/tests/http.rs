//! http and https (RFC 9110 §4.2), ws and wss (RFC 6455 §3): the records
//! of `tests/vectors/http.json` (RFC 9110's examples of §4.2.3, its rules
//! of §4.2.1 to §4.2.4, RFC 6455's of §3, and the faults), through
//! `Registry::check`, `Registry::validate`, `Registry::normalize` and
//! `Registry::equivalent`.

use crate::vector_check;

use serde_json::{Value, json};
use uri_schemes::{Fields, Kind, Registry};

/// The fields of an http(s) or ws(s) report as the vector file writes
/// them: as `urikit scheme --json` does, the origin's port a number.
fn fields(fields: &Fields) -> Option<Value> {
    let Fields::Http(http) = fields else {
        return None;
    };
    let origin = http
        .origin()
        .map(|o| json!([o.scheme(), o.host(), o.port()]));
    Some(json!({
        "host": http.host(),
        "port": http.port(),
        "origin": origin,
    }))
}

#[test]
fn vectors() {
    vector_check::run(include_str!("vectors/http.json"), fields, 30);
}

#[test]
fn the_four_are_locators_on_their_default_ports() {
    let registry = Registry::standard();
    for (name, port) in [("http", 80), ("https", 443), ("ws", 80), ("wss", 443)] {
        let scheme = registry.get(name).expect("standard");
        assert_eq!(
            (scheme.kind(), scheme.default_port(), scheme.uses_dns()),
            (Kind::Locator, Some(port), true),
            "{name}"
        );
    }
}
