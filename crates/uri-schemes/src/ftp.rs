//! ftp (RFC 1738 §3.2): files and directories on an FTP server.
//!
//! ```text
//! ftp://<user>:<password>@<host>:<port>/<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>
//! ```
//!
//! (RFC 1738 §3.2.2): each `<cwd>` is sent in a `CWD` command, then
//! `<name>` is retrieved (or listed, for typecode `d`); the typecode is
//! `a` (ASCII), `i` (image) or `d` (directory listing), and may be left
//! out with its `;type=`. `/` and `;` are reserved inside a name or a
//! CWD component: written `%2F` and `%3B`, and each segment is
//! decoded by itself (`ftp://myname@host.dom/%2Fetc/motd` changes to the
//! directory `/etc`). Port 21 by default (§3.2); without a user, the
//! login is `anonymous` (§3.2.1). What is checked, and the kinds of the
//! violations:
//!
//! - `MissingAuthority` (error): no `//` after the scheme;
//!   `MissingHost` (error): an empty host;
//! - `UnencodedSemicolon` (error): a `;` in a segment other than the
//!   `;type=` of the last one;
//! - `BadTypecode` (error): a `;type=` whose code is not `a`, `i` or `d`
//!   (in either case: the BNF lists `A`, `I`, `D` too);
//! - `DotSegment` (warning): a `.` or `..` segment: an argument to `CWD`
//!   for the server, but RFC 3986 normalization and resolution remove it
//!   (§5.2.4);
//! - `QueryInFtp` (warning): RFC 1738 has no query, its segments take a
//!   `?` as a character: servers and clients disagree on what `?` means
//!   in an ftp URL; write `%3F` for a `?` in a name.
//!
//! Normal form: port 21 dropped, the typecode written `;type=` and a
//! lower-case letter. An empty path stays empty: `ftp://host` logs in
//! and stops, `ftp://host/` asks for the empty name in the login
//! directory (RFC 1738 does not say they are one).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use uri_core::{Component, Uri, UriBuf};

use crate::scheme::scheme_facts;
use crate::scheme::start_of;
use crate::{Fields, Scheme, Violation};

/// The section that defines the url-path.
const SECTION: &str = "RFC 1738 §3.2.2";

/// The parts of an ftp URI (RFC 1738 §3.2), percent-decoded. `Eq`
/// compares them as decoded (the host as written).
///
/// # Examples
///
/// ```
/// let ftp = uri_schemes::Ftp::parse(uri_core::Uri::parse("ftp://info.cern.ch/pub/www/doc;type=d")?)?;
/// assert_eq!(ftp.host(), "info.cern.ch");
/// assert_eq!(ftp.port(), 21);
/// assert_eq!(ftp.segments(), ["pub", "www", "doc"]);
/// assert_eq!(ftp.typecode(), Some('d'));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ftp {
    host: String,
    port: u16,
    user: Option<String>,
    segments: Vec<String>,
    typecode: Option<char>,
}

impl Ftp {
    /// The typed entry: checks `uri` by the scheme's rules (the module
    /// docs) and the generic ones, and gives its parts when no violation is
    /// an error (warnings are dropped: [`Registry::check`](crate::Registry::check)
    /// keeps them); else the [`Report`](crate::Report) of what was found
    /// (RFC 1738 §3.2).
    ///
    /// # Errors
    ///
    /// The report, when a violation is an error or `uri` is of another
    /// scheme (`WrongScheme`).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::Ftp;
    ///
    /// let view = Ftp::parse(Uri::parse("ftp://ftp.is.co.za/rfc/rfc1808.txt")?)?;
    /// assert_eq!(view.host(), "ftp.is.co.za");
    /// assert!(Ftp::parse(Uri::parse("ftp:/a")?).is_err());
    /// assert!(Ftp::parse(Uri::parse("x:y")?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(uri: Uri<'_>) -> Result<Ftp, crate::Report<'_>> {
        crate::scheme::typed_entry(uri, &FtpScheme, &["ftp"], |fields| match fields {
            Fields::Ftp(f) => Some(f),
            _ => None,
        })
    }
}

