//! Hiding passwords in what the command shows (RFC 3986 §3.2.1:
//! "Applications should not render as clear text any data after the first
//! colon (":") character found within a userinfo subcomponent unless the
//! data after the colon is the empty string").
//!
//! One rule, the library's ([`urikit::password_spans`]), for every text
//! that repeats what the user gave: caret errors, `check` reports, tables,
//! diagrams, and the echo fields of JSON lines (`input`, `a`, `b`, `ref`,
//! `base`, `target` of `relativize`). It holds for input that does not
//! parse: after a prefix, in quotes or brackets, several URLs on a line, a
//! password holding `#`, `/`, `?`, white space or non-ASCII characters.
//! Computed results (a resolved target, a normalized or edited reference,
//! the output of `to-uri`, `to-iri`, `encode`, `decode`) are the data
//! asked for and stay exact. `--show-password` turns the rule off.

use std::borrow::Cow;

use urikit::{RedactedText, RiReference, Spec, redact_bytes};

use crate::settings;

/// What replaces a password.
pub(crate) const MASK: &str = urikit::MASK;

/// `text` as the command shows what a user gave: every span that may hold
/// a password as [`MASK`], unless `--show-password`.
pub(crate) fn shown(text: &str) -> Cow<'_, str> {
    if settings::get().show_password {
        return Cow::Borrowed(text);
    }
    // One pass of the rule; the spans lie at character boundaries, so the
    // masked bytes are UTF-8 (`from_utf8_lossy` then copies them as they
    // are).
    match redact_bytes(text.as_bytes()) {
        Cow::Borrowed(_) => Cow::Borrowed(text),
        Cow::Owned(bytes) => Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
    }
}

/// [`shown`] for the bytes of an input, which may not be UTF-8, given as
/// text with each bad UTF-8 sequence replaced by U+FFFD.
pub(crate) fn shown_lossy(bytes: &[u8]) -> Cow<'_, str> {
    if settings::get().show_password {
        return String::from_utf8_lossy(bytes);
    }
    match redact_bytes(bytes) {
        Cow::Borrowed(bytes) => String::from_utf8_lossy(bytes),
        Cow::Owned(bytes) => Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
    }
}

/// [`shown`] for the start of a text cut short (the first bytes of an
/// over-long line): a password that has begun is hidden to the end.
pub(crate) fn shown_prefix(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    if settings::get().show_password {
        return text.into_owned();
    }
    RedactedText::of_prefix(&text).to_string()
}

/// `reference` as the command shows it: parsed again from its [`shown`]
/// text, held by `masked` (so that every component, the path and query
/// too, has what may be a password as [`MASK`]); `reference` itself when
/// nothing is hidden. `masked` must be `shown(reference.as_str())`.
pub(crate) fn shown_reference<'a, S: Spec>(
    reference: RiReference<'a, S>,
    masked: &'a str,
) -> RiReference<'a, S> {
    if masked == reference.as_str() {
        return reference;
    }
    // The mask is three `*`, which every component that may hold a
    // password allows; a text that would not parse again keeps the
    // reference, whose userinfo the views still hide.
    RiReference::parse_with(
        masked,
        settings::get().parse_options().allow_bidi_formatting(true),
    )
    .unwrap_or(reference)
}

/// A userinfo with what follows its first `:` replaced by [`MASK`], unless
/// that is empty: [`urikit::redact_userinfo`], borrowed when
/// nothing is hidden.
pub(crate) fn redact_userinfo(userinfo: &str) -> Cow<'_, str> {
    urikit::redact_userinfo(userinfo).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_that_do_not_parse() {
        assert_eq!(shown("ftp://me:secret@h/f"), "ftp://me:***@h/f");
        assert_eq!(shown("ftp://me@h/f"), "ftp://me@h/f");
        assert_eq!(shown(" <https://u:p#w@h/>"), " <https://u:***@h/>");
        assert_eq!(
            shown_lossy(b"http://u:pw@h/\xff"),
            "http://u:***@h/\u{FFFD}"
        );
        assert_eq!(shown_prefix(b"https://u:s3c"), "https://u:***");
    }

    #[test]
    fn references_are_shown_parsed_again() {
        let input = "http:/u:pw@h/";
        let reference = urikit::UriReference::parse(input).unwrap();
        let masked = shown(input);
        let shown = shown_reference(reference, &masked);
        assert_eq!(shown.path(), "/u:***@h/");
    }

    #[test]
    fn userinfo() {
        assert_eq!(redact_userinfo("me:secret:x"), "me:***");
        assert_eq!(redact_userinfo("me:"), "me:");
        assert_eq!(redact_userinfo("me"), "me");
    }
}
