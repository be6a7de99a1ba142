//! A `const fn` check of the `URI` rule of RFC 3986 §3, for literals
//! checked when compiling ([`uri!`](crate::uri!)).
//!
//! The parser is not a `const fn` (it scans sixteen bytes at a time and
//! builds a layout); this is a second, plain transcription of the same
//! grammar, one byte at a time, that only says whether the input is a
//! valid `URI` under the default [`ParseOptions`](crate::ParseOptions)
//! and, if not, the same [`ParseErrorKind`] and index as
//! [`Uri::parse`](crate::Uri::parse). Tests check that the two agree on
//! every vector of the workspace and on generated input.
//!
//! ```text
//! URI         = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//! hier-part   = "//" authority path-abempty / path-absolute / path-rootless / path-empty
//! authority   = [ userinfo "@" ] host [ ":" port ]
//! host        = IP-literal / IPv4address / reg-name
//! IP-literal  = "[" ( IPv6address / IPvFuture  ) "]"
//! ```

use crate::components::HostKind;
use crate::error::ParseError;
use crate::error::ParseErrorKind as Kind;
use crate::grammar::{
    ALPHA, CharClass, FRAGMENT, HEXDIG, IPV_FUTURE, PATH, QUERY, REG_NAME, SCHEME, USERINFO,
};
use crate::parser::Layout;
use crate::spec::{is_bidi_formatting, is_iprivate, is_ucschar};

/// Checks that `input` is a `URI` (RFC 3986 §3), as [`Uri::parse`](crate::Uri::parse)
/// does with the default options, in a `const` context.
///
/// # Errors
///
/// The [`ParseError`] of the first offending byte: the one `Uri::parse`
/// gives.
///
/// # Examples
///
/// ```
/// use uri_core::{ParseErrorKind, check_uri};
///
/// const OK: bool = check_uri("https://example.com/a?b#c").is_ok();
/// assert!(OK);
/// let err = check_uri("http://a/%zz").unwrap_err();
/// assert_eq!((err.kind(), err.index()), (ParseErrorKind::InvalidPercentEncoding, 9));
/// assert_eq!(check_uri("/relative").unwrap_err().kind(), ParseErrorKind::MissingScheme);
/// ```
pub const fn check_uri(input: &str) -> Result<(), ParseError> {
    match uri_layout(input) {
        Ok(_) => Ok(()),
        Err((kind, index)) => Err(ParseError::new(kind, index)),
    }
}

/// [`check_uri`], giving the layout [`Uri::parse`](crate::Uri::parse)
/// gives (the const check and the parser agree on it: test
/// `layouts_agree_with_the_parser`).
pub(crate) const fn uri_layout(input: &str) -> Result<Layout, (Kind, usize)> {
    layout(input, false)
}

/// The layout of `input` under the `URI` rule, or the `IRI` rule of RFC
/// 3987 §2.2 when `iri` (default options: no zone identifier, no bidi
/// formatting character).
const fn layout(input: &str, iri: bool) -> Result<Layout, (Kind, usize)> {
    let (ucs, ucs_private) = if iri {
        (UCS, UCS_PRIVATE)
    } else {
        (NONE, NONE)
    };
    let b = input.as_bytes();
    let n = b.len();
    let scheme_end = match scheme(b) {
        Ok(end) => end,
        Err(e) => return Err(e),
    };
    let mut i = scheme_end + 1;
    let mut auth_start = 0;
    let mut host = (0, 0, HostKind::RegName);
    if i + 1 < n && b[i] == b'/' && b[i + 1] == b'/' {
        auth_start = i + 2;
        let (host_start, host_end, kind, end) = match authority(b, auth_start, ucs) {
            Ok(parts) => parts,
            Err(e) => return Err(e),
        };
        host = (host_start, host_end, kind);
        i = end;
    }
    let path_start = i;
    i = match scan(
        b,
        i,
        n,
        &PATH,
        &CharClass::new(b"?#"),
        Kind::InvalidPathChar,
        ucs,
    ) {
        Ok(end) => end,
        Err(e) => return Err(e),
    };
    let path_end = i;
    if i < n && b[i] == b'?' {
        i = match scan(
            b,
            i + 1,
            n,
            &QUERY,
            &CharClass::new(b"#"),
            Kind::InvalidQueryChar,
            ucs_private,
        ) {
            Ok(end) => end,
            Err(e) => return Err(e),
        };
    }
    let query_end = i;
    if i < n {
        // b[i] == b'#'
        if let Err(e) = scan(
            b,
            i + 1,
            n,
            &FRAGMENT,
            &NO_STOPS,
            Kind::InvalidFragmentChar,
            ucs,
        ) {
            return Err(e);
        }
    }
    Ok(Layout {
        scheme_end,
        auth_start,
        host_start: host.0,
        host_end: host.1,
        path_start,
        path_end,
        query_end,
        host_kind: host.2,
    })
}

