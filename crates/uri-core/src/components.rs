//! The parsed components of a reference, shared by every typed wrapper.

use core::marker::PhantomData;
use core::net::{Ipv4Addr, Ipv6Addr};
use core::ops::Range;

use crate::component::Component;
use crate::ip;
use crate::parser::Layout;
use crate::spec::{Spec, UriSpec};

/// A parsed `URI-reference` (or `IRI-reference`, with [`IriSpec`](crate::IriSpec)):
/// the input and the offsets of its components.
///
/// The typed references ([`UriReference`](crate::UriReference),
/// [`Uri`](crate::Uri), [`RelativeRef`](crate::RelativeRef) and their IRI
/// twins) wrap this. Every getter slices the input: it never allocates, and
/// the result borrows the input, not `self`.
///
/// `Eq` and `Hash` compare the exact text.
///
/// # Examples
///
/// ```
/// use uri_core::UriReference;
///
/// let parts = UriReference::parse("foo://example.com:8042/over/there?name=ferret#nose")?.components();
/// assert_eq!(parts.scheme(), Some("foo"));
/// assert_eq!(parts.host_str(), Some("example.com"));
/// assert_eq!(parts.port(), Some("8042"));
/// assert_eq!(parts.path(), "/over/there");
/// assert_eq!(parts.query(), Some("name=ferret"));
/// assert_eq!(parts.fragment(), Some("nose"));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub struct Components<'a, S: Spec = UriSpec> {
    input: &'a str,
    layout: Layout,
    spec: PhantomData<S>,
}

impl<S: Spec> Clone for Components<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: Spec> Copy for Components<'_, S> {}

impl<'a, S: Spec> Components<'a, S> {
    /// Wraps input and the layout the parser found in it.
    #[inline]
    pub(crate) const fn new(input: &'a str, layout: Layout) -> Self {
        Components {
            input,
            layout,
            spec: PhantomData,
        }
    }

    #[inline]
    pub(crate) const fn layout(&self) -> Layout {
        self.layout
    }

