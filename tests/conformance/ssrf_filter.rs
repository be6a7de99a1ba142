//! The SSRF filter that `docs/security.md` shows, run as written.
//!
//! - `tests/ssrf_filter.rs` holds the filter; the doc's code block must be
//!   that file byte for byte (after its `//!` line), so what people copy is
//!   what is tested.
//! - `vectors/ssrf.json` gives the outcome, worked out by hand, for inputs
//!   of every kind the filter refuses or lets through.
//! - Every input of the hostile corpus (`vectors/hostile.json`) goes through
//!   it, with properties any answer must have: a syntax error is the
//!   parser's, an address refused is canonical and not global or in a
//!   special-purpose block, and a URI let through is http(s), has no
//!   userinfo, is in normal form, and comes with the right port and a
//!   canonical global address that no special-purpose block holds.
//!
//! Names are resolved by a fixed table (`resolve`), never by DNS. Both
//! files go through the loop of `urikit_tests::vectors::run`, which reports
//! every failure at once.

use std::collections::BTreeSet;
use std::io;
use std::net::{IpAddr, SocketAddr};

use serde::Deserialize;
use urikit::address::{classify, is_global};
use urikit::prelude::*;
use urikit::resolve::normalize_uri;
use urikit_tests::vectors::{load, run, run_records};

/// `tests/ssrf_filter.rs`, the filter as the doc shows it.
#[allow(unreachable_pub, dead_code)]
#[path = "../ssrf_filter.rs"]
mod filter;

use filter::{Refused, check};

/// The filter's source.
const FILTER: &str = include_str!("../ssrf_filter.rs");
/// The page that shows it.
const SECURITY_MD: &str = include_str!("../../docs/security.md");

/// The test's DNS: fixed answers, one failure, one empty answer, and every
/// other name at a public address.
fn resolve(name: &str, _port: u16) -> io::Result<Vec<IpAddr>> {
    let ips: &[&str] = match name {
        "localhost" => &["127.0.0.1", "::1"],
        "internal.example" => &["10.0.0.1"],
        "rebind.example" => &["93.184.215.14", "169.254.169.254"],
        "nxdomain.example" => return Err(io::Error::new(io::ErrorKind::NotFound, "NXDOMAIN")),
        "empty.example" => &[],
        _ => &["93.184.215.14"],
    };
    Ok(ips.iter().map(|ip| ip.parse().unwrap()).collect())
}

#[test]
fn the_doc_shows_the_tested_filter() {
    let code: String = FILTER
        .lines()
        .skip_while(|line| line.starts_with("//!"))
        .map(|line| format!("{line}\n"))
        .collect();
    let block = format!("```rust\n{code}```\n");
    assert!(
        SECURITY_MD.contains(&block),
        "docs/security.md must show tests/ssrf_filter.rs (after its `//!` line) as a ```rust block"
    );
}

/// An expected outcome other than `Syntax`, as `vectors/ssrf.json` writes
/// it (`ParseError` has no public constructor: syntax errors are compared
/// by kind and index in [`check_ssrf`]).
fn expected(text: &str) -> Result<(String, SocketAddr), Refused> {
    let (what, rest) = text.split_once(' ').unwrap_or((text, ""));
    Err(match what {
        "Ok" => {
            let (uri, addr) = rest.split_once(' ').unwrap();
            return Ok((uri.to_string(), addr.parse().unwrap()));
        }
        "Address" => Refused::Address(rest.parse().unwrap()),
        "Scheme" => Refused::Scheme,
        "Userinfo" => Refused::Userinfo,
        "Port" => Refused::Port,
        "Host" => Refused::Host,
        "Resolve" => Refused::Resolve,
        other => panic!("unknown outcome `{other}`"),
    })
}

/// A record of `ssrf.json`: an input and the filter's outcome for it.
#[derive(Debug, Deserialize)]
struct SsrfRecord {
    name: String,
    source: String,
    input: String,
    /// `Ok <uri> <address>`, `Syntax <kind>@<index>`, or how it is refused.
    expected: String,
}

urikit_tests::vector!(SsrfRecord);

