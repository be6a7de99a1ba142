//! The panic sweep (issue 20): every public function of the library crates
//! that takes a string or a parsed reference, run on a hostile corpus under
//! [`std::panic::catch_unwind`], must return, never panic.
//!
//! The corpus ([`corpus`]) is every string of every vector file under
//! `tests/vectors/` (inputs, bases, expected outputs, even names: each is a
//! string some test cared about), column 1 of the IDNA sample as the host
//! of an `http` URI, and strings generated from hostile atoms (stray `%`,
//! brackets, zone identifiers, bidi controls, fullwidth look-alikes, `xn--`
//! labels, huge ports, NUL) by a fixed pseudo-random sequence, plus a few
//! long repetitions. Each string goes through [`sweep`], whose steps cover
//! one crate area each: parsing of the six types under four option sets and
//! every getter of what parses; the builder with the string as each
//! component; the setters; the writer on parsed components; the percent
//! codec with every encode set, query pairs, `get` and forms; resolution,
//! relativization, normalization and equivalence; the IRI mappings,
//! display, bidi check and NFC; every scheme's check, validate, normalize
//! and equivalence through the [`Registry`] and each scheme's typed view;
//! file paths on both OSes; serde round trips; the `http` and `url`
//! conversions; and the lint, its readings and its JSON and SARIF output. Each string is also tried after each registered scheme name
//! (`mailto:` + string, …) through the scheme step alone.
//!
//! The results are thrown away: what is checked here is only that nothing
//! panics (the properties of the results are the other tests' business).
//! A panic is reported with the step and the input, every one at once.
//! Arbitrary text is written through the checked `UriWriter` too; the
//! `TrustedWriter`, whose caller owes valid text, is left out.

use std::borrow::Cow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::time::Instant;

use serde_json::Value;
use urikit::encode::{
    Decoder, EncodeSet, QueryPairs, QueryWriter, Separator, decode, decode_form, decode_lossy,
    decode_utf8, decode_utf8_lossy, encode, encode_bytes_into, encode_bytes_to_str, encode_form,
    encode_into, normalize as normalize_pct, normalize_for, normalize_iri, normalize_with,
    validate,
};
use urikit::iri::{
    HostMapping, Normalization, NormalizedIri, ToIriOptions, check_bidi, display, display_warnings,
    to_iri, to_iri_with, to_uri, to_uri_with,
};
use urikit::resolve::{
    Form, NormalizeOptions, NormalizedUri, Resolver, SyntaxOnly, has_dot_segments,
    has_relative_form, normalize, normalize_into, normalize_uri, normalize_uri_with,
    normalize_uri_with_options, normalized_eq, relativize, relativize_with, remove_dot_segments,
    resolve, resolve_str,
};
use urikit::schemes::file::resolve_with_drive_letters;
use urikit::schemes::{
    Fields, Os, Registry, from_path, generic_checks, iana, to_path, to_path_str,
};
use urikit::{
    Builder, Components, Host, Iri, IriBuf, IriBuilder, IriExt, IriReference, IriReferenceBuf,
    IriSpec, ParseError, ParseOptions, RelativeIri, RelativeIriBuf, RelativeRef, RelativeRefBuf,
    Segments, Spec, Uri, UriBuf, UriExt, UriReference, UriReferenceBuf, UriWriter, address,
    check_uri,
};

/// The option sets every parse is tried with.
const OPTIONS: [ParseOptions; 4] = [
    ParseOptions::new(),
    ParseOptions::new().allow_zone_id(true),
    ParseOptions::new().allow_bidi_formatting(true),
    ParseOptions::new()
        .allow_zone_id(true)
        .allow_bidi_formatting(true),
];

/// Fixed URIs the input is resolved against, relativized to, set into and
/// compared with.
const BASES: [&str; 4] = [
    "http://u:p@a/b/c/d;p?q#f",
    "mailto:a@example.org",
    "file:///C:/a/b",
    "urn:ex:a",
];

/// The pieces the generated strings are made of: each has broken a URL
/// parser somewhere, or sits on a boundary of ours.
const ATOMS: &[&str] = &[
    "",
    "%",
    "%0",
    "%zz",
    "%25",
    "%FF",
    "%C3",
    "%C3%A9",
    "%00",
    "%2F",
    "%2e",
    "[",
    "]",
    "[::1]",
    "[::ffff:1.2.3.4]",
    "[v1.x]",
    "[fe80::1%25eth0]",
    "@",
    ":",
    "::",
    "//",
    "/",
    "?",
    "#",
    ".",
    "..",
    "/../",
    "\\",
    "\0",
    "\t",
    " ",
    "\r\n",
    "\u{202E}",
    "\u{200F}",
    "\u{200D}",
    "é",
    "ß",
    "ﬀ",
    "\u{0301}",
    "ＡＢ",
    "／",
    "＠",
    "：",
    "．",
    "\u{FFFD}",
    "\u{10FFFF}",
    "\u{E000}",
    "\u{5D0}",
    "\u{661}",
    "xn--",
    "xn--a",
    "xn--zz-",
    "xn--nxasmq6b",
    "+",
    "&",
    "=",
    ";",
    ",",
    "(",
    ")",
    "*",
    "'",
    "$",
    "!",
    "~",
    "-",
    "0",
    "65535",
    "65536",
    "99999999999999999999",
    "0x7f.1",
    "1.2.3.4",
    "256.1.1.1",
    "base64,",
    "charset=",
    ";phone-context=",
    "?subject=",
    "%0D%0ABcc:",
    "a@b",
    "\"a@b\"@c",
    "C:",
    "c|",
    "http:",
    "mailto:",
    "tel:+1",
    "urn:a:",
    "data:",
    "file:",
    "ldap:",
    "news:",
];

