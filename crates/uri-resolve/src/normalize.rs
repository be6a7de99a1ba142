//! Syntax-based normalization and comparison (RFC 3986 §6.2.2).

use alloc::borrow::Cow;
use alloc::string::String;

use uri_core::writer::Absolute;
use uri_core::{
    Authority, Components, Host, HostKind, Ri, RiBuf, RiReference, RiReferenceBuf, Spec,
    TrustedWriter, Uri, UriBuf,
};
use uri_encode::{normalize_for, normalize_with};

use crate::dot_segments::{may_have_dot_segments, remove_dot_segments, remove_dot_segments_into};
use crate::out::{Out, Text};
use crate::pct::{PctNormalized, has_normalized_dot_segments, has_percent};

/// Rules of a scheme for normalization beyond syntax (RFC 3986 §6.2.3):
/// default ports, empty paths, and so on. Applied after syntax normalization.
///
/// `uri-schemes` implements it (its `Registry`) for http, https, mailto,
/// urn and the other schemes it knows; implement it for your own schemes.
/// A scheme whose path is not hierarchical needs syntax normalization
/// without some of its steps first: see [`NormalizeOptions`].
///
/// # Examples
///
/// ```
/// use uri_core::{Uri, UriBuf};
/// use uri_resolve::{normalize_uri_with, SchemeNormalizer};
///
/// /// For `gopher`, port 70 is the default.
/// struct Gopher;
/// impl SchemeNormalizer for Gopher {
///     fn normalize(&self, uri: &mut UriBuf) {
///         if uri.scheme() == "gopher" && uri.port() == Some("70") {
///             let _ = uri.set_port(None);
///         }
///     }
/// }
///
/// let uri = Uri::parse("GOPHER://Example.com:70/1")?;
/// assert_eq!(normalize_uri_with(uri, &Gopher), "gopher://example.com/1");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub trait SchemeNormalizer {
    /// Normalizes `uri`, already syntax-normalized, by its scheme's rules.
    /// It must leave a valid, syntax-normalized URI.
    fn normalize(&self, uri: &mut UriBuf);

    /// The steps of syntax-based normalization (RFC 3986 §6.2.2) that
    /// [`normalize_uri_with`] takes for `uri` before
    /// [`normalize`](SchemeNormalizer::normalize): every one by default. A
    /// scheme whose path is opaque keeps its dot segments, one whose
    /// triplets are significant keeps them encoded: see
    /// [`NormalizeOptions`]. One hook, so that a scheme's whole normal form
    /// (the steps of §6.2.2 it takes, then §6.2.3) comes from one place.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Uri, UriBuf};
    /// use uri_resolve::{normalize_uri_with, NormalizeOptions, SchemeNormalizer};
    ///
    /// /// `tel`: an opaque path.
    /// struct Tel;
    /// impl SchemeNormalizer for Tel {
    ///     fn normalize(&self, _: &mut UriBuf) {}
    ///     fn syntax_options(&self, uri: Uri<'_>) -> NormalizeOptions {
    ///         NormalizeOptions::new().remove_dot_segments(!uri.scheme().eq_ignore_ascii_case("tel"))
    ///     }
    /// }
    ///
    /// let uri = Uri::parse("tel:+1-201-555-0123;x=a/../b")?;
    /// assert_eq!(normalize_uri_with(uri, &Tel), "tel:+1-201-555-0123;x=a/../b");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    fn syntax_options(&self, uri: Uri<'_>) -> NormalizeOptions {
        let _ = uri;
        NormalizeOptions::new()
    }
}

/// No scheme rules: syntax-based normalization only.
///
/// # Examples
///
/// ```
/// use uri_resolve::{normalize_uri_with, SyntaxOnly};
///
/// let uri = uri_core::Uri::parse("http://a:80/")?;
/// assert_eq!(normalize_uri_with(uri, &SyntaxOnly), "http://a:80/");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct SyntaxOnly;

impl SchemeNormalizer for SyntaxOnly {
    fn normalize(&self, _: &mut UriBuf) {}
}

