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

use criterion::Criterion;
use iri_string::types::UriReferenceStr;
use uri_core::{UriReference, UriSpec};
use urikit_bench::LineGroup;
use urikit_bench::parts::{
    Parts, check_parts, fluent_uri_parts, iri_string_parts, note_acceptance, oxiri_parts,
    urikit_parts,
};

/// Ours: parse, then every getter ([`urikit_parts`], inlined here).
fn ours_parts(s: &str) -> Option<Parts<'_>> {
    urikit_parts::<UriSpec>(s)
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

/// Ours: whether the line is an `URI-reference`.
fn ours_accepts(s: &str) -> bool {
    UriReference::parse(s).is_ok()
}

/// The `parse/*` groups.
fn bench_parse(c: &mut Criterion, mixed: &[&str], absolute: &[&str]) {
    let mut g = LineGroup::new(c, "parse/mixed", mixed, "urikit");
    note_acceptance(&mut g.info, mixed, "fluent-uri", ours_accepts, |s| {
        fluent_uri::UriRef::parse(s).is_ok()
    });
    note_acceptance(&mut g.info, mixed, "oxiri", ours_accepts, |s| {
        oxiri::IriRef::parse(s).is_ok()
    });
    note_acceptance(&mut g.info, mixed, "iri-string", ours_accepts, |s| {
        UriReferenceStr::new(s).is_ok()
    });
    note_acceptance(&mut g.info, mixed, "http", ours_accepts, |s| {
        http::Uri::from_str(s).is_ok()
    });
    g.bench("urikit", UriReference::parse);
    g.bench("fluent-uri", fluent_uri::UriRef::parse);
    g.bench("oxiri", oxiri::IriRef::parse);
    g.bench("iri-string", UriReferenceStr::new);
    g.bench("http", http::Uri::from_str);
    g.finish();

    let mut g = LineGroup::new(c, "parse/absolute", absolute, "urikit");
    g.info.note(format!(
        "the {} lines of mixed.txt that we parse as a URI with a scheme; url is WHATWG, \
         not RFC 3986 (it also normalizes and copies)",
        absolute.len()
    ));
    note_acceptance(&mut g.info, absolute, "url", ours_accepts, |s| {
        url::Url::parse(s).is_ok()
    });
    g.bench("urikit", UriReference::parse);
    g.bench("url", url::Url::parse);
    g.finish();
}

/// `parse/relative`: the references of `relative-1in3.txt`, most of them
/// relative references (a median of 18 bytes), where a parser's fixed
/// costs show.
fn bench_relative(c: &mut Criterion, references: &[&str]) {
    let mut g = LineGroup::new(c, "parse/relative", references, "urikit");
    let relative = references
        .iter()
        .filter(|s| UriReference::parse(s).is_ok_and(|r| r.is_relative()))
        .count();
    g.info.note(format!(
        "the references of relative-1in3.txt: {relative} of {} are relative references",
        references.len()
    ));
    note_acceptance(&mut g.info, references, "fluent-uri", ours_accepts, |s| {
        fluent_uri::UriRef::parse(s).is_ok()
    });
    note_acceptance(&mut g.info, references, "oxiri", ours_accepts, |s| {
        oxiri::IriRef::parse(s).is_ok()
    });
    note_acceptance(&mut g.info, references, "iri-string", ours_accepts, |s| {
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
    let mut g = LineGroup::new(c, "components/mixed", mixed, "urikit");
    check_parts(
        &mut g.info,
        mixed,
        "fluent-uri",
        true,
        ours_parts,
        fluent_uri_parts,
    );
    check_parts(&mut g.info, mixed, "oxiri", false, ours_parts, oxiri_parts);
    check_parts(
        &mut g.info,
        mixed,
        "iri-string",
        true,
        ours_parts,
        iri_string_parts::<iri_string::spec::UriSpec>,
    );
    g.info
        .note("http: no fragment or userinfo getter; url: WHATWG components, not compared");
    g.bench("urikit", ours_parts);
    g.bench("fluent-uri", fluent_uri_parts);
    g.bench("oxiri", oxiri_parts);
    g.bench("iri-string", iri_string_parts::<iri_string::spec::UriSpec>);
    g.bench("http", http_parts);
    g.finish();

    let mut g = LineGroup::new(c, "components/absolute", absolute, "urikit");
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
