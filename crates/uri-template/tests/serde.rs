//! The `serde` feature: captures as JSON (a string, an array for a list,
//! an object for an associative array), and `Vars` from JSON and structs.

#![cfg(feature = "serde")]

use uri_template::{Template, Vars};

#[test]
fn captures_serialize_as_json() {
    let t = Template::parse("/{id}{/path*}{?keys*}").unwrap();
    let c = t.match_uri("/7/a/b?x=1&y=").unwrap();
    let json = serde_json::to_string(&c).unwrap();
    assert_eq!(
        json,
        r#"{"id":"7","path":["a","b"],"keys":{"x":"1","y":""}}"#
    );
}

#[test]
fn vars_from_json_keep_assoc_order() {
    let json = serde_json::json!({"k": {"b": 1, "a": true}, "n": null, "l": [1, "x"]});
    let vars = Vars::from_serialize(&json).unwrap();
    assert!(vars.get("n").is_none());
    let t = Template::parse("{k*}{?l}").unwrap();
    let uri = t.expand(&vars).unwrap();
    // serde_json's map is sorted by key unless `preserve_order` is on.
    assert_eq!(uri, "a=true,b=1?l=1,x");
    assert!(Vars::from_serialize(&serde_json::json!([1])).is_err());
    assert!(Vars::from_serialize(&serde_json::json!({"a": [[1]]})).is_err());
}
