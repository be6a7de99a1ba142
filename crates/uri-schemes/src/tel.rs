//! tel (RFC 3966): telephone numbers as URIs.
//!
//! # Grammar
//!
//! RFC 3966 §3, with erratum 203 (`isdn-subaddress` takes `paramchar`, not
//! `uric`):
//!
//! ```text
//! telephone-uri        = "tel:" telephone-subscriber
//! telephone-subscriber = global-number / local-number
//! global-number        = global-number-digits *par
//! local-number         = local-number-digits *par context *par
//! par                  = parameter / extension / isdn-subaddress
//! isdn-subaddress      = ";isub=" 1*paramchar
//! extension            = ";ext=" 1*phonedigit
//! context              = ";phone-context=" descriptor
//! descriptor           = domainname / global-number-digits
//! global-number-digits = "+" *phonedigit DIGIT *phonedigit
//! local-number-digits  = *phonedigit-hex (HEXDIG / "*" / "#") *phonedigit-hex
//! domainname           = *( domainlabel "." ) toplabel [ "." ]
//! domainlabel          = alphanum / alphanum *( alphanum / "-" ) alphanum
//! toplabel             = ALPHA / ALPHA *( alphanum / "-" ) alphanum
//! parameter            = ";" pname ["=" pvalue ]
//! pname                = 1*( alphanum / "-" )
//! pvalue               = 1*paramchar
//! paramchar            = param-unreserved / unreserved / pct-encoded
//! param-unreserved     = "[" / "]" / "/" / ":" / "&" / "+" / "$"
//! phonedigit           = DIGIT / [ visual-separator ]
//! phonedigit-hex       = HEXDIG / "*" / "#" / [ visual-separator ]
//! visual-separator     = "-" / "." / "(" / ")"
//! ```
//!
//! # Rules
//!
//! What [`Registry::check`](crate::Registry::check) reports for a tel URI:
//! RFC 3966 §3's grammar, with erratum 203 (`isub` takes `paramchar`), and
//! §5's rules. Errors (the URI is not a valid tel URI):
//!
//! - `InvalidNumber`, `InvalidParameter`, `InvalidExtension`,
//!   `InvalidPhoneContext`: the grammar above;
//! - `DuplicateParameter`: a parameter named twice;
//! - `FragmentNotAllowed`: the grammar has no fragment;
//! - `MissingPhoneContext`: a local number without one (§5.1.5: "Local
//!   numbers MUST have a 'phone-context' parameter").
//!
//! Warnings: `ParameterOrder`, `PhoneContextInGlobalNumber` and
//! `UnknownMandatoryParameter` (§5.4).
//!
//! A report holds a [`Tel`] when the grammar holds, even with a missing
//! `phone-context` or a repeated parameter.
//!
//! # Spec notes
//!
//! Our reading of the RFC where it leaves room:
//!
//! - `#` can only be written `%23` in a URI (RFC 3986 §2.2): in the number,
//!   `ext` and `phone-context`, a percent-encoded character reads as the
//!   character it encodes. A fragment (`tel:*21#`) is an error: the tel
//!   grammar has none, and its `#` was most likely meant as a digit.
//! - §3 wants `isub` or `ext` first, then `phone-context`, then the other
//!   parameters in lexicographical order, but its ABNF takes any order
//!   (`*par context *par`) and §4 compares "regardless of the order":
//!   another order is a warning. The normal form sorts `ext` and `isub`
//!   by name.
//! - A `phone-context` on a global number is a warning: the ABNF reads it
//!   as an ordinary parameter, but a global number needs no context
//!   (§5.1.4).
//! - No length is checked: "Implementations MUST NOT assume that telephone
//!   numbers have a maximum, minimum, or fixed length" (§5.1).
//!
//! # Normal form and equivalence
//!
//! Two tel URIs are equivalent (§4) when their
//! [`to_normalized`](Tel::to_normalized) forms are equal, which is what
//! [`Registry::equivalent`](crate::Registry::equivalent) compares.

use alloc::string::String;
use alloc::vec::Vec;

use uri_core::{Uri, UriBuf};

