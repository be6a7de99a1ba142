//! Parsing: `uri_core::UriReference::parse` beside `fluent-uri`, `oxiri`,
//! `iri-string`, `http` and `url`, on the same lines, in the same run.
//!
//! Groups (one iteration = every line of the group's input):
//!
//! - `parse/mixed`: parse only, every line of `mixed.txt` (109,062 real
//!   URLs: https, http, `file:` and a few others). Every peer's result is
//!   black-boxed whole, accepted or not.
//! - `components/mixed`: parse, then read every component the library's
//!   API gives (scheme, authority, userinfo, host, port, path, query,
//!   fragment), each black-boxed.
//! - `parse/relative`: parse only, the references of `relative-1in3.txt`
//!   (16,667, mostly relative references, a median of 18 bytes), beside
//!   the RFC 3986/3987 peers (`http` and `url` parse no relative
//!   references).
//! - `parse/absolute`, `components/absolute`: the same on the lines that
//!   we parse as a URI with a scheme (all but 24), ours beside `url` only.
//!   `url` parses absolute URLs by the WHATWG URL Standard, not RFC 3986:
//!   it also normalizes, percent-encodes, applies IDNA to special schemes'
//!   hosts and copies the result into a `String`, so it does more work and
//!   accepts other lines; its figure is for orientation.
//!
//! What each peer is, and does here:
//!
//! - `fluent-uri` 0.4 `UriRef::parse`: RFC 3986 `URI-reference`, zero-copy.
//! - `oxiri` 0.3 `IriRef::parse`: RFC 3987 `IRI-reference` (also accepts
//!   non-ASCII), zero-copy; its API gives the authority whole, not split.
//! - `iri-string` 0.7 `UriReferenceStr::new`: RFC 3986 validation; the
//!   components are found again by each getter (a second scan).
//! - `http` 1 `Uri::from_str`: HTTP's request-target forms (absolute, origin,
//!   authority, `*`), copied into `Bytes`; it has no fragment getter (the
//!   fragment is dropped) and no userinfo getter.
//!
//! Before timing, each peer's acceptance is counted against ours, and for
//! the RFC 3986/3987 peers every component is checked equal to ours on
//! every line both accept; the findings go to the group's record for
//! `cargo xtask bench` (see [`urikit_bench::GroupInfo`]). A component
//! mismatch with an RFC 3986 peer fails the run: the peers would not be
//! doing the same work.
//!
//! Run: `cargo bench -p urikit-bench --bench parse`; add for example
//! `-- --warm-up-time 1 --measurement-time 3`, or a filter such as
//! `-- components/`.

// a measurement, not shipped code: it may unwrap and panic (the workspace denies both in the
// libraries).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use std::hint::black_box;
use std::str::FromStr;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput};
use iri_string::types::UriReferenceStr;
use uri_core::UriReference;
use urikit_bench::GroupInfo;

/// The components of one parsed line, as each library gives them: `None`
/// for absent, or for a component the library's API does not give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Parts<'a> {
    /// The scheme, without `:`.
    scheme: Option<&'a str>,
    /// The authority, without `//`.
    authority: Option<&'a str>,
    /// The userinfo, without `@`.
    userinfo: Option<&'a str>,
    /// The host, as written.
    host: Option<&'a str>,
    /// The port, as written.
    port: Option<&'a str>,
    /// The path.
    path: &'a str,
    /// The query, without `?`.
    query: Option<&'a str>,
    /// The fragment, without `#`.
    fragment: Option<&'a str>,
}

/// Ours: parse, then every getter.
fn ours_parts(s: &str) -> Option<Parts<'_>> {
    let r = UriReference::parse(s).ok()?;
    let authority = r.authority();
    Some(Parts {
        scheme: r.scheme(),
        authority: authority.map(|a| a.as_str()),
        userinfo: authority.and_then(|a| a.userinfo()),
        host: authority.map(|a| a.host_str()),
        port: authority.and_then(|a| a.port()),
        path: r.path(),
        query: r.query(),
        fragment: r.fragment(),
    })
}

/// `fluent-uri`: parse, then every getter.
fn fluent_parts(s: &str) -> Option<Parts<'_>> {
    let r = fluent_uri::UriRef::parse(s).ok()?;
    let authority = r.authority();
    Some(Parts {
        scheme: r.scheme().map(|x| x.as_str()),
        authority: authority.map(|a| a.as_str()),
        userinfo: authority.and_then(|a| a.userinfo()).map(|x| x.as_str()),
        host: authority.map(|a| a.host()),
        port: authority.and_then(|a| a.port()).map(|x| x.as_str()),
        path: r.path().as_str(),
        query: r.query().map(|x| x.as_str()),
        fragment: r.fragment().map(|x| x.as_str()),
    })
}

