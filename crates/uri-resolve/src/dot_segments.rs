//! `remove_dot_segments` (RFC 3986 §5.2.4), in linear time.

use alloc::string::String;
use uri_encode::grammar::{CharClass, Scanner};

use crate::out::Text;

/// Appends `path` with its `.` and `..` segments removed to `out`, as the
/// algorithm of RFC 3986 §5.2.4 does:
///
/// ```text
/// A. If the input begins with "../" or "./", remove that prefix.
/// B. If it begins with "/./" or is "/.", replace that with "/".
/// C. If it begins with "/../" or is "/..", replace that with "/" and
///    remove the last segment and its preceding "/" (if any) from the output.
/// D. If it is "." or "..", remove it.
/// E. Otherwise move the first segment (with its initial "/", if any, up to
///    the next "/") to the output.
/// ```
///
/// The input is read with a cursor, never rewritten, and each removal from
/// the output takes back only what was written, so the whole is linear in
/// `path.len()` (a million `/..` or a million `a/` alike). Only the part of
/// `out` written by this call is ever removed.
///
/// # Examples
///
/// ```
/// use uri_resolve::remove_dot_segments;
///
/// let mut out = String::new();
/// remove_dot_segments("/a/b/c/./../../g", &mut out);
/// assert_eq!(out, "/a/g");
///
/// out.clear();
/// remove_dot_segments("mid/content=5/../6", &mut out);
/// assert_eq!(out, "mid/6");
/// ```
pub fn remove_dot_segments(path: &str, out: &mut String) {
    remove_dot_segments_into(path, out);
}

/// [`remove_dot_segments`] into any [`Text`]: a `String` or a writer.
#[inline]
pub(crate) fn remove_dot_segments_into(path: &str, out: &mut impl Text) {
    if !may_have_dot_segments(path) {
        // No segment begins with `.`: every step is E, which copies.
        out.push_str(path);
        return;
    }
    let floor = out.as_str().len();
    run(path, 0, out, floor);
}

/// Every byte but `.`.
const NOT_DOT: Scanner = Scanner::new(&CharClass::range(0, 0xFF).without(b'.'));

/// `false` when no segment of `path` begins with `.`, so that it has no
/// dot segments (§5.2.4): each `.` is found sixteen bytes at a time and the
/// byte before it looked at, faster than splitting.
#[inline]
pub(crate) fn may_have_dot_segments(path: &str) -> bool {
    let b = path.as_bytes();
    // Each `.` (sixteen bytes at a time), and the byte before it.
    let mut i = 0;
    loop {
        i = NOT_DOT.first_outside(b, i);
        match i.checked_sub(1).map(|before| b[before]) {
            _ if i >= b.len() => return false,
            None | Some(b'/') => return true,
            Some(_) => i += 1,
        }
    }
}

#[cfg(test)]
#[test]
fn slash_dot_search_agrees_with_contains() {
    let alphabet = [b'/', b'.', b'a'];
    // Every string of up to 10 bytes over the alphabet, at every length
    // around the word size.
    for len in 0..=10usize {
        let total = 3usize.pow(len as u32);
        for mut n in 0..total {
            let mut v = alloc::vec::Vec::with_capacity(len);
            for _ in 0..len {
                v.push(alphabet[n % 3]);
                n /= 3;
            }
            let s = core::str::from_utf8(&v).unwrap_or_default();
            let expected = s.starts_with('.') || s.contains("/.");
            assert_eq!(may_have_dot_segments(s), expected, "{s:?}");
        }
    }
    let long = "/aaaaaaa/bbbbbbbb/ccccccc./d/.";
    assert!(may_have_dot_segments(long));
    assert!(!may_have_dot_segments("/aaaaaaaa/b.c/d.e/fffffff.g"));
}

