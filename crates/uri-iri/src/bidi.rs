//! The structure of bidirectional IRIs: RFC 3987 §4.2.

use core::fmt;

use icu_properties::CodePointMapData;
use icu_properties::props::BidiClass;
use uri_core::{Component, IntoIriReference, IriReference};

/// Which rule of RFC 3987 §4.2 a part of an IRI breaks.
///
/// # Examples
///
/// ```
/// use uri_iri::{BidiRule, check_bidi};
/// use uri_core::IriReference;
///
/// let err = check_bidi(IriReference::parse("http://a/שלוםabc")?).unwrap_err();
/// assert_eq!(err.rule(), BidiRule::Mixed);
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BidiRule {
    /// "A component SHOULD NOT use both right-to-left and left-to-right
    /// characters."
    Mixed,
    /// "A component using right-to-left characters SHOULD start and end
    /// with right-to-left characters": it starts with another.
    Start,
    /// The same rule: it ends with another.
    End,
}

impl BidiRule {
    /// The rule's name, as in the source (for JSON output).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_iri::BidiRule::Start.name(), "Start");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            BidiRule::Mixed => "Mixed",
            BidiRule::Start => "Start",
            BidiRule::End => "End",
        }
    }
}

/// A part of an IRI that breaks a rule of RFC 3987 §4.2.
///
/// # Examples
///
/// ```
/// use uri_iri::{BidiRule, check_bidi};
/// use uri_core::{Component, IriReference};
///
/// let err = check_bidi(IriReference::parse("http://a/x/1שלום")?).unwrap_err();
/// assert_eq!(err.component(), Component::Path);
/// assert_eq!(err.rule(), BidiRule::Start);
/// assert_eq!(err.index(), 11); // the part `1שלום` starts there
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BidiError {
    component: Component,
    rule: BidiRule,
    index: usize,
}

impl BidiError {
    /// The component that holds the part.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::check_bidi;
    /// use uri_core::{Component, IriReference};
    ///
    /// let err = check_bidi(IriReference::parse("http://a/?q=שלוםx")?).unwrap_err();
    /// assert_eq!(err.component(), Component::Query);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub const fn component(&self) -> Component {
        self.component
    }

    /// The rule broken.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::{BidiRule, check_bidi};
    /// use uri_core::IriReference;
    ///
    /// let err = check_bidi(IriReference::parse("http://a/שלום1")?).unwrap_err();
    /// assert_eq!(err.rule(), BidiRule::End);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub const fn rule(&self) -> BidiRule {
        self.rule
    }

    /// The byte offset in the IRI of the offending character: for
    /// [`BidiRule::Mixed`], the first character whose direction differs
    /// from the part's first strong one; for [`BidiRule::Start`], the
    /// part's first character; for [`BidiRule::End`], its last.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::check_bidi;
    /// use uri_core::IriReference;
    ///
    /// let err = check_bidi(IriReference::parse("/שלוםabc")?).unwrap_err();
    /// assert_eq!(err.index(), 9); // the `a`
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }
}

impl fmt::Display for BidiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.rule {
            BidiRule::Mixed => "mixes right-to-left and left-to-right characters",
            BidiRule::Start => "holds right-to-left characters but does not start with one",
            BidiRule::End => "holds right-to-left characters but does not end with one",
        };
        write!(
            f,
            "a part of the {} {what} (RFC 3987 §4.2), at byte {}",
            self.component.as_str(),
            self.index
        )
    }
}

impl core::error::Error for BidiError {}

/// A character's direction, for §4.2.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    /// Bidi class R or AL.
    RightToLeft,
    /// Bidi class L.
    LeftToRight,
    /// Anything else: digits, punctuation, marks.
    Neutral,
}

/// The direction of `c` by its Unicode bidi class (ICU4X data).
fn direction(c: char) -> Direction {
    if c.is_ascii() {
        return if c.is_ascii_alphabetic() {
            Direction::LeftToRight
        } else {
            Direction::Neutral
        };
    }
    match CodePointMapData::<BidiClass>::new().get(c) {
        BidiClass::RightToLeft | BidiClass::ArabicLetter => Direction::RightToLeft,
        BidiClass::LeftToRight => Direction::LeftToRight,
        _ => Direction::Neutral,
    }
}

/// Whether `c` is right-to-left (bidi class R or AL) or an Arabic digit
/// (AN): what makes a label a right-to-left label for RFC 5893.
pub(crate) fn is_right_to_left_or_arabic_number(c: char) -> bool {
    !c.is_ascii()
        && matches!(
            CodePointMapData::<BidiClass>::new().get(c),
            BidiClass::RightToLeft | BidiClass::ArabicLetter | BidiClass::ArabicNumber
        )
}

