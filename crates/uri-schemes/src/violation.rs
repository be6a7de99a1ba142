//! [`Violation`]: what a scheme's rules find wrong or unwise in a URI.

use alloc::borrow::Cow;
use core::fmt;

/// How bad a [`Violation`] is.
///
/// # Examples
///
/// ```
/// use uri_schemes::Severity;
///
/// assert!(Severity::Error > Severity::Warning);
/// assert_eq!(Severity::Warning.as_str(), "warning");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Allowed by the scheme's grammar, but unwise: a password in the
    /// URI, a host that is not a DNS name where DNS is used, a port past
    /// 65535, a URI longer than 2,048 characters.
    Warning,
    /// The scheme's grammar or rules are broken: the URI is not a valid
    /// URI of its scheme.
    Error,
}

impl Severity {
    /// `"warning"` or `"error"`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_schemes::Severity::Error.as_str(), "error");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One thing a scheme's rules find in a URI: its severity, a kind (a
/// stable name such as `"MissingHost"`, for programs), the byte where it
/// is, the section of the standard that sets the rule, and a sentence for
/// people.
///
/// Kinds are names, not a closed enum, so that schemes added through the
/// [`Scheme`](crate::Scheme) trait can report their own.
///
/// # Examples
///
/// ```
/// use uri_schemes::{Severity, Violation};
///
/// let v = Violation::error("MissingHost", 7, "RFC 9110 §4.2.1", "an http URI needs a host");
/// assert_eq!(v.severity(), Severity::Error);
/// assert_eq!(v.to_string(), "error: an http URI needs a host (RFC 9110 §4.2.1) at byte 7");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Violation {
    severity: Severity,
    kind: &'static str,
    index: usize,
    section: &'static str,
    message: Cow<'static, str>,
}

/// One constructor per [`Severity`], the same but for it: `kind`, where
/// (`index`, a byte of the URI), the rule's `section` and the `message`.
macro_rules! severities {
    ($($(#[$doc:meta])* $name:ident => $severity:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(
            kind: &'static str,
            index: usize,
            section: &'static str,
            message: impl Into<Cow<'static, str>>,
        ) -> Self {
            Violation {
                severity: Severity::$severity,
                kind,
                index,
                section,
                message: message.into(),
            }
        }
    )*};
}

impl Violation {
    severities! {
        /// A violation of the scheme's rules ([`Severity::Error`]).
        ///
        /// # Examples
        ///
        /// ```
        /// let v = uri_schemes::Violation::error("EmptyNss", 8, "RFC 8141 §2", "empty NSS");
        /// assert_eq!(v.kind(), "EmptyNss");
        /// ```
        error => Error;

        /// Something allowed but unwise ([`Severity::Warning`]).
        ///
        /// # Examples
        ///
        /// ```
        /// let v = uri_schemes::Violation::warning("Password", 7, "RFC 3986 §3.2.1", "a password in the URI");
        /// assert_eq!(v.severity(), uri_schemes::Severity::Warning);
        /// ```
        warning => Warning;
    }

    /// How bad it is.
    ///
    /// # Examples
    ///
    /// ```
    /// let v = uri_schemes::Violation::error("X", 0, "RFC 3986", "x");
    /// assert!(v.is_error());
    /// assert_eq!(v.severity(), uri_schemes::Severity::Error);
    /// ```
    pub const fn severity(&self) -> Severity {
        self.severity
    }

    /// Whether it is an [`Severity::Error`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!uri_schemes::Violation::warning("X", 0, "RFC 3986", "x").is_error());
    /// ```
    pub const fn is_error(&self) -> bool {
        matches!(self.severity, Severity::Error)
    }

    /// Its kind: a stable name, for programs.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_schemes::Violation::error("BadNid", 4, "RFC 8141 §2", "x").kind(), "BadNid");
    /// ```
    pub const fn kind(&self) -> &'static str {
        self.kind
    }

    /// The byte offset in the URI where it is.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_schemes::Violation::error("X", 4, "RFC 3986", "x").index(), 4);
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The section of the standard that sets the rule (`"RFC 9110 §4.2.1"`).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_schemes::Violation::error("X", 0, "RFC 6068 §2", "x").section(), "RFC 6068 §2");
    /// ```
    pub const fn section(&self) -> &'static str {
        self.section
    }

    /// A sentence for people.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_schemes::Violation::error("X", 0, "RFC 3986", "bad").message(), "bad");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} ({}) at byte {}",
            self.severity.as_str(),
            self.message,
            self.section,
            self.index
        )
    }
}
