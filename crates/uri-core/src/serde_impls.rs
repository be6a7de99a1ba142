//! `Serialize` and `Deserialize` for the reference types (feature `serde`).
//!
//! Every reference type, URI or IRI, borrowed or owned, serializes as its
//! string, exactly as written. Deserializing parses that string under the
//! type's rule (RFC 3986 §4.1 `URI-reference`, §3 `URI`, §4.2
//! `relative-ref`, or their RFC 3987 twins), so a value that deserializes
//! is valid. A string that does not parse fails with a message naming the
//! [`ParseErrorKind`](crate::ParseErrorKind) variant and the byte index, as
//! in `invalid UriBuf: InvalidPercentEncoding (`%` not followed by two hex
//! digits) at byte 9`. The input itself is not repeated in the message: it
//! may hold a password.
//!
//! The owned types (`UriBuf`, …) deserialize from any string; from an owned
//! `String` the parser keeps it, with no copy. The borrowed types
//! (`Uri<'de>`, …) deserialize without copying, from a string the
//! deserializer can lend for `'de` (mark the field `#[serde(borrow)]` when
//! the type is behind a lifetime-carrying wrapper such as `Option`). A
//! deserializer that cannot lend one (`serde_json` meeting a string with an
//! escape such as `\/`, or reading from an `io::Read`) makes the borrowed
//! types fail with a message that says so and names the owned type to use.
//!
//! # Examples
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use uri_core::{Uri, UriBuf};
//!
//! #[derive(serde::Deserialize)]
//! struct Link<'a> {
//!     #[serde(borrow)]
//!     href: Uri<'a>,
//!     base: UriBuf,
//! }
//!
//! let json = r#"{"href": "https://example.com/a", "base": "https://example.com/"}"#;
//! let link: Link<'_> = serde_json::from_str(json).unwrap();
//! assert_eq!(link.href.path(), "/a");
//! assert_eq!(serde_json::to_string(&link.base).unwrap(), r#""https://example.com/""#);
//!
//! let err = serde_json::from_str::<UriBuf>(r#""http://a/%zz""#).unwrap_err();
//! assert!(err.to_string().starts_with("invalid UriBuf: InvalidPercentEncoding"));
//! # }
//! ```

use alloc::string::String;
use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, Unexpected, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::error::ParseError;

use crate::owned::{RelativeRiBuf, RiBuf, RiReferenceBuf};

use crate::reference::{RelativeRi, Ri, RiReference};

use crate::spec::Spec;

/// The deserialization error for a string that does not parse as `type_name`.
fn invalid<E: de::Error>(type_name: &str, error: ParseError) -> E {
    E::custom(format_args!(
        "invalid {type_name}: {} ({}) at byte {}",
        error.kind().name(),
        error.kind(),
        error.index()
    ))
}

macro_rules! serde_borrowed {
    ($Type:ident, $name:ident, $buf_name:ident) => {
        impl<S: Spec> Serialize for $Type<'_, S> {
            /// The reference as written, as a string.
            fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de: 'a, 'a, S: Spec> Deserialize<'de> for $Type<'a, S> {
            /// Parses a string borrowed from the input, with no copy.
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct Borrowing<'a, S>(PhantomData<(&'a (), S)>);

                impl<'de: 'a, 'a, S: Spec> Visitor<'de> for Borrowing<'a, S> {
                    type Value = $Type<'a, S>;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        write!(f, "a string borrowed from the input that is a valid {}", <S as crate::spec::Sealed>::TYPE_NAMES.$name)
                    }

                    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
                        $Type::parse(v).map_err(|e| invalid(<S as crate::spec::Sealed>::TYPE_NAMES.$name, e))
                    }

                    fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
                        Err(E::custom(format_args!(
                            "{} borrows its string from the input, and this deserializer cannot lend one \
                             (an escaped or transient string); deserialize {} instead",
                            <S as crate::spec::Sealed>::TYPE_NAMES.$name,
                            <S as crate::spec::Sealed>::TYPE_NAMES.$buf_name
                        )))
                    }

                    fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<Self::Value, E> {
                        match core::str::from_utf8(v) {
                            Ok(s) => self.visit_borrowed_str(s),
                            Err(_) => Err(E::invalid_value(Unexpected::Bytes(v), &self)),
                        }
                    }
                }

                deserializer.deserialize_str(Borrowing(PhantomData))
            }
        }
    };
}

macro_rules! serde_owned {
    ($Buf:ident, $name:ident) => {
        impl<S: Spec> Serialize for $Buf<S> {
            /// The reference as written, as a string.
            fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de, S: Spec> Deserialize<'de> for $Buf<S> {
            /// Parses a string, keeping it when the deserializer gives it away.
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct Owning<S>(PhantomData<S>);

                impl<S: Spec> Visitor<'_> for Owning<S> {
                    type Value = $Buf<S>;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        write!(
                            f,
                            "a string that is a valid {}",
                            <S as crate::spec::Sealed>::TYPE_NAMES.$name
                        )
                    }

                    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                        self.visit_string(String::from(v))
                    }

                    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
                        $Buf::parse(v).map_err(|e| {
                            invalid(<S as crate::spec::Sealed>::TYPE_NAMES.$name, e.error())
                        })
                    }

                    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Self::Value, E> {
                        match core::str::from_utf8(v) {
                            Ok(s) => self.visit_str(s),
                            Err(_) => Err(E::invalid_value(Unexpected::Bytes(v), &self)),
                        }
                    }
                }

                deserializer.deserialize_string(Owning(PhantomData))
            }
        }
    };
}

serde_borrowed!(RiReference, reference, reference_buf);
serde_borrowed!(Ri, absolute, absolute_buf);
serde_borrowed!(RelativeRi, relative, relative_buf);
serde_owned!(RiReferenceBuf, reference_buf);
serde_owned!(RiBuf, absolute_buf);
serde_owned!(RelativeRiBuf, relative_buf);
