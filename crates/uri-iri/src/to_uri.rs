//! IRI → URI: RFC 3987 §3.1.

use alloc::string::String;

use uri_core::{
    HostKind, IntoIriReference, IriReference, IriSpec, TrustedWriter, UriReference, UriReferenceBuf,
};
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
/// `iri` is any URI or IRI type, borrowed or a reference to an owned one
/// ([`IntoIriReference`]): `Iri`, `&IriBuf`, `Uri`, `&UriBuf`, … with no
/// `.into()`.
///
/// # Examples
///
/// ```
/// use uri_iri::to_uri;
/// use uri_core::{IriBuf, IriReference, Uri};
///
/// let iri = IriReference::parse("http://www.example.org/red%09rosé#red")?;
/// assert_eq!(to_uri(iri), "http://www.example.org/red%09ros%C3%A9#red");
/// let owned = IriBuf::parse("http://example.org/é")?;
/// assert_eq!(to_uri(&owned), "http://example.org/%C3%A9");
/// let ascii = Uri::parse("http://example.com/")?;
/// assert!(to_uri(ascii).is_borrowed());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_uri<'a>(iri: impl IntoIriReference<'a>) -> UriCow<'a> {
    let iri = iri.into_iri_reference();
    if iri.as_str().is_ascii() {
        if let Ok(uri) = UriReference::try_from(iri) {
            return RiCow::Borrowed(uri);
        }
    }
    // Every component the same way, the host too: one pass.
    RiCow::Owned(UriReferenceBuf::from_non_ascii_encoded(iri.components()))
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
/// As for [`to_uri`], `iri` is any URI or IRI type, borrowed or a reference to an owned one
/// ([`IntoIriReference`]): `Iri`, `&IriBuf`, `Uri`, `&UriBuf`, … with no
/// `.into()`.
///
/// # Examples
///
/// ```
/// use uri_iri::{HostMapping, to_uri_with};
/// use uri_core::IriReference;
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
pub fn to_uri_with<'a>(
    iri: impl IntoIriReference<'a>,
    mapping: HostMapping,
) -> Result<UriCow<'a>, IdnaError> {
    let iri: IriReference<'a> = iri.into_iri_reference();
    let (name, offset) = match (mapping, iri.authority()) {
        (HostMapping::Idna, Some(a)) if a.host_kind() == HostKind::RegName => {
            (a.host_str(), a.host_span().start)
        }
        // IP literals are ASCII (a zone identifier's `%` is no UTF-8):
        // only a registered name is mapped.
        _ => return Ok(to_uri(iri)),
    };
    // `%` in a registered name may hide UTF-8 that needs `ToASCII`.
    if name.is_ascii() && !name.contains('%') {
        return Ok(to_uri(iri));
    }
    let Some(ascii) = idna_host(name, offset)? else {
        return Ok(to_uri(iri));
    };
    // The IRI with its host in ASCII, then mapped as `to_uri` maps any.
    // The IRI's own pieces, and the `ToASCII` form of its host (ASCII
    // letters, digits, `-` and `.`): the trusted writer's rule.
    let mut w = TrustedWriter::<IriSpec>::with_capacity(iri.as_str().len() + ascii.len());
    if let Some(scheme) = iri.scheme() {
        w.scheme(scheme);
    }
    w.start_authority();
    if let Some(userinfo) = iri.userinfo() {
        w.push_str(userinfo);
        w.end_userinfo();
    }
    w.push_str(&ascii);
    w.end_host();
    if let Some(port) = iri.port() {
        w.port(port);
    }
    w.push_str(iri.path());
    if let Some(query) = iri.query() {
        w.start_query();
        w.push_str(query);
    }
    if let Some(fragment) = iri.fragment() {
        w.start_fragment();
        w.push_str(fragment);
    }
    let ascii_host = w.finish();
    Ok(RiCow::Owned(UriReferenceBuf::from_non_ascii_encoded(
        ascii_host.components(),
    )))
}

/// The `ToASCII` form of `name` (a registered name, not ASCII or holding
/// a `%`, at `offset` in the IRI); percent-encoded UTF-8 in it is decoded
/// first. `None` when it decodes to ASCII: then it stays as written.
fn idna_host(name: &str, offset: usize) -> Result<Option<String>, IdnaError> {
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
        return Ok(None);
    }
    match host::to_ascii(source) {
        Ok(ascii) => Ok(Some(ascii.into_owned())),
        Err((kind, at)) => {
            let index = match (at, &decoded) {
                (Some(at), None) => offset + at,
                _ => offset,
            };
            Err(IdnaError::new(kind, index))
        }
    }
}
