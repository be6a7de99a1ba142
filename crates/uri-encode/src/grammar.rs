//! Character classes of RFC 3986 as `const` lookup tables.
//!
//! Every class is a [`CharClass`]: a 256-entry table answering "may this byte
//! appear literally here?" in one load. The tables hold ASCII only; `%` (the
//! start of a `pct-encoded` triplet) is in none of them, because a triplet is
//! three bytes and the parser checks it as a unit.
//!
//! ```text
//! ALPHA       = %x41-5A / %x61-7A
//! DIGIT       = %x30-39
//! HEXDIG      = DIGIT / "A"-"F" / "a"-"f"
//! unreserved  = ALPHA / DIGIT / "-" / "." / "_" / "~"
//! gen-delims  = ":" / "/" / "?" / "#" / "[" / "]" / "@"
//! sub-delims  = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
//! reserved    = gen-delims / sub-delims
//! pchar       = unreserved / pct-encoded / sub-delims / ":" / "@"
//! scheme      = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
//! userinfo    = *( unreserved / pct-encoded / sub-delims / ":" )
//! reg-name    = *( unreserved / pct-encoded / sub-delims )
//! segment     = *pchar
//! query       = *( pchar / "/" / "?" )
//! fragment    = *( pchar / "/" / "?" )
//! ```
//!
//! See [RFC 3986, section 2](https://www.rfc-editor.org/rfc/rfc3986#section-2) and
//! [Appendix A](https://www.rfc-editor.org/rfc/rfc3986#appendix-A).
//!
//! A [`Scanner`] finds the first byte outside a class sixteen bytes at a
//! time; every urikit crate scans with it. The RFC 3987 character
//! predicates ([`is_ucschar`], [`is_iprivate`], [`is_bidi_formatting`])
//! are here too, so that the one floor answers every question about a
//! character.

pub use crate::scanner::{Scanner, Shape};

/// A set of ASCII bytes, stored as a 256-entry lookup table.
///
/// Bytes `0x80..=0xFF` are never members of a predefined class. Build your own
/// with [`CharClass::new`], [`CharClass::union`] and friends, all `const`.
///
/// # Examples
///
/// ```
/// use uri_encode::grammar::{CharClass, UNRESERVED};
///
/// const SAFE: CharClass = UNRESERVED.with(b'/');
/// assert!(SAFE.contains(b'/'));
/// assert!(!UNRESERVED.contains(b'/'));
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct CharClass {
    table: [bool; 256],
}

impl CharClass {
    /// The class holding exactly the bytes of `members`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::CharClass;
    ///
    /// const DELIMS: CharClass = CharClass::new(b"/?#");
    /// assert!(DELIMS.contains(b'?'));
    /// assert!(!DELIMS.contains(b'a'));
    /// ```
    pub const fn new(members: &[u8]) -> Self {
        let mut table = [false; 256];
        let mut i = 0;
        while i < members.len() {
            table[members[i] as usize] = true;
            i += 1;
        }
        CharClass { table }
    }

    /// The class holding the bytes `lo..=hi`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::CharClass;
    ///
    /// assert!(CharClass::range(b'a', b'f').contains(b'c'));
    /// ```
    pub const fn range(lo: u8, hi: u8) -> Self {
        let mut table = [false; 256];
        let mut i = lo as usize;
        while i <= hi as usize {
            table[i] = true;
            i += 1;
        }
        CharClass { table }
    }

    /// Every byte in `self` or in `other`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::{GEN_DELIMS, RESERVED, SUB_DELIMS};
    ///
    /// assert!(GEN_DELIMS.union(SUB_DELIMS) == RESERVED);
    /// ```
    pub const fn union(self, other: CharClass) -> Self {
        let mut table = self.table;
        let mut i = 0;
        while i < 256 {
            table[i] = table[i] || other.table[i];
            i += 1;
        }
        CharClass { table }
    }

    /// The bytes in `self` that are not in `other`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::{CharClass, QUERY};
    ///
    /// let value = QUERY.difference(CharClass::new(b"&=;+"));
    /// assert!(!value.contains(b'&'));
    /// assert!(value.contains(b'/'));
    /// ```
    pub const fn difference(self, other: CharClass) -> Self {
        let mut table = self.table;
        let mut i = 0;
        while i < 256 {
            table[i] = table[i] && !other.table[i];
            i += 1;
        }
        CharClass { table }
    }

