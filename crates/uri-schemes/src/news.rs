//! news and nntp (RFC 5538).
//!
//! PLACEHOLDER: the scheme's name, kind and default port only; its rules
//! are being written.

use crate::{Kind, Scheme};

/// The parts of a news and nntp URI.
///
/// # Examples
///
/// ```
/// let _ = core::mem::size_of::<uri_schemes::News>();
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct News {}

/// `news`.
pub(crate) struct NewsScheme;

impl Scheme for NewsScheme {
    fn name(&self) -> &'static str {
        "news"
    }

    fn kind(&self) -> Kind {
        Kind::Locator
    }

    fn default_port(&self) -> Option<u16> {
        Some(119)
    }

    fn uses_dns(&self) -> bool {
        true
    }
}

/// `nntp`.
pub(crate) struct NntpScheme;

impl Scheme for NntpScheme {
    fn name(&self) -> &'static str {
        "nntp"
    }

    fn kind(&self) -> Kind {
        Kind::Locator
    }

    fn default_port(&self) -> Option<u16> {
        Some(119)
    }

    fn uses_dns(&self) -> bool {
        true
    }
}

/// The schemes of this module, for [`Registry::standard`](crate::Registry::standard).
pub(crate) fn schemes() -> alloc::vec::Vec<alloc::boxed::Box<dyn Scheme>> {
    use alloc::boxed::Box;
    alloc::vec![Box::new(NewsScheme), Box::new(NntpScheme)]
}
