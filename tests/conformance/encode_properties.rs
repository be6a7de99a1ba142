//! Property tests of the percent codec, `urikit::encode`.
//!
//! - (a) Round trip: any bytes (invalid UTF-8 included) encoded with any set
//!   decode back, with `+` read as a space exactly for `FORM`; the encoding
//!   holds only kept bytes, upper-case triplets and (for `FORM`) `+`.
//! - (b) Encoding with `preserving_triplets()` is idempotent, leaves text
//!   already valid for the set unchanged, and decodes to what lossy decoding
//!   of its input gives.
//! - (c) `normalize` is idempotent and keeps what a string decodes to, on
//!   strings whose every `%` starts a triplet.
//! - (d) Every decoder, `validate`, `normalize`, `QueryPairs` and
//!   `decode_form` take any string without panicking (strings biased towards
//!   `%`, hex digits, `+`, `&`, `;`, `=` and encoded UTF-8).
//! - (e) A strict error points at a `%` not followed by two hex digits, the
//!   first one, and `validate` and `decode_utf8` report the same error; an
//!   `InvalidUtf8` error points at a char boundary of the input where the
//!   bad sequence starts.
//! - (f) Differential, against the `percent-encoding` crate: `decode` on
//!   strings with valid triplets, `decode_lossy` and `decode_utf8_lossy` on
//!   any string, and encoding with each set's equivalent `AsciiSet`.
//! - (g) Meaning preservation: an encoded result, put into a URI at the
//!   component it was encoded for, parses back as exactly that component
//!   (no delimiter leaks out of it) and decodes to the input bytes.
//! - (h) `QueryWriter` and `encode_form` round-trip through `QueryPairs` and
//!   `decode_form`.
//!
//! Two documented promises do not hold in every case; the tests showing
//! them were `#[ignore]`d and named `suspected_bug_*` until fixed (run them with
//! `cargo test -p urikit-tests -- --ignored`), and the properties above stay
//! within the cases where the promises hold.

use std::borrow::Cow;
use std::sync::LazyLock;

use percent_encoding::{
    AsciiSet, CONTROLS, percent_decode_str, percent_encode, utf8_percent_encode,
};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::TestCaseError;
use urikit::encode::{
    DecodeErrorKind, Decoder, EncodeSet, QueryPairs, QueryWriter, Separator, decode, decode_form,
    decode_lossy, decode_utf8_lossy, encode, encode_bytes_into, encode_bytes_to_str, encode_form,
    encode_into, normalize, validate,
};
use urikit::{RelativeRef, Uri, UriReference};
use urikit_tests::parsing::parts;
use urikit_tests::percent::{ENCODE_SETS, decoder_for, encode_set, is_triplet};

// ------------------------------------------------------------------ strategies

/// Pieces of strings to decode: `%` alone, hex digits, query delimiters,
/// triplets of UTF-8 lead and continuation bytes, and multi-byte characters.
const PIECES: &[&str] = &[
    "%", "%", "%", "%", "+", "+", "&", ";", "=", "0", "1", "4", "7", "9", "a", "A", "c", "C", "e",
    "E", "f", "F", "g", "z", " ", "/", "?", "#", "%C3", "%c3", "%A9", "%a9", "%E2", "%82", "%AC",
    "%F0", "%9F", "%98", "%80", "%BF", "%FF", "%20", "%2B", "%2b", "%25", "%7e", "%7E", "%41",
    "%2F", "%3d", "é", "€", "😀", "\u{0}",
];

/// Strings biased towards what decoders must handle.
fn messy() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            8 => select(PIECES).prop_map(str::to_owned),
            1 => any::<char>().prop_map(String::from),
        ],
        0..24,
    )
    .prop_map(|pieces| pieces.concat())
}

/// Strings in which every `%` starts a `pct-encoded` triplet.
fn valid_triplets() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            3 => "%[0-9A-Fa-f]{2}",
            3 => select(PIECES)
                .prop_filter("no lone %", |p| p.len() != 1 || *p != "%")
                .prop_map(str::to_owned),
            1 => any::<char>()
                .prop_filter("not %", |c| *c != '%')
                .prop_map(String::from),
        ],
        0..20,
    )
    .prop_map(|pieces| pieces.concat())
}

/// Arbitrary bytes, biased towards delimiters, `%`, `+`, space, hex digits
/// and bytes of multi-byte UTF-8.
fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            3 => any::<u8>(),
            2 => select(b"%+ &;=/?#:@[]~!$'()*,.".to_vec()),
            1 => select(b"0123456789abcdefABCDEF".to_vec()),
            1 => select(vec![0x80u8, 0xA9, 0xC3, 0xE2, 0xF0, 0xFF]),
        ],
        0..40,
    )
}

/// Text made only of what `set` writes: kept bytes, triplets, and `+` when
/// `plus` (for a set that writes a space as `+`); from arbitrary choices.
fn text_valid_for(set: &EncodeSet, choices: &[(u8, u8)], plus: bool) -> String {
    let kept: Vec<u8> = (0..=255u8).filter(|&b| set.keeps(b)).collect();
    let mut out = String::new();
    for &(kind, x) in choices {
        match kind % 8 {
            0 => out.push_str(&format!("%{x:02X}")),
            1 => out.push_str(&format!("%{x:02x}")),
            2 if plus => out.push('+'),
            _ => out.push(char::from(kept[usize::from(x) % kept.len()])),
        }
    }
    out
}

