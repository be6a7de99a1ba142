//! Conversions to and from the `http` and `url` crates' types (features
//! `http` and `url`), and [`InteropError`], why one failed.
//!
//! The rule is the same in every direction: a conversion succeeds when
//! the result is the same URI as the input under scheme-based
//! normalization (RFC 3986 §6.2.3: the case of the scheme and host, a
//! default or empty port, an empty path for `http`-like schemes, dot
//! segments), and otherwise fails and says which component would change
//! meaning. Nothing else is dropped, mapped or re-encoded: a fragment, an
//! IDNA mapping, an IPv4 number, an encoded character are refused. By
//! value and by reference, both ways.
//!
//! - `http` ([`http::Uri`](::http::Uri), RFC 9110's request targets): from an
//!   `http::Uri` to a [`UriReferenceBuf`](crate::UriReferenceBuf) (or a
//!   [`UriBuf`](crate::UriBuf) when it has a scheme), and from a
//!   [`Uri`](crate::Uri), [`UriReference`](crate::UriReference) or their
//!   owned twins to an `http::Uri`. An `http::Uri` has no fragment: a
//!   reference with one fails with [`InteropErrorKind::Fragment`] (it is
//!   refused, never dropped); one that `http` would read differently
//!   (`//host/path` it reads as a path, a character it refuses, an empty
//!   path it writes `/` for a scheme other than `http`, `https`, `ws`,
//!   `wss`) fails too; an upper-case scheme it lowercases, and the empty
//!   path of `http://a`, convert.
//!   A network-path reference of an authority alone (`//host:443`) is
//!   `http`'s authority form (`host:443`), both ways.
//! - `url` ([`url::Url`](::url::Url), the WHATWG URL Standard): from a `Url` to a
//!   [`UriBuf`](crate::UriBuf), which fails only when the URL's string is
//!   not an RFC 3986 URI (WHATWG leaves `|`, `^`, `[`, `{`… unencoded in
//!   some components); and from a [`Uri`](crate::Uri) or
//!   [`UriBuf`](crate::UriBuf) to a `Url`, which fails wherever WHATWG
//!   parsing would change the URI's meaning: an empty userinfo dropped, a
//!   host read as an IPv4 number (`0x7f.1`) or mapped by IDNA, a character
//!   percent-encoded. What scheme-based normalization (RFC 3986 §6.2.3)
//!   makes equal converts, to `url`'s string: the case of the scheme and
//!   host, a default or empty port, dot segments, `http://a` written
//!   `http://a/`. (A backslash or a
//!   space, which WHATWG rewrites, cannot be in an RFC 3986 URI; a `Url`
//!   holds them already rewritten.)
//!
//! - The IRI types ([`Iri`](crate::Iri), [`IriBuf`](crate::IriBuf), and
//!   for `http` [`IriReference`](crate::IriReference) and
//!   [`IriReferenceBuf`](crate::IriReferenceBuf)) convert too, through
//!   their URI mapping (RFC 3987 §3.1: non-ASCII percent-encoded as
//!   UTF-8; for a `url::Url` of an `http`-like scheme, a Unicode host by
//!   UTS #46 `ToASCII`, as `url` writes it), then by the same rule; from
//!   the other crate, its ASCII string is a URI and so an IRI, unchanged.
//!
//! The `http` and `url` types are those of `http` 1.x and `url` 2.5.x.
//! The property tests of the workspace's `tests/conformance/interop.rs`
//! check that no conversion panics and that what converts comes back
//! with the same string, both ways.
//!
//! # Examples
//!
//! ```
//! # #[cfg(feature = "url")] {
//! use uri_core::interop::InteropErrorKind;
//! use uri_core::{Component, Uri, UriBuf};
//!
//! let url = url::Url::try_from(Uri::parse("https://example.com/a?b#c")?)?;
//! assert_eq!(url.as_str(), "https://example.com/a?b#c");
//! assert_eq!(UriBuf::try_from(&url)?, "https://example.com/a?b#c");
//!
//! // The same URI under scheme-based normalization (RFC 3986 §6.2.3): converts.
//! let url = url::Url::try_from(Uri::parse("HTTPS://example.com:443/a/../b")?)?;
//! assert_eq!(url.as_str(), "https://example.com/b");
//!
//! // IDNA or an IPv4 number would change the host: refused, with the reason.
//! let err = url::Url::try_from(Uri::parse("https://0x7f.1/")?).unwrap_err();
//! assert_eq!(err.kind(), InteropErrorKind::Changed);
//! assert_eq!(err.component(), Some(Component::Host));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;
use core::fmt;

