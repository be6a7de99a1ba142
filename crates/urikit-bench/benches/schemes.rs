//! Scheme rules (`uri-schemes`): the http origin and normal form beside
//! `url`, what checking a URI against its scheme costs beside parsing it,
//! and URNs beside the `urn` crate, on the same lines, in the same run.
//!
//! Inputs: the http and https lines of `mixed.txt` (`http_lines`: a scheme
//! `http` or `https` before the first `:`); 10,000 URNs made up by
//! `urikit_bench::urns`, and one mailto URI for each line of
//! `web-1in4.txt` with a host (`urikit_bench::mailtos`), since `data/`
//! holds no URNs or mailto URIs. Five groups:
//!
//! - `schemes/http-origin`: the origin (RFC 6454 §4, RFC 9110 §4.3.1).
//!   `urikit`: `Uri::parse`, `Registry::check` (every rule of http(s) and
//!   the generic warnings, which build the origin), then the origin from
//!   its `Fields::Http`, made owned (`Origin::into_owned`: its host
//!   copied, as `url`'s is). `url` 2: `Url::parse`, then `origin()`. `url`
//!   follows the WHATWG URL Standard, not RFC 3986: it normalizes and
//!   copies while parsing (host lower-cased, IDNA-mapped, IPv4 forms
//!   read, percent-encoding added), so its parse does the work of our
//!   normalization too; the origins are compared before timing.
//! - `schemes/http-normalize`: the normal form. `urikit`: `Uri::parse`,
//!   then `Registry::normalize` (RFC 3986 §6.2.2, then §6.2.3 and RFC 9110
//!   §4.2.3: default port dropped, empty path `/`) to a new `UriBuf`.
//!   `url`: `Url::parse`, then `as_str()` (the serialization it made while
//!   parsing). The outputs are compared before timing.
//! - `schemes/check`: what checking costs beside parsing, on the same
//!   lines. `check` (ours, the group's reference): `Registry::check` on the
//!   lines parsed before timing (violations and fields); `validate`:
//!   `Registry::validate` on them (the violations only, no fields);
//!   `parse`: `Uri::parse` alone; `parse+check`: both. The ratio of `parse` to `check` is the issue's
//!   target ("checking one URI against its scheme costs less than parsing
//!   it did": at least 1).
//! - `schemes/urn`: `urikit`: `Uri::parse`, then the typed entry
//!   `Urn::parse` (RFC 8141: NID, NSS, r-, q- and f-components, the
//!   namespace rules, and the generic checks); `urn` 0.7:
//!   `UrnSlice::try_from(&str)`, which parses and lower-cases the NID and
//!   upper-cases triplets while parsing (allocating when it changes one).
//!   Acceptance and the NID and NSS are compared before timing.
//! - `schemes/mailto`: `urikit`: `Uri::parse`, `Registry::check` (RFC
//!   6068: addresses and header fields decoded, every rule). No crate on
//!   the registry parses mailto URIs (see `Cargo.toml`): ours alone.
//! - `schemes/pkg`: Package URLs (ECMA-427), the purl-spec suite's valid
//!   `parse` and `validate` inputs (`urikit_bench::purls`, 184 repeated to
//!   10,000). `urikit`: `Uri::parse`, then the typed entry `Purl::parse`
//!   (the type's rules, decoding, the parts owned, qualifiers sorted, and
//!   the generic checks); `parse_str`: `Purl::parse_str` on the text (the
//!   spec's own parser, no RFC 3986 parse). `packageurl` 0.7 (with its
//!   `memchr` feature): `PackageUrl::from_str`, which decodes and
//!   lower-cases while parsing into `Cow`s and a `HashMap` of
//!   qualifiers. Acceptance and every part (qualifiers as a sorted list)
//!   are compared before timing.
//!
//! Run: `cargo bench -p urikit-bench --bench schemes` (a filter such as
//! `-- schemes/check` runs one group).

// a measurement, not shipped code: it may unwrap and panic (the workspace denies both in the
// libraries).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use std::hint::black_box;
use std::time::Duration;

use std::str::FromStr;

use criterion::Criterion;
use uri_core::Uri;
use uri_schemes::{Fields, Origin, Purl, Registry, Urn};
use urikit_bench::{GroupInfo, flat_group as group, write_record as write};

