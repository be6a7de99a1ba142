//! Resolution, differentially: urikit's strict `Resolver` against
//! `iri-string` and `oxiri` on every `(base, reference)` pair of the corpus
//! (see `urikit_differential::corpus::resolve_pairs`).
//!
//! Targets are compared as strings. Every disagreement goes through
//! [`classify`]; `known-differences.txt` lists the classes that may occur.

use urikit::{Uri, UriReference};
use urikit_differential::corpus;
use urikit_differential::known::{self, Tally};
use urikit_differential::ours;

/// What a peer made of a pair: the target, or its error message.
type Outcome = Result<String, String>;

/// A peer resolver: its name, and how to run it on `(base, reference)`
/// (`None` when the pair is outside what it can be compared on).
struct Peer {
    /// The crate's name, as `known-differences.txt` writes it.
    name: &'static str,
    /// Resolves a reference against a base: the target, or the error message.
    resolve: fn(&str, &str) -> Option<Outcome>,
}

/// The peers of this test.
const PEERS: &[Peer] = &[
    Peer {
        name: "iri-string",
        resolve: iri_string,
    },
    Peer {
        name: "oxiri",
        resolve: oxiri,
    },
];

/// `iri-string` 0.7: `UriReferenceStr::resolve_against`, strict. The base
/// is an absolute URI (no fragment, §5.1: the fragment is not part of the
/// base), so its fragment is cut first. Where RFC 3986 cannot write the
/// target (a path starting with `//` without an authority), iri-string
/// writes the WHATWG `/.` form (its `ensure_rfc3986_normalizable` fails),
/// which is urikit's form too: those targets compare equal.
fn iri_string(base: &str, reference: &str) -> Option<Outcome> {
    use iri_string::types::{UriAbsoluteStr, UriReferenceStr};
    let base = base.split('#').next().unwrap_or_default();
    let base = UriAbsoluteStr::new(base).ok()?;
    let reference = UriReferenceStr::new(reference).ok()?;
    let target = reference.resolve_against(base);
    Some(Ok(target.to_string()))
}

/// `oxiri` 0.3: `Iri::resolve`, strict. ASCII only (it resolves IRIs).
/// It takes the reference parsed (`IriRef::parse`); a reference it
/// rejects is its failure on the pair, as when 0.2's `resolve` parsed the
/// reference itself.
fn oxiri(base: &str, reference: &str) -> Option<Outcome> {
    if !base.is_ascii() || !reference.is_ascii() {
        return None;
    }
    let base = oxiri::Iri::parse(base).ok()?;
    Some(
        oxiri::IriRef::parse(reference)
            .and_then(|r| base.resolve(&r))
            .map(|t| t.into_inner())
            .map_err(|e| e.to_string()),
    )
}

/// The classes of this test, by key (see `known-differences.txt`), as
/// constants, so that a typo cannot make a new class.
mod class {
    /// iri-string reads `%2E` segments as dot segments.
    pub(crate) const ENCODED_DOTS: &str = "resolve:percent-encoded-dot-segments";
    /// oxiri refuses a target whose path starts with `//` and has no authority.
    pub(crate) const DOUBLE_SLASH: &str = "resolve:double-slash-path-refused";
}

/// A reference split around its path: the text before it (scheme,
/// authority), the path, the text after it (query, fragment).
fn split_path(text: &str) -> Option<(String, String, String)> {
    let c = UriReference::parse(text).ok()?.components();
    let mut before = String::new();
    if let Some(scheme) = c.scheme() {
        before.push_str(scheme);
        before.push(':');
    }
    if let Some(authority) = c.authority() {
        before.push_str("//");
        before.push_str(authority.as_str());
    }
    let after = &text[before.len() + c.path().len()..];
    Some((before, c.path().to_owned(), after.to_owned()))
}

/// `text` with its path replaced by `f(path)`, if the result is still a
/// URI reference with that path (a rewrite must not move components).
fn with_path(text: &str, f: impl Fn(&str) -> String) -> Option<String> {
    let (before, path, after) = split_path(text)?;
    let new_path = f(&path);
    let out = format!("{before}{new_path}{after}");
    let reparsed = split_path(&out)?;
    (reparsed == (before, new_path, after)).then_some(out)
}