use crate::component::Component;

use crate::error::ParseError;

#[cfg(feature = "http")]
mod http;
mod iri;
#[cfg(feature = "url")]
mod url;

/// Why a conversion to or from an `http` or `url` type failed.
///
/// [`kind`](InteropError::kind) says what went wrong,
/// [`component`](InteropError::component) which component, when one is
/// to blame, and [`parse_error`](InteropError::parse_error) where our
/// parser stopped, for [`InteropErrorKind::Invalid`]. The message never
/// repeats a userinfo.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "http")] {
/// use uri_core::interop::InteropErrorKind;
/// use uri_core::{Component, Uri};
///
/// let err = http::Uri::try_from(Uri::parse("https://example.com/a#top")?).unwrap_err();
/// assert_eq!(err.kind(), InteropErrorKind::Fragment);
/// assert_eq!(err.component(), Some(Component::Fragment));
/// assert_eq!(err.to_string(), "http::Uri cannot hold a fragment");
/// # }
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InteropError {
    kind: InteropErrorKind,
    component: Option<Component>,
    parse_error: Option<ParseError>,
    detail: String,
}

uri_encode::error_kinds! {
    crate = uri_core::interop, example = NotAbsolute;
    /// What went wrong in a conversion: the kind of an [`InteropError`].
    ///
    /// # Examples
    ///
    /// ```
    /// # #[cfg(feature = "http")] {
    /// use uri_core::UriBuf;
    /// use uri_core::interop::InteropErrorKind;
    ///
    /// let origin_form: http::Uri = "/a?b".parse()?;
    /// let err = UriBuf::try_from(&origin_form).unwrap_err();
    /// assert_eq!(err.kind(), InteropErrorKind::NotAbsolute);
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum InteropErrorKind {
        /// The other type's string is not an RFC 3986 reference
        /// ([`InteropError::parse_error`] says where it stops being one).
        Invalid => "not an RFC 3986 reference",
        /// The other type holds a relative reference (an `http::Uri` in
        /// origin or authority form) and the target needs a scheme.
        NotAbsolute => "not an absolute URI: it has no scheme",
        /// The reference has a fragment, and `http::Uri` has nowhere to keep
        /// it (RFC 9110 §4.2.5: fragments are not sent in requests).
        Fragment => "http::Uri cannot hold a fragment",
        /// The other crate refuses the string.
        Rejected => "refused by the other crate",
        /// The other crate accepts the string but would change it, or read a
        /// component differently ([`InteropError::component`] says which).
        Changed => "the other crate would change the string",
    }
}

impl InteropError {
    pub(crate) fn new(
        kind: InteropErrorKind,
        component: Option<Component>,
        detail: impl Into<String>,
    ) -> Self {
        InteropError {
            kind,
            component,
            parse_error: None,
            detail: detail.into(),
        }
    }

    pub(crate) fn invalid(error: ParseError) -> Self {
        InteropError {
            kind: InteropErrorKind::Invalid,
            component: None,
            parse_error: Some(error),
            detail: String::new(),
        }
    }

    /// What went wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// # #[cfg(feature = "url")] {
    /// use uri_core::interop::InteropErrorKind;
    ///
    /// let url = url::Url::parse("http://example.com/a|b").unwrap();
    /// let err = uri_core::UriBuf::try_from(&url).unwrap_err();
    /// assert_eq!(err.kind(), InteropErrorKind::Invalid);
    /// # }
    /// ```
    pub const fn kind(&self) -> InteropErrorKind {
        self.kind
    }

    /// The component to blame, when there is one.
    ///
    /// # Examples
    ///
    /// ```
    /// # #[cfg(feature = "url")] {
    /// use uri_core::{Component, Uri};
    ///
    /// let err = url::Url::try_from(Uri::parse("http://@a/")?).unwrap_err();
    /// assert_eq!(err.component(), Some(Component::Userinfo));
    /// # }
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub const fn component(&self) -> Option<Component> {
        self.component
    }

    /// For [`InteropErrorKind::Invalid`], why the other type's string does
    /// not parse as the target type.
    ///
    /// # Examples
    ///
    /// ```
    /// # #[cfg(feature = "url")] {
    /// use uri_core::ParseErrorKind;
    ///
    /// let url = url::Url::parse("http://example.com/a|b").unwrap();
    /// let err = uri_core::UriBuf::try_from(&url).unwrap_err();
    /// assert_eq!(err.parse_error().map(|e| e.kind()), Some(ParseErrorKind::InvalidPathChar));
    /// # }
    /// ```
    pub const fn parse_error(&self) -> Option<ParseError> {
        self.parse_error
    }
}

