//! The borrowed reference types: [`UriReference`], [`Uri`], [`RelativeRef`].
//!
//! Each is `Copy`, holds the input and the offsets of its components, and
//! allocates nothing. They differ in the rule they were parsed against
//! (RFC 3986 §4.1, §3, §4.2) and convert where the grammar allows.

use crate::Components;
use crate::error::{ParseError, ParseErrorKind};
use crate::macros::{component_getters, text_traits};
use crate::owned::{RelativeRefBuf, UriBuf, UriReferenceBuf};
use crate::parser::{self, ParseOptions, Rfc3986, Rule};

/// A `URI-reference` (RFC 3986 §4.1): a URI, or a relative reference.
///
/// ```text
/// URI-reference = URI / relative-ref
/// ```
///
/// `Eq`, `Ord` and `Hash` compare the exact text, byte for byte: `HTTP://a`
/// and `http://a` differ. Normalized comparison lives in `uri-resolve`.
///
/// # Examples
///
/// ```
/// use uri_core::UriReference;
///
/// let r = UriReference::parse("../resource.txt?v=2")?;
/// assert!(r.is_relative());
/// assert_eq!(r.path(), "../resource.txt");
/// assert_eq!(r.query(), Some("v=2"));
///
/// let r = UriReference::parse("https://example.com/path/resource.txt#fragment")?;
/// assert_eq!(r.scheme(), Some("https"));
/// assert_eq!(r.as_uri().map(|u| u.scheme()), Some("https"));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct UriReference<'a> {
    parts: Components<'a>,
}

/// A `URI` (RFC 3986 §3): a reference with a scheme, perhaps with a fragment.
///
/// ```text
/// URI       = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
/// hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
/// ```
///
/// `Eq`, `Ord` and `Hash` compare the exact text, byte for byte.
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
///
/// let uri = Uri::parse("foo://example.com:8042/over/there?name=ferret#nose")?;
/// assert_eq!(uri.scheme(), "foo");
/// assert_eq!(uri.host_str(), Some("example.com"));
/// assert_eq!(uri.port(), Some("8042"));
/// assert_eq!(uri.path(), "/over/there");
/// assert_eq!(uri.query(), Some("name=ferret"));
/// assert_eq!(uri.fragment(), Some("nose"));
///
/// let urn = Uri::parse("urn:example:animal:ferret:nose")?;
/// assert_eq!(urn.authority(), None);
/// assert_eq!(urn.path(), "example:animal:ferret:nose");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Uri<'a> {
    parts: Components<'a>,
}

/// A `relative-ref` (RFC 3986 §4.2): a reference without a scheme.
///
/// ```text
/// relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
/// relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
/// ```
///
/// The empty string is a valid relative reference. A first path segment
/// may not hold a `:` (it would read as a scheme): write `./a:b`.
///
/// `Eq`, `Ord` and `Hash` compare the exact text, byte for byte.
///
/// # Examples
///
/// ```
/// use uri_core::{ParseErrorKind, RelativeRef};
///
/// let r = RelativeRef::parse("//example.com/path")?;
/// assert_eq!(r.host_str(), Some("example.com"));
/// assert!(RelativeRef::parse("./a:b").is_ok());
/// let err = RelativeRef::parse("a:b").unwrap_err();
/// assert_eq!((err.kind(), err.index()), (ParseErrorKind::ColonInFirstSegment, 1));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct RelativeRef<'a> {
    parts: Components<'a>,
}

impl<'a> UriReference<'a> {
    /// Wraps components the RFC 3986 parser made for this type's rule.
    #[inline]
    pub(crate) const fn wrap(parts: Components<'a>) -> Self {
        UriReference { parts }
    }

