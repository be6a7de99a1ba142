//! IRI parsing, differentially: urikit's `IriReference::parse` (RFC 3987)
//! against `fluent-uri`'s `IriRef`, `iri-string`'s `IriReferenceStr` and
//! `oxiri`'s `IriRef` on every input of the IRI corpus (see
//! `urikit_differential::corpus::iri_inputs`).
//!
//! For each input and peer: do both accept or both reject, and when both
//! accept, is every component the same (absent and empty told apart), and
//! the host kind where the peer gives it? The `IRI` rule (`Iri::parse`)
//! and, for `iri-string`, the `irelative-ref` rule are compared too. Every
//! disagreement goes through [`classify`], which names the rule of the
//! class it belongs to; `known-differences.txt` lists the classes (keys
//! `iri:…`) that may occur, and `docs/spec-notes.md` ("IRI parsing: where
//! the peers differ") explains each.

use std::net::IpAddr;

use urikit::spec::{is_bidi_formatting, is_iprivate, is_ucschar};
use urikit::{ParseError, ParseErrorKind, ParseOptions};
use urikit_differential::corpus::{self, Origin};
use urikit_differential::known::{self, Tally};
use urikit_differential::ours::{self, Field, Fields};

/// What a peer made of an input: its fields, or its error message.
type Outcome = Result<Fields, String>;

/// A peer parser: its name, how to parse `IRI-reference` with it, and
/// whether it accepts an input as an `IRI` and as an `irelative-ref`,
/// where it has those rules.
struct Peer {
    /// The crate's name, as `known-differences.txt` writes it.
    name: &'static str,
    /// Parses `IRI-reference`: the fields, or the error message.
    parse: fn(&str) -> Outcome,
    /// Whether the input is an `IRI`.
    iri: fn(&str) -> bool,
    /// Whether the input is an `irelative-ref`, if the peer has that rule.
    relative: Option<fn(&str) -> bool>,
}

/// The peers of this test.
const PEERS: &[Peer] = &[
    Peer {
        name: "fluent-uri",
        parse: fluent,
        iri: |s| fluent_uri::Iri::parse(s).is_ok(),
        // fluent-uri 0.4 has no relative-reference type.
        relative: None,
    },
    Peer {
        name: "iri-string",
        parse: iri_string,
        iri: |s| iri_string::types::IriStr::new(s).is_ok(),
        relative: Some(|s| iri_string::types::IriRelativeStr::new(s).is_ok()),
    },
    Peer {
        name: "oxiri",
        parse: oxiri,
        iri: |s| oxiri::Iri::parse(s).is_ok(),
        // oxiri 0.3 has no relative-reference type.
        relative: None,
    },
];

/// Owned text of an optional component.
fn own(s: Option<&str>) -> Option<String> {
    s.map(str::to_owned)
}

/// `fluent-uri` 0.4: `IriRef::parse`. Every field, the host kind and the
/// address (with its `net` feature).
fn fluent(input: &str) -> Outcome {
    use fluent_uri::component::Host;
    let r = fluent_uri::IriRef::parse(input).map_err(|e| format!("{e:?}"))?;
    let auth = r.authority();
    let (kind, ip) = match auth.as_ref().map(|a| a.host_parsed()) {
        None => (None, None),
        Some(Host::Ipv4(addr)) => (Some("ipv4"), Some(IpAddr::V4(addr).to_string())),
        Some(Host::Ipv6(addr)) => (Some("ipv6"), Some(IpAddr::V6(addr).to_string())),
        Some(Host::IpvFuture { .. }) => (Some("ipvfuture"), None),
        Some(Host::RegName(_)) => (Some("reg-name"), None),
    };
    Ok(vec![
        (Field::Scheme, own(r.scheme().map(|s| s.as_str()))),
        (Field::Authority, own(auth.as_ref().map(|a| a.as_str()))),
        (
            Field::Userinfo,
            own(auth.as_ref().and_then(|a| a.userinfo()).map(|u| u.as_str())),
        ),
        (Field::Host, own(auth.as_ref().map(|a| a.host()))),
        (
            Field::Port,
            own(auth.as_ref().and_then(|a| a.port()).map(|p| p.as_str())),
        ),
        (Field::Path, Some(r.path().as_str().to_owned())),
        (Field::Query, own(r.query().map(|q| q.as_str()))),
        (Field::Fragment, own(r.fragment().map(|f| f.as_str()))),
        (Field::HostKind, own(kind)),
        (Field::Ip, ip),
    ])
}