/// Which steps of syntax-based normalization (RFC 3986 §6.2.2) apply to
/// the path: every one by default, as [`normalize`] applies them.
///
/// RFC 3986 §3.3 gives `.` and `..` a meaning only "in hierarchical
/// paths"; "a path segment is considered opaque by the generic syntax"
/// otherwise. A scheme whose path is one opaque string (`urn`, `data`,
/// `mailto`, `tel`) is changed, not normalized, by removing dot segments:
/// `data:,a/../b` would become `data:/b`, and `urn:example:a/../b`,
/// `urn:/b`, no URN at all. And a scheme may compare percent-encoded
/// text as written: URN-equivalence (RFC 8141 §3.1) upper-cases the hex
/// digits of triplets but says "percent-encoded characters MUST NOT be
/// decoded", so `urn:example:a%2D` and `urn:example:a-` are two URNs.
///
/// Both steps can be turned off for the path; the other components, and
/// the case of triplets' hex digits everywhere (§6.2.2.1), are normalized
/// as ever. `Eq` compares the steps.
///
/// # Examples
///
/// ```
/// use uri_resolve::{normalize_uri, normalize_uri_with_options, NormalizeOptions};
///
/// let urn = NormalizeOptions::new()
///     .remove_dot_segments(false)
///     .decode_unreserved_in_path(false);
/// let uri = uri_core::Uri::parse("URN:example:a/../b%2d?+%7e")?;
/// assert_eq!(normalize_uri_with_options(uri, urn), "urn:example:a/../b%2D?+~");
/// assert_eq!(normalize_uri(uri), "urn:/b-?+~");
/// assert_eq!(NormalizeOptions::default(), NormalizeOptions::new());
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NormalizeOptions {
    dot_segments: bool,
    decode_path: bool,
}

impl NormalizeOptions {
    /// Every step of §6.2.2: what [`normalize`], [`normalize_into`] and
    /// [`normalize_uri`] do.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_resolve::{normalize_uri, normalize_uri_with_options, NormalizeOptions};
    ///
    /// let uri = uri_core::Uri::parse("HTTP://a/./b/%7e")?;
    /// assert_eq!(normalize_uri_with_options(uri, NormalizeOptions::new()), normalize_uri(uri));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub const fn new() -> Self {
        NormalizeOptions {
            dot_segments: true,
            decode_path: true,
        }
    }

    /// Whether the path's dot segments are removed (§6.2.2.3; the
    /// default). Only a URI's path, or an absolute path, ever has them
    /// removed: a relative path keeps them until it is resolved.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_resolve::{normalize_uri_with_options, NormalizeOptions};
    ///
    /// let opaque = NormalizeOptions::new().remove_dot_segments(false);
    /// let uri = uri_core::Uri::parse("data:text/plain,a/../b")?;
    /// assert_eq!(normalize_uri_with_options(uri, opaque), "data:text/plain,a/../b");
    /// assert_eq!(uri_resolve::normalize_uri(uri), "data:text/b");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn remove_dot_segments(mut self, yes: bool) -> Self {
        self.dot_segments = yes;
        self
    }

    /// Whether the path's triplets of `unreserved` characters are decoded
    /// (§6.2.2.2; the default; for an IRI, those of `iunreserved` ones
    /// too, RFC 3987 §5.3.2.3). Off, the path's triplets stay, with their
    /// hex digits upper-cased (§6.2.2.1), and a `%2E` is no dot segment.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_resolve::{normalize_uri_with_options, NormalizeOptions};
    ///
    /// let kept = NormalizeOptions::new().decode_unreserved_in_path(false);
    /// let uri = uri_core::Uri::parse("urn:example:a%2d?=%2d")?;
    /// assert_eq!(normalize_uri_with_options(uri, kept), "urn:example:a%2D?=-");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn decode_unreserved_in_path(mut self, yes: bool) -> Self {
        self.decode_path = yes;
        self
    }
}

impl Default for NormalizeOptions {
    /// [`NormalizeOptions::new`]: every step.
    fn default() -> Self {
        NormalizeOptions::new()
    }
}

