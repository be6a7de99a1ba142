//! The owned reference types: one `String` and the offsets of its components.

use alloc::string::String;
use core::borrow::Borrow;
use core::marker::PhantomData;
use core::str::FromStr;

use crate::components::Components;
use crate::error::{ParseError, ParseErrorKind};
use crate::macros::{component_getters, text_traits};
use crate::parser::{self, Layout, ParseOptions, Rule};
use crate::reference::{RelativeRi, Ri, RiReference};
use crate::spec::{IriSpec, Spec, UriSpec};

/// A [`ParseError`] that gives back the `String` that failed to parse.
///
/// # Examples
///
/// ```
/// use uri_core::{ParseErrorKind, UriBuf};
///
/// let err = UriBuf::parse(String::from("no scheme")).unwrap_err();
/// assert_eq!(err.kind(), ParseErrorKind::MissingScheme);
/// assert_eq!(err.into_input(), "no scheme");
/// ```
///
/// `Debug` hides what looks like a password in the input (see
/// [`Redacted`](crate::Redacted)); [`ParseBufError::input`] gives it all.
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct ParseBufError {
    // Not `#[source]`: `Display` already says it, and error reporters would
    // print it twice.
    error: ParseError,
    input: String,
}

impl core::fmt::Debug for ParseBufError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ParseBufError")
            .field("error", &self.error)
            .field("input", &crate::RedactedText::new(&self.input))
            .finish()
    }
}

impl ParseBufError {
    /// The parse error.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = uri_core::UriBuf::parse("%").unwrap_err();
    /// assert_eq!(err.error().index(), 0);
    /// ```
    pub const fn error(&self) -> ParseError {
        self.error
    }

    /// What was wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{ParseErrorKind, UriReferenceBuf};
    ///
    /// let err = UriReferenceBuf::parse("%").unwrap_err();
    /// assert_eq!(err.kind(), ParseErrorKind::InvalidPercentEncoding);
    /// ```
    pub const fn kind(&self) -> ParseErrorKind {
        self.error.kind()
    }

    /// The byte offset of the first offending byte.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = uri_core::UriReferenceBuf::parse("a%zz").unwrap_err();
    /// assert_eq!(err.index(), 1);
    /// ```
    pub const fn index(&self) -> usize {
        self.error.index()
    }

    /// The input that failed to parse.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = uri_core::UriReferenceBuf::parse("a%zz").unwrap_err();
    /// assert_eq!(err.input(), "a%zz");
    /// ```
    pub fn input(&self) -> &str {
        &self.input
    }

    /// Gives back the input.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = uri_core::UriReferenceBuf::parse("a%zz").unwrap_err();
    /// assert_eq!(err.into_input(), "a%zz");
    /// ```
    pub fn into_input(self) -> String {
        self.input
    }

    /// The input with a caret under the offending byte; see [`ParseError::caret`].
    ///
    /// # Examples
    ///
    /// ```
    /// let err = uri_core::UriReferenceBuf::parse("a%zz").unwrap_err();
    /// assert!(err.caret().to_string().ends_with("  a%zz\n   ^"));
    /// ```
    pub fn caret(&self) -> crate::Caret<'_> {
        self.error.caret(&self.input)
    }
}