/// How many strings [`generated`] makes from [`ATOMS`].
const GENERATED: usize = 1500;

/// How many times [`generated`] repeats a unit in its long strings: enough
/// for deep nesting and long runs, while the linear-time tests of
/// `hostile.rs` and `large_input.rs` take the megabytes.
const LONG: usize = 1000;

/// A step of the sweep: a name and the work, done on one input.
type Step = (&'static str, fn(&str));

/// The steps every corpus string goes through, in order.
const STEPS: &[Step] = &[
    ("parse and getters", parse_and_getters),
    ("builder", builder),
    ("setters", setters),
    ("writer", writer),
    ("percent codec", percent),
    ("query pairs and forms", query),
    ("resolve, relativize, normalize", resolve_step),
    ("iri mappings", iri),
    ("schemes", schemes),
    ("file paths", file_paths),
    ("serde", serde_step),
    ("http and url", interop),
    ("lint", lint_step),
];

/// The first option set of [`OPTIONS`] under which `input` parses as an
/// IRI reference, if any. The later sets only ever accept more, with the
/// same components, and every URI is an IRI, so the steps after parsing
/// try each type with this one set, not all four again.
fn options_for(input: &str) -> Option<ParseOptions> {
    OPTIONS
        .into_iter()
        .find(|&o| IriReference::parse_with(input, o).is_ok())
}

/// The standard registry, built once.
fn registry() -> &'static Registry {
    Registry::shared()
}

/// Every string leaf of a JSON value.
fn strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        Value::Object(map) => map.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

/// The `.json` files under `dir`, recursively, sorted.
fn json_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            json_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "json") {
            out.push(path);
        }
    }
}

/// The next number of a xorshift sequence: the same strings every run.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// [`GENERATED`] strings of one to eight [`ATOMS`], and long repetitions of
/// the atoms that make parsers and scheme checks loop or nest.
fn generated() -> Vec<String> {
    let mut state = 0x2545_F491_4F6C_DD1D_u64;
    let pick = |state: &mut u64, n: usize| usize::try_from(next(state) % n as u64).unwrap_or(0);
    let mut out = Vec::new();
    for _ in 0..GENERATED {
        let count = 1 + pick(&mut state, 8);
        let s: String = (0..count)
            .map(|_| ATOMS[pick(&mut state, ATOMS.len())])
            .collect();
        out.push(s);
    }
    for unit in [
        "a/", "../", "%", "%41", "(", "&", ",", "-", "é", "xn--a.", "[", "@", ":",
    ] {
        out.push(unit.repeat(LONG));
        out.push(format!("http://h/{}", unit.repeat(LONG)));
    }
    out.push(format!("http://{}/", "a".repeat(300)));
    out.push(format!("http://{}/", "a.".repeat(200)));
    out.push(format!("ldap:///??sub?{}", "(&".repeat(2000)));
    out.push(format!("tel:+1{}", "-".repeat(5000)));
    out.push(format!("mailto:{}", "a@b,".repeat(1000)));
    out.push(format!("data:,{}", "A".repeat(10_000)));
    out.push(format!("data:;base64,{}", "QUJD".repeat(2500)));
    out
}

/// Column 1 of each line of the IDNA sample, unescaped, as the host of an
/// `http` URI.
fn idna_hosts() -> Vec<String> {
    urikit_tests::idna::sources()
        .into_iter()
        .map(|host| format!("http://{host}/"))
        .collect()
}

/// The whole corpus, without duplicates, in a fixed order.
fn corpus() -> Vec<String> {
    let mut files = Vec::new();
    json_files(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/vectors")),
        &mut files,
    );
    assert!(files.len() >= 10, "only {} vector files found", files.len());
    let mut all = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        let value: Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{} is not JSON: {e}", file.display()));
        strings(&value, &mut all);
    }
    all.extend(idna_hosts());
    all.extend(generated());
    let mut seen = std::collections::HashSet::new();
    all.retain(|s| seen.insert(s.clone()));
    all
}

/// Formats, to run `Display` and `Debug` and drop the text.
fn show(value: &(impl std::fmt::Display + std::fmt::Debug)) {
    let _ = format!("{value} {value:?}");
}

/// A parse error's accessors and caret against its input.
fn error_parts(e: ParseError, input: &str) {
    show(&e);
    let _ = (e.index(), e.kind().name(), e.kind().message());
    show(&e.caret(input));
    show(&e.caret_bytes(input.as_bytes()));
}

