//! Query pair vectors, `tests/vectors/query-pairs.json`, through
//! `urikit::encode::QueryPairs` (and `decode_form`, and the `query_pairs`
//! of a parsed URI).
//!
//! Each record gives a query, its separator (`ampersand`, the default,
//! `semicolon` or `both`) and whether `+` is a space (`form`), the raw pairs
//! the iterator must yield (`null` for a key without `=`), and optionally
//! the pairs decoded with `decode_utf8_lossy` (when absent, decoding changes
//! nothing). `strict_error` says that some piece does not decode strictly.
//! `QueryPairs::decoded` and `QueryPairs::get` are checked against the
//! decoded pairs too.
//! Every record is checked by the loop of `urikit_tests::vectors::run`, and
//! every failure reported at once.

use std::borrow::Cow;

use serde::Deserialize;
use urikit::Uri;
use urikit::encode::{QueryPairs, Separator, decode_form};
use urikit_tests::vectors::{load, name_problems, run};

/// The vector file.
const FILE: &str = "query-pairs.json";

/// A pair as the file writes it: a key and, if there is a `=`, a value.
type RawPair = (String, Option<String>);

/// `separator` of a record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Sep {
    #[default]
    Ampersand,
    Semicolon,
    Both,
}

impl Sep {
    fn separator(self) -> Separator {
        match self {
            Sep::Ampersand => Separator::Ampersand,
            Sep::Semicolon => Separator::Semicolon,
            Sep::Both => Separator::Both,
        }
    }
}

/// A record of `query-pairs.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    name: String,
    source: String,
    query: String,
    #[serde(default)]
    separator: Sep,
    #[serde(default)]
    form: bool,
    pairs: Vec<RawPair>,
    decoded: Option<Vec<RawPair>>,
    #[serde(default)]
    strict_error: bool,
    #[serde(rename = "note")]
    _note: Option<String>,
}

urikit_tests::vector!(Record, input = query);

/// The raw pairs of `pairs`, checking on the way that each piece is a
/// slice of `query` (the iterator copies nothing).
fn raw(pairs: QueryPairs<'_>, query: &str, problems: &mut Vec<String>) -> Vec<RawPair> {
    let range = query.as_bytes().as_ptr_range();
    let mut inside = |s: &str| {
        let p = s.as_ptr();
        // An empty piece may point one past the end.
        if !(range.contains(&p) || p == range.end) {
            problems.push(format!("{s:?} is not a slice of the query"));
        }
    };
    pairs
        .map(|p| {
            inside(p.key.as_str());
            if let Some(v) = p.value {
                inside(v.as_str());
            }
            (
                p.key.as_str().to_owned(),
                p.value.map(|v| v.as_str().to_owned()),
            )
        })
        .collect()
}

