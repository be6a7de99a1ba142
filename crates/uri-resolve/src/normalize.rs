//! Syntax-based normalization and comparison (RFC 3986 §6.2.2).

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt::Write as _;

use uri_core::{Authority, Components, Host, HostKind, Uri, UriBuf, UriReference, UriReferenceBuf};
use uri_encode::normalize as normalize_pct;

use crate::dot_segments::{may_have_dot_segments, remove_dot_segments};
use crate::pct::{PctNormalized, has_normalized_dot_segments, has_percent};
use crate::resolve::to_uri_buf;

/// Rules of a scheme for normalization beyond syntax (RFC 3986 §6.2.3):
/// default ports, empty paths, and so on. Applied after syntax normalization.
///
/// `uri-schemes`, planned and not yet built, is to implement this for http,
/// https and others; implement it for your own schemes.
///
/// # Examples
///
/// ```
/// use uri_core::{Uri, UriBuf};
/// use uri_resolve::{normalize_uri_with, SchemeNormalizer};
///
/// /// For `gopher`, port 70 is the default.
/// struct Gopher;
/// impl SchemeNormalizer for Gopher {
///     fn normalize(&self, uri: &mut UriBuf) {
///         if uri.scheme() == "gopher" && uri.port() == Some("70") {
///             let _ = uri.set_port(None);
///         }
///     }
/// }
///
/// let uri = Uri::parse("GOPHER://Example.com:70/1")?;
/// assert_eq!(normalize_uri_with(uri, &Gopher), "gopher://example.com/1");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub trait SchemeNormalizer {
    /// Normalizes `uri`, already syntax-normalized, by its scheme's rules.
    /// It must leave a valid, syntax-normalized URI.
    fn normalize(&self, uri: &mut UriBuf);
}

/// No scheme rules: syntax-based normalization only.
///
/// # Examples
///
/// ```
/// use uri_resolve::{normalize_uri_with, SyntaxOnly};
///
/// let uri = uri_core::Uri::parse("http://a:80/")?;
/// assert_eq!(normalize_uri_with(uri, &SyntaxOnly), "http://a:80/");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct SyntaxOnly;

impl SchemeNormalizer for SyntaxOnly {
    fn normalize(&self, _: &mut UriBuf) {}
}

/// Writes the syntax-based normal form (RFC 3986 §6.2.2) of `parts` to
/// `out` (cleared first):
///
/// - scheme and registered-name host in lower case (§6.2.2.1), IPv6 in the
///   RFC 5952 text form, IPvFuture in lower case;
/// - percent-encoding with upper-case hex digits, and triplets of
///   `unreserved` characters decoded, in every component (§6.2.2.1, §6.2.2.2);
/// - dot segments removed from the path (§6.2.2.3), for a URI or an
///   absolute path; a relative path keeps them, since they mean something
///   until the reference is resolved;
/// - `/.` before a path that would otherwise begin with `//` without an
///   authority, as in resolution.
///
/// Empty components keep their delimiters (`http://a:/?` stays so); that is
/// for scheme rules (§6.2.3) to change. The result is idempotent and parses
/// with the same components.
///
/// # Examples
///
/// ```
/// use uri_core::UriReference;
/// use uri_resolve::normalize_into;
///
/// let mut out = String::new();
/// normalize_into(UriReference::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?.components(), &mut out);
/// assert_eq!(out, "example://a/b/c/%7Bfoo%7D");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn normalize_into(parts: Components<'_>, out: &mut String) {
    out.clear();
    // Most references hold no `%`: then no component needs its triplets
    // normalized, and each is copied (or lower-cased) as it stands.
    let pct = has_percent(parts.as_str());
    if !pct && copy_and_lowercase(parts, out) {
        return;
    }
    write_normalized(parts, pct, out);
}

/// [`normalize_into`] component by component, `pct` telling whether the
/// reference holds a `%`.
fn write_normalized(parts: Components<'_>, pct: bool, out: &mut String) {
    let norm = |text: &str, out: &mut String| {
        if pct {
            out.push_str(&normalize_pct(text));
        } else {
            out.push_str(text);
        }
    };
    if let Some(scheme) = parts.scheme() {
        push_lowercase(out, scheme);
        out.push(':');
    }
    let authority = parts.authority();
    if let Some(a) = authority {
        out.push_str("//");
        if let Some(userinfo) = a.userinfo() {
            norm(userinfo, out);
            out.push('@');
        }
        write_host(a, pct, out);
        if let Some(port) = a.port() {
            out.push(':');
            out.push_str(port);
        }
    }
    let path_start = out.len();
    let path = if pct {
        normalize_pct(parts.path())
    } else {
        Cow::Borrowed(parts.path())
    };
    if parts.scheme().is_some() || path.starts_with('/') {
        remove_dot_segments(&path, out);
    } else {
        out.push_str(&path);
    }
    if authority.is_none() && out[path_start..].starts_with("//") {
        out.insert_str(path_start, "/.");
    }
    if let Some(query) = parts.query() {
        out.push('?');
        norm(query, out);
    }
    if let Some(fragment) = parts.fragment() {
        out.push('#');
        norm(fragment, out);
    }
}

