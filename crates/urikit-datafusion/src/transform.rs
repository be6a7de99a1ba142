//! Text to text: normalization (RFC 3986 §6), equivalence, resolution
//! (§5) and its inverse, the IRI mappings (RFC 3987 §3), the display
//! form, and redaction.
//!
//! A result equal to the input is written as a view of the input's buffer
//! (no copy); a new text is copied once.

use datafusion::arrow::array::{Array, ArrayRef, BooleanArray, BooleanBuilder};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{Result, exec_err};
use datafusion::logical_expr::ScalarUDF;
use urikit::iri::HostMapping;
use urikit::schemes::Registry;
use urikit::{Iri, IriReference, UriReference, redact_bytes};

use crate::text::{Texts, Views};
use crate::udf::{Arg, UriFunction, doc, done, rows};

/// What a function makes of one row.
pub(crate) enum Out {
    /// The first argument's text, unchanged.
    Same,
    /// These bytes of the first argument's text (a component's span).
    Part(std::ops::Range<usize>),
    /// A new text.
    New(String),
    /// Null: a null argument, or text the function cannot take.
    Null,
}

impl Out {
    /// `New(text)`, or `Same` when `text` is `input`.
    pub(crate) fn of(text: String, input: &str) -> Out {
        if text == input {
            Out::Same
        } else {
            Out::New(text)
        }
    }
}

/// The functions of this module.
pub(crate) fn functions() -> Vec<ScalarUDF> {
    let text: &[&[Arg]] = &[&[Arg::Text]];
    let pair: &[&[Arg]] = &[&[Arg::Text, Arg::Text]];
    vec![
        UriFunction::udf(
            "uri_normalize",
            &[&[Arg::Text], &[Arg::Text, Arg::Text]],
            DataType::Utf8View,
            normalize,
            doc(
                "The normal form of a URI or IRI reference: 'syntax' (the default) is RFC 3986 \
                 §6.2.2 (case, percent-encoding, dot segments); 'scheme' adds §6.2.3 by the rules \
                 of the URI's scheme (default port, empty path, a scheme's own case rules); an \
                 IRI that is not ASCII gets its syntax-based form either way. Null when the text \
                 is not a reference or the level is unknown.",
                "uri_normalize(text[, level])",
                "SELECT uri_normalize('HTTP://Example.COM:80/a/./b', 'scheme'); -- http://example.com/a/b",
                &[
                    ("text", "A string column or literal."),
                    ("level", "'syntax' or 'scheme'."),
                ],
            ),
        ),
        UriFunction::udf(
            "uri_equiv_key",
            text,
            DataType::Utf8View,
            equiv_key,
            doc(
                "A key that is equal for two URI or IRI references when uri_equivalent says they are \
                 equivalent (RFC 3986 §6 and the schemes' own rules), for GROUP BY and DISTINCT: \
                 urikit's Registry::equivalence_key (the normal form, or a scheme's own key). \
                 Equal keys always mean equivalent; the converse fails only where equivalence \
                 itself is not transitive, which that method's docs name (sip parameters present \
                 in one URI only; a URI its scheme's rule cannot read whose normal form it can). \
                 Null when the text is not a reference.",
                "uri_equiv_key(text)",
                "SELECT uri_equiv_key(url), count(*) FROM crawl GROUP BY 1",
                &[("text", "A string column or literal.")],
            ),
        ),
        UriFunction::udf(
            "uri_equivalent",
            pair,
            DataType::Boolean,
            equivalent,
            doc(
                "Whether two URI or IRI references identify the same resource as far as RFC 3986 \
                 §6 and the schemes' own rules tell (a false may be a false negative, never a \
                 false positive); null when either is null or not a reference.",
                "uri_equivalent(a, b)",
                "SELECT uri_equivalent('http://a.example:80', 'HTTP://A.example/'); -- true",
                &[("a", "A reference."), ("b", "Another.")],
            ),
        ),
        UriFunction::udf(
            "uri_resolve",
            pair,
            DataType::Utf8View,
            resolve,
            doc(
                "The target of a reference resolved against a base URI (RFC 3986 §5.2, strict; \
                 IRIs per RFC 3987 §6.5); null when the base is not an absolute URI or IRI or the \
                 reference is not a reference.",
                "uri_resolve(base, reference)",
                "SELECT uri_resolve('http://a/b/c/d;p?q', '../g'); -- http://a/b/g",
                &[("base", "An absolute URI."), ("reference", "A reference.")],
            ),
        ),
        UriFunction::udf(
            "uri_relativize",
            pair,
            DataType::Utf8View,
            relativize,
            doc(
                "The shortest reference that resolves against the base to the target (the inverse \
                 of uri_resolve); the target itself when none does; null when either is not an \
                 absolute URI or IRI.",
                "uri_relativize(base, target)",
                "SELECT uri_relativize('http://a/b/c/d;p?q', 'http://a/b/g'); -- ../g",
                &[("base", "An absolute URI."), ("target", "An absolute URI.")],
            ),
        ),
        UriFunction::udf(
            "iri_to_uri",
            &[&[Arg::Text], &[Arg::Text, Arg::Bool]],
            DataType::Utf8View,
            iri_to_uri,
            doc(
                "The URI an IRI reference maps to (RFC 3987 §3.1: non-ASCII percent-encoded as \
                 UTF-8); with true, a non-ASCII host name mapped by UTS #46 to `xn--` labels \
                 instead (null when that fails). Null when the text is not an IRI reference.",
                "iri_to_uri(text[, idna])",
                "SELECT iri_to_uri('http://résumé.example/ü', true); -- http://xn--rsum-bpad.example/%C3%BC",
                &[
                    ("text", "A string column or literal."),
                    ("idna", "true to map the host by UTS #46."),
                ],
            ),
        ),
        UriFunction::udf(
            "uri_display",
            text,
            DataType::Utf8View,
            display,
            doc(
                "The form of a URI or IRI reference to show people (RFC 3987 §3.2 with urikit's \
                 safety rules): decoded where that is safe, bidi controls, invisible and \
                 confusable characters kept encoded, the password masked. Null when the text is \
                 not a reference.",
                "uri_display(text)",
                "SELECT uri_display('http://example.com/%E2%82%AC'); -- http://example.com/€",
                &[("text", "A string column or literal.")],
            ),
        ),
        UriFunction::udf(
            "uri_redact",
            text,
            DataType::Utf8View,
            redact,
            doc(
                "The text with every password of a userinfo masked as `***`, by the rule urikit \
                 uses for every echo: it applies to any text, also text that does not parse \
                 (`https://user:secret@host` inside a log line).",
                "uri_redact(text)",
                "SELECT uri_redact('see https://u:s3cret@a.example/'); -- see https://u:***@a.example/",
                &[("text", "A string column or literal.")],
            ),
        ),
    ]
}

