//! The rules every scheme shares: warnings about passwords, ports, DNS
//! names and length, and the default port dropped when normalizing.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use uri_core::{Authority, Component, HostKind, PortError, Uri, UriBuf};
use uri_encode::grammar::{CharClass, DIGIT, Scanner};

use crate::{Scheme, Violation};

/// The length past which a URI is a warning: "the limit that browsers and
/// servers have long used" (RFC 9110 §4.1 asks for at least 8,000 octets,
/// but 2,048 is the oldest limit still met in practice).
pub const LENGTH_WARNING: usize = 2048;

/// The warnings every scheme shares, for `uri` under `scheme`:
///
/// - `Password`: a userinfo with a `:` and text after it (RFC 3986
///   §3.2.1: "Use of the format "user:password" in the userinfo field is
///   deprecated");
/// - `PortOutOfRange`: a port past 65535 (RFC 3986 §3.2.3 allows any
///   digits; TCP and UDP ports are 16 bits). An empty port (`http://h:/`)
///   is none: §3.2.3 allows it ("URI producers and normalizers should
///   omit the ":" delimiter that separates host from port if the port
///   component is empty"), and §6.2.3 normalizes it away;
/// - `HostNotDns`: where the scheme uses DNS, a registered name that is
///   not a DNS name: labels of letters, digits and `-`, not starting or
///   ending with `-`, of 1 to 63 bytes, 253 bytes in all (RFC 1034 §3.5,
///   RFC 1123 §2.1), a trailing root `.` allowed;
/// - `TooLong`: a URI longer than [`LENGTH_WARNING`] characters.
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
/// use uri_schemes::{Registry, generic_checks};
///
/// let registry = Registry::standard();
/// let http = registry.get("http").expect("http is standard");
/// let found = generic_checks(Uri::parse("http://a_b.example:70000/")?, http);
/// let kinds: Vec<_> = found.iter().map(|v| v.kind()).collect();
/// assert_eq!(kinds, ["HostNotDns", "PortOutOfRange"]);
/// assert!(generic_checks(Uri::parse("http://example.com:/")?, http).is_empty());
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn generic_checks(uri: Uri<'_>, scheme: &dyn Scheme) -> Vec<Violation> {
    let mut found = Vec::new();
    push_generic_checks(uri, scheme, &mut found);
    found
}

/// [`generic_checks`], pushed onto `found`.
pub(crate) fn push_generic_checks(uri: Uri<'_>, scheme: &dyn Scheme, found: &mut Vec<Violation>) {
    push_checks(uri.as_str(), uri.authority(), scheme.uses_dns(), found);
}

/// [`generic_checks`] of the URI `text`, whose authority (if it has one)
/// is `authority`, under a scheme that uses DNS hosts or not: the
/// authority read once by a caller that needs it too.
///
/// Gives back what the DNS rule learned on the way: for a host it found
/// to be a DNS name of up to 63 bytes, whether it has an upper-case
/// letter ([`short_dns_name`]); `None` if it did not look, or could not
/// tell so quickly.
#[inline(always)]
pub(crate) fn push_checks(
    text: &str,
    authority: Option<Authority<'_>>,
    uses_dns: bool,
    found: &mut Vec<Violation>,
) -> Option<bool> {
    let mut upper = None;
    if let Some(authority) = authority {
        // Offsets from the authority's spans (offsets are API).
        if let (Some(userinfo), Some(span)) =
            (authority.userinfo(), authority.span(Component::Userinfo))
        {
            if let Some(colon) = userinfo.bytes().position(|b| b == b':') {
                let secret = &userinfo[colon + 1..];
                if !secret.is_empty() {
                    found.push(Violation::warning(
                        "Password",
                        span.start + colon + 1,
                        "RFC 3986 §3.2.1",
                        "a password in the URI (\"user:password\" is deprecated)",
                    ));
                }
            }
        }
        let host = authority.host_str();
        if uses_dns && authority.host_kind() == HostKind::RegName && !host.is_empty() {
            let start = authority.host_span().start;
            upper = short_dns_name(text.as_bytes(), start, start + host.len());
            if let Some(at) = upper.is_none().then(|| dns_problem(host)).flatten() {
                found.push(Violation::warning(
                    "HostNotDns",
                    start + at,
                    "RFC 1034 §3.5",
                    "the host is not a DNS name (letters, digits and `-`; 63 bytes a label, 253 in all)",
                ));
            }
        }
        if let Some(port) = authority.span(Component::Port) {
            if matches!(authority.port_u16(), Err(e) if e != PortError::Empty) {
                found.push(Violation::warning(
                    "PortOutOfRange",
                    port.start,
                    "RFC 3986 §3.2.3",
                    "the port is past 65535",
                ));
            }
        }
    }
    // Characters are at most bytes: count them only past 2,048 bytes.
    if text.len() > LENGTH_WARNING && text.chars().count() > LENGTH_WARNING {
        found.push(Violation::warning(
            "TooLong",
            0,
            "RFC 9110 §4.1",
            "longer than 2,048 characters, the limit many browsers and servers keep",
        ));
    }
    upper
}

