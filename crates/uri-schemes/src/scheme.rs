//! The extension point: [`Scheme`], and what checking a URI against one
//! gives ([`Report`], [`Fields`]).

use alloc::string::String;
use alloc::vec::Vec;

use uri_core::{Component, Uri, UriBuf};

use crate::Violation;
use crate::fields::Fields;

/// Whether a scheme's URIs locate a resource or name it: the distinction
/// RFC 3986 §1.1.3 draws between "URL" and "URN", which it keeps only as
/// a way of speaking ("A URI can be further classified as a locator, a
/// name, or both"). Each scheme says which of the two it is by the rule
/// the [`iana`](crate::iana) module's docs give.
///
/// # Examples
///
/// ```
/// use uri_schemes::{Kind, Registry};
///
/// let registry = Registry::standard();
/// assert_eq!(registry.get("http").map(|s| s.kind()), Some(Kind::Locator));
/// assert_eq!(registry.get("urn").map(|s| s.kind()), Some(Kind::Name));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A locator ("URL"): every URI of the scheme carries its own means
    /// of access: a server and the protocol to ask it (http, https, ws,
    /// wss, ftp, ldap, nntp, telnet), a file system path (file), or the
    /// bytes themselves (data).
    Locator,
    /// A name ("URN"): the URI identifies the resource, and something
    /// else resolves it, if anything does (urn; tel and mailto name an
    /// endpoint, not a place; news names a message-id or newsgroups that
    /// are the same on every server).
    Name,
}

impl Kind {
    /// `"locator"` or `"name"`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_schemes::Kind::Name.as_str(), "name");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Kind::Locator => "locator",
            Kind::Name => "name",
        }
    }
}

/// What checking a URI against its scheme found: the scheme's parts of it
/// ([`Fields`]) and every [`Violation`], errors and warnings, in the order
/// of the bytes they point at.
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
/// use uri_schemes::Registry;
///
/// let registry = Registry::standard();
/// let report = registry.check(Uri::parse("http://user:pw@example.com:99999/")?);
/// assert!(report.is_valid()); // warnings only
/// let kinds: Vec<_> = report.violations().iter().map(|v| v.kind()).collect();
/// assert_eq!(kinds, ["UserinfoInHttp", "Password", "PortOutOfRange"]);
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report<'a> {
    fields: Fields<'a>,
    violations: Vec<Violation>,
}

impl<'a> Report<'a> {
    /// A report of `fields` and `violations` (sorted here by byte, errors
    /// before warnings at the same byte).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::{Fields, Report, Violation};
    ///
    /// let r = Report::new(Fields::None, vec![Violation::warning("W", 3, "RFC 3986", "w")]);
    /// assert!(r.is_valid());
    /// ```
    #[inline]
    pub fn new(fields: Fields<'a>, mut violations: Vec<Violation>) -> Self {
        if violations.len() > 1 {
            sort(&mut violations);
        }
        Report { fields, violations }
    }

    /// The scheme's parts of the URI.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::{Fields, Registry};
    ///
    /// let report = Registry::standard().check(uri_core::Uri::parse("https://example.com/")?);
    /// let Fields::Http(http) = report.fields() else { return Err("an http report".into()) };
    /// assert_eq!(http.origin().map(|o| o.port()), Some(443));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn fields(&self) -> &Fields<'a> {
        &self.fields
    }

    /// Every violation found.
    ///
    /// # Examples
    ///
    /// ```
    /// let report = uri_schemes::Registry::standard().check(uri_core::Uri::parse("http:///a")?);
    /// assert_eq!(report.violations()[0].kind(), "MissingHost");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// Whether no violation is an error: the URI is a valid URI of its
    /// scheme (warnings aside).
    ///
    /// # Examples
    ///
    /// ```
    /// let registry = uri_schemes::Registry::standard();
    /// assert!(registry.check(uri_core::Uri::parse("http://a/")?).is_valid());
    /// assert!(!registry.check(uri_core::Uri::parse("http:/a")?).is_valid());
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn is_valid(&self) -> bool {
        !self.violations.iter().any(Violation::is_error)
    }

    /// The parts and the violations, given back.
    ///
    /// # Examples
    ///
    /// ```
    /// let report = uri_schemes::Registry::standard().check(uri_core::Uri::parse("x:y")?);
    /// let (fields, violations) = report.into_parts();
    /// assert!(violations.iter().all(|v| !v.is_error()));
    /// assert_eq!(fields, uri_schemes::Fields::None);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn into_parts(self) -> (Fields<'a>, Vec<Violation>) {
        (self.fields, self.violations)
    }
}

