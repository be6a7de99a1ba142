//! The RFC percent-encoding vectors, `tests/vectors/percent.json`, through
//! `urikit::encode`.
//!
//! The file is a verbatim copy of the shared RFC-derived vectors. Each record
//! is `{op: "encode"|"decode", decoded, encoded, set?}`:
//!
//! - an `encode` record without `set` is RFC 3986 §2.1/§2.5 text: a decoded
//!   text of `unreserved` characters only must come out unchanged from every
//!   RFC 3986 set (§2.3: they "should not be" encoded), any other is checked
//!   with `EncodeSet::UNRESERVED`, which encodes every byte outside
//!   `unreserved` as §2.1 and §2.5 describe;
//! - `set: "unreserved-only"` means `EncodeSet::UNRESERVED`;
//! - every `encode` record must also decode back, and a `decode` record must
//!   decode to its `decoded` text.
//!
//! Every record is checked by the loop of `urikit_tests::vectors::run`, and
//! every failure reported at once.

use std::borrow::Cow;

use serde::Deserialize;
use urikit::encode::{
    Decoder, EncodeSet, decode, decode_lossy, decode_utf8, decode_utf8_lossy, encode,
    encode_bytes_into, encode_bytes_to_str, encode_into, normalize, validate,
};
use urikit_tests::percent::{ENCODE_SETS, is_triplet};
use urikit_tests::vectors::{Vector, load, run_records};

/// The vector file.
const FILE: &str = "percent.json";

/// What a record checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Op {
    Encode,
    Decode,
}

/// A record of `percent.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    op: Op,
    decoded: String,
    encoded: String,
    set: Option<String>,
    source: String,
    #[serde(rename = "note")]
    _note: Option<String>,
}

impl Vector for Record {
    /// A stable id: the file has no names, and the same text may appear
    /// with and without a set. Two records with the same op, set and text
    /// fail the test.
    fn id(&self) -> String {
        format!(
            "{:?}/{}/{:?}",
            self.op,
            self.set.as_deref().unwrap_or("rfc"),
            self.decoded
        )
    }

    fn source(&self) -> &str {
        &self.source
    }

    fn input(&self) -> String {
        format!("decoded {:?}, encoded {:?}", self.decoded, self.encoded)
    }
}

/// Whether `s` is made of `unreserved` characters only (RFC 3986 §2.3).
fn all_unreserved(s: &str) -> bool {
    s.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b))
}

/// The sets an `encode` record is checked with, by name; `Err` for an unknown set.
fn sets_for(r: &Record) -> Result<Vec<(&'static str, EncodeSet)>, String> {
    match r.set.as_deref() {
        Some("unreserved-only") => Ok(vec![("UNRESERVED", EncodeSet::UNRESERVED)]),
        Some(other) => Err(format!("unknown set {other:?}")),
        // Unreserved text stays as it is in every RFC 3986 component; FORM is
        // not an RFC 3986 set (it encodes `~`).
        None if all_unreserved(&r.decoded) => Ok(ENCODE_SETS
            .iter()
            .copied()
            .filter(|(name, _)| *name != "FORM")
            .collect()),
        None => Ok(vec![("UNRESERVED", EncodeSet::UNRESERVED)]),
    }
}

/// Checks that `encoded` decodes to `decoded` with every decoder.
fn check_decodes(encoded: &str, decoded: &str, problems: &mut Vec<String>) {
    let want = decoded.as_bytes();
    match decode(encoded) {
        Ok(got) if got.as_ref() == want => {}
        other => problems.push(format!("decode gave {other:?}")),
    }
    match decode_utf8(encoded) {
        Ok(got) if got == decoded => {}
        other => problems.push(format!("decode_utf8 gave {other:?}")),
    }
    let lossy = decode_lossy(encoded);
    if lossy.as_ref() != want {
        problems.push(format!("decode_lossy gave {lossy:?}"));
    }
    let lossy = decode_utf8_lossy(encoded);
    if lossy != decoded {
        problems.push(format!("decode_utf8_lossy gave {lossy:?}"));
    }
    if !encoded.contains('+') {
        let form = Decoder::new().plus_as_space(true);
        match form.decode_utf8(encoded) {
            Ok(got) if got == decoded => {}
            other => problems.push(format!("decode_utf8 with plus_as_space gave {other:?}")),
        }
    }
    if let Err(e) = validate(encoded) {
        problems.push(format!("validate refused it: {e}"));
    }
    // §6.2.2: normalizing the percent-encoding does not change what it decodes to.
    let normal = normalize(encoded);
    match decode_utf8(&normal) {
        Ok(got) if got == decoded => {}
        other => problems.push(format!(
            "normalized to {normal:?}, which decodes to {other:?}"
        )),
    }
    // The borrowed path: nothing to decode, nothing changed.
    if encoded == decoded && !matches!(decode_utf8(encoded), Ok(Cow::Borrowed(_))) {
        problems.push("decode_utf8 of text with nothing to decode is not borrowed".into());
    }
}

