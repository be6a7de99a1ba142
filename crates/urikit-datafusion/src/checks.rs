//! Questions about a URL before it is trusted: is its host a global
//! address, what is its registrable domain, does it break its scheme's
//! rules, would a browser read it otherwise (the lint), does it match a
//! URI template.

use std::sync::Arc;

use datafusion::arrow::array::{
    ArrayRef, BooleanBuilder, ListBuilder, MapBuilder, MapFieldNames, StringBuilder, StructBuilder,
    UInt64Builder,
};
use datafusion::arrow::datatypes::{DataType, Field, Fields};
use datafusion::common::Result;
use datafusion::logical_expr::ScalarUDF;
use urikit::lint::Lint;
use urikit::schemes::Registry;
use urikit::template::{Template, Value};
use urikit::{IriReference, PublicSuffixExt, Uri, address};

use crate::parts::field;
use crate::text::Texts;
use crate::udf::{Arg, UriFunction, doc, done, rows};

/// The functions of this module.
pub(crate) fn functions() -> Vec<ScalarUDF> {
    let text: &[&[Arg]] = &[&[Arg::Text]];
    vec![
        UriFunction::udf(
            "uri_host_is_global",
            text,
            DataType::Boolean,
            host_is_global,
            doc(
                "Whether the host of a URI reference is an IP address that is globally \
                 reachable by the IANA special-purpose address registries (RFC 6890; the check \
                 behind urikit's SSRF filter): false for loopback, private, link-local and the \
                 other special blocks, IPv4 inside IPv6 included. Null when the host is a name \
                 (resolve it first), absent, or the text is not a reference.",
                "uri_host_is_global(text)",
                "SELECT uri_host_is_global('http://[::ffff:127.0.0.1]/'); -- false",
                &[("text", "A string column or literal.")],
            ),
        ),
        UriFunction::udf(
            "uri_registrable_domain",
            text,
            DataType::Utf8,
            |a| public_suffix(a, true),
            doc(
                "The registrable domain of the host (the public suffix and one more label, by the \
                 Public Suffix List through the `psl` crate, ICANN and private sections both), in \
                 lower case, a Unicode host by UTS #46; null for an IP address, a host that is a \
                 public suffix itself, or no host.",
                "uri_registrable_domain(text)",
                "SELECT uri_registrable_domain('https://www.Example.co.uk/'); -- example.co.uk",
                &[("text", "A string column or literal.")],
            ),
        ),
        UriFunction::udf(
            "uri_public_suffix",
            text,
            DataType::Utf8,
            |a| public_suffix(a, false),
            doc(
                "The public suffix of the host by the Public Suffix List (`co.uk`, `github.io`); \
                 null for an IP address or no host.",
                "uri_public_suffix(text)",
                "SELECT uri_public_suffix('https://www.example.co.uk/'); -- co.uk",
                &[("text", "A string column or literal.")],
            ),
        ),
        UriFunction::udf(
            "uri_scheme_violations",
            text,
            list_of(violation_fields()),
            scheme_violations,
            doc(
                "The violations of the rules of the URI's scheme (http, mailto, urn, tel, file, \
                 data, ldap, news, telnet, ftp, pkg, sip, geo, …): a list of {kind, severity, \
                 index}; empty when there is none or the scheme has no rules here; null when the \
                 text is not a URI. An IRI is checked as the URI it maps to (RFC 3987 §3.1), \
                 indexes in that URI.",
                "uri_scheme_violations(text)",
                "SELECT uri_scheme_violations('http:example.com'); -- [{kind: MissingAuthority, severity: error, index: 5}]",
                &[("text", "A string column or literal.")],
            ),
        ),
        UriFunction::udf(
            "uri_lint",
            text,
            list_of(finding_fields()),
            lint,
            doc(
                "Where an RFC 3986 reading and a WHATWG (browser) reading of the text differ, and \
                 the other traps of a URL (urikit's lint): a list of {kind, severity, index, \
                 message}, passwords masked in messages; empty for a clean URL. Applies to any \
                 text.",
                "uri_lint(text)",
                "SELECT uri_lint('http://127.1/')",
                &[("text", "A string column or literal.")],
            ),
        ),
        UriFunction::udf(
            "uri_template_match",
            &[&[Arg::Text, Arg::Text]],
            capture_map(),
            template_match,
            doc(
                "The values that make an RFC 6570 template expand to the text, by urikit's \
                 linear-time matcher (the exact inverse of expansion): a map from variable name to \
                 value, decoded (a list or an associative array as JSON text); null when the \
                 template does not match, the match is ambiguous, or the template is invalid.",
                "uri_template_match(template, text)",
                "SELECT uri_template_match('/users/{id}{?page}', '/users/42?page=2')['id']; -- 42",
                &[
                    ("template", "An RFC 6570 URI Template."),
                    ("text", "A string column or literal."),
                ],
            ),
        ),
    ]
}