/// The normal form of a reference with no `%` (`pct` false) when nothing
/// but its scheme and host may change (case normalization, RFC 3986
/// §6.2.2.1; no triplets for §6.2.2.2, no dot segments for §6.2.2.3):
/// every component as it stands, with the same delimiters, so the text of
/// the whole, the scheme and a reg-name host then lower-cased in place.
/// One copy instead of one per component. Returns `false`, having written nothing, when the path has
/// dot segments to remove or the host is an IP literal (written anew).
#[inline]
fn copy_and_lowercase(parts: Components<'_>, out: &mut String) -> bool {
    let text = parts.as_str();
    let removes = parts.scheme().is_some() || parts.path().starts_with('/');
    if removes && may_have_dot_segments(parts.path()) {
        return false;
    }
    let host = match parts.authority() {
        None => None,
        Some(a) if matches!(a.host_kind(), HostKind::RegName) => Some(a.host_str()),
        Some(a) if matches!(a.host_kind(), HostKind::Ipv4) => None,
        Some(_) => return false,
    };
    out.push_str(text);
    if let Some(scheme) = parts.scheme() {
        out[..scheme.len()].make_ascii_lowercase();
    }
    if let Some(host) = host {
        // The host is a slice of `text`: its offset there is its offset in `out`.
        let start = host.as_ptr() as usize - text.as_ptr() as usize;
        out[start..start + host.len()].make_ascii_lowercase();
    }
    true
}

/// Writes a host in normal form.
fn write_host(authority: Authority<'_>, pct: bool, out: &mut String) {
    let text = authority.host_str();
    match authority.host_kind() {
        HostKind::Ipv4 => out.push_str(text),
        HostKind::Ipv6 => {
            if let Host::Ipv6 { addr, zone } = authority.host() {
                // `Ipv6Addr`'s Display is the RFC 5952 form.
                let _ = write!(out, "[{addr}");
                if let Some(zone) = zone {
                    out.push_str("%25");
                    out.push_str(&normalize_pct(zone));
                }
                out.push(']');
            }
        }
        HostKind::IpvFuture => push_lowercase(out, text),
        HostKind::RegName if !pct => push_lowercase(out, text),
        HostKind::RegName => {
            let start = out.len();
            push_lowercase(out, &normalize_pct(text));
            // Triplet hex digits go back to upper case.
            let mut i = start;
            while let Some(k) = out[i..].find('%') {
                i += k + 1;
                let end = (i + 2).min(out.len());
                out[i..end].make_ascii_uppercase();
            }
        }
    }
}

fn push_lowercase(out: &mut String, text: &str) {
    let start = out.len();
    out.push_str(text);
    // Unconditionally: a loop without an exit to mispredict.
    out[start..].make_ascii_lowercase();
}

/// The syntax-based normal form of a URI reference; see [`normalize_into`].
///
/// # Examples
///
/// ```
/// use uri_core::UriReference;
///
/// let r = UriReference::parse("HTTP://www.EXAMPLE.com/%7euser/./a/../b")?;
/// assert_eq!(uri_resolve::normalize(r), "http://www.example.com/~user/b");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn normalize(reference: UriReference<'_>) -> UriReferenceBuf {
    let mut out = String::new();
    normalize_into(reference.components(), &mut out);
    match UriReferenceBuf::parse_with(out, crate::resolve::LENIENT) {
        Ok(r) => r,
        Err(e) => unreachable!(
            "normalization produced an invalid reference: {e}: {}",
            e.input()
        ),
    }
}

/// The syntax-based normal form of a URI; see [`normalize_into`].
///
/// # Examples
///
/// ```
/// let uri = uri_core::Uri::parse("http://[2001:DB8:0:0:0:0:0:1]/a/%2e%2E/b")?;
/// assert_eq!(uri_resolve::normalize_uri(uri), "http://[2001:db8::1]/b");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn normalize_uri(uri: Uri<'_>) -> UriBuf {
    let mut out = String::new();
    normalize_into(uri.components(), &mut out);
    to_uri_buf(out)
}

/// The normal form of a URI by syntax, then by the scheme rules `rules`
/// (RFC 3986 §6.2.2, then §6.2.3).
///
/// # Examples
///
/// ```
/// use uri_resolve::{normalize_uri_with, SyntaxOnly};
///
/// let uri = uri_core::Uri::parse("HTTP://a/b")?;
/// assert_eq!(normalize_uri_with(uri, &SyntaxOnly), "http://a/b");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn normalize_uri_with(uri: Uri<'_>, rules: &impl SchemeNormalizer) -> UriBuf {
    let mut normal = normalize_uri(uri);
    rules.normalize(&mut normal);
    normal
}

