//! Character classes of RFC 3986 as `const` lookup tables: `uri-encode`'s
//! [`grammar`](uri_encode::grammar), re-exported so that the paths
//! `uri_core::grammar::…` keep working.
//!
//! The classes, the [`Scanner`] and the RFC 3987 character predicates live
//! in `uri-encode`, the floor every urikit crate stands on (see
//! `docs/ARCHITECTURE.md`).
//!
//! # Examples
//!
//! ```
//! use uri_core::grammar::{UNRESERVED, is_unreserved};
//!
//! assert!(UNRESERVED.contains(b'~'));
//! assert!(!is_unreserved(b'/'));
//! ```

pub use uri_encode::grammar::*;
