//! The parser: one left-to-right pass over the input, driven by lookup tables.
//!
//! It is written once for every grammar built on RFC 3986. A [`Grammar`]
//! decides only which non-ASCII characters may stand literally in which
//! component: none for URIs ([`Rfc3986`]); for IRIs (RFC 3987), the
//! `ucschar` and `iprivate` ranges, in `uri-iri` (planned, not yet built). Everything else (delimiters,
//! percent-encoding, hosts, ports) is shared, so an IRI parser is this parser
//! with another grammar, not a copy of it.
//!
//! The parser never recurses, re-reads at most the scheme, the authority and
//! the first path segment once more, and so touches each byte a bounded
//! number of times: linear time, no allocation.

use crate::error::{ParseError, ParseErrorKind as Kind};
use crate::grammar::{self, CharClass, HEXDIG};
use crate::ip;
use crate::window::Scanner;

/// The components in which a [`Grammar`] may allow non-ASCII characters.
///
/// # Examples
///
/// ```
/// use uri_core::parser::{Component, Grammar, Rfc3986};
///
/// assert!(!Rfc3986::allows_non_ascii('é', Component::Path));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// The userinfo subcomponent of the authority.
    Userinfo,
    /// A registered name in the host.
    RegName,
    /// The path.
    Path,
    /// The query.
    Query,
    /// The fragment.
    Fragment,
}

/// Which non-ASCII characters a grammar allows literally, per component.
///
/// RFC 3986 allows none; RFC 3987 (IRIs) allows `ucschar` in every component
/// listed in [`Component`] and `iprivate` in the query. Scheme, port and IP
/// literals stay ASCII in both, and so does every delimiter. Implement this
/// trait to reuse the parser for such a grammar.
///
/// # Examples
///
/// ```
/// use uri_core::parser::{Component, Grammar, parse_reference};
/// use uri_core::ParseOptions;
///
/// /// Any non-ASCII character in the path, nowhere else.
/// struct LaxPath;
/// impl Grammar for LaxPath {
///     fn allows_non_ascii(_: char, component: Component) -> bool {
///         component == Component::Path
///     }
/// }
///
/// let parts = parse_reference::<LaxPath>("http://a/é", ParseOptions::new())?;
/// assert_eq!(parts.path(), "/é");
/// assert!(parse_reference::<LaxPath>("http://a/#é", ParseOptions::new()).is_err());
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub trait Grammar {
    /// `true` when the grammar allows no non-ASCII character anywhere: the
    /// parser may then skip work that only matters for non-ASCII text.
    const ASCII_ONLY: bool = false;

    /// Whether the non-ASCII character `c` may appear literally in `component`.
    fn allows_non_ascii(c: char, component: Component) -> bool;
}

/// The grammar of RFC 3986: ASCII only.
///
/// # Examples
///
/// ```
/// use uri_core::parser::{Component, Grammar, Rfc3986};
///
/// assert!(!Rfc3986::allows_non_ascii('ü', Component::Query));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Rfc3986;

impl Grammar for Rfc3986 {
    const ASCII_ONLY: bool = true;

    #[inline]
    fn allows_non_ascii(_: char, _: Component) -> bool {
        false
    }
}

/// Options for parsing. The default is strict RFC 3986 (with RFC 9844).
///
/// # Examples
///
/// ```
/// use uri_core::{ParseOptions, Uri};
///
/// let legacy = ParseOptions::new().allow_zone_id(true);
/// let uri = Uri::parse_with("http://[fe80::a%25en1]/", legacy)?;
/// assert_eq!(uri.host_str(), Some("[fe80::a%25en1]"));
/// assert!(Uri::parse("http://[fe80::a%25en1]/").is_err());
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ParseOptions {
    zone_id: bool,
}

impl ParseOptions {
    /// The default options: strict RFC 3986, no zone identifiers.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_core::ParseOptions::new(), Default::default());
    /// ```
    pub const fn new() -> Self {
        ParseOptions { zone_id: false }
    }

