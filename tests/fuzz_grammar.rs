//! A structure-aware generator for the fuzz target `grammar_uri`: it reads
//! the fuzzer's bytes as choices ([`arbitrary::Unstructured`]) and builds a
//! URI or IRI reference from the grammar of RFC 3986 §3 and RFC 3987 §2.2,
//! so that every input reaches the parser's deep paths and the rules of the
//! schemes, where random bytes rarely get past the first character.
//!
//! The text is built together with the components it is made of, so the
//! property can say what the parser must find. For a few schemes the body
//! follows the scheme's own grammar too (http, https, ws, wss: RFC 9110
//! §4.2 and RFC 6455 §3; urn: RFC 8141 §2; tel: RFC 3966 §3; data: RFC
//! 2397 §3; mailto: RFC 6068 §2), and [`Generated::well_formed`] says that
//! its checker must find no error in it.
//!
//! When the bytes run out, every choice takes its first option (a count of
//! zero, the first item of a list), so generation always ends.

use arbitrary::{Result, Unstructured};

/// A reference built from the grammar, and its components.
#[derive(Debug, Default)]
pub(crate) struct Generated {
    /// The whole reference.
    pub(crate) text: String,
    /// The scheme, without `:`.
    pub(crate) scheme: Option<String>,
    /// The userinfo, without `@`.
    pub(crate) userinfo: Option<String>,
    /// The host as written, brackets included.
    pub(crate) host: Option<String>,
    /// The port, without `:`.
    pub(crate) port: Option<String>,
    /// The path.
    pub(crate) path: String,
    /// The query, without `?`.
    pub(crate) query: Option<String>,
    /// The fragment, without `#`.
    pub(crate) fragment: Option<String>,
    /// Whether the body follows its scheme's own grammar, so that the
    /// scheme's check must report no error.
    pub(crate) well_formed: bool,
    /// Whether the host is an IPv6 address with a zone identifier (RFC 6874),
    /// which parses only with `allow_zone_id`.
    pub(crate) zone_id: bool,
}

impl Generated {
    /// The seven components, in RFC 3986 order (the path always present),
    /// as `parts` in `fuzz_props.rs` gives a parse's.
    pub(crate) fn components(&self) -> [Option<&str>; 7] {
        [
            self.scheme.as_deref(),
            self.userinfo.as_deref(),
            self.host.as_deref(),
            self.port.as_deref(),
            Some(self.path.as_str()),
            self.query.as_deref(),
            self.fragment.as_deref(),
        ]
    }
}

/// `ALPHA / DIGIT / "-" / "." / "_" / "~"` (RFC 3986 §2.3).
const UNRESERVED: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~";
/// `"!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (§2.2).
const SUB_DELIMS: &[u8] = b"!$&'()*+,;=";
/// Lower-case letters and digits.
const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
/// `HEXDIG`, both cases.
const HEX: &[u8] = b"0123456789abcdefABCDEF";
/// The `ucschar` ranges of RFC 3987 §2.2 (a sample of the planes).
const UCSCHAR: &[(u32, u32)] = &[
    (0xA0, 0xD7FF),
    (0xF900, 0xFDCF),
    (0xFDF0, 0xFFEF),
    (0x1_0000, 0x1_FFFD),
    (0x2_0000, 0x2_FFFD),
    (0xE_1000, 0xE_FFFD),
];
/// The `iprivate` ranges (§2.2), allowed in the query only.
const IPRIVATE: &[(u32, u32)] = &[
    (0xE000, 0xF8FF),
    (0xF_0000, 0xF_FFFD),
    (0x10_0000, 0x10_FFFD),
];
/// The schemes with a body of their own here.
const KNOWN: &[&str] = &[
    "http", "https", "ws", "wss", "urn", "tel", "data", "mailto", "file", "ftp", "ldap", "news",
    "nntp", "telnet",
];

/// One byte of `set`.
fn pick(u: &mut Unstructured<'_>, set: &[u8]) -> Result<char> {
    Ok(char::from(*u.choose(set)?))
}

