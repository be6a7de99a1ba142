//! mailto (RFC 6068).
//!
//! PLACEHOLDER: the scheme's name, kind and default port only; its rules
//! are being written.

use crate::{Kind, Scheme};

/// The parts of a mailto URI.
///
/// # Examples
///
/// ```
/// let _ = core::mem::size_of::<uri_schemes::Mailto>();
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mailto {}

/// `mailto`.
pub(crate) struct MailtoScheme;

impl Scheme for MailtoScheme {
    fn name(&self) -> &'static str {
        "mailto"
    }

    fn kind(&self) -> Kind {
        Kind::Name
    }
}

/// The schemes of this module, for [`Registry::standard`](crate::Registry::standard).
pub(crate) fn schemes() -> alloc::vec::Vec<alloc::boxed::Box<dyn Scheme>> {
    use alloc::boxed::Box;
    alloc::vec![Box::new(MailtoScheme)]
}
