//! Parsing a template (RFC 6570 §2): literals and expressions, operators,
//! varspecs with their modifiers.

use alloc::vec::Vec;
use core::ops::Range;

use uri_core::grammar::{ALPHA, DIGIT};
use uri_core::spec::{is_iprivate, is_ucschar};
use uri_encode::triplet_at;

use crate::error::{TemplateError, TemplateErrorKind as K};
use crate::operator::Operator;

/// One part of a parsed template: literal text, or an expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Part {
    /// Literal text (§2.1), a range of the template.
    Literal(Range<usize>),
    /// An expression (§2.2).
    Expr(Expr),
}

/// An expression: its operator and its varspecs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Expr {
    /// Where the `{` is.
    pub(crate) start: usize,
    /// The operator (§2.2); [`Operator::Simple`] when there is none.
    pub(crate) op: Operator,
    /// The varspecs, at least one.
    pub(crate) vars: Vec<VarSpec>,
}

/// A varspec (§2.3, §2.4): a name and its modifier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct VarSpec {
    /// The name, a range of the template.
    pub(crate) name: Range<usize>,
    /// The prefix length of `:n` (§2.4.1).
    pub(crate) prefix: Option<u16>,
    /// Whether the explode modifier `*` is given (§2.4.2).
    pub(crate) explode: bool,
}

/// Whether byte `b` may stand as itself in a literal (§2.1), ASCII only.
/// The ABNF leaves out `'` (%x27), which the RFC's own examples
/// (`'{var}'`, §3.2.1) write: we allow it (docs/spec-notes.md).
const fn is_literal_ascii(b: u8) -> bool {
    matches!(b, 0x21 | 0x23..=0x24 | 0x26..=0x3B | 0x3D | 0x3F..=0x5B | 0x5D | 0x5F | 0x61..=0x7A | 0x7E)
}

/// Parses `template` into its parts.
pub(crate) fn parse(template: &str) -> Result<Vec<Part>, TemplateError> {
    let s = template.as_bytes();
    let mut parts = Vec::new();
    let mut i = 0;
    let mut literal_start = 0;
    while i < s.len() {
        let b = s[i];
        if b == b'{' {
            if literal_start < i {
                parts.push(Part::Literal(literal_start..i));
            }
            let (expr, end) = expression(s, i)?;
            parts.push(Part::Expr(expr));
            i = end;
            literal_start = i;
        } else if b == b'%' {
            if triplet_at(s, i).is_none() {
                return Err(TemplateError::new(K::InvalidPercentEncoding, i));
            }
            i += 3;
        } else if b < 0x80 {
            if !is_literal_ascii(b) {
                return Err(TemplateError::new(K::InvalidLiteralChar, i));
            }
            i += 1;
        } else {
            let c = template[i..].chars().next().unwrap_or('\u{0}');
            if !(is_ucschar(c) || is_iprivate(c)) {
                return Err(TemplateError::new(K::InvalidLiteralChar, i));
            }
            i += c.len_utf8();
        }
    }
    if literal_start < s.len() {
        parts.push(Part::Literal(literal_start..s.len()));
    }
    Ok(parts)
}

