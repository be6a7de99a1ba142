//! The properties the fuzz targets check, written once.
//!
//! Each fuzz target in `fuzz/fuzz_targets/` is one of these functions, and
//! `tests/conformance/fuzz_regressions.rs` replays the saved crashes in
//! `tests/fuzz-regressions/<target>/` through the same function on stable,
//! so a regression file always checks exactly what the fuzzer checked. Both
//! include this file with `#[path]` (the `conformance` test binary as its
//! `props` module, which `decode_model.rs` uses too); it uses `urikit` (with
//! its `serde`, `http`, `url` and `psl` features), `urikit-cli`'s library (the
//! engine of `urikit edit`), `serde`, `serde_json`, `http`, `url` and
//! `std`.
//!
//! Every property takes arbitrary bytes and panics (an `assert!`) when the
//! property does not hold. Bytes that are not UTF-8 are read with
//! `String::from_utf8_lossy`, so every input reaches the parser.

use std::borrow::Cow;
use std::net::{Ipv4Addr, Ipv6Addr};

use urikit::encode::{
    Decoder, EncodeSet, decode_form, decode_lossy, encode, encode_bytes_into, encode_bytes_to_str,
    encode_form, normalize as normalize_pct, validate,
};
use urikit::iri::{
    HostMapping, Normalization, NormalizedIri, ToIriOptions, check_bidi, display, to_iri,
    to_iri_with, to_uri, to_uri_with,
};
use urikit::resolve::{
    Form, NormalizedUri, Resolver, has_dot_segments, normalize, normalize_into, normalize_uri,
    normalized_eq, relativize, relativize_with, resolve, resolve_str,
};
use urikit::schemes::{
    Fields, Geo, Kind, Os, Purl, Registry, Scheme, Sip, Violation, from_path, to_path, to_path_str,
};
use urikit::spec::{is_bidi_formatting, is_iprivate, is_ucschar};
use urikit::{
    Builder, Component, Components, Host, HostKind, Iri, IriBuf, IriReference, IriReferenceBuf,
    IriSpec, ParseError, ParseErrorKind, ParseOptions, PortError, RelativeIri, RelativeIriBuf,
    RelativeRef, RelativeRefBuf, Spec, Uri, UriBuf, UriReference, UriReferenceBuf, UriSpec,
};

/// A property: panics when `data` breaks it.
pub(crate) type Property = fn(&[u8]);

/// Every target: its name (the folder under `fuzz/fuzz_targets/`,
/// `fuzz/corpus-seed/` and `tests/fuzz-regressions/`) and its property.
pub(crate) const TARGETS: &[(&str, Property)] = &[
    ("parse_roundtrip", parse_roundtrip),
    ("components_reassemble", components_reassemble),
    ("percent_roundtrip", percent_roundtrip),
    ("normalize_idempotent", normalize_idempotent),
    ("resolve_parses", resolve_parses),
    ("relativize_inverts", relativize_inverts),
    ("iri_parse", iri_parse),
    ("iri_to_uri", iri_to_uri),
    ("uri_to_iri", uri_to_iri),
    ("iri_display", iri_display),
    ("scheme_check", scheme_check),
    ("pkg_check", pkg_check),
    ("sip_check", sip_check),
    ("geo_check", geo_check),
    ("file_paths", file_paths),
    ("serde_roundtrip", serde_roundtrip),
    ("interop_roundtrip", interop_roundtrip),
    ("equivalent_normalization", equivalent_normalization),
    ("cli_edit", cli_edit),
    ("grammar_uri", grammar_uri),
    ("lint_check", lint_check),
    ("template_expand_match", template_expand_match),
    ("writer_checked", writer_checked),
    ("public_suffix", public_suffix),
];

/// Default options, then zone identifiers allowed.
const OPTIONS: [ParseOptions; 2] = [ParseOptions::new(), ParseOptions::new().allow_zone_id(true)];

/// The base for `resolve_parses` and `relativize_inverts` when the input
/// has no NUL byte: the base of RFC 3986 §5.4.
const DEFAULT_BASE: &str = "http://a/b/c/d;p?q";

/// Every encode set `uri-encode` defines, by name.
const SETS: [(&str, EncodeSet); 11] = EncodeSet::PREDEFINED;

/// The input as text: UTF-8 as it is, anything else lossily.
fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// A base and a reference: the text before and after the first NUL, or
/// [`DEFAULT_BASE`] and the whole input.
fn pair(data: &[u8]) -> (Cow<'_, str>, Cow<'_, str>) {
    match data.iter().position(|&b| b == 0) {
        Some(k) => (text(&data[..k]), text(&data[k + 1..])),
        None => (Cow::Borrowed(DEFAULT_BASE), text(data)),
    }
}

/// The seven components of a parse, in RFC 3986 order, and the host kind.
type Parts<'a> = ([Option<&'a str>; 7], Option<urikit::HostKind>);

fn parts<'a, S: Spec>(c: &Components<'a, S>) -> Parts<'a> {
    (
        [
            c.scheme(),
            c.userinfo(),
            c.host_str(),
            c.port(),
            Some(c.path()),
            c.query(),
            c.fragment(),
        ],
        c.host_kind(),
    )
}

/// A parse error points into the input, on a character boundary, and
/// renders.
fn check_error(rule: &str, input: &str, e: ParseError) {
    let i = e.index();
    assert!(
        i <= input.len(),
        "{rule}: error index {i} past the end of {input:?}"
    );
    assert!(
        input.is_char_boundary(i),
        "{rule}: error index {i} inside a character of {input:?}"
    );
    let caret = e.caret(input).to_string();
    assert!(caret.starts_with("error: "), "{rule}: caret {caret:?}");
    assert_eq!(caret, e.caret_bytes(input.as_bytes()).to_string());
    assert!(!e.to_string().is_empty() && !e.kind().name().is_empty());
}

/// Parses `input` with one borrowed type and its owned twin, checks that
/// they agree and that the parse round-trips, and gives the components.
macro_rules! check_rule {
    ($Type:ident, $Buf:ident, $input:expr, $options:expr) => {{
        let input: &str = $input;
        let options: ParseOptions = $options;
        let rule = stringify!($Type);
        let borrowed = $Type::parse_with(input, options);
        let owned = $Buf::parse_with(input.to_owned(), options);
        match (&borrowed, &owned) {
            (Ok(b), Ok(o)) => {
                assert_eq!(b.to_string(), input, "{rule}: Display is not the input");
                assert_eq!(b.as_str(), input, "{rule}: as_str is not the input");
                assert_eq!(o.to_string(), input, "{rule}: owned Display");
                let c = b.components();
                assert_eq!(
                    parts(&c),
                    parts(&o.components()),
                    "{rule}: owned parse of {input:?}"
                );
                assert_eq!(
                    parts(&c),
                    parts(&b.to_buf().components()),
                    "{rule}: to_buf of {input:?}"
                );
                let _ = format!("{b:?} {o:?} {}", b.redacted());
            }
            (Err(e), Err(oe)) => {
                assert_eq!(*e, oe.error(), "{rule}: owned error for {input:?}");
                assert_eq!(oe.input(), input, "{rule}: owned error input");
                assert!(!oe.caret().to_string().is_empty());
                check_error(rule, input, *e);
            }
            _ => panic!(
                "{rule}: borrowed and owned parses disagree on {input:?}: {borrowed:?} / {owned:?}"
            ),
        }
        if options == ParseOptions::new() {
            let from_str = input.parse::<$Buf>();
            assert_eq!(
                from_str.as_ref().map(|o| o.as_str()).map_err(|e| *e),
                borrowed.map(|b| b.as_str()),
                "{rule}: FromStr disagrees on {input:?}"
            );
        }
        borrowed.map(|b| b.components())
    }};
}

/// Property `parse_roundtrip`: parsing never panics, with or without zone
/// identifiers. `UriReference`, `Uri` and `RelativeRef` (borrowed and
/// owned) agree with each other; on success `Display` gives back the input
/// exactly; on failure the error index is within the input, on a character
/// boundary, and the caret renders. Allowing zone identifiers only ever
/// accepts more, with the same components.
pub(crate) fn parse_roundtrip(data: &[u8]) {
    let input = text(data);
    let input = &*input;
    let mut strict: Option<Result<Parts<'_>, ParseError>> = None;
    for options in OPTIONS {
        let reference = check_rule!(UriReference, UriReferenceBuf, input, options);
        let uri = check_rule!(Uri, UriBuf, input, options);
        let relative = check_rule!(RelativeRef, RelativeRefBuf, input, options);
        match reference {
            Ok(r) => {
                let (has_scheme, p) = (r.scheme().is_some(), parts(&r));
                assert_eq!(
                    uri.is_ok(),
                    has_scheme,
                    "Uri::parse vs UriReference::parse on {input:?}: {uri:?}"
                );
                assert_eq!(
                    relative.is_ok(),
                    !has_scheme,
                    "RelativeRef::parse vs UriReference::parse on {input:?}: {relative:?}"
                );
                if let Ok(u) = uri {
                    assert_eq!(parts(&u), p, "Uri components of {input:?}");
                }
                if let Ok(rel) = relative {
                    assert_eq!(parts(&rel), p, "RelativeRef components of {input:?}");
                }
            }
            Err(_) => assert!(
                uri.is_err() && relative.is_err(),
                "UriReference::parse refuses {input:?} but Uri or RelativeRef accepts it"
            ),
        }
        match &strict {
            None => strict = Some(reference.map(|r| parts(&r))),
            Some(Ok(p)) => assert_eq!(
                reference.map(|r| parts(&r)).as_ref(),
                Ok(p),
                "allowing zone identifiers changed the parse of {input:?}"
            ),
            Some(Err(e)) => {
                if reference.is_ok() {
                    assert_eq!(
                        e.kind(),
                        ParseErrorKind::ZoneIdNotAllowed,
                        "{input:?} parses with zone identifiers allowed, but fails without for another reason"
                    );
                }
            }
        }
    }
}

/// Property `components_reassemble`: for every reference that parses,
/// `scheme ":" "//" userinfo "@" host ":" port path "?" query "#" fragment`
/// gives back the input, the authority's text is its parts, the builder
/// rebuilds the input from the components, path segments join back to the
/// path, the parsed host agrees with `std::net` (an IP literal is the
/// address std reads, a dotted-decimal IPv4 is never a reg-name), and
/// `port_u16` agrees with the port's digits.
pub(crate) fn components_reassemble(data: &[u8]) {
    let input = text(data);
    let input = &*input;
    // IPv6 literals, both ways: `//[x]` parses iff std reads `x` as IPv6.
    if let Some(inner) = input.strip_prefix("//[").and_then(|s| s.strip_suffix(']')) {
        if !inner.contains(['%', '[', ']']) && !inner.starts_with(['v', 'V']) {
            assert_eq!(
                UriReference::parse(input).is_ok(),
                inner.parse::<Ipv6Addr>().is_ok(),
                "the IP literal of {input:?}: urikit and std::net disagree"
            );
        }
    }
    for options in OPTIONS {
        let Ok(r) = UriReference::parse_with(input, options) else {
            continue;
        };
        let c = r.components();
        let mut joined = String::new();
        if let Some(scheme) = c.scheme() {
            joined.push_str(scheme);
            joined.push(':');
        }
        if let Some(a) = c.authority() {
            let mut authority = String::new();
            if let Some(userinfo) = a.userinfo() {
                authority.push_str(userinfo);
                authority.push('@');
            }
            authority.push_str(a.host_str());
            if let Some(port) = a.port() {
                authority.push(':');
                authority.push_str(port);
            }
            assert_eq!(authority, a.as_str(), "the authority of {input:?}");
            joined.push_str("//");
            joined.push_str(&authority);
            check_host(input, options, a);
        } else {
            assert!(c.userinfo().is_none() && c.host().is_none() && c.port().is_none());
            assert_eq!(c.host_kind(), None);
        }
        joined.push_str(c.path());
        if let Some(query) = c.query() {
            joined.push('?');
            joined.push_str(query);
        }
        if let Some(fragment) = c.fragment() {
            joined.push('#');
            joined.push_str(fragment);
        }
        assert_eq!(
            joined, input,
            "the components of {input:?} do not re-assemble"
        );
        assert_eq!(r.has_authority(), c.authority().is_some());

        let built = Builder::from_components(c)
            .build()
            .unwrap_or_else(|e| panic!("the builder refuses the components of {input:?}: {e}"));
        assert_eq!(built.as_str(), input, "the builder changed {input:?}");

        let path = c.path();
        let segments: Vec<&str> = c.path_segments().collect();
        let mut back: Vec<&str> = c.path_segments().rev().collect();
        back.reverse();
        assert_eq!(segments, back, "path segments of {input:?} backwards");
        let rejoined = segments.join("/");
        if path.is_empty() {
            assert!(
                segments.is_empty(),
                "segments of an empty path: {segments:?}"
            );
        } else if let Some(rest) = path.strip_prefix('/') {
            assert_eq!(rejoined, rest, "segments of {input:?}");
        } else {
            assert_eq!(rejoined, path, "segments of {input:?}");
        }
    }
}

