//! The components of a parsed URI or IRI reference as each library gives
//! them ([`Parts`]), and the checks before timing that the parse and IRI
//! benchmarks share: which lines each peer accepts ([`note_acceptance`]),
//! and that it splits them as we do ([`check_parts`]).
//!
//! The getters, ours ([`urikit_parts`]) and the peers' ([`fluent_uri_parts`],
//! [`fluent_iri_parts`], [`oxiri_parts`], [`iri_string_parts`]), are here
//! once for both benchmarks, generic over URI and IRI where the library's
//! types are. The peers' are not `#[inline]`: the timing loop of
//! `components/mixed` calls each per line, as it called the copies it had
//! (none was inlined there). Ours is `#[inline(always)]`, so that the
//! benchmark's own non-generic `ours_parts` compiles to the function it had
//! (parse, then every getter) rather than to a generic one that the
//! compiler arranges differently.

use iri_string::types::RiReferenceStr;
use uri_core::RiReference;

use crate::GroupInfo;

/// The components of one parsed URI or IRI reference, as a library gives
/// them: `None` for absent, or for a component the library's API does not
/// give. The parse and IRI benchmarks fill one per line from each library,
/// and [`check_parts`] compares them.
///
/// # Examples
///
/// ```
/// use urikit_bench::parts::Parts;
///
/// let parts = Parts { scheme: Some("a"), path: "b", ..Parts::default() };
/// assert_eq!(parts.authority, None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Parts<'a> {
    /// The scheme, without `:`.
    pub scheme: Option<&'a str>,
    /// The authority, without `//`.
    pub authority: Option<&'a str>,
    /// The userinfo, without `@`.
    pub userinfo: Option<&'a str>,
    /// The host, as written.
    pub host: Option<&'a str>,
    /// The port, as written.
    pub port: Option<&'a str>,
    /// The path.
    pub path: &'a str,
    /// The query, without `?`.
    pub query: Option<&'a str>,
    /// The fragment, without `#`.
    pub fragment: Option<&'a str>,
}

/// Counts the lines of `inputs` that `peer` accepts, beside those `ours`
/// accepts, and notes it in `info`, with the first line only the peer
/// accepts.
///
/// # Examples
///
/// ```
/// let mut info = urikit_bench::GroupInfo::new("g", 3, 3, "urikit");
/// let inputs = ["a", "b", "c"];
/// urikit_bench::parts::note_acceptance(&mut info, &inputs, "peer", |s| s != "c", |s| s != "a");
/// assert_eq!(
///     info.notes,
///     ["peer accepts 2 of 3 lines; both accept 1, only we accept 1, only peer accepts 1 (e.g. \"c\")"]
/// );
/// ```
pub fn note_acceptance(
    info: &mut GroupInfo,
    inputs: &[&str],
    id: &str,
    ours: impl Fn(&str) -> bool,
    peer: impl Fn(&str) -> bool,
) {
    let (mut both, mut only_ours, mut only_peer) = (0, 0, Vec::new());
    for &input in inputs {
        match (ours(input), peer(input)) {
            (true, true) => both += 1,
            (true, false) => only_ours += 1,
            (false, true) => only_peer.push(input),
            (false, false) => {}
        }
    }
    info.note(format!(
        "{id} accepts {} of {} lines; both accept {both}, only we accept {only_ours}, \
         only {id} accepts {}{}",
        both + only_peer.len(),
        inputs.len(),
        only_peer.len(),
        match only_peer.first() {
            Some(first) => format!(" (e.g. {first:?})"),
            None => String::new(),
        }
    ));
}

