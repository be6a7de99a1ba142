//! What `urikit resolve`, `relativize` and `normalize` make of one input,
//! with `uri-resolve` (and `uri-schemes` for `normalize --scheme`): the
//! base URI they share, the names of the reference forms on the command
//! line, and one reused buffer per subcommand. Printing is
//! [`commands`](crate::commands)' job.

use std::borrow::Cow;

use clap::ValueEnum;
use urikit::iri::{to_iri, to_uri};
use urikit::resolve::{
    Form, RelativizeError, ResolveErrorKind, Resolver, normalize_into, relativize, relativize_with,
    resolve,
};
use urikit::schemes::Registry;
use urikit::{Iri, IriReference, Ri, RiReferenceBuf, Spec, Uri, UriReference};

use crate::input::Input;
use crate::problem::Problem;

/// The `--base` of `resolve` and `relativize`: a URI, or an IRI (RFC 3987)
/// when it is not ASCII; read as an IRI either way (a URI is one), and as a
/// URI too when it is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Base<'a> {
    /// The base read as an IRI.
    pub(crate) iri: Iri<'a>,
    /// The base read as a URI, when it is ASCII.
    pub(crate) uri: Option<Uri<'a>>,
}

impl<'a> Base<'a> {
    /// The base's text.
    pub(crate) fn as_str(&self) -> &'a str {
        self.iri.as_str()
    }
}

/// Parses the `--base` of `resolve` and `relativize`: a URI, with a scheme
/// (RFC 3986 §5.1), or an IRI (RFC 3987 §6.5) when it is not ASCII and
/// `--uri-only` is not given.
///
/// # Errors
///
/// [`Problem::InvalidUtf8`] for a base that is not UTF-8;
/// [`Problem::Base`] with [`ResolveErrorKind::InvalidBase`] for one that is
/// not a URI (or IRI) reference, or [`ResolveErrorKind::RelativeBase`] for a
/// relative reference.
pub(crate) fn parse_base(base: Input<'_>) -> Result<Base<'_>, Problem> {
    let options = crate::settings::get().parse_options();
    let invalid = |e: urikit::ParseError| Problem::Base {
        kind: ResolveErrorKind::InvalidBase(e.kind()),
        index: e.index(),
    };
    let relative = Problem::Base {
        kind: ResolveErrorKind::RelativeBase,
        index: 0,
    };
    let text = base.text()?;
    let uri = if base.is_iri() {
        None
    } else {
        Some(
            UriReference::parse_with(text, options)
                .map_err(invalid)?
                .as_uri()
                .ok_or(relative)?,
        )
    };
    let iri = IriReference::parse_with(text, options)
        .map_err(invalid)?
        .as_iri()
        .ok_or(relative)?;
    Ok(Base { iri, uri })
}

/// `text`, an IRI reference, as the URI reference it maps to (RFC 3987
/// §3.1): itself when it is ASCII. For `--to-uri`.
pub(crate) fn uri_form(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    match IriReference::parse_with(text, crate::settings::get().parse_options()) {
        Ok(iri) => Cow::Owned(to_uri(iri).as_str().to_owned()),
        Err(_) => Cow::Borrowed(text),
    }
}

/// What `urikit resolve` does to each reference: resolution against one
/// pre-parsed base, into one reused buffer; by RFC 3986 when base and
/// reference are URIs, by RFC 3987 (the same algorithm, §6.5) when either
/// is an IRI, whose target is then an IRI.
#[derive(Debug)]
pub(crate) struct Resolution<'b> {
    uri: Option<Resolver<'b>>,
    iri: Resolver<'b, urikit::IriSpec>,
    target: String,
}

