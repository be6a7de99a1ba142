//! Hexadecimal digits and `%XX` triplets (RFC 3986 §2.1): the one home
//! of both in the workspace. Every urikit crate that reads or writes a
//! triplet calls these.

use alloc::string::String;
use alloc::vec::Vec;

use crate::grammar::{CharClass, Scanner};

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

/// The value of `b` as a hex digit (`0-9`, `A-F`, `a-f`), or `None`.
///
/// # Examples
///
/// ```
/// assert_eq!(uri_encode::hex_digit(b'7'), Some(7));
/// assert_eq!(uri_encode::hex_digit(b'b'), Some(11));
/// assert_eq!(uri_encode::hex_digit(b'G'), None);
/// ```
#[inline(always)]
pub const fn hex_digit(b: u8) -> Option<u8> {
    match HEX_VALUE[b as usize] {
        0xFF => None,
        v => Some(v),
    }
}

/// The byte the `%XX` triplet at `b[i..]` stands for (RFC 3986 §2.1), or
/// `None` when there is no `%` and two hex digits (of either case) at `i`.
///
/// # Examples
///
/// ```
/// use uri_encode::triplet_at;
///
/// assert_eq!(triplet_at(b"a%2fb", 1), Some(b'/'));
/// assert_eq!(triplet_at(b"a%2fb", 0), None);
/// assert_eq!(triplet_at(b"%4g", 0), None);
/// assert_eq!(triplet_at(b"%4", 0), None);
/// ```
#[inline]
pub fn triplet_at(b: &[u8], i: usize) -> Option<u8> {
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
///
/// # Examples
///
/// ```
/// assert_eq!(uri_encode::triplet(b'/'), "%2F");
/// assert_eq!(uri_encode::triplet(0xE9), "%E9");
/// ```
#[inline(always)]
pub fn triplet(b: u8) -> &'static str {
    let i = 3 * usize::from(b);
    &TRIPLETS[i..i + 3]
}

/// Every byte but `%`: [`Scanner::first_outside`] finds the next `%`,
/// sixteen bytes at a time.
pub(crate) const NOT_PERCENT: Scanner = Scanner::new(&CharClass::range(0, 0xFF).without(b'%'));

/// Every byte but `%` and `+`, for decoding with `+` as a space.
pub(crate) const NOT_PERCENT_OR_PLUS: Scanner =
    Scanner::new(&CharClass::range(0, 0xFF).without(b'%').without(b'+'));

/// The bytes that percent-encoded text stands for, each with the offset in
/// the text where it is written: a `%XX` triplet gives its byte and the
/// offset of its `%`; any other byte (a `%` without two hex digits after
/// it too, which a parsed reference never holds) stands for itself.
///
/// Made by [`decoded_bytes`]. [`peek`](Self::peek) tells a decoded byte
/// from a literal one, for checks that treat the two apart (a `%40` is
/// data, an `@` a delimiter).
///
/// # Examples
///
/// ```
/// use uri_encode::decoded_bytes;
///
/// let bytes: Vec<(usize, u8)> = decoded_bytes("a%2Fb%").collect();
/// assert_eq!(bytes, [(0, b'a'), (1, b'/'), (4, b'b'), (5, b'%')]);
/// ```
#[derive(Debug, Clone)]
pub struct DecodedBytes<'a> {
    bytes: &'a [u8],
    at: usize,
}

/// The bytes of `text` with its `%XX` triplets decoded, each with its
/// offset: see [`DecodedBytes`].
#[inline]
pub fn decoded_bytes(text: &str) -> DecodedBytes<'_> {
    DecodedBytes {
        bytes: text.as_bytes(),
        at: 0,
    }
}