/// Ours: parse, check, and the origin of an http(s) URI, owned (as
/// `url`'s is).
fn origin(registry: &Registry, line: &str) -> Option<Origin<'static>> {
    let report = registry.check(Uri::parse(line).ok()?);
    match report.into_parts().0 {
        Fields::Http(http) => http.origin().cloned().map(Origin::into_owned),
        _ => None,
    }
}

/// `url`: parse, and the origin.
fn url_origin(line: &str) -> Option<url::Origin> {
    Some(url::Url::parse(line).ok()?.origin())
}

/// Ours: parse, and the normal form by scheme.
fn normalize(registry: &Registry, line: &str) -> Option<uri_core::UriBuf> {
    Some(registry.normalize(Uri::parse(line).ok()?))
}

/// `url`: parse (which normalizes), and the serialization.
fn url_normalize(line: &str) -> Option<url::Url> {
    url::Url::parse(line).ok()
}

/// Ours: parse, and the typed entry of urn.
fn typed_urn(line: &str) -> Option<Urn<'_>> {
    Urn::parse(Uri::parse(line).ok()?).ok()
}

/// Ours: parse, and the typed entry of pkg.
fn typed_purl(line: &str) -> Option<Purl> {
    Purl::parse(Uri::parse(line).ok()?).ok()
}

/// A purl's parts, the same for ours and `packageurl`'s: type, namespace,
/// name, version, qualifiers (sorted), subpath.
type PurlParts = (
    String,
    Option<String>,
    String,
    Option<String>,
    Vec<(String, String)>,
    Option<String>,
);

/// The parts of our purl.
fn purl_parts(purl: &Purl) -> PurlParts {
    (
        purl.package_type().to_owned(),
        purl.namespace().map(str::to_owned),
        purl.name().to_owned(),
        purl.version().map(str::to_owned),
        purl.qualifiers().to_vec(),
        purl.subpath().map(str::to_owned),
    )
}

/// The parts of `packageurl`'s purl.
fn packageurl_parts(purl: &packageurl::PackageUrl<'_>) -> PurlParts {
    let mut qualifiers: Vec<(String, String)> = (purl.qualifiers().iter())
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    qualifiers.sort();
    (
        purl.ty().to_owned(),
        purl.namespace().map(str::to_owned),
        purl.name().to_owned(),
        purl.version().map(str::to_owned),
        qualifiers,
        purl.subpath().map(str::to_owned),
    )
}

/// Ours: parse and check.
fn parse_check(registry: &Registry, line: &str) -> Option<bool> {
    Some(registry.check(Uri::parse(line).ok()?).is_valid())
}

/// Counts of a comparison, with up to three examples of each class of
/// difference printed.
#[derive(Default)]
struct Tally {
    /// Lines both give a result for.
    both: usize,
    /// Of those, the lines where the results are equal.
    equal: usize,
    /// Differences by class, in order of first appearance.
    classes: Vec<(&'static str, usize)>,
}

impl Tally {
    /// Counts one line both gave a result for.
    fn add(&mut self, id: &str, line: &str, difference: Option<&'static str>, shown: &str) {
        self.both += 1;
        let Some(class) = difference else {
            self.equal += 1;
            return;
        };
        let n = match self.classes.iter_mut().find(|(c, _)| *c == class) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                self.classes.push((class, 1));
                1
            }
        };
        if n <= 3 {
            eprintln!("  {id}: {class}: {line:?}: {shown}");
        }
    }

    /// One sentence for the group's record.
    fn sentence(&self, id: &str, what: &str) -> String {
        let detail: Vec<String> = self
            .classes
            .iter()
            .map(|(c, n)| format!("{c} {n}"))
            .collect();
        format!(
            "{id}: {what} equal to ours on {} of the {} lines both give one for ({:.2} %){}",
            self.equal,
            self.both,
            100.0 * self.equal as f64 / self.both.max(1) as f64,
            if detail.is_empty() {
                String::new()
            } else {
                format!("; differs: {}", detail.join(", "))
            }
        )
    }
}

/// Why `url`'s origin host differs from ours.
fn host_difference(line: &str, ours: &str, theirs: &str) -> &'static str {
    let host = Uri::parse(line)
        .ok()
        .and_then(|u| u.host_str().map(str::to_owned));
    let host = host.unwrap_or_default();
    if host.contains('%') {
        "host percent-decoded by url"
    } else if host.starts_with('[') {
        "IPv6 literal written in url's form"
    } else if !host.is_ascii() || theirs.contains("xn--") && !ours.contains("xn--") {
        "host IDNA-mapped by url"
    } else if theirs.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        "IPv4 form read by url"
    } else {
        "other"
    }
}

