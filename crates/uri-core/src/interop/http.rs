//! `http::Uri` to and from uri-core's URI types (feature `http`).
//!
//! An `http::Uri` is a request target (RFC 9110 §7.1): absolute form
//! (`https://h/p?q`), origin form (`/p?q`), authority form (`h:443`) or
//! `*`. Read as RFC 3986 references these are a URI, a path-absolute
//! relative reference, a network-path reference `//h:443`, and the path
//! `*`. No form has a fragment.

use alloc::format;
use alloc::string::{String, ToString};

use super::{InteropError, InteropErrorKind, compare, empty_path_is_slash, lower_if_equal};
use crate::component::Component;
use crate::owned::{UriBuf, UriReferenceBuf};
use crate::reference::{Uri, UriReference};

/// `http`'s reading of a request target as RFC 3986 text: the authority
/// form gets the `//` of a network-path reference.
fn text_of(uri: &http::Uri) -> String {
    match (uri.scheme(), uri.authority()) {
        (None, Some(authority)) => {
            let pq = uri.path_and_query().map_or("", |pq| pq.as_str());
            format!("//{authority}{pq}")
        }
        _ => uri.to_string(),
    }
}

impl TryFrom<&http::Uri> for UriReferenceBuf {
    type Error = InteropError;

    /// The request target as an RFC 3986 reference: the string `http`
    /// writes for it (with `//` before an authority-form target).
    ///
    /// # Errors
    ///
    /// [`InteropErrorKind::Invalid`] when the string is not an RFC 3986
    /// reference: `http` accepts some characters RFC 3986 does not, such
    /// as `{`, `|` or `"`. [`InteropErrorKind::Changed`] (the host) when
    /// `http` holds a path that begins with `//` and no authority (it
    /// parses `//a/b` so): RFC 3986 §4.2 reads that text as the
    /// network-path reference with the authority `a`.
    ///
    /// ```
    /// use uri_core::UriReferenceBuf;
    /// use uri_core::interop::InteropErrorKind;
    ///
    /// let path: http::Uri = "//a/b".parse()?;
    /// assert_eq!(path.host(), None);
    /// let err = UriReferenceBuf::try_from(&path).unwrap_err();
    /// assert_eq!(err.kind(), InteropErrorKind::Changed);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(uri: &http::Uri) -> Result<Self, InteropError> {
        let r =
            UriReferenceBuf::parse(text_of(uri)).map_err(|e| InteropError::invalid(e.error()))?;
        if uri.authority().is_none() && r.authority().is_some() {
            return Err(InteropError::new(
                InteropErrorKind::Changed,
                Some(Component::Host),
                "http reads the path `//…` where RFC 3986 reads an authority",
            ));
        }
        Ok(r)
    }
}

impl TryFrom<&http::Uri> for UriBuf {
    type Error = InteropError;

    /// An absolute-form request target as a URI.
    ///
    /// # Errors
    ///
    /// [`InteropErrorKind::NotAbsolute`] for a target without a scheme,
    /// [`InteropErrorKind::Invalid`] as for [`UriReferenceBuf`].
    fn try_from(uri: &http::Uri) -> Result<Self, InteropError> {
        let reference = UriReferenceBuf::try_from(uri)?;
        UriBuf::try_from(reference).map_err(|_| {
            InteropError::new(InteropErrorKind::NotAbsolute, Some(Component::Scheme), "")
        })
    }
}

impl TryFrom<UriReference<'_>> for http::Uri {
    type Error = InteropError;

    /// The reference as a request target, when `http` reads it as the same
    /// reference under scheme-based normalization (RFC 3986 §6.2.3): the
    /// scheme in lower case (§6.2.2.1), an empty path written `/` for
    /// `http`, `https`, `ws` and `wss`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// let h = http::Uri::try_from(UriReference::parse("HTTP://example.com?q")?)?;
    /// assert_eq!(h, "http://example.com/?q");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`InteropErrorKind::Fragment`] when the reference has a fragment
    /// (it is refused, not dropped); [`InteropErrorKind::Rejected`] when
    /// `http` refuses the string (a URI without an authority such as
    /// `mailto:a@b`, a relative path such as `a/b`, an empty string, a
    /// port past 65535); [`InteropErrorKind::Changed`] when `http` would
    /// split it otherwise (`//a/b` is read as a path) or change
    /// it otherwise (`foo://a` is written `foo://a/`).
    fn try_from(r: UriReference<'_>) -> Result<Self, InteropError> {
        if r.fragment().is_some() {
            return Err(InteropError::new(
                InteropErrorKind::Fragment,
                Some(Component::Fragment),
                "",
            ));
        }
        // `//host:port` alone is the authority form, which `http` writes
        // without the `//`; with them it reads a path.
        let text = match r.authority() {
            Some(a) if r.scheme().is_none() && r.path().is_empty() && r.query().is_none() => {
                a.as_str()
            }
            _ => r.as_str(),
        };
        let theirs = http::Uri::try_from(text).map_err(|e| {
            InteropError::new(InteropErrorKind::Rejected, None, format!("http: {e}"))
        })?;
        let authority = theirs.authority();
        // §6.2.2.1: the scheme is case-insensitive, and `http` lowercases
        // it; §6.2.3: an empty path is `/` for `http` and `https`.
        let scheme = r
            .scheme()
            .map(|s| lower_if_equal(s, theirs.scheme_str().unwrap_or("")));
        let slash = r.path().is_empty()
            && r.authority().is_some()
            && empty_path_is_slash(r.scheme())
            && theirs.path() == "/";
        let path = if slash { "/" } else { r.path() };
        compare(
            &[
                (Component::Scheme, scheme.as_deref(), theirs.scheme_str()),
                (
                    Component::Userinfo,
                    r.userinfo(),
                    authority
                        .and_then(|a| a.as_str().rsplit_once('@'))
                        .map(|(u, _)| u),
                ),
                (
                    Component::Host,
                    r.host_str(),
                    authority.map(|a| bracketed(a.as_str(), a.host())),
                ),
                (
                    Component::Port,
                    r.port(),
                    authority.and_then(|a| port_text(a.as_str())),
                ),
                (Component::Path, Some(path), Some(theirs.path())),
                (Component::Query, r.query(), theirs.query()),
            ],
            "http",
        )?;
        let written = text_of(&theirs);
        let mut expected = String::from(r.as_str());
        if slash {
            let at = r.components().span(Component::Path).map_or(0, |s| s.start);
            expected.insert(at, '/');
        }
        if let Some(scheme) = &scheme {
            expected.replace_range(..scheme.len(), scheme);
        }
        if written != expected {
            return Err(InteropError::new(
                InteropErrorKind::Changed,
                None,
                "http writes it otherwise",
            ));
        }
        Ok(theirs)
    }
}

