//! [`RiWriter`]: an owned reference written component by component, its
//! layout recorded as it goes, so the result is not parsed again; each
//! piece checked against the component it lands in ([`Checked`]), or, for
//! callers that copy pieces of parsed references, trusted ([`Trusted`]).

use alloc::string::String;
use core::fmt;
use core::marker::PhantomData;

use crate::builder::{BuildError, BuildErrorKind};
use crate::component::Component;
use crate::components::{Authority, Components, HostKind};
use crate::error::ParseErrorKind;
use crate::grammar::{CharClass, Scanner};
use crate::owned::{RelativeRiBuf, RiBuf, RiReferenceBuf};
use crate::parser::{self, Layout, ParseOptions, Parser, Rule};
use crate::spec::{Spec, UriSpec};

/// Marks a writer whose result is a `URI-reference`, with or without a
/// scheme: [`RiWriter::finish`] gives a [`RiReferenceBuf`].
#[derive(Debug)]
pub enum Reference {}

/// Marks a writer of a URI (or an IRI): [`RiWriter::finish`] gives a
/// [`RiBuf`], with no `Result`, since the scheme is there from the start
/// ([`RiWriter::absolute`]; a [`TrustedWriter`]'s caller owes it).
#[derive(Debug)]
pub enum Absolute {}

/// Marks a writer that checks every piece of text against the component
/// it lands in, so that it cannot give back an invalid reference: the
/// default, and the only one for text from outside.
#[derive(Debug)]
pub enum Checked {}

/// Marks a writer that takes each piece of text as valid for the component
/// it lands in, as text copied from a reference parsed under the same spec
/// is: see [`TrustedWriter`] for what the caller owes.
#[derive(Debug)]
pub enum Trusted {}

/// Writes a reference into one `String`, recording where each component
/// starts and ends, and gives back the owned value without parsing it.
///
/// Write the components in order: the scheme ([`scheme`](Self::scheme), or
/// begin with it: [`absolute`](RiWriter::absolute)), the authority
/// ([`start_authority`](Self::start_authority) …
/// [`end_host`](Self::end_host), [`port`](Self::port), or
/// [`authority`](Self::authority)), the path, then
/// [`start_query`](Self::start_query) and
/// [`start_fragment`](Self::start_fragment), with text appended by
/// [`push_str`](Self::push_str) in between. Calls out of order are
/// ignored: they cannot make the result invalid, and no getter of it can
/// panic.
///
/// # Checked, so the result is valid
///
/// Each piece of text is checked against the component it lands in (one
/// scan of the piece): a path holds no `?` or `#`, a query no `#`, every
/// `%` begins a triplet (so a triplet is pushed whole), non-ASCII
/// characters only where the spec allows them, and with an authority a
/// path begins with `/`. A piece that does not fit is refused with a
/// [`BuildError`] naming the component and the byte of the piece, and
/// nothing of it is written. So whatever the calls, [`finish`](Self::finish)
/// gives a valid reference whose components are the ones written.
///
/// A userinfo or a registered name may hold a delimiter, which would read
/// back as other components (a host `good.example@evil.example`): the
/// writer percent-encodes `@`, `:`, `/`, `?`, `#`, `[` and `]` there, so
/// what was written as the host stays the host. A host is an IP literal
/// only when it is a valid one.
///
/// Two paths would not read back as paths, and the writer mends them
/// itself: without an authority, a path that begins with `//` is written
/// with `/.` before it (RFC 3986 §5.2.4, step 2B, keeps the same path), and
/// in a relative reference, a path whose first segment holds a `:` is
/// written with `./` before it (§4.2).
///
/// The library's own writers (resolution, normalization, the IRI
/// mappings) copy pieces of parsed references, which need no check:
/// they use [`TrustedWriter`], this type with the [`Trusted`] marker.
///
/// # Examples
///
/// ```
/// use uri_core::{HostKind, UriWriter};
///
/// let mut w = UriWriter::absolute("http")?;
/// w.start_authority();
/// w.push_str("example.com")?;
/// w.end_host();
/// w.push_str("/a/b")?;
/// w.start_query();
/// w.push_str("q=1")?;
/// let uri = w.finish();
/// assert_eq!(uri, "http://example.com/a/b?q=1");
/// assert_eq!(uri.host_kind(), Some(HostKind::RegName));
/// assert_eq!(uri.path(), "/a/b");
///
/// let mut w = UriWriter::new();
/// assert!(w.push_str("a#b").is_err());
/// assert_eq!(w.as_str(), "");
/// # Ok::<(), uri_core::BuildError>(())
/// ```
pub struct RiWriter<S: Spec, T = Reference, C = Checked> {
    text: String,
    layout: Layout,
    /// Where the current component starts: text before it is never
    /// truncated or changed, so recorded offsets stay valid.
    floor: usize,
    stage: Stage,
    /// What a pushed piece is checked with, and which IP literals
    /// [`end_host`](Self::end_host) accepts.
    options: ParseOptions,
    marks: PhantomData<(S, T, C)>,
}

/// A writer of URI references: [`RiWriter`] under [`UriSpec`], checked.
///
/// # Examples
///
/// ```
/// let mut w = uri_core::UriWriter::new();
/// w.push_str("a/b")?;
/// assert_eq!(w.finish().as_str(), "a/b");
/// # Ok::<(), uri_core::BuildError>(())
/// ```
pub type UriWriter = RiWriter<UriSpec>;

