//! data (RFC 2397): the resource itself, in the URI.
//!
//! # Grammar
//!
//! RFC 2397 §3:
//!
//! ```text
//! dataurl    := "data:" [ mediatype ] [ ";base64" ] "," data
//! mediatype  := [ type "/" subtype ] *( ";" parameter )
//! data       := *urlchar
//! parameter  := attribute "=" value
//! ```
//!
//! `type`, `subtype`, `attribute` and `value` are RFC 2045 §5.1's tokens,
//! "represented using URL escaped encoding [...] as necessary":
//!
//! ```text
//! token    := 1*<any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>
//! tspecials :=  "(" / ")" / "<" / ">" / "@" / "," / ";" / ":" / "\" /
//!               <"> / "/" / "[" / "]" / "?" / "="
//! ```
//!
//! # Rules
//!
//! What [`Registry::check`](crate::Registry::check) reports for a data URI.
//! Errors (the URI is not a valid data URI):
//!
//! - `MissingComma`: no `,` before the data (§3);
//! - `InvalidMediaType`: a type or subtype that is not a token (RFC 2045
//!   §5.1);
//! - `InvalidParameter`: a parameter that is not `attribute "=" value`;
//! - `DuplicateParameter`: RFC 6838 §4.3: "It is an error for a specific
//!   parameter to be specified more than once";
//! - `InvalidBase64`: RFC 4648 §4, at the first character that cannot be
//!   there.
//!
//! Warnings: `Base64PadBits` (RFC 4648 §3.5) and `FragmentInData`; a long
//! URI gets the generic `TooLong` warning (RFC 2397 §3: the scheme "is only
//! useful for short values").
//!
//! A report holds a [`Data`] only when there is no error.
//!
//! # Spec notes
//!
//! Our reading of the RFC where it leaves room:
//!
//! - Type, subtype and parameter name are RFC 2045 tokens once
//!   percent-decoded. A value is a token as written, any other printable
//!   US-ASCII character percent-encoded: RFC 2397 §3 asks for "URL Escaped
//!   encoding instead of quoted string" when a value holds tspecials.
//! - `;base64` is read in any case, and only as the last parameter.
//! - base64 is strict: padding required, no whitespace, nothing after the
//!   padding; non-zero pad bits are a warning (decoders "MAY" reject them).
//! - The data runs from the first `,` to the fragment, a query included; a
//!   fragment is not part of the data.
//!
//! # Normal form
//!
//! The path is opaque ([`Scheme::opaque_path`]):
//! [`Registry::normalize`](crate::Registry::normalize) removes no dot
//! segments, which would change the data (`data:,a/../b` would become
//! `data:/b`, and `data:text/plain,a/../b` `data:text/b`). Triplets of
//! `unreserved` characters are decoded (RFC 3986 §6.2.2.2): the data's
//! bytes stay the same.

use alloc::string::String;
use alloc::vec::Vec;

use uri_core::{Uri, UriBuf};

use crate::scheme::scheme_facts;
use crate::tel::{elements, push_lowercase};
use crate::{Fields, Scheme, Violation};

/// The syntax section.
const SYNTAX: &str = "RFC 2397 §3";
/// Media types.
const MEDIA: &str = "RFC 2045 §5.1";
/// base64.
const BASE64: &str = "RFC 4648 §4";

/// The parts of a data URI (RFC 2397): its media type, parameters, whether
/// the data is base64-encoded, and the data.
///
/// `Eq` compares the parts as written (the data percent-encoded as in the
/// URI).
///
/// A report holds a `Data` only when there is no error.
///
/// The rules checked, the spec notes and the normal form are in the
/// [module docs](self#rules).
///
/// # Examples
///
/// ```
/// use uri_schemes::Data;
///
/// let data = Data::parse(uri_core::Uri::parse("data:,A%20brief%20note")?)?;
/// assert_eq!(data.media_type(), "text/plain");
/// assert_eq!(data.charset(), Some("US-ASCII"));
/// assert_eq!(data.decode(), b"A brief note");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Data {
    media_type: String,
    parameters: Vec<(String, String)>,
    base64: bool,
    encoded: String,
    len: usize,
}

