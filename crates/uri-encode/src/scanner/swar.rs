//! The portable [`Scanner`](super::Scanner) test: eight bytes at a time in
//! a `u64` (SWAR, "SIMD within a register"), in safe code, for targets
//! without SSE2 (or with `--cfg urikit_portable_scan`).
//!
//! The masks are those of the SSE2 version, from the same runs. A byte's
//! membership is found on its low seven bits, with bit 7 of each byte as a
//! guard that keeps every subtraction inside its byte: for `t = x | 0x80`
//! (per byte) and a bound `c <= 0x80`, `t - c` is at least `0` and at most
//! `0xFF` in every byte, so nothing borrows from the next byte, and bit 7
//! of the difference is set exactly when `x & 0x7F >= c`. A run `[a, b]`
//! of seven-bit values is then `t - a` XOR `t - (b + 1)` (bit 7 set
//! exactly between the two bounds), and since the runs are disjoint the
//! XOR of all of them marks the members. The high bit itself is tested
//! apart: the runs of `0x00..=0x7F` count for bytes below `0x80`, those of
//! `0x80..=0xFF` (each less `0x80`) for the rest.

use super::{MAX_RUNS, Scanner};

/// `0x01` in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte: the bit each byte's answer is kept in.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The most runs (the letters counted as one) for which the SWAR test is
/// used; a class with more is looked up in its table. Each run costs four
/// operations per word, eight per window, and the table the same for any
/// class; eight runs is where the two cross (timed with
/// `crates/urikit-bench/examples/scan_runs.rs`: docs/performance.md, "The
/// portable scanner (issue 19)").
pub(super) const MAX_SWAR_RUNS: usize = 8;

/// Whether the SWAR test is faster than the table for `scanner`.
#[inline(always)]
pub(super) const fn pays(scanner: &Scanner) -> bool {
    scanner.len + scanner.letters as usize <= MAX_SWAR_RUNS
}

/// `b` in every byte.
#[inline(always)]
const fn splat(b: u8) -> u64 {
    ONES * b as u64
}

/// For `t` with bit 7 set in every byte and `bound <= 0x80`: bit 7 of each
/// byte is set when that byte's low seven bits are at least `bound`.
#[inline(always)]
fn at_least(t: u64, bound: u8) -> u64 {
    t.wrapping_sub(splat(bound))
}

/// Bit 7 of each byte set when its low seven bits are in `lo..=hi`
/// (`lo <= hi <= 0x7F`), for `t` with bit 7 set in every byte; the other
/// bits are not meaningful.
#[inline(always)]
fn in_range(t: u64, lo: u8, hi: u8) -> u64 {
    let from = if lo == 0 { t } else { at_least(t, lo) };
    if hi == 0x7F {
        from
    } else {
        from ^ at_least(t, hi + 1)
    }
}

/// Bit 7 of each byte of `x` set when the byte is in the scanner's
/// described set (its class, or the complement when `inverted`), the other
/// bits clear.
#[inline(always)]
fn described(x: u64, scanner: &Scanner) -> u64 {
    let t = x | HIGH;
    let mut low = 0;
    let mut high = 0;
    if scanner.letters {
        // `x | 0x20` is in `a..=z` exactly when `x` is a letter of either
        // case (bytes of `0x80` up are cleared below).
        low ^= in_range(t | splat(0x20), b'a', b'z');
    }
    for &(a, b) in &scanner.runs[..scanner.len.min(MAX_RUNS)] {
        if a < 0x80 {
            low ^= in_range(t, a, b.min(0x7F));
        }
        if b >= 0x80 {
            high ^= in_range(t, a.max(0x80) - 0x80, b - 0x80);
        }
    }
    (low & !x | high & x) & HIGH
}

/// Bit 7 of each byte of `x` set when the byte is `mark`, the other bits
/// clear: a byte of `x ^ mark` is zero exactly when adding `0x7F` to its
/// low seven bits leaves bit 7 clear and its own bit 7 is clear.
#[inline(always)]
fn equal(x: u64, mark: u8) -> u64 {
    let y = x ^ splat(mark);
    !((y & !HIGH).wrapping_add(!HIGH) | y) & HIGH
}

/// Bit 7 of each byte (the rest clear) to one bit per byte, byte `k` to
/// bit `k`: after the shift the bits are at `8k`, and the multiplier's
/// bytes `0x80 >> j` move bit `8k` to `56 + k` (from `j = 7 - k`) with no
/// two partial products on the same bit, so nothing carries.
#[inline(always)]
fn gather(m: u64) -> u32 {
    ((m >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The two words of a window, first byte lowest.
#[inline(always)]
fn words(window: &[u8; 16]) -> [u64; 2] {
    let all = u128::from_le_bytes(*window);
    [all as u64, (all >> 64) as u64]
}

/// [`outside_and_equal`](super::outside_and_equal) eight bytes at a time,
/// for a scanner with at most [`MAX_RUNS`] runs.
#[inline(always)]
pub(super) fn outside_and_equal(window: &[u8; 16], scanner: &Scanner, mark: u8) -> (u32, u32) {
    let [lo, hi] = words(window);
    let outside = |x: u64| {
        let members = described(x, scanner);
        if scanner.inverted {
            members
        } else {
            !members & HIGH
        }
    };
    let out = gather(outside(lo)) | gather(outside(hi)) << 8;
    let eq = gather(equal(lo, mark)) | gather(equal(hi, mark)) << 8;
    (out, eq)
}