macro_rules! owned_type {
    (
        $(#[$doc:meta])*
        $Buf:ident, $Borrowed:ident, $Alias:ident, $as_borrowed:ident, $rule:expr, $name:ident, $example:literal
    ) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $Buf<S: Spec> {
            text: String,
            layout: Layout,
            spec: PhantomData<S>,
        }

        impl<S: Spec> $Buf<S> {
            /// Parses an owned string, giving it back on failure.
            ///
            /// # Errors
            ///
            /// A [`ParseBufError`] holding the error and the input.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let r = uri_core::", stringify!($Alias), "::parse(String::from(\"", $example, "\"))?;")]
            /// assert_eq!(r.port(), Some("8080"));
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            pub fn parse(input: impl Into<String>) -> Result<Self, ParseBufError> {
                Self::parse_with(input, ParseOptions::new())
            }

            /// Parses an owned string with [`ParseOptions`].
            ///
            /// # Errors
            ///
            /// A [`ParseBufError`] holding the error and the input.
            ///
            /// # Examples
            ///
            /// ```
            /// use uri_core::ParseOptions;
            ///
            #[doc = concat!("let r = uri_core::", stringify!($Alias), "::parse_with(\"", $example, "\", ParseOptions::new())?;")]
            /// assert_eq!(r.host_str(), Some("example.com"));
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            pub fn parse_with(input: impl Into<String>, options: ParseOptions) -> Result<Self, ParseBufError> {
                let text = input.into();
                match parser::parse::<S>(&text, options, $rule) {
                    Ok(layout) => Ok(Self::from_raw(text, layout)),
                    Err(error) => Err(ParseBufError { error, input: text }),
                }
            }

            /// Copies parsed components (already checked against this type's rule).
            pub(crate) fn from_parts(parts: Components<'_, S>) -> Self {
                Self::from_raw(String::from(parts.as_str()), parts.layout())
            }

            /// Wraps a string and layout the parser produced for this type's rule.
            pub(crate) fn from_raw(text: String, layout: Layout) -> Self {
                $Buf { text, layout, spec: PhantomData }
            }

            /// The layout, for tests.
            #[cfg(test)]
            pub(crate) fn layout(&self) -> Layout {
                self.layout
            }

            /// The text and the layout, for a setter to splice a component
            /// into: it must leave a layout this type's rule would give.
            pub(crate) fn raw_mut(&mut self) -> (&mut String, &mut Layout) {
                (&mut self.text, &mut self.layout)
            }

            #[doc = concat!("A borrowed [`", stringify!($Borrowed), "`] view: no allocation.")]
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let owned = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            #[doc = concat!("let view = owned.", stringify!($as_borrowed), "();")]
            /// assert_eq!(view.path(), owned.path());
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            #[inline]
            pub fn $as_borrowed(&self) -> $Borrowed<'_, S> {
                // The layout was made for `text` by this type's rule.
                $Borrowed::wrap(self.components())
            }

            /// The parsed components.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let owned = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// assert_eq!(owned.components().fragment(), Some("frag"));
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            #[inline]
            pub fn components(&self) -> Components<'_, S> {
                Components::new(&self.text, self.layout)
            }

            /// The string, given back.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let owned = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            #[doc = concat!("assert_eq!(owned.into_string(), \"", $example, "\");")]
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            pub fn into_string(self) -> String {
                self.text
            }

            component_getters!($Alias, '_, uri_core::ParseBufError, $example);
        }

        text_traits!($Buf[], $name);

        impl<S: Spec> FromStr for $Buf<S> {
            type Err = ParseError;

            fn from_str(input: &str) -> Result<Self, ParseError> {
                $Borrowed::parse(input).map(|r| r.to_buf())
            }
        }

        impl<S: Spec> TryFrom<&str> for $Buf<S> {
            type Error = ParseError;

            fn try_from(input: &str) -> Result<Self, ParseError> {
                input.parse()
            }
        }

        impl<S: Spec> TryFrom<String> for $Buf<S> {
            type Error = ParseBufError;

            fn try_from(input: String) -> Result<Self, ParseBufError> {
                Self::parse(input)
            }
        }

        impl<S: Spec> From<$Buf<S>> for String {
            fn from(r: $Buf<S>) -> String {
                r.text
            }
        }

        impl<S: Spec> From<$Borrowed<'_, S>> for $Buf<S> {
            fn from(r: $Borrowed<'_, S>) -> Self {
                r.to_buf()
            }
        }

        /// The text: `Eq`, `Ord` and `Hash` are the text's, so a
        #[doc = concat!("`HashMap<", stringify!($Alias), ", _>` can be looked up by `&str`.")]
        impl<S: Spec> Borrow<str> for $Buf<S> {
            fn borrow(&self) -> &str {
                &self.text
            }
        }

        /// A borrowed view, as the `as_*` method gives.
        impl<'a, S: Spec> From<&'a $Buf<S>> for $Borrowed<'a, S> {
            fn from(r: &'a $Buf<S>) -> Self {
                r.$as_borrowed()
            }
        }

        impl<S: Spec> PartialEq<$Borrowed<'_, S>> for $Buf<S> {
            fn eq(&self, other: &$Borrowed<'_, S>) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl<S: Spec> PartialEq<$Buf<S>> for $Borrowed<'_, S> {
            fn eq(&self, other: &$Buf<S>) -> bool {
                self.as_str() == other.as_str()
            }
        }
    };
}

owned_type!(
    /// An owned [`RiReference`]: one `String` and the offsets of its components.
    ///
    /// Name it by its alias: [`UriReferenceBuf`] (RFC 3986) or
    /// [`IriReferenceBuf`] (RFC 3987); the `S` parameter is the
    /// [spec](crate::spec), never written in user code.
    ///
    /// `Eq`, `Ord` and `Hash` compare the exact text, byte for byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReferenceBuf;
    ///
    /// let mut r: UriReferenceBuf = "../a?b".parse()?;
    /// r.set_fragment(Some("c"))?;
    /// assert_eq!(r, "../a?b#c");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    RiReferenceBuf, RiReference, UriReferenceBuf, as_ri_reference, Rule::Reference, reference_buf, "https://user@example.com:8080/a/b?q=1#frag"
);

