//! Every byte value through every encode set, against
//! `tests/vectors/encode-sets.json`.
//!
//! The file holds one record per predefined `EncodeSet`: the set's Rust
//! name, the grammar its kept bytes come from, and, for each of the 256 byte
//! values, its expected encoding. It was generated once by
//! `vectors/gen_encode_sets.py` from the RFC 3986 ABNF (and the WHATWG form
//! serializer for `FORM`), independently of the Rust code; the JSON is the
//! reference.
//!
//! For each set and byte: `encode_bytes_to_str`, `encode_bytes_into` (and
//! `encode`, `encode_into` for ASCII) give the expected text, `keeps` agrees,
//! and decoding gives the byte back. The 256 bytes in one string, forwards
//! and backwards, must encode to the concatenation of their encodings, and
//! the data is cross-checked with the `percent-encoding` crate. All failures
//! are reported at once, by the loop of `urikit_tests::vectors::run`.

use std::collections::BTreeSet;

use percent_encoding::{AsciiSet, CONTROLS, percent_encode};
use serde::Deserialize;
use urikit::encode::{
    EncodeSet, encode, encode_bytes_into, encode_bytes_to_str, encode_into, validate,
};
use urikit_tests::percent::{ENCODE_SETS, decoder_for, encode_set};
use urikit_tests::vectors::{load, name_problems, run};

/// The vector file.
const FILE: &str = "encode-sets.json";

/// A record of `encode-sets.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    name: String,
    set: String,
    source: String,
    #[serde(rename = "grammar")]
    _grammar: String,
    space_as_plus: bool,
    kept: String,
    encoded: Vec<String>,
    #[serde(rename = "note")]
    _note: Option<String>,
}

urikit_tests::vector!(Record, input = set);

/// The `percent-encoding` set that encodes every byte but `kept`; leaked,
/// as that crate wants a `&'static AsciiSet` (a few per test run).
fn ascii_set(kept: &str) -> &'static AsciiSet {
    let mut set = CONTROLS.add(b'%');
    for b in 0x20..0x7F {
        if !kept.as_bytes().contains(&b) {
            set = set.add(b);
        }
    }
    Box::leak(Box::new(set))
}

/// The checks of one record; every problem, each naming its byte.
fn check(r: &Record, set: &EncodeSet) -> Vec<String> {
    let mut problems = Vec::new();
    if r.encoded.len() != 256 {
        problems.push(format!(
            "{} encodings, not one per byte value",
            r.encoded.len()
        ));
        return problems;
    }
    // The record's own consistency: `kept` lists exactly the bytes written as themselves.
    let literal: String = (0..=255u8)
        .filter(|&b| r.encoded[usize::from(b)] == char::from(b).to_string() && b < 0x80)
        .map(char::from)
        .collect();
    if literal != r.kept {
        problems.push(format!(
            "the record is inconsistent: kept {:?}, written as themselves {literal:?}",
            r.kept
        ));
    }
    if set.writes_space_as_plus() != r.space_as_plus {
        problems.push(format!(
            "writes_space_as_plus() is {}",
            set.writes_space_as_plus()
        ));
    }
    let decoder = decoder_for(set);
    for b in 0..=255u8 {
        let want = r.encoded[usize::from(b)].as_str();
        let mut wrong = Vec::new();
        let one = [b];
        let got = encode_bytes_to_str(&one, set);
        if got != want {
            wrong.push(format!("encode_bytes_to_str gave {got:?}"));
        }
        let mut out = String::from("x");
        encode_bytes_into(&[b], set, &mut out);
        if out.strip_prefix('x') != Some(want) {
            wrong.push(format!("encode_bytes_into appended to \"x\" gave {out:?}"));
        }
        if b < 0x80 {
            let text = char::from(b).to_string();
            let got = encode(&text, set);
            if got != want {
                wrong.push(format!("encode gave {got:?}"));
            }
            let mut out = String::from("x");
            encode_into(&text, set, &mut out);
            if out.strip_prefix('x') != Some(want) {
                wrong.push(format!("encode_into appended to \"x\" gave {out:?}"));
            }
        }
        // One byte is never a whole triplet: preserving triplets changes nothing.
        let got = encode_bytes_to_str(&one, &set.preserving_triplets());
        if got != want {
            wrong.push(format!(
                "encode_bytes_to_str preserving triplets gave {got:?}"
            ));
        }
        let kept = want.len() == 1 && want.as_bytes()[0] == b;
        if set.keeps(b) != kept {
            wrong.push(format!("keeps() is {}", set.keeps(b)));
        }
        match decoder.decode(want) {
            Ok(back) if back.as_ref() == [b] => {}
            other => wrong.push(format!("decoding {want:?} gave {other:?}")),
        }
        if let Err(e) = validate(want) {
            wrong.push(format!("validate refused {want:?}: {e}"));
        }
        for w in wrong {
            problems.push(format!("byte {b:#04x} (expected {want:?}): {w}"));
        }
    }
    // All bytes in one input, both ways round: runs of kept bytes between
    // encoded ones must come out right too.
    for forwards in [true, false] {
        let mut bytes: Vec<u8> = (0..=255u8).collect();
        if !forwards {
            bytes.reverse();
        }
        let want: String = bytes
            .iter()
            .map(|&b| r.encoded[usize::from(b)].as_str())
            .collect();
        let got = encode_bytes_to_str(&bytes, set);
        if got != want {
            problems.push(format!(
                "the 256 bytes {} encode to {got:?}",
                if forwards { "in order" } else { "in reverse" }
            ));
        }
        match decoder.decode(&want) {
            Ok(back) if back.as_ref() == bytes => {}
            other => problems.push(format!("the 256 encodings decode to {other:?}")),
        }
        // A second codec agrees with the data (it has no space-as-plus).
        let mut other = percent_encode(&bytes, ascii_set(&r.kept)).to_string();
        if r.space_as_plus {
            other = other.replace("%20", "+");
        }
        if other != want {
            problems.push(format!(
                "the percent-encoding crate, keeping the same bytes, gives {other:?}"
            ));
        }
    }
    problems
}

