//! pkg (Package URL, ECMA-427): a software package, by its type (`npm`,
//! `pypi`, `maven`, …), namespace, name, version, qualifiers and subpath.
//!
//! # Grammar
//!
//! ECMA-427 clause 5 ("PURL specification"):
//!
//! ```text
//! pkg:type/namespace/name@version?qualifiers#subpath
//! ```
//!
//! - the type: ASCII letters, digits, `.` and `-`, starting with a letter,
//!   never percent-encoded, case-insensitive (lower case is canonical);
//! - the namespace: `/`-separated percent-encoded segments, optional unless
//!   the type requires it (or prohibits it);
//! - the name: one percent-encoded segment, required (for `git`, the
//!   repository's path on its host: see below);
//! - the version: after the last `@`, percent-encoded, optional;
//! - the qualifiers: `key=value` pairs joined by `&`, keys in lower case
//!   (letters, digits, `.`, `-`, `_`, not starting with a digit), each once,
//!   values percent-encoded; a pair with an empty value is dropped;
//! - the subpath: `/`-separated segments; empty, `.` and `..` ones are
//!   dropped.
//!
//! A parser reads from the right (`#`, then `?`, then `@`, then the last
//! `/`) as the spec's "How to parse" says, and ignores any number of `/`
//! after `pkg:` (`pkg://npm/x` is `pkg:npm/x`).
//!
//! `git` is the one type whose name holds `/`: its type definition makes
//! the namespace the git host and the name "the path on the host to the
//! git repository" ("repository name with owner"), as its examples and the
//! suite's required cases read `pkg:git/codeberg.org/forgejo/forgejo`
//! (namespace `codeberg.org`, name `forgejo/forgejo`). Its namespace is
//! the first segment, its name the rest, each segment percent-encoded
//! alone in the canonical form.
//!
//! # Rules
//!
//! Every fault is the error `InvalidPurl`, pointing at the component, with
//! a sentence saying which rule: a missing or malformed type, an empty
//! name, a namespace where the type prohibits one or none where it requires
//! one, a malformed or repeated qualifier key, a missing required qualifier,
//! a component whose percent-decoding is not UTF-8 or holds `/` where it
//! cannot. The type rules are those of the purl-spec type definitions
//! (whether the namespace is required or prohibited, which components are
//! case-insensitive, required qualifiers) plus pypi's `_` written `-`.
//!
//! # Normal form and equivalence
//!
//! Two purls are equivalent when their canonical forms ([`Purl`]'s
//! `Display`: lower-cased where the type says so, qualifiers sorted, empty
//! parts dropped, percent-encoding of everything but ASCII letters, digits,
//! `.-_~` and `:`) are equal. The URI's normal form is the syntax-based one
//! (the path is opaque); the canonical form is the scheme's equivalence.
//!
//! # Examples
//!
//! ```
//! use uri_core::{Uri, UriReference};
//! use uri_schemes::{Purl, Registry};
//!
//! let purl = Purl::parse(Uri::parse("pkg:npm/%40angular/animation@12.3.1")?)?;
//! assert_eq!((purl.package_type(), purl.namespace(), purl.name()), ("npm", Some("@angular"), "animation"));
//! assert_eq!(purl.to_string(), "pkg:npm/%40angular/animation@12.3.1");
//!
//! let r = |s| UriReference::parse(s);
//! assert!(Registry::standard().equivalent(r("pkg:PyPI/Django_Utils@1.0")?, r("pkg:pypi/django-utils@1.0")?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use uri_core::{Uri, UriBuf};

use crate::scheme::scheme_facts;
use crate::{Fields, Report, Scheme, Violation};

/// The standard that defines the Package URL.
const SECTION: &str = "ECMA-427 §5";

/// The parts of a Package URL, decoded and normalized by its type's rules:
/// see the [module docs](self) for the grammar and rules.
///
/// `Eq` compares the normalized parts, so two equivalent purls are equal;
/// `Display` writes the canonical form.
///
/// # Examples
///
/// ```
/// let purl = uri_schemes::Purl::parse(uri_core::Uri::parse("pkg:maven/org.apache.commons/io@1.3.4?b=2&a=1")?)
///     ?;
/// assert_eq!(purl.to_string(), "pkg:maven/org.apache.commons/io@1.3.4?a=1&b=2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Purl {
    package_type: String,
    namespace: Option<String>,
    name: String,
    version: Option<String>,
    qualifiers: Vec<(String, String)>,
    subpath: Option<String>,
}

