//! The `serde` feature: `NormalizedIri` reads what `IriBuf` reads, writes
//! its normal form, and reads that back unchanged, for every record of the
//! workspace's `tests/vectors/iri.json`.

#![cfg(feature = "serde")]

use serde::Deserialize;
use uri_core::Iri;
use uri_iri::NormalizedIri;

#[derive(Deserialize)]
struct Record {
    name: String,
    input: String,
}

#[test]
fn vectors() {
    let records: Vec<Record> =
        serde_json::from_str(include_str!("../../../tests/vectors/iri.json")).unwrap();
    let mut read = 0;
    for r in records {
        let json = serde_json::to_string(&r.input).unwrap();
        let result = serde_json::from_str::<NormalizedIri>(&json);
        match Iri::parse(&r.input) {
            Ok(iri) => {
                let n = result.unwrap();
                assert_eq!(n, NormalizedIri::new(iri), "{}", r.name);
                let written = serde_json::to_string(&n).unwrap();
                let again: NormalizedIri = serde_json::from_str(&written).unwrap();
                assert_eq!(again.as_str(), n.as_str(), "{}", r.name);
                read += 1;
            }
            Err(e) => {
                let message = result.unwrap_err().to_string();
                let wanted = format!(
                    "invalid IriBuf: {} ({}) at byte {}",
                    e.kind().name(),
                    e.kind(),
                    e.index()
                );
                assert!(message.starts_with(&wanted), "{}: {message}", r.name);
            }
        }
    }
    assert!(read > 5);
}
