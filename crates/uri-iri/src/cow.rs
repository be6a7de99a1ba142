//! [`RiCow`]: a mapped reference, borrowed from its input when the mapping
//! changed nothing.

use alloc::string::String;
use core::fmt;

use uri_core::{IriSpec, RiReference, RiReferenceBuf, Spec, UriSpec};

/// The result of a mapping: the input itself, borrowed, when the mapping
/// changed nothing (an ASCII IRI is already a URI; a URI without
/// percent-encoding is already an IRI), else a new owned value.
///
/// # Examples
///
/// ```
/// use uri_iri::{RiCow, to_uri};
/// use uri_core::IriReference;
///
/// let ascii = to_uri(IriReference::parse("http://example.com/a")?);
/// assert!(matches!(ascii, RiCow::Borrowed(_)));
/// let mapped = to_uri(IriReference::parse("http://example.com/ä")?);
/// assert!(matches!(mapped, RiCow::Owned(_)));
/// assert_eq!(mapped.as_ref().path(), "/%C3%A4");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Clone)]
pub enum RiCow<'a, S: Spec> {
    /// The input, unchanged.
    Borrowed(RiReference<'a, S>),
    /// A new value.
    Owned(RiReferenceBuf<S>),
}

/// A URI reference mapped from an IRI: [`RiCow`] under [`UriSpec`].
///
/// # Examples
///
/// ```
/// let uri: uri_iri::UriCow<'_> = uri_iri::to_uri(uri_core::IriReference::parse("/ü")?);
/// assert_eq!(uri.as_str(), "/%C3%BC");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub type UriCow<'a> = RiCow<'a, UriSpec>;

/// An IRI reference mapped from a URI: [`RiCow`] under [`IriSpec`].
///
/// # Examples
///
/// ```
/// let iri: uri_iri::IriCow<'_> = uri_iri::to_iri(uri_core::UriReference::parse("/%C3%BC")?);
/// assert_eq!(iri.as_str(), "/ü");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub type IriCow<'a> = RiCow<'a, IriSpec>;

impl<'a, S: Spec> RiCow<'a, S> {
    /// The reference, borrowed either way.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_iri::to_uri(uri_core::IriReference::parse("http://a/é?x")?);
    /// assert_eq!(uri.as_ref().query(), Some("x"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn as_ref(&self) -> RiReference<'_, S> {
        match self {
            RiCow::Borrowed(r) => *r,
            RiCow::Owned(r) => r.as_ri_reference(),
        }
    }

    /// The text.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_iri::to_uri(uri_core::IriReference::parse("é")?);
    /// assert_eq!(uri.as_str(), "%C3%A9");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        match self {
            RiCow::Borrowed(r) => r.as_str(),
            RiCow::Owned(r) => r.as_str(),
        }
    }

    /// Whether the input was given back unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_iri::to_uri(uri_core::IriReference::parse("a/b")?);
    /// assert!(uri.is_borrowed());
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn is_borrowed(&self) -> bool {
        matches!(self, RiCow::Borrowed(_))
    }

    /// An owned value, copying the input if it was borrowed.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_iri::to_uri(uri_core::IriReference::parse("a/b")?).into_owned();
    /// assert_eq!(uri, "a/b");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn into_owned(self) -> RiReferenceBuf<S> {
        match self {
            RiCow::Borrowed(r) => r.into(),
            RiCow::Owned(r) => r,
        }
    }

    /// The text as a `String`, copying it if it was borrowed.
    ///
    /// # Examples
    ///
    /// ```
    /// let text = uri_iri::to_uri(uri_core::IriReference::parse("ß")?).into_string();
    /// assert_eq!(text, "%C3%9F");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.into_owned().into_string()
    }
}

impl<S: Spec> fmt::Display for RiCow<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<S: Spec> fmt::Debug for RiCow<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RiCow::Borrowed(r) => f.debug_tuple("Borrowed").field(r).finish(),
            RiCow::Owned(r) => f.debug_tuple("Owned").field(r).finish(),
        }
    }
}

impl<S: Spec> PartialEq for RiCow<'_, S> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl<S: Spec> Eq for RiCow<'_, S> {}

impl<S: Spec> PartialEq<str> for RiCow<'_, S> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl<S: Spec> PartialEq<&str> for RiCow<'_, S> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}
