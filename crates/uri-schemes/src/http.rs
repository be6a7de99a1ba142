//! http and https (RFC 9110 §4.2), ws and wss (RFC 6455 §3).

use alloc::borrow::Cow;
use alloc::vec::Vec;

use uri_core::{Authority, Component, HostKind, Uri, UriBuf};
use uri_encode::grammar::{CharClass, Scanner};

use crate::scheme::scheme_facts;
use crate::{Fields, Report, Scheme, Violation};

/// The parts of an http, https, ws or wss URI that its scheme gives
/// meaning to: the host, the port as written, and the origin.
///
/// # Examples
///
/// ```
/// let http = uri_schemes::Http::parse(uri_core::Uri::parse("HTTPS://Example.COM/a")?)?;
/// assert_eq!(http.host(), "Example.COM");
/// assert_eq!(http.port(), None);
/// assert_eq!(http.origin().map(|o| o.to_string()).as_deref(), Some("https://example.com:443"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Http<'a> {
    host: Cow<'a, str>,
    port: Option<Cow<'a, str>>,
    origin: Option<Origin<'a>>,
}

impl<'a> Http<'a> {
    /// The typed entry: checks `uri` by the scheme's rules (the module
    /// docs) and the generic ones, and gives its parts when no violation is
    /// an error (warnings are dropped: [`Registry::check`](crate::Registry::check)
    /// keeps them); else the [`Report`] of what was found
    /// (RFC 9110 §4.2, RFC 6455 §3).
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
    /// use uri_schemes::Http;
    ///
    /// let https = Http::parse(Uri::parse("https://example.com/")?)?;
    /// assert_eq!(https.origin().map(|o| o.port()), Some(443));
    /// assert!(Http::parse(Uri::parse("https:///abc")?).is_err());
    /// assert!(Http::parse(Uri::parse("ftp://example.com/")?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(uri: Uri<'a>) -> Result<Http<'a>, Report<'a>> {
        let scheme = match uri.scheme().len() {
            5 if uri.scheme().eq_ignore_ascii_case("https") => &HTTPS,
            2 => &WS,
            3 => &WSS,
            _ => &HTTP,
        };
        crate::scheme::typed_entry(uri, scheme, &["http", "https", "ws", "wss"], |fields| {
            match fields {
                Fields::Http(h) => Some(h),
                _ => None,
            }
        })
    }
}

impl<'a> Http<'a> {
    /// The host, as written.
    ///
    /// # Examples
    ///
    /// ```
    /// let ws = uri_schemes::Http::parse(uri_core::Uri::parse("ws://[::1]:9000/chat")?)?;
    /// assert_eq!(ws.host(), "[::1]");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The port as written, if there is one (it may be empty).
    ///
    /// # Examples
    ///
    /// ```
    /// let ws = uri_schemes::Http::parse(uri_core::Uri::parse("ws://[::1]:9000/chat")?)?;
    /// assert_eq!(ws.port(), Some("9000"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn port(&self) -> Option<&str> {
        self.port.as_deref()
    }

    /// The origin (RFC 6454 §4; RFC 9110 §4.3.1): scheme and host in lower
    /// case, and the port, the scheme's default filled in. `None` when the
    /// port is past 65535 (a warning): no TCP port, so no origin.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Registry;
    ///
    /// let http = uri_schemes::Http::parse(uri_core::Uri::parse("http://a.example/")?)?;
    /// assert_eq!(http.origin().map(|o| o.port()), Some(80));
    ///
    /// let http = uri_schemes::Http::parse(uri_core::Uri::parse("http://a.example:65536/")?)?;
    /// assert_eq!((http.host(), http.port(), http.origin()), ("a.example", Some("65536"), None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn origin(&self) -> Option<&Origin<'a>> {
        self.origin.as_ref()
    }

    /// The same parts, owning what they borrowed from the URI's text:
    /// the host, the port and the origin's host become `'static` (each
    /// borrowed one copied; an origin's host already lowered is moved).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Http;
    ///
    /// let http: Http<'static> = {
    ///     let text = String::from("http://example.com/");
    ///     let uri = uri_core::Uri::parse(&text)?;
    ///     // The report borrows `text` too: keep its message only.
    ///     Http::parse(uri).map_err(|report| report.to_string())?.into_owned()
    /// };
    /// assert_eq!(http.host(), "example.com");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_owned(self) -> Http<'static> {
        Http {
            host: Cow::Owned(self.host.into_owned()),
            port: self.port.map(|port| Cow::Owned(port.into_owned())),
            origin: self.origin.map(Origin::into_owned),
        }
    }
}

