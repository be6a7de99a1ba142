//! Streaming percent-encoding normalization, for comparing without allocating.

use uri_encode::grammar::{CharClass, Scanner, UNRESERVED};
use uri_encode::triplet_at;

/// The bytes of a component's percent-encoding normal form (§6.2.2.1,
/// §6.2.2.2), produced on the fly: triplets of `unreserved` characters
/// decoded, other triplets with upper-case hex; optionally every other
/// letter in lower case (for hosts).
#[derive(Debug, Clone)]
pub(crate) struct PctNormalized<'a> {
    b: &'a [u8],
    i: usize,
    pending: [u8; 2],
    npending: u8,
    lowercase: bool,
}

impl<'a> PctNormalized<'a> {
    pub(crate) fn new(text: &'a str, lowercase: bool) -> Self {
        PctNormalized {
            b: text.as_bytes(),
            i: 0,
            pending: [0; 2],
            npending: 0,
            lowercase,
        }
    }
}

impl Iterator for PctNormalized<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.npending > 0 {
            let out = self.pending[2 - usize::from(self.npending)];
            self.npending -= 1;
            return Some(out);
        }
        let b = self.b;
        let c = *b.get(self.i)?;
        if c == b'%' {
            if let Some(v) = triplet_at(b, self.i) {
                self.i += 3;
                if UNRESERVED.contains(v) {
                    return Some(if self.lowercase {
                        v.to_ascii_lowercase()
                    } else {
                        v
                    });
                }
                self.pending = [
                    b[self.i - 2].to_ascii_uppercase(),
                    b[self.i - 1].to_ascii_uppercase(),
                ];
                self.npending = 2;
                return Some(b'%');
            }
            // A stray `%` is written `%25`, as `uri_encode::normalize` does.
            self.i += 1;
            self.pending = *b"25";
            self.npending = 2;
            return Some(b'%');
        }
        self.i += 1;
        Some(if self.lowercase {
            c.to_ascii_lowercase()
        } else {
            c
        })
    }
}

/// Whether `text` holds a `%`: sixteen bytes at a time.
#[inline]
pub(crate) fn has_percent(text: &str) -> bool {
    /// Every byte but `%`.
    const NOT_PERCENT: Scanner = Scanner::new(&CharClass::range(0, 0xFF).without(b'%'));
    NOT_PERCENT.span(text.as_bytes()) < text.len()
}

/// Whether `path`, once its percent-encoding is normalized, has a `.` or
/// `..` segment (`%2E` is `.`).
pub(crate) fn has_normalized_dot_segments(path: &str) -> bool {
    path.split('/').any(|segment| {
        let mut n = 0;
        for b in PctNormalized::new(segment, false) {
            if b != b'.' || n == 2 {
                return false;
            }
            n += 1;
        }
        n > 0
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn streams_the_same_bytes_as_uri_encode_normalize() {
        for text in [
            "",
            "abc",
            "%7e%7E%2f%2F",
            "%zz%",
            "a%",
            "%C3%a9",
            "%41%5a",
            "x%2",
        ] {
            let streamed: Vec<u8> = PctNormalized::new(text, false).collect();
            assert_eq!(streamed, uri_encode::normalize(text).as_bytes(), "{text}");
        }
    }

    #[test]
    fn finds_a_percent_anywhere() {
        for len in 0..20 {
            let mut v = alloc::vec![b'a'; len];
            assert!(!has_percent(core::str::from_utf8(&v).unwrap_or_default()));
            for at in 0..len {
                v[at] = b'%';
                assert!(
                    has_percent(core::str::from_utf8(&v).unwrap_or_default()),
                    "{len} {at}"
                );
                v[at] = b'a';
            }
        }
        assert!(!has_percent("\u{e5}\u{25e5}"));
    }

    #[test]
    fn dot_segments_after_decoding() {
        assert!(has_normalized_dot_segments("/a/%2E%2e/b"));
        assert!(has_normalized_dot_segments("%2E"));
        assert!(has_normalized_dot_segments("/a/.%2E"));
        assert!(!has_normalized_dot_segments("/a/%2E%2E%2E/b"));
        assert!(!has_normalized_dot_segments("/a//b"));
    }
}
