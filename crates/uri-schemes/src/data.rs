//! data (RFC 2397).
//!
//! PLACEHOLDER: the scheme's name, kind and default port only; its rules
//! are being written.

use crate::{Kind, Scheme};

/// The parts of a data URI.
///
/// # Examples
///
/// ```
/// let _ = core::mem::size_of::<uri_schemes::Data>();
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Data {}

/// `data`.
pub(crate) struct DataScheme;

impl Scheme for DataScheme {
    fn name(&self) -> &'static str {
        "data"
    }

    fn kind(&self) -> Kind {
        Kind::Locator
    }
}

/// The schemes of this module, for [`Registry::standard`](crate::Registry::standard).
pub(crate) fn schemes() -> alloc::vec::Vec<alloc::boxed::Box<dyn Scheme>> {
    use alloc::boxed::Box;
    alloc::vec![Box::new(DataScheme)]
}