/// The message of a literal's compile error, `invalid URI literal:
/// <kind> at byte <index>`, in a buffer, and its length.
const fn literal_message(kind: Kind, index: usize, iri: bool) -> ([u8; 96], usize) {
    let mut buf = [b' '; 96];
    let mut at = 0;
    let parts: [&[u8]; 3] = [
        if iri {
            b"invalid IRI literal (RFC 3987 \xC2\xA72.2): "
        } else {
            b"invalid URI literal (RFC 3986 \xC2\xA73): "
        },
        kind.name().as_bytes(),
        b" at byte ",
    ];
    let mut p = 0;
    while p < parts.len() {
        let part = parts[p];
        let mut k = 0;
        while k < part.len() && at < buf.len() {
            buf[at] = part[k];
            at += 1;
            k += 1;
        }
        p += 1;
    }
    let mut digits = [0u8; 20];
    let mut d = 0;
    let mut v = index;
    loop {
        digits[d] = b'0' + (v % 10) as u8;
        d += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    while d > 0 && at < buf.len() {
        d -= 1;
        buf[at] = digits[d];
        at += 1;
    }
    (buf, at)
}

/// The [`Uri`](crate::Uri) of a string literal, checked by a `const fn`:
/// the checker [`uri!`](crate::uri!) calls inside a `const` item, so a
/// malformed literal is a build error. Usable directly in `const` and
/// `static` items where a `Result` is wanted instead of a build error.
///
/// The literal is checked against the `URI` rule of RFC 3986 §3 with the
/// default [`ParseOptions`](crate::ParseOptions), by the same transcription
/// of the grammar as [`check_uri`], which gives the kind and index
/// [`Uri::parse`](crate::Uri::parse) gives.
///
/// # Errors
///
/// The literal is not a URI (RFC 3986 §3): a [`LiteralError`] with its
/// kind and byte index.
///
/// # Examples
///
/// ```
/// use uri_core::{ParseErrorKind, Uri, uri_literal};
///
/// const HOME: Result<Uri<'static>, uri_core::LiteralError> = uri_literal("https://example.com/");
/// assert_eq!(HOME.map(|uri| uri.host_str()), Ok(Some("example.com")));
///
/// let err = uri_literal("http://a b").unwrap_err();
/// assert_eq!((err.kind(), err.index()), (ParseErrorKind::InvalidHostChar, 8));
/// assert_eq!(err.message(), "invalid URI literal (RFC 3986 §3): InvalidHostChar at byte 8");
/// ```
pub const fn uri_literal(input: &'static str) -> Result<crate::Uri<'static>, LiteralError> {
    match uri_layout(input) {
        Ok(layout) => Ok(crate::Uri::wrap(crate::Components::new(input, layout))),
        Err((kind, index)) => Err(LiteralError::new(kind, index, false)),
    }
}

/// Why a literal given to [`uri_literal`] or [`iri_literal`] (and so to
/// [`uri!`](crate::uri!) or [`iri!`](crate::iri!)) is not a URI (RFC 3986
/// §3) or an IRI (RFC 3987 §2.2): the [`ParseErrorKind`](crate::ParseErrorKind),
/// the byte index, and the text of the build error the macros stop with.
///
/// `Eq` compares the kind, the index and which rule was checked.
///
/// # Examples
///
/// ```
/// use uri_core::{ParseErrorKind, iri_literal};
///
/// let err = iri_literal("http://例え.jp/a b").unwrap_err();
/// assert_eq!(err.kind(), ParseErrorKind::InvalidPathChar);
/// assert_eq!(err.index(), 18);
/// assert_eq!(err.to_string(), err.message());
/// ```
#[derive(Clone, Copy)]
pub struct LiteralError {
    kind: Kind,
    index: usize,
    iri: bool,
    message: [u8; 96],
    len: usize,
}

/// The kind, the index, the rule and the message (not the raw buffer the
/// message is kept in).
impl core::fmt::Debug for LiteralError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("LiteralError")
            .field("kind", &self.kind)
            .field("index", &self.index)
            .field("iri", &self.iri)
            .field("message", &self.message())
            .finish()
    }
}