    /// `self` with `b` added.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::REG_NAME;
    ///
    /// assert!(REG_NAME.with(b':').contains(b':'));
    /// ```
    pub const fn with(self, b: u8) -> Self {
        let mut table = self.table;
        table[b as usize] = true;
        CharClass { table }
    }

    /// `self` with `b` removed.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::PATH;
    ///
    /// assert!(!PATH.without(b'/').contains(b'/'));
    /// ```
    pub const fn without(self, b: u8) -> Self {
        let mut table = self.table;
        table[b as usize] = false;
        CharClass { table }
    }

    /// Whether `b` is in the class.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_encode::grammar::SUB_DELIMS.contains(b'$'));
    /// ```
    #[inline(always)]
    pub const fn contains(&self, b: u8) -> bool {
        self.table[b as usize]
    }

    /// The offset of the first byte of `bytes` at or after `from` that is
    /// not in the class, or `bytes.len()`, found by looking bytes up in
    /// the table eight at a time.
    ///
    /// Each step joins eight lookups with `&`, one branch for the eight;
    /// only the step that holds a byte outside makes a mask of its members,
    /// and the first byte outside comes from the mask with no branch per
    /// byte. Past the last whole step, the last eight bytes are looked up
    /// again, less those already seen. [`Scanner::first_outside`] uses it
    /// without SSE2 for classes of several runs, and uri-encode for sets it
    /// has no `Scanner` for.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::PATH;
    ///
    /// let text = b"/a/b/c/d/e/f?q#f";
    /// assert_eq!(PATH.first_outside(text, 0), 12);
    /// assert_eq!(PATH.first_outside(text, 13), 14);
    /// assert_eq!(PATH.first_outside(text, 99), text.len());
    /// ```
    #[inline(always)]
    pub fn first_outside(&self, bytes: &[u8], from: usize) -> usize {
        let n = bytes.len();
        let mut i = from.min(n);
        let Some(last) = n.checked_sub(8) else {
            while i < n && self.contains(bytes[i]) {
                i += 1;
            }
            return i;
        };
        loop {
            let start = i.min(last);
            // Never `None`: `start + 8 <= last + 8 == n`.
            let Some(Ok(step)) = bytes.get(start..start + 8).map(<&[u8; 8]>::try_from) else {
                return n;
            };
            let all = (self.contains(step[0]) & self.contains(step[1]))
                & (self.contains(step[2]) & self.contains(step[3]))
                & (self.contains(step[4]) & self.contains(step[5]))
                & (self.contains(step[6]) & self.contains(step[7]));
            if !all {
                let mut members = 0u32;
                for (k, &b) in step.iter().enumerate() {
                    members |= u32::from(self.contains(b)) << k;
                }
                // `i - start` is at most 8: bytes before `i` are seen.
                let outside = (!members & 0xFF) >> (i - start);
                if outside != 0 {
                    return i + outside.trailing_zeros() as usize;
                }
            }
            if start == last {
                return n;
            }
            i = start + 8;
        }
    }
}

impl core::fmt::Debug for CharClass {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut set = f.debug_set();
        for b in 0..=255u8 {
            if self.contains(b) {
                set.entry(&char::from(b));
            }
        }
        set.finish()
    }
}

/// `ALPHA = %x41-5A / %x61-7A` ([RFC 5234, Appendix B.1](https://www.rfc-editor.org/rfc/rfc5234#appendix-B.1)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::ALPHA.contains(b'Q'));
/// ```
pub const ALPHA: CharClass = CharClass::range(b'A', b'Z').union(CharClass::range(b'a', b'z'));

/// `DIGIT = %x30-39` ([RFC 5234, Appendix B.1](https://www.rfc-editor.org/rfc/rfc5234#appendix-B.1)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::DIGIT.contains(b'7'));
/// ```
pub const DIGIT: CharClass = CharClass::range(b'0', b'9');