/// Writes the syntax-based normal form (RFC 3986 §6.2.2) of `parts` to
/// `out` (cleared first):
///
/// - scheme and registered-name host in lower case (§6.2.2.1), IPv6 in the
///   RFC 5952 text form, IPvFuture in lower case;
/// - percent-encoding with upper-case hex digits, and triplets of
///   `unreserved` characters decoded, in every component (§6.2.2.1, §6.2.2.2);
/// - dot segments removed from the path (§6.2.2.3), for a URI or an
///   absolute path; a relative path keeps them, since they mean something
///   until the reference is resolved;
/// - `/.` before a path that would otherwise begin with `//` without an
///   authority, as in resolution.
///
/// Empty components keep their delimiters (`http://a:/?` stays so); that is
/// for scheme rules (§6.2.3) to change. The result is idempotent and parses
/// with the same components.
///
/// # Examples
///
/// ```
/// use uri_core::UriReference;
/// use uri_resolve::normalize_into;
///
/// let mut out = String::new();
/// normalize_into(UriReference::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?.components(), &mut out);
/// assert_eq!(out, "example://a/b/c/%7Bfoo%7D");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn normalize_into<S: Spec>(parts: Components<'_, S>, out: &mut String) {
    out.clear();
    write(parts, NormalizeOptions::new(), out);
}

/// [`normalize_into`] into any [`Out`]: a `String`, or a writer that
/// records the layout for the owned result; the path's steps as `options`
/// say.
#[inline]
fn write<S: Spec, O: Out<S>>(parts: Components<'_, S>, options: NormalizeOptions, out: &mut O) {
    // Most references hold no `%`: then no component needs its triplets
    // normalized, and each is copied (or lower-cased) as it stands.
    let pct = has_percent(parts.as_str());
    if !pct && copy_and_lowercase(parts, options.dot_segments, out) {
        return;
    }
    write_normalized(parts, pct, options, out);
}

/// [`normalize_into`] component by component, `pct` telling whether the
/// reference holds a `%`.
fn write_normalized<S: Spec, O: Out<S>>(
    parts: Components<'_, S>,
    pct: bool,
    options: NormalizeOptions,
    out: &mut O,
) {
    let norm = |text: &str, out: &mut O| {
        if pct {
            normalize_with(S::SYNTAX, text, |piece| out.push_str(piece));
        } else {
            out.push_str(text);
        }
    };
    if let Some(scheme) = parts.scheme() {
        out.scheme(scheme);
        out.make_ascii_lowercase(0..scheme.len());
    }
    let authority = parts.authority();
    if let Some(a) = authority {
        out.start_authority();
        if let Some(userinfo) = a.userinfo() {
            norm(userinfo, out);
            out.end_userinfo();
        }
        write_host(a, pct, out);
        out.end_host();
        if let Some(port) = a.port() {
            out.port(port);
        }
    }
    let path_start = out.as_str().len();
    let raw = parts.path();
    let decode = options.decode_path;
    // Only a decoded `%2E` can make a dot segment: without one, removing
    // dot segments and normalizing triplets commute, and each segment is
    // normalized as it is written. With one, the path is normalized first.
    let path = if pct && decode && has_encoded_dot(raw) {
        normalize_for(S::SYNTAX, raw)
    } else {
        Cow::Borrowed(raw)
    };
    let removes = options.dot_segments && (parts.scheme().is_some() || path.starts_with('/'));
    match (removes, pct) {
        (true, true) => {
            remove_dot_segments_into(&path, &mut Normalizing::<S, O>::new(out, decode));
        }
        (true, false) => remove_dot_segments_into(&path, out),
        (false, true) => Normalizing::<S, O>::new(out, decode).push_str(&path),
        (false, false) => out.push_str(&path),
    }
    out.guard_path(path_start, authority.is_some());
    if let Some(query) = parts.query() {
        out.start_query();
        norm(query, out);
    }
    if let Some(fragment) = parts.fragment() {
        out.start_fragment();
        norm(fragment, out);
    }
}

