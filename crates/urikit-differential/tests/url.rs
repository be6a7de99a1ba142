//! urikit against WHATWG URL (the `url` crate), where the two mean the same
//! thing: IDNA hosts, the origin of an http(s) URI, and its normal form.
//!
//! - Hosts: every source of the IDNA sample (`tests/vectors/idna/`),
//!   every host of `tests/vectors/whatwg-hosts.json` (WHATWG's own
//!   readings: IPv4 number forms, percent-decoding) and every registered
//!   name of `crates/urikit-bench/data/iri-1in2.txt`, as the host of
//!   `http://HOST/`: urikit's
//!   `to_uri_with(_, HostMapping::Idna)` (UTS #46 `ToASCII`, RFC 3987
//!   §3.1) against `url::Url::parse`'s host. ASCII case is not compared:
//!   urikit keeps an ASCII name as written, and RFC 3986 §3.2.2 makes the
//!   host case-insensitive.
//! - Origins: every `http`/`https` line of
//!   `crates/urikit-bench/data/mixed.txt` that urikit parses: the origin of
//!   `uri_schemes::Fields::Http` (RFC 6454 §4) against `Url::origin`
//!   (scheme, host, port with the default filled in).
//! - Normal forms: the same lines, `Registry::normalize` (RFC 3986 §6.2.2
//!   and §6.2.3) against `Url::as_str` (WHATWG's serialization of its
//!   parse, which is the form a browser gives).
//!
//! Every disagreement goes through a classifier, which names the rule of
//! the class it belongs to; `known-differences.txt` lists the classes (keys
//! `url:…`, peer `url`) that may occur, so a new difference, or one no
//! rule explains, fails the test, and so does a listed class no input
//! shows any more.

// Test support: its helpers may unwrap and panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use std::net::Ipv4Addr;
use std::path::{Path, PathBuf};

use urikit::iri::{HostMapping, to_uri_with};
use urikit::schemes::{Fields, Registry};
use urikit::spec::{is_iprivate, is_ucschar};
use urikit::{HostKind, IriReference, Uri, UriReference};
use urikit_differential::known::{self, Tally};

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The hosts compared: column 1 of every test line of the IDNA sample (but
/// unpaired surrogates), the hosts of `whatwg-hosts.json`, then the
/// registered names of the IRI corpus.
fn hosts() -> Vec<String> {
    let mut out = urikit_tests::idna::sources();
    let idna = out.len();
    assert!(idna > 600, "{idna} IDNA sources");
    let whatwg: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("tests/vectors/whatwg-hosts.json"))
            .expect("tests/vectors/whatwg-hosts.json"),
    )
    .expect("JSON");
    for record in whatwg.as_array().expect("an array") {
        out.push(record["host"].as_str().expect("a host").to_owned());
    }
    let corpus = std::fs::read_to_string(root().join("crates/urikit-bench/data/iri-1in2.txt"))
        .expect("the IRI corpus");
    for line in corpus.lines() {
        if let Ok(iri) = IriReference::parse(line)
            && let Some(auth) = iri.authority()
            && auth.host_kind() == HostKind::RegName
            && !auth.host_str().is_empty()
        {
            out.push(auth.host_str().to_owned());
        }
    }
    assert!(out.len() > idna + 5_000, "{} hosts", out.len());
    out.sort();
    out.dedup();
    out
}

/// urikit's host of `http://HOST/`: the mapped host, or why there is none.
fn ours_host(host: &str) -> Result<String, String> {
    let text = format!("http://{host}/");
    let iri = IriReference::parse(&text).map_err(|e| format!("parse:{:?}", e.kind()))?;
    let uri = to_uri_with(iri, HostMapping::Idna).map_err(|e| format!("idna:{:?}", e.kind()))?;
    let uri = UriReference::parse(uri.as_str()).map_err(|e| format!("uri:{:?}", e.kind()))?;
    Ok(uri.host_str().unwrap_or_default().to_owned())
}

/// `url`'s host of `http://HOST/`, or its error.
fn url_host(host: &str) -> Result<String, String> {
    let url = url::Url::parse(&format!("http://{host}/")).map_err(|e| e.to_string())?;
    Ok(url.host_str().unwrap_or_default().to_owned())
}

