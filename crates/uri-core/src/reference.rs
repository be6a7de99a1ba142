//! The borrowed reference types: [`RiReference`], [`Ri`], [`RelativeRi`],
//! generic over the [`Spec`], and their aliases for URIs ([`UriReference`],
//! [`Uri`], [`RelativeRef`]) and IRIs ([`IriReference`], [`Iri`],
//! [`RelativeIri`]).
//!
//! Each is `Copy`, holds the input and the offsets of its components, and
//! allocates nothing. They differ in the rule they were parsed against
//! (RFC 3986 §4.1, §3, §4.2; RFC 3987 §2.2) and convert where the grammar
//! allows.

use crate::components::Components;
use crate::error::{ParseError, ParseErrorKind};
use crate::macros::{component_getters, text_traits};
use crate::owned::{RelativeRiBuf, RiBuf, RiReferenceBuf};
use crate::parser::{self, ParseOptions, Rule};
use crate::spec::{IriSpec, Spec, UriSpec};

/// A `URI-reference` (RFC 3986 §4.1): [`RiReference`] under [`UriSpec`].
///
/// # Examples
///
/// ```
/// let r = uri_core::UriReference::parse("../a?b")?;
/// assert!(r.is_relative());
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub type UriReference<'a> = RiReference<'a, UriSpec>;

/// A `URI` (RFC 3986 §3): [`Ri`] under [`UriSpec`].
///
/// # Examples
///
/// ```
/// let uri = uri_core::Uri::parse("http://example.com/")?;
/// assert_eq!(uri.scheme(), "http");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub type Uri<'a> = Ri<'a, UriSpec>;

/// A `relative-ref` (RFC 3986 §4.2): [`RelativeRi`] under [`UriSpec`].
///
/// # Examples
///
/// ```
/// let r = uri_core::RelativeRef::parse("//example.com/a")?;
/// assert_eq!(r.host_str(), Some("example.com"));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub type RelativeRef<'a> = RelativeRi<'a, UriSpec>;

/// An `IRI-reference` (RFC 3987 §2.2): [`RiReference`] under [`IriSpec`].
///
/// # Examples
///
/// ```
/// let r = uri_core::IriReference::parse("../résumé?q=ü")?;
/// assert_eq!(r.path(), "../résumé");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub type IriReference<'a> = RiReference<'a, IriSpec>;

/// An `IRI` (RFC 3987 §2.2): [`Ri`] under [`IriSpec`].
///
/// # Examples
///
/// ```
/// let iri = uri_core::Iri::parse("https://ru.wikipedia.org/wiki/Википедия")?;
/// assert_eq!(iri.path(), "/wiki/Википедия");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub type Iri<'a> = Ri<'a, IriSpec>;

/// An `irelative-ref` (RFC 3987 §2.2): [`RelativeRi`] under [`IriSpec`].
///
/// # Examples
///
/// ```
/// let r = uri_core::RelativeIri::parse("//bücher.example/")?;
/// assert_eq!(r.host_str(), Some("bücher.example"));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub type RelativeIri<'a> = RelativeRi<'a, IriSpec>;

/// A `URI-reference` (RFC 3986 §4.1): a URI, or a relative reference.
///
/// Name it by its alias: [`UriReference`] (RFC 3986) or [`IriReference`] (RFC 3987);
/// the `S` parameter is the [spec](crate::spec) (explained there, once),
/// and is never written in user code.
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
pub struct RiReference<'a, S: Spec> {
    parts: Components<'a, S>,
}

/// A `URI` (RFC 3986 §3): a reference with a scheme, perhaps with a fragment.
///
/// Name it by its alias: [`Uri`] (RFC 3986) or [`Iri`] (RFC 3987);
/// the `S` parameter is the [spec](crate::spec) (explained there, once),
/// and is never written in user code.
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
pub struct Ri<'a, S: Spec> {
    parts: Components<'a, S>,
}

/// A `relative-ref` (RFC 3986 §4.2): a reference without a scheme.
///
/// Name it by its alias: [`RelativeRef`] (RFC 3986) or [`RelativeIri`] (RFC 3987);
/// the `S` parameter is the [spec](crate::spec) (explained there, once),
/// and is never written in user code.
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
pub struct RelativeRi<'a, S: Spec> {
    parts: Components<'a, S>,
}

impl<'a, S: Spec> RiReference<'a, S> {
    /// Wraps components the parser made for this type's rule under `S`.
    #[inline]
    pub(crate) const fn wrap(parts: Components<'a, S>) -> Self {
        RiReference { parts }
    }

    /// Parses `URI-reference` (RFC 3986 §4.1), or `IRI-reference` (RFC 3987
    /// §2.2) under [`IriSpec`], strictly.
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

