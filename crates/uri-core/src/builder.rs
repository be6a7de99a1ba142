//! Building references from parts, and changing the parts of owned ones.
//!
//! Every path through here checks each part against its rule and the
//! whole against RFC 3986, so only valid references come out; a bad part is
//! an error naming the part and its first bad byte, never a panic.

use alloc::string::String;
use core::fmt::Write as _;

use crate::Components;
use crate::error::{ParseError, ParseErrorKind};
use crate::owned::{RelativeRefBuf, UriBuf, UriReferenceBuf};
use crate::parser::{self, Layout, ParseOptions, PartRule, Rfc3986, Rule, check_part};

/// The part of a reference a [`BuildError`] is about.
///
/// # Examples
///
/// ```
/// use uri_core::{Part, UriReferenceBuf};
///
/// let err = UriReferenceBuf::builder().path("a?b").build().unwrap_err();
/// assert_eq!(err.part(), Part::Path);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Part {
    /// The scheme.
    Scheme,
    /// The userinfo.
    Userinfo,
    /// The host.
    Host,
    /// The port.
    Port,
    /// The path.
    Path,
    /// The query.
    Query,
    /// The fragment.
    Fragment,
}

impl Part {
    /// The part's name in RFC 3986, lower case.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_core::Part::Userinfo.as_str(), "userinfo");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Part::Scheme => "scheme",
            Part::Userinfo => "userinfo",
            Part::Host => "host",
            Part::Port => "port",
            Part::Path => "path",
            Part::Query => "query",
            Part::Fragment => "fragment",
        }
    }

    const fn rule(self) -> PartRule {
        match self {
            Part::Scheme => PartRule::Scheme,
            Part::Userinfo => PartRule::Userinfo,
            Part::Host => PartRule::Host,
            Part::Port => PartRule::Port,
            Part::Path => PartRule::Path,
            Part::Query => PartRule::Query,
            Part::Fragment => PartRule::Fragment,
        }
    }
}

impl core::fmt::Display for Part {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why parts do not make a valid reference: which part, what, and at which
/// byte of that part.
///
/// # Examples
///
/// ```
/// use uri_core::{BuildErrorKind, ParseErrorKind, Part, UriBuf};
///
/// let err = UriBuf::builder().scheme("http").host("exa mple.com").build_uri().unwrap_err();
/// assert_eq!(err.part(), Part::Host);
/// assert_eq!(err.kind(), BuildErrorKind::Syntax(ParseErrorKind::InvalidHostChar));
/// assert_eq!(err.index(), 3);
/// assert_eq!(err.to_string(), "character not allowed in host, in the host at byte 3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{kind}, in the {part} at byte {index}")]
pub struct BuildError {
    part: Part,
    kind: BuildErrorKind,
    index: usize,
}

impl BuildError {
    const fn new(part: Part, kind: BuildErrorKind, index: usize) -> Self {
        BuildError { part, kind, index }
    }

    fn syntax(part: Part, e: ParseError) -> Self {
        BuildError::new(part, BuildErrorKind::Syntax(e.kind()), e.index())
    }

