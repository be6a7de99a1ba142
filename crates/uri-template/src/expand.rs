//! Expansion (RFC 6570 §3, the algorithm of Appendix A) and partial
//! expansion.

use alloc::string::String;

use uri_core::spec::{is_bidi_formatting, is_ucschar};
use uri_encode::{EncodeSet, encode_bytes_into, encode_into};

use crate::error::{ExpandError, ExpandErrorKind};
use crate::operator::{Operator, SET_UR};
use crate::parse::{Expr, Part, VarSpec};
use crate::vars::{Value, Vars};

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
        out.push_str(if first { op.first() } else { op.separator() });
        first = false;
        expand_var(op, spec, name, value, iri, out)?;
    }
    Ok(())
}

/// Appends one defined variable's expansion, after `first` or `sep`.
fn expand_var(
    op: Operator,
    spec: &VarSpec,
    name: &str,
    value: &Value,
    iri: bool,
    out: &mut String,
) -> Result<(), ExpandError> {
    let set = op.set();
    let enc = |s: &str, out: &mut String| encode_text(s, &set, iri, out);
    if spec.prefix.is_some() && value.is_composite() {
        return Err(ExpandError::new(
            ExpandErrorKind::PrefixOfComposite,
            spec.name.start,
        ));
    }
    match value {
        Value::String(s) => {
            if op.is_named() {
                out.push_str(name);
                if s.is_empty() {
                    out.push_str(op.if_empty());
                    return Ok(());
                }
                out.push('=');
            }
            enc(prefix(s, spec.prefix), out);
        }
        Value::List(list) if !spec.explode => {
            if op.is_named() {
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
            if op.is_named() {
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
            for (i, m) in list.iter().enumerate() {
                if i > 0 {
                    out.push_str(op.separator());
                }
                if op.is_named() {
                    out.push_str(name);
                    if m.is_empty() {
                        out.push_str(op.if_empty());
                        continue;
                    }
                    out.push('=');
                }
                enc(m, out);
            }
        }
        Value::Assoc(pairs) => {
            for (i, (k, v)) in pairs.iter().enumerate() {
                if i > 0 {
                    out.push_str(op.separator());
                }
                enc(k, out);
                if op.is_named() && v.is_empty() {
                    out.push_str(op.if_empty());
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
