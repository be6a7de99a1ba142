//! One parser's reading of a string: the parts that decide where a
//! request goes ([`Reading`]), or why it was refused ([`Refusal`]).

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use uri_core::{Host, Uri};

use crate::text::{pct_normalize, show};

/// A host, as a reading has it: an address, or a name after IDNA and
/// ASCII lower-casing (percent-encoding left as written).
///
/// # Examples
///
/// ```
/// use uri_lint::{HostReading, Lint};
///
/// let readings = Lint::new().readings("http://0x7f.1/");
/// assert_eq!(readings.rfc3986().host(), Some(&HostReading::Name("0x7f.1".into())));
/// assert_eq!(readings.whatwg().host(), Some(&HostReading::Ipv4([127, 0, 0, 1].into())));
/// assert_eq!(HostReading::Ipv6("::1".parse().unwrap()).to_string(), "[::1]");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum HostReading {
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
    /// A registered name or domain (perhaps empty), lower case, in ASCII
    /// (`xn--` labels) where IDNA applied.
    Name(String),
    /// An RFC 3986 `IPvFuture` literal, as written with its brackets.
    Future(String),
}

impl HostReading {
    /// `"ipv4"`, `"ipv6"`, `"name"` or `"ipvfuture"`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_lint::HostReading::Name("a".into()).kind(), "name");
    /// ```
    pub const fn kind(&self) -> &'static str {
        match self {
            HostReading::Ipv4(_) => "ipv4",
            HostReading::Ipv6(_) => "ipv6",
            HostReading::Name(_) => "name",
            HostReading::Future(_) => "ipvfuture",
        }
    }
}

impl fmt::Display for HostReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HostReading::Ipv4(a) => write!(f, "{a}"),
            HostReading::Ipv6(a) => write!(f, "[{a}]"),
            HostReading::Name(n) | HostReading::Future(n) => f.write_str(n),
        }
    }
}

/// Why a parser refused a string: its error's name, its message, and
/// the byte where it is, when the parser says (`url` does not).
///
/// # Examples
///
/// ```
/// use uri_lint::Lint;
///
/// let readings = Lint::new().readings("http://a b/");
/// let refusal = readings.rfc3986().refusal().unwrap();
/// assert_eq!((refusal.kind(), refusal.index()), ("InvalidHostChar", Some(8)));
/// assert_eq!(readings.whatwg().refusal().unwrap().kind(), "IdnaError");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    kind: String,
    message: String,
    index: Option<usize>,
}

impl Refusal {
    pub(crate) fn new(kind: String, message: String, index: Option<usize>) -> Self {
        Refusal {
            kind,
            message,
            index,
        }
    }

    /// The error's name: a `ParseErrorKind` name of uri-core, or the
    /// variant of `url::ParseError`.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_lint::Lint::new().readings("http://a/%zz");
    /// assert_eq!(r.rfc3986().refusal().unwrap().kind(), "InvalidPercentEncoding");
    /// ```
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// The error in words.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_lint::Lint::new().readings("http://a:x/");
    /// assert_eq!(r.rfc3986().refusal().unwrap().message(), "non-digit in port");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The byte of the input where it is, if the parser says.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_lint::Lint::new().readings("http://a:x/");
    /// assert_eq!(r.rfc3986().refusal().unwrap().index(), Some(9));
    /// assert_eq!(r.whatwg().refusal().unwrap().index(), None);
    /// ```
    pub fn index(&self) -> Option<usize> {
        self.index
    }
}

/// One parser's reading of a string: what decides where a request goes
/// (scheme, user, whether there is a password, host, port after the
/// scheme's default, path after normalization), or its [`Refusal`].
///
/// A reading never holds a password: only whether there is one. Its
/// texts are as the parser gives them, with any text that may be the
/// input's password replaced by `***`.
///
/// # Examples
///
/// ```
/// use uri_lint::Lint;
///
/// let readings = Lint::new().readings("HTTP://u:secret@Example.COM:80/a/../b");
/// let rfc = readings.rfc3986();
/// assert_eq!(rfc.scheme(), Some("http"));
/// assert_eq!((rfc.user(), rfc.has_password()), (Some("u"), true));
/// assert_eq!(rfc.port(), None); // 80 is http's default
/// assert_eq!(rfc.path(), Some("/b"));
/// assert_eq!(rfc, readings.whatwg());
/// assert_eq!(rfc.to_string(), "scheme `http`, user `u`, a password, host `example.com`, path `/b`");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Reading {
    pub(crate) scheme: Option<String>,
    pub(crate) user: Option<String>,
    pub(crate) password: bool,
    pub(crate) host: Option<HostReading>,
    pub(crate) port: Option<String>,
    pub(crate) path: Option<String>,
    pub(crate) refusal: Option<Refusal>,
}

