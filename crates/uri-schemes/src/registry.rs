//! [`Registry`]: the schemes a program knows the rules of, and what it
//! does with them: check, normalize, compare.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use uri_core::{IriReference, Uri, UriBuf, UriReference, UriReferenceBuf};
use uri_resolve::{NormalizeOptions, SchemeNormalizer};

use crate::{Report, Scheme, Violation, generic_checks, http};

/// The schemes whose rules a program applies: [`Registry::standard`] holds
/// every scheme of this crate, and [`Registry::add`] takes your own (or
/// replaces one). Lookups ignore case, as schemes do (RFC 3986 §3.1).
///
/// A URI whose scheme the registry does not know gets the generic checks
/// only, syntax normalization only, and RFC 3986 §6's equivalence only.
///
/// `Registry` is not `Eq`: compare [`names`](Registry::names).
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
/// use uri_schemes::Registry;
///
/// let registry = Registry::standard();
/// assert!(registry.get("HTTPS").is_some());
/// assert_eq!(registry.normalize(Uri::parse("HTTP://Example.com:80")?), "http://example.com/");
/// assert!(registry.equivalent(
///     Uri::parse("http://example.com:80/")?.into(),
///     Uri::parse("http://EXAMPLE.com/")?.into(),
/// ));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub struct Registry {
    /// Sorted by name, one per name.
    schemes: Vec<Entry>,
    /// An open-addressing hash table of the schemes whose name
    /// [packs](pack): `(key, index in schemes)` at [`slot`]`(key)` or
    /// after it (linear probing), `(0, 0)` where empty. Its length is a
    /// power of two at least twice the number of keys, so a probe always
    /// meets an empty slot; empty when no name packs.
    short: Vec<(u64, usize)>,
    /// Whether `http`, `https` and `file` are this crate's own (bits 0, 1
    /// and 2): then [`Registry::validate`] runs their rules without a
    /// lookup.
    web: u8,
}

impl Registry {
    /// A registry with no schemes: generic checks and syntax normalization
    /// for every URI, until schemes are added.
    ///
    /// # Examples
    ///
    /// ```
    /// let registry = uri_schemes::Registry::empty();
    /// assert!(registry.get("http").is_none());
    /// ```
    pub fn empty() -> Self {
        Registry {
            schemes: Vec::new(),
            short: Vec::new(),
            web: 0,
        }
    }

    /// Every scheme of this crate: http, https, ws, wss, mailto, urn, tel,
    /// file, data, ldap, news, nntp, telnet, ftp, pkg, sip, sips, geo.
    ///
    /// # Examples
    ///
    /// ```
    /// let registry = uri_schemes::Registry::standard();
    /// assert_eq!(registry.get("wss").and_then(|s| s.default_port()), Some(443));
    /// ```
    pub fn standard() -> Self {
        let mut registry = Registry::empty();
        for builtin in crate::STANDARD.iter().copied().flatten() {
            registry.insert(match *builtin {
                Builtin::Http(http) => Entry::Http(http),
                Builtin::Other(scheme) => Entry::Static(scheme),
            });
        }
        registry
    }

