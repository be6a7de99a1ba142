//! The IANA URI Schemes registry table (`uri_schemes::iana`) against its
//! data, `data/uri-schemes.csv`: every row present with its status,
//! reference and description, found in any case, and nothing else.

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;
use uri_schemes::Registry;
use uri_schemes::iana::{self, Status};

/// The registry's CSV, as committed.
const CSV: &str = include_str!("../data/uri-schemes.csv");

/// RFC 4180 records: `,` between fields, `"` quoting (doubled inside).
fn csv_records(text: &str) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, '\r') => {}
            (false, c) => field.push(c),
        }
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    records
}

/// The rows of the CSV, without its header.
fn rows() -> Vec<Vec<String>> {
    let mut records = csv_records(CSV);
    assert_eq!(
        records.remove(0),
        ["scheme", "status", "reference", "description"]
    );
    records
}

fn status(word: &str) -> Status {
    match word {
        "Permanent" => Status::Permanent,
        "Provisional" => Status::Provisional,
        "Historical" => Status::Historical,
        other => panic!("status {other}"),
    }
}

#[test]
fn every_row_is_in_the_table() {
    let rows = rows();
    assert_eq!(rows.len(), 364);
    for row in &rows {
        let [name, word, reference, description] = row.as_slice() else {
            panic!("{row:?} has {} fields", row.len());
        };
        let entry = iana::lookup(name).unwrap_or_else(|| panic!("{name} is missing"));
        assert_eq!(entry.name(), name);
        assert_eq!(entry.status(), status(word), "{name}");
        assert_eq!(entry.status().as_str(), word);
        assert_eq!(entry.reference(), reference, "{name}");
        assert_eq!(entry.description(), description, "{name}");
        let upper = name.to_ascii_uppercase();
        assert_eq!(iana::lookup(&upper), Some(entry), "{upper}");
    }
}

#[test]
fn the_table_is_the_rows_sorted() {
    let mut names: Vec<String> = rows().into_iter().map(|r| r[0].clone()).collect();
    names.sort();
    let table: Vec<&str> = iana::entries().iter().map(|e| e.name()).collect();
    assert_eq!(table, names);
    assert!(table.windows(2).all(|w| w[0] < w[1]), "sorted, each once");
}

#[test]
fn the_counts_are_the_registrys() {
    let count = |s| iana::entries().iter().filter(|e| e.status() == s).count();
    assert_eq!(
        (
            count(Status::Permanent),
            count(Status::Provisional),
            count(Status::Historical)
        ),
        (97, 251, 16)
    );
}

#[test]
fn the_date_is_the_datas() {
    let readme = include_str!("../data/README.md");
    let line = readme
        .lines()
        .find_map(|l| l.strip_prefix("Registry date: "))
        .expect("a registry date");
    assert_eq!(iana::REGISTRY_DATE, line.trim());
    assert_eq!(iana::REGISTRY_DATE, "2022-11-18");
}

#[test]
fn this_crates_schemes_are_permanent() {
    // pkg (Package URL, ECMA-427) is not in the IANA registry as of its date.
    assert_eq!(iana::lookup("pkg"), None);
    for name in Registry::standard().names().filter(|n| *n != "pkg") {
        let entry = iana::lookup(name).unwrap_or_else(|| panic!("{name} is not registered"));
        assert_eq!(entry.status(), Status::Permanent, "{name}");
    }
}

#[test]
fn what_is_not_registered() {
    for name in [
        "",
        "x",
        "x-unknown",
        "http:",
        "http ",
        "nntps",
        "é",
        "HTTP\u{0}",
    ] {
        assert_eq!(iana::lookup(name), None, "{name:?}");
    }
    // RFC 5538 registers `snews` as historical; `ldaps` is provisional.
    assert_eq!(
        iana::lookup("snews").map(|e| e.status()),
        Some(Status::Historical)
    );
    assert_eq!(
        iana::lookup("ldaps").map(|e| e.status()),
        Some(Status::Provisional)
    );
    // The spelling IANA gives for `shttp` is not a name.
    assert_eq!(iana::lookup("shttp (OBSOLETE)"), None);
    assert!(iana::lookup("shttp").is_some());
}

proptest! {
    #[test]
    fn lookup_is_a_case_insensitive_search(name in "[a-zA-Z][a-zA-Z0-9+.-]{0,8}") {
        let linear = iana::entries().iter().find(|e| e.name().eq_ignore_ascii_case(&name));
        prop_assert_eq!(iana::lookup(&name), linear);
    }
}
