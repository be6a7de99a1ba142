//! IRI → URI: RFC 3987 §3.1.

use uri_core::{IriReference, RiWriter, UriReference, UriSpec};
use uri_encode::decode_utf8;

use crate::cow::{RiCow, UriCow};
use crate::host::{self, HostMapping, IdnaError, IdnaErrorKind};

/// Maps an IRI reference to a URI reference (RFC 3987 §3.1): every
/// character that is not ASCII becomes its UTF-8 bytes, percent-encoded
/// (upper case), in every component, the host included. What is already
/// ASCII, percent-encoding included, is kept as it is ("existing
/// %-escapes are not re-encoded").
///
/// §3.1, step 2: "For each character in 'ucschar' or 'iprivate', apply
/// steps 2.1 through 2.3 below. 2.1. Convert the character to a sequence
/// of one or more octets using UTF-8 \[RFC3629\]. 2.2. Convert each octet
/// to %HH, where HH is the hexadecimal notation of the octet value. [...]
/// 2.3. Replace the original character with the resulting character
/// sequence (i.e., a sequence of %HH triplets)."
///
/// Borrowed, without allocating, when the IRI is ASCII (then it is a URI
/// already); else one allocation of the exact size. Never fails: the
/// result of a valid IRI is a valid URI. For `xn--` hosts, see
/// [`to_uri_with`].
///
/// # Examples
///
/// ```
/// use uri_iri::{IriReference, to_uri};
///
/// let iri = IriReference::parse("http://www.example.org/red%09rosé#red")?;
/// assert_eq!(to_uri(iri), "http://www.example.org/red%09ros%C3%A9#red");
/// let ascii = IriReference::parse("http://example.com/")?;
/// assert!(to_uri(ascii).is_borrowed());
/// # Ok::<(), uri_iri::ParseError>(())
/// ```
pub fn to_uri(iri: IriReference<'_>) -> UriCow<'_> {
    if iri.as_str().is_ascii() {
        if let Ok(uri) = UriReference::try_from(iri) {
            return RiCow::Borrowed(uri);
        }
    }
    // Every component the same way, the host too: one pass.
    let mut w = RiWriter::<UriSpec>::new();
    w.copy_all_percent_encoding(iri.components());
    RiCow::Owned(w.finish())
}

/// [`to_uri`], with a choice of how a registered name that is not ASCII
/// is mapped: percent-encoded as everything else, or by UTS #46 `ToASCII`
/// to `xn--` labels (see [`HostMapping`] for its flags). ASCII names, IP
/// literals and the other components are mapped as by [`to_uri`].
///
/// RFC 3987 §3.1: "Systems accepting IRIs MAY convert the ireg-name
/// component of an IRI as follows (before step 2 above) for schemes known
/// to use domain name system (DNS) names, where applicable ToASCII
/// operation [...] Replace the ireg-name part of the IRI by the part
/// converted using the ToASCII operation [...] on each dot-separated
/// label."
///
/// # Errors
///
/// With [`HostMapping::Idna`], an [`IdnaError`] when `ToASCII` refuses
/// the host (a disallowed character, a hyphen or bidi rule, a label too
/// long), with the byte offset of what is wrong.
///
/// # Examples
///
/// ```
/// use uri_iri::{HostMapping, IriReference, to_uri_with};
///
/// let iri = IriReference::parse("http://résumé.example.org/é")?;
/// assert_eq!(
///     to_uri_with(iri, HostMapping::Idna)?,
///     "http://xn--rsum-bpad.example.org/%C3%A9",
/// );
/// let encoded = IriReference::parse("http://r%C3%A9sum%C3%A9.example.org/")?;
/// assert_eq!(to_uri_with(encoded, HostMapping::Idna)?, "http://xn--rsum-bpad.example.org/");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_uri_with(iri: IriReference<'_>, mapping: HostMapping) -> Result<UriCow<'_>, IdnaError> {
    match mapping {
        HostMapping::Percent => Ok(to_uri(iri)),
        HostMapping::Idna => {
            // `%` in a registered name may hide UTF-8 that needs `ToASCII`.
            let hidden = iri.host_kind() == Some(uri_core::HostKind::RegName)
                && iri.host_str().is_some_and(|h| h.contains('%'));
            map(iri, hidden, idna_host)
        }
    }
}

