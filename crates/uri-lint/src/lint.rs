//! [`Lint`]: the configuration, and the check itself.

use std::net::Ipv4Addr;
use std::ops::Range;
use std::sync::OnceLock;

use uri_core::{
    Component, Host, HostKind, Iri, IriReference, ParseError, ParseErrorKind, Uri, UriBuf,
    UriReference,
};
use uri_encode::grammar::{CharClass, Scanner};
use uri_iri::{HostMapping, to_uri, to_uri_with};
use uri_schemes::Registry;

use crate::finding::{Finding, Readings};
use crate::kind::{Kind, Severity};
use crate::quick;
use crate::reading::{self, HostReading, Reading, Refusal, is_special};
use crate::shape::{Shape, ends_in_number};
use crate::text::{decoded, mask, show};

/// The base against which a relative reference is read when no base was
/// given: a special (`https`) URL under the `.invalid` top-level domain
/// (RFC 2606 §2), which names no host.
pub const DEFAULT_BASE: &str = "https://base.invalid/";

/// The length past which a URL is [`Kind::TooLong`]: 2,048 characters.
pub const MAX_LENGTH: usize = 2048;

/// How many different texts that may be a password the readings are
/// searched for; with more, every text of the readings is hidden.
const MAX_SECRETS: usize = 8;

/// The scheme rules of `uri-schemes`, built once.
fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(Registry::standard)
}

/// The lint: reads an input both ways (RFC 3986/3987 with urikit, WHATWG
/// with `url`), says where they differ, and finds the other traps of a
/// URL; see [`Lint::check`].
///
/// # Examples
///
/// Before a URL is trusted (an SSRF allow-list, a redirect check), refuse
/// it when the two readings part or anything is an error:
///
/// ```
/// use uri_lint::{Lint, Severity};
///
/// let lint = Lint::new();
/// for input in ["http://127.1/", "http://2130706433/", "http://0x7f.0.0.1/", "http://a\\@b/"] {
///     let findings = lint.check(input);
///     assert!(findings.iter().any(|f| f.is_divergence() && f.severity() == Severity::Error));
/// }
/// assert!(lint.check("https://example.com/a?b#c").is_empty());
/// ```
#[derive(Debug, Clone)]
pub struct Lint {
    base: Option<UriBuf>,
    base_url: Option<url::Url>,
    default_base: Option<url::Url>,
    relative: bool,
    prescan: bool,
    allowed: Vec<String>,
}

impl Default for Lint {
    fn default() -> Self {
        Lint::new()
    }
}

