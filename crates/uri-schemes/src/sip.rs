//! sip and sips (RFC 3261 §19.1): a resource reached by the Session
//! Initiation Protocol, a user at a host or the host itself; sips asks for
//! TLS all the way.
//!
//! # Grammar
//!
//! RFC 3261 §19.1.1, §25.1 (no `//`: the user and host are in RFC 3986's
//! path, the headers are its query):
//!
//! ```text
//! SIP-URI  = "sip:"  [ userinfo ] hostport uri-parameters [ headers ]
//! SIPS-URI = "sips:" [ userinfo ] hostport uri-parameters [ headers ]
//! userinfo = ( user / telephone-subscriber ) [ ":" password ] "@"
//! hostport = host [ ":" port ]
//! uri-parameters = *( ";" uri-parameter )  ; transport, user, method, ttl, maddr, lr, other
//! headers  = "?" header *( "&" header )    ; hname "=" hvalue
//! ```
//!
//! The default port is 5060 for sip and 5061 for sips (§19.1.2), but a
//! URI without a port is not one with the default port: the port decides
//! how the server is found (RFC 3263), and §19.1.4 keeps them apart, so
//! the normal form keeps the port as written.
//!
//! # Rules
//!
//! What is checked, and the kinds of the violations:
//!
//! - `UnexpectedAuthority` (error): `sip://…` (§19.1.1 has no `//`);
//! - `MissingHost` (error): no host after the user part;
//! - `InvalidHost` (error): a host that is neither a host name, an IPv4
//!   address nor an IPv6 reference in `[ ]` (which RFC 3986 refuses in a
//!   path: `sip:[2001:db8::1]` is no URI, so it never reaches the check);
//! - `InvalidPort` (error): a port that is not digits, or past 65535;
//! - `InvalidParameter` (error): an empty parameter name, or a header
//!   without `=`;
//! - `DuplicateParameter` (error): a parameter name twice, in any case
//!   (§19.1.1: "any given parameter-name MUST NOT appear more than once");
//! - `Password` (warning): a password (§19.1.1: "NOT RECOMMENDED").
//!
//! # Equivalence
//!
//! RFC 3261 §19.1.4: sip and sips URIs are never equivalent; the user and
//! password compare exactly, after percent-decoding; the host in any case;
//! a port present in one and not the other makes two URIs; the order of
//! parameters and headers does not matter. Of the parameters, `user`,
//! `ttl`, `method`, `maddr` and `transport` must be in both or neither and
//! match; any other must match when it is in both, and is ignored when it
//! is in one only. Headers must all be in both and match (names in any
//! case, values exactly). Our reading: parameter values compare in any
//! case, since §19.1.4's first example equates `transport=TCP` and
//! `Transport=tcp`. The relation is not transitive, as §19.1.4 says:
//! `;security=on` and `;security=off` are each equivalent to no parameter,
//! not to each other.
//!
//! # Equivalence key
//!
//! Since the relation is not transitive, no key can stand for it exactly:
//! [`Registry::equivalence_key`](crate::Registry::equivalence_key) gives a
//! sip or sips URI a key of every part (the user and password as they are,
//! the host in lower case, the port's number, every parameter with its
//! name and value in lower case, the first of each name, sorted, and the
//! headers, names in lower case, sorted), so that two URIs with one key
//! are equivalent; but two equivalent URIs may have two keys, when a
//! parameter is in one only (`sip:carol@chicago.com` and
//! `sip:carol@chicago.com;security=on`).
//!
//! # Examples
//!
//! ```
//! use uri_core::{Uri, UriReference};
//! use uri_schemes::{Registry, Sip};
//!
//! let sip = Sip::parse(Uri::parse("sips:alice@atlanta.com:5061;transport=tcp?subject=project%20x")?)
//!     ?;
//! assert!(sip.is_secure());
//! assert_eq!((sip.user(), sip.host(), sip.port()), (Some("alice"), "atlanta.com", Some("5061")));
//! assert_eq!(sip.parameter("transport"), Some(Some("tcp")));
//! assert_eq!(sip.headers(), [("subject".to_owned(), "project x".to_owned())]);
//!
//! let r = |s| UriReference::parse(s);
//! let registry = Registry::standard();
//! assert!(registry.equivalent(r("sip:%61lice@atlanta.com;transport=TCP")?, r("sip:alice@AtLanTa.CoM;Transport=tcp")?));
//! assert!(!registry.equivalent(r("sip:bob@biloxi.com")?, r("sip:bob@biloxi.com:5060")?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use uri_core::{Uri, UriBuf};

