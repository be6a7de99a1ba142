//! Hostile IRIs through `urikit::iri`: `vectors/hostile-iri.json`, and a
//! 10 MB IRI made here.
//!
//! Each record gives an input and what each function must make of it:
//! the parse error (and nothing else), or any of `to_uri`, `to_uri` with
//! the IDNA host mapping (its text, the kind of host it holds, or its
//! error), `to_iri` with and without IDNA (the input read as a URI
//! reference), and `display`. The groups: homographs (whole-script and
//! mixed-script confusables, `xn--` labels), the bidi override U+202E
//! (literal and encoded, in the path and the host), fullwidth and other
//! look-alike delimiters (in the host and in the path), percent-encoded
//! octets that are not UTF-8, invisible characters, IDNA hosts that become
//! IP addresses, and the userinfo. `vectors/README.md` gives the schema
//! and `docs/security.md` the attacks.
//!
//! The 10 MB IRIs are built in the test, not stored; the test takes
//! `crate::big_input()`, so that no timing of the binary runs beside it.
//! Nothing is timed: the outcomes and lengths are checked.

use std::collections::BTreeSet;

use serde::Deserialize;
use urikit::iri::{
    HostMapping, Normalization, ToIriOptions, check_bidi, display, display_warnings, normalize,
    to_iri, to_iri_with, to_uri, to_uri_with,
};
use urikit::{IriReference, UriReference};
use urikit_tests::vectors::{load, name_problems, run};

/// The hostile IRI vectors.
const FILE: &str = "hostile-iri.json";

/// The groups the file must cover.
const GROUPS: &[&str] = &[
    "homograph",
    "bidi-override",
    "fullwidth",
    "bad-utf8",
    "invisible",
    "ipv4-idna",
    "userinfo",
];

/// An error: its kind's name and byte index.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectedError {
    kind: String,
    index: usize,
}

/// One record of `hostile-iri.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    name: String,
    source: String,
    input: String,
    /// `IriReference::parse`'s error; a record with it has no other
    /// expectation.
    #[serde(default)]
    parse_error: Option<ExpectedError>,
    /// `to_uri`.
    #[serde(default)]
    to_uri: Option<String>,
    /// `to_uri_with(_, HostMapping::Idna)`, when it succeeds.
    #[serde(default)]
    to_uri_idna: Option<String>,
    /// `to_uri_with(_, HostMapping::Idna)`'s error.
    #[serde(default)]
    idna_error: Option<ExpectedError>,
    /// The kind of host of `to_uri_idna`'s result (`HostKind::as_str`).
    #[serde(default)]
    idna_host_kind: Option<String>,
    /// `to_iri` of the input read as a URI reference.
    #[serde(default)]
    to_iri: Option<String>,
    /// `to_iri_with(_, ToIriOptions::new().idna(true))`, likewise.
    #[serde(default)]
    to_iri_idna: Option<String>,
    /// `display`.
    #[serde(default)]
    display: Option<String>,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

urikit_tests::vector!(Record);

/// Compares a result with an expectation, if there is one.
fn expect(problems: &mut Vec<String>, what: &str, want: Option<&str>, got: &str) {
    if let Some(want) = want {
        if got != want {
            problems.push(format!("{what}: got {got:?}, expected {want:?}"));
        }
    }
}