/// Whether `path` holds `%2E` or `%2e`, an encoded `.`.
fn has_encoded_dot(path: &str) -> bool {
    path.as_bytes()
        .windows(3)
        .any(|w| w[0] == b'%' && w[1] == b'2' && (w[2] | 0x20) == b'e')
}

/// A [`Text`] that normalizes the triplets of each piece as it is written
/// to `out`: decoded where `unreserved` and upper-cased, or only
/// upper-cased when `decode` is off. `remove_dot_segments` writes whole
/// segments (and `/`), so no triplet is split between pieces, and cutting
/// back to a `/` cuts the same segments as it would without normalization.
struct Normalizing<'o, S: Spec, O: Out<S>> {
    out: &'o mut O,
    decode: bool,
    spec: core::marker::PhantomData<S>,
}

impl<'o, S: Spec, O: Out<S>> Normalizing<'o, S, O> {
    fn new(out: &'o mut O, decode: bool) -> Self {
        Normalizing {
            out,
            decode,
            spec: core::marker::PhantomData,
        }
    }
}

impl<S: Spec, O: Out<S>> Text for Normalizing<'_, S, O> {
    fn push_str(&mut self, text: &str) {
        if self.decode {
            normalize_with(S::SYNTAX, text, |piece| self.out.push_str(piece));
        } else {
            let start = self.out.as_str().len();
            self.out.push_str(text);
            upper_case_hex::<S, O>(self.out, start);
        }
    }
    fn push(&mut self, c: char) {
        self.out.push(c);
    }
    fn as_str(&self) -> &str {
        self.out.as_str()
    }
    fn truncate(&mut self, len: usize) {
        self.out.truncate(len);
    }
}

/// The fast path of [`normalize_into`] for a reference without `%`: the
/// whole text copied, the scheme and a reg-name host lower-cased in place.
/// `false` (nothing written) when the path has dot segments to remove
/// (`dot_segments` says whether any are) or the host is an IP literal,
/// which need the component-wise path.
#[inline]
fn copy_and_lowercase<S: Spec, O: Out<S>>(
    parts: Components<'_, S>,
    dot_segments: bool,
    out: &mut O,
) -> bool {
    let removes = dot_segments && (parts.scheme().is_some() || parts.path().starts_with('/'));
    if removes && may_have_dot_segments(parts.path()) {
        return false;
    }
    let host = match parts.authority() {
        None => None,
        // An IRI's non-ASCII host keeps its case (RFC 3987 §5.3.2.1 lower-
        // cases US-ASCII-only hosts; the rest is for NFC and IDNA).
        Some(a) if matches!(a.host_kind(), HostKind::RegName) => {
            Some(a.host_span()).filter(|_| S::ASCII_ONLY || a.host_str().is_ascii())
        }
        Some(a) if matches!(a.host_kind(), HostKind::Ipv4) => None,
        Some(_) => return false,
    };
    out.copy_all(parts);
    if let Some(scheme) = parts.scheme() {
        out.make_ascii_lowercase(0..scheme.len());
    }
    if let Some(span) = host {
        // Offsets are API: the host's span in `parts` is its span in `out`.
        out.make_ascii_lowercase(span);
    }
    true
}

/// Whether `parts` is already its own syntax-based normal form under
/// `options`, as most references met in practice are: no `%` (so no
/// triplet to upper-case or decode), no dot segment to remove, no letter
/// to lower-case in the scheme or host, and a host that is a registered
/// name, an IPv4 address or absent (an IPv6 or IPvFuture literal may
/// have another normal form). `false` does not mean it changes; it sends
/// the caller to the writer, which finds out.
fn is_normal<S: Spec>(parts: Components<'_, S>, options: NormalizeOptions) -> bool {
    if has_percent(parts.as_str()) {
        return false;
    }
    let removes =
        options.dot_segments && (parts.scheme().is_some() || parts.path().starts_with('/'));
    if removes && may_have_dot_segments(parts.path()) {
        return false;
    }
    let lower = |text: &str| !text.bytes().any(|b| b.is_ascii_uppercase());
    if !parts.scheme().is_none_or(lower) {
        return false;
    }
    match parts.authority() {
        None => true,
        Some(a) => match a.host_kind() {
            HostKind::RegName => lower(a.host_str()),
            HostKind::Ipv4 => true,
            HostKind::Ipv6 | HostKind::IpvFuture => false,
        },
    }
}