use crate::scheme::{login_accessors, rules_of_the_view, scheme_facts};
use crate::{Fields, Report, Scheme, Violation};

/// The section that defines the grammar.
const SECTION: &str = "RFC 3261 §19.1.1";

/// The parameters that must match when either URI has them (§19.1.4).
const MUST_MATCH: [&str; 5] = ["user", "ttl", "method", "maddr", "transport"];

/// The parts of a sip or sips URI (RFC 3261 §19.1): see the [module
/// docs](self) for the grammar, the rules checked and the equivalence.
///
/// `Eq` compares the parts as written; [`Sip::is_equivalent`] compares by
/// §19.1.4. `Debug` writes the password as `***`.
///
/// # Examples
///
/// ```
/// let sip = uri_schemes::Sip::parse(uri_core::Uri::parse("sip:alice:secret@atlanta.com")?)
///     ?;
/// assert_eq!(sip.password(), Some("secret"));
/// assert!(!format!("{sip:?}").contains("secret"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Sip {
    secure: bool,
    user: Option<String>,
    password: Option<String>,
    host: String,
    port: Option<String>,
    parameters: Vec<(String, Option<String>)>,
    headers: Vec<(String, String)>,
}

impl fmt::Debug for Sip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Sip")
            .field("secure", &self.secure)
            .field("user", &self.user)
            .field("password", &self.password.as_ref().map(|_| "***"))
            .field("host", &self.host)
            .field("port", &self.port)
            .field("parameters", &self.parameters)
            .field("headers", &self.headers)
            .finish()
    }
}

