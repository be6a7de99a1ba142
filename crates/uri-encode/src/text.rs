//! Decoded bytes to text, checked with `String::from_utf8`.
//!
//! (When every byte the decoder wrote in place of a triplet or a `+` is
//! ASCII, the decoding of a `str` is UTF-8 without a check:
//! `Decoder::run_str` in `decode.rs` skips this module, in the crate's one
//! `unsafe` block.)
//!
//! `String::from_utf8` checks ASCII sixteen bytes at a time, then any bytes
//! left over one at a time: a loop whose length changes from line to line,
//! and that the branch predictor misses. On a heavily encoded URL, that
//! costs about a fifth of decoding it (see `docs/performance.md`). The
//! decoder's buffer is longer than its output anyway (the room for its
//! fixed-size copies), so the check is given the output and zeros after
//! it, up to a multiple of sixteen bytes and at least [`PADDED_MIN`]:
//! no byte is left over, and most lines take the same number of steps.
//! The zeros are cut off the `String` afterwards.

use alloc::string::{FromUtf8Error, String};
use alloc::vec::Vec;

/// The least length of the buffer given to [`into_text`]: four steps of
/// sixteen bytes, enough for most decoded URLs.
pub(crate) const PADDED_MIN: usize = 64;

/// The length [`into_text`] wants for `len` bytes of text: a multiple of
/// sixteen, at least [`PADDED_MIN`], and at most `len + 15` or
/// [`PADDED_MIN`].
#[inline(always)]
pub(crate) fn padded_len(len: usize) -> usize {
    ((len + 15) & !15).max(PADDED_MIN)
}

/// `bytes[..len]` as a `String`, or the error `String::from_utf8` gives
/// for it. `bytes` is at least [`padded_len`]`(len)` long; what it holds
/// from `len` on does not matter: it is cut to that length and zeroed
/// there before the check.
///
/// Zeros are ASCII, so the padded bytes are UTF-8 exactly when
/// `bytes[..len]` is, and a byte boundary at `len` is a character
/// boundary.
#[inline(always)]
pub(crate) fn into_text(mut bytes: Vec<u8>, len: usize) -> Result<String, FromUtf8Error> {
    bytes.truncate(padded_len(len));
    bytes[len..].fill(0);
    match String::from_utf8(bytes) {
        Ok(mut text) => {
            text.truncate(len);
            Ok(text)
        }
        Err(e) => invalid(e.into_bytes(), len),
    }
}

/// The error for `bytes[..len]`, checked again without the zeros: the
/// same `valid_up_to`, and `as_bytes` is the text alone.
#[cold]
fn invalid(mut bytes: Vec<u8>, len: usize) -> Result<String, FromUtf8Error> {
    // Reached only for text that is not UTF-8 (so a test of `into_text`
    // fails if the padded check stops passing good text).
    debug_assert!(core::str::from_utf8(&bytes[..len]).is_err());
    bytes.truncate(len);
    String::from_utf8(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `bytes`, then bytes of no meaning (`0xFF`, never UTF-8) up to
    /// [`padded_len`] and a few more.
    fn padded(bytes: &[u8]) -> Vec<u8> {
        let mut v = bytes.to_vec();
        v.resize(padded_len(bytes.len()) + 3, 0xFF);
        v
    }

    #[test]
    fn padded_len_is_a_multiple_of_sixteen_within_the_bounds() {
        for len in 0..=300 {
            let p = padded_len(len);
            assert!(p.is_multiple_of(16) && p >= len && p >= PADDED_MIN, "{len}");
            assert!(p <= (len + 15).max(PADDED_MIN), "{len}");
        }
    }

    #[test]
    fn into_text_agrees_with_from_utf8_at_any_length_and_position() {
        for len in 0..=150 {
            let ascii = alloc::vec![b'a'; len];
            let mut cases = alloc::vec![ascii.clone()];
            for position in 0..len {
                for insert in [&b"\xC3\xA9"[..], b"\xE2\x82\xAC", b"\xFF", b"\xC3", b"\x80"] {
                    let mut bytes = ascii.clone();
                    bytes.truncate(position);
                    bytes.extend_from_slice(insert);
                    bytes.extend_from_slice(&ascii[position..]);
                    bytes.truncate(len.max(position + 1));
                    cases.push(bytes);
                }
            }
            for bytes in cases {
                let expected = String::from_utf8(bytes.clone());
                let got = into_text(padded(&bytes), bytes.len());
                match (got, expected) {
                    (Ok(a), Ok(b)) => assert_eq!(a, b),
                    (Err(a), Err(b)) => {
                        assert_eq!(a.utf8_error(), b.utf8_error(), "{bytes:?}");
                        assert_eq!(a.as_bytes(), b.as_bytes());
                    }
                    (a, b) => panic!("{bytes:?}: {a:?} against {b:?}"),
                }
            }
        }
    }
}