/// An origin: scheme, host, port (RFC 6454 §4), each compared exactly.
///
/// # Examples
///
/// ```
/// use uri_schemes::{Fields, Registry};
///
/// let registry = Registry::standard();
/// let origin = |text| match registry.check(uri_core::Uri::parse(text).unwrap()).into_parts().0 {
///     Fields::Http(http) => http.origin().cloned(),
///     _ => None,
/// };
/// assert_eq!(origin("http://Example.com/a"), origin("http://example.com:80/b"));
/// assert_ne!(origin("http://example.com/"), origin("https://example.com/"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Origin<'a> {
    /// One of the four names (a byte, not a `&str`: [`Fields`] stays
    /// small to move).
    scheme: Name,
    /// Borrowed from the URI unless it had upper-case letters to lower.
    host: Cow<'a, str>,
    port: u16,
}

impl Origin<'_> {
    /// The scheme, lower case.
    ///
    /// # Examples
    ///
    /// ```
    /// let wss = uri_schemes::Http::parse(uri_core::Uri::parse("WSS://h/")?)?;
    /// assert_eq!(wss.origin().map(|o| o.scheme()), Some("wss"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn scheme(&self) -> &'static str {
        self.scheme.as_str()
    }

    /// The host, lower case (ASCII letters).
    ///
    /// # Examples
    ///
    /// ```
    /// let http = uri_schemes::Http::parse(uri_core::Uri::parse("http://EXAMPLE.com/")?)?;
    /// assert_eq!(http.origin().map(|o| o.host()), Some("example.com"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The port, the scheme's default when the URI has none.
    ///
    /// # Examples
    ///
    /// ```
    /// let wss = uri_schemes::Http::parse(uri_core::Uri::parse("wss://h:8443/")?)?;
    /// assert_eq!(wss.origin().map(|o| o.port()), Some(8443));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn port(&self) -> u16 {
        self.port
    }

    /// The same origin, owning its host: an origin to keep (in a set of
    /// origins, say) after the URI's text is gone.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::HashSet;
    /// use uri_schemes::{Http, Origin};
    ///
    /// let mut seen: HashSet<Origin<'static>> = HashSet::new();
    /// for line in ["http://a.example/x", "http://A.example:80/y", "https://a.example/"] {
    ///     let text = line.to_string();
    ///     if let Ok(http) = Http::parse(uri_core::Uri::parse(&text)?) {
    ///         seen.extend(http.origin().cloned().map(Origin::into_owned));
    ///     }
    /// }
    /// assert_eq!(seen.len(), 2);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn into_owned(self) -> Origin<'static> {
        Origin {
            scheme: self.scheme,
            host: Cow::Owned(self.host.into_owned()),
            port: self.port,
        }
    }
}

impl core::fmt::Display for Origin<'_> {
    /// `scheme://host:port` (the port always written).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}://{}:{}", self.scheme(), self.host, self.port)
    }
}

/// Every byte but the upper-case letters.
const NOT_UPPER: Scanner =
    Scanner::new(&CharClass::range(0, 0xFF).difference(CharClass::range(b'A', b'Z')));

/// `host`, the part of `text` at `start` (the authority's
/// [`host_span`](Authority::host_span)), with its ASCII letters in lower
/// case: borrowed when it has no upper-case letter (RFC 3986 §6.2.2.1:
/// hosts compare case-insensitively). `upper` says whether it has one,
/// when the caller knows; else hosts of up to 64 bytes are tested with the
/// scanner's masks, sixteen bytes a step.
#[inline(always)]
fn lower_case<'a>(text: &str, start: usize, host: &'a str, upper: Option<bool>) -> Cow<'a, str> {
    let upper = upper.unwrap_or_else(|| {
        if host.len() <= 64 {
            NOT_UPPER.masks(text.as_bytes(), start, host.len(), 0).0 != 0
        } else {
            host.bytes().any(|b| b.is_ascii_uppercase())
        }
    });
    if upper {
        Cow::Owned(host.to_ascii_lowercase())
    } else {
        Cow::Borrowed(host)
    }
}