/// Maps `iri`, each registered name that is not ASCII or holds a `%`
/// written by `host` (given the writer, the host's text and its offset in
/// the IRI). An ASCII IRI is given back borrowed, unless
/// `ascii_host_changes` (its host may still be mapped).
fn map<'a, E>(
    iri: IriReference<'a>,
    ascii_host_changes: bool,
    host: impl FnOnce(&mut RiWriter<UriSpec>, &str, usize) -> Result<(), E>,
) -> Result<UriCow<'a>, E> {
    let text = iri.as_str();
    let non_ascii = count_non_ascii(text.as_bytes());
    if non_ascii == 0 && !ascii_host_changes {
        if let Ok(uri) = UriReference::try_from(iri) {
            return Ok(RiCow::Borrowed(uri));
        }
    }
    // Each non-ASCII byte becomes three. (`ToASCII` may write a longer
    // host; the writer grows then.)
    let mut w = RiWriter::<UriSpec>::with_capacity(text.len() + 2 * non_ascii);
    if let Some(scheme) = iri.scheme() {
        w.scheme(scheme);
    }
    if let Some(authority) = iri
        .authority()
        // An ASCII authority is a URI's as it stands, unless `host` is to
        // map its registered name all the same: copied whole, with its
        // offsets (no delimiters to look for in it).
        .filter(|a| !ascii_host_changes && a.as_str().is_ascii())
    {
        w.authority(authority);
    } else if let Some(authority) = iri.authority() {
        w.start_authority();
        if let Some(userinfo) = authority.userinfo() {
            encode_non_ascii(&mut w, userinfo);
            w.end_userinfo();
        }
        let name = authority.host_str();
        // IP literals are ASCII (a zone identifier's `%` is no UTF-8):
        // only a registered name is mapped.
        let reg_name = authority.host_kind() == uri_core::HostKind::RegName;
        if !reg_name || (name.is_ascii() && !name.contains('%')) {
            w.push_str(name);
        } else {
            let offset = name.as_ptr() as usize - text.as_ptr() as usize;
            host(&mut w, name, offset)?;
        }
        w.end_host();
        if let Some(port) = authority.port() {
            w.port(port);
        }
    }
    encode_non_ascii(&mut w, iri.path());
    if let Some(query) = iri.query() {
        w.start_query();
        encode_non_ascii(&mut w, query);
    }
    if let Some(fragment) = iri.fragment() {
        w.start_fragment();
        encode_non_ascii(&mut w, fragment);
    }
    Ok(RiCow::Owned(w.finish()))
}

/// Writes `name` (a registered name, not ASCII, at `offset` in the IRI)
/// in its `ToASCII` form; percent-encoded UTF-8 in it is decoded first.
fn idna_host(w: &mut RiWriter<UriSpec>, name: &str, offset: usize) -> Result<(), IdnaError> {
    // Only a name with a `%` can differ from its decoded text; offsets in
    // a decoded name are not offsets in the IRI.
    let decoded = if name.contains('%') {
        let decoded =
            decode_utf8(name).map_err(|_| IdnaError::new(IdnaErrorKind::InvalidUtf8, offset))?;
        Some(decoded)
    } else {
        None
    };
    let source = decoded.as_deref().unwrap_or(name);
    if source.is_ascii() {
        // Nothing for `ToASCII` to do: the name stays as it was written
        // (`a%20b` is a valid registered name, not a DNS one).
        w.push_str(name);
        return Ok(());
    }
    match host::to_ascii(source) {
        Ok(ascii) => {
            w.push_str(&ascii);
            Ok(())
        }
        Err((kind, at)) => {
            let index = match (at, &decoded) {
                (Some(at), None) => offset + at,
                _ => offset,
            };
            Err(IdnaError::new(kind, index))
        }
    }
}

/// How many bytes of `bytes` are not ASCII: eight at a time, each
/// word's high bits summed by one multiplication.
fn count_non_ascii(bytes: &[u8]) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut words = bytes.chunks_exact(8);
    let mut count = 0;
    for word in &mut words {
        let mut eight = [0; 8];
        eight.copy_from_slice(word);
        // Each byte 0 or 1; the product's top byte is their sum (at most 8).
        let high = (u64::from_le_bytes(eight) & HIGH) >> 7;
        count += (high.wrapping_mul(ONES) >> 56) as usize;
    }
    count + words.remainder().iter().filter(|b| !b.is_ascii()).count()
}

/// Writes `text` with each byte that is not ASCII percent-encoded: the
/// ASCII runs as they are, each run of other bytes with
/// `RiWriter::push_percent_encoded` (one capacity check a run, no buffer
/// to check as UTF-8 again).
pub(crate) fn encode_non_ascii<S: uri_core::Spec>(w: &mut RiWriter<S>, text: &str) {
    let bytes = text.as_bytes();
    // Where the ASCII text not yet written starts.
    let mut plain = 0;
    loop {
        let i = next_non_ascii(bytes, plain);
        if i == bytes.len() {
            break;
        }
        // A byte that is not ASCII after ASCII ones is a lead byte: a
        // char boundary.
        w.push_str(&text[plain..i]);
        plain = bytes[i..]
            .iter()
            .position(u8::is_ascii)
            .map_or(bytes.len(), |k| i + k);
        w.push_percent_encoded(&bytes[i..plain]);
    }
    w.push_str(&text[plain..]);
}

/// The offset of the first byte at or after `from` that is not ASCII, or
/// `bytes.len()`: eight bytes at a time while they are all ASCII.
fn next_non_ascii(bytes: &[u8], mut from: usize) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    while let Some(word) = bytes.get(from..from + 8) {
        let mut eight = [0; 8];
        eight.copy_from_slice(word);
        let high = u64::from_le_bytes(eight) & HIGH;
        if high != 0 {
            return from + (high.trailing_zeros() / 8) as usize;
        }
        from += 8;
    }
    bytes
        .get(from..)
        .and_then(|rest| rest.iter().position(|b| !b.is_ascii()))
        .map_or(bytes.len(), |k| from + k)
}
