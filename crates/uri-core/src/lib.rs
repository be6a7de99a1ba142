//! Strict, zero-copy parsing of URI references: the syntax layer of RFC 3986.
//!
//! # Should I use this crate?
//!
//! Most readers want [`urikit`](https://docs.rs/urikit), which re-exports this
//! crate beside percent-encoding, resolution, IRIs and scheme rules. Take
//! `uri-core` alone when you need only the syntax: validate, split into
//! components, build, and display URIs exactly as written, in `no_std` too.
//!
//! # Terminology
//!
//! - A **URI** ([`Uri`]) has a scheme: `https://example.com/a?b#c`, `mailto:x@y`.
//! - A **relative reference** ([`RelativeRef`]) has none: `../a`, `//host/p`, `?q`, ``.
//! - A **URI reference** ([`UriReference`]) is either (RFC 3986 §4.1).
//! - Each has an owned twin ([`UriBuf`], [`RelativeRefBuf`], [`UriReferenceBuf`]):
//!   one `String`, the same offsets.
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
//! use uri_core::{Host, Uri};
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
//! let err = Uri::parse("http://a/b c").unwrap_err();
//! println!("{}", err.caret("http://a/b c"));
//! // error: character not allowed in path at byte 10
//! //   http://a/b\x20c
//! //             ^
//! # Ok::<(), uri_core::ParseError>(())
//! ```
//!
//! # Crate features
//!
//! - `std` (default): implements `std::error::Error` through `core::error`
//!   and nothing else; the crate is `no_std` with `alloc` without it. IP
//!   addresses are the `core::net` types either way.
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
#![cfg_attr(docsrs, feature(doc_auto_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod address;
mod builder;
mod components;
mod error;
pub mod grammar;
mod ip;
mod macros;
mod owned;
pub mod parser;
mod redact;
mod reference;
mod window;

pub use builder::{BuildError, BuildErrorKind, Builder, Part};
pub use components::{Authority, Components, Host, PortError, Segments};
pub use error::{Caret, ParseError, ParseErrorKind};
pub use owned::{ParseBufError, RelativeRefBuf, UriBuf, UriReferenceBuf};
pub use parser::{HostKind, ParseOptions};
pub use redact::Redacted;
pub use reference::{RelativeRef, Uri, UriReference};

/// The README's examples, run as doc tests so it cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
