//! Shared helpers of urikit's benchmarks: the corpora in `data/`.
//!
//! The benchmarks themselves live in `benches/` and compare urikit's crates
//! with their peers (`percent-encoding`, `urlencoding`, `fluent-uri`, …) on
//! the same inputs, in the same run. This crate is never published, so
//! those peers never enter a library crate's dependency tree.
//!
//! Every corpus is a UTF-8 text file with one item per line (LF); see
//! `data/README.md` for where each comes from. Load one by file name
//! ([`lines`], or [`pairs`] for `BASE<TAB>REFERENCE` files):
//!
//! ```
//! let urls = urikit_bench::lines("web-1in4.txt")?;
//! assert_eq!(urls.len(), 14_860);
//! assert_eq!(urls[0], "https://www.sec.gov/edgar.shtml");
//! # Ok::<(), std::io::Error>(())
//! ```

use std::fmt::Write as _;
use std::io;
use std::path::PathBuf;

/// The folder holding the corpora: `data/` beside this crate's `Cargo.toml`.
///
/// # Examples
///
/// ```
/// assert!(urikit_bench::data_dir().join("README.md").is_file());
/// ```
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// The path of the corpus file `name` (for example `"web-1in4.txt"`).
///
/// # Examples
///
/// ```
/// assert!(urikit_bench::data_path("encoded-1in4.txt").is_file());
/// ```
pub fn data_path(name: &str) -> PathBuf {
    data_dir().join(name)
}

/// The whole text of the corpus file `name`, without a leading UTF-8 BOM.
///
/// # Errors
///
/// The file cannot be read, or is not UTF-8; the error names the file.
///
/// # Examples
///
/// ```
/// let text = urikit_bench::read("iri-1in2.txt")?;
/// assert!(text.ends_with('\n'));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read(name: &str) -> io::Result<String> {
    let path = data_path(name);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    Ok(match text.strip_prefix('\u{FEFF}') {
        Some(rest) => rest.to_owned(),
        None => text,
    })
}

/// The lines of the corpus file `name`, in file order: one item each,
/// without their `\n` (or `\r\n`). Empty lines are kept, since an empty
/// string is an item too.
///
/// # Errors
///
/// The file cannot be read, or is not UTF-8; see [`read`].
///
/// # Examples
///
/// ```
/// let lines = urikit_bench::lines("encoded-1in4.txt")?;
/// assert_eq!(lines[0], "https%3A%2F%2Fwww.sec.gov%2Fedgar.shtml");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn lines(name: &str) -> io::Result<Vec<String>> {
    Ok(read(name)?.lines().map(str::to_owned).collect())
}

/// The total length in bytes of `items`: for `Throughput::Bytes`, or to
/// report a corpus's size.
///
/// # Examples
///
/// ```
/// assert_eq!(urikit_bench::total_bytes(&["ab", "", "c"]), 3);
/// ```
pub fn total_bytes<S: AsRef<str>>(items: &[S]) -> u64 {
    items.iter().map(|s| s.as_ref().len() as u64).sum()
}

/// The lines of a corpus of pairs, `BASE<TAB>REFERENCE` (such as
/// `relative-1in3.txt`), split at their first tab.
///
/// # Errors
///
/// The file cannot be read, is not UTF-8, or has a line without a tab
/// (`InvalidData`, naming the line).
///
/// # Examples
///
/// ```
/// let pairs = urikit_bench::pairs("relative-1in3.txt")?;
/// assert_eq!(pairs.len(), 16_667);
/// assert_eq!(pairs[0].0, "https://www.cs.utexas.edu/users/qr/robotics/splat/");
/// assert_eq!(pairs[0].1, "cpbypaul");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn pairs(name: &str) -> io::Result<Vec<(String, String)>> {
    read(name)?
        .lines()
        .enumerate()
        .map(|(i, line)| match line.split_once('\t') {
            Some((base, reference)) => Ok((base.to_owned(), reference.to_owned())),
            None => Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{name}:{}: no tab", i + 1),
            )),
        })
        .collect()
}

/// Where criterion writes its results: `$CRITERION_HOME`, else
/// `$CARGO_TARGET_DIR/criterion`, else the workspace's `target/criterion`
/// (criterion's own order, without its call to `cargo metadata`).
///
/// # Examples
///
/// ```
/// assert!(urikit_bench::criterion_dir().ends_with("criterion"));
/// ```
pub fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    target.join("criterion")
}

/// What `cargo xtask bench` needs to know about one benchmark group beyond
/// criterion's own results: the corpus size, which function is ours, and
/// what the checks before timing found.
///
/// Written by [`GroupInfo::write`] as `urikit-group.json` in the group's
/// folder under [`criterion_dir`].
#[derive(Debug, Clone, Default)]
pub struct GroupInfo {
    /// The group's name, as given to criterion (`parse/mixed`).
    pub group: String,
    /// Items (lines) per iteration.
    pub items: u64,
    /// Bytes of input per iteration: for MB/s.
    pub bytes: u64,
    /// The function id that is urikit's (`urikit`, `uri-encode`); every
    /// other function is a peer or a reference point.
    pub ours: String,
    /// Findings of the checks before timing, one sentence each
    /// (acceptance counts, agreement, mismatch classes).
    pub notes: Vec<String>,
}

