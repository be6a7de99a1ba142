//! What `urikit scheme` makes of one input, with `uri-schemes`: the URI
//! checked against its scheme's rules ([`Registry::check`]) and looked up
//! in the IANA registry ([`iana::lookup`]), as a JSON line or a table.
//!
//! The JSON line and the table are made from the same [`SchemeFields`], so
//! that they cannot disagree.

use std::fmt;
use std::io::{self, Write};

use serde::Serialize;
use urikit::schemes::{Fields, Registry, Report, Violation, iana};
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
    fields: SchemeFields<'a>,
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

/// The scheme's parts of a URI, as `fields` holds them; `{}` for a scheme
/// without parts of its own (or unknown), or a URI too broken to read them.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum SchemeFields<'a> {
    /// mailto (RFC 6068).
    Mailto {
        /// Every recipient, decoded: the path's, then each `to` field's.
        to: &'a [String],
        /// `[name, value]`, decoded, in order.
        headers: Vec<(&'a str, &'a str)>,
    },
    /// urn (RFC 8141), each as written.
    Urn {
        /// The namespace identifier.
        nid: &'a str,
        /// The namespace specific string.
        nss: &'a str,
        /// After `?+`.
        r_component: Option<&'a str>,
        /// After `?=`.
        q_component: Option<&'a str>,
        /// After `#`.
        f_component: Option<&'a str>,
    },
    /// tel (RFC 3966), as written.
    Tel {
        /// Whether the number starts with `+`.
        global: bool,
        /// The number, visual separators kept.
        number: &'a str,
        /// The `phone-context` parameter's value.
        phone_context: Option<&'a str>,
        /// The other parameters (`ext` and `isub` included), `[name,
        /// value]`, in order; `value` is `null` for one without `=`.
        params: Vec<(&'a str, Option<&'a str>)>,
    },
    /// http, https, ws, wss.
    Http {
        /// The host, as written.
        host: &'a str,
        /// The port, as written.
        port: Option<&'a str>,
        /// `[scheme, host, port]`: scheme and host in lower case, the
        /// default port filled in, as text; `null` for a port past 65535.
        origin: Option<(&'a str, &'a str, String)>,
    },
    /// file (RFC 8089).
    File {
        /// The host, as written; `null` for a local file (no host, an
        /// empty one, `localhost`).
        host: Option<&'a str>,
        /// The path, as written.
        path: &'a str,
    },
    /// data (RFC 2397).
    Data {
        /// `type/subtype`, decoded; `text/plain` by default.
        media_type: &'a str,
        /// Whether the data is base64.
        base64: bool,
        /// How many bytes the data decodes to.
        data_len: usize,
        /// The media type's parameters, `[name, value]`, decoded, in order;
        /// `[["charset", "US-ASCII"]]` when the URI gives no media type
        /// (RFC 2397 §2).
        parameters: &'a [(String, String)],
    },
    /// ldap (RFC 4516), decoded, the defaults of §3 filled in.
    Ldap {
        /// The base DN.
        dn: &'a str,
        /// The attributes.
        attributes: &'a [String],
        /// `base`, `one` or `sub`.
        scope: &'static str,
        /// The filter.
        filter: &'a str,
        /// `[critical, type, value]`, in order.
        extensions: Vec<(bool, &'a str, Option<&'a str>)>,
    },
    /// news, nntp (RFC 5538), decoded.
    News {
        /// The server's host, as written.
        server: Option<&'a str>,
        /// The port, as written.
        port: Option<&'a str>,
        /// The newsgroups (a wildmat for news, the group for nntp).
        newsgroups: Option<&'a str>,
        /// The article's message-id, without `<` and `>`.
        message_id: Option<&'a str>,
        /// The article number of an nntp URI, as text.
        article_number: Option<String>,
    },
    /// ftp (RFC 1738 §3.2), decoded.
    Ftp {
        /// The host, as written.
        host: &'a str,
        /// The port, as written.
        port: Option<&'a str>,
        /// The user name.
        user: Option<&'a str>,
        /// The path's segments, the `;type=` taken off the last.
        segments: &'a [String],
        /// `a`, `i` or `d`.
        typecode: Option<char>,
    },
    /// `{}`.
    None {},
}

