//! IRIs (RFC 3987): parsing, and mapping to URIs (§3.1), beside
//! `fluent-uri`, `oxiri`, `iri-string` and `url`, on the same lines, in the
//! same run.
//!
//! The corpus is `iri-1in2.txt` (10,000 IRIs, every one `http` or `https`,
//! each with a non-ASCII path segment and some with an IDN host, a
//! non-ASCII query value or fragment; see `data/README.md`). Groups (one
//! iteration = every line):
//!
//! - `iri/parse`: parse only. Ours `uri_core::IriReference::parse` (the
//!   `IRI-reference` rule; bidirectional formatting characters refused, as
//!   RFC 3987 §4.1 asks); `fluent-uri` 0.4 `IriRef::parse`, `oxiri` 0.3
//!   `IriRef::parse` (both zero-copy), `iri-string` 0.7
//!   `IriReferenceStr::new` (validation; components found again by each
//!   getter). Every result black-boxed whole, accepted or not.
//! - `iri/to-uri`: parse, then map to a URI reference by percent-encoding
//!   every non-ASCII character (§3.1 step 2), into an owned result. Ours
//!   `uri_iri::to_uri(IriReference::parse(line)?)`, a `UriCow` (borrowed
//!   when the IRI is ASCII: on no line of this corpus); `fluent-uri`
//!   `IriRef::parse(line)?.to_uri_ref()`, a `UriRef<String>`; `iri-string`
//!   `IriReferenceStr::new(line)?.encode_to_uri().to_dedicated_string()`,
//!   a `UriReferenceString`. Every output asserted identical to ours on
//!   every line before timing. (`oxiri` has no IRI → URI mapping.)
//! - `iri/to-uri-idna`: the same with the host mapped by UTS #46 `ToASCII`
//!   (`to_uri_with(_, HostMapping::Idna)`), beside `url` 2
//!   `Url::parse` (WHATWG), on the lines with a scheme (all of them):
//!   `url` applies UTS #46 to the host of a special scheme (`http`,
//!   `https`: every line here) and percent-encodes the rest. `url` also normalizes while it parses (lower-cases the host,
//!   drops a default port, resolves dot segments, encodes a few ASCII
//!   bytes in each component's own set) and copies into its own `String`,
//!   so its figure is for orientation; the check counts the lines whose
//!   host, and whose whole output, is the same as ours.
//!
//! Before timing, each peer's acceptance is counted against ours, and
//! every component is checked equal to ours on every line both accept;
//! the findings go to the group's record for `cargo xtask bench` (see
//! [`urikit_bench::GroupInfo`]). A component or output mismatch fails the
//! run: the peers would not be doing the same work.
//!
//! Run: `cargo bench -p urikit-bench --bench iri`; add for example
//! `-- --warm-up-time 1 --measurement-time 3`, or a filter such as
//! `-- iri/to-uri`.

// a measurement, not shipped code: it may unwrap and panic (the workspace denies both in the
// libraries).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use std::time::Duration;

use criterion::Criterion;
use fluent_uri::IriRef as FluentIriRef;
use iri_string::format::ToDedicatedString;
use iri_string::types::IriReferenceStr;
use uri_core::{IriReference, IriSpec};
use uri_iri::{HostMapping, to_uri, to_uri_with};
use urikit_bench::parts::{
    check_parts, fluent_iri_parts, iri_string_parts, note_acceptance, oxiri_parts, urikit_parts,
};
use urikit_bench::{GroupInfo, LineGroup};

/// Ours, `iri/to-uri`: parse, then percent-encode every non-ASCII character.
fn ours_to_uri(s: &str) -> Option<uri_iri::UriCow<'_>> {
    IriReference::parse(s).ok().map(to_uri)
}

/// `fluent-uri`, `iri/to-uri`: parse, then `to_uri_ref` (always a new
/// `String`).
fn fluent_to_uri(s: &str) -> Option<fluent_uri::UriRef<String>> {
    FluentIriRef::parse(s).ok().map(|r| r.to_uri_ref())
}

