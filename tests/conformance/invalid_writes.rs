//! Every public entry point that writes a reference from parts refuses an
//! invalid one: the builder (`build`, `build_uri`, `build_relative`), the
//! setters of the owned types, and the checked writer (`absolute`,
//! `scheme`, `port`, `authority`, `push_str`, `push`, `fmt::Write`). Each
//! bad part below is tried through each, and each must give an error
//! naming the part, leaving what it was called on as it was. (The writer
//! encodes delimiters in a userinfo or host and mends two paths instead,
//! as its docs say: those are not errors, and are checked apart.)

use std::fmt::Write as _;

use urikit::{
    BuildError, BuildErrorKind, Builder, Component, IriReference, IriSpec, ParseErrorKind,
    RelativeRefBuf, RiWriter, Spec, UriBuf, UriReferenceBuf, UriSpec, UriWriter,
};

/// Bad text for each part, and the error kind it gives (as a part alone).
const BAD: &[(Component, &str, ParseErrorKind)] = &[
    (Component::Scheme, "", ParseErrorKind::EmptyScheme),
    (Component::Scheme, "1a", ParseErrorKind::InvalidScheme),
    (Component::Scheme, "a_b", ParseErrorKind::InvalidScheme),
    (Component::Scheme, "é", ParseErrorKind::InvalidScheme),
    (Component::Port, "8a", ParseErrorKind::InvalidPortChar),
    (Component::Port, "-1", ParseErrorKind::InvalidPortChar),
    (Component::Path, "/a?b", ParseErrorKind::InvalidPathChar),
    (Component::Path, "/a#b", ParseErrorKind::InvalidPathChar),
    (Component::Path, "/a b", ParseErrorKind::InvalidPathChar),
    (
        Component::Path,
        "/%4",
        ParseErrorKind::InvalidPercentEncoding,
    ),
    (
        Component::Path,
        "/%zz",
        ParseErrorKind::InvalidPercentEncoding,
    ),
    (Component::Path, "/é", ParseErrorKind::InvalidPathChar),
    (Component::Query, "a#b", ParseErrorKind::InvalidQueryChar),
    (Component::Query, "a b", ParseErrorKind::InvalidQueryChar),
    (
        Component::Query,
        "%",
        ParseErrorKind::InvalidPercentEncoding,
    ),
    (Component::Query, "\"", ParseErrorKind::InvalidQueryChar),
    (
        Component::Fragment,
        "a#b",
        ParseErrorKind::InvalidFragmentChar,
    ),
    (
        Component::Fragment,
        "<",
        ParseErrorKind::InvalidFragmentChar,
    ),
    (
        Component::Fragment,
        "%g0",
        ParseErrorKind::InvalidPercentEncoding,
    ),
    (
        Component::Fragment,
        "é",
        ParseErrorKind::InvalidFragmentChar,
    ),
    (
        Component::Userinfo,
        "a b",
        ParseErrorKind::InvalidUserinfoChar,
    ),
    (
        Component::Userinfo,
        "%",
        ParseErrorKind::InvalidPercentEncoding,
    ),
    (Component::Host, "a b", ParseErrorKind::InvalidHostChar),
    (
        Component::Host,
        "%4",
        ParseErrorKind::InvalidPercentEncoding,
    ),
    (Component::Host, "é", ParseErrorKind::InvalidHostChar),
];

#[track_caller]
fn refused(result: Result<impl std::fmt::Debug, BuildError>, part: Component, what: &str) {
    match result {
        Ok(value) => panic!("{what}: {part:?} accepted, giving {value:?}"),
        Err(e) => assert_eq!(e.component(), part, "{what}: {e}"),
    }
}

#[test]
fn the_builder_refuses_every_bad_part() {
    for &(part, text, kind) in BAD {
        let b = Builder::new().scheme("s");
        let b = match part {
            Component::Scheme => b.scheme(text),
            Component::Userinfo => b.host("h").userinfo(text),
            Component::Host => b.host(text),
            Component::Port => b.host("h").port_str(text),
            Component::Path => b.path(text),
            Component::Query => b.query(text),
            _ => b.fragment(text),
        };
        let err = b.clone().build().unwrap_err();
        assert_eq!(
            (err.component(), err.kind()),
            (part, BuildErrorKind::Syntax(kind)),
            "{text:?}"
        );
        refused(b.clone().build_uri(), part, "build_uri");
        let relative = if part == Component::Scheme {
            b
        } else {
            b.scheme(None)
        };
        refused(relative.build_relative(), part, "build_relative");
    }
    // The rules between parts.
    refused(
        Builder::new().host("h").path("a").build(),
        Component::Path,
        "path after host",
    );
    refused(
        Builder::new().path("//a").build(),
        Component::Path,
        "path like an authority",
    );
    refused(
        Builder::new().path("a:b").build(),
        Component::Path,
        "colon in first segment",
    );
    refused(
        Builder::new().userinfo("u").build(),
        Component::Userinfo,
        "userinfo without host",
    );
    refused(
        Builder::new().port(1).build(),
        Component::Port,
        "port without host",
    );
    refused(
        Builder::new().path("a").build_uri(),
        Component::Scheme,
        "no scheme",
    );
    refused(
        Builder::new().scheme("s").build_relative(),
        Component::Scheme,
        "a scheme",
    );
}

