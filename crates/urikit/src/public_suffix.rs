//! [`PublicSuffixExt`]: the public suffix and the registrable domain of a
//! host, from the Public Suffix List (feature `psl`).
//!
//! `Host` is uri-core's, and uri-core depends on neither `psl` nor `idna`,
//! so these are an extension trait of the facade, under its `psl`
//! feature (which implies `iri`, for the UTS #46 mapping).

use alloc::borrow::Cow;
use alloc::string::String;

use uri_core::grammar::is_lowercase_ascii_without_percent;
use uri_core::{Host, IriReference};
use uri_iri::{HostMapping, to_uri_with};

/// The section of the Public Suffix List a suffix comes from.
///
/// # Examples
///
/// ```
/// use urikit::prelude::*;
/// use urikit::Section;
///
/// let host = Uri::parse("https://foo.github.io/")?.host().ok_or("no host")?;
/// assert_eq!(host.public_suffix().ok_or("no suffix")?.section(), Some(Section::Private));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Section {
    /// The ICANN section: suffixes delegated by ICANN and the registries
    /// (`com`, `co.uk`).
    Icann,
    /// The private section: suffixes submitted by their owners
    /// (`github.io`, `blogspot.com`).
    Private,
}

/// A public suffix: its text (ASCII, lower case, `xn--` labels) and its
/// section of the list, `None` when no rule of the list matched and the
/// default rule (`*`, the last label) applied.
///
/// # Examples
///
/// ```
/// use urikit::prelude::*;
/// use urikit::Section;
///
/// let suffix = Host::RegName("www.example.co.uk").public_suffix().ok_or("no suffix")?;
/// assert_eq!((suffix.as_str(), suffix.section()), ("co.uk", Some(Section::Icann)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PublicSuffix {
    text: String,
    section: Option<Section>,
}

impl PublicSuffix {
    /// The suffix's text.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// assert_eq!(Host::RegName("a.b.example.com").public_suffix().ok_or("no suffix")?.as_str(), "com");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The section of the list, or `None` for the default rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// assert_eq!(Host::RegName("a.example.notatld").public_suffix().ok_or("no suffix")?.section(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn section(&self) -> Option<crate::Section> {
        self.section
    }
}

/// The usual host, a registered name already spelled as the list spells
/// names: not empty, ASCII, in lower case, without `%` (tested eight bytes
/// a step). The list's answers for it are those for its text as written
/// (once a name whose last label is all digits is set aside:
/// [`numeric_top_label`]).
#[inline]
fn as_listed<'a>(host: &Host<'a>) -> Option<&'a str> {
    match *host {
        Host::RegName(name)
            if !name.is_empty() && is_lowercase_ascii_without_percent(name.as_bytes()) =>
        {
            Some(name)
        }
        _ => None,
    }
}

/// Whether the last label of `name` (a root `.` aside) is all digits: an
/// IPv4 address written as a name (`Host::RegName("127.0.0.1")`, which
/// `host()` never gives: it reads that as `Host::Ipv4`), or no domain name
/// at all (RFC 3696 §2: "There is an additional rule that essentially
/// requires that top-level domain names not be all-numeric"). The last
/// byte or two are looked at unless the name ends in a digit.
#[inline]
fn numeric_top_label(name: &str) -> bool {
    match name.as_bytes() {
        [.., b'0'..=b'9'] | [.., b'0'..=b'9', b'.'] => numeric_last_label(name),
        _ => false,
    }
}