/// `iri-string` 0.7: `IriReferenceStr::new`. Every field and the host kind
/// (it has no typed address).
fn iri_string(input: &str) -> Outcome {
    let r = iri_string::types::IriReferenceStr::new(input).map_err(|e| format!("{e:?}"))?;
    let auth = r.authority_components();
    let kind = auth.as_ref().map(|a| {
        let host = a.host();
        if host.starts_with("[v") || host.starts_with("[V") {
            "ipvfuture"
        } else if host.starts_with('[') {
            "ipv6"
        } else if a.reg_name().is_some() {
            "reg-name"
        } else {
            "ipv4"
        }
    });
    Ok(vec![
        (Field::Scheme, own(r.scheme_str())),
        (Field::Authority, own(r.authority_str())),
        (
            Field::Userinfo,
            own(auth.as_ref().and_then(|a| a.userinfo())),
        ),
        (Field::Host, own(auth.as_ref().map(|a| a.host()))),
        (Field::Port, own(auth.as_ref().and_then(|a| a.port()))),
        (Field::Path, Some(r.path_str().to_owned())),
        (Field::Query, own(r.query_str())),
        (Field::Fragment, own(r.fragment().map(|f| f.as_str()))),
        (Field::HostKind, own(kind)),
    ])
}

/// `oxiri` 0.3: `IriRef::parse`. Scheme, authority, path, query and
/// fragment only.
fn oxiri(input: &str) -> Outcome {
    let r = oxiri::IriRef::parse(input).map_err(|e| e.to_string())?;
    Ok(vec![
        (Field::Scheme, own(r.scheme())),
        (Field::Authority, own(r.authority())),
        (Field::Path, Some(r.path().to_owned())),
        (Field::Query, own(r.query())),
        (Field::Fragment, own(r.fragment())),
    ])
}

/// How urikit and a peer disagree on one input.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Disagreement {
    /// On the `IRI` (`Iri::parse`) or `irelative-ref` (`RelativeIri::parse`)
    /// rule, named here: `true` when the peer accepts and urikit rejects.
    Rule(&'static str, bool),
    /// urikit accepts, the peer rejects (with this message).
    PeerRejects(String),
    /// urikit rejects (with this error), the peer accepts.
    PeerAccepts(ParseError),
    /// Both accept; these fields differ.
    Fields(Vec<Field>),
}

/// The disagreement between urikit's and a peer's outcome, if any.
fn compare(ours: &Result<Fields, ParseError>, theirs: &Outcome) -> Option<Disagreement> {
    match (ours, theirs) {
        (Ok(_), Err(message)) => Some(Disagreement::PeerRejects(message.clone())),
        (Err(e), Ok(_)) => Some(Disagreement::PeerAccepts(*e)),
        (Err(_), Err(_)) => None,
        (Ok(ours), Ok(theirs)) => {
            let differing: Vec<Field> = theirs
                .iter()
                .filter(|(field, value)| ours::get(ours, *field) != Some(value.as_deref()))
                .map(|(field, _)| *field)
                .collect();
            (!differing.is_empty()).then_some(Disagreement::Fields(differing))
        }
    }
}

/// The classes of this test, by key (see `known-differences.txt`), as
/// constants, so that a typo cannot make a new class.
mod class {
    /// The peer accepts one of the seven bidirectional formatting
    /// characters that RFC 3987 §4.1 names, which urikit refuses.
    pub(crate) const BIDI: &str = "iri:accepts-bidi-formatting-characters";
    /// The peer accepts a bidirectional isolate (U+2066 to U+2069), which
    /// urikit refuses with the seven, and no one of the seven.
    pub(crate) const ISOLATES: &str = "iri:accepts-bidi-isolates";
}

