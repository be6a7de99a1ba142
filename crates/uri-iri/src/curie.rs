//! CURIEs (W3C CURIE Syntax 1.0): compact IRIs written `prefix:reference`,
//! expanded with a prefix mapping to IRIs, and IRIs compressed back.
//!
//! ```text
//! safe_curie := '[' curie ']'
//! curie      := [ [ prefix ] ':' ] reference
//! prefix     := NCName
//! reference  := irelative-ref (as defined in RFC 3987)
//! ```
//!
//! A CURIE expands to its prefix's IRI followed by its reference, which
//! must then be an IRI (RFC 3987 §2.2): [`CurieMap::expand`] returns it
//! typed, an [`IriBuf`]. A CURIE without a prefix (`:name`, or `name`)
//! takes the default prefix, when the map has one. [`CurieMap::compress`]
//! does the reverse: the longest mapped IRI that begins the IRI wins, and
//! `expand(compress(iri)) == iri` for every IRI it compresses.
//!
//! See <https://www.w3.org/TR/curie/>.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use uri_core::{IntoIri, Iri, IriBuf, IriReference};

/// Why a CURIE does not expand, or a prefix mapping is refused. `index` is
/// a byte offset into the CURIE (or the mapping's prefix).
///
/// # Examples
///
/// ```
/// use uri_iri::{CurieErrorKind, CurieMap};
///
/// let map = CurieMap::new();
/// let e = map.expand("foaf:name").unwrap_err();
/// assert_eq!((e.kind(), e.index()), (CurieErrorKind::UnknownPrefix, 0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CurieError {
    kind: CurieErrorKind,
    index: usize,
}

uri_encode::error_kinds! {
    crate = uri_iri, example = UnknownPrefix;
    /// What is wrong with a CURIE or a prefix mapping.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::{CurieErrorKind, CurieMap};
    ///
    /// let err = CurieMap::new().expand("ex:a").unwrap_err();
    /// assert_eq!(err.kind(), CurieErrorKind::UnknownPrefix);
    /// assert_eq!(err.kind().name(), "UnknownPrefix");
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    #[non_exhaustive]
    pub enum CurieErrorKind {
        /// The prefix is not an NCName (a letter or `_`, then letters,
        /// digits, `.`, `-`, `_`); `index` at the first character that is not.
        InvalidPrefix => "the prefix is not an NCName",
        /// No mapping for the prefix (or no default prefix for a CURIE
        /// without one); `index` at the prefix's start.
        UnknownPrefix => "no mapping for the prefix",
        /// The reference is not an `irelative-ref`; `index` at its first
        /// wrong character.
        InvalidReference => "the reference is not a relative IRI reference",
        /// A `[` without its `]` (or a `]` without its `[`); `index` at it.
        UnclosedBracket => "a safe CURIE's `[` and `]` do not pair",
        /// The expansion is not an IRI, or a mapping's IRI is not one;
        /// `index` at the reference's start (or 0 for a mapping).
        InvalidIri => "the expansion is not an IRI",
    }
}

impl CurieError {
    /// What is wrong.
    pub const fn kind(&self) -> CurieErrorKind {
        self.kind
    }

    /// The byte offset of the problem.
    pub const fn index(&self) -> usize {
        self.index
    }

    const fn new(kind: CurieErrorKind, index: usize) -> Self {
        CurieError { kind, index }
    }
}

impl fmt::Display for CurieError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind, self.index)
    }
}

impl core::error::Error for CurieError {}

/// A prefix mapping: prefixes (NCNames) to IRIs, and an optional default
/// prefix. `Eq` compares the mappings.
///
/// # Examples
///
/// ```
/// use uri_iri::CurieMap;
///
/// let mut map = CurieMap::new();
/// map.insert("foaf", "http://xmlns.com/foaf/0.1/")?;
/// let iri = map.expand("[foaf:name]")?;
/// assert_eq!(iri.as_str(), "http://xmlns.com/foaf/0.1/name");
/// assert_eq!(map.compress(iri.as_iri()).as_deref(), Some("foaf:name"));
/// # Ok::<(), uri_iri::CurieError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CurieMap {
    prefixes: Vec<(String, String)>,
    default: Option<String>,
}