/// The violations, one per line (`error: … at byte 7`): a report is the
/// error of a typed entry ([`Mailto::parse`](crate::Mailto::parse), …),
/// so that `?` takes it.
///
/// # Examples
///
/// ```
/// let report = uri_schemes::Http::parse(uri_core::Uri::parse("http:///a")?).unwrap_err();
/// assert_eq!(report.to_string(), "error: the host is empty (RFC 9110 §4.2.1) at byte 7");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
impl core::fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for (k, violation) in self.violations.iter().enumerate() {
            if k > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{violation}")?;
        }
        Ok(())
    }
}

impl core::error::Error for Report<'_> {}

/// The rules of one URI scheme: implement it to add a scheme to a
/// [`Registry`](crate::Registry); every scheme of this crate is built on
/// it, none is a special case.
///
/// Only [`name`](Scheme::name) and [`kind`](Scheme::kind) must be written:
/// by default a scheme has no default port, does not use DNS, has a
/// hierarchical path whose triplets may be decoded, checks nothing beyond
/// the generic rules ([`generic_checks`](crate::generic_checks)),
/// normalizes nothing beyond syntax, and has no equivalence of its own
/// (RFC 3986 §6's ladder decides).
///
/// # Examples
///
/// ```
/// use uri_core::{Authority, Component, Uri, UriBuf};
/// use uri_schemes::{Kind, Registry, Scheme};
///
/// /// gopher (RFC 4266): port 70 by default, DNS host names.
/// struct Gopher;
///
/// impl Scheme for Gopher {
///     fn name(&self) -> &'static str { "gopher" }
///     fn kind(&self) -> Kind { Kind::Locator }
///     fn default_port(&self) -> Option<u16> { Some(70) }
///     fn uses_dns(&self) -> bool { true }
/// }
///
/// let mut registry = Registry::standard();
/// registry.add(Gopher);
/// let a = Uri::parse("GOPHER://Example.com:70/1")?;
/// assert_eq!(registry.normalize(a), "gopher://example.com/1");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub trait Scheme: Send + Sync {
    /// The scheme's name, in lower case (`"http"`).
    fn name(&self) -> &'static str;

    /// Whether its URIs locate or name.
    fn kind(&self) -> Kind;

    /// The port an authority without one means (80 for http).
    fn default_port(&self) -> Option<u16> {
        None
    }

    /// Whether its hosts are DNS names (RFC 1034 §3.5): then a host that
    /// is not one is a warning, and the default port is dropped when
    /// normalizing.
    fn uses_dns(&self) -> bool {
        false
    }

    /// Checks `uri` (whose scheme is this one) against the scheme's rules:
    /// its parts, and its violations beyond the generic ones, which the
    /// [`Registry`](crate::Registry) adds itself.
    fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
        let _ = uri;
        (Fields::None, Vec::new())
    }

    /// The violations of [`check`](Scheme::check) without its fields, for
    /// a caller that only asks whether the URI keeps the rules
    /// ([`Registry::validate`](crate::Registry::validate)). By default,
    /// `check`'s violations; a scheme whose fields cost allocations (text
    /// copied or decoded) overrides it to skip them, and must find exactly
    /// what `check` finds.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Registry;
    ///
    /// let registry = Registry::standard();
    /// let http = registry.get("http").expect("http is standard");
    /// let uri = uri_core::Uri::parse("http:///a")?;
    /// assert_eq!(http.validate(uri), http.check(uri).1);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    fn validate(&self, uri: Uri<'_>) -> Vec<Violation> {
        self.check(uri).1
    }

    /// Whether the path is opaque: one string that only the scheme reads,
    /// not a hierarchy of segments. RFC 3986 §3.3: "Aside from
    /// dot-segments in hierarchical paths, a path segment is considered
    /// opaque by the generic syntax"; for a scheme whose path is not
    /// hierarchical, `.` and `..` are data, and removing them (§6.2.2.3)
    /// would change the URI, not normalize it (`data:,a/../b` is not
    /// `data:/b`). [`Registry::normalize`](crate::Registry::normalize)
    /// then keeps them. `false` by default; `true` for urn, data, mailto,
    /// tel, news and nntp.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Registry;
    ///
    /// let registry = Registry::standard();
    /// assert_eq!(registry.get("data").map(|s| s.opaque_path()), Some(true));
    /// assert_eq!(registry.get("http").map(|s| s.opaque_path()), Some(false));
    /// let data = uri_core::Uri::parse("data:,a/../b")?;
    /// assert_eq!(registry.normalize(data), "data:,a/../b");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    fn opaque_path(&self) -> bool {
        false
    }

    /// Whether normalizing `uri` (of this scheme) must keep its dot
    /// segments: [`opaque_path`](Scheme::opaque_path) by default. A scheme
    /// overrides it when removing them is right for some of its URIs and
    /// wrong for others: for `file`, a `..` that would climb above a
    /// drive letter (`file:///C:/a/../../b`) is kept, since RFC 3986 §5.2.4
    /// would remove the drive with it and Windows would not (RFC 8089
    /// Appendix E.2.1).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::Registry;
    ///
    /// let registry = Registry::standard();
    /// let file = registry.get("file").expect("file is standard");
    /// assert!(file.keeps_dot_segments(Uri::parse("file:///C:/a/../../b")?));
    /// assert!(!file.keeps_dot_segments(Uri::parse("file:///C:/a/../b")?));
    /// assert_eq!(registry.normalize(Uri::parse("file:///C:/a/../../b")?), "file:///C:/a/../../b");
    /// assert_eq!(registry.normalize(Uri::parse("file:///C:/a/../b")?), "file:///C:/b");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    fn keeps_dot_segments(&self, uri: Uri<'_>) -> bool {
        let _ = uri;
        self.opaque_path()
    }

    /// Whether syntax normalization may decode the path's triplets of
    /// `unreserved` characters (RFC 3986 §6.2.2.2: "should be decoded").
    /// `true` by default; `false` for a scheme whose equivalence compares
    /// percent-encoding as written, as urn's (RFC 8141 §3.1:
    /// "percent-encoded characters MUST NOT be decoded"): there
    /// `urn:example:a%2D` and `urn:example:a-` are two URNs, and one
    /// normal form for both would make them one. The hex digits of
    /// triplets are upper-cased either way (§6.2.2.1).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Registry;
    ///
    /// let registry = Registry::standard();
    /// assert_eq!(registry.get("urn").map(|s| s.decodes_unreserved()), Some(false));
    /// let urn = uri_core::Uri::parse("urn:example:a%2d")?;
    /// assert_eq!(registry.normalize(urn), "urn:example:a%2D");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    fn decodes_unreserved(&self) -> bool {
        true
    }

    /// Normalizes `uri` (syntax-normalized, of this scheme, with the
    /// steps [`opaque_path`](Scheme::opaque_path) and
    /// [`decodes_unreserved`](Scheme::decodes_unreserved) keep) by the
    /// scheme's rules (RFC 3986 §6.2.3). The default drops the port when
    /// it is empty or the default one. It must leave a valid URI, and be
    /// idempotent.
    fn normalize(&self, uri: &mut UriBuf) {
        crate::generic::drop_default_port(uri, self.default_port());
    }

    /// The scheme's own equivalence of `a` and `b` (both of this scheme),
    /// where it is not RFC 3986 §6's: `Some(true)` or `Some(false)` is
    /// the answer, which [`Registry::equivalent`](crate::Registry::equivalent)
    /// gives without climbing the ladder; `None` (the default) leaves it
    /// to the ladder, as for a URI the scheme cannot read.
    ///
    /// Implement it when the scheme's specification defines equivalence
    /// by other rules than a normal form can: urn's (RFC 8141 §3.1)
    /// ignores the r-, q- and f-components, which a normal form must
    /// keep, and compares triplets undecoded; mailto's (RFC 6068 §2)
    /// equates addresses in the path and in a `to` header field. It must
    /// be reflexive and symmetric, and say `Some(true)` of two URIs whose
    /// [`Registry::normalize`](crate::Registry::normalize) forms are
    /// equal.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Uri, UriReference};
    /// use uri_schemes::{Kind, Registry, Scheme};
    ///
    /// /// `doi` (a name): case-insensitive, as DOI names are.
    /// struct Doi;
    ///
    /// impl Scheme for Doi {
    ///     fn name(&self) -> &'static str { "doi" }
    ///     fn kind(&self) -> Kind { Kind::Name }
    ///     fn opaque_path(&self) -> bool { true }
    ///     fn equivalent(&self, a: Uri<'_>, b: Uri<'_>) -> Option<bool> {
    ///         Some(a.path().eq_ignore_ascii_case(b.path()))
    ///     }
    /// }
    ///
    /// let mut registry = Registry::standard();
    /// registry.add(Doi);
    /// let (a, b) = (UriReference::parse("doi:10.1000/ABC")?, UriReference::parse("DOI:10.1000/abc")?);
    /// assert!(registry.equivalent(a, b));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    fn equivalent(&self, a: Uri<'_>, b: Uri<'_>) -> Option<bool> {
        let _ = (a, b);
        None
    }

    /// A text that stands for `uri` (of this scheme) under the scheme's
    /// own equivalence ([`equivalent`](Scheme::equivalent)): `Some` exactly
    /// for the URIs `equivalent` can read (`equivalent(uri, uri)` is
    /// `Some`), and for two such URIs `a` and `b`, equal keys exactly when
    /// `equivalent(a, b)` is `Some(true)`. `None` (the default) for a
    /// scheme without a rule of its own, or a URI it cannot read: then
    /// [`Registry::equivalence_key`](crate::Registry::equivalence_key)
    /// uses the normal form ([`Registry::normalize`](crate::Registry::normalize)),
    /// as [`Registry::equivalence`](crate::Registry::equivalence) falls
    /// back to it (RFC 3986 §6.2.3).
    ///
    /// The registry writes the key after the scheme's name in braces, so a
    /// key of one scheme never equals another's, nor a normal form.
    ///
    /// Implement it with [`equivalent`](Scheme::equivalent): urn (RFC 8141
    /// §3.1), mailto (RFC 6068 §2), geo (RFC 5870 §3.4.4) and pkg (the Package
    /// URL canonical form) are exact. sip and sips are not (RFC 3261
    /// §19.1.4 is not transitive: a parameter in one URI only is ignored,
    /// so `;security=on` and `;security=off` are each equivalent to no
    /// parameter, not to each other): their key keeps every parameter, and
    /// equal keys mean equivalent URIs, but equivalent URIs may have two
    /// keys.
    /// A URI the rule cannot read while it reads the URI's normal form
    /// (`geo:90,%2d22.43`) is a second exception, of
    /// [`Registry::equivalence`](crate::Registry::equivalence)'s ladder
    /// itself: see [`Registry::equivalence_key`](crate::Registry::equivalence_key).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Uri, UriReference};
    /// use uri_schemes::{Kind, Registry, Scheme};
    ///
    /// /// `doi` (a name): case-insensitive, as DOI names are.
    /// struct Doi;
    ///
    /// impl Scheme for Doi {
    ///     fn name(&self) -> &'static str { "doi" }
    ///     fn kind(&self) -> Kind { Kind::Name }
    ///     fn opaque_path(&self) -> bool { true }
    ///     fn equivalent(&self, a: Uri<'_>, b: Uri<'_>) -> Option<bool> {
    ///         Some(a.path().eq_ignore_ascii_case(b.path()))
    ///     }
    ///     fn equivalence_key(&self, uri: Uri<'_>) -> Option<String> {
    ///         Some(uri.path().to_ascii_lowercase())
    ///     }
    /// }
    ///
    /// let mut registry = Registry::standard();
    /// registry.add(Doi);
    /// let doi = registry.get("doi").ok_or("doi was added")?;
    /// assert_eq!(doi.equivalence_key(Uri::parse("DOI:10.1000/ABC")?), Some("10.1000/abc".into()));
    /// let key = |s| UriReference::parse(s).map(|r| registry.equivalence_key(r));
    /// assert_eq!(key("doi:10.1000/ABC")?, "{doi}10.1000/abc");
    /// assert_eq!(key("doi:10.1000/ABC")?, key("DOI:10.1000/abc")?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn equivalence_key(&self, uri: Uri<'_>) -> Option<String> {
        let _ = uri;
        None
    }
}