/// The port's text in an authority `http` accepted: what follows the `:`
/// after the host.
fn port_text(authority: &str) -> Option<&str> {
    let after_userinfo = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let after_host = match after_userinfo.strip_prefix('[') {
        Some(rest) => rest.split_once(']').map_or("", |(_, after)| after),
        None => after_userinfo
            .find(':')
            .map_or("", |i| &after_userinfo[i..]),
    };
    after_host.strip_prefix(':')
}

/// The host as `authority` writes it: `http` may give an IP literal
/// without its brackets.
fn bracketed<'a>(authority: &'a str, host: &'a str) -> &'a str {
    let after_userinfo = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    match after_userinfo.strip_prefix('[').and_then(|s| s.find(']')) {
        Some(end) => &after_userinfo[..end + 2],
        None => host,
    }
}

impl TryFrom<Uri<'_>> for http::Uri {
    type Error = InteropError;

    /// The URI as an absolute-form request target; see the conversion from
    /// [`UriReference`].
    ///
    /// # Errors
    ///
    /// As for [`UriReference`]: a fragment, a string `http` refuses or
    /// would change.
    fn try_from(uri: Uri<'_>) -> Result<Self, InteropError> {
        http::Uri::try_from(uri.as_uri_reference())
    }
}

impl TryFrom<&UriBuf> for http::Uri {
    type Error = InteropError;

    /// The URI as an absolute-form request target; see the conversion from
    /// [`UriReference`].
    ///
    /// # Errors
    ///
    /// As for [`UriReference`].
    fn try_from(uri: &UriBuf) -> Result<Self, InteropError> {
        http::Uri::try_from(uri.as_uri())
    }
}

impl TryFrom<&UriReferenceBuf> for http::Uri {
    type Error = InteropError;

    /// The reference as a request target; see the conversion from
    /// [`UriReference`].
    ///
    /// # Errors
    ///
    /// As for [`UriReference`].
    fn try_from(r: &UriReferenceBuf) -> Result<Self, InteropError> {
        http::Uri::try_from(r.as_uri_reference())
    }
}

impl TryFrom<http::Uri> for UriReferenceBuf {
    type Error = InteropError;

    /// The request target as a reference; see the conversion from
    /// [`&http::Uri`](http::Uri).
    ///
    /// # Errors
    ///
    /// As for the conversion from a reference.
    ///
    /// # Examples
    ///
    /// ```
    /// let h: http::Uri = "/a?b".parse()?;
    /// assert_eq!(uri_core::UriReferenceBuf::try_from(h)?, "/a?b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(uri: http::Uri) -> Result<Self, InteropError> {
        UriReferenceBuf::try_from(&uri)
    }
}

impl TryFrom<http::Uri> for UriBuf {
    type Error = InteropError;

    /// The request target as a URI; see the conversion from
    /// [`&http::Uri`](http::Uri).
    ///
    /// # Errors
    ///
    /// As for the conversion from a reference.
    ///
    /// # Examples
    ///
    /// ```
    /// let h: http::Uri = "https://example.com/a".parse()?;
    /// assert_eq!(uri_core::UriBuf::try_from(h)?, "https://example.com/a");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(uri: http::Uri) -> Result<Self, InteropError> {
        UriBuf::try_from(&uri)
    }
}

impl TryFrom<UriBuf> for http::Uri {
    type Error = InteropError;

    /// The URI as a request target; see the conversion from [`UriReference`].
    ///
    /// # Errors
    ///
    /// As for [`UriReference`].
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::UriBuf::parse("https://example.com")?;
    /// assert_eq!(http::Uri::try_from(uri)?, "https://example.com/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(uri: UriBuf) -> Result<Self, InteropError> {
        http::Uri::try_from(&uri)
    }
}

impl TryFrom<UriReferenceBuf> for http::Uri {
    type Error = InteropError;

    /// The reference as a request target; see the conversion from
    /// [`UriReference`].
    ///
    /// # Errors
    ///
    /// As for [`UriReference`].
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::UriReferenceBuf::parse("/a?b")?;
    /// assert_eq!(http::Uri::try_from(r)?, "/a?b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(r: UriReferenceBuf) -> Result<Self, InteropError> {
        http::Uri::try_from(&r)
    }
}