use crate::scheme::scheme_facts;
use crate::{Fields, Scheme, Violation};

/// The syntax section.
const SYNTAX: &str = "RFC 3966 §3";

/// The parts of a tel URI (RFC 3966): the number, global or local, and its
/// parameters.
///
/// `Eq` compares the parts as written; two tel URIs are equivalent (§4)
/// when their [`to_normalized`](Tel::to_normalized) forms are equal, which
/// is what [`Registry::equivalent`](crate::Registry::equivalent) compares.
///
/// A report holds a `Tel` when the grammar holds, even with a missing
/// `phone-context` or a repeated parameter.
///
/// The rules checked, the spec notes, the normal form and the equivalence
/// are in the [module docs](self#rules).
///
/// # Examples
///
/// ```
/// use uri_schemes::Tel;
///
/// let tel = Tel::parse(uri_core::Uri::parse("tel:863-1234;phone-context=+1-914-555")?)?;
/// assert!(!tel.is_global());
/// assert_eq!(tel.number(), "863-1234");
/// assert_eq!(tel.digits(), "8631234");
/// assert_eq!(tel.phone_context(), Some("+1-914-555"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tel {
    global: bool,
    number: String,
    digits: String,
    parameters: Vec<(String, Option<String>)>,
}

impl Tel {
    /// The typed entry: checks `uri` by the scheme's rules (the module
    /// docs) and the generic ones, and gives its parts when no violation is
    /// an error (warnings are dropped: [`Registry::check`](crate::Registry::check)
    /// keeps them); else the [`Report`](crate::Report) of what was found
    /// (RFC 3966 §3).
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
    /// use uri_schemes::Tel;
    ///
    /// let view = Tel::parse(Uri::parse("tel:+1-201-555-0123")?)?;
    /// assert_eq!(view.number(), "+1-201-555-0123");
    /// assert!(Tel::parse(Uri::parse("tel:abc")?).is_err());
    /// assert!(Tel::parse(Uri::parse("x:y")?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(uri: Uri<'_>) -> Result<Tel, crate::Report<'_>> {
        crate::scheme::typed_entry(uri, &TelScheme, &["tel"], |fields| match fields {
            Fields::Tel(t) => Some(t),
            _ => None,
        })
    }
}