/// A byte of `first`, then up to `max` bytes of `rest`.
fn word(
    u: &mut Unstructured<'_>,
    first: &[u8],
    rest: &[u8],
    max: u32,
    out: &mut String,
) -> Result<()> {
    out.push(pick(u, first)?);
    for _ in 0..u.int_in_range(0..=max)? {
        out.push(pick(u, rest)?);
    }
    Ok(())
}

/// A character of one of `ranges`, never a bidi formatting character
/// (RFC 3987 §4.1), which the parser refuses by default.
fn unicode(u: &mut Unstructured<'_>, ranges: &[(u32, u32)]) -> Result<char> {
    let &(low, high) = u.choose(ranges)?;
    let c = char::from_u32(u.int_in_range(low..=high)?).unwrap_or('é');
    Ok(if urikit::spec::is_bidi_formatting(c) {
        'é'
    } else {
        c
    })
}

/// `pct-encoded` (§2.1), hex digits in either case.
fn pct(u: &mut Unstructured<'_>, out: &mut String) -> Result<()> {
    out.push('%');
    out.push(pick(u, HEX)?);
    out.push(pick(u, HEX)?);
    Ok(())
}

/// Up to `max` characters from `unreserved`, `pct-encoded`, `sub-delims`,
/// `extra`, and `ucschar` when `iri`.
fn chars(
    u: &mut Unstructured<'_>,
    max: u32,
    extra: &[u8],
    iri: bool,
    out: &mut String,
) -> Result<()> {
    for _ in 0..u.int_in_range(0..=max)? {
        match u.int_in_range(0..=9)? {
            0..=4 => out.push(pick(u, UNRESERVED)?),
            5 => pct(u, out)?,
            6 => out.push(pick(u, SUB_DELIMS)?),
            7 if !extra.is_empty() => out.push(pick(u, extra)?),
            8 if iri => out.push(unicode(u, UCSCHAR)?),
            _ => out.push(pick(u, ALNUM)?),
        }
    }
    Ok(())
}

/// A DNS-style name: one to four labels of letters and digits with inner
/// hyphens, and when `iri` sometimes a label of `ucschar`.
fn dns_name(u: &mut Unstructured<'_>, iri: bool) -> Result<String> {
    let mut out = String::new();
    for i in 0..u.int_in_range(1..=4)? {
        if i > 0 {
            out.push('.');
        }
        if iri && u.ratio(1, 4)? {
            for _ in 0..u.int_in_range(1..=5)? {
                out.push(unicode(u, &UCSCHAR[..1])?);
            }
            continue;
        }
        let len = u.int_in_range(1..=10)?;
        for k in 0..len {
            let edge = k == 0 || k + 1 == len;
            out.push(if !edge && u.ratio(1, 6)? {
                '-'
            } else {
                pick(u, ALNUM)?
            });
        }
    }
    Ok(out)
}

/// `dec-octet "." dec-octet "." dec-octet "." dec-octet` (§3.2.2).
fn ipv4(u: &mut Unstructured<'_>) -> Result<String> {
    let octets: [u8; 4] = [
        u.arbitrary()?,
        u.arbitrary()?,
        u.arbitrary()?,
        u.arbitrary()?,
    ];
    Ok(std::net::Ipv4Addr::from(octets).to_string())
}

