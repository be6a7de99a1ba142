//! mailto (RFC 6068): the addresses and header fields of a mailto URI,
//! their rules, the domain's case in the normal form, and a builder that
//! encodes as §2 and §5 ask.
//!
//! ```text
//! mailtoURI    = "mailto:" [ to ] [ hfields ]
//! to           = addr-spec *("," addr-spec )
//! hfields      = "?" hfield *( "&" hfield )
//! hfield       = hfname "=" hfvalue
//! hfname       = *qchar
//! hfvalue      = *qchar
//! addr-spec    = local-part "@" domain
//! local-part   = dot-atom-text / quoted-string
//! domain       = dot-atom-text / "[" *dtext-no-obs "]"
//! qchar        = unreserved / pct-encoded / some-delims
//! some-delims  = "!" / "$" / "'" / "(" / ")" / "*"
//!              / "+" / "," / ";" / ":" / "@"
//! ```
//!
//! (RFC 6068 §2; `dot-atom-text` and `quoted-string` are RFC 5322's,
//! read after percent-decoding, without whitespace or comments.)
//!
//! # Rules
//!
//! What [`Registry::check`](crate::Registry::check) reports for a mailto
//! URI: RFC 6068 §2's grammar and rules, §3–§5's cautions, §7's security
//! considerations. Errors (the URI is not a valid mailto URI):
//!
//! - `UnexpectedAuthority`: `mailto://…` (the grammar has no authority);
//! - `InvalidChar`: a literal `/`, `&`, `;` or `=` in the addresses
//!   ("at least the following also have to be percent-encoded: "&",
//!   ";", and "="", and gen-delims but `@` and `:`), or a `/`, `?` or
//!   second `=` in a header field (not a `qchar`);
//! - `InvalidAddress`: an address, of the path or of a `to`, `cc` or
//!   `bcc` header field, that is not an `addr-spec` (`local-part "@"
//!   domain`, read after percent-decoding; no whitespace or comments);
//! - `NotUtf8`: percent-encoded bytes that are not UTF-8 ("Non-ASCII
//!   characters MUST first be encoded according to UTF-8");
//! - `InvalidHeaderField`: a header field without `=`, or empty
//!   (`mailto:a@b?`);
//! - `InvalidHeaderName`: a name that is not an RFC 5322 field name
//!   (printable ASCII but `:`, at least one);
//! - `HeaderInjection`: a CR or LF (`%0D`, `%0A`) in a header field
//!   other than `body` ("Line breaks in other `<hfield>`s SHOULD NOT be
//!   used", §5): a mail program that copies the value into the message
//!   would start a new header field (`?subject=x%0D%0ABcc:evil@c`), §7.
//!
//! Warnings (a valid mailto URI, but unwise):
//!
//! - `NoRecipient`: no address, in the path or a `to`, `cc` or `bcc`
//!   header field. `mailtoURI = "mailto:" [ to ] [ hfields ]` (§2): the
//!   addresses are optional (a "share by mail" link gives a subject and
//!   a body only), and a mail program asks for one;
//! - `Fragment`: fragments "SHOULD NOT be used" (§2);
//! - `ToHeaderAndPath`: addresses in the path and a `to` header field,
//!   the form §2 calls "NOT RECOMMENDED";
//! - `DuplicateHeader`: `to`, `cc`, `bcc`, `subject`, `body` or
//!   `in-reply-to` twice ("SHOULD NOT use the same `<hfname>` multiple
//!   times", §2);
//! - `IgnoredHeader`: originator, routing, trace and MIME fields (`from`,
//!   `sender`, `reply-to`, `date`, `apparently-to`, `resent-*`,
//!   `received`, `return-path`, `mime-version`, `content-*`), which mail
//!   programs "MUST" ignore (§3);
//! - `UnsafeHeader`: any other field than those and `subject`,
//!   `keywords` and `body` ("believed to be both safe and useful", §4),
//!   `to`, `cc`, `bcc` (§2, §3) and `in-reply-to` (§6.1): unrecognized
//!   fields are "especially suspect" (§3);
//! - `BareLineBreak`: a CR or LF in `body` outside a CR LF pair ("line
//!   breaks in the body of a message MUST be encoded with "%0D%0A"", §5);
//! - `ControlCharacter`: another control character in a value;
//! - `EncodedAsciiInDomain`: a letter, digit, `-`, `.`, `_` or `~`
//!   percent-encoded in a domain ("URI-producing applications MUST NOT
//!   use percent-encoding in domain names unless it is used to represent
//!   a UTF-8 character sequence", §2).
//!
//! # Normal form and equivalence
//!
//! [`Registry::normalize`](crate::Registry::normalize) lower-cases the
//! domain of each valid address of the path (ASCII letters outside
//! triplets): RFC 3986 §6.2.3 gives `mailto:Joe@example.com` and
//! `mailto:Joe@Example.com` as equivalent. Local parts, which may be
//! case-sensitive, and header fields ("`<hfvalue>` in general is
//! case-sensitive", RFC 6068 §2) are kept as written. The path is opaque
//! ([`Scheme::opaque_path`]): no dot segments are removed.
//!
//! [`Registry::equivalent`](crate::Registry::equivalent) asks
//! [`Mailto::is_equivalent`] first (the scheme's own equivalence): RFC
//! 6068 §2 makes `mailto:addr1@an.example,addr2@an.example`,
//! `mailto:?to=addr1@an.example,addr2@an.example` and
//! `mailto:addr1@an.example?to=addr2@an.example` equivalent.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use uri_core::writer::Absolute;
use uri_core::{Component, TrustedWriter, Uri, UriBuf, UriSpec};
use uri_encode::grammar::{CharClass, UNRESERVED};
use uri_encode::{DecodedBytes, EncodeSet, encode_into};