/// `iri-string`, `iri/to-uri`: validate, then `encode_to_uri` (a `Display`
/// value) written into a new `UriReferenceString`.
fn iri_string_to_uri(s: &str) -> Option<iri_string::types::UriReferenceString> {
    IriReferenceStr::new(s)
        .ok()
        .map(|r| r.encode_to_uri().to_dedicated_string())
}

/// Ours, `iri/to-uri-idna`: parse, then map, the host by UTS #46 `ToASCII`.
fn ours_to_uri_idna(s: &str) -> Option<uri_iri::UriCow<'_>> {
    to_uri_with(IriReference::parse(s).ok()?, HostMapping::Idna).ok()
}

/// `url`, `iri/to-uri-idna`: the WHATWG parser.
fn url_parse(s: &str) -> Option<url::Url> {
    url::Url::parse(s).ok()
}

/// Ours: whether the line is an `IRI-reference`.
fn ours_accepts(s: &str) -> bool {
    IriReference::parse(s).is_ok()
}

/// Asserts that `peer` maps every line to the URI we map it to (the line
/// rejected by both, or by neither), and notes it with how often ours was
/// borrowed.
fn check_to_uri<R>(
    info: &mut GroupInfo,
    inputs: &[&str],
    id: &str,
    peer: impl Fn(&str) -> Option<R>,
    text: impl Fn(&R) -> &str,
) {
    let (mut same, mut borrowed) = (0, 0);
    for &input in inputs {
        let ours = ours_to_uri(input);
        let theirs = peer(input);
        assert_eq!(
            ours.as_ref().map(|u| u.as_str()),
            theirs.as_ref().map(&text),
            "{id} maps {input:?} differently"
        );
        same += usize::from(ours.is_some());
        borrowed += usize::from(ours.is_some_and(|u| u.is_borrowed()));
    }
    info.note(format!(
        "{id}: output identical to ours on every line ({same} mapped; ours borrowed on {borrowed})"
    ));
}

/// The `iri/parse` group.
fn bench_parse(c: &mut Criterion, lines: &[&str]) {
    let mut g = LineGroup::new(c, "iri/parse", lines, "urikit");
    note_acceptance(&mut g.info, lines, "fluent-uri", ours_accepts, |s| {
        FluentIriRef::parse(s).is_ok()
    });
    note_acceptance(&mut g.info, lines, "oxiri", ours_accepts, |s| {
        oxiri::IriRef::parse(s).is_ok()
    });
    note_acceptance(&mut g.info, lines, "iri-string", ours_accepts, |s| {
        IriReferenceStr::new(s).is_ok()
    });
    check_parts(
        &mut g.info,
        lines,
        "fluent-uri",
        true,
        urikit_parts::<IriSpec>,
        fluent_iri_parts,
    );
    check_parts(
        &mut g.info,
        lines,
        "oxiri",
        false,
        urikit_parts::<IriSpec>,
        oxiri_parts,
    );
    check_parts(
        &mut g.info,
        lines,
        "iri-string",
        true,
        urikit_parts::<IriSpec>,
        iri_string_parts::<iri_string::spec::IriSpec>,
    );
    g.bench("urikit", IriReference::parse);
    g.bench("fluent-uri", FluentIriRef::parse);
    g.bench("oxiri", oxiri::IriRef::parse);
    g.bench("iri-string", IriReferenceStr::new);
    g.finish();
}

/// The `iri/to-uri` group.
fn bench_to_uri(c: &mut Criterion, lines: &[&str]) {
    let mut g = LineGroup::new(c, "iri/to-uri", lines, "urikit");
    check_to_uri(&mut g.info, lines, "fluent-uri", fluent_to_uri, |u| {
        u.as_str()
    });
    check_to_uri(&mut g.info, lines, "iri-string", iri_string_to_uri, |u| {
        u.as_str()
    });
    g.info.note("oxiri: no IRI → URI mapping");
    g.bench("urikit", ours_to_uri);
    g.bench("fluent-uri", fluent_to_uri);
    g.bench("iri-string", iri_string_to_uri);
    g.finish();
}

