//! The deterministic fast path of matching: for a template whose every
//! expression is delimited by what follows it, one forward scan with no
//! automaton.
//!
//! An expression's *alphabet* is every byte its expansion may hold (its
//! operator's `first` and separators, `=`, `,`, the names of a named
//! operator, the value bytes of `U` or `U+R`, `%`). The *first bytes* of
//! the parts after it are every byte their expansion may start with: a
//! literal's first byte; an expression's `first` (RFC 6570 Appendix A), or
//! its whole alphabet when its `first` is empty; and, since an expression
//! may be undefined and expand to nothing, the first bytes of what follows
//! it too. When the two sets are disjoint for every expression, the text an
//! expression reads is forced: the longest run of its alphabet from where
//! it starts (a shorter one would be followed by a byte of its alphabet,
//! which nothing after it starts with). Literals are compared as they are.
//!
//! One expression may be unforced (`{+base}` in `{+base}/items/{id}`,
//! whose alphabet holds the `/` after it), when every expression after it
//! is forced the other way: its alphabet and the *last bytes* of the steps
//! before it (a literal's last byte; an expression's alphabet, and what
//! precedes it) are disjoint. Then the steps after it are scanned backward
//! from the end of the URI, each expression's text the longest run of its
//! alphabet that ends where it ends, and the unforced expression reads what
//! is left between the two scans. Every text is still forced, so there is
//! one split of the URI at most.
//!
//! Inside its text, each supported kind of expression is read by the
//! preferences of the crate docs, as the automaton (`nfa.rs`,
//! `matching.rs`) reads it; with fixed texts the preferences choose for
//! each expression apart (a sum of costs is least when each term is), and
//! every kind below has one reading of least cost, so nothing read here is
//! ambiguous:
//!
//! - one varspec without modifier under ``, `+`, `#`, `.`, `/`
//!   (§3.2.2–§3.2.6): nothing is undefined; `first` alone is the empty
//!   string; otherwise a string, or under `U` a list when the text holds a
//!   `,`;
//! - one exploded varspec under `` or `/` (§2.4.2), whose separator no
//!   value holds: a list of the pieces between separators, or an
//!   associative array when the pieces are `key=value`;
//! - varspecs without modifier under `;`, `?`, `&` (§3.2.7–§3.2.9), each
//!   name once: `name=value` pieces in the template's order.
//!
//! Anything else (prefixes, several varspecs of an unnamed operator,
//! adjacent expressions that share bytes, non-ASCII literals, leniency)
//! goes to the automaton. The two are checked against each other by the
//! unit tests of this module.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use crate::matching::decode;
use crate::nfa::Class;
use crate::operator::Operator;
use crate::parse::{Expr, Part};
use crate::vars::Value;

/// A set of bytes, one bit each.
#[derive(Clone, Copy)]
struct Bytes([u64; 4]);

impl Bytes {
    const EMPTY: Bytes = Bytes([0; 4]);

    fn contains(&self, b: u8) -> bool {
        self.0[usize::from(b >> 6)] >> (b & 63) & 1 != 0
    }

    fn add(&mut self, b: u8) {
        self.0[usize::from(b >> 6)] |= 1 << (b & 63);
    }

    fn add_all(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(b);
        }
    }

    fn add_class(&mut self, class: Class) {
        for b in 0..=255u8 {
            if class.contains(b) {
                self.add(b);
            }
        }
    }

    fn union(&mut self, other: &Bytes) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a |= *b;
        }
    }

    fn meets(&self, other: &Bytes) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }
}

impl core::fmt::Debug for Bytes {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Bytes")
    }
}

/// How an expression's text is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// One varspec, no modifier, unnamed operator.
    Single,
    /// One exploded varspec under `` or `/`.
    Explode,
    /// Varspecs without modifier under `;`, `?`, `&`, distinct names.
    Named,
}

