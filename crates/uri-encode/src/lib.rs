//! The percent codec of RFC 3986 §2: encode sets per component, strict and
//! lossy decoding, normalization, query pairs and form-urlencoding.
//!
//! # Should I use this crate?
//!
//! Use it when you build or read URI components: it encodes exactly what a
//! component needs (no more, no less), decodes strictly or leniently, and
//! borrows its input whenever nothing changes. Most readers reach it
//! through the `urikit` facade.
//!
//! # Terminology
//!
//! - A **triplet** is `%` and two hex digits: one encoded byte (§2.1).
//! - An **encode set** ([`EncodeSet`]) names the bytes kept as they are when
//!   encoding for one component; all others become triplets.
//! - **Strict** decoding refuses a `%` that does not start a triplet;
//!   **lossy** decoding copies it.
//! - **Form** data (`application/x-www-form-urlencoded`) writes a space as
//!   `+`; RFC 3986 does not, so `+` is decoded as a space only on request.
//!
//! # Examples
//!
//! ```
//! use uri_encode::{decode_utf8, encode, normalize, EncodeSet, QueryWriter};
//!
//! let segment = encode("report 2024/Q1.pdf", &EncodeSet::PATH_SEGMENT);
//! assert_eq!(segment, "report%202024%2FQ1.pdf");
//! assert_eq!(decode_utf8(&segment)?, "report 2024/Q1.pdf");
//!
//! let mut query = QueryWriter::form();
//! query.append_pair("q", "café & crème");
//! assert_eq!(query.finish(), "q=caf%C3%A9+%26+cr%C3%A8me");
//!
//! assert_eq!(normalize("%7euser/%2f"), "~user/%2F");
//! # Ok::<(), uri_encode::DecodeError>(())
//! ```
//!
//! This crate is the floor of urikit: it depends on no other urikit crate,
//! and every other one reads and writes characters and bytes through it.
//! Besides the codec it holds the character classes of RFC 3986 and the
//! characters of RFC 3987 ([`grammar`]), the [`Scanner`](grammar::Scanner)
//! that finds the first byte outside a class sixteen bytes at a time, and
//! the one home of triplets: [`triplet`], [`triplet_at`], [`hex_digit`],
//! [`decoded_bytes`] (decoding that keeps offsets) and
//! [`encode_non_ascii_moving`] (an IRI's text to a URI's, offsets moved
//! along). uri-core's reference types decode their components with
//! inherent methods (`uri.form_pairs()`, `uri.query_pairs_rfc3986()`, `uri.path_decoded()`, …) built on
//! this crate.
//!
//! # Crate features
//!
//! - `std` (default): `std::error::Error` for [`DecodeError`]. Without it the
//!   crate is `no_std` with `alloc`.
//! - `percent-encoding`: [`EncodeSet`] to and from the `percent-encoding`
//!   crate's `AsciiSet` (`EncodeSet::to_ascii_set`, `From` both ways). An
//!   `AsciiSet` lists the bytes to encode and never covers `%` (always
//!   encoded here), `+` for spaces, or kept triplets; the two agree byte by
//!   byte on every other ASCII byte.
//!
//! # Guarantees
//!
//! Every function runs in linear time, allocates nothing when its input
//! needs no change (the result is `Cow::Borrowed`), and never panics.
//! Encoding then decoding gives back any bytes, invalid UTF-8 included.

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "percent-encoding")]
mod ascii_set;
mod decode;
mod encode;
mod error_kinds;
pub mod grammar;
mod hex;
mod normalize;
mod query;
mod scanner;
mod set;
#[cfg(test)]
mod test_rng;
mod text;

pub use decode::{
    DecodeError, DecodeErrorKind, Decoder, decode, decode_lossy, decode_utf8, decode_utf8_lossy,
    validate,
};
pub use encode::{encode, encode_bytes_into, encode_bytes_to_str, encode_into};
pub use hex::{
    DecodedBytes, decoded_bytes, encode_non_ascii_moving, hex_digit, triplet, triplet_at,
};
pub use normalize::{Syntax, normalize, normalize_for, normalize_iri, normalize_with};
pub use query::{
    DecodedPairs, Encoded, Pair, QueryPairs, QueryWriter, Separator, decode_form, encode_form,
};
pub use set::EncodeSet;

/// The README's examples, run as doc tests so it cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
