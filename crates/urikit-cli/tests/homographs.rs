//! Nothing deceptive reaches a screen (issue 33): `explain` and
//! `to-iri --display` over every host name of the workspace's
//! `tests/vectors/homographs.json`, given in Unicode and as `xn--`. A
//! look-alike (mixed scripts, a whole-script confusable) is shown in its
//! `xn--` form with a `warning:` naming why; a plain Unicode name
//! (`bücher.de`, `пример.рф`, `例え.jp`) is shown in Unicode with none.

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::urikit;
use serde_json::Value;

/// A record of `homographs.json`.
struct Name {
    name: String,
    unicode: String,
    ascii: String,
    display: String,
    warnings: Vec<String>,
}

fn names() -> Vec<Name> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/vectors/homographs.json"
    );
    let text =
        std::fs::read_to_string(path).expect("the workspace's tests/vectors/homographs.json");
    let values: Vec<Value> = serde_json::from_str(&text).unwrap();
    values
        .iter()
        .map(|v| Name {
            name: v["name"].as_str().unwrap().to_owned(),
            unicode: v["unicode"].as_str().unwrap().to_owned(),
            ascii: v["ascii"].as_str().unwrap().to_owned(),
            display: v["display"].as_str().unwrap().to_owned(),
            warnings: v["warnings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w.as_str().unwrap().to_owned())
                .collect(),
        })
        .collect()
}

#[test]
fn explain_shows_look_alikes_as_xn_and_warns() {
    let names = names();
    let look_alikes = names.iter().filter(|n| n.display == n.ascii).count();
    assert!(look_alikes >= 20, "{look_alikes} look-alike names");
    for n in &names {
        for given in [&n.unicode, &n.ascii] {
            let input = format!("http://{given}/");
            let run = urikit(&["explain", &input], b"");
            assert_eq!(run.code, 0, "{}: {}", n.name, run.stderr);
            let host_row = run
                .stdout
                .lines()
                .find(|l| l.starts_with("host "))
                .unwrap_or_default();
            assert!(
                host_row.contains(&n.display),
                "{}: explain {input} shows {host_row:?}, not {:?}",
                n.name,
                n.display
            );
            if n.display == n.ascii && n.unicode != n.ascii {
                // Nowhere in the drawing or the table.
                assert!(
                    !run.stdout.contains(&n.unicode),
                    "{}: explain {input} shows the look-alike:\n{}",
                    n.name,
                    run.stdout
                );
            }
            let warned = run
                .stderr
                .lines()
                .filter(|l| l.starts_with("warning: "))
                .count();
            if n.warnings.is_empty() {
                assert_eq!(warned, 0, "{}: {}", n.name, run.stderr);
            } else {
                assert!(warned >= 1, "{}: explain {input} gives no warning", n.name);
            }
        }
    }
}

#[test]
fn to_iri_display_keeps_look_alikes_xn() {
    for n in names() {
        let input = format!("http://{}/", n.ascii);
        let run = urikit(&["to-iri", "--display", &input], b"");
        assert_eq!(run.stdout, format!("http://{}/\n", n.display), "{}", n.name);
        let run = urikit(&["to-iri", "--idna", "--display", "--json", &input], b"");
        let line: Value = serde_json::from_str(run.stdout.trim()).unwrap();
        assert_eq!(line["iri"], format!("http://{}/", n.display), "{}", n.name);
        let kinds: Vec<&str> = line["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["kind"].as_str().unwrap())
            .collect();
        for kind in &n.warnings {
            assert!(kinds.contains(&kind.as_str()), "{}: {kinds:?}", n.name);
        }
        if n.warnings.is_empty() {
            assert!(kinds.is_empty(), "{}: {kinds:?}", n.name);
        }
        // The faithful mapping is unchanged, and warns all the same.
        let run = urikit(&["to-iri", "--idna", &input], b"");
        assert_eq!(run.stdout, format!("http://{}/\n", n.unicode), "{}", n.name);
        assert_eq!(
            run.stderr.lines().any(|l| l.starts_with("warning: ")),
            !n.warnings.is_empty(),
            "{}: {}",
            n.name,
            run.stderr
        );
    }
}
