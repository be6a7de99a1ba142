//! The parser: one left-to-right pass over the input, driven by lookup tables.
//!
//! It is written once for both specs. A [`Spec`] decides only which
//! non-ASCII characters may stand literally in which component: none for
//! URIs ([`UriSpec`](crate::UriSpec)), the `ucschar` and `iprivate` ranges
//! for IRIs ([`IriSpec`](crate::IriSpec), RFC 3987). Everything else
//! (delimiters, percent-encoding, hosts, ports) is shared, so an IRI parser
//! is this parser with another spec, not a copy of it.
//!
//! The parser never recurses, re-reads at most the scheme, the authority and
//! the first path segment once more, and so touches each byte a bounded
//! number of times: linear time, no allocation.

use crate::component::Component;
use crate::error::{ParseError, ParseErrorKind as Kind};
use crate::grammar::Scanner;
use crate::grammar::{self, CharClass, HEXDIG};
use crate::ip;
use crate::spec::{Spec, is_bidi_formatting};

use crate::components::HostKind;

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParseOptions {
    zone_id: bool,
    bidi_formatting: bool,
    /// The longest input accepted, in bytes; `usize::MAX` for no limit.
    max_len: usize,
}

/// [`ParseOptions::new`]: no limit on the length (a derived `Default`
/// would have set `max_len` to 0 and refused every input but the empty one).
impl Default for ParseOptions {
    fn default() -> Self {
        Self::new()
    }
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
        ParseOptions {
            zone_id: false,
            bidi_formatting: false,
            max_len: usize::MAX,
        }
    }

    /// The options of text this crate wrote itself from parsed parts:
    /// whatever the parts were parsed with is accepted again.
    pub(crate) const PERMISSIVE: ParseOptions = ParseOptions {
        zone_id: true,
        bidi_formatting: true,
        max_len: usize::MAX,
    };

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
        ParseOptions {
            zone_id: yes,
            ..self
        }
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

    /// Accepts the bidirectional formatting characters (`Bidi_Control`,
    /// [`spec::is_bidi_formatting`](crate::spec::is_bidi_formatting):
    /// U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069) where the IRI grammar's
    /// `ucschar` allows them, following the bare ABNF of RFC 3987 §2.2.
    ///
    /// RFC 3987 §4.1: "IRIs MUST NOT contain bidirectional formatting
    /// characters", so by default an IRI holding one is refused with
    /// [`BidiFormattingChar`](crate::ParseErrorKind::BidiFormattingChar)
    /// at its first byte. URIs are ASCII and never hold one (encoded, as
    /// `%E2%80%AE`, it is only text).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Iri, ParseErrorKind, ParseOptions};
    ///
    /// let text = "http://a/\u{202E}txt.exe";
    /// assert_eq!(Iri::parse(text).unwrap_err().kind(), ParseErrorKind::BidiFormattingChar);
    /// assert!(Iri::parse_with(text, ParseOptions::new().allow_bidi_formatting(true)).is_ok());
    /// ```
    pub const fn allow_bidi_formatting(self, yes: bool) -> Self {
        ParseOptions {
            bidi_formatting: yes,
            ..self
        }
    }

    /// Whether bidirectional formatting characters are accepted; see
    /// [`ParseOptions::allow_bidi_formatting`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::ParseOptions;
    ///
    /// assert!(!ParseOptions::new().bidi_formatting_allowed());
    /// assert!(ParseOptions::new().allow_bidi_formatting(true).bidi_formatting_allowed());
    /// ```
    pub const fn bidi_formatting_allowed(&self) -> bool {
        self.bidi_formatting
    }

    /// Refuses an input longer than `max` bytes with
    /// [`TooLong`](crate::ParseErrorKind::TooLong) at byte `max`, before
    /// reading it; `None` (the default) sets no limit.
    ///
    /// RFC 3986 sets no limit on the length of a URI, and parsing takes
    /// time linear in it, but a service that takes URIs from strangers
    /// may want to refuse a megabyte one at once (HTTP servers commonly
    /// stop at 8 KiB; RFC 9110 §4.1 recommends support for at least 8000
    /// octets).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{ParseErrorKind, ParseOptions, Uri};
    ///
    /// let options = ParseOptions::new().max_length(Some(16));
    /// assert!(Uri::parse_with("http://a/b", options).is_ok());
    /// let err = Uri::parse_with("http://example.com/a/long/path", options).unwrap_err();
    /// assert_eq!((err.kind(), err.index()), (ParseErrorKind::TooLong, 16));
    /// ```
    pub const fn max_length(self, max: Option<usize>) -> Self {
        ParseOptions {
            max_len: match max {
                Some(max) => max,
                None => usize::MAX,
            },
            ..self
        }
    }

    /// The longest input accepted, in bytes; see [`ParseOptions::max_length`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::ParseOptions;
    ///
    /// assert_eq!(ParseOptions::new().length_limit(), None);
    /// assert_eq!(ParseOptions::new().max_length(Some(8000)).length_limit(), Some(8000));
    /// ```
    pub const fn length_limit(&self) -> Option<usize> {
        if self.max_len == usize::MAX {
            None
        } else {
            Some(self.max_len)
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

/// The seven offset fields of a [`Layout`] in the order of the text, as
/// one array: read by [`Layout::offsets`], assigned by
/// [`Layout::set_offsets`] (a destructuring assignment), so the order is
/// written once.
macro_rules! offset_fields {
    ($layout:ident) => {
        [
            $layout.scheme_end,
            $layout.auth_start,
            $layout.host_start,
            $layout.host_end,
            $layout.path_start,
            $layout.path_end,
            $layout.query_end,
        ]
    };
}

impl Layout {
    /// The layout of the empty reference.
    pub(crate) const EMPTY: Layout = Layout {
        scheme_end: 0,
        auth_start: 0,
        host_start: 0,
        host_end: 0,
        path_start: 0,
        path_end: 0,
        query_end: 0,
        host_kind: HostKind::RegName,
    };

    /// The seven offsets, in the order of the text: scheme end, authority
    /// start, host start and end, path start and end, query end.
    #[inline(always)]
    pub(crate) const fn offsets(&self) -> [usize; 7] {
        offset_fields!(self)
    }

    /// Sets the seven offsets of [`Layout::offsets`], in its order.
    #[inline(always)]
    pub(crate) fn set_offsets(&mut self, offsets: [usize; 7]) {
        offset_fields!(self) = offsets;
    }
}

/// What an authority routine found: where the host starts and ends, its
/// kind, and where the authority ends.
///
/// Returned by value, not written through a `&mut Layout`: a layout whose
/// address is taken lives in memory, written eight bytes at a time and
/// then copied out sixteen at a time, and that copy waits for the writes
/// (a failed store-to-load forward; measured in docs/performance.md,
/// "Figures moved out of item docs").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct AuthoritySpan {
    /// Offset of the host; after the `@` when there is a userinfo.
    pub(crate) host_start: usize,
    /// Offset after the host; before the `:` when there is a port.
    pub(crate) host_end: usize,
    /// The kind of host.
    pub(crate) host_kind: HostKind,
    /// Offset of the end of the authority (the path's start).
    pub(crate) end: usize,
}

/// The offset of the `:` after `b`'s scheme when it is `https` or `http`,
/// the schemes of most URLs: compared as words, after one byte test that
/// most relative references fail.
#[inline(always)]
fn url_scheme_end(b: &[u8]) -> Option<usize> {
    if b.first() != Some(&b'h') {
        None
    } else if b.starts_with(b"https:") {
        Some(5)
    } else if b.starts_with(b"http:") {
        Some(4)
    } else {
        None
    }
}

/// Parses `input` against `rule` under spec `S`.
pub(crate) fn parse<S: Spec>(
    input: &str,
    options: ParseOptions,
    rule: Rule,
) -> Result<Layout, ParseError> {
    if input.len() > options.max_len {
        return Err(ParseError::new(Kind::TooLong, options.max_len));
    }
    Parser::<S>::new(input, options).run(rule)
}

/// The parser of one input under spec `S`: [`parse`] runs it on a whole
/// reference; the builder uses its scans to check one part alone.
pub(crate) struct Parser<'a, S> {
    s: &'a str,
    b: &'a [u8],
    options: ParseOptions,
    spec: core::marker::PhantomData<S>,
}