/// Parses the expression whose `{` is at `start`; returns it and the index
/// after its `}`.
fn expression(s: &[u8], start: usize) -> Result<(Expr, usize), TemplateError> {
    let mut i = start + 1;
    let op = match s.get(i) {
        None => return Err(TemplateError::new(K::UnclosedExpression, start)),
        Some(&b) => match Operator::from_byte(b) {
            Some(op) => {
                i += 1;
                op
            }
            None if matches!(b, b'=' | b',' | b'!' | b'@' | b'|') => {
                return Err(TemplateError::new(K::ReservedOperator, i));
            }
            None => Operator::Simple,
        },
    };
    let mut vars = Vec::new();
    loop {
        let name_start = i;
        // varname = varchar *( ["."] varchar )
        let mut after_dot = true;
        while let Some(&b) = s.get(i) {
            if ALPHA.contains(b) || DIGIT.contains(b) || b == b'_' {
                i += 1;
            } else if b == b'%' {
                if triplet_at(s, i).is_none() {
                    return Err(TemplateError::new(K::InvalidPercentEncoding, i));
                }
                i += 3;
            } else if b == b'.' && !after_dot {
                i += 1;
                after_dot = true;
                continue;
            } else {
                break;
            }
            after_dot = false;
        }
        if i == name_start || after_dot {
            return Err(match s.get(i) {
                None => TemplateError::new(K::UnclosedExpression, start),
                Some(b'}') if vars.is_empty() && i == name_start && i == start + 1 => {
                    TemplateError::new(K::EmptyExpression, i)
                }
                Some(b'{') => TemplateError::new(K::NestedBrace, i),
                Some(_) => TemplateError::new(K::InvalidVarName, i),
            });
        }
        let name = name_start..i;
        let mut prefix = None;
        let mut explode = false;
        match s.get(i) {
            Some(b':') => {
                i += 1;
                let digits = i;
                let mut n: u32 = 0;
                while let Some(&b) = s.get(i).filter(|b| b.is_ascii_digit()) {
                    if i == digits && b == b'0' {
                        return Err(TemplateError::new(K::InvalidPrefix, i));
                    }
                    if i - digits == 4 {
                        return Err(TemplateError::new(K::InvalidPrefix, i));
                    }
                    n = n * 10 + u32::from(b - b'0');
                    i += 1;
                }
                if i == digits {
                    return Err(match s.get(i) {
                        None => TemplateError::new(K::UnclosedExpression, start),
                        Some(_) => TemplateError::new(K::InvalidPrefix, i),
                    });
                }
                prefix = u16::try_from(n).ok();
            }
            Some(b'*') => {
                i += 1;
                explode = true;
            }
            _ => {}
        }
        vars.push(VarSpec {
            name,
            prefix,
            explode,
        });
        match s.get(i) {
            Some(b',') => i += 1,
            Some(b'}') => {
                return Ok((Expr { start, op, vars }, i + 1));
            }
            None => return Err(TemplateError::new(K::UnclosedExpression, start)),
            Some(b'{') => return Err(TemplateError::new(K::NestedBrace, i)),
            // Right after a name: a character the name may not hold.
            Some(_) if prefix.is_none() && !explode => {
                return Err(TemplateError::new(K::InvalidVarName, i));
            }
            Some(_) => return Err(TemplateError::new(K::UnexpectedChar, i)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn error(template: &str, kind: K, index: usize) {
        assert_eq!(
            parse(template),
            Err(TemplateError::new(kind, index)),
            "template: {template}"
        );
    }

    #[test]
    fn literal_bytes_match_the_abnf() {
        let listed = |b: u8| {
            b == 0x21
                || (0x23..=0x24).contains(&b)
                || b == 0x26
                || b == 0x27 // the RFC's examples, not its ABNF
                || (0x28..=0x3B).contains(&b)
                || b == 0x3D
                || (0x3F..=0x5B).contains(&b)
                || b == 0x5D
                || b == 0x5F
                || (0x61..=0x7A).contains(&b)
                || b == 0x7E
        };
        for b in 0..=255u8 {
            assert_eq!(is_literal_ascii(b), listed(b), "{b:#x}");
        }
    }

    #[test]
    fn errors() {
        error("{", K::UnclosedExpression, 0);
        error("a{b", K::UnclosedExpression, 1);
        error("{}", K::EmptyExpression, 1);
        error("{!a}", K::ReservedOperator, 1);
        error("{a b}", K::InvalidVarName, 2);
        error("{a.}", K::InvalidVarName, 3);
        error("{a..b}", K::InvalidVarName, 3);
        error("{.a:0}", K::InvalidPrefix, 4);
        error("{a:10000}", K::InvalidPrefix, 7);
        error("{a:}", K::InvalidPrefix, 3);
        error("{a:1*}", K::UnexpectedChar, 4);
        error("{a{b}", K::NestedBrace, 2);
        error("a}", K::InvalidLiteralChar, 1);
        error("a%2", K::InvalidPercentEncoding, 1);
        error("{%2x}", K::InvalidPercentEncoding, 1);
        error("a\u{80}", K::InvalidLiteralChar, 1);
    }

    #[test]
    fn parts() {
        let p = parse("a{+b,c:3,d*}é").unwrap();
        assert_eq!(p.len(), 3);
        assert_eq!(p[0], Part::Literal(0..1));
        let Part::Expr(e) = &p[1] else { panic!() };
        assert_eq!(e.op, Operator::Reserved);
        assert_eq!(e.vars[1].prefix, Some(3));
        assert!(e.vars[2].explode);
        assert_eq!(p[2], Part::Literal(12..14));
    }
}
