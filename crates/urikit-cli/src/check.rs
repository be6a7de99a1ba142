//! `urikit check`: validate a file of URI references, one per line, at
//! constant memory, then summarize.
//!
//! Each invalid line is printed as `{file}:{line}: ` and its caret error;
//! the summary gives the number of lines, of valid and invalid ones, and
//! the invalid ones by error kind, most frequent first. Lines are read into
//! one reused buffer and nothing else is allocated per line. A progress bar
//! is drawn on standard error when it is a terminal and the file is large.

use std::fs::File;
use std::io::{self, BufReader, IsTerminal, Read, Write};
use std::path::Path;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use crate::Outcome;
use crate::input::{Input, LineReader, STDIN_ARG};

/// Files larger than this get a progress bar.
const PROGRESS_MIN_BYTES: u64 = 8 * 1024 * 1024;

/// How many bytes are read between two updates of the progress bar.
const PROGRESS_STEP: u64 = 1024 * 1024;

/// How much of the file is read at a time.
const READ_CAPACITY: usize = 256 * 1024;

/// How much output is buffered before it is written.
const WRITE_CAPACITY: usize = 64 * 1024;

/// The name standard input goes by in messages.
const STDIN_NAME: &str = "<stdin>";

/// Checks `file` (standard input when `None` or `-`).
pub(crate) fn run(file: Option<&Path>) -> Outcome {
    let mut tally = Tally::default();
    let result = check(file, &mut tally);
    Outcome {
        invalid: tally.invalid > 0,
        result,
    }
}

/// Checks every line, printing the invalid ones and the summary.
fn check(file: Option<&Path>, tally: &mut Tally) -> io::Result<()> {
    let (reader, name, size): (Box<dyn Read>, String, u64) = match file {
        Some(path) if path.as_os_str() != STDIN_ARG => {
            let name = path.display().to_string();
            let file = File::open(path).map_err(|e| naming(e, &name))?;
            let size = file
                .metadata()
                .map(|m| if m.is_file() { m.len() } else { 0 })
                .unwrap_or(0);
            (Box::new(file), name, size)
        }
        _ => (Box::new(io::stdin().lock()), STDIN_NAME.to_owned(), 0),
    };
    let bar = (size > PROGRESS_MIN_BYTES && io::stderr().is_terminal()).then(|| progress_bar(size));
    let mut out = io::BufWriter::with_capacity(
        WRITE_CAPACITY,
        BarAware {
            inner: io::stdout().lock(),
            bar: bar.clone(),
        },
    );
    let mut lines = LineReader::new(BufReader::with_capacity(READ_CAPACITY, reader));
    let mut next_update = PROGRESS_STEP;
    while let Some(line) = lines.next_line().map_err(|e| naming(e, &name))? {
        tally.lines += 1;
        if let Err(problem) = Input::new(line).parse() {
            tally.record(problem.kind_name());
            writeln!(out, "{name}:{}: {}", tally.lines, problem.caret(line))?;
        }
        if let Some(bar) = &bar {
            if lines.bytes_read() >= next_update {
                bar.set_position(lines.bytes_read());
                next_update = lines.bytes_read() + PROGRESS_STEP;
            }
        }
    }
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if tally.invalid > 0 {
        writeln!(out)?;
    }
    tally.write_summary(&mut out)?;
    out.flush()
}

/// `error`, its message prefixed with the name of the file it happened on.
fn naming(error: io::Error, name: &str) -> io::Error {
    io::Error::new(error.kind(), format!("{name}: {error}"))
}

/// A progress bar over `size` bytes, on standard error.
fn progress_bar(size: u64) -> ProgressBar {
    let style =
        ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
    let bar = ProgressBar::new(size).with_style(style);
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

    /// Writes the summary: `lines`, `valid`, `invalid`, then one indented
    /// line per error kind, by count descending, then name.
    fn write_summary(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(out, "lines: {}", self.lines)?;
        writeln!(out, "valid: {}", self.lines - self.invalid)?;
        writeln!(out, "invalid: {}", self.invalid)?;
        let mut by_kind = self.by_kind.clone();
        by_kind.sort_by(|(a, m), (b, n)| n.cmp(m).then(a.cmp(b)));
        for (kind, count) in by_kind {
            writeln!(out, "  {kind}: {count}")?;
        }
        Ok(())
    }
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
        tally.write_summary(&mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "lines: 9\nvalid: 3\ninvalid: 6\n  InvalidUtf8: 3\n  InvalidHostChar: 2\n  InvalidPathChar: 1\n"
        );
    }
}