    /// The whole input.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// assert_eq!(UriReference::parse("a/b?c")?.components().as_str(), "a/b?c");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub const fn as_str(&self) -> &'a str {
        self.input
    }

    /// The scheme (§3.1), without its `:`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// assert_eq!(UriReference::parse("HTTP://a")?.components().scheme(), Some("HTTP"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> Option<&'a str> {
        let end = self.layout.scheme_end;
        (end > 0).then(|| &self.input[..end])
    }

    /// The authority (§3.2), without its `//`; present but perhaps empty
    /// (`file:///x` has an empty authority).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// let r = UriReference::parse("//user@host:1/")?;
    /// assert_eq!(r.components().authority().map(|a| a.as_str()), Some("user@host:1"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn authority(&self) -> Option<Authority<'a>> {
        let l = &self.layout;
        (l.auth_start > 0).then_some(Authority {
            input: self.input,
            start: l.auth_start,
            host_start: l.host_start,
            host_end: l.host_end,
            end: l.path_start,
            host_kind: l.host_kind,
        })
    }

    /// The path (§3.3): always present, perhaps empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// assert_eq!(UriReference::parse("http://a/b/c?d")?.components().path(), "/b/c");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn path(&self) -> &'a str {
        &self.input[self.layout.path_start..self.layout.path_end]
    }

    /// The query (§3.4), without its `?`; `Some("")` for a bare `?`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// assert_eq!(UriReference::parse("http://a?")?.components().query(), Some(""));
    /// assert_eq!(UriReference::parse("http://a")?.components().query(), None);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn query(&self) -> Option<&'a str> {
        let l = &self.layout;
        (l.query_end > l.path_end).then(|| &self.input[l.path_end + 1..l.query_end])
    }

    /// The fragment (§3.5), without its `#`; `Some("")` for a bare `#`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// assert_eq!(UriReference::parse("#top")?.components().fragment(), Some("top"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn fragment(&self) -> Option<&'a str> {
        let start = self.layout.query_end;
        (start < self.input.len()).then(|| &self.input[start + 1..])
    }

    /// Where `component` is in the text, as a byte range without its
    /// delimiters (what the component's getter returns is
    /// `&as_str()[span]`); `None` when it is absent. The path is always
    /// present, perhaps empty. Offsets are API: slice the text with them
    /// instead of recovering them from the getters' pointers (as rust-url's
    /// `Position` slicing).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Component, Uri};
    ///
    /// let uri = Uri::parse("http://u@h:80/p?q#f")?;
    /// let parts = uri.components();
    /// assert_eq!(parts.span(Component::Scheme), Some(0..4));
    /// assert_eq!(parts.span(Component::Userinfo), Some(7..8));
    /// assert_eq!(parts.span(Component::Host), Some(9..10));
    /// assert_eq!(parts.span(Component::Port), Some(11..13));
    /// assert_eq!(parts.span(Component::Path), Some(13..15));
    /// assert_eq!(parts.span(Component::Query), Some(16..17));
    /// assert_eq!(parts.span(Component::Fragment), Some(18..19));
    /// assert_eq!(Uri::parse("a:b")?.components().span(Component::Host), None);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn span(&self, component: Component) -> Option<Range<usize>> {
        let l = &self.layout;
        match component {
            Component::Scheme => (l.scheme_end > 0).then_some(0..l.scheme_end),
            Component::Userinfo | Component::Host | Component::Port => {
                self.authority()?.span(component)
            }
            Component::Path => Some(l.path_start..l.path_end),
            Component::Query => (l.query_end > l.path_end).then_some(l.path_end + 1..l.query_end),
            Component::Fragment => {
                (l.query_end < self.input.len()).then_some(l.query_end + 1..self.input.len())
            }
        }
    }

    /// The userinfo (§3.2.1), without its `@`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// assert_eq!(UriReference::parse("//u:p@h")?.components().userinfo(), Some("u:p"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn userinfo(&self) -> Option<&'a str> {
        self.authority().and_then(|a| a.userinfo())
    }

    /// The host (§3.2.2), parsed.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Host, UriReference};
    ///
    /// let r = UriReference::parse("//127.0.0.1")?;
    /// assert_eq!(r.components().host(), Some(Host::Ipv4([127, 0, 0, 1].into())));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn host(&self) -> Option<Host<'a>> {
        self.authority().map(|a| a.host())
    }

    /// The host's exact text; an IP literal keeps its brackets.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// assert_eq!(UriReference::parse("//[::1]:80")?.components().host_str(), Some("[::1]"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn host_str(&self) -> Option<&'a str> {
        self.authority().map(|a| a.host_str())
    }

    /// The kind of host, without parsing it further.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{HostKind, UriReference};
    ///
    /// assert_eq!(UriReference::parse("//[v1.x]")?.components().host_kind(), Some(HostKind::IpvFuture));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn host_kind(&self) -> Option<HostKind> {
        (self.layout.auth_start > 0).then_some(self.layout.host_kind)
    }

    /// The port's text (§3.2.3), without its `:`; `Some("")` for a bare `:`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// assert_eq!(UriReference::parse("//h:")?.components().port(), Some(""));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn port(&self) -> Option<&'a str> {
        self.authority().and_then(|a| a.port())
    }

    /// The path's segments; see [`Segments`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// let r = UriReference::parse("/a/b/")?;
    /// assert!(r.components().path_segments().eq(["a", "b", ""]));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn path_segments(&self) -> Segments<'a> {
        Segments::new(self.path())
    }
}

impl<S: Spec> PartialEq for Components<'_, S> {
    fn eq(&self, other: &Self) -> bool {
        self.input == other.input
    }
}

impl<S: Spec> Eq for Components<'_, S> {}

impl<S: Spec> core::hash::Hash for Components<'_, S> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.input.hash(state);
    }
}

impl<S: Spec> core::fmt::Debug for Components<'_, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Components")
            .field(&format_args!("{}", crate::Redacted::new(*self)))
            .finish()
    }
}

/// The authority of a reference (§3.2): `[ userinfo "@" ] host [ ":" port ]`.
///
/// `Eq` and `Hash` compare the authority's exact text, whatever reference it
/// came from.
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
///
/// let uri = Uri::parse("https://john.doe@www.example.com:123/forum/")?;
/// let auth = uri.authority().unwrap();
/// assert_eq!(auth.as_str(), "john.doe@www.example.com:123");
/// assert_eq!(auth.userinfo(), Some("john.doe"));
/// assert_eq!(auth.host_str(), "www.example.com");
/// assert_eq!(auth.port(), Some("123"));
/// assert_eq!(auth.port_u16(), Ok(Some(123)));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Authority<'a> {
    input: &'a str,
    start: usize,
    host_start: usize,
    host_end: usize,
    end: usize,
    host_kind: HostKind,
}