/// The seven bidirectional formatting characters RFC 3987 §4.1 names:
/// LRM, RLM, LRE, RLE, PDF, LRO, RLO.
fn is_named_in_rfc_3987(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}')
}

/// urikit's parse of `input` with the bidirectional formatting
/// characters allowed (`ParseOptions::allow_bidi_formatting`), under the
/// rule `rule` (`IRI-reference`, `IRI` or `irelative-ref`).
fn with_bidi(input: &str, rule: &str) -> Result<Fields, ParseError> {
    let options = ParseOptions::new().allow_bidi_formatting(true);
    let fields = ours::parse_iri_with(input, options)?;
    match rule {
        "IRI" => urikit::Iri::parse_with(input, options).map(|_| fields),
        "irelative-ref" => urikit::RelativeIri::parse_with(input, options).map(|_| fields),
        _ => Ok(fields),
    }
}

/// Names the class of a disagreement, by rule: `Ok(key)` for a class of
/// `known-differences.txt`, `Err(description)` when no rule explains it.
///
/// One rule: urikit refuses a bidirectional formatting character (RFC
/// 3987 §4.1), and with those allowed it parses the input under the same
/// rule exactly as the peer does (the same components, where the peer
/// accepts the reference). The class is [`class::BIDI`] when one of the
/// seven characters §4.1 names is there, else [`class::ISOLATES`].
fn classify(
    input: &str,
    disagreement: &Disagreement,
    theirs: &Outcome,
) -> Result<&'static str, String> {
    let bidi = |rule: &str| {
        let ours = with_bidi(input, rule);
        let refused_for_bidi = ours::parse_iri(input)
            .err()
            .into_iter()
            .chain(urikit::Iri::parse(input).err())
            .chain(urikit::RelativeIri::parse(input).err())
            .any(|e| e.kind() == ParseErrorKind::BidiFormattingChar);
        refused_for_bidi
            && ours.is_ok()
            && (rule != "IRI-reference" || compare(&ours, theirs).is_none())
    };
    let explained = match disagreement {
        Disagreement::PeerAccepts(_) => bidi("IRI-reference"),
        Disagreement::Rule(rule, true) => bidi(rule),
        _ => false,
    };
    if !explained {
        Err(describe(disagreement))
    } else if input.chars().any(is_named_in_rfc_3987) {
        Ok(class::BIDI)
    } else {
        Ok(class::ISOLATES)
    }
}

/// A short description of a disagreement no rule explains.
fn describe(disagreement: &Disagreement) -> String {
    match disagreement {
        Disagreement::Rule(rule, true) => format!("{rule}: peer accepts"),
        Disagreement::Rule(rule, false) => format!("{rule}: peer rejects"),
        Disagreement::PeerRejects(message) => format!("peer rejects ({message})"),
        Disagreement::PeerAccepts(e) => {
            format!(
                "peer accepts (urikit: {} at {})",
                e.kind().name(),
                e.index()
            )
        }
        Disagreement::Fields(fields) => {
            let names: Vec<&str> = fields.iter().map(|f| f.name()).collect();
            format!("{} differ", names.join(", "))
        }
    }
}

/// The differential test: every input, every peer, every rule.
#[test]
fn iri_parsing_agrees_with_peers_up_to_known_differences() {
    let inputs = corpus::iri_inputs();
    let known = known::load();
    let mut tally = Tally::default();
    let mut counts = [0usize; 5];
    let mut coverage = Coverage::default();
    for (input, origin) in &inputs {
        counts[*origin as usize] += 1;
        let ours = ours::parse_iri(input);
        coverage.add(input, &ours);
        let ours_iri = urikit::Iri::parse(input).is_ok();
        let ours_relative = urikit::RelativeIri::parse(input).is_ok();
        for peer in PEERS {
            let theirs = (peer.parse)(input);
            let mut disagreements: Vec<Disagreement> =
                compare(&ours, &theirs).into_iter().collect();
            let accepts = (peer.iri)(input);
            if accepts != ours_iri {
                disagreements.push(Disagreement::Rule("IRI", accepts));
            }
            if let Some(relative) = peer.relative {
                let accepts = relative(input);
                if accepts != ours_relative {
                    disagreements.push(Disagreement::Rule("irelative-ref", accepts));
                }
            }
            for d in disagreements {
                let class = classify(input, &d, &theirs);
                tally.record(peer.name, class, input);
            }
        }
    }
    let origins = [
        Origin::Vector,
        Origin::Grammar,
        Origin::Delimiters,
        Origin::Real,
        Origin::Mutation,
    ];
    println!(
        "{} inputs ({})",
        inputs.len(),
        origins
            .iter()
            .map(|o| format!("{o:?}: {}", counts[*o as usize]))
            .collect::<Vec<_>>()
            .join(", "),
    );
    println!("{}", tally.report());
    println!("{coverage:?}");
    coverage.assert_varied();
    let names: Vec<&str> = PEERS.iter().map(|p| p.name).collect();
    if let Err(problems) = tally.check(&known, "iri:", &names) {
        panic!("{problems}");
    }
}

