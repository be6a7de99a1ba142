//! [`UriExt`] and [`IriExt`]: resolution, normalization and comparison as
//! methods on the URI and IRI types, for the prelude.

use uri_core::{Iri, IriBuf, IriReference, Uri, UriBuf, UriReference};

use crate::error::Error;

/// Resolution, normalization and comparison as methods of [`Uri`] and
/// [`UriBuf`] (with the `resolve` feature; in the prelude).
///
/// Each method calls the function of `uri-resolve` (or, for
/// `equivalent`, which the `schemes` feature adds, `uri-schemes`) that
/// does the work; see those for the details.
///
/// # Examples
///
/// ```
/// use urikit::prelude::*;
///
/// let base = Uri::parse("http://example.com/a/b/c")?;
/// assert_eq!(base.join("../d?x=1")?, "http://example.com/a/d?x=1");
/// assert_eq!(Uri::parse("HTTP://Example.COM/%7euser/./x")?.normalize(), "http://example.com/~user/x");
/// assert!(base.normalized_eq(&Uri::parse("http://EXAMPLE.com/a/./b/c")?));
/// # Ok::<(), urikit::Error>(())
/// ```
pub trait UriExt {
    /// This URI, borrowed: a view, no copy (the name every `as_*` method
    /// has; `UriBuf`'s own `as_uri` gives the same).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// fn scheme_of(uri: &impl UriExt) -> &str {
    ///     uri.as_uri().scheme()
    /// }
    /// assert_eq!(scheme_of(&UriBuf::parse("a:b")?), "a");
    /// assert_eq!(scheme_of(&Uri::parse("c:d")?), "c");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    fn as_uri(&self) -> Uri<'_>;

    /// Resolves `reference` against this URI as the base (RFC 3986 §5.2,
    /// strict): what a browser does with a link on the page at this URI.
    /// A fragment of the base is ignored (§5.1).
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] if `reference` is not a `URI-reference`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(base.join("g;x?y#s")?, "http://a/b/c/g;x?y#s");
    /// assert_eq!(base.join("../../../g")?, "http://a/g");
    /// assert_eq!(base.join("//h/x")?, "http://h/x");
    /// assert!(base.join("a b").is_err());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    fn join(&self, reference: &str) -> Result<UriBuf, Error> {
        let reference = UriReference::parse(reference)?;
        Ok(uri_resolve::resolve(self.as_uri(), reference))
    }

    /// The syntax-based normal form (RFC 3986 §6.2.2): lower-case scheme
    /// and host, upper-case hex digits, unreserved characters decoded, dot
    /// segments removed. It knows no scheme's rules (a default port stays);
    /// see `urikit::schemes::Registry::normalize` for those.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// let uri = Uri::parse("hTTp://a/b/../%63?%7a")?;
    /// assert_eq!(uri.normalize(), "http://a/c?z");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    fn normalize(&self) -> UriBuf {
        uri_resolve::normalize_uri(self.as_uri())
    }

    /// Whether the two URIs have the same syntax-based normal form (RFC
    /// 3986 §6.2.2): [`normalize`](UriExt::normalize) compared, without
    /// allocating.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// let a = Uri::parse("http://example.com/~a")?;
    /// assert!(a.normalized_eq(&Uri::parse("HTTP://example.com/%7Ea")?));
    /// assert!(!a.normalized_eq(&Uri::parse("http://example.com:80/~a")?));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    fn normalized_eq(&self, other: &impl UriExt) -> bool {
        uri_resolve::normalized_eq(self.as_uri().into(), other.as_uri().into())
    }

    /// Whether the two URIs are equivalent by the rules of their scheme as
    /// well as the syntax (RFC 3986 §6.2.3: `http://a:80/` and `http://a`
    /// are equivalent; urn and mailto have their own rules), through the
    /// standard registry of `urikit::schemes`: with `std`,
    /// `Registry::shared()`, built once for the program; without `std`,
    /// `Registry::standard()`, built for each call (keep a `Registry`
    /// then, for many comparisons). With the `schemes` feature only, so
    /// that turning a feature on never changes an answer;
    /// [`normalized_eq`](UriExt::normalized_eq) compares by syntax alone.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// let a = Uri::parse("http://example.com/")?;
    /// assert!(a.equivalent(&Uri::parse("HTTP://example.com:80")?));
    /// assert!(a.equivalent(&Uri::parse("http://EXAMPLE.com/")?));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[cfg(feature = "schemes")]
    fn equivalent(&self, other: &impl UriExt) -> bool {
        registry().equivalent(self.as_uri().into(), other.as_uri().into())
    }
}

/// The standard registry: shared with `std`, else built for the call.
#[cfg(all(feature = "schemes", feature = "std"))]
fn registry() -> &'static uri_schemes::Registry {
    uri_schemes::Registry::shared()
}

/// The standard registry: shared with `std`, else built for the call.
#[cfg(all(feature = "schemes", not(feature = "std")))]
fn registry() -> uri_schemes::Registry {
    uri_schemes::Registry::standard()
}

impl UriExt for Uri<'_> {
    fn as_uri(&self) -> Uri<'_> {
        *self
    }
}

impl UriExt for UriBuf {
    fn as_uri(&self) -> Uri<'_> {
        UriBuf::as_uri(self)
    }
}

