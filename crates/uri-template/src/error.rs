//! The errors: a kind and a byte index, as uri-core's `ParseError`, each
//! kind declared once (its doc, its name, its message) by uri-encode's
//! `error_kinds!`.

use alloc::boxed::Box;
use alloc::string::String;

use uri_core::{Caret, ParseError};

uri_encode::error_kinds! {
    crate = uri_template, example = UnclosedExpression;
    /// What was wrong with a template (RFC 6570 §2). See [`TemplateError`]
    /// for where.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, TemplateErrorKind};
    ///
    /// let err = Template::parse("/a/{b").unwrap_err();
    /// assert_eq!(err.kind(), TemplateErrorKind::UnclosedExpression);
    /// assert_eq!(err.kind().name(), "UnclosedExpression");
    /// assert_eq!(TemplateErrorKind::ALL.len(), 9);
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    #[non_exhaustive]
    pub enum TemplateErrorKind {
        /// A character a literal may not hold (§2.1): a space, `"`, `<`, `>`, `\`, `^`, `` ` ``, `|`, `}`, a control character, or a
        /// non-ASCII character that is neither `ucschar` nor `iprivate`.
        /// `index` points at it.
        InvalidLiteralChar => "character not allowed in a template literal",
        /// A `%` not followed by two hexadecimal digits (§2.1, §2.3).
        /// `index` points at the `%`.
        InvalidPercentEncoding => "`%` not followed by two hex digits",
        /// A `{` with no `}` after it (§2.2). `index` points at the `{`.
        UnclosedExpression => "expression not closed by `}`",
        /// An operator reserved for future extensions (`=`, `,`, `!`, `@`,
        /// `|`, §2.2). `index` points at it.
        ReservedOperator => "operator reserved for future extensions",
        /// A variable name that is empty, or holds a character other than
        /// letters, digits, `_`, triplets and single dots between them
        /// (§2.3). `index` points at the offending byte.
        InvalidVarName => "invalid variable name (letters, digits, `_`, triplets, inner dots)",
        /// A prefix length that is not an integer from 1 to 9999 (§2.4.1).
        /// `index` points at the first byte after the `:` that is wrong.
        InvalidPrefix => "prefix length not an integer from 1 to 9999",
        /// A character after a varspec other than `,` or `}`: a second
        /// modifier, say (`{var:2*}`, §2.4). `index` points at it.
        UnexpectedChar => "unexpected character in expression (expected `,` or `}`)",
        /// A `{` inside an expression (§2.2). `index` points at it.
        NestedBrace => "`{` inside an expression",
        /// An expression with no variable (`{}`, §2.2). `index` points at
        /// the `}`.
        EmptyExpression => "expression without a variable",
    }
}

uri_encode::error_kinds! {
    crate = uri_template, example = PrefixOfComposite;
    /// Why a template did not expand. See [`ExpandError`] for where.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{ExpandErrorKind, Template, Vars};
    ///
    /// let vars = Vars::from([("keys", ["a", "b"])]);
    /// let err = Template::parse("{keys:1}")?.expand(&vars).unwrap_err();
    /// assert_eq!(err.kind(), ExpandErrorKind::PrefixOfComposite);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    #[non_exhaustive]
    pub enum ExpandErrorKind {
        /// A prefix modifier (`:n`) on a variable whose value is a list or
        /// an associative array, which RFC 6570 §2.4.1 says it does not
        /// apply to. `index` points at the varspec in the template.
        PrefixOfComposite => "prefix modifier on a list or associative array",
        /// The expansion is not a URI reference (RFC 3986 §4.1), or not an
        /// IRI reference: the template's literals and the values made, say,
        /// a scheme that starts with a digit. `index` is the byte of the
        /// expansion where it fails; [`ExpandError::parse_error`] says why.
        NotAReference => "expansion is not a URI reference",
        /// [`Template::partial_expand`](crate::Template::partial_expand):
        /// an expression whose variables are only partly defined, in a way
        /// no expression can continue (a defined variable after an
        /// undefined one, or any mix with the operators ``, `+` and `#`,
        /// whose first and separator differ). `index` points at the
        /// expression's `{`.
        PartialExpression => "expression only partly defined, in a way no template can express",
    }
}

