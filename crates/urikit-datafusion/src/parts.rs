//! Checking and taking apart: `uri_valid`, `uri_error`, `iri_valid`,
//! `uri_parts`, one function per component, and the query's parameters.
//!
//! Components are read from an RFC 3986 *URI-reference* (§4.1), so that a
//! relative reference (`/search?q=a`, as request logs hold) gives its path
//! and query, with a null scheme and host; `uri_valid` asks for a *URI*
//! (§3: a scheme, then the rest). A row that does not parse gives nulls.

use std::sync::Arc;

use datafusion::arrow::array::{
    ArrayRef, BooleanBuilder, ListBuilder, StringBuilder, StructArray, StructBuilder,
    UInt16Builder, UInt64Builder,
};
use datafusion::arrow::datatypes::{DataType, Field, Fields};
use datafusion::common::Result;
use datafusion::logical_expr::ScalarUDF;
use urikit::{Component, Iri, MASK, Uri, UriReference, password_spans};

use crate::text::{Texts, Views};
use crate::transform::{flags, is_set};
use crate::udf::{Arg, UriFunction, doc, done, rows};

/// The functions of this module.
pub(crate) fn functions() -> Vec<ScalarUDF> {
    let text: &[&[Arg]] = &[&[Arg::Text]];
    let mut all = vec![
        UriFunction::udf(
            "uri_valid",
            text,
            DataType::Boolean,
            |a| valid(a, |s| Uri::parse(s).is_ok()),
            doc(
                "Whether the text is a URI (RFC 3986 §3: a scheme, then the rest); null for null.",
                "uri_valid(text)",
                "SELECT uri_valid('https://example.com/a b'); -- false",
                &[("text", "A string column or literal.")],
            ),
        ),
        UriFunction::udf(
            "iri_valid",
            text,
            DataType::Boolean,
            |a| valid(a, |s| Iri::parse(s).is_ok()),
            doc(
                "Whether the text is an IRI (RFC 3987 §2.2); null for null.",
                "iri_valid(text)",
                "SELECT iri_valid('https://例え.jp/'); -- true",
                &[("text", "A string column or literal.")],
            ),
        ),
        UriFunction::udf(
            "uri_error",
            text,
            DataType::Struct(error_fields()),
            uri_error,
            doc(
                "Why the text is not a URI: the error's kind and the byte index where it was found \
                 (0-based); null when it is one, and for null.",
                "uri_error(text)",
                "SELECT uri_error('http://a b/'); -- {kind: InvalidHostChar, index: 8}",
                &[("text", "A string column or literal.")],
            ),
        ),
        UriFunction::udf(
            "uri_parts",
            &[&[Arg::Text], &[Arg::Text, Arg::Bool]],
            DataType::Struct(part_fields()),
            uri_parts,
            doc(
                "The components of a URI reference (RFC 3986 §3): scheme, userinfo (its password \
                 masked as `***` unless the second argument is true), host, host_kind (`ipv4`, \
                 `ipv6`, `ipvfuture`, `reg-name`), port (UInt16; null when absent, empty or over \
                 65535), path, query, fragment; null when the text is not a URI reference.",
                "uri_parts(text[, show_password])",
                "SELECT uri_parts(url).host FROM logs",
                &[
                    ("text", "A string column or literal."),
                    (
                        "show_password",
                        "true to show a password in the userinfo as written.",
                    ),
                ],
            ),
        ),
        UriFunction::udf(
            "uri_port",
            text,
            DataType::UInt16,
            uri_port,
            doc(
                "The port of a URI reference as a number (RFC 3986 §3.2.3); null when there is no \
                 port, when it is empty (the scheme's default), over 65535, or the text is not a \
                 URI reference.",
                "uri_port(text)",
                "SELECT uri_port('http://example.com:8080/'); -- 8080",
                &[("text", "A string column or literal.")],
            ),
        ),
        UriFunction::udf(
            "uri_query_param",
            &[&[Arg::Text, Arg::Text]],
            DataType::Utf8View,
            query_param,
            doc(
                "The value of the first query parameter named `key`, both read as \
                 application/x-www-form-urlencoded (`+` is a space, triplets decoded); null when \
                 there is none.",
                "uri_query_param(text, key)",
                "SELECT uri_query_param('https://a.example/s?q=a+b&q=c', 'q'); -- 'a b'",
                &[
                    ("text", "A string column or literal."),
                    ("key", "The parameter's name, decoded."),
                ],
            ),
        ),
        UriFunction::udf(
            "uri_query_params",
            text,
            DataType::List(Arc::new(Field::new(
                "item",
                DataType::Struct(pair_fields()),
                true,
            ))),
            query_params,
            doc(
                "Every query parameter, in order, decoded as application/x-www-form-urlencoded: a \
                 list of {key, value}; null when the text is not a URI reference, empty when it has \
                 no query.",
                "uri_query_params(text)",
                "SELECT unnest(uri_query_params(url)) FROM logs",
                &[("text", "A string column or literal.")],
            ),
        ),
    ];
    for (name, component, what) in COMPONENT_FUNCTIONS {
        all.push(UriFunction::udf(
            name,
            text,
            DataType::Utf8View,
            match component {
                Component::Scheme => |a| component_column(a, Component::Scheme),
                Component::Host => |a| component_column(a, Component::Host),
                Component::Path => |a| component_column(a, Component::Path),
                Component::Query => |a| component_column(a, Component::Query),
                _ => |a| component_column(a, Component::Fragment),
            },
            doc(
                what,
                &format!("{name}(text)"),
                &format!("SELECT {name}(url) FROM logs"),
                &[("text", "A string column or literal.")],
            ),
        ));
    }
    all
}

