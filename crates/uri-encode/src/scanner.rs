//! [`Scanner`]: classifying sixteen bytes at once, the scanners' inner loop.
//!
//! A [`CharClass`] is a table of 256 `bool`s; looking bytes up one at a
//! time costs two loads per byte and a branch. A [`Scanner`] describes the
//! class instead as a few runs of consecutive bytes (`0x26..=0x3B`, `b'='`,
//! …), or the runs of its complement when those are fewer, and tests
//! sixteen bytes against every run at once with SSE2, which every `x86_64`
//! processor has: one load per sixteen bytes and two or three operations
//! per run, then one bit per byte, and the first byte outside the class is
//! found without a branch per byte. Elsewhere, a portable version in safe
//! code tests the sixteen bytes as two `u64`s, eight bytes at a time
//! against each run ([`swar`]), or, for a class of many runs, looks them
//! up in the table; and its [`Scanner::first_outside`], for a class of
//! three runs or more, looks bytes up eight to a branch, with no mask
//! made until a step has a byte outside. `RUSTFLAGS="--cfg urikit_portable_scan"` builds the
//! portable version on `x86` too, so that it is tested and measured there
//! (`cargo xtask ci` and `cargo xtask bench` do). A NEON version for
//! `aarch64` is left to do: it would need another audited `unsafe`, and a
//! machine to test it on.
//!
//! This is one of the workspace's uses of `unsafe`, all of them in this
//! crate: calling the SSE2 function, on targets whose every processor has
//! SSE2 (see [`outside_and_equal`]). The others are in `decode.rs` and
//! `ascii.rs` (`String::from_utf8_unchecked` of bytes known to be ASCII).

#[cfg_attr(
    all(
        any(target_arch = "x86_64", target_arch = "x86"),
        target_feature = "sse2",
        not(any(test, urikit_portable_scan, urikit_table_scan))
    ),
    allow(dead_code)
)]
mod swar;

use crate::grammar::{ALPHA, CharClass};

/// The most runs a [`Scanner`] tests; a class with more is looked up in
/// its table.
const MAX_RUNS: usize = 16;

/// Whether [`Scanner::first_outside`], for a class of at least
/// [`LOOKUPS_FROM_RUNS`] runs, looks bytes up in the class's table eight
/// to a branch instead of making sixteen-byte windows' masks: in the
/// portable build (no SSE2, or `--cfg urikit_portable_scan`). There, the
/// [`swar`] mask of such a class costs more operations than eight lookups
/// and an `&` each, and the scan can stop after any eight bytes
/// (docs/performance.md, "The portable `first_outside` by lookups"). The
/// masks stay for the callers that want them ([`Scanner::outside_bits`],
/// the marking scans). Not with `--cfg urikit_table_scan`: that build keeps
/// the windows looked up by table, which the portable build is compared
/// with.
const FIRST_OUTSIDE_BY_LOOKUPS: bool = cfg!(not(any(
    urikit_table_scan,
    all(
        any(target_arch = "x86_64", target_arch = "x86"),
        target_feature = "sse2",
        not(urikit_portable_scan)
    )
)));

/// The fewest runs (the letters counting as one) for which the portable
/// [`Scanner::first_outside`] looks bytes up. A class of one run (all
/// but `%`, all but `.`) is cheaper as a [`swar`] mask, two subtractions
/// and an XOR for eight bytes, over the long spans those scans cross; the
/// two-run classes (all but `%` and `+`; lower-case letters and digits)
/// keep the masks too. Measured: docs/performance.md, "Figures moved out
/// of item docs".
const LOOKUPS_FROM_RUNS: usize = 3;

/// A [`CharClass`] prepared for scanning sixteen bytes at a time.
///
/// Build it once, as a `const` where you can (the preparation then costs
/// nothing at run time), and ask for the [`span`](Scanner::span) of the
/// class at the start of a byte string: how many leading bytes are members.
/// On `x86_64` (and `x86` with SSE2) it tests sixteen bytes per step with
/// SSE2; elsewhere eight bytes at a time in a `u64`, or, for a class of
/// more than eight runs (the letters counting as one), by looking bytes
/// up one at a time. Elsewhere, too, [`Scanner::first_outside`] looks the
/// bytes of a class of three runs or more up eight to a branch.
///
/// # Examples
///
/// ```
/// use uri_encode::grammar::{Scanner, REG_NAME};
///
/// const HOST: Scanner = Scanner::new(&REG_NAME);
/// let authority = b"www.example.com:8080";
/// assert_eq!(HOST.span(authority), 15);
/// assert_eq!(HOST.span(b""), 0);
/// ```
#[derive(Clone, Copy)]
pub struct Scanner {
    /// The class itself, for the portable version and the short tails.
    class: CharClass,
    /// The runs describe the complement of the class, not the class.
    inverted: bool,
    /// Every ASCII letter is in the described set: the letters are tested
    /// with one case-folded range and left out of `runs`.
    letters: bool,
    /// The described set but for the letters, as `(first, last)` pairs.
    runs: [(u8, u8); MAX_RUNS],
    /// How many of `runs` are used; more than [`MAX_RUNS`]: use the table.
    len: usize,
}

impl Scanner {
    /// Prepares `class` for scanning.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::{CharClass, Scanner};
    ///
    /// const NOT_PERCENT: Scanner = Scanner::new(&CharClass::range(0, 0xFF).without(b'%'));
    /// assert_eq!(NOT_PERCENT.span(b"caf%C3%A9"), 3);
    /// ```
    pub const fn new(class: &CharClass) -> Scanner {
        let complement = CharClass::range(0, 0xFF).difference(*class);
        let direct = split(class);
        let inverse = split(&complement);
        // The cost of a test: about three operations per run.
        let (inverted, (letters, runs, len)) = if inverse.2 < direct.2 + direct.0 as usize {
            (true, inverse)
        } else {
            (false, direct)
        };
        Scanner {
            class: *class,
            inverted,
            letters,
            runs,
            len,
        }
    }

    /// The class this scanner tests.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::{Scanner, PATH};
    ///
    /// assert!(Scanner::new(&PATH).class() == &PATH);
    /// ```
    pub const fn class(&self) -> &CharClass {
        &self.class
    }

    /// The number of leading bytes of `bytes` that are in the class: the
    /// offset of the first byte outside it, or `bytes.len()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::{Scanner, PATH};
    ///
    /// const SCAN: Scanner = Scanner::new(&PATH);
    /// assert_eq!(SCAN.span(b"/a/b/c?q"), 6);
    /// assert_eq!(SCAN.span(b"/a/very/long/path/without/a/stop"), 32);
    /// ```
    #[inline]
    pub fn span(&self, bytes: &[u8]) -> usize {
        self.first_outside(bytes, 0)
    }

