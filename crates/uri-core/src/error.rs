//! Parse errors: what was wrong, and at which byte.

use crate::caret::Caret;

/// Why a string is not a valid URI reference, and where.
///
/// `index` is the byte offset of the first offending byte in the input;
/// `input.len()` means the input ended too early. [`ParseError::caret`] draws
/// the input with a caret under that byte.
///
/// # Examples
///
/// ```
/// use uri_core::{ParseErrorKind, Uri};
///
/// let err = Uri::parse("http://a/%zz").unwrap_err();
/// assert_eq!(err.kind(), ParseErrorKind::InvalidPercentEncoding);
/// assert_eq!(err.index(), 9);
/// assert_eq!(err.to_string(), "`%` not followed by two hex digits at byte 9");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{kind} at byte {index}")]
pub struct ParseError {
    kind: ParseErrorKind,
    index: usize,
}

impl ParseError {
    #[inline]
    pub(crate) const fn new(kind: ParseErrorKind, index: usize) -> Self {
        ParseError { kind, index }
    }

    /// What was wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{ParseErrorKind, Uri};
    ///
    /// assert_eq!(Uri::parse("1http:").unwrap_err().kind(), ParseErrorKind::InvalidScheme);
    /// ```
    #[inline]
    pub const fn kind(&self) -> ParseErrorKind {
        self.kind
    }

    /// The byte offset of the first offending byte; the input's length when
    /// the input ended too early.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    ///
    /// assert_eq!(Uri::parse("http://[::1").unwrap_err().index(), 11);
    /// ```
    #[inline]
    pub const fn index(&self) -> usize {
        self.index
    }

    /// A view that renders `input` with a caret under the offending byte.
    ///
    /// Control characters, spaces and other invisible or direction-changing
    /// characters are shown escaped (`\t`, `\x00`, `\u{202e}`), East Asian
    /// wide characters count two columns and combining marks none, and a long
    /// input is cut to a window around the error, so the caret lines up in a
    /// terminal. `input` must be the string that was parsed.
    ///
    /// What may be a password is drawn as `***` (RFC 3986 §3.2.1: not to
    /// be rendered as clear text), found by
    /// [`password_spans`](crate::password_spans) since the input did not
    /// parse; the caret moves with the text.
    /// [`Caret::showing_passwords`] draws the input as written.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    ///
    /// let input = "http://a/b c";
    /// let err = Uri::parse(input).unwrap_err();
    /// assert_eq!(
    ///     err.caret(input).to_string(),
    ///     "error: character not allowed in path at byte 10\n  http://a/b\\x20c\n            ^",
    /// );
    ///
    /// let input = "https://user:p#ss@example.com/";
    /// let err = Uri::parse(input).unwrap_err();
    /// assert_eq!(
    ///     err.caret(input).to_string(),
    ///     "error: non-digit in port at byte 13\n  https://user:***@example.com/\n               ^",
    /// );
    /// ```
    pub fn caret<'a>(&self, input: &'a str) -> Caret<'a> {
        Caret::new(self.kind.message(), self.index, input.as_bytes())
    }

    /// Like [`ParseError::caret`], for input that may not be UTF-8 (the CLI
    /// reads lines as bytes). Bytes that are not UTF-8 are shown as `\xNN`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{ParseError, ParseErrorKind, Uri};
    ///
    /// let err = Uri::parse("a:%").unwrap_err();
    /// assert!(err.caret_bytes(b"a:%").to_string().ends_with("\n    ^"));
    /// ```
    pub fn caret_bytes<'a>(&self, input: &'a [u8]) -> Caret<'a> {
        Caret::new(self.kind.message(), self.index, input)
    }
}

