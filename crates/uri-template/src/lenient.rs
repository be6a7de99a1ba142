//! Lenient matching of a template's trailing query expressions: the
//! query read as `name=value` pairs, in any order, extra pairs ignored
//! when asked.

use alloc::string::String;
use alloc::vec::Vec;

use crate::captures::Captures;
use crate::error::{MatchError, MatchErrorKind};
use crate::matching::decode;
use crate::nfa::{Occurrence, compile};
use crate::options::MatchOptions;
use crate::parse::Part;
use crate::template::Template;
use crate::vars::Value;

/// Matches `uri`: the parts of `template` before `split` exactly (up to
/// the URI's first `?`), the query expressions after it as pairs.
pub(crate) fn match_query(
    template: &Template,
    split: usize,
    uri: &str,
    options: &MatchOptions,
) -> Result<Captures, MatchError> {
    let text = template.as_str();
    let parts = template.parts();
    let head = compile(text, &parts[..split], options.no_case);
    let (head_uri, query) = match uri.find('?') {
        Some(q) => (&uri[..q], Some((q + 1, &uri[q + 1..]))),
        None => (uri, None),
    };
    let mut values = Template::read_values(&head, head_uri)?;
    let mut occurrences = head.occurrences.clone();
    let no_match = |at| MatchError::new(MatchErrorKind::NoMatch, at);
    // The pairs: (name as written, value as written, claimed).
    let mut pairs: Vec<(&str, &str, bool)> = Vec::new();
    let start = query.map_or(uri.len(), |(s, _)| s);
    if let Some((_, q)) = query {
        for piece in q.split('&') {
            if piece.is_empty() {
                if options.extra {
                    continue;
                }
                return Err(no_match(start));
            }
            let (k, v) = piece.split_once('=').unwrap_or((piece, ""));
            pairs.push((k, v, false));
        }
    }
    let mut explode_slots = Vec::new();
    for part in &parts[split..] {
        let Part::Expr(e) = part else { continue };
        for spec in &e.vars {
            let name = &text[spec.name.clone()];
            let index = occurrences.len();
            occurrences.push(Occurrence {
                name: spec.name.clone(),
                op: e.op,
                prefix: spec.prefix,
            });
            let mut own = Vec::new();
            for p in pairs.iter_mut().filter(|p| p.0 == name && !p.2) {
                p.2 = true;
                own.push(p.1);
            }
            let value = if spec.explode {
                if own.is_empty() {
                    explode_slots.push(index);
                    None
                } else {
                    let list: Option<Vec<String>> = own.iter().map(|v| decode(v, false)).collect();
                    Some(Value::List(list.ok_or_else(|| no_match(start))?))
                }
            } else {
                match own.as_slice() {
                    [] => None,
                    [v, ..] if own.len() == 1 || options.extra => {
                        Some(read_one(v, spec.prefix).ok_or_else(|| no_match(start))?)
                    }
                    _ => return Err(no_match(start)),
                }
            };
            values.push(value);
        }
    }
    let unclaimed: Vec<(&str, &str)> = pairs.iter().filter(|p| !p.2).map(|p| (p.0, p.1)).collect();
    if !unclaimed.is_empty() {
        match explode_slots.first() {
            Some(&slot) => {
                let mut assoc = Vec::new();
                for (k, v) in unclaimed {
                    let k = decode(k, false).ok_or_else(|| no_match(start))?;
                    let v = decode(v, false).ok_or_else(|| no_match(start))?;
                    assoc.push((k, v));
                }
                values[slot] = Some(Value::Assoc(assoc));
            }
            None if options.extra => {}
            None => return Err(no_match(start)),
        }
    }
    template.gather(&occurrences, values, uri.len())
}

/// A non-exploded parameter's value: a list when it holds a `,` (a string
/// would have it encoded), else a string of at most `prefix` characters.
fn read_one(v: &str, prefix: Option<u16>) -> Option<Value> {
    if v.contains(',') && prefix.is_none() {
        let list: Option<Vec<String>> = v.split(',').map(|m| decode(m, false)).collect();
        return list.map(Value::List);
    }
    let s = decode(v, false)?;
    if prefix.is_some_and(|n| s.chars().count() > usize::from(n)) {
        return None;
    }
    Some(Value::String(s))
}
