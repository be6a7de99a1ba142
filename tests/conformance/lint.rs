//! `urikit::lint` (the `uri-lint` crate): the labelled corpus
//! `vectors/lint.json`, and the benchmark corpora's URLs.
//!
//! - Every record's labelled divergence classes are found (recall), and
//!   a record labelled with none gives no divergence finding.
//! - On the URLs of `crates/urikit-bench/data/` (mixed.txt and
//!   web-1in4.txt, copies of the shared benchmark corpora), every URL on
//!   which `url` and urikit agree, by this test's own comparison of
//!   scheme, userinfo, host, port and normalized path, gives no divergence
//!   finding; and every URL the pre-scan keeps from the WHATWG reading
//!   has readings that agree. The counts are printed
//!   (`cargo test -p urikit-tests --test conformance lint -- --nocapture`).
//! - The fast path against the full one: on every input of `lint.json`
//!   and of both corpora, `Lint::proves_clean` says "clean" only when
//!   `Lint::check` finds nothing, and when the full reading (the pre-scan
//!   off: both readings of every input) finds nothing either.

use std::collections::BTreeMap;

use serde::Deserialize;
use urikit::lint::{Kind, Lint};
use urikit::prelude::*;
use urikit::resolve::normalize_uri;
use urikit_tests::vectors::run;

/// A record of `lint.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LintVector {
    name: String,
    source: String,
    input: String,
    /// The base to read a relative reference against.
    base: Option<String>,
    /// The divergence classes it must raise; none: no divergence.
    divergences: Vec<String>,
    #[allow(dead_code)]
    note: Option<String>,
}

urikit_tests::vector!(LintVector);

fn lint_for(base: Option<&str>) -> Lint {
    let lint = Lint::new().allow_relative(true);
    match base {
        Some(b) => lint.with_base(Uri::parse(b).expect("a valid base")),
        None => lint,
    }
}

#[test]
fn lint_vectors_recall() {
    let mut labelled = 0;
    let mut found = 0;
    let mut by_class: BTreeMap<String, usize> = BTreeMap::new();
    let (mut divergent, mut agreeing) = (0, 0);
    run::<LintVector>("lint.json", |r| {
        let mut problems = Vec::new();
        for kind in &r.divergences {
            if kind.parse::<Kind>().map(Kind::is_divergence) != Ok(true) {
                problems.push(format!("`{kind}` is not a divergence kind"));
            }
        }
        let findings = lint_for(r.base.as_deref()).check(&r.input);
        for f in &findings {
            if f.index() > r.input.len() || !r.input.is_char_boundary(f.index()) {
                problems.push(format!("{} at {}: outside the input", f.name(), f.index()));
            }
        }
        let got: Vec<&str> = findings
            .iter()
            .filter(|f| f.is_divergence())
            .map(|f| f.name())
            .collect();
        if r.divergences.is_empty() {
            agreeing += 1;
            if !got.is_empty() {
                problems.push(format!("labelled no divergence, found {got:?}"));
            }
        } else {
            divergent += 1;
        }
        for kind in &r.divergences {
            labelled += 1;
            *by_class.entry(kind.clone()).or_default() += 1;
            if got.contains(&kind.as_str()) {
                found += 1;
            } else {
                problems.push(format!("{kind} not found (found {got:?})"));
            }
        }
        problems
    });
    println!(
        "lint.json: {} records ({divergent} with divergences, {agreeing} with none); \
         {found} of {labelled} labelled divergences found; by class: {by_class:?}",
        divergent + agreeing
    );
    assert!(divergent + agreeing >= 150);
    assert_eq!(found, labelled, "recall must be 100%");
}

/// The default port of a special scheme.
fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

/// This test's own comparison: whether `url` and urikit read `line` alike
/// (both accept, with the same scheme, userinfo, host, port and
/// normalized path). Stricter than the lint's: any doubt is "differ".
fn readings_agree(line: &str) -> bool {
    let (Ok(uri), Ok(url)) = (Uri::parse(line), url::Url::parse(line)) else {
        return false;
    };
    let scheme = uri.scheme().to_ascii_lowercase();
    if scheme != url.scheme() {
        return false;
    }
    let Some(authority) = uri.authority() else {
        return false;
    };
    let userinfo = match (url.username(), url.password()) {
        ("", None) => None,
        (user, None) => Some(user.to_owned()),
        (user, Some(p)) => Some(format!("{user}:{p}")),
    };
    if authority
        .userinfo()
        .filter(|u| !u.is_empty())
        .map(str::to_owned)
        != userinfo
    {
        return false;
    }
    let host_ok = match (authority.host(), url.host()) {
        (Host::Ipv4(a), Some(url::Host::Ipv4(b))) => a == b,
        (Host::Ipv6 { addr, zone: None }, Some(url::Host::Ipv6(b))) => addr == b,
        (Host::RegName(name), Some(url::Host::Domain(d))) => name.to_ascii_lowercase() == d,
        (Host::RegName(""), None) => scheme == "file",
        _ => false,
    };
    if !host_ok {
        return false;
    }
    let port = match authority.port_u16() {
        Ok(p) => p.filter(|p| Some(*p) != default_port(&scheme)),
        Err(_) => return false,
    };
    if port != url.port() {
        return false;
    }
    let normal = normalize_uri(uri);
    let path = match normal.path() {
        "" if default_port(&scheme).is_some() || scheme == "file" => "/",
        p => p,
    };
    path == url.path()
}