    /// The offset of the first byte at or after `from` that is outside the
    /// class, or `bytes.len()`: [`Scanner::span`] of `&bytes[from..]`, plus
    /// `from`, but faster near the end, where the last sixteen bytes of
    /// `bytes` (the last eight, in the portable build's lookups) can be
    /// tested together.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::{Scanner, PATH};
    ///
    /// const SCAN: Scanner = Scanner::new(&PATH);
    /// let text = b"/a/b?q#f";
    /// assert_eq!(SCAN.first_outside(text, 0), 4);
    /// assert_eq!(SCAN.first_outside(text, 5), 6);
    /// assert_eq!(SCAN.first_outside(text, 7), 8);
    /// assert_eq!(SCAN.first_outside(text, 9), 8);
    /// ```
    #[inline(always)]
    pub fn first_outside(&self, bytes: &[u8], from: usize) -> usize {
        if FIRST_OUTSIDE_BY_LOOKUPS && self.len + self.letters as usize >= LOOKUPS_FROM_RUNS {
            self.first_outside_by_lookups(bytes, from)
        } else {
            self.first_outside_by_windows(bytes, from)
        }
    }

    /// [`Scanner::first_outside`] sixteen bytes a step, each window's mask
    /// found at once ([`outside`]): with SSE2, and in the build that looks
    /// windows up by table (`--cfg urikit_table_scan`).
    #[inline(always)]
    fn first_outside_by_windows(&self, bytes: &[u8], from: usize) -> usize {
        let n = bytes.len();
        let Some(last) = n.checked_sub(16) else {
            return self.short(bytes, from);
        };
        let mut i = from.min(n);
        loop {
            // The window from `i`, or the last one, less the bytes before
            // `i`: no branch on which.
            let start = i.min(last);
            let window = window_at(bytes, start).unwrap_or(&[0; 16]);
            let outside = outside(window, self) >> (i - start);
            if outside != 0 {
                return i + outside.trailing_zeros() as usize;
            }
            if start == last {
                return n;
            }
            i = start + 16;
        }
    }

    /// Which of the 64 bytes from `from` are outside the class: bit `k` is
    /// set when `bytes[from + k]` exists and is not a member. A caller that
    /// visits every such byte in turn (`trailing_zeros`, then clear the
    /// bit) takes no branch per byte and only one per non-member.
    ///
    /// Four windows of sixteen, each from `from + 16 * j` or, past the
    /// last full one, the last sixteen bytes shifted: no branch on the
    /// length. An input shorter than sixteen bytes is looked up byte by
    /// byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::{CharClass, Scanner};
    ///
    /// const NOT_PERCENT: Scanner = Scanner::new(&CharClass::range(0, 0xFF).without(b'%'));
    /// let text = b"https%3A%2F%2Fexample.com%2F";
    /// assert_eq!(NOT_PERCENT.outside_bits(text, 0), 1 << 5 | 1 << 8 | 1 << 11 | 1 << 25);
    /// assert_eq!(NOT_PERCENT.outside_bits(text, 6), 1 << 2 | 1 << 5 | 1 << 19);
    /// assert_eq!(NOT_PERCENT.outside_bits(text, 99), 0);
    /// ```
    #[inline(always)]
    pub fn outside_bits(&self, bytes: &[u8], from: usize) -> u64 {
        let n = bytes.len();
        let Some(last) = n.checked_sub(16) else {
            let mut bits = 0;
            for (k, &c) in bytes.iter().enumerate().skip(from) {
                bits |= u64::from(!self.class.contains(c)) << (k - from);
            }
            return bits;
        };
        if from >= n {
            return 0;
        }
        // Windows from `first`, which is `from` or, near the end, the last
        // window's start; bits counted from `first`. Overlapping windows
        // agree on the bytes they share.
        let first = from.min(last);
        let mut bits = 0;
        for j in 0..4 {
            let start = (first + 16 * j).min(last);
            let window = window_at(bytes, start).unwrap_or(&[0; 16]);
            bits |= u64::from(outside(window, self)) << (start - first);
        }
        // Less the bytes before `from` (fewer than sixteen).
        bits >> (from - first)
    }

    /// Which of the `len` bytes from `from` are outside the class, and
    /// which are equal to `mark`: bit `k` of each mask is about
    /// `bytes[from + k]`. At most 64 bytes, and none past the end of
    /// `bytes` (`len` is cut to both).
    ///
    /// Windows of sixteen read from `bytes` around the bytes asked for
    /// (the last sixteen bytes of `bytes`, shifted, near its end): one for
    /// up to 16 bytes, two for up to 32 (without a branch on how many of
    /// the two are needed), then one per sixteen; a `bytes` shorter than
    /// sixteen is read byte by byte. A
    /// field inside a longer text, such as a host, is classified without a
    /// copy and without a branch per byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::{ALPHA, DIGIT, Scanner};
    ///
    /// const LETTERS_DIGITS_HYPHENS: Scanner = Scanner::new(&ALPHA.union(DIGIT).with(b'-'));
    /// let text = b"http://www.ex_ample.com/";
    /// let (outside, dots) = LETTERS_DIGITS_HYPHENS.masks(text, 7, 16, b'.');
    /// assert_eq!(outside, 1 << 3 | 1 << 6 | 1 << 12);
    /// assert_eq!(dots, 1 << 3 | 1 << 12);
    /// ```
    #[inline(always)]
    pub fn masks(&self, bytes: &[u8], from: usize, len: usize, mark: u8) -> (u64, u64) {
        let n = bytes.len();
        let len = len.min(64).min(n.saturating_sub(from));
        if len == 0 {
            return (0, 0);
        }
        let Some(last) = n.checked_sub(16) else {
            let (mut outside, mut equal) = (0, 0);
            for (k, &c) in bytes[from..from + len].iter().enumerate() {
                outside |= u64::from(!self.class.contains(c)) << k;
                equal |= u64::from(c == mark) << k;
            }
            return (outside, equal);
        };
        if len <= 16 {
            // One window: from `from`, or the last one (which then holds
            // the bytes asked for, less the ones before `from`).
            let first = from.min(last);
            let (o, e) = outside_and_equal(window_at(bytes, first).unwrap_or(&[0; 16]), self, mark);
            let used = u64::MAX >> (64 - len);
            return (
                u64::from(o >> (from - first)) & used,
                u64::from(e >> (from - first)) & used,
            );
        }
        if len <= 32 {
            // Two windows (most hosts), the second from `from + 16` or the
            // last one: no loop, and no branch on the length to mispredict.
            let (first, second) = (from.min(last), (from + 16).min(last));
            let (o1, e1) =
                outside_and_equal(window_at(bytes, first).unwrap_or(&[0; 16]), self, mark);
            let (o2, e2) =
                outside_and_equal(window_at(bytes, second).unwrap_or(&[0; 16]), self, mark);
            let join = |a: u32, b: u32| {
                // Bits counted from `from`; the second window's start is at
                // most sixteen bytes after it.
                u64::from(a) >> (from - first) | u64::from(b) << 16 >> (from + 16 - second)
            };
            let used = u64::MAX >> (64 - len);
            return (join(o1, o2) & used, join(e1, e2) & used);
        }
        let (mut outside, mut equal) = (0, 0);
        let mut k = 0;
        while k < len {
            // The window from `from + k`, or the last one, less the bytes
            // before `from + k` (fewer than sixteen).
            let start = (from + k).min(last);
            let window = window_at(bytes, start).unwrap_or(&[0; 16]);
            let (o, e) = outside_and_equal(window, self, mark);
            let skip = from + k - start;
            outside |= u64::from(o >> skip) << k;
            equal |= u64::from(e >> skip) << k;
            k += 16;
        }
        let used = u64::MAX >> (64 - len);
        (outside & used, equal & used)
    }

