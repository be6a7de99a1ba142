//! The JSON lines the subcommands print with `--json`: one object per input,
//! one per line, in input order. Field names and order are a public interface.
//!
//! Every line starts with the fields that say which input it is about (an
//! [`Id`]: `"input"`, or for `resolve` `"base"` and `"ref"`, for
//! `relativize` `"base"` and `"target"`), then `"valid"`. A valid input's
//! line goes on with the subcommand's own fields ([`Valid`]); an invalid
//! one's with `"error": {"kind", "index", "message"}` ([`Invalid`],
//! [`ErrorObject`]), the same for every subcommand.

use std::borrow::Cow;
use std::io::{self, Write};

use serde::Serialize;
use urikit::{RiReference, Spec};

use crate::input::Input;
use crate::problem::Problem;
use crate::{redact, settings};

/// The line for a valid input: `{...id, "valid": true, ...fields}`.
#[derive(Debug, Serialize)]
pub(crate) struct Valid<'a, T> {
    #[serde(flatten)]
    id: Id<'a>,
    valid: bool,
    #[serde(flatten)]
    fields: T,
}

impl<'a, T: Serialize> Valid<'a, T> {
    /// The line for `input`, with the subcommand's `fields` after `valid`.
    ///
    /// `input` is the input as text; one that is not UTF-8 (which `encode`
    /// accepts) is given with bad UTF-8 sequences replaced by U+FFFD.
    pub(crate) fn new(input: &'a str, fields: T) -> Self {
        let input = redact::shown(input);
        Valid::with_id(Id::Input { input }, fields)
    }

    /// The line for the input that `id` names, with the subcommand's
    /// `fields` after `valid`.
    pub(crate) fn with_id(id: Id<'a>, fields: T) -> Self {
        Valid {
            id,
            valid: true,
            fields,
        }
    }
}

/// The line for an invalid input: `{...id, "valid": false, "error"}`.
#[derive(Debug, Serialize)]
pub(crate) struct Invalid<'a> {
    #[serde(flatten)]
    id: Id<'a>,
    valid: bool,
    error: ErrorObject,
}

impl<'a> Invalid<'a> {
    /// The line for `input`, refused for `problem`. `input` is given as
    /// text, bad UTF-8 sequences replaced by U+FFFD.
    pub(crate) fn new(input: Input<'a>, problem: &Problem) -> Self {
        Invalid::with_id(Id::input(input), problem)
    }

    /// The line for the input that `id` names, refused for `problem`.
    pub(crate) fn with_id(id: Id<'a>, problem: &Problem) -> Self {
        Invalid {
            id,
            valid: false,
            error: ErrorObject::from(problem),
        }
    }
}

/// The fields that open a line and say which input it is about. Texts that
/// come from an input are given with bad UTF-8 sequences replaced by U+FFFD,
/// and, unless `--show-password`, whatever may be a password as `***`
/// ([`redact::shown`]): they echo what the user gave.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum Id<'a> {
    /// `{"input"}`: every subcommand but `resolve` and `relativize`.
    Input {
        /// The input.
        input: Cow<'a, str>,
    },
    /// `{"base", "ref"}`: `resolve`.
    BaseRef {
        /// The base, as given, but its password `***` unless
        /// `--show-password`.
        base: &'a str,
        /// The reference resolved against it: the input.
        #[serde(rename = "ref")]
        reference: Cow<'a, str>,
    },
    /// `{"base", "target"}`: `relativize`.
    BaseTarget {
        /// The base, as given, but its password `***` unless
        /// `--show-password`.
        base: &'a str,
        /// The target to reach from it: the input.
        target: Cow<'a, str>,
    },
}

impl<'a> Id<'a> {
    /// `{"input"}`.
    pub(crate) fn input(input: Input<'a>) -> Self {
        Id::Input { input: echo(input) }
    }

    /// `{"base", "ref"}`: `reference` resolved against `base`.
    pub(crate) fn base_ref(base: &'a str, reference: Input<'a>) -> Self {
        Id::BaseRef {
            base,
            reference: echo(reference),
        }
    }

