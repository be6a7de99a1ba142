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
//! Names are resolved by a fixed table (`resolve`), never by DNS.

use std::collections::BTreeSet;
use std::io;
use std::net::{IpAddr, SocketAddr};

use serde_json::Value;
use urikit::address::{classify, is_global};
use urikit::prelude::*;
use urikit::resolve::normalize_uri;

#[allow(unreachable_pub, dead_code)]
#[path = "../ssrf_filter.rs"]
mod ssrf_filter;

use ssrf_filter::{Refused, check};

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

/// Whether the filter may let `ip` through, as its doc says: canonical,
/// global, and in no special-purpose block.
fn passes(ip: IpAddr) -> bool {
    ip.to_canonical() == ip && is_global(ip) && classify(ip).special().is_none()
}

/// An expected outcome other than `Syntax`, as `vectors/ssrf.json` writes
/// it (`ParseError` has no public constructor: syntax errors are compared
/// by kind and index in [`vectors`]).
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

#[test]
fn vectors() {
    let records: Vec<Value> =
        serde_json::from_str(&urikit_tests::read_vectors("ssrf.json")).unwrap();
    assert!(records.len() >= 60);
    let mut names = BTreeSet::new();
    for record in &records {
        let name = record["name"].as_str().unwrap();
        assert!(names.insert(name), "duplicate name {name}");
        let input = record["input"].as_str().unwrap();
        let want = record["expected"].as_str().unwrap();
        let got = check(input, resolve);
        match (want.split_once(' '), &got) {
            (Some(("Syntax", at)), Err(Refused::Syntax(e))) => {
                let (kind, index) = at.split_once('@').unwrap();
                assert_eq!(format!("{:?}", e.kind()), kind, "{name}: {input}");
                assert_eq!(
                    e.index(),
                    index.parse::<usize>().unwrap(),
                    "{name}: {input}"
                );
            }
            _ => {
                let got = got.map(|(uri, addr)| (uri.to_string(), addr));
                assert_eq!(got, expected(want), "{name}: {input}");
            }
        }
    }
}

#[test]
fn hostile_corpus() {
    let records: Vec<Value> =
        serde_json::from_str(&urikit_tests::read_vectors("hostile.json")).unwrap();
    let mut outcomes = BTreeSet::new();
    for record in &records {
        let input = record["input"].as_str().unwrap();
        let got = check(input, resolve);
        match (&got, Uri::parse(input)) {
            (Err(Refused::Syntax(e)), Err(parse)) => assert_eq!(*e, parse, "{input}"),
            (_, Err(parse)) => panic!("{input}: {got:?}, but parsing fails: {parse}"),
            (Err(Refused::Syntax(e)), Ok(_)) => panic!("{input}: parses, but {e}"),
            (Err(Refused::Address(ip)), Ok(_)) => {
                assert_eq!(ip.to_canonical(), *ip, "{input}");
                assert!(!passes(*ip), "{input}");
            }
            (Ok((uri, addr)), Ok(parsed)) => {
                assert!(passes(addr.ip()), "{input}: {addr}");
                assert_eq!(*uri, normalize_uri(parsed), "{input}");
                assert!(matches!(uri.scheme(), "http" | "https"), "{input}");
                let authority = uri.authority().unwrap();
                assert_eq!(authority.userinfo(), None, "{input}");
                let default = if uri.scheme() == "http" { 80 } else { 443 };
                let port = authority.port_u16().unwrap().unwrap_or(default);
                assert_eq!(addr.port(), port, "{input}");
                match authority.host() {
                    Host::RegName(name) => assert!(!name.is_empty(), "{input}"),
                    host => {
                        let ip = host.ip().map(|ip| ip.to_canonical());
                        assert_eq!(ip, Some(addr.ip()), "{input}");
                    }
                }
            }
            (Err(_), Ok(_)) => {}
        }
        outcomes.insert(match got {
            Ok(_) => "Ok",
            Err(Refused::Syntax(_)) => "Syntax",
            Err(_) => "refused",
        });
    }
    // The corpus reaches every kind of answer.
    assert_eq!(outcomes.len(), 3, "{outcomes:?}");
}
