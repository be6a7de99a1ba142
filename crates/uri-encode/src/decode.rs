//! Percent-decoding (RFC 3986 §2.1, §2.4): `%XX` triplets back to bytes.

use alloc::borrow::Cow;
use alloc::string::{FromUtf8Error, String};
use alloc::vec::Vec;

use crate::hex::{NOT_PERCENT, NOT_PERCENT_OR_PLUS, digits_value, triplet_at};
use crate::text::{PADDED_MIN, into_text};

/// How many bytes [`Decoder::run_with`] copies at once for a run between
/// triplets, or the tail, that is no longer: a fixed-size copy, no call and
/// no branch on the length. In URLs encoded as heavily as `encoded-1in4.txt`
/// (every byte outside `unreserved`), 90 % of the runs are sixteen bytes
/// or shorter and 99.3 % thirty-two or shorter: with sixteen, the branch
/// for the longer ones was mispredicted about half a time a line.
const COPY: usize = 32;

/// What [`Decoder::run_with`] wrote, when something changed.
struct Decoded {
    /// The output, `bytes[..len]`, then bytes of no meaning: at least
    /// [`padded_len`](crate::text::padded_len)`(len)` in all.
    bytes: Vec<u8>,
    /// The output's length.
    len: usize,
    /// Every byte written in place of a triplet or a `+`, ORed: ASCII when
    /// each of them is.
    substituted: u8,
}

/// Whether what [`Decoder::decode_found`] read changes the text: anything
/// but a bad triplet copied as its `%` (lossy decoding).
#[inline(always)]
fn changes(found: (u8, usize)) -> bool {
    found != (b'%', 1)
}

/// Why a string does not decode, and where.
///
/// `index` is a byte offset into the encoded input: the `%` of a bad
/// triplet, or the first byte of the input that decodes into invalid UTF-8.
///
/// # Examples
///
/// ```
/// use uri_encode::{decode, DecodeErrorKind};
///
/// let err = decode("a%zzb").unwrap_err();
/// assert_eq!((err.kind(), err.index()), (DecodeErrorKind::InvalidPercentEncoding, 1));
/// assert_eq!(err.to_string(), "`%` not followed by two hex digits at byte 1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{kind} at byte {index}")]
pub struct DecodeError {
    kind: DecodeErrorKind,
    index: usize,
}

impl DecodeError {
    /// What was wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{decode_utf8, DecodeErrorKind};
    ///
    /// assert_eq!(decode_utf8("%FF").unwrap_err().kind(), DecodeErrorKind::InvalidUtf8);
    /// ```
    pub const fn kind(&self) -> DecodeErrorKind {
        self.kind
    }

    /// The byte offset in the encoded input.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_encode::decode_utf8("ab%C3%28").unwrap_err().index(), 2);
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }
}

crate::error_kinds! {
    crate = uri_encode, example = InvalidUtf8;
    /// What was wrong with percent-encoded text. See [`DecodeError`] for where.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::DecodeErrorKind;
    ///
    /// assert_eq!(DecodeErrorKind::InvalidUtf8.name(), "InvalidUtf8");
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    #[non_exhaustive]
    pub enum DecodeErrorKind {
        /// A `%` not followed by two hexadecimal digits (§2.1). `index` points at it.
        InvalidPercentEncoding => "`%` not followed by two hex digits",
        /// The decoded bytes are not UTF-8. `index` points at the first input
        /// byte (a `%` or a character) of the bad sequence.
        InvalidUtf8 => "decoded bytes are not UTF-8",
    }
}

/// A percent-decoder: strict or lossy, to bytes or to text, with `+` read
/// as a space or not.
///
/// The free functions ([`decode`], [`decode_lossy`], [`decode_utf8`],
/// [`decode_utf8_lossy`]) use the default decoder, which leaves `+` alone as
/// RFC 3986 does; form-urlencoded data (HTML forms) wants
/// [`Decoder::plus_as_space`].
///
/// Every method borrows the input when it holds nothing to decode.
///
/// # Examples
///
/// ```
/// use uri_encode::Decoder;
///
/// let form = Decoder::new().plus_as_space(true);
/// assert_eq!(form.decode_utf8("a+b%2Bc")?, "a b+c");
/// assert_eq!(Decoder::new().decode_utf8("a+b")?, "a+b");
/// # Ok::<(), uri_encode::DecodeError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Decoder {
    plus: bool,
}

