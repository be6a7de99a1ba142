//! Decoded views of the components of `uri-core`'s reference types.

use alloc::borrow::Cow;

use uri_core::{
    Components, HostKind, RelativeRef, RelativeRefBuf, Uri, UriBuf, UriReference, UriReferenceBuf,
};

use crate::{DecodeError, QueryPairs, Separator, decode_utf8};

/// Percent-decoded components, for every reference type of `uri-core`.
///
/// `uri-core` returns components exactly as written; import this trait to
/// read them decoded. Decoding a whole path or query loses the difference
/// between a delimiter and an encoded one (`a%2Fb` vs `a/b`), so prefer
/// [`path_segments_decoded`](DecodeComponents::path_segments_decoded) and
/// [`query_pairs`](DecodeComponents::query_pairs) where that matters.
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
/// use uri_encode::DecodeComponents;
///
/// let uri = Uri::parse("http://j%C3%BCrgen@example.com/a%20b/c%2Fd?q=%C3%A9#s%C3%A9")?;
/// assert_eq!(uri.userinfo_decoded().unwrap()?, "jürgen");
/// assert_eq!(uri.path_decoded()?, "/a b/c/d");
/// let segments: Vec<_> = uri.path_segments_decoded().collect::<Result<_, _>>()?;
/// assert_eq!(segments, ["a b", "c/d"]);
/// assert_eq!(uri.query_pairs().get("q").as_deref(), Some("é"));
/// assert_eq!(uri.fragment_decoded().unwrap()?, "sé");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait DecodeComponents {
    /// The parsed components this trait decodes.
    fn encoded_components(&self) -> Components<'_>;

    /// The userinfo, decoded to UTF-8.
    ///
    /// # Errors
    ///
    /// A bad `%` triplet or invalid UTF-8.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::DecodeComponents;
    ///
    /// let uri = uri_core::Uri::parse("ftp://a%40b@h/")?;
    /// assert_eq!(uri.userinfo_decoded().unwrap()?, "a@b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn userinfo_decoded(&self) -> Option<Result<Cow<'_, str>, DecodeError>> {
        self.encoded_components().userinfo().map(decode_utf8)
    }

    /// The host: a registered name decoded to UTF-8; an IPv4 address or an
    /// IP literal exactly as written (the `%25` before an IPv6 zone is a
    /// delimiter, not an encoded `%`).
    ///
    /// # Errors
    ///
    /// A bad `%` triplet or invalid UTF-8.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::DecodeComponents;
    ///
    /// let uri = uri_core::Uri::parse("http://b%C3%BCcher.example/")?;
    /// assert_eq!(uri.host_decoded().unwrap()?, "bücher.example");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn host_decoded(&self) -> Option<Result<Cow<'_, str>, DecodeError>> {
        let parts = self.encoded_components();
        let host = parts.host_str()?;
        Some(match parts.host_kind() {
            Some(HostKind::RegName) => decode_utf8(host),
            // An IP literal's `%25` introduces a zone: not an encoded byte.
            _ => Ok(Cow::Borrowed(host)),
        })
    }

    /// The whole path, decoded to UTF-8.
    ///
    /// # Errors
    ///
    /// A bad `%` triplet or invalid UTF-8.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::DecodeComponents;
    ///
    /// let r = uri_core::UriReference::parse("/caf%C3%A9")?;
    /// assert_eq!(r.path_decoded()?, "/café");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn path_decoded(&self) -> Result<Cow<'_, str>, DecodeError> {
        decode_utf8(self.encoded_components().path())
    }

    /// Each path segment, decoded to UTF-8: an encoded `/` stays inside
    /// its segment.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::DecodeComponents;
    ///
    /// let r = uri_core::UriReference::parse("/a%2Fb/c")?;
    /// let segments: Vec<_> = r.path_segments_decoded().collect::<Result<_, _>>()?;
    /// assert_eq!(segments, ["a/b", "c"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn path_segments_decoded(&self) -> impl Iterator<Item = Result<Cow<'_, str>, DecodeError>> {
        self.encoded_components().path_segments().map(decode_utf8)
    }

    /// The query's `&`-separated pairs (RFC 3986: `+` stays `+`); none
    /// when there is no query. See [`QueryPairs`] for `;`, and
    /// [`form_pairs`](DecodeComponents::form_pairs) for form data with `+`
    /// as a space.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::DecodeComponents;
    ///
    /// let uri = uri_core::Uri::parse("http://h/?a=1&b&c=x+y")?;
    /// assert_eq!(uri.query_pairs().count(), 3);
    /// assert_eq!(uri.query_pairs().get("c").as_deref(), Some("x+y"));
    /// assert_eq!(uri_core::Uri::parse("http://h/")?.query_pairs().count(), 0);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    fn query_pairs(&self) -> QueryPairs<'_> {
        QueryPairs::new(
            self.encoded_components().query().unwrap_or_default(),
            Separator::Ampersand,
        )
    }

    /// The query read as form data (`application/x-www-form-urlencoded`):
    /// pairs separated by `&`, with `+` decoded as a space; none when there
    /// is no query. [`QueryPairs::decoded`] gives each pair as text.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::DecodeComponents;
    ///
    /// let uri = uri_core::Uri::parse("http://h/search?q=caf%C3%A9+cr%C3%A8me&page=2")?;
    /// assert_eq!(uri.form_pairs().get("q").as_deref(), Some("café crème"));
    /// let pairs: Vec<_> = uri.form_pairs().decoded().collect();
    /// assert_eq!(pairs, [("q".into(), "café crème".into()), ("page".into(), "2".into())]);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    fn form_pairs(&self) -> QueryPairs<'_> {
        QueryPairs::form(self.encoded_components().query().unwrap_or_default())
    }

    /// The whole query, decoded to UTF-8.
    ///
    /// # Errors
    ///
    /// A bad `%` triplet or invalid UTF-8.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::DecodeComponents;
    ///
    /// let uri = uri_core::Uri::parse("urn:x?%C3%A9")?;
    /// assert_eq!(uri.query_decoded().unwrap()?, "é");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn query_decoded(&self) -> Option<Result<Cow<'_, str>, DecodeError>> {
        self.encoded_components().query().map(decode_utf8)
    }

    /// The fragment, decoded to UTF-8.
    ///
    /// # Errors
    ///
    /// A bad `%` triplet or invalid UTF-8.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::DecodeComponents;
    ///
    /// let r = uri_core::UriReference::parse("#a%20b")?;
    /// assert_eq!(r.fragment_decoded().unwrap()?, "a b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn fragment_decoded(&self) -> Option<Result<Cow<'_, str>, DecodeError>> {
        self.encoded_components().fragment().map(decode_utf8)
    }
}

macro_rules! decode_components {
    ($($Type:ty),*) => {
        $(
            impl DecodeComponents for $Type {
                fn encoded_components(&self) -> Components<'_> {
                    self.components()
                }
            }
        )*
    };
}

decode_components!(
    Uri<'_>,
    UriReference<'_>,
    RelativeRef<'_>,
    UriBuf,
    UriReferenceBuf,
    RelativeRefBuf
);

impl DecodeComponents for Components<'_> {
    fn encoded_components(&self) -> Components<'_> {
        *self
    }
}
