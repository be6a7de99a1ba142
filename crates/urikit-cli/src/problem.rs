//! Why an input was refused: a [`ParseError`], a [`DecodeError`], a
//! [`RelativizeError`], an [`IdnaError`] or a [`PathError`] from the
//! library, a [`BuildError`] for a reference `edit` made, a base that is
//! not a base URI, a line of `equivalent` without a tab, or bytes that are
//! not UTF-8, which the library never sees.

use std::borrow::Cow;
use std::fmt;

use urikit::encode::DecodeError;
use urikit::iri::IdnaError;
use urikit::resolve::{RelativizeError, ResolveErrorKind};
use urikit::schemes::PathError;
use urikit::{BuildError, BuildErrorKind, Caret, ParseError, ParseErrorKind};

use crate::settings::{self, paint, style};

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
    /// The `--base` of `resolve` or `relativize` is not a base URI: `kind`
    /// is [`ResolveErrorKind::InvalidBase`] at the parse error's offset, or
    /// [`ResolveErrorKind::RelativeBase`] at 0.
    Base {
        /// What is wrong with the base.
        kind: ResolveErrorKind,
        /// The byte offset of the problem in the base.
        index: usize,
    },
    /// No reference of the requested form leads from the base to the
    /// target; reported at offset 0 of the target.
    Relativize(RelativizeError),
    /// The input is an IRI, but UTS #46 `ToASCII` refuses its host
    /// (`to-uri --idna`); at the offset the error names.
    Idna(IdnaError),
    /// A file URI with no path of the OS asked for (`file-path`), or a
    /// path with no file URI (`file-uri`); at the offset the error names.
    Path(PathError),
    /// The reference `edit` made is not a URI reference: a component set
    /// to what it cannot hold, or parts that cannot go together (a port
    /// without a host); reported at offset 0 of the input.
    Build(BuildError),
    /// A CURIE that does not expand (`curie`): an unknown prefix, a
    /// reference that is not one, an expansion that is not an IRI.
    Curie(urikit::iri::CurieError),
    /// A line of `equivalent` on standard input with no tab between its two
    /// references; `index` is the line's length.
    MissingTab {
        /// The offset where a tab was wanted: the end of the line.
        index: usize,
    },
    /// A line of standard input or of a `check` file longer than
    /// `--max-line-bytes`, skipped; the input is its start, and `index` the
    /// end of that start.
    LineTooLong {
        /// The length of the start kept.
        index: usize,
        /// The limit, in bytes.
        limit: usize,
    },
}

