//! What `urikit resolve`, `relativize` and `normalize` make of one input,
//! with `uri-resolve` (and `uri-schemes` for `normalize --scheme`): the
//! base URI they share, the names of the reference forms on the command
//! line, and one reused buffer per subcommand. Printing is
//! [`commands`](crate::commands)' job.

use clap::ValueEnum;
use urikit::resolve::{
    Form, RelativizeError, ResolveErrorKind, Resolver, normalize_into, relativize, relativize_with,
    resolve,
};
use urikit::schemes::Registry;
use urikit::{Uri, UriReference, UriReferenceBuf};

use crate::input::Input;
use crate::problem::Problem;

/// Parses the `--base` of `resolve` and `relativize`: a URI, with a scheme
/// (RFC 3986 §5.1).
///
/// # Errors
///
/// [`Problem::InvalidUtf8`] for a base that is not UTF-8;
/// [`Problem::Base`] with [`ResolveErrorKind::InvalidBase`] for one that is
/// not a URI reference, or [`ResolveErrorKind::RelativeBase`] for a relative
/// reference.
pub(crate) fn parse_base(base: Input<'_>) -> Result<Uri<'_>, Problem> {
    let options = crate::settings::get().parse_options();
    let parsed = UriReference::parse_with(base.text()?, options).map_err(|e| Problem::Base {
        kind: ResolveErrorKind::InvalidBase(e.kind()),
        index: e.index(),
    })?;
    parsed.as_uri().ok_or(Problem::Base {
        kind: ResolveErrorKind::RelativeBase,
        index: 0,
    })
}

/// What `urikit resolve` does to each reference: resolution against one
/// pre-parsed base, into one reused buffer.
#[derive(Debug)]
pub(crate) struct Resolution<'b> {
    resolver: Resolver<'b>,
    target: String,
}

impl<'b> Resolution<'b> {
    /// Resolution against `base`, strict unless `non_strict` (RFC 3986
    /// §5.2.2: `http:g` is then relative against an `http` base).
    pub(crate) fn new(base: Uri<'b>, non_strict: bool) -> Self {
        let resolver = Resolver::new(base);
        Resolution {
            resolver: if non_strict {
                resolver.non_strict()
            } else {
                resolver
            },
            target: String::new(),
        }
    }

    /// The target URI of `reference`, valid until the next call.
    ///
    /// # Errors
    ///
    /// [`Problem::InvalidUtf8`] or [`Problem::Parse`] for an input that is
    /// not a URI reference.
    pub(crate) fn apply(&mut self, reference: Input<'_>) -> Result<&str, Problem> {
        self.resolver
            .resolve_into(reference.parse()?, &mut self.target);
        Ok(&self.target)
    }
}

/// A reference form by its name on the command line (`--form`): which kinds
/// of reference `relativize` may answer with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum FormName {
    /// The shortest reference of any kind: empty, `?query`, `#fragment`,
    /// `../x`, `/path` or `//host/path`.
    Shortest,
    /// An absolute path (`/b/x`), or `?query` or `#fragment` when shorter;
    /// never `../`.
    AbsolutePath,
    /// A network path (`//host/path`), keeping the authority.
    NetworkPath,
    /// A same-document reference: `#fragment` or empty.
    SameDocument,
}

impl FormName {
    /// The library's form of this name.
    pub(crate) fn form(self) -> Form {
        match self {
            FormName::Shortest => Form::Shortest,
            FormName::AbsolutePath => Form::AbsolutePath,
            FormName::NetworkPath => Form::NetworkPath,
            FormName::SameDocument => Form::SameDocument,
        }
    }
}

/// What `urikit relativize` does to each target.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Relativization<'b> {
    base: Uri<'b>,
    form: Form,
}

impl<'b> Relativization<'b> {
    /// References from `base` of the form `form`.
    pub(crate) fn new(base: Uri<'b>, form: FormName) -> Self {
        Relativization {
            base,
            form: form.form(),
        }
    }

    /// The reference of the chosen form that resolves (strictly) from the
    /// base to `target`, the shortest such, and whether it is relative:
    /// when no relative reference of the form reaches the target (another
    /// scheme, a scheme that differs only in case, no authority to
    /// inherit), the target itself, which an absolute URI always is (RFC
    /// 3986 §4.1), but for the same-document form, which only answers a
    /// same-document reference.
    ///
    /// # Errors
    ///
    /// [`Problem::InvalidUtf8`] or [`Problem::Parse`] for an input that is
    /// not a URI (a relative reference is `MissingScheme`);
    /// [`Problem::Relativize`] when not even the target resolves to
    /// itself (`DotSegments`), or for `same-document`, `NotSameDocument`.
    pub(crate) fn apply(&self, target: Input<'_>) -> Result<(UriReferenceBuf, bool), Problem> {
        let target = target.parse_uri()?;
        if self.form == Form::Shortest {
            // The library's answer: relative when it can be, else the target.
            let reference = relativize(self.base, target).map_err(Problem::Relativize)?;
            let relative = reference.is_relative();
            return Ok((reference, relative));
        }
        match relativize_with(self.base, target, self.form) {
            Ok(reference) => Ok((reference, true)),
            Err(e) if self.form == Form::SameDocument => Err(Problem::Relativize(e)),
            Err(_) if resolve(self.base, target.as_uri_reference()) == target.as_str() => {
                Ok((UriReferenceBuf::from(target.to_buf()), false))
            }
            Err(_) => Err(Problem::Relativize(RelativizeError::DotSegments)),
        }
    }
}