    /// Parses `URI-reference` (or `IRI-reference`) with [`ParseOptions`].
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
        let layout = parser::parse::<S>(input, options, Rule::Reference)?;
        Ok(RiReference {
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
    pub const fn components(&self) -> Components<'a, S> {
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

    /// This reference as a [`Ri`] of its spec, if it has a scheme: the
    /// name for code generic over the [`Spec`]; [`UriReference::as_uri`]
    /// and [`IriReference::as_iri`] say which one they give.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::IriReference;
    ///
    /// assert!(IriReference::parse("a:é")?.as_ri().is_some());
    /// assert!(IriReference::parse("é")?.as_ri().is_none());
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn as_ri(&self) -> Option<Ri<'a, S>> {
        (!self.is_relative()).then_some(Ri { parts: self.parts })
    }

    /// This reference as a [`RelativeRi`] ([`RelativeRef`] or
    /// [`RelativeIri`]), if it has no scheme.
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
    pub fn as_relative_ref(&self) -> Option<RelativeRi<'a, S>> {
        self.is_relative()
            .then_some(RelativeRi { parts: self.parts })
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
    pub fn to_buf(&self) -> RiReferenceBuf<S> {
        RiReferenceBuf::from_parts(self.parts)
    }

    component_getters!(UriReference, 'a, uri_core::ParseError, "https://user@example.com:8080/a/b?q=1#frag");
}

impl<'a, S: Spec> Ri<'a, S> {
    /// Wraps components the parser made for this type's rule under `S`.
    #[inline]
    pub(crate) const fn wrap(parts: Components<'a, S>) -> Self {
        Ri { parts }
    }

    /// Parses `URI` (RFC 3986 §3), or `IRI` (RFC 3987 §2.2) under
    /// [`IriSpec`]: a scheme is required.
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

    /// Parses `URI` (or `IRI`) with [`ParseOptions`].
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
        let layout = parser::parse::<S>(input, options, Rule::Uri)?;
        Ok(Ri {
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
    pub const fn components(&self) -> Components<'a, S> {
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

    /// This URI or IRI as a [`RiReference`] of its spec: the name for
    /// code generic over the [`Spec`]; [`Uri::as_uri_reference`] and
    /// [`Iri::as_iri_reference`] say which one they give.
    ///
    /// # Examples
    ///
    /// ```
    /// let iri = uri_core::Iri::parse("a:é")?;
    /// assert_eq!(iri.as_ri_reference().scheme(), Some("a"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub const fn as_ri_reference(&self) -> RiReference<'a, S> {
        RiReference { parts: self.parts }
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
    pub fn to_buf(&self) -> RiBuf<S> {
        RiBuf::from_parts(self.parts)
    }

    component_getters!(Uri, 'a, uri_core::ParseError, "https://user@example.com:8080/a/b?q=1#frag");
}

impl<S: Spec> Ri<'static, S> {
    /// Parses a `'static` string that is known to be a valid `URI` (RFC
    /// 3986 §3; `IRI` under [`IriSpec`]), such as a literal in the source.
    ///
    /// For a literal, prefer the [`uri!`](crate::uri!) macro, which checks
    /// it when compiling.
    ///
    /// # Panics
    ///
    /// If `input` is not a valid URI, with the parse error in the message.
    /// Use [`Uri::parse`] for input that may be invalid.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    ///
    /// static HOME: &str = "https://example.com/";
    /// assert_eq!(Uri::from_static(HOME).host_str(), Some("example.com"));
    /// ```
    ///
    /// ```should_panic
    /// uri_core::Uri::from_static("not a uri");
    /// ```
    #[track_caller]
    // Panics by contract (see `# Panics`): the one sanctioned panic path of
    // uri-core besides the `uri!` macro's compile-time check.
    #[allow(clippy::panic)]
    pub fn from_static(input: &'static str) -> Self {
        match Self::parse(input) {
            Ok(uri) => uri,
            Err(e) => panic!("invalid {} literal {input:?}: {e}", S::NAME),
        }
    }
}

impl<'a, S: Spec> RelativeRi<'a, S> {
    /// Wraps components the parser made for this type's rule under `S`.
    #[inline]
    pub(crate) const fn wrap(parts: Components<'a, S>) -> Self {
        RelativeRi { parts }
    }

    /// Parses `relative-ref` (RFC 3986 §4.2), or `irelative-ref` under
    /// [`IriSpec`]: no scheme, and no `:` in the
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

    /// Parses `relative-ref` (or `irelative-ref`) with [`ParseOptions`].
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
        let layout = parser::parse::<S>(input, options, Rule::Relative)?;
        Ok(RelativeRi {
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
    pub const fn components(&self) -> Components<'a, S> {
        self.parts
    }

    /// This relative reference as a [`RiReference`] of its spec: the name
    /// for code generic over the [`Spec`]; [`RelativeRef::as_uri_reference`]
    /// and [`RelativeIri::as_iri_reference`] say which one they give.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::RelativeIri::parse("é")?;
    /// assert!(r.as_ri_reference().is_relative());
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub const fn as_ri_reference(&self) -> RiReference<'a, S> {
        RiReference { parts: self.parts }
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
    pub fn to_buf(&self) -> RelativeRiBuf<S> {
        RelativeRiBuf::from_parts(self.parts)
    }

    component_getters!(RelativeRef, 'a, uri_core::ParseError, "//user@example.com:8080/a/b?q=1#frag");
}

text_traits!(RiReference['a], reference);
text_traits!(Ri['a], absolute);
text_traits!(RelativeRi['a], relative);

/// The empty reference, a valid `URI-reference` (RFC 3986 §4.1).
///
/// # Examples
///
/// ```
/// assert_eq!(uri_core::UriReference::default(), "");
/// ```
impl<S: Spec> Default for RiReference<'_, S> {
    fn default() -> Self {
        RiReference::wrap(Components::new("", crate::parser::Layout::EMPTY))
    }
}

/// The empty relative reference (RFC 3986 §4.2).
///
/// # Examples
///
/// ```
/// assert_eq!(uri_core::RelativeRef::default().path(), "");
/// ```
impl<S: Spec> Default for RelativeRi<'_, S> {
    fn default() -> Self {
        RelativeRi::wrap(Components::new("", crate::parser::Layout::EMPTY))
    }
}

impl<'a, S: Spec> TryFrom<&'a str> for RiReference<'a, S> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        Self::parse(input)
    }
}

impl<'a, S: Spec> TryFrom<&'a str> for Ri<'a, S> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        Self::parse(input)
    }
}

impl<'a, S: Spec> TryFrom<&'a str> for RelativeRi<'a, S> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        Self::parse(input)
    }
}

impl<'a, S: Spec> From<Ri<'a, S>> for RiReference<'a, S> {
    fn from(uri: Ri<'a, S>) -> Self {
        uri.as_ri_reference()
    }
}

impl<'a, S: Spec> From<RelativeRi<'a, S>> for RiReference<'a, S> {
    fn from(r: RelativeRi<'a, S>) -> Self {
        r.as_ri_reference()
    }
}

/// Fails with [`MissingScheme`](ParseErrorKind::MissingScheme) at 0 for a
/// relative reference, as [`Uri::parse`] would.
impl<'a, S: Spec> TryFrom<RiReference<'a, S>> for Ri<'a, S> {
    type Error = ParseError;

    fn try_from(r: RiReference<'a, S>) -> Result<Self, ParseError> {
        r.as_ri()
            .ok_or(ParseError::new(ParseErrorKind::MissingScheme, 0))
    }
}

/// Fails with [`ColonInFirstSegment`](ParseErrorKind::ColonInFirstSegment) at
/// the scheme's `:` for a URI, as [`RelativeRef::parse`] would.
impl<'a, S: Spec> TryFrom<RiReference<'a, S>> for RelativeRi<'a, S> {
    type Error = ParseError;