impl<'a> Authority<'a> {
    /// The host's start and end, relative to the authority's start, and
    /// its kind: what a writer copying this authority must record.
    pub(crate) const fn offsets(&self) -> (usize, usize, HostKind) {
        (
            self.host_start - self.start,
            self.host_end - self.start,
            self.host_kind,
        )
    }

    /// The authority's exact text, without the `//`.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("file:///etc/hosts")?;
    /// assert_eq!(uri.authority().unwrap().as_str(), "");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &'a str {
        &self.input[self.start..self.end]
    }

    /// The userinfo, without its `@`.
    ///
    /// RFC 3986 §3.2.1 deprecates `user:password`; applications should not
    /// show what follows the first `:` (see `redacted()` on the reference types).
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("ftp://anonymous@ftp.example.com/")?;
    /// assert_eq!(uri.authority().unwrap().userinfo(), Some("anonymous"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn userinfo(&self) -> Option<&'a str> {
        (self.host_start > self.start).then(|| &self.input[self.start..self.host_start - 1])
    }

    /// The host, parsed: an IPv4 or IPv6 address, an `IPvFuture`, or a
    /// registered name.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Host, Uri};
    ///
    /// let uri = Uri::parse("http://[2001:db8::7]/")?;
    /// let Host::Ipv6 { addr, zone: None } = uri.authority().unwrap().host() else { panic!() };
    /// assert_eq!(addr.segments()[0], 0x2001);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn host(&self) -> Host<'a> {
        // Most hosts are names: no address to read, inlined.
        if self.host_kind == HostKind::RegName {
            return Host::RegName(self.host_str());
        }
        self.host_address()
    }

    /// [`Authority::host`] for an IP address or an `IPvFuture`, out of line.
    fn host_address(&self) -> Host<'a> {
        let text = self.host_str();
        let b = text.as_bytes();
        match self.host_kind {
            HostKind::Ipv4 => Host::Ipv4(ip::parse_ipv4(b).unwrap_or(Ipv4Addr::UNSPECIFIED)),
            HostKind::Ipv6 => {
                let inner = &text[1..text.len() - 1];
                let (addr, zone) = match inner.find('%') {
                    Some(pct) => (&inner[..pct], Some(&inner[pct + 3..])),
                    None => (inner, None),
                };
                Host::Ipv6 {
                    addr: ip::parse_ipv6(addr.as_bytes()).unwrap_or(Ipv6Addr::UNSPECIFIED),
                    zone,
                }
            }
            HostKind::IpvFuture => {
                let inner = &text[2..text.len() - 1];
                let dot = inner.find('.').unwrap_or(0);
                Host::IpvFuture {
                    version: &inner[..dot],
                    address: &inner[dot + 1..],
                }
            }
            HostKind::RegName => Host::RegName(text),
        }
    }

    /// The host's exact text; an IP literal keeps its brackets, as the `host`
    /// rule of §3.2.2 does.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("ldap://[2001:db8::7]/c=GB")?;
    /// assert_eq!(uri.authority().unwrap().host_str(), "[2001:db8::7]");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn host_str(&self) -> &'a str {
        &self.input[self.host_start..self.host_end]
    }

    /// The kind of host.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{HostKind, Uri};
    ///
    /// let uri = Uri::parse("telnet://192.0.2.16:80/")?;
    /// assert_eq!(uri.authority().unwrap().host_kind(), HostKind::Ipv4);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn host_kind(&self) -> HostKind {
        self.host_kind
    }

    /// The port's text, without its `:`. Any string of digits is valid
    /// syntax, the empty one included (§3.2.3); see [`Authority::port_u16`].
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("http://a:0080/")?;
    /// assert_eq!(uri.authority().unwrap().port(), Some("0080"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn port(&self) -> Option<&'a str> {
        (self.host_end < self.end).then(|| &self.input[self.host_end + 1..self.end])
    }

    /// Where the host is in the text of the whole reference, as a byte
    /// range: the span of the one part an authority always has (see
    /// [`Authority::span`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Uri::parse("http://u@h:80/")?;
    /// assert_eq!(uri.authority().map(|a| a.host_span()), Some(9..10));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn host_span(&self) -> Range<usize> {
        self.host_start..self.host_end
    }

    /// Where `component` (the userinfo, host or port) is in the text of the
    /// whole reference, as a byte range without its delimiters; `None` for
    /// an absent userinfo or port, and for the other components. See
    /// [`Components::span`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Component, Uri};
    ///
    /// let uri = Uri::parse("http://u@h:80/")?;
    /// let span = |c| uri.authority().and_then(|a| a.span(c));
    /// assert_eq!(span(Component::Userinfo), Some(7..8));
    /// assert_eq!(span(Component::Host), Some(9..10));
    /// assert_eq!(span(Component::Port), Some(11..13));
    /// assert_eq!(span(Component::Path), None);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn span(&self, component: Component) -> Option<Range<usize>> {
        match component {
            Component::Host => Some(self.host_span()),
            Component::Userinfo => {
                (self.host_start > self.start).then_some(self.start..self.host_start - 1)
            }
            Component::Port => (self.host_end < self.end).then_some(self.host_end + 1..self.end),
            _ => None,
        }
    }

    /// The port as a number: `Ok(None)` when there is no port or it is
    /// empty (`http://a:/`: RFC 3986 §3.2.3 says an empty port is the
    /// scheme's default, as if there were none), an error when it does not
    /// fit in 16 bits.
    ///
    /// # Errors
    ///
    /// [`PortError::TooLarge`] above 65535. ([`PortError::Empty`] is no
    /// longer returned.)
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{PortError, Uri};
    ///
    /// let port = |s| Uri::parse(s).unwrap().authority().unwrap().port_u16();
    /// assert_eq!(port("http://a:0080/"), Ok(Some(80)));
    /// assert_eq!(port("http://a/"), Ok(None));
    /// assert_eq!(port("http://a:/"), Ok(None));
    /// assert_eq!(port("http://a:65536/"), Err(PortError::TooLarge));
    /// ```
    pub fn port_u16(&self) -> Result<Option<u16>, PortError> {
        let Some(port) = self.port().filter(|p| !p.is_empty()) else {
            return Ok(None);
        };
        let mut value: u32 = 0;
        for b in port.bytes() {
            value = value * 10 + u32::from(b - b'0');
            if value > u32::from(u16::MAX) {
                return Err(PortError::TooLarge);
            }
        }
        Ok(Some(value as u16))
    }
}