/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"`, case-insensitive as
/// every ABNF string is ([RFC 3986, section 2.1](https://www.rfc-editor.org/rfc/rfc3986#section-2.1)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::HEXDIG.contains(b'e'));
/// ```
pub const HEXDIG: CharClass = DIGIT
    .union(CharClass::range(b'A', b'F'))
    .union(CharClass::range(b'a', b'f'));

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
/// ([RFC 3986, section 2.3](https://www.rfc-editor.org/rfc/rfc3986#section-2.3)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::UNRESERVED.contains(b'~'));
/// ```
pub const UNRESERVED: CharClass = ALPHA.union(DIGIT).union(CharClass::new(b"-._~"));

/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"`
/// ([RFC 3986, section 2.2](https://www.rfc-editor.org/rfc/rfc3986#section-2.2)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::GEN_DELIMS.contains(b'@'));
/// ```
pub const GEN_DELIMS: CharClass = CharClass::new(b":/?#[]@");

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
/// ([RFC 3986, section 2.2](https://www.rfc-editor.org/rfc/rfc3986#section-2.2)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::SUB_DELIMS.contains(b';'));
/// ```
pub const SUB_DELIMS: CharClass = CharClass::new(b"!$&'()*+,;=");

/// `reserved = gen-delims / sub-delims`
/// ([RFC 3986, section 2.2](https://www.rfc-editor.org/rfc/rfc3986#section-2.2)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::RESERVED.contains(b'['));
/// ```
pub const RESERVED: CharClass = GEN_DELIMS.union(SUB_DELIMS);

/// The literal bytes of `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
/// after the first ([RFC 3986, section 3.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.1)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::SCHEME.contains(b'+'));
/// ```
pub const SCHEME: CharClass = ALPHA.union(DIGIT).union(CharClass::new(b"+-."));

/// Literal bytes of `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`
/// ([RFC 3986, section 3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3));
/// `%` is left out, as in every class here.
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::PCHAR.contains(b'@'));
/// assert!(!uri_encode::grammar::PCHAR.contains(b'/'));
/// ```
pub const PCHAR: CharClass = UNRESERVED.union(SUB_DELIMS).union(CharClass::new(b":@"));

/// Literal bytes of `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`
/// ([RFC 3986, section 3.2.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::USERINFO.contains(b':'));
/// assert!(!uri_encode::grammar::USERINFO.contains(b'@'));
/// ```
pub const USERINFO: CharClass = UNRESERVED.union(SUB_DELIMS).with(b':');

/// Literal bytes of `reg-name = *( unreserved / pct-encoded / sub-delims )`
/// ([RFC 3986, section 3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::REG_NAME.contains(b'-'));
/// assert!(!uri_encode::grammar::REG_NAME.contains(b':'));
/// ```
pub const REG_NAME: CharClass = UNRESERVED.union(SUB_DELIMS);

/// Literal bytes of `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`,
/// the first segment of a relative path without authority: `pchar` without `:`
/// ([RFC 3986, section 3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3)).
///
/// # Examples
///
/// ```
/// assert!(!uri_encode::grammar::SEGMENT_NZ_NC.contains(b':'));
/// assert!(uri_encode::grammar::SEGMENT_NZ_NC.contains(b'@'));
/// ```
pub const SEGMENT_NZ_NC: CharClass = PCHAR.without(b':');

/// Literal bytes of a path: `pchar` and `"/"`
/// ([RFC 3986, section 3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::PATH.contains(b'/'));
/// assert!(!uri_encode::grammar::PATH.contains(b'?'));
/// ```
pub const PATH: CharClass = PCHAR.with(b'/');

/// Literal bytes of `query = *( pchar / "/" / "?" )`
/// ([RFC 3986, section 3.4](https://www.rfc-editor.org/rfc/rfc3986#section-3.4)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::QUERY.contains(b'?'));
/// assert!(!uri_encode::grammar::QUERY.contains(b'#'));
/// ```
pub const QUERY: CharClass = PCHAR.union(CharClass::new(b"/?"));

/// Literal bytes of `fragment = *( pchar / "/" / "?" )`
/// ([RFC 3986, section 3.5](https://www.rfc-editor.org/rfc/rfc3986#section-3.5)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::FRAGMENT.contains(b'/'));
/// assert!(!uri_encode::grammar::FRAGMENT.contains(b'#'));
/// ```
pub const FRAGMENT: CharClass = QUERY;

