//! urn (RFC 8141): the namespace identifier and namespace specific string
//! of a URN, its r-, q- and f-components, URN-equivalence (§3.1), and the
//! documented forms of a few namespaces.
//!
//! ```text
//! namestring    = assigned-name
//!                 [ rq-components ]
//!                 [ "#" f-component ]
//! assigned-name = "urn" ":" NID ":" NSS
//! NID           = (alphanum) 0*30(ldh) (alphanum)
//! ldh           = alphanum / "-"
//! NSS           = pchar *(pchar / "/")
//! rq-components = [ "?+" r-component ]
//!                 [ "?=" q-component ]
//! r-component   = pchar *( pchar / "/" / "?" )
//! q-component   = pchar *( pchar / "/" / "?" )
//! f-component   = fragment
//! ```
//!
//! (RFC 8141 §2.)
//!
//! # Rules
//!
//! What [`Registry::check`](crate::Registry::check) reports for a urn
//! URI. Errors (RFC 8141 §2's grammar; the URI is not a URN):
//!
//! - `UnexpectedAuthority`: `urn://…`;
//! - `MissingNid`: `urn:`, `urn::x`;
//! - `InvalidNid`: not 2 to 32 letters, digits and `-`, or starting or
//!   ending with `-` (`NID = (alphanum) 0*30(ldh) (alphanum)`), at the
//!   first byte that breaks it (the 33rd for a long one);
//! - `MissingNss`: no `:` after the NID (`urn:isbn`, at its end);
//! - `EmptyNss`: nothing after it (`urn:isbn:`);
//! - `InvalidNss`: an NSS that starts with `/` (`NSS = pchar *(pchar /
//!   "/")`);
//! - `InvalidQuery`: a `?` followed by neither `+` nor `=`;
//! - `InvalidRComponent`, `InvalidQComponent`: empty, or starting with
//!   `/` or `?` (`pchar *( pchar / "/" / "?" )`, §2.3.1, §2.3.2).
//!
//! Warnings: `InformalNid` (`urn-` and a number: an informal namespace,
//! §5.2), `ReservedNid` (`urn-` and anything else: neither a formal NID
//! nor an informal one, §5), `ExperimentalNid` (`X-`: RFC 3406's
//! experimental namespaces, which RFC 8141 no longer provides for), and
//! `NamespaceRule` when the NSS breaks the documented form of its
//! namespace: `isbn` (an ISBN-10 or ISBN-13 with its check digit,
//! hyphens between digits, RFC 3187), `uuid` (8-4-4-4-12 hex digits,
//! RFC 9562 §4), `ietf` (`rfc:`, `fyi:`, `std:`, `bcp:` and a number,
//! `id:` or `mtg-` and a name, RFC 2648; `params:`, RFC 3553), `oid`
//! (numbers without leading zeros joined by `.`, RFC 3061) and `oasis`
//! (`names:specification:…` or `names:tc:…`, RFC 3121).
//!
//! The r-component is split from a q-component at the first `?=` after
//! `?+` (the grammar lets an r-component hold `?=`; RFC 8141's
//! examples read it this way).
//!
//! # Normal form and equivalence
//!
//! [`Registry::normalize`](crate::Registry::normalize) applies §3.1's case
//! normalization: the scheme and the NID in lower case and the hex digits
//! of the NSS's triplets in upper case. Nothing else changes in the NSS:
//! its triplets stay encoded ("percent-encoded characters MUST NOT be
//! decoded", so `urn:example:a%2D` stays, and is not `urn:example:a-`)
//! and its dot segments stay (the NSS is opaque: `urn:example:a/../b` is
//! not `urn:/b`, which is no URN). The r-, q- and f-components are kept,
//! normalized as RFC 3986 §6.2.2 says: URN-equivalence ignores them, but
//! a normal form must not lose them.
//!
//! [`Registry::equivalent`](crate::Registry::equivalent) asks
//! [`Urn::is_equivalent`] first (the scheme's own equivalence), so two
//! URNs that differ only in their r-, q- or f-components are equivalent,
//! and two that differ by a decoded triplet are not.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use uri_core::{Component, Uri, UriBuf};

