//! A small harness for instruction-count profiles: runs one operation once
//! over a corpus, for `valgrind --tool=callgrind`, whose counts (unlike
//! wall-clock times on a shared machine) repeat exactly.
//!
//! ```sh
//! cargo build --release -p urikit-bench --example profile
//! valgrind --tool=callgrind --toggle-collect='profile::measure' \
//!     --callgrind-out-file=parse.out target/release/examples/profile parse
//! callgrind_annotate --inclusive=yes parse.out | head -40
//! ```
//!
//! With `--time=ROUNDS` and several operations, it times them instead
//! (interleaved, fastest round of each, and each one's ratio to the
//! first): a quick wall-clock A/B while working, not the benchmark.
//!
//! With `--toggle-collect`, only [`measure`] (the loop over the corpus) is
//! counted, not loading the corpus or parsing the bases: divide the total
//! by the items printed.
//!
//! Operations (`urikit` unless a peer is named): `parse`, `components`,
//! `resolve` (a `Resolver` per base built before, each reference parsed and
//! resolved into one reused `String`), `resolve-owned` (one-shot, as the
//! benchmark's `resolve/one-shot`: `uri_resolve::resolve(Uri::parse(base),
//! UriReference::parse(reference))` to a new `UriBuf`, both parsed in the
//! loop), `normalize` (parse, then `normalize_into` a reused `String`),
//! `normalize-owned` (`normalize_uri(Uri::parse(line))` to a new `UriBuf`);
//! the peers' `parse-fluent-uri`, `components-fluent-uri`, `parse-oxiri`,
//! `resolve-oxiri` (base parsed before; `IriRef::parse` and `resolve_into`
//! a reused `String`), `resolve-owned-oxiri`, `resolve-owned-fluent-uri`,
//! `normalize-fluent-uri`, `normalize-owned-fluent-uri` (each as in the
//! benchmarks; fluent-uri 0.4, oxiri 0.3); `decode-heavy` (`encoded-1in4.txt`),
//! `encode-plain` (the `unreserved` bytes of `web-1in4.txt`: nothing to
//! encode), `decode-mixed` and `decode-plain` (`web-1in4.txt` encoded for the query
//! component, and its unreserved bytes alone), `decode-changed` (the lines
//! of `decode-mixed` that have a triplet), each also with
//! `-urlencoding`; `encode-heavy` (`iri-1in2.txt`) and `encode-unreserved`
//! (`web-1in4.txt`), every byte outside `unreserved` encoded, each also
//! with `-urlencoding` or `-percent`, and `encode-mixed` (`web-1in4.txt`)
//! and `encode-changed` (its lines that change), for the query component,
//! each also with `-percent` (`percent-encoding`), as in the benchmark's
//! `encode/*` groups; on `iri-1in2.txt`, as in the `iri` benchmark:
//! `iri-parse` (`IriReference::parse`), `iri-parse-fluent-uri`
//! (`IriRef::parse`), `iri-parse-oxiri` (`IriRef::parse`),
//! `iri-parse-iri-string` (`IriReferenceStr::new`); `to-uri`
//! (`uri_iri::to_uri(IriReference::parse(line))`), `to-uri-fluent-uri`
//! (`IriRef::parse(line).to_uri_ref()`), `to-uri-iri-string`
//! (`IriReferenceStr::new(line).encode_to_uri().to_dedicated_string()`);
//! `to-uri-idna` (`to_uri_with(_, HostMapping::Idna)`) and
//! `to-uri-idna-url` (`url::Url::parse`); as in the `schemes` benchmark,
//! on the http(s) lines of `mixed.txt`: `scheme-parse` (`Uri::parse`
//! alone), `scheme-check` (`Registry::check` on the lines parsed before
//! `measure`), `scheme-parse-check` (both), `http-origin` (parse, check,
//! the origin taken out of `Fields::Http`, owned), `http-origin-url`
//! (`Url::parse`, `origin()`), `http-normalize` (parse,
//! `Registry::normalize`), `http-normalize-url` (`Url::parse`); on
//! `urikit_bench::urns(10_000)`: `urn-check` (parse and check),
//! `urn-parse` (parse and the typed entry `Urn::parse`, as the benchmark's
//! `schemes/urn`) and `urn-urn` (`urn::UrnSlice::try_from`); on
//! `urikit_bench::purls(10_000)`, as the benchmark's `schemes/pkg`:
//! `pkg-parse` (parse and the typed entry `Purl::parse`), `pkg-parse-str`
//! (`Purl::parse_str`) and `pkg-packageurl`
//! (`packageurl::PackageUrl::from_str`); on `urikit_bench::mailtos` of
//! `web-1in4.txt`: `mailto-check` (parse and check); `scheme-validate`
//! (`Registry::validate` on the lines parsed before `measure`);
//! `scheme-check-ref`, `scheme-validate-ref` and `scheme-parse-ref` (the
//! same three, each result left where it was returned and `black_box`ed
//! by reference, not moved into `black_box`: what the move of a
//! 112-byte `Report` costs); `parse-both` (the two parses of
//! `resolve-owned` alone, no resolution); on the
//! references of `relative-1in3.txt`, as in `parse/relative`:
//! `parse-relative` (`UriReference::parse`), `parse-relative-fluent-uri`,
//! `parse-relative-oxiri`; `resolve-floor` and `resolve-owned-floor`
//! (`resolve` and `resolve-owned` with no resolution: the base's text up
//! to its path and the whole reference copied, into the reused `String`
//! or, with the layout of the base's part, into one new `UriBuf`: what
//! the parses, the copies and the allocation cost alone, a floor under
//! any resolution; their targets are not the resolved ones);
//! `resolve-owned-string` (`resolve-owned` with the target resolved by
//! `Resolver::new` and `resolve_into` into a new `String` of the same
//! capacity: one allocation, no layout written, no `UriBuf`; `Resolver::new`
//! also finds the base's directory end, which the one-shot finds only to
//! merge); `OP-floor` for any of the codec operations above without a
//! peer's suffix (`encode-…`, `decode-…`: our outputs, made before
//! `measure`, each copied into a new `String` and dropped: the least any
//! codec that returns an owned `String` does, with no input read and
//! nothing decided); and `baseline` (the
//! loop over `mixed.txt` alone). Corpora: `mixed.txt` (parse, components,
//! normalize) and `relative-1in3.txt` (resolve), as in the benchmarks.
//! Prints the item count and a checksum (so that no work is optimized
//! away). With the environment variable `PROFILE_SORT_PAIRS` set, the
//! pairs of `relative-1in3.txt` are sorted by the case of §5.2.2 their
//! reference takes (scheme, authority, absolute path, no path, leading
//! `./` or `../`, other relative path), so that the branch on the case
//! repeats instead of varying from pair to pair.
//!
//! Counts on `mixed.txt` / `relative-1in3.txt` when this harness was
//! written (instructions per item, loop included): baseline 10; parse 528
//! (fluent-uri 847, oxiri 2,543); components 562 (fluent-uri 1,054);
//! resolve 705 (oxiri 1,808); normalize 1,325 (fluent-uri 3,830).
//! With fluent-uri 0.4.1 and oxiri 0.3.1, on the spec-typed types
//! (2026-11-25): parse 340 (fluent-uri 845, oxiri 729); components 379
//! (fluent-uri 1,053); resolve 496 (oxiri 883); resolve-owned 1,487 (oxiri
//! 1,849, fluent-uri 3,114; 2,222 before the layout writer); normalize 696
//! (709 before); normalize-owned 1,006 (fluent-uri 3,071; 1,307 before the
//! layout writer). On `iri-1in2.txt` (2026-11-25, issue 15): iri-parse 472
//! (1,279 before the IRI scan stepped over safe non-ASCII bytes;
//! fluent-uri 1,615, oxiri 1,070, iri-string 1,687); to-uri 1,944 (3,479
//! before; fluent-uri 3,785, iri-string 3,677); to-uri-idna 2,635 (4,158
//! before; url 5,900).