/// Every getter of a host.
fn host_parts(host: Host<'_>) {
    let _ = (host.kind(), host.kind().as_str(), host.is_non_global_ip());
    if let Some(ip) = host.ip() {
        let c = address::classify(ip);
        let _ = (
            address::is_global(ip),
            c.is_global(),
            c.range(),
            c.special(),
            c.embedded(),
        );
        if let std::net::IpAddr::V6(v6) = ip {
            let _ = address::embedded_ipv4(v6);
        }
    }
}

/// Every getter of parsed components, the authority's included.
fn component_parts<S: Spec>(c: Components<'_, S>) {
    let _ = (
        c.as_str(),
        c.scheme(),
        c.path(),
        c.query(),
        c.fragment(),
        c.userinfo(),
        c.host_str(),
        c.host_kind(),
        c.port(),
    );
    let _: Vec<&str> = c.path_segments().collect();
    let _: Vec<&str> = c.path_segments().rev().collect();
    if let Some(h) = c.host() {
        host_parts(h);
    }
    if let Some(a) = c.authority() {
        let _ = (
            a.as_str(),
            a.userinfo(),
            a.host_str(),
            a.host_kind(),
            a.port(),
        );
        let _ = a.port_u16().map_err(|e| show(&e));
        host_parts(a.host());
        // A registered name would be looked up in the DNS: only literals.
        if a.host().ip().is_some() {
            let _ = a.socket_addrs(80).map(Iterator::count);
        }
    }
}

/// The getters every reference type shares, by macro: the types are not
/// behind one trait.
macro_rules! getters {
    ($r:expr) => {{
        let r = $r;
        show(&r);
        let _ = (
            r.as_str(),
            r.authority(),
            r.has_authority(),
            r.userinfo(),
            r.host(),
            r.host_str(),
            r.host_kind(),
            r.port(),
            r.port_u16(),
            r.path(),
            r.query(),
            r.fragment(),
        );
        let _: Vec<&str> = r.path_segments().collect();
        show(&r.redacted());
        component_parts(r.components());
    }};
}

/// Parses with one borrowed type and its owned twin, every getter of both;
/// gives the borrowed parse.
macro_rules! parse_rule {
    ($Type:ident, $Buf:ident, $input:expr, $options:expr) => {{
        let (input, options) = ($input, $options);
        match $Buf::parse_with(input.to_owned(), options) {
            Ok(o) => {
                getters!(&o);
                let _ = (o.components(), o.clone().into_string());
            }
            Err(e) => {
                let _ = (e.error(), e.kind(), e.index(), e.input());
                show(&e.caret());
                let _ = e.into_input();
            }
        }
        let _ = input.parse::<$Buf>();
        let parsed = $Type::parse_with(input, options);
        match parsed {
            Ok(r) => {
                getters!(r);
                getters!(&r.to_buf());
            }
            Err(e) => error_parts(e, input),
        }
        parsed
    }};
}

/// Step: the six reference types under every option set, every getter,
/// the conversions between them, `check_uri` and `Segments::new`.
fn parse_and_getters(input: &str) {
    let _ = check_uri(input);
    let _: Vec<&str> = Segments::new(input).collect();
    for options in OPTIONS {
        if let Ok(r) = parse_rule!(UriReference, UriReferenceBuf, input, options) {
            let _ = (r.scheme(), r.is_relative(), r.as_uri(), r.as_relative_ref());
            let owned = r.to_buf();
            let _ = (
                owned.scheme(),
                owned.is_relative(),
                owned.as_uri(),
                owned.as_relative_ref(),
            );
        }
        if let Ok(u) = parse_rule!(Uri, UriBuf, input, options) {
            let _ = (u.scheme(), u.as_uri_reference(), u.to_buf().scheme());
        }
        if let Ok(r) = parse_rule!(RelativeRef, RelativeRefBuf, input, options) {
            let _ = r.as_uri_reference();
        }
        if let Ok(r) = parse_rule!(IriReference, IriReferenceBuf, input, options) {
            let _ = (r.scheme(), r.as_iri(), r.as_relative_ref());
            let _ = UriReference::try_from(r).map_err(|e| error_parts(e, input));
        }
        let _ = parse_rule!(Iri, IriBuf, input, options);
        let _ = parse_rule!(RelativeIri, RelativeIriBuf, input, options);
    }
}

/// Builds with a builder holding `input` as `component`, then tries the
/// three ways to finish it.
fn build<S: Spec>(make: impl Fn() -> urikit::RiBuilder<'static, S>) {
    match make().build() {
        Ok(r) => show(&r),
        Err(e) => {
            show(&e);
            let _ = (e.component(), e.kind(), e.index());
        }
    }
    let _ = make().build_ri().map(|u| show(&u));
    let _ = make().build_relative().map(|r| show(&r));
}