/// A writer that trusts its text: [`RiWriter`] with the [`Trusted`]
/// marker, for code that copies pieces of parsed references (resolution,
/// normalization, the IRI mappings, the scheme crates' builders).
///
/// # What the caller owes
///
/// Each piece pushed ([`push_str`](RiWriter::push_str),
/// [`push`](RiWriter::push)), each scheme and each port must be valid
/// where it lands under `S`, as [`RiWriter`] would check: a path piece
/// holds no `?` or `#` (and after an authority the path begins with `/`),
/// a query piece no `#`, each `%` begins a whole triplet, and non-ASCII
/// characters stand only where `S` allows them. Pieces of a reference
/// parsed under `S` (or of a URI, for an IRI writer) are. The writer still
/// records the offsets itself, encodes the delimiters of a userinfo or a
/// registered name, and mends the two paths that would not read back.
///
/// Debug builds check every piece as the checked writer does
/// (`debug_assert!`) and parse the result again in `finish`, and the fuzz
/// targets that resolve, normalize and map run with them; in release
/// builds, a caller that breaks the rule gets a value whose getters return
/// what was written but whose text may not be a valid reference. Skipping
/// the checks is what makes writing cheaper than parsing.
///
/// # Examples
///
/// ```
/// use uri_core::writer::Absolute;
/// use uri_core::{TrustedWriter, Uri, UriSpec};
///
/// let base = Uri::parse("http://a/b/c?q")?;
/// let mut w = TrustedWriter::<UriSpec, Absolute>::with_capacity(16);
/// w.copy_prefix(base.components(), "http://a/b/".len());
/// w.push_str("d"); // a piece of a path parsed as one
/// assert_eq!(w.finish(), "http://a/b/d");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub type TrustedWriter<S, T = Reference> = RiWriter<S, T, Trusted>;

/// The text and layout of `parts` with each byte that is not ASCII
/// percent-encoded, the offsets moved along: see
/// [`RiWriter::copy_all_percent_encoding`].
#[inline]
fn percent_encode_non_ascii<T: Spec>(parts: Components<'_, T>) -> (String, Layout) {
    let mut layout = parts.layout();
    let mut offsets = layout.offsets();
    let text = uri_encode::encode_non_ascii_moving(parts.as_str(), &mut offsets);
    layout.set_offsets(offsets);
    (text, layout)
}

impl<S: Spec> RiReferenceBuf<S> {
    /// `parts`, a parsed reference of any spec, with each byte that is not
    /// ASCII percent-encoded: the mapping of an IRI to a URI (RFC 3987
    /// §3.1, step 2: "Convert the character to a sequence of one or more
    /// octets using UTF-8 [...] Convert each octet to %HH"), written in
    /// one pass with one allocation, its components moved along, not
    /// parsed again. The same as
    /// [`RiWriter::copy_all_percent_encoding`] then
    /// [`finish`](RiWriter::finish), without the writer.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{IriReference, UriReferenceBuf};
    ///
    /// let iri = IriReference::parse("http://bücher.de/é?ü#ö")?;
    /// let uri = UriReferenceBuf::from_non_ascii_encoded(iri.components());
    /// assert_eq!(uri, "http://b%C3%BCcher.de/%C3%A9?%C3%BC#%C3%B6");
    /// assert_eq!(uri.path(), "/%C3%A9");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[inline]
    pub fn from_non_ascii_encoded<T: Spec>(parts: Components<'_, T>) -> Self {
        let (text, layout) = percent_encode_non_ascii(parts);
        debug_assert_eq!(
            parser::parse::<S>(&text, ParseOptions::PERMISSIVE, Rule::Reference),
            Ok(layout),
            "the encoded text does not parse back with its components: {text:?}"
        );
        Self::from_raw(text, layout)
    }
}

/// Bytes that would move a component's end if written literally in it,
/// and the scanner that finds the first of them.
struct Delimiters {
    class: CharClass,
    /// Every byte but `class`.
    others: Scanner,
}

impl Delimiters {
    const fn new(class: CharClass) -> Self {
        Delimiters {
            class,
            others: Scanner::new(&CharClass::range(0, 0xFF).difference(class)),
        }
    }
}

/// What a userinfo may not hold literally: its end (`@`) and what ends an
/// authority or stands for an IP literal.
const USERINFO_DELIMITERS: Delimiters = Delimiters::new(CharClass::new(b"@/?#[]"));

/// What a registered name may not hold literally: the userinfo's and the
/// port's `:` too.
const REG_NAME_DELIMITERS: Delimiters = Delimiters::new(CharClass::new(b"@:/?#[]"));

/// Which component the writer is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    /// Nothing written, or the scheme written: the path (or an authority)
    /// comes next.
    Start,
    /// In the authority: userinfo or host.
    Authority,
    /// After the host: a port, then the path.
    Port,
    Path,
    Query,
    Fragment,
    /// A whole reference was copied: the layout is complete.
    Done,
}

impl<S: Spec> Default for RiWriter<S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Spec> RiWriter<S> {
    /// An empty writer.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_core::UriWriter::new().as_str(), "");
    /// ```
    pub fn new() -> Self {
        Self::from_string(String::new())
    }

