//! Matching a URI against a template's automaton: one left-to-right pass
//! over the URI, the set of reachable states advanced byte by byte (no
//! backtracking), each state keeping the cheapest paths that reach it and
//! how many (up to two) tie.
//!
//! A path's cost is what the preferences of the crate docs rank, in order:
//! composite values, associative arrays, pairs read by associative
//! arrays, empty strings; fewer is better, compared left to right. Two
//! cheapest paths to the end are two assignments the preferences cannot
//! choose between: the match is ambiguous.
//!
//! Inside a prefix variable (`:n`) a path also carries how many characters
//! it has read. Paths at one state then read the same bytes from there on,
//! so their counts grow alike and the one with the larger count dies
//! first: a state keeps, for each cost, the two paths with the smallest
//! counts, and drops a path when a cheaper one has no larger count. Time is
//! the URI's length times the automaton's size (linear in the template),
//! whatever the input.

use alloc::collections::BinaryHeap;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Reverse;

use crate::error::{MatchError, MatchErrorKind};
use crate::nfa::{Act, Nfa, On, Tag};

/// An event of a path's capture log, shared by the paths that took it.
struct Node {
    tag: Tag,
    var: u32,
    pos: usize,
    prev: Option<Rc<Node>>,
}

impl Drop for Node {
    /// Drops a long log without recursion (a list of a million members is
    /// a log of two million events).
    fn drop(&mut self) {
        let mut next = self.prev.take();
        while let Some(rc) = next {
            match Rc::try_unwrap(rc) {
                Ok(mut node) => next = node.prev.take(),
                Err(_) => break,
            }
        }
    }
}

/// A path's cost: see the module docs.
type Cost = [u32; 4];

/// The cheapest paths to a state with equal cost and count, as one.
#[derive(Clone)]
struct Thread {
    cost: Cost,
    /// Paths this stands for, at most 2.
    paths: u8,
    /// Characters read by the prefix variable the path is in.
    chars: u16,
    log: Option<Rc<Node>>,
}

fn add(a: Cost, b: Cost) -> Cost {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]]
}

/// Adds `t` to the threads of a state; returns whether it was kept.
fn insert(list: &mut Vec<Thread>, t: Thread) -> bool {
    for u in list.iter_mut() {
        if u.cost == t.cost && u.chars == t.chars {
            u.paths = (u.paths + t.paths).min(2);
            return true;
        }
    }
    let dominates = |u: &Thread, t: &Thread| {
        (u.cost < t.cost && u.chars <= t.chars)
            || (u.cost == t.cost && u.chars < t.chars && u.paths >= 2)
    };
    if list.iter().any(|u| dominates(u, &t)) {
        return false;
    }
    list.retain(|u| !dominates(&t, u));
    list.push(t);
    // For one cost, the two smallest counts are enough to count to two.
    let cost = list[list.len() - 1].cost;
    if list.iter().filter(|u| u.cost == cost).count() > 2 {
        let worst = list
            .iter()
            .enumerate()
            .filter(|(_, u)| u.cost == cost)
            .max_by_key(|(_, u)| u.chars)
            .map(|(i, _)| i);
        if let Some(i) = worst {
            list.swap_remove(i);
        }
    }
    true
}

fn hex(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        _ => b.wrapping_sub(b'A').wrapping_add(10),
    }
}

/// `t` after taking an edge with `act` at `pos` (reading `input[pos]` for
/// a consuming edge); `None` if a prefix variable read too much.
fn apply(act: Act, t: &Thread, input: &[u8], pos: usize) -> Option<Thread> {
    let mut t = t.clone();
    match act {
        Act::None => {}
        Act::Event(tag, var) => {
            t.cost = add(t.cost, tag.cost());
            t.chars = 0;
            t.log = Some(Rc::new(Node {
                tag,
                var,
                pos,
                prev: t.log.take(),
            }));
        }
        Act::Count(limit) => {
            if input[pos] & 0xC0 != 0x80 {
                t.chars += 1;
            }
            if t.chars > limit {
                return None;
            }
        }
        Act::CountTriplet(limit, ur) => {
            let byte = hex(input[pos - 1]) << 4 | hex(input[pos]);
            if ur && crate::operator::SET_UR.keeps(byte) {
                // Kept by `U+R`: the value holds the three characters.
                t.chars += 3;
            } else if byte & 0xC0 != 0x80 {
                t.chars += 1;
            }
            if t.chars > limit {
                return None;
            }
        }
    }
    Some(t)
}

/// One event of the chosen path.
pub(crate) struct Event {
    pub(crate) tag: Tag,
    pub(crate) var: u32,
    pub(crate) pos: usize,
}

