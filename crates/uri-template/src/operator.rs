//! The operators of RFC 6570 §3.2.1 and the table of how each expands.

use uri_core::grammar::{RESERVED, UNRESERVED};
use uri_encode::EncodeSet;

/// An expression's operator (RFC 6570 §2.2, §3.2.1).
///
/// # Examples
///
/// ```
/// use uri_template::Operator;
///
/// assert_eq!(Operator::Query.first(), "?");
/// assert_eq!(Operator::Query.separator(), "&");
/// assert!(Operator::Query.is_named());
/// assert!(Operator::Reserved.allows_reserved());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operator {
    /// No operator: simple string expansion (§3.2.2), `{var}`.
    Simple,
    /// `+`: reserved expansion (§3.2.3).
    Reserved,
    /// `#`: fragment expansion (§3.2.4).
    Fragment,
    /// `.`: label expansion with dot-prefix (§3.2.5).
    Label,
    /// `/`: path segment expansion (§3.2.6).
    Path,
    /// `;`: path-style parameter expansion (§3.2.7).
    PathParam,
    /// `?`: form-style query expansion (§3.2.8).
    Query,
    /// `&`: form-style query continuation (§3.2.9).
    QueryContinuation,
}

/// The bytes kept as they are by `U` (unreserved only).
pub(crate) const SET_U: EncodeSet = EncodeSet::UNRESERVED;
/// The bytes kept as they are by `U+R` (and triplets copied).
pub(crate) const SET_UR: EncodeSet =
    EncodeSet::new(UNRESERVED.union(RESERVED)).preserving_triplets();

impl Operator {
    /// The operator of `b`, if it is one (the reserved `=,!@|` are not).
    pub(crate) const fn from_byte(b: u8) -> Option<Operator> {
        Some(match b {
            b'+' => Operator::Reserved,
            b'#' => Operator::Fragment,
            b'.' => Operator::Label,
            b'/' => Operator::Path,
            b';' => Operator::PathParam,
            b'?' => Operator::Query,
            b'&' => Operator::QueryContinuation,
            _ => return None,
        })
    }

    /// The operator as written in a template: `""`, `"+"`, `"#"`, …
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_template::Operator::PathParam.as_str(), ";");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Operator::Simple => "",
            Operator::Reserved => "+",
            Operator::Fragment => "#",
            Operator::Label => ".",
            Operator::Path => "/",
            Operator::PathParam => ";",
            Operator::Query => "?",
            Operator::QueryContinuation => "&",
        }
    }

    /// What an expansion starts with, when any variable is defined (the
    /// `first` column of Appendix A).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_template::Operator::Reserved.first(), "");
    /// assert_eq!(uri_template::Operator::Fragment.first(), "#");
    /// ```
    pub const fn first(self) -> &'static str {
        match self {
            Operator::Simple | Operator::Reserved => "",
            _ => self.as_str(),
        }
    }

    /// What stands between two values (the `sep` column of Appendix A).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_template::Operator::Label.separator(), ".");
    /// assert_eq!(uri_template::Operator::Fragment.separator(), ",");
    /// ```
    pub const fn separator(self) -> &'static str {
        match self {
            Operator::Simple | Operator::Reserved | Operator::Fragment => ",",
            Operator::Query => "&",
            _ => self.as_str(),
        }
    }

    /// Whether values are written as `name=value` (the `named` column of
    /// Appendix A): `;`, `?` and `&`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!uri_template::Operator::Path.is_named());
    /// ```
    pub const fn is_named(self) -> bool {
        matches!(
            self,
            Operator::PathParam | Operator::Query | Operator::QueryContinuation
        )
    }

    /// What a named empty value is written as after its name (the `ifemp`
    /// column of Appendix A): `=` for `?` and `&`, nothing for `;`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_template::Operator::PathParam.if_empty(), "");
    /// assert_eq!(uri_template::Operator::Query.if_empty(), "=");
    /// ```
    pub const fn if_empty(self) -> &'static str {
        match self {
            Operator::Query | Operator::QueryContinuation => "=",
            _ => "",
        }
    }

    /// Whether reserved characters and triplets in values are kept (`U+R`,
    /// the `allow` column of Appendix A): `+` and `#`. Otherwise every
    /// byte but `unreserved` is encoded (`U`).
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_template::Operator::Fragment.allows_reserved());
    /// assert!(!uri_template::Operator::Simple.allows_reserved());
    /// ```
    pub const fn allows_reserved(self) -> bool {
        matches!(self, Operator::Reserved | Operator::Fragment)
    }

    /// The encode set of values under this operator.
    pub(crate) const fn set(self) -> EncodeSet {
        if self.allows_reserved() {
            SET_UR
        } else {
            SET_U
        }
    }
}
