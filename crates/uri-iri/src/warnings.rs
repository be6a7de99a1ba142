//! Why the display form keeps part of an IRI encoded: the warnings to
//! show beside it, from the same decisions [`display`](crate::display)
//! makes.

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use uri_core::{Component, HostKind, IntoIriReference, IriSpec, Spec};

use crate::display::{
    char_concern, decode_component, label_concern, needs_idna, split_secret, to_user_interface,
};
use crate::to_iri::{decode, utf8_at};

/// Why [`display`](crate::display) keeps a host label in its `xn--` form,
/// or characters of a component percent-encoded.
///
/// Each kind has a stable [`name`](DisplayWarningKind::name) (for JSON)
/// and a sentence ([`message`](DisplayWarningKind::message), also its
/// `Display`). The kinds follow the rules of [`display`](crate::display),
/// from RFC 3987 §8 ("visually similar characters", bidirectional text),
/// UTS #39 (Unicode Security Mechanisms: §5.2 restriction levels, §4
/// confusable detection) and UTS #46 (IDNA processing).
///
/// # Examples
///
/// ```
/// use uri_iri::DisplayWarningKind;
///
/// assert_eq!(DisplayWarningKind::MixedScript.name(), "MixedScript");
/// assert!(DisplayWarningKind::ALL.contains(&DisplayWarningKind::Invisible));
/// assert_eq!(
///     DisplayWarningKind::BidiFormatting.to_string(),
///     "bidirectional formatting character (RFC 3987 §4.1)",
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum DisplayWarningKind {
    /// A host label mixes scripts beyond what UTS #39 §5.2 calls "Highly
    /// Restrictive" (one script, or Latin with Han and Hiragana and
    /// Katakana, with Han and Bopomofo, or with Han and Hangul): Latin
    /// `p`, Cyrillic `а`, Latin `ypal` in `pаypal`. Kept as `xn--`.
    MixedScript,
    /// A host label with no Latin letter whose UTS #39 confusable
    /// skeleton (§4) is all ASCII, under an ASCII top-level domain: a
    /// whole-script confusable of an ASCII label, as Cyrillic `аррӏе`
    /// for `apple`. Kept as `xn--`.
    WholeScriptConfusable,
    /// An invisible character, or one shown as a box: white space,
    /// default-ignorable code points (U+200B ZERO WIDTH SPACE, U+200D
    /// ZERO WIDTH JOINER, U+00AD SOFT HYPHEN), and the general categories
    /// Cc, Cf, Zs, Zl, Zp, Co, Cs and Cn. Kept encoded (or the host label
    /// that holds one as `xn--`). Also a host label written with only
    /// characters that UTS #46 maps to nothing, which is not shown at all.
    Invisible,
    /// A bidirectional formatting character (`Bidi_Control`: U+061C,
    /// U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069), which RFC 3987
    /// §4.1 says IRIs must not hold: it can reorder the text around it.
    /// Kept encoded.
    BidiFormatting,
    /// A character whose UTS #39 skeleton is an ASCII delimiter or `%`:
    /// `／` U+FF0F, `∕` U+2215, `？` U+FF1F, `＠` U+FF20, `։` U+0589.
    /// Kept encoded.
    DelimiterLookalike,
    /// A component whose right-to-left text breaks the rules of RFC 3987
    /// §4.2 (see [`check_bidi`](crate::check_bidi)): all its non-ASCII
    /// text is kept encoded, so that it cannot reorder what is around it.
    UnsafeBidi,
    /// A registered name that fails UTS #46 processing (§4, with the
    /// flags *UseSTD3ASCIIRules*, *CheckBidi* and *CheckJoiners*): shown
    /// with its non-ASCII text percent-encoded, for inspection.
    NotUts46,
}