    /// For an input of 8 to 32 bytes, the whole of it at once: which bytes
    /// are outside the class, and which are `:`, `/`, `?` and `#` (the
    /// delimiters that split a reference, RFC 3986 §3), as bits (bit `k`
    /// about `bytes[k]`). `None` for a shorter or longer input.
    ///
    /// Read as four eight-byte words, the `k`-th from `min(8 * k, n - 8)`
    /// (overlapping near the end, so no byte past the input is read and
    /// no branch asks how many words there are), classified sixteen bytes
    /// at a time as two windows of two words. The parser reads a short
    /// reference's components from these masks without a loop over its
    /// bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::{QUERY, Scanner};
    ///
    /// const SCAN: Scanner = Scanner::new(&QUERY);
    /// let shape = SCAN.shape(b"http://a/b?q#f").unwrap();
    /// assert_eq!(shape.colon, 1 << 4);
    /// assert_eq!(shape.slash, 1 << 5 | 1 << 6 | 1 << 8);
    /// assert_eq!(shape.question, 1 << 10);
    /// assert_eq!(shape.hash, 1 << 12);
    /// assert_eq!(shape.outside, 1 << 12);
    /// assert!(SCAN.shape(b"short").is_none());
    /// ```
    #[inline(always)]
    pub fn shape(&self, bytes: &[u8]) -> Option<Shape> {
        let n = bytes.len();
        if !(8..=32).contains(&n) {
            return None;
        }
        let at = |k: usize| (8 * k).min(n - 8);
        let word = |k: usize| {
            let mut w = [0; 8];
            if let Some(eight) = bytes.get(at(k)..at(k) + 8) {
                w.copy_from_slice(eight);
            }
            w
        };
        let window = |k: usize| {
            let mut w = [0; 16];
            w[..8].copy_from_slice(&word(k));
            w[8..].copy_from_slice(&word(k + 1));
            w
        };
        let classify = |w: &[u8; 16]| {
            let (outside, colon) = outside_and_equal(w, self, b':');
            let slash = outside_and_equal(w, self, b'/').1;
            let question = outside_and_equal(w, self, b'?').1;
            let hash = outside_and_equal(w, self, b'#').1;
            [outside, colon, slash, question, hash]
        };
        let (first, second) = (classify(&window(0)), classify(&window(2)));
        let (p1, p2, p3) = (at(1), at(2), at(3));
        // The low byte of a window's mask is about its first word, the
        // high byte about its second; overlapping words agree.
        let join = |k: usize| {
            let (a, b) = (u64::from(first[k]), u64::from(second[k]));
            a & 0xFF | a >> 8 << p1 | (b & 0xFF) << p2 | b >> 8 << p3
        };
        Some(Shape {
            outside: join(0),
            colon: join(1),
            slash: join(2),
            question: join(3),
            hash: join(4),
        })
    }

    /// [`Scanner::first_outside`], and on the way the first `mark` byte:
    /// `(stop, marked)`, where `stop` is the first byte at or after `from`
    /// outside the class (or `bytes.len()`), and `marked` the first byte
    /// equal to `mark` in `from..stop`, or `stop` when there is none.
    ///
    /// For a `mark` inside the class: the parser reads the authority and
    /// the path of `//host/path` in one scan, the first `/` ending the
    /// host. It reads thirty-two bytes a step (most hosts end in the
    /// first step); the windows up to the first mark cost two operations
    /// more each, and the rest of the scan none.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::{Scanner, UNRESERVED};
    ///
    /// const HOST_THEN_PATH: Scanner = Scanner::new(&UNRESERVED.with(b'/'));
    /// let text = b"//example.com/a/b?q";
    /// assert_eq!(HOST_THEN_PATH.first_outside_marking(text, 2, b'/'), (17, 13));
    /// assert_eq!(HOST_THEN_PATH.first_outside_marking(b"//a?q", 2, b'/'), (3, 3));
    /// ```
    #[inline(always)]
    pub fn first_outside_marking(&self, bytes: &[u8], from: usize, mark: u8) -> (usize, usize) {
        let n = bytes.len();
        let Some(last) = n.checked_sub(16) else {
            return self.short_marking(bytes, from, mark);
        };
        let mut i = from.min(n);
        loop {
            // Most marks (a host's end) fall in the first step.
            let step = self.step_of_two(bytes, i, last, mark);
            if step.equal != 0 {
                // The first mark; the rest of the scan needs no marks.
                let marked = i + step.equal.trailing_zeros() as usize;
                let stop = if step.outside != 0 {
                    i + step.outside.trailing_zeros() as usize
                } else if step.at_end {
                    n
                } else {
                    self.first_outside_by_pairs(bytes, step.next, last)
                };
                return (stop, marked.min(stop));
            }
            if step.outside != 0 {
                let stop = i + step.outside.trailing_zeros() as usize;
                return (stop, stop);
            }
            if step.at_end {
                return (n, n);
            }
            i = step.next;
        }
    }

    /// The offset of the first byte at or after `from` that is outside the
    /// class, or that is `mark` right after a `mark` (both at or after
    /// `from`), whichever comes first; or `bytes.len()`. With `/` as the
    /// mark, in a path: the first byte of a set and the first empty
    /// segment (`//`, RFC 3986 §3.3) in one scan, thirty-two bytes a step
    /// (byte by byte when `bytes` is shorter than sixteen).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::{CharClass, Scanner};
    ///
    /// const NOT_PERCENT: Scanner = Scanner::new(&CharClass::range(0, 0xFF).without(b'%'));
    /// let path = b"/srv/www/a//b/%41";
    /// assert_eq!(NOT_PERCENT.first_outside_or_repeat(path, 0, b'/'), 11);
    /// assert_eq!(NOT_PERCENT.first_outside_or_repeat(path, 11, b'/'), 14);
    /// assert_eq!(NOT_PERCENT.first_outside_or_repeat(b"/a/b", 0, b'/'), 4);
    /// ```
    #[inline(always)]
    pub fn first_outside_or_repeat(&self, bytes: &[u8], from: usize, mark: u8) -> usize {
        let n = bytes.len();
        let Some(last) = n.checked_sub(16) else {
            return self.short_or_repeat(bytes, from, mark);
        };
        let mut i = from.min(n);
        // Whether the byte before `i` is a mark at or after `from`.
        let mut before = 0;
        loop {
            let step = self.step_of_two(bytes, i, last, mark);
            let repeats = step.equal & (step.equal << 1 | before);
            let stop = step.outside | repeats;
            if stop != 0 {
                return i + stop.trailing_zeros() as usize;
            }
            if step.at_end {
                return n;
            }
            // Not the last step: it read the thirty-two bytes from `i`.
            before = step.equal >> 31 & 1;
            i = step.next;
        }
    }

