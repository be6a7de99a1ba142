//! Methods named after what they give: `as_uri` on the URI types, `as_iri`
//! on the IRI types, and the two traits that let a function take any
//! reference type of a spec without `.into()`.
//!
//! The generic types ([`Ri`], [`RiReference`], …) carry the spec-neutral
//! names (`as_ri`, `as_ri_reference`, `build_ri`), for code generic over
//! the [`Spec`](crate::spec::Spec). Users name the aliases, and the aliases
//! have methods whose names say the type they return: `UriBuf::as_uri`
//! gives a [`Uri`], `IriBuf::as_iri` an [`Iri`]; an `IriBuf` has no
//! `as_uri` (mapping an IRI to a URI allocates: `uri_iri::to_uri`).

use crate::builder::{BuildError, RiBuilder};
use crate::owned::{IriBuf, RelativeRiBuf, RiBuf, RiReferenceBuf, UriBuf};
use crate::reference::{Iri, IriReference, RelativeRi, Ri, RiReference, Uri, UriReference};
use crate::spec::{IriSpec, UriSpec};

/// The methods of one spec's types, named after that spec.
macro_rules! named_views {
    (
        $Spec:ident, $kind:literal, $Ref:ident, $Abs:ident, $Rel:ident,
        $RefBuf:ident, $AbsBuf:ident, $RelBuf:ident, $Builder:ident,
        $as_abs:ident, $as_ref:ident, $build:ident, $abs_example:literal, $rel_example:literal
    ) => {
        impl<'a> RiReference<'a, $Spec> {
            #[doc = concat!("This reference as a [`", stringify!($Abs), "`], if it has a scheme.")]
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("use uri_core::", stringify!($Ref), ";")]
            ///
            #[doc = concat!("let r = ", stringify!($Ref), "::parse(\"", $abs_example, "\")?;")]
            #[doc = concat!("assert_eq!(r.", stringify!($as_abs), "().map(|", $kind, "| ", $kind, ".scheme()), Some(\"http\"));")]
            #[doc = concat!("assert!(", stringify!($Ref), "::parse(\"", $rel_example, "\")?.", stringify!($as_abs), "().is_none());")]
            /// # Ok::<(), uri_core::ParseError>(())
            /// ```
            #[inline]
            pub fn $as_abs(&self) -> Option<$Abs<'a>> {
                self.as_ri()
            }
        }

        impl<'a> Ri<'a, $Spec> {
            #[doc = concat!("This ", $kind, " as a [`", stringify!($Ref), "`]: no copy.")]
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let ", $kind, " = uri_core::", stringify!($Abs), "::parse(\"", $abs_example, "\")?;")]
            #[doc = concat!("assert_eq!(", $kind, ".", stringify!($as_ref), "().scheme(), Some(\"http\"));")]
            /// # Ok::<(), uri_core::ParseError>(())
            /// ```
            #[inline]
            pub const fn $as_ref(&self) -> $Ref<'a> {
                self.as_ri_reference()
            }
        }

        impl<'a> RelativeRi<'a, $Spec> {
            #[doc = concat!("This relative reference as a [`", stringify!($Ref), "`]: no copy.")]
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let r = uri_core::", stringify!($Rel), "::parse(\"", $rel_example, "\")?;")]
            #[doc = concat!("assert!(r.", stringify!($as_ref), "().is_relative());")]
            /// # Ok::<(), uri_core::ParseError>(())
            /// ```
            #[inline]
            pub const fn $as_ref(&self) -> $Ref<'a> {
                self.as_ri_reference()
            }
        }

        impl RiReferenceBuf<$Spec> {
            #[doc = concat!("A borrowed [`", stringify!($Ref), "`] view: no allocation.")]
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let owned = uri_core::", stringify!($RefBuf), "::parse(\"", $rel_example, "\")?;")]
            #[doc = concat!("assert!(owned.", stringify!($as_ref), "().is_relative());")]
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            #[inline]
            pub fn $as_ref(&self) -> $Ref<'_> {
                self.as_ri_reference()
            }

            #[doc = concat!("A borrowed [`", stringify!($Abs), "`] view, if this has a scheme.")]
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let owned = uri_core::", stringify!($RefBuf), "::parse(\"", $abs_example, "\")?;")]
            #[doc = concat!("assert_eq!(owned.", stringify!($as_abs), "().map(|", $kind, "| ", $kind, ".scheme()), Some(\"http\"));")]
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            #[inline]
            pub fn $as_abs(&self) -> Option<$Abs<'_>> {
                self.as_ri()
            }
        }

        impl RiBuf<$Spec> {
            #[doc = concat!("A borrowed [`", stringify!($Abs), "`] view: no allocation.")]
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let owned = uri_core::", stringify!($AbsBuf), "::parse(\"", $abs_example, "\")?;")]
            #[doc = concat!("let view: uri_core::", stringify!($Abs), " = owned.", stringify!($as_abs), "();")]
            /// assert_eq!(view.path(), owned.path());
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            #[inline]
            pub fn $as_abs(&self) -> $Abs<'_> {
                self.as_ri()
            }

            #[doc = concat!("A borrowed [`", stringify!($Ref), "`] view: no allocation.")]
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let owned = uri_core::", stringify!($AbsBuf), "::parse(\"", $abs_example, "\")?;")]
            #[doc = concat!("assert!(!owned.", stringify!($as_ref), "().is_relative());")]
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            #[inline]
            pub fn $as_ref(&self) -> $Ref<'_> {
                self.as_ri().as_ri_reference()
            }
        }

        impl RelativeRiBuf<$Spec> {
            #[doc = concat!("A borrowed [`", stringify!($Ref), "`] view: no allocation.")]
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let owned = uri_core::", stringify!($RelBuf), "::parse(\"", $rel_example, "\")?;")]
            #[doc = concat!("assert!(owned.", stringify!($as_ref), "().is_relative());")]
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            #[inline]
            pub fn $as_ref(&self) -> $Ref<'_> {
                self.as_relative_ref().as_ri_reference()
            }
        }

        impl RiBuilder<'_, $Spec> {
            #[doc = concat!("Builds an owned [`", stringify!($AbsBuf), "`].")]
            ///
            /// # Errors
            ///
            /// [`BuildErrorKind::MissingScheme`](crate::BuildErrorKind::MissingScheme)
            /// without a scheme, or a [`BuildError`] naming the first bad part.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let ", $kind, " = uri_core::", stringify!($Builder), "::new().scheme(\"http\").host(\"a\").", stringify!($build), "()?;")]
            #[doc = concat!("assert_eq!(", $kind, ", \"http://a\");")]
            /// # Ok::<(), uri_core::BuildError>(())
            /// ```
            pub fn $build(self) -> Result<$AbsBuf, BuildError> {
                self.build_ri()
            }
        }
    };
}

