//! The comparison of urikit's parse of an input with a peer's: what a peer
//! made of it ([`Outcome`]), how the two disagree ([`Disagreement`],
//! [`compare`]), and the description of a disagreement no rule explains
//! ([`Disagreement::describe`]). `tests/parse.rs` (RFC 3986) and
//! `tests/iri.rs` (RFC 3987) share it; each has its own peers and rules.

use urikit::ParseError;

use crate::ours::{self, Field, Fields};

/// What a peer made of an input: its fields, or its error message.
///
/// # Examples
///
/// ```
/// let refused: urikit_differential::compare::Outcome = Err("bad port".to_owned());
/// assert!(refused.is_err());
/// ```
pub type Outcome = Result<Fields, String>;

/// Owned text of an optional component, for a peer's [`Fields`].
///
/// # Examples
///
/// ```
/// use urikit_differential::compare::own;
///
/// assert_eq!(own(Some("a")), Some("a".to_owned()));
/// assert_eq!(own(None), None);
/// ```
pub fn own(s: Option<&str>) -> Option<String> {
    s.map(str::to_owned)
}

/// How urikit and a peer disagree on one input.
///
/// # Examples
///
/// ```
/// use urikit_differential::compare::Disagreement;
///
/// let d = Disagreement::PeerRejects("no scheme".to_owned());
/// assert_eq!(d.describe(), "peer rejects (no scheme)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Disagreement {
    /// On the rule named here (`URI` or `relative-ref` of RFC 3986 §4.3 and
    /// §4.2, `IRI` or `irelative-ref` of RFC 3987 §2.2), beside the whole
    /// reference: `true` when the peer accepts and urikit rejects.
    Rule(&'static str, bool),
    /// urikit accepts, the peer rejects (with this message).
    PeerRejects(String),
    /// urikit rejects (with this error), the peer accepts.
    PeerAccepts(ParseError),
    /// Both accept; these fields differ.
    Fields(Vec<Field>),
}

impl Disagreement {
    /// A short description, for a disagreement no rule explains.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit_differential::compare::Disagreement;
    /// use urikit_differential::ours::Field;
    ///
    /// assert_eq!(Disagreement::Rule("URI", true).describe(), "URI: peer accepts");
    /// let fields = Disagreement::Fields(vec![Field::Host, Field::Port]);
    /// assert_eq!(fields.describe(), "host, port differ");
    /// ```
    pub fn describe(&self) -> String {
        match self {
            Disagreement::Rule(rule, true) => format!("{rule}: peer accepts"),
            Disagreement::Rule(rule, false) => format!("{rule}: peer rejects"),
            Disagreement::PeerRejects(message) => format!("peer rejects ({message})"),
            Disagreement::PeerAccepts(e) => {
                format!(
                    "peer accepts (urikit: {} at {})",
                    e.kind().name(),
                    e.index()
                )
            }
            Disagreement::Fields(fields) => {
                let names: Vec<&str> = fields.iter().map(|f| f.name()).collect();
                format!("{} differ", names.join(", "))
            }
        }
    }
}

/// The disagreement between urikit's and a peer's outcome, if any: one
/// accepts and the other rejects, or both accept and some field the peer
/// gives differs from ours (absent and empty told apart).
///
/// # Examples
///
/// ```
/// use urikit_differential::compare::{Disagreement, compare};
/// use urikit_differential::ours::{self, Field};
///
/// let ours = ours::parse("s://h?");
/// let theirs = Ok(vec![(Field::Query, None)]);
/// assert_eq!(compare(&ours, &theirs), Some(Disagreement::Fields(vec![Field::Query])));
/// assert_eq!(compare(&ours, &Ok(vec![(Field::Query, Some(String::new()))])), None);
/// ```
pub fn compare(ours: &Result<Fields, ParseError>, theirs: &Outcome) -> Option<Disagreement> {
    match (ours, theirs) {
        (Ok(_), Err(message)) => Some(Disagreement::PeerRejects(message.clone())),
        (Err(e), Ok(_)) => Some(Disagreement::PeerAccepts(*e)),
        (Err(_), Err(_)) => None,
        (Ok(ours), Ok(theirs)) => {
            let differing: Vec<Field> = theirs
                .iter()
                .filter(|(field, value)| ours::get(ours, *field) != Some(value.as_deref()))
                .map(|(field, _)| *field)
                .collect();
            (!differing.is_empty()).then_some(Disagreement::Fields(differing))
        }
    }
}
