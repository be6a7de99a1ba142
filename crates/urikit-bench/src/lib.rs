//! Shared helpers of urikit's benchmarks: the corpora in `data/`.
//!
//! The benchmarks themselves live in `benches/` and compare urikit's crates
//! with their peers (`percent-encoding`, `urlencoding`, `fluent-uri`, …) on
//! the same inputs, in the same run. This crate is never published, so
//! those peers never enter a library crate's dependency tree.
//!
//! Every corpus is a UTF-8 text file with one item per line (LF); see
//! `data/README.md` for where each comes from. Load one by file name:
//!
//! ```
//! let urls = urikit_bench::lines("web-1in4.txt")?;
//! assert_eq!(urls.len(), 14_860);
//! assert_eq!(urls[0], "https://www.sec.gov/edgar.shtml");
//! # Ok::<(), std::io::Error>(())
//! ```

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
    fn missing_file_error_names_it() {
        let err = read("no-such-corpus.txt").unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::NotFound);
        assert!(err.to_string().contains("no-such-corpus.txt"));
    }
}
