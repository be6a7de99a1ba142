//! The registry's hooks (RFC 3986 §6): opaque paths and significant
//! triplets in normalization, a scheme's own equivalence asked first, the
//! rung `equivalence` reports, the generic checks on an empty port, and a
//! scheme added by a user.

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;
use uri_core::{Uri, UriBuf, UriReference};
use uri_schemes::{Equivalence, Fields, Kind, Registry, Scheme, generic_checks};

#[track_caller]
fn normal(input: &str, expected: &str) {
    let registry = Registry::standard();
    let uri = Uri::parse(input).expect("a URI");
    let once = registry.normalize(uri);
    assert_eq!(once, expected, "input: {input}");
    assert_eq!(
        registry.normalize(once.as_uri()),
        once,
        "idempotent: {input}"
    );
    assert!(
        registry.equivalent(uri.into(), once.as_uri().into()),
        "equivalent to its normal form: {input}"
    );
}

#[track_caller]
fn rung(a: &str, b: &str, expected: Option<Equivalence>) {
    let registry = Registry::standard();
    let (x, y) = (
        UriReference::parse(a).expect("a reference"),
        UriReference::parse(b).expect("a reference"),
    );
    assert_eq!(registry.equivalence(x, y), expected, "{a} vs {b}");
    assert_eq!(registry.equivalence(y, x), expected, "{b} vs {a}");
    assert_eq!(registry.equivalent(x, y), expected.is_some(), "{a} vs {b}");
}

/// `[kind]` of each violation of `input`.
fn kinds(input: &str) -> Vec<&'static str> {
    let report = Registry::standard().check(Uri::parse(input).expect("a URI"));
    report.violations().iter().map(|v| v.kind()).collect()
}

#[test]
fn opaque_paths_keep_their_dot_segments() {
    normal("data:,a/../b", "data:,a/../b");
    normal("DATA:text/plain,a/./b", "data:text/plain,a/./b");
    normal("urn:example:a/../b", "urn:example:a/../b");
    normal("tel:+1-201-555-0123;x=a/../b", "tel:+12015550123;x=a/../b");
    normal("news:.", "news:.");
    normal("nntp://news.example/a/../1", "nntp://news.example/a/../1");
    normal(
        "mailto:a@example.org?subject=a/../b",
        "mailto:a@example.org?subject=a/../b",
    );
}

#[test]
fn hierarchical_paths_lose_them() {
    normal("http://a/b/../c", "http://a/c");
    normal("ftp://a/b/./c", "ftp://a/b/c");
    normal("file:///a/b/../c", "file:///a/c");
    normal("gopher://a/b/../c", "gopher://a/c");
    normal("x:a/../b", "x:/b");
}

#[test]
fn urn_triplets_are_not_decoded() {
    normal("urn:example:a%2d", "urn:example:a%2D");
    normal("URN:EXAMPLE:%7e%41", "urn:example:%7E%41");
    // The r-, q- and f-components are normalized by RFC 3986 §6.2.2.
    normal("urn:example:a?+%7e?=%7e#%7e", "urn:example:a?+~?=~#~");
    // Other schemes decode them.
    normal("data:,%7e%41", "data:,~A");
    normal("mailto:%41@example.org", "mailto:A@example.org");
}

