//! urikit's side of the comparison: a parse as named fields (of a URI
//! reference or an IRI reference), and strict resolution.
//!
//! A peer adapter (in the tests) gives the fields it knows; the comparison
//! looks only at those, so a peer without, say, a userinfo accessor is still
//! compared on the rest.

use urikit::resolve::Resolver;
use urikit::{Components, IriReference, ParseError, ParseOptions, Spec, Uri, UriReference};

/// A component, or a fact about one, that two parsers can be compared on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    /// The scheme, without `:`.
    Scheme,
    /// The authority, without `//`.
    Authority,
    /// The userinfo, without `@`.
    Userinfo,
    /// The host's text; an IP literal keeps its brackets.
    Host,
    /// The port's text, without `:`.
    Port,
    /// The path (always present, perhaps empty).
    Path,
    /// The query, without `?`.
    Query,
    /// The fragment, without `#`.
    Fragment,
    /// The kind of host: `ipv4`, `ipv6`, `ipvfuture` or `reg-name`.
    HostKind,
    /// The IP address of an IPv4 or IPv6 host, as `std::net::IpAddr` writes it.
    Ip,
}

impl Field {
    /// The field's name, as the reports and `known-differences.txt` write it.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(urikit_differential::ours::Field::HostKind.name(), "host_kind");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Field::Scheme => "scheme",
            Field::Authority => "authority",
            Field::Userinfo => "userinfo",
            Field::Host => "host",
            Field::Port => "port",
            Field::Path => "path",
            Field::Query => "query",
            Field::Fragment => "fragment",
            Field::HostKind => "host_kind",
            Field::Ip => "ip",
        }
    }
}

/// The fields of a parse: `None` for an absent component, `Some("")` for a
/// present but empty one.
pub type Fields = Vec<(Field, Option<String>)>;

/// The value of `field` in `fields`: `None` when the parser does not give
/// that field, `Some(None)` when the component is absent.
///
/// # Examples
///
/// ```
/// use urikit_differential::ours::{self, Field};
///
/// let fields = ours::parse("a:b").unwrap();
/// assert_eq!(ours::get(&fields, Field::Authority), Some(None));
/// assert_eq!(ours::get(&fields, Field::Path), Some(Some("b")));
/// ```
pub fn get(fields: &[(Field, Option<String>)], field: Field) -> Option<Option<&str>> {
    fields
        .iter()
        .find(|(f, _)| *f == field)
        .map(|(_, v)| v.as_deref())
}

/// Parses `input` with `UriReference::parse` (strict RFC 3986, default
/// options) and gives every field.
///
/// # Errors
///
/// urikit's [`ParseError`] when it rejects the input.
///
/// # Examples
///
/// ```
/// use urikit_differential::ours::{self, Field};
///
/// let fields = ours::parse("//127.0.0.1:80").unwrap();
/// assert_eq!(ours::get(&fields, Field::HostKind), Some(Some("ipv4")));
/// assert!(ours::parse("a b").is_err());
/// ```
pub fn parse(input: &str) -> Result<Fields, ParseError> {
    Ok(fields(UriReference::parse(input)?.components()))
}

/// Parses `input` with `IriReference::parse` (RFC 3987 `IRI-reference`,
/// default options: bidirectional formatting characters refused, as §4.1
/// asks) and gives every field.
///
/// # Errors
///
/// urikit's [`ParseError`] when it rejects the input.
///
/// # Examples
///
/// ```
/// use urikit_differential::ours::{self, Field};
///
/// let fields = ours::parse_iri("http://bücher.example/ü").unwrap();
/// assert_eq!(ours::get(&fields, Field::Host), Some(Some("bücher.example")));
/// assert!(ours::parse_iri("/a\u{200E}").is_err());
/// ```
pub fn parse_iri(input: &str) -> Result<Fields, ParseError> {
    Ok(fields(IriReference::parse(input)?.components()))
}

/// [`parse_iri`] with `options`.
///
/// # Errors
///
/// urikit's [`ParseError`] when it rejects the input.
///
/// # Examples
///
/// ```
/// use urikit::ParseOptions;
/// use urikit_differential::ours;
///
/// let options = ParseOptions::new().allow_bidi_formatting(true);
/// assert!(ours::parse_iri_with("/a\u{200E}", options).is_ok());
/// ```
pub fn parse_iri_with(input: &str, options: ParseOptions) -> Result<Fields, ParseError> {
    Ok(fields(
        IriReference::parse_with(input, options)?.components(),
    ))
}

/// Every field of a parsed reference, under either spec.
fn fields<S: Spec>(c: Components<'_, S>) -> Fields {
    let own = |s: Option<&str>| s.map(str::to_owned);
    vec![
        (Field::Scheme, own(c.scheme())),
        (Field::Authority, own(c.authority().map(|a| a.as_str()))),
        (Field::Userinfo, own(c.userinfo())),
        (Field::Host, own(c.host_str())),
        (Field::Port, own(c.port())),
        (Field::Path, Some(c.path().to_owned())),
        (Field::Query, own(c.query())),
        (Field::Fragment, own(c.fragment())),
        (Field::HostKind, own(c.host_kind().map(|k| k.as_str()))),
        (
            Field::Ip,
            c.host().and_then(|h| h.ip()).map(|ip| ip.to_string()),
        ),
    ]
}

/// Resolves `reference` against `base` strictly (RFC 3986 §5.2.2), as
/// urikit's `Resolver` does; `None` when the base is not a URI or the
/// reference not a URI reference.
///
/// # Examples
///
/// ```
/// use urikit_differential::ours;
///
/// assert_eq!(ours::resolve("http://a/b/c/d;p?q", "../g").as_deref(), Some("http://a/b/g"));
/// assert_eq!(ours::resolve("/relative", "g"), None);
/// ```
pub fn resolve(base: &str, reference: &str) -> Option<String> {
    let base = Uri::parse(base).ok()?;
    let reference = UriReference::parse(reference).ok()?;
    let mut out = String::new();
    Resolver::new(base).resolve_into(reference, &mut out);
    Some(out)
}