    /// The [`standard`](Registry::standard) registry, built once for the
    /// whole program on first use and shared: for code that checks or
    /// compares URIs here and there, without keeping a registry of its own
    /// (building one allocates its table of schemes and its lookup table).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::Registry;
    ///
    /// let a = Uri::parse("http://example.com:80/")?;
    /// assert!(Registry::shared().equivalent(a.into(), Uri::parse("http://example.com")?.into()));
    /// assert!(core::ptr::eq(Registry::shared(), Registry::shared()));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn shared() -> &'static Registry {
        static SHARED: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();
        SHARED.get_or_init(Registry::standard)
    }

    /// Adds `scheme`, replacing one of the same name.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::{Kind, Registry, Scheme};
    ///
    /// struct Example;
    /// impl Scheme for Example {
    ///     fn name(&self) -> &'static str { "example" }
    ///     fn kind(&self) -> Kind { Kind::Name }
    /// }
    ///
    /// let mut registry = Registry::empty();
    /// registry.add(Example);
    /// assert_eq!(registry.get("EXAMPLE").map(|s| s.kind()), Some(Kind::Name));
    /// ```
    pub fn add(&mut self, scheme: impl Scheme + 'static) {
        self.insert(Entry::Dyn(Box::new(scheme)));
    }

    fn insert(&mut self, scheme: Entry) {
        match self
            .schemes
            .binary_search_by(|s| s.name().cmp(scheme.name()))
        {
            Ok(i) => self.schemes[i] = scheme,
            Err(i) => self.schemes.insert(i, scheme),
        }
        let keys: Vec<(u64, usize)> = (self.schemes.iter().enumerate())
            .filter_map(|(i, s)| Some((pack(s.name())?, i)))
            .collect();
        self.short = Vec::new();
        if !keys.is_empty() {
            let len = (2 * keys.len()).next_power_of_two();
            self.short.resize(len, (0, 0));
            for (key, index) in keys {
                let mut at = slot(key, len);
                // Keys are distinct (one scheme per name): no key is met.
                while self.short[at].0 != 0 {
                    at = (at + 1) & (len - 1);
                }
                self.short[at] = (key, index);
            }
        }
        // What a lookup of `http` and `https` finds, once the table is made.
        let own = |name| matches!(self.entry_by(name, pack(name)), Some(Entry::Http(h)) if h.name() == name);
        let file = matches!(self.entry_by("file", pack("file")), Some(Entry::Static(s)) if s.name() == "file");
        self.web = u8::from(own("http")) | u8::from(own("https")) << 1 | u8::from(file) << 2;
    }

    /// The scheme named `name`, in any case.
    ///
    /// # Examples
    ///
    /// ```
    /// let registry = uri_schemes::Registry::standard();
    /// assert_eq!(registry.get("Http").map(|s| s.name()), Some("http"));
    /// assert!(registry.get("gopher").is_none());
    /// ```
    #[inline]
    pub fn get(&self, name: &str) -> Option<&dyn Scheme> {
        self.entry(name).map(Entry::scheme)
    }

    /// The entry of the scheme `name`, ignoring case.
    #[inline(always)]
    fn entry(&self, name: &str) -> Option<&Entry> {
        self.entry_by(name, pack(name))
    }

    /// This crate's `http`, `https` or `file` when `scheme` (of a parsed
    /// URI, any case) names one of them and the registry holds it as it is
    /// (not replaced by [`Registry::add`]): compared as one word, as
    /// [`pack_scheme`] lower-cases, with no lookup.
    #[inline(always)]
    fn own(&self, scheme: &str) -> Own {
        const HTTP: u32 = u32::from_le_bytes(*b"http");
        const FILE: u32 = u32::from_le_bytes(*b"file");
        let b = scheme.as_bytes();
        let Some(&[w, x, y, z]) = b.first_chunk::<4>() else {
            return Own::None;
        };
        let head = u32::from_le_bytes([w, x, y, z]) | 0x2020_2020;
        match (head, b.len(), b.get(4).map(|s| s | 0x20)) {
            (HTTP, 4, _) if self.web & 1 != 0 => Own::Web(&http::HTTP),
            (HTTP, 5, Some(b's')) if self.web & 2 != 0 => Own::Web(&http::HTTPS),
            (FILE, 4, _) if self.web & 4 != 0 => Own::File,
            _ => Own::None,
        }
    }

    /// The entry of the scheme of a parsed URI ([`pack_scheme`]).
    #[inline(always)]
    fn entry_of(&self, uri: Uri<'_>) -> Option<&Entry> {
        self.entry_by(uri.scheme(), pack_scheme(uri.scheme()))
    }

    /// The entry of the scheme `name`, whose packed key is `key`.
    #[inline(always)]
    fn entry_by(&self, name: &str, key: Option<u64>) -> Option<&Entry> {
        let index = match key {
            Some(key) => self.find_short(key),
            None => self
                .schemes
                .binary_search_by(|s| cmp_ignore_case(s.name(), name))
                .ok(),
        };
        index.map(|i| &self.schemes[i])
    }

    /// The index of the scheme whose name packs to `key`, looked up in
    /// `short`.
    #[inline]
    fn find_short(&self, key: u64) -> Option<usize> {
        let len = self.short.len();
        if len == 0 {
            return None;
        }
        let mut at = slot(key, len);
        // At most `len` probes: half the slots or more are empty.
        for _ in 0..len {
            match self.short[at] {
                (k, index) if k == key => return Some(index),
                (0, _) => return None,
                _ => at = (at + 1) & (len - 1),
            }
        }
        None
    }

    /// The names of the schemes, sorted.
    ///
    /// # Examples
    ///
    /// ```
    /// let registry = uri_schemes::Registry::standard();
    /// assert!(registry.names().any(|n| n == "https"));
    /// ```
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.schemes.iter().map(|s| s.name())
    }

    /// Checks `uri` against its scheme's rules and the generic ones
    /// ([`generic_checks`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let registry = uri_schemes::Registry::standard();
    /// let report = registry.check(uri_core::Uri::parse("https:///abc")?);
    /// assert!(!report.is_valid());
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn check<'a>(&self, uri: Uri<'a>) -> Report<'a> {
        let scheme = match self.entry_of(uri) {
            Some(Entry::Http(http)) => return http.report(uri),
            Some(other) => other.scheme(),
            None => return Report::new(crate::Fields::None, generic_checks(uri, &NoRules)),
        };
        let (fields, mut violations) = scheme.check(uri);
        crate::generic::push_generic_checks(uri, scheme, &mut violations);
        Report::new(fields, violations)
    }

    /// The violations [`check`](Registry::check) finds, in its order,
    /// without building the fields: what a filter or a linter needs. For
    /// an http, https or file URI with no violation it usually takes less
    /// than parsing the URI did (the parse's offsets are read, and a host
    /// looked at once, not the text again); for http, https, ws and wss it
    /// allocates nothing for a URI with no violation (the
    /// `schemes/check` group of `docs/benchmarks.md`, and
    /// `docs/performance.md`); a scheme without a `validate` of its own
    /// builds its fields and drops them.
    ///
    /// # Examples
    ///
    /// ```
    /// let registry = uri_schemes::Registry::standard();
    /// let uri = uri_core::Uri::parse("https://user:pw@a_b.example/")?;
    /// let kinds: Vec<_> = registry.validate(uri).iter().map(|v| v.kind()).collect();
    /// assert_eq!(kinds, ["UserinfoInHttp", "Password", "HostNotDns"]);
    /// assert_eq!(registry.validate(uri), registry.check(uri).violations());
    /// assert!(registry.validate(uri_core::Uri::parse("https://a.example/")?).is_empty());
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn validate(&self, uri: Uri<'_>) -> Vec<Violation> {
        // Most URIs are http, https or file, and break no rule: when the
        // scheme is this crate's own, no lookup, and a clean URI proved
        // clean from its spans with no call to the rules.
        let clean = match self.own(uri.scheme()) {
            Own::Web(http) => http.breaks_none(uri, uri.authority()),
            Own::File => crate::file::FileScheme::breaks_none(uri),
            Own::None => false,
        };
        if clean {
            return Vec::new();
        }
        self.run_rules(uri)
    }

    /// Whether `uri` is proved to break no rule ([`Registry::validate`]
    /// is then empty) by the quick look `validate` takes first at an
    /// `http`, `https` or `file` URI (this crate's own, not replaced by
    /// [`Registry::add`]), and what that look learnt: `Some` only then.
    /// `None` says nothing: `validate` may still find nothing (a URI with
    /// a userinfo, a host longer than 63 bytes, another scheme); call it.
    ///
    /// For a caller that would otherwise read the host or the path again
    /// for the same facts, as `uri-lint`'s pre-scan does: the look costs
    /// no more than `validate`'s. It takes the URI by reference, so that a
    /// caller that reads it on afterwards does not copy it for the call.
    ///
    /// The look at a file URI's path is one scan for the first of `%`,
    /// `:`, `|` and `//`, and on from each one found to a `%`
    /// ([`Scanner::first_outside_or_repeat`](uri_encode::grammar::Scanner::first_outside_or_repeat)).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::{Clean, Registry};
    ///
    /// let registry = Registry::standard();
    /// let clean = registry.proves_clean(&Uri::parse("https://xn--bcher-kva.example/")?);
    /// assert_eq!(clean, Some(Clean::Web { xn_label: true, numeric_last_label: false }));
    /// let clean = registry.proves_clean(&Uri::parse("file:///srv//share")?);
    /// assert!(matches!(clean, Some(Clean::File { colon_or_empty_segment: true, .. })));
    /// // A rule broken, or not proved quickly: `None`.
    /// assert_eq!(registry.proves_clean(&Uri::parse("https://a_b.example/")?), None);
    /// assert_eq!(registry.proves_clean(&Uri::parse("mailto:joe@example.com")?), None);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn proves_clean(&self, uri: &Uri<'_>) -> Option<Clean> {
        match self.own(uri.scheme()) {
            Own::Web(http) => http.proves_clean(*uri, uri.authority()),
            Own::File => crate::file::FileScheme::proves_clean(*uri),
            Own::None => None,
        }
    }

    /// [`Registry::validate`] by the rules themselves: out of line, so
    /// that the path of a clean URI stays short.
    #[inline(never)]
    fn run_rules(&self, uri: Uri<'_>) -> Vec<Violation> {
        let mut found = match self.entry_of(uri) {
            Some(Entry::Http(http)) => return http.violations(uri),
            Some(other) => {
                let scheme = other.scheme();
                let mut found = scheme.validate(uri);
                crate::generic::push_generic_checks(uri, scheme, &mut found);
                found
            }
            None => generic_checks(uri, &NoRules),
        };
        if found.len() > 1 {
            crate::scheme::sort(&mut found);
        }
        found
    }

    /// The normal form of `uri`: syntax-based (RFC 3986 §6.2.2), then by
    /// its scheme's rules (§6.2.3). For a scheme whose path is opaque
    /// ([`Scheme::opaque_path`]) dot segments stay, and for one whose
    /// triplets are significant ([`Scheme::decodes_unreserved`]) the
    /// path's triplets are only upper-cased: `urn:example:a/../b%2d`
    /// normalizes to `urn:example:a/../b%2D`, not to `urn:/b-`, which is
    /// no URN.
    ///
    /// The normal form is idempotent, and equivalent to `uri` by
    /// [`equivalent`](Registry::equivalent); two URIs with one normal
    /// form are equivalent, but two equivalent URIs may have two normal
    /// forms when their scheme has its own equivalence
    /// ([`Scheme::equivalent`]: URNs that differ in their r-, q- or
    /// f-components).
    ///
    /// # Examples
    ///
    /// ```
    /// let registry = uri_schemes::Registry::standard();
    /// let uri = uri_core::Uri::parse("HTTPS://a.example:443")?;
    /// assert_eq!(registry.normalize(uri), "https://a.example/");
    /// let urn = uri_core::Uri::parse("URN:Example:a/../b%2d")?;
    /// assert_eq!(registry.normalize(urn), "urn:example:a/../b%2D");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn normalize(&self, uri: Uri<'_>) -> UriBuf {
        uri_resolve::normalize_uri_with(uri, self)
    }

    /// Whether `a` and `b` identify the same resource as far as RFC 3986
    /// §6 and the schemes' own rules can tell: see
    /// [`equivalence`](Registry::equivalence) for how.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    ///
    /// let registry = uri_schemes::Registry::standard();
    /// let a = UriReference::parse("http://example.com")?;
    /// let b = UriReference::parse("HTTP://example.com:/")?;
    /// assert!(registry.equivalent(a, b));
    /// assert!(!registry.equivalent(a, UriReference::parse("https://example.com/")?));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn equivalent(&self, a: UriReference<'_>, b: UriReference<'_>) -> bool {
        self.equivalence(a, b).is_some()
    }

    /// Whether two IRI references are equivalent: each mapped to a URI
    /// reference (RFC 3987 §3.1: every character that is not ASCII
    /// percent-encoded as UTF-8; an ASCII IRI is a URI as it is, without
    /// a copy), then compared as [`equivalent`](Registry::equivalent)
    /// compares URIs. So `http://é.example/ü` and
    /// `http://%C3%A9.example:80/%C3%BC` are equivalent. Hosts are not
    /// mapped with IDNA (that is `uri-iri`'s `to_uri_with`): an `xn--`
    /// label and its Unicode form are two names here.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::IriReference;
    ///
    /// let registry = uri_schemes::Registry::standard();
    /// let a = IriReference::parse("http://example.org/ü")?;
    /// let b = IriReference::parse("HTTP://example.org:80/%C3%BC")?;
    /// assert!(registry.equivalent_iri(a, b));
    /// assert!(!registry.equivalent_iri(a, IriReference::parse("http://example.org/u")?));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn equivalent_iri(&self, a: IriReference<'_>, b: IriReference<'_>) -> bool {
        let (a_owned, b_owned);
        let a = match UriReference::try_from(a) {
            Ok(uri) => uri,
            Err(_) => {
                a_owned = UriReferenceBuf::from_non_ascii_encoded(a.components());
                a_owned.as_uri_reference()
            }
        };
        let b = match UriReference::try_from(b) {
            Ok(uri) => uri,
            Err(_) => {
                b_owned = UriReferenceBuf::from_non_ascii_encoded(b.components());
                b_owned.as_uri_reference()
            }
        };
        self.equivalent(a, b)
    }

    /// The first rung of RFC 3986 §6's ladder at which `a` and `b` are
    /// equivalent, or `None`:
    ///
    /// 1. [`Equivalence::String`]: the same text (§6.2.1).
    /// 2. For two URIs of one scheme in the registry that has an
    ///    equivalence of its own ([`Scheme::equivalent`] answers), its
    ///    answer decides: `None` when it says no, even if the rungs below
    ///    would say yes (`urn:example:a-` and `urn:example:a%2D`, RFC 8141
    ///    §3.1); when it says yes, `Syntax` if their syntax-based normal
    ///    forms are equal too, else `Scheme`. A scheme's own rule counts
    ///    as scheme-based (§6.2.3): it is one of the scheme's rules.
    /// 3. [`Equivalence::Syntax`]: the same syntax-based normal form
    ///    (§6.2.2), without the steps the scheme turns off
    ///    ([`Scheme::opaque_path`], [`Scheme::decodes_unreserved`]).
    /// 4. [`Equivalence::Scheme`]: for two URIs of one scheme in the
    ///    registry, the same [`normalize`](Registry::normalize) form
    ///    (§6.2.3).
    ///
    /// References that are not both URIs of one known scheme (relative
    /// references, unknown schemes) climb the first and third rungs only.
    /// A `None` is no proof of two resources: RFC 3986 §6.1 allows false
    /// negatives, never false positives.
    ///
    /// Equal normal forms are equivalent; the converse holds but for a
    /// scheme's own rule, which may find two URIs equivalent whose normal
    /// forms differ: a urn's r-, q- and f-components, which RFC 8141 §3.1
    /// ignores but normalizing keeps (they are passed on when the name is
    /// resolved), and a mailto's header names in other case, addresses
    /// in a `to` field or in the path, and fragment (RFC 6068 §2, §6.2),
    /// which [`normalize`](Registry::normalize) writes as they are.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    /// use uri_schemes::{Equivalence, Registry};
    ///
    /// let registry = Registry::standard();
    /// let r = |s| UriReference::parse(s).unwrap();
    /// assert_eq!(registry.equivalence(r("a/b"), r("a/b")), Some(Equivalence::String));
    /// assert_eq!(registry.equivalence(r("HTTP://a/%7e"), r("http://a/~")), Some(Equivalence::Syntax));
    /// assert_eq!(registry.equivalence(r("http://a:80"), r("http://a/")), Some(Equivalence::Scheme));
    /// // RFC 8141 §3.1: r-, q- and f-components ignored, triplets not decoded.
    /// assert_eq!(registry.equivalence(r("urn:ex:a?+r"), r("urn:ex:a#f")), Some(Equivalence::Scheme));
    /// assert_eq!(registry.equivalence(r("URN:ex:a"), r("urn:ex:a")), Some(Equivalence::Syntax));
    /// assert_eq!(registry.equivalence(r("urn:ex:a-"), r("urn:ex:a%2D")), None);
    /// ```
    pub fn equivalence(&self, a: UriReference<'_>, b: UriReference<'_>) -> Option<Equivalence> {
        if a.as_str() == b.as_str() {
            return Some(Equivalence::String);
        }
        let known = match (a.as_uri(), b.as_uri()) {
            (Some(x), Some(y)) if x.scheme().eq_ignore_ascii_case(y.scheme()) => {
                self.get(x.scheme()).map(|scheme| (scheme, x, y))
            }
            _ => None,
        };
        let Some((scheme, a, b)) = known else {
            return uri_resolve::normalized_eq(a, b).then_some(Equivalence::Syntax);
        };
        let own = scheme.equivalent(a, b);
        if own == Some(false) {
            return None;
        }
        // One set of steps for both, so that the forms compare.
        let keep = scheme.keeps_dot_segments(a) || scheme.keeps_dot_segments(b);
        let options = syntax_options(scheme, keep);
        let syntax = if options == NormalizeOptions::new() {
            // Compares in place, allocating only for dot segments.
            uri_resolve::normalized_eq(a.into(), b.into())
        } else {
            uri_resolve::normalize_uri_with_options(a, options)
                == uri_resolve::normalize_uri_with_options(b, options)
        };
        if syntax {
            Some(Equivalence::Syntax)
        } else if own == Some(true)
            || scheme_normal_form(scheme, a, keep) == scheme_normal_form(scheme, b, keep)
        {
            Some(Equivalence::Scheme)
        } else {
            None
        }
    }

    /// A text that stands for `reference` under RFC 3986 §6's ladder as
    /// [`equivalence`](Registry::equivalence) climbs it: for any two
    /// references `a` and `b` (but the sip exception below),
    /// `equivalence_key(a) == equivalence_key(b)` exactly when
    /// [`equivalent`](Registry::equivalent)`(a, b)`, so that it can key a
    /// hash map, a `GROUP BY` or a `DISTINCT` to keep one of each set of
    /// equivalent references.
    ///
    /// The key is:
    ///
    /// - for a URI of a scheme in the registry that reads it by its own
    ///   rule ([`Scheme::equivalence_key`] answers: urn, RFC 8141 §3.1;
    ///   mailto, RFC 6068 §2; geo, RFC 5870 §6; pkg, its canonical form;
    ///   sip and sips, RFC 3261 §19.1.4), `{name}` (the scheme's name in
    ///   braces) and that key: `{urn}urn:example:a%2D` for
    ///   `URN:Example:a%2d?+r#f`. No URI reference holds a brace, so such
    ///   a key never equals a normal form, nor another scheme's key;
    /// - for any other URI of a scheme in the registry, its
    ///   [`normalize`](Registry::normalize) form (RFC 3986 §6.2.2 with the
    ///   scheme's steps, then §6.2.3): `http://a.example/` for
    ///   `HTTP://A.example:80`, as `equivalence` falls back to it when the
    ///   scheme has no rule of its own or cannot read the URI;
    /// - for a relative reference or a URI of an unknown scheme, its
    ///   syntax-based normal form (RFC 3986 §6.2.2,
    ///   [`uri_resolve::normalize`]).
    ///
    /// # Exceptions
    ///
    /// Equal keys always mean equivalent references. The converse holds
    /// wherever [`equivalent`](Registry::equivalent) is an equivalence
    /// relation, which it is not in two cases; there two equivalent
    /// references may have two keys (a false negative, which RFC 3986
    /// §6.1 allows; a false positive, which would merge two resources, it
    /// does not):
    ///
    /// 1. sip and sips: RFC 3261 §19.1.4 ignores a parameter that is in
    ///    one URI only (but `user`, `ttl`, `method`, `maddr` and
    ///    `transport`), so `sip:a@b;security=on` and
    ///    `sip:a@b;security=off` are each equivalent to `sip:a@b`, and not
    ///    to each other. No key can follow that; a sip or sips key keeps
    ///    every parameter (names and values in lower case, the first of
    ///    each name, sorted) and the headers (sorted).
    /// 2. A URI of a scheme with a rule of its own that the rule cannot
    ///    read (its [`Scheme::equivalent`] answers `None`) while it reads
    ///    the URI's normal form: `geo:90,%2d22.43` (a triplet where
    ///    RFC 5870 §3.3 wants `-`), `pkg:np%6d/foo` (a triplet in the
    ///    type), `sip:a@b%2eexample`. `equivalence` falls back to normal
    ///    forms for a pair with such a URI, so it is equivalent to
    ///    `geo:90,-22.43`; the rule finds `geo:90,-22.43` equivalent to
    ///    `geo:90,46` (a pole), which `geo:90,%2d22.43` is not. Its key is
    ///    its normal form, so it shares a key only with the URIs of that
    ///    normal form that the rule cannot read either.
    ///
    /// The one pair-dependent step of `equivalence` besides these, dot
    /// segments kept for both when either URI keeps them
    /// ([`Scheme::keeps_dot_segments`]), splits no set: for `file` (a `..`
    /// above a drive letter) whether a URI keeps them is a property of its
    /// normal form with them kept (`%2E` and a drive letter written as a
    /// triplet count as normalization decodes them), so two URIs with one
    /// such form keep them alike. A scheme added with a
    /// `keeps_dot_segments` that is not so may split one.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriReference;
    /// use uri_schemes::Registry;
    ///
    /// let registry = Registry::standard();
    /// let key = |s| UriReference::parse(s).map(|r| registry.equivalence_key(r));
    /// assert_eq!(key("HTTP://Example.com:80/%7euser/./a")?, "http://example.com/~user/a");
    /// assert_eq!(key("HTTP://Example.com:80")?, key("http://example.com/")?);
    /// // RFC 8141 §3.1: r-, q- and f-components ignored, triplets not decoded.
    /// assert_eq!(key("URN:Example:a%2d?+r#f")?, "{urn}urn:example:a%2D");
    /// assert_eq!(key("urn:example:a%2D")?, key("urn:EXAMPLE:a%2d?=q")?);
    /// assert_ne!(key("urn:example:a-")?, key("urn:example:a%2D")?);
    /// // RFC 6068 §2: addresses in the path or in `to`, one list.
    /// assert_eq!(key("mailto:a@x.example?to=b@X.example")?, key("mailto:a@x.example,b@x.example")?);
    /// assert_eq!(key("./a/%7e")?, "./a/~");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn equivalence_key(&self, reference: UriReference<'_>) -> String {
        let Some(uri) = reference.as_uri() else {
            return uri_resolve::normalize(reference).as_str().into();
        };
        let Some(scheme) = self.get(uri.scheme()) else {
            return uri_resolve::normalize(reference).as_str().into();
        };
        match scheme.equivalence_key(uri) {
            Some(own) => {
                let mut key = String::with_capacity(scheme.name().len() + 2 + own.len());
                key.push('{');
                key.push_str(scheme.name());
                key.push('}');
                key.push_str(&own);
                key
            }
            None => self.normalize(uri).as_str().into(),
        }
    }

    /// [`equivalence_key`](Registry::equivalence_key) of an IRI reference,
    /// mapped to a URI reference first as
    /// [`equivalent_iri`](Registry::equivalent_iri) maps it (RFC 3987
    /// §3.1: every character that is not ASCII percent-encoded as UTF-8;
    /// hosts not mapped with IDNA): `equivalence_key_iri(a) ==
    /// equivalence_key_iri(b)` exactly when `equivalent_iri(a, b)`, with
    /// the same exceptions (sip and sips).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::IriReference;
    ///
    /// let registry = uri_schemes::Registry::standard();
    /// let key = |s| IriReference::parse(s).map(|r| registry.equivalence_key_iri(r));
    /// assert_eq!(key("HTTP://example.org:80/ü")?, "http://example.org/%C3%BC");
    /// assert_eq!(key("http://example.org/ü")?, key("http://example.org/%c3%bc")?);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn equivalence_key_iri(&self, reference: IriReference<'_>) -> String {
        match UriReference::try_from(reference) {
            Ok(uri) => self.equivalence_key(uri),
            Err(_) => {
                let owned = UriReferenceBuf::from_non_ascii_encoded(reference.components());
                self.equivalence_key(owned.as_uri_reference())
            }
        }
    }
}

