//! `parse_url(text, part[, key])` with Spark's part names, answered by
//! RFC 3986.
//!
//! How its answers differ from Spark's: the crate docs' table.

use datafusion::arrow::array::ArrayRef;
use datafusion::common::Result;
use datafusion::logical_expr::ScalarUDF;
use std::ops::Range;

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
            Some(Answer::Span(span)) => Out::Part(span),
            Some(Answer::Masked(masked)) => Out::New(masked),
            None => Out::Null,
        }
    })
}

/// An answer of `parse_url`: bytes of the input (written as a view of
/// its buffer), or a copy with a password masked.
enum Answer {
    Span(Range<usize>),
    Masked(String),
}

/// The answer for `part` of `text` (whose components are `parts`), with
/// `key` for a query parameter: every part but a masked one is a span of
/// `text` (FILE too: the path and the query are contiguous, RFC 3986 §3).
fn answer(text: &str, parts: Components<'_>, part: Part, key: Option<&str>) -> Option<Answer> {
    let span = |c| parts.span(c);
    let path = parts.span(Component::Path)?;
    Some(Answer::Span(match part {
        Part::Host => span(Component::Host)?,
        Part::Path => path,
        Part::Query => {
            let query = span(Component::Query)?;
            match key {
                None => query,
                Some(key) => query_value(text, query, key)?,
            }
        }
        Part::Ref => span(Component::Fragment)?,
        Part::Protocol => span(Component::Scheme)?,
        Part::File => path.start..span(Component::Query).map_or(path.end, |q| q.end),
        Part::Authority => {
            // The authority begins with its userinfo, or else its host,
            // and ends with its port, or else its host (RFC 3986 §3.2).
            let host = span(Component::Host)?;
            let start = span(Component::Userinfo).map_or(host.start, |u| u.start);
            let end = span(Component::Port).map_or(host.end, |p| p.end);
            return Some(shown(text, start..end));
        }
        Part::Userinfo => return Some(shown(text, span(Component::Userinfo)?)),
    }))
}

/// Where the value of the first `key=value` pair of the query at `query`
/// is, pairs split at `&` (Spark's reading, the text as written).
fn query_value(text: &str, query: Range<usize>, key: &str) -> Option<Range<usize>> {
    let mut start = query.start;
    for pair in text[query.clone()].split('&') {
        if let Some((k, _)) = pair.split_once('=')
            && k == key
        {
            return Some(start + k.len() + 1..start + pair.len());
        }
        start += pair.len() + 1;
    }
    None
}

/// The bytes `span` of `text`: as they are, or a copy with a password
/// inside them masked.
fn shown(text: &str, span: Range<usize>) -> Answer {
    match masked(text, span.clone()) {
        Some(masked) => Answer::Masked(masked),
        None => Answer::Span(span),
    }
}
