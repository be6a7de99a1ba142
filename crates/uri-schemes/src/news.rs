//! news and nntp (RFC 5538): Netnews articles and newsgroups.
//!
//! Our reading of RFC 5538 §2's grammar, in ABNF:
//!
//! ```text
//! newsURI        = "news:" [ "//" authority "/" ] ( article / newsgroups )
//! nntpURI        = "nntp:" "//" authority "/" group [ "/" article-number ]
//! article        = id-left "@" id-right       ; a message-id without "<" and ">"
//! newsgroups     = wildmat                    ; RFC 3977 §4.1, e.g. "example.group.*"
//! article-number = 1*16DIGIT
//! ```
//!
//! A `@` tells an article from newsgroups (RFC 5538, as RFC 1738 §3.6
//! before it). Inside a message-id, a wildmat or a group name, a `/`, `?`,
//! `#` or `%` is percent-encoded (`news://wild.server.example/example.group.th%3Fse`,
//! `nntp://wild.server.example/example.group.n%2Fa/12345`), and so are
//! characters outside the URI's. `news://news.server.example/`, with no
//! newsgroups, is one of RFC 5538's examples: it names the server's
//! newsgroups. Both schemes use port 119 by default (NNTP, RFC 3977).
//!
//! What is checked, and the kinds of the violations (all errors):
//!
//! - `MissingAuthority`: an nntp URI without `//` and a server;
//!   `MissingHost`: an nntp URI with an empty host;
//! - `MissingSlash`: a server not followed by `/`;
//! - `UnexpectedSlash`: a news URI without a server whose path starts
//!   with `/`;
//! - `QueryNotAllowed`: a query (neither grammar has one: a `?` in a
//!   wildmat is written `%3F`);
//! - `MissingNewsgroups`: `news:` with nothing after it;
//!   `MissingGroup`: an nntp URI without a group;
//! - `BadMessageId`: an article that is not `id-left@id-right` of
//!   printable ASCII without `<` and `>` (RFC 5536 §3.1.3), or that holds
//!   an unencoded `/`;
//! - `BadNewsgroup`: a wildmat (news) or group name (nntp) with an empty
//!   pattern, a control character or space, one of `[ \ ]`, a `!` other
//!   than at the start of a pattern after a `,` (RFC 3977 §4.1), an
//!   unencoded `/`, or in nntp a wildmat character (`* ? , !`) or `@`;
//!   or not UTF-8 once decoded; or `.` or `..`, which are no newsgroup
//!   names (RFC 5536 §3.1.4), and which RFC 3986 reference resolution
//!   removes as dot segments (§5.2.4);
//! - `BadArticleNumber`: an article number that is not 1 to 16 digits.
//!
//! Normal form: port 119 dropped (RFC 3986 §6.2.3). Newsgroup names and
//! message-ids keep their case: both compare case-sensitively. The path is
//! opaque ([`Scheme::opaque_path`]): normalization removes no dot
//! segments.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use uri_core::{Component, Uri};

use crate::ldap::{pct_bytes, utf8};
use crate::scheme::scheme_facts;
use crate::scheme::start_of;
use crate::{Fields, Kind, Scheme, Violation};

/// The section that defines both schemes' syntax.
const SECTION: &str = "RFC 5538 §2";

/// The parts of a news or nntp URI (RFC 5538), percent-decoded. `Eq`
/// compares them as decoded, the server's host as written.
///
/// # Examples
///
/// ```
/// use uri_schemes::Registry;
///
/// let news = uri_schemes::News::parse(uri_core::Uri::parse("news:comp.infosystems.www.servers.unix")?)?;
/// assert_eq!(news.server(), None);
/// assert_eq!(news.newsgroups(), Some("comp.infosystems.www.servers.unix"));
///
/// let nntp = uri_schemes::News::parse(uri_core::Uri::parse("nntp://news.gmane.org/gmane.ietf.tools/742")?)?;
/// assert_eq!(nntp.server(), Some("news.gmane.org"));
/// assert_eq!(nntp.port(), Some(119));
/// assert_eq!(nntp.article_number(), Some(742));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct News {
    nntp: bool,
    server: Option<String>,
    port: Option<u16>,
    newsgroups: Option<String>,
    message_id: Option<String>,
    article_number: Option<u64>,
}