impl Purl {
    /// The typed entry: checks `uri` by the [rules](self#rules) and the
    /// generic ones, and gives its parts when no violation is an error
    /// (warnings are dropped: [`Registry::check`](crate::Registry::check)
    /// keeps them); else the [`Report`] of what was found.
    ///
    /// # Errors
    ///
    /// The report, when a violation is an error or `uri` is not a pkg URI
    /// (`WrongScheme`).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::Purl;
    ///
    /// assert!(Purl::parse(Uri::parse("pkg:cargo/rand@0.7.2")?).is_ok());
    /// let report = Purl::parse(Uri::parse("pkg:npm")?).unwrap_err();
    /// assert_eq!(report.violations()[0].kind(), "InvalidPurl");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn parse(uri: Uri<'_>) -> Result<Purl, Report<'_>> {
        crate::scheme::typed_entry(uri, &PkgScheme, &["pkg"], |fields| match fields {
            Fields::Pkg(purl) => Some(*purl),
            _ => None,
        })
    }

    /// Reads a purl's text, which need not be an RFC 3986 URI (the purl
    /// spec's own parser, for text that is not yet canonical).
    ///
    /// # Errors
    ///
    /// The `InvalidPurl` [`Violation`] of the first rule broken, its index
    /// a byte of `text`.
    ///
    /// # Examples
    ///
    /// ```
    /// let purl = uri_schemes::Purl::parse_str("pkg:generic/a b@1")?;
    /// assert_eq!((purl.name(), purl.to_string().as_str()), ("a b", "pkg:generic/a%20b@1"));
    /// # Ok::<(), uri_schemes::Violation>(())
    /// ```
    pub fn parse_str(text: &str) -> Result<Purl, Violation> {
        parse(text)
    }

    /// A purl of its parts, decoded, normalized by the type's rules: the
    /// spec's "How to build".
    ///
    /// # Errors
    ///
    /// The `InvalidPurl` [`Violation`] of the first rule broken (index 0).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Purl;
    ///
    /// let purl = Purl::from_parts("npm", Some("@angular"), "animation", Some("12.3.1"), &[], None)?;
    /// assert_eq!(purl.to_string(), "pkg:npm/%40angular/animation@12.3.1");
    /// # Ok::<(), uri_schemes::Violation>(())
    /// ```
    pub fn from_parts(
        package_type: &str,
        namespace: Option<&str>,
        name: &str,
        version: Option<&str>,
        qualifiers: &[(&str, &str)],
        subpath: Option<&str>,
    ) -> Result<Purl, Violation> {
        let bad = |message: &'static str| Violation::error("InvalidPurl", 0, SECTION, message);
        check_type(package_type).map_err(bad)?;
        let namespace = namespace
            .map(|ns| {
                ns.split('/')
                    .filter(|s| !s.is_empty())
                    .collect::<Vec<_>>()
                    .join("/")
            })
            .filter(|ns| !ns.is_empty());
        let name = name.trim_matches('/');
        let mut pairs = Vec::new();
        for (key, value) in qualifiers {
            pairs.push((key.to_ascii_lowercase(), (*value).to_owned()));
        }
        let subpath = subpath.map(|s| {
            s.split('/')
                .filter(|s| !matches!(*s, "" | "." | ".."))
                .collect::<Vec<_>>()
                .join("/")
        });
        finish(
            package_type,
            namespace,
            name.to_owned(),
            version.filter(|v| !v.is_empty()).map(ToOwned::to_owned),
            pairs,
            subpath.filter(|s| !s.is_empty()),
        )
        .map_err(bad)
    }

    /// The type, lower case (`"npm"`).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_schemes::Purl::parse_str("pkg:NPM/x")?.package_type(), "npm");
    /// # Ok::<(), uri_schemes::Violation>(())
    /// ```
    pub fn package_type(&self) -> &str {
        &self.package_type
    }

    /// The namespace, decoded, segments joined by `/`, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_schemes::Purl::parse_str("pkg:github/Package-Url/purl-spec")?.namespace(), Some("package-url"));
    /// # Ok::<(), uri_schemes::Violation>(())
    /// ```
    pub fn namespace(&self) -> Option<&str> {
        self.namespace.as_deref()
    }

    /// The name, decoded; for `git`, the repository's path on its host
    /// (see the [module docs](self)).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Purl;
    ///
    /// assert_eq!(Purl::parse_str("pkg:cargo/rand")?.name(), "rand");
    /// let git = Purl::parse_str("pkg:git/codeberg.org/forgejo/forgejo")?;
    /// assert_eq!((git.namespace(), git.name()), (Some("codeberg.org"), "forgejo/forgejo"));
    /// assert_eq!(git.to_string(), "pkg:git/codeberg.org/forgejo/forgejo");
    /// # Ok::<(), uri_schemes::Violation>(())
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The version, decoded, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_schemes::Purl::parse_str("pkg:cargo/rand@0.7.2")?.version(), Some("0.7.2"));
    /// # Ok::<(), uri_schemes::Violation>(())
    /// ```
    pub fn version(&self) -> Option<&str> {
        self.version.as_deref()
    }

    /// The qualifiers, keys lower case, values decoded, sorted by key.
    ///
    /// # Examples
    ///
    /// ```
    /// let purl = uri_schemes::Purl::parse_str("pkg:deb/debian/curl@7.50.3?Arch=i386&distro=jessie")?;
    /// assert_eq!(purl.qualifiers()[0], ("arch".to_owned(), "i386".to_owned()));
    /// # Ok::<(), uri_schemes::Violation>(())
    /// ```
    pub fn qualifiers(&self) -> &[(String, String)] {
        &self.qualifiers
    }

    /// The subpath, decoded, segments joined by `/`, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_schemes::Purl::parse_str("pkg:golang/g.com/a/b#/api/./v1/")?.subpath(), Some("api/v1"));
    /// # Ok::<(), uri_schemes::Violation>(())
    /// ```
    pub fn subpath(&self) -> Option<&str> {
        self.subpath.as_deref()
    }
}

