//! Findings as a SARIF 2.1.0 log (OASIS Static Analysis Results
//! Interchange Format, version 2.1.0, Errata 01): one run, the tool
//! `urikit` with one rule per [`Kind`] (and per scheme rule found), one
//! result per finding, located by artifact, line and column.
//!
//! The log is checked against the structure the SARIF 2.1.0 schema
//! requires by a hand-written structural validator in this crate's tests
//! (`tests/sarif.rs`), not by a JSON Schema validator: the fields and
//! types below, not every constraint of the schema.
//!
//! | where | what |
//! |---|---|
//! | top level | `version` `"2.1.0"`, `$schema`, `runs` |
//! | `runs[]` | `tool.driver` (`name`, `version`, `informationUri`, `rules[]`), `columnKind` `"unicodeCodePoints"`, `results[]` |
//! | `rules[]` | `id`, `name`, `shortDescription.text`, `fullDescription.text`, `defaultConfiguration.level`, `properties` (`group`, `section`) |
//! | `results[]` | `ruleId`, `ruleIndex`, `level`, `message.text`, `locations[].physicalLocation` (`artifactLocation.uri`, `region` with `startLine`, `startColumn`, `snippet.text`), `properties` (`index`, `section`, `readings`) |

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::kind::{Kind, Severity};
use crate::output::{Located, reading_json};

/// The SARIF version written.
///
/// # Examples
///
/// ```
/// assert_eq!(uri_lint::sarif::VERSION, "2.1.0");
/// ```
pub const VERSION: &str = "2.1.0";

/// The SARIF 2.1.0 schema's address, written as `$schema`.
///
/// # Examples
///
/// ```
/// assert!(uri_lint::sarif::SCHEMA.ends_with("sarif-schema-2.1.0.json"));
/// ```
pub const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// The SARIF level of a severity (§3.27.10): `note`, `warning`, `error`.
fn level(s: Severity) -> &'static str {
    s.as_str()
}

/// A SARIF 2.1.0 log of `results`, as one JSON value.
///
/// Rules: every [`Kind`] but [`Kind::Scheme`], then each scheme rule
/// that a result names, sorted by name. A result's `message.text` is the
/// finding's message (which holds no password), its region's snippet the
/// input redacted by uri-core's `RedactedText`. Columns count Unicode
/// code points from 1 (`columnKind` `unicodeCodePoints`).
///
/// # Examples
///
/// ```
/// use uri_lint::{Lint, Located, sarif};
///
/// let lint = Lint::new();
/// let inputs = ["http://127.1/", "https://example.com/", "http://a\\b@c/"];
/// let findings: Vec<_> = inputs.iter().map(|i| lint.check(i)).collect();
/// let located = inputs.iter().zip(&findings).enumerate().flat_map(|(n, (input, found))| {
///     found.iter().map(move |f| Located::new("urls.txt", n + 1, input, f))
/// });
/// let log = sarif::to_sarif(located);
/// assert_eq!(log["version"], "2.1.0");
/// let results = log["runs"][0]["results"].as_array().unwrap();
/// assert_eq!(results[0]["ruleId"], "NumericIpv4");
/// assert_eq!(results[0]["locations"][0]["physicalLocation"]["region"]["startColumn"], 8);
/// ```
pub fn to_sarif<'a>(results: impl IntoIterator<Item = Located<'a>>) -> Value {
    let results: Vec<Located<'a>> = results.into_iter().collect();
    // The rules: the kinds, then the scheme rules named.
    let mut rules: Vec<Value> = Vec::new();
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    for kind in Kind::ALL.iter().filter(|k| **k != Kind::Scheme) {
        index.insert(kind.name(), rules.len());
        rules.push(rule(
            kind.name(),
            *kind,
            kind.summary(),
            kind.section(),
            kind.severity(),
        ));
    }
    let mut scheme_rules: BTreeMap<&str, &Located<'a>> = BTreeMap::new();
    for r in results
        .iter()
        .filter(|r| r.finding().kind() == Kind::Scheme)
    {
        scheme_rules.entry(r.finding().name()).or_insert(r);
    }
    for (name, r) in scheme_rules {
        index.insert(name, rules.len());
        let f = r.finding();
        rules.push(rule(
            name,
            Kind::Scheme,
            Kind::Scheme.summary(),
            f.section(),
            f.severity(),
        ));
    }
    let results: Vec<Value> = results
        .iter()
        .map(|r| {
            let f = r.finding();
            let readings = f.readings().map_or(Value::Null, |x| {
                json!({"rfc3986": reading_json(x.rfc3986()), "whatwg": reading_json(x.whatwg())})
            });
            json!({
                "ruleId": f.name(),
                "ruleIndex": index.get(f.name()).copied().unwrap_or(0),
                "level": level(f.severity()),
                "message": {"text": f.message()},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": {"uri": r.artifact()},
                        "region": {
                            "startLine": r.line().max(1),
                            "startColumn": r.column(),
                            "snippet": {"text": uri_core::RedactedText::new(r.input()).to_string()},
                        },
                    },
                }],
                "properties": {
                    "index": f.index(),
                    "section": f.section(),
                    "readings": readings,
                },
            })
        })
        .collect();
    json!({
        "version": VERSION,
        "$schema": SCHEMA,
        "runs": [{
            "tool": {
                "driver": {
                    "name": "urikit",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": env!("CARGO_PKG_REPOSITORY"),
                    "rules": rules,
                },
            },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    })
}

/// One `reportingDescriptor` (§3.49).
fn rule(id: &str, kind: Kind, summary: &str, section: &str, severity: Severity) -> Value {
    json!({
        "id": id,
        "name": id,
        "shortDescription": {"text": summary},
        "fullDescription": {"text": format!("{summary} ({section})")},
        "defaultConfiguration": {"level": level(severity)},
        "properties": {"group": kind.group().as_str(), "section": section},
    })
}