    /// An empty writer with room for `capacity` bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// let w = uri_core::UriWriter::with_capacity(64);
    /// assert!(w.capacity() >= 64);
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        Self::from_string(String::with_capacity(capacity))
    }

    /// An empty writer that writes into `buffer`'s allocation (cleared).
    ///
    /// # Examples
    ///
    /// ```
    /// let w = uri_core::UriWriter::from_string(String::from("old"));
    /// assert_eq!(w.as_str(), "");
    /// ```
    pub fn from_string(buffer: String) -> Self {
        Self::empty(buffer, ParseOptions::new())
    }
}

impl<S: Spec> RiWriter<S, Reference, Trusted> {
    /// An empty trusted writer with room for `capacity` bytes. It accepts
    /// what parsing with any options accepts (zone identifiers, the
    /// bidirectional formatting characters): whatever the pieces were
    /// parsed with.
    ///
    /// # Examples
    ///
    /// ```
    /// let w = uri_core::TrustedWriter::<uri_core::UriSpec>::with_capacity(64);
    /// assert!(w.capacity() >= 64);
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        Self::empty(String::with_capacity(capacity), ParseOptions::PERMISSIVE)
    }
}

impl<S: Spec, C> RiWriter<S, Reference, C> {
    /// The owned reference.
    ///
    /// # Panics
    ///
    /// In debug builds only, when the text does not parse back with the
    /// recorded components: never for a [`Checked`] writer, and for a
    /// [`Trusted`] one only when the caller broke its rule.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.push_str("../x")?;
    /// assert!(w.finish().is_relative());
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    #[inline]
    pub fn finish(self) -> RiReferenceBuf<S> {
        let (text, layout) = self.into_parts(Rule::Reference);
        RiReferenceBuf::from_raw(text, layout)
    }

    /// The owned relative reference, or the writer back if a scheme was
    /// written.
    ///
    /// # Errors
    ///
    /// The writer, unchanged, when it holds a scheme.
    ///
    /// # Panics
    ///
    /// As [`finish`](Self::finish), in debug builds only.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.push_str("a:b")?;
    /// assert_eq!(w.finish_relative().map_err(|_| "a scheme")?, "./a:b");
    /// let mut w = uri_core::UriWriter::new();
    /// w.scheme("s")?;
    /// assert!(w.finish_relative().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn finish_relative(self) -> Result<RelativeRiBuf<S>, Self> {
        if self.layout.scheme_end > 0 {
            return Err(self);
        }
        let (text, layout) = self.into_parts(Rule::Relative);
        Ok(RelativeRiBuf::from_raw(text, layout))
    }

    /// The text and layout of a relative reference, for the builder, which
    /// checked that no scheme was given.
    pub(crate) fn into_relative_parts(self) -> (String, Layout) {
        debug_assert_eq!(self.layout.scheme_end, 0);
        self.into_parts(Rule::Relative)
    }

    /// The writer of the same buffer, marked absolute: its scheme is
    /// `text[..scheme_end]`, written by the caller of this function.
    fn into_absolute(self) -> RiWriter<S, Absolute, C> {
        RiWriter {
            text: self.text,
            layout: self.layout,
            floor: self.floor,
            stage: self.stage,
            options: self.options,
            marks: PhantomData,
        }
    }
}

impl<S: Spec> RiWriter<S, Reference, Checked> {
    /// A writer that begins with `scheme ":"`: its result is a URI (or
    /// an IRI), so [`finish`](RiWriter::finish) needs no `Result`.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] for the scheme when it is not `ALPHA *( ALPHA /
    /// DIGIT / "+" / "-" / "." )` (§3.1).
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::absolute("mailto")?;
    /// w.push_str("a@b")?;
    /// assert_eq!(w.finish().scheme(), "mailto");
    /// assert!(uri_core::UriWriter::absolute("1a").is_err());
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn absolute(scheme: &str) -> Result<RiWriter<S, Absolute>, BuildError> {
        Self::absolute_in(String::new(), scheme)
    }

    /// [`absolute`](Self::absolute), writing into `buffer`'s allocation
    /// (cleared).
    ///
    /// # Errors
    ///
    /// As [`absolute`](Self::absolute).
    ///
    /// # Examples
    ///
    /// ```
    /// let w = uri_core::UriWriter::absolute_in(String::with_capacity(64), "urn")?;
    /// assert_eq!(w.as_str(), "urn:");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn absolute_in(buffer: String, scheme: &str) -> Result<RiWriter<S, Absolute>, BuildError> {
        let mut w = Self::from_string(buffer);
        w.scheme(scheme)?;
        Ok(w.into_absolute())
    }

    /// Writes `scheme ":"`; ignored unless nothing has been written or begun.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] for the scheme when it is not a valid one (§3.1);
    /// nothing is written then.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.scheme("mailto")?;
    /// w.push_str("a@b")?;
    /// assert_eq!(w.finish().scheme(), Some("mailto"));
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn scheme(&mut self, scheme: &str) -> Result<(), BuildError> {
        crate::builder::check_part::<S>(scheme, Component::Scheme, self.options)
            .map_err(|e| BuildError::syntax(Component::Scheme, e))?;
        self.write_scheme(scheme);
        Ok(())
    }
}

