//! Reading inputs, shared by every subcommand: from the arguments, or one per
//! line from standard input.
//!
//! A line ends at `\n`, with one `\r` before it (or at the very end of the
//! input) removed. A final `\n` does not start an extra, empty line, but an
//! empty line between two `\n` is an input like any other: the empty string
//! is a valid relative reference. A UTF-8 byte order mark at the start of a
//! stream is dropped. Lines are bytes: one that is not UTF-8 becomes an
//! [`Problem::InvalidUtf8`] when it is read as text, never a crash.
//!
//! A line longer than `--max-line-bytes` is not kept: its first
//! [`SHOWN_START`] bytes are, for the report, and the rest is read and
//! dropped up to the next `\n`, so memory stays bounded whatever the
//! stream holds; the line is one input that is a [`Problem::LineTooLong`].

use std::borrow::Cow;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::sync::OnceLock;

use urikit::{IriReference, Uri, UriReference};

use crate::problem::Problem;
use crate::settings;

/// The argument that stands for standard input.
pub(crate) const STDIN_ARG: &str = "-";

/// How much of standard input is read at a time.
const STDIN_CAPACITY: usize = 64 * 1024;

/// The default of `--max-line-bytes`: 16 MiB.
pub(crate) const DEFAULT_MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// How many bytes of an over-long line are kept to report it.
pub(crate) const SHOWN_START: usize = 256;

/// One input: an argument or a line, as bytes, its line ending removed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Input<'a> {
    bytes: &'a [u8],
    /// For a line over the limit, the limit; `bytes` is then its start.
    cut: Option<usize>,
}