// ------------------------------------------------------------------ helpers

/// Fails the case with `msg`.
fn fail(msg: String) -> TestCaseError {
    TestCaseError::fail(msg)
}

/// The `percent-encoding` sets equivalent to [`ENCODE_SETS`]: each encodes
/// the complement of the set's kept bytes.
static ASCII_SETS: LazyLock<Vec<AsciiSet>> = LazyLock::new(|| {
    ENCODE_SETS
        .iter()
        .map(|(_, set)| {
            (0..0x80u8)
                .filter(|&b| !set.keeps(b))
                .fold(CONTROLS.add(b'%'), |acc, b| acc.add(b))
        })
        .collect()
});

/// What the `percent-encoding` crate gives for `bytes` with the set at
/// `index` of [`ENCODE_SETS`]; it has no space-as-plus, so that is applied
/// after (every `%20` it writes is an encoded space).
fn other_encoding(index: usize, bytes: &[u8]) -> String {
    let out = percent_encode(bytes, &ASCII_SETS[index]).to_string();
    if ENCODE_SETS[index].1.writes_space_as_plus() {
        out.replace("%20", "+")
    } else {
        out
    }
}

/// Checks that `enc`, the encoding of `b` with `set`, is well formed; its
/// triplets are upper case unless `set` preserves triplets (which copies
/// those of its input as they are).
fn check_encoding(name: &str, set: &EncodeSet, b: &[u8], enc: &str) -> Result<(), String> {
    let e = enc.as_bytes();
    let mut i = 0;
    let mut decoded = 0;
    while i < e.len() {
        if set.keeps(e[i]) {
            i += 1;
        } else if e[i] == b'+' && set.writes_space_as_plus() {
            if b.get(decoded) != Some(&b' ') {
                return Err(format!("{name}: `+` at {i} of {enc:?} is not a space"));
            }
            i += 1;
        } else if is_triplet(e, i) {
            if !set.preserves_triplets() && e[i + 1..i + 3].iter().any(u8::is_ascii_lowercase) {
                return Err(format!("{name}: lower-case triplet at {i} of {enc:?}"));
            }
            i += 3;
        } else {
            return Err(format!(
                "{name}: byte {:#04x} at {i} of {enc:?} is neither kept nor a triplet",
                e[i]
            ));
        }
        decoded += 1;
    }
    if decoded != b.len() {
        return Err(format!(
            "{name}: {enc:?} has {decoded} units for {} bytes",
            b.len()
        ));
    }
    Ok(())
}

// ------------------------------------------------------------------ (a) round trip

/// (a) for one input, every set.
fn check_round_trip(b: &[u8]) -> Result<(), TestCaseError> {
    for (index, (name, set)) in ENCODE_SETS.iter().enumerate() {
        let enc = encode_bytes_to_str(b, set);
        check_encoding(name, set, b, &enc).map_err(fail)?;
        let back = decoder_for(set).decode(&enc);
        prop_assert!(
            matches!(&back, Ok(d) if d.as_ref() == b),
            "{name}: {enc:?} decodes to {back:?}"
        );
        let lossy = decoder_for(set).decode_lossy(&enc);
        prop_assert_eq!(lossy.as_ref(), b, "{}", name);
        prop_assert!(validate(&enc).is_ok(), "{name}: {enc:?} does not validate");
        let all_kept = b.iter().all(|&x| set.keeps(x));
        prop_assert_eq!(
            matches!(enc, Cow::Borrowed(_)),
            all_kept,
            "{}: borrowed exactly when every byte is kept",
            name
        );
        let mut out = String::from("x");
        encode_bytes_into(b, set, &mut out);
        prop_assert_eq!(&out[1..], &*enc, "{}: encode_bytes_into", name);
        if let Ok(text) = std::str::from_utf8(b) {
            prop_assert_eq!(encode(text, set), enc.clone(), "{}: encode", name);
            let mut out = String::from("x");
            encode_into(text, set, &mut out);
            prop_assert_eq!(&out[1..], &*enc, "{}: encode_into", name);
            let back = decoder_for(set).decode_utf8(&enc);
            prop_assert!(
                matches!(&back, Ok(t) if t == text),
                "{name}: decode_utf8 gave {back:?}"
            );
        }
        // (f) the other codec, with the set's complement, agrees.
        prop_assert_eq!(
            other_encoding(index, b),
            &*enc,
            "{}: percent-encoding differs",
            name
        );
        // (b) an encoding is valid text for its set: preserving its triplets
        // leaves it as it is (not for FORM: see suspected_bug_form_*).
        if !set.writes_space_as_plus() {
            let again = encode(&enc, &set.preserving_triplets());
            prop_assert!(
                matches!(again, Cow::Borrowed(t) if t == enc),
                "{name}: re-encoding {enc:?} preserving triplets gave {again:?}"
            );
        }
    }
    Ok(())
}

// ------------------------------------------------------------------ (b) preserving triplets