use crate::scheme::scheme_facts;
use crate::scheme::start_of;
use crate::{Fields, Scheme, Violation};

/// The section of RFC 8141 with the grammar.
const SYNTAX: &str = "RFC 8141 §2";

/// The parts of a URN (RFC 8141 §2), as written (not decoded: §3.1
/// compares percent-encoded text as it is).
///
/// A [`Report`](crate::Report) of a urn URI holds one whenever the URI has
/// a `:` after the NID and a query, if any, that starts with `+` or `=`,
/// even when a part breaks a rule (an NID of one letter, an empty NSS):
/// check [`Report::is_valid`](crate::Report::is_valid) before using it.
///
/// `Eq` compares the parts as written; [`Urn::is_equivalent`] compares by
/// RFC 8141 §3.1's URN-equivalence.
///
/// The rules checked, the normal form and the equivalence are in the
/// [module docs](self#rules).
///
/// # Examples
///
/// ```
/// use uri_schemes::{Registry, Urn};
///
/// let uri = uri_core::Uri::parse("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk")?;
/// let report = Registry::standard().check(uri);
/// assert!(report.is_valid());
/// let urn = Urn::parse(uri)?;
/// assert_eq!(urn.nid(), "example");
/// assert_eq!(urn.nss(), "foo-bar-baz-qux");
/// assert_eq!(urn.r_component(), Some("CCResolve:cc=uk"));
/// assert_eq!(urn.q_component(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Urn<'a> {
    /// As written, borrowed from the URI.
    nid: Cow<'a, str>,
    /// As written, borrowed from the URI.
    nss: Cow<'a, str>,
    /// The r-, q- and f-components, boxed when there is one (most URNs
    /// have none), which keeps [`Fields`] small to move.
    components: Option<Box<Components>>,
}

/// The r-, q- and f-components of a [`Urn`], as written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Components {
    r: Option<String>,
    q: Option<String>,
    f: Option<String>,
}

impl<'a> Urn<'a> {
    /// The typed entry: checks `uri` by the scheme's rules (the module
    /// docs) and the generic ones, and gives its parts when no violation is
    /// an error (warnings are dropped: [`Registry::check`](crate::Registry::check)
    /// keeps them); else the [`Report`](crate::Report) of what was found
    /// (RFC 8141 §2).
    ///
    /// # Errors
    ///
    /// The report, when a violation is an error or `uri` is of another
    /// scheme (`WrongScheme`).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::Urn;
    ///
    /// let view = Urn::parse(Uri::parse("urn:example:a123,z456")?)?;
    /// assert_eq!(view.nid(), "example");
    /// assert!(Urn::parse(Uri::parse("urn:a:b")?).is_err());
    /// assert!(Urn::parse(Uri::parse("x:y")?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(uri: Uri<'a>) -> Result<Urn<'a>, crate::Report<'a>> {
        crate::scheme::typed_entry(uri, &UrnScheme, &["urn"], |fields| match fields {
            Fields::Urn(u) => Some(u),
            _ => None,
        })
    }
}