/// The functions that return one component, as written (a slice of the
/// input: no bytes copied for a `Utf8View`, `Utf8` or `LargeUtf8` input).
const COMPONENT_FUNCTIONS: [(&str, Component, &str); 5] = [
    (
        "uri_scheme",
        Component::Scheme,
        "The scheme of a URI reference as written (RFC 3986 §3.1); null for a relative reference \
         or text that is not a URI reference.",
    ),
    (
        "uri_host",
        Component::Host,
        "The host of a URI reference as written (RFC 3986 §3.2.2; an IPv6 literal with its \
         brackets); null when there is no authority or the text is not a URI reference.",
    ),
    (
        "uri_path",
        Component::Path,
        "The path of a URI reference as written (RFC 3986 §3.3; possibly empty); null when the \
         text is not a URI reference.",
    ),
    (
        "uri_query",
        Component::Query,
        "The query of a URI reference as written, without its `?` (RFC 3986 §3.4); null when there \
         is none.",
    ),
    (
        "uri_fragment",
        Component::Fragment,
        "The fragment of a URI reference as written, without its `#` (RFC 3986 §3.5); null when \
         there is none.",
    ),
];

/// The fields of `uri_error`'s struct.
pub(crate) fn error_fields() -> Fields {
    Fields::from(vec![
        Field::new("kind", DataType::Utf8, true),
        Field::new("index", DataType::UInt64, true),
    ])
}

/// The fields of `uri_parts`'s struct.
pub(crate) fn part_fields() -> Fields {
    let text = |name| Field::new(name, DataType::Utf8View, true);
    Fields::from(vec![
        text("scheme"),
        text("userinfo"),
        text("host"),
        text("host_kind"),
        Field::new("port", DataType::UInt16, true),
        text("path"),
        text("query"),
        text("fragment"),
    ])
}

/// The fields of a query parameter.
fn pair_fields() -> Fields {
    Fields::from(vec![
        Field::new("key", DataType::Utf8, false),
        Field::new("value", DataType::Utf8, false),
    ])
}