uri_encode::error_kinds! {
    crate = uri_template, example = NoMatch;
    /// Why a URI did not match. See [`MatchError`] for where.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{MatchErrorKind, MatchOptions, Template};
    ///
    /// let t = Template::parse("/users/{id}")?;
    /// let err = t.match_with("/groups/1", &MatchOptions::new()).unwrap_err();
    /// assert_eq!(err.kind(), MatchErrorKind::NoMatch);
    /// assert_eq!(err.index(), 1);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    #[non_exhaustive]
    pub enum MatchErrorKind {
        /// No assignment of the variables expands to the URI. `index` is the
        /// length of the longest prefix of the URI that some assignment's
        /// expansion starts with: the first byte no reading accepts.
        NoMatch => "no assignment of the variables expands to this URI",
        /// Two assignments expand to the URI and the preferences do not
        /// pick one (see the crate's matching rules). `index` is the URI's
        /// length.
        Ambiguous => "two assignments of the variables expand to this URI",
    }
}

/// Why a string is not a URI Template (RFC 6570 §2), and where.
///
/// `index` is the byte offset of the first offending byte;
/// [`TemplateError::caret`] draws the template with a caret under it.
///
/// # Examples
///
/// ```
/// use uri_template::{Template, TemplateErrorKind};
///
/// let err = Template::parse("{var:0}").unwrap_err();
/// assert_eq!(err.kind(), TemplateErrorKind::InvalidPrefix);
/// assert_eq!(err.index(), 5);
/// assert_eq!(err.to_string(), "prefix length not an integer from 1 to 9999 at byte 5");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{kind} at byte {index}")]
pub struct TemplateError {
    kind: TemplateErrorKind,
    index: usize,
}

impl TemplateError {
    pub(crate) const fn new(kind: TemplateErrorKind, index: usize) -> Self {
        TemplateError { kind, index }
    }

    /// What was wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, TemplateErrorKind};
    ///
    /// assert_eq!(Template::parse("{!a}").unwrap_err().kind(), TemplateErrorKind::ReservedOperator);
    /// ```
    pub const fn kind(&self) -> TemplateErrorKind {
        self.kind
    }

    /// The byte offset of the first offending byte; the template's length
    /// when it ended too early.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_template::Template::parse("a b").unwrap_err().index(), 1);
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }

    /// A view that renders `template` with a caret under the offending
    /// byte, as uri-core's `ParseError::caret` does.
    ///
    /// # Examples
    ///
    /// ```
    /// let input = "/a/{b c}";
    /// let err = uri_template::Template::parse(input).unwrap_err();
    /// assert_eq!(
    ///     err.caret(input).to_string(),
    ///     "error: invalid variable name (letters, digits, `_`, triplets, inner dots) at byte 5\n  /a/{b\\x20c}\n       ^",
    /// );
    /// ```
    pub fn caret<'a>(&self, template: &'a str) -> Caret<'a> {
        Caret::new(self.kind.message(), self.index, template.as_bytes())
    }
}

/// Why a template did not expand, and where.
///
/// For [`ExpandErrorKind::NotAReference`], `index` is a byte of the
/// expansion ([`ExpandError::expansion`]); for the other kinds, of the
/// template.
///
/// # Examples
///
/// ```
/// use uri_template::{ExpandErrorKind, Template, Vars};
///
/// let t = Template::parse("{x}:y")?;
/// let err = t.expand(&Vars::from([("x", "1")])).unwrap_err();
/// assert_eq!(err.kind(), ExpandErrorKind::NotAReference);
/// assert_eq!(err.expansion(), Some("1:y")); // `1` is no scheme
/// assert_eq!(err.index(), 0);
/// # Ok::<(), uri_template::TemplateError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{kind} at byte {index}")]
pub struct ExpandError {
    kind: ExpandErrorKind,
    index: usize,
    invalid: Option<Box<(String, ParseError)>>,
}

impl ExpandError {
    pub(crate) const fn new(kind: ExpandErrorKind, index: usize) -> Self {
        ExpandError {
            kind,
            index,
            invalid: None,
        }
    }

    pub(crate) fn not_a_reference(expansion: String, error: ParseError) -> Self {
        ExpandError {
            kind: ExpandErrorKind::NotAReference,
            index: error.index(),
            invalid: Some(Box::new((expansion, error))),
        }
    }

