//! The two specifications a reference can be read under: URIs (RFC 3986)
//! and IRIs (RFC 3987).
//!
//! Every reference type, the builder and the parser take a [`Spec`]
//! parameter. The two specs share everything (delimiters, percent-encoding,
//! hosts, ports, resolution) but which non-ASCII characters may stand
//! literally in a component: none in a URI; `ucschar` in an IRI's userinfo,
//! host, path, query and fragment, and `iprivate` in its query (RFC 3987
//! §2.2). So an IRI is parsed by the same scan, held by the same types, and
//! resolved by the same resolver, with another `Spec`.
//!
//! Users rarely write the parameter: [`Uri`](crate::Uri),
//! [`UriReference`](crate::UriReference), … are the types with [`UriSpec`],
//! and [`Iri`](crate::Iri), [`IriReference`](crate::IriReference), … with
//! [`IriSpec`].

use core::fmt::Debug;
use core::hash::Hash;

use crate::Component;

mod sealed {
    /// Keeps [`Spec`](super::Spec) to the two specs of this module.
    pub trait Sealed {}
}

/// A specification references are read under: [`UriSpec`] or [`IriSpec`].
///
/// Sealed: the parser, the types and everything built on them assume one of
/// the two grammars. The trait says which non-ASCII characters the spec
/// allows, and the names of its types (for `Debug`).
///
/// # Examples
///
/// ```
/// use uri_core::{Component, IriSpec, Spec, UriSpec};
///
/// assert!(!UriSpec::allows_non_ascii('é', Component::Path));
/// assert!(IriSpec::allows_non_ascii('é', Component::Path));
/// assert!(!IriSpec::allows_non_ascii('é', Component::Scheme));
/// ```
pub trait Spec:
    sealed::Sealed + Copy + Default + Debug + Eq + Ord + Hash + Send + Sync + 'static
{
    /// `true` when the spec allows no non-ASCII character anywhere: the
    /// parser may then skip work that only matters for non-ASCII text.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{IriSpec, Spec, UriSpec};
    ///
    /// assert!(UriSpec::ASCII_ONLY && !IriSpec::ASCII_ONLY);
    /// ```
    const ASCII_ONLY: bool;

    /// What the spec calls its identifiers: `"URI"` or `"IRI"`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{IriSpec, Spec};
    ///
    /// assert_eq!(IriSpec::NAME, "IRI");
    /// ```
    const NAME: &'static str;

    /// The names of the spec's six reference types, for `Debug`.
    #[doc(hidden)]
    const TYPE_NAMES: TypeNames;

    /// Whether the non-ASCII character `c` may stand literally in
    /// `component` (a `Component::Host` here means a registered name).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Component, IriSpec, Spec};
    ///
    /// assert!(IriSpec::allows_non_ascii('ü', Component::Host));
    /// assert!(!IriSpec::allows_non_ascii('ü', Component::Port));
    /// ```
    fn allows_non_ascii(c: char, component: Component) -> bool;
}

/// The names of a spec's reference types (`"Uri"`, `"UriBuf"`, …).
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct TypeNames {
    pub reference: &'static str,
    pub absolute: &'static str,
    pub relative: &'static str,
    pub reference_buf: &'static str,
    pub absolute_buf: &'static str,
    pub relative_buf: &'static str,
}

/// RFC 3986: URIs, ASCII only.
///
/// # Examples
///
/// ```
/// use uri_core::{Component, Spec, UriSpec};
///
/// assert_eq!(UriSpec::NAME, "URI");
/// assert!(!UriSpec::allows_non_ascii('ü', Component::Query));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UriSpec;

impl sealed::Sealed for UriSpec {}

impl Spec for UriSpec {
    const ASCII_ONLY: bool = true;
    const NAME: &'static str = "URI";
    const TYPE_NAMES: TypeNames = TypeNames {
        reference: "UriReference",
        absolute: "Uri",
        relative: "RelativeRef",
        reference_buf: "UriReferenceBuf",
        absolute_buf: "UriBuf",
        relative_buf: "RelativeRefBuf",
    };