impl<'b> Resolution<'b> {
    /// Resolution against `base`, strict unless `non_strict` (RFC 3986
    /// §5.2.2: `http:g` is then relative against an `http` base).
    pub(crate) fn new(base: Base<'b>, non_strict: bool) -> Self {
        fn strictness<S: Spec>(r: Resolver<'_, S>, non_strict: bool) -> Resolver<'_, S> {
            if non_strict { r.non_strict() } else { r }
        }
        Resolution {
            uri: base
                .uri
                .map(|uri| strictness(Resolver::new(uri), non_strict)),
            iri: strictness(Resolver::new(base.iri), non_strict),
            target: String::new(),
        }
    }

    /// The target of `reference` (a URI, or an IRI when the base or the
    /// reference is one), valid until the next call.
    ///
    /// # Errors
    ///
    /// [`Problem::InvalidUtf8`] or [`Problem::Parse`] for an input that is
    /// not a URI (or IRI) reference.
    pub(crate) fn apply(&mut self, reference: Input<'_>) -> Result<&str, Problem> {
        match &mut self.uri {
            Some(uri) if !reference.is_iri() => {
                uri.resolve_into(reference.parse()?, &mut self.target);
            }
            _ => self
                .iri
                .resolve_into(reference.parse_iri()?, &mut self.target),
        }
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
    base: Base<'b>,
    form: Form,
}

impl<'b> Relativization<'b> {
    /// References from `base` of the form `form`.
    pub(crate) fn new(base: Base<'b>, form: FormName) -> Self {
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
    /// same-document reference. By RFC 3987 when the base or the target is
    /// an IRI.
    ///
    /// # Errors
    ///
    /// [`Problem::InvalidUtf8`] or [`Problem::Parse`] for an input that is
    /// not a URI or IRI (a relative reference is `MissingScheme`);
    /// [`Problem::Relativize`] when not even the target resolves to
    /// itself (`DotSegments`), or for `same-document`, `NotSameDocument`.
    pub(crate) fn apply(&self, target: Input<'_>) -> Result<(String, bool), Problem> {
        match self.base.uri {
            Some(base) if !target.is_iri() => self.apply_in(base, target.parse_uri()?),
            _ => {
                let text = target.text()?;
                let iri = IriReference::parse_with(text, crate::settings::get().parse_options())
                    .map_err(Problem::Parse)?;
                let iri = iri.as_iri().ok_or_else(|| {
                    // The same error as a URI's: a missing scheme at 0. An
                    // IRI reference with no scheme is no URI, so the parse
                    // fails; the empty text's error (the same kind, at 0)
                    // stands in, should it not.
                    let error = Uri::parse(text).err().or_else(|| Uri::parse("").err());
                    debug_assert!(error.is_some(), "{text:?} parses as a URI");
                    error.map_or(Problem::InvalidUtf8 { index: 0 }, Problem::Parse)
                })?;
                self.apply_in(self.base.iri, iri)
            }
        }
    }

    /// [`apply`](Self::apply) in one spec.
    fn apply_in<S: Spec>(
        &self,
        base: Ri<'_, S>,
        target: Ri<'_, S>,
    ) -> Result<(String, bool), Problem> {
        let done = |r: RiReferenceBuf<S>, relative: bool| (r.as_str().to_owned(), relative);
        if self.form == Form::Shortest {
            // The library's answer: relative when it can be, else the target.
            let reference = relativize(base, target).map_err(Problem::Relativize)?;
            let relative = reference.is_relative();
            return Ok(done(reference, relative));
        }
        match relativize_with(base, target, self.form) {
            Ok(reference) => Ok(done(reference, true)),
            Err(e) if self.form == Form::SameDocument => Err(Problem::Relativize(e)),
            Err(_) if resolve(base, target.as_ri_reference()) == target.as_str() => {
                Ok((target.as_str().to_owned(), false))
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
        if input.is_iri() {
            return self.apply_iri(input.parse_iri()?);
        }
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

    /// The normal form of an IRI reference: syntax-based (RFC 3987 §5.3.2,
    /// the same steps as RFC 3986 §6.2.2); then, with scheme rules and a
    /// scheme, those of its URI (§3.1), mapped back to an IRI (§3.2), which
    /// decodes the percent-encoded UTF-8 an IRI may hold as characters, as
    /// §5.3.2.3 normalizes it.
    fn apply_iri(&mut self, reference: IriReference<'_>) -> Result<&str, Problem> {
        normalize_into(reference.components(), &mut self.normalized);
        if let Some(registry) = &self.schemes {
            let options = crate::settings::get().parse_options();
            let syntax =
                IriReference::parse_with(&self.normalized, options).map_err(Problem::Parse)?;
            let uri = to_uri(syntax);
            let uri = UriReference::parse_with(uri.as_str(), options).map_err(Problem::Parse)?;
            if let Some(absolute) = uri.as_uri() {
                let normal = registry.normalize(absolute);
                let normal =
                    UriReference::parse_with(normal.as_str(), options).map_err(Problem::Parse)?;
                let iri = to_iri(normal).as_str().to_owned();
                self.normalized = iri;
            }
        }
        Ok(&self.normalized)
    }
}

#[cfg(test)]
mod tests {
    use urikit::ParseErrorKind;
    use urikit::resolve::RelativizeError;

    use super::*;

    fn base(text: &str) -> Result<Base<'_>, Problem> {
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