impl Urn<'_> {
    /// The namespace identifier, as written (RFC 8141 §2.1; compare it
    /// in any case).
    ///
    /// # Examples
    ///
    /// ```
    /// let urn = uri_schemes::Urn::parse(uri_core::Uri::parse("URN:EXAMPLE:a123,z456")?)?;
    /// assert_eq!(urn.nid(), "EXAMPLE");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nid(&self) -> &str {
        &self.nid
    }

    /// The namespace specific string, as written (RFC 8141 §2.2): still
    /// percent-encoded.
    ///
    /// # Examples
    ///
    /// ```
    /// let urn = uri_schemes::Urn::parse(uri_core::Uri::parse("urn:example:1/406/47452/2")?)?;
    /// assert_eq!(urn.nss(), "1/406/47452/2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nss(&self) -> &str {
        &self.nss
    }

    /// The r-component, after `?+`, for resolvers (RFC 8141 §2.3.1).
    ///
    /// # Examples
    ///
    /// ```
    /// let urn = uri_schemes::Urn::parse(uri_core::Uri::parse("urn:example:a123,z456?+abc")?)?;
    /// assert_eq!(urn.r_component(), Some("abc"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn r_component(&self) -> Option<&str> {
        self.components.as_ref()?.r.as_deref()
    }

    /// The q-component, after `?=`, for the named resource (RFC 8141
    /// §2.3.2).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Urn;
    ///
    /// let uri = uri_core::Uri::parse("urn:example:weather?=op=map&lat=39.56&lon=-104.85")?;
    /// let urn = Urn::parse(uri)?;
    /// assert_eq!(urn.q_component(), Some("op=map&lat=39.56&lon=-104.85"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn q_component(&self) -> Option<&str> {
        self.components.as_ref()?.q.as_deref()
    }

    /// The f-component, after `#` (RFC 8141 §2.3.3).
    ///
    /// # Examples
    ///
    /// ```
    /// let urn = uri_schemes::Urn::parse(uri_core::Uri::parse("urn:example:a123,z456#789")?)?;
    /// assert_eq!(urn.f_component(), Some("789"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn f_component(&self) -> Option<&str> {
        self.components.as_ref()?.f.as_deref()
    }

    /// Whether the NID is an informal one, `urn-` and a number (RFC 8141
    /// §5.2).
    ///
    /// # Examples
    ///
    /// ```
    /// let urn = uri_schemes::Urn::parse(uri_core::Uri::parse("urn:urn-5:abc")?)?;
    /// assert!(urn.is_informal());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_informal(&self) -> bool {
        informal_number(&self.nid).is_some_and(|n| !n.is_empty())
    }

    /// The text URN-equivalence compares (RFC 8141 §3.1): `urn:`, the NID
    /// in lower case, `:`, and the NSS with the hex digits of its
    /// triplets in upper case (not decoded); the r-, q- and f-components
    /// left out, since "they MUST be ignored for purposes of determining
    /// URN-equivalence".
    ///
    /// # Examples
    ///
    /// ```
    /// let urn = uri_schemes::Urn::parse(uri_core::Uri::parse("URN:EXAMPLE:a123,z456%2d?+abc#789")?)?;
    /// assert_eq!(urn.equivalence_key(), "urn:example:a123,z456%2D");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn equivalence_key(&self) -> String {
        let mut key = String::with_capacity(self.nid.len() + self.nss.len() + 5);
        key.push_str("urn:");
        key.push_str(&self.nid.to_ascii_lowercase());
        key.push(':');
        push_hex_upper(&self.nss, &mut key);
        key
    }

    /// Whether `self` and `other` are URN-equivalent (RFC 8141 §3.1): the
    /// same NID in any case, the same NSS but for the case of hex digits
    /// in triplets; percent-encoding is not decoded, and the r-, q- and
    /// f-components are ignored. Compares without allocating.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::{Fields, Registry, Urn};
    ///
    /// let registry = Registry::standard();
    /// let urn = |text| -> Option<Urn> {
    ///     match registry.check(uri_core::Uri::parse(text).ok()?).into_parts().0 {
    ///         Fields::Urn(urn) => Some(urn),
    ///         _ => None,
    ///     }
    /// };
    /// let a = urn("urn:example:a123,z456").expect("a URN");
    /// assert!(a.is_equivalent(&urn("URN:EXAMPLE:a123,z456?+abc").expect("a URN")));
    /// assert!(!a.is_equivalent(&urn("urn:example:a123,z456%2D").expect("a URN")));
    /// assert!(!a.is_equivalent(&urn("urn:example:A123,z456").expect("a URN")));
    /// ```
    pub fn is_equivalent(&self, other: &Urn<'_>) -> bool {
        self.nid.eq_ignore_ascii_case(&other.nid) && nss_equivalent(&self.nss, &other.nss)
    }

    /// The same URN, owning the NID and NSS it borrowed from the URI's
    /// text (a copy of each).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::{Fields, Registry, Urn};
    ///
    /// let urn: Urn<'static> = {
    ///     let text = String::from("urn:isbn:0-486-27557-4");
    ///     match Registry::standard().check(uri_core::Uri::parse(&text)?).into_parts().0 {
    ///         Fields::Urn(urn) => urn.into_owned(),
    ///         other => return Err(format!("not URN fields: {other:?}").into()),
    ///     }
    /// };
    /// assert_eq!((urn.nid(), urn.nss()), ("isbn", "0-486-27557-4"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_owned(self) -> Urn<'static> {
        Urn {
            nid: Cow::Owned(self.nid.into_owned()),
            nss: Cow::Owned(self.nss.into_owned()),
            components: self.components,
        }
    }
}

