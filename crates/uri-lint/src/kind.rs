//! What a finding is about ([`Kind`]), which family it belongs to
//! ([`Group`]), and how bad it is ([`Severity`]).

use std::fmt;
use std::str::FromStr;

/// How bad a [`Finding`](crate::Finding) is, as SARIF 2.1.0 names its
/// levels (§3.27.10): a note, a warning, an error. Ordered, so that
/// `--deny warning` is `severity >= Severity::Warning`.
///
/// # Examples
///
/// ```
/// use uri_lint::Severity;
///
/// assert!(Severity::Error > Severity::Warning && Severity::Warning > Severity::Note);
/// assert_eq!("warning".parse::<Severity>(), Ok(Severity::Warning));
/// assert_eq!(Severity::Note.as_str(), "note");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Worth knowing; not wrong by itself.
    Note,
    /// Allowed, but unwise.
    Warning,
    /// The URL is read two ways, refused, or breaks its scheme's rules.
    Error,
}

impl Severity {
    /// `"note"`, `"warning"` or `"error"`: the SARIF `level` and the JSON
    /// `severity`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_lint::Severity::Error.as_str(), "error");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// Every severity, from the mildest.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_lint::Severity::ALL.len(), 3);
    /// ```
    pub const ALL: [Severity; 3] = [Severity::Note, Severity::Warning, Severity::Error];
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no [`Severity`] or no [`Kind`].
///
/// # Examples
///
/// ```
/// let err = "fatal".parse::<uri_lint::Severity>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown name `fatal`");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName(String);

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown name `{}`", self.0)
    }
}

impl std::error::Error for UnknownName {}

impl FromStr for Severity {
    type Err = UnknownName;

    /// The severity named `"note"`, `"warning"` or `"error"` (as the
    /// command's `--deny` takes it).
    ///
    /// # Errors
    ///
    /// [`UnknownName`] for any other text.
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        Severity::ALL
            .into_iter()
            .find(|v| v.as_str() == s)
            .ok_or_else(|| UnknownName(s.to_owned()))
    }
}

/// The family of a [`Kind`].
///
/// # Examples
///
/// ```
/// use uri_lint::{Group, Kind};
///
/// assert_eq!(Kind::Backslash.group(), Group::Divergence);
/// assert_eq!(Kind::Password.group(), Group::Lint);
/// assert_eq!(Group::Scheme.as_str(), "scheme");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Group {
    /// The RFC 3986/3987 reading and the WHATWG reading differ in where a
    /// request goes, or one accepts what the other refuses.
    Divergence,
    /// A trap of the URL itself: length, a password, the host, syntax.
    Lint,
    /// A rule of the URL's scheme, as `uri-schemes` checks it.
    Scheme,
}

impl Group {
    /// `"divergence"`, `"lint"` or `"scheme"`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_lint::Group::Divergence.as_str(), "divergence");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Group::Divergence => "divergence",
            Group::Lint => "lint",
            Group::Scheme => "scheme",
        }
    }
}

