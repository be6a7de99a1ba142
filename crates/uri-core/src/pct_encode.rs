//! The small percent-encoder the builder needs (RFC 3986 §2.1): every byte
//! outside a class becomes a `%XX` triplet. The full codec, with its encode
//! sets and decoders, is `uri-encode`; `uri-core` cannot depend on it.

use alloc::string::String;

use crate::grammar::{CharClass, PCHAR, QUERY};

/// What a path segment keeps: `pchar` but `%` (RFC 3986 §3.3).
pub(crate) const SEGMENT: CharClass = PCHAR;

/// What a path keeps: `pchar` and `/` (RFC 3986 §3.3).
pub(crate) const PATH: CharClass = PCHAR.with(b'/');

/// What a key or value of a query pair keeps: the `query` characters but
/// `&`, `;`, `=` and `+` (which split or, in form data, mean a space), so
/// that both the RFC 3986 and the form reading give the text back.
pub(crate) const QUERY_PAIR: CharClass = QUERY.difference(CharClass::new(b"&;=+"));

/// Appends `text` to `out`, each byte outside `keep` (every non-ASCII
/// byte, and `%`, included) as an upper-case `%XX` triplet.
pub(crate) fn encode_into(out: &mut String, text: &str, keep: &CharClass) {
    out.reserve(text.len());
    for &b in text.as_bytes() {
        // The classes hold ASCII only: a kept byte is a whole character.
        if keep.contains(b) {
            out.push(char::from(b));
        } else {
            out.extend(crate::writer::triplet(b).map(char::from));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode(text: &str, keep: &CharClass) -> String {
        let mut out = String::new();
        encode_into(&mut out, text, keep);
        out
    }

    #[test]
    fn every_byte_outside_the_class_is_a_triplet() {
        assert_eq!(encode("a b/c%", &SEGMENT), "a%20b%2Fc%25");
        assert_eq!(encode("a b/c", &PATH), "a%20b/c");
        assert_eq!(encode("é?", &PATH), "%C3%A9%3F");
        assert_eq!(
            encode("a=b&c+d;e#f?/", &QUERY_PAIR),
            "a%3Db%26c%2Bd%3Be%23f?/"
        );
        assert_eq!(encode("", &PATH), "");
        assert_eq!(encode("ü€😀x", &SEGMENT), "%C3%BC%E2%82%AC%F0%9F%98%80x");
        for b in 0..=0x7Fu8 {
            let c = char::from(b);
            let text = String::from(c);
            let out = encode(&text, &SEGMENT);
            assert_eq!(out.len() == 1, SEGMENT.contains(b), "{c:?}");
            assert!(crate::grammar::PCHAR.contains(b) || out.starts_with('%'));
        }
    }
}