impl DisplayWarningKind {
    /// Every kind, in declaration order.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::DisplayWarningKind;
    ///
    /// assert_eq!(DisplayWarningKind::ALL[0], DisplayWarningKind::MixedScript);
    /// ```
    pub const ALL: &'static [DisplayWarningKind] = &[
        DisplayWarningKind::MixedScript,
        DisplayWarningKind::WholeScriptConfusable,
        DisplayWarningKind::Invisible,
        DisplayWarningKind::BidiFormatting,
        DisplayWarningKind::DelimiterLookalike,
        DisplayWarningKind::UnsafeBidi,
        DisplayWarningKind::NotUts46,
    ];

    /// The kind's name, as in the source (for JSON output), as
    /// [`IdnaErrorKind::name`](crate::IdnaErrorKind::name).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::DisplayWarningKind;
    ///
    /// assert_eq!(DisplayWarningKind::WholeScriptConfusable.name(), "WholeScriptConfusable");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            DisplayWarningKind::MixedScript => "MixedScript",
            DisplayWarningKind::WholeScriptConfusable => "WholeScriptConfusable",
            DisplayWarningKind::Invisible => "Invisible",
            DisplayWarningKind::BidiFormatting => "BidiFormatting",
            DisplayWarningKind::DelimiterLookalike => "DelimiterLookalike",
            DisplayWarningKind::UnsafeBidi => "UnsafeBidi",
            DisplayWarningKind::NotUts46 => "NotUts46",
        }
    }

    /// A sentence on why the text is kept encoded.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::DisplayWarningKind;
    ///
    /// assert_eq!(
    ///     DisplayWarningKind::MixedScript.message(),
    ///     "label mixes scripts (UTS #39: not Highly Restrictive)",
    /// );
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            DisplayWarningKind::MixedScript => {
                "label mixes scripts (UTS #39: not Highly Restrictive)"
            }
            DisplayWarningKind::WholeScriptConfusable => {
                "label looks like an ASCII label (UTS #39 whole-script confusable)"
            }
            DisplayWarningKind::Invisible => "invisible or white-space character",
            DisplayWarningKind::BidiFormatting => {
                "bidirectional formatting character (RFC 3987 §4.1)"
            }
            DisplayWarningKind::DelimiterLookalike => "character looks like an ASCII delimiter",
            DisplayWarningKind::UnsafeBidi => {
                "right-to-left text breaks the bidi rules of RFC 3987 §4.2"
            }
            DisplayWarningKind::NotUts46 => "host name fails UTS #46 processing",
        }
    }
}

impl fmt::Display for DisplayWarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// What a [`DisplayWarning`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Part {
    /// One label of a registered name, kept as `xn--`.
    Label,
    /// A whole registered name, percent-encoded.
    Name,
    /// A run of characters, percent-encoded.
    Chars,
    /// The non-ASCII text of a whole component, percent-encoded.
    Whole,
    /// One label of a registered name that UTS #46 maps to nothing: not
    /// shown at all.
    Vanished,
}

/// Why [`display`](crate::display) keeps one part of an IRI encoded: a
/// host label in its `xn--` form, a host name or characters of another
/// component percent-encoded. See [`display_warnings`].
///
/// `Eq` compares every field.
///
/// Its `Display` is one line for people, safe to print: characters that
/// the display form keeps encoded are written by code point (`U+0430`), and a hidden
/// password is never part of a warning.
///
/// # Examples
///
/// ```
/// use uri_iri::{DisplayWarningKind, display_warnings};
/// use uri_core::{Component, IriReference};
///
/// let iri = IriReference::parse("http://xn--pypal-4ve.com/")?; // Cyrillic а
/// let warnings = display_warnings(iri);
/// assert_eq!(warnings.len(), 1);
/// let w = &warnings[0];
/// assert_eq!(w.kind(), DisplayWarningKind::MixedScript);
/// assert_eq!(w.component(), Component::Host);
/// assert_eq!(w.span(), Some(7..20));
/// assert_eq!(w.text(), "xn--pypal-4ve");
/// assert_eq!(w.unicode(), Some("p\u{430}ypal"));
/// assert_eq!(
///     w.to_string(),
///     "host label `xn--pypal-4ve` (p\u{430}ypal) at bytes 7..20 kept in ASCII form: \
///      label mixes scripts (UTS #39: not Highly Restrictive)",
/// );
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct DisplayWarning {
    kind: DisplayWarningKind,
    part: Part,
    component: Component,
    span: Option<Range<usize>>,
    text: String,
    unicode: Option<String>,
}

