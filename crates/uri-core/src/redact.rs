//! Display with the password part of the userinfo hidden (RFC 3986 §3.2.1):
//! of a parsed reference ([`Redacted`]), and of any text, which may not
//! parse ([`password_spans`], [`RedactedText`], [`redact_bytes`]).

use alloc::borrow::Cow;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use crate::components::Components;
use crate::spec::{Spec, UriSpec};

/// A reference displayed with everything after the first `:` of its userinfo
/// replaced by `***`.
///
/// RFC 3986 §3.2.1: "Applications should not render as clear text any data
/// after the first colon (":") character found within a userinfo subcomponent
/// unless the data after the colon is the empty string." `Debug` on every
/// reference type uses this view; `Display` stays exact.
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
///
/// let uri = Uri::parse("ftp://user:secret@host/file")?;
/// assert_eq!(uri.redacted().to_string(), "ftp://user:***@host/file");
/// assert_eq!(format!("{uri:?}"), r#"Uri("ftp://user:***@host/file")"#);
/// assert_eq!(uri.to_string(), "ftp://user:secret@host/file");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Redacted<'a, S: Spec = UriSpec> {
    parts: Components<'a, S>,
}

impl<'a, S: Spec> Redacted<'a, S> {
    /// The redacted view of `parts`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Redacted, UriReference};
    ///
    /// let r = UriReference::parse("//a:b@c")?;
    /// assert_eq!(Redacted::new(r.components()).to_string(), "//a:***@c");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub const fn new(parts: Components<'a, S>) -> Self {
        Redacted { parts }
    }
}

impl<S: Spec> fmt::Display for Redacted<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let input = self.parts.as_str();
        let layout = self.parts.layout();
        let Some(userinfo) = self.parts.userinfo() else {
            return f.write_str(input);
        };
        f.write_str(&input[..layout.auth_start])?;
        write!(f, "{}", redact_userinfo(userinfo))?;
        f.write_str(&input[layout.host_start - 1..])
    }
}

impl<S: Spec> fmt::Debug for Redacted<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

/// A userinfo shown with what follows its first `:` replaced by [`MASK`],
/// unless that is empty: what [`Redacted`] writes for the userinfo of a
/// parsed reference, for a caller that shows the userinfo alone.
///
/// RFC 3986 §3.2.1: "Applications should not render as clear text any
/// data after the first colon (":") character found within a userinfo
/// subcomponent unless the data after the colon is the empty string."
///
/// # Examples
///
/// ```
/// use std::borrow::Cow;
/// use uri_core::{Uri, redact_userinfo};
///
/// let uri = Uri::parse("ftp://me:secret:x@example.com/")?;
/// let userinfo = uri.userinfo().unwrap_or_default();
/// assert_eq!(redact_userinfo(userinfo).to_string(), "me:***");
/// assert_eq!(redact_userinfo("me:").to_string(), "me:");
/// // Borrowed when nothing is hidden.
/// assert!(matches!(Cow::from(redact_userinfo("me")), Cow::Borrowed("me")));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn redact_userinfo(userinfo: &str) -> RedactedUserinfo<'_> {
    RedactedUserinfo(userinfo)
}

/// A userinfo that displays with its password hidden: see
/// [`redact_userinfo`] (RFC 3986 §3.2.1). `Debug` writes the same text in
/// quotes; [`Cow::from`] gives the text, borrowed when nothing is hidden.
///
/// # Examples
///
/// ```
/// let shown = uri_core::redact_userinfo("user:pass");
/// assert_eq!(format!("{shown} {shown:?}"), "user:*** \"user:***\"");
/// ```
#[derive(Clone, Copy)]
pub struct RedactedUserinfo<'a>(&'a str);

impl<'a> RedactedUserinfo<'a> {
    /// The user, when there is a password to hide (what follows the first
    /// `:`, not empty).
    fn user_of_hidden(self) -> Option<&'a str> {
        match self.0.split_once(':') {
            Some((user, secret)) if !secret.is_empty() => Some(user),
            _ => None,
        }
    }
}

impl fmt::Display for RedactedUserinfo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.user_of_hidden() {
            Some(user) => write!(f, "{user}:{MASK}"),
            None => f.write_str(self.0),
        }
    }
}

impl fmt::Debug for RedactedUserinfo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // As `str`'s `Debug`: quoted, with `"` and `\` escaped.
        fmt::Debug::fmt(&*Cow::from(*self), f)
    }
}