/// The URLs of a corpus under `crates/urikit-bench/data/`.
fn corpus(file: &str) -> String {
    let path = format!(
        "{}/../crates/urikit-bench/data/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn benchmark_corpora_agreeing_urls_have_no_divergence() {
    let lint = Lint::new();
    for file in ["mixed.txt", "web-1in4.txt"] {
        let text = corpus(file);
        let (mut lines, mut agreeing, mut prescanned, mut divergent) = (0, 0, 0, 0);
        let mut false_alarms = Vec::new();
        let mut prescan_misses = Vec::new();
        for line in text.lines().map(|l| l.trim_start_matches('\u{feff}')) {
            lines += 1;
            let findings = lint.check(line);
            let diverges = findings.iter().any(|f| f.is_divergence());
            divergent += usize::from(diverges);
            if readings_agree(line) {
                agreeing += 1;
                if diverges {
                    false_alarms.push(line.to_owned());
                }
            }
            if lint.needs_whatwg(line) {
                prescanned += 1;
            } else if !lint.readings(line).agree() {
                prescan_misses.push(line.to_owned());
            }
        }
        println!(
            "{file}: {lines} URLs; {agreeing} read alike by this test's comparison, \
             {} of them with a divergence finding; {divergent} URLs with a divergence \
             finding; the pre-scan sends {prescanned} ({:.2}%) to the WHATWG reading",
            false_alarms.len(),
            100.0 * prescanned as f64 / lines as f64
        );
        assert!(
            false_alarms.is_empty(),
            "{file}: {:?}",
            &false_alarms[..false_alarms.len().min(20)]
        );
        assert!(
            prescan_misses.is_empty(),
            "{file}: the pre-scan missed {:?}",
            &prescan_misses[..prescan_misses.len().min(20)]
        );
    }
}

/// Checks the fast path on one input: when `lint` proves it clean, the
/// full reading (every input read both ways) finds nothing, nor does
/// `check`. Returns whether it was proved clean.
fn fast_path_holds(lint: &Lint, input: &str, problems: &mut Vec<String>) -> bool {
    if !lint.proves_clean(input) {
        return false;
    }
    let full = lint.clone().prescan(false).check(input);
    if !full.is_empty() {
        problems.push(format!(
            "{input:?}: proved clean, the full reading finds {:?}",
            full.iter().map(|f| f.name()).collect::<Vec<_>>()
        ));
    }
    if !lint.check(input).is_empty() {
        problems.push(format!("{input:?}: proved clean, `check` finds something"));
    }
    true
}

#[test]
fn fast_path_says_clean_only_when_the_full_path_finds_nothing() {
    let mut proved = 0;
    run::<LintVector>("lint.json", |r| {
        let mut problems = Vec::new();
        let lint = lint_for(r.base.as_deref());
        proved += usize::from(fast_path_holds(&lint, &r.input, &mut problems));
        problems
    });
    println!("lint.json: the fast path proves {proved} records clean");
    let lint = Lint::new();
    for file in ["mixed.txt", "web-1in4.txt"] {
        let text = corpus(file);
        let (mut lines, mut proved, mut clean) = (0, 0, 0);
        let mut problems = Vec::new();
        for line in text.lines().map(|l| l.trim_start_matches('\u{feff}')) {
            lines += 1;
            proved += usize::from(fast_path_holds(&lint, line, &mut problems));
            clean += usize::from(lint.check(line).is_empty());
        }
        println!(
            "{file}: {lines} URLs, {clean} with no finding; the fast path proves {proved} \
             ({:.2}%) clean",
            100.0 * proved as f64 / lines as f64
        );
        assert!(
            problems.is_empty(),
            "{file}: {:?}",
            &problems[..problems.len().min(20)]
        );
    }
}

/// The example of `docs/security.md` ("Where two parsers read a URL
/// differently"), which the page must show as written here.
const SECURITY_EXAMPLE: &str = r#"```rust
use urikit::lint::{Lint, Severity};

/// Refuses a URL that two parsers would read differently, or that has any
/// error; then the filter below decides.
fn lint_first(input: &str) -> Result<(), String> {
    let findings = Lint::new().check(input);
    match findings.iter().find(|f| f.severity() == Severity::Error) {
        Some(f) => Err(f.to_string()),
        None => Ok(()),
    }
}
"#;

/// The same function, run.
fn lint_first(input: &str) -> Result<(), String> {
    let findings = Lint::new().check(input);
    match findings
        .iter()
        .find(|f| f.severity() == urikit::lint::Severity::Error)
    {
        Some(f) => Err(f.to_string()),
        None => Ok(()),
    }
}

#[test]
fn the_security_page_example_runs() {
    let page = include_str!("../../docs/security.md");
    assert!(
        page.contains(SECURITY_EXAMPLE),
        "docs/security.md must show the lint example of tests/conformance/lint.rs"
    );
    assert!(lint_first("https://example.com/a").is_ok());
    let refused = lint_first("http://0x7f.1/").unwrap_err();
    assert!(refused.starts_with("error[NumericIpv4] at byte 7"));
    assert!(refused.ends_with(
        "RFC 3986: host `0x7f.1`; WHATWG: host `127.0.0.1` (WHATWG URL §3.5 (IPv4 parser, ends in a number); RFC 3986 §3.2.2, §7.4)"
    ));
    assert!(lint_first("http://a\\@b/").is_err());
    for line in [
        "assert!(lint_first(\"https://example.com/a\").is_ok());",
        "assert!(refused.starts_with(\"error[NumericIpv4] at byte 7\"));",
        "assert!(lint_first(\"http://a\\\\@b/\").is_err());",
    ] {
        assert!(page.contains(line), "docs/security.md: {line}");
    }
}
