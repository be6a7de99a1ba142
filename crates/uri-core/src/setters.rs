//! The `set_*` methods of the owned types ([`RiReferenceBuf`], [`RiBuf`],
//! [`RelativeRiBuf`]), and their `builder()`.
//!
//! A setter changes one part through a [`RiBuilder`] made from the value's
//! components: the part is checked alone, then against the others, and the
//! value is left as it was when either check fails.

use crate::builder::{BuildError, RiBuilder};
use crate::owned::{RelativeRiBuf, RiBuf, RiReferenceBuf};
use crate::spec::Spec;

macro_rules! setters {
    ($Buf:ident, $Alias:ident, $build:ident, $example:literal) => {
        impl<S: Spec> $Buf<S> {
            /// Sets or removes the userinfo (§3.2.1), without `@`.
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if it is not valid userinfo, or there is no host.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// r.set_userinfo(Some("me"))?;
            /// assert_eq!(r.userinfo(), Some("me"));
            /// assert!(r.set_userinfo(Some("a@b")).is_err());
            /// assert_eq!(r.userinfo(), Some("me"));
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
                *self = RiBuilder::from_components(self.components()).userinfo(userinfo).$build()?;
                Ok(())
            }

            /// Sets or removes the host (§3.2.2); `None` removes the whole authority.
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if it is not a valid host, or the path does not
            /// fit the new authority.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// r.set_host(Some("[2001:db8::1]"))?;
            /// assert_eq!(r.host_str(), Some("[2001:db8::1]"));
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_host(&mut self, host: Option<&str>) -> Result<(), BuildError> {
                *self = RiBuilder::from_components(self.components()).host(host).$build()?;
                Ok(())
            }

            /// Sets or removes the port (§3.2.3): any string of digits.
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if it holds a non-digit, or there is no host.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// r.set_port(Some("8080"))?;
            /// assert_eq!(r.port(), Some("8080"));
            /// assert!(r.set_port(Some("80a")).is_err());
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_port(&mut self, port: Option<&str>) -> Result<(), BuildError> {
                *self = RiBuilder::from_components(self.components()).port_str(port).$build()?;
                Ok(())
            }

            /// Sets the path (§3.3).
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if it is not a valid path, or breaks §3.3 or
            /// §4.2 given the other parts (a path that does not begin with `/`
            /// after an authority; `//` without one; a `:` in the first segment
            /// of a relative path).
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// r.set_path("/a/b")?;
            /// assert_eq!(r.path(), "/a/b");
            /// assert!(r.set_path("relative").is_err());
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
                *self = RiBuilder::from_components(self.components()).path(path).$build()?;
                Ok(())
            }

            /// Sets or removes the query (§3.4), without `?`.
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if it is not a valid query (a `#`, a space…).
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// r.set_query(Some("a=1"))?;
            /// assert_eq!(r.query(), Some("a=1"));
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
                *self = RiBuilder::from_components(self.components()).query(query).$build()?;
                Ok(())
            }

            /// Sets or removes the fragment (§3.5), without `#`.
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if it is not a valid fragment.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// r.set_fragment(Some("top"))?;
            /// assert_eq!(r.fragment(), Some("top"));
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
                *self = RiBuilder::from_components(self.components()).fragment(fragment).$build()?;
                Ok(())
            }
        }
    };
}

setters!(RiReferenceBuf, UriReferenceBuf, build, "s://h/p");
setters!(RiBuf, UriBuf, build_uri, "s://h/p");
setters!(RelativeRiBuf, RelativeRefBuf, build_relative, "//h/p");

impl<S: Spec> RiReferenceBuf<S> {
    /// A [`Builder`](crate::Builder) to make one from parts.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::UriReferenceBuf::builder().path("a").query("b").build()?;
    /// assert_eq!(r, "a?b");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn builder<'a>() -> RiBuilder<'a, S> {
        RiBuilder::new()
    }

    /// Sets or removes the scheme (§3.1).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if it is not a valid scheme, or removing it leaves a
    /// relative path with a `:` in its first segment.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut r = uri_core::UriReferenceBuf::parse("//h/p")?;
    /// r.set_scheme(Some("https"))?;
    /// assert_eq!(r, "https://h/p");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        *self = RiBuilder::from_components(self.components())
            .scheme(scheme)
            .build()?;
        Ok(())
    }
}

impl<S: Spec> RiBuf<S> {
    /// A [`Builder`](crate::Builder) to make one from parts.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = uri_core::UriBuf::builder().scheme("tel").path("+1-816-555-1212").build_uri()?;
    /// assert_eq!(uri, "tel:+1-816-555-1212");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn builder<'a>() -> RiBuilder<'a, S> {
        RiBuilder::new()
    }

    /// Sets the scheme (§3.1).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if it is not a valid scheme.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut uri = uri_core::UriBuf::parse("http://h/p")?;
    /// uri.set_scheme("https")?;
    /// assert_eq!(uri, "https://h/p");
    /// assert!(uri.set_scheme("h p").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), BuildError> {
        *self = RiBuilder::from_components(self.components())
            .scheme(scheme)
            .build_uri()?;
        Ok(())
    }
}

impl<S: Spec> RelativeRiBuf<S> {
    /// A [`Builder`](crate::Builder) to make one from parts.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = uri_core::RelativeRefBuf::builder().path("./a:b").build_relative()?;
    /// assert_eq!(r, "./a:b");
    /// # Ok::<(), uri_core::BuildError>(())
    /// ```
    pub fn builder<'a>() -> RiBuilder<'a, S> {
        RiBuilder::new()
    }
}

#[cfg(test)]
mod tests {
    use crate::{ParseOptions, UriBuf};

    #[test]
    fn setters_keep_the_value_on_error() {
        let mut uri = UriBuf::parse("http://u:p@h:8/p?q#f").unwrap();
        assert!(uri.set_path("no-slash").is_err());
        assert!(uri.set_host(Some("bad host")).is_err());
        assert!(uri.set_scheme("").is_err());
        assert_eq!(uri, "http://u:p@h:8/p?q#f");
        uri.set_host(None).unwrap();
        assert_eq!(uri, "http:/p?q#f");
        assert!(uri.set_path("//x").is_err());
        uri.set_query(None).unwrap();
        uri.set_fragment(None).unwrap();
        assert_eq!(uri, "http:/p");
        uri.set_host(Some("")).unwrap();
        assert_eq!(uri, "http:///p");
    }

    #[test]
    fn zone_ids_survive_setters() {
        let opts = ParseOptions::new().allow_zone_id(true);
        let mut uri = UriBuf::parse_with("http://[fe80::1%25eth0]/", opts).unwrap();
        uri.set_path("/x").unwrap();
        assert_eq!(uri, "http://[fe80::1%25eth0]/x");
    }
}