impl<'a> From<RedactedUserinfo<'a>> for Cow<'a, str> {
    /// The userinfo as shown: borrowed when nothing is hidden.
    fn from(shown: RedactedUserinfo<'a>) -> Self {
        match shown.user_of_hidden() {
            Some(user) => Cow::Owned(alloc::format!("{user}:{MASK}")),
            None => Cow::Borrowed(shown.0),
        }
    }
}

/// What replaces a password: `***`, as [`Redacted`] writes it.
pub const MASK: &str = "***";

/// The byte ranges of `text` that may hold a password, for text that may
/// not parse: a line of a log, a URL in quotes or angle brackets, after
/// `url=` or in a CSV field, several URLs on a line, or a URL whose
/// password holds `#`, `/`, `?`, white space or non-ASCII characters.
///
/// RFC 3986 §3.2.1: "Applications should not render as clear text any
/// data after the first colon (":") character found within a userinfo
/// subcomponent unless the data after the colon is the empty string." A
/// parser knows the userinfo of a valid reference ([`Redacted`]); this
/// rule finds what any reader could take for one, and when in doubt hides
/// more. The host after the `@` always stays visible. The rule:
///
/// 1. **URLs.** The text is cut before each `scheme:/` that begins the
///    text or follows white space or one of ``"'<>()[]{},;=|` `` (a new
///    URL on the line); each piece is read alone.
/// 2. **Authorities** begin after two or more slashes (`//`, wherever they
///    stand, after any prefix: ` https://`, `1http://`, `my_app://`), after
///    one slash that follows a colon (`http:/u:p@h`, `http:\\u:p@h`), and
///    after the colon of `http`, `https`, `ws`, `wss`, `ftp` or `file`
///    when no slash follows (`http:u:p@h`, which the WHATWG parser reads
///    as `http://u:p@h/`), or of `sip` and `sips`, whose userinfo follows
///    it (RFC 3261 §19.1.1: `sip:alice:secretword@atlanta.com`). `\` counts as a slash; so do the look-alikes
///    U+FF0F `／`, U+FF3C `＼` and U+FE68 `﹨`, as U+FF1A `：` and U+FE55
///    `﹕` count as a colon and U+FF20 `＠` and U+FE6B `﹫` as an `@`.
/// 3. **The password** begins after the authority's first colon, if that
///    comes before a slash, `?`, `#` or white space (which end a clean
///    authority), and is not a port: digits followed by one of those.
/// 4. **It ends** at the last `@` before the end of the clean authority;
///    when there is none (the password holds one of those characters), at
///    the last `@` of the word (up to white space) that holds the next
///    `@`. With no `@` at all, nothing is hidden: there is no userinfo.
///    An authority that opens with `[` (an IP literal) has a userinfo only
///    in the first case.
///
/// Spans come in order and never overlap. The rule reads every byte a
/// bounded number of times: linear time, whatever the text. For the start
/// of a text cut short, see [`PasswordSpans::of_prefix`].
///
/// # Examples
///
/// ```
/// use uri_core::password_spans;
///
/// let line = b"<https://user:p#ss@example.com/>";
/// let spans: Vec<_> = password_spans(line).collect();
/// assert_eq!(spans, [14..18]);
/// assert_eq!(&line[14..18], b"p#ss");
///
/// // Two URLs on a line: each is read alone.
/// let line = b"https://example.com/ https://u:s3cret@example.com/";
/// let spans: Vec<_> = password_spans(line).collect();
/// assert_eq!(&line[spans[0].clone()], b"s3cret");
///
/// // A port is not a password.
/// assert_eq!(password_spans(b"http://h:80/a@b c").count(), 0);
/// ```
pub fn password_spans(text: &[u8]) -> PasswordSpans {
    PasswordSpans {
        spans: text::spans(text, false).into_iter(),
    }
}

/// The password spans of a text, in order; made by [`password_spans`] or
/// [`PasswordSpans::of_prefix`].
///
/// # Examples
///
/// ```
/// let mut spans = uri_core::password_spans(b"ftp://me:pw@host/");
/// assert_eq!(spans.next(), Some(9..11));
/// assert_eq!(spans.next(), None);
/// ```
#[derive(Debug, Clone)]
pub struct PasswordSpans {
    spans: alloc::vec::IntoIter<Range<usize>>,
}

impl PasswordSpans {
    /// The password spans of `text`, the start of a longer text that was
    /// cut short (the first bytes of an over-long line): as
    /// [`password_spans`], but a password that has begun and not ended
    /// (no `@` follows) is hidden to the end, since its `@` may lie in the
    /// part cut off.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::PasswordSpans;
    ///
    /// let start = b"https://user:s3cr";
    /// assert_eq!(PasswordSpans::of_prefix(start).collect::<Vec<_>>(), [13..17]);
    /// assert_eq!(uri_core::password_spans(start).count(), 0);
    /// ```
    pub fn of_prefix(text: &[u8]) -> PasswordSpans {
        PasswordSpans {
            spans: text::spans(text, true).into_iter(),
        }
    }
}