/// Writes the host of `authority` in normal form: IPv6 in the RFC 5952
/// form, IPvFuture and reg-names lower-cased, a reg-name's triplets
/// normalized when `pct`.
fn write_host<S: Spec, O: Out<S>>(authority: Authority<'_>, pct: bool, out: &mut O) {
    let text = authority.host_str();
    match authority.host_kind() {
        HostKind::Ipv4 => out.push_str(text),
        HostKind::Ipv6 => {
            if let Host::Ipv6 { addr, zone } = authority.host() {
                // `Ipv6Addr`'s Display is the RFC 5952 form.
                let _ = write!(out, "[{addr}");
                if let Some(zone) = zone {
                    // A zone is ASCII in IRIs too: URI normalization.
                    out.push_str("%25");
                    normalize_with(uri_encode::Syntax::Uri, zone, |piece| out.push_str(piece));
                }
                out.push(']');
            }
        }
        HostKind::IpvFuture => push_lowercase(out, text),
        HostKind::RegName if !S::ASCII_ONLY && !text.is_ascii() => {
            // RFC 3987 §5.3.2.1: only a US-ASCII host is lower-cased.
            if pct {
                normalize_with(S::SYNTAX, text, |piece| out.push_str(piece));
            } else {
                out.push_str(text);
            }
        }
        HostKind::RegName if !pct => push_lowercase(out, text),
        HostKind::RegName => {
            let start = out.as_str().len();
            normalize_with(S::SYNTAX, text, |piece| out.push_str(piece));
            let end = out.as_str().len();
            out.make_ascii_lowercase(start..end);
            // Triplet hex digits go back to upper case.
            upper_case_hex::<S, O>(out, start);
        }
    }
}

/// Upper-cases the hex digits of the triplets `out` holds from `start`
/// (§6.2.2.1), each `%` found once.
fn upper_case_hex<S: Spec, O: Out<S>>(out: &mut O, start: usize) {
    let mut i = start;
    while let Some(k) = out.as_str()[i..].find('%') {
        i += k + 1;
        let end = (i + 2).min(out.as_str().len());
        out.make_ascii_uppercase(i..end);
    }
}

/// Appends `text` lower-cased.
fn push_lowercase<S: Spec, O: Out<S>>(out: &mut O, text: &str) {
    let start = out.as_str().len();
    out.push_str(text);
    // Unconditionally: a loop without an exit to mispredict.
    let end = out.as_str().len();
    out.make_ascii_lowercase(start..end);
}

/// The syntax-based normal form of a URI reference; see [`normalize_into`].
///
/// # Examples
///
/// ```
/// use uri_core::UriReference;
///
/// let r = UriReference::parse("HTTP://www.EXAMPLE.com/%7euser/./a/../b")?;
/// assert_eq!(uri_resolve::normalize(r), "http://www.example.com/~user/b");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn normalize<S: Spec>(reference: RiReference<'_, S>) -> RiReferenceBuf<S> {
    let mut out = TrustedWriter::<S>::with_capacity(reference.as_str().len() + 2);
    write(reference.components(), NormalizeOptions::new(), &mut out);
    out.finish()
}

/// The syntax-based normal form of a URI; see [`normalize_into`].
///
/// # Examples
///
/// ```
/// let uri = uri_core::Uri::parse("http://[2001:DB8:0:0:0:0:0:1]/a/%2e%2E/b")?;
/// assert_eq!(uri_resolve::normalize_uri(uri), "http://[2001:db8::1]/b");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn normalize_uri<S: Spec>(uri: Ri<'_, S>) -> RiBuf<S> {
    normalize_uri_with_options(uri, NormalizeOptions::new())
}

