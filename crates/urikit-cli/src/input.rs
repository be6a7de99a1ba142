//! Reading inputs, shared by every subcommand: from the arguments, or one per
//! line from standard input.
//!
//! A line ends at `\n`, with one `\r` before it (or at the very end of the
//! input) removed. A final `\n` does not start an extra, empty line, but an
//! empty line between two `\n` is an input like any other: the empty string
//! is a valid relative reference. A UTF-8 byte order mark at the start of a
//! stream is dropped. Lines are bytes: one that is not UTF-8 becomes an
//! [`Problem::InvalidUtf8`] when it is read as text, never a crash.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};

use urikit::{IriReference, Uri, UriReference};

use crate::problem::Problem;
use crate::settings;

/// The argument that stands for standard input.
pub(crate) const STDIN_ARG: &str = "-";

/// How much of standard input is read at a time.
const STDIN_CAPACITY: usize = 64 * 1024;

/// One input: an argument or a line, as bytes, its line ending removed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Input<'a> {
    bytes: &'a [u8],
}

impl<'a> Input<'a> {
    /// Wraps the bytes of one input.
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Input { bytes }
    }

    /// The input's bytes.
    pub(crate) fn bytes(self) -> &'a [u8] {
        self.bytes
    }

    /// The input as text, or [`Problem::InvalidUtf8`] at its first bad byte.
    pub(crate) fn text(self) -> Result<&'a str, Problem> {
        std::str::from_utf8(self.bytes).map_err(|e| Problem::InvalidUtf8 {
            index: e.valid_up_to(),
        })
    }

    /// The input as text, with each bad UTF-8 sequence replaced by U+FFFD:
    /// for echoing an input that could not be read as text.
    pub(crate) fn lossy(self) -> Cow<'a, str> {
        String::from_utf8_lossy(self.bytes)
    }

    /// Parses the input as a `URI-reference` (RFC 3986 §4.1), a zone
    /// identifier allowed with `--allow-zone-id` (RFC 6874).
    pub(crate) fn parse(self) -> Result<UriReference<'a>, Problem> {
        UriReference::parse_with(self.text()?, settings::get().parse_options())
            .map_err(Problem::Parse)
    }

    /// Parses the input as a `URI` (RFC 3986 §3: with a scheme), a zone
    /// identifier allowed with `--allow-zone-id` (RFC 6874).
    pub(crate) fn parse_uri(self) -> Result<Uri<'a>, Problem> {
        Uri::parse_with(self.text()?, settings::get().parse_options()).map_err(Problem::Parse)
    }

    /// Parses the input as an `IRI-reference` (RFC 3987 §2.2): a
    /// `URI-reference` in which the characters of `ucschar` (and of
    /// `iprivate`, in the query) may stand unencoded. The bidirectional
    /// formatting characters are refused (§4.1, `BidiFormattingChar`).
    pub(crate) fn parse_iri(self) -> Result<IriReference<'a>, Problem> {
        IriReference::parse_with(self.text()?, settings::get().parse_options())
            .map_err(Problem::Parse)
    }
}

/// Reads lines from a buffered reader into one reused buffer: constant
/// memory, however long the stream.
#[derive(Debug)]
pub(crate) struct LineReader<R> {
    reader: R,
    buf: Vec<u8>,
    bytes_read: u64,
    at_start: bool,
}

impl<R: BufRead> LineReader<R> {
    /// Reads lines from `reader`.
    pub(crate) fn new(reader: R) -> Self {
        LineReader {
            reader,
            buf: Vec::new(),
            bytes_read: 0,
            at_start: true,
        }
    }

    /// The next line without its line ending, or `None` at the end.
    ///
    /// # Errors
    ///
    /// Any error from the underlying reader.
    pub(crate) fn next_line(&mut self) -> io::Result<Option<&[u8]>> {
        self.buf.clear();
        let n = self.reader.read_until(b'\n', &mut self.buf)?;
        if n == 0 {
            return Ok(None);
        }
        self.bytes_read += n as u64;
        let mut line = self.buf.as_slice();
        if let Some(rest) = line.strip_suffix(b"\n") {
            line = rest;
        }
        if let Some(rest) = line.strip_suffix(b"\r") {
            line = rest;
        }
        if std::mem::take(&mut self.at_start) {
            if let Some(rest) = line.strip_prefix(b"\xEF\xBB\xBF") {
                line = rest;
            }
        }
        Ok(Some(line))
    }