impl GroupInfo {
    /// A record for `group` of `items` lines and `bytes` bytes, `ours`
    /// being urikit's function id.
    ///
    /// # Examples
    ///
    /// ```
    /// let info = urikit_bench::GroupInfo::new("parse/mixed", 3, 42, "urikit");
    /// assert_eq!(info.items, 3);
    /// assert!(info.notes.is_empty());
    /// ```
    pub fn new(group: &str, items: u64, bytes: u64, ours: &str) -> Self {
        GroupInfo {
            group: group.to_owned(),
            items,
            bytes,
            ours: ours.to_owned(),
            notes: Vec::new(),
        }
    }

    /// Adds a finding, and prints it to standard error.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut info = urikit_bench::GroupInfo::new("g", 1, 1, "urikit");
    /// info.note("fluent-uri: accepts 1 of 1");
    /// assert_eq!(info.notes, ["fluent-uri: accepts 1 of 1"]);
    /// ```
    pub fn note(&mut self, text: impl Into<String>) {
        let text = text.into();
        eprintln!("  {}: {text}", self.group);
        self.notes.push(text);
    }

    /// The record as a JSON object.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut info = urikit_bench::GroupInfo::new("a/b", 2, 10, "urikit");
    /// info.notes.push("say \"hi\"".into());
    /// assert_eq!(
    ///     info.to_json(),
    ///     r#"{"group":"a/b","items":2,"bytes":10,"ours":"urikit","notes":["say \"hi\""]}"#
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        let notes: Vec<String> = self.notes.iter().map(|n| json_string(n)).collect();
        format!(
            r#"{{"group":{},"items":{},"bytes":{},"ours":{},"notes":[{}]}}"#,
            json_string(&self.group),
            self.items,
            self.bytes,
            json_string(&self.ours),
            notes.join(",")
        )
    }

    /// Writes [`to_json`](Self::to_json) to `urikit-group.json` in the
    /// group's folder under [`criterion_dir`], the folder criterion uses
    /// (`/` in the name becomes `_`).
    ///
    /// # Errors
    ///
    /// The folder cannot be created or the file written.
    pub fn write(&self) -> io::Result<()> {
        let dir = criterion_dir().join(
            self.group
                .replace(['?', '"', '/', '\\', '*', '<', '>', ':', '|', '^'], "_"),
        );
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join("urikit-group.json"), self.to_json() + "\n")
    }
}

/// `text` as a JSON string literal.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The `percent-encoding` set that encodes exactly the bytes `set` does
/// not keep (`percent-encoding` always encodes non-ASCII bytes, as
/// `uri-encode` does): the same work for both in a benchmark.
///
/// # Examples
///
/// ```
/// use percent_encoding::{AsciiSet, utf8_percent_encode};
/// use uri_encode::{EncodeSet, encode};
///
/// static PE_PATH: AsciiSet = urikit_bench::percent_encoding_set(&EncodeSet::PATH);
/// let text = "a b/é?";
/// assert_eq!(utf8_percent_encode(text, &PE_PATH).to_string(), encode(text, &EncodeSet::PATH));
/// ```
pub const fn percent_encoding_set(set: &uri_encode::EncodeSet) -> percent_encoding::AsciiSet {
    let mut out = percent_encoding::AsciiSet::EMPTY;
    let mut b = 0;
    while b < 0x80 {
        if !set.keeps(b) {
            out = out.add(b);
        }
        b += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use uri_encode::{EncodeSet, decode_utf8, encode};

    #[test]
    fn corpora_load_with_their_documented_line_counts() {
        for (name, count) in [
            ("web-1in4.txt", 14_860),
            ("encoded-1in4.txt", 14_860),
            ("iri-1in2.txt", 10_000),
            ("mixed.txt", 109_062),
            ("relative-1in3.txt", 16_667),
        ] {
            let lines = lines(name).unwrap();
            assert_eq!(lines.len(), count, "{name}");
            assert!(lines.iter().all(|l| !l.contains('\r')), "{name}");
        }
    }

    #[test]
    fn encoded_sample_is_the_web_sample_encoded_outside_unreserved() {
        let web = lines("web-1in4.txt").unwrap();
        let encoded = lines("encoded-1in4.txt").unwrap();
        for (plain, enc) in web.iter().zip(&encoded) {
            assert_eq!(encode(plain, &EncodeSet::UNRESERVED), enc.as_str());
            assert_eq!(decode_utf8(enc).unwrap(), plain.as_str());
        }
    }

    #[test]
    fn web_sample_is_every_fourth_line_of_mixed() {
        let web = lines("web-1in4.txt").unwrap();
        let mixed = lines("mixed.txt").unwrap();
        let sampled: Vec<&String> = mixed[..59_440].iter().step_by(4).collect();
        assert_eq!(sampled.len(), web.len());
        assert!(sampled.iter().zip(&web).all(|(a, b)| *a == b));
    }

    #[test]
    fn every_pair_has_a_base_with_a_scheme() {
        let pairs = pairs("relative-1in3.txt").unwrap();
        assert!(pairs.iter().all(|(base, _)| base.contains(':')));
    }

    #[test]
    fn json_escapes_quotes_backslashes_and_controls() {
        assert_eq!(json_string("a\"b\\c\n\u{1}"), r#""a\"b\\c\n\u0001""#);
    }

    #[test]
    fn missing_file_error_names_it() {
        let err = read("no-such-corpus.txt").unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::NotFound);
        assert!(err.to_string().contains("no-such-corpus.txt"));
    }
}