    /// Parses `URI-reference` (RFC 3986 §4.1), strictly.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the first offending byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// assert!(UriReference::parse("").is_ok());
    /// assert!(UriReference::parse("a b").is_err());
    /// ```
    #[inline]
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_with(input, ParseOptions::new())
    }

    /// Parses `URI-reference` with [`ParseOptions`].
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the first offending byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{ParseOptions, UriReference};
    ///
    /// let opts = ParseOptions::new().allow_zone_id(true);
    /// assert!(UriReference::parse_with("//[fe80::1%25lo]", opts).is_ok());
    /// ```
    #[inline]
    pub fn parse_with(input: &'a str, options: ParseOptions) -> Result<Self, ParseError> {
        let layout = parser::parse::<Rfc3986>(input, options, Rule::Reference)?;
        Ok(UriReference {
            parts: Components::new(input, layout),
        })
    }

    /// The parsed components, shared with the other reference types.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::UriReference::parse("a?b")?;
    /// assert_eq!(r.components().query(), Some("b"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub const fn components(&self) -> Components<'a> {
        self.parts
    }

    /// The scheme (§3.1), without `:`, if this is a URI.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::UriReference::parse("mailto:fred@example.com")?;
    /// assert_eq!(r.scheme(), Some("mailto"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> Option<&'a str> {
        self.parts.scheme()
    }

    /// Whether this is a relative reference (it has no scheme).
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_core::UriReference::parse("//a/b")?.is_relative());
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn is_relative(&self) -> bool {
        self.parts.scheme().is_none()
    }

    /// This reference as a [`Uri`], if it has a scheme.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// assert!(UriReference::parse("a:b")?.as_uri().is_some());
    /// assert!(UriReference::parse("b")?.as_uri().is_none());
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn as_uri(&self) -> Option<Uri<'a>> {
        (!self.is_relative()).then_some(Uri { parts: self.parts })
    }

    /// This reference as a [`RelativeRef`], if it has no scheme.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// assert!(UriReference::parse("./a:b")?.as_relative_ref().is_some());
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn as_relative_ref(&self) -> Option<RelativeRef<'a>> {
        self.is_relative()
            .then_some(RelativeRef { parts: self.parts })
    }

    /// An owned copy: one allocation, the same offsets.
    ///
    /// # Examples
    ///
    /// ```
    /// let text = String::from("a/b?c");
    /// let owned = uri_core::UriReference::parse(&text)?.to_buf();
    /// drop(text);
    /// assert_eq!(owned.query(), Some("c"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn to_buf(&self) -> UriReferenceBuf {
        UriReferenceBuf::from_parts(self.parts)
    }

    component_getters!(UriReference, 'a, uri_core::ParseError, "https://user@example.com:8080/a/b?q=1#frag");
}

impl<'a> Uri<'a> {
    /// Wraps components the RFC 3986 parser made for this type's rule.
    #[inline]
    pub(crate) const fn wrap(parts: Components<'a>) -> Self {
        Uri { parts }
    }

    /// Parses `URI` (RFC 3986 §3): a scheme is required.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the first offending byte;
    /// [`MissingScheme`](ParseErrorKind::MissingScheme) for a relative reference.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{ParseErrorKind, Uri};
    ///
    /// assert!(Uri::parse("tel:+1-816-555-1212").is_ok());
    /// assert_eq!(Uri::parse("/a").unwrap_err().kind(), ParseErrorKind::MissingScheme);
    /// ```
    #[inline]
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_with(input, ParseOptions::new())
    }

    /// Parses `URI` with [`ParseOptions`].
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the first offending byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{ParseOptions, Uri};
    ///
    /// assert!(Uri::parse_with("a:b", ParseOptions::new()).is_ok());
    /// ```
    #[inline]
    pub fn parse_with(input: &'a str, options: ParseOptions) -> Result<Self, ParseError> {
        let layout = parser::parse::<Rfc3986>(input, options, Rule::Uri)?;
        Ok(Uri {
            parts: Components::new(input, layout),
        })
    }

    /// The parsed components, shared with the other reference types.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("a:b")?;
    /// assert_eq!(uri.components().path(), "b");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub const fn components(&self) -> Components<'a> {
        self.parts
    }

    /// The scheme (§3.1), without `:`, exactly as written (compare it
    /// case-insensitively).
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("HTTPS://example.com")?;
    /// assert!(uri.scheme().eq_ignore_ascii_case("https"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> &'a str {
        self.parts.scheme().unwrap_or_default()
    }

    /// This URI as a [`UriReference`].
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("a:b")?;
    /// assert_eq!(uri.as_uri_reference().scheme(), Some("a"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub const fn as_uri_reference(&self) -> UriReference<'a> {
        UriReference { parts: self.parts }
    }

    /// An owned copy: one allocation, the same offsets.
    ///
    /// # Examples
    ///
    /// ```
    /// let owned = uri_core::Uri::parse("a:b")?.to_buf();
    /// assert_eq!(owned.scheme(), "a");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn to_buf(&self) -> UriBuf {
        UriBuf::from_parts(self.parts)
    }

    component_getters!(Uri, 'a, uri_core::ParseError, "https://user@example.com:8080/a/b?q=1#frag");
}

