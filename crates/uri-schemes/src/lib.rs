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
//! reach it through the `urikit` facade.
//!
//! # What is where
//!
//! - [`Scheme`]: the extension point. Each scheme of this crate implements
//!   it, and so can yours; a [`Registry`] holds them.
//! - [`Registry::check`] → [`Report`]: the scheme's [`Fields`] (typed
//!   parts) and every [`Violation`], errors and warnings, each with a
//!   kind, a byte index and the section of the standard it comes from.
//! - [`Registry::normalize`] (RFC 3986 §6.2.2, then §6.2.3) and
//!   [`Registry::equivalent`] (the §6 ladder); the registry is uri-resolve's
//!   [`SchemeNormalizer`](uri_resolve::SchemeNormalizer) too.
//! - [`generic_checks`]: the warnings every scheme shares.
//!
//! # Examples
//!
//! ```
//! use uri_core::Uri;
//! use uri_schemes::{Fields, Registry};
//!
//! let registry = Registry::standard();
//! let report = registry.check(Uri::parse("https://example.com/")?);
//! assert!(report.is_valid());
//! let Fields::Http(https) = report.fields() else { panic!("an https report") };
//! assert_eq!(https.origin().to_string(), "https://example.com:443");
//!
//! assert!(!registry.check(Uri::parse("https:///abc")?).is_valid());
//! assert_eq!(registry.normalize(Uri::parse("http://example.com:80")?), "http://example.com/");
//! # Ok::<(), uri_core::ParseError>(())
//! ```
//!
//! # Crate features
//!
//! - `std` (default): turns on `std` in uri-core, uri-encode and
//!   uri-resolve. Without it the crate is `no_std` with `alloc`.
//!
//! # Guarantees
//!
//! Checking, normalizing and comparing run in time and memory linear in
//! the input, and never panic.

#![no_std]
#![doc(html_root_url = "https://docs.rs/uri-schemes/0.1.0")]

extern crate alloc;

mod data;
mod fields;
mod file;
mod ftp;
mod generic;
mod http;
pub mod iana;
mod ldap;
mod mailto;
mod news;
mod registry;
mod scheme;
mod tel;
mod telnet;
mod urn;
mod violation;

pub use data::Data;
pub use fields::Fields;
pub use file::{
    File, Os, PathError, PathErrorKind, from_path, resolve_with_drive_letters, to_path, to_path_str,
};
pub use ftp::Ftp;
pub use generic::{LENGTH_WARNING, generic_checks};
pub use http::{Http, Origin};
pub use ldap::Ldap;
pub use mailto::Mailto;
pub use news::News;
pub use registry::{Equivalence, Registry};
pub use scheme::{Kind, Report, Scheme};
pub use tel::Tel;
pub use urn::Urn;
pub use violation::{Severity, Violation};

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

/// The schemes of [`Registry::standard`].
fn standard_schemes() -> Vec<Box<dyn Scheme>> {
    let mut schemes: Vec<Box<dyn Scheme>> = vec![
        Box::new(http::HTTP),
        Box::new(http::HTTPS),
        Box::new(http::WS),
        Box::new(http::WSS),
    ];
    schemes.extend(mailto::schemes());
    schemes.extend(urn::schemes());
    schemes.extend(tel::schemes());
    schemes.extend(file::schemes());
    schemes.extend(data::schemes());
    schemes.extend(ldap::schemes());
    schemes.extend(news::schemes());
    schemes.extend(telnet::schemes());
    schemes.extend(ftp::schemes());
    schemes
}
