//! Parse errors: what was wrong, and at which byte.

use core::fmt;

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
    EmptyScheme,
    /// A scheme that does not start with a letter, or holds a byte other than
    /// a letter, digit, `+`, `-` or `.` (§3.1). `index` points at that byte.
    InvalidScheme,
    /// A URI was expected, but the input has no scheme (§3, §4.3).
    MissingScheme,
    /// A relative reference whose first path segment holds a `:`, which would
    /// read as a scheme (§4.2). Write it as `./a:b`. `index` points at the `:`.
    ColonInFirstSegment,
    /// A `%` not followed by two hexadecimal digits (§2.1). `index` points at the `%`.
    InvalidPercentEncoding,
    /// A byte not allowed in the userinfo (§3.2.1).
    InvalidUserinfoChar,
    /// A byte not allowed in a registered name (§3.2.2), such as a second `@`,
    /// a space, or a bracket outside an IP literal.
    InvalidHostChar,
    /// An IP literal (`[…]`) that is not a valid IPv6 address (§3.2.2).
    /// `index` points at the first byte that cannot be part of one.
    InvalidIpv6,
    /// An IP literal starting with `v` that is not a valid `IPvFuture` (§3.2.2).
    InvalidIpvFuture,
    /// An IP literal with no closing `]`. `index` is where the `]` was expected.
    UnclosedIpLiteral,
    /// Something other than `:port` after the `]` of an IP literal.
    InvalidAfterIpLiteral,
    /// An IPv6 zone identifier, which RFC 9844 removed from URIs. Accepted in
    /// the RFC 6874 form (`%25`) with [`ParseOptions::allow_zone_id`](crate::ParseOptions::allow_zone_id).
    /// `index` points at the `%`.
    ZoneIdNotAllowed,
    /// A zone identifier that is not `"%25" 1*( unreserved / pct-encoded )` (RFC 6874 §2).
    InvalidZoneId,
    /// A byte other than a digit in the port (§3.2.3).
    InvalidPortChar,
    /// A byte not allowed in the path (§3.3).
    InvalidPathChar,
    /// A byte not allowed in the query (§3.4).
    InvalidQueryChar,
    /// A byte not allowed in the fragment (§3.5), such as a second `#`.
    InvalidFragmentChar,
}

