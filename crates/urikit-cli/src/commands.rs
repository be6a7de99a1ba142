//! The subcommands that print one result per input: `parse`, `explain`,
//! `edit`, `encode`, `decode`, `resolve`, `relativize`, `normalize`, `to-uri`,
//! `to-iri`, `scheme`, `equivalent` (one result per pair), `file-path` and
//! `file-uri`.
//!
//! Each is a function from the inputs to an [`Outcome`], built on
//! [`input::for_each`]; a new per-input subcommand is one more such
//! function, with [`json::Valid`] and [`json::Invalid`] for its JSON lines.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, BufWriter, StdoutLock, Write};

use serde::Serialize;
use urikit::schemes::Registry;
use urikit::{IriReference, RiReference, Spec};

use crate::codec::{Decoding, Encoding};
use crate::edit::Edit;
use crate::equivalence::{EquivalentLine, NotComparedLine, Pair, Side};
use crate::input::{self, Input};
use crate::mapping::{ToIri, ToUri};
use crate::paths::{FilePath, FileUri, OsName};
use crate::problem::Problem;
use crate::resolution::{Base, FormName, Normalization, Relativization, Resolution};
use crate::{Outcome, explain, json, redact, scheme, settings, table};

/// Standard output, locked and buffered.
fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(64 * 1024, io::stdout().lock())
}

/// `urikit parse`: the components of each input, as JSON lines or tables;
/// with `iri`, each input read as an IRI reference (RFC 3987) instead of a
/// URI reference, with the same lines and tables.
pub(crate) fn parse(inputs: &[OsString], iri: bool, as_json: bool) -> Outcome {
    let mut blocks = Blocks::default();
    per_input(inputs, |out, input| {
        if iri || input.is_iri() {
            write_parsed(out, input, input.parse_iri(), as_json, &mut blocks)
        } else {
            write_parsed(out, input, input.parse(), as_json, &mut blocks)
        }
    })
}

/// Writes what `parse` made of `input`: its JSON line, or its table or
/// caret error in a block of its own. Returns whether it parsed. What may
/// be a password is hidden in every field ([`redact::shown_reference`]).
fn write_parsed<S: Spec>(
    out: &mut impl Write,
    input: Input<'_>,
    parsed: Result<RiReference<'_, S>, Problem>,
    as_json: bool,
    blocks: &mut Blocks,
) -> io::Result<bool> {
    match parsed {
        Ok(r) => {
            let masked = redact::shown(r.as_str());
            let r = redact::shown_reference(r, &masked);
            if as_json {
                let line = json::Valid::new(r.as_str(), json::ParsedFields::new(&r));
                json::write_line(out, &line)?;
            } else {
                blocks.start(out)?;
                table::write(out, &r)?;
            }
            Ok(true)
        }
        Err(problem) if as_json => {
            json::write_line(out, &json::Invalid::new(input, &problem))?;
            Ok(false)
        }
        Err(problem) => {
            diagnose(out, input, &problem)?;
            Ok(false)
        }
    }
}

/// `urikit explain`: each input drawn with its components labelled, then
/// its component table. An input that is not ASCII is read as an IRI
/// reference (RFC 3987); an ASCII one as a URI reference, which it is if
/// it is an IRI reference at all.
pub(crate) fn explain(inputs: &[OsString]) -> Outcome {
    let mut blocks = Blocks::default();
    per_input(inputs, |out, input| {
        if !input.is_iri() {
            write_explained(out, input, input.parse(), &mut blocks)
        } else {
            write_explained(out, input, input.parse_iri(), &mut blocks)
        }
    })
}

/// Writes what `explain` made of `input`: its diagram and table, or its
/// caret error; then, on standard error, why its display form keeps parts
/// encoded. Returns whether it parsed.
fn write_explained<S: Spec>(
    out: &mut impl Write,
    input: Input<'_>,
    parsed: Result<RiReference<'_, S>, Problem>,
    blocks: &mut Blocks,
) -> io::Result<bool> {
    match &parsed {
        Ok(r) => {
            blocks.start(out)?;
            // Of the input as given: the warnings never hold a password.
            let warnings = explain::warnings(r);
            let masked = redact::shown(r.as_str());
            let r = &redact::shown_reference(*r, &masked);
            // The host as people should see it, in the drawing and the
            // table alike.
            let hosted = explain::with_shown_host(r);
            match hosted
                .as_deref()
                .map(|t| IriReference::parse_with(t, explain::lenient()))
            {
                Some(Ok(shown)) => draw_and_list(out, &shown)?,
                _ => draw_and_list(out, r)?,
            }
            warn(out, &warnings)?;
        }
        Err(problem) => diagnose(out, input, problem)?,
    }
    Ok(parsed.is_ok())
}

