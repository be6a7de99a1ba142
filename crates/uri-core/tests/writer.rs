//! `RiWriter` against the parser: references written part by part, in any
//! order of calls, come out with the components the parser finds in the
//! same text (every `finish` re-parses in debug builds, as these tests are
//! built, and panics on a difference), and getters never panic.

use proptest::prelude::*;
use uri_core::{IriSpec, RiWriter, Spec, UriReference, UriSpec};

/// One call on the writer, with text valid for the component it goes to.
#[derive(Debug, Clone)]
enum Op {
    Scheme(String),
    StartAuthority,
    EndUserinfo,
    EndHost,
    Push(String),
    Truncate(usize),
    StartQuery,
    StartFragment,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        "[a-z][a-z0-9+.-]{0,5}".prop_map(Op::Scheme),
        Just(Op::StartAuthority),
        Just(Op::EndUserinfo),
        Just(Op::EndHost),
        // Text valid in every component: unreserved, `%41`, and `/` (path,
        // query, fragment) or not (userinfo, host); non-ASCII for IRIs.
        "([a-zA-Z0-9._~-]|%41|/|:|é){0,6}".prop_map(Op::Push),
        (0usize..20).prop_map(Op::Truncate),
        Just(Op::StartQuery),
        Just(Op::StartFragment),
    ]
}

/// Runs `ops` on a writer and finishes it; text that is not valid where it
/// lands (a `/` in a host, `:` in a userinfo before `@`…) is skipped, as
/// the writer's contract requires.
fn write<S: Spec>(ops: &[Op]) -> String {
    let mut w = RiWriter::<S>::new();
    let mut in_authority = false;
    for op in ops {
        match op {
            Op::Scheme(s) => w.scheme(s),
            Op::StartAuthority => {
                let before = w.len();
                w.start_authority();
                in_authority |= w.len() > before;
            }
            Op::EndUserinfo => w.end_userinfo(),
            Op::EndHost => {
                w.end_host();
                in_authority = false;
            }
            Op::Push(text) => {
                let ascii_only = S::ASCII_ONLY && !text.is_ascii();
                if in_authority && (text.contains('/') || text.contains(':')) || ascii_only {
                    continue;
                }
                if !in_authority && w.as_str().contains("//") && !w.as_str().contains('?') {
                    // After an authority, a path piece must begin with `/`
                    // (or be a port, which `:` and digits would be).
                    if !text.starts_with('/') {
                        continue;
                    }
                }
                w.push_str(text);
            }
            Op::Truncate(n) => {
                // As `remove_dot_segments` does: back to a `/`, never
                // inside a triplet.
                let text = w.as_str();
                let upto = (*n).min(text.len());
                if let Some(k) = text.get(..upto).and_then(|t| t.rfind('/')) {
                    w.truncate(k);
                }
            }
            Op::StartQuery => {
                if !in_authority {
                    w.start_query();
                }
            }
            Op::StartFragment => {
                if !in_authority {
                    w.start_fragment();
                }
            }
        }
    }
    let r = w.finish();
    // Every getter works on the result.
    let _ = (
        r.scheme(),
        r.authority(),
        r.path(),
        r.query(),
        r.fragment(),
        r.host(),
    );
    r.as_str().to_string()
}

proptest! {
    #[test]
    fn written_references_parse_back(ops in prop::collection::vec(op(), 0..12)) {
        let text = write::<IriSpec>(&ops);
        prop_assert!(uri_core::IriReference::parse(&text).is_ok(), "{text}");
        let text = write::<UriSpec>(&ops);
        prop_assert!(UriReference::parse(&text).is_ok(), "{text}");
    }
}

#[test]
fn paths_that_would_not_read_back_are_mended() {
    let mut w = RiWriter::<UriSpec>::new();
    w.push_str("//x");
    assert_eq!(w.finish(), "/.//x");
    let mut w = RiWriter::<UriSpec>::new();
    w.scheme("s");
    w.push_str("//x");
    assert_eq!(w.finish().path(), "/.//x");
    let mut w = RiWriter::<UriSpec>::new();
    w.push_str("a:b/c");
    let r = w.finish();
    assert_eq!((r.scheme(), r.path()), (None, "./a:b/c"));
}
