//! [`Fields`]: a URI's parts as its scheme reads them.

use alloc::boxed::Box;

use crate::{Data, File, Ftp, Geo, Http, Ldap, Mailto, News, Purl, Sip, Tel, Urn};

/// A URI's parts as its scheme reads them, one variant per scheme of this
/// crate that gives its parts a meaning beyond RFC 3986's components.
///
/// `'a` is the checked URI's text: the http family's parts and a URN's NID
/// and NSS borrow from it (the http family's allocate nothing unless the
/// host has upper-case letters for the origin to lower); the other
/// schemes' parts are decoded, and owned. [`Fields::into_owned`] gives fields that outlive
/// the text.
///
/// # Examples
///
/// ```
/// use uri_schemes::{Fields, Registry};
///
/// let report = Registry::standard().check(uri_core::Uri::parse("http://example.com/")?);
/// assert!(matches!(report.fields(), Fields::Http(_)));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Fields<'a> {
    /// Nothing beyond the generic components: the scheme has no parts of
    /// its own, or the URI is too broken to read them.
    None,
    /// http, https, ws, wss.
    Http(Http<'a>),
    /// mailto (RFC 6068).
    Mailto(Mailto),
    /// urn (RFC 8141).
    Urn(Urn<'a>),
    /// tel (RFC 3966).
    Tel(Tel),
    /// file (RFC 8089).
    File(File),
    /// data (RFC 2397).
    Data(Data),
    /// ldap (RFC 4516), boxed (the largest fields, and a rare scheme:
    /// [`Fields`] stays small to move).
    Ldap(Box<Ldap>),
    /// news and nntp (RFC 5538), boxed as [`Fields::Ldap`] is.
    News(Box<News>),
    /// ftp (RFC 1738 §3.2).
    Ftp(Ftp),
    /// pkg (Package URL, ECMA-427), boxed as [`Fields::Ldap`] is.
    Pkg(Box<Purl>),
    /// sip and sips (RFC 3261 §19.1), boxed as [`Fields::Ldap`] is.
    Sip(Box<Sip>),
    /// geo (RFC 5870), boxed as [`Fields::Ldap`] is.
    Geo(Box<Geo>),
}

impl Fields<'_> {
    /// The same fields, owning what they borrowed from the URI's text.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::{Fields, Registry};
    ///
    /// let fields: Fields<'static> = {
    ///     let text = String::from("http://example.com:8080/");
    ///     let report = Registry::standard().check(uri_core::Uri::parse(&text)?);
    ///     report.into_parts().0.into_owned()
    /// };
    /// let Fields::Http(http) = fields else { panic!("an http URI") };
    /// assert_eq!(http.port(), Some("8080"));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn into_owned(self) -> Fields<'static> {
        match self {
            Fields::None => Fields::None,
            Fields::Http(http) => Fields::Http(http.into_owned()),
            Fields::Mailto(mailto) => Fields::Mailto(mailto),
            Fields::Urn(urn) => Fields::Urn(urn.into_owned()),
            Fields::Tel(tel) => Fields::Tel(tel),
            Fields::File(file) => Fields::File(file),
            Fields::Data(data) => Fields::Data(data),
            Fields::Ldap(ldap) => Fields::Ldap(ldap),
            Fields::News(news) => Fields::News(news),
            Fields::Ftp(ftp) => Fields::Ftp(ftp),
            Fields::Pkg(purl) => Fields::Pkg(purl),
            Fields::Sip(sip) => Fields::Sip(sip),
            Fields::Geo(geo) => Fields::Geo(geo),
        }
    }
}
