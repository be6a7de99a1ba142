//! The subcommands that print one result per input: `parse`, `explain`,
//! `encode` and `decode`.
//!
//! Each is a function from the inputs to an [`Outcome`], built on
//! [`input::for_each`]; a new per-input subcommand (`resolve`, …) is one
//! more such function, with [`json::Valid`] and [`json::Invalid`] for its
//! JSON lines.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, BufWriter, StdoutLock, Write};

use crate::codec::{Decoding, Encoding};
use crate::input::{self, Input};
use crate::problem::Problem;
use crate::{Outcome, explain, json, table};

/// Standard output, locked and buffered.
fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(64 * 1024, io::stdout().lock())
}

/// `urikit parse`: the components of each input, as JSON lines or tables.
pub(crate) fn parse(inputs: &[OsString], as_json: bool) -> Outcome {
    let mut blocks = Blocks::default();
    per_input(inputs, |out, input| {
        let parsed = input.parse();
        match (&parsed, as_json) {
            (Ok(r), true) => json::write_line(
                out,
                &json::Valid::new(r.as_str(), json::ParsedFields::new(r)),
            )?,
            (Err(problem), true) => json::write_line(out, &json::Invalid::new(input, problem))?,
            (Ok(r), false) => {
                blocks.start(out)?;
                table::write(out, r)?;
            }
            (Err(problem), false) => {
                blocks.start(out)?;
                write_caret(out, input, problem)?;
            }
        }
        Ok(parsed.is_ok())
    })
}

/// `urikit explain`: each input drawn with its components labelled, then
/// its component table.
pub(crate) fn explain(inputs: &[OsString]) -> Outcome {
    let mut blocks = Blocks::default();
    per_input(inputs, |out, input| {
        blocks.start(out)?;
        let parsed = input.parse();
        match &parsed {
            Ok(r) => {
                let lines = explain::diagram(r);
                // The empty reference has nothing to draw.
                if lines.iter().any(|line| !line.is_empty()) {
                    for line in lines {
                        writeln!(out, "{line}")?;
                    }
                    writeln!(out)?;
                }
                table::write(out, r)?;
            }
            Err(problem) => write_caret(out, input, problem)?,
        }
        Ok(parsed.is_ok())
    })
}

/// `urikit encode`: each input percent-encoded, one per line, or as JSON
/// lines. Every input is encoded, even one that is not UTF-8.
pub(crate) fn encode(inputs: &[OsString], encoding: Encoding, as_json: bool) -> Outcome {
    per_input(inputs, |out, input| {
        write_converted(out, input, Ok(encoding.apply(input)), as_json)
    })
}

/// `urikit decode`: each input percent-decoded to UTF-8 text, one per line,
/// or as JSON lines; a caret error for an input that does not decode.
pub(crate) fn decode(inputs: &[OsString], decoding: Decoding, as_json: bool) -> Outcome {
    per_input(inputs, |out, input| {
        write_converted(out, input, decoding.apply(input), as_json)
    })
}

/// Writes what `encode` or `decode` made of `input`: the output alone on its
/// line, or its caret error; with `as_json`, the JSON line. Returns whether
/// the input was converted.
fn write_converted(
    out: &mut impl Write,
    input: Input<'_>,
    converted: Result<Cow<'_, str>, Problem>,
    as_json: bool,
) -> io::Result<bool> {
    match (&converted, as_json) {
        (Ok(output), true) => json::write_line(
            out,
            &json::Valid::new(&input.lossy(), json::ConvertedFields::new(output)),
        )?,
        (Err(problem), true) => json::write_line(out, &json::Invalid::new(input, problem))?,
        (Ok(output), false) => writeln!(out, "{output}")?,
        (Err(problem), false) => write_caret(out, input, problem)?,
    }
    Ok(converted.is_ok())
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

/// Writes `input` with a caret under `problem`.
fn write_caret(out: &mut impl Write, input: Input<'_>, problem: &Problem) -> io::Result<()> {
    writeln!(out, "{}", problem.caret(input.bytes()))
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
