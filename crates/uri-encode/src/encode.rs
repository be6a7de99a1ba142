//! Percent-encoding (RFC 3986 §2.1): bytes outside a set become `%XX`.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::EncodeSet;
use crate::hex::{TRIPLET_WORDS, is_triplet, triplet};

/// Percent-encodes the UTF-8 bytes of `input` that `set` does not keep.
///
/// Borrows `input` when nothing needs encoding: no allocation. Hex digits
/// are upper case, as §2.1 recommends.
///
/// # Examples
///
/// ```
/// use std::borrow::Cow;
/// use uri_encode::{encode, EncodeSet};
///
/// assert_eq!(encode("À la carte", &EncodeSet::PATH), "%C3%80%20la%20carte");
/// assert!(matches!(encode("plain", &EncodeSet::PATH), Cow::Borrowed("plain")));
/// ```
pub fn encode<'a>(input: &'a str, set: &EncodeSet) -> Cow<'a, str> {
    let first = first_to_encode(input.as_bytes(), set);
    if first == input.len() {
        return Cow::Borrowed(input);
    }
    Cow::Owned(encode_str_from(input, first, set))
}

/// [`encode`] once something must change, from `first` on. Out of line,
/// so that text with nothing to encode (the most common) does not pay
/// for this part's stack frame.
#[inline(never)]
fn encode_str_from(input: &str, first: usize, set: &EncodeSet) -> String {
    encode_new(input.as_bytes(), first, set, |out, start, end| {
        out.push_str(&input[start..end])
    })
}

/// Percent-encodes `input`, any bytes (invalid UTF-8 included), as text.
///
/// Borrows `input` when nothing needs encoding.
///
/// # Examples
///
/// ```
/// use uri_encode::{encode_bytes_to_str, EncodeSet};
///
/// assert_eq!(encode_bytes_to_str(b"\xFFa b", &EncodeSet::QUERY), "%FFa%20b");
/// ```
pub fn encode_bytes_to_str<'a>(input: &'a [u8], set: &EncodeSet) -> Cow<'a, str> {
    match encode_bytes(input, set) {
        Some(owned) => Cow::Owned(owned),
        // Nothing to encode: every byte is a kept ASCII byte.
        None => Cow::Borrowed(core::str::from_utf8(input).unwrap_or_default()),
    }
}

/// Appends `input`, percent-encoded for `set`, to `out`.
///
/// # Examples
///
/// ```
/// use uri_encode::{encode_into, EncodeSet};
///
/// let mut url = String::from("https://example.com/search?q=");
/// encode_into("rust & C", &EncodeSet::QUERY_COMPONENT, &mut url);
/// assert_eq!(url, "https://example.com/search?q=rust%20%26%20C");
/// ```
pub fn encode_into(input: &str, set: &EncodeSet, out: &mut String) {
    let first = first_to_encode(input.as_bytes(), set);
    out.reserve(capacity(input.len(), first));
    write_from(input.as_bytes(), first, set, out, |out, start, end| {
        out.push_str(&input[start..end])
    });
}

/// Appends `input` (any bytes), percent-encoded for `set`, to `out`.
///
/// # Examples
///
/// ```
/// use uri_encode::{encode_bytes_into, EncodeSet};
///
/// let mut out = String::new();
/// encode_bytes_into(&[0, b'a', 0xFF], &EncodeSet::PATH, &mut out);
/// assert_eq!(out, "%00a%FF");
/// ```
pub fn encode_bytes_into(input: &[u8], set: &EncodeSet, out: &mut String) {
    let first = first_to_encode(input, set);
    out.reserve(capacity(input.len(), first));
    write_from(input, first, set, out, |out, start, end| {
        push_ascii(out, &input[start..end])
    });
}

/// The encoded form when something must be encoded, else `None`.
fn encode_bytes(input: &[u8], set: &EncodeSet) -> Option<String> {
    let first = first_to_encode(input, set);
    if first == input.len() {
        return None;
    }
    Some(encode_new(input, first, set, |out, start, end| {
        push_ascii(out, &input[start..end])
    }))
}