// a measurement, not shipped code: it may unwrap and panic (the workspace denies both in the
// libraries).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use std::hint::black_box;

use iri_string::format::ToDedicatedString;
use iri_string::types::IriReferenceStr;
use percent_encoding::{AsciiSet, utf8_percent_encode};
use uri_core::{IriReference, Uri, UriReference};
use uri_encode::EncodeSet;
use uri_resolve::{Resolver, normalize_into, normalize_uri};
use uri_schemes::{Fields, Registry};

const UNRESERVED: EncodeSet = EncodeSet::UNRESERVED;
const QUERY_COMPONENT: EncodeSet = EncodeSet::QUERY_COMPONENT;

/// `percent-encoding`'s equivalent of [`UNRESERVED`].
static PE_UNRESERVED: AsciiSet = UNRESERVED.to_ascii_set();

/// `percent-encoding`'s equivalent of [`QUERY_COMPONENT`].
static PE_QUERY_COMPONENT: AsciiSet = QUERY_COMPONENT.to_ascii_set();

/// The inputs, loaded before [`measure`].
struct Inputs<'a> {
    /// The lines of `mixed.txt`.
    lines: &'a [String],
    /// The pairs of `relative-1in3.txt`.
    pairs: &'a [(String, String)],
    /// Our resolver for each pair's base.
    resolvers: Vec<Resolver<'a>>,
    /// `oxiri`'s parsed base of each pair.
    oxiri_bases: Vec<oxiri::Iri<&'a str>>,
    /// The lines of `encoded-1in4.txt` (every byte outside `unreserved`
    /// percent-encoded), for the decoders.
    encoded: &'a [String],
    /// The lines of `web-1in4.txt` encoded for the query component, as in
    /// the benchmark's `decode/mixed`.
    mixed_encoded: Vec<String>,
    /// The `unreserved` bytes of each line of `web-1in4.txt`, as in the
    /// benchmark's `decode/plain`: nothing to decode.
    plain: Vec<String>,
    /// The lines of `web-1in4.txt`, for the encoders.
    web: &'a [String],
    /// The lines of `iri-1in2.txt` (IRIs full of non-ASCII characters),
    /// for the encoders.
    iri: &'a [String],
    /// The lines of `web-1in4.txt` that change when encoded for the query
    /// component, as in the benchmark's `encode/mixed-changed`.
    changed: Vec<String>,
    /// Those lines encoded for the query component, as in the benchmark's
    /// `decode/mixed-changed`.
    changed_encoded: Vec<String>,
    /// The standard scheme registry.
    registry: Registry,
    /// The http(s) lines of `mixed.txt`, as in the `schemes` benchmark.
    http: &'a [String],
    /// Those of them that parse, parsed.
    http_uris: Vec<Uri<'a>>,
    /// `urikit_bench::urns(10_000)`.
    urns: &'a [String],
    /// `urikit_bench::purls(10_000)`.
    purls: &'a [String],
    /// `urikit_bench::mailtos` of `web-1in4.txt`.
    mailtos: &'a [String],
    /// For each `OP-floor` operation asked for, `OP`'s outputs (ours,
    /// made before [`measure`]).
    floors: std::collections::HashMap<String, Vec<String>>,
}