/// The syntax-based normal form of a URI (see [`normalize_into`]) with
/// only the steps `options` keeps for the path: for schemes whose path is
/// opaque, or whose triplets are significant as written.
///
/// The result is idempotent under the same options and parses with the
/// same components; with [`NormalizeOptions::new`] it is
/// [`normalize_uri`]'s.
///
/// # Examples
///
/// ```
/// use uri_resolve::{normalize_uri_with_options, NormalizeOptions};
///
/// let opaque = NormalizeOptions::new().remove_dot_segments(false);
/// let uri = uri_core::Uri::parse("TEL:+1-201-555-0123;x=a/../b")?;
/// assert_eq!(normalize_uri_with_options(uri, opaque), "tel:+1-201-555-0123;x=a/../b");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn normalize_uri_with_options<S: Spec>(uri: Ri<'_, S>, options: NormalizeOptions) -> RiBuf<S> {
    if is_normal(uri.components(), options) {
        // The text, its layout, one allocation of its length.
        return uri.to_buf();
    }
    // `write` writes the scheme first (or copies the whole URI), as the
    // writer asks.
    let mut out = TrustedWriter::<S, Absolute>::with_capacity(uri.as_str().len() + 2);
    write(uri.components(), options, &mut out);
    out.finish()
}

/// The normal form of a URI by syntax, with the steps `rules` takes
/// ([`SchemeNormalizer::syntax_options`]), then by the scheme rules `rules`
/// (RFC 3986 §6.2.2, then §6.2.3).
///
/// # Examples
///
/// ```
/// use uri_resolve::{normalize_uri_with, SyntaxOnly};
///
/// let uri = uri_core::Uri::parse("HTTP://a/b")?;
/// assert_eq!(normalize_uri_with(uri, &SyntaxOnly), "http://a/b");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn normalize_uri_with(uri: Uri<'_>, rules: &impl SchemeNormalizer) -> UriBuf {
    let options = rules.syntax_options(uri);
    let mut normal = if options == NormalizeOptions::new() {
        normalize_uri(uri)
    } else {
        normalize_uri_with_options(uri, options)
    };
    rules.normalize(&mut normal);
    normal
}

/// Whether two references have the same syntax-based normal form (RFC 3986
/// §6.2.2), comparing component by component without allocating, except
/// when either path has dot segments to remove (a `.` or `..` segment,
/// `%2E` included, in a reference with a scheme or a path that starts with
/// `/`): both paths are then normalized into new `String`s and compared.
/// IRIs (`IriSpec`) are always normalized into two new `String`s, since
/// their triplets may decode to non-ASCII characters.
///
/// # Examples
///
/// ```
/// use uri_core::UriReference;
/// use uri_resolve::normalized_eq;
///
/// let a = UriReference::parse("example://a/b/c/%7Bfoo%7D")?;
/// let b = UriReference::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
/// assert!(normalized_eq(a, b));
/// assert!(!normalized_eq(a, UriReference::parse("example://a/b/c/%7Bfoo%7D?")?));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn normalized_eq<S: Spec>(a: RiReference<'_, S>, b: RiReference<'_, S>) -> bool {
    if a.as_str() == b.as_str() {
        return true;
    }
    if !S::ASCII_ONLY {
        // IRIs: triplets may decode to non-ASCII characters (RFC 3987
        // §5.3.2.3), which the comparison without allocation does not do.
        let (mut x, mut y) = (String::new(), String::new());
        normalize_into(a.components(), &mut x);
        normalize_into(b.components(), &mut y);
        return x == y;
    }
    let (a, b) = (a.components(), b.components());
    let same_scheme = match (a.scheme(), b.scheme()) {
        (Some(x), Some(y)) => x.eq_ignore_ascii_case(y),
        (None, None) => true,
        _ => false,
    };
    same_scheme
        && same_authority(a, b)
        && same_path(a, b)
        && same_opt(a.query(), b.query())
        && same_opt(a.fragment(), b.fragment())
}