/// One step of the scan.
#[derive(Debug, Clone)]
enum Step {
    /// Literal bytes, a range of the template (ASCII).
    Literal(Range<usize>),
    /// An expression.
    Expr {
        kind: Kind,
        op: Operator,
        /// The bytes its expansion may hold.
        alphabet: Bytes,
        /// Its varspecs' names, ranges of the template.
        names: Vec<Range<usize>>,
    },
}

/// A template compiled for the fast path.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    steps: Vec<Step>,
    /// The one expression not forced by what follows it, if any: the
    /// steps before it are scanned forward from the start, the steps after
    /// it backward from the end (each forced by what precedes it), and it
    /// reads what is left between.
    split: Option<usize>,
    /// How many varspecs the template has.
    varspecs: usize,
    /// Every varspec of the template has its own name: each occurrence's
    /// value is the variable's value.
    distinct: bool,
}

/// What a scan read: when each varspec has its own name, the defined
/// variables and their values (`vars`), ready to be captures; otherwise
/// each varspec's value (`values`), for `Template::gather` to check.
pub(crate) struct Sink {
    pub(crate) values: Vec<Option<Value>>,
    pub(crate) vars: Vec<(String, Value)>,
    distinct: bool,
}

impl Sink {
    /// The next varspec, named `name`, reads `value`.
    fn put(&mut self, name: &str, value: Option<Value>) {
        if !self.distinct {
            self.values.push(value);
        } else if let Some(v) = value {
            self.vars.push((String::from(name), v));
        }
    }
}

/// The kind of `e`, if the fast path reads it.
fn kind(template: &str, e: &Expr) -> Option<Kind> {
    let plain = e.vars.iter().all(|v| v.prefix.is_none() && !v.explode);
    match e.op {
        Operator::Simple
        | Operator::Reserved
        | Operator::Fragment
        | Operator::Label
        | Operator::Path
            if e.vars.len() == 1 && plain =>
        {
            Some(Kind::Single)
        }
        Operator::Simple | Operator::Path
            if e.vars.len() == 1 && e.vars[0].explode && e.vars[0].prefix.is_none() =>
        {
            Some(Kind::Explode)
        }
        Operator::Query | Operator::QueryContinuation | Operator::PathParam if plain => {
            let names: Vec<&str> = e.vars.iter().map(|v| &template[v.name.clone()]).collect();
            let distinct = names
                .iter()
                .enumerate()
                .all(|(i, n)| !names[..i].contains(n));
            distinct.then_some(Kind::Named)
        }
        _ => None,
    }
}

/// The bytes an expansion of `e` may hold.
fn alphabet(template: &str, e: &Expr) -> Bytes {
    let mut set = Bytes::EMPTY;
    set.add_class(if e.op.allows_reserved() {
        Class::ValueUr
    } else {
        Class::ValueU
    });
    set.add_all(b"%,=");
    set.add_all(e.op.first().as_bytes());
    set.add_all(e.op.separator().as_bytes());
    for v in &e.vars {
        set.add_all(&template.as_bytes()[v.name.clone()]);
    }
    set
}

