//! ftp (RFC 1738 §3.2).
//!
//! PLACEHOLDER: the scheme's name, kind and default port only; its rules
//! are being written.

use crate::{Kind, Scheme};

/// The parts of a ftp URI.
///
/// # Examples
///
/// ```
/// let _ = core::mem::size_of::<uri_schemes::Ftp>();
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ftp {}

/// `ftp`.
pub(crate) struct FtpScheme;

impl Scheme for FtpScheme {
    fn name(&self) -> &'static str {
        "ftp"
    }

    fn kind(&self) -> Kind {
        Kind::Locator
    }

    fn default_port(&self) -> Option<u16> {
        Some(21)
    }

    fn uses_dns(&self) -> bool {
        true
    }
}

/// The schemes of this module, for [`Registry::standard`](crate::Registry::standard).
pub(crate) fn schemes() -> alloc::vec::Vec<alloc::boxed::Box<dyn Scheme>> {
    use alloc::boxed::Box;
    alloc::vec![Box::new(FtpScheme)]
}
