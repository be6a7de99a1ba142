//! telnet (RFC 4248).
//!
//! PLACEHOLDER: the scheme's name, kind and default port only; its rules
//! are being written.

use crate::{Kind, Scheme};

/// `telnet`.
pub(crate) struct TelnetScheme;

impl Scheme for TelnetScheme {
    fn name(&self) -> &'static str {
        "telnet"
    }

    fn kind(&self) -> Kind {
        Kind::Locator
    }

    fn default_port(&self) -> Option<u16> {
        Some(23)
    }

    fn uses_dns(&self) -> bool {
        true
    }
}

/// The schemes of this module, for [`Registry::standard`](crate::Registry::standard).
pub(crate) fn schemes() -> alloc::vec::Vec<alloc::boxed::Box<dyn Scheme>> {
    use alloc::boxed::Box;
    alloc::vec![Box::new(TelnetScheme)]
}
