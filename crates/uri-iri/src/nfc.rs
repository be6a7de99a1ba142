//! Normalization and comparison of IRIs: RFC 3987 §5.3.

use alloc::string::String;
use core::fmt;
use core::hash::{Hash, Hasher};

use icu_normalizer::ComposingNormalizer;
use uri_core::writer::Absolute;
use uri_core::{
    Component, HostKind, IntoIri, IntoIriReference, Iri, IriBuf, IriReference, IriReferenceBuf,
    IriSpec, TrustedWriter,
};

/// Which normalization [`normalize`] applies.
///
/// # Examples
///
/// ```
/// use uri_iri::{Normalization, normalize};
/// use uri_core::IriReference;
///
/// let nfd = IriReference::parse("HTTP://example.org/re\u{301}sume\u{301}")?;
/// assert_eq!(normalize(nfd, Normalization::Syntax), "http://example.org/re\u{301}sume\u{301}");
/// assert_eq!(normalize(nfd, Normalization::Nfc), "http://example.org/résumé");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Normalization {
    /// Syntax-based normalization (RFC 3987 §5.3.2): case of scheme and
    /// ASCII host letters, percent-encoding (the triplets of unreserved
    /// ASCII and of `ucschar` characters decoded, hex digits upper case),
    /// dot segments; uri-resolve's, under the IRI spec.
    #[default]
    Syntax,
    /// Syntax-based normalization, then each component's characters in
    /// Unicode Normalization Form C (§5.3.2.2, "Character Normalization").
    ///
    /// NFC runs on the text between ASCII delimiters, never across one,
    /// so no delimiter is joined to a combining mark (`=` followed by
    /// U+0338 is not turned into `≠`). A few characters are canonically
    /// equivalent to an ASCII delimiter or to a character URIs forbid
    /// (U+037E GREEK QUESTION MARK is `;`, U+1FEF GREEK VARIA is `` ` ``):
    /// those come out percent-encoded, so normalization never adds a
    /// delimiter.
    ///
    /// §5.3.2.2 says this is safe only where the text was meant to be NFC
    /// ("equivalence [...] should be used only if [...] the resource is
    /// [known to] be named in NFC"): it is not the default.
    Nfc,
}

/// The normal form of an IRI reference (RFC 3987 §5.3), by syntax alone
/// or with NFC ([`Normalization`]).
///
/// `iri` is any URI or IRI type, borrowed or a reference to an owned one
/// ([`IntoIriReference`]): `Iri`, `&IriBuf`, `Uri`, `&UriBuf`, … with no
/// `.into()`.
///
/// # Examples
///
/// ```
/// use uri_iri::{Normalization, normalize};
/// use uri_core::IriReference;
///
/// let iri = IriReference::parse("example://a/b/c/%7Bfoo%7D/ros%C3%A9")?;
/// assert_eq!(normalize(iri, Normalization::Syntax), "example://a/b/c/%7Bfoo%7D/rosé");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn normalize<'a>(iri: impl IntoIriReference<'a>, form: Normalization) -> IriReferenceBuf {
    let syntax = uri_resolve::normalize(iri.into_iri_reference());
    if form == Normalization::Syntax {
        return syntax;
    }
    let nfc = ComposingNormalizer::new_nfc();
    if nfc.is_normalized(syntax.as_str()) {
        return syntax;
    }
    let w = TrustedWriter::<IriSpec>::with_capacity(syntax.as_str().len());
    let composed = compose(syntax.as_iri_reference(), w).finish();
    // NFC may have made ASCII letters (U+212A KELVIN SIGN is `K`), which
    // a host has in lower case: normalize the syntax once more.
    uri_resolve::normalize(composed.as_iri_reference())
}