/// Asserts that `peer` splits every line both accept as `ours` does,
/// comparing userinfo, host and port only when the peer gives them
/// (`split`), and notes it in `info`.
///
/// # Panics
///
/// On the first line whose components differ: the peer would not be doing
/// the same work.
///
/// # Examples
///
/// ```
/// use urikit_bench::parts::{Parts, check_parts};
///
/// let mut info = urikit_bench::GroupInfo::new("g", 1, 2, "urikit");
/// fn path(s: &str) -> Option<Parts<'_>> {
///     Some(Parts { path: s, ..Parts::default() })
/// }
/// check_parts(&mut info, &["/a"], "peer", true, path, path);
/// assert_eq!(info.notes, ["peer: every component equal to ours on all 1 lines both accept"]);
/// ```
pub fn check_parts<'s>(
    info: &mut GroupInfo,
    inputs: &[&'s str],
    id: &str,
    split: bool,
    ours: impl Fn(&'s str) -> Option<Parts<'s>>,
    peer: impl Fn(&'s str) -> Option<Parts<'s>>,
) {
    let mut checked = 0;
    for &input in inputs {
        let (Some(ours), Some(mut theirs)) = (ours(input), peer(input)) else {
            continue;
        };
        if !split {
            theirs.userinfo = ours.userinfo;
            theirs.host = ours.host;
            theirs.port = ours.port;
        }
        assert_eq!(ours, theirs, "{id} splits {input:?} differently");
        checked += 1;
    }
    info.note(format!(
        "{id}: every component equal to ours on all {checked} lines both accept{}",
        if split {
            ""
        } else {
            " (authority compared whole: no userinfo, host or port getters)"
        }
    ));
}

/// Ours, `uri_core`: parse `s` as a URI reference (`S` = `UriSpec`) or an
/// IRI reference (`IriSpec`), then every getter.
///
/// # Examples
///
/// ```
/// use uri_core::{IriSpec, UriSpec};
/// use urikit_bench::parts::urikit_parts;
///
/// let parts = urikit_parts::<UriSpec>("http://u@h:1/p?q#f").ok_or("not a URI")?;
/// assert_eq!((parts.userinfo, parts.host, parts.port), (Some("u"), Some("h"), Some("1")));
/// assert!(urikit_parts::<UriSpec>("/é").is_none());
/// assert_eq!(urikit_parts::<IriSpec>("/é").ok_or("not an IRI")?.path, "/é");
/// # Ok::<(), &str>(())
/// ```
#[inline(always)]
pub fn urikit_parts<S: uri_core::Spec>(s: &str) -> Option<Parts<'_>> {
    let r = RiReference::<S>::parse(s).ok()?;
    let authority = r.authority();
    Some(Parts {
        scheme: r.scheme(),
        authority: authority.map(|a| a.as_str()),
        userinfo: authority.and_then(|a| a.userinfo()),
        host: authority.map(|a| a.host_str()),
        port: authority.and_then(|a| a.port()),
        path: r.path(),
        query: r.query(),
        fragment: r.fragment(),
    })
}

/// `fluent-uri`'s parts of `$s` parsed as `$ty` (`UriRef` or `IriRef`:
/// two types with the same getters and no common trait).
macro_rules! fluent_parts {
    ($ty:ty, $s:expr) => {{
        let r = <$ty>::parse($s).ok()?;
        let authority = r.authority();
        Some(Parts {
            scheme: r.scheme().map(|x| x.as_str()),
            authority: authority.map(|a| a.as_str()),
            userinfo: authority.and_then(|a| a.userinfo()).map(|x| x.as_str()),
            host: authority.map(|a| a.host()),
            port: authority.and_then(|a| a.port()).map(|x| x.as_str()),
            path: r.path().as_str(),
            query: r.query().map(|x| x.as_str()),
            fragment: r.fragment().map(|x| x.as_str()),
        })
    }};
}

/// `fluent-uri` 0.4, RFC 3986 `URI-reference`: `UriRef::parse`, then every
/// getter.
///
/// # Examples
///
/// ```
/// let parts = urikit_bench::parts::fluent_uri_parts("http://u@h:1/p?q#f").ok_or("not a URI")?;
/// assert_eq!((parts.userinfo, parts.port, parts.fragment), (Some("u"), Some("1"), Some("f")));
/// assert!(urikit_bench::parts::fluent_uri_parts("/é").is_none());
/// # Ok::<(), &str>(())
/// ```
pub fn fluent_uri_parts(s: &str) -> Option<Parts<'_>> {
    fluent_parts!(fluent_uri::UriRef<&str>, s)
}

/// `fluent-uri` 0.4, RFC 3987 `IRI-reference`: `IriRef::parse`, then every
/// getter.
///
/// # Examples
///
/// ```
/// let parts = urikit_bench::parts::fluent_iri_parts("http://h/é").ok_or("not an IRI")?;
/// assert_eq!((parts.host, parts.path), (Some("h"), "/é"));
/// # Ok::<(), &str>(())
/// ```
pub fn fluent_iri_parts(s: &str) -> Option<Parts<'_>> {
    fluent_parts!(fluent_uri::IriRef<&str>, s)
}

/// `oxiri` 0.3: `IriRef::parse` (RFC 3987, so also non-ASCII), then every
/// getter; it has no userinfo, host or port getters.
///
/// # Examples
///
/// ```
/// let parts = urikit_bench::parts::oxiri_parts("http://u@h/p?q").ok_or("not an IRI")?;
/// assert_eq!((parts.authority, parts.host, parts.query), (Some("u@h"), None, Some("q")));
/// # Ok::<(), &str>(())
/// ```
pub fn oxiri_parts(s: &str) -> Option<Parts<'_>> {
    let r = oxiri::IriRef::parse(s).ok()?;
    // `oxiri`'s getters borrow the `IriRef`, not the input: re-slice the
    // input at the same place, which costs a pointer subtraction.
    let rebase = |part: &str| {
        let start = part.as_ptr() as usize - r.as_str().as_ptr() as usize;
        &s[start..start + part.len()]
    };
    Some(Parts {
        scheme: r.scheme().map(rebase),
        authority: r.authority().map(rebase),
        userinfo: None,
        host: None,
        port: None,
        path: rebase(r.path()),
        query: r.query().map(rebase),
        fragment: r.fragment().map(rebase),
    })
}

/// `iri-string` 0.7: validate as an RFC 3986 (`S` = `UriSpec`) or RFC 3987
/// (`IriSpec`) reference, then every getter (each finds its component
/// again: a second scan).
///
/// # Examples
///
/// ```
/// use iri_string::spec::{IriSpec, UriSpec};
/// use urikit_bench::parts::iri_string_parts;
///
/// assert_eq!(iri_string_parts::<UriSpec>("a:b#c").ok_or("not a URI")?.fragment, Some("c"));
/// assert!(iri_string_parts::<UriSpec>("/é").is_none());
/// assert_eq!(iri_string_parts::<IriSpec>("/é").ok_or("not an IRI")?.path, "/é");
/// # Ok::<(), &str>(())
/// ```
pub fn iri_string_parts<S: iri_string::spec::Spec + 'static>(s: &str) -> Option<Parts<'_>> {
    let r = RiReferenceStr::<S>::new(s).ok()?;
    let authority = r.authority_components();
    Some(Parts {
        scheme: r.scheme_str(),
        authority: r.authority_str(),
        userinfo: authority.as_ref().and_then(|a| a.userinfo()),
        host: authority.as_ref().map(|a| a.host()),
        port: authority.as_ref().and_then(|a| a.port()),
        path: r.path_str(),
        query: r.query_str(),
        fragment: r.fragment_str(),
    })
}