/// The four names an [`Origin`] has, in the order of their text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Name {
    Http,
    Https,
    Ws,
    Wss,
}

impl core::fmt::Debug for Name {
    /// The name, quoted, as a `&str` is.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Name {
    /// The name, lower case.
    const fn as_str(self) -> &'static str {
        match self {
            Name::Http => "http",
            Name::Https => "https",
            Name::Ws => "ws",
            Name::Wss => "wss",
        }
    }
}

/// http, https, ws and wss: one set of rules, four names.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HttpScheme {
    /// The scheme's name, and its origins'.
    name: Name,
    port: u16,
    websocket: bool,
}

/// This module's entries in [`Registry::standard`](crate::Registry::standard),
/// held as they are (no call through `dyn Scheme`).
pub(crate) const SCHEMES: &[crate::registry::Builtin] = &[
    crate::registry::Builtin::Http(HTTP),
    crate::registry::Builtin::Http(HTTPS),
    crate::registry::Builtin::Http(WS),
    crate::registry::Builtin::Http(WSS),
];

/// `http` (RFC 9110 §4.2.1).
pub(crate) const HTTP: HttpScheme = HttpScheme {
    name: Name::Http,
    port: 80,
    websocket: false,
};
/// `https` (RFC 9110 §4.2.2).
pub(crate) const HTTPS: HttpScheme = HttpScheme {
    name: Name::Https,
    port: 443,
    websocket: false,
};
/// `ws` (RFC 6455 §3).
pub(crate) const WS: HttpScheme = HttpScheme {
    name: Name::Ws,
    port: 80,
    websocket: true,
};
/// `wss` (RFC 6455 §3).
pub(crate) const WSS: HttpScheme = HttpScheme {
    name: Name::Wss,
    port: 443,
    websocket: true,
};