/// Declares [`Kind`] from one list: each kind once, with its group,
/// severity, section and summary.
macro_rules! kinds {
    (
        $(
            $(#[$doc:meta])*
            $kind:ident: $group:ident, $severity:ident, $section:literal, $summary:literal;
        )*
    ) => {
        /// What a [`Finding`](crate::Finding) is about: a stable name (the
        /// variant's, for `--allow`, JSON and SARIF `ruleId`), its
        /// [`Group`], its default [`Severity`], the sections of the
        /// standards behind it, and a summary.
        ///
        /// The divergence kinds are the classes of "Exploiting URL Parsing
        /// Confusion" (Claroty Team82 and Snyk, 2022) and "A New Era of
        /// SSRF" (Orange Tsai, Black Hat USA 2017): backslash, scheme, slash
        /// and encoded-data confusion, IPv4 in other notations, the `@`.
        /// [`Kind::Scheme`] stands for every rule `uri-schemes` checks; the
        /// finding's [`name`](crate::Finding::name) is then the rule's own
        /// (`MissingHost`, …).
        ///
        /// New kinds may be added in minor releases.
        ///
        /// # Examples
        ///
        /// ```
        /// use uri_lint::{Kind, Severity};
        ///
        /// assert_eq!(Kind::NumericIpv4.name(), "NumericIpv4");
        /// assert_eq!("NumericIpv4".parse::<Kind>(), Ok(Kind::NumericIpv4));
        /// assert_eq!(Kind::TooLong.severity(), Severity::Warning);
        /// assert!(Kind::NumericIpv4.section().ends_with("RFC 3986 §3.2.2, §7.4"));
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Kind {
            $(
                $(#[$doc])*
                $kind,
            )*
        }

        impl Kind {
            /// Every kind, in declaration order.
            ///
            /// # Examples
            ///
            /// ```
            /// assert!(uri_lint::Kind::ALL.contains(&uri_lint::Kind::Userinfo));
            /// ```
            pub const ALL: &'static [Kind] = &[$(Kind::$kind,)*];

            /// The kind's stable name: the variant's identifier.
            ///
            /// # Examples
            ///
            /// ```
            /// assert_eq!(uri_lint::Kind::SlashCount.name(), "SlashCount");
            /// ```
            pub const fn name(self) -> &'static str {
                match self {
                    $(Kind::$kind => stringify!($kind),)*
                }
            }

            /// Its family.
            ///
            /// # Examples
            ///
            /// ```
            /// assert_eq!(uri_lint::Kind::TooLong.group(), uri_lint::Group::Lint);
            /// ```
            pub const fn group(self) -> Group {
                match self {
                    $(Kind::$kind => Group::$group,)*
                }
            }

            /// Its default severity ([`Kind::Scheme`]: the rule's own
            /// severity decides; `Error` here).
            ///
            /// # Examples
            ///
            /// ```
            /// assert_eq!(uri_lint::Kind::BaseDependent.severity(), uri_lint::Severity::Note);
            /// ```
            pub const fn severity(self) -> Severity {
                match self {
                    $(Kind::$kind => Severity::$severity,)*
                }
            }

            /// The sections of the standards behind it.
            ///
            /// # Examples
            ///
            /// ```
            /// assert_eq!(uri_lint::Kind::Password.section(), "RFC 3986 §3.2.1");
            /// ```
            pub const fn section(self) -> &'static str {
                match self {
                    $(Kind::$kind => $section,)*
                }
            }

            /// What it means, in a sentence.
            ///
            /// # Examples
            ///
            /// ```
            /// assert!(uri_lint::Kind::Backslash.summary().contains('\\'));
            /// ```
            pub const fn summary(self) -> &'static str {
                match self {
                    $(Kind::$kind => $summary,)*
                }
            }
        }
    };
}