impl Data {
    /// The typed entry: checks `uri` by the scheme's rules (the module
    /// docs) and the generic ones, and gives its parts when no violation is
    /// an error (warnings are dropped: [`Registry::check`](crate::Registry::check)
    /// keeps them); else the [`Report`](crate::Report) of what was found
    /// (RFC 2397 §3).
    ///
    /// # Errors
    ///
    /// The report, when a violation is an error or `uri` is of another
    /// scheme (`WrongScheme`).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::Data;
    ///
    /// let view = Data::parse(Uri::parse("data:,A%20brief%20note")?)?;
    /// assert_eq!(view.media_type(), "text/plain");
    /// assert!(Data::parse(Uri::parse("data:abc")?).is_err());
    /// assert!(Data::parse(Uri::parse("x:y")?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(uri: Uri<'_>) -> Result<Data, crate::Report<'_>> {
        crate::scheme::typed_entry(uri, &DataScheme, &["data"], |fields| match fields {
            Fields::Data(d) => Some(d),
            _ => None,
        })
    }
}

impl Data {
    /// The media type, `type/subtype`, percent-decoded, in the case
    /// written (it compares without case, RFC 2045 §5.1); `text/plain`
    /// when the URI gives none (RFC 2397 §2).
    ///
    /// # Examples
    ///
    /// ```
    /// let data = uri_schemes::Data::parse(uri_core::Uri::parse("data:image/GIF;base64,R0lG")?)?;
    /// assert_eq!(data.media_type(), "image/GIF");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn media_type(&self) -> &str {
        &self.media_type
    }

    /// The media type's parameters, percent-decoded, in the order written;
    /// `charset=US-ASCII` when the URI has no media type at all (RFC 2397
    /// §2: the default is `text/plain;charset=US-ASCII`, and "text/plain"
    /// alone "can be omitted but the charset parameter supplied").
    ///
    /// # Examples
    ///
    /// ```
    /// let data = uri_schemes::Data::parse(uri_core::Uri::parse("data:;charset=utf-8,%E2%82%AC")?)?;
    /// assert_eq!(data.media_type(), "text/plain");
    /// assert_eq!(data.parameters(), [("charset".to_string(), "utf-8".to_string())]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parameters(&self) -> &[(String, String)] {
        &self.parameters
    }

    /// The value of the `charset` parameter (named in any case), if any:
    /// `US-ASCII` when the URI has no media type.
    ///
    /// # Examples
    ///
    /// ```
    /// let data = uri_schemes::Data::parse(uri_core::Uri::parse("data:text/plain;CHARSET=iso-8859-7,%BE")?)?;
    /// assert_eq!(data.charset(), Some("iso-8859-7"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn charset(&self) -> Option<&str> {
        self.parameters
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case("charset"))
            .map(|(_, value)| value.as_str())
    }

    /// Whether the data is base64-encoded (`;base64`, RFC 2397 §3).
    ///
    /// # Examples
    ///
    /// ```
    /// let data = uri_schemes::Data::parse(uri_core::Uri::parse("data:;base64,SGk=")?)?;
    /// assert!(data.is_base64());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_base64(&self) -> bool {
        self.base64
    }

    /// The data as written in the URI, after the `,` (percent-encoded,
    /// still base64-encoded if it is), up to the fragment.
    ///
    /// # Examples
    ///
    /// ```
    /// let data = uri_schemes::Data::parse(uri_core::Uri::parse("data:,a%20b?c")?)?;
    /// assert_eq!(data.encoded(), "a%20b?c");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn encoded(&self) -> &str {
        &self.encoded
    }

    /// The number of bytes [`decode`](Data::decode) gives, without
    /// decoding.
    ///
    /// # Examples
    ///
    /// ```
    /// let data = uri_schemes::Data::parse(uri_core::Uri::parse("data:;base64,SGVsbG8=")?)?;
    /// assert_eq!(data.data_len(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn data_len(&self) -> usize {
        self.len
    }

    /// The data's bytes: percent-decoded, then base64-decoded when
    /// [`is_base64`](Data::is_base64) (RFC 2397 §3; RFC 4648 §4).
    ///
    /// # Examples
    ///
    /// ```
    /// let data = uri_schemes::Data::parse(uri_core::Uri::parse("data:text/plain;base64,SGVsbG8%3D")?)?;
    /// assert_eq!(data.decode(), b"Hello");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len);
        if !self.base64 {
            out.extend(elements(&self.encoded).map(|(_, c)| c));
            return out;
        }
        let mut bits = 0u32;
        let mut count = 0u32;
        for (_, c) in elements(&self.encoded) {
            // Checked when the URI was read: only the alphabet, then `=`.
            let Some(v) = base64_value(c) else { break };
            bits = bits << 6 | u32::from(v);
            count += 6;
            if count >= 8 {
                count -= 8;
                out.push((bits >> count) as u8);
                bits &= (1 << count) - 1;
            }
        }
        out
    }
}