impl Decoder {
    /// The RFC 3986 decoder: only `%XX` triplets change.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_encode::Decoder::new(), Default::default());
    /// ```
    pub const fn new() -> Self {
        Decoder { plus: false }
    }

    /// Reads `+` as a space (`application/x-www-form-urlencoded`).
    ///
    /// # Examples
    ///
    /// ```
    /// let d = uri_encode::Decoder::new().plus_as_space(true);
    /// assert_eq!(d.decode_lossy("1+1"), &b"1 1"[..]);
    /// ```
    pub const fn plus_as_space(self, yes: bool) -> Self {
        Decoder { plus: yes }
    }

    /// Decodes to bytes, refusing a bad triplet.
    ///
    /// # Errors
    ///
    /// [`DecodeErrorKind::InvalidPercentEncoding`] at the `%` of the first bad triplet.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::Decoder;
    ///
    /// assert_eq!(Decoder::new().decode("%FF%00")?, &[0xFF, 0][..]);
    /// assert!(Decoder::new().decode("%4").is_err());
    /// # Ok::<(), uri_encode::DecodeError>(())
    /// ```
    pub fn decode<'a>(&self, input: &'a str) -> Result<Cow<'a, [u8]>, DecodeError> {
        self.run(input.as_bytes(), true)
            .map(|d| d.map_or(Cow::Borrowed(input.as_bytes()), Cow::Owned))
    }

    /// Decodes bytes (not necessarily UTF-8) to bytes, refusing a bad triplet.
    ///
    /// # Errors
    ///
    /// [`DecodeErrorKind::InvalidPercentEncoding`] at the `%` of the first bad triplet.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_encode::Decoder::new().decode_bytes(b"\xFF%41")?, &b"\xFFA"[..]);
    /// # Ok::<(), uri_encode::DecodeError>(())
    /// ```
    pub fn decode_bytes<'a>(&self, input: &'a [u8]) -> Result<Cow<'a, [u8]>, DecodeError> {
        self.run(input, true)
            .map(|d| d.map_or(Cow::Borrowed(input), Cow::Owned))
    }

    /// Decodes bytes to bytes, copying a bad triplet as it is.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_encode::Decoder::new().decode_bytes_lossy(b"%41%"), &b"A%"[..]);
    /// ```
    pub fn decode_bytes_lossy<'a>(&self, input: &'a [u8]) -> Cow<'a, [u8]> {
        match self.run(input, false) {
            Ok(Some(v)) => Cow::Owned(v),
            _ => Cow::Borrowed(input),
        }
    }

    /// Decodes to bytes, copying a bad triplet as it is.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_encode::Decoder::new().decode_lossy("%41%zz%"), &b"A%zz%"[..]);
    /// ```
    pub fn decode_lossy<'a>(&self, input: &'a str) -> Cow<'a, [u8]> {
        match self.run(input.as_bytes(), false) {
            Ok(Some(v)) => Cow::Owned(v),
            _ => Cow::Borrowed(input.as_bytes()),
        }
    }

    /// Decodes to UTF-8 text, refusing a bad triplet or invalid UTF-8.
    ///
    /// # Errors
    ///
    /// [`DecodeErrorKind::InvalidPercentEncoding`] at the `%` of a bad
    /// triplet; [`DecodeErrorKind::InvalidUtf8`] at the first input byte of
    /// a sequence that does not decode to UTF-8.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::Decoder;
    ///
    /// assert_eq!(Decoder::new().decode_utf8("%E3%82%A2")?, "ア");
    /// # Ok::<(), uri_encode::DecodeError>(())
    /// ```
    pub fn decode_utf8<'a>(&self, input: &'a str) -> Result<Cow<'a, str>, DecodeError> {
        match self.run_str(input, true)? {
            None => Ok(Cow::Borrowed(input)),
            Some(Ok(text)) => Ok(Cow::Owned(text)),
            Some(Err(e)) => Err(DecodeError {
                kind: DecodeErrorKind::InvalidUtf8,
                index: self.input_offset(input.as_bytes(), e.utf8_error().valid_up_to()),
            }),
        }
    }

    /// Decodes to UTF-8 text, copying bad triplets and replacing invalid
    /// UTF-8 with U+FFFD. Never fails.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_encode::Decoder::new().decode_utf8_lossy("a%FFb%zz"), "a\u{FFFD}b%zz");
    /// ```
    pub fn decode_utf8_lossy<'a>(&self, input: &'a str) -> Cow<'a, str> {
        match self.run_str(input, false) {
            Ok(Some(text)) => Cow::Owned(
                text.unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
            ),
            // Lossy decoding fails on no triplet.
            Ok(None) | Err(_) => Cow::Borrowed(input),
        }
    }

    /// Which of the 64 bytes of `b` from `from` may change when decoded:
    /// bit `k` is set for a `%` (or, with `PLUS`, a `+`) at `b[from + k]`.
    #[inline(always)]
    fn special_bits<const PLUS: bool>(b: &[u8], from: usize) -> u64 {
        if PLUS {
            NOT_PERCENT_OR_PLUS.outside_bits(b, from)
        } else {
            NOT_PERCENT.outside_bits(b, from)
        }
    }

    /// Decodes the byte at `input[i]` that [`Decoder::special_bits`]
    /// found (a `%`, or with `PLUS` a `+`): the byte it stands for and its
    /// length in `input`. A bad triplet is an error with `strict`, and
    /// stands for itself (one `%`) without. Bytes found by the bits need no
    /// test for `%`: one branch fewer a triplet than asking whether a
    /// triplet starts there.
    #[inline(always)]
    fn decode_found<const PLUS: bool>(
        input: &[u8],
        i: usize,
        strict: bool,
    ) -> Result<(u8, usize), DecodeError> {
        if PLUS && input[i] == b'+' {
            return Ok((b' ', 1));
        }
        if let Some(v) = digits_value(input, i) {
            return Ok((v, 3));
        }
        if strict {
            Err(DecodeError {
                kind: DecodeErrorKind::InvalidPercentEncoding,
                index: i,
            })
        } else {
            Ok((b'%', 1))
        }
    }

    /// Decodes `input`; `None` when nothing changes. With `strict`, a bad
    /// triplet is an error; without, it is copied.
    fn run(&self, input: &[u8], strict: bool) -> Result<Option<Vec<u8>>, DecodeError> {
        Ok(self.run_decoded(input, strict)?.map(|mut d| {
            d.bytes.truncate(d.len);
            d.bytes
        }))
    }

    /// Decodes the text `input` to text: [`Decoder::run`], then the output
    /// as a `String`, or `String::from_utf8`'s error for it.
    ///
    /// The output is checked as UTF-8 only when a byte written in place of
    /// a triplet is not ASCII. Otherwise it is UTF-8 already: it is the
    /// `str` it was decoded from with some of its ASCII bytes (a triplet's
    /// three, or a `+`) replaced by one ASCII byte each. This skips the
    /// check on most decoded URLs, whose triplets stand for ASCII
    /// delimiters.
    ///
    /// (The nested `Result`, not an enum of the three outcomes: the enum
    /// cost more; both figures are in docs/performance.md, "Figures moved
    /// out of item docs".)
    #[inline(always)]
    fn run_str(
        &self,
        input: &str,
        strict: bool,
    ) -> Result<Option<Result<String, FromUtf8Error>>, DecodeError> {
        let Some(Decoded {
            mut bytes,
            len,
            substituted,
        }) = self.run_decoded(input.as_bytes(), strict)?
        else {
            return Ok(None);
        };
        if !substituted.is_ascii() {
            return Ok(Some(into_text(bytes, len)));
        }
        bytes.truncate(len);
        debug_assert!(core::str::from_utf8(&bytes).is_ok(), "{input:?}");
        // SAFETY: `bytes` is UTF-8, as `String` requires. By
        // `Decoder::run_with`'s contract, `bytes` (cut to `len`) is
        // `input` with each decoded triplet (`%` and two hex digits) or
        // `+` replaced by one byte, and `substituted` is every such byte
        // ORed; it is ASCII, so each of them is. `input` is a `str`. Its
        // replaced bytes are ASCII, and an ASCII byte is never part of a
        // longer character in UTF-8, so the text between them is whole
        // characters of `input`, UTF-8; the replacements are ASCII, UTF-8
        // too; and UTF-8 followed by UTF-8 is UTF-8. The contract is
        // tested against a byte-at-a-time model (the unit test
        // `the_decoder_keeps_its_contract_with_run_str`, and the fuzz
        // property `percent_roundtrip`), and checked by the
        // `debug_assert!` above in every build with debug assertions
        // (debug builds, and cargo-fuzz's optimized ones).
        #[allow(unsafe_code)]
        let text = unsafe { String::from_utf8_unchecked(bytes) };
        Ok(Some(Ok(text)))
    }

    /// The decoder both [`Decoder::run`] and [`Decoder::run_str`] call:
    /// [`Decoder::run_with`] for `self.plus`, its output not yet cut to its
    /// length.
    ///
    /// Inlined into its callers: as a call, it returned its `Result` of a
    /// `Decoded` through memory, and `decode_utf8` unpacked it (inlined,
    /// `decode-heavy` and `decode-changed` take 2-5% less time in the
    /// profile harness, `decode-mixed` and `decode-plain` 5-7%; see
    /// docs/performance.md).
    #[inline(always)]
    fn run_decoded(&self, input: &[u8], strict: bool) -> Result<Option<Decoded>, DecodeError> {
        if self.plus {
            Self::run_with::<true>(input, strict)
        } else {
            Self::run_with::<false>(input, strict)
        }
    }

    /// [`Decoder::run_decoded`], with `+` read as a space or not.
    ///
    /// The bytes that may change are found 64 at a time, as bits (see
    /// [`Scanner::outside_bits`](crate::grammar::Scanner::outside_bits)),
    /// and visited in order: one branch per triplet, none per byte, none on
    /// whether triplets follow each other. Nothing is allocated when
    /// nothing changes, or, with `strict`, when the first triplet is bad.
    ///
    /// The buffer starts as a copy of the input and `2 * COPY` zero bytes
    /// more: the text before the first triplet (in a URL, most often the
    /// scheme, host and path before the query) is in place with no copy of
    /// its own. From there the output is written by offset, never past the
    /// input read so far, so the runs between triplets, short as a rule,
    /// can be copied as `COPY` bytes (a fixed-size copy, no call and no
    /// branch on the length), the excess to be overwritten, into a window
    /// of twice `COPY` bytes that also takes the decoded byte after the run
    /// (one bounds check for both).
    ///
    /// The contract [`Decoder::run_str`]'s `unsafe` relies on: the output,
    /// `bytes[..len]`, is `input` with each decoded triplet or `+` replaced
    /// by the one byte it stands for (a bad triplet, without `strict`, by
    /// its `%`: itself), and `substituted` is every such byte ORed. The
    /// buffer is at least [`padded_len`](crate::text::padded_len)`(len)`
    /// long.
    #[inline(always)]
    fn run_with<const PLUS: bool>(
        input: &[u8],
        strict: bool,
    ) -> Result<Option<Decoded>, DecodeError> {
        let n = input.len();
        let mut base = 0;
        let mut bits = Self::special_bits::<PLUS>(input, 0);
        while bits == 0 {
            base += 64;
            if base >= n {
                return Ok(None);
            }
            bits = Self::special_bits::<PLUS>(input, base);
        }
        // Strict decoding changes the first `%` (or `+`), or fails there
        // (before allocating); lossy decoding may change nothing.
        let first = base + bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let (v, len) = Self::decode_found::<PLUS>(input, first, strict)?;
        if !strict && !changes((v, len)) && !Self::any_change::<PLUS>(input, base, bits) {
            return Ok(None);
        }
        // The last `COPY` bytes of the input (fewer: at the end), then
        // zeros: where a `COPY`-byte copy that would read past the end of
        // the input reads instead.
        let mut pad = [0; 2 * COPY];
        match n.checked_sub(COPY) {
            Some(last) => pad[..COPY].copy_from_slice(&input[last..]),
            None => pad[COPY - n..COPY].copy_from_slice(input),
        }
        let window = |i: usize| -> &[u8] {
            match (i + COPY).checked_sub(n) {
                Some(k) if k > 0 => &pad[k..k + COPY],
                _ => &input[i..i + COPY],
            }
        };
        // Room for the window of a run's copy and the decoded byte (twice
        // `COPY` bytes past any `j`, which never passes `n`), and so for
        // `padded_len` of any output (never longer than the input).
        const { assert!(2 * COPY >= PADDED_MIN) };
        let mut out = Vec::with_capacity(n + 2 * COPY);
        out.extend_from_slice(input);
        out.extend_from_slice(&[0; 2 * COPY]);
        out[first] = v;
        let mut substituted = v;
        // `input[..i]` is decoded into `out[..j]`.
        let (mut i, mut j) = (first + len, first + 1);
        loop {
            while bits != 0 {
                let p = base + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // A triplet's digits are never `%` or `+`: no bit falls
                // inside the last one decoded.
                debug_assert!(p >= i);
                // The run before it: `COPY` bytes when it is no longer.
                let run = p - i;
                let (v, len) = Self::decode_found::<PLUS>(input, p, strict)?;
                substituted |= v;
                if run <= COPY {
                    // One bounds check for the copy and the byte after it.
                    let w = &mut out[j..j + 2 * COPY];
                    w[..COPY].copy_from_slice(window(i));
                    w[run] = v;
                } else {
                    out[j..j + run].copy_from_slice(&input[i..p]);
                    out[j + run] = v;
                }
                j += run + 1;
                i = p + len;
            }
            base += 64;
            if base >= n {
                break;
            }
            bits = Self::special_bits::<PLUS>(input, base);
        }
        let tail = n - i;
        if tail <= COPY {
            out[j..j + COPY].copy_from_slice(window(i));
        } else {
            out[j..j + tail].copy_from_slice(&input[i..]);
        }
        Ok(Some(Decoded {
            bytes: out,
            len: j + tail,
            substituted,
        }))
    }

    /// Whether lossy decoding changes anything from the `%` or `+` at the
    /// lowest set bit of `bits` (the block from `base`) on: a `+` read as a
    /// space does, or a `%` that starts a triplet ([`changes`]).
    fn any_change<const PLUS: bool>(input: &[u8], mut base: usize, mut bits: u64) -> bool {
        loop {
            while bits != 0 {
                let p = base + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if Self::decode_found::<PLUS>(input, p, false).is_ok_and(changes) {
                    return true;
                }
            }
            base += 64;
            if base >= input.len() {
                return false;
            }
            bits = Self::special_bits::<PLUS>(input, base);
        }
    }

    /// The offset in `input` whose decoding starts at decoded offset `target`.
    #[cold]
    fn input_offset(&self, input: &[u8], target: usize) -> usize {
        let (mut i, mut decoded) = (0, 0);
        while i < input.len() && decoded < target {
            i += if triplet_at(input, i).is_some() { 3 } else { 1 };
            decoded += 1;
        }
        i
    }
}

