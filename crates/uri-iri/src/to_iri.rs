//! URI → IRI: RFC 3987 §3.2.

use alloc::string::String;

use uri_core::spec::{is_bidi_formatting, is_iprivate, is_ucschar};
use uri_core::{
    Component, HostKind, IntoUriReference, IriReference, IriSpec, TrustedWriter, UriReference,
};

use crate::cow::{IriCow, RiCow};
use crate::host;

/// Options of [`to_iri_with`].
///
/// # Examples
///
/// ```
/// use uri_iri::{ToIriOptions, to_iri_with};
/// use uri_core::UriReference;
///
/// let uri = UriReference::parse("http://xn--99zt52a.example.org/")?;
/// assert_eq!(to_iri_with(uri, ToIriOptions::new().idna(true)), "http://納豆.example.org/");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ToIriOptions {
    idna: bool,
}

impl ToIriOptions {
    /// The default: the five steps of §3.2 only, `xn--` labels kept.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_iri::ToIriOptions::new(), Default::default());
    /// ```
    pub const fn new() -> Self {
        ToIriOptions { idna: false }
    }

    /// Also turns each `xn--` label of a registered name into Unicode (UTS
    /// #46 `ToUnicode`), when it decodes without error to characters an
    /// `ireg-name` may hold; other labels are kept as they are. RFC 3987
    /// §3.2: "Conversions from URIs to IRIs MAY also convert domain names
    /// in ACE form (Punycode) to Unicode".
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_iri::ToIriOptions::new().idna(true).converts_idna());
    /// ```
    pub const fn idna(self, yes: bool) -> Self {
        ToIriOptions { idna: yes }
    }

    /// Whether `xn--` labels are converted; see [`ToIriOptions::idna`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!uri_iri::ToIriOptions::new().converts_idna());
    /// ```
    pub const fn converts_idna(&self) -> bool {
        self.idna
    }
}

/// Maps a URI reference to an IRI reference by the five steps of RFC 3987
/// §3.2:
///
/// 1. the URI as octets;
/// 2. every percent-encoding decoded, "except those corresponding to
///    "%", characters in "reserved", and characters in US-ASCII not
///    allowed in URIs" (so `%41` becomes `A`, and `%2F`, `%25`, `%20`
///    stay);
/// 3. octets that are "not part of a strictly legal UTF-8 octet sequence"
///    encoded again;
/// 4. characters "not appropriate according to sections 2.2, 4.1, and
///    6.1" encoded again: those the component may not hold (`ucschar`
///    everywhere but the scheme and port; `iprivate` in the query only),
///    and the bidirectional formatting characters (§4.1);
/// 5. the octets read as UTF-8.
///
/// Triplets that stay are written in upper case (RFC 3986 §6.2.2.1: the
/// same URI). Scheme, port and IP literals are copied. Borrowed, without
/// allocating, when the URI has no `%`.
///
/// `uri` is any URI type, borrowed or a reference to an owned one
/// ([`IntoUriReference`]): `Uri`, `&UriBuf`, `UriReference`, … with no
/// `.into()`.
///
/// # Examples
///
/// ```
/// use uri_iri::to_iri;
/// use uri_core::UriReference;
///
/// let uri = UriReference::parse("http://www.example.org/D%C3%BCrst")?;
/// assert_eq!(to_iri(uri), "http://www.example.org/Dürst");
/// let latin1 = UriReference::parse("http://www.example.org/r%E9sum%E9.html")?;
/// assert_eq!(to_iri(latin1), "http://www.example.org/r%E9sum%E9.html");
/// let rlo = UriReference::parse("/%e2%80%ae%41")?;
/// assert_eq!(to_iri(rlo), "/%E2%80%AEA");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn to_iri<'a>(uri: impl IntoUriReference<'a>) -> IriCow<'a> {
    to_iri_with(uri, ToIriOptions::new())
}

/// [`to_iri`] with [`ToIriOptions`]: `xn--` labels to Unicode, on request.
///
/// `uri` is any URI type, borrowed or a reference to an owned one
/// ([`IntoUriReference`]): `Uri`, `&UriBuf`, `UriReference`, … with no
/// `.into()`.
///
/// # Examples
///
/// ```
/// use uri_iri::{ToIriOptions, to_iri_with};
/// use uri_core::UriReference;
///
/// let uri = UriReference::parse("http://xn--99zt52a.example.org/%e2%80%ae")?;
/// let iri = to_iri_with(uri, ToIriOptions::new().idna(true));
/// assert_eq!(iri, "http://納豆.example.org/%E2%80%AE");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn to_iri_with<'a>(uri: impl IntoUriReference<'a>, options: ToIriOptions) -> IriCow<'a> {
    let uri: UriReference<'a> = uri.into_uri_reference();
    let text = uri.as_str();
    let tagged_host = options.idna
        && uri.host_kind() == Some(HostKind::RegName)
        && uri
            .host_str()
            .is_some_and(|h| h.split('.').any(host::is_tagged));
    if !text.contains('%') && !tagged_host {
        return RiCow::Borrowed(IriReference::from(uri));
    }
    // Decoding only shortens the text; `ToUnicode` may lengthen a host.
    // Each piece is the URI's, or a triplet of it decoded to a character
    // the component may hold (`may_hold`): the trusted writer's rule.
    let mut w = TrustedWriter::<IriSpec>::with_capacity(text.len());
    if let Some(scheme) = uri.scheme() {
        w.scheme(scheme);
    }
    if let Some(authority) = uri.authority() {
        w.start_authority();
        if let Some(userinfo) = authority.userinfo() {
            decode(&mut w, userinfo, Component::Userinfo);
            w.end_userinfo();
        }
        let name = authority.host_str();
        if authority.host_kind() != HostKind::RegName {
            w.push_str(name);
        } else if tagged_host {
            let mut decoded = String::with_capacity(name.len());
            decode(&mut decoded, name, Component::Host);
            for (k, label) in decoded.split('.').enumerate() {
                if k > 0 {
                    w.push('.');
                }
                match host::is_tagged(label).then(|| host::label_to_unicode(label)) {
                    Some(Some(unicode)) => w.push_str(&unicode),
                    _ => w.push_str(label),
                }
            }
        } else {
            decode(&mut w, name, Component::Host);
        }
        w.end_host();
        if let Some(port) = authority.port() {
            w.port(port);
        }
    }
    decode(&mut w, uri.path(), Component::Path);
    if let Some(query) = uri.query() {
        w.start_query();
        decode(&mut w, query, Component::Query);
    }
    if let Some(fragment) = uri.fragment() {
        w.start_fragment();
        decode(&mut w, fragment, Component::Fragment);
    }
    RiCow::Owned(w.finish())
}

