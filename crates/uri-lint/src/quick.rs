//! The quick proof: one pass over the bytes of a plain `http`, `https` or
//! `file` URL that shows [`Lint::check`](crate::Lint::check) finds
//! nothing in it, with no parse.
//!
//! Most URLs a program meets are plain: `http`, `https` or `file` in lower
//! case, `//`,
//! a DNS name, and a path, query and fragment of unreserved characters,
//! sub-delimiters and `/`. For them the full check's answer (no finding)
//! follows from the bytes alone, and [`clean`] reads them with
//! uri-encode's scanner, sixteen or thirty-two bytes a step: each byte
//! about once (a scan's last step may read past where it stops, and a
//! mask pass reads a host, and for a web host the bytes after it up to
//! 32 from its start, again for its dots and hyphens). Anything else (a userinfo, a port, a `%`, a `:` after the
//! scheme's, an IP address, a name that ends in a number or has a label
//! with `--`, a host over 63 bytes, a `file` query) is `false`, and
//! `check` takes its usual path.

use uri_encode::grammar::{ALPHA, CharClass, DIGIT, PATH, QUERY, Scanner, UNRESERVED};

use crate::lint::MAX_LENGTH;

/// A host's bytes as [`clean`] wants them: letters, digits, `-` and `.`.
const HOST: Scanner = Scanner::new(&ALPHA.union(DIGIT).union(CharClass::new(b"-.")));

/// A label's letters and digits, to find a host's dots and hyphens.
const LETTERS_DIGITS: Scanner = Scanner::new(&ALPHA.union(DIGIT));

/// The bytes of most paths: `unreserved` and `/` (four runs, the letters
/// counted as one, against eight of [`WEB_PATH`] and [`FILE_PATH`]). A
/// path is scanned with it first, and with the whole class from the first
/// byte outside it; a web URL's host and path are scanned together, the
/// first `/` ending the host, as uri-core's parser reads them.
const PATH_COMMON: Scanner = Scanner::new(&UNRESERVED.with(b'/'));

/// A web path's bytes: RFC 3986 §3.3 `pchar` and `/`, less `:` (which
/// could start uri-core's password rule) and `%` (not in the class:
/// `pct-encoded` is left to the full check).
const WEB_PATH: Scanner = Scanner::new(&PATH.without(b':'));

/// A web query's or fragment's bytes (§3.4, §3.5), less `:`.
const WEB_QUERY: Scanner = Scanner::new(&QUERY.without(b':'));

/// A file path's bytes: [`WEB_PATH`]'s, less `@` (the fast path's look
/// for a password sends a URI with an empty host and an `@` after it the
/// full way, and the quick proof stays inside the fast path).
const FILE_PATH: Scanner = Scanner::new(&PATH.without(b':').without(b'@'));

/// A file fragment's bytes: [`WEB_QUERY`]'s, less `@`.
const FILE_FRAGMENT: Scanner = Scanner::new(&QUERY.without(b':').without(b'@'));