impl PartialEq for LiteralError {
    fn eq(&self, other: &Self) -> bool {
        (self.kind, self.index, self.iri) == (other.kind, other.index, other.iri)
    }
}

impl Eq for LiteralError {}

impl LiteralError {
    const fn new(kind: Kind, index: usize, iri: bool) -> Self {
        let (message, len) = literal_message(kind, index, iri);
        LiteralError {
            kind,
            index,
            iri,
            message,
            len,
        }
    }

    /// What was wrong: the kind [`Uri::parse`](crate::Uri::parse) (or
    /// [`Iri::parse`](crate::Iri::parse)) gives for the same text.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{ParseErrorKind, uri_literal};
    ///
    /// assert_eq!(uri_literal("/relative").unwrap_err().kind(), ParseErrorKind::MissingScheme);
    /// ```
    pub const fn kind(&self) -> Kind {
        self.kind
    }

    /// The byte offset of the first offending byte; the literal's length
    /// when it ended too early.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_core::uri_literal("http://a/%zz").unwrap_err().index(), 9);
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The message of the build error: `invalid URI literal (RFC 3986 §3): `
    /// (or `invalid IRI literal (RFC 3987 §2.2): `), the kind's
    /// [`name`](crate::ParseErrorKind::name), ` at byte ` and the index.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = uri_core::uri_literal("/relative").unwrap_err();
    /// assert_eq!(err.message(), "invalid URI literal (RFC 3986 §3): MissingScheme at byte 0");
    /// ```
    pub const fn message(&self) -> &str {
        match core::str::from_utf8(self.message.split_at(self.len).0) {
            Ok(text) => text,
            Err(_) => "invalid literal",
        }
    }
}

impl core::fmt::Display for LiteralError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.message())
    }
}

impl core::error::Error for LiteralError {}

const NO_STOPS: CharClass = CharClass::new(b"");

/// The first offset at or after `from` of a byte in `set`, or `end`.
const fn find(b: &[u8], from: usize, end: usize, set: &[u8]) -> usize {
    let mut i = from;
    while i < end {
        let mut k = 0;
        while k < set.len() {
            if b[i] == set[k] {
                return i;
            }
            k += 1;
        }
        i += 1;
    }
    end
}

/// `scheme ":"`: the offset of the `:` (§3.1), with the parser's errors
/// for a `:` in the first segment after something that is not a scheme.
const fn scheme(b: &[u8]) -> Result<usize, (Kind, usize)> {
    let n = b.len();
    let mut j = 0;
    while j < n && SCHEME.contains(b[j]) {
        j += 1;
    }
    if j < n && b[j] == b':' {
        if j == 0 {
            return Err((Kind::EmptyScheme, 0));
        }
        if !ALPHA.contains(b[0]) {
            return Err((Kind::InvalidScheme, 0));
        }
        return Ok(j);
    }
    if j < n && !matches!(b[j], b'/' | b'?' | b'#') {
        let k = find(b, j, n, b":/?#");
        if k < n && b[k] == b':' {
            let at = if j > 0 && !ALPHA.contains(b[0]) { 0 } else { j };
            return Err((Kind::InvalidScheme, at));
        }
    }
    Err((Kind::MissingScheme, 0))
}