/// [`numeric_top_label`] for a name that ends in a digit (and perhaps a
/// root `.`), out of line.
fn numeric_last_label(name: &str) -> bool {
    let name = name.strip_suffix('.').unwrap_or(name);
    let last = name.rsplit('.').next().unwrap_or(name);
    last.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `domain`, the list's answer for `name`, is a registrable
/// domain: not when `name` begins with `.` (an empty first label, which
/// the list's own tests answer with none), nor when the label before the
/// suffix is empty (`a..com`). Only the root label may be empty (RFC 1034
/// §3.1); an empty label left of the answer does not change it.
fn has_domain(name: &str, domain: &str) -> bool {
    !name.starts_with('.') && !domain.starts_with('.')
}

/// The host as the list spells names: a registered name percent-decoded
/// and mapped by UTS #46 `ToASCII` (the mapping of `uri_iri::to_uri_with`
/// with `HostMapping::Idna`), in lower case; `None` for an IP address or
/// a name UTS #46 refuses. Borrowed, without allocating, when the name
/// is so already ([`as_listed`]).
fn list_form<'a>(host: &Host<'a>) -> Option<Cow<'a, str>> {
    if let Some(name) = as_listed(host) {
        return (!numeric_top_label(name)).then_some(Cow::Borrowed(name));
    }
    let Host::RegName(name) = *host else {
        return None;
    };
    if name.is_empty() {
        return None;
    }
    if numeric_top_label(name) {
        return None;
    }
    if name.is_ascii() && !name.contains('%') {
        return Some(Cow::Owned(name.to_ascii_lowercase()));
    }
    // Triplets decoded first (RFC 3986 §6.2.2.2; `ex%61mple` is
    // `example`), then read again as an IRI's host. A decoded delimiter
    // (§2.2 `gen-delims`: `a%40b.com` is no userinfo and host `b.com`,
    // `example.com%2F.evil.org` no host and path) leaves no name, and so
    // does a decoded byte no host may hold (a space, a NUL).
    let decoded = uri_encode::decode_utf8(name).ok()?;
    if decoded
        .bytes()
        .any(|b| uri_encode::grammar::GEN_DELIMS.contains(b))
    {
        return None;
    }
    let text = alloc::format!("x://{decoded}/");
    let iri = IriReference::parse(&text).ok()?;
    let uri = to_uri_with(iri, HostMapping::Idna).ok()?;
    let mapped = uri.as_ref().host_str()?;
    if mapped.contains('%') || numeric_top_label(mapped) {
        return None;
    }
    Some(Cow::Owned(mapped.to_ascii_lowercase()))
}

/// The registrable domain and the public suffix of a [`Host`], from the
/// Public Suffix List (<https://publicsuffix.org/>) through the `psl`
/// crate (feature `psl`).
///
/// A registered name is read as the list spells names: percent-decoded,
/// mapped by UTS #46 (as `uri_iri::to_uri_with` with `HostMapping::Idna`
/// maps a host), in lower case; the answers are in that form. IP
/// addresses (RFC 3986 §3.2.2) have neither, nor has an empty name or one
/// UTS #46 refuses (or a decoded triplet no host may hold, a delimiter of
/// RFC 3986 §2.2 such as `%40` or `%2F` among them), nor one whose
/// last label is all digits (an address written as a name; RFC 3696 §2):
/// `None`. A name that begins with `.` has no registrable domain, as the
/// list's own tests (`checkPublicSuffix`) ask. The text of a
/// `Host::RegName` is taken to be a registered name's, as `host()` gives
/// it; other text made by hand (`Host::RegName("[::1]")`) gets the list's
/// answer for its labels. The ICANN and private sections are told apart
/// ([`PublicSuffix::section`]). The list is the one compiled into the
/// `psl` crate's version in `Cargo.lock`.
///
/// # Examples
///
/// ```
/// use urikit::prelude::*;
///
/// let uri = Uri::parse("https://www.Example.co.uk/")?;
/// let host = uri.host().ok_or("no host")?;
/// assert_eq!(host.registrable_domain().as_deref(), Some("example.co.uk"));
/// assert_eq!(host.public_suffix().ok_or("no suffix")?.as_str(), "co.uk");
///
/// let iri = Iri::parse("https://www.bücher.example.com/")?;
/// assert_eq!(iri.host().ok_or("no host")?.registrable_domain().as_deref(), Some("example.com"));
/// let iri = Iri::parse("https://shop.例え.jp/")?;
/// assert_eq!(iri.host().ok_or("no host")?.registrable_domain().as_deref(), Some("xn--r8jz45g.jp"));
///
/// assert_eq!(Uri::parse("http://127.0.0.1/")?.host().ok_or("no host")?.registrable_domain(), None);
/// assert_eq!(Host::RegName("co.uk").registrable_domain(), None); // a suffix alone
/// assert_eq!(Host::RegName(".example.com").registrable_domain(), None); // an empty label
/// assert_eq!(Host::RegName("ex%61mple.com").registrable_domain().as_deref(), Some("example.com"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait PublicSuffixExt<'a> {
    /// The public suffix; see [`PublicSuffixExt`].
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// assert_eq!(Host::RegName("example.com").public_suffix().ok_or("no suffix")?.as_str(), "com");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn public_suffix(&self) -> Option<PublicSuffix>;

    /// The registrable domain: the public suffix and one more label; see
    /// [`PublicSuffixExt`]. Borrowed from the host's text when that is
    /// already as the list spells it (ASCII, lower case, no `%`: most
    /// hosts), so that asking costs no allocation; owned otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::prelude::*;
    ///
    /// assert_eq!(Host::RegName("a.b.example.com").registrable_domain().as_deref(), Some("example.com"));
    /// ```
    fn registrable_domain(&self) -> Option<Cow<'a, str>>;
}