#[test]
fn every_byte_through_every_set() {
    let mut seen = BTreeSet::new();
    run(FILE, |r: &Record| {
        let mut problems = Vec::new();
        match encode_set(&r.set) {
            Some(set) => problems.extend(check(r, &set)),
            None => problems.push(format!("no EncodeSet::{}", r.set)),
        }
        if !seen.insert(r.set.clone()) {
            problems.push(format!("a second record for {}", r.set));
        }
        problems
    });
}

#[test]
fn every_set_has_a_record_and_names_are_spaced() {
    let records: Vec<Record> = load(FILE);
    let sets: BTreeSet<&str> = records.iter().map(|r| r.set.as_str()).collect();
    let missing: Vec<&str> = ENCODE_SETS
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| !sets.contains(name))
        .collect();
    assert!(missing.is_empty(), "{FILE} has no record for {missing:?}");
    let problems = name_problems(records.iter().map(|r| (r.name.as_str(), r.source.as_str())));
    assert!(problems.is_empty(), "{FILE}:\n{}", problems.join("\n"));
}

/// What RFC 3986 says of every set, restated: `%` and non-ASCII bytes are
/// never kept, `unreserved` always is (except by FORM, which follows the
/// WHATWG serializer and encodes `~`), and each component set keeps no
/// delimiter that ends its component.
#[test]
fn the_file_agrees_with_the_rfc_on_delimiters() {
    let records: Vec<Record> = load(FILE);
    let mut problems = Vec::new();
    for r in &records {
        let kept = r.kept.as_bytes();
        if kept.contains(&b'%') || kept.iter().any(|&b| b >= 0x80) {
            problems.push(format!("{}: keeps `%` or a non-ASCII byte", r.set));
        }
        let unreserved = (0..0x80u8).filter(|b| b.is_ascii_alphanumeric() || b"-._".contains(b));
        for b in unreserved {
            if !kept.contains(&b) {
                problems.push(format!("{}: encodes unreserved {:?}", r.set, char::from(b)));
            }
        }
        // The delimiters that end each component (RFC 3986 §3).
        let enders: &[u8] = match r.set.as_str() {
            "USERINFO" => b"@/?#[]",
            "USERNAME" => b":@/?#[]",
            "HOST" => b":@/?#[]",
            "PATH" => b"?#[]",
            "PATH_SEGMENT" => b"/?#[]",
            "PATH_SEGMENT_NC" => b":/?#[]",
            "QUERY" | "FRAGMENT" => b"#[]",
            "QUERY_COMPONENT" => b"#&;=+[]",
            _ => b":/?#[]@&;=+",
        };
        for &d in enders {
            if kept.contains(&d) {
                problems.push(format!("{}: keeps {:?}", r.set, char::from(d)));
            }
        }
    }
    assert!(problems.is_empty(), "{FILE}:\n{}", problems.join("\n"));
}