/// `remove_dot_segments` of the merged path `dir + "/" + path` (§5.2.3),
/// where `dir` has no dot segments and is already in `out` after `floor`
/// (without its final `/`): the literal algorithm would have moved `dir`'s
/// segments to the output unchanged, so it goes on from the input
/// `"/" + path`, and may remove segments of `dir`. No copy of the merged
/// path is made.
pub(crate) fn remove_dot_segments_after_dir(path: &str, out: &mut impl Text, floor: usize) {
    if !may_have_dot_segments(path) {
        // Every step is E: "/" and the path are copied.
        out.push('/');
        out.push_str(path);
        return;
    }
    let b = path.as_bytes();
    // The first step sees "/" followed by `path`.
    let i = if b.starts_with(b"./") {
        1 // B: "/./" becomes "/", the rest of `path` from its "/"
    } else if b == b"." {
        out.push('/'); // B on "/."
        b.len()
    } else if b.starts_with(b"../") {
        pop_segment(out, floor); // C: "/../" becomes "/"
        2
    } else if b == b".." {
        pop_segment(out, floor); // C on "/.."
        out.push('/');
        b.len()
    } else {
        // E: "/" and the first segment of `path`.
        let end = b.iter().position(|&c| c == b'/').unwrap_or(b.len());
        out.push('/');
        out.push_str(&path[..end]);
        end
    };
    run(path, i, out, floor);
}

/// The loop of §5.2.4 over `path[i..]`, writing after `floor` in `out`.
fn run(path: &str, mut i: usize, out: &mut impl Text, floor: usize) {
    let b = path.as_bytes();
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"../") {
            i += 3; // A
        } else if rest.starts_with(b"./") {
            i += 2; // A
        } else if rest.starts_with(b"/./") {
            i += 2; // B: "/./" becomes "/"
        } else if rest == b"/." {
            out.push('/'); // B, then E moves the "/"
            i = b.len();
        } else if rest.starts_with(b"/../") {
            pop_segment(out, floor); // C: "/../" becomes "/"
            i += 3;
        } else if rest == b"/.." {
            pop_segment(out, floor); // C, then E moves the "/"
            out.push('/');
            i = b.len();
        } else if rest == b"." || rest == b".." {
            i = b.len(); // D
        } else {
            // E: the initial "/" if any, then up to the next "/".
            let start = i;
            i += usize::from(b[i] == b'/');
            i += b[i..]
                .iter()
                .position(|&c| c == b'/')
                .unwrap_or(b.len() - i);
            out.push_str(&path[start..i]);
        }
    }
}

/// Removes the last segment and its preceding `/` (if any) from what this
/// call wrote to `out` (everything after `floor`).
fn pop_segment(out: &mut impl Text, floor: usize) {
    let written = &out.as_str().as_bytes()[floor..];
    let cut = written.iter().rposition(|&c| c == b'/').unwrap_or(0);
    out.truncate(floor + cut);
}

/// Whether `path` has a segment that `remove_dot_segments` would change:
/// `.` or `..` as a complete segment.
///
/// # Examples
///
/// ```
/// use uri_resolve::has_dot_segments;
///
/// assert!(has_dot_segments("/a/./b"));
/// assert!(has_dot_segments(".."));
/// assert!(!has_dot_segments("/a/.b/c./..d"));
/// ```
pub fn has_dot_segments(path: &str) -> bool {
    may_have_dot_segments(path) && path.split('/').any(|s| s == "." || s == "..")
}

/// The offset in the path `text[start..start + len]` of its last `/`, when
/// the directory before it (§5.2.3: the base path "excluding any
/// characters after the right-most "/"") has no dot segment: what a merge
/// continues from. `None` when the path has no `/`, or its directory has
/// a `.` or `..` segment.
///
/// A path of up to 64 bytes is read in one [`Scanner::masks`] call (the
/// `.` and the `/` bytes, as bits), and its dot segments found with a few
/// word operations: no loop over its bytes, and none of their branches.
/// A longer one is searched byte by byte and split.
#[inline]
pub(crate) fn clean_directory_end(text: &str, start: usize, len: usize) -> Option<usize> {
    let path = text.get(start..start + len).unwrap_or_default();
    if len > 64 || path.len() != len {
        let k = path.bytes().rposition(|b| b == b'/')?;
        return (!has_dot_segments(&path[..k])).then_some(k);
    }
    let (dots, slashes) = NOT_DOT.masks(text.as_bytes(), start, len, b'/');
    if slashes == 0 {
        return None;
    }
    let k = 63 - slashes.leading_zeros() as usize;
    // Where segments begin (the path's start, and after each `/`); a `.`
    // there followed by a `/` is a `.` segment, followed by `.` and `/` a
    // `..` one. The `/` at `k` ends the directory's last segment.
    let starts = slashes << 1 | 1;
    let single = dots & starts & slashes >> 1;
    let double = dots & starts & dots >> 1 & slashes >> 2;
    let in_directory = (1u64 << k) - 1;
    ((single | double) & in_directory == 0).then_some(k)
}

