//! ldap (RFC 4516): a search on an LDAP server, or the server itself.
//!
//! ```text
//! ldapurl     = scheme COLON SLASH SLASH [host [COLON port]]
//!                  [SLASH dn [QUESTION [attributes]
//!                  [QUESTION [scope] [QUESTION [filter]
//!                  [QUESTION extensions]]]]]
//! scope       = "base" / "one" / "sub"
//! extensions  = extension *(COMMA extension)
//! extension   = [EXCLAMATION] extype [EQUALS exvalue]
//! ```
//!
//! ([RFC 4516, section 2](https://www.rfc-editor.org/rfc/rfc4516#section-2)),
//! with `dn` from RFC 4514 §3, each attribute a selector of RFC 4511
//! §4.5.1.8, `filter` from RFC 4515 §3 and `extype` an OID of RFC 4512
//! §1.4, each percent-decoded before it is read (§2.1). What is checked,
//! and the kinds of the violations:
//!
//! - `MissingAuthority` (error): no `//` after the scheme;
//! - `UserinfoNotAllowed` (error): the grammar has no userinfo;
//! - `QueryWithoutDn` (error): a `?` with no `/` before it
//!   (`ldap://host?cn`);
//! - `BadDn` (error): the DN is not RFC 4514 §3's string form (an
//!   `attributeType=value` list, `,` between RDNs, `+` inside one,
//!   specials escaped with `\`), or not UTF-8;
//! - `TooManyQueryParts` (error): a fifth `?`-separated part (a `?` inside
//!   a DN, a filter or a value is written `%3F`);
//! - `BadAttribute` (error): an attribute that is not `*`, `+`, `1.1` or
//!   an attribute description (`cn`, `2.5.4.3`, `cn;lang-en`), or an empty
//!   one in the list;
//! - `BadScope` (error): a scope other than `base`, `one` or `sub` (in any
//!   case: the ABNF's strings are case-insensitive, and §4 writes `ONE`);
//! - `BadFilter` (error): a filter that does not parse as RFC 4515 §3's
//!   (parenthesized, `&`, `|` and `!` with their operands, an attribute
//!   description and `=`, `~=`, `>=`, `<=` or an extensible match, `\`
//!   followed by two hex digits, `*` only after a plain `=`);
//! - `BadExtension` (error): an empty extension, an extension type that
//!   is not an OID, a value that is not UTF-8;
//! - `DotSegment` (error): the DN holds a `/./` or `/../` (a `/` in a
//!   value): RFC 3986 makes the URI equal to the one without it (§5.2.4,
//!   §6.2.2.3), so it cannot name this DN; a `/` written `%2F` is safe;
//! - `CriticalExtension` (warning): an extension marked critical (`!`):
//!   a client that does not implement it must not process the URL (§2),
//!   and this crate implements none.
//!
//! The violations point at the byte where the fault starts; in a
//! percent-encoded part, at the `%` of the triplet.
//!
//! Normal form (RFC 3986 §6.2.3; RFC 4516 §4 gives `ldap://ldap.example.net`,
//! `ldap://ldap.example.net/` and `ldap://ldap.example.net/?` as
//! equivalent): port 389
//! dropped, an empty path written `/`, trailing empty `?` parts dropped
//! (an empty part is an omitted one), the scope, the attribute
//! descriptions and the extension types in lower case (RFC 4512 §2.5:
//! attribute types and options are case-insensitive; §1.4: so are
//! descriptors). Values the URI holds explicitly stay, even when they are
//! the defaults of §3 (`base`, `(objectClass=*)`): in a search result
//! reference, an omitted scope or filter means that of the original
//! search (RFC 4511 §4.5.3), not §3's default. The DN and the filter keep
//! their case: whether their values ignore case depends on the schema.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use uri_core::{Component, Uri, UriBuf};

use crate::scheme::scheme_facts;
use crate::scheme::start_of;
use crate::{Fields, Scheme, Violation};

/// The section that defines the URL.
const SECTION: &str = "RFC 4516 §2";

/// The filter of an LDAP URL without one (RFC 4516 §3).
const DEFAULT_FILTER: &str = "(objectClass=*)";

/// The parts of an ldap URI (RFC 4516 §2), percent-decoded, with the
/// defaults of §3 filled in where the URI omits a part. `Eq` compares the
/// parts as decoded: `ldap:///c=GB` and `ldap:///c%3DGB` are equal.
///
/// # Examples
///
/// ```
/// let ldap = uri_schemes::Ldap::parse(uri_core::Uri::parse("ldap://[2001:db8::7]/c=GB?objectClass?one")?)?;
/// assert_eq!(ldap.host(), Some("[2001:db8::7]"));
/// assert_eq!(ldap.port(), 389);
/// assert_eq!(ldap.dn(), "c=GB");
/// assert_eq!(ldap.attributes(), ["objectClass"]);
/// assert_eq!(ldap.scope(), "one");
/// assert_eq!(ldap.filter(), "(objectClass=*)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ldap {
    host: Option<String>,
    port: u16,
    dn: String,
    attributes: Vec<String>,
    scope: &'static str,
    filter: Option<String>,
    extensions: Vec<Extension>,
}

