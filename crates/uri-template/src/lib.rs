//! URI Templates (RFC 6570), all four levels: parse a template once, expand
//! it into a valid URI (or IRI) reference, and match URIs against it — the
//! exact inverse of expansion, in linear time, ambiguity reported — alone
//! or many at once with a router.
//!
//! # Should I use this crate?
//!
//! Most readers want [`urikit`](https://docs.rs/urikit), which re-exports
//! this crate as `urikit::template` (feature `template`). Take
//! `uri-template` alone when templates are all you need, in `no_std` too.
//!
//! # Terminology
//!
//! - A **template** ([`Template`]) is literal text and **expressions** in
//!   braces: `/users/{id}{?fields*}` (RFC 6570 §2).
//! - An expression has an **operator** ([`Operator`], §2.2) and
//!   **varspecs**: a variable name (§2.3) with a **prefix** modifier `:n`
//!   (the first n characters) or an **explode** modifier `*` (one item
//!   per member, §2.4).
//! - A variable's **value** ([`Value`]) is a string, a list, or an
//!   associative array of (name, value) pairs; [`Vars`] holds them by
//!   name. An empty list or associative array is **undefined**, as is a
//!   name without value; an empty string is defined (§2.3).
//! - **Expansion** ([`Template::expand`], §3) replaces each expression by
//!   its values, percent-encoded; **matching** ([`Template::match_uri`])
//!   goes back, giving the values as [`Captures`].
//!
//! # Examples
//!
//! ```
//! use uri_template::{Template, Value, Vars};
//!
//! let t = Template::parse("https://api.example.com/repos/{owner}/{repo}/issues{?labels,state}")?;
//! let vars = Vars::new()
//!     .with("owner", "rust-lang")
//!     .with("repo", "rust")
//!     .with("labels", ["A-docs", "E-easy"])
//!     .with("state", "open");
//! let uri = t.expand(&vars)?;
//! assert_eq!(uri, "https://api.example.com/repos/rust-lang/rust/issues?labels=A-docs,E-easy&state=open");
//!
//! let c = t.match_uri(uri.as_str()).unwrap();
//! assert_eq!(c.get("labels"), Some(&Value::from(["A-docs", "E-easy"])));
//! assert_eq!(c.into_vars(), vars);
//!
//! let err = Template::parse("/a/{b c}").unwrap_err();
//! println!("{}", err.caret("/a/{b c}"));
//! // error: invalid variable name (letters, digits, `_`, triplets, inner dots) at byte 5
//! //   /a/{b\x20c}
//! //        ^
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A router picks the most specific template:
//!
//! ```
//! use uri_template::{Template, TemplateSet};
//!
//! let routes = TemplateSet::new(
//!     ["/users/{id}", "/users/me", "/users/{id}/repos{?page}"]
//!         .into_iter()
//!         .map(|t| Template::parse(t).unwrap()),
//! )?;
//! let (route, captures) = routes.match_uri("/users/42/repos?page=2").unwrap();
//! assert_eq!(route, 2);
//! assert_eq!(captures.get("page").and_then(|v| v.as_str()), Some("2"));
//! # Ok::<(), uri_template::ConflictError>(())
//! ```
//!
//! # Expansion
//!
//! Expansion follows RFC 6570 §3 and Appendix A for every operator:
//! values are encoded with `uri-encode`'s sets (`U`: everything but
//! `unreserved` as triplets; `U+R` for `+` and `#`: reserved characters
//! and existing triplets kept), non-ASCII characters as the triplets of
//! their UTF-8 bytes ([`Template::expand`]) or as themselves in an IRI
//! ([`Template::expand_iri`], §1.6). The result is parsed before it is
//! returned: a [`UriReferenceBuf`](uri_core::UriReferenceBuf) is always
//! valid, and an expansion that is not a reference (`{x}:` with `x = "1"`)
//! is an error. A prefix modifier on a list or an associative array is an
//! error (§2.4.1 says it does not apply).
//!
//! # Matching rules
//!
//! By default a URI matches when some assignment of the variables expands
//! to it character for character: the URI is not normalized first
//! (`%2f` is not `%2F`), query parameters come in the template's order,
//! and an extra parameter is no match. [`MatchOptions`] turns on
//! leniency (case-insensitive triplets, parameters in any order, extra
//! parameters ignored).
//!
//! Where several assignments expand to the URI, these preferences pick
//! one, in this order (each a count, fewer is better; the first that
//! differs decides):
//!
//! 1. fewer composite values (lists and associative arrays): a variable
//!    without `*` reads a string, not a one-member list, and `{x,y}`
//!    reads `a,b` as two strings, not one list;
//! 2. fewer associative arrays: a list rather than an associative array
//!    (without `*`, `k1,v1,k2,v2` is a list of four; `{?x*}` reads
//!    `x=1&x=2` as a list);
//! 3. fewer pairs read by associative arrays: a pair that a named
//!    variable can take is that variable's (`{?id,keys*}` reads
//!    `?id=1&k=2` as `id = "1"`, `keys = {k: 2}`);
//! 4. fewer empty strings: an undefined variable beats an empty one
//!    (`{x}` reads the empty URI as `x` undefined).
//!
//! When the preferences still leave two assignments, the match is
//! ambiguous: [`Template::match_uri`] gives `None` and
//! [`Template::match_with`] [`MatchErrorKind::Ambiguous`], never a guess.
//! Typical ambiguities: two adjacent expressions with no literal between
//! them whose values may hold each other's first character (`{x}{y}`,
//! `{+path}{?q}`); an unnamed expression (``, `+`, `#`, `.`, `/`) with
//! several variables of which only some are defined, since which ones is
//! not written (`{/a,b}` on `/x`); several variables under `+` or `#`,
//! whose values may hold the `,` between them (`{+a,b}` on `x,y`); a `.`
//! label operator whose values may hold dots (`{.a,b}` on `.x.y`).
//!
//! How each operator reads, and what does not come back exactly:
//!
//! - `{x}` (simple), `{/x}`, `{.x}`: a value's text is `unreserved`
//!   characters and triplets, every triplet decoded; so a `,`, `/` or `.`
//!   that the operator writes between values ends a value (but `.` is
//!   also unreserved: see above). Exact inverse for strings and lists.
//! - `{+x}`, `{#x}`: values keep reserved characters, so a `,` may belong
//!   to a value: without `*` a list reads back as one string (`a,b`).
//!   Triplets of bytes the operator would have encoded are decoded
//!   (`%20` is a space), the others kept as written (`%2F` stays `%2F`):
//!   a value that held `%20` reads back as a space.
//! - `{;x}`, `{?x}`, `{&x}`: `name=value` with the name as written in the
//!   template; `;x` and `x=` are the empty string. Exact inverse for
//!   strings and lists.
//! - `*` on any operator: the variable reads a list or an associative
//!   array, never a string (a string and a one-member list expand
//!   alike). An exploded associative array under `?`, `&` or `;` writes
//!   its own keys as names, which preference 3 tells from the other
//!   variables; one under ``, `+`, `#`, `/`, `.` writes `key=value`,
//!   read back when `=` is encoded (`U` operators) and otherwise as a
//!   list (preference 2).
//! - Without `*`, an associative array reads back as a list of its keys
//!   and values (preference 2): not invertible.
//! - `:n` (prefix): the variable reads at most n characters, the prefix
//!   the URI holds; the rest of the original value is not in the URI.
//! - A variable that appears twice is read at each place and must read
//!   alike (a prefix occurrence the prefix of the other); the preferences
//!   are applied before this check, so a URI whose preferred reading
//!   disagrees does not match even if a less preferred one would agree.
//! - A value whose triplets are not UTF-8 is no string: no match.
//! - Non-ASCII characters in the URI are read as an IRI expansion would
//!   have written them (raw `ucschar`s in values; in literals, raw or as
//!   triplets).
//!
//! # Guarantees
//!
//! Matching is one pass over the URI with the set of reachable states of
//! an automaton compiled from the template (no backtracking): time is
//! linear in the URI's length times the template's size, memory linear in
//! the template plus the captures, whatever the template or the input.
//!
//! Most templates of levels 1 and 2 (and many others) do not need the
//! automaton: when each expression is followed by something its expansion
//! cannot hold (`/users/{id}/posts`, `{page}{#section}`, a `{+path}` or
//! `{?page,size}` at the end), the text each expression reads is forced,
//! and one deterministic scan reads it, with the same answer (the
//! preferences above pick the same values). It applies to varspecs
//! without modifier, one per unnamed operator (``, `+`, `#`, `.`, `/`) or
//! any number, each name once, under `;`, `?`, `&`, one exploded varspec
//! under `` or `/`, ASCII literals and exact matching; everything else
//! runs the automaton. [`Template::match_with`] runs the automaton too
//! when the scan finds no match, to say where matching fails.
//! Parsing and expansion are linear. Nothing panics on any input.
//!
//! # Crate features
//!
//! - `std` (default): `std::error::Error` through `core::error`, and
//!   [`Vars`] from a `HashMap`. The crate is `no_std` with `alloc`
//!   without it.
//! - `serde`: [`Vars::from_serialize`] reads any `Serialize` value (a
//!   struct, a map, a `serde_json::Value`); [`Value`], [`Vars`] and
//!   [`Captures`] serialize as JSON-like data (a string, an array for a
//!   list, an object for an associative array).
//!
//! # Spec notes
//!
//! Our readings of RFC 6570 are in the workspace's `docs/spec-notes.md`:
//! a prefix on a composite value is an error; variable names are compared
//! as written (`Some%20Thing` is its own name); a literal may hold `'`,
//! which the ABNF of §2.1 leaves out but the RFC's examples write.

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
// No panic path in library code (issue 20): an invariant that must hold is a
// `debug_assert!` plus a documented fallible or neutral path. Tests may unwrap.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod captures;
mod error;
mod expand;
mod fast;
mod lenient;
mod matching;
mod nfa;
mod operator;
mod options;
mod parse;
mod router;
#[cfg(feature = "serde")]
mod serde_impls;
mod template;
mod vars;

pub use captures::Captures;
pub use error::{
    ExpandError, ExpandErrorKind, MatchError, MatchErrorKind, TemplateError, TemplateErrorKind,
};
pub use operator::Operator;
pub use options::MatchOptions;
pub use router::{ConflictError, TemplateSet};
#[cfg(feature = "serde")]
pub use serde_impls::VarsError;
pub use template::Template;
pub use vars::{Value, Vars};

/// The README's examples, run as doc tests so it cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