/// urikit's parse of an input.
enum Rfc<'a> {
    /// A URI reference (RFC 3986).
    Uri(UriReference<'a>),
    /// Not a URI, but an IRI reference (RFC 3987).
    Iri(IriReference<'a>),
    /// Neither: the URI error.
    Refused(ParseError),
}

impl Lint {
    /// A lint with no base, expecting absolute URIs, with the pre-scan on
    /// and nothing allowed.
    ///
    /// # Examples
    ///
    /// ```
    /// let findings = uri_lint::Lint::new().check("/a/b");
    /// assert_eq!(findings[0].kind(), uri_lint::Kind::RelativeReference);
    /// ```
    pub fn new() -> Self {
        Lint {
            base: None,
            base_url: None,
            default_base: url::Url::parse(DEFAULT_BASE).ok(),
            relative: false,
            prescan: true,
            allowed: Vec::new(),
        }
    }

    /// Reads relative references against `base` (RFC 3986 §5.2; WHATWG's
    /// parser with a base), as a page at `base` would, and stops calling
    /// them [`Kind::RelativeReference`]. WHATWG reads `http:g` against a
    /// base of the same scheme too ([`Kind::BaseDependent`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_lint::{Kind, Lint};
    /// use uri_core::Uri;
    ///
    /// let lint = Lint::new().with_base(Uri::parse("https://example.com/a/")?);
    /// let findings = lint.check("/\\evil.com/");
    /// assert!(findings.iter().any(|f| f.kind() == Kind::Backslash));
    /// let readings = findings[0].readings().unwrap();
    /// assert_eq!(readings.whatwg().host().unwrap().to_string(), "evil.com");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn with_base(mut self, base: Uri<'_>) -> Self {
        self.base_url = url::Url::parse(base.as_str()).ok();
        self.base = Some(base.to_buf());
        self
    }

    /// Whether a relative reference without a base is fine (no
    /// [`Kind::RelativeReference`]); off by default. It is still read
    /// against [`DEFAULT_BASE`] for the divergence check.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_lint::Lint::new().allow_relative(true).check("../a").is_empty());
    /// ```
    #[must_use]
    pub fn allow_relative(mut self, yes: bool) -> Self {
        self.relative = yes;
        self
    }

    /// Drops the findings named `name`: a [`Kind`]'s name, or a scheme
    /// rule's (`MissingHost`), as the command's `--allow KIND` does. Call
    /// it once for each name.
    ///
    /// # Examples
    ///
    /// ```
    /// let lint = uri_lint::Lint::new().allow("Password");
    /// assert!(lint.check("ftp://me:pw@example.com/").is_empty());
    /// ```
    #[must_use]
    pub fn allow(mut self, name: &str) -> Self {
        self.allowed.push(name.to_owned());
        self
    }

    /// Whether the pre-scan decides when the WHATWG reading is needed
    /// (on by default). Off, every input is read both ways.
    ///
    /// # Examples
    ///
    /// ```
    /// let lint = uri_lint::Lint::new().prescan(false);
    /// assert!(lint.check("https://example.com/").is_empty());
    /// ```
    #[must_use]
    pub fn prescan(mut self, on: bool) -> Self {
        self.prescan = on;
        self
    }

    /// Whether the pre-scan sends `input` to the WHATWG reading: not when
    /// it is an ASCII URI that RFC 3986 accepts and nothing in it is read
    /// otherwise by WHATWG (a special scheme followed by `//` and a host
    /// that is an address or a name not ending in a number, holding no
    /// `%` and no `xn--` label; a port up to 65535; no `IPvFuture`; a
    /// file URI with no drive letter). Its cost is that of a parse.
    ///
    /// # Examples
    ///
    /// ```
    /// let lint = uri_lint::Lint::new();
    /// assert!(!lint.needs_whatwg("https://example.com/a/b?c#d"));
    /// assert!(!lint.needs_whatwg("mailto:joe@example.com"));
    /// assert!(!lint.needs_whatwg("file:///etc/hosts"));
    /// assert!(lint.needs_whatwg("http://127.1/"));
    /// assert!(lint.needs_whatwg("http:/example.com/"));
    /// assert!(lint.needs_whatwg("http://a b/"));
    /// ```
    pub fn needs_whatwg(&self, input: &str) -> bool {
        let rfc = parse(input);
        self.prescan_of(&rfc)
    }

    /// Both readings of `input`, always (no pre-scan).
    ///
    /// # Examples
    ///
    /// ```
    /// let readings = uri_lint::Lint::new().readings("http://a@b@c/");
    /// assert!(!readings.rfc3986().is_accepted());
    /// assert_eq!(readings.whatwg().host().unwrap().to_string(), "c");
    /// ```
    pub fn readings(&self, input: &str) -> Readings {
        let rfc = parse(input);
        let shape = Shape::of(input, self.base_is_special());
        self.both(input, &rfc, &shape)
    }

    /// Everything the lint finds in `input`, sorted by index (then by
    /// kind): where the RFC 3986/3987 reading and the WHATWG reading
    /// differ in scheme, userinfo, host (after IDNA and case), port (after
    /// defaults) or normalized path, or one accepts what the other
    /// refuses ([`Group::Divergence`](crate::Group::Divergence)); length,
    /// a password, a host that is no DNS name or could pass for another,
    /// a zone identifier, a relative reference, syntax; and every rule of
    /// the scheme that `uri-schemes` checks.
    ///
    /// Linear in the input's length; never panics.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_lint::{Kind, Lint};
    ///
    /// let kinds = |s| Lint::new().check(s).iter().map(|f| f.kind()).collect::<Vec<_>>();
    /// assert_eq!(kinds("http://0x7f.0.0.1/"), [Kind::NumericIpv4]);
    /// assert_eq!(kinds("http://%31%32%37.0.0.1/"), [Kind::EncodedHost, Kind::HostNotDns]);
    /// assert_eq!(kinds("ht\ttp://a/"), [Kind::NeedsBase, Kind::TabOrNewline, Kind::SchemeMixup]);
    /// assert!(kinds("http://a/b c").contains(&Kind::RefusedByRfc3986));
    /// assert!(kinds("https://example.com/").is_empty());
    /// ```
    pub fn check(&self, input: &str) -> Vec<Finding> {
        // A plain web or file URL, proved clean from its bytes alone.
        if self.prescan && quick::clean(input.as_bytes()) {
            return Vec::new();
        }
        // The parse is matched here, not through `parse`, so that the
        // fast path reads it where it lies.
        let parsed = parse_uri(input);
        if let Ok(r) = &parsed {
            if r.as_uri().is_some_and(|uri| self.clean_uri(input, uri)) {
                return Vec::new();
            }
        }
        self.slow(input, parsed)
    }

    /// [`Lint::check`] of an input the fast path does not prove clean.
    #[inline(never)]
    fn slow(&self, input: &str, parsed: Result<UriReference<'_>, ParseError>) -> Vec<Finding> {
        match parsed {
            Ok(r) => self.full(input, &Rfc::Uri(r)),
            Err(e) => self.full(input, &not_uri(input, e)),
        }
    }

    /// [`Lint::check`] the full way, for an input the fast path does not
    /// prove clean: out of line, so that the fast path stays short.
    #[inline(never)]
    fn full(&self, input: &str, rfc: &Rfc<'_>) -> Vec<Finding> {
        let mut out = Vec::new();
        // The shape WHATWG would find, made only when a lint needs it.
        let mut shape = None;
        // The divergences.
        if !self.prescan || self.prescan_of(rfc) {
            let shape = self.shape(input, &mut shape);
            let readings = self.both(input, rfc, shape);
            self.divergences(input, rfc, shape, readings, &mut out);
        }
        let diverged = !out.is_empty();
        // The other lints.
        too_long(input, &mut out);
        password(input, rfc, || self.shape(input, &mut shape), &mut out);
        match rfc {
            Rfc::Uri(r) => {
                if let Some(uri) = r.as_uri() {
                    schemes(uri, &mut out);
                    lookalike(IriReference::from(*r), &mut out);
                } else if !self.relative && self.base.is_none() {
                    out.push(finding(
                        Kind::RelativeReference,
                        0,
                        Kind::RelativeReference.summary().to_owned(),
                    ));
                }
            }
            Rfc::Iri(r) => {
                lookalike(*r, &mut out);
                if r.is_relative() && !self.relative && self.base.is_none() {
                    out.push(finding(
                        Kind::RelativeReference,
                        0,
                        Kind::RelativeReference.summary().to_owned(),
                    ));
                }
            }
            Rfc::Refused(e) => {
                if matches!(
                    e.kind(),
                    ParseErrorKind::ZoneIdNotAllowed | ParseErrorKind::InvalidZoneId
                ) {
                    out.push(finding(
                        Kind::ZoneId,
                        e.index(),
                        format!("{}: {}", Kind::ZoneId.summary(), e.kind().message()),
                    ));
                } else if !diverged {
                    out.push(finding(
                        Kind::Invalid,
                        e.index(),
                        format!("{}: {}", Kind::Invalid.summary(), e.kind().message()),
                    ));
                }
            }
        }
        out.retain(|f| {
            !self
                .allowed
                .iter()
                .any(|a| a == f.name || a == f.kind.name())
        });
        for f in &mut out {
            // Indices are into the input: at most its length, on a
            // character boundary.
            let mut i = f.index.min(input.len());
            while !input.is_char_boundary(i) {
                i -= 1;
            }
            f.index = i;
        }
        out.sort_by(|a, b| (a.index, a.kind, a.name).cmp(&(b.index, b.kind, b.name)));
        out
    }

    /// Whether a reference with no scheme is read against a special base.
    fn base_is_special(&self) -> bool {
        self.base
            .as_ref()
            .is_none_or(|b| special(b.scheme()) != Special::No)
    }

    /// The shape of `input` in `cell`, made on first use.
    fn shape<'s>(&self, input: &str, cell: &'s mut Option<Shape>) -> &'s Shape {
        cell.get_or_insert_with(|| Shape::of(input, self.base_is_special()))
    }

    /// Whether [`Lint::check`] can tell from urikit's parse, the scheme's
    /// proof and at most a look for an `@`, that it finds nothing: see
    /// [`Lint::proves_clean`].
    fn clean(&self, input: &str, rfc: &Rfc<'_>) -> bool {
        let Rfc::Uri(r) = rfc else { return false };
        // A relative reference: the base, or `RelativeReference`.
        r.as_uri().is_some_and(|uri| self.clean_uri(input, uri))
    }

    /// [`Lint::clean`] of an absolute URI.
    #[inline(always)]
    fn clean_uri(&self, input: &str, uri: Uri<'_>) -> bool {
        // With the pre-scan off, every input is read both ways.
        if !self.prescan || input.len() > MAX_LENGTH {
            return false;
        }
        // The scheme's rules (most URLs that break one are sent the full
        // way before the pre-scan reads them); for this crate's own http,
        // https and file, the look that proves them kept shows the
        // pre-scan what it needs of the host or the path.
        let (prescan, colon_free, web) = match registry().proves_clean(&uri) {
            Some(clean) => (
                prescan_proved(uri, clean),
                colon_free_file(uri, clean),
                matches!(clean, uri_schemes::Clean::Web { .. }),
            ),
            None => {
                if !registry().validate(uri).is_empty() {
                    return false;
                }
                (prescan_absolute(uri), false, false)
            }
        };
        // The pre-scan keeps it from the WHATWG reading: no divergence;
        // and `lookalike` looks only at a name that is not ASCII (an IRI)
        // or holds an `xn--` label. Then nothing else applies but the
        // password (`too_long`, `RelativeReference`, `Invalid` and
        // `ZoneId` are ruled out above).
        !(prescan.whatwg || prescan.xn) && (colon_free || no_password(input, &uri, web))
    }

    /// Whether a look at its bytes (a plain `http`, `https` or `file`
    /// URL), or else one parse and a look at its parts, prove that
    /// [`Lint::check`] finds nothing in `input`: the fast paths `check`
    /// takes for a clean URL, which cost less than a parse for a plain
    /// URL and about a parse and the scheme's rules for another, with no
    /// WHATWG reading.
    ///
    /// `true` only when `check(input)` is empty, and when the WHATWG
    /// reading (with the pre-scan off) would find no divergence either.
    /// `false` says nothing: `check` then reads the input the full way,
    /// and may still find nothing. It is `false` for every input when the
    /// pre-scan is off ([`Lint::prescan`]), and for a relative reference,
    /// an IRI, an input with a userinfo (or an `@` after an empty host),
    /// one in which uri-core's password rule finds a password
    /// ([`uri_core::password_spans`]), one longer than [`MAX_LENGTH`], or
    /// one the pre-scan sends to the WHATWG reading.
    ///
    /// # Examples
    ///
    /// ```
    /// let lint = uri_lint::Lint::new();
    /// assert!(lint.proves_clean("https://example.com/a/b?c#d"));
    /// assert!(lint.check("https://example.com/a/b?c#d").is_empty());
    /// // Sent the full way: the WHATWG reading differs.
    /// assert!(!lint.proves_clean("http://127.1/"));
    /// // An `@` in the path is no userinfo.
    /// assert!(lint.proves_clean("mailto:joe@example.com"));
    /// // Sent the full way, and clean all the same.
    /// assert!(!lint.proves_clean("foo://joe@example.com/"));
    /// assert!(lint.check("foo://joe@example.com/").is_empty());
    /// ```
    pub fn proves_clean(&self, input: &str) -> bool {
        self.prescan && quick::clean(input.as_bytes()) || self.clean(input, &parse(input))
    }

    /// The pre-scan: whether WHATWG might read `rfc` otherwise. No
    /// allocation unless `rfc` is relative (it is resolved first).
    ///
    /// A relative reference is always read both ways against a base that
    /// WHATWG does not read as RFC 3986 may: one `url` refuses (WHATWG then
    /// reads the reference against [`DEFAULT_BASE`]), or one with an opaque
    /// path (`mailto:a@b`, `foo:x`: URL Standard §4.4, "no scheme state",
    /// refuses every reference but a fragment against it, where RFC 3986
    /// §5.2 merges the path).
    fn prescan_of(&self, rfc: &Rfc<'_>) -> bool {
        let Rfc::Uri(r) = rfc else { return true };
        match r.as_uri() {
            Some(uri) => prescan_absolute(uri).whatwg,
            None => {
                self.base.is_some()
                    && self
                        .base_url
                        .as_ref()
                        .is_none_or(url::Url::cannot_be_a_base)
                    || self
                        .resolve_uri(*r)
                        .is_none_or(|buf| prescan_absolute(buf.as_uri()).whatwg)
            }
        }
    }

    /// `r` (relative) resolved against the base, or [`DEFAULT_BASE`].
    fn resolve_uri(&self, r: UriReference<'_>) -> Option<UriBuf> {
        let base = match &self.base {
            Some(b) => b.as_uri(),
            None => Uri::parse(DEFAULT_BASE).ok()?,
        };
        Some(uri_resolve::resolve(base, r))
    }

    /// Both readings, the passwords masked in every text.
    fn both(&self, input: &str, rfc: &Rfc<'_>, shape: &Shape) -> Readings {
        let (mut a, pa) = self.rfc_reading(rfc);
        let (mut b, pb) = self.whatwg_reading(input, shape);
        let same_user =
            decoded(a.user.as_deref().unwrap_or("")) == decoded(b.user.as_deref().unwrap_or(""));
        let same_password =
            decoded(pa.as_deref().unwrap_or("")) == decoded(pb.as_deref().unwrap_or(""));
        // Every text a reading shows that may hold a password.
        let mut secrets: Vec<String> = uri_core::password_spans(input.as_bytes())
            .filter_map(|s| input.get(s).map(str::to_owned))
            .collect();
        secrets.extend(pa);
        secrets.extend(pb);
        secrets.retain(|s| !s.is_empty());
        secrets.sort_by_key(|s| std::cmp::Reverse(s.len()));
        secrets.dedup();
        // Masking reads each text once per secret: past a few secrets (a
        // line of many URLs), hide every text whole, to stay linear.
        if secrets.len() > MAX_SECRETS {
            secrets.clear();
            for r in [&mut a, &mut b] {
                for text in [r.user.as_mut(), r.path.as_mut()].into_iter().flatten() {
                    *text = uri_core::MASK.to_owned();
                }
                if let Some(HostReading::Name(n) | HostReading::Future(n)) = r.host.as_mut() {
                    *n = uri_core::MASK.to_owned();
                }
            }
        }
        for r in [&mut a, &mut b] {
            for text in [r.user.as_mut(), r.path.as_mut()].into_iter().flatten() {
                mask(text, &secrets);
            }
            if let Some(HostReading::Name(n) | HostReading::Future(n)) = r.host.as_mut() {
                mask(n, &secrets);
            }
        }
        Readings {
            rfc3986: a,
            whatwg: b,
            same_user,
            same_password,
        }
    }

    /// urikit's reading: the URI, a relative reference resolved against
    /// the base, an IRI mapped to a URI (IDNA for a special scheme's host).
    fn rfc_reading(&self, rfc: &Rfc<'_>) -> (Reading, Option<String>) {
        match rfc {
            Rfc::Refused(e) => (Reading::refused(refusal(*e)), None),
            Rfc::Uri(r) => {
                let resolved;
                let uri = match r.as_uri() {
                    Some(uri) => uri,
                    None => match self.resolve_uri(*r) {
                        Some(buf) => {
                            resolved = buf;
                            resolved.as_uri()
                        }
                        None => return (Reading::refused(no_base()), None),
                    },
                };
                let normalized = uri_resolve::normalize_uri(uri);
                reading::of_uri(uri, normalized.as_uri())
            }
            Rfc::Iri(r) => {
                let resolved;
                let iri = match r.as_iri() {
                    Some(iri) => iri,
                    None => {
                        let base = match &self.base {
                            Some(b) => Iri::from(b.as_uri()),
                            None => match Iri::parse(DEFAULT_BASE) {
                                Ok(b) => b,
                                Err(_) => return (Reading::refused(no_base()), None),
                            },
                        };
                        resolved = uri_resolve::resolve(base, *r);
                        resolved.as_iri()
                    }
                };
                // IDNA for a special scheme's host, where UTS #46 maps no
                // character (IDNA2008, RFC 5891 §5.2, has no mapping step):
                // a host whose characters would be mapped stays as written,
                // percent-encoded (RFC 3987 §3.1 step 2).
                let special = is_special(&iri.scheme().to_ascii_lowercase())
                    && iri.authority().is_none_or(|a| {
                        let host = String::from_utf8_lossy(&decoded(a.host_str())).to_lowercase();
                        mapped_char(&host).is_none()
                    });
                let mapped = if special {
                    to_uri_with(iri, HostMapping::Idna).ok()
                } else {
                    None
                };
                let idna_failed = special && mapped.is_none();
                let mapped = mapped.unwrap_or_else(|| to_uri(iri));
                let Some(uri) = mapped.as_ref().as_uri() else {
                    return (Reading::refused(no_base()), None);
                };
                let normalized = uri_resolve::normalize_uri(uri);
                let (mut reading, password) = reading::of_uri(uri, normalized.as_uri());
                if idna_failed {
                    // IDNA refused the name: the reading shows it as written.
                    if let Some(a) = iri.authority() {
                        reading.host = Some(HostReading::Name(reading::lower_host(a.host_str())));
                    }
                }
                (reading, password)
            }
        }
    }

    /// The WHATWG reading (`url`): with the base for a reference with no
    /// scheme, or when a base was given.
    fn whatwg_reading(&self, input: &str, shape: &Shape) -> (Reading, Option<String>) {
        let base = match (&self.base_url, shape.scheme.is_none()) {
            (Some(b), _) => Some(b),
            (None, true) => self.default_base.as_ref(),
            (None, false) => None,
        };
        match url::Url::options().base_url(base).parse(input) {
            Ok(url) => reading::of_url(&url),
            Err(e) => (
                Reading::refused(Refusal::new(format!("{e:?}"), e.to_string(), None)),
                None,
            ),
        }
    }

    /// The divergence findings, from both readings.
    fn divergences(
        &self,
        input: &str,
        rfc: &Rfc<'_>,
        shape: &Shape,
        readings: Readings,
        out: &mut Vec<Finding>,
    ) {
        if readings.agree() {
            return;
        }
        let (a, b) = (&readings.rfc3986, &readings.whatwg);
        let both = a.is_accepted() && b.is_accepted();
        let rfc_error = match rfc {
            Rfc::Refused(e) => Some(e.index()),
            _ => None,
        };
        let host_differs = !(both && a.host == b.host);
        let user_differs =
            !(both && readings.same_user && readings.same_password && a.password == b.password);
        let mut found: Vec<(Kind, usize)> = Vec::new();
        if let Some(i) = shape.backslash {
            found.push((Kind::Backslash, i));
        }
        if let Some(i) = shape.tab_newline {
            found.push((Kind::TabOrNewline, i));
        }
        if let Some(i) = shape.edge {
            found.push((Kind::EdgeWhitespace, i));
        }
        // The host, as WHATWG reads its text.
        let host_text = shape.host_text(input);
        if shape.special && shape.authority.is_some() && host_differs {
            let plain: String = host_text
                .chars()
                .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                .collect();
            let text = String::from_utf8_lossy(&decoded(&plain)).to_ascii_lowercase();
            let canonical = text
                .parse::<Ipv4Addr>()
                .is_ok_and(|a| a.to_string() == text);
            let ipv4 = matches!(b.host, Some(HostReading::Ipv4(_)));
            if (ends_in_number(&text) || ipv4) && !canonical {
                found.push((Kind::NumericIpv4, shape.host.start));
            }
            if let Some(p) = host_text.find('%') {
                found.push((Kind::EncodedHost, shape.host.start + p));
            }
            if let Some(p) = mapped_char(&text).and_then(|c| host_text.find(c)) {
                found.push((Kind::MappedHost, shape.host.start + p));
            }
        }
        // The `@`, as RFC 3986 sees the authority (up to `/`, `?`, `#`).
        if shape.slashes.end > shape.slashes.start || shape.authority.is_some() {
            let from = shape
                .authority
                .as_ref()
                .map_or(shape.slashes.end, |r| r.start);
            let region_end = input[from..]
                .find(['/', '?', '#'])
                .map_or(input.len(), |e| from + e);
            let first_at = input[from..region_end].find('@').map(|p| from + p);
            let relevant = match rfc_error {
                Some(e) => e <= region_end,
                None => user_differs,
            };
            if let (Some(at), true) = (shape.at.or(first_at), relevant) {
                found.push((Kind::Userinfo, at));
            }
        }
        if shape.scheme.is_some() && shape.special {
            let off = shape.slash_count != 2 || shape.slash_has_backslash;
            if off && host_differs && shape.scheme.as_deref() != Some("file") {
                found.push((Kind::SlashCount, shape.slashes.start));
            }
            if shape.slash_count < 2 && a.is_accepted() && shape.scheme.as_deref() != Some("file") {
                found.push((Kind::BaseDependent, shape.slashes.start));
            }
        }
        if let Some(scheme) = &shape.scheme {
            let span = shape.scheme_span.clone();
            match rfc_error {
                Some(e) if span.start <= e && e <= span.end => found.push((Kind::SchemeMixup, e)),
                None if a.scheme.as_deref() != Some(scheme.as_str()) && a.is_accepted() => {
                    found.push((Kind::SchemeMixup, span.start));
                }
                _ => {}
            }
            if !rfc_scheme(input)
                && !matches!(rfc, Rfc::Uri(r) if r.as_uri().is_some())
                && url::Url::parse(input).is_ok()
            {
                found.push((Kind::NeedsBase, 0));
            }
        }
        if found.is_empty() {
            let kind = match (a.is_accepted(), b.is_accepted()) {
                (false, _) => (Kind::RefusedByRfc3986, rfc_error.unwrap_or(0)),
                (true, false) => (Kind::RefusedByWhatwg, whatwg_error_index(b, shape)),
                (true, true) => (Kind::ReadingsDiffer, first_difference(&readings, shape)),
            };
            found.push(kind);
        }
        let readings = Box::new(readings);
        let words = readings.to_string();
        for (kind, index) in found {
            out.push(Finding {
                kind,
                name: kind.name(),
                severity: kind.severity(),
                index,
                section: kind.section(),
                message: format!("{}: {words}", kind.summary()),
                readings: Some(readings.clone()),
            });
        }
    }
}

