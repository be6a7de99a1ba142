//! The IRI types to and from `url::Url` and `http::Uri`, through the
//! mapping of an IRI to a URI (RFC 3987 §3.1).
//!
//! To the other crate: the IRI's non-ASCII characters are percent-encoded
//! as UTF-8 (§3.1, step 2), and, for a `url::Url` of a special scheme
//! (whose host `url` maps by UTS #46), a registered name that is not ASCII
//! is written by `ToASCII` (§3.1: "Systems accepting IRIs MAY convert the
//! ireg-name component [...] using the ToASCII operation"), as `url` would
//! write it; then the URI converts as the URI types do, by the same rule
//! (the same URI under scheme-based normalization, else refused with the
//! reason). From the other crate: its string is ASCII, a URI, and every
//! URI is an IRI (RFC 3987 §2); nothing is decoded (for that,
//! `uri_iri::to_iri`).

#[cfg(feature = "url")]
use alloc::format;
#[cfg(feature = "url")]
use alloc::string::String;

use super::InteropError;
#[cfg(feature = "url")]
use super::InteropErrorKind;
use crate::owned::{IriBuf, UriReferenceBuf};
#[cfg(feature = "http")]
use crate::owned::{IriReferenceBuf, UriBuf};
use crate::reference::Iri;
#[cfg(feature = "http")]
use crate::reference::IriReference;

/// An IRI that had a scheme, mapped: a URI too.
#[cfg(feature = "url")]
fn not_absolute() -> InteropError {
    InteropError::new(
        InteropErrorKind::NotAbsolute,
        None,
        "the IRI's mapping has no scheme",
    )
}

/// Schemes whose host `url` maps by UTS #46 (WHATWG's special schemes,
/// `file` aside: its host is mapped the same way).
#[cfg(feature = "url")]
fn url_maps_host(scheme: &str) -> bool {
    ["http", "https", "ws", "wss", "ftp", "file"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
}

/// The IRI mapped for `url`: non-ASCII percent-encoded, a non-ASCII
/// registered name of a special scheme by `ToASCII` (through `url`'s own
/// host parser, so that the name is the one `url` writes).
#[cfg(feature = "url")]
fn mapped_for_url(iri: Iri<'_>) -> Result<UriReferenceBuf, InteropError> {
    let mapped = UriReferenceBuf::from_non_ascii_encoded(iri.components());
    let unicode_host = iri
        .authority()
        .filter(|a| a.host_kind() == crate::HostKind::RegName && !a.host_str().is_ascii());
    let (Some(authority), true) = (unicode_host, url_maps_host(iri.scheme())) else {
        return Ok(mapped);
    };
    let ascii = match url::Host::parse(authority.host_str()) {
        Ok(url::Host::Domain(name)) => name,
        Ok(_) => {
            return Err(InteropError::new(
                InteropErrorKind::Changed,
                Some(crate::Component::Host),
                "url reads the host as an IP address",
            ));
        }
        Err(e) => {
            return Err(InteropError::new(
                InteropErrorKind::Rejected,
                Some(crate::Component::Host),
                format!("url: {e}"),
            ));
        }
    };
    let Some(span) = mapped.authority().map(|a| a.host_span()) else {
        return Ok(mapped);
    };
    let text = mapped.as_str();
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..span.start]);
    out.push_str(&ascii);
    out.push_str(&text[span.end..]);
    UriReferenceBuf::parse(out).map_err(|e| InteropError::invalid(e.error()))
}