    /// `{"base", "target"}`: `target` relativized against `base`.
    pub(crate) fn base_target(base: &'a str, target: Input<'a>) -> Self {
        Id::BaseTarget {
            base,
            target: echo(target),
        }
    }
}

/// An input as a JSON line repeats it: as text, passwords hidden unless
/// `--show-password`; for an over-long line, its start, a password that
/// has begun there hidden to the end.
pub(crate) fn echo(input: Input<'_>) -> Cow<'_, str> {
    if input.is_cut() {
        Cow::Owned(redact::shown_prefix(input.bytes()))
    } else {
        redact::shown_lossy(input.bytes())
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
    message: Cow<'static, str>,
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
/// its component in the input, `null` when the component is absent; but
/// unless `--show-password`, what follows the first `:` of the userinfo is
/// `***` in `authority`, `userinfo` and `password` (RFC 3986 §3.2.1).
#[derive(Debug, Serialize)]
pub(crate) struct ParsedFields<'a> {
    /// `uri` with a scheme, `relative` without.
    kind: &'static str,
    /// The scheme, without `:`.
    scheme: Option<&'a str>,
    /// The authority, without `//`.
    authority: Option<Cow<'a, str>>,
    /// The userinfo, without `@`.
    userinfo: Option<Cow<'a, str>>,
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
    /// The userinfo before its first `:`.
    user: Option<&'a str>,
    /// The userinfo after its first `:`; `null` without a `:`.
    password: Option<Cow<'a, str>>,
}

impl<'a> ParsedFields<'a> {
    /// The fields of `reference`, a URI reference or (`parse --iri`) an IRI
    /// reference: the same fields, the same values.
    pub(crate) fn new<S: Spec>(reference: &RiReference<'a, S>) -> Self {
        let hide = !settings::get().show_password;
        let userinfo = reference.userinfo();
        let (user, password) = match userinfo.map(|u| u.split_once(':').unwrap_or((u, ""))) {
            Some((user, password)) => {
                let has_colon = userinfo.is_some_and(|u| u.contains(':'));
                let shown = if hide && !password.is_empty() {
                    redact::MASK
                } else {
                    password
                };
                let password = has_colon.then_some(Cow::Borrowed(shown));
                (Some(user), password)
            }
            None => (None, None),
        };
        let authority = reference.authority().map(|a| {
            let text = a.as_str();
            match (hide, a.userinfo()) {
                (true, Some(u)) => Cow::Owned(format!(
                    "{}{}",
                    redact::redact_userinfo(u),
                    &text[u.len()..]
                )),
                _ => Cow::Borrowed(text),
            }
        });
        ParsedFields {
            kind: reference_kind(reference),
            scheme: reference.scheme(),
            authority,
            userinfo: userinfo.map(|u| {
                if hide {
                    redact::redact_userinfo(u)
                } else {
                    Cow::Borrowed(u)
                }
            }),
            host: reference.host_str(),
            host_kind: reference.host_kind().map(|k| k.as_str()),
            port: reference.port(),
            path: reference.path(),
            query: reference.query(),
            fragment: reference.fragment(),
            user,
            password,
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

/// The fields of `resolve --json` for a reference that resolves:
/// `{"target"}`.
#[derive(Debug, Serialize)]
pub(crate) struct TargetFields<'a> {
    /// The target URI.
    target: &'a str,
}

impl<'a> TargetFields<'a> {
    /// The fields for `target`.
    pub(crate) fn new(target: &'a str) -> Self {
        TargetFields { target }
    }
}

/// The fields of `relativize --json` for a target that a reference
/// reaches: `{"ref", "relative"}`.
#[derive(Debug, Serialize)]
pub(crate) struct RefFields<'a> {
    /// The reference from the base to the target.
    #[serde(rename = "ref")]
    reference: &'a str,
    /// Whether it is a relative reference; `false` when it is the target
    /// itself, no relative reference reaching it.
    relative: bool,
}

impl<'a> RefFields<'a> {
    /// The fields for `reference`, relative or the target itself.
    pub(crate) fn new(reference: &'a str, relative: bool) -> Self {
        RefFields {
            reference,
            relative,
        }
    }
}

/// The fields of `normalize --json` for a valid input: `{"normalized"}`.
#[derive(Debug, Serialize)]
pub(crate) struct NormalizedFields<'a> {
    /// The input's syntax-based normal form.
    normalized: &'a str,
}

impl<'a> NormalizedFields<'a> {
    /// The fields for `normalized`.
    pub(crate) fn new(normalized: &'a str) -> Self {
        NormalizedFields { normalized }
    }
}

/// The fields of `to-uri --json` for an input that maps, and of
/// `file-uri --json` for a path with a file URI: `{"uri"}`.
#[derive(Debug, Serialize)]
pub(crate) struct UriFields<'a> {
    /// The URI reference the IRI reference maps to, or the file URI.
    uri: &'a str,
}

impl<'a> UriFields<'a> {
    /// The fields for `uri`.
    pub(crate) fn new(uri: &'a str) -> Self {
        UriFields { uri }
    }
}

/// The fields of `to-iri --json` for an input that maps: `{"iri"}`.
#[derive(Debug, Serialize)]
pub(crate) struct IriFields<'a> {
    /// The IRI reference the URI reference maps to (with `--display`, the
    /// form to show people).
    iri: &'a str,
    /// Why the display form keeps parts encoded or `xn--`.
    warnings: Vec<WarningObject>,
}

