//! Percent-encoding triplets, byte by byte.

/// The upper-case hexadecimal digits (RFC 3986 §2.1: "should use uppercase").
const UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// The triplet `%XX` of `byte`, upper case.
#[inline]
pub(crate) fn triplet(byte: u8) -> [u8; 3] {
    [
        b'%',
        UPPER[usize::from(byte >> 4)],
        UPPER[usize::from(byte & 0xF)],
    ]
}

/// Appends the UTF-8 bytes of `c` to `out`, each as its triplet.
pub(crate) fn push_encoded(out: &mut alloc::string::String, c: char) {
    let mut buf = [0; 4];
    for &b in c.encode_utf8(&mut buf).as_bytes() {
        out.extend(triplet(b).map(char::from));
    }
}

/// The value of a hexadecimal digit.
#[inline]
pub(crate) const fn digit(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// The byte of the triplet at `bytes[i..i + 3]`, if there is one there.
#[inline]
pub(crate) fn decode_at(bytes: &[u8], i: usize) -> Option<u8> {
    match bytes.get(i..i + 3) {
        Some(&[b'%', hi, lo]) => Some(digit(hi)? << 4 | digit(lo)?),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_round_trips() {
        for b in 0..=255u8 {
            let t = triplet(b);
            assert_eq!(decode_at(&t, 0), Some(b));
            assert!(t[1..].iter().all(|c| !c.is_ascii_lowercase()));
        }
        assert_eq!(decode_at(b"%4g", 0), None);
        assert_eq!(decode_at(b"%4", 0), None);
        assert_eq!(decode_at(b"x%41", 1), Some(b'A'));
    }
}