    fn try_from(r: RiReference<'a, S>) -> Result<Self, ParseError> {
        r.as_relative_ref().ok_or(ParseError::new(
            ParseErrorKind::ColonInFirstSegment,
            r.parts.layout().scheme_end,
        ))
    }
}

/// Every URI is an IRI (RFC 3987 §2): the same text and components, no copy.
macro_rules! uri_is_iri {
    ($($Type:ident),*) => {$(
        impl<'a> From<$Type<'a, UriSpec>> for $Type<'a, IriSpec> {
            fn from(uri: $Type<'a, UriSpec>) -> Self {
                let parts = uri.components();
                $Type { parts: Components::new(parts.as_str(), parts.layout()) }
            }
        }
    )*};
}

uri_is_iri!(RiReference, Ri, RelativeRi);

/// An IRI that is ASCII is a URI (RFC 3987 §3.1: its mapping changes
/// nothing): the same text and components, no copy. An IRI with a
/// non-ASCII character gives the error that parsing its text as a URI
/// gives, at that character's first byte; `uri-iri`'s `to_uri` maps it.
macro_rules! ascii_iri_is_uri {
    ($($Type:ident),*) => {$(
        impl<'a> TryFrom<$Type<'a, IriSpec>> for $Type<'a, UriSpec> {
            type Error = ParseError;

            fn try_from(iri: $Type<'a, IriSpec>) -> Result<Self, ParseError> {
                let parts = iri.components();
                if parts.as_str().is_ascii() {
                    Ok($Type { parts: Components::new(parts.as_str(), parts.layout()) })
                } else {
                    // The same grammar on ASCII: the first error is at the
                    // first non-ASCII byte, where the URI grammar stops
                    // (options that accept whatever the IRI was parsed
                    // with, so that nothing before it is refused).
                    $Type::parse_with(parts.as_str(), crate::ParseOptions::PERMISSIVE)
                }
            }
        }
    )*};
}

ascii_iri_is_uri!(RiReference, Ri, RelativeRi);