/// The steps of syntax-based normalization (RFC 3986 §6.2.2) that `scheme`
/// takes for a path, dot segments kept when `keep_dots`.
fn syntax_options(scheme: &dyn Scheme, keep_dots: bool) -> NormalizeOptions {
    NormalizeOptions::new()
        .remove_dot_segments(!keep_dots)
        .decode_unreserved_in_path(scheme.decodes_unreserved())
}

/// [`Registry::normalize`] of `uri` under `scheme`, dot segments kept
/// when `keep_dots` (two URIs compared with one set of steps).
fn scheme_normal_form(scheme: &dyn Scheme, uri: Uri<'_>, keep_dots: bool) -> UriBuf {
    let mut normal =
        uri_resolve::normalize_uri_with_options(uri, syntax_options(scheme, keep_dots));
    scheme.normalize(&mut normal);
    normal
}

impl Default for Registry {
    fn default() -> Self {
        Registry::standard()
    }
}

impl core::fmt::Debug for Registry {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

/// The registry as uri-resolve's one normalization hook (RFC 3986 §6.2.2's
/// steps each scheme takes, [`Scheme::opaque_path`],
/// [`Scheme::keeps_dot_segments`], [`Scheme::decodes_unreserved`]; then
/// §6.2.3's [`Scheme::normalize`]): `uri_resolve::normalize_uri_with(uri,
/// &registry)` and `NormalizedUri::with_rules(uri, &registry)` are
/// [`Registry::normalize`], for every scheme.
///
/// # Examples
///
/// ```
/// use uri_resolve::normalize_uri_with;
///
/// let registry = uri_schemes::Registry::standard();
/// for text in ["HTTP://Example.com:80", "urn:example:a/../b%2d", "data:,a/../b"] {
///     let uri = uri_core::Uri::parse(text)?;
///     assert_eq!(normalize_uri_with(uri, &registry), registry.normalize(uri));
/// }
/// # Ok::<(), uri_core::ParseError>(())
/// ```
impl SchemeNormalizer for Registry {
    fn normalize(&self, uri: &mut UriBuf) {
        if let Some(scheme) = self.get(uri.scheme()) {
            scheme.normalize(uri);
        }
    }