/// The canonical form (the spec's "How to build").
impl fmt::Display for Purl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::from("pkg:");
        out.push_str(&self.package_type);
        out.push('/');
        if let Some(ns) = &self.namespace {
            for segment in ns.split('/') {
                encode(segment, &mut out);
                out.push('/');
            }
        }
        if name_is_path(&self.package_type) {
            for (i, segment) in self.name.split('/').enumerate() {
                if i > 0 {
                    out.push('/');
                }
                encode(segment, &mut out);
            }
        } else {
            encode(&self.name, &mut out);
        }
        if let Some(version) = &self.version {
            out.push('@');
            encode(version, &mut out);
        }
        for (i, (key, value)) in self.qualifiers.iter().enumerate() {
            out.push(if i == 0 { '?' } else { '&' });
            out.push_str(key);
            out.push('=');
            encode(value, &mut out);
        }
        if let Some(subpath) = &self.subpath {
            out.push('#');
            for (i, segment) in subpath.split('/').enumerate() {
                if i > 0 {
                    out.push('/');
                }
                encode(segment, &mut out);
            }
        }
        f.write_str(&out)
    }
}

/// Percent-encodes all but ASCII letters, digits, `.-_~` and `:`.
fn encode(text: &str, out: &mut String) {
    for &b in text.as_bytes() {
        if b.is_ascii_alphanumeric() || b".-_~:".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(uri_encode::triplet(b));
        }
    }
}

/// Whether the type's name is a path of `/`-separated segments after a
/// one-segment namespace: `git` (its type definition: the namespace is the
/// host, the name "the path on the host to the git repository").
fn name_is_path(package_type: &str) -> bool {
    package_type.eq_ignore_ascii_case("git")
}

/// Whether a namespace is required, optional or prohibited.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Need {
    Required,
    Optional,
    Prohibited,
}

/// A registered type's rules.
struct TypeRule {
    name: &'static str,
    namespace: Need,
    /// The components the type's definition says are case-insensitive
    /// (lower-cased in the canonical form), by name, separated by spaces:
    /// `namespace`, `name`, `version`.
    lower: &'static str,
    required: &'static [&'static str],
}

impl TypeRule {
    /// Whether `component` is lower-cased.
    fn lowers(&self, component: &str) -> bool {
        self.lower.split(' ').any(|c| c == component)
    }
}