/// A list type of structs with `fields`.
fn list_of(fields: Fields) -> DataType {
    DataType::List(Arc::new(Field::new("item", DataType::Struct(fields), true)))
}

/// The fields of a scheme violation.
fn violation_fields() -> Fields {
    Fields::from(vec![
        Field::new("kind", DataType::Utf8, false),
        Field::new("severity", DataType::Utf8, false),
        Field::new("index", DataType::UInt64, false),
    ])
}

/// The fields of a lint finding.
fn finding_fields() -> Fields {
    Fields::from(vec![
        Field::new("kind", DataType::Utf8, false),
        Field::new("severity", DataType::Utf8, false),
        Field::new("index", DataType::UInt64, false),
        Field::new("message", DataType::Utf8, false),
    ])
}

/// The names of the parts of `uri_template_match`'s map.
fn map_names() -> MapFieldNames {
    MapFieldNames {
        entry: "entries".into(),
        key: "keys".into(),
        value: "values".into(),
    }
}

/// `Map<Utf8, Utf8>`, as [`MapBuilder`] builds it with [`map_names`].
fn capture_map() -> DataType {
    let names = map_names();
    DataType::Map(
        Arc::new(Field::new(
            names.entry,
            DataType::Struct(Fields::from(vec![
                Field::new(names.key, DataType::Utf8, false),
                Field::new(names.value, DataType::Utf8, true),
            ])),
            false,
        )),
        false,
    )
}

/// `uri_host_is_global`.
fn host_is_global(args: &[ArrayRef]) -> Result<ArrayRef> {
    let texts = Texts::new(&args[0])?;
    let mut out = BooleanBuilder::with_capacity(texts.len());
    for row in 0..texts.len() {
        let ip = texts
            .get(row)
            .and_then(|s| IriReference::parse(s).ok())
            .and_then(|r| r.components().host())
            .and_then(|h| h.ip());
        out.append_option(ip.map(address::is_global));
    }
    done(out.finish())
}

/// `uri_registrable_domain` (`registrable`) or `uri_public_suffix`.
fn public_suffix(args: &[ArrayRef], registrable: bool) -> Result<ArrayRef> {
    let texts = Texts::new(&args[0])?;
    let mut out = StringBuilder::with_capacity(texts.len(), 0);
    for row in 0..texts.len() {
        let host = texts
            .get(row)
            .and_then(|s| IriReference::parse(s).ok())
            .and_then(|r| r.components().host());
        if registrable {
            out.append_option(host.and_then(|h| h.registrable_domain()));
        } else {
            out.append_option(
                host.and_then(|h| h.public_suffix())
                    .as_ref()
                    .map(|s| s.as_str()),
            );
        }
    }
    done(out.finish())
}