/// Literal bytes after the version of `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
/// ([RFC 3986, section 3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::IPV_FUTURE.contains(b':'));
/// assert!(!uri_encode::grammar::IPV_FUTURE.contains(b'%'));
/// ```
pub const IPV_FUTURE: CharClass = USERINFO;

/// Returns `true` if `b` is an `unreserved` character.
///
/// # Grammar
///
/// ```text
/// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
/// ```
///
/// See [RFC 3986, section 2.3](https://www.rfc-editor.org/rfc/rfc3986#section-2.3).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::is_unreserved(b'~'));
/// assert!(!uri_encode::grammar::is_unreserved(b'/'));
/// ```
#[inline]
pub const fn is_unreserved(b: u8) -> bool {
    UNRESERVED.contains(b)
}

/// The bytes [`is_lowercase_ascii_without_percent`] refuses: capital
/// letters, `%` and bytes outside ASCII.
const CAPITAL_PERCENT_NON_ASCII: CharClass = CharClass::range(b'A', b'Z')
    .union(CharClass::new(b"%"))
    .union(CharClass::range(0x80, 0xFF));

/// Whether `bytes` holds no capital letter, no `%` and no byte outside
/// ASCII: a host name whose text is already its normal form under case
/// normalization (RFC 3986 §6.2.2.1, "the scheme and host are
/// case-insensitive and therefore should be normalized to lowercase") and
/// percent-encoding normalization (§6.2.2.2), spelled as the DNS and the
/// Public Suffix List spell names, so usable as it is.
///
/// Eight bytes a step in a `u64` (the last step overlapping the one
/// before), one test for the step: a name of 9 to 16 bytes costs two
/// steps and no loop, one of 17 to 24 three.
///
/// # Examples
///
/// ```
/// use uri_encode::grammar::is_lowercase_ascii_without_percent as plain;
///
/// assert!(plain(b"www.example.co.uk"));
/// assert!(plain(b"under_score~1"));
/// assert!(!plain(b"www.Example.com"));
/// assert!(!plain(b"b%C3%BCcher.example"));
/// assert!(!plain("bücher.example".as_bytes()));
/// ```
#[inline]
pub fn is_lowercase_ascii_without_percent(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = ONES * 0x80;
    // Bit 7 of each byte of the result is set when that byte of `w` is
    // outside ASCII, or else a capital (`b + 0x3F` reaches 0x80 and `b +
    // 0x25` does not) or `%` (`b ^ 0x25` is zero, so `+ 0x7F` stays below
    // 0x80). Without a byte outside ASCII no sum carries into the next
    // byte; with one, the word is refused by `w`'s own bit 7, whatever the
    // carries did to the other bytes.
    fn refused(w: u64) -> u64 {
        w | (w.wrapping_add(ONES * 0x3F) & !w.wrapping_add(ONES * 0x25))
            | !(w ^ (ONES * 0x25)).wrapping_add(ONES * 0x7F)
    }
    let word = |at: usize| {
        bytes
            .get(at..at + 8)
            .and_then(|w| <[u8; 8]>::try_from(w).ok())
            .map_or(HIGH, u64::from_le_bytes)
    };
    let n = bytes.len();
    let seen = match n {
        0..=3 => return !bytes.iter().any(|&b| CAPITAL_PERCENT_NON_ASCII.contains(b)),
        // Two halves that may overlap, as one word.
        4..=7 => {
            let half = |at: usize| {
                bytes
                    .get(at..at + 4)
                    .and_then(|h| <[u8; 4]>::try_from(h).ok())
                    .map_or(0x80, u32::from_le_bytes)
            };
            refused(u64::from(half(0)) | u64::from(half(n - 4)) << 32)
        }
        // Most host names: two words that may overlap, no loop.
        8..=16 => refused(word(0)) | refused(word(n - 8)),
        _ => {
            let mut seen = 0;
            let mut at = 0;
            while at + 8 < n {
                seen |= refused(word(at));
                at += 8;
            }
            seen | refused(word(n - 8))
        }
    };
    seen & HIGH == 0
}