    fn syntax_options(&self, uri: Uri<'_>) -> NormalizeOptions {
        match self.get(uri.scheme()) {
            Some(scheme) => syntax_options(scheme, scheme.keeps_dot_segments(uri)),
            None => NormalizeOptions::new(),
        }
    }
}

/// The rung of RFC 3986 §6.2's ladder at which two references compare
/// equal; see [`Registry::equivalence`].
///
/// # Examples
///
/// ```
/// use uri_schemes::Equivalence;
///
/// assert!(Equivalence::String < Equivalence::Scheme);
/// assert_eq!(Equivalence::Syntax.as_str(), "syntax");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Equivalence {
    /// The same text (§6.2.1).
    String,
    /// The same syntax-based normal form (§6.2.2).
    Syntax,
    /// The same scheme-based normal form (§6.2.3), or equivalent by the
    /// scheme's own rule ([`Scheme::equivalent`]).
    Scheme,
}

impl Equivalence {
    /// `"string"`, `"syntax"` or `"scheme"`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_schemes::Equivalence::Scheme.as_str(), "scheme");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Equivalence::String => "string",
            Equivalence::Syntax => "syntax",
            Equivalence::Scheme => "scheme",
        }
    }
}

/// A scheme of this crate, as its module lists it for
/// [`Registry::standard`] (the module's `SCHEMES`): the four of
/// [`http`](crate::http) by value, any other by a `'static` reference (no
/// allocation).
#[derive(Clone, Copy)]
pub(crate) enum Builtin {
    /// http, https, ws or wss.
    Http(http::HttpScheme),
    /// Any other scheme of this crate.
    Other(&'static dyn Scheme),
}

/// A scheme in a [`Registry`]: the four of [`http`](crate::http) held as
/// they are, so that [`Registry::check`] and [`Registry::validate`] run
/// their rules without a call through `dyn Scheme` (the same rules, and the
/// same results, as through the trait: see the test
/// `held_as_they_are_or_boxed_the_same`), and any other boxed. A scheme a
/// program adds is boxed, even one named `http`.
enum Entry {
    /// http, https, ws or wss of this crate.
    Http(http::HttpScheme),
    /// Any other scheme of this crate.
    Static(&'static dyn Scheme),
    /// A scheme a program adds.
    Dyn(Box<dyn Scheme>),
}

impl Entry {
    /// The scheme, through the trait.
    #[inline(always)]
    fn scheme(&self) -> &dyn Scheme {
        match self {
            Entry::Http(http) => http,
            Entry::Static(scheme) => *scheme,
            Entry::Dyn(scheme) => &**scheme,
        }
    }

