//! What `urikit equivalent` makes of one pair of references, with
//! `uri-schemes`: whether they are equivalent, and at which rung of RFC
//! 3986 §6's ladder ([`Registry::equivalence`]). Printing is
//! [`commands`](crate::commands)' job.

use std::borrow::Cow;

use serde::Serialize;
use urikit::UriReference;
use urikit::iri::to_uri;
use urikit::schemes::{Equivalence, Registry};

use crate::input::Input;
use crate::json::ErrorObject;
use crate::json::echo;
use crate::problem::Problem;

/// Which of the two references of a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Side {
    /// The first.
    A,
    /// The second.
    B,
}

/// A pair to compare: `a`, and `b` unless a line of standard input had no
/// tab.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pair<'a> {
    /// The first reference.
    pub(crate) a: Input<'a>,
    /// The second reference; `None` for a line without a tab.
    pub(crate) b: Option<Input<'a>>,
}

impl<'a> Pair<'a> {
    /// The pair of a line of standard input: the text before its first tab,
    /// and the text after it.
    pub(crate) fn from_line(line: Input<'a>) -> Self {
        let bytes = line.bytes();
        if line.is_cut() {
            return Pair { a: line, b: None };
        }
        match bytes.iter().position(|&b| b == b'\t') {
            Some(tab) => Pair {
                a: Input::new(&bytes[..tab]),
                b: Some(Input::new(&bytes[tab + 1..])),
            },
            None => Pair { a: line, b: None },
        }
    }

    /// Whether the two references are equivalent: the first rung of the
    /// §6 ladder (`string`, `syntax`, `scheme`) at which they are, or
    /// `None` when none is.
    ///
    /// # Errors
    ///
    /// [`Problem::MissingTab`] at the end of `a` when there is no `b`;
    /// else the side and the [`Problem`] of the first reference that is
    /// not a URI reference ([`Problem::InvalidUtf8`], [`Problem::Parse`]).
    pub(crate) fn compare(
        &self,
        registry: &Registry,
    ) -> Result<Option<Equivalence>, (Side, Problem)> {
        self.a.whole().map_err(|p| (Side::A, p))?;
        let Some(b) = self.b else {
            let index = self.a.bytes().len();
            return Err((Side::A, Problem::MissingTab { index }));
        };
        if self.a.is_iri() || b.is_iri() {
            return compare_iris(registry, self.a, b);
        }
        let a = self.a.parse().map_err(|p| (Side::A, p))?;
        let b: UriReference<'_> = b.parse().map_err(|p| (Side::B, p))?;
        Ok(registry.equivalence(a, b))
    }
}

/// Whether two IRI references (one of them at least not ASCII) are
/// equivalent: the same text (`string`), or else the URIs they map to
/// (RFC 3987 §3.1, as §5.3.1 allows) equivalent by their syntax or their
/// scheme (two texts that differ only in what the mapping encodes, such as
/// `ç` and `%C3%A7`, are then `syntax`).
fn compare_iris(
    registry: &Registry,
    a: Input<'_>,
    b: Input<'_>,
) -> Result<Option<Equivalence>, (Side, Problem)> {
    let a = a.parse_iri().map_err(|p| (Side::A, p))?;
    let b = b.parse_iri().map_err(|p| (Side::B, p))?;
    if a.as_str() == b.as_str() {
        return Ok(Some(Equivalence::String));
    }
    let (ua, ub) = (to_uri(a), to_uri(b));
    let options = crate::settings::get().parse_options();
    let parse = |text: &str| {
        UriReference::parse_with(text, options)
            .ok()
            .map(|r| r.to_buf())
    };
    let (Some(ua), Some(ub)) = (parse(ua.as_str()), parse(ub.as_str())) else {
        return Ok(None);
    };
    Ok(
        match registry.equivalence(ua.as_uri_reference(), ub.as_uri_reference()) {
            Some(Equivalence::String) => Some(Equivalence::Syntax),
            other => other,
        },
    )
}

/// The JSON line of a pair that was compared: `{"a", "b", "equivalent"}`.
#[derive(Debug, Serialize)]
pub(crate) struct EquivalentLine<'a> {
    a: Cow<'a, str>,
    b: Cow<'a, str>,
    equivalent: bool,
}

impl<'a> EquivalentLine<'a> {
    /// The line for `pair`, whose references both parsed.
    pub(crate) fn new(pair: Pair<'a>, equivalent: bool) -> Self {
        EquivalentLine {
            a: echo(pair.a),
            b: pair.b.map(echo).unwrap_or_default(),
            equivalent,
        }
    }
}

/// The JSON line of a pair with a reference that is not one: `{"a", "b",
/// "valid": false, "side", "error"}`; `b` is `null` for a line without a
/// tab, and `side` says which reference the error's index is in.
#[derive(Debug, Serialize)]
pub(crate) struct NotComparedLine<'a> {
    a: Cow<'a, str>,
    b: Option<Cow<'a, str>>,
    valid: bool,
    side: Side,
    error: ErrorObject,
}

impl<'a> NotComparedLine<'a> {
    /// The line for `pair`, refused for `problem` in `side`.
    pub(crate) fn new(pair: Pair<'a>, side: Side, problem: &Problem) -> Self {
        NotComparedLine {
            a: echo(pair.a),
            b: pair.b.map(echo),
            valid: false,
            side,
            error: ErrorObject::from(problem),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compare(line: &str) -> Result<Option<Equivalence>, (Side, &'static str, usize)> {
        Pair::from_line(Input::new(line.as_bytes()))
            .compare(&Registry::standard())
            .map_err(|(side, p)| (side, p.kind_name(), p.index()))
    }

    #[test]
    fn rungs() {
        assert_eq!(compare("a/b\ta/b"), Ok(Some(Equivalence::String)));
        assert_eq!(
            compare("HTTP://a/%7e\thttp://a/~"),
            Ok(Some(Equivalence::Syntax))
        );
        assert_eq!(
            compare("http://example.com:80/\thttp://example.com/"),
            Ok(Some(Equivalence::Scheme))
        );
        assert_eq!(compare("http://a/\thttps://a/"), Ok(None));
        // An empty reference is one.
        assert_eq!(compare("\t"), Ok(Some(Equivalence::String)));
    }

    #[test]
    fn errors_say_which_side() {
        assert_eq!(
            compare("http://a b\thttp://a/"),
            Err((Side::A, "InvalidHostChar", 8))
        );
        assert_eq!(
            compare("http://a/\thttp://a b"),
            Err((Side::B, "InvalidHostChar", 8))
        );
        assert_eq!(compare("http://a/"), Err((Side::A, "MissingTab", 9)));
        // A second tab is in `b`, where no tab may stand.
        assert_eq!(compare("a\tb\tc"), Err((Side::B, "InvalidPathChar", 1)));
    }
}
