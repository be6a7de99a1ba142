//! Hexadecimal digits for `%XX` triplets.

/// Upper-case hex digits by value (§2.1: producers should use upper case).
pub(crate) const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// The value of each byte as a hex digit, or `0xFF` for bytes that are not one.
pub(crate) const HEX_VALUE: [u8; 256] = {
    let mut table = [0xFF; 256];
    let mut i = 0;
    while i < 10 {
        table[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        table[b'A' as usize + i] = 10 + i as u8;
        table[b'a' as usize + i] = 10 + i as u8;
        i += 1;
    }
    table
};

/// Whether `b[i..]` starts with `%` and two hex digits.
#[inline]
pub(crate) fn is_triplet(b: &[u8], i: usize) -> bool {
    i + 2 < b.len()
        && b[i] == b'%'
        && HEX_VALUE[usize::from(b[i + 1])] != 0xFF
        && HEX_VALUE[usize::from(b[i + 2])] != 0xFF
}

/// The byte a triplet at `b[i..]` stands for, if it is one.
#[inline]
pub(crate) fn triplet_value(b: &[u8], i: usize) -> Option<u8> {
    if i + 2 < b.len() && b[i] == b'%' {
        let hi = HEX_VALUE[usize::from(b[i + 1])];
        let lo = HEX_VALUE[usize::from(b[i + 2])];
        // Valid digits are 0..=15; the invalid marker 0xFF has high bits set.
        if (hi | lo) & 0xF0 == 0 {
            return Some(hi << 4 | lo);
        }
    }
    None
}

/// `%00` to `%FF`, three bytes each: the escape of byte `b` is
/// `TRIPLETS[3 * b..3 * b + 3]`, pushed as one `&str`.
pub(crate) const TRIPLETS: &str = {
    const BYTES: [u8; 768] = {
        let mut t = [0u8; 768];
        let mut b = 0;
        while b < 256 {
            t[3 * b] = b'%';
            t[3 * b + 1] = HEX_UPPER[b >> 4];
            t[3 * b + 2] = HEX_UPPER[b & 0xF];
            b += 1;
        }
        t
    };
    match core::str::from_utf8(&BYTES) {
        Ok(s) => s,
        Err(_) => panic!("triplets are ASCII"),
    }
};

/// The triplet `%XX` for byte `b`.
#[inline(always)]
pub(crate) fn triplet(b: u8) -> &'static str {
    let i = 3 * usize::from(b);
    &TRIPLETS[i..i + 3]
}

/// The offset of the first byte of `b` equal to `x`, or to `y` if given,
/// eight bytes at a time (the "has zero byte" bit trick on `u64` words).
#[inline]
pub(crate) fn find_byte(b: &[u8], x: u8, y: Option<u8>) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let zero_bytes = |v: u64| v.wrapping_sub(LO) & !v & HI;
    let (wx, wy) = (LO * u64::from(x), LO * u64::from(y.unwrap_or(x)));
    let mut i = 0;
    while let Some(Ok(chunk)) = b.get(i..i + 8).map(<[u8; 8]>::try_from) {
        let w = u64::from_le_bytes(chunk);
        let hits = zero_bytes(w ^ wx) | zero_bytes(w ^ wy);
        if hits != 0 {
            // The lowest flagged byte is always a true match.
            return Some(i + (hits.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    b[i..]
        .iter()
        .position(|&c| c == x || Some(c) == y)
        .map(|k| i + k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_byte_agrees_with_position() {
        let text = b"abcdefgh%ijklmnop+qrstuvwxyz%%+";
        for start in 0..text.len() {
            let s = &text[start..];
            assert_eq!(find_byte(s, b'%', None), s.iter().position(|&c| c == b'%'));
            assert_eq!(
                find_byte(s, b'%', Some(b'+')),
                s.iter().position(|&c| c == b'%' || c == b'+')
            );
        }
        for b in 0..=255u8 {
            let mut v = [b'a'; 20];
            for at in 0..20 {
                v[at] = b;
                assert_eq!(
                    find_byte(&v, b, None),
                    Some(v.iter().position(|&c| c == b).unwrap_or(at))
                );
                v[at] = b'a';
            }
        }
        assert_eq!(find_byte(b"\x80\x81\xa5%", b'%', None), Some(3));
        assert_eq!(find_byte(b"\x24\x26%", b'%', None), Some(2));
    }

    #[test]
    fn triplets_table() {
        for b in 0..=255u8 {
            assert_eq!(triplet(b), alloc::format!("%{b:02X}"));
        }
    }
}
