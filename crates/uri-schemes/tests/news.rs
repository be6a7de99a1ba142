//! news and nntp (RFC 5538): the records of `tests/vectors/news.json`
//! (every example of RFC 5538, RFC 3986's and RFC 1738's, and the
//! faults), and properties of the normal form.

use crate::vector_check;

use proptest::prelude::*;
use serde_json::{Value, json};
use uri_core::Uri;
use uri_schemes::{Fields, Kind, Registry};

/// The fields of a news or nntp report as the vector files write them.
fn fields(fields: &Fields) -> Option<Value> {
    let Fields::News(news) = fields else {
        return None;
    };
    Some(json!({
        "nntp": news.is_nntp(),
        "server": news.server(),
        "port": news.port(),
        "newsgroups": news.newsgroups(),
        "message_id": news.message_id(),
        "article_number": news.article_number(),
    }))
}

#[test]
fn vectors() {
    vector_check::run(include_str!("vectors/news.json"), fields, 45);
}

#[test]
fn news_names_and_nntp_locates() {
    assert_eq!(vector_check::facts("news"), (Kind::Name, Some(119)));
    assert_eq!(vector_check::facts("nntp"), (Kind::Locator, Some(119)));
}

#[test]
fn long_input_is_linear() {
    let group = vec!["a"; 200_000].join(".");
    let wildmat = vec!["a.*"; 100_000].join(",!");
    let registry = Registry::standard();
    for text in [
        format!("news:{group}"),
        format!("news:{wildmat}"),
        format!("nntp://h/{group}/1"),
        format!("news:{group}@{group}"),
    ] {
        let report = registry.check(Uri::parse(&text).unwrap());
        assert!(report.is_valid(), "{:?}", report.violations());
    }
}

/// A newsgroup name, percent-encoded where the URI needs it.
fn group() -> impl Strategy<Value = String> {
    prop::collection::vec("[a-zA-Z0-9+_-]{1,6}(%2F[a-z]{1,2})?", 1..4).prop_map(|c| c.join("."))
}

/// A wildmat of a news URI.
fn wildmat() -> impl Strategy<Value = String> {
    let pattern = (group(), "(|\\*|\\.\\*|%3F)").prop_map(|(g, w)| format!("{g}{w}"));
    prop::collection::vec(("(|!)", pattern), 1..3).prop_map(|patterns| {
        patterns
            .into_iter()
            .enumerate()
            .map(|(n, (bang, p))| if n == 0 { p } else { format!("{bang}{p}") })
            .collect::<Vec<_>>()
            .join(",")
    })
}

/// A message-id without `<` and `>`.
fn message_id() -> impl Strategy<Value = String> {
    (
        "[a-zA-Z0-9.$]{1,10}",
        "([a-z]{1,6}\\.){0,2}[a-z]{1,4}|%5B10\\.20\\.30\\.108%5D",
    )
        .prop_map(|(left, right)| format!("{left}@{right}"))
}

/// A server: `//`, a host and maybe a port.
fn server() -> impl Strategy<Value = String> {
    (
        "[a-zA-Z][a-zA-Z0-9-]{0,6}(\\.[a-zA-Z]{1,4}){0,2}|192\\.0\\.2\\.1|\\[::1\\]",
        "(|:|:119|:0119|:563)",
    )
        .prop_map(|(host, port)| format!("//{host}{port}"))
}

/// A valid news or nntp URI.
fn news_uri() -> impl Strategy<Value = String> {
    prop_oneof![
        (
            "[nN][eE][wW][sS]",
            prop::option::of(server()),
            prop_oneof![wildmat(), message_id()]
        )
            .prop_map(|(scheme, server, rest)| match server {
                Some(server) => format!("{scheme}:{server}/{rest}"),
                None => format!("{scheme}:{rest}"),
            }),
        (
            "[nN][nN][tT][pP]",
            server(),
            group(),
            prop::option::of(1..=9_999_999_999_999_999u64)
        )
            .prop_map(|(scheme, server, group, number)| match number {
                Some(n) => format!("{scheme}:{server}/{group}/{n}"),
                None => format!("{scheme}:{server}/{group}"),
            }),
    ]
}

proptest! {
    #[test]
    fn valid_uris_normalize_to_a_valid_fixed_point(text in news_uri()) {
        vector_check::valid_fixed_point(&text, |f| matches!(f, Fields::News(_)))?;
    }

    #[test]
    fn any_news_uri_normalizes_idempotently(
        text in "([nN][eE][wW][sS]|[nN][nN][tT][pP]):(//[a-z.:0-9]{0,6})?[a-zA-Z0-9/@*?,!.%<>-]{0,20}",
    ) {
        vector_check::normalizes_idempotently(&text)?;
    }
}
