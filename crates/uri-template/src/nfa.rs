//! A template compiled to a nondeterministic automaton over bytes, whose
//! paths are the assignments of its variables: what matching runs.
//!
//! Each accepting path spells one expansion and says, by the events on its
//! edges, which variable is read as what and where its text starts and
//! ends. Two paths that spell the same URI are two assignments that expand
//! to it. Epsilon edges always go from a state to a later one, so a
//! closure visits states in increasing order (see `matching.rs`).

use alloc::vec::Vec;

use uri_core::grammar::{CharClass, HEXDIG, RESERVED, UNRESERVED};

use crate::operator::Operator;
use crate::parse::{Expr, Part, VarSpec};

/// The classes of bytes an edge may consume.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// A value's bytes under `U`: unreserved, and any non-ASCII byte
    /// (an IRI expansion's `ucschar`).
    ValueU,
    /// A value's bytes under `U+R`: unreserved, reserved, non-ASCII.
    ValueUr,
    /// Upper-case hexadecimal digits (what the encoder writes).
    HexUpper,
    /// Hexadecimal digits of either case.
    HexAny,
}

const NON_ASCII: CharClass = CharClass::range(0x80, 0xFF);
const VALUE_U: CharClass = UNRESERVED.union(NON_ASCII);
const VALUE_UR: CharClass = UNRESERVED.union(RESERVED).union(NON_ASCII);
const HEX_UPPER: CharClass = HEXDIG
    .without(b'a')
    .without(b'b')
    .without(b'c')
    .without(b'd')
    .without(b'e')
    .without(b'f');

impl Class {
    pub(crate) fn contains(self, b: u8) -> bool {
        match self {
            Class::ValueU => VALUE_U.contains(b),
            Class::ValueUr => VALUE_UR.contains(b),
            Class::HexUpper => HEX_UPPER.contains(b),
            Class::HexAny => HEXDIG.contains(b),
        }
    }
}

/// What an edge reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum On {
    /// Nothing: an epsilon edge, always to a later state.
    Eps,
    /// This byte.
    Byte(u8),
    /// This byte, or the other case of it (a hex digit, leniently).
    ByteNoCase(u8),
    /// Any byte of the class.
    Class(Class),
}

impl On {
    pub(crate) fn accepts(self, b: u8) -> bool {
        match self {
            On::Eps => false,
            On::Byte(x) => x == b,
            On::ByteNoCase(x) => x.eq_ignore_ascii_case(&b),
            On::Class(c) => c.contains(b),
        }
    }
}

/// What a path records or counts when it takes an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Act {
    /// Nothing.
    None,
    /// An event of the capture log.
    Event(Tag, u32),
    /// A prefix variable's character: one more, unless `byte` continues
    /// a UTF-8 sequence; the path dies past the limit.
    Count(u16),
    /// A prefix variable's triplet, ending at this byte; `true` for `U+R`,
    /// where a triplet of a byte the operator keeps is three characters.
    CountTriplet(u16, bool),
}

/// Events of the capture log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tag {
    /// Variable `var` reads a non-empty string (its text follows).
    Str,
    /// Variable `var` reads the empty string.
    EmptyStr,
    /// Variable `var` reads a list (members follow).
    List,
    /// Variable `var` reads an associative array (pairs follow).
    Assoc,
    /// A text (a string, a member, a pair's value) starts here.
    Start,
    /// A pair's name starts here.
    KeyStart,
    /// The text started last ends here.
    End,
}

impl Tag {
    /// What the event adds to a path's cost (see `matching::Cost`):
    /// composite values, associative arrays, their pairs, empty strings.
    pub(crate) const fn cost(self) -> [u32; 4] {
        match self {
            Tag::List => [1, 0, 0, 0],
            Tag::Assoc => [1, 1, 0, 0],
            Tag::KeyStart => [0, 0, 1, 0],
            Tag::EmptyStr => [0, 0, 0, 1],
            Tag::Str | Tag::Start | Tag::End => [0; 4],
        }
    }
}

