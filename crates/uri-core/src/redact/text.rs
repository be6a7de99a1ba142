//! Finding passwords in text that may not parse: a line of a log, a
//! wrapped or prefixed URL, several URLs on one line, a URL cut short.
//!
//! RFC 3986 §3.2.1: "Applications should not render as clear text any data
//! after the first colon (":") character found within a userinfo
//! subcomponent unless the data after the colon is the empty string." A
//! parser finds the userinfo of a valid reference; this module finds what
//! a reader (a person, the WHATWG URL parser, a lenient client) could take
//! for one in any text, and errs on the side of hiding. The rule, step by
//! step, is in the docs of [`password_spans`](crate::password_spans).

use alloc::vec::Vec;
use core::ops::Range;

/// What a character at some offset stands for, look-alikes included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// `:`, U+FF1A FULLWIDTH COLON, U+FE55 SMALL COLON.
    Colon,
    /// `/`, `\`, U+FF0F FULLWIDTH SOLIDUS, U+FF3C FULLWIDTH REVERSE
    /// SOLIDUS, U+FE68 SMALL REVERSE SOLIDUS.
    Slash,
    /// `@`, U+FF20 FULLWIDTH COMMERCIAL AT, U+FE6B SMALL COMMERCIAL AT.
    At,
    /// Anything else.
    Other,
}

/// The mark of the character at `text[i]` and its length in bytes (1 for
/// [`Mark::Other`], whatever the character's length: every mark starts
/// with an ASCII byte or 0xEF, never a continuation byte, so stepping byte
/// by byte finds each one).
fn mark(text: &[u8], i: usize) -> (Mark, usize) {
    match text[i] {
        b':' => (Mark::Colon, 1),
        b'/' | b'\\' => (Mark::Slash, 1),
        b'@' => (Mark::At, 1),
        0xEF => match (text.get(i + 1), text.get(i + 2)) {
            (Some(0xBC), Some(0x9A)) | (Some(0xB9), Some(0x95)) => (Mark::Colon, 3),
            (Some(0xBC), Some(0x8F | 0xBC)) | (Some(0xB9), Some(0xA8)) => (Mark::Slash, 3),
            (Some(0xBC), Some(0xA0)) | (Some(0xB9), Some(0xAB)) => (Mark::At, 3),
            _ => (Mark::Other, 1),
        },
        _ => (Mark::Other, 1),
    }
}

/// Whether a character at `text[i]` ends a clean authority: a slash or
/// its look-alike, `?`, `#`, or ASCII white space.
fn ends_authority(text: &[u8], i: usize) -> bool {
    matches!(text[i], b'?' | b'#') || text[i].is_ascii_whitespace() || is_slash(text, i)
}

fn is_slash(text: &[u8], i: usize) -> bool {
    mark(text, i).0 == Mark::Slash
}

fn is_at(text: &[u8], i: usize) -> bool {
    mark(text, i).0 == Mark::At
}

/// A `scheme` byte after the first (RFC 3986 §3.1).
fn is_scheme_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

/// Whether a URL may begin right after `b`: white space, or a byte that
/// wraps or separates values in logs, CSV, HTML and shell lines.
fn is_boundary(b: u8) -> bool {
    b.is_ascii_whitespace()
        || matches!(
            b,
            b'"' | b'\''
                | b'<'
                | b'>'
                | b'('
                | b')'
                | b'['
                | b']'
                | b'{'
                | b'}'
                | b','
                | b';'
                | b'='
                | b'|'
                | b'`'
        )
}

/// The schemes whose userinfo may follow their colon with no `//`: those
/// whose authority the WHATWG URL parser finds even so (`http:u:p@h` is
/// `http://u:p@h/` there), and SIP's, whose `userinfo` comes right after
/// `sip:` (RFC 3261 §19.1.1: `sip:alice:secretword@atlanta.com`).
const SPECIAL: [&[u8]; 8] = [
    b"http", b"https", b"ws", b"wss", b"ftp", b"file", b"sip", b"sips",
];