/// (b) on any string, every set.
fn check_preserving(s: &str) -> Result<(), TestCaseError> {
    for (name, set) in ENCODE_SETS {
        let p = set.preserving_triplets();
        prop_assert!(p.preserves_triplets());
        let once = encode(s, &p);
        check_encoding(name, &p, &decoder_for(&set).decode_lossy(&once), &once).map_err(fail)?;
        prop_assert!(
            validate(&once).is_ok(),
            "{name}: {once:?} does not validate"
        );
        // Triplets stand for their byte, everything else for itself.
        let back = decoder_for(&set).decode(&once);
        prop_assert!(
            matches!(&back, Ok(d) if *d == decode_lossy(s)),
            "{name}: {once:?} decodes to {back:?}, lossy decoding of the input gives {:?}",
            decode_lossy(s)
        );
        if !set.writes_space_as_plus() {
            let twice = encode(&once, &p);
            prop_assert!(
                matches!(twice, Cow::Borrowed(t) if t == once),
                "{name}: not idempotent: {s:?} -> {once:?} -> {twice:?}"
            );
        }
    }
    Ok(())
}

// ------------------------------------------------------------------ (c) normalize

/// (c) on a string whose every `%` starts a triplet.
fn check_normalize(s: &str) -> Result<(), TestCaseError> {
    let n = normalize(s);
    let again = normalize(&n);
    prop_assert!(
        matches!(again, Cow::Borrowed(t) if t == n),
        "not idempotent: {s:?} -> {n:?} -> {again:?}"
    );
    prop_assert_eq!(
        decode(&n),
        decode(s),
        "decoding changed: {:?} -> {:?}",
        s,
        n
    );
    prop_assert!(validate(&n).is_ok());
    prop_assert!(n.len() <= s.len());
    // §6.2.2.1 and §6.2.2.2: no lower-case hex digit, no unreserved triplet left.
    let nb = n.as_bytes();
    for i in (0..nb.len()).filter(|&i| nb[i] == b'%') {
        let digits = &nb[i + 1..i + 3];
        prop_assert!(
            !digits.iter().any(u8::is_ascii_lowercase),
            "{n:?}: lower-case triplet at {i}"
        );
        let v = u8::from_str_radix(std::str::from_utf8(digits).unwrap_or("zz"), 16);
        prop_assert!(
            v.is_ok_and(|v| !(v.is_ascii_alphanumeric() || b"-._~".contains(&v))),
            "{n:?}: unreserved triplet at {i}"
        );
    }
    let sb = s.as_bytes();
    let changes = (0..sb.len()).any(|i| {
        is_triplet(sb, i)
            && (sb[i + 1..i + 3].iter().any(u8::is_ascii_lowercase) || {
                let v = u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap_or(b'%');
                v.is_ascii_alphanumeric() || b"-._~".contains(&v)
            })
    });
    prop_assert_eq!(
        matches!(n, Cow::Owned(_)),
        changes,
        "{:?}: owned exactly when something changes",
        s
    );
    Ok(())
}

// ------------------------------------------------------------------ (d) (e) decoders

/// (d) and (e) on any string, with `decoder`.
fn check_decoders(s: &str, decoder: Decoder) -> Result<(), TestCaseError> {
    let plus = decoder == Decoder::new().plus_as_space(true);
    let sb = s.as_bytes();
    let strict = decoder.decode(s);
    let lossy = decoder.decode_lossy(s);
    let checked = validate(s);
    match &strict {
        Ok(bytes) => {
            prop_assert!(checked.is_ok(), "decode accepted {s:?}, validate did not");
            prop_assert_eq!(bytes, &lossy);
            prop_assert!((0..sb.len()).all(|i| sb[i] != b'%' || is_triplet(sb, i)));
        }
        Err(e) => {
            let i = e.index();
            prop_assert_eq!(e.kind(), DecodeErrorKind::InvalidPercentEncoding);
            prop_assert!(
                i < sb.len() && sb[i] == b'%',
                "{s:?}: error at {i}, not a %"
            );
            prop_assert!(
                !is_triplet(sb, i),
                "{s:?}: error at the valid triplet at {i}"
            );
            prop_assert!(
                validate(&s[..i]).is_ok(),
                "{s:?}: an earlier bad % than {i}"
            );
            prop_assert_eq!(checked, Err(*e), "validate disagrees on {:?}", s);
            prop_assert_eq!(
                decoder.decode_utf8(s).err(),
                Some(*e),
                "decode_utf8 on {:?}",
                s
            );
        }
    }
    // Lossy decoding: triplets decoded, `+` as asked, everything else copied.
    let mut want = Vec::new();
    let mut i = 0;
    while i < sb.len() {
        if is_triplet(sb, i) {
            want.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap_or(0));
            i += 3;
        } else {
            want.push(if plus && sb[i] == b'+' { b' ' } else { sb[i] });
            i += 1;
        }
    }
    prop_assert_eq!(lossy.as_ref(), &want[..], "decode_lossy of {:?}", s);
    prop_assert_eq!(
        matches!(lossy, Cow::Borrowed(_)),
        want == sb,
        "decode_lossy of {:?}: borrowed exactly when nothing changes",
        s
    );
    prop_assert_eq!(
        decoder.decode_utf8_lossy(s),
        String::from_utf8_lossy(&want),
        "decode_utf8_lossy of {:?}",
        s
    );
    match decoder.decode_utf8(s) {
        Ok(text) => {
            prop_assert_eq!(text.as_bytes(), &want[..]);
        }
        Err(e) if e.kind() == DecodeErrorKind::InvalidUtf8 => {
            let i = e.index();
            prop_assert!(strict.is_ok(), "{s:?}: InvalidUtf8 though triplets are bad");
            prop_assert!(std::str::from_utf8(&want).is_err());
            prop_assert!(
                i < s.len() && s.is_char_boundary(i),
                "{s:?}: InvalidUtf8 at {i}"
            );
            // The prefix decodes; the bad sequence starts right at `i`.
            prop_assert!(
                decoder.decode_utf8(&s[..i]).is_ok(),
                "{s:?}: InvalidUtf8 at {i}, but an earlier sequence is bad"
            );
            let rest = decoder.decode_utf8(&s[i..]).err();
            prop_assert!(
                rest.is_some_and(|r| r.kind() == DecodeErrorKind::InvalidUtf8 && r.index() == 0),
                "{s:?}: InvalidUtf8 at {i}, but the rest gives {rest:?}"
            );
        }
        Err(e) => {
            prop_assert!(strict.is_err(), "{s:?}: {e:?} though triplets are valid");
        }
    }
    Ok(())
}