/// `input` encoded into a new string, knowing that `input[..first]` is
/// kept as is and that something after it changes.
#[inline(always)]
fn encode_new(
    input: &[u8],
    first: usize,
    set: &EncodeSet,
    push_run: impl Fn(&mut String, usize, usize),
) -> String {
    let mut out = String::with_capacity(capacity(input.len(), first));
    if set.preserves_triplets() {
        // A kept triplet is three bytes to copy: not one byte per step.
        write_from(input, first, set, &mut out, push_run);
        return out;
    }
    push_run(&mut out, 0, first);
    if let Some(words) = set.step_words() {
        return encode_by_words(out, input, first, words);
    }
    if set.writes_space_as_plus() {
        encode_by_step::<true>(out, input, first, set)
    } else {
        encode_by_step::<false>(out, input, first, set)
    }
}

/// The step table of `set`, for [`encode_by_words`]: for each byte, what
/// it is written as (itself, `+` for a space where `set` writes one, or
/// its triplet, upper-case hex as RFC 3986 §2.1 recommends) in the low
/// bytes of a little-endian word, zeros after it, and that length (1 or
/// 3) in the top byte.
pub(crate) const fn step_words(set: &EncodeSet) -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = if set.writes_space_as_plus() && b == b' ' as usize {
            u32::from_le_bytes([b'+', 0, 0, 1])
        } else if set.keeps(b as u8) {
            u32::from_le_bytes([b as u8, 0, 0, 1])
        } else {
            let t = TRIPLET_WORDS[b];
            u32::from_le_bytes([t[0], t[1], t[2], 3])
        };
        b += 1;
    }
    table
}

/// The input bytes [`encode_by_words`] encodes into its buffer before it
/// appends them: as many as fit (three output bytes each, the buffer's
/// 256 offsets), so that a URL's query or path after the first byte to
/// change usually takes one block, one UTF-8 check and one append.
/// Measured against 64: fewer simulated mispredicts (the loop over blocks
/// ends once where it ended twice) and 1–2.5% less time on the encode
/// groups.
const WORD_BLOCK: usize = 84;

// A block's output, its last four-byte store, and the length checked as
// UTF-8 stay inside the 260-byte buffer, at offsets under 256.
const _: () = assert!(3 * WORD_BLOCK <= 256 && (3 * WORD_BLOCK + 15) & !15 <= 256);

/// [`encode_by_step`] with the set's step table ([`step_words`]): one
/// load a byte gives both what to write and how far to move, so a step
/// is a load, a store and an add (the length from the word's top byte).
///
/// The top byte is written too, past what the byte writes, and
/// overwritten by the next step; after a block's last step it stays in
/// the buffer past the output, a 1 or a 3: ASCII, like the zeros, so the
/// block's UTF-8 check in whole steps of sixteen bytes still passes.
/// Offsets are taken modulo 256 into a buffer of 260 bytes, so that no
/// store needs a bounds check; a block of [`WORD_BLOCK`] (84) bytes gives
/// at most 252 bytes of output, so its last store starts at offset 249 or
/// before and the modulo never changes an offset, and the check's length
/// (the output rounded up to sixteen) is at most 256.
#[inline(always)]
fn encode_by_words(mut out: String, input: &[u8], i: usize, words: &[u32; 256]) -> String {
    let mut buf = [0u8; 260];
    for block in input[i..].chunks(WORD_BLOCK) {
        let mut j = 0;
        for &b in block {
            let word = words[usize::from(b)];
            let at = j & 0xFF;
            buf[at..at + 4].copy_from_slice(&word.to_le_bytes());
            j += (word >> 24) as usize;
        }
        append_block(&mut out, &buf, j);
    }
    out
}

/// Appends `input[i..]` encoded to `out`, for a set that keeps no triplet
/// and has no step table ([`EncodeSet::step_words`]: a set whose bytes are
/// no predefined set's, or that writes a space as `+` where that set does
/// not), with a space written as `+` (`PLUS`) or not.
///
/// One step per byte, with no branch on whether it is kept (kept and
/// encoded bytes follow each other with no pattern a branch predictor
/// could learn): four bytes written by offset into a buffer on the stack,
/// looked up by the byte and whether it is kept (its triplet, or itself,
/// then zeros), and the offset advanced by three or one. Each block of 64
/// input bytes is then checked as UTF-8 in whole steps of sixteen bytes
/// (past the output, the buffer holds ASCII: zeros or an earlier block's
/// output) and appended.
#[inline(always)]
fn encode_by_step<const PLUS: bool>(
    mut out: String,
    input: &[u8],
    i: usize,
    set: &EncodeSet,
) -> String {
    let words = if PLUS { &WORDS_PLUS } else { &WORDS };
    // 64 bytes encode to 192 at most, and the last write reaches one past.
    let mut buf = [0u8; 208];
    for block in input[i..].chunks(64) {
        let mut j = 0;
        for &b in block {
            // A space is never kept in a set that writes it as `+`.
            let one = set.keeps(b) | (PLUS && b == b' ');
            let word = words[usize::from(b) | usize::from(one) << 8];
            buf[j..j + 4].copy_from_slice(&word);
            j += if one { 1 } else { 3 };
        }
        append_block(&mut out, &buf, j);
    }
    out
}

