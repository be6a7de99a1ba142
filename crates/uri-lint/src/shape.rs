//! Where WHATWG URL's parser would find the parts of a string, with byte
//! offsets into the string as written: for the index of each finding,
//! and for the pre-scan. One pass, no allocation beyond the offsets of
//! the bytes kept.
//!
//! It follows the WHATWG URL Standard §4.4 (basic URL parser) far enough
//! to place things: leading and trailing C0 controls and spaces stripped,
//! tabs and newlines skipped, the scheme, the run of `/` and `\` after
//! it, the authority (up to `/`, `?`, `#`, or `\` in a special URL), its
//! last `@`, the host and the port. It decides nothing: the `url` crate
//! does the parsing.

use std::ops::Range;

use crate::reading::is_special;

/// The parts of a string as WHATWG would find them; offsets into the
/// string as written.
#[derive(Debug, Clone, Default)]
pub(crate) struct Shape {
    /// The first tab, line feed or carriage return between the stripped
    /// edges.
    pub(crate) tab_newline: Option<usize>,
    /// The first C0 control or space stripped from either edge.
    pub(crate) edge: Option<usize>,
    /// The scheme, as WHATWG reads it (tabs and newlines skipped), lower
    /// case, and its span; the `:` is at `scheme_span.end`.
    pub(crate) scheme: Option<String>,
    pub(crate) scheme_span: Range<usize>,
    /// Whether the scheme (or, for a reference with none, the base's) is
    /// special.
    pub(crate) special: bool,
    /// The run of `/` (and `\`, in a special URL) after the scheme's `:`
    /// (or at the start of a reference without one), as written.
    pub(crate) slashes: Range<usize>,
    /// How many `/` and `\` the run holds, and whether it holds a `\`.
    pub(crate) slash_count: usize,
    pub(crate) slash_has_backslash: bool,
    /// The authority, when WHATWG reads one.
    pub(crate) authority: Option<Range<usize>>,
    /// The last `@` of the authority, and how many there are.
    pub(crate) at: Option<usize>,
    pub(crate) at_count: usize,
    /// The first `:` of the userinfo (before the last `@`).
    pub(crate) userinfo_colon: Option<usize>,
    /// The host, and the port's digits after its `:`.
    pub(crate) host: Range<usize>,
    pub(crate) port: Option<Range<usize>>,
    /// The first `\` before the query or fragment, in a special URL.
    pub(crate) backslash: Option<usize>,
    /// Where the path starts.
    pub(crate) path_start: usize,
}