/// Each row of the first column mapped by `f` (given the row's texts of
/// every argument column), as a `Utf8View` column.
pub(crate) fn map_rows(
    args: &[ArrayRef],
    f: impl Fn(usize, &[Option<&str>]) -> Out,
) -> Result<ArrayRef> {
    let columns = args
        .iter()
        .filter(|a| !matches!(a.data_type(), DataType::Boolean))
        .map(Texts::new)
        .collect::<Result<Vec<_>>>()?;
    let Some(first) = columns.first().copied() else {
        return exec_err!("a function of text needs a text argument");
    };
    let mut out = Views::new(first);
    let mut row_texts = Vec::with_capacity(columns.len());
    for row in 0..rows(args) {
        row_texts.clear();
        row_texts.extend(columns.iter().map(|c| c.get(row)));
        match (f(row, &row_texts), row_texts[0]) {
            (Out::Same, Some(text)) => out.push_slice(row, 0..text.len())?,
            (Out::Part(range), Some(_)) => out.push_slice(row, range)?,
            (Out::New(text), _) => out.push_str(&text),
            (Out::Same | Out::Part(_) | Out::Null, _) => out.push_null(),
        }
    }
    done(out.finish())
}

/// The boolean column at `index`, `None` when the call has no such
/// argument.
pub(crate) fn flags(args: &[ArrayRef], index: usize) -> Result<Option<&BooleanArray>> {
    args.get(index)
        .map(|column| datafusion::common::cast::as_boolean_array(column))
        .transpose()
}

/// Whether row `row` of `flags` is true (false when absent or null).
pub(crate) fn is_set(flags: Option<&BooleanArray>, row: usize) -> bool {
    flags.is_some_and(|f| f.is_valid(row) && f.value(row))
}

/// `uri_normalize`.
fn normalize(args: &[ArrayRef]) -> Result<ArrayRef> {
    let registry = Registry::shared();
    map_rows(args, |_, texts| {
        let Some(text) = texts[0] else {
            return Out::Null;
        };
        let scheme = match texts.get(1) {
            None => false,
            Some(Some(level)) if level.eq_ignore_ascii_case("syntax") => false,
            Some(Some(level)) if level.eq_ignore_ascii_case("scheme") => true,
            Some(_) => return Out::Null,
        };
        match normalized(registry, text, scheme) {
            Some(normal) => Out::of(normal, text),
            None => Out::Null,
        }
    })
}

