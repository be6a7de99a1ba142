//! IP literals and IPv4 addresses in the host (RFC 3986 §3.2.2).

use core::net::{Ipv4Addr, Ipv6Addr};

use crate::error::ParseErrorKind;
use crate::grammar::{HEXDIG, IPV_FUTURE, UNRESERVED};
use uri_encode::hex_digit;

/// Parses `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`.
///
/// ```text
/// dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
/// ```
///
/// So no leading zeros and no other forms: `1.2.3.04`, `0x7f.1`, `127.1` and
/// `2130706433` are not IPv4 addresses here, and parse as registered names
/// (§3.2.2: "a host identified by an IPv4 literal address is represented in
/// dotted-decimal notation").
pub(crate) fn parse_ipv4(b: &[u8]) -> Option<Ipv4Addr> {
    let mut octets = [0u8; 4];
    let mut i = 0;
    for (n, octet) in octets.iter_mut().enumerate() {
        if n > 0 {
            if b.get(i) != Some(&b'.') {
                return None;
            }
            i += 1;
        }
        let (value, len) = dec_octet(&b[i.min(b.len())..])?;
        *octet = value;
        i += len;
    }
    (i == b.len()).then(|| Ipv4Addr::from(octets))
}

/// A `dec-octet` at the start of `b`: its value and length.
fn dec_octet(b: &[u8]) -> Option<(u8, usize)> {
    let mut value: u32 = 0;
    let mut len = 0;
    while len < b.len() && len < 3 && b[len].is_ascii_digit() {
        value = value * 10 + u32::from(b[len] - b'0');
        len += 1;
    }
    if len == 0 || (len > 1 && b[0] == b'0') || value > 255 {
        return None;
    }
    Some((value as u8, len))
}

/// Parses the text between the brackets of an `IPv6address`:
///
/// ```text
/// IPv6address =                            6( h16 ":" ) ls32
///             /                       "::" 5( h16 ":" ) ls32
///             / [               h16 ] "::" 4( h16 ":" ) ls32
///             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
///             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
///             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
///             / [ *4( h16 ":" ) h16 ] "::"              ls32
///             / [ *5( h16 ":" ) h16 ] "::"              h16
///             / [ *6( h16 ":" ) h16 ] "::"
/// h16  = 1*4HEXDIG
/// ls32 = ( h16 ":" h16 ) / IPv4address
/// ```
///
/// On failure, returns the offset in `b` of the first byte that cannot be
/// part of an address (`b.len()` if it ended too early).
pub(crate) fn parse_ipv6(b: &[u8]) -> Result<Ipv6Addr, usize> {
    let mut groups = [0u16; 8];
    let mut count = 0; // groups written
    let mut ellipsis: Option<usize> = None; // group index where `::` stands
    let mut i = 0;

    if b.starts_with(b"::") {
        ellipsis = Some(0);
        i = 2;
        if i == b.len() {
            return Ok(Ipv6Addr::UNSPECIFIED);
        }
    } else if b.first() == Some(&b':') {
        return Err(1);
    }

    loop {
        // Explicit groups: eight, or at most seven beside `::`.
        let max = if ellipsis.is_some() { 7 } else { 8 };
        if count == max {
            return Err(i);
        }
        // An h16, or an IPv4address filling the last 32 bits.
        let start = i;
        let mut value: u32 = 0;
        while let Some(digit) = b
            .get(i)
            .filter(|_| i - start < 4)
            .and_then(|&c| hex_digit(c))
        {
            value = value * 16 + u32::from(digit);
            i += 1;
        }
        if i < b.len() && b[i] == b'.' {
            // Only an ls32 position can hold an IPv4 tail: six groups before
            // it, or at most five with an ellipsis (which stands for at least
            // one). And the digits read so far must be a whole dec-octet;
            // until the `.`, they could have been an h16.
            let fits = if ellipsis.is_some() {
                count <= 5
            } else {
                count == 6
            };
            let octet = dec_octet(&b[start..i]).is_some_and(|(_, len)| len == i - start);
            if !fits || !octet {
                return Err(i);
            }
            let (v4, len) = ipv4_tail(&b[start..]).map_err(|k| start + k)?;
            let [a, c, d, e] = v4.octets();
            groups[count] = u16::from_be_bytes([a, c]);
            groups[count + 1] = u16::from_be_bytes([d, e]);
            count += 2;
            i = start + len;
            if i != b.len() {
                return Err(i);
            }
            break;
        }
        if i == start {
            return Err(i);
        }
        if i < b.len() && HEXDIG.contains(b[i]) {
            return Err(i); // a fifth hex digit
        }
        groups[count] = value as u16;
        count += 1;
        if i == b.len() {
            break;
        }
        let max = if ellipsis.is_some() { 7 } else { 8 };
        if count == max || b[i] != b':' {
            return Err(i);
        }
        i += 1;
        if i < b.len() && b[i] == b':' {
            if ellipsis.is_some() {
                return Err(i);
            }
            ellipsis = Some(count);
            i += 1;
            if i == b.len() {
                break;
            }
        } else if i == b.len() {
            return Err(i);
        }
    }

    match ellipsis {
        None if count == 8 => {}
        None => return Err(b.len()),
        // `::` stands for at least one group of zeros.
        Some(_) if count == 8 => return Err(b.len()),
        Some(at) => {
            let tail = count - at;
            let mut full = [0u16; 8];
            full[..at].copy_from_slice(&groups[..at]);
            full[8 - tail..].copy_from_slice(&groups[at..count]);
            groups = full;
        }
    }
    Ok(Ipv6Addr::from(groups))
}