    /// Its name.
    fn name(&self) -> &'static str {
        self.scheme().name()
    }
}

/// What [`Registry::own`] found: this crate's http or https, its file, or
/// neither (look the scheme up).
enum Own {
    /// `http` or `https`.
    Web(&'static http::HttpScheme),
    /// `file`.
    File,
    /// Any other scheme, or one a program added.
    None,
}

/// What [`Registry::proves_clean`] learnt of a URI it proved to break no
/// rule, beyond that: facts about its host or path that a caller (a
/// linter comparing readers, such as `uri-lint`) would otherwise look for
/// again.
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
/// use uri_schemes::{Clean, Registry};
///
/// let registry = Registry::standard();
/// let clean = registry.proves_clean(&Uri::parse("http://example.0x1f/")?);
/// assert_eq!(clean, Some(Clean::Web { xn_label: false, numeric_last_label: true }));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Clean {
    /// An `http` or `https` URI: a host that is an IPv4 or IPv6 address,
    /// or a DNS name (RFC 1034 §3.5) of at most 63 bytes.
    Web {
        /// The host is a registered name with a label that begins `xn--`
        /// in any case: the ACE prefix of an A-label (RFC 5890
        /// §2.3.2.1), which only IDNA can tell valid.
        xn_label: bool,
        /// The host is a registered name whose last label (a root `.`
        /// aside) is all digits, or `0x` or `0X` and hexadecimal digits
        /// only: a name the WHATWG URL Standard reads as an IPv4 address
        /// ("ends in a number", §3.5).
        numeric_last_label: bool,
    },
    /// A `file` URI: a path that begins with one `/`, with no triplet
    /// and no drive letter where RFC 8089 Appendix E.2 reads one; no host,
    /// an empty one, an IP address or a DNS name of at most 63 bytes.
    File {
        /// The path holds a `:` or `|` (with which Windows drive letters
        /// are written, Appendix E.2, and which the WHATWG URL Standard
        /// reads as one in more places) or an empty segment (`//`).
        colon_or_empty_segment: bool,
        /// As for [`Clean::Web`]: the host has an `xn--` label.
        xn_label: bool,
        /// As for [`Clean::Web`]: the host's last label is a number.
        numeric_last_label: bool,
    },
}

/// The generic checks' view of a scheme the registry does not know.
struct NoRules;

impl Scheme for NoRules {
    fn name(&self) -> &'static str {
        ""
    }

