//! Building references from parts; the setters of the owned types
//! (`setters.rs`) go through here too.
//!
//! Every path through here checks each part against its rule and the
//! whole against RFC 3986, so only valid references come out; a bad part is
//! an error naming the part and its first bad byte, never a panic.

use alloc::borrow::Cow;
use alloc::string::String;
use core::marker::PhantomData;
use core::net::IpAddr;

use crate::component::Component;
use crate::components::Components;
use crate::error::{ParseError, ParseErrorKind};
use crate::grammar;
use crate::owned::{RelativeRiBuf, RiBuf, RiReferenceBuf};
use crate::parser::{self, ParseOptions, Parser};
use crate::spec::{IriSpec, Spec, UriSpec};
use crate::writer::{Absolute, TrustedWriter};
use uri_encode::{EncodeSet, encode_into};

/// Why parts do not make a valid reference: which part, what, and at which
/// byte of that part.
///
/// # Examples
///
/// ```
/// use uri_core::{BuildErrorKind, Component, ParseErrorKind, UriBuf};
///
/// let err = UriBuf::builder().scheme("http").host("exa mple.com").build_uri().unwrap_err();
/// assert_eq!(err.component(), Component::Host);
/// assert_eq!(err.kind(), BuildErrorKind::Syntax(ParseErrorKind::InvalidHostChar));
/// assert_eq!(err.index(), 3);
/// assert_eq!(err.to_string(), "character not allowed in host, in the host at byte 3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{kind}, in the {part} at byte {index}")]
pub struct BuildError {
    part: Component,
    kind: BuildErrorKind,
    index: usize,
}

impl BuildError {
    pub(crate) const fn new(part: Component, kind: BuildErrorKind, index: usize) -> Self {
        BuildError { part, kind, index }
    }

    pub(crate) fn syntax(part: Component, e: ParseError) -> Self {
        BuildError::new(part, BuildErrorKind::Syntax(e.kind()), e.index())
    }

    /// The component at fault.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Component, UriBuf};
    ///
    /// let err = UriBuf::builder().scheme("1a").build_uri().unwrap_err();
    /// assert_eq!(err.component(), Component::Scheme);
    /// ```
    pub const fn component(&self) -> Component {
        self.part
    }

    /// What was wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{BuildErrorKind, UriBuf};
    ///
    /// let err = UriBuf::builder().path("/a").build_uri().unwrap_err();
    /// assert_eq!(err.kind(), BuildErrorKind::MissingScheme);
    /// ```
    pub const fn kind(&self) -> BuildErrorKind {
        self.kind
    }

    /// The byte offset, in the text given for [`BuildError::component`], of the
    /// first offending byte (0 for errors about the part as a whole).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReferenceBuf;
    ///
    /// let err = UriReferenceBuf::builder().query("a#b").build().unwrap_err();
    /// assert_eq!(err.index(), 1);
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }
}

uri_encode::error_kinds! {
    crate = uri_core, example = MissingHost;
    /// What was wrong with the parts given to a [`Builder`] or a setter.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{BuildErrorKind, UriReferenceBuf};
    ///
    /// let err = UriReferenceBuf::builder().path("//a").build().unwrap_err();
    /// assert_eq!(err.kind(), BuildErrorKind::PathStartsWithDoubleSlash);
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum BuildErrorKind {
        /// The part's text does not match its rule in RFC 3986.
        Syntax(ParseErrorKind) => "{0}",
        /// A userinfo or port without a host: they live in the authority (§3.2).
        MissingHost => "a userinfo or port needs a host",
        /// With an authority, the path must be empty or begin with `/` (§3.3).
        PathNotAbsolute => "with an authority, the path must be empty or begin with `/`",
        /// Without an authority, the path cannot begin with `//` (§3.3): it would
        /// read as one.
        PathStartsWithDoubleSlash => "without an authority, the path cannot begin with `//`",
        /// Without scheme and authority, the first path segment cannot hold `:`
        /// (§4.2): it would read as a scheme. Begin the path with `./`.
        ColonInFirstSegment => "`:` in the first segment of a relative path (begin it with `./`)",
        /// A URI needs a scheme.
        MissingScheme => "a URI needs a scheme",
        /// A relative reference cannot have a scheme.
        UnexpectedScheme => "a relative reference cannot have a scheme",
    }
}