#[cfg(test)]
#[test]
fn the_directory_end_agrees_with_a_search_and_a_split() {
    let alphabet = [b'/', b'.', b'a'];
    let expected = |path: &str| {
        let k = path.rfind('/')?;
        (!path[..k].split('/').any(|s| s == "." || s == "..")).then_some(k)
    };
    // Every path of up to 9 bytes over the alphabet, alone and inside a
    // longer text (windows read around it), and with a long run before it
    // (past 64 bytes, and at 64).
    for len in 0..=9usize {
        for mut n in 0..3usize.pow(len as u32) {
            let mut path = alloc::string::String::new();
            for _ in 0..len {
                path.push(char::from(alphabet[n % 3]));
                n /= 3;
            }
            for (before, after) in [("", ""), ("http://h", "?q#f-and-some-more-bytes")] {
                let text = alloc::format!("{before}{path}{after}");
                assert_eq!(
                    clean_directory_end(&text, before.len(), len),
                    expected(&path),
                    "{text:?}"
                );
            }
            for pad in [64 - len, 70] {
                let long = alloc::format!("/{}{path}", "b".repeat(pad.saturating_sub(1)));
                let text = alloc::format!("http://h{long}?q");
                assert_eq!(
                    clean_directory_end(&text, 8, long.len()),
                    expected(&long),
                    "{text:?}"
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A literal transcription of §5.2.4, moving text between two buffers:
    /// quadratic, but obviously the RFC's algorithm.
    fn literal(path: &str) -> String {
        let mut input = String::from(path);
        let mut output = String::new();
        while !input.is_empty() {
            if input.starts_with("../") {
                input.drain(..3);
            } else if input.starts_with("./") {
                input.drain(..2);
            } else if input.starts_with("/./") {
                input.replace_range(..3, "/");
            } else if input == "/." {
                input = "/".into();
            } else if input.starts_with("/../") || input == "/.." {
                let n = if input == "/.." { 3 } else { 4 };
                input.replace_range(..n, "/");
                let cut = output.rfind('/').unwrap_or(0);
                output.truncate(cut);
            } else if input == "." || input == ".." {
                input.clear();
            } else {
                let skip = usize::from(input.starts_with('/'));
                let end = input[skip..].find('/').map_or(input.len(), |k| k + skip);
                output.push_str(&input[..end]);
                input.drain(..end);
            }
        }
        output
    }

    fn ours(path: &str) -> String {
        let mut out = String::new();
        remove_dot_segments(path, &mut out);
        out
    }

    #[test]
    fn agrees_with_the_literal_algorithm_on_every_short_path() {
        // Every string of up to 7 symbols over an alphabet that makes every
        // rule fire.
        let alphabet = ["/", ".", "..", "a", "./", "../"];
        let mut paths = alloc::vec![String::new()];
        let mut frontier = paths.clone();
        for _ in 0..6 {
            let mut next = alloc::vec::Vec::new();
            for p in &frontier {
                for s in alphabet {
                    next.push(alloc::format!("{p}{s}"));
                }
            }
            paths.extend(next.iter().cloned());
            frontier = next;
        }
        for p in &paths {
            assert_eq!(ours(p), literal(p), "path {p:?}");
        }
    }

    #[test]
    fn rfc_examples_and_edges() {
        assert_eq!(ours("/a/b/c/./../../g"), "/a/g");
        assert_eq!(ours("mid/content=5/../6"), "mid/6");
        assert_eq!(ours("a/.."), "/");
        assert_eq!(ours("/.."), "/");
        assert_eq!(ours("/.//g"), "//g");
        assert_eq!(ours("../../"), "");
        assert_eq!(ours(""), "");
    }

    #[test]
    fn merging_after_a_directory_agrees_with_the_literal_algorithm() {
        for dir in ["", "/a", "/a/b", "a", "a/b"] {
            for path in [
                "g", "./g", "../g", "..", ".", "./", "../", "../..", "g/../h", ".//g", "", "/",
            ] {
                let mut out = String::from(dir);
                remove_dot_segments_after_dir(path, &mut out, 0);
                assert_eq!(
                    out,
                    literal(&alloc::format!("{dir}/{path}")),
                    "{dir} + {path}"
                );
            }
        }
    }

    #[test]
    fn only_what_it_wrote_is_removed() {
        let mut out = String::from("http://a");
        remove_dot_segments("/../../x", &mut out);
        assert_eq!(out, "http://a/x");
    }
}
