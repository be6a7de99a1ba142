//! `urikit check`: validate files of URI references, one per line, at
//! constant memory, then summarize. A line that is not ASCII is read as an
//! IRI reference (RFC 3987), unless `--uri-only`: a valid one is noted as
//! such (`note:`, or a JSON line with `"iri": true`) and counted apart in
//! the summary.
//!
//! Each invalid line is printed as `{file}:{line}:{column}: ` and its caret
//! error (the column counts bytes from 1), the form editors jump to; or,
//! with `--json`, as one JSON object, and the summary as a last one. The
//! summary gives the number of lines, of valid and invalid ones, and the
//! invalid ones by error kind, most frequent first. Lines are read into one
//! reused buffer and nothing else is allocated per valid line.
//!
//! A progress bar is drawn on standard error only when the run has lasted
//! [`PROGRESS_AFTER`] and is not nearly done, standard error is a terminal
//! whose `TERM` is not `dumb`, and neither `--no-progress` nor `--quiet`
//! was given.

use std::fs::File;
use std::io::{self, BufReader, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::Outcome;
use crate::input::{LineReader, STDIN_ARG};
use crate::settings::{self, paint, style};

/// How long a run goes before it gets a progress bar.
const PROGRESS_AFTER: Duration = Duration::from_millis(750);

/// How many bytes are read between two looks at the clock or the bar.
const PROGRESS_STEP: u64 = 256 * 1024;

/// How much of the file is read at a time.
const READ_CAPACITY: usize = 256 * 1024;

/// How much output is buffered before it is written.
const WRITE_CAPACITY: usize = 64 * 1024;

/// The name standard input goes by in messages.
const STDIN_NAME: &str = "<stdin>";

/// How `check` reports.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Report {
    /// JSON lines instead of text.
    pub(crate) json: bool,
    /// Nothing but the exit status.
    pub(crate) quiet: bool,
    /// A progress bar may be drawn.
    pub(crate) progress: bool,
}

/// Checks `files` in order (standard input when there are none, and for
/// `-`).
pub(crate) fn run(files: &[PathBuf], report: Report) -> Outcome {
    let mut tally = Tally::default();
    let result = check(files, report, &mut tally);
    Outcome {
        invalid: tally.invalid > 0,
        result,
    }
}

/// One source of lines: its name in messages and its reader.
struct Source {
    name: String,
    reader: Box<dyn Read>,
}

/// Opens `file`, standard input for `-`.
fn open(file: &Path) -> io::Result<Source> {
    if file.as_os_str() == STDIN_ARG {
        return Ok(Source {
            name: STDIN_NAME.to_owned(),
            reader: Box::new(io::stdin().lock()),
        });
    }
    let name = file.display().to_string();
    let reader = File::open(file).map_err(|e| naming(e, &name))?;
    Ok(Source {
        name,
        reader: Box::new(reader),
    })
}

/// The total size of the regular files among `files`: the bar's length.
fn total_size(files: &[PathBuf]) -> u64 {
    files
        .iter()
        .filter(|f| f.as_os_str() != STDIN_ARG)
        .filter_map(|f| std::fs::metadata(f).ok())
        .filter(|m| m.is_file())
        .map(|m| m.len())
        .sum()
}

/// Whether a progress bar may be drawn at all.
fn progress_allowed(report: Report) -> bool {
    report.progress
        && !report.quiet
        && io::stderr().is_terminal()
        && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
}