/// One extension of an LDAP URL, decoded.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Extension {
    critical: bool,
    extype: String,
    value: Option<String>,
}

impl Ldap {
    /// The typed entry: checks `uri` by the scheme's rules (the module
    /// docs) and the generic ones, and gives its parts when no violation is
    /// an error (warnings are dropped: [`Registry::check`](crate::Registry::check)
    /// keeps them); else the [`Report`](crate::Report) of what was found
    /// (RFC 4516 §2).
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
    /// use uri_schemes::Ldap;
    ///
    /// let view = Ldap::parse(Uri::parse("ldap://ldap1.example.net/o=University%20of%20Michigan,c=US")?)?;
    /// assert_eq!(view.dn(), "o=University of Michigan,c=US");
    /// assert!(Ldap::parse(Uri::parse("ldap://h/??bad-scope")?).is_err());
    /// assert!(Ldap::parse(Uri::parse("x:y")?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(uri: Uri<'_>) -> Result<Ldap, crate::Report<'_>> {
        crate::scheme::typed_entry(uri, &LdapScheme, &["ldap"], |fields| match fields {
            Fields::Ldap(l) => Some(*l),
            _ => None,
        })
    }
}

impl Ldap {
    /// The host as written, or `None` when it is empty: then the client
    /// picks a server it knows of (RFC 4516 §3).
    ///
    /// # Examples
    ///
    /// ```
    /// let ldap = uri_schemes::Ldap::parse(uri_core::Uri::parse("ldap:///o=University%20of%20Michigan,c=US")?)?;
    /// assert_eq!(ldap.host(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn host(&self) -> Option<&str> {
        self.host.as_deref()
    }

    /// The port: the URI's, or 389 (RFC 4516 §3).
    ///
    /// # Examples
    ///
    /// ```
    /// let ldap = uri_schemes::Ldap::parse(uri_core::Uri::parse("ldap://ldap1.example.net:6666/")?)?;
    /// assert_eq!(ldap.port(), 6666);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn port(&self) -> u16 {
        self.port
    }

    /// The base DN of the search, percent-decoded, in RFC 4514's string
    /// form (its own `\` escapes kept); empty when the URI has none (the
    /// default of §3).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Ldap;
    ///
    /// let uri = uri_core::Uri::parse("ldap://ldap.example.com/o=An%20Example%5C2C%20Inc.,c=US")?;
    /// let ldap = Ldap::parse(uri)?;
    /// assert_eq!(ldap.dn(), r"o=An Example\2C Inc.,c=US");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dn(&self) -> &str {
        &self.dn
    }

    /// The attributes to return, decoded, as written; empty when the URI
    /// lists none, which asks for all user attributes (§3).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Ldap;
    ///
    /// let uri = uri_core::Uri::parse("ldap://h/o=x?cn,mail,cn;lang-en")?;
    /// let ldap = Ldap::parse(uri)?;
    /// assert_eq!(ldap.attributes(), ["cn", "mail", "cn;lang-en"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn attributes(&self) -> &[String] {
        &self.attributes
    }

    /// The scope, in lower case: `"base"`, `"one"` or `"sub"`; `"base"`
    /// when the URI has none (§3).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Ldap;
    ///
    /// let uri = uri_core::Uri::parse("LDAP://ldap1.example.com/c=GB?objectClass?ONE")?;
    /// let ldap = Ldap::parse(uri)?;
    /// assert_eq!(ldap.scope(), "one");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn scope(&self) -> &'static str {
        self.scope
    }

    /// The filter, decoded (RFC 4515's own `\` escapes kept);
    /// `(objectClass=*)` when the URI has none (§3).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Ldap;
    ///
    /// let uri = uri_core::Uri::parse("ldap://h/o=x??sub?(cn=Babs%20Jensen)")?;
    /// let ldap = Ldap::parse(uri)?;
    /// assert_eq!(ldap.filter(), "(cn=Babs Jensen)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn filter(&self) -> &str {
        self.filter.as_deref().unwrap_or(DEFAULT_FILTER)
    }

    /// The extensions, in order, each as `(critical, type, value)`: the
    /// `!` flag, the type as written, and the value decoded (it may hold
    /// a `,` written `%2C`, and NUL bytes).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Ldap;
    ///
    /// let uri = uri_core::Uri::parse("ldap:///??sub??!e-bindname=cn=Manager%2cdc=example%2cdc=com")?;
    /// let ldap = Ldap::parse(uri)?;
    /// let extensions: Vec<_> = ldap.extensions().collect();
    /// assert_eq!(extensions, [(true, "e-bindname", Some("cn=Manager,dc=example,dc=com"))]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn extensions(&self) -> impl Iterator<Item = (bool, &str, Option<&str>)> + '_ {
        self.extensions
            .iter()
            .map(|e| (e.critical, e.extype.as_str(), e.value.as_deref()))
    }
}