impl HttpScheme {
    /// The section that defines this scheme's URIs.
    const fn section(&self) -> &'static str {
        match (self.websocket, self.port) {
            (true, _) => "RFC 6455 §3",
            (false, 80) => "RFC 9110 §4.2.1",
            (false, _) => "RFC 9110 §4.2.2",
        }
    }

    /// `http-URI = "http" "://" authority path-abempty [ "?" query ]`
    /// (RFC 9110 §4.2.1; `https` the same, §4.2.2): an authority with a
    /// non-empty host ("A sender MUST NOT generate an "http" URI with an
    /// empty host identifier"); a userinfo is deprecated (§4.2.4). `ws-URI
    /// = "ws:" "//" host [ ":" port ] path [ "?" query ]` (RFC 6455 §3): no
    /// userinfo, and "Fragment identifiers [...] MUST NOT be used".
    ///
    /// Pushes what `uri` breaks onto `found`; gives back the host and the
    /// origin's port (`None` for a port past 65535: no origin), or `None`
    /// when there is no authority.
    ///
    /// `authority` is `uri`'s, read once by the caller.
    #[inline(always)]
    fn rules<'a>(
        &self,
        uri: Uri<'a>,
        authority: Option<Authority<'a>>,
        found: &mut Vec<Violation>,
    ) -> Option<(&'a str, Option<u16>)> {
        let missing = (
            self.section(),
            "the URI needs `//` and a host after the scheme",
        );
        let empty = Some((self.section(), "the host is empty"));
        let authority = crate::generic::authority_preamble(uri, authority, missing, empty, found)?;
        let host = authority.host_str();
        if let Some(userinfo) = authority.span(Component::Userinfo) {
            if self.websocket {
                found.push(Violation::error(
                    "UserinfoNotAllowed",
                    userinfo.start,
                    "RFC 6455 §3",
                    "a WebSocket URI has no userinfo",
                ));
            } else {
                found.push(Violation::warning(
                    "UserinfoInHttp",
                    userinfo.start,
                    "RFC 9110 §4.2.4",
                    "a userinfo in an http(s) URI is deprecated",
                ));
            }
        }
        if self.websocket && uri.fragment().is_some() {
            found.push(Violation::error(
                "FragmentNotAllowed",
                crate::scheme::start_of(uri, Component::Fragment) - 1,
                "RFC 6455 §3",
                "a WebSocket URI must not have a fragment",
            ));
        }
        if authority.port().is_none() {
            // Most URIs: the default port, no digits to read.
            return Some((host, Some(self.port)));
        }
        let port = match authority.port_u16() {
            Ok(port) => Some(port.unwrap_or(self.port)),
            // An empty port is the default one (RFC 3986 §3.2.3, §6.2.3).
            Err(uri_core::PortError::Empty) => Some(self.port),
            // Past 65535 (a warning of the generic checks): no origin.
            Err(_) => None,
        };
        Some((host, port))
    }

    /// The fields of `uri`, given what [`HttpScheme::rules`] found (its
    /// host and the origin's port): host, port and origin. `upper` is
    /// whether the host has an upper-case letter, if known.
    #[inline(always)]
    fn fields<'a>(
        &self,
        uri: Uri<'a>,
        authority: Option<Authority<'a>>,
        ruled: Option<(&'a str, Option<u16>)>,
        upper: Option<bool>,
    ) -> Fields<'a> {
        // `ruled` is `Some` only for a URI with an authority.
        let (Some((host, port)), Some(authority)) = (ruled, authority) else {
            return Fields::None;
        };
        Fields::Http(Http {
            host: Cow::Borrowed(host),
            port: authority.port().map(Cow::Borrowed),
            origin: port.map(|port| Origin {
                scheme: self.name,
                host: lower_case(uri.as_str(), authority.host_span().start, host, upper),
                port,
            }),
        })
    }

    /// Whether `uri` (with `authority`, read by the caller) breaks none
    /// of [`HttpScheme::rules`] and the generic checks, decided from what
    /// the parse already knows: the authority's spans, the host's kind and
    /// the URI's length, and for a registered name one look at its bytes
    /// ([`short_dns_name`](crate::generic::short_dns_name), sixteen bytes
    /// a step). `false` when it breaks one, or when it cannot tell so
    /// quickly (a userinfo, a name of more than 63 bytes, a URI of more
    /// than 2,048 bytes): the caller then runs the rules themselves, which
    /// give the same answer (the test `held_as_they_are_or_boxed_the_same`).
    ///
    /// RFC 9110 §4.2.1 (a host, not empty), §4.2.4 (no userinfo); RFC
    /// 6455 §3 (no fragment in a WebSocket URI); RFC 3986 §3.2.3 (a port
    /// up to 65535, or empty); RFC 1034 §3.5 (a DNS name); RFC 9110 §4.1
    /// (the length).
    #[inline(always)]
    pub(crate) fn breaks_none(&self, uri: Uri<'_>, authority: Option<Authority<'_>>) -> bool {
        let Some(authority) = authority else {
            return false;
        };
        let text = uri.as_str();
        if text.len() > crate::generic::LENGTH_WARNING
            || authority.span(Component::Userinfo).is_some()
            || self.websocket && uri.fragment().is_some()
        {
            return false;
        }
        if authority.port().is_some()
            && !matches!(
                authority.port_u16(),
                Ok(_) | Err(uri_core::PortError::Empty)
            )
        {
            return false;
        }
        let host = authority.host_span();
        match authority.host_kind() {
            // An IP literal or an IPv4 address: never empty, and no DNS
            // name to be.
            HostKind::Ipv4 | HostKind::Ipv6 | HostKind::IpvFuture => true,
            HostKind::RegName => {
                crate::generic::short_dns_name(text.as_bytes(), host.start, host.end).is_some()
            }
        }
    }

    /// [`HttpScheme::breaks_none`], with what its look at a registered
    /// name found: `Some` exactly when `breaks_none` is `true` and the
    /// host is not an `IPvFuture` literal.
    #[inline(always)]
    pub(crate) fn proves_clean(
        &self,
        uri: Uri<'_>,
        authority: Option<Authority<'_>>,
    ) -> Option<crate::Clean> {
        let authority = self.spans_break_none(uri, authority)?;
        let host = authority.host_span();
        let (xn_label, numeric_last_label) = match authority.host_kind() {
            HostKind::Ipv4 | HostKind::Ipv6 => (false, false),
            // No web client reads one: left to `validate`.
            HostKind::IpvFuture => return None,
            HostKind::RegName => {
                let text = uri.as_str().as_bytes();
                let masks = crate::generic::short_dns_masks(text, host.start, host.end)?;
                let name = text.get(host).unwrap_or_default();
                (masks.xn_label(name), masks.numeric_last_label(name))
            }
        };
        Some(crate::Clean::Web {
            xn_label,
            numeric_last_label,
        })
    }

    /// The authority, when the parts of `uri` other than its host break
    /// none of the rules: an authority with no userinfo and a port up to
    /// 65535 or empty, no fragment in a WebSocket URI, at most 2,048 bytes
    /// (the first tests of [`HttpScheme::breaks_none`], which keeps its
    /// own copy: sharing this one cost `validate` a few instructions).
    #[inline(always)]
    fn spans_break_none<'a>(
        &self,
        uri: Uri<'_>,
        authority: Option<Authority<'a>>,
    ) -> Option<Authority<'a>> {
        let authority = authority?;
        if uri.as_str().len() > crate::generic::LENGTH_WARNING
            || authority.span(Component::Userinfo).is_some()
            || self.websocket && uri.fragment().is_some()
        {
            return None;
        }
        if authority.port().is_some()
            && !matches!(
                authority.port_u16(),
                Ok(_) | Err(uri_core::PortError::Empty)
            )
        {
            return None;
        }
        Some(authority)
    }

    /// What [`Registry::check`](crate::Registry::check) gives for `uri`
    /// under this scheme (the same report as through [`Scheme::check`] and
    /// [`generic_checks`](crate::generic_checks)), in one function: the
    /// authority read once, a host that is a DNS name of up to 63 bytes
    /// scanned once for the DNS rule and the origin's case (any other
    /// again for its case), no call through `dyn Scheme`. The registry calls it
    /// for the four standard schemes it holds as they are.
    #[inline(always)]
    pub(crate) fn report<'a>(&self, uri: Uri<'a>) -> Report<'a> {
        let authority = uri.authority();
        let mut found = Vec::new();
        let ruled = self.rules(uri, authority, &mut found);
        let upper = crate::generic::push_checks(uri.as_str(), authority, true, &mut found);
        Report::new(self.fields(uri, authority, ruled, upper), found)
    }

    /// [`HttpScheme::report`]'s violations alone, as
    /// [`Registry::validate`](crate::Registry::validate) gives them.
    #[inline(always)]
    pub(crate) fn violations(&self, uri: Uri<'_>) -> Vec<Violation> {
        let authority = uri.authority();
        let mut found = Vec::new();
        self.rules(uri, authority, &mut found);
        crate::generic::push_checks(uri.as_str(), authority, true, &mut found);
        if found.len() > 1 {
            crate::scheme::sort(&mut found);
        }
        found
    }
}