#[test]
fn a_schemes_own_equivalence_is_asked_first() {
    // RFC 8141 §3.1: percent-encoding is not decoded, even though the
    // syntax rung would equate these.
    rung("urn:example:a-", "urn:example:a%2D", None);
    rung("urn:example:a/../b", "urn:/b", None);
    // r-, q-, f-components ignored: the scheme's rung.
    rung(
        "urn:example:a",
        "urn:example:a?+r",
        Some(Equivalence::Scheme),
    );
    rung(
        "urn:example:a?=q",
        "urn:example:a#f",
        Some(Equivalence::Scheme),
    );
    // Case only: the syntax rung holds too, and is reported.
    rung(
        "URN:example:a%2d",
        "urn:example:a%2D",
        Some(Equivalence::Syntax),
    );
    rung("urn:EXAMPLE:a", "urn:example:a", Some(Equivalence::Scheme));
    rung("urn:example:a", "urn:example:a", Some(Equivalence::String));
    // mailto (RFC 6068 §2).
    rung(
        "mailto:addr1@an.example,addr2@an.example",
        "mailto:?to=addr1@an.example,addr2@an.example",
        Some(Equivalence::Scheme),
    );
    rung(
        "mailto:a@example.org",
        "MAILTO:a@example.org",
        Some(Equivalence::Syntax),
    );
    rung("mailto:A@example.org", "mailto:a@example.org", None);
    // An unreadable URN falls back to the ladder.
    rung("urn:ex:a?b", "URN:ex:a?b", Some(Equivalence::Syntax));
}

#[test]
fn the_ladder_for_other_schemes() {
    rung("http://a/%7e", "HTTP://a/~", Some(Equivalence::Syntax));
    rung("http://a:80", "http://a/", Some(Equivalence::Scheme));
    rung("http://a:/", "http://a/", Some(Equivalence::Scheme));
    rung("http://a/?", "http://a/", None);
    rung("x://a:/", "x://a/", None);
    rung("a/./b", "a/b", None);
    rung("/a/./b", "/a/b", Some(Equivalence::Syntax));
    rung("http://a/", "https://a/", None);
}

#[test]
fn an_empty_port_is_not_out_of_range() {
    assert_eq!(kinds("http://example.com:/"), Vec::<&str>::new());
    assert_eq!(kinds("ftp://example.com:/"), Vec::<&str>::new());
    assert_eq!(kinds("x://h:/"), Vec::<&str>::new());
    assert_eq!(kinds("http://example.com:65536/"), ["PortOutOfRange"]);
    let registry = Registry::standard();
    let http = registry.get("http").expect("http is standard");
    let uri = Uri::parse("http://example.com:/").expect("a URI");
    assert!(generic_checks(uri, http).is_empty());
    // The origin's port is the default one.
    let Fields::Http(fields) = registry.check(uri).into_parts().0 else {
        panic!("http fields")
    };
    assert_eq!(fields.port(), Some(""));
    assert_eq!(
        fields.origin().map(|o| o.to_string()).as_deref(),
        Some("http://example.com:80")
    );
    normal("http://example.com:/", "http://example.com/");
}

#[test]
fn every_scheme_has_the_hooks_it_documents() {
    let registry = Registry::standard();
    let opaque: Vec<_> = registry
        .names()
        .filter(|n| registry.get(n).is_some_and(|s| s.opaque_path()))
        .collect();
    assert_eq!(
        opaque,
        [
            "data", "geo", "mailto", "news", "nntp", "pkg", "sip", "sips", "tel", "urn"
        ]
    );
    let kept: Vec<_> = registry
        .names()
        .filter(|n| registry.get(n).is_some_and(|s| !s.decodes_unreserved()))
        .collect();
    assert_eq!(kept, ["urn"]);
    let names: Vec<_> = registry
        .names()
        .filter(|n| registry.get(n).is_some_and(|s| s.kind() == Kind::Name))
        .collect();
    assert_eq!(names, ["geo", "mailto", "news", "pkg", "tel", "urn"]);
}

/// A scheme of a user's: its hooks are asked as the standard ones are.
struct Opaque;

impl Scheme for Opaque {
    fn name(&self) -> &'static str {
        "opaque"
    }
    fn kind(&self) -> Kind {
        Kind::Name
    }
    fn opaque_path(&self) -> bool {
        true
    }
    fn decodes_unreserved(&self) -> bool {
        false
    }
    fn normalize(&self, uri: &mut UriBuf) {
        let lower = uri.path().to_ascii_lowercase();
        // Lower-cased letters: the path is as valid as it was.
        let _ = uri.set_path(&lower);
    }
    fn equivalent(&self, a: Uri<'_>, b: Uri<'_>) -> Option<bool> {
        (a.path().len() > 1 && b.path().len() > 1).then(|| a.path()[1..] == b.path()[1..])
    }
}

