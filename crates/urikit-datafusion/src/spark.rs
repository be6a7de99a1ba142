//! `parse_url(text, part[, key])` with Spark's part names, answered by
//! RFC 3986.
//!
//! How its answers differ from Spark's: the crate docs' table.

use datafusion::arrow::array::ArrayRef;
use datafusion::common::Result;
use datafusion::logical_expr::ScalarUDF;
use urikit::{Component, Components, UriReference};

use crate::parts::masked;

use crate::transform::{Out, map_rows};
use crate::udf::{Arg, UriFunction, doc};

/// `parse_url`.
pub(crate) fn functions() -> Vec<ScalarUDF> {
    vec![UriFunction::udf(
        "parse_url",
        &[&[Arg::Text, Arg::Text], &[Arg::Text, Arg::Text, Arg::Text]],
        datafusion::arrow::datatypes::DataType::Utf8View,
        parse_url,
        doc(
            "A part of a URL by Spark's names (HOST, PATH, QUERY, REF, PROTOCOL, FILE, AUTHORITY, \
             USERINFO), answered by RFC 3986 as written; QUERY with a key gives that parameter's \
             first value as written. Passwords are masked. Null when the text is not a URI \
             reference or the part is absent. The differences from Spark are tabled in the crate \
             docs.",
            "parse_url(text, part[, key])",
            "SELECT parse_url('https://a.example/p?q=1#f', 'QUERY', 'q'); -- 1",
            &[
                ("text", "A string column or literal."),
                (
                    "part",
                    "HOST, PATH, QUERY, REF, PROTOCOL, FILE, AUTHORITY or USERINFO.",
                ),
                ("key", "With QUERY: a parameter's name."),
            ],
        ),
    )]
}

/// What a part of `parse_url` is, in RFC 3986's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Host,
    Path,
    Query,
    Ref,
    Protocol,
    File,
    Authority,
    Userinfo,
}

impl Part {
    /// The part named `name` (any case).
    fn named(name: &str) -> Option<Part> {
        const NAMES: [(&str, Part); 8] = [
            ("HOST", Part::Host),
            ("PATH", Part::Path),
            ("QUERY", Part::Query),
            ("REF", Part::Ref),
            ("PROTOCOL", Part::Protocol),
            ("FILE", Part::File),
            ("AUTHORITY", Part::Authority),
            ("USERINFO", Part::Userinfo),
        ];
        NAMES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, p)| *p)
    }
}

/// `parse_url`.
fn parse_url(args: &[ArrayRef]) -> Result<ArrayRef> {
    map_rows(args, |_, texts| {
        let (Some(text), Some(part)) = (texts[0], texts[1]) else {
            return Out::Null;
        };
        let key = texts.get(2).copied();
        if key == Some(None) {
            return Out::Null;
        }
        let (Some(part), Ok(reference)) = (Part::named(part), UriReference::parse(text)) else {
            return Out::Null;
        };
        match answer(text, reference.components(), part, key.flatten()) {
            Some(answer) => Out::New(answer),
            None => Out::Null,
        }
    })
}

/// The answer for `part` of `text` (whose components are `parts`), with
/// `key` for a query parameter.
fn answer(text: &str, parts: Components<'_>, part: Part, key: Option<&str>) -> Option<String> {
    let span = |c| parts.span(c).map(|s| &text[s]);
    Some(match part {
        Part::Host => span(Component::Host)?.to_owned(),
        Part::Path => parts.path().to_owned(),
        Part::Query => {
            let query = parts.query()?;
            match key {
                None => query.to_owned(),
                Some(key) => query
                    .split('&')
                    .filter_map(|pair| pair.split_once('='))
                    .find(|(k, _)| *k == key)
                    .map(|(_, v)| v.to_owned())?,
            }
        }
        Part::Ref => parts.fragment()?.to_owned(),
        Part::Protocol => parts.scheme()?.to_owned(),
        Part::File => match parts.query() {
            Some(query) => format!("{}?{query}", parts.path()),
            None => parts.path().to_owned(),
        },
        Part::Authority => {
            let authority = parts.authority()?;
            // The authority begins with its userinfo, or else its host.
            let start = (parts.span(Component::Userinfo))
                .or_else(|| parts.span(Component::Host))?
                .start;
            shown(text, start..start + authority.as_str().len())
        }
        Part::Userinfo => shown(text, parts.span(Component::Userinfo)?),
    })
}

/// The bytes `span` of `text`, a password inside them masked.
fn shown(text: &str, span: std::ops::Range<usize>) -> String {
    masked(text, span.clone()).unwrap_or_else(|| text[span].to_owned())
}