use crate::scheme::start_of;
use crate::scheme::{rules_of_the_view, scheme_facts};
use crate::{Fields, Scheme, Violation};

/// The section of RFC 6068 with the grammar.
const SYNTAX: &str = "RFC 6068 §2";

/// The parts of a mailto URI (RFC 6068): its recipients and its header
/// fields, percent-decoded as UTF-8.
///
/// A [`Report`](crate::Report) of a mailto URI holds one whenever every
/// part decodes as UTF-8 and every header field has its `=`, even when a
/// part breaks a rule (an address that is not an `addr-spec`, a line break
/// in a subject): check [`Report::is_valid`](crate::Report::is_valid)
/// before using it.
///
/// `Eq` compares the decoded parts as written: header names keep their
/// case, and addresses are not normalized.
///
/// The rules checked, the normal form and the equivalence are in the
/// [module docs](self#rules).
///
/// # Examples
///
/// ```
/// use uri_schemes::{Mailto, Registry};
///
/// let uri = uri_core::Uri::parse("mailto:joe@example.com?cc=bob@example.com&body=hello")?;
/// let report = Registry::standard().check(uri);
/// assert!(report.is_valid());
/// let mailto = Mailto::parse(uri)?;
/// assert_eq!(mailto.to(), ["joe@example.com"]);
/// assert_eq!(mailto.header("CC"), Some("bob@example.com"));
/// assert_eq!(mailto.body(), Some("hello"));
///
/// let built = uri_schemes::Mailto::builder().to("joe@example.com").subject("hi there").build();
/// assert_eq!(built, "mailto:joe@example.com?subject=hi%20there");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Mailto {
    /// The addresses of the path, then those of each `to` header field.
    to: Vec<String>,
    /// How many of `to` come from the path.
    in_path: usize,
    headers: Vec<(String, String)>,
}

impl Mailto {
    /// The typed entry: checks `uri` by the scheme's rules (the module
    /// docs) and the generic ones, and gives its parts when no violation is
    /// an error (warnings are dropped: [`Registry::check`](crate::Registry::check)
    /// keeps them); else the [`Report`](crate::Report) of what was found
    /// (RFC 6068 §2).
    ///
    /// # Errors
    ///
    /// The report, when a violation is an error or `uri` is of another
    /// scheme (`WrongScheme`).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::Mailto;
    ///
    /// let view = Mailto::parse(Uri::parse("mailto:chris@example.com")?)?;
    /// assert_eq!(view.to(), ["chris@example.com"]);
    /// assert!(Mailto::parse(Uri::parse("mailto:a@@b")?).is_err());
    /// assert!(Mailto::parse(Uri::parse("x:y")?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(uri: Uri<'_>) -> Result<Mailto, crate::Report<'_>> {
        crate::scheme::typed_entry(uri, &MailtoScheme, &["mailto"], |fields| match fields {
            Fields::Mailto(m) => Some(m),
            _ => None,
        })
    }
}