/// Whether two NSSs are equal but for the case of the hex digits of their
/// triplets.
fn nss_equivalent(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut hex = 0;
    for (&x, &y) in a.iter().zip(b) {
        let same = if hex > 0 {
            hex -= 1;
            x.eq_ignore_ascii_case(&y)
        } else {
            if x == b'%' {
                hex = 2;
            }
            x == y
        };
        if !same {
            return false;
        }
    }
    true
}

/// Appends `text` to `out` with the hex digits of its triplets upper case.
fn push_hex_upper(text: &str, out: &mut String) {
    let mut hex = 0;
    for c in text.chars() {
        if hex > 0 {
            hex -= 1;
            out.push(c.to_ascii_uppercase());
        } else {
            if c == '%' {
                hex = 2;
            }
            out.push(c);
        }
    }
}

/// The digits after `urn-` when `nid` starts with it (in any case).
fn informal_number(nid: &str) -> Option<&str> {
    let head = nid.get(..4)?;
    head.eq_ignore_ascii_case("urn-")
        .then(|| &nid[4..])
        .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
}

/// `urn`.
pub(crate) struct UrnScheme;

impl Scheme for UrnScheme {
    // opaque_path: The NSS is the namespace's string, `/` and all (RFC
    //   8141 §2.2: the `/` makes it possible "to encapsulate
    //   hierarchical names from non-URN identifier systems", whose rules
    //   are the namespace's), and §3.1's normalization removes no dot
    //   segments.
    // decodes_unreserved: RFC 8141 §3.1: "percent-encoded characters
    //   MUST NOT be decoded".
    scheme_facts! { name = "urn"; kind = Name; opaque_path = true; decodes_unreserved = false; }

    /// RFC 8141's rules: see the [module docs](self#rules).
    fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
        check(uri)
    }

    /// URN-equivalence (RFC 8141 §3.1), by [`Urn::is_equivalent`]; `None`
    /// when either URI has no [`Urn`] parts to compare.
    fn equivalent(&self, a: Uri<'_>, b: Uri<'_>) -> Option<bool> {
        let read = |uri| Urn::parse(uri).ok();
        crate::scheme::equivalent_views(a, b, read, Urn::is_equivalent)
    }

    /// RFC 8141 §3.1's case normalization: see [`Urn`]'s "Normal form".
    fn normalize(&self, uri: &mut UriBuf) {
        if uri.has_authority() {
            return;
        }
        let path = uri.path();
        let Some((nid, nss)) = path.split_once(':') else {
            return;
        };
        if nid_problem(nid).is_some() {
            return;
        }
        let mut normal = String::with_capacity(path.len());
        normal.push_str(&nid.to_ascii_lowercase());
        normal.push(':');
        push_hex_upper(nss, &mut normal);
        if normal != path {
            // Only letters changed case: the path is as valid as it was.
            let _ = uri.set_path(&normal);
        }
    }

    /// [`Urn::equivalence_key`] (RFC 8141 §3.1); `None` for a URI with no
    /// [`Urn`] parts, as [`equivalent`](Scheme::equivalent) answers.
    fn equivalence_key(&self, uri: Uri<'_>) -> Option<String> {
        urn_equivalence_key(uri)
    }
}