    /// [`Scanner::first_outside_or_repeat`] in an input shorter than
    /// sixteen bytes: byte by byte.
    #[inline(always)]
    fn short_or_repeat(&self, bytes: &[u8], from: usize, mark: u8) -> usize {
        let n = bytes.len();
        let mut i = from.min(n);
        let mut before = false;
        while let Some(&b) = bytes.get(i) {
            let is_mark = b == mark;
            if !self.class.contains(b) || is_mark && before {
                return i;
            }
            before = is_mark;
            i += 1;
        }
        n
    }

    /// [`Scanner::first_outside`] thirty-two bytes a step, for an input of
    /// at least sixteen bytes (`last` is its length less sixteen).
    #[inline(always)]
    fn first_outside_by_pairs(&self, bytes: &[u8], from: usize, last: usize) -> usize {
        let n = bytes.len();
        let mut i = from.min(n);
        loop {
            // No mark: its mask, unused, is not computed once inlined.
            let step = self.step_of_two(bytes, i, last, 0);
            if step.outside != 0 {
                return i + step.outside.trailing_zeros() as usize;
            }
            if step.at_end {
                return n;
            }
            i = step.next;
        }
    }

    /// The thirty-two bytes from `i` (`i <= bytes.len()`, and `last` the
    /// start of the last window): two windows, the second (or both) moved
    /// back to the last one near the end, the bytes before `i` shifted out.
    #[inline(always)]
    fn step_of_two(&self, bytes: &[u8], i: usize, last: usize, mark: u8) -> Step {
        let first = i.min(last);
        let second = (first + 16).min(last);
        let one = window_at(bytes, first).unwrap_or(&[0; 16]);
        let two = window_at(bytes, second).unwrap_or(&[0; 16]);
        let (out_one, eq_one) = outside_and_equal(one, self, mark);
        let (out_two, eq_two) = outside_and_equal(two, self, mark);
        let join =
            |a: u32, b: u32| (u64::from(a) | u64::from(b) << (second - first)) >> (i - first);
        Step {
            outside: join(out_one, out_two),
            equal: join(eq_one, eq_two),
            at_end: second == last,
            next: first + 32,
        }
    }

    /// [`Scanner::first_outside_marking`] in an input shorter than
    /// sixteen bytes: byte by byte.
    #[inline(always)]
    fn short_marking(&self, bytes: &[u8], from: usize, mark: u8) -> (usize, usize) {
        let n = bytes.len();
        let mut i = from.min(n);
        let mut marked = usize::MAX;
        while i < n && self.class.contains(bytes[i]) {
            if bytes[i] == mark {
                marked = marked.min(i);
            }
            i += 1;
        }
        (i, marked.min(i))
    }

    /// [`Scanner::first_outside`] by the class's table, eight bytes a step
    /// ([`CharClass::first_outside`]): the portable build's version for
    /// classes of many runs (see [`FIRST_OUTSIDE_BY_LOOKUPS`]).
    #[inline(always)]
    fn first_outside_by_lookups(&self, bytes: &[u8], from: usize) -> usize {
        self.class.first_outside(bytes, from)
    }

    /// [`Scanner::first_outside`] in an input shorter than sixteen bytes:
    /// byte by byte.
    #[inline(always)]
    fn short(&self, bytes: &[u8], from: usize) -> usize {
        let n = bytes.len();
        let mut i = from.min(n);
        while i < n && self.class.contains(bytes[i]) {
            i += 1;
        }
        i
    }
}

impl core::fmt::Debug for Scanner {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Scanner")
            .field("class", &self.class)
            .field("inverted", &self.inverted)
            .field("letters", &self.letters)
            .field("runs", &&self.runs[..self.len.min(MAX_RUNS)])
            .finish()
    }
}

/// What [`Scanner::step_of_two`] found in thirty-two bytes.
struct Step {
    /// Bit `k`: the byte `k` places from the step's start is outside the class.
    outside: u64,
    /// Bit `k`: that byte is the mark.
    equal: u64,
    /// The step reached the end of the input.
    at_end: bool,
    /// Where the next step starts.
    next: usize,
}

/// What [`Scanner::shape`] finds in an input of 8 to 32 bytes: bit `k` of
/// each mask is about byte `k`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// The bytes outside the scanner's class.
    pub outside: u64,
    /// The `:` bytes.
    pub colon: u64,
    /// The `/` bytes.
    pub slash: u64,
    /// The `?` bytes.
    pub question: u64,
    /// The `#` bytes.
    pub hash: u64,
}

/// The sixteen bytes of `bytes` from `i`, if there are as many.
#[inline(always)]
pub(crate) fn window_at(bytes: &[u8], i: usize) -> Option<&[u8; 16]> {
    bytes.get(i..i.checked_add(16)?)?.try_into().ok()
}

/// Splits `set` into runs: whether all letters are members, the runs of
/// the other members, and how many there are (more than [`MAX_RUNS`]:
/// `MAX_RUNS + 1`, and the runs are not all there).
const fn split(set: &CharClass) -> (bool, [(u8, u8); MAX_RUNS], usize) {
    let mut letters = true;
    let mut b = 0;
    while b < 256 {
        if ALPHA.contains(b as u8) && !set.contains(b as u8) {
            letters = false;
        }
        b += 1;
    }
    let mut out = [(0u8, 0u8); MAX_RUNS];
    let mut n = 0;
    b = 0;
    while b < 256 {
        if in_runs(set, letters, b) {
            let first = b;
            while b + 1 < 256 && in_runs(set, letters, b + 1) {
                b += 1;
            }
            if n == MAX_RUNS {
                return (letters, out, MAX_RUNS + 1);
            }
            out[n] = (first as u8, b as u8);
            n += 1;
        }
        b += 1;
    }
    (letters, out, n)
}

/// Whether byte `b` goes in a run of `set` (letters apart when `letters`).
const fn in_runs(set: &CharClass, letters: bool, b: usize) -> bool {
    set.contains(b as u8) && !(letters && ALPHA.contains(b as u8))
}

/// A mask of the bytes of `window` outside the scanner's class: bit `k` is
/// set when `window[k]` is not a member.
#[inline(always)]
pub(crate) fn outside(window: &[u8; 16], scanner: &Scanner) -> u32 {
    // The mask of marks is not used: once inlined, it is not computed.
    outside_and_equal(window, scanner, 0).0
}

