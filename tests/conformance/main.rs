//! The `conformance` test binary: every test of `urikit-tests` that does not
//! count allocations (those are in `allocations`), one module per file:
//! the vector files, the property tests, the fuzz regressions, hostile and
//! large inputs, and the SSRF filter of `docs/security.md`.
//!
//! The tests of one binary run in parallel threads of one process. The
//! tests that time themselves (time(4n) / time(n) must stay linear) take
//! [`timing`] first, and the tests that build inputs of megabytes take
//! [`big_input`]: a timing then runs without another timing and without a
//! 10 MB input being built and parsed beside it, while the big-input tests
//! still run in parallel with each other. Other tests may run beside a
//! timing, as they did in the old per-file binaries; each timing is a ratio
//! of medians taken in turns, and measured again before it is called
//! superlinear, so that a busy spell does not fail it.

// Test code: its helpers may unwrap and panic too.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::unreachable
)]

use std::sync::{PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

#[path = "../fuzz_props.rs"]
mod props;

mod decode_model;
mod encode_properties;
mod encode_sets;
mod first_hour;
mod fuzz_regressions;
mod homographs;
mod hostile;
mod hostile_iri;
mod hostile_mixed;
mod hostile_schemes;
mod idna_sample;
mod interop;
mod invalid_writes;
mod iri_mapping;
mod iri_properties;
mod iri_vectors;
mod large_input;
mod lint;
mod lints_in_sync;
mod panic_sweep;
mod parse_vectors;
mod percent_vectors;
mod properties;
mod public_suffix;
mod query_pairs;
mod redaction;
mod resolve_linear;
mod resolve_properties;
mod resolve_vectors;
mod scheme_vectors;
mod ssrf_filter;
mod template_linear;

/// Held exclusively by a test that times itself, shared by a test that
/// works on inputs of megabytes.
static HEAVY: RwLock<()> = RwLock::new(());

/// For a test that times itself: waits until no other such test and no
/// [`big_input`] test runs, and holds them back until the guard is dropped
/// (at the end of the calling test). A test that failed holding it does not
/// hold back the ones after it.
fn timing() -> RwLockWriteGuard<'static, ()> {
    HEAVY.write().unwrap_or_else(PoisonError::into_inner)
}

/// For a test that works on inputs of megabytes: waits while a [`timing`]
/// test runs, and holds the next one back until the guard is dropped.
/// Big-input tests run beside each other.
fn big_input() -> RwLockReadGuard<'static, ()> {
    HEAVY.read().unwrap_or_else(PoisonError::into_inner)
}
