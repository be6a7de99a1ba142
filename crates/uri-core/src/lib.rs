//! Strict, zero-copy parsing of URI and IRI references: the syntax layer of
//! RFC 3986 and RFC 3987.
//!
//! # Should I use this crate?
//!
//! Most readers want [`urikit`](https://docs.rs/urikit), which re-exports this
//! crate beside percent-encoding, resolution, IRIs and scheme rules. Take
//! `uri-core` alone when you need only the syntax: validate, split into
//! components, build, and display URIs exactly as written, in `no_std` too.
//!
//! # The types, by their names
//!
//! | | URI (RFC 3986) | IRI (RFC 3987) |
//! |---|---|---|
//! | with a scheme | [`Uri`], [`UriBuf`] | [`Iri`], [`IriBuf`] |
//! | either | [`UriReference`], [`UriReferenceBuf`] | [`IriReference`], [`IriReferenceBuf`] |
//! | without a scheme | [`RelativeRef`], [`RelativeRefBuf`] | [`RelativeIri`], [`RelativeIriBuf`] |
//! | building | [`Builder`] | [`IriBuilder`] |
//!
//! Name these; they are all you write. Each is an alias of one generic
//! type with a spec parameter: `Uri<'a>` is `Ri<'a, UriSpec>`, `Iri<'a>`
//! is `Ri<'a, IriSpec>`, `UriBuf` is `RiBuf<UriSpec>`, and so on. The
//! parameter says which grammar the text was checked against (the
//! [`spec`] module explains it); rustdoc and compiler messages show the
//! generic names (`Ri<'_, UriSpec>` is a `Uri`). Methods say what they
//! give: `as_uri`, `as_uri_reference` and `build_uri` on the URI types,
//! `as_iri`, `as_iri_reference` and `build_iri` on the IRI types
//! (`as_ri`, `as_ri_reference` and `build_ri` for code generic over the
//! spec). A function that takes any of them without `.into()` takes
//! `impl` [`IntoIriReference`] or [`IntoUriReference`] (and [`IntoIri`]
//! where it needs an absolute IRI).
//!
//! # Terminology
//!
//! - A **URI** ([`Uri`]) has a scheme: `https://example.com/a?b#c`, `mailto:x@y`.
//! - A **relative reference** ([`RelativeRef`]) has none: `../a`, `//host/p`, `?q`, ``.
//! - A **URI reference** ([`UriReference`]) is either (RFC 3986 §4.1).
//! - Each has an owned twin ([`UriBuf`], [`RelativeRefBuf`], [`UriReferenceBuf`]):
//!   one `String`, the same offsets.
//! - An **IRI** (RFC 3987) is a URI that may hold Unicode characters
//!   (`ucschar`) in its userinfo, host, path, query and fragment. [`Iri`],
//!   [`IriReference`], [`RelativeIri`] and [`IriBuf`], … are the same types
//!   with another [`Spec`]: one parser, one set of getters, builder and
//!   resolver for both. Every URI is an IRI (`From<Uri> for Iri`, no copy).
//!   Mapping between the two (percent-encoding, IDNA) is for `uri-iri`.
//! - [`address`] says whether an IP address is globally reachable, from the
//!   IANA special-purpose address registries: the check an SSRF filter needs
//!   after parsing ([`Host::is_non_global_ip`] for a literal host).
//! - Components are returned exactly as written, still percent-encoded;
//!   decoding lives in `uri-encode`. `None` means absent, `Some("")` present
//!   but empty: `http://a?` has an empty query, `http://a` has none.
//!
//! # Examples
//!
//! ```
//! use uri_core::{Host, Iri, Uri};
//!
//! let uri = Uri::parse("https://john.doe@www.example.com:123/forum/questions/?tag=networking&order=newest#top")?;
//! assert_eq!(uri.scheme(), "https");
//! assert_eq!(uri.userinfo(), Some("john.doe"));
//! assert_eq!(uri.host(), Some(Host::RegName("www.example.com")));
//! assert_eq!(uri.port(), Some("123"));
//! assert_eq!(uri.path(), "/forum/questions/");
//! assert_eq!(uri.query(), Some("tag=networking&order=newest"));
//! assert_eq!(uri.fragment(), Some("top"));
//! assert_eq!(uri.to_string(), uri.as_str()); // Display is exact
//!
//! let iri = Iri::parse("https://ru.wikipedia.org/wiki/Википедия#Структура")?;
//! assert_eq!(iri.path(), "/wiki/Википедия");
//! assert!(Uri::parse(iri.as_str()).is_err()); // not a URI: non-ASCII
//!
//! let err = Uri::parse("http://a/b c").unwrap_err();
//! println!("{}", err.caret("http://a/b c"));
//! // error: character not allowed in path at byte 10
//! //   http://a/b\x20c
//! //             ^
//! # Ok::<(), uri_core::ParseError>(())
//! ```
//!
//! A literal is checked when compiling with [`uri!`]; the builder encodes
//! what a part cannot hold:
//!
//! ```
//! use uri_core::{uri, Builder};
//!
//! let api = uri!("https://api.example.com/v1");
//! let url = Builder::from_components(api.components())
//!     .push_segment("users")
//!     .push_segment("Zoë Smith")
//!     .append_query_pair("fields", "name,email")
//!     .build_uri()?;
//! assert_eq!(url, "https://api.example.com/v1/users/Zo%C3%AB%20Smith?fields=name,email");
//! # Ok::<(), uri_core::BuildError>(())
//! ```
//!
//! # Crate features
//!
//! - `std` (default): implements `std::error::Error` through `core::error`,
//!   and adds [`Authority::socket_addrs`] (which may resolve a name); the
//!   crate is `no_std` with `alloc` without it. IP addresses are the
//!   `core::net` types either way.
//! - `serde`: `Serialize` and `Deserialize` for every reference type, URI
//!   and IRI, borrowed and owned. They serialize as the string as written;
//!   deserializing parses it under the type's rule and fails with the
//!   [`ParseErrorKind`] and byte index. The borrowed types (`Uri<'de>`, …)
//!   borrow the string from the input with no copy (`#[serde(borrow)]`),
//!   and fail, saying so, when the deserializer cannot lend it (an escaped
//!   JSON string): use the owned types there. Works without `std`.
//!
//! # Guarantees
//!
//! Parsing is a left-to-right scan with lookup tables that reads each byte
//! at most a bounded number of times: linear time, no recursion, no
//! allocation, no panic on any input. Borrowed types are `Copy`
//! and hold the input and offsets only.
//!
//! # Spec notes
//!
//! Where RFC 3986 leaves room, the choices are written in the workspace's
//! `docs/spec-notes.md`: IPv4 is dotted-decimal only (`127.1` is a reg-name),
//! zone identifiers are refused (RFC 9844) unless [`ParseOptions::allow_zone_id`],
//! and a `:` before any `/?#` is always read as the end of a scheme.

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod address;
mod builder;
mod by_spec;
mod caret;
mod component;
mod components;
mod const_check;
mod decode;
mod edit;
mod error;
pub mod grammar;
#[cfg(any(feature = "http", feature = "url"))]
pub mod interop;
mod ip;
mod macros;
mod owned;
mod parser;
mod redact;
mod reference;
#[cfg(feature = "serde")]
mod serde_impls;
mod setters;
pub mod spec;
mod splice;
#[cfg(test)]
mod test_rng;
pub mod writer;