/// `ldap`.
pub(crate) struct LdapScheme;

impl Scheme for LdapScheme {
    // kind: A locator: the URI says which server to ask and what to ask it.
    // default_port: 389 (RFC 4516 §3).
    scheme_facts! { name = "ldap"; kind = Locator; default_port = Some(389); uses_dns = true; }

    /// The checks listed in the [module docs](self); the fields only when
    /// none of them is an error (and the port fits in 16 bits).
    fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
        let mut found = Vec::new();
        let at = |component| start_of(uri, component);
        let missing = (
            SECTION,
            "an ldap URI has `//` after the scheme (the host may be empty)",
        );
        let Some(authority) =
            crate::generic::authority_preamble(uri, uri.authority(), missing, None, &mut found)
        else {
            return (Fields::None, found);
        };
        if let Some(userinfo) = authority.span(Component::Userinfo) {
            found.push(Violation::error(
                "UserinfoNotAllowed",
                userinfo.start,
                SECTION,
                "an ldap URI has no userinfo",
            ));
        }
        let path = uri.path();
        if let Some(k) = dot_segment(path) {
            found.push(Violation::error(
                "DotSegment",
                at(Component::Path) + k,
                "RFC 3986 §5.2.4",
                "a `.` or `..` segment, which RFC 3986 removes from the DN: write its `/` as `%2F`",
            ));
        }
        let dn = match path.strip_prefix('/') {
            Some(raw) => check_dn(raw, at(Component::Path) + 1, &mut found),
            None => Some(String::new()),
        };
        let mut parts = Parts::default();
        if let Some(query) = uri.query() {
            if path.is_empty() {
                found.push(Violation::error(
                    "QueryWithoutDn",
                    at(Component::Query) - 1,
                    SECTION,
                    "the `?` parts come after `/` and the DN (`ldap://host/?…`)",
                ));
            }
            parts = check_query(query, at(Component::Query), &mut found);
        }
        let port = match authority.port_u16() {
            Ok(port) => port.unwrap_or(389),
            Err(uri_core::PortError::Empty) => 389,
            // Past 65535 (a warning of the generic checks): no fields.
            Err(_) => return (Fields::None, found),
        };
        let (Some(dn), false) = (dn, found.iter().any(Violation::is_error)) else {
            return (Fields::None, found);
        };
        let host = authority.host_str();
        let fields = Fields::Ldap(Box::new(Ldap {
            host: (!host.is_empty()).then(|| host.to_string()),
            port,
            dn,
            attributes: parts.attributes,
            scope: parts.scope,
            filter: parts.filter,
            extensions: parts.extensions,
        }));
        (fields, found)
    }

    /// See the [module docs](self): port 389 dropped, an empty path
    /// written `/`, trailing empty `?` parts dropped, scope, attribute
    /// descriptions and extension types in lower case.
    fn normalize(&self, uri: &mut UriBuf) {
        crate::generic::drop_default_port(uri, Some(389));
        if uri.has_authority() && uri.path().is_empty() {
            // `/` is a valid path after an authority.
            let _ = uri.set_path("/");
        }
        let Some(query) = uri.query() else { return };
        let normal = normalize_query(query);
        if normal.as_deref() != Some(query) {
            // Lower-case letters and fewer `?`: still a valid query.
            let _ = uri.set_query(normal.as_deref());
        }
    }
}

/// The query's parts, read.
struct Parts {
    attributes: Vec<String>,
    scope: &'static str,
    filter: Option<String>,
    extensions: Vec<Extension>,
}

impl Default for Parts {
    fn default() -> Self {
        Parts {
            attributes: Vec::new(),
            scope: "base",
            filter: None,
            extensions: Vec::new(),
        }
    }
}

