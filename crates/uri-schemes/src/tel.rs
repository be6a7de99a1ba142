//! tel (RFC 3966).
//!
//! PLACEHOLDER: the scheme's name, kind and default port only; its rules
//! are being written.

use crate::{Kind, Scheme};

/// The parts of a tel URI.
///
/// # Examples
///
/// ```
/// let _ = core::mem::size_of::<uri_schemes::Tel>();
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tel {}

/// `tel`.
pub(crate) struct TelScheme;

impl Scheme for TelScheme {
    fn name(&self) -> &'static str {
        "tel"
    }

    fn kind(&self) -> Kind {
        Kind::Name
    }
}

/// The schemes of this module, for [`Registry::standard`](crate::Registry::standard).
pub(crate) fn schemes() -> alloc::vec::Vec<alloc::boxed::Box<dyn Scheme>> {
    use alloc::boxed::Box;
    alloc::vec![Box::new(TelScheme)]
}
