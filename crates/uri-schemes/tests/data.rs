//! data (RFC 2397): the records of `tests/vectors/data.json` through the
//! shared runner, base64
//! round trips, properties of the normal form, and hostile input.

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::vector_check;

use proptest::prelude::*;
use serde_json::{Value, json};
use uri_core::Uri;
use uri_schemes::{Data, Fields, Registry};

/// The keys of a data record besides the shared runner's.
const KEYS: &[&str] = &[
    "decoded_hex",
    "decoded_hex_prefix",
    "decoded_len",
    "data_len",
];

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A [`Data`] as JSON, as the vector file writes it.
fn fields(fields: &Fields) -> Option<Value> {
    let Fields::Data(data) = fields else {
        return None;
    };
    let parameters: Vec<Value> = data
        .parameters()
        .iter()
        .map(|(n, v)| json!([n, v]))
        .collect();
    Some(json!({
        "media_type": data.media_type(),
        "parameters": parameters,
        "base64": data.is_base64(),
        "encoded": data.encoded(),
    }))
}

/// The decoded payload against `data_len`, `decoded_len`, `decoded_hex`
/// and `decoded_hex_prefix`.
fn decoded(record: &Value, fields: &Fields) -> Vec<String> {
    let mut problems = Vec::new();
    let Fields::Data(data) = fields else {
        if record.get("fields").is_some_and(|f| !f.is_null()) {
            problems.push("fields: got none".into());
        }
        return problems;
    };
    if record.get("fields").is_none_or(Value::is_null) {
        problems.push("fields: got some".into());
    }
    let decoded = data.decode();
    if decoded.len() != data.data_len() {
        problems.push(format!(
            "data_len {} but decoded {}",
            data.data_len(),
            decoded.len()
        ));
    }
    for key in ["data_len", "decoded_len"] {
        if let Some(len) = record[key].as_u64() {
            if len != decoded.len() as u64 {
                problems.push(format!("{key}: got {}", decoded.len()));
            }
        }
    }
    if let Some(expected) = record["decoded_hex"].as_str() {
        if hex(&decoded) != expected {
            problems.push(format!("decoded_hex: got {}", hex(&decoded)));
        }
    }
    if let Some(prefix) = record["decoded_hex_prefix"].as_str() {
        if !hex(&decoded).starts_with(prefix) {
            problems.push(format!("decoded_hex_prefix: got {}", hex(&decoded)));
        }
    }
    problems
}

#[test]
fn vectors() {
    vector_check::run_with(include_str!("vectors/data.json"), fields, KEYS, decoded, 40);
}