/// The diagram of `r` (shortened where a component is long), then its
/// table.
fn draw_and_list<S: Spec>(out: &mut impl Write, r: &RiReference<'_, S>) -> io::Result<()> {
    let options = settings::get().parse_options();
    let drawn = explain::drawn_text(r);
    let lines = match drawn
        .as_deref()
        .map(|t| IriReference::parse_with(t, options))
    {
        Some(Ok(shortened)) => explain::diagram(&shortened),
        _ => explain::diagram(r),
    };
    // The empty reference has nothing to draw.
    if lines.iter().any(|line| !line.is_empty()) {
        for line in lines {
            writeln!(out, "{line}")?;
        }
        writeln!(out)?;
    }
    table::write(out, r)
}

/// `urikit encode`: each input percent-encoded, one per line, or as JSON
/// lines. Every input is encoded, even one that is not UTF-8.
pub(crate) fn encode(inputs: &[OsString], encoding: Encoding, as_json: bool) -> Outcome {
    per_input(inputs, |out, input| {
        write_converted(out, input, encoding.apply(input), as_json)
    })
}

/// `urikit decode`: each input percent-decoded to UTF-8 text, one per line,
/// or as JSON lines; a caret error for an input that does not decode.
pub(crate) fn decode(inputs: &[OsString], decoding: Decoding, as_json: bool) -> Outcome {
    per_input(inputs, |out, input| {
        write_converted(out, input, decoding.apply(input), as_json)
    })
}

/// `urikit resolve`: the target URI of each reference against `base`, one
/// per line, or as JSON lines.
pub(crate) fn resolve(
    inputs: &[OsString],
    base: Base<'_>,
    non_strict: bool,
    spec: OutputSpec,
    as_json: bool,
) -> Outcome {
    let mut resolution = Resolution::new(base, non_strict);
    let shown_base = shown_base(base);
    per_input(inputs, |out, input| {
        let id = json::Id::base_ref(&shown_base, input);
        let target = resolution.apply(input).map(|t| spec.apply(t));
        let target = target.as_deref().map_err(|p| *p);
        write_result(out, input, id, target, json::TargetFields::new, as_json)
    })
}

/// The spec of a result (`--to-uri`): as it comes (an IRI for an IRI), or
/// mapped to a URI (RFC 3987 §3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OutputSpec {
    /// The spec of the input: an IRI in, an IRI out.
    AsInput,
    /// Always a URI (`--to-uri`).
    Uri,
}

impl OutputSpec {
    /// `--to-uri` or not.
    pub(crate) fn new(to_uri: bool) -> Self {
        if to_uri {
            OutputSpec::Uri
        } else {
            OutputSpec::AsInput
        }
    }

    /// `text`, a result, in this spec.
    pub(crate) fn apply(self, text: &str) -> Cow<'_, str> {
        match self {
            OutputSpec::AsInput => Cow::Borrowed(text),
            OutputSpec::Uri => crate::resolution::uri_form(text),
        }
    }
}