/// Decodes `%XX` triplets to bytes, strictly (RFC 3986; `+` is left alone).
///
/// # Errors
///
/// [`DecodeErrorKind::InvalidPercentEncoding`] at the `%` of the first bad triplet.
///
/// # Examples
///
/// ```
/// assert_eq!(uri_encode::decode("a%2Fb")?, &b"a/b"[..]);
/// # Ok::<(), uri_encode::DecodeError>(())
/// ```
#[inline]
pub fn decode(input: &str) -> Result<Cow<'_, [u8]>, DecodeError> {
    Decoder::new().decode(input)
}

/// Decodes `%XX` triplets to bytes, copying bad ones as they are.
///
/// # Examples
///
/// ```
/// assert_eq!(uri_encode::decode_lossy("100%"), &b"100%"[..]);
/// ```
#[inline]
pub fn decode_lossy(input: &str) -> Cow<'_, [u8]> {
    Decoder::new().decode_lossy(input)
}

/// Decodes `%XX` triplets to UTF-8 text, strictly.
///
/// # Errors
///
/// A bad triplet, or bytes that are not UTF-8; see [`Decoder::decode_utf8`].
///
/// # Examples
///
/// ```
/// assert_eq!(uri_encode::decode_utf8("%D0%92%D0%B8%D0%BA%D0%B8")?, "Вики");
/// # Ok::<(), uri_encode::DecodeError>(())
/// ```
#[inline]
pub fn decode_utf8(input: &str) -> Result<Cow<'_, str>, DecodeError> {
    Decoder::new().decode_utf8(input)
}

