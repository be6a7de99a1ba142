//! Editing a URI in place, and the registrable domain (issue 36), beside
//! `url` and `psl`, on the same lines, in the same run.
//!
//! Inputs: the lines of `web-1in4.txt` that both `UriBuf::parse` and
//! `url::Url::parse` accept and whose string `url` keeps as written (so
//! both start from the same text). Three groups:
//!
//! - `edit/query-append`: append one pair (`utm_source` = `news letter`)
//!   to the query. `urikit`: a clone of the `UriBuf`, then
//!   `query_pairs_mut().form(true).append(…)`. `url` 2: a clone of the
//!   `Url`, then `query_pairs_mut().append_pair(…)` (form encoding, as
//!   ours is set to). The outputs are compared before timing.
//! - `edit/query-set`: a rebuild that sets one key (`page` = `2`: the
//!   first pair with the key gets the value, later ones go, appended if
//!   none). `urikit`: a clone, then `query_pairs_mut().form(true).set(…)`,
//!   which keeps every other pair's bytes. `url`: a clone, the pairs read
//!   (`query_pairs`, decoded) without `page`, then `query_pairs_mut()
//!   .clear().extend_pairs(…).append_pair("page", "2")`: the rebuild `url`
//!   users write, which encodes every pair again (so its output differs
//!   from ours where a pair was written otherwise; compared on the lines
//!   without a query).
//! - `edit/registrable-domain`: `urikit`: on the lines parsed before
//!   timing (a `Vec<UriBuf>`), `uri.host()` then
//!   `PublicSuffixExt::registrable_domain`; `psl` 2 alone: on each line's
//!   host string (a `Vec<String>` taken before timing), `psl::domain`. The answers are compared before timing. The issue's
//!   target: going through a URI costs at most 1.2× `psl` alone.
//!
//! Run: `cargo bench -p urikit-bench --bench edit` (a filter such as
//! `-- edit/query-set` runs one group). Instruction counts, which a loaded
//! machine does not change: set `URIKIT_EDIT_PROFILE` (see [`profile`])
//! and run the bench binary under `valgrind --tool=callgrind
//! --toggle-collect='edit::profile_loop*'`.

// a measurement, not shipped code: it may unwrap and panic (the workspace denies both in the
// libraries).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use uri_core::UriBuf;
use urikit::PublicSuffixExt;
use urikit_bench::GroupInfo;

/// The lines both parsers accept and `url` keeps as written.
fn corpus() -> Vec<(UriBuf, url::Url)> {
    urikit_bench::lines("web-1in4.txt")
        .unwrap()
        .into_iter()
        .filter_map(|line| {
            let ours = UriBuf::parse(line.as_str()).ok()?;
            let theirs = url::Url::parse(&line).ok()?;
            (theirs.as_str() == line).then_some((ours, theirs))
        })
        .collect()
}

/// Ours: append a pair.
fn append(uri: &UriBuf) -> UriBuf {
    let mut uri = uri.clone();
    uri.query_pairs_mut()
        .form(true)
        .append("utm_source", "news letter");
    uri
}

/// `url`: append a pair.
fn url_append(url: &url::Url) -> url::Url {
    let mut url = url.clone();
    url.query_pairs_mut()
        .append_pair("utm_source", "news letter");
    url
}

/// Ours: set one key.
fn set(uri: &UriBuf) -> UriBuf {
    let mut uri = uri.clone();
    uri.query_pairs_mut().form(true).set("page", "2");
    uri
}

/// `url`: the rebuild that sets one key.
fn url_set(url: &url::Url) -> url::Url {
    let mut url = url.clone();
    let kept: Vec<(String, String)> = url
        .query_pairs()
        .filter(|(k, _)| k != "page")
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    url.query_pairs_mut()
        .clear()
        .extend_pairs(kept)
        .append_pair("page", "2");
    url
}