/// Appends a block's output, `buf[..j]`, to `out`. Every byte of `buf` is
/// ASCII (the output, and past it zeros or an earlier step's bytes), so
/// the UTF-8 check, made over whole steps of sixteen bytes and at least
/// 64 (no byte-by-byte tail), never fails: it is the safe way to a `&str`.
#[inline(always)]
fn append_block(out: &mut String, buf: &[u8], j: usize) {
    let checked = core::str::from_utf8(&buf[..((j + 15) & !15).max(64)]);
    debug_assert!(checked.is_ok());
    if let Ok(text) = checked {
        out.push_str(&text[..j]);
    }
}

/// What a byte is written as, four bytes to write at once (zeros after it):
/// its triplet at `b`, itself at `256 + b`.
const WORDS: [[u8; 4]; 512] = {
    let mut t = [[0u8; 4]; 512];
    let mut b = 0;
    while b < 256 {
        t[b] = TRIPLET_WORDS[b];
        t[256 + b] = [b as u8, 0, 0, 0];
        b += 1;
    }
    t
};

/// [`WORDS`] for a set that writes a space as `+`.
const WORDS_PLUS: [[u8; 4]; 512] = {
    let mut t = WORDS;
    t[256 + b' ' as usize] = [b'+', 0, 0, 0];
    t
};

/// The most an encoding can need when bytes from `first` on may change:
/// each becomes at most three. Reserving it once avoids regrowing.
#[inline]
fn capacity(len: usize, first: usize) -> usize {
    first + 3 * (len - first)
}

/// The offset of the first byte that must change, or `input.len()`.
#[inline]
fn first_to_encode(input: &[u8], set: &EncodeSet) -> usize {
    let mut i = set.first_not_kept(input, 0);
    // A triplet kept whole, and what follows it.
    while set.preserves_triplets() && is_triplet(input, i) {
        i = set.first_not_kept(input, i + 3);
    }
    i
}

/// Writes `input` encoded to `out`, knowing `input[..first]` is kept as is.
/// `push_run(out, start, end)` appends the kept bytes `input[start..end]`:
/// a slice of the `str` when there is one, else checked ASCII.
#[inline]
fn write_from(
    input: &[u8],
    first: usize,
    set: &EncodeSet,
    out: &mut String,
    push_run: impl Fn(&mut String, usize, usize),
) {
    if first > 0 {
        push_run(out, 0, first);
    }
    let mut i = first;
    let mut run_start = i;
    while i < input.len() {
        let b = input[i];
        if set.keeps(b) {
            i += 1;
            continue;
        }
        if b == b'%' && set.preserves_triplets() && is_triplet(input, i) {
            i += 3;
            continue;
        }
        if run_start < i {
            push_run(out, run_start, i);
        }
        if b == b' ' && set.writes_space_as_plus() {
            out.push('+');
        } else {
            out.push_str(triplet(b));
        }
        i += 1;
        run_start = i;
    }
    if run_start < input.len() {
        push_run(out, run_start, input.len());
    }
}