    /// Accepts IPv6 zone identifiers in the RFC 6874 form
    /// (`IPv6addrz = IPv6address "%25" ZoneID`).
    ///
    /// RFC 9844 (2025) removed zone identifiers from URIs, so they are
    /// rejected by default with [`ZoneIdNotAllowed`](crate::ParseErrorKind::ZoneIdNotAllowed);
    /// turn this on for legacy input. The bare `%` form of RFC 4007 is never
    /// accepted.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Host, ParseOptions, Uri};
    ///
    /// let uri = Uri::parse_with("http://[fe80::1%25eth0]", ParseOptions::new().allow_zone_id(true))?;
    /// let Some(Host::Ipv6 { zone, .. }) = uri.host() else { unreachable!() };
    /// assert_eq!(zone, Some("eth0"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub const fn allow_zone_id(self, yes: bool) -> Self {
        ParseOptions { zone_id: yes }
    }

    /// Whether zone identifiers are accepted; see [`ParseOptions::allow_zone_id`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::ParseOptions;
    ///
    /// assert!(!ParseOptions::new().zone_id_allowed());
    /// assert!(ParseOptions::new().allow_zone_id(true).zone_id_allowed());
    /// ```
    pub const fn zone_id_allowed(&self) -> bool {
        self.zone_id
    }
}

/// What kind of host the authority holds; see [`Host`](crate::Host) for the
/// parsed value.
///
/// # Examples
///
/// ```
/// use uri_core::{HostKind, Uri};
///
/// assert_eq!(Uri::parse("http://[::1]/")?.host_kind(), Some(HostKind::Ipv6));
/// assert_eq!(Uri::parse("http://1.2.3.04/")?.host_kind(), Some(HostKind::RegName));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HostKind {
    /// An `IPv4address` in dotted-decimal form.
    Ipv4,
    /// An `IPv6address` in brackets, perhaps with a zone identifier.
    Ipv6,
    /// An `IPvFuture` in brackets.
    IpvFuture,
    /// A `reg-name`, possibly empty.
    RegName,
}

impl HostKind {
    /// The kind's name in lower case, as the ABNF spells the rules:
    /// `ipv4`, `ipv6`, `ipvfuture`, `reg-name`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_core::HostKind::RegName.as_str(), "reg-name");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::IpvFuture => "ipvfuture",
            HostKind::RegName => "reg-name",
        }
    }
}

/// Which rule the input must match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rule {
    /// `URI-reference = URI / relative-ref`
    Reference,
    /// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`
    Uri,
    /// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`
    Relative,
}

/// Where the components of a parsed reference start and end: byte offsets,
/// nothing else. `Copy`, and free of lifetimes, so owned types store it too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Layout {
    /// Offset of the `:` after the scheme; 0 when there is no scheme.
    pub(crate) scheme_end: usize,
    /// Offset after `//`; 0 when there is no authority.
    pub(crate) auth_start: usize,
    /// Offset of the host; after the `@` when there is a userinfo.
    pub(crate) host_start: usize,
    /// Offset after the host; before the `:` when there is a port.
    pub(crate) host_end: usize,
    /// Offset of the path (the end of the authority).
    pub(crate) path_start: usize,
    /// Offset after the path (the `?`, the `#`, or the end).
    pub(crate) path_end: usize,
    /// Offset after the query (the `#` or the end); `path_end` when there is no query.
    pub(crate) query_end: usize,
    /// The kind of host, meaningful when there is an authority.
    pub(crate) host_kind: HostKind,
}

/// Parses `input` as a `URI-reference` under grammar `G`.
///
/// This is the entry point for crates that build typed references on another
/// grammar (as `uri-iri`, planned, is to do for RFC 3987); most users want
/// [`UriReference::parse`](crate::UriReference::parse).
///
/// # Errors
///
/// A [`ParseError`] with the kind and offset of the first offending byte.
///
/// # Examples
///
/// ```
/// use uri_core::parser::{parse_reference, Rfc3986};
/// use uri_core::ParseOptions;
///
/// let parts = parse_reference::<Rfc3986>("//example.com/a?b", ParseOptions::new())?;
/// assert_eq!(parts.scheme(), None);
/// assert_eq!(parts.query(), Some("b"));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn parse_reference<G: Grammar>(
    input: &str,
    options: ParseOptions,
) -> Result<crate::Components<'_>, ParseError> {
    parse::<G>(input, options, Rule::Reference).map(|layout| crate::Components::new(input, layout))
}