named_views!(
    UriSpec,
    "uri",
    UriReference,
    Uri,
    RelativeRef,
    UriReferenceBuf,
    UriBuf,
    RelativeRefBuf,
    Builder,
    as_uri,
    as_uri_reference,
    build_uri,
    "http://a/b",
    "../b"
);
named_views!(
    IriSpec,
    "iri",
    IriReference,
    Iri,
    RelativeIri,
    IriReferenceBuf,
    IriBuf,
    RelativeIriBuf,
    IriBuilder,
    as_iri,
    as_iri_reference,
    build_iri,
    "http://a/é",
    "../é"
);

/// Any URI or IRI reference type, viewed as an [`IriReference`] without a
/// copy: what a function taking IRIs accepts, so that it needs no
/// `.into()` (every URI is an IRI, RFC 3987 §2).
///
/// Implemented, for both specs, by the borrowed types ([`Uri`],
/// [`UriReference`], [`RelativeRef`](crate::RelativeRef), [`Iri`], …, by value or by
/// reference) and by references to the owned ones (`&UriBuf`, `&IriBuf`,
/// …).
///
/// # Examples
///
/// ```
/// use uri_core::{IntoIriReference, IriReference, Uri, UriBuf, IriBuf};
///
/// fn path_of<'a>(r: impl IntoIriReference<'a>) -> &'a str {
///     r.into_iri_reference().path()
/// }
/// assert_eq!(path_of(Uri::parse("http://a/b")?), "/b");
/// assert_eq!(path_of(&UriBuf::parse("http://a/c")?), "/c");
/// assert_eq!(path_of(&IriBuf::parse("http://a/é")?), "/é");
/// assert_eq!(path_of(IriReference::parse("../ü")?), "../ü");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait IntoIriReference<'a> {
    /// The [`IriReference`] view: no copy.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{IntoIriReference, Uri};
    ///
    /// let iri = Uri::parse("http://a/b")?.into_iri_reference();
    /// assert_eq!(iri.as_str(), "http://a/b");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    fn into_iri_reference(self) -> IriReference<'a>;
}

/// Any URI reference type, viewed as a [`UriReference`] without a copy:
/// what a function taking URIs accepts, so that it needs no `.into()`.
///
/// Implemented by the borrowed URI types ([`Uri`], [`UriReference`],
/// [`RelativeRef`](crate::RelativeRef), by value or by reference) and by references to the
/// owned ones (`&UriBuf`, `&UriReferenceBuf`, `&RelativeRefBuf`). Not by
/// the IRI types: an IRI becomes a URI by a mapping (`uri_iri::to_uri`).
///
/// # Examples
///
/// ```
/// use uri_core::{IntoUriReference, Uri, UriBuf};
///
/// fn host_of<'a>(r: impl IntoUriReference<'a>) -> Option<&'a str> {
///     r.into_uri_reference().host_str()
/// }
/// assert_eq!(host_of(Uri::parse("http://a/b")?), Some("a"));
/// assert_eq!(host_of(&UriBuf::parse("http://c/d")?), Some("c"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait IntoUriReference<'a> {
    /// The [`UriReference`] view: no copy.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{IntoUriReference, UriBuf};
    ///
    /// let owned = UriBuf::parse("http://a/b")?;
    /// assert_eq!(owned.as_uri().into_uri_reference().path(), "/b");
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    fn into_uri_reference(self) -> UriReference<'a>;
}