#[cfg(feature = "std")]
impl Authority<'_> {
    /// The socket addresses this authority names, for connecting to it:
    /// the host with the port, or with `default_port` when there is no
    /// port or it is empty (an empty port is the scheme's default, RFC 3986
    /// §3.2.3 and §6.2.3).
    ///
    /// An IP address (IPv4, or IPv6 without its brackets) gives one
    /// address without any lookup. **A registered name is resolved** by
    /// the operating system's resolver (`std::net::ToSocketAddrs`): this
    /// may block and send DNS queries, and the answer is whatever the
    /// resolver says. Check the addresses before connecting if you filter
    /// by address (see [`address::is_global`](crate::address::is_global)).
    ///
    /// Only with the `std` feature.
    ///
    /// # Errors
    ///
    /// An `std::io::Error`: `InvalidInput` for a port above 65535, an
    /// `IPvFuture` host (no resolver knows one), a registered name with
    /// `%` (percent-encoded bytes are not a DNS name) or a zone identifier
    /// that is not a number (a scope id); otherwise the resolver's error.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::net::SocketAddr;
    /// use uri_core::Uri;
    ///
    /// let uri = Uri::parse("http://[::1]/")?;
    /// let authority = uri.authority().ok_or("no authority")?;
    /// let addrs: Vec<SocketAddr> = authority.socket_addrs(80)?.collect();
    /// assert_eq!(addrs, ["[::1]:80".parse::<SocketAddr>()?]);
    ///
    /// let uri = Uri::parse("http://192.0.2.1:8080/")?;
    /// let authority = uri.authority().ok_or("no authority")?;
    /// let addr = authority.socket_addrs(80)?.next();
    /// assert_eq!(addr, Some("192.0.2.1:8080".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn socket_addrs(
        &self,
        default_port: u16,
    ) -> std::io::Result<std::vec::IntoIter<std::net::SocketAddr>> {
        use std::io::{Error, ErrorKind};
        use std::net::{SocketAddr, SocketAddrV4, SocketAddrV6, ToSocketAddrs};

        let invalid = |why: &str| Error::new(ErrorKind::InvalidInput, why);
        let port = match self.port_u16() {
            Ok(Some(port)) => port,
            Ok(None) | Err(PortError::Empty) => default_port,
            Err(_) => return Err(invalid("the port is greater than 65535")),
        };
        let addr = match self.host() {
            Host::Ipv4(addr) => SocketAddr::V4(SocketAddrV4::new(addr, port)),
            Host::Ipv6 { addr, zone } => {
                let scope = match zone {
                    None => 0,
                    Some(zone) => zone
                        .parse::<u32>()
                        .map_err(|_| invalid("an IPv6 zone identifier that is not a number"))?,
                };
                SocketAddr::V6(SocketAddrV6::new(addr, port, 0, scope))
            }
            Host::IpvFuture { .. } => return Err(invalid("an IPvFuture host cannot be resolved")),
            Host::RegName(name) => {
                if name.contains('%') {
                    return Err(invalid("a percent-encoded host name cannot be resolved"));
                }
                return (name, port).to_socket_addrs();
            }
        };
        Ok(std::vec![addr].into_iter())
    }
}

