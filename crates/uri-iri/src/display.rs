//! The form of an IRI to show people: readable where that cannot
//! mislead, encoded where it could.

use alloc::string::String;
use core::fmt;

use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory, Script, WhiteSpace};
use icu_properties::{CodePointMapData, CodePointSetData};
use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
use unicode_security::{RestrictionLevel, RestrictionLevelDetection, skeleton};
use uri_core::spec::is_bidi_formatting;
use uri_core::{Component, HostKind, IntoIriReference, IriReference};

use crate::to_iri::{decode, may_hold};
use crate::warnings::DisplayWarningKind;

/// The form of `iri` to show people, as an [`IriDisplay`] value.
///
/// RFC 3987 §8 warns that "visually similar characters" and bidirectional
/// text can make one IRI look like another. This form is made to be read,
/// never parsed or sent:
///
/// - **The password is hidden**: `user:***@` (as uri-core's `Redacted`).
/// - **Percent-encoded text is decoded** where the URI → IRI mapping
///   (§3.2) would decode it, so `/D%C3%BCrst` reads `/Dürst`.
/// - **Characters that could mislead stay encoded**, written or decoded:
///   the bidirectional formatting characters (§4.1); white space,
///   default-ignorable and other invisible characters (general
///   categories Cc, Cf, Zs, Zl, Zp, Co, Cs, Cn); and characters that look
///   like an ASCII delimiter (their UTS #39 confusable skeleton is one:
///   `／` U+FF0F, `∕` U+2215, `？` U+FF1F, `＠` U+FF20, `։` U+0589).
/// - **A component whose right-to-left text breaks the rules of §4.2**
///   (see [`check_bidi`](crate::check_bidi)) is shown with all its
///   non-ASCII text encoded, so it cannot reorder what is around it.
/// - **A registered name is shown in Unicode label by label, only where
///   that cannot mislead**, with the rules browsers apply to IDN hosts:
///   the name must pass UTS #46 (`ToUnicode`, with the bidi and joiner
///   rules); a label stays in its `xn--` form unless its characters are
///   of one script, or of an allowed mix (Latin with Han, Hiragana and
///   Katakana; Latin with Han and Bopomofo; Latin with Han and Hangul:
///   UTS #39 "Highly Restrictive"), and unless it is a whole-script
///   confusable of an ASCII label (a label with no Latin letter whose
///   UTS #39 skeleton is all ASCII, as Cyrillic `аррӏе`), which is allowed
///   only under a top-level domain that is not ASCII. A name that fails
///   UTS #46 is shown percent-encoded. ASCII names without `xn--` labels
///   are shown as they are.
///
/// [`display_warnings`](crate::display_warnings) (or
/// [`Display::warnings`]) says why each part kept encoded is kept so, to
/// show beside this form.
///
/// The Unicode data comes from ICU4X (`icu_properties`, the crate `idna`
/// uses) and `unicode-security` (UTS #39 scripts, restriction levels and
/// confusables).
///
/// `iri` is any URI or IRI type, borrowed or a reference to an owned one
/// ([`IntoIriReference`]): `Iri`, `&IriBuf`, `Uri`, `&UriBuf`, … with no
/// `.into()`.
///
/// # Examples
///
/// ```
/// use uri_iri::display;
/// use uri_core::{IriReference, Uri};
///
/// let iri = IriReference::parse("http://user:secret@xn--bcher-kva.example/D%C3%BCrst?q=%E2%80%AE")?;
/// assert_eq!(display(iri).to_string(), "http://user:***@bücher.example/Dürst?q=%E2%80%AE");
///
/// let spoof = IriReference::parse("http://аррӏе.com/")?; // Cyrillic letters
/// assert_eq!(display(spoof).to_string(), "http://xn--80ak6aa92e.com/");
///
/// let uri = Uri::parse("http://xn--bcher-kva.example/")?;
/// assert_eq!(display(uri).to_string(), "http://bücher.example/");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn display<'a>(iri: impl IntoIriReference<'a>) -> IriDisplay<'a> {
    IriDisplay {
        iri: iri.into_iri_reference(),
    }
}

/// The old name of [`IriDisplay`], which hid `core::fmt::Display` when
/// both were imported.
///
/// # Examples
///
/// ```
/// #![allow(deprecated)]
/// let shown: uri_iri::Display<'_> = uri_iri::display(uri_core::Uri::parse("http://a/")?);
/// assert_eq!(shown.to_string(), "http://a/");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[deprecated(since = "0.1.0", note = "renamed `IriDisplay`")]
pub type Display<'a> = IriDisplay<'a>;