impl<S: Spec> RiWriter<S, Absolute, Trusted> {
    /// An empty trusted writer of a URI (or an IRI), with room for
    /// `capacity` bytes, accepting what parsing with any options accepts.
    /// Besides valid pieces, the caller owes a scheme, written first
    /// ([`scheme`](RiWriter::scheme), or a copy of a URI's text:
    /// [`copy_prefix`](RiWriter::copy_prefix),
    /// [`copy_all`](RiWriter::copy_all)), so that
    /// [`finish`](RiWriter::finish) needs no `Result`: the resolver writes
    /// the target's scheme with the base's text, in one copy.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::writer::Absolute;
    /// use uri_core::{TrustedWriter, UriSpec};
    ///
    /// let mut w = TrustedWriter::<UriSpec, Absolute>::with_capacity(8);
    /// w.scheme("urn");
    /// w.push_str("a:b");
    /// assert_eq!(w.finish().scheme(), "urn");
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        Self::empty(String::with_capacity(capacity), ParseOptions::PERMISSIVE)
    }
}

impl<S: Spec, C> RiWriter<S, Absolute, C> {
    /// The owned URI (or IRI): the writer began with its scheme.
    ///
    /// # Panics
    ///
    /// As [`RiWriter::finish`] of a reference writer, in debug builds only.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::absolute("s")?;
    /// w.push_str("a")?;
    /// assert_eq!(w.finish().scheme(), "s");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    #[inline]
    pub fn finish(self) -> RiBuf<S> {
        let (text, layout) = self.into_parts(Rule::Uri);
        RiBuf::from_raw(text, layout)
    }
}

impl<S: Spec, T> RiWriter<S, T, Checked> {
    /// Sets the options pieces are checked with (the default,
    /// [`ParseOptions::new`], refuses zone identifiers and bidirectional
    /// formatting characters), and which IP literals
    /// [`end_host`](Self::end_host) accepts.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{HostKind, ParseOptions, UriWriter};
    ///
    /// let mut w = UriWriter::new();
    /// w.set_options(ParseOptions::new().allow_zone_id(true));
    /// w.start_authority();
    /// w.push_str("[fe80::1%25en0]")?;
    /// w.end_host();
    /// assert_eq!(w.finish().host_kind(), Some(HostKind::Ipv6));
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn set_options(&mut self, options: ParseOptions) {
        self.options = options;
    }

    /// Writes `":" port` after the host. Ignored unless the host has just
    /// ended.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] for the port when it holds anything but ASCII
    /// digits (§3.2.3); nothing is written then.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.start_authority();
    /// w.push_str("h")?;
    /// w.end_host();
    /// w.port("8080")?;
    /// w.push_str("/p")?;
    /// let r = w.finish();
    /// assert_eq!((r.port(), r.path()), (Some("8080"), "/p"));
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn port(&mut self, port: &str) -> Result<(), BuildError> {
        crate::builder::check_part::<S>(port, Component::Port, self.options)
            .map_err(|e| BuildError::syntax(Component::Port, e))?;
        self.write_port(port);
        Ok(())
    }

    /// Writes `//` and a whole parsed authority, with its offsets.
    /// Ignored once the authority or the path has begun.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] when the authority holds a character `S` does not
    /// allow (an IRI's authority, in a URI writer); nothing is written then.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Uri, UriWriter};
    ///
    /// let source = Uri::parse("http://u@[::1]:80/x")?;
    /// let mut w = UriWriter::absolute("https")?;
    /// w.authority(source.authority().ok_or("no authority")?)?;
    /// w.push_str("/y")?;
    /// let uri = w.finish();
    /// assert_eq!(uri, "https://u@[::1]:80/y");
    /// assert_eq!(uri.host(), source.host());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn authority(&mut self, authority: Authority<'_>) -> Result<(), BuildError> {
        let text = authority.as_str();
        if S::ASCII_ONLY {
            if let Some(k) = text.bytes().position(|b| !b.is_ascii()) {
                let (host_start, _, _) = authority.offsets();
                let (part, kind, index) = if k < host_start {
                    (Component::Userinfo, ParseErrorKind::InvalidUserinfoChar, k)
                } else {
                    (
                        Component::Host,
                        ParseErrorKind::InvalidHostChar,
                        k - host_start,
                    )
                };
                return Err(BuildError::new(part, BuildErrorKind::Syntax(kind), index));
            }
        }
        self.write_authority(authority);
        Ok(())
    }

    /// Appends `text` to the current component, after checking it there.
    /// Ignored after [`copy_all`](Self::copy_all).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] naming the component and the first byte of `text`
    /// that it cannot hold (a `%` that does not begin a whole triplet, a
    /// `?` in a path, a non-ASCII character in a URI, …), or
    /// [`BuildErrorKind::PathNotAbsolute`] for a path after an authority
    /// that does not begin with `/`. Nothing is written then.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{BuildErrorKind, Component, ParseErrorKind};
    ///
    /// let mut w = uri_core::UriWriter::new();
    /// w.push_str("a")?;
    /// w.push_str("/b")?;
    /// let err = w.push_str("/c?d").unwrap_err();
    /// assert_eq!((err.component(), err.index()), (Component::Path, 2));
    /// assert_eq!(err.kind(), BuildErrorKind::Syntax(ParseErrorKind::InvalidPathChar));
    /// assert_eq!(w.as_str(), "a/b");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn push_str(&mut self, text: &str) -> Result<(), BuildError> {
        self.check_piece(text)?;
        self.write_str(text);
        Ok(())
    }

    /// Appends `c` to the current component, after checking it there (a
    /// `%` alone is refused: push a triplet whole).
    ///
    /// # Errors
    ///
    /// As [`push_str`](Self::push_str).
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.push('/')?;
    /// assert_eq!(w.as_str(), "/");
    /// assert!(w.push('%').is_err());
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn push(&mut self, c: char) -> Result<(), BuildError> {
        self.push_str(c.encode_utf8(&mut [0; 4]))
    }
}