/// base64 (RFC 4648 §4), for the tests only: the decoder under test is
/// the crate's.
fn encode_base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.len();
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let v = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= n {
                out.push(char::from(ALPHABET[(v >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[test]
fn the_test_encoder_is_rfc_4648() {
    // RFC 4648 §10's test vectors.
    let vectors = [
        ("", ""),
        ("f", "Zg=="),
        ("fo", "Zm8="),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="),
        ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ];
    for (plain, encoded) in vectors {
        assert_eq!(encode_base64(plain.as_bytes()), encoded);
        assert_eq!(decode(&format!("data:;base64,{encoded}")), plain.as_bytes());
    }
}

#[track_caller]
fn data(input: &str) -> Data {
    let Fields::Data(data) = vector_check::fields_of(input) else {
        panic!("{input}: no data fields")
    };
    data
}

#[track_caller]
fn decode(input: &str) -> Vec<u8> {
    data(input).decode()
}

#[test]
fn ten_megabytes_of_base64() {
    let bytes: Vec<u8> = (0..7_500_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let input = format!(
        "data:application/octet-stream;base64,{}",
        encode_base64(&bytes)
    );
    assert_eq!(input.len(), 37 + 10_000_000);
    let report = Registry::standard().check(Uri::parse(&input).unwrap());
    let kinds: Vec<&str> = report.violations().iter().map(|v| v.kind()).collect();
    assert_eq!(kinds, ["TooLong"]);
    let Fields::Data(data) = report.fields() else {
        panic!("a data URI")
    };
    assert_eq!(data.data_len(), bytes.len());
    assert!(data.decode() == bytes);
    let normal = Registry::standard().normalize(Uri::parse(&input).unwrap());
    assert_eq!(normal.as_str().len(), input.len());
}

#[test]
fn ten_megabytes_of_text() {
    let input = format!("DATA:TEXT/PLAIN,{}", "%41b".repeat(2_500_000));
    let report = Registry::standard().check(Uri::parse(&input).unwrap());
    assert!(report.is_valid());
    let Fields::Data(data) = report.fields() else {
        panic!("a data URI")
    };
    assert_eq!(data.data_len(), 5_000_000);
    let normal = Registry::standard().normalize(Uri::parse(&input).unwrap());
    assert!(normal.as_str().starts_with("data:text/plain,AbAb"));
}

#[test]
fn ten_megabytes_without_a_comma() {
    let input = format!("data:{}", "a".repeat(10_000_000));
    let report = Registry::standard().check(Uri::parse(&input).unwrap());
    let kinds: Vec<(&str, usize)> = report
        .violations()
        .iter()
        .map(|v| (v.kind(), v.index()))
        .collect();
    assert_eq!(kinds, [("TooLong", 0), ("MissingComma", input.len())]);
}

#[test]
fn a_bad_character_late_in_a_long_payload() {
    let input = format!("data:;base64,{}!AAA", "AAAA".repeat(1_000_000));
    let report = Registry::standard().check(Uri::parse(&input).unwrap());
    let bad = report
        .violations()
        .iter()
        .find(|v| v.kind() == "InvalidBase64")
        .unwrap();
    assert_eq!(bad.index(), 13 + 4_000_000);
}

#[test]
fn many_parameters() {
    let params: String = (0..20_000).map(|i| format!(";p{i}=v")).collect();
    let input = format!("data:text/plain{params},x");
    assert!(
        Registry::standard()
            .check(Uri::parse(&input).unwrap())
            .is_valid()
    );
    let duplicated = format!("data:text/plain{},x", ";a=1".repeat(50_000));
    let count = vector_check::count_of(&duplicated, "DuplicateParameter");
    assert_eq!(count, 49_999);
}

#[test]
fn eq_compares_as_written() {
    assert_ne!(data("data:,a%7e"), data("data:,a~"));
    assert_eq!(data("data:,a%7e").decode(), data("data:,a~").decode());
}

/// A token (RFC 2045 §5.1), percent-encoded where a URI needs it; at
/// times `.` or `..`, which normalization keeps (the path is opaque).
fn token() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        8 => "[A-Za-z0-9!$&'*+.^_`|~-]{1,8}",
        1 => prop::sample::select(vec![".".to_string(), "..".to_string()]),
    ];
    token.prop_map(|t| {
        // Characters a URI cannot hold raw are percent-encoded.
        t.chars()
            .map(|c| match c {
                '^' | '`' | '|' => format!("%{:02X}", c as u32),
                c => c.to_string(),
            })
            .collect()
    })
}

/// Data as it may stand in a URI: unreserved characters, sub-delims, `:`,
/// `@`, `/`, `?` and percent-encoded octets.
fn urlchars() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            "[A-Za-z0-9._~!$&'()*+,;=:@?-]",
            any::<u8>().prop_map(|b| format!("%{b:02X}")),
        ],
        0..30,
    )
    .prop_map(|pieces| pieces.concat())
}

proptest! {
    #[test]
    fn base64_round_trips(bytes in prop::collection::vec(any::<u8>(), 0..200), encode_some in any::<bool>()) {
        let mut encoded = encode_base64(&bytes);
        if encode_some {
            encoded = encoded.replace('+', "%2B").replace('/', "%2f").replace('=', "%3D");
        }
        let input = format!("data:application/octet-stream;base64,{encoded}");
        let report = Registry::standard().check(Uri::parse(&input).unwrap());
        prop_assert!(report.violations().is_empty(), "{:?}", report.violations());
        let Fields::Data(data) = report.fields() else { panic!("a data URI") };
        prop_assert_eq!(data.data_len(), bytes.len());
        prop_assert_eq!(data.decode(), bytes);
    }

    #[test]
    fn percent_decoding_round_trips(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let encoded: String = bytes.iter().map(|b| format!("%{b:02x}")).collect();
        let got = decode(&format!("data:application/octet-stream,{encoded}"));
        prop_assert_eq!(got, bytes);
    }

    #[test]
    fn normalizing_is_idempotent(
        kind in prop::option::of((token(), token())),
        params in prop::collection::vec((token(), token()), 0..4),
        base64 in any::<bool>(),
        payload in urlchars(),
        bytes in prop::collection::vec(any::<u8>(), 0..40),
        fragment in prop::option::of("[a-z]{0,5}"),
    ) {
        let mut input = String::from("data:");
        if let Some((t, s)) = &kind {
            input.push_str(&format!("{t}/{s}"));
        }
        for (n, v) in &params {
            input.push_str(&format!(";{n}-x={v}"));
        }
        if base64 {
            input.push_str(";BaSe64,");
            input.push_str(&encode_base64(&bytes));
        } else {
            input.push(',');
            input.push_str(&payload);
        }
        if let Some(f) = &fragment {
            input.push('#');
            input.push_str(f);
        }
        let uri = Uri::parse(&input).unwrap();
        let registry = Registry::standard();
        let report = registry.check(uri);
        let duplicate = report.violations().iter().any(|v| v.kind() == "DuplicateParameter");
        prop_assert!(report.is_valid() || duplicate, "{}: {:?}", input, report.violations());
        let once = registry.normalize(uri);
        let twice = registry.normalize(once.as_uri());
        prop_assert_eq!(&once, &twice);
        if report.is_valid() {
            // The normal form holds the same bytes (no dot segment of the
            // payload removed) and is equivalent.
            let Fields::Data(data) = registry.check(once.as_uri()).into_parts().0 else {
                panic!("{once} is a data URI")
            };
            let Fields::Data(before) = report.fields() else { panic!("{input} is a data URI") };
            prop_assert_eq!(data.decode(), before.decode());
            if base64 {
                prop_assert_eq!(data.decode(), bytes);
            }
            prop_assert!(registry.equivalent(uri.into(), once.as_uri().into()));
        }
    }

    #[test]
    fn never_panics(s in "data:[-a-zA-Z0-9;,=+/%.!$&'()*:@?#]{0,40}") {
        if let Ok(uri) = Uri::parse(&s) {
            let registry = Registry::standard();
            let report = registry.check(uri);
            if let Fields::Data(data) = report.fields() {
                prop_assert_eq!(data.decode().len(), data.data_len());
            }
            let once = registry.normalize(uri);
            prop_assert_eq!(registry.normalize(once.as_uri()), once);
        }
    }
}