/// (d) `QueryPairs` with every separator, and `decode_form`, on any string.
fn check_query_pairs(s: &str) -> Result<(), TestCaseError> {
    for separator in [Separator::Ampersand, Separator::Semicolon, Separator::Both] {
        for plus in [false, true] {
            let pairs = QueryPairs::new(s, separator).plus_as_space(plus);
            let mut rebuilt = 0;
            for p in pairs {
                rebuilt += p.key.as_str().len() + p.value.map_or(0, |v| v.as_str().len() + 1);
                prop_assert!(!p.key.as_str().contains('='));
                for piece in std::iter::once(p.key).chain(p.value) {
                    let d = Decoder::new().plus_as_space(plus);
                    prop_assert_eq!(piece.decode(), d.decode(piece.as_str()));
                    prop_assert_eq!(piece.decode_lossy(), d.decode_lossy(piece.as_str()));
                    prop_assert_eq!(piece.decode_utf8(), d.decode_utf8(piece.as_str()));
                    prop_assert_eq!(
                        piece.decode_utf8_lossy(),
                        d.decode_utf8_lossy(piece.as_str())
                    );
                }
            }
            // The pieces and their separators make up the whole query.
            let separators = s
                .bytes()
                .filter(|&b| match separator {
                    Separator::Ampersand => b == b'&',
                    Separator::Semicolon => b == b';',
                    Separator::Both => b == b'&' || b == b';',
                })
                .count();
            prop_assert_eq!(rebuilt + separators, s.len(), "{:?} {:?}", separator, s);
        }
    }
    let form: Vec<_> = decode_form(s).collect();
    prop_assert_eq!(form.len(), QueryPairs::form(s).count());
    Ok(())
}

// ------------------------------------------------------------------ (g) meaning

/// The seven components expected of a parse (see `urikit_tests::parsing::parts`).
type Parts = [Option<String>; 7];

/// The components of `http://h` with these userinfo, host, path, query and fragment.
fn http(
    userinfo: Option<&str>,
    host: &str,
    port: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> Parts {
    let own = |s: Option<&str>| s.map(str::to_owned);
    [
        Some("http".into()),
        own(userinfo),
        Some(host.into()),
        own(port),
        Some(path.into()),
        own(query),
        own(fragment),
    ]
}

/// Parses `text` as a URI (or a relative reference when `relative`) with
/// every rule that should accept it, and checks its components.
fn parses_as(text: &str, relative: bool, want: &Parts) -> Result<(), String> {
    let general = UriReference::parse(text).map_err(|e| format!("{text:?} does not parse: {e}"))?;
    let typed = if relative {
        RelativeRef::parse(text).map(|r| parts(&r.components()))
    } else {
        Uri::parse(text).map(|u| parts(&u.components()))
    };
    let typed = typed.map_err(|e| format!("{text:?} does not parse with the typed rule: {e}"))?;
    let got = parts(&general.components());
    if &got != want || typed != got || general.is_relative() != relative {
        return Err(format!("{text:?} parses as {got:?}, expected {want:?}"));
    }
    Ok(())
}

/// Checks that `piece` decodes to `b` with `decoder`.
fn decodes_to(what: &str, piece: &str, decoder: Decoder, b: &[u8]) -> Result<(), String> {
    match decoder.decode(piece) {
        Ok(d) if d.as_ref() == b => Ok(()),
        other => Err(format!("{what} {piece:?} decodes to {other:?}, not {b:?}")),
    }
}

/// The raw pairs of a query.
fn raw_pairs(pairs: QueryPairs<'_>) -> Vec<(&str, Option<&str>)> {
    pairs
        .map(|p| (p.key.as_str(), p.value.map(|v| v.as_str())))
        .collect()
}

/// A place in a URI where an encoded result goes, the sets whose results
/// may go there, and the check.
struct Position {
    name: &'static str,
    sets: &'static [&'static str],
    check: fn(&str, &[u8], &EncodeSet) -> Result<(), String>,
}

/// Sets whose results hold only `unreserved`, `sub-delims` and triplets.
const SUB_DELIM_SETS: [&str; 4] = ["USERNAME", "HOST", "UNRESERVED", "FORM"];