impl ParseErrorKind {
    /// The kind's name as written in the source, stable for JSON output and
    /// vector files.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_core::ParseErrorKind::InvalidIpv6.name(), "InvalidIpv6");
    /// ```
    pub const fn name(self) -> &'static str {
        use ParseErrorKind::*;
        match self {
            EmptyScheme => "EmptyScheme",
            InvalidScheme => "InvalidScheme",
            MissingScheme => "MissingScheme",
            ColonInFirstSegment => "ColonInFirstSegment",
            InvalidPercentEncoding => "InvalidPercentEncoding",
            InvalidUserinfoChar => "InvalidUserinfoChar",
            InvalidHostChar => "InvalidHostChar",
            InvalidIpv6 => "InvalidIpv6",
            InvalidIpvFuture => "InvalidIpvFuture",
            UnclosedIpLiteral => "UnclosedIpLiteral",
            InvalidAfterIpLiteral => "InvalidAfterIpLiteral",
            ZoneIdNotAllowed => "ZoneIdNotAllowed",
            InvalidZoneId => "InvalidZoneId",
            InvalidPortChar => "InvalidPortChar",
            InvalidPathChar => "InvalidPathChar",
            InvalidQueryChar => "InvalidQueryChar",
            InvalidFragmentChar => "InvalidFragmentChar",
        }
    }

    /// What the kind means, in a few words: the text `Display` writes.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::ParseErrorKind;
    ///
    /// assert_eq!(ParseErrorKind::InvalidPortChar.message(), "non-digit in port");
    /// assert_eq!(ParseErrorKind::InvalidPortChar.to_string(), "non-digit in port");
    /// ```
    pub const fn message(self) -> &'static str {
        use ParseErrorKind::*;
        match self {
            EmptyScheme => "empty scheme before `:`",
            InvalidScheme => {
                "invalid character in scheme (a scheme is a letter, then letters, digits, `+`, `-`, `.`)"
            }
            MissingScheme => "missing scheme (expected a URI such as `https://…`)",
            ColonInFirstSegment => {
                "`:` in the first segment of a relative path (write `./` before it)"
            }
            InvalidPercentEncoding => "`%` not followed by two hex digits",
            InvalidUserinfoChar => "character not allowed in userinfo",
            InvalidHostChar => "character not allowed in host",
            InvalidIpv6 => "invalid IPv6 address",
            InvalidIpvFuture => "invalid IPvFuture address",
            UnclosedIpLiteral => "IP literal not closed by `]`",
            InvalidAfterIpLiteral => {
                "unexpected character after IP literal (expected `:` or the end of the authority)"
            }
            ZoneIdNotAllowed => "IPv6 zone identifier not allowed (RFC 9844)",
            InvalidZoneId => "invalid IPv6 zone identifier",
            InvalidPortChar => "non-digit in port",
            InvalidPathChar => "character not allowed in path",
            InvalidQueryChar => "character not allowed in query",
            InvalidFragmentChar => "character not allowed in fragment",
        }
    }

    /// Every kind, in declaration order: for tests and tools that tabulate errors.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_core::ParseErrorKind::ALL.contains(&uri_core::ParseErrorKind::EmptyScheme));
    /// ```
    pub const ALL: &'static [ParseErrorKind] = {
        use ParseErrorKind::*;
        &[
            EmptyScheme,
            InvalidScheme,
            MissingScheme,
            ColonInFirstSegment,
            InvalidPercentEncoding,
            InvalidUserinfoChar,
            InvalidHostChar,
            InvalidIpv6,
            InvalidIpvFuture,
            UnclosedIpLiteral,
            InvalidAfterIpLiteral,
            ZoneIdNotAllowed,
            InvalidZoneId,
            InvalidPortChar,
            InvalidPathChar,
            InvalidQueryChar,
            InvalidFragmentChar,
        ]
    };
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// The input drawn with a caret under the offending byte; made by
/// [`ParseError::caret`], or by [`Caret::new`] for errors of your own.
///
/// The first line is `error: {error}`, the second the input (indented by two
/// spaces), the third the caret.
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
///
/// let err = Uri::parse("http://a/%4").unwrap_err();
/// let text = err.caret("http://a/%4").to_string();
/// assert!(text.ends_with("  http://a/%4\n           ^"));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Caret<'a> {
    message: &'a str,
    index: usize,
    input: &'a [u8],
}

impl<'a> Caret<'a> {
    /// A caret under byte `index` of `input`, headed `error: {message} at
    /// byte {index}`: the same rendering for errors that are not
    /// [`ParseError`]s (a line that is not UTF-8, say).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Caret;
    ///
    /// let text = Caret::new("invalid UTF-8", 2, b"ab\xffc").to_string();
    /// assert_eq!(text, "error: invalid UTF-8 at byte 2\n  ab\\xffc\n    ^");
    /// ```
    pub const fn new(message: &'a str, index: usize, input: &'a [u8]) -> Self {
        Caret {
            message,
            index,
            input,
        }
    }
}

/// How many display columns of context to show on each side of the error.
const WINDOW: usize = 60;