impl Plan {
    /// The plan of a template, if the fast path reads it.
    pub(crate) fn new(template: &str, parts: &[Part]) -> Option<Plan> {
        let mut steps = Vec::with_capacity(parts.len());
        for part in parts {
            steps.push(match part {
                Part::Literal(r) => {
                    if !template.as_bytes()[r.clone()].is_ascii() {
                        return None;
                    }
                    Step::Literal(r.clone())
                }
                Part::Expr(e) => Step::Expr {
                    kind: kind(template, e)?,
                    op: e.op,
                    alphabet: alphabet(template, e),
                    names: e.vars.iter().map(|v| v.name.clone()).collect(),
                },
            });
        }
        // Whether each expression is forced by what follows it: the first
        // bytes of the steps after each one, from the end.
        let mut forward = alloc::vec![true; steps.len()];
        let mut after = Bytes::EMPTY;
        for (i, step) in steps.iter().enumerate().rev() {
            match step {
                Step::Literal(r) => {
                    if !r.is_empty() {
                        after = Bytes::EMPTY;
                        after.add(template.as_bytes()[r.start]);
                    }
                }
                Step::Expr { op, alphabet, .. } => {
                    forward[i] = !alphabet.meets(&after);
                    match op.first().as_bytes().first() {
                        Some(&b) => after.add(b),
                        None => after.union(alphabet),
                    }
                }
            }
        }
        // The first expression that is not: every one after it must be
        // forced by what precedes it (the last bytes of the steps before).
        let split = forward.iter().position(|f| !f);
        if let Some(split) = split {
            let mut before = Bytes::EMPTY;
            for (i, step) in steps.iter().enumerate() {
                match step {
                    Step::Literal(r) => {
                        if let Some(&last) = template.as_bytes()[r.clone()].last() {
                            before = Bytes::EMPTY;
                            before.add(last);
                        }
                    }
                    Step::Expr { alphabet, .. } => {
                        if i > split && alphabet.meets(&before) {
                            return None;
                        }
                        before.union(alphabet);
                    }
                }
            }
        }
        let names: Vec<&str> = steps
            .iter()
            .flat_map(|s| match s {
                Step::Expr { names, .. } => names.as_slice(),
                Step::Literal(_) => &[],
            })
            .map(|r| &template[r.clone()])
            .collect();
        let distinct = names
            .iter()
            .enumerate()
            .all(|(i, n)| !names[..i].contains(n));
        Some(Plan {
            varspecs: names.len(),
            steps,
            split,
            distinct,
        })
    }

    /// The value of each varspec (in the template's order) that makes the
    /// template expand to `uri`, as the automaton would choose them, or
    /// `None` when there is none (or a value is not UTF-8).
    /// With `probe`, the texts are found first, with nothing decoded or
    /// allocated (most templates a router tries fail there), then read.
    pub(crate) fn run(&self, template: &str, uri: &str, probe: bool) -> Option<Sink> {
        if probe {
            self.texts(template, uri, &mut |_, _| Some(()))?;
        }
        let mut sink = Sink {
            values: Vec::new(),
            vars: Vec::new(),
            distinct: self.distinct,
        };
        if self.distinct {
            sink.vars.reserve(self.varspecs);
        } else {
            sink.values.reserve(self.varspecs);
        }
        self.texts(template, uri, &mut |step, text| {
            read_step(step, template, text, &mut sink)
        })?;
        Some(sink)
    }

    /// Finds each expression's text in `uri` and calls `visit` with them,
    /// in the template's order; `None` if the literals are not where they
    /// must be (or `visit` says `None`).
    fn texts<'u>(
        &self,
        template: &str,
        uri: &'u str,
        visit: &mut dyn FnMut(&Step, &'u str) -> Option<()>,
    ) -> Option<()> {
        let b = uri.as_bytes();
        let t = template.as_bytes();
        let (head, tail) = match self.split {
            Some(i) => (self.steps.get(..i)?, self.steps.get(i..)?),
            None => (self.steps.as_slice(), &[][..]),
        };
        let mut pos = 0;
        for step in head {
            match step {
                Step::Literal(r) => {
                    let lit = t.get(r.clone())?;
                    if !b.get(pos..)?.starts_with(lit) {
                        return None;
                    }
                    pos += lit.len();
                }
                Step::Expr { alphabet, .. } => {
                    let mut end = pos;
                    while end < b.len() && alphabet.contains(b[end]) {
                        end += 1;
                    }
                    visit(step, uri.get(pos..end)?)?;
                    pos = end;
                }
            }
        }
        let Some((middle, tail)) = tail.split_first() else {
            return (pos == b.len()).then_some(());
        };
        // The tail, from the end: where each expression's text starts and
        // ends, last first.
        let mut spans = Vec::new();
        let mut end = b.len();
        for step in tail.iter().rev() {
            match step {
                Step::Literal(r) => {
                    let lit = t.get(r.clone())?;
                    if end < pos + lit.len() || !b.get(..end)?.ends_with(lit) {
                        return None;
                    }
                    end -= lit.len();
                }
                Step::Expr { alphabet, .. } => {
                    let mut start = end;
                    while start > 0 && alphabet.contains(b[start - 1]) {
                        start -= 1;
                    }
                    if start < pos {
                        return None;
                    }
                    spans.push(start..end);
                    end = start;
                }
            }
        }
        visit(middle, uri.get(pos..end)?)?;
        let mut spans = spans.into_iter().rev();
        for step in tail {
            if let Step::Expr { .. } = step {
                visit(step, uri.get(spans.next()?)?)?;
            }
        }
        Some(())
    }
}