/// What `urikit normalize` does to each input: syntax-based normalization
/// (RFC 3986 §6.2.2) into one reused buffer, then, with scheme rules, the
/// scheme-based normalization of a URI (§6.2.3).
#[derive(Debug, Default)]
pub(crate) struct Normalization {
    normalized: String,
    schemes: Option<Registry>,
}

impl Normalization {
    /// Syntax-based normalization only.
    pub(crate) fn syntax() -> Self {
        Normalization::default()
    }

    /// Syntax-based normalization, then, for a URI, the rules of its scheme
    /// in [`Registry::standard`] (a scheme it does not know gets syntax
    /// normalization only, as does a relative reference, which has none).
    pub(crate) fn with_schemes() -> Self {
        Normalization {
            normalized: String::new(),
            schemes: Some(Registry::standard()),
        }
    }

    /// The normal form of `input`, valid until the next call.
    ///
    /// # Errors
    ///
    /// [`Problem::InvalidUtf8`] or [`Problem::Parse`] for an input that is
    /// not a URI reference.
    pub(crate) fn apply(&mut self, input: Input<'_>) -> Result<&str, Problem> {
        let reference = input.parse()?;
        match (&self.schemes, reference.as_uri()) {
            (Some(registry), Some(uri)) => {
                let normal = registry.normalize(uri);
                self.normalized.clear();
                self.normalized.push_str(normal.as_str());
            }
            _ => normalize_into(reference.components(), &mut self.normalized),
        }
        Ok(&self.normalized)
    }
}

#[cfg(test)]
mod tests {
    use urikit::ParseErrorKind;
    use urikit::resolve::RelativizeError;

    use super::*;

    fn base(text: &str) -> Result<Uri<'_>, Problem> {
        parse_base(Input::new(text.as_bytes()))
    }

    #[test]
    fn bases() {
        assert_eq!(base("http://a/b").unwrap().as_str(), "http://a/b");
        assert_eq!(
            base("/a/b"),
            Err(Problem::Base {
                kind: ResolveErrorKind::RelativeBase,
                index: 0
            })
        );
        assert_eq!(
            base("http://a b/"),
            Err(Problem::Base {
                kind: ResolveErrorKind::InvalidBase(ParseErrorKind::InvalidHostChar),
                index: 8
            })
        );
        assert_eq!(
            parse_base(Input::new(b"http://\xFF")),
            Err(Problem::InvalidUtf8 { index: 7 })
        );
    }

    #[test]
    fn resolution_reuses_its_buffer() {
        let base = base("http://a/b/c/d;p?q").unwrap();
        let mut strict = Resolution::new(base, false);
        assert_eq!(strict.apply(Input::new(b"../g")).unwrap(), "http://a/b/g");
        assert_eq!(strict.apply(Input::new(b"http:g")).unwrap(), "http:g");
        assert!(matches!(
            strict.apply(Input::new(b"a b")),
            Err(Problem::Parse(_))
        ));
        let mut lax = Resolution::new(base, true);
        assert_eq!(lax.apply(Input::new(b"http:g")).unwrap(), "http://a/b/c/g");
    }

    #[test]
    fn form_names_are_kebab_case() {
        let names: Vec<String> = FormName::value_variants()
            .iter()
            .map(|v| v.to_possible_value().unwrap().get_name().to_owned())
            .collect();
        assert_eq!(
            names,
            ["shortest", "absolute-path", "network-path", "same-document"]
        );
    }

    #[test]
    fn relativization() {
        let base = base("http://a/b/c/d").unwrap();
        let relative = |form, target: &str| {
            Relativization::new(base, form)
                .apply(Input::new(target.as_bytes()))
                .map(|(r, relative)| (r.as_str().to_owned(), relative))
        };
        let answer = |r: &str, relative: bool| Ok((r.to_owned(), relative));
        assert_eq!(
            relative(FormName::Shortest, "http://a/b/x"),
            answer("../x", true)
        );
        assert_eq!(
            relative(FormName::AbsolutePath, "http://a/b/x"),
            answer("/b/x", true)
        );
        // Nothing relative reaches these: the target itself.
        assert_eq!(
            relative(FormName::Shortest, "https://a/"),
            answer("https://a/", false)
        );
        assert_eq!(
            relative(FormName::NetworkPath, "http:x"),
            answer("http:x", false)
        );
        assert_eq!(
            relative(FormName::SameDocument, "http://a/x"),
            Err(Problem::Relativize(RelativizeError::NotSameDocument))
        );
        assert_eq!(
            relative(FormName::Shortest, "https://a/./b"),
            Err(Problem::Relativize(RelativizeError::DotSegments))
        );
        let relative_target = relative(FormName::Shortest, "../x").unwrap_err();
        assert!(
            matches!(relative_target, Problem::Parse(e) if e.kind() == ParseErrorKind::MissingScheme),
            "{relative_target:?}"
        );
    }

    #[test]
    fn scheme_normalization() {
        let mut n = Normalization::with_schemes();
        let mut normal = |text: &str| n.apply(Input::new(text.as_bytes())).unwrap().to_owned();
        assert_eq!(normal("HTTP://Example.com:80"), "http://example.com/");
        assert_eq!(normal("mailto:Joe@Example.COM"), "mailto:Joe@example.com");
        assert_eq!(normal("x-foo://a:80"), "x-foo://a:80");
        assert_eq!(normal("./a/../%7e"), "./a/../~");
    }

    #[test]
    fn normalization() {
        let mut n = Normalization::syntax();
        assert_eq!(
            n.apply(Input::new(b"eXAMPLE://a/./b/../b/%63/%7bfoo%7d"))
                .unwrap(),
            "example://a/b/c/%7Bfoo%7D"
        );
        assert_eq!(n.apply(Input::new(b"./a/../%7e")).unwrap(), "./a/../~");
    }
}
