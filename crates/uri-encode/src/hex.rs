//! Hexadecimal digits for `%XX` triplets, and finding `%`.

use uri_core::grammar::{CharClass, Scanner};

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
        digits_value(b, i)
    } else {
        None
    }
}

/// The byte the two hex digits after `b[i]` stand for (RFC 3986 §2.1), if
/// both are there and are hex digits; `b[i]` itself is not looked at (a
/// `%` the caller has found already).
#[inline(always)]
pub(crate) fn digits_value(b: &[u8], i: usize) -> Option<u8> {
    if i + 2 < b.len() {
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

/// `%XX` for each byte `b`, and a zero: four bytes to write at once.
pub(crate) const TRIPLET_WORDS: [[u8; 4]; 256] = {
    let mut t = [[0u8; 4]; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = [b'%', HEX_UPPER[b >> 4], HEX_UPPER[b & 0xF], 0];
        b += 1;
    }
    t
};

/// The triplet `%XX` for byte `b`.
#[inline(always)]
pub(crate) fn triplet(b: u8) -> &'static str {
    let i = 3 * usize::from(b);
    &TRIPLETS[i..i + 3]
}

/// Every byte but `%`: [`Scanner::first_outside`] finds the next `%`,
/// sixteen bytes at a time.
pub(crate) const NOT_PERCENT: Scanner = Scanner::new(&CharClass::range(0, 0xFF).without(b'%'));

/// Every byte but `%` and `+`, for decoding with `+` as a space.
pub(crate) const NOT_PERCENT_OR_PLUS: Scanner =
    Scanner::new(&CharClass::range(0, 0xFF).without(b'%').without(b'+'));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scanners_find_percent_and_plus() {
        let text = b"abcdefgh%ijklmnop+qrstuvwxyz%%+\x80\xa5%";
        for from in 0..=text.len() {
            let next = |hit: &dyn Fn(u8) -> bool| {
                text[from..]
                    .iter()
                    .position(|&c| hit(c))
                    .map_or(text.len(), |k| from + k)
            };
            assert_eq!(NOT_PERCENT.first_outside(text, from), next(&|c| c == b'%'));
            assert_eq!(
                NOT_PERCENT_OR_PLUS.first_outside(text, from),
                next(&|c| c == b'%' || c == b'+')
            );
        }
    }

    #[test]
    fn triplets_table() {
        for b in 0..=255u8 {
            assert_eq!(triplet(b), alloc::format!("%{b:02X}"));
        }
    }
}
