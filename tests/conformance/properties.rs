//! Property tests.
//!
//! References are generated from the RFC 3986 grammar by
//! `urikit_tests::generators`, one strategy per component (scheme, userinfo
//! with pct-encoded triplets, every kind of host, port, the five path forms,
//! query, fragment), each remembering what it put in. For each one:
//!
//! - (a) it parses, and `to_string()` gives back the same bytes;
//! - (b) its components, joined with their delimiters, give back the input;
//! - (c) each component is the one the generator put in, hosts parsed too;
//! - (d) owned parses agree with borrowed ones, and so do the typed rules;
//! - (f) a `Builder` fed its components builds the same text.
//!
//! And (e): arbitrary input (bytes made UTF-8 lossily, arbitrary strings,
//! strings of URI delimiters, mutated valid references) never panics; an
//! error's index is at most the input's length and on a char boundary; a
//! success satisfies (a), (b), (d) and (f).

use std::net::Ipv4Addr;

use proptest::prelude::*;
use proptest::sample::{Index, select};
use proptest::test_runner::TestCaseError;
use urikit::{
    Builder, Components, Host, ParseErrorKind, ParseOptions, PortError, RelativeRef, Uri,
    UriReference,
};
use urikit_tests::generators::{GenHost, GenRef, dotted_decimal, host, reference};
use urikit_tests::parsing::{Rule, parse, parse_owned, parts, recompose};

// ------------------------------------------------------------------ checks

/// Builds with `rule`'s build method.
fn build(b: Builder<'_>, rule: Rule) -> Result<String, urikit::BuildError> {
    match rule {
        Rule::Reference => b.build().map(|r| r.to_string()),
        Rule::Uri => b.build_uri().map(|r| r.to_string()),
        Rule::Relative => b.build_relative().map(|r| r.to_string()),
    }
}

/// What `Authority::port_u16` should say of a port.
fn expected_port(port: Option<&str>) -> Result<Option<u16>, PortError> {
    match port {
        None => Ok(None),
        Some("") => Ok(None),
        Some(p) => match p.parse::<u128>() {
            Ok(n) => u16::try_from(n).map(Some).map_err(|_| PortError::TooLarge),
            // More digits than a u128 holds.
            Err(_) => Err(PortError::TooLarge),
        },
    }
}

/// The segments of a path, read from §3.3 without the library.
fn expected_segments(path: &str) -> Vec<&str> {
    if path.is_empty() {
        Vec::new()
    } else {
        path.strip_prefix('/').unwrap_or(path).split('/').collect()
    }
}

/// Everything that holds of a successful parse of `input` against `rule`:
/// (a), (b), (d) and (f), and getters that do not panic.
fn check_success(
    input: &str,
    rule: Rule,
    options: ParseOptions,
    c: &Components<'_>,
) -> Result<(), TestCaseError> {
    // (a) exact text, through every typed wrapper's Display.
    prop_assert_eq!(c.as_str(), input);
    let shown = match rule {
        Rule::Reference => UriReference::parse_with(input, options).map(|r| r.to_string()),
        Rule::Uri => Uri::parse_with(input, options).map(|r| r.to_string()),
        Rule::Relative => RelativeRef::parse_with(input, options).map(|r| r.to_string()),
    };
    prop_assert_eq!(shown.as_deref(), Ok(input));
    // (b) recomposition.
    prop_assert_eq!(recompose(c), input);
    // Getters: consistent, and no panic.
    prop_assert_eq!(c.host_kind().is_some(), c.authority().is_some());
    if let Some(a) = c.authority() {
        let host = a.host();
        prop_assert_eq!(host.kind(), a.host_kind());
        prop_assert_eq!(a.port_u16(), expected_port(a.port()));
        if let Host::Ipv6 { zone: Some(_), .. } = host {
            prop_assert!(
                options == ParseOptions::new().allow_zone_id(true),
                "a zone id without the option"
            );
        }
    }
    prop_assert_eq!(
        c.path_segments().collect::<Vec<_>>(),
        expected_segments(c.path())
    );
    prop_assert_eq!(
        c.path_segments().rev().count(),
        expected_segments(c.path()).len()
    );
    // (d) owned agrees with borrowed.
    let owned = parse_owned(input, rule, options);
    prop_assert_eq!(owned, Ok((input.to_owned(), parts(c))));
    // (f) a builder fed the components builds the same text, with every build method that fits.
    let b = Builder::from_components(*c);
    prop_assert_eq!(build(b.clone(), Rule::Reference), Ok(input.to_owned()));
    let typed = if c.scheme().is_some() {
        Rule::Uri
    } else {
        Rule::Relative
    };
    prop_assert_eq!(build(b, typed), Ok(input.to_owned()));
    Ok(())
}

