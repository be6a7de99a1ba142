//! Differential tests of urikit against other RFC 3986 parsers.
//!
//! The same inputs are parsed with urikit and with `fluent-uri`,
//! `iri-string` and `oxiri`, as URI references and as IRI references (RFC
//! 3987), and resolved with urikit, `iri-string` and `oxiri`; every
//! disagreement must belong to a class listed, with the RFC text that
//! decides it, in `known-differences.txt`. The tests are in
//! `tests/`; this library holds what they share and none of the peers
//! (they are dev-dependencies only):
//!
//! - [`rng`]: a small deterministic PRNG, so every run sees the same corpus;
//! - [`corpus`]: the inputs: every reference of `tests/vectors/*.json`, a
//!   grammar-aware generator, delimiter-heavy random strings, and mutations
//!   of real URLs from `crates/urikit-bench/data`; for IRIs, the IRI corpus,
//!   a generator of IRIs and mutations of them;
//! - [`ours`]: urikit's side of the comparison, as named fields;
//! - [`compare`]: a peer's outcome beside ours, and how they disagree;
//! - [`known`]: the list of known differences and the tally that checks
//!   the disagreements of a run against it.
//!
//! # Examples
//!
//! ```
//! use urikit_differential::ours::{self, Field};
//!
//! let fields = ours::parse("http://a/b?c").unwrap();
//! assert_eq!(ours::get(&fields, Field::Query), Some(Some("c")));
//! ```

// test support: it may unwrap and panic (the workspace denies both in the
// libraries).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
pub mod compare;
pub mod corpus;
pub mod known;
pub mod ours;
pub mod rng;