/// Checks the query (`attributes?scope?filter?extensions`, each optional),
/// which starts at byte `start` of the URI, and reads what it can.
fn check_query(query: &str, start: usize, found: &mut Vec<Violation>) -> Parts {
    let mut parts = Parts::default();
    let mut at = start;
    for (n, part) in query.split('?').enumerate() {
        let here = at;
        at += part.len() + 1;
        if part.is_empty() && n < 4 {
            continue;
        }
        match n {
            0 => parts.attributes = check_attributes(part, here, found),
            1 => match scope_of(part) {
                Some(scope) => parts.scope = scope,
                None => found.push(Violation::error(
                    "BadScope",
                    here,
                    SECTION,
                    "the scope is `base`, `one` or `sub`",
                )),
            },
            2 => parts.filter = check_filter(part, here, found),
            3 => parts.extensions = check_extensions(part, here, found),
            _ => {
                found.push(Violation::error(
                    "TooManyQueryParts",
                    here - 1,
                    "RFC 4516 §2.1",
                    "at most four `?`-separated parts (attributes, scope, filter, extensions); a `?` inside one is written `%3F`",
                ));
                break;
            }
        }
    }
    parts
}

/// `"base"`, `"one"` or `"sub"` for a scope written in any case, or
/// percent-encoded.
fn scope_of(raw: &str) -> Option<&'static str> {
    let decoded: Vec<u8> = pct_bytes(raw, 0).map(|(_, b)| b).collect();
    ["base", "one", "sub"]
        .into_iter()
        .find(|s| decoded.eq_ignore_ascii_case(s.as_bytes()))
}

/// Checks the DN (the path after its `/`, at byte `start`): the decoded
/// DN, or `None` after adding a violation.
fn check_dn(raw: &str, start: usize, found: &mut Vec<Violation>) -> Option<String> {
    let bytes: Vec<(usize, u8)> = pct_bytes(raw, start).collect();
    if let Some(at) = dn_error(&bytes, start + raw.len()) {
        found.push(Violation::error(
            "BadDn",
            at,
            "RFC 4514 §3",
            "the DN is not in RFC 4514's string form (`type=value` RDNs separated by `,`, specials escaped with `\\`)",
        ));
        return None;
    }
    utf8(raw, start, "BadDn", "RFC 4514 §3", found)
}

/// Checks the attribute list at byte `start`; the decoded attributes.
fn check_attributes(raw: &str, start: usize, found: &mut Vec<Violation>) -> Vec<String> {
    let mut attributes = Vec::new();
    let mut at = start;
    for item in raw.split(',') {
        let here = at;
        at += item.len() + 1;
        let bytes: Vec<(usize, u8)> = pct_bytes(item, here).collect();
        let values: Vec<u8> = bytes.iter().map(|&(_, b)| b).collect();
        let problem = if matches!(values.as_slice(), b"*" | b"+" | b"1.1") {
            None
        } else {
            attribute_description_error(&bytes, here + item.len())
        };
        match problem {
            Some(at) => found.push(Violation::error(
                "BadAttribute",
                at,
                "RFC 4511 §4.5.1.8",
                "an attribute is `*`, `+`, `1.1` or an attribute description (`cn`, `2.5.4.3`, `cn;lang-en`)",
            )),
            None => attributes.extend(utf8(item, here, "BadAttribute", SECTION, found)),
        }
    }
    attributes
}

/// Checks the filter at byte `start`; the decoded filter.
fn check_filter(raw: &str, start: usize, found: &mut Vec<Violation>) -> Option<String> {
    let bytes: Vec<(usize, u8)> = pct_bytes(raw, start).collect();
    if let Some(at) = filter_error(&bytes, start + raw.len()) {
        found.push(Violation::error(
            "BadFilter",
            at,
            "RFC 4515 §3",
            "the filter is not an RFC 4515 filter (parenthesized; `\\` followed by two hex digits)",
        ));
        return None;
    }
    utf8(raw, start, "BadFilter", "RFC 4515 §3", found)
}

/// Checks the extensions at byte `start`; the decoded extensions.
fn check_extensions(raw: &str, start: usize, found: &mut Vec<Violation>) -> Vec<Extension> {
    let mut extensions = Vec::new();
    let mut at = start;
    for item in raw.split(',') {
        let here = at;
        at += item.len() + 1;
        let (critical, rest, rest_at) = match item.strip_prefix('!') {
            Some(rest) => (true, rest, here + 1),
            None => (false, item, here),
        };
        let (extype, value) = match rest.split_once('=') {
            Some((extype, value)) => (extype, Some(value)),
            None => (rest, None),
        };
        let bytes: Vec<(usize, u8)> = pct_bytes(extype, rest_at).collect();
        if let Some(at) = oid_error(&bytes, rest_at + extype.len()) {
            found.push(Violation::error(
                "BadExtension",
                at,
                SECTION,
                "an extension is `[!]type[=value]`, its type an OID (`1.2.3.4`) or a descriptor (`e-bindname`)",
            ));
            continue;
        }
        let value_at = rest_at + extype.len() + 1;
        let value = match value {
            Some(value) => match utf8(value, value_at, "BadExtension", SECTION, found) {
                Some(value) => Some(value),
                None => continue,
            },
            None => None,
        };
        if critical {
            found.push(Violation::warning(
                "CriticalExtension",
                here,
                SECTION,
                "a critical extension: a client that does not implement it must not process the URL",
            ));
        }
        let Some(extype) = utf8(extype, rest_at, "BadExtension", SECTION, found) else {
            continue;
        };
        extensions.push(Extension {
            critical,
            extype,
            value,
        });
    }
    extensions
}

