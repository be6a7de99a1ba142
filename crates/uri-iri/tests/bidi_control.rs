//! The bidirectional formatting characters: uri-core's
//! `spec::is_bidi_formatting` is exactly the Unicode property
//! `Bidi_Control` of ICU4X's data (the data `idna` and this crate use), and
//! U+061C ARABIC LETTER MARK, the one `Bidi_Control` character outside the
//! U+2000 block, is treated as the others wherever an IRI meets them:
//! parsing (RFC 3987 §4.1), URI → IRI (§3.2 step 4), IDNA hosts, display
//! (§8) and its warnings.

use icu_properties::CodePointSetData;
use icu_properties::props::BidiControl;
use uri_core::spec::is_bidi_formatting;
use uri_core::{IriReference, ParseErrorKind, ParseOptions, UriReference};
use uri_iri::{
    DisplayWarningKind, HostMapping, ToIriOptions, display, display_warnings, to_iri, to_iri_with,
    to_uri, to_uri_with,
};

#[test]
fn is_bidi_formatting_is_the_bidi_control_property() {
    let bidi_control = CodePointSetData::new::<BidiControl>();
    let mut count = 0;
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        assert_eq!(
            is_bidi_formatting(c),
            bidi_control.contains(c),
            "U+{:04X}",
            c as u32
        );
        count += usize::from(bidi_control.contains(c));
    }
    assert_eq!(count, 12);
}

#[test]
fn arabic_letter_mark_is_refused_by_parsing() {
    for (input, index) in [
        ("http://a/\u{61C}", 9),
        ("http://\u{627}\u{61C}.example/", 9),
        ("http://u\u{61C}@a/", 8),
        ("?q=\u{61C}", 3),
        ("#\u{61C}", 1),
    ] {
        let err = IriReference::parse(input).unwrap_err();
        assert_eq!(err.kind(), ParseErrorKind::BidiFormattingChar, "{input:?}");
        assert_eq!(err.index(), index, "{input:?}");
        let lenient = ParseOptions::new().allow_bidi_formatting(true);
        assert!(
            IriReference::parse_with(input, lenient).is_ok(),
            "{input:?}"
        );
    }
}

#[test]
fn arabic_letter_mark_stays_encoded_in_to_iri() {
    for (uri, iri) in [
        ("http://a/%D8%9C", "http://a/%D8%9C"),
        ("http://a/%d8%9c%D8%A7", "http://a/%D8%9C\u{627}"),
        ("http://a/?%D8%9C#%D8%9C", "http://a/?%D8%9C#%D8%9C"),
        ("http://%D8%9C.example/", "http://%D8%9C.example/"),
    ] {
        let uri = UriReference::parse(uri).unwrap();
        assert_eq!(to_iri(uri), iri);
        assert_eq!(to_iri_with(uri, ToIriOptions::new().idna(true)), iri);
        // The result is an IRI, and maps back to the URI (in upper case).
        let back = IriReference::parse(iri).unwrap();
        assert!(to_uri(back).as_str().eq_ignore_ascii_case(uri.as_str()));
    }
}

#[test]
fn arabic_letter_mark_in_a_host_is_refused_by_idna() {
    let lenient = ParseOptions::new().allow_bidi_formatting(true);
    let iri = IriReference::parse_with("http://\u{627}\u{61C}\u{628}.example/", lenient).unwrap();
    assert!(to_uri_with(iri, HostMapping::Idna).is_err());
    let encoded = IriReference::parse("http://%D8%A7%D8%9C%D8%A8.example/").unwrap();
    assert!(to_uri_with(encoded, HostMapping::Idna).is_err());
}

#[test]
fn arabic_letter_mark_stays_encoded_in_display() {
    let iri = IriReference::parse("http://a/%D8%9C?%D8%9C#%D8%9C").unwrap();
    assert_eq!(display(iri).to_string(), "http://a/%D8%9C?%D8%9C#%D8%9C");
    let lenient = ParseOptions::new().allow_bidi_formatting(true);
    let iri = IriReference::parse_with("http://a/x\u{61C}y", lenient).unwrap();
    assert_eq!(display(iri).to_string(), "http://a/x%D8%9Cy");
}
#[test]
fn arabic_letter_mark_stays_encoded_in_display_with_a_warning() {
    for (input, shown, component) in [
        (
            "http://a/%D8%9C",
            "http://a/%D8%9C",
            uri_core::Component::Path,
        ),
        (
            "http://a/?x=%D8%9C%D8%A7",
            "http://a/?x=%D8%9C%D8%A7",
            uri_core::Component::Query,
        ),
        (
            "http://a/#%D8%9C",
            "http://a/#%D8%9C",
            uri_core::Component::Fragment,
        ),
        (
            "http://u%D8%9C@a/",
            "http://u%D8%9C@a/",
            uri_core::Component::Userinfo,
        ),
    ] {
        let iri = IriReference::parse(input).unwrap();
        assert_eq!(display(iri).to_string(), shown, "{input:?}");
        let warnings = display_warnings(iri);
        assert!(
            warnings
                .iter()
                .any(|w| w.kind() == DisplayWarningKind::BidiFormatting
                    && w.component() == component),
            "{input:?}: {warnings:?}"
        );
    }
    // Allowed by the parser on request, still shown encoded.
    let lenient = ParseOptions::new().allow_bidi_formatting(true);
    let iri = IriReference::parse_with("http://a/x\u{61C}y", lenient).unwrap();
    assert_eq!(display(iri).to_string(), "http://a/x%D8%9Cy");
    let warnings = display_warnings(iri);
    // U+061C is of bidi class AL: beside `x` and `y` the path breaks
    // §4.2 too.
    let kinds: Vec<_> = warnings.iter().map(|w| w.kind()).collect();
    assert_eq!(
        kinds,
        [
            DisplayWarningKind::UnsafeBidi,
            DisplayWarningKind::BidiFormatting
        ]
    );
    assert_eq!(warnings[1].span(), Some(10..12));
    assert_eq!(warnings[1].text(), "\u{61C}");
    assert_eq!(
        warnings[1].to_string(),
        "path characters `U+061C` at bytes 10..12 kept percent-encoded: \
         bidirectional formatting character (RFC 3987 §4.1)"
    );
}
