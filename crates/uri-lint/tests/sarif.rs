//! The SARIF 2.1.0 log of `uri_lint::sarif::to_sarif`, checked against the
//! structure the SARIF 2.1.0 schema (OASIS, Errata 01) requires, by a
//! validator written by hand here: the required properties and their
//! types, the enumerations used (`level`, `columnKind`), and the
//! constraints the schema states on them (`startLine` and `startColumn`
//! at least 1, `ruleIndex` a valid index whose rule has the result's
//! `ruleId`). It is a structural check, not a JSON Schema validator: the
//! schema is not read, and properties this crate does not write are not
//! checked. And the JSON lines: one object per finding, no password.

use serde_json::Value;
use uri_lint::{Lint, Located, sarif, to_json, to_json_line};

/// Every problem with `log` as a SARIF 2.1.0 log.
fn validate(log: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let mut need = |ok: bool, what: &str| {
        if !ok {
            problems.push(what.to_owned());
        }
    };
    need(log.is_object(), "the log is an object (§3.13)");
    need(log["version"] == "2.1.0", "version is \"2.1.0\" (§3.13.2)");
    need(
        log["$schema"]
            .as_str()
            .is_some_and(|s| s.starts_with("https://") && s.contains("2.1.0")),
        "$schema is the 2.1.0 schema's URI (§3.13.3)",
    );
    let Some(runs) = log["runs"].as_array() else {
        need(false, "runs is an array (§3.13.4)");
        return problems;
    };
    for run in runs {
        let driver = &run["tool"]["driver"];
        need(
            driver.is_object(),
            "runs[].tool.driver is an object (§3.18.2)",
        );
        need(
            driver["name"].as_str().is_some_and(|n| !n.is_empty()),
            "driver.name is a non-empty string (§3.19.8)",
        );
        need(
            driver["version"].is_string(),
            "driver.version is a string (§3.19.13)",
        );
        need(
            driver["informationUri"]
                .as_str()
                .is_some_and(|u| u.contains("://")),
            "driver.informationUri is a URI (§3.19.17)",
        );
        need(
            matches!(
                run["columnKind"].as_str(),
                Some("utf16CodeUnits" | "unicodeCodePoints")
            ),
            "columnKind is utf16CodeUnits or unicodeCodePoints (§3.14.17)",
        );
        let rules = driver["rules"].as_array().cloned().unwrap_or_default();
        need(
            driver["rules"].is_array(),
            "driver.rules is an array (§3.19.23)",
        );
        let mut ids = std::collections::BTreeSet::new();
        for rule in &rules {
            let id = rule["id"].as_str().unwrap_or("");
            need(!id.is_empty(), "rules[].id is a non-empty string (§3.49.3)");
            need(ids.insert(id.to_owned()), "rules[].id is unique");
            need(
                rule["shortDescription"]["text"].is_string(),
                "rules[].shortDescription.text (§3.49.9, §3.12)",
            );
            need(
                rule["fullDescription"]["text"].is_string(),
                "rules[].fullDescription.text (§3.49.10)",
            );
            need(
                matches!(
                    rule["defaultConfiguration"]["level"].as_str(),
                    Some("none" | "note" | "warning" | "error")
                ),
                "rules[].defaultConfiguration.level is a level (§3.50.3)",
            );
        }
        let Some(results) = run["results"].as_array() else {
            need(false, "runs[].results is an array (§3.14.23)");
            continue;
        };
        for result in results {
            let id = result["ruleId"].as_str().unwrap_or("");
            need(!id.is_empty(), "results[].ruleId is a string (§3.27.5)");
            let index = result["ruleIndex"].as_u64().map(|i| i as usize);
            need(
                index
                    .and_then(|i| rules.get(i))
                    .is_some_and(|r| r["id"] == id),
                "results[].ruleIndex points at the rule with its ruleId (§3.27.6)",
            );
            need(
                matches!(
                    result["level"].as_str(),
                    Some("none" | "note" | "warning" | "error")
                ),
                "results[].level is a level (§3.27.10)",
            );
            need(
                result["message"]["text"].is_string(),
                "results[].message.text (§3.27.11, §3.11)",
            );
            let Some(locations) = result["locations"].as_array() else {
                need(false, "results[].locations is an array (§3.27.12)");
                continue;
            };
            need(!locations.is_empty(), "each result has a location");
            for location in locations {
                let physical = &location["physicalLocation"];
                need(
                    physical["artifactLocation"]["uri"].is_string(),
                    "physicalLocation.artifactLocation.uri (§3.29.3, §3.4.3)",
                );
                let region = &physical["region"];
                need(
                    region["startLine"].as_u64().is_some_and(|l| l >= 1),
                    "region.startLine >= 1 (§3.30.5)",
                );
                need(
                    region["startColumn"].as_u64().is_some_and(|c| c >= 1),
                    "region.startColumn >= 1 (§3.30.6)",
                );
                need(
                    region["snippet"]["text"].is_string(),
                    "region.snippet.text (§3.30.13)",
                );
            }
        }
    }
    problems
}

const INPUTS: [&str; 12] = [
    "http://127.1/",
    "http://internal\\@public/",
    "https://example.com/",
    "http://u:s3cret@0x7f.1/",
    "ht\ttp://a/",
    "https:///",
    "mailto:?",
    "http://a b/",
    "/relative",
    "http://ｅxample.com/é",
    "http://[fe80::1%25eth0]/",
    "http://аррӏе.com/",
];

fn log() -> (Value, usize) {
    let lint = Lint::new();
    let findings: Vec<_> = INPUTS.iter().map(|i| lint.check(i)).collect();
    let count = findings.iter().map(Vec::len).sum();
    let located = INPUTS
        .iter()
        .zip(&findings)
        .enumerate()
        .flat_map(|(n, (input, found))| {
            found
                .iter()
                .map(move |f| Located::new("urls.txt", n + 1, input, f))
        });
    (sarif::to_sarif(located), count)
}

#[test]
fn the_sarif_log_has_the_structure_of_sarif_2_1_0() {
    let (log, count) = log();
    let problems = validate(&log);
    assert!(problems.is_empty(), "{problems:#?}");
    assert_eq!(
        log["runs"][0]["results"].as_array().map(Vec::len),
        Some(count)
    );
    assert!(count > INPUTS.len());
}

#[test]
fn the_validator_refuses_what_is_not_sarif() {
    let (mut log, _) = log();
    log["version"] = "2.0.0".into();
    log["runs"][0]["results"][0]["level"] = "fatal".into();
    log["runs"][0]["results"][1]["locations"][0]["physicalLocation"]["region"]["startLine"] =
        0.into();
    log["runs"][0]["results"][2]["ruleIndex"] = 9999.into();
    assert_eq!(validate(&log).len(), 4, "{:#?}", validate(&log));
    assert!(!validate(&serde_json::json!({"runs": 1})).is_empty());
}

#[test]
fn no_password_is_written() {
    let (log, _) = log();
    assert!(!log.to_string().contains("s3cret"));
    let input = "http:/u:s3cret@h/";
    for f in Lint::new().check(input) {
        let line = to_json_line(&Located::new("-", 1, input, &f));
        assert!(!line.contains("s3cret"), "{line}");
        let v = to_json(&Located::new("-", 1, input, &f));
        for key in [
            "input", "line", "kind", "group", "severity", "index", "section", "message", "readings",
        ] {
            assert!(v.get(key).is_some(), "{key} in {line}");
        }
    }
}