    /// The part at fault.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Part, UriBuf};
    ///
    /// let err = UriBuf::builder().scheme("1a").build_uri().unwrap_err();
    /// assert_eq!(err.part(), Part::Scheme);
    /// ```
    pub const fn part(&self) -> Part {
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

    /// The byte offset, in the text given for [`BuildError::part`], of the
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// The part's text does not match its rule in RFC 3986.
    #[error("{0}")]
    Syntax(ParseErrorKind),
    /// A userinfo or port without a host: they live in the authority (§3.2).
    #[error("a userinfo or port needs a host")]
    MissingHost,
    /// With an authority, the path must be empty or begin with `/` (§3.3).
    #[error("with an authority, the path must be empty or begin with `/`")]
    PathNotAbsolute,
    /// Without an authority, the path cannot begin with `//` (§3.3): it would
    /// read as one.
    #[error("without an authority, the path cannot begin with `//`")]
    PathStartsWithDoubleSlash,
    /// Without scheme and authority, the first path segment cannot hold `:`
    /// (§4.2): it would read as a scheme. Begin the path with `./`.
    #[error("`:` in the first segment of a relative path (begin it with `./`)")]
    ColonInFirstSegment,
    /// A URI needs a scheme.
    #[error("a URI needs a scheme")]
    MissingScheme,
    /// A relative reference cannot have a scheme.
    #[error("a relative reference cannot have a scheme")]
    UnexpectedScheme,
}

/// The port of a [`Builder`]: as text, or as a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PortValue<'a> {
    Text(&'a str),
    Number(u16),
}

/// Builds a reference from parts, checking each against RFC 3986.
///
/// Parts are given without their delimiters (`query("a=1")`, not `"?a=1"`)
/// and already percent-encoded: the builder checks, it does not encode.
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
#[derive(Debug, Clone, Copy, Default)]
#[must_use]
pub struct Builder<'a> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<PortValue<'a>>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
    options: ParseOptions,
}

impl<'a> Builder<'a> {
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
    pub fn from_components(parts: Components<'a>) -> Self {
        let host = parts.host_str();
        Builder {
            scheme: parts.scheme(),
            userinfo: parts.userinfo(),
            host,
            port: parts.port().map(PortValue::Text),
            path: parts.path(),
            query: parts.query(),
            fragment: parts.fragment(),
            // Keep a zone identifier that was accepted when parsing.
            options: ParseOptions::new()
                .allow_zone_id(host.is_some_and(|h| h.starts_with('[') && h.contains('%'))),
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
        self.host = host.into();
        if self.host.is_none() {
            self.userinfo = None;
            self.port = None;
        }
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
        self.path = path;
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
        self.query = query.into();
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
    /// assert!(b.build().is_err());
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
    pub fn build(self) -> Result<UriReferenceBuf, BuildError> {
        let (text, layout) = self.assemble(Rule::Reference)?;
        Ok(UriReferenceBuf::from_raw(text, layout))
    }

    /// Builds a `URI`.
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::MissingScheme`] without a scheme, or a
    /// [`BuildError`] naming the first bad part.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::Builder::new().scheme("mailto").path("fred@example.com").build_uri()?;
    /// assert_eq!(uri.scheme(), "mailto");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn build_uri(self) -> Result<UriBuf, BuildError> {
        if self.scheme.is_none() {
            return Err(BuildError::new(
                Part::Scheme,
                BuildErrorKind::MissingScheme,
                0,
            ));
        }
        let (text, layout) = self.assemble(Rule::Uri)?;
        Ok(UriBuf::from_raw(text, layout))
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
    pub fn build_relative(self) -> Result<RelativeRefBuf, BuildError> {
        if self.scheme.is_some() {
            return Err(BuildError::new(
                Part::Scheme,
                BuildErrorKind::UnexpectedScheme,
                0,
            ));
        }
        let (text, layout) = self.assemble(Rule::Relative)?;
        Ok(RelativeRefBuf::from_raw(text, layout))
    }

    /// Checks every part, then the rules between parts, then writes the
    /// reference and parses it against `rule` as a last guard.
    fn assemble(&self, rule: Rule) -> Result<(String, Layout), BuildError> {
        let check = |part: Part, text: &str| {
            check_part::<Rfc3986>(text, part.rule(), self.options)
                .map_err(|e| BuildError::syntax(part, e))
        };
        let digits = match self.port {
            Some(PortValue::Number(n)) => Some(itoa_u16(n)),
            _ => None,
        };
        let port = match self.port {
            Some(PortValue::Text(p)) => Some(p),
            Some(PortValue::Number(_)) => digits.as_ref().map(PortDigits::as_str),
            None => None,
        };
        let parts = [
            (Part::Scheme, self.scheme),
            (Part::Userinfo, self.userinfo),
            (Part::Host, self.host),
            (Part::Port, port),
            (Part::Path, Some(self.path)),
            (Part::Query, self.query),
            (Part::Fragment, self.fragment),
        ];
        for (part, text) in parts {
            if let Some(text) = text {
                check(part, text)?;
            }
        }

        // §3.2, §3.3 and §4.2: what the parts may be, given each other.
        let path = self.path.as_bytes();
        if self.host.is_none() {
            if self.userinfo.is_some() {
                return Err(BuildError::new(
                    Part::Userinfo,
                    BuildErrorKind::MissingHost,
                    0,
                ));
            }
            if port.is_some() {
                return Err(BuildError::new(Part::Port, BuildErrorKind::MissingHost, 0));
            }
            if path.starts_with(b"//") {
                return Err(BuildError::new(
                    Part::Path,
                    BuildErrorKind::PathStartsWithDoubleSlash,
                    0,
                ));
            }
            if self.scheme.is_none() {
                let first = path.iter().position(|&c| c == b'/').unwrap_or(path.len());
                if let Some(k) = path[..first].iter().position(|&c| c == b':') {
                    return Err(BuildError::new(
                        Part::Path,
                        BuildErrorKind::ColonInFirstSegment,
                        k,
                    ));
                }
            }
        } else if !path.is_empty() && path[0] != b'/' {
            return Err(BuildError::new(
                Part::Path,
                BuildErrorKind::PathNotAbsolute,
                0,
            ));
        }

        let mut text = String::new();
        let _ = write_parts(
            &mut text,
            self.scheme,
            self.userinfo,
            self.host,
            port,
            self.path,
            self.query,
            self.fragment,
        );
        match parser::parse::<Rfc3986>(&text, self.options, rule) {
            Ok(layout) => Ok((text, layout)),
            // Unreachable when the checks above are complete; reported, not panicked.
            Err(e) => Err(BuildError::syntax(Part::Path, e)),
        }
    }
}

/// Writes parts with their delimiters, as §5.3 recomposes them.
#[allow(clippy::too_many_arguments)]
fn write_parts(
    out: &mut String,
    scheme: Option<&str>,
    userinfo: Option<&str>,
    host: Option<&str>,
    port: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> core::fmt::Result {
    if let Some(scheme) = scheme {
        write!(out, "{scheme}:")?;
    }
    if let Some(host) = host {
        out.push_str("//");
        if let Some(userinfo) = userinfo {
            write!(out, "{userinfo}@")?;
        }
        out.push_str(host);
        if let Some(port) = port {
            write!(out, ":{port}")?;
        }
    }
    out.push_str(path);
    if let Some(query) = query {
        write!(out, "?{query}")?;
    }
    if let Some(fragment) = fragment {
        write!(out, "#{fragment}")?;
    }
    Ok(())
}

/// A `u16` in decimal, without allocating.
#[derive(Clone, Copy)]
struct PortDigits {
    buf: [u8; 5],
    start: usize,
}

impl PortDigits {
    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.buf[self.start..]).unwrap_or("0")
    }
}

fn itoa_u16(mut n: u16) -> PortDigits {
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

macro_rules! setters {
    ($Buf:ident, $build:ident, $example:literal) => {
        impl $Buf {
            /// Sets or removes the userinfo (§3.2.1), without `@`.
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if it is not valid userinfo, or there is no host.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Buf), "::parse(\"", $example, "\")?;")]
            /// r.set_userinfo(Some("me"))?;
            /// assert_eq!(r.userinfo(), Some("me"));
            /// assert!(r.set_userinfo(Some("a@b")).is_err());
            /// assert_eq!(r.userinfo(), Some("me"));
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
                *self = Builder::from_components(self.components()).userinfo(userinfo).$build()?;
                Ok(())
            }

            /// Sets or removes the host (§3.2.2); `None` removes the whole authority.
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if it is not a valid host, or the path does not
            /// fit the new authority.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Buf), "::parse(\"", $example, "\")?;")]
            /// r.set_host(Some("[2001:db8::1]"))?;
            /// assert_eq!(r.host_str(), Some("[2001:db8::1]"));
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_host(&mut self, host: Option<&str>) -> Result<(), BuildError> {
                *self = Builder::from_components(self.components()).host(host).$build()?;
                Ok(())
            }

            /// Sets or removes the port (§3.2.3): any string of digits.
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if it holds a non-digit, or there is no host.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Buf), "::parse(\"", $example, "\")?;")]
            /// r.set_port(Some("8080"))?;
            /// assert_eq!(r.port(), Some("8080"));
            /// assert!(r.set_port(Some("80a")).is_err());
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_port(&mut self, port: Option<&str>) -> Result<(), BuildError> {
                *self = Builder::from_components(self.components()).port_str(port).$build()?;
                Ok(())
            }

            /// Sets the path (§3.3).
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if it is not a valid path, or breaks §3.3 or
            /// §4.2 given the other parts (a path that does not begin with `/`
            /// after an authority; `//` without one; a `:` in the first segment
            /// of a relative path).
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Buf), "::parse(\"", $example, "\")?;")]
            /// r.set_path("/a/b")?;
            /// assert_eq!(r.path(), "/a/b");
            /// assert!(r.set_path("relative").is_err());
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
                *self = Builder::from_components(self.components()).path(path).$build()?;
                Ok(())
            }

            /// Sets or removes the query (§3.4), without `?`.
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if it is not a valid query (a `#`, a space…).
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Buf), "::parse(\"", $example, "\")?;")]
            /// r.set_query(Some("a=1"))?;
            /// assert_eq!(r.query(), Some("a=1"));
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
                *self = Builder::from_components(self.components()).query(query).$build()?;
                Ok(())
            }

            /// Sets or removes the fragment (§3.5), without `#`.
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if it is not a valid fragment.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Buf), "::parse(\"", $example, "\")?;")]
            /// r.set_fragment(Some("top"))?;
            /// assert_eq!(r.fragment(), Some("top"));
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
                *self = Builder::from_components(self.components()).fragment(fragment).$build()?;
                Ok(())
            }
        }
    };
}