impl DisplayWarning {
    /// Why the text is kept encoded.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::{DisplayWarningKind, display_warnings};
    /// use uri_core::IriReference;
    ///
    /// let w = &display_warnings(IriReference::parse("http://a/%E2%80%AE")?)[0];
    /// assert_eq!(w.kind(), DisplayWarningKind::BidiFormatting);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub const fn kind(&self) -> DisplayWarningKind {
        self.kind
    }

    /// The component the text is in: [`Component::Host`] for a host
    /// label or name, else [`Component::Userinfo`], [`Component::Path`],
    /// [`Component::Query`] or [`Component::Fragment`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::display_warnings;
    /// use uri_core::{Component, IriReference};
    ///
    /// let w = &display_warnings(IriReference::parse("http://a/?q=%E2%80%8B")?)[0];
    /// assert_eq!(w.component(), Component::Query);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub const fn component(&self) -> Component {
        self.component
    }

    /// The byte range of the text in the IRI, when it is known: a host
    /// label's, a run of characters' (with their triplets when they are
    /// percent-encoded), or a whole component's or host's. `None` when a
    /// label of the name as mapped by UTS #46 cannot be matched with the
    /// text as written.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::display_warnings;
    /// use uri_core::IriReference;
    ///
    /// let w = &display_warnings(IriReference::parse("http://a/b%E2%80%8Bc")?)[0];
    /// assert_eq!(w.span(), Some(10..19));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn span(&self) -> Option<Range<usize>> {
        self.span.clone()
    }

    /// The text as written in the IRI: the host label, the run of
    /// characters, the component or the host name. It may hold the
    /// characters warned about, unescaped: print [`DisplayWarning`]
    /// itself, not this, to people.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::display_warnings;
    /// use uri_core::IriReference;
    ///
    /// let w = &display_warnings(IriReference::parse("http://a/b%E2%80%8Bc")?)[0];
    /// assert_eq!(w.text(), "%E2%80%8B");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The Unicode form of the text: a host label's UTS #46 `ToUnicode`
    /// form, or the characters decoded. `None` for a host name UTS #46
    /// refuses whose text does not decode as UTF-8. Like
    /// [`text`](DisplayWarning::text), not escaped.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::display_warnings;
    /// use uri_core::IriReference;
    ///
    /// let w = &display_warnings(IriReference::parse("http://xn--80ak6aa92e.com/")?)[0];
    /// assert_eq!(w.unicode(), Some("аррӏе"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn unicode(&self) -> Option<&str> {
        self.unicode.as_deref()
    }
}

impl fmt::Display for DisplayWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let component = self.component.as_str();
        match self.part {
            Part::Label | Part::Vanished => f.write_str("host label `")?,
            Part::Name => f.write_str("host `")?,
            Part::Chars => write!(f, "{component} characters `")?,
            Part::Whole => write!(f, "{component}")?,
        }
        if self.part != Part::Whole {
            // Right-to-left text of a component that breaks the bidi
            // rules is not repeated: it could reorder the line.
            write_escaped(f, &self.text)?;
            f.write_str("`")?;
            match &self.unicode {
                Some(unicode) if !unicode.is_empty() && *unicode != self.text => {
                    f.write_str(" (")?;
                    write_escaped(f, unicode)?;
                    f.write_str(")")?;
                }
                _ => {}
            }
        }
        if let Some(span) = &self.span {
            write!(f, " at bytes {}..{}", span.start, span.end)?;
        }
        let how = match self.part {
            Part::Label => "kept in ASCII form",
            Part::Name | Part::Chars => "kept percent-encoded",
            Part::Whole => "non-ASCII text kept percent-encoded",
            Part::Vanished => "maps to nothing and is not shown",
        };
        write!(f, " {how}: {}", self.kind)
    }
}

/// Writes `text` with every character the display form would not show as
/// itself written by code point (`U+202E`).
fn write_escaped(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    for c in text.chars() {
        if c.is_ascii_control() || (!c.is_ascii() && char_concern(c).is_some()) {
            write!(f, "U+{:04X}", u32::from(c))?;
        } else {
            fmt::Write::write_char(f, c)?;
        }
    }
    Ok(())
}

