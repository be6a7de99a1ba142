//! [`RiWriter`]: an owned reference written component by component, its
//! layout recorded as it goes, so the result is not parsed again.

use alloc::string::String;
use core::fmt;
use core::marker::PhantomData;

use crate::Components;
use crate::components::HostKind;
use crate::grammar::CharClass;
use crate::grammar::Scanner;
use crate::owned::{RelativeRiBuf, RiBuf, RiReferenceBuf};
use crate::parser::{self, Layout, ParseOptions, Rule};
use crate::spec::{Spec, UriSpec};

/// Writes a reference into one `String`, recording where each component
/// starts and ends, and gives back the owned value without parsing it.
///
/// Resolution, normalization, the builder and the setters write their
/// results this way. Write the components in order: the
/// scheme ([`scheme`](Self::scheme)), the authority
/// ([`start_authority`](Self::start_authority) … [`end_host`](Self::end_host),
/// [`port`](Self::port), or [`authority`](Self::authority)), the path, then
/// [`start_query`](Self::start_query) and
/// [`start_fragment`](Self::start_fragment), with text appended by
/// [`push_str`](Self::push_str) in between.
///
/// # The caller's part
///
/// The writer records offsets itself, from what was written, so every
/// getter of the result works, whatever the calls were: calls out of order
/// are ignored, and no getter can panic. A userinfo or a registered name
/// holding a delimiter would read back as other components (a host
/// `good.example@evil.example`): the writer percent-encodes `@`, `:`, `/`,
/// `?`, `#`, `[` and `]` there, so what was written as the host stays the
/// host. A host is an IP literal only when it is a valid one.
///
/// Nothing else is checked: each piece of text must be valid for its
/// component under `S` (a path holds no `?` or `#`, a query no `#`), as
/// text taken from references parsed under `S` is. That is what makes
/// writing cheaper than parsing. Debug builds parse the result again and
/// panic when it differs; in release builds, a caller that breaks this rule
/// gets a value whose getters return what was written but whose text may
/// not be a valid reference, or may read back otherwise. To build from
/// untrusted parts, use [`Builder`](crate::Builder), which checks each part
/// and then writes with this type.
///
/// Two paths would not read back as paths, and the writer mends them
/// itself, so the result always reads back with the components it was
/// written with: without an authority, a path that begins with `//` is
/// written with `/.` before it (RFC 3986 §5.2.4, step 2B, keeps the same
/// path), and in a relative reference, a path whose first segment holds a
/// `:` is written with `./` before it (§4.2).
///
/// # Examples
///
/// ```
/// use uri_core::{HostKind, UriWriter};
///
/// let mut w = UriWriter::new();
/// w.scheme("http");
/// w.start_authority();
/// w.push_str("example.com");
/// w.end_host();
/// w.push_str("/a/b");
/// w.start_query();
/// w.push_str("q=1");
/// let uri = w.finish_uri().map_err(|_| "no scheme")?;
/// assert_eq!(uri, "http://example.com/a/b?q=1");
/// assert_eq!(uri.host_kind(), Some(HostKind::RegName));
/// assert_eq!(uri.path(), "/a/b");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct RiWriter<S: Spec> {
    text: String,
    layout: Layout,
    /// Where the current component starts: text before it is never
    /// truncated or changed, so recorded offsets stay valid.
    floor: usize,
    stage: Stage,
    spec: PhantomData<S>,
}