/// Checks every line of every file, printing the invalid ones and the
/// summary.
fn check(files: &[PathBuf], report: Report, tally: &mut Tally) -> io::Result<()> {
    let stdin = [PathBuf::from(STDIN_ARG)];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let size = total_size(files);
    let mut bar = Bar {
        allowed: progress_allowed(report),
        started: Instant::now(),
        size,
        done: 0,
        bar: None,
    };
    let mut out = io::BufWriter::with_capacity(
        WRITE_CAPACITY,
        BarAware {
            inner: io::stdout().lock(),
            bar: None,
        },
    );
    let color = settings::get().color_stdout;
    for file in files {
        let source = open(file)?;
        let name = source.name;
        let max = settings::get().max_line_bytes;
        let mut lines =
            LineReader::new(BufReader::with_capacity(READ_CAPACITY, source.reader), max);
        let mut number = 0u64;
        let mut next_look = PROGRESS_STEP;
        while let Some(line) = lines.next_line().map_err(|e| naming(e, &name))? {
            number += 1;
            tally.lines += 1;
            let input = line.input(max);
            // A line that is not ASCII is read as an IRI reference (RFC
            // 3987), unless `--uri-only`: valid, and noted as an IRI.
            let parsed = if input.is_iri() {
                input.parse_iri().map(|_| true)
            } else {
                input.parse().map(|_| false)
            };
            if parsed == Ok(true) {
                tally.iri += 1;
                let index = input
                    .bytes()
                    .iter()
                    .position(|b| !b.is_ascii())
                    .unwrap_or(0);
                if report.json {
                    crate::json::write_line(
                        &mut out,
                        &IriLine {
                            file: &name,
                            line: number,
                            column: index + 1,
                            input: &crate::json::echo(input),
                            valid: true,
                            iri: true,
                            index,
                            message: IRI_NOTE,
                        },
                    )?;
                } else if !report.quiet {
                    let location = format!("{name}:{number}:{}:", index + 1);
                    writeln!(
                        out,
                        "{} note: {IRI_NOTE}",
                        paint(&location, style::BOLD, color),
                    )?;
                }
            }
            if let Err(problem) = parsed {
                tally.record(problem.kind_name());
                if report.json {
                    crate::json::write_line(
                        &mut out,
                        &InvalidLine {
                            file: &name,
                            line: number,
                            column: problem.index() + 1,
                            input: &crate::json::echo(input),
                            kind: problem.kind_name(),
                            index: problem.index(),
                            message: &problem.message(),
                        },
                    )?;
                } else if !report.quiet {
                    let location = format!("{name}:{number}:{}:", problem.index() + 1);
                    writeln!(
                        out,
                        "{} {}",
                        paint(&location, style::BOLD, color),
                        problem.caret(input.bytes()).painted(color)
                    )?;
                }
            }
            if lines.bytes_read() >= next_look {
                next_look = lines.bytes_read() + PROGRESS_STEP;
                if let Some(new) = bar.tick(bar.done + lines.bytes_read()) {
                    out.get_mut().bar = Some(new);
                }
            }
        }
        bar.done += lines.bytes_read();
    }
    bar.finish();
    if report.json {
        crate::json::write_line(&mut out, &tally.summary())?;
    } else if !report.quiet {
        if tally.invalid > 0 {
            writeln!(out)?;
        }
        tally.write_summary(&mut out, color)?;
    }
    out.flush()
}

/// The progress bar, drawn once the run has lasted [`PROGRESS_AFTER`].
struct Bar {
    allowed: bool,
    started: Instant,
    size: u64,
    done: u64,
    bar: Option<ProgressBar>,
}

impl Bar {
    /// Moves the bar to `position` bytes; returns the bar when it has just
    /// been drawn for the first time, so output can hide it while writing.
    fn tick(&mut self, position: u64) -> Option<ProgressBar> {
        if let Some(bar) = &self.bar {
            bar.set_position(position);
            return None;
        }
        let elapsed = self.started.elapsed();
        // Nearly done (by the rate so far): no bar to flash.
        let nearly_done = self.size > 0 && position * 10 >= self.size * 9;
        if !self.allowed || elapsed < PROGRESS_AFTER || nearly_done {
            return None;
        }
        let bar = progress_bar(self.size);
        bar.set_position(position);
        self.bar = Some(bar.clone());
        Some(bar)
    }

    /// Removes the bar, if drawn.
    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The JSON line of an invalid line of `check --json`.
#[derive(Debug, Serialize)]
struct InvalidLine<'a> {
    /// The file's name, `<stdin>` for standard input.
    file: &'a str,
    /// The line number, from 1.
    line: u64,
    /// The byte column of the problem, from 1.
    column: usize,
    /// The line, bad UTF-8 sequences shown as U+FFFD.
    input: &'a str,
    /// The kind's name, as in the `error` object of `parse --json`.
    kind: &'static str,
    /// The byte offset of the problem in the line.
    index: usize,
    /// What is wrong, without the position.
    message: &'a str,
}

/// What `check` says of a line that is a valid IRI reference but no URI
/// reference.
const IRI_NOTE: &str =
    "valid IRI reference (RFC 3987), not a URI reference: map it with `urikit to-uri`";

/// A line of `check --json` for a line that is a valid IRI reference (RFC
/// 3987) but no URI reference.
#[derive(Debug, Serialize)]
struct IriLine<'a> {
    /// The file's name, `<stdin>` for standard input.
    file: &'a str,
    /// The line number, from 1.
    line: u64,
    /// The byte column of the first character that is not ASCII, from 1.
    column: usize,
    /// The line, its password hidden.
    input: &'a str,
    /// Always `true`: the line is valid.
    valid: bool,
    /// Always `true`: as an IRI reference.
    iri: bool,
    /// The byte offset of the first character that is not ASCII.
    index: usize,
    /// What the line is.
    message: &'a str,
}