impl Ftp {
    /// The host, as written.
    ///
    /// # Examples
    ///
    /// ```
    /// let ftp = uri_schemes::Ftp::parse(uri_core::Uri::parse("ftp://ftp.is.co.za/rfc/rfc1808.txt")?)?;
    /// assert_eq!(ftp.host(), "ftp.is.co.za");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The port: the URI's, or 21.
    ///
    /// # Examples
    ///
    /// ```
    /// let ftp = uri_schemes::Ftp::parse(uri_core::Uri::parse("ftp://host.com:2121/")?)?;
    /// assert_eq!(ftp.port(), 2121);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn port(&self) -> u16 {
        self.port
    }

    /// The user name, decoded; `None` when the URI has none, which means
    /// `anonymous` (RFC 1738 §3.2.1). An empty user name is not none
    /// (§3.1: `ftp://@host.com/`).
    ///
    /// # Examples
    ///
    /// ```
    /// let ftp = uri_schemes::Ftp::parse(uri_core::Uri::parse("ftp://@host.com/")?)?;
    /// assert_eq!(ftp.user(), Some(""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn user(&self) -> Option<&str> {
        self.user.as_deref()
    }

    /// The segments of the path, each percent-decoded (bytes that are not
    /// UTF-8 become U+FFFD), the `;type=` taken off the last: the CWD
    /// arguments, then the name. Empty for an empty path; `[""]` for `/`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Registry;
    ///
    /// let ftp = uri_schemes::Ftp::parse(uri_core::Uri::parse("ftp://myname@host.dom/%2Fetc/motd")?)?;
    /// assert_eq!(ftp.segments(), ["/etc", "motd"]);
    ///
    /// let ftp = uri_schemes::Ftp::parse(uri_core::Uri::parse("ftp://myname@host.dom//etc/motd")?)?;
    /// assert_eq!(ftp.segments(), ["", "etc", "motd"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn segments(&self) -> &[String] {
        &self.segments
    }

    /// The typecode in lower case (`'a'`, `'i'` or `'d'`), if the URI has
    /// one; without one, the client guesses the transfer mode (RFC 1738
    /// §3.2.3).
    ///
    /// # Examples
    ///
    /// ```
    /// let ftp = uri_schemes::Ftp::parse(uri_core::Uri::parse("ftp://h/a.bin;type=I")?)?;
    /// assert_eq!(ftp.typecode(), Some('i'));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn typecode(&self) -> Option<char> {
        self.typecode
    }
}

/// `ftp`.
pub(crate) struct FtpScheme;

impl Scheme for FtpScheme {
    // kind: A locator: a server, a login, a file or directory on it.
    // default_port: 21 (RFC 1738 §3.2).
    scheme_facts! { name = "ftp"; kind = Locator; default_port = Some(21); uses_dns = true; }