/// Whether `c` may begin an NCName (XML Namespaces 1.0, without `:`).
fn is_name_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

/// Whether `c` may stand in an NCName after its first character.
fn is_name_char(c: char) -> bool {
    is_name_start(c) || c.is_numeric() || matches!(c, '.' | '-' | '\u{B7}')
}

/// The offset of the first character of `prefix` that an NCName cannot
/// hold there; `Some(0)` for the empty string.
fn ncname_error(prefix: &str) -> Option<usize> {
    let mut chars = prefix.char_indices();
    match chars.next() {
        Some((_, c)) if is_name_start(c) => {}
        _ => return Some(0),
    }
    chars.find(|&(_, c)| !is_name_char(c)).map(|(i, _)| i)
}

/// Whether `text`, a prefix's mapping, is an IRI (with a scheme).
fn valid_iri(text: &str) -> bool {
    Iri::parse(text).is_ok()
}

impl CurieMap {
    /// An empty map, with no default prefix.
    pub fn new() -> Self {
        CurieMap::default()
    }

    /// Maps `prefix` to `iri`, replacing an earlier mapping of the prefix.
    ///
    /// # Errors
    ///
    /// [`CurieErrorKind::InvalidPrefix`] for a prefix that is not an
    /// NCName (at its offset); [`CurieErrorKind::InvalidIri`] for an `iri`
    /// that is not an IRI (with a scheme, RFC 3987 §2.2).
    ///
    /// # Examples
    ///
    /// ```
    /// let mut map = uri_iri::CurieMap::new();
    /// assert!(map.insert("dc", "http://purl.org/dc/terms/").is_ok());
    /// assert!(map.insert("1x", "http://example.org/").is_err());
    /// assert!(map.insert("x", "relative/").is_err());
    /// ```
    pub fn insert(&mut self, prefix: &str, iri: &str) -> Result<(), CurieError> {
        if let Some(index) = ncname_error(prefix) {
            return Err(CurieError::new(CurieErrorKind::InvalidPrefix, index));
        }
        if !valid_iri(iri) {
            return Err(CurieError::new(CurieErrorKind::InvalidIri, 0));
        }
        match self.prefixes.iter_mut().find(|(p, _)| p == prefix) {
            Some((_, mapped)) => *mapped = iri.to_string(),
            None => self.prefixes.push((prefix.to_string(), iri.to_string())),
        }
        Ok(())
    }

    /// Makes `iri` the default prefix's mapping, for CURIEs without a
    /// prefix (`:name`, `name`).
    ///
    /// # Errors
    ///
    /// [`CurieErrorKind::InvalidIri`] for an `iri` that is not an IRI.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut map = uri_iri::CurieMap::new();
    /// map.set_default("http://www.w3.org/1999/xhtml/vocab#")?;
    /// assert_eq!(map.expand(":next")?.as_str(), "http://www.w3.org/1999/xhtml/vocab#next");
    /// # Ok::<(), uri_iri::CurieError>(())
    /// ```
    pub fn set_default(&mut self, iri: &str) -> Result<(), CurieError> {
        if !valid_iri(iri) {
            return Err(CurieError::new(CurieErrorKind::InvalidIri, 0));
        }
        self.default = Some(iri.to_string());
        Ok(())
    }

    /// The IRI `prefix` maps to.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut map = uri_iri::CurieMap::new();
    /// map.insert("ex", "http://example.org/")?;
    /// assert_eq!(map.get("ex"), Some("http://example.org/"));
    /// # Ok::<(), uri_iri::CurieError>(())
    /// ```
    pub fn get(&self, prefix: &str) -> Option<&str> {
        self.prefixes
            .iter()
            .find(|(p, _)| p == prefix)
            .map(|(_, iri)| iri.as_str())
    }

    /// How many prefixes are mapped (the default prefix aside).
    pub fn len(&self) -> usize {
        self.prefixes.len()
    }

    /// Whether no prefix is mapped and there is no default prefix.
    pub fn is_empty(&self) -> bool {
        self.prefixes.is_empty() && self.default.is_none()
    }

