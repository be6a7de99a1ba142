//! The `set_*` methods of the owned types ([`RiReferenceBuf`], [`RiBuf`],
//! [`RelativeRiBuf`]), and their `builder()`.
//!
//! A setter checks the new part alone, then against the others, and
//! writes it over the old one in the value's `String`, moving the offsets
//! after it (`splice.rs`): nothing else is copied or parsed again. The
//! value is left as it was when either check fails. The checks are the
//! builder's, so a setter accepts and refuses what
//! `RiBuilder::from_components(…).part(…).build()` would.

use crate::builder::{BuildError, RiBuilder};
use crate::owned::{RelativeRiBuf, RiBuf, RiReferenceBuf};
use crate::spec::Spec;
use crate::splice;

macro_rules! setters {
    ($Buf:ident, $Alias:ident, $example:literal) => {
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
                splice::set_userinfo::<S>(self.raw_mut(), userinfo)
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
                splice::set_host::<S>(self.raw_mut(), host)
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
                splice::set_port::<S>(self.raw_mut(), port)
            }

            /// Sets or removes the port as a number (§3.2.3: written in
            /// decimal, without leading zeros).
            ///
            /// The typed form of [`set_port`](Self::set_port): a port is
            /// `*DIGIT` (§3.2.3) and has no percent-encoding, so it has no
            /// decoded form to set; a number is what a caller holds.
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if there is no host.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// r.set_port_u16(Some(8443))?;
            /// assert_eq!(r.port(), Some("8443"));
            /// r.set_port_u16(None)?;
            /// assert_eq!(r.port(), None);
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_port_u16(&mut self, port: Option<u16>) -> Result<(), BuildError> {
                let digits = port.map(crate::builder::itoa_u16);
                splice::set_port::<S>(self.raw_mut(), digits.as_ref().map(|d| d.as_str()))
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
                splice::set_path::<S>(self.raw_mut(), path)
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
                splice::set_query::<S>(self.raw_mut(), query)
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
                splice::set_fragment::<S>(self.raw_mut(), fragment)
            }
        }
    };
}