impl core::error::Error for BuildErrorKind {}

/// The port of a [`Builder`]: as text, or as a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PortValue<'a> {
    Text(&'a str),
    Number(u16),
}

/// Builds a reference from parts, checking each against RFC 3986 (or RFC
/// 3987 for [`IriBuilder`]).
///
/// This is [`RiBuilder`] under [`UriSpec`]; [`IriBuilder`] is its IRI twin.
///
/// Parts are given without their delimiters (`query("a=1")`, not `"?a=1"`).
/// The plain setters (`path`, `query`, …) take text already
/// percent-encoded: the builder checks it, and does not encode it.
/// [`path_encoded`](RiBuilder::path_encoded),
/// [`push_segment`](RiBuilder::push_segment) and
/// [`append_query_pair`](RiBuilder::append_query_pair) encode what their
/// part cannot hold; [`host_ip`](RiBuilder::host_ip) and
/// [`port`](RiBuilder::port) take an `IpAddr` and a `u16`.
/// Setting a host makes an authority; `None` removes a part.
///
/// # Examples
///
/// ```
/// use uri_core::UriBuf;
///
/// let uri = UriBuf::builder()
///     .scheme("https")
///     .userinfo("john.doe")
///     .host("www.example.com")
///     .port(123)
///     .path("/forum/questions/")
///     .query("tag=networking&order=newest")
///     .fragment("top")
///     .build_uri()?;
/// assert_eq!(uri, "https://john.doe@www.example.com:123/forum/questions/?tag=networking&order=newest#top");
/// # Ok::<(), uri_core::BuildError>(())
/// ```
pub type Builder<'a> = RiBuilder<'a, UriSpec>;

/// A builder of IRI references: [`RiBuilder`] under [`IriSpec`].
///
/// # Examples
///
/// ```
/// let r = uri_core::IriBuilder::new().scheme("http").host("bücher.example").build_iri()?;
/// assert_eq!(r, "http://bücher.example");
/// # Ok::<(), uri_core::BuildError>(())
/// ```
pub type IriBuilder<'a> = RiBuilder<'a, IriSpec>;

/// Builds a reference from parts, generic over the [`Spec`]; see [`Builder`].
///
/// # Examples
///
/// ```
/// use uri_core::{IriSpec, RiBuilder};
///
/// let iri = RiBuilder::<IriSpec>::new().path("/ü").build()?;
/// assert_eq!(iri.path(), "/ü");
/// # Ok::<(), uri_core::BuildError>(())
/// ```
#[derive(Clone, Default)]
#[must_use]
pub struct RiBuilder<'a, S: Spec> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<Cow<'a, str>>,
    port: Option<PortValue<'a>>,
    path: Cow<'a, str>,
    query: Option<Cow<'a, str>>,
    fragment: Option<&'a str>,
    options: ParseOptions,
    spec: PhantomData<S>,
}

/// The parts, with what follows the first `:` of the userinfo hidden
/// (RFC 3986 §3.2.1), as on the reference types.
impl<S: Spec> core::fmt::Debug for RiBuilder<'_, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RiBuilder")
            .field("scheme", &self.scheme)
            .field(
                "userinfo",
                &self.userinfo.map(crate::redact::redact_userinfo),
            )
            .field("host", &self.host.as_deref())
            .field("port", &self.port)
            .field("path", &&*self.path)
            .field("query", &self.query.as_deref())
            .field("fragment", &self.fragment)
            .field("options", &self.options)
            .finish()
    }
}