/// Checks the filter's outcome for a record of `ssrf.json`.
fn check_ssrf(record: &SsrfRecord) -> Vec<String> {
    let (input, want) = (record.input.as_str(), record.expected.as_str());
    let got = check(input, resolve);
    let mut problems = Vec::new();
    match (want.split_once(' '), &got) {
        (Some(("Syntax", at)), Err(Refused::Syntax(e))) => {
            let (kind, index) = at.split_once('@').unwrap();
            let got_kind = format!("{:?}", e.kind());
            if got_kind != kind {
                problems.push(format!(
                    "syntax error kind: got {got_kind}, expected {kind}"
                ));
            }
            let index = index.parse::<usize>().unwrap();
            if e.index() != index {
                problems.push(format!(
                    "syntax error index: got {}, expected {index}",
                    e.index()
                ));
            }
        }
        _ => {
            let got = got.map(|(uri, addr)| (uri.to_string(), addr));
            let want = expected(want);
            if got != want {
                problems.push(format!("got {got:?}, expected {want:?}"));
            }
        }
    }
    problems
}

#[test]
fn vectors() {
    let records: Vec<SsrfRecord> = load("ssrf.json");
    assert!(records.len() >= 60);
    run_records("ssrf.json", &records, check_ssrf);
}

/// An input of `hostile.json`; the fields this test does not read are
/// ignored.
#[derive(Debug, Deserialize)]
struct HostileInput {
    name: String,
    source: String,
    input: String,
}

urikit_tests::vector!(HostileInput);

/// The kind of answer the filter gave.
fn outcome(got: &Result<(UriBuf, SocketAddr), Refused>) -> &'static str {
    match got {
        Ok(_) => "Ok",
        Err(Refused::Syntax(_)) => "Syntax",
        Err(_) => "refused",
    }
}

/// Whether the filter may let `ip` through, as its doc says: canonical,
/// global, and in no special-purpose block.
fn passes(ip: IpAddr) -> bool {
    ip.to_canonical() == ip && is_global(ip) && classify(ip).special().is_none()
}

/// Checks what any answer of the filter must satisfy, for `input`.
fn check_hostile(input: &str, got: &Result<(UriBuf, SocketAddr), Refused>) -> Vec<String> {
    let mut problems = Vec::new();
    let mut expect = |ok: bool, what: String| {
        if !ok {
            problems.push(what);
        }
    };
    match (got, Uri::parse(input)) {
        (Err(Refused::Syntax(e)), Err(parse)) => {
            expect(*e == parse, format!("{e:?}, but parsing gives {parse:?}"));
        }
        (_, Err(parse)) => expect(false, format!("{got:?}, but parsing fails: {parse}")),
        (Err(Refused::Syntax(e)), Ok(_)) => expect(false, format!("parses, but {e}")),
        (Err(Refused::Address(ip)), Ok(_)) => {
            expect(
                ip.to_canonical() == *ip,
                format!("refused {ip}, not in canonical form"),
            );
            expect(!passes(*ip), format!("refused {ip}, but it passes"));
        }
        (Ok((uri, addr)), Ok(parsed)) => {
            expect(
                passes(addr.ip()),
                format!("let {addr} through, which does not pass"),
            );
            let normal = normalize_uri(parsed);
            expect(
                *uri == normal,
                format!("let {uri} through, not the normal form {normal}"),
            );
            expect(
                matches!(uri.scheme(), "http" | "https"),
                format!("let {uri} through: not http(s)"),
            );
            let authority = uri.authority().unwrap();
            expect(
                authority.userinfo().is_none(),
                format!("let {uri} through: it has userinfo"),
            );
            let default = if uri.scheme() == "http" { 80 } else { 443 };
            let port = authority.port_u16().unwrap().unwrap_or(default);
            expect(
                addr.port() == port,
                format!("connects to port {}, not {port}", addr.port()),
            );
            match authority.host() {
                Host::RegName(name) => expect(!name.is_empty(), format!("{uri}: an empty host")),
                host => expect(
                    host.ip().map(|ip| ip.to_canonical()) == Some(addr.ip()),
                    format!("connects to {addr}, not to the host {host:?}"),
                ),
            }
        }
        (Err(_), Ok(_)) => {}
    }
    problems
}

#[test]
fn hostile_corpus() {
    let mut outcomes = BTreeSet::new();
    run("hostile.json", |record: &HostileInput| {
        let got = check(&record.input, resolve);
        outcomes.insert(outcome(&got));
        check_hostile(&record.input, &got)
    });
    // The corpus reaches every kind of answer.
    assert_eq!(outcomes.len(), 3, "{outcomes:?}");
}
