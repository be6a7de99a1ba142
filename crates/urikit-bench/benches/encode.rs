//! Percent-encoding and -decoding: `uri-encode` beside `percent-encoding`,
//! `urlencoding` and `fluent-uri`, on the same inputs, in the same run.
//!
//! Every group runs each implementation over every line of one corpus per
//! iteration and reports throughput in lines (`Throughput::Elements`), so
//! criterion's time per iteration divided by the line count is ns per item.
//! Before any timing, every peer's output is asserted equal to ours (and,
//! for decoding, to the original text) on every line: peers must do the
//! same work. A peer is left out of a group only where it cannot produce
//! the same output; the reason is in that group's docs.
//!
//! Groups (input kinds × operation):
//!
//! - `encode/plain`: nothing to encode (every byte `unreserved`); every
//!   implementation with a borrowed path returns its input. Beside the
//!   peers, `scan-only` is the least any encoder can do: one table lookup
//!   per byte, then borrow. Our `encode` should match it.
//! - `encode/plain-url`: real URLs that the query-component set keeps whole
//!   (no query): the borrowed path on URL-shaped text.
//! - `encode/mixed`: real URLs encoded for the query-component set (most
//!   have no query: 92 % of the lines need no change).
//! - `encode/mixed-changed`: only the lines of `encode/mixed` that change.
//! - `encode/mixed-unreserved`: the same URLs, every byte outside
//!   `unreserved` encoded (what `urlencoding` always does); output equals
//!   `encoded-1in4.txt`.
//! - `encode/heavy`: IRIs full of non-ASCII characters, every byte outside
//!   `unreserved` encoded.
//! - `decode/plain`: nothing to decode.
//! - `decode/mixed`, `decode/mixed-changed`: the outputs of `encode/mixed`
//!   and `encode/mixed-changed`, decoded back.
//! - `decode/heavy`: `encoded-1in4.txt` (every byte outside `unreserved`
//!   encoded), decoded back to the URLs of `web-1in4.txt`.
//!
//! Peers' own behaviour, visible in the numbers: `fluent-uri` has no
//! borrowed path (its `EString` always copies) and its `EStr::new` checks
//! every byte against its table before decoding; `urlencoding::encode`
//! allocates a buffer even when it then returns its input borrowed.
//! Before the groups, [`check_sets`] asserts that each peer's set encodes
//! exactly the bytes ours does, for all 256 byte values.
//!
//! Decoding is to UTF-8 text everywhere (`decode_utf8` and its peers):
//! every peer checks UTF-8, and ours also refuses bad triplets, which the
//! inputs do not hold.
//!
//! Each group also writes a record for `cargo xtask bench`
//! ([`urikit_bench::GroupInfo`]): lines, bytes and what the checks found.
//!
//! Run: `cargo bench -p urikit-bench --bench encode`; add for example
//! `-- --warm-up-time 1 --measurement-time 3` for a quicker run, or a
//! filter such as `-- decode/heavy`.

// a measurement, not shipped code: it may unwrap and panic (the workspace denies both in the
// libraries).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use std::borrow::Cow;
use std::time::Duration;

use criterion::Criterion;
use fluent_uri::pct_enc::{EStr, EString, Encoder, Table};
use percent_encoding::{AsciiSet, percent_decode_str, utf8_percent_encode};
use uri_encode::{EncodeSet, decode_utf8, encode};
use urikit_bench::LineGroup;

/// Our query-component set, the one `encode/mixed` uses.
const QUERY_COMPONENT: EncodeSet = EncodeSet::QUERY_COMPONENT;

/// Our `unreserved` set: every other byte is encoded.
const UNRESERVED: EncodeSet = EncodeSet::UNRESERVED;

/// `percent-encoding`'s equivalent of [`QUERY_COMPONENT`].
static PE_QUERY_COMPONENT: AsciiSet = QUERY_COMPONENT.to_ascii_set();

/// `percent-encoding`'s equivalent of [`UNRESERVED`].
static PE_UNRESERVED: AsciiSet = UNRESERVED.to_ascii_set();

/// The `fluent-uri` table that allows exactly the ASCII bytes `set` keeps,
/// plus `%XX` triplets (so that `EStr` accepts the encoded text).
const fn fluent_table(set: &EncodeSet) -> Table {
    let mut out = Table::new(&[]);
    let mut b = 0;
    while b < 0x80 {
        if set.keeps(b) {
            out = out.or(&Table::new(&[b]));
        }
        b += 1;
    }
    out.or_pct_encoded()
}

