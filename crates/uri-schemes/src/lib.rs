//! The rules of the URI schemes people use, on top of RFC 3986's generic
//! syntax: what a scheme's URIs must hold, what their parts mean, how they
//! normalize and compare, and which schemes IANA registers.
//!
//! # Should I use this crate?
//!
//! Use it when "it parses" is not enough: an HTTP client that must refuse
//! `https:///abc`, a mail or telephony program that reads `mailto:` or
//! `tel:` links, a crawler or cache that must know `http://example.com:80/`
//! and `http://example.com` are one resource, a store of URNs. Most readers
//! reach it through the `urikit` facade (`urikit::schemes`, the default
//! `schemes` feature).
//!
//! # Terminology
//!
//! - A **scheme** (RFC 3986 §3.1) names the rules its URIs follow beyond
//!   the generic syntax: a [`Scheme`] here.
//! - A **violation** is a rule of the scheme a URI breaks: an
//!   [`Severity::Error`] (the URI is not a valid URI of its scheme) or a
//!   [`Severity::Warning`] (allowed, but unwise).
//! - **Locators** and **names** ([`Kind`]): RFC 3986 §1.1.3's "URL" and
//!   "URN", as a property of each scheme; the rule is in [`iana`]'s docs.
//! - The **equivalence ladder** (RFC 3986 §6.2): the same text (§6.2.1),
//!   the same syntax-based normal form (§6.2.2), the same scheme-based one
//!   (§6.2.3); [`Equivalence`] names the rung, and a scheme may have an
//!   equivalence of its own ([`Scheme::equivalent`]).
//!
//! # What is where
//!
//! - [`Scheme`]: the extension point. Each scheme of this crate implements
//!   it, and so can yours; a [`Registry`] holds them. Besides its checks
//!   and normal form, a scheme says whether its path is opaque
//!   ([`Scheme::opaque_path`]: no dot segments removed), whether its
//!   triplets may be decoded ([`Scheme::decodes_unreserved`]), and may
//!   answer equivalence itself ([`Scheme::equivalent`]).
//! - [`Registry::check`] → [`Report`]: the scheme's [`Fields`] (typed
//!   parts, the http family's and a URN's NID and NSS borrowed from the
//!   URI's text;
//!   [`Fields::into_owned`] to keep them) and every [`Violation`], errors
//!   and warnings, each with a kind, a byte index and the section of the
//!   standard it comes from. [`Registry::validate`]: the violations
//!   alone. [`Fields::describe`]: the parts as named [`FieldValue`]s, for
//!   printing or serializing without knowing the scheme; a scheme of
//!   yours answers [`Fields::Other`].
//! - One module per scheme ([`http`], [`mailto`], [`urn`], [`tel`],
//!   [`file`](mod@file), [`data`], [`ldap`], [`news`], [`telnet`], [`ftp`],
//!   [`pkg`], [`sip`], [`geo`]): its grammar, the violations it reports,
//!   its normal form and our reading of its RFC. The types are
//!   re-exported here. Each view type has a typed entry,
//!   `View::parse(uri) -> Result<View, Report>` ([`Mailto::parse`],
//!   [`Http::parse`], …): the view when no violation is an error.
//! - The typed parts, one type per scheme: [`Http`] and its [`Origin`]
//!   (http, https, ws, wss: RFC 9110 §4.2, RFC 6455 §3); [`Mailto`] and
//!   [`MailtoBuilder`] (RFC 6068); [`Urn`] (RFC 8141); [`Tel`] (RFC 3966);
//!   [`File`] (RFC 8089), with [`to_path`], [`to_path_str`],
//!   [`from_path`] and [`resolve_with_drive_letters`] for POSIX and
//!   Windows paths ([`Os`], [`PathError`], [`PathErrorKind`]); [`Data`]
//!   (RFC 2397); [`Ldap`] (RFC 4516); [`News`] (news and nntp, RFC 5538);
//!   [`Ftp`] (RFC 1738 §3.2); [`Telnet`] (RFC 4248); [`Purl`] (the
//!   Package URL, `pkg:`, ECMA-427); [`Sip`] (sip and sips, RFC 3261
//!   §19.1); [`Geo`] (RFC 5870).
//! - [`Registry::normalize`] (RFC 3986 §6.2.2, then §6.2.3) and
//!   [`Registry::equivalent`], [`Registry::equivalence`] (the §6 ladder,
//!   with each scheme's own rule); the registry is uri-resolve's
//!   [`SchemeNormalizer`](uri_resolve::SchemeNormalizer) too.
//! - [`generic_checks`]: the warnings every scheme shares.
//! - [`iana`]: the IANA registry of URI schemes (every registered name,
//!   its status and reference, as of [`iana::REGISTRY_DATE`]), and which
//!   schemes locate and which name.
//!
//! # Examples
//!
//! ```
//! use uri_core::{Uri, UriReference};
//! use uri_schemes::{Fields, Registry};
//!
//! let registry = Registry::standard();
//! let report = registry.check(Uri::parse("https://example.com/")?);
//! assert!(report.is_valid());
//! let Fields::Http(https) = report.fields() else { return Err("an https report".into()) };
//! assert_eq!(https.origin().map(|o| o.to_string()).as_deref(), Some("https://example.com:443"));
//!
//! assert!(!registry.check(Uri::parse("https:///abc")?).is_valid());
//! assert_eq!(registry.normalize(Uri::parse("http://example.com:80")?), "http://example.com/");
//!
//! // URN-equivalence (RFC 8141 §3.1): r-, q- and f-components ignored,
//! // percent-encoding compared as written.
//! let urn = |s| UriReference::parse(s);
//! assert!(registry.equivalent(urn("urn:example:a123,z456")?, urn("URN:EXAMPLE:a123,z456?+abc")?));
//! assert!(!registry.equivalent(urn("urn:example:a-")?, urn("urn:example:a%2D")?));
//! assert_eq!(uri_schemes::iana::lookup("tel").map(|e| e.reference()), Some("RFC3966; RFC5341"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! - `std` (default): turns on `std` in uri-core, uri-encode and
//!   uri-resolve. Without it the crate is `no_std` with `alloc`.
//! - `serde`: `Serialize` for [`Violation`] and [`Origin`] (maps of their
//!   fields), `Serialize` and `Deserialize` for [`Severity`] (`"warning"`,
//!   `"error"`), and the `serde` feature of uri-core and uri-resolve.
//!
//! # Spec notes
//!
//! Where a scheme's RFC leaves room for reading, the choice is in the docs
//! of the scheme's module or type ([`file`](mod@file), [`tel`](mod@tel), [`data`](mod@data),
//! [`Mailto`], [`Urn`], [`ldap`], [`news`]) and, collected, in the
//! workspace's `docs/spec-notes.md` ("Schemes"). Among them: a path that only its
//! scheme reads is opaque to normalization (urn, data, mailto, tel, news,
//! nntp: RFC 3986 §3.3 gives dot segments a meaning only in hierarchical
//! paths), and an empty port is not out of range (§3.2.3).
//!
//! # Guarantees
//!
//! Checking, normalizing and comparing run in time and memory linear in
//! the input, and never panic.

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(html_root_url = "https://docs.rs/uri-schemes/0.1.0")]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod data;
mod equivalence_key;
mod fields;
pub mod file;
pub mod ftp;
mod generic;
pub mod geo;
pub mod http;
pub mod iana;
pub mod ldap;
pub mod mailto;
pub mod news;
pub mod pkg;
mod registry;
mod scheme;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod sip;
pub mod tel;
pub mod telnet;
pub mod urn;
mod violation;