impl Tel {
    /// Whether the number is global (it starts with `+`, RFC 3966
    /// §5.1.4), not local (§5.1.5).
    ///
    /// # Examples
    ///
    /// ```
    /// let tel = uri_schemes::Tel::parse(uri_core::Uri::parse("tel:+1-201-555-0123")?)?;
    /// assert!(tel.is_global());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_global(&self) -> bool {
        self.global
    }

    /// The number as written: `global-number-digits` (with its `+`) or
    /// `local-number-digits`, visual separators and percent-encoding kept
    /// (RFC 3966 §3).
    ///
    /// # Examples
    ///
    /// ```
    /// let tel = uri_schemes::Tel::parse(uri_core::Uri::parse("tel:+1-201-555-0123")?)?;
    /// assert_eq!(tel.number(), "+1-201-555-0123");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn number(&self) -> &str {
        &self.number
    }

    /// The number as RFC 3966 §4 compares it: without visual separators
    /// (`-`, `.`, `(`, `)`; §5.1.1), percent-encoding decoded (`%23` is
    /// `#`), hex digits in lower case; a global number keeps its `+`.
    ///
    /// # Examples
    ///
    /// ```
    /// let tel = uri_schemes::Tel::parse(uri_core::Uri::parse("tel:+1-(201)-555.0123")?)?;
    /// assert_eq!(tel.digits(), "+12015550123");
    ///
    /// let tel = uri_schemes::Tel::parse(uri_core::Uri::parse("tel:*21%23;phone-context=example.com")?)?;
    /// assert_eq!(tel.digits(), "*21#");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn digits(&self) -> &str {
        &self.digits
    }

    /// The `phone-context` parameter's value as written (RFC 3966 §5.1.5):
    /// a domain name or the digits of a global number prefix.
    ///
    /// # Examples
    ///
    /// ```
    /// let tel = uri_schemes::Tel::parse(uri_core::Uri::parse("tel:7042;phone-context=example.com")?)?;
    /// assert_eq!(tel.phone_context(), Some("example.com"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn phone_context(&self) -> Option<&str> {
        self.value_of("phone-context")
    }

    /// The `ext` parameter's value as written: the extension behind a PBX
    /// (RFC 3966 §5.3).
    ///
    /// # Examples
    ///
    /// ```
    /// let tel = uri_schemes::Tel::parse(uri_core::Uri::parse("tel:+1-201-555-0123;ext=1234")?)?;
    /// assert_eq!(tel.extension(), Some("1234"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn extension(&self) -> Option<&str> {
        self.value_of("ext")
    }

    /// The `isub` parameter's value as written: an ISDN subaddress (RFC
    /// 3966 §5.2).
    ///
    /// # Examples
    ///
    /// ```
    /// let tel = uri_schemes::Tel::parse(uri_core::Uri::parse("tel:+1-201-555-0123;isub=8765")?)?;
    /// assert_eq!(tel.isub(), Some("8765"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn isub(&self) -> Option<&str> {
        self.value_of("isub")
    }

    /// The parameters other than `isub`, `ext` and `phone-context` (RFC
    /// 3966 §5.4), in the order written, as (name, value) pairs as written;
    /// the value is `None` for a parameter without `=`.
    ///
    /// # Examples
    ///
    /// ```
    /// let tel = uri_schemes::Tel::parse(uri_core::Uri::parse("tel:+1-201-555-0123;ext=1;npdi;rn=+1-202-555-0000")?)?;
    /// let params: Vec<_> = tel.params().collect();
    /// assert_eq!(params, [("npdi", None), ("rn", Some("+1-202-555-0000"))]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn params(&self) -> impl Iterator<Item = (&str, Option<&str>)> + '_ {
        self.parameters()
            .filter(|(name, _)| rank(&name_key(name)) == 2)
    }

    /// Every parameter, `isub`, `ext` and `phone-context` included, in the
    /// order written, as (name, value) pairs as written.
    ///
    /// # Examples
    ///
    /// ```
    /// let tel = uri_schemes::Tel::parse(uri_core::Uri::parse("tel:7042;phone-context=example.com")?)?;
    /// let all: Vec<_> = tel.parameters().collect();
    /// assert_eq!(all, [("phone-context", Some("example.com"))]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parameters(&self) -> impl Iterator<Item = (&str, Option<&str>)> + '_ {
        self.parameters
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_deref()))
    }

    /// The normal form of the URI (RFC 3966 §4), the one
    /// [`Registry::normalize`](crate::Registry::normalize) gives: `tel:`,
    /// the [`digits`](Tel::digits) (`#` written `%23`), then the parameters
    /// in the order of §3 (`isub`, `ext`, `phone-context`, the others by
    /// name), names and values in lower case (§4: "URI comparisons are
    /// case-insensitive"; percent-encoded triplets keep upper-case hex
    /// digits, RFC 3986 §6.2.2.1), visual separators removed from the
    /// `ext` digits and a `phone-context` number (§5.1.1: they "are not
    /// used for URI comparison"), a `phone-context` domain in lower case.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Tel;
    ///
    /// let uri = uri_core::Uri::parse("tel:863-1234;Foo=Bar;phone-context=+1-914-555;EXT=1-2")?;
    /// let tel = Tel::parse(uri)?;
    /// assert_eq!(tel.to_normalized(), "tel:8631234;ext=12;phone-context=+1914555;foo=bar");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_normalized(&self) -> String {
        let mut out = String::with_capacity(4 + self.digits.len() + 3 * self.parameters.len());
        out.push_str("tel:");
        for c in self.digits.chars() {
            if c == '#' {
                out.push_str("%23");
            } else {
                out.push(c);
            }
        }
        let mut order: Vec<(u8, String, usize)> = self
            .parameters
            .iter()
            .enumerate()
            .map(|(i, (name, _))| {
                let key = name_key(name);
                (rank(&key), key, i)
            })
            .collect();
        order.sort();
        for (_, key, i) in order {
            out.push(';');
            out.push_str(&key);
            if let Some(value) = &self.parameters[i].1 {
                out.push('=');
                push_normal_value(&mut out, &key, value);
            }
        }
        out
    }

    /// The value of the first parameter named `key` (lower case), in any
    /// case.
    fn value_of(&self, key: &str) -> Option<&str> {
        self.parameters
            .iter()
            .find(|(name, _)| name_key(name) == key)
            .and_then(|(_, value)| value.as_deref())
    }
}