    /// The checks listed in the [module docs](self); the fields only when
    /// none of them is an error (and the port fits in 16 bits).
    fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
        let mut found = Vec::new();
        let at = |component| start_of(uri, component);
        let missing = (
            "RFC 1738 §3.2",
            "an ftp URI has `//` and a host after the scheme",
        );
        let empty = Some(("RFC 1738 §3.1", "the host is empty"));
        let Some(authority) =
            crate::generic::authority_preamble(uri, uri.authority(), missing, empty, &mut found)
        else {
            return (Fields::None, found);
        };
        let host = authority.host_str();
        if let Some(mark) = crate::scheme::query_mark(uri) {
            found.push(Violation::warning(
                "QueryInFtp",
                mark,
                SECTION,
                "RFC 1738 has no query: to an FTP server `?` may be part of the name (write `%3F` for that)",
            ));
        }
        let path = uri.path();
        if let Some(k) = crate::ldap::dot_segment(path) {
            found.push(Violation::warning(
                "DotSegment",
                at(Component::Path) + k,
                "RFC 3986 §5.2.4",
                "a `.` or `..` segment: the server would get it as a CWD argument, but normalization removes it",
            ));
        }
        let mut segments = Vec::new();
        let mut typecode = None;
        if let Some(rest) = path.strip_prefix('/') {
            let mut at = at(Component::Path) + 1;
            let count = rest.split('/').count();
            for (n, segment) in rest.split('/').enumerate() {
                let here = at;
                at += segment.len() + 1;
                let name = match segment.find(';') {
                    Some(k) if n + 1 == count => {
                        match type_param(&segment[k + 1..]) {
                            Some(Ok(code)) => typecode = Some(code),
                            Some(Err(())) => found.push(Violation::error(
                                "BadTypecode",
                                here + k + 1 + "type=".len(),
                                SECTION,
                                "the typecode is `a`, `i` or `d`",
                            )),
                            None => found.push(unencoded_semicolon(here + k)),
                        }
                        &segment[..k]
                    }
                    Some(k) => {
                        found.push(unencoded_semicolon(here + k));
                        segment
                    }
                    None => segment,
                };
                segments.push(uri_encode::decode_utf8_lossy(name).into_owned());
            }
        }
        let port = match authority.port_u16() {
            Ok(port) => port.unwrap_or(21),
            Err(uri_core::PortError::Empty) => 21,
            // Past 65535 (a warning of the generic checks): no fields.
            Err(_) => return (Fields::None, found),
        };
        if found.iter().any(Violation::is_error) {
            return (Fields::None, found);
        }
        let user = authority.userinfo().map(|userinfo| {
            let user = userinfo.split_once(':').map_or(userinfo, |(user, _)| user);
            uri_encode::decode_utf8_lossy(user).into_owned()
        });
        let fields = Fields::Ftp(Ftp {
            host: host.to_string(),
            port,
            user,
            segments,
            typecode,
        });
        (fields, found)
    }

    /// Port 21 dropped, the typecode as `;type=` and a lower-case letter.
    fn normalize(&self, uri: &mut UriBuf) {
        crate::generic::drop_default_port(uri, Some(21));
        let path = uri.path();
        let last = path.rfind('/').map_or(0, |k| k + 1);
        let Some(k) = path[last..].find(';').map(|k| last + k) else {
            return;
        };
        if let Some(Ok(code)) = type_param(&path[k + 1..]) {
            let normal = alloc::format!("{};type={code}", &path[..k]);
            if normal != path {
                // Lower-case letters in place of letters: still a valid path.
                let _ = uri.set_path(&normal);
            }
        }
    }
}

/// A `UnencodedSemicolon` error at `at`.
fn unencoded_semicolon(at: usize) -> Violation {
    Violation::error(
        "UnencodedSemicolon",
        at,
        SECTION,
        "`;` is reserved in a name or CWD component (write `%3B`), but for the last one's `;type=`",
    )
}

/// What follows the `;` of the last segment: `None` if it is not
/// `type=…` (in any case), else the typecode in lower case, or `Err` for
/// another code.
fn type_param(param: &str) -> Option<Result<char, ()>> {
    let code = param
        .get(..5)
        .filter(|key| key.eq_ignore_ascii_case("type="))
        .map(|_| &param[5..])?;
    // `%61` is `a` too (syntax normalization decodes it).
    Some(match &*uri_encode::decode_lossy(code) {
        b"a" | b"A" => Ok('a'),
        b"i" | b"I" => Ok('i'),
        b"d" | b"D" => Ok('d'),
        _ => Err(()),
    })
}

/// This module's entry in [`Registry::standard`](crate::Registry::standard).
pub(crate) const SCHEMES: &[crate::registry::Builtin] =
    &[crate::registry::Builtin::Other(&FtpScheme)];