/// Appends bytes known to be ASCII (kept bytes, or whole triplets) from a
/// byte input, which has no `str` to slice.
#[inline]
fn push_ascii(out: &mut String, run: &[u8]) {
    // Every byte in a run is a kept byte (never >= 0x80) or part of a `%XX`
    // triplet, so this never fails; the check is one fast pass.
    out.push_str(core::str::from_utf8(run).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_through_every_set() {
        for (_, set) in EncodeSet::PREDEFINED {
            for b in 0..=255u8 {
                let mut out = String::new();
                encode_bytes_into(&[b], &set, &mut out);
                let expected = if set.keeps(b) {
                    alloc::format!("{}", char::from(b))
                } else if b == b' ' && set.writes_space_as_plus() {
                    "+".into()
                } else {
                    alloc::format!("%{b:02X}")
                };
                assert_eq!(out, expected, "byte {b:#04x} in {set:?}");
                assert!(b < 0x80 || !set.keeps(b));
                assert!(!set.keeps(b'%'));
            }
        }
    }

    /// Encoding one byte at a time, as §2.1 describes it: the model.
    fn model(input: &[u8], set: &EncodeSet) -> String {
        let mut out = String::new();
        let mut i = 0;
        while i < input.len() {
            let b = input[i];
            if set.preserves_triplets() && is_triplet(input, i) {
                out.push_str(core::str::from_utf8(&input[i..i + 3]).unwrap_or_default());
                i += 3;
                continue;
            }
            if set.keeps(b) {
                out.push(char::from(b));
            } else if b == b' ' && set.writes_space_as_plus() {
                out.push('+');
            } else {
                out.push_str(&alloc::format!("%{b:02X}"));
            }
            i += 1;
        }
        out
    }

    #[test]
    fn agrees_with_a_byte_loop_across_the_block_steps() {
        let sets = [
            // The step tables (`encode_by_words`).
            EncodeSet::UNRESERVED,
            EncodeSet::QUERY_COMPONENT,
            EncodeSet::FORM,
            // Steps by the set's bytes (`encode_by_step`), without and
            // with `+` for a space.
            EncodeSet::UNRESERVED.encoding(b'a'),
            EncodeSet::QUERY_COMPONENT.space_as_plus(),
            // Runs (`write_from`).
            EncodeSet::PATH.preserving_triplets(),
        ];
        // Fillers of kept bytes, and of bytes every set encodes (whole
        // blocks of triplets: the most a block writes).
        let fillers = ["ab", "\u{1}\u{2}"];
        for (len, filler) in (0..=140).flat_map(|len| fillers.map(|f| (len, f))) {
            let filler = String::from(&filler.repeat(len / 2 + 1)[..len]);
            for at in 0..=len {
                // `" %41"`: a kept triplet after the first byte to change.
                for item in ["é", " ", "/", "%41", " %41", "%", "€", "+"] {
                    let mut text = filler.clone();
                    text.insert_str(at, item);
                    // A second one further on, in another 64-byte block.
                    text.insert_str((at + 67).min(text.len()), "é ");
                    for set in &sets {
                        let expected = model(text.as_bytes(), set);
                        assert_eq!(encode(&text, set), expected, "{text:?} {set:?}");
                        assert_eq!(
                            encode_bytes_to_str(text.as_bytes(), set),
                            expected,
                            "{text:?} {set:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_step_word_is_what_the_byte_is_written_as_and_its_length() {
        for (name, set) in EncodeSet::PREDEFINED {
            let words = step_words(&set);
            for b in 0..=255u8 {
                let [a, c, d, len] = words[usize::from(b)].to_le_bytes();
                let written = model(&[b], &set);
                let len = usize::from(len);
                assert_eq!(len, written.len(), "{name} {b:#04x}");
                assert_eq!(&[a, c, d][..len], written.as_bytes(), "{name} {b:#04x}");
                assert!([a, c, d][len..].iter().all(|&z| z == 0), "{name} {b:#04x}");
            }
        }
    }

    #[test]
    fn borrowed_when_nothing_changes() {
        assert!(matches!(encode("", &EncodeSet::PATH), Cow::Borrowed("")));
        assert!(matches!(encode("a/b", &EncodeSet::PATH), Cow::Borrowed(_)));
        let set = EncodeSet::PATH.preserving_triplets();
        assert!(matches!(encode("a%2Fb", &set), Cow::Borrowed(_)));
        assert!(matches!(encode("a%2Fb", &EncodeSet::PATH), Cow::Owned(_)));
    }

    #[test]
    fn multibyte_characters_between_runs() {
        assert_eq!(encode("aéb€c", &EncodeSet::PATH), "a%C3%A9b%E2%82%ACc");
        assert_eq!(encode("é", &EncodeSet::PATH), "%C3%A9");
        assert_eq!(encode_bytes_to_str(b"\xC3", &EncodeSet::PATH), "%C3");
    }

    #[test]
    fn triplets_kept_only_when_valid() {
        let set = EncodeSet::QUERY.preserving_triplets();
        assert_eq!(encode("%41%4", &set), "%41%254");
        assert_eq!(encode("%zz%", &set), "%25zz%25");
        assert_eq!(encode("%e9", &set), "%e9");
    }
}