    fn kind(&self) -> crate::Kind {
        crate::Kind::Locator
    }
}

/// `name` in lower case as one integer (its bytes little-endian, the
/// unused high bytes zero), when it has 1 to 8 bytes and no NUL (so that
/// two names have one key only if they are equal but for case); `None`
/// otherwise. Every scheme of this crate packs.
///
/// Eight bytes at a time: two overlapping four-byte loads (one to three
/// bytes one by one), then every `A`–`Z` byte lower-cased and NUL found
/// with a few word operations, not a loop over the bytes.
#[inline]
fn pack(name: &str) -> Option<u64> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let (word, used) = load(name)?;
    // A zero byte among them: the borrow of `word − ONES` reaches a high
    // bit only above a zero byte, so this is exact for the word as a
    // whole (the unused bytes are above the used ones).
    if word.wrapping_sub(ONES) & !word & HIGH & used != 0 {
        return None;
    }
    // `A`–`Z` (ASCII bytes from 0x41 to 0x5A) gain 0x20: for an ASCII byte
    // `c`, `c + 0x3F` has its high bit set iff `c >= 0x41`, and `c + 0x25`
    // iff `c > 0x5A`; the seven low bits of each byte are added alone, so
    // no carry crosses into the next byte.
    let low7 = word & !HIGH;
    let upper = (low7 + 0x3F * ONES) & !(low7 + 0x25 * ONES) & !word & HIGH;
    Some(word | upper >> 2)
}

/// [`pack`] of the scheme of a parsed URI, in fewer operations: `scheme =
/// ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1) has no NUL,
/// and every byte of it but a letter already has bit 5 (0x20) set (digits
/// are 0x30–0x39, `+`, `-`, `.` are 0x2B, 0x2D, 0x2E), so setting bit 5 of
/// every byte lower-cases the letters and changes nothing else.
#[inline(always)]
fn pack_scheme(scheme: &str) -> Option<u64> {
    let (word, used) = load(scheme)?;
    let key = word | 0x2020_2020_2020_2020 & used;
    debug_assert_eq!(Some(key), pack(scheme));
    Some(key)
}

/// The bytes of `name` as one little-endian integer, the unused high bytes
/// zero, and the mask of the used ones; `None` for an empty name or one of
/// more than 8 bytes. Two overlapping four-byte loads (one to three bytes
/// one by one).
#[inline(always)]
fn load(name: &str) -> Option<(u64, u64)> {
    let b = name.as_bytes();
    let n = b.len();
    let word = match b {
        [] => return None,
        [x] => u64::from(*x),
        [x, y] => u64::from(*x) | u64::from(*y) << 8,
        [x, y, z] => u64::from(*x) | u64::from(*y) << 8 | u64::from(*z) << 16,
        [a, c, d, e, ..] if n <= 8 => {
            // Bytes 0–3 and n−4 to n−1: they overlap by 8 − n, and the
            // overlap holds the same bytes in the same places.
            let low = u32::from_le_bytes([*a, *c, *d, *e]);
            let [w, x, y, z] = [b[n - 4], b[n - 3], b[n - 2], b[n - 1]];
            let high = u32::from_le_bytes([w, x, y, z]);
            u64::from(low) | u64::from(high) << (8 * (n - 4))
        }
        _ => return None,
    };
    // The bytes of the name: the low `n`.
    let used = if n == 8 { u64::MAX } else { (1 << (8 * n)) - 1 };
    Some((word, used))
}

/// The first slot of `key` in a table of `len` slots (a power of two):
/// the key multiplied by 2^64 over the golden ratio, high bits taken
/// (Fibonacci hashing, Knuth TAOCP vol. 3 §6.4), so that names differing
/// in one byte spread.
#[inline]
fn slot(key: u64, len: usize) -> usize {
    // `len` is at most twice the number of schemes: its bits fit in 32.
    let bits = len.trailing_zeros();
    let high = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits.max(1));
    (high as usize) & (len - 1)
}