impl<'a, S: Spec> RiBuilder<'a, S> {
    /// An empty builder: it builds the empty relative reference.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_core::Builder::new().build()?, "");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// A builder holding the parts of `parts`, to change some of them.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Builder, Uri};
    ///
    /// let uri = Uri::parse("http://a/b?c")?;
    /// let changed = Builder::from_components(uri.components()).query(None).build_uri()?;
    /// assert_eq!(changed, "http://a/b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_components(parts: Components<'a, S>) -> Self {
        let host = parts.host_str();
        RiBuilder {
            scheme: parts.scheme(),
            userinfo: parts.userinfo(),
            host: host.map(Cow::Borrowed),
            port: parts.port().map(PortValue::Text),
            path: Cow::Borrowed(parts.path()),
            query: parts.query().map(Cow::Borrowed),
            fragment: parts.fragment(),
            // Keep a zone identifier that was accepted when parsing.
            options: ParseOptions::new()
                .allow_zone_id(host.is_some_and(|h| h.starts_with('[') && h.contains('%'))),
            spec: PhantomData,
        }
    }

    /// Sets or removes the scheme (§3.1), without `:`.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::Builder::new().scheme("urn").path("isbn:0451450523").build()?;
    /// assert_eq!(r, "urn:isbn:0451450523");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn scheme(mut self, scheme: impl Into<Option<&'a str>>) -> Self {
        self.scheme = scheme.into();
        self
    }

    /// Sets or removes the userinfo (§3.2.1), without `@`.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::Builder::new().userinfo("me").host("h").build()?;
    /// assert_eq!(r, "//me@h");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn userinfo(mut self, userinfo: impl Into<Option<&'a str>>) -> Self {
        self.userinfo = userinfo.into();
        self
    }

    /// Sets or removes the host (§3.2.2): a registered name, an IPv4
    /// address, or an IP literal in brackets. `None` removes the whole
    /// authority, userinfo and port included.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::Builder::new().scheme("http").host("[::1]").path("/").build()?;
    /// assert_eq!(r, "http://[::1]/");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn host(mut self, host: impl Into<Option<&'a str>>) -> Self {
        self.host = host.into().map(Cow::Borrowed);
        if self.host.is_none() {
            self.userinfo = None;
            self.port = None;
        }
        self
    }

    /// Sets the host (§3.2.2) to an IP address: an IPv4 address in
    /// dotted-decimal, an IPv6 address in brackets (`IP-literal`), both in
    /// the text form of `core::net` (RFC 5952 for IPv6).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
    /// use uri_core::Builder;
    ///
    /// let v6 = Builder::new().scheme("http").host_ip(Ipv6Addr::LOCALHOST).port(8080).build_uri()?;
    /// assert_eq!(v6, "http://[::1]:8080");
    /// let v4 = Builder::new().scheme("http").host_ip(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1))).build_uri()?;
    /// assert_eq!(v4, "http://192.0.2.1");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn host_ip(mut self, ip: impl Into<IpAddr>) -> Self {
        self.host = Some(Cow::Owned(match ip.into() {
            IpAddr::V4(v4) => alloc::format!("{v4}"),
            IpAddr::V6(v6) => alloc::format!("[{v6}]"),
        }));
        self
    }

    /// Sets the port (§3.2.3) to a number.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::Builder::new().host("h").port(8080).build()?;
    /// assert_eq!(r, "//h:8080");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(PortValue::Number(port));
        self
    }

    /// Sets or removes the port as text: any string of digits, even empty.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::Builder::new().host("h").port_str("0080").build()?;
    /// assert_eq!(r, "//h:0080");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn port_str(mut self, port: impl Into<Option<&'a str>>) -> Self {
        self.port = port.into().map(PortValue::Text);
        self
    }

    /// Sets the path (§3.3); the default is empty.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::Builder::new().path("a/b").build()?;
    /// assert_eq!(r.path(), "a/b");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn path(mut self, path: &'a str) -> Self {
        self.path = Cow::Borrowed(path);
        self
    }

    /// Sets the path (§3.3) to `path` percent-encoded: each byte that a
    /// path cannot hold as it is (not a `pchar` or `/`), `%` and non-ASCII
    /// bytes included, becomes a `%XX` triplet. `/` stays a separator;
    /// use [`push_segment`](RiBuilder::push_segment) for text that may hold
    /// one.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::Builder::new().path_encoded("/my files/100%/é").build()?;
    /// assert_eq!(r, "/my%20files/100%25/%C3%A9");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn path_encoded(mut self, path: &str) -> Self {
        let mut out = String::with_capacity(path.len());
        encode_into(path, &EncodeSet::PATH, &mut out);
        self.path = Cow::Owned(out);
        self
    }

    /// Appends a segment to the path (§3.3), percent-encoded so that it
    /// stays one segment: every byte that is not a `pchar`, `/`, `%`, `?`,
    /// `#` and non-ASCII bytes included, becomes a `%XX` triplet.
    ///
    /// The segment is written after a `/`; when the path ends with an
    /// empty segment (it is empty, or ends with `/`), the new segment takes
    /// its place: `""` then `a` gives `/a`, `/a/` then `b` gives `/a/b`,
    /// `/a` then `b` gives `/a/b`.
    ///
    /// `.` and `..` are dot segments however they are encoded (RFC 3986
    /// §6.2.2.3: `%2E` is `.`), so resolution and normalization remove
    /// them: refuse them first if the text comes from a user.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::Builder::new()
    ///     .scheme("https")
    ///     .host("example.com")
    ///     .push_segment("files")
    ///     .push_segment("Q1/Q2 report.pdf")
    ///     .build_uri()?;
    /// assert_eq!(r, "https://example.com/files/Q1%2FQ2%20report.pdf");
    /// assert_eq!(r.path_segments().count(), 2);
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn push_segment(mut self, segment: &str) -> Self {
        let mut path = self.path.into_owned();
        if path.is_empty() || !path.ends_with('/') {
            path.push('/');
        }
        encode_into(segment, &EncodeSet::PATH_SEGMENT, &mut path);
        self.path = Cow::Owned(path);
        self
    }

    /// Sets or removes the query (§3.4), without `?`.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::Builder::new().query("").build()?;
    /// assert_eq!(r, "?");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn query(mut self, query: impl Into<Option<&'a str>>) -> Self {
        self.query = query.into().map(Cow::Borrowed);
        self
    }

    /// Appends `key=value` to the query (§3.4), after a `&` unless the
    /// query is absent or empty; each side is percent-encoded.
    ///
    /// The encoding is RFC 3986 style, readable by both usual decoders:
    /// every byte that a query cannot hold (a space is `%20`, not `+`),
    /// `%`, non-ASCII bytes, and `&`, `;`, `=` and `+` (which split pairs
    /// or, in form data, stand for a space) become `%XX` triplets. So
    /// `uri-encode`'s `query_pairs` and its form reading both give `key`
    /// and `value` back.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::Builder::new()
    ///     .path("/search")
    ///     .append_query_pair("q", "rust & C++")
    ///     .append_query_pair("lang", "fr")
    ///     .build()?;
    /// assert_eq!(r, "/search?q=rust%20%26%20C%2B%2B&lang=fr");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn append_query_pair(mut self, key: &str, value: &str) -> Self {
        let mut query = self.query.map(Cow::into_owned).unwrap_or_default();
        if !query.is_empty() {
            query.push('&');
        }
        encode_into(key, &EncodeSet::QUERY_COMPONENT, &mut query);
        query.push('=');
        encode_into(value, &EncodeSet::QUERY_COMPONENT, &mut query);
        self.query = Some(Cow::Owned(query));
        self
    }

    /// Sets or removes the fragment (§3.5), without `#`.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::Builder::new().fragment("top").build()?;
    /// assert_eq!(r, "#top");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn fragment(mut self, fragment: impl Into<Option<&'a str>>) -> Self {
        self.fragment = fragment.into();
        self
    }

    /// Sets the options the parts are checked with (to allow a zone identifier).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Builder, ParseOptions};
    ///
    /// let b = Builder::new().host("[fe80::1%25eth0]");
    /// assert!(b.clone().build().is_err());
    /// assert!(b.options(ParseOptions::new().allow_zone_id(true)).build().is_ok());
    /// ```
    pub fn options(mut self, options: ParseOptions) -> Self {
        self.options = options;
        self
    }

    /// Builds a `URI-reference`.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] naming the first bad part.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::Builder::new().path("./a:b").build()?;
    /// assert_eq!(r, "./a:b");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn build(self) -> Result<RiReferenceBuf<S>, BuildError> {
        let len = self.check()?;
        Ok(self.write(TrustedWriter::<S>::with_capacity(len)).finish())
    }

    /// Builds a `URI` or an `IRI`, as the spec is: the name for code
    /// generic over the [`Spec`]; [`Builder::build_uri`] and
    /// [`IriBuilder::build_iri`] say which one they give.
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::MissingScheme`] without a scheme, or a
    /// [`BuildError`] naming the first bad part.
    ///
    /// # Examples
    ///
    /// ```
    /// let iri = uri_core::IriBuilder::new().scheme("mailto").path("zoë@example.com").build_ri()?;
    /// assert_eq!(iri.scheme(), "mailto");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn build_ri(self) -> Result<RiBuf<S>, BuildError> {
        if self.scheme.is_none() {
            return Err(BuildError::new(
                Component::Scheme,
                BuildErrorKind::MissingScheme,
                0,
            ));
        }
        let len = self.check()?;
        // There is a scheme, and `write` writes it first, as the writer asks.
        let w = TrustedWriter::<S, Absolute>::with_capacity(len);
        Ok(self.write(w).finish())
    }

    /// Builds a `relative-ref`.
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::UnexpectedScheme`] with a scheme, or a
    /// [`BuildError`] naming the first bad part.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{BuildErrorKind, Builder};
    ///
    /// let err = Builder::new().path("a:b").build_relative().unwrap_err();
    /// assert_eq!(err.kind(), BuildErrorKind::ColonInFirstSegment);
    /// assert_eq!(err.index(), 1);
    /// ```
    pub fn build_relative(self) -> Result<RelativeRiBuf<S>, BuildError> {
        if self.scheme.is_some() {
            return Err(BuildError::new(
                Component::Scheme,
                BuildErrorKind::UnexpectedScheme,
                0,
            ));
        }
        let len = self.check()?;
        let (text, layout) = self
            .write(TrustedWriter::<S>::with_capacity(len))
            .into_relative_parts();
        Ok(RelativeRiBuf::from_raw(text, layout))
    }

    /// Checks every part, then the rules between parts; gives the length
    /// of the reference they make, at most.
    fn check(&self) -> Result<usize, BuildError> {
        let check = |part: Component, text: &str| {
            check_part::<S>(text, part, self.options).map_err(|e| BuildError::syntax(part, e))
        };
        let digits = self.port_digits();
        let port = self.port_text(digits.as_ref());
        let host = self.host.as_deref();
        let path = &*self.path;
        let query = self.query.as_deref();
        let parts = [
            (Component::Scheme, self.scheme),
            (Component::Userinfo, self.userinfo),
            (Component::Host, host),
            (Component::Port, port),
            (Component::Path, Some(path)),
            (Component::Query, query),
            (Component::Fragment, self.fragment),
        ];
        for (part, text) in parts {
            if let Some(text) = text {
                check(part, text)?;
            }
        }

        // §3.2, §3.3 and §4.2: what the parts may be, given each other.
        let path = path.as_bytes();
        if host.is_none() {
            if self.userinfo.is_some() {
                return Err(BuildError::new(
                    Component::Userinfo,
                    BuildErrorKind::MissingHost,
                    0,
                ));
            }
            if port.is_some() {
                return Err(BuildError::new(
                    Component::Port,
                    BuildErrorKind::MissingHost,
                    0,
                ));
            }
            if path.starts_with(b"//") {
                return Err(BuildError::new(
                    Component::Path,
                    BuildErrorKind::PathStartsWithDoubleSlash,
                    0,
                ));
            }
            if self.scheme.is_none() {
                let first = path.iter().position(|&c| c == b'/').unwrap_or(path.len());
                if let Some(k) = path[..first].iter().position(|&c| c == b':') {
                    return Err(BuildError::new(
                        Component::Path,
                        BuildErrorKind::ColonInFirstSegment,
                        k,
                    ));
                }
            }
        } else if !path.is_empty() && path[0] != b'/' {
            return Err(BuildError::new(
                Component::Path,
                BuildErrorKind::PathNotAbsolute,
                0,
            ));
        }

        Ok(
            [self.scheme, self.userinfo, host, port, query, self.fragment]
                .iter()
                .map(|part| part.map_or(0, |p| p.len() + 2))
                .sum::<usize>()
                + path.len(),
        )
    }

    /// The port of a number, in decimal.
    fn port_digits(&self) -> Option<PortDigits> {
        match self.port {
            Some(PortValue::Number(n)) => Some(itoa_u16(n)),
            _ => None,
        }
    }

    /// The port as text: given, or the decimal `digits` of a number.
    fn port_text<'s>(&'s self, digits: Option<&'s PortDigits>) -> Option<&'s str> {
        match self.port {
            Some(PortValue::Text(p)) => Some(p),
            Some(PortValue::Number(_)) => digits.map(PortDigits::as_str),
            None => None,
        }
    }

    /// Writes the parts, [`check`](Self::check)ed, with a
    /// [`TrustedWriter`], which records the components' offsets as it
    /// goes: nothing is parsed again.
    fn write<T>(&self, mut w: TrustedWriter<S, T>) -> TrustedWriter<S, T> {
        let digits = self.port_digits();
        let port = self.port_text(digits.as_ref());
        let host = self.host.as_deref();
        if let Some(scheme) = self.scheme {
            w.scheme(scheme);
        }
        if let Some(host) = host {
            w.start_authority();
            if let Some(userinfo) = self.userinfo {
                w.push_str(userinfo);
                w.end_userinfo();
            }
            w.push_str(host);
            w.end_host();
            if let Some(port) = port {
                w.port(port);
            }
        }
        w.push_str(&self.path);
        if let Some(query) = self.query.as_deref() {
            w.start_query();
            w.push_str(query);
        }
        if let Some(fragment) = self.fragment {
            w.start_fragment();
            w.push_str(fragment);
        }
        w
    }
}