/// Whether two references have the same syntax-based normal form (RFC 3986
/// §6.2.2), comparing component by component without allocating, except
/// when either path has dot segments to remove (a `.` or `..` segment,
/// `%2E` included, in a reference with a scheme or a path that starts with
/// `/`): both paths are then normalized into new `String`s and compared.
///
/// # Examples
///
/// ```
/// use uri_core::UriReference;
/// use uri_resolve::normalized_eq;
///
/// let a = UriReference::parse("example://a/b/c/%7Bfoo%7D")?;
/// let b = UriReference::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
/// assert!(normalized_eq(a, b));
/// assert!(!normalized_eq(a, UriReference::parse("example://a/b/c/%7Bfoo%7D?")?));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn normalized_eq(a: UriReference<'_>, b: UriReference<'_>) -> bool {
    if a.as_str() == b.as_str() {
        return true;
    }
    let (a, b) = (a.components(), b.components());
    let same_scheme = match (a.scheme(), b.scheme()) {
        (Some(x), Some(y)) => x.eq_ignore_ascii_case(y),
        (None, None) => true,
        _ => false,
    };
    same_scheme
        && same_authority(a, b)
        && same_path(a, b)
        && same_opt(a.query(), b.query())
        && same_opt(a.fragment(), b.fragment())
}

fn same_opt(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => PctNormalized::new(x, false).eq(PctNormalized::new(y, false)),
        (None, None) => true,
        _ => false,
    }
}

fn same_authority(a: Components<'_>, b: Components<'_>) -> bool {
    match (a.authority(), b.authority()) {
        (None, None) => true,
        (Some(x), Some(y)) => {
            same_opt(x.userinfo(), y.userinfo())
                && x.port() == y.port()
                && match (x.host(), y.host()) {
                    (Host::Ipv6 { addr: p, zone: z }, Host::Ipv6 { addr: q, zone: w }) => {
                        p == q && same_opt(z, w)
                    }
                    (Host::IpvFuture { .. }, Host::IpvFuture { .. }) => {
                        x.host_str().eq_ignore_ascii_case(y.host_str())
                    }
                    _ if x.host_kind() == HostKind::Ipv6 || y.host_kind() == HostKind::Ipv6 => {
                        false
                    }
                    _ if x.host_kind() == HostKind::IpvFuture
                        || y.host_kind() == HostKind::IpvFuture =>
                    {
                        false
                    }
                    // IPv4 and reg-names: a reg-name may normalize to IPv4 text.
                    _ => PctNormalized::new(x.host_str(), true)
                        .eq(PctNormalized::new(y.host_str(), true)),
                }
        }
        _ => false,
    }
}

fn same_path(a: Components<'_>, b: Components<'_>) -> bool {
    let removes = |c: Components<'_>| c.scheme().is_some() || c.path().starts_with('/');
    let dotted = |c: Components<'_>| removes(c) && has_normalized_dot_segments(c.path());
    if !dotted(a) && !dotted(b) {
        return PctNormalized::new(a.path(), false).eq(PctNormalized::new(b.path(), false));
    }
    let normal = |c: Components<'_>| -> String {
        let path: Cow<'_, str> = normalize_pct(c.path());
        let mut out = String::new();
        if removes(c) {
            remove_dot_segments(&path, &mut out);
        } else {
            out.push_str(&path);
        }
        out
    };
    normal(a) == normal(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_single_copy_gives_what_each_component_gives() {
        let cases = [
            "HTTP://WWW.Example.COM/A/b?Q=1#F",
            "https://user:PW@Example.com:8080/x/y.html?a#b",
            "file://deps/v8/test/x.js",
            "HTTPS://1.2.3.4/a",
            "http://[2001:DB8::1]/a",
            "http://[v1.FE]/a",
            "foo:Bar/baz",
            "Foo:",
            "//Host/Path",
            "/a/b/c",
            "a/b/../c",
            "./a",
            "http://a/b/./c",
            "http://a/b/../c",
            "http://a/.hidden/file",
            "http://a/b.c/d..e",
            "http://a",
            "http://a?",
            "http://a#",
            "mailto:Someone@Example.com",
            "",
            "?q",
            "#f",
            "http://ExAmPlE.com:/",
        ];
        let mut copies = 0;
        for case in cases {
            let parts = UriReference::parse(case).map(|r| r.components());
            let Ok(parts) = parts else {
                panic!("{case:?} does not parse");
            };
            let mut copied = String::new();
            let mut general = String::new();
            let took_copy = copy_and_lowercase(parts, &mut copied);
            write_normalized(parts, false, &mut general);
            if took_copy {
                copies += 1;
                assert_eq!(copied, general, "{case:?}");
            } else {
                assert!(copied.is_empty(), "{case:?}");
            }
        }
        // All but the two IP literals and the three paths with a segment
        // that begins with `.` (a relative path keeps its dot segments).
        assert_eq!(copies, cases.len() - 5);
    }
}
