//! Small text helpers: percent-normalization for comparing, escaping for
//! messages, and masking what may be a password.

use uri_core::MASK;

/// `text` with its triplets' hex digits upper case and the triplets of
/// unreserved characters decoded (RFC 3986 §6.2.2.1, §6.2.2.2); a `%`
/// that starts no triplet is kept.
pub(crate) fn pct_normalize(text: &str) -> String {
    uri_encode::normalize(text).into_owned()
}

/// `text` percent-decoded, for comparing two readings' userinfo.
pub(crate) fn decoded(text: &str) -> Vec<u8> {
    uri_encode::decode_lossy(text).into_owned()
}

/// `text` for a message: controls, spaces other than ` ` and invisible
/// characters escaped as Rust writes them, and a backtick as `\``, so a
/// message stays one line and every byte shows.
pub(crate) fn show(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '`' {
            out.push_str("\\`");
        } else if c != ' ' && uri_core::Caret::escapes(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` with every occurrence of each secret replaced by [`MASK`].
pub(crate) fn mask(text: &mut String, secrets: &[String]) {
    for secret in secrets {
        if !secret.is_empty() && text.contains(secret.as_str()) {
            *text = text.replace(secret.as_str(), MASK);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn show_escapes_what_does_not_show() {
        assert_eq!(show("a\tb`c"), "a\\tb\\`c");
        assert_eq!(show("é"), "é");
    }

    #[test]
    fn mask_hides_every_secret() {
        let mut t = String::from("/u:pw@h/pw");
        mask(&mut t, &["pw".into(), String::new()]);
        assert_eq!(t, "/u:***@h/***");
    }
}