impl Reading {
    pub(crate) fn refused(refusal: Refusal) -> Self {
        Reading {
            refusal: Some(refusal),
            ..Reading::default()
        }
    }

    /// Whether the parser read a URL (no [`Refusal`]).
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_lint::Lint::new().readings("http://a/").rfc3986().is_accepted());
    /// ```
    pub fn is_accepted(&self) -> bool {
        self.refusal.is_none()
    }

    /// Why it was refused.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_lint::Lint::new().readings("http://a\\b/");
    /// assert!(r.rfc3986().refusal().is_some() && r.whatwg().refusal().is_none());
    /// ```
    pub fn refusal(&self) -> Option<&Refusal> {
        self.refusal.as_ref()
    }

    /// The scheme, lower case.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_lint::Lint::new().readings("HTTPS://a").whatwg().scheme(), Some("https"));
    /// ```
    pub fn scheme(&self) -> Option<&str> {
        self.scheme.as_deref()
    }

    /// The user name, as written (percent-encoded), when not empty.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_lint::Lint::new().readings("http://a@b@c/");
    /// assert_eq!(r.whatwg().user(), Some("a%40b"));
    /// ```
    pub fn user(&self) -> Option<&str> {
        self.user.as_deref()
    }

    /// Whether the userinfo holds a password (never the password).
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_lint::Lint::new().readings("ftp://me:pw@h/").rfc3986().has_password());
    /// ```
    pub fn has_password(&self) -> bool {
        self.password
    }

    /// The host, if there is an authority.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_lint::HostReading;
    ///
    /// let r = uri_lint::Lint::new().readings("http://%31%32%37.0.0.1/");
    /// assert_eq!(r.rfc3986().host(), Some(&HostReading::Name("%31%32%37.0.0.1".into())));
    /// assert_eq!(r.whatwg().host(), Some(&HostReading::Ipv4([127, 0, 0, 1].into())));
    /// ```
    pub fn host(&self) -> Option<&HostReading> {
        self.host.as_ref()
    }

    /// The port, in decimal without leading zeros, unless it is absent,
    /// empty or the scheme's default.
    ///
    /// # Examples
    ///
    /// ```
    /// let lint = uri_lint::Lint::new();
    /// assert_eq!(lint.readings("http://a:0080/").rfc3986().port(), None);
    /// assert_eq!(lint.readings("http://a:8080/").whatwg().port(), Some("8080"));
    /// ```
    pub fn port(&self) -> Option<&str> {
        self.port.as_deref()
    }

    /// The path, normalized: dot segments removed, triplets of
    /// unreserved characters decoded and hex digits upper case (RFC 3986
    /// §6.2.2), `/` for an empty path after a special scheme's authority.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_lint::Lint::new().readings("http://a/b/%2e%2E/c");
    /// assert_eq!(r.rfc3986().path(), Some("/c"));
    /// assert_eq!(r.whatwg().path(), Some("/c"));
    /// ```
    pub fn path(&self) -> Option<&str> {
        self.path.as_deref()
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(r) = &self.refusal {
            f.write_str("refused, ")?;
            f.write_str(&r.message)?;
            if let Some(i) = r.index {
                write!(f, " at byte {i}")?;
            }
            return Ok(());
        }
        let mut parts = Vec::new();
        if let Some(s) = &self.scheme {
            parts.push(format!("scheme `{}`", show(s)));
        }
        if let Some(u) = &self.user {
            parts.push(format!("user `{}`", show(u)));
        }
        if self.password {
            parts.push("a password".to_owned());
        }
        if let Some(h) = &self.host {
            parts.push(format!("host `{}`", show(&h.to_string())));
        }
        if let Some(p) = &self.port {
            parts.push(format!("port `{p}`"));
        }
        if let Some(p) = &self.path {
            parts.push(format!("path `{}`", show(p)));
        }
        f.write_str(&parts.join(", "))
    }
}

/// The default port of a scheme, as WHATWG URL §4.1 lists the special
/// schemes' (RFC 9110 §4.2, RFC 6455 §3, RFC 1738 §3.2).
pub(crate) fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

/// Whether WHATWG calls `scheme` (lower case) special.
pub(crate) fn is_special(scheme: &str) -> bool {
    matches!(scheme, "http" | "https" | "ws" | "wss" | "ftp" | "file")
}