impl PartialEq for Authority<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Authority<'_> {}

impl core::hash::Hash for Authority<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl core::fmt::Debug for Authority<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Authority")
            .field(
                "userinfo",
                &self.userinfo().map(crate::redact::redact_userinfo),
            )
            .field("host", &self.host_str())
            .field("port", &self.port())
            .finish()
    }
}

/// The authority's exact text (RFC 3986 §3.2), without the `//`, as
/// [`Authority::as_str`]: the userinfo, password included, is written as
/// it is (`Debug` hides the password).
///
/// # Examples
///
/// ```
/// let uri = uri_core::Uri::parse("http://user@[::1]:8080/")?;
/// let authority = uri.authority().ok_or("no authority")?;
/// assert_eq!(authority.to_string(), "user@[::1]:8080");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl core::fmt::Display for Authority<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a port is not a `u16`; see [`Authority::port_u16`].
///
/// # Examples
///
/// ```
/// assert_eq!(uri_core::PortError::Empty.to_string(), "the port is empty");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PortError {
    /// The port is present but empty (`http://a:/`), which RFC 3986 allows and
    /// §6.2.3 normalizes away. `port_u16` no longer returns it: an empty
    /// port reads as `Ok(None)`, the scheme's default.
    #[error("the port is empty")]
    Empty,
    /// The port is greater than 65535.
    #[error("the port is greater than 65535")]
    TooLarge,
}

/// A parsed host (§3.2.2).
///
/// Addresses are the `core::net` types. Only the forms RFC 3986 defines are
/// addresses: `127.1`, `0x7f.0.0.1` and `2130706433` are registered names,
/// whatever an operating system's resolver makes of them.
///
/// # Examples
///
/// ```
/// use uri_core::{Host, Uri};
///
/// let host = Uri::parse("http://127.1/")?.host();
/// assert_eq!(host, Some(Host::RegName("127.1")));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// `IPv4address`: four `dec-octet`s, no leading zeros.
    Ipv4(Ipv4Addr),
    /// `IPv6address` in brackets, with an RFC 6874 zone identifier (the text
    /// after `%25`, still percent-encoded) when parsing allowed one.
    Ipv6 {
        /// The address.
        addr: Ipv6Addr,
        /// The zone identifier, without `%25`.
        zone: Option<&'a str>,
    },
    /// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
    IpvFuture {
        /// The hex digits after `v`.
        version: &'a str,
        /// The text after the `.`.
        address: &'a str,
    },
    /// `reg-name`, exactly as written (perhaps empty, perhaps percent-encoded).
    RegName(&'a str),
}