impl fmt::Display for Caret<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let index = self.index.min(self.input.len());
        writeln!(f, "error: {} at byte {}", self.message, self.index)?;
        let start = window_start(self.input, index);
        let end = window_end(self.input, index);
        f.write_str("  ")?;
        if start > 0 {
            f.write_str("…")?;
        }
        let mut column = usize::from(start > 0);
        let mut caret_column = None;
        let mut i = start;
        while i < end {
            if i == index {
                caret_column = Some(column);
            }
            let (len, width) = write_escaped(f, &self.input[i..])?;
            // An error index inside a multi-byte character points at its start.
            if caret_column.is_none() && index > i && index < i + len {
                caret_column = Some(column);
            }
            column += width;
            i += len;
        }
        if end < self.input.len() {
            f.write_str("…")?;
        }
        let caret_column = caret_column.unwrap_or(column);
        write!(f, "\n  {:caret_column$}^", "")
    }
}

/// Index where the shown window begins: at most `WINDOW` bytes before `index`,
/// moved forward to a character boundary.
fn window_start(input: &[u8], index: usize) -> usize {
    let mut start = index.saturating_sub(WINDOW);
    while start > 0 && start < input.len() && is_continuation(input[start]) {
        start += 1;
    }
    start
}

/// Index where the shown window ends: at most `WINDOW` bytes after `index`,
/// moved forward to a character boundary.
fn window_end(input: &[u8], index: usize) -> usize {
    let mut end = index.saturating_add(WINDOW).min(input.len());
    while end < input.len() && is_continuation(input[end]) {
        end += 1;
    }
    end
}

fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// Writes the character at the start of `rest`, escaped if it is invisible or
/// not UTF-8; returns its length in bytes and the columns it took.
fn write_escaped(f: &mut fmt::Formatter<'_>, rest: &[u8]) -> Result<(usize, usize), fmt::Error> {
    let b = rest[0];
    if b.is_ascii_graphic() {
        f.write_str(char::from(b).encode_utf8(&mut [0; 4]))?;
        return Ok((1, 1));
    }
    if b < 0x80 {
        let escaped = match b {
            b'\t' => "\\t",
            b'\n' => "\\n",
            b'\r' => "\\r",
            _ => {
                write!(f, "\\x{b:02x}")?;
                return Ok((1, 4));
            }
        };
        f.write_str(escaped)?;
        return Ok((1, 2));
    }
    let len = utf8_len(b).min(rest.len());
    match core::str::from_utf8(&rest[..len]) {
        Ok(s) => {
            let c = s.chars().next().unwrap_or('\u{FFFD}');
            if c.is_whitespace() || c.is_control() || is_invisible(c) {
                let code = c as u32;
                let width = 4 + hex_digits(code);
                write!(f, "\\u{{{code:x}}}")?;
                Ok((len, width))
            } else {
                f.write_str(s)?;
                Ok((len, display_width(c)))
            }
        }
        Err(_) => {
            write!(f, "\\x{b:02x}")?;
            Ok((1, 4))
        }
    }
}

/// Characters with no width or that change text direction (format
/// characters, bidi controls): shown escaped so nothing hides in the line.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{AD}'
            | '\u{61C}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

/// Columns a visible character takes in a terminal: 0 for common combining
/// marks, 2 for East Asian wide and fullwidth characters and emoji, else 1.
/// An approximation of UAX #11 that needs no tables beyond these ranges.
fn display_width(c: char) -> usize {
    match c {
        '\u{300}'..='\u{36F}'
        | '\u{483}'..='\u{489}'
        | '\u{591}'..='\u{5BD}'
        | '\u{610}'..='\u{61A}'
        | '\u{64B}'..='\u{65F}'
        | '\u{1AB0}'..='\u{1AFF}'
        | '\u{1DC0}'..='\u{1DFF}'
        | '\u{20D0}'..='\u{20FF}'
        | '\u{FE00}'..='\u{FE0F}'
        | '\u{FE20}'..='\u{FE2F}' => 0,
        '\u{1100}'..='\u{115F}'
        | '\u{2E80}'..='\u{303E}'
        | '\u{3041}'..='\u{33FF}'
        | '\u{3400}'..='\u{4DBF}'
        | '\u{4E00}'..='\u{9FFF}'
        | '\u{A000}'..='\u{A4CF}'
        | '\u{AC00}'..='\u{D7A3}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{FE30}'..='\u{FE4F}'
        | '\u{FF00}'..='\u{FF60}'
        | '\u{FFE0}'..='\u{FFE6}'
        | '\u{1F300}'..='\u{1F64F}'
        | '\u{1F900}'..='\u{1F9FF}'
        | '\u{20000}'..='\u{3FFFD}' => 2,
        _ => 1,
    }
}