/// (e) and more for arbitrary input: no panic; errors inside the input and on
/// a char boundary, the same for owned parses; successes as in
/// [`check_success`]; the three rules consistent with each other.
fn check_any(input: &str) -> Result<(), TestCaseError> {
    for options in [ParseOptions::new(), ParseOptions::new().allow_zone_id(true)] {
        let mut ok = [false; 3];
        for (i, rule) in [Rule::Reference, Rule::Uri, Rule::Relative]
            .into_iter()
            .enumerate()
        {
            match parse(input, rule, options) {
                Ok(c) => {
                    ok[i] = true;
                    check_success(input, rule, options, &c)?;
                }
                Err(e) => {
                    prop_assert!(
                        e.index() <= input.len(),
                        "{:?}: index {} past the end",
                        rule,
                        e.index()
                    );
                    prop_assert!(
                        input.is_char_boundary(e.index()),
                        "{:?}: index {} inside a char",
                        rule,
                        e.index()
                    );
                    prop_assert!(ParseErrorKind::ALL.contains(&e.kind()));
                    prop_assert_eq!(parse_owned(input, rule, options), Err(e));
                    let caret = e.caret(input).to_string();
                    prop_assert!(caret.lines().count() == 3, "caret: {caret:?}");
                    prop_assert!(!e.to_string().is_empty());
                }
            }
        }
        let [reference, uri, relative] = ok;
        prop_assert_eq!(
            reference,
            uri || relative,
            "URI-reference = URI / relative-ref"
        );
        prop_assert!(!(uri && relative), "both a URI and a relative reference");
        if reference {
            let r = UriReference::parse_with(input, options)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(r.is_relative(), relative);
        }
    }
    // The option only widens the language.
    if let Ok(c) = UriReference::parse_with(input, ParseOptions::new()) {
        let wide = UriReference::parse_with(input, ParseOptions::new().allow_zone_id(true));
        prop_assert_eq!(
            wide.map(|w| parts(&w.components())),
            Ok(parts(&c.components()))
        );
    }
    Ok(())
}

/// (a) to (f) for a generated reference.
fn check_generated(g: &GenRef) -> Result<(), TestCaseError> {
    let text = g.text();
    let options = g.options();
    let r = UriReference::parse_with(&text, options);
    prop_assert!(r.is_ok(), "{:?} rejected: {:?}", text, r);
    let Ok(r) = r else { unreachable!() };
    let c = r.components();

    // (c) every component is the generator's.
    prop_assert_eq!(c.scheme(), g.scheme.as_deref());
    prop_assert_eq!(c.userinfo(), g.userinfo.as_deref());
    let host_text = g.host.as_ref().map(GenHost::text);
    prop_assert_eq!(c.host_str(), host_text.as_deref());
    prop_assert_eq!(c.port(), g.port.as_deref());
    prop_assert_eq!(c.path(), g.path.as_str());
    prop_assert_eq!(c.query(), g.query.as_deref());
    prop_assert_eq!(c.fragment(), g.fragment.as_deref());
    prop_assert_eq!(c.host(), g.host.as_ref().map(GenHost::expected));
    let kind = g.host.as_ref().map(|h| h.expected().kind());
    prop_assert_eq!(c.host_kind(), kind);
    prop_assert_eq!(r.is_relative(), g.scheme.is_none());

    // (a), (b), (d), (f) on the reference rule and on its typed rule.
    check_success(&text, Rule::Reference, options, &c)?;
    let typed = if g.scheme.is_some() {
        Rule::Uri
    } else {
        Rule::Relative
    };
    match parse(&text, typed, options) {
        Ok(t) => {
            prop_assert_eq!(parts(&t), parts(&c));
            check_success(&text, typed, options, &t)?;
        }
        Err(e) => prop_assert!(false, "{:?} rejected {:?}: {:?}", typed, text, e),
    }
    prop_assert_eq!(r.to_buf().into_string(), text.clone());

    // The other rule refuses it, as documented.
    if g.scheme.is_none() {
        let e = Uri::parse_with(&text, options).map(|_| ());
        prop_assert_eq!(
            e.map_err(|e| (e.kind(), e.index())),
            Err((ParseErrorKind::MissingScheme, 0))
        );
    } else {
        // The `:` of the scheme is the first byte path-noscheme cannot take.
        let e = RelativeRef::parse_with(&text, options).map(|_| ());
        prop_assert_eq!(
            e.map_err(|e| (e.kind(), e.index())),
            Err((
                ParseErrorKind::ColonInFirstSegment,
                g.scheme.as_ref().map_or(0, String::len)
            ))
        );
    }

    // (f) the builder, fed the generator's parts.
    let b = Builder::new()
        .scheme(g.scheme.as_deref())
        .userinfo(g.userinfo.as_deref())
        .host(host_text.as_deref())
        .port_str(g.port.as_deref())
        .path(&g.path)
        .query(g.query.as_deref())
        .fragment(g.fragment.as_deref())
        .options(options);
    prop_assert_eq!(build(b.clone(), Rule::Reference), Ok(text.clone()));
    prop_assert_eq!(build(b, typed), Ok(text.clone()));

    // A zone identifier is refused by default, at its `%` (RFC 9844).
    if let Some(at) = g.zone_offset() {
        let e = UriReference::parse(&text).map(|_| ());
        prop_assert_eq!(
            e.map_err(|e| (e.kind(), e.index())),
            Err((ParseErrorKind::ZoneIdNotAllowed, at))
        );
    }
    Ok(())
}

