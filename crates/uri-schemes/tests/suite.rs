//! The one test binary of uri-schemes (`autotests = false` in
//! `Cargo.toml`): one module per scheme (and for the registry, the IANA
//! table, the equivalence keys, serde and hostile sizes), each scheme's vector file
//! through the one runner, [`vector_check`].
//!
//! A proptest regressions file is named after the module's file
//! (`tests/ftp.rs` saves to `tests/ftp.proptest-regressions`), so the saved
//! cases of each module run as they did when it was a binary of its own.
//! That is why this file is not `main.rs`: proptest looks for the nearest
//! folder above a test's file that holds a `main.rs` or a `lib.rs`, and
//! would then read `proptest-regressions/ftp.txt` beside it instead, where
//! `src/ftp.rs`'s would go too.

mod vector_check;

mod data;
mod equivalence_key;
mod file;
mod ftp;
mod geo;
mod hostile;
mod http;
mod iana;
mod ldap;
mod mailto;
mod news;
mod pkg;
mod registry;
mod serde;
mod sip;
mod tel;
mod telnet;
mod urn;