/// Returns `true` if `b` is a `gen-delims` character
/// ([RFC 3986, section 2.2](https://www.rfc-editor.org/rfc/rfc3986#section-2.2)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::is_gen_delim(b'#'));
/// assert!(!uri_encode::grammar::is_gen_delim(b'&'));
/// ```
#[inline]
pub const fn is_gen_delim(b: u8) -> bool {
    GEN_DELIMS.contains(b)
}

/// Returns `true` if `b` is a `sub-delims` character
/// ([RFC 3986, section 2.2](https://www.rfc-editor.org/rfc/rfc3986#section-2.2)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::is_sub_delim(b'&'));
/// assert!(!uri_encode::grammar::is_sub_delim(b'#'));
/// ```
#[inline]
pub const fn is_sub_delim(b: u8) -> bool {
    SUB_DELIMS.contains(b)
}

/// Returns `true` if `b` is a `reserved` character
/// ([RFC 3986, section 2.2](https://www.rfc-editor.org/rfc/rfc3986#section-2.2)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::is_reserved(b'/'));
/// assert!(!uri_encode::grammar::is_reserved(b'-'));
/// ```
#[inline]
pub const fn is_reserved(b: u8) -> bool {
    RESERVED.contains(b)
}

/// Returns `true` if `b` may appear literally in a `pchar`
/// ([RFC 3986, section 3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3)).
///
/// `%` returns `false`: it is only allowed as the start of a `pct-encoded` triplet.
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::is_pchar(b':'));
/// assert!(!uri_encode::grammar::is_pchar(b'%'));
/// ```
#[inline]
pub const fn is_pchar(b: u8) -> bool {
    PCHAR.contains(b)
}

/// Returns `true` if `b` is a hexadecimal digit, either case
/// ([RFC 3986, section 2.1](https://www.rfc-editor.org/rfc/rfc3986#section-2.1)).
///
/// # Examples
///
/// ```
/// assert!(uri_encode::grammar::is_hexdig(b'F'));
/// assert!(!uri_encode::grammar::is_hexdig(b'g'));
/// ```
#[inline]
pub const fn is_hexdig(b: u8) -> bool {
    HEXDIG.contains(b)
}

// RFC 3987 §2.2 and §4.1: the characters an IRI adds, and those it refuses.

/// Whether `c` is a `ucschar` (RFC 3987 §2.2).
///
/// # Examples
///
/// ```
/// use uri_encode::grammar::is_ucschar;
///
/// assert!(is_ucschar('é'));
/// assert!(is_ucschar('\u{A0}'));
/// assert!(!is_ucschar('\u{9F}'));
/// assert!(!is_ucschar('\u{FDD0}')); // a noncharacter
/// assert!(!is_ucschar('a'));
/// ```
pub const fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        || (c >= 0x10000 && c <= 0xDFFFD && (c & 0xFFFF) <= 0xFFFD)
        || (c >= 0xE1000 && c <= 0xEFFFD)
}

/// Whether `c` is a bidirectional formatting character: exactly the
/// Unicode property `Bidi_Control` (UAX #9, section 2, "Explicit
/// Directional Formatting Characters", and section 2.6 for ALM; listed in
/// the UCD's `PropList.txt`).
///
/// RFC 3987 §4.1: "IRIs MUST NOT contain bidirectional formatting
/// characters (LRM, RLM, LRE, RLE, LRO, RLO, and PDF)". Unicode has added
/// characters of the same kind since, which act the same way and are
/// refused the same way: the isolates (LRI, RLI, FSI, PDI, Unicode 6.3)
/// and U+061C ARABIC LETTER MARK (ALM, Unicode 6.3).
///
/// U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069.
///
/// # Examples
///
/// ```
/// use uri_encode::grammar::is_bidi_formatting;
///
/// assert!(is_bidi_formatting('\u{202E}')); // RIGHT-TO-LEFT OVERRIDE
/// assert!(is_bidi_formatting('\u{2067}')); // RIGHT-TO-LEFT ISOLATE
/// assert!(is_bidi_formatting('\u{061C}')); // ARABIC LETTER MARK
/// assert!(!is_bidi_formatting('\u{200D}')); // ZERO WIDTH JOINER
/// ```
pub const fn is_bidi_formatting(c: char) -> bool {
    matches!(
        c as u32,
        0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069
    )
}