/// `tel` (RFC 3966).
pub(crate) struct TelScheme;

impl Scheme for TelScheme {
    // kind: A tel URI names a telephone number, and "does not describe
    //   the steps necessary to reach" it (RFC 3966 §1).
    // opaque_path: The subscriber is one string: a parameter value may
    //   hold `/` (`param-unreserved`), and `tel:+1;x=a/../b` is not
    //   `tel:b`.
    scheme_facts! { name = "tel"; kind = Name; opaque_path = true; }

    /// RFC 3966 §3 and §5; the violations are listed at [`Tel`].
    fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
        let (tel, found) = read(uri);
        (tel.map_or(Fields::None, Fields::Tel), found)
    }

    /// RFC 3966 §4, through [`Tel::to_normalized`]; a URI with an error is
    /// left as it is.
    fn normalize(&self, uri: &mut UriBuf) {
        let (tel, found) = read(uri.as_uri());
        let Some(tel) = tel else { return };
        if found.iter().any(Violation::is_error) {
            return;
        }
        let normal = tel.to_normalized();
        // A valid tel URI has no authority, query or fragment: the whole
        // subscriber is the path, and its normal form a valid one.
        if normal.len() > 4 && uri.path() != &normal[4..] {
            let _ = uri.set_path(&normal[4..]);
        }
    }
}

/// Reads the tel URI `uri`: its parts, when its grammar holds, and every
/// violation.
fn read(uri: Uri<'_>) -> (Option<Tel>, Vec<Violation>) {
    let mut found = Vec::new();
    let (start, body, hash) = crate::generic::body_before_fragment(uri);
    if let Some(at) = hash {
        let message = "a tel URI has no fragment (a `#` in a number is written `%23`)";
        found.push(Violation::error("FragmentNotAllowed", at, SYNTAX, message));
    }
    let number_len = body.find(';').unwrap_or(body.len());
    let number = &body[..number_len];
    let global = number.starts_with('+');
    let digits = read_number(number, start, &mut found);
    let mut grammar = digits.is_some();

    let mut params: Vec<Param<'_>> = Vec::new();
    let mut pos = number_len;
    while pos < body.len() {
        // `body[pos]` is a `;`.
        let from = pos + 1;
        let to = body[from..].find(';').map_or(body.len(), |k| from + k);
        match read_parameter(&body[from..to], start + from, &mut found) {
            Some(param) => params.push(Param {
                at: start + pos,
                ..param
            }),
            None => grammar = false,
        }
        pos = to;
    }
    check_rules(global, grammar, &params, start + body.len(), &mut found);

    let tel = match (grammar, digits) {
        (true, Some(digits)) => Some(Tel {
            global,
            number: number.into(),
            digits,
            parameters: params
                .into_iter()
                .map(|p| (p.name.into(), p.value.map(Into::into)))
                .collect(),
        }),
        _ => None,
    };
    (tel, found)
}

/// One parameter as read: its `;` (an index in the URI), its name and
/// value as written, and its name decoded in lower case.
struct Param<'a> {
    at: usize,
    name: &'a str,
    value: Option<&'a str>,
    key: String,
}