impl Scheme for HttpScheme {
    scheme_facts! { kind = Locator; uses_dns = true; }

    fn name(&self) -> &'static str {
        self.name.as_str()
    }

    fn default_port(&self) -> Option<u16> {
        Some(self.port)
    }

    /// The rules of [`HttpScheme::rules`], and the host, port and origin.
    fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
        let mut found = Vec::new();
        let authority = uri.authority();
        let ruled = self.rules(uri, authority, &mut found);
        (self.fields(uri, authority, ruled, None), found)
    }

    /// [`check`](Scheme::check)'s rules, without the fields (no
    /// allocation for a URI that breaks none).
    fn validate(&self, uri: Uri<'_>) -> Vec<Violation> {
        let mut found = Vec::new();
        self.rules(uri, uri.authority(), &mut found);
        found
    }

    /// RFC 9110 §4.2.3: the default port dropped (an empty one too), an
    /// empty path written `/` ("An empty path component is equivalent to
    /// an absolute path of "/""); case and percent-encoding are syntax
    /// normalization's, already done. RFC 6455 §3 builds the request from
    /// `/` for an empty path as well.
    fn normalize(&self, uri: &mut UriBuf) {
        crate::generic::drop_default_port(uri, Some(self.port));
        if uri.has_authority() && uri.path().is_empty() {
            // `/` is a valid path after an authority.
            let _ = uri.set_path("/");
        }
    }
}