impl Problem {
    /// The kind's name for JSON output and summaries: a
    /// [`ParseErrorKind::name`](urikit::ParseErrorKind::name), a
    /// [`DecodeErrorKind::name`](urikit::encode::DecodeErrorKind::name), a
    /// [`ResolveErrorKind::name`], a [`RelativizeError::name`], an
    /// [`IdnaErrorKind::name`](urikit::iri::IdnaErrorKind::name), a
    /// [`PathErrorKind::name`](urikit::schemes::PathErrorKind::name), a
    /// [`BuildErrorKind::name`] (a [`BuildErrorKind::Syntax`] by its parse
    /// error's name),
    /// `MissingTab`, or `InvalidUtf8`.
    pub(crate) fn kind_name(&self) -> &'static str {
        match self {
            Problem::InvalidUtf8 { .. } => "InvalidUtf8",
            Problem::Parse(e) => e.kind().name(),
            Problem::Decode(e) => e.kind().name(),
            Problem::Base { kind, .. } => kind.name(),
            Problem::Relativize(e) => e.name(),
            Problem::Idna(e) => e.kind().name(),
            Problem::Path(e) => e.kind().name(),
            // A part that does not match its rule goes by the parse error's name.
            Problem::Build(e) => match e.kind() {
                BuildErrorKind::Syntax(kind) => kind.name(),
                kind => kind.name(),
            },
            Problem::Curie(e) => e.kind().name(),
            Problem::MissingTab { .. } => "MissingTab",
            Problem::LineTooLong { .. } => "LineTooLong",
        }
    }

    /// The byte offset of the problem in the input.
    pub(crate) fn index(&self) -> usize {
        match self {
            Problem::InvalidUtf8 { index }
            | Problem::Base { index, .. }
            | Problem::MissingTab { index }
            | Problem::LineTooLong { index, .. } => *index,
            Problem::Parse(e) => e.index(),
            Problem::Decode(e) => e.index(),
            Problem::Relativize(_) | Problem::Build(_) => 0,
            Problem::Idna(e) => e.index(),
            Problem::Path(e) => e.index(),
            Problem::Curie(e) => e.index(),
        }
    }

    /// What is wrong, without the position: the kind's display text.
    ///
    /// Static but for the errors of `uri-resolve` and a path's error
    /// (`PathErrorKind` may carry a value), whose text exists only as
    /// their `Display`.
    pub(crate) fn message(&self) -> Cow<'static, str> {
        match self {
            Problem::InvalidUtf8 { .. } => Cow::Borrowed(INVALID_UTF8_MESSAGE),
            Problem::Parse(e) => Cow::Borrowed(e.kind().message()),
            Problem::Decode(e) => Cow::Borrowed(e.kind().message()),
            Problem::Base { kind, .. } => Cow::Owned(kind.to_string()),
            Problem::Relativize(e) => Cow::Owned(e.to_string()),
            Problem::Idna(e) => Cow::Borrowed(e.kind().message()),
            Problem::Path(e) => Cow::Owned(e.kind().to_string()),
            Problem::Build(e) => Cow::Owned(format!(
                "the edited reference is not valid: {} (in its {})",
                e.kind(),
                e.component()
            )),
            Problem::Curie(e) => Cow::Borrowed(e.kind().message()),
            Problem::MissingTab { .. } => Cow::Borrowed(MISSING_TAB_MESSAGE),
            Problem::LineTooLong { limit, .. } => Cow::Owned(format!(
                "line longer than {limit} bytes (--max-line-bytes), skipped; its start"
            )),
        }
    }

    /// `input` drawn with a caret under the problem, in three lines: `error:
    /// {message} at byte {index}`, the input, the caret.
    pub(crate) fn caret<'a>(&self, input: &'a [u8]) -> ProblemCaret<'a> {
        ProblemCaret {
            message: self.message(),
            index: self.index(),
            input,
            hint: self.hint(),
            cut: matches!(self, Problem::LineTooLong { .. }),
        }
    }

    /// Advice for a problem that a flag of the command undoes: an IPv6
    /// zone identifier, which `--allow-zone-id` accepts.
    fn hint(&self) -> Option<&'static str> {
        match self {
            Problem::Parse(e) if e.kind() == ParseErrorKind::ZoneIdNotAllowed => {
                Some("--allow-zone-id accepts an IPv6 zone identifier (RFC 6874)")
            }
            _ => None,
        }
    }
}

/// An input drawn with a caret under a [`Problem`]: a [`Caret`] that owns
/// its message. Made by [`Problem::caret`].
#[derive(Debug, Clone)]
pub(crate) struct ProblemCaret<'a> {
    message: Cow<'static, str>,
    index: usize,
    input: &'a [u8],
    /// A line of advice after the caret, for a problem a flag undoes.
    hint: Option<&'static str>,
    /// Whether `input` is the start of a longer line, cut short.
    cut: bool,
}

impl ProblemCaret<'_> {
    /// The caret error as text, with `error:` and the caret in colour when
    /// `color`.
    pub(crate) fn painted(&self, color: bool) -> String {
        let text = self.to_string();
        if !color {
            return text;
        }
        let text = text.replacen("error:", &paint("error:", style::ERROR, true), 1);
        match text.rsplit_once('^') {
            Some((before, after)) => format!("{before}{}{after}", paint("^", style::ERROR, true)),
            None => text,
        }
    }
}

