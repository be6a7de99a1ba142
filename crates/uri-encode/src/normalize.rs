//! Percent-encoding normalization (RFC 3986 §6.2.2.1, §6.2.2.2).

use alloc::borrow::Cow;
use alloc::string::String;

use crate::grammar::{UNRESERVED, is_bidi_formatting, is_ucschar};
use crate::hex::{NOT_PERCENT, triplet, triplet_at};

/// Which references a text belongs to, for what may stand in it
/// literally: a URI (RFC 3986, ASCII only) or an IRI (RFC 3987, `ucschar`
/// too). uri-core's `Spec` names its own with `Spec::SYNTAX`.
///
/// # Examples
///
/// ```
/// use uri_encode::{Syntax, normalize_for};
///
/// assert_eq!(normalize_for(Syntax::Uri, "ros%C3%A9"), "ros%C3%A9");
/// assert_eq!(normalize_for(Syntax::Iri, "ros%C3%A9"), "rosé");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Syntax {
    /// RFC 3986: every character that is not ASCII is percent-encoded.
    Uri,
    /// RFC 3987: `ucschar` (and `iprivate` in a query) may stand literally.
    Iri,
}

/// Normalizes the percent-encoding of `input`: hex digits of triplets
/// upper case (§6.2.2.1), and triplets of `unreserved` characters decoded
/// (§6.2.2.2). A `%` that starts no triplet (invalid in a URI, but this
/// takes any text) is written `%25`, so that a decoded character can never
/// join it into a new triplet (`%4%41` is `%254A`, not `%4A`); lossy
/// decoding gives the same bytes before and after. Everything else stays.
///
/// Neither change can add or remove a delimiter (an `unreserved` character
/// is never one), so this is safe on a whole URI reference as well as on a
/// single component, and the result parses with the same components.
/// Borrows `input` when it is already normal. Idempotent.
///
/// # Examples
///
/// ```
/// use uri_encode::normalize;
///
/// assert_eq!(normalize("http://a/%7euser/%2fx%3a"), "http://a/~user/%2Fx%3A");
/// assert_eq!(normalize("%41%62%25"), "Ab%25");
/// ```
pub fn normalize(input: &str) -> Cow<'_, str> {
    let Some(first) = first_change(input, 0) else {
        return Cow::Borrowed(input);
    };
    let mut out = String::with_capacity(input.len());
    out.push_str(&input[..first]);
    write_changes(input, first, &mut |piece| out.push_str(piece));
    Cow::Owned(out)
}

/// The loop of [`normalize`] from `i`, the first `%` that changes,
/// handing each piece of the result to `push`.
#[inline]
fn write_changes(input: &str, mut i: usize, push: &mut impl FnMut(&str)) {
    let b = input.as_bytes();
    loop {
        // b[i] is a `%` that changes: a triplet, or a stray `%`.
        match triplet_at(b, i) {
            None => {
                push("%25");
                i += 1;
            }
            Some(v) => {
                if UNRESERVED.contains(v) {
                    push(ascii(v));
                } else {
                    push(triplet(v));
                }
                i += 3;
            }
        }
        match first_change(input, i) {
            Some(next) => {
                push(&input[i..next]);
                i = next;
            }
            None => {
                push(&input[i..]);
                return;
            }
        }
    }
}

/// An ASCII byte as a one-byte `str`.
fn ascii(v: u8) -> &'static str {
    /// Every ASCII byte, at its own index.
    static ASCII: [u8; 128] = {
        let mut all = [0u8; 128];
        let mut i = 0;
        while i < 128 {
            all[i] = i as u8;
            i += 1;
        }
        all
    };
    let v = usize::from(v & 0x7F);
    core::str::from_utf8(&ASCII[v..=v]).unwrap_or("")
}

/// The normal form of `input` under `syntax` ([`normalize`] for URIs,
/// [`normalize_iri`] for IRIs), handed to `push` piece by piece: written
/// into the caller's buffer with no allocation of its own.
///
/// # Examples
///
/// ```
/// use uri_encode::{Syntax, normalize_with};
///
/// let mut out = String::new();
/// normalize_with(Syntax::Uri, "/%7e%2f", |piece| out.push_str(piece));
/// assert_eq!(out, "/~%2F");
/// out.clear();
/// normalize_with(Syntax::Iri, "/ros%C3%A9", |piece| out.push_str(piece));
/// assert_eq!(out, "/rosé");
/// ```
#[inline]
pub fn normalize_with(syntax: Syntax, input: &str, mut push: impl FnMut(&str)) {
    if syntax == Syntax::Iri {
        write_iri(input, &mut push);
        return;
    }
    match first_change(input, 0) {
        None => push(input),
        Some(first) => {
            push(&input[..first]);
            write_changes(input, first, &mut push);
        }
    }
}