/// `oxiri`: parse, then every getter (no userinfo, host or port getters).
fn oxiri_parts(s: &str) -> Option<Parts<'_>> {
    let r = oxiri::IriRef::parse(s).ok()?;
    // `oxiri`'s getters borrow the `IriRef`, not the input: re-slice the
    // input at the same place, which costs a pointer subtraction.
    let rebase = |part: &str| {
        let start = part.as_ptr() as usize - r.as_str().as_ptr() as usize;
        &s[start..start + part.len()]
    };
    Some(Parts {
        scheme: r.scheme().map(rebase),
        authority: r.authority().map(rebase),
        userinfo: None,
        host: None,
        port: None,
        path: rebase(r.path()),
        query: r.query().map(rebase),
        fragment: r.fragment().map(rebase),
    })
}

/// `iri-string`: validate, then every getter.
fn iri_string_parts(s: &str) -> Option<Parts<'_>> {
    let r = UriReferenceStr::new(s).ok()?;
    let authority = r.authority_components();
    Some(Parts {
        scheme: r.scheme_str(),
        authority: r.authority_str(),
        userinfo: authority.as_ref().and_then(|a| a.userinfo()),
        host: authority.as_ref().map(|a| a.host()),
        port: authority.as_ref().and_then(|a| a.port()),
        path: r.path_str(),
        query: r.query_str(),
        fragment: r.fragment_str(),
    })
}

/// `http`: parse into its own copy, then every getter. The parts borrow
/// the copy, so they are black-boxed here and only their presence returned.
fn http_parts(s: &str) -> Option<Parts<'static>> {
    let r = http::Uri::from_str(s).ok()?;
    let authority = r.authority();
    black_box((
        r.scheme_str(),
        authority.map(|a| a.as_str()),
        authority.map(|a| a.host()),
        authority.and_then(|a| a.port()).map(|p| p.as_str().len()),
        r.path(),
        r.query(),
    ));
    Some(Parts::default())
}

/// `url`: parse into its own `String`, then every getter; as for `http`,
/// black-boxed here.
fn url_parts(s: &str) -> Option<Parts<'static>> {
    let r = url::Url::parse(s).ok()?;
    black_box((
        r.scheme(),
        r.username(),
        r.password(),
        r.host_str(),
        r.port(),
        r.path(),
        r.query(),
        r.fragment(),
    ));
    Some(Parts::default())
}

/// One group: its criterion group and its record.
struct Group<'c, 'i> {
    /// Criterion's group.
    group: BenchmarkGroup<'c, WallTime>,
    /// The record `cargo xtask bench` reads.
    info: GroupInfo,
    /// The input lines.
    inputs: &'i [&'i str],
}

impl<'c, 'i> Group<'c, 'i> {
    /// Starts group `name` over `inputs`; ours is `urikit`.
    fn new(c: &'c mut Criterion, name: &str, inputs: &'i [&'i str]) -> Self {
        let bytes = urikit_bench::total_bytes(inputs);
        eprintln!("{name}: {} lines, {bytes} bytes", inputs.len());
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(inputs.len() as u64));
        // One iteration is a whole corpus (milliseconds): flat sampling.
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(20);
        Group {
            group,
            info: GroupInfo::new(name, inputs.len() as u64, bytes, "urikit"),
            inputs,
        }
    }