/// The class of a host disagreement, by rule; `Err` with a description
/// when no rule explains it.
fn classify_host(
    host: &str,
    ours: &Result<String, String>,
    theirs: &Result<String, String>,
) -> Result<&'static str, String> {
    match (ours, theirs) {
        (Err(e), Ok(_)) if e.starts_with("parse:") && host.chars().any(|c| !in_iri(c)) => {
            return Ok("url:host-char-outside-iri");
        }
        (Err(e), Ok(_)) if e == "idna:Hyphen" => return Ok("url:host-no-check-hyphens"),
        (Err(e), Ok(_))
            if ["idna:EmptyLabel", "idna:LabelTooLong", "idna:NameTooLong"]
                .contains(&e.as_str()) =>
        {
            return Ok("url:host-no-dns-length");
        }
        (Ok(a), Ok(b)) if b.parse::<Ipv4Addr>().is_ok() && a.parse::<Ipv4Addr>().is_err() => {
            return Ok("url:host-ipv4-number-forms");
        }
        (Ok(a), Ok(b)) if a.contains('%') && percent_decoded(a).eq_ignore_ascii_case(b) => {
            return Ok("url:host-percent-decoded");
        }
        (Ok(a), Err(_)) if a.is_empty() => return Ok("url:host-empty"),
        (Ok(a), Err(_)) if ends_in_number(a) => return Ok("url:host-ends-in-number"),
        (Ok(a), Err(_)) if a.is_ascii() && !a.contains('%') && host.starts_with(a.as_str()) => {
            return Ok("url:host-ascii-name-kept");
        }
        _ => {}
    }
    let side = |r: &Result<String, String>| match r {
        Ok(_) => "ok".to_owned(),
        Err(e) => e.clone(),
    };
    Err(format!("host: ours {}, url {}", side(ours), side(theirs)))
}