/// urikit's parse: a URI reference, else an IRI reference.
fn parse(input: &str) -> Rfc<'_> {
    match parse_uri(input) {
        Ok(r) => Rfc::Uri(r),
        Err(e) => not_uri(input, e),
    }
}

/// [`UriReference::parse`], out of line: the parser is inlined in it
/// with its options known (in [`Lint::check`] it would not be).
#[inline(never)]
fn parse_uri(input: &str) -> Result<UriReference<'_>, ParseError> {
    UriReference::parse(input)
}

/// [`parse`] of an input that is no URI reference (`e` says why): an
/// IRI reference, or refused.
fn not_uri(input: &str, e: ParseError) -> Rfc<'_> {
    match IriReference::parse(input) {
        Ok(r) => Rfc::Iri(r),
        Err(_) => Rfc::Refused(e),
    }
}

/// Whether `input` starts with an RFC 3986 scheme and its `:` (§3.1).
fn rfc_scheme(input: &str) -> bool {
    let bytes = input.as_bytes();
    if !bytes.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    bytes
        .iter()
        .find(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
        == Some(&b':')
}

/// Every byte but `@`, to look for one sixteen bytes at a time.
const NOT_AT: Scanner = Scanner::new(&CharClass::range(0, 0xFF).without(b'@'));

/// Whether [`password`] finds nothing in `input`, an absolute URI the
/// pre-scan keeps from the WHATWG reading.
///
/// No `@`: no userinfo for RFC 3986 or WHATWG, and nothing uri-core's
/// rule takes for a password (it needs an `@`; the input is ASCII, so it
/// has no `＠` or `﹫`). With an `@` outside an authority whose host is
/// not empty and which has no userinfo (an `@` in the path or query),
/// WHATWG finds the same authority, with no `@` in it either (a parsed
/// URI has no `\`, tab or newline; the host, not empty, ends the run of
/// slashes after `//`; a URI without an authority is not special here,
/// and its path does not start with `//`): then uri-core's rule decides,
/// as in [`password`]. Otherwise (a userinfo, an empty host with an `@`
/// after it), `false`.
///
/// The `@` is looked for only after the authority (or after the scheme's
/// `:` when there is none): the scheme cannot hold one, and an authority
/// without a userinfo (RFC 3986 §3.2: an `@` in it ends the userinfo)
/// holds none.
///
/// `web`: uri-schemes proved `uri` a clean http or https URI
/// ([`uri_schemes::Clean::Web`]): an authority with a host that is not
/// empty and no userinfo, which is then not looked at again.
#[inline(always)]
fn no_password(input: &str, uri: &Uri<'_>, web: bool) -> bool {
    let bytes = input.as_bytes();
    // Where the path begins: the end of an authority.
    let path_start = || {
        uri.components()
            .span(Component::Path)
            .map_or(bytes.len(), |p| p.start)
    };
    let (from, empty_host) = if web {
        (path_start(), false)
    } else {
        match uri.authority() {
            Some(a) => {
                if a.span(Component::Userinfo).is_some() {
                    return false;
                }
                (path_start(), a.host_span().is_empty())
            }
            None => (uri.scheme().len() + 1, false),
        }
    };
    if NOT_AT.first_outside(bytes, from) == bytes.len() {
        return true;
    }
    if empty_host {
        return false;
    }
    // The rule's password follows the first `:` of an authority, which
    // begins after the scheme's `:` (a parsed URI has no `/` before it),
    // and ends at an `@` after that `:`: without a `:` after the scheme's
    // and an `@` after it, it finds nothing.
    let after_scheme = bytes.get(uri.scheme().len() + 1..).unwrap_or_default();
    let Some(colon) = after_scheme.iter().position(|&b| b == b':') else {
        return true;
    };
    if !after_scheme
        .get(colon + 1..)
        .unwrap_or_default()
        .contains(&b'@')
    {
        return true;
    }
    uri_core::password_spans(bytes).next().is_none()
}

/// Whether `uri`, a file URI that uri-schemes proved `clean`, is one in
/// which [`no_password`] is sure to hold without a look at its bytes: a
/// host that is not empty and holds no `:` (a registered name or an IPv4
/// address), no userinfo, no port and no query (all proved), a path
/// without `:` (`colon_or_empty_segment` is `false`), and no fragment.
/// Then no `:` follows the scheme's, so uri-core's password rule, whose
/// password begins after such a `:`, finds nothing; and with no userinfo
/// and a host that is not empty, an `@` (in the path) is read alike by
/// WHATWG (see [`no_password`]).
fn colon_free_file(uri: Uri<'_>, clean: uri_schemes::Clean) -> bool {
    let uri_schemes::Clean::File {
        colon_or_empty_segment: false,
        ..
    } = clean
    else {
        return false;
    };
    uri.fragment().is_none()
        && uri.authority().is_some_and(|a| {
            !a.host_span().is_empty()
                && matches!(a.host_kind(), HostKind::RegName | HostKind::Ipv4)
                && a.span(Component::Userinfo).is_none()
                && a.span(Component::Port).is_none()
                && uri.query().is_none()
        })
}

/// [`prescan_absolute`] of a URI that uri-schemes proved to keep its
/// rules, from what that proof learnt: for http and https, the host (an
/// IP address, or a DNS name with no `%`); for file, whether the path
/// holds a `:`, `|` or `//`.
fn prescan_proved(uri: Uri<'_>, clean: uri_schemes::Clean) -> Prescan {
    let needed = Prescan {
        whatwg: true,
        xn: false,
    };
    match clean {
        // A special scheme, a host not empty (not an `IPvFuture`), no
        // userinfo, a port up to 65535: only an `xn--` label or a name
        // that ends in a number are for WHATWG.
        uri_schemes::Clean::Web {
            xn_label,
            numeric_last_label,
        } => Prescan {
            whatwg: xn_label || numeric_last_label,
            xn: false,
        },
        // No userinfo and no port; no host, or one that is empty, an IP
        // address or a DNS name (no `%`). A file URI without `//` is read
        // otherwise (`file:/a`), and so is a host of one or two bytes.
        uri_schemes::Clean::File {
            colon_or_empty_segment,
            xn_label,
            numeric_last_label,
        } => {
            let Some(authority) = uri.authority() else {
                return needed;
            };
            Prescan {
                whatwg: xn_label
                    || numeric_last_label
                    || colon_or_empty_segment
                    || matches!(authority.host_span().len(), 1..=2),
                xn: false,
            }
        }
        // A kind this version does not know: the pre-scan itself.
        _ => prescan_absolute(uri),
    }
}

/// What the pre-scan makes of a URI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Prescan {
    /// WHATWG might read it otherwise: the WHATWG reading is needed.
    whatwg: bool,
    /// Its host is a registered name with an `xn--` label (looked for
    /// only when `whatwg` is `false`).
    xn: bool,
}