impl Sip {
    /// The typed entry: checks `uri` by the [rules](self#rules) and the
    /// generic ones, and gives its parts when no violation is an error
    /// (warnings are dropped: [`Registry::check`](crate::Registry::check)
    /// keeps them); else the [`Report`] of what was found.
    ///
    /// # Errors
    ///
    /// The report, when a violation is an error or `uri` is neither sip
    /// nor sips (`WrongScheme`).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::Sip;
    ///
    /// assert!(Sip::parse(Uri::parse("sip:biloxi.com;lr")?).is_ok());
    /// let report = Sip::parse(Uri::parse("sip:alice@")?).unwrap_err();
    /// assert_eq!(report.violations()[0].kind(), "MissingHost");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn parse(uri: Uri<'_>) -> Result<Sip, Report<'_>> {
        let scheme = if uri.scheme().eq_ignore_ascii_case("sips") {
            &SIPS
        } else {
            &SIP
        };
        crate::scheme::typed_entry(uri, scheme, &["sip", "sips"], |fields| match fields {
            Fields::Sip(sip) => Some(*sip),
            _ => None,
        })
    }

    /// Whether the URI is a sips URI (TLS on every hop, §26.2.2).
    ///
    /// # Examples
    ///
    /// ```
    /// let sip = uri_schemes::Sip::parse(uri_core::Uri::parse("SIPS:a.example")?)?;
    /// assert!(sip.is_secure());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_secure(&self) -> bool {
        self.secure
    }

    login_accessors! {
        /// The user, percent-decoded, if there is one.
        ///
        /// # Examples
        ///
        /// ```
        /// let sip = uri_schemes::Sip::parse(uri_core::Uri::parse("sip:%61lice@a.example")?)?;
        /// assert_eq!(sip.user(), Some("alice"));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        user;

        /// The password, percent-decoded, if there is one (a secret: never
        /// show it unasked).
        ///
        /// # Examples
        ///
        /// ```
        /// let sip = uri_schemes::Sip::parse(uri_core::Uri::parse("sip:a:pw@a.example")?)?;
        /// assert_eq!(sip.password(), Some("pw"));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        password;

        /// The host as written.
        ///
        /// # Examples
        ///
        /// ```
        /// let sip = uri_schemes::Sip::parse(uri_core::Uri::parse("sip:192.0.2.10:5070")?)?;
        /// assert_eq!(sip.host(), "192.0.2.10");
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        host;
    }

    /// The port as written, if there is one.
    ///
    /// # Examples
    ///
    /// ```
    /// let sip = uri_schemes::Sip::parse(uri_core::Uri::parse("sip:192.0.2.10:5070")?)?;
    /// assert_eq!(sip.port(), Some("5070"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn port(&self) -> Option<&str> {
        self.port.as_deref()
    }

    /// The URI parameters in order: the name as written, the value
    /// percent-decoded (`None` for a name alone, as `lr`).
    ///
    /// # Examples
    ///
    /// ```
    /// let sip = uri_schemes::Sip::parse(uri_core::Uri::parse("sip:p.example;lr;ttl=15")?)?;
    /// assert_eq!(sip.parameters().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parameters(&self) -> &[(String, Option<String>)] {
        &self.parameters
    }

    /// The parameter `name` (in any case): `Some(None)` for a name alone.
    ///
    /// # Examples
    ///
    /// ```
    /// let sip = uri_schemes::Sip::parse(uri_core::Uri::parse("sip:p.example;lr;ttl=15")?)?;
    /// assert_eq!((sip.parameter("LR"), sip.parameter("ttl"), sip.parameter("maddr")), (Some(None), Some(Some("15")), None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parameter(&self, name: &str) -> Option<Option<&str>> {
        (self.parameters.iter())
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_deref())
    }

    /// The headers in order, names and values percent-decoded.
    ///
    /// # Examples
    ///
    /// ```
    /// let sip = uri_schemes::Sip::parse(uri_core::Uri::parse("sip:a@b.example?to=sip:bob%40biloxi.com")?)
    ///     ?;
    /// assert_eq!(sip.headers(), [("to".to_owned(), "sip:bob@biloxi.com".to_owned())]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn headers(&self) -> &[(String, String)] {
        &self.headers
    }

    /// Whether `self` and `other` are equivalent by RFC 3261 §19.1.4: see
    /// the [module docs](self#equivalence).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Sip;
    ///
    /// let sip = |s| Sip::parse(uri_core::Uri::parse(s).unwrap()).unwrap();
    /// assert!(sip("sip:carol@chicago.com").is_equivalent(&sip("sip:carol@chicago.com;security=on")));
    /// assert!(!sip("sip:carol@chicago.com;security=on").is_equivalent(&sip("sip:carol@chicago.com;security=off")));
    /// ```
    pub fn is_equivalent(&self, other: &Sip) -> bool {
        if self.secure != other.secure
            || self.user != other.user
            || self.password != other.password
            || !self.host.eq_ignore_ascii_case(&other.host)
            || self.port.as_deref().map(port_number) != other.port.as_deref().map(port_number)
        {
            return false;
        }
        let same = |a: Option<Option<&str>>, b: Option<Option<&str>>| match (a, b) {
            (Some(Some(x)), Some(Some(y))) => x.eq_ignore_ascii_case(y),
            (x, y) => x == y,
        };
        // Each side's parameters by name (as `compared_name` writes it),
        // the first of a name only, looked up by binary search: the
        // comparison stays `n log n` on 10,000 parameters.
        fn by_name(s: &Sip) -> Vec<(String, Option<&str>)> {
            let mut table = compared_parameters(s);
            table.sort_unstable_by(|a, b| a.0.cmp(&b.0));
            table
        }
        let (mine, theirs) = (by_name(self), by_name(other));
        fn get<'a>(table: &[(String, Option<&'a str>)], name: &str) -> Option<Option<&'a str>> {
            table
                .binary_search_by(|(n, _)| n.as_str().cmp(name))
                .ok()
                .map(|i| table[i].1)
        }
        for (name, _) in mine.iter().chain(&theirs) {
            let (a, b) = (get(&mine, name), get(&theirs, name));
            let must = MUST_MATCH.iter().any(|m| m.eq_ignore_ascii_case(name));
            if (must || (a.is_some() && b.is_some())) && !same(a, b) {
                return false;
            }
        }
        fn headers(s: &Sip) -> Vec<(String, &str)> {
            let mut h: Vec<(String, &str)> = (s.headers.iter())
                .map(|(n, v)| (n.to_ascii_lowercase(), v.as_str()))
                .collect();
            h.sort();
            h
        }
        headers(self) == headers(other)
    }
}

/// A port's number, leading zeros aside (`None` past `u32`).
fn port_number(port: &str) -> Option<u32> {
    port.parse().ok()
}

/// Whether `host` is a host name, an IPv4 address, or `[` … `]`.
fn is_host(host: &str) -> bool {
    if let Some(inner) = host.strip_prefix('[') {
        return inner.strip_suffix(']').is_some_and(|v6| {
            !v6.is_empty()
                && v6
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.')
        });
    }
    !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        && !host.starts_with(['-', '.'])
}

