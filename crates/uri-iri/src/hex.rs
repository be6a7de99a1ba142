//! Percent-encoding triplets, byte by byte.

/// The upper-case hexadecimal digits (RFC 3986 §2.1: "should use uppercase").
const UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Every triplet, `%00` to `%FF`, upper case, one after another.
const TRIPLET_BYTES: [u8; 768] = {
    let mut bytes = [0u8; 768];
    let mut b = 0;
    while b < 256 {
        bytes[3 * b] = b'%';
        bytes[3 * b + 1] = UPPER[b >> 4];
        bytes[3 * b + 2] = UPPER[b & 0xF];
        b += 1;
    }
    bytes
};

/// [`TRIPLET_BYTES`] as text (ASCII, checked when compiling).
const TRIPLETS: &str = match core::str::from_utf8(&TRIPLET_BYTES) {
    Ok(text) => text,
    Err(_) => panic!("triplets are ASCII"),
};

/// The triplet `%XX` of `byte`, upper case, as text.
#[inline]
pub(crate) fn triplet_str(byte: u8) -> &'static str {
    let at = 3 * usize::from(byte);
    TRIPLETS.get(at..at + 3).unwrap_or("%00")
}

/// The triplet `%XX` of `byte`, upper case.
#[inline]
pub(crate) fn triplet(byte: u8) -> [u8; 3] {
    [
        b'%',
        UPPER[usize::from(byte >> 4)],
        UPPER[usize::from(byte & 0xF)],
    ]
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
            assert_eq!(triplet_str(b).as_bytes(), t);
            assert_eq!(decode_at(&t, 0), Some(b));
            assert!(t[1..].iter().all(|c| !c.is_ascii_lowercase()));
        }
        assert_eq!(decode_at(b"%4g", 0), None);
        assert_eq!(decode_at(b"%4", 0), None);
        assert_eq!(decode_at(b"x%41", 1), Some(b'A'));
    }
}