setters!(RiReferenceBuf, UriReferenceBuf, "s://h/p");
setters!(RiBuf, UriBuf, "s://h/p");
setters!(RelativeRiBuf, RelativeRefBuf, "//h/p");

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
    /// A scheme has no decoded form (§3.1 allows no percent-encoding in
    /// it), so there is no `set_scheme_decoded`; this setter checks.
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
        splice::set_scheme::<S>(self.raw_mut(), scheme)
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
    /// A scheme has no decoded form, so there is no `set_scheme_decoded`:
    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` allows no
    /// percent-encoding (§3.1), so the text given is the text written, and
    /// this setter checks it.
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
        splice::set_scheme::<S>(self.raw_mut(), Some(scheme))
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
    use crate::parser::{self, Rule};
    use crate::{
        BuildError, Builder, ParseOptions, RelativeRefBuf, UriBuf, UriReferenceBuf, UriSpec,
    };
    use alloc::string::String;
    use proptest::prelude::*;

    /// One setter call, with its argument.
    #[derive(Debug, Clone)]
    enum Op {
        Scheme(Option<String>),
        Userinfo(Option<String>),
        Host(Option<String>),
        Port(Option<String>),
        Path(String),
        Query(Option<String>),
        Fragment(Option<String>),
    }

    /// Text for a component: pieces that are valid in some components and
    /// not others, so that both outcomes are common.
    fn piece() -> impl Strategy<Value = String> {
        let atoms = prop::sample::select(
            &[
                "a",
                "B",
                "1",
                "",
                "/",
                "//",
                ":",
                "@",
                "?",
                "#",
                "%41",
                "%",
                " ",
                "[::1]",
                "[v1.x]",
                "[fe80::1%25x]",
                ".",
                "..",
                "+",
                "é",
                "127.0.0.1",
                "x:y",
            ][..],
        );
        prop::collection::vec(atoms, 0..4).prop_map(|v| v.concat())
    }

    fn op() -> impl Strategy<Value = Op> {
        let opt = || prop::option::of(piece());
        prop_oneof![
            opt().prop_map(Op::Scheme),
            opt().prop_map(Op::Userinfo),
            opt().prop_map(Op::Host),
            opt().prop_map(Op::Port),
            piece().prop_map(Op::Path),
            opt().prop_map(Op::Query),
            opt().prop_map(Op::Fragment),
        ]
    }

    fn start() -> impl Strategy<Value = &'static str> {
        prop::sample::select(
            &[
                "",
                "a",
                "a:b",
                "s://u:p@h:8/p?q#f",
                "s://h",
                "s:/p",
                "//h/p?q",
                "./a:b",
                "s:",
                "?q",
                "#f",
                "s://[fe80::1%25x]:1/",
                "//u@h:",
                "s:a/b?#",
                "/a",
            ][..],
        )
    }

    /// The builder's result for the same change: what the setters did
    /// before they spliced, kept as the reference.
    fn oracle<'a>(b: Builder<'a>, op: &'a Op) -> Builder<'a> {
        match op {
            Op::Scheme(s) => b.scheme(s.as_deref()),
            Op::Userinfo(u) => b.userinfo(u.as_deref()),
            Op::Host(h) => b.host(h.as_deref()),
            Op::Port(p) => b.port_str(p.as_deref()),
            Op::Path(p) => b.path(p),
            Op::Query(q) => b.query(q.as_deref()),
            Op::Fragment(f) => b.fragment(f.as_deref()),
        }
    }

    macro_rules! apply {
        ($r:expr, $op:expr, $scheme:expr) => {
            match $op {
                Op::Scheme(s) => $scheme($r, s.as_deref()),
                Op::Userinfo(u) => $r.set_userinfo(u.as_deref()),
                Op::Host(h) => $r.set_host(h.as_deref()),
                Op::Port(p) => $r.set_port(p.as_deref()),
                Op::Path(p) => $r.set_path(p),
                Op::Query(q) => $r.set_query(q.as_deref()),
                Op::Fragment(f) => $r.set_fragment(f.as_deref()),
            }
        };
    }

    /// The layout parsing `text` from scratch gives.
    fn reparsed(text: &str, rule: Rule) -> parser::Layout {
        let options = ParseOptions::new().allow_zone_id(true);
        parser::parse::<UriSpec>(text, options, rule).expect("a setter's result parses")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn splicing_setters_agree_with_the_builder_and_the_parser(
            start in start(),
            ops in prop::collection::vec(op(), 1..4),
        ) {
            let mut r = UriReferenceBuf::parse_with(start, ParseOptions::new().allow_zone_id(true)).unwrap();
            for op in &ops {
                let before = r.clone();
                let want: Result<UriReferenceBuf, BuildError> =
                    oracle(Builder::from_components(before.components()), op).build();
                let got = apply!(&mut r, op, |r: &mut UriReferenceBuf, s: Option<&str>| r.set_scheme(s));
                match (&want, got) {
                    (Ok(w), Ok(())) => {
                        prop_assert_eq!(r.as_str(), w.as_str(), "{:?} on {}", op, before.as_str());
                        prop_assert_eq!(r.layout(), reparsed(r.as_str(), Rule::Reference), "{:?} on {}", op, before.as_str());
                    }
                    (Err(w), Err(e)) => {
                        prop_assert_eq!(*w, e, "{:?} on {}", op, before.as_str());
                        prop_assert_eq!(r.as_str(), before.as_str());
                        prop_assert_eq!(r.layout(), before.layout());
                    }
                    (w, g) => prop_assert!(false, "{:?} on {}: builder {:?}, setter {:?}", op, before.as_str(), w, g),
                }
                // The typed twins give the same answer.
                if let Ok(mut uri) = UriBuf::try_from(before.clone()) {
                    let want = oracle(Builder::from_components(before.components()), op).build_uri();
                    let got = apply!(&mut uri, op, |u: &mut UriBuf, s: Option<&str>| match s {
                        Some(s) => u.set_scheme(s),
                        None => Ok(()),
                    });
                    if !matches!(op, Op::Scheme(None)) {
                        prop_assert_eq!(got.map(|()| String::from(uri.as_str())), want.map(String::from));
                        prop_assert_eq!(uri.layout(), reparsed(uri.as_str(), Rule::Uri));
                    }
                }
                if let Ok(mut rel) = RelativeRefBuf::try_from(before.clone()) {
                    if !matches!(op, Op::Scheme(_)) {
                        let want = oracle(Builder::from_components(before.components()), op).build_relative();
                        let got = apply!(&mut rel, op, |_: &mut RelativeRefBuf, _: Option<&str>| Ok(()));
                        prop_assert_eq!(got.map(|()| String::from(rel.as_str())), want.map(String::from));
                        prop_assert_eq!(rel.layout(), reparsed(rel.as_str(), Rule::Relative));
                    }
                }
            }
        }
    }

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
