//! Resolution, differentially: urikit's strict `Resolver` against
//! `iri-string` and `oxiri` on every `(base, reference)` pair of the corpus
//! (see `urikit_differential::corpus::resolve_pairs`).
//!
//! Targets are compared as strings. Every disagreement goes through
//! [`classify`]; `known-differences.txt` lists the classes that may occur.

use urikit::resolve::has_dot_segments;
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

/// `oxiri` 0.2: `Iri::resolve`, strict. ASCII only (it resolves IRIs).
fn oxiri(base: &str, reference: &str) -> Option<Outcome> {
    if !base.is_ascii() || !reference.is_ascii() {
        return None;
    }
    let base = oxiri::Iri::parse(base).ok()?;
    Some(
        base.resolve(reference)
            .map(|t| t.into_inner())
            .map_err(|e| e.to_string()),
    )
}

/// The classes of this test, by key (see `known-differences.txt`), as
/// constants, so that a typo cannot make a new class.
mod class {
    /// iri-string reads `%2E` segments as dot segments.
    pub(crate) const ENCODED_DOTS: &str = "resolve:percent-encoded-dot-segments";
    /// oxiri keeps the dot segments of a reference with a scheme or an authority.
    pub(crate) const REFERENCE_DOTS: &str = "resolve:dot-segments-kept-in-absolute-reference";
    /// oxiri keeps the dot segments of the base path.
    pub(crate) const BASE_DOTS: &str = "resolve:dot-segments-kept-in-base";
    /// oxiri drops the `/` that `..` leaves at the root of a path without authority.
    pub(crate) const ROOT_SLASH: &str = "resolve:root-slash-dropped-without-authority";
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

/// `text` with its path replaced by `f(path, has_authority)`, if the
/// result is still a URI reference with that path (a rewrite must not move
/// components).
fn with_path(text: &str, f: impl Fn(&str, bool) -> String) -> Option<String> {
    let (before, path, after) = split_path(text)?;
    let has_authority = before.contains("//");
    let new_path = f(&path, has_authority);
    let out = format!("{before}{new_path}{after}");
    let reparsed = split_path(&out)?;
    (reparsed == (before, new_path, after)).then_some(out)
}

/// `remove_dot_segments(path)` (§5.2.4), with `/.` before a result that
/// starts with `//` when there is no authority, as urikit writes such a
/// path (`docs/spec-notes.md`).
fn remove_dots(path: &str, has_authority: bool) -> String {
    let mut out = String::new();
    urikit::resolve::remove_dot_segments(path, &mut out);
    if !has_authority && out.starts_with("//") {
        out.insert_str(0, "/.");
    }
    out
}

/// `path` with every segment made only of `.`, `%2E` and `%2e` (one or two
/// of them) written with literal dots.
fn decode_dot_segments(path: &str, _has_authority: bool) -> String {
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

/// The text after `scheme:` of a target.
fn after_scheme(target: &str) -> &str {
    target.split_once(':').map_or("", |(_, rest)| rest)
}

/// Names the class of a disagreement, by rule: `Ok(key)` for a class of
/// `known-differences.txt`, `Err(description)` when no rule explains it.
///
/// A rule either neutralizes what triggers the difference (writes the
/// pair so that the trigger is gone, the same meaning otherwise) and asks
/// whether urikit and the peer then agree, or checks the exact form the
/// peer's result takes. A pair with two triggers is put in the first class
/// that explains it. Since every rule is specific to one peer, a urikit
/// bug hidden by one peer's rule still shows against the other peer.
fn classify(
    peer: &Peer,
    base: &str,
    reference: &str,
    ours: &str,
    theirs: &Outcome,
) -> Result<&'static str, String> {
    let r = UriReference::parse(reference).map_err(|e| e.to_string())?;
    let b = Uri::parse(base).map_err(|e| e.to_string())?;
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
            let absolute_reference = r.scheme().is_some() || r.authority().is_some();
            if absolute_reference && has_dot_segments(r.path()) {
                if let Some(r2) = with_path(reference, remove_dots) {
                    if agree(peer, base, &r2) || explained_by_form(base, &r2) {
                        return Ok(class::REFERENCE_DOTS);
                    }
                }
            }
            if !absolute_reference && has_dot_segments(b.path()) {
                if let Some(b2) = with_path(base, remove_dots) {
                    if agree(peer, &b2, reference) || explained_by_form(&b2, reference) {
                        return Ok(class::BASE_DOTS);
                    }
                }
            }
            if let Some(key) = oxiri_form(ours, theirs, b.authority().is_some()) {
                return Ok(key);
            }
            // A base path `/.//…` cannot lose its `/.` without becoming an
            // authority; oxiri keeps it as a segment.
            if !absolute_reference && b.authority().is_none() && b.path().starts_with("/.//") {
                if let Ok(t) = theirs {
                    let scheme = b.scheme();
                    if t.strip_prefix(scheme).and_then(|t| t.strip_prefix(":/."))
                        == ours.strip_prefix(scheme).and_then(|o| o.strip_prefix(':'))
                    {
                        return Ok(class::BASE_DOTS);
                    }
                }
            }
        }
        _ => {}
    }
    Err(match theirs {
        Ok(t) => format!("peer gives {t:?}, urikit {ours:?}"),
        Err(e) => format!("peer fails ({e}), urikit gives {ours:?}"),
    })
}

/// Whether oxiri's outcome on `(base, reference)` has one of the forms of
/// [`oxiri_form`].
fn explained_by_form(base: &str, reference: &str) -> bool {
    let (Some(ours), Some(theirs)) = (ours::resolve(base, reference), oxiri(base, reference))
    else {
        return false;
    };
    let has_authority = Uri::parse(base).is_ok_and(|b| b.authority().is_some());
    ours == theirs.as_deref().unwrap_or_default()
        || oxiri_form(&ours, &theirs, has_authority).is_some()
}

/// The oxiri classes recognized by the form of the result: a refused `//`
/// path, where urikit writes `/.//`; or urikit's target with the `/` at
/// the root of its path (after any `/.`) missing, for a base without
/// authority.
fn oxiri_form(ours: &str, theirs: &Outcome, base_has_authority: bool) -> Option<&'static str> {
    let target = Uri::parse(ours).ok()?;
    match theirs {
        Err(e) if target.authority().is_none() && target.path().starts_with("/.//") => {
            e.contains("start with //").then_some(class::DOUBLE_SLASH)
        }
        Ok(t) if !base_has_authority && target.authority().is_none() => {
            let rest = after_scheme(ours);
            let rest = if rest.starts_with("/.//") {
                &rest[2..]
            } else {
                rest
            };
            let dropped = rest.strip_prefix('/')?;
            (ours.split(':').next() == t.split(':').next() && after_scheme(t) == dropped)
                .then_some(class::ROOT_SLASH)
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
        PEERS
            .iter()
            .zip(compared)
            .map(|(p, n)| format!("{}: {n}", p.name))
            .collect::<Vec<_>>()
            .join(", "),
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
