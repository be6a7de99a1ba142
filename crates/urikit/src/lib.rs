//! URIs the way the standards define them.
//!
//! # Should I use this crate?
//!
//! Yes, unless you want one layer alone: `urikit` is a facade that
//! re-exports the urikit crates, each behind a feature. Its own code is
//! small: [`Error`], which the error of every crate converts into (so `?`
//! works across them), and [`UriExt`] and [`IriExt`] (`join`,
//! `normalize`, `normalized_eq`, `equivalent` as methods of the URI and
//! IRI types), all in the [`prelude`]. The
//! workspace's `docs/guide.md` goes through the tasks one by one. The RFC 3986 syntax layer, [`uri_core`], is at the top level; the
//! percent codec is [`encode`]; resolution and normalization are
//! [`resolve`]. IRIs (RFC 3987) parse, resolve and normalize through the
//! same types ([`Iri`], [`IriBuf`], …); the IRI↔URI mapping, IDNA hosts
//! and the display form are [`mod@iri`]; the rules of real schemes (http,
//! mailto, urn, tel, file, data, …), scheme-based normalization and the
//! IANA registry are [`schemes`]; URI Templates (RFC 6570), expanded and
//! matched, are [`template`] (feature `template`).
//!
//! # The types, by their names
//!
//! | | URI (RFC 3986) | IRI (RFC 3987) |
//! |---|---|---|
//! | with a scheme | [`Uri`], [`UriBuf`] | [`Iri`], [`IriBuf`] |
//! | either | [`UriReference`], [`UriReferenceBuf`] | [`IriReference`], [`IriReferenceBuf`] |
//! | without a scheme | [`RelativeRef`], [`RelativeRefBuf`] | [`RelativeIri`], [`RelativeIriBuf`] |
//!
//! These names are all you write. Each is an alias of a generic type
//! (`Uri<'a>` is `Ri<'a, UriSpec>`, `IriBuf` is `RiBuf<IriSpec>`): the
//! parameter, explained once in [`spec`], says which grammar the text was
//! checked against, and shows in rustdoc and compiler messages only.
//! `Uri`, `UriReference`, `RelativeRef` borrow the text (`Copy`, no
//! allocation); the `…Buf` twins own it. Methods say what they give
//! (`UriBuf::as_uri` is a `Uri`, `IriBuf::as_iri` an `Iri`), and the IRI
//! functions of [`mod@iri`] (`to_uri`, `display`, …) take any of these
//! types as they are, with no `.into()`.
//!
//! # Examples
//!
//! ```
//! use urikit::prelude::*;
//!
//! let uri = Uri::parse("https://example.com:8042/over/there?name=ferret#nose")?;
//! assert_eq!(uri.host(), Some(Host::RegName("example.com")));
//! assert_eq!(uri.authority().and_then(|a| a.port_u16().ok()).flatten(), Some(8042));
//! # Ok::<(), urikit::ParseError>(())
//! ```
//!
//! With the default features:
//!
//! ```
//! # #[cfg(all(feature = "resolve", feature = "schemes"))] {
//! use urikit::prelude::*;
//!
//! let base = urikit::uri!("http://example.com/a/b");
//! let target = base.join("../c?q=x+y")?;
//! assert_eq!(target, "http://example.com/c?q=x+y");
//! assert_eq!(target.form_pairs().get("q").as_deref(), Some("x y"));
//! assert!(target.equivalent(&Uri::parse("HTTP://example.com:80/c?q=x+y")?));
//! # }
//! # Ok::<(), urikit::Error>(())
//! ```
//!
//! # Crate features
//!
//! - `std` (default): `std::error::Error` on error types. Without it the
//!   crate is `no_std` with `alloc`.
//! - `encode` (default): [`encode`], the percent codec (`uri-encode`).
//! - `resolve` (default, implies `encode`): [`resolve`], reference
//!   resolution, relativization and normalization (`uri-resolve`).
//! - `iri` (default, implies `resolve`): [`mod@iri`], the IRI↔URI mapping,
//!   UTS #46 hosts, bidi checks, NFC and the display form (`uri-iri`,
//!   which brings `idna` and the Unicode data of ICU4X and
//!   `unicode-security`).
//! - `schemes` (default, implies `resolve`): [`schemes`], the rules of
//!   real schemes, scheme-based normalization and equivalence, and the
//!   IANA registry (`uri-schemes`).
//! - `lint` (implies `std`, `iri` and `schemes`): [`lint`](mod@lint),
//!   where an RFC 3986 reading and a WHATWG reading (the `url` crate) of
//!   a URL differ, and the other traps of a URL, with JSON lines and
//!   SARIF 2.1.0 output (`uri-lint`).
//! - `template`: [`template`], RFC 6570 URI Templates: expansion to a
//!   valid reference, matching as the inverse of expansion (linear time,
//!   ambiguity reported), a router (`uri-template`).
//! - `serde`: `Serialize` and `Deserialize` in every enabled crate: each
//!   reference type as its string (owned types validated, borrowed types
//!   zero-copy with `#[serde(borrow)]`), `NormalizedUri`, `NormalizedIri`,
//!   and the scheme checks' results; with `template`, `Vars` from any
//!   `Serialize` value and captures as JSON.
//! - `http` (implies `std`): `interop`, `http::Uri` to and from the URI
//!   types; a fragment, or a string `http` would read or write otherwise,
//!   is refused, never dropped (`uri-core`'s `http` feature).
//! - `url` (implies `std`): `interop`, `url::Url` to and from the URI
//!   types, refused where WHATWG parsing would change the URI
//!   (`uri-core`'s `url` feature).
//! - `psl` (implies `iri`): [`PublicSuffixExt`], `registrable_domain()`
//!   and `public_suffix()` on [`Host`], from the Public Suffix List
//!   (the `psl` crate), ICANN and private sections told apart.
//! - `percent-encoding` (implies `encode`): `EncodeSet` to and from
//!   `percent_encoding::AsciiSet` (`uri-encode`'s `percent-encoding`
//!   feature).
//!
//! How these compare with `url`, `fluent-uri`, `iri-string` and `http`,
//! task by task, is the workspace's `docs/ecosystem.md`. Coming from
//! `url`? [`migrating_from_url`] goes through nine everyday tasks side by
//! side (the workspace's `docs/migrating-from-url.md`).

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(any(test, feature = "psl"))]
extern crate alloc;