/// `raw` (at byte `start`) percent-decoded, or `None` after adding a
/// `kind` violation where it stops being UTF-8.
pub(crate) fn utf8(
    raw: &str,
    start: usize,
    kind: &'static str,
    section: &'static str,
    found: &mut Vec<Violation>,
) -> Option<String> {
    match uri_encode::decode_utf8(raw) {
        Ok(text) => Some(text.into_owned()),
        Err(e) => {
            found.push(Violation::error(
                kind,
                start + e.index(),
                section,
                "not UTF-8 once percent-decoded",
            ));
            None
        }
    }
}

/// Where in `path` the first dot segment (`.` or `..`, `%2E` counting as
/// `.`) starts, after the first `/`: what RFC 3986 §5.2.4 removes.
pub(crate) fn dot_segment(path: &str) -> Option<usize> {
    let rest = path.strip_prefix('/')?;
    let mut at = 1;
    for segment in rest.split('/') {
        let dots = pct_bytes(segment, 0).map(|(_, b)| b).collect::<Vec<u8>>();
        if dots == b"." || dots == b".." {
            return Some(at);
        }
        at += segment.len() + 1;
    }
    None
}

/// The bytes of `raw` with its `%XX` triplets decoded, each with the
/// index of its first character, `raw` starting at index `start`. A `%`
/// without two hex digits after it (never in a parsed URI) stands for
/// itself.
pub(crate) fn pct_bytes(raw: &str, start: usize) -> impl Iterator<Item = (usize, u8)> + '_ {
    uri_encode::decoded_bytes(raw).map(move |(at, b)| (start + at, b))
}

/// The byte at `i` of decoded text.
fn byte(b: &[(usize, u8)], i: usize) -> Option<u8> {
    b.get(i).map(|&(_, c)| c)
}

/// The URI index of the byte at `i` of decoded text, or `end` past it.
fn index(b: &[(usize, u8)], i: usize, end: usize) -> usize {
    b.get(i).map_or(end, |&(at, _)| at)
}

/// Where `b` (decoded, `end` the index past it) stops being an `oid`
/// (RFC 4512 §1.4): a descriptor (`ALPHA *( ALPHA / DIGIT / "-" )`) or a
/// numeric OID (`number 1*( "." number )`, numbers without leading zeros).
fn oid_error(b: &[(usize, u8)], end: usize) -> Option<usize> {
    let Some(&(first_at, first)) = b.first() else {
        return Some(end);
    };
    if first.is_ascii_alphabetic() {
        return b
            .iter()
            .find(|&&(_, c)| !(c.is_ascii_alphanumeric() || c == b'-'))
            .map(|&(at, _)| at);
    }
    if !first.is_ascii_digit() {
        return Some(first_at);
    }
    let (mut dots, mut number_start, mut leading_zero) = (0, true, false);
    for &(at, c) in b {
        match c {
            b'.' if !number_start => {
                dots += 1;
                number_start = true;
            }
            b'0'..=b'9' if number_start => {
                leading_zero = c == b'0';
                number_start = false;
            }
            b'0'..=b'9' if !leading_zero => {}
            _ => return Some(at),
        }
    }
    (number_start || dots == 0).then_some(end)
}

/// Where `b` stops being an attribute description (RFC 4512 §2.5): an
/// OID, then options, each `;` and `1*( ALPHA / DIGIT / "-" )`.
fn attribute_description_error(b: &[(usize, u8)], end: usize) -> Option<usize> {
    let mut pieces = b.split(|&(_, c)| c == b';');
    let oid = pieces.next().unwrap_or_default();
    if let Some(at) = oid_error(oid, index(b, oid.len(), end)) {
        return Some(at);
    }
    let mut start = oid.len() + 1;
    for option in pieces {
        let option_end = index(b, start + option.len(), end);
        if option.is_empty() {
            return Some(option_end);
        }
        if let Some(&(at, _)) = option
            .iter()
            .find(|&&(_, c)| !(c.is_ascii_alphanumeric() || c == b'-'))
        {
            return Some(at);
        }
        start += option.len() + 1;
    }
    None
}