/// The host of an authority against `std::net`, and the port as a number.
fn check_host(input: &str, options: ParseOptions, a: urikit::Authority<'_>) {
    let text = a.host_str();
    let host = a.host();
    assert_eq!(host.kind(), a.host_kind(), "host kind of {input:?}");
    match host {
        Host::Ipv4(addr) => {
            assert_eq!(text.parse::<Ipv4Addr>(), Ok(addr), "IPv4 host of {input:?}")
        }
        Host::Ipv6 { addr, zone } => {
            let inner = &text[1..text.len() - 1];
            let (address, z) = match inner.split_once("%25") {
                Some((address, z)) => (address, Some(z)),
                None => (inner, None),
            };
            assert_eq!(zone, z, "zone of {input:?}");
            assert!(
                zone.is_none() || options.zone_id_allowed(),
                "zone identifier accepted by default in {input:?}"
            );
            assert_eq!(
                address.parse::<Ipv6Addr>(),
                Ok(addr),
                "IPv6 host of {input:?}: urikit and std::net disagree"
            );
        }
        Host::IpvFuture { version, address } => {
            assert!(text.starts_with("[v") || text.starts_with("[V"));
            assert_eq!(&text[2..], format!("{version}.{address}]"), "{input:?}");
            assert!(!version.is_empty() && version.bytes().all(|b| b.is_ascii_hexdigit()));
            assert!(!address.is_empty());
        }
        Host::RegName(name) => {
            assert_eq!(name, text);
            assert!(
                name.parse::<Ipv4Addr>().is_err(),
                "dotted-decimal IPv4 {name:?} read as a reg-name in {input:?}"
            );
        }
    }
    let expected = match a.port() {
        None => Ok(None),
        Some("") => Ok(None),
        Some(p) => {
            assert!(p.bytes().all(|b| b.is_ascii_digit()), "port {p:?}");
            let digits = p.trim_start_matches('0');
            match digits.parse::<u16>() {
                Ok(n) => Ok(Some(n)),
                Err(_) if digits.is_empty() => Ok(Some(0)),
                Err(_) => Err(PortError::TooLarge),
            }
        }
    };
    assert_eq!(a.port_u16(), expected, "port of {input:?}");
}

/// Property `percent_roundtrip`: any bytes encoded with every
/// [`EncodeSet`] give ASCII of kept bytes and upper-case triplets that
/// decodes (with `+` as space for sets that write it) to the same bytes;
/// `preserving_triplets` output always validates; decoding arbitrary text
/// never panics and its strict, lossy and UTF-8 forms agree; percent
/// normalization is idempotent, always valid and keeps the lossy-decoded
/// bytes; form pairs survive `encode_form` then `decode_form`.
pub(crate) fn percent_roundtrip(data: &[u8]) {
    let utf8 = std::str::from_utf8(data).ok();
    for (name, set) in &SETS {
        let plus = set.writes_space_as_plus();
        let encoded = encode_bytes_to_str(data, set);
        let b = encoded.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'%' {
                assert!(
                    i + 2 < b.len()
                        && b[i + 1..i + 3]
                            .iter()
                            .all(|c| c.is_ascii_digit() || (b'A'..=b'F').contains(c)),
                    "{name}: bad triplet at {i} in {encoded:?}"
                );
                i += 3;
            } else {
                assert!(
                    set.keeps(b[i]) || (plus && b[i] == b'+'),
                    "{name}: byte {:?} not kept by the set in {encoded:?}",
                    char::from(b[i])
                );
                i += 1;
            }
        }
        let mut into = String::from("x");
        encode_bytes_into(data, set, &mut into);
        assert_eq!(&into[1..], encoded, "{name}: encode_bytes_into");
        if let Some(s) = utf8 {
            assert_eq!(encode(s, set), encoded, "{name}: encode");
        }
        let decoded = Decoder::new()
            .plus_as_space(plus)
            .decode(&encoded)
            .unwrap_or_else(|e| panic!("{name}: {encoded:?} does not decode: {e}"));
        assert_eq!(&*decoded, data, "{name}: round trip through {encoded:?}");

        let preserving = set.preserving_triplets();
        let kept = encode_bytes_to_str(data, &preserving);
        assert!(
            validate(&kept).is_ok(),
            "{name}: preserving_triplets gave {kept:?}"
        );
        if !plus {
            assert_eq!(
                encode(&kept, &preserving),
                kept,
                "{name}: preserving_triplets is not idempotent"
            );
        }
    }

    let s = text(data);
    let s = &*s;
    for plus in [false, true] {
        let d = Decoder::new().plus_as_space(plus);
        let lossy = d.decode_lossy(s);
        assert_eq!(d.decode_bytes_lossy(s.as_bytes()), lossy);
        let (model, first_bad) = decode_model(s.as_bytes(), plus);
        assert_eq!(
            &*lossy,
            &model[..],
            "lossy decoding of {s:?} (plus: {plus})"
        );
        assert_eq!(
            d.decode(s).err().map(|e| e.index()),
            first_bad,
            "strict decoding of {s:?} (plus: {plus})"
        );
        match d.decode(s) {
            Ok(bytes) => {
                assert_eq!(bytes, lossy, "strict and lossy decoding differ on {s:?}");
                assert!(validate(s).is_ok(), "decodes but does not validate: {s:?}");
                match d.decode_utf8(s) {
                    Ok(t) => assert_eq!(t.as_bytes(), &*bytes),
                    Err(_) => assert!(std::str::from_utf8(&bytes).is_err()),
                }
            }
            Err(e) => {
                assert!(validate(s).is_err(), "validates but does not decode: {s:?}");
                assert_eq!(s.as_bytes().get(e.index()), Some(&b'%'), "{s:?}: {e}");
                assert!(d.decode_utf8(s).is_err());
            }
        }
        assert_eq!(
            d.decode_bytes(s.as_bytes()).ok(),
            d.decode(s).ok(),
            "decode_bytes"
        );
        assert_eq!(
            d.decode_utf8_lossy(s),
            String::from_utf8_lossy(&lossy),
            "decode_utf8_lossy of {s:?}"
        );
    }

    let normal = normalize_pct(s);
    assert_eq!(
        normalize_pct(&normal),
        normal,
        "percent normalization of {s:?} is not idempotent"
    );
    assert!(validate(&normal).is_ok(), "normalize({s:?}) = {normal:?}");
    assert_eq!(
        decode_lossy(&normal),
        decode_lossy(s),
        "normalize({s:?}) = {normal:?} changed the bytes"
    );

    let pairs: Vec<(Cow<'_, str>, Cow<'_, str>)> = decode_form(s).collect();
    let form = encode_form(pairs.iter().map(|(k, v)| (k, v)));
    let back: Vec<(Cow<'_, str>, Cow<'_, str>)> = decode_form(&form).collect();
    assert_eq!(back, pairs, "form pairs of {s:?} through {form:?}");
}

/// Percent-decoding as RFC 3986 §2.1 describes it, one byte at a time: the
/// model the decoders are checked against. Bad triplets are copied; the
/// offset of the first one is returned beside the output.
pub(crate) fn decode_model(b: &[u8], plus: bool) -> (Vec<u8>, Option<usize>) {
    let hex = |c: u8| char::from(c).to_digit(16);
    let (mut out, mut first_bad, mut i) = (Vec::new(), None, 0);
    while i < b.len() {
        match (
            b[i],
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(hi), Some(lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
                continue;
            }
            (b'%', _, _) => first_bad = first_bad.or(Some(i)),
            (b'+', _, _) if plus => {
                out.push(b' ');
                i += 1;
                continue;
            }
            _ => {}
        }
        out.push(b[i]);
        i += 1;
    }
    (out, first_bad)
}

/// Property `normalize_idempotent`: for every reference that parses (with
/// or without zone identifiers), `uri_resolve::normalize` does not panic;
/// its result parses with the same components and the same presence of
/// scheme, authority, userinfo, port, query and fragment (no authority
/// appears where there was none), normalizing it again changes nothing,
/// `normalized_eq` holds between the input and its normal form, and the
/// other normalizing entry points agree. The input may hold several
/// references separated by NUL; for the first two, `normalized_eq` is
/// true exactly when their normal forms are equal.
pub(crate) fn normalize_idempotent(data: &[u8]) {
    let input = text(data);
    let mut normals: Vec<Option<String>> = Vec::new();
    for (k, part) in input.split('\0').enumerate() {
        let mut first = None;
        for options in OPTIONS {
            let Ok(r) = UriReference::parse_with(part, options) else {
                continue;
            };
            let n = normalize(r);
            let n_str = n.as_str();
            let again = UriReference::parse_with(n_str, options)
                .unwrap_or_else(|e| panic!("normalize({part:?}) = {n_str:?} does not parse: {e}"));
            assert_eq!(parts(&again.components()), parts(&n.components()));
            let presence = |c: &Components<'_>| {
                [
                    c.scheme().is_some(),
                    c.authority().is_some(),
                    c.userinfo().is_some(),
                    c.port().is_some(),
                    c.query().is_some(),
                    c.fragment().is_some(),
                ]
            };
            assert_eq!(
                presence(&r.components()),
                presence(&again.components()),
                "normalize({part:?}) = {n_str:?} changed which components are present"
            );
            let twice = normalize(again);
            assert_eq!(
                twice.as_str(),
                n_str,
                "normalize is not idempotent on {part:?}"
            );
            assert!(
                normalized_eq(r, again) && normalized_eq(again, r),
                "normalized_eq({part:?}, {n_str:?}) is false"
            );
            let mut out = String::from("junk");
            normalize_into(r.components(), &mut out);
            assert_eq!(out, n_str, "normalize_into");
            if let Some(u) = r.as_uri() {
                assert_eq!(normalize_uri(u).as_str(), n_str, "normalize_uri");
                assert_eq!(NormalizedUri::new(u).as_str(), n_str, "NormalizedUri");
            }
            if first.is_none() {
                first = Some(n_str.to_owned());
            }
        }
        if k < 2 {
            normals.push(first);
        }
    }
    if let [Some(na), Some(nb)] = &normals[..] {
        let mut parts = input.split('\0');
        let (a, b) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        let (Ok(ra), Ok(rb)) = (UriReference::parse(a), UriReference::parse(b)) else {
            return;
        };
        assert_eq!(
            normalized_eq(ra, rb),
            na == nb,
            "normalized_eq({a:?}, {b:?}) disagrees with the normal forms {na:?} and {nb:?}"
        );
    }
}

/// Property `resolve_parses`: for a base that parses as a URI and a
/// reference (split at the first NUL, or the RFC 3986 §5.4 base and the
/// whole input; with or without zone identifiers allowed), strict and non-strict resolution write a URI that parses,
/// displays as written, and takes each component from where §5.2.2 says;
/// unless its path is the base's, copied, the path has no dot segments
/// (but the `/.` written before a `//` path) and the URI resolves to
/// itself; a reused resolver and the other entry points agree.
pub(crate) fn resolve_parses(data: &[u8]) {
    let (base_text, reference_text) = pair(data);
    for options in OPTIONS {
        if let Some((base, reference)) = parse_pair(&base_text, &reference_text, options) {
            resolve_one(&base_text, &reference_text, base, reference, options);
        }
    }
}

/// The base and the reference parsed with `options`; with zone
/// identifiers allowed, only when that parses what the default did not
/// (the rest was checked already).
fn parse_pair<'a>(
    base: &'a str,
    reference: &'a str,
    options: ParseOptions,
) -> Option<(Uri<'a>, UriReference<'a>)> {
    let parse = |options| {
        Some((
            Uri::parse_with(base, options).ok()?,
            UriReference::parse_with(reference, options).ok()?,
        ))
    };
    if options != ParseOptions::new() && parse(ParseOptions::new()).is_some() {
        return None;
    }
    parse(options)
}

/// `resolve_parses` for one parse of the base and reference.
fn resolve_one(
    base_text: &str,
    reference_text: &str,
    base: Uri<'_>,
    reference: UriReference<'_>,
    options: ParseOptions,
) {
    let r = reference.components();
    let mut strict = Resolver::new(base);
    let mut out = String::new();
    for is_strict in [true, false] {
        let mut resolver = if is_strict {
            Resolver::new(base)
        } else {
            Resolver::new(base).non_strict()
        };
        resolver.resolve_into(reference, &mut out);
        let what = format!(
            "resolving {reference_text:?} against {base_text:?} ({}) gave {out:?}",
            if is_strict { "strict" } else { "non-strict" }
        );
        let t = Uri::parse_with(&out, options)
            .unwrap_or_else(|e| panic!("{what}, which does not parse: {e}"));
        assert_eq!(t.to_string(), out, "{what}");

        let scheme = match r.scheme() {
            Some(s) if is_strict || !s.eq_ignore_ascii_case(base.scheme()) => Some(s),
            _ => None,
        };
        assert_eq!(
            t.scheme(),
            scheme.unwrap_or(base.scheme()),
            "{what}: scheme"
        );
        let from_reference = scheme.is_some() || r.authority().is_some();
        let authority = if from_reference {
            r.authority()
        } else {
            base.authority()
        };
        assert_eq!(
            t.authority().map(|a| a.as_str()),
            authority.map(|a| a.as_str()),
            "{what}: authority"
        );
        let query = if from_reference || !r.path().is_empty() {
            r.query()
        } else {
            r.query().or(base.query())
        };
        assert_eq!(t.query(), query, "{what}: query");
        assert_eq!(t.fragment(), r.fragment(), "{what}: fragment");
        // An empty reference path takes the base path as it is (§5.2.2),
        // dot segments included; every other path went through
        // remove_dot_segments.
        let copied = !from_reference && r.path().is_empty();
        if copied {
            assert_eq!(t.path(), base.path(), "{what}: path");
        }
        if !copied || !has_dot_segments(base.path()) {
            let path = t.path();
            let path = match path.strip_prefix("/.") {
                Some(rest) if !t.has_authority() && rest.starts_with("//") => rest,
                _ => path,
            };
            assert!(!has_dot_segments(path), "{what}: dot segments left");
            let mut fixed = String::new();
            strict.resolve_into(t.as_uri_reference(), &mut fixed);
            assert_eq!(fixed, out, "{what}; resolving that again gave {fixed:?}");
        }
        let reused = resolver.resolve(reference);
        assert_eq!(reused.as_str(), out, "a reused resolver");
        if is_strict {
            assert_eq!(resolve(base, reference).as_str(), out, "resolve()");
        }
        if is_strict && options == ParseOptions::new() {
            let via_str = resolve_str(base_text, reference_text)
                .unwrap_or_else(|e| panic!("resolve_str refuses what parsed: {e}"));
            assert_eq!(via_str.as_str(), out, "resolve_str()");
        }
    }
}