/// Where each set's results go; see each check.
const POSITIONS: &[Position] = &[
    Position {
        name: "userinfo",
        sets: &["USERINFO", "USERNAME", "HOST", "UNRESERVED", "FORM"],
        check: |e, b, set| {
            parses_as(
                &format!("http://{e}@h/"),
                false,
                &http(Some(e), "h", None, "/", None, None),
            )?;
            decodes_to("userinfo", e, decoder_for(set), b)
        },
    },
    Position {
        name: "user before `:password`",
        sets: &SUB_DELIM_SETS,
        check: |e, b, set| {
            let userinfo = format!("{e}:pw");
            let text = format!("http://{userinfo}@h/");
            parses_as(
                &text,
                false,
                &http(Some(&userinfo), "h", None, "/", None, None),
            )?;
            let user = userinfo.split_once(':').map_or("", |(u, _)| u);
            if user != e {
                return Err(format!("{text:?}: the user is {user:?}"));
            }
            decodes_to("user", user, decoder_for(set), b)
        },
    },
    Position {
        name: "host",
        sets: &SUB_DELIM_SETS,
        check: |e, b, set| {
            parses_as(
                &format!("http://{e}/"),
                false,
                &http(None, e, None, "/", None, None),
            )?;
            parses_as(
                &format!("http://{e}:80"),
                false,
                &http(None, e, Some("80"), "", None, None),
            )?;
            decodes_to("host", e, decoder_for(set), b)
        },
    },
    Position {
        name: "path after an authority",
        sets: &[
            "PATH",
            "PATH_SEGMENT",
            "PATH_SEGMENT_NC",
            "USERINFO",
            "USERNAME",
            "HOST",
            "UNRESERVED",
            "FORM",
        ],
        check: |e, b, set| {
            let path = format!("/{e}");
            parses_as(
                &format!("http://h{path}"),
                false,
                &http(None, "h", None, &path, None, None),
            )?;
            parses_as(
                &format!("http://h{path}?q#f"),
                false,
                &http(None, "h", None, &path, Some("q"), Some("f")),
            )?;
            decodes_to("path", e, decoder_for(set), b)
        },
    },
    Position {
        name: "path segment",
        sets: &[
            "PATH_SEGMENT",
            "PATH_SEGMENT_NC",
            "USERINFO",
            "USERNAME",
            "HOST",
            "UNRESERVED",
            "FORM",
        ],
        check: |e, b, set| {
            let text = format!("http://h/{e}/x");
            parses_as(
                &text,
                false,
                &http(None, "h", None, &format!("/{e}/x"), None, None),
            )?;
            let u = Uri::parse(&text).map_err(|err| err.to_string())?;
            let segments: Vec<&str> = u.path_segments().collect();
            if segments != [e, "x"] {
                return Err(format!("{text:?}: segments {segments:?}"));
            }
            if !set.writes_space_as_plus() {
                if let Ok(t) = std::str::from_utf8(b) {
                    let decoded: Vec<_> = u.path_segments_decoded().collect();
                    if decoded.first().is_none_or(|d| d.as_deref() != Ok(t)) {
                        return Err(format!("{text:?}: path_segments_decoded {decoded:?}"));
                    }
                }
            }
            decodes_to("segment", e, decoder_for(set), b)
        },
    },
    Position {
        name: "first segment of a relative path",
        sets: &["PATH_SEGMENT_NC", "USERNAME", "HOST", "UNRESERVED", "FORM"],
        check: |e, b, set| {
            // `segment-nz-nc` is not empty: an empty first segment cannot be
            // written (the path would start with `/`).
            if e.is_empty() {
                return Ok(());
            }
            let path = format!("{e}/x");
            parses_as(
                &path,
                true,
                &[None, None, None, None, Some(path.clone()), None, None],
            )?;
            parses_as(
                e,
                true,
                &[None, None, None, None, Some(e.into()), None, None],
            )?;
            let r = RelativeRef::parse(&path).map_err(|err| err.to_string())?;
            let segments: Vec<&str> = r.path_segments().collect();
            if segments != [e, "x"] {
                return Err(format!("{path:?}: segments {segments:?}"));
            }
            decodes_to("first segment", e, decoder_for(set), b)
        },
    },
    Position {
        name: "query",
        sets: &[
            "QUERY",
            "QUERY_COMPONENT",
            "FRAGMENT",
            "PATH",
            "PATH_SEGMENT",
            "PATH_SEGMENT_NC",
            "USERINFO",
            "USERNAME",
            "HOST",
            "UNRESERVED",
            "FORM",
        ],
        check: |e, b, set| {
            parses_as(
                &format!("http://h/?{e}"),
                false,
                &http(None, "h", None, "/", Some(e), None),
            )?;
            let text = format!("http://h/?{e}#f");
            parses_as(
                &text,
                false,
                &http(None, "h", None, "/", Some(e), Some("f")),
            )?;
            if !set.writes_space_as_plus() {
                if let Ok(t) = std::str::from_utf8(b) {
                    let u = Uri::parse(&text).map_err(|err| err.to_string())?;
                    let got = u.query_decoded();
                    if !matches!(&got, Some(Ok(d)) if d == t) {
                        return Err(format!("{text:?}: query_decoded {got:?}"));
                    }
                }
            }
            decodes_to("query", e, decoder_for(set), b)
        },
    },
    Position {
        name: "fragment",
        sets: &[
            "FRAGMENT",
            "QUERY",
            "QUERY_COMPONENT",
            "PATH",
            "PATH_SEGMENT",
            "PATH_SEGMENT_NC",
            "USERINFO",
            "USERNAME",
            "HOST",
            "UNRESERVED",
            "FORM",
        ],
        check: |e, b, set| {
            parses_as(
                &format!("http://h/#{e}"),
                false,
                &http(None, "h", None, "/", None, Some(e)),
            )?;
            parses_as(
                &format!("http://h/?q#{e}"),
                false,
                &http(None, "h", None, "/", Some("q"), Some(e)),
            )?;
            parses_as(
                &format!("#{e}"),
                true,
                &[
                    None,
                    None,
                    None,
                    None,
                    Some(String::new()),
                    None,
                    Some(e.into()),
                ],
            )?;
            decodes_to("fragment", e, decoder_for(set), b)
        },
    },
    Position {
        name: "query value and key",
        sets: &["QUERY_COMPONENT", "UNRESERVED", "FORM"],
        check: |e, b, set| {
            let plus = set.writes_space_as_plus();
            for (query, want) in [
                (format!("k={e}&z=1"), [("k", Some(e)), ("z", Some("1"))]),
                (format!("{e}=v;z=1"), [(e, Some("v")), ("z", Some("1"))]),
            ] {
                let text = format!("http://h/?{query}");
                parses_as(
                    &text,
                    false,
                    &http(None, "h", None, "/", Some(&query), None),
                )?;
                let pairs = QueryPairs::new(&query, Separator::Both).plus_as_space(plus);
                let got = raw_pairs(pairs.clone());
                if got != want {
                    return Err(format!("{query:?}: pairs {got:?}"));
                }
                let mine = pairs
                    .clone()
                    .flat_map(|p| [Some(p.key), p.value])
                    .flatten()
                    .find(|piece| piece.as_str() == e);
                match mine.map(|piece| piece.decode()) {
                    Some(Ok(d)) if d.as_ref() == b => {}
                    other => return Err(format!("{query:?}: the piece decodes to {other:?}")),
                }
            }
            // The facade's `query_pairs` (`&` only, `+` kept) on a URI.
            let text = format!("http://h/?k={e}&z=1");
            let u = Uri::parse(&text).map_err(|err| err.to_string())?;
            let got = raw_pairs(u.query_pairs_rfc3986());
            if got != vec![("k", Some(e)), ("z", Some("1"))] {
                return Err(format!("{text:?}: query_pairs {got:?}"));
            }
            Ok(())
        },
    },
    Position {
        name: "form data",
        sets: &["FORM", "QUERY_COMPONENT", "UNRESERVED"],
        check: |e, b, _| {
            let body = format!("k={e}&{e}=v");
            let got = raw_pairs(QueryPairs::form(&body));
            if got != [("k", Some(e)), (e, Some("v"))] {
                return Err(format!("{body:?}: pairs {got:?}"));
            }
            // The first pair's value, the second pair's key.
            for (i, p) in QueryPairs::form(&body).enumerate() {
                let piece = if i == 0 { p.value } else { Some(p.key) };
                match piece.map(|piece| piece.decode()) {
                    Some(Ok(d)) if d.as_ref() == b => {}
                    other => return Err(format!("{body:?}: the piece decodes to {other:?}")),
                }
            }
            let query = format!("http://h/?{body}");
            parses_as(
                &query,
                false,
                &http(None, "h", None, "/", Some(&body), None),
            )
        },
    },
];