/// `fluent-uri`'s encoder for [`QUERY_COMPONENT`].
struct FluentQueryComponent;

impl Encoder for FluentQueryComponent {
    const TABLE: &'static Table = &fluent_table(&QUERY_COMPONENT);
}

/// `fluent-uri`'s encoder for [`UNRESERVED`].
struct FluentUnreserved;

impl Encoder for FluentUnreserved {
    const TABLE: &'static Table = &fluent_table(&UNRESERVED);
}

/// One set as each encoder takes it: a `fluent-uri` encoder that also
/// names ours and `percent-encoding`'s.
trait Sets: Encoder {
    /// Our set.
    const OURS: EncodeSet;
    /// `percent-encoding`'s equivalent.
    const PE: &'static AsciiSet;
    /// Whether `urlencoding` (fixed set: `unreserved`) can take part.
    const URLENCODING: bool;
}

impl Sets for FluentQueryComponent {
    const OURS: EncodeSet = QUERY_COMPONENT;
    const PE: &'static AsciiSet = &PE_QUERY_COMPONENT;
    const URLENCODING: bool = false;
}

impl Sets for FluentUnreserved {
    const OURS: EncodeSet = UNRESERVED;
    const PE: &'static AsciiSet = &PE_UNRESERVED;
    const URLENCODING: bool = true;
}

/// `fluent-uri`'s encoding: into a new `EString` sized for the input (it
/// has no borrowed path: it always copies).
fn fluent_encode<E: Encoder>(input: &str) -> Cow<'_, str> {
    let mut out = EString::<E>::with_capacity(input.len());
    out.encode_str::<E>(input);
    Cow::Owned(out.into_string())
}

/// `fluent-uri`'s decoding: `EStr::new` checks every byte and triplet
/// (ours checks triplets only), then `decode` and the UTF-8 check.
fn fluent_decode<E: Encoder>(input: &str) -> Option<Cow<'_, str>> {
    EStr::<E>::new(input)?.decode().to_string().ok()
}

/// Asserts, for every byte value alone and inside text, that each peer's
/// set encodes exactly the bytes ours does.
fn check_sets() {
    /// Our set, its `percent-encoding` set and `fluent-uri` encoder.
    type Peers = (EncodeSet, &'static AsciiSet, fn(&str) -> Cow<'_, str>);
    let sets: [Peers; 2] = [
        (
            QUERY_COMPONENT,
            &PE_QUERY_COMPONENT,
            fluent_encode::<FluentQueryComponent>,
        ),
        (
            UNRESERVED,
            &PE_UNRESERVED,
            fluent_encode::<FluentUnreserved>,
        ),
    ];
    for b in 0..=255u8 {
        let bytes = [b'a', b, b'z'];
        let text = String::from_utf8_lossy(&bytes);
        for (set, pe, fluent) in &sets {
            let ours = uri_encode::encode_bytes_to_str(&bytes, set);
            let theirs = percent_encoding::percent_encode(&bytes, pe).to_string();
            assert_eq!(ours, theirs, "percent-encoding, byte {b:#04x}");
            assert_eq!(
                encode(&text, set),
                fluent(&text),
                "fluent-uri, byte {b:#04x}"
            );
        }
        let ours = uri_encode::encode_bytes_to_str(&bytes, &UNRESERVED);
        let theirs = urlencoding::encode_binary(&bytes);
        assert_eq!(ours, theirs, "urlencoding, byte {b:#04x}");
    }
}

/// What an implementation returns, seen as text for the equality check.
trait Output {
    /// The text, or `None` for an error.
    fn text(&self) -> Option<&str>;
    /// Whether the text borrows the input (no allocation).
    fn borrowed(&self) -> bool;
}

impl Output for Cow<'_, str> {
    fn text(&self) -> Option<&str> {
        Some(self)
    }
    fn borrowed(&self) -> bool {
        matches!(self, Cow::Borrowed(_))
    }
}

impl<E> Output for Result<Cow<'_, str>, E> {
    fn text(&self) -> Option<&str> {
        self.as_ref().ok().map(|t| &**t)
    }
    fn borrowed(&self) -> bool {
        matches!(self, Ok(Cow::Borrowed(_)))
    }
}