/// `path` with every segment made only of `.`, `%2E` and `%2e` (one or two
/// of them) written with literal dots.
fn decode_dot_segments(path: &str) -> String {
    path.split('/')
        .map(|segment| {
            let literal = segment.replace("%2E", ".").replace("%2e", ".");
            if literal == "." || literal == ".." {
                literal
            } else {
                segment.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Whether urikit and `peer` agree on `(base, reference)`.
fn agree(peer: &Peer, base: &str, reference: &str) -> bool {
    match (
        ours::resolve(base, reference),
        (peer.resolve)(base, reference),
    ) {
        (Some(ours), Some(Ok(theirs))) => ours == theirs,
        _ => false,
    }
}

/// Names the class of a disagreement, by rule: `Ok(key)` for a class of
/// `known-differences.txt`, `Err(description)` when no rule explains it.
///
/// A rule either neutralizes what triggers the difference (writes the
/// pair so that the trigger is gone, the same meaning otherwise) and asks
/// whether urikit and the peer then agree, or checks the exact form the
/// peer's result takes. Since every rule is specific to one peer, a urikit
/// bug hidden by one peer's rule still shows against the other peer.
///
/// oxiri 0.2.11 also kept the dot segments of the base path and of a
/// reference with a scheme or an authority, and dropped the root `/` that
/// `..` leaves without an authority; 0.3 follows §5.2.2 and §5.2.4 there
/// (its changelog: "`resolve` methods now fully follows RFC 3986 dot
/// segments removal algorithm"), and those classes and their rules are
/// gone: such a disagreement now fails the test as unclassified.
fn classify(
    peer: &Peer,
    base: &str,
    reference: &str,
    ours: &str,
    theirs: &Outcome,
) -> Result<&'static str, String> {
    match peer.name {
        "iri-string" => {
            // §5.2.4 removes the complete segments "." and ".."; `%2E` is
            // one only after §6.2.2.2 normalization.
            let b2 = with_path(base, decode_dot_segments);
            let r2 = with_path(reference, decode_dot_segments);
            if let (Some(b2), Some(r2)) = (b2, r2) {
                if (b2 != base || r2 != reference) && agree(peer, &b2, &r2) {
                    return Ok(class::ENCODED_DOTS);
                }
            }
        }
        "oxiri" => {
            if let Some(key) = oxiri_form(ours, theirs) {
                return Ok(key);
            }
        }
        _ => {}
    }
    Err(match theirs {
        Ok(t) => format!("peer gives {t:?}, urikit {ours:?}"),
        Err(e) => format!("peer fails ({e}), urikit gives {ours:?}"),
    })
}

/// The oxiri class recognized by the form of the result: a refused `//`
/// path (oxiri's error says so), where urikit's target has no authority
/// and writes `/.//`.
fn oxiri_form(ours: &str, theirs: &Outcome) -> Option<&'static str> {
    let target = Uri::parse(ours).ok()?;
    match theirs {
        Err(e) if target.authority().is_none() && target.path().starts_with("/.//") => {
            e.contains("start with //").then_some(class::DOUBLE_SLASH)
        }
        _ => None,
    }
}

/// The differential test: every pair, both peers.
#[test]
fn resolution_agrees_with_peers_up_to_known_differences() {
    let pairs = corpus::resolve_pairs();
    let known = known::load();
    let mut tally = Tally::default();
    let mut compared = [0usize; 2];
    for (base, reference) in &pairs {
        let Some(ours) = ours::resolve(base, reference) else {
            continue;
        };
        for (n, peer) in PEERS.iter().enumerate() {
            let Some(theirs) = (peer.resolve)(base, reference) else {
                continue;
            };
            compared[n] += 1;
            if theirs.as_deref() != Ok(ours.as_str()) {
                let class = classify(peer, base, reference, &ours, &theirs);
                tally.record(peer.name, class, &format!("<{base}> + <{reference}>"));
            }
        }
    }
    println!(
        "{} pairs; compared with {}",
        pairs.len(),
        known::per_peer(PEERS.iter().map(|p| p.name), &compared),
    );
    println!("{}", tally.report());
    assert!(
        pairs.len() >= 5_000 && compared.iter().all(|&n| n >= 5_000),
        "too few pairs compared: {} pairs, {compared:?}",
        pairs.len()
    );
    let names: Vec<&str> = PEERS.iter().map(|p| p.name).collect();
    if let Err(problems) = tally.check(&known, "resolve:", &names) {
        panic!("{problems}");
    }
}
