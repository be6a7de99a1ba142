//! [`Fields`]: a URI's parts as its scheme reads them.

use crate::{Data, File, Ftp, Http, Ldap, Mailto, News, Tel, Urn};

/// A URI's parts as its scheme reads them, one variant per scheme of this
/// crate that gives its parts a meaning beyond RFC 3986's components.
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
pub enum Fields {
    /// Nothing beyond the generic components: the scheme has no parts of
    /// its own, or the URI is too broken to read them.
    None,
    /// http, https, ws, wss.
    Http(Http),
    /// mailto (RFC 6068).
    Mailto(Mailto),
    /// urn (RFC 8141).
    Urn(Urn),
    /// tel (RFC 3966).
    Tel(Tel),
    /// file (RFC 8089).
    File(File),
    /// data (RFC 2397).
    Data(Data),
    /// ldap (RFC 4516).
    Ldap(Ldap),
    /// news and nntp (RFC 5538).
    News(News),
    /// ftp (RFC 1738 §3.2).
    Ftp(Ftp),
}