/// The checks of the [module docs](self#rules).
fn check(uri: Uri<'_>) -> (Fields<'_>, Vec<Violation>) {
    let mut found = Vec::new();
    let start = uri.scheme().len() + 1;
    let error = |kind, at, message: &'static str| Violation::error(kind, at, SECTION, message);
    if uri.has_authority() {
        found.push(error(
            "UnexpectedAuthority",
            start,
            "a sip URI has no `//`: the user and host follow the scheme",
        ));
        return (Fields::None, found);
    }
    let path = uri.path();
    let decode = |s: &str| uri_encode::decode_utf8_lossy(s).into_owned();
    // No `@` in a host, a port or a parameter: the last one ends the
    // userinfo.
    let (userinfo, rest, rest_at) = match path.rfind('@') {
        Some(i) => (Some(&path[..i]), &path[i + 1..], start + i + 1),
        None => (None, path, start),
    };
    let mut sip = Sip {
        secure: uri.scheme().eq_ignore_ascii_case("sips"),
        user: None,
        password: None,
        host: String::new(),
        port: None,
        parameters: Vec::new(),
        headers: Vec::new(),
    };
    if let Some(userinfo) = userinfo {
        match userinfo.split_once(':') {
            Some((user, password)) => {
                sip.user = Some(decode(user));
                sip.password = Some(decode(password));
                found.push(Violation::warning(
                    "Password",
                    start + user.len() + 1,
                    SECTION,
                    "a password in a SIP URI is NOT RECOMMENDED",
                ));
            }
            None => sip.user = Some(decode(userinfo)),
        }
    }
    let (hostport, params) = crate::generic::semicolon_params(rest, rest_at);
    let (host, port) = match hostport.rfind(':') {
        Some(i) if !hostport[i..].contains(']') => (&hostport[..i], Some(&hostport[i + 1..])),
        _ => (hostport, None),
    };
    let mut ok = true;
    if host.is_empty() {
        found.push(error("MissingHost", rest_at, "a sip URI names a host"));
        ok = false;
    } else if !is_host(host) {
        found.push(error(
            "InvalidHost",
            rest_at,
            "a host name, an IPv4 address or an IPv6 reference",
        ));
        ok = false;
    }
    if let Some(port) = port {
        let at = rest_at + host.len() + 1;
        if port.is_empty()
            || !port.bytes().all(|b| b.is_ascii_digit())
            || port_number(port).is_none_or(|p| p > 65535)
        {
            found.push(error("InvalidPort", at, "a port is a number up to 65535"));
            ok = false;
        }
        sip.port = Some(port.to_owned());
    }
    sip.host = host.to_owned();
    let params: Vec<(usize, &str, Option<&str>)> = params.collect();
    let names: Vec<&str> = params.iter().map(|&(_, name, _)| name).collect();
    // A name seen before was kept, or was itself a duplicate of one kept
    // (an empty name is refused first).
    let repeated = crate::generic::repeated_names(&names);
    for ((at, name, value), repeated) in params.into_iter().zip(repeated) {
        let value = value.map(decode);
        if name.is_empty() {
            found.push(error("InvalidParameter", at, "a URI parameter has a name"));
        } else if repeated {
            found.push(error(
                "DuplicateParameter",
                at,
                "a URI parameter appears once at most",
            ));
        } else {
            sip.parameters.push((name.to_owned(), value));
        }
    }
    if let (Some(query), Some(mut at)) = (uri.query(), uri.as_str().find('?')) {
        at += 1;
        for header in query.split('&') {
            match header.split_once('=') {
                Some((name, value)) if !name.is_empty() => {
                    sip.headers.push((decode(name), decode(value)))
                }
                _ => found.push(error("InvalidParameter", at, "a header is `name=value`")),
            }
            at += header.len() + 1;
        }
    }
    if !ok {
        return (Fields::None, found);
    }
    (Fields::Sip(Box::new(sip)), found)
}

/// `sip` or `sips`.
pub(crate) struct SipScheme {
    /// `sips`.
    secure: bool,
}

/// `sip`.
const SIP: SipScheme = SipScheme { secure: false };
/// `sips`.
const SIPS: SipScheme = SipScheme { secure: true };

impl Scheme for SipScheme {
    // kind: A locator: a host and a protocol to reach it.
    // opaque_path: User, host and parameters, not a hierarchy.
    scheme_facts! { kind = Locator; opaque_path = true; }

    fn name(&self) -> &'static str {
        if self.secure { "sips" } else { "sip" }
    }

    /// 5060 for sip, 5061 for sips (RFC 3261 §19.1.2); kept in the normal
    /// form (see the [module docs](self)).
    fn default_port(&self) -> Option<u16> {
        Some(if self.secure { 5061 } else { 5060 })
    }

    // The view is [`Sip`], its equivalence [`Sip::is_equivalent`]. The
    // key: equal keys mean equivalent, but not the converse, since the
    // relation is not transitive (see the [module
    // docs](self#equivalence-key)).
    rules_of_the_view! {
        rule = "RFC 3261 §19.1.4";
        read = |uri| match check(uri).0 {
            Fields::Sip(sip) => Some(sip),
            _ => None,
        };
        same = |x, y| x.is_equivalent(y);
        key = sip_equivalence_key;
    }

    /// Syntax normalization only: the port stays (§19.1.4).
    fn normalize(&self, uri: &mut UriBuf) {
        let _ = uri;
    }
}

