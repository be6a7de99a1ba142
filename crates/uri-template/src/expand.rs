//! Expansion (RFC 6570 §3, the algorithm of Appendix A) and partial
//! expansion.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use uri_core::spec::{is_bidi_formatting, is_ucschar};
use uri_encode::{EncodeSet, encode_bytes_into, encode_into, triplet, triplet_at};

use crate::error::{ExpandError, ExpandErrorKind};
use crate::operator::{Operator, SET_U, SET_UR};
use crate::parse::{Expr, Part, VarSpec};
use crate::vars::{NameKey, Value, Vars};

/// Appends `text` encoded with `set`; with `iri`, `ucschar` characters
/// (but bidi formatting characters) stay as they are (RFC 6570 §1.6,
/// RFC 3987 §2.2).
pub(crate) fn encode_text(text: &str, set: &EncodeSet, iri: bool, out: &mut String) {
    if !iri || text.is_ascii() {
        encode_into(text, set, out);
        return;
    }
    let mut run = 0;
    for (i, c) in text.char_indices() {
        if !c.is_ascii() && is_ucschar(c) && !is_bidi_formatting(c) {
            encode_bytes_into(&text.as_bytes()[run..i], set, out);
            out.push(c);
            run = i + c.len_utf8();
        }
    }
    encode_bytes_into(&text.as_bytes()[run..], set, out);
}

/// For each byte, whether `set` keeps it as it is: [`encode_uri`]'s table,
/// made at compile time from the operator's encode set.
const fn keep_table(set: &EncodeSet) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = set.keeps(b as u8);
        b += 1;
    }
    table
}

/// The bytes `U` keeps (RFC 6570 §1.5: `unreserved`).
static KEEP_U: [bool; 256] = keep_table(&SET_U);
/// The bytes `U+R` keeps (§1.5: `unreserved` and `reserved`; triplets
/// are kept too, by [`encode_uri`]).
static KEEP_UR: [bool; 256] = keep_table(&SET_UR);

/// Appends `text` percent-encoded as a URI expansion writes a value under
/// `op` (RFC 6570 §3.2.1, `allow`): every byte `U` (or `U+R`, which keeps
/// triplets too) does not keep becomes its triplet, upper-case hex
/// (RFC 3986 §2.1); the kept bytes, all ASCII, are copied a run at a time.
/// What `encode_text` writes for `op.set()` without `iri`, byte for byte.
fn encode_uri(text: &str, reserved: bool, out: &mut String) {
    let keep = if reserved { &KEEP_UR } else { &KEEP_U };
    let bytes = text.as_bytes();
    let mut run = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if keep[usize::from(b)] {
            i += 1;
            continue;
        }
        if reserved && triplet_at(bytes, i).is_some() {
            i += 3;
            continue;
        }
        // `run..i` is kept bytes, ASCII, so both ends are char boundaries.
        if run < i {
            out.push_str(text.get(run..i).unwrap_or_default());
        }
        out.push_str(triplet(b));
        i += 1;
        run = i;
    }
    if run < bytes.len() {
        out.push_str(text.get(run..).unwrap_or_default());
    }
}

/// Appends a value encoded for `op`: with `iri`, as [`encode_text`] does
/// for an IRI; else with [`encode_uri`].
#[inline]
fn encode_value(text: &str, op: Operator, iri: bool, out: &mut String) {
    if iri {
        encode_text(text, &op.set(), true, out);
    } else {
        encode_uri(text, op.allows_reserved(), out);
    }
}

/// What [`Template::expand`](crate::Template::expand) runs: the template's
/// parts in order, each literal already written as a URI expansion writes
/// it (RFC 6570 §3.1: copied, any character not allowed in a URI
/// percent-encoded), so that expanding copies it without looking at it,
/// and each expression's varspecs side by side, their names in the same
/// string as the literals: expanding reads three arrays and the values.
#[derive(Debug, Clone)]
pub(crate) struct UriPlan {
    /// The encoded literals and the names, one after another.
    text: String,
    /// The steps.
    steps: Vec<Step>,
    /// The varspecs of every expression, in order.
    specs: Vec<Spec>,
}

/// One step of a [`UriPlan`].
#[derive(Debug, Clone)]
enum Step {
    /// An encoded literal: a range of [`UriPlan::text`].
    Literal(Range<usize>),
    /// An expression.
    Expr(ExprStep),
}

/// An expression of a [`UriPlan`]: its operator, with the operator's
/// `first` and `sep` (Appendix A) looked up once, and its varspecs.
#[derive(Debug, Clone)]
struct ExprStep {
    /// The operator.
    op: Operator,
    /// Its `first`, if any.
    first: Option<char>,
    /// Its `sep`.
    sep: char,
    /// The varspecs, a range of [`UriPlan::specs`].
    specs: Range<usize>,
}