impl News {
    /// The typed entry: checks `uri` by the scheme's rules (the module
    /// docs) and the generic ones, and gives its parts when no violation is
    /// an error (warnings are dropped: [`Registry::check`](crate::Registry::check)
    /// keeps them); else the [`Report`](crate::Report) of what was found
    /// (RFC 5538 §2).
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
    /// use uri_schemes::News;
    ///
    /// let news = News::parse(Uri::parse("news:comp.infosystems.www.servers.unix")?)?;
    /// assert_eq!(news.newsgroups(), Some("comp.infosystems.www.servers.unix"));
    /// assert!(News::parse(Uri::parse("http://example.com/")?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(uri: Uri<'_>) -> Result<News, crate::Report<'_>> {
        let nntp = uri.scheme().eq_ignore_ascii_case("nntp");
        crate::scheme::typed_entry(uri, &NewsScheme { nntp }, &["news", "nntp"], |fields| {
            match fields {
                Fields::News(n) => Some(*n),
                _ => None,
            }
        })
    }
}

impl News {
    /// Whether the URI is an nntp one (else news).
    ///
    /// # Examples
    ///
    /// ```
    /// let nntp = uri_schemes::News::parse(uri_core::Uri::parse("NNTP://news.server.example/example.group.this")?)?;
    /// assert!(nntp.is_nntp());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_nntp(&self) -> bool {
        self.nntp
    }

    /// The server's host as written, or `None` when the URI names none (a
    /// news URI without `//`, or with an empty host): then the reader's
    /// own server is meant.
    ///
    /// # Examples
    ///
    /// ```
    /// let news = uri_schemes::News::parse(uri_core::Uri::parse("news://news.server.example/*")?)?;
    /// assert_eq!(news.server(), Some("news.server.example"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn server(&self) -> Option<&str> {
        self.server.as_deref()
    }

    /// The server's port, 119 when the URI names a server but no port;
    /// `None` without a server.
    ///
    /// # Examples
    ///
    /// ```
    /// let news = uri_schemes::News::parse(uri_core::Uri::parse("news://news.server.example:1119/*")?)?;
    /// assert_eq!(news.port(), Some(1119));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn port(&self) -> Option<u16> {
        self.port
    }

    /// The newsgroups, decoded: a wildmat in a news URI (`example.group.*`;
    /// empty for a server's newsgroups), the group of an nntp URI; `None`
    /// for an article.
    ///
    /// # Examples
    ///
    /// ```
    /// let news = uri_schemes::News::parse(uri_core::Uri::parse("news://wild.server.example/example.group.th%3Fse")?)?;
    /// assert_eq!(news.newsgroups(), Some("example.group.th?se"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn newsgroups(&self) -> Option<&str> {
        self.newsgroups.as_deref()
    }

    /// The message-id of the article, decoded, without `<` and `>`;
    /// `None` for newsgroups.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::News;
    ///
    /// let uri = uri_core::Uri::parse("news:p0624081dc30b8699bf9b@%5B10.20.30.108%5D")?;
    /// let news = News::parse(uri)?;
    /// assert_eq!(news.message_id(), Some("p0624081dc30b8699bf9b@[10.20.30.108]"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn message_id(&self) -> Option<&str> {
        self.message_id.as_deref()
    }

    /// The article number of an nntp URI, if it has one.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::News;
    ///
    /// let uri = uri_core::Uri::parse("nntp://news.server.example/example.group.this/12345")?;
    /// let nntp = News::parse(uri)?;
    /// assert_eq!(nntp.newsgroups(), Some("example.group.this"));
    /// assert_eq!(nntp.article_number(), Some(12345));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn article_number(&self) -> Option<u64> {
        self.article_number
    }
}

/// `news` (`nntp: false`) or `nntp`.
pub(crate) struct NewsScheme {
    nntp: bool,
}

impl Scheme for NewsScheme {
    // default_port: 119, for both (RFC 5538).
    // opaque_path: A message-id, a wildmat or a group name is one
    //   string, not a hierarchy (`/` in one is written `%2F`); `.` and
    //   `..` are errors (`BadNewsgroup`), which normalization leaves in
    //   place.
    scheme_facts! { default_port = Some(119); uses_dns = true; opaque_path = true; }

