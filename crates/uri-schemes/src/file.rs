//! file (RFC 8089).
//!
//! PLACEHOLDER: the scheme's name, kind and default port only; its rules
//! are being written.

use crate::{Kind, Scheme};

/// The parts of a file URI.
///
/// # Examples
///
/// ```
/// let _ = core::mem::size_of::<uri_schemes::File>();
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {}

/// `file`.
pub(crate) struct FileScheme;

impl Scheme for FileScheme {
    fn name(&self) -> &'static str {
        "file"
    }

    fn kind(&self) -> Kind {
        Kind::Locator
    }
}

/// The schemes of this module, for [`Registry::standard`](crate::Registry::standard).
pub(crate) fn schemes() -> alloc::vec::Vec<alloc::boxed::Box<dyn Scheme>> {
    use alloc::boxed::Box;
    alloc::vec![Box::new(FileScheme)]
}