/// Where `b` stops being a distinguished name in RFC 4514 §3's string
/// form:
///
/// ```text
/// distinguishedName = [ relativeDistinguishedName *( COMMA relativeDistinguishedName ) ]
/// relativeDistinguishedName = attributeTypeAndValue *( PLUS attributeTypeAndValue )
/// attributeTypeAndValue = attributeType EQUALS attributeValue
/// attributeValue = string / hexstring
/// ```
///
/// A value's unescaped `"`, `+`, `,`, `;`, `<`, `>`, NUL, and a leading
/// space or `#` or a trailing space, are faults; `\` takes a special
/// character or two hex digits.
fn dn_error(b: &[(usize, u8)], end: usize) -> Option<usize> {
    if b.is_empty() {
        return None;
    }
    let at = |i: usize| index(b, i, end);
    let mut i = 0;
    loop {
        let type_start = i;
        while byte(b, i).is_some_and(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'.') {
            i += 1;
        }
        if let Some(fault) = oid_error(&b[type_start..i], at(i)) {
            return Some(fault);
        }
        if byte(b, i) != Some(b'=') {
            return Some(at(i));
        }
        i += 1;
        if byte(b, i) == Some(b'#') {
            i += 1;
            let hex_start = i;
            while byte(b, i).is_some_and(|c| c.is_ascii_hexdigit())
                && byte(b, i + 1).is_some_and(|c| c.is_ascii_hexdigit())
            {
                i += 2;
            }
            if i == hex_start {
                return Some(at(i));
            }
        } else {
            let value_start = i;
            let mut trailing_space = false;
            loop {
                match byte(b, i) {
                    None | Some(b',' | b'+') => break,
                    Some(b'\\') => {
                        let hex = |k| byte(b, k).is_some_and(|c| c.is_ascii_hexdigit());
                        match byte(b, i + 1) {
                            Some(
                                b'\\' | b'"' | b'+' | b',' | b';' | b'<' | b'>' | b' ' | b'#'
                                | b'=',
                            ) => i += 2,
                            Some(_) if hex(i + 1) && hex(i + 2) => i += 3,
                            _ => return Some(at(i)),
                        }
                        trailing_space = false;
                    }
                    Some(b'"' | b';' | b'<' | b'>' | 0) => return Some(at(i)),
                    Some(b' ' | b'#') if i == value_start => return Some(at(i)),
                    Some(c) => {
                        trailing_space = c == b' ';
                        i += 1;
                    }
                }
            }
            if trailing_space {
                return Some(at(i - 1));
            }
        }
        match byte(b, i) {
            None => return None,
            Some(b',' | b'+') => i += 1,
            Some(_) => return Some(at(i)),
        }
    }
}

/// Where `b` stops being a filter (RFC 4515 §3):
///
/// ```text
/// filter     = LPAREN filtercomp RPAREN
/// filtercomp = and / or / not / item
/// and        = AMPERSAND filterlist
/// or         = VERTBAR filterlist
/// not        = EXCLAMATION filter
/// filterlist = 1*filter
/// ```
///
/// Read with a stack, not recursion: nesting costs no call depth.
fn filter_error(b: &[(usize, u8)], end: usize) -> Option<usize> {
    let at = |i: usize| index(b, i, end);
    // One entry per open `&`, `|` (true) or `!` (false).
    let mut open: Vec<bool> = Vec::new();
    let mut i = 0;
    'filter: loop {
        if byte(b, i) != Some(b'(') {
            return Some(at(i));
        }
        i += 1;
        match byte(b, i) {
            Some(b'&' | b'|') => {
                open.push(true);
                i += 1;
                continue 'filter;
            }
            Some(b'!') => {
                open.push(false);
                i += 1;
                continue 'filter;
            }
            _ => match item_end(b, i, end) {
                Ok(close) => i = close + 1,
                Err(fault) => return Some(fault),
            },
        }
        // A filter ended just before `i`.
        loop {
            let Some(&list) = open.last() else {
                return (i < b.len()).then(|| at(i));
            };
            match byte(b, i) {
                Some(b'(') if list => continue 'filter,
                Some(b')') => {
                    open.pop();
                    i += 1;
                }
                _ => return Some(at(i)),
            }
        }
    }
}