/// `is(text)` for each row, null for null.
fn valid(args: &[ArrayRef], is: fn(&str) -> bool) -> Result<ArrayRef> {
    let texts = Texts::new(&args[0])?;
    let mut out = BooleanBuilder::with_capacity(texts.len());
    for row in 0..texts.len() {
        out.append_option(texts.get(row).map(is));
    }
    done(out.finish())
}

/// `uri_error`.
fn uri_error(args: &[ArrayRef]) -> Result<ArrayRef> {
    let texts = Texts::new(&args[0])?;
    let mut out = StructBuilder::from_fields(error_fields(), texts.len());
    for row in 0..texts.len() {
        let error = texts.get(row).and_then(|s| Uri::parse(s).err());
        // A null struct has null fields too, so that `uri_error(s)['kind']`
        // is null for a valid row.
        field::<StringBuilder>(&mut out, 0)?.append_option(error.as_ref().map(|e| e.kind().name()));
        field::<UInt64Builder>(&mut out, 1)?
            .append_option(error.as_ref().map(|e| e.index() as u64));
        out.append(error.is_some());
    }
    done(out.finish())
}

/// The builder of field `i` of `out`, of type `T` (an error, not reached,
/// when the struct was declared otherwise).
pub(crate) fn field<T: datafusion::arrow::array::ArrayBuilder>(
    out: &mut StructBuilder,
    i: usize,
) -> Result<&mut T> {
    match out.field_builder::<T>(i) {
        Some(builder) => Ok(builder),
        None => datafusion::common::internal_err!("field {i} is not of the declared type"),
    }
}

/// One component of each row, as a slice of the input.
fn component_column(args: &[ArrayRef], component: Component) -> Result<ArrayRef> {
    let texts = Texts::new(&args[0])?;
    let mut out = Views::new(texts);
    for row in 0..texts.len() {
        let span = texts
            .get(row)
            .and_then(|s| UriReference::parse(s).ok())
            .and_then(|r| r.components().span(component));
        match span {
            Some(span) => out.push_slice(row, span)?,
            None => out.push_null(),
        }
    }
    done(out.finish())
}

/// `uri_port`.
fn uri_port(args: &[ArrayRef]) -> Result<ArrayRef> {
    let texts = Texts::new(&args[0])?;
    let mut out = UInt16Builder::with_capacity(texts.len());
    for row in 0..texts.len() {
        out.append_option(texts.get(row).and_then(port));
    }
    done(out.finish())
}

/// The port of `text` as a number.
fn port(text: &str) -> Option<u16> {
    let reference = UriReference::parse(text).ok()?;
    reference.authority()?.port_u16().ok().flatten()
}

/// `uri_parts`: every component of each row; the userinfo's password
/// masked unless the second column says true.
fn uri_parts(args: &[ArrayRef]) -> Result<ArrayRef> {
    let texts = Texts::new(&args[0])?;
    let show = flags(args, 1)?;
    let n = texts.len();
    let mut text_fields: Vec<Views<'_>> = (0..7).map(|_| Views::new(texts)).collect();
    let mut ports = UInt16Builder::with_capacity(n);
    let mut valid = datafusion::arrow::array::BooleanBufferBuilder::new(n);
    // The text fields, in the struct's order, port aside.
    const SLICED: [(usize, Component); 5] = [
        (0, Component::Scheme),
        (2, Component::Host),
        (4, Component::Path),
        (5, Component::Query),
        (6, Component::Fragment),
    ];
    for row in 0..n {
        let Some(text) = texts.get(row) else {
            append_null_row(&mut text_fields, &mut ports);
            valid.append(false);
            continue;
        };
        let Ok(reference) = UriReference::parse(text) else {
            append_null_row(&mut text_fields, &mut ports);
            valid.append(false);
            continue;
        };
        let parts = reference.components();
        for (i, component) in SLICED {
            match parts.span(component) {
                Some(span) => text_fields[i].push_slice(row, span)?,
                None => text_fields[i].push_null(),
            }
        }
        let show_password = is_set(show, row);
        match parts.span(Component::Userinfo) {
            None => text_fields[1].push_null(),
            Some(span) => match masked(text, span.clone()).filter(|_| !show_password) {
                Some(shown) => text_fields[1].push_str(&shown),
                None => text_fields[1].push_slice(row, span)?,
            },
        }
        match parts.host_kind() {
            Some(kind) => text_fields[3].push_str(kind.as_str()),
            None => text_fields[3].push_null(),
        }
        ports.append_option(parts.authority().and_then(|a| a.port_u16().ok().flatten()));
        valid.append(true);
    }
    let mut columns: Vec<ArrayRef> = Vec::with_capacity(8);
    let mut text_fields = text_fields
        .into_iter()
        .map(|v| Arc::new(v.finish()) as ArrayRef);
    for i in 0..8 {
        if i == 4 {
            columns.push(Arc::new(ports.finish()));
        } else if let Some(column) = text_fields.next() {
            columns.push(column);
        }
    }
    let nulls = datafusion::arrow::buffer::NullBuffer::new(valid.finish());
    done(StructArray::try_new(part_fields(), columns, Some(nulls))?)
}