/// Step: the builder (URI and IRI) with the input as each component, the
/// encoding helpers, and every parse rebuilt from its components.
fn builder(input: &str) {
    // The builder borrows for its lifetime; one leaked copy per input keeps
    // the helpers simple (the sweep's inputs total a few megabytes).
    let s: &'static str = Box::leak(input.to_owned().into_boxed_str());
    let zone = ParseOptions::new().allow_zone_id(true);
    build(|| Builder::new().scheme(s).host("h"));
    build(|| Builder::new().scheme("s").userinfo(s).host("h"));
    build(|| Builder::new().scheme("s").host(s));
    build(|| Builder::new().scheme("s").host(s).options(zone));
    build(|| Builder::new().scheme("s").host("h").port_str(s));
    build(|| Builder::new().scheme("s").path(s));
    build(|| Builder::new().path(s));
    build(|| Builder::new().host("h").path(s));
    build(|| Builder::new().scheme("s").path_encoded(s));
    build(|| Builder::new().path_encoded(s));
    build(|| {
        Builder::new()
            .scheme("s")
            .host("h")
            .push_segment(s)
            .push_segment(s)
    });
    build(|| Builder::new().push_segment(s));
    build(|| Builder::new().scheme("s").query(s));
    build(|| Builder::new().scheme("s").query(s).append_query_pair(s, s));
    build(|| Builder::new().append_query_pair(s, s));
    build(|| Builder::new().scheme("s").fragment(s));
    build(|| {
        Builder::new()
            .host_ip(std::net::Ipv4Addr::LOCALHOST)
            .path(s)
            .port(0)
    });
    build(|| IriBuilder::new().scheme("s").host(s).path(s));
    build(|| {
        IriBuilder::new()
            .scheme("s")
            .userinfo(s)
            .host("h")
            .query(s)
            .fragment(s)
    });
    build(|| {
        IriBuilder::new()
            .path_encoded(s)
            .push_segment(s)
            .append_query_pair(s, s)
    });
    if let Some(options) = options_for(input) {
        if let Ok(r) = UriReference::parse_with(s, options) {
            let _ = Builder::from_components(r.components())
                .options(options)
                .build();
        }
        if let Ok(r) = IriReference::parse_with(s, options) {
            let _ = IriBuilder::from_components(r.components())
                .options(options)
                .build();
        }
    }
}

/// Every setter of an owned reference, each given `input`, then `None`
/// where the component can be removed.
macro_rules! set_all {
    ($r:expr, $input:expr) => {{
        let (mut r, input) = ($r, $input);
        let _ = r.set_userinfo(Some(input));
        let _ = r.set_host(Some(input));
        let _ = r.set_port(Some(input));
        let _ = r.set_path(input);
        let _ = r.set_query(Some(input));
        let _ = r.set_fragment(Some(input));
        show(&r);
        let _ = r.set_port_u16(Some(65535));
        let _ = r.set_userinfo(None);
        let _ = r.set_port(None);
        let _ = r.set_query(None);
        let _ = r.set_fragment(None);
        let _ = r.set_host(None);
        let _ = r.set_path("");
        show(&r);
        r
    }};
}

/// Step: the setters of the owned types, with the input set into fixed
/// references, and fixed values set into the input's parse.
fn setters(input: &str) {
    for base in BASES {
        let mut u = set_all!(UriBuf::parse(base).expect("a base"), input);
        let _ = u.set_scheme(input);
        let mut r = set_all!(UriReferenceBuf::parse(base).expect("a base"), input);
        let _ = r.set_scheme(Some(input));
        let _ = r.set_scheme(None);
        let mut i = set_all!(IriBuf::parse(base).expect("a base"), input);
        let _ = i.set_scheme(input);
    }
    let _ = set_all!(RelativeRefBuf::parse("//h/p?q#f").expect("a base"), input);
    let _ = set_all!(RelativeIriBuf::parse("//h/p?q#f").expect("a base"), input);
    if let Some(options) = options_for(input) {
        if let Ok(r) = UriReferenceBuf::parse_with(input, options) {
            let mut r = set_all!(r, "x");
            let _ = r.set_scheme(Some("s"));
        }
        if let Ok(r) = IriReferenceBuf::parse_with(input, options) {
            let _ = set_all!(r, "é");
        }
    }
}

/// Step: the writer on parsed components: copied whole, copied
/// percent-encoding, made from non-ASCII components, an authority copied
/// after a scheme.
fn writer(input: &str) {
    if let Some(options) = options_for(input) {
        if let Ok(r) = UriReference::parse_with(input, options) {
            let mut w = UriWriter::new();
            w.copy_all(r.components());
            show(&w.finish());
            if let Some(a) = r.authority() {
                if let Ok(mut w) = UriWriter::absolute("s") {
                    let _ = w.authority(a);
                    show(&w.finish());
                }
            }
        }
        if let Ok(r) = IriReference::parse_with(input, options) {
            show(&UriReferenceBuf::from_non_ascii_encoded(r.components()));
            let mut w = UriWriter::new();
            w.copy_all_percent_encoding(r.components());
            let _ = w.finish_relative();
        }
    }
    // The input pushed into each component of a checked writer: refused
    // or written, never a panic, and the result valid.
    let mut w = UriWriter::new();
    let _ = w.scheme(input);
    w.start_authority();
    let _ = w.push_str(input);
    w.end_userinfo();
    let _ = w.push_str(input);
    w.end_host();
    let _ = w.port(input);
    let _ = w.push_str(input);
    w.start_query();
    let _ = w.push_str(input);
    w.start_fragment();
    let _ = w.push_str(input);
    show(&w.finish());
}