/// Whether `c` is an `iprivate` (RFC 3987 §2.2): a private-use character.
///
/// # Examples
///
/// ```
/// use uri_encode::grammar::is_iprivate;
///
/// assert!(is_iprivate('\u{E000}'));
/// assert!(is_iprivate('\u{10FFFD}'));
/// assert!(!is_iprivate('\u{10FFFE}'));
/// ```
pub const fn is_iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `is_lowercase_ascii_without_percent` agrees with a byte loop on
    /// every input of up to 40 bytes drawn from bytes at the edges of what
    /// it refuses, at every length and offset of a long text.
    #[test]
    fn lowercase_ascii_without_percent_agrees_with_a_byte_loop() {
        let edges = b"@AZ[`az{$%&09.-_~\x00\x7f\x80\xc3\xff";
        let model = |b: &[u8]| {
            !b.iter()
                .any(|&c| c.is_ascii_uppercase() || c == b'%' || !c.is_ascii())
        };
        let mut next = crate::test_rng::xorshift(0x2545_F491_4F6C_DD1D);
        for _ in 0..50_000 {
            let state = next();
            let len = (state % 41) as usize;
            let mut r = state;
            let input: alloc::vec::Vec<u8> = (0..len)
                .map(|k| {
                    r = r.rotate_left(7) ^ (k as u64).wrapping_mul(0x9E37_79B9);
                    // Mostly lower-case letters, so that long clean runs
                    // with one refused byte anywhere are common.
                    if r.is_multiple_of(5) {
                        edges[(r / 5 % edges.len() as u64) as usize]
                    } else {
                        b'a' + (r / 5 % 26) as u8
                    }
                })
                .collect();
            assert_eq!(
                is_lowercase_ascii_without_percent(&input),
                model(&input),
                "{input:?}"
            );
        }
        let text = b"www.example.co.uk/%41B\xc3\xa9";
        for start in 0..text.len() {
            for end in start..=text.len() {
                let b = &text[start..end];
                assert_eq!(is_lowercase_ascii_without_percent(b), model(b), "{b:?}");
            }
        }
    }

    /// The classes restated from the ABNF text, one `match` per rule.
    fn abnf(name: &str, b: u8) -> bool {
        let alpha = b.is_ascii_alphabetic();
        let digit = b.is_ascii_digit();
        let unreserved = alpha || digit || matches!(b, b'-' | b'.' | b'_' | b'~');
        let gen_delims = matches!(b, b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@');
        let sub = matches!(
            b,
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
        );
        let pchar = unreserved || sub || b == b':' || b == b'@';
        match name {
            "ALPHA" => alpha,
            "DIGIT" => digit,
            "HEXDIG" => digit || matches!(b, b'A'..=b'F' | b'a'..=b'f'),
            "unreserved" => unreserved,
            "gen-delims" => gen_delims,
            "sub-delims" => sub,
            "reserved" => gen_delims || sub,
            "scheme" => alpha || digit || matches!(b, b'+' | b'-' | b'.'),
            "pchar" => pchar,
            "segment-nz-nc" => unreserved || sub || b == b'@',
            "userinfo" => unreserved || sub || b == b':',
            "reg-name" => unreserved || sub,
            "path" => pchar || b == b'/',
            "query" | "fragment" => pchar || b == b'/' || b == b'?',
            _ => panic!("not a class of this test"),
        }
    }

    #[test]
    fn every_table_matches_the_abnf_for_all_256_bytes() {
        let tables = [
            ("ALPHA", ALPHA),
            ("DIGIT", DIGIT),
            ("HEXDIG", HEXDIG),
            ("unreserved", UNRESERVED),
            ("gen-delims", GEN_DELIMS),
            ("sub-delims", SUB_DELIMS),
            ("reserved", RESERVED),
            ("scheme", SCHEME),
            ("pchar", PCHAR),
            ("segment-nz-nc", SEGMENT_NZ_NC),
            ("userinfo", USERINFO),
            ("reg-name", REG_NAME),
            ("path", PATH),
            ("query", QUERY),
            ("fragment", FRAGMENT),
        ];
        for (name, table) in tables {
            for b in 0..=255u8 {
                assert_eq!(table.contains(b), abnf(name, b), "{name} at byte {b:#04x}");
            }
        }
    }

    #[test]
    fn predicates_agree_with_tables() {
        for b in 0..=255u8 {
            assert_eq!(is_unreserved(b), UNRESERVED.contains(b));
            assert_eq!(is_gen_delim(b), GEN_DELIMS.contains(b));
            assert_eq!(is_sub_delim(b), SUB_DELIMS.contains(b));
            assert_eq!(is_reserved(b), RESERVED.contains(b));
            assert_eq!(is_pchar(b), PCHAR.contains(b));
            assert_eq!(is_hexdig(b), HEXDIG.contains(b));
        }
    }

    #[test]
    fn no_class_holds_percent_or_non_ascii() {
        for table in [PCHAR, USERINFO, REG_NAME, PATH, QUERY, FRAGMENT] {
            assert!(!table.contains(b'%'));
            assert!((0x80..=0xFF).all(|b| !table.contains(b)));
        }
    }

    #[test]
    fn set_operations() {
        let c = CharClass::new(b"ab").union(CharClass::new(b"bc"));
        assert_eq!(c, CharClass::range(b'a', b'c'));
        assert_eq!(c.difference(CharClass::new(b"b")), CharClass::new(b"ac"));
        assert_eq!(c.without(b'a').with(b'z'), CharClass::new(b"bcz"));
    }
}