/// Parses `input` against `rule` under grammar `G`.
pub(crate) fn parse<G: Grammar>(
    input: &str,
    options: ParseOptions,
    rule: Rule,
) -> Result<Layout, ParseError> {
    Parser::<G> {
        s: input,
        b: input.as_bytes(),
        options,
        grammar: core::marker::PhantomData,
    }
    .run(rule)
}

struct Parser<'a, G> {
    s: &'a str,
    b: &'a [u8],
    options: ParseOptions,
    grammar: core::marker::PhantomData<G>,
}

impl<G: Grammar> Parser<'_, G> {
    fn run(&self, rule: Rule) -> Result<Layout, ParseError> {
        let b = self.b;
        let n = b.len();
        let scheme_end = self.scheme(rule)?;
        let mut i = if scheme_end > 0 { scheme_end + 1 } else { 0 };

        let mut layout = Layout {
            scheme_end,
            auth_start: 0,
            host_start: 0,
            host_end: 0,
            path_start: i,
            path_end: i,
            query_end: i,
            host_kind: HostKind::RegName,
        };

        // Where the path scan starts: the path's start, or a byte after it
        // up to which the path is known to be valid.
        let mut path_start = i;
        if b.len() >= i + 2 && b[i] == b'/' && b[i + 1] == b'/' {
            i += 2;
            layout.auth_start = i;
            (i, path_start) = self.authority_and_path(i, &mut layout)?;
            layout.path_start = i;
            if path_start == n {
                // The path, valid, reaches the end.
                layout.path_end = n;
                layout.query_end = n;
                return Ok(layout);
            }
        }

        // hier-part / relative-part path: up to `?`, `#` or the end. In a
        // relative-ref without authority, the first segment is
        // `segment-nz-nc` (§4.2): a `:` there is the first offending byte.
        if rule == Rule::Relative && layout.auth_start == 0 {
            path_start = self.scan(i, n, &FIRST_SEGMENT, &FIRST_SEGMENT_STOPS)?;
            if path_start < n && b[path_start] == b':' {
                return Err(ParseError::new(Kind::ColonInFirstSegment, path_start));
            }
        }
        let path_end = self.scan(path_start, n, &PATH, &PATH_STOPS)?;
        layout.path_end = path_end;
        i = path_end;

        if i < n && b[i] == b'?' {
            i = self.scan(i + 1, n, &QUERY, &QUERY_STOPS)?;
        }
        layout.query_end = i;

        if i < n {
            // b[i] == b'#': nothing else stops a query scan. With no stop
            // bytes, the fragment scan reaches the end or fails.
            self.scan(i + 1, n, &FRAGMENT, &NO_STOPS)?;
        }
        Ok(layout)
    }

    /// Reads the scheme, if the rule allows one and the input has one.
    /// Returns the offset of its `:`, or 0.
    ///
    /// A `:` before any `/`, `?` or `#` can only end a scheme (§4.2: a
    /// relative path may not have one in its first segment), so when the
    /// text before it is not a valid scheme, the error is about the scheme.
    fn scheme(&self, rule: Rule) -> Result<usize, ParseError> {
        let b = self.b;
        if rule == Rule::Relative {
            return Ok(0);
        }
        // The two schemes of most URLs, compared as words.
        if b.starts_with(b"https:") {
            return Ok(5);
        }
        if b.starts_with(b"http:") {
            return Ok(4);
        }
        let mut j = 0;
        while j < b.len() && grammar::SCHEME.contains(b[j]) {
            j += 1;
        }
        if j < b.len() && b[j] == b':' {
            if j == 0 {
                return Err(ParseError::new(Kind::EmptyScheme, 0));
            }
            if !grammar::ALPHA.contains(b[0]) {
                return Err(ParseError::new(Kind::InvalidScheme, 0));
            }
            return Ok(j);
        }
        // Not a scheme. Is there a `:` in the first segment all the same?
        if j < b.len() && !matches!(b[j], b'/' | b'?' | b'#') {
            let colon = b[j..]
                .iter()
                .position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'));
            if let Some(k) = colon {
                if b[j + k] == b':' {
                    let at = if j > 0 && !grammar::ALPHA.contains(b[0]) {
                        0
                    } else {
                        j
                    };
                    return Err(ParseError::new(Kind::InvalidScheme, at));
                }
            }
        }
        if rule == Rule::Uri {
            return Err(ParseError::new(Kind::MissingScheme, 0));
        }
        Ok(0)
    }

    /// Parses the authority from `start` (after `//`), and as much of the
    /// path as one scan reads with it; returns where the authority ends
    /// and where the path scan goes on (at or after that end).
    ///
    /// `hier-part = "//" authority path-abempty` (§3): most authorities
    /// are a host name (§3.2.2) of `unreserved` bytes, ended by the first
    /// `/` or by the end, and most paths (§3.3) are `unreserved` and `/`:
    /// one scan of that class, which also marks the first `/`, reads both
    /// (where the two meet, one window instead of two). Anything else (a
    /// port, a userinfo, an IP literal, a query right after the host, an
    /// error) goes to [`Parser::authority`], with the same results.
    #[inline(always)]
    fn authority_and_path(
        &self,
        start: usize,
        layout: &mut Layout,
    ) -> Result<(usize, usize), ParseError> {
        let n = self.b.len();
        let (stop, slash) = HOST_THEN_PATH.first_outside_marking(self.b, start, b'/');
        // `[start, slash)` is `unreserved`: a valid reg-name (§3.2.2), and
        // the whole authority when a `/` or the end follows it.
        if slash < stop || stop == n {
            layout.host_start = start;
            let end = self.finish_host(start, slash, slash, layout)?;
            // `[end, stop)` is `unreserved` and `/`: a valid path so far.
            return Ok((end, stop));
        }
        let end = self.authority(start, layout)?;
        Ok((end, end))
    }

    /// Parses `authority = [ userinfo "@" ] host [ ":" port ]` from `start`
    /// (after `//`); returns the offset where the authority ends.
    fn authority(&self, start: usize, layout: &mut Layout) -> Result<usize, ParseError> {
        let b = self.b;
        // The usual authority is a bare reg-name: one scan with the reg-name
        // class, stopping at `@`, `:`, `/`, `?`, `#` or the end, finds it.
        let Ok(first) = self.scan(start, b.len(), &REG_NAME, &HOST_OR_USERINFO_STOPS) else {
            // A `[` (an IP literal), or a byte that is wrong somewhere.
            return self.authority_slow(start, layout);
        };
        let (userinfo_end, host_end, end) = match b.get(first) {
            Some(b'@') => (Some(first), 0, 0),
            Some(b':') => {
                // A port, or the `:` of a userinfo: the userinfo class holds
                // both, and an `@` decides.
                let Ok(stop) = self.scan(first + 1, b.len(), &USERINFO, &AUTHORITY_STOPS) else {
                    return self.authority_slow(start, layout);
                };
                if b.get(stop) == Some(&b'@') {
                    (Some(stop), 0, 0)
                } else {
                    (None, first, stop)
                }
            }
            _ => (None, first, first),
        };
        if !G::ASCII_ONLY && !b[start..userinfo_end.unwrap_or(end)].is_ascii() {
            // The grammar was asked about one component for another's text.
            return self.authority_slow(start, layout);
        }
        if let Some(at) = userinfo_end {
            // `[start, at)` is the userinfo, checked by those scans.
            layout.host_start = at + 1;
            return self.host_port(at + 1, layout);
        }
        layout.host_start = start;
        self.finish_host(start, host_end, end, layout)
    }

    /// Parses the authority as RFC 3986 reads it, in two steps: it ends at
    /// the first `/`, `?`, `#`, and its userinfo at its first `@`. Taken
    /// for IP literals and errors, where it names the right component.
    #[cold]
    fn authority_slow(&self, start: usize, layout: &mut Layout) -> Result<usize, ParseError> {
        let b = self.b;
        let end = b[start..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(b.len(), |k| start + k);
        let mut host_start = start;
        if let Some(at) = b[start..end]
            .iter()
            .position(|&c| c == b'@')
            .map(|k| start + k)
        {
            self.scan(start, at, &USERINFO, &NO_STOPS)?;
            host_start = at + 1;
        }
        layout.host_start = host_start;
        self.host_port(host_start, layout)
    }

    /// Parses `host [ ":" port ]` from `host_start` to the end of the
    /// authority (the first `/`, `?`, `#`); returns that end.
    fn host_port(&self, host_start: usize, layout: &mut Layout) -> Result<usize, ParseError> {
        let b = self.b;
        let end = b[host_start..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(b.len(), |k| host_start + k);
        if b.get(host_start) == Some(&b'[') {
            let host_end = self.ip_literal(host_start, end, layout)?;
            layout.host_end = host_end;
            self.check_port(host_end, end)?;
            return Ok(end);
        }
        // A second `@`, a `[` or a `]` here is an error like any other.
        let host_end = self.scan(host_start, end, &REG_NAME, &HOST_STOPS)?;
        self.finish_host(host_start, host_end, end, layout)
    }

    /// Records a reg-name or IPv4 host `[host_start, host_end)` and checks
    /// the port that follows up to `end`; returns `end`.
    #[inline]
    fn finish_host(
        &self,
        host_start: usize,
        host_end: usize,
        end: usize,
        layout: &mut Layout,
    ) -> Result<usize, ParseError> {
        let host = &self.b[host_start..host_end];
        // Most names end in a letter: only digits-and-dots can be IPv4.
        let ipv4 = host.last().is_some_and(u8::is_ascii_digit) && ip::parse_ipv4(host).is_some();
        layout.host_kind = if ipv4 {
            HostKind::Ipv4
        } else {
            HostKind::RegName
        };
        layout.host_end = host_end;
        self.check_port(host_end, end)?;
        Ok(end)
    }

    /// Checks `port = *DIGIT` after the `:` at `host_end`, if any, up to `end`.
    #[inline]
    fn check_port(&self, host_end: usize, end: usize) -> Result<(), ParseError> {
        if host_end < end {
            // b[host_end] == b':'
            if let Some(k) = self.b[host_end + 1..end]
                .iter()
                .position(|c| !c.is_ascii_digit())
            {
                return Err(ParseError::new(Kind::InvalidPortChar, host_end + 1 + k));
            }
        }
        Ok(())
    }

    /// Parses `IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"`
    /// at `start` (the `[`), inside an authority ending at `end`; returns the
    /// offset after the `]`.
    fn ip_literal(
        &self,
        start: usize,
        end: usize,
        layout: &mut Layout,
    ) -> Result<usize, ParseError> {
        let b = self.b;
        let inner = start + 1;
        // Without a `]`, check what is there as if it closed at `end`: a bad
        // byte inside is reported as such, and only a good prefix as unclosed.
        let close = b[inner..end]
            .iter()
            .position(|&c| c == b']')
            .map_or(end, |k| inner + k);
        let unclosed = |e: ParseError| {
            if close == end && e.index() >= end {
                ParseError::new(Kind::UnclosedIpLiteral, end)
            } else {
                e
            }
        };
        self.ip_literal_inner(inner, close, layout)
            .map_err(unclosed)?;
        if close == end {
            return Err(ParseError::new(Kind::UnclosedIpLiteral, end));
        }
        let after = close + 1;
        if after < end && b[after] != b':' {
            return Err(ParseError::new(Kind::InvalidAfterIpLiteral, after));
        }
        Ok(after)
    }

    /// Checks the text between the brackets of an IP literal, `inner..close`.
    fn ip_literal_inner(
        &self,
        inner: usize,
        close: usize,
        layout: &mut Layout,
    ) -> Result<(), ParseError> {
        let b = self.b;
        if matches!(b.get(inner), Some(b'v' | b'V')) {
            ip::check_ipv_future(&b[inner..close])
                .map_err(|k| ParseError::new(Kind::InvalidIpvFuture, inner + k))?;
            layout.host_kind = HostKind::IpvFuture;
        } else {
            let zone = b[inner..close]
                .iter()
                .position(|&c| c == b'%')
                .map(|k| inner + k);
            let addr_end = zone.unwrap_or(close);
            ip::parse_ipv6(&b[inner..addr_end])
                .map_err(|k| ParseError::new(Kind::InvalidIpv6, inner + k))?;
            if let Some(pct) = zone {
                if !self.options.zone_id {
                    return Err(ParseError::new(Kind::ZoneIdNotAllowed, pct));
                }
                ip::check_zone_id(&b[pct..close])
                    .map_err(|(kind, k)| ParseError::new(kind, pct + k))?;
            }
            layout.host_kind = HostKind::Ipv6;
        }
        Ok(())
    }

    /// Scans from `i` while bytes are in the spec's class, valid
    /// `pct-encoded` triplets, or non-ASCII characters the grammar allows in
    /// its component. Stops at a byte in `stops` or at `end`, returning that
    /// offset; any other byte is an error of the spec's kind.
    ///
    /// Sixteen bytes at a time ([`Scanner::first_outside`] on the spec's
    /// common subset of the class): only the bytes it stops at are looked
    /// at one by one.
    #[inline(always)]
    fn scan(
        &self,
        mut i: usize,
        end: usize,
        spec: &Spec,
        stops: &CharClass,
    ) -> Result<usize, ParseError> {
        let b = &self.b[..end];
        let n = b.len();
        loop {
            i = spec.common.first_outside(b, i);
            if i >= n {
                return Ok(n);
            }
            let c = b[i];
            if spec.class.contains(c) {
                // In the class, not in the common subset.
                i += 1;
                continue;
            }
            // `b[i]` is outside the class.
            if c == b'%' {
                if i + 2 < n && HEXDIG.contains(b[i + 1]) && HEXDIG.contains(b[i + 2]) {
                    i += 3;
                } else {
                    return Err(ParseError::new(Kind::InvalidPercentEncoding, i));
                }
            } else if c >= 0x80 {
                i += self.non_ascii(i, spec.component, spec.error)?;
            } else if stops.contains(c) {
                return Ok(i);
            } else {
                return Err(ParseError::new(spec.error, i));
            }
        }
    }

    /// Checks the non-ASCII character at `i` (a char boundary, as `s` is a
    /// `str` and every byte before was ASCII or a whole character); returns its length.
    #[cold]
    fn non_ascii(&self, i: usize, component: Component, kind: Kind) -> Result<usize, ParseError> {
        let c = self.s[i..].chars().next().unwrap_or('\u{FFFD}');
        if G::allows_non_ascii(c, component) {
            Ok(c.len_utf8())
        } else {
            Err(ParseError::new(kind, i))
        }
    }
}

/// How to scan one component: the bytes it may hold literally (its
/// class), the most common of them prepared for scanning, the component a
/// [`Grammar`] is asked about for non-ASCII, and the error for any other byte.
#[derive(Clone, Copy)]
struct Spec {
    class: &'static CharClass,
    /// Scans for the first byte outside a subset of `class` that holds
    /// what most text of the component is made of: the fewer runs, the
    /// cheaper each sixteen bytes; a byte of `class` outside the subset
    /// only costs a step out of the loop.
    common: Scanner,
    component: Component,
    error: Kind,
}

const PATH: Spec = Spec {
    class: &grammar::PATH,
    common: Scanner::new(&PATH_COMMON),
    component: Component::Path,
    error: Kind::InvalidPathChar,
};
const QUERY: Spec = Spec {
    class: &grammar::QUERY,
    common: Scanner::new(&grammar::QUERY),
    component: Component::Query,
    error: Kind::InvalidQueryChar,
};
const FRAGMENT: Spec = Spec {
    class: &grammar::FRAGMENT,
    common: Scanner::new(&grammar::FRAGMENT),
    component: Component::Fragment,
    error: Kind::InvalidFragmentChar,
};
const USERINFO: Spec = Spec {
    class: &grammar::USERINFO,
    common: Scanner::new(&grammar::USERINFO),
    component: Component::Userinfo,
    error: Kind::InvalidUserinfoChar,
};
const REG_NAME: Spec = Spec {
    class: &grammar::REG_NAME,
    common: Scanner::new(&HOST_COMMON),
    component: Component::RegName,
    error: Kind::InvalidHostChar,
};

/// `segment-nz-nc`, the first segment of a relative path without authority (§4.2).
const FIRST_SEGMENT: Spec = Spec {
    class: &grammar::SEGMENT_NZ_NC,
    common: Scanner::new(&grammar::SEGMENT_NZ_NC),
    component: Component::Path,
    error: Kind::InvalidPathChar,
};

/// The bytes of most paths: `unreserved` and `/` (four runs, letters
/// apart, against eight of the whole class).
const PATH_COMMON: CharClass = grammar::UNRESERVED.with(b'/');

/// The scan of [`Parser::authority_and_path`]: `unreserved` and `/`, so
/// that what comes before the first `/` is a valid reg-name, and what
/// comes after it a valid path. The same bytes as [`PATH_COMMON`] today,
/// but not built from it: that class is chosen for speed and may change,
/// this one is what makes the fast path correct.
const HOST_THEN_PATH: Scanner = Scanner::new(&grammar::UNRESERVED.with(b'/'));

/// The bytes of most host names: letters, digits, `-` and `.`.
const HOST_COMMON: CharClass = grammar::ALPHA
    .union(grammar::DIGIT)
    .union(CharClass::new(b"-."));

const NO_STOPS: CharClass = CharClass::new(b"");
const PATH_STOPS: CharClass = CharClass::new(b"?#");
const QUERY_STOPS: CharClass = CharClass::new(b"#");
const HOST_STOPS: CharClass = CharClass::new(b":");
const FIRST_SEGMENT_STOPS: CharClass = CharClass::new(b":/?#");
const AUTHORITY_STOPS: CharClass = CharClass::new(b"@/?#");
const HOST_OR_USERINFO_STOPS: CharClass = CharClass::new(b"@:/?#");

/// Which part of a reference a piece of text is checked as, by
/// [`check_part`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PartRule {
    Scheme,
    Userinfo,
    Host,
    Port,
    Path,
    Query,
    Fragment,
}