/// Checks that `decoded` encodes to `encoded` with `set`, every way.
fn check_encodes(name: &str, set: &EncodeSet, r: &Record, problems: &mut Vec<String>) {
    let (decoded, want) = (r.decoded.as_str(), r.encoded.as_str());
    let got = encode(decoded, set);
    if got != want {
        problems.push(format!("{name}: encode gave {got:?}"));
    }
    if matches!(got, Cow::Borrowed(_)) != (decoded == want) {
        problems.push(format!(
            "{name}: encode gave {}, expected it borrowed exactly when nothing changes",
            if matches!(got, Cow::Borrowed(_)) {
                "a borrowed result"
            } else {
                "an owned result"
            }
        ));
    }
    let got = encode_bytes_to_str(decoded.as_bytes(), set);
    if got != want {
        problems.push(format!("{name}: encode_bytes_to_str gave {got:?}"));
    }
    let mut out = String::from("x");
    encode_into(decoded, set, &mut out);
    if out.strip_prefix('x') != Some(want) {
        problems.push(format!(
            "{name}: encode_into appended to \"x\" gave {out:?}"
        ));
    }
    let mut out = String::from("x");
    encode_bytes_into(decoded.as_bytes(), set, &mut out);
    if out.strip_prefix('x') != Some(want) {
        problems.push(format!(
            "{name}: encode_bytes_into appended to \"x\" gave {out:?}"
        ));
    }
    // With no valid triplet in the input, preserving triplets changes nothing.
    let bytes = decoded.as_bytes();
    if !(0..bytes.len()).any(|i| is_triplet(bytes, i)) {
        let got = encode(decoded, &set.preserving_triplets());
        if got != want {
            problems.push(format!("{name}: encode preserving triplets gave {got:?}"));
        }
    }
}

/// Checks one record: an `encode` record with its sets and back, a
/// `decode` record with every decoder.
fn check(r: &Record) -> Vec<String> {
    let mut problems = Vec::new();
    match r.op {
        Op::Encode => {
            match sets_for(r) {
                Ok(sets) => {
                    for (name, set) in &sets {
                        check_encodes(name, set, r, &mut problems);
                    }
                }
                Err(e) => problems.push(e),
            }
            check_decodes(&r.encoded, &r.decoded, &mut problems);
        }
        Op::Decode => {
            if r.set.is_some() {
                problems.push("a decode record names a set".to_owned());
            }
            check_decodes(&r.encoded, &r.decoded, &mut problems);
        }
    }
    problems
}

#[test]
fn percent_vectors() {
    let records: Vec<Record> = load(FILE);
    run_records(FILE, &records, check);
    let encodes = records.iter().filter(|r| r.op == Op::Encode).count();
    let decodes = records.iter().filter(|r| r.op == Op::Decode).count();
    assert!(
        encodes > 0 && decodes > 0,
        "{FILE}: {encodes} encode and {decodes} decode records"
    );
}

/// The vectors' own claims, checked against the RFC 3986 grammar: an
/// `unreserved-only` encoding leaves exactly the `unreserved` characters.
#[test]
fn unreserved_only_records_agree_with_the_grammar() {
    let records: Vec<Record> = load(FILE);
    let mut problems = Vec::new();
    for r in records.iter().filter(|r| r.op == Op::Encode) {
        let mut expected = String::new();
        for b in r.decoded.bytes() {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                expected.push(char::from(b));
            } else {
                expected.push_str(&format!("%{b:02X}"));
            }
        }
        if expected != r.encoded {
            problems.push(format!(
                "{}: the grammar gives {expected:?}, the file {:?}",
                r.id(),
                r.encoded
            ));
        }
    }
    assert!(problems.is_empty(), "{FILE}:\n{}", problems.join("\n"));
}
