//! The getters and trait impls every reference type shares, written once.
//!
//! Each typed reference wraps [`Components`](crate::Components) and exposes
//! the same getters; `$lt` is `'a` for borrowed types (results borrow the
//! input) and `'_` for owned ones (results borrow `self`).

/// Component getters, each with an example on `$example`, which must be
/// `[scheme ":"] "//user@example.com:8080/a/b?q=1#frag"`.
macro_rules! component_getters {
    ($Type:ident, $lt:lifetime, $Err:ty, $example:literal) => {
        /// The exact text, byte for byte as parsed.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        #[doc = concat!("assert_eq!(r.as_str(), \"", $example, "\");")]
        #[doc = concat!("# Ok::<(), ", stringify!($Err), ">(())")]
        /// ```
        #[inline]
        pub fn as_str(&self) -> &$lt str {
            self.components().as_str()
        }

        /// The authority (§3.2), without `//`; `None` when there is no `//`.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.authority().unwrap().as_str(), "user@example.com:8080");
        #[doc = concat!("# Ok::<(), ", stringify!($Err), ">(())")]
        /// ```
        #[inline]
        pub fn authority(&self) -> Option<$crate::Authority<$lt>> {
            self.components().authority()
        }

        /// Whether there is an authority (a `//`), even an empty one.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert!(r.has_authority());
        #[doc = concat!("# Ok::<(), ", stringify!($Err), ">(())")]
        /// ```
        #[inline]
        pub fn has_authority(&self) -> bool {
            self.components().authority().is_some()
        }

        /// The userinfo (§3.2.1), without `@`.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.userinfo(), Some("user"));
        #[doc = concat!("# Ok::<(), ", stringify!($Err), ">(())")]
        /// ```
        #[inline]
        pub fn userinfo(&self) -> Option<&$lt str> {
            self.components().userinfo()
        }

        /// The host (§3.2.2), parsed into an address or a registered name.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.host(), Some(uri_core::Host::RegName("example.com")));
        #[doc = concat!("# Ok::<(), ", stringify!($Err), ">(())")]
        /// ```
        #[inline]
        pub fn host(&self) -> Option<$crate::Host<$lt>> {
            self.components().host()
        }

        /// The host's exact text; an IP literal keeps its brackets.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.host_str(), Some("example.com"));
        #[doc = concat!("# Ok::<(), ", stringify!($Err), ">(())")]
        /// ```
        #[inline]
        pub fn host_str(&self) -> Option<&$lt str> {
            self.components().host_str()
        }

        /// The kind of host.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.host_kind(), Some(uri_core::HostKind::RegName));
        #[doc = concat!("# Ok::<(), ", stringify!($Err), ">(())")]
        /// ```
        #[inline]
        pub fn host_kind(&self) -> Option<$crate::HostKind> {
            self.components().host_kind()
        }

        /// The port's text (§3.2.3), without `:`; see
        /// [`Authority::port_u16`](crate::Authority::port_u16) for a number.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.port(), Some("8080"));
        #[doc = concat!("# Ok::<(), ", stringify!($Err), ">(())")]
        /// ```
        #[inline]
        pub fn port(&self) -> Option<&$lt str> {
            self.components().port()
        }

        /// The port as a number: `Ok(None)` without a port or with an empty
        /// one (§3.2.3: the scheme's default); see
        /// [`Authority::port_u16`](crate::Authority::port_u16).
        ///
        /// # Errors
        ///
        /// [`PortError`](crate::PortError) for a port above 65535.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.port_u16(), Ok(Some(8080)));
        #[doc = concat!("# Ok::<(), ", stringify!($Err), ">(())")]
        /// ```
        #[inline]
        pub fn port_u16(&self) -> Result<Option<u16>, $crate::PortError> {
            self.components().authority().map_or(Ok(None), |a| a.port_u16())
        }

        /// The path (§3.3): always present, perhaps empty.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.path(), "/a/b");
        #[doc = concat!("# Ok::<(), ", stringify!($Err), ">(())")]
        /// ```
        #[inline]
        pub fn path(&self) -> &$lt str {
            self.components().path()
        }

        /// The path's segments; see [`Segments`](crate::Segments).
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert!(r.path_segments().eq(["a", "b"]));
        #[doc = concat!("# Ok::<(), ", stringify!($Err), ">(())")]
        /// ```
        #[inline]
        pub fn path_segments(&self) -> $crate::Segments<$lt> {
            self.components().path_segments()
        }

        /// The query (§3.4), without `?`: `None` with no `?`, `Some("")` for a bare `?`.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.query(), Some("q=1"));
        #[doc = concat!("# Ok::<(), ", stringify!($Err), ">(())")]
        /// ```
        #[inline]
        pub fn query(&self) -> Option<&$lt str> {
            self.components().query()
        }

        /// The fragment (§3.5), without `#`: `None` with no `#`, `Some("")` for a bare `#`.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.fragment(), Some("frag"));
        #[doc = concat!("# Ok::<(), ", stringify!($Err), ">(())")]
        /// ```
        #[inline]
        pub fn fragment(&self) -> Option<&$lt str> {
            self.components().fragment()
        }

        /// The userinfo, percent-decoded to UTF-8: see
        /// [`Components::userinfo_decoded`](crate::Components::userinfo_decoded).
        ///
        /// # Errors
        ///
        /// A bad `%` triplet or invalid UTF-8.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.userinfo_decoded().unwrap()?, "user");
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[inline]
        pub fn userinfo_decoded(
            &self,
        ) -> Option<Result<alloc::borrow::Cow<$lt, str>, uri_encode::DecodeError>> {
            self.components().userinfo_decoded()
        }

        /// The host, a registered name percent-decoded: see
        /// [`Components::host_decoded`](crate::Components::host_decoded).
        ///
        /// # Errors
        ///
        /// A bad `%` triplet or invalid UTF-8 in a registered name.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.host_decoded().unwrap()?, "example.com");
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[inline]
        pub fn host_decoded(
            &self,
        ) -> Option<Result<alloc::borrow::Cow<$lt, str>, uri_encode::DecodeError>> {
            self.components().host_decoded()
        }

        /// The path, percent-decoded to UTF-8: see
        /// [`Components::path_decoded`](crate::Components::path_decoded).
        ///
        /// # Errors
        ///
        /// A bad `%` triplet or invalid UTF-8.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.path_decoded()?, "/a/b");
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[inline]
        pub fn path_decoded(&self) -> Result<alloc::borrow::Cow<$lt, str>, uri_encode::DecodeError> {
            self.components().path_decoded()
        }

        /// The path's segments, each percent-decoded: see
        /// [`Components::path_segments_decoded`](crate::Components::path_segments_decoded).
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert!(r.path_segments_decoded().map(Result::unwrap).eq(["a", "b"]));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[inline]
        pub fn path_segments_decoded(
            &self,
        ) -> impl Iterator<Item = Result<alloc::borrow::Cow<$lt, str>, uri_encode::DecodeError>> + use<$lt, S> {
            self.components().path_segments_decoded()
        }

        /// The query's `&`-separated pairs read as RFC 3986 reads a query
        /// (`+` stays a `+`): see
        /// [`Components::query_pairs_rfc3986`](crate::Components::query_pairs_rfc3986).
        /// For what `url::Url::query_pairs` gives (`+` is a space), use
        /// `form_pairs`.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.query_pairs_rfc3986().get("q").as_deref(), Some("1"));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[inline]
        pub fn query_pairs_rfc3986(&self) -> uri_encode::QueryPairs<$lt> {
            self.components().query_pairs_rfc3986()
        }

        /// The query's pairs as form data (`+` is a space), as
        /// `url::Url::query_pairs` reads them: see
        /// [`Components::form_pairs`](crate::Components::form_pairs).
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.form_pairs().get("q").as_deref(), Some("1"));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[inline]
        pub fn form_pairs(&self) -> uri_encode::QueryPairs<$lt> {
            self.components().form_pairs()
        }

        /// The query, percent-decoded to UTF-8: see
        /// [`Components::query_decoded`](crate::Components::query_decoded).
        ///
        /// # Errors
        ///
        /// A bad `%` triplet or invalid UTF-8.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.query_decoded().unwrap()?, "q=1");
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[inline]
        pub fn query_decoded(
            &self,
        ) -> Option<Result<alloc::borrow::Cow<$lt, str>, uri_encode::DecodeError>> {
            self.components().query_decoded()
        }

        /// The fragment, percent-decoded to UTF-8: see
        /// [`Components::fragment_decoded`](crate::Components::fragment_decoded).
        ///
        /// # Errors
        ///
        /// A bad `%` triplet or invalid UTF-8.
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert_eq!(r.fragment_decoded().unwrap()?, "frag");
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[inline]
        pub fn fragment_decoded(
            &self,
        ) -> Option<Result<alloc::borrow::Cow<$lt, str>, uri_encode::DecodeError>> {
            self.components().fragment_decoded()
        }

        /// A view that displays the reference with the password part of its
        /// userinfo hidden; see [`Redacted`](crate::Redacted).
        ///
        /// # Examples
        ///
        /// ```
        #[doc = concat!("let r = uri_core::", stringify!($Type), "::parse(\"", $example, "\")?;")]
        /// assert!(r.redacted().to_string().contains("//user@example.com"));
        #[doc = concat!("# Ok::<(), ", stringify!($Err), ">(())")]
        /// ```
        #[inline]
        pub fn redacted(&self) -> $crate::Redacted<$lt, S> {
            $crate::Redacted::new(self.components())
        }
    };
}