pub use data::Data;
pub use fields::{FieldValue, Fields};
pub use file::{
    File, Os, PathError, PathErrorKind, from_path, resolve_with_drive_letters, to_path, to_path_str,
};
pub use ftp::Ftp;
pub use generic::{LENGTH_WARNING, generic_checks};
pub use geo::Geo;
pub use http::{Http, Origin};
pub use ldap::Ldap;
pub use mailto::{Mailto, MailtoBuilder};
pub use news::News;
pub use pkg::Purl;
pub use registry::{Clean, Equivalence, Registry};
pub use scheme::{Kind, Report, Scheme};
pub use sip::Sip;
pub use tel::Tel;
pub use telnet::Telnet;
pub use urn::Urn;
pub use violation::{Severity, Violation};

/// The built-in schemes of [`Registry::standard`], each module's entry
/// (its `SCHEMES`): adding a scheme is its module and one line here.
const STANDARD: &[&[registry::Builtin]] = &[
    http::SCHEMES,
    mailto::SCHEMES,
    urn::SCHEMES,
    tel::SCHEMES,
    file::SCHEMES,
    data::SCHEMES,
    ldap::SCHEMES,
    news::SCHEMES,
    telnet::SCHEMES,
    ftp::SCHEMES,
    pkg::SCHEMES,
    sip::SCHEMES,
    geo::SCHEMES,
];

/// The README's examples, run as doc tests so it cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
