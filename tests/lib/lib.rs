//! Conformance and property tests for the urikit workspace; everything is
//! under `tests/`, reading the vector files in `vectors/`.
//!
//! This library holds what more than one test uses, one module per kind:
//!
//! - [`vectors`]: reading the vector files, and the one data-driven loop
//!   ([`vectors::run`]) that checks every record of a file and reports all
//!   failures at once;
//! - [`expected`]: the list of vectors known to fail,
//!   `expected_failures.txt`;
//! - [`parsing`]: parsing against the rule a vector names, and a parse's
//!   components as plain data;
//! - [`percent`]: the percent codec's sets by name and their decoders;
//! - [`idna`]: the sample of Unicode's `IdnaTestV2.txt`, its escapes and
//!   its sources;
//! - [`generators`]: the proptest strategies that generate valid URI
//!   references from the RFC 3986 grammar, and IRI references from the
//!   RFC 3987 grammar.
//!
//! The tests themselves are two binaries (`Cargo.toml` has
//! `autotests = false`): `conformance/main.rs`, every test but those that
//! count allocations, and `allocations/main.rs`, those that do, with the
//! counting `#[global_allocator]` that only they may have.

// test support: it may unwrap and panic (the workspace denies both in the
// libraries).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
pub mod expected;
pub mod generators;
pub mod idna;
pub mod parsing;
pub mod percent;
pub mod vectors;