/// The pre-scan of an absolute URI: whether WHATWG might read it
/// otherwise (a special scheme without `//`, or with a host that is empty,
/// ends in a number, or holds a `%` or an `xn--` label; a port above
/// 65535; an `IPvFuture`; an authority with a userinfo or port and no
/// host; WHATWG's Windows drive letters in a file URL; a path with `/.`
/// and no authority). No allocation; one pass over the host, and over
/// the path of a file URI.
fn prescan_absolute(uri: Uri<'_>) -> Prescan {
    let needed = Prescan {
        whatwg: true,
        xn: false,
    };
    let scheme = special(uri.scheme());
    let Some(authority) = uri.authority() else {
        // `http:h`, `http:/h`; a path a WHATWG opaque path or `/.//`
        // reads otherwise.
        let whatwg = scheme != Special::No || uri.path().contains("/.");
        return Prescan { whatwg, xn: false };
    };
    // Spans, not slices: offsets from the parse, nothing to check again.
    let port = authority.span(Component::Port);
    if port.is_some() && matches!(authority.port_u16(), Err(uri_core::PortError::TooLarge)) {
        return needed;
    }
    let host = authority.host_span();
    // WHATWG wants a host after a userinfo or before a port.
    if host.is_empty() && (port.is_some() || authority.span(Component::Userinfo).is_some()) {
        return needed;
    }
    let mut xn = false;
    match authority.host_kind() {
        HostKind::IpvFuture => return needed,
        HostKind::Ipv4 | HostKind::Ipv6 => {}
        HostKind::RegName => {
            let name = name_facts(uri.as_str().as_bytes(), host.clone());
            if scheme != Special::No
                && (host.is_empty() && scheme != Special::File
                    || name.percent
                    || name.xn
                    || name.number)
            {
                return needed;
            }
            xn = name.xn;
        }
    }
    // WHATWG's Windows drive letters in file URLs. An empty host
    // (`file:///etc/hosts`) is read alike by both.
    let whatwg = scheme == Special::File
        && (matches!(host.len(), 1..=2)
            || port.is_some()
            || uri
                .components()
                .span(Component::Path)
                .is_some_and(|path| drive_or_double_slash(uri.as_str().as_bytes(), path)));
    Prescan { whatwg, xn }
}

