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

// a measurement, not shipped code: it may unwrap and panic (the workspace denies both in the
// libraries).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
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

/// The lines of `lines` that are http or https URIs, as far as a quick
/// look can tell: a scheme `http` or `https` in any case, then `:`. The
/// `schemes` benchmark takes these lines of `mixed.txt`.
///
/// # Examples
///
/// ```
/// let lines = ["https://a/", "HTTP://b", "file:///c", "httpx://d", "http"];
/// assert_eq!(urikit_bench::http_lines(&lines), ["https://a/", "HTTP://b"]);
/// ```
pub fn http_lines<S: AsRef<str>>(lines: &[S]) -> Vec<String> {
    lines
        .iter()
        .map(AsRef::as_ref)
        .filter(|line| {
            line.split_once(':').is_some_and(|(scheme, _)| {
                scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")
            })
        })
        .map(str::to_owned)
        .collect()
}

/// A small deterministic generator (xorshift64*), so that the made-up
/// corpora are the same in every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// `n` characters of `alphabet`.
    fn text(&mut self, alphabet: &[u8], n: usize) -> String {
        (0..n)
            .map(|_| char::from(alphabet[self.below(alphabet.len())]))
            .collect()
    }
}

/// `count` URNs (RFC 8141), made up deterministically: the namespaces and
/// shapes of RFC 8141's examples and of the registered namespaces people
/// meet (`isbn`, `issn`, `uuid`, `ietf:rfc`, `oid`, `oasis`, `nbn`, `epc`,
/// `example`), NIDs sometimes in upper case, NSSs sometimes with triplets
/// (some in lower case), and about one in eight with r-, q- or
/// f-components. No corpus of real URNs is in `data/` (its budget is
/// spent), so the `schemes` benchmark and the profile harness make these.
///
/// # Examples
///
/// ```
/// let urns = urikit_bench::urns(1000);
/// assert_eq!(urns.len(), 1000);
/// assert!(urns.iter().all(|u| u.to_ascii_lowercase().starts_with("urn:")));
/// assert_eq!(urns, urikit_bench::urns(1000));
/// ```
pub fn urns(count: usize) -> Vec<String> {
    const DIGITS: &[u8] = b"0123456789";
    const HEX: &[u8] = b"0123456789abcdef";
    const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    (0..count)
        .map(|_| {
            let mut urn = match rng.below(10) {
                0 | 1 => format!(
                    "urn:isbn:{}-{}-{}-{}",
                    rng.text(DIGITS, 1),
                    rng.text(DIGITS, 3),
                    rng.text(DIGITS, 5),
                    rng.text(DIGITS, 1)
                ),
                2 => format!("urn:ISSN:{}-{}", rng.text(DIGITS, 4), rng.text(DIGITS, 4)),
                3 | 4 => format!(
                    "urn:uuid:{}-{}-{}-{}-{}",
                    rng.text(HEX, 8),
                    rng.text(HEX, 4),
                    rng.text(HEX, 4),
                    rng.text(HEX, 4),
                    rng.text(HEX, 12)
                ),
                5 => format!("urn:ietf:rfc:{}", 1 + rng.below(9999)),
                6 => format!(
                    "urn:oid:1.3.6.1.4.1.{}.{}.{}",
                    rng.below(60000),
                    rng.below(100),
                    rng.below(10)
                ),
                7 => format!(
                    "urn:oasis:names:specification:docbook:dtd:xml:{}.{}.{}",
                    rng.below(5),
                    rng.below(10),
                    rng.below(10)
                ),
                8 => format!(
                    "urn:nbn:de:bvb:{}-opus-{}",
                    rng.below(100),
                    rng.text(DIGITS, 5)
                ),
                _ => {
                    let encoded = if rng.below(2) == 0 { "%2F" } else { "%2f" };
                    format!(
                        "urn:Example:{}{encoded}{}:{}",
                        rng.text(ALNUM, 6),
                        rng.text(ALNUM, 4),
                        rng.text(ALNUM, 8)
                    )
                }
            };
            match rng.below(24) {
                0 => urn.push_str(&format!("?+CCResolve:cc={}", rng.text(DIGITS, 3))),
                1 => urn.push_str(&format!("?=lang={}", rng.text(b"enfrdej", 2))),
                2 => urn.push_str(&format!("#section-{}", rng.below(20))),
                _ => {}
            }
            urn
        })
        .collect()
}

/// A mailto URI (RFC 6068) for each line of `lines` that has a host: a
/// made-up address at that host (`first.last@host`, the domain's case as
/// in the line), one in four with `cc`, one in three with a `subject` (with
/// triplets), one in five with a `body` (with `%0D%0A`), one in ten with
/// two addresses. Made deterministically from `web-1in4.txt` by the
/// `schemes` benchmark and the profile harness (no corpus of real mailto
/// URIs is in `data/`).
///
/// # Examples
///
/// ```
/// let lines = ["https://www.Example.com/a", "no host here", "http://b.example:8080"];
/// let mailtos = urikit_bench::mailtos(&lines);
/// assert_eq!(mailtos.len(), 2);
/// assert!(mailtos[0].starts_with("mailto:") && mailtos[0].contains("@www.Example.com"));
/// assert!(mailtos[1].contains("@b.example"));
/// ```
pub fn mailtos<S: AsRef<str>>(lines: &[S]) -> Vec<String> {
    const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    lines
        .iter()
        .filter_map(|line| {
            let rest = line.as_ref().split_once("://")?.1;
            let end = rest.find(['/', '?', '#', ':', '@']).unwrap_or(rest.len());
            let host = &rest[..end];
            (!host.is_empty()).then_some(host)
        })
        .map(|host| {
            let (a, b) = (rng.below(6) + 2, rng.below(8) + 2);
            let mut uri = format!(
                "mailto:{}.{}@{host}",
                rng.text(LOWER, a),
                rng.text(LOWER, b)
            );
            if rng.below(10) == 0 {
                uri.push_str(&format!(",{}@{host}", rng.text(LOWER, a)));
            }
            let mut sep = '?';
            let mut field = |uri: &mut String, text: &str| {
                uri.push(sep);
                uri.push_str(text);
                sep = '&';
            };
            if rng.below(4) == 0 {
                let cc = format!("cc={}@example.org", rng.text(LOWER, a));
                field(&mut uri, &cc);
            }
            if rng.below(3) == 0 {
                let subject = format!(
                    "subject=Re%3A%20{}%20{}",
                    rng.text(LOWER, b),
                    rng.below(100)
                );
                field(&mut uri, &subject);
            }
            if rng.below(5) == 0 {
                let body = format!(
                    "body={}%0D%0A{}",
                    rng.text(LOWER, a + b),
                    rng.text(LOWER, b)
                );
                field(&mut uri, &body);
            }
            uri
        })
        .collect()
}

/// `count` Package URLs: the lines of `purl-valid.txt` (the purl-spec
/// test suite's valid `parse` and `validate` inputs, each once) in order,
/// again and again, since `data/` holds no other purls.
///
/// # Errors
///
/// The file cannot be read.
///
/// # Examples
///
/// ```
/// let purls = urikit_bench::purls(500)?;
/// assert_eq!(purls.len(), 500);
/// assert!(purls.iter().all(|p| p.to_ascii_lowercase().starts_with("pkg:")));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn purls(count: usize) -> io::Result<Vec<String>> {
    let suite = lines("purl-valid.txt")?;
    Ok(suite.iter().cycle().take(count).cloned().collect())
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