impl DecodedBytes<'_> {
    /// The next byte and whether it was a triplet, without moving.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut bytes = uri_encode::decoded_bytes("%41A");
    /// assert_eq!(bytes.peek(), Some((b'A', true)));
    /// bytes.next();
    /// assert_eq!(bytes.peek(), Some((b'A', false)));
    /// ```
    #[inline]
    pub fn peek(&self) -> Option<(u8, bool)> {
        let b = *self.bytes.get(self.at)?;
        Some(match triplet_at(self.bytes, self.at) {
            Some(v) => (v, true),
            None => (b, false),
        })
    }

    /// The offset of the next byte in the text (its length at the end).
    #[inline]
    pub fn offset(&self) -> usize {
        self.at
    }

    /// Continues from `offset` of the text (past its end: nothing more),
    /// as when a reader skips to the next delimiter. An offset inside a
    /// triplet reads its digits as literal bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut bytes = uri_encode::decoded_bytes("a%41,b");
    /// bytes.seek(5);
    /// assert_eq!(bytes.next(), Some((5, b'b')));
    /// ```
    #[inline]
    pub fn seek(&mut self, offset: usize) {
        self.at = offset;
    }

    /// Only the triplets: the offset of each `%` and its byte.
    ///
    /// # Examples
    ///
    /// ```
    /// let found: Vec<(usize, u8)> = uri_encode::decoded_bytes("a%2Fb%%41").triplets().collect();
    /// assert_eq!(found, [(1, b'/'), (6, b'A')]);
    /// ```
    pub fn triplets(mut self) -> impl Iterator<Item = (usize, u8)> {
        core::iter::from_fn(move || {
            loop {
                self.at = NOT_PERCENT.first_outside(self.bytes, self.at);
                let (b, encoded) = self.peek()?;
                let at = self.at;
                self.at += if encoded { 3 } else { 1 };
                if encoded {
                    return Some((at, b));
                }
            }
        })
    }
}

impl Iterator for DecodedBytes<'_> {
    type Item = (usize, u8);

    #[inline]
    fn next(&mut self) -> Option<(usize, u8)> {
        let (b, encoded) = self.peek()?;
        let at = self.at;
        self.at += if encoded { 3 } else { 1 };
        Some((at, b))
    }
}

/// `text` with every byte that is not ASCII written as its `%XX` triplet
/// (RFC 3987 §3.1, step 2: the mapping of an IRI to a URI), and each of
/// `offsets` moved along with the text: an offset of the input becomes the
/// offset of the same ASCII byte (or the end) in the output. One pass and
/// one allocation.
///
/// The offsets are those of ASCII bytes or the end of `text`, in
/// ascending order, except that a `0` (before everything) may stand
/// anywhere and stays `0`: the offsets of a parsed reference's
/// components, with `0` for an absent one. An offset that is not one of
/// those moves to somewhere in the output but not a defined place.
///
/// # Examples
///
/// ```
/// let mut offsets = [4, 0, 7];
/// let out = uri_encode::encode_non_ascii_moving("/ab/é/c", &mut offsets);
/// assert_eq!(out, "/ab/%C3%A9/c");
/// assert_eq!(offsets, [4, 0, 11]);
/// assert_eq!(&out[11..], "c");
/// ```
#[inline]
pub fn encode_non_ascii_moving<const N: usize>(text: &str, offsets: &mut [usize; N]) -> String {
    let bytes = text.as_bytes();
    // Written as bytes (a `Vec` takes a run in one step, a `String` a
    // char at a time), then made a `String` without a second check (it is
    // ASCII: see `ascii_string`). The bytes that are not ASCII are counted
    // from the first of them, where the loop below starts too.
    let first = next_non_ascii(bytes, 0);
    let count = bytes.get(first..).map_or(0, count_non_ascii);
    let mut out = Vec::with_capacity(text.len() + 2 * count);
    // Offsets, in the order of the text, each moving by twice the bytes
    // before it that are not ASCII. Copied, so that they stay in registers.
    let mut moved = *offsets;
    let mut next = 0;
    let mut shift = 0;
    let mut plain = 0;
    let mut start = first;
    loop {
        // Offsets are at ASCII bytes: those up to `start` move by the
        // shift so far.
        while let Some(offset) = moved.get_mut(next) {
            if *offset > start {
                break;
            }
            if *offset != 0 {
                *offset += shift;
            }
            next += 1;
        }
        out.extend_from_slice(&bytes[plain..start]);
        if start == bytes.len() {
            break;
        }
        // The run of bytes that are not ASCII, each as its triplet.
        plain = next_ascii(bytes, start);
        push_triplets(&mut out, &bytes[start..plain]);
        shift += 2 * (plain - start);
        start = next_non_ascii(bytes, plain);
    }
    *offsets = moved;
    // SAFETY: `out` is ASCII, which is UTF-8. It holds only (1) runs
    // `bytes[plain..start]`, where `start` is `next_non_ascii(bytes, _)`
    // from `plain` (or from 0, `first`): the first byte at or after it
    // with its high bit set, or the end, so every byte of the run has its
    // high bit clear; and (2) what `push_triplets` appends: the first
    // three bytes of `TRIPLET_WORDS` entries, `%` and two of `0-9A-F`,
    // never a fourth (it appends `buf[..24]` for eight entries,
    // `buf[..3 * n]` for `n`).
    #[allow(unsafe_code)]
    unsafe {
        ascii_string(out)
    }
}