/// Reads the text of the expression `step` into `sink`.
fn read_step(step: &Step, template: &str, text: &str, sink: &mut Sink) -> Option<()> {
    let Step::Expr {
        kind, op, names, ..
    } = step
    else {
        return Some(());
    };
    let first = names.first().and_then(|r| template.get(r.clone()))?;
    match kind {
        Kind::Single => sink.put(first, single(*op, text)?),
        Kind::Explode => sink.put(first, exploded(*op, text)?),
        Kind::Named => named(*op, template, names, text, sink)?,
    }
    Some(())
}

/// Whether `text` is a value's text: the operator's value bytes and
/// triplets (upper-case hex digits under `U`, as the encoder writes them).
fn is_text(text: &str, ur: bool) -> bool {
    let (class, hex) = if ur {
        (Class::ValueUr, Class::HexAny)
    } else {
        (Class::ValueU, Class::HexUpper)
    };
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if !(b.get(i + 1).is_some_and(|&h| hex.contains(h))
                && b.get(i + 2).is_some_and(|&h| hex.contains(h)))
            {
                return false;
            }
            i += 3;
        } else if class.contains(b[i]) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// A value's text, checked and decoded.
fn read(text: &str, ur: bool) -> Option<String> {
    if is_text(text, ur) {
        decode(text, ur)
    } else {
        None
    }
}

/// A list of `U` texts between `sep`.
fn list(text: &str, sep: char) -> Option<Value> {
    let members: Option<Vec<String>> = text.split(sep).map(|m| read(m, false)).collect();
    members.map(Value::List)
}

/// One varspec without modifier under an unnamed operator.
fn single(op: Operator, text: &str) -> Option<Option<Value>> {
    if text.is_empty() {
        // Undefined beats an empty string and a list of one empty member.
        return Some(None);
    }
    let rest = text.strip_prefix(op.first())?;
    if rest.is_empty() {
        // `first` alone: an empty string beats a list of one empty member.
        return Some(Some(Value::String(String::new())));
    }
    let ur = op.allows_reserved();
    if !ur && rest.contains(',') {
        // A `,` is no `U` value's byte: members of a list.
        return Some(Some(list(rest, ',')?));
    }
    // A string beats a list of one member (and, under `U+R`, of several).
    Some(Some(Value::String(read(rest, ur)?)))
}

/// One exploded varspec under `` or `/`.
fn exploded(op: Operator, text: &str) -> Option<Option<Value>> {
    if text.is_empty() {
        return Some(None);
    }
    let rest = text.strip_prefix(op.first())?;
    let sep = if op == Operator::Path { '/' } else { ',' };
    if !rest.contains('=') {
        return Some(Some(list(rest, sep)?));
    }
    // No `U` value holds `=`: every piece is `key=value`.
    let mut pairs = Vec::new();
    for piece in rest.split(sep) {
        let (k, v) = piece.split_once('=')?;
        pairs.push((read(k, false)?, read(v, false)?));
    }
    Some(Some(Value::Assoc(pairs)))
}

