//! Percent-encoding normalization (RFC 3986 §6.2.2.1, §6.2.2.2).

use alloc::borrow::Cow;
use alloc::string::String;

use uri_core::grammar::UNRESERVED;

use crate::hex::{NOT_PERCENT, triplet, triplet_value};

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
    let b = input.as_bytes();
    let Some(first) = first_change(input, 0) else {
        return Cow::Borrowed(input);
    };
    let mut out = String::with_capacity(input.len());
    out.push_str(&input[..first]);
    let mut i = first;
    loop {
        // b[i] is a `%` that changes: a triplet, or a stray `%`.
        let Some(v) = triplet_value(b, i) else {
            out.push_str("%25");
            i += 1;
            match first_change(input, i) {
                Some(next) => {
                    out.push_str(&input[i..next]);
                    i = next;
                }
                None => {
                    out.push_str(&input[i..]);
                    return Cow::Owned(out);
                }
            }
            continue;
        };
        if UNRESERVED.contains(v) {
            out.push(char::from(v));
        } else {
            out.push_str(triplet(v));
        }
        i += 3;
        match first_change(input, i) {
            Some(next) => {
                out.push_str(&input[i..next]);
                i = next;
            }
            None => {
                out.push_str(&input[i..]);
                return Cow::Owned(out);
            }
        }
    }
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
        match triplet_value(b, i) {
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