    /// How many bytes have been read so far, line endings included.
    pub(crate) fn bytes_read(&self) -> u64 {
        self.bytes_read
    }
}

impl<R: Read> LineReader<BufReader<R>> {
    /// Whether a whole line is already buffered, so that reading it cannot
    /// block. Scans only up to the first `\n`.
    pub(crate) fn has_buffered_line(&self) -> bool {
        self.reader.buffer().contains(&b'\n')
    }
}

/// Calls `each` on every input in order, with `out` to write its result to.
///
/// The inputs are `args`; with no arguments, or for an argument `-`, they are
/// the lines of standard input. `out` is flushed whenever reading standard
/// input may block, so results appear as soon as their input is complete,
/// while a large input is still written in big blocks.
///
/// # Errors
///
/// The first error from reading standard input or from `each`.
pub(crate) fn for_each<W: Write>(
    args: &[OsString],
    out: &mut W,
    mut each: impl FnMut(&mut W, Input<'_>) -> io::Result<()>,
) -> io::Result<()> {
    if args.is_empty() {
        return for_each_stdin_line(out, &mut each);
    }
    for arg in args {
        if arg == STDIN_ARG {
            for_each_stdin_line(out, &mut each)?;
        } else {
            each(out, Input::new(arg.as_encoded_bytes()))?;
        }
    }
    Ok(())
}

/// The hint printed on standard error when the inputs are to come from a
/// terminal: without it, a command given no arguments seems to hang.
const TERMINAL_HINT: &str = "urikit: reading inputs from the terminal, one per line; \
    end with Ctrl-D (Ctrl-Z then Enter on Windows), or give them as arguments";

/// Calls `each` on every line of standard input; first prints
/// [`TERMINAL_HINT`] on standard error when standard input is a terminal.
fn for_each_stdin_line<W: Write>(
    out: &mut W,
    each: &mut impl FnMut(&mut W, Input<'_>) -> io::Result<()>,
) -> io::Result<()> {
    if io::stdin().is_terminal() {
        eprintln!("{TERMINAL_HINT}");
    }
    let mut lines = LineReader::new(BufReader::with_capacity(STDIN_CAPACITY, io::stdin().lock()));
    loop {
        if !lines.has_buffered_line() {
            out.flush()?;
        }
        match lines.next_line()? {
            Some(line) => each(out, Input::new(line))?,
            None => return Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(data: &[u8]) -> Vec<Vec<u8>> {
        let mut reader = LineReader::new(data);
        let mut all = Vec::new();
        while let Some(line) = reader.next_line().unwrap() {
            all.push(line.to_vec());
        }
        assert_eq!(reader.bytes_read(), data.len() as u64);
        all
    }

    #[test]
    fn final_newline_makes_no_extra_line() {
        assert_eq!(lines(b"a\nb\n"), [b"a".to_vec(), b"b".to_vec()]);
        assert_eq!(lines(b"a\nb"), [b"a".to_vec(), b"b".to_vec()]);
    }

    #[test]
    fn empty_lines_are_inputs() {
        assert_eq!(
            lines(b"a\n\nb\n"),
            [b"a".to_vec(), b"".to_vec(), b"b".to_vec()]
        );
        assert_eq!(lines(b"\n"), [b"".to_vec()]);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn crlf_and_bom_are_removed() {
        assert_eq!(lines(b"a\r\nb\r\n"), [b"a".to_vec(), b"b".to_vec()]);
        assert_eq!(lines(b"a\r\r\n"), [b"a\r".to_vec()]);
        assert_eq!(
            lines(b"\xEF\xBB\xBFa\n\xEF\xBB\xBFb"),
            [b"a".to_vec(), b"\xEF\xBB\xBFb".to_vec()]
        );
    }

    #[test]
    fn invalid_utf8_is_a_problem_at_the_first_bad_byte() {
        let input = Input::new(b"ab\xFFc");
        assert_eq!(input.text(), Err(Problem::InvalidUtf8 { index: 2 }));
        assert_eq!(
            input.parse().unwrap_err(),
            Problem::InvalidUtf8 { index: 2 }
        );
        assert_eq!(input.lossy(), "ab\u{FFFD}c");
    }
}
