//! Registered names between Unicode and ASCII: UTS #46 `ToASCII` for
//! [`to_uri_with`](crate::to_uri_with), `ToUnicode` of `xn--` labels for
//! [`to_iri_with`](crate::to_iri_with), and the diagnosis of a failure.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

/// How [`to_uri_with`](crate::to_uri_with) maps a registered name that is
/// not ASCII. ASCII names are never changed.
///
/// # Examples
///
/// ```
/// use uri_iri::{HostMapping, to_uri_with};
/// use uri_core::IriReference;
///
/// let iri = IriReference::parse("http://bücher.de/")?;
/// assert_eq!(to_uri_with(iri, HostMapping::Percent)?, "http://b%C3%BCcher.de/");
/// assert_eq!(to_uri_with(iri, HostMapping::Idna)?, "http://xn--bcher-kva.de/");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum HostMapping {
    /// RFC 3987 §3.1 step 2, as for every other component: the UTF-8
    /// bytes of each non-ASCII character percent-encoded. Never fails,
    /// and maps back exactly; but a DNS resolver wants `xn--` labels.
    #[default]
    Percent,
    /// UTS #46 `ToASCII` (the `idna` crate), as RFC 3987 §3.1 allows "for
    /// schemes known to use domain name system (DNS) names", with:
    ///
    /// - *Transitional_Processing* false: `ß` and `ς` stay themselves, as
    ///   IDNA2008 and every current browser have them;
    /// - *CheckHyphens* true: no `-` first or last in a label, nor `--` in
    ///   its third and fourth places (reserved for tagged labels such as
    ///   `xn--`);
    /// - *CheckBidi* and *CheckJoiners* true (the RFC 5893 bidi rule and
    ///   the RFC 5892 context rules for U+200C and U+200D): labels a
    ///   registry could not have issued are refused, not guessed at;
    /// - *UseSTD3ASCIIRules* true: only letters, digits and `-` (after
    ///   mapping), so `／` (U+FF0F, mapped to `/`) or `＠` cannot reach
    ///   the ASCII form as a delimiter;
    /// - *VerifyDnsLength* true, a trailing root `.` allowed: labels of 1
    ///   to 63 bytes, names of at most 253.
    ///
    /// A name whose non-ASCII text is percent-encoded is decoded first
    /// (it must be UTF-8). A failure is an [`IdnaError`].
    Idna,
}

/// Why UTS #46 `ToASCII` refused a host, and where.
///
/// # Examples
///
/// ```
/// use uri_iri::{HostMapping, IdnaErrorKind, to_uri_with};
/// use uri_core::IriReference;
///
/// let iri = IriReference::parse("http://ex／ample.com/")?;
/// let err = to_uri_with(iri, HostMapping::Idna).unwrap_err();
/// assert_eq!(err.kind(), IdnaErrorKind::DisallowedChar);
/// assert_eq!(err.index(), 9); // the U+FF0F
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IdnaError {
    kind: IdnaErrorKind,
    index: usize,
}

impl IdnaError {
    pub(crate) const fn new(kind: IdnaErrorKind, index: usize) -> Self {
        IdnaError { kind, index }
    }

    /// What was wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::{HostMapping, IdnaErrorKind, to_uri_with};
    /// use uri_core::IriReference;
    ///
    /// let err = to_uri_with(IriReference::parse("//-ä.de")?, HostMapping::Idna).unwrap_err();
    /// assert_eq!(err.kind(), IdnaErrorKind::Hyphen);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub const fn kind(&self) -> IdnaErrorKind {
        self.kind
    }

    /// The byte offset in the IRI of what was wrong: the character UTS #46
    /// disallows, else the start of the label that breaks a rule, else
    /// (a rule over the whole name, or a name whose text is
    /// percent-encoded) the start of the host.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::{HostMapping, to_uri_with};
    /// use uri_core::IriReference;
    ///
    /// let err = to_uri_with(IriReference::parse("http://ä.b..c/")?, HostMapping::Idna).unwrap_err();
    /// assert_eq!(err.index(), 12); // the empty label between the dots
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }
}

impl fmt::Display for IdnaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.kind, self.index)
    }
}

impl core::error::Error for IdnaError {}