impl Host<'_> {
    /// The kind of this host.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Host, HostKind};
    ///
    /// assert_eq!(Host::RegName("example.com").kind(), HostKind::RegName);
    /// ```
    pub const fn kind(&self) -> HostKind {
        match self {
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6 { .. } => HostKind::Ipv6,
            Host::IpvFuture { .. } => HostKind::IpvFuture,
            Host::RegName(_) => HostKind::RegName,
        }
    }

    /// The IP address, for the two IP kinds.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    ///
    /// let ip = Uri::parse("http://[::1]/")?.host().and_then(|h| h.ip());
    /// assert_eq!(ip, Some(std::net::Ipv6Addr::LOCALHOST.into()));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub const fn ip(&self) -> Option<core::net::IpAddr> {
        match *self {
            Host::Ipv4(a) => Some(core::net::IpAddr::V4(a)),
            Host::Ipv6 { addr, .. } => Some(core::net::IpAddr::V6(addr)),
            _ => None,
        }
    }

    /// Whether this host is an IP literal that is not a globally reachable
    /// unicast address ([`address::is_global`](crate::address::is_global)):
    /// loopback, private, link-local, shared, documentation, multicast,
    /// reserved, or an IPv6 form embedding such an IPv4 address. An IPv6
    /// literal with a zone identifier (RFC 6874) is scoped to a link, so it
    /// is never global.
    ///
    /// `false` for a reg-name and for `IpvFuture`: they are not addresses.
    /// A reg-name must be resolved and each of its addresses checked; no
    /// resolver knows an `IpvFuture`, so a filter should refuse it.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    ///
    /// let non_global = |s| Uri::parse(s).map(|u| u.host().is_some_and(|h| h.is_non_global_ip()));
    /// assert!(non_global("http://127.0.0.1/")?);
    /// assert!(non_global("http://100.100.100.200/")?);
    /// assert!(non_global("http://[::ffff:10.0.0.1]/")?);
    /// assert!(!non_global("http://8.8.8.8/")?);
    /// assert!(!non_global("http://localhost/")?); // a name, not an address
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn is_non_global_ip(&self) -> bool {
        match *self {
            Host::Ipv6 { zone: Some(_), .. } => true,
            _ => self.ip().is_some_and(|ip| !crate::address::is_global(ip)),
        }
    }
}

/// The host in the text form of RFC 3986 §3.2.2: a registered name as
/// written, an IPv4 address in dotted-decimal, an IPv6 address or an
/// `IPvFuture` in brackets (`[2001:db8::1]`, `[v7.x]`), with an RFC 6874
/// zone identifier as `%25` and the zone.
///
/// Addresses are written in their canonical form (RFC 5952 for IPv6, as
/// `core::net` writes them), which may differ from the text that was
/// parsed: `[2001:DB8:0::1]` is written `[2001:db8::1]`. Use
/// [`Authority::host_str`] for the exact text.
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
///
/// let host = |s| Uri::parse(s).ok().and_then(|u| u.host()).map(|h| h.to_string());
/// assert_eq!(host("http://example.com/").as_deref(), Some("example.com"));
/// assert_eq!(host("http://192.0.2.1/").as_deref(), Some("192.0.2.1"));
/// assert_eq!(host("http://[2001:DB8:0::1]/").as_deref(), Some("[2001:db8::1]"));
/// assert_eq!(host("http://[v7.x:y]/").as_deref(), Some("[v7.x:y]"));
/// ```
impl core::fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Host::Ipv4(addr) => write!(f, "{addr}"),
            Host::Ipv6 { addr, zone: None } => write!(f, "[{addr}]"),
            Host::Ipv6 {
                addr,
                zone: Some(zone),
            } => write!(f, "[{addr}%25{zone}]"),
            Host::IpvFuture { version, address } => write!(f, "[v{version}.{address}]"),
            Host::RegName(name) => f.write_str(name),
        }
    }
}

/// What kind of host the authority holds; see [`Host`] for the parsed value.
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

/// The segments of a path (§3.3), split at `/`.
///
/// A leading `/` starts the first segment rather than yielding an empty one;
/// the empty path has no segments; every other `/` separates two segments,
/// which may be empty: `/a//b/` gives `a`, ``, `b`, ``. Segments are the raw
/// text, still percent-encoded.
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
///
/// let uri = Uri::parse("http://a/b/c/d;p?q")?;
/// assert!(uri.path_segments().eq(["b", "c", "d;p"]));
/// assert_eq!(uri.path_segments().next_back(), Some("d;p"));
/// assert_eq!(Uri::parse("http://a")?.path_segments().count(), 0);
/// assert!(Uri::parse("http://a/")?.path_segments().eq([""]));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Segments<'a> {
    rest: Option<&'a str>,
}

impl<'a> Segments<'a> {
    /// The segments of `path`, which need not come from a parsed reference.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_core::Segments::new("a/b").eq(["a", "b"]));
    /// ```
    pub fn new(path: &'a str) -> Self {
        let rest = match path {
            "" => None,
            _ => Some(path.strip_prefix('/').unwrap_or(path)),
        };
        Segments { rest }
    }
}

impl<'a> Iterator for Segments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match rest.find('/') {
            Some(i) => {
                self.rest = Some(&rest[i + 1..]);
                Some(&rest[..i])
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

impl DoubleEndedIterator for Segments<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let rest = self.rest?;
        match rest.rfind('/') {
            Some(i) => {
                self.rest = Some(&rest[..i]);
                Some(&rest[i + 1..])
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

impl core::iter::FusedIterator for Segments<'_> {}