/// `data` (RFC 2397).
pub(crate) struct DataScheme;

impl Scheme for DataScheme {
    // kind: The URI holds the resource itself: it locates it in the most
    //   direct way.
    // opaque_path: The media type and the data are one string, not a
    //   hierarchy: a `/` separates type and subtype, and may stand in
    //   the data.
    scheme_facts! { name = "data"; kind = Locator; opaque_path = true; }

    /// RFC 2397 §3, RFC 2045 §5.1, RFC 4648 §4; the violations are listed
    /// at [`Data`].
    fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
        let (data, found) = read(uri);
        match data {
            Some(data) if !found.iter().any(Violation::is_error) => {
                (Fields::Data(data.data), found)
            }
            _ => (Fields::None, found),
        }
    }

    /// Media type, parameter names and `;base64` in lower case (RFC 2045
    /// §5.1: they match "without regard to case"); values and data as they
    /// are. A URI with an error is left as it is.
    fn normalize(&self, uri: &mut UriBuf) {
        let (data, found) = read(uri.as_uri());
        let Some(data) = data else { return };
        if found.iter().any(Violation::is_error) {
            return;
        }
        let path = uri.path();
        // A valid header holds no `?` (not a token character): it is all
        // in the path.
        let Some(header) = path.get(..data.header_len) else {
            return;
        };
        let mut normal = String::with_capacity(path.len());
        for (i, segment) in header.split(';').enumerate() {
            if i > 0 {
                normal.push(';');
            }
            match segment.split_once('=') {
                Some((name, value)) if i > 0 => {
                    push_lowercase(&mut normal, name);
                    normal.push('=');
                    normal.push_str(value);
                }
                _ => push_lowercase(&mut normal, segment),
            }
        }
        if normal != header {
            normal.push_str(&path[data.header_len..]);
            let _ = uri.set_path(&normal);
        }
    }
}

/// A data URI as read: its parts, and the length of its header (the
/// media type and `;base64`, before the `,`).
struct Read {
    data: Data,
    header_len: usize,
}