    #[inline]
    fn allows_non_ascii(_: char, _: Component) -> bool {
        false
    }
}

/// RFC 3987: IRIs, with `ucschar` and `iprivate` characters.
///
/// # Grammar
///
/// ```text
/// iuserinfo, ireg-name, ipath, iquery, ifragment: ucschar allowed
/// iquery: also iprivate
///
/// ucschar  = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
///          / %x10000-1FFFD / %x20000-2FFFD / … / %xD0000-DFFFD
///          / %xE1000-EFFFD
/// iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
/// ```
///
/// See [RFC 3987, section 2.2](https://www.rfc-editor.org/rfc/rfc3987#section-2.2).
/// This is the bare ABNF: the bidirectional formatting characters that
/// §4.1 says MUST NOT appear are `ucschar`s ([`is_bidi_formatting`]); the
/// parser refuses them unless
/// [`ParseOptions::allow_bidi_formatting`](crate::ParseOptions::allow_bidi_formatting)
/// is set. Scheme, port and IP literals stay ASCII.
///
/// # Examples
///
/// ```
/// use uri_core::{Component, IriSpec, Spec};
///
/// assert_eq!(IriSpec::NAME, "IRI");
/// assert!(IriSpec::allows_non_ascii('\u{E000}', Component::Query));
/// assert!(!IriSpec::allows_non_ascii('\u{E000}', Component::Path));
/// assert!(!IriSpec::allows_non_ascii('\u{FFFE}', Component::Path));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IriSpec;

impl sealed::Sealed for IriSpec {}

impl Spec for IriSpec {
    const ASCII_ONLY: bool = false;
    const NAME: &'static str = "IRI";
    const TYPE_NAMES: TypeNames = TypeNames {
        reference: "IriReference",
        absolute: "Iri",
        relative: "RelativeIri",
        reference_buf: "IriReferenceBuf",
        absolute_buf: "IriBuf",
        relative_buf: "RelativeIriBuf",
    };

    #[inline]
    fn allows_non_ascii(c: char, component: Component) -> bool {
        match component {
            Component::Userinfo | Component::Host | Component::Path | Component::Fragment => {
                is_ucschar(c)
            }
            Component::Query => is_ucschar(c) || is_iprivate(c),
            Component::Scheme | Component::Port => false,
        }
    }
}

/// Whether `c` is a `ucschar` (RFC 3987 §2.2).
///
/// # Examples
///
/// ```
/// use uri_core::spec::is_ucschar;
///
/// assert!(is_ucschar('é'));
/// assert!(is_ucschar('\u{A0}'));
/// assert!(!is_ucschar('\u{9F}'));
/// assert!(!is_ucschar('\u{FDD0}')); // a noncharacter
/// assert!(!is_ucschar('a'));
/// ```
pub const fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        || (c >= 0x10000 && c <= 0xDFFFD && (c & 0xFFFF) <= 0xFFFD)
        || (c >= 0xE1000 && c <= 0xEFFFD)
}

/// Whether `c` is a bidirectional formatting character: exactly the
/// Unicode property `Bidi_Control` (UAX #9, section 2, "Explicit
/// Directional Formatting Characters", and section 2.6 for ALM; listed in
/// the UCD's `PropList.txt`).
///
/// RFC 3987 §4.1: "IRIs MUST NOT contain bidirectional formatting
/// characters (LRM, RLM, LRE, RLE, LRO, RLO, and PDF)". Unicode has added
/// characters of the same kind since, which act the same way and are
/// refused the same way: the isolates (LRI, RLI, FSI, PDI, Unicode 6.3)
/// and U+061C ARABIC LETTER MARK (ALM, Unicode 6.3).
///
/// U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069.
///
/// # Examples
///
/// ```
/// use uri_core::spec::is_bidi_formatting;
///
/// assert!(is_bidi_formatting('\u{202E}')); // RIGHT-TO-LEFT OVERRIDE
/// assert!(is_bidi_formatting('\u{2067}')); // RIGHT-TO-LEFT ISOLATE
/// assert!(is_bidi_formatting('\u{061C}')); // ARABIC LETTER MARK
/// assert!(!is_bidi_formatting('\u{200D}')); // ZERO WIDTH JOINER
/// ```
pub const fn is_bidi_formatting(c: char) -> bool {
    matches!(
        c as u32,
        0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069
    )
}

