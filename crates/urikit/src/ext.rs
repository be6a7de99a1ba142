//! [`UriExt`]: resolution, normalization and comparison as methods on the
//! URI types, for the prelude.

use uri_core::{Uri, UriBuf, UriReference};

use crate::Error;

/// Resolution, normalization and comparison as methods of [`Uri`] and
/// [`UriBuf`] (with the `resolve` feature; in the prelude).
///
/// Each method calls the function of `uri-resolve` (or, for
/// [`equivalent`](UriExt::equivalent) with the `schemes` feature,
/// `uri-schemes`) that does the work; see those for the details.
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
    /// This URI, borrowed.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// let owned = UriBuf::parse("a:b")?;
    /// assert_eq!(owned.to_uri(), Uri::parse("a:b")?);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    fn to_uri(&self) -> Uri<'_>;

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
        Ok(uri_resolve::resolve(self.to_uri(), reference))
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
        uri_resolve::normalize_uri(self.to_uri())
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
        uri_resolve::normalized_eq(self.to_uri().into(), other.to_uri().into())
    }

    /// Whether the two URIs are equivalent: with the `schemes` feature,
    /// by the rules of their scheme as well as the syntax (RFC 3986 §6.2.3:
    /// `http://a:80/` and `http://a` are equivalent; urn and mailto have
    /// their own rules), through the standard registry of
    /// `urikit::schemes`: with `std`, `Registry::shared()`, built once for
    /// the program; without `std`, `Registry::standard()`, built for each
    /// call (keep a `Registry` then, for many comparisons). Without the
    /// `schemes` feature, the same as
    /// [`normalized_eq`](UriExt::normalized_eq).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// let a = Uri::parse("http://example.com/")?;
    /// let b = Uri::parse("HTTP://example.com:80")?;
    /// assert_eq!(a.equivalent(&b), cfg!(feature = "schemes"));
    /// assert!(a.equivalent(&Uri::parse("http://EXAMPLE.com/")?));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    fn equivalent(&self, other: &impl UriExt) -> bool {
        #[cfg(all(feature = "schemes", feature = "std"))]
        {
            uri_schemes::Registry::shared().equivalent(self.to_uri().into(), other.to_uri().into())
        }
        #[cfg(all(feature = "schemes", not(feature = "std")))]
        {
            uri_schemes::Registry::standard()
                .equivalent(self.to_uri().into(), other.to_uri().into())
        }
        #[cfg(not(feature = "schemes"))]
        {
            self.normalized_eq(other)
        }
    }
}

impl UriExt for Uri<'_> {
    fn to_uri(&self) -> Uri<'_> {
        *self
    }
}

impl UriExt for UriBuf {
    fn to_uri(&self) -> Uri<'_> {
        self.as_uri()
    }
}