/// Reads the data URI `uri`: its parts, when it has a `,`, and every
/// violation.
fn read(uri: Uri<'_>) -> (Option<Read>, Vec<Violation>) {
    let mut found = Vec::new();
    let (start, body, hash) = crate::generic::body_before_fragment(uri);
    if let Some(at) = hash {
        let message = "the fragment is not part of the data";
        found.push(Violation::warning("FragmentInData", at, SYNTAX, message));
    }
    let end = start + body.len();
    let Some(comma) = body.find(',') else {
        found.push(Violation::error(
            "MissingComma",
            end,
            SYNTAX,
            "a data URI needs a `,` before its data",
        ));
        return (None, found);
    };
    let header = &body[..comma];
    let mut media_type = String::new();
    let mut parameters: Vec<(String, String)> = Vec::new();
    let mut names: Vec<(String, usize)> = Vec::new();
    let mut base64 = false;
    let count = header.split(';').count();
    let mut at = start;
    for (i, segment) in header.split(';').enumerate() {
        if i == 0 {
            if !segment.is_empty() {
                media_type = read_media_type(segment, at, &mut found).unwrap_or_default();
            }
        } else if i + 1 == count && is_base64_flag(segment) {
            base64 = true;
        } else if let Some((name, value)) = read_parameter(segment, at, &mut found) {
            names.push((name.to_ascii_lowercase(), at - 1));
            parameters.push((name, value));
        }
        at += segment.len() + 1;
    }
    // RFC 6838 §4.3: "It is an error for a specific parameter to be
    // specified more than once."
    crate::generic::push_duplicates(&mut names, "RFC 6838 §4.3", &mut found);
    // RFC 2397 §2: no media type is `text/plain;charset=US-ASCII`, and a
    // charset may be given without `text/plain`.
    if header.is_empty() || header.starts_with(';') {
        media_type.push_str("text/plain");
        if !parameters
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("charset"))
        {
            parameters.push(("charset".into(), "US-ASCII".into()));
        }
    }
    let encoded = &body[comma + 1..];
    let data_at = start + comma + 1;
    let len = if base64 {
        match check_base64(encoded) {
            Ok((len, pad_bits)) => {
                if let Some(off) = pad_bits {
                    found.push(Violation::warning(
                        "Base64PadBits",
                        data_at + off,
                        "RFC 4648 §3.5",
                        "the pad bits of the last base64 character are not zero",
                    ));
                }
                len
            }
            Err(off) => {
                found.push(Violation::error(
                    "InvalidBase64",
                    data_at + off,
                    BASE64,
                    "not base64: letters, digits, `+` and `/` in groups of four, `=` padding the last",
                ));
                0
            }
        }
    } else {
        elements(encoded).count()
    };
    let data = Data {
        media_type,
        parameters,
        base64,
        encoded: encoded.into(),
        len,
    };
    (
        Some(Read {
            data,
            header_len: comma,
        }),
        found,
    )
}

/// Whether `segment` is `base64`, in any case, percent-encoded or not.
fn is_base64_flag(segment: &str) -> bool {
    elements(segment)
        .map(|(_, c)| c.to_ascii_lowercase())
        .eq(b"base64".iter().copied())
}

/// Reads `type "/" subtype` (`text`, at `at` in the URI), decoded, or
/// `None` after pushing an error.
fn read_media_type(text: &str, at: usize, found: &mut Vec<Violation>) -> Option<String> {
    let mut error = |index: usize, message: &'static str| {
        found.push(Violation::error("InvalidMediaType", index, MEDIA, message));
    };
    let Some((kind, subtype)) = text.split_once('/') else {
        match token(text) {
            Err(off) => error(at + off, "a media type's type is a token"),
            Ok(_) => error(at + text.len(), "a media type is `type/subtype`"),
        }
        return None;
    };
    let kind = match token(kind) {
        Ok(kind) => kind,
        Err(off) => {
            error(at + off, "a media type's type is a token");
            return None;
        }
    };
    let sub_at = at + text.len() - subtype.len();
    match token(subtype) {
        Ok(subtype) => Some(kind + "/" + &subtype),
        Err(off) => {
            error(sub_at + off, "a media type's subtype is a token");
            None
        }
    }
}

/// Reads `attribute "=" value` (`text`, at `at` in the URI), decoded, or
/// `None` after pushing an error.
fn read_parameter(text: &str, at: usize, found: &mut Vec<Violation>) -> Option<(String, String)> {
    let mut error = |index: usize, message: &'static str| {
        found.push(Violation::error("InvalidParameter", index, MEDIA, message));
    };
    let Some((name, value)) = text.split_once('=') else {
        match token(text) {
            Err(off) => error(at + off, "a parameter's name is a token"),
            Ok(_) => error(
                at + text.len(),
                "a parameter is `name=value` (and `;base64` comes last)",
            ),
        }
        return None;
    };
    let name = match token(name) {
        Ok(name) => name,
        Err(off) => {
            error(at + off, "a parameter's name is a token");
            return None;
        }
    };
    let value_at = at + text.len() - value.len();
    if value.is_empty() {
        error(value_at, "a parameter's value is not empty");
        return None;
    }
    let mut decoded = String::with_capacity(value.len());
    for (off, c) in elements(value) {
        let raw = value.as_bytes()[off];
        let fits = if raw == b'%' {
            matches!(c, b' '..=b'~')
        } else {
            is_token_char(c)
        };
        if !fits {
            error(
                value_at + off,
                "a parameter's value is a token, other printable US-ASCII characters percent-encoded",
            );
            return None;
        }
        decoded.push(char::from(c));
    }
    Some((name, decoded))
}