/// `Display` (exact), `Debug` (redacted, named after the spec's alias:
/// `Uri(…)`, `IriBuf(…)`), `AsRef<str>`, comparisons on the exact text, and
/// `PartialEq` with `str`, `&str` and `String`, both ways. `$Type[$lt]` is a generic type with an optional
/// lifetime and the spec parameter; `$name` is its field of
/// `TypeNames` (private to `spec.rs`).
macro_rules! text_traits {
    ($Type:ident [$($lt:lifetime)?], $name:ident) => {
        impl<$($lt,)? S: $crate::Spec> core::fmt::Display for $Type<$($lt,)? S> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl<$($lt,)? S: $crate::Spec> core::fmt::Debug for $Type<$($lt,)? S> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_tuple(<S as crate::spec::Sealed>::TYPE_NAMES.$name).field(&self.redacted()).finish()
            }
        }

        impl<$($lt,)? S: $crate::Spec> AsRef<str> for $Type<$($lt,)? S> {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl<$($lt,)? S: $crate::Spec> PartialEq for $Type<$($lt,)? S> {
            fn eq(&self, other: &Self) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl<$($lt,)? S: $crate::Spec> Eq for $Type<$($lt,)? S> {}

        impl<$($lt,)? S: $crate::Spec> PartialOrd for $Type<$($lt,)? S> {
            fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl<$($lt,)? S: $crate::Spec> Ord for $Type<$($lt,)? S> {
            fn cmp(&self, other: &Self) -> core::cmp::Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        impl<$($lt,)? S: $crate::Spec> core::hash::Hash for $Type<$($lt,)? S> {
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
                self.as_str().hash(state)
            }
        }

        impl<$($lt,)? S: $crate::Spec> PartialEq<str> for $Type<$($lt,)? S> {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl<$($lt,)? S: $crate::Spec> PartialEq<&str> for $Type<$($lt,)? S> {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl<$($lt,)? S: $crate::Spec> PartialEq<$Type<$($lt,)? S>> for str {
            fn eq(&self, other: &$Type<$($lt,)? S>) -> bool {
                self == other.as_str()
            }
        }

        impl<$($lt,)? S: $crate::Spec> PartialEq<$Type<$($lt,)? S>> for &str {
            fn eq(&self, other: &$Type<$($lt,)? S>) -> bool {
                *self == other.as_str()
            }
        }

        impl<$($lt,)? S: $crate::Spec> PartialEq<alloc::string::String> for $Type<$($lt,)? S> {
            fn eq(&self, other: &alloc::string::String) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl<$($lt,)? S: $crate::Spec> PartialEq<$Type<$($lt,)? S>> for alloc::string::String {
            fn eq(&self, other: &$Type<$($lt,)? S>) -> bool {
                self.as_str() == other.as_str()
            }
        }
    };
}

pub(crate) use {component_getters, text_traits};