impl<'a> RelativeRef<'a> {
    /// Wraps components the RFC 3986 parser made for this type's rule.
    #[inline]
    pub(crate) const fn wrap(parts: Components<'a>) -> Self {
        RelativeRef { parts }
    }

    /// Parses `relative-ref` (RFC 3986 §4.2): no scheme, and no `:` in the
    /// first segment of a path without authority.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the first offending byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::RelativeRef;
    ///
    /// assert!(RelativeRef::parse("#fragment").is_ok());
    /// assert!(RelativeRef::parse("http://a").is_err());
    /// ```
    #[inline]
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_with(input, ParseOptions::new())
    }

    /// Parses `relative-ref` with [`ParseOptions`].
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the first offending byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{ParseOptions, RelativeRef};
    ///
    /// assert!(RelativeRef::parse_with("a/b", ParseOptions::new()).is_ok());
    /// ```
    #[inline]
    pub fn parse_with(input: &'a str, options: ParseOptions) -> Result<Self, ParseError> {
        let layout = parser::parse::<Rfc3986>(input, options, Rule::Relative)?;
        Ok(RelativeRef {
            parts: Components::new(input, layout),
        })
    }

    /// The parsed components, shared with the other reference types.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::RelativeRef::parse("a#b")?;
    /// assert_eq!(r.components().fragment(), Some("b"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub const fn components(&self) -> Components<'a> {
        self.parts
    }

    /// This relative reference as a [`UriReference`].
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::RelativeRef::parse("a")?;
    /// assert!(r.as_uri_reference().is_relative());
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub const fn as_uri_reference(&self) -> UriReference<'a> {
        UriReference { parts: self.parts }
    }

    /// An owned copy: one allocation, the same offsets.
    ///
    /// # Examples
    ///
    /// ```
    /// let owned = uri_core::RelativeRef::parse("a/b")?.to_buf();
    /// assert_eq!(owned.path(), "a/b");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn to_buf(&self) -> RelativeRefBuf {
        RelativeRefBuf::from_parts(self.parts)
    }

    component_getters!(RelativeRef, 'a, uri_core::ParseError, "//user@example.com:8080/a/b?q=1#frag");
}

text_traits!(UriReference<'a>);
text_traits!(Uri<'a>);
text_traits!(RelativeRef<'a>);

impl<'a> TryFrom<&'a str> for UriReference<'a> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        Self::parse(input)
    }
}

impl<'a> TryFrom<&'a str> for Uri<'a> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        Self::parse(input)
    }
}

impl<'a> TryFrom<&'a str> for RelativeRef<'a> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        Self::parse(input)
    }
}

impl<'a> From<Uri<'a>> for UriReference<'a> {
    fn from(uri: Uri<'a>) -> Self {
        uri.as_uri_reference()
    }
}

impl<'a> From<RelativeRef<'a>> for UriReference<'a> {
    fn from(r: RelativeRef<'a>) -> Self {
        r.as_uri_reference()
    }
}

/// Fails with [`MissingScheme`](ParseErrorKind::MissingScheme) at 0 for a
/// relative reference, as [`Uri::parse`] would.
impl<'a> TryFrom<UriReference<'a>> for Uri<'a> {
    type Error = ParseError;

    fn try_from(r: UriReference<'a>) -> Result<Self, ParseError> {
        r.as_uri()
            .ok_or(ParseError::new(ParseErrorKind::MissingScheme, 0))
    }
}

/// Fails with [`ColonInFirstSegment`](ParseErrorKind::ColonInFirstSegment) at
/// the scheme's `:` for a URI, as [`RelativeRef::parse`] would.
impl<'a> TryFrom<UriReference<'a>> for RelativeRef<'a> {
    type Error = ParseError;

    fn try_from(r: UriReference<'a>) -> Result<Self, ParseError> {
        r.as_relative_ref().ok_or(ParseError::new(
            ParseErrorKind::ColonInFirstSegment,
            r.parts.layout().scheme_end,
        ))
    }
}