/// `bytes`, all ASCII, as a `String`, without checking them again: the
/// IRI-to-URI mapping writes only ASCII, and checking it as UTF-8 was a
/// measurable part of `to_uri`'s cost (docs/performance.md, "Figures moved
/// out of item docs"). Debug builds
/// check.
///
/// # Safety
///
/// Every byte of `bytes` must be ASCII (below 0x80), so that `bytes` is
/// UTF-8, which `String` requires.
#[allow(unsafe_code)]
#[inline]
unsafe fn ascii_string(bytes: Vec<u8>) -> String {
    debug_assert!(bytes.is_ascii(), "not ASCII: {bytes:?}");
    // SAFETY: ASCII is UTF-8, and the caller guarantees ASCII.
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// Appends `%XX` for each byte of `run` to `out`: eight bytes at a time
/// into a buffer, each a four-byte store of its [`TRIPLET_WORDS`] entry,
/// then one copy of the buffer's twenty-four bytes (instead of a capacity
/// test and a three-byte copy a byte).
#[inline]
fn push_triplets(out: &mut Vec<u8>, run: &[u8]) {
    let mut buf = [0; 28];
    let mut chunks = run.chunks_exact(8);
    for chunk in &mut chunks {
        for (k, &b) in chunk.iter().enumerate() {
            buf[3 * k..3 * k + 4].copy_from_slice(&TRIPLET_WORDS[usize::from(b)]);
        }
        out.extend_from_slice(&buf[..24]);
    }
    let rest = chunks.remainder();
    for (k, &b) in rest.iter().enumerate().take(7) {
        buf[3 * k..3 * k + 4].copy_from_slice(&TRIPLET_WORDS[usize::from(b)]);
    }
    out.extend_from_slice(&buf[..3 * rest.len()]);
}

/// How many of `bytes` are not ASCII: eight at a time.
#[inline]
fn count_non_ascii(bytes: &[u8]) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut words = bytes.chunks_exact(8);
    let mut count = 0;
    for word in &mut words {
        let mut eight = [0; 8];
        eight.copy_from_slice(word);
        // Each byte 0 or 1; the product's top byte is their sum.
        let high = (u64::from_le_bytes(eight) & HIGH) >> 7;
        count += (high.wrapping_mul(ONES) >> 56) as usize;
    }
    count + words.remainder().iter().filter(|b| !b.is_ascii()).count()
}

/// The offset of the first byte at or after `from` that is not ASCII, or
/// `bytes.len()`.
#[inline]
fn next_non_ascii(bytes: &[u8], from: usize) -> usize {
    next_with_high_bit::<true>(bytes, from)
}

/// The offset of the first byte at or after `from` that is ASCII, or
/// `bytes.len()`.
#[inline]
fn next_ascii(bytes: &[u8], from: usize) -> usize {
    next_with_high_bit::<false>(bytes, from)
}

/// The offset of the first byte at or after `from` whose high bit is
/// `SET` (a byte that is not ASCII when `SET`, an ASCII one when not), or
/// `bytes.len()`: eight bytes at a time while none is.
#[inline(always)]
fn next_with_high_bit<const SET: bool>(bytes: &[u8], mut from: usize) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let flip = if SET { 0 } else { HIGH };
    while let Some(word) = bytes.get(from..from + 8) {
        let mut eight = [0; 8];
        eight.copy_from_slice(word);
        let found = (u64::from_le_bytes(eight) ^ flip) & HIGH;
        if found != 0 {
            return from + (found.trailing_zeros() / 8) as usize;
        }
        from += 8;
    }
    bytes
        .get(from..)
        .and_then(|rest| rest.iter().position(|b| b.is_ascii() != SET))
        .map_or(bytes.len(), |k| from + k)
}

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
