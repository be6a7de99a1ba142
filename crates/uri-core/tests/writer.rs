//! `RiWriter` against the parser: references written part by part, with
//! any text in any order of calls, come out valid, with the components
//! the parser finds in the same text (every `finish` re-parses in debug
//! builds, as these tests are built, and panics on a difference); a piece
//! that does not fit is refused and leaves the writer as it was; getters
//! never panic.

use proptest::prelude::*;
use uri_core::{HostKind, IriSpec, RiWriter, Spec, Uri, UriReference, UriSpec, UriWriter};

/// One call on the writer.
#[derive(Debug, Clone)]
enum Op {
    Scheme(String),
    StartAuthority,
    EndUserinfo,
    EndHost,
    Port(String),
    Push(String),
    Truncate(usize),
    StartQuery,
    StartFragment,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        "[a-z1+][a-z0-9+.-]{0,5}".prop_map(Op::Scheme),
        Just(Op::StartAuthority),
        Just(Op::EndUserinfo),
        Just(Op::EndHost),
        "[0-9a]{0,5}".prop_map(Op::Port),
        // Text valid in some components and not in others: unreserved,
        // `%41`, a stray `%`, delimiters, a space, non-ASCII, brackets.
        "([a-zA-Z0-9._~-]|%41|%|/|:|@|\\?|#|\\[|\\]| |é|\u{202E}){0,6}".prop_map(Op::Push),
        (0usize..20).prop_map(Op::Truncate),
        Just(Op::StartQuery),
        Just(Op::StartFragment),
    ]
}

/// Runs `ops` on a writer and finishes it; each refused call must leave
/// the writer as it was.
fn write<S: Spec>(ops: &[Op]) -> String {
    let mut w = RiWriter::<S>::new();
    for op in ops {
        let before = w.as_str().to_string();
        let result = match op {
            Op::Scheme(s) => w.scheme(s),
            Op::StartAuthority => {
                w.start_authority();
                Ok(())
            }
            Op::EndUserinfo => {
                w.end_userinfo();
                Ok(())
            }
            Op::EndHost => {
                w.end_host();
                Ok(())
            }
            Op::Port(port) => w.port(port),
            Op::Push(text) => w.push_str(text),
            Op::Truncate(n) => {
                w.truncate(*n);
                Ok(())
            }
            Op::StartQuery => {
                w.start_query();
                Ok(())
            }
            Op::StartFragment => {
                w.start_fragment();
                Ok(())
            }
        };
        if result.is_err() {
            assert_eq!(w.as_str(), before, "{op:?} was refused but wrote");
        }
    }
    let r = w.finish();
    // Every getter works on the result.
    let _ = (
        r.scheme(),
        r.authority(),
        r.path(),
        r.query(),
        r.fragment(),
        r.host(),
    );
    r.as_str().to_string()
}

proptest! {
    #[test]
    fn written_references_parse_back(ops in prop::collection::vec(op(), 0..12)) {
        let text = write::<IriSpec>(&ops);
        prop_assert!(uri_core::IriReference::parse(&text).is_ok(), "{text}");
        let text = write::<UriSpec>(&ops);
        prop_assert!(UriReference::parse(&text).is_ok(), "{text}");
    }
}

#[test]
fn paths_that_would_not_read_back_are_mended() {
    let mut w = RiWriter::<UriSpec>::new();
    w.push_str("//x").unwrap();
    assert_eq!(w.finish(), "/.//x");
    let mut w = UriWriter::absolute("s").unwrap();
    w.push_str("//x").unwrap();
    assert_eq!(w.finish().path(), "/.//x");
    let mut w = RiWriter::<UriSpec>::new();
    w.push_str("a:b/c").unwrap();
    let r = w.finish();
    assert_eq!((r.scheme(), r.path()), (None, "./a:b/c"));
}