/// A row of [`TYPES`].
const fn rule(
    name: &'static str,
    namespace: Need,
    lower: &'static str,
    required: &'static [&'static str],
) -> TypeRule {
    TypeRule {
        name,
        namespace,
        lower,
        required,
    }
}

use Need::{Optional, Prohibited, Required};

/// The registered types (`definitions/*.json` of the purl-spec test suite,
/// copied under `tests/vectors/purl/`): the type, whether its namespace is
/// required, optional or prohibited, the components it lower-cases, and
/// its required qualifiers.
const TYPES: &[TypeRule] = &[
    rule("alpm", Required, "namespace name", &[]),
    rule("apk", Required, "namespace name", &[]),
    rule("bazel", Prohibited, "", &[]),
    rule("bitbucket", Required, "namespace name", &[]),
    rule("bitnami", Prohibited, "name", &[]),
    rule("brew", Optional, "namespace name", &[]),
    rule("cargo", Prohibited, "", &[]),
    rule("chrome-extension", Prohibited, "name", &[]),
    rule("cocoapods", Prohibited, "", &[]),
    rule("composer", Required, "namespace name", &[]),
    rule("conan", Optional, "", &[]),
    rule("conda", Prohibited, "", &[]),
    rule("cpan", Optional, "", &[]),
    rule("cran", Prohibited, "", &[]),
    rule("deb", Required, "namespace name", &[]),
    rule("docker", Optional, "", &[]),
    rule("gem", Prohibited, "", &[]),
    rule("generic", Optional, "", &[]),
    rule("git", Required, "", &[]),
    rule("github", Required, "namespace name", &[]),
    rule("golang", Required, "", &[]),
    rule("hackage", Prohibited, "", &[]),
    rule("hex", Optional, "namespace name", &[]),
    rule("huggingface", Required, "version", &[]),
    rule("julia", Prohibited, "", &["uuid"]),
    rule("luarocks", Optional, "namespace name", &[]),
    rule("maven", Required, "", &[]),
    rule("mlflow", Prohibited, "", &[]),
    rule("npm", Optional, "", &[]),
    rule("nuget", Prohibited, "", &[]),
    rule("oci", Prohibited, "name version", &[]),
    rule("opam", Prohibited, "", &[]),
    rule("otp", Prohibited, "name", &[]),
    rule("pub", Prohibited, "name", &[]),
    rule("pypi", Prohibited, "name version", &[]),
    rule("qpkg", Required, "namespace", &[]),
    rule("rpm", Required, "namespace", &[]),
    rule("swid", Optional, "", &["tag_id"]),
    rule("swift", Required, "", &[]),
    rule("vcpkg", Prohibited, "", &[]),
    rule("vscode-extension", Required, "namespace name version", &[]),
    rule("yocto", Optional, "namespace", &[]),
];

/// The type's characters (ECMA-427 §5, "Type").
fn check_type(package_type: &str) -> Result<(), &'static str> {
    let b = package_type.as_bytes();
    match b.first() {
        None => Err("a purl has a type"),
        Some(c) if !c.is_ascii_alphabetic() => Err("a type starts with a letter"),
        _ if !b
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || b".-".contains(c)) =>
        {
            Err("a type is letters, digits, `.` and `-`")
        }
        _ => Ok(()),
    }
}

/// A qualifier key's characters.
fn check_key(key: &str) -> Result<(), &'static str> {
    let b = key.as_bytes();
    match b.first() {
        None => Err("a qualifier has a key"),
        Some(c) if c.is_ascii_digit() => Err("a qualifier key does not start with a digit"),
        _ if !b
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || b".-_".contains(c)) =>
        {
            Err("a qualifier key is letters, digits, `.`, `-` and `_`")
        }
        _ => Ok(()),
    }
}