/// Each component of `iri` with its text between delimiters in NFC,
/// written to `w` (empty, or begun with `iri`'s scheme). What `w` is
/// given is a parsed IRI's, or its NFC with what a component may not
/// hold percent-encoded: valid where it lands, as the trusted writer asks.
fn compose<T>(
    iri: IriReference<'_>,
    mut w: TrustedWriter<IriSpec, T>,
) -> TrustedWriter<IriSpec, T> {
    let mut scratch = String::new();
    if let Some(scheme) = iri.scheme() {
        w.scheme(scheme);
    }
    if let Some(authority) = iri.authority() {
        w.start_authority();
        if let Some(userinfo) = authority.userinfo() {
            compose_component(&mut w, userinfo, Component::Userinfo, &mut scratch);
            w.end_userinfo();
        }
        if authority.host_kind() == HostKind::RegName {
            compose_component(&mut w, authority.host_str(), Component::Host, &mut scratch);
        } else {
            w.push_str(authority.host_str());
        }
        w.end_host();
        if let Some(port) = authority.port() {
            w.port(port);
        }
    }
    compose_component(&mut w, iri.path(), Component::Path, &mut scratch);
    if let Some(query) = iri.query() {
        w.start_query();
        compose_component(&mut w, query, Component::Query, &mut scratch);
    }
    if let Some(fragment) = iri.fragment() {
        w.start_fragment();
        compose_component(&mut w, fragment, Component::Fragment, &mut scratch);
    }
    w
}

/// Writes `text` with each run between ASCII delimiters and triplets in
/// NFC, and what NFC made that the run may not hold percent-encoded.
fn compose_component<T>(
    w: &mut TrustedWriter<IriSpec, T>,
    text: &str,
    component: Component,
    scratch: &mut String,
) {
    let nfc = ComposingNormalizer::new_nfc();
    // A run holds unreserved ASCII and non-ASCII characters only: the
    // other ASCII bytes of a valid component are delimiters or `%`.
    let boundary = |c: char| c.is_ascii() && !is_unreserved(c);
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest.find(boundary).unwrap_or(rest.len());
        let (run, after) = rest.split_at(end);
        let composed = nfc.normalize(run);
        if composed == run {
            w.push_str(run);
        } else {
            scratch.clear();
            for c in composed.chars() {
                let keep = if c.is_ascii() {
                    is_unreserved(c)
                } else {
                    crate::to_iri::may_hold(c, component)
                };
                if keep {
                    scratch.push(c);
                } else {
                    crate::display::push_encoded(scratch, c);
                }
            }
            w.push_str(scratch);
        }
        // The delimiter, or the whole triplet, in one piece: its hex
        // digits are not text to compose with what follows (`%BA` and
        // U+0301 are not `%B` and `Á`). Both are ASCII (a boundary is, and
        // so are the digits of a valid component's triplet): the step
        // ends on a character boundary.
        let bytes = after.as_bytes();
        let step = match bytes.first() {
            None => 0,
            Some(b'%') => {
                1 + bytes[1..]
                    .iter()
                    .take(2)
                    .take_while(|b| b.is_ascii())
                    .count()
            }
            Some(_) => 1,
        };
        let (piece, tail) = after.split_at(step);
        w.push_str(piece);
        rest = tail;
    }
}

/// `unreserved` (RFC 3986 §2.3), of a character.
fn is_unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~')
}

/// An IRI compared and hashed by its normal form (RFC 3987 §5.3): as a
/// `HashMap` or `BTreeMap` key, IRIs that normalize alike are one key.
///
/// # Examples
///
/// ```
/// use std::collections::HashSet;
/// use uri_iri::NormalizedIri;
/// use uri_core::Iri;
///
/// let mut seen = HashSet::new();
/// seen.insert(NormalizedIri::new(Iri::parse("HTTP://Bücher.example/%7Ea/./b")?));
/// seen.insert(NormalizedIri::new(Iri::parse("http://Bücher.example/~a/b")?));
/// assert_eq!(seen.len(), 1);
/// seen.insert(NormalizedIri::with_nfc(Iri::parse("http://x/e\u{301}")?));
/// assert!(seen.contains(&NormalizedIri::with_nfc(Iri::parse("http://x/é")?)));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Clone)]
pub struct NormalizedIri {
    iri: IriBuf,
}