/// Checks one record.
fn check(r: &Record) -> Vec<String> {
    let mut problems = Vec::new();
    let expectations = [
        r.to_uri.is_some(),
        r.to_uri_idna.is_some(),
        r.idna_error.is_some(),
        r.to_iri.is_some(),
        r.to_iri_idna.is_some(),
        r.display.is_some(),
    ];
    let iri = match (IriReference::parse(&r.input), &r.parse_error) {
        (Err(e), Some(want)) => {
            if (e.kind().name(), e.index()) != (want.kind.as_str(), want.index) {
                problems.push(format!(
                    "parse error {} at {}, expected {} at {}",
                    e.kind().name(),
                    e.index(),
                    want.kind,
                    want.index
                ));
            }
            if expectations.contains(&true) {
                problems.push("a record with `parse_error` expects nothing else".to_owned());
            }
            return problems;
        }
        (Ok(iri), None) => iri,
        (other, _) => return vec![format!("parse: {other:?}")],
    };
    if !expectations.contains(&true) {
        problems.push("the record expects nothing".to_owned());
    }
    if r.to_uri_idna.is_some() && r.idna_error.is_some() {
        problems.push("`to_uri_idna` and `idna_error` exclude each other".to_owned());
    }
    expect(
        &mut problems,
        "to_uri",
        r.to_uri.as_deref(),
        to_uri(iri).as_str(),
    );
    match to_uri_with(iri, HostMapping::Idna) {
        Ok(uri) => {
            expect(
                &mut problems,
                "to_uri_with(Idna)",
                r.to_uri_idna.as_deref(),
                uri.as_str(),
            );
            if let Some(e) = &r.idna_error {
                problems.push(format!("to_uri_with(Idna) gave {uri}, expected {e:?}"));
            }
            let kind = uri.as_ref().host_kind().map(|k| k.as_str());
            if r.idna_host_kind.is_some() && kind != r.idna_host_kind.as_deref() {
                problems.push(format!("host kind after IDNA: {kind:?}"));
            }
            if UriReference::parse(uri.as_str()).is_err() {
                problems.push(format!("{uri} is not a URI reference"));
            }
        }
        Err(e) => match &r.idna_error {
            Some(want) if (e.kind().name(), e.index()) == (want.kind.as_str(), want.index) => {}
            _ if r.idna_error.is_none() && r.to_uri_idna.is_none() => {}
            want => problems.push(format!(
                "to_uri_with(Idna): {} at {}, expected {want:?} / {:?}",
                e.kind().name(),
                e.index(),
                r.to_uri_idna
            )),
        },
    }
    if r.to_iri.is_some() || r.to_iri_idna.is_some() {
        match UriReference::parse(&r.input) {
            Ok(uri) => {
                expect(
                    &mut problems,
                    "to_iri",
                    r.to_iri.as_deref(),
                    to_iri(uri).as_str(),
                );
                let with = to_iri_with(uri, ToIriOptions::new().idna(true));
                expect(
                    &mut problems,
                    "to_iri_with(idna)",
                    r.to_iri_idna.as_deref(),
                    with.as_str(),
                );
            }
            Err(e) => problems.push(format!("not a URI reference, for to_iri: {e}")),
        }
    }
    expect(
        &mut problems,
        "display",
        r.display.as_deref(),
        &display(iri).to_string(),
    );
    problems
}

#[test]
fn hostile_iri_vectors() {
    run(FILE, check);
}

/// The file's shape: `<group>-<n>` names, every group of [`GROUPS`].
#[test]
fn hostile_iri_vectors_cover_every_group() {
    let records: Vec<Record> = load(FILE);
    let mut problems = name_problems(records.iter().map(|r| (r.name.as_str(), r.source.as_str())));
    let groups: BTreeSet<&str> = records
        .iter()
        .filter_map(|r| r.name.rsplit_once('-').map(|(g, _)| g))
        .collect();
    for group in GROUPS {
        if !groups.contains(group) {
            problems.push(format!("no record in group {group}"));
        }
    }
    for group in &groups {
        if !GROUPS.contains(group) {
            problems.push(format!("group {group} is not in GROUPS"));
        }
    }
    assert!(problems.is_empty(), "{FILE}:\n{}", problems.join("\n"));
}

/// Ten megabytes.
const TEN_MB: usize = 10 * 1024 * 1024;

/// A 10 MB IRI: a Japanese host, a path of `segment-é/` repeated, a query
/// and a fragment. Parsing, both mappings, `to_iri` back, `display`,
/// `check_bidi` and `normalize` complete, with the expected text. (Mostly
/// ASCII, so that a debug build gets through the Unicode lookups of
/// `display` in seconds.)
#[test]
fn a_ten_megabyte_iri() {
    let _big = crate::big_input();
    let prefix = "http://例え.テスト/";
    let unit = "segment-é/";
    let count = TEN_MB / unit.len();
    let input = format!("{prefix}{}?q=ü#ß", unit.repeat(count));
    let iri = IriReference::parse(&input).expect("a 10 MB IRI is valid");
    assert_eq!(iri.path().len(), 1 + unit.len() * count);
    assert_eq!(iri.query(), Some("q=ü"));

    // Every `é` becomes `%C3%A9`: two bytes become six.
    let uri = to_uri(iri);
    let host = "%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88";
    let mapped_unit = "segment-%C3%A9/";
    let expected_len =
        "http://".len() + host.len() + 1 + mapped_unit.len() * count + "?q=%C3%BC#%C3%9F".len();
    assert_eq!(uri.as_str().len(), expected_len);
    assert!(
        uri.as_str()
            .starts_with(&format!("http://{host}/{mapped_unit}{mapped_unit}"))
    );
    assert!(uri.as_str().ends_with("%C3%A9/?q=%C3%BC#%C3%9F"));
    let parsed = UriReference::parse(uri.as_str()).expect("the URI is valid");
    assert_eq!(parsed.fragment(), Some("%C3%9F"));

    // IDNA: the same, with the host in `xn--` labels.
    let idna = to_uri_with(iri, HostMapping::Idna).expect("the host is a valid IDN");
    assert!(
        idna.as_str()
            .starts_with("http://xn--r8jz45g.xn--zckzah/segment-%C3%A9/")
    );
    assert_eq!(
        idna.as_str().len(),
        expected_len - host.len() + "xn--r8jz45g.xn--zckzah".len()
    );

    // Back: the very same IRI (it held no percent-encoding).
    let back = to_iri(uri.as_ref());
    assert_eq!(back.as_str().len(), input.len());
    assert!(back.as_str() == input);

    // Shown as it is: one script per part, nothing to hide.
    let shown = display(iri).to_string();
    assert_eq!(shown.len(), input.len());
    assert!(shown == input);
    assert!(display_warnings(iri).is_empty());
    assert!(check_bidi(iri).is_ok());
    let normal = normalize(iri, Normalization::Nfc);
    assert_eq!(normal.as_str().len(), input.len());
}