/// Checks one record.
fn check(r: &Record) -> Vec<String> {
    let mut problems = Vec::new();
    let separator = r.separator.separator();
    let pairs = QueryPairs::new(&r.query, separator).plus_as_space(r.form);

    let got = raw(pairs.clone(), &r.query, &mut problems);
    if got != r.pairs {
        problems.push(format!("raw pairs: got {got:?}"));
    }
    let mut fused = pairs.clone();
    for _ in fused.by_ref() {}
    if fused.next().is_some() {
        problems.push("the iterator yields again after `None`".into());
    }
    if r.form && r.separator == Sep::Ampersand {
        let got = raw(QueryPairs::form(&r.query), &r.query, &mut problems);
        if got != r.pairs {
            problems.push(format!("QueryPairs::form: got {got:?}"));
        }
    }

    let expected = r.decoded.as_ref().unwrap_or(&r.pairs);
    let lossy: Vec<RawPair> = pairs
        .clone()
        .map(|p| {
            (
                p.key.decode_utf8_lossy().into_owned(),
                p.value.map(|v| v.decode_utf8_lossy().into_owned()),
            )
        })
        .collect();
    if &lossy != expected {
        problems.push(format!("decode_utf8_lossy: got {lossy:?}"));
    }
    // `decoded` is the lossy text with `""` for a missing value, and `get`
    // the value of a key's first pair.
    let want_text: Vec<(String, String)> = expected
        .iter()
        .map(|(k, v)| (k.clone(), v.clone().unwrap_or_default()))
        .collect();
    let decoded: Vec<(String, String)> = pairs
        .clone()
        .decoded()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    if decoded != want_text {
        problems.push(format!("decoded: got {decoded:?}"));
    }
    for (key, _) in &want_text {
        let first = want_text.iter().find(|(k, _)| k == key).map(|(_, v)| v);
        let got = pairs.get(key);
        if got.as_deref() != first.map(String::as_str) {
            problems.push(format!("get({key:?}): got {got:?}, expected {first:?}"));
        }
    }
    // The byte decoders agree with the text ones where the text is UTF-8.
    for p in pairs.clone() {
        for piece in std::iter::once(p.key).chain(p.value) {
            let text = piece.decode_utf8_lossy();
            if !text.contains('\u{FFFD}') && piece.decode_lossy().as_ref() != text.as_bytes() {
                problems.push(format!(
                    "{:?}: decode_lossy and decode_utf8_lossy disagree",
                    piece.as_str()
                ));
            }
        }
    }
    let strict: Result<Vec<RawPair>, _> = pairs
        .clone()
        .map(|p| {
            let key = p.key.decode_utf8()?.into_owned();
            let value = p.value.map(|v| v.decode_utf8()).transpose()?;
            Ok::<_, urikit::encode::DecodeError>((key, value.map(Cow::into_owned)))
        })
        .collect();
    match (&strict, r.strict_error) {
        (Ok(got), false) if got == expected => {}
        (Err(_), true) => {}
        _ => problems.push(format!(
            "strict decode_utf8: got {strict:?}, expected {}",
            if r.strict_error {
                "an error".to_owned()
            } else {
                format!("{expected:?}")
            }
        )),
    }

    if r.form && r.separator == Sep::Ampersand {
        let want: Vec<(String, String)> = expected
            .iter()
            .map(|(k, v)| (k.clone(), v.clone().unwrap_or_default()))
            .collect();
        let got: Vec<(String, String)> = decode_form(&r.query)
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        if got != want {
            problems.push(format!("decode_form: got {got:?}"));
        }
    }

    // In a parsed URI (where the query is valid RFC 3986), the facade's
    // `query_pairs` is `QueryPairs::new(query, Separator::Ampersand)`.
    let uri = format!("http://h/?{}", r.query);
    if let Ok(u) = Uri::parse(&uri) {
        let got = Some(raw(
            u.query_pairs_rfc3986(),
            u.query().unwrap_or(""),
            &mut problems,
        ));
        let want = raw(
            QueryPairs::new(&r.query, Separator::Ampersand),
            &r.query,
            &mut problems,
        );
        if got.as_ref() != Some(&want) {
            problems.push(format!("{uri}: query_pairs() gave {got:?}"));
        }
    }
    problems
}

#[test]
fn query_pair_vectors() {
    run(FILE, check);
}

#[test]
fn names_are_spaced_and_every_case_is_covered() {
    let records: Vec<Record> = load(FILE);
    let problems = name_problems(records.iter().map(|r| (r.name.as_str(), r.source.as_str())));
    assert!(problems.is_empty(), "{FILE}:\n{}", problems.join("\n"));
    let any = |f: &dyn Fn(&Record) -> bool| records.iter().any(f);
    let cases: [(&str, bool); 9] = [
        (
            "`&`",
            any(&|r| r.separator == Sep::Ampersand && r.pairs.len() > 1),
        ),
        (
            "`;`",
            any(&|r| r.separator == Sep::Semicolon && r.pairs.len() > 1),
        ),
        (
            "both",
            any(&|r| r.separator == Sep::Both && r.pairs.len() > 2),
        ),
        (
            "empty pieces",
            any(&|r| r.query.contains("&&") || r.query.starts_with('&')),
        ),
        ("no `=`", any(&|r| r.pairs.iter().any(|p| p.1.is_none()))),
        (
            "an empty value",
            any(&|r| r.pairs.iter().any(|p| p.1.as_deref() == Some(""))),
        ),
        (
            "`=` in a value",
            any(&|r| {
                r.pairs
                    .iter()
                    .any(|p| p.1.as_deref().is_some_and(|v| v.contains('=')))
            }),
        ),
        (
            "`+` in form mode",
            any(&|r| r.form && r.query.contains('+')),
        ),
        (
            "`+` without form mode",
            any(&|r| !r.form && r.query.contains('+')),
        ),
    ];
    let missing: Vec<&str> = cases.iter().filter(|c| !c.1).map(|c| c.0).collect();
    assert!(missing.is_empty(), "{FILE} has no record for {missing:?}");
}
