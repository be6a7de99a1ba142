//! `urikit lint`: where two parsers would read a URL differently (RFC 3986
//! and the WHATWG URL Standard), and the other traps of `uri-lint`, for
//! people (caret diagnostics, as `check` prints them), for scripts (JSON
//! lines) and for code-scanning tools (SARIF 2.1.0).
//!
//! Inputs are the arguments, the lines of `--file` files, or the lines of
//! standard input when there is neither. Every finding names its kind,
//! severity, byte and section; the exit status is 1 when a finding is at
//! least as severe as `--deny` (default `error`), so a CI job can choose
//! what fails it. Inputs are echoed with their passwords hidden, always:
//! the findings and readings are about where a request goes, which never
//! needs one.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;

use urikit::Caret;
use urikit::lint::{Finding, Lint, Located, Severity, sarif, to_json_line};

use crate::Outcome;
use crate::input::{LineReader, STDIN_ARG};
use crate::settings::{self, paint, style};

/// How the findings are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    /// Caret diagnostics and a summary.
    Human,
    /// One JSON object per finding.
    Json,
    /// One SARIF 2.1.0 log at the end.
    Sarif,
}

/// What `urikit lint` was asked.
#[derive(Debug)]
pub(crate) struct Request {
    /// URLs given as arguments.
    pub(crate) inputs: Vec<OsString>,
    /// Files of URLs, one per line (`-` for standard input).
    pub(crate) files: Vec<PathBuf>,
    /// How to write the findings.
    pub(crate) format: Format,
    /// The least severity that makes the exit status 1.
    pub(crate) deny: Severity,
    /// The kinds (or scheme rules) not to report.
    pub(crate) allow: Vec<String>,
    /// Whether a relative reference is expected (no `RelativeReference`).
    pub(crate) allow_relative: bool,
}

/// One input with where it came from.
struct Source<'a> {
    artifact: &'a str,
    line: usize,
    text: &'a str,
}

/// The state of a run: the lint, the counts, the findings kept for SARIF.
struct Run {
    lint: Lint,
    format: Format,
    deny: Severity,
    inputs: usize,
    counts: [usize; 3],
    denied: bool,
    /// For SARIF: (artifact, line, input, finding), written at the end.
    kept: Vec<(String, usize, String, Finding)>,
}

impl Run {
    /// Lints one input and writes its findings.
    fn one(&mut self, out: &mut impl Write, source: &Source<'_>) -> io::Result<()> {
        self.inputs += 1;
        for finding in self.lint.check(source.text) {
            self.count(finding.severity());
            match self.format {
                Format::Human => write_human(out, source, &finding)?,
                Format::Json => {
                    let located = Located::new(source.artifact, source.line, source.text, &finding);
                    writeln!(out, "{}", to_json_line(&located))?;
                }
                Format::Sarif => self.kept.push((
                    source.artifact.to_owned(),
                    source.line,
                    source.text.to_owned(),
                    finding,
                )),
            }
        }
        Ok(())
    }

    /// Counts a finding of `severity`.
    fn count(&mut self, severity: Severity) {
        let slot = Severity::ALL
            .iter()
            .position(|&s| s == severity)
            .unwrap_or(2);
        self.counts[slot] += 1;
        self.denied |= severity >= self.deny;
    }

    /// A line that could not be read as a URL (not UTF-8, or longer than
    /// `--max-line-bytes`): an error, reported as `check` reports one.
    fn unreadable(
        &mut self,
        out: &mut impl Write,
        artifact: &str,
        line: usize,
        problem: &crate::problem::Problem,
        bytes: &[u8],
    ) -> io::Result<()> {
        self.inputs += 1;
        self.count(Severity::Error);
        if self.format == Format::Human {
            let color = settings::get().color_stdout;
            let location = format!("{artifact}:{line}:{}:", problem.index() + 1);
            writeln!(
                out,
                "{} {}",
                paint(&location, style::BOLD, color),
                problem.caret(bytes).painted(color)
            )?;
        }
        Ok(())
    }
}