    fn name(&self) -> &'static str {
        if self.nntp { "nntp" } else { "news" }
    }

    /// nntp is a locator: a server, a group on it, an article number that
    /// only that server gives. news is a name: a message-id or a
    /// newsgroup, the same whichever server supplies it ("location-independent",
    /// RFC 1738 §3.6), even when the URI suggests one.
    fn kind(&self) -> Kind {
        if self.nntp { Kind::Locator } else { Kind::Name }
    }

    /// The checks listed in the [module docs](self); the fields only when
    /// none of them is an error (and the port fits in 16 bits).
    fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
        let mut found = Vec::new();
        let at = |component| start_of(uri, component);
        crate::scheme::no_query(
            uri,
            SECTION,
            "a news or nntp URI has no query (a `?` in a wildmat is written `%3F`)",
            &mut found,
        );
        let path = uri.path();
        let mut server = None;
        let mut port = None;
        let rest = match uri.authority() {
            Some(authority) => {
                let host = authority.host_str();
                if host.is_empty() {
                    if self.nntp {
                        found.push(Violation::error(
                            "MissingHost",
                            at(Component::Host),
                            SECTION,
                            "an nntp URI names its server",
                        ));
                    }
                } else {
                    server = Some(host.to_string());
                    port = match authority.port_u16() {
                        Ok(port) => Some(port.unwrap_or(119)),
                        Err(uri_core::PortError::Empty) => Some(119),
                        // Past 65535 (a warning of the generic checks): no fields.
                        Err(_) => return (Fields::None, found),
                    };
                }
                match path.strip_prefix('/') {
                    Some(rest) => rest,
                    None => {
                        found.push(Violation::error(
                            "MissingSlash",
                            at(Component::Path),
                            SECTION,
                            "the server is followed by `/`",
                        ));
                        return (Fields::None, found);
                    }
                }
            }
            None if self.nntp => {
                found.push(Violation::error(
                    "MissingAuthority",
                    uri.scheme().len() + 1,
                    SECTION,
                    "an nntp URI has `//` and a server after the scheme",
                ));
                return (Fields::None, found);
            }
            None if path.starts_with('/') => {
                found.push(Violation::error(
                    "UnexpectedSlash",
                    at(Component::Path),
                    SECTION,
                    "without a server, a news URI starts with the newsgroups or the message-id",
                ));
                return (Fields::None, found);
            }
            None => path,
        };
        let rest_at = at(Component::Path) + (path.len() - rest.len());
        let mut fields = News {
            nntp: self.nntp,
            server,
            port,
            newsgroups: None,
            message_id: None,
            article_number: None,
        };
        if self.nntp {
            let (group, number) = match rest.split_once('/') {
                Some((group, number)) => (group, Some(number)),
                None => (rest, None),
            };
            if group.is_empty() {
                found.push(Violation::error(
                    "MissingGroup",
                    rest_at,
                    SECTION,
                    "an nntp URI names a newsgroup after the server",
                ));
            } else {
                fields.newsgroups = check_group(group, rest_at, &mut found);
            }
            if let Some(number) = number {
                let number_at = rest_at + group.len() + 1;
                fields.article_number = article_number(number, number_at, &mut found);
            }
        } else if rest.contains('@') {
            fields.message_id = check_message_id(rest, rest_at, &mut found);
        } else if rest.is_empty() && uri.authority().is_none() {
            found.push(Violation::error(
                "MissingNewsgroups",
                rest_at,
                SECTION,
                "a news URI names newsgroups or an article",
            ));
        } else {
            fields.newsgroups = check_wildmat(rest, rest_at, &mut found);
        }
        if found.iter().any(Violation::is_error) {
            return (Fields::None, found);
        }
        (Fields::News(Box::new(fields)), found)
    }
}

/// The article number at byte `start`, or `None` after a violation.
fn article_number(raw: &str, start: usize, found: &mut Vec<Violation>) -> Option<u64> {
    let bad = raw
        .bytes()
        .position(|b| !b.is_ascii_digit())
        .or((raw.is_empty() || raw.len() > 16).then_some(raw.len().min(16)));
    if let Some(k) = bad {
        found.push(Violation::error(
            "BadArticleNumber",
            start + k,
            SECTION,
            "an article number is 1 to 16 digits, and the last part of an nntp URI",
        ));
        return None;
    }
    raw.parse().ok()
}

