//! The properties the fuzz targets check, written once.
//!
//! Each fuzz target in `fuzz/fuzz_targets/` is one of these functions, and
//! `tests/conformance/fuzz_regressions.rs` replays the saved crashes in
//! `tests/fuzz-regressions/<target>/` through the same function on stable,
//! so a regression file always checks exactly what the fuzzer checked. Both
//! include this file with `#[path]` (the `conformance` test binary as its
//! `props` module, which `decode_model.rs` uses too); it uses only `urikit`
//! and `std`.
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
use urikit::resolve::{
    Form, NormalizedUri, Resolver, has_dot_segments, normalize, normalize_into, normalize_uri,
    normalized_eq, relativize, relativize_with, resolve, resolve_str,
};
use urikit::{
    Builder, Components, Host, ParseError, ParseErrorKind, ParseOptions, PortError, RelativeRef,
    RelativeRefBuf, Uri, UriBuf, UriReference, UriReferenceBuf,
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

fn parts<'a>(c: &Components<'a>) -> Parts<'a> {
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
        Some("") => Err(PortError::Empty),
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
/// reference itself when it is a URI; whenever `relativize(base, t)` (or
/// `relativize_with`, any [`Form`]) answers `r`, `r` is a relative
/// reference of that form and `resolve(base, r) == t`, and the shortest
/// form is no longer than any other answer.
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
        let shortest = relativize(base, t);
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