/// The kind of a host that is not an IP literal: `IPv4address` when it is
/// four `dec-octet`s (RFC 3986 §3.2.2: the first rule that matches wins),
/// else `reg-name`.
#[inline]
pub(crate) fn name_kind(host: &[u8]) -> HostKind {
    // Most names end in a letter: only digits-and-dots can be IPv4.
    if host.last().is_some_and(u8::is_ascii_digit) && ip::parse_ipv4(host).is_some() {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    }
}

impl<'a, S: Spec> Parser<'a, S> {
    /// A parser of `input`, with `options`.
    pub(crate) const fn new(input: &'a str, options: ParseOptions) -> Self {
        Parser {
            s: input,
            b: input.as_bytes(),
            options,
            spec: core::marker::PhantomData,
        }
    }

    /// Parses the whole input against `rule`.
    ///
    /// Inlined into its callers (and, through [`parse`] and the typed
    /// `parse_with`, into the user's code) so that the [`Layout`] goes
    /// from registers straight to where the caller keeps it: returned
    /// through memory from a call, it was written eight bytes at a time
    /// and copied out sixteen at a time, and the copy waited for the
    /// writes (a failed store-to-load forward). Inlined, the same
    /// instructions take less time (the figures: docs/performance.md,
    /// "Figures moved out of item docs").
    #[inline(always)]
    fn run(&self, rule: Rule) -> Result<Layout, ParseError> {
        self.run_with::<true>(rule)
    }

    /// A relative reference of 8 to 32 bytes without an authority, a `%`
    /// or a byte that is not ASCII (most relative references), read from
    /// the masks of [`Scanner::shape`] instead of scan by scan: no loop
    /// over its bytes, and a branch only on what it is made of. `None` for
    /// any other input, which the scans read, errors included; where both
    /// read an input, they give the same layout (the test
    /// `short_references_parse_as_in_full`).
    ///
    /// `relative-part = path-absolute / path-noscheme / path-empty` (RFC
    /// 3986 §4.2) with a query and a fragment (§3.4, §3.5): every byte of
    /// them is in the class of a query (`pchar / "/" / "?"`) but the `#`
    /// that begins the fragment. The path ends at the first `?` or `#`,
    /// the query at the first `#`. A `:` in the path before its first `/`
    /// is a scheme's (§3.1) or an error in a relative reference, and a
    /// `//` at the start begins an authority (§3.2): those go to the full
    /// parse.
    ///
    /// Out of line: inlined into [`Parser::run`], its code made the parse
    /// of every other reference slower; called, it costs them less, and
    /// the references it reads keep most of the gain (the figures:
    /// docs/performance.md, "Figures moved out of item docs").
    #[inline(never)]
    fn short_reference(&self) -> Option<Layout> {
        let shape = SHORT_REFERENCE.shape(self.b)?;
        let first_hash = shape.hash & shape.hash.wrapping_neg();
        if shape.outside & !first_hash != 0 {
            return None;
        }
        let end = 1u64 << self.b.len();
        let query_end = (shape.hash | end).trailing_zeros() as usize;
        let fragment = 1u64 << query_end;
        let path_end = (shape.question & (fragment - 1) | fragment).trailing_zeros() as usize;
        let in_path = (1u64 << path_end) - 1;
        let slash = shape.slash & in_path;
        let before_slash = (slash & slash.wrapping_neg()).wrapping_sub(1);
        if shape.colon & in_path & before_slash != 0 || slash & 3 == 3 {
            return None;
        }
        Some(Layout {
            path_end,
            query_end,
            ..Layout::EMPTY
        })
    }