/// Runs `nfa` over `input`: the events of the one cheapest path that
/// spells it, in order.
pub(crate) fn run(nfa: &Nfa, input: &str) -> Result<Vec<Event>, MatchError> {
    let input = input.as_bytes();
    let n = nfa.states.len();
    let mut cur: Vec<Vec<Thread>> = (0..n).map(|_| Vec::new()).collect();
    let mut next: Vec<Vec<Thread>> = (0..n).map(|_| Vec::new()).collect();
    let mut queued = alloc::vec![false; n];
    let mut heap: BinaryHeap<Reverse<u32>> = BinaryHeap::new();
    let mut live: Vec<u32> = Vec::new();
    let mut arrived: Vec<u32> = alloc::vec![0];
    let mut spare: Vec<Thread> = Vec::new();
    cur[0].push(Thread {
        cost: [0; 4],
        paths: 1,
        chars: 0,
        log: None,
    });
    let mut pos = 0;
    loop {
        // The closure, in increasing state order: epsilon edges go forward.
        for &s in &arrived {
            if !queued[s as usize] {
                queued[s as usize] = true;
                heap.push(Reverse(s));
            }
        }
        arrived.clear();
        live.clear();
        while let Some(Reverse(s)) = heap.pop() {
            let si = s as usize;
            queued[si] = false;
            // The state's threads, swapped out into the spare list (its
            // capacity kept from one state and one byte to the next).
            let mut threads = core::mem::take(&mut spare);
            core::mem::swap(&mut threads, &mut cur[si]);
            let mut consumes = s == nfa.accept;
            for edge in &nfa.states[si] {
                if edge.on != On::Eps {
                    consumes = true;
                    continue;
                }
                let to = edge.to as usize;
                for t in &threads {
                    if let Some(t) = apply(edge.act, t, input, pos) {
                        insert(&mut cur[to], t);
                    }
                }
                if !cur[to].is_empty() && !queued[to] {
                    queued[to] = true;
                    heap.push(Reverse(edge.to));
                }
            }
            if consumes && !threads.is_empty() {
                core::mem::swap(&mut threads, &mut cur[si]);
                live.push(s);
            }
            threads.clear();
            spare = threads;
        }
        if pos == input.len() {
            break;
        }
        let byte = input[pos];
        for &s in &live {
            let si = s as usize;
            for edge in &nfa.states[si] {
                if !edge.on.accepts(byte) {
                    continue;
                }
                let to = edge.to as usize;
                for t in &cur[si] {
                    if let Some(t) = apply(edge.act, t, input, pos) {
                        if next[to].is_empty() {
                            arrived.push(edge.to);
                        }
                        insert(&mut next[to], t);
                    }
                }
            }
            cur[si].clear();
        }
        core::mem::swap(&mut cur, &mut next);
        if arrived.is_empty() {
            return Err(MatchError::new(MatchErrorKind::NoMatch, pos));
        }
        pos += 1;
    }
    let accepted = &cur[nfa.accept as usize];
    let Some(best) = accepted.iter().min_by_key(|t| t.cost) else {
        return Err(MatchError::new(MatchErrorKind::NoMatch, input.len()));
    };
    let ties: u32 = accepted
        .iter()
        .filter(|t| t.cost == best.cost)
        .map(|t| u32::from(t.paths))
        .sum();
    if ties > 1 {
        return Err(MatchError::new(MatchErrorKind::Ambiguous, input.len()));
    }
    let mut events = Vec::new();
    let mut node = best.log.as_deref();
    while let Some(e) = node {
        events.push(Event {
            tag: e.tag,
            var: e.var,
            pos: e.pos,
        });
        node = e.prev.as_deref();
    }
    events.reverse();
    Ok(events)
}

/// A value's text as the value: under `U` every triplet decoded (the
/// encoder wrote them all); under `U+R` only the triplets of bytes the
/// operator would have encoded, the others kept as written. `None` if the
/// decoded bytes are not UTF-8 (no string expands to them).
pub(crate) fn decode(text: &str, ur: bool) -> Option<String> {
    if !text.contains('%') {
        return Some(String::from(text));
    }
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            let byte = hex(b[i + 1]) << 4 | hex(b[i + 2]);
            if ur && crate::operator::SET_UR.keeps(byte) {
                out.extend_from_slice(&b[i..i + 3]);
            } else {
                out.push(byte);
            }
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    match String::from_utf8(out) {
        Ok(s) => Some(s),
        Err(_) if ur => Some(String::from(text)),
        Err(_) => None,
    }
}