/// Lower-case letters and digits: what a label holds but for its hyphens
/// and capitals.
const LOWER_AND_DIGITS: Scanner = Scanner::new(&CharClass::range(b'a', b'z').union(DIGIT));

/// Whether the host at `start..end` of `text` (a URI) is a DNS name (RFC
/// 1034 §3.5, RFC 1123 §2.1): labels of letters, digits and `-`, not
/// starting or ending with `-`, between single dots, with a root `.` at the
/// end or not; and if it is, whether it has an upper-case letter (which the
/// http origin lowers).
///
/// Decided from bit masks of its bytes (one pass over windows of sixteen
/// bytes marking the bytes that are not lower-case letters or digits, and
/// the dots; then a look at each of the others, a `-` or a capital in a
/// DNS name, which most hosts have few of) for a host of up to 63 bytes,
/// whose labels cannot be longer than 63: `Some(upper)` for a DNS name,
/// `None` for a longer host or one that is not a DNS name. The caller then
/// walks it byte by byte with [`dns_problem`], which also finds where a
/// host that is not one goes wrong.
#[inline(always)]
pub(crate) fn short_dns_name(text: &[u8], start: usize, end: usize) -> Option<bool> {
    short_dns_masks(text, start, end).map(|m| m.upper)
}

/// What [`short_dns_masks`] learnt of a DNS name of up to 63 bytes: bit
/// `k` of each mask is about the name's byte `k`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DnsMasks {
    /// It has an upper-case letter.
    pub(crate) upper: bool,
    /// Its length, a root `.` included.
    pub(crate) len: usize,
    /// Its dots, the root `.` left out.
    pub(crate) dots: u64,
    /// Its hyphens.
    pub(crate) hyphens: u64,
}

impl DnsMasks {
    /// The first byte of each label.
    #[inline(always)]
    const fn starts(&self) -> u64 {
        1 | self.dots << 1
    }

    /// Whether a label begins `xn--` (any case), the ACE prefix of an
    /// A-label (RFC 5890 §2.3.2.1): the labels whose third and fourth
    /// bytes are hyphens, then a look at their first two.
    #[inline(always)]
    pub(crate) fn xn_label(&self, name: &[u8]) -> bool {
        let mut candidates = self.starts() & self.hyphens >> 2 & self.hyphens >> 3;
        while candidates != 0 {
            let k = candidates.trailing_zeros() as usize;
            if matches!(name.get(k..k + 2), Some([x, n]) if x | 0x20 == b'x' && n | 0x20 == b'n') {
                return true;
            }
            candidates &= candidates - 1;
        }
        false
    }