fn bench(c: &mut Criterion) {
    let lines = corpus();
    let bytes = urikit_bench::total_bytes(
        &lines
            .iter()
            .map(|(u, _)| u.as_str().to_owned())
            .collect::<Vec<_>>(),
    );
    let items = lines.len() as u64;

    // edit/query-append
    let mut info = GroupInfo::new("edit/query-append", items, bytes, "urikit");
    let same = lines
        .iter()
        .filter(|(u, l)| append(u).as_str() == url_append(l).as_str())
        .count();
    info.note(format!("outputs equal on {same} of {items} lines"));
    info.write().unwrap();
    let mut group = c.benchmark_group("edit/query-append");
    group.throughput(Throughput::Elements(items));
    group.bench_function("urikit", |b| {
        b.iter(|| {
            for (u, _) in &lines {
                black_box(append(black_box(u)));
            }
        })
    });
    group.bench_function("url", |b| {
        b.iter(|| {
            for (_, l) in &lines {
                black_box(url_append(black_box(l)));
            }
        })
    });
    group.finish();

    // edit/query-set
    let mut info = GroupInfo::new("edit/query-set", items, bytes, "urikit");
    let plain: Vec<_> = lines.iter().filter(|(u, _)| u.query().is_none()).collect();
    let same = plain
        .iter()
        .filter(|(u, l)| set(u).as_str() == url_set(l).as_str())
        .count();
    info.note(format!(
        "outputs equal on {same} of the {} lines without a query",
        plain.len()
    ));
    info.write().unwrap();
    let mut group = c.benchmark_group("edit/query-set");
    group.throughput(Throughput::Elements(items));
    group.bench_function("urikit", |b| {
        b.iter(|| {
            for (u, _) in &lines {
                black_box(set(black_box(u)));
            }
        })
    });
    group.bench_function("url", |b| {
        b.iter(|| {
            for (_, l) in &lines {
                black_box(url_set(black_box(l)));
            }
        })
    });
    group.finish();

    // edit/registrable-domain: each side iterates a vector of its own
    // input (the URIs; their host strings), so neither reads the other's.
    let uris: Vec<UriBuf> = lines.iter().map(|(u, _)| u.clone()).collect();
    let hosts: Vec<String> = lines
        .iter()
        .map(|(u, _)| u.host_str().unwrap_or("").to_owned())
        .collect();
    let mut info = GroupInfo::new("edit/registrable-domain", items, bytes, "urikit");
    let agree = lines
        .iter()
        .zip(&hosts)
        .filter(|((u, _), h)| {
            let ours = u.host().and_then(|host| host.registrable_domain());
            let theirs = psl::domain(h.as_bytes()).map(|d| d.as_bytes().to_vec());
            ours.as_deref().map(str::as_bytes) == theirs.as_deref()
        })
        .count();
    info.note(format!("answers equal on {agree} of {items} hosts"));
    info.write().unwrap();
    let mut group = c.benchmark_group("edit/registrable-domain");
    group.throughput(Throughput::Elements(items));
    group.bench_function("urikit", |b| {
        b.iter(|| {
            for u in &uris {
                black_box(
                    black_box(u)
                        .host()
                        .and_then(|host| host.registrable_domain()),
                );
            }
        })
    });
    group.bench_function("psl", |b| {
        b.iter(|| {
            for h in &hosts {
                black_box(psl::domain(black_box(h).as_bytes()));
            }
        })
    });
    group.finish();
}

/// Runs `body` once: the only code callgrind counts in a profile run.
#[inline(never)]
fn profile_loop(body: impl FnOnce()) {
    body();
}

/// With `URIKIT_EDIT_PROFILE` set to `append`, `append-url`, `set`,
/// `set-url`, `domain` or `domain-psl`, that operation's loop over the
/// corpus runs once in [`profile_loop`], for `valgrind --tool=callgrind
/// --toggle-collect='edit::profile_loop*'`, and criterion is not run.
fn profile(op: &str) {
    let lines = corpus();
    let uris: Vec<UriBuf> = lines.iter().map(|(u, _)| u.clone()).collect();
    let hosts: Vec<String> = uris
        .iter()
        .map(|u| u.host_str().unwrap_or("").to_owned())
        .collect();
    match op {
        "append" => profile_loop(|| uris.iter().for_each(|u| drop(black_box(append(u))))),
        "append-url" => profile_loop(|| {
            lines
                .iter()
                .for_each(|(_, l)| drop(black_box(url_append(l))))
        }),
        "set" => profile_loop(|| uris.iter().for_each(|u| drop(black_box(set(u))))),
        "set-url" => profile_loop(|| lines.iter().for_each(|(_, l)| drop(black_box(url_set(l))))),
        "domain" => profile_loop(|| {
            uris.iter().for_each(|u| {
                black_box(u.host().and_then(|host| host.registrable_domain()));
            })
        }),
        "domain-psl" => profile_loop(|| {
            hosts.iter().for_each(|h| {
                black_box(psl::domain(h.as_bytes()));
            })
        }),
        other => panic!("unknown URIKIT_EDIT_PROFILE {other:?}"),
    }
}

fn main() {
    if let Ok(op) = std::env::var("URIKIT_EDIT_PROFILE") {
        profile(&op);
        return;
    }
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20)
        .configure_from_args();
    bench(&mut c);
    c.final_summary();
}