/// The `IPv4address` at the start of `b`, and its length; or the offset of
/// the first byte that no `IPv4address` can continue with (a fourth digit,
/// a digit after a leading `0`, a digit that takes the octet past 255, a
/// missing `.` or octet).
fn ipv4_tail(b: &[u8]) -> Result<(Ipv4Addr, usize), usize> {
    let mut octets = [0u8; 4];
    let mut i = 0;
    for (n, octet) in octets.iter_mut().enumerate() {
        if n > 0 {
            if b.get(i) != Some(&b'.') {
                return Err(i);
            }
            i += 1;
        }
        let start = i;
        let mut value: u32 = 0;
        while i < b.len() && b[i].is_ascii_digit() {
            value = value * 10 + u32::from(b[i] - b'0');
            if i - start == 3 || (i > start && b[start] == b'0') || value > 255 {
                return Err(i);
            }
            i += 1;
        }
        if i == start {
            return Err(i);
        }
        *octet = value as u8;
    }
    Ok((Ipv4Addr::from(octets), i))
}

/// Checks `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`,
/// `b` starting at the `v`. Returns the offset of the first bad byte.
pub(crate) fn check_ipv_future(b: &[u8]) -> Result<(), usize> {
    let mut i = 1;
    while i < b.len() && HEXDIG.contains(b[i]) {
        i += 1;
    }
    if i == 1 || i == b.len() || b[i] != b'.' {
        return Err(i);
    }
    i += 1;
    if i == b.len() {
        return Err(i);
    }
    match b[i..].iter().position(|&c| !IPV_FUTURE.contains(c)) {
        Some(bad) => Err(i + bad),
        None => Ok(()),
    }
}

