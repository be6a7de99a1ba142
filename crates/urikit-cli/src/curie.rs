//! `urikit curie`: CURIEs (W3C CURIE Syntax 1.0) expanded to IRIs with a
//! prefix mapping read from a JSON file, or IRIs compressed to CURIEs
//! (`--compress`), with `uri_iri::CurieMap`. The file is a JSON-LD
//! document's `@context` (its terms whose value is an IRI, or an object
//! with an `@id`; `@vocab` as the default prefix) or a plain
//! `{"prefix": "iri"}` map.

use std::fs;
use std::path::Path;

use serde::Serialize;
use serde_json::Value;
use urikit::iri::CurieMap;

use crate::input::Input;
use crate::problem::Problem;

/// The prefix mapping of the JSON file `path`, with `default` as the
/// default prefix when given.
///
/// # Errors
///
/// The usage error: the file does not read, is not JSON, is not an object
/// (or a document whose `@context` is one), or maps a prefix that is no
/// NCName or to what is not an IRI.
pub(crate) fn load(path: &Path, default: Option<&str>) -> Result<CurieMap, String> {
    let name = path.display();
    let text = fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let json: Value = serde_json::from_str(&text).map_err(|e| format!("{name}: {e}"))?;
    let context = match json.get("@context") {
        Some(Value::Array(contexts)) => contexts.iter().rev().find(|c| c.is_object()),
        Some(context) => Some(context),
        None => Some(&json),
    };
    let Some(Value::Object(entries)) = context else {
        return Err(format!(
            "{name}: not a JSON object of prefixes, nor a JSON-LD document with an `@context` object"
        ));
    };
    let mut map = CurieMap::new();
    for (key, value) in entries {
        let iri = match value {
            Value::String(iri) => iri.as_str(),
            Value::Object(term) => match term.get("@id") {
                Some(Value::String(iri)) => iri.as_str(),
                _ => continue,
            },
            _ => continue,
        };
        let refused = |e: urikit::iri::CurieError| format!("{name}: `{key}`: {}", e.kind());
        match key.as_str() {
            "@vocab" => map.set_default(iri).map_err(refused)?,
            // Keywords, and terms that are IRIs or compact IRIs themselves.
            k if k.starts_with('@') || k.contains(':') || k.contains('/') => continue,
            k => map.insert(k, iri).map_err(refused)?,
        }
    }
    if let Some(default) = default {
        map.set_default(default)
            .map_err(|e| format!("--default-prefix `{default}`: {}", e.kind()))?;
    }
    Ok(map)
}

/// What `curie` makes of one input: the IRI of a CURIE, or with
/// `compress` the CURIE of an IRI (the IRI itself when no prefix maps it,
/// with `false`).
///
/// # Errors
///
/// [`Problem::Curie`] for a CURIE that does not expand;
/// [`Problem::Parse`] or [`Problem::InvalidUtf8`] for an input to compress
/// that is not an IRI.
pub(crate) fn apply(
    map: &CurieMap,
    input: Input<'_>,
    compress: bool,
) -> Result<(String, bool), Problem> {
    if compress {
        let text = input.text()?;
        let iri = urikit::Iri::parse_with(text, crate::settings::get().parse_options())
            .map_err(Problem::Parse)?;
        // An IRI no prefix maps is an echo of the input: its password
        // hidden, as every echo's.
        return Ok(match map.compress(iri) {
            Some(curie) => (curie, true),
            None => (crate::redact::shown(text).into_owned(), false),
        });
    }
    let iri = map.expand(input.text()?).map_err(Problem::Curie)?;
    Ok((iri.as_str().to_owned(), true))
}

/// The fields of a valid line of `curie --json`: `{"output", "mapped"}`,
/// `mapped` false for an IRI `--compress` left as it is (no prefix maps
/// it).
#[derive(Debug, Serialize)]
pub(crate) struct CurieFields<'a> {
    output: &'a str,
    mapped: bool,
}

impl<'a> CurieFields<'a> {
    /// The fields of `output`.
    pub(crate) fn new(output: &'a str, mapped: bool) -> Self {
        CurieFields { output, mapped }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contexts_and_plain_maps() {
        let dir = std::env::temp_dir().join(format!("urikit-curie-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let ld = dir.join("ld.json");
        fs::write(
            &ld,
            r#"{"@context": {"@vocab": "http://schema.org/", "foaf": "http://xmlns.com/foaf/0.1/",
                "name": {"@id": "foaf:name"}, "dc": {"@id": "http://purl.org/dc/terms/"}}}"#,
        )
        .unwrap();
        let map = load(&ld, None).unwrap();
        assert_eq!(map.get("foaf"), Some("http://xmlns.com/foaf/0.1/"));
        assert_eq!(map.get("dc"), Some("http://purl.org/dc/terms/"));
        let expand = |c: &str| apply(&map, Input::new(c.as_bytes()), false).map(|(t, _)| t);
        assert_eq!(expand("Person").unwrap(), "http://schema.org/Person");
        assert_eq!(
            expand("[dc:title]").unwrap(),
            "http://purl.org/dc/terms/title"
        );
        let plain = dir.join("plain.json");
        fs::write(&plain, r#"{"ex": "http://example.org/"}"#).unwrap();
        assert!(load(&plain, None).unwrap().get("ex").is_some());
        fs::write(&plain, r#"[1]"#).unwrap();
        assert!(load(&plain, None).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