/// Checks the rules beyond each part's grammar: the `phone-context` a
/// local number needs, parameters once each and in §3's order, unknown
/// mandatory parameters; `grammar` tells whether the number and every
/// parameter could be read. (No length: §5.1 says "Implementations MUST NOT
/// assume that telephone numbers have a maximum, minimum, or fixed
/// length".)
fn check_rules(
    global: bool,
    grammar: bool,
    params: &[Param<'_>],
    end: usize,
    found: &mut Vec<Violation>,
) {
    let context = params.iter().find(|p| p.key == "phone-context");
    match (global, context) {
        // Only when the rest could be read: `tel:hello` is no number at all.
        (false, None) if grammar => found.push(Violation::error(
            "MissingPhoneContext",
            end,
            "RFC 3966 §5.1.5",
            "a local number needs a `;phone-context=` parameter",
        )),
        (true, Some(p)) => found.push(Violation::warning(
            "PhoneContextInGlobalNumber",
            p.at,
            "RFC 3966 §5.1.4",
            "a global number needs no `phone-context`: it is unambiguous everywhere",
        )),
        _ => {}
    }
    // Each name once (§3: "MUST NOT appear more than once"), in any case.
    let mut by_name: Vec<(&str, usize)> = params.iter().map(|p| (p.key.as_str(), p.at)).collect();
    crate::generic::push_duplicates(&mut by_name, SYNTAX, found);
    // §3: `isub` or `ext` first, then `phone-context`, then the others in
    // lexicographical order.
    let mut previous: Option<(u8, &str)> = None;
    for p in params {
        let now = (rank(&p.key), p.key.as_str());
        if let Some(before) = previous {
            let out_of_order =
                now.0 < before.0 || (now.0 == 2 && before.0 == 2 && now.1 < before.1);
            if out_of_order {
                found.push(Violation::warning(
                    "ParameterOrder",
                    p.at,
                    SYNTAX,
                    "parameters go `isub` or `ext` first, then `phone-context`, then the others in lexicographical order",
                ));
                break;
            }
        }
        previous = Some(now);
    }
    for p in params {
        if p.key.starts_with("m-") {
            found.push(Violation::warning(
                "UnknownMandatoryParameter",
                p.at,
                "RFC 3966 §5.4",
                "an unknown mandatory (`m-`) parameter: the URI must not be used by a program that does not know it",
            ));
        }
    }
}

/// Reads the number (`number`, at `at` in the URI): its digits as
/// [`Tel::digits`] gives them, or `None` after pushing an `InvalidNumber`
/// error.
fn read_number(number: &str, at: usize, found: &mut Vec<Violation>) -> Option<String> {
    let mut digits = String::new();
    let mut bad = None;
    let mut significant = 0usize;
    if let Some(rest) = number.strip_prefix('+') {
        digits.push('+');
        for (off, c) in elements(rest) {
            if c.is_ascii_digit() {
                significant += 1;
                digits.push(char::from(c));
            } else if !is_visual_separator(c) {
                bad = Some(at + 1 + off);
                break;
            }
        }
    } else {
        for (off, c) in elements(number) {
            if c.is_ascii_hexdigit() || c == b'*' || c == b'#' {
                significant += 1;
                digits.push(char::from(c.to_ascii_lowercase()));
            } else if !is_visual_separator(c) {
                bad = Some(at + off);
                break;
            }
        }
    }
    if let Some(index) = bad {
        found.push(Violation::error(
            "InvalidNumber",
            index,
            SYNTAX,
            if number.starts_with('+') {
                "a global number holds digits and visual separators (`-`, `.`, `(`, `)`) after its `+`"
            } else {
                "a number is `+` and digits, or a local number of hex digits, `*`, `#` and visual separators"
            },
        ));
        return None;
    }
    if significant == 0 {
        found.push(Violation::error(
            "InvalidNumber",
            at + number.len(),
            SYNTAX,
            "the number has no digit",
        ));
        return None;
    }
    Some(digits)
}

/// Reads one parameter (`text`, without its `;`, at `at` in the URI), or
/// `None` after pushing an error.
fn read_parameter<'a>(text: &'a str, at: usize, found: &mut Vec<Violation>) -> Option<Param<'a>> {
    let (name, value) = match text.find('=') {
        Some(k) => (&text[..k], Some(&text[k + 1..])),
        None => (text, None),
    };
    let mut error = |kind: &'static str, index: usize, message: &'static str| {
        found.push(Violation::error(kind, index, SYNTAX, message));
    };
    // pname = 1*( alphanum / "-" )
    if name.is_empty() {
        error("InvalidParameter", at, "a parameter needs a name");
        return None;
    }
    let mut key = String::with_capacity(name.len());
    for (off, c) in elements(name) {
        if !(c.is_ascii_alphanumeric() || c == b'-') {
            error(
                "InvalidParameter",
                at + off,
                "a parameter name holds letters, digits and `-`",
            );
            return None;
        }
        key.push(char::from(c.to_ascii_lowercase()));
    }
    let value_at = at + name.len() + 1;
    // pvalue = 1*paramchar
    if let Some(value) = value {
        if value.is_empty() {
            error(
                "InvalidParameter",
                value_at,
                "a parameter value after `=` is not empty",
            );
            return None;
        }
        if let Some(off) = value.bytes().position(|b| !is_paramchar(b)) {
            error(
                "InvalidParameter",
                value_at + off,
                "a parameter value holds letters, digits, `-_.!~*'()[]/:&+$` and percent-encoded octets",
            );
            return None;
        }
    }
    let needs_value = matches!(key.as_str(), "isub" | "ext" | "phone-context");
    match (key.as_str(), value) {
        (_, None) if needs_value => {
            error(
                "InvalidParameter",
                at + name.len(),
                "`isub`, `ext` and `phone-context` need a value",
            );
            return None;
        }
        ("ext", Some(value)) => {
            // extension = ";ext=" 1*phonedigit
            let bad =
                elements(value).find(|&(_, c)| !(c.is_ascii_digit() || is_visual_separator(c)));
            if let Some((off, _)) = bad {
                error(
                    "InvalidExtension",
                    value_at + off,
                    "an extension holds digits and visual separators",
                );
                return None;
            }
        }
        ("phone-context", Some(value)) => {
            if let Err(off) = check_descriptor(value) {
                error(
                    "InvalidPhoneContext",
                    value_at + off,
                    "a phone-context is a domain name or a global number prefix (`+` and digits)",
                );
                return None;
            }
        }
        _ => {}
    }
    Some(Param {
        at,
        name,
        value,
        key,
    })
}