/// A varspec of a [`UriPlan`].
#[derive(Debug, Clone)]
struct Spec {
    /// The name, a range of [`UriPlan::text`].
    name: Range<usize>,
    /// The name's key, for looking it up.
    key: NameKey,
    /// Where the name starts in the template (for an error's index).
    at: usize,
    /// The prefix length of `:n` (§2.4.1).
    prefix: Option<u16>,
    /// Whether the explode modifier `*` is given (§2.4.2).
    explode: bool,
}

impl UriPlan {
    /// The plan of a template's `parts`.
    pub(crate) fn new(template: &str, parts: &[Part]) -> UriPlan {
        let mut text = String::new();
        let mut specs = Vec::new();
        let steps = parts
            .iter()
            .map(|part| match part {
                Part::Literal(r) => {
                    let start = text.len();
                    encode_text(&template[r.clone()], &SET_UR, false, &mut text);
                    Step::Literal(start..text.len())
                }
                Part::Expr(e) => {
                    let first = specs.len();
                    for v in &e.vars {
                        let start = text.len();
                        let name = &template[v.name.clone()];
                        text.push_str(name);
                        specs.push(Spec {
                            name: start..text.len(),
                            key: NameKey::of(name),
                            at: v.name.start,
                            prefix: v.prefix,
                            explode: v.explode,
                        });
                    }
                    Step::Expr(ExprStep {
                        op: e.op,
                        first: first_char(e.op),
                        sep: separator_char(e.op),
                        specs: first..specs.len(),
                    })
                }
            })
            .collect();
        UriPlan { text, steps, specs }
    }