/// `uri_scheme_violations`.
fn scheme_violations(args: &[ArrayRef]) -> Result<ArrayRef> {
    let texts = Texts::new(&args[0])?;
    let registry = Registry::shared();
    let mut out =
        ListBuilder::new(StructBuilder::from_fields(violation_fields(), 0)).with_field(Arc::new(
            Field::new("item", DataType::Struct(violation_fields()), true),
        ));
    for row in 0..texts.len() {
        let mapped;
        let uri = match texts.get(row).map(|s| (s, Uri::parse(s))) {
            Some((_, Ok(uri))) => Some(uri),
            Some((s, Err(_))) => match IriReference::parse(s).map(urikit::iri::to_uri) {
                Ok(m) => {
                    mapped = m;
                    mapped.as_ref().as_uri()
                }
                Err(_) => None,
            },
            None => None,
        };
        let Some(uri) = uri else {
            out.append(false);
            continue;
        };
        let items = out.values();
        for v in registry.validate(uri) {
            field::<StringBuilder>(items, 0)?.append_value(v.kind());
            field::<StringBuilder>(items, 1)?.append_value(v.severity().as_str());
            field::<UInt64Builder>(items, 2)?.append_value(v.index() as u64);
            items.append(true);
        }
        out.append(true);
    }
    done(out.finish())
}

/// `uri_lint`.
fn lint(args: &[ArrayRef]) -> Result<ArrayRef> {
    let texts = Texts::new(&args[0])?;
    let linter = Lint::new();
    let mut out = ListBuilder::new(StructBuilder::from_fields(finding_fields(), 0)).with_field(
        Arc::new(Field::new("item", DataType::Struct(finding_fields()), true)),
    );
    for row in 0..texts.len() {
        let Some(text) = texts.get(row) else {
            out.append(false);
            continue;
        };
        let items = out.values();
        for f in linter.check(text) {
            field::<StringBuilder>(items, 0)?.append_value(f.name());
            field::<StringBuilder>(items, 1)?.append_value(f.severity().as_str());
            field::<UInt64Builder>(items, 2)?.append_value(f.index() as u64);
            field::<StringBuilder>(items, 3)?.append_value(f.message());
            items.append(true);
        }
        out.append(true);
    }
    done(out.finish())
}

/// `uri_template_match`: the template of each row parsed once for a run
/// of rows with the same template (a constant is parsed once a batch).
fn template_match(args: &[ArrayRef]) -> Result<ArrayRef> {
    let (templates, texts) = (Texts::new(&args[0])?, Texts::new(&args[1])?);
    let mut out = MapBuilder::new(
        Some(map_names()),
        StringBuilder::new(),
        StringBuilder::new(),
    );
    let mut parsed: Option<(&str, Option<Template>)> = None;
    for row in 0..rows(args) {
        let (Some(source), Some(text)) = (templates.get(row), texts.get(row)) else {
            out.append(false)?;
            continue;
        };
        if parsed.as_ref().is_none_or(|(s, _)| *s != source) {
            parsed = Some((source, Template::parse(source).ok()));
        }
        let captures = parsed
            .as_ref()
            .and_then(|(_, t)| t.as_ref())
            .and_then(|t| t.match_uri(text));
        let Some(captures) = captures else {
            out.append(false)?;
            continue;
        };
        for (name, value) in captures.iter() {
            out.keys().append_value(name);
            match value {
                Value::String(s) => out.values().append_value(s),
                other => out.values().append_value(value_json(other)),
            }
        }
        out.append(true)?;
    }
    done(out.finish())
}

/// A list or an associative array as JSON text.
fn value_json(value: &Value) -> String {
    let json = match value {
        Value::String(s) => serde_json::Value::String(s.clone()),
        Value::List(items) => items
            .iter()
            .cloned()
            .map(serde_json::Value::String)
            .collect(),
        Value::Assoc(pairs) => serde_json::Value::Object(
            pairs
                .iter()
                .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
                .collect(),
        ),
    };
    json.to_string()
}
