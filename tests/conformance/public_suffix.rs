//! The registrable domain and the public suffix (`urikit::PublicSuffixExt`,
//! feature `psl`): `vectors/public-suffix.json`. Most records are the Public
//! Suffix List's own test cases (`tests/tests.txt`, `checkPublicSuffix`:
//! a name and its registrable domain, or `null`); the others are the traps
//! of a host as RFC 3986 writes it (capitals in a label the list reads or
//! does not read, triplets, a root `.`, Unicode, names UTS #46 refuses).
//!
//! Each host is asked three ways, which must agree: as `Host::RegName`,
//! through `http://<host>/` parsed (a URI, or an IRI when the host is not
//! ASCII), and, as messy input, through `http://user:pw@<host>:8080/p?q#f`.
//! The public suffix is checked to be the registrable domain less its first
//! label, and a name in capitals to give the answer of its lower-case form.

use urikit::prelude::*;
use urikit::{IriReference, PublicSuffixExt};
use urikit_tests::vectors::run;

use serde::Deserialize;

/// One record of `public-suffix.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    name: String,
    source: String,
    /// The host's text, as a URI or an IRI writes it.
    host: String,
    /// Its registrable domain, `None` when it has none.
    domain: Option<String>,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

urikit_tests::vector!(Record, input = host);

/// The registrable domain and public suffix of the host of `text`, parsed.
fn through(text: &str) -> Result<(Option<String>, Option<String>), String> {
    let r = IriReference::parse(text).map_err(|e| format!("{text:?} does not parse: {e}"))?;
    let host = r.host().ok_or_else(|| format!("{text:?} has no host"))?;
    Ok((
        host.registrable_domain().map(|d| d.into_owned()),
        host.public_suffix().map(|s| s.as_str().to_owned()),
    ))
}

fn check(r: &Record) -> Vec<String> {
    let mut problems = Vec::new();
    let host = Host::RegName(&r.host);
    let domain = host.registrable_domain().map(|d| d.into_owned());
    let suffix = host.public_suffix().map(|s| s.as_str().to_owned());
    if domain != r.domain {
        problems.push(format!(
            "registrable domain of {:?}: {domain:?}, expected {:?}",
            r.host, r.domain
        ));
    }
    // The suffix is the domain less its first label.
    if let Some(d) = &domain {
        let rest = d.split_once('.').map(|(_, rest)| rest.to_owned());
        if suffix != rest {
            problems.push(format!(
                "public suffix of {:?}: {suffix:?}, expected {rest:?}",
                r.host
            ));
        }
    }
    for text in [
        format!("http://{}/", r.host),
        format!("http://user:pw@{}:8080/p?q#f", r.host),
    ] {
        match through(&text) {
            Ok(got) if got == (domain.clone(), suffix.clone()) => {}
            Ok(got) => problems.push(format!(
                "through {text:?}: {got:?}, as a Host: {:?}",
                (&domain, &suffix)
            )),
            Err(e) => problems.push(e),
        }
    }
    // A name in capitals reads as the name as written (RFC 3986 §6.2.2.1).
    let shouted = r.host.to_ascii_uppercase();
    let loud = Host::RegName(&shouted)
        .registrable_domain()
        .map(|d| d.into_owned());
    if loud != domain {
        problems.push(format!(
            "{shouted:?} gives {loud:?}, the name as written {domain:?}"
        ));
    }
    problems
}

#[test]
fn public_suffix_vectors() {
    run("public-suffix.json", check);
}

/// Every prefix and suffix of every vector host (cut anywhere, a char at a
/// time) gives the same answers as a `Host` and through a URI, and never
/// panics: the messy input the records do not list.
#[test]
fn cut_hosts_agree_through_a_uri() {
    let records: Vec<Record> = urikit_tests::vectors::load("public-suffix.json");
    for r in &records {
        let cuts = r.host.char_indices().map(|(k, _)| k).chain([r.host.len()]);
        for k in cuts {
            for part in [&r.host[..k], &r.host[k..]] {
                let host = Host::RegName(part);
                let want = (
                    host.registrable_domain().map(|d| d.into_owned()),
                    host.public_suffix().map(|s| s.as_str().to_owned()),
                );
                if let Ok(got) = through(&format!("http://{part}/")) {
                    assert_eq!(got, want, "{part:?}");
                }
            }
        }
    }
}