impl<'a> IriFields<'a> {
    /// The fields for `iri`, with `warnings` about its display form.
    pub(crate) fn new(iri: &'a str, warnings: &[urikit::iri::DisplayWarning]) -> Self {
        IriFields {
            iri,
            warnings: warnings.iter().map(WarningObject::from).collect(),
        }
    }
}

/// One of the `"warnings"` of `to-iri --json`: `{"kind", "component",
/// "message"}`; `kind` is a `DisplayWarningKind::name()`, `message` the
/// warning's sentence (characters it warns about written by code point, `U+202E`).
#[derive(Debug, Serialize)]
pub(crate) struct WarningObject {
    kind: &'static str,
    component: &'static str,
    message: String,
}

impl From<&urikit::iri::DisplayWarning> for WarningObject {
    fn from(w: &urikit::iri::DisplayWarning) -> Self {
        WarningObject {
            kind: w.kind().name(),
            component: w.component().as_str(),
            message: w.to_string(),
        }
    }
}

/// The fields of `file-path --json` for a URI that names a path:
/// `{"path"}`.
#[derive(Debug, Serialize)]
pub(crate) struct PathFields<'a> {
    /// The path the file URI names.
    path: &'a str,
}

impl<'a> PathFields<'a> {
    /// The fields for `path`.
    pub(crate) fn new(path: &'a str) -> Self {
        PathFields { path }
    }
}