    /// Appends the URI expansion of the template with `vars`: what
    /// `expand_parts` appends without `iri`.
    pub(crate) fn expand(&self, vars: &Vars, out: &mut String) -> Result<(), ExpandError> {
        for step in &self.steps {
            match step {
                Step::Literal(r) => out.push_str(self.text.get(r.clone()).unwrap_or_default()),
                Step::Expr(e) => {
                    let mut first = true;
                    for spec in self.specs.get(e.specs.clone()).unwrap_or_default() {
                        let name = self.text.get(spec.name.clone()).unwrap_or_default();
                        let Some(value) = vars.defined_keyed(name, spec.key) else {
                            continue;
                        };
                        if first {
                            if let Some(c) = e.first {
                                out.push(c);
                            }
                        } else {
                            out.push(e.sep);
                        }
                        first = false;
                        let var = Var {
                            name,
                            at: spec.at,
                            prefix: spec.prefix,
                            explode: spec.explode,
                        };
                        expand_var(e.op, &var, value, false, out)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// The first `n` characters of `s` (§2.4.1: characters, not bytes).
pub(crate) fn prefix(s: &str, n: Option<u16>) -> &str {
    match n.and_then(|n| s.char_indices().nth(usize::from(n))) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// Appends the expansion of `parts` of `template` with `vars`.
pub(crate) fn expand_parts(
    template: &str,
    parts: &[Part],
    vars: &Vars,
    iri: bool,
    out: &mut String,
) -> Result<(), ExpandError> {
    for part in parts {
        match part {
            Part::Literal(r) => encode_text(&template[r.clone()], &SET_UR, iri, out),
            Part::Expr(e) => expand_expr(template, e, vars, iri, out)?,
        }
    }
    Ok(())
}

/// Appends the expansion of one expression (Appendix A).
pub(crate) fn expand_expr(
    template: &str,
    expr: &Expr,
    vars: &Vars,
    iri: bool,
    out: &mut String,
) -> Result<(), ExpandError> {
    let op = expr.op;
    let mut first = true;
    for spec in &expr.vars {
        let name = &template[spec.name.clone()];
        let Some(value) = vars.defined(name) else {
            continue;
        };
        push_first_or_separator(op, first, out);
        first = false;
        let var = Var {
            name,
            at: spec.name.start,
            prefix: spec.prefix,
            explode: spec.explode,
        };
        expand_var(op, &var, value, iri, out)?;
    }
    Ok(())
}

/// The `first` of `op` (Appendix A, [`Operator::first`]) as a character,
/// if it has one.
#[inline]
fn first_char(op: Operator) -> Option<char> {
    op.first().bytes().next().map(char::from)
}

/// The `sep` of `op` (Appendix A, [`Operator::separator`]) as a
/// character.
#[inline]
fn separator_char(op: Operator) -> char {
    op.separator().bytes().next().map_or(',', char::from)
}

/// Appends the `ifemp` of `op` (Appendix A, [`Operator::if_empty`]).
#[inline]
fn push_if_empty(op: Operator, out: &mut String) {
    out.push_str(op.if_empty());
}

/// Appends the `first` of `op` before the first defined variable of an
/// expression, its `sep` before the others (Appendix A).
#[inline]
fn push_first_or_separator(op: Operator, first: bool, out: &mut String) {
    if first {
        if let Some(c) = first_char(op) {
            out.push(c);
        }
    } else {
        out.push(separator_char(op));
    }
}

/// A varspec as [`expand_var`] reads it.
struct Var<'a> {
    /// The name.
    name: &'a str,
    /// Where the name starts in the template (for an error's index).
    at: usize,
    /// The prefix length of `:n` (§2.4.1).
    prefix: Option<u16>,
    /// Whether the explode modifier `*` is given (§2.4.2).
    explode: bool,
}

/// Appends one defined variable's expansion, after `first` or `sep`.
fn expand_var(
    op: Operator,
    spec: &Var<'_>,
    value: &Value,
    iri: bool,
    out: &mut String,
) -> Result<(), ExpandError> {
    let name = spec.name;
    let enc = |s: &str, out: &mut String| encode_value(s, op, iri, out);
    let named = op.is_named();
    match value {
        Value::String(s) => {
            if named {
                out.push_str(name);
                if s.is_empty() {
                    push_if_empty(op, out);
                    return Ok(());
                }
                out.push('=');
            }
            enc(prefix(s, spec.prefix), out);
        }
        _ if spec.prefix.is_some() => {
            return Err(ExpandError::new(
                ExpandErrorKind::PrefixOfComposite,
                spec.at,
            ));
        }
        Value::List(list) if !spec.explode => {
            if named {
                out.push_str(name);
                out.push('=');
            }
            for (i, m) in list.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                enc(m, out);
            }
        }
        Value::Assoc(pairs) if !spec.explode => {
            if named {
                out.push_str(name);
                out.push('=');
            }
            for (i, (k, v)) in pairs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                enc(k, out);
                out.push(',');
                enc(v, out);
            }
        }
        Value::List(list) => {
            let sep = separator_char(op);
            for (i, m) in list.iter().enumerate() {
                if i > 0 {
                    out.push(sep);
                }
                if named {
                    out.push_str(name);
                    if m.is_empty() {
                        push_if_empty(op, out);
                        continue;
                    }
                    out.push('=');
                }
                enc(m, out);
            }
        }
        Value::Assoc(pairs) => {
            let sep = separator_char(op);
            for (i, (k, v)) in pairs.iter().enumerate() {
                if i > 0 {
                    out.push(sep);
                }
                enc(k, out);
                if named && v.is_empty() {
                    push_if_empty(op, out);
                    continue;
                }
                out.push('=');
                enc(v, out);
            }
        }
    }
    Ok(())
}

/// The operator that continues `op` after a value has been written, if
/// one exists: an operator whose `first` is `op`'s separator and whose
/// separator, naming and encoding are `op`'s.
const fn continuation(op: Operator) -> Option<Operator> {
    match op {
        Operator::Query | Operator::QueryContinuation => Some(Operator::QueryContinuation),
        Operator::Label | Operator::Path | Operator::PathParam => Some(op),
        Operator::Simple | Operator::Reserved | Operator::Fragment => None,
    }
}

/// Writes what a partial expansion wrote as values into the template's
/// text: every character an expansion writes may stand in a literal.
fn push_literal(text: &str, out: &mut String) {
    out.push_str(text);
}

/// The text of a template: `parts` with the variables of `vars` filled
/// in and the others kept.
pub(crate) fn partial(template: &str, parts: &[Part], vars: &Vars) -> Result<String, ExpandError> {
    let mut out = String::new();
    let mut buf = String::new();
    for part in parts {
        let expr = match part {
            Part::Literal(r) => {
                out.push_str(&template[r.clone()]);
                continue;
            }
            Part::Expr(e) => e,
        };
        let defined: alloc::vec::Vec<bool> = expr
            .vars
            .iter()
            .map(|v| vars.defined(&template[v.name.clone()]).is_some())
            .collect();
        let kept = |out: &mut String, specs: &[VarSpec], op: Operator| {
            out.push('{');
            out.push_str(op.as_str());
            for (i, v) in specs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&template[v.name.clone()]);
                if let Some(n) = v.prefix {
                    out.push(':');
                    out.push_str(&alloc::format!("{n}"));
                }
                if v.explode {
                    out.push('*');
                }
            }
            out.push('}');
        };
        let first_undefined = defined.iter().position(|d| !d);
        match first_undefined {
            None => {
                buf.clear();
                expand_expr(template, expr, vars, false, &mut buf)?;
                push_literal(&buf, &mut out);
            }
            Some(0) if defined.iter().all(|d| !d) => kept(&mut out, &expr.vars, expr.op),
            Some(k) => {
                let later_defined = defined[k..].iter().any(|&d| d);
                let cont = continuation(expr.op);
                match cont {
                    Some(cont) if !later_defined => {
                        let head = Expr {
                            start: expr.start,
                            op: expr.op,
                            vars: expr.vars[..k].to_vec(),
                        };
                        buf.clear();
                        expand_expr(template, &head, vars, false, &mut buf)?;
                        push_literal(&buf, &mut out);
                        kept(&mut out, &expr.vars[k..], cont);
                    }
                    _ => {
                        return Err(ExpandError::new(
                            ExpandErrorKind::PartialExpression,
                            expr.start,
                        ));
                    }
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::{String, ToString};

    use proptest::prelude::*;

    use super::*;
    use crate::{Template, Value, Vars};

    /// `encode_uri` writes what uri-encode writes for the operator's set.
    #[track_caller]
    fn same_encoding(text: &str) {
        for (set, reserved) in [(SET_U, false), (SET_UR, true)] {
            let mut ours = String::new();
            encode_uri(text, reserved, &mut ours);
            let mut theirs = String::new();
            encode_text(text, &set, false, &mut theirs);
            assert_eq!(ours, theirs, "{text:?}, reserved: {reserved}");
        }
    }

    #[test]
    fn table_encoder_agrees_on_every_character_and_triplet() {
        for c in (0..=0x7F_u8)
            .map(char::from)
            .chain(['é', '€', '😀', '\u{80}'])
        {
            same_encoding(&c.to_string());
            same_encoding(&format!("a{c}b"));
            same_encoding(&format!("%4{c}"));
            same_encoding(&format!("%{c}1"));
        }
        for text in [
            "",
            "%",
            "%4",
            "%41",
            "%4g",
            "a%41%",
            "%%41",
            "50%",
            "caf%C3%A9",
            "x%2fy%2F",
        ] {
            same_encoding(text);
        }
        let mut out = String::new();
        encode_uri("a b/é%41", false, &mut out);
        assert_eq!(out, "a%20b%2F%C3%A9%2541");
        out.clear();
        encode_uri("a b/é%41", true, &mut out);
        assert_eq!(out, "a%20b/%C3%A9%41");
    }

    /// A varspec as written, from a name, a modifier choice and a prefix.
    fn varspec(name: &str, modifier: u8, n: u16) -> String {
        match modifier {
            0 => format!("{name}:{n}"),
            1 => format!("{name}*"),
            _ => String::from(name),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn table_encoder_agrees_on_any_text(text in "[a-z0-9 %/?#&=,;.:@!$'()*+\\[\\]é€A-F-]{0,12}") {
            same_encoding(&text);
        }

        /// `expand` (the plan) writes what `expand_into` writes for a URI,
        /// or refuses as it does.
        #[test]
        fn plan_expands_as_the_parts_do(
            lits in proptest::collection::vec("[a-z/?#=&.%é]{0,3}", 3),
            ops in proptest::collection::vec(0..8_usize, 2),
            specs in proptest::collection::vec((0..4_usize, 0..3_u8, 1..4_u16), 4),
            values in proptest::collection::vec(
                (0..3_u8, proptest::collection::vec("[a-z %/é,=]{0,3}", 0..3)),
                4,
            ),
        ) {
            const OPS: [&str; 8] = ["", "+", "#", ".", "/", ";", "?", "&"];
            const NAMES: [&str; 4] = ["a", "b", "c", "d.e"];
            let spec = |k: usize| {
                let (name, modifier, n) = specs[k];
                varspec(NAMES[name], modifier, n)
            };
            let text = format!(
                "{}{{{}{}}}{}{{{}{},{}}}{}",
                lits[0], OPS[ops[0]], spec(0), lits[1], OPS[ops[1]], spec(1), spec(2), lits[2],
            );
            let mut vars = Vars::new();
            for (name, (kind, members)) in NAMES.iter().zip(&values) {
                let value = match kind {
                    0 => Value::from(members.first().cloned().unwrap_or_default()),
                    1 => Value::List(members.clone()),
                    _ => Value::Assoc(members.iter().map(|m| (m.clone(), m.to_uppercase())).collect()),
                };
                vars.insert(*name, value);
            }
            let Ok(t) = Template::parse(&text) else {
                return Ok(());
            };
            let mut by_parts = String::new();
            let parts = t.expand_into(&vars, false, &mut by_parts).map(|()| by_parts);
            match (t.expand(&vars), parts) {
                (Ok(uri), Ok(text)) => prop_assert_eq!(uri.as_str(), text),
                (Err(e), Ok(text)) => {
                    prop_assert_eq!(e.kind(), ExpandErrorKind::NotAReference, "{}", text);
                }
                (Err(e), Err(f)) => prop_assert_eq!(e, f),
                (Ok(uri), Err(f)) => prop_assert!(false, "{} expanded to {} but {:?}", text, uri, f),
            }
        }
    }
}
