//! Homograph host names through `urikit::iri`'s display form and its
//! warnings: `vectors/homographs.json`. Each record gives a host name in
//! Unicode and in ASCII (its `xn--` labels computed apart from this
//! library, with Python's `punycode` codec, and checked here against
//! `to_uri_with(_, HostMapping::Idna)`); both, as `http://<host>/`, must
//! display as `display` with the warnings `warnings`, in order.
//!
//! For every warning: its component is the host, its byte range in the
//! input holds its text (the label as written, Unicode or `xn--`), and its
//! Unicode form is the label's Unicode form.

use serde::Deserialize;
use urikit::iri::{HostMapping, display, display_warnings, to_uri_with};
use urikit::{Component, IriReference};
use urikit_tests::vectors::{load, name_problems, run};

/// The homograph vectors.
const FILE: &str = "homographs.json";

/// One record of `homographs.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    name: String,
    source: String,
    /// The host name in Unicode.
    unicode: String,
    /// The host name with its labels in ASCII (`xn--`).
    ascii: String,
    /// The host as `display` shows it.
    display: String,
    /// The `DisplayWarningKind` names of `display_warnings`, in order.
    warnings: Vec<String>,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

urikit_tests::vector!(Record, input = unicode);

/// The Unicode labels of a name, `None` where the label is ASCII.
fn unicode_labels(name: &str) -> Vec<Option<&str>> {
    name.split('.')
        .map(|label| (!label.is_ascii()).then_some(label))
        .collect()
}

/// Checks one record.
fn check(r: &Record) -> Vec<String> {
    let mut problems = Vec::new();
    let labels = unicode_labels(&r.unicode);
    for host in [&r.unicode, &r.ascii] {
        let input = format!("http://{host}/");
        let iri = match IriReference::parse(&input) {
            Ok(iri) => iri,
            Err(e) => {
                problems.push(format!("{input:?} does not parse: {e}"));
                continue;
            }
        };
        let shown = display(iri).to_string();
        let want = format!("http://{}/", r.display);
        if shown != want {
            problems.push(format!(
                "display of {input:?}: {shown:?}, expected {want:?}"
            ));
        }
        let warnings = display_warnings(iri);
        let kinds: Vec<&str> = warnings.iter().map(|w| w.kind().name()).collect();
        if kinds != r.warnings {
            problems.push(format!(
                "warnings of {input:?}: {kinds:?}, expected {:?}",
                r.warnings
            ));
        }
        if display(iri).warnings() != warnings {
            problems.push("Display::warnings differs from display_warnings".to_owned());
        }
        for w in &warnings {
            if w.component() != Component::Host {
                problems.push(format!("{w:?}: not in the host"));
            }
            match w.span() {
                Some(span) if input.get(span.clone()) == Some(w.text()) => {
                    // The label's Unicode form is the Unicode name's label
                    // at the same place.
                    let k = input[7..span.start].matches('.').count();
                    if labels.get(k).copied().flatten() != w.unicode() {
                        problems.push(format!("{w:?}: Unicode form, expected {:?}", labels.get(k)));
                    }
                }
                _ => problems.push(format!("{w:?}: span does not hold the text")),
            }
            if w.to_string().is_empty() {
                problems.push(format!("{w:?}: empty message"));
            }
        }
    }
    // The ASCII form is the idna crate's `ToASCII` of the Unicode form.
    if let Ok(iri) = IriReference::parse(&format!("http://{}/", r.unicode)) {
        match to_uri_with(iri, HostMapping::Idna) {
            Ok(uri) if uri.as_str() == format!("http://{}/", r.ascii) => {}
            other => problems.push(format!("ToASCII: {other:?}, expected {:?}", r.ascii)),
        }
    }
    problems
}

#[test]
fn homograph_vectors() {
    run(FILE, check);
}

#[test]
fn homograph_vectors_are_named_and_cover_every_group() {
    let records: Vec<Record> = load(FILE);
    let problems = name_problems(records.iter().map(|r| (r.name.as_str(), r.source.as_str())));
    assert!(problems.is_empty(), "{problems:#?}");
    let count = |group: &str| {
        records
            .iter()
            .filter(|r| r.name.rsplit_once('-').is_some_and(|(g, _)| g == group))
            .count()
    };
    // At least 25 homographs (mixed scripts and whole-script confusables),
    // and 10 names shown in Unicode without a warning.
    assert!(count("mixed") + count("whole") >= 25);
    assert!(count("plain") >= 10);
    for r in &records {
        let kept = r.display == r.ascii && r.unicode != r.ascii;
        match r.name.rsplit_once('-').map(|(g, _)| g) {
            Some("plain") => assert!(
                r.warnings.is_empty() && r.display == r.unicode,
                "{}",
                r.name
            ),
            _ => assert!(kept && !r.warnings.is_empty(), "{}", r.name),
        }
    }
}
