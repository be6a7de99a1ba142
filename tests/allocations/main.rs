//! The `allocations` test binary: the tests that count allocations, with
//! the counting `#[global_allocator]` they need (`counting_alloc.rs`), one
//! module per file. A process has one global allocator, so these tests have
//! a binary of their own; everything else is in `conformance`.
//!
//! The count is per thread (see `counting_alloc.rs`), so these tests run in
//! parallel threads as any others do, each counting only what it allocates.

// Test support: its helpers may unwrap and panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod counting_alloc;

mod encode_no_alloc;
mod iri_no_alloc;
mod no_alloc;
mod owned_results;
mod resolve_no_alloc;