/// [`normalize`] for an IRI: as well, triplets that spell a whole UTF-8
/// character of `iunreserved` (a `ucschar`) are decoded to it, `ros%C3%A9`
/// to `rosé`, as the example of RFC 3987 §5.3.2 does (§5.3.2.3 itself names
/// only RFC 3986's `unreserved`; `docs/spec-notes.md` has our reading).
/// `iprivate` characters stay encoded (they are not `iunreserved`). The bidirectional formatting characters
/// (`Bidi_Control`, [`grammar::is_bidi_formatting`](crate::grammar::is_bidi_formatting): U+061C, U+200E,
/// U+200F, U+202A to U+202E, U+2066 to U+2069), which §4.1 says
/// must not appear literally, stay encoded, and so does a triplet that is
/// not part of a valid UTF-8 sequence (`%FC`). The result parses as an IRI
/// with the same components. Borrows `input` when it is already normal.
///
/// # Examples
///
/// ```
/// use uri_encode::normalize_iri;
///
/// assert_eq!(normalize_iri("/ros%C3%A9/%7e"), "/rosé/~");
/// assert_eq!(normalize_iri("/%e2%80%ae/%FC"), "/%E2%80%AE/%FC");
/// assert_eq!(normalize_iri("/%d8%9c"), "/%D8%9C"); // U+061C ARABIC LETTER MARK
/// assert_eq!(normalize_iri("?%ee%80%80"), "?%EE%80%80"); // iprivate U+E000
/// ```
pub fn normalize_iri(input: &str) -> Cow<'_, str> {
    if !input.as_bytes().contains(&b'%') {
        return Cow::Borrowed(input);
    }
    let mut out = String::with_capacity(input.len());
    write_iri(input, &mut |piece| out.push_str(piece));
    if out == input {
        Cow::Borrowed(input)
    } else {
        Cow::Owned(out)
    }
}

/// The loop of [`normalize_iri`], handing each piece to `push`.
fn write_iri(input: &str, push: &mut impl FnMut(&str)) {
    let b = input.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let Some(k) = b[i..].iter().position(|&c| c == b'%') else {
            push(&input[i..]);
            return;
        };
        push(&input[i..i + k]);
        i += k;
        let Some(v) = triplet_at(b, i) else {
            push("%25");
            i += 1;
            continue;
        };
        if UNRESERVED.contains(v) {
            push(ascii(v));
            i += 3;
        } else if let Some((c, len)) = encoded_ucschar(b, i) {
            push(c.encode_utf8(&mut [0; 4]));
            i += len;
        } else {
            push(triplet(v));
            i += 3;
        }
    }
}

/// [`normalize`] or [`normalize_iri`], as `syntax` reads references.
///
/// # Examples
///
/// ```
/// use uri_encode::{Syntax, normalize_for};
///
/// assert_eq!(normalize_for(Syntax::Uri, "ros%C3%A9"), "ros%C3%A9");
/// assert_eq!(normalize_for(Syntax::Iri, "ros%C3%A9"), "rosé");
/// ```
#[inline]
pub fn normalize_for(syntax: Syntax, input: &str) -> Cow<'_, str> {
    match syntax {
        Syntax::Uri => normalize(input),
        Syntax::Iri => normalize_iri(input),
    }
}

/// The character that the triplets at `i` spell in UTF-8, and their
/// length, when it is a `ucschar` that may stand literally in an IRI.
fn encoded_ucschar(b: &[u8], i: usize) -> Option<(char, usize)> {
    let lead = triplet_at(b, i)?;
    let n = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut bytes = [0u8; 4];
    for (k, byte) in bytes.iter_mut().enumerate().take(n) {
        *byte = triplet_at(b, i + 3 * k)?;
    }
    let c = core::str::from_utf8(&bytes[..n]).ok()?.chars().next()?;
    (is_ucschar(c) && !is_bidi_formatting(c)).then_some((c, 3 * n))
}

/// The offset of the next triplet from `i` that normalization changes.
///
/// The search goes sixteen bytes at a time: most text has no `%` at all.
fn first_change(s: &str, mut i: usize) -> Option<usize> {
    let b = s.as_bytes();
    loop {
        i = NOT_PERCENT.first_outside(b, i);
        if i == b.len() {
            return None;
        }
        match triplet_at(b, i) {
            Some(v)
                if UNRESERVED.contains(v)
                    || b[i + 1].is_ascii_lowercase()
                    || b[i + 2].is_ascii_lowercase() =>
            {
                return Some(i);
            }
            Some(_) => i += 3,
            None => return Some(i),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_examples() {
        // §6.2.2.1: %3a and %3A are equivalent; upper case is normal.
        assert_eq!(normalize("%3a"), "%3A");
        // §6.2.2.2: %7E is `~`.
        assert_eq!(normalize("%7Esmith"), "~smith");
        assert_eq!(normalize("%41%5a%61%7A%30%39%2D%2E%5F%7E"), "AZaz09-._~");
    }

    #[test]
    fn borrowed_when_normal_and_idempotent() {
        for input in ["", "abc", "%2F", "%C3%A9", "%25"] {
            assert!(matches!(normalize(input), Cow::Borrowed(_)), "{input}");
        }
        // A stray `%` is escaped, so decoded characters cannot join it.
        assert_eq!(normalize("%4%41"), "%254A");
        assert_eq!(normalize("%%41%42"), "%25AB");
        assert_eq!(normalize("a%2"), "a%252");
        for input in ["%2f%7e", "%e9%%41", "%%%41", "a%2fb%zz%3a"] {
            let once = normalize(input);
            assert_eq!(normalize(&once), once, "{input}");
        }
    }

    #[test]
    fn never_decodes_a_delimiter_or_a_percent() {
        for b in 0..=255u8 {
            let input = alloc::format!("%{b:02x}");
            let out = normalize(&input);
            if UNRESERVED.contains(b) {
                assert_eq!(out.as_bytes(), [b]);
            } else {
                assert_eq!(out, alloc::format!("%{b:02X}"));
            }
        }
    }
}
