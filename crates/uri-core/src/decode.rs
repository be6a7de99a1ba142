//! Percent-decoded components (RFC 3986 §2.1), as methods of every
//! reference type: [`Components`] holds them, and each reference type
//! hands them on (see `macros.rs`). The decoding is `uri-encode`'s.
//!
//! Decoding a whole path or query loses the difference between a
//! delimiter and an encoded one (`a%2Fb` vs `a/b`), so prefer
//! [`Components::path_segments_decoded`] and [`Components::query_pairs`]
//! where that matters.

use alloc::borrow::Cow;

use uri_encode::{DecodeError, QueryPairs, Separator, decode_utf8};

use crate::components::{Components, HostKind};

use crate::spec::Spec;

impl<'a, S: Spec> Components<'a, S> {
    /// The userinfo, percent-decoded to UTF-8.
    ///
    /// # Errors
    ///
    /// A bad `%` triplet or invalid UTF-8.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("ftp://a%40b@h/")?;
    /// assert_eq!(uri.components().userinfo_decoded().unwrap()?, "a@b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn userinfo_decoded(&self) -> Option<Result<Cow<'a, str>, DecodeError>> {
        self.userinfo().map(decode_utf8)
    }

    /// The host: a registered name decoded to UTF-8; an IPv4 address or an
    /// IP literal exactly as written (the `%25` before an IPv6 zone is a
    /// delimiter, not an encoded `%`).
    ///
    /// # Errors
    ///
    /// A bad `%` triplet or invalid UTF-8 in a registered name.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{ParseOptions, UriReference};
    ///
    /// let uri = uri_core::Uri::parse("http://b%C3%BCcher.example/")?;
    /// assert_eq!(uri.components().host_decoded().unwrap()?, "bücher.example");
    /// let zoned = UriReference::parse_with("http://[fe80::1%25eth0]/", ParseOptions::new().allow_zone_id(true))?;
    /// assert_eq!(zoned.host_decoded().unwrap()?, "[fe80::1%25eth0]");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn host_decoded(&self) -> Option<Result<Cow<'a, str>, DecodeError>> {
        let host = self.host_str()?;
        Some(match self.host_kind() {
            Some(HostKind::RegName) => decode_utf8(host),
            // An IP literal's `%25` introduces a zone: not an encoded byte.
            _ => Ok(Cow::Borrowed(host)),
        })
    }

    /// The path, percent-decoded to UTF-8 (an encoded `/` becomes a `/`).
    ///
    /// # Errors
    ///
    /// A bad `%` triplet or invalid UTF-8.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("http://h/a%20b/c%2Fd")?;
    /// assert_eq!(uri.components().path_decoded()?, "/a b/c/d");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn path_decoded(&self) -> Result<Cow<'a, str>, DecodeError> {
        decode_utf8(self.path())
    }

    /// The path's segments, each percent-decoded to UTF-8 (an encoded `/`
    /// stays inside its segment).
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("http://h/a%20b/c%2Fd")?;
    /// let segments: Vec<_> = uri.components().path_segments_decoded().collect::<Result<_, _>>()?;
    /// assert_eq!(segments, ["a b", "c/d"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn path_segments_decoded(
        &self,
    ) -> impl Iterator<Item = Result<Cow<'a, str>, DecodeError>> + use<'a, S> {
        self.path_segments().map(decode_utf8)
    }

    /// The query's pairs, split at `&` (RFC 3986 leaves the query's
    /// structure to the scheme; `&` and `=` are the common convention),
    /// with `+` left a `+` as RFC 3986 reads it. No query gives no pairs.
    ///
    /// Not named `query_pairs`: `url::Url::query_pairs` reads form data
    /// (`+` is a space), which is [`form_pairs`](Self::form_pairs) here.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("http://h/?q=caf%C3%A9+x&x")?;
    /// assert_eq!(uri.components().query_pairs_rfc3986().get("q").as_deref(), Some("café+x"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn query_pairs_rfc3986(&self) -> QueryPairs<'a> {
        QueryPairs::new(self.query().unwrap_or_default(), Separator::Ampersand)
    }

    /// The query's pairs as form data (`application/x-www-form-urlencoded`:
    /// `&`-separated, `+` a space): what `url::Url::query_pairs` gives
    /// (there as decoded `(Cow, Cow)` pairs; here call `.decoded()`).
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("http://h/?q=a+b")?;
    /// assert_eq!(uri.components().form_pairs().get("q").as_deref(), Some("a b"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn form_pairs(&self) -> QueryPairs<'a> {
        QueryPairs::form(self.query().unwrap_or_default())
    }

    /// The query, percent-decoded to UTF-8.
    ///
    /// # Errors
    ///
    /// A bad `%` triplet or invalid UTF-8.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("http://h/?q=%C3%A9")?;
    /// assert_eq!(uri.components().query_decoded().unwrap()?, "q=é");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn query_decoded(&self) -> Option<Result<Cow<'a, str>, DecodeError>> {
        self.query().map(decode_utf8)
    }

    /// The fragment, percent-decoded to UTF-8.
    ///
    /// # Errors
    ///
    /// A bad `%` triplet or invalid UTF-8.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("http://h/#s%C3%A9")?;
    /// assert_eq!(uri.components().fragment_decoded().unwrap()?, "sé");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn fragment_decoded(&self) -> Option<Result<Cow<'a, str>, DecodeError>> {
        self.fragment().map(decode_utf8)
    }
}