uri_encode::error_kinds! {
    crate = uri_core, example = InvalidIpv6;
    /// What was wrong with a URI reference. See [`ParseError`] for where.
    ///
    /// New kinds may be added in minor releases.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{ParseErrorKind, UriReference};
    ///
    /// let err = UriReference::parse("http://a b").unwrap_err();
    /// assert_eq!(err.kind(), ParseErrorKind::InvalidHostChar);
    /// assert_eq!(err.kind().name(), "InvalidHostChar");
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    #[non_exhaustive]
    pub enum ParseErrorKind {
        /// A `:` with nothing before it, where a scheme was expected (§3.1).
        /// `index` points at the `:`.
        EmptyScheme => "empty scheme before `:`",
        /// A scheme that does not start with a letter, or holds a byte other than
        /// a letter, digit, `+`, `-` or `.` (§3.1). `index` points at that byte.
        InvalidScheme =>
            "invalid character in scheme (a scheme is a letter, then letters, digits, `+`, `-`, `.`)",
        /// A URI was expected, but the input has no scheme (§3, §4.3).
        MissingScheme => "missing scheme (expected a URI such as `https://…`)",
        /// A relative reference whose first path segment holds a `:`, which would
        /// read as a scheme (§4.2). Write it as `./a:b`. `index` points at the `:`.
        ColonInFirstSegment =>
            "`:` in the first segment of a relative path (write `./` before it)",
        /// A `%` not followed by two hexadecimal digits (§2.1). `index` points at the `%`.
        InvalidPercentEncoding => "`%` not followed by two hex digits",
        /// A byte not allowed in the userinfo (§3.2.1).
        InvalidUserinfoChar => "character not allowed in userinfo",
        /// A byte not allowed in a registered name (§3.2.2), such as a second `@`,
        /// a space, or a bracket outside an IP literal.
        InvalidHostChar => "character not allowed in host",
        /// An IP literal (`[…]`) that is not a valid IPv6 address (§3.2.2).
        /// `index` points at the first byte that cannot be part of one.
        InvalidIpv6 => "invalid IPv6 address",
        /// An IP literal starting with `v` that is not a valid `IPvFuture` (§3.2.2).
        InvalidIpvFuture => "invalid IPvFuture address",
        /// An IP literal with no closing `]`. `index` is where the `]` was expected.
        UnclosedIpLiteral => "IP literal not closed by `]`",
        /// Something other than `:port` after the `]` of an IP literal.
        InvalidAfterIpLiteral =>
            "unexpected character after IP literal (expected `:` or the end of the authority)",
        /// An IPv6 zone identifier, which RFC 9844 removed from URIs. Accepted in
        /// the RFC 6874 form (`%25`) with [`ParseOptions::allow_zone_id`](crate::ParseOptions::allow_zone_id).
        /// `index` points at the `%`.
        ZoneIdNotAllowed => "IPv6 zone identifier not allowed (RFC 9844)",
        /// A zone identifier that is not `"%25" 1*( unreserved / pct-encoded )` (RFC 6874 §2).
        InvalidZoneId => "invalid IPv6 zone identifier",
        /// A byte other than a digit in the port (§3.2.3).
        InvalidPortChar => "non-digit in port",
        /// A byte not allowed in the path (§3.3).
        InvalidPathChar => "character not allowed in path",
        /// A byte not allowed in the query (§3.4).
        InvalidQueryChar => "character not allowed in query",
        /// A byte not allowed in the fragment (§3.5), such as a second `#`.
        InvalidFragmentChar => "character not allowed in fragment",
        /// A bidirectional formatting character (`Bidi_Control`: U+061C, U+200E, U+200F, U+202A to
        /// U+202E, U+2066 to U+2069) in an IRI: RFC 3987 §4.1 says IRIs
        /// "MUST NOT" hold one, though `ucschar` covers them. Accepted with
        /// [`ParseOptions::allow_bidi_formatting`](crate::ParseOptions::allow_bidi_formatting).
        /// `index` points at its first byte.
        BidiFormattingChar =>
            "bidirectional formatting character (RFC 3987 §4.1: not allowed in an IRI)",
        /// An input longer than the limit set with
        /// [`ParseOptions::max_length`](crate::ParseOptions::max_length).
        /// `index` is the limit: the offset of the first byte beyond it.
        TooLong => "input longer than the maximum length allowed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn every_kind_has_a_distinct_name_and_message() {
        let kinds = ParseErrorKind::ALL;
        for (i, a) in kinds.iter().enumerate() {
            for b in &kinds[i + 1..] {
                assert_ne!(a.name(), b.name());
                assert_ne!(a.to_string(), b.to_string());
            }
            assert_eq!(alloc::format!("{a:?}"), a.name());
            assert_eq!(*a as usize, i, "`ALL` is in declaration order");
        }
    }
}
