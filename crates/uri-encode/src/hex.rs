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