/// Every span of `text` that may hold a password, in order, not
/// overlapping. `prefix` says that `text` is the start of a longer text
/// (cut short): then a userinfo that has begun, with a `:`, and not ended
/// is hidden to the end.
pub(crate) fn spans(text: &[u8], prefix: bool) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut lo = 0;
    loop {
        let hi = next_url(text, lo + 1).unwrap_or(text.len());
        Segment::new(text, lo, hi, prefix && hi == text.len()).find(&mut out);
        if hi >= text.len() {
            return out;
        }
        lo = hi;
    }
}

/// The first offset at or after `from` where a new URL begins: a boundary
/// (or the start), then `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, then
/// `:/`. Passwords are looked for in the text between two such offsets, so
/// that a URL later on the line (`https://a/ https://u:p@b/`) is read on
/// its own. Linear: each byte is looked at once.
fn next_url(text: &[u8], from: usize) -> Option<usize> {
    let mut start = None;
    let mut i = from;
    while i < text.len() {
        let b = text[i];
        if is_scheme_byte(b) {
            let run_starts = i == 0 || !is_scheme_byte(text[i - 1]);
            if run_starts {
                let after_boundary = i == 0 || is_boundary(text[i - 1]);
                start = (b.is_ascii_alphabetic() && after_boundary).then_some(i);
            }
        } else {
            if b == b':' && text.get(i + 1) == Some(&b'/') {
                if let Some(s) = start {
                    return Some(s);
                }
            }
            start = None;
        }
        i += 1;
    }
    None
}

/// The text of one URL, or of what comes before the first: `text[lo..hi]`.
struct Segment<'a> {
    text: &'a [u8],
    lo: usize,
    hi: usize,
    prefix: bool,
    /// Where the search for the next authority goes on.
    next: usize,
    /// The first `:` or authority end at or after some offset.
    colon: Forward,
    /// The first authority end at or after some offset.
    end: Forward,
    /// The first `@` at or after some offset.
    at: Forward,
    /// The first white space at or after some offset.
    space: Forward,
    /// The last `@` before an authority end.
    at_before_end: Backward,
    /// The last `@` before white space.
    at_before_space: Backward,
}

impl<'a> Segment<'a> {
    fn new(text: &'a [u8], lo: usize, hi: usize, prefix: bool) -> Self {
        Segment {
            text,
            lo,
            hi,
            prefix,
            next: lo,
            colon: Forward::new(),
            end: Forward::new(),
            at: Forward::new(),
            space: Forward::new(),
            at_before_end: Backward::new(lo),
            at_before_space: Backward::new(lo),
        }
    }

    /// Pushes the password spans of the segment onto `out`.
    fn find(mut self, out: &mut Vec<Range<usize>>) {
        let mut hidden_to = self.lo;
        while let Some(start) = self.next_authority() {
            if start < hidden_to {
                continue;
            }
            if let Some(span) = self.password(start).filter(|s| !s.is_empty()) {
                hidden_to = span.end;
                out.push(span);
            }
        }
    }

    /// The offset after the next authority opener: a run of two or more
    /// slashes, or of one after a colon (`http:/u:p@h`, `http:\\u:p@h`),
    /// look-alikes included; or the colon after a special scheme that no
    /// slash follows (`http:u:p@h`).
    fn next_authority(&mut self) -> Option<usize> {
        let text = self.text;
        while self.next < self.hi {
            let i = self.next;
            match mark(text, i) {
                (Mark::Slash, len) => {
                    let after_colon = self.colon_ends_at(i);
                    let mut end = i + len;
                    let mut run = 1;
                    while end < self.hi && is_slash(text, end) {
                        end += mark(text, end).1;
                        run += 1;
                    }
                    self.next = end;
                    if run >= 2 || after_colon {
                        return Some(end);
                    }
                }
                (Mark::Colon, len) => {
                    self.next = i + len;
                    let slash_follows = i + len < self.hi && is_slash(text, i + len);
                    if !slash_follows && self.special_scheme_ends_at(i) {
                        return Some(i + len);
                    }
                }
                _ => self.next = i + 1,
            }
        }
        None
    }