/// `uri` for a reference with a scheme, `relative` for one without; the
/// `kind` of `parse --json` and of the table. An IRI with a scheme is a
/// `uri` too: the value says whether there is a scheme, not which grammar
/// read the input.
pub(crate) fn reference_kind<S: Spec>(reference: &RiReference<'_, S>) -> &'static str {
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
                r#""userinfo":null,"host":"[v1.x]","host_kind":"ipvfuture","port":"","path":"","query":null,"fragment":null,"#,
                r#""user":null,"password":null}"#,
                "\n"
            )
        );
    }

    fn to_line(value: &impl Serialize) -> String {
        let mut out = Vec::new();
        write_line(&mut out, value).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn identifying_fields_come_before_valid() {
        let problem = Problem::InvalidUtf8 { index: 1 };
        let reference = Input::new(b"g\xFF");
        assert_eq!(
            to_line(&Valid::with_id(
                Id::base_ref("http://a/", Input::new(b"g")),
                TargetFields::new("http://a/g")
            )),
            "{\"base\":\"http://a/\",\"ref\":\"g\",\"valid\":true,\"target\":\"http://a/g\"}\n"
        );
        assert_eq!(
            to_line(&Invalid::with_id(
                Id::base_ref("http://a/", reference),
                &problem
            )),
            "{\"base\":\"http://a/\",\"ref\":\"g\u{FFFD}\",\"valid\":false,\"error\":{\"kind\":\"InvalidUtf8\",\"index\":1,\"message\":\"invalid UTF-8\"}}\n"
        );
        assert_eq!(
            to_line(&Valid::with_id(
                Id::base_target("http://a/", Input::new(b"http://a/g")),
                RefFields::new("g", true)
            )),
            "{\"base\":\"http://a/\",\"target\":\"http://a/g\",\"valid\":true,\"ref\":\"g\",\"relative\":true}\n"
        );
        assert_eq!(
            to_line(&Valid::with_id(
                Id::input(Input::new(b"HTTP://A")),
                NormalizedFields::new("http://a")
            )),
            "{\"input\":\"HTTP://A\",\"valid\":true,\"normalized\":\"http://a\"}\n"
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

/// A line of `edit --json`: `{"input", "valid": true, "output",
/// "components", "decoded", "pairs"}`, one per output. `output` is the
/// edited reference, exact; the components are those of it, as written and
/// decoded, with the password hidden unless `--show-password` (as every
/// component field); `pairs` are the query's pairs, decoded, as
/// `[[key, value], …]`.
#[derive(Debug, Serialize)]
pub(crate) struct EditLine<'a> {
    input: Cow<'a, str>,
    valid: bool,
    output: &'a str,
    components: EditComponents,
    decoded: EditComponents,
    pairs: Vec<(String, String)>,
}

/// The components of an edited reference, each `null` when absent: the
/// editor's own [`Parts`](crate::edit::Parts).
pub(crate) type EditComponents = crate::edit::Parts;

impl Serialize for EditComponents {
    /// `{"scheme", "user", "password", "host", "port", "path", "query",
    /// "fragment"}`, in that order (`path_from_text` is the editor's own).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("EditComponents", 8)?;
        s.serialize_field("scheme", &self.scheme)?;
        s.serialize_field("user", &self.user)?;
        s.serialize_field("password", &self.password)?;
        s.serialize_field("host", &self.host)?;
        s.serialize_field("port", &self.port)?;
        s.serialize_field("path", &self.path)?;
        s.serialize_field("query", &self.query)?;
        s.serialize_field("fragment", &self.fragment)?;
        s.end()
    }
}

impl<'a> EditLine<'a> {
    /// The line for `output`, an edit of `input`; query pairs split at
    /// `separator`.
    pub(crate) fn new(input: Input<'a>, output: &'a str, separator: char) -> Self {
        let masked = redact::shown(output);
        let options = settings::get().parse_options();
        let (components, decoded, pairs) = match urikit::IriReference::parse_with(&masked, options)
        {
            Ok(r) => {
                let written = EditComponents::of(r);
                let dec = |t: &str| urikit::encode::decode_utf8_lossy(t).into_owned();
                let decoded = EditComponents {
                    scheme: written.scheme.clone(),
                    user: written.user.as_deref().map(dec),
                    password: written.password.as_deref().map(|p| {
                        if p == redact::MASK {
                            p.to_owned()
                        } else {
                            dec(p)
                        }
                    }),
                    host: r.host_str().map(|h| {
                        if h.starts_with('[') {
                            h.to_owned()
                        } else {
                            dec(h)
                        }
                    }),
                    port: written.port.clone(),
                    path: dec(r.path()),
                    query: r.query().map(dec),
                    fragment: r.fragment().map(dec),
                    path_from_text: false,
                };
                let pairs = r
                    .query()
                    .map(|q| crate::edit::query_pairs(q, separator))
                    .unwrap_or_default();
                (written, decoded, pairs)
            }
            Err(_) => Default::default(),
        };
        EditLine {
            input: echo(input),
            valid: true,
            output,
            components,
            decoded,
            pairs,
        }
    }
}