/// `schemes/http-origin`.
fn bench_origin(c: &mut Criterion, registry: &Registry, lines: &[String]) {
    let name = "schemes/http-origin";
    let mut info = GroupInfo::new(
        name,
        lines.len() as u64,
        urikit_bench::total_bytes(lines),
        "urikit",
    );
    let ours: Vec<Option<Origin>> = lines.iter().map(|l| origin(registry, l)).collect();
    let theirs: Vec<Option<url::Origin>> = lines.iter().map(|l| url_origin(l)).collect();
    info.note(format!(
        "we give an origin for {} of {} http(s) lines (the others are not URIs, or have no \
         valid port); url for {}",
        ours.iter().flatten().count(),
        lines.len(),
        theirs.iter().flatten().count()
    ));
    let mut tally = Tally::default();
    for ((line, o), t) in lines.iter().zip(&ours).zip(&theirs) {
        let (Some(o), Some(url::Origin::Tuple(scheme, host, port))) = (o, t) else {
            continue;
        };
        let host = host.to_string();
        let difference = if (o.scheme(), o.port()) != (scheme.as_str(), *port) {
            Some("scheme or port")
        } else if o.host() != host {
            Some(host_difference(line, o.host(), &host))
        } else {
            None
        };
        tally.add(
            "url",
            line,
            difference,
            &format!("ours {o}, url {scheme}://{host}:{port}"),
        );
    }
    info.note(tally.sentence("url", "origin (scheme, host, port)"));

    let mut group = group(c, name, lines.len());
    group.bench_function("urikit", |b| {
        b.iter(|| {
            for line in lines {
                black_box(origin(registry, black_box(line)));
            }
        });
    });
    group.bench_function("url", |b| {
        b.iter(|| {
            for line in lines {
                black_box(url_origin(black_box(line)));
            }
        });
    });
    write(&info);
    group.finish();
}

/// `schemes/http-normalize`.
fn bench_normalize(c: &mut Criterion, registry: &Registry, lines: &[String]) {
    let name = "schemes/http-normalize";
    let mut info = GroupInfo::new(
        name,
        lines.len() as u64,
        urikit_bench::total_bytes(lines),
        "urikit",
    );
    let mut tally = Tally::default();
    for line in lines {
        let (Some(o), Some(t)) = (normalize(registry, line), url_normalize(line)) else {
            continue;
        };
        let (o, t) = (o.as_str(), t.as_str());
        let difference = (o != t).then(|| {
            let (ou, tu) = (Uri::parse(o).ok(), Uri::parse(t).ok());
            match (ou, tu) {
                // Ours again from url's: only RFC 3986 §6.2.2.1–2 differ.
                (_, Some(b)) if registry.normalize(b).as_str() == o => {
                    "triplets (we upper-case hex digits and decode unreserved \
                     characters, RFC 3986 §6.2.2.1–2; url keeps them)"
                }
                (Some(a), Some(b)) if a.host_str() != b.host_str() => "host",
                (Some(a), Some(b)) if a.path() != b.path() => "path",
                (Some(a), Some(b)) if a.query() != b.query() => "query",
                (Some(a), Some(b)) if a.fragment() != b.fragment() => "fragment",
                (_, None) => "url's output is no RFC 3986 URI",
                _ => "other",
            }
        });
        tally.add("url", line, difference, &format!("ours {o:?}, url {t:?}"));
    }
    info.note(tally.sentence("url", "normal form"));

    let mut group = group(c, name, lines.len());
    group.bench_function("urikit", |b| {
        b.iter(|| {
            for line in lines {
                black_box(normalize(registry, black_box(line)));
            }
        });
    });
    group.bench_function("url", |b| {
        b.iter(|| {
            for line in lines {
                if let Some(url) = url_normalize(black_box(line)) {
                    black_box(url.as_str());
                }
            }
        });
    });
    write(&info);
    group.finish();
}