impl<'a> SchemeFields<'a> {
    /// The fields of `uri`, which its scheme read as `fields`.
    pub(crate) fn new(uri: Uri<'a>, fields: &'a Fields) -> Self {
        match fields {
            Fields::Mailto(m) => SchemeFields::Mailto {
                to: m.to(),
                headers: m
                    .headers()
                    .iter()
                    .map(|(n, v)| (n.as_str(), v.as_str()))
                    .collect(),
            },
            Fields::Urn(u) => SchemeFields::Urn {
                nid: u.nid(),
                nss: u.nss(),
                r_component: u.r_component(),
                q_component: u.q_component(),
                f_component: u.f_component(),
            },
            Fields::Tel(t) => SchemeFields::Tel {
                global: t.is_global(),
                number: t.number(),
                phone_context: t.phone_context(),
                params: t
                    .parameters()
                    .filter(|(name, _)| !name.eq_ignore_ascii_case("phone-context"))
                    .collect(),
            },
            Fields::Http(h) => SchemeFields::Http {
                host: h.host(),
                port: h.port(),
                origin: h
                    .origin()
                    .map(|o| (o.scheme(), o.host(), o.port().to_string())),
            },
            Fields::File(f) => SchemeFields::File {
                host: f.host(),
                path: f.path(),
            },
            Fields::Data(d) => SchemeFields::Data {
                media_type: d.media_type(),
                base64: d.is_base64(),
                data_len: d.data_len(),
                parameters: d.parameters(),
            },
            Fields::Ldap(l) => SchemeFields::Ldap {
                dn: l.dn(),
                attributes: l.attributes(),
                scope: l.scope(),
                filter: l.filter(),
                extensions: l.extensions().collect(),
            },
            Fields::News(n) => SchemeFields::News {
                server: n.server(),
                port: uri.port(),
                newsgroups: n.newsgroups(),
                message_id: n.message_id(),
                article_number: n.article_number().map(|a| a.to_string()),
            },
            Fields::Ftp(f) => SchemeFields::Ftp {
                host: f.host(),
                port: uri.port(),
                user: f.user(),
                segments: f.segments(),
                typecode: f.typecode(),
            },
            _ => SchemeFields::None {},
        }
    }

    /// The rows of the table: the JSON names, one row per value and per
    /// item of a list (one row `-` for an empty list).
    fn rows(&self) -> Vec<(&'static str, String)> {
        let mut rows = Vec::new();
        let mut one = |label, value: String| rows.push((label, value));
        match self {
            SchemeFields::Mailto { to, headers } => {
                list(&mut one, "to", to.iter().map(|a| text(a)));
                list(
                    &mut one,
                    "headers",
                    headers
                        .iter()
                        .map(|(n, v)| format!("{}: {}", Shown(Some(n)), Shown(Some(v)))),
                );
            }
            SchemeFields::Urn {
                nid,
                nss,
                r_component,
                q_component,
                f_component,
            } => {
                one("nid", text(nid));
                one("nss", text(nss));
                one("r_component", Shown(*r_component).to_string());
                one("q_component", Shown(*q_component).to_string());
                one("f_component", Shown(*f_component).to_string());
            }
            SchemeFields::Tel {
                global,
                number,
                phone_context,
                params,
            } => {
                one("global", yes_no(*global).to_owned());
                one("number", text(number));
                one("phone_context", Shown(*phone_context).to_string());
                list(
                    &mut one,
                    "params",
                    params.iter().map(|(name, value)| match value {
                        Some(value) => format!("{}={}", Shown(Some(name)), Shown(Some(value))),
                        None => text(name),
                    }),
                );
            }
            SchemeFields::Http { host, port, origin } => {
                one("host", text(host));
                one("port", Shown(*port).to_string());
                // The scheme and host of a URI: no character to escape.
                if let Some((scheme, host, port)) = origin {
                    one("origin", format!("{scheme}://{host}:{port}"));
                }
            }
            SchemeFields::File { host, path } => {
                one("host", Shown(*host).to_string());
                one("path", text(path));
            }
            SchemeFields::Data {
                media_type,
                base64,
                data_len,
                parameters,
            } => {
                one("media_type", text(media_type));
                one("base64", yes_no(*base64).to_owned());
                one("data_len", data_len.to_string());
                list(
                    &mut one,
                    "parameters",
                    parameters.iter().map(|(name, value)| {
                        format!("{}={}", Shown(Some(name)), Shown(Some(value)))
                    }),
                );
            }
            SchemeFields::Ldap {
                dn,
                attributes,
                scope,
                filter,
                extensions,
            } => {
                one("dn", text(dn));
                list(&mut one, "attributes", attributes.iter().map(|a| text(a)));
                one("scope", (*scope).to_owned());
                one("filter", text(filter));
                list(
                    &mut one,
                    "extensions",
                    extensions.iter().map(|(critical, extype, value)| {
                        let bang = if *critical { "!" } else { "" };
                        match value {
                            Some(value) => {
                                format!("{bang}{}={}", Shown(Some(extype)), Shown(Some(value)))
                            }
                            None => format!("{bang}{}", Shown(Some(extype))),
                        }
                    }),
                );
            }
            SchemeFields::News {
                server,
                port,
                newsgroups,
                message_id,
                article_number,
            } => {
                one("server", Shown(*server).to_string());
                one("port", Shown(*port).to_string());
                one("newsgroups", Shown(*newsgroups).to_string());
                one("message_id", Shown(*message_id).to_string());
                one(
                    "article_number",
                    Shown(article_number.as_deref()).to_string(),
                );
            }
            SchemeFields::Ftp {
                host,
                port,
                user,
                segments,
                typecode,
            } => {
                one("host", text(host));
                one("port", Shown(*port).to_string());
                one("user", Shown(*user).to_string());
                list(&mut one, "segments", segments.iter().map(|s| text(s)));
                one(
                    "typecode",
                    typecode.map_or_else(|| "-".to_owned(), |c| c.to_string()),
                );
            }
            SchemeFields::None {} => {}
        }
        rows
    }
}

/// Adds one row per item of a list, or one `-` row for an empty list.
fn list(
    one: &mut impl FnMut(&'static str, String),
    label: &'static str,
    items: impl Iterator<Item = String>,
) {
    let mut empty = true;
    for item in items {
        empty = false;
        one(label, item);
    }
    if empty {
        one(label, "-".to_owned());
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
