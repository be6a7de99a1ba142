//! Reference resolution (RFC 3986 §5), its inverse, and normalization and
//! comparison (§6).
//!
//! # Should I use this crate?
//!
//! Use it when you turn links into URIs (crawlers, HTML and RDF parsers,
//! HTTP redirects), when you need the link from one URI to another, or when
//! you compare and deduplicate URIs. Most readers reach it through the
//! `urikit` facade.
//!
//! # Terminology
//!
//! - **Resolving** a reference against a base URI gives the target URI
//!   (§5.2). **Strict** resolution (the default) takes a reference with a
//!   scheme as absolute; **non-strict** reads `http:g` against an `http`
//!   base as relative (§5.2.2).
//! - **Relativizing** is the inverse: the shortest reference that resolves
//!   to a target.
//! - **Syntax-based normalization** (§6.2.2) puts a reference in a normal
//!   form (case, percent-encoding, dot segments) such that equal normal
//!   forms mean equivalent URIs. **Scheme-based** normalization (§6.2.3,
//!   default ports and such) plugs in through [`SchemeNormalizer`].
//!
//! # Examples
//!
//! ```
//! use uri_core::{Uri, UriReference};
//! use uri_resolve::{normalize_uri, normalized_eq, relativize, Resolver};
//!
//! let base = Uri::parse("http://a/b/c/d;p?q")?;
//! let mut resolver = Resolver::new(base);
//! let mut target = String::new();
//! resolver.resolve_into(UriReference::parse("../g?y#s")?, &mut target);
//! assert_eq!(target, "http://a/b/g?y#s");
//!
//! assert_eq!(relativize(base, Uri::parse(&target)?)?, "../g?y#s");
//!
//! let uri = Uri::parse("HTTP://Example.COM/%7euser/./x/../y")?;
//! assert_eq!(normalize_uri(uri), "http://example.com/~user/y");
//! assert!(normalized_eq(uri.into(), UriReference::parse("http://example.com/~user/y")?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! - `std` (default): `std::error::Error` on error types. Without it the
//!   crate is `no_std` with `alloc`.
//! - `serde`: `Serialize` and `Deserialize` for [`NormalizedUri`] (its
//!   normal form as a string; read with uri-core's validation, then
//!   normalized by syntax), and uri-core's `serde` feature. Works without
//!   `std`.
//!
//! # Guarantees
//!
//! Resolution and normalization run in linear time and memory on any input
//! (`remove_dot_segments` never rescans), never recurse, and never panic.
//! Their results always parse back with the same components; where the
//! literal algorithm would produce a path beginning with `//` without an
//! authority, `/.` is written before it (see the workspace's
//! `docs/spec-notes.md`).

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod dot_segments;
mod normalize;
mod normalized;
mod out;
mod pct;
mod relativize;
mod resolve;
#[cfg(feature = "serde")]
mod serde_impls;

pub use dot_segments::{has_dot_segments, remove_dot_segments};
pub use normalize::{
    NormalizeOptions, SchemeNormalizer, SyntaxOnly, normalize, normalize_into, normalize_uri,
    normalize_uri_with, normalize_uri_with_options, normalized_eq,
};
pub use normalized::NormalizedUri;
pub use relativize::{Form, RelativizeError, has_relative_form, relativize, relativize_with};
pub use resolve::{ResolveError, ResolveErrorKind, Resolver, resolve, resolve_str};

/// The README's examples, run as doc tests so it cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