/// Property `relativize_inverts`: with the base and reference split as
/// for `resolve_parses`, take `t = resolve(base, reference)`, and also the
/// reference itself when it is a URI; whenever `relativize_with` (any
/// [`Form`]) answers `r`, `r` is a relative reference of that form and
/// `resolve(base, r) == t`, and the shortest form is no longer than any
/// other answer; `relativize(base, t)` gives the shortest form's answer, or
/// `t` itself when there is none and `t` resolves to itself.
pub(crate) fn relativize_inverts(data: &[u8]) {
    let (base_text, reference_text) = pair(data);
    for options in OPTIONS {
        if let Some((base, reference)) = parse_pair(&base_text, &reference_text, options) {
            relativize_one(&base_text, base, reference);
        }
    }
}

/// `relativize_inverts` for one parse of the base and reference.
fn relativize_one(base_text: &str, base: Uri<'_>, reference: UriReference<'_>) {
    let resolved = resolve(base, reference);
    let mut targets = vec![resolved.as_uri()];
    targets.extend(reference.as_uri());
    for t in targets {
        let shortest = relativize_with(base, t, Form::Shortest);
        // `relativize` answers the same, or the target itself when nothing
        // relative reaches it and it resolves to itself.
        let total = relativize(base, t);
        match &shortest {
            Ok(s) => assert_eq!(
                total.as_ref().ok(),
                Some(s),
                "relativize({base_text:?}, {t})"
            ),
            Err(_) if resolve(base, t.as_uri_reference()).as_str() == t.as_str() => assert_eq!(
                total.as_ref().map(|r| r.as_str()),
                Ok(t.as_str()),
                "relativize({base_text:?}, {t})"
            ),
            Err(_) => assert_eq!(
                total.as_ref().map(|r| r.as_str()).map_err(|e| *e),
                Err(urikit::resolve::RelativizeError::DotSegments),
                "relativize({base_text:?}, {t})"
            ),
        }
        let mut answers: Vec<(Form, usize)> = Vec::new();
        for form in [
            Form::Shortest,
            Form::AbsolutePath,
            Form::NetworkPath,
            Form::SameDocument,
        ] {
            let r = match relativize_with(base, t, form) {
                Ok(r) => r,
                Err(e) => {
                    assert!(!e.name().is_empty() && !e.to_string().is_empty());
                    continue;
                }
            };
            let r_str = r.as_str();
            let what = format!("relativize_with({base_text:?}, {t}, {form:?}) = {r_str:?}");
            assert!(r.scheme().is_none(), "{what} has a scheme");
            let back = resolve(base, r.as_uri_reference());
            assert_eq!(
                back.as_str(),
                t.as_str(),
                "{what}, which resolves to {back}"
            );
            match form {
                Form::SameDocument => {
                    assert!(r_str.is_empty() || r_str.starts_with('#'), "{what}");
                }
                Form::NetworkPath => assert!(r_str.starts_with("//"), "{what}"),
                Form::AbsolutePath => assert!(
                    r_str.is_empty() || r_str.starts_with(['/', '?', '#']),
                    "{what}"
                ),
                _ => assert_eq!(shortest.as_ref().map(|s| s.as_str()), Ok(r_str), "{what}"),
            }
            answers.push((form, r_str.len()));
        }
        // Every other form's candidates are among the shortest form's.
        match &shortest {
            Ok(s) => assert!(
                answers.iter().all(|&(_, n)| s.as_str().len() <= n),
                "relativize({base_text:?}, {t}) = {s:?} is not the shortest of {answers:?}"
            ),
            Err(e) => assert!(
                answers.is_empty(),
                "relativize({base_text:?}, {t}) fails ({e:?}) but {answers:?} answer"
            ),
        }
    }
}

// IRIs (RFC 3987): `urikit::iri`, on the IRI-spec types of `urikit`.

/// The parse options the IRI targets try, the strictest first: the
/// default, zone identifiers, bidirectional formatting characters (RFC
/// 3987 §4.1; refused by default), both.
const IRI_OPTIONS: [ParseOptions; 4] = [
    ParseOptions::new(),
    ParseOptions::new().allow_zone_id(true),
    ParseOptions::new().allow_bidi_formatting(true),
    ParseOptions::new()
        .allow_zone_id(true)
        .allow_bidi_formatting(true),
];

/// Characters that could pass for an ASCII delimiter (each one's UTS #39
/// skeleton is one: `/`, `?`, `@`, `#`, `.`, `:`), which `display` never
/// shows as themselves.
const LOOK_ALIKES: [char; 11] = [
    '\u{FF0F}', '\u{2215}', '\u{2044}', '\u{1735}', '\u{FF1F}', '\u{FE56}', '\u{FF20}', '\u{FF03}',
    '\u{FF0E}', '\u{FF1A}', '\u{0589}',
];

/// Invisible characters (default-ignorable, format) that `display` never
/// shows as themselves, beside controls, white space and the bidi
/// formatting characters.
const INVISIBLES: [char; 12] = [
    '\u{AD}', '\u{34F}', '\u{115F}', '\u{180E}', '\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}',
    '\u{2064}', '\u{3164}', '\u{FE0F}', '\u{FEFF}',
];

/// `options` without bidirectional formatting characters: what a URI, or
/// an IRI that `urikit::iri` wrote, must parse with.
fn without_bidi(options: ParseOptions) -> ParseOptions {
    ParseOptions::new().allow_zone_id(options.zone_id_allowed())
}

/// The first of [`IRI_OPTIONS`] with which `input` parses as an IRI
/// reference, and the parse.
fn first_iri(input: &str) -> Option<(IriReference<'_>, ParseOptions)> {
    IRI_OPTIONS
        .iter()
        .find_map(|&o| IriReference::parse_with(input, o).ok().map(|r| (r, o)))
}

/// The first of [`OPTIONS`] with which `input` parses as a URI reference,
/// and the parse.
fn first_uri(input: &str) -> Option<(UriReference<'_>, ParseOptions)> {
    OPTIONS
        .iter()
        .find_map(|&o| UriReference::parse_with(input, o).ok().map(|r| (r, o)))
}

/// The reference written again from its components, the text of each
/// (a registered name's too; an IP literal is copied) through `f`.
fn rebuild<S: Spec>(c: &Components<'_, S>, f: impl Fn(&str, Component) -> String) -> String {
    let mut out = String::new();
    if let Some(scheme) = c.scheme() {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(a) = c.authority() {
        out.push_str("//");
        if let Some(userinfo) = a.userinfo() {
            out.push_str(&f(userinfo, Component::Userinfo));
            out.push('@');
        }
        if a.host_kind() == HostKind::RegName {
            out.push_str(&f(a.host_str(), Component::Host));
        } else {
            out.push_str(a.host_str());
        }
        if let Some(port) = a.port() {
            out.push(':');
            out.push_str(port);
        }
    }
    out.push_str(&f(c.path(), Component::Path));
    if let Some(query) = c.query() {
        out.push('?');
        out.push_str(&f(query, Component::Query));
    }
    if let Some(fragment) = c.fragment() {
        out.push('#');
        out.push_str(&f(fragment, Component::Fragment));
    }
    out
}

/// The byte offset of `part`, a slice of `whole`, in `whole`.
fn offset_in(whole: &str, part: &str) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}

/// Appends the triplets of `bytes`, upper case.
fn push_triplets(out: &mut String, bytes: &[u8]) {
    for b in bytes {
        out.push_str(&format!("%{b:02X}"));
    }
}

/// Whether an IRI may hold `c` (not ASCII) in `component`: a `ucschar`,
/// or an `iprivate` in the query (RFC 3987 §2.2), and not a bidirectional
/// formatting character (§4.1).
fn iri_may_hold(c: char, component: Component) -> bool {
    (is_ucschar(c) || (component == Component::Query && is_iprivate(c))) && !is_bidi_formatting(c)
}

/// RFC 3987 §3.1 step 2 on one component's text, the model of `to_uri`:
/// every character that is not ASCII becomes the triplets of its UTF-8
/// bytes, upper case; ASCII, triplets included, is kept.
fn to_uri_model(text: &str, _: Component) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            push_triplets(&mut out, c.encode_utf8(&mut [0; 4]).as_bytes());
        }
    }
    out
}

/// RFC 3987 §3.2 steps 2 to 5 on one component's text, the model of
/// `to_iri`, written from the RFC and not from the code: each run of
/// triplets is decoded to octets and read as UTF-8 (`utf8_chunks`); an
/// unreserved ASCII character, or a character `component` may hold, stands
/// as itself, and every other octet (a delimiter, `%`, a control, octets
/// that are not strictly legal UTF-8, a character the IRI grammar or §4.1
/// forbids there) stays a triplet, upper case. Text outside triplets is
/// copied, but for a character the component may not hold (a bidi
/// formatting character, parsed with the option that allows it), which is
/// encoded, as `to_uri` does before `to_iri` sees it.
fn to_iri_model(text: &str, component: Component) -> String {
    let b = text.as_bytes();
    let hex = |c: u8| char::from(c).to_digit(16);
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let mut octets = Vec::new();
        while let (Some(b'%'), Some(hi), Some(lo)) = (
            b.get(i),
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            octets.push((hi * 16 + lo) as u8);
            i += 3;
        }
        for chunk in octets.utf8_chunks() {
            for c in chunk.valid().chars() {
                let stands = if c.is_ascii() {
                    c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~')
                } else {
                    iri_may_hold(c, component)
                };
                if stands {
                    out.push(c);
                } else {
                    push_triplets(&mut out, c.encode_utf8(&mut [0; 4]).as_bytes());
                }
            }
            push_triplets(&mut out, chunk.invalid());
        }
        let next = b[i..]
            .iter()
            .position(|&c| c == b'%')
            .map_or(b.len(), |k| i + k);
        if next == i && i < b.len() {
            // A `%` that starts no triplet (none in a valid reference).
            out.push('%');
            i += 1;
            continue;
        }
        for c in text[i..next].chars() {
            if c.is_ascii() || iri_may_hold(c, component) {
                out.push(c);
            } else {
                push_triplets(&mut out, c.encode_utf8(&mut [0; 4]).as_bytes());
            }
        }
        i = next;
    }
    out
}

/// Whether a host label is an `xn--` label as `urikit::iri` tells them:
/// longer than four bytes, `xn--` in any case first.
fn is_tagged_label(label: &str) -> bool {
    label.len() > 4 && label.as_bytes()[..4].eq_ignore_ascii_case(b"xn--")
}