/// Checks `text` as the whole of one component, with offsets relative to
/// `text`: the builder's way to name the first bad byte of the part the
/// caller gave, rather than of the assembled reference.
pub(crate) fn check_part<S: Spec>(
    text: &str,
    component: Component,
    options: ParseOptions,
) -> Result<(), ParseError> {
    let p = Parser::<S>::new(text, options);
    let n = text.len();
    match component {
        Component::Scheme => {
            if n == 0 {
                return Err(ParseError::new(ParseErrorKind::EmptyScheme, 0));
            }
            match text.bytes().position(|c| !grammar::SCHEME.contains(c)) {
                _ if !grammar::ALPHA.contains(text.as_bytes()[0]) => {
                    Err(ParseError::new(ParseErrorKind::InvalidScheme, 0))
                }
                Some(k) => Err(ParseError::new(ParseErrorKind::InvalidScheme, k)),
                None => Ok(()),
            }
        }
        Component::Userinfo => p.scan(0, n, &parser::USERINFO, &parser::NO_STOPS).map(drop),
        Component::Host if text.starts_with('[') => match p.ip_literal(0, n)?.0 {
            end if end < n => Err(ParseError::new(ParseErrorKind::InvalidAfterIpLiteral, end)),
            _ => Ok(()),
        },
        Component::Host => p.scan(0, n, &parser::REG_NAME, &parser::NO_STOPS).map(drop),
        Component::Port => match text.bytes().position(|c| !c.is_ascii_digit()) {
            Some(k) => Err(ParseError::new(ParseErrorKind::InvalidPortChar, k)),
            None => Ok(()),
        },
        Component::Path => p.scan(0, n, &parser::PATH, &parser::NO_STOPS).map(drop),
        Component::Query => p.scan(0, n, &parser::QUERY, &parser::NO_STOPS).map(drop),
        Component::Fragment => p.scan(0, n, &parser::FRAGMENT, &parser::NO_STOPS).map(drop),
    }
}