fn same_opt(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => PctNormalized::new(x, false).eq(PctNormalized::new(y, false)),
        (None, None) => true,
        _ => false,
    }
}

fn same_authority<S: Spec>(a: Components<'_, S>, b: Components<'_, S>) -> bool {
    match (a.authority(), b.authority()) {
        (None, None) => true,
        (Some(x), Some(y)) => {
            same_opt(x.userinfo(), y.userinfo())
                && x.port() == y.port()
                && match (x.host(), y.host()) {
                    (Host::Ipv6 { addr: p, zone: z }, Host::Ipv6 { addr: q, zone: w }) => {
                        p == q && same_opt(z, w)
                    }
                    (Host::IpvFuture { .. }, Host::IpvFuture { .. }) => {
                        x.host_str().eq_ignore_ascii_case(y.host_str())
                    }
                    _ if x.host_kind() == HostKind::Ipv6 || y.host_kind() == HostKind::Ipv6 => {
                        false
                    }
                    _ if x.host_kind() == HostKind::IpvFuture
                        || y.host_kind() == HostKind::IpvFuture =>
                    {
                        false
                    }
                    // IPv4 and reg-names: a reg-name may normalize to IPv4 text.
                    _ => PctNormalized::new(x.host_str(), true)
                        .eq(PctNormalized::new(y.host_str(), true)),
                }
        }
        _ => false,
    }
}

