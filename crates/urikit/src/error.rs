//! [`Error`]: one error type that the error of every urikit crate converts
//! into, so that `?` works across them.

use core::fmt;

use uri_core::{BuildError, ParseBufError, ParseError, PortError, SegmentError};

/// Declares [`Error`] from one list: each variant once, with its doc, its
/// feature and the few words `Display` writes before the wrapped error;
/// the macro makes the enum, the wrapped error as a trait object, the
/// words, and `From` for each wrapped type.
macro_rules! errors {
    (
        $(#[$attr:meta])*
        pub enum Error {
            $(
                $(#[doc = $doc:literal])*
                $(#[cfg($cfg:meta)])?
                $Variant:ident($Type:ty) => $message:literal,
            )*
        }
    ) => {
        $(#[$attr])*
        pub enum Error {
            $(
                $(#[doc = $doc])*
                $(#[cfg($cfg)])?
                $Variant($Type),
            )*
        }

        impl Error {
            /// The wrapped error, as a trait object.
            fn inner(&self) -> &(dyn core::error::Error + 'static) {
                match self {
                    $($(#[cfg($cfg)])? Error::$Variant(e) => e,)*
                }
            }

            /// What failed, in a few words: what `Display` writes first.
            fn message(&self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? Error::$Variant(_) => $message,)*
                }
            }
        }

        $(
            $(#[cfg($cfg)])?
            impl From<$Type> for Error {
                fn from(e: $Type) -> Self {
                    Error::$Variant(e)
                }
            }
        )*
    };
}

errors! {
    /// Any error of the urikit crates, each in its own variant: `?` converts
    /// every crate's error into it (`From`), so a function that parses,
    /// decodes and resolves can return `Result<_, urikit::Error>`.
    ///
    /// `Display` says in a few words what failed, then the crate's own
    /// error: the kind and, for a parse, the byte index (`invalid URI
    /// reference: character not allowed in path at byte 10`); it never repeats
    /// the input, so a password cannot show. [`source`](core::error::Error::source)
    /// is the wrapped error's own source, so reporters such as `anyhow` do not
    /// print the message twice. Match on the variant to get the crate's error
    /// back. `Debug` never shows a password (RFC 3986 §3.2.1), as none of the
    /// wrapped errors' does.
    ///
    /// The variants of a crate exist only when its feature is on; more may be
    /// added in minor releases.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// fn port_of(text: &str) -> Result<Option<u16>, urikit::Error> {
    ///     let uri = Uri::parse(text)?; // a ParseError
    ///     Ok(uri.port_u16()?) // a PortError
    /// }
    ///
    /// assert_eq!(port_of("http://a:8080/")?, Some(8080));
    /// let err = port_of("http://a:99999/").unwrap_err();
    /// assert!(matches!(err, urikit::Error::Port(_)));
    /// assert_eq!(err.to_string(), "the port is not a 16-bit number: the port is greater than 65535");
    ///
    /// let err = urikit::Error::from(UriBuf::parse("http://user:secret@h/a b").unwrap_err());
    /// assert_eq!(err.to_string(), "invalid URI reference: character not allowed in path at byte 22");
    /// assert!(!format!("{err} {err:?}").contains("secret"));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[derive(Debug, Clone, PartialEq, Eq)]
    #[non_exhaustive]
    pub enum Error {
        /// A string is not a valid reference (`uri-core`'s [`ParseError`]).
        Parse(ParseError) => "invalid URI reference",
        /// An owned string is not a valid reference; the error holds the
        /// string (`uri-core`'s [`ParseBufError`]).
        ParseBuf(ParseBufError) => "invalid URI reference",
        /// Parts do not make a valid reference (`uri-core`'s [`BuildError`],
        /// from the builder and the setters).
        Build(BuildError) => "the parts do not make a valid URI reference",
        /// A port is above 65535 (`uri-core`'s [`PortError`]).
        Port(PortError) => "the port is not a 16-bit number",
        /// A path segment cannot be pushed (`uri-core`'s [`SegmentError`],
        /// from `path_segments_mut().push`).
        Segment(SegmentError) => "the segment cannot be pushed",
        /// A conversion to or from `http::Uri` or `url::Url` would change the
        /// reference (`uri-core`'s
        /// [`InteropError`](uri_core::interop::InteropError), features `http`
        /// and `url`).
        #[cfg(any(feature = "http", feature = "url"))]
        Interop(uri_core::interop::InteropError) => "the conversion would change the reference",
        /// Percent-decoding failed (`uri-encode`'s
        /// [`DecodeError`](uri_encode::DecodeError)).
        #[cfg(feature = "encode")]
        Decode(uri_encode::DecodeError) => "invalid percent-encoding",
        /// A base or a reference cannot be resolved (`uri-resolve`'s
        /// [`ResolveError`](uri_resolve::ResolveError)).
        #[cfg(feature = "resolve")]
        Resolve(uri_resolve::ResolveError) => "the reference cannot be resolved",
        /// No relative reference of the requested form reaches a target
        /// (`uri-resolve`'s [`RelativizeError`](uri_resolve::RelativizeError)).
        #[cfg(feature = "resolve")]
        Relativize(uri_resolve::RelativizeError) => "no relative reference reaches the target",
        /// A host cannot be mapped by IDNA (`uri-iri`'s
        /// [`IdnaError`](uri_iri::IdnaError)).
        #[cfg(feature = "iri")]
        Idna(uri_iri::IdnaError) => "the host cannot be mapped by IDNA",
        /// An IRI breaks the bidi rules of RFC 3987 §4.2 (`uri-iri`'s
        /// [`BidiError`](uri_iri::BidiError)).
        #[cfg(feature = "iri")]
        Bidi(uri_iri::BidiError) => "the IRI breaks the bidi rules",
        /// Text a person typed cannot be made a URI (`uri-iri`'s
        /// [`UserInputError`](uri_iri::UserInputError), from
        /// `UriBuf::from_user_input`).
        #[cfg(feature = "iri")]
        UserInput(uri_iri::UserInputError) => "the text cannot be made a URI",
        /// A CURIE cannot be expanded (`uri-iri`'s
        /// [`CurieError`](uri_iri::CurieError)).
        #[cfg(feature = "iri")]
        Curie(uri_iri::CurieError) => "the CURIE cannot be expanded",
        /// A file path and a `file` URI do not convert (`uri-schemes`'
        /// [`PathError`](uri_schemes::PathError)).
        #[cfg(feature = "schemes")]
        Path(uri_schemes::PathError) => "the file path and the file URI do not convert",
        /// A string is not a URI Template (`uri-template`'s
        /// [`TemplateError`](uri_template::TemplateError)).
        #[cfg(feature = "template")]
        Template(uri_template::TemplateError) => "invalid URI Template",
        /// A template did not expand (`uri-template`'s
        /// [`ExpandError`](uri_template::ExpandError)).
        #[cfg(feature = "template")]
        Expand(uri_template::ExpandError) => "the template does not expand",
        /// A URI did not match a template (`uri-template`'s
        /// [`MatchError`](uri_template::MatchError)).
        #[cfg(feature = "template")]
        Match(uri_template::MatchError) => "the URI does not match the template",
        /// Two templates of a router conflict (`uri-template`'s
        /// [`ConflictError`](uri_template::ConflictError)).
        #[cfg(feature = "template")]
        Conflict(uri_template::ConflictError) => "two templates of the set conflict",
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.message(), self.inner())
    }
}

/// `source()` is the wrapped error's own source (its `Display` already
/// says what the wrapped error says). Implemented through `core::error`, so
/// with or without the `std` feature.
impl core::error::Error for Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        self.inner().source()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use core::error::Error as _;

    /// Every public error type of every crate converts with `?`.
    #[test]
    fn every_error_converts() {
        fn converts<E: Into<Error>>() {}
        converts::<uri_core::ParseError>();
        converts::<uri_core::ParseBufError>();
        converts::<uri_core::BuildError>();
        converts::<uri_core::PortError>();
        converts::<uri_core::SegmentError>();
        #[cfg(any(feature = "http", feature = "url"))]
        converts::<uri_core::interop::InteropError>();
        #[cfg(feature = "encode")]
        converts::<uri_encode::DecodeError>();
        #[cfg(feature = "resolve")]
        {
            converts::<uri_resolve::ResolveError>();
            converts::<uri_resolve::RelativizeError>();
        }
        #[cfg(feature = "iri")]
        {
            converts::<uri_iri::IdnaError>();
            converts::<uri_iri::BidiError>();
            converts::<uri_iri::UserInputError>();
            converts::<uri_iri::CurieError>();
        }
        #[cfg(feature = "schemes")]
        converts::<uri_schemes::PathError>();
    }

    #[test]
    fn display_says_the_kind_and_the_index() {
        let parse = uri_core::Uri::parse("a b").unwrap_err();
        let err = Error::from(parse);
        assert!(err.source().is_none());
        assert_eq!(
            err.to_string(),
            alloc::format!("invalid URI reference: {parse}")
        );
        assert!(err.to_string().ends_with(" at byte 0"), "{err}");
        assert_eq!(err, Error::Parse(parse));
    }
}