setters!(UriReferenceBuf, build, "s://h/p");
setters!(UriBuf, build_uri, "s://h/p");
setters!(RelativeRefBuf, build_relative, "//h/p");

impl UriReferenceBuf {
    /// A [`Builder`] to make one from parts.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::UriReferenceBuf::builder().path("a").query("b").build()?;
    /// assert_eq!(r, "a?b");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn builder<'a>() -> Builder<'a> {
        Builder::new()
    }

    /// Sets or removes the scheme (§3.1).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if it is not a valid scheme, or removing it leaves a
    /// relative path with a `:` in its first segment.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut r = uri_core::UriReferenceBuf::parse("//h/p")?;
    /// r.set_scheme(Some("https"))?;
    /// assert_eq!(r, "https://h/p");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        *self = Builder::from_components(self.components())
            .scheme(scheme)
            .build()?;
        Ok(())
    }
}

impl UriBuf {
    /// A [`Builder`] to make one from parts.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::UriBuf::builder().scheme("tel").path("+1-816-555-1212").build_uri()?;
    /// assert_eq!(uri, "tel:+1-816-555-1212");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn builder<'a>() -> Builder<'a> {
        Builder::new()
    }

    /// Sets the scheme (§3.1).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if it is not a valid scheme.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut uri = uri_core::UriBuf::parse("http://h/p")?;
    /// uri.set_scheme("https")?;
    /// assert_eq!(uri, "https://h/p");
    /// assert!(uri.set_scheme("h p").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), BuildError> {
        *self = Builder::from_components(self.components())
            .scheme(scheme)
            .build_uri()?;
        Ok(())
    }
}

