//! [`Finding`]: one thing the lint found, and [`Readings`]: both readings
//! of the input side by side.

use std::fmt;

use crate::kind::{Kind, Severity};
use crate::reading::Reading;

/// Both readings of one input: RFC 3986 (RFC 3987 for an IRI, mapped to
/// ASCII with IDNA), as urikit reads it, and WHATWG URL, as the `url`
/// crate (and browsers, Node's `fetch`, `reqwest`) reads it.
///
/// A relative reference is read against the [`Lint`](crate::Lint)'s
/// base, by both: RFC 3986 §5.2 and WHATWG's parser with a base.
///
/// # Examples
///
/// ```
/// use uri_lint::Lint;
///
/// let readings = Lint::new().readings("http://127.1/");
/// assert_eq!(readings.rfc3986().to_string(), "scheme `http`, host `127.1`, path `/`");
/// assert_eq!(readings.whatwg().to_string(), "scheme `http`, host `127.0.0.1`, path `/`");
/// assert!(!readings.agree());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readings {
    pub(crate) rfc3986: Reading,
    pub(crate) whatwg: Reading,
    /// Whether the user names are equal, percent-decoded.
    pub(crate) same_user: bool,
    /// Whether the passwords (never shown) are equal, percent-decoded.
    pub(crate) same_password: bool,
}

impl Readings {
    /// urikit's reading (RFC 3986, or RFC 3987 then IDNA for an IRI).
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_lint::Lint::new().readings("http://a/");
    /// assert_eq!(r.rfc3986().scheme(), Some("http"));
    /// ```
    pub fn rfc3986(&self) -> &Reading {
        &self.rfc3986
    }

    /// The WHATWG URL Standard's reading (the `url` crate).
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_lint::Lint::new().readings("http:\\\\a\\b");
    /// assert_eq!(r.whatwg().path(), Some("/b"));
    /// ```
    pub fn whatwg(&self) -> &Reading {
        &self.whatwg
    }

    /// Whether the two agree: both refuse, or both accept with the same
    /// scheme, userinfo, host, port and normalized path.
    ///
    /// # Examples
    ///
    /// ```
    /// let lint = uri_lint::Lint::new();
    /// assert!(lint.readings("HTTP://Example.com:80").agree());
    /// assert!(!lint.readings("http://a@b@c/").agree());
    /// ```
    pub fn agree(&self) -> bool {
        match (self.rfc3986.is_accepted(), self.whatwg.is_accepted()) {
            (false, false) => true,
            (true, true) => {
                self.rfc3986.scheme == self.whatwg.scheme
                    && self.same_user
                    && self.rfc3986.password == self.whatwg.password
                    && self.same_password
                    && self.rfc3986.host == self.whatwg.host
                    && self.rfc3986.port == self.whatwg.port
                    && self.rfc3986.path == self.whatwg.path
            }
            _ => false,
        }
    }
}

impl fmt::Display for Readings {
    /// `RFC 3986: …; WHATWG: …`, naming only the parts that differ when
    /// both accept.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (&self.rfc3986, &self.whatwg);
        if !(a.is_accepted() && b.is_accepted()) {
            return write!(f, "RFC 3986: {a}; WHATWG: {b}");
        }
        let mut x = Reading::default();
        let mut y = Reading::default();
        if a.scheme != b.scheme {
            x.scheme.clone_from(&a.scheme);
            y.scheme.clone_from(&b.scheme);
        }
        if !self.same_user || a.password != b.password || !self.same_password {
            x.user.clone_from(&a.user);
            y.user.clone_from(&b.user);
            x.password = a.password;
            y.password = b.password;
        }
        if a.host != b.host {
            x.host.clone_from(&a.host);
            y.host.clone_from(&b.host);
        }
        if a.port != b.port {
            x.port.clone_from(&a.port);
            y.port.clone_from(&b.port);
        }
        if a.path != b.path {
            x.path.clone_from(&a.path);
            y.path.clone_from(&b.path);
        }
        let none = |r: &Reading| {
            if r.to_string().is_empty() {
                "(none)".to_owned()
            } else {
                r.to_string()
            }
        };
        write!(f, "RFC 3986: {}; WHATWG: {}", none(&x), none(&y))
    }
}

