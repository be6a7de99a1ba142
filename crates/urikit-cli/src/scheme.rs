//! What `urikit scheme` makes of one input, with `uri-schemes`: the URI
//! checked against its scheme's rules ([`Registry::check`]) and looked up
//! in the IANA registry ([`iana::lookup`]), as a JSON line or a table.
//!
//! The JSON line and the table are made from the same [`SchemeFields`], so
//! that they cannot disagree.

use std::borrow::Cow;
use std::fmt;
use std::io::{self, Write};

use serde::Serialize;
use urikit::schemes::{FieldValue, Fields, Registry, Report, Violation, iana};
use urikit::{Caret, Uri};

use crate::input::Input;
use crate::json::{ErrorObject, Id};
use crate::problem::Problem;

/// A URI checked against its scheme: what `scheme` prints for an input
/// that is a URI.
#[derive(Debug)]
pub(crate) struct Checked<'a> {
    /// The URI.
    uri: Uri<'a>,
    /// Its scheme in lower case.
    scheme: String,
    /// Whether the registry has rules for the scheme, and the kind of its
    /// URIs (`locator` or `name`).
    known: Option<&'static str>,
    /// The scheme's row in the IANA registry.
    registered: Option<&'static iana::Entry>,
    /// What the scheme's rules found.
    report: Report<'a>,
}

/// Checks `input` against its scheme's rules in `registry`.
///
/// # Errors
///
/// [`Problem::InvalidUtf8`] or [`Problem::Parse`] for an input that is not
/// a URI (a relative reference is `MissingScheme`).
pub(crate) fn check<'a>(registry: &Registry, input: Input<'a>) -> Result<Checked<'a>, Problem> {
    let uri = input.parse_uri()?;
    Ok(Checked {
        uri,
        scheme: uri.scheme().to_ascii_lowercase(),
        known: registry.get(uri.scheme()).map(|s| s.kind().as_str()),
        registered: iana::lookup(uri.scheme()),
        report: registry.check(uri),
    })
}

impl Checked<'_> {
    /// The URI as given.
    pub(crate) fn as_str(&self) -> &str {
        self.uri.as_str()
    }

    /// Whether the URI is a valid URI of its scheme: no violation is an
    /// error (warnings aside).
    pub(crate) fn is_valid(&self) -> bool {
        self.report.is_valid()
    }

    /// The registry's status in lower case: `permanent`, `provisional` or
    /// `historical`.
    fn status(&self) -> Option<String> {
        self.registered
            .map(|entry| entry.status().as_str().to_ascii_lowercase())
    }

    /// The JSON line; `shown`, the check of the URI as shown (its
    /// passwords hidden, [`crate::redact::shown`]), gives the input and the
    /// fields when it differs.
    pub(crate) fn line<'s>(&'s self, shown: Option<&'s Checked<'s>>) -> SchemeLine<'s> {
        let fields_of = shown.unwrap_or(self);
        SchemeLine {
            input: crate::redact::shown(fields_of.uri.as_str()),
            valid: self.is_valid(),
            scheme: &self.scheme,
            known: self.known.is_some(),
            registered: self.registered.is_some(),
            status: self.status(),
            uri_valid: true,
            fields: SchemeFields::new(fields_of.uri, fields_of.report.fields()),
            violations: self
                .report
                .violations()
                .iter()
                .map(ViolationObject::from)
                .collect(),
        }
    }

    /// Writes the table: the input, the scheme and what is known of it,
    /// whether the URI is valid, its fields one per row (a list one row
    /// per item), then each violation with a caret under its byte.
    ///
    /// # Errors
    ///
    /// Any error from `out`.
    pub(crate) fn write_table(
        &self,
        out: &mut impl Write,
        shown: Option<&Checked<'_>>,
    ) -> io::Result<()> {
        let fields_of = shown.unwrap_or(self);
        let input = crate::redact::shown(fields_of.uri.as_str());
        row(out, "input", &*input)?;
        row(out, "scheme", &self.scheme)?;
        match self.known {
            Some(kind) => row(out, "known", format_args!("yes ({kind})"))?,
            None => row(out, "known", "no")?,
        }
        match (self.registered, self.status()) {
            (Some(entry), Some(status)) if entry.reference().is_empty() => {
                row(out, "registered", status)?;
            }
            (Some(entry), Some(status)) => row(
                out,
                "registered",
                format_args!("{status} ({})", Shown(Some(entry.reference()))),
            )?,
            _ => row(out, "registered", "no")?,
        }
        row(out, "valid", yes_no(self.is_valid()))?;
        for (label, value) in SchemeFields::new(fields_of.uri, fields_of.report.fields()).rows() {
            row(out, label, value)?;
        }
        for violation in self.report.violations() {
            write_violation(out, self.uri.as_str(), violation)?;
        }
        Ok(())
    }
}