impl NormalizedIri {
    /// The syntax-based normal form of `iri` ([`Normalization::Syntax`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let n = uri_iri::NormalizedIri::new(uri_core::Iri::parse("HTTP://A/%C3%A9")?);
    /// assert_eq!(n.as_str(), "http://a/é");
    /// // A URI, or an owned value by reference, without `.into()`:
    /// assert!(n == uri_iri::NormalizedIri::new(uri_core::Uri::parse("http://a/%c3%a9")?));
    /// assert!(n == uri_iri::NormalizedIri::new(&uri_core::IriBuf::parse("http://a/é")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new<'a>(iri: impl IntoIri<'a>) -> Self {
        NormalizedIri {
            iri: uri_resolve::normalize_uri(iri.into_iri()),
        }
    }

    /// The normal form of `iri` with NFC ([`Normalization::Nfc`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let n = uri_iri::NormalizedIri::with_nfc(uri_core::Iri::parse("http://a/A\u{30A}")?);
    /// assert_eq!(n.as_str(), "http://a/Å");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn with_nfc<'a>(iri: impl IntoIri<'a>) -> Self {
        let iri = iri.into_iri();
        // As `normalize` with `Normalization::Nfc`, written as an IRI.
        let syntax = uri_resolve::normalize_uri(iri);
        if ComposingNormalizer::new_nfc().is_normalized(syntax.as_str()) {
            return NormalizedIri { iri: syntax };
        }
        // `compose` writes the scheme first, as the writer asks.
        let w = TrustedWriter::<IriSpec, Absolute>::with_capacity(syntax.as_str().len());
        let composed = compose(syntax.as_iri().into(), w).finish();
        NormalizedIri {
            iri: uri_resolve::normalize_uri(composed.as_iri()),
        }
    }

    /// The normal form.
    ///
    /// # Examples
    ///
    /// ```
    /// let n = uri_iri::NormalizedIri::new(uri_core::Iri::parse("http://a/./b")?);
    /// assert_eq!(n.as_iri().path(), "/b");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn as_iri(&self) -> Iri<'_> {
        self.iri.as_iri()
    }

    /// The normal form's text.
    ///
    /// # Examples
    ///
    /// ```
    /// let n = uri_iri::NormalizedIri::new(uri_core::Iri::parse("http://a/b")?);
    /// assert_eq!(n.as_str(), "http://a/b");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        self.iri.as_str()
    }

    /// The normal form, owned.
    ///
    /// # Examples
    ///
    /// ```
    /// let n = uri_iri::NormalizedIri::new(uri_core::Iri::parse("http://a/%7e")?);
    /// assert_eq!(n.into_iri_buf(), "http://a/~");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn into_iri_buf(self) -> IriBuf {
        self.iri
    }
}

impl PartialEq for NormalizedIri {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for NormalizedIri {}

impl PartialOrd for NormalizedIri {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for NormalizedIri {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for NormalizedIri {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Display for NormalizedIri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for NormalizedIri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("NormalizedIri")
            .field(&self.as_str())
            .finish()
    }
}

impl From<Iri<'_>> for NormalizedIri {
    fn from(iri: Iri<'_>) -> Self {
        NormalizedIri::new(iri)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nfc(text: &str) -> String {
        let iri = IriReference::parse(text).expect("valid IRI");
        normalize(iri, Normalization::Nfc).into_string()
    }

    #[test]
    fn nfc_composes_between_delimiters_only() {
        assert_eq!(nfc("/e\u{301}"), "/é");
        // `=` and U+0338 would compose to `≠`: they stay apart.
        assert_eq!(nfc("?a=\u{338}b"), "?a=\u{338}b");
        // U+037E is `;` in NFC, U+1FEF is a backquote: encoded.
        assert_eq!(nfc("/a\u{37E}b"), "/a%3Bb");
        assert_eq!(nfc("/\u{1FEF}"), "/%60");
        // U+212A KELVIN SIGN is `K`, lower case in a host.
        assert_eq!(nfc("//\u{212A}.example/\u{212A}"), "//k.example/K");
        // A triplet's digits stay apart from a combining mark after it.
        assert_eq!(nfc("http://a/%BA\u{301}"), "http://a/%BA\u{301}");
        // Already NFC: the syntax form.
        assert_eq!(nfc("HTTP://A/ü"), "http://a/ü");
    }
}
