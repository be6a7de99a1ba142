//! [`Fields`]: a URI's parts as its scheme reads them, and
//! [`FieldValue`], their description as data (what a program prints or
//! serializes without knowing the scheme).

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use uri_core::Uri;

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
    /// A scheme's parts as a description only: what a scheme added through
    /// the [`Scheme`](crate::Scheme) trait answers, so that programs print
    /// its parts as they print this crate's ([`Fields::describe`]).
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::{FieldValue, Fields, Kind, Registry, Scheme, Violation};
    ///
    /// struct Doi;
    /// impl Scheme for Doi {
    ///     fn name(&self) -> &'static str { "doi" }
    ///     fn kind(&self) -> Kind { Kind::Name }
    ///     fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
    ///         let prefix = uri.path().split('/').next().unwrap_or("");
    ///         (Fields::Other(vec![("prefix".into(), FieldValue::text(prefix))]), Vec::new())
    ///     }
    /// }
    ///
    /// let mut registry = Registry::standard();
    /// registry.add(Doi);
    /// let uri = Uri::parse("doi:10.1000/182")?;
    /// let described = registry.check(uri).fields().describe(uri);
    /// assert_eq!(described, [("prefix".into(), FieldValue::text("10.1000"))]);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    Other(Vec<(Cow<'static, str>, FieldValue)>),
}

/// One part of a URI as data: what [`Fields::describe`] gives for each
/// named part, in a shape every serialization format has (with the `serde`
/// feature it serializes as JSON's null, boolean, number, string, array
/// and object).
///
/// # Examples
///
/// ```
/// use uri_schemes::FieldValue;
///
/// let pair = FieldValue::List(vec![FieldValue::text("subject"), FieldValue::text("hi")]);
/// assert_eq!(pair, FieldValue::List(vec!["subject".into(), "hi".into()]));
/// assert_eq!(FieldValue::from(None::<&str>), FieldValue::Null);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FieldValue {
    /// Absent.
    Null,
    /// Yes or no.
    Bool(bool),
    /// A count or a number.
    Number(u64),
    /// Text.
    Text(String),
    /// Items in order (a pair `[name, value]` is a list of two).
    List(Vec<FieldValue>),
    /// Named values in order.
    Map(Vec<(String, FieldValue)>),
}

impl FieldValue {
    /// [`FieldValue::Text`] of `text`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_schemes::FieldValue::text("a"), uri_schemes::FieldValue::Text("a".to_owned()));
    /// ```
    pub fn text(text: &str) -> Self {
        FieldValue::Text(text.to_string())
    }

    /// A list of `items`.
    fn list<T: Into<FieldValue>>(items: impl IntoIterator<Item = T>) -> Self {
        FieldValue::List(items.into_iter().map(Into::into).collect())
    }
}

impl From<&str> for FieldValue {
    fn from(text: &str) -> Self {
        FieldValue::text(text)
    }
}

impl From<&String> for FieldValue {
    fn from(text: &String) -> Self {
        FieldValue::text(text)
    }
}

impl From<bool> for FieldValue {
    fn from(b: bool) -> Self {
        FieldValue::Bool(b)
    }
}

impl<T: Into<FieldValue>> From<Option<T>> for FieldValue {
    fn from(value: Option<T>) -> Self {
        value.map_or(FieldValue::Null, Into::into)
    }
}

/// A `[name, value]` pair.
fn pair(name: impl Into<FieldValue>, value: impl Into<FieldValue>) -> FieldValue {
    FieldValue::List(vec![name.into(), value.into()])
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
    /// assert!(matches!(&fields, Fields::Http(http) if http.port() == Some("8080")));
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
            Fields::Other(fields) => Fields::Other(fields),
        }
    }
}

