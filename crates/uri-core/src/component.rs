//! [`Component`]: the names of the seven components, one list for the
//! parser, the builder, the setters and the errors.

use core::fmt;

/// One of the seven components of a reference (RFC 3986 §3), counting the
/// authority's userinfo, host and port apart.
///
/// The builder's errors name the component at fault
/// ([`BuildError::component`](crate::BuildError::component)), and a
/// [`Spec`](crate::Spec) says per component which non-ASCII characters it
/// allows.
///
/// # Examples
///
/// ```
/// use uri_core::{Component, UriReferenceBuf};
///
/// let err = UriReferenceBuf::builder().path("a?b").build().unwrap_err();
/// assert_eq!(err.component(), Component::Path);
/// assert_eq!(Component::Userinfo.as_str(), "userinfo");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Component {
    /// The scheme (§3.1).
    Scheme,
    /// The userinfo subcomponent of the authority (§3.2.1).
    Userinfo,
    /// The host (§3.2.2): an IP literal, an IPv4 address or a registered name.
    Host,
    /// The port (§3.2.3).
    Port,
    /// The path (§3.3).
    Path,
    /// The query (§3.4).
    Query,
    /// The fragment (§3.5).
    Fragment,
}

impl Component {
    /// Every component, in the order they are written.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Component;
    ///
    /// assert_eq!(Component::ALL.len(), 7);
    /// assert_eq!(Component::ALL[0], Component::Scheme);
    /// ```
    pub const ALL: &'static [Component] = &[
        Component::Scheme,
        Component::Userinfo,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// The component's name in RFC 3986, lower case.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_core::Component::Fragment.as_str(), "fragment");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