/// An edge.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Edge {
    pub(crate) on: On,
    pub(crate) to: u32,
    pub(crate) act: Act,
}

/// One occurrence of a variable in the template.
#[derive(Debug, Clone)]
pub(crate) struct Occurrence {
    /// The name, a range of the template.
    pub(crate) name: core::ops::Range<usize>,
    /// The operator of its expression.
    pub(crate) op: Operator,
    /// Its prefix length.
    pub(crate) prefix: Option<u16>,
}

/// The automaton.
#[derive(Debug, Clone)]
pub(crate) struct Nfa {
    /// Each state's edges.
    pub(crate) states: Vec<Vec<Edge>>,
    /// The accepting state (the start is state 0).
    pub(crate) accept: u32,
    /// The variables' occurrences, by the index events name.
    pub(crate) occurrences: Vec<Occurrence>,
}

/// Builds an automaton.
struct Builder<'t> {
    template: &'t str,
    states: Vec<Vec<Edge>>,
    occurrences: Vec<Occurrence>,
    /// Hex digits of triplets: upper case only, or either.
    hex: Class,
    /// Hex digits written in the template: exactly, or either case.
    no_case: bool,
}

impl Builder<'_> {
    fn state(&mut self) -> u32 {
        self.states.push(Vec::new());
        (self.states.len() - 1) as u32
    }

    fn edge(&mut self, from: u32, on: On, to: u32, act: Act) {
        debug_assert!(on != On::Eps || to > from, "epsilon edges go forward");
        self.states[from as usize].push(Edge { on, to, act });
    }

    /// An epsilon edge from `from` to a new state; returns it.
    fn eps(&mut self, from: u32, act: Act) -> u32 {
        let to = self.state();
        self.edge(from, On::Eps, to, act);
        to
    }

    /// Reads `bytes` from `from`; returns the state after them.
    fn bytes(&mut self, from: u32, bytes: &[u8]) -> u32 {
        let mut s = from;
        for &b in bytes {
            let t = self.state();
            self.edge(s, On::Byte(b), t, Act::None);
            s = t;
        }
        s
    }

    /// A value's text from `from`: `U` or `U+R` bytes and triplets, at
    /// least one when `nonempty`, counted against `prefix`. Returns the
    /// state after it.
    fn text(&mut self, from: u32, op: Operator, prefix: Option<u16>, nonempty: bool) -> u32 {
        let ur = op.allows_reserved();
        let class = if ur { Class::ValueUr } else { Class::ValueU };
        let hex = if ur { Class::HexAny } else { self.hex };
        let (count, triplet) = match prefix {
            Some(n) => (Act::Count(n), Act::CountTriplet(n, ur)),
            None => (Act::None, Act::None),
        };
        let looped = self.state();
        let p1 = self.state();
        let p2 = self.state();
        let exit = self.state();
        for s in [from, looped] {
            if s == from && !nonempty {
                continue;
            }
            self.edge(s, On::Class(class), looped, count);
            self.edge(s, On::Byte(b'%'), p1, Act::None);
        }
        if !nonempty {
            self.edge(from, On::Eps, looped, Act::None);
        }
        self.edge(p1, On::Class(hex), p2, Act::None);
        self.edge(p2, On::Class(hex), looped, triplet);
        self.edge(looped, On::Eps, exit, Act::None);
        exit
    }

    /// A text between `Start` (or `KeyStart`) and `End` events.
    fn captured_text(&mut self, from: u32, start: Tag, op: Operator, nonempty: bool) -> u32 {
        let s = self.eps(from, Act::Event(start, 0));
        let t = self.text(s, op, None, nonempty);
        self.eps(t, Act::Event(Tag::End, 0))
    }

    /// Joins `ends` in a new state.
    fn join(&mut self, ends: &[u32]) -> u32 {
        let j = self.state();
        for &e in ends {
            self.edge(e, On::Eps, j, Act::None);
        }
        j
    }

    /// A loop of items separated by `sep`: `item` builds one item from a
    /// state and returns its end. Returns the loop's exit.
    fn repeated(
        &mut self,
        from: u32,
        sep: &[u8],
        item: &mut dyn FnMut(&mut Self, u32) -> u32,
    ) -> u32 {
        let head = self.eps(from, Act::None);
        let end = item(self, head);
        // The separator leads back to the head: a consuming edge may go back.
        let mut s = end;
        for (i, &b) in sep.iter().enumerate() {
            let t = if i + 1 == sep.len() {
                head
            } else {
                self.state()
            };
            self.edge(s, On::Byte(b), t, Act::None);
            s = t;
        }
        self.eps(end, Act::None)
    }

    /// One defined variable's expansion, after `first` or `sep`.
    fn item(&mut self, from: u32, op: Operator, spec: &VarSpec, var: u32) -> u32 {
        let name = &self.template.as_bytes()[spec.name.clone()];
        let ev = |tag| Act::Event(tag, var);
        let mut ends = Vec::new();
        if !op.is_named() {
            if !spec.explode {
                // A string: non-empty, or empty.
                let s = self.eps(from, ev(Tag::Str));
                let s = self.eps(s, Act::Event(Tag::Start, 0));
                let s = self.text(s, op, spec.prefix, true);
                ends.push(self.eps(s, Act::Event(Tag::End, 0)));
                ends.push(self.eps(from, ev(Tag::EmptyStr)));
                if spec.prefix.is_none() {
                    // A list, members between commas.
                    let s = self.eps(from, ev(Tag::List));
                    ends.push(self.repeated(s, b",", &mut |b, h| {
                        b.captured_text(h, Tag::Start, op, false)
                    }));
                }
            } else {
                let sep = op.separator().as_bytes();
                let s = self.eps(from, ev(Tag::List));
                ends.push(self.repeated(s, sep, &mut |b, h| {
                    b.captured_text(h, Tag::Start, op, false)
                }));
                let s = self.eps(from, ev(Tag::Assoc));
                ends.push(self.repeated(s, sep, &mut |b, h| {
                    let k = b.captured_text(h, Tag::KeyStart, op, false);
                    let k = b.bytes(k, b"=");
                    b.captured_text(k, Tag::Start, op, false)
                }));
            }
        } else if !spec.explode {
            let n = self.bytes(from, name);
            // name=value
            let s = self.bytes(n, b"=");
            let s = self.eps(s, ev(Tag::Str));
            let s = self.eps(s, Act::Event(Tag::Start, 0));
            let s = self.text(s, op, spec.prefix, true);
            ends.push(self.eps(s, Act::Event(Tag::End, 0)));
            // name, then ifemp
            let s = self.bytes(n, op.if_empty().as_bytes());
            let s = if s == n { self.eps(n, Act::None) } else { s };
            ends.push(self.eps(s, ev(Tag::EmptyStr)));
            if spec.prefix.is_none() {
                let s = self.bytes(n, b"=");
                let s = self.eps(s, ev(Tag::List));
                ends.push(self.repeated(s, b",", &mut |b, h| {
                    b.captured_text(h, Tag::Start, op, false)
                }));
            }
        } else {
            let sep = op.separator().as_bytes();
            // The value of a pair or a member: `=value`, or ifemp.
            let value = |b: &mut Self, k: u32| {
                let v = b.bytes(k, b"=");
                let full = b.captured_text(v, Tag::Start, op, true);
                let e = b.bytes(k, op.if_empty().as_bytes());
                let e = if e == k { b.eps(k, Act::None) } else { e };
                let e = b.eps(e, Act::Event(Tag::Start, 0));
                let e = b.eps(e, Act::Event(Tag::End, 0));
                b.join(&[full, e])
            };
            let s = self.eps(from, ev(Tag::List));
            ends.push(self.repeated(s, sep, &mut |b, h| {
                let k = b.bytes(h, name);
                value(b, k)
            }));
            let s = self.eps(from, ev(Tag::Assoc));
            ends.push(self.repeated(s, sep, &mut |b, h| {
                let k = b.captured_text(h, Tag::KeyStart, op, false);
                value(b, k)
            }));
        }
        self.join(&ends)
    }

    /// An expression from `from`; returns the state after it.
    fn expr(&mut self, from: u32, expr: &Expr) -> u32 {
        let op = expr.op;
        let mut before = from; // nothing written yet
        let mut after = self.state(); // something written; unreachable yet
        for spec in &expr.vars {
            let var = self.occurrences.len() as u32;
            self.occurrences.push(Occurrence {
                name: spec.name.clone(),
                op,
                prefix: spec.prefix,
            });
            let item = self.state();
            let first = op.first().as_bytes();
            if first.is_empty() {
                self.edge(before, On::Eps, item, Act::None);
            } else {
                let s = self.bytes(before, &first[..first.len() - 1]);
                self.edge(s, On::Byte(first[first.len() - 1]), item, Act::None);
            }
            let sep = op.separator().as_bytes();
            let s = self.bytes(after, &sep[..sep.len() - 1]);
            self.edge(s, On::Byte(sep[sep.len() - 1]), item, Act::None);
            let end = self.item(item, op, spec, var);
            let next_before = self.state();
            let next_after = self.state();
            self.edge(before, On::Eps, next_before, Act::None);
            self.edge(after, On::Eps, next_after, Act::None);
            self.edge(end, On::Eps, next_after, Act::None);
            before = next_before;
            after = next_after;
        }
        self.join(&[before, after])
    }

    /// A literal from `from`: its ASCII bytes and triplets as they are;
    /// a non-ASCII character as itself (an IRI) or as the triplets of its
    /// UTF-8 bytes (a URI).
    fn literal(&mut self, from: u32, text: &str) -> u32 {
        let b = text.as_bytes();
        let mut s = from;
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'%' && self.no_case {
                let t = self.bytes(s, b"%");
                let u = self.state();
                self.edge(t, On::ByteNoCase(b[i + 1]), u, Act::None);
                s = self.state();
                self.edge(u, On::ByteNoCase(b[i + 2]), s, Act::None);
                i += 3;
            } else if b[i] < 0x80 {
                s = self.bytes(s, &b[i..=i]);
                i += 1;
            } else {
                let len = text[i..].chars().next().map_or(1, char::len_utf8);
                let raw = self.eps(s, Act::None);
                let raw = self.bytes(raw, &b[i..i + len]);
                let enc = self.eps(s, Act::None);
                let mut e = enc;
                for &byte in &b[i..i + len] {
                    let hex = b"0123456789ABCDEF";
                    let triplet = [
                        b'%',
                        hex[usize::from(byte >> 4)],
                        hex[usize::from(byte & 15)],
                    ];
                    if self.no_case {
                        e = self.bytes(e, b"%");
                        for &h in &triplet[1..] {
                            let t = self.state();
                            self.edge(e, On::ByteNoCase(h), t, Act::None);
                            e = t;
                        }
                    } else {
                        e = self.bytes(e, &triplet);
                    }
                }
                s = self.join(&[raw, e]);
                i += len;
            }
        }
        s
    }
}

/// Compiles the template `parts` of `template`; `no_case` reads triplets
/// of either case.
pub(crate) fn compile(template: &str, parts: &[Part], no_case: bool) -> Nfa {
    let mut b = Builder {
        template,
        states: Vec::new(),
        occurrences: Vec::new(),
        hex: if no_case {
            Class::HexAny
        } else {
            Class::HexUpper
        },
        no_case,
    };
    let mut s = b.state();
    for part in parts {
        s = match part {
            Part::Literal(r) => b.literal(s, &template[r.clone()]),
            Part::Expr(e) => b.expr(s, e),
        };
    }
    Nfa {
        states: b.states,
        accept: s,
        occurrences: b.occurrences,
    }
}