/// A writer of URI references: [`RiWriter`] under [`UriSpec`].
///
/// # Examples
///
/// ```
/// let mut w = uri_core::UriWriter::new();
/// w.push_str("a/b");
/// assert_eq!(w.finish().as_str(), "a/b");
/// ```
pub type UriWriter = RiWriter<UriSpec>;

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
    pub fn from_string(mut buffer: String) -> Self {
        buffer.clear();
        RiWriter {
            text: buffer,
            layout: Layout::EMPTY,
            floor: 0,
            stage: Stage::Start,
            spec: PhantomData,
        }
    }

    /// What has been written.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.scheme("urn");
    /// assert_eq!(w.as_str(), "urn:");
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
    /// w.push_str("ab");
    /// assert_eq!(w.len(), 2);
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
    /// let mut w = uri_core::UriWriter::new();
    /// w.scheme("s");
    /// w.push_str("/p");
    /// assert_eq!(w.component_start(), 2);
    /// ```
    pub fn component_start(&self) -> usize {
        self.floor
    }

    /// Writes `scheme ":"`; ignored unless nothing has been written or begun.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.scheme("mailto");
    /// w.push_str("a@b");
    /// assert_eq!(w.finish_uri().map_err(|_| "no scheme")?.scheme(), "mailto");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn scheme(&mut self, scheme: &str) {
        if !self.text.is_empty() || self.stage != Stage::Start {
            return;
        }
        self.text.push_str(scheme);
        self.layout.scheme_end = self.text.len();
        self.text.push(':');
        self.floor = self.text.len();
    }

    /// Writes `//` and starts the authority (its userinfo or host); ignored
    /// once the authority or the path has begun.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.start_authority();
    /// w.push_str("h");
    /// w.end_host();
    /// assert_eq!(w.finish().host_str(), Some("h"));
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
    /// w.push_str("user");
    /// w.end_userinfo();
    /// w.push_str("h");
    /// w.end_host();
    /// assert_eq!(w.finish().userinfo(), Some("user"));
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
    /// w.push_str("127.0.0.1");
    /// w.end_host();
    /// w.port("8080");
    /// let r = w.finish();
    /// assert_eq!(r.host_kind(), Some(HostKind::Ipv4));
    /// assert_eq!(r.port(), Some("8080"));
    /// ```
    pub fn end_host(&mut self) {
        if self.stage != Stage::Authority {
            return;
        }
        let start = self.layout.host_start;
        let kind = host_kind::<S>(&self.text[start..]);
        if kind == HostKind::RegName {
            // Not an IP literal: a delimiter here would move the host.
            self.encode_delimiters(start, &REG_NAME_DELIMITERS);
        }
        self.layout.host_kind = kind;
        self.layout.host_end = self.text.len();
        self.floor = self.text.len();
        self.stage = Stage::Port;
    }

    /// Writes `":" port` after the host. Ignored unless the host has just
    /// ended, or when `port` holds anything but ASCII digits (§3.2.3).
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.start_authority();
    /// w.push_str("h");
    /// w.end_host();
    /// w.port("8080");
    /// w.push_str("/p");
    /// let r = w.finish();
    /// assert_eq!((r.port(), r.path()), (Some("8080"), "/p"));
    /// ```
    pub fn port(&mut self, port: &str) {
        let fresh = self.text.len() == self.layout.host_end;
        if self.stage != Stage::Port || !fresh || !port.bytes().all(|b| b.is_ascii_digit()) {
            return;
        }
        self.text.push(':');
        self.text.push_str(port);
    }

    /// Writes `//` and a whole parsed authority, with its offsets.
    /// Ignored once the authority or the path has begun.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Uri, UriWriter};
    ///
    /// let source = Uri::parse("http://u@[::1]:80/x")?;
    /// let mut w = UriWriter::new();
    /// w.scheme("https");
    /// w.authority(source.authority().ok_or("no authority")?);
    /// w.push_str("/y");
    /// let uri = w.finish_uri().map_err(|_| "no scheme")?;
    /// assert_eq!(uri, "https://u@[::1]:80/y");
    /// assert_eq!(uri.host(), source.host());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn authority(&mut self, authority: crate::Authority<'_>) {
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

    /// Copies the text of `parts` up to `end` (a byte offset at or after
    /// the start of its path, and before its fragment), with the offsets of
    /// what it holds: its scheme, its authority, and the path, and query
    /// begun there. Ignored unless nothing has been written.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Uri, UriWriter};
    ///
    /// let base = Uri::parse("http://a/b/c?q#f")?;
    /// let mut w = UriWriter::new();
    /// w.copy_prefix(base.components(), "http://a/b/".len());
    /// w.push_str("d");
    /// let uri = w.finish_uri().map_err(|_| "no scheme")?;
    /// assert_eq!(uri, "http://a/b/d");
    /// assert_eq!(uri.path(), "/b/d");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn copy_prefix(&mut self, parts: Components<'_, S>, end: usize) {
        let source = parts.layout();
        let text = parts.as_str();
        if !self.text.is_empty()
            || self.stage != Stage::Start
            || end < source.path_start
            || end > source.query_end
            || !text.is_char_boundary(end)
        {
            return;
        }
        self.text.push_str(&text[..end]);
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
    /// nothing has been written or begun. The reference is then complete:
    /// later pushes and `start_*` calls are ignored, and only the case
    /// changes apply.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Uri, UriWriter};
    ///
    /// let mut w = UriWriter::new();
    /// w.copy_all(Uri::parse("HTTP://a/b?c#d")?.components());
    /// w.make_ascii_lowercase(0..4);
    /// assert_eq!(w.finish_uri().map_err(|_| "no scheme")?, "http://a/b?c#d");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn copy_all(&mut self, parts: Components<'_, S>) {
        if !self.text.is_empty() || self.stage != Stage::Start {
            return;
        }
        self.text.push_str(parts.as_str());
        self.layout = parts.layout();
        // Complete: nothing more may be appended, only case changes.
        self.floor = self.text.len();
        self.stage = Stage::Done;
    }

    /// Appends `text` to the current component.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.push_str("a");
    /// w.push_str("/b");
    /// assert_eq!(w.as_str(), "a/b");
    /// ```
    pub fn push_str(&mut self, text: &str) {
        if self.stage == Stage::Done {
            return;
        }
        self.begin_path_if_needed();
        self.text.push_str(text);
    }

    /// Appends `c` to the current component.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.push('/');
    /// assert_eq!(w.as_str(), "/");
    /// ```
    pub fn push(&mut self, c: char) {
        if self.stage == Stage::Done {
            return;
        }
        self.begin_path_if_needed();
        self.text.push(c);
    }

    /// Shortens the text to `len` bytes, but never before the start of the
    /// current component ([`component_start`](Self::component_start)) nor
    /// inside a character.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.scheme("s");
    /// w.push_str("/a/b");
    /// w.truncate(4);
    /// assert_eq!(w.as_str(), "s:/a");
    /// w.truncate(0);
    /// assert_eq!(w.as_str(), "s:");
    /// w.truncate(99);
    /// assert_eq!(w.as_str(), "s:");
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
        self.text.truncate(len);
    }

    /// Lower-cases the ASCII letters in `range` (lengths do not change, so
    /// every offset stays valid); ignored when `range` is not within the
    /// text on character boundaries.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.push_str("AbC");
    /// w.make_ascii_lowercase(1..3);
    /// assert_eq!(w.as_str(), "Abc");
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
    /// w.push_str("%2f");
    /// w.make_ascii_uppercase(1..3);
    /// assert_eq!(w.as_str(), "%2F");
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
    /// w.push_str("q");
    /// assert_eq!(w.finish().query(), Some("q"));
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
    /// w.push_str("a");
    /// w.start_fragment();
    /// w.push_str("f");
    /// let r = w.finish();
    /// assert_eq!((r.path(), r.query(), r.fragment()), ("a", None, Some("f")));
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

    /// The owned reference.
    ///
    /// # Panics
    ///
    /// In debug builds only, when the text does not parse back with the
    /// recorded components (the caller wrote text that is not valid for
    /// its component; see the type's docs).
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.push_str("../x");
    /// assert!(w.finish().is_relative());
    /// ```
    #[inline]
    pub fn finish(self) -> RiReferenceBuf<S> {
        let (text, layout) = self.into_parts(Rule::Reference);
        RiReferenceBuf::from_raw(text, layout)
    }

    /// The owned URI, or the writer back if no scheme was written.
    ///
    /// # Errors
    ///
    /// The writer, unchanged, when it holds no scheme.
    ///
    /// # Panics
    ///
    /// As [`finish`](Self::finish), in debug builds only.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = uri_core::UriWriter::new();
    /// w.push_str("a");
    /// let w = w.finish_uri().unwrap_err();
    /// assert_eq!(w.as_str(), "a");
    /// ```
    #[inline]
    pub fn finish_uri(self) -> Result<RiBuf<S>, Self> {
        if self.layout.scheme_end == 0 {
            return Err(self);
        }
        let (text, layout) = self.into_parts(Rule::Uri);
        Ok(RiBuf::from_raw(text, layout))
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
    /// w.push_str("a:b");
    /// assert_eq!(w.finish_relative().map_err(|_| "a scheme")?, "./a:b");
    /// let mut w = uri_core::UriWriter::new();
    /// w.scheme("s");
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

    /// Copies a whole parsed reference of any spec with each byte that is
    /// not ASCII percent-encoded, its offsets moved along; ignored unless
    /// nothing has been written or begun. The reference is then complete,
    /// as after [`copy_all`](Self::copy_all).
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
    pub fn copy_all_percent_encoding<T: Spec>(&mut self, parts: Components<'_, T>) {
        if !self.text.is_empty() || self.stage != Stage::Start {
            return;
        }
        let (text, layout) = percent_encode_non_ascii(parts);
        self.text = text;
        self.layout = layout;
        self.floor = self.text.len();
        self.stage = Stage::Done;
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

impl<S: Spec> fmt::Write for RiWriter<S> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

/// The length and the component being written, not the text: it may hold
/// a password (RFC 3986 §3.2.1).
impl<S: Spec> fmt::Debug for RiWriter<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RiWriter")
            .field("len", &self.text.len())
            .field("stage", &self.stage)
            .finish_non_exhaustive()
    }
}

/// The kind of host `host` is, as the parser reads it: an IP literal
/// when it is a valid one (zone identifiers allowed: the writer copies them
/// only from values parsed with them), else IPv4 or a registered name.
pub(crate) fn host_kind<S: Spec>(host: &str) -> HostKind {
    if !host.starts_with('[') {
        return parser::name_kind(host.as_bytes());
    }
    let p = parser::Parser::<S>::new(host, ParseOptions::PERMISSIVE);
    match p.ip_literal(0, host.len()) {
        Ok((end, kind)) if end == host.len() => kind,
        _ => HostKind::RegName,
    }
}