impl Output for Option<Cow<'_, str>> {
    fn text(&self) -> Option<&str> {
        self.as_deref()
    }
    fn borrowed(&self) -> bool {
        matches!(self, Some(Cow::Borrowed(_)))
    }
}

/// One benchmark group: a corpus and the output every implementation must give.
struct Group<'c, 'i> {
    /// Criterion's group, the record `cargo xtask bench` reads and the
    /// input lines.
    lines: LineGroup<'c, 'i, String>,
    /// The expected output of each line.
    expected: &'i [String],
}

impl<'c, 'i> Group<'c, 'i> {
    /// Starts group `name` over `inputs`, whose outputs must be `expected`.
    fn new(c: &'c mut Criterion, name: &str, inputs: &'i [String], expected: &'i [String]) -> Self {
        assert_eq!(inputs.len(), expected.len(), "{name}");
        let mut lines = LineGroup::new(c, name, inputs, "uri-encode");
        // One iteration is a whole corpus (about a millisecond): flat sampling.
        lines.group.sample_size(30);
        Group { lines, expected }
    }

    /// Checks that `f` gives the expected output on every line, then times
    /// it over all lines as `id`.
    fn bench<R: Output>(&mut self, id: &str, f: impl Fn(&'i str) -> R) {
        let mut borrowed = 0;
        for (input, expected) in self.lines.inputs.iter().zip(self.expected) {
            let out = f(input);
            assert_eq!(
                out.text(),
                Some(expected.as_str()),
                "{}/{id} differs on {input:?}",
                self.lines.info.group,
            );
            borrowed += usize::from(out.borrowed());
        }
        self.lines.info.note(if id == "scan-only" {
            format!("{id} (a reference point, not a peer): borrowed on {borrowed} lines")
        } else {
            format!("{id}: output identical to the expected on every line; borrowed on {borrowed}")
        });
        self.lines.bench(id, f);
    }

    /// Writes the group's record and ends the group (criterion prints its
    /// summary).
    fn finish(self) {
        self.lines.finish();
    }
}

/// The corpora and the inputs derived from them.
struct Corpora {
    /// Real URLs: `web-1in4.txt`.
    web: Vec<String>,
    /// The same URLs, every byte outside `unreserved` encoded: `encoded-1in4.txt`.
    encoded: Vec<String>,
    /// IRIs with many non-ASCII characters: `iri-1in2.txt`.
    iri: Vec<String>,
    /// `web` with every byte outside `unreserved` removed: nothing to encode
    /// for any set, nothing to decode.
    plain: Vec<String>,
    /// The lines of `web` that [`QUERY_COMPONENT`] keeps whole.
    plain_url: Vec<String>,
    /// `web` encoded for [`QUERY_COMPONENT`].
    web_query_component: Vec<String>,
    /// The lines of `web` that [`QUERY_COMPONENT`] changes (most have a query).
    changed: Vec<String>,
    /// `changed` encoded for [`QUERY_COMPONENT`].
    changed_query_component: Vec<String>,
    /// `iri` encoded for [`UNRESERVED`].
    iri_unreserved: Vec<String>,
}

impl Corpora {
    /// Loads the corpora and derives the other inputs with our encoder
    /// (every peer is then checked against them).
    fn load() -> Self {
        let load = |name| urikit_bench::lines(name).expect("corpus in data/");
        let web = load("web-1in4.txt");
        let encoded = load("encoded-1in4.txt");
        let iri = load("iri-1in2.txt");
        let plain = web
            .iter()
            .map(|line| {
                line.chars()
                    .filter(|&c| c.is_ascii() && UNRESERVED.keeps(c as u8))
                    .collect()
            })
            .collect();
        let plain_url = web
            .iter()
            .filter(|line| matches!(encode(line, &QUERY_COMPONENT), Cow::Borrowed(_)))
            .cloned()
            .collect();
        let encode_all = |lines: &[String], set| -> Vec<String> {
            lines
                .iter()
                .map(|line| encode(line, set).into_owned())
                .collect()
        };
        let web_query_component = encode_all(&web, &QUERY_COMPONENT);
        let changed: Vec<String> = web
            .iter()
            .filter(|line| matches!(encode(line, &QUERY_COMPONENT), Cow::Owned(_)))
            .cloned()
            .collect();
        let changed_query_component = encode_all(&changed, &QUERY_COMPONENT);
        let iri_unreserved = encode_all(&iri, &UNRESERVED);
        Corpora {
            web,
            encoded,
            iri,
            plain,
            plain_url,
            web_query_component,
            changed,
            changed_query_component,
            iri_unreserved,
        }
    }
}

/// The encode groups.
fn bench_encode(c: &mut Criterion, d: &Corpora) {
    /// Times every encoder for `E`'s set (`urlencoding` where it can take
    /// part), with `scan-only` after ours when asked.
    fn encoders<E: Sets>(g: &mut Group<'_, '_>, scan_only: bool) {
        g.bench("uri-encode", |s| encode(s, &E::OURS));
        if scan_only {
            g.bench("scan-only", |s| {
                if s.bytes().all(|b| E::OURS.keeps(b)) {
                    Cow::Borrowed(s)
                } else {
                    encode(s, &E::OURS)
                }
            });
        }
        g.bench("percent-encoding", |s| {
            Cow::from(utf8_percent_encode(s, E::PE))
        });
        if E::URLENCODING {
            g.bench("urlencoding", urlencoding::encode);
        }
        g.bench("fluent-uri", fluent_encode::<E>);
    }

    // Nothing to encode; every set keeps every byte, so all peers take part.
    let mut g = Group::new(c, "encode/plain", &d.plain, &d.plain);
    encoders::<FluentUnreserved>(&mut g, true);
    g.finish();

    // Nothing to encode for the query-component set; `urlencoding` (fixed
    // set: `unreserved`) would encode `:` and `/`, so it cannot take part.
    let mut g = Group::new(c, "encode/plain-url", &d.plain_url, &d.plain_url);
    encoders::<FluentQueryComponent>(&mut g, true);
    g.finish();

    // `urlencoding` cannot take part: its set is fixed (`unreserved`).
    let mut g = Group::new(c, "encode/mixed", &d.web, &d.web_query_component);
    encoders::<FluentQueryComponent>(&mut g, false);
    g.finish();

    // The same, only the lines that change: the encoding loop itself.
    let mut g = Group::new(
        c,
        "encode/mixed-changed",
        &d.changed,
        &d.changed_query_component,
    );
    encoders::<FluentQueryComponent>(&mut g, false);
    g.finish();

    // Expected: `encoded-1in4.txt`, made by Python's `quote(safe='')`.
    let mut g = Group::new(c, "encode/mixed-unreserved", &d.web, &d.encoded);
    encoders::<FluentUnreserved>(&mut g, false);
    g.finish();

    let mut g = Group::new(c, "encode/heavy", &d.iri, &d.iri_unreserved);
    encoders::<FluentUnreserved>(&mut g, false);
    g.finish();
}

/// The decode groups: every peer decodes to UTF-8 text.
fn bench_decode(c: &mut Criterion, d: &Corpora) {
    /// Times every implementation on `inputs`; `fluent-uri` needs an
    /// encoder whose table allows every literal byte of the input.
    fn peers<'i, E: Encoder>(g: &mut Group<'_, 'i>) {
        g.bench("uri-encode", decode_utf8);
        g.bench("percent-encoding", |s| percent_decode_str(s).decode_utf8());
        g.bench("urlencoding", urlencoding::decode);
        g.bench("fluent-uri", fluent_decode::<E>);
    }

    let mut g = Group::new(c, "decode/plain", &d.plain, &d.plain);
    g.bench("scan-only", |s| {
        if s.bytes().any(|b| b == b'%') {
            decode_utf8(s)
        } else {
            Ok(Cow::Borrowed(s))
        }
    });
    peers::<FluentUnreserved>(&mut g);
    g.finish();

    let mut g = Group::new(c, "decode/mixed", &d.web_query_component, &d.web);
    peers::<FluentQueryComponent>(&mut g);
    g.finish();

    let mut g = Group::new(
        c,
        "decode/mixed-changed",
        &d.changed_query_component,
        &d.changed,
    );
    peers::<FluentQueryComponent>(&mut g);
    g.finish();

    let mut g = Group::new(c, "decode/heavy", &d.encoded, &d.web);
    peers::<FluentUnreserved>(&mut g);
    g.finish();
}

/// Loads the corpora, then runs every group (criterion reads its options
/// from the command line).
fn main() {
    check_sets();
    let corpora = Corpora::load();
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    bench_encode(&mut c, &corpora);
    bench_decode(&mut c, &corpora);
    c.final_summary();
}