/// An IRI shown for people; see [`display`]. Named for what it is, so it
/// does not hide `core::fmt::Display` when both are imported.
///
/// # Examples
///
/// ```
/// use uri_iri::display;
/// use uri_core::IriReference;
///
/// let shown = display(IriReference::parse("http://a/%E6%97%A5%E6%9C%AC")?);
/// assert_eq!(format!("{shown}"), "http://a/日本");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct IriDisplay<'a> {
    iri: IriReference<'a>,
}

impl IriDisplay<'_> {
    /// Why this form keeps parts of the IRI encoded:
    /// [`display_warnings`](crate::display_warnings) of its IRI.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::{DisplayWarningKind, display};
    /// use uri_core::IriReference;
    ///
    /// let shown = display(IriReference::parse("http://g\u{3BF}ogle.com/")?); // Greek omicron
    /// assert_eq!(shown.to_string(), "http://xn--gogle-rce.com/");
    /// assert_eq!(shown.warnings()[0].kind(), DisplayWarningKind::MixedScript);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn warnings(&self) -> alloc::vec::Vec<crate::DisplayWarning> {
        crate::display_warnings(self.iri)
    }
}

impl fmt::Display for IriDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&render(self.iri))
    }
}

impl fmt::Debug for IriDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

/// The display form of `iri`.
fn render(iri: IriReference<'_>) -> String {
    let mut out = String::with_capacity(iri.as_str().len());
    if let Some(scheme) = iri.scheme() {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(authority) = iri.authority() {
        out.push_str("//");
        if let Some(userinfo) = authority.userinfo() {
            let (shown, hidden) = split_secret(userinfo);
            push_component(&mut out, shown, Component::Userinfo);
            if hidden {
                out.push_str(":***");
            }
            out.push('@');
        }
        let host = authority.host_str();
        if authority.host_kind() == HostKind::RegName {
            push_host(&mut out, host);
        } else {
            out.push_str(host);
        }
        if let Some(port) = authority.port() {
            out.push(':');
            out.push_str(port);
        }
    }
    push_component(&mut out, iri.path(), Component::Path);
    if let Some(query) = iri.query() {
        out.push('?');
        push_component(&mut out, query, Component::Query);
    }
    if let Some(fragment) = iri.fragment() {
        out.push('#');
        push_component(&mut out, fragment, Component::Fragment);
    }
    out
}

/// Writes one component: decoded, with what could mislead encoded; all
/// its non-ASCII text encoded when its bidi structure is unsafe.
fn push_component(out: &mut String, text: &str, component: Component) {
    let (decoded, bidi_safe) = decode_component(text, component);
    for c in decoded.chars() {
        if c.is_ascii() || (bidi_safe && is_display_safe(c) && may_hold(c, component)) {
            out.push(c);
        } else {
            crate::display::push_encoded(out, c);
        }
    }
}

/// The part of a userinfo that is shown, and whether a password follows
/// it that is hidden (RFC 3986 §3.2.1: `user:password` is deprecated; a
/// non-empty password is never shown, nor looked at).
pub(crate) fn split_secret(userinfo: &str) -> (&str, bool) {
    match userinfo.split_once(':') {
        Some((user, secret)) if !secret.is_empty() => (user, true),
        _ => (userinfo, false),
    }
}

/// A component's text decoded as the URI → IRI mapping decodes it, and
/// whether its right-to-left text keeps the rules of RFC 3987 §4.2 (when
/// it does not, all its non-ASCII text is shown encoded).
pub(crate) fn decode_component(text: &str, component: Component) -> (String, bool) {
    let mut decoded = String::with_capacity(text.len());
    decode(&mut decoded, text, component);
    let bidi_safe = crate::bidi::check_text(&decoded, component).is_ok();
    (decoded, bidi_safe)
}

/// Whether `c` (not ASCII) may be shown as itself: not invisible, not
/// white space, not a bidi control, not a look-alike of a delimiter.
fn is_display_safe(c: char) -> bool {
    char_concern(c).is_none()
}

/// Why `c` (not ASCII) may not be shown as itself, if it may not: the one
/// decision on characters that [`display`] applies and
/// [`display_warnings`](crate::display_warnings) explains.
pub(crate) fn char_concern(c: char) -> Option<DisplayWarningKind> {
    if is_bidi_formatting(c) {
        return Some(DisplayWarningKind::BidiFormatting);
    }
    if CodePointSetData::new::<WhiteSpace>().contains(c)
        || CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
    {
        return Some(DisplayWarningKind::Invisible);
    }
    let hidden = matches!(
        CodePointMapData::<GeneralCategory>::new().get(c),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::SpaceSeparator
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
            | GeneralCategory::PrivateUse
            | GeneralCategory::Surrogate
            | GeneralCategory::Unassigned
    );
    if hidden {
        return Some(DisplayWarningKind::Invisible);
    }
    looks_like_delimiter(c).then_some(DisplayWarningKind::DelimiterLookalike)
}

/// Whether the UTS #39 skeleton of `c` is one ASCII character that is not
/// a letter or digit: `c` could pass for a delimiter or a `%`.
fn looks_like_delimiter(c: char) -> bool {
    let mut proto = skeleton_of(c);
    match (proto.next(), proto.next()) {
        (Some(p), None) => p.is_ascii() && !p.is_ascii_alphanumeric(),
        _ => false,
    }
}

/// The skeleton of one character.
fn skeleton_of(c: char) -> impl Iterator<Item = char> {
    let mut buf = [0; 4];
    let s: &str = c.encode_utf8(&mut buf);
    // `skeleton` borrows its input; one character's prototype is short.
    let mut proto = [None; 8];
    for (slot, p) in proto.iter_mut().zip(skeleton(s)) {
        *slot = Some(p);
    }
    proto.into_iter().map_while(|p| p)
}

/// UTS #46 with the crate's compiled data.
pub(crate) const UTS46: Uts46 = Uts46::new();

/// Whether a registered name goes through UTS #46 for display: it is not
/// ASCII, or holds a `%` or an `xn--` label. Other names are shown as
/// they are.
pub(crate) fn needs_idna(host: &str) -> bool {
    !host.is_ascii() || host.contains('%') || host.split('.').any(crate::host::is_tagged)
}

/// [`Uts46::to_user_interface`] with the flags of the display form:
/// STD3 rules, hyphens allowed (a registry may have issued `a--b`).
pub(crate) fn to_user_interface(
    name: &str,
    is_shown: impl FnMut(&[char], &[char], bool) -> bool,
) -> (alloc::borrow::Cow<'_, str>, bool) {
    let (shown, result) = UTS46.to_user_interface(
        name.as_bytes(),
        AsciiDenyList::STD3,
        Hyphens::Allow,
        is_shown,
    );
    (shown, result.is_ok())
}

/// Writes a registered name: Unicode labels where safe, else `xn--`;
/// percent-encoded when it fails UTS #46.
fn push_host(out: &mut String, host: &str) {
    if !needs_idna(host) {
        out.push_str(host);
        return;
    }
    let mut decoded = String::with_capacity(host.len());
    decode(&mut decoded, host, Component::Host);
    let (shown, ok) = to_user_interface(&decoded, |label, tld, _bidi_domain| {
        is_label_safe(label, tld)
    });
    if ok {
        out.push_str(&shown);
    } else {
        // Not a name UTS #46 accepts: its bytes, encoded, for inspection.
        for c in decoded.chars() {
            if c.is_ascii() {
                out.push(c);
            } else {
                crate::display::push_encoded(out, c);
            }
        }
    }
}

/// Whether a label (valid UTS #46 Unicode, not all ASCII) may be shown in
/// Unicode under `tld`.
fn is_label_safe(label: &[char], tld: &[char]) -> bool {
    label_concern(label, tld).is_none()
}

/// Why a label (valid UTS #46 Unicode, not all ASCII) may not be shown in
/// Unicode under `tld`, if it may not: the one decision on labels that
/// [`display`] applies and [`display_warnings`](crate::display_warnings)
/// explains. A character that may not be shown comes first, then the
/// UTS #39 restriction level (§5.2), then the whole-script confusable
/// (§4).
pub(crate) fn label_concern(label: &[char], tld: &[char]) -> Option<DisplayWarningKind> {
    if let Some(kind) = label
        .iter()
        .filter(|c| !c.is_ascii())
        .find_map(|&c| char_concern(c))
    {
        return Some(kind);
    }
    let text: String = label.iter().collect();
    let level = text.as_str().detect_restriction_level();
    if level > RestrictionLevel::HighlyRestrictive {
        return Some(DisplayWarningKind::MixedScript);
    }
    let script = CodePointMapData::<Script>::new();
    let has_latin = label.iter().any(|&c| script.get(c) == Script::Latin);
    if !has_latin && skeleton(&text).all(|p| p.is_ascii()) {
        // A whole-script confusable of an ASCII label: only under a
        // top-level domain that is not ASCII either.
        let tld_ascii = tld.iter().all(char::is_ascii);
        return tld_ascii.then_some(DisplayWarningKind::WholeScriptConfusable);
    }
    None
}

/// Appends each UTF-8 byte of `c` to `out` as its `%XX` triplet.
pub(crate) fn push_encoded(out: &mut String, c: char) {
    for &b in c.encode_utf8(&mut [0; 4]).as_bytes() {
        out.push_str(uri_encode::triplet(b));
    }
}