/// The base as JSON lines show it: its password `***` unless
/// `--show-password`, since it would be repeated on every line.
fn shown_base(base: Base<'_>) -> Cow<'_, str> {
    redact::shown(base.as_str())
}

/// `urikit relativize`: the reference of the form `form` from `base` to each
/// target, one per line, or as JSON lines.
pub(crate) fn relativize(
    inputs: &[OsString],
    base: Base<'_>,
    form: FormName,
    spec: OutputSpec,
    as_json: bool,
) -> Outcome {
    let relativization = Relativization::new(base, form);
    let shown_base = shown_base(base);
    per_input(inputs, |out, input| {
        let id = json::Id::base_target(&shown_base, input);
        let answer = relativization.apply(input);
        let shown = answer.as_ref().map(|(r, _)| spec.apply(r));
        let reference = shown.as_deref().map_err(|p| **p);
        let relative = answer.as_ref().is_ok_and(|(_, relative)| *relative);
        let fields = |reference| json::RefFields::new(reference, relative);
        write_result(out, input, id, reference, fields, as_json)
    })
}

/// `urikit normalize`: the syntax-based normal form of each input, one per
/// line, or as JSON lines; with `schemes`, then the scheme-based normal
/// form of each URI.
pub(crate) fn normalize(
    inputs: &[OsString],
    schemes: bool,
    spec: OutputSpec,
    as_json: bool,
) -> Outcome {
    let mut normalization = if schemes {
        Normalization::with_schemes()
    } else {
        Normalization::syntax()
    };
    per_input(inputs, |out, input| {
        let normalized = normalization.apply(input).map(|n| spec.apply(n));
        let normalized = normalized.as_deref().map_err(|p| *p);
        write_result(
            out,
            input,
            json::Id::input(input),
            normalized,
            json::NormalizedFields::new,
            as_json,
        )
    })
}

/// `urikit to-uri`: the URI reference each IRI reference maps to (RFC 3987
/// §3.1), one per line, or as JSON lines; with `idna`, a registered name
/// that is not ASCII mapped to `xn--` labels.
pub(crate) fn to_uri(inputs: &[OsString], idna: bool, as_json: bool) -> Outcome {
    let to_uri = ToUri::new(idna);
    per_input(inputs, |out, input| {
        let uri = to_uri.apply(input);
        write_uri(out, input, uri.as_ref().map(|u| u.as_str()), as_json)
    })
}

/// `urikit to-iri`: the IRI reference each URI reference maps to (RFC 3987
/// §3.2), one per line, or as JSON lines; with `idna`, `xn--` labels of a
/// registered name in Unicode; with `shown`, the form to show people
/// instead (`uri_iri::display`). Either way, why that form would keep
/// parts encoded is warned about (standard error, and `warnings` in JSON).
pub(crate) fn to_iri(inputs: &[OsString], idna: bool, shown: bool, as_json: bool) -> Outcome {
    let to_iri = ToIri::new(idna);
    per_input(inputs, |out, input| {
        let iri = to_iri.apply(input);
        let warnings = iri
            .as_ref()
            .map(|i| explain::warnings(&i.as_ref()))
            .unwrap_or_default();
        let text = iri.as_ref().map(|i| {
            if shown {
                Cow::Owned(urikit::iri::display(i.as_ref()).to_string())
            } else {
                Cow::Borrowed(i.as_str())
            }
        });
        let text = text.as_deref().map_err(|p| **p);
        let fields = |iri| json::IriFields::new(iri, &warnings);
        let valid = write_result(out, input, json::Id::input(input), text, fields, as_json)?;
        if !as_json {
            warn(out, &warnings)?;
        }
        Ok(valid)
    })
}

/// Prints `warnings` on standard error, one `warning:` line each, after
/// flushing `out` so that they follow the output they are about. A
/// warning that cannot be written (standard error closed) is dropped.
fn warn(out: &mut impl Write, warnings: &[urikit::iri::DisplayWarning]) -> io::Result<()> {
    if warnings.is_empty() {
        return Ok(());
    }
    out.flush()?;
    let color = settings::get().color_stderr;
    let mut text = String::new();
    for w in warnings {
        let head = crate::settings::paint("warning:", crate::settings::style::ERROR, color);
        text.push_str(&format!("{head} {w}\n"));
    }
    let _ = io::stderr().lock().write_all(text.as_bytes());
    Ok(())
}

/// `urikit scheme`: each URI checked against its scheme's rules and looked
/// up in the IANA registry, as a table or as JSON lines. An input is valid
/// when it is a URI with no error-severity violation.
pub(crate) fn scheme(inputs: &[OsString], as_json: bool) -> Outcome {
    let registry = Registry::standard();
    let mut blocks = Blocks::default();
    per_input(inputs, |out, input| {
        // An IRI is checked as the URI it maps to (RFC 3987 §3.1), its
        // host name as DNS knows it (`xn--`); its passwords hidden first
        // (unless `--show-password`), since a look-alike colon the rule
        // reads in the IRI is no `:` once encoded, and the table and its
        // carets show that URI.
        let mapped = if input.is_iri() && !settings::get().show_password {
            match input.text().map(redact::shown) {
                // (Masked, it may be ASCII: a URI as it is.)
                Ok(Cow::Owned(masked)) => Input::new(masked.as_bytes())
                    .mapped_uri_idna()
                    .map(|m| m.unwrap_or_else(|| masked.clone())),
                _ => input.mapped_uri_idna().map(|m| m.unwrap_or_default()),
            }
            .map(Some)
        } else {
            input.mapped_uri_idna()
        };
        let checked = match &mapped {
            Ok(Some(uri)) => scheme::check(&registry, Input::new(uri.as_bytes())),
            Ok(None) => scheme::check(&registry, input),
            Err(problem) => Err(*problem),
        };
        // The fields as shown: of the URI with its passwords hidden, when
        // that differs (the violations are the URI's own).
        let masked = checked.as_ref().map(|c| redact::shown(c.as_str()));
        let shown = match &masked {
            Ok(Cow::Owned(text)) => scheme::check(&registry, Input::new(text.as_bytes())).ok(),
            _ => None,
        };
        match (&checked, as_json) {
            (Ok(c), true) => json::write_line(out, &c.line(shown.as_ref()))?,
            (Err(problem), true) => {
                json::write_line(out, &scheme::NotUriLine::new(input, problem))?;
            }
            (Ok(c), false) => {
                blocks.start(out)?;
                c.write_table(out, shown.as_ref())?;
            }
            (Err(problem), false) => diagnose(out, input, problem)?,
        }
        Ok(checked.is_ok_and(|c| c.is_valid()))
    })
}

/// `urikit equivalent`: whether the references of each pair are
/// equivalent (RFC 3986 §6), `true (RUNG)` or `false` per line, or as JSON
/// lines. The pair is `pair`, or with `None` each line of standard input,
/// split at its first tab.
pub(crate) fn equivalent(pair: Option<(&OsString, &OsString)>, as_json: bool) -> Outcome {
    let registry = Registry::standard();
    let each = |out: &mut BufWriter<StdoutLock<'static>>, pair: Pair<'_>| {
        let compared = pair.compare(&registry);
        match (compared, as_json) {
            (Ok(rung), true) => {
                json::write_line(out, &EquivalentLine::new(pair, rung.is_some()))?;
            }
            (Err((side, problem)), true) => {
                json::write_line(out, &NotComparedLine::new(pair, side, &problem))?;
            }
            (Ok(Some(rung)), false) => writeln!(out, "true ({})", rung.as_str())?,
            (Ok(None), false) => writeln!(out, "false")?,
            (Err((side, problem)), false) => {
                let input = match (side, pair.b) {
                    (Side::B, Some(b)) => b,
                    _ => pair.a,
                };
                write_caret(out, input, &problem)?;
            }
        }
        Ok(compared.is_ok())
    };
    match pair {
        Some((a, b)) => {
            let pair = Pair {
                a: Input::new(a.as_encoded_bytes()),
                b: Some(Input::new(b.as_encoded_bytes())),
            };
            let mut out = stdout();
            let mut invalid = false;
            let result = each(&mut out, pair).and_then(|valid| {
                invalid = !valid;
                out.flush()
            });
            Outcome { invalid, result }
        }
        None => per_input(&[], |out, line| each(out, Pair::from_line(line))),
    }
}

/// What `edit` does for an input without a scheme: warn when it reads
/// otherwise than it may look, or give it a scheme.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SchemeGuess {
    /// Read it by RFC 3986, and warn when it looks like `host:port` or
    /// begins with a dotted host name.
    Warn,
    /// `--guess-scheme`: `ftp` for a host that begins with `ftp.`, else
    /// `http`.
    Guess,
    /// `--default-scheme SCHEME`.
    Given(String),
}