/// The typed entry of a scheme module (`Geo::parse`, `Sip::parse`, …):
/// checks `uri` as [`Registry::check`](crate::Registry::check) does with
/// `scheme` (its rules and the generic ones), and gives the scheme's view
/// of it when no violation is an error; else the whole [`Report`]. A URI
/// of another scheme than `names` is refused with `WrongScheme`.
pub(crate) fn typed_entry<'a, T>(
    uri: Uri<'a>,
    scheme: &dyn Scheme,
    names: &[&str],
    pick: impl FnOnce(Fields<'a>) -> Option<T>,
) -> Result<T, Report<'a>> {
    if !names.iter().any(|n| n.eq_ignore_ascii_case(uri.scheme())) {
        let wrong = Violation::error(
            "WrongScheme",
            0,
            "RFC 3986 §3.1",
            alloc::format!(
                "not a URI of the scheme `{}`",
                names.first().copied().unwrap_or("")
            ),
        );
        return Err(Report::new(Fields::None, alloc::vec![wrong]));
    }
    let (fields, mut violations) = scheme.check(uri);
    crate::generic::push_generic_checks(uri, scheme, &mut violations);
    if violations.iter().any(Violation::is_error) {
        return Err(Report::new(fields, violations));
    }
    match pick(fields) {
        Some(view) => Ok(view),
        None => Err(Report::new(Fields::None, violations)),
    }
}

