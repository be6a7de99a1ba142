//! Classifying sixteen bytes at once: the parser's inner loop.
//!
//! A [`CharClass`] is a table of 256 `bool`s; looking bytes up one at a
//! time costs two loads per byte. Here a class is described instead as a
//! few [`Runs`] of consecutive bytes (`0x26..=0x3B`, `b'='`, …), and sixteen
//! bytes are tested against every run at once with SSE2, which every
//! `x86_64` processor has: one load per sixteen bytes and about three
//! operations per run, then one bit per byte. Elsewhere, a portable version
//! looks the bytes up in the table.
//!
//! This is the crate's only `unsafe`: calling an SSE2 function, on a target
//! whose every processor has SSE2 (see [`outside`]).

use crate::grammar::{ALPHA, CharClass};

/// A [`CharClass`] as runs of consecutive member bytes, built at compile
/// time by [`runs!`](crate::window::runs).
#[derive(Clone, Copy)]
pub(crate) struct Runs {
    /// The class itself, for the portable version and for checks.
    pub(crate) class: &'static CharClass,
    /// Every ASCII letter is a member: the letters are tested with one
    /// case-folded range and left out of `runs`.
    pub(crate) letters: bool,
    /// The other members, as `(first, last)` pairs.
    pub(crate) runs: &'static [(u8, u8)],
}

/// The [`Runs`] of a constant [`CharClass`], computed at compile time.
macro_rules! runs {
    ($class:expr) => {{
        const R: (bool, [(u8, u8); 16], usize) = $crate::window::split($class);
        const S: &[(u8, u8)] = R.1.split_at(R.2).0;
        $crate::window::Runs {
            class: $class,
            letters: R.0,
            runs: S,
        }
    }};
}
pub(crate) use runs;

/// Splits `class` into runs: whether all letters are members, the runs of
/// the other members (at most 16; more fails to compile), how many.
pub(crate) const fn split(class: &CharClass) -> (bool, [(u8, u8); 16], usize) {
    let mut letters = true;
    let mut b = 0;
    while b < 256 {
        if ALPHA.contains(b as u8) && !class.contains(b as u8) {
            letters = false;
        }
        b += 1;
    }
    let mut out = [(0u8, 0u8); 16];
    let mut n = 0;
    b = 0;
    while b < 256 {
        if in_runs(class, letters, b) {
            let first = b;
            while b + 1 < 256 && in_runs(class, letters, b + 1) {
                b += 1;
            }
            out[n] = (first as u8, b as u8);
            n += 1;
        }
        b += 1;
    }
    (letters, out, n)
}

/// Whether byte `b` goes in a run of `class` (letters apart when `letters`).
const fn in_runs(class: &CharClass, letters: bool, b: usize) -> bool {
    class.contains(b as u8) && !(letters && ALPHA.contains(b as u8))
}

/// A mask of the bytes of `window` outside the class: bit `k` is set when
/// `window[k]` is not a member.
#[inline(always)]
pub(crate) fn outside(window: &[u8; 16], runs: &Runs) -> u32 {
    #[cfg(all(
        any(target_arch = "x86_64", target_arch = "x86"),
        target_feature = "sse2"
    ))]
    {
        #[allow(unsafe_code)]
        // SAFETY: `outside_sse2` is safe but for requiring SSE2, and this
        // code is compiled only when the target enables SSE2
        // (`cfg(target_feature = "sse2")`, true of every `x86_64` target):
        // the compiler already assumes SSE2 everywhere in this crate, so
        // any processor that runs it has SSE2.
        unsafe {
            sse2::outside_sse2(window, runs)
        }
    }
    #[cfg(not(all(
        any(target_arch = "x86_64", target_arch = "x86"),
        target_feature = "sse2"
    )))]
    {
        outside_portable(window, runs)
    }
}