/// [`outside`], and a mask of the bytes of `window` equal to `mark`.
///
/// Three versions give the same masks: SSE2 on `x86_64` (and `x86` with
/// SSE2), eight bytes at a time in a `u64` elsewhere ([`swar`]), and a
/// table lookup per byte for classes with more runs than those pay for.
/// `--cfg urikit_portable_scan` builds the portable versions on `x86`
/// too, to test and measure them there; `--cfg urikit_table_scan` builds
/// the table alone (the portable version before [`swar`]), for comparison.
#[inline(always)]
pub(crate) fn outside_and_equal(window: &[u8; 16], scanner: &Scanner, mark: u8) -> (u32, u32) {
    #[cfg(all(
        any(target_arch = "x86_64", target_arch = "x86"),
        target_feature = "sse2",
        not(urikit_portable_scan),
        not(urikit_table_scan)
    ))]
    {
        outside_and_equal_sse2(window, scanner, mark)
    }
    #[cfg(not(all(
        any(target_arch = "x86_64", target_arch = "x86"),
        target_feature = "sse2",
        not(urikit_portable_scan),
        not(urikit_table_scan)
    )))]
    {
        outside_and_equal_portable(window, scanner, mark)
    }
}

/// [`outside_and_equal`] with SSE2, or by table lookups for a class with
/// more than [`MAX_RUNS`] runs.
#[cfg(all(
    any(target_arch = "x86_64", target_arch = "x86"),
    target_feature = "sse2",
    any(test, not(any(urikit_portable_scan, urikit_table_scan)))
))]
#[inline(always)]
fn outside_and_equal_sse2(window: &[u8; 16], scanner: &Scanner, mark: u8) -> (u32, u32) {
    if scanner.len > MAX_RUNS {
        return (
            outside_portable(window, scanner),
            equal_portable(window, mark),
        );
    }
    #[allow(unsafe_code)]
    // SAFETY: `sse2::outside_and_equal` is safe but for requiring SSE2,
    // and this code is compiled only when the target enables SSE2
    // (`cfg(target_feature = "sse2")`, true of every `x86_64` target):
    // the compiler already assumes SSE2 everywhere in this crate, so
    // any processor that runs it has SSE2.
    unsafe {
        sse2::outside_and_equal(window, scanner, mark)
    }
}

/// [`outside_and_equal`] without SSE2: eight bytes at a time ([`swar`])
/// for a class of at most [`swar::MAX_SWAR_RUNS`] runs (the letters
/// counted as one), else (or with `--cfg urikit_table_scan`) by table
/// lookups.
#[cfg_attr(
    all(
        any(target_arch = "x86_64", target_arch = "x86"),
        target_feature = "sse2",
        not(any(test, urikit_portable_scan, urikit_table_scan))
    ),
    allow(dead_code)
)]
#[inline(always)]
fn outside_and_equal_portable(window: &[u8; 16], scanner: &Scanner, mark: u8) -> (u32, u32) {
    if cfg!(urikit_table_scan) || !swar::pays(scanner) {
        return (
            outside_portable(window, scanner),
            equal_portable(window, mark),
        );
    }
    swar::outside_and_equal(window, scanner, mark)
}

/// A mask of the bytes of `window` equal to `mark`, one byte at a time.
#[inline(always)]
pub(crate) fn equal_portable(window: &[u8; 16], mark: u8) -> u32 {
    let mut mask = 0;
    for (k, &c) in window.iter().enumerate() {
        mask |= u32::from(c == mark) << k;
    }
    mask
}

/// [`outside`] by table lookups, one byte at a time.
#[inline(always)]
pub(crate) fn outside_portable(window: &[u8; 16], scanner: &Scanner) -> u32 {
    let mut mask = 0;
    for (k, &c) in window.iter().enumerate() {
        mask |= u32::from(!scanner.class.contains(c)) << k;
    }
    mask
}

#[cfg(all(
    any(target_arch = "x86_64", target_arch = "x86"),
    target_feature = "sse2",
    any(test, not(any(urikit_portable_scan, urikit_table_scan)))
))]
mod sse2 {
    #[cfg(target_arch = "x86")]
    use core::arch::x86::*;
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::*;

    use super::{MAX_RUNS, Scanner};