/// The index in `b` of the `)` that ends the filter item starting at
/// `start`, or where it goes wrong (RFC 4515 §3):
///
/// ```text
/// item       = simple / present / substring / extensible
/// simple     = attr filtertype assertionvalue
/// filtertype = equal / approx / greaterorequal / lessorequal
/// extensible = ( attr [dnattrs] [matchingrule] COLON EQUALS assertionvalue )
///              / ( [dnattrs] matchingrule COLON EQUALS assertionvalue )
/// present    = attr EQUALS ASTERISK
/// substring  = attr EQUALS [initial] any [final]
/// ```
fn item_end(b: &[(usize, u8)], start: usize, end: usize) -> Result<usize, usize> {
    let at = |i: usize| index(b, i, end);
    let mut i = start;
    while byte(b, i).is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b';')) {
        i += 1;
    }
    let attr = &b[start..i];
    let check_attr = |i: usize| match attribute_description_error(attr, at(i)) {
        Some(fault) => Err(fault),
        None => Ok(()),
    };
    let stars = match byte(b, i) {
        Some(b'=') => {
            check_attr(i)?;
            i += 1;
            true
        }
        Some(b'~' | b'>' | b'<') => {
            check_attr(i)?;
            if byte(b, i + 1) != Some(b'=') {
                return Err(at(i + 1));
            }
            i += 2;
            false
        }
        Some(b':') => {
            if !attr.is_empty() {
                check_attr(i)?;
            }
            let (mut dn, mut rule) = (false, false);
            loop {
                // At a `:`.
                i += 1;
                if byte(b, i) == Some(b'=') {
                    i += 1;
                    break;
                }
                let token_start = i;
                while byte(b, i)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'.')
                {
                    i += 1;
                }
                let token = &b[token_start..i];
                if byte(b, i) != Some(b':') {
                    return Err(at(i));
                }
                let is_dn = token.len() == 2
                    && token[0].1.eq_ignore_ascii_case(&b'd')
                    && token[1].1.eq_ignore_ascii_case(&b'n');
                if is_dn && !dn && !rule {
                    dn = true;
                } else if !rule {
                    if let Some(fault) = oid_error(token, at(i)) {
                        return Err(fault);
                    }
                    rule = true;
                } else {
                    return Err(at(token_start));
                }
            }
            if attr.is_empty() && !rule {
                return Err(at(start));
            }
            false
        }
        _ => return Err(at(i)),
    };
    loop {
        match byte(b, i) {
            None => return Err(end),
            Some(b')') => return Ok(i),
            Some(b'(' | 0) => return Err(at(i)),
            Some(b'*') if !stars => return Err(at(i)),
            Some(b'\\') => {
                let hex = |k| byte(b, k).is_some_and(|c| c.is_ascii_hexdigit());
                if !(hex(i + 1) && hex(i + 2)) {
                    return Err(at(i));
                }
                i += 3;
            }
            Some(_) => i += 1,
        }
    }
}

/// The normal form of a query (see the module docs), or `None` when
/// nothing is left of it.
fn normalize_query(query: &str) -> Option<String> {
    let parts: Vec<&str> = query.split('?').collect();
    if parts.len() > 4 {
        // Not an LDAP URL's query: left as it is.
        return Some(query.to_string());
    }
    let mut normal: Vec<String> = parts
        .iter()
        .enumerate()
        .map(|(n, part)| match n {
            0 | 1 => lower_outside_triplets(part),
            3 => part
                .split(',')
                .map(|extension| {
                    let (bang, rest) = match extension.strip_prefix('!') {
                        Some(rest) => ("!", rest),
                        None => ("", extension),
                    };
                    match rest.split_once('=') {
                        Some((extype, value)) => {
                            alloc::format!("{bang}{}={value}", lower_outside_triplets(extype))
                        }
                        None => alloc::format!("{bang}{}", lower_outside_triplets(rest)),
                    }
                })
                .collect::<Vec<_>>()
                .join(","),
            _ => part.to_string(),
        })
        .collect();
    while normal.last().is_some_and(String::is_empty) {
        normal.pop();
    }
    (!normal.is_empty()).then(|| normal.join("?"))
}

