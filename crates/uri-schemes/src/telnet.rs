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
//! A password is the generic `Password` warning. The typed parts are
//! [`Telnet`]'s, read from the URI's own authority; a [`Report`]'s fields
//! are [`Fields::None`].
//!
//! Normal form: port 23 dropped, an empty path written `/` (RFC 3986
//! §6.2.3; `telnet://host` and `telnet://host/` are one session).

use alloc::vec::Vec;

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;

use uri_core::{Component, Uri, UriBuf};

use crate::scheme::start_of;
use crate::scheme::{login_accessors, scheme_facts};
use crate::{Fields, Report, Scheme, Violation};

/// The parts of a telnet URI (RFC 4248 §2): user, password, host and port,
/// as written. A view of the URI's own authority: the
/// [`Report`]'s fields stay [`Fields::None`], and [`Telnet::parse`] reads
/// it once the URI keeps the rules of the [module docs](self).
///
/// `Eq` compares the parts as written. `Debug` writes the password as
/// `***`.
///
/// # Examples
///
/// ```
/// use uri_schemes::Telnet;
///
/// let telnet = Telnet::parse(uri_core::Uri::parse("telnet://user:pw@host.example:2323/")?)
///     ?;
/// assert_eq!((telnet.user(), telnet.host(), telnet.port()), (Some("user"), "host.example", Some(2323)));
/// assert!(!format!("{telnet:?}").contains("pw"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Telnet {
    user: Option<String>,
    password: Option<String>,
    host: String,
    port: Option<u16>,
}

impl fmt::Debug for Telnet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Telnet")
            .field("user", &self.user)
            .field("password", &self.password.as_ref().map(|_| "***"))
            .field("host", &self.host)
            .field("port", &self.port)
            .finish()
    }
}

impl Telnet {
    /// The typed entry: checks `uri` by the [rules](self) and the generic
    /// ones, and gives its parts when no violation is an error (warnings
    /// are dropped: [`Registry::check`](crate::Registry::check) keeps
    /// them); else the [`Report`] of what was found (RFC 4248 §2).
    ///
    /// # Errors
    ///
    /// The report, when a violation is an error or `uri` is not a telnet
    /// URI (`WrongScheme`).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::Telnet;
    ///
    /// assert!(Telnet::parse(Uri::parse("telnet://192.0.2.16:80/")?).is_ok());
    /// let report = Telnet::parse(Uri::parse("telnet:host.example")?).unwrap_err();
    /// assert_eq!(report.violations()[0].kind(), "MissingAuthority");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn parse(uri: Uri<'_>) -> Result<Telnet, Report<'_>> {
        crate::scheme::typed_entry(uri, &TelnetScheme, &["telnet"], |_| {
            let authority = uri.authority()?;
            let (user, password) = match authority.userinfo() {
                Some(info) => match info.split_once(':') {
                    Some((u, p)) => (Some(u.to_owned()), Some(p.to_owned())),
                    None => (Some(info.to_owned()), None),
                },
                None => (None, None),
            };
            Some(Telnet {
                user,
                password,
                host: authority.host_str().to_owned(),
                // Past 65535 is a warning, and no port to connect to.
                port: authority.port().and_then(|p| p.parse().ok()),
            })
        })
    }

    login_accessors! {
        /// The user, as written, if any.
        ///
        /// # Examples
        ///
        /// ```
        /// let telnet = uri_schemes::Telnet::parse(uri_core::Uri::parse("telnet://u@h/")?)?;
        /// assert_eq!(telnet.user(), Some("u"));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        user;

        /// The password, as written, if any (a secret: never show it unasked).
        ///
        /// # Examples
        ///
        /// ```
        /// let telnet = uri_schemes::Telnet::parse(uri_core::Uri::parse("telnet://u:p@h/")?)?;
        /// assert_eq!(telnet.password(), Some("p"));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        password;

        /// The host, as written.
        ///
        /// # Examples
        ///
        /// ```
        /// let telnet = uri_schemes::Telnet::parse(uri_core::Uri::parse("telnet://[2001:db8::1]/")?)?;
        /// assert_eq!(telnet.host(), "[2001:db8::1]");
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        host;
    }

    /// The port as written, if there is one that fits in 16 bits (23 when
    /// absent: [`Scheme::default_port`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let telnet = uri_schemes::Telnet::parse(uri_core::Uri::parse("telnet://h:2323")?)?;
    /// assert_eq!(telnet.port(), Some(2323));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn port(&self) -> Option<u16> {
        self.port
    }
}

/// The section that defines the URL.
const SECTION: &str = "RFC 4248 §2";

/// `telnet`.
pub(crate) struct TelnetScheme;

impl Scheme for TelnetScheme {
    // kind: A locator: a host and a port to open a session with.
    // default_port: 23 (RFC 4248 §2).
    scheme_facts! { name = "telnet"; kind = Locator; default_port = Some(23); uses_dns = true; }

    /// The checks listed in the [module docs](self).
    fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
        let mut found = Vec::new();
        let missing = (SECTION, "a telnet URI has `//` and a host after the scheme");
        let host = Some((SECTION, "the host is empty"));
        if crate::generic::authority_preamble(uri, uri.authority(), missing, host, &mut found)
            .is_none()
        {
            return (Fields::None, found);
        }
        if uri.path().len() > 1 {
            found.push(Violation::error(
                "PathNotAllowed",
                start_of(uri, Component::Path) + 1,
                SECTION,
                "a telnet URI ends with the host and port, and an optional `/`",
            ));
        }
        crate::scheme::no_query(uri, SECTION, "a telnet URI has no query", &mut found);
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

/// This module's entry in [`Registry::standard`](crate::Registry::standard).
pub(crate) const SCHEMES: &[crate::registry::Builtin] =
    &[crate::registry::Builtin::Other(&TelnetScheme)];