owned_type!(
    /// An owned [`Ri`]: one `String` and the offsets of its components.
    ///
    /// Name it by its alias: [`UriBuf`] (RFC 3986) or [`IriBuf`] (RFC
    /// 3987); the `S` parameter is the [spec](crate::spec), never written
    /// in user code.
    ///
    /// `Eq`, `Ord` and `Hash` compare the exact text, byte for byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriBuf;
    ///
    /// let mut uri = UriBuf::parse("http://example.com/a")?;
    /// uri.set_query(Some("x=1")).unwrap();
    /// assert_eq!(uri.as_str(), "http://example.com/a?x=1");
    /// assert_eq!(uri.as_uri().query(), Some("x=1"));
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    RiBuf, Ri, UriBuf, as_ri, Rule::Uri, absolute_buf, "https://user@example.com:8080/a/b?q=1#frag"
);

owned_type!(
    /// An owned [`RelativeRi`]: one `String` and the offsets of its components.
    ///
    /// Name it by its alias: [`RelativeRefBuf`] (RFC 3986) or
    /// [`RelativeIriBuf`] (RFC 3987); the `S` parameter is the
    /// [spec](crate::spec), never written in user code.
    ///
    /// `Eq`, `Ord` and `Hash` compare the exact text, byte for byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::RelativeRefBuf;
    ///
    /// let r = RelativeRefBuf::parse("//example.com/x")?;
    /// assert_eq!(r.host_str(), Some("example.com"));
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    RelativeRiBuf, RelativeRi, RelativeRefBuf, as_relative_ref, Rule::Relative, relative_buf, "//user@example.com:8080/a/b?q=1#frag"
);

impl<S: Spec> RiReferenceBuf<S> {
    /// The scheme (§3.1), without `:`, if this is a URI.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::UriReferenceBuf::parse("urn:isbn:0451450523")?;
    /// assert_eq!(r.scheme(), Some("urn"));
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn scheme(&self) -> Option<&str> {
        self.components().scheme()
    }

    /// Whether this is a relative reference (it has no scheme).
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_core::UriReferenceBuf::parse("a")?.is_relative());
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn is_relative(&self) -> bool {
        self.layout.scheme_end == 0
    }

    /// A borrowed [`Ri`] view of its spec, if this has a scheme: the name
    /// for code generic over the [`Spec`]; [`UriReferenceBuf::as_uri`] and
    /// [`IriReferenceBuf::as_iri`] say which one they give.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::IriReferenceBuf::parse("a:é")?;
    /// assert_eq!(r.as_ri().map(|u| u.scheme()), Some("a"));
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn as_ri(&self) -> Option<Ri<'_, S>> {
        self.as_ri_reference().as_ri()
    }

    /// A borrowed [`RelativeRi`] view, if this has no scheme.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::UriReferenceBuf::parse("./a:b")?;
    /// assert!(r.as_relative_ref().is_some());
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn as_relative_ref(&self) -> Option<RelativeRi<'_, S>> {
        self.as_ri_reference().as_relative_ref()
    }
}

/// The empty reference, which is a valid `URI-reference` (RFC 3986 §4.1:
/// `relative-ref` with an empty `path-empty`); it refers to the base URI
/// itself.
///
/// # Examples
///
/// ```
/// let r = uri_core::UriReferenceBuf::default();
/// assert_eq!(r, "");
/// assert!(r.is_relative());
/// ```
impl<S: Spec> Default for RiReferenceBuf<S> {
    fn default() -> Self {
        RiReferenceBuf::from_raw(String::new(), Layout::EMPTY)
    }
}

/// The empty relative reference (RFC 3986 §4.2, `path-empty`).
///
/// # Examples
///
/// ```
/// let r = uri_core::RelativeRefBuf::default();
/// assert_eq!(r.path(), "");
/// assert_eq!(r.query(), None);
/// ```
impl<S: Spec> Default for RelativeRiBuf<S> {
    fn default() -> Self {
        RelativeRiBuf::from_raw(String::new(), Layout::EMPTY)
    }
}

impl<S: Spec> RiBuf<S> {
    /// The scheme (§3.1), without `:`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_core::UriBuf::parse("a:b")?.scheme(), "a");
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn scheme(&self) -> &str {
        self.components().scheme().unwrap_or_default()
    }
}

impl<S: Spec> From<RiBuf<S>> for RiReferenceBuf<S> {
    fn from(uri: RiBuf<S>) -> Self {
        RiReferenceBuf::from_raw(uri.text, uri.layout)
    }
}

impl<S: Spec> From<RelativeRiBuf<S>> for RiReferenceBuf<S> {
    fn from(r: RelativeRiBuf<S>) -> Self {
        RiReferenceBuf::from_raw(r.text, r.layout)
    }
}

/// Fails for a relative reference, as [`UriBuf::parse`] would, giving it back.
impl<S: Spec> TryFrom<RiReferenceBuf<S>> for RiBuf<S> {
    type Error = ParseBufError;

