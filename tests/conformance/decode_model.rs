//! Every decoder against a byte-at-a-time model of RFC 3986 §2.1
//! (`decode_model` in `tests/fuzz_props.rs`), on stable, for inputs the
//! fast paths treat differently: items (triplets, bad triplets, `+`,
//! non-ASCII text, triplets that decode to bad UTF-8) at every position of
//! fillers from 0 to 90 bytes, so across the 16- and 64-byte steps of the
//! scanners and at the very end, with a second item further on.

use std::borrow::Cow;

use urikit::encode::{DecodeErrorKind, Decoder};
use urikit_tests::percent::is_triplet;

use crate::props::decode_model;

/// What goes into the fillers.
const ITEMS: [&str; 13] = [
    "%41", "%C3%A9", "%", "%4", "%zz", "%%41", "+", "é", "%FF", "%E2%82", "%C3", "%2B", "€",
];

/// The input offset where the decoding of output byte `k` starts (`+` is
/// one byte in and out either way).
fn origin(input: &[u8], k: usize) -> usize {
    let mut i = 0;
    for _ in 0..k {
        i += if is_triplet(input, i) { 3 } else { 1 };
    }
    i
}

/// Checks every decoder of `d` on `s`; returns what differs.
fn check(s: &str, plus: bool) -> Vec<String> {
    let d = Decoder::new().plus_as_space(plus);
    let b = s.as_bytes();
    let (model, first_bad) = decode_model(b, plus);
    let changes = model != b;
    let mut wrong = Vec::new();
    let mut expect = |ok: bool, what: &str| {
        if !ok {
            wrong.push(format!("{what} of {s:?} (plus: {plus})"));
        }
    };

    let lossy = d.decode_lossy(s);
    expect(*lossy == model[..], "decode_lossy");
    expect(
        matches!(lossy, Cow::Owned(_)) == changes,
        "decode_lossy: owned",
    );
    expect(d.decode_bytes_lossy(b) == lossy, "decode_bytes_lossy");

    let strict = d.decode(s);
    match (&strict, first_bad) {
        (Ok(bytes), None) => {
            expect(**bytes == model[..], "decode");
            expect(matches!(bytes, Cow::Owned(_)) == changes, "decode: owned");
        }
        (Err(e), Some(at)) => expect(e.index() == at, "decode: error offset"),
        _ => expect(false, "decode: ok or error"),
    }
    expect(
        d.decode_bytes(b).ok() == strict.clone().ok(),
        "decode_bytes",
    );

    let text = String::from_utf8(model.clone());
    match (d.decode_utf8(s), first_bad, &text) {
        (Ok(t), None, Ok(m)) => {
            expect(*t == **m, "decode_utf8");
            expect(matches!(t, Cow::Owned(_)) == changes, "decode_utf8: owned");
        }
        (Err(e), Some(at), _) => expect(
            (e.kind(), e.index()) == (DecodeErrorKind::InvalidPercentEncoding, at),
            "decode_utf8: triplet error",
        ),
        (Err(e), None, Err(m)) => expect(
            (e.kind(), e.index())
                == (
                    DecodeErrorKind::InvalidUtf8,
                    origin(b, m.utf8_error().valid_up_to()),
                ),
            "decode_utf8: UTF-8 error",
        ),
        _ => expect(false, "decode_utf8: ok or error"),
    }
    expect(
        *d.decode_utf8_lossy(s) == *String::from_utf8_lossy(&model),
        "decode_utf8_lossy",
    );
    wrong
}

#[test]
fn every_decoder_agrees_with_the_model() {
    let mut wrong = Vec::new();
    for len in 0..=90 {
        let filler = "a".repeat(len);
        for at in 0..=len {
            for item in ITEMS {
                for second in ["", "%", "é"] {
                    let mut s = String::with_capacity(len + 16);
                    s.push_str(&filler[..at]);
                    s.push_str(item);
                    s.push_str(&filler[at..]);
                    // The second item seven bytes after the first, or at the end.
                    let cut = (at + item.len() + 7).min(s.len());
                    s.insert_str(cut, second);
                    for plus in [false, true] {
                        wrong.extend(check(&s, plus));
                    }
                }
            }
        }
        assert!(
            wrong.is_empty(),
            "{} wrong, first: {:#?}",
            wrong.len(),
            &wrong[..wrong.len().min(5)]
        );
    }
}