/// Sorts `violations` by byte, errors before warnings at the same byte.
pub(crate) fn sort(violations: &mut [Violation]) {
    violations.sort_by(|a, b| {
        a.index()
            .cmp(&b.index())
            .then(b.severity().cmp(&a.severity()))
    });
}

/// Where `component` of `uri` starts, from its span (offsets are API, not
/// recovered from the getters' pointers); the end of the text when it is
/// absent.
pub(crate) fn start_of(uri: Uri<'_>, component: Component) -> usize {
    uri.components()
        .span(component)
        .map_or(uri.as_str().len(), |span| span.start)
}

/// The accessors of a view's user, password and host (RFC 3986 §3.2.1,
/// §3.2.2), in that order, each with its docs, inside the view's `impl`:
/// `user` and `password` give the fields of those names as `Option<&str>`,
/// `host` the field `host` as `&str`. The view's `Debug` writes the
/// password as `***`; its docs say whether the parts are decoded.
macro_rules! login_accessors {
    (
        $(#[$user:meta])* user;
        $(#[$password:meta])* password;
        $(#[$host:meta])* host;
    ) => {
        $(#[$user])*
        pub fn user(&self) -> Option<&str> {
            self.user.as_deref()
        }

        $(#[$password])*
        pub fn password(&self) -> Option<&str> {
            self.password.as_deref()
        }

        $(#[$host])*
        pub fn host(&self) -> &str {
            &self.host
        }
    };
}
pub(crate) use login_accessors;

/// Where the `?` that opens `uri`'s query stands, if it has a query (RFC
/// 3986 §3.4): the index of a violation about the query as a whole.
pub(crate) fn query_mark(uri: Uri<'_>) -> Option<usize> {
    uri.query()
        .map(|_| start_of(uri, Component::Query).saturating_sub(1))
}

/// The rule of the schemes whose URIs have no query (file, news and nntp,
/// telnet): a `QueryNotAllowed` error at the `?`, by the scheme's
/// `section`, saying `message`.
pub(crate) fn no_query(
    uri: Uri<'_>,
    section: &'static str,
    message: &'static str,
    found: &mut Vec<Violation>,
) {
    if let Some(at) = query_mark(uri) {
        found.push(Violation::error("QueryNotAllowed", at, section, message));
    }
}

/// The answers of a built-in scheme that are constants ([`Scheme::name`],
/// [`Scheme::kind`], [`Scheme::default_port`], [`Scheme::uses_dns`],
/// [`Scheme::opaque_path`], [`Scheme::decodes_unreserved`]), one line each
/// inside the module's `impl Scheme`, in this order, each optional: the
/// methods they stand for, without writing each one out again per module.
macro_rules! scheme_facts {
    (
        $(name = $name:expr;)?
        $(kind = $kind:ident;)?
        $(default_port = $port:expr;)?
        $(uses_dns = $dns:expr;)?
        $(opaque_path = $opaque:expr;)?
        $(decodes_unreserved = $decodes:expr;)?
    ) => {
        $(fn name(&self) -> &'static str { $name })?
        $(fn kind(&self) -> $crate::Kind { $crate::Kind::$kind })?
        $(fn default_port(&self) -> Option<u16> { $port })?
        $(fn uses_dns(&self) -> bool { $dns })?
        $(fn opaque_path(&self) -> bool { $opaque })?
        $(fn decodes_unreserved(&self) -> bool { $decodes })?
    };
}
pub(crate) use scheme_facts;

/// The three methods of a built-in scheme whose own equivalence is that of
/// its view, inside the module's `impl Scheme`: [`Scheme::check`] is the
/// module's `check`; [`Scheme::equivalent`] is `same` of the views `read`
/// gives ([`equivalent_views`]); [`Scheme::equivalence_key`] is `key` of
/// the view. Both are `None` for a URI with no view to compare, so that
/// the key answers where the rule does. `rule` names the section of the
/// scheme's RFC that defines the equivalence, for the methods' docs.
macro_rules! rules_of_the_view {
    (
        rule = $rule:literal;
        read = $read:expr;
        same = $same:expr;
        key = $key:expr;
    ) => {
        /// The rules of the [module docs](self#rules).
        fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
            check(uri)
        }

        #[doc = concat!("The view's own equivalence (", $rule, "); `None` when")]
        /// either URI has no view to compare.
        fn equivalent(&self, a: Uri<'_>, b: Uri<'_>) -> Option<bool> {
            $crate::scheme::equivalent_views(a, b, $read, $same)
        }

        #[doc = concat!("The key of the view's equivalence (", $rule, "); `None`")]
        /// for a URI with no view, as [`equivalent`](Scheme::equivalent)
        /// answers.
        fn equivalence_key(&self, uri: Uri<'_>) -> Option<String> {
            ($read)(uri).map(|view| $key(&view))
        }
    };
}
pub(crate) use rules_of_the_view;

/// A scheme's own equivalence, on its views: `same` of what `read` gives
/// for `a` and for `b`; `None` when either has no view (the registry then
/// compares by RFC 3986 §6).
pub(crate) fn equivalent_views<'x, T>(
    a: Uri<'x>,
    b: Uri<'x>,
    read: impl Fn(Uri<'x>) -> Option<T>,
    same: impl Fn(&T, &T) -> bool,
) -> Option<bool> {
    Some(same(&read(a)?, &read(b)?))
}