impl Mailto {
    /// Every `to` recipient, decoded: the addresses of the path (split at
    /// `,`), then those of each `to` header field, in order. RFC 6068 §2:
    /// `mailto:a@example.org,b@example.org` "is equivalent to"
    /// `mailto:?to=a@example.org,b@example.org`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Mailto;
    ///
    /// let uri = uri_core::Uri::parse("mailto:addr1@an.example?to=addr2@an.example,addr3@an.example")?;
    /// let mailto = Mailto::parse(uri)?;
    /// assert_eq!(mailto.to(), ["addr1@an.example", "addr2@an.example", "addr3@an.example"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to(&self) -> &[String] {
        &self.to
    }

    /// The addresses of the path only (`to` in RFC 6068 §2's grammar),
    /// decoded, without those of `to` header fields.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Mailto;
    ///
    /// let uri = uri_core::Uri::parse("mailto:gorby%25kremvax@example.com?to=b@example.com")?;
    /// let mailto = Mailto::parse(uri)?;
    /// assert_eq!(mailto.addresses(), ["gorby%kremvax@example.com"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn addresses(&self) -> &[String] {
        self.to.get(..self.in_path).unwrap_or_default()
    }

    /// The header fields, `(name, value)`, decoded, in the order of the
    /// URI; names as written (`hfname` "is case-insensitive", RFC 6068
    /// §2: compare them with [`str::eq_ignore_ascii_case`]). `to` fields
    /// are here too, and `body`, the message's text.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Mailto;
    ///
    /// let uri = uri_core::Uri::parse("mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E")?;
    /// let mailto = Mailto::parse(uri)?;
    /// let (name, value) = &mailto.headers()[0];
    /// assert_eq!((name.as_str(), value.as_str()), ("In-Reply-To", "<3469A91.D10AF4C@example.com>"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn headers(&self) -> &[(String, String)] {
        &self.headers
    }

    /// The value of the first header field named `name`, in any case.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Mailto;
    ///
    /// let uri = uri_core::Uri::parse("mailto:a@example.org?Subject=caf%C3%A9")?;
    /// let mailto = Mailto::parse(uri)?;
    /// assert_eq!(mailto.header("subject"), Some("café"));
    /// assert_eq!(mailto.header("keywords"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The first `subject` header field's value.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Mailto;
    ///
    /// let uri = uri_core::Uri::parse("mailto:infobot@example.com?subject=current-issue")?;
    /// let mailto = Mailto::parse(uri)?;
    /// assert_eq!(mailto.subject(), Some("current-issue"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn subject(&self) -> Option<&str> {
        self.header("subject")
    }

    /// The first `body` field's value: "the content for the first
    /// text/plain body part of the message" (RFC 6068 §2), line breaks as
    /// CR LF.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Mailto;
    ///
    /// let uri = uri_core::Uri::parse("mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index")?;
    /// let mailto = Mailto::parse(uri)?;
    /// assert_eq!(mailto.body(), Some("send current-issue\r\nsend index"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn body(&self) -> Option<&str> {
        self.header("body")
    }

    /// Whether `self` and `other` are equivalent mailto URIs: the same
    /// [`to`](Mailto::to) recipients in the same order, wherever each is
    /// written ("`mailto:addr1@an.example,addr2@an.example` is equivalent
    /// to `mailto:?to=addr1@an.example,addr2@an.example`", RFC 6068 §2),
    /// each address the same but for the case of its domain (RFC 3986
    /// §6.2.3: `mailto:Joe@example.com` and `mailto:Joe@Example.com`);
    /// and the same other header fields in the same order, names in any
    /// case (`hfname` "is case-insensitive"), values exactly ("`<hfvalue>`
    /// in general is case-sensitive"). Everything is compared decoded.
    ///
    /// Orders are kept: two URIs that list the same recipients or header
    /// fields in another order may mean the same message, but RFC 6068
    /// does not say so, and RFC 3986 §6.1 prefers a false negative to a
    /// false positive.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::{Fields, Mailto, Registry};
    ///
    /// let registry = Registry::standard();
    /// let mailto = |text| -> Option<Mailto> {
    ///     match registry.check(uri_core::Uri::parse(text).ok()?).into_parts().0 {
    ///         Fields::Mailto(mailto) => Some(mailto),
    ///         _ => None,
    ///     }
    /// };
    /// let a = mailto("mailto:addr1@an.example,addr2@an.example").expect("a mailto URI");
    /// let b = mailto("mailto:addr1@AN.example?to=addr2@an.example").expect("a mailto URI");
    /// assert!(a.is_equivalent(&b));
    /// let c = mailto("mailto:Addr1@an.example,addr2@an.example").expect("a mailto URI");
    /// assert!(!a.is_equivalent(&c));
    /// ```
    pub fn is_equivalent(&self, other: &Mailto) -> bool {
        if self.to.len() != other.to.len()
            || !self
                .to
                .iter()
                .zip(&other.to)
                .all(|(a, b)| same_address(a, b))
        {
            return false;
        }
        let not_to = |(name, _): &&(String, String)| !name.eq_ignore_ascii_case("to");
        let mut x = self.headers.iter().filter(not_to);
        let mut y = other.headers.iter().filter(not_to);
        loop {
            match (x.next(), y.next()) {
                (None, None) => return true,
                (Some((n, v)), Some((m, w))) if n.eq_ignore_ascii_case(m) && v == w => {}
                _ => return false,
            }
        }
    }

    /// A builder of mailto URIs, which percent-encodes what it is given.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_schemes::Mailto::builder()
    ///     .to("majordomo@example.com")
    ///     .body("subscribe bamboo-l")
    ///     .build();
    /// assert_eq!(uri, "mailto:majordomo@example.com?body=subscribe%20bamboo-l");
    /// ```
    pub fn builder() -> MailtoBuilder {
        MailtoBuilder::default()
    }
}

/// Builds a mailto URI from addresses and header fields, percent-encoding
/// them as RFC 6068 §2 and §5 ask: each address keeps only what may stand
/// literally in `to` (`&`, `;`, `=`, `/`, `,`, `%`, `"`, space… are
/// encoded; `@` too inside a quoted local part, as in §6.2's
/// `mailto:%22not%40me%22@example.org`); names and values keep
/// `unreserved` and `some-delims` but `+`, so a space is `%20`, never `+`
/// ("all spaces SHOULD be encoded as %20", §5), and `+` is `%2B`.
///
/// It does not check what it is given: [`Registry::check`](crate::Registry::check)
/// says whether the result is a valid mailto URI (an address that is not
/// an `addr-spec`, a line break in a subject, are encoded as given).
///
/// `Eq` compares the addresses and header fields given, in order.
///
/// # Examples
///
/// ```
/// use uri_schemes::Mailto;
///
/// let uri = Mailto::builder()
///     .to("\"not@me\"@example.org")
///     .to("Mike&family@example.org")
///     .header("In-Reply-To", "<3469A91.D10AF4C@example.com>")
///     .build();
/// assert_eq!(
///     uri,
///     "mailto:%22not%40me%22@example.org,Mike%26family@example.org\
///      ?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E"
/// );
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MailtoBuilder {
    to: Vec<String>,
    headers: Vec<(String, String)>,
}

