//! Conformance and property tests for the urikit workspace; everything is
//! under `tests/`, reading the vector files in `vectors/`.
//!
//! This library holds the helpers more than one test file uses.

use urikit::Components;

/// The seven components of a parse, owned, in RFC 3986 order (scheme,
/// userinfo, host, port, path, query, fragment), to compare two parses.
///
/// # Examples
///
/// ```
/// let r = urikit::UriReference::parse("s://h/p")?;
/// assert_eq!(urikit_tests::parts(&r.components())[2].as_deref(), Some("h"));
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn parts(c: &Components<'_>) -> [Option<String>; 7] {
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
/// assert_eq!(urikit_tests::recompose(&r.components()), "s://u@h:1/p?q#f");
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