/// Runs `op` once over its corpus: the only function callgrind counts.
/// Returns the items done and a checksum.
#[inline(never)]
fn measure(op: &str, inputs: &mut Inputs<'_>) -> (usize, usize) {
    let (lines, pairs) = (inputs.lines, inputs.pairs);
    let mut out = String::new();
    let mut sum = 0usize;
    let mut items = 0usize;
    match op {
        "baseline" => {
            for line in lines {
                sum += black_box(line.as_str()).len();
                items += 1;
            }
        }
        "parse" => {
            for line in lines {
                sum += usize::from(black_box(UriReference::parse(black_box(line))).is_ok());
                items += 1;
            }
        }
        "components" => {
            for line in lines {
                if let Ok(r) = UriReference::parse(black_box(line)) {
                    let a = r.authority();
                    black_box((
                        r.scheme(),
                        a.map(|a| (a.userinfo(), a.host_str(), a.port())),
                        r.path(),
                        r.query(),
                        r.fragment(),
                    ));
                    sum += 1;
                }
                items += 1;
            }
        }
        "resolve" => {
            for (resolver, (_, reference)) in inputs.resolvers.iter_mut().zip(pairs) {
                if let Ok(r) = UriReference::parse(black_box(reference)) {
                    resolver.resolve_into(r, &mut out);
                    sum += black_box(&out).len();
                }
                items += 1;
            }
        }
        "resolve-floor" => {
            for (resolver, (_, reference)) in inputs.resolvers.iter_mut().zip(pairs) {
                if let Ok(r) = UriReference::parse(black_box(reference)) {
                    let base = resolver.base();
                    out.clear();
                    out.push_str(&base.as_str()[..path_start(&base)]);
                    out.push_str(r.as_str());
                    sum += black_box(&out).len();
                }
                items += 1;
            }
        }
        "resolve-owned-floor" => {
            for (base, reference) in pairs {
                if let (Ok(b), Ok(r)) = (
                    Uri::parse(black_box(base)),
                    UriReference::parse(black_box(reference)),
                ) {
                    let base = b.components();
                    let capacity = base.as_str().len() + r.as_str().len() + 3;
                    // The writer's floor, unchecked: a release build does
                    // not check the pieces (the reference is not one).
                    let mut w = uri_core::TrustedWriter::<
                        uri_core::UriSpec,
                        uri_core::writer::Absolute,
                    >::with_capacity(capacity);
                    w.copy_prefix(base, path_start(&base));
                    w.push_str(r.as_str());
                    sum += black_box(w.finish()).as_str().len();
                }
                items += 1;
            }
        }
        "resolve-owned-string" => {
            for (base, reference) in pairs {
                if let (Ok(b), Ok(r)) = (
                    Uri::parse(black_box(base)),
                    UriReference::parse(black_box(reference)),
                ) {
                    let mut s = String::with_capacity(b.as_str().len() + r.as_str().len() + 3);
                    uri_resolve::Resolver::new(b).resolve_into(r, &mut s);
                    sum += black_box(s).len();
                }
                items += 1;
            }
        }
        "resolve-owned" => {
            for (base, reference) in pairs {
                if let (Ok(b), Ok(r)) = (
                    Uri::parse(black_box(base)),
                    UriReference::parse(black_box(reference)),
                ) {
                    sum += black_box(uri_resolve::resolve(b, r)).as_str().len();
                }
                items += 1;
            }
        }
        "parse-both" => {
            for (base, reference) in pairs {
                if let (Ok(b), Ok(r)) = (
                    Uri::parse(black_box(base)),
                    UriReference::parse(black_box(reference)),
                ) {
                    sum += black_box(b).as_str().len() + black_box(r).as_str().len();
                }
                items += 1;
            }
        }
        op if is_codec_floor(op) => {
            // What any codec returning an owned `String` does at least: a
            // new `String` of the output's length, the output written into
            // it, and freed; no input read, nothing decided.
            for text in &inputs.floors[op] {
                sum += black_box(String::from(black_box(text.as_str()))).len();
                items += 1;
            }
        }
        op if op.starts_with("encode-") => {
            let (corpus, peer) = match op.rsplit_once('-') {
                Some((corpus, p @ ("urlencoding" | "percent"))) => (corpus, p),
                _ => (op, ""),
            };
            let (lines, set, ascii_set) = encode_corpus(corpus, inputs);
            let unreserved = *set == UNRESERVED;
            let runtime_set = std::env::args().any(|a| a == "--runtime-set");
            for line in lines {
                let text = match peer {
                    "urlencoding" => urlencoding::encode(black_box(line)),
                    "percent" => {
                        std::borrow::Cow::from(utf8_percent_encode(black_box(line), ascii_set))
                    }
                    // Each set a constant at its call, as in the benchmark.
                    // `--runtime-set`: the set as a value the compiler cannot see.
                    _ if runtime_set => uri_encode::encode(black_box(line), black_box(set)),
                    _ if unreserved => uri_encode::encode(black_box(line), &UNRESERVED),
                    _ => uri_encode::encode(black_box(line), &QUERY_COMPONENT),
                };
                sum += black_box(text).len();
                items += 1;
            }
        }
        op if op.starts_with("decode-") => {
            let (corpus, peer) = match op.strip_suffix("-urlencoding") {
                Some(corpus) => (corpus, true),
                None => (op, false),
            };
            let lines = decode_corpus(corpus, inputs);
            for line in lines {
                let text = if peer {
                    urlencoding::decode(black_box(line)).ok()
                } else {
                    uri_encode::decode_utf8(black_box(line)).ok()
                };
                if let Some(text) = text {
                    sum += black_box(text).len();
                }
                items += 1;
            }
        }
        "normalize" => {
            for line in lines {
                if let Ok(r) = UriReference::parse(black_box(line)) {
                    normalize_into(r.components(), &mut out);
                    sum += black_box(&out).len();
                }
                items += 1;
            }
        }
        "normalize-owned" => {
            for line in lines {
                if let Ok(u) = Uri::parse(black_box(line)) {
                    sum += black_box(normalize_uri(u)).as_str().len();
                }
                items += 1;
            }
        }
        "scan-only" => {
            let t = &uri_core::grammar::QUERY;
            for line in lines {
                let b = black_box(line.as_bytes());
                let mut ok = true;
                let mut c = b.chunks_exact(8);
                for w in &mut c {
                    ok &=
                        (t.contains(w[0]) & t.contains(w[1]) & t.contains(w[2]) & t.contains(w[3]))
                            & (t.contains(w[4])
                                & t.contains(w[5])
                                & t.contains(w[6])
                                & t.contains(w[7]));
                }
                for &x in c.remainder() {
                    ok &= t.contains(x);
                }
                sum += usize::from(ok);
                items += 1;
            }
        }
        "parse-fluent-uri" => {
            for line in lines {
                let r = fluent_uri::UriRef::parse(black_box(line.as_str()));
                sum += usize::from(black_box(r).is_ok());
                items += 1;
            }
        }
        "components-fluent-uri" => {
            for line in lines {
                if let Ok(r) = fluent_uri::UriRef::parse(black_box(line.as_str())) {
                    let a = r.authority();
                    black_box((
                        r.scheme().map(|s| s.as_str()),
                        a.map(|a| {
                            (
                                a.userinfo().map(|u| u.as_str()),
                                a.host(),
                                a.port().map(|p| p.as_str()),
                            )
                        }),
                        r.path().as_str(),
                        r.query().map(|q| q.as_str()),
                        r.fragment().map(|f| f.as_str()),
                    ));
                    sum += 1;
                }
                items += 1;
            }
        }
        "parse-relative" => {
            for (_, reference) in pairs {
                let r = UriReference::parse(black_box(reference.as_str()));
                sum += usize::from(black_box(r).is_ok());
                items += 1;
            }
        }
        "parse-relative-fluent-uri" => {
            for (_, reference) in pairs {
                let r = fluent_uri::UriRef::parse(black_box(reference.as_str()));
                sum += usize::from(black_box(r).is_ok());
                items += 1;
            }
        }
        "parse-relative-oxiri" => {
            for (_, reference) in pairs {
                let r = oxiri::IriRef::parse(black_box(reference.as_str()));
                sum += usize::from(black_box(r).is_ok());
                items += 1;
            }
        }
        "parse-oxiri" => {
            for line in lines {
                let r = oxiri::IriRef::parse(black_box(line.as_str()));
                sum += usize::from(black_box(r).is_ok());
                items += 1;
            }
        }
        "resolve-oxiri" => {
            for (base, (_, reference)) in inputs.oxiri_bases.iter().zip(pairs) {
                if let Ok(r) = oxiri::IriRef::parse(black_box(reference.as_str())) {
                    out.clear();
                    if base.resolve_into(&r, &mut out).is_ok() {
                        sum += black_box(&out).len();
                    }
                }
                items += 1;
            }
        }
        "resolve-owned-oxiri" => {
            for (base, reference) in pairs {
                let target = match (
                    oxiri::Iri::parse(black_box(base.as_str())),
                    oxiri::IriRef::parse(black_box(reference.as_str())),
                ) {
                    (Ok(b), Ok(r)) => b.resolve(&r).ok(),
                    _ => None,
                };
                if let Some(t) = target {
                    sum += black_box(t).as_str().len();
                }
                items += 1;
            }
        }
        "resolve-owned-fluent-uri" => {
            for (base, reference) in pairs {
                let target = match (
                    fluent_uri::Uri::parse(black_box(base.as_str())),
                    fluent_uri::UriRef::parse(black_box(reference.as_str())),
                ) {
                    (Ok(b), Ok(r)) => r.resolve_against(&b).ok(),
                    _ => None,
                };
                if let Some(t) = target {
                    sum += black_box(t).as_str().len();
                }
                items += 1;
            }
        }
        "normalize-fluent-uri" => {
            for line in lines {
                if let Ok(r) = fluent_uri::UriRef::parse(black_box(line.as_str())) {
                    sum += black_box(r.normalize()).as_str().len();
                }
                items += 1;
            }
        }
        "normalize-owned-fluent-uri" => {
            for line in lines {
                if let Ok(u) = fluent_uri::Uri::parse(black_box(line.as_str())) {
                    sum += black_box(u.normalize()).as_str().len();
                }
                items += 1;
            }
        }
        "iri-parse" => {
            for line in inputs.iri {
                let r = IriReference::parse(black_box(line));
                sum += usize::from(black_box(r).is_ok());
                items += 1;
            }
        }
        "iri-parse-fluent-uri" => {
            for line in inputs.iri {
                let r = fluent_uri::IriRef::parse(black_box(line.as_str()));
                sum += usize::from(black_box(r).is_ok());
                items += 1;
            }
        }
        "iri-parse-oxiri" => {
            for line in inputs.iri {
                let r = oxiri::IriRef::parse(black_box(line.as_str()));
                sum += usize::from(black_box(r).is_ok());
                items += 1;
            }
        }
        "iri-parse-iri-string" => {
            for line in inputs.iri {
                let r = IriReferenceStr::new(black_box(line.as_str()));
                sum += usize::from(black_box(r).is_ok());
                items += 1;
            }
        }
        "to-uri" => {
            for line in inputs.iri {
                if let Ok(r) = IriReference::parse(black_box(line)) {
                    sum += black_box(uri_iri::to_uri(r)).as_str().len();
                }
                items += 1;
            }
        }
        "to-uri-fluent-uri" => {
            for line in inputs.iri {
                if let Ok(r) = fluent_uri::IriRef::parse(black_box(line.as_str())) {
                    sum += black_box(r.to_uri_ref()).as_str().len();
                }
                items += 1;
            }
        }
        "to-uri-iri-string" => {
            for line in inputs.iri {
                if let Ok(r) = IriReferenceStr::new(black_box(line.as_str())) {
                    sum += black_box(r.encode_to_uri().to_dedicated_string())
                        .as_str()
                        .len();
                }
                items += 1;
            }
        }
        "to-uri-idna" => {
            for line in inputs.iri {
                if let Ok(r) = IriReference::parse(black_box(line)) {
                    if let Ok(u) = uri_iri::to_uri_with(r, uri_iri::HostMapping::Idna) {
                        sum += black_box(u).as_str().len();
                    }
                }
                items += 1;
            }
        }
        "to-uri-idna-url" => {
            for line in inputs.iri {
                if let Ok(u) = url::Url::parse(black_box(line)) {
                    sum += black_box(u).as_str().len();
                }
                items += 1;
            }
        }
        "scheme-parse" => {
            for line in inputs.http {
                sum += usize::from(black_box(Uri::parse(black_box(line))).is_ok());
                items += 1;
            }
        }
        "scheme-check" => {
            for uri in &inputs.http_uris {
                sum += usize::from(black_box(inputs.registry.check(black_box(*uri))).is_valid());
                items += 1;
            }
        }
        "scheme-check-ref" => {
            for uri in &inputs.http_uris {
                let r = inputs.registry.check(black_box(*uri));
                sum += usize::from(black_box(&r).is_valid());
                items += 1;
            }
        }
        "scheme-validate-ref" => {
            for uri in &inputs.http_uris {
                let r = inputs.registry.validate(black_box(*uri));
                sum += black_box(&r).len();
                items += 1;
            }
        }
        "scheme-parse-ref" => {
            for line in inputs.http {
                let r = Uri::parse(black_box(line));
                sum += usize::from(black_box(&r).is_ok());
                items += 1;
            }
        }
        "scheme-validate" => {
            for uri in &inputs.http_uris {
                sum += black_box(inputs.registry.validate(black_box(*uri))).len();
                items += 1;
            }
        }
        "scheme-parse-check" => {
            for line in inputs.http {
                if let Ok(uri) = Uri::parse(black_box(line)) {
                    sum += usize::from(black_box(inputs.registry.check(uri)).is_valid());
                }
                items += 1;
            }
        }
        "http-origin" => {
            for line in inputs.http {
                if let Ok(uri) = Uri::parse(black_box(line)) {
                    if let Fields::Http(http) = inputs.registry.check(uri).into_parts().0 {
                        let origin = http.origin().cloned().map(uri_schemes::Origin::into_owned);
                        sum += black_box(origin).map_or(0, |o| o.port() as usize);
                    }
                }
                items += 1;
            }
        }
        "http-origin-url" => {
            for line in inputs.http {
                if let Ok(url) = url::Url::parse(black_box(line)) {
                    if let url::Origin::Tuple(_, _, port) = black_box(url.origin()) {
                        sum += port as usize;
                    }
                }
                items += 1;
            }
        }
        "http-normalize" => {
            for line in inputs.http {
                if let Ok(uri) = Uri::parse(black_box(line)) {
                    sum += black_box(inputs.registry.normalize(uri)).as_str().len();
                }
                items += 1;
            }
        }
        "http-normalize-url" => {
            for line in inputs.http {
                if let Ok(url) = url::Url::parse(black_box(line)) {
                    sum += black_box(url).as_str().len();
                }
                items += 1;
            }
        }
        "urn-check" | "mailto-check" => {
            let lines = if op == "urn-check" {
                inputs.urns
            } else {
                inputs.mailtos
            };
            for line in lines {
                if let Ok(uri) = Uri::parse(black_box(line)) {
                    sum += usize::from(black_box(inputs.registry.check(uri)).is_valid());
                }
                items += 1;
            }
        }
        "urn-parse" => {
            for line in inputs.urns {
                if let Ok(uri) = Uri::parse(black_box(line)) {
                    sum += usize::from(black_box(uri_schemes::Urn::parse(uri)).is_ok());
                }
                items += 1;
            }
        }
        "pkg-parse" => {
            for line in inputs.purls {
                if let Ok(uri) = Uri::parse(black_box(line)) {
                    sum += usize::from(black_box(uri_schemes::Purl::parse(uri)).is_ok());
                }
                items += 1;
            }
        }
        "pkg-parse-str" => {
            for line in inputs.purls {
                sum +=
                    usize::from(black_box(uri_schemes::Purl::parse_str(black_box(line))).is_ok());
                items += 1;
            }
        }
        "pkg-packageurl" => {
            for line in inputs.purls {
                let purl =
                    <packageurl::PackageUrl<'_> as std::str::FromStr>::from_str(black_box(line));
                sum += usize::from(black_box(purl).is_ok());
                items += 1;
            }
        }
        "urn-urn" => {
            for line in inputs.urns {
                let urn = urn::UrnSlice::try_from(black_box(line.as_str()));
                sum += usize::from(black_box(urn).is_ok());
                items += 1;
            }
        }
        other => {
            eprintln!("unknown operation `{other}`; see the module docs");
            std::process::exit(2);
        }
    }
    (items, sum)
}