fn hex_digits(mut n: u32) -> usize {
    let mut digits = 1;
    while n >= 16 {
        n /= 16;
        digits += 1;
    }
    digits
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn caret(input: &[u8], kind: ParseErrorKind, index: usize) -> alloc::string::String {
        ParseError::new(kind, index).caret_bytes(input).to_string()
    }

    #[test]
    fn caret_at_end_of_input() {
        let text = caret(b"a:%4", ParseErrorKind::InvalidPercentEncoding, 2);
        assert!(text.ends_with("  a:%4\n    ^"), "{text}");
        let text = caret(b"http://[::1", ParseErrorKind::UnclosedIpLiteral, 11);
        assert!(text.ends_with("  http://[::1\n             ^"), "{text}");
    }

    #[test]
    fn caret_escapes_control_and_invalid_bytes() {
        let text = caret(b"a:\tb", ParseErrorKind::InvalidPathChar, 2);
        assert!(text.ends_with("  a:\\tb\n    ^"), "{text}");
        let text = caret(b"a:\xffb", ParseErrorKind::InvalidPathChar, 3);
        assert!(text.ends_with("  a:\\xffb\n        ^"), "{text}");
    }

    #[test]
    fn caret_counts_characters_not_bytes() {
        let input = "a:é/\u{7f}";
        let text = caret(input.as_bytes(), ParseErrorKind::InvalidPathChar, 5);
        assert!(text.ends_with("  a:é/\\x7f\n      ^"), "{text}");
        // An index inside a multi-byte character points at its first column.
        let text = caret(input.as_bytes(), ParseErrorKind::InvalidPathChar, 3);
        assert!(text.ends_with("\n    ^"), "{text}");
    }

    #[test]
    fn caret_counts_display_columns() {
        // Wide characters take two columns, combining marks none.
        let input = "a:漢字 x";
        let text = caret(input.as_bytes(), ParseErrorKind::InvalidPathChar, 8);
        assert!(text.ends_with("  a:漢字\\x20x\n        ^"), "{text}");
        let input = "a:e\u{301} x";
        let text = caret(input.as_bytes(), ParseErrorKind::InvalidPathChar, 5);
        assert!(text.ends_with("\n     ^"), "{text}");
        // Bidi controls are escaped.
        let text = caret(
            "a:\u{61C}\u{202E}".as_bytes(),
            ParseErrorKind::InvalidPathChar,
            2,
        );
        assert!(text.contains("\\u{61c}\\u{202e}"), "{text}");
    }

    #[test]
    fn caret_window_on_long_input() {
        let mut input = alloc::vec![b'a'; 1000];
        input[500] = b' ';
        let text = caret(&input, ParseErrorKind::InvalidPathChar, 500);
        let lines: alloc::vec::Vec<&str> = text.lines().collect();
        assert!(lines[1].starts_with("  …") && lines[1].ends_with('…'));
        assert_eq!(lines[2].find('^'), lines[1].find("\\x20").map(|i| i - 2));
        assert!(lines[1].chars().count() < 140);
    }

    #[test]
    fn every_kind_has_a_distinct_name_and_message() {
        let kinds = ParseErrorKind::ALL;
        for (i, a) in kinds.iter().enumerate() {
            for b in &kinds[i + 1..] {
                assert_ne!(a.name(), b.name());
                assert_ne!(a.to_string(), b.to_string());
            }
            assert_eq!(alloc::format!("{a:?}"), a.name());
        }
    }
}