/// An `IPv6address` (§3.2.2) in any of its nine forms: up to eight `h16`
/// (the last two sometimes an IPv4 address), with `::` for the rest.
fn ipv6(u: &mut Unstructured<'_>) -> Result<String> {
    let h16 = |u: &mut Unstructured<'_>| -> Result<String> {
        let mut s = String::new();
        for _ in 0..u.int_in_range(1..=4)? {
            s.push(pick(u, HEX)?);
        }
        Ok(s)
    };
    let compressed = u.ratio(2, 3)?;
    let slots = if compressed {
        u.int_in_range(0..=7)?
    } else {
        8
    };
    let tail_v4 = slots >= 2 && u.ratio(1, 4)?;
    let pieces = if tail_v4 { slots - 2 } else { slots };
    let left = if compressed {
        u.int_in_range(0..=pieces)?
    } else {
        pieces
    };
    let mut groups: Vec<String> = Vec::new();
    for _ in 0..pieces {
        groups.push(h16(u)?);
    }
    let right_v4 = if tail_v4 { Some(ipv4(u)?) } else { None };
    let mut right: Vec<String> = groups.split_off(left as usize);
    right.extend(right_v4);
    let mut out = groups.join(":");
    if compressed {
        out.push_str("::");
    } else if !right.is_empty() && !out.is_empty() {
        out.push(':');
    }
    out.push_str(&right.join(":"));
    Ok(out)
}

/// A host (§3.2.2, and `ireg-name` of RFC 3987 when `iri`): an IP literal
/// (IPv6, with a zone identifier sometimes, or IPvFuture), an IPv4
/// address, a DNS-style name, or any `reg-name`. Sets `g.zone_id`.
fn host(u: &mut Unstructured<'_>, iri: bool, g: &mut Generated) -> Result<String> {
    Ok(match u.int_in_range(0..=9)? {
        0 | 1 => {
            let mut h = format!("[{}", ipv6(u)?);
            if u.ratio(1, 6)? {
                // `ZoneID = 1*( unreserved / pct-encoded )` (RFC 6874 §2).
                g.zone_id = true;
                h.push_str("%25");
                h.push(pick(u, UNRESERVED)?);
                for _ in 0..u.int_in_range(0..=4)? {
                    if u.ratio(1, 4)? {
                        pct(u, &mut h)?;
                    } else {
                        h.push(pick(u, UNRESERVED)?);
                    }
                }
            }
            h.push(']');
            h
        }
        2 => {
            let mut h = String::from("[v");
            for _ in 0..u.int_in_range(1..=3)? {
                h.push(pick(u, HEX)?);
            }
            // "." 1*( unreserved / sub-delims / ":" )
            h.push('.');
            h.push(pick(u, UNRESERVED)?);
            for _ in 0..u.int_in_range(0..=6)? {
                h.push(pick(u, b"az09-._~!$&'()*+,;=:")?);
            }
            h.push(']');
            h
        }
        3 | 4 => ipv4(u)?,
        5 => {
            let mut h = String::new();
            chars(u, 12, b"", iri, &mut h)?;
            h
        }
        _ => dns_name(u, iri)?,
    })
}

/// `segment` (§3.3), sometimes a dot segment; `nz` for at least one
/// character; no `:` when `no_colon` (`segment-nz-nc`).
fn segment(u: &mut Unstructured<'_>, iri: bool, nz: bool, no_colon: bool) -> Result<String> {
    let mut s = String::new();
    match u.int_in_range(0..=7)? {
        0 => s.push('.'),
        1 => s.push_str(".."),
        _ => chars(u, 8, if no_colon { b"@" } else { b":@" }, iri, &mut s)?,
    }
    if nz && s.is_empty() {
        s.push(pick(u, UNRESERVED)?);
    }
    Ok(s)
}

/// `*( "/" segment )`, up to `max` segments.
fn abempty(u: &mut Unstructured<'_>, iri: bool, max: u32, out: &mut String) -> Result<()> {
    for _ in 0..u.int_in_range(0..=max)? {
        out.push('/');
        out.push_str(&segment(u, iri, false, false)?);
    }
    Ok(())
}

/// A query (§3.4; `iquery` with `iprivate` when `iri`) or a fragment
/// (§3.5).
fn query_or_fragment(u: &mut Unstructured<'_>, iri: bool, query: bool) -> Result<String> {
    let mut s = String::new();
    chars(u, 16, b":@/?", iri, &mut s)?;
    if iri && query && u.ratio(1, 4)? {
        s.push(unicode(u, IPRIVATE)?);
    }
    Ok(s)
}