/// The normal form of `text` (a URI reference, else an IRI reference),
/// syntax-based, or with `scheme` scheme-based for an absolute URI.
pub(crate) fn normalized(registry: &Registry, text: &str, scheme: bool) -> Option<String> {
    if let Ok(reference) = UriReference::parse(text) {
        return Some(match reference.as_uri() {
            Some(uri) if scheme => registry.normalize(uri).into_string(),
            _ => urikit::resolve::normalize(reference).into_string(),
        });
    }
    // An IRI that is not ASCII: its syntax-based form (the schemes' rules
    // are written for URIs; `iri_to_uri` first gives one).
    let reference = IriReference::parse(text).ok()?;
    Some(urikit::resolve::normalize(reference).into_string())
}

/// `uri_equiv_key`.
fn equiv_key(args: &[ArrayRef]) -> Result<ArrayRef> {
    let registry = Registry::shared();
    map_rows(args, |_, texts| {
        let Some(text) = texts[0] else {
            return Out::Null;
        };
        match IriReference::parse(text) {
            Ok(reference) => Out::of(registry.equivalence_key_iri(reference), text),
            Err(_) => Out::Null,
        }
    })
}

/// `uri_equivalent`.
fn equivalent(args: &[ArrayRef]) -> Result<ArrayRef> {
    let (a, b) = (Texts::new(&args[0])?, Texts::new(&args[1])?);
    let registry = Registry::shared();
    let mut out = BooleanBuilder::with_capacity(a.len());
    for row in 0..a.len() {
        let answer = match (a.get(row), b.get(row)) {
            (Some(x), Some(y)) => match (IriReference::parse(x), IriReference::parse(y)) {
                (Ok(x), Ok(y)) => Some(registry.equivalent_iri(x, y)),
                _ => None,
            },
            _ => None,
        };
        out.append_option(answer);
    }
    done(out.finish())
}

/// `uri_resolve`: as IRIs, which resolve URIs to the same text.
fn resolve(args: &[ArrayRef]) -> Result<ArrayRef> {
    map_rows(args, |_, texts| {
        let (Some(base), Some(reference)) = (texts[0], texts[1]) else {
            return Out::Null;
        };
        match (Iri::parse(base), IriReference::parse(reference)) {
            (Ok(base_iri), Ok(r)) => {
                Out::of(urikit::resolve::resolve(base_iri, r).into_string(), base)
            }
            _ => Out::Null,
        }
    })
}

/// `uri_relativize`: as IRIs.
fn relativize(args: &[ArrayRef]) -> Result<ArrayRef> {
    map_rows(args, |_, texts| {
        let (Some(base), Some(target)) = (texts[0], texts[1]) else {
            return Out::Null;
        };
        match (Iri::parse(base), Iri::parse(target)) {
            (Ok(b), Ok(t)) => match urikit::resolve::relativize(b, t) {
                Ok(r) => Out::of(r.into_string(), base),
                Err(_) => Out::Null,
            },
            _ => Out::Null,
        }
    })
}

/// `iri_to_uri`.
fn iri_to_uri(args: &[ArrayRef]) -> Result<ArrayRef> {
    let idna = flags(args, 1)?;
    map_rows(args, |row, texts| {
        let Some(text) = texts[0] else {
            return Out::Null;
        };
        let Ok(iri) = IriReference::parse(text) else {
            return Out::Null;
        };
        let mapping = if is_set(idna, row) {
            HostMapping::Idna
        } else {
            HostMapping::Percent
        };
        match urikit::iri::to_uri_with(iri, mapping) {
            Ok(uri) => Out::of(uri.as_str().to_owned(), text),
            Err(_) => Out::Null,
        }
    })
}

/// `uri_display`.
fn display(args: &[ArrayRef]) -> Result<ArrayRef> {
    map_rows(args, |_, texts| {
        let Some(text) = texts[0] else {
            return Out::Null;
        };
        match IriReference::parse(text) {
            Ok(iri) => Out::of(urikit::iri::display(iri).to_string(), text),
            Err(_) => Out::Null,
        }
    })
}

/// `uri_redact`.
fn redact(args: &[ArrayRef]) -> Result<ArrayRef> {
    map_rows(args, |_, texts| {
        let Some(text) = texts[0] else {
            return Out::Null;
        };
        match redact_bytes(text.as_bytes()) {
            std::borrow::Cow::Borrowed(_) => Out::Same,
            // The masks replace whole ASCII runs: the text stays UTF-8.
            std::borrow::Cow::Owned(bytes) => match String::from_utf8(bytes) {
                Ok(masked) => Out::New(masked),
                Err(_) => Out::Null,
            },
        }
    })
}