/// This module's entry in [`Registry::standard`](crate::Registry::standard).
pub(crate) const SCHEMES: &[crate::registry::Builtin] =
    &[crate::registry::Builtin::Other(&UrnScheme)];

/// Where `nid` stops being an NID, and why, or `None`.
fn nid_problem(nid: &str) -> Option<(usize, &'static str)> {
    let b = nid.as_bytes();
    if let Some(i) = b
        .iter()
        .position(|c| !(c.is_ascii_alphanumeric() || *c == b'-'))
    {
        return Some((i, "an NID holds letters, digits and `-` only"));
    }
    if b.first() == Some(&b'-') {
        return Some((0, "an NID does not start with `-`"));
    }
    if b.len() > 32 {
        return Some((32, "an NID is at most 32 characters"));
    }
    if b.len() < 2 {
        return Some((0, "an NID is at least 2 characters"));
    }
    if b.last() == Some(&b'-') {
        return Some((b.len() - 1, "an NID does not end with `-`"));
    }
    None
}

fn check(uri: Uri<'_>) -> (Fields<'_>, Vec<Violation>) {
    let mut found = Vec::new();
    let start = uri.scheme().len() + 1;
    if uri.authority().is_some() {
        found.push(Violation::error(
            "UnexpectedAuthority",
            start,
            SYNTAX,
            "a URN has no authority: the NID follows `urn:`",
        ));
        return (Fields::None, found);
    }
    let path = uri.path();
    let (nid, nss) = match path.split_once(':') {
        Some((nid, nss)) => (nid, Some(nss)),
        None => (path, None),
    };
    if nid.is_empty() {
        found.push(Violation::error(
            "MissingNid",
            start,
            SYNTAX,
            "a URN needs a namespace identifier after `urn:`",
        ));
        return (Fields::None, found);
    }
    let nid_ok = match nid_problem(nid) {
        Some((at, message)) => {
            found.push(Violation::error("InvalidNid", start + at, SYNTAX, message));
            false
        }
        None => true,
    };
    let Some(nss) = nss else {
        found.push(Violation::error(
            "MissingNss",
            start + nid.len(),
            SYNTAX,
            "a URN needs `:` and a namespace specific string after the NID",
        ));
        return (Fields::None, found);
    };
    let nss_start = start + nid.len() + 1;
    let nss_ok = if nss.is_empty() {
        found.push(Violation::error(
            "EmptyNss",
            nss_start,
            SYNTAX,
            "the namespace specific string is empty",
        ));
        false
    } else if nss.starts_with('/') {
        found.push(Violation::error(
            "InvalidNss",
            nss_start,
            SYNTAX,
            "the namespace specific string does not start with `/`",
        ));
        false
    } else {
        true
    };
    // `?+` r-component, up to the first `?=`; `?=` q-component, to the end.
    // Each with its offset, from the query's span (offsets are API).
    let (mut r, mut q, mut readable) = (None, None, true);
    if let Some(query) = uri.query() {
        let query_start = start_of(uri, Component::Query);
        if let Some(rest) = query.strip_prefix('+') {
            let (r_text, q_text) = match rest.find("?=") {
                Some(k) => (&rest[..k], Some((query_start + k + 3, &rest[k + 2..]))),
                None => (rest, None),
            };
            (r, q) = (Some((query_start + 1, r_text)), q_text);
        } else if let Some(q_text) = query.strip_prefix('=') {
            q = Some((query_start + 1, q_text));
        } else {
            found.push(Violation::error(
                "InvalidQuery",
                query_start,
                SYNTAX,
                "in a URN, `?` starts `?+` (an r-component) or `?=` (a q-component)",
            ));
            readable = false;
        }
    }
    let components = [
        (r, "InvalidRComponent", "RFC 8141 §2.3.1"),
        (q, "InvalidQComponent", "RFC 8141 §2.3.2"),
    ];
    for (part, kind, section) in components {
        if let Some((at, text)) = part {
            component(text, at, kind, section, &mut found);
        }
    }
    if nid_ok {
        nid_notes(nid, start, &mut found);
        if nss_ok {
            if let Some((at, section, message)) = namespace_problem(nid, nss) {
                found.push(Violation::warning(
                    "NamespaceRule",
                    nss_start + at,
                    section,
                    message,
                ));
            }
        }
    }
    let fields = if readable {
        Fields::Urn(Urn {
            nid: Cow::Borrowed(nid),
            nss: Cow::Borrowed(nss),
            components: match (r, q, uri.fragment()) {
                (None, None, None) => None,
                (r, q, f) => Some(Box::new(Components {
                    r: r.map(|(_, r)| r.to_string()),
                    q: q.map(|(_, q)| q.to_string()),
                    f: f.map(ToString::to_string),
                })),
            },
        })
    } else {
        Fields::None
    };
    (fields, found)
}