/// `error`, its message prefixed with the name of the file it happened on.
fn naming(error: io::Error, name: &str) -> io::Error {
    io::Error::new(error.kind(), format!("{name}: {error}"))
}

/// A progress bar over `size` bytes (a spinner when the size is not
/// known), on standard error.
fn progress_bar(size: u64) -> ProgressBar {
    let (bar, template) = if size > 0 {
        (
            ProgressBar::new(size),
            "{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}",
        )
    } else {
        (
            ProgressBar::new_spinner(),
            "{spinner} {bytes} {bytes_per_sec}",
        )
    };
    let style =
        ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar());
    let bar = bar.with_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A writer that hides the progress bar while it writes, so that output
/// and bar never mix on one terminal. Behind a `BufWriter`, it is called
/// once per buffer, not once per line.
struct BarAware<W> {
    inner: W,
    bar: Option<ProgressBar>,
}

impl<W: Write> Write for BarAware<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &self.bar {
            Some(bar) => bar.suspend(|| self.inner.write(buf)),
            None => self.inner.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &self.bar {
            Some(bar) => bar.suspend(|| self.inner.flush()),
            None => self.inner.flush(),
        }
    }
}

/// Counts of lines, invalid lines, and invalid lines by kind.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    /// Lines read.
    lines: u64,
    /// Invalid lines.
    invalid: u64,
    /// Valid lines that are IRI references, not URI references.
    iri: u64,
    /// Invalid lines by kind name, in order of first appearance.
    by_kind: Vec<(&'static str, u64)>,
}

impl Tally {
    /// Counts one invalid line of kind `kind`.
    fn record(&mut self, kind: &'static str) {
        self.invalid += 1;
        match self.by_kind.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, count)) => *count += 1,
            None => self.by_kind.push((kind, 1)),
        }
    }

    /// The invalid lines by kind, by count descending, then name.
    fn sorted_kinds(&self) -> Vec<(&'static str, u64)> {
        let mut by_kind = self.by_kind.clone();
        by_kind.sort_by(|(a, m), (b, n)| n.cmp(m).then(a.cmp(b)));
        by_kind
    }

    /// Writes the summary: `lines`, `valid`, `invalid`, then one indented
    /// line per error kind, by count descending, then name; the headings
    /// in bold when `color`.
    fn write_summary(&self, out: &mut impl Write, color: bool) -> io::Result<()> {
        let heading = |name: &str| paint(name, style::BOLD, color);
        writeln!(out, "{} {}", heading("lines:"), self.lines)?;
        writeln!(out, "{} {}", heading("valid:"), self.lines - self.invalid)?;
        if self.iri > 0 {
            writeln!(out, "  {} {}", heading("of which IRIs:"), self.iri)?;
        }
        writeln!(out, "{} {}", heading("invalid:"), self.invalid)?;
        for (kind, count) in self.sorted_kinds() {
            writeln!(out, "  {kind}: {count}")?;
        }
        Ok(())
    }

    /// The summary object of `check --json`.
    fn summary(&self) -> Summary {
        Summary {
            summary: true,
            lines: self.lines,
            valid: self.lines - self.invalid,
            iri: self.iri,
            invalid: self.invalid,
            by_kind: self
                .sorted_kinds()
                .into_iter()
                .map(|(kind, count)| KindCount { kind, count })
                .collect(),
        }
    }
}

/// The last line of `check --json`.
#[derive(Debug, Serialize)]
struct Summary {
    /// Always `true`: tells this line from those of invalid lines.
    summary: bool,
    /// Lines read.
    lines: u64,
    /// Valid lines.
    valid: u64,
    /// Valid lines that are IRI references (RFC 3987), not URI references.
    iri: u64,
    /// Invalid lines.
    invalid: u64,
    /// Invalid lines by kind, most frequent first, then by name.
    by_kind: Vec<KindCount>,
}

/// How many invalid lines have one kind of error.
#[derive(Debug, Serialize)]
struct KindCount {
    /// The kind's name.
    kind: &'static str,
    /// How many lines.
    count: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_sorts_by_count_then_name() {
        let mut tally = Tally {
            lines: 9,
            ..Tally::default()
        };
        for kind in [
            "InvalidPathChar",
            "InvalidUtf8",
            "InvalidHostChar",
            "InvalidUtf8",
            "InvalidHostChar",
            "InvalidUtf8",
        ] {
            tally.record(kind);
        }
        let mut out = Vec::new();
        tally.write_summary(&mut out, false).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "lines: 9\nvalid: 3\ninvalid: 6\n  InvalidUtf8: 3\n  InvalidHostChar: 2\n  InvalidPathChar: 1\n"
        );
    }
}
