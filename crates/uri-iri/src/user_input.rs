//! [`FromUserInput`]: a URI from what a person typed or pasted, with the
//! list of fixes made to it.
//!
//! It lives here, not in uri-core, because a Unicode host is mapped by
//! UTS #46 (`idna`), which uri-core does not depend on.

use alloc::string::String;
use alloc::vec::Vec;

use core::fmt;

use uri_core::{Iri, ParseErrorKind, UriBuf, UriReferenceBuf};

use crate::host::{HostMapping, IdnaErrorKind};

use crate::to_uri::to_uri_with;

/// What [`FromUserInput::from_user_input`] changed.
///
/// # Examples
///
/// ```
/// use uri_core::UriBuf;
/// use uri_iri::{FixKind, FromUserInput};
///
/// let (_, fixes) = UriBuf::from_user_input(" <https://example.com/a b> ")?;
/// let kinds: Vec<FixKind> = fixes.iter().map(|f| f.kind()).collect();
/// assert_eq!(kinds, [FixKind::Trimmed, FixKind::Unwrapped, FixKind::Encoded(' ')]);
/// # Ok::<(), uri_iri::UserInputError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FixKind {
    /// Whitespace around the text was removed.
    Trimmed,
    /// The text was wrapped in `<…>` or quotes (RFC 3986 Appendix C), which
    /// were removed.
    Unwrapped,
    /// This character, which a URI cannot hold there, was percent-encoded
    /// as UTF-8 (RFC 3986 §2.1; RFC 3987 §3.1 for non-ASCII).
    Encoded(char),
    /// The Unicode host was mapped to `xn--` labels by UTS #46 `ToASCII`
    /// (RFC 3987 §3.1).
    HostMapped,
}

/// One fix: what was done, and the byte index in the input where.
///
/// # Examples
///
/// ```
/// use uri_core::UriBuf;
/// use uri_iri::{FixKind, FromUserInput};
///
/// let (uri, fixes) = UriBuf::from_user_input("https://example.com/a|b")?;
/// assert_eq!(uri, "https://example.com/a%7Cb");
/// assert_eq!((fixes[0].kind(), fixes[0].index()), (FixKind::Encoded('|'), 21));
/// # Ok::<(), uri_iri::UserInputError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fix {
    kind: FixKind,
    index: usize,
}

impl Fix {
    /// What was done.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriBuf;
    /// use uri_iri::{FixKind, FromUserInput};
    ///
    /// let (_, fixes) = UriBuf::from_user_input("\"https://example.com/\"")?;
    /// assert_eq!(fixes[0].kind(), FixKind::Unwrapped);
    /// # Ok::<(), uri_iri::UserInputError>(())
    /// ```
    pub const fn kind(&self) -> FixKind {
        self.kind
    }

    /// The byte index in the input.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriBuf;
    /// use uri_iri::FromUserInput;
    ///
    /// let (_, fixes) = UriBuf::from_user_input("https://bücher.example/")?;
    /// assert_eq!(fixes[0].index(), 8);
    /// # Ok::<(), uri_iri::UserInputError>(())
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }
}

/// What [`FromUserInput::from_user_input`] cannot fix, and the byte index
/// in the input where.
///
/// # Examples
///
/// ```
/// use uri_core::{ParseErrorKind, UriBuf};
/// use uri_iri::{FromUserInput, UserInputErrorKind};
///
/// let err = UriBuf::from_user_input("example.com/a").unwrap_err();
/// assert_eq!(err.kind(), UserInputErrorKind::Parse(ParseErrorKind::MissingScheme));
/// assert_eq!(err.index(), 0);
/// assert_eq!(err.to_string(), "missing scheme (expected a URI such as `https://…`) at byte 0");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UserInputError {
    kind: UserInputErrorKind,
    index: usize,
}

uri_encode::error_kinds! {
    crate = uri_iri, example = Parse(uri_core::ParseErrorKind::MissingScheme);
    /// The kind of a [`UserInputError`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{ParseErrorKind, UriBuf};
    /// use uri_iri::{FromUserInput, UserInputErrorKind};
    ///
    /// let err = UriBuf::from_user_input("http://a:8x/").unwrap_err();
    /// assert_eq!(err.kind(), UserInputErrorKind::Parse(ParseErrorKind::InvalidPortChar));
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum UserInputErrorKind {
        /// The text is not a URI even once fixed (no scheme, a bad port, an
        /// invalid IP literal…).
        Parse(ParseErrorKind) => "{0}",
        /// UTS #46 refuses the host.
        Idna(IdnaErrorKind) => "{0}",
    }
}

impl UserInputError {
    /// What could not be fixed.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{ParseErrorKind, UriBuf};
    /// use uri_iri::{FromUserInput, UserInputErrorKind};
    ///
    /// let err = UriBuf::from_user_input("//host/only").unwrap_err();
    /// assert_eq!(err.kind(), UserInputErrorKind::Parse(ParseErrorKind::MissingScheme));
    /// ```
    pub const fn kind(&self) -> UserInputErrorKind {
        self.kind
    }