    /// The IRI `curie` stands for: a CURIE or a safe CURIE (`[…]`), its
    /// prefix's IRI followed by its reference, checked as an IRI.
    ///
    /// # Errors
    ///
    /// A [`CurieError`] at the offset in `curie` of what is wrong: an
    /// unpaired bracket, a prefix that is no NCName or has no mapping, a
    /// reference that is not an `irelative-ref`, an expansion that is not
    /// an IRI.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_iri::CurieMap;
    ///
    /// let mut map = CurieMap::new();
    /// map.insert("ex", "http://example.org/")?;
    /// assert_eq!(map.expand("ex:a/b?c#d")?.as_str(), "http://example.org/a/b?c#d");
    /// assert_eq!(map.expand("[ex:Википедия]")?.as_str(), "http://example.org/Википедия");
    /// # Ok::<(), uri_iri::CurieError>(())
    /// ```
    pub fn expand(&self, curie: &str) -> Result<IriBuf, CurieError> {
        let (body, offset) = match (curie.strip_prefix('['), curie.strip_suffix(']')) {
            (Some(_), Some(_)) if curie.len() >= 2 => (&curie[1..curie.len() - 1], 1),
            (Some(_), _) => {
                return Err(CurieError::new(CurieErrorKind::UnclosedBracket, 0));
            }
            (None, Some(_)) => {
                return Err(CurieError::new(
                    CurieErrorKind::UnclosedBracket,
                    curie.len() - 1,
                ));
            }
            (None, None) => (curie, 0),
        };
        let (mapped, reference, reference_at) = match body.split_once(':') {
            Some(("", reference)) => (self.default.as_deref(), reference, offset + 1),
            Some((prefix, reference)) => {
                if let Some(index) = ncname_error(prefix) {
                    return Err(CurieError::new(
                        CurieErrorKind::InvalidPrefix,
                        offset + index,
                    ));
                }
                (self.get(prefix), reference, offset + prefix.len() + 1)
            }
            None => (self.default.as_deref(), body, offset),
        };
        let Some(mapped) = mapped else {
            return Err(CurieError::new(CurieErrorKind::UnknownPrefix, offset));
        };
        match IriReference::parse(reference) {
            Err(e) => {
                return Err(CurieError::new(
                    CurieErrorKind::InvalidReference,
                    reference_at + e.index(),
                ));
            }
            Ok(r) if r.scheme().is_some() => {
                return Err(CurieError::new(
                    CurieErrorKind::InvalidReference,
                    reference_at,
                ));
            }
            Ok(_) => {}
        }
        let mut text = String::with_capacity(mapped.len() + reference.len());
        text.push_str(mapped);
        text.push_str(reference);
        Iri::parse(&text)
            .map(|iri| iri.to_buf())
            .map_err(|_| CurieError::new(CurieErrorKind::InvalidIri, reference_at))
    }

    /// The CURIE of `iri`: the prefix whose IRI is the longest that begins
    /// it (a named prefix before the default one, written `:reference`,
    /// at equal length), when what follows is a reference that expands
    /// back to `iri`; `None` when no mapping does.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Iri;
    /// use uri_iri::CurieMap;
    ///
    /// let mut map = CurieMap::new();
    /// map.insert("ex", "http://example.org/")?;
    /// map.insert("exv", "http://example.org/vocab#")?;
    /// let iri = Iri::parse("http://example.org/vocab#term")?;
    /// assert_eq!(map.compress(iri).as_deref(), Some("exv:term"));
    /// assert_eq!(map.compress(Iri::parse("https://other.example/")?), None);
    /// // A URI, or an owned value by reference, without `.into()`:
    /// let uri = uri_core::UriBuf::parse("http://example.org/a")?;
    /// assert_eq!(map.compress(&uri).as_deref(), Some("ex:a"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compress<'a>(&self, iri: impl IntoIri<'a>) -> Option<String> {
        let iri = iri.into_iri();
        let text = iri.as_str();
        let named = self.prefixes.iter().map(|(p, m)| (p.as_str(), m.as_str()));
        let default = self.default.as_deref().map(|m| ("", m));
        let mut best: Option<(&str, &str)> = None;
        for (prefix, mapped) in named.chain(default) {
            if !text.starts_with(mapped) || best.is_some_and(|(_, b)| b.len() >= mapped.len()) {
                continue;
            }
            let curie = compose(prefix, &text[mapped.len()..]);
            if self.expand(&curie).is_ok_and(|back| back.as_str() == text) {
                best = Some((prefix, mapped));
            }
        }
        best.map(|(prefix, mapped)| compose(prefix, &text[mapped.len()..]))
    }
}

