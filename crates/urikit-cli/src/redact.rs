//! Hiding passwords in human views (RFC 3986 §3.2.1: "Applications should
//! not render as clear text any data after the first colon (":") character
//! found within a userinfo subcomponent unless the data after the colon is
//! the empty string").
//!
//! The library's `Redacted` does this for a reference that parsed; the
//! functions here also find the userinfo of an input that did not parse,
//! so that a caret error or a `check` report does not print it either. The
//! authority is looked for as RFC 3986 §3.2 delimits it: after `//`, which
//! follows the scheme's `:` or starts the input, up to the first `/`, `?`,
//! `#` or the end; the userinfo is what comes before its last `@`.

use std::borrow::Cow;

/// What replaces a password.
pub(crate) const MASK: &str = "***";

/// Where the password of `input` lies: the byte range after the first `:`
/// of its userinfo, when that is not empty.
pub(crate) fn password_range(input: &[u8]) -> Option<(usize, usize)> {
    let after_scheme = scheme_end(input).map_or(0, |colon| colon + 1);
    let rest = input.get(after_scheme..)?;
    if !rest.starts_with(b"//") {
        return None;
    }
    let start = after_scheme + 2;
    let end = input[start..]
        .iter()
        .position(|&b| matches!(b, b'/' | b'?' | b'#'))
        .map_or(input.len(), |k| start + k);
    let at = start + input[start..end].iter().rposition(|&b| b == b'@')?;
    let colon = start + input[start..at].iter().position(|&b| b == b':')?;
    (colon + 1 < at).then_some((colon + 1, at))
}

/// The offset of the `:` that ends a scheme at the start of `input`, if it
/// starts with one (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`).
fn scheme_end(input: &[u8]) -> Option<usize> {
    if !input.first()?.is_ascii_alphabetic() {
        return None;
    }
    let end = input
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))?;
    (input[end] == b':').then_some(end)
}

/// `input` with its password replaced by [`MASK`], and `index`, a byte
/// offset in `input`, moved to the same place in the result (to the mask
/// when it pointed into the password). Unchanged without a password.
///
/// # Examples
///
/// `redact(b"http://u:pw@h/ x", 14)` is `(b"http://u:***@h/ x", 15)`.
pub(crate) fn redact(input: &[u8], index: usize) -> (Cow<'_, [u8]>, usize) {
    let Some((start, end)) = password_range(input) else {
        return (Cow::Borrowed(input), index);
    };
    let mut out = Vec::with_capacity(input.len() + MASK.len());
    out.extend_from_slice(&input[..start]);
    out.extend_from_slice(MASK.as_bytes());
    out.extend_from_slice(&input[end..]);
    let index = if index < start {
        index
    } else if index < end {
        start
    } else {
        index - (end - start) + MASK.len()
    };
    (Cow::Owned(out), index)
}

/// `text` with its password replaced by [`MASK`].
pub(crate) fn redact_str(text: &str) -> Cow<'_, str> {
    match password_range(text.as_bytes()) {
        Some((start, end)) => Cow::Owned(format!("{}{MASK}{}", &text[..start], &text[end..])),
        None => Cow::Borrowed(text),
    }
}

/// A userinfo with what follows its first `:` replaced by [`MASK`], unless
/// that is empty.
pub(crate) fn redact_userinfo(userinfo: &str) -> Cow<'_, str> {
    match userinfo.split_once(':') {
        Some((user, password)) if !password.is_empty() => Cow::Owned(format!("{user}:{MASK}")),
        _ => Cow::Borrowed(userinfo),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_password_of_valid_and_invalid_inputs() {
        assert_eq!(password_range(b"http://u:pw@h/"), Some((9, 11)));
        assert_eq!(password_range(b"//u:pw@h"), Some((4, 6)));
        assert_eq!(password_range(b"http://u:p w@h b/"), Some((9, 12)));
        assert_eq!(password_range(b"http://u:@h/"), None);
        assert_eq!(password_range(b"http://u@h/"), None);
        assert_eq!(password_range(b"http://h/u:p@x"), None);
        assert_eq!(password_range(b"mailto:u:p@h"), None);
        assert_eq!(password_range(b"a:b@c//d"), None);
        assert_eq!(password_range(b""), None);
        assert_eq!(password_range(b"1http://u:p@h"), None);
    }

    #[test]
    fn moves_the_index() {
        let input = b"http://u:pw@h/ x";
        assert_eq!(
            redact(input, 14),
            (Cow::Owned(b"http://u:***@h/ x".to_vec()), 15)
        );
        assert_eq!(redact(input, 10).1, 9);
        assert_eq!(redact(input, 3).1, 3);
        assert_eq!(
            redact(b"http://a b", 8),
            (Cow::Borrowed(&b"http://a b"[..]), 8)
        );
    }

    #[test]
    fn strings_and_userinfo() {
        assert_eq!(redact_str("ftp://me:secret@h/f"), "ftp://me:***@h/f");
        assert_eq!(redact_str("ftp://me@h/f"), "ftp://me@h/f");
        assert_eq!(redact_userinfo("me:secret:x"), "me:***");
        assert_eq!(redact_userinfo("me:"), "me:");
        assert_eq!(redact_userinfo("me"), "me");
    }
}