    /// The byte index in the input.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriBuf;
    /// use uri_iri::FromUserInput;
    ///
    /// assert_eq!(UriBuf::from_user_input("  http://a:8x/").unwrap_err().index(), 12);
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }
}

impl fmt::Display for UserInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            UserInputErrorKind::Parse(kind) => write!(f, "{kind} at byte {}", self.index),
            UserInputErrorKind::Idna(kind) => write!(f, "{kind} (at byte {})", self.index),
        }
    }
}

impl core::error::Error for UserInputError {}

/// A URI from text a person typed or pasted: `UriBuf::from_user_input`.
///
/// It trims surrounding whitespace, removes surrounding `<…>` or quotes,
/// percent-encodes what a URI cannot hold (space, `"`, `<`, `>`, `\`, `^`,
/// `` ` ``, `{`, `|`, `}`, control characters, a `%` not followed by two
/// hex digits, a second `#`, and non-ASCII characters outside the host,
/// RFC 3986 §2.1 and RFC 3987 §3.1), and maps a Unicode host by UTS #46
/// (the mapping of [`to_uri_with`] with [`HostMapping::Idna`]). It
/// returns the URI and the [`Fix`]es it made, each with its byte index
/// in the input. Text that is already a valid URI comes back unchanged,
/// with no fixes.
///
/// `\` is encoded, not read as `/` as WHATWG parsers do for `http`.
///
/// # Errors
///
/// A [`UserInputError`] for what it cannot fix: no scheme, a bad port or
/// IP literal, a host UTS #46 refuses.
///
/// # Examples
///
/// ```
/// use uri_core::UriBuf;
/// use uri_iri::FromUserInput;
///
/// let (uri, fixes) = UriBuf::from_user_input("  https://bücher.example/a b?q={x}  ")?;
/// assert_eq!(uri, "https://xn--bcher-kva.example/a%20b?q=%7Bx%7D");
/// assert_eq!(fixes.len(), 5);
///
/// let (same, none) = UriBuf::from_user_input("https://example.com/")?;
/// assert_eq!((same.as_str(), none.len()), ("https://example.com/", 0));
/// # Ok::<(), uri_iri::UserInputError>(())
/// ```
pub trait FromUserInput: Sized {
    /// The URI and the fixes made; see [`FromUserInput`].
    ///
    /// # Errors
    ///
    /// A [`UserInputError`] for what cannot be fixed.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriBuf;
    /// use uri_iri::FromUserInput;
    ///
    /// assert!(UriBuf::from_user_input("no scheme here").is_err());
    /// ```
    fn from_user_input(input: &str) -> Result<(Self, Vec<Fix>), UserInputError>;
}

impl FromUserInput for UriBuf {
    fn from_user_input(input: &str) -> Result<(Self, Vec<Fix>), UserInputError> {
        let mut fixes = Vec::new();
        // 1. Surrounding whitespace.
        let trimmed_start = input.len() - input.trim_start().len();
        let mut text = input.trim();
        if text.len() != input.len() {
            let index = if trimmed_start > 0 {
                0
            } else {
                trimmed_start + text.len()
            };
            fixes.push(Fix {
                kind: FixKind::Trimmed,
                index,
            });
        }
        let mut offset = trimmed_start;
        // 2. `<…>` or quotes (RFC 3986 Appendix C).
        for (open, close) in [('<', '>'), ('"', '"'), ('\'', '\'')] {
            if text.len() >= 2 && text.starts_with(open) && text.ends_with(close) {
                fixes.push(Fix {
                    kind: FixKind::Unwrapped,
                    index: offset,
                });
                text = &text[1..text.len() - 1];
                offset += 1;
                break;
            }
        }
        if let Ok(uri) = UriBuf::parse(text) {
            return Ok((uri, fixes));
        }
        // 3. Encode what a URI cannot hold; keep a Unicode host for UTS #46.
        let host = host_range(text);
        let mut out = String::with_capacity(text.len() + 16);
        // `map[i]`: the input's byte index of `out`'s byte `i`.
        let mut map: Vec<usize> = Vec::with_capacity(text.len() + 17);
        let mut fragment = false;
        let bytes = text.as_bytes();
        for (i, c) in text.char_indices() {
            let at = offset + i;
            let in_host = host.as_ref().is_some_and(|h| h.contains(&i));
            let encode = match c {
                ' ' | '"' | '<' | '>' | '\\' | '^' | '`' | '{' | '|' | '}' => true,
                '#' => core::mem::replace(&mut fragment, true),
                '%' => {
                    !(i + 2 < bytes.len()
                        && bytes[i + 1].is_ascii_hexdigit()
                        && bytes[i + 2].is_ascii_hexdigit())
                }
                c if c.is_ascii_control() => true,
                c if !c.is_ascii() => !in_host,
                _ => false,
            };
            if encode {
                fixes.push(Fix {
                    kind: FixKind::Encoded(c),
                    index: at,
                });
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push('%');
                    out.push(hex(b >> 4));
                    out.push(hex(b & 0xF));
                    map.extend([at; 3]);
                }
            } else {
                out.push(c);
                map.extend(core::iter::repeat_n(at, c.len_utf8()));
            }
        }
        map.push(offset + text.len());
        let back = |index: usize| map.get(index).copied().unwrap_or(offset + text.len());
        let iri = Iri::parse(&out).map_err(|e| UserInputError {
            kind: UserInputErrorKind::Parse(e.kind()),
            index: back(e.index()),
        })?;
        let mapped = to_uri_with(iri, HostMapping::Idna).map_err(|e| UserInputError {
            kind: UserInputErrorKind::Idna(e.kind()),
            index: back(e.index()),
        })?;
        if let Some(h) = &host {
            if !text[h.clone()].is_ascii() {
                fixes.push(Fix {
                    kind: FixKind::HostMapped,
                    index: offset + h.start,
                });
            }
        }
        let reference: UriReferenceBuf = mapped.into_owned();
        let uri = UriBuf::try_from(reference).map_err(|_| UserInputError {
            kind: UserInputErrorKind::Parse(ParseErrorKind::MissingScheme),
            index: offset,
        })?;
        fixes.sort_by_key(|f| f.index);
        Ok((uri, fixes))
    }
}