/// `text` with its ASCII letters in lower case, but those of `%XX`
/// triplets (upper case in syntax-normalized text).
fn lower_outside_triplets(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut hex_left = 0;
    for c in text.chars() {
        if hex_left > 0 {
            hex_left -= 1;
            out.push(c);
        } else if c == '%' {
            hex_left = 2;
            out.push(c);
        } else {
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

/// This module's entry in [`Registry::standard`](crate::Registry::standard).
pub(crate) const SCHEMES: &[crate::registry::Builtin] =
    &[crate::registry::Builtin::Other(&LdapScheme)];

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(text: &str) -> Vec<(usize, u8)> {
        pct_bytes(text, 0).collect()
    }

    #[test]
    fn oids() {
        for good in ["cn", "e-bindname", "1.1", "2.5.4.3", "0.9", "a1-"] {
            assert_eq!(oid_error(&decoded(good), good.len()), None, "{good}");
        }
        for (bad, at) in [
            ("", 0),
            ("1", 1),
            ("1.", 2),
            ("01.2", 1),
            ("1..2", 2),
            ("-a", 0),
            ("c_n", 1),
        ] {
            assert_eq!(oid_error(&decoded(bad), bad.len()), Some(at), "{bad}");
        }
    }

    #[test]
    fn attribute_descriptions() {
        for good in ["cn", "cn;lang-en", "2.5.4.3;binary;x"] {
            assert_eq!(
                attribute_description_error(&decoded(good), good.len()),
                None,
                "{good}"
            );
        }
        for (bad, at) in [("cn;", 3), ("cn;;x", 3), (";x", 0), ("cn;a_b", 4)] {
            assert_eq!(
                attribute_description_error(&decoded(bad), bad.len()),
                Some(at),
                "{bad}"
            );
        }
    }

    #[test]
    fn distinguished_names() {
        for good in [
            "",
            "c=GB",
            "o=University of Michigan,c=US",
            r"o=An Example\2C Inc.,c=US",
            "cn=a+sn=b,o=x",
            "1.3.6.1.4.1.1466.0=#04024869,o=x",
            "cn=",
            r"cn=\ lead\ ",
            "cn=trail#",
            "o=Question?,c=US",
        ] {
            assert_eq!(dn_error(&decoded(good), good.len()), None, "{good}");
        }
        for (bad, at) in [
            ("c", 1),
            ("=x", 0),
            ("cn=a,", 5),
            ("cn=a, o=b", 5),
            ("cn= a", 3),
            ("cn=a ", 4),
            ("cn=#", 4),
            ("cn=#0", 4),
            ("cn=a;b", 4),
            (r"cn=a\q", 4),
            ("cn=a\"b", 4),
        ] {
            assert_eq!(dn_error(&decoded(bad), bad.len()), Some(at), "{bad}");
        }
    }

    #[test]
    fn filters() {
        for good in [
            "(cn=Babs Jensen)",
            "(!(cn=Tim Howes))",
            "(&(objectClass=Person)(|(sn=Jensen)(cn=Babs J*)))",
            "(o=univ*of*mich*)",
            "(seeAlso=)",
            "(cn:caseExactMatch:=Fred Flintstone)",
            "(cn:=Betty Rubble)",
            "(sn:dn:2.4.6.8.10:=Barney Rubble)",
            "(o:dn:=Ace Industry)",
            "(:1.2.3:=Wilma Flintstone)",
            "(:DN:2.4.6.8.10:=Dino)",
            r"(o=Parens R Us \28for all your parenthetical needs\29)",
            r"(cn=*\2A*)",
            r"(filename=C:\5cMyFile)",
            r"(bin=\00\00\00\04)",
            r"(sn=Lu\c4\8di\c4\87)",
            r"(1.3.6.1.4.1.1466.0=\04\02\48\69)",
            "(objectClass=*)",
            "(cn>=a)",
            "(cn~=a)",
        ] {
            assert_eq!(filter_error(&decoded(good), good.len()), None, "{good}");
        }
        for (bad, at) in [
            ("cn=a", 0),
            ("(cn=a", 5),
            ("(cn=a))", 6),
            ("(cn=a)(cn=b)", 6),
            ("(&)", 2),
            ("(!(a=b)(c=d))", 7),
            ("(=a)", 1),
            ("(cn>a)", 4),
            ("(cn>=a*)", 6),
            ("(cn=a(b)", 5),
            (r"(cn=\zz)", 4),
            ("(:dn:=x)", 1),
            ("(cn:dn:x:y:=z)", 9),
            ("(c_n=x)", 2),
            ("()", 1),
            ("", 0),
        ] {
            assert_eq!(filter_error(&decoded(bad), bad.len()), Some(at), "{bad}");
        }
    }

    #[test]
    fn deep_filters_take_no_stack() {
        let depth = 100_000;
        let text = alloc::format!("{}(a=b){}", "(!".repeat(depth), ")".repeat(depth));
        assert_eq!(filter_error(&decoded(&text), text.len()), None);
    }

    #[test]
    fn queries() {
        assert_eq!(normalize_query(""), None);
        assert_eq!(normalize_query("?"), None);
        assert_eq!(normalize_query("CN,Mail??"), Some("cn,mail".into()));
        assert_eq!(normalize_query("?ONE?(CN=X)"), Some("?one?(CN=X)".into()));
        assert_eq!(
            normalize_query("???!E-BindName=CN=M%2Cdc"),
            Some("???!e-bindname=CN=M%2Cdc".into())
        );
        assert_eq!(normalize_query("a?b?c?d?e"), Some("a?b?c?d?e".into()));
        assert_eq!(lower_outside_triplets("AB%3Bc"), "ab%3Bc");
    }
}