/// The type's rules applied to decoded parts.
fn finish(
    package_type: &str,
    mut namespace: Option<String>,
    mut name: String,
    mut version: Option<String>,
    mut qualifiers: Vec<(String, String)>,
    subpath: Option<String>,
) -> Result<Purl, &'static str> {
    let package_type = package_type.to_ascii_lowercase();
    if name.is_empty() {
        return Err("a purl has a name");
    }
    qualifiers.retain(|(_, v)| !v.is_empty());
    for (key, _) in &qualifiers {
        check_key(key)?;
    }
    qualifiers.sort();
    if qualifiers.windows(2).any(|w| w[0].0 == w[1].0) {
        return Err("a qualifier key appears once");
    }
    if let Some(rule) = TYPES.iter().find(|t| t.name == package_type) {
        match (rule.namespace, &namespace) {
            (Need::Required, None) => return Err("this type requires a namespace"),
            (Need::Prohibited, Some(_)) => return Err("this type prohibits a namespace"),
            _ => {}
        }
        if rule.lowers("namespace") {
            namespace = namespace.map(|ns| ns.to_ascii_lowercase());
        }
        if rule.lowers("name") {
            name = name.to_ascii_lowercase();
        }
        if rule.lowers("version") {
            version = version.map(|v| v.to_ascii_lowercase());
        }
        if let Some(missing) = rule
            .required
            .iter()
            .find(|k| !qualifiers.iter().any(|(q, _)| q == *k))
        {
            let _ = missing;
            return Err("this type requires a qualifier that is missing");
        }
        match package_type.as_str() {
            "pypi" => name = name.replace('_', "-"),
            "cpan" if name.contains("::") => {
                return Err("a cpan name is a distribution, not a module (`::`)");
            }
            "chrome-extension" => {
                if name.len() != 32 || !name.bytes().all(|b| (b'a'..=b'p').contains(&b)) {
                    return Err("a chrome-extension name is 32 letters from a to p");
                }
                let version_ok = |v: &str| {
                    let parts: Vec<&str> = v.split('.').collect();
                    parts.len() <= 4
                        && parts
                            .iter()
                            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
                };
                if version.as_deref().is_some_and(|v| !version_ok(v)) {
                    return Err("a chrome-extension version is one to four numbers");
                }
            }
            // Databricks model names are case-insensitive (the type's note).
            "mlflow"
                if qualifiers
                    .iter()
                    .any(|(k, v)| k == "repository_url" && v.contains("azuredatabricks.net")) =>
            {
                name = name.to_ascii_lowercase();
            }
            _ => {}
        }
    }
    Ok(Purl {
        package_type,
        namespace,
        name,
        version,
        qualifiers,
        subpath,
    })
}

/// The non-empty `/`-separated segments of `text`, each percent-decoded
/// (and, unless `dots`, those that decode to `.` or `..` left out), joined
/// by `/` into one string: the spec's "How to parse" of a subpath, a
/// namespace and a path-like name. An error at `at` when a decoding is not
/// UTF-8, or (`slash`) when a decoded segment holds a `/`. Decodes into the
/// one string: no string per segment unless it holds a triplet.
fn join_segments(
    text: &str,
    at: usize,
    dots: bool,
    slash: &'static str,
) -> Result<String, Violation> {
    let bad = |message: &'static str| Violation::error("InvalidPurl", at, SECTION, message);
    let mut joined = String::with_capacity(text.len());
    for segment in text.split('/').filter(|s| !s.is_empty()) {
        let decoded = uri_encode::decode_utf8(segment)
            .map_err(|_| bad("a component's percent-decoding is UTF-8"))?;
        if !dots && matches!(&*decoded, "." | "..") {
            continue;
        }
        // Only a triplet can give a `/`: a borrowed segment has none.
        if matches!(decoded, alloc::borrow::Cow::Owned(_)) && decoded.contains('/') {
            return Err(bad(slash));
        }
        if !joined.is_empty() {
            joined.push('/');
        }
        joined.push_str(&decoded);
    }
    Ok(joined)
}

