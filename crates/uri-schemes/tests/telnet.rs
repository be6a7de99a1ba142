//! telnet (RFC 4248): the records of `tests/vectors/telnet.json` (RFC
//! 3986's example, RFC 4248's template filled in, and the faults), and
//! properties of the normal form.

use crate::vector_check;

use proptest::prelude::*;
use serde_json::Value;
use uri_core::Uri;
use uri_schemes::{Fields, Kind, Registry};

/// telnet has no fields of its own: anything else is a fault.
fn fields(fields: &Fields) -> Option<Value> {
    match fields {
        Fields::None => None,
        other => Some(Value::String(format!("{other:?}"))),
    }
}

#[test]
fn vectors() {
    vector_check::run(include_str!("vectors/telnet.json"), fields, 15);
}

#[test]
fn telnet_is_a_locator_on_port_23() {
    assert_eq!(vector_check::facts("telnet"), (Kind::Locator, Some(23)));
}

/// A valid telnet URI.
fn telnet_uri() -> impl Strategy<Value = String> {
    (
        "[tT][eE][lL][nN][eE][tT]",
        "(|[a-z]{1,5}@|[a-z]{1,5}:|[a-z]{1,5}:[a-z0-9]{1,5}@)",
        "[a-zA-Z][a-zA-Z0-9-]{0,6}(\\.[a-zA-Z]{1,4}){0,2}|192\\.0\\.2\\.16|\\[2001:DB8::1\\]",
        "(|:|:23|:023|:80)",
        "(|/)",
    )
        .prop_map(|(scheme, userinfo, host, port, slash)| {
            // `user:` alone is a user with an empty password, and needs `@`.
            let userinfo = if userinfo.ends_with(':') {
                format!("{userinfo}@")
            } else {
                userinfo
            };
            format!("{scheme}://{userinfo}{host}{port}{slash}")
        })
}

proptest! {
    #[test]
    fn valid_uris_normalize_to_a_valid_fixed_point(text in telnet_uri()) {
        vector_check::valid_fixed_point(&text, |f| matches!(f, Fields::None))?;
        let normal = Registry::standard().normalize(Uri::parse(&text).unwrap());
        prop_assert_eq!(normal.path(), "/");
        prop_assert!(normal.port() != Some("23"));
    }

    #[test]
    fn any_telnet_uri_normalizes_idempotently(
        text in "[tT][eE][lL][nN][eE][tT]:(//[a-z.:@0-9]{0,8})?[a-z/?#%0-9]{0,8}",
    ) {
        vector_check::normalizes_idempotently(&text)?;
    }
}
