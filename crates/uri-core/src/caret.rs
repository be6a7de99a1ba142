//! Rendering an error: the input with a caret under the offending byte,
//! escaped and cut so that the caret lines up in a terminal.

use alloc::borrow::Cow;
use core::fmt;

/// The input drawn with a caret under the offending byte; made by
/// [`ParseError::caret`](crate::ParseError::caret), or by [`Caret::new`]
/// for errors of your own.
///
/// The first line is `error: {error}`, the second the input (indented by two
/// spaces), the third the caret.
///
/// What may be a password in the input is drawn as `***` (RFC 3986 §3.2.1),
/// by the rule of [`password_spans`](crate::password_spans), which holds
/// for input that does not parse; the caret moves with the text, and the
/// byte index in the first line stays the input's.
/// [`Caret::showing_passwords`] draws the input as written. Drawing
/// allocates nothing, but for an input with a password to hide: then the
/// list of its spans and one masked copy of the input.
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
    /// Whether to draw passwords as written.
    passwords: bool,
}

impl<'a> Caret<'a> {
    /// A caret under byte `index` of `input`, headed `error: {message} at
    /// byte {index}`: the same rendering for errors that are not
    /// [`ParseError`](crate::ParseError)s (a line that is not UTF-8, say).
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
            passwords: false,
        }
    }

    /// The same caret, drawing the input as written, passwords included:
    /// for a user who asked to see them (the command's `--show-password`).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    ///
    /// let input = "http://me:pw@a b/";
    /// let err = Uri::parse(input).unwrap_err();
    /// assert!(err.caret(input).to_string().contains("http://me:***@a\\x20b/"));
    /// assert!(err.caret(input).showing_passwords().to_string().contains("me:pw@a"));
    /// ```
    #[must_use]
    pub const fn showing_passwords(self) -> Self {
        Caret {
            passwords: true,
            ..self
        }
    }

    /// The columns `c` takes in a terminal, as the caret counts them: 0
    /// for common combining marks, 2 for East Asian wide and fullwidth
    /// characters and emoji, else 1 (an approximation of UAX #11 that
    /// needs no tables beyond a few ranges). For drawings of your own
    /// that must line up with a caret.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Caret;
    ///
    /// assert_eq!(Caret::width('a'), 1);
    /// assert_eq!(Caret::width('日'), 2);
    /// assert_eq!(Caret::width('\u{301}'), 0);
    /// ```
    pub const fn width(c: char) -> usize {
        display_width(c)
    }

    /// Whether the caret shows `c` escaped (`\u{…}`) rather than as
    /// itself: white space, control characters, and characters with no
    /// width or that change the direction of text (format characters,
    /// bidi controls), so that nothing hides in the line.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Caret;
    ///
    /// assert!(Caret::escapes('\u{202E}'));
    /// assert!(Caret::escapes('\u{3000}'));
    /// assert!(!Caret::escapes('é'));
    /// ```
    pub fn escapes(c: char) -> bool {
        c.is_whitespace() || c.is_control() || is_invisible(c)
    }
}

/// How many display columns of context to show on each side of the error.
const WINDOW: usize = 60;

impl fmt::Display for Caret<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "error: {} at byte {}", self.message, self.index)?;
        let index = self.index.min(self.input.len());
        let (input, index) = if self.passwords {
            (Cow::Borrowed(self.input), index)
        } else {
            crate::redact::mask(self.input, crate::password_spans(self.input), index)
        };
        let input: &[u8] = &input;
        let start = window_start(input, index);
        let end = window_end(input, index);
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
            let (len, width) = write_escaped(f, &input[i..])?;
            // An error index inside a multi-byte character points at its start.
            if caret_column.is_none() && index > i && index < i + len {
                caret_column = Some(column);
            }
            column += width;
            i += len;
        }
        if end < input.len() {
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
            if Caret::escapes(c) {
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
const fn is_invisible(c: char) -> bool {
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
const fn display_width(c: char) -> usize {
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
    use crate::error::{ParseError, ParseErrorKind};
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
}