/// Checks an r- or q-component: `pchar *( pchar / "/" / "?" )`.
fn component(
    text: &str,
    at: usize,
    kind: &'static str,
    section: &'static str,
    found: &mut Vec<Violation>,
) {
    match text.as_bytes().first() {
        None => found.push(Violation::error(
            kind,
            at,
            section,
            "the component is empty",
        )),
        Some(b'/' | b'?') => found.push(Violation::error(
            kind,
            at,
            section,
            "the component does not start with `/` or `?`",
        )),
        Some(_) => {}
    }
}

/// Warnings about the kind of NID.
fn nid_notes(nid: &str, start: usize, found: &mut Vec<Violation>) {
    if let Some(number) = informal_number(nid) {
        if number.is_empty() {
            // `urn-` then letters: neither kind.
        } else {
            found.push(Violation::warning(
                "InformalNid",
                start,
                "RFC 8141 §5.2",
                "an informal namespace (`urn-` and a number): registered first come, first served",
            ));
            return;
        }
    }
    let head = nid.get(..4).unwrap_or_default();
    if head.eq_ignore_ascii_case("urn-") {
        found.push(Violation::warning(
            "ReservedNid",
            start,
            "RFC 8141 §5.2",
            "an NID that starts with `urn-` is informal, and then a number follows",
        ));
    } else if nid.get(..2).is_some_and(|h| h.eq_ignore_ascii_case("x-")) {
        found.push(Violation::warning(
            "ExperimentalNid",
            start,
            "RFC 8141 §5",
            "an experimental `X-` NID (RFC 3406), which RFC 8141 no longer provides for",
        ));
    }
}

/// Where the NSS breaks its namespace's documented form, with the
/// section and why, for the namespaces this module knows.
fn namespace_problem(nid: &str, nss: &str) -> Option<(usize, &'static str, &'static str)> {
    let is = |name: &str| nid.eq_ignore_ascii_case(name);
    if is("isbn") {
        isbn(nss).map(|at| {
            (
                at,
                "RFC 3187",
                "not an ISBN-10 or ISBN-13 with its check digit",
            )
        })
    } else if is("uuid") {
        uuid(nss).map(|at| (at, "RFC 9562 §4", "not a UUID: 8-4-4-4-12 hex digits"))
    } else if is("ietf") {
        ietf(nss).map(|at| {
            (
                at,
                "RFC 2648",
                "not rfc:, fyi:, std:, bcp: and a number, id: or mtg- and a name, or params:",
            )
        })
    } else if is("oid") {
        oid(nss).map(|at| {
            (
                at,
                "RFC 3061",
                "not an OID: numbers without leading zeros, joined by `.`",
            )
        })
    } else if is("oasis") {
        oasis(nss).map(|at| (at, "RFC 3121", "not names:specification:… or names:tc:…"))
    } else {
        None
    }
}