/// A reference: a URI of a known scheme with its own body, a URI of any
/// scheme with the generic syntax, or a relative reference; an IRI when
/// the first choice says so.
pub(crate) fn reference(u: &mut Unstructured<'_>) -> Result<Generated> {
    let iri = u.ratio(1, 3)?;
    let mut g = Generated::default();
    match u.int_in_range(0..=5)? {
        0..=2 => {
            let name = *u.choose(KNOWN)?;
            let scheme = if u.ratio(1, 5)? {
                name.to_ascii_uppercase()
            } else {
                name.to_owned()
            };
            g.scheme = Some(scheme);
            match name {
                "http" | "https" | "ws" | "wss" => web(u, iri, name.starts_with('w'), &mut g)?,
                "urn" => urn(u, &mut g)?,
                "tel" => tel(u, &mut g)?,
                "data" => data(u, &mut g)?,
                "mailto" => mailto(u, &mut g)?,
                _ => generic(u, iri, &mut g)?,
            }
        }
        3 | 4 => {
            let mut scheme = String::new();
            word(u, b"abcxyzABCXYZ", b"az09+-.", 6, &mut scheme)?;
            g.scheme = Some(scheme);
            generic(u, iri, &mut g)?;
        }
        _ => generic(u, iri, &mut g)?,
    }
    if matches!(u.int_in_range(0..=2)?, 0) && g.fragment.is_none() && !g.well_formed {
        g.fragment = Some(query_or_fragment(u, iri, false)?);
    }
    g.text = assemble(&g);
    Ok(g)
}

/// The text of `g`'s components (RFC 3986 §5.3).
fn assemble(g: &Generated) -> String {
    let mut s = String::new();
    if let Some(scheme) = &g.scheme {
        s.push_str(scheme);
        s.push(':');
    }
    if let Some(host) = &g.host {
        s.push_str("//");
        if let Some(userinfo) = &g.userinfo {
            s.push_str(userinfo);
            s.push('@');
        }
        s.push_str(host);
        if let Some(port) = &g.port {
            s.push(':');
            s.push_str(port);
        }
    }
    s.push_str(&g.path);
    if let Some(query) = &g.query {
        s.push('?');
        s.push_str(query);
    }
    if let Some(fragment) = &g.fragment {
        s.push('#');
        s.push_str(fragment);
    }
    s
}

/// The generic syntax (§3): an authority or none, a path of the kind the
/// rest allows, a query sometimes.
fn generic(u: &mut Unstructured<'_>, iri: bool, g: &mut Generated) -> Result<()> {
    if u.ratio(1, 2)? {
        if u.ratio(1, 4)? {
            let mut info = String::new();
            chars(u, 8, b":", iri, &mut info)?;
            g.userinfo = Some(info);
        }
        g.host = Some(host(u, iri, g)?);
        if u.ratio(1, 4)? {
            let mut port = String::new();
            for _ in 0..u.int_in_range(0..=6)? {
                port.push(pick(u, b"0123456789")?);
            }
            g.port = Some(port);
        }
        abempty(u, iri, 6, &mut g.path)?;
    } else {
        match u.int_in_range(0..=2)? {
            // path-absolute: "/" [ segment-nz *( "/" segment ) ]
            0 => {
                g.path.push('/');
                if u.ratio(1, 2)? {
                    g.path.push_str(&segment(u, iri, true, false)?);
                    abempty(u, iri, 5, &mut g.path)?;
                }
            }
            // path-rootless (with a scheme) or path-noscheme (without).
            1 => {
                let no_colon = g.scheme.is_none();
                g.path.push_str(&segment(u, iri, true, no_colon)?);
                abempty(u, iri, 5, &mut g.path)?;
            }
            // path-empty
            _ => {}
        }
    }
    if u.ratio(1, 3)? {
        g.query = Some(query_or_fragment(u, iri, true)?);
    }
    Ok(())
}