/// Which case of RFC 3986 §5.2.2 a reference takes, as a number: a
/// scheme, an authority, an absolute path, no path, a relative path that
/// begins with `./` or `../`, another relative path (what
/// `PROFILE_SORT_PAIRS` sorts the pairs by).
fn reference_case(reference: &str) -> u8 {
    let first_colon = reference.find(':');
    if first_colon.is_some_and(|c| !reference[..c].contains(['/', '?', '#'])) {
        0
    } else if reference.starts_with("//") {
        1
    } else if reference.starts_with('/') {
        2
    } else if reference.is_empty() || reference.starts_with(['?', '#']) {
        3
    } else if reference.starts_with("./") || reference.starts_with("../") {
        4
    } else {
        5
    }
}

/// The offset of `parts`' path in its text.
fn path_start(parts: &uri_core::Components<'_>) -> usize {
    parts.as_str().len()
        - parts.path().len()
        - parts.query().map_or(0, |q| q.len() + 1)
        - parts.fragment().map_or(0, |f| f.len() + 1)
}

/// The lines, our set and `percent-encoding`'s of the encode operation
/// `corpus` (its name without a peer's suffix), as in the benchmark's
/// `encode/*` groups; an unknown one ends the program.
fn encode_corpus<'i>(
    corpus: &str,
    inputs: &'i Inputs<'_>,
) -> (&'i [String], &'static EncodeSet, &'static AsciiSet) {
    match corpus {
        "encode-plain" => (&inputs.plain, &UNRESERVED, &PE_UNRESERVED),
        "encode-heavy" => (inputs.iri, &UNRESERVED, &PE_UNRESERVED),
        "encode-unreserved" => (inputs.web, &UNRESERVED, &PE_UNRESERVED),
        "encode-mixed" => (inputs.web, &QUERY_COMPONENT, &PE_QUERY_COMPONENT),
        "encode-changed" => (&inputs.changed, &QUERY_COMPONENT, &PE_QUERY_COMPONENT),
        other => unknown_corpus(other),
    }
}