/// Where [`decode`] writes: a `String`, or the IRI's writer.
pub(crate) trait Sink {
    fn push_str(&mut self, text: &str);
}

impl Sink for String {
    fn push_str(&mut self, text: &str) {
        String::push_str(self, text);
    }
}

impl Sink for TrustedWriter<IriSpec> {
    fn push_str(&mut self, text: &str) {
        TrustedWriter::<IriSpec>::push_str(self, text);
    }
}

/// Whether the IRI grammar lets `c` stand literally in `component`, and
/// §4.1 does not forbid it.
pub(crate) fn may_hold(c: char, component: Component) -> bool {
    let allowed = if component == Component::Query {
        is_ucschar(c) || is_iprivate(c)
    } else {
        is_ucschar(c)
    };
    allowed && !is_bidi_formatting(c)
}

/// Steps 2 to 5 of §3.2 on the text of one component: decodes the
/// triplets of unreserved ASCII, and those of whole UTF-8 characters
/// `component` may hold; writes every other triplet in upper case, and
/// all other text as it is.
pub(crate) fn decode(out: &mut impl Sink, text: &str, component: Component) {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut copied = 0;
    while let Some(k) = bytes[i..].iter().position(|&b| b == b'%') {
        let at = i + k;
        let Some(first) = uri_encode::triplet_at(bytes, at) else {
            // Not a triplet (a URI holds none such; kept as it is).
            i = at + 1;
            continue;
        };
        out.push_str(&text[copied..at]);
        let (len, decoded) = if first.is_ascii() {
            (1, is_unreserved(first).then_some(char::from(first)))
        } else {
            utf8_at(bytes, at, first)
        };
        match decoded {
            Some(c) if c.is_ascii() || may_hold(c, component) => {
                let mut buf = [0; 4];
                out.push_str(c.encode_utf8(&mut buf));
            }
            _ => {
                // Keep these octets, upper case: the whole character when
                // it was one, else the one octet that is not UTF-8.
                for j in 0..len {
                    let byte = uri_encode::triplet_at(bytes, at + 3 * j).unwrap_or(b'?');
                    out.push_str(uri_encode::triplet(byte));
                }
            }
        }
        i = at + 3 * len;
        copied = i;
    }
    out.push_str(&text[copied..]);
}

/// `unreserved` (RFC 3986 §2.3).
fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// The UTF-8 character whose lead byte `first` is the triplet at `at`:
/// how many triplets it spans and the character, or `(1, None)` when the
/// octets from `at` are not a strictly legal sequence (RFC 3629: no
/// overlong form, no surrogate, nothing above U+10FFFF).
pub(crate) fn utf8_at(bytes: &[u8], at: usize, first: u8) -> (usize, Option<char>) {
    let len = match first {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return (1, None),
    };
    let mut octets = [first, 0, 0, 0];
    for (j, slot) in octets.iter_mut().enumerate().take(len).skip(1) {
        match uri_encode::triplet_at(bytes, at + 3 * j) {
            Some(b) if b & 0xC0 == 0x80 => *slot = b,
            _ => return (1, None),
        }
    }
    match core::str::from_utf8(&octets[..len]) {
        Ok(s) => (len, s.chars().next()),
        Err(_) => (1, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(text: &str) -> String {
        let mut out = String::new();
        decode(&mut out, text, Component::Path);
        out
    }

    #[test]
    fn the_steps_of_section_3_2() {
        assert_eq!(path("%41%2F%25%20%7e"), "A%2F%25%20~");
        assert_eq!(path("D%C3%BCrst"), "Dürst");
        assert_eq!(path("D%c3%bcrst"), "Dürst");
        // Not UTF-8: a lone lead, a lone continuation, an overlong form,
        // a surrogate, a truncated sequence.
        assert_eq!(path("%C3"), "%C3");
        assert_eq!(path("%BC%41"), "%BCA");
        assert_eq!(path("%C0%AF"), "%C0%AF");
        assert_eq!(path("%ED%A0%80"), "%ED%A0%80");
        assert_eq!(path("%E2%82"), "%E2%82");
        assert_eq!(path("%E2%82%41"), "%E2%82A");
        // Not allowed: a C1 control, a noncharacter, private use outside
        // the query, a bidi formatting character.
        assert_eq!(path("%C2%85"), "%C2%85");
        assert_eq!(path("%EF%B7%90"), "%EF%B7%90");
        assert_eq!(path("%EE%80%80"), "%EE%80%80");
        assert_eq!(path("%e2%80%ae"), "%E2%80%AE");
        let mut query = String::new();
        decode(&mut query, "%EE%80%80", Component::Query);
        assert_eq!(query, "\u{E000}");
        // Four bytes.
        assert_eq!(path("%F0%90%8C%80"), "𐌀");
    }
}