/// A null for every field of one row of `uri_parts`.
fn append_null_row(text_fields: &mut [Views<'_>], ports: &mut UInt16Builder) {
    for f in text_fields {
        f.push_null();
    }
    ports.append_null();
}

/// The bytes `span` of `text` (a userinfo, an authority) with each
/// password inside them masked by urikit's redaction rule
/// (`password_spans`, the rule of every echo), or `None` when there is
/// none to mask.
pub(crate) fn masked(text: &str, span: std::ops::Range<usize>) -> Option<String> {
    if !text[span.clone()].contains(':') {
        return None;
    }
    let mut shown = String::with_capacity(span.len());
    let mut at = span.start;
    for password in password_spans(text.as_bytes()) {
        if password.start >= span.start && password.end <= span.end && !password.is_empty() {
            shown.push_str(&text[at..password.start]);
            shown.push_str(MASK);
            at = password.end;
        }
    }
    if at == span.start {
        return None;
    }
    shown.push_str(&text[at..span.end]);
    Some(shown)
}

/// `uri_query_param`: the first value of the parameter named by the
/// second column, in form semantics.
fn query_param(args: &[ArrayRef]) -> Result<ArrayRef> {
    let texts = Texts::new(&args[0])?;
    let keys = Texts::new(&args[1])?;
    let mut out = Views::new(texts);
    for row in 0..rows(args) {
        let value = match (texts.get(row), keys.get(row)) {
            (Some(text), Some(key)) => UriReference::parse(text).ok().and_then(|r| {
                r.form_pairs()
                    .decoded()
                    .find(|(k, _)| k == key)
                    .map(|(_, v)| v)
            }),
            _ => None,
        };
        match value {
            Some(v) => out.push_str(&v),
            None => out.push_null(),
        }
    }
    done(out.finish())
}

/// `uri_query_params`: every parameter, in form semantics.
fn query_params(args: &[ArrayRef]) -> Result<ArrayRef> {
    let texts = Texts::new(&args[0])?;
    let pair = StructBuilder::from_fields(pair_fields(), 0);
    let mut out = ListBuilder::new(pair).with_field(Arc::new(Field::new(
        "item",
        DataType::Struct(pair_fields()),
        true,
    )));
    for row in 0..texts.len() {
        let Some(reference) = texts.get(row).and_then(|s| UriReference::parse(s).ok()) else {
            out.append(false);
            continue;
        };
        let pairs = out.values();
        for (key, value) in reference.form_pairs().decoded() {
            field::<StringBuilder>(pairs, 0)?.append_value(&key);
            field::<StringBuilder>(pairs, 1)?.append_value(&value);
            pairs.append(true);
        }
        out.append(true);
    }
    done(out.finish())
}
