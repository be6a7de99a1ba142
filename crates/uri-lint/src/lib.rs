//! Where two parsers would read one URL differently, and the other traps
//! of a URL, found before it is trusted.
//!
//! # Should I use this crate?
//!
//! Use it before a URL you were given is checked and fetched: an SSRF
//! filter, an allow-list of hosts, an open-redirect check, a crawler's
//! queue. Server-side request forgery and allow-list bypasses come from a
//! URL checked with one parser and fetched with another (Orange Tsai, "A
//! New Era of SSRF", Black Hat USA 2017; Claroty Team82 and Snyk,
//! "Exploiting URL Parsing Confusion", 2022). urikit reads RFC 3986
//! strictly; browsers, Node's `fetch` and Rust's `url` crate (and so
//! `reqwest`) read the WHATWG URL Standard, which repairs what RFC 3986
//! refuses and reads `http://127.1/` as 127.0.0.1. This crate reads each
//! input both ways and says where they part. Most readers reach it
//! through the `urikit` facade (`urikit::lint`, feature `lint`).
//!
//! # Terminology
//!
//! - A **reading** ([`Reading`]) is what one parser makes of a string:
//!   scheme, user, whether there is a password, host (after IDNA and
//!   case), port (after the scheme's default) and path (normalized), or
//!   its refusal. [`Readings`] holds urikit's (RFC 3986, or RFC 3987 with
//!   IDNA for an IRI) and WHATWG's (`url`).
//! - A **divergence** is a finding of [`Group::Divergence`]: the readings
//!   differ in where a request goes, or one accepts what the other
//!   refuses. Each names its class ([`Kind::Backslash`],
//!   [`Kind::NumericIpv4`], [`Kind::Userinfo`], …), the byte that causes
//!   it and both readings, in data and in words.
//! - The **other lints** ([`Group::Lint`], [`Group::Scheme`]): length, a
//!   password, a host that is no DNS name or could pass for another, a
//!   zone identifier, a relative reference, syntax, and every rule of the
//!   scheme that `uri-schemes` checks.
//! - The **pre-scan** ([`Lint::needs_whatwg`]) decides from urikit's
//!   parse whether WHATWG could read the input otherwise, and the **fast
//!   path** ([`Lint::proves_clean`]) finds a clean URL clean: a plain
//!   `http`, `https` or `file` URL from its bytes alone, without a parse,
//!   and any other with one parse, the pre-scan and the scheme's rules.
//!
//! # Examples
//!
//! ```
//! use uri_lint::{Kind, Lint, Severity};
//!
//! let lint = Lint::new();
//! // CVE-2026-46526: a backslash before the `@`.
//! let findings = lint.check("http://internal\\@public/");
//! let kinds: Vec<_> = findings.iter().map(|f| f.name()).collect();
//! assert_eq!(kinds, ["Backslash", "Userinfo"]);
//! let f = &findings[0];
//! assert_eq!(f.index(), 15);
//! assert_eq!(
//!     f.message(),
//!     "WHATWG reads `\\` as `/` in a special URL; RFC 3986 allows no `\\`: \
//!      RFC 3986: refused, character not allowed in userinfo at byte 15; \
//!      WHATWG: scheme `http`, host `internal`, path `/@public/`",
//! );
//!
//! // What RFC 3986 reads as a name, WHATWG as an address.
//! let f = &lint.check("http://2130706433/")[0];
//! assert_eq!(f.kind(), Kind::NumericIpv4);
//! assert_eq!(f.readings().unwrap().whatwg().host().unwrap().to_string(), "127.0.0.1");
//!
//! // A clean URL: nothing.
//! assert!(lint.check("https://example.com/a?b#c").is_empty());
//!
//! // `--deny warning`: fail on a warning or worse.
//! let deny = Severity::Warning;
//! assert!(lint.check("ftp://me:pw@example.com/").iter().any(|f| f.severity() >= deny));
//! ```
//!
//! For programs: [`to_json_line`] writes one finding per line, and
//! [`sarif::to_sarif`] a SARIF 2.1.0 log; both redact the input.
//!
//! # Crate features
//!
//! - `std` (default): `std` in the urikit crates below. The crate needs
//!   `std` either way, for `url`.
//!
//! # Why `url`
//!
//! The WHATWG reading is the `url` crate's: it implements the WHATWG URL
//! Standard, is what `reqwest` and most Rust HTTP clients parse with, is
//! tested against the web-platform-tests' `urltestdata.json`, and shares
//! `idna` (UTS #46) with `uri-iri`, so both readings map hosts with one
//! implementation. A divergence found here is one the programs that
//! fetch would act on.
//!
//! # Spec notes
//!
//! - A relative reference is read against [`Lint::with_base`]'s base, or
//!   [`DEFAULT_BASE`], by both readings (RFC 3986 §5.2; WHATWG URL §4.4
//!   with a base).
//! - Hosts are compared after IDNA (UTS #46, for special schemes) and
//!   ASCII lower-casing, not after percent-decoding: RFC 3986 reads
//!   `%31%32%37.0.0.1` as a registered name, WHATWG as 127.0.0.1, and that
//!   is a divergence. Paths are compared after RFC 3986 §6.2.2
//!   normalization of both. `localhost` in a file URI is no host (RFC
//!   8089 §2), as WHATWG has it.
//! - Query and fragment are not compared: they do not decide where a
//!   request goes.
//!
//! # Guarantees
//!
//! [`Lint::check`] never panics, reads each input a bounded number of
//! times (the quick proof's scan, urikit's parse, `url`'s, IDNA), so time
//! and memory are linear, and every finding's index lies in the input, on
//! a character boundary.

#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod finding;
mod kind;
mod lint;
mod output;
mod quick;
mod reading;
pub mod sarif;
mod shape;
mod text;

pub use finding::{Finding, Readings};
pub use kind::{Group, Kind, Severity, UnknownName};
pub use lint::{DEFAULT_BASE, Lint, MAX_LENGTH};
pub use output::{Located, to_json, to_json_line};
pub use reading::{HostReading, Reading, Refusal};

/// The README's examples, run as doc tests so it cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
