//! `url::Url` to and from uri-core's URI types (feature `url`).
//!
//! A `url::Url` is the result of WHATWG URL parsing, which rewrites what
//! it reads (RFC 3986 never does). So: from a `Url`, its string is parsed
//! as an RFC 3986 URI, unchanged; to a `Url`, the URI's string is parsed
//! by `url` and the result must be the same URI under scheme-based
//! normalization (RFC 3986 §6.2.3), component by component.

use alloc::format;
use alloc::string::String;

use super::{
    InteropError, InteropErrorKind, compare, empty_path_is_slash, lower_if_equal,
    without_dot_segments,
};
use crate::component::Component;
use crate::owned::UriBuf;
use crate::reference::Uri;

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

    /// The URI as a WHATWG URL, when the URL `url` reads is the same URI
    /// under scheme-based normalization (RFC 3986 §6.2.3): the scheme and
    /// host in another case (§6.2.2.1), a default or empty port dropped
    /// (§3.2.3), an empty path written `/` (for `http`, `https`, `ws`,
    /// `wss`), dot segments removed (§6.2.2.3). The `Url`'s string is
    /// then `url`'s, not the input.
    ///
    /// # Errors
    ///
    /// [`InteropErrorKind::Rejected`] when `url` refuses the string (an
    /// invalid port or IPv4 address by WHATWG's rules, a forbidden host
    /// code point); [`InteropErrorKind::Changed`], naming the component,
    /// when `url` would change the meaning: a host mapped by IDNA or read
    /// as an IPv4 number, a character percent-encoded, an empty userinfo
    /// dropped, an empty path made `/` for another scheme.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    ///
    /// let url = url::Url::try_from(Uri::parse("HTTP://Example.COM:80/a/./b/../c")?)?;
    /// assert_eq!(url.as_str(), "http://example.com/a/c");
    /// let err = url::Url::try_from(Uri::parse("http://@example.com/")?).unwrap_err();
    /// assert_eq!(err.to_string(), "the userinfo would change: url reads another userinfo");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(uri: Uri<'_>) -> Result<Self, InteropError> {
        let url = url::Url::parse(uri.as_str()).map_err(|e| {
            InteropError::new(InteropErrorKind::Rejected, None, format!("url: {e}"))
        })?;
        let userinfo = match (url.username(), url.password()) {
            ("", None) => None,
            (user, None) => Some(String::from(user)),
            (user, Some(password)) => Some(format!("{user}:{password}")),
        };
        // `url` gives no host for the empty host of `foo://`.
        let host = url.host_str().or(url.has_authority().then_some(""));
        // §6.2.2.1: the scheme and a host are case-insensitive.
        let scheme = lower_if_equal(uri.scheme(), url.scheme());
        let our_host = uri
            .host_str()
            .map(|h| lower_if_equal(h, host.unwrap_or("")));
        // §3.2.3: an empty port, or the scheme's default, is no port.
        let ours = uri.port_u16().ok().flatten();
        let port_ok = ours == url.port()
            || (url.port().is_none() && ours.is_some() && ours == url.port_or_known_default());
        let port = if port_ok {
            None
        } else {
            url.port().map(|p| format!("{p}"))
        };
        let our_port = if port_ok { None } else { uri.port() };
        // §6.2.3 and §6.2.2.3: an empty path is `/` for some schemes, and
        // dot segments go.
        let mut path = without_dot_segments(uri.path());
        if path.is_empty() && uri.authority().is_some() && empty_path_is_slash(Some(uri.scheme())) {
            path = alloc::borrow::Cow::Borrowed("/");
        }
        compare(
            &[
                (Component::Scheme, Some(&scheme), Some(url.scheme())),
                (Component::Userinfo, uri.userinfo(), userinfo.as_deref()),
                (Component::Host, our_host.as_deref(), host),
                (Component::Port, our_port, port.as_deref()),
                (Component::Path, Some(&path), Some(url.path())),
                (Component::Query, uri.query(), url.query()),
                (Component::Fragment, uri.fragment(), url.fragment()),
            ],
            "url",
        )?;
        Ok(url)
    }
}

impl TryFrom<UriBuf> for url::Url {
    type Error = InteropError;

    /// The URI as a WHATWG URL; see the conversion from [`Uri`].
    ///
    /// # Errors
    ///
    /// As for [`Uri`].
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::UriBuf::parse("https://example.com:443")?;
    /// assert_eq!(url::Url::try_from(uri)?.as_str(), "https://example.com/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(uri: UriBuf) -> Result<Self, InteropError> {
        url::Url::try_from(&uri)
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