/// Any absolute URI or IRI type ([`Uri`], [`Iri`], by value or by
/// reference, and `&UriBuf`, `&IriBuf`), viewed as an [`Iri`] without a
/// copy: what a function that needs an absolute IRI (RFC 3987 §2.2,
/// `IRI = scheme ":" ihier-part …`) accepts, so that it needs no
/// `.into()` (every URI is an IRI).
///
/// # Examples
///
/// ```
/// use uri_core::{IntoIri, Iri, IriBuf, Uri, UriBuf};
///
/// fn scheme_of<'a>(r: impl IntoIri<'a>) -> &'a str {
///     r.into_iri().scheme()
/// }
/// assert_eq!(scheme_of(Uri::parse("http://a/b")?), "http");
/// assert_eq!(scheme_of(&UriBuf::parse("urn:x:y")?), "urn");
/// assert_eq!(scheme_of(Iri::parse("https://é/")?), "https");
/// assert_eq!(scheme_of(&IriBuf::parse("mailto:ü@example.org")?), "mailto");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait IntoIri<'a> {
    /// The [`Iri`] view: no copy.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{IntoIri, Uri};
    ///
    /// let iri = Uri::parse("http://a/b")?.into_iri();
    /// assert_eq!(iri.path(), "/b");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    fn into_iri(self) -> Iri<'a>;
}

/// The implementations of [`IntoIri`] for one spec's absolute types:
/// `$view` turns a `Ri<'a, $Spec>` into an [`Iri`].
macro_rules! into_iri {
    ($Spec:ident, $view:expr) => {
        impl<'a> IntoIri<'a> for Ri<'a, $Spec> {
            #[inline]
            fn into_iri(self) -> Iri<'a> {
                $view(self)
            }
        }
        impl<'a> IntoIri<'a> for &Ri<'a, $Spec> {
            #[inline]
            fn into_iri(self) -> Iri<'a> {
                $view(*self)
            }
        }
        impl<'a> IntoIri<'a> for &'a RiBuf<$Spec> {
            #[inline]
            fn into_iri(self) -> Iri<'a> {
                $view(self.as_ri())
            }
        }
    };
}

into_iri!(IriSpec, |r: Iri<'a>| r);
into_iri!(UriSpec, Iri::from);

/// The implementations for one spec's types: `$view` turns a
/// `RiReference<'a, $Spec>` into the trait's target.
macro_rules! into_reference {
    ($Trait:ident, $method:ident, $Target:ident, $Spec:ident, $view:expr) => {
        impl<'a> $Trait<'a> for RiReference<'a, $Spec> {
            #[inline]
            fn $method(self) -> $Target<'a> {
                $view(self)
            }
        }
        impl<'a> $Trait<'a> for Ri<'a, $Spec> {
            #[inline]
            fn $method(self) -> $Target<'a> {
                $view(self.as_ri_reference())
            }
        }
        impl<'a> $Trait<'a> for RelativeRi<'a, $Spec> {
            #[inline]
            fn $method(self) -> $Target<'a> {
                $view(self.as_ri_reference())
            }
        }
        impl<'a> $Trait<'a> for &RiReference<'a, $Spec> {
            #[inline]
            fn $method(self) -> $Target<'a> {
                $view(*self)
            }
        }
        impl<'a> $Trait<'a> for &Ri<'a, $Spec> {
            #[inline]
            fn $method(self) -> $Target<'a> {
                $view(self.as_ri_reference())
            }
        }
        impl<'a> $Trait<'a> for &RelativeRi<'a, $Spec> {
            #[inline]
            fn $method(self) -> $Target<'a> {
                $view(self.as_ri_reference())
            }
        }
        impl<'a> $Trait<'a> for &'a RiReferenceBuf<$Spec> {
            #[inline]
            fn $method(self) -> $Target<'a> {
                $view(self.as_ri_reference())
            }
        }
        impl<'a> $Trait<'a> for &'a RiBuf<$Spec> {
            #[inline]
            fn $method(self) -> $Target<'a> {
                $view(self.as_ri().as_ri_reference())
            }
        }
        impl<'a> $Trait<'a> for &'a RelativeRiBuf<$Spec> {
            #[inline]
            fn $method(self) -> $Target<'a> {
                $view(self.as_relative_ref().as_ri_reference())
            }
        }
    };
}

into_reference!(
    IntoIriReference,
    into_iri_reference,
    IriReference,
    IriSpec,
    |r: IriReference<'a>| r
);
into_reference!(
    IntoIriReference,
    into_iri_reference,
    IriReference,
    UriSpec,
    IriReference::from
);
into_reference!(
    IntoUriReference,
    into_uri_reference,
    UriReference,
    UriSpec,
    |r: UriReference<'a>| r
);