#[cfg(feature = "url")]
impl TryFrom<Iri<'_>> for url::Url {
    type Error = InteropError;

    /// The IRI as a WHATWG URL, through its URI mapping (RFC 3987 §3.1:
    /// non-ASCII percent-encoded as UTF-8; the registered name of an
    /// `http`-like scheme by UTS #46 `ToASCII`, as `url` writes it), then
    /// as the URI converts.
    ///
    /// # Errors
    ///
    /// As for the conversion from a `Uri`; [`InteropErrorKind::Rejected`]
    /// when `url` refuses the host, [`InteropErrorKind::Changed`] when it
    /// reads the host as an IP address.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Iri;
    ///
    /// let url = url::Url::try_from(Iri::parse("https://Bücher.example/Dürst?q=ü")?)?;
    /// assert_eq!(url.as_str(), "https://xn--bcher-kva.example/D%C3%BCrst?q=%C3%BC");
    /// let urn = url::Url::try_from(Iri::parse("urn:x:é")?)?;
    /// assert_eq!(urn.as_str(), "urn:x:%C3%A9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(iri: Iri<'_>) -> Result<Self, InteropError> {
        let mapped = mapped_for_url(iri)?;
        url::Url::try_from(mapped.as_uri().ok_or_else(not_absolute)?)
    }
}

#[cfg(feature = "url")]
impl TryFrom<&IriBuf> for url::Url {
    type Error = InteropError;

    /// The IRI as a WHATWG URL; see the conversion from an [`Iri`].
    ///
    /// # Errors
    ///
    /// As for an [`Iri`].
    ///
    /// # Examples
    ///
    /// ```
    /// let iri = uri_core::IriBuf::parse("http://a/é")?;
    /// assert_eq!(url::Url::try_from(&iri)?.as_str(), "http://a/%C3%A9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(iri: &IriBuf) -> Result<Self, InteropError> {
        url::Url::try_from(iri.as_iri())
    }
}

#[cfg(feature = "url")]
impl TryFrom<IriBuf> for url::Url {
    type Error = InteropError;

    /// The IRI as a WHATWG URL; see the conversion from an [`Iri`].
    ///
    /// # Errors
    ///
    /// As for an [`Iri`].
    ///
    /// # Examples
    ///
    /// ```
    /// let iri = uri_core::IriBuf::parse("http://a:80")?;
    /// assert_eq!(url::Url::try_from(iri)?.as_str(), "http://a/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(iri: IriBuf) -> Result<Self, InteropError> {
        url::Url::try_from(&iri)
    }
}

#[cfg(feature = "url")]
impl TryFrom<&url::Url> for IriBuf {
    type Error = InteropError;

    /// The URL's string as an IRI, copied: a URL is ASCII, and every URI is
    /// an IRI (nothing is decoded; `uri_iri::to_iri` does that).
    ///
    /// # Errors
    ///
    /// As for the conversion to a `UriBuf`: [`InteropErrorKind::Invalid`]
    /// when the string is not an RFC 3986 URI.
    ///
    /// # Examples
    ///
    /// ```
    /// let url = url::Url::parse("https://bücher.example/")?;
    /// assert_eq!(uri_core::IriBuf::try_from(&url)?, "https://xn--bcher-kva.example/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(url: &url::Url) -> Result<Self, InteropError> {
        crate::UriBuf::try_from(url).map(IriBuf::from)
    }
}

#[cfg(feature = "url")]
impl TryFrom<url::Url> for IriBuf {
    type Error = InteropError;

    /// The URL's string as an IRI (no copy); see the conversion from a
    /// [`&url::Url`](url::Url).
    ///
    /// # Errors
    ///
    /// As for a `&url::Url`.
    ///
    /// # Examples
    ///
    /// ```
    /// let url = url::Url::parse("https://example.com/a")?;
    /// assert_eq!(uri_core::IriBuf::try_from(url)?, "https://example.com/a");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(url: url::Url) -> Result<Self, InteropError> {
        crate::UriBuf::try_from(url).map(IriBuf::from)
    }
}