/// The lines of the decode operation `corpus` (its name without a peer's
/// suffix), as in the benchmark's `decode/*` groups; an unknown one ends
/// the program.
fn decode_corpus<'i>(corpus: &str, inputs: &'i Inputs<'_>) -> &'i [String] {
    match corpus {
        "decode-heavy" => inputs.encoded,
        "decode-mixed" => &inputs.mixed_encoded,
        "decode-plain" => &inputs.plain,
        "decode-changed" => &inputs.changed_encoded,
        other => unknown_corpus(other),
    }
}

/// Ends the program on an operation name it does not know.
fn unknown_corpus(name: &str) -> ! {
    eprintln!("unknown corpus `{name}`; see the module docs");
    std::process::exit(2);
}

/// Whether `op` is a codec operation's floor (`encode-…-floor`,
/// `decode-…-floor`), not `resolve-floor` or `resolve-owned-floor`, which
/// have their own loops.
fn is_codec_floor(op: &str) -> bool {
    op.ends_with("-floor") && (op.starts_with("encode-") || op.starts_with("decode-"))
}

/// Our outputs for the codec operation `op` (`encode-…` or `decode-…`),
/// one a line that encodes or decodes: what its `-floor` copies.
fn floor_outputs(op: &str, inputs: &Inputs<'_>) -> Vec<String> {
    if op.starts_with("encode-") {
        let (lines, set, _) = encode_corpus(op, inputs);
        lines
            .iter()
            .map(|line| uri_encode::encode(line, set).into_owned())
            .collect()
    } else {
        decode_corpus(op, inputs)
            .iter()
            .filter_map(|line| uri_encode::decode_utf8(line).ok().map(|t| t.into_owned()))
            .collect()
    }
}

