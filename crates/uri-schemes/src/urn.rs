//! urn (RFC 8141).
//!
//! PLACEHOLDER: the scheme's name, kind and default port only; its rules
//! are being written.

use crate::{Kind, Scheme};

/// The parts of a urn URI.
///
/// # Examples
///
/// ```
/// let _ = core::mem::size_of::<uri_schemes::Urn>();
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Urn {}

/// `urn`.
pub(crate) struct UrnScheme;

impl Scheme for UrnScheme {
    fn name(&self) -> &'static str {
        "urn"
    }

    fn kind(&self) -> Kind {
        Kind::Name
    }
}

/// The schemes of this module, for [`Registry::standard`](crate::Registry::standard).
pub(crate) fn schemes() -> alloc::vec::Vec<alloc::boxed::Box<dyn Scheme>> {
    use alloc::boxed::Box;
    alloc::vec![Box::new(UrnScheme)]
}
