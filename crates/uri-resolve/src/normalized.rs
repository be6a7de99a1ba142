//! A URI whose equality and hash follow normalized equivalence.

use core::fmt;
use core::hash::{Hash, Hasher};

use uri_core::{Iri, IriBuf, IriSpec, Ri, RiBuf, Spec, Uri, UriBuf, UriSpec};

use crate::normalize::{SchemeNormalizer, normalize_uri, normalize_uri_with};

/// A URI kept in its normal form, so that `Eq`, `Ord` and `Hash` follow
/// equivalence (RFC 3986 §6.2.2, and §6.2.3 with scheme rules): two
/// `NormalizedUri`s are equal exactly when their normal forms are, and can
/// key a `HashMap` or `BTreeMap` to deduplicate URIs.
///
/// # Examples
///
/// ```
/// use std::collections::HashSet;
/// use uri_core::Uri;
/// use uri_resolve::NormalizedUri;
///
/// let mut seen = HashSet::new();
/// for text in ["http://example.org/~user", "HTTP://example.org/%7euser", "http://EXAMPLE.org/a/../%7Euser"] {
///     seen.insert(NormalizedUri::new(Uri::parse(text)?));
/// }
/// assert_eq!(seen.len(), 1);
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Clone)]
pub struct NormalizedUri<S: Spec = UriSpec> {
    uri: RiBuf<S>,
}

impl<S: Spec> NormalizedUri<S> {
    /// The syntax-based normal form of `uri`.
    ///
    /// # Examples
    ///
    /// ```
    /// let n = uri_resolve::NormalizedUri::new(uri_core::Uri::parse("HTTP://A/b")?);
    /// assert_eq!(n.as_str(), "http://a/b");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn new(uri: Ri<'_, S>) -> Self {
        NormalizedUri {
            uri: normalize_uri(uri),
        }
    }

    /// The normal form as a [`Ri`] of its spec: the name for code generic
    /// over the [`Spec`]; `as_uri` (under [`UriSpec`]) and `as_iri` (under
    /// `IriSpec`) say which one they give.
    ///
    /// # Examples
    ///
    /// ```
    /// let n = uri_resolve::NormalizedUri::new(uri_core::Iri::parse("http://a/./é")?);
    /// assert_eq!(n.as_ri().path(), "/é");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn as_ri(&self) -> Ri<'_, S> {
        self.uri.as_ri()
    }

    /// The normal form's text.
    ///
    /// # Examples
    ///
    /// ```
    /// let n = uri_resolve::NormalizedUri::new(uri_core::Uri::parse("http://a/%7e")?);
    /// assert_eq!(n.as_str(), "http://a/~");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        self.uri.as_str()
    }

    /// The normal form, owned, of its spec: the name for code generic over
    /// the [`Spec`]; `into_uri_buf` (under [`UriSpec`]) and `into_iri_buf`
    /// (under `IriSpec`) say which one they give.
    ///
    /// # Examples
    ///
    /// ```
    /// let n = uri_resolve::NormalizedUri::new(uri_core::Iri::parse("HTTP://a/é")?);
    /// assert_eq!(n.into_ri_buf(), "http://a/é");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn into_ri_buf(self) -> RiBuf<S> {
        self.uri
    }
}

impl NormalizedUri<UriSpec> {
    /// The normal form as a [`Uri`].
    ///
    /// # Examples
    ///
    /// ```
    /// let n = uri_resolve::NormalizedUri::new(uri_core::Uri::parse("http://a/./b")?);
    /// assert_eq!(n.as_uri().path(), "/b");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn as_uri(&self) -> Uri<'_> {
        self.uri.as_uri()
    }

    /// The normal form, as an owned [`UriBuf`].
    ///
    /// # Examples
    ///
    /// ```
    /// let n = uri_resolve::NormalizedUri::new(uri_core::Uri::parse("http://a")?);
    /// assert_eq!(n.into_uri_buf(), "http://a");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn into_uri_buf(self) -> UriBuf {
        self.uri
    }
}

impl NormalizedUri<IriSpec> {
    /// The normal form as an [`Iri`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Iri, IriSpec};
    /// use uri_resolve::NormalizedUri;
    ///
    /// let n: NormalizedUri<IriSpec> = NormalizedUri::new(Iri::parse("http://a/./é")?);
    /// assert_eq!(n.as_iri().path(), "/é");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn as_iri(&self) -> Iri<'_> {
        self.uri.as_iri()
    }

    /// The normal form, as an owned [`IriBuf`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Iri, IriSpec};
    /// use uri_resolve::NormalizedUri;
    ///
    /// let n: NormalizedUri<IriSpec> = NormalizedUri::new(Iri::parse("HTTP://a/é")?);
    /// assert_eq!(n.into_iri_buf(), "http://a/é");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn into_iri_buf(self) -> IriBuf {
        self.uri
    }
}

impl NormalizedUri<UriSpec> {
    /// The normal form of `uri` by syntax and then by `rules`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_resolve::{NormalizedUri, SyntaxOnly};
    ///
    /// let n = NormalizedUri::with_rules(uri_core::Uri::parse("HTTP://A/b")?, &SyntaxOnly);
    /// assert_eq!(n.as_str(), "http://a/b");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn with_rules(uri: Uri<'_>, rules: &impl SchemeNormalizer) -> Self {
        NormalizedUri {
            uri: normalize_uri_with(uri, rules),
        }
    }
}

impl<S: Spec> PartialEq for NormalizedUri<S> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl<S: Spec> Eq for NormalizedUri<S> {}

impl<S: Spec> PartialOrd for NormalizedUri<S> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<S: Spec> Ord for NormalizedUri<S> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl<S: Spec> Hash for NormalizedUri<S> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl<S: Spec> fmt::Display for NormalizedUri<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<S: Spec> fmt::Debug for NormalizedUri<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("NormalizedUri")
            .field(&self.uri.redacted())
            .finish()
    }
}

impl<S: Spec> From<Ri<'_, S>> for NormalizedUri<S> {
    fn from(uri: Ri<'_, S>) -> Self {
        NormalizedUri::new(uri)
    }
}