/// Checks an RFC 6874 zone: `"%25" ZoneID`, `ZoneID = 1*( unreserved / pct-encoded )`,
/// `b` starting at the `%`. Returns the error kind and the offset of the bad byte.
pub(crate) fn check_zone_id(b: &[u8]) -> Result<(), (ParseErrorKind, usize)> {
    if !b.starts_with(b"%25") || b.len() == 3 {
        return Err((
            ParseErrorKind::InvalidZoneId,
            if b.starts_with(b"%25") { 3 } else { 0 },
        ));
    }
    let mut i = 3;
    while i < b.len() {
        if UNRESERVED.contains(b[i]) {
            i += 1;
        } else if b[i] == b'%' {
            if i + 2 < b.len() && HEXDIG.contains(b[i + 1]) && HEXDIG.contains(b[i + 2]) {
                i += 3;
            } else {
                return Err((ParseErrorKind::InvalidPercentEncoding, i));
            }
        } else {
            return Err((ParseErrorKind::InvalidZoneId, i));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv4_dec_octet() {
        assert_eq!(parse_ipv4(b"0.0.0.0"), Some(Ipv4Addr::new(0, 0, 0, 0)));
        assert_eq!(parse_ipv4(b"255.255.255.255"), Some(Ipv4Addr::BROADCAST));
        assert_eq!(
            parse_ipv4(b"192.0.2.16"),
            Some(Ipv4Addr::new(192, 0, 2, 16))
        );
        for bad in [
            "1.2.3.04",
            "256.1.1.1",
            "1.2.3",
            "1.2.3.4.",
            "1.2.3.4.5",
            "0x7f.0.0.1",
            "127.1",
            "2130706433",
            "",
            ".1.2.3",
            "1..2.3",
            "1.2.3.4 ",
            "01.2.3.4",
            "1.2.3.0255",
        ] {
            assert_eq!(parse_ipv4(bad.as_bytes()), None, "{bad}");
        }
    }

    #[track_caller]
    fn v6(text: &str) -> Ipv6Addr {
        let ours = parse_ipv6(text.as_bytes()).unwrap_or_else(|i| panic!("{text} rejected at {i}"));
        // std accepts the same textual forms for these inputs.
        assert_eq!(Some(ours), text.parse().ok(), "{text}");
        ours
    }

    #[test]
    fn ipv6_every_form_of_the_abnf() {
        v6("1:2:3:4:5:6:7:8");
        v6("1:2:3:4:5:6:1.2.3.4");
        v6("::2:3:4:5:6:7:8");
        v6("::3:4:5:6:7:1.2.3.4");
        v6("1::3:4:5:6:7:8");
        v6("1::4:5:6:7:8");
        v6("1:2::4:5:6:7:8");
        v6("1:2:3::6:7:8");
        v6("1:2:3:4::7:8");
        v6("1:2:3:4:5::8");
        v6("1:2:3:4:5:6::");
        v6("1:2:3:4:5::1.2.3.4");
        v6("::1.2.3.4");
        v6("::ffff:1.2.3.4");
        v6("::");
        v6("::1");
        v6("1::");
        v6("2001:DB8::7");
        v6("fe80::a");
        v6("0000:0000:0000:0000:0000:0000:0000:0001");
    }

    #[test]
    fn ipv6_rejections_point_at_the_bad_byte() {
        let cases: &[(&str, usize)] = &[
            ("", 0),
            (":", 1),
            (":1::", 1),
            ("1:2:3:4:5:6:7:8:9", 15),
            ("1:2:3:4:5:6:7", 13),
            ("1::2::3", 5),
            ("12345::", 4),
            ("1:2:3:4:5:6:7:8::", 15),
            ("::1.2.3", 7),
            ("::1.2.3.256", 10),
            ("1:2:3:4:5:6:7:1.2.3.4", 15),
            ("::1.2.3.4:5", 9),
            ("g::", 0),
            ("1:", 2),
            ("1:2:3:4:5:6:7::8", 15),
            ("::1 ", 3),
            ("::1.2.3.04", 9),
            ("::256.1.1.1", 5),
            ("::1234.5.6.7", 6),
            ("1:2:3:4:5:6::1.2.3.4", 14),
            ("1::2:3:4:5:6:7:8", 14),
            ("::1:2:3:4:5:6:7:8", 15),
            ("::a.1.2.3", 3),
        ];
        for &(text, at) in cases {
            assert_eq!(parse_ipv6(text.as_bytes()), Err(at), "{text}");
            assert!(text.parse::<Ipv6Addr>().is_err(), "std accepts {text}");
        }
    }

    #[test]
    fn ipv_future() {
        assert_eq!(check_ipv_future(b"v7.x"), Ok(()));
        assert_eq!(check_ipv_future(b"VF.a:b!$"), Ok(()));
        assert_eq!(check_ipv_future(b"v.x"), Err(1));
        assert_eq!(check_ipv_future(b"v7"), Err(2));
        assert_eq!(check_ipv_future(b"v7."), Err(3));
        assert_eq!(check_ipv_future(b"v7.a/b"), Err(4));
        assert_eq!(check_ipv_future(b"vg.a"), Err(1));
    }

    #[test]
    fn zone_ids() {
        assert_eq!(check_zone_id(b"%25en1"), Ok(()));
        assert_eq!(check_zone_id(b"%25%41"), Ok(()));
        assert_eq!(
            check_zone_id(b"%25"),
            Err((ParseErrorKind::InvalidZoneId, 3))
        );
        assert_eq!(
            check_zone_id(b"%en1"),
            Err((ParseErrorKind::InvalidZoneId, 0))
        );
        assert_eq!(
            check_zone_id(b"%25a:b"),
            Err((ParseErrorKind::InvalidZoneId, 4))
        );
        assert_eq!(
            check_zone_id(b"%25a%4"),
            Err((ParseErrorKind::InvalidPercentEncoding, 4))
        );
    }
}