impl fmt::Display for InteropError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.kind, self.parse_error) {
            (InteropErrorKind::Invalid, Some(e)) => write!(f, "{}: {e}", self.kind),
            (
                InteropErrorKind::Invalid
                | InteropErrorKind::NotAbsolute
                | InteropErrorKind::Fragment,
                _,
            ) => f.write_str(self.kind.message()),
            (InteropErrorKind::Rejected, _) => write!(f, "refused: {}", self.detail),
            (InteropErrorKind::Changed, _) => match self.component {
                Some(c) => write!(f, "the {c} would change: {}", self.detail),
                None => write!(f, "the string would change: {}", self.detail),
            },
        }
    }
}

impl core::error::Error for InteropError {}

/// Compares each component as we read it with the other crate's reading;
/// the first that differs becomes an [`InteropErrorKind::Changed`] error.
/// `what` names the other crate. A userinfo is never shown.
pub(crate) fn compare(
    pairs: &[(Component, Option<&str>, Option<&str>)],
    what: &str,
) -> Result<(), InteropError> {
    let shown = |v: Option<&str>| match v {
        Some(s) => alloc::format!("`{s}`"),
        None => String::from("none"),
    };
    for &(component, ours, theirs) in pairs {
        if ours != theirs {
            let detail = if component == Component::Userinfo {
                alloc::format!("{what} reads another userinfo")
            } else {
                alloc::format!(
                    "{what} reads {} where the reference has {}",
                    shown(theirs),
                    shown(ours)
                )
            };
            return Err(InteropError::new(
                InteropErrorKind::Changed,
                Some(component),
                detail,
            ));
        }
    }
    Ok(())
}

/// Schemes whose empty path is `/` (RFC 9110 §4.2.3 for `http` and
/// `https`, RFC 6455 §3 for `ws` and `wss`): the §6.2.3 rule the
/// conversions apply. A small table, kept here because uri-core does not
/// depend on `uri-schemes`' registry.
pub(crate) fn empty_path_is_slash(scheme: Option<&str>) -> bool {
    scheme.is_some_and(|s| {
        ["http", "https", "ws", "wss"]
            .iter()
            .any(|k| k.eq_ignore_ascii_case(s))
    })
}

/// `path` without its dot segments (RFC 3986 §5.2.4), when it is
/// hierarchical (`absolute` : it begins with `/`); the same path otherwise.
/// Percent-encoded dots (`%2E`) are not read as dots: a path that holds
/// them is compared as written, and refused if the other crate reads it
/// otherwise. (uri-resolve has the full routine; uri-core cannot depend on
/// it, and the conversions need this much only.)
#[cfg(feature = "url")]
pub(crate) fn without_dot_segments(path: &str) -> alloc::borrow::Cow<'_, str> {
    let has_dots = path
        .split('/')
        .any(|segment| segment == "." || segment == "..");
    if !has_dots || !path.starts_with('/') {
        return alloc::borrow::Cow::Borrowed(path);
    }
    let mut out: alloc::vec::Vec<&str> = alloc::vec::Vec::new();
    let segments: alloc::vec::Vec<&str> = path[1..].split('/').collect();
    let last = segments.len() - 1;
    for (i, segment) in segments.iter().enumerate() {
        match *segment {
            "." => {
                if i == last {
                    out.push("");
                }
            }
            ".." => {
                out.pop();
                if i == last {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    let mut result = String::from("/");
    result.push_str(&out.join("/"));
    alloc::borrow::Cow::Owned(result)
}

/// `ours` in `theirs`' case when they differ only in ASCII case.
pub(crate) fn lower_if_equal<'a>(ours: &'a str, theirs: &'a str) -> alloc::borrow::Cow<'a, str> {
    if ours != theirs && ours.eq_ignore_ascii_case(theirs) {
        alloc::borrow::Cow::Borrowed(theirs)
    } else {
        alloc::borrow::Cow::Borrowed(ours)
    }
}

#[cfg(all(test, feature = "url"))]
mod tests {
    use super::without_dot_segments;

    #[test]
    fn dot_segments_as_in_rfc_3986_5_2_4() {
        for (path, want) in [
            ("/a/b/c/./../../g", "/a/g"),
            ("/a/..", "/"),
            ("/a/.", "/a/"),
            ("/../a", "/a"),
            ("/a/b", "/a/b"),
            ("a/../b", "a/../b"),
            ("/a/%2E%2E/b", "/a/%2E%2E/b"),
        ] {
            assert_eq!(without_dot_segments(path), want, "{path}");
        }
    }
}
