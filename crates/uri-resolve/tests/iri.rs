//! IRIs through the same resolver and normalizer as URIs (RFC 3987 §5.3,
//! §6.5): the generic functions with `IriSpec`.

use uri_core::{Iri, IriBuf, IriReference, Uri};
use uri_resolve::{
    NormalizedUri, Resolver, normalize, normalize_uri, normalized_eq, relativize, resolve,
};

#[test]
fn resolution_is_the_same_algorithm() {
    let base = Iri::parse("http://例え.テスト/パス/ファイル?q=値").unwrap();
    for (reference, expected) in [
        ("../上", "http://例え.テスト/上"),
        ("名前#節", "http://例え.テスト/パス/名前#節"),
        ("?другой", "http://例え.テスト/パス/ファイル?другой"),
        ("//bücher.example/ä", "http://bücher.example/ä"),
        ("", "http://例え.テスト/パス/ファイル?q=値"),
    ] {
        let r = IriReference::parse(reference).unwrap();
        let got: IriBuf = resolve(base, r);
        assert_eq!(got, expected, "{reference}");
        assert_eq!(got.as_str(), Iri::parse(expected).unwrap().as_str());
        let mut out = String::new();
        Resolver::new(base).resolve_into(r, &mut out);
        assert_eq!(out, expected);
    }
}

#[test]
fn rfc3987_5_3_normalization() {
    // §5.3.2: case, percent-encoding (with UTF-8 of iunreserved decoded)
    // and path segment normalization give the same IRI.
    let a = IriReference::parse("example://a/b/c/%7Bfoo%7D/rosé").unwrap();
    let b = IriReference::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9").unwrap();
    assert_eq!(normalize(b), "example://a/b/c/%7Bfoo%7D/rosé");
    assert_eq!(normalize(a), normalize(b));
    assert!(normalized_eq(a, b));
    // §5.3.2.2: NFC and NFD forms differ at the syntax level.
    let nfc = IriReference::parse("http://www.example.org/r\u{e9}sum\u{e9}.html").unwrap();
    let nfd = IriReference::parse("http://www.example.org/re\u{301}sume\u{301}.html").unwrap();
    assert!(!normalized_eq(nfc, nfd));
    // A bidi formatting character stays encoded (§4.1).
    let bidi = Iri::parse("http://a/%e2%80%ae").unwrap();
    assert_eq!(normalize_uri(bidi), "http://a/%E2%80%AE");
    assert_eq!(NormalizedUri::new(bidi).as_str(), "http://a/%E2%80%AE");
}

#[test]
fn relativization_inverts_resolution() {
    let base = Iri::parse("http://例え.テスト/a/b/c").unwrap();
    let target = Iri::parse("http://例え.テスト/a/d/é?x#y").unwrap();
    let r = relativize(base, target).unwrap();
    assert_eq!(r, "../d/é?x#y");
    assert_eq!(resolve(base, r.as_iri_reference()), target);
}

#[test]
fn every_uri_is_an_iri() {
    let uri = Uri::parse("http://a/b?c#d").unwrap();
    let iri: Iri<'_> = uri.into();
    assert_eq!(iri.as_str(), uri.as_str());
    assert_eq!(iri.components().path(), uri.path());
    assert!(Uri::parse("http://a/é").is_err());
    assert!(Iri::parse("http://a/é").is_ok());
    // `iprivate` in the query only (RFC 3987 §2.2).
    assert!(Iri::parse("http://a/?\u{E000}").is_ok());
    assert!(Iri::parse("http://a/\u{E000}").is_err());
    assert_eq!(format!("{:?}", iri), "Iri(\"http://a/b?c#d\")");
}