/// How `edit` prints its outputs.
#[derive(Debug)]
pub(crate) struct EditOutput {
    /// `--json`.
    pub(crate) json: bool,
    /// `--to-uri`.
    pub(crate) spec: OutputSpec,
    /// `--default-scheme`, `--guess-scheme`, or neither.
    pub(crate) scheme: SchemeGuess,
}

/// `urikit edit`: each input edited, one line per output (several with
/// `--iterate`), or one JSON line per output with `--json`; for an input
/// that is not a URI or IRI reference, or whose edited reference is not
/// one, as many empty lines and a diagnostic; for a strict placeholder of
/// an absent component, an empty line and an error.
pub(crate) fn edit(inputs: &[OsString], edit: &Edit, how: &EditOutput) -> Outcome {
    let registry = Registry::standard();
    per_input(inputs, |out, input| {
        let prefixed = match &how.scheme {
            SchemeGuess::Warn => {
                if let Some(warning) = crate::guess::warning(input.bytes()) {
                    out.flush()?;
                    let head = settings::paint(
                        "warning:",
                        settings::style::ERROR,
                        settings::get().color_stderr,
                    );
                    eprintln!("{head} {warning}");
                }
                None
            }
            SchemeGuess::Guess => crate::guess::with_scheme(input.bytes(), None),
            SchemeGuess::Given(scheme) => crate::guess::with_scheme(input.bytes(), Some(scheme)),
        };
        let input = prefixed.as_deref().map_or(input, Input::new);
        let outputs = if input.is_iri() {
            input
                .parse_iri()
                .and_then(|r| edit.outputs(r, &registry).map_err(Problem::Build))
        } else {
            input
                .parse()
                .and_then(|r| edit.outputs(r, &registry).map_err(Problem::Build))
        };
        match outputs {
            Ok(outputs) => {
                let mut valid = true;
                for output in outputs {
                    match output {
                        Ok(text) if how.json => {
                            let text = how.spec.apply(&text);
                            json::write_line(
                                out,
                                &json::EditLine::new(input, &text, edit.separator),
                            )?;
                        }
                        Ok(text) => writeln!(out, "{}", how.spec.apply(&text))?,
                        Err(missing) => {
                            valid = false;
                            writeln!(out)?;
                            out.flush()?;
                            let head = settings::paint(
                                "error:",
                                settings::style::ERROR,
                                settings::get().color_stderr,
                            );
                            eprintln!(
                                "{head} `{}`: the component is absent (strict, with `--strict-get` or `must:`)",
                                missing.placeholder
                            );
                        }
                    }
                }
                Ok(valid)
            }
            Err(problem) if how.json => {
                json::write_line(out, &json::Invalid::new(input, &problem))?;
                Ok(false)
            }
            Err(problem) => {
                for _ in 1..edit.outputs_per_input() {
                    writeln!(out)?;
                }
                write_caret(out, input, &problem)?;
                Ok(false)
            }
        }
    })
}

