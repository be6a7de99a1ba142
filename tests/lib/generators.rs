//! Strategies that generate valid URI references from the RFC 3986 grammar,
//! one per component (scheme, userinfo with pct-encoded triplets, every kind
//! of host, port, the five path forms, query, fragment), each remembering
//! what it put in ([`GenRef`]); and IRI references from the RFC 3987
//! grammar ([`iri_reference_with`]): the same, with `ucschar`s wherever
//! `iunreserved` goes and `iprivate` in the query.

use std::net::{Ipv4Addr, Ipv6Addr};

use proptest::option;
use proptest::prelude::*;
use proptest::sample::{Index, select};
use proptest::string::string_regex;
use urikit::{Host, ParseOptions};

/// `pct-encoded = "%" HEXDIG HEXDIG`, as a regex.
pub const PCT: &str = "%[0-9A-Fa-f]{2}";

/// A regex for one of `class` (a bracketed character class) or a
/// `pct-encoded` triplet, the class twice as likely.
pub fn or_pct(class: &str) -> String {
    format!("({PCT}|{class}|{class})")
}

/// A string matching `regex`, which must be valid.
pub fn re(regex: &str) -> BoxedStrategy<String> {
    string_regex(regex)
        .unwrap_or_else(|e| panic!("bad regex {regex}: {e}"))
        .boxed()
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
pub fn scheme() -> BoxedStrategy<String> {
    re("[A-Za-z][A-Za-z0-9+.-]{0,6}")
}

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`
pub fn userinfo() -> BoxedStrategy<String> {
    re(&format!("{}{{0,8}}", or_pct("[A-Za-z0-9._~!$&'()*+,;=:-]")))
}

/// `reg-name = *( unreserved / pct-encoded / sub-delims )`
pub fn reg_name() -> BoxedStrategy<String> {
    re(&format!("{}{{0,10}}", or_pct("[A-Za-z0-9._~!$&'()*+,;=-]")))
}

/// Registered names made of digits and dots: some are IPv4 addresses, most
/// (`1.2.3.04`, `127.1`, `256.1.1.1`) are not.
pub fn dotted_name() -> BoxedStrategy<String> {
    re("(0x)?[0-9]{1,4}(\\.[0-9]{1,3}){0,4}")
}

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`
pub fn pchar() -> String {
    or_pct("[A-Za-z0-9._~!$&'()*+,;=:@-]")
}

/// `segment = *pchar`
pub fn segment() -> String {
    format!("{}{{0,5}}", pchar())
}

/// `segment-nz = 1*pchar`
pub fn segment_nz() -> String {
    format!("{}{{1,5}}", pchar())
}

/// `path-abempty = *( "/" segment )`
pub fn path_abempty() -> BoxedStrategy<String> {
    re(&format!("(/{}){{0,4}}", segment()))
}

/// `path-absolute = "/" [ segment-nz *( "/" segment ) ]`
pub fn path_absolute() -> BoxedStrategy<String> {
    re(&format!("/({}(/{}){{0,3}})?", segment_nz(), segment()))
}

/// `path-rootless = segment-nz *( "/" segment )`
pub fn path_rootless() -> BoxedStrategy<String> {
    re(&format!("{}(/{}){{0,3}}", segment_nz(), segment()))
}

/// `path-noscheme = segment-nz-nc *( "/" segment )`, where
/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`
pub fn path_noscheme() -> BoxedStrategy<String> {
    re(&format!(
        "{}{{1,5}}(/{}){{0,3}}",
        or_pct("[A-Za-z0-9._~!$&'()*+,;=@-]"),
        segment()
    ))
}

/// `query = *( pchar / "/" / "?" )`, and `fragment`, the same.
pub fn query() -> BoxedStrategy<String> {
    re(&format!(
        "{}{{0,10}}",
        or_pct("[A-Za-z0-9._~!$&'()*+,;=:@/?-]")
    ))
}

/// `port = *DIGIT`
pub fn port() -> BoxedStrategy<String> {
    re("[0-9]{0,6}")
}

/// A host and what it is.
#[derive(Debug, Clone)]
pub enum GenHost {
    /// A `reg-name` (which may spell an IPv4 address).
    RegName(String),
    /// An `IPv4address`.
    Ipv4(Ipv4Addr),
    /// An IP literal holding an `IPv6address`, perhaps with an RFC 6874 zone.
    Ipv6 {
        /// The literal as written, brackets included.
        text: String,
        /// The address it spells.
        addr: Ipv6Addr,
        /// The zone identifier, after `%25`, as written.
        zone: Option<String>,
    },
    /// An IP literal holding an `IPvFuture`.
    Future {
        /// The literal as written, brackets included.
        text: String,
        /// The hex digits after `v`.
        version: String,
        /// What follows the `.`.
        address: String,
    },
}

impl GenHost {
    /// The host's text, brackets included.
    pub fn text(&self) -> String {
        match self {
            GenHost::RegName(s) => s.clone(),
            GenHost::Ipv4(a) => a.to_string(),
            GenHost::Ipv6 { text, .. } | GenHost::Future { text, .. } => text.clone(),
        }
    }

    /// The `Host` the parser should make of it.
    pub fn expected(&self) -> Host<'_> {
        match self {
            GenHost::RegName(s) => dotted_decimal(s).map_or(Host::RegName(s), Host::Ipv4),
            GenHost::Ipv4(a) => Host::Ipv4(*a),
            GenHost::Ipv6 { addr, zone, .. } => Host::Ipv6 {
                addr: *addr,
                zone: zone.as_deref(),
            },
            GenHost::Future {
                version, address, ..
            } => Host::IpvFuture { version, address },
        }
    }
}

/// `IPv4address` read straight from the ABNF: four `dec-octet`s, no leading
/// zeros. The oracle for registered names that look like addresses.
pub fn dotted_decimal(s: &str) -> Option<Ipv4Addr> {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    let mut octets = [0u8; 4];
    for (octet, part) in octets.iter_mut().zip(parts) {
        let digits = part.bytes().all(|b| b.is_ascii_digit());
        if part.is_empty() || part.len() > 3 || !digits || (part.len() > 1 && part.starts_with('0'))
        {
            return None;
        }
        *octet = part.parse().ok()?;
    }
    Some(Ipv4Addr::from(octets))
}

/// One `h16` group, biased towards zero so that `::` runs come up.
pub fn group() -> impl Strategy<Value = u16> {
    prop_oneof![Just(0u16), 0u16..16, any::<u16>()]
}

/// How to write one `h16`: upper case or not, and zero-padded to a width.
pub fn group_style() -> impl Strategy<Value = (bool, usize)> {
    (any::<bool>(), 1usize..=4)
}

/// An `IPv6address` in any of the forms of §3.2.2, perhaps with a zone
/// identifier, in brackets.
pub fn ipv6() -> impl Strategy<Value = GenHost> {
    (
        prop::array::uniform8(group()),
        prop::array::uniform8(group_style()),
        any::<bool>(),
        any::<bool>(),
        any::<Index>(),
        any::<Index>(),
        option::weighted(0.2, re(&format!("{}{{1,6}}", or_pct("[A-Za-z0-9._~-]")))),
    )
        .prop_map(
            |(mut groups, styles, compress, v4_tail, start, len, zone)| {
                // With an IPv4 tail, the last two groups are written as one.
                let slots = if v4_tail { 6 } else { 8 };
                let run = compress.then(|| {
                    let start = start.index(slots);
                    let len = 1 + len.index(slots - start);
                    groups[start..start + len].fill(0);
                    (start, start + len)
                });
                let h16 = |i: usize| {
                    let (upper, width) = styles[i];
                    if upper {
                        format!("{:0width$X}", groups[i])
                    } else {
                        format!("{:0width$x}", groups[i])
                    }
                };
                let tail = v4_tail.then(|| {
                    let [a, b] = groups[6].to_be_bytes();
                    let [c, d] = groups[7].to_be_bytes();
                    Ipv4Addr::new(a, b, c, d).to_string()
                });
                let text = match run {
                    Some((start, end)) => {
                        let left: Vec<String> = (0..start).map(h16).collect();
                        let mut right: Vec<String> = (end..slots).map(h16).collect();
                        right.extend(tail);
                        format!("{}::{}", left.join(":"), right.join(":"))
                    }
                    None => {
                        let mut all: Vec<String> = (0..slots).map(h16).collect();
                        all.extend(tail);
                        all.join(":")
                    }
                };
                let text = match &zone {
                    Some(zone) => format!("[{text}%25{zone}]"),
                    None => format!("[{text}]"),
                };
                GenHost::Ipv6 {
                    text,
                    addr: Ipv6Addr::from(groups),
                    zone,
                }
            },
        )
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`, in brackets.
pub fn ipv_future() -> impl Strategy<Value = GenHost> {
    (
        select(vec!['v', 'V']),
        re("[0-9A-Fa-f]{1,3}"),
        re("[A-Za-z0-9._~!$&'()*+,;=:-]{1,8}"),
    )
        .prop_map(|(v, version, address)| GenHost::Future {
            text: format!("[{v}{version}.{address}]"),
            version,
            address,
        })
}

/// `host = IP-literal / IPv4address / reg-name`
pub fn host() -> impl Strategy<Value = GenHost> {
    prop_oneof![
        2 => reg_name().prop_map(GenHost::RegName),
        1 => dotted_name().prop_map(GenHost::RegName),
        1 => any::<[u8; 4]>().prop_map(|o| GenHost::Ipv4(Ipv4Addr::from(o))),
        3 => ipv6(),
        1 => ipv_future(),
    ]
}

/// A generated reference, component by component.
#[derive(Debug, Clone)]
pub struct GenRef {
    /// The scheme, without its `:`.
    pub scheme: Option<String>,
    /// The userinfo, without its `@`.
    pub userinfo: Option<String>,
    /// The host; `Some` exactly when there is an authority.
    pub host: Option<GenHost>,
    /// The port, without its `:`.
    pub port: Option<String>,
    /// The path, of the form the other components allow.
    pub path: String,
    /// The query, without its `?`.
    pub query: Option<String>,
    /// The fragment, without its `#`.
    pub fragment: Option<String>,
}

impl GenRef {
    /// The reference's text: the components with their delimiters.
    pub fn text(&self) -> String {
        let mut out = String::new();
        if let Some(s) = &self.scheme {
            out += s;
            out += ":";
        }
        if let Some(host) = &self.host {
            out += "//";
            if let Some(u) = &self.userinfo {
                out += u;
                out += "@";
            }
            out += &host.text();
            if let Some(p) = &self.port {
                out += ":";
                out += p;
            }
        }
        out += &self.path;
        if let Some(q) = &self.query {
            out += "?";
            out += q;
        }
        if let Some(f) = &self.fragment {
            out += "#";
            out += f;
        }
        out
    }

    /// Where the host starts in [`GenRef::text`].
    pub fn host_offset(&self) -> usize {
        self.scheme.as_ref().map_or(0, |s| s.len() + 1)
            + 2
            + self.userinfo.as_ref().map_or(0, |u| u.len() + 1)
    }

    /// The offset of a zone identifier's `%` in the text, if there is one.
    pub fn zone_offset(&self) -> Option<usize> {
        match &self.host {
            Some(GenHost::Ipv6 {
                text,
                zone: Some(_),
                ..
            }) => text.find('%').map(|k| self.host_offset() + k),
            _ => None,
        }
    }

    /// The options the reference needs.
    pub fn options(&self) -> ParseOptions {
        ParseOptions::new().allow_zone_id(self.zone_offset().is_some())
    }
}

/// `URI-reference`: `URI` or `relative-ref`, with the path form each context allows.
pub fn reference() -> impl Strategy<Value = GenRef> {
    reference_with(0.6)
}

/// `URI`: a generated reference that always has a scheme.
pub fn uri() -> impl Strategy<Value = GenRef> {
    reference_with(1.0)
}

/// `URI-reference` with a scheme with probability `scheme_probability`
/// (0 for relative references only, 1 for URIs only), and an authority
/// with probability 0.6.
pub fn reference_with(scheme_probability: f64) -> impl Strategy<Value = GenRef> {
    let authority = (option::of(userinfo()), host(), option::of(port()));
    // `option::weighted` takes a probability strictly between 0 and 1.
    let scheme = if scheme_probability >= 1.0 {
        scheme().prop_map(Some).boxed()
    } else if scheme_probability <= 0.0 {
        Just(None).boxed()
    } else {
        option::weighted(scheme_probability, scheme()).boxed()
    };
    (scheme, option::weighted(0.6, authority)).prop_flat_map(|(scheme, authority)| {
        let path = match (&scheme, &authority) {
            // hier-part / relative-part with an authority: path-abempty.
            (_, Some(_)) => path_abempty(),
            // hier-part without one: path-absolute / path-rootless / path-empty.
            (Some(_), None) => {
                prop_oneof![path_absolute(), path_rootless(), Just(String::new())].boxed()
            }
            // relative-part without one: path-absolute / path-noscheme / path-empty.
            (None, None) => {
                prop_oneof![path_absolute(), path_noscheme(), Just(String::new())].boxed()
            }
        };
        (
            Just(scheme),
            Just(authority),
            path,
            option::of(query()),
            option::of(query()),
        )
            .prop_map(|(scheme, authority, path, query, fragment)| {
                let (userinfo, host, port) = match authority {
                    Some((u, h, p)) => (u, Some(h), p),
                    None => (None, None, None),
                };
                GenRef {
                    scheme,
                    userinfo,
                    host,
                    port,
                    path,
                    query,
                    fragment,
                }
            })
    })
}

// ------------------------------------------------------------------ IRIs

/// `ucschar` (RFC 3987 §2.2) as a regex class, less the bidirectional
/// formatting characters (U+200E, U+200F, U+202A to U+202E, U+2066 to
/// U+2069), which §4.1 forbids and parsing refuses by default.
pub const UCSCHAR: &str = concat!(
    "[\\x{A0}-\\x{200D}\\x{2010}-\\x{2029}\\x{202F}-\\x{2065}\\x{206A}-\\x{D7FF}",
    "\\x{F900}-\\x{FDCF}\\x{FDF0}-\\x{FFEF}",
    "\\x{10000}-\\x{1FFFD}\\x{20000}-\\x{2FFFD}\\x{30000}-\\x{3FFFD}",
    "\\x{40000}-\\x{4FFFD}\\x{50000}-\\x{5FFFD}\\x{60000}-\\x{6FFFD}",
    "\\x{70000}-\\x{7FFFD}\\x{80000}-\\x{8FFFD}\\x{90000}-\\x{9FFFD}",
    "\\x{A0000}-\\x{AFFFD}\\x{B0000}-\\x{BFFFD}\\x{C0000}-\\x{CFFFD}",
    "\\x{D0000}-\\x{DFFFD}\\x{E1000}-\\x{EFFFD}]"
);

/// `iprivate` (RFC 3987 §2.2) as a regex class: allowed in `iquery` only.
pub const IPRIVATE: &str = "[\\x{E000}-\\x{F8FF}\\x{F0000}-\\x{FFFFD}\\x{100000}-\\x{10FFFD}]";

/// `ucschar`s that matter to the IRI functions, more likely than a draw
/// from all of [`UCSCHAR`] (mostly unassigned or CJK): Latin with
/// diacritics, Han, Hebrew and Arabic letters and an Arabic digit
/// (bidi), combining marks (NFC: U+0301; U+0338 would join `=` into `≠`),
/// the Kelvin sign and U+037E (NFC makes ASCII of them), fullwidth `／`
/// `？` `＠` and `。` (IDNA maps them to delimiters), the joiners, a soft
/// hyphen (IDNA drops it), a character outside the BMP.
pub const NOTABLE: &str =
    "[éüßÅ納豆אבجد١\\x{301}\\x{338}\\x{212A}\\x{37E}／？＠。\\x{200C}\\x{200D}\\x{AD}😀]";

/// A regex for one of the ASCII `class`, a `ucschar` (from [`UCSCHAR`] or
/// [`NOTABLE`]), an `iprivate` when `private`, or a `pct-encoded` triplet
/// when `pct`.
pub fn or_ucs(class: &str, pct: bool, private: bool) -> String {
    let mut alternatives = vec![class, class, UCSCHAR, NOTABLE, NOTABLE];
    if pct {
        alternatives.push(PCT);
    }
    if private {
        alternatives.push(IPRIVATE);
    }
    format!("({})", alternatives.join("|"))
}

/// `ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"` (a
/// triplet only when `pct`).
pub fn ipchar(pct: bool) -> String {
    or_ucs("[A-Za-z0-9._~!$&'()*+,;=:@-]", pct, false)
}

/// `ireg-name = *( iunreserved / pct-encoded / sub-delims )`.
pub fn ireg_name(pct: bool) -> BoxedStrategy<String> {
    re(&format!(
        "{}{{0,10}}",
        or_ucs("[A-Za-z0-9._~!$&'()*+,;=-]", pct, false)
    ))
}

/// `ihost`: an `ireg-name` mostly, or any host of [`host`] (IP literals
/// and IPv4 addresses are ASCII in an IRI too). Without `pct`, no host
/// holds a `%`: no triplet in a registered name, no IPv6 zone (`%25`).
pub fn ihost(pct: bool) -> BoxedStrategy<GenHost> {
    if pct {
        prop_oneof![
            3 => ireg_name(true).prop_map(GenHost::RegName),
            1 => host(),
        ]
        .boxed()
    } else {
        prop_oneof![
            6 => ireg_name(false).prop_map(GenHost::RegName),
            1 => any::<[u8; 4]>().prop_map(|o| GenHost::Ipv4(Ipv4Addr::from(o))),
            1 => ipv6().prop_filter("no zone identifier", |h| {
                !matches!(h, GenHost::Ipv6 { zone: Some(_), .. })
            }),
            1 => ipv_future(),
        ]
        .boxed()
    }
}

/// An IRI reference (RFC 3987 §2.2) generated like [`reference_with`]
/// (a scheme with probability `scheme_probability`, an authority with
/// probability 0.6), with `ucschar`s in the userinfo, the registered name,
/// the path, the query and the fragment, `iprivate` in the query, and
/// `pct-encoded` triplets everywhere (as in [`reference()`]) when `pct`.
/// Never a bidirectional formatting character.
pub fn iri_reference_with(scheme_probability: f64, pct: bool) -> impl Strategy<Value = GenRef> {
    let userinfo = re(&format!(
        "{}{{0,8}}",
        or_ucs("[A-Za-z0-9._~!$&'()*+,;=:-]", pct, false)
    ));
    let authority = (option::of(userinfo), ihost(pct), option::of(port()));
    let scheme = if scheme_probability >= 1.0 {
        scheme().prop_map(Some).boxed()
    } else if scheme_probability <= 0.0 {
        Just(None).boxed()
    } else {
        option::weighted(scheme_probability, scheme()).boxed()
    };
    let segment = format!("{}{{0,5}}", ipchar(pct));
    let segment_nz = format!("{}{{1,5}}", ipchar(pct));
    let segment_nz_nc = format!(
        "{}{{1,5}}",
        or_ucs("[A-Za-z0-9._~!$&'()*+,;=@-]", pct, false)
    );
    let query = re(&format!(
        "{}{{0,10}}",
        or_ucs("[A-Za-z0-9._~!$&'()*+,;=:@/?-]", pct, true)
    ));
    let fragment = re(&format!(
        "{}{{0,10}}",
        or_ucs("[A-Za-z0-9._~!$&'()*+,;=:@/?-]", pct, false)
    ));
    (scheme, option::weighted(0.6, authority)).prop_flat_map(move |(scheme, authority)| {
        let abempty = re(&format!("(/{segment}){{0,4}}"));
        let absolute = re(&format!("/({segment_nz}(/{segment}){{0,3}})?"));
        let rootless = re(&format!("{segment_nz}(/{segment}){{0,3}}"));
        let noscheme = re(&format!("{segment_nz_nc}(/{segment}){{0,3}}"));
        let path = match (&scheme, &authority) {
            (_, Some(_)) => abempty,
            (Some(_), None) => prop_oneof![absolute, rootless, Just(String::new())].boxed(),
            (None, None) => prop_oneof![absolute, noscheme, Just(String::new())].boxed(),
        };
        (
            Just(scheme),
            Just(authority),
            path,
            option::of(query.clone()),
            option::of(fragment.clone()),
        )
            .prop_map(|(scheme, authority, path, query, fragment)| {
                let (userinfo, host, port) = match authority {
                    Some((u, h, p)) => (u, Some(h), p),
                    None => (None, None, None),
                };
                GenRef {
                    scheme,
                    userinfo,
                    host,
                    port,
                    path,
                    query,
                    fragment,
                }
            })
    })
}

/// An IRI reference with `pct-encoded` triplets (see [`iri_reference_with`]).
pub fn iri_reference() -> impl Strategy<Value = GenRef> {
    iri_reference_with(0.6, true)
}