/// An ISBN-10 (`X` as its check digit allowed) or ISBN-13 (978 or 979),
/// hyphens between digits allowed: where it is not one.
fn isbn(nss: &str) -> Option<usize> {
    let b = nss.as_bytes();
    let mut digits = [0u32; 13];
    let mut n = 0;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'0'..=b'9' if n < 13 => {
                digits[n] = u32::from(c - b'0');
                n += 1;
            }
            b'X' | b'x' if n == 9 && i + 1 == b.len() => {
                digits[n] = 10;
                n += 1;
            }
            b'-' if i > 0 && i + 1 < b.len() && b[i - 1] != b'-' => {}
            _ => return Some(i),
        }
    }
    let check = b.len().saturating_sub(1);
    match n {
        10 => {
            let sum: u32 = (0..10).map(|k| (10 - k as u32) * digits[k]).sum();
            (!sum.is_multiple_of(11)).then_some(check)
        }
        13 => {
            let sum: u32 = (0..13)
                .map(|k| (if k % 2 == 0 { 1 } else { 3 }) * digits[k])
                .sum();
            let prefix = digits[0] == 9 && digits[1] == 7 && (digits[2] == 8 || digits[2] == 9);
            if !prefix {
                Some(0)
            } else {
                (!sum.is_multiple_of(10)).then_some(check)
            }
        }
        _ => Some(if n < 10 { b.len() } else { 0 }),
    }
}

/// `8HEXDIG "-" 4HEXDIG "-" 4HEXDIG "-" 4HEXDIG "-" 12HEXDIG`.
fn uuid(nss: &str) -> Option<usize> {
    let b = nss.as_bytes();
    for (i, &c) in b.iter().enumerate().take(36) {
        let hyphen = matches!(i, 8 | 13 | 18 | 23);
        if hyphen != (c == b'-') || (!hyphen && !c.is_ascii_hexdigit()) {
            return Some(i);
        }
    }
    (b.len() != 36).then_some(b.len().min(36))
}

/// RFC 2648's forms, and RFC 3553's `params:`.
fn ietf(nss: &str) -> Option<usize> {
    const FORMS: [(&str, bool); 7] = [
        ("rfc:", true),
        ("fyi:", true),
        ("std:", true),
        ("bcp:", true),
        ("id:", false),
        ("mtg-", false),
        ("params:", false),
    ];
    for (prefix, numeric) in FORMS {
        if !starts_with_ignore_case(nss, prefix) {
            continue;
        }
        let rest = &nss.as_bytes()[prefix.len()..];
        if rest.is_empty() {
            return Some(prefix.len());
        }
        if numeric {
            return rest
                .iter()
                .position(|c| !c.is_ascii_digit())
                .map(|k| prefix.len() + k);
        }
        return None;
    }
    Some(0)
}

/// `number *("." number)`, `number = "0" / %x31-39 *DIGIT`.
fn oid(nss: &str) -> Option<usize> {
    let b = nss.as_bytes();
    let mut start = 0;
    loop {
        let end = b[start..]
            .iter()
            .position(|&c| c == b'.')
            .map_or(b.len(), |k| start + k);
        let arc = &b[start..end];
        if arc.is_empty() {
            return Some(start);
        }
        if let Some(k) = arc.iter().position(|c| !c.is_ascii_digit()) {
            return Some(start + k);
        }
        if arc.len() > 1 && arc[0] == b'0' {
            return Some(start);
        }
        if end == b.len() {
            return None;
        }
        start = end + 1;
    }
}

/// `names:specification:…` or `names:tc:…`.
fn oasis(nss: &str) -> Option<usize> {
    if !starts_with_ignore_case(nss, "names:") {
        return Some(0);
    }
    let rest = &nss[6..];
    for kind in ["specification:", "tc:"] {
        if starts_with_ignore_case(rest, kind) && rest.len() > kind.len() {
            return None;
        }
    }
    Some(6)
}

fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.as_bytes()
        .get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix.as_bytes()))
}

