//! The text rule on the shapes it is made for; the workspace's
//! `tests/conformance/redaction.rs` runs it over the vector file.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::*;

#[track_caller]
fn shown(text: &str) -> String {
    RedactedText::new(text).to_string()
}

#[test]
fn text_that_does_not_parse_is_redacted_too() {
    for (text, expected) in [
        ("http://u:secret@h/ x", "http://u:***@h/ x"),
        ("http://u:secret@h@i/", "http://u:***@i/"),
        ("//u:pw@h?x@y", "//u:***@h?x@y"),
        ("http://u@h", "http://u@h"),
        ("a:b@c", "a:b@c"),
        ("http://u:@h", "http://u:@h"),
        ("", ""),
        (
            " https://user:s3cret@example.com/",
            " https://user:***@example.com/",
        ),
        ("\thttps://u:pw@h/", "\thttps://u:***@h/"),
        ("<https://u:pw@h/>", "<https://u:***@h/>"),
        ("\"https://u:pw@h/\"", "\"https://u:***@h/\""),
        ("url=https://u:pw@h/", "url=https://u:***@h/"),
        ("1,https://u:pw@h/,x", "1,https://u:***@h/,x"),
        ("ht tp://u:pw@h/", "ht tp://u:***@h/"),
        ("1http://u:pw@h/", "1http://u:***@h/"),
        ("my_app://u:pw@h/", "my_app://u:***@h/"),
        ("http:\\\\u:pw@h/", "http:\\\\u:***@h/"),
        ("http:/u:pw@h/ x", "http:/u:***@h/ x"),
        ("http:u:pw@h/", "http:u:***@h/"),
        ("https\u{FF1A}//u:pw@h/", "https\u{FF1A}//u:***@h/"),
        (
            "https:\u{FF0F}\u{FF0F}u:pw@h/",
            "https:\u{FF0F}\u{FF0F}u:***@h/",
        ),
        ("https://u\u{FF1A}pw@h/", "https://u\u{FF1A}***@h/"),
        ("https://u:pw\u{FF20}h/", "https://u:***\u{FF20}h/"),
        (
            "https://user:p#ss@example.com/",
            "https://user:***@example.com/",
        ),
        (
            "https://user:p/ss@example.com/",
            "https://user:***@example.com/",
        ),
        (
            "https://user:p?ss@example.com/",
            "https://user:***@example.com/",
        ),
        (
            "https://user:p@ss@example.com/",
            "https://user:***@example.com/",
        ),
        ("http://u:p w@h b/", "http://u:***@h b/"),
        ("http://ü:pässwörd@bücher.de/", "http://ü:***@bücher.de/"),
        (
            "sip:alice:secretword@atlanta.com;transport=tcp",
            "sip:alice:***@atlanta.com;transport=tcp",
        ),
        (
            "<sips:+1-212-555-1212:1234@gateway.com>",
            "<sips:+1-212-555-1212:***@gateway.com>",
        ),
        (
            "https://example.com/ https://user:s3cret@example.com/",
            "https://example.com/ https://user:***@example.com/",
        ),
        (
            "1,https://u:pw@h/,x,https://v:qq@k/",
            "1,https://u:***@h/,x,https://v:***@k/",
        ),
        ("http://u:pw@h foo@bar", "http://u:***@h foo@bar"),
        (
            "https://user:p#ss@example.com/ foo@bar",
            "https://user:***@example.com/ foo@bar",
        ),
    ] {
        assert_eq!(shown(text), expected, "{text:?}");
    }
}

#[test]
fn what_is_not_a_password_stays() {
    for text in [
        "http://h/u:p@x",
        "mailto:u:p@h",
        "a:b@c//d",
        "http://h:80/a@b c",
        "http://a.com:80/ mailto:u@h",
        "http://[::1]:80/a@b",
        "https://example.com:443/path?x=a:b@c d",
        "http://example.com/a b",
        "file:///C:/x@y",
    ] {
        assert_eq!(shown(text), text, "{text:?}");
    }
}

#[test]
fn cut_text_hides_a_password_to_its_end() {
    let cut = |text: &str| RedactedText::of_prefix(text).to_string();
    assert_eq!(cut("https://user:s3cr"), "https://user:***");
    assert_eq!(cut("https://u:1234"), "https://u:***");
    assert_eq!(cut("https://u:p/x"), "https://u:***");
    assert_eq!(cut("http://h:80/pa"), "http://h:80/pa");
    assert_eq!(cut("https://user"), "https://user");
    assert_eq!(
        cut("x https://a/ https://u:p"),
        "x https://a/ https://u:***"
    );
}

#[test]
fn bytes_and_indexes() {
    let text = b"http://u:pw@h/ \xff";
    let (masked, index) = mask(text, password_spans(text), 14);
    assert_eq!(&*masked, b"http://u:***@h/ \xff");
    assert_eq!(index, 15);
    assert_eq!(mask(text, password_spans(text), 10).1, 9);
    assert_eq!(mask(text, password_spans(text), 3).1, 3);
    assert_eq!(&*redact_bytes(b"no password"), b"no password");
}

/// Linear time, checked by counting: every cursor and scan moves forward,
/// so hostile shapes cost no more than plain ones. This asserts the result
/// on shapes that would make a naive rule quadratic; the workspace's
/// hostile suite times them.
#[test]
fn hostile_shapes_finish() {
    let shapes: Vec<String> = [
        "//a:b/ ",
        "http:x ",
        "[http:",
        "a:1/",
        "u:p@",
        "//",
        "\u{FF0F}\u{FF0F}",
    ]
    .iter()
    .map(|unit| unit.repeat(20_000))
    .collect();
    for text in &shapes {
        let spans: Vec<_> = password_spans(text.as_bytes()).collect();
        for pair in spans.windows(2) {
            assert!(pair[0].end <= pair[1].start);
        }
    }
}
