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

use crate::component::Component;

mod sealed {
    /// Keeps [`Spec`](super::Spec) to the two specs of this module, and
    /// holds what only the crate itself reads of them.
    pub trait Sealed {
        /// The names of the spec's six reference types, for `Debug` and
        /// serde's messages.
        const TYPE_NAMES: TypeNames;
    }

    /// The names of a spec's reference types (`"Uri"`, `"UriBuf"`, …).
    #[derive(Debug, Clone, Copy)]
    pub struct TypeNames {
        pub reference: &'static str,
        pub absolute: &'static str,
        pub relative: &'static str,
        pub reference_buf: &'static str,
        pub absolute_buf: &'static str,
        pub relative_buf: &'static str,
    }
}

pub(crate) use sealed::Sealed;
use sealed::TypeNames;

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

    /// What may stand literally in the spec's text, in `uri-encode`'s
    /// terms: [`Syntax::Uri`](uri_encode::Syntax::Uri) or
    /// [`Syntax::Iri`](uri_encode::Syntax::Iri), for its normalization.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{IriSpec, Spec, UriSpec};
    /// use uri_encode::Syntax;
    ///
    /// assert_eq!(UriSpec::SYNTAX, Syntax::Uri);
    /// assert_eq!(IriSpec::SYNTAX, Syntax::Iri);
    /// ```
    const SYNTAX: uri_encode::Syntax;

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

impl sealed::Sealed for UriSpec {
    const TYPE_NAMES: TypeNames = TypeNames {
        reference: "UriReference",
        absolute: "Uri",
        relative: "RelativeRef",
        reference_buf: "UriReferenceBuf",
        absolute_buf: "UriBuf",
        relative_buf: "RelativeRefBuf",
    };
}

impl Spec for UriSpec {
    const ASCII_ONLY: bool = true;
    const NAME: &'static str = "URI";
    const SYNTAX: uri_encode::Syntax = uri_encode::Syntax::Uri;

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

impl sealed::Sealed for IriSpec {
    const TYPE_NAMES: TypeNames = TypeNames {
        reference: "IriReference",
        absolute: "Iri",
        relative: "RelativeIri",
        reference_buf: "IriReferenceBuf",
        absolute_buf: "IriBuf",
        relative_buf: "RelativeIriBuf",
    };
}

impl Spec for IriSpec {
    const ASCII_ONLY: bool = false;
    const NAME: &'static str = "IRI";
    const SYNTAX: uri_encode::Syntax = uri_encode::Syntax::Iri;

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

pub use uri_encode::grammar::{is_bidi_formatting, is_iprivate, is_ucschar};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_character_against_the_predicates() {
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let query = is_ucschar(c) || is_iprivate(c);
            assert_eq!(IriSpec::allows_non_ascii(c, Component::Query), query);
            assert_eq!(IriSpec::allows_non_ascii(c, Component::Path), is_ucschar(c));
            assert!(!IriSpec::allows_non_ascii(c, Component::Scheme));
            assert!(!IriSpec::allows_non_ascii(c, Component::Port));
            assert!(!UriSpec::allows_non_ascii(c, Component::Path));
        }
    }
}
