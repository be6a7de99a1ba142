//! `urikit template`: RFC 6570 URI Templates from the command line, with
//! `uri-template`: `expand` fills a template in from JSON variables;
//! `match` reads the variables back out of URIs, the inverse of
//! expansion, saying when a URI does not match or matches two ways.
//!
//! An invalid template is a usage error (exit status 2) with a caret under
//! its byte; a URI that does not match makes the exit status 1, as an
//! invalid input does elsewhere. Captures and expansions are the data asked
//! for and stay exact; the echoes of a URI hide its password.

use std::ffi::OsString;
use std::io::{self, Write};

use serde::Serialize;
use serde_json::Value as Json;
use urikit::template::{MatchErrorKind, MatchOptions, Template, Value, Vars};

use crate::Outcome;
use crate::input::{self, Input};
use crate::problem::Problem;
use crate::redact;
use crate::settings::{self, paint, style};

/// Parses `text` as a template, or prints its caret error and the usage of
/// `template SUBCOMMAND` and exits with status 2.
pub(crate) fn template_or_exit(text: &str, usage: &str) -> Template {
    match Template::parse(text) {
        Ok(t) => t,
        Err(e) => {
            let color = settings::get().color_stderr;
            let caret = e.caret(text).to_string();
            let caret = caret.replacen("error:", &paint("error:", style::ERROR, color), 1);
            eprintln!("{caret}\n\n{usage}\n\nFor more information, try '--help'.");
            std::process::exit(2)
        }
    }
}

/// The variables of `--vars`: a JSON object whose members are strings
/// (numbers and booleans as their JSON text), arrays of such (lists), or
/// objects of such (associative arrays, in the order written: RFC 6570
/// §2.4.2 expands them in order); `null` leaves a variable undefined
/// (RFC 6570 §2.3).
///
/// # Errors
///
/// What is not such an object, in words.
pub(crate) fn vars_from_json(text: &str) -> Result<Vars, String> {
    let json: Ordered =
        serde_json::from_str(text).map_err(|e| format!("--vars is not JSON: {e}"))?;
    let Ordered::Object(members) = json else {
        return Err("--vars must be a JSON object of variables".to_owned());
    };
    let mut vars = Vars::new();
    for (name, value) in members {
        let value = match value {
            Ordered::Scalar(Json::Null) => continue,
            Ordered::Array(items) => Value::list(
                items
                    .iter()
                    .map(|v| scalar(v, &name))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            Ordered::Object(pairs) => Value::assoc(
                pairs
                    .iter()
                    .map(|(k, v)| Ok((k.clone(), scalar(v, &name)?)))
                    .collect::<Result<Vec<_>, String>>()?,
            ),
            other => Value::String(scalar(&other, &name)?),
        };
        vars.insert(name, value);
    }
    Ok(vars)
}

/// A JSON value whose objects keep their members in the order written
/// (`serde_json::Value` sorts them).
enum Ordered {
    /// A string, number, boolean or null.
    Scalar(Json),
    /// An array.
    Array(Vec<Ordered>),
    /// An object, its members in order.
    Object(Vec<(String, Ordered)>),
}

impl<'de> serde::Deserialize<'de> for Ordered {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(OrderedVisitor)
    }
}

/// Builds an [`Ordered`].
struct OrderedVisitor;