/// The spec's "How to parse", from the right.
fn parse(text: &str) -> Result<Purl, Violation> {
    let bad =
        |at: usize, message: &'static str| Violation::error("InvalidPurl", at, SECTION, message);
    let decode = |at: usize, s: &str| -> Result<String, Violation> {
        uri_encode::decode_utf8(s)
            .map(|d| d.into_owned())
            .map_err(|_| bad(at, "a component's percent-decoding is UTF-8"))
    };
    let (rest, subpath_text) = match text.split_once('#') {
        Some((r, s)) => (r, Some(s)),
        None => (text, None),
    };
    let mut subpath = None;
    if let Some(s) = subpath_text {
        let at = rest.len() + 1;
        let joined = join_segments(s, at, false, "a subpath segment holds no `/`")?;
        subpath = Some(joined).filter(|s| !s.is_empty());
    }
    let (rest, query) = match rest.rsplit_once('?') {
        Some((r, q)) => (r, Some(q)),
        None => (rest, None),
    };
    let mut qualifiers = Vec::new();
    if let Some(query) = query {
        let at = rest.len() + 1;
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            check_key(key).map_err(|m| bad(at, m))?;
            qualifiers.push((key.to_ascii_lowercase(), decode(at, value)?));
        }
    }
    let Some((scheme, rest)) = rest.split_once(':') else {
        return Err(bad(0, "a purl starts with `pkg:`"));
    };
    if !scheme.eq_ignore_ascii_case("pkg") {
        return Err(bad(0, "a purl starts with `pkg:`"));
    }
    let trimmed = rest.trim_start_matches('/');
    let base = text.len() - text[scheme.len() + 1..].len() + (rest.len() - trimmed.len());
    let Some((package_type, rest)) = trimmed.split_once('/') else {
        return Err(bad(base, "a purl has a type and a name"));
    };
    check_type(package_type).map_err(|m| bad(base, m))?;
    let rest = rest.trim_end_matches('/');
    let at = base + package_type.len() + 1;
    // The version's `@` is in the last segment: an unencoded `@` before
    // it is a namespace's (`pkg:npm/@babel/core`).
    let last = rest.rfind('/').map_or(0, |i| i + 1);
    let (rest, version) = match rest[last..].rfind('@') {
        Some(i) => (
            &rest[..last + i],
            Some(decode(at, &rest[last + i + 1..])?).filter(|v| !v.is_empty()),
        ),
        None => (rest, None),
    };
    let split = if name_is_path(package_type) {
        rest.trim_start_matches('/').split_once('/')
    } else {
        rest.rsplit_once('/')
    };
    let (namespace, name) = match split {
        Some((ns, n)) => (Some(ns), n),
        None => (None, rest),
    };
    let name = if name_is_path(package_type) {
        join_segments(name, at, true, "a name segment holds no `/`")?
    } else {
        let name = decode(at, name)?;
        if name.contains('/') {
            return Err(bad(at, "a name holds no `/`"));
        }
        name
    };
    let namespace = match namespace {
        Some(ns) => {
            let joined = join_segments(ns, at, true, "a namespace segment holds no `/`")?;
            Some(joined).filter(|s| !s.is_empty())
        }
        None => None,
    };
    finish(package_type, namespace, name, version, qualifiers, subpath).map_err(|m| bad(at, m))
}

/// `pkg`.
pub(crate) struct PkgScheme;

impl Scheme for PkgScheme {
    // kind: A name: the package, wherever it is published.
    // opaque_path: Type, namespace, name and version, not a hierarchy.
    scheme_facts! { name = "pkg"; kind = Name; opaque_path = true; }

    /// The rules of the [module docs](self#rules).
    fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
        match parse(uri.as_str()) {
            Ok(purl) => (Fields::Pkg(Box::new(purl)), Vec::new()),
            Err(violation) => (Fields::None, alloc::vec![violation]),
        }
    }

    /// Syntax normalization only: the canonical form is the equivalence.
    fn normalize(&self, uri: &mut UriBuf) {
        let _ = uri;
    }

    /// The same canonical form; `None` when either is no purl.
    fn equivalent(&self, a: Uri<'_>, b: Uri<'_>) -> Option<bool> {
        let read = |uri: Uri<'_>| parse(uri.as_str()).ok();
        crate::scheme::equivalent_views(a, b, read, |x, y| x.to_string() == y.to_string())
    }

    /// The canonical form [`equivalent`](Scheme::equivalent) compares;
    /// `None` when the URI is no purl.
    fn equivalence_key(&self, uri: Uri<'_>) -> Option<String> {
        pkg_equivalence_key(uri)
    }
}

/// The key of [`PkgScheme::equivalence_key`]: the purl's canonical form
/// ([`Purl`]'s `Display`, the spec's "How to build"), which its rule
/// compares.
fn pkg_equivalence_key(uri: Uri<'_>) -> Option<String> {
    parse(uri.as_str()).ok().map(|purl| purl.to_string())
}

/// This module's entry in [`Registry::standard`](crate::Registry::standard).
pub(crate) const SCHEMES: &[crate::registry::Builtin] =
    &[crate::registry::Builtin::Other(&PkgScheme)];
