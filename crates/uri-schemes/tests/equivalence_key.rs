//! `Registry::equivalence_key` is a partition key of `Registry::equivalent`
//! (RFC 3986 §6's ladder): over every input string of the repository's
//! `tests/vectors/equivalence.json`, `schemes.json` and `normalize.json`
//! and of this crate's `tests/vectors/*.json`, every cross pair has equal
//! keys exactly when it is equivalent; and so has each input against
//! variants of it (case of the scheme and host, a default port, `%7e` for
//! `~`, dot segments). For sip and sips (RFC 3261 §19.1.4 is not
//! transitive) only one direction holds: equal keys, equivalent.

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;
use serde_json::Value;
use uri_core::{IriReference, UriReference};
use uri_schemes::Registry;

use crate::vector_check;

/// The repository's vectors, by name (this crate's are
/// [`vector_check::FILES`]).
const REPOSITORY_FILES: &[(&str, &str)] = &[
    (
        "equivalence.json",
        include_str!("../../../tests/vectors/equivalence.json"),
    ),
    (
        "schemes.json",
        include_str!("../../../tests/vectors/schemes.json"),
    ),
    (
        "normalize.json",
        include_str!("../../../tests/vectors/normalize.json"),
    ),
];

/// Every string under a key `input`, `a`, `b` or `uri`, anywhere in `v`.
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                match (k.as_str(), x) {
                    ("input" | "a" | "b" | "uri", Value::String(s)) => out.push(s.clone()),
                    _ => strings(x, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// Every input string of [`REPOSITORY_FILES`] and
/// [`vector_check::FILES`], once each, in order.
fn inputs() -> Vec<String> {
    let mut all = Vec::new();
    for (name, text) in REPOSITORY_FILES.iter().chain(vector_check::FILES) {
        let v: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        strings(&v, &mut all);
    }
    let mut seen = std::collections::HashSet::new();
    all.retain(|s| seen.insert(s.clone()));
    all
}

/// Whether `r` is a URI of sip or sips, whose equivalence is not
/// transitive.
fn is_sip(r: UriReference<'_>) -> bool {
    r.as_uri().is_some_and(|u| {
        u.scheme().eq_ignore_ascii_case("sip") || u.scheme().eq_ignore_ascii_case("sips")
    })
}

/// Whether `r` is a URI that its scheme's own rule reads
/// (`Scheme::equivalence_key` answers).
fn readable(registry: &Registry, r: UriReference<'_>) -> bool {
    r.as_uri()
        .and_then(|u| registry.get(u.scheme())?.equivalence_key(u))
        .is_some()
}

/// The documented exception: two URIs of one scheme with a rule of its own
/// that reads one of them and not the other, so that `equivalence` falls
/// back to their normal forms, which may be equal (`geo:90,-22.43` and
/// `geo:90,%2d22.43`), while the readable one is equivalent by the rule
/// to URIs of other normal forms (`geo:90,46`): not transitive.
fn read_by_one_only(registry: &Registry, a: UriReference<'_>, b: UriReference<'_>) -> bool {
    let same_scheme = match (a.as_uri(), b.as_uri()) {
        (Some(x), Some(y)) => x.scheme().eq_ignore_ascii_case(y.scheme()),
        _ => false,
    };
    same_scheme && readable(registry, a) != readable(registry, b)
}

/// `key(a) == key(b)` iff `equivalent(a, b)`; only `⇒` for two sip
/// URIs, and for two URIs of which the scheme's rule reads one only
/// ([`read_by_one_only`]). Returns whether the pair is equivalent, and
/// whether it is one of those exceptions with two keys.
#[track_caller]
fn agree(
    registry: &Registry,
    a: UriReference<'_>,
    ka: &str,
    b: UriReference<'_>,
    kb: &str,
) -> (bool, bool) {
    let equivalent = registry.equivalent(a, b);
    assert_eq!(
        equivalent,
        registry.equivalent(b, a),
        "symmetric: {a} vs {b}"
    );
    // Equal keys, equivalent: always.
    assert!(
        ka != kb || equivalent,
        "equal keys {ka:?} but not equivalent: {a} vs {b}"
    );
    let exception = equivalent && ka != kb;
    if exception && !(is_sip(a) && is_sip(b)) {
        assert!(
            read_by_one_only(registry, a, b),
            "{a} ({ka:?}) vs {b} ({kb:?}): equivalent, two keys"
        );
    }
    (equivalent, exception)
}

#[test]
fn keys_partition_every_cross_pair_of_the_vectors() {
    let registry = Registry::standard();
    let texts = inputs();
    let refs: Vec<UriReference<'_>> = texts
        .iter()
        .filter_map(|t| UriReference::parse(t).ok())
        .collect();
    let keys: Vec<String> = refs.iter().map(|r| registry.equivalence_key(*r)).collect();
    let (mut pairs, mut equivalent, mut exceptions) = (0usize, 0usize, 0usize);
    for i in 0..refs.len() {
        for j in i + 1..refs.len() {
            pairs += 1;
            let (eq, exception) = agree(&registry, refs[i], &keys[i], refs[j], &keys[j]);
            equivalent += usize::from(eq);
            exceptions += usize::from(exception);
        }
    }
    // Every equivalence record of the vector files is a pair of the above;
    // check them by their expected answer too.
    for (name, text) in &REPOSITORY_FILES[..2] {
        let v: Value = serde_json::from_str(text).unwrap();
        for record in v.as_array().unwrap() {
            let (Some(a), Some(b)) = (record["a"].as_str(), record["b"].as_str()) else {
                continue;
            };
            if record.get("type").is_some_and(|t| t != "equivalence") {
                continue;
            }
            let (Ok(x), Ok(y)) = (UriReference::parse(a), UriReference::parse(b)) else {
                continue;
            };
            let (kx, ky) = (registry.equivalence_key(x), registry.equivalence_key(y));
            let (eq, _) = agree(&registry, x, &kx, y, &ky);
            if let Some(expected) = record["equivalent"].as_bool() {
                assert_eq!(eq, expected, "{name}: {a} vs {b}");
            }
        }
    }
    println!(
        "{} references, {pairs} pairs, {equivalent} equivalent, {exceptions} of them with two keys",
        refs.len()
    );
    assert!(refs.len() > 700, "{} references", refs.len());
    assert!(pairs > 250_000, "{pairs} pairs");
    assert!(equivalent > 100, "{equivalent} equivalent pairs");
}

/// Variants of `text`: the scheme and the host in upper and lower case,
/// the default port written out, `~` as `%7e` and the reverse, a `.` and
/// a `..` segment.
fn variants(text: &str) -> Vec<String> {
    let mut out = vec![text.to_uppercase(), text.to_lowercase()];
    if let Some((scheme, rest)) = text.split_once(':') {
        out.push(format!("{}:{rest}", scheme.to_uppercase()));
        if let Some(after) = rest.strip_prefix("//") {
            let end = after.find(['/', '?', '#']).unwrap_or(after.len());
            let (authority, tail) = after.split_at(end);
            out.push(format!("{scheme}://{}{tail}", authority.to_uppercase()));
            if !authority.contains(':') || authority.ends_with(']') {
                for port in ["80", "443", "21", ""] {
                    out.push(format!("{scheme}://{authority}:{port}{tail}"));
                }
            }
            out.push(format!(
                "{scheme}://{authority}/./{}",
                tail.trim_start_matches('/')
            ));
            out.push(format!(
                "{scheme}://{authority}/x/../{}",
                tail.trim_start_matches('/')
            ));
        }
        out.push(format!("{scheme}:./{rest}"));
    }
    out.push(text.replace('~', "%7e"));
    out.push(text.replace('~', "%7E"));
    out.push(text.replace("%7e", "~").replace("%7E", "~"));
    out.push(text.replace('-', "%2d"));
    out.push(text.replace('a', "%61"));
    out.push(format!("{text}/."));
    out.push(format!("{text}/x/.."));
    out.push(format!("./{text}"));
    out
}

#[test]
fn keys_partition_each_input_and_its_variants() {
    let registry = Registry::standard();
    let (mut pairs, mut equivalent, mut exceptions) = (0usize, 0usize, 0usize);
    for text in inputs() {
        let Ok(a) = UriReference::parse(&text) else {
            continue;
        };
        let ka = registry.equivalence_key(a);
        let others: Vec<String> = variants(&text);
        let parsed: Vec<UriReference<'_>> = others
            .iter()
            .filter_map(|t| UriReference::parse(t).ok())
            .collect();
        let keys: Vec<String> = parsed
            .iter()
            .map(|r| registry.equivalence_key(*r))
            .collect();
        for (i, (b, kb)) in parsed.iter().zip(&keys).enumerate() {
            pairs += 1;
            let (eq, exception) = agree(&registry, a, &ka, *b, kb);
            equivalent += usize::from(eq);
            exceptions += usize::from(exception);
            for (c, kc) in parsed[i + 1..].iter().zip(&keys[i + 1..]) {
                pairs += 1;
                exceptions += usize::from(agree(&registry, *b, kb, *c, kc).1);
            }
        }
    }
    println!(
        "{pairs} pairs with variants, {equivalent} equivalent to their input, {exceptions} pairs with two keys"
    );
    assert!(equivalent > 1000, "{equivalent}");
}

#[track_caller]
fn same(a: &str, b: &str) {
    let registry = Registry::standard();
    let (x, y) = (
        UriReference::parse(a).unwrap(),
        UriReference::parse(b).unwrap(),
    );
    assert!(registry.equivalent(x, y), "{a} vs {b}");
    assert_eq!(
        registry.equivalence_key(x),
        registry.equivalence_key(y),
        "{a} vs {b}"
    );
}

#[track_caller]
fn differ(a: &str, b: &str) {
    let registry = Registry::standard();
    let (x, y) = (
        UriReference::parse(a).unwrap(),
        UriReference::parse(b).unwrap(),
    );
    assert!(!registry.equivalent(x, y), "{a} vs {b}");
    assert_ne!(
        registry.equivalence_key(x),
        registry.equivalence_key(y),
        "{a} vs {b}"
    );
}

#[track_caller]
fn key(input: &str, expected: &str) {
    let registry = Registry::standard();
    assert_eq!(
        registry.equivalence_key(UriReference::parse(input).unwrap()),
        expected,
        "{input}"
    );
}

#[test]
fn keys_of_each_rule() {
    key("HTTP://Example.COM:80/%7ea/./b", "http://example.com/~a/b");
    key("a/./%7e/../b", "a/./~/../b");
    key("/a/./%7e/../b", "/a/b");
    key("X-Unknown://H/%7e", "x-unknown://h/~");
    key("URN:Example:a%2d?+r?=q#f", "{urn}urn:example:a%2D");
    key(
        "mailto:Joe@Example.COM?To=b@X&Subject=Hi",
        "{mailto}Joe@example.com,b@x,|subject=Hi&",
    );
    key(
        "geo:90,-22.43;crs=WGS84;u=010.50;Foo=B%61r;x",
        "{geo}wgs84|90,0,|u10.5|foo=Bar;x;",
    );
    key("geo:-0.0,-180", "{geo}wgs84|0,180,||");
    key(
        "pkg:NPM/%40angular/animation@12.3.1",
        "{pkg}pkg:npm/%40angular/animation@12.3.1",
    );
    key(
        "sip:Alice@Atlanta.COM:05060;Transport=TCP;lr?B=2&a=1",
        "{sip}sip|+Alice|-|atlanta.com|+5060|lr;transport=tcp;|a=1&b=2&",
    );
    // Not read by their rule: the normal form.
    key("urn:a:b", "urn:a:b");
    key("GEO:x", "geo:x");
}

#[test]
fn own_rules_decide() {
    same("urn:example:a123,z456", "URN:EXAMPLE:a123,z456?+abc#789");
    differ("urn:example:a-", "urn:example:a%2D");
    differ("urn:example:A", "urn:example:a");
    same(
        "mailto:addr1@an.example,addr2@an.example",
        "mailto:?to=addr1@AN.example,addr2@an.example",
    );
    differ(
        "mailto:a@x.example,b@x.example",
        "mailto:b@x.example,a@x.example",
    );
    same("mailto:a@x?SUBJECT=hi", "mailto:a@x?subject=hi");
    differ("mailto:a@x?subject=hi", "mailto:a@x?subject=Hi");
    differ("mailto:A@x", "mailto:a@x");
    same("geo:22.300,-118.44", "geo:22.3,-118.4400");
    same("geo:90,-22.43;crs=WGS84", "geo:90,46");
    same("geo:-90,1", "geo:-90.000,2");
    differ("geo:-90,1", "geo:90,1");
    same("geo:1,-180", "geo:1,180");
    differ("geo:1,-179", "geo:1,179");
    differ("geo:22,0;bar=Blue", "geo:22,0;BAR=blue");
    same("geo:22,0;bar=Blue", "geo:22,0;BAR=Blue");
    same("geo:1,2;u=1", "geo:1,2;u=1.0");
    differ("geo:1,2;u=1", "geo:1,2");
    same("pkg:npm/foo@1.0?b=2&a=1", "pkg:npm/foo@1.0?a=1&b=2");
    same(
        "sip:carol@chicago.com;transport=TCP",
        "sip:carol@CHICAGO.com;Transport=tcp",
    );
    differ("sip:carol@chicago.com", "sips:carol@chicago.com");
}

/// RFC 3261 §19.1.4 is not transitive: no key can follow it, and the sip
/// key keeps a parameter in one URI only (a false negative, never a false
/// positive).
#[test]
fn sip_keys_imply_equivalence_only() {
    let registry = Registry::standard();
    let r = |s| UriReference::parse(s).unwrap();
    let (none, on, off) = (
        r("sip:carol@chicago.com"),
        r("sip:carol@chicago.com;security=on"),
        r("sip:carol@chicago.com;security=off"),
    );
    assert!(registry.equivalent(none, on) && registry.equivalent(none, off));
    assert!(!registry.equivalent(on, off));
    assert_ne!(registry.equivalence_key(none), registry.equivalence_key(on));
    same("sip:a@b;x=1;y=2?h=1&g=2", "sip:a@B;Y=2;X=1?g=2&H=1");
    // The first of a name is the one compared.
    differ("sip:a@b;x=1;x=2", "sip:a@b;x=2;x=1");
}

/// The documented exception: a URI its scheme's own rule cannot read, but
/// whose normal form it can, is equivalent by that normal form to a URI the
/// rule reads, and not to the others the rule finds equivalent to that
/// one; its key is its normal form, so equal keys still mean equivalent.
#[test]
fn read_by_one_only_is_not_transitive() {
    let registry = Registry::standard();
    let r = |s| UriReference::parse(s).unwrap();
    let k = |s| registry.equivalence_key(r(s));
    for (unread, read, other) in [
        ("geo:90,%2d22.43", "geo:90,-22.43", "geo:90,46"),
        (
            "pkg:np%6d/foo@1.0?b=2&a=1",
            "pkg:npm/foo@1.0?b=2&a=1",
            "pkg:npm/foo@1.0?a=1&b=2",
        ),
        ("sip:a@b%2eexample", "sip:a@b.example", "sip:a@B.example"),
    ] {
        assert!(registry.equivalent(r(unread), r(read)), "{unread}");
        assert!(registry.equivalent(r(read), r(other)), "{read}");
        assert!(!registry.equivalent(r(unread), r(other)), "{unread}");
        assert_eq!(k(read), k(other));
        assert_ne!(k(unread), k(read));
        assert_eq!(
            k(unread),
            registry
                .normalize(uri_core::Uri::parse(unread).unwrap())
                .as_str()
        );
        assert!(read_by_one_only(&registry, r(unread), r(read)));
    }
}

/// `file`'s dot segments are kept for some URIs and not others
/// (`keeps_dot_segments`), and the pair is compared with them kept when
/// either keeps them: the keys agree anyway, since whether a URI keeps
/// them does not change when its dot segments are written otherwise.
#[test]
fn file_dot_segments_kept_pairwise() {
    let inputs = [
        "file:///C:/a/../../b",
        "file:///C:/a/%2E%2E/%2e%2e/b",
        "file:///c:/a/../../b",
        "file:///%43:/a/../../b",
        "file:///C:/a/../b",
        "file:///C:/b",
        "file:///C:/./b",
        "file:///C:/a/./../../b",
        "file:///C:/../b",
        "file:///C:/x/../../b",
        "file:C:/a/../../b",
        "file://localhost/C:/a/../../b",
        "file:///C|/a/../../b",
        "file:///a/../../b",
        "file:///b",
    ];
    cross(&inputs);
}

/// Every cross pair of `inputs`, through [`agree`].
fn cross(inputs: &[&str]) {
    let registry = Registry::standard();
    let refs: Vec<UriReference<'_>> = inputs
        .iter()
        .filter_map(|t| UriReference::parse(t).ok())
        .collect();
    let keys: Vec<String> = refs.iter().map(|r| registry.equivalence_key(*r)).collect();
    for i in 0..refs.len() {
        for j in i..refs.len() {
            agree(&registry, refs[i], &keys[i], refs[j], &keys[j]);
        }
    }
}

#[test]
fn iri_keys_map_first() {
    let registry = Registry::standard();
    let r = |s| IriReference::parse(s).unwrap();
    let texts = [
        "http://é.example/ü",
        "http://%C3%A9.example:80/%C3%BC",
        "HTTP://%c3%a9.example/%c3%bc",
        "http://example.org/u",
    ];
    for a in texts {
        for b in texts {
            assert_eq!(
                registry.equivalence_key_iri(r(a)) == registry.equivalence_key_iri(r(b)),
                registry.equivalent_iri(r(a), r(b)),
                "{a} vs {b}"
            );
        }
    }
}

/// The inputs that are IRIs but not URIs (the vectors' non-ASCII ones),
/// each against every input: the IRI key agrees with `equivalent_iri`.
#[test]
fn iri_keys_partition_the_vectors() {
    let registry = Registry::standard();
    let texts = inputs();
    let iris: Vec<IriReference<'_>> = texts
        .iter()
        .filter_map(|t| IriReference::parse(t).ok())
        .collect();
    let keys: Vec<String> = iris
        .iter()
        .map(|r| registry.equivalence_key_iri(*r))
        .collect();
    let mut pairs = 0;
    for (i, a) in iris.iter().enumerate() {
        if a.as_str().is_ascii() {
            continue;
        }
        for (b, kb) in iris.iter().zip(&keys) {
            pairs += 1;
            let equivalent = registry.equivalent_iri(*a, *b);
            assert!(
                keys[i] != *kb || equivalent,
                "equal keys, not equivalent: {a} vs {b}"
            );
            if equivalent && keys[i] != *kb {
                let (x, y) = (uri_of(*a), uri_of(*b));
                let (x, y) = (x.as_uri_reference(), y.as_uri_reference());
                assert!(
                    read_by_one_only(&registry, x, y) || (is_sip(x) && is_sip(y)),
                    "{a} vs {b}"
                );
            }
        }
    }
    assert!(pairs > 1000, "{pairs} pairs");
}

/// `reference` mapped to a URI reference as `equivalent_iri` maps it.
fn uri_of(reference: IriReference<'_>) -> uri_core::UriReferenceBuf {
    uri_core::UriReferenceBuf::from_non_ascii_encoded(reference.components())
}

/// A piece of a generated reference.
fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "", "a", "A", "~", "%7e", "%7E", "%2d", "-", "%2D", ".", "..", "%2e", "/", "//", ":", "@",
        "?", "#", ";", ",", "=", "&", "x", "%41", "90", "180", "-180", "0.0", "crs=", "u=", "to=",
        "+", "?+", "?=",
    ])
}