    /// Times `f` over every line as `id`, black-boxing each result.
    fn bench<R>(&mut self, id: &str, f: impl Fn(&'i str) -> R) {
        let inputs = self.inputs;
        self.group.bench_function(id, |b| {
            b.iter(|| {
                for &input in inputs {
                    black_box(f(black_box(input)));
                }
            });
        });
    }

    /// Writes the record and ends the group.
    fn finish(self) {
        if let Err(e) = self.info.write() {
            eprintln!("{}: cannot write its record: {e}", self.info.group);
        }
        self.group.finish();
    }
}

/// Counts the lines `peer` accepts, beside ours, and notes it.
fn note_acceptance(info: &mut GroupInfo, inputs: &[&str], id: &str, peer: impl Fn(&str) -> bool) {
    let (mut both, mut only_ours, mut only_peer) = (0, 0, Vec::new());
    for &input in inputs {
        match (UriReference::parse(input).is_ok(), peer(input)) {
            (true, true) => both += 1,
            (true, false) => only_ours += 1,
            (false, true) => only_peer.push(input),
            (false, false) => {}
        }
    }
    info.note(format!(
        "{id} accepts {} of {} lines; both accept {both}, only we accept {only_ours}, \
         only {id} accepts {}{}",
        both + only_peer.len(),
        inputs.len(),
        only_peer.len(),
        match only_peer.first() {
            Some(first) => format!(" (e.g. {first:?})"),
            None => String::new(),
        }
    ));
}

/// Asserts that `peer` splits every line both accept as we do, comparing
/// userinfo, host and port only when the peer gives them (`split`).
fn check_parts(
    info: &mut GroupInfo,
    inputs: &[&str],
    id: &str,
    split: bool,
    peer: impl Fn(&str) -> Option<Parts<'_>>,
) {
    let mut checked = 0;
    for &input in inputs {
        let (Some(ours), Some(mut theirs)) = (ours_parts(input), peer(input)) else {
            continue;
        };
        if !split {
            theirs.userinfo = ours.userinfo;
            theirs.host = ours.host;
            theirs.port = ours.port;
        }
        assert_eq!(ours, theirs, "{id} splits {input:?} differently");
        checked += 1;
    }
    info.note(format!(
        "{id}: every component equal to ours on all {checked} lines both accept{}",
        if split {
            ""
        } else {
            " (authority compared whole: no userinfo, host or port getters)"
        }
    ));
}

/// The `parse/*` groups.
fn bench_parse(c: &mut Criterion, mixed: &[&str], absolute: &[&str]) {
    let mut g = Group::new(c, "parse/mixed", mixed);
    note_acceptance(&mut g.info, mixed, "fluent-uri", |s| {
        fluent_uri::UriRef::parse(s).is_ok()
    });
    note_acceptance(&mut g.info, mixed, "oxiri", |s| {
        oxiri::IriRef::parse(s).is_ok()
    });
    note_acceptance(&mut g.info, mixed, "iri-string", |s| {
        UriReferenceStr::new(s).is_ok()
    });
    note_acceptance(&mut g.info, mixed, "http", |s| {
        http::Uri::from_str(s).is_ok()
    });
    g.bench("urikit", UriReference::parse);
    g.bench("fluent-uri", fluent_uri::UriRef::parse);
    g.bench("oxiri", oxiri::IriRef::parse);
    g.bench("iri-string", UriReferenceStr::new);
    g.bench("http", http::Uri::from_str);
    g.finish();

    let mut g = Group::new(c, "parse/absolute", absolute);
    g.info.note(format!(
        "the {} lines of mixed.txt that we parse as a URI with a scheme; url is WHATWG, \
         not RFC 3986 (it also normalizes and copies)",
        absolute.len()
    ));
    note_acceptance(&mut g.info, absolute, "url", |s| url::Url::parse(s).is_ok());
    g.bench("urikit", UriReference::parse);
    g.bench("url", url::Url::parse);
    g.finish();
}

/// `parse/relative`: the references of `relative-1in3.txt`, most of them
/// relative references (a median of 18 bytes), where a parser's fixed
/// costs show.
fn bench_relative(c: &mut Criterion, references: &[&str]) {
    let mut g = Group::new(c, "parse/relative", references);
    let relative = references
        .iter()
        .filter(|s| UriReference::parse(s).is_ok_and(|r| r.is_relative()))
        .count();
    g.info.note(format!(
        "the references of relative-1in3.txt: {relative} of {} are relative references",
        references.len()
    ));
    note_acceptance(&mut g.info, references, "fluent-uri", |s| {
        fluent_uri::UriRef::parse(s).is_ok()
    });
    note_acceptance(&mut g.info, references, "oxiri", |s| {
        oxiri::IriRef::parse(s).is_ok()
    });
    note_acceptance(&mut g.info, references, "iri-string", |s| {
        UriReferenceStr::new(s).is_ok()
    });
    g.bench("urikit", UriReference::parse);
    g.bench("fluent-uri", fluent_uri::UriRef::parse);
    g.bench("oxiri", oxiri::IriRef::parse);
    g.bench("iri-string", UriReferenceStr::new);
    g.finish();
}

/// The `components/*` groups.
fn bench_components(c: &mut Criterion, mixed: &[&str], absolute: &[&str]) {
    let mut g = Group::new(c, "components/mixed", mixed);
    check_parts(&mut g.info, mixed, "fluent-uri", true, fluent_parts);
    check_parts(&mut g.info, mixed, "oxiri", false, oxiri_parts);
    check_parts(&mut g.info, mixed, "iri-string", true, iri_string_parts);
    g.info
        .note("http: no fragment or userinfo getter; url: WHATWG components, not compared");
    g.bench("urikit", ours_parts);
    g.bench("fluent-uri", fluent_parts);
    g.bench("oxiri", oxiri_parts);
    g.bench("iri-string", iri_string_parts);
    g.bench("http", http_parts);
    g.finish();

    let mut g = Group::new(c, "components/absolute", absolute);
    g.info.note(format!(
        "the {} lines of mixed.txt that we parse as a URI with a scheme",
        absolute.len()
    ));
    g.bench("urikit", ours_parts);
    g.bench("url", url_parts);
    g.finish();
}

/// Loads `mixed.txt`, then runs every group (criterion reads its options
/// from the command line).
fn main() {
    let lines = urikit_bench::lines("mixed.txt").expect("corpus in data/");
    let mixed: Vec<&str> = lines.iter().map(String::as_str).collect();
    let absolute: Vec<&str> = mixed
        .iter()
        .copied()
        .filter(|s| UriReference::parse(s).is_ok_and(|r| r.scheme().is_some()))
        .collect();
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let pairs = urikit_bench::pairs("relative-1in3.txt").expect("corpus in data/");
    let references: Vec<&str> = pairs.iter().map(|(_, r)| r.as_str()).collect();
    bench_parse(&mut c, &mixed, &absolute);
    bench_relative(&mut c, &references);
    bench_components(&mut c, &mixed, &absolute);
    c.final_summary();
}