/// A host name in lower case, ASCII letters only, and the hex digits of
/// its triplets upper case, so that two spellings compare equal.
pub(crate) fn lower_host(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut hex = 0;
    for c in name.chars() {
        if hex > 0 {
            out.push(c.to_ascii_uppercase());
            hex -= 1;
        } else {
            if c == '%' {
                hex = 2;
            }
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

/// The port text in decimal without leading zeros, or `None` when empty
/// or `default`.
fn port_text(port: &str, default: Option<u16>) -> Option<String> {
    if port.is_empty() {
        return None;
    }
    let trimmed = port.trim_start_matches('0');
    let trimmed = if trimmed.is_empty() { "0" } else { trimmed };
    match (trimmed.parse::<u16>(), default) {
        (Ok(p), Some(d)) if p == d => None,
        _ => Some(trimmed.to_owned()),
    }
}

/// The reading of an RFC 3986 URI (already resolved, and mapped to ASCII
/// if it was an IRI). `normalized` is its syntax-normal form.
pub(crate) fn of_uri(uri: Uri<'_>, normalized: Uri<'_>) -> (Reading, Option<String>) {
    let scheme = normalized.scheme().to_owned();
    let mut reading = Reading {
        scheme: Some(scheme.clone()),
        ..Reading::default()
    };
    let mut password = None;
    if let Some(authority) = uri.authority() {
        if let Some(userinfo) = authority.userinfo() {
            let (user, secret) = match userinfo.split_once(':') {
                Some((u, s)) => (u, Some(s)),
                None => (userinfo, None),
            };
            if !user.is_empty() {
                reading.user = Some(user.to_owned());
            }
            if let Some(s) = secret.filter(|s| !s.is_empty()) {
                reading.password = true;
                password = Some(s.to_owned());
            }
        }
        let host = match authority.host() {
            Host::Ipv4(a) => HostReading::Ipv4(a),
            Host::Ipv6 { addr, .. } => HostReading::Ipv6(addr),
            Host::IpvFuture { .. } => HostReading::Future(authority.host_str().to_owned()),
            Host::RegName(name) => {
                let name = lower_host(name);
                // RFC 8089 §2: "localhost" is the local host, as no host is.
                if scheme == "file" && name == "localhost" {
                    HostReading::Name(String::new())
                } else {
                    HostReading::Name(name)
                }
            }
        };
        reading.host = Some(host);
        reading.port = authority
            .port()
            .and_then(|p| port_text(p, default_port(&scheme)));
    } else if scheme == "file" {
        // RFC 8089 §2: `file:/p` is `file:///p`.
        reading.host = Some(HostReading::Name(String::new()));
    }
    let path = if uri.authority().is_none() && !uri.path().starts_with('/') {
        // An opaque path (RFC 3986 §3.3 `path-rootless`): no dot segments
        // to remove, as WHATWG keeps an opaque path.
        pct_normalize(uri.path())
    } else {
        normalized.path().to_owned()
    };
    reading.path = Some(
        if path.is_empty() && is_special(&scheme) && reading.host.is_some() {
            "/".to_owned()
        } else {
            path
        },
    );
    (reading, password)
}

/// The reading of a WHATWG URL.
pub(crate) fn of_url(url: &url::Url) -> (Reading, Option<String>) {
    let scheme = url.scheme().to_owned();
    let host = match url.host() {
        Some(url::Host::Ipv4(a)) => Some(HostReading::Ipv4(a)),
        Some(url::Host::Ipv6(a)) => Some(HostReading::Ipv6(a)),
        // An opaque host (a scheme WHATWG does not call special) that is
        // dotted-decimal IPv4 text, as RFC 3986 reads it.
        Some(url::Host::Domain(d)) => Some(match d.parse::<Ipv4Addr>() {
            Ok(a) if a.to_string() == d => HostReading::Ipv4(a),
            _ => HostReading::Name(lower_host(d)),
        }),
        None if url.has_authority() => Some(HostReading::Name(String::new())),
        None => None,
    };
    let password = url.password().filter(|p| !p.is_empty()).map(str::to_owned);
    let path = pct_normalize(url.path());
    let reading = Reading {
        user: Some(url.username())
            .filter(|u| !u.is_empty())
            .map(str::to_owned),
        password: password.is_some(),
        port: url.port().map(|p| p.to_string()),
        path: Some(path),
        host,
        scheme: Some(scheme),
        refusal: None,
    };
    (reading, password)
}