#[test]
fn the_setters_refuse_every_bad_part_and_change_nothing() {
    for &(part, text, _) in BAD {
        let mut uri = UriBuf::parse("s://u@h:1/p?q#f").unwrap();
        let mut reference = UriReferenceBuf::parse("s://u@h:1/p?q#f").unwrap();
        let mut relative = RelativeRefBuf::parse("//u@h:1/p?q#f").unwrap();
        let before = (uri.clone(), reference.clone(), relative.clone());
        match part {
            Component::Scheme => {
                refused(uri.set_scheme(text), part, "UriBuf::set_scheme");
                refused(reference.set_scheme(Some(text)), part, "set_scheme");
            }
            Component::Userinfo => {
                refused(uri.set_userinfo(Some(text)), part, "UriBuf::set_userinfo");
                refused(reference.set_userinfo(Some(text)), part, "set_userinfo");
                refused(
                    relative.set_userinfo(Some(text)),
                    part,
                    "RelativeRefBuf::set_userinfo",
                );
            }
            Component::Host => {
                refused(uri.set_host(Some(text)), part, "UriBuf::set_host");
                refused(reference.set_host(Some(text)), part, "set_host");
                refused(
                    relative.set_host(Some(text)),
                    part,
                    "RelativeRefBuf::set_host",
                );
            }
            Component::Port => {
                refused(uri.set_port(Some(text)), part, "UriBuf::set_port");
                refused(reference.set_port(Some(text)), part, "set_port");
                refused(
                    relative.set_port(Some(text)),
                    part,
                    "RelativeRefBuf::set_port",
                );
            }
            Component::Path => {
                refused(uri.set_path(text), part, "UriBuf::set_path");
                refused(reference.set_path(text), part, "set_path");
                refused(relative.set_path(text), part, "RelativeRefBuf::set_path");
            }
            Component::Query => {
                refused(uri.set_query(Some(text)), part, "UriBuf::set_query");
                refused(reference.set_query(Some(text)), part, "set_query");
                refused(
                    relative.set_query(Some(text)),
                    part,
                    "RelativeRefBuf::set_query",
                );
            }
            _ => {
                refused(uri.set_fragment(Some(text)), part, "UriBuf::set_fragment");
                refused(reference.set_fragment(Some(text)), part, "set_fragment");
                refused(
                    relative.set_fragment(Some(text)),
                    part,
                    "RelativeRefBuf::set_fragment",
                );
            }
        }
        assert_eq!((uri, reference, relative), before, "{part:?} {text:?}");
    }
    let mut uri = UriBuf::parse("s://h/p").unwrap();
    refused(uri.set_path("p"), Component::Path, "path after host");
    let mut reference = UriReferenceBuf::parse("p").unwrap();
    refused(
        reference.set_path("a:b"),
        Component::Path,
        "colon in first segment",
    );
}

/// A writer under `S` at the start of `part`, with whatever comes before.
fn writer_at<S: Spec>(part: Component) -> RiWriter<S> {
    let mut w = RiWriter::<S>::new();
    match part {
        Component::Scheme | Component::Path => {}
        Component::Userinfo | Component::Host => w.start_authority(),
        Component::Port => {
            w.start_authority();
            w.end_host();
        }
        Component::Query => w.start_query(),
        _ => w.start_fragment(),
    }
    w
}

#[test]
fn the_writer_refuses_every_bad_piece_and_writes_nothing() {
    for &(part, text, _) in BAD {
        // A userinfo or a host is checked as the authority's piece (which
        // one, only `end_userinfo` tells): the error names the host.
        let named = if part == Component::Userinfo {
            Component::Host
        } else {
            part
        };
        if part == Component::Scheme {
            refused(UriWriter::absolute(text), part, "absolute");
            refused(RiWriter::<IriSpec>::absolute(text), part, "absolute (IRI)");
            let mut w = UriWriter::new();
            refused(w.scheme(text), part, "scheme");
            assert_eq!(w.as_str(), "");
            continue;
        }
        let mut w = writer_at::<UriSpec>(part);
        let before = w.as_str().to_owned();
        if part == Component::Port {
            refused(w.port(text), part, "port");
        } else {
            refused(w.push_str(text), named, "push_str");
            if let Some(c) = text
                .chars()
                .find(|&c| !c.is_ascii_alphanumeric() && c != '/')
            {
                if c != ':' {
                    refused(w.push(c), named, "push");
                }
            }
            assert!(w.write_str(text).is_err(), "fmt::Write {text:?}");
        }
        assert_eq!(w.as_str(), before, "{part:?} {text:?}");
        // A path after an authority must begin with `/`.
        let mut w = writer_at::<UriSpec>(Component::Port);
        refused(w.push_str("a"), Component::Path, "path after host");
    }
    // An IRI's authority into a URI writer.
    let iri = IriReference::parse("http://ü@bücher.example/").unwrap();
    let mut w = UriWriter::absolute("http").unwrap();
    refused(
        w.authority(iri.authority().unwrap()),
        Component::Userinfo,
        "authority",
    );
    assert_eq!(w.as_str(), "http:");
    // A bidirectional formatting character in an IRI, by default.
    let mut w = writer_at::<IriSpec>(Component::Path);
    refused(w.push_str("a\u{202E}b"), Component::Path, "bidi formatting");
}

#[test]
fn what_the_writer_mends_instead_reads_back() {
    let mut w = UriWriter::new();
    w.start_authority();
    w.push_str("a@b:c/d?e#f[g]").unwrap();
    w.end_host();
    let r = w.finish();
    assert_eq!(r.host_str(), Some("a%40b%3Ac%2Fd%3Fe%23f%5Bg%5D"));
    let mut w = UriWriter::new();
    w.push_str("//a").unwrap();
    assert_eq!(w.finish(), "/.//a");
    let mut w = UriWriter::new();
    w.push_str("a:b").unwrap();
    assert_eq!(w.finish(), "./a:b");
}