/// A parameter's name as [`Sip::is_equivalent`] compares it: a triplet of
/// an `unreserved` character (RFC 3986 §2.3) read as that character, as
/// RFC 3261 §19.1.4 has it ("characters other than those in the
/// `reserved` set are equivalent to their `%` HEX HEX encoding") and as the
/// normal form writes it (RFC 3986 §6.2.2.2), then in lower case.
///
/// Names compared as written made `sip:h;%74ransport=tcp` and
/// `sip:h;transport=tcp`, which have one normal form, not equivalent.
fn compared_name(name: &str) -> String {
    uri_encode::normalize(name).to_ascii_lowercase()
}

/// The parameters of `sip` in order, each name as [`compared_name`] writes
/// it, the first of each such name only (a later one is a duplicate), with
/// its value: what [`Sip::is_equivalent`] and the equivalence key compare.
fn compared_parameters(sip: &Sip) -> Vec<(String, Option<&str>)> {
    let names: Vec<String> = (sip.parameters.iter())
        .map(|(n, _)| compared_name(n))
        .collect();
    let repeated = crate::generic::repeated_names(&names);
    (names.into_iter())
        .zip(&sip.parameters)
        .zip(repeated)
        .filter(|(_, repeated)| !repeated)
        .map(|((n, (_, v)), _)| (n, v.as_deref()))
        .collect()
}

/// This module's entry in [`Registry::standard`](crate::Registry::standard).
pub(crate) const SCHEMES: &[crate::registry::Builtin] = &[
    crate::registry::Builtin::Other(&SIP),
    crate::registry::Builtin::Other(&SIPS),
];

/// A text such that two [`Sip`]s with one are equivalent by
/// [`Sip::is_equivalent`] (RFC 3261 §19.1.4): `sips` or `sip`; `|` and the
/// user and the password (decoded, as they are; `-` when absent, else `+`
/// and the text); `|` and the host in lower case; `|` and the port's
/// number (`-` when absent, `+?` past `u32`, as `port_number` reads it);
/// `|` and every parameter of [`compared_parameters`], the name as it
/// writes it and the value in lower case, `name;` or `name=value;`,
/// sorted; `|` and the headers, name in lower case, value as it is,
/// `name=value&`, sorted. Every part is written by
/// [`push_field`](crate::equivalence_key::push_field), so the separators
/// are never part of one.
///
/// Not every two equivalent URIs have one key: a parameter present in one
/// URI only is ignored by §19.1.4 (but those of `MUST_MATCH`), and the key
/// keeps it, since no key can both keep and drop it (`;security=on` and
/// `;security=off` are each equivalent to none, not to each other).
fn sip_equivalence_key(sip: &Sip) -> String {
    use crate::equivalence_key::push_field;
    fn push_option(key: &mut String, text: Option<&str>) {
        match text {
            None => key.push('-'),
            Some(text) => {
                key.push('+');
                push_field(key, text);
            }
        }
    }
    let mut key = String::new();
    key.push_str(if sip.secure { "sips|" } else { "sip|" });
    push_option(&mut key, sip.user.as_deref());
    key.push('|');
    push_option(&mut key, sip.password.as_deref());
    key.push('|');
    push_field(&mut key, &sip.host.to_ascii_lowercase());
    key.push('|');
    match sip.port.as_deref() {
        None => key.push('-'),
        Some(port) => {
            key.push('+');
            match port_number(port) {
                Some(number) => key.push_str(&alloc::format!("{number}")),
                None => key.push('?'),
            }
        }
    }
    key.push('|');
    let mut parameters: Vec<String> = Vec::new();
    for (name, value) in compared_parameters(sip) {
        let mut one = String::new();
        push_field(&mut one, &name);
        if let Some(value) = value {
            one.push('=');
            push_field(&mut one, &value.to_ascii_lowercase());
        }
        one.push(';');
        parameters.push(one);
    }
    parameters.sort();
    parameters.iter().for_each(|p| key.push_str(p));
    key.push('|');
    let mut headers: Vec<String> = (sip.headers.iter())
        .map(|(name, value)| {
            let mut one = String::new();
            push_field(&mut one, &name.to_ascii_lowercase());
            one.push('=');
            push_field(&mut one, value);
            one.push('&');
            one
        })
        .collect();
    headers.sort();
    headers.iter().for_each(|h| key.push_str(h));
    key
}