/// Our IDNA output as `url` would write it, on what this corpus holds: the
/// ASCII host lower-cased (WHATWG's host parser does; RFC 3986 §3.2.2 only
/// says hosts are case-insensitive) and a default port (`:80` for `http`,
/// `:443` for `https`) dropped. `None` when ours has no authority.
fn as_url_writes(ours: &uri_iri::UriCow<'_>) -> Option<String> {
    let r = ours.as_ref();
    let a = r.authority()?;
    let scheme = r.scheme()?;
    let default = matches!(
        (scheme, a.port()),
        ("http", Some("80")) | ("https", Some("443"))
    );
    let mut out = format!("{scheme}://");
    if let Some(userinfo) = a.userinfo() {
        out.push_str(userinfo);
        out.push('@');
    }
    out.push_str(&a.host_str().to_ascii_lowercase());
    if let (Some(port), false) = (a.port(), default) {
        out.push(':');
        out.push_str(port);
    }
    let rest = &ours.as_str()
        [a.as_str().as_ptr() as usize + a.as_str().len() - ours.as_str().as_ptr() as usize..];
    out.push_str(rest);
    Some(out)
}

/// The `iri/to-uri-idna` group.
fn bench_to_uri_idna(c: &mut Criterion, lines: &[&str]) {
    let mut g = LineGroup::new(c, "iri/to-uri-idna", lines, "urikit");
    g.info.note(format!(
        "the {} lines of iri-1in2.txt that we parse as an IRI with a scheme; url is \
         WHATWG, not RFC 3987 (it also normalizes and copies)",
        lines.len()
    ));
    let (mut ours_ok, mut url_ok, mut both) = (0, 0, 0);
    let (mut same_host, mut same_text, mut normalized, mut other) = (0, 0, 0, Vec::new());
    for &line in lines {
        let ours = ours_to_uri_idna(line);
        let theirs = url_parse(line);
        ours_ok += usize::from(ours.is_some());
        url_ok += usize::from(theirs.is_some());
        let (Some(ours), Some(theirs)) = (ours, theirs) else {
            continue;
        };
        both += 1;
        let host = ours.as_ref().authority().map(|a| a.host_str());
        same_host += usize::from(
            host.zip(theirs.host_str())
                .is_some_and(|(a, b)| a.eq_ignore_ascii_case(b)),
        );
        if ours.as_str() == theirs.as_str() {
            same_text += 1;
        } else if as_url_writes(&ours).as_deref() == Some(theirs.as_str()) {
            normalized += 1;
        } else {
            other.push(line);
        }
    }
    g.info.note(format!(
        "we map {ours_ok} of {} lines (UTS #46 ToASCII with CheckHyphens, CheckBidi, \
         CheckJoiners, STD3 rules and DNS lengths), url accepts {url_ok}; on the {both} \
         both take, the host is the same on {same_host} (ASCII case aside) and the whole \
         output on {same_text}; {normalized} differ only by url's normalization (the ASCII \
         host lower-cased, a default port dropped), {} otherwise{}",
        lines.len(),
        other.len(),
        match other.first() {
            Some(first) => format!(" (e.g. {first:?})"),
            None => String::new(),
        }
    ));
    g.bench("urikit", ours_to_uri_idna);
    g.bench("url", url_parse);
    g.finish();
}

/// Loads `iri-1in2.txt`, then runs every group (criterion reads its
/// options from the command line).
fn main() {
    let text = urikit_bench::lines("iri-1in2.txt").expect("corpus in data/");
    let lines: Vec<&str> = text.iter().map(String::as_str).collect();
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    bench_parse(&mut c, &lines);
    bench_to_uri(&mut c, &lines);
    // `url` parses absolute URLs only: the lines with a scheme (all of
    // this corpus).
    let absolute: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|s| IriReference::parse(s).is_ok_and(|r| r.scheme().is_some()))
        .collect();
    bench_to_uri_idna(&mut c, &absolute);
    c.final_summary();
}