/// `{artifact}:{line}:{column}: {severity}[{kind}]: {message} ({section})`,
/// then the input drawn with a caret under the byte (passwords hidden).
fn write_human(out: &mut impl Write, source: &Source<'_>, finding: &Finding) -> io::Result<()> {
    let color = settings::get().color_stdout;
    let location = format!(
        "{}:{}:{}:",
        source.artifact,
        source.line,
        finding.index() + 1
    );
    let head = format!("{}[{}]:", finding.severity().as_str(), finding.name());
    let style = if finding.severity() == Severity::Error {
        style::ERROR
    } else {
        style::BOLD
    };
    writeln!(
        out,
        "{} {} {} ({})",
        paint(&location, style::BOLD, color),
        paint(&head, style, color),
        finding.message(),
        finding.section()
    )?;
    let caret = Caret::new("", finding.index(), source.text.as_bytes()).to_string();
    let drawing = caret.split_once('\n').map_or("", |(_, rest)| rest);
    writeln!(out, "{drawing}")
}

/// Runs `urikit lint`.
pub(crate) fn run(request: Request) -> Outcome {
    let mut lint = Lint::new().allow_relative(request.allow_relative);
    for kind in &request.allow {
        lint = lint.allow(kind);
    }
    let mut run = Run {
        lint,
        format: request.format,
        deny: request.deny,
        inputs: 0,
        counts: [0; 3],
        denied: false,
        kept: Vec::new(),
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let result = lint_all(&request, &mut run, &mut out).and_then(|()| finish(&run, &mut out));
    Outcome {
        invalid: run.denied,
        result: result.and_then(|()| out.flush()),
    }
}

/// Lints the arguments, then the files (standard input when neither).
fn lint_all(request: &Request, run: &mut Run, out: &mut impl Write) -> io::Result<()> {
    for (k, arg) in request.inputs.iter().enumerate() {
        let bytes = arg.as_encoded_bytes();
        match std::str::from_utf8(bytes) {
            Ok(text) => run.one(
                out,
                &Source {
                    artifact: "<arguments>",
                    line: k + 1,
                    text,
                },
            )?,
            Err(e) => {
                let problem = crate::problem::Problem::InvalidUtf8 {
                    index: e.valid_up_to(),
                };
                run.unreadable(out, "<arguments>", k + 1, &problem, bytes)?;
            }
        }
    }
    let stdin = [PathBuf::from(STDIN_ARG)];
    let files = match (&request.files[..], request.inputs.is_empty()) {
        ([], true) => &stdin[..],
        (files, _) => files,
    };
    for file in files {
        if file.as_os_str() == STDIN_ARG {
            lint_lines(run, out, "<stdin>", BufReader::new(io::stdin().lock()))?;
        } else {
            let name = file.display().to_string();
            let reader =
                File::open(file).map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
            lint_lines(run, out, &name, BufReader::new(reader))?;
        }
    }
    Ok(())
}

/// Lints each line of `reader`.
fn lint_lines(
    run: &mut Run,
    out: &mut impl Write,
    artifact: &str,
    reader: impl BufRead,
) -> io::Result<()> {
    let max = settings::get().max_line_bytes;
    let mut lines = LineReader::new(reader, max);
    let mut number = 0;
    while let Some(line) = lines.next_line()? {
        number += 1;
        let input = line.input(max);
        // An over-long line's text is `LineTooLong`, as one not UTF-8 is
        // `InvalidUtf8`.
        match input.text() {
            Ok(text) => run.one(
                out,
                &Source {
                    artifact,
                    line: number,
                    text,
                },
            )?,
            Err(problem) => run.unreadable(out, artifact, number, &problem, input.bytes())?,
        }
    }
    Ok(())
}

/// The summary (human), or the SARIF log.
fn finish(run: &Run, out: &mut impl Write) -> io::Result<()> {
    match run.format {
        Format::Json => Ok(()),
        Format::Sarif => {
            let located = run.kept.iter().map(|(artifact, line, input, finding)| {
                Located::new(artifact, *line, input, finding)
            });
            let log = sarif::to_sarif(located);
            writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&log).unwrap_or_default()
            )
        }
        Format::Human => {
            let [notes, warnings, errors] = run.counts;
            let total = notes + warnings + errors;
            if total > 0 {
                writeln!(out)?;
            }
            writeln!(
                out,
                "{} input{}, {total} finding{}: {errors} error{}, {warnings} warning{}, {notes} note{}",
                run.inputs,
                plural(run.inputs),
                plural(total),
                plural(errors),
                plural(warnings),
                plural(notes)
            )
        }
    }
}

/// `"s"` unless `n` is 1.
fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
