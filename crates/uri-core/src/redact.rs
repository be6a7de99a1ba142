//! Display with the password part of the userinfo hidden (RFC 3986 §3.2.1).

use core::fmt;

use crate::Components;
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

/// The userinfo with what follows its first `:` hidden, unless that is empty.
pub(crate) fn redact_userinfo(userinfo: &str) -> RedactedUserinfo<'_> {
    RedactedUserinfo(userinfo)
}

/// See [`redact_userinfo`].
#[derive(Clone, Copy)]
pub(crate) struct RedactedUserinfo<'a>(&'a str);

impl fmt::Display for RedactedUserinfo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.split_once(':') {
            Some((user, secret)) if !secret.is_empty() => write!(f, "{user}:***"),
            _ => f.write_str(self.0),
        }
    }
}

impl fmt::Debug for RedactedUserinfo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

/// Text that may not be a valid reference (the input of a failed parse),
/// displayed with the password part of what looks like its userinfo
/// hidden: after the first `//`, up to the first `/`, `?` or `#`, the text
/// before the last `@` is read as a userinfo. It may hide more than a
/// parser would call a password, never less.
pub(crate) fn redact_text(text: &str) -> RedactedText<'_> {
    RedactedText(text)
}

/// See [`redact_text`].
#[derive(Clone, Copy)]
pub(crate) struct RedactedText<'a>(&'a str);

impl RedactedText<'_> {
    /// Where the userinfo starts and ends (before its `@`), if there is one.
    fn userinfo(&self) -> Option<(usize, usize)> {
        let start = self.0.find("//")? + 2;
        let rest = &self.0[start..];
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let at = rest[..end].rfind('@')?;
        Some((start, start + at))
    }
}

impl fmt::Display for RedactedText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.userinfo() {
            Some((start, end)) => {
                f.write_str(&self.0[..start])?;
                write!(f, "{}", redact_userinfo(&self.0[start..end]))?;
                f.write_str(&self.0[end..])
            }
            None => f.write_str(self.0),
        }
    }
}

impl fmt::Debug for RedactedText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn text_that_does_not_parse_is_redacted_too() {
        for (text, shown) in [
            ("http://u:secret@h/ x", "http://u:***@h/ x"),
            ("http://u:secret@h@i/", "http://u:***@i/"),
            ("//u:pw@h?x@y", "//u:***@h?x@y"),
            ("http://u@h", "http://u@h"),
            ("a:b@c", "a:b@c"),
            ("http://u:@h", "http://u:@h"),
            ("", ""),
        ] {
            assert_eq!(redact_text(text).to_string(), shown, "{text}");
        }
    }
}