/// Property `iri_parse`: `IriReference::parse`, `Iri::parse` and
/// `RelativeIri::parse`, borrowed and owned, never panic and agree, with
/// each of [`IRI_OPTIONS`]: on success `Display` is the input and the
/// components reassemble to it; on failure the error index is within the
/// input, on a character boundary, and the caret renders. The same text
/// parses as a URI reference exactly when it parses as an IRI reference and
/// is ASCII, then with the same components, and `UriReference::try_from`
/// the IRI agrees (for a non-ASCII IRI parsed with the default options, the
/// error is at its first non-ASCII byte). Parsed without the option, the
/// text holds no bidirectional formatting character; allowing them only
/// adds inputs refused before with `BidiFormattingChar` at such a
/// character, never changes a parse.
pub(crate) fn iri_parse(data: &[u8]) {
    let input = text(data);
    let input = &*input;
    for options in IRI_OPTIONS {
        let reference = check_rule!(IriReference, IriReferenceBuf, input, options);
        let iri = check_rule!(Iri, IriBuf, input, options);
        let relative = check_rule!(RelativeIri, RelativeIriBuf, input, options);
        let uri = UriReference::parse_with(input, options);
        assert_eq!(
            uri.is_ok(),
            reference.is_ok() && input.is_ascii(),
            "{input:?} ({options:?}): URI {uri:?}, IRI {reference:?}"
        );
        match &reference {
            Ok(r) => {
                let (has_scheme, p) = (r.scheme().is_some(), parts(r));
                assert_eq!(iri.is_ok(), has_scheme, "Iri::parse on {input:?}: {iri:?}");
                assert_eq!(
                    relative.is_ok(),
                    !has_scheme,
                    "RelativeIri::parse on {input:?}: {relative:?}"
                );
                assert_eq!(
                    rebuild(r, |t, _| t.to_owned()),
                    input,
                    "the components of the IRI {input:?} do not re-assemble"
                );
                if let Ok(u) = uri {
                    assert_eq!(parts(&u.components()), p, "URI components of {input:?}");
                }
                let r = IriReference::parse_with(input, options).expect("parsed above");
                match UriReference::try_from(r) {
                    Ok(u) => {
                        assert!(input.is_ascii(), "try_from accepts non-ASCII {input:?}");
                        assert_eq!(u.as_str(), input);
                        assert_eq!(parts(&u.components()), p, "try_from of {input:?}");
                    }
                    Err(e) => {
                        assert!(!input.is_ascii(), "try_from refuses ASCII {input:?}: {e}");
                        let first = input.bytes().position(|b| !b.is_ascii());
                        if options == ParseOptions::new() {
                            assert_eq!(
                                Some(e.index()),
                                first,
                                "try_from({input:?}): {e}, not at the first non-ASCII byte"
                            );
                        }
                    }
                }
            }
            Err(_) => assert!(
                iri.is_err() && relative.is_err(),
                "IriReference::parse refuses {input:?} but Iri or RelativeIri accepts it"
            ),
        }
        let strict = IriReference::parse_with(input, without_bidi(options));
        match (&strict, &reference) {
            (Ok(s), Ok(r)) => assert_eq!(
                parts(&s.components()),
                parts(r),
                "allowing bidi formatting changed the parse of {input:?}"
            ),
            (Ok(_), Err(e)) => panic!("allowing bidi formatting refuses {input:?}: {e}"),
            (Err(e), Ok(_)) => {
                assert_eq!(
                    e.kind(),
                    ParseErrorKind::BidiFormattingChar,
                    "{input:?} parses with bidi formatting allowed, but fails without for another reason"
                );
                assert!(
                    input[e.index()..].starts_with(is_bidi_formatting),
                    "{input:?}: {e} is not at a bidi formatting character"
                );
            }
            (Err(_), Err(_)) => {}
        }
        if strict.is_ok() {
            assert!(
                !input.contains(is_bidi_formatting),
                "{input:?} parses with a bidi formatting character, not allowed"
            );
        }
    }
}

/// Property `iri_to_uri`: for an IRI reference that parses (the first of
/// [`IRI_OPTIONS`] that parses it), `to_uri` writes a URI reference that
/// parses (bidi formatting characters end up encoded, so without that
/// option) with the components written, each component the IRI's with
/// every non-ASCII character's UTF-8 bytes percent-encoded (RFC 3987 §3.1),
/// borrowed exactly when the IRI is ASCII; `HostMapping::Percent` is the
/// same. `to_uri_with(HostMapping::Idna)` never panics: when it answers, the
/// URI parses, differs from `to_uri`'s only in the host, and a registered
/// name that decodes to non-ASCII text became lower-case letters, digits,
/// `-` and `.` (an ASCII one is kept as written); when it fails, the host
/// is a registered name with non-ASCII text or a `%`, the error's index is
/// in the host, and a host whose triplets are not UTF-8 is `InvalidUtf8`.
/// Back, `to_iri(to_uri(iri))` parses as an IRI without bidi formatting
/// characters, and is the IRI with each component through RFC 3987 §3.2
/// (see `to_iri_model`).
pub(crate) fn iri_to_uri(data: &[u8]) {
    let input = text(data);
    let input = &*input;
    let Some((iri, options)) = first_iri(input) else {
        return;
    };
    let plain = without_bidi(options);
    let c = iri.components();
    let uri = to_uri(iri);
    let u = uri.as_str();
    let what = format!("to_uri({input:?}) = {u:?}");
    assert_eq!(uri.is_borrowed(), input.is_ascii(), "{what}: borrowed?");
    let parsed = UriReference::parse_with(u, plain)
        .unwrap_or_else(|e| panic!("{what}, which does not parse as a URI: {e}"));
    assert_eq!(
        parts(&parsed.components()),
        parts(&uri.as_ref().components()),
        "{what}: written and parsed components differ"
    );
    assert_eq!(u, rebuild(&c, to_uri_model), "{what}: not RFC 3987 §3.1");
    assert_eq!(parsed.host_kind(), iri.host_kind(), "{what}: host kind");
    assert_eq!(
        to_uri_with(iri, HostMapping::Percent)
            .as_ref()
            .map(|u| u.as_str()),
        Ok(u),
        "HostMapping::Percent is not to_uri on {input:?}"
    );

    match to_uri_with(iri, HostMapping::Idna) {
        Ok(v) => {
            let v = v.as_str();
            let what = format!("to_uri_with({input:?}, Idna) = {v:?}");
            let vp = UriReference::parse_with(v, plain)
                .unwrap_or_else(|e| panic!("{what}, which does not parse as a URI: {e}"));
            let (mut mapped, _) = parts(&vp.components());
            let (mut encoded, _) = parts(&parsed.components());
            (mapped[2], encoded[2]) = (None, None);
            assert_eq!(mapped, encoded, "{what}: not to_uri's but for the host");
            match (iri.host_kind(), iri.host_str()) {
                (Some(HostKind::RegName), Some(name)) => {
                    let host = vp.host_str().unwrap_or_default();
                    match urikit::encode::decode_utf8(name) {
                        Ok(decoded) if !decoded.is_ascii() => assert!(
                            host.bytes().all(|b| b.is_ascii_lowercase()
                                || b.is_ascii_digit()
                                || b == b'-'
                                || b == b'.'),
                            "{what}: host {host:?} is not the ToASCII form of {name:?}"
                        ),
                        Ok(_) => assert_eq!(host, name, "{what}: an ASCII name changed"),
                        Err(e) => {
                            panic!("{what}: answers for a host whose triplets are not UTF-8 ({e})")
                        }
                    }
                }
                _ => assert_eq!(v, u, "{what}: no registered name, but not to_uri's"),
            }
        }
        Err(e) => {
            let what = format!("to_uri_with({input:?}, Idna) fails: {e}");
            assert!(!e.to_string().is_empty() && !e.kind().name().is_empty());
            assert_eq!(iri.host_kind(), Some(HostKind::RegName), "{what}");
            let name = iri.host_str().unwrap_or_default();
            assert!(!name.is_ascii() || name.contains('%'), "{what}");
            let start = offset_in(input, name);
            assert!(
                (start..=start + name.len()).contains(&e.index())
                    && input.is_char_boundary(e.index()),
                "{what}: index {} is not in the host, bytes {start}..{}",
                e.index(),
                start + name.len()
            );
            if urikit::encode::decode_utf8(name).is_err() {
                assert_eq!(e.kind(), urikit::iri::IdnaErrorKind::InvalidUtf8, "{what}");
            }
        }
    }

    let back = to_iri(uri.as_ref());
    let b = back.as_str();
    let what = format!("to_iri(to_uri({input:?})) = {b:?}");
    let bp = IriReference::parse_with(b, plain)
        .unwrap_or_else(|e| panic!("{what}, which does not parse as an IRI: {e}"));
    assert_eq!(
        parts(&bp.components()),
        parts(&back.as_ref().components()),
        "{what}: written and parsed components differ"
    );
    assert_eq!(b, rebuild(&c, to_iri_model), "{what}: not RFC 3987 §3.2");
}

/// Property `uri_to_iri`: for a URI reference that parses (the first of
/// [`OPTIONS`] that parses it), `to_iri` writes an IRI reference that
/// parses with the same options (no bidi formatting character is decoded)
/// with the components written, each component the URI's through RFC 3987
/// §3.2 (see `to_iri_model`), borrowed exactly when the URI has no `%`.
/// `to_iri_with` `xn--` labels to Unicode parses too, and differs from
/// `to_iri`'s only in the `xn--` labels of a registered name. Back,
/// `to_uri(to_iri(uri))` is the URI with the triplets of each component
/// (but an IP literal's) percent-normalized (`uri_encode::normalize`:
/// unreserved characters decoded, hex digits upper case): `to_iri`
/// decodes the unreserved triplets and the whole UTF-8 characters the
/// component may hold and writes the other triplets upper case, and
/// `to_uri` encodes exactly those characters again, upper case. So the
/// two are equivalent under `normalized_eq` (RFC 3986 §6.2.2.2), but not
/// equal: `%41` comes back `A`, `%c3%a9` as `%C3%A9`.
pub(crate) fn uri_to_iri(data: &[u8]) {
    let input = text(data);
    let input = &*input;
    let Some((uri, options)) = first_uri(input) else {
        return;
    };
    let c = uri.components();
    let iri = to_iri(uri);
    let i = iri.as_str();
    let what = format!("to_iri({input:?}) = {i:?}");
    assert_eq!(iri.is_borrowed(), !input.contains('%'), "{what}: borrowed?");
    let parsed = IriReference::parse_with(i, options)
        .unwrap_or_else(|e| panic!("{what}, which does not parse as an IRI: {e}"));
    assert_eq!(
        parts(&parsed.components()),
        parts(&iri.as_ref().components()),
        "{what}: written and parsed components differ"
    );
    assert_eq!(i, rebuild(&c, to_iri_model), "{what}: not RFC 3987 §3.2");

    let idna = to_iri_with(uri, ToIriOptions::new().idna(true));
    let n = idna.as_str();
    let what = format!("to_iri_with({input:?}, idna) = {n:?}");
    let np = IriReference::parse_with(n, options)
        .unwrap_or_else(|e| panic!("{what}, which does not parse as an IRI: {e}"));
    assert_eq!(
        parts(&np.components()),
        parts(&idna.as_ref().components()),
        "{what}: written and parsed components differ"
    );
    let (mut unicode, _) = parts(&np.components());
    let (mut plain, _) = parts(&parsed.components());
    let (unicode_host, plain_host) = (unicode[2].take(), plain[2].take());
    assert_eq!(unicode, plain, "{what}: not to_iri's but for the host");
    if uri.host_kind() == Some(HostKind::RegName) {
        let (a, b) = (unicode_host.unwrap_or(""), plain_host.unwrap_or(""));
        let (a, b): (Vec<&str>, Vec<&str>) = (a.split('.').collect(), b.split('.').collect());
        assert_eq!(a.len(), b.len(), "{what}: labels");
        for (x, y) in a.iter().zip(&b) {
            assert!(
                x == y || is_tagged_label(y),
                "{what}: label {y:?}, not xn--, became {x:?}"
            );
        }
    } else {
        assert_eq!(n, i, "{what}: no registered name, but not to_iri's");
    }
    let again = to_uri(idna.as_ref());
    UriReference::parse_with(again.as_str(), options)
        .unwrap_or_else(|e| panic!("to_uri({n:?}) = {again:?} does not parse: {e}"));

    let back = to_uri(iri.as_ref());
    let b = back.as_str();
    let what = format!("to_uri(to_iri({input:?})) = {b:?}");
    assert_eq!(
        b,
        rebuild(&c, |t, _| normalize_pct(t).into_owned()),
        "{what}: not the URI percent-normalized"
    );
    let bp = UriReference::parse_with(b, options)
        .unwrap_or_else(|e| panic!("{what}, which does not parse: {e}"));
    assert!(
        normalized_eq(uri, bp) && normalized_eq(bp, uri),
        "{what}: not normalized_eq to the URI"
    );
}