/// [`UriExt`]'s methods on the IRI types [`Iri`] and [`IriBuf`] (with the
/// `resolve` feature; in the prelude): resolution, normalization and
/// comparison of RFC 3987 IRIs, which work as for URIs on the same
/// generic functions of `uri-resolve` (RFC 3987 §6.5: IRI references are
/// resolved as URI references are).
///
/// # Examples
///
/// ```
/// use urikit::prelude::*;
///
/// let base = Iri::parse("http://example.org/wiki/Überblick")?;
/// assert_eq!(base.join("Москва?q=1")?, "http://example.org/wiki/Москва?q=1");
/// assert!(base.normalized_eq(&Iri::parse("HTTP://example.org/wiki/./%C3%9Cberblick")?));
/// assert_eq!(Iri::parse("HTTP://example.org/a/../é")?.normalize(), "http://example.org/é");
/// # Ok::<(), urikit::Error>(())
/// ```
pub trait IriExt {
    /// This IRI, borrowed: a view, no copy (`IriBuf`'s own `as_iri`
    /// gives the same).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// fn scheme_of(iri: &impl IriExt) -> &str {
    ///     iri.as_iri().scheme()
    /// }
    /// assert_eq!(scheme_of(&IriBuf::parse("a:é")?), "a");
    /// assert_eq!(scheme_of(&Iri::parse("c:ü")?), "c");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    fn as_iri(&self) -> Iri<'_>;

    /// This IRI mapped to a URI (RFC 3987 §3.1): every character that is
    /// not ASCII percent-encoded as UTF-8, the host too (for `xn--` hosts,
    /// `urikit::iri::to_uri_with`). Borrowed when the IRI is ASCII. With
    /// the `iri` feature.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// let iri = Iri::parse("https://bücher.example/ü")?;
    /// assert_eq!(iri.to_uri(), "https://b%C3%BCcher.example/%C3%BC");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[cfg(feature = "iri")]
    fn to_uri(&self) -> uri_iri::UriCow<'_> {
        uri_iri::to_uri(self.as_iri())
    }

    /// Resolves `reference` (an IRI reference) against this IRI as the
    /// base (RFC 3986 §5.2, strict, as RFC 3987 §6.5 says). A fragment of
    /// the base is ignored (§5.1).
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] if `reference` is not an `IRI-reference`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// let base = Iri::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(base.join("../ü")?, "http://a/b/ü");
    /// assert!(base.join("a b").is_err());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    fn join(&self, reference: &str) -> Result<IriBuf, Error> {
        let reference = IriReference::parse(reference)?;
        Ok(uri_resolve::resolve(self.as_iri(), reference))
    }

    /// The syntax-based normal form (RFC 3987 §5.3.2, RFC 3986 §6.2.2):
    /// lower-case scheme and host, upper-case hex digits, dot segments
    /// removed, and `iunreserved` characters decoded: unreserved ASCII,
    /// and the UTF-8 triplets of a character the component may hold
    /// (§5.3.2.3), so `%C3%A9` becomes `é`. No Unicode normalization is
    /// applied: for NFC (§5.3.2.2), `urikit::iri::normalize` with
    /// `Normalization::Nfc`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// let iri = Iri::parse("hTTp://a/b/../%63é?%7a%C3%BC")?;
    /// assert_eq!(iri.normalize(), "http://a/cé?zü");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    fn normalize(&self) -> IriBuf {
        uri_resolve::normalize_uri(self.as_iri())
    }

    /// Whether the two IRIs have the same syntax-based normal form
    /// ([`normalize`](IriExt::normalize) compared, without allocating).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// let a = Iri::parse("http://example.org/~é")?;
    /// assert!(a.normalized_eq(&Iri::parse("HTTP://example.org/%7e%C3%A9")?));
    /// // NFD is not NFC: without Unicode normalization, two IRIs.
    /// assert!(!a.normalized_eq(&Iri::parse("http://example.org/~e\u{301}")?));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    fn normalized_eq(&self, other: &impl IriExt) -> bool {
        uri_resolve::normalized_eq(self.as_iri().into(), other.as_iri().into())
    }

    /// Whether the two IRIs are equivalent: each mapped to a URI (RFC
    /// 3987 §3.1, every character that is not ASCII percent-encoded as
    /// UTF-8) and the two compared as [`UriExt::equivalent`] compares
    /// URIs (`Registry::equivalent_iri`); so `http://é.example/ü` and
    /// `http://%C3%A9.example/%C3%BC` are equivalent. With the `schemes`
    /// feature only, as [`UriExt::equivalent`].
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// let a = Iri::parse("http://example.org/ü")?;
    /// assert!(a.equivalent(&Iri::parse("http://example.org:80/%C3%BC")?));
    /// assert!(a.equivalent(&Iri::parse("HTTP://example.org/ü")?));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[cfg(feature = "schemes")]
    fn equivalent(&self, other: &impl IriExt) -> bool {
        registry().equivalent_iri(self.as_iri().into(), other.as_iri().into())
    }
}

impl IriExt for Iri<'_> {
    fn as_iri(&self) -> Iri<'_> {
        *self
    }
}

impl IriExt for IriBuf {
    fn as_iri(&self) -> Iri<'_> {
        IriBuf::as_iri(self)
    }
}
