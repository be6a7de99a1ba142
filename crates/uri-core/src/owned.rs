//! The owned reference types: one `String` and the offsets of its components.

use alloc::string::String;
use core::str::FromStr;

use crate::Components;
use crate::error::{ParseError, ParseErrorKind};
use crate::macros::{component_getters, text_traits};
use crate::parser::{self, Layout, ParseOptions, Rfc3986, Rule};
use crate::reference::{RelativeRef, Uri, UriReference};

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
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct ParseBufError {
    // Not `#[source]`: `Display` already says it, and error reporters would
    // print it twice.
    error: ParseError,
    input: String,
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
        $Buf:ident, $Borrowed:ident, $as_borrowed:ident, $rule:expr, $example:literal
    ) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $Buf {
            text: String,
            layout: Layout,
        }

        impl $Buf {
            /// Parses an owned string, giving it back on failure.
            ///
            /// # Errors
            ///
            /// A [`ParseBufError`] holding the error and the input.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let r = uri_core::", stringify!($Buf), "::parse(String::from(\"", $example, "\"))?;")]
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
            #[doc = concat!("let r = uri_core::", stringify!($Buf), "::parse_with(\"", $example, "\", ParseOptions::new())?;")]
            /// assert_eq!(r.host_str(), Some("example.com"));
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            pub fn parse_with(input: impl Into<String>, options: ParseOptions) -> Result<Self, ParseBufError> {
                let text = input.into();
                match parser::parse::<Rfc3986>(&text, options, $rule) {
                    Ok(layout) => Ok($Buf { text, layout }),
                    Err(error) => Err(ParseBufError { error, input: text }),
                }
            }

            /// Copies parsed components (already checked against this type's rule).
            pub(crate) fn from_parts(parts: Components<'_>) -> Self {
                $Buf { text: String::from(parts.as_str()), layout: parts.layout() }
            }

            /// Wraps a string and layout the parser produced for this type's rule.
            pub(crate) fn from_raw(text: String, layout: Layout) -> Self {
                $Buf { text, layout }
            }

            #[doc = concat!("A borrowed [`", stringify!($Borrowed), "`] view: no allocation.")]
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let owned = uri_core::", stringify!($Buf), "::parse(\"", $example, "\")?;")]
            #[doc = concat!("let view = owned.", stringify!($as_borrowed), "();")]
            /// assert_eq!(view.path(), owned.path());
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            #[inline]
            pub fn $as_borrowed(&self) -> $Borrowed<'_> {
                // The layout was made for `text` by this type's rule.
                $Borrowed::wrap(self.components())
            }

            /// The parsed components.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let owned = uri_core::", stringify!($Buf), "::parse(\"", $example, "\")?;")]
            /// assert_eq!(owned.components().fragment(), Some("frag"));
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            #[inline]
            pub fn components(&self) -> Components<'_> {
                Components::new(&self.text, self.layout)
            }

            /// The string, given back.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let owned = uri_core::", stringify!($Buf), "::parse(\"", $example, "\")?;")]
            #[doc = concat!("assert_eq!(owned.into_string(), \"", $example, "\");")]
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            pub fn into_string(self) -> String {
                self.text
            }

            component_getters!($Buf, '_, uri_core::ParseBufError, $example);
        }

        text_traits!($Buf);

        impl FromStr for $Buf {
            type Err = ParseError;

            fn from_str(input: &str) -> Result<Self, ParseError> {
                $Borrowed::parse(input).map(|r| r.to_buf())
            }
        }

        impl TryFrom<&str> for $Buf {
            type Error = ParseError;

            fn try_from(input: &str) -> Result<Self, ParseError> {
                input.parse()
            }
        }

        impl TryFrom<String> for $Buf {
            type Error = ParseBufError;

            fn try_from(input: String) -> Result<Self, ParseBufError> {
                Self::parse(input)
            }
        }

        impl From<$Buf> for String {
            fn from(r: $Buf) -> String {
                r.text
            }
        }

        impl From<$Borrowed<'_>> for $Buf {
            fn from(r: $Borrowed<'_>) -> Self {
                r.to_buf()
            }
        }

        impl PartialEq<$Borrowed<'_>> for $Buf {
            fn eq(&self, other: &$Borrowed<'_>) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl PartialEq<$Buf> for $Borrowed<'_> {
            fn eq(&self, other: &$Buf) -> bool {
                self.as_str() == other.as_str()
            }
        }
    };
}

owned_type!(
    /// An owned [`UriReference`]: one `String` and the offsets of its components.
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
    UriReferenceBuf, UriReference, as_uri_reference, Rule::Reference, "https://user@example.com:8080/a/b?q=1#frag"
);

owned_type!(
    /// An owned [`Uri`]: one `String` and the offsets of its components.
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
    UriBuf, Uri, as_uri, Rule::Uri, "https://user@example.com:8080/a/b?q=1#frag"
);

owned_type!(
    /// An owned [`RelativeRef`]: one `String` and the offsets of its components.
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
    RelativeRefBuf, RelativeRef, as_relative_ref, Rule::Relative, "//user@example.com:8080/a/b?q=1#frag"
);

impl UriReferenceBuf {
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

    /// A borrowed [`Uri`] view, if this has a scheme.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::UriReferenceBuf::parse("a:b")?;
    /// assert_eq!(r.as_uri().map(|u| u.scheme()), Some("a"));
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn as_uri(&self) -> Option<Uri<'_>> {
        self.as_uri_reference().as_uri()
    }

    /// A borrowed [`RelativeRef`] view, if this has no scheme.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::UriReferenceBuf::parse("./a:b")?;
    /// assert!(r.as_relative_ref().is_some());
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn as_relative_ref(&self) -> Option<RelativeRef<'_>> {
        self.as_uri_reference().as_relative_ref()
    }
}

impl UriBuf {
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

impl From<UriBuf> for UriReferenceBuf {
    fn from(uri: UriBuf) -> Self {
        UriReferenceBuf {
            text: uri.text,
            layout: uri.layout,
        }
    }
}

impl From<RelativeRefBuf> for UriReferenceBuf {
    fn from(r: RelativeRefBuf) -> Self {
        UriReferenceBuf {
            text: r.text,
            layout: r.layout,
        }
    }
}

/// Fails for a relative reference, as [`UriBuf::parse`] would, giving it back.
impl TryFrom<UriReferenceBuf> for UriBuf {
    type Error = ParseBufError;

    fn try_from(r: UriReferenceBuf) -> Result<Self, ParseBufError> {
        match Uri::try_from(r.as_uri_reference()) {
            Ok(_) => Ok(UriBuf {
                text: r.text,
                layout: r.layout,
            }),
            Err(error) => Err(ParseBufError {
                error,
                input: r.text,
            }),
        }
    }
}

/// Fails for a URI, as [`RelativeRefBuf::parse`] would, giving it back.
impl TryFrom<UriReferenceBuf> for RelativeRefBuf {
    type Error = ParseBufError;

    fn try_from(r: UriReferenceBuf) -> Result<Self, ParseBufError> {
        match RelativeRef::try_from(r.as_uri_reference()) {
            Ok(_) => Ok(RelativeRefBuf {
                text: r.text,
                layout: r.layout,
            }),
            Err(error) => Err(ParseBufError {
                error,
                input: r.text,
            }),
        }
    }
}
