//! telnet (RFC 4248): an interactive session on a host.
//!
//! RFC 4248 §2 keeps RFC 1738's form,
//!
//! ```text
//! telnet://<user>:<password>@<host>:<port>/
//! ```
//!
//! where the final `/` may be omitted, and so may the port (23 by
//! default), the password, and the user and password both. The URI names
//! the session, nothing inside it. What is checked, and the kinds of the
//! violations (all errors):
//!
//! - `MissingAuthority`: no `//` after the scheme;
//! - `MissingHost`: an empty host;
//! - `PathNotAllowed`: a path other than empty or `/` (pointing at the
//!   byte after the `/`);
//! - `QueryNotAllowed`: a query.
//!
//! A password is the generic `Password` warning. There are no typed
//! parts ([`Fields::None`]): the host and port are the URI's own.
//!
//! Normal form: port 23 dropped, an empty path written `/` (RFC 3986
//! §6.2.3; `telnet://host` and `telnet://host/` are one session).

use alloc::vec::Vec;

use uri_core::{Component, Uri, UriBuf};

use crate::scheme::{authority_or_report, start_of};
use crate::{Fields, Kind, Scheme, Violation};

/// The section that defines the URL.
const SECTION: &str = "RFC 4248 §2";

/// `telnet`.
pub(crate) struct TelnetScheme;

impl Scheme for TelnetScheme {
    fn name(&self) -> &'static str {
        "telnet"
    }

    /// A locator: a host and a port to open a session with.
    fn kind(&self) -> Kind {
        Kind::Locator
    }

    /// 23 (RFC 4248 §2).
    fn default_port(&self) -> Option<u16> {
        Some(23)
    }

    fn uses_dns(&self) -> bool {
        true
    }

    /// The checks listed in the [module docs](self).
    fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
        let mut found = Vec::new();
        let at = |component| start_of(uri, component);
        let Some(authority) = authority_or_report(
            uri,
            SECTION,
            "a telnet URI has `//` and a host after the scheme",
            &mut found,
        ) else {
            return (Fields::None, found);
        };
        let host = authority.host_str();
        if host.is_empty() {
            found.push(Violation::error(
                "MissingHost",
                at(Component::Host),
                SECTION,
                "the host is empty",
            ));
        }
        let path = uri.path();
        if path.len() > 1 {
            found.push(Violation::error(
                "PathNotAllowed",
                at(Component::Path) + 1,
                SECTION,
                "a telnet URI ends with the host and port, and an optional `/`",
            ));
        }
        if uri.query().is_some() {
            found.push(Violation::error(
                "QueryNotAllowed",
                at(Component::Query) - 1,
                SECTION,
                "a telnet URI has no query",
            ));
        }
        (Fields::None, found)
    }

    /// Port 23 dropped, an empty path written `/`.
    fn normalize(&self, uri: &mut UriBuf) {
        crate::generic::drop_default_port(uri, Some(23));
        if uri.has_authority() && uri.path().is_empty() {
            // `/` is a valid path after an authority.
            let _ = uri.set_path("/");
        }
    }
}

/// The schemes of this module, for [`Registry::standard`](crate::Registry::standard).
pub(crate) fn schemes() -> alloc::vec::Vec<alloc::boxed::Box<dyn Scheme>> {
    use alloc::boxed::Box;
    alloc::vec![Box::new(TelnetScheme)]
}