/// What an address keeps: `qchar` without `;` and `,` (RFC 6068 §2:
/// `&`, `;` and `=` "have to be percent-encoded" in an `addr-spec`; `,`
/// separates addresses).
const ADDRESS: EncodeSet = EncodeSet::new(UNRESERVED.union(CharClass::new(b"!$'()*+:@")));

/// What a quoted local part keeps: [`ADDRESS`] without `@`.
const QUOTED: EncodeSet = ADDRESS.encoding(b'@');

/// What a header field's name or value keeps: `qchar` without `+`.
const HFIELD: EncodeSet = EncodeSet::new(UNRESERVED.union(CharClass::new(b"!$'()*,;:@")));

impl MailtoBuilder {
    /// Adds one address to the path (not to a `to` header field), encoded.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_schemes::Mailto::builder().to("a@example.org").to("b@example.org").build();
    /// assert_eq!(uri, "mailto:a@example.org,b@example.org");
    /// ```
    #[must_use]
    pub fn to(mut self, address: &str) -> Self {
        self.to.push(String::from(address));
        self
    }

    /// Adds a header field, name and value encoded.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_schemes::Mailto::builder().to("a@example.org").header("keywords", "a+b c").build();
    /// assert_eq!(uri, "mailto:a@example.org?keywords=a%2Bb%20c");
    /// ```
    #[must_use]
    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((String::from(name), String::from(value)));
        self
    }

    /// Adds a `subject` header field.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_schemes::Mailto::builder().to("user@example.org").subject("café").build();
    /// assert_eq!(uri, "mailto:user@example.org?subject=caf%C3%A9");
    /// ```
    #[must_use]
    pub fn subject(self, subject: &str) -> Self {
        self.header("subject", subject)
    }

    /// Adds a `body` field; write line breaks as `"\r\n"` (RFC 6068 §5:
    /// "line breaks in the body of a message MUST be encoded with
    /// "%0D%0A"").
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_schemes::Mailto::builder().to("a@example.org").body("line 1\r\nline 2").build();
    /// assert_eq!(uri, "mailto:a@example.org?body=line%201%0D%0Aline%202");
    /// ```
    #[must_use]
    pub fn body(self, body: &str) -> Self {
        self.header("body", body)
    }

    /// Adds a `cc` header field.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_schemes::Mailto::builder().to("joe@example.com").cc("bob@example.com").build();
    /// assert_eq!(uri, "mailto:joe@example.com?cc=bob@example.com");
    /// ```
    #[must_use]
    pub fn cc(self, address: &str) -> Self {
        self.header("cc", address)
    }

    /// The mailto URI: `mailto:`, the addresses joined by `,`, then `?`
    /// and the header fields joined by `&`, each part percent-encoded.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_schemes::Mailto::builder().header("to", "a@example.org").build();
    /// assert_eq!(uri, "mailto:?to=a@example.org");
    /// assert_eq!(uri.query(), Some("to=a@example.org"));
    /// ```
    pub fn build(&self) -> UriBuf {
        let mut piece = String::new();
        for (i, address) in self.to.iter().enumerate() {
            if i > 0 {
                piece.push(',');
            }
            let quoted = quoted_end(address.as_bytes()).unwrap_or(0);
            let (local, rest) = address.split_at(quoted);
            encode_into(local, &QUOTED, &mut piece);
            encode_into(rest, &ADDRESS, &mut piece);
        }
        let mut w = TrustedWriter::<UriSpec, Absolute>::with_capacity(piece.len() + 8);
        w.scheme("mailto");
        // Percent-encoded (`QUOTED`, `ADDRESS`, `HFIELD`), so no `/`,
        // `?` or `#`: a valid path after `mailto:`, and a valid query, as
        // the trusted writer asks.
        w.push_str(&piece);
        if !self.headers.is_empty() {
            piece.clear();
            for (i, (name, value)) in self.headers.iter().enumerate() {
                if i > 0 {
                    piece.push('&');
                }
                encode_into(name, &HFIELD, &mut piece);
                piece.push('=');
                encode_into(value, &HFIELD, &mut piece);
            }
            w.start_query();
            w.push_str(&piece);
        }
        w.finish()
    }
}

/// Whether two decoded addresses are the same but for the case of their
/// domains (ASCII letters); addresses that do not split into a local part
/// and a domain compare exactly.
fn same_address(a: &str, b: &str) -> bool {
    match (split_address(a), split_address(b)) {
        (Some((local_a, domain_a)), Some((local_b, domain_b))) => {
            local_a == local_b && domain_a.eq_ignore_ascii_case(domain_b)
        }
        _ => a == b,
    }
}

/// A decoded address's local part and domain: split at the `@` after a
/// quoted local part, or at the first `@` (a `dot-atom-text` holds none).
fn split_address(address: &str) -> Option<(&str, &str)> {
    let local_end = match quoted_end(address.as_bytes()) {
        Some(end) => end,
        None => address.find('@')?,
    };
    let domain = address.get(local_end..)?.strip_prefix('@')?;
    Some((address.get(..local_end)?, domain))
}