/// 10 MB of hostile text: octets that are not UTF-8 and the bidi override,
/// encoded; a literal bidi override after 10 MB; hosts far too long for
/// DNS. Each keeps its encoding or is refused where it should be.
#[test]
fn ten_megabytes_of_hostile_iris() {
    let _big = crate::big_input();
    // `%FF` and an encoded U+202E, repeated: to_iri and display keep them
    // (upper case), to_uri keeps the ASCII IRI as it is.
    let unit = "%ff%e2%80%ae";
    let count = TEN_MB / unit.len();
    let input = format!("http://a/{}", unit.repeat(count));
    let iri = IriReference::parse(&input).expect("valid");
    let uri = to_uri(iri);
    assert!(uri.is_borrowed());
    let upper = format!("http://a/{}", unit.to_ascii_uppercase().repeat(count));
    let back = to_iri(uri.as_ref());
    assert_eq!(back.as_str().len(), upper.len());
    assert!(back.as_str() == upper);
    let shown = display(iri).to_string();
    assert!(shown == upper);

    // A literal U+202E after 10 MB of path: refused at its byte.
    let input = format!("http://a/{}\u{202E}", "é".repeat(TEN_MB / 2));
    let err = IriReference::parse(&input).unwrap_err();
    assert_eq!(err.kind(), urikit::ParseErrorKind::BidiFormattingChar);
    assert_eq!(err.index(), input.len() - 3);

    // A label of 100,000 `ä` and a name of 100,000 labels: ToASCII
    // refuses them (a label of at most 63 bytes, a name of at most 253),
    // and says where. (Not 10 MB: IDNA is slow in a debug build. The
    // label's kind: see `a_very_long_label_is_too_long`.)
    let input = format!("http://{}/", "ä".repeat(LONG));
    let err = to_uri_with(IriReference::parse(&input).unwrap(), HostMapping::Idna).unwrap_err();
    assert_eq!(err.index(), 7);
    let input = format!("http://{}ä/", "ä.".repeat(LONG));
    let err = to_uri_with(IriReference::parse(&input).unwrap(), HostMapping::Idna).unwrap_err();
    assert_eq!((err.kind().name(), err.index()), ("NameTooLong", 7));
    // The percent mapping never fails.
    let uri = to_uri(IriReference::parse(&input).unwrap());
    assert_eq!(uri.as_str().len(), input.len() + 4 * (LONG + 1));
}

/// The length of the long hosts.
const LONG: usize = 100_000;

/// `IdnaErrorKind::LabelTooLong` is "a label longer than 63 bytes in its
/// ASCII form" (UTS #46 `VerifyDnsLength`, A4_2), however long: the
/// `idna` crate refuses to encode a label of more than 1,000 characters,
/// and the diagnosis once took that refusal for another rule
/// (`InvalidLabel`).
#[test]
fn a_very_long_label_is_too_long() {
    for n in [64, 1_000, 2_000, 10_000, LONG] {
        let input = format!("http://{}/", "ä".repeat(n));
        let err = to_uri_with(IriReference::parse(&input).unwrap(), HostMapping::Idna).unwrap_err();
        assert_eq!(
            (err.kind().name(), err.index()),
            ("LabelTooLong", 7),
            "a label of {n} `ä`"
        );
    }
}
