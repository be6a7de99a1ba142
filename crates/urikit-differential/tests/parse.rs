//! Parsing, differentially: urikit against `fluent-uri`, `iri-string` and
//! `oxiri` on every input of the corpus (see `urikit_differential::corpus`).
//!
//! For each input and peer: do both accept or both reject, and when both
//! accept, is every component the same (absent and empty told apart), and
//! the host kind and IP address where the peer gives them? Every
//! disagreement goes through [`classify`], which names the rule of the class
//! it belongs to; `known-differences.txt` lists the classes that may occur.

mod common;

use urikit::ParseError;
use urikit_differential::compare::{Disagreement, Outcome, compare};
use urikit_differential::corpus;
use urikit_differential::known::{self, Tally};
use urikit_differential::ours::{self, Field, Fields};

/// A peer parser: its name, how to parse `URI-reference` with it, and
/// whether it accepts an input as a `URI` and as a `relative-ref`, where it
/// has those rules (`None` when the input is outside what it can be
/// compared on).
struct Peer {
    /// The crate's name, as `known-differences.txt` writes it.
    name: &'static str,
    /// Parses `URI-reference`: the fields, or the error message.
    parse: fn(&str) -> Option<Outcome>,
    /// Whether the input is a `URI`.
    uri: fn(&str) -> Option<bool>,
    /// Whether the input is a `relative-ref`, if the peer has that rule.
    relative: Option<fn(&str) -> Option<bool>>,
}

/// The peers of this test.
const PEERS: &[Peer] = &[
    Peer {
        name: "fluent-uri",
        parse: fluent,
        uri: |s| Some(fluent_uri::Uri::parse(s).is_ok()),
        // fluent-uri 0.4 has no relative-reference type.
        relative: None,
    },
    Peer {
        name: "iri-string",
        parse: iri_string,
        uri: |s| Some(iri_string::types::UriStr::new(s).is_ok()),
        relative: Some(|s| Some(iri_string::types::UriRelativeStr::new(s).is_ok())),
    },
    Peer {
        name: "oxiri",
        parse: oxiri,
        uri: |s| s.is_ascii().then(|| oxiri::Iri::parse(s).is_ok()),
        // oxiri 0.3 has no relative-reference type.
        relative: None,
    },
];

/// `fluent-uri` 0.4: `UriRef::parse`, strict RFC 3986. Every field, the host
/// kind and the address (with its `net` feature).
fn fluent(input: &str) -> Option<Outcome> {
    match fluent_uri::UriRef::parse(input) {
        Ok(r) => Some(Ok(common::fluent_fields!(r))),
        Err(e) => Some(Err(format!("{e:?}"))),
    }
}

/// `iri-string` 0.7: `UriReferenceStr::new`, RFC 3986. Every field and the
/// host kind (it has no typed address).
fn iri_string(input: &str) -> Option<Outcome> {
    match iri_string::types::UriReferenceStr::new(input) {
        Ok(r) => Some(Ok(common::iri_string_fields(r))),
        Err(e) => Some(Err(format!("{e:?}"))),
    }
}

/// `oxiri` 0.3: `IriRef::parse`. It parses IRIs (RFC 3987), so it is asked
/// about ASCII inputs only, where IRIs and URIs coincide. It splits the
/// reference into scheme, authority, path, query and fragment only.
fn oxiri(input: &str) -> Option<Outcome> {
    if !input.is_ascii() {
        return None;
    }
    match oxiri::IriRef::parse(input) {
        Ok(r) => Some(Ok(common::oxiri_fields(&r))),
        Err(e) => Some(Err(e.to_string())),
    }
}

/// Names the class of a disagreement, by rule: `Ok(key)` for a class of
/// `known-differences.txt`, `Err(description)` when no rule explains it.
fn classify(
    peer: &str,
    input: &str,
    disagreement: &Disagreement,
    ours: &Result<Fields, ParseError>,
    theirs: &Outcome,
) -> Result<&'static str, String> {
    let _ = (peer, input, ours, theirs);
    Err(disagreement.describe())
}

/// The differential test: every input, every peer, every rule.
#[test]
fn parsing_agrees_with_peers_up_to_known_differences() {
    let inputs = corpus::parse_inputs();
    let known = known::load();
    let mut tally = Tally::default();
    let mut compared = [0usize; 3];
    let mut coverage = Coverage::default();
    for (input, _) in &inputs {
        let ours = ours::parse(input);
        coverage.add(&ours);
        let ours_uri = urikit::Uri::parse(input).is_ok();
        let ours_relative = urikit::RelativeRef::parse(input).is_ok();
        for (n, peer) in PEERS.iter().enumerate() {
            let Some(theirs) = (peer.parse)(input) else {
                continue;
            };
            compared[n] += 1;
            let mut disagreements: Vec<Disagreement> =
                compare(&ours, &theirs).into_iter().collect();
            if let Some(accepts) = (peer.uri)(input) {
                if accepts != ours_uri {
                    disagreements.push(Disagreement::Rule("URI", accepts));
                }
            }
            if let Some(accepts) = peer.relative.and_then(|f| f(input)) {
                if accepts != ours_relative {
                    disagreements.push(Disagreement::Rule("relative-ref", accepts));
                }
            }
            for d in disagreements {
                let class = classify(peer.name, input, &d, &ours, &theirs);
                tally.record(peer.name, class, input);
            }
        }
    }
    println!(
        "{} inputs ({}); compared with {}",
        inputs.len(),
        corpus::origin_counts(&inputs),
        known::per_peer(PEERS.iter().map(|p| p.name), &compared),
    );
    println!("{}", tally.report());
    println!("{coverage:?}");
    coverage.assert_varied();
    let names: Vec<&str> = PEERS.iter().map(|p| p.name).collect();
    if let Err(problems) = tally.check(&known, "parse:", &names) {
        panic!("{problems}");
    }
}