/// Checks `text` as the whole of one component, with offsets relative to
/// `text`: the builder's way to name the first bad byte of the part the
/// caller gave, rather than of the assembled reference.
pub(crate) fn check_part<G: Grammar>(
    text: &str,
    rule: PartRule,
    options: ParseOptions,
) -> Result<(), ParseError> {
    let p = Parser::<G> {
        s: text,
        b: text.as_bytes(),
        options,
        grammar: core::marker::PhantomData,
    };
    let n = text.len();
    match rule {
        PartRule::Scheme => {
            if n == 0 {
                return Err(ParseError::new(Kind::EmptyScheme, 0));
            }
            match text.bytes().position(|c| !grammar::SCHEME.contains(c)) {
                _ if !grammar::ALPHA.contains(text.as_bytes()[0]) => {
                    Err(ParseError::new(Kind::InvalidScheme, 0))
                }
                Some(k) => Err(ParseError::new(Kind::InvalidScheme, k)),
                None => Ok(()),
            }
        }
        PartRule::Userinfo => p.scan(0, n, &USERINFO, &NO_STOPS).map(drop),
        PartRule::Host if text.starts_with('[') => {
            let mut layout = Layout {
                scheme_end: 0,
                auth_start: 0,
                host_start: 0,
                host_end: 0,
                path_start: 0,
                path_end: 0,
                query_end: 0,
                host_kind: HostKind::RegName,
            };
            match p.ip_literal(0, n, &mut layout)? {
                end if end < n => Err(ParseError::new(Kind::InvalidAfterIpLiteral, end)),
                _ => Ok(()),
            }
        }
        PartRule::Host => p.scan(0, n, &REG_NAME, &NO_STOPS).map(drop),
        PartRule::Port => match text.bytes().position(|c| !c.is_ascii_digit()) {
            Some(k) => Err(ParseError::new(Kind::InvalidPortChar, k)),
            None => Ok(()),
        },
        PartRule::Path => p.scan(0, n, &PATH, &NO_STOPS).map(drop),
        PartRule::Query => p.scan(0, n, &QUERY, &NO_STOPS).map(drop),
        PartRule::Fragment => p.scan(0, n, &FRAGMENT, &NO_STOPS).map(drop),
    }
}