mod error;
#[cfg(feature = "resolve")]
mod ext;
#[cfg(feature = "schemes")]
mod port;
#[cfg(feature = "psl")]
mod public_suffix;

pub use error::Error;
#[cfg(feature = "resolve")]
pub use ext::{IriExt, UriExt};
// uri-core's items, listed: a new one reaches the facade by a line here,
// which review sees.
#[cfg(any(feature = "http", feature = "url"))]
pub use uri_core::interop;
pub use uri_core::{
    Authority, BuildError, BuildErrorKind, Builder, Caret, Component, Components, Host, HostKind,
    Iri, IriBuf, IriBuilder, IriReference, IriReferenceBuf, IriSpec, MASK, ParseBufError,
    ParseError, ParseErrorKind, ParseOptions, PasswordSpans, PortError, Redacted, RedactedText,
    RedactedUserinfo, RelativeIri, RelativeIriBuf, RelativeRef, RelativeRefBuf, RelativeRi,
    RelativeRiBuf, Ri, RiBuf, RiBuilder, RiReference, RiReferenceBuf, RiWriter, Segments, Spec,
    TrustedWriter, Uri, UriBuf, UriReference, UriReferenceBuf, UriSpec, UriWriter, address,
    check_uri, grammar, password_spans, redact_bytes, redact_userinfo, spec, uri, writer,
};
// Issue 36's items of uri-core: the editors, the IRI literal, and the
// traits that let a function take any URI or IRI type.
pub use uri_core::{
    IntoIri, IntoIriReference, IntoUriReference, PathSegmentsMut, QueryPairsMut, SegmentError, iri,
};
// The checkers `uri!` and `iri!` call, for a `const` that wants the error
// rather than a build failure.
pub use uri_core::{LiteralError, iri_literal, uri_literal};

// --- Issue 36 ("the first hour"): items added by the facade. ---
#[cfg(feature = "schemes")]
pub use port::PortExt;
#[cfg(feature = "psl")]
pub use public_suffix::{PublicSuffix, PublicSuffixExt, Section};
// --- End of issue 36's block. ---

/// The percent codec of RFC 3986 §2: the `uri-encode` crate.
#[cfg(feature = "encode")]
pub use uri_encode as encode;