/// Step: encoding with every set (and its triplet-preserving and
/// `+`-writing variants), decoding every way, validation, percent
/// normalization.
fn percent(input: &str) {
    for (_, set) in EncodeSet::PREDEFINED {
        for set in [set, set.preserving_triplets(), set.space_as_plus()] {
            let _ = encode(input, &set);
            let _ = encode_bytes_to_str(input.as_bytes(), &set);
            let mut out = String::new();
            encode_into(input, &set, &mut out);
            encode_bytes_into(input.as_bytes(), &set, &mut out);
        }
    }
    let _ = (
        decode(input),
        decode_lossy(input),
        decode_utf8(input),
        decode_utf8_lossy(input),
    );
    if let Err(e) = validate(input) {
        show(&e);
        let _ = (e.kind().name(), e.kind().message(), e.index());
    }
    for plus in [false, true] {
        let d = Decoder::new().plus_as_space(plus);
        let _ = (d.decode(input), d.decode_lossy(input), d.decode_utf8(input));
        let _ = (d.decode_utf8_lossy(input), d.decode_bytes(input.as_bytes()));
        let _ = d.decode_bytes_lossy(input.as_bytes());
    }
    let _ = (normalize_pct(input), normalize_iri(input));
    let _ = (
        normalize_for(urikit::encode::Syntax::Uri, input),
        normalize_for(urikit::encode::Syntax::Iri, input),
    );
    let mut out = String::new();
    normalize_with(urikit::encode::Syntax::Uri, input, |piece| {
        out.push_str(piece)
    });
    normalize_with(urikit::encode::Syntax::Iri, input, |piece| {
        out.push_str(piece)
    });
}

/// Walks every pair of a query, decoding each key and value every way.
fn walk_pairs(pairs: QueryPairs<'_>, key: &str) {
    let _ = pairs.clone().get(key);
    let _ = pairs.clone().get("");
    for p in pairs.clone() {
        for e in std::iter::once(p.key).chain(p.value) {
            let _ = (e.as_str(), e.decode(), e.decode_lossy());
            let _ = (e.decode_utf8(), e.decode_utf8_lossy());
        }
    }
    let _: Vec<_> = pairs.decoded().collect();
}

/// Step: query pairs with every separator and `+` reading, forms both
/// ways, the query writer, and the decoded components of what parses.
fn query(input: &str) {
    for separator in [Separator::Ampersand, Separator::Semicolon, Separator::Both] {
        for plus in [false, true] {
            walk_pairs(QueryPairs::new(input, separator).plus_as_space(plus), input);
        }
    }
    walk_pairs(QueryPairs::form(input), input);
    let pairs: Vec<(Cow<'_, str>, Cow<'_, str>)> = decode_form(input).collect();
    let _ = encode_form(pairs.iter().map(|(k, v)| (k, v)));
    let _ = encode_form([(input, input)]);
    for writer in [QueryWriter::form(), QueryWriter::rfc3986()] {
        for separator in [Separator::Ampersand, Separator::Semicolon, Separator::Both] {
            let mut w = writer.clone().separator(separator);
            w.append_pair(input, input)
                .append_key(input)
                .append_pair("", input);
            let _ = w.as_str().len();
            let _ = w.finish();
        }
    }
    let _ = QueryWriter::form().into_string(String::from("x")).finish();
    if let Some(options) = options_for(input) {
        if let Ok(r) = UriReference::parse_with(input, options) {
            let _ = (r.userinfo_decoded(), r.host_decoded(), r.path_decoded());
            let _ = (r.query_decoded(), r.fragment_decoded());
            let _: Vec<_> = r.path_segments_decoded().collect();
            walk_pairs(r.query_pairs_rfc3986(), "a");
            walk_pairs(r.form_pairs(), "a");
        }
    }
}

/// Resolution, relativization and equivalence between a base and a
/// reference of one spec.
fn resolve_pair<S: Spec>(base: urikit::Ri<'_, S>, reference: urikit::RiReference<'_, S>) {
    let t = resolve(base, reference);
    let mut out = String::new();
    let mut resolver = Resolver::new(base);
    let _ = resolver.base();
    resolver.resolve_into(reference, &mut out);
    let _ = resolver.resolve(reference);
    let _ = Resolver::new(base).non_strict().resolve(reference);
    let _ = normalized_eq(base.as_ri_reference(), reference);
    let _ = normalized_eq(reference, base.as_ri_reference());
    for target in std::iter::once(t.as_ri()).chain(reference.as_ri()) {
        let _ = relativize(base, target).map_err(|e| {
            show(&e);
            let _ = e.name();
        });
        let _ = has_relative_form(base, target);
        for form in [
            Form::Shortest,
            Form::AbsolutePath,
            Form::NetworkPath,
            Form::SameDocument,
        ] {
            let _ = relativize_with(base, target, form);
        }
    }
}