/// The JSON line of a URI: `{"input", "valid", "scheme", "known",
/// "registered", "status", "uri_valid", "fields", "violations"}`.
#[derive(Debug, Serialize)]
pub(crate) struct SchemeLine<'a> {
    /// The input, its passwords hidden unless `--show-password`.
    input: std::borrow::Cow<'a, str>,
    /// `uri_valid`, and no violation is an error.
    valid: bool,
    /// The scheme, in lower case.
    scheme: &'a str,
    /// Whether the registry has rules for the scheme.
    known: bool,
    /// Whether IANA registers the scheme.
    registered: bool,
    /// `permanent`, `provisional`, `historical`; `null` when not registered.
    status: Option<String>,
    /// Whether the input is a URI (RFC 3986 §3): always `true` here.
    uri_valid: bool,
    /// The scheme's parts of the URI.
    fields: SchemeFields,
    /// What the scheme's rules found, in byte order.
    violations: Vec<ViolationObject<'a>>,
}

/// The JSON line of an input that is not a URI: `{"input", "valid",
/// "uri_valid", "error"}`, the line of every other subcommand for an
/// invalid input, with `"uri_valid": false`.
#[derive(Debug, Serialize)]
pub(crate) struct NotUriLine<'a> {
    #[serde(flatten)]
    id: Id<'a>,
    valid: bool,
    uri_valid: bool,
    error: ErrorObject,
}

impl<'a> NotUriLine<'a> {
    /// The line for `input`, refused for `problem`.
    pub(crate) fn new(input: Input<'a>, problem: &Problem) -> Self {
        NotUriLine {
            id: Id::input(input),
            valid: false,
            uri_valid: false,
            error: ErrorObject::from(problem),
        }
    }
}

/// A violation in JSON: `{"severity", "kind", "index", "message"}`.
#[derive(Debug, Serialize)]
pub(crate) struct ViolationObject<'a> {
    /// `error` or `warning`.
    severity: &'static str,
    /// The kind's name, such as `MissingHost`.
    kind: &'static str,
    /// The byte offset in the input.
    index: usize,
    /// What is wrong, without the position.
    message: &'a str,
}

impl<'a> From<&'a Violation> for ViolationObject<'a> {
    fn from(v: &'a Violation) -> Self {
        ViolationObject {
            severity: v.severity().as_str(),
            kind: v.kind(),
            index: v.index(),
            message: v.message(),
        }
    }
}