uri_encode::error_kinds! {
    crate = uri_iri, example = Hyphen;
    /// The rule of UTS #46 `ToASCII` (with the flags of [`HostMapping::Idna`])
    /// that a host breaks.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::IdnaErrorKind;
    ///
    /// assert_eq!(IdnaErrorKind::EmptyLabel.name(), "EmptyLabel");
    /// assert!(IdnaErrorKind::ALL.contains(&IdnaErrorKind::Bidi));
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    #[non_exhaustive]
    pub enum IdnaErrorKind {
        /// The host's percent-encoding does not decode to UTF-8.
        InvalidUtf8 => "percent-encoded host name is not UTF-8",
        /// A character UTS #46 disallows, or one it maps to an ASCII byte
        /// other than a letter, a digit, `-` or `.` (*UseSTD3ASCIIRules*):
        /// `／` (U+FF0F), `＠`, a space, a symbol.
        DisallowedChar => "character not allowed in a host name (UTS #46 with STD3 rules)",
        /// An empty label: `..`, or a `.` first; or a label that is empty
        /// after UTS #46 mapping (it held only characters that map to nothing,
        /// such as U+00AD SOFT HYPHEN or U+200B ZERO WIDTH SPACE, as in
        /// `\u{AD}.com`). UTS #46 §4.1 checks the labels of the mapped name,
        /// and *VerifyDnsLength* (§4.2, step 4) refuses an empty one but the
        /// root. The index is the label's first byte.
        EmptyLabel => "empty label in host name",
        /// A label longer than 63 bytes in its ASCII form.
        LabelTooLong => "label longer than 63 bytes in its ASCII form",
        /// A name longer than 253 bytes in its ASCII form (254 with a root `.`).
        NameTooLong => "host name longer than 253 bytes in its ASCII form",
        /// A `-` first or last in a label, or `--` in its third and fourth
        /// places (*CheckHyphens*).
        Hyphen => "hyphen first or last in a label, or `--` in its third and fourth places",
        /// A label that breaks the bidi rule of RFC 5893 (*CheckBidi*): for
        /// instance right-to-left and left-to-right letters mixed.
        Bidi => "label breaks the bidi rule of RFC 5893",
        /// U+200C or U+200D where the context rules of RFC 5892 do not allow
        /// them (*CheckJoiners*).
        Joiner => "zero-width joiner or non-joiner out of context (RFC 5892)",
        /// An `xn--` label that is not valid Punycode, or whose Unicode form
        /// breaks one of the rules above.
        Punycode => "invalid `xn--` label",
        /// A label refused for another rule: one that begins with a combining
        /// mark, or is not in Normalization Form C.
        InvalidLabel => "label refused by UTS #46 (combining mark first, or not NFC)",
    }
}

/// UTS #46 with the crate's compiled data.
const UTS46: Uts46 = Uts46::new();

/// The characters UTS #46 maps to `.` (the label separators).
pub(crate) fn is_dot(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// `ToASCII` of `name` (UTF-8 text, a reg-name's decoded form) with the
/// flags of [`HostMapping::Idna`]. On failure, the error names the rule,
/// and an offset in `name` (`None` when the error is about the whole name).
pub(crate) fn to_ascii(name: &str) -> Result<Cow<'_, str>, (IdnaErrorKind, Option<usize>)> {
    match UTS46.to_ascii(
        name.as_bytes(),
        AsciiDenyList::STD3,
        Hyphens::Check,
        DnsLength::VerifyAllowRootDot,
    ) {
        Ok(ascii) => Ok(ascii),
        Err(_) => Err(diagnose(name)),
    }
}

