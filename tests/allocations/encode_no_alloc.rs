//! The percent codec's borrowed path allocates nothing; its owned path does.
//!
//! `urikit::encode` promises that every function "allocates nothing when its
//! input needs no change (the result is `Cow::Borrowed`)". This checks it
//! for encoding text that needs no encoding, decoding and normalizing text
//! with nothing to decode, `validate`, and iterating `QueryPairs` raw; and
//! checks that the owned path does allocate, so the counter is live.
//!
//! Allocations are counted by the `allocations` binary's global allocator
//! (`counting_alloc.rs`), for the current thread only, so the test harness
//! and the tests running in other threads do not disturb the count.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::hint::black_box;

use urikit::Uri;
use urikit::encode::{
    Decoder, EncodeSet, QueryPairs, Separator, decode, decode_form, decode_lossy, decode_utf8,
    decode_utf8_lossy, encode, encode_bytes_to_str, normalize, validate,
};
use urikit_tests::percent::ENCODE_SETS;

use crate::counting_alloc::allocations;

/// Text with nothing to decode: no `%` (and `+`, which only a form decoder
/// changes, in some).
const PLAIN: &[&str] = &[
    "",
    "a",
    "plain-text_with.unreserved~chars",
    "a+b/c?d=e&f;g:h@i!$'()*,",
    "spaces and \"quotes\" <> {} | \\ ^ `",
    "é € 😀 ア",
    "http://user@example.com:8080/a/b?q=1&r=2#frag",
];

/// Text already in normal form (§6.2.2): upper-case triplets of bytes
/// outside `unreserved`, bad triplets (which normalization leaves alone).
const NORMAL: &[&str] = &["%2F", "a%20b%C3%A9", "%25%3A%40"];

/// Whether a `Cow` result is borrowed.
macro_rules! borrowed {
    ($cow:expr) => {
        matches!($cow, Cow::Borrowed(_))
    };
}

#[test]
fn the_allocator_counts() {
    let (s, n) = allocations(|| String::from("x"));
    assert_eq!(n, 1, "the counting allocator missed an allocation");
    let (v, n) = allocations(|| {
        let mut v = Vec::with_capacity(1);
        v.extend([1u8, 2, 3, 4, 5, 6, 7, 8, 9]);
        v
    });
    assert!(n >= 2, "a realloc was not counted");
    drop((s, v));
}