#[cfg(feature = "http")]
impl TryFrom<IriReference<'_>> for http::Uri {
    type Error = InteropError;

    /// The IRI reference as a request target, through its URI mapping
    /// (RFC 3987 §3.1: non-ASCII percent-encoded as UTF-8, the host too:
    /// `http` knows no IDNA), then as the URI reference converts.
    ///
    /// # Errors
    ///
    /// As for the conversion from a `UriReference`: a fragment, a string
    /// `http` refuses or would change.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::IriReference;
    ///
    /// let h = http::Uri::try_from(IriReference::parse("https://example.com/ü?q=é")?)?;
    /// assert_eq!(h, "https://example.com/%C3%BC?q=%C3%A9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(iri: IriReference<'_>) -> Result<Self, InteropError> {
        let mapped = UriReferenceBuf::from_non_ascii_encoded(iri.components());
        http::Uri::try_from(mapped.as_uri_reference())
    }
}

/// The other IRI types to `http::Uri`, through [`IriReference`]'s.
#[cfg(feature = "http")]
macro_rules! iri_to_http {
    ($($Type:ty, $example:literal;)*) => {$(
        impl TryFrom<$Type> for http::Uri {
            type Error = InteropError;

            /// The IRI as a request target; see the conversion from an
            /// [`IriReference`].
            ///
            /// # Errors
            ///
            /// As for an [`IriReference`].
            ///
            /// # Examples
            ///
            /// ```
            #[doc = $example]
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            fn try_from(iri: $Type) -> Result<Self, InteropError> {
                http::Uri::try_from(iri.as_iri_reference())
            }
        }
    )*};
}

#[cfg(feature = "http")]
iri_to_http!(
    Iri<'_>,
    "assert_eq!(http::Uri::try_from(uri_core::Iri::parse(\"http://a/é\")?)?, \"http://a/%C3%A9\");";
    &IriBuf,
    "assert_eq!(http::Uri::try_from(&uri_core::IriBuf::parse(\"http://a/é\")?)?, \"http://a/%C3%A9\");";
    IriBuf,
    "assert_eq!(http::Uri::try_from(uri_core::IriBuf::parse(\"http://a/é\")?)?, \"http://a/%C3%A9\");";
    &IriReferenceBuf,
    "assert_eq!(http::Uri::try_from(&uri_core::IriReferenceBuf::parse(\"/é\")?)?, \"/%C3%A9\");";
    IriReferenceBuf,
    "assert_eq!(http::Uri::try_from(uri_core::IriReferenceBuf::parse(\"/é\")?)?, \"/%C3%A9\");";
);

/// `http::Uri` to the IRI types, through the URI types' conversions.
#[cfg(feature = "http")]
macro_rules! http_to_iri {
    ($($Source:ty, $Uri:ident, $Iri:ident, $example:literal;)*) => {$(
        impl TryFrom<$Source> for $Iri {
            type Error = InteropError;

            /// The request target as an IRI type: its string is ASCII, a
            /// URI reference, and every URI is an IRI; see the conversion
            /// to the URI type of the same name.
            ///
            /// # Errors
            ///
            #[doc = concat!("As for the conversion to a [`", stringify!($Uri), "`].")]
            ///
            /// # Examples
            ///
            /// ```
            /// let h: http::Uri = "https://example.com/a".parse()?;
            #[doc = $example]
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            fn try_from(uri: $Source) -> Result<Self, InteropError> {
                $Uri::try_from(uri).map($Iri::from)
            }
        }
    )*};
}

#[cfg(feature = "http")]
http_to_iri!(
    &http::Uri, UriReferenceBuf, IriReferenceBuf,
    "assert_eq!(uri_core::IriReferenceBuf::try_from(&h)?, \"https://example.com/a\");";
    http::Uri, UriReferenceBuf, IriReferenceBuf,
    "assert_eq!(uri_core::IriReferenceBuf::try_from(h)?, \"https://example.com/a\");";
    &http::Uri, UriBuf, IriBuf,
    "assert_eq!(uri_core::IriBuf::try_from(&h)?, \"https://example.com/a\");";
    http::Uri, UriBuf, IriBuf,
    "assert_eq!(uri_core::IriBuf::try_from(h)?, \"https://example.com/a\");";
);