/// One thing the lint found in an input: its [`Kind`] and name, severity,
/// the byte of the input that causes it, the section of the standard, a
/// message, and for a divergence both [`Readings`].
///
/// No text of a finding holds a password of the input: the readings say
/// only whether there is one, and any text that may be one is `***`.
///
/// # Examples
///
/// ```
/// use uri_lint::{Kind, Lint, Severity};
///
/// let findings = Lint::new().check("http://internal\\@public/");
/// let f = findings.iter().find(|f| f.kind() == Kind::Backslash).unwrap();
/// assert_eq!((f.index(), f.severity()), (15, Severity::Error));
/// let readings = f.readings().unwrap();
/// assert_eq!(readings.whatwg().host().unwrap().to_string(), "internal");
/// assert!(!readings.rfc3986().is_accepted());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub(crate) kind: Kind,
    pub(crate) name: &'static str,
    pub(crate) severity: Severity,
    pub(crate) index: usize,
    pub(crate) section: &'static str,
    pub(crate) message: String,
    pub(crate) readings: Option<Box<Readings>>,
}

impl Finding {
    /// What it is about.
    ///
    /// # Examples
    ///
    /// ```
    /// let f = &uri_lint::Lint::new().check("http://127.1/")[0];
    /// assert_eq!(f.kind(), uri_lint::Kind::NumericIpv4);
    /// ```
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Its stable name: the kind's, or for [`Kind::Scheme`] the scheme
    /// rule's (`MissingHost`, …). What `--allow` and SARIF's `ruleId`
    /// take.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_lint::{Kind, Lint};
    ///
    /// let findings = Lint::new().check("https:///");
    /// let f = findings.iter().find(|f| f.kind() == Kind::Scheme).unwrap();
    /// assert_eq!(f.name(), "MissingHost");
    /// ```
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// How bad it is.
    ///
    /// # Examples
    ///
    /// ```
    /// let f = &uri_lint::Lint::new().check("ftp://me:pw@h/")[0];
    /// assert_eq!(f.severity(), uri_lint::Severity::Warning);
    /// ```
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// The byte offset in the input of what causes it (at most the
    /// input's length).
    ///
    /// # Examples
    ///
    /// ```
    /// let f = &uri_lint::Lint::new().check("ftp://me:pw@h/")[0];
    /// assert_eq!(f.index(), 9);
    /// ```
    pub fn index(&self) -> usize {
        self.index
    }

    /// The sections of the standards behind it.
    ///
    /// # Examples
    ///
    /// ```
    /// let f = &uri_lint::Lint::new().check("ftp://me:pw@h/")[0];
    /// assert_eq!(f.section(), "RFC 3986 §3.2.1");
    /// ```
    pub fn section(&self) -> &'static str {
        self.section
    }

    /// What it found, in words; for a divergence, both readings.
    ///
    /// # Examples
    ///
    /// ```
    /// let f = &uri_lint::Lint::new().check("http://a@b@c/")[0];
    /// assert!(f.message().ends_with("RFC 3986: refused, character not allowed in host at byte 10; WHATWG: scheme `http`, user `a%40b`, host `c`, path `/`"));
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Both readings, for a divergence.
    ///
    /// # Examples
    ///
    /// ```
    /// let lint = uri_lint::Lint::new();
    /// assert!(lint.check("http://0x7f.1/")[0].readings().is_some());
    /// assert!(lint.check("ftp://me:pw@h/")[0].readings().is_none());
    /// ```
    pub fn readings(&self) -> Option<&Readings> {
        self.readings.as_deref()
    }

    /// Whether it is a divergence between the readings.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_lint::Lint::new().check("http:/h")[0].is_divergence());
    /// ```
    pub fn is_divergence(&self) -> bool {
        self.kind.is_divergence()
    }
}

impl fmt::Display for Finding {
    /// `error[Backslash] at byte 15: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}] at byte {}: {} ({})",
            self.severity, self.name, self.index, self.message, self.section
        )
    }
}