/// Checks the rules of RFC 3987 §4.2 on every part of `iri`:
///
/// > A component SHOULD NOT use both right-to-left and left-to-right
/// > characters.
/// >
/// > A component using right-to-left characters SHOULD start and end with
/// > right-to-left characters.
///
/// A "component" here is what lies between two ASCII delimiters (the
/// `gen-delims` and `sub-delims` of RFC 3986, and `.`), as the examples of
/// §4.4 split them: a host label, a path segment or the parts of one
/// around a `.` (a name and its extension: Example 4,
/// `http://AB.CD.ef/gh/IJ/KL.html` with `A`…`L` right-to-left, is
/// allowed), a query's name or value. Right-to-left characters are those of bidi class R or
/// AL, left-to-right those of class L (Unicode's data, through ICU4X);
/// digits, punctuation and marks are neutral. The scheme and port are
/// ASCII, and never break a rule.
///
/// These are SHOULDs, so this check is opt-in: parsing does not run it.
///
/// # Errors
///
/// The first part that breaks a rule, as a [`BidiError`] naming its
/// component, the rule and the offending byte.
///
/// `iri` is any URI or IRI type, borrowed or a reference to an owned one
/// ([`IntoIriReference`]): `Iri`, `&IriBuf`, `Uri`, `&UriBuf`, … with no
/// `.into()`.
///
/// # Examples
///
/// ```
/// use uri_iri::check_bidi;
/// use uri_core::IriReference;
///
/// assert!(check_bidi(IriReference::parse("http://ab.אב.example/אב/cd?שלום=1")?).is_ok());
/// assert!(check_bidi(IriReference::parse("http://example/אבcd")?).is_err());
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn check_bidi<'a>(iri: impl IntoIriReference<'a>) -> Result<(), BidiError> {
    let iri: IriReference<'a> = iri.into_iri_reference();
    let text = iri.as_str();
    if text.is_ascii() {
        return Ok(());
    }
    // Offsets are API: each component's span, not its pointer.
    let at = |component| {
        iri.components()
            .span(component)
            .map_or(text.len(), |s| s.start)
    };
    if let Some(authority) = iri.authority() {
        if let Some(userinfo) = authority.userinfo() {
            check_component(userinfo, at(Component::Userinfo), Component::Userinfo)?;
        }
        let host = authority.host_str();
        check_component(host, at(Component::Host), Component::Host)?;
    }
    let path = iri.path();
    check_component(path, at(Component::Path), Component::Path)?;
    if let Some(query) = iri.query() {
        check_component(query, at(Component::Query), Component::Query)?;
    }
    if let Some(fragment) = iri.fragment() {
        check_component(fragment, at(Component::Fragment), Component::Fragment)?;
    }
    Ok(())
}

/// [`check_bidi`] on the text of one component alone (offsets from its
/// start): for the display form, on decoded text.
pub(crate) fn check_text(text: &str, component: Component) -> Result<(), BidiError> {
    check_component(text, 0, component)
}

/// Checks each part of one component's text, found at `offset`.
fn check_component(text: &str, offset: usize, component: Component) -> Result<(), BidiError> {
    if text.is_ascii() {
        return Ok(());
    }
    let is_delimiter = |c: char| {
        matches!(
            c,
            ':' | '/'
                | '?'
                | '#'
                | '['
                | ']'
                | '@'
                | '!'
                | '$'
                | '&'
                | '\''
                | '('
                | ')'
                | '*'
                | '+'
                | ','
                | ';'
                | '='
                | '.'
        )
    };
    let mut start = 0;
    for part in text.split(is_delimiter) {
        check_part(part, offset + start, component)?;
        start += part.len() + 1;
    }
    Ok(())
}

/// Checks one part, found at `offset`.
fn check_part(part: &str, offset: usize, component: Component) -> Result<(), BidiError> {
    if part.is_ascii() {
        return Ok(());
    }
    let error = |rule, at| {
        Err(BidiError {
            component,
            rule,
            index: offset + at,
        })
    };
    let mut first_strong = None;
    let mut has_rtl = false;
    for (i, c) in part.char_indices() {
        let d = direction(c);
        if d == Direction::Neutral {
            continue;
        }
        has_rtl |= d == Direction::RightToLeft;
        match first_strong {
            None => first_strong = Some(d),
            Some(first) if first != d => return error(BidiRule::Mixed, i),
            Some(_) => {}
        }
    }
    if !has_rtl {
        return Ok(());
    }
    let mut chars = part.char_indices();
    if let Some((i, c)) = chars.next() {
        if direction(c) != Direction::RightToLeft {
            return error(BidiRule::Start, i);
        }
    }
    if let Some((i, c)) = part.char_indices().next_back() {
        if direction(c) != Direction::RightToLeft {
            return error(BidiRule::End, i);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) -> Result<(), (Component, BidiRule, usize)> {
        let iri = IriReference::parse(text).expect("valid IRI");
        check_bidi(iri).map_err(|e| (e.component(), e.rule(), e.index()))
    }

    #[test]
    fn each_rule_in_each_component() {
        assert_eq!(check("http://a/b"), Ok(()));
        assert_eq!(check("http://אב.גד/אב/גד?אב=גד#אב"), Ok(()));
        assert_eq!(
            check("http://אב-1.example/"),
            Err((Component::Host, BidiRule::End, 12))
        );
        assert_eq!(
            check("http://אבc.example/"),
            Err((Component::Host, BidiRule::Mixed, 11))
        );
        assert_eq!(
            check("http://a/1אב"),
            Err((Component::Path, BidiRule::Start, 9))
        );
        assert_eq!(
            check("http://a/?q=אבx"),
            Err((Component::Query, BidiRule::Mixed, 16))
        );
        assert_eq!(check("http://a/#אב!"), Ok(()));
        assert_eq!(
            check("//אבc@h"),
            Err((Component::Userinfo, BidiRule::Mixed, 6))
        );
        // Arabic letters (AL) are right-to-left too.
        assert_eq!(check("http://a/مرحبا"), Ok(()));
        // A part with no right-to-left character is never checked for ends.
        assert_eq!(check("http://a/1é2"), Ok(()));
        // §4.4, Example 4: a name and its extension are parts of their own.
        assert_eq!(check("http://אב.גד.ef/gh/הו/זח.html"), Ok(()));
    }
}