    /// Whether the last label (the root `.` aside) is all digits, or `0x`
    /// or `0X` and hexadecimal digits only: what the WHATWG URL Standard
    /// (§3.5, "ends in a number") reads as an IPv4 address.
    #[inline(always)]
    pub(crate) fn numeric_last_label(&self, name: &[u8]) -> bool {
        // A DNS name ending in the root `.` has a label before it.
        let end = match name.get(self.len.wrapping_sub(1)) {
            Some(b'.') => self.len - 1,
            _ => self.len,
        };
        // Most names end in a letter that is no hexadecimal digit.
        if name
            .get(end.wrapping_sub(1))
            .is_none_or(|&b| !(b.is_ascii_hexdigit() || b | 0x20 == b'x'))
        {
            return false;
        }
        let start = match self.dots {
            0 => 0,
            d => 64 - d.leading_zeros() as usize,
        };
        let last = name.get(start..end).unwrap_or_default();
        match last {
            [b'0', b'x' | b'X', hex @ ..] => hex.iter().all(u8::is_ascii_hexdigit),
            [] => false,
            digits => digits.iter().all(u8::is_ascii_digit),
        }
    }
}

/// [`short_dns_name`] with the masks it read: `Some` for a DNS name of up
/// to 63 bytes, `None` otherwise.
#[inline(always)]
pub(crate) fn short_dns_masks(text: &[u8], start: usize, end: usize) -> Option<DnsMasks> {
    let n = end.checked_sub(start)?;
    if n == 0 || n > 63 {
        return None;
    }
    let (others, dots) = LOWER_AND_DIGITS.masks(text, start, n, b'.');
    // Hyphens and capitals, or bytes no DNS name has: looked at one by one.
    let mut upper = false;
    let mut hyphens = 0;
    let mut rest = others & !dots;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        match text.get(start + rest.trailing_zeros() as usize) {
            Some(b'-') => hyphens |= bit,
            Some(b) if b.is_ascii_uppercase() => upper = true,
            _ => return None,
        }
        rest &= rest - 1;
    }
    // A last `.` is the root's: the name is the bytes before it.
    let last = 1u64 << (n - 1);
    let (inner, name_last) = if dots & last != 0 {
        (dots & !last, last >> 1)
    } else {
        (dots, last)
    };
    // The first and last byte of every label; an empty label puts a `.`
    // (or nothing, for an empty name) where one of them should be.
    let starts = 1 | inner << 1;
    let ends = name_last | inner >> 1;
    (name_last != 0 && (starts | ends) & (dots | hyphens) == 0).then_some(DnsMasks {
        upper,
        len: n,
        dots: inner,
        hyphens,
    })
}

/// Where `host` stops being a DNS name (an offset in it), or `None`: the
/// first label (left to right) that is empty or longer than 63 bytes (at
/// its start), holds a byte other than a letter, digit or `-` (at that
/// byte), or starts or ends with `-` (at that `-`). One pass over the
/// bytes.
fn dns_problem(host: &str) -> Option<usize> {
    let bytes = host.as_bytes();
    let name = bytes.strip_suffix(b".").unwrap_or(bytes);
    if name.len() > 253 {
        return Some(253);
    }
    let mut start = 0;
    loop {
        let mut end = start;
        let mut bad = None;
        while let Some(&b) = name.get(end) {
            match DNS_CLASS[usize::from(b)] {
                LDH => {}
                DOT => break,
                _ => {
                    if bad.is_none() {
                        bad = Some(end);
                    }
                }
            }
            end += 1;
        }
        if end == start || end - start > 63 {
            return Some(start);
        }
        if bad.is_some() {
            return bad;
        }
        if name[start] == b'-' {
            return Some(start);
        }
        if name[end - 1] == b'-' {
            return Some(end - 1);
        }
        if end == name.len() {
            return None;
        }
        start = end + 1;
    }
}

/// [`DNS_CLASS`] of a letter, digit or `-` (RFC 1034 §3.5's "LDH").
const LDH: u8 = 0;
/// [`DNS_CLASS`] of `.`, between labels.
const DOT: u8 = 1;
/// [`DNS_CLASS`] of every other byte.
const OTHER: u8 = 2;

/// The class of each byte in a DNS name: one load a byte instead of four
/// range tests.
static DNS_CLASS: [u8; 256] = {
    let mut class = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() || c == b'-' {
            class[b] = LDH;
        }
        b += 1;
    }
    class[b'.' as usize] = DOT;
    class
};