/// Why [`display`](crate::display) shows parts of `iri` encoded: one
/// warning for each host label kept in its `xn--` form, for each host
/// label written with only characters UTS #46 maps to nothing (so that
/// it is not shown at all: `http://\u{200B}.com/` shows as
/// `http://.com/`; an [`Invisible`](DisplayWarningKind::Invisible)
/// warning), for a host name UTS #46 refuses, for each run of characters
/// it keeps percent-encoded
/// because they could mislead (bidi formatting, invisible, look-alikes of
/// delimiters), and for each component whose right-to-left text breaks
/// RFC 3987 §4.2. In the order of the IRI. Empty when what the display
/// form keeps encoded (if anything) is only what an IRI cannot hold
/// (bytes that are not UTF-8, ASCII delimiters, `iprivate` outside the
/// query) and the hidden password.
///
/// The decisions are those of [`display`](crate::display), made by the
/// same functions; see there for the rules (RFC 3987 §4.1, §4.2, §8;
/// UTS #39 §4 and §5.2; UTS #46 §4). A password in the userinfo is never
/// looked at. Linear in the length of the IRI; never panics.
///
/// # Examples
///
/// ```
/// use uri_iri::{DisplayWarningKind, display, display_warnings};
/// use uri_core::IriReference;
///
/// let iri = IriReference::parse("http://аррӏе.com/a%E2%80%AEb")?; // Cyrillic letters
/// assert_eq!(display(iri).to_string(), "http://xn--80ak6aa92e.com/a%E2%80%AEb");
/// let kinds: Vec<_> = display_warnings(iri).iter().map(|w| w.kind().name()).collect();
/// assert_eq!(kinds, ["WholeScriptConfusable", "BidiFormatting"]);
///
/// let fine = IriReference::parse("http://bücher.de/Dürst")?;
/// assert!(display_warnings(fine).is_empty());
/// // Any URI or IRI type, borrowed or owned, without `.into()`:
/// assert!(display_warnings(uri_core::Uri::parse("http://example.com/")?).is_empty());
/// assert!(display_warnings(&uri_core::IriBuf::parse("http://bücher.de/")?).is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn display_warnings<'a>(iri: impl IntoIriReference<'a>) -> Vec<DisplayWarning> {
    let iri = iri.into_iri_reference();
    let mut out = Vec::new();
    // Where each component starts, from the parser's spans (offsets are
    // API, not recovered from the getters' pointers).
    let parts = iri.components();
    let start = |component| parts.span(component).map_or(0, |span| span.start);
    if let Some(authority) = iri.authority() {
        if let Some(userinfo) = authority.userinfo() {
            let (shown, _hidden) = split_secret(userinfo);
            let at = start(Component::Userinfo);
            component_warnings(&mut out, at, shown, Component::Userinfo);
        }
        if authority.host_kind() == HostKind::RegName {
            host_warnings(&mut out, authority.host_span().start, authority.host_str());
        }
    }
    let path = iri.path();
    component_warnings(&mut out, start(Component::Path), path, Component::Path);
    if let Some(query) = iri.query() {
        component_warnings(&mut out, start(Component::Query), query, Component::Query);
    }
    if let Some(fragment) = iri.fragment() {
        let at = start(Component::Fragment);
        component_warnings(&mut out, at, fragment, Component::Fragment);
    }
    out
}

/// The characters of `text` with their byte ranges in it: a run of
/// triplets that spells one UTF-8 character is that character, anything
/// else (a `%` that starts no such run included) itself.
fn chars_with_spans(text: &str) -> impl Iterator<Item = (char, Range<usize>)> + '_ {
    let bytes = text.as_bytes();
    let mut i = 0;
    core::iter::from_fn(move || {
        let c = text.get(i..)?.chars().next()?;
        let start = i;
        if c == '%' {
            if let Some(first) = uri_encode::triplet_at(bytes, i) {
                if !first.is_ascii() {
                    if let (len, Some(d)) = utf8_at(bytes, i, first) {
                        i += 3 * len;
                        return Some((d, start..i));
                    }
                }
            }
        }
        i += c.len_utf8();
        Some((c, start..i))
    })
}