/// The message-id at byte `start`, decoded, or `None` after a violation.
fn check_message_id(raw: &str, start: usize, found: &mut Vec<Violation>) -> Option<String> {
    let bytes: Vec<(usize, u8)> = pct_bytes(raw, start).collect();
    let at_sign = bytes.iter().position(|&(_, b)| b == b'@');
    let problem = if let Some(k) = raw.find('/') {
        Some(start + k)
    } else if let Some(&(at, _)) = bytes
        .iter()
        .find(|&&(_, b)| !(0x21..0x7f).contains(&b) || b == b'<' || b == b'>')
    {
        Some(at)
    } else {
        match at_sign {
            Some(0) => Some(start),
            Some(k) if k + 1 == bytes.len() => Some(start + raw.len()),
            _ => None,
        }
    };
    if let Some(at) = problem {
        found.push(Violation::error(
            "BadMessageId",
            at,
            "RFC 5536 §3.1.3",
            "a message-id is `id-left@id-right` in printable ASCII, without `<` and `>`; a `/` in it is written `%2F`",
        ));
        return None;
    }
    utf8(raw, start, "BadMessageId", SECTION, found)
}

/// Whether `b` may stand in a wildmat pattern or a group name (RFC 3977
/// §4.1: `wildmat-exact`, UTF-8 beyond ASCII).
fn exact(b: u8) -> bool {
    b > 0x20 && b != 0x7f && !matches!(b, b'!' | b'*' | b',' | b'?' | b'[' | b'\\' | b']')
}

/// The wildmat (newsgroups of a news URI) at byte `start`, decoded, or
/// `None` after a violation.
fn check_wildmat(raw: &str, start: usize, found: &mut Vec<Violation>) -> Option<String> {
    let bytes: Vec<(usize, u8)> = pct_bytes(raw, start).collect();
    let mut problem = raw.find('/').map(|k| start + k);
    if is_dot_segment(&bytes) {
        problem = Some(start);
    }
    if problem.is_none() && !bytes.is_empty() {
        // wildmat = wildmat-pattern *( "," [ "!" ] wildmat-pattern )
        let mut k = 0;
        for (n, pattern) in bytes.split(|&(_, b)| b == b',').enumerate() {
            let skip = usize::from(n > 0 && pattern.first().is_some_and(|&(_, b)| b == b'!'));
            let pattern = &pattern[skip..];
            k += skip;
            let end = bytes.get(k).map_or(start + raw.len(), |&(at, _)| at);
            if pattern.is_empty() {
                problem = Some(end);
                break;
            }
            if let Some(&(at, _)) = pattern
                .iter()
                .find(|&&(_, b)| !(exact(b) || b == b'*' || b == b'?'))
            {
                problem = Some(at);
                break;
            }
            k += pattern.len() + 1;
        }
    }
    if let Some(at) = problem {
        found.push(bad_newsgroup(at));
        return None;
    }
    utf8(raw, start, "BadNewsgroup", SECTION, found)
}

/// The group name of an nntp URI at byte `start`, decoded, or `None`
/// after a violation.
fn check_group(raw: &str, start: usize, found: &mut Vec<Violation>) -> Option<String> {
    let bytes: Vec<(usize, u8)> = pct_bytes(raw, start).collect();
    let problem = if is_dot_segment(&bytes) {
        Some(start)
    } else {
        bytes
            .iter()
            .find(|&&(_, b)| !exact(b) || b == b'@')
            .map(|&(at, _)| at)
    };
    if let Some(at) = problem {
        found.push(bad_newsgroup(at));
        return None;
    }
    utf8(raw, start, "BadNewsgroup", SECTION, found)
}

/// Whether decoded text is `.` or `..`.
fn is_dot_segment(bytes: &[(usize, u8)]) -> bool {
    matches!(bytes, [(_, b'.')] | [(_, b'.'), (_, b'.')])
}

/// A `BadNewsgroup` error at `at`.
fn bad_newsgroup(at: usize) -> Violation {
    Violation::error(
        "BadNewsgroup",
        at,
        "RFC 3977 §4.1",
        "not a newsgroup name or wildmat (printable characters; `*` and `?` only in a news URI's wildmat; `/` written `%2F`)",
    )
}

/// This module's entry in [`Registry::standard`](crate::Registry::standard).
pub(crate) const SCHEMES: &[crate::registry::Builtin] = &[
    crate::registry::Builtin::Other(&NewsScheme { nntp: false }),
    crate::registry::Builtin::Other(&NewsScheme { nntp: true }),
];