/// The caret error: `error: {message} at byte {index}`, `index` an offset
/// in the input as given, then the input and the caret, and a `hint:`
/// line for a problem a flag undoes. Unless
/// `--show-password`, the input is drawn with whatever may be a password as
/// `***` (RFC 3986 §3.2.1; the rule of [`urikit::password_spans`], which
/// holds for input that does not parse), the caret moved with it.
impl fmt::Display for ProblemCaret<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let drawn = if settings::get().show_password {
            Caret::new(&self.message, self.index, self.input)
                .showing_passwords()
                .to_string()
        } else if self.cut {
            // A password cut short has no `@` after it: hidden to the end.
            let start = crate::redact::shown_prefix(self.input);
            Caret::new(&self.message, start.len(), start.as_bytes()).to_string()
        } else {
            Caret::new(&self.message, self.index, self.input).to_string()
        };
        let (_, lines) = drawn.split_once('\n').unwrap_or(("", &drawn));
        write!(f, "error: {} at byte {}\n{lines}", self.message, self.index)?;
        match self.hint {
            Some(hint) => write!(f, "\n  hint: {hint}"),
            None => Ok(()),
        }
    }
}

/// The message of [`Problem::InvalidUtf8`].
const INVALID_UTF8_MESSAGE: &str = "invalid UTF-8";

/// The message of [`Problem::MissingTab`].
const MISSING_TAB_MESSAGE: &str = "no tab between the two references";

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
            (p.kind_name(), p.index(), &*p.message()),
            ("InvalidHostChar", 8, "character not allowed in host")
        );
        let p = Problem::InvalidUtf8 { index: 3 };
        assert_eq!(
            (p.kind_name(), p.index(), &*p.message()),
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
            (p.kind_name(), p.index(), &*p.message()),
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
            (p.kind_name(), p.index(), &*p.message()),
            ("InvalidUtf8", 2, "decoded bytes are not UTF-8")
        );
    }

    #[test]
    fn base_and_relativize_errors() {
        let p = Problem::Base {
            kind: ResolveErrorKind::RelativeBase,
            index: 0,
        };
        assert_eq!((p.kind_name(), p.index()), ("RelativeBase", 0));
        assert!(p.message().contains("needs a scheme"), "{}", p.message());
        let p = Problem::Base {
            kind: ResolveErrorKind::InvalidBase(urikit::ParseErrorKind::InvalidHostChar),
            index: 8,
        };
        assert_eq!(
            p.caret(b"http://a b/").to_string(),
            "error: invalid base: character not allowed in host at byte 8\n  http://a\\x20b/\n          ^"
        );
        let p = Problem::Relativize(RelativizeError::DifferentScheme);
        assert_eq!(
            (p.kind_name(), p.index(), &*p.message()),
            (
                "DifferentScheme",
                0,
                "the target's scheme differs from the base's; only an absolute URI reaches it"
            )
        );
    }

    #[test]
    fn idna_errors() {
        let input = "http://ex\u{FF0F}ample.com/";
        let iri = urikit::IriReference::parse(input).unwrap();
        let e = urikit::iri::to_uri_with(iri, urikit::iri::HostMapping::Idna).unwrap_err();
        let p = Problem::Idna(e);
        assert_eq!(
            (p.kind_name(), p.index(), &*p.message()),
            (
                "DisallowedChar",
                9,
                "character not allowed in a host name (UTS #46 with STD3 rules)"
            )
        );
        // The caret is under the fullwidth solidus, two columns wide.
        assert!(
            p.caret(input.as_bytes())
                .to_string()
                .ends_with("  http://ex\u{FF0F}ample.com/\n           ^"),
            "{}",
            p.caret(input.as_bytes())
        );
    }

    #[test]
    fn path_and_missing_tab() {
        let uri = urikit::Uri::parse("file://h/a").unwrap();
        let e = urikit::schemes::to_path(uri, urikit::schemes::Os::Posix).unwrap_err();
        let p = Problem::Path(e);
        assert_eq!(
            (p.kind_name(), p.index(), &*p.message()),
            ("NonLocal", 7, "the file is on another host")
        );
        let p = Problem::MissingTab { index: 3 };
        assert_eq!(
            p.caret(b"a/b").to_string(),
            "error: no tab between the two references at byte 3\n  a/b\n     ^"
        );
        assert_eq!(p.kind_name(), "MissingTab");
    }
}
