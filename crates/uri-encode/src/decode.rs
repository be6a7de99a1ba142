//! Percent-decoding (RFC 3986 §2.1, §2.4): `%XX` triplets back to bytes.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::hex::{NOT_PERCENT, NOT_PERCENT_OR_PLUS, digits_value, triplet_value};
use crate::text::{PADDED_MIN, into_text, padded_len};

/// How many bytes [`Decoder::run_with`] copies at once for a run between
/// triplets, or the tail, that is no longer: a fixed-size copy, no call and
/// no branch on the length. In URLs encoded as heavily as `encoded-1in4.txt`
/// (every byte outside `unreserved`), 90 % of the runs are sixteen bytes
/// or shorter and 99.3 % thirty-two or shorter: with sixteen, the branch
/// for the longer ones was mispredicted about half a time a line.
const COPY: usize = 32;

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
    InvalidPercentEncoding,
    /// The decoded bytes are not UTF-8. `index` points at the first input
    /// byte (a `%` or a character) of the bad sequence.
    InvalidUtf8,
}

impl core::fmt::Display for DecodeErrorKind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.message())
    }
}

impl DecodeErrorKind {
    /// The kind's name as written in the source, stable for JSON output.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::DecodeErrorKind;
    ///
    /// assert_eq!(DecodeErrorKind::InvalidPercentEncoding.name(), "InvalidPercentEncoding");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            DecodeErrorKind::InvalidPercentEncoding => "InvalidPercentEncoding",
            DecodeErrorKind::InvalidUtf8 => "InvalidUtf8",
        }
    }

    /// What the kind means, in a few words: the text `Display` writes.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::DecodeErrorKind;
    ///
    /// assert_eq!(DecodeErrorKind::InvalidUtf8.message(), "decoded bytes are not UTF-8");
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            DecodeErrorKind::InvalidPercentEncoding => "`%` not followed by two hex digits",
            DecodeErrorKind::InvalidUtf8 => "decoded bytes are not UTF-8",
        }
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
        let Some((bytes, len)) = self.run_text(input.as_bytes(), true)? else {
            return Ok(Cow::Borrowed(input));
        };
        match into_text(bytes, len) {
            Ok(text) => Ok(Cow::Owned(text)),
            Err(e) => Err(DecodeError {
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
        match self.run_text(input.as_bytes(), false) {
            Ok(Some((bytes, len))) => Cow::Owned(
                into_text(bytes, len)
                    .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
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
        Ok(self.run_text(input, strict)?.map(|(mut bytes, len)| {
            bytes.truncate(len);
            bytes
        }))
    }

    /// [`Decoder::run`] for [`into_text`]: the output followed by zeros up
    /// to [`padded_len`], and its length without them.
    fn run_text(
        &self,
        input: &[u8],
        strict: bool,
    ) -> Result<Option<(Vec<u8>, usize)>, DecodeError> {
        if self.plus {
            Self::run_with::<true>(input, strict)
        } else {
            Self::run_with::<false>(input, strict)
        }
    }

    /// [`Decoder::run_text`], with `+` read as a space or not.
    ///
    /// The bytes that may change are found 64 at a time, as bits (see
    /// [`Scanner::outside_bits`](uri_core::grammar::Scanner::outside_bits)),
    /// and visited in order: one branch per triplet, none per byte, none on
    /// whether triplets follow each other. Nothing is allocated when
    /// nothing changes, or when the first triplet is bad. The output is
    /// written by offset into zeros, as long as the input and twice
    /// [`COPY`] more: it never outgrows the input read so far, so the runs
    /// between triplets, short as a rule, can be copied as `COPY` bytes (a
    /// fixed-size copy, no call and no branch on the length), the excess
    /// to be overwritten, into a window of twice `COPY` bytes that also
    /// takes the decoded byte after the run (one bounds check for both).
    ///
    /// Past the output, the buffer holds zeros: the last copy's excess
    /// comes from the zeros of `pad`, or there is none (a tail longer than
    /// `COPY` bytes), and every earlier copy started before the last one,
    /// so reached no further.
    #[inline(always)]
    fn run_with<const PLUS: bool>(
        input: &[u8],
        strict: bool,
    ) -> Result<Option<(Vec<u8>, usize)>, DecodeError> {
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
        if strict {
            Self::decode_found::<PLUS>(input, base + bits.trailing_zeros() as usize, true)?;
        } else if !Self::any_change::<PLUS>(input, base, bits) {
            return Ok(None);
        }
        // The last `COPY` bytes of the input (fewer: at the end), then
        // zeros: where a `COPY`-byte copy that would read past the end of
        // the input reads instead.
        let mut pad = [0; 2 * COPY];
        match input.len().checked_sub(COPY) {
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
        // `COPY` bytes), and for `padded_len` of any output (never longer
        // than the input).
        let size = (n + 2 * COPY).max(PADDED_MIN);
        // Not `vec![0; size]`: that asks for zeroed memory (`calloc`),
        // which glibc serves without its per-thread cache: measured here,
        // more than twice the instructions of `malloc` and a `memset`.
        #[allow(clippy::slow_vector_initialization)]
        let mut out = Vec::with_capacity(size);
        out.resize(size, 0);
        // `input[..i]` is decoded into `out[..j]`.
        let (mut i, mut j) = (0, 0);
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
        let len = j + tail;
        out.truncate(padded_len(len));
        Ok(Some((out, len)))
    }

    /// Whether lossy decoding changes anything from the `%` or `+` at bit
    /// `bits.trailing_zeros()` of the block from `base` on: a `+` read as a
    /// space does, or a `%` that starts a triplet.
    fn any_change<const PLUS: bool>(input: &[u8], mut base: usize, mut bits: u64) -> bool {
        loop {
            while bits != 0 {
                let p = base + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if (PLUS && input[p] == b'+') || triplet_value(input, p).is_some() {
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
            i += if triplet_value(input, i).is_some() {
                3
            } else {
                1
            };
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
        if triplet_value(b, i).is_none() {
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

    #[test]
    fn text_output_is_followed_by_zeros_to_its_padded_length() {
        let pieces = [
            "a",
            "%41",
            "%C3%A9",
            "é",
            "+",
            "%",
            "%zz",
            "0123456789abcdef",
        ];
        for count in 0..40 {
            for (k, first) in pieces.iter().enumerate() {
                // Pieces in an order that varies with `count` and `k`.
                let mut input = String::from(*first);
                for step in 0..count {
                    input.push_str(pieces[(k + 3 * step + step / 5) % pieces.len()]);
                }
                for decoder in [Decoder::new(), Decoder::new().plus_as_space(true)] {
                    for strict in [true, false] {
                        let expected = decoder.run(input.as_bytes(), strict);
                        let padded = decoder.run_text(input.as_bytes(), strict);
                        match (padded, expected) {
                            (Ok(Some((bytes, len))), Ok(Some(exact))) => {
                                assert_eq!(bytes.len(), padded_len(len), "{input}");
                                assert_eq!(&bytes[..len], &exact[..], "{input}");
                                assert!(bytes[len..].iter().all(|&b| b == 0), "{input}");
                            }
                            (Ok(None), Ok(None)) | (Err(_), Err(_)) => {}
                            (a, b) => panic!("{input}: {a:?} against {b:?}"),
                        }
                    }
                }
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