impl<S: Spec, T> RiWriter<S, T, Trusted> {
    /// Writes `scheme ":"`, which the caller owes valid; ignored unless
    /// nothing has been written or begun.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::TrustedWriter::<uri_core::UriSpec>::with_capacity(8);
    /// w.scheme("urn");
    /// assert_eq!(w.as_str(), "urn:");
    /// ```
    pub fn scheme(&mut self, scheme: &str) {
        debug_assert!(
            crate::builder::check_part::<S>(scheme, Component::Scheme, self.options).is_ok(),
            "not a scheme: {scheme:?}"
        );
        self.write_scheme(scheme);
    }

    /// Writes `":" port` after the host; the caller owes `port` digits.
    /// Ignored unless the host has just ended.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::TrustedWriter::<uri_core::UriSpec>::with_capacity(8);
    /// w.start_authority();
    /// w.push_str("h");
    /// w.end_host();
    /// w.port("80");
    /// assert_eq!(w.finish().port(), Some("80"));
    /// ```
    pub fn port(&mut self, port: &str) {
        debug_assert!(
            port.bytes().all(|b| b.is_ascii_digit()),
            "not a port: {port:?}"
        );
        self.write_port(port);
    }

    /// Writes `//` and a whole parsed authority, with its offsets; the
    /// caller owes it valid under `S` (ASCII, for a URI writer). Ignored
    /// once the authority or the path has begun.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::writer::Absolute;
    /// use uri_core::{TrustedWriter, Uri, UriSpec};
    ///
    /// let source = Uri::parse("http://u@h:80/x")?;
    /// let mut w = TrustedWriter::<UriSpec, Absolute>::with_capacity(16);
    /// w.scheme("https");
    /// if let Some(authority) = source.authority() {
    ///     w.authority(authority);
    /// }
    /// assert_eq!(w.finish(), "https://u@h:80");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn authority(&mut self, authority: Authority<'_>) {
        debug_assert!(
            !S::ASCII_ONLY || authority.as_str().is_ascii(),
            "an IRI's authority in a URI writer: {:?}",
            authority.as_str()
        );
        self.write_authority(authority);
    }

    /// Appends `text` to the current component; the caller owes it valid
    /// there (see [`TrustedWriter`]). Ignored after
    /// [`copy_all`](Self::copy_all).
    ///
    /// # Panics
    ///
    /// In debug builds only, when `text` is not valid where it lands.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::TrustedWriter::<uri_core::UriSpec>::with_capacity(8);
    /// w.push_str("a");
    /// w.push_str("/b");
    /// assert_eq!(w.as_str(), "a/b");
    /// ```
    pub fn push_str(&mut self, text: &str) {
        debug_assert_eq!(
            self.check_piece(text),
            Ok(()),
            "{text:?} does not fit after {:?}",
            self.text
        );
        self.write_str(text);
    }

    /// Appends `c` to the current component; the caller owes it valid
    /// there.
    ///
    /// # Panics
    ///
    /// In debug builds only, when `c` is not valid where it lands.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::TrustedWriter::<uri_core::UriSpec>::with_capacity(8);
    /// w.push('/');
    /// assert_eq!(w.as_str(), "/");
    /// ```
    pub fn push(&mut self, c: char) {
        self.push_str(c.encode_utf8(&mut [0; 4]));
    }
}

impl<S: Spec, T, C> RiWriter<S, T, C> {
    /// An empty writer into `buffer`'s allocation (cleared), checking with
    /// `options`.
    fn empty(mut buffer: String, options: ParseOptions) -> Self {
        buffer.clear();
        RiWriter {
            text: buffer,
            layout: Layout::EMPTY,
            floor: 0,
            stage: Stage::Start,
            options,
            marks: PhantomData,
        }
    }

