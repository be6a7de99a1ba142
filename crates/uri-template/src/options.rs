//! How strictly a URI must match: `MatchOptions`.

/// How strictly [`Template::match_with`](crate::Template::match_with)
/// reads a URI. The default is exact: the URI matches when some
/// assignment expands to it character for character.
///
/// Each leniency is off by default:
///
/// - [`MatchOptions::case_insensitive_triplets`]: `%2f` where the
///   expansion writes `%2F`, in values and literals.
/// - [`MatchOptions::any_param_order`]: the query parameters of the
///   template's trailing `{?…}` and `{&…}` expressions in any order.
/// - [`MatchOptions::extra_params`]: query parameters the template does
///   not name are ignored (implies reading them as pairs, as
///   `any_param_order` does).
///
/// `Eq` compares the three switches.
///
/// # Examples
///
/// ```
/// use uri_template::{MatchOptions, Template};
///
/// let t = Template::parse("/s{?q,page}")?;
/// assert!(t.match_uri("/s?page=2&q=x").is_none());
/// let lenient = MatchOptions::lenient();
/// let c = t.match_with("/s?page=2&q=x&utm=1", &lenient).unwrap();
/// assert_eq!(c.get("q").and_then(|v| v.as_str()), Some("x"));
/// # Ok::<(), uri_template::TemplateError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MatchOptions {
    pub(crate) no_case: bool,
    pub(crate) any_order: bool,
    pub(crate) extra: bool,
}

impl MatchOptions {
    /// Exact matching: the inverse of expansion.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_template::MatchOptions::new(), Default::default());
    /// ```
    pub const fn new() -> Self {
        MatchOptions {
            no_case: false,
            any_order: false,
            extra: false,
        }
    }

    /// Every leniency on.
    ///
    /// # Examples
    ///
    /// ```
    /// let t = uri_template::Template::parse("/{x}")?;
    /// let c = t.match_with("/a%2fb", &uri_template::MatchOptions::lenient()).unwrap();
    /// assert_eq!(c.get("x").and_then(|v| v.as_str()), Some("a/b"));
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub const fn lenient() -> Self {
        MatchOptions {
            no_case: true,
            any_order: true,
            extra: true,
        }
    }

    /// Whether triplets match with hex digits of either case.
    ///
    /// # Examples
    ///
    /// ```
    /// let t = uri_template::Template::parse("/{x}")?;
    /// let o = uri_template::MatchOptions::new().case_insensitive_triplets(true);
    /// assert!(t.match_with("/%c3%a9", &o).is_ok());
    /// assert!(t.match_uri("/%c3%a9").is_none());
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    #[must_use]
    pub const fn case_insensitive_triplets(self, yes: bool) -> Self {
        MatchOptions {
            no_case: yes,
            ..self
        }
    }

    /// Whether the parameters of trailing `{?…}`/`{&…}` expressions may
    /// come in any order.
    ///
    /// # Examples
    ///
    /// ```
    /// let t = uri_template::Template::parse("/{?a,b}")?;
    /// let o = uri_template::MatchOptions::new().any_param_order(true);
    /// assert!(t.match_with("/?b=2&a=1", &o).is_ok());
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    #[must_use]
    pub const fn any_param_order(self, yes: bool) -> Self {
        MatchOptions {
            any_order: yes,
            ..self
        }
    }

    /// Whether query parameters the template does not name are ignored.
    ///
    /// # Examples
    ///
    /// ```
    /// let t = uri_template::Template::parse("/{?a}")?;
    /// let o = uri_template::MatchOptions::new().extra_params(true);
    /// assert!(t.match_with("/?a=1&z=9", &o).is_ok());
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    #[must_use]
    pub const fn extra_params(self, yes: bool) -> Self {
        MatchOptions { extra: yes, ..self }
    }
}