impl Iterator for PasswordSpans {
    type Item = Range<usize>;

    fn next(&mut self) -> Option<Range<usize>> {
        self.spans.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.spans.size_hint()
    }
}

impl ExactSizeIterator for PasswordSpans {}

/// `text` with every span of [`password_spans`] replaced by [`MASK`];
/// borrowed when there is none. For bytes that may not be UTF-8 (a line
/// read from a file); [`RedactedText`] is the same for `str`.
///
/// # Examples
///
/// ```
/// use uri_core::redact_bytes;
///
/// assert_eq!(&*redact_bytes(b"url=http://u:pw@h/ \xff"), b"url=http://u:***@h/ \xff");
/// assert_eq!(&*redact_bytes(b"http://h/"), b"http://h/");
/// ```
pub fn redact_bytes(text: &[u8]) -> Cow<'_, [u8]> {
    mask(text, password_spans(text), 0).0
}

/// `text` with `spans` replaced by [`MASK`], and `index`, an offset in
/// `text`, moved to the same place in the result (to the mask when it
/// pointed into a span).
pub(crate) fn mask(text: &[u8], spans: PasswordSpans, index: usize) -> (Cow<'_, [u8]>, usize) {
    if spans.len() == 0 {
        return (Cow::Borrowed(text), index);
    }
    let mut out = Vec::with_capacity(text.len() + MASK.len());
    let mut copied = 0;
    let mut moved = index;
    for span in spans {
        out.extend_from_slice(&text[copied..span.start]);
        if index >= span.start && index < span.end {
            moved = out.len();
        } else if index >= span.end {
            moved = index - span.end + out.len() + MASK.len();
        }
        out.extend_from_slice(MASK.as_bytes());
        copied = span.end;
    }
    out.extend_from_slice(&text[copied..]);
    (Cow::Owned(out), moved)
}

/// Text that may not be a valid reference, displayed with every span of
/// [`password_spans`] replaced by [`MASK`]: for error messages, logs and
/// echoes of what a user gave.
///
/// # Examples
///
/// ```
/// use uri_core::RedactedText;
///
/// let line = " https://user:s3cret@example.com/ x";
/// assert_eq!(RedactedText::new(line).to_string(), " https://user:***@example.com/ x");
/// assert_eq!(RedactedText::new("http://h/p").to_string(), "http://h/p");
/// ```
#[derive(Clone, Copy)]
pub struct RedactedText<'a> {
    text: &'a str,
    prefix: bool,
}

impl<'a> RedactedText<'a> {
    /// The redacted view of `text`.
    ///
    /// # Examples
    ///
    /// ```
    /// let shown = uri_core::RedactedText::new("\"ftp://me:pw@h/\"");
    /// assert_eq!(format!("{shown}"), "\"ftp://me:***@h/\"");
    /// ```
    pub const fn new(text: &'a str) -> Self {
        RedactedText {
            text,
            prefix: false,
        }
    }

    /// The redacted view of `text`, the start of a longer text that was
    /// cut short; see [`PasswordSpans::of_prefix`].
    ///
    /// # Examples
    ///
    /// ```
    /// let shown = uri_core::RedactedText::of_prefix("https://me:pass");
    /// assert_eq!(shown.to_string(), "https://me:***");
    /// ```
    pub const fn of_prefix(text: &'a str) -> Self {
        RedactedText { text, prefix: true }
    }

    /// The spans hidden.
    ///
    /// # Examples
    ///
    /// ```
    /// let shown = uri_core::RedactedText::new("//a:b@c");
    /// assert_eq!(shown.spans().collect::<Vec<_>>(), [4..5]);
    /// ```
    pub fn spans(&self) -> PasswordSpans {
        if self.prefix {
            PasswordSpans::of_prefix(self.text.as_bytes())
        } else {
            password_spans(self.text.as_bytes())
        }
    }
}

impl fmt::Display for RedactedText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut copied = 0;
        for span in self.spans() {
            // Spans begin after a mark and end at one: at character
            // boundaries.
            f.write_str(self.text.get(copied..span.start).unwrap_or_default())?;
            f.write_str(MASK)?;
            copied = span.end;
        }
        f.write_str(self.text.get(copied..).unwrap_or_default())
    }
}

impl fmt::Debug for RedactedText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", alloc::string::ToString::to_string(self))
    }
}

mod text;

#[cfg(test)]
mod tests;