/// Whether `input` is a plain web or file URL in which
/// [`Lint::check`](crate::Lint::check), with the pre-scan on, finds
/// nothing; `false` says nothing. The input is, byte for byte:
///
/// - `http://`, `https://` or `file://`, in lower case (RFC 3986 §3.1,
///   §3.2; no tab, newline, space or `\` for WHATWG to remove or read as
///   a slash);
/// - a host (§3.2.2) that is a DNS name of 1 to 63 bytes (for `file`, 3
///   to 63, or empty): labels of letters, digits and `-`, none empty and
///   none starting or ending with `-`, no label holding `--` (so no
///   `xn--` label, which the look-alike lint reads), and a last label
///   that starts with a letter (so that neither reading takes it for an
///   IPv4 address or a number: WHATWG's "ends in a number", URL Standard
///   §3.5). No `@` before it (no userinfo) and no `:` after it (no
///   port); a `file` host of one or two bytes is left out, since the
///   pre-scan sends it to the WHATWG reading (with a `:` or `|` after it,
///   it would be a drive letter);
/// - a path (§3.3) of `pchar` and `/` without `%` or `:`; for `file`,
///   one that starts with `/` and has no `@` and no empty segment (`//`),
///   so no drive letter and nothing WHATWG reads otherwise;
/// - for web schemes, a query (§3.4) of the same bytes and `?`; `file`
///   has none (RFC 8089 §2);
/// - a fragment (§3.5) of the query's bytes (for `file`, without `@`);
///
/// and at most [`MAX_LENGTH`] bytes long.
///
/// Then urikit parses it as an absolute URI with that host and no
/// userinfo or port; uri-schemes proves it keeps its scheme's rules
/// (`Registry::proves_clean`: `Clean::Web` or `Clean::File`, with no
/// `xn--` label, no number, no `:`, `|` or `//` in a file path); the
/// pre-scan sends it to no WHATWG reading; and no `:` follows the
/// scheme's, so uri-core's password rule finds nothing. That is the
/// check's own fast path; a test holds this function to it, and to the
/// full check, on generated and corpus inputs.
pub(crate) fn clean(input: &[u8]) -> bool {
    if input.len() > MAX_LENGTH {
        return false;
    }
    let (start, file) = if input.starts_with(b"https://") {
        (8, false)
    } else if input.starts_with(b"http://") {
        (7, false)
    } else if input.starts_with(b"file://") {
        (7, true)
    } else {
        return false;
    };
    if file {
        let end = HOST.first_outside(input, start);
        // `file:///p` or `file://host/p`, not `file://a/p` or `file://ab/p`.
        if matches!(end - start, 1..=2)
            || input.get(end) != Some(&b'/')
            || !dns_name(input, start, end, false)
        {
            return false;
        }
        let mut stop = PATH_COMMON.first_outside_or_repeat(input, end, b'/');
        if !matches!(input.get(stop), None | Some(b'/' | b'#')) {
            // Not a `//`: a byte the common class lacks, the scan goes on
            // from it with the whole class.
            stop = FILE_PATH.first_outside_or_repeat(input, stop, b'/');
        }
        match input.get(stop) {
            None => true,
            Some(b'#') => FILE_FRAGMENT.first_outside(input, stop + 1) == input.len(),
            Some(_) => false,
        }
    } else {
        // The host and most paths in one scan, the first `/` ending the
        // host (as uri-core's parser reads them).
        let (mut stop, end) = PATH_COMMON.first_outside_marking(input, start, b'/');
        if end == start || !dns_name(input, start, end, true) {
            return false;
        }
        if !matches!(input.get(stop), None | Some(b'?' | b'#')) {
            if end == stop {
                // A byte that ends no host (`:`, `@`, `%`, a sub-delim).
                return false;
            }
            stop = WEB_PATH.first_outside(input, stop);
        }
        if input.get(stop) == Some(&b'?') {
            stop = WEB_QUERY.first_outside(input, stop + 1);
        }
        match input.get(stop) {
            None => true,
            Some(b'#') => WEB_QUERY.first_outside(input, stop + 1) == input.len(),
            Some(_) => false,
        }
    }
}

/// Whether the bytes `start..end` of `input`, all `unreserved`
/// (RFC 3986 §2.3), are empty or a DNS name as [`clean`] wants it: up to
/// 63 bytes of letters, digits, `-` and `.`, no label empty or starting or
/// ending with `-`, no `--`, and a last label that starts with a letter.
/// One mask pass over the name (for a `web` host of up to 32 bytes, two
/// windows of sixteen; else `Scanner::masks` over its length), the few bytes
/// that are no letter, digit or dot looked at one by one.
#[inline(always)]
fn dns_name(input: &[u8], start: usize, end: usize, web: bool) -> bool {
    let len = end - start;
    if len == 0 {
        return true;
    }
    if len > 63 {
        return false;
    }
    // For a web host, two windows of sixteen for a name of up to 32
    // bytes, whatever its length: a branch on it would mispredict on a
    // third of web hosts (and costs about 15 % more time on the clean
    // lines of `web-1in4.txt`). Most file hosts are empty or short.
    let (outside, dots) = if web && len <= 32 {
        let (o1, d1) = LETTERS_DIGITS.masks(input, start, 16, b'.');
        let (o2, d2) = LETTERS_DIGITS.masks(input, start + 16, 16, b'.');
        let used = u64::MAX >> (64 - len);
        ((o1 | o2 << 16) & used, (d1 | d2 << 16) & used)
    } else {
        LETTERS_DIGITS.masks(input, start, len, b'.')
    };
    // The rest must be hyphens (not `_` or `~`).
    let hyphens = outside & !dots;
    let mut rest = hyphens;
    while rest != 0 {
        if input.get(start + rest.trailing_zeros() as usize) != Some(&b'-') {
            return false;
        }
        rest &= rest - 1;
    }
    // The first and last byte of every label: an empty label, or one
    // that starts or ends with `-`, puts a `.` or `-` there.
    let starts = 1 | dots << 1;
    let ends = 1 << (len - 1) | dots >> 1;
    if (starts | ends) & outside != 0 || hyphens & hyphens >> 1 != 0 {
        return false;
    }
    // The last label's first byte (after the last dot) is a letter.
    let last = if dots == 0 {
        0
    } else {
        64 - dots.leading_zeros() as usize
    };
    input.get(start + last).is_some_and(u8::is_ascii_alphabetic)
}