pub use builder::{BuildError, BuildErrorKind, Builder, IriBuilder, RiBuilder};
pub use by_spec::{IntoIri, IntoIriReference, IntoUriReference};
pub use caret::Caret;
pub use component::Component;
pub use components::{Authority, Components, Host, HostKind, PortError, Segments};
pub use const_check::{LiteralError, check_uri, iri_literal, uri_literal};
pub use edit::{PathSegmentsMut, QueryPairsMut, SegmentError};
pub use error::{ParseError, ParseErrorKind};
pub use owned::{
    IriBuf, IriReferenceBuf, ParseBufError, RelativeIriBuf, RelativeRefBuf, RelativeRiBuf, RiBuf,
    RiReferenceBuf, UriBuf, UriReferenceBuf,
};
pub use parser::ParseOptions;
pub use redact::{
    MASK, PasswordSpans, Redacted, RedactedText, RedactedUserinfo, password_spans, redact_bytes,
    redact_userinfo,
};
pub use reference::{
    Iri, IriReference, RelativeIri, RelativeRef, RelativeRi, Ri, RiReference, Uri, UriReference,
};
pub use spec::{IriSpec, Spec, UriSpec};
pub use writer::{RiWriter, TrustedWriter, UriWriter};

/// The README's examples, run as doc tests so it cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