    /// Whether a colon (or look-alike) ends right before `i`.
    fn colon_ends_at(&self, i: usize) -> bool {
        let text = self.text;
        (i > self.lo && text[i - 1] == b':')
            || (i >= self.lo + 3 && mark(text, i - 3) == (Mark::Colon, 3))
    }

    /// Whether `text[..colon]` ends with a special scheme that begins the
    /// segment or follows a boundary.
    fn special_scheme_ends_at(&self, colon: usize) -> bool {
        SPECIAL.iter().any(|name| {
            colon >= self.lo + name.len() && {
                let start = colon - name.len();
                self.text[start..colon].eq_ignore_ascii_case(name)
                    && (start == self.lo || is_boundary(self.text[start - 1]))
            }
        })
    }

    /// The password of the authority that begins at `start`, if it may
    /// hold one.
    fn password(&mut self, start: usize) -> Option<Range<usize>> {
        let (text, hi) = (self.text, self.hi);
        // The first `:` of the userinfo, before anything that ends an
        // authority.
        let colon = self.colon.first(start, hi, |i| {
            mark(text, i).0 == Mark::Colon || ends_authority(text, i)
        })?;
        if mark(text, colon).0 != Mark::Colon {
            return None;
        }
        let secret = colon + mark(text, colon).1;
        // `host:80/…` is a port, not a password.
        let digits = text[secret..hi]
            .iter()
            .position(|b| !b.is_ascii_digit())
            .map(|n| secret + n);
        if digits.is_some_and(|d| ends_authority(text, d)) {
            return None;
        }
        let end = self
            .end
            .first(secret, hi, |i| ends_authority(text, i))
            .unwrap_or(hi);
        // A clean authority: the last `@` before its end.
        if let Some(at) = self.at_before_end.last(text, end).filter(|&at| at > colon) {
            return Some(secret..at);
        }
        // An IP literal opens the authority: a userinfo cannot follow.
        if text[start] == b'[' {
            return None;
        }
        // A password holding a `/`, `?`, `#` or space: up to the last `@`
        // of the word that holds the first `@` after it.
        match self.at.first(end, hi, |i| is_at(text, i)) {
            Some(first_at) => {
                let word_end = self
                    .space
                    .first(first_at, hi, |i| text[i].is_ascii_whitespace())
                    .unwrap_or(hi);
                let at = self.at_before_space.last(text, word_end)?;
                Some(secret..at)
            }
            None if self.prefix => Some(secret..hi),
            None => None,
        }
    }
}

/// Answers "the first offset at or after `x`, before `hi`, where `pred`
/// holds" for queries whose `x` never decreases, in linear time over all
/// queries: an answer stays right until `x` passes it.
struct Forward {
    /// The `x` of the last query, and its answer.
    last: Option<(usize, Option<usize>)>,
}

impl Forward {
    fn new() -> Self {
        Forward { last: None }
    }

    fn first(&mut self, x: usize, hi: usize, pred: impl Fn(usize) -> bool) -> Option<usize> {
        if let Some((from, found)) = self.last {
            debug_assert!(x >= from, "queries must not go back");
            match found {
                Some(f) if f >= x => return Some(f),
                None => return None,
                _ => {}
            }
        }
        let found = (x..hi).find(|&i| pred(i));
        self.last = Some((x, found));
        found
    }
}

/// Answers "the last `@` (or look-alike) that starts before `x`" for
/// queries whose `x` never decreases, scanning each byte once.
struct Backward {
    scanned_to: usize,
    last: Option<usize>,
}

impl Backward {
    fn new(lo: usize) -> Self {
        Backward {
            scanned_to: lo,
            last: None,
        }
    }

    fn last(&mut self, text: &[u8], x: usize) -> Option<usize> {
        while self.scanned_to < x {
            if is_at(text, self.scanned_to) {
                self.last = Some(self.scanned_to);
            }
            self.scanned_to += 1;
        }
        self.last
    }
}