/// A prefix of a generated reference: schemes with and without rules of
/// their own, in both cases, with and without an authority.
fn prefix() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "",
        "/",
        "./",
        "http://",
        "HTTP://H",
        "http://h:80",
        "https://h:443/",
        "urn:ex:",
        "URN:EX:",
        "urn:",
        "mailto:",
        "MAILTO:a@",
        "mailto:?to=",
        "geo:",
        "GEO:1,",
        "geo:90,",
        "pkg:npm/",
        "PKG:",
        "sip:",
        "sip:a@",
        "SIPS:",
        "file:///C:/",
        "file:",
        "data:,",
        "tel:",
        "x-y:",
        "X-Y://",
        "news:",
        "ldap://",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Generated references, each from a prefix and pieces: every cross
    /// pair of a batch agrees.
    #[test]
    fn generated_references_agree(batch in prop::collection::vec((prefix(), prop::collection::vec(piece(), 0..6)), 2..12)) {
        let texts: Vec<String> = batch.iter().map(|(p, rest)| format!("{p}{}", rest.concat())).collect();
        let inputs: Vec<&str> = texts.iter().map(String::as_str).collect();
        cross(&inputs);
    }
}

/// A piece of a generated file URI path: drive letters in each spelling,
/// dot segments in each spelling, names.
fn file_piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "C:", "c:", "%43:", "%63:", "C|", "/", "..", ".", "%2E", "%2e", "%2E%2E", ".%2e", "a", "A",
        "%61", "x",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// file URIs whose dot segments some keep and some do not
    /// (`keeps_dot_segments`: a `..` above a drive letter): the pairwise
    /// option of `equivalence` splits no set, so keys agree on every
    /// cross pair.
    #[test]
    fn file_dot_segments_agree(batch in prop::collection::vec(
        (prop::sample::select(vec!["file:///", "file:/", "file://localhost/", "FILE:///", "file:"]),
         prop::collection::vec(file_piece(), 0..8)),
        2..12,
    )) {
        let texts: Vec<String> = batch.iter().map(|(p, rest)| format!("{p}{}", rest.concat())).collect();
        let inputs: Vec<&str> = texts.iter().map(String::as_str).collect();
        cross(&inputs);
    }
}
