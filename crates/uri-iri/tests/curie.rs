//! CURIEs (W3C CURIE Syntax 1.0): the examples of the CURIE note, a
//! JSON-LD context's prefixes, and the property `expand(compress(iri)) ==
//! iri` for every IRI that compresses.

// Test code: its helpers may unwrap and panic too.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::unreachable
)]

use proptest::prelude::*;
use uri_core::Iri;
use uri_iri::{CurieErrorKind, CurieMap};

/// The prefixes of the CURIE note's examples (§3, §4) and of the JSON-LD
/// 1.1 context examples (`foaf`, `dc`, `xsd`, `schema`), with the XHTML
/// vocabulary as the default prefix (CURIE Syntax 1.0 §4: "no prefix").
fn map() -> CurieMap {
    let mut map = CurieMap::new();
    for (prefix, iri) in [
        ("foaf", "http://xmlns.com/foaf/0.1/"),
        ("dc", "http://purl.org/dc/terms/"),
        ("xsd", "http://www.w3.org/2001/XMLSchema#"),
        ("schema", "http://schema.org/"),
        ("isbn", "urn:ISBN:"),
        ("wikipedia", "http://en.wikipedia.org/wiki/"),
        ("home", "http://www.example.org/"),
        ("ru", "https://ru.wikipedia.org/wiki/"),
    ] {
        map.insert(prefix, iri).unwrap();
    }
    map.set_default("http://www.w3.org/1999/xhtml/vocab#")
        .unwrap();
    map
}

#[test]
fn note_examples() {
    let map = map();
    for (curie, iri) in [
        // CURIE Syntax 1.0 §3: `[isbn:0321154991]`, `home:#start`,
        // `joseki:`, `wikipedia:Dutch_language`.
        ("[isbn:0321154991]", "urn:ISBN:0321154991"),
        ("isbn:0321154991", "urn:ISBN:0321154991"),
        ("home:#start", "http://www.example.org/#start"),
        (
            "wikipedia:Dutch_language",
            "http://en.wikipedia.org/wiki/Dutch_language",
        ),
        (
            "[wikipedia:Dutch_language]",
            "http://en.wikipedia.org/wiki/Dutch_language",
        ),
        // No prefix: the default mapping.
        (":next", "http://www.w3.org/1999/xhtml/vocab#next"),
        ("[:next]", "http://www.w3.org/1999/xhtml/vocab#next"),
        // JSON-LD context prefixes.
        ("foaf:name", "http://xmlns.com/foaf/0.1/name"),
        ("dc:title", "http://purl.org/dc/terms/title"),
        ("xsd:integer", "http://www.w3.org/2001/XMLSchema#integer"),
        ("schema:Person", "http://schema.org/Person"),
        // An IRI reference: Unicode stands unencoded, right-to-left too.
        ("ru:Википедия", "https://ru.wikipedia.org/wiki/Википедия"),
        ("home:עברית", "http://www.example.org/עברית"),
    ] {
        assert_eq!(map.expand(curie).unwrap().as_str(), iri, "{curie}");
        assert_eq!(
            map.expand(&map.compress(Iri::parse(iri).unwrap()).unwrap())
                .unwrap()
                .as_str(),
            iri
        );
    }
}

#[test]
fn errors_say_where() {
    let map = map();
    for (curie, kind, index) in [
        ("unknown:x", CurieErrorKind::UnknownPrefix, 0),
        ("[foaf:name", CurieErrorKind::UnclosedBracket, 0),
        ("-x:y", CurieErrorKind::InvalidPrefix, 0),
        ("foaf:a b", CurieErrorKind::InvalidReference, 6),
        ("foaf:%zz", CurieErrorKind::InvalidReference, 5),
    ] {
        let e = map.expand(curie).unwrap_err();
        assert_eq!((e.kind(), e.index()), (kind, index), "{curie}");
    }
}

proptest! {
    #[test]
    fn expand_of_compress_is_the_iri(
        prefix in prop::sample::select(vec!["http://xmlns.com/foaf/0.1/", "http://purl.org/dc/terms/", "https://ru.wikipedia.org/wiki/", "urn:ISBN:", "http://www.w3.org/1999/xhtml/vocab#"]),
        rest in "[a-zA-Z0-9_./#?:=&~é日й-]{0,24}",
    ) {
        let text = format!("{prefix}{rest}");
        if let Ok(iri) = Iri::parse(&text) {
            let map = map();
            if let Some(curie) = map.compress(iri) {
                let back = map.expand(&curie).unwrap();
                prop_assert_eq!(back.as_str(), text.as_str());
            }
        }
    }
}