#[cfg(test)]
mod iri_tests {
    use super::*;

    /// `ucschar` as RFC 3987 §2.2 lists it, range by range.
    const UCSCHAR: [(u32, u32); 17] = [
        (0xA0, 0xD7FF),
        (0xF900, 0xFDCF),
        (0xFDF0, 0xFFEF),
        (0x10000, 0x1FFFD),
        (0x20000, 0x2FFFD),
        (0x30000, 0x3FFFD),
        (0x40000, 0x4FFFD),
        (0x50000, 0x5FFFD),
        (0x60000, 0x6FFFD),
        (0x70000, 0x7FFFD),
        (0x80000, 0x8FFFD),
        (0x90000, 0x9FFFD),
        (0xA0000, 0xAFFFD),
        (0xB0000, 0xBFFFD),
        (0xC0000, 0xCFFFD),
        (0xD0000, 0xDFFFD),
        (0xE1000, 0xEFFFD),
    ];

    /// `iprivate` as RFC 3987 §2.2 lists it.
    const IPRIVATE: [(u32, u32); 3] = [(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)];

    fn listed(table: &[(u32, u32)], c: char) -> bool {
        table
            .iter()
            .any(|&(lo, hi)| (lo..=hi).contains(&(c as u32)))
    }

    /// `Bidi_Control` as the UCD's `PropList.txt` lists it (Unicode 16.0;
    /// uri-iri's tests check it against ICU4X's data too).
    const BIDI_CONTROL: [(u32, u32); 4] = [
        (0x061C, 0x061C),
        (0x200E, 0x200F),
        (0x202A, 0x202E),
        (0x2066, 0x2069),
    ];

    #[test]
    fn bidi_formatting_is_bidi_control() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(
                is_bidi_formatting(c),
                listed(&BIDI_CONTROL, c),
                "{:#X}",
                c as u32
            );
        }
        assert!(is_bidi_formatting('\u{61C}'));
        assert!(!is_bidi_formatting('\u{61B}'));
        assert!(!is_bidi_formatting('\u{61D}'));
        assert_eq!(
            (0..=0x10FFFF)
                .filter_map(char::from_u32)
                .filter(|&c| is_bidi_formatting(c))
                .count(),
            12
        );
    }

    #[test]
    fn every_character_against_the_abnf() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(is_ucschar(c), listed(&UCSCHAR, c), "{:#X}", c as u32);
            assert_eq!(is_iprivate(c), listed(&IPRIVATE, c), "{:#X}", c as u32);
        }
    }
}