/// Reference resolution (RFC 3986 §5) and normalization (§6): the
/// `uri-resolve` crate.
#[cfg(feature = "resolve")]
pub use uri_resolve as resolve;

/// Internationalized identifiers (RFC 3987): the `uri-iri` crate.
#[cfg(feature = "iri")]
pub use uri_iri as iri;

/// The rules of real URI schemes: the `uri-schemes` crate.
#[cfg(feature = "schemes")]
pub use uri_schemes as schemes;

/// Where an RFC 3986 reading and a WHATWG reading of a URL differ, and
/// the other traps of a URL: the `uri-lint` crate.
#[cfg(feature = "lint")]
pub use uri_lint as lint;
/// URI Templates (RFC 6570): expansion, matching and a router, the
/// `uri-template` crate.
#[cfg(feature = "template")]
pub use uri_template as template;

/// The types and traits most programs need, to import with one `use`.
///
/// Always: the reference types, [`Builder`], [`Host`], [`Authority`] and
/// the parse errors of `uri-core`, and [`Error`]. With
/// `encode`: [`EncodeSet`](crate::encode::EncodeSet). (Decoded components
/// and query pairs are methods of the reference types, `uri.form_pairs()`, `uri.query_pairs_rfc3986()`.)
/// With `resolve`: [`UriExt`] and [`IriExt`] (`join`, `normalize`,
/// `normalized_eq`, `equivalent`).
///
/// # Examples
///
/// ```
/// use urikit::prelude::*;
///
/// let r = UriReference::parse("../a?b")?;
/// assert!(r.is_relative());
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub mod prelude {
    pub use crate::error::Error;
    #[cfg(feature = "resolve")]
    pub use crate::ext::{IriExt, UriExt};
    pub use uri_core::{
        Authority, Builder, Host, HostKind, Iri, IriBuf, IriReference, IriReferenceBuf, ParseError,
        ParseErrorKind, ParseOptions, RelativeIri, RelativeIriBuf, RelativeRef, RelativeRefBuf,
        Uri, UriBuf, UriReference, UriReferenceBuf,
    };
    #[cfg(feature = "encode")]
    pub use uri_encode::EncodeSet;

    // --- Issue 36 ("the first hour"). ---
    #[cfg(feature = "schemes")]
    pub use crate::port::PortExt;
    #[cfg(feature = "psl")]
    pub use crate::public_suffix::PublicSuffixExt;
    pub use uri_core::{PathSegmentsMut, QueryPairsMut, SegmentError};
    #[cfg(feature = "iri")]
    pub use uri_iri::FromUserInput;
    // --- End of issue 36's block. ---
}

/// Declares a struct whose doc is a Markdown file, so that the file's
/// examples run as doc tests; only with every default feature on, which
/// they use.
macro_rules! doctests_with_default_features {
    ($(#[doc = $doc:literal])* $name:ident = $file:literal) => {
        $(#[doc = $doc])*
        #[cfg(all(
            doctest,
            feature = "std",
            feature = "encode",
            feature = "resolve",
            feature = "iri",
            feature = "schemes"
        ))]
        #[doc = include_str!($file)]
        struct $name;
    };
}

doctests_with_default_features! {
    /// The crate README's examples, run as doc tests (they use the default
    /// features).
    ReadmeDoctests = "../README.md"
}

/// The workspace README's examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct WorkspaceReadmeDoctests;

doctests_with_default_features! {
    /// The examples of `docs/guide.md`, run as doc tests. They use every
    /// default feature, so they run when all of them are on.
    GuideDoctests = "../../../docs/guide.md"
}

/// Moving from the `url` crate, task by task: parse, read the
/// components, build, edit the query, edit the path, join, compare and
/// normalize, convert to and from `url::Url`, show safely. (A page of
/// documentation only; the workspace's `docs/migrating-from-url.md`.)
#[cfg(all(doc, not(doctest)))]
#[doc = include_str!("../migrating-from-url.md")]
pub mod migrating_from_url {}

doctests_with_default_features! {
    /// `docs/migrating-from-url.md`'s examples, run as doc tests (they use
    /// the default features; the conversions also `url` and `http`).
    MigratingFromUrlDoctests = "../migrating-from-url.md"
}

doctests_with_default_features! {
    /// `docs/ecosystem.md`'s urikit lines, run as doc tests (they need the
    /// default features).
    EcosystemDoctests = "../../../docs/ecosystem.md"
}