/// The six low bits of a UTF-8 continuation byte at `k`, or 0 past the end.
const fn cont(b: &[u8], k: usize) -> u32 {
    if k < b.len() { (b[k] & 0x3F) as u32 } else { 0 }
}

/// Non-ASCII allowed by [`scan`]: none (URIs, and the scheme and port of
/// IRIs), `ucschar` (RFC 3987 §2.2), or `ucschar` and `iprivate` (`iquery`).
const NONE: u8 = 0;
const UCS: u8 = 1;
const UCS_PRIVATE: u8 = 2;

/// Scans `from..end` for bytes of `class` and `pct-encoded` triplets (and
/// the characters `non_ascii` allows); stops at a byte of `stops` (its
/// offset) or at `end`; any other byte is `error`.
const fn scan(
    b: &[u8],
    from: usize,
    end: usize,
    class: &CharClass,
    stops: &CharClass,
    error: Kind,
    non_ascii: u8,
) -> Result<usize, (Kind, usize)> {
    let mut i = from;
    while i < end {
        let c = b[i];
        if c >= 0x80 && non_ascii != NONE {
            // A `str` holds whole UTF-8 characters.
            let (code, len) = if c < 0xE0 {
                ((((c & 0x1F) as u32) << 6) | cont(b, i + 1), 2)
            } else if c < 0xF0 {
                (
                    (((c & 0x0F) as u32) << 12) | (cont(b, i + 1) << 6) | cont(b, i + 2),
                    3,
                )
            } else {
                (
                    (((c & 0x07) as u32) << 18)
                        | (cont(b, i + 1) << 12)
                        | (cont(b, i + 2) << 6)
                        | cont(b, i + 3),
                    4,
                )
            };
            let ch = match char::from_u32(code) {
                Some(ch) => ch,
                None => return Err((error, i)),
            };
            let allowed = is_ucschar(ch) || (non_ascii == UCS_PRIVATE && is_iprivate(ch));
            if !allowed {
                return Err((error, i));
            }
            if is_bidi_formatting(ch) {
                return Err((Kind::BidiFormattingChar, i));
            }
            i += len;
        } else if class.contains(c) {
            i += 1;
        } else if c == b'%' {
            if i + 2 < end && HEXDIG.contains(b[i + 1]) && HEXDIG.contains(b[i + 2]) {
                i += 3;
            } else {
                return Err((Kind::InvalidPercentEncoding, i));
            }
        } else if stops.contains(c) {
            return Ok(i);
        } else {
            return Err((error, i));
        }
    }
    Ok(end)
}

/// `authority` from `start` (after `//`): the host's start, end and kind,
/// and the authority's end, where the path starts.
const fn authority(
    b: &[u8],
    start: usize,
    ucs: u8,
) -> Result<(usize, usize, HostKind, usize), (Kind, usize)> {
    let end = find(b, start, b.len(), b"/?#");
    let mut host_start = start;
    let at = find(b, start, end, b"@");
    if at < end {
        if let Err(e) = scan(
            b,
            start,
            at,
            &USERINFO,
            &NO_STOPS,
            Kind::InvalidUserinfoChar,
            ucs,
        ) {
            return Err(e);
        }
        host_start = at + 1;
    }
    let mut kind = HostKind::RegName;
    let host_end = if host_start < end && b[host_start] == b'[' {
        kind = if host_start + 1 < end && (b[host_start + 1] == b'v' || b[host_start + 1] == b'V') {
            HostKind::IpvFuture
        } else {
            HostKind::Ipv6
        };
        match ip_literal(b, host_start, end) {
            Ok(after) => after,
            Err(e) => return Err(e),
        }
    } else {
        match scan(
            b,
            host_start,
            end,
            &REG_NAME,
            &CharClass::new(b":"),
            Kind::InvalidHostChar,
            ucs,
        ) {
            Ok(stop) => stop,
            Err(e) => return Err(e),
        }
    };
    // `port = *DIGIT` after the `:` at `host_end`.
    let mut i = host_end + 1;
    while i < end {
        if !b[i].is_ascii_digit() {
            return Err((Kind::InvalidPortChar, i));
        }
        i += 1;
    }
    if matches!(kind, HostKind::RegName) {
        if let Ok(after) = ipv4_tail(b, host_start, host_end) {
            if after == host_end {
                kind = HostKind::Ipv4;
            }
        }
    }
    Ok((host_start, host_end, kind, end))
}