    /// What has been written.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.scheme("urn")?;
    /// assert_eq!(w.as_str(), "urn:");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The number of bytes written.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.push_str("ab")?;
    /// assert_eq!(w.len(), 2);
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.text.len()
    }

    /// Whether nothing has been written.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_core::UriWriter::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The capacity of the buffer.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_core::UriWriter::with_capacity(8).capacity() >= 8);
    /// ```
    pub fn capacity(&self) -> usize {
        self.text.capacity()
    }

    /// Where the current component starts: [`truncate`](Self::truncate)
    /// never cuts before it.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::absolute("s")?;
    /// w.push_str("/p")?;
    /// assert_eq!(w.component_start(), 2);
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn component_start(&self) -> usize {
        self.floor
    }

    /// Writes `//` and starts the authority (its userinfo or host); ignored
    /// once the authority or the path has begun.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.start_authority();
    /// w.push_str("h")?;
    /// w.end_host();
    /// assert_eq!(w.finish().host_str(), Some("h"));
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn start_authority(&mut self) {
        if self.stage != Stage::Start || self.text.len() != self.floor {
            return;
        }
        self.text.push_str("//");
        self.layout.auth_start = self.text.len();
        self.layout.host_start = self.text.len();
        self.floor = self.text.len();
        self.stage = Stage::Authority;
    }

    /// Writes the `@` that ends a userinfo: what was written since
    /// [`start_authority`](Self::start_authority) is the userinfo, and the
    /// host follows. Ignored outside the authority and after the first.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.start_authority();
    /// w.push_str("user")?;
    /// w.end_userinfo();
    /// w.push_str("h")?;
    /// w.end_host();
    /// assert_eq!(w.finish().userinfo(), Some("user"));
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn end_userinfo(&mut self) {
        if self.stage != Stage::Authority || self.layout.host_start > self.layout.auth_start {
            // Outside the authority, or the userinfo already ended.
            return;
        }
        self.encode_delimiters(self.layout.auth_start, &USERINFO_DELIMITERS);
        self.text.push('@');
        self.layout.host_start = self.text.len();
        self.floor = self.text.len();
    }

    /// Ends the host: what was written since the userinfo (or the `//`) is
    /// the host, whose kind is read from its text (an IP literal, dotted
    /// IPv4, or a registered name). A port may follow ([`port`](Self::port)).
    /// Ignored outside the authority.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{HostKind, UriWriter};
    ///
    /// let mut w = UriWriter::new();
    /// w.start_authority();
    /// w.push_str("127.0.0.1")?;
    /// w.end_host();
    /// w.port("8080")?;
    /// let r = w.finish();
    /// assert_eq!(r.host_kind(), Some(HostKind::Ipv4));
    /// assert_eq!(r.port(), Some("8080"));
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn end_host(&mut self) {
        if self.stage != Stage::Authority {
            return;
        }
        let start = self.layout.host_start;
        let kind = host_kind::<S>(&self.text[start..], self.options);
        if kind == HostKind::RegName {
            // Not an IP literal: a delimiter here would move the host.
            self.encode_delimiters(start, &REG_NAME_DELIMITERS);
        }
        self.layout.host_kind = kind;
        self.layout.host_end = self.text.len();
        self.floor = self.text.len();
        self.stage = Stage::Port;
    }

    /// Copies the text of `parts` up to `end` (a byte offset at or after
    /// the start of its path, and before its fragment), with the offsets of
    /// what it holds: its scheme, its authority, and the path, and query
    /// begun there. Ignored unless nothing has been written (but, in a
    /// writer that began with a scheme, that same scheme).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Uri, UriWriter};
    ///
    /// let base = Uri::parse("http://a/b/c?q#f")?;
    /// let mut w = UriWriter::absolute("http")?;
    /// w.copy_prefix(base.components(), "http://a/b/".len());
    /// w.push_str("d")?;
    /// let uri = w.finish();
    /// assert_eq!(uri, "http://a/b/d");
    /// assert_eq!(uri.path(), "/b/d");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn copy_prefix(&mut self, parts: Components<'_, S>, end: usize) {
        let source = parts.layout();
        let text = parts.as_str();
        if !self.fresh_for(text) || end < source.path_start || end > source.query_end {
            return;
        }
        let Some(rest) = text.get(self.text.len()..end) else {
            return;
        };
        self.text.push_str(rest);
        self.layout = Layout {
            path_end: 0,
            query_end: 0,
            ..source
        };
        if end > source.path_end {
            self.layout.path_end = source.path_end;
            self.stage = Stage::Query;
            self.floor = source.path_end + 1;
        } else {
            self.stage = Stage::Path;
            self.floor = source.path_start;
        }
    }

    /// Copies a whole parsed reference with its offsets; ignored unless
    /// nothing has been written (but, in a writer that began with a
    /// scheme, that same scheme). The reference is then complete: later
    /// pushes and `start_*` calls are ignored, and only the case changes
    /// apply.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Uri, UriWriter};
    ///
    /// let mut w = UriWriter::new();
    /// w.copy_all(Uri::parse("HTTP://a/b?c#d")?.components());
    /// w.make_ascii_lowercase(0..4);
    /// assert_eq!(w.finish(), "http://a/b?c#d");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn copy_all(&mut self, parts: Components<'_, S>) {
        let text = parts.as_str();
        if !self.fresh_for(text) {
            return;
        }
        self.text.push_str(&text[self.text.len()..]);
        self.layout = parts.layout();
        self.complete();
    }

    /// Copies a whole parsed reference of any spec with each byte that is
    /// not ASCII percent-encoded, its offsets moved along; ignored unless
    /// nothing has been written (but, in a writer that began with a
    /// scheme, that same scheme). The reference is then complete, as after
    /// [`copy_all`](Self::copy_all).
    ///
    /// This is the mapping of an IRI to a URI (RFC 3987 §3.1, step 2:
    /// "Convert the character to a sequence of one or more octets using
    /// UTF-8 [...] Convert each octet to %HH"): the two grammars agree on
    /// ASCII, and every component that may hold a non-ASCII character may
    /// hold a triplet, so the result reads back with the same components
    /// under any spec. One pass, one allocation, no component-by-component
    /// bookkeeping.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{IriReference, UriWriter};
    ///
    /// let mut w = UriWriter::new();
    /// w.copy_all_percent_encoding(IriReference::parse("http://bücher.de/é?ü#ö")?.components());
    /// let uri = w.finish();
    /// assert_eq!(uri, "http://b%C3%BCcher.de/%C3%A9?%C3%BC#%C3%B6");
    /// assert_eq!(uri.host_str(), Some("b%C3%BCcher.de"));
    /// assert_eq!(uri.query(), Some("%C3%BC"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn copy_all_percent_encoding<T2: Spec>(&mut self, parts: Components<'_, T2>) {
        // The scheme is ASCII: the encoded text begins as the source does.
        if !self.fresh_for(parts.as_str()) {
            return;
        }
        let (text, layout) = percent_encode_non_ascii(parts);
        self.text = text;
        self.layout = layout;
        self.complete();
    }

    /// Shortens the text to `len` bytes, but never before the start of the
    /// current component ([`component_start`](Self::component_start)), nor
    /// inside a character or a triplet (it then cuts before them).
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::absolute("s")?;
    /// w.push_str("/a/b%2F")?;
    /// w.truncate(8);
    /// assert_eq!(w.as_str(), "s:/a/b");
    /// w.truncate(4);
    /// assert_eq!(w.as_str(), "s:/a");
    /// w.truncate(0);
    /// assert_eq!(w.as_str(), "s:");
    /// w.truncate(99);
    /// assert_eq!(w.as_str(), "s:");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn truncate(&mut self, len: usize) {
        if len >= self.text.len() {
            return;
        }
        // `floor` and the end are char boundaries, so this loop ends.
        let mut len = len.max(self.floor);
        while !self.text.is_char_boundary(len) {
            len += 1;
        }
        // Every `%` after `floor` begins a triplet of the same component.
        let bytes = self.text.as_bytes();
        if len > self.floor && bytes[len - 1] == b'%' {
            len -= 1;
        } else if len >= self.floor + 2 && bytes[len - 2] == b'%' {
            len -= 2;
        }
        self.text.truncate(len);
    }

    /// Lower-cases the ASCII letters in `range` (lengths do not change, so
    /// every offset stays valid, and every class holds both cases of a
    /// letter, so the text stays valid); ignored when `range` is not within
    /// the text on character boundaries.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.push_str("AbC")?;
    /// w.make_ascii_lowercase(1..3);
    /// assert_eq!(w.as_str(), "Abc");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn make_ascii_lowercase(&mut self, range: core::ops::Range<usize>) {
        if let Some(slice) = self.text.get_mut(range) {
            slice.make_ascii_lowercase();
        }
    }

    /// Upper-cases the ASCII letters in `range`, as
    /// [`make_ascii_lowercase`](Self::make_ascii_lowercase) lower-cases.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.push_str("%2f")?;
    /// w.make_ascii_uppercase(1..3);
    /// assert_eq!(w.as_str(), "%2F");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn make_ascii_uppercase(&mut self, range: core::ops::Range<usize>) {
        if let Some(slice) = self.text.get_mut(range) {
            slice.make_ascii_uppercase();
        }
    }

    /// Ends the path and writes `?`: what follows is the query. Ignored
    /// once the query or fragment has begun.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.start_query();
    /// w.push_str("q")?;
    /// assert_eq!(w.finish().query(), Some("q"));
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn start_query(&mut self) {
        if self.stage >= Stage::Query {
            return;
        }
        self.end_path();
        self.text.push('?');
        self.floor = self.text.len();
        self.stage = Stage::Query;
    }

    /// Ends the path or query and writes `#`: what follows is the
    /// fragment. Ignored once the fragment has begun.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.push_str("a")?;
    /// w.start_fragment();
    /// w.push_str("f")?;
    /// let r = w.finish();
    /// assert_eq!((r.path(), r.query(), r.fragment()), ("a", None, Some("f")));
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn start_fragment(&mut self) {
        if self.stage >= Stage::Fragment {
            return;
        }
        self.end_query();
        self.text.push('#');
        self.floor = self.text.len();
        self.stage = Stage::Fragment;
    }

    /// Whether a whole copy of `source` may begin here: nothing written
    /// but, in a writer that began with a scheme, the same scheme that
    /// `source` begins with.
    fn fresh_for(&self, source: &str) -> bool {
        self.stage == Stage::Start
            && self.text.len() == self.floor
            && (self.text.is_empty() || source.as_bytes().starts_with(self.text.as_bytes()))
    }

    /// The layout is complete: nothing more may be appended, only case
    /// changes.
    fn complete(&mut self) {
        self.floor = self.text.len();
        self.stage = Stage::Done;
    }

    /// Writes `scheme ":"` unless anything has been written or begun.
    fn write_scheme(&mut self, scheme: &str) {
        if !self.text.is_empty() || self.stage != Stage::Start {
            return;
        }
        self.text.push_str(scheme);
        self.layout.scheme_end = self.text.len();
        self.text.push(':');
        self.floor = self.text.len();
    }

    /// Writes `":" port` when the host has just ended.
    fn write_port(&mut self, port: &str) {
        if self.stage != Stage::Port || self.text.len() != self.layout.host_end {
            return;
        }
        self.text.push(':');
        self.text.push_str(port);
    }

    /// Writes `//` and `authority` with its offsets, unless the authority
    /// or the path has begun.
    fn write_authority(&mut self, authority: Authority<'_>) {
        if self.stage != Stage::Start || self.text.len() != self.floor {
            return;
        }
        self.text.push_str("//");
        let start = self.text.len();
        let (host_start, host_end, kind) = authority.offsets();
        self.text.push_str(authority.as_str());
        self.layout.auth_start = start;
        self.layout.host_start = start + host_start;
        self.layout.host_end = start + host_end;
        self.layout.host_kind = kind;
        self.floor = self.text.len();
        self.stage = Stage::Port;
    }

    /// Appends `text` to the current component, checked or not.
    #[inline]
    fn write_str(&mut self, text: &str) {
        if self.stage == Stage::Done {
            return;
        }
        self.begin_path_if_needed();
        self.text.push_str(text);
    }

    /// Checks `text` where it would land: the component's class (one scan),
    /// whole triplets, the spec's non-ASCII characters; a path after an
    /// authority must begin with `/`. Offsets in errors are into `text`.
    fn check_piece(&self, text: &str) -> Result<(), BuildError> {
        let p = Parser::<S>::new(text, self.options);
        let n = text.len();
        let (part, scan) = match self.stage {
            Stage::Done => return Ok(()),
            // A userinfo or a host: which, only `end_userinfo` tells.
            Stage::Authority => (Component::Host, &parser::AUTHORITY),
            Stage::Start | Stage::Port | Stage::Path => {
                let path_empty =
                    self.stage != Stage::Path || self.text.len() == self.layout.path_start;
                if self.layout.auth_start > 0
                    && path_empty
                    && !text.is_empty()
                    && !text.starts_with('/')
                {
                    return Err(BuildError::new(
                        Component::Path,
                        BuildErrorKind::PathNotAbsolute,
                        0,
                    ));
                }
                (Component::Path, &parser::PATH)
            }
            Stage::Query => (Component::Query, &parser::QUERY),
            Stage::Fragment => (Component::Fragment, &parser::FRAGMENT),
        };
        p.scan(0, n, scan, &parser::NO_STOPS)
            .map(drop)
            .map_err(|e| BuildError::syntax(part, e))
    }

    /// Starts the path when nothing but a scheme, or an authority (and
    /// its port), has been written.
    #[inline]
    fn begin_path_if_needed(&mut self) {
        if matches!(self.stage, Stage::Start | Stage::Port) {
            self.layout.path_start = self.text.len();
            self.floor = self.text.len();
            self.stage = Stage::Path;
        }
    }

    /// Percent-encodes the bytes of `delimiters` written since `start`
    /// (a userinfo or a reg-name that holds one would move the components
    /// the text reads back with), so that what was written reads back as
    /// the one component it was written as.
    fn encode_delimiters(&mut self, start: usize, delimiters: &Delimiters) {
        // Sixteen bytes at a time: most names hold none.
        let bytes = self.text.as_bytes();
        if delimiters.others.first_outside(bytes, start) == bytes.len() {
            return;
        }
        let piece = self.text.split_off(start);
        for c in piece.chars() {
            match u8::try_from(c) {
                Ok(b) if delimiters.class.contains(b) => {
                    self.text.push_str(uri_encode::triplet(b));
                }
                _ => self.text.push(c),
            }
        }
    }

    /// Records the end of the path (and its start, if none was written),
    /// writing `/.` before a path that begins with `//` without authority.
    fn end_path(&mut self) {
        if self.stage >= Stage::Query {
            return;
        }
        if self.stage == Stage::Authority {
            self.end_host();
        }
        if self.stage != Stage::Path {
            // No path was written: it is empty, here.
            self.layout.path_start = self.text.len();
        }
        let start = self.layout.path_start;
        if self.layout.auth_start == 0 {
            let path = &self.text.as_bytes()[start..];
            let first = path.iter().position(|&b| b == b'/').unwrap_or(path.len());
            if path.starts_with(b"//") {
                self.text.insert_str(start, "/.");
            } else if self.layout.scheme_end == 0 && path[..first].contains(&b':') {
                // A `:` in the first segment would read as a scheme: `./`
                // keeps it a path (RFC 3986 §4.2), the same path once
                // dot segments are removed.
                self.text.insert_str(start, "./");
            }
        }
        self.layout.path_end = self.text.len();
        self.stage = Stage::Query;
    }

    /// Records the end of the query (and of the path, if it is still open).
    fn end_query(&mut self) {
        if self.stage < Stage::Query {
            self.end_path();
            self.layout.query_end = self.layout.path_end;
        } else if self.stage == Stage::Query {
            self.layout.query_end = self.text.len();
        }
    }

    /// The text and its layout, checked against a parse in debug builds.
    #[inline]
    fn into_parts(mut self, rule: Rule) -> (String, Layout) {
        self.end_query();
        let layout = self.layout;
        debug_assert_eq!(
            parser::parse::<S>(&self.text, ParseOptions::PERMISSIVE, rule),
            Ok(layout),
            "written text does not parse back with its components: {:?}",
            self.text
        );
        (self.text, layout)
    }
}