impl RelativeRefBuf {
    /// A [`Builder`] to make one from parts.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::RelativeRefBuf::builder().path("./a:b").build_relative()?;
    /// assert_eq!(r, "./a:b");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn builder<'a>() -> Builder<'a> {
        Builder::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Uri, UriReference};

    #[track_caller]
    fn fails(b: Builder<'_>, part: Part, kind: BuildErrorKind, index: usize) {
        let err = b.build().unwrap_err();
        assert_eq!(
            (err.part(), err.kind(), err.index()),
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
        fails(b().scheme(""), Part::Scheme, syntax(K::EmptyScheme), 0);
        fails(b().scheme("1a"), Part::Scheme, syntax(K::InvalidScheme), 0);
        fails(b().scheme("a_b"), Part::Scheme, syntax(K::InvalidScheme), 1);
        fails(
            b().host("h").userinfo("a@b"),
            Part::Userinfo,
            syntax(K::InvalidUserinfoChar),
            1,
        );
        fails(
            b().host("h").userinfo("%4"),
            Part::Userinfo,
            syntax(K::InvalidPercentEncoding),
            0,
        );
        fails(b().host("a/b"), Part::Host, syntax(K::InvalidHostChar), 1);
        fails(b().host("a:1"), Part::Host, syntax(K::InvalidHostChar), 1);
        fails(
            b().host("[::1"),
            Part::Host,
            syntax(K::UnclosedIpLiteral),
            4,
        );
        fails(
            b().host("[::1]x"),
            Part::Host,
            syntax(K::InvalidAfterIpLiteral),
            5,
        );
        fails(
            b().host("[::1]:80"),
            Part::Host,
            syntax(K::InvalidAfterIpLiteral),
            5,
        );
        fails(
            b().host("[fe80::1%25x]"),
            Part::Host,
            syntax(K::ZoneIdNotAllowed),
            8,
        );
        fails(
            b().host("h").port_str("8a"),
            Part::Port,
            syntax(K::InvalidPortChar),
            1,
        );
        fails(b().path("/a?b"), Part::Path, syntax(K::InvalidPathChar), 2);
        fails(b().path("/a#b"), Part::Path, syntax(K::InvalidPathChar), 2);
        fails(
            b().query("a#b"),
            Part::Query,
            syntax(K::InvalidQueryChar),
            1,
        );
        fails(
            b().fragment("a#b"),
            Part::Fragment,
            syntax(K::InvalidFragmentChar),
            1,
        );
        fails(
            b().fragment("é"),
            Part::Fragment,
            syntax(K::InvalidFragmentChar),
            0,
        );
    }

    #[test]
    fn rules_between_parts() {
        let b = Builder::new;
        fails(
            b().userinfo("u"),
            Part::Userinfo,
            BuildErrorKind::MissingHost,
            0,
        );
        fails(b().port(80), Part::Port, BuildErrorKind::MissingHost, 0);
        // Removing the host removes the userinfo and port with it.
        let r = UriReference::parse("http://u@h:1/p").unwrap();
        let built = Builder::from_components(r.components()).host(None).build();
        assert_eq!(built.unwrap(), "http:/p");
        fails(
            b().host("h").path("a"),
            Part::Path,
            BuildErrorKind::PathNotAbsolute,
            0,
        );
        fails(
            b().scheme("s").path("//a"),
            Part::Path,
            BuildErrorKind::PathStartsWithDoubleSlash,
            0,
        );
        fails(
            b().path("//a"),
            Part::Path,
            BuildErrorKind::PathStartsWithDoubleSlash,
            0,
        );
        fails(
            b().path("a:b/c"),
            Part::Path,
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
    fn setters_keep_the_value_on_error() {
        let mut uri = UriBuf::parse("http://u:p@h:8/p?q#f").unwrap();
        assert!(uri.set_path("no-slash").is_err());
        assert!(uri.set_host(Some("bad host")).is_err());
        assert!(uri.set_scheme("").is_err());
        assert_eq!(uri, "http://u:p@h:8/p?q#f");
        uri.set_host(None).unwrap();
        assert_eq!(uri, "http:/p?q#f");
        assert!(uri.set_path("//x").is_err());
        uri.set_query(None).unwrap();
        uri.set_fragment(None).unwrap();
        assert_eq!(uri, "http:/p");
        uri.set_host(Some("")).unwrap();
        assert_eq!(uri, "http:///p");
    }

    #[test]
    fn zone_ids_survive_setters() {
        let opts = ParseOptions::new().allow_zone_id(true);
        let mut uri = UriBuf::parse_with("http://[fe80::1%25eth0]/", opts).unwrap();
        uri.set_path("/x").unwrap();
        assert_eq!(uri, "http://[fe80::1%25eth0]/x");
    }

    #[test]
    fn port_numbers_are_written_in_decimal() {
        for (n, text) in [(0u16, "0"), (7, "7"), (80, "80"), (65535, "65535")] {
            assert_eq!(itoa_u16(n).as_str(), text);
        }
    }
}