/// `IP-literal` at `start` (the `[`), in an authority ending at `end`; the
/// offset after the `]`.
const fn ip_literal(b: &[u8], start: usize, end: usize) -> Result<usize, (Kind, usize)> {
    let inner = start + 1;
    let close = find(b, inner, end, b"]");
    let checked = if inner < b.len() && (b[inner] == b'v' || b[inner] == b'V') {
        match ipv_future(b, inner, close) {
            Ok(()) => Ok(()),
            Err(k) => Err((Kind::InvalidIpvFuture, k)),
        }
    } else {
        let pct = find(b, inner, close, b"%");
        match ipv6(b, inner, pct) {
            Err(k) => Err((Kind::InvalidIpv6, k)),
            // A zone identifier: refused by the default options (RFC 9844).
            Ok(()) if pct < close => Err((Kind::ZoneIdNotAllowed, pct)),
            Ok(()) => Ok(()),
        }
    };
    if let Err((kind, index)) = checked {
        if close == end && index >= end {
            return Err((Kind::UnclosedIpLiteral, end));
        }
        return Err((kind, index));
    }
    if close == end {
        return Err((Kind::UnclosedIpLiteral, end));
    }
    let after = close + 1;
    if after < end && b[after] != b':' {
        return Err((Kind::InvalidAfterIpLiteral, after));
    }
    Ok(after)
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` in
/// `start..end` (`start` at the `v`); the offset of the first bad byte.
const fn ipv_future(b: &[u8], start: usize, end: usize) -> Result<(), usize> {
    let mut i = start + 1;
    while i < end && HEXDIG.contains(b[i]) {
        i += 1;
    }
    if i == start + 1 || i == end || b[i] != b'.' {
        return Err(i);
    }
    i += 1;
    if i == end {
        return Err(i);
    }
    while i < end {
        if !IPV_FUTURE.contains(b[i]) {
            return Err(i);
        }
        i += 1;
    }
    Ok(())
}

/// Whether the digits `start..end` are a whole `dec-octet` (no leading
/// zero, at most 255).
const fn is_dec_octet(b: &[u8], start: usize, end: usize) -> bool {
    let len = end - start;
    if len == 0 || len > 3 || (len > 1 && b[start] == b'0') {
        return false;
    }
    let mut value = 0u32;
    let mut i = start;
    while i < end {
        if !b[i].is_ascii_digit() {
            return false;
        }
        value = value * 10 + (b[i] - b'0') as u32;
        i += 1;
    }
    value <= 255
}

/// An `IPv4address` at `start`, ending by `end`: its end, or the offset
/// of the first byte no address continues with.
const fn ipv4_tail(b: &[u8], start: usize, end: usize) -> Result<usize, usize> {
    let mut i = start;
    let mut n = 0;
    while n < 4 {
        if n > 0 {
            if i >= end || b[i] != b'.' {
                return Err(i);
            }
            i += 1;
        }
        let first = i;
        let mut value = 0u32;
        while i < end && b[i].is_ascii_digit() {
            value = value * 10 + (b[i] - b'0') as u32;
            if i - first == 3 || (i > first && b[first] == b'0') || value > 255 {
                return Err(i);
            }
            i += 1;
        }
        if i == first {
            return Err(i);
        }
        n += 1;
    }
    Ok(i)
}

/// `IPv6address` (RFC 3986 §3.2.2) in `start..end`: `Err` with the offset
/// of the first byte that cannot be part of one (`end` if it ended early).
const fn ipv6(b: &[u8], start: usize, end: usize) -> Result<(), usize> {
    let mut count = 0; // groups read
    let mut ellipsis = false;
    let mut i = start;
    if end - start >= 2 && b[start] == b':' && b[start + 1] == b':' {
        ellipsis = true;
        i += 2;
        if i == end {
            return Ok(());
        }
    } else if start < end && b[start] == b':' {
        return Err(start + 1);
    }
    loop {
        let max = if ellipsis { 7 } else { 8 };
        if count == max {
            return Err(i);
        }
        let first = i;
        while i < end && i - first < 4 && HEXDIG.contains(b[i]) {
            i += 1;
        }
        if i < end && b[i] == b'.' {
            let fits = if ellipsis { count <= 5 } else { count == 6 };
            // The digits so far must be a whole `dec-octet`: the longest
            // run of up to three digits at `first`.
            let mut d = first;
            while d < i && d - first < 3 && b[d].is_ascii_digit() {
                d += 1;
            }
            if !fits || d != i || !is_dec_octet(b, first, d) {
                return Err(i);
            }
            i = match ipv4_tail(b, first, end) {
                Ok(tail_end) => tail_end,
                Err(k) => return Err(k),
            };
            if i != end {
                return Err(i);
            }
            count += 2;
            break;
        }
        if i == first {
            return Err(i);
        }
        if i < end && HEXDIG.contains(b[i]) {
            return Err(i);
        }
        count += 1;
        if i == end {
            break;
        }
        let max = if ellipsis { 7 } else { 8 };
        if count == max || b[i] != b':' {
            return Err(i);
        }
        i += 1;
        if i < end && b[i] == b':' {
            if ellipsis {
                return Err(i);
            }
            ellipsis = true;
            i += 1;
            if i == end {
                break;
            }
        } else if i == end {
            return Err(i);
        }
    }
    if count == 8 && ellipsis {
        // `::` stands for at least one group of zeros.
        return Err(end);
    }
    if count != 8 && !ellipsis {
        return Err(end);
    }
    Ok(())
}

/// The [`Iri`](crate::Iri) of a string literal, checked by a `const fn`:
/// the checker [`iri!`](crate::iri!) calls inside a `const` item, as
/// [`uri_literal`] is for [`uri!`](crate::uri!).
///
/// The literal is checked against the `IRI` rule of RFC 3987 §2.2 with the
/// default [`ParseOptions`](crate::ParseOptions) (no bidi formatting
/// character, RFC 3987 §4.1; no zone identifier).
///
/// # Errors
///
/// The literal is not an IRI (RFC 3987 §2.2): a [`LiteralError`] with its
/// kind and byte index.
///
/// # Examples
///
/// ```
/// use uri_core::{Iri, iri_literal};
///
/// const WIKI: Result<Iri<'static>, uri_core::LiteralError> = iri_literal("https://例え.jp/道");
/// assert_eq!(WIKI.map(|iri| iri.path()), Ok("/道"));
///
/// let err = iri_literal("http://例え.jp/a b").unwrap_err();
/// assert!(err.message().starts_with("invalid IRI literal (RFC 3987 §2.2): "));
/// ```
pub const fn iri_literal(input: &'static str) -> Result<crate::Iri<'static>, LiteralError> {
    match layout(input, true) {
        Ok(layout) => Ok(crate::Iri::wrap(crate::Components::new(input, layout))),
        Err((kind, index)) => Err(LiteralError::new(kind, index, true)),
    }
}

/// An [`Iri`](crate::Iri) from a string literal checked when compiling,
/// as [`uri!`](crate::uri!) is for URIs: the `IRI` rule of RFC 3987 §2.2
/// (`ucschar` in the userinfo, host, path and fragment, and `iprivate`
/// too in the query), with the default [`ParseOptions`](crate::ParseOptions)
/// (no bidi formatting character, RFC 3987 §4.1; no zone identifier). A
/// constant: usable in `const` and `static` items; a malformed literal
/// fails the build with the error kind and byte index.
///
/// # Examples
///
/// ```
/// use uri_core::{Iri, iri};
///
/// const WIKI: Iri<'static> = iri!("https://ru.wikipedia.org/wiki/Википедия");
/// assert_eq!(WIKI.path(), "/wiki/Википедия");
/// assert_eq!(WIKI, Iri::parse("https://ru.wikipedia.org/wiki/Википедия")?);
/// # Ok::<(), uri_core::ParseError>(())
/// ```
///
/// ```compile_fail
/// const BAD: uri_core::Iri<'static> = uri_core::iri!("https://例え.jp/a b");
/// ```
#[macro_export]
macro_rules! iri {
    ($text:literal) => {{
        // The only panic of the literal macros, and never a run-time one:
        // it is the initializer of a `const` item, which the compiler
        // evaluates while compiling (a `const` is always evaluated, used
        // or not), so a bad literal stops the build with this message
        // (error E0080) and a program that compiled cannot reach it.
        const IRI: $crate::Iri<'static> = match $crate::iri_literal($text) {
            Ok(iri) => iri,
            Err(e) => panic!("{}", e.message()),
        };
        IRI
    }};
}

/// A [`Uri`](crate::Uri) from a string literal checked when compiling: an
/// invalid literal is a compile error, not a panic.
///
/// The literal is checked against the `URI` rule of RFC 3986 §3 (the
/// default [`ParseOptions`](crate::ParseOptions)) by the `const fn`
/// behind [`check_uri`], which also finds the components: the `Uri` is a
/// constant, so `uri!` works in `const` and `static` items. A malformed
/// literal fails the build with the error kind and byte index (`invalid
/// URI literal (RFC 3986 §3): InvalidHostChar at byte 10`). The
/// expression's type is `Uri<'static>`.
///
/// # Examples
///
/// ```
/// use uri_core::{Uri, uri};
///
/// const HOME: Uri<'static> = uri!("https://example.com/");
/// static API: Uri<'static> = uri!("https://api.example.com:8443/v1?x#y");
///
/// assert_eq!(HOME.host_str(), Some("example.com"));
/// assert_eq!(API.port(), Some("8443"));
/// assert_eq!(API.query(), Some("x"));
/// assert_eq!(API, Uri::parse("https://api.example.com:8443/v1?x#y")?);
/// # Ok::<(), uri_core::ParseError>(())
/// ```
///
/// An invalid literal does not compile:
///
/// ```compile_fail
/// let uri = uri_core::uri!("http://exa mple.com/");
/// ```
///
/// In a `const` item too (the message: `invalid URI literal (RFC 3986
/// §3): InvalidHostChar at byte 10`):
///
/// ```compile_fail
/// const BAD: uri_core::Uri<'static> = uri_core::uri!("http://exa mple.com/");
/// ```
///
/// ```compile_fail
/// let relative = uri_core::uri!("/no/scheme");
/// ```
#[macro_export]
macro_rules! uri {
    ($text:literal) => {{
        // Never a run-time panic: see `iri!` (a `const` initializer, so a
        // bad literal is a build error, E0080).
        const URI: $crate::Uri<'static> = match $crate::uri_literal($text) {
            Ok(uri) => uri,
            Err(e) => panic!("{}", e.message()),
        };
        URI
    }};
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::Uri;
    use proptest::prelude::*;

    #[test]
    fn layouts_agree_with_the_parser() {
        for input in [
            "a:",
            "http://a",
            "http://u@h:8/p?q#f",
            "http://[::1]:80/",
            "http://[v1.x]/",
            "http://1.2.3.4/",
            "http://1.2.3.04/",
            "s:/a?",
            "s:a#",
            "s://",
            "s://@:/",
            "mailto:a@b",
            "http://h?q",
            "http://h#f",
        ] {
            let parsed = Uri::parse(input).unwrap();
            assert_eq!(
                uri_layout(input),
                Ok(parsed.components().layout()),
                "{input}"
            );
        }
    }

    #[test]
    fn iri_layouts_agree_with_the_parser() {
        use crate::reference::Iri;
        for input in [
            "http://例え.jp/パス?キー=値#断片",
            "http://ü@ü/ü?\u{E000}#ü",
            "a:\u{E000}",
            "a:b?\u{202E}",
            "http://a/\u{FFFE}",
            "http://[::1]/é",
            "x:\u{A0}",
            "é:a",
            "http://a:é/",
            "a:/\u{10FFFD}",
            "a:?\u{10FFFD}",
            "a:#\u{E000}",
        ] {
            let parsed = Iri::parse(input)
                .map(|i| i.components().layout())
                .map_err(|e| (e.kind(), e.index()));
            assert_eq!(layout(input, true), parsed, "{input}");
        }
    }

    proptest! {
        #[test]
        fn iri_layouts_agree_with_the_parser_on_generated_text(s in "[a-z]{0,3}:(//)?[a-zé例\u{E000}\u{202E}\u{A0}%@:/?#1.]{0,16}") {
            let parsed = crate::Iri::parse(&s).map(|i| i.components().layout()).map_err(|e| (e.kind(), e.index()));
            prop_assert_eq!(layout(&s, true), parsed, "{}", s);
        }
    }

    #[test]
    fn literal_messages_name_the_kind_and_the_index() {
        let (m, len) = literal_message(Kind::InvalidPathChar, 123, false);
        let text = core::str::from_utf8(&m[..len]).unwrap();
        assert_eq!(
            text,
            "invalid URI literal (RFC 3986 §3): InvalidPathChar at byte 123"
        );
    }

    #[track_caller]
    fn agrees(input: &str) {
        let parsed = Uri::parse(input).map(drop);
        assert_eq!(check_uri(input), parsed, "input: {input:?}");
    }

    #[test]
    fn agrees_with_the_parser_on_examples() {
        for input in [
            "",
            ":",
            "a:",
            "1a:",
            "a_b:c",
            "a/b:c",
            "http:",
            "https://a",
            "http://[::1]",
            "http://[::1",
            "http://[::1]x",
            "http://[v1.x]",
            "http://[v.x]",
            "http://[fe80::1%25x]",
            "http://[1:2:3:4:5:6:7:8]",
            "http://[1:2:3:4:5:6:7:8:9]",
            "http://[::1.2.3.4]",
            "http://[::1.2.3.04]",
            "http://[1::2::3]",
            "http://[:1]",
            "http://[1:]",
            "http://u:p@h:80/p?q#f",
            "http://a@b@c",
            "http://a:b:c",
            "http://h:8a",
            "s:%",
            "s:%4",
            "s:%41",
            "s:a#b#c",
            "s:é",
            "http://[::1]:",
            "http://h?#",
            "a:b c",
            "http://[1:2:3:4:5:6:1.2.3.4]",
            "http://[1:2:3:4:5:1.2.3.4]",
            "http://[::ffff:256.1.1.1]",
        ] {
            agrees(input);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20000))]

        #[test]
        fn agrees_with_the_parser_on_generated_input(
            pieces in prop::collection::vec(prop::sample::select(&[
                "a", "Z", "0", "1", "255", "256", "0.0.0.0", "f", ":", "::", "/", "//", "?", "#",
                "@", "[", "]", "[::", "v1.", "%", "%2", "%41", "%25", ".", " ", "é", "+", "-",
                "http:", "http://", "s:", "ffff", "1.2.3.4", "12345",
            ][..]), 0..12),
        ) {
            let input = pieces.concat();
            let parsed = Uri::parse(&input).map(drop);
            prop_assert_eq!(check_uri(&input), parsed, "input: {:?}", input);
        }
    }
}