/// `prefix:reference`.
fn compose(prefix: &str, reference: &str) -> String {
    let mut curie = String::with_capacity(prefix.len() + 1 + reference.len());
    curie.push_str(prefix);
    curie.push(':');
    curie.push_str(reference);
    curie
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> CurieMap {
        let mut map = CurieMap::new();
        map.insert("foaf", "http://xmlns.com/foaf/0.1/").unwrap();
        map.insert("dbr", "http://dbpedia.org/resource/").unwrap();
        map.insert("wiki", "https://ru.wikipedia.org/wiki/")
            .unwrap();
        map
    }

    #[track_caller]
    fn expands(curie: &str, iri: &str) {
        assert_eq!(map().expand(curie).unwrap().as_str(), iri, "{curie}");
    }

    #[track_caller]
    fn fails(curie: &str, kind: CurieErrorKind, index: usize) {
        let e = map().expand(curie).unwrap_err();
        assert_eq!((e.kind(), e.index()), (kind, index), "{curie}");
    }

    #[test]
    fn curies_and_safe_curies() {
        expands("foaf:name", "http://xmlns.com/foaf/0.1/name");
        expands("[foaf:name]", "http://xmlns.com/foaf/0.1/name");
        expands(
            "dbr:Albert_Einstein",
            "http://dbpedia.org/resource/Albert_Einstein",
        );
        expands("wiki:Википедия", "https://ru.wikipedia.org/wiki/Википедия");
        expands("foaf:", "http://xmlns.com/foaf/0.1/");
    }

    #[test]
    fn errors() {
        fails("nope:x", CurieErrorKind::UnknownPrefix, 0);
        fails("[nope:x]", CurieErrorKind::UnknownPrefix, 1);
        fails("[foaf:name", CurieErrorKind::UnclosedBracket, 0);
        fails("foaf:name]", CurieErrorKind::UnclosedBracket, 9);
        fails("1a:x", CurieErrorKind::InvalidPrefix, 0);
        fails("foaf:a b", CurieErrorKind::InvalidReference, 6);
        fails(":x", CurieErrorKind::UnknownPrefix, 0);
        fails("x", CurieErrorKind::UnknownPrefix, 0);
    }

    #[test]
    fn default_prefix() {
        let mut map = map();
        map.set_default("http://www.w3.org/1999/xhtml/vocab#")
            .unwrap();
        assert_eq!(
            map.expand(":next").unwrap().as_str(),
            "http://www.w3.org/1999/xhtml/vocab#next"
        );
        assert_eq!(
            map.expand("next").unwrap().as_str(),
            "http://www.w3.org/1999/xhtml/vocab#next"
        );
        let iri = Iri::parse("http://www.w3.org/1999/xhtml/vocab#next").unwrap();
        assert_eq!(map.compress(iri).as_deref(), Some(":next"));
    }

    #[test]
    fn longest_prefix_wins() {
        let mut map = CurieMap::new();
        map.insert("a", "http://example.org/").unwrap();
        map.insert("b", "http://example.org/x/").unwrap();
        map.insert("c", "http://example.org/x/y").unwrap();
        let compress = |t: &str| map.compress(Iri::parse(t).unwrap());
        assert_eq!(compress("http://example.org/x/z").as_deref(), Some("b:z"));
        assert_eq!(compress("http://example.org/x/yz").as_deref(), Some("c:z"));
        assert_eq!(compress("http://example.org/q").as_deref(), Some("a:q"));
        // A reference that would read as a scheme is no CURIE's.
        assert_eq!(compress("http://example.org/q:r").as_deref(), None);
        assert_eq!(compress("https://example.org/").as_deref(), None);
    }
}