impl<'a> Input<'a> {
    /// Wraps the bytes of one input.
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Input { bytes, cut: None }
    }

    /// A line longer than `limit` bytes, of which `start` is the start.
    pub(crate) fn too_long(start: &'a [u8], limit: usize) -> Self {
        Input {
            bytes: start,
            cut: Some(limit),
        }
    }

    /// The input's bytes; for an over-long line, its start.
    pub(crate) fn bytes(self) -> &'a [u8] {
        self.bytes
    }

    /// Whether the input is the start of an over-long line.
    pub(crate) fn is_cut(self) -> bool {
        self.cut.is_some()
    }

    /// The whole input's bytes, or [`Problem::LineTooLong`] for an
    /// over-long line.
    pub(crate) fn whole(self) -> Result<&'a [u8], Problem> {
        match self.cut {
            Some(limit) => Err(Problem::LineTooLong {
                index: self.bytes.len(),
                limit,
            }),
            None => Ok(self.bytes),
        }
    }

    /// The input as text, or [`Problem::InvalidUtf8`] at its first bad
    /// byte, or [`Problem::LineTooLong`].
    pub(crate) fn text(self) -> Result<&'a str, Problem> {
        std::str::from_utf8(self.whole()?).map_err(|e| Problem::InvalidUtf8 {
            index: e.valid_up_to(),
        })
    }

    /// The input as text, with each bad UTF-8 sequence replaced by U+FFFD:
    /// for echoing an input that could not be read as text.
    pub(crate) fn lossy(self) -> Cow<'a, str> {
        String::from_utf8_lossy(self.bytes)
    }

    /// Whether the input is read as an IRI reference (RFC 3987): it is not
    /// ASCII, and `--uri-only` was not given. An ASCII input reads the same
    /// either way, since an IRI reference that is ASCII is a URI reference.
    pub(crate) fn is_iri(self) -> bool {
        !self.bytes.is_ascii() && !settings::get().uri_only
    }

    /// For an input read as an IRI reference ([`is_iri`](Self::is_iri)),
    /// the URI reference it maps to (RFC 3987 §3.1); `None` for one read
    /// as a URI reference. For the subcommands whose rules are a URI's
    /// (`scheme`, `file-path`, `to-iri`).
    ///
    /// # Errors
    ///
    /// The [`Problem`] of an input that is not an IRI reference.
    pub(crate) fn mapped_uri(self) -> Result<Option<String>, Problem> {
        if !self.is_iri() {
            return Ok(None);
        }
        Ok(Some(urikit::iri::to_uri(self.parse_iri()?).into_string()))
    }

    /// As [`mapped_uri`](Self::mapped_uri), but a registered name that is
    /// not ASCII mapped to `xn--` labels (UTS #46 `ToASCII`), the name DNS
    /// knows it by, where `ToASCII` takes it (percent-encoded otherwise).
    /// For `scheme`, whose rules check host names.
    ///
    /// # Errors
    ///
    /// The [`Problem`] of an input that is not an IRI reference.
    pub(crate) fn mapped_uri_idna(self) -> Result<Option<String>, Problem> {
        if !self.is_iri() {
            return Ok(None);
        }
        let iri = self.parse_iri()?;
        Ok(Some(
            match urikit::iri::to_uri_with(iri, urikit::iri::HostMapping::Idna) {
                Ok(uri) => uri.into_string(),
                Err(_) => urikit::iri::to_uri(iri).into_string(),
            },
        ))
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

/// Reads lines from a buffered reader into one reused buffer: memory
/// bounded by the longest line kept (`max` bytes), however long the
/// stream and its lines.
#[derive(Debug)]
pub(crate) struct LineReader<R> {
    reader: R,
    buf: Vec<u8>,
    bytes_read: u64,
    at_start: bool,
    max: usize,
}

/// A line as [`LineReader::next_line`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Line<'a> {
    /// A whole line, without its line ending.
    Whole(&'a [u8]),
    /// A line longer than the limit: its first [`SHOWN_START`] bytes.
    TooLong(&'a [u8]),
}

impl<'a> Line<'a> {
    /// The line as an input; `limit` is the reader's.
    pub(crate) fn input(self, limit: usize) -> Input<'a> {
        match self {
            Line::Whole(bytes) => Input::new(bytes),
            Line::TooLong(start) => Input::too_long(start, limit),
        }
    }
}

impl<R: BufRead> LineReader<R> {
    /// Reads lines from `reader`, keeping lines of at most `max` bytes.
    pub(crate) fn new(reader: R, max: usize) -> Self {
        LineReader {
            reader,
            buf: Vec::new(),
            bytes_read: 0,
            at_start: true,
            max,
        }
    }

    /// The next line without its line ending, or `None` at the end. A line
    /// longer than the limit is read to its end, keeping only its start.
    ///
    /// # Errors
    ///
    /// Any error from the underlying reader.
    pub(crate) fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.buf.clear();
        // Room for the line and a `\r\n` after it.
        let room = self.max.saturating_add(2);
        let mut n = 0u64;
        let mut over = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            let (chunk, ends) = match available.iter().position(|&b| b == b'\n') {
                Some(k) => (&available[..=k], true),
                None => (available, false),
            };
            let keep = chunk.len().min(room.saturating_sub(self.buf.len()));
            self.buf.extend_from_slice(&chunk[..keep]);
            over |= keep < chunk.len();
            let used = chunk.len();
            n += used as u64;
            self.reader.consume(used);
            if ends {
                break;
            }
        }
        if n == 0 {
            return Ok(None);
        }
        self.bytes_read += n;
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
        if over || line.len() > self.max {
            return Ok(Some(Line::TooLong(&line[..line.len().min(SHOWN_START)])));
        }
        Ok(Some(Line::Whole(line)))
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

/// The files of inputs (`-f FILE`), read after the arguments.
static FILES: OnceLock<Vec<PathBuf>> = OnceLock::new();

/// Makes `files` the files of inputs of the run (`-f`); only the first
/// call counts.
pub(crate) fn set_files(files: Vec<PathBuf>) {
    let _ = FILES.set(files);
}

/// Whether files of inputs were given (`-f`).
pub(crate) fn has_files() -> bool {
    FILES.get().is_some_and(|f| !f.is_empty())
}

/// `bytes` trimmed as `--trim` does: surrounding ASCII whitespace, then
/// one pair of `<` `>` (and a `URL:` just inside it) or of quotes (`"`,
/// `'`) with the whitespace inside them, the delimiters RFC 3986 Appendix
/// C suggests around a URI in text. Linear in the length.
pub(crate) fn trimmed(bytes: &[u8]) -> &[u8] {
    let bytes = bytes.trim_ascii();
    let inner = match bytes {
        [b'<', inner @ .., b'>'] => {
            let inner = inner.trim_ascii();
            match inner.get(..4) {
                Some(url) if url.eq_ignore_ascii_case(b"URL:") => &inner[4..],
                _ => inner,
            }
        }
        [b'"', inner @ .., b'"'] | [b'\'', inner @ .., b'\''] => inner,
        _ => return bytes,
    };
    inner.trim_ascii()
}

/// Calls `each` on `input`, trimmed with `--trim` (a blank input then
/// skipped).
fn visit<W: Write>(
    out: &mut W,
    input: Input<'_>,
    each: &mut impl FnMut(&mut W, Input<'_>) -> io::Result<()>,
) -> io::Result<()> {
    if !settings::get().trim || input.is_cut() {
        return each(out, input);
    }
    match trimmed(input.bytes()) {
        [] => Ok(()),
        bytes => each(out, Input::new(bytes)),
    }
}

/// Calls `each` on every input in order, with `out` to write its result to.
///
/// The inputs are `args`, then the lines of each file of inputs (`-f`);
/// with neither, or for an argument `-`, they are the lines of standard
/// input. `out` is flushed whenever reading standard input may block, so
/// results appear as soon as their input is complete, while a large input
/// is still written in big blocks. With `--trim`, each input is trimmed
/// ([`trimmed`]) and a blank one skipped.
///
/// # Errors
///
/// The first error from reading standard input, a file, or from `each`.
pub(crate) fn for_each<W: Write>(
    args: &[OsString],
    out: &mut W,
    mut each: impl FnMut(&mut W, Input<'_>) -> io::Result<()>,
) -> io::Result<()> {
    let files = FILES.get().map(Vec::as_slice).unwrap_or_default();
    if args.is_empty() && files.is_empty() {
        return for_each_stdin_line(out, &mut each);
    }
    for arg in args {
        if arg == STDIN_ARG {
            for_each_stdin_line(out, &mut each)?;
        } else {
            visit(out, Input::new(arg.as_encoded_bytes()), &mut each)?;
        }
    }
    for file in files {
        if file.as_os_str() == STDIN_ARG {
            for_each_stdin_line(out, &mut each)?;
            continue;
        }
        let name = file.display().to_string();
        let reader =
            File::open(file).map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
        let max = settings::get().max_line_bytes;
        let mut lines = LineReader::new(BufReader::with_capacity(STDIN_CAPACITY, reader), max);
        while let Some(line) = lines
            .next_line()
            .map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?
        {
            visit(out, line.input(max), &mut each)?;
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
    let max = settings::get().max_line_bytes;
    let mut lines = LineReader::new(
        BufReader::with_capacity(STDIN_CAPACITY, io::stdin().lock()),
        max,
    );
    loop {
        if !lines.has_buffered_line() {
            out.flush()?;
        }
        match lines.next_line()? {
            Some(line) => visit(out, line.input(max), each)?,
            None => return Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(data: &[u8]) -> Vec<Vec<u8>> {
        let mut reader = LineReader::new(data, 1000);
        let mut all = Vec::new();
        while let Some(line) = reader.next_line().unwrap() {
            let Line::Whole(line) = line else {
                panic!("a line over the limit")
            };
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

    /// Reads `data` through a small buffer, so that lines span reads.
    fn limited(data: &[u8], max: usize) -> Vec<Line<'static>> {
        let mut reader = LineReader::new(BufReader::with_capacity(3, data), max);
        let mut all = Vec::new();
        while let Some(line) = reader.next_line().unwrap() {
            all.push(match line {
                Line::Whole(b) => Line::Whole(b.to_vec().leak()),
                Line::TooLong(b) => Line::TooLong(b.to_vec().leak()),
            });
        }
        assert_eq!(reader.bytes_read(), data.len() as u64);
        all
    }

    #[test]
    fn lines_over_the_limit_are_cut_and_skipped() {
        assert_eq!(
            limited(b"abcd\nabcdef\nab\r\n", 4),
            [
                Line::Whole(b"abcd"),
                Line::TooLong(b"abcdef"),
                Line::Whole(b"ab")
            ]
        );
        // The limit counts the line without its ending.
        assert_eq!(limited(b"abcd\r\n", 4), [Line::Whole(b"abcd")]);
        let long = vec![b'x'; 10_000];
        let lines = limited(&long, 100);
        assert_eq!(lines.len(), 1);
        assert!(matches!(lines[0], Line::TooLong(s) if s.len() == 102.min(SHOWN_START)));
    }

    #[test]
    fn an_over_long_line_is_a_problem() {
        let input = Input::too_long(b"https://u:pw", 100);
        assert!(input.is_cut());
        assert_eq!(
            input.parse().unwrap_err(),
            Problem::LineTooLong {
                index: 12,
                limit: 100
            }
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