/// Property `iri_display`: for an IRI reference that parses (the first of
/// [`IRI_OPTIONS`] that parses it, so bidi formatting characters too),
/// `display`, `check_bidi` and `normalize` (both forms) never panic.
/// The display form holds no bidi formatting character, control, white
/// space, character of [`INVISIBLES`] or [`LOOK_ALIKES`]; a password (a
/// userinfo's text after its first `:`, when not empty) is shown as `***`
/// and nothing else; an ASCII IRI with no `%`, no `xn--` label in its
/// registered name and no password is shown as it is. A `check_bidi` error
/// is within the input, on a character boundary. Each normal form parses
/// with the same options and the same components present, normalizing it
/// again changes nothing, and `NormalizedIri` agrees.
pub(crate) fn iri_display(data: &[u8]) {
    let input = text(data);
    let input = &*input;
    let Some((iri, options)) = first_iri(input) else {
        return;
    };
    let shown = display(iri).to_string();
    let what = format!("display({input:?}) = {shown:?}");
    assert_eq!(
        format!("{:?}", display(iri)),
        format!("\"{shown}\""),
        "{what}: Debug"
    );
    if let Some(c) = shown.chars().find(|&c| {
        is_bidi_formatting(c)
            || c.is_control()
            || c.is_whitespace()
            || INVISIBLES.contains(&c)
            || LOOK_ALIKES.contains(&c)
    }) {
        panic!("{what} shows {c:?}");
    }
    let userinfo = iri.authority().and_then(|a| a.userinfo());
    let password = userinfo
        .and_then(|u| u.split_once(':'))
        .is_some_and(|(_, secret)| !secret.is_empty());
    if password {
        let authority = &shown[shown.find("//").map_or(0, |k| k + 2)..];
        let shown_userinfo = &authority[..authority.find('@').unwrap_or(0)];
        assert!(
            shown_userinfo.ends_with(":***") && shown_userinfo.matches(':').count() == 1,
            "{what}: the userinfo {userinfo:?} is shown {shown_userinfo:?}"
        );
    }
    let tagged = iri.host_kind() == Some(HostKind::RegName)
        && iri
            .host_str()
            .is_some_and(|h| h.split('.').any(is_tagged_label));
    if input.is_ascii() && !input.contains('%') && !tagged && !password {
        assert_eq!(shown, input, "{what}: nothing to change");
    }

    if let Err(e) = check_bidi(iri) {
        let what = format!("check_bidi({input:?}): {e}");
        assert!(!input.is_ascii(), "{what}");
        assert!(
            e.index() < input.len() && input.is_char_boundary(e.index()),
            "{what}"
        );
        assert!(!e.rule().name().is_empty());
        assert!(
            matches!(
                e.component(),
                Component::Userinfo
                    | Component::Host
                    | Component::Path
                    | Component::Query
                    | Component::Fragment
            ),
            "{what}"
        );
    }

    let presence = |c: &Components<'_, urikit::IriSpec>| {
        [
            c.scheme().is_some(),
            c.authority().is_some(),
            c.userinfo().is_some(),
            c.port().is_some(),
            c.query().is_some(),
            c.fragment().is_some(),
        ]
    };
    for form in [Normalization::Syntax, Normalization::Nfc] {
        let n = urikit::iri::normalize(iri, form);
        let n_str = n.as_str();
        let what = format!("normalize({input:?}, {form:?}) = {n_str:?}");
        let again = IriReference::parse_with(n_str, options)
            .unwrap_or_else(|e| panic!("{what}, which does not parse: {e}"));
        assert_eq!(
            parts(&again.components()),
            parts(&n.components()),
            "{what}: written and parsed components differ"
        );
        assert_eq!(
            presence(&iri.components()),
            presence(&again.components()),
            "{what}: changed which components are present"
        );
        let twice = urikit::iri::normalize(again, form);
        assert_eq!(
            twice.as_str(),
            n_str,
            "{what}: normalizing again gives {twice:?}"
        );
        if let Some(absolute) = iri.as_iri() {
            let keyed = match form {
                Normalization::Syntax => NormalizedIri::new(absolute),
                _ => NormalizedIri::with_nfc(absolute),
            };
            assert_eq!(keyed.as_str(), n_str, "{what}: NormalizedIri");
        }
        if form == Normalization::Syntax {
            assert_eq!(normalize(iri).as_str(), n_str, "{what}: not uri-resolve's");
        }
    }
}

/// The standard registry, made once.
fn registry() -> &'static Registry {
    Registry::shared()
}

/// A scheme of the standard registry, added to another as any program's
/// scheme is: behind `dyn Scheme`, every method passed on.
struct Passed(&'static dyn Scheme);

impl Scheme for Passed {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn kind(&self) -> Kind {
        self.0.kind()
    }
    fn default_port(&self) -> Option<u16> {
        self.0.default_port()
    }
    fn uses_dns(&self) -> bool {
        self.0.uses_dns()
    }
    fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
        self.0.check(uri)
    }
    fn validate(&self, uri: Uri<'_>) -> Vec<Violation> {
        self.0.validate(uri)
    }
    fn opaque_path(&self) -> bool {
        self.0.opaque_path()
    }
    fn keeps_dot_segments(&self, uri: Uri<'_>) -> bool {
        self.0.keeps_dot_segments(uri)
    }
    fn decodes_unreserved(&self) -> bool {
        self.0.decodes_unreserved()
    }
    fn normalize(&self, uri: &mut UriBuf) {
        self.0.normalize(uri);
    }
    fn equivalent(&self, a: Uri<'_>, b: Uri<'_>) -> Option<bool> {
        self.0.equivalent(a, b)
    }
}

/// The standard registry with http, https, ws and wss added again through
/// the trait ([`Passed`]), so that they are checked through `dyn Scheme`
/// and the generic checks, not the standard registry's own path for them.
fn passed_registry() -> &'static Registry {
    static PASSED: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();
    PASSED.get_or_init(|| {
        let mut passed = Registry::standard();
        for name in ["http", "https", "ws", "wss"] {
            passed.add(Passed(registry().get(name).expect("a standard scheme")));
        }
        passed
    })
}

/// The texts `scheme_check` checks, one or two (split at the first NUL,
/// which no URI holds): a first byte below twice the number of standard
/// schemes picks one of them (in lower case, or upper case for the second
/// half), written before `:` and each text; any other first byte leaves
/// the texts as they are, with a scheme of their own or none.
fn scheme_inputs(data: &[u8]) -> Vec<String> {
    let Some((&selector, rest)) = data.split_first() else {
        return Vec::new();
    };
    let rest = text(rest);
    let names: Vec<&str> = registry().names().collect();
    let k = usize::from(selector);
    let scheme = (k < 2 * names.len()).then(|| {
        let name = names[k % names.len()];
        if k < names.len() {
            name.to_owned()
        } else {
            name.to_ascii_uppercase()
        }
    });
    rest.splitn(2, '\0')
        .map(|part| match &scheme {
            Some(name) => format!("{name}:{part}"),
            None => part.to_owned(),
        })
        .collect()
}

/// The single-URI half of `scheme_check` (see there), on `input`; the
/// URI and its normal form, when `input` parses.
fn scheme_check_one(input: &str) -> Option<(Uri<'_>, UriBuf)> {
    let (uri, options) = OPTIONS
        .iter()
        .find_map(|&o| Uri::parse_with(input, o).ok().map(|u| (u, o)))?;
    let registry = registry();
    let known = registry.get(uri.scheme()).is_some();
    let report = registry.check(uri);
    let what = format!("Registry::check({input:?})");
    assert_eq!(
        registry.validate(uri),
        report.violations(),
        "{what}: validate finds what check finds"
    );
    assert_eq!(
        passed_registry().check(uri),
        report,
        "{what}: the same through `dyn Scheme`"
    );
    assert_eq!(
        passed_registry().validate(uri),
        report.violations(),
        "{what}: validate the same through `dyn Scheme`"
    );
    let mut previous = 0;
    for v in report.violations() {
        let i = v.index();
        assert!(i <= input.len(), "{what}: {v} is past the end");
        assert!(input.is_char_boundary(i), "{what}: {v} inside a character");
        assert!(i >= previous, "{what}: violations out of order");
        previous = i;
        assert!(
            !v.kind().is_empty() && !v.section().is_empty() && !v.message().is_empty(),
            "{what}: {v:?}"
        );
        assert!(
            v.to_string().ends_with(&format!("at byte {i}")),
            "{what}: {v}"
        );
    }
    assert_eq!(
        report.is_valid(),
        !report.violations().iter().any(|v| v.is_error()),
        "{what}: is_valid"
    );
    if !known {
        assert!(
            report.is_valid() && *report.fields() == Fields::None,
            "{what}: an unknown scheme: {report:?}"
        );
    }

    let normal = registry.normalize(uri);
    let n = normal.as_str();
    let what = format!("Registry::normalize({input:?}) = {n:?}");
    let again =
        Uri::parse_with(n, options).unwrap_or_else(|e| panic!("{what}, which does not parse: {e}"));
    assert_eq!(
        parts(&again.components()),
        parts(&normal.as_uri().components()),
        "{what}: written and parsed components differ"
    );
    let twice = registry.normalize(again);
    assert_eq!(
        twice.as_str(),
        n,
        "{what}: normalizing again gives {twice:?}"
    );

    let (a, b) = (UriReference::from(uri), UriReference::from(again));
    assert!(
        registry.equivalent(a, a),
        "{what}: not equivalent to itself"
    );
    assert_eq!(
        registry.equivalent(a, b),
        registry.equivalent(b, a),
        "{what}: equivalent is not symmetric"
    );
    assert!(
        registry.equivalent(a, b),
        "{what}: the URI is not equivalent to its normal form"
    );
    Some((uri, normal))
}