/// The key of [`UrnScheme::equivalence_key`]: the URN-equivalence text of
/// [`Urn::equivalence_key`] (RFC 8141 §3.1), which is itself a URN with
/// no r-, q- or f-component.
fn urn_equivalence_key(uri: Uri<'_>) -> Option<String> {
    Urn::parse(uri).ok().map(|urn| urn.equivalence_key())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isbns() {
        assert_eq!(isbn("0-486-27557-4"), None);
        assert_eq!(isbn("0451450523"), None);
        assert_eq!(isbn("0-395-36341-1"), None);
        assert_eq!(isbn("978-0-306-40615-7"), None);
        assert_eq!(isbn("080442957X"), None);
        assert_eq!(isbn("0-486-27557-5"), Some(12));
        assert_eq!(isbn("978-0-306-40615-8"), Some(16));
        assert_eq!(isbn("977-0-306-40615-7"), Some(0));
        assert_eq!(isbn("0--486275574"), Some(2));
        assert_eq!(isbn("-0486275574"), Some(0));
        assert_eq!(isbn("0486275574-"), Some(10));
        assert_eq!(isbn("04862"), Some(5));
        assert_eq!(isbn("04862755741234"), Some(13));
        assert_eq!(isbn("X"), Some(0));
    }

    #[test]
    fn uuids() {
        assert_eq!(uuid("f81d4fae-7dec-11d0-a765-00a0c91e6bf6"), None);
        assert_eq!(uuid("F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"), None);
        assert_eq!(uuid("f81d4fae-7dec-11d0-a765-00a0c91e6bf"), Some(35));
        assert_eq!(uuid("f81d4fae-7dec-11d0-a765-00a0c91e6bf6a"), Some(36));
        assert_eq!(uuid("f81d4fae7dec-11d0-a765-00a0c91e6bf6"), Some(8));
        assert_eq!(uuid("g81d4fae-7dec-11d0-a765-00a0c91e6bf6"), Some(0));
    }

    #[test]
    fn ietf_forms() {
        assert_eq!(ietf("rfc:2648"), None);
        assert_eq!(ietf("RFC:2648"), None);
        assert_eq!(ietf("bcp:66"), None);
        assert_eq!(ietf("id:ietf-urn-ietf-06"), None);
        assert_eq!(ietf("mtg-41-urn"), None);
        assert_eq!(ietf("params:xml:ns:xmpp-tls"), None);
        assert_eq!(ietf("rfc:"), Some(4));
        assert_eq!(ietf("rfc:26a"), Some(6));
        assert_eq!(ietf("draft:x"), Some(0));
    }

    #[test]
    fn oids() {
        assert_eq!(oid("1.3.6.1.4.1"), None);
        assert_eq!(oid("2.16.840"), None);
        assert_eq!(oid("0"), None);
        assert_eq!(oid("1.03"), Some(2));
        assert_eq!(oid("1..3"), Some(2));
        assert_eq!(oid("1.3."), Some(4));
        assert_eq!(oid("1.a"), Some(2));
    }

    #[test]
    fn oasis_names() {
        assert_eq!(oasis("names:specification:docbook:dtd:xml:4.1.2"), None);
        assert_eq!(oasis("names:tc:SAML:2.0:assertion"), None);
        assert_eq!(oasis("names:other:x"), Some(6));
        assert_eq!(oasis("misc:x"), Some(0));
    }

    #[test]
    fn nids() {
        assert_eq!(nid_problem("ab"), None);
        assert_eq!(nid_problem("a-b"), None);
        assert_eq!(nid_problem(&"a".repeat(32)), None);
        assert_eq!(nid_problem(&"a".repeat(33)).map(|p| p.0), Some(32));
        assert_eq!(nid_problem("a").map(|p| p.0), Some(0));
        assert_eq!(nid_problem("-ab").map(|p| p.0), Some(0));
        assert_eq!(nid_problem("ab-").map(|p| p.0), Some(2));
        assert_eq!(nid_problem("a.b").map(|p| p.0), Some(1));
    }

    #[test]
    fn equivalence() {
        assert!(nss_equivalent("a%2d", "a%2D"));
        assert!(!nss_equivalent("a%2d", "A%2d"));
        assert!(!nss_equivalent("ab", "aB"));
        assert!(!nss_equivalent("a", "a-"));
    }
}
