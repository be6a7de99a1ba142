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

mod common;

use urikit::spec::{is_bidi_formatting, is_iprivate, is_ucschar};
use urikit::{ParseError, ParseErrorKind, ParseOptions};
use urikit_differential::compare::{Disagreement, Outcome, compare};
use urikit_differential::corpus;
use urikit_differential::known::{self, Tally};
use urikit_differential::ours::{self, Field, Fields};

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

/// `fluent-uri` 0.4: `IriRef::parse`. Every field, the host kind and the
/// address (with its `net` feature).
fn fluent(input: &str) -> Outcome {
    let r = fluent_uri::IriRef::parse(input).map_err(|e| format!("{e:?}"))?;
    Ok(common::fluent_fields!(r))
}

/// `iri-string` 0.7: `IriReferenceStr::new`. Every field and the host kind
/// (it has no typed address).
fn iri_string(input: &str) -> Outcome {
    let r = iri_string::types::IriReferenceStr::new(input).map_err(|e| format!("{e:?}"))?;
    Ok(common::iri_string_fields(r))
}

/// `oxiri` 0.3: `IriRef::parse`. Scheme, authority, path, query and
/// fragment only.
fn oxiri(input: &str) -> Outcome {
    let r = oxiri::IriRef::parse(input).map_err(|e| e.to_string())?;
    Ok(common::oxiri_fields(&r))
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
        Err(disagreement.describe())
    } else if input.chars().any(is_named_in_rfc_3987) {
        Ok(class::BIDI)
    } else {
        Ok(class::ISOLATES)
    }
}

/// The differential test: every input, every peer, every rule.
#[test]
fn iri_parsing_agrees_with_peers_up_to_known_differences() {
    let inputs = corpus::iri_inputs();
    let known = known::load();
    let mut tally = Tally::default();
    let mut coverage = Coverage::default();
    for (input, _) in &inputs {
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
    println!(
        "{} inputs ({})",
        inputs.len(),
        corpus::origin_counts(&inputs),
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