/// Property `scheme_check`: for each text of [`scheme_inputs`] that parses
/// as a URI (with the first of [`OPTIONS`] that parses it), whose scheme
/// is picked from the standard registry's names or is anything at all,
/// `Registry::check` never panics; each violation points into the input,
/// on a character boundary, with a kind, a section and a message, in the
/// order of its byte; the report is valid iff no violation is an error,
/// and a URI of a scheme the registry does not know has no fields and no
/// error (the generic checks only warn). `Registry::normalize` gives a URI
/// that parses with the same options and the components written, and
/// normalizing it again changes nothing. `Registry::equivalent` is
/// reflexive, and symmetric and true between the URI and its normal form
/// (as `Registry::normalize` documents). For two texts: `equivalent` is
/// symmetric, and true when their normal forms are equal.
pub(crate) fn scheme_check(data: &[u8]) {
    let inputs = scheme_inputs(data);
    let checked: Vec<(Uri<'_>, UriBuf)> =
        inputs.iter().filter_map(|i| scheme_check_one(i)).collect();
    if let [(a, na), (b, nb)] = &checked[..] {
        equivalence_holds(registry(), (*a, na), (*b, nb));
    }
}

/// `Registry::equivalent` of two checked URIs (each with its normal form)
/// is symmetric, and true when both normalize alike; returns its answer.
fn equivalence_holds(
    registry: &Registry,
    (a, na): (Uri<'_>, &UriBuf),
    (b, nb): (Uri<'_>, &UriBuf),
) -> bool {
    let (ra, rb) = (UriReference::from(a), UriReference::from(b));
    let what = format!("Registry::equivalent({a:?}, {b:?})");
    let ab = registry.equivalent(ra, rb);
    assert_eq!(ab, registry.equivalent(rb, ra), "{what}: not symmetric");
    if na == nb {
        assert!(ab, "{what}: false, but both normalize to {na:?}");
    }
    ab
}

/// The texts of a target of one scheme's own (`pkg_check`, `sip_check`,
/// `geo_check`), one or two (split at the first NUL, which no URI holds),
/// each written after a name of `names` and `:`: the first byte picks the
/// name (modulo their number) and its case (lower case below 128, else
/// upper case), so that every input reaches the scheme's rules.
fn one_scheme_inputs(data: &[u8], names: &[&str]) -> Vec<String> {
    let Some((&selector, rest)) = data.split_first() else {
        return Vec::new();
    };
    let name = names[usize::from(selector) % names.len()];
    let name = if selector < 128 {
        name.to_owned()
    } else {
        name.to_ascii_uppercase()
    };
    text(rest)
        .splitn(2, '\0')
        .map(|part| format!("{name}:{part}"))
        .collect()
}

/// The property of a scheme's own target, its typed entry `typed` (the
/// view as the report's [`Fields`]): for each text of
/// [`one_scheme_inputs`], the checks of `scheme_check` (check, normal
/// form, `equivalent` reflexive and symmetric, the URI equivalent to its
/// normal form); the typed entry answers `Ok` exactly when the report is
/// valid, with the report's fields. For two texts: `equivalent` is symmetric,
/// true when their normal forms are equal, and true when their keys are
/// (the key never joins two URIs the rule tells apart).
fn one_scheme_check(
    data: &[u8],
    names: &[&str],
    typed: fn(Uri<'_>) -> Result<Fields<'static>, ()>,
) {
    let registry = registry();
    let inputs = one_scheme_inputs(data, names);
    let mut checked = Vec::new();
    for input in &inputs {
        let Some((uri, normal)) = scheme_check_one(input) else {
            continue;
        };
        let report = registry.check(uri);
        let what = format!("{input:?}");
        match typed(uri) {
            Ok(view) => {
                assert!(report.is_valid(), "{what}: the typed entry takes it");
                assert_eq!(&view, report.fields(), "{what}: the typed view");
            }
            Err(()) => assert!(!report.is_valid(), "{what}: the typed entry refuses it"),
        }
        checked.push((uri, normal, registry.equivalence_key(uri.into())));
    }
    if let [(a, na, ka), (b, nb, kb)] = &checked[..] {
        let ab = equivalence_holds(registry, (*a, na), (*b, nb));
        let what = format!("Registry::equivalent({a:?}, {b:?})");
        if ka == kb {
            assert!(ab, "{what}: false, but both have the key {ka:?}");
        }
    }
}

/// Property `pkg_check`: [`one_scheme_check`] for `pkg` (ECMA-427), with
/// `Purl::parse` as the typed entry; and the canonical form: when
/// `Purl::parse_str` takes the text, it agrees with `Purl::parse` (when
/// the text is a URI), and its canonical form (`Display`) parses again to
/// the same purl, whose canonical form is the same text (idempotent).
pub(crate) fn pkg_check(data: &[u8]) {
    one_scheme_check(data, &["pkg"], |uri| {
        Purl::parse(uri)
            .map(|p| Fields::Pkg(Box::new(p)))
            .map_err(drop)
    });
    for input in one_scheme_inputs(data, &["pkg"]) {
        let Ok(purl) = Purl::parse_str(&input) else {
            continue;
        };
        if let Ok(uri) = Uri::parse(&input) {
            assert_eq!(
                Purl::parse(uri).ok().as_ref(),
                Some(&purl),
                "{input:?}: Purl::parse and Purl::parse_str disagree"
            );
        }
        let canonical = purl.to_string();
        let again = Purl::parse_str(&canonical)
            .unwrap_or_else(|e| panic!("{input:?}: its canonical form {canonical:?}: {e}"));
        assert_eq!(again, purl, "{input:?}: canonical form {canonical:?}");
        assert_eq!(again.to_string(), canonical, "{input:?}: canonical twice");
    }
}

/// Property `sip_check`: [`one_scheme_check`] for `sip` and `sips` (RFC
/// 3261 §19.1), with `Sip::parse` as the typed entry; and the view's own
/// equivalence (§19.1.4) is reflexive.
pub(crate) fn sip_check(data: &[u8]) {
    one_scheme_check(data, &["sip", "sips"], |uri| {
        Sip::parse(uri)
            .map(|s| Fields::Sip(Box::new(s)))
            .map_err(drop)
    });
    view_is_reflexive(
        data,
        &["sip", "sips"],
        |u| Sip::parse(u).ok(),
        Sip::is_equivalent,
    );
}

/// Every input of `schemes` whose view `read` gives is equivalent to itself
/// by the view's own rule `equivalent`.
fn view_is_reflexive<V>(
    data: &[u8],
    schemes: &[&str],
    read: impl Fn(Uri<'_>) -> Option<V>,
    equivalent: impl Fn(&V, &V) -> bool,
) {
    for input in one_scheme_inputs(data, schemes) {
        if let Some(view) = Uri::parse(&input).ok().and_then(&read) {
            assert!(
                equivalent(&view, &view),
                "{input:?}: not equivalent to itself"
            );
        }
    }
}

/// Property `geo_check`: [`one_scheme_check`] for `geo` (RFC 5870), with
/// `Geo::parse` as the typed entry; and the view's own equivalence
/// (§3.4.4) is reflexive.
pub(crate) fn geo_check(data: &[u8]) {
    one_scheme_check(data, &["geo"], |uri| {
        Geo::parse(uri)
            .map(|g| Fields::Geo(Box::new(g)))
            .map_err(drop)
    });
    view_is_reflexive(data, &["geo"], |u| Geo::parse(u).ok(), Geo::is_equivalent);
}

/// Whether a path of `os` that `to_path` gave stays where it should: on
/// POSIX, absolute (one leading `/`); on either, no `.` or `..` name, no
/// NUL, and on Windows no `/`.
fn path_stays_below_its_root(path: &str, os: Os) -> bool {
    let separator = match os {
        Os::Posix => '/',
        Os::Windows => '\\',
    };
    let rooted = match os {
        Os::Posix => path.starts_with('/') && !path.starts_with("//"),
        Os::Windows => !path.contains('/'),
    };
    rooted && !path.contains('\0') && !path.split(separator).any(|s| s == "." || s == "..")
}

/// Property `file_paths`: the input read as a path and as a file URI, for
/// both `Os`. `from_path`, `to_path` and `to_path_str` never panic, and
/// their errors point into their input, on a character boundary. A path
/// that `from_path` takes gives a URI that parses as itself and is a valid
/// file URI, and `to_path` gives the path back (on Windows with every `/`
/// written `\`). A path `to_path` gives has no `.` or `..` name and no
/// NUL, and on POSIX begins with one `/` (dot segments never climb above
/// the root); `to_path_str` agrees with `to_path` on an input without `|`.
pub(crate) fn file_paths(data: &[u8]) {
    let input = text(data);
    let input = &*input;
    let uri = Uri::parse(input).ok();
    for os in [Os::Posix, Os::Windows] {
        match from_path(input, os) {
            Ok(built) => {
                let b = built.as_str();
                let what = format!("from_path({input:?}, {os:?}) = {b:?}");
                let parsed =
                    Uri::parse(b).unwrap_or_else(|e| panic!("{what}, which does not parse: {e}"));
                assert_eq!(
                    parts(&parsed.components()),
                    parts(&built.as_uri().components()),
                    "{what}: written and parsed components differ"
                );
                let report = registry().check(parsed);
                assert!(report.is_valid(), "{what}: {:?}", report.violations());
                let back = match os {
                    Os::Posix => input.to_owned(),
                    Os::Windows => input.replace('/', "\\"),
                };
                assert_eq!(to_path(parsed, os), Ok(back), "{what}: to_path");
            }
            Err(e) => {
                let i = e.index();
                assert!(
                    i <= input.len() && input.is_char_boundary(i),
                    "from_path({input:?}, {os:?}): {e}"
                );
            }
        }
        let from_text = to_path_str(input, os);
        if let Err(e) = &from_text {
            let i = e.index();
            assert!(
                i <= input.len() && input.is_char_boundary(i),
                "to_path_str({input:?}, {os:?}): {e}"
            );
        }
        let Some(uri) = uri else { continue };
        let what = format!("to_path({input:?}, {os:?})");
        match to_path(uri, os) {
            Ok(path) => assert!(
                path_stays_below_its_root(&path, os),
                "{what} = {path:?}, which leaves its root"
            ),
            Err(e) => assert!(e.index() <= input.len(), "{what}: {e}"),
        }
        if !input.contains('|') {
            assert_eq!(from_text, to_path(uri, os), "{what}: to_path_str disagrees");
        }
    }
}

/// Checks that the owned reference type `T` (parsed by `parse`) reads
/// `input` through serde exactly when it parses it, writes the same
/// string, and reads what it writes back equal.
fn serde_owned<T, E>(name: &str, input: &str, parse: impl Fn(&str) -> Result<T, E>)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let what = format!("{name} from {input:?}");
    let parsed = parse(input).ok();
    let read = serde_json::from_value::<T>(serde_json::Value::String(input.to_owned()));
    assert_eq!(
        read.as_ref().ok(),
        parsed.as_ref(),
        "{what}: serde and parse disagree ({:?})",
        read.as_ref().err()
    );
    let Some(value) = parsed else { return };
    let json = serde_json::to_string(&value).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(
        json,
        serde_json::to_string(input).unwrap_or_default(),
        "{what}: not written as its string"
    );
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{what}: {json}: {e}"));
    assert_eq!(back, value, "{what}: read back otherwise");
}

/// Property `serde_roundtrip`: for the input as text (lossily), each owned
/// reference type (`UriReferenceBuf`, `UriBuf`, `RelativeRefBuf` and
/// their IRI twins) deserializes from the JSON string exactly when it
/// parses, to the same value, serializes as the input's string, and reads
/// that back equal. `NormalizedUri` and `NormalizedIri` deserialize
/// exactly when the text parses as a URI or an IRI, to the syntax normal
/// form (`NormalizedUri::new`, `NormalizedIri::new`), and round-trip with
/// the same string. The scheme check's report of a URI serializes (its
/// violations, and an http origin) to JSON that parses.
pub(crate) fn serde_roundtrip(data: &[u8]) {
    let input = text(data);
    let input = input.as_ref();
    serde_owned("UriReferenceBuf", input, |s| UriReferenceBuf::parse(s));
    serde_owned("UriBuf", input, |s| UriBuf::parse(s));
    serde_owned("RelativeRefBuf", input, |s| RelativeRefBuf::parse(s));
    serde_owned("IriReferenceBuf", input, |s| IriReferenceBuf::parse(s));
    serde_owned("IriBuf", input, |s| IriBuf::parse(s));
    serde_owned("RelativeIriBuf", input, |s| RelativeIriBuf::parse(s));

    let json = serde_json::Value::String(input.to_owned());
    let what = format!("NormalizedUri from {input:?}");
    let expected = Uri::parse(input).ok().map(NormalizedUri::new);
    let read = serde_json::from_value::<NormalizedUri>(json.clone()).ok();
    assert_eq!(read, expected, "{what}: not NormalizedUri::new");
    if let Some(n) = expected {
        let written = serde_json::to_string(&n).unwrap_or_else(|e| panic!("{what}: {e}"));
        let back: NormalizedUri =
            serde_json::from_str(&written).unwrap_or_else(|e| panic!("{what}: {written}: {e}"));
        assert_eq!(back.as_str(), n.as_str(), "{what}: read back otherwise");
    }
    let what = format!("NormalizedIri from {input:?}");
    let expected = Iri::parse(input).ok().map(NormalizedIri::new);
    let read = serde_json::from_value::<NormalizedIri>(json).ok();
    assert_eq!(
        read.as_ref().map(NormalizedIri::as_str),
        expected.as_ref().map(NormalizedIri::as_str),
        "{what}: not NormalizedIri::new"
    );
    if let Some(n) = expected {
        let written = serde_json::to_string(&n).unwrap_or_else(|e| panic!("{what}: {e}"));
        let back: NormalizedIri =
            serde_json::from_str(&written).unwrap_or_else(|e| panic!("{what}: {written}: {e}"));
        assert_eq!(back.as_str(), n.as_str(), "{what}: read back otherwise");
    }
    if let Ok(uri) = Uri::parse(input) {
        let (fields, violations) = registry().check(uri).into_parts();
        let what = format!("Registry::check({input:?})");
        let json = serde_json::to_string(&violations).unwrap_or_else(|e| panic!("{what}: {e}"));
        let value: serde_json::Value =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("{what}: {json}: {e}"));
        assert_eq!(
            value.as_array().map(Vec::len),
            Some(violations.len()),
            "{what}: {json}"
        );
        if let Some(origin) = match &fields {
            Fields::Http(http) => http.origin(),
            _ => None,
        } {
            let json = serde_json::to_string(origin).unwrap_or_else(|e| panic!("{what}: {e}"));
            let value: serde_json::Value =
                serde_json::from_str(&json).unwrap_or_else(|e| panic!("{what}: {json}: {e}"));
            assert_eq!(value["host"], origin.host(), "{what}: {json}");
            assert_eq!(value["port"], origin.port(), "{what}: {json}");
        }
    }
}

/// Property `interop_roundtrip`: for the input as text (lossily), the
/// `http` and `url` conversions never panic, and when one succeeds the
/// value comes back: a URI reference that becomes an `http::Uri` comes
/// back from it as the same reference under scheme-based normalization,
/// and so does a URI that becomes a `url::Url`; what came back crosses
/// again unchanged. From the other side, an
/// `http::Uri` that `http` parses from the text and converts to a
/// reference converts back to the same `http::Uri` (but for the authority
/// form, which RFC 3986 reads as the network-path reference `//h:p` and
/// `http` as a path), and a `url::Url` that converts to a URI keeps its
/// string.
pub(crate) fn interop_roundtrip(data: &[u8]) {
    let input = text(data);
    let input = input.as_ref();
    if let Ok(r) = UriReference::parse(input)
        && let Ok(h) = http::Uri::try_from(r)
    {
        let back =
            UriReferenceBuf::try_from(&h).unwrap_or_else(|e| panic!("{input:?} → http {h} → {e}"));
        // Scheme-based normalization (issue 36): only the scheme's case,
        // and an empty path written `/`.
        assert!(
            back.as_str() == input
                || back.as_str().eq_ignore_ascii_case(input)
                || back.path() == "/",
            "{input:?} → http {h}"
        );
        let again = http::Uri::try_from(&back).unwrap_or_else(|e| panic!("{input:?} → http → {e}"));
        assert_eq!(again, h, "{input:?} → http → back → http");
    }
    if let Ok(u) = Uri::parse(input)
        && let Ok(url) = url::Url::try_from(u)
    {
        let back = UriBuf::try_from(&url).unwrap_or_else(|e| panic!("{input:?} → url → {e}"));
        if url.as_str() == input {
            assert_eq!(back.as_str(), input, "{input:?} → url → back");
        }
        // What converted once is `url`'s own string: it crosses unchanged.
        let again = url::Url::try_from(&back).unwrap_or_else(|e| panic!("{input:?} → url → {e}"));
        assert_eq!(again.as_str(), url.as_str(), "{input:?} → url → back → url");
    }
    if let Ok(h) = input.parse::<http::Uri>()
        && let Ok(r) = UriReferenceBuf::try_from(&h)
    {
        let _ = UriBuf::try_from(&h);
        let reference = UriReference::parse(r.as_str())
            .unwrap_or_else(|e| panic!("http {h} → {r:?}, which does not parse: {e}"));
        let authority_form = h.scheme().is_none() && h.authority().is_some();
        if !authority_form {
            let again =
                http::Uri::try_from(reference).unwrap_or_else(|e| panic!("http {h} → {r:?} → {e}"));
            assert_eq!(again, h, "http {h} → {r:?}");
        }
    }
    if let Ok(url) = url::Url::parse(input)
        && let Ok(u) = UriBuf::try_from(&url)
    {
        assert_eq!(u.as_str(), url.as_str(), "url {url} → URI");
        let uri = Uri::parse(u.as_str()).unwrap_or_else(|e| panic!("url {url}: {e}"));
        let _ = url::Url::try_from(uri);
    }
}

/// The text `equivalent_normalization` compares with `input` when the
/// data holds one text: the scheme in upper case and every other ASCII
/// letter after it percent-encoded (`%6a`, lower-case hex), alternately
/// starting with the first. Often equivalent (RFC 3986 §6.2.2.1 and
/// §6.2.2.2 undo both), often not (a scheme whose triplets count, a
/// letter of a port or of an IP literal).
fn disguised(input: &str) -> String {
    let Some((scheme, rest)) = input.split_once(':') else {
        return input.to_owned();
    };
    let mut out = scheme.to_ascii_uppercase();
    out.push(':');
    for (i, c) in rest.chars().enumerate() {
        if i % 2 == 0 && c.is_ascii_alphabetic() {
            out.push_str(&format!("%{:02x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// Property `equivalent_normalization`: for two texts (those of
/// [`scheme_inputs`], or one and its [`disguised`] twin) that parse as
/// URIs, `Registry::equivalent` agrees with `Registry::normalize`: one
/// normal form means equivalent, and equivalent with two normal forms
/// happens only when the scheme's own equivalence (`Scheme::equivalent`)
/// says yes. For references that are not two URIs of one known scheme,
/// `equivalent` is the equality of their syntax normal forms
/// (`urikit::resolve::normalize`). `equivalent` is symmetric.
pub(crate) fn equivalent_normalization(data: &[u8]) {
    let inputs = scheme_inputs(data);
    let (a_text, b_text) = match &inputs[..] {
        [a] => (a.clone(), disguised(a)),
        [a, b] => (a.clone(), b.clone()),
        _ => return,
    };
    let registry = registry();
    let (Ok(ra), Ok(rb)) = (UriReference::parse(&a_text), UriReference::parse(&b_text)) else {
        return;
    };
    let what = format!("Registry::equivalent({a_text:?}, {b_text:?})");
    let eq = registry.equivalent(ra, rb);
    assert_eq!(eq, registry.equivalent(rb, ra), "{what}: not symmetric");
    let known = match (ra.as_uri(), rb.as_uri()) {
        (Some(a), Some(b)) if a.scheme().eq_ignore_ascii_case(b.scheme()) => {
            registry.get(a.scheme()).map(|scheme| (scheme, a, b))
        }
        _ => None,
    };
    let Some((scheme, a, b)) = known else {
        let (na, nb) = (normalize(ra), normalize(rb));
        assert_eq!(eq, na == nb, "{what}: normal forms {na:?} and {nb:?}");
        return;
    };
    let (na, nb) = (registry.normalize(a), registry.normalize(b));
    if na == nb {
        assert!(eq, "{what}: false, but both normalize to {na:?}");
    } else if eq {
        assert_eq!(
            scheme.equivalent(a, b),
            Some(true),
            "{what}: true, but the normal forms {na:?} and {nb:?} differ and the scheme has no rule of its own that says so"
        );
    }
}

/// The engine of `urikit edit`, from the command's library, so that
/// `cli_edit` runs the code the command runs.
use urikit_cli::edit as cli_edit;

/// `urikit edit` on arbitrary input: the text before the first NUL is the
/// reference, and each piece after a NUL is one option, its first character
/// (modulo 8) saying which and the rest its argument: `0` `--set`, `1`
/// `--remove`, `2` `--append`, `3` `--iterate`, `4` `--trim-query`, `5`
/// `--sort-query` (switched), `6` `--get`, `7` `--allow-zone-id`
/// (switched). So `http://h/\0` `0path=a b` is `edit --set 'path=a b'`.
///
/// Parsing the options and applying them never panics; an edit that
/// succeeds makes one output per `--iterate` combination, each (without
/// `--get`) a URI reference that parses with the same options. Each
/// `--set` and `--remove`, applied alone, reads back with `--get`: after
/// `--set PART=VALUE`, `{PART}` is VALUE (a path under an authority with
/// a `/` before it; decoded; for every part but the
/// scheme, the port and an IP literal, whose values are not encoded, and
/// VALUE without ASCII controls, which `--get` shows as `.`); after
/// `--set PART:=VALUE`, `{:PART}` is VALUE as written (but a user with a
/// `:`, which reads back as a user and a password); after `--remove PART`,
/// `{:PART}` is empty and the parsed output has no such component.
pub(crate) fn cli_edit(data: &[u8]) {
    use cli_edit::{Append, Assignment, Change, Edit, Iterate, Template};
    let text = text(data);
    let mut pieces = text.split('\0');
    let input = pieces.next().unwrap_or("");
    let mut edit = Edit::default();
    let mut singles: Vec<(&str, Change)> = Vec::new();
    for piece in pieces {
        let mut chars = piece.chars();
        let Some(op) = chars.next() else { continue };
        let arg = chars.as_str();
        match u32::from(op) % 8 {
            0 => {
                if let Ok(a) = Assignment::parse(arg) {
                    singles.push((arg, Change::Set(a.clone())));
                    edit.changes.push(Change::Set(a));
                }
            }
            1 => {
                if let Ok(change) = Change::remove(arg) {
                    singles.push((arg, change.clone()));
                    edit.changes.push(change);
                }
            }
            2 => edit.appends.extend(Append::parse(arg)),
            3 => edit.iterate.extend(Iterate::parse(arg)),
            4 => edit.trims.push(arg.to_owned()),
            5 => edit.sort_query = !edit.sort_query,
            6 => edit.template = Template::parse(arg).ok(),
            _ => edit.options = edit.options.allow_zone_id(!edit.options.zone_id_allowed()),
        }
    }
    let Ok(reference) = UriReference::parse_with(input, edit.options) else {
        return;
    };
    let registry = registry();
    let what = format!("edit {input:?} with {edit:?}");
    if edit.check().is_ok() && edit.outputs_per_input() <= 64 {
        if let Ok(outputs) = edit.apply(reference, registry) {
            assert_eq!(outputs.len(), edit.outputs_per_input(), "{what}");
            if edit.template.is_none() {
                for out in &outputs {
                    assert!(
                        UriReference::parse_with(out, edit.options).is_ok(),
                        "{what}: {out:?} does not parse"
                    );
                }
            }
        }
    }
    for (arg, change) in singles {
        cli_edit_one(reference, edit.options, arg, change);
    }
}

/// The `--set` or `--remove` of `cli_edit` (`arg` its argument) applied
/// alone to `reference`, then read back with `--get`.
fn cli_edit_one(
    reference: UriReference<'_>,
    options: ParseOptions,
    arg: &str,
    change: cli_edit::Change,
) {
    use cli_edit::{Change, Edit, Template};
    let (name, value, encoded, removed, if_absent) = match &change {
        Change::Set(_) => {
            // `NAME[:][?]=VALUE`, as `Assignment::parse` reads it.
            let (name, value) = arg.split_once('=').unwrap_or((arg, ""));
            let (name, if_absent) = match name.strip_suffix('?') {
                Some(name) => (name, true),
                None => (name, false),
            };
            match name.strip_suffix(':') {
                Some(name) => (name, value, true, false, if_absent),
                None => (name, value, false, false, if_absent),
            }
        }
        Change::Remove(_) => (arg, "", true, true, false),
    };
    let field = if encoded {
        format!("{{:{name}}}|{{url}}")
    } else {
        format!("{{{name}}}|{{url}}")
    };
    let Ok(template) = Template::parse(&field) else {
        panic!("{field:?}: a template for every component name")
    };
    let edit = Edit {
        changes: vec![change],
        template: Some(template),
        options,
        ..Edit::default()
    };
    let what = format!("edit {:?} with {arg:?}", reference.as_str());
    let Ok(outputs) = edit.apply(reference, registry()) else {
        return;
    };
    let [output] = &outputs[..] else {
        panic!("{what}: {outputs:?}, one output wanted")
    };
    let Some((got, url)) = output.rsplit_once('|') else {
        panic!("{what}: {output:?} has no `|`")
    };
    let Ok(edited) = UriReference::parse_with(url, options) else {
        panic!("{what}: {url:?} does not parse")
    };
    if if_absent {
        // Set only where the component is absent: the output parses
        // (above), and what it reads back depends on the input.
        return;
    }
    if removed {
        assert_eq!(got, "", "{what}: {url:?}");
        let present = match name {
            "scheme" => edited.scheme().is_some(),
            // A user or a password alone: `{:PART}` is empty, above.
            "user" | "password" => false,
            "userinfo" => edited.userinfo().is_some(),
            "host" => edited.host_str().is_some(),
            "port" => edited.port().is_some(),
            "path" => !edited.path().is_empty(),
            "query" => edited.query().is_some(),
            _ => edited.fragment().is_some(),
        };
        assert!(!present, "{what}: {url:?} still has a {name}");
        return;
    }
    // Values written as they are, and values `--get` shows otherwise.
    let not_encoded = matches!(name, "scheme" | "port") || name == "host" && value.starts_with('[');
    let plain_value = !(not_encoded || value.chars().any(|c| c.is_ascii_control()));
    // A path set from text under an authority gets a `/` before it (as RFC
    // 3986 §5.2.3 merges).
    let slashed = name == "path"
        && !encoded
        && edited.host_str().is_some()
        && !value.is_empty()
        && !value.starts_with('/');
    let want = if slashed {
        format!("/{value}")
    } else {
        value.to_owned()
    };
    if encoded && !(name == "user" && value.contains(':')) || !encoded && plain_value {
        assert_eq!(got, want, "{what}: {url:?} reads back {got:?}");
    }
}

/// The structure-aware generator of `grammar_uri`.
#[path = "fuzz_grammar.rs"]
mod grammar;

/// A reference built from the grammar (`tests/fuzz_grammar.rs`, the bytes
/// read as choices by `arbitrary`), with what the parser must find in it:
/// `IriReference::parse` accepts it (zone identifiers allowed when it has
/// one) with exactly the components it was built from; `UriReference::parse`
/// accepts it iff it is ASCII, with the same components. Its URI (`to_uri`)
/// goes through the checks of `scheme_check` (a URI of a scheme parses, and
/// `Registry::check`, `validate`, `normalize` and `equivalent` agree), and
/// when the body was built by its scheme's own grammar, `Registry::check`
/// finds no error in it. Resolved against RFC 3986 §5.4's base, and
/// normalized (`Normalization::Nfc`), it gives IRIs that parse. With a
/// byte that no reference holds put into it (a control, a space, `<`,
/// a backslash, `{`…), it is refused, the error at that byte or before it.
pub(crate) fn grammar_uri(data: &[u8]) {
    let mut u = arbitrary::Unstructured::new(data);
    let Ok(g) = grammar::reference(&mut u) else {
        return;
    };
    let options = ParseOptions::new().allow_zone_id(g.zone_id);
    let text = g.text.as_str();
    let iri = IriReference::parse_with(text, options).unwrap_or_else(|e| {
        panic!("{g:?}: built from the grammar, but IriReference::parse says {e}")
    });
    let want = g.components();
    assert_eq!(
        parts(&iri.components()).0,
        want,
        "{text:?}: the IRI's components"
    );
    match UriReference::parse_with(text, options) {
        Ok(r) => {
            assert!(text.is_ascii(), "{text:?} is not ASCII but is a URI");
            assert_eq!(
                parts(&r.components()).0,
                want,
                "{text:?}: the URI's components"
            );
        }
        Err(e) => assert!(!text.is_ascii(), "{text:?} is ASCII but not a URI: {e}"),
    }

    let mapped = to_uri(iri);
    let uri_text = mapped.as_str();
    match scheme_check_one(uri_text) {
        Some((uri, _)) if g.well_formed => {
            let report = registry().check(uri);
            let errors: Vec<_> = report
                .violations()
                .iter()
                .filter(|v| v.is_error())
                .collect();
            assert!(
                errors.is_empty(),
                "{text:?} (the URI {uri_text:?}) follows its scheme's grammar, but check finds {errors:?}"
            );
        }
        Some(_) => {}
        None => assert!(
            g.scheme.is_none(),
            "{uri_text:?}: a URI, but it does not parse"
        ),
    }

    let Ok(base) = Iri::parse(DEFAULT_BASE) else {
        panic!("{DEFAULT_BASE:?} is an IRI")
    };
    let resolved = resolve(base, iri);
    assert!(
        IriReference::parse_with(resolved.as_str(), options).is_ok(),
        "resolve({DEFAULT_BASE:?}, {text:?}) = {:?}, which does not parse",
        resolved.as_str()
    );
    let normal = urikit::iri::normalize(iri, Normalization::Nfc);
    assert!(
        IriReference::parse_with(normal.as_str(), options).is_ok(),
        "normalize({text:?}, Nfc) = {:?}, which does not parse",
        normal.as_str()
    );

    // A byte no reference holds, put anywhere: refused, at that byte or
    // before it (what comes before is a valid reference's start), never
    // after, and on a character boundary.
    let Ok((at, byte)) = grammar::intruder(&mut u, text) else {
        return;
    };
    let mut broken = text.to_owned();
    broken.insert(at, char::from(byte));
    match IriReference::parse_with(&broken, options) {
        Ok(_) => panic!("{broken:?} ({byte:#04x} put at {at} of {text:?}) parses"),
        Err(e) => assert!(
            e.index() <= at && broken.is_char_boundary(e.index()),
            "{broken:?} ({byte:#04x} put at {at} of {text:?}): error at {}, {e}",
            e.index()
        ),
    }
}

/// `urikit::lint` on the input as text (a NUL splits a base from the
/// reference, the base used when it parses as a URI): `Lint::check` never
/// panics, with the pre-scan and without; every finding's index lies in
/// the input, on a character boundary, the findings sorted by index; a
/// divergence carries both readings, and they disagree; any other finding
/// carries none. With the pre-scan, the divergences are those without it
/// whenever the pre-scan sends the input to the WHATWG reading, and none
/// when it does not (the readings then agree). When the fast path proves
/// the input clean (`Lint::proves_clean`), neither finds anything.
/// Neither the JSON line nor the SARIF log of a finding holds the text
/// `password_spans` hides.
pub(crate) fn lint_check(data: &[u8]) {
    use urikit::lint::{Lint, Located, sarif, to_json_line};
    let text = text(data);
    let (base, input) = match text.split_once('\0') {
        Some((b, r)) => (Uri::parse(b).ok(), r),
        None => (None, &*text),
    };
    let mut lint = Lint::new();
    if let Some(b) = base {
        lint = lint.with_base(b);
    }
    let what = format!("Lint::check({input:?})");
    let found = lint.check(input);
    let all = lint.clone().prescan(false).check(input);
    let mut previous = 0;
    for f in &found {
        let i = f.index();
        assert!(i <= input.len(), "{what}: {f} is past the end");
        assert!(input.is_char_boundary(i), "{what}: {f} inside a character");
        assert!(i >= previous, "{what}: findings out of order");
        previous = i;
        match f.readings() {
            Some(r) => assert!(f.is_divergence() && !r.agree(), "{what}: {f}"),
            None => assert!(!f.is_divergence(), "{what}: {f} without readings"),
        }
    }
    let divergences = |v: &[urikit::lint::Finding]| {
        v.iter()
            .filter(|f| f.is_divergence())
            .map(|f| (f.name(), f.index()))
            .collect::<Vec<_>>()
    };
    if lint.proves_clean(input) {
        assert!(
            found.is_empty() && all.is_empty(),
            "{what}: proved clean, the full reading finds {all:?}"
        );
    }
    if lint.needs_whatwg(input) {
        assert_eq!(
            divergences(&found),
            divergences(&all),
            "{what}: the pre-scan changed the result"
        );
    } else {
        assert!(
            divergences(&all).is_empty(),
            "{what}: the pre-scan missed {:?}",
            divergences(&all)
        );
        assert!(
            lint.readings(input).agree(),
            "{what}: the pre-scan missed a divergence"
        );
    }
    // Secrets long enough, and rare enough, that finding one in the output
    // means it was copied there: once in the input, in no text of the lint.
    let own: String = urikit::lint::Kind::ALL
        .iter()
        .map(|k| format!("{} {} {}", k.name(), k.summary(), k.section()))
        .collect();
    let hidden: Vec<&str> = urikit::password_spans(input.as_bytes())
        .filter_map(|s| input.get(s))
        .filter(|s| s.len() >= 8 && input.matches(*s).count() == 1 && !own.contains(*s))
        .collect();
    let located: Vec<Located<'_>> = found
        .iter()
        .map(|f| Located::new("-", 1, input, f))
        .collect();
    let log = sarif::to_sarif(located.iter().copied()).to_string();
    for l in &located {
        let line = to_json_line(l);
        for secret in &hidden {
            assert!(
                !line.contains(secret),
                "{what}: the JSON line shows {secret:?}: {line}"
            );
        }
    }
    for secret in &hidden {
        assert!(
            !log.contains(secret),
            "{what}: the SARIF log shows {secret:?}"
        );
    }
}

/// Property `template_expand_match`: the input is a template, then (after
/// a NUL) values separated by NULs, given to the template's variables in
/// turn (`[a,b]` a list, `{k=v,k2=v2}` an associative array, anything else
/// a string). Parsing never panics; an expansion that `expand` returns
/// parses as a URI reference (and `expand_iri`'s as an IRI reference);
/// matching the expansion gives values that expand to it again, or is
/// ambiguous, and is never "no match" when no name repeats; a match of
/// the template against the input's own text, if any, expands back to it.
pub(crate) fn template_expand_match(data: &[u8]) {
    use urikit::template::{MatchErrorKind, MatchOptions, Template, Value, Vars};

    let text = text(data);
    let mut pieces = text.split('\0');
    let template = pieces.next().unwrap_or("");
    let Ok(t) = Template::parse(template) else {
        return;
    };
    let values: Vec<&str> = pieces.collect();
    let mut vars = Vars::new();
    for (i, name) in t.variables().into_iter().enumerate() {
        let Some(v) = values.get(i) else { break };
        let value = if let Some(list) = v.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
            Value::list(list.split(','))
        } else if let Some(pairs) = v.strip_prefix('{').and_then(|v| v.strip_suffix('}')) {
            Value::assoc(
                pairs
                    .split(',')
                    .map(|p| p.split_once('=').unwrap_or((p, ""))),
            )
        } else {
            Value::from(*v)
        };
        vars.insert(name, value);
    }
    let names = t.variables();
    let repeated = names.len() < t.varspecs();
    if let Ok(uri) = t.expand(&vars) {
        assert!(UriReference::parse(uri.as_str()).is_ok(), "{uri:?}");
        match t.match_with(uri.as_str(), &MatchOptions::new()) {
            Ok(c) => {
                let again = t.expand(&c.into_vars()).expect("captures expand");
                assert_eq!(again.as_str(), uri.as_str(), "template {template:?}");
            }
            Err(e) => assert!(
                e.kind() == MatchErrorKind::Ambiguous || repeated,
                "template {template:?}: {uri:?} is its expansion but {e:?}"
            ),
        }
    }
    if let Ok(iri) = t.expand_iri(&vars) {
        assert!(IriReference::parse(iri.as_str()).is_ok(), "{iri:?}");
    }
    if let Ok(c) = t.match_with(&text, &MatchOptions::new()) {
        let mut again = String::new();
        if t.expand_into(&c.into_vars(), false, &mut again).is_ok() && text.is_ascii() {
            assert_eq!(again, *text, "template {template:?}");
        }
    }
}

/// `writer_checked`: the public writer and the builder cannot make an
/// invalid reference. The input, split at NUL bytes, is a first piece
/// then a list of calls (a selector character, then the call's text) on
/// a checked URI writer and an IRI writer; each call that is refused
/// leaves the text as it was, and `finish` always gives a reference that
/// parses back with the components it holds. Each piece is also pushed
/// alone into a path, a query and a fragment, and given as a scheme and a
/// port, where it must be accepted exactly when the parser accepts it
/// there; and the pieces, as the seven parts of a builder, build a
/// reference only when it parses back with them.
pub(crate) fn writer_checked(data: &[u8]) {
    let text = text(data);
    let pieces: Vec<&str> = text.split('\0').collect();
    for piece in &pieces {
        writer_checks_like_the_parser::<UriSpec>(piece);
        writer_checks_like_the_parser::<IriSpec>(piece);
    }
    writer_calls::<UriSpec>(&pieces);
    writer_calls::<IriSpec>(&pieces);
    let part = |k: usize| pieces.get(k).copied().filter(|p| !p.is_empty());
    let builder = Builder::new()
        .scheme(part(0))
        .userinfo(part(1))
        .host(part(2))
        .port_str(part(3))
        .path(part(4).unwrap_or(""))
        .query(part(5))
        .fragment(part(6));
    if let Ok(built) = builder.clone().build() {
        let back = UriReference::parse(built.as_str()).expect("a built reference parses");
        assert_eq!(built.components(), back.components(), "{built:?}");
        assert_eq!(built.scheme(), part(0));
        assert_eq!(built.path(), part(4).unwrap_or(""));
        assert_eq!(built.query(), part(5));
        assert_eq!(built.fragment(), part(6));
    }
    assert_eq!(
        builder.clone().build_uri().is_ok(),
        builder.clone().build().is_ok() && part(0).is_some()
    );
}

/// One piece through each checked entry point of a writer under `S`,
/// against the parser's verdict on the same text in the same place.
fn writer_checks_like_the_parser<S: Spec>(piece: &str) {
    let parses = |text: &str| {
        urikit::RiReference::<S>::parse(text)
            .ok()
            .map(|r| r.to_buf())
    };
    // A query, a fragment.
    let mut w = urikit::RiWriter::<S>::new();
    w.start_query();
    let written = w.push_str(piece).is_ok();
    let read = parses(&format!("?{piece}")).filter(|r| r.query() == Some(piece));
    assert_eq!(written, read.is_some(), "query {piece:?}");
    let mut w = urikit::RiWriter::<S>::new();
    w.start_fragment();
    let written = w.push_str(piece).is_ok();
    let read = parses(&format!("#{piece}"));
    assert_eq!(written, read.is_some(), "fragment {piece:?}");
    // A path, after `s:/a`: no `?` or `#`, or it would end there.
    let mut w = urikit::RiWriter::<S>::absolute("s").expect("a scheme");
    w.push_str("/a").expect("a path");
    let written = w.push_str(piece).is_ok();
    let whole = format!("s:/a{piece}");
    let read = parses(&whole).filter(|r| r.path() == &whole[2..]);
    assert_eq!(written, read.is_some(), "path {piece:?}");
    // A path after an authority must begin with `/`.
    let mut w = urikit::RiWriter::<S>::new();
    w.start_authority();
    w.end_host();
    let written = w.push_str(piece).is_ok();
    let read =
        parses(&format!("//{piece}")).filter(|r| r.path() == piece && r.host_str() == Some(""));
    assert_eq!(written, read.is_some(), "path after an authority {piece:?}");
    // A scheme, a port.
    let read = parses(&format!("{piece}:")).filter(|r| r.scheme() == Some(piece));
    assert_eq!(
        urikit::RiWriter::<S>::absolute(piece).is_ok(),
        read.is_some(),
        "scheme {piece:?}"
    );
    let mut w = urikit::RiWriter::<S>::new();
    w.start_authority();
    w.end_host();
    let written = w.port(piece).is_ok();
    let read = parses(&format!("//h:{piece}")).filter(|r| r.port() == Some(piece));
    assert_eq!(written, read.is_some(), "port {piece:?}");
}

/// The calls `pieces` stand for, on one checked writer under `S`: each
/// refused call leaves the text as it was; the result parses back.
fn writer_calls<S: Spec>(pieces: &[&str]) {
    let mut w = urikit::RiWriter::<S>::new();
    for piece in pieces {
        let mut chars = piece.chars();
        let Some(op) = chars.next() else { continue };
        let arg = chars.as_str();
        let before = w.as_str().to_owned();
        let result = match u32::from(op) % 11 {
            0 => w.scheme(arg),
            1 => {
                w.start_authority();
                Ok(())
            }
            2 => {
                w.end_userinfo();
                Ok(())
            }
            3 => {
                w.end_host();
                Ok(())
            }
            4 => w.port(arg),
            5 => {
                w.truncate(arg.len());
                Ok(())
            }
            6 => {
                w.start_query();
                Ok(())
            }
            7 => {
                w.start_fragment();
                Ok(())
            }
            8 => match IriReference::parse(arg).ok().and_then(|r| r.authority()) {
                Some(a) => w.authority(a),
                None => Ok(()),
            },
            9 => match arg.chars().next() {
                Some(c) => w.push(c),
                None => Ok(()),
            },
            _ => w.push_str(arg),
        };
        if result.is_err() {
            assert_eq!(w.as_str(), before, "a refused call wrote: {piece:?}");
        }
    }
    let written = w.finish();
    let back = urikit::RiReference::<S>::parse(written.as_str())
        .unwrap_or_else(|e| panic!("the writer gave {:?}: {e}", written.as_str()));
    assert_eq!(written.components(), back.components());
}

/// Property `public_suffix`: the input as a registered name
/// (`Host::RegName`, the text as it is). `registrable_domain` and
/// `public_suffix` never panic. A registrable domain is ASCII without
/// capitals, has the public suffix as its end and exactly one label more,
/// and is its own registrable domain. The name in capitals has the same
/// answers (RFC 3986 §6.2.2.1: a host is case-insensitive). Through
/// `http://<input>/`, when that parses with the input as its host and the
/// host is a registered name (not an IP literal such as `[::1]`, which a
/// `Host::RegName` built by hand may hold), the answers are the same.
pub(crate) fn public_suffix(data: &[u8]) {
    use urikit::PublicSuffixExt;
    let name = text(data);
    let host = Host::RegName(&name);
    let domain = host.registrable_domain();
    let suffix = host.public_suffix();
    if let Some(d) = &domain {
        assert!(
            d.is_ascii() && !d.bytes().any(|b| b.is_ascii_uppercase()),
            "{name:?}: domain {d:?} is not lower-case ASCII"
        );
        let s = suffix
            .as_ref()
            .unwrap_or_else(|| panic!("{name:?}: domain {d:?} without a suffix"));
        let label = d
            .strip_suffix(s.as_str())
            .and_then(|rest| rest.strip_suffix('.'))
            .unwrap_or_else(|| panic!("{name:?}: domain {d:?} does not end with .{s:?}"));
        assert!(
            !label.is_empty() && !label.contains('.'),
            "{name:?}: domain {d:?} is not one label more than {s:?}"
        );
        assert_eq!(
            Host::RegName(d).registrable_domain().as_deref(),
            Some(d.as_ref()),
            "{name:?}: the domain {d:?} is not its own domain"
        );
    }
    let loud = name.to_ascii_uppercase();
    let shouted = Host::RegName(&loud);
    assert_eq!(
        shouted.registrable_domain(),
        domain,
        "{name:?}: in capitals, another domain"
    );
    assert_eq!(
        shouted.public_suffix(),
        suffix,
        "{name:?}: in capitals, another suffix"
    );
    if let Ok(r) = IriReference::parse(&format!("http://{name}/")) {
        let same_name = r.host_str() == Some(&name) && r.host_kind() == Some(HostKind::RegName);
        if let Some(through) = r.host().filter(|_| same_name) {
            assert_eq!(
                through.registrable_domain(),
                domain,
                "{name:?}: through a URI"
            );
            assert_eq!(through.public_suffix(), suffix, "{name:?}: through a URI");
        }
    }
}