/// Every byte but `%` and `-`: a name without them has no `%` and no
/// `xn--` label.
const NOT_PERCENT_DASH: Scanner =
    Scanner::new(&CharClass::range(0, 0xFF).without(b'%').without(b'-'));

/// Every byte but `:`, `|` and `/`, to find them in a file URI's path.
const NOT_DRIVE_SLASH: Scanner = Scanner::new(
    &CharClass::range(0, 0xFF)
        .without(b':')
        .without(b'|')
        .without(b'/'),
);

/// The low `n` bits (all 64 from 64 on).
fn low_bits(n: usize) -> u64 {
    u64::MAX
        .checked_shr(64u32.saturating_sub(u32::try_from(n).unwrap_or(64)))
        .unwrap_or(0)
}

/// What the pre-scan asks of a registered name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct NameFacts {
    /// It holds a `%`.
    percent: bool,
    /// A label starts `xn--` (any case).
    xn: bool,
    /// It ends in a number ([`ends_in_number`]).
    number: bool,
}

/// The [`NameFacts`] of the name at `span` of `text`: up to 64 bytes from
/// one pass of the scanner's masks over windows of sixteen bytes (the
/// dots, and the `%` and `-` looked at one by one: most names have none),
/// a longer name byte by byte.
fn name_facts(text: &[u8], span: Range<usize>) -> NameFacts {
    let name = text.get(span.clone()).unwrap_or_default();
    let len = name.len();
    if len == 0 || len > 64 {
        let (percent, xn) = name_flags(name);
        return NameFacts {
            percent,
            xn,
            number: ends_in_number_bytes(name),
        };
    }
    // Most names hold neither `%` nor `-` (so no `xn--` label): then only
    // the last label is left to read, and only when its last byte could
    // end a number.
    if !has_percent_or_dash(name) {
        return NameFacts {
            percent: false,
            xn: false,
            number: may_end_in_number(name) && ends_in_number_bytes(name),
        };
    }
    let (mut marked, dots) = NOT_PERCENT_DASH.masks(text, span.start, len, b'.');
    let (mut percent, mut xn) = (false, false);
    while marked != 0 {
        let k = marked.trailing_zeros() as usize;
        if name.get(k) == Some(&b'%') {
            percent = true;
        } else if k >= 2 && (k == 2 || dots >> (k - 3) & 1 == 1) {
            // A `-` third in its label: `xn--`, if the rest agrees.
            xn |= is_xn(name.get(k - 2..).unwrap_or_default());
        }
        marked &= marked - 1;
    }
    // The last label, a single trailing `.` dropped.
    let end = if len > 1 && dots >> (len - 1) & 1 == 1 {
        len - 1
    } else {
        len
    };
    let before = dots & low_bits(end);
    let start = match before {
        0 => 0,
        d => 64 - d.leading_zeros() as usize,
    };
    let last = name.get(start..end).unwrap_or_default();
    let number = last.first().is_some_and(u8::is_ascii_digit)
        && (last.iter().all(u8::is_ascii_digit)
            || matches!(last, [b'0', b'x' | b'X', hex @ ..] if hex.iter().all(u8::is_ascii_hexdigit)));
    NameFacts {
        percent,
        xn,
        number,
    }
}

/// Whether `name` holds a `%` or a `-`: eight bytes a step, each step one
/// word in which such a byte is a zero byte of `word ^ 0x2525…` or `word ^
/// 0x2d2d…` (found exactly by the borrow of subtracting `0x0101…`), the
/// last step overlapping the one before; a name of fewer than eight bytes
/// byte by byte.
fn has_percent_or_dash(name: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const DASH: u64 = ONES * b'-' as u64;
    const PERCENT: u64 = ONES * b'%' as u64;
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGH != 0;
    let found_at = |at: usize| {
        let word = name
            .get(at..at + 8)
            .and_then(|w| <[u8; 8]>::try_from(w).ok())
            .map_or(0, u64::from_le_bytes);
        zero(word ^ DASH) || zero(word ^ PERCENT)
    };
    let n = name.len();
    if n < 8 {
        return name.iter().any(|&b| b == b'-' || b == b'%');
    }
    let mut at = 0;
    while at + 8 < n {
        if found_at(at) {
            return true;
        }
        at += 8;
    }
    found_at(n - 8)
}

/// Whether `name` may end in a number ([`ends_in_number_bytes`]): its last
/// byte, a root `.` aside, is a hexadecimal digit or the `x` of `0x`.
fn may_end_in_number(name: &[u8]) -> bool {
    match name {
        [.., b, b'.'] | [.., b] => b.is_ascii_hexdigit() || b | 0x20 == b'x',
        [] => false,
    }
}

/// Whether a registered name holds a `%`, and a label starting `xn--`
/// (any case): one pass, byte by byte.
fn name_flags(name: &[u8]) -> (bool, bool) {
    let xn_at = |i: usize| is_xn(name.get(i..).unwrap_or_default());
    let (mut percent, mut xn) = (false, xn_at(0));
    for (i, &b) in name.iter().enumerate() {
        percent |= b == b'%';
        if b == b'.' && !xn {
            xn = xn_at(i + 1);
        }
    }
    (percent, xn)
}

/// [`ends_in_number`] on bytes, looking only at the last label.
fn ends_in_number_bytes(host: &[u8]) -> bool {
    let mut end = host.len();
    if end > 1 && host[end - 1] == b'.' {
        end -= 1;
    }
    let mut start = end;
    while start > 0 && host[start - 1] != b'.' {
        start -= 1;
    }
    let last = &host[start..end];
    if last.is_empty() {
        return false;
    }
    if last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    matches!(last, [b'0', b'x' | b'X', hex @ ..] if hex.iter().all(u8::is_ascii_hexdigit))
}

/// Whether the path at `span` of `text` (a file URI's) holds a `:` or
/// `|` (a drive letter, as WHATWG reads one) or `//`: 64 bytes a step,
/// from the masks of those bytes and of `/`.
fn drive_or_double_slash(text: &[u8], span: Range<usize>) -> bool {
    let mut from = span.start;
    // Whether the byte before `from` is a `/` of the path.
    let mut slash_before = 0;
    while from < span.end {
        let len = (span.end - from).min(64);
        let (outside, slashes) = NOT_DRIVE_SLASH.masks(text, from, len, b'/');
        // A `:` or `|`; a `/` after a `/` (bit `k - 1`, or the last of
        // the step before).
        if outside & !slashes != 0 || (slashes << 1 | slash_before) & slashes != 0 {
            return true;
        }
        slash_before = slashes >> (len - 1) & 1;
        from += len;
    }
    false
}

/// What a scheme is to WHATWG (URL §4.1, "special scheme").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Special {
    /// Not special.
    No,
    /// `file`.
    File,
    /// `ftp`, `http`, `https`, `ws` or `wss`.
    Yes,
}

/// What `scheme` (any case) is to WHATWG, without lower-casing a copy:
/// its bytes, each with bit 5 set, compared by its length, the first four
/// as one word. Setting bit 5 turns an upper-case ASCII letter into its
/// lower case and leaves a lower-case one as it is; no other byte becomes
/// a letter, so only the names below, in any case, match.
#[inline]
fn special(scheme: &str) -> Special {
    const HTTP: u32 = u32::from_le_bytes(*b"http");
    const FILE: u32 = u32::from_le_bytes(*b"file");
    let b = scheme.as_bytes();
    let low = |i: usize| b.get(i).map_or(0, |c| c | 0x20);
    match b.len() {
        2 if (low(0), low(1)) == (b'w', b's') => Special::Yes,
        3 if matches!(
            (low(0), low(1), low(2)),
            (b'w', b's', b's') | (b'f', b't', b'p')
        ) =>
        {
            Special::Yes
        }
        4 | 5 => match (
            u32::from_le_bytes([low(0), low(1), low(2), low(3)]),
            b.len(),
            low(4),
        ) {
            (HTTP, 4, _) | (HTTP, 5, b's') => Special::Yes,
            (FILE, 4, _) => Special::File,
            _ => Special::No,
        },
        _ => Special::No,
    }
}