/// Loads the corpora, runs the operation named by the first argument and
/// prints what it did.
fn main() {
    let op = std::env::args().nth(1).unwrap_or_else(|| "parse".into());
    let lines = urikit_bench::lines("mixed.txt").expect("corpus in data/");
    let mut pairs = urikit_bench::pairs("relative-1in3.txt").expect("corpus in data/");
    if std::env::var_os("PROFILE_SORT_PAIRS").is_some() {
        pairs.sort_by_key(|(_, reference)| reference_case(reference));
    }
    let encoded = urikit_bench::lines("encoded-1in4.txt").expect("corpus in data/");
    let web = urikit_bench::lines("web-1in4.txt").expect("corpus in data/");
    let iri = urikit_bench::lines("iri-1in2.txt").expect("corpus in data/");
    let http = urikit_bench::http_lines(&lines);
    let urns = urikit_bench::urns(10_000);
    let purls = urikit_bench::purls(10_000).expect("corpus in data/");
    let mailtos = urikit_bench::mailtos(&web);
    let mut inputs = Inputs {
        lines: &lines,
        pairs: &pairs,
        resolvers: pairs
            .iter()
            .map(|(base, _)| Resolver::new(Uri::parse(base).expect("valid base")))
            .collect(),
        oxiri_bases: pairs
            .iter()
            .map(|(base, _)| oxiri::Iri::parse(base.as_str()).expect("valid base"))
            .collect(),
        encoded: &encoded,
        mixed_encoded: web
            .iter()
            .map(|line| {
                uri_encode::encode(line, &uri_encode::EncodeSet::QUERY_COMPONENT).into_owned()
            })
            .collect(),
        plain: web
            .iter()
            .map(|line| {
                line.chars()
                    .filter(|c| c.is_ascii_alphanumeric() || "-._~".contains(*c))
                    .collect()
            })
            .collect(),
        web: &web,
        iri: &iri,
        changed: web
            .iter()
            .filter(|line| {
                uri_encode::encode(line, &uri_encode::EncodeSet::QUERY_COMPONENT).len()
                    != line.len()
            })
            .cloned()
            .collect(),
        changed_encoded: Vec::new(),
        registry: Registry::standard(),
        http: &http,
        http_uris: http.iter().filter_map(|l| Uri::parse(l).ok()).collect(),
        urns: &urns,
        purls: &purls,
        mailtos: &mailtos,
        floors: std::collections::HashMap::new(),
    };
    inputs.changed_encoded = inputs
        .changed
        .iter()
        .map(|line| uri_encode::encode(line, &QUERY_COMPONENT).into_owned())
        .collect();
    let ops: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    for floor in ops.iter().filter(|op| is_codec_floor(op)) {
        let outputs = floor_outputs(floor.trim_end_matches("-floor"), &inputs);
        inputs.floors.insert(floor.clone(), outputs);
    }
    let rounds = std::env::args()
        .find_map(|a| a.strip_prefix("--time=").map(str::to_owned))
        .map(|n| n.parse::<usize>().expect("--time=ROUNDS"));
    let Some(rounds) = rounds else {
        let (items, sum) = measure(&op, &mut inputs);
        println!("{op}: {items} items, checksum {sum}");
        return;
    };
    // Wall-clock mode: the operations interleaved, `rounds` times each; the
    // fastest round of each is printed, and its ratio to the first's.
    let mut best = vec![f64::INFINITY; ops.len()];
    for _ in 0..rounds {
        for (k, op) in ops.iter().enumerate() {
            let start = std::time::Instant::now();
            let (items, _) = measure(op, &mut inputs);
            let ns = start.elapsed().as_nanos() as f64 / items as f64;
            best[k] = best[k].min(ns);
        }
    }
    for (op, ns) in ops.iter().zip(&best) {
        println!("{op:>28}: {ns:7.1} ns/item  {:5.2}x", ns / best[0]);
    }
}
