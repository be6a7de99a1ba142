//! Parsing against the rule a vector names, and a parse's components as
//! plain data: to compare two parses, or to join the components again.

use urikit::{Components, Spec};

/// The rule of RFC 3986 an input is parsed against; named in vector files
/// as `"reference"`, `"uri"` or `"relative"`.
///
/// # Examples
///
/// ```
/// use urikit_tests::parsing::{Rule, parse};
///
/// let c = parse("a:b", Rule::Uri, Default::default())?;
/// assert_eq!(c.scheme(), Some("a"));
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// `URI-reference`: [`urikit::UriReference::parse`].
    #[default]
    Reference,
    /// `URI`: [`urikit::Uri::parse`].
    Uri,
    /// `relative-ref`: [`urikit::RelativeRef::parse`].
    Relative,
}

/// Parses `input` against `rule`, borrowed.
///
/// # Errors
///
/// The parser's error.
///
/// # Examples
///
/// ```
/// use urikit_tests::parsing::{Rule, parse};
///
/// assert!(parse("a:b", Rule::Relative, Default::default()).is_err());
/// ```
pub fn parse(
    input: &str,
    rule: Rule,
    options: urikit::ParseOptions,
) -> Result<Components<'_>, urikit::ParseError> {
    use urikit::{RelativeRef, Uri, UriReference};
    match rule {
        Rule::Reference => UriReference::parse_with(input, options).map(|r| r.components()),
        Rule::Uri => Uri::parse_with(input, options).map(|r| r.components()),
        Rule::Relative => RelativeRef::parse_with(input, options).map(|r| r.components()),
    }
}

/// Parses an owned copy of `input` against `rule`: its text and components,
/// or the error.
///
/// # Errors
///
/// The parser's error.
///
/// # Examples
///
/// ```
/// use urikit_tests::parsing::{Rule, parse_owned};
///
/// let (text, parts) = parse_owned("a:b", Rule::Uri, Default::default())?;
/// assert_eq!((text.as_str(), parts[0].as_deref()), ("a:b", Some("a")));
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn parse_owned(
    input: &str,
    rule: Rule,
    options: urikit::ParseOptions,
) -> Result<(String, [Option<String>; 7]), urikit::ParseError> {
    use urikit::{RelativeRefBuf, UriBuf, UriReferenceBuf};
    let s = input.to_owned();
    match rule {
        Rule::Reference => UriReferenceBuf::parse_with(s, options)
            .map(|r| (r.to_string(), parts(&r.components())))
            .map_err(|e| e.error()),
        Rule::Uri => UriBuf::parse_with(s, options)
            .map(|r| (r.to_string(), parts(&r.components())))
            .map_err(|e| e.error()),
        Rule::Relative => RelativeRefBuf::parse_with(s, options)
            .map(|r| (r.to_string(), parts(&r.components())))
            .map_err(|e| e.error()),
    }
}

/// The seven components of a parse, owned, in RFC 3986 order (scheme,
/// userinfo, host, port, path, query, fragment), to compare two parses.
///
/// # Examples
///
/// ```
/// let r = urikit::UriReference::parse("s://h/p")?;
/// assert_eq!(urikit_tests::parsing::parts(&r.components())[2].as_deref(), Some("h"));
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn parts<S: Spec>(c: &Components<'_, S>) -> [Option<String>; 7] {
    let own = |s: Option<&str>| s.map(str::to_owned);
    [
        own(c.scheme()),
        own(c.userinfo()),
        own(c.host_str()),
        own(c.port()),
        Some(c.path().to_owned()),
        own(c.query()),
        own(c.fragment()),
    ]
}

/// The components joined with their delimiters, as RFC 3986 §5.3
/// recomposes them: for any parse, this gives back the input.
///
/// # Examples
///
/// ```
/// let r = urikit::UriReference::parse("s://u@h:1/p?q#f")?;
/// assert_eq!(urikit_tests::parsing::recompose(&r.components()), "s://u@h:1/p?q#f");
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn recompose(c: &Components<'_>) -> String {
    let mut out = String::new();
    if let Some(scheme) = c.scheme() {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(host) = c.host_str() {
        out.push_str("//");
        if let Some(userinfo) = c.userinfo() {
            out.push_str(userinfo);
            out.push('@');
        }
        out.push_str(host);
        if let Some(port) = c.port() {
            out.push(':');
            out.push_str(port);
        }
    }
    out.push_str(c.path());
    if let Some(query) = c.query() {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = c.fragment() {
        out.push('#');
        out.push_str(fragment);
    }
    out
}
