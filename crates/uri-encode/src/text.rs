//! Decoded bytes to text: the crate's only `unsafe`.
//!
//! Decoded output is almost always ASCII, and checking that takes a few
//! operations per sixteen bytes; `String::from_utf8` checks the same bytes
//! as UTF-8 in a loop with a branch on each step, and costs about a fifth
//! of decoding a heavily encoded URL (see `docs/performance.md`). So text
//! whose every byte is ASCII becomes a `String` without the second check,
//! and any other text goes through `String::from_utf8`.

use alloc::string::{FromUtf8Error, String};
use alloc::vec::Vec;

/// `bytes` as a `String`, or the error `String::from_utf8` gives.
pub(crate) fn into_text(bytes: Vec<u8>) -> Result<String, FromUtf8Error> {
    if is_ascii(&bytes) {
        #[allow(unsafe_code)]
        // SAFETY: `is_ascii` has just checked that every byte of `bytes`
        // is below 0x80 (see its tests), and a sequence of such bytes is
        // valid UTF-8: each is a whole one-byte character.
        Ok(unsafe { String::from_utf8_unchecked(bytes) })
    } else {
        String::from_utf8(bytes)
    }
}

/// Whether every byte of `b` is ASCII.
///
/// Sixteen bytes at a time, ORed together, four windows per step: the
/// windows from `at`, `at + 16`, … or, past the last full one, the last
/// sixteen bytes (overlapping, so every byte is read at least once). An
/// input of 16 to 64 bytes takes one step and no branch on its length.
/// Shorter ones are left to `<[u8]>::is_ascii`.
fn is_ascii(b: &[u8]) -> bool {
    let Some(last) = b.len().checked_sub(16) else {
        return b.is_ascii();
    };
    let word = |start: usize| {
        let start = start.min(last);
        let mut w = [0; 16];
        w.copy_from_slice(&b[start..start + 16]);
        u128::from_le_bytes(w)
    };
    let mut any = 0;
    let mut at = 0;
    loop {
        any |= word(at) | word(at + 16) | word(at + 32) | word(at + 48);
        at += 64;
        if at >= b.len() {
            break;
        }
    }
    any & u128::from_le_bytes([0x80; 16]) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_ascii_finds_a_high_byte_at_any_position_in_any_length() {
        for len in 0..=200 {
            let ascii = alloc::vec![b'a'; len];
            assert!(is_ascii(&ascii), "{len}");
            for position in 0..len {
                for high in [0x80, 0xC3, 0xFF] {
                    let mut bytes = ascii.clone();
                    bytes[position] = high;
                    assert!(!is_ascii(&bytes), "{len}: {high:#04x} at {position}");
                }
            }
        }
    }

    #[test]
    fn into_text_agrees_with_from_utf8() {
        for bytes in [
            &b""[..],
            b"plain ascii text, longer than sixteen bytes",
            "café au lait, and more than sixteen bytes".as_bytes(),
            b"\xFF and then ascii for a while, past sixteen",
            b"ascii for a while, past sixteen, then \xC3",
        ] {
            assert_eq!(
                into_text(bytes.to_vec()),
                String::from_utf8(bytes.to_vec()),
                "{bytes:?}"
            );
        }
    }
}
