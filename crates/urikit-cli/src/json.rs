//! The JSON lines the subcommands print with `--json`: one object per input,
//! one per line, in input order. Field names and order are a public interface.
//!
//! Every line starts with `"input"` and `"valid"`. A valid input's line goes
//! on with the subcommand's own fields ([`Valid`]); an invalid one's with
//! `"error": {"kind", "index", "message"}` ([`Invalid`], [`ErrorObject`]),
//! the same for every subcommand.

use std::borrow::Cow;
use std::io::{self, Write};

use serde::Serialize;
use urikit::UriReference;

use crate::input::Input;
use crate::problem::Problem;

/// The line for a valid input: `{"input", "valid": true, ...fields}`.
///
/// `input` is the input as text; one that is not UTF-8 (which `encode`
/// accepts) is given with bad UTF-8 sequences replaced by U+FFFD.
#[derive(Debug, Serialize)]
pub(crate) struct Valid<'a, T> {
    input: &'a str,
    valid: bool,
    #[serde(flatten)]
    fields: T,
}

impl<'a, T: Serialize> Valid<'a, T> {
    /// The line for `input`, with the subcommand's `fields` after `valid`.
    pub(crate) fn new(input: &'a str, fields: T) -> Self {
        Valid {
            input,
            valid: true,
            fields,
        }
    }
}

/// The line for an invalid input: `{"input", "valid": false, "error"}`.
///
/// `input` is the input as text, bad UTF-8 sequences replaced by U+FFFD.
#[derive(Debug, Serialize)]
pub(crate) struct Invalid<'a> {
    input: Cow<'a, str>,
    valid: bool,
    error: ErrorObject,
}

impl<'a> Invalid<'a> {
    /// The line for `input`, refused for `problem`.
    pub(crate) fn new(input: Input<'a>, problem: &Problem) -> Self {
        Invalid {
            input: input.lossy(),
            valid: false,
            error: ErrorObject::from(problem),
        }
    }
}

/// The `"error"` object: `{"kind", "index", "message"}`.
#[derive(Debug, Serialize)]
pub(crate) struct ErrorObject {
    /// The kind's name, such as `InvalidHostChar` or `InvalidUtf8`.
    kind: &'static str,
    /// The byte offset of the problem in the input.
    index: usize,
    /// The kind's description, without the position.
    message: &'static str,
}

impl From<&Problem> for ErrorObject {
    fn from(problem: &Problem) -> Self {
        ErrorObject {
            kind: problem.kind_name(),
            index: problem.index(),
            message: problem.message(),
        }
    }
}

/// The fields of `parse --json` for a valid input, each the exact text of
/// its component in the input, `null` when the component is absent.
#[derive(Debug, Serialize)]
pub(crate) struct ParsedFields<'a> {
    /// `uri` with a scheme, `relative` without.
    kind: &'static str,
    /// The scheme, without `:`.
    scheme: Option<&'a str>,
    /// The authority, without `//`.
    authority: Option<&'a str>,
    /// The userinfo, without `@`.
    userinfo: Option<&'a str>,
    /// The host; an IP literal keeps its brackets.
    host: Option<&'a str>,
    /// `ipv4`, `ipv6`, `ipvfuture` or `reg-name`; `null` without an authority.
    host_kind: Option<&'static str>,
    /// The port, without `:`.
    port: Option<&'a str>,
    /// The path, always present, perhaps empty.
    path: &'a str,
    /// The query, without `?`.
    query: Option<&'a str>,
    /// The fragment, without `#`.
    fragment: Option<&'a str>,
}

impl<'a> ParsedFields<'a> {
    /// The fields of `reference`.
    pub(crate) fn new(reference: &UriReference<'a>) -> Self {
        ParsedFields {
            kind: reference_kind(reference),
            scheme: reference.scheme(),
            authority: reference.authority().map(|a| a.as_str()),
            userinfo: reference.userinfo(),
            host: reference.host_str(),
            host_kind: reference.host_kind().map(|k| k.as_str()),
            port: reference.port(),
            path: reference.path(),
            query: reference.query(),
            fragment: reference.fragment(),
        }
    }
}

/// The fields of `encode --json` and `decode --json` for an input that
/// converts: `{"output"}`.
#[derive(Debug, Serialize)]
pub(crate) struct ConvertedFields<'a> {
    /// The input encoded, or decoded.
    output: &'a str,
}

impl<'a> ConvertedFields<'a> {
    /// The fields for `output`.
    pub(crate) fn new(output: &'a str) -> Self {
        ConvertedFields { output }
    }
}

/// `uri` for a reference with a scheme, `relative` for one without; the
/// `kind` of `parse --json` and of the table.
pub(crate) fn reference_kind(reference: &UriReference<'_>) -> &'static str {
    if reference.is_relative() {
        "relative"
    } else {
        "uri"
    }
}

/// Writes `value` as one line of JSON.
///
/// # Errors
///
/// Any error from `out`.
pub(crate) fn write_line<W: Write>(out: &mut W, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(input: &[u8]) -> String {
        let input = Input::new(input);
        let mut out = Vec::new();
        match input.parse() {
            Ok(r) => write_line(&mut out, &Valid::new(r.as_str(), ParsedFields::new(&r))),
            Err(p) => write_line(&mut out, &Invalid::new(input, &p)),
        }
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn valid_fields_in_order() {
        assert_eq!(
            line(b"//[v1.x]:"),
            concat!(
                r#"{"input":"//[v1.x]:","valid":true,"kind":"relative","scheme":null,"authority":"[v1.x]:","#,
                r#""userinfo":null,"host":"[v1.x]","host_kind":"ipvfuture","port":"","path":"","query":null,"fragment":null}"#,
                "\n"
            )
        );
    }

    #[test]
    fn invalid_line() {
        assert_eq!(
            line(b"a\xC3"),
            "{\"input\":\"a\u{FFFD}\",\"valid\":false,\"error\":{\"kind\":\"InvalidUtf8\",\"index\":1,\"message\":\"invalid UTF-8\"}}\n"
        );
    }
}