/// Which rule `name` breaks, found label by label (an error path: each
/// label is processed again, and each character of a refused label once
/// more with a letter before it, so it stays linear).
fn diagnose(name: &str) -> (IdnaErrorKind, Option<usize>) {
    let labels = name.split(is_dot).count();
    let mut here = 0;
    let mut total = 0;
    for (k, label) in name.split(is_dot).enumerate() {
        let start = here;
        let end = start + label.len();
        here = end + name[end..].chars().next().map_or(0, char::len_utf8);
        if label.is_empty() {
            // Only the root label, last and not first, may be empty.
            if k + 1 < labels || k == 0 {
                return (IdnaErrorKind::EmptyLabel, Some(start));
            }
            continue;
        }
        match UTS46.to_ascii(
            label.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::Check,
            DnsLength::Ignore,
        ) {
            Ok(ascii) if ascii.len() > 63 => return (IdnaErrorKind::LabelTooLong, Some(start)),
            // Every character of the label maps to nothing (U+00AD, U+200B,
            // U+FE0F, …): after mapping it is empty (UTS #46 §4.1 reads
            // the labels after mapping, and VerifyDnsLength, §4.2, refuses
            // an empty one), the same as `..`. Only as the root label, last
            // and not first, may it be empty.
            Ok(ascii) if ascii.is_empty() => {
                if k + 1 < labels || k == 0 {
                    return (IdnaErrorKind::EmptyLabel, Some(start));
                }
            }
            Ok(ascii) => total += ascii.len() + 1,
            Err(_) => {
                let (kind, offset) = label_error(label);
                return (kind, Some(start + offset));
            }
        }
    }
    if total > 254 {
        return (IdnaErrorKind::NameTooLong, None);
    }
    // Each label passes alone: a rule over the whole name (once one label
    // is right-to-left, the bidi rule holds for every label).
    (IdnaErrorKind::Bidi, None)
}

/// Which rule a label that `ToASCII` refuses breaks, and the offset in
/// the label of what breaks it.
fn label_error(label: &str) -> (IdnaErrorKind, usize) {
    let is_tagged = label
        .as_bytes()
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"));
    if is_tagged {
        return (IdnaErrorKind::Punycode, 0);
    }
    // A character refused after a letter is refused anywhere. (Joiners
    // and combining marks are refused for their context, not themselves:
    // after a letter, a combining mark is fine; a joiner after a letter
    // still breaks its rule, so joiners are looked at below. Hebrew
    // U+05D0 stands before a right-to-left character or an Arabic digit.)
    let mut probe = String::new();
    for (i, c) in label.char_indices() {
        if matches!(c, '\u{200C}' | '\u{200D}') {
            continue;
        }
        // After a letter of the same direction: the bidi rule holds.
        let rtl = crate::bidi::is_right_to_left_or_arabic_number(c);
        probe.clear();
        probe.push(if rtl { '\u{5D0}' } else { 'a' });
        probe.push(c);
        let ok = UTS46
            .to_ascii(
                probe.as_bytes(),
                AsciiDenyList::STD3,
                Hyphens::Allow,
                DnsLength::Ignore,
            )
            .is_ok();
        if !ok {
            return (IdnaErrorKind::DisallowedChar, i);
        }
    }
    if let Some(i) = label.find(['\u{200C}', '\u{200D}']) {
        return (IdnaErrorKind::Joiner, i);
    }
    let bytes = label.as_bytes();
    if bytes.first() == Some(&b'-') {
        return (IdnaErrorKind::Hyphen, 0);
    }
    if bytes.last() == Some(&b'-') {
        return (IdnaErrorKind::Hyphen, label.len() - 1);
    }
    if bytes.get(2..4) == Some(b"--") {
        return (IdnaErrorKind::Hyphen, 2);
    }
    if label
        .chars()
        .any(crate::bidi::is_right_to_left_or_arabic_number)
    {
        return (IdnaErrorKind::Bidi, 0);
    }
    if label.chars().next().is_some_and(is_mark) {
        return (IdnaErrorKind::InvalidLabel, 0);
    }
    // Nothing else is wrong with it, and its A-label, `xn--` and at least
    // one character for each of its characters, is longer than 63 bytes
    // (`idna` refuses labels of more than 1,000 characters before it
    // encodes them).
    if label.chars().count() >= 60 {
        return (IdnaErrorKind::LabelTooLong, 0);
    }
    (IdnaErrorKind::InvalidLabel, 0)
}

/// Whether `c` is a combining mark (general category M), which may not
/// begin a label (UTS #46 §4.1, criterion 5).
fn is_mark(c: char) -> bool {
    use icu_properties::CodePointMapData;
    use icu_properties::props::GeneralCategory;
    matches!(
        CodePointMapData::<GeneralCategory>::new().get(c),
        GeneralCategory::NonspacingMark
            | GeneralCategory::SpacingMark
            | GeneralCategory::EnclosingMark
    )
}