/// Where a quoted string that starts `address` ends (after its closing
/// `"`), if it starts with one that closes.
fn quoted_end(address: &[u8]) -> Option<usize> {
    if address.first() != Some(&b'"') {
        return None;
    }
    let mut i = 1;
    while i < address.len() {
        match address[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// `mailto`.
pub(crate) struct MailtoScheme;

impl Scheme for MailtoScheme {
    // opaque_path: Addresses and header fields are strings, not a
    //   hierarchy (a `/` in one is percent-encoded).
    scheme_facts! { name = "mailto"; kind = Name; opaque_path = true; }

    // RFC 6068's rules; the view is [`Mailto`], its equivalence
    // [`Mailto::is_equivalent`].
    rules_of_the_view! {
        rule = "RFC 6068 §2";
        read = |uri| Mailto::parse(uri).ok();
        same = Mailto::is_equivalent;
        key = mailto_equivalence_key;
    }

    /// Lower-cases the domain of each address of the path (ASCII letters
    /// outside triplets), since domains are case-insensitive: RFC 3986
    /// §6.2.3 gives `mailto:Joe@example.com` and `mailto:Joe@Example.com`
    /// as equivalent by the rules of the scheme. The local part, the
    /// header fields and percent-encoded UTF-8 stay as they are (a local
    /// part is case-sensitive, RFC 5321 §2.4; `hfvalue` "in general is
    /// case-sensitive", RFC 6068 §2).
    fn normalize(&self, uri: &mut UriBuf) {
        normalize(uri);
    }
}

/// This module's entry in [`Registry::standard`](crate::Registry::standard).
pub(crate) const SCHEMES: &[crate::registry::Builtin] =
    &[crate::registry::Builtin::Other(&MailtoScheme)];

/// How a header field is treated, by its name in lower case.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// `body`: the message's text.
    Body,
    /// `to`, `cc`, `bcc`: addresses.
    Recipients,
    /// `subject`, `keywords`, `in-reply-to`: known and safe.
    Safe,
    /// Originator, routing, trace and MIME fields (RFC 6068 §3).
    Ignored,
    /// Anything else.
    Unknown,
}

/// The header fields a message has once, whose repetition is a warning.
const ONCE: [&str; 6] = ["to", "cc", "bcc", "subject", "body", "in-reply-to"];

fn class(lower: &str) -> Class {
    match lower {
        "body" => Class::Body,
        "to" | "cc" | "bcc" => Class::Recipients,
        "subject" | "keywords" | "in-reply-to" => Class::Safe,
        "from" | "sender" | "reply-to" | "date" | "apparently-to" | "received" | "return-path"
        | "mime-version" => Class::Ignored,
        _ if lower.starts_with("resent-") || lower.starts_with("content-") => Class::Ignored,
        _ => Class::Unknown,
    }
}

/// What checking finds as it goes. Each part is given with its offset in
/// the URI's text, from the components' spans (offsets are API).
struct Checker {
    found: Vec<Violation>,
    /// Every part decoded, and every header field has its `=`.
    readable: bool,
    /// How many `to` addresses there are, decoded or not.
    recipients: usize,
    /// How many addresses of any kind (`to`, `cc`, `bcc`) there are.
    addressed: usize,
    /// How many of them are in the path.
    in_path: usize,
    to: Vec<String>,
}

impl Checker {
    /// An error of §2's grammar at `at` that leaves the URI unreadable (no
    /// [`Mailto`] for it).
    fn unreadable(&mut self, kind: &'static str, at: usize, message: &'static str) {
        self.found.push(Violation::error(kind, at, SYNTAX, message));
        self.readable = false;
    }

    /// `part`, at `base`, decoded as UTF-8, or a `NotUtf8` error.
    fn decode(&mut self, base: usize, part: &str) -> Option<String> {
        match uri_encode::decode_utf8(part) {
            Ok(text) => Some(text.into_owned()),
            Err(e) => {
                let message = "percent-encoded bytes that are not UTF-8 (non-ASCII characters are encoded as UTF-8)";
                self.unreadable("NotUtf8", base + e.index(), message);
                None
            }
        }
    }

    /// Checks the address list `raw` at `base` (the path, or a header
    /// field's value), collecting the addresses when `collect`.
    fn addresses(&mut self, base: usize, raw: &str, collect: bool) {
        for span in parse_list(raw) {
            self.addressed += 1;
            if collect {
                self.recipients += 1;
            }
            match &span.domain {
                Err(at) => self.found.push(Violation::error(
                    "InvalidAddress",
                    base + at,
                    SYNTAX,
                    "not an addr-spec: local-part \"@\" domain, without whitespace",
                )),
                Ok(domain) => {
                    if let Some(at) = encoded_ascii(&raw.as_bytes()[domain.clone()]) {
                        self.found.push(Violation::warning(
                            "EncodedAsciiInDomain",
                            base + domain.start + at,
                            SYNTAX,
                            "percent-encoding in a domain only stands for UTF-8 (write ASCII as it is)",
                        ));
                    }
                }
            }
            if let Some(address) = self.decode(base + span.text.start, &raw[span.text]) {
                if collect {
                    self.to.push(address);
                }
            }
        }
    }

    /// Checks one `hfield` (between `?` or `&` and the next `&`), at
    /// `start`, and gives its decoded name and value.
    fn hfield(
        &mut self,
        start: usize,
        field: &str,
        seen: &mut [bool; ONCE.len()],
    ) -> Option<(String, String)> {
        let Some(eq) = field.find('=') else {
            let message = "a header field is `name=value`";
            self.unreadable("InvalidHeaderField", start + field.len(), message);
            return None;
        };
        let (raw_name, raw_value) = (&field[..eq], &field[eq + 1..]);
        let bad =
            first_of(raw_name, b"/?").or_else(|| first_of(raw_value, b"/?=").map(|i| eq + 1 + i));
        if let Some(i) = bad {
            self.found.push(Violation::error(
                "InvalidChar",
                start + i,
                SYNTAX,
                "`/`, `?` and `=` must be percent-encoded in a header field",
            ));
        }
        let value_start = start + eq + 1;
        let name = self.decode(start, raw_name);
        let value = self.decode(value_start, raw_value);
        if let Some(at) = name_problem(raw_name) {
            self.found.push(Violation::error(
                "InvalidHeaderName",
                start + at,
                SYNTAX,
                "a header field name is printable ASCII but `:`, at least one character",
            ));
        }
        let lower = name.as_deref().unwrap_or_default().to_ascii_lowercase();
        let class = class(&lower);
        match class {
            Class::Body => self.body(value_start, raw_value),
            Class::Recipients if bad.is_none() && value.is_some() => {
                self.addresses(value_start, raw_value, lower == "to");
            }
            // Not read as addresses, but given: no `NoRecipient` besides.
            Class::Recipients if lower == "to" => self.recipients += 1,
            _ => {}
        }
        if class != Class::Body {
            self.line_breaks(value_start, raw_value);
        }
        if lower == "to" && self.in_path > 0 {
            self.found.push(Violation::warning(
                "ToHeaderAndPath",
                start,
                SYNTAX,
                "addresses both in the path and in a `to` header field are NOT RECOMMENDED: some mail programs ignore `to` fields",
            ));
        }
        match class {
            Class::Ignored => self.found.push(Violation::warning(
                "IgnoredHeader",
                start,
                "RFC 6068 §3",
                "originator, routing, trace and MIME header fields in a mailto URI are ignored",
            )),
            Class::Unknown => self.found.push(Violation::warning(
                "UnsafeHeader",
                start,
                "RFC 6068 §4",
                "a header field not known to be safe (subject, keywords and body are)",
            )),
            _ => {}
        }
        if let Some(k) = ONCE.iter().position(|n| *n == lower) {
            if seen[k] {
                self.found.push(Violation::warning(
                    "DuplicateHeader",
                    start,
                    SYNTAX,
                    "the same header field twice: mail programs differ in what they do",
                ));
            }
            seen[k] = true;
        }
        Some((name?, value?))
    }

    /// A header value's line breaks and control characters (`body` aside),
    /// `raw` at `base`.
    fn line_breaks(&mut self, base: usize, raw: &str) {
        let mut control = false;
        for (i, b) in uri_encode::decoded_bytes(raw) {
            if b == b'\r' || b == b'\n' {
                self.found.push(Violation::error(
                    "HeaderInjection",
                    base + i,
                    "RFC 6068 §7",
                    "a line break (%0D, %0A) in a header field would start another header field",
                ));
                return;
            }
            if is_control(b) {
                self.control_character(
                    &mut control,
                    base + i,
                    "a control character in a header field",
                );
            }
        }
    }

    /// The first control character of a header field or of the body at
    /// `at`: a warning saying `message`, unless `seen` says one was found
    /// there already (one per field).
    fn control_character(&mut self, seen: &mut bool, at: usize, message: &'static str) {
        if !core::mem::replace(seen, true) {
            self.found.push(Violation::warning(
                "ControlCharacter",
                at,
                "RFC 6068 §2",
                message,
            ));
        }
    }

    /// The body's first line break that is not part of a CR LF pair, at
    /// `at`: a warning, unless `seen` says one was found already.
    fn bare_line_break(&mut self, seen: &mut bool, at: usize) {
        if !core::mem::replace(seen, true) {
            self.found.push(Violation::warning(
                "BareLineBreak",
                at,
                "RFC 6068 §5",
                "line breaks in the body are written %0D%0A",
            ));
        }
    }

    /// The body's line breaks (CR LF pairs) and control characters, `raw`
    /// at `base`.
    fn body(&mut self, base: usize, raw: &str) {
        let (mut bare, mut control) = (false, false);
        let mut cr: Option<usize> = None;
        for (i, b) in uri_encode::decoded_bytes(raw) {
            let lone = match (cr, b) {
                (Some(_), b'\n') => None,
                (Some(at), _) => Some(at),
                (None, b'\n') => Some(i),
                (None, _) => None,
            };
            if let Some(at) = lone {
                self.bare_line_break(&mut bare, base + at);
            }
            cr = (b == b'\r').then_some(i);
            if is_control(b) && !matches!(b, b'\r' | b'\n') {
                self.control_character(
                    &mut control,
                    base + i,
                    "a control character in the body, which is text",
                );
            }
        }
        if let Some(at) = cr {
            self.bare_line_break(&mut bare, base + at);
        }
    }
}

fn check(uri: Uri<'_>) -> (Fields<'_>, Vec<Violation>) {
    let mut c = Checker {
        found: Vec::new(),
        readable: true,
        recipients: 0,
        addressed: 0,
        in_path: 0,
        to: Vec::new(),
    };
    let start = uri.scheme().len() + 1;
    if uri.authority().is_some() {
        c.found.push(Violation::error(
            "UnexpectedAuthority",
            start,
            SYNTAX,
            "a mailto URI has no authority: the addresses follow `mailto:`",
        ));
        return (Fields::None, c.found);
    }
    let path = uri.path();
    let path_start = start_of(uri, Component::Path);
    if let Some(i) = first_of(path, b"/&;=") {
        c.found.push(Violation::error(
            "InvalidChar",
            path_start + i,
            SYNTAX,
            "`/`, `&`, `;` and `=` must be percent-encoded in an address",
        ));
    }
    if !path.is_empty() {
        c.addresses(path_start, path, true);
    }
    let in_path = c.to.len();
    c.in_path = c.recipients;
    let mut headers = Vec::new();
    if let Some(query) = uri.query() {
        let mut seen = [false; ONCE.len()];
        let mut at = start_of(uri, Component::Query);
        for field in query.split('&') {
            if let Some(pair) = c.hfield(at, field, &mut seen) {
                headers.push(pair);
            }
            at += field.len() + 1;
        }
    }
    if c.recipients == 0 && c.addressed == 0 {
        c.found.push(Violation::warning(
            "NoRecipient",
            start,
            SYNTAX,
            "no address, after `mailto:` or in a `to`, `cc` or `bcc` header field: a mail program asks for one",
        ));
    }
    if uri.fragment().is_some() {
        c.found.push(Violation::warning(
            "Fragment",
            start_of(uri, Component::Fragment) - 1,
            SYNTAX,
            "fragments are meaningless in mailto URIs and SHOULD NOT be used",
        ));
    }
    let fields = if c.readable {
        Fields::Mailto(Mailto {
            to: c.to,
            in_path,
            headers,
        })
    } else {
        Fields::None
    };
    (fields, c.found)
}

fn normalize(uri: &mut UriBuf) {
    if uri.has_authority() {
        return;
    }
    let path = uri.path();
    let mut bytes = Vec::new();
    for span in parse_list(path) {
        let Ok(domain) = span.domain else { continue };
        let mut i = domain.start;
        while i < domain.end {
            let b = path.as_bytes()[i];
            if b == b'%' {
                i += 3;
                continue;
            }
            if b.is_ascii_uppercase() {
                if bytes.is_empty() {
                    bytes = path.as_bytes().to_vec();
                }
                bytes[i] = b.to_ascii_lowercase();
            }
            i += 1;
        }
    }
    if bytes.is_empty() {
        return;
    }
    if let Ok(lower) = String::from_utf8(bytes) {
        // Only letters changed case: the path is as valid as it was.
        let _ = uri.set_path(&lower);
    }
}

/// The first byte of `part` that is one of `set`.
fn first_of(part: &str, set: &[u8]) -> Option<usize> {
    part.bytes().position(|b| set.contains(&b))
}

/// Where `raw` (a name, encoded) stops being an RFC 5322 `field-name`
/// (`1*ftext`, `ftext = %d33-57 / %d59-126`), decoded.
fn name_problem(raw: &str) -> Option<usize> {
    if raw.is_empty() {
        return Some(0);
    }
    uri_encode::decoded_bytes(raw)
        .find(|&(_, b)| !(33..=126).contains(&b) || b == b':')
        .map(|(i, _)| i)
}

/// Whether `b` is a control character (C0 but HTAB, or DEL).
fn is_control(b: u8) -> bool {
    (b < 0x20 && b != b'\t') || b == 0x7F
}

/// The first triplet in `domain` that encodes an `unreserved` byte: the
/// letters, digits, `-` and `.` of a domain name are written as they are
/// (the brackets of a domain literal cannot be).
fn encoded_ascii(domain: &[u8]) -> Option<usize> {
    (0..domain.len()).find(|&i| {
        domain[i] == b'%'
            && uri_encode::triplet_at(domain, i).is_some_and(|v| UNRESERVED.contains(v))
    })
}

/// One address of a list: its text in the list, and where its domain is,
/// or where it stops being an `addr-spec`.
struct Span {
    text: Range<usize>,
    domain: Result<Range<usize>, usize>,
}

/// The addresses of `raw`, split at each literal `,` outside a quoted
/// string; none when `raw` is empty. After an address that is not an
/// `addr-spec`, the next one starts after the next `,`.
fn parse_list(raw: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    if raw.is_empty() {
        return spans;
    }
    let bytes = raw.as_bytes();
    let mut c = uri_encode::decoded_bytes(raw);
    loop {
        let start = c.offset();
        let domain = addr_spec(&mut c).and_then(|domain| match c.peek() {
            None | Some((b',', false)) => Ok(domain),
            Some(_) => Err(c.offset()),
        });
        if domain.is_err() {
            c.seek(
                bytes[c.offset()..]
                    .iter()
                    .position(|&b| b == b',')
                    .map_or(bytes.len(), |k| c.offset() + k),
            );
        }
        spans.push(Span {
            text: start..c.offset(),
            domain,
        });
        if c.peek() != Some((b',', false)) {
            return spans;
        }
        c.next();
    }
}

/// `addr-spec = local-part "@" domain` at the cursor, decoded: the range
/// of the domain, or where it fails.
fn addr_spec(c: &mut DecodedBytes<'_>) -> Result<Range<usize>, usize> {
    if c.peek().map(|(b, _)| b) == Some(b'"') {
        quoted_string(c)?;
    } else {
        dot_atom(c)?;
    }
    if c.peek().map(|(b, _)| b) != Some(b'@') {
        return Err(c.offset());
    }
    c.next();
    let start = c.offset();
    if c.peek().map(|(b, _)| b) == Some(b'[') {
        c.next();
        loop {
            match c.peek().map(|(b, _)| b) {
                Some(b']') => {
                    c.next();
                    break;
                }
                // dtext-no-obs = %d33-90 / %d94-126
                Some(33..=90 | 94..=126) => {
                    c.next();
                }
                _ => return Err(c.offset()),
            }
        }
    } else {
        dot_atom(c)?;
    }
    Ok(start..c.offset())
}

/// `dot-atom-text = 1*atext *("." 1*atext)`; `atext` holds UTF-8 too
/// (RFC 6532 §3.2), which §2 items 4 and 5 allow percent-encoded.
fn dot_atom(c: &mut DecodedBytes<'_>) -> Result<(), usize> {
    let mut need = true;
    loop {
        match c.peek().map(|(b, _)| b) {
            Some(b) if is_atext(b) => need = false,
            Some(b'.') if !need => need = true,
            _ => break,
        }
        c.next();
    }
    if need { Err(c.offset()) } else { Ok(()) }
}

/// `quoted-string = DQUOTE *(qtext / quoted-pair) DQUOTE`, without
/// whitespace but in quoted pairs (§2 item 3).
fn quoted_string(c: &mut DecodedBytes<'_>) -> Result<(), usize> {
    c.next();
    loop {
        match c.peek().map(|(b, _)| b) {
            Some(b'"') => {
                c.next();
                return Ok(());
            }
            Some(b'\\') => {
                c.next();
                // quoted-pair = "\" (VCHAR / WSP)
                match c.peek().map(|(b, _)| b) {
                    Some(b)
                        if (0x21..=0x7E).contains(&b) || b >= 0x80 || b == b' ' || b == b'\t' =>
                    {
                        c.next();
                    }
                    _ => return Err(c.offset()),
                }
            }
            // qtext = %d33 / %d35-91 / %d93-126
            Some(b)
                if b == 33 || (35..=91).contains(&b) || (93..=126).contains(&b) || b >= 0x80 =>
            {
                c.next();
            }
            _ => return Err(c.offset()),
        }
    }
}

/// RFC 5322 `atext`, with UTF-8 bytes.
fn is_atext(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b >= 0x80 || b"!#$%&'*+-/=?^_`{|}~".contains(&b)
}

/// The text [`Mailto::is_equivalent`] compares (RFC 6068 §2): each
/// recipient of [`Mailto::to`] in order (the path's and the `to` header
/// fields', one list), as `same_address` compares them (the local part as
/// it is, `@`, the domain in lower case; an address that does not split,
/// as it is), each followed by `,`; then `|` and every other header field
/// in order, its name in lower case, `=`, its value as it is, and `&`.
/// Every part is decoded and written by [`push_field`](crate::equivalence_key::push_field),
/// so the separators are never part of one.
fn mailto_equivalence_key(mailto: &Mailto) -> String {
    use crate::equivalence_key::push_field;
    let mut key = String::new();
    for address in &mailto.to {
        match split_address(address) {
            // The only unescaped `@`: a split address never writes as one
            // that does not split.
            Some((local, domain)) => {
                push_field(&mut key, local);
                key.push('@');
                push_field(&mut key, &domain.to_ascii_lowercase());
            }
            None => push_field(&mut key, address),
        }
        key.push(',');
    }
    key.push('|');
    for (name, value) in &mailto.headers {
        if name.eq_ignore_ascii_case("to") {
            continue;
        }
        push_field(&mut key, &name.to_ascii_lowercase());
        key.push('=');
        push_field(&mut key, value);
        key.push('&');
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(raw: &str) -> Vec<(&str, Result<&str, usize>)> {
        parse_list(raw)
            .into_iter()
            .map(|s| (&raw[s.text], s.domain.map(|d| &raw[d])))
            .collect()
    }

    #[test]
    fn lists() {
        assert_eq!(spans(""), []);
        assert_eq!(spans("a@b"), [("a@b", Ok("b"))]);
        assert_eq!(spans("a@b,c@D.e"), [("a@b", Ok("b")), ("c@D.e", Ok("D.e"))]);
        assert_eq!(spans("a@b,"), [("a@b", Ok("b")), ("", Err(4))]);
        assert_eq!(spans("%22a,b%22@c"), [("%22a,b%22@c", Ok("c"))]);
        assert_eq!(spans("a b@c,d@e"), [("a b@c", Err(1)), ("d@e", Ok("e"))]);
        assert_eq!(spans("a@b@c"), [("a@b@c", Err(3))]);
        assert_eq!(spans("a@%5B1.2%5D"), [("a@%5B1.2%5D", Ok("%5B1.2%5D"))]);
        assert_eq!(spans("a.@b"), [("a.@b", Err(2))]);
        assert_eq!(spans("a@b%2Cc"), [("a@b%2Cc", Err(3))]);
    }

    #[test]
    fn encoded_ascii_in_domain() {
        assert_eq!(encoded_ascii(b"ex%41mple"), Some(2));
        assert_eq!(encoded_ascii(b"%E7%B4%8D.example"), None);
        assert_eq!(encoded_ascii(b"example"), None);
        assert_eq!(encoded_ascii(b"%5B192.0.2.1%5D"), None);
    }

    #[test]
    fn quoted_ends() {
        assert_eq!(quoted_end(b"\"a\\\"b\"@c"), Some(6));
        assert_eq!(quoted_end(b"\"a"), None);
        assert_eq!(quoted_end(b"a\"b\""), None);
    }
}