// ------------------------------------------------------------------ arbitrary input

/// Pieces of text that matter to the grammar, to build inputs near its edges.
const TOKENS: &[&str] = &[
    ":",
    "/",
    "?",
    "#",
    "[",
    "]",
    "@",
    "%",
    "%2",
    "%25",
    "%4",
    "%41",
    "25",
    "::",
    "//",
    ".",
    "a",
    "v",
    "V",
    "7",
    "1",
    "f",
    "g",
    "0",
    "255",
    "256",
    "-",
    "+",
    "!",
    "~",
    " ",
    "\t",
    "\0",
    "é",
    "\u{10FFFF}",
    "\u{7f}",
    "\\",
    "\"",
];

/// A string made of [`TOKENS`].
fn delimiter_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(select(TOKENS), 0..40).prop_map(|parts| parts.concat())
}

/// Bytes that are likely to break a valid reference, some not UTF-8 alone.
const MUTATION_BYTES: &[u8] = b":/?#[]@%.v5 \0\x7f\x80\xc3\xa9\xff";

/// A generated reference with a few bytes inserted, deleted or replaced,
/// made UTF-8 lossily.
fn mutated() -> impl Strategy<Value = String> {
    (
        reference(),
        prop::collection::vec((any::<Index>(), 0u8..3, select(MUTATION_BYTES)), 1..4),
    )
        .prop_map(|(g, edits)| {
            let mut bytes = g.text().into_bytes();
            for (at, op, b) in edits {
                match op {
                    0 => bytes.insert(at.index(bytes.len() + 1), b),
                    _ if bytes.is_empty() => {}
                    1 => {
                        bytes.remove(at.index(bytes.len()));
                    }
                    _ => {
                        let i = at.index(bytes.len());
                        bytes[i] = b;
                    }
                }
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
}

proptest! {
    // 256 cases each (proptest's default), so the suite stays fast; set
    // PROPTEST_CASES to search harder.
    #![proptest_config(ProptestConfig::default())]

    /// (a) to (d) and (f) on references generated from the grammar.
    #[test]
    fn generated_references_parse_exactly(g in reference()) {
        check_generated(&g)?;
    }

    /// Every kind of host, on its own after `//`.
    #[test]
    fn generated_hosts_parse_exactly(h in host()) {
        let g = GenRef { scheme: None, userinfo: None, host: Some(h), port: None, path: String::new(), query: None, fragment: None };
        check_generated(&g)?;
    }

    /// (e) arbitrary bytes, made UTF-8 lossily.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        check_any(&String::from_utf8_lossy(&bytes))?;
    }

    /// (e) arbitrary strings of any characters.
    #[test]
    fn arbitrary_strings_never_panic(s in any::<String>()) {
        check_any(&s)?;
    }

    /// (e) strings made of URI delimiters and the bytes around them.
    #[test]
    fn delimiter_soup_never_panics(s in delimiter_soup()) {
        check_any(&s)?;
    }

    /// (e) valid references with a few bytes changed.
    #[test]
    fn mutated_references_never_panic(s in mutated()) {
        check_any(&s)?;
    }

    /// The generated references pass the checks for arbitrary input too.
    #[test]
    fn generated_references_pass_the_general_checks(g in reference()) {
        check_any(&g.text())?;
    }
}

#[test]
fn the_oracles_agree_with_the_rfc_on_known_cases() {
    assert_eq!(dotted_decimal("0.0.0.0"), Some(Ipv4Addr::UNSPECIFIED));
    assert_eq!(dotted_decimal("255.255.255.255"), Some(Ipv4Addr::BROADCAST));
    for name in [
        "1.2.3.04",
        "256.1.1.1",
        "127.1",
        "0x7f.0.0.1",
        "1.2.3.4.",
        "",
        "1..2.3",
    ] {
        assert_eq!(dotted_decimal(name), None, "{name}");
    }
    assert_eq!(expected_segments("/a//b/"), ["a", "", "b", ""]);
    assert_eq!(expected_segments(""), Vec::<&str>::new());
    assert_eq!(expected_port(Some("0080")), Ok(Some(80)));
    assert_eq!(expected_port(Some("65536")), Err(PortError::TooLarge));
}