impl Shape {
    /// The shape of `input`; `base_special` says whether a reference with
    /// no scheme is read against a special base.
    pub(crate) fn of(input: &str, base_special: bool) -> Shape {
        let bytes = input.as_bytes();
        let mut shape = Shape::default();
        // Leading and trailing C0 control or space.
        let mut start = 0;
        while start < bytes.len() && bytes[start] <= b' ' {
            start += 1;
        }
        let mut end = bytes.len();
        while end > start && bytes[end - 1] <= b' ' {
            end -= 1;
        }
        if start > 0 {
            shape.edge = Some(0);
        } else if end < bytes.len() {
            shape.edge = Some(end);
        }
        // The offsets of the bytes WHATWG keeps.
        let kept: Vec<usize> = (start..end)
            .filter(|&i| !matches!(bytes[i], b'\t' | b'\n' | b'\r'))
            .collect();
        shape.tab_newline = (start..end).find(|&i| matches!(bytes[i], b'\t' | b'\n' | b'\r'));
        let at = |k: usize| bytes[kept[k]];
        let offset = |k: usize| kept.get(k).copied().unwrap_or(end);
        // The scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":".
        let mut k = 0;
        if !kept.is_empty() && at(0).is_ascii_alphabetic() {
            let mut j = 1;
            while j < kept.len()
                && (at(j).is_ascii_alphanumeric() || matches!(at(j), b'+' | b'-' | b'.'))
            {
                j += 1;
            }
            if j < kept.len() && at(j) == b':' {
                let scheme: String = (0..j)
                    .map(|i| char::from(at(i).to_ascii_lowercase()))
                    .collect();
                shape.scheme_span = offset(0)..offset(j);
                shape.special = is_special(&scheme);
                shape.scheme = Some(scheme);
                k = j + 1;
            }
        }
        if shape.scheme.is_none() {
            shape.special = base_special;
        }
        let special = shape.special;
        let is_slash = |b: u8| b == b'/' || (special && b == b'\\');
        // The run of slashes.
        let run_start = k;
        while k < kept.len() && is_slash(at(k)) {
            shape.slash_count += 1;
            shape.slash_has_backslash |= at(k) == b'\\';
            k += 1;
        }
        shape.slashes = offset(run_start)..offset(k);
        let file = shape.scheme.as_deref() == Some("file");
        let has_authority = match (&shape.scheme, special) {
            // A special URL other than file reads a host after any run.
            (Some(_), true) if !file => true,
            _ => shape.slash_count >= 2,
        };
        if !has_authority {
            shape.host = offset(k)..offset(k);
            shape.path_start = offset(run_start);
            shape.backslash = first_backslash(bytes, &kept, run_start, special);
            return shape;
        }
        // The authority: up to `/`, `?`, `#`, or `\` when special.
        let auth_start = k;
        let mut j = k;
        let mut last_at = None;
        while j < kept.len() && !(is_slash(at(j)) || matches!(at(j), b'?' | b'#')) {
            if at(j) == b'@' {
                last_at = Some(j);
                shape.at_count += 1;
            }
            j += 1;
        }
        shape.authority = Some(offset(auth_start)..offset(j));
        shape.at = last_at.map(offset);
        let host_start = last_at.map_or(auth_start, |a| a + 1);
        if let Some(a) = last_at {
            shape.userinfo_colon = (auth_start..a).find(|&i| at(i) == b':').map(offset);
        }
        // The port: after the last `:` outside brackets.
        let mut in_brackets = false;
        let mut colon = None;
        for i in host_start..j {
            match at(i) {
                b'[' => in_brackets = true,
                b']' => in_brackets = false,
                b':' if !in_brackets => {
                    colon = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let host_end = colon.unwrap_or(j);
        shape.host = offset(host_start)..offset(host_end);
        shape.port = colon.map(|c| offset(c + 1)..offset(j));
        shape.path_start = offset(j);
        shape.backslash = first_backslash(bytes, &kept, run_start, special);
        shape
    }

    /// The host's text as written (with any tabs and newlines in it).
    pub(crate) fn host_text<'a>(&self, input: &'a str) -> &'a str {
        input.get(self.host.clone()).unwrap_or("")
    }
}

/// The first `\` from `from` (an index into `kept`) up to the query or
/// fragment, in a special URL.
fn first_backslash(bytes: &[u8], kept: &[usize], from: usize, special: bool) -> Option<usize> {
    if !special {
        return None;
    }
    kept[from.min(kept.len())..]
        .iter()
        .copied()
        .take_while(|&i| !matches!(bytes[i], b'?' | b'#'))
        .find(|&i| bytes[i] == b'\\')
}

/// Whether WHATWG's "ends in a number" checker (URL §3.5) holds for a
/// host: its last label (a single trailing empty label dropped) is all
/// ASCII digits, or `0x` or `0X` followed by hex digits.
pub(crate) fn ends_in_number(host: &str) -> bool {
    let host = host
        .strip_suffix('.')
        .filter(|h| !h.is_empty())
        .unwrap_or(host);
    let last = host.rsplit('.').next().unwrap_or("");
    if last.is_empty() {
        return false;
    }
    if last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    last.strip_prefix("0x")
        .or_else(|| last.strip_prefix("0X"))
        .is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn host(input: &str, expected: &str) {
        let s = Shape::of(input, true);
        assert_eq!(s.host_text(input), expected, "input: {input:?}");
    }

    #[test]
    fn hosts() {
        host("http://a\\b@c/", "a");
        host("http://a@b@c/", "c");
        host("http:\\\\h\\x", "h");
        host("https:///h", "h");
        host("http://[::1]:80/", "[::1]");
        host(" http://h:8/", "h");
        host("ht\ttp://h/", "h");
        host("foo://a@b/", "b");
        host("//h/", "h");
        host("/\\h/", "h");
    }

    #[test]
    fn numbers() {
        assert!(ends_in_number("127.1"));
        assert!(ends_in_number("0x7f.1"));
        assert!(ends_in_number("127.0.0.1."));
        assert!(ends_in_number("a.0x"));
        assert!(!ends_in_number("example.com"));
        assert!(!ends_in_number("1.2.3.0xg"));
        assert!(!ends_in_number(""));
    }

    #[test]
    fn edges_and_tabs() {
        let s = Shape::of(" http://a/\t", true);
        assert_eq!(s.edge, Some(0));
        let s = Shape::of("http://a/\t", true);
        assert_eq!(s.edge, Some(9));
        let s = Shape::of("ht\ttp://a/", true);
        assert_eq!(
            (s.tab_newline, s.scheme.as_deref()),
            (Some(2), Some("http"))
        );
    }
}