/// Step: the input resolved against the fixed bases and used as a base,
/// both specs; `resolve_str` and `Resolver::parse`; dot segments; every
/// normalizing entry point; `normalized_eq`; the facade's `UriExt` and
/// `IriExt`.
fn resolve_step(input: &str) {
    let _ = has_dot_segments(input);
    let mut out = String::new();
    remove_dot_segments(input, &mut out);
    for base in BASES {
        let _ = resolve_str(base, input).map_err(|e| {
            let _ = (e.kind(), e.kind().name(), e.index());
        });
        let _ = resolve_str(input, base);
    }
    let _ = Resolver::parse(input).map(|mut r| r.resolve(UriReference::parse("../x").expect("ok")));
    if let Some(options) = options_for(input) {
        if let Ok(r) = UriReference::parse_with(input, options) {
            let n = normalize(r);
            let mut into = String::new();
            normalize_into(r.components(), &mut into);
            let _ = normalized_eq(r, n.as_uri_reference());
            for base in BASES {
                let b = Uri::parse(base).expect("a base");
                resolve_pair(b, r);
                let _ = resolve_with_drive_letters(b, r);
                if let Some(u) = r.as_uri() {
                    resolve_pair(u, UriReference::parse(base).expect("a base"));
                    let _ = resolve_with_drive_letters(u, UriReference::from(b));
                    let _ = u.normalized_eq(&b);
                    let _ = u.equivalent(&b);
                }
            }
            if let Some(u) = r.as_uri() {
                let _ = (normalize_uri(u), NormalizedUri::new(u).into_uri_buf());
                let _ = NormalizedUri::new(u).as_uri().as_str().len();
                let _ = normalize_uri_with(u, registry());
                let _ = normalize_uri_with(u, &SyntaxOnly);
                let _ = NormalizedUri::with_rules(u, registry());
                for (dots, unreserved) in
                    [(false, false), (false, true), (true, false), (true, true)]
                {
                    let options = NormalizeOptions::new()
                        .remove_dot_segments(dots)
                        .decode_unreserved_in_path(unreserved);
                    let _ = normalize_uri_with_options(u, options);
                }
                let owned = u.to_buf();
                let _ = (
                    u.join("../x"),
                    u.join(input),
                    u.normalize(),
                    owned.normalize(),
                );
                let _ = (
                    owned.join(input),
                    owned.normalized_eq(&u),
                    owned.equivalent(&u),
                );
            }
        }
        if let Ok(r) = IriReference::parse_with(input, options) {
            let _ = normalize(r);
            for base in BASES {
                resolve_pair(Iri::parse(base).expect("a base"), r);
            }
            if let Some(i) = r.as_iri() {
                let _ = normalize_uri(i);
                resolve_pair(i, IriReference::parse("../é?ü#ö").expect("ok"));
                let owned = i.to_buf();
                let other = Iri::parse("http://é.example/ü").expect("an IRI");
                let _ = (
                    i.join("../é"),
                    i.join(input),
                    i.normalize(),
                    owned.join(input),
                );
                let _ = (
                    i.normalized_eq(&other),
                    i.equivalent(&other),
                    owned.equivalent(&i),
                );
            }
        }
    }
}

/// Step: RFC 3987's mappings both ways (with and without IDNA), display,
/// the bidi check, syntax and NFC normalization, the keyed forms.
fn iri(input: &str) {
    if let Some(options) = options_for(input) {
        if let Ok(r) = IriReference::parse_with(input, options) {
            let u = to_uri(r);
            let _ = (u.as_str(), u.is_borrowed(), u.as_ref());
            let _ = to_uri(r).into_owned();
            let _ = to_uri(r).into_string();
            for mapping in [HostMapping::Percent, HostMapping::Idna] {
                match to_uri_with(r, mapping) {
                    Ok(u) => {
                        let _ = to_iri(u.as_ref());
                    }
                    Err(e) => {
                        show(&e);
                        let _ = (e.kind(), e.kind().name(), e.kind().message(), e.index());
                    }
                }
            }
            show(&display(r));
            for w in display_warnings(r) {
                show(&w);
                let _ = (
                    w.kind().name(),
                    w.component(),
                    w.span(),
                    w.text(),
                    w.unicode(),
                );
            }
            if let Err(e) = check_bidi(r) {
                show(&e);
                let _ = (e.component(), e.rule(), e.rule().name(), e.index());
            }
            for form in [Normalization::Syntax, Normalization::Nfc] {
                let _ = urikit::iri::normalize(r, form);
            }
            if let Some(i) = r.as_iri() {
                let _ = NormalizedIri::new(i).as_iri();
                let _ = NormalizedIri::with_nfc(i).into_iri_buf();
                let _ = NormalizedIri::new(i).as_str().len();
            }
        }
        if let Ok(u) = UriReference::parse_with(input, options) {
            let _ = to_iri(u).into_owned();
            for idna in [false, true] {
                let options = ToIriOptions::new().idna(idna);
                let _ = options.converts_idna();
                let i = to_iri_with(u, options);
                let _ = to_uri(i.as_ref());
            }
        }
    }
}