    /// What was wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{ExpandErrorKind, Template, Vars};
    ///
    /// let err = Template::parse("{x:1}")?.expand(&Vars::from([("x", ["a"])])).unwrap_err();
    /// assert_eq!(err.kind(), ExpandErrorKind::PrefixOfComposite);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub const fn kind(&self) -> ExpandErrorKind {
        self.kind
    }

    /// The byte offset: into the template, or into the expansion for
    /// [`ExpandErrorKind::NotAReference`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, Vars};
    ///
    /// let err = Template::parse("/{x:1}")?.expand(&Vars::from([("x", ["a"])])).unwrap_err();
    /// assert_eq!(err.index(), 2);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The expansion that is not a reference, for
    /// [`ExpandErrorKind::NotAReference`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, Vars};
    ///
    /// let err = Template::parse("{x}:")?.expand(&Vars::from([("x", "2")])).unwrap_err();
    /// assert_eq!(err.expansion(), Some("2:"));
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn expansion(&self) -> Option<&str> {
        self.invalid.as_deref().map(|(s, _)| s.as_str())
    }

    /// Why the expansion is not a reference, for
    /// [`ExpandErrorKind::NotAReference`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, Vars};
    /// use uri_core::ParseErrorKind;
    ///
    /// let err = Template::parse("{x}:")?.expand(&Vars::from([("x", "2")])).unwrap_err();
    /// assert_eq!(err.parse_error().map(|e| e.kind()), Some(ParseErrorKind::InvalidScheme));
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn parse_error(&self) -> Option<ParseError> {
        self.invalid.as_deref().map(|(_, e)| *e)
    }

    /// A view that renders `input` with a caret under the offending byte:
    /// pass the template, or for [`ExpandErrorKind::NotAReference`] the
    /// expansion.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, Vars};
    ///
    /// let err = Template::parse("{x:1}")?.expand(&Vars::from([("x", ["a"])])).unwrap_err();
    /// assert!(err.caret("{x:1}").to_string().ends_with("\n  {x:1}\n   ^"));
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn caret<'a>(&self, input: &'a str) -> Caret<'a> {
        let message = match self.invalid.as_deref() {
            Some((_, e)) => e.kind().message(),
            None => self.kind.message(),
        };
        Caret::new(message, self.index, input.as_bytes())
    }
}

/// Why a URI did not match a template, and where.
///
/// # Examples
///
/// ```
/// use uri_template::{MatchErrorKind, MatchOptions, Template};
///
/// let t = Template::parse("{x,y}")?;
/// let err = t.match_with("a", &MatchOptions::new()).unwrap_err();
/// assert_eq!(err.kind(), MatchErrorKind::Ambiguous); // x = "a" or y = "a"
/// # Ok::<(), uri_template::TemplateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{kind} at byte {index}")]
pub struct MatchError {
    kind: MatchErrorKind,
    index: usize,
}

impl MatchError {
    pub(crate) const fn new(kind: MatchErrorKind, index: usize) -> Self {
        MatchError { kind, index }
    }

    /// What was wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{MatchErrorKind, MatchOptions, Template};
    ///
    /// let err = Template::parse("/a")?.match_with("/b", &MatchOptions::new()).unwrap_err();
    /// assert_eq!(err.kind(), MatchErrorKind::NoMatch);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub const fn kind(&self) -> MatchErrorKind {
        self.kind
    }

    /// The byte offset into the URI (see [`MatchErrorKind`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{MatchOptions, Template};
    ///
    /// let err = Template::parse("/a/{x}")?.match_with("/a/b/c", &MatchOptions::new()).unwrap_err();
    /// assert_eq!(err.index(), 4);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }

    /// A view that renders `uri` with a caret under the offending byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{MatchOptions, Template};
    ///
    /// let err = Template::parse("/a/{x}")?.match_with("/a/b/c", &MatchOptions::new()).unwrap_err();
    /// assert!(err.caret("/a/b/c").to_string().ends_with("\n  /a/b/c\n      ^"));
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn caret<'a>(&self, uri: &'a str) -> Caret<'a> {
        Caret::new(self.kind.message(), self.index, uri.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn kinds_have_distinct_names_and_messages() {
        let names: alloc::vec::Vec<(&str, alloc::string::String)> = TemplateErrorKind::ALL
            .iter()
            .map(|k| (k.name(), k.to_string()))
            .chain(
                ExpandErrorKind::ALL
                    .iter()
                    .map(|k| (k.name(), k.to_string())),
            )
            .chain(
                MatchErrorKind::ALL
                    .iter()
                    .map(|k| (k.name(), k.to_string())),
            )
            .collect();
        for (i, a) in names.iter().enumerate() {
            for b in &names[i + 1..] {
                assert_ne!(a.0, b.0);
                assert_ne!(a.1, b.1);
            }
        }
    }
}
