//! ftp (RFC 1738 §3.2): the records of `tests/vectors/ftp.json` (every
//! ftp example of RFC 1738, RFC 3986's two, and the faults), and
//! properties of the normal form.

use crate::vector_check;

use proptest::prelude::*;
use serde_json::{Value, json};
use uri_core::Uri;
use uri_schemes::{Fields, Kind, Registry};

/// The fields of an ftp report as the vector files write them.
fn fields(fields: &Fields) -> Option<Value> {
    let Fields::Ftp(ftp) = fields else {
        return None;
    };
    Some(json!({
        "host": ftp.host(),
        "port": ftp.port(),
        "user": ftp.user(),
        "segments": ftp.segments(),
        "typecode": ftp.typecode().map(String::from),
    }))
}

#[test]
fn vectors() {
    vector_check::run(include_str!("vectors/ftp.json"), fields, 30);
}

#[test]
fn ftp_is_a_locator_on_port_21() {
    assert_eq!(vector_check::facts("ftp"), (Kind::Locator, Some(21)));
}

#[test]
fn long_input_is_linear() {
    let path = vec!["dir%2Fx"; 200_000].join("/");
    let text = format!("ftp://h/{path};type=i");
    let report = Registry::standard().check(Uri::parse(&text).unwrap());
    let Fields::Ftp(ftp) = report.fields() else {
        panic!("an ftp URI")
    };
    assert_eq!(ftp.segments().len(), 200_000);
    assert_eq!(ftp.typecode(), Some('i'));
}

/// A valid ftp URI.
fn ftp_uri() -> impl Strategy<Value = String> {
    let segment = "[a-zA-Z0-9._~-]{0,6}(%2F|%3B|%3F|%20)?[a-z]{0,3}";
    (
        "[fF][tT][pP]",
        "(|@|[a-z]{1,5}@|[a-z]{1,5}:@|[a-z]{1,5}:[a-z0-9]{1,5}@)",
        "[a-zA-Z][a-zA-Z0-9-]{0,6}(\\.[a-zA-Z]{1,4}){0,2}|10\\.0\\.0\\.1|\\[::1\\]",
        "(|:|:21|:021|:2121)",
        // `.` and `..` are dot segments to RFC 3986 §6.2.2.3, whatever
        // they mean to an FTP server: syntax normalization removes them.
        prop::option::of(prop::collection::vec(
            segment.prop_filter("not a dot segment", |s| s != "." && s != ".."),
            1..4,
        )),
        "(|;type=[aAiIdD])",
    )
        .prop_map(
            |(scheme, userinfo, host, port, segments, typecode)| match segments {
                Some(segments) => format!(
                    "{scheme}://{userinfo}{host}{port}/{}{typecode}",
                    segments.join("/")
                ),
                None => format!("{scheme}://{userinfo}{host}{port}"),
            },
        )
}

proptest! {
    #[test]
    fn valid_uris_normalize_to_a_valid_fixed_point(text in ftp_uri()) {
        let is_ftp = |f: &Fields| matches!(f, Fields::Ftp(_));
        let (Fields::Ftp(before), Fields::Ftp(after)) =
            vector_check::valid_fixed_point(&text, is_ftp)?
        else {
            return Err(TestCaseError::fail(format!("{text}: no ftp fields")));
        };
        // The typecode and the decoded segments survive normalization.
        prop_assert_eq!(before.typecode(), after.typecode());
        prop_assert_eq!(before.segments(), after.segments());
    }

    #[test]
    fn any_ftp_uri_normalizes_idempotently(
        text in "[fF][tT][pP]:(//[a-z.:@0-9]{0,8})?[a-zA-Z/;=?%0-9]{0,16}",
    ) {
        vector_check::normalizes_idempotently(&text)?;
    }
}