/// Every getter of a scheme's typed view.
fn view(fields: &Fields) {
    match fields {
        Fields::None => {}
        Fields::Http(h) => {
            let _ = (h.host(), h.port());
            if let Some(o) = h.origin() {
                show(o);
                let _ = (o.scheme(), o.host(), o.port());
            }
        }
        Fields::Mailto(m) => {
            let _ = (m.to(), m.addresses(), m.headers(), m.header("to"));
            let _ = (m.header("BCC"), m.subject(), m.body(), m.is_equivalent(m));
        }
        Fields::Urn(u) => {
            let _ = (u.nid(), u.nss(), u.r_component(), u.q_component());
            let _ = (u.f_component(), u.is_informal(), u.equivalence_key());
            let _ = u.is_equivalent(u);
        }
        Fields::Tel(t) => {
            let _ = (t.is_global(), t.number(), t.digits(), t.phone_context());
            let _ = (t.extension(), t.isub(), t.to_normalized());
            let _: Vec<_> = t.params().collect();
            let _: Vec<_> = t.parameters().collect();
        }
        Fields::File(f) => {
            let _ = (f.host(), f.host_as_written(), f.path(), f.is_local());
            let _ = f.drive_letter();
        }
        Fields::Data(d) => {
            let _ = (d.media_type(), d.parameters(), d.charset(), d.is_base64());
            let _ = (d.encoded(), d.data_len(), d.decode());
        }
        Fields::Ldap(l) => {
            let _ = (l.host(), l.port(), l.dn(), l.attributes(), l.scope());
            let _ = l.filter();
            let _: Vec<_> = l.extensions().collect();
        }
        Fields::News(n) => {
            let _ = (n.is_nntp(), n.server(), n.port(), n.newsgroups());
            let _ = (n.message_id(), n.article_number());
        }
        Fields::Ftp(f) => {
            let _ = (f.host(), f.port(), f.user(), f.segments(), f.typecode());
        }
        _ => {}
    }
}

/// The registry and the scheme itself on one URI: check with its view,
/// validate, normalize, equivalence with itself, its normal form and the
/// fixed bases.
fn scheme_one(u: Uri<'_>) {
    let registry = registry();
    let report = registry.check(u);
    view(report.fields());
    for v in report.violations() {
        show(v);
        let _ = (v.severity(), v.is_error(), v.kind(), v.index(), v.section());
        let _ = serde_json::to_string(v);
    }
    let _ = (report.is_valid(), report.clone().into_parts());
    let _ = registry.validate(u);
    let n = registry.normalize(u);
    let (a, b) = (UriReference::from(u), n.as_uri().as_uri_reference());
    let _ = (registry.equivalent(a, b), registry.equivalent(b, a));
    let _ = registry.equivalence(a, b).map(|e| e.as_str());
    for base in BASES {
        let c = UriReference::parse(base).expect("a base");
        let _ = (registry.equivalent(a, c), registry.equivalence(c, a));
    }
    let _ = iana::lookup(u.scheme());
    if let Some(scheme) = registry.get(u.scheme()) {
        let _ = (
            scheme.name(),
            scheme.kind(),
            scheme.default_port(),
            scheme.uses_dns(),
        );
        let _ = (scheme.opaque_path(), scheme.decodes_unreserved());
        let _ = (
            scheme.keeps_dot_segments(u),
            scheme.check(u),
            scheme.validate(u),
        );
        let _ = generic_checks(u, scheme);
        let _ = scheme.equivalent(u, n.as_uri());
        let mut owned = u.to_buf();
        scheme.normalize(&mut owned);
    }
}

/// Step: the input through the registry when it is a URI, as a scheme name
/// and an IANA name, in a mailto builder; and after every registered
/// scheme's name.
fn schemes(input: &str) {
    let registry = registry();
    let _ = (registry.get(input), iana::lookup(input));
    if let Some(options) = options_for(input) {
        if let Ok(u) = Uri::parse_with(input, options) {
            scheme_one(u);
        }
    }
    let built = urikit::schemes::Mailto::builder()
        .to(input)
        .to("a@b")
        .cc(input)
        .header(input, input)
        .subject(input)
        .body(input)
        .build();
    show(&built);
    prefixed(input);
}

/// The scheme step on `name:` + input for every registered scheme.
fn prefixed(input: &str) {
    for name in registry().names() {
        let text = format!("{name}:{input}");
        if let Some(options) = options_for(&text) {
            if let Ok(u) = Uri::parse_with(&text, options) {
                scheme_one(u);
            }
        }
    }
}

/// Step: `file` URIs to paths and back on both OSes.
fn file_paths(input: &str) {
    let uri = Uri::parse(input).ok();
    for os in [Os::Posix, Os::Windows] {
        let _ = (os.as_str(), os.separator());
        match from_path(input, os) {
            Ok(u) => {
                let _ = to_path(u.as_uri(), os);
            }
            Err(e) => {
                show(&e);
                let _ = (e.kind(), e.kind().name(), e.kind().to_string(), e.index());
            }
        }
        let _ = to_path_str(input, os);
        if let Some(u) = uri {
            let _ = to_path(u, os);
        }
    }
}

/// Deserializes `json` as `T`, serializes what comes out, and reads that
/// back.
fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(json: &str) {
    if let Ok(value) = serde_json::from_str::<T>(json) {
        if let Ok(again) = serde_json::to_string(&value) {
            let _ = serde_json::from_str::<T>(&again);
        }
    }
}