/// Varspecs without modifier under `;`, `?`, `&`: puts each one's value.
fn named(
    op: Operator,
    template: &str,
    names: &[Range<usize>],
    text: &str,
    sink: &mut Sink,
) -> Option<()> {
    let name_of = |k: usize| names.get(k).and_then(|r| template.get(r.clone()));
    let mut next = 0;
    if !text.is_empty() {
        let rest = text.strip_prefix(op.first())?;
        let sep = if op == Operator::PathParam { ';' } else { '&' };
        for piece in rest.split(sep) {
            let (name, value) = match piece.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (piece, None),
            };
            let k = (next..names.len()).find(|&k| name_of(k) == Some(name))?;
            let value = match value {
                // `;name`: an empty string (`?name` is no expansion).
                None if op == Operator::PathParam => Value::String(String::new()),
                None => return None,
                // `;name=`: a list of one empty member, the only reading;
                // `?name=`: an empty string beats it.
                Some("") if op == Operator::PathParam => Value::List(alloc::vec![String::new()]),
                Some("") => Value::String(String::new()),
                Some(v) if v.contains(',') => list(v, ',')?,
                Some(v) => Value::String(read(v, false)?),
            };
            for j in next..k {
                sink.put(name_of(j)?, None);
            }
            sink.put(name, Some(value));
            next = k + 1;
        }
    }
    for j in next..names.len() {
        sink.put(name_of(j)?, None);
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::{String, ToString};
    use alloc::vec;

    use proptest::prelude::*;

    use crate::{MatchOptions, Template, Value, Vars};

    /// The fast path and the automaton give the same answer on `uri`.
    #[track_caller]
    fn same(t: &Template, uri: &str) {
        let nfa = t.match_nfa(uri);
        assert_eq!(t.match_uri(uri), nfa.clone().ok(), "{t} on {uri:?}");
        assert_eq!(
            t.match_with(uri, &MatchOptions::new()),
            nfa,
            "{t} on {uri:?}"
        );
    }

    #[track_caller]
    fn fast(template: &str) -> Template {
        let t = Template::parse(template).unwrap();
        assert!(t.has_fast_path(), "{template}");
        t
    }

    #[test]
    fn which_templates_take_the_fast_path() {
        for t in [
            "/users/{id}",
            "file:///{+path}",
            "/docs/{page}{#section}",
            "/api/v1/users{?page,per_page}",
            "/a/{id}/tree{/path*}",
            "{x*}",
            "/p{;a,b}",
            "/x{.ext}",
            "/{a}/{a}",
            "{+base}",
            "{+base}/items/{id}",
            "{x}a",
            "{+a}/x/{b}!{?q}",
        ] {
            fast(t);
        }
        for t in [
            "{x}{y}",
            "{+a}/{+b}",
            "{+a}{b}",
            "{x:3}",
            "{/a,b}",
            "{.x*}",
            "{?a,a}",
            "/é/{x}",
            "{x:3}/{+a}/{b}",
            "{+a}/x/{b}{?q}",
        ] {
            assert!(!Template::parse(t).unwrap().has_fast_path(), "{t}");
        }
    }

    #[test]
    fn readings_agree_with_the_automaton() {
        let cases: &[(&str, &[&str])] = &[
            (
                "/users/{id}",
                &[
                    "/users/",
                    "/users/7",
                    "/users/a,b",
                    "/users/,",
                    "/users/%C3%A9",
                    "/users/%c3",
                    "/users/%FF",
                    "/users/a/b",
                ],
            ),
            (
                "/d/{page}{#s}",
                &["/d/", "/d/#", "/d/a#b,c", "/d/a,#", "/d/#%2f", "/d/a#b#c"],
            ),
            (
                "/q{?a,b}",
                &[
                    "/q",
                    "/q?",
                    "/q?a",
                    "/q?a=",
                    "/q?b=1",
                    "/q?b=1&a=2",
                    "/q?a=1&b=",
                    "/q?a=1,2&b=x",
                    "/q?c=1",
                    "/q?a=1&&b=2",
                ],
            ),
            (
                "/p{;a,b}",
                &["/p", "/p;a", "/p;a=", "/p;a=1;b", "/p;b=,", "/p;a=x=y"],
            ),
            (
                "/t{/path*}",
                &[
                    "/t",
                    "/t/",
                    "/t/a/b",
                    "/t/a=1/b=2",
                    "/t/a=1/b",
                    "//t",
                    "/t/a//b",
                ],
            ),
            ("{x*}!", &["!", "a!", "a,b!", "a=1,b=2!", "=!", "a=!"]),
            ("{+base}", &["", "a,b", "http://x/y?z#w", "%2F%zz"]),
            ("/{a}/{a}", &["/1/1", "/1/2", "//", "/a,b/a,b"]),
            ("{#f}", &["", "#", "#a,b", "a"]),
            ("x{.e}", &["x", "x.", "x.a.b", "x.a,b"]),
            (
                "{+base}/items/{id}",
                &[
                    "/items/",
                    "a/items/1",
                    "a/items/b/items/c",
                    "/items/a/items/",
                    "a/item/1",
                    "/items",
                    "x,y/items/a,b",
                ],
            ),
            ("{x}a", &["a", "aa", "ba", "b", "", "a,a"]),
            (
                "{+a}/x/{b}!{?q}",
                &[
                    "/x/!",
                    "/x/1!?q=2",
                    "p/x/x/x/1!",
                    "/x/1!?q",
                    "/x!?q=1",
                    "!/x/!",
                ],
            ),
        ];
        for (template, uris) in cases {
            let t = fast(template);
            for uri in *uris {
                same(&t, uri);
            }
        }
    }

    fn template() -> impl Strategy<Value = String> {
        let literal = prop_oneof![
            Just("/"),
            Just("/a"),
            Just("!"),
            Just("-"),
            Just("."),
            Just(","),
            Just(";"),
            Just("="),
            Just("&"),
            Just("?"),
            Just("#"),
            Just("x"),
        ]
        .prop_map(|s| s.to_string());
        let op = prop_oneof![
            Just(""),
            Just("+"),
            Just("#"),
            Just("."),
            Just("/"),
            Just(";"),
            Just("?"),
            Just("&"),
        ];
        let var = (
            prop_oneof![Just("a"), Just("b"), Just("c")],
            prop_oneof![Just(""), Just("*"), Just(":2")],
        )
            .prop_map(|(n, m)| format!("{n}{m}"));
        let expr = (op, prop::collection::vec(var, 1..3))
            .prop_map(|(op, vars)| format!("{{{op}{}}}", vars.join(",")));
        prop::collection::vec(prop_oneof![literal, expr], 1..5).prop_map(|p| p.concat())
    }

    fn value() -> impl Strategy<Value = Option<Value>> {
        let text = || proptest::string::string_regex("[a-z,=/.;é%]{0,3}").unwrap();
        prop_oneof![
            Just(None),
            text().prop_map(|s| Some(Value::String(s))),
            prop::collection::vec(text(), 0..3).prop_map(|l| Some(Value::List(l))),
            prop::collection::vec((text(), text()), 0..3).prop_map(|a| Some(Value::Assoc(a))),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn the_fast_path_is_the_automaton(
            template in template(),
            values in prop::collection::vec(value(), 3),
            uri in "[a-z/?#&=,;.%2AF!é-]{0,10}",
        ) {
            let Ok(t) = Template::parse(&template) else { return Ok(()) };
            same(&t, &uri);
            let mut vars = Vars::new();
            for (name, v) in ["a", "b", "c"].iter().zip(values) {
                if let Some(v) = v {
                    vars.insert(*name, v);
                }
            }
            let mut out = String::new();
            if t.expand_into(&vars, false, &mut out).is_ok() {
                same(&t, &out);
                for cut in [1, 2] {
                    if let Some(s) = out.get(..out.len().saturating_sub(cut)) {
                        same(&t, s);
                    }
                }
                let mut more = out.clone();
                more.push('/');
                same(&t, &more);
            }
        }
    }
}