/// [`outside`] by table lookups, one byte at a time.
#[inline(always)]
#[cfg_attr(
    all(
        any(target_arch = "x86_64", target_arch = "x86"),
        target_feature = "sse2"
    ),
    allow(dead_code)
)]
pub(crate) fn outside_portable(window: &[u8; 16], runs: &Runs) -> u32 {
    let mut mask = 0;
    for (k, &c) in window.iter().enumerate() {
        mask |= u32::from(!runs.class.contains(c)) << k;
    }
    mask
}

#[cfg(all(
    any(target_arch = "x86_64", target_arch = "x86"),
    target_feature = "sse2"
))]
mod sse2 {
    #[cfg(target_arch = "x86")]
    use core::arch::x86::*;
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::*;

    use super::Runs;

    /// [`outside`](super::outside) with SSE2.
    ///
    /// Per byte `v` and run `[a, b]`, `v - a` (wrapping) saturated down by
    /// `b - a` is 0 exactly when `a <= v <= b`; the minimum over the runs is
    /// 0 exactly when `v` is in one. Letters: `v | 0x20` is in `a..=z`
    /// exactly when `v` is a letter of either case. Bytes from 0x80 are in
    /// no run (every run ends below 0x7F), so they are always outside.
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(super) fn outside_sse2(window: &[u8; 16], runs: &Runs) -> u32 {
        let [lo, hi] = [&window[..8], &window[8..]].map(|half| {
            let mut word = [0; 8];
            word.copy_from_slice(half);
            i64::from_le_bytes(word)
        });
        let v = _mm_set_epi64x(hi, lo);
        let splat = |b: u8| _mm_set1_epi8(b as i8);
        let mut distance = splat(0xFF);
        if runs.letters {
            let folded = _mm_or_si128(v, splat(0x20));
            let d = _mm_subs_epu8(_mm_sub_epi8(folded, splat(b'a')), splat(b'z' - b'a'));
            distance = _mm_min_epu8(distance, d);
        }
        for &(a, b) in runs.runs {
            let d = _mm_sub_epi8(v, splat(a));
            let d = if a == b {
                d
            } else {
                _mm_subs_epu8(d, splat(b - a))
            };
            distance = _mm_min_epu8(distance, d);
        }
        let inside = _mm_movemask_epi8(_mm_cmpeq_epi8(distance, _mm_setzero_si128()));
        !(inside as u32) & 0xFFFF
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar;

    const CLASSES: [(&str, Runs); 7] = [
        ("SCHEME", runs!(&grammar::SCHEME)),
        ("USERINFO", runs!(&grammar::USERINFO)),
        ("REG_NAME", runs!(&grammar::REG_NAME)),
        ("SEGMENT_NZ_NC", runs!(&grammar::SEGMENT_NZ_NC)),
        ("PATH", runs!(&grammar::PATH)),
        ("QUERY", runs!(&grammar::QUERY)),
        ("DIGIT", runs!(&grammar::DIGIT)),
    ];

    #[test]
    fn every_byte_in_every_position_is_classified_as_the_table_says() {
        for (name, runs) in &CLASSES {
            for byte in 0..=255u8 {
                for position in 0..16 {
                    // The byte among members, and among non-members.
                    for filler in [b'a', b' '] {
                        let mut window = [filler; 16];
                        window[position] = byte;
                        let expected = outside_portable(&window, runs);
                        assert_eq!(
                            outside(&window, runs),
                            expected,
                            "{name}: byte {byte:#04x} at {position}, among {filler:?}"
                        );
                        assert_eq!(
                            expected >> position & 1,
                            u32::from(!runs.class.contains(byte)),
                            "{name}: byte {byte:#04x}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn runs_rebuild_the_class() {
        for (name, runs) in &CLASSES {
            for byte in 0..=255u8 {
                let in_runs = runs.runs.iter().any(|&(a, b)| (a..=b).contains(&byte))
                    || (runs.letters && grammar::ALPHA.contains(byte));
                assert_eq!(in_runs, runs.class.contains(byte), "{name}: {byte:#04x}");
            }
        }
        assert!(CLASSES[4].1.letters);
        assert!(!CLASSES[6].1.letters);
    }
}