/// Step: serde round trips of every owned type and the keyed normal forms
/// from the input as a JSON string, and the borrowed types read from it.
fn serde_step(input: &str) {
    let Ok(json) = serde_json::to_string(input) else {
        return;
    };
    round_trip::<UriBuf>(&json);
    round_trip::<UriReferenceBuf>(&json);
    round_trip::<RelativeRefBuf>(&json);
    round_trip::<IriBuf>(&json);
    round_trip::<IriReferenceBuf>(&json);
    round_trip::<RelativeIriBuf>(&json);
    round_trip::<NormalizedUri>(&json);
    round_trip::<NormalizedUri<IriSpec>>(&json);
    round_trip::<NormalizedIri>(&json);
    round_trip::<urikit::schemes::Severity>(&json);
    let _ = serde_json::from_str::<Uri<'_>>(&json).map(|u| serde_json::to_string(&u));
    let _ = serde_json::from_str::<UriReference<'_>>(&json).map(|u| serde_json::to_string(&u));
    let _ = serde_json::from_str::<RelativeRef<'_>>(&json);
    let _ = serde_json::from_str::<IriReference<'_>>(&json).map(|u| serde_json::to_string(&u));
    let _ = serde_json::from_str::<Iri<'_>>(&json);
    let _ = serde_json::from_str::<RelativeIri<'_>>(&json);
}

/// Shows an interop error and its accessors.
fn interop_error(e: &urikit::interop::InteropError) {
    show(e);
    let _ = (e.kind(), e.component(), e.parse_error());
}

/// Step: conversions to and from `http::Uri` and `url::Url`, from our
/// parses and from theirs.
fn interop(input: &str) {
    if let Some(options) = options_for(input) {
        if let Ok(r) = UriReference::parse_with(input, options) {
            let _ = http::Uri::try_from(r).map_err(|e| interop_error(&e));
            let _ = http::Uri::try_from(&r.to_buf()).map_err(|e| interop_error(&e));
            if let Some(u) = r.as_uri() {
                let _ = http::Uri::try_from(u).map_err(|e| interop_error(&e));
                let _ = http::Uri::try_from(&u.to_buf());
                let _ = url::Url::try_from(u).map_err(|e| interop_error(&e));
                let _ = url::Url::try_from(&u.to_buf());
            }
        }
    }
    if let Ok(h) = input.parse::<http::Uri>() {
        let _ = UriReferenceBuf::try_from(&h).map_err(|e| interop_error(&e));
        let _ = UriBuf::try_from(&h).map_err(|e| interop_error(&e));
    }
    if let Ok(u) = url::Url::parse(input) {
        let _ = UriBuf::try_from(&u).map_err(|e| interop_error(&e));
        let _ = UriBuf::try_from(u);
    }
}

/// Step: the lint (`urikit::lint`), with and without its pre-scan and
/// against a base, and its JSON and SARIF output.
fn lint_step(input: &str) {
    use urikit::lint::{Lint, Located, sarif, to_json_line};
    let lint = Lint::new();
    let found = lint.check(input);
    let _ = lint.clone().prescan(false).check(input);
    let _ = lint.readings(input).to_string();
    let based = Lint::new().with_base(Uri::from_static("http://a/b/c/d;p?q"));
    let _ = based.check(input);
    for f in &found {
        show(f);
        let _ = to_json_line(&Located::new("-", 1, input, f));
    }
    let _ = sarif::to_sarif(found.iter().map(|f| Located::new("-", 1, input, f)));
}

/// How long the sweep may take in a debug build before the test says so
/// (it is a budget to keep, not a measure of correctness). 120 s since the
/// sweep took in `uri-lint` (both readings of every input), the three new
/// schemes and the editors: alone it takes about 50 s in a debug build on
/// this 2-core machine, and it runs beside the other conformance tests.
const BUDGET_SECONDS: u64 = 120;

#[test]
fn no_public_function_panics_on_the_hostile_corpus() {
    let corpus = corpus();
    assert!(
        corpus.len() > 3000,
        "the corpus shrank to {} strings",
        corpus.len()
    );
    let start = Instant::now();
    let mut panics: Vec<String> = Vec::new();
    for input in &corpus {
        for &(name, step) in STEPS {
            if catch_unwind(AssertUnwindSafe(|| step(input))).is_err() {
                let shown: String = input.chars().take(120).collect();
                panics.push(format!(
                    "{name} panics on {shown:?} ({} bytes)",
                    input.len()
                ));
            }
        }
    }
    let elapsed = start.elapsed();
    assert!(
        panics.is_empty(),
        "{} panics over {} inputs:\n{}",
        panics.len(),
        corpus.len(),
        panics.join("\n")
    );
    assert!(
        elapsed.as_secs() < BUDGET_SECONDS,
        "the sweep took {elapsed:?} for {} inputs",
        corpus.len()
    );
}

/// The sweep would be worthless if `catch_unwind` did not see a panic: a
/// step that panics is caught and reported.
#[test]
fn a_panicking_step_is_caught() {
    let step: fn(&str) = |input| {
        let _ = input.as_bytes()[input.len()];
    };
    assert!(catch_unwind(AssertUnwindSafe(|| step("abc"))).is_err());
    assert!(catch_unwind(AssertUnwindSafe(|| parse_and_getters("abc"))).is_ok());
}
