//! Why an input was refused: a [`ParseError`] or a [`DecodeError`] from the
//! library, or bytes that are not UTF-8, which the library never sees.

use urikit::encode::DecodeError;
use urikit::{Caret, ParseError};

/// Why an input is invalid, and at which byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Problem {
    /// The input is not UTF-8; `index` is the offset of its first bad byte.
    InvalidUtf8 {
        /// Offset of the first byte that is not part of a UTF-8 character.
        index: usize,
    },
    /// The input is text but not a URI reference.
    Parse(ParseError),
    /// The input is text but does not percent-decode to UTF-8 text.
    Decode(DecodeError),
}

impl Problem {
    /// The kind's name for JSON output and summaries: a
    /// [`ParseErrorKind::name`](urikit::ParseErrorKind::name), a
    /// [`DecodeErrorKind::name`](urikit::encode::DecodeErrorKind::name), or
    /// `InvalidUtf8`.
    pub(crate) fn kind_name(&self) -> &'static str {
        match self {
            Problem::InvalidUtf8 { .. } => "InvalidUtf8",
            Problem::Parse(e) => e.kind().name(),
            Problem::Decode(e) => e.kind().name(),
        }
    }

    /// The byte offset of the problem in the input.
    pub(crate) fn index(&self) -> usize {
        match self {
            Problem::InvalidUtf8 { index } => *index,
            Problem::Parse(e) => e.index(),
            Problem::Decode(e) => e.index(),
        }
    }

    /// What is wrong, without the position: the kind's display text.
    pub(crate) fn message(&self) -> &'static str {
        match self {
            Problem::InvalidUtf8 { .. } => INVALID_UTF8_MESSAGE,
            Problem::Parse(e) => e.kind().message(),
            Problem::Decode(e) => e.kind().message(),
        }
    }

    /// `input` drawn with a caret under the problem, in three lines: `error:
    /// {message} at byte {index}`, the input, the caret.
    pub(crate) fn caret<'a>(&self, input: &'a [u8]) -> Caret<'a> {
        Caret::new(self.message(), self.index(), input)
    }
}

/// The message of [`Problem::InvalidUtf8`].
const INVALID_UTF8_MESSAGE: &str = "invalid UTF-8";

#[cfg(test)]
mod tests {
    use super::*;

    fn utf8_caret(input: &[u8], index: usize) -> String {
        Problem::InvalidUtf8 { index }.caret(input).to_string()
    }

    #[test]
    fn utf8_caret_points_at_the_bad_byte() {
        assert_eq!(
            utf8_caret(b"ab\xFFc", 2),
            "error: invalid UTF-8 at byte 2\n  ab\\xffc\n    ^"
        );
        let input = "é\t\u{200B}ÿ\u{1F600}".as_bytes();
        let mut bad = input.to_vec();
        bad.push(0xFF);
        let expected = format!(
            "error: invalid UTF-8 at byte 12\n  é\\t\\u{{200b}}ÿ😀\\xff\n  {:14}^",
            ""
        );
        assert_eq!(utf8_caret(&bad, input.len()), expected);
        let text = utf8_caret(b"a\xC2\x85\xFF", 3);
        assert!(text.ends_with("  a\\u{85}\\xff\n         ^"), "{text}");
    }

    #[test]
    fn utf8_caret_at_end_and_in_a_window() {
        // A truncated character at the end.
        assert_eq!(
            utf8_caret(b"a\xC3", 1),
            "error: invalid UTF-8 at byte 1\n  a\\xc3\n   ^"
        );
        let mut long = vec![b'a'; 300];
        long[150] = 0x80;
        let text = utf8_caret(&long, 150);
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[1].starts_with("  …") && lines[1].ends_with('…'),
            "{text}"
        );
        assert_eq!(
            lines[2].chars().count() - 1,
            lines[1].chars().position(|c| c == '\\').unwrap()
        );
    }

    #[test]
    fn names_indexes_and_messages() {
        let e = urikit::UriReference::parse("http://a b").unwrap_err();
        let p = Problem::Parse(e);
        assert_eq!(
            (p.kind_name(), p.index(), p.message()),
            ("InvalidHostChar", 8, "character not allowed in host")
        );
        let p = Problem::InvalidUtf8 { index: 3 };
        assert_eq!(
            (p.kind_name(), p.index(), p.message()),
            ("InvalidUtf8", 3, "invalid UTF-8")
        );
        assert_eq!(
            p.caret(b"abc\xFF").to_string().lines().next(),
            Some("error: invalid UTF-8 at byte 3")
        );
    }

    #[test]
    fn decode_errors() {
        let e = urikit::encode::decode_utf8("a%zz").unwrap_err();
        let p = Problem::Decode(e);
        assert_eq!(
            (p.kind_name(), p.index(), p.message()),
            (
                "InvalidPercentEncoding",
                1,
                "`%` not followed by two hex digits"
            )
        );
        assert_eq!(
            p.caret(b"a%zz").to_string(),
            "error: `%` not followed by two hex digits at byte 1\n  a%zz\n   ^"
        );
        let p = Problem::Decode(urikit::encode::decode_utf8("ab%C3%28").unwrap_err());
        assert_eq!(
            (p.kind_name(), p.index(), p.message()),
            ("InvalidUtf8", 2, "decoded bytes are not UTF-8")
        );
    }
}
