//! The component table that `parse` and `explain` print for a valid input.
//!
//! One aligned `label  value` row per component. An absent component shows
//! as `-`, a present but empty one as `""`; a value that is itself `-` is
//! quoted (`"-"`) so the two cannot be confused.

use std::fmt;
use std::io::{self, Write};

use urikit::{RiReference, Spec};

use crate::json::reference_kind;
use crate::redact;
use crate::settings::{self, paint, style};

/// The width of the label column: the longest label, `authority`, and two spaces.
const LABEL_WIDTH: usize = "authority".len() + 2;

/// Writes the table of `reference`'s components: a URI reference, or an
/// IRI reference (the same rows). Unless `--show-password`, what follows
/// the first `:` of the userinfo is `***` in the input, authority and
/// userinfo rows (RFC 3986 §3.2.1); the labels are bold when standard
/// output takes colour.
///
/// # Errors
///
/// Any error from `out`.
pub(crate) fn write<W: Write, S: Spec>(
    out: &mut W,
    reference: &RiReference<'_, S>,
) -> io::Result<()> {
    let hide = !settings::get().show_password;
    let shown = |text: &'_ str| -> String { redact::shown(text).into_owned() };
    let input = shown(reference.as_str());
    let authority = reference
        .authority()
        .map(|a| shown(&format!("//{}", a.as_str())));
    let userinfo = reference.userinfo().map(|u| {
        if hide {
            redact::redact_userinfo(u).into_owned()
        } else {
            u.to_owned()
        }
    });
    row(out, "input", Value(Some(&input)))?;
    row(out, "kind", reference_kind(reference))?;
    row(out, "scheme", Value(reference.scheme()))?;
    row(
        out,
        "authority",
        Value(authority.as_deref().map(|a| &a[2..])),
    )?;
    row(out, "userinfo", Value(userinfo.as_deref()))?;
    match (reference.host_str(), reference.host_kind()) {
        (Some(host), Some(kind)) => {
            row(
                out,
                "host",
                format_args!("{} ({})", Value(Some(host)), kind.as_str()),
            )?;
        }
        _ => row(out, "host", Value(None))?,
    }
    row(out, "port", Value(reference.port()))?;
    row(out, "path", Value(Some(reference.path())))?;
    row(out, "query", Value(reference.query()))?;
    row(out, "fragment", Value(reference.fragment()))
}

/// Writes one row.
fn row<W: Write>(out: &mut W, label: &str, value: impl fmt::Display) -> io::Result<()> {
    let padded = format!("{label:LABEL_WIDTH$}");
    let label = paint(&padded, style::BOLD, settings::get().color_stdout);
    writeln!(out, "{label}{value}")
}

/// A component's text as the table shows it.
struct Value<'a>(Option<&'a str>);

impl fmt::Display for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            None => f.write_str("-"),
            Some(text @ ("" | "-")) => write!(f, "\"{text}\""),
            Some(text) => f.write_str(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use urikit::UriReference;

    use super::*;

    fn table(input: &str) -> String {
        let mut out = Vec::new();
        write(&mut out, &UriReference::parse(input).unwrap()).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn full_uri() {
        assert_eq!(
            table(
                "https://john.doe@www.example.com:123/forum/questions/?tag=networking&order=newest#top"
            ),
            "\
input      https://john.doe@www.example.com:123/forum/questions/?tag=networking&order=newest#top
kind       uri
scheme     https
authority  john.doe@www.example.com:123
userinfo   john.doe
host       www.example.com (reg-name)
port       123
path       /forum/questions/
query      tag=networking&order=newest
fragment   top
"
        );
    }

    #[test]
    fn absent_empty_and_dash() {
        assert_eq!(
            table("-?"),
            "\
input      -?
kind       relative
scheme     -
authority  -
userinfo   -
host       -
port       -
path       \"-\"
query      \"\"
fragment   -
"
        );
        let text = table("file:///etc");
        assert!(text.contains("\nauthority  \"\"\n"), "{text}");
        assert!(text.contains("\nhost       \"\" (reg-name)\n"), "{text}");
        assert!(table("").starts_with("input      \"\"\nkind       relative\n"));
    }
}