    /// [`Parser::run`] without its shortcut for short relative
    /// references ([`Parser::short_reference`]): scan by scan.
    #[cfg(test)]
    fn run_in_full(&self, rule: Rule) -> Result<Layout, ParseError> {
        self.run_with::<false>(rule)
    }

    /// [`Parser::run`], with the shortcut for short relative references
    /// when `SHORT`.
    #[inline(always)]
    fn run_with<const SHORT: bool>(&self, rule: Rule) -> Result<Layout, ParseError> {
        let b = self.b;
        let n = b.len();
        // Not for a URI (it has a scheme), nor for a reference that begins
        // like most URLs, which would pay for the masks and go on here; and
        // not under a spec with non-ASCII characters, whose references the
        // shortcut would hand on whenever they hold one.
        if SHORT
            && S::ASCII_ONLY
            && rule != Rule::Uri
            && (8..=32).contains(&n)
            && url_scheme_end(b).is_none()
        {
            if let Some(layout) = self.short_reference() {
                return Ok(layout);
            }
        }
        let scheme_end = self.scheme(rule)?;
        let mut i = if scheme_end > 0 { scheme_end + 1 } else { 0 };

        // Where the path scan starts: the path's start, or a byte after it
        // up to which the path is known to be valid.
        let mut path_start = i;
        let mut auth_start = 0;
        let mut host = AuthoritySpan {
            host_start: 0,
            host_end: 0,
            host_kind: HostKind::RegName,
            end: i,
        };
        if b.len() >= i + 2 && b[i] == b'/' && b[i + 1] == b'/' {
            auth_start = i + 2;
            (host, path_start) = self.authority_and_path(auth_start)?;
            i = host.end;
        }
        // Each field from a local, none from a struct in memory (see
        // `AuthoritySpan`).
        let layout = |path_end, query_end| Layout {
            scheme_end,
            auth_start,
            host_start: host.host_start,
            host_end: host.host_end,
            path_start: host.end,
            path_end,
            query_end,
            host_kind: host.host_kind,
        };
        if auth_start > 0 && path_start == n {
            // The path, valid, reaches the end.
            return Ok(layout(n, n));
        }

        // hier-part / relative-part path: up to `?`, `#` or the end. In a
        // relative-ref without authority, the first segment is
        // `segment-nz-nc` (§4.2): a `:` there is the first offending byte.
        if rule == Rule::Relative && auth_start == 0 {
            path_start = self.scan(i, n, &FIRST_SEGMENT, &FIRST_SEGMENT_STOPS)?;
            if path_start < n && b[path_start] == b':' {
                return Err(ParseError::new(Kind::ColonInFirstSegment, path_start));
            }
        }
        let path_end = self.scan(path_start, n, &PATH, &PATH_STOPS)?;
        i = path_end;

        if i < n && b[i] == b'?' {
            i = self.scan(i + 1, n, &QUERY, &QUERY_STOPS)?;
        }
        let query_end = i;

        if i < n {
            // b[i] == b'#': nothing else stops a query scan. With no stop
            // bytes, the fragment scan reaches the end or fails.
            self.scan(i + 1, n, &FRAGMENT, &NO_STOPS)?;
        }
        Ok(layout(path_end, query_end))
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
        // A reference that starts with `/`, `?` or `#` (or is empty) has
        // no scheme and no first segment that could hold a `:`.
        if matches!(b.first(), None | Some(b'/' | b'?' | b'#')) {
            return match rule {
                Rule::Uri => Err(ParseError::new(Kind::MissingScheme, 0)),
                _ => Ok(0),
            };
        }
        if let Some(end) = url_scheme_end(b) {
            return Ok(end);
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
    /// (in the [`AuthoritySpan`]) and where the path scan goes on (at or after
    /// that end).
    ///
    /// `hier-part = "//" authority path-abempty` (§3): most authorities
    /// are a host name (§3.2.2) of `unreserved` bytes, ended by the first
    /// `/` or by the end, and most paths (§3.3) are `unreserved` and `/`:
    /// one scan of that class, which also marks the first `/`, reads both
    /// (where the two meet, one window instead of two). Anything else (a
    /// port, a userinfo, an IP literal, a query right after the host, an
    /// error) goes to [`Parser::authority`], with the same results.
    ///
    /// # One result at three speeds
    ///
    /// This, [`Parser::authority`] and [`Parser::authority_slow`] are one
    /// routine written three times, each faster on what it takes and
    /// handing the rest to the next. Called on the same input from the
    /// same `start`, all three return the same [`AuthoritySpan`], or the same
    /// error (the second offset returned here, where the path scan goes
    /// on, is this one's alone). The test
    /// `the_three_authority_routines_agree` runs them on the same
    /// authorities, under both specs.
    #[inline(always)]
    fn authority_and_path(&self, start: usize) -> Result<(AuthoritySpan, usize), ParseError> {
        let n = self.b.len();
        let (stop, slash) = HOST_THEN_PATH.first_outside_marking(self.b, start, b'/');
        // `[start, slash)` is `unreserved`: a valid reg-name (§3.2.2), and
        // the whole authority when a `/` or the end follows it.
        if slash < stop || stop == n {
            let host = self.finish_host(start, slash, slash)?;
            // `[end, stop)` is `unreserved` and `/`: a valid path so far.
            return Ok((host, stop));
        }
        let host = self.authority(start)?;
        Ok((host, host.end))
    }

    /// Parses `authority = [ userinfo "@" ] host [ ":" port ]` from `start`
    /// (after `//`).
    ///
    /// The same [`AuthoritySpan`], or the same error, as
    /// [`Parser::authority_and_path`] (see there) and
    /// [`Parser::authority_slow`]; faster than the slow one on a reg-name
    /// with a port or a userinfo, which it reads in one or two scans.
    fn authority(&self, start: usize) -> Result<AuthoritySpan, ParseError> {
        let b = self.b;
        // The usual authority is a bare reg-name: one scan with the reg-name
        // class, stopping at `@`, `:`, `/`, `?`, `#` or the end, finds it.
        let Ok(first) = self.scan(start, b.len(), &REG_NAME, &HOST_OR_USERINFO_STOPS) else {
            // A `[` (an IP literal), or a byte that is wrong somewhere.
            return self.authority_slow(start);
        };
        let (userinfo_end, host_end, end) = match b.get(first) {
            Some(b'@') => (Some(first), 0, 0),
            Some(b':') => {
                // A port, or the `:` of a userinfo: the userinfo class holds
                // both, and an `@` decides.
                let Ok(stop) = self.scan(first + 1, b.len(), &USERINFO, &AUTHORITY_STOPS) else {
                    return self.authority_slow(start);
                };
                if b.get(stop) == Some(&b'@') {
                    (Some(stop), 0, 0)
                } else {
                    (None, first, stop)
                }
            }
            _ => (None, first, first),
        };
        if !S::ASCII_ONLY && userinfo_end.is_some() && !b[start..first].is_ascii() {
            // The spec was asked about the host's characters for the text
            // before the first `:` or `@`, which is the userinfo's. (Without
            // a userinfo it is the host, asked about rightly; and a port
            // holds digits only, which `finish_host` checks, so what the
            // userinfo scan made of one does not matter.)
            return self.authority_slow(start);
        }
        if let Some(at) = userinfo_end {
            // `[start, at)` is the userinfo, checked by those scans.
            return self.host_port(at + 1);
        }
        self.finish_host(start, host_end, end)
    }

    /// Parses the authority as RFC 3986 reads it, in two steps: it ends at
    /// the first `/`, `?`, `#`, and its userinfo at its first `@`. Taken
    /// for IP literals and errors, where it names the right component.
    ///
    /// The reference for the two faster routines: they return the same
    /// [`AuthoritySpan`], or the same error (see [`Parser::authority_and_path`]).
    #[cold]
    fn authority_slow(&self, start: usize) -> Result<AuthoritySpan, ParseError> {
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
        self.host_port(host_start)
    }

    /// Parses `host [ ":" port ]` from `host_start` to the end of the
    /// authority (the first `/`, `?`, `#`).
    fn host_port(&self, host_start: usize) -> Result<AuthoritySpan, ParseError> {
        let b = self.b;
        let end = b[host_start..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(b.len(), |k| host_start + k);
        if b.get(host_start) == Some(&b'[') {
            let (host_end, host_kind) = self.ip_literal(host_start, end)?;
            self.check_port(host_end, end)?;
            return Ok(AuthoritySpan {
                host_start,
                host_end,
                host_kind,
                end,
            });
        }
        // A second `@`, a `[` or a `]` here is an error like any other.
        let host_end = self.scan(host_start, end, &REG_NAME, &HOST_STOPS)?;
        self.finish_host(host_start, host_end, end)
    }

    /// The [`AuthoritySpan`] of a reg-name or IPv4 host `[host_start,
    /// host_end)`, after checking the port that follows up to `end`.
    #[inline]
    fn finish_host(
        &self,
        host_start: usize,
        host_end: usize,
        end: usize,
    ) -> Result<AuthoritySpan, ParseError> {
        self.check_port(host_end, end)?;
        Ok(AuthoritySpan {
            host_start,
            host_end,
            host_kind: name_kind(&self.b[host_start..host_end]),
            end,
        })
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
    /// offset after the `]` and the kind of host (IPv6 or `IPvFuture`).
    pub(crate) fn ip_literal(
        &self,
        start: usize,
        end: usize,
    ) -> Result<(usize, HostKind), ParseError> {
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
        let kind = self.ip_literal_inner(inner, close).map_err(unclosed)?;
        if close == end {
            return Err(ParseError::new(Kind::UnclosedIpLiteral, end));
        }
        let after = close + 1;
        if after < end && b[after] != b':' {
            return Err(ParseError::new(Kind::InvalidAfterIpLiteral, after));
        }
        Ok((after, kind))
    }

    /// Checks the text between the brackets of an IP literal,
    /// `inner..close`, and returns its kind.
    fn ip_literal_inner(&self, inner: usize, close: usize) -> Result<HostKind, ParseError> {
        let b = self.b;
        if matches!(b.get(inner), Some(b'v' | b'V')) {
            ip::check_ipv_future(&b[inner..close])
                .map_err(|k| ParseError::new(Kind::InvalidIpvFuture, inner + k))?;
            Ok(HostKind::IpvFuture)
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
            Ok(HostKind::Ipv6)
        }
    }

    /// Scans from `i` while bytes are in the class of `rule`, valid
    /// `pct-encoded` triplets, or non-ASCII characters the spec allows in
    /// its component. Stops at a byte in `stops` or at `end`, returning that
    /// offset; any other byte is an error of the spec's kind.
    ///
    /// Sixteen bytes at a time ([`Scanner::first_outside`] on the spec's
    /// common subset of the class): only the bytes it stops at are looked
    /// at one by one.
    #[inline(always)]
    pub(crate) fn scan(
        &self,
        mut i: usize,
        end: usize,
        scan: &Scan,
        stops: &CharClass,
    ) -> Result<usize, ParseError> {
        let b = &self.b[..end];
        let n = b.len();
        loop {
            // A spec with non-ASCII characters steps over those that every
            // IRI component allows (see `IRI_SAFE_NON_ASCII`).
            let common = if S::ASCII_ONLY {
                &scan.common
            } else {
                &scan.iri_common
            };
            i = common.first_outside(b, i);
            if i >= n {
                return Ok(n);
            }
            let c = b[i];
            if scan.class.contains(c) {
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
                i = self.non_ascii(b, i, scan.component, scan.error)?;
            } else if stops.contains(c) {
                return Ok(i);
            } else {
                return Err(ParseError::new(scan.error, i));
            }
        }
    }

    /// Checks the run of non-ASCII characters that starts at `i` in `b`
    /// (the input up to the scan's end): each must be one the spec allows
    /// in `component`, and not a bidirectional formatting character unless
    /// the options allow them. Returns the offset after the run: the next
    /// ASCII byte, or the end of `b`.
    ///
    /// One call per run, not per character: text in a script other than
    /// Latin is mostly runs of such characters, and each return to the
    /// scan costs a window. `i` is a char boundary (every byte before it
    /// was ASCII or a whole character), and `b` ends at an ASCII byte or
    /// at the end of the input, so the run is whole characters of a
    /// `str`: the UTF-8 is decoded here without being checked again (a
    /// missing continuation byte would read as zero bits, and `from_u32`
    /// refuses what is not a scalar value, which a `str` never holds).
    #[inline(always)]
    fn non_ascii(
        &self,
        b: &[u8],
        mut i: usize,
        component: Component,
        kind: Kind,
    ) -> Result<usize, ParseError> {
        debug_assert!(self.s.is_char_boundary(i));
        let n = b.len();
        loop {
            let lead = b[i];
            let cont = |k: usize| u32::from(b.get(i + k).map_or(0, |&c| c & 0x3F));
            let (c, len) = if lead < 0xE0 {
                ((u32::from(lead & 0x1F) << 6) | cont(1), 2)
            } else if lead < 0xF0 {
                ((u32::from(lead & 0x0F) << 12) | (cont(1) << 6) | cont(2), 3)
            } else {
                let c = (u32::from(lead & 0x07) << 18) | (cont(1) << 12) | (cont(2) << 6);
                (c | cont(3), 4)
            };
            let c = char::from_u32(c).unwrap_or('\u{FFFD}');
            if !S::allows_non_ascii(c, component) {
                return Err(ParseError::new(kind, i));
            }
            if is_bidi_formatting(c) && !self.options.bidi_formatting {
                return Err(ParseError::new(Kind::BidiFormattingChar, i));
            }
            i += len;
            if i >= n || b[i] < 0x80 {
                return Ok(i);
            }
        }
    }
}

/// How to scan one component: the bytes it may hold literally (its
/// class), the most common of them prepared for scanning, the component a
/// [`Spec`] is asked about for non-ASCII, and the error for any other byte.
#[derive(Clone, Copy)]
pub(crate) struct Scan {
    class: &'static CharClass,
    /// Scans for the first byte outside a subset of `class` that holds
    /// what most text of the component is made of: the fewer runs, the
    /// cheaper each sixteen bytes; a byte of `class` outside the subset
    /// only costs a step out of the loop.
    common: Scanner,
    /// `common` and [`IRI_SAFE_NON_ASCII`]: the scan of specs that allow
    /// non-ASCII characters, which steps over the characters every IRI
    /// component allows instead of leaving the loop for each.
    iri_common: Scanner,
    component: Component,
    error: Kind,
}

impl Scan {
    /// The scan of `component`, whose bytes are `class`, its most common
    /// ones `common`; `error` for a byte outside `class`.
    const fn new(
        class: &'static CharClass,
        common: &CharClass,
        component: Component,
        error: Kind,
    ) -> Scan {
        Scan {
            class,
            common: Scanner::new(common),
            iri_common: Scanner::new(&common.union(IRI_SAFE_NON_ASCII)),
            component,
            error,
        }
    }
}

pub(crate) const PATH: Scan = Scan::new(
    &grammar::PATH,
    &PATH_COMMON,
    Component::Path,
    Kind::InvalidPathChar,
);
pub(crate) const QUERY: Scan = Scan::new(
    &grammar::QUERY,
    &grammar::QUERY,
    Component::Query,
    Kind::InvalidQueryChar,
);
pub(crate) const FRAGMENT: Scan = Scan::new(
    &grammar::FRAGMENT,
    &grammar::FRAGMENT,
    Component::Fragment,
    Kind::InvalidFragmentChar,
);
pub(crate) const USERINFO: Scan = Scan::new(
    &grammar::USERINFO,
    &grammar::USERINFO,
    Component::Userinfo,
    Kind::InvalidUserinfoChar,
);
pub(crate) const REG_NAME: Scan = Scan::new(
    &grammar::REG_NAME,
    &HOST_COMMON,
    Component::Host,
    Kind::InvalidHostChar,
);

/// What a writer's piece of an authority may hold: a userinfo's bytes and
/// the delimiters the writer percent-encodes in a userinfo or reg-name
/// (`@`, `/`, `?`, `#`, `[`, `]`), which an IP literal's brackets are
/// too. Until the writer ends the host it cannot tell a userinfo from a
/// host, so the error is the host's.
const AUTHORITY_PIECE: CharClass = grammar::USERINFO.union(CharClass::new(b"@/?#[]"));

pub(crate) const AUTHORITY: Scan = Scan::new(
    &AUTHORITY_PIECE,
    &HOST_COMMON,
    Component::Host,
    Kind::InvalidHostChar,
);

/// `segment-nz-nc`, the first segment of a relative path without authority (§4.2).
const FIRST_SEGMENT: Scan = Scan::new(
    &grammar::SEGMENT_NZ_NC,
    &grammar::SEGMENT_NZ_NC,
    Component::Path,
    Kind::InvalidPathChar,
);

/// The non-ASCII bytes an IRI scan steps over without decoding: the
/// continuation bytes (`0x80..=0xBF`; `0xC0` and `0xC1` are in no `str`)
/// and the lead bytes whose every character is a `ucschar` (RFC 3987
/// §2.2) and not a bidirectional formatting character (§4.1): `0xC3..=0xD7`
/// and `0xD9..=0xDF` (U+00C0 to U+07FF but U+0600 to U+063F), `0xE0`,
/// `0xE1` (U+0800 to U+1FFF) and `0xE3..=0xED` (U+3000 to U+D7FF, the end
/// of the first `ucschar` range; a `str` holds no surrogates). Every
/// component an IRI scan is used for (userinfo, host, path, query,
/// fragment) allows them, so the scan needs to look only at the other
/// lead bytes: `0xC2` (the C1 controls below U+00A0), `0xD8` (U+061C
/// ARABIC LETTER MARK, a bidi formatting character), `0xE2` (the other
/// bidi formatting characters), `0xEE`, `0xEF`
/// (`iprivate`, the noncharacters U+FDD0 to U+FDEF and U+FFF0 up) and
/// `0xF0..=0xF4` (the planes' last two code points, `iprivate`, the tags
/// below U+E1000). A test checks every character of these lead bytes
/// against [`IriSpec`](crate::IriSpec); the `Spec` trait is sealed, and
/// `UriSpec`, the only other spec, scans with `common` alone.
const IRI_SAFE_NON_ASCII: CharClass = CharClass::range(0x80, 0xC1)
    .union(CharClass::range(0xC3, 0xD7))
    .union(CharClass::range(0xD9, 0xE1))
    .union(CharClass::range(0xE3, 0xED));

/// The bytes of most paths: `unreserved` and `/` (four runs, letters
/// apart, against eight of the whole class).
const PATH_COMMON: CharClass = grammar::UNRESERVED.with(b'/');

/// The class of [`Parser::short_reference`]: a query's bytes (`pchar /
/// "/" / "?"`), which hold a path's.
const SHORT_REFERENCE: Scanner = Scanner::new(&grammar::QUERY);

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

pub(crate) const NO_STOPS: CharClass = CharClass::new(b"");
const PATH_STOPS: CharClass = CharClass::new(b"?#");
const QUERY_STOPS: CharClass = CharClass::new(b"#");
const HOST_STOPS: CharClass = CharClass::new(b":");
const FIRST_SEGMENT_STOPS: CharClass = CharClass::new(b":/?#");
const AUTHORITY_STOPS: CharClass = CharClass::new(b"@/?#");
const HOST_OR_USERINFO_STOPS: CharClass = CharClass::new(b"@:/?#");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{IriSpec, UriSpec};
    use alloc::string::String;
    use alloc::vec::Vec;

    /// What an authority routine gives.
    type Outcome = Result<AuthoritySpan, ParseError>;

    /// Runs the three authority routines on `input` (`//`, an authority,
    /// perhaps more) from byte 2; checks that they agree and returns what
    /// they give.
    #[track_caller]
    fn agree<S: Spec>(input: &str, options: ParseOptions) -> Outcome {
        let p = Parser::<S>::new(input, options);
        let fast = p.authority_and_path(2).map(|(host, path)| {
            assert!(
                path >= host.end,
                "{input:?}: the path scan goes on before the path"
            );
            host
        });
        let usual = p.authority(2);
        let slow = p.authority_slow(2);
        assert_eq!(fast, slow, "{}: authority_and_path on {input:?}", S::NAME);
        assert_eq!(usual, slow, "{}: authority on {input:?}", S::NAME);
        slow
    }

    /// Userinfos, hosts and ports that are valid, invalid, percent-encoded,
    /// IP literals, `IPvFuture`s, zone identifiers, non-ASCII, and longer
    /// than a scanner's sixteen bytes; `None`: the part is absent.
    const USERINFOS: [Option<&str>; 13] = [
        None,
        Some(""),
        Some("u"),
        Some("u:p"),
        Some("user:pass:word"),
        Some("a-long-user-name:and-a-long-password"),
        Some("%41b%3a"),
        Some("a%2"),
        Some("u p"),
        Some("a[b"),
        Some("ü:ß"),
        Some("\u{E000}"),
        Some("!$&'()*+,;=~-._"),
    ];
    const HOSTS: [&str; 37] = [
        "",
        "h",
        "example.com",
        "a-very-long-host-name.example.com",
        "1.2.3.4",
        "1.2.3.04",
        "256.0.0.1",
        "127.1",
        "h%41",
        "h%4",
        "%zz",
        "a b",
        "a\"b",
        "h[",
        "h]",
        "a@b",
        "!$&'()*+,;=",
        "[::1]",
        "[::ffff:1.2.3.4]",
        "[2001:db8:85a3:0:0:8a2e:370:7334]",
        "[1::2::3]",
        "[::1",
        "[]",
        "[::1]x",
        "[::1]]",
        "[v7.x:y]",
        "[V1F.a-b]",
        "[v.x]",
        "[v1.]",
        "[vz.x]",
        "[v1.x y]",
        "[fe80::1%25eth0]",
        "[fe80::1%eth0]",
        "[fe80::1%25]",
        "bücher.example",
        "\u{A0}\u{FFFF}",
        "[ü]",
    ];
    const PORTS: [Option<&str>; 8] = [
        None,
        Some(""),
        Some("80"),
        Some("0080"),
        Some("65536"),
        Some("8a"),
        Some("ü"),
        Some(":1"),
    ];
    const AFTER: [&str; 8] = [
        "",
        "/",
        "/p/q",
        "?q",
        "#f",
        "/a?b#c",
        "/a-long-path/with/segments/past/sixteen/bytes",
        "/ü",
    ];

    #[test]
    fn the_three_authority_routines_agree() {
        let mut kinds = Vec::new();
        let (mut ok, mut iri_non_ascii_ok) = (0, 0);
        for userinfo in USERINFOS {
            for host in HOSTS {
                for port in PORTS {
                    let mut authority = String::new();
                    if let Some(userinfo) = userinfo {
                        authority.push_str(userinfo);
                        authority.push('@');
                    }
                    authority.push_str(host);
                    if let Some(port) = port {
                        authority.push(':');
                        authority.push_str(port);
                    }
                    for after in AFTER {
                        let input = alloc::format!("//{authority}{after}");
                        for zone_id in [false, true] {
                            let options = ParseOptions::new().allow_zone_id(zone_id);
                            let uri = agree::<UriSpec>(&input, options);
                            let iri = agree::<IriSpec>(&input, options);
                            for outcome in [uri, iri] {
                                match outcome {
                                    Ok(_) => ok += 1,
                                    Err(e) if !kinds.contains(&e.kind()) => kinds.push(e.kind()),
                                    Err(_) => {}
                                }
                            }
                            if authority.is_ascii() {
                                assert_eq!(uri, iri, "{input:?}: ASCII reads alike");
                            } else {
                                assert!(uri.is_err(), "{input:?}: non-ASCII in a URI");
                                iri_non_ascii_ok += usize::from(iri.is_ok());
                            }
                        }
                    }
                }
            }
        }
        // The cases reach every outcome of an authority.
        assert!(ok > 10_000, "{ok} valid");
        assert!(
            iri_non_ascii_ok > 1_000,
            "{iri_non_ascii_ok} valid non-ASCII IRIs"
        );
        kinds.sort();
        assert_eq!(
            kinds,
            [
                Kind::InvalidPercentEncoding,
                Kind::InvalidUserinfoChar,
                Kind::InvalidHostChar,
                Kind::InvalidIpv6,
                Kind::InvalidIpvFuture,
                Kind::UnclosedIpLiteral,
                Kind::InvalidAfterIpLiteral,
                Kind::ZoneIdNotAllowed,
                Kind::InvalidZoneId,
                Kind::InvalidPortChar,
            ]
        );
    }

    #[test]
    fn what_the_authority_routines_agree_on() {
        let layout = |end, host_start, host_end, host_kind| AuthoritySpan {
            host_start,
            host_end,
            host_kind,
            end,
        };
        let strict = ParseOptions::new();
        let check = |input: &str, expected: Outcome| {
            assert_eq!(agree::<UriSpec>(input, strict), expected, "{input:?}");
        };
        check("//h/p", Ok(layout(3, 2, 3, HostKind::RegName)));
        check("//u:p@h:80?q", Ok(layout(10, 6, 7, HostKind::RegName)));
        check("//1.2.3.4:8#f", Ok(layout(11, 2, 9, HostKind::Ipv4)));
        check("//[::1]:80/", Ok(layout(10, 2, 7, HostKind::Ipv6)));
        check("//[v7.x]", Ok(layout(8, 2, 8, HostKind::IpvFuture)));
        check(
            "//u p@h",
            Err(ParseError::new(Kind::InvalidUserinfoChar, 3)),
        );
        check("//h:8a", Err(ParseError::new(Kind::InvalidPortChar, 5)));
        check("//[::1", Err(ParseError::new(Kind::UnclosedIpLiteral, 6)));
        let iri = agree::<IriSpec>("//ü@bücher.example/", strict);
        assert_eq!(iri, Ok(layout(20, 5, 20, HostKind::RegName)));
    }

    /// Every character whose lead byte `IRI_SAFE_NON_ASCII` holds is one
    /// that every component an IRI scan reads allows, and not a bidi
    /// formatting character; every continuation byte is in it, so that
    /// the scan steps over such characters whole.
    #[test]
    fn iri_safe_bytes_hold_only_characters_every_component_allows() {
        use crate::spec::is_bidi_formatting;
        for b in 0x80..=0xBF {
            assert!(IRI_SAFE_NON_ASCII.contains(b), "{b:#x}");
        }
        assert!((0..0x80).all(|b| !IRI_SAFE_NON_ASCII.contains(b)));
        let components = [
            Component::Userinfo,
            Component::Host,
            Component::Path,
            Component::Query,
            Component::Fragment,
        ];
        let mut safe = 0;
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let mut utf8 = [0; 4];
            let lead = c.encode_utf8(&mut utf8).as_bytes()[0];
            if !IRI_SAFE_NON_ASCII.contains(lead) {
                continue;
            }
            safe += 1;
            assert!(!is_bidi_formatting(c), "{c:?}");
            for component in components {
                assert!(
                    IriSpec::allows_non_ascii(c, component),
                    "{c:?} in {component:?}"
                );
            }
        }
        // U+00C0 to U+07FF but U+0600 to U+063F (lead byte 0xD8, for
        // U+061C), U+0800 to U+1FFF, U+3000 to U+D7FF.
        assert!(!IRI_SAFE_NON_ASCII.contains(0xD8));
        assert_eq!(
            safe,
            (0x800 - 0xC0 - 0x40) + (0x2000 - 0x800) + (0xD800 - 0x3000)
        );
    }

    /// U+061C ARABIC LETTER MARK, a bidi formatting character
    /// (`Bidi_Control`) whose lead byte 0xD8 the IRI scan must not step
    /// over, is refused in every component that may hold non-ASCII, at
    /// its first byte, and accepted with `allow_bidi_formatting`; the
    /// other characters of lead byte 0xD8 are still accepted.
    #[test]
    fn arabic_letter_mark_is_refused_in_every_component() {
        let cases = [
            ("http://\u{61C}u@a/", 7),
            ("http://u@\u{61C}a/", 9),
            ("http://\u{627}\u{61C}.example/", 9),
            ("http://a/\u{61C}", 9),
            ("http://a/b?\u{61C}", 11),
            ("http://a/b#x\u{61C}", 12),
            ("\u{61C}/a", 0),
            ("a\u{61C}b", 1),
            ("//a/\u{627}\u{628}\u{61C}", 8),
        ];
        for (input, index) in cases {
            let err = parse::<IriSpec>(input, ParseOptions::new(), Rule::Reference).unwrap_err();
            assert_eq!(err.kind(), Kind::BidiFormattingChar, "{input:?}");
            assert_eq!(err.index(), index, "{input:?}");
            let lenient = ParseOptions::new().allow_bidi_formatting(true);
            assert!(
                parse::<IriSpec>(input, lenient, Rule::Reference).is_ok(),
                "{input:?}"
            );
        }
        for c in ('\u{600}'..='\u{63F}').filter(|&c| c != '\u{61C}') {
            let input = alloc::format!("http://a/{c}?{c}#{c}");
            let ok = parse::<IriSpec>(&input, ParseOptions::new(), Rule::Reference).is_ok();
            assert_eq!(ok, crate::spec::is_ucschar(c), "{c:?}");
        }
    }

    /// The shortcut of `run` for short relative references gives what the
    /// full parse gives, on references built from pieces that hit every
    /// delimiter, `%`, non-ASCII and invalid bytes, at every length around
    /// its 8 to 32 bytes, under every rule and both specs; and it takes a
    /// good share of them (it is not a test of the full parse alone).
    #[test]
    fn short_references_parse_as_in_full() {
        const PIECES: [&str; 22] = [
            "a",
            "b9",
            "/",
            "//",
            "?",
            "#",
            ":",
            "@",
            "%41",
            "%4",
            ".",
            "..",
            "-_~",
            "!$&'()*+,;=",
            " ",
            "é",
            "[",
            "\x7f",
            "http:",
            "x:y",
            "abcdefgh",
            "/p/q/",
        ];
        let mut next = crate::test_rng::xorshift(0x2545_F491_4F6C_DD1D);
        let (mut short, mut total) = (0, 0);
        for _ in 0..60_000 {
            let mut input = String::new();
            let target = (next() % 40) as usize;
            while input.len() < target {
                input.push_str(PIECES[(next() % PIECES.len() as u64) as usize]);
            }
            for rule in [Rule::Reference, Rule::Relative, Rule::Uri] {
                let options = ParseOptions::new();
                let uri = Parser::<UriSpec>::new(&input, options);
                assert_eq!(uri.run(rule), uri.run_in_full(rule), "{rule:?} {input:?}");
                let iri = Parser::<IriSpec>::new(&input, options);
                assert_eq!(
                    iri.run(rule),
                    iri.run_in_full(rule),
                    "IRI {rule:?} {input:?}"
                );
            }
            total += 1;
            short += usize::from(
                Parser::<UriSpec>::new(&input, ParseOptions::new())
                    .short_reference()
                    .is_some(),
            );
        }
        assert!(
            short > total / 20,
            "{short} of {total} read by the shortcut"
        );
    }

    /// The IRI scan, which steps over most non-ASCII characters without
    /// decoding them, against a model: the same input with each
    /// non-ASCII character written as ASCII bytes of its length that the
    /// URI parser reads alike (`x`s for a character every component
    /// allows, a space and `x`s for one none allows), so that offsets and
    /// error kinds are the same. Characters of every lead byte, beside
    /// delimiters and triplets, in every component but the scheme (the
    /// model's `x` would make one) and IP literals (likewise a hex digit
    /// there). Bidi formatting characters and `iprivate`, which the model
    /// cannot write, are in the vectors.
    #[test]
    fn the_iri_scan_agrees_with_an_ascii_model() {
        use crate::spec::{is_bidi_formatting, is_ucschar};
        const PIECES: [&str; 24] = [
            "a", "/", "?", "#", ":", "@", "%41", "%4", ".", " ", "ab-cd.ef", "\u{C0}", "é", "ß",
            "\u{7FF}", "\u{800}", "Ж", "\u{1FFF}", "東", "\u{D7FF}", "\u{A0}", "🦀", "\u{F900}",
            "\u{2028}",
        ];
        const BAD: [&str; 6] = [
            "\u{80}",
            "\u{9F}",
            "\u{FDD0}",
            "\u{FFF0}",
            "\u{1FFFE}",
            "\u{E0001}",
        ];
        let model = |input: &str| -> String {
            let mut out = String::new();
            for c in input.chars() {
                if c.is_ascii() {
                    out.push(c);
                    continue;
                }
                let allowed = is_ucschar(c) && !is_bidi_formatting(c);
                out.push(if allowed { 'x' } else { ' ' });
                out.extend(core::iter::repeat_n('x', c.len_utf8() - 1));
            }
            out
        };
        let mut state = 0x3987_u64;
        let mut next = |n: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize % n
        };
        let (mut valid, mut invalid) = (0, 0);
        for _ in 0..20_000 {
            let mut input = String::from(["s://", "s:", "//", "/", "s://u@"][next(5)]);
            for _ in 0..next(12) {
                input.push_str(if next(12) == 0 {
                    BAD[next(BAD.len())]
                } else {
                    PIECES[next(PIECES.len())]
                });
            }
            let iri = parse::<IriSpec>(&input, ParseOptions::new(), Rule::Reference);
            let uri = parse::<UriSpec>(&model(&input), ParseOptions::new(), Rule::Reference);
            assert_eq!(iri, uri, "{input:?}");
            if !input.is_ascii() {
                valid += usize::from(iri.is_ok());
                invalid += usize::from(iri.is_err());
            }
        }
        assert!(
            valid > 2_000 && invalid > 2_000,
            "{valid} valid, {invalid} invalid non-ASCII inputs"
        );
    }
}