/// Decodes `%XX` triplets to UTF-8 text, never failing; see
/// [`Decoder::decode_utf8_lossy`].
///
/// # Examples
///
/// ```
/// assert_eq!(uri_encode::decode_utf8_lossy("%C3%A9t%C3%A9%"), "été%");
/// ```
#[inline]
pub fn decode_utf8_lossy(input: &str) -> Cow<'_, str> {
    Decoder::new().decode_utf8_lossy(input)
}

/// Checks that every `%` in `input` starts a `%XX` triplet (§2.1).
///
/// # Errors
///
/// [`DecodeErrorKind::InvalidPercentEncoding`] at the first bad `%`.
///
/// # Examples
///
/// ```
/// use uri_encode::validate;
///
/// assert!(validate("a%20b").is_ok());
/// assert_eq!(validate("a%2").unwrap_err().index(), 1);
/// ```
pub fn validate(input: &str) -> Result<(), DecodeError> {
    let b = input.as_bytes();
    let mut i = 0;
    loop {
        i = NOT_PERCENT.first_outside(b, i);
        if i == b.len() {
            return Ok(());
        }
        if triplet_at(b, i).is_none() {
            return Err(DecodeError {
                kind: DecodeErrorKind::InvalidPercentEncoding,
                index: i,
            });
        }
        i += 3;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn borrowed_when_nothing_to_decode() {
        assert!(matches!(decode("abc"), Ok(Cow::Borrowed(_))));
        assert!(matches!(decode_utf8("abc"), Ok(Cow::Borrowed(_))));
        assert!(matches!(decode_lossy("a%zz"), Cow::Borrowed(_)));
        assert!(matches!(decode_utf8_lossy("a%"), Cow::Borrowed(_)));
        assert!(matches!(
            Decoder::new().plus_as_space(true).decode("a+b"),
            Ok(Cow::Owned(_))
        ));
    }

    #[test]
    fn strict_errors_point_at_the_percent() {
        for (input, index) in [("%", 0), ("%4", 0), ("a%zz", 1), ("%41%4g", 3), ("%%41", 0)] {
            let err = decode(input).unwrap_err();
            assert_eq!(
                (err.kind(), err.index()),
                (DecodeErrorKind::InvalidPercentEncoding, index),
                "{input}"
            );
            assert_eq!(validate(input).unwrap_err(), err, "{input}");
        }
    }

    #[test]
    fn utf8_errors_point_into_the_input() {
        for (input, index) in [
            ("%FF", 0),
            ("ab%C3%28", 2),
            ("é%E2%82", 2),
            ("%C3%A9%C3", 6),
            ("a%C3b", 1),
        ] {
            let err = decode_utf8(input).unwrap_err();
            assert_eq!(
                (err.kind(), err.index()),
                (DecodeErrorKind::InvalidUtf8, index),
                "{input}"
            );
        }
    }

    #[test]
    fn lossy_keeps_bad_triplets_and_replaces_bad_utf8() {
        assert_eq!(decode_lossy("%4%41%"), &b"%4A%"[..]);
        assert_eq!(decode_utf8_lossy("%F0%9F%98%80%F0"), "😀\u{FFFD}");
    }

    /// §2.1 a byte at a time, as `run_with` promises it: the output, every
    /// byte written in place of a triplet or a `+` ORed, and whether
    /// anything changed; with `strict`, the offset of the first bad
    /// triplet as the error.
    fn model(input: &[u8], plus: bool, strict: bool) -> Result<(Vec<u8>, u8, bool), usize> {
        let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
        let (mut out, mut substituted, mut changed, mut i) = (Vec::new(), 0, false, 0);
        while i < input.len() {
            let (v, len) = match input[i] {
                b'+' if plus => (b' ', 1),
                b'%' => match (
                    input.get(i + 1).and_then(|&b| hex(b)),
                    input.get(i + 2).and_then(|&b| hex(b)),
                ) {
                    (Some(h), Some(l)) => (h * 16 + l, 3),
                    _ if strict => return Err(i),
                    _ => (b'%', 1),
                },
                b => {
                    out.push(b);
                    i += 1;
                    continue;
                }
            };
            changed |= len == 3 || input[i] == b'+';
            substituted |= v;
            out.push(v);
            i += len;
        }
        Ok((out, substituted, changed))
    }

    /// Texts of `pieces` in orders that vary, each after a prefix with no
    /// triplet (none, or of 31 to 130 bytes, ASCII or not), up to about
    /// 450 bytes: runs shorter and longer than `COPY`, a first triplet in
    /// the first, second or third 64-byte block, triplets across blocks.
    fn texts(pieces: &[&str]) -> Vec<String> {
        let prefixes = [
            String::new(),
            "a".repeat(31),
            "é".repeat(20),
            "a".repeat(70),
            "é".repeat(65),
        ];
        let mut texts = Vec::new();
        for prefix in &prefixes {
            for count in 0..40 {
                for k in 0..pieces.len() {
                    let mut input = prefix.clone();
                    input.push_str(pieces[k]);
                    for step in 0..count {
                        input.push_str(pieces[(k + 3 * step + step / 5) % pieces.len()]);
                    }
                    texts.push(input);
                }
            }
        }
        texts
    }

    const PIECES: [&str; 11] = [
        "a",
        "%41",
        "%C3%A9",
        "é",
        "+",
        "%",
        "%zz",
        "0123456789abcdef",
        "%2F",
        "%25",
        "https://example.com/a/b/c/d",
    ];

    #[test]
    fn the_decoder_keeps_its_contract_with_run_str() {
        for input in texts(&PIECES) {
            for plus in [false, true] {
                let decoder = Decoder::new().plus_as_space(plus);
                for strict in [true, false] {
                    let got = decoder.run_decoded(input.as_bytes(), strict);
                    match (got, model(input.as_bytes(), plus, strict)) {
                        (Ok(Some(d)), Ok((out, substituted, true))) => {
                            assert_eq!(&d.bytes[..d.len], &out[..], "{input}");
                            assert_eq!(d.substituted, substituted, "{input}");
                            assert!(d.bytes.len() >= crate::text::padded_len(d.len), "{input}");
                        }
                        (Ok(None), Ok((_, _, false))) => {}
                        (Err(e), Err(at)) => assert_eq!(e.index(), at, "{input}"),
                        (a, b) => panic!(
                            "{input} ({plus}, {strict}): {:?} against {b:?}",
                            a.map(|d| d.map(|d| d.bytes))
                        ),
                    }
                }
            }
        }
    }

    #[test]
    fn decoded_text_agrees_with_the_model() {
        // Text through `decode_utf8` and `decode_utf8_lossy`, both paths:
        // `%C3%A9`, `%FF`, `%C3` and `%E2%82%AC` write bytes from 0x80 (the
        // text is checked, and fails on `%FF` or a cut `%C3`); with only
        // ASCII triplets it is not, with or without `é` in the input.
        let pieces = [&PIECES[..], &["%FF", "%C3", "%E2%82%AC"]].concat();
        for input in texts(&pieces) {
            for plus in [false, true] {
                let decoder = Decoder::new().plus_as_space(plus);
                let expected =
                    model(input.as_bytes(), plus, true).map(|(out, _, _)| String::from_utf8(out));
                match (decoder.decode_utf8(&input), expected) {
                    (Ok(text), Ok(Ok(model))) => assert_eq!(text, model, "{input}"),
                    (Err(e), Ok(Err(_))) => {
                        assert_eq!(e.kind(), DecodeErrorKind::InvalidUtf8, "{input}")
                    }
                    (Err(e), Err(at)) => assert_eq!(e.index(), at, "{input}"),
                    (a, b) => panic!("{input}: {a:?} against {b:?}"),
                }
                let lossy = model(input.as_bytes(), plus, false).unwrap().0;
                assert_eq!(
                    decoder.decode_utf8_lossy(&input),
                    String::from_utf8_lossy(&lossy),
                    "{input}"
                );
            }
        }
    }

    #[test]
    fn every_byte_round_trips_through_a_triplet() {
        for b in 0..=255u8 {
            for text in [alloc::format!("%{b:02X}"), alloc::format!("%{b:02x}")] {
                assert_eq!(decode(&text).unwrap(), &[b][..]);
            }
        }
    }
}