/// `urikit curie`: the IRI of each CURIE, or with `compress` the CURIE of
/// each IRI, one per line, or as JSON lines.
pub(crate) fn curie(
    inputs: &[OsString],
    map: &urikit::iri::CurieMap,
    compress: bool,
    as_json: bool,
) -> Outcome {
    per_input(inputs, |out, input| {
        let answer = crate::curie::apply(map, input, compress);
        let compressed = answer.as_ref().is_ok_and(|(_, c)| *c);
        let text = answer.as_ref().map(|(t, _)| t.as_str()).map_err(|p| *p);
        let fields = |t| crate::curie::CurieFields::new(t, compressed);
        write_result(out, input, json::Id::input(input), text, fields, as_json)
    })
}

/// `urikit file-path`: the path of `os` each file URI names, one per line,
/// or as JSON lines.
pub(crate) fn file_path(inputs: &[OsString], os: OsName, as_json: bool) -> Outcome {
    let file_path = FilePath::new(os);
    per_input(inputs, |out, input| {
        let path = file_path.apply(input);
        write_result(
            out,
            input,
            json::Id::input(input),
            path.as_deref().map_err(|p| *p),
            json::PathFields::new,
            as_json,
        )
    })
}

/// `urikit file-uri`: the file URI of each path of `os`, one per line, or
/// as JSON lines.
pub(crate) fn file_uri(inputs: &[OsString], os: OsName, as_json: bool) -> Outcome {
    let file_uri = FileUri::new(os);
    per_input(inputs, |out, input| {
        let uri = file_uri.apply(input);
        write_uri(out, input, uri.as_ref().map(|u| u.as_str()), as_json)
    })
}

/// Writes what `encode` or `decode` made of `input`; see [`write_result`].
fn write_converted(
    out: &mut impl Write,
    input: Input<'_>,
    converted: Result<Cow<'_, str>, Problem>,
    as_json: bool,
) -> io::Result<bool> {
    write_result(
        out,
        input,
        json::Id::input(input),
        converted.as_deref().map_err(|p| *p),
        json::ConvertedFields::new,
        as_json,
    )
}

