//! The `percent-encoding` feature: an `EncodeSet` and the `AsciiSet` made
//! from it (and the other way) agree on every ASCII byte but `%`, checked
//! by encoding each byte with both crates; `%` is always encoded by ours.

#![cfg(feature = "percent-encoding")]

use percent_encoding::{AsciiSet, CONTROLS, NON_ALPHANUMERIC, percent_encode};
use proptest::prelude::*;
use uri_encode::grammar::CharClass;
use uri_encode::{EncodeSet, encode_bytes_to_str};

/// Whether `percent_encoding` encodes byte `b` under `set`.
fn theirs(set: &'static AsciiSet, b: u8) -> bool {
    percent_encode(&[b], set).to_string() != char::from(b).to_string()
}

/// Whether our codec encodes byte `b` under `set`.
fn ours(set: &EncodeSet, b: u8) -> bool {
    encode_bytes_to_str(&[b], set) != char::from(b).to_string()
}

/// `percent_encode` takes a `&'static AsciiSet`: the few the tests make
/// are leaked.
fn leak(set: AsciiSet) -> &'static AsciiSet {
    Box::leak(Box::new(set))
}

/// Every predefined set, with and without its options.
fn predefined() -> Vec<EncodeSet> {
    EncodeSet::PREDEFINED
        .iter()
        .flat_map(|(_, s)| [*s, s.preserving_triplets()])
        .collect()
}

#[track_caller]
fn agree(ours_set: &EncodeSet, their_set: &'static AsciiSet) {
    for b in 0..0x80u8 {
        if b == b'%' {
            assert!(ours(ours_set, b), "ours always encodes %");
        } else if b == b' ' && ours_set.writes_space_as_plus() {
            assert!(ours(ours_set, b) && theirs(their_set, b), "space");
        } else {
            assert_eq!(ours(ours_set, b), theirs(their_set, b), "byte {b:#04x}");
        }
    }
    for b in 0x80..=0xFFu8 {
        assert!(ours(ours_set, b) && theirs(their_set, b), "byte {b:#04x}");
    }
}

#[test]
fn predefined_sets_to_ascii_sets() {
    for set in predefined() {
        let ascii = leak(AsciiSet::from(&set));
        agree(&set, ascii);
        assert!(theirs(ascii, b'%'), "the AsciiSet lists %");
        // Back again: the same bytes, without the options.
        let back = EncodeSet::from(ascii);
        for b in 0..=0xFFu8 {
            assert_eq!(back.keeps(b), set.keeps(b), "{b:#04x}");
        }
    }
}

#[test]
fn percent_encodings_sets_to_encode_sets() {
    let fragment = leak(CONTROLS.add(b' ').add(b'"').add(b'<').add(b'>').add(b'`'));
    for ascii in [CONTROLS, NON_ALPHANUMERIC, fragment] {
        let set = EncodeSet::from(ascii);
        agree(&set, ascii);
        assert_eq!(AsciiSet::from(set), ascii.add(b'%'));
    }
}

#[test]
fn a_const_set() {
    static PATH: AsciiSet = EncodeSet::PATH.to_ascii_set();
    assert_eq!(PATH, AsciiSet::from(&EncodeSet::PATH));
}

proptest! {
    /// Any set of ASCII bytes, both ways.
    #[test]
    fn any_set_both_ways(listed in proptest::collection::vec(0u8..0x80, 0..60)) {
        let ascii = leak(listed.iter().fold(AsciiSet::EMPTY, |s, &b| s.add(b)));
        let set = EncodeSet::from(ascii);
        agree(&set, ascii);
        let keep = (0..0x80u8).filter(|b| !listed.contains(b)).fold(CharClass::new(&[]), CharClass::with);
        let made = EncodeSet::new(keep);
        agree(&made, leak(AsciiSet::from(&made)));
        prop_assert_eq!(made, set);
    }
}