/// (g) for one input: every position, every set that may go there.
fn check_meaning(b: &[u8]) -> Result<(), TestCaseError> {
    for position in POSITIONS {
        for name in position.sets {
            let set = encode_set(name).ok_or_else(|| fail(format!("no set {name}")))?;
            let e = encode_bytes_to_str(b, &set);
            (position.check)(&e, b, &set)
                .map_err(|msg| fail(format!("{name} in the {}: {msg}", position.name)))?;
        }
    }
    Ok(())
}

// ------------------------------------------------------------------ (h) writers

/// Text for keys and values: delimiters, `%`, `+`, spaces and non-ASCII.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => select(&["a", "=", "&", ";", "+", " ", "%", "%20", "é", "#", "?", "/", "~"][..])
                .prop_map(str::to_owned),
            1 => any::<char>().prop_map(String::from),
        ],
        0..8,
    )
    .prop_map(|p| p.concat())
}

/// (h) for one list of pairs.
fn check_writers(pairs: &[(String, String)]) -> Result<(), TestCaseError> {
    let owned = |(k, v): (Cow<'_, str>, Cow<'_, str>)| (k.into_owned(), v.into_owned());
    let body = encode_form(pairs.iter().map(|(k, v)| (k, v)));
    let back: Vec<(String, String)> = decode_form(&body).map(owned).collect();
    prop_assert_eq!(&back, pairs, "encode_form gave {:?}", body);

    for (form, separator) in [
        (true, Separator::Ampersand),
        (true, Separator::Semicolon),
        (false, Separator::Ampersand),
        (false, Separator::Semicolon),
    ] {
        let writer = if form {
            QueryWriter::form()
        } else {
            QueryWriter::rfc3986()
        };
        let mut writer = writer.separator(separator).into_string("/p?".to_owned());
        for (k, v) in pairs {
            writer.append_pair(k, v);
        }
        writer.append_key("last key");
        let written = writer.finish();
        let query = written.strip_prefix("/p?").unwrap_or("");
        let parsed = UriReference::parse(&written);
        prop_assert!(
            matches!(&parsed, Ok(r) if r.query() == Some(query) && r.path() == "/p"),
            "{written:?} parses as {parsed:?}"
        );
        // Read back with either separator, and (for RFC 3986 output, where
        // `+` is encoded) with either reading of `+`.
        for read_separator in [separator, Separator::Both] {
            for plus in [form, true] {
                let got: Vec<(String, Option<String>)> = QueryPairs::new(query, read_separator)
                    .plus_as_space(plus)
                    .map(|p| {
                        let key = p.key.decode_utf8().map(Cow::into_owned);
                        let value = p.value.map(|v| v.decode_utf8().map(Cow::into_owned));
                        (
                            key.unwrap_or_else(|e| format!("error {e}")),
                            value.map(|v| v.unwrap_or_else(|e| format!("error {e}"))),
                        )
                    })
                    .collect();
                let mut want: Vec<(String, Option<String>)> = pairs
                    .iter()
                    .map(|(k, v)| (k.clone(), Some(v.clone())))
                    .collect();
                want.push(("last key".into(), None));
                // No pair is lost: the reader skips only empty pieces, and
                // the writer writes at least `=` for a pair.
                prop_assert_eq!(
                    &got,
                    &want,
                    "{:?} read back with {:?}",
                    query,
                    read_separator
                );
            }
        }
    }
    Ok(())
}