/// `schemes/check`.
fn bench_check(c: &mut Criterion, registry: &Registry, lines: &[String]) {
    let name = "schemes/check";
    let uris: Vec<Uri<'_>> = lines.iter().filter_map(|l| Uri::parse(l).ok()).collect();
    let mut info = GroupInfo::new(
        name,
        lines.len() as u64,
        urikit_bench::total_bytes(lines),
        "check",
    );
    let valid = uris
        .iter()
        .filter(|u| registry.check(**u).is_valid())
        .count();
    info.note(format!(
        "{} of {} http(s) lines parse; {valid} of them are valid http(s) URIs (warnings aside); \
         `check` runs on the parsed ones, parsed before timing, `parse` and `parse+check` on \
         every line (ns per line for all three)",
        uris.len(),
        lines.len()
    ));
    let mut group = group(c, name, lines.len());
    group.bench_function("check", |b| {
        b.iter(|| {
            for uri in &uris {
                black_box(registry.check(black_box(*uri)));
            }
        });
    });
    group.bench_function("validate", |b| {
        b.iter(|| {
            for uri in &uris {
                black_box(registry.validate(black_box(*uri)));
            }
        });
    });
    group.bench_function("parse", |b| {
        b.iter(|| {
            for line in lines {
                black_box(Uri::parse(black_box(line)).ok());
            }
        });
    });
    group.bench_function("parse+check", |b| {
        b.iter(|| {
            for line in lines {
                black_box(parse_check(registry, black_box(line)));
            }
        });
    });
    write(&info);
    group.finish();
}

/// `schemes/urn`.
fn bench_urn(c: &mut Criterion, urns: &[String]) {
    let name = "schemes/urn";
    let mut info = GroupInfo::new(
        name,
        urns.len() as u64,
        urikit_bench::total_bytes(urns),
        "urikit",
    );
    let ours = |line: &str| -> Option<(String, String)> {
        let urn = typed_urn(line)?;
        Some((urn.nid().to_owned(), urn.nss().to_owned()))
    };
    let theirs = |line: &str| -> Option<(String, String)> {
        let urn = urn::UrnSlice::try_from(line).ok()?;
        Some((urn.nid().to_owned(), urn.nss().to_owned()))
    };
    let (mut accepted, mut they_accept) = (0, 0);
    let mut tally = Tally::default();
    for line in urns {
        let (o, t) = (ours(line), theirs(line));
        accepted += usize::from(o.is_some());
        they_accept += usize::from(t.is_some());
        if let (Some(o), Some(t)) = (o, t) {
            let difference = if o.0.to_ascii_lowercase() != t.0 {
                Some("NID")
            } else if o.1 != t.1 {
                Some("NSS (urn upper-cases triplets; we keep them as written)")
            } else {
                None
            };
            tally.add("urn", line, difference, &format!("ours {o:?}, urn {t:?}"));
        }
    }
    info.note(format!(
        "{} made-up URNs: we accept {accepted} as valid URNs, urn {they_accept}",
        urns.len()
    ));
    info.note(tally.sentence("urn", "NID (ours lower-cased) and NSS"));

    let mut group = group(c, name, urns.len());
    group.bench_function("urikit", |b| {
        b.iter(|| {
            for line in urns {
                black_box(typed_urn(black_box(line)));
            }
        });
    });
    group.bench_function("urn", |b| {
        b.iter(|| {
            for line in urns {
                black_box(urn::UrnSlice::try_from(black_box(line.as_str())).ok());
            }
        });
    });
    write(&info);
    group.finish();
}

