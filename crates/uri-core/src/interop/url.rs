//! `url::Url` to and from uri-core's URI types (feature `url`).
//!
//! A `url::Url` is the result of WHATWG URL parsing, which rewrites what
//! it reads (RFC 3986 never does). So: from a `Url`, its string is parsed
//! as an RFC 3986 URI, unchanged; to a `Url`, the URI's string is parsed
//! by `url` and the result must have the same string and components.

use alloc::format;
use alloc::string::String;

use super::{InteropError, InteropErrorKind, compare};
use crate::{Component, Uri, UriBuf};

impl TryFrom<url::Url> for UriBuf {
    type Error = InteropError;

    /// The URL's string as a URI, kept as it is (no copy).
    ///
    /// # Errors
    ///
    /// [`InteropErrorKind::Invalid`] when the string is not an RFC 3986
    /// URI: WHATWG leaves some characters unencoded that RFC 3986 does not
    /// allow (`|`, `^`, `{`, `}`, `[`, `]`… in a path, query or fragment).
    fn try_from(url: url::Url) -> Result<Self, InteropError> {
        UriBuf::parse(String::from(url)).map_err(|e| InteropError::invalid(e.error()))
    }
}

impl TryFrom<&url::Url> for UriBuf {
    type Error = InteropError;

    /// The URL's string as a URI, copied.
    ///
    /// # Errors
    ///
    /// As for the conversion from an owned [`url::Url`].
    fn try_from(url: &url::Url) -> Result<Self, InteropError> {
        UriBuf::parse(url.as_str()).map_err(|e| InteropError::invalid(e.error()))
    }
}

impl TryFrom<Uri<'_>> for url::Url {
    type Error = InteropError;

    /// The URI as a WHATWG URL, when `url` reads it without changing it.
    ///
    /// # Errors
    ///
    /// [`InteropErrorKind::Rejected`] when `url` refuses the string (an
    /// invalid port or IPv4 address by WHATWG's rules, a forbidden host
    /// code point); [`InteropErrorKind::Changed`], naming the component,
    /// when it would change it: the case of the scheme or host, IDNA,
    /// a default port, dot segments, percent-encoding, an empty path
    /// written `/`, an empty userinfo or port dropped.
    fn try_from(uri: Uri<'_>) -> Result<Self, InteropError> {
        let url = url::Url::parse(uri.as_str()).map_err(|e| {
            InteropError::new(InteropErrorKind::Rejected, None, format!("url: {e}"))
        })?;
        let userinfo = match (url.username(), url.password()) {
            ("", None) => None,
            (user, None) => Some(String::from(user)),
            (user, Some(password)) => Some(format!("{user}:{password}")),
        };
        let port = url.port().map(|p| format!("{p}"));
        // `url` gives no host for the empty host of `foo://`.
        let host = url.host_str().or(url.has_authority().then_some(""));
        compare(
            &[
                (Component::Scheme, Some(uri.scheme()), Some(url.scheme())),
                (Component::Userinfo, uri.userinfo(), userinfo.as_deref()),
                (Component::Host, uri.host_str(), host),
                (Component::Port, uri.port(), port.as_deref()),
                (Component::Path, Some(uri.path()), Some(url.path())),
                (Component::Query, uri.query(), url.query()),
                (Component::Fragment, uri.fragment(), url.fragment()),
            ],
            "url",
        )?;
        if url.as_str() != uri.as_str() {
            return Err(InteropError::new(
                InteropErrorKind::Changed,
                None,
                "url writes it otherwise",
            ));
        }
        Ok(url)
    }
}

impl TryFrom<&UriBuf> for url::Url {
    type Error = InteropError;

    /// The URI as a WHATWG URL; see the conversion from [`Uri`].
    ///
    /// # Errors
    ///
    /// As for [`Uri`].
    fn try_from(uri: &UriBuf) -> Result<Self, InteropError> {
        url::Url::try_from(uri.as_uri())
    }
}
