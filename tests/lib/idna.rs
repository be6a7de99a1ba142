//! The sample of Unicode's `IdnaTestV2.txt` in `vectors/idna/`: its
//! escapes and its sources, for the tests that read it (the IDNA sample
//! test, the panic sweep, and the differential test against `url`).

/// The sample, under `tests/vectors/`.
pub const SAMPLE: &str = "idna/IdnaTestV2-sample.txt";

/// Unescapes `\uXXXX` and `\x{X…}`, the escapes of `IdnaTestV2.txt`;
/// `None` for a value that is not a character (an unpaired surrogate).
/// Panics on any other escape, which the file's header does not define.
///
/// # Examples
///
/// ```
/// use urikit_tests::idna::unescape;
///
/// assert_eq!(unescape(r"a\u0308b").as_deref(), Some("a\u{308}b"));
/// assert_eq!(unescape(r"\x{1F600}").as_deref(), Some("\u{1F600}"));
/// assert_eq!(unescape(r"\uD800"), None);
/// ```
pub fn unescape(text: &str) -> Option<String> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(k) = rest.find('\\') {
        out.push_str(&rest[..k]);
        rest = &rest[k + 1..];
        let (hex, after) = if let Some(r) = rest.strip_prefix('u') {
            (r.get(..4)?, r.get(4..)?)
        } else if let Some(r) = rest.strip_prefix("x{") {
            r.split_once('}')?
        } else {
            panic!("unknown escape in {text:?}");
        };
        let value = u32::from_str_radix(hex, 16).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        out.push(char::from_u32(value)?);
        rest = after;
    }
    out.push_str(rest);
    Some(out)
}

/// Column 1 (the source) of every test line of the sample, unescaped, in
/// the file's order; those with an unpaired surrogate left out.
///
/// # Examples
///
/// ```
/// let sources = urikit_tests::idna::sources();
/// assert!(sources.len() > 600);
/// assert!(sources.iter().all(|s| !s.contains('\\')));
/// ```
pub fn sources() -> Vec<String> {
    crate::vectors::read_vectors(SAMPLE)
        .lines()
        // A `#` starts a comment (the data escapes none).
        .map(|line| line.split('#').next().unwrap_or_default().trim())
        .filter(|line| !line.is_empty())
        .filter_map(|line| unescape(line.split(';').next().unwrap_or_default().trim()))
        .collect()
}