/// The warnings of one component (not the host), `text` at `offset` in
/// the IRI: the component's bidi structure, then each run of characters
/// of one concern.
fn component_warnings(
    out: &mut Vec<DisplayWarning>,
    offset: usize,
    text: &str,
    component: Component,
) {
    if text.is_ascii() && !text.contains('%') {
        return;
    }
    let (decoded, bidi_safe) = decode_component(text, component);
    if !bidi_safe {
        out.push(DisplayWarning {
            kind: DisplayWarningKind::UnsafeBidi,
            part: Part::Whole,
            component,
            span: Some(offset..offset + text.len()),
            text: text.to_owned(),
            unicode: Some(decoded),
        });
    }
    char_warnings(out, text, offset, component);
}

/// A warning for each run of characters of `text` (at `offset` in the
/// IRI) that share a concern.
fn char_warnings(out: &mut Vec<DisplayWarning>, text: &str, offset: usize, component: Component) {
    let mut run: Option<(DisplayWarningKind, Range<usize>, String)> = None;
    let flush = |out: &mut Vec<DisplayWarning>,
                 run: Option<(DisplayWarningKind, Range<usize>, String)>| {
        if let Some((kind, span, unicode)) = run {
            out.push(DisplayWarning {
                kind,
                part: Part::Chars,
                component,
                span: Some(offset + span.start..offset + span.end),
                text: text.get(span).unwrap_or_default().to_owned(),
                unicode: Some(unicode),
            });
        }
    };
    for (c, span) in chars_with_spans(text) {
        // A character the component cannot hold in an IRI stays encoded
        // whatever it is: no warning for it.
        let concern = if c.is_ascii() || !IriSpec::allows_non_ascii(c, component) {
            None
        } else {
            char_concern(c)
        };
        match (concern, &mut run) {
            (Some(kind), Some((k, r, u))) if *k == kind && r.end == span.start => {
                r.end = span.end;
                u.push(c);
            }
            (Some(kind), _) => {
                flush(out, run.take());
                run = Some((kind, span, String::from(c)));
            }
            (None, _) => flush(out, run.take()),
        }
    }
    flush(out, run);
}