    fn try_from(r: RiReferenceBuf<S>) -> Result<Self, ParseBufError> {
        match Ri::try_from(r.as_ri_reference()) {
            Ok(_) => Ok(RiBuf::from_raw(r.text, r.layout)),
            Err(error) => Err(ParseBufError {
                error,
                input: r.text,
            }),
        }
    }
}

/// Fails for a URI, as [`RelativeRefBuf::parse`] would, giving it back.
impl<S: Spec> TryFrom<RiReferenceBuf<S>> for RelativeRiBuf<S> {
    type Error = ParseBufError;

    fn try_from(r: RiReferenceBuf<S>) -> Result<Self, ParseBufError> {
        match RelativeRi::try_from(r.as_ri_reference()) {
            Ok(_) => Ok(RelativeRiBuf::from_raw(r.text, r.layout)),
            Err(error) => Err(ParseBufError {
                error,
                input: r.text,
            }),
        }
    }
}

/// An owned `URI-reference`: [`RiReferenceBuf`] under [`UriSpec`].
///
/// # Examples
///
/// ```
/// let r = uri_core::UriReferenceBuf::parse("../a")?;
/// assert!(r.is_relative());
/// # Ok::<(), uri_core::ParseBufError>(())
/// ```
pub type UriReferenceBuf = RiReferenceBuf<UriSpec>;

/// An owned `URI`: [`RiBuf`] under [`UriSpec`].
///
/// # Examples
///
/// ```
/// let uri = uri_core::UriBuf::parse("http://a/b")?;
/// assert_eq!(uri.path(), "/b");
/// # Ok::<(), uri_core::ParseBufError>(())
/// ```
pub type UriBuf = RiBuf<UriSpec>;

/// An owned `relative-ref`: [`RelativeRiBuf`] under [`UriSpec`].
///
/// # Examples
///
/// ```
/// let r = uri_core::RelativeRefBuf::parse("?q")?;
/// assert_eq!(r.query(), Some("q"));
/// # Ok::<(), uri_core::ParseBufError>(())
/// ```
pub type RelativeRefBuf = RelativeRiBuf<UriSpec>;

/// An owned `IRI-reference`: [`RiReferenceBuf`] under [`IriSpec`].
///
/// # Examples
///
/// ```
/// let r = uri_core::IriReferenceBuf::parse("../ü")?;
/// assert!(r.is_relative());
/// # Ok::<(), uri_core::ParseBufError>(())
/// ```
pub type IriReferenceBuf = RiReferenceBuf<IriSpec>;

/// An owned `IRI`: [`RiBuf`] under [`IriSpec`].
///
/// # Examples
///
/// ```
/// let iri = uri_core::IriBuf::parse("http://例え.テスト/パス")?;
/// assert_eq!(iri.host_str(), Some("例え.テスト"));
/// # Ok::<(), uri_core::ParseBufError>(())
/// ```
pub type IriBuf = RiBuf<IriSpec>;

/// An owned `irelative-ref`: [`RelativeRiBuf`] under [`IriSpec`].
///
/// # Examples
///
/// ```
/// let r = uri_core::RelativeIriBuf::parse("#Структура_URL")?;
/// assert_eq!(r.fragment(), Some("Структура_URL"));
/// # Ok::<(), uri_core::ParseBufError>(())
/// ```
pub type RelativeIriBuf = RelativeRiBuf<IriSpec>;

/// Every URI is an IRI (RFC 3987 §2): the same `String`, no copy.
macro_rules! uri_buf_is_iri_buf {
    ($($Buf:ident),*) => {$(
        impl From<$Buf<UriSpec>> for $Buf<IriSpec> {
            fn from(uri: $Buf<UriSpec>) -> Self {
                $Buf::from_raw(uri.text, uri.layout)
            }
        }
    )*};
}

uri_buf_is_iri_buf!(RiReferenceBuf, RiBuf, RelativeRiBuf);

/// An IRI that is ASCII is a URI: the same `String`, no copy (see the
/// borrowed types' `TryFrom`). Otherwise the error of parsing the text as
/// a URI, with the text.
macro_rules! ascii_iri_buf_is_uri_buf {
    ($($Buf:ident),*) => {$(
        impl TryFrom<$Buf<IriSpec>> for $Buf<UriSpec> {
            type Error = ParseBufError;

            fn try_from(iri: $Buf<IriSpec>) -> Result<Self, ParseBufError> {
                if iri.text.is_ascii() {
                    Ok($Buf::from_raw(iri.text, iri.layout))
                } else {
                    $Buf::parse_with(iri.text, crate::ParseOptions::PERMISSIVE)
                }
            }
        }
    )*};
}

ascii_iri_buf_is_uri_buf!(RiReferenceBuf, RiBuf, RelativeRiBuf);
