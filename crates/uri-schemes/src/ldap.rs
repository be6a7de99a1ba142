//! ldap (RFC 4516).
//!
//! PLACEHOLDER: the scheme's name, kind and default port only; its rules
//! are being written.

use crate::{Kind, Scheme};

/// The parts of a ldap URI.
///
/// # Examples
///
/// ```
/// let _ = core::mem::size_of::<uri_schemes::Ldap>();
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ldap {}

/// `ldap`.
pub(crate) struct LdapScheme;

impl Scheme for LdapScheme {
    fn name(&self) -> &'static str {
        "ldap"
    }

    fn kind(&self) -> Kind {
        Kind::Locator
    }

    fn default_port(&self) -> Option<u16> {
        Some(389)
    }

    fn uses_dns(&self) -> bool {
        true
    }
}

/// The schemes of this module, for [`Registry::standard`](crate::Registry::standard).
pub(crate) fn schemes() -> alloc::vec::Vec<alloc::boxed::Box<dyn Scheme>> {
    use alloc::boxed::Box;
    alloc::vec![Box::new(LdapScheme)]
}