#[test]
fn delimiters_in_a_userinfo_or_host_are_encoded() {
    let mut w = UriWriter::absolute("http").unwrap();
    w.start_authority();
    w.push_str("a@b:c").unwrap();
    w.end_userinfo();
    w.push_str("good.example@evil.example:80/x?#[]").unwrap();
    w.end_host();
    w.push_str("/p").unwrap();
    let r = w.finish();
    assert_eq!(r.userinfo(), Some("a%40b:c"));
    assert_eq!(
        r.host_str(),
        Some("good.example%40evil.example%3A80%2Fx%3F%23%5B%5D")
    );
    assert_eq!((r.port(), r.path()), (None, "/p"));
    assert_eq!(Uri::parse(r.as_str()).unwrap().host_str(), r.host_str());
}

#[test]
fn only_valid_ip_literals_are_ip_literals() {
    for (host, kind, text) in [
        ("[::1]", HostKind::Ipv6, "[::1]"),
        ("[v7.x]", HostKind::IpvFuture, "[v7.x]"),
        ("[", HostKind::RegName, "%5B"),
        ("[v]", HostKind::RegName, "%5Bv%5D"),
        ("1.2.3.4", HostKind::Ipv4, "1.2.3.4"),
    ] {
        let mut w = RiWriter::<UriSpec>::new();
        w.start_authority();
        w.push_str(host).unwrap();
        w.end_host();
        let r = w.finish();
        assert_eq!(r.host_kind(), Some(kind), "{host}");
        assert_eq!(r.host_str(), Some(text), "{host}");
        let _ = r.host();
    }
}

#[test]
fn a_stray_percent_is_refused_in_a_host() {
    let mut w = RiWriter::<UriSpec>::new();
    w.start_authority();
    assert!(w.push_str("[%]").is_err());
    assert_eq!(w.as_str(), "//");
}

#[test]
fn a_refused_finish_gives_the_writer_back_unchanged() {
    let mut w = RiWriter::<UriSpec>::new();
    w.scheme("s").unwrap();
    w.push_str("/p").unwrap();
    let mut w = w.finish_relative().unwrap_err();
    w.start_query();
    w.push_str("q=1").unwrap();
    let r = w.finish();
    assert_eq!(r.scheme(), Some("s"));
    assert_eq!((r.path(), r.query()), ("/p", Some("q=1")));
}

/// Each byte that is not ASCII as its triplet, upper case.
fn encode_non_ascii(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

#[test]
fn copy_all_percent_encoding_moves_every_offset() {
    for text in [
        "",
        "é",
        "a/é?é#é",
        "//é@ü:1/ö?ä#ß",
        "http://bücher.de",
        "http://bücher.de:8080/ä/ö?ü=1#§",
        "http://[::1]/é",
        "http://1.2.3.4:5/é",
        "x:é",
        "//ü",
        "?ü#",
        "#é",
        "http://a/%C3%A9/é",
        "mailto:José@example.com",
    ] {
        let iri = uri_core::IriReference::parse(text).expect("valid IRI");
        let mut w = RiWriter::<UriSpec>::new();
        w.copy_all_percent_encoding(iri.components());
        let uri = w.finish();
        assert_eq!(uri.as_str(), encode_non_ascii(text), "{text:?}");
        let reparsed = UriReference::parse(uri.as_str()).expect("a URI");
        assert_eq!(uri.components(), reparsed.components(), "{text:?}");
        let map = |s: Option<&str>| s.map(encode_non_ascii);
        assert_eq!(uri.scheme(), iri.scheme(), "{text:?}");
        assert_eq!(map(uri.userinfo()), map(iri.userinfo()), "{text:?}");
        assert_eq!(
            uri.host_str().map(String::from),
            map(iri.host_str()),
            "{text:?}"
        );
        assert_eq!(uri.host_kind(), iri.host_kind(), "{text:?}");
        assert_eq!(uri.port(), iri.port(), "{text:?}");
        assert_eq!(uri.path(), encode_non_ascii(iri.path()), "{text:?}");
        assert_eq!(uri.query().map(String::from), map(iri.query()), "{text:?}");
        assert_eq!(
            uri.fragment().map(String::from),
            map(iri.fragment()),
            "{text:?}"
        );
    }
}
