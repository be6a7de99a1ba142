//! Internationalized Resource Identifiers (RFC 3987) on uri-core's types:
//! the mappings between IRIs and URIs, IDNA hosts, the bidirectional rules,
//! Unicode normalization, and a display form for people that resists
//! spoofing.
//!
//! # Should I use this crate?
//!
//! Use it when people type, paste or read your identifiers: a link checker
//! or crawler that meets `https://ru.wikipedia.org/wiki/Википедия`, an RDF
//! store whose IRIs are Unicode, a browser-like display of a link that must
//! not let `аррӏе.com` pass for `apple.com`. Most readers reach it through
//! the `urikit` facade.
//!
//! # What is where
//!
//! - The IRI types are uri-core's spec-typed types under
//!   [`IriSpec`](uri_core::IriSpec), named from there (or from the
//!   `urikit` facade), not re-exported here:
//!   [`IriReference`](uri_core::IriReference), [`Iri`](uri_core::Iri),
//!   [`RelativeIri`](uri_core::RelativeIri), their owned twins,
//!   [`IriBuilder`](uri_core::IriBuilder); every getter, the setters,
//!   resolution and syntax normalization work on them as on URIs. Every
//!   URI is an IRI (`Iri::from(uri)`, no copy). Parsing refuses the
//!   bidirectional formatting characters (RFC 3987 §4.1) unless
//!   [`ParseOptions::allow_bidi_formatting`](uri_core::ParseOptions::allow_bidi_formatting)
//!   is set.
//! - [`to_uri`] and [`to_uri_with`]: IRI → URI (§3.1), the host mapped by
//!   percent-encoding or by UTS #46 `ToASCII` ([`HostMapping`]).
//! - [`to_iri`] and [`to_iri_with`]: URI → IRI (§3.2), the five steps.
//! - [`check_bidi`]: the §4.2 rules, opt-in, naming the part that breaks them.
//! - [`normalize`], [`NormalizedIri`]: §5.3 syntax normalization with NFC
//!   as an option.
//! - [`display`]: the form to show people, against the spoofing RFC 3987
//!   §8 warns of, with the rules browsers use for IDN hosts;
//!   [`display_warnings`] ([`DisplayWarning`], [`DisplayWarningKind`]):
//!   why it keeps a host label as `xn--` or characters encoded, to show
//!   beside it.
//!
//! # Examples
//!
//! ```
//! use uri_iri::{HostMapping, to_iri, to_uri, to_uri_with};
//! use uri_core::{Iri, UriReference};
//!
//! let iri = Iri::parse("http://résumé.example.org/wiki/Википедия?q=ü#§")?;
//! assert_eq!(
//!     to_uri(iri).as_str(),
//!     "http://r%C3%A9sum%C3%A9.example.org/wiki/%D0%92%D0%B8%D0%BA%D0%B8%D0%BF%D0%B5%D0%B4%D0%B8%D1%8F?q=%C3%BC#%C2%A7",
//! );
//! let uri = to_uri_with(iri, HostMapping::Idna)?;
//! assert!(uri.as_str().starts_with("http://xn--rsum-bpad.example.org/"));
//!
//! let back = to_iri(UriReference::parse("http://www.example.org/D%C3%BCrst")?);
//! assert_eq!(back.as_str(), "http://www.example.org/Dürst");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! - `std` (default): turns on `std` in uri-core, uri-encode, uri-resolve
//!   and `idna`. Without it the crate is `no_std` with `alloc`: `idna`,
//!   the ICU4X data crates and `unicode-security` all build without
//!   `std`, their data compiled in. The error types implement
//!   `core::error::Error` either way.
//! - `serde`: `Serialize` and `Deserialize` for [`NormalizedIri`] (its
//!   normal form as a string; read with uri-core's validation, then
//!   normalized by syntax), and the `serde` feature of uri-core and
//!   uri-resolve. Works without `std`.
//!
//! # Guarantees
//!
//! Every function runs in time and memory linear in its input (IDNA labels
//! are bounded by `idna` itself) and never panics. [`to_uri`] of a valid
//! IRI is a valid URI; [`to_iri`] of a valid URI is a valid IRI.

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(html_root_url = "https://docs.rs/uri-iri/0.1.0")]

extern crate alloc;

mod bidi;
mod cow;
mod curie;
mod display;
mod host;
mod nfc;
#[cfg(feature = "serde")]
mod serde_impls;
mod to_iri;
mod to_uri;
mod user_input;
mod warnings;

pub use bidi::{BidiError, BidiRule, check_bidi};
pub use cow::{IriCow, RiCow, UriCow};
pub use curie::{CurieError, CurieErrorKind, CurieMap};
#[allow(deprecated)]
pub use display::Display;
pub use display::{IriDisplay, display};
pub use host::{HostMapping, IdnaError, IdnaErrorKind};
pub use nfc::{Normalization, NormalizedIri, normalize};
pub use to_iri::{ToIriOptions, to_iri, to_iri_with};
pub use to_uri::{to_uri, to_uri_with};
pub use user_input::{Fix, FixKind, FromUserInput, UserInputError, UserInputErrorKind};
pub use warnings::{DisplayWarning, DisplayWarningKind, display_warnings};