/// The warnings of a registered name: each label kept as `xn--`, with its
/// reason; or, when UTS #46 refuses the name, one for the name and those
/// of its characters. `host` is at `offset` in the IRI.
fn host_warnings(out: &mut Vec<DisplayWarning>, offset: usize, host: &str) {
    if !needs_idna(host) {
        return;
    }
    let mut decoded = String::with_capacity(host.len());
    decode(&mut decoded, host, Component::Host);
    // Each label the display form asks about, in order, with its answer.
    let mut asked: Vec<(String, Option<DisplayWarningKind>)> = Vec::new();
    let (shown, ok) = to_user_interface(&decoded, |label, tld, _bidi_domain| {
        let concern = label_concern(label, tld);
        asked.push((label.iter().collect(), concern));
        concern.is_none()
    });
    if !ok {
        out.push(DisplayWarning {
            kind: DisplayWarningKind::NotUts46,
            part: Part::Name,
            component: Component::Host,
            span: Some(offset..offset + host.len()),
            text: host.to_owned(),
            unicode: uri_encode::decode_utf8(host).ok().map(|d| d.into_owned()),
        });
        char_warnings(out, host, offset, Component::Host);
        return;
    }
    // The labels as written, split where UTS #46 sees a dot (written or
    // percent-encoded); matched with the shown labels when as many.
    let mut written = Vec::new();
    let mut start = 0;
    for (c, span) in chars_with_spans(host) {
        if crate::host::is_dot(c) {
            written.push(start..span.start);
            start = span.end;
        }
    }
    written.push(start..host.len());
    let labels = shown.split('.');
    let matched = labels.clone().count() == written.len();
    let mut asked = asked.into_iter();
    for (k, label) in labels.enumerate() {
        let range = written.get(k).filter(|_| matched);
        let as_written = range.and_then(|r| host.get(r.clone()));
        if label.is_empty() {
            // Written, but every character of it maps to nothing (U+00AD,
            // U+200B): the form shown has an empty label, or no host.
            if let (Some(r), Some(text)) = (range, as_written.filter(|t| !t.is_empty())) {
                out.push(DisplayWarning {
                    kind: DisplayWarningKind::Invisible,
                    part: Part::Vanished,
                    component: Component::Host,
                    span: Some(offset + r.start..offset + r.end),
                    text: text.to_owned(),
                    unicode: Some(String::new()),
                });
            }
            continue;
        }
        // A label was asked about when its Unicode form is not ASCII: it
        // is shown in Unicode, or in its `xn--` form.
        if label.is_ascii() && !crate::host::is_tagged(label) {
            continue;
        }
        let Some((unicode, concern)) = asked.next() else {
            break;
        };
        let Some(kind) = concern else {
            continue;
        };
        out.push(DisplayWarning {
            kind,
            part: Part::Label,
            component: Component::Host,
            span: range.map(|r| offset + r.start..offset + r.end),
            text: as_written.unwrap_or(label).to_owned(),
            unicode: Some(unicode),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::ToString;
    use alloc::vec;
    use uri_core::IriReference;

    /// `(kind name, component, span, text)` of each warning of `input`.
    fn warnings(input: &str) -> Vec<(&'static str, Component, Option<Range<usize>>, String)> {
        let iri = IriReference::parse(input).unwrap();
        display_warnings(iri)
            .into_iter()
            .map(|w| {
                (
                    w.kind().name(),
                    w.component(),
                    w.span(),
                    w.text().to_owned(),
                )
            })
            .collect()
    }

    #[test]
    fn every_kind_has_a_distinct_name_and_message() {
        for (i, a) in DisplayWarningKind::ALL.iter().enumerate() {
            assert!(!a.message().is_empty());
            assert_eq!(a.to_string(), a.message());
            assert_eq!(format!("{a:?}"), a.name());
            for b in &DisplayWarningKind::ALL[i + 1..] {
                assert_ne!(a.name(), b.name());
                assert_ne!(a.message(), b.message());
            }
        }
    }

    #[test]
    fn plain_names_and_ascii_have_none() {
        for input in [
            "http://example.com/a?b#c",
            "http://bücher.de/Dürst",
            "http://xn--bcher-kva.de/",
            "http://例え.jp/",
            "http://[::1]/",
            "http://1.2.3.4/%FF",
            "mailto:a@b",
            "/%E2%82%AC",
            "http://пример.рф/",
            "http://a/%EE%80%80", // iprivate: not an IRI's in a path
        ] {
            assert_eq!(warnings(input), vec![], "{input}");
        }
    }

    #[test]
    fn host_labels() {
        use Component::Host;
        assert_eq!(
            warnings("http://www.p\u{430}ypal.com/"),
            vec![("MixedScript", Host, Some(11..18), "p\u{430}ypal".into())]
        );
        assert_eq!(
            warnings("http://xn--80ak6aa92e.com/"),
            vec![(
                "WholeScriptConfusable",
                Host,
                Some(7..21),
                "xn--80ak6aa92e".into()
            )]
        );
        // Percent-encoded, with a percent-encoded dot (U+3002).
        assert_eq!(
            warnings("http://p%D0%B0ypal%E3%80%82com/"),
            vec![("MixedScript", Host, Some(7..18), "p%D0%B0ypal".into())]
        );
        // A joiner where RFC 5892 allows it (after a virama): valid, but
        // invisible.
        assert_eq!(
            warnings("http://\u{915}\u{94D}\u{200D}.com/"),
            vec![(
                "Invisible",
                Host,
                Some(7..16),
                "\u{915}\u{94D}\u{200D}".into()
            )]
        );
        // Labels of invisible characters vanish.
        assert_eq!(
            warnings("http://\u{200B}.com/"),
            vec![("Invisible", Host, Some(7..10), "\u{200B}".into())]
        );
        assert_eq!(
            warnings("http://a.%C2%AD.com/"),
            vec![("Invisible", Host, Some(9..15), "%C2%AD".into())]
        );
        // Not UTS #46: the name, then its characters.
        assert_eq!(
            warnings("http://a%E2%80%AEb.com/"),
            vec![
                ("NotUts46", Host, Some(7..22), "a%E2%80%AEb.com".into()),
                ("BidiFormatting", Host, Some(8..17), "%E2%80%AE".into()),
            ]
        );
        assert_eq!(
            warnings("http://ex\u{FF0F}ample.com/"),
            vec![
                ("NotUts46", Host, Some(7..21), "ex\u{FF0F}ample.com".into()),
                ("DelimiterLookalike", Host, Some(9..12), "\u{FF0F}".into()),
            ]
        );
    }

    #[test]
    fn components() {
        use Component::{Fragment, Path, Query, Userinfo};
        assert_eq!(
            warnings("http://a/b%E2%80%8B%E2%80%8Bc?%EF%BC%8F#\u{2028}"),
            vec![
                ("Invisible", Path, Some(10..28), "%E2%80%8B%E2%80%8B".into()),
                (
                    "DelimiterLookalike",
                    Query,
                    Some(30..39),
                    "%EF%BC%8F".into()
                ),
                ("Invisible", Fragment, Some(40..43), "\u{2028}".into()),
            ]
        );
        // Private use, which a query may hold, is shown as nothing or a box.
        assert_eq!(
            warnings("http://a/?%EE%80%80"),
            vec![("Invisible", Query, Some(10..19), "%EE%80%80".into())]
        );
        // Two kinds side by side are two warnings.
        let kinds: Vec<_> = warnings("/%E2%80%AE%E2%80%8B")
            .into_iter()
            .map(|w| w.0)
            .collect();
        assert_eq!(kinds, ["BidiFormatting", "Invisible"]);
        // A hidden password is not looked at; a user name is.
        assert_eq!(warnings("http://u:p%E2%80%AE@a/"), vec![]);
        assert_eq!(
            warnings("http://u%E2%80%8B:@a/"),
            vec![("Invisible", Userinfo, Some(8..17), "%E2%80%8B".into())]
        );
        // Right-to-left text that breaks §4.2: the whole component.
        assert_eq!(
            warnings("http://a/%D7%90b"),
            vec![("UnsafeBidi", Path, Some(8..16), "/%D7%90b".into())]
        );
    }

    #[test]
    fn messages_escape_what_they_warn_of() {
        let iri = IriReference::parse("http://a/x%E2%80%AEy?\u{200B}").unwrap();
        let lines: Vec<_> = display_warnings(iri)
            .iter()
            .map(|w| w.to_string())
            .collect();
        assert_eq!(
            lines,
            [
                "path characters `%E2%80%AE` (U+202E) at bytes 10..19 kept percent-encoded: \
                 bidirectional formatting character (RFC 3987 §4.1)",
                "query characters `U+200B` at bytes 21..24 kept percent-encoded: \
                 invisible or white-space character",
            ]
        );
        let iri = IriReference::parse("http://\u{200B}.com/").unwrap();
        assert_eq!(
            display_warnings(iri)[0].to_string(),
            "host label `U+200B` at bytes 7..10 maps to nothing and is not shown: \
             invisible or white-space character"
        );
        let iri = IriReference::parse("http://a/%D7%90b").unwrap();
        assert_eq!(
            display_warnings(iri)[0].to_string(),
            "path at bytes 8..16 non-ASCII text kept percent-encoded: \
             right-to-left text breaks the bidi rules of RFC 3987 §4.2"
        );
    }

    #[test]
    fn spans_of_characters() {
        let spans: Vec<_> = chars_with_spans("a%C3%A9%41%FF%e2%82%ac\u{E9}%").collect();
        assert_eq!(
            spans,
            [
                ('a', 0..1),
                ('\u{E9}', 1..7),
                ('%', 7..8),
                ('4', 8..9),
                ('1', 9..10),
                ('%', 10..11),
                ('F', 11..12),
                ('F', 12..13),
                ('\u{20AC}', 13..22),
                ('\u{E9}', 22..24),
                ('%', 24..25),
            ]
        );
    }
}