/// Checks `descriptor = domainname / global-number-digits`; `Err` holds
/// the offset of the first byte that cannot be part of one.
fn check_descriptor(value: &str) -> Result<(), usize> {
    if let Some(rest) = value.strip_prefix('+') {
        let mut digits = 0usize;
        for (off, c) in elements(rest) {
            if c.is_ascii_digit() {
                digits += 1;
            } else if !is_visual_separator(c) {
                return Err(1 + off);
            }
        }
        return if digits == 0 {
            Err(value.len())
        } else {
            Ok(())
        };
    }
    check_domain(value)
}

/// Checks `domainname` (RFC 3966 §3, after RFC 2396 §3.2.2): labels of
/// letters, digits and `-`, not at either end; the last starts with a
/// letter; a final `.` allowed. `Err` holds the offset of the first byte
/// that cannot be part of one.
fn check_domain(value: &str) -> Result<(), usize> {
    let all: Vec<(usize, u8)> = elements(value).collect();
    let mut n = all.len();
    if n > 0 && all[n - 1].1 == b'.' {
        n -= 1;
    }
    let at = |i: usize| all.get(i).map_or(value.len(), |e| e.0);
    if n == 0 {
        return Err(at(0).min(value.len()));
    }
    let mut label = 0;
    for i in 0..=n {
        if i < n && all[i].1 != b'.' {
            let c = all[i].1;
            if !(c.is_ascii_alphanumeric() || c == b'-') || (i == label && c == b'-') {
                return Err(all[i].0);
            }
            continue;
        }
        if i == label {
            // An empty label.
            return Err(at(i));
        }
        if all[i - 1].1 == b'-' {
            return Err(all[i - 1].0);
        }
        if i == n && !all[label].1.is_ascii_alphabetic() {
            return Err(all[label].0);
        }
        label = i + 1;
    }
    Ok(())
}