/// Removes the port of `uri` when it is empty or `default` (RFC 3986
/// §6.2.3: "the port component [...] should be omitted when it is the
/// default for the scheme", and "an empty port [...] should be
/// normalized" away).
pub(crate) fn drop_default_port(uri: &mut UriBuf, default: Option<u16>) {
    let Some(port) = uri.port() else { return };
    // `080` is port 80 too; digits past `u32` are no default port.
    let is_default =
        port.is_empty() || default.is_some_and(|d| port.parse::<u32>().ok() == Some(u32::from(d)));
    if is_default {
        // Removing a port keeps every other component valid.
        let _ = uri.set_port(None);
    }
}

/// The authority preamble of the schemes whose URIs need `//` and a host
/// (http, https, ws, wss, ftp, telnet; ldap without the host): pushes
/// `MissingAuthority` (at the byte after the scheme's `:`) when `authority`
/// is `None`, and `MissingHost` (at the host) when `host` is `Some` and the
/// host is empty; each with its `(section, message)`. Offsets come from
/// [`Authority::span`], not from pointers.
pub(crate) fn authority_preamble<'a>(
    uri: Uri<'a>,
    authority: Option<Authority<'a>>,
    missing: (&'static str, &'static str),
    host: Option<(&'static str, &'static str)>,
    found: &mut Vec<Violation>,
) -> Option<Authority<'a>> {
    let Some(authority) = authority else {
        let (section, message) = missing;
        found.push(Violation::error(
            "MissingAuthority",
            uri.scheme().len() + 1,
            section,
            message,
        ));
        return None;
    };
    if let Some((section, message)) = host {
        if authority.host_str().is_empty() {
            let at = authority.span(Component::Host).map_or(0, |r| r.start);
            found.push(Violation::error("MissingHost", at, section, message));
        }
    }
    Some(authority)
}

/// The first `;`-separated piece of `text` (which is at `at` in the URI),
/// and the `;name[=value]` parameters after it, each with its offset, its
/// name and its value as written: geo's `parameter` (RFC 5870 §3.3) and
/// sip's `uri-parameter` (RFC 3261 §19.1.1) read the same way.
pub(crate) fn semicolon_params(
    text: &str,
    at: usize,
) -> (&str, impl Iterator<Item = (usize, &str, Option<&str>)>) {
    let mut pieces = text.split(';');
    let first = pieces.next().unwrap_or("");
    let mut next = at + first.len() + 1;
    let params = pieces.map(move |piece| {
        let here = next;
        next += piece.len() + 1;
        let (name, value) = match piece.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (piece, None),
        };
        (here, name, value)
    });
    (first, params)
}

/// For each of `names`, whether an earlier one is the same name in any
/// (ASCII) case: one stable sort of the indices by the names in lower
/// case, so that 10,000 names take `n log n` comparisons, not the `n²` of
/// looking each one up among those before it, whatever the names (no hash
/// that crafted names could make collide).
pub(crate) fn repeated_names<S: AsRef<str>>(names: &[S]) -> Vec<bool> {
    // A copy only of a name with an upper-case letter.
    let lower: Vec<Cow<'_, str>> = (names.iter())
        .map(|name| {
            let name = name.as_ref();
            if name.bytes().any(|b| b.is_ascii_uppercase()) {
                Cow::Owned(name.to_ascii_lowercase())
            } else {
                Cow::Borrowed(name)
            }
        })
        .collect();
    let mut order: Vec<usize> = (0..names.len()).collect();
    // Stable: of equal names, the earlier stays first.
    order.sort_by(|&a, &b| lower[a].cmp(&lower[b]));
    let mut repeated = alloc::vec![false; names.len()];
    for pair in order.windows(2) {
        if let [a, b] = *pair {
            repeated[b] = lower[a] == lower[b];
        }
    }
    repeated
}