/// The scheme's parts of a URI as the library describes them
/// ([`Fields::describe`]): `fields` in JSON, an object in the library's
/// order; `{}` for a scheme without parts of its own (or unknown), or a URI
/// too broken to read them. The table's rows are made from the same
/// description.
#[derive(Debug)]
pub(crate) struct SchemeFields(Vec<(Cow<'static, str>, FieldValue)>);

impl SchemeFields {
    /// The fields of `uri`, which its scheme read as `fields`; a
    /// `password` field (sip's, in the path where no redaction of the
    /// input finds it) as [`crate::redact::MASK`] unless `--show-password`.
    pub(crate) fn new(uri: Uri<'_>, fields: &Fields<'_>) -> Self {
        let mut described = fields.describe(uri);
        if !crate::settings::get().show_password {
            for (name, value) in &mut described {
                if name == "password" && matches!(value, FieldValue::Text(_)) {
                    *value = FieldValue::text(crate::redact::MASK);
                }
            }
        }
        SchemeFields(described)
    }

    /// The rows of the table: the JSON names, one row per value and per
    /// item of a list (one row `-` for an empty list); an absent `origin`
    /// has no row.
    fn rows(&self) -> Vec<(&str, String)> {
        let mut rows = Vec::new();
        for (name, value) in &self.0 {
            let label = name.as_ref();
            let mut one = |value: String| rows.push((label, value));
            match (label, value) {
                ("origin", FieldValue::Null) => {}
                // The scheme and host of a URI: no character to escape.
                ("origin", FieldValue::List(parts)) => {
                    let part = |k: usize| match parts.get(k) {
                        Some(FieldValue::Text(t)) => t.as_str(),
                        _ => "",
                    };
                    one(format!("{}://{}:{}", part(0), part(1), part(2)));
                }
                (_, FieldValue::List(items)) => {
                    list(&mut one, items.iter().map(|item| item_text(label, item)));
                }
                (_, value) => one(scalar(value)),
            }
        }
        rows
    }
}

impl Serialize for SchemeFields {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            // uri-schemes' own `Serialize` (its `serde` feature): null,
            // boolean, number, string, array or object, as the value is.
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// A value of one row: `-` when absent, `yes`/`no`, a number, the text.
fn scalar(value: &FieldValue) -> String {
    match value {
        FieldValue::Bool(b) => yes_no(*b).to_owned(),
        FieldValue::Number(n) => n.to_string(),
        FieldValue::Text(t) => text(t),
        _ => Shown(None).to_string(),
    }
}

/// An item of the list `label`: a pair or triple joined as the scheme
/// writes it (`name: value` for headers, `!type=value` for ldap
/// extensions, `name=value` or `name` otherwise), anything else a value.
fn item_text(label: &str, item: &FieldValue) -> String {
    let FieldValue::List(parts) = item else {
        return scalar(item);
    };
    let shown = |k: usize| match parts.get(k) {
        Some(FieldValue::Text(t)) => Some(Shown(Some(t)).to_string()),
        _ => None,
    };
    match label {
        "headers" => format!(
            "{}: {}",
            shown(0).unwrap_or_default(),
            shown(1).unwrap_or_default()
        ),
        "extensions" => {
            let bang = if parts.first() == Some(&FieldValue::Bool(true)) {
                "!"
            } else {
                ""
            };
            match shown(2) {
                Some(value) => format!("{bang}{}={value}", shown(1).unwrap_or_default()),
                None => format!("{bang}{}", shown(1).unwrap_or_default()),
            }
        }
        _ => (0..parts.len())
            .filter_map(shown)
            .collect::<Vec<_>>()
            .join("="),
    }
}

/// Adds one row per item of a list, or one `-` row for an empty list.
fn list(one: &mut impl FnMut(String), items: impl Iterator<Item = String>) {
    let mut empty = true;
    for item in items {
        empty = false;
        one(item);
    }
    if empty {
        one("-".to_owned());
    }
}

/// `yes` or `no`.
fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// `value` as the table shows it.
fn text(value: &str) -> String {
    Shown(Some(value)).to_string()
}

/// The width of the label column: the longest label, `article_number`,
/// and two spaces.
const LABEL_WIDTH: usize = "article_number".len() + 2;

/// Writes one row of the table.
fn row(out: &mut impl Write, label: &str, value: impl fmt::Display) -> io::Result<()> {
    writeln!(out, "{label:LABEL_WIDTH$}{value}")
}

/// Writes `violation` of `input`: `{severity}[{kind}]: {message}
/// ({section}) at byte {index}`, then the input with a caret under the
/// byte, as uri-core's [`Caret`] draws it.
fn write_violation(out: &mut impl Write, input: &str, violation: &Violation) -> io::Result<()> {
    writeln!(
        out,
        "{}[{}]: {} ({}) at byte {}",
        violation.severity().as_str(),
        violation.kind(),
        violation.message(),
        violation.section(),
        violation.index()
    )?;
    // The caret's own heading says `error:`; a warning is not one. The
    // password is hidden unless `--show-password`, the caret moved with it.
    let caret = Caret::new("", violation.index(), input.as_bytes());
    let caret = if crate::settings::get().show_password {
        caret.showing_passwords().to_string()
    } else {
        caret.to_string()
    };
    let drawing = caret.split_once('\n').map_or("", |(_, rest)| rest);
    writeln!(out, "{drawing}")
}

/// A value as the table shows it: `-` when absent, `""` when empty, `"-"`
/// for the text `-`; otherwise the text, with characters that would hide
/// in a terminal or break the line (controls, line breaks, invisible and
/// bidi formatting characters, white space other than the space) escaped
/// as a caret escapes them: `\r`, `\n`, `\t`, `\x7f`, `\u{202e}`.
struct Shown<'a>(Option<&'a str>);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            None => return f.write_str("-"),
            Some(text @ ("" | "-")) => return write!(f, "\"{text}\""),
            Some(text) => text,
        };
        for c in text.chars() {
            match c {
                ' ' => f.write_str(" ")?,
                '\t' => f.write_str("\\t")?,
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                _ if Caret::escapes(c) && c.is_ascii() => write!(f, "\\x{:02x}", u32::from(c))?,
                _ if Caret::escapes(c) => write!(f, "\\u{{{:x}}}", u32::from(c))?,
                _ => write!(f, "{c}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(input: &str) -> String {
        let registry = Registry::standard();
        let input = Input::new(input.as_bytes());
        match check(&registry, input) {
            Ok(checked) => serde_json::to_string(&checked.line(None)).unwrap(),
            Err(p) => serde_json::to_string(&NotUriLine::new(input, &p)).unwrap(),
        }
    }

    fn table(input: &str) -> String {
        let registry = Registry::standard();
        let checked = check(&registry, Input::new(input.as_bytes())).unwrap();
        let mut out = Vec::new();
        checked.write_table(&mut out, None).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn unknown_scheme_has_no_fields() {
        assert_eq!(
            json("x-foo:bar"),
            r#"{"input":"x-foo:bar","valid":true,"scheme":"x-foo","known":false,"registered":false,"status":null,"uri_valid":true,"fields":{},"violations":[]}"#
        );
    }

    #[test]
    fn scheme_in_lower_case() {
        let line = json("HTTP://Example.com/");
        assert!(
            line.contains(r#""scheme":"http","known":true,"registered":true,"status":"permanent""#),
            "{line}"
        );
        assert!(
            line.contains(r#""origin":["http","example.com","80"]"#),
            "{line}"
        );
    }

    #[test]
    fn a_port_past_65535_keeps_host_and_port_without_origin() {
        let line = json("http://example.com:65536/");
        assert!(
            line.contains(
                r#""fields":{"host":"example.com","port":"65536","origin":null},"violations":[{"severity":"warning","kind":"PortOutOfRange","index":19,"#
            ),
            "{line}"
        );
        let text = table("http://example.com:65536/");
        assert!(text.contains("\nport            65536\n"), "{text}");
        assert!(!text.contains("origin"), "{text}");
    }

    #[test]
    fn not_a_uri() {
        assert_eq!(
            json("a/b"),
            r#"{"input":"a/b","valid":false,"uri_valid":false,"error":{"kind":"MissingScheme","index":0,"message":"missing scheme (expected a URI such as `https://…`)"}}"#
        );
    }

    #[test]
    fn values_that_would_hide_are_escaped() {
        let text = table("mailto:a@example.com?subject=a%0D%0ABcc:%20x%E2%80%AE");
        assert!(
            text.contains("\nheaders         subject: a\\r\\nBcc: x\\u{202e}\n"),
            "{text}"
        );
        assert_eq!(Shown(Some("-")).to_string(), "\"-\"");
        assert_eq!(Shown(Some("")).to_string(), "\"\"");
        assert_eq!(Shown(None).to_string(), "-");
    }
}