/// Whether `c` is an `iprivate` (RFC 3987 §2.2): a private-use character.
///
/// # Examples
///
/// ```
/// use uri_core::spec::is_iprivate;
///
/// assert!(is_iprivate('\u{E000}'));
/// assert!(is_iprivate('\u{10FFFD}'));
/// assert!(!is_iprivate('\u{10FFFE}'));
/// ```
pub const fn is_iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ucschar` as RFC 3987 §2.2 lists it, range by range.
    const UCSCHAR: [(u32, u32); 17] = [
        (0xA0, 0xD7FF),
        (0xF900, 0xFDCF),
        (0xFDF0, 0xFFEF),
        (0x10000, 0x1FFFD),
        (0x20000, 0x2FFFD),
        (0x30000, 0x3FFFD),
        (0x40000, 0x4FFFD),
        (0x50000, 0x5FFFD),
        (0x60000, 0x6FFFD),
        (0x70000, 0x7FFFD),
        (0x80000, 0x8FFFD),
        (0x90000, 0x9FFFD),
        (0xA0000, 0xAFFFD),
        (0xB0000, 0xBFFFD),
        (0xC0000, 0xCFFFD),
        (0xD0000, 0xDFFFD),
        (0xE1000, 0xEFFFD),
    ];

    /// `iprivate` as RFC 3987 §2.2 lists it.
    const IPRIVATE: [(u32, u32); 3] = [(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)];

    fn listed(table: &[(u32, u32)], c: char) -> bool {
        table
            .iter()
            .any(|&(lo, hi)| (lo..=hi).contains(&(c as u32)))
    }

    /// `Bidi_Control` as the UCD's `PropList.txt` lists it (Unicode 16.0;
    /// uri-iri's tests check it against ICU4X's data too).
    const BIDI_CONTROL: [(u32, u32); 4] = [
        (0x061C, 0x061C),
        (0x200E, 0x200F),
        (0x202A, 0x202E),
        (0x2066, 0x2069),
    ];

    #[test]
    fn bidi_formatting_is_bidi_control() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(
                is_bidi_formatting(c),
                listed(&BIDI_CONTROL, c),
                "{:#X}",
                c as u32
            );
        }
        assert!(is_bidi_formatting('\u{61C}'));
        assert!(!is_bidi_formatting('\u{61B}'));
        assert!(!is_bidi_formatting('\u{61D}'));
        assert_eq!(
            (0..=0x10FFFF)
                .filter_map(char::from_u32)
                .filter(|&c| is_bidi_formatting(c))
                .count(),
            12
        );
    }

    #[test]
    fn every_character_against_the_abnf() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(is_ucschar(c), listed(&UCSCHAR, c), "{:#X}", c as u32);
            assert_eq!(is_iprivate(c), listed(&IPRIVATE, c), "{:#X}", c as u32);
            let query = listed(&UCSCHAR, c) || listed(&IPRIVATE, c);
            assert_eq!(IriSpec::allows_non_ascii(c, Component::Query), query);
            assert_eq!(
                IriSpec::allows_non_ascii(c, Component::Path),
                listed(&UCSCHAR, c)
            );
            assert!(!IriSpec::allows_non_ascii(c, Component::Scheme));
            assert!(!IriSpec::allows_non_ascii(c, Component::Port));
            assert!(!UriSpec::allows_non_ascii(c, Component::Path));
        }
    }
}