/// http, https (RFC 9110 §4.2), ws, wss (RFC 6455 §3): an authority with a
/// non-empty host, a port in range, an absolute path; no fragment for ws.
fn web(u: &mut Unstructured<'_>, iri: bool, ws: bool, g: &mut Generated) -> Result<()> {
    g.well_formed = true;
    let mut h = host(u, iri, g)?;
    if h.is_empty() {
        h.push('h');
    }
    g.host = Some(h);
    if u.ratio(1, 3)? {
        g.port = Some(u.int_in_range(0_u16..=u16::MAX)?.to_string());
    }
    abempty(u, iri, 6, &mut g.path)?;
    if u.ratio(1, 3)? {
        g.query = Some(query_or_fragment(u, iri, true)?);
    }
    if !ws && u.ratio(1, 3)? {
        g.fragment = Some(query_or_fragment(u, iri, false)?);
    }
    Ok(())
}

/// urn (RFC 8141 §2): `"urn:" NID ":" NSS [ "?+" r ] [ "?=" q ] [ "#" f ]`,
/// with an NID that names no namespace whose own rules are checked.
fn urn(u: &mut Unstructured<'_>, g: &mut Generated) -> Result<()> {
    g.well_formed = true;
    let mut nid = String::from("ex");
    for _ in 0..u.int_in_range(0..=8)? {
        nid.push(pick(u, b"abcdefghijklmnopqrstuvwxyz0123456789-")?);
    }
    nid.push(pick(u, ALNUM)?);
    let mut nss = String::new();
    nss.push(pick(u, UNRESERVED)?);
    for _ in 0..u.int_in_range(0..=3)? {
        chars(u, 6, b":@", false, &mut nss)?;
        nss.push('/');
    }
    chars(u, 6, b":@", false, &mut nss)?;
    g.path = format!("{nid}:{nss}");
    let mut query = String::new();
    for prefix in ["+", "="] {
        if u.ratio(1, 3)? {
            if !query.is_empty() {
                query.push('?');
            }
            query.push_str(prefix);
            query.push(pick(u, UNRESERVED)?);
            chars(u, 6, b":@/", false, &mut query)?;
        }
    }
    g.query = (!query.is_empty()).then_some(query);
    if u.ratio(1, 4)? {
        g.fragment = Some(query_or_fragment(u, false, false)?);
    }
    Ok(())
}

/// tel (RFC 3966 §3): a global number, `"+"` then digits with visual
/// separators, an extension sometimes, and parameters of other names.
fn tel(u: &mut Unstructured<'_>, g: &mut Generated) -> Result<()> {
    g.well_formed = true;
    // Digits, with a visual separator one time in five.
    let phonedigits = |u: &mut Unstructured<'_>, out: &mut String| {
        word(
            u,
            b"0123456789",
            b"0123456789012345678901234567890123456789-.()",
            12,
            out,
        )
    };
    let mut path = String::from("+");
    phonedigits(u, &mut path)?;
    if u.ratio(1, 3)? {
        path.push_str(";ext=");
        phonedigits(u, &mut path)?;
    }
    for i in 0..u.int_in_range(0..=2)? {
        // Each name once (RFC 3966 §3: a parameter appears at most once).
        path.push_str(&format!(";x{i}-"));
        path.push(pick(u, ALNUM)?);
        if u.ratio(1, 2)? {
            // `pvalue = 1*paramchar`: `param-unreserved`, `unreserved`,
            // `pct-encoded`.
            path.push('=');
            path.push(pick(u, UNRESERVED)?);
            for _ in 0..u.int_in_range(0..=5)? {
                match u.int_in_range(0..=2)? {
                    0 => pct(u, &mut path)?,
                    // `param-unreserved` but `[` and `]`, which RFC 3986
                    // allows only in an IP literal (§3.2.2).
                    1 => path.push(pick(u, b"/:&+$")?),
                    _ => path.push(pick(u, UNRESERVED)?),
                }
            }
        }
    }
    g.path = path;
    Ok(())
}