    /// [`outside_and_equal`](super::outside_and_equal) with SSE2, from one
    /// load.
    ///
    /// Per byte `v` and run `[a, b]`, `v - a` (wrapping) saturated down by
    /// `b - a` is 0 exactly when `a <= v <= b` (a `v` below `a` wraps to
    /// more than `b - a`); the minimum over the runs is 0 exactly when `v`
    /// is in one. Letters: `v | 0x20` is in `a..=z` exactly when `v` is a
    /// letter of either case.
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(super) fn outside_and_equal(window: &[u8; 16], scanner: &Scanner, mark: u8) -> (u32, u32) {
        let v = load(window);
        let equal = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(mark as i8))) as u32;
        (mask_outside(v, scanner), equal)
    }

    /// The sixteen bytes as a vector, read as two `u64`s (no pointer).
    #[target_feature(enable = "sse2")]
    #[inline]
    fn load(window: &[u8; 16]) -> __m128i {
        let [lo, hi] = [&window[..8], &window[8..]].map(|half| {
            let mut word = [0; 8];
            word.copy_from_slice(half);
            i64::from_le_bytes(word)
        });
        _mm_set_epi64x(hi, lo)
    }

    /// The mask of the bytes of `v` outside the scanner's class.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn mask_outside(v: __m128i, scanner: &Scanner) -> u32 {
        let splat = |b: u8| _mm_set1_epi8(b as i8);
        let mut distance = splat(0xFF);
        if scanner.letters {
            let folded = _mm_or_si128(v, splat(0x20));
            let d = _mm_subs_epu8(_mm_sub_epi8(folded, splat(b'a')), splat(b'z' - b'a'));
            distance = _mm_min_epu8(distance, d);
        }
        for &(a, b) in &scanner.runs[..scanner.len.min(MAX_RUNS)] {
            let d = _mm_sub_epi8(v, splat(a));
            let d = if a == b {
                d
            } else {
                _mm_subs_epu8(d, splat(b - a))
            };
            distance = _mm_min_epu8(distance, d);
        }
        let in_runs = _mm_movemask_epi8(_mm_cmpeq_epi8(distance, _mm_setzero_si128())) as u32;
        if scanner.inverted {
            in_runs
        } else {
            !in_runs & 0xFFFF
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar;
    use alloc::format;
    use alloc::vec::Vec;

    /// Every class the workspace scans, and some that exercise the rest.
    /// The classes private to other modules and crates cannot be named
    /// here, so they are copies, typed again as they are defined there: the
    /// comment above each copy says where its original is. Keep the two in
    /// step.
    const CLASSES: [(&str, Scanner); 29] = [
        ("SCHEME", Scanner::new(&grammar::SCHEME)),
        ("USERINFO", Scanner::new(&grammar::USERINFO)),
        ("REG_NAME", Scanner::new(&grammar::REG_NAME)),
        ("SEGMENT_NZ_NC", Scanner::new(&grammar::SEGMENT_NZ_NC)),
        ("PATH", Scanner::new(&grammar::PATH)),
        ("QUERY", Scanner::new(&grammar::QUERY)),
        ("DIGIT", Scanner::new(&grammar::DIGIT)),
        // Copy of `NOT_PERCENT` in `crates/uri-encode/src/hex.rs`, and of
        // the `NOT_PERCENT` inside `has_percent` in
        // `crates/uri-resolve/src/pct.rs`.
        (
            "not %",
            Scanner::new(&CharClass::range(0, 0xFF).without(b'%')),
        ),
        ("empty", Scanner::new(&CharClass::new(b""))),
        ("every other byte", Scanner::new(&every_other_byte())),
        ("FRAGMENT", Scanner::new(&grammar::FRAGMENT)),
        // Copy of `PATH_COMMON` (a `CharClass`) and `HOST_THEN_PATH` (a
        // `Scanner`), private constants of `crates/uri-core/src/parser.rs`,
        // and of `PATH_COMMON` in `crates/uri-lint/src/quick.rs`.
        (
            "PATH_COMMON, HOST_THEN_PATH",
            Scanner::new(&grammar::UNRESERVED.with(b'/')),
        ),
        // Copy of `HOST_COMMON`, a private constant of
        // `crates/uri-core/src/parser.rs`, and of `HOST` in
        // `crates/uri-lint/src/quick.rs`.
        (
            "HOST_COMMON",
            Scanner::new(
                &grammar::ALPHA
                    .union(grammar::DIGIT)
                    .union(CharClass::new(b"-.")),
            ),
        ),
        // Copy of the `NOT_DOT` inside `may_have_dot_segments` in
        // `crates/uri-resolve/src/dot_segments.rs`.
        (
            "NOT_DOT",
            Scanner::new(&CharClass::range(0, 0xFF).without(b'.')),
        ),
        // Copy of `NOT_PERCENT_OR_PLUS` in `crates/uri-encode/src/hex.rs`.
        (
            "NOT_PERCENT_OR_PLUS",
            Scanner::new(&CharClass::range(0, 0xFF).without(b'%').without(b'+')),
        ),
        // The bytes kept by uri-encode's predefined `EncodeSet`s not listed
        // above (`EncodeSet::new` removes `%` and `0x80..=0xFF`, and
        // `space_as_plus` `+` and the space, which none of these holds),
        // each scanned by `EncodeSet::first_not_kept`. Copies of the classes
        // given to `EncodeSet::new` by the constant of the same name in
        // `crates/uri-encode/src/set.rs`.
        (
            "EncodeSet::USERNAME",
            Scanner::new(&grammar::USERINFO.without(b':')),
        ),
        ("EncodeSet::PATH_SEGMENT", Scanner::new(&grammar::PCHAR)),
        (
            "EncodeSet::QUERY_COMPONENT",
            Scanner::new(&grammar::QUERY.difference(CharClass::new(b"&;=+#"))),
        ),
        ("EncodeSet::UNRESERVED", Scanner::new(&grammar::UNRESERVED)),
        // Copies of the `others` of `USERINFO_DELIMITERS` and
        // `REG_NAME_DELIMITERS` in `crates/uri-core/src/writer.rs`.
        (
            "USERINFO_DELIMITERS.others",
            Scanner::new(&CharClass::range(0, 0xFF).difference(CharClass::new(b"@/?#[]"))),
        ),
        (
            "REG_NAME_DELIMITERS.others",
            Scanner::new(&CharClass::range(0, 0xFF).difference(CharClass::new(b"@:/?#[]"))),
        ),
        (
            "EncodeSet::FORM",
            Scanner::new(
                &grammar::ALPHA
                    .union(grammar::DIGIT)
                    .union(CharClass::new(b"*-._")),
            ),
        ),
        // Copy of `LOWER_AND_DIGITS` in `crates/uri-schemes/src/generic.rs`.
        (
            "LOWER_AND_DIGITS",
            Scanner::new(&CharClass::range(b'a', b'z').union(grammar::DIGIT)),
        ),
        // Copy of `NOT_UPPER` in `crates/uri-schemes/src/http.rs`.
        (
            "NOT_UPPER",
            Scanner::new(&CharClass::range(0, 0xFF).difference(CharClass::range(b'A', b'Z'))),
        ),
        // Copies of `LETTERS_DIGITS`, `WEB_PATH`, `WEB_QUERY`, `FILE_PATH`
        // and `FILE_FRAGMENT` in `crates/uri-lint/src/quick.rs`.
        (
            "LETTERS_DIGITS",
            Scanner::new(&grammar::ALPHA.union(grammar::DIGIT)),
        ),
        ("WEB_PATH", Scanner::new(&grammar::PATH.without(b':'))),
        ("WEB_QUERY", Scanner::new(&grammar::QUERY.without(b':'))),
        (
            "FILE_PATH",
            Scanner::new(&grammar::PATH.without(b':').without(b'@')),
        ),
        (
            "FILE_FRAGMENT",
            Scanner::new(&grammar::QUERY.without(b':').without(b'@')),
        ),
    ];

    /// A class of 128 runs: more than a scanner tests.
    const fn every_other_byte() -> CharClass {
        let mut class = CharClass::new(b"");
        let mut b = 0;
        while b < 256 {
            class = class.with(b as u8);
            b += 2;
        }
        class
    }

    /// `(outside, equal)` masks of `window` by every version built here,
    /// each with its name: the table, SWAR (for any class of at most
    /// [`MAX_RUNS`] runs, not only those it is used for), SSE2 where the
    /// target has it, and the version [`outside_and_equal`] chose.
    fn every_version(
        window: &[u8; 16],
        scanner: &Scanner,
        mark: u8,
    ) -> Vec<(&'static str, (u32, u32))> {
        let mut all = alloc::vec![
            (
                "table",
                (
                    outside_portable(window, scanner),
                    equal_portable(window, mark),
                ),
            ),
            ("chosen", outside_and_equal(window, scanner, mark)),
            (
                "portable",
                outside_and_equal_portable(window, scanner, mark),
            ),
        ];
        if scanner.len <= MAX_RUNS {
            all.push(("SWAR", swar::outside_and_equal(window, scanner, mark)));
        }
        #[cfg(all(
            any(target_arch = "x86_64", target_arch = "x86"),
            target_feature = "sse2"
        ))]
        all.push(("SSE2", outside_and_equal_sse2(window, scanner, mark)));
        all
    }

    /// Asserts that every version gives the table's masks for `window`.
    fn assert_versions_agree(window: &[u8; 16], scanner: &Scanner, mark: u8, context: &str) {
        let all = every_version(window, scanner, mark);
        let table = all[0].1;
        for (version, masks) in &all[1..] {
            assert_eq!(
                *masks, table,
                "{context}: {version} against the table, {window:02x?}, mark {mark:#04x}"
            );
        }
    }

    #[test]
    fn every_byte_in_every_position_is_classified_as_the_table_says() {
        for (name, scanner) in &CLASSES {
            for byte in 0..=255u8 {
                for position in 0..16 {
                    // The byte among members, and among non-members.
                    for filler in [b'a', b' ', b'%', 0xFF] {
                        let mut window = [filler; 16];
                        window[position] = byte;
                        assert_versions_agree(&window, scanner, byte, name);
                        assert_versions_agree(&window, scanner, filler, name);
                        let expected = outside_portable(&window, scanner);
                        assert_eq!(
                            expected >> position & 1,
                            u32::from(!scanner.class.contains(byte)),
                            "{name}: byte {byte:#04x}"
                        );
                        assert_eq!(outside(&window, scanner), expected, "{name}");
                    }
                }
            }
        }
    }

    /// A class made of `runs` (first byte, length less one), with the
    /// letters when `letters`: random classes of few or many runs, some
    /// of them among the bytes from `0x80`.
    fn class_of(runs: &[(u8, u8)], letters: bool) -> CharClass {
        let mut class = if letters {
            grammar::ALPHA
        } else {
            CharClass::new(b"")
        };
        for &(first, extra) in runs {
            class = class.union(CharClass::range(first, first.saturating_add(extra)));
        }
        class
    }

    proptest::proptest! {
        #[test]
        fn every_version_agrees_on_random_classes_and_windows(
            runs in proptest::collection::vec((proptest::prelude::any::<u8>(), 0u8..24), 0..12),
            letters in proptest::prelude::any::<bool>(),
            window in proptest::prelude::any::<[u8; 16]>(),
            members in proptest::prelude::any::<u16>(),
            mark in proptest::prelude::any::<u8>(),
        ) {
            let class = class_of(&runs, letters);
            let scanner = Scanner::new(&class);
            // Some bytes replaced by the first bytes of runs, and by the
            // bytes just past them: the bounds of every test.
            let mut window = window;
            for (k, byte) in window.iter_mut().enumerate() {
                if members >> k & 1 == 1 {
                    if let Some(&(first, extra)) = runs.get(k % runs.len().max(1)) {
                        *byte = if k % 2 == 0 { first } else { first.wrapping_add(extra).wrapping_add(1) };
                    }
                }
            }
            assert_versions_agree(&window, &scanner, mark, &format!("{scanner:?}"));
        }
    }

    #[test]
    fn the_runs_rebuild_the_class() {
        for (name, scanner) in &CLASSES {
            if scanner.len > MAX_RUNS {
                continue;
            }
            for byte in 0..=255u8 {
                let in_runs = scanner.runs[..scanner.len]
                    .iter()
                    .any(|&(a, b)| (a..=b).contains(&byte))
                    || (scanner.letters && grammar::ALPHA.contains(byte));
                assert_eq!(
                    in_runs != scanner.inverted,
                    scanner.class.contains(byte),
                    "{name}: {byte:#04x}"
                );
            }
        }
        assert!(CLASSES[4].1.letters, "PATH tests letters apart");
        assert!(CLASSES[7].1.inverted, "not-% is tested as its complement");
        assert!(CLASSES[9].1.len > MAX_RUNS, "too many runs: the table");
    }

    /// The model of [`Scanner::first_outside`]: a byte loop (a `start`
    /// past the end gives the end).
    fn first_outside_by_bytes(scanner: &Scanner, bytes: &[u8], start: usize) -> usize {
        (start.min(bytes.len())..bytes.len())
            .find(|&k| !scanner.class.contains(bytes[k]))
            .unwrap_or(bytes.len())
    }

    /// `first_outside`, and both its versions whichever the build uses
    /// (by windows, by lookups), agree with a byte loop.
    #[test]
    fn span_agrees_with_a_byte_loop_at_every_length_and_start() {
        let text =
            b"https://user@www.example.com:8080/a/b%20c/d.html?q=1&r=%7E#frag \x7f\xc3\xa9 end";
        for (name, scanner) in &CLASSES {
            for len in 0..=text.len() {
                let bytes = &text[..len];
                for start in 0..=len + 1 {
                    let expected = first_outside_by_bytes(scanner, bytes, start);
                    assert_eq!(
                        scanner.first_outside(bytes, start),
                        expected,
                        "{name}: {bytes:?} from {start}"
                    );
                    assert_eq!(
                        scanner.first_outside_by_windows(bytes, start),
                        expected,
                        "{name}, by windows: {bytes:?} from {start}"
                    );
                    assert_eq!(
                        scanner.first_outside_by_lookups(bytes, start),
                        expected,
                        "{name}, by lookups: {bytes:?} from {start}"
                    );
                }
            }
        }
    }

    /// Inputs shorter than a window, taken at every offset of a text of
    /// delimiters, letters, digits, controls and non-ASCII bytes:
    /// `first_outside` agrees with the byte loop from every start.
    #[test]
    fn short_inputs_agree_with_a_byte_loop_at_every_offset() {
        let text = b"a:/?#%41.~-_Z09@[]!$&'()*+,;= \x00\x7f\x80\xc3\xa9\xff http://h/p?q#f";
        for offset in 0..text.len() {
            for len in 0..16.min(text.len() - offset + 1) {
                let bytes = &text[offset..offset + len];
                for (name, scanner) in &CLASSES {
                    for start in 0..=len + 1 {
                        assert_eq!(
                            scanner.first_outside(bytes, start),
                            first_outside_by_bytes(scanner, bytes, start),
                            "{name}: {bytes:?} from {start}"
                        );
                    }
                }
            }
        }
    }

    /// `shape` agrees with a byte loop on 20,000 pseudo-random inputs of 0
    /// to 40 bytes, drawn from bytes that hit its five masks, and is `None`
    /// outside 8 to 32 bytes.
    #[test]
    fn the_shape_agrees_with_a_byte_loop() {
        let scanner = Scanner::new(&grammar::QUERY);
        let bytes = b"a/?#:%. \x80[9";
        let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20_000 {
            let len = (next() % 41) as usize;
            let input: Vec<u8> = (0..len)
                .map(|_| bytes[(next() % bytes.len() as u64) as usize])
                .collect();
            let bits = |f: &dyn Fn(u8) -> bool| {
                input
                    .iter()
                    .enumerate()
                    .fold(0u64, |m, (k, &c)| m | u64::from(f(c)) << k)
            };
            let expected = (8..=32).contains(&len).then(|| Shape {
                outside: bits(&|c| !grammar::QUERY.contains(c)),
                colon: bits(&|c| c == b':'),
                slash: bits(&|c| c == b'/'),
                question: bits(&|c| c == b'?'),
                hash: bits(&|c| c == b'#'),
            });
            assert_eq!(scanner.shape(&input), expected, "{input:?}");
        }
    }

    #[test]
    fn first_outside_marking_examples() {
        const SCAN: Scanner = Scanner::new(&grammar::UNRESERVED.with(b'/'));
        assert_eq!(
            SCAN.first_outside_marking(b"example.com/a/b?q", 0, b'/'),
            (15, 11)
        );
        assert_eq!(
            SCAN.first_outside_marking(b"example.com:80/a", 0, b'/'),
            (11, 11)
        );
        assert_eq!(
            SCAN.first_outside_marking(b"example.com", 0, b'/'),
            (11, 11)
        );
    }

    #[test]
    fn first_outside_marking_agrees_with_a_byte_loop_at_every_length_and_start() {
        // Marks before, inside and after the first window, before and
        // after a stop, and none at all.
        let texts: [&[u8]; 4] = [
            b"https://user@www.example.com:8080/a/b%20c/d.html?q=1&r=%7E#frag \x7f\xc3\xa9 end",
            b"//www.a-very-long-host-name.example.com/and/a/long/path/to/the/end",
            b"//host.example/path?query/with/slashes",
            b"no-mark-anywhere-in-this-text-at-all",
        ];
        for text in texts {
            for (name, scanner) in &CLASSES {
                for mark in [b'/', b'.', b'?', 0xA9] {
                    for len in 0..=text.len() {
                        let bytes = &text[..len];
                        for start in 0..=len + 1 {
                            let stop = first_outside_by_bytes(scanner, bytes, start);
                            let marked = bytes[..stop]
                                .iter()
                                .enumerate()
                                .skip(start)
                                .find(|&(_, &c)| c == mark)
                                .map_or(stop, |(k, _)| k);
                            assert_eq!(
                                scanner.first_outside_marking(bytes, start, mark),
                                (stop, marked),
                                "{name}, mark {mark:#04x}: {bytes:?} from {start}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// [`Scanner::first_outside_or_repeat`] by a byte loop.
    fn first_outside_or_repeat_by_bytes(
        scanner: &Scanner,
        bytes: &[u8],
        from: usize,
        mark: u8,
    ) -> usize {
        (from..bytes.len())
            .find(|&i| {
                !scanner.class().contains(bytes[i])
                    || (i > from && bytes[i] == mark && bytes[i - 1] == mark)
            })
            .unwrap_or(bytes.len())
    }

    #[test]
    fn first_outside_or_repeat_agrees_with_a_byte_loop_at_every_length_and_start() {
        let mut next = crate::test_rng::xorshift(0x5eed_0b1e);
        let not_percent = Scanner::new(&CharClass::range(0, 0xFF).without(b'%').without(b':'));
        // Mostly `/` and letters, so that runs of `/` and long clean
        // stretches both come up.
        let alphabet = b"ab/%:/-./ab/cd/e";
        for len in 0..100 {
            for _ in 0..40 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                    .collect();
                for from in 0..=len + 1 {
                    assert_eq!(
                        not_percent.first_outside_or_repeat(&bytes, from, b'/'),
                        first_outside_or_repeat_by_bytes(&not_percent, &bytes, from.min(len), b'/'),
                        "{bytes:?} from {from}"
                    );
                }
            }
        }
    }

    #[test]
    fn first_outside_by_pairs_agrees_with_first_outside() {
        let text =
            b"/a/b%20c/d.html?q=1&r=%7E#frag/and/a/longer/path/than/sixty-four/bytes \xc3\xa9 end";
        for (name, scanner) in &CLASSES {
            for len in 16..=text.len() {
                let bytes = &text[..len];
                for start in 0..=len + 1 {
                    assert_eq!(
                        scanner.first_outside_by_pairs(bytes, start, len - 16),
                        scanner.first_outside(bytes, start),
                        "{name}: {bytes:?} from {start}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_equal_mask_agrees_with_the_byte_loop() {
        for byte in 0..=255u8 {
            for position in 0..16 {
                let mut window = [b'/'; 16];
                window[position] = byte;
                for mark in [b'/', byte, 0, 0xFF, byte ^ 0x80, byte ^ 1] {
                    assert_versions_agree(
                        &window,
                        &CLASSES[4].1,
                        mark,
                        &format!("{byte:#04x} at {position}"),
                    );
                    let (_, equal) = outside_and_equal(&window, &CLASSES[4].1, mark);
                    assert_eq!(equal, equal_portable(&window, mark));
                }
            }
        }
    }

    /// A URI text of more than 64 bytes after `authority`: a port, a
    /// path with triplets, a query, a fragment, DEL and a two-byte
    /// character.
    fn past_sixty_four(authority: &[u8]) -> Vec<u8> {
        let mut text = authority.to_vec();
        text.extend_from_slice(b":8080/a/b%20c/d.html?q=1&r=%7E#frag \x7f\xc3\xa9 end");
        text.extend_from_slice(b"/and%20more%2Fthan%20sixty-four+bytes%");
        text
    }

    #[test]
    fn masks_agree_with_a_byte_loop_at_every_length_start_and_span() {
        let text = past_sixty_four(b"https://user@www.ex-ample.com");
        for (name, scanner) in &CLASSES {
            for n in [0, 1, 5, 15, 16, 17, 31, 40, text.len()] {
                let bytes = &text[..n];
                for from in 0..=n + 1 {
                    for len in [0, 1, 2, 7, 15, 16, 17, 33, 63, 64, 65] {
                        let (mut outside, mut equal) = (0u64, 0u64);
                        for (k, &c) in bytes.iter().enumerate().skip(from).take(len.min(64)) {
                            outside |= u64::from(!scanner.class.contains(c)) << (k - from);
                            equal |= u64::from(c == b'.') << (k - from);
                        }
                        assert_eq!(
                            scanner.masks(bytes, from, len, b'.'),
                            (outside, equal),
                            "{name}: {bytes:?} from {from}, {len} bytes"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn outside_bits_agree_with_a_byte_loop_at_every_length_and_start() {
        let text = past_sixty_four(b"https://user@www.example.com");
        for (name, scanner) in &CLASSES {
            for len in 0..=text.len() {
                let bytes = &text[..len];
                for start in 0..=len + 1 {
                    let mut expected = 0u64;
                    for (k, &c) in bytes.iter().enumerate().skip(start).take(64) {
                        expected |= u64::from(!scanner.class.contains(c)) << (k - start);
                    }
                    assert_eq!(
                        scanner.outside_bits(bytes, start),
                        expected,
                        "{name}: {bytes:?} from {start}"
                    );
                }
            }
        }
        let far = Scanner::new(&grammar::PATH).outside_bits(&text, usize::MAX);
        assert_eq!(far, 0);
    }
}