/// The text of `uri` between its scheme's `:` and its fragment's `#` (the
/// path and the query: the body of an opaque scheme such as data or tel),
/// with its offset, and the offset of the `#` when there is a fragment.
pub(crate) fn body_before_fragment(uri: Uri<'_>) -> (usize, &str, Option<usize>) {
    let text = uri.as_str();
    let start = uri.scheme().len() + 1;
    let hash = uri
        .fragment()
        .map(|_| crate::scheme::start_of(uri, Component::Fragment) - 1);
    let body = text.get(start..hash.unwrap_or(text.len())).unwrap_or("");
    (start, body, hash)
}

/// A `DuplicateParameter` error at each repeat of a name: `names` holds
/// each parameter's name (in the case it compares in) and offset; sorted
/// here, so a repeat is reported at its later occurrences.
pub(crate) fn push_duplicates<T: Ord>(
    names: &mut [(T, usize)],
    section: &'static str,
    found: &mut Vec<Violation>,
) {
    names.sort();
    for pair in names.windows(2) {
        if pair[0].0 == pair[1].0 {
            found.push(Violation::error(
                "DuplicateParameter",
                pair[1].1,
                section,
                "a parameter appears more than once",
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dns_names() {
        assert_eq!(dns_problem("example.com"), None);
        assert_eq!(dns_problem("example.com."), None);
        assert_eq!(dns_problem("a-b.c"), None);
        assert_eq!(dns_problem("a_b.c"), Some(1));
        assert_eq!(dns_problem("-a.c"), Some(0));
        assert_eq!(dns_problem("a-.c"), Some(1));
        assert_eq!(dns_problem("a..c"), Some(2));
        assert_eq!(dns_problem(&"a".repeat(64)), Some(0));
        let long = ["abc"; 64].join(".");
        assert_eq!(dns_problem(&long), Some(253));
    }

    /// The masks say yes exactly to the DNS names of up to 63 bytes, on
    /// hosts of every shape over an alphabet of each kind of byte, at every
    /// length up to 5, alone and after labels that carry them across the
    /// scanner's sixteen-byte windows, inside a URI (long enough for the
    /// vector path, or not).
    #[test]
    fn the_masks_agree_with_the_walk() {
        let alphabet = ["a", "Z", "7", "-", ".", "_", "~"];
        let mut shapes = alloc::vec![alloc::string::String::new()];
        for _ in 0..5 {
            let next: Vec<_> = shapes
                .iter()
                .flat_map(|h| alphabet.iter().map(move |c| alloc::format!("{h}{c}")))
                .collect();
            shapes.extend(next);
        }
        let prefixes = [
            "",
            "www.exam",
            "a-b.c-d.e-f.g-h-i.j",
            "x.y",
            // Past 32 bytes: the masks' loop of windows.
            "a-b.c-d.e-f.g-h-i.j.k-l.m-n.o-p.q-r-s.t",
            "Ab-Cd.Ef-gh.ij-KL.mn-op.QR-st.uv-wx.",
        ];
        let mut hosts: Vec<_> = prefixes
            .iter()
            .flat_map(|prefix| shapes.iter().map(move |h| alloc::format!("{prefix}{h}")))
            .collect();
        hosts.push("a".repeat(63));
        hosts.push("a".repeat(64));
        hosts.push(alloc::format!("{}.", "a".repeat(62)));
        hosts.push(alloc::format!("{}.", "a".repeat(63)));
        hosts.push(["abc"; 63].join("."));
        hosts.push(["abc"; 64].join("."));
        for host in &hosts {
            for (before, after) in [
                ("http://", "/"),
                ("http://", ""),
                ("h://", ":8"),
                ("http://", "/a/long/enough/path"),
            ] {
                let text = alloc::format!("{before}{host}{after}");
                let start = before.len();
                let fast = short_dns_name(text.as_bytes(), start, start + host.len());
                let expected = (host.len() <= 63 && dns_problem(host).is_none())
                    .then(|| host.bytes().any(|b| b.is_ascii_uppercase()));
                assert_eq!(fast, expected, "{host:?} in {text:?}");
            }
        }
    }
}
