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

use crate::error::ParseError;
use crate::error::ParseErrorKind as Kind;
use crate::grammar::{
    ALPHA, CharClass, FRAGMENT, HEXDIG, IPV_FUTURE, PATH, QUERY, REG_NAME, SCHEME, USERINFO,
};

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
    match check(input) {
        Ok(()) => Ok(()),
        Err((kind, index)) => Err(ParseError::new(kind, index)),
    }
}

/// [`check_uri`] with the error as its two parts, which the scans below
/// pass along.
const fn check(input: &str) -> Result<(), (Kind, usize)> {
    let b = input.as_bytes();
    let n = b.len();
    let scheme_end = match scheme(b) {
        Ok(end) => end,
        Err(e) => return Err(e),
    };
    let mut i = scheme_end + 1;
    if i + 1 < n && b[i] == b'/' && b[i + 1] == b'/' {
        i = match authority(b, i + 2) {
            Ok(end) => end,
            Err(e) => return Err(e),
        };
    }
    i = match scan(
        b,
        i,
        n,
        &PATH,
        &CharClass::new(b"?#"),
        Kind::InvalidPathChar,
    ) {
        Ok(end) => end,
        Err(e) => return Err(e),
    };
    if i < n && b[i] == b'?' {
        i = match scan(
            b,
            i + 1,
            n,
            &QUERY,
            &CharClass::new(b"#"),
            Kind::InvalidQueryChar,
        ) {
            Ok(end) => end,
            Err(e) => return Err(e),
        };
    }
    if i < n {
        // b[i] == b'#'
        if let Err(e) = scan(b, i + 1, n, &FRAGMENT, &NO_STOPS, Kind::InvalidFragmentChar) {
            return Err(e);
        }
    }
    Ok(())
}

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

/// Scans `from..end` for bytes of `class` and `pct-encoded` triplets; stops
/// at a byte of `stops` (its offset) or at `end`; any other byte is `error`.
const fn scan(
    b: &[u8],
    from: usize,
    end: usize,
    class: &CharClass,
    stops: &CharClass,
    error: Kind,
) -> Result<usize, (Kind, usize)> {
    let mut i = from;
    while i < end {
        let c = b[i];
        if class.contains(c) {
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

/// `authority` from `start` (after `//`); its end, where the path starts.
const fn authority(b: &[u8], start: usize) -> Result<usize, (Kind, usize)> {
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
        ) {
            return Err(e);
        }
        host_start = at + 1;
    }
    let host_end = if host_start < end && b[host_start] == b'[' {
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
    Ok(end)
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

/// A [`Uri`](crate::Uri) from a string literal checked when compiling: an
/// invalid literal is a compile error, not a panic.
///
/// The literal is checked against the `URI` rule of RFC 3986 §3 (the
/// default [`ParseOptions`](crate::ParseOptions)) by
/// [`check_uri`], a `const fn`, in a constant; the `Uri` itself is
/// made at run time by [`Uri::from_static`](crate::Uri::from_static),
/// which cannot fail after that check. The expression's type is
/// `Uri<'static>`.
///
/// # Examples
///
/// ```
/// let uri = uri_core::uri!("https://example.com/a?b#c");
/// assert_eq!(uri.host_str(), Some("example.com"));
/// assert_eq!(uri.query(), Some("b"));
/// ```
///
/// An invalid literal does not compile:
///
/// ```compile_fail
/// let uri = uri_core::uri!("http://exa mple.com/");
/// ```
///
/// ```compile_fail
/// let relative = uri_core::uri!("/no/scheme");
/// ```
#[macro_export]
macro_rules! uri {
    ($text:literal) => {{
        const _: () = ::core::assert!(
            $crate::check_uri($text).is_ok(),
            ::core::concat!("invalid URI literal (RFC 3986 §3): ", $text),
        );
        $crate::Uri::from_static($text)
    }};
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Uri;
    use proptest::prelude::*;

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