/// `text` with every `%XX` triplet decoded (as Latin-1: enough for the
/// ASCII the hosts compared here decode to).
fn percent_decoded(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(k) = rest.find('%') {
        out.push_str(&rest[..k]);
        match rest
            .get(k + 1..k + 3)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            Some(octet) => {
                out.push(char::from(octet));
                rest = &rest[k + 3..];
            }
            None => {
                out.push('%');
                rest = &rest[k + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Whether the last label of `name` (a trailing root `.` aside) is a
/// number as WHATWG's "ends in a number checker" reads one: decimal
/// digits, or `0x` and hex digits.
fn ends_in_number(name: &str) -> bool {
    let last = name
        .strip_suffix('.')
        .unwrap_or(name)
        .rsplit('.')
        .next()
        .unwrap_or("");
    let hex = last.strip_prefix("0x").or_else(|| last.strip_prefix("0X"));
    (!last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()))
        || hex.is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Whether an IRI (RFC 3987 §2.2) may hold `c` anywhere: ASCII
/// `unreserved`, `gen-delims`, `sub-delims` and `%`, `ucschar`, `iprivate`.
fn in_iri(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'()*+,;=%".contains(c)
    } else {
        is_ucschar(c) || is_iprivate(c)
    }
}

#[test]
fn idna_hosts_agree_with_url() {
    let known = known::load();
    let mut tally = Tally::default();
    let hosts = hosts();
    let mut compared = 0;
    for host in &hosts {
        let ours = ours_host(host);
        let theirs = url_host(host);
        compared += 1;
        let agree = match (&ours, &theirs) {
            (Ok(a), Ok(b)) => a.eq_ignore_ascii_case(b),
            (Err(_), Err(_)) => true,
            _ => false,
        };
        if !agree {
            tally.record("url", classify_host(host, &ours, &theirs), host);
        }
    }
    println!(
        "{compared} hosts, {} disagreements\n{}",
        tally.total(),
        tally.report()
    );
    tally
        .check(&known, "url:host-", &["url"])
        .unwrap_or_else(|e| panic!("{e}"));
}

/// The `http` and `https` lines of the mixed corpus that urikit parses as
/// URIs.
fn http_lines() -> Vec<String> {
    let mixed = std::fs::read_to_string(root().join("crates/urikit-bench/data/mixed.txt"))
        .expect("the mixed corpus");
    let lines: Vec<String> = mixed
        .lines()
        .filter(|line| {
            let lower = line.get(..8).unwrap_or(line).to_ascii_lowercase();
            lower.starts_with("http://") || lower.starts_with("https://")
        })
        .filter(|line| Uri::parse(line).is_ok())
        .map(str::to_owned)
        .collect();
    assert!(lines.len() > 50_000, "{} http lines", lines.len());
    lines
}

/// The class of an origin disagreement, by rule.
fn classify_origin(
    line: &str,
    ours: &(String, String, u16),
    theirs: &Option<(String, String, u16)>,
) -> Result<&'static str, String> {
    if theirs.is_none()
        && ours.1.is_empty()
        && Uri::parse(line).ok().and_then(|u| u.host_str()) == Some("")
    {
        return Ok("url:origin-empty-host");
    }
    Err(format!("origin: ours {ours:?}, url {theirs:?}"))
}

/// `text` with every percent-encoded triplet normalized as RFC 3986
/// §6.2.2.1 and §6.2.2.2 say: an `unreserved` octet decoded, the hex
/// digits of any other in upper case.
fn triplets_normalized(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        if bytes[i] == b'%'
            && let Some(hex) = hex
            && let Ok(octet) = u8::from_str_radix(hex, 16)
        {
            if octet.is_ascii_alphanumeric() || b"-._~".contains(&octet) {
                out.push(char::from(octet));
            } else {
                out.push('%');
                out.push_str(&hex.to_ascii_uppercase());
            }
            i += 3;
        } else {
            let c = text[i..].chars().next().unwrap_or_default();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The class of a normal-form disagreement, by rule.
fn classify_normal(
    line: &str,
    ours: &str,
    theirs: &Result<String, String>,
) -> Result<&'static str, String> {
    match theirs {
        Err(_) if Uri::parse(line).ok().and_then(|u| u.host_str()) == Some("") => {
            return Ok("url:normal-empty-host");
        }
        Ok(theirs) if triplets_normalized(theirs) == ours => {
            return Ok("url:normal-percent-triplets-kept");
        }
        _ => {}
    }
    Err(format!(
        "normal form: {}",
        if theirs.is_ok() {
            "differs"
        } else {
            "url refuses"
        }
    ))
}

#[test]
fn http_origin_and_normal_form_agree_with_url() {
    let known = known::load();
    let registry = Registry::standard();
    let mut origins = Tally::default();
    let mut normals = Tally::default();
    let lines = http_lines();
    for line in &lines {
        let uri = Uri::parse(line).expect("filtered");
        let parsed = url::Url::parse(line);
        let Fields::Http(http) = registry.check(uri).into_parts().0 else {
            panic!("not an http URI: {line}");
        };
        let Some(origin) = http.origin() else {
            panic!("no origin (a port past 65535): {line}");
        };
        let ours = (
            origin.scheme().to_owned(),
            origin.host().to_owned(),
            origin.port(),
        );
        let theirs = parsed.as_ref().ok().and_then(|url| match url.origin() {
            url::Origin::Tuple(scheme, host, port) => Some((scheme, host.to_string(), port)),
            url::Origin::Opaque(_) => None,
        });
        if theirs.as_ref() != Some(&ours) {
            origins.record("url", classify_origin(line, &ours, &theirs), line);
        }
        let normal = registry.normalize(uri);
        let theirs = parsed
            .map(|url| url.as_str().to_owned())
            .map_err(|e| e.to_string());
        if theirs.as_deref() != Ok(normal.as_str()) {
            normals.record("url", classify_normal(line, normal.as_str(), &theirs), line);
        }
    }
    println!(
        "{} lines\norigins: {} disagreements\n{}\nnormal forms: {} disagreements\n{}",
        lines.len(),
        origins.total(),
        origins.report(),
        normals.total(),
        normals.report()
    );
    let mut problems = Vec::new();
    problems.extend(origins.check(&known, "url:origin-", &["url"]).err());
    problems.extend(normals.check(&known, "url:normal-", &["url"]).err());
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