#[test]
fn encoding_text_that_needs_no_encoding_allocates_nothing() {
    let mut failures = Vec::new();
    for (name, set) in ENCODE_SETS {
        // Every byte the set keeps, then a few of them, then nothing.
        let kept: String = (0..0x80u8)
            .filter(|&b| set.keeps(b))
            .map(char::from)
            .collect();
        let with_triplets = format!("{kept}%2F%c3%A9");
        let inputs = [kept.as_str(), "a", ""];
        for input in inputs {
            let (out, n) = allocations(|| encode(black_box(input), &set));
            if n != 0 || !borrowed!(&out) || out != input {
                failures.push(format!(
                    "{name}: encode({input:?}): {n} allocations, {out:?}"
                ));
            }
            let (out, n) = allocations(|| encode_bytes_to_str(black_box(input.as_bytes()), &set));
            if n != 0 || !borrowed!(&out) || out != input {
                failures.push(format!(
                    "{name}: encode_bytes_to_str({input:?}): {n} allocations, {out:?}"
                ));
            }
        }
        let p = set.preserving_triplets();
        for input in [with_triplets.as_str(), kept.as_str()] {
            let (out, n) = allocations(|| encode(black_box(input), &p));
            if n != 0 || !borrowed!(&out) || out != input {
                failures.push(format!(
                    "{name}.preserving_triplets(): encode({input:?}): {n} allocations, {out:?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn decoding_text_with_nothing_to_decode_allocates_nothing() {
    let mut failures = Vec::new();
    for plus in [false, true] {
        let d = Decoder::new().plus_as_space(plus);
        for &input in PLAIN {
            // A form decoder changes `+`: that is the owned path.
            if plus && input.contains('+') {
                continue;
            }
            let (results, n) = allocations(|| {
                let input = black_box(input);
                [
                    d.decode(input).is_ok_and(|c| borrowed!(&c)),
                    d.decode_utf8(input).is_ok_and(|c| borrowed!(&c)),
                    borrowed!(&d.decode_lossy(input)),
                    borrowed!(&d.decode_utf8_lossy(input)),
                ]
            });
            if n != 0 || results.contains(&false) {
                failures.push(format!(
                    "{input:?} (plus as space: {plus}): {n} allocations; borrowed \
                     [decode, decode_utf8, decode_lossy, decode_utf8_lossy] = {results:?}"
                ));
            }
        }
    }
    for &input in PLAIN {
        let (results, n) = allocations(|| {
            let input = black_box(input);
            [
                decode(input).is_ok_and(|c| borrowed!(&c)),
                decode_utf8(input).is_ok_and(|c| borrowed!(&c)),
                borrowed!(&decode_lossy(input)),
                borrowed!(&decode_utf8_lossy(input)),
                borrowed!(&normalize(input)),
                validate(input).is_ok(),
            ]
        });
        if n != 0 || results.contains(&false) {
            failures.push(format!(
                "{input:?}: {n} allocations, free functions gave {results:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn normalizing_normal_text_and_validating_allocate_nothing() {
    let mut failures = Vec::new();
    for &input in NORMAL.iter().chain(PLAIN) {
        let (out, n) = allocations(|| normalize(black_box(input)));
        if n != 0 || !borrowed!(&out) {
            failures.push(format!("normalize({input:?}): {n} allocations, {out:?}"));
        }
    }
    // `validate` never allocates, valid or not; nor does rendering its error.
    /// A `fmt::Write` that keeps only the length: no buffer to grow.
    struct Sink(usize);
    impl std::fmt::Write for Sink {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 += s.len();
            Ok(())
        }
    }
    for &input in NORMAL.iter().chain(PLAIN).chain(&["%4g", "a%", "%%%"]) {
        let (written, n) = allocations(|| {
            let mut sink = Sink(0);
            if let Err(e) = validate(black_box(input)) {
                let _ = write!(sink, "{e} {} {}", e.kind(), e.index());
            }
            sink.0
        });
        black_box(written);
        if n != 0 {
            failures.push(format!("validate({input:?}): {n} allocations"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn iterating_query_pairs_allocates_nothing() {
    let queries = [
        "",
        "a=1&b=2;c&&d=&=e&f=g=h",
        "q=caf%C3%A9+cr%C3%A8me&x=%zz&y=100%",
        ";;&&",
    ];
    let mut failures = Vec::new();
    for query in queries {
        for separator in [Separator::Ampersand, Separator::Semicolon, Separator::Both] {
            for plus in [false, true] {
                let (total, n) = allocations(|| {
                    let pairs = QueryPairs::new(black_box(query), separator).plus_as_space(plus);
                    pairs
                        .map(|p| p.key.as_str().len() + p.value.map_or(0, |v| v.as_str().len()))
                        .sum::<usize>()
                });
                black_box(total);
                if n != 0 {
                    failures.push(format!(
                        "{query:?} ({separator:?}, plus {plus}): {n} allocations"
                    ));
                }
            }
        }
    }
    // Pieces with nothing to decode decode borrowed, and so does form data.
    let (count, n) = allocations(|| {
        let q = black_box("a=b&c&d=e");
        let mut ok = 0;
        for p in QueryPairs::form(q) {
            for piece in std::iter::once(p.key).chain(p.value) {
                ok += usize::from(piece.decode().is_ok_and(|c| borrowed!(&c)));
                ok += usize::from(piece.decode_utf8().is_ok_and(|c| borrowed!(&c)));
                ok += usize::from(borrowed!(&piece.decode_lossy()));
                ok += usize::from(borrowed!(&piece.decode_utf8_lossy()));
            }
        }
        ok + decode_form(q)
            .filter(|(k, v)| borrowed!(k) && borrowed!(v))
            .count()
    });
    if n != 0 || count != 5 * 4 + 3 {
        failures.push(format!(
            "decoding pieces with nothing to decode: {n} allocations, {count} of 23 borrowed"
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn decoded_components_with_nothing_to_decode_allocate_nothing() {
    let uri = Uri::parse("http://user@example.com/a/b?q=1&r#frag").expect("a valid URI");
    let (all_borrowed, n) = allocations(|| {
        let u = black_box(&uri);
        let one =
            |r: Option<Result<Cow<'_, str>, _>>| r.is_some_and(|r| r.is_ok_and(|c| borrowed!(&c)));
        one(u.userinfo_decoded())
            && one(u.host_decoded())
            && u.path_decoded().is_ok_and(|c| borrowed!(&c))
            && u.path_segments_decoded()
                .all(|s| s.is_ok_and(|c| borrowed!(&c)))
            && one(u.query_decoded())
            && one(u.fragment_decoded())
            && u.query_pairs_rfc3986().count() == 2
    });
    assert!(all_borrowed, "a decoded component was not borrowed");
    assert_eq!(
        n, 0,
        "{n} allocations decoding components with nothing to decode"
    );
}

#[test]
fn the_owned_path_allocates() {
    let mut failures = Vec::new();
    let mut check = |what: &str, (owned, n): (bool, usize)| {
        if !owned || n == 0 {
            failures.push(format!("{what}: owned {owned}, {n} allocations"));
        }
    };
    check(
        "encode",
        allocations(|| !borrowed!(&encode(black_box("a b"), &EncodeSet::PATH))),
    );
    check(
        "encode_bytes_to_str",
        allocations(|| !borrowed!(&encode_bytes_to_str(black_box(b"\xFF"), &EncodeSet::PATH))),
    );
    check(
        "decode",
        allocations(|| decode(black_box("%41")).is_ok_and(|c| !borrowed!(&c))),
    );
    check(
        "decode_utf8",
        allocations(|| decode_utf8(black_box("%C3%A9")).is_ok_and(|c| !borrowed!(&c))),
    );
    check(
        "decode_lossy",
        allocations(|| !borrowed!(&decode_lossy(black_box("%41%")))),
    );
    check(
        "decode_utf8_lossy",
        allocations(|| !borrowed!(&decode_utf8_lossy(black_box("%FF")))),
    );
    check(
        "form decode",
        allocations(|| {
            Decoder::new()
                .plus_as_space(true)
                .decode(black_box("a+b"))
                .is_ok_and(|c| !borrowed!(&c))
        }),
    );
    check(
        "normalize",
        allocations(|| !borrowed!(&normalize(black_box("%7e")))),
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Text whose only `%` are bad triplets needs no change: lossy decoding
/// borrows it without allocating, and strict decoding fails on the first
/// without allocating, short or long, with the `%` in any 64-byte block.
#[test]
fn bad_triplets_allocate_nothing() {
    let long = |tail: &str| format!("{}{tail}", "a".repeat(70));
    let inputs = [
        "%".to_owned(),
        "100%".into(),
        "%zz".into(),
        "a%2".into(),
        "%%".into(),
        long("%zz"),
        long("%"),
        "%".repeat(130),
        format!("%zz{}%4{}%", "b".repeat(61), "x".repeat(64)),
    ];
    let mut failures = Vec::new();
    for input in &inputs {
        for d in [Decoder::new(), Decoder::new().plus_as_space(true)] {
            let (was_borrowed, n) = allocations(|| borrowed!(&d.decode_lossy(black_box(input))));
            if !was_borrowed || n != 0 {
                failures.push(format!("{d:?}.decode_lossy({input:?}): {n} allocations"));
            }
            let (was_borrowed, n) =
                allocations(|| borrowed!(&d.decode_utf8_lossy(black_box(input))));
            if !was_borrowed || n != 0 {
                failures.push(format!(
                    "{d:?}.decode_utf8_lossy({input:?}): {n} allocations"
                ));
            }
            let (failed, n) = allocations(|| d.decode(black_box(input)).is_err());
            if !failed || n != 0 {
                failures.push(format!("{d:?}.decode({input:?}): {n} allocations"));
            }
            let (failed, n) = allocations(|| d.decode_utf8(black_box(input)).is_err());
            if !failed || n != 0 {
                failures.push(format!("{d:?}.decode_utf8({input:?}): {n} allocations"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
