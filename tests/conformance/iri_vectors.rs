//! IRI references (RFC 3987) through uri-core's types with `IriSpec`:
//! `vectors/iri.json`. Each record gives the seven components, or the
//! error's kind and byte index, and some a base and the resolved IRI
//! (RFC 3987 §6.5: the algorithm of RFC 3986 §5.2). Every valid record must
//! also be refused as a URI when it holds non-ASCII text, and accepted as a
//! URI otherwise: the two specs differ only there.

use serde::Deserialize;
use urikit::resolve::resolve;
use urikit::{Iri, IriReference, IriReferenceBuf, UriReference};
use urikit_tests::parsing::parts;
use urikit_tests::vectors::run;

/// The IRI vectors.
const FILE: &str = "iri.json";

/// One record of `iri.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    name: String,
    source: String,
    input: String,
    valid: bool,
    #[serde(default)]
    components: Option<Components>,
    #[serde(default)]
    error: Option<Error>,
    #[serde(default)]
    resolve: Option<Resolution>,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

/// The seven components, `None` for absent.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Components {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

/// An expected error.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Error {
    kind: String,
    index: usize,
}

/// A base and the expected resolution of the record against it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Resolution {
    base: String,
    expected: String,
}

urikit_tests::vector!(Record);

/// Checks one record.
fn check(r: &Record) -> Vec<String> {
    let mut problems = Vec::new();
    match (IriReference::parse(&r.input), r.valid) {
        (Ok(iri), true) => {
            if let Some(c) = &r.components {
                let expected = [
                    c.scheme.clone(),
                    c.userinfo.clone(),
                    c.host.clone(),
                    c.port.clone(),
                    Some(c.path.clone()),
                    c.query.clone(),
                    c.fragment.clone(),
                ];
                let got = parts(&iri.components());
                if got != expected {
                    problems.push(format!("components {got:?}, expected {expected:?}"));
                }
            }
            // The owned twin agrees, and the text is kept byte for byte.
            match IriReferenceBuf::parse(r.input.clone()) {
                Ok(owned) if owned.components() == iri.components() => {}
                other => problems.push(format!("IriReferenceBuf: {other:?}")),
            }
            // As a URI: refused exactly when there is non-ASCII text.
            let as_uri = UriReference::parse(&r.input).is_ok();
            if as_uri != r.input.is_ascii() {
                problems.push(format!("as a URI reference: ok = {as_uri}"));
            }
            if let Some(res) = &r.resolve {
                match Iri::parse(&res.base) {
                    Ok(base) => {
                        let got = resolve(base, iri);
                        if got.as_str() != res.expected {
                            problems.push(format!("resolved {got}, expected {}", res.expected));
                        }
                    }
                    Err(e) => problems.push(format!("base does not parse: {e}")),
                }
            }
        }
        (Err(e), false) => {
            if let Some(want) = &r.error {
                if (e.kind().name(), e.index()) != (want.kind.as_str(), want.index) {
                    problems.push(format!(
                        "{} at {}, expected {} at {}",
                        e.kind().name(),
                        e.index(),
                        want.kind,
                        want.index
                    ));
                }
            }
        }
        (Ok(_), false) => problems.push("parses, but should not".to_owned()),
        (Err(e), true) => problems.push(format!("does not parse: {e}")),
    }
    problems
}

#[test]
fn iri_vectors() {
    run(FILE, check);
}