impl Fields<'_> {
    /// The parts as data, named and in order: what the `urikit scheme`
    /// command prints as JSON (`"fields"`) and as its table, for every
    /// scheme, a scheme of yours ([`Fields::Other`]) included. `uri` is the
    /// URI the fields were read from (news's and ftp's port are shown as
    /// written there). Empty for [`Fields::None`].
    ///
    /// The names are public interface: `to` and `headers` (mailto); `nid`,
    /// `nss`, `r_component`, `q_component`, `f_component` (urn); `global`,
    /// `number`, `phone_context`, `params` (tel); `host`, `port`, `origin`
    /// (http family: `[scheme, host, port]`); `host`, `path` (file);
    /// `media_type`, `base64`, `data_len`, `parameters` (data); `dn`,
    /// `attributes`, `scope`, `filter`, `extensions` (ldap: `[critical,
    /// type, value]`); `server`, `port`, `newsgroups`, `message_id`,
    /// `article_number` (news, nntp); `host`, `port`, `user`, `segments`,
    /// `typecode` (ftp); `type`, `namespace`, `name`, `version`,
    /// `qualifiers`, `subpath` (pkg); `secure`, `user`, `password`, `host`,
    /// `port`, `parameters`, `headers` (sip, sips: the password as the URI
    /// holds it, so describe a URI whose password is masked to show it);
    /// `coordinates`, `crs`, `uncertainty`, `parameters` (geo). Pairs are
    /// `[name, value]` lists.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::{FieldValue, Registry};
    ///
    /// let uri = Uri::parse("mailto:chris@example.com?subject=hi")?;
    /// let described = Registry::standard().check(uri).fields().describe(uri);
    /// let names: Vec<_> = described.iter().map(|(name, _)| name.as_ref()).collect();
    /// assert_eq!(names, ["to", "headers"]);
    /// assert_eq!(described[0].1, FieldValue::List(vec!["chris@example.com".into()]));
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn describe(&self, uri: Uri<'_>) -> Vec<(Cow<'static, str>, FieldValue)> {
        let named =
            |fields: Vec<(&'static str, FieldValue)>| -> Vec<(Cow<'static, str>, FieldValue)> {
                fields
                    .into_iter()
                    .map(|(n, v)| (Cow::Borrowed(n), v))
                    .collect()
            };
        let pairs = |items: &[(String, String)]| {
            FieldValue::List(items.iter().map(|(n, v)| pair(n, v)).collect())
        };
        let optional_pairs = |items: &[(String, Option<String>)]| {
            FieldValue::List(items.iter().map(|(n, v)| pair(n, v.as_ref())).collect())
        };
        match self {
            Fields::None => Vec::new(),
            Fields::Other(fields) => fields.clone(),
            Fields::Mailto(m) => named(vec![
                ("to", FieldValue::list(m.to())),
                ("headers", pairs(m.headers())),
            ]),
            Fields::Urn(u) => named(vec![
                ("nid", u.nid().into()),
                ("nss", u.nss().into()),
                ("r_component", u.r_component().into()),
                ("q_component", u.q_component().into()),
                ("f_component", u.f_component().into()),
            ]),
            Fields::Tel(t) => named(vec![
                ("global", t.is_global().into()),
                ("number", t.number().into()),
                ("phone_context", t.phone_context().into()),
                (
                    "params",
                    FieldValue::List(
                        t.parameters()
                            .filter(|(name, _)| !name.eq_ignore_ascii_case("phone-context"))
                            .map(|(n, v)| pair(n, v))
                            .collect(),
                    ),
                ),
            ]),
            Fields::Http(h) => named(vec![
                ("host", h.host().into()),
                ("port", h.port().into()),
                (
                    "origin",
                    h.origin()
                        .map(|o| FieldValue::list([o.scheme(), o.host(), &o.port().to_string()]))
                        .unwrap_or(FieldValue::Null),
                ),
            ]),
            Fields::File(f) => named(vec![("host", f.host().into()), ("path", f.path().into())]),
            Fields::Data(d) => named(vec![
                ("media_type", d.media_type().into()),
                ("base64", d.is_base64().into()),
                ("data_len", FieldValue::Number(d.data_len() as u64)),
                ("parameters", pairs(d.parameters())),
            ]),
            Fields::Ldap(l) => named(vec![
                ("dn", l.dn().into()),
                ("attributes", FieldValue::list(l.attributes())),
                ("scope", l.scope().into()),
                ("filter", l.filter().into()),
                (
                    "extensions",
                    FieldValue::List(
                        l.extensions()
                            .map(|(critical, ty, value)| {
                                FieldValue::List(vec![critical.into(), ty.into(), value.into()])
                            })
                            .collect(),
                    ),
                ),
            ]),
            Fields::News(n) => named(vec![
                ("server", n.server().into()),
                ("port", uri.port().into()),
                ("newsgroups", n.newsgroups().into()),
                ("message_id", n.message_id().into()),
                (
                    "article_number",
                    n.article_number().map(|a| a.to_string()).as_ref().into(),
                ),
            ]),
            Fields::Ftp(f) => named(vec![
                ("host", f.host().into()),
                ("port", uri.port().into()),
                ("user", f.user().into()),
                ("segments", FieldValue::list(f.segments())),
                (
                    "typecode",
                    f.typecode().map(|c| c.to_string()).as_ref().into(),
                ),
            ]),
            Fields::Pkg(p) => named(vec![
                ("type", p.package_type().into()),
                ("namespace", p.namespace().into()),
                ("name", p.name().into()),
                ("version", p.version().into()),
                ("qualifiers", pairs(p.qualifiers())),
                ("subpath", p.subpath().into()),
            ]),
            Fields::Sip(s) => named(vec![
                ("secure", s.is_secure().into()),
                ("user", s.user().into()),
                ("password", s.password().into()),
                ("host", s.host().into()),
                ("port", s.port().into()),
                ("parameters", optional_pairs(s.parameters())),
                ("headers", pairs(s.headers())),
            ]),
            Fields::Geo(g) => named(vec![
                ("coordinates", FieldValue::list(g.coordinates())),
                ("crs", g.crs().into()),
                ("uncertainty", g.uncertainty().into()),
                ("parameters", optional_pairs(g.parameters())),
            ]),
        }
    }
}