impl<'a> PublicSuffixExt<'a> for Host<'a> {
    fn public_suffix(&self) -> Option<PublicSuffix> {
        let name = list_form(self)?;
        let suffix = psl::suffix(name.as_bytes())?;
        let section = match suffix.typ() {
            Some(psl::Type::Icann) => Some(Section::Icann),
            Some(psl::Type::Private) => Some(Section::Private),
            None => None,
        };
        let text = String::from(core::str::from_utf8(suffix.as_bytes()).ok()?);
        Some(PublicSuffix { text, section })
    }

    fn registrable_domain(&self) -> Option<Cow<'a, str>> {
        if let Some(name) = as_listed(self) {
            if numeric_top_label(name) {
                return None;
            }
            // `psl` answers with the name's last labels: a slice of it.
            let domain = psl::domain(name.as_bytes())?.as_bytes();
            return name
                .len()
                .checked_sub(domain.len())
                .and_then(|start| name.get(start..))
                .filter(|domain| has_domain(name, domain))
                .map(Cow::Borrowed);
        }
        let name = list_form(self)?;
        let domain = core::str::from_utf8(psl::domain(name.as_bytes())?.as_bytes()).ok()?;
        has_domain(&name, domain).then(|| Cow::Owned(String::from(domain)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::net::Ipv4Addr;

    #[track_caller]
    fn check(name: &str, suffix: Option<(&str, Option<Section>)>, domain: Option<&str>) {
        let host = Host::RegName(name);
        let got = host.public_suffix();
        assert_eq!(
            got.as_ref().map(|s| (s.as_str(), s.section())),
            suffix,
            "suffix of {name}"
        );
        assert_eq!(
            host.registrable_domain().as_deref(),
            domain,
            "domain of {name}"
        );
    }

    #[test]
    fn sections() {
        check(
            "www.example.com",
            Some(("com", Some(Section::Icann))),
            Some("example.com"),
        );
        check(
            "a.github.io",
            Some(("github.io", Some(Section::Private))),
            Some("a.github.io"),
        );
        check(
            "EXAMPLE.CO.UK",
            Some(("co.uk", Some(Section::Icann))),
            Some("example.co.uk"),
        );
        check(
            "b%C3%BCcher.de",
            Some(("de", Some(Section::Icann))),
            Some("xn--bcher-kva.de"),
        );
        check("", None, None);
    }

    #[test]
    fn ip_addresses_answer_none() {
        let host = Host::Ipv4(Ipv4Addr::LOCALHOST);
        assert_eq!(host.public_suffix(), None);
        assert_eq!(host.registrable_domain(), None);
    }

    /// On ASCII names without `%`, drawn from labels the list knows
    /// (`co.uk`, `github.io`, `*.ck`, `!www.ck`, `kobe.jp`…) in any case,
    /// with empty labels and root dots: the answers, whether the name is
    /// read as written or copied in lower case first, are `psl`'s for the
    /// name in lower case (less a domain that begins with an empty label,
    /// or any for a name that begins with `.`).
    #[test]
    fn as_written_or_folded_the_answers_are_those_of_the_lower_case_name() {
        const LABELS: [&str; 16] = [
            "uk",
            "co",
            "Co",
            "example",
            "EXAMPLE",
            "github",
            "io",
            "www",
            "WWW",
            "ck",
            "b",
            "kobe",
            "city",
            "jp",
            "",
            "under_score",
        ];
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..20_000 {
            let count = 1 + (next() % 5) as usize;
            let mut labels: alloc::vec::Vec<&str> =
                (0..count).map(|_| LABELS[(next() % 16) as usize]).collect();
            if next() % 4 == 0 {
                labels.push("");
            }
            let name = labels.join(".");
            let lower = name.to_ascii_lowercase();
            let want = if name.is_empty() {
                None
            } else {
                psl::domain(lower.as_bytes())
                    .and_then(|d| core::str::from_utf8(d.as_bytes()).ok())
                    // Written out, not `has_domain`, which is under test.
                    .filter(|d| !lower.starts_with('.') && !d.starts_with('.'))
            };
            let got = Host::RegName(&name).registrable_domain();
            assert_eq!(got.as_deref(), want, "{name:?}");
            let suffix = Host::RegName(&name).public_suffix();
            let want = (!name.is_empty())
                .then(|| psl::suffix(lower.as_bytes()))
                .flatten()
                .and_then(|s| core::str::from_utf8(s.as_bytes()).ok());
            assert_eq!(suffix.as_ref().map(PublicSuffix::as_str), want, "{name:?}");
        }
    }
}