/// `ToUnicode` of one `xn--` label, when it decodes without error to
/// text an `ireg-name` may hold (RFC 3987 §2.2: `ucschar`, no
/// bidirectional formatting character). `None`: keep the label.
pub(crate) fn label_to_unicode(label: &str) -> Option<String> {
    let (unicode, result) = UTS46.to_unicode(label.as_bytes(), AsciiDenyList::STD3, Hyphens::Allow);
    result.ok()?;
    let ok = unicode.chars().all(|c| {
        c.is_ascii_alphanumeric()
            || c == '-'
            || (uri_core::spec::is_ucschar(c) && !uri_core::spec::is_bidi_formatting(c))
    });
    (ok && !unicode.is_empty()).then(|| unicode.into_owned())
}

/// Whether `label` is an `xn--` label (an A-label candidate).
pub(crate) fn is_tagged(label: &str) -> bool {
    label.len() > 4 && label.as_bytes()[..4].eq_ignore_ascii_case(b"xn--")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(name: &str) -> (IdnaErrorKind, Option<usize>) {
        to_ascii(name).unwrap_err()
    }

    #[test]
    fn each_rule_is_named_where_it_breaks() {
        assert_eq!(to_ascii("bücher.de").unwrap(), "xn--bcher-kva.de");
        assert_eq!(to_ascii("bücher.de.").unwrap(), "xn--bcher-kva.de.");
        assert_eq!(
            error("ex\u{FF0F}ample.com"),
            (IdnaErrorKind::DisallowedChar, Some(2))
        );
        assert_eq!(error("ä..b"), (IdnaErrorKind::EmptyLabel, Some(3)));
        assert_eq!(error(".ä"), (IdnaErrorKind::EmptyLabel, Some(0)));
        // Labels that map to nothing are empty too, not a bidi error.
        assert_eq!(error("\u{AD}.com"), (IdnaErrorKind::EmptyLabel, Some(0)));
        assert_eq!(error("\u{200B}.com"), (IdnaErrorKind::EmptyLabel, Some(0)));
        assert_eq!(
            error("ä.\u{AD}\u{AD}.com"),
            (IdnaErrorKind::EmptyLabel, Some(3))
        );
        assert_eq!(
            error("ä.\u{FE0F}.com"),
            (IdnaErrorKind::EmptyLabel, Some(3))
        );
        assert_eq!(error("\u{AD}"), (IdnaErrorKind::EmptyLabel, Some(0)));
        assert_eq!(
            error("a\u{3002}\u{AD}\u{3002}b"),
            (IdnaErrorKind::EmptyLabel, Some(4))
        );
        assert_eq!(error("a.-ä"), (IdnaErrorKind::Hyphen, Some(2)));
        assert_eq!(error("a.ä-"), (IdnaErrorKind::Hyphen, Some(4)));
        assert_eq!(error("ab--ä"), (IdnaErrorKind::Hyphen, Some(2)));
        assert_eq!(error("xn--a.ä"), (IdnaErrorKind::Punycode, Some(0)));
        assert_eq!(error("a\u{200D}ä"), (IdnaErrorKind::Joiner, Some(1)));
        assert_eq!(error("\u{301}ä"), (IdnaErrorKind::InvalidLabel, Some(0)));
        assert_eq!(error("aא"), (IdnaErrorKind::Bidi, Some(0)));
        let long = "ä".repeat(64);
        assert_eq!(error(&long), (IdnaErrorKind::LabelTooLong, Some(0)));
        let longer = "ä".repeat(2000);
        assert_eq!(error(&longer), (IdnaErrorKind::LabelTooLong, Some(0)));
        let name = ["ä"; 130].join(".");
        assert_eq!(error(&name).0, IdnaErrorKind::NameTooLong);
    }

    #[test]
    fn labels_to_unicode() {
        assert_eq!(label_to_unicode("xn--99zt52a").as_deref(), Some("納豆"));
        assert_eq!(label_to_unicode("xn--a"), None);
        assert!(is_tagged("XN--99zt52a"));
        assert!(!is_tagged("xn--"));
    }
}