/// Pieces are checked as by [`RiWriter::push_str`]: a piece that does not
/// fit is a [`fmt::Error`], and nothing of it is written.
impl<S: Spec, T> fmt::Write for RiWriter<S, T, Checked> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push_str(s).map_err(|_| fmt::Error)
    }
}

/// Pieces are trusted, as by [`RiWriter::push_str`] of a [`TrustedWriter`].
impl<S: Spec, T> fmt::Write for RiWriter<S, T, Trusted> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

/// The length and the component being written, not the text: it may hold
/// a password (RFC 3986 §3.2.1).
impl<S: Spec, T, C> fmt::Debug for RiWriter<S, T, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RiWriter")
            .field("len", &self.text.len())
            .field("stage", &self.stage)
            .finish_non_exhaustive()
    }
}

/// The kind of host `host` is, as the parser reads it under `options`: an
/// IP literal when it is a valid one, else IPv4 or a registered name.
pub(crate) fn host_kind<S: Spec>(host: &str, options: ParseOptions) -> HostKind {
    if !host.starts_with('[') {
        return parser::name_kind(host.as_bytes());
    }
    let p = Parser::<S>::new(host, options);
    match p.ip_literal(0, host.len()) {
        Ok((end, kind)) if end == host.len() => kind,
        _ => HostKind::RegName,
    }
}