/// Appends the normal form of the value of parameter `key`.
fn push_normal_value(out: &mut String, key: &str, value: &str) {
    match key {
        "phone-context" if value.starts_with('+') => {
            out.push('+');
            push_digits(out, &value[1..]);
        }
        "phone-context" => {
            for (_, c) in elements(value) {
                out.push(char::from(c.to_ascii_lowercase()));
            }
        }
        "ext" if elements(value).any(|(_, c)| c.is_ascii_digit()) => push_digits(out, value),
        _ => push_lowercase(out, value),
    }
}

/// Appends the digits of `text`, without visual separators.
fn push_digits(out: &mut String, text: &str) {
    for (_, c) in elements(text) {
        if c.is_ascii_digit() {
            out.push(char::from(c));
        }
    }
}

/// Appends `text` (ASCII) in lower case, the hex digits of its
/// percent-encoded triplets in upper case (RFC 3986 §6.2.2.1).
pub(crate) fn push_lowercase(out: &mut String, text: &str) {
    let mut hex_left = 0u8;
    for c in text.chars() {
        if hex_left > 0 {
            hex_left -= 1;
            out.push(c.to_ascii_uppercase());
        } else {
            if c == '%' {
                hex_left = 2;
            }
            out.push(c.to_ascii_lowercase());
        }
    }
}

/// The name of a parameter, decoded, in lower case.
fn name_key(name: &str) -> String {
    elements(name)
        .map(|(_, c)| char::from(c.to_ascii_lowercase()))
        .collect()
}

/// Where §3 puts a parameter: `isub` and `ext` first (0), `phone-context`
/// (1), then the others (2).
fn rank(key: &str) -> u8 {
    match key {
        "isub" | "ext" => 0,
        "phone-context" => 1,
        _ => 2,
    }
}

/// `visual-separator = "-" / "." / "(" / ")"`
const fn is_visual_separator(c: u8) -> bool {
    matches!(c, b'-' | b'.' | b'(' | b')')
}

/// `paramchar = param-unreserved / unreserved / pct-encoded`, byte by
/// byte (a `%` stands for its triplet, which the URI parser checked).
const fn is_paramchar(c: u8) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            b'-' | b'_'
                | b'.'
                | b'!'
                | b'~'
                | b'*'
                | b'\''
                | b'('
                | b')'
                | b'['
                | b']'
                | b'/'
                | b':'
                | b'&'
                | b'+'
                | b'$'
                | b'%'
        )
}

/// The characters of `text` (part of a URI), a percent-encoded triplet
/// decoded to its octet, each with its offset in `text`.
pub(crate) fn elements(text: &str) -> impl Iterator<Item = (usize, u8)> + '_ {
    uri_encode::decoded_bytes(text)
}

/// This module's entry in [`Registry::standard`](crate::Registry::standard).
pub(crate) const SCHEMES: &[crate::registry::Builtin] =
    &[crate::registry::Builtin::Other(&TelScheme)];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domains() {
        assert_eq!(check_domain("example.com"), Ok(()));
        assert_eq!(check_domain("example.com."), Ok(()));
        assert_eq!(check_domain("a"), Ok(()));
        assert_eq!(check_domain("a-b.c-d"), Ok(()));
        assert_eq!(check_domain("1.example"), Ok(()));
        assert_eq!(check_domain(""), Err(0));
        assert_eq!(check_domain("."), Err(0));
        assert_eq!(check_domain("a..b"), Err(2));
        assert_eq!(check_domain("-a"), Err(0));
        assert_eq!(check_domain("a-.b"), Err(1));
        assert_eq!(check_domain("a_b"), Err(1));
        assert_eq!(check_domain("example.1com"), Err(8));
        assert_eq!(check_domain("a.."), Err(2));
        assert_eq!(check_domain("ex%61mple.com"), Ok(()));
    }

    #[test]
    fn lowercase_keeps_triplets() {
        let mut out = String::new();
        push_lowercase(&mut out, "AbC%2fX%3b");
        assert_eq!(out, "abc%2Fx%3B");
    }

    #[test]
    fn decoding() {
        let all: Vec<_> = elements("a%23b%").collect();
        assert_eq!(all, [(0, b'a'), (1, b'#'), (4, b'b'), (5, b'%')]);
    }
}