/// Writes the result of a subcommand that makes one text of each input: the
/// output alone on its line, or the caret error under `input`; with
/// `as_json`, the JSON line, with `id`, then `valid`, then `fields(output)`
/// or the error. Returns whether there was an output.
fn write_result<'o, F: Serialize>(
    out: &mut impl Write,
    input: Input<'_>,
    id: json::Id<'_>,
    result: Result<&'o str, Problem>,
    fields: impl FnOnce(&'o str) -> F,
    as_json: bool,
) -> io::Result<bool> {
    match (result, as_json) {
        (Ok(output), true) => json::write_line(out, &json::Valid::with_id(id, fields(output)))?,
        (Err(problem), true) => json::write_line(out, &json::Invalid::with_id(id, &problem))?,
        (Ok(output), false) => writeln!(out, "{output}")?,
        (Err(problem), false) => write_caret(out, input, &problem)?,
    }
    Ok(result.is_ok())
}

/// [`write_result`] of a subcommand whose result is a URI (`to-uri`,
/// `file-uri`): the URI, or the problem.
fn write_uri(
    out: &mut impl Write,
    input: Input<'_>,
    uri: Result<&str, &Problem>,
    as_json: bool,
) -> io::Result<bool> {
    let uri = uri.map_err(|p| *p);
    write_result(
        out,
        input,
        json::Id::input(input),
        uri,
        json::UriFields::new,
        as_json,
    )
}

/// Runs `each` on every input, writing to standard output. `each` returns
/// whether the input was valid.
fn per_input(
    inputs: &[OsString],
    mut each: impl FnMut(&mut BufWriter<StdoutLock<'static>>, Input<'_>) -> io::Result<bool>,
) -> Outcome {
    let mut out = stdout();
    let mut invalid = false;
    let result = input::for_each(inputs, &mut out, |out, input| {
        invalid |= !each(out, input)?;
        Ok(())
    })
    .and_then(|()| out.flush());
    Outcome { invalid, result }
}

/// Reports `problem` in `input` on standard error: its caret error, the
/// input's password hidden unless `--show-password`, in colour when
/// standard error takes it. `out` is flushed first, so that results and
/// diagnostics keep the input order where both streams meet (a terminal,
/// `2>&1` into a CI log).
///
/// A diagnostic that cannot be written (standard error closed) is dropped:
/// it never stops the results.
pub(crate) fn diagnose(
    out: &mut impl Write,
    input: Input<'_>,
    problem: &Problem,
) -> io::Result<()> {
    let settings = settings::get();
    out.flush()?;
    let mut text = problem.caret(input.bytes()).painted(settings.color_stderr);
    text.push('\n');
    if !settings.trim && !input.is_cut() && parses_trimmed(input) {
        text.push_str("  note: it parses trimmed of its surrounding blanks, `<>` or quotes: give `--trim` (RFC 3986 Appendix C)\n");
    }
    let _ = io::stderr().lock().write_all(text.as_bytes());
    Ok(())
}

/// Whether `input` would parse as a URI or IRI reference once trimmed as
/// `--trim` trims it, and differs from that.
fn parses_trimmed(input: Input<'_>) -> bool {
    let trimmed = input::trimmed(input.bytes());
    if trimmed.len() == input.bytes().len() || trimmed.is_empty() {
        return false;
    }
    let trimmed = Input::new(trimmed);
    if trimmed.is_iri() {
        trimmed.parse_iri().is_ok()
    } else {
        trimmed.parse().is_ok()
    }
}

/// The plain output of an invalid input: an empty line on standard output,
/// so that output lines stay aligned with input lines, and the caret error
/// on standard error ([`diagnose`]).
fn write_caret(out: &mut impl Write, input: Input<'_>, problem: &Problem) -> io::Result<()> {
    writeln!(out)?;
    diagnose(out, input, problem)
}

/// Separates the blocks of human-readable output with blank lines.
#[derive(Debug, Default)]
struct Blocks {
    started: bool,
}

impl Blocks {
    /// Writes a blank line unless this is the first block.
    fn start(&mut self, out: &mut impl Write) -> io::Result<()> {
        if std::mem::replace(&mut self.started, true) {
            writeln!(out)
        } else {
            Ok(())
        }
    }
}
