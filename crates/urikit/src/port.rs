//! [`PortExt`]: the port, or the scheme's default from the scheme registry.

use uri_core::spec::Spec;
use uri_core::{RelativeRi, RelativeRiBuf, Ri, RiBuf, RiReference, RiReferenceBuf};

/// The default port of `scheme` in the scheme registry (`uri-schemes`).
fn known_default(scheme: Option<&str>) -> Option<u16> {
    let scheme = scheme?;
    #[cfg(feature = "std")]
    {
        uri_schemes::Registry::shared()
            .get(scheme)
            .and_then(|s| s.default_port())
    }
    #[cfg(not(feature = "std"))]
    {
        uri_schemes::Registry::standard()
            .get(scheme)
            .and_then(|s| s.default_port())
    }
}

/// The port as a number, or the scheme's default port when there is
/// none: the `url` crate's `port_or_known_default`, for every URI and IRI
/// type (in the [`prelude`](crate::prelude), with the `schemes` feature).
///
/// An empty port (`http://h:/`) is the default, as RFC 3986 §3.2.3 says
/// ("URI producers and normalizers should omit the port component and its
/// ':' delimiter if port is empty or if its value would be the same as
/// that of the scheme's default"). The defaults come from the scheme
/// registry of `uri-schemes` (`Registry::shared`), which knows `http` 80,
/// `https` 443, `ws` 80, `wss` 443, `ftp` 21, `telnet` 23, `ldap` 389,
/// `nntp` 119, and the schemes added to it. A port above 65535 gives
/// `None`, as a relative reference without a port does (it has no scheme).
///
/// # Examples
///
/// ```
/// use urikit::prelude::*;
///
/// assert_eq!(Uri::parse("https://example.com/")?.port_or_known_default(), Some(443));
/// assert_eq!(Uri::parse("https://example.com:/")?.port_or_known_default(), Some(443));
/// assert_eq!(Uri::parse("http://example.com:8080/")?.port_or_known_default(), Some(8080));
/// assert_eq!(Uri::parse("mailto:a@example.com")?.port_or_known_default(), None);
/// assert_eq!(IriBuf::parse("wss://例え.jp/")?.port_or_known_default(), Some(443));
/// assert_eq!(UriReference::parse("//h:81/")?.port_or_known_default(), Some(81));
/// # Ok::<(), urikit::Error>(())
/// ```
pub trait PortExt {
    /// The port as a number, or the scheme's default (RFC 3986 §3.2.3);
    /// see [`PortExt`].
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// assert_eq!(UriBuf::parse("ftp://h/f")?.port_or_known_default(), Some(21));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    fn port_or_known_default(&self) -> Option<u16>;
}

macro_rules! port_ext {
    ($($Type:ty, $scheme:expr;)*) => {$(
        impl<S: Spec> PortExt for $Type {
            fn port_or_known_default(&self) -> Option<u16> {
                match self.port_u16() {
                    Ok(Some(port)) => Some(port),
                    Ok(None) => {
                        let scheme: fn(&Self) -> Option<&str> = $scheme;
                        known_default(scheme(self))
                    }
                    Err(_) => None,
                }
            }
        }
    )*};
}

port_ext! {
    Ri<'_, S>, |r| Some(r.scheme());
    RiBuf<S>, |r| Some(r.scheme());
    RiReference<'_, S>, |r| r.scheme();
    RiReferenceBuf<S>, |r| r.scheme();
    RelativeRi<'_, S>, |_| None;
    RelativeRiBuf<S>, |_| None;
}

#[cfg(test)]
mod tests {
    use super::PortExt;
    use uri_core::{RelativeRef, Uri, UriReferenceBuf};

    #[track_caller]
    fn check(input: &str, want: Option<u16>) {
        assert_eq!(
            Uri::parse(input).unwrap().port_or_known_default(),
            want,
            "input: {input}"
        );
    }

    #[test]
    fn defaults() {
        check("http://h", Some(80));
        check("HTTP://h:", Some(80));
        check("https://h:0443", Some(443));
        check("ws://h", Some(80));
        check("wss://h", Some(443));
        check("ftp://h", Some(21));
        check("gopher://h", None);
        check("http://h:99999", None);
        check("urn:a:b", None);
    }

    #[test]
    fn references() {
        let r = UriReferenceBuf::parse("https://h/").unwrap();
        assert_eq!(r.port_or_known_default(), Some(443));
        let rel = RelativeRef::parse("//h/").unwrap();
        assert_eq!(rel.port_or_known_default(), None);
    }
}