kinds! {
    /// A `\` that WHATWG reads as `/` in a special scheme (http, https,
    /// ws, wss, ftp, file), where RFC 3986 allows no `\` at all
    /// ("backslash confusion"). `index`: the first such `\`.
    Backslash: Divergence, Error,
        "WHATWG URL §4.4 (basic URL parser: `\\` is `/` in a special URL); RFC 3986 §2, §3.3",
        "WHATWG reads `\\` as `/` in a special URL; RFC 3986 allows no `\\`";
    /// An ASCII tab, line feed or carriage return, which WHATWG removes
    /// wherever it stands and RFC 3986 refuses. `index`: the first.
    TabOrNewline: Divergence, Error,
        "WHATWG URL §4.4 (remove all ASCII tab or newline); RFC 3986 §2, Appendix C",
        "WHATWG removes ASCII tabs and newlines; RFC 3986 refuses them";
    /// A C0 control or space at the start or the end, which WHATWG strips
    /// and RFC 3986 refuses. `index`: the first such byte.
    EdgeWhitespace: Divergence, Error,
        "WHATWG URL §4.4 (remove leading and trailing C0 control or space); RFC 3986 Appendix C",
        "WHATWG strips leading and trailing C0 controls and spaces; RFC 3986 refuses them";
    /// A host that WHATWG reads as an IPv4 address written in another
    /// notation (`127.1`, `0x7f.1`, `2130706433`, `0177.0.0.1`, a trailing
    /// dot), or refuses as one, where RFC 3986 reads a registered name.
    /// `index`: the host.
    NumericIpv4: Divergence, Error,
        "WHATWG URL §3.5 (IPv4 parser, ends in a number); RFC 3986 §3.2.2, §7.4",
        "WHATWG reads a host ending in a number as an IPv4 address in any notation; RFC 3986 reads dotted-decimal only";
    /// A percent-encoded host that WHATWG decodes before reading it
    /// (`%31%32%37.0.0.1` is 127.0.0.1), where RFC 3986 reads the
    /// registered name as written ("URL-encoded data confusion").
    /// `index`: the first `%` of the host.
    EncodedHost: Divergence, Error,
        "WHATWG URL §3.5 (host parser: percent-decode); RFC 3986 §3.2.2",
        "WHATWG percent-decodes the host; RFC 3986 reads the registered name as written";
    /// A host whose Unicode characters UTS #46 maps to others
    /// (fullwidth letters, `。` as a dot), which WHATWG fetches and RFC
    /// 3986 refuses. `index`: the first such character.
    MappedHost: Divergence, Error,
        "WHATWG URL §3.5 (domain to ASCII, UTS #46 mapping); RFC 3987 §3.1; RFC 3986 §3.2.2",
        "WHATWG maps the host's Unicode characters (UTS #46) to other characters";
    /// The `@` read two ways: several `@` (WHATWG splits at the last, RFC
    /// 3986 refuses a second), an `@` after a `\`, or delimiters in the
    /// userinfo that WHATWG takes and RFC 3986 refuses. `index`: the `@`
    /// WHATWG splits at.
    Userinfo: Divergence, Error,
        "WHATWG URL §4.4 (authority state: the last `@`); RFC 3986 §3.2.1",
        "WHATWG ends the userinfo at the last `@` of the authority; RFC 3986 at the first, and refuses a second";
    /// A special scheme not followed by exactly `//`: `http:/h`, `http:h`,
    /// `https:///h`, `http:\\h` ("slash confusion"). WHATWG finds the
    /// host anyway; RFC 3986 reads a path. `index`: after the `:`.
    SlashCount: Divergence, Error,
        "WHATWG URL §4.4 (special authority ignore slashes state); RFC 3986 §3, §3.3",
        "WHATWG reads a host after any number of `/` or `\\` in a special URL; RFC 3986 only after `//`";
    /// A scheme read differently: a tab or newline inside it, which
    /// WHATWG removes ("scheme confusion"). `index`: where RFC 3986
    /// stops reading the scheme.
    SchemeMixup: Divergence, Error,
        "WHATWG URL §4.4 (scheme state); RFC 3986 §3.1",
        "the scheme is read differently";
    /// RFC 3986 reads a relative reference, which needs a base; WHATWG
    /// reads an absolute URL, with no base. `index`: 0.
    NeedsBase: Divergence, Error,
        "RFC 3986 §4.2, §5.1; WHATWG URL §4.4 (scheme start state)",
        "RFC 3986 reads a relative reference that needs a base; WHATWG an absolute URL";
    /// RFC 3986 reads an absolute URI; WHATWG reads it relative to a base
    /// of the same special scheme (`http:g`, `http:/g`, the non-strict
    /// reading of RFC 3986 §5.4.2), so its target depends on the page it
    /// is found in. `index`: after the `:`.
    BaseDependent: Divergence, Note,
        "WHATWG URL §4.4 (special relative or authority state); RFC 3986 §5.2.2, §5.4.2",
        "WHATWG reads it relative to a base of the same scheme; RFC 3986 reads an absolute URI";
    /// RFC 3986 (and RFC 3987) refuse the string and WHATWG reads a URL,
    /// for none of the reasons above. `index`: RFC 3986's error.
    RefusedByRfc3986: Divergence, Error,
        "RFC 3986 §3; WHATWG URL §4.4",
        "RFC 3986 refuses what WHATWG reads";
    /// RFC 3986 reads a URI and WHATWG refuses it (a port past 65535, an
    /// IPvFuture host, a name IDNA refuses), for none of the reasons
    /// above. `index`: the component WHATWG refuses, when known.
    RefusedByWhatwg: Divergence, Error,
        "WHATWG URL §4.4; RFC 3986 §3",
        "WHATWG refuses what RFC 3986 reads";
    /// Both read a URL, and they differ in scheme, userinfo, host, port
    /// or normalized path, for none of the reasons above. `index`: the
    /// first component that differs.
    ReadingsDiffer: Divergence, Error,
        "RFC 3986 §6.2.2; WHATWG URL §4.4",
        "the two readings differ in where the request goes";
    /// Longer than 2,048 characters. Internet Explorer refused URLs over
    /// 2,083 characters and paths over 2,048 (Microsoft Knowledge Base
    /// article 208427), and some servers and proxies still do; RFC 9110
    /// §4.1 asks every sender and recipient to support at least 8,000
    /// octets. `index`: the 2,049th character.
    TooLong: Lint, Warning,
        "RFC 9110 §4.1",
        "longer than 2,048 characters (Internet Explorer's limit was 2,083 for the URL, 2,048 for the path; RFC 9110 §4.1 asks for at least 8,000 octets)";
    /// A password in the userinfo, in either reading: "user:password" is
    /// deprecated. `index`: the password's first byte.
    Password: Lint, Warning,
        "RFC 3986 §3.2.1",
        "a password in the userinfo (\"user:password\" is deprecated)";
    /// A registered name that is not a DNS name, in a scheme whose hosts
    /// are looked up in DNS. `index`: where it stops being one.
    HostNotDns: Lint, Warning,
        "RFC 1034 §3.5; RFC 1123 §2.1",
        "the host is not a DNS name (letters, digits and `-`; 63 bytes a label, 253 in all)";
    /// A host whose Unicode form could pass for another (`аррӏе.com`, in
    /// Cyrillic): `uri-iri`'s display rules keep it in `xn--` form.
    /// `index`: the host.
    LookalikeHost: Lint, Warning,
        "RFC 3987 §8; UTS #39 §5",
        "a look-alike host: its Unicode form could pass for another name";
    /// An IPv6 zone identifier (`[fe80::1%25eth0]`), which RFC 9844
    /// removed from URIs and WHATWG refuses. `index`: the `%`.
    ZoneId: Lint, Error,
        "RFC 9844; RFC 6874 §2",
        "an IPv6 zone identifier (RFC 9844 removed them from URIs)";
    /// A relative reference where an absolute URI was expected (no base
    /// was given). `index`: 0.
    RelativeReference: Lint, Error,
        "RFC 3986 §4.3",
        "a relative reference where an absolute URI was expected";
    /// Neither RFC 3986 nor WHATWG reads a URL: RFC 3986's error.
    Invalid: Lint, Error,
        "RFC 3986 §3",
        "not a URI reference";
    /// A rule of the URL's scheme (`uri-schemes`: RFC 9110 §4.2, RFC
    /// 6068, RFC 8141, …); the finding's name is the rule's.
    Scheme: Scheme, Error,
        "the scheme's specification",
        "a rule of the URL's scheme";
}

impl Kind {
    /// Whether it is a [`Group::Divergence`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_lint::Kind::EncodedHost.is_divergence());
    /// assert!(!uri_lint::Kind::TooLong.is_divergence());
    /// ```
    pub const fn is_divergence(self) -> bool {
        matches!(self.group(), Group::Divergence)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = UnknownName;

    /// The kind with this [`name`](Kind::name).
    ///
    /// # Errors
    ///
    /// [`UnknownName`] when no kind has it.
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        Kind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == s)
            .ok_or_else(|| UnknownName(s.to_owned()))
    }
}