/// Orders `known` (lower case) against `name` (any case) as if both were
/// lower case.
fn cmp_ignore_case(known: &str, name: &str) -> core::cmp::Ordering {
    known
        .bytes()
        .cmp(name.bytes().map(|b| b.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;
    use alloc::string::String;

    /// The registry's report and violations for http, https, ws and wss,
    /// held as they are ([`HttpScheme::report`](http::HttpScheme)), equal
    /// the trait's ([`Scheme::check`] and the generic checks through `dyn
    /// Scheme`, as for a boxed scheme) on URIs that break every rule of
    /// theirs and of the generic checks, alone and together.
    #[test]
    fn held_as_they_are_or_boxed_the_same() {
        let standard = Registry::standard();
        let mut boxed = Registry::standard();
        for scheme in [http::HTTP, http::HTTPS, http::WS, http::WSS] {
            boxed.insert(Entry::Dyn(Box::new(scheme)));
        }
        assert!(matches!(standard.entry("HTTP"), Some(Entry::Http(_))));
        assert!(matches!(boxed.entry("http"), Some(Entry::Dyn(_))));
        // `validate` takes http and https without a lookup only when they
        // are this crate's own.
        assert_eq!((standard.web & 3, boxed.web & 3), (3, 0));
        let long = alloc::format!("/{}", "a".repeat(2100));
        let authorities = [
            "",
            "//",
            "//h",
            "//Example.COM",
            "//a-b.c.",
            "//-a.b",
            "//a..b",
            "//a_b.c",
            "//x.example:8080",
            "//x.example:",
            "//x.example:99999",
            "//u@h",
            "//u:pw@h",
            "//u:@H",
            "//[2001:DB8::1]:443",
            "//192.0.2.1",
            "//%41.example",
            "//aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.example",
            "//Www.ExAmPlE-With-A-Long-Name.example.org.",
            "//a-.b",
            "//a.-b",
            "//a.b-",
            "//xn--nxasmq6b.example",
            "//a.",
            "//.",
            "//a.b..",
            "//127.1",
            "//1.2.3.04",
            "//[v1.x]",
            "//@h",
            "//h:0",
            "//h:65535",
            "//h:65536",
            "//h:0000080",
            "//a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.a.b.c.d.e.f",
            "//a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.a.b.c.d.e.fg",
        ];
        let mut seen = 0;
        for scheme in ["http", "HTTPS", "ws", "wss"] {
            for authority in authorities {
                for path in ["", "/", "/a/b", long.as_str()] {
                    for tail in ["", "?q", "#f", "?q#f"] {
                        let text = alloc::format!("{scheme}:{authority}{path}{tail}");
                        let Ok(uri) = Uri::parse(&text) else { continue };
                        seen += 1;
                        assert_eq!(standard.check(uri), boxed.check(uri), "{text}");
                        assert_eq!(standard.validate(uri), boxed.validate(uri), "{text}");
                        assert_eq!(standard.validate(uri), standard.check(uri).violations());
                    }
                }
            }
        }
        assert!(seen > 1000, "{seen} URIs");
    }

    /// `proves_clean` is `Some` exactly when `validate` takes its quick
    /// path (and then `validate` is empty), and its facts are those of a
    /// plain reading of the host's labels or of the path.
    #[test]
    fn proves_clean_is_the_quick_path_with_its_facts() {
        let standard = Registry::standard();
        let pad = "p".repeat(58);
        let hosts = [
            "h",
            "Example.COM",
            "a-b.c.",
            "a.",
            "1.2.3.4",
            "1.2.3.04",
            "127.1",
            "a.1",
            "a.1.",
            "a.01a",
            "a.0x",
            "a.0X1f",
            "a.0x1g",
            "0x1f.a",
            "a.x0",
            "123",
            "xn--nxasmq6b",
            "XN--nxasmq6b.example",
            "a.xN--b.c",
            "a.bxn--c",
            "a.x-n--c",
            "ab--cd.example",
            "a.xn-b",
            "xn--a.xn--b.",
            "www.xn--80ak6aa92e.com",
            "a-b-c-d.e-f",
            "a_b.c",
            "%41.example",
            "[2001:db8::1]",
            "[v1.x]",
            "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.a.b.c.d.e.f",
            "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.a.b.c.d.e.7",
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.xn--a",
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.12345",
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.xn--ab",
        ];
        let paths = [
            String::new(),
            "/".into(),
            "/a/b".into(),
            "//a".into(),
            "/a//b".into(),
            "/a:b".into(),
            "/c:/a".into(),
            "/%41".into(),
            alloc::format!("/{pad}/b"),
            alloc::format!("/{pad}aaaa/b"),
            alloc::format!("/{pad}aaaaa//b"),
            alloc::format!("/{pad}aaaa//b"),
            alloc::format!("/{pad}aaa//b"),
            alloc::format!("/{pad}{pad}:b"),
            alloc::format!("/{pad}{pad}/a/b%41"),
            alloc::format!("/{pad}{pad}/a/b/"),
            alloc::format!("/{pad}{pad}//"),
        ];
        let plain_web = |host: &str| {
            if host.is_empty()
                || host.starts_with('[')
                || host.parse::<core::net::Ipv4Addr>().is_ok()
            {
                return (false, false);
            }
            let name = host
                .strip_suffix('.')
                .filter(|n| !n.is_empty())
                .unwrap_or(host);
            let xn = name
                .split('.')
                .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case("xn--"));
            let last = name.rsplit('.').next().unwrap_or("");
            let number = !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit())
                || (last.starts_with("0x") || last.starts_with("0X"))
                    && last[2..].bytes().all(|b| b.is_ascii_hexdigit());
            (xn, number)
        };
        let (mut web, mut file) = (0, 0);
        for scheme in ["http", "HTTPS", "ws", "file", "File", "ftp"] {
            for host in hosts.iter().copied().chain([""]) {
                for path in &paths {
                    for tail in ["", "#f", "?q"] {
                        let text = alloc::format!("{scheme}://{host}{path}{tail}");
                        let Ok(uri) = Uri::parse(&text) else { continue };
                        let clean = standard.proves_clean(&uri);
                        let quick = match standard.own(uri.scheme()) {
                            Own::Web(http) => http.breaks_none(uri, uri.authority()),
                            Own::File => crate::file::FileScheme::breaks_none(uri),
                            Own::None => false,
                        };
                        // Left to `validate`: an `IPvFuture`, a file
                        // host that is no short DNS name.
                        let host = uri.authority().map_or("", |a| a.host_str());
                        let kept = !host.starts_with("[v")
                            && (matches!(standard.own(uri.scheme()), Own::Web(_))
                                || host.is_empty()
                                || host.starts_with('[')
                                || host.parse::<core::net::Ipv4Addr>().is_ok()
                                || crate::generic::short_dns_name(host.as_bytes(), 0, host.len())
                                    .is_some());
                        assert_eq!(clean.is_some(), quick && kept, "{text}");
                        if clean.is_some() {
                            assert!(standard.validate(uri).is_empty(), "{text}");
                        }
                        match clean {
                            Some(Clean::Web {
                                xn_label,
                                numeric_last_label,
                            }) => {
                                web += 1;
                                let host = uri.authority().map_or("", |a| a.host_str());
                                assert_eq!(
                                    (xn_label, numeric_last_label),
                                    plain_web(host),
                                    "{text}"
                                );
                            }
                            Some(Clean::File {
                                colon_or_empty_segment,
                                xn_label,
                                numeric_last_label,
                            }) => {
                                file += 1;
                                let p = uri.path();
                                let plain = p.contains(':') || p.contains('|') || p.contains("//");
                                assert_eq!(colon_or_empty_segment, plain, "{text}");
                                let host = uri.authority().map_or("", |a| a.host_str());
                                assert_eq!(
                                    (xn_label, numeric_last_label),
                                    plain_web(host),
                                    "{text}"
                                );
                            }
                            None => {}
                        }
                    }
                }
            }
        }
        assert!(web > 400 && file > 50, "{web} http(s), {file} file URIs");
    }

    /// `validate` proves a clean file URI without running the rules
    /// ([`crate::file::FileScheme::breaks_none`]) only when the rules find
    /// nothing: the same violations as through the trait and as `check`.
    #[test]
    fn file_held_as_it_is_or_boxed_the_same() {
        let standard = Registry::standard();
        let mut boxed = Registry::standard();
        boxed.insert(Entry::Dyn(Box::new(crate::file::FileScheme)));
        assert_eq!((standard.web & 4, boxed.web & 4), (4, 0));
        let long = alloc::format!("/{}", "a".repeat(2100));
        let mut seen = 0;
        for scheme in ["file", "FILE", "File"] {
            for authority in [
                "",
                "//",
                "//h",
                "//localhost",
                "//LocalHost",
                "//l%6Fcalhost",
                "//u@h",
                "//h:1",
                "//h:",
            ] {
                for path in [
                    "",
                    "/",
                    "a",
                    "/a/b",
                    "//a",
                    "/c:/a",
                    "c:/a",
                    "/c|/a",
                    "/c:a",
                    "/a%2Fb",
                    "/a%00",
                    "/%41",
                    "/a//b",
                    "/a:b",
                    long.as_str(),
                ] {
                    for tail in ["", "?q", "#f"] {
                        let text = alloc::format!("{scheme}:{authority}{path}{tail}");
                        let Ok(uri) = Uri::parse(&text) else { continue };
                        seen += 1;
                        assert_eq!(standard.validate(uri), boxed.validate(uri), "{text}");
                        assert_eq!(
                            standard.validate(uri),
                            standard.check(uri).violations(),
                            "{text}"
                        );
                    }
                }
            }
        }
        assert!(seen > 300, "{seen} URIs");
    }

    /// A scheme of any name.
    struct Named(&'static str);

    impl Scheme for Named {
        fn name(&self) -> &'static str {
            self.0
        }

        fn kind(&self) -> Kind {
            Kind::Name
        }
    }

    #[test]
    fn lookups_ignore_case_for_short_and_long_names() {
        let mut registry = Registry::standard();
        registry.add(Named("a-very-long-scheme"));
        registry.add(Named("x"));
        registry.add(Named("eightchr"));
        registry.add(Named("ninechars"));
        registry.add(Named("a\0http"));
        for name in ["http", "HTTPS", "Ws", "x", "X", "EightChr", "NINECHARS"] {
            let found = registry.get(name).map(|s| s.name());
            assert_eq!(found, Some(name.to_ascii_lowercase()).as_deref(), "{name}");
        }
        assert_eq!(
            registry.get("A-Very-Long-Scheme").map(|s| s.name()),
            Some("a-very-long-scheme")
        );
        assert_eq!(registry.get("a\0http").map(|s| s.name()), Some("a\0http"));
        for name in ["", "htt", "httpss", "\0http", "eightch", "ninechar", "y"] {
            assert!(registry.get(name).is_none(), "{name:?}");
        }
        // Replacing keeps one entry per name and the index right.
        registry.add(Named("http"));
        assert_eq!(registry.get("HTTP").map(|s| s.kind()), Some(Kind::Name));
        assert_eq!(registry.get("https").map(|s| s.kind()), Some(Kind::Locator));
        assert_eq!(registry.names().filter(|n| *n == "http").count(), 1);
    }

    /// `pack` by its definition: the lower-cased bytes, little-endian.
    fn pack_model(name: &str) -> Option<u64> {
        let b = name.as_bytes();
        if b.is_empty() || b.len() > 8 || b.contains(&0) {
            return None;
        }
        let mut key = 0;
        for (k, &c) in b.iter().enumerate() {
            key |= u64::from(c.to_ascii_lowercase()) << (8 * k);
        }
        Some(key)
    }

    /// [`pack_scheme`] agrees with [`pack`] on every scheme of up to three
    /// bytes over the whole scheme alphabet (letters of both cases, digits,
    /// `+`, `-`, `.`), and on each three-byte one lengthened to four to
    /// nine bytes.
    #[test]
    fn pack_scheme_is_pack_on_schemes() {
        let alphabet: Vec<u8> = (b'a'..=b'z')
            .chain(b'A'..=b'Z')
            .chain(b'0'..=b'9')
            .chain(*b"+-.")
            .collect();
        let mut names: Vec<Vec<u8>> = Vec::new();
        for &a in &alphabet[..52] {
            names.push(alloc::vec![a]);
            for &b in &alphabet {
                names.push(alloc::vec![a, b]);
                for &c in &alphabet {
                    names.push(alloc::vec![a, b, c]);
                }
            }
        }
        let longer: Vec<Vec<u8>> = (names.iter().filter(|n| n.len() == 3).enumerate())
            .map(|(k, name)| {
                let mut name = name.clone();
                for j in 0..1 + k % 6 {
                    name.push(alphabet[(7 * k + 13 * j) % alphabet.len()]);
                }
                name
            })
            .collect();
        names.extend(longer);
        assert!(names.iter().any(|n| n.len() == 9));
        for name in &names {
            let name = core::str::from_utf8(name).expect("ASCII");
            assert!(Uri::parse(&alloc::format!("{name}:x")).is_ok(), "{name}");
            assert_eq!(pack_scheme(name), pack(name), "{name}");
        }
    }

    /// A report's `Debug` names its fields and violations, and an origin's
    /// scheme is written as its name.
    #[test]
    fn a_report_debugs_by_name() {
        let registry = Registry::standard();
        let uri = Uri::parse("HTTP://u@Example.com/").unwrap();
        let shown = alloc::format!("{:?}", registry.check(uri));
        assert!(shown.starts_with("Report { fields: Http(Http {"), "{shown}");
        assert!(shown.contains("scheme: \"http\""), "{shown}");
        assert!(shown.contains("violations: [Violation {"), "{shown}");
    }

    /// `Fields` and `Report` stay small enough to move in a few stores
    /// (`docs/performance.md`, "A check in about the time of a parse"): a
    /// larger variant would bring back a `memcpy` call per move.
    #[test]
    fn fields_and_report_stay_small() {
        assert!(core::mem::size_of::<crate::Fields<'_>>() <= 88);
        assert!(core::mem::size_of::<Report<'_>>() <= 112);
    }

    #[test]
    fn pack_is_the_lower_case_bytes() {
        // Every byte class edge: around `A`, `Z`, `a`, `z`, NUL, DEL, a
        // two-byte character; every string of one to four of them, and
        // each written twice (up to eight bytes and more).
        let chars = [
            "A", "Z", "@", "[", "a", "z", "`", "{", "0", "\0", "\u{7f}", "é",
        ];
        let mut names = alloc::vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> = names
                .iter()
                .flat_map(|n| chars.iter().map(move |c| alloc::format!("{n}{c}")))
                .collect();
            names.extend(longer);
        }
        names.sort();
        names.dedup();
        for name in &names {
            for name in [name.clone(), name.repeat(2), name.repeat(3)] {
                assert_eq!(pack(&name), pack_model(&name), "{name:?}");
            }
        }
    }

    #[test]
    fn many_names_collide_in_slots_and_are_all_found() {
        let mut registry = Registry::empty();
        assert!(registry.get("http").is_none());
        let names: Vec<&'static str> = (0..300).map(|i| &*alloc::format!("s{i}").leak()).collect();
        for (n, name) in names.iter().enumerate() {
            registry.add(Named(name));
            // Every name added so far, and none other.
            for earlier in &names[..=n] {
                assert_eq!(registry.get(earlier).map(|s| s.name()), Some(*earlier));
            }
            assert!(registry.get("s300").is_none());
        }
    }
}