#[test]
fn a_users_scheme() {
    let mut registry = Registry::standard();
    registry.add(Opaque);
    let uri = Uri::parse("OPAQUE:A/../B%2d").expect("a URI");
    assert_eq!(registry.normalize(uri), "opaque:a/../b%2d");
    let r = |s| UriReference::parse(s).expect("a reference");
    assert_eq!(
        registry.equivalence(r("opaque:xyz"), r("opaque:Xyz")),
        Some(Equivalence::Scheme)
    );
    assert_eq!(registry.equivalence(r("opaque:xyz"), r("opaque:xyZ")), None);
    // A one-character path: the scheme does not answer, the ladder does.
    assert_eq!(
        registry.equivalence(r("opaque:X"), r("opaque:x")),
        Some(Equivalence::Scheme)
    );
}

/// Some URIs of the schemes with hooks, and others.
fn uri() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec![
        "urn", "URN", "data", "mailto", "tel", "news", "http", "x",
    ]);
    let path = prop::collection::vec(
        prop_oneof![
            Just("."),
            Just(".."),
            Just("/"),
            Just("a"),
            Just("B"),
            Just("%2d"),
            Just("%2D"),
            Just("-"),
            Just(":"),
            Just("@"),
            Just(","),
        ],
        0..8,
    );
    let tail = prop::sample::select(vec!["", "?+r", "?=q", "#f", "?x", "?subject=%41"]);
    (scheme, path, tail).prop_map(|(s, p, t)| format!("{s}:{}{t}", p.concat()))
}

proptest! {
    /// `equivalent` is reflexive and symmetric, agrees with `equivalence`,
    /// and holds between a URI and its normal form, which is idempotent;
    /// equal normal forms mean equivalent URIs.
    #[test]
    fn equivalence_properties(a in uri(), b in uri()) {
        let registry = Registry::standard();
        let (Ok(x), Ok(y)) = (Uri::parse(&a), Uri::parse(&b)) else {
            return Ok(());
        };
        prop_assert!(registry.equivalent(x.into(), x.into()));
        let xy = registry.equivalence(x.into(), y.into());
        prop_assert_eq!(xy, registry.equivalence(y.into(), x.into()), "{} / {}", a, b);
        prop_assert_eq!(xy.is_some(), registry.equivalent(x.into(), y.into()));
        let (nx, ny) = (registry.normalize(x), registry.normalize(y));
        prop_assert_eq!(registry.normalize(nx.as_uri()), nx.clone());
        prop_assert!(registry.equivalent(x.into(), nx.as_uri().into()), "{} / {}", a, nx);
        if nx == ny {
            prop_assert!(xy.is_some(), "{} / {}: one normal form {}", a, b, nx);
        }
    }
}

/// One normalization hook: for every URI of every scheme vector file,
/// uri-resolve's `normalize_uri_with(uri, &registry)` (and
/// `NormalizedUri::with_rules`) is `Registry::normalize`.
#[test]
fn both_normalization_paths_agree_on_every_scheme_vector() {
    let registry = Registry::standard();
    let mut seen = 0;
    for (_, text) in crate::vector_check::FILES {
        for record in crate::vector_check::records(text) {
            for key in ["input", "a", "b"] {
                let Some(Ok(uri)) = record.get(key).and_then(|v| v.as_str()).map(Uri::parse) else {
                    continue;
                };
                seen += 1;
                let normal = registry.normalize(uri);
                assert_eq!(
                    uri_resolve::normalize_uri_with(uri, &registry),
                    normal,
                    "{uri}"
                );
                let with_rules = uri_resolve::NormalizedUri::with_rules(uri, &registry);
                assert_eq!(with_rules.as_str(), normal.as_str(), "{uri}");
            }
        }
    }
    assert!(seen > 500, "{seen} URIs");
}
