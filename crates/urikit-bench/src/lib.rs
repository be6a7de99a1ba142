//! Shared helpers of urikit's benchmarks: the corpora in `data/`, the
//! made-up corpora ([`urns`], [`mailtos`], [`Rng`]), one way to set up and
//! record a group ([`flat_group`], [`LineGroup`], [`GroupInfo`],
//! [`write_record`]), and the components each parser gives with the checks
//! before timing that compare them ([`parts`]).
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
use std::hint::black_box;
use std::io;
use std::path::PathBuf;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput};

pub mod parts;

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
/// corpora are the same in every run: the URNs and mailto URIs here, and
/// the template benchmark's variables.
///
/// # Examples
///
/// ```
/// use urikit_bench::Rng;
///
/// let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
/// let word = rng.word(3, 8);
/// assert!((3..=8).contains(&word.len()));
/// assert!(rng.below(10) < 10);
/// assert_eq!(Rng(1).text(b"ab", 5), Rng(1).text(b"ab", 5));
/// ```
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (`n` > 0).
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(urikit_bench::Rng(7).below(10) < 10);
    /// ```
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// `n` characters of `alphabet`.
    ///
    /// # Examples
    ///
    /// ```
    /// let text = urikit_bench::Rng(7).text(b"ab", 5);
    /// assert!(text.len() == 5 && text.bytes().all(|b| b == b'a' || b == b'b'));
    /// ```
    pub fn text(&mut self, alphabet: &[u8], n: usize) -> String {
        (0..n)
            .map(|_| char::from(alphabet[self.below(alphabet.len())]))
            .collect()
    }

    /// One of `items`.
    ///
    /// # Examples
    ///
    /// ```
    /// let item = urikit_bench::Rng(7).pick(&["a", "b"]);
    /// assert!(item == "a" || item == "b");
    /// ```
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    /// A word of `min` to `max` lower-case letters and digits.
    ///
    /// # Examples
    ///
    /// ```
    /// let word = urikit_bench::Rng(7).word(2, 4);
    /// assert!((2..=4).contains(&word.len()));
    /// assert!(word.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()));
    /// ```
    pub fn word(&mut self, min: usize, max: usize) -> String {
        const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
        let n = min + self.below(max - min + 1);
        self.text(ALNUM, n)
    }

    /// A decimal number from 1 to 999,999.
    ///
    /// # Examples
    ///
    /// ```
    /// let n: u32 = urikit_bench::Rng(7).number().parse()?;
    /// assert!((1..=999_999).contains(&n));
    /// # Ok::<(), std::num::ParseIntError>(())
    /// ```
    pub fn number(&mut self) -> String {
        (1 + self.below(999_999)).to_string()
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

    /// A record for `group` over `items`: their count, and their total
    /// length in bytes ([`total_bytes`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let pairs = [(0, "ab".to_owned()), (1, "c".to_owned())];
    /// let info = urikit_bench::GroupInfo::over("g", pairs.iter().map(|(_, u)| u.as_str()), "urikit");
    /// assert_eq!((info.items, info.bytes), (2, 3));
    /// ```
    pub fn over<'a>(group: &str, items: impl IntoIterator<Item = &'a str>, ours: &str) -> Self {
        let (mut count, mut bytes) = (0, 0);
        for item in items {
            count += 1;
            bytes += item.len() as u64;
        }
        GroupInfo::new(group, count, bytes, ours)
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

/// Writes `info`'s record ([`GroupInfo::write`]), or says on standard
/// error why it cannot: a missing record costs `cargo xtask bench` a
/// column, not the run.
///
/// # Examples
///
/// ```no_run
/// let info = urikit_bench::GroupInfo::new("parse/mixed", 3, 42, "urikit");
/// urikit_bench::write_record(&info);
/// ```
pub fn write_record(info: &GroupInfo) {
    if let Err(e) = info.write() {
        eprintln!("{}: cannot write its record: {e}", info.group);
    }
}

/// A criterion group named `name` over `n` items, as every benchmark here
/// sets it up: throughput in items (so criterion's time per iteration over
/// `n` is the time per item), flat sampling (one iteration is a whole
/// corpus, milliseconds) and 20 samples.
///
/// # Examples
///
/// ```
/// use criterion::Criterion;
///
/// let mut c = Criterion::default();
/// let group = urikit_bench::flat_group(&mut c, "parse/mixed", 3);
/// group.finish();
/// ```
pub fn flat_group<'c>(c: &'c mut Criterion, name: &str, n: usize) -> BenchmarkGroup<'c, WallTime> {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(n as u64));
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(20);
    group
}

/// One benchmark group over lines of text, and its record: every function
/// is timed over every line per iteration, each result black-boxed.
///
/// # Examples
///
/// ```
/// use criterion::Criterion;
///
/// let mut c = Criterion::default();
/// let lines = ["https://a/", "b"];
/// let g = urikit_bench::LineGroup::new(&mut c, "parse/tiny", &lines, "urikit");
/// assert_eq!((g.info.items, g.info.bytes), (2, 11));
/// ```
pub struct LineGroup<'c, 'i, S = &'i str> {
    /// Criterion's group.
    pub group: BenchmarkGroup<'c, WallTime>,
    /// The record `cargo xtask bench` reads.
    pub info: GroupInfo,
    /// The input lines.
    pub inputs: &'i [S],
}

impl<'c, 'i, S: AsRef<str>> LineGroup<'c, 'i, S> {
    /// Starts group `name` over `inputs` ([`flat_group`]), `ours` being
    /// urikit's function id, and prints its size to standard error.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// let mut c = criterion::Criterion::default();
    /// let lines = ["https://a/"];
    /// let g = urikit_bench::LineGroup::new(&mut c, "len/one", &lines, "str");
    /// assert_eq!(g.info.items, 1);
    /// g.finish();
    /// ```
    pub fn new(c: &'c mut Criterion, name: &str, inputs: &'i [S], ours: &str) -> Self {
        let bytes = total_bytes(inputs);
        eprintln!("{name}: {} lines, {bytes} bytes", inputs.len());
        LineGroup {
            group: flat_group(c, name, inputs.len()),
            info: GroupInfo::new(name, inputs.len() as u64, bytes, ours),
            inputs,
        }
    }

    /// Times `f` over every line as `id`, black-boxing each line and each
    /// result.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// use criterion::Criterion;
    ///
    /// let mut c = Criterion::default().configure_from_args();
    /// let lines = ["https://a/", "b"];
    /// let mut g = urikit_bench::LineGroup::new(&mut c, "len/tiny", &lines, "str");
    /// g.bench("str", str::len);
    /// g.finish(); // writes len_tiny/urikit-group.json
    /// ```
    pub fn bench<R>(&mut self, id: &str, f: impl Fn(&'i str) -> R) {
        let inputs = self.inputs;
        self.group.bench_function(id, |b| {
            b.iter(|| {
                for input in inputs {
                    black_box(f(black_box(input.as_ref())));
                }
            });
        });
    }

    /// Writes the record ([`write_record`]) and ends the group.
    ///
    /// See [`bench`](Self::bench) for an example.
    pub fn finish(self) {
        write_record(&self.info);
        self.group.finish();
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