fn same_path<S: Spec>(a: Components<'_, S>, b: Components<'_, S>) -> bool {
    let removes = |c: Components<'_, S>| c.scheme().is_some() || c.path().starts_with('/');
    let dotted = |c: Components<'_, S>| removes(c) && has_normalized_dot_segments(c.path());
    if !dotted(a) && !dotted(b) {
        return PctNormalized::new(a.path(), false).eq(PctNormalized::new(b.path(), false));
    }
    let normal = |c: Components<'_, S>| -> String {
        let path: Cow<'_, str> = normalize_for(S::SYNTAX, c.path());
        let mut out = String::new();
        if removes(c) {
            remove_dot_segments(&path, &mut out);
        } else {
            out.push_str(&path);
        }
        out
    };
    normal(a) == normal(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use uri_core::UriReference;

    #[test]
    fn the_single_copy_gives_what_each_component_gives() {
        let cases = [
            "HTTP://WWW.Example.COM/A/b?Q=1#F",
            "https://user:PW@Example.com:8080/x/y.html?a#b",
            "file://deps/v8/test/x.js",
            "HTTPS://1.2.3.4/a",
            "http://[2001:DB8::1]/a",
            "http://[v1.FE]/a",
            "foo:Bar/baz",
            "Foo:",
            "//Host/Path",
            "/a/b/c",
            "a/b/../c",
            "./a",
            "http://a/b/./c",
            "http://a/b/../c",
            "http://a/.hidden/file",
            "http://a/b.c/d..e",
            "http://a",
            "http://a?",
            "http://a#",
            "mailto:Someone@Example.com",
            "",
            "?q",
            "#f",
            "http://ExAmPlE.com:/",
        ];
        let mut copies = 0;
        for case in cases {
            let parts = UriReference::parse(case).map(|r| r.components());
            let Ok(parts) = parts else {
                panic!("{case:?} does not parse");
            };
            let mut copied = String::new();
            let mut general = String::new();
            let took_copy = copy_and_lowercase(parts, true, &mut copied);
            write_normalized(parts, false, NormalizeOptions::new(), &mut general);
            if took_copy {
                copies += 1;
                assert_eq!(copied, general, "{case:?}");
            } else {
                assert!(copied.is_empty(), "{case:?}");
            }
        }
        // All but the two IP literals and the three paths with a segment
        // that begins with `.` (a relative path keeps its dot segments).
        assert_eq!(copies, cases.len() - 5);
    }

    /// `normalize_uri_with_options` under `options`, checked to be a fixed
    /// point that parses with the components it was written with.
    fn with(input: &str, options: NormalizeOptions) -> String {
        let uri = Uri::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
        let once = normalize_uri_with_options(uri, options);
        let twice = normalize_uri_with_options(once.as_uri(), options);
        assert_eq!(once, twice, "{input:?}: not idempotent");
        let again = Uri::parse(once.as_str()).unwrap_or_else(|e| panic!("{once}: {e}"));
        assert_eq!(again.components(), once.as_uri().components(), "{input:?}");
        once.into_string()
    }

    const OPAQUE: NormalizeOptions = NormalizeOptions::new().remove_dot_segments(false);
    const KEPT: NormalizeOptions = NormalizeOptions::new().decode_unreserved_in_path(false);
    const NEITHER: NormalizeOptions = OPAQUE.decode_unreserved_in_path(false);

    #[test]
    fn every_step_is_normalize_uri() {
        let cases = [
            "HTTP://WWW.Example.COM/A/./b/../%7e?Q=%7e#%7e",
            "http://[2001:DB8::1]/a/%2E%2e/b",
            "urn:example:a/../b%2d",
            "data:text/plain,a/../b",
            "foo:",
            "http://a/b/c/./../../g",
            "mailto:Joe@Example.COM?subject=%7e",
        ];
        for case in cases {
            let uri = Uri::parse(case).unwrap_or_else(|e| panic!("{case:?}: {e}"));
            assert_eq!(
                with(case, NormalizeOptions::new()),
                normalize_uri(uri).as_str(),
                "{case:?}"
            );
            assert_eq!(
                with(case, NormalizeOptions::default()),
                normalize_uri(uri).as_str(),
                "{case:?}"
            );
        }
    }

    #[test]
    fn an_opaque_path_keeps_its_dot_segments() {
        assert_eq!(with("data:,a/../b", OPAQUE), "data:,a/../b");
        assert_eq!(with("DATA:,a/../b%7e", OPAQUE), "data:,a/../b~");
        assert_eq!(with("urn:example:a/./b", OPAQUE), "urn:example:a/./b");
        assert_eq!(with("news:.", OPAQUE), "news:.");
        assert_eq!(with("x://H/a/../b", OPAQUE), "x://h/a/../b");
        assert_eq!(with("x:/a/%2E%2E/b", OPAQUE), "x:/a/../b");
        // The default removes them, %2E decoded first.
        assert_eq!(with("data:,a/../b", NormalizeOptions::new()), "data:/b");
        assert_eq!(with("x:/a/%2E%2E/b", NormalizeOptions::new()), "x:/b");
    }

    #[test]
    fn kept_triplets_only_change_case() {
        assert_eq!(with("urn:example:a%2d", KEPT), "urn:example:a%2D");
        assert_eq!(
            with("urn:example:a%2d?+%2d#%2d", KEPT),
            "urn:example:a%2D?+-#-"
        );
        assert_eq!(with("URN:Ex:%c3%a9%41", NEITHER), "urn:Ex:%C3%A9%41");
        // `%2E` is no dot segment when triplets are kept; `.` still is.
        assert_eq!(with("x:/a/%2e%2e/b", KEPT), "x:/a/%2E%2E/b");
        assert_eq!(with("x:/a/../b%2e", KEPT), "x:/b%2E");
        assert_eq!(with("x:/a/../b%2e", NEITHER), "x:/a/../b%2E");
        // The authority is normalized as ever.
        assert_eq!(
            with("X://%7E@EX%41MPLE.com:1/%7e", NEITHER),
            "x://~@example.com:1/%7E"
        );
    }

    #[test]
    fn iris_keep_their_triplets_too() {
        let iri = uri_core::Iri::parse("urn:ex:ros%c3%a9/../%7e").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            normalize_uri_with_options(iri, NEITHER),
            "urn:ex:ros%C3%A9/../%7E"
        );
        assert_eq!(normalize_uri_with_options(iri, OPAQUE), "urn:ex:rosé/../~");
        assert_eq!(
            normalize_uri_with_options(iri, NormalizeOptions::new()),
            "urn:/~"
        );
    }
}