/// What the corpus holds, as urikit parses it: enough of every kind for
/// the comparison to mean something. A generator that stopped producing,
/// say, IPv6 hosts would make the test pass for nothing; this catches it.
#[derive(Debug, Default)]
struct Coverage {
    /// Inputs urikit accepts.
    valid: usize,
    /// Inputs urikit rejects.
    invalid: usize,
    /// Valid inputs with an authority, by host kind: IPv4, IPv6, IPvFuture, reg-name.
    hosts: [usize; 4],
    /// Valid inputs with a userinfo, a port, a query, a fragment.
    parts: [usize; 4],
    /// Inputs rejected with each error kind, by `ParseErrorKind::ALL` index.
    errors: Vec<usize>,
}

impl Coverage {
    /// Counts one parse.
    fn add(&mut self, ours: &Result<Fields, ParseError>) {
        if self.errors.is_empty() {
            self.errors = vec![0; urikit::ParseErrorKind::ALL.len()];
        }
        match ours {
            Err(e) => {
                self.invalid += 1;
                if let Some(k) = urikit::ParseErrorKind::ALL
                    .iter()
                    .position(|k| *k == e.kind())
                {
                    self.errors[k] += 1;
                }
            }
            Ok(fields) => {
                self.valid += 1;
                let kind = ours::get(fields, Field::HostKind).flatten();
                let index = ["ipv4", "ipv6", "ipvfuture", "reg-name"]
                    .iter()
                    .position(|k| Some(*k) == kind);
                if let Some(k) = index {
                    self.hosts[k] += 1;
                }
                for (n, field) in [Field::Userinfo, Field::Port, Field::Query, Field::Fragment]
                    .into_iter()
                    .enumerate()
                {
                    if ours::get(fields, field).flatten().is_some() {
                        self.parts[n] += 1;
                    }
                }
            }
        }
    }

    /// Panics unless every kind of input is there in some number.
    fn assert_varied(&self) {
        assert!(self.valid >= 10_000, "too few valid inputs: {self:?}");
        assert!(self.invalid >= 10_000, "too few invalid inputs: {self:?}");
        assert!(
            self.hosts.iter().all(|&n| n >= 50),
            "too few of a host kind: {self:?}"
        );
        assert!(
            self.parts.iter().all(|&n| n >= 300),
            "too few of a component: {self:?}"
        );
        // Every error kind `UriReference::parse` gives by default: not
        // `MissingScheme` and `ColonInFirstSegment` (the `URI` and
        // `relative-ref` rules'), nor `InvalidZoneId` (only with
        // `allow_zone_id`, which the peers lack), nor `BidiFormattingChar`
        // (IRIs only: a URI refuses every non-ASCII character with its
        // component's error; `tests/iri.rs` sees that one), nor `TooLong`
        // (only with `ParseOptions::max_length`).
        use urikit::ParseErrorKind::{
            BidiFormattingChar, ColonInFirstSegment, InvalidZoneId, MissingScheme, TooLong,
        };
        let not_here = [
            MissingScheme,
            ColonInFirstSegment,
            InvalidZoneId,
            BidiFormattingChar,
            TooLong,
        ];
        for (kind, &n) in urikit::ParseErrorKind::ALL.iter().zip(&self.errors) {
            if !not_here.contains(kind) {
                assert!(n >= 5, "too few inputs rejected with {kind:?}: {self:?}");
            }
        }
    }
}

/// The harness itself: a comparison that saw nothing would pass for nothing.
#[test]
fn the_comparison_sees_differences() {
    // A harness that never reports anything would pass for nothing: check
    // that each kind of disagreement is seen, and absent and empty told apart.
    let ours = ours::parse("s://h?");
    let mut theirs = ours.clone().map_err(|e| e.to_string());
    assert_eq!(compare(&ours, &theirs), None);
    if let Ok(fields) = &mut theirs {
        for (field, value) in fields.iter_mut() {
            if *field == Field::Query {
                *value = None;
            }
        }
    }
    assert_eq!(
        compare(&ours, &theirs),
        Some(Disagreement::Fields(vec![Field::Query]))
    );
    assert!(matches!(
        compare(&ours, &Err("no".into())),
        Some(Disagreement::PeerRejects(_))
    ));
    let bad = ours::parse("a b");
    assert!(matches!(
        compare(&bad, &ours.clone().map_err(|e| e.to_string())),
        Some(Disagreement::PeerAccepts(_))
    ));
    // And every peer is really called: each accepts a URI and rejects a space.
    for peer in PEERS {
        assert!(
            matches!((peer.parse)("s://h/p?q#f"), Some(Ok(_))),
            "{}",
            peer.name
        );
        assert!(
            matches!((peer.parse)("s://h/p q"), Some(Err(_))),
            "{}",
            peer.name
        );
        assert_eq!((peer.uri)("s:p"), Some(true), "{}", peer.name);
        assert_eq!((peer.uri)("p"), Some(false), "{}", peer.name);
    }
}