fn hex(n: u8) -> char {
    char::from(b"0123456789ABCDEF"[usize::from(n & 0xF)])
}

/// The byte range of the host in `text`, when it has a scheme and an
/// authority: after `scheme://` and any `…@`, before `:port` and `/?#`.
fn host_range(text: &str) -> Option<core::ops::Range<usize>> {
    let colon = text.find(':')?;
    let scheme = &text[..colon];
    if scheme.is_empty()
        || !scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    {
        return None;
    }
    let start = colon + 1;
    if !text[start..].starts_with("//") {
        return None;
    }
    let auth_start = start + 2;
    let auth_end = text[auth_start..]
        .find(['/', '?', '#', '\\'])
        .map_or(text.len(), |k| auth_start + k);
    let host_start = text[auth_start..auth_end]
        .rfind('@')
        .map_or(auth_start, |k| auth_start + k + 1);
    let host_text = &text[host_start..auth_end];
    let host_end = if host_text.starts_with('[') {
        host_text.find(']').map_or(auth_end, |k| host_start + k + 1)
    } else {
        host_text.rfind(':').map_or(auth_end, |k| host_start + k)
    };
    Some(host_start..host_end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[track_caller]
    fn check(input: &str, want: &str) {
        let (uri, _) = UriBuf::from_user_input(input).unwrap();
        assert_eq!(uri.as_str(), want, "input: {input:?}");
    }

    #[test]
    fn fixes() {
        check(" http://a/ ", "http://a/");
        check("<http://a/b c>", "http://a/b%20c");
        check("'http://a/'", "http://a/");
        check("http://a/é?ü#ä", "http://a/%C3%A9?%C3%BC#%C3%A4");
        check("http://a/#x#y", "http://a/#x%23y");
        check("http://a/100%", "http://a/100%25");
        check("http://a/%41", "http://a/%41");
        check(
            "http://ü:pw@Bücher.example:8080/",
            "http://%C3%BC:pw@xn--bcher-kva.example:8080/",
        );
        check("http://a/\\b", "http://a/%5Cb");
    }

    #[test]
    fn errors_point_into_the_input() {
        let err = UriBuf::from_user_input("  http://a:8x/").unwrap_err();
        assert_eq!(err.index(), 12, "{err:?}");
        let err = UriBuf::from_user_input("http://a b:x/").unwrap_err();
        assert!(
            matches!(err.kind(), UserInputErrorKind::Parse(_)),
            "{err:?}"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn the_output_always_parses(s in "\\PC{0,30}", scheme in prop::sample::select(&["http://", "mailto:", "", "urn:x:"][..])) {
            let input = alloc::format!("{scheme}{s}");
            if let Ok((uri, fixes)) = UriBuf::from_user_input(&input) {
                prop_assert!(UriBuf::parse(String::from(uri.as_str())).is_ok());
                for fix in fixes {
                    prop_assert!(fix.index() <= input.len());
                }
            }
        }

        #[test]
        fn a_valid_uri_comes_back_unchanged(s in "[a-z]{1,5}:[a-zA-Z0-9/?#%.:@!$&'()*+,;=~_-]{0,30}") {
            if UriBuf::parse(s.as_str()).is_ok() {
                let (uri, fixes) = UriBuf::from_user_input(&s).unwrap();
                prop_assert_eq!(uri.as_str(), s.as_str());
                prop_assert!(fixes.is_empty());
            }
        }
    }
}