/// `text` decoded, if it is a token; else the offset of the first byte
/// that is not part of one (the length for an empty one).
fn token(text: &str) -> Result<String, usize> {
    if text.is_empty() {
        return Err(0);
    }
    let mut out = String::with_capacity(text.len());
    for (off, c) in elements(text) {
        if !is_token_char(c) {
            return Err(off);
        }
        out.push(char::from(c));
    }
    Ok(out)
}

/// A character of RFC 2045 §5.1's `token`: US-ASCII, not a control, space
/// or tspecial.
const fn is_token_char(c: u8) -> bool {
    c > b' '
        && c < 0x7F
        && !matches!(
            c,
            b'(' | b')'
                | b'<'
                | b'>'
                | b'@'
                | b','
                | b';'
                | b':'
                | b'\\'
                | b'"'
                | b'/'
                | b'['
                | b']'
                | b'?'
                | b'='
        )
}

/// The value of a character of the base64 alphabet (RFC 4648 §4, Table 1).
const fn base64_value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Checks that `text` (percent-encoded) is base64 (RFC 4648 §4): groups of
/// four characters of the alphabet, the last group padded with one or two
/// `=`. `Ok` gives the decoded length and, when the pad bits are not zero
/// (§3.5), the offset of the character that holds them; `Err` the offset
/// of the first character that cannot be there (the length when the last
/// group is short).
pub(crate) fn check_base64(text: &str) -> Result<(usize, Option<usize>), usize> {
    let mut len = 0usize;
    // Characters of the current group so far, and how many were `=`.
    let mut group = 0u8;
    let mut pad = 0u8;
    let mut done = false;
    let mut last = (0usize, 0u8);
    let mut pad_bits = None;
    for (off, c) in elements(text) {
        if done {
            return Err(off);
        }
        if c == b'=' {
            // `=` only in the third and fourth places of the last group.
            if group < 2 {
                return Err(off);
            }
            pad += 1;
            group += 1;
        } else if pad > 0 {
            return Err(off);
        } else if let Some(v) = base64_value(c) {
            group += 1;
            last = (off, v);
        } else {
            return Err(off);
        }
        if group == 4 {
            len += 3 - usize::from(pad);
            if pad > 0 {
                done = true;
                let mask = if pad == 2 { 0x0F } else { 0x03 };
                if last.1 & mask != 0 {
                    pad_bits = Some(last.0);
                }
            }
            group = 0;
        }
    }
    if group != 0 {
        return Err(text.len());
    }
    Ok((len, pad_bits))
}

/// This module's entry in [`Registry::standard`](crate::Registry::standard).
pub(crate) const SCHEMES: &[crate::registry::Builtin] =
    &[crate::registry::Builtin::Other(&DataScheme)];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_rules() {
        assert_eq!(check_base64(""), Ok((0, None)));
        assert_eq!(check_base64("SGk="), Ok((2, None)));
        assert_eq!(check_base64("SA=="), Ok((1, None)));
        assert_eq!(check_base64("SGVsbG8h"), Ok((6, None)));
        assert_eq!(check_base64("SB=="), Ok((1, Some(1))));
        assert_eq!(check_base64("SGl="), Ok((2, Some(2))));
        assert_eq!(check_base64("SGk"), Err(3));
        assert_eq!(check_base64("S==="), Err(1));
        assert_eq!(check_base64("=AAA"), Err(0));
        assert_eq!(check_base64("SA=a"), Err(3));
        assert_eq!(check_base64("SA==SA=="), Err(4));
        assert_eq!(check_base64("SG k="), Err(2));
        assert_eq!(check_base64("SGk%3D"), Ok((2, None)));
        assert_eq!(check_base64("SG%20k"), Err(2));
    }

    #[test]
    fn tokens() {
        assert_eq!(token("text"), Ok("text".into()));
        assert_eq!(token("svg+xml"), Ok("svg+xml".into()));
        assert_eq!(token(""), Err(0));
        assert_eq!(token("a(b"), Err(1));
        assert_eq!(token("a%20b"), Err(1));
        assert_eq!(token("a%7Cb"), Ok("a|b".into()));
    }
}