impl<'de> serde::de::Visitor<'de> for OrderedVisitor {
    type Value = Ordered;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Ordered, E> {
        Ok(Ordered::Scalar(Json::Bool(v)))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Ordered, E> {
        Ok(Ordered::Scalar(Json::from(v)))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Ordered, E> {
        Ok(Ordered::Scalar(Json::from(v)))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Ordered, E> {
        Ok(Ordered::Scalar(Json::from(v)))
    }
    fn visit_str<E>(self, v: &str) -> Result<Ordered, E> {
        Ok(Ordered::Scalar(Json::String(v.to_owned())))
    }
    fn visit_unit<E>(self) -> Result<Ordered, E> {
        Ok(Ordered::Scalar(Json::Null))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Ordered, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Ordered::Array(items))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Ordered, A::Error> {
        let mut members = Vec::new();
        while let Some((k, v)) = map.next_entry::<String, Ordered>()? {
            members.push((k, v));
        }
        Ok(Ordered::Object(members))
    }
}

/// A string, number or boolean as text.
fn scalar(value: &Ordered, name: &str) -> Result<String, String> {
    match value {
        Ordered::Scalar(Json::String(s)) => Ok(s.clone()),
        Ordered::Scalar(Json::Number(n)) => Ok(n.to_string()),
        Ordered::Scalar(Json::Bool(b)) => Ok(b.to_string()),
        _ => Err(format!(
            "--vars: `{name}` holds a nested value; a variable is a string, a list of strings or an object of strings"
        )),
    }
}

/// The JSON line of `template expand --json`.
#[derive(Serialize)]
struct Expanded<'a> {
    template: &'a str,
    expanded: &'a str,
}

/// `urikit template expand`: the template filled in from `vars`, as a URI
/// reference, or an IRI reference with `iri`.
pub(crate) fn expand(template: &Template, vars: &Vars, iri: bool, as_json: bool) -> Outcome {
    let expanded = if iri {
        template.expand_iri(vars).map(|r| r.as_str().to_owned())
    } else {
        template.expand(vars).map(|r| r.as_str().to_owned())
    };
    let mut out = io::stdout().lock();
    let result = match &expanded {
        Ok(text) if as_json => {
            let line = Expanded {
                template: template.as_str(),
                expanded: text,
            };
            crate::json::write_line(&mut out, &line)
        }
        Ok(text) => writeln!(out, "{text}"),
        Err(e) => {
            eprintln!("urikit: template expand: {e}");
            Ok(())
        }
    };
    Outcome {
        invalid: expanded.is_err(),
        result: result.and_then(|()| out.flush()),
    }
}

/// The JSON line of `template match --json`.
#[derive(Serialize)]
struct Matched<'a> {
    template: &'a str,
    uri: std::borrow::Cow<'a, str>,
    matched: bool,
    ambiguous: bool,
    captures: Json,
}

/// A value as JSON: a string, an array for a list, an object for an
/// associative array.
fn value_json(value: &Value) -> Json {
    match value {
        Value::String(s) => Json::String(s.clone()),
        Value::List(items) => Json::Array(items.iter().cloned().map(Json::String).collect()),
        Value::Assoc(pairs) => Json::Object(
            pairs
                .iter()
                .map(|(k, v)| (k.clone(), Json::String(v.clone())))
                .collect(),
        ),
    }
}

/// A value as the table shows it: the text, `[a, b]` for a list, `{k: v,
/// …}` for an associative array; strings quoted as JSON quotes them, so
/// that nothing hides in the terminal.
fn value_text(value: &Value) -> String {
    let quoted = |s: &str| serde_json::to_string(s).unwrap_or_default();
    match value {
        Value::String(s) => quoted(s),
        Value::List(items) => {
            let items: Vec<String> = items.iter().map(|s| quoted(s)).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Assoc(pairs) => {
            let pairs: Vec<String> = pairs
                .iter()
                .map(|(k, v)| format!("{}: {}", quoted(k), quoted(v)))
                .collect();
            format!("{{{}}}", pairs.join(", "))
        }
    }
}

/// `urikit template match`: the variables of each URI, by the exact
/// inverse of expansion (or with `lenient`, query parameters in any order,
/// extra ones ignored, triplets in either case).
pub(crate) fn match_uris(
    template: &Template,
    uris: &[OsString],
    lenient: bool,
    as_json: bool,
) -> Outcome {
    let options = if lenient {
        MatchOptions::lenient()
    } else {
        MatchOptions::new()
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut invalid = false;
    let mut first = true;
    let result = input::for_each(uris, &mut out, |out, input: Input<'_>| {
        let text = match input.text() {
            Ok(text) => text,
            Err(problem) => {
                invalid = true;
                return report(out, input, &problem, as_json, template);
            }
        };
        let matched = template.match_with(text, &options);
        invalid |= matched.is_err();
        let shown = redact::shown(text);
        if as_json {
            let (matched, ambiguous, captures) = match &matched {
                Ok(c) => (
                    true,
                    false,
                    Json::Object(
                        c.iter()
                            .map(|(k, v)| (k.to_owned(), value_json(v)))
                            .collect(),
                    ),
                ),
                Err(e) => (false, e.kind() == MatchErrorKind::Ambiguous, Json::Null),
            };
            let line = Matched {
                template: template.as_str(),
                uri: shown,
                matched,
                ambiguous,
                captures,
            };
            return crate::json::write_line(out, &line);
        }
        if !std::mem::take(&mut first) {
            writeln!(out)?;
        }
        let color = settings::get().color_stdout;
        let label = |l: &str| paint(&format!("{l:10}"), style::BOLD, color);
        writeln!(out, "{}{shown}", label("uri"))?;
        match &matched {
            Ok(captures) => {
                writeln!(out, "{}yes", label("matched"))?;
                for (name, value) in captures.iter() {
                    writeln!(out, "{}{}", label(name), value_text(value))?;
                }
            }
            Err(e) => {
                let word = if e.kind() == MatchErrorKind::Ambiguous {
                    "ambiguous"
                } else {
                    "no"
                };
                writeln!(out, "{}{word}", label("matched"))?;
                out.flush()?;
                let caret = e.caret(text).to_string();
                let _ = writeln!(io::stderr().lock(), "{caret}");
            }
        }
        Ok(())
    })
    .and_then(|()| out.flush());
    Outcome { invalid, result }
}

/// A URI that could not be read as text: its JSON line (not matched), or
/// its caret error.
fn report(
    out: &mut impl Write,
    input: Input<'_>,
    problem: &Problem,
    as_json: bool,
    template: &Template,
) -> io::Result<()> {
    if as_json {
        let line = Matched {
            template: template.as_str(),
            uri: crate::json::echo(input),
            matched: false,
            ambiguous: false,
            captures: Json::Null,
        };
        crate::json::write_line(out, &line)
    } else {
        crate::commands::diagnose(out, input, problem)
    }
}