// ------------------------------------------------------------------ the properties

proptest! {
    // 256 cases each (proptest's default), so the suite stays fast in debug
    // builds; set PROPTEST_CASES to search harder. Failures are not saved to
    // a regressions file (which would land outside `tests/`): the shrunk
    // input is in the message; add it to a known-case test.
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

    /// (a) and (f): any bytes through every set, and back.
    #[test]
    fn encoding_round_trips_through_every_set(b in bytes()) {
        check_round_trip(&b)?;
    }

    /// (a) and (f) on strings of any characters.
    #[test]
    fn encoding_any_string_round_trips(s in any::<String>()) {
        check_round_trip(s.as_bytes())?;
        for (index, (name, set)) in ENCODE_SETS.iter().enumerate() {
            let mut other = utf8_percent_encode(&s, &ASCII_SETS[index]).to_string();
            if set.writes_space_as_plus() {
                other = other.replace("%20", "+");
            }
            prop_assert_eq!(encode(&s, set), other, "{}", name);
        }
    }

    /// (b) on strings with triplets, bad ones, and everything else.
    #[test]
    fn preserving_triplets_is_idempotent(s in messy()) {
        check_preserving(&s)?;
    }

    /// (b) text already valid for the set comes back as it is, borrowed.
    #[test]
    fn preserving_triplets_keeps_valid_text(
        index in 0..ENCODE_SETS.len(),
        choices in prop::collection::vec(any::<(u8, u8)>(), 0..24),
    ) {
        let (name, set) = ENCODE_SETS[index];
        // FORM's own `+` is left out: see suspected_bug_form_preserving_triplets_*.
        let text = text_valid_for(&set, &choices, false);
        let got = encode(&text, &set.preserving_triplets());
        prop_assert!(matches!(got, Cow::Borrowed(t) if t == text), "{name}: {text:?} -> {got:?}");
    }

    /// (c) on strings whose every `%` starts a triplet.
    #[test]
    fn normalize_is_idempotent_and_keeps_meaning(s in valid_triplets()) {
        check_normalize(&s)?;
    }

    /// (d) (e): any string through the decoders, with and without `+` as space.
    #[test]
    fn decoders_take_any_string(s in messy()) {
        check_decoders(&s, Decoder::new())?;
        check_decoders(&s, Decoder::new().plus_as_space(true))?;
        check_query_pairs(&s)?;
        let _ = normalize(&s);
    }

    /// (d) (e) on strings of any characters.
    #[test]
    fn decoders_take_any_characters(s in any::<String>()) {
        check_decoders(&s, Decoder::new())?;
        check_decoders(&s, Decoder::new().plus_as_space(true))?;
        check_query_pairs(&s)?;
        let _ = normalize(&s);
    }

    /// (f) decoding agrees with `percent-encoding` where it is defined the same.
    #[test]
    fn decoding_agrees_with_percent_encoding(s in messy(), v in valid_triplets()) {
        let other: Vec<u8> = percent_decode_str(&v).collect();
        prop_assert_eq!(decode(&v).map(Cow::into_owned), Ok(other), "decode of {:?}", v);
        // percent-encoding copies a bad triplet as it is: lossy decoding.
        let other: Vec<u8> = percent_decode_str(&s).collect();
        prop_assert_eq!(decode_lossy(&s).into_owned(), other, "decode_lossy of {:?}", s);
        prop_assert_eq!(
            decode_utf8_lossy(&s),
            percent_decode_str(&s).decode_utf8_lossy(),
            "decode_utf8_lossy of {:?}", s
        );
    }

    /// (g) meaning preservation, on arbitrary bytes.
    #[test]
    fn encoded_components_keep_their_meaning(b in bytes()) {
        check_meaning(&b)?;
    }

    /// (g) meaning preservation, on arbitrary text.
    #[test]
    fn encoded_text_keeps_its_meaning(s in any::<String>()) {
        check_meaning(s.as_bytes())?;
    }

    /// (h) writers and readers of query pairs agree.
    #[test]
    fn query_writers_round_trip(pairs in prop::collection::vec((text(), text()), 0..5)) {
        check_writers(&pairs)?;
    }
}