/// A `u16` in decimal, without allocating: the builder's and the setters'
/// port numbers.
#[derive(Clone, Copy)]
pub(crate) struct PortDigits {
    buf: [u8; 5],
    start: usize,
}

impl PortDigits {
    pub(crate) fn as_str(&self) -> &str {
        core::str::from_utf8(&self.buf[self.start..]).unwrap_or("0")
    }
}

pub(crate) fn itoa_u16(mut n: u16) -> PortDigits {
    let mut buf = [b'0'; 5];
    let mut start = 5;
    loop {
        start -= 1;
        buf[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    PortDigits { buf, start }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::{Uri, UriReference};

    #[track_caller]
    fn fails(b: Builder<'_>, part: Component, kind: BuildErrorKind, index: usize) {
        let err = b.build().unwrap_err();
        assert_eq!(
            (err.component(), err.kind(), err.index()),
            (part, kind, index),
            "{err}"
        );
    }

    fn syntax(kind: ParseErrorKind) -> BuildErrorKind {
        BuildErrorKind::Syntax(kind)
    }

    #[test]
    fn every_part_is_checked_alone() {
        use ParseErrorKind as K;
        let b = Builder::new;
        fails(b().scheme(""), Component::Scheme, syntax(K::EmptyScheme), 0);
        fails(
            b().scheme("1a"),
            Component::Scheme,
            syntax(K::InvalidScheme),
            0,
        );
        fails(
            b().scheme("a_b"),
            Component::Scheme,
            syntax(K::InvalidScheme),
            1,
        );
        fails(
            b().host("h").userinfo("a@b"),
            Component::Userinfo,
            syntax(K::InvalidUserinfoChar),
            1,
        );
        fails(
            b().host("h").userinfo("%4"),
            Component::Userinfo,
            syntax(K::InvalidPercentEncoding),
            0,
        );
        fails(
            b().host("a/b"),
            Component::Host,
            syntax(K::InvalidHostChar),
            1,
        );
        fails(
            b().host("a:1"),
            Component::Host,
            syntax(K::InvalidHostChar),
            1,
        );
        fails(
            b().host("[::1"),
            Component::Host,
            syntax(K::UnclosedIpLiteral),
            4,
        );
        fails(
            b().host("[::1]x"),
            Component::Host,
            syntax(K::InvalidAfterIpLiteral),
            5,
        );
        fails(
            b().host("[::1]:80"),
            Component::Host,
            syntax(K::InvalidAfterIpLiteral),
            5,
        );
        fails(
            b().host("[fe80::1%25x]"),
            Component::Host,
            syntax(K::ZoneIdNotAllowed),
            8,
        );
        fails(
            b().host("h").port_str("8a"),
            Component::Port,
            syntax(K::InvalidPortChar),
            1,
        );
        fails(
            b().path("/a?b"),
            Component::Path,
            syntax(K::InvalidPathChar),
            2,
        );
        fails(
            b().path("/a#b"),
            Component::Path,
            syntax(K::InvalidPathChar),
            2,
        );
        fails(
            b().query("a#b"),
            Component::Query,
            syntax(K::InvalidQueryChar),
            1,
        );
        fails(
            b().fragment("a#b"),
            Component::Fragment,
            syntax(K::InvalidFragmentChar),
            1,
        );
        fails(
            b().fragment("é"),
            Component::Fragment,
            syntax(K::InvalidFragmentChar),
            0,
        );
    }

    #[test]
    fn rules_between_parts() {
        let b = Builder::new;
        fails(
            b().userinfo("u"),
            Component::Userinfo,
            BuildErrorKind::MissingHost,
            0,
        );
        fails(
            b().port(80),
            Component::Port,
            BuildErrorKind::MissingHost,
            0,
        );
        // Removing the host removes the userinfo and port with it.
        let r = UriReference::parse("http://u@h:1/p").unwrap();
        let built = Builder::from_components(r.components()).host(None).build();
        assert_eq!(built.unwrap(), "http:/p");
        fails(
            b().host("h").path("a"),
            Component::Path,
            BuildErrorKind::PathNotAbsolute,
            0,
        );
        fails(
            b().scheme("s").path("//a"),
            Component::Path,
            BuildErrorKind::PathStartsWithDoubleSlash,
            0,
        );
        fails(
            b().path("//a"),
            Component::Path,
            BuildErrorKind::PathStartsWithDoubleSlash,
            0,
        );
        fails(
            b().path("a:b/c"),
            Component::Path,
            BuildErrorKind::ColonInFirstSegment,
            1,
        );
        // A colon after the first segment, or with a scheme, is fine.
        assert_eq!(b().path("a/b:c").build().unwrap(), "a/b:c");
        assert_eq!(b().scheme("s").path("a:b").build().unwrap(), "s:a:b");
        assert_eq!(b().host("h").path("/a:b").build().unwrap(), "//h/a:b");
        let err = b().path("a").build_uri().unwrap_err();
        assert_eq!(err.kind(), BuildErrorKind::MissingScheme);
        let err = b().scheme("s").build_relative().unwrap_err();
        assert_eq!(err.kind(), BuildErrorKind::UnexpectedScheme);
    }

    #[test]
    fn built_references_parse_to_the_same_parts() {
        let uri = Builder::new()
            .scheme("foo")
            .userinfo("u:p")
            .host("[v7.x:y]")
            .port_str("")
            .path("/a/b")
            .query("")
            .fragment("")
            .build_uri()
            .unwrap();
        assert_eq!(uri, "foo://u:p@[v7.x:y]:/a/b?#");
        let reparsed = Uri::parse(uri.as_str()).unwrap();
        assert_eq!(reparsed.port(), Some(""));
        assert_eq!(reparsed.query(), Some(""));
        assert_eq!(reparsed.fragment(), Some(""));
        assert_eq!(uri.port(), reparsed.port());
        assert_eq!(uri.host_kind(), reparsed.host_kind());
    }

    #[test]
    fn round_trip_through_components() {
        for input in [
            "",
            "a:",
            "a:b:c",
            "//h",
            "///p",
            "s://u@h:1/p?q#f",
            "./a:b",
            "http://[::1.2.3.4]:80",
            "?#",
        ] {
            let r = UriReference::parse(input).unwrap();
            let built = Builder::from_components(r.components()).build().unwrap();
            assert_eq!(built, input);
        }
    }

    #[test]
    fn port_numbers_are_written_in_decimal() {
        for (n, text) in [(0u16, "0"), (7, "7"), (80, "80"), (65535, "65535")] {
            assert_eq!(itoa_u16(n).as_str(), text);
        }
        // The setters' ports (`set_port_u16`), formerly their own copy.
        for port in [0u16, 1, 9, 10, 80, 443, 8080, 9999, 10000, 65535] {
            assert_eq!(itoa_u16(port).as_str(), alloc::format!("{port}"));
        }
    }
}