/// Whether a name has a label starting `xn--` (any case).
fn has_xn(name: &str) -> bool {
    name_flags(name.as_bytes()).1
}

/// Whether a label (or what follows a label's start) starts `xn--`, in
/// any case: the first two bytes with bit 5 set (which makes `X` and `N`
/// lower case and turns no other byte into `x` or `n`), the dashes as
/// they are.
fn is_xn(label: &[u8]) -> bool {
    matches!(label, [x, n, b'-', b'-', ..] if x | 0x20 == b'x' && n | 0x20 == b'n')
}

/// Whether `input` holds an `@`, or a look-alike uri-core's password rule
/// counts as one (U+FF20 `＠`, U+FE6B `﹫`): without one, no reader finds
/// a userinfo, and [`uri_core::password_spans`] finds nothing.
fn may_hold_at(input: &str) -> bool {
    input.as_bytes().contains(&b'@')
        || (!input.is_ascii() && (input.contains('\u{ff20}') || input.contains('\u{fe6b}')))
}

/// The RFC 3986 error as a [`Refusal`].
fn refusal(e: ParseError) -> Refusal {
    Refusal::new(
        e.kind().name().to_owned(),
        e.kind().message().to_owned(),
        Some(e.index()),
    )
}

/// A relative reference with no base to read it against.
fn no_base() -> Refusal {
    Refusal::new(
        "NoBase".to_owned(),
        "a relative reference, and no base".to_owned(),
        None,
    )
}

/// The first character of a (decoded, lower-cased) host that UTS #46
/// maps to something else, if any.
fn mapped_char(host: &str) -> Option<char> {
    if host.is_ascii() {
        return None;
    }
    let (unicode, _) = idna::domain_to_unicode(host);
    if unicode == host.to_lowercase() {
        return None;
    }
    host.chars().filter(|c| !c.is_ascii()).find(|&c| {
        let one = c.to_string();
        idna::domain_to_unicode(&one).0 != c.to_lowercase().to_string()
    })
}

/// Where the component WHATWG refuses is, by its error.
fn whatwg_error_index(b: &Reading, shape: &Shape) -> usize {
    let kind = b.refusal().map_or("", |r| r.kind());
    match kind {
        "InvalidPort" => shape.port.as_ref().map_or(shape.host.end, |p| p.start),
        "EmptyHost"
        | "IdnaError"
        | "InvalidIpv4Address"
        | "InvalidIpv6Address"
        | "InvalidDomainCharacter" => shape.host.start,
        _ => shape.scheme_span.start,
    }
}

/// Where the first component that differs is.
fn first_difference(r: &Readings, shape: &Shape) -> usize {
    let (a, b) = (&r.rfc3986, &r.whatwg);
    let auth = shape
        .authority
        .as_ref()
        .map_or(shape.host.start, |x| x.start);
    if a.scheme != b.scheme {
        shape.scheme_span.start
    } else if !(r.same_user && r.same_password && a.password == b.password) {
        auth
    } else if a.host != b.host {
        shape.host.start
    } else if a.port != b.port {
        shape.port.as_ref().map_or(shape.host.end, |p| p.start)
    } else {
        shape.path_start
    }
}

/// A finding that is not a divergence.
fn finding(kind: Kind, index: usize, message: String) -> Finding {
    Finding {
        kind,
        name: kind.name(),
        severity: kind.severity(),
        index,
        section: kind.section(),
        message,
        readings: None,
    }
}

/// [`Kind::TooLong`]: more than [`MAX_LENGTH`] characters.
fn too_long(input: &str, out: &mut Vec<Finding>) {
    if input.len() <= MAX_LENGTH {
        return;
    }
    if let Some((i, _)) = input.char_indices().nth(MAX_LENGTH) {
        let chars = MAX_LENGTH + 1 + input[i..].chars().skip(1).count();
        out.push(finding(
            Kind::TooLong,
            i,
            format!("{} characters: {}", chars, Kind::TooLong.summary()),
        ));
    }
}

/// [`Kind::Password`]: in RFC 3986's userinfo, else where WHATWG would
/// find one, else where any reader could (uri-core's `password_spans`).
/// `shape` is called only when the input holds an `@` (or a look-alike)
/// and RFC 3986 found no password.
fn password<'s>(
    input: &str,
    rfc: &Rfc<'_>,
    shape: impl FnOnce() -> &'s Shape,
    out: &mut Vec<Finding>,
) {
    let userinfo = match rfc {
        Rfc::Uri(r) => r
            .authority()
            .and_then(|a| Some((a.userinfo()?, a.span(Component::Userinfo)?))),
        Rfc::Iri(r) => r
            .authority()
            .and_then(|a| Some((a.userinfo()?, a.span(Component::Userinfo)?))),
        Rfc::Refused(_) => None,
    };
    let index = userinfo
        .and_then(|(userinfo, span)| {
            let colon = userinfo.find(':')?;
            (colon + 1 < userinfo.len()).then_some(span.start + colon + 1)
        })
        .or_else(|| {
            if !may_hold_at(input) {
                return None;
            }
            let shape = shape();
            let from_shape = shape.userinfo_colon.zip(shape.at);
            from_shape
                .and_then(|(colon, at)| (at > colon + 1).then_some(colon + 1))
                .or_else(|| {
                    uri_core::password_spans(input.as_bytes())
                        .next()
                        .map(|s| s.start)
                })
        });
    if let Some(i) = index {
        out.push(finding(
            Kind::Password,
            i,
            Kind::Password.summary().to_owned(),
        ));
    }
}

/// The rules of the URI's scheme ([`Kind::Scheme`]), and
/// [`Kind::HostNotDns`] from them; uri-schemes' warnings for a password
/// and a length are this crate's own kinds.
fn schemes(uri: Uri<'_>, out: &mut Vec<Finding>) {
    for v in registry().validate(uri) {
        let severity = match v.severity() {
            uri_schemes::Severity::Error => Severity::Error,
            uri_schemes::Severity::Warning => Severity::Warning,
        };
        let kind = match v.kind() {
            "Password" | "TooLong" => continue,
            "HostNotDns" => Kind::HostNotDns,
            _ => Kind::Scheme,
        };
        out.push(Finding {
            kind,
            name: if kind == Kind::Scheme {
                v.kind()
            } else {
                kind.name()
            },
            severity,
            index: v.index(),
            section: v.section(),
            message: v.message().to_owned(),
            readings: None,
        });
    }
}