/// data (RFC 2397 §3): `[ type "/" subtype *( ";" attribute "=" value ) ]
/// [ ";base64" ] "," data`, the data valid base64 when so marked.
fn data(u: &mut Unstructured<'_>, g: &mut Generated) -> Result<()> {
    g.well_formed = true;
    let token = |u: &mut Unstructured<'_>, out: &mut String| {
        word(
            u,
            b"abcdefghijklmnopqrstuvwxyz",
            b"abcdefghijklmnopqrstuvwxyz0123456789-+.",
            6,
            out,
        )
    };
    let mut path = String::new();
    if u.ratio(1, 2)? {
        token(u, &mut path)?;
        path.push('/');
        token(u, &mut path)?;
        for i in 0..u.int_in_range(0..=2)? {
            // Each attribute once (RFC 6838 §4.3).
            path.push_str(&format!(";a{i}"));
            token(u, &mut path)?;
            path.push('=');
            token(u, &mut path)?;
        }
    }
    if u.ratio(1, 2)? {
        path.push_str(";base64,");
        const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let quads = u.int_in_range(0..=8)?;
        for _ in 0..quads {
            for _ in 0..4 {
                path.push(pick(u, B64)?);
            }
        }
        if quads > 0 && u.ratio(1, 3)? {
            // The last group with one or two bytes and their padding,
            // the unused bits zero (RFC 4648 §3.5).
            path.truncate(path.len() - 4);
            path.push(pick(u, B64)?);
            if u.ratio(1, 2)? {
                path.push(pick(u, b"AQgw")?);
                path.push_str("==");
            } else {
                path.push(pick(u, B64)?);
                path.push(pick(u, b"AEIMQUYcgkosw048")?);
                path.push('=');
            }
        }
    } else {
        path.push(',');
        chars(u, 16, b":@/", false, &mut path)?;
    }
    g.path = path;
    Ok(())
}

/// mailto (RFC 6068 §2): addresses `local "@" domain` (dot-atom text of
/// letters and digits, a DNS name), then header fields: `cc` with an
/// address, the others with unreserved values.
fn mailto(u: &mut Unstructured<'_>, g: &mut Generated) -> Result<()> {
    g.well_formed = true;
    let address = |u: &mut Unstructured<'_>, out: &mut String| -> Result<()> {
        for _ in 0..u.int_in_range(1..=8)? {
            out.push(pick(u, ALNUM)?);
        }
        out.push('@');
        out.push_str(&dns_name(u, false)?);
        Ok(())
    };
    let mut path = String::new();
    for i in 0..u.int_in_range(1..=3)? {
        if i > 0 {
            path.push(',');
        }
        address(u, &mut path)?;
    }
    g.path = path;
    let mut query = String::new();
    for name in ["subject", "body", "cc", "in-reply-to", "x-h"] {
        if !u.ratio(1, 3)? {
            continue;
        }
        if !query.is_empty() {
            query.push('&');
        }
        query.push_str(name);
        query.push('=');
        if name == "cc" {
            // `cc` holds addresses, as `to` does (RFC 6068 §2).
            address(u, &mut query)?;
            continue;
        }
        for _ in 0..u.int_in_range(0..=10)? {
            query.push(pick(u, UNRESERVED)?);
        }
    }
    // `hfields = "?" hfield *( "&" hfield )`: no `?` without a field.
    g.query = (!query.is_empty()).then_some(query);
    Ok(())
}

/// Bytes that no URI or IRI holds anywhere (RFC 3986 §2, RFC 3987 §2.2):
/// controls, space, DEL, the double quote, `<`, `>`, the backslash, `^`,
/// the backquote, `{`, `|` and `}`.
const NEVER: &[u8] = b"\x00\x01\x09\x0a\x0d\x1f \x7f\"<>\\^`{|}";

/// A byte of [`NEVER`] and a character boundary of `text` to put it at.
pub(crate) fn intruder(u: &mut Unstructured<'_>, text: &str) -> Result<(usize, u8)> {
    let byte = *u.choose(NEVER)?;
    let chars = text.chars().count();
    let k = u.int_in_range(0..=chars)?;
    let at = text.char_indices().nth(k).map_or(text.len(), |(i, _)| i);
    Ok((at, byte))
}