/// `schemes/pkg`.
fn bench_pkg(c: &mut Criterion, purls: &[String]) {
    let name = "schemes/pkg";
    let mut info = GroupInfo::new(
        name,
        purls.len() as u64,
        urikit_bench::total_bytes(purls),
        "urikit",
    );
    let (mut accepted, mut by_str, mut they_accept) = (0, 0, 0);
    let mut tally = Tally::default();
    for line in purls {
        let ours = typed_purl(line);
        if Uri::parse(line).is_ok() {
            let str_agrees = Purl::parse_str(line).ok() == ours;
            assert!(
                str_agrees,
                "Purl::parse and Purl::parse_str disagree: {line}"
            );
        }
        let theirs = packageurl::PackageUrl::from_str(line).ok();
        accepted += usize::from(ours.is_some());
        by_str += usize::from(Purl::parse_str(line).is_ok());
        they_accept += usize::from(theirs.is_some());
        if let (Some(o), Some(t)) = (&ours, &theirs) {
            let (o, t) = (purl_parts(o), packageurl_parts(t));
            let difference = if o.0 != t.0 {
                Some("type")
            } else if o.1 != t.1 {
                Some("namespace")
            } else if o.2 != t.2 {
                Some("name")
            } else if o.3 != t.3 {
                Some("version")
            } else if o.4 != t.4 {
                Some("qualifiers")
            } else if o.5 != t.5 {
                Some("subpath")
            } else {
                None
            };
            tally.add(
                "packageurl",
                line,
                difference,
                &format!("ours {o:?}, packageurl {t:?}"),
            );
        }
    }
    info.note(format!(
        "{} purls (the purl-spec suite's {} valid parse and validate inputs, repeated): we accept {accepted} (Purl::parse_str {by_str}), packageurl {they_accept}",
        purls.len(),
        purls.iter().collect::<std::collections::BTreeSet<_>>().len()
    ));
    info.note(tally.sentence("packageurl", "every part"));

    let mut group = group(c, name, purls.len());
    group.bench_function("urikit", |b| {
        b.iter(|| {
            for line in purls {
                black_box(typed_purl(black_box(line)));
            }
        });
    });
    group.bench_function("parse_str", |b| {
        b.iter(|| {
            for line in purls {
                black_box(Purl::parse_str(black_box(line)).ok());
            }
        });
    });
    group.bench_function("packageurl", |b| {
        b.iter(|| {
            for line in purls {
                black_box(packageurl::PackageUrl::from_str(black_box(line)).ok());
            }
        });
    });
    write(&info);
    group.finish();
}

/// `schemes/mailto`.
fn bench_mailto(c: &mut Criterion, registry: &Registry, mailtos: &[String]) {
    let name = "schemes/mailto";
    let mut info = GroupInfo::new(
        name,
        mailtos.len() as u64,
        urikit_bench::total_bytes(mailtos),
        "urikit",
    );
    let (mut valid, mut not_uris) = (0, 0);
    let mut errors: Vec<(&'static str, usize)> = Vec::new();
    for line in mailtos {
        let Ok(uri) = Uri::parse(line) else {
            not_uris += 1;
            continue;
        };
        let report = registry.check(uri);
        valid += usize::from(report.is_valid());
        for v in report.violations().iter().filter(|v| v.is_error()) {
            match errors.iter_mut().find(|(k, _)| *k == v.kind()) {
                Some((_, n)) => *n += 1,
                None => errors.push((v.kind(), 1)),
            }
        }
    }
    let errors: Vec<String> = errors.iter().map(|(k, n)| format!("{k} {n}")).collect();
    info.note(format!(
        "{} made-up mailto URIs, one per line of web-1in4.txt with a host: {valid} valid; \
         {not_uris} not URIs (a `\"` before the host in the line, copied); errors: {}; \
         no peer",
        mailtos.len(),
        if errors.is_empty() {
            "none".to_owned()
        } else {
            errors.join(", ")
        }
    ));
    let mut group = group(c, name, mailtos.len());
    group.bench_function("urikit", |b| {
        b.iter(|| {
            for line in mailtos {
                black_box(parse_check(registry, black_box(line)));
            }
        });
    });
    write(&info);
    group.finish();
}

/// Loads the corpora, compares the peers' results with ours, then times each.
fn main() {
    let mixed = urikit_bench::lines("mixed.txt").expect("corpus in data/");
    let http = urikit_bench::http_lines(&mixed);
    let web = urikit_bench::lines("web-1in4.txt").expect("corpus in data/");
    let urns = urikit_bench::urns(10_000);
    let mailtos = urikit_bench::mailtos(&web);
    let purls = urikit_bench::purls(10_000).expect("corpus in data/");
    eprintln!(
        "schemes: {} http(s) lines of {} in mixed.txt, {} URNs, {} mailto URIs",
        http.len(),
        mixed.len(),
        urns.len(),
        mailtos.len()
    );
    let registry = Registry::standard();
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    bench_origin(&mut c, &registry, &http);
    bench_normalize(&mut c, &registry, &http);
    bench_check(&mut c, &registry, &http);
    bench_urn(&mut c, &urns);
    bench_mailto(&mut c, &registry, &mailtos);
    bench_pkg(&mut c, &purls);
    c.final_summary();
}