/// [`Kind::LookalikeHost`]: a registered name that uri-iri's display
/// keeps in `xn--` form although it has a Unicode form.
fn lookalike(iri: IriReference<'_>, out: &mut Vec<Finding>) {
    let Some(authority) = iri.authority() else {
        return;
    };
    let Host::RegName(name) = authority.host() else {
        return;
    };
    if name.is_ascii() && !has_xn(name) {
        return;
    }
    let shown = uri_iri::display(iri).to_string();
    let Ok(shown) = IriReference::parse(&shown) else {
        return;
    };
    let Some(host) = shown.authority().map(|a| a.host_str()) else {
        return;
    };
    let kept = host.split('.').find(|label| {
        is_xn(label.as_bytes()) && {
            let (unicode, result) = idna::domain_to_unicode(label);
            result.is_ok() && !unicode.is_ascii()
        }
    });
    if let Some(label) = kept {
        let (unicode, _) = idna::domain_to_unicode(label);
        let index = authority.host_span().start;
        out.push(finding(
            Kind::LookalikeHost,
            index,
            format!(
                "{}: `{}` is shown as `{label}`",
                Kind::LookalikeHost.summary(),
                show(&unicode)
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pre-scan's one-pass helpers against the readings they
    /// replaced: labels split at `.`, `contains`, [`ends_in_number`].
    #[test]
    fn name_helpers() {
        let by_labels = |name: &str| {
            name.split('.')
                .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
        };
        let mut names: Vec<String> = [
            "xn--80ak6aa92e.com",
            "a.XN--80ak6aa92e",
            "a.bxn--c",
            "xn-",
            "xn--",
            "a..xn--",
            "",
            ".",
            "..",
            "axn--.com",
            "a.Xn--b.",
            "127.1",
            "0x7f.1",
            "127.0.0.1.",
            "a.0x",
            "a.0X",
            "0x",
            "1.2.3.0xg",
            "example.com",
            "%31%32%37.0.0.1",
            "a.1.",
            "a.1..",
            "1",
            "x.",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
        // Every string of up to four bytes over an alphabet that meets
        // each branch.
        let alphabet = [
            '.', '0', 'x', 'X', '1', 'f', 'g', '%', 'n', 'N', '-', '\r', 'Z',
        ];
        let mut level = vec![String::new()];
        for _ in 0..4 {
            level = level
                .iter()
                .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
                .collect();
            names.extend(level.iter().cloned());
        }
        // Around the 64 bytes of one mask.
        for k in 58..=70 {
            names.push(format!("{}.0x1", "a".repeat(k - 4)));
            names.push(format!("{}.xN--", "b".repeat(k - 5)));
            names.push(format!("{}.", "1".repeat(k - 1)));
            names.push(format!("{}%", "c.".repeat(k / 2)));
        }
        for name in &names {
            let (percent, xn) = name_flags(name.as_bytes());
            assert_eq!(xn, by_labels(name), "xn: {name:?}");
            assert_eq!(percent, name.contains('%'), "%: {name:?}");
            assert_eq!(
                ends_in_number_bytes(name.as_bytes()),
                ends_in_number(name),
                "number: {name:?}"
            );
            // The name inside a longer text, as in a URI.
            let text = format!("http://{name}/");
            assert_eq!(
                name_facts(text.as_bytes(), 7..7 + name.len()),
                NameFacts {
                    percent,
                    xn,
                    number: ends_in_number(name)
                },
                "facts: {name:?}"
            );
            let path = name.replace('.', "/").replace('X', ":").replace('g', "|");
            for path in [
                path.clone(),
                path.repeat(9),
                format!("{}{path}", "/a".repeat(40)),
            ] {
                let text = format!("file://{path}?q");
                let span = 7..7 + path.len();
                assert_eq!(
                    drive_or_double_slash(text.as_bytes(), span.clone()),
                    path.contains([':', '|']) || path.contains("//"),
                    "path: {path:?}"
                );
                assert_eq!(
                    drive_or_double_slash(path.as_bytes(), 0..path.len()),
                    path.contains([':', '|']) || path.contains("//"),
                    "path alone: {path:?}"
                );
            }
        }
    }

    /// `has_percent_or_dash` against a byte-by-byte look, at every length
    /// up to 40 and every position of the `%` or `-`, with bytes on both
    /// sides of them in value (`,`, `&`, `.`) around.
    #[test]
    fn percent_or_dash() {
        let base = b"a.,&".repeat(10);
        for n in 0..40 {
            assert!(!has_percent_or_dash(&base[..n]), "{n}");
            for at in 0..n {
                for c in [b'-', b'%'] {
                    let mut name = base[..n].to_vec();
                    name[at] = c;
                    assert!(has_percent_or_dash(&name), "{n} {at} {c}");
                }
            }
        }
    }

    /// `special` against the lower-cased comparison it replaced: on
    /// each name with every byte in turn replaced by every ASCII byte, and
    /// on a few others.
    #[test]
    fn special_schemes() {
        let mut schemes: Vec<String> = [
            "http", "HTTPS", "Ws", "wss", "ftp", "FILE", "files", "htt", "mailto", "", "sftp",
            "hTtPs", "é", "httpé", "w", "\u{0}ws",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
        for name in ["http", "https", "ws", "wss", "ftp", "file"] {
            for i in 0..name.len() {
                for b in 0..0x80u8 {
                    let mut bytes = name.as_bytes().to_vec();
                    bytes[i] = b;
                    schemes.extend(String::from_utf8(bytes));
                }
            }
        }
        for scheme in &schemes {
            let lower = scheme.to_ascii_lowercase();
            let expected = match lower.as_str() {
                "file" => Special::File,
                s if is_special(s) => Special::Yes,
                _ => Special::No,
            };
            assert_eq!(special(scheme), expected, "scheme: {scheme:?}");
        }
    }

    /// Without an `@` (or a look-alike), uri-core's rule finds no password.
    #[test]
    fn no_at_no_password() {
        for text in [
            "http://u:p@h/",
            "http://u:p\u{ff20}h/",
            "http:/u:p\u{fe6b}h/",
            "http://u:p/h",
            "https://a/b?c=d:e",
            "x http:u:pw",
        ] {
            if !may_hold_at(text) {
                assert_eq!(
                    uri_core::password_spans(text.as_bytes()).count(),
                    0,
                    "{text:?}"
                );
            }
        }
        assert!(may_hold_at("a@b"));
        assert!(may_hold_at("a\u{ff20}b"));
        assert!(may_hold_at("a\u{fe6b}b"));
        assert!(!may_hold_at("http://u:p/h"));
    }

    /// The pre-scan from uri-schemes' proof against the pre-scan itself,
    /// and [`no_password`] against [`password`], on generated URIs:
    /// every scheme kind, hosts and paths of every trap, each input also
    /// wrapped, prefixed and cut short at every byte.
    #[test]
    fn proved_prescan_and_password_agree_with_the_full_ones() {
        let lint = Lint::new();
        let pad = "p".repeat(60);
        let schemes = [
            "http", "HTTPS", "ws", "ftp", "file", "FILE", "foo", "sip", "mailto",
        ];
        let authorities = [
            "",
            "//",
            "///",
            "//h",
            "//ab",
            "//abc",
            "//Example.COM",
            "//a.b.",
            "//127.1",
            "//1.2.3.4",
            "//a.0x1F",
            "//a.09",
            "//xn--nxasmq6b.example",
            "//a.XN--b",
            "//ab--c.d",
            "//a_b",
            "//%41",
            "//[::1]",
            "//[v1.x]",
            "//h:80",
            "//h:",
            "//h:99999",
            "//u@h",
            "//u:p@h",
            "//:80",
        ];
        let paths = [
            String::new(),
            "/".into(),
            "/a/b".into(),
            "/a@b".into(),
            "/u:p@h".into(),
            "//u:p@h".into(),
            "/a//b".into(),
            "/c:/x".into(),
            "/c:".into(),
            "/a:b".into(),
            "/%41".into(),
            "/./a".into(),
            "?q=a@b".into(),
            "?u=//u:p@h/".into(),
            "?u=http:u:p@h".into(),
            "/a?x=1#u:p@h".into(),
            "u:p@h".into(),
            "/a@b?u=http:u:p".into(),
            "/a@b?u=//u:p".into(),
            "/a:b@c".into(),
            "/:@".into(),
            "?@:".into(),
            format!("/{pad}//{pad}:@"),
            format!("/{pad}{pad}/a"),
        ];
        let mut inputs = Vec::new();
        let mut whole = Vec::new();
        for scheme in schemes {
            for authority in authorities {
                for path in &paths {
                    let text = format!("{scheme}:{authority}{path}");
                    for cut in 0..text.len() {
                        inputs.push(text[..cut].to_owned());
                    }
                    whole.push(text.clone());
                    whole.push(format!("x{text}"));
                    whole.push(format!("<{text}>"));
                    whole.push(format!("{text} {text}"));
                    whole.push(format!("{text}#{text}"));
                    whole.push(format!("{text}?{text}"));
                }
            }
        }
        // The fast path against both readings of every input.
        let full = lint.clone().prescan(false);
        let mut clean = 0;
        for input in &whole {
            if lint.proves_clean(input) {
                clean += 1;
                assert!(full.check(input).is_empty(), "{input:?}");
            }
        }
        assert!(clean > 1_000, "{clean}");
        inputs.extend(whole);
        let (mut proved, mut at_kept, mut colon_free) = (0, 0, 0);
        for input in &inputs {
            let rfc = parse(input);
            let Rfc::Uri(r) = &rfc else { continue };
            let Some(uri) = r.as_uri() else { continue };
            if let Some(clean) = registry().proves_clean(&uri) {
                proved += 1;
                assert_eq!(
                    prescan_proved(uri, clean),
                    prescan_absolute(uri),
                    "{input:?}"
                );
                if colon_free_file(uri, clean) {
                    colon_free += 1;
                    assert!(no_password(input, &uri, false), "{input:?}");
                }
                if matches!(clean, uri_schemes::Clean::Web { .. }) {
                    // What the proof tells `no_password` it need not read.
                    assert_eq!(
                        no_password(input, &uri, true),
                        no_password(input, &uri, false),
                        "{input:?}"
                    );
                }
            }
            let shape = Shape::of(input, lint.base_is_special());
            let mut found = Vec::new();
            password(input, &rfc, || &shape, &mut found);
            if no_password(input, &uri, false) {
                assert!(found.is_empty(), "{input:?}");
                at_kept += usize::from(input.contains('@'));
            }
        }
        assert!(
            proved > 5_000 && at_kept > 1_000 && colon_free > 500,
            "{proved}, {at_kept}, {colon_free}"
        );
    }

    /// The quick proof ([`quick::clean`]) against the parse's fast path
    /// ([`Lint::clean`]) and against both readings in full, on generated
    /// web and file URLs with a trap in every part, each also cut short at
    /// every byte, prefixed, wrapped and doubled.
    #[test]
    fn quick_proof_holds_to_the_fast_path_and_the_full_check() {
        let lint = Lint::new();
        let full = lint.clone().prescan(false);
        let label = "l".repeat(63);
        let schemes = [
            "http", "https", "file", "HTTP", "File", "ws", "htt", "httpx",
        ];
        let hosts = [
            String::new(),
            "a".into(),
            "ab".into(),
            "abc".into(),
            "localhost".into(),
            "example.com".into(),
            "Example.COM".into(),
            "a-b.c-d".into(),
            "-a.b".into(),
            "a-.b".into(),
            "a..b".into(),
            ".a".into(),
            "a.".into(),
            "a--b.c".into(),
            "xn--nxasmq6b.com".into(),
            "a.xn--b".into(),
            "a.1".into(),
            "a.1a".into(),
            "a.a1".into(),
            "1.2.3.4".into(),
            "127.1".into(),
            "a.0x1f".into(),
            "a.x1f".into(),
            "a_b".into(),
            "a%41".into(),
            "a:80".into(),
            "a:".into(),
            "u@a".into(),
            "u:p@a".into(),
            "[::1]".into(),
            "abcdefghijklmnop.example".into(),
            "abcdefghijklmnopq-.com".into(),
            "abcdefghijklmnopq--r.com".into(),
            "abcdefghijklmnopqr_s.com".into(),
            "abcdefghijklmnopqr..com".into(),
            "abcdefghijklmnopqrstuvwxyz.12".into(),
            "abcdefghijklmnopqrstuvwxyz.a1".into(),
            format!("{}.example", "a".repeat(40)),
            format!("{}-.com", "a".repeat(40)),
            format!("{}--b.com", "a".repeat(40)),
            format!("{}_b.com", "a".repeat(40)),
            format!("{}.1", "a".repeat(40)),
            label.clone(),
            format!("{label}x"),
            format!("a.{}", &label[..60]),
            format!("a.{}", &label[..61]),
            format!("a.{label}"),
        ];
        let paths = [
            "",
            "/",
            "/a/b",
            "//a",
            "/a//b",
            "/a/",
            "/a:b",
            "/a@b",
            "/%41",
            "/%4",
            "/a b",
            "/a\\b",
            "/a|b",
            "/c:/x",
            "/c|/x",
            "/./a",
            "/../a",
            "/.",
            "?q",
            "?q=a:b",
            "?a@b",
            "?a/b?c",
            "#f",
            "#a:b",
            "#a@b",
            "#a#b",
            "/a?b#c",
            "/a?b?c#d/e?f",
            "/\u{e4}",
            "/a\tb",
            "/!$&'()*+,;=-._~",
            "/a,b//c",
            "/a=//b",
            "/a/,/b?c",
            "?!$&'()*+,;=",
            "#!$&'()*+,;=/?",
        ];
        let mut whole = Vec::new();
        for scheme in schemes {
            for sep in ["://", ":/", ":", ":///", ":\\\\"] {
                for host in &hosts {
                    for path in paths {
                        whole.push(format!("{scheme}{sep}{host}{path}"));
                    }
                }
            }
        }
        let mut inputs = Vec::new();
        for text in &whole {
            for cut in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
                inputs.push(text[..cut].to_owned());
            }
            inputs.push(format!("x{text}"));
            inputs.push(format!("<{text}>"));
            inputs.push(format!(" {text}"));
            inputs.push(format!("{text}\n"));
            inputs.push(format!("{text}{text}"));
            inputs.push(format!("{text}#{text}"));
            inputs.push(text.clone());
        }
        let mut quick = 0;
        for input in &inputs {
            if !quick::clean(input.as_bytes()) {
                continue;
            }
            quick += 1;
            assert!(lint.clean(input, &parse(input)), "{input:?}");
            assert!(full.check(input).is_empty(), "{input:?}");
        }
        assert!(quick > 10_000, "{quick} of {}", inputs.len());
        for (input, clean) in [
            ("https://example.com/a/b?c#d", true),
            ("http://a.b.c/", true),
            ("https://abcdefghijklmnopqrstuvwxyz.a1/x", true),
            ("https://abcdefghijklmnopqrstuvwxyz.12/x", false),
            ("https://abcdefghijklmnopqrstuvwxy-.a1/x", false),
            ("http://a", true),
            ("http://a?q#f", true),
            ("https://a.com/p@q?r@s#t@u", true),
            ("file:///etc/hosts", true),
            ("file://localhost/etc/hosts", true),
            ("file://abc/x#y", true),
            ("file://ab/x", false),
            ("file://abc", false),
            ("file:///a?q", false),
            ("file:///a@b", false),
            ("file:///a//b", false),
            ("http://127.1/", false),
            ("http://a.123/", false),
            ("http://a:80/", false),
            ("http://u@a/", false),
            ("https://xn--80ak6aa92e.com/", false),
            ("http://a/%41", false),
            ("http://a/b?c:d", false),
            ("HTTP://a/", false),
            ("ws://a/", false),
        ] {
            assert_eq!(quick::clean(input.as_bytes()), clean, "{input:?}");
        }
        let long = format!("https://a.com/{}", "p".repeat(MAX_LENGTH));
        assert!(quick::clean(&long.as_bytes()[..MAX_LENGTH]));
        assert!(full.check(&long[..MAX_LENGTH]).is_empty());
        assert!(!quick::clean(&long.as_bytes()[..=MAX_LENGTH]));
        assert!(!full.check(&long[..=MAX_LENGTH]).is_empty());
    }

    /// The pre-scan of relative references against bases of every shape,
    /// opaque ones among them: when it keeps a reference from the WHATWG
    /// reading, reading it both ways finds no divergence. (A fuzzer found
    /// `""` against `htvOp:)i/s/ut.tikk/`: WHATWG refuses it, RFC 3986
    /// reads the base.)
    #[test]
    fn prescan_of_references_against_every_base() -> Result<(), ParseError> {
        let bases = [
            "htvOp:)i/s/ut.tikk/",
            "mailto:joe@example.com",
            "foo:opaque",
            "urn:isbn:0451450523",
            "foo:/a/b",
            "foo://h/a/b",
            "http://example.com/a/b",
            "file:///a/b",
            "https://a%00b/",
            "http://256.256.256.256/",
        ];
        let references = [
            "", "a", "./a", "../a", "?q", "#f", "/p", "//h/p", "a:b", "%41", "a@b",
        ];
        let mut sent = 0;
        for base in bases {
            let lint = Lint::new().with_base(Uri::parse(base)?);
            let full = lint.clone().prescan(false);
            for reference in references {
                if lint.needs_whatwg(reference) {
                    sent += 1;
                    continue;
                }
                let diverged: Vec<_> = full
                    .check(reference)
                    .into_iter()
                    .filter(Finding::is_divergence)
                    .map(|f| f.name())
                    .collect();
                assert!(
                    diverged.is_empty(),
                    "{reference:?} against {base:?}: {diverged:?}"
                );
            }
        }
        assert!(sent > 30, "{sent}");
        let opaque = Lint::new().with_base(Uri::parse("foo:opaque")?);
        assert!(opaque.needs_whatwg(""));
        assert!(
            opaque
                .check("")
                .iter()
                .any(|f| f.kind() == Kind::RefusedByWhatwg)
        );
        Ok(())
    }

    /// The fast path's answers on a few shapes; each "clean" is checked
    /// against the full reading.
    #[test]
    fn fast_path() {
        let lint = Lint::new();
        for (input, clean) in [
            ("https://example.com/a/b?c#d", true),
            ("http://127.0.0.1:8080/", true),
            ("file:///etc/hosts", true),
            ("file://ab/x", false),
            ("urn:isbn:0451450523", true),
            ("http://127.1/", false),
            ("http://u@h/", false),
            ("https://xn--80ak6aa92e.com/", false),
            ("/a/b", false),
            ("http://a/b c", false),
            ("http:/h", false),
        ] {
            assert_eq!(lint.proves_clean(input), clean, "input: {input:?}");
            if clean {
                assert!(lint.clone().prescan(false).check(input).is_empty());
            }
        }
        assert!(
            !lint
                .clone()
                .prescan(false)
                .proves_clean("https://example.com/")
        );
        let long = format!("https://example.com/{}", "a".repeat(MAX_LENGTH));
        assert!(!lint.proves_clean(&long));
    }
}