// ------------------------------------------------------------------ known cases

/// The oracles of this file agree with hand-worked cases, so a property
/// cannot pass because its oracle is wrong.
#[test]
fn the_helpers_agree_with_known_cases() {
    assert_eq!(other_encoding(9, b"a b~"), "a%20b~"); // UNRESERVED
    assert_eq!(other_encoding(10, b"a b~+"), "a+b%7E%2B"); // FORM
    assert!(check_encoding("FORM", &EncodeSet::FORM, b"a b", "a+b").is_ok());
    assert!(check_encoding("PATH", &EncodeSet::PATH, b"a b", "a%20b").is_ok());
    assert!(check_encoding("PATH", &EncodeSet::PATH, b"a b", "a%2fb").is_err());
    assert!(check_encoding("PATH", &EncodeSet::PATH, b"a?", "a?").is_err());
    assert_eq!(
        text_valid_for(
            &EncodeSet::UNRESERVED,
            &[(0, 0x2F), (1, 0xAB), (3, 0)],
            false
        ),
        "%2F%ab-"
    );
    for (name, set) in ENCODE_SETS {
        assert_eq!(encode_set(name), Some(set));
    }
    // A case of each position, by hand.
    let e = urikit::encode::encode("a b/c?d#e&f=g+h", &EncodeSet::QUERY_COMPONENT);
    assert_eq!(e, "a%20b/c?d%23e%26f%3Dg%2Bh");
    for p in POSITIONS
        .iter()
        .filter(|p| p.sets.contains(&"QUERY_COMPONENT"))
    {
        (p.check)(&e, b"a b/c?d#e&f=g+h", &EncodeSet::QUERY_COMPONENT)
            .unwrap_or_else(|msg| panic!("{}: {msg}", p.name));
    }
    // And a result that must not pass: an unencoded `&` in a query value.
    let query_value = POSITIONS.iter().find(|p| p.name == "query value and key");
    assert!(query_value.is_some_and(|p| (p.check)("a&b", b"a&b", &EncodeSet::QUERY).is_err()));
}

// ------------------------------------------------------------------ suspected bugs

/// SUSPECTED BUG. `normalize` documents "Everything else, bad triplets
/// included, stays as it is" and "Idempotent", but decoding a triplet of an
/// unreserved hex digit right after a bad `%` makes a new triplet out of
/// the bad one: `%4%41` normalizes to `%4A` (a valid triplet, byte 0x4A), and
/// that normalizes to `J`. Lossy decoding then differs too: `%4%41` is the
/// bytes `%4A`, its normal form the byte `J`. Found by the property below on
/// arbitrary strings.
#[test]
fn normalize_never_makes_triplets_from_bad_percents() {
    let mut problems = Vec::new();
    for s in ["%4%41", "%%41%42", "%%34%31", "a%2%46b"] {
        let once = normalize(s);
        let twice = normalize(&once);
        if twice != once {
            problems.push(format!("not idempotent: {s:?} -> {once:?} -> {twice:?}"));
        }
        if decode_lossy(&once) != decode_lossy(s) {
            problems.push(format!(
                "meaning changed: {s:?} decodes (lossily) to {:?}, {once:?} to {:?}",
                decode_lossy(s),
                decode_lossy(&once)
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

    /// SUSPECTED BUG, the general form of the test above: `normalize` is
    /// idempotent and keeps what a string lossily decodes to, on any string.
    #[test]
    fn normalize_is_idempotent_on_any_string(s in messy()) {
        let once = normalize(&s);
        prop_assert_eq!(normalize(&once), once.clone(), "{:?}", s);
        prop_assert_eq!(decode_lossy(&once), decode_lossy(&s), "{:?} -> {:?}", s, once);
    }
}

/// `EncodeSet::preserving_triplets` is idempotent except for the documented
/// case of a set that writes a space as `+`: there a `+` in the input is a
/// literal plus, so the second pass encodes the first pass's `+` as `%2B`
/// (`a b` -> `a+b` -> `a%2Bb`). Found by the tests; the library documents it.
#[test]
fn space_as_plus_sets_are_not_idempotent_as_documented() {
    for set in [EncodeSet::FORM, EncodeSet::QUERY_COMPONENT.space_as_plus()] {
        let set = set.preserving_triplets();
        let once = encode("a b", &set);
        assert_eq!(once, "a+b");
        assert_eq!(encode(&once, &set), "a%2Bb");
        // Without spaces or pluses, idempotent as any other set.
        let once = encode("%41/é", &set);
        assert_eq!(encode(&once, &set), once);
    }
}