/// What the IRI corpus holds, as urikit parses it: enough of every kind
/// of non-ASCII text, accepted and refused, for the comparison to mean
/// something.
#[derive(Debug, Default)]
struct Coverage {
    /// Inputs with non-ASCII text urikit accepts, and refuses.
    non_ascii: [usize; 2],
    /// Accepted inputs with a non-ASCII host, userinfo, path, query,
    /// fragment.
    parts: [usize; 5],
    /// Inputs holding a `ucschar`, an `iprivate`, a bidi formatting
    /// character, and a non-ASCII character of neither rule.
    characters: [usize; 4],
    /// Inputs refused for a bidi formatting character.
    bidi_refused: usize,
}

impl Coverage {
    /// Counts one parse.
    fn add(&mut self, input: &str, ours: &Result<Fields, ParseError>) {
        if input.is_ascii() {
            return;
        }
        self.non_ascii[usize::from(ours.is_err())] += 1;
        let has = |f: fn(char) -> bool| input.chars().any(f);
        for (n, found) in [
            has(|c| is_ucschar(c) && !is_bidi_formatting(c)),
            has(is_iprivate),
            has(is_bidi_formatting),
            has(|c| !c.is_ascii() && !is_ucschar(c) && !is_iprivate(c)),
        ]
        .into_iter()
        .enumerate()
        {
            self.characters[n] += usize::from(found);
        }
        match ours {
            Err(e) => {
                self.bidi_refused += usize::from(e.kind() == ParseErrorKind::BidiFormattingChar);
            }
            Ok(fields) => {
                let fields_with_non_ascii = [
                    Field::Host,
                    Field::Userinfo,
                    Field::Path,
                    Field::Query,
                    Field::Fragment,
                ];
                for (n, field) in fields_with_non_ascii.into_iter().enumerate() {
                    let text = ours::get(fields, field).flatten().unwrap_or("");
                    self.parts[n] += usize::from(!text.is_ascii());
                }
            }
        }
    }

    /// Panics unless every kind of input is there in some number.
    fn assert_varied(&self) {
        assert!(
            self.non_ascii.iter().all(|&n| n >= 5_000),
            "too few non-ASCII inputs: {self:?}"
        );
        assert!(
            self.parts.iter().all(|&n| n >= 100),
            "too few of a component: {self:?}"
        );
        assert!(
            self.characters.iter().all(|&n| n >= 500),
            "too few of a kind of character: {self:?}"
        );
        assert!(self.bidi_refused >= 500, "too few bidi refusals: {self:?}");
    }
}

/// The harness itself: each peer is really called, and parses IRIs.
#[test]
fn every_peer_parses_iris() {
    for peer in PEERS {
        assert!((peer.parse)("s://hé/p?q#f").is_ok(), "{}", peer.name);
        assert!((peer.parse)("s://h/p q").is_err(), "{}", peer.name);
        assert!((peer.iri)("s:é"), "{}", peer.name);
        assert!(!(peer.iri)("é"), "{}", peer.name);
    }
    let ours = ours::parse_iri("s://h?é");
    assert_eq!(compare(&ours, &fluent("s://h?é")), None);
    assert!(matches!(
        compare(&ours, &fluent("s://h?e")),
        Some(Disagreement::Fields(_))
    ));
}
