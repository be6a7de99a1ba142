//! The file scheme (RFC 8089): the vectors of `tests/vectors/file.json`,
//! through the shared runner
//! (every example of Appendices B and E, conversions both ways for POSIX
//! and Windows, hostile paths, drive-letter resolution, normalization),
//! and property tests (path → URI → path for both systems, normalization
//! idempotent, conversions never above the root).

// Test code: its helpers may unwrap and panic too.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::unreachable
)]

use crate::vector_check;

use proptest::prelude::*;
use serde_json::{Map, Value};
use uri_core::{Uri, UriReference};
use uri_schemes::{
    Fields, Os, PathError, Registry, from_path, resolve_with_drive_letters, to_path, to_path_str,
};

/// The fields each operation's records may have, beyond `name`, `source`,
/// `op` and `note`: anything else is a typo that would turn a check off.
fn allowed(op: &str) -> Option<&'static [&'static str]> {
    Some(match op {
        "check" => &[
            "input",
            "valid",
            "violations",
            "host",
            "host_as_written",
            "path",
            "local",
            "drive",
        ],
        "to_path" => &["input", "os", "lenient", "path", "error"],
        "from_path" => &["path", "os", "uri", "error"],
        "path" => &["path", "os", "uri"],
        "resolve" => &["base", "ref", "expected", "standard"],
        "normalize" => &["input", "expected"],
        "parse" => &["input", "error"],
        _ => return None,
    })
}

fn load() -> Vec<Map<String, Value>> {
    let text = include_str!("vectors/file.json");
    let records: Vec<Value> = serde_json::from_str(text).expect("file.json is JSON");
    records
        .into_iter()
        .map(|r| match r {
            Value::Object(map) => map,
            other => panic!("not an object: {other}"),
        })
        .collect()
}

fn str_of<'a>(r: &'a Map<String, Value>, key: &str) -> &'a str {
    r.get(key)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("{}: `{key}` is not a string", name(r)))
}

fn name(r: &Map<String, Value>) -> &str {
    r.get("name").and_then(Value::as_str).unwrap_or("?")
}

fn os_of(r: &Map<String, Value>) -> Os {
    match str_of(r, "os") {
        "posix" => Os::Posix,
        "windows" => Os::Windows,
        other => panic!("{}: unknown os {other}", name(r)),
    }
}

/// `{"kind", "index"}` of a path error, as JSON.
fn error_json(e: PathError) -> Value {
    serde_json::json!({"kind": e.kind().name(), "index": e.index()})
}

/// The record's expected outcome of a conversion: `Ok(text)` or the error
/// as JSON.
fn expected(r: &Map<String, Value>, ok_key: &str) -> Result<String, Value> {
    match (r.get(ok_key), r.get("error")) {
        (Some(Value::String(s)), None) => Ok(s.clone()),
        (None, Some(e)) => Err(e.clone()),
        _ => panic!("{}: needs `{ok_key}` or `error`", name(r)),
    }
}

/// Runs one record; `Err` says what differs.
fn run(r: &Map<String, Value>) -> Result<(), String> {
    let op = str_of(r, "op");
    let fields = allowed(op).ok_or_else(|| format!("unknown op {op}"))?;
    for key in r.keys() {
        if !["name", "source", "op", "note"].contains(&key.as_str())
            && !fields.contains(&key.as_str())
        {
            return Err(format!("unknown field `{key}`"));
        }
    }
    if !r.contains_key("source") {
        return Err("no `source`".into());
    }
    match op {
        "check" => check(r),
        "to_path" => {
            let input = str_of(r, "input");
            let lenient = r.get("lenient").and_then(Value::as_bool).unwrap_or(false);
            let got = if lenient {
                to_path_str(input, os_of(r))
            } else {
                let uri = Uri::parse(input).map_err(|e| format!("does not parse: {e}"))?;
                to_path(uri, os_of(r))
            };
            compare(got.map_err(error_json), expected(r, "path"))
        }
        "from_path" => {
            let got = from_path(str_of(r, "path"), os_of(r)).map(String::from);
            compare(got.map_err(error_json), expected(r, "uri"))
        }
        "path" => {
            let (path, uri, os) = (str_of(r, "path"), str_of(r, "uri"), os_of(r));
            let forth = from_path(path, os).map(String::from).map_err(error_json);
            compare(forth, Ok(uri.to_owned()))?;
            let parsed = Uri::parse(uri).map_err(|e| format!("does not parse: {e}"))?;
            compare(to_path(parsed, os).map_err(error_json), Ok(path.to_owned()))
        }
        "resolve" => {
            let base = Uri::parse(str_of(r, "base")).map_err(|e| format!("base: {e}"))?;
            let reference =
                UriReference::parse(str_of(r, "ref")).map_err(|e| format!("ref: {e}"))?;
            let got = resolve_with_drive_letters(base, reference);
            if got != str_of(r, "expected") {
                return Err(format!("resolved to {got}"));
            }
            let reparsed = Uri::parse(got.as_str()).map_err(|e| format!("{got}: {e}"))?;
            if parts(reparsed) != parts(got.as_uri()) {
                return Err(format!("{got} does not parse back with its components"));
            }
            if let Some(standard) = r.get("standard") {
                let plain = uri_resolve::resolve(base, reference);
                if Some(plain.as_str()) != standard.as_str() {
                    return Err(format!("RFC 3986 resolution gives {plain}"));
                }
            }
            Ok(())
        }
        "normalize" => {
            let uri = Uri::parse(str_of(r, "input")).map_err(|e| format!("does not parse: {e}"))?;
            let registry = Registry::standard();
            let normal = registry.normalize(uri);
            if normal != str_of(r, "expected") {
                return Err(format!("normalized to {normal}"));
            }
            let again = registry.normalize(normal.as_uri());
            if again != normal {
                return Err(format!("not idempotent: {normal} then {again}"));
            }
            Ok(())
        }
        "parse" => {
            let input = str_of(r, "input");
            let e = Uri::parse(input).err().ok_or("parses")?;
            let got = serde_json::json!({"kind": e.kind().name(), "index": e.index()});
            compare(Err(got), Err(r["error"].clone()))
        }
        _ => unreachable!("checked above"),
    }
}

/// A URI's five components, for comparing two parses.
type Parts<'a> = (
    &'a str,
    Option<&'a str>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
);

fn parts(u: Uri<'_>) -> Parts<'_> {
    let authority = u.authority().map(|a| a.as_str());
    (u.scheme(), authority, u.path(), u.query(), u.fragment())
}

fn compare(got: Result<String, Value>, want: Result<String, Value>) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("got {got:?}, want {want:?}"))
    }
}

fn check(r: &Map<String, Value>) -> Result<(), String> {
    let uri = Uri::parse(str_of(r, "input")).map_err(|e| format!("does not parse: {e}"))?;
    let report = Registry::standard().check(uri);
    if Some(report.is_valid()) != r["valid"].as_bool() {
        return Err(format!("valid: {}", report.is_valid()));
    }
    let got: Vec<Value> = report
        .violations()
        .iter()
        .map(|v| serde_json::json!([v.kind(), v.severity().as_str(), v.index()]))
        .collect();
    if Value::Array(got.clone()) != r["violations"] {
        return Err(format!("violations: {}", Value::Array(got)));
    }
    let Fields::File(file) = report.fields() else {
        return Err("no File fields".into());
    };
    let opt = |s: Option<&str>| s.map_or(Value::Null, |s| Value::String(s.to_owned()));
    let actual = [
        ("host", opt(file.host())),
        ("host_as_written", opt(file.host_as_written())),
        ("path", Value::String(file.path().to_owned())),
        ("local", Value::Bool(file.is_local())),
        (
            "drive",
            file.drive_letter()
                .map_or(Value::Null, |c| Value::String(c.to_string())),
        ),
    ];
    for (key, value) in actual {
        if let Some(want) = r.get(key) {
            if *want != value {
                return Err(format!("{key}: {value}"));
            }
        }
    }
    if file.is_local() != file.host().is_none() {
        return Err("is_local and host disagree".into());
    }
    Ok(())
}

#[test]
fn vectors() {
    vector_check::run_each(include_str!("vectors/file.json"), 200, |r| {
        run(r.as_object().ok_or("not an object")?)
    });
}

/// Every example URI of RFC 8089 Appendices B, E and F is in the vectors.
#[test]
fn every_rfc_example_is_a_vector() {
    let records = load();
    let inputs: Vec<&str> = records
        .iter()
        .flat_map(|r| ["input", "uri", "base", "expected", "ref"].map(|k| r.get(k)))
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    for example in [
        "file:///path/to/file",
        "file:/path/to/file",
        "file://host.example.com/path/to/file",
        "file:c:/path/to/file",
        "file:///c:/path/to/file",
        "file:///c:/path/to/file.txt",
        "/some/other/thing.bmp",
        "file:///c:/some/other/thing.bmp",
        "file:///c:/foo.txt",
        "../bar.txt",
        "file:///c:/bar.txt",
        "/c:/foo.txt",
        "/c:bar/baz.txt",
        "file:///c|/path/to/file",
        "file:/c|/path/to/file",
        "file:c|/path/to/file",
        "file://host.example.com/Share/path/to/file.txt",
        "file:////host.example.com/path/to/file",
        "file://///host.example.com/path/to/file",
    ] {
        assert!(inputs.contains(&example), "{example} has no vector");
    }
}

/// Every error kind and violation kind of the module appears in a vector.
#[test]
fn every_kind_is_covered() {
    let text = include_str!("vectors/file.json");
    for kind in [
        "InvalidUri",
        "NotFile",
        "Query",
        "Userinfo",
        "Port",
        "NonLocal",
        "UnsupportedHost",
        "InvalidHost",
        "MissingHost",
        "MissingShare",
        "RelativePath",
        "NoDrive",
        "LeadingDoubleSlash",
        "EncodedSeparator",
        "NulByte",
        "NotUtf8",
        "ReservedChar",
        "ReservedName",
        "DotSegment",
        "Namespace",
        "UserinfoNotAllowed",
        "PortNotAllowed",
        "QueryNotAllowed",
        "MissingPath",
        "EmptyFirstSegment",
        "RootlessDriveLetter",
        "DriveRelative",
        "UncPath",
        "EncodedNul",
    ] {
        assert!(
            text.contains(&format!("\"{kind}\"")),
            "{kind} has no vector"
        );
    }
}

/// A name any file system holds: no separator, no NUL, not `.` or `..`.
fn posix_name() -> impl Strategy<Value = String> {
    "[^/\u{0}]{0,6}".prop_filter("a dot segment", |s| s != "." && s != "..")
}

/// An absolute POSIX path whose first segment is not empty (`//` is
/// refused) and with no dot segment.
fn posix_path() -> impl Strategy<Value = String> {
    (
        posix_name().prop_filter("an empty first name", |s| !s.is_empty()),
        prop::collection::vec(posix_name(), 0..5),
    )
        .prop_map(|(first, rest)| {
            let mut path = format!("/{first}");
            for name in rest {
                path.push('/');
                path.push_str(&name);
            }
            path
        })
        .boxed()
        .prop_union(Just("/".to_owned()).boxed())
}

/// A name Windows holds: none of `< > : " / \ | ? *` or controls, not
/// ending in `.` or a space, not a device name, not `.` or `..`.
fn windows_name() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 ._$%#&'()+,;=@\\[\\]^`{}~é日-]{0,6}[a-zA-Z0-9_$%#&'()+,;=@\\[\\]^`{}~é日-]"
        .prop_filter("a device name", |s| {
            let stem = s
                .split('.')
                .next()
                .unwrap_or("")
                .trim_end()
                .to_ascii_uppercase();
            !["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"].contains(&stem.as_str())
                && !(stem.len() == 4
                    && (stem.starts_with("COM") || stem.starts_with("LPT"))
                    && stem.as_bytes()[3].is_ascii_digit())
        })
}

fn windows_names() -> impl Strategy<Value = String> {
    (prop::collection::vec(windows_name(), 0..5), any::<bool>()).prop_map(|(names, trailing)| {
        let mut path = names.join("\\");
        if trailing && !path.is_empty() {
            path.push('\\');
        }
        path
    })
}

fn windows_path() -> impl Strategy<Value = String> {
    let drive = ("[a-zA-Z]", windows_names()).prop_map(|(d, rest)| format!("{d}:\\{rest}"));
    let unc = (
        "[a-zA-Z0-9][a-zA-Z0-9.-]{0,8}|localhost|LocalHost|192\\.0\\.2\\.[0-9]",
        windows_name(),
        prop::option::of(windows_names()),
    )
        .prop_map(|(host, share, rest)| match rest {
            Some(rest) => format!("\\\\{host}\\{share}\\{rest}"),
            None => format!("\\\\{host}\\{share}"),
        });
    prop_oneof![drive, unc]
}

/// A file URI, valid or not for the scheme, made of the pieces the rules
/// look at.
fn file_uri() -> impl Strategy<Value = String> {
    let authority = prop_oneof![
        Just(""),
        Just("//"),
        Just("//localhost"),
        Just("//LOCALHOST"),
        Just("//%6cocalhost"),
        Just("//host.example"),
        Just("//h:"),
        Just("//u@h"),
        Just("//[::1]"),
    ];
    let segment = prop_oneof![
        Just("a"),
        Just(""),
        Just("."),
        Just(".."),
        Just("%2E%2e"),
        Just("c:"),
        Just("C%7C"),
        Just("%2F"),
        Just("%00"),
        Just("x%20y"),
        Just("host"),
    ];
    (
        authority,
        any::<bool>(),
        prop::collection::vec(segment, 0..6),
        prop::option::of(Just("?q")),
        prop::option::of(Just("#f")),
    )
        .prop_map(|(authority, rooted, segments, query, fragment)| {
            let mut uri = format!("file:{authority}");
            if rooted || !authority.is_empty() {
                uri.push('/');
            }
            uri.push_str(&segments.join("/"));
            uri.push_str(query.unwrap_or(""));
            uri.push_str(fragment.unwrap_or(""));
            uri
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn posix_round_trip(path in posix_path()) {
        let uri = from_path(&path, Os::Posix).map_err(|e| TestCaseError::fail(format!("{path:?}: {e}")))?;
        let reparsed = Uri::parse(uri.as_str()).map_err(|e| TestCaseError::fail(format!("{uri}: {e}")))?;
        prop_assert_eq!(to_path(reparsed, Os::Posix), Ok(path.clone()), "{}", uri);
        let report = Registry::standard().check(reparsed);
        prop_assert!(report.is_valid(), "{}: {:?}", uri, report.violations());
    }

    #[test]
    fn windows_round_trip(path in windows_path()) {
        let uri = from_path(&path, Os::Windows).map_err(|e| TestCaseError::fail(format!("{path:?}: {e}")))?;
        let reparsed = Uri::parse(uri.as_str()).map_err(|e| TestCaseError::fail(format!("{uri}: {e}")))?;
        prop_assert_eq!(to_path(reparsed, Os::Windows), Ok(path.clone()), "{}", uri);
        let report = Registry::standard().check(reparsed);
        prop_assert!(report.is_valid(), "{}: {:?}", uri, report.violations());
    }

    #[test]
    fn normalize_is_idempotent(text in file_uri()) {
        let Ok(uri) = Uri::parse(&text) else { return Ok(()) };
        let registry = Registry::standard();
        let once = registry.normalize(uri);
        let twice = registry.normalize(once.as_uri());
        prop_assert_eq!(&once, &twice, "{}", text);
        // What `to_path` accepts, it reads as it reads the normal form
        // (which it may accept where it refused the original: a port
        // dropped, dots removed before a drive letter).
        for os in [Os::Posix, Os::Windows] {
            if let Ok(path) = to_path(uri, os) {
                prop_assert_eq!(Ok(path), to_path(once.as_uri(), os), "{} -> {}", text, once);
            }
        }
    }

    #[test]
    fn paths_stay_below_the_root(text in file_uri()) {
        let Ok(uri) = Uri::parse(&text) else { return Ok(()) };
        if let Ok(path) = to_path(uri, Os::Posix) {
            prop_assert!(path.starts_with('/') && !path.starts_with("//"), "{}", path);
            prop_assert!(!path.split('/').any(|s| s == "." || s == ".."), "{}", path);
            prop_assert!(!path.contains('\0'), "{}", path);
        }
        if let Ok(path) = to_path(uri, Os::Windows) {
            prop_assert!(!path.contains('/') && !path.contains('\0'), "{}", path);
            prop_assert!(!path.split('\\').any(|s| s == "." || s == ".."), "{}", path);
        }
    }

    #[test]
    fn drive_letters_are_never_climbed_over(
        drive in "[a-zA-Z]",
        base in prop::collection::vec("[a-z]{1,3}|\\.\\.|\\.", 0..4),
        reference in prop::collection::vec("[a-z]{1,3}|\\.\\.|\\.|%2E%2E", 0..6),
        rooted in any::<bool>(),
    ) {
        let base = format!("file:///{drive}:/{}", base.join("/"));
        let reference = format!("{}{}", if rooted { "/" } else { "" }, reference.join("/"));
        let base_uri = Uri::parse(&base).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let Ok(reference_uri) = UriReference::parse(&reference) else { return Ok(()) };
        let target = resolve_with_drive_letters(base_uri, reference_uri);
        let prefix = format!("/{drive}:");
        prop_assert!(target.path().starts_with(&prefix), "{} + {} = {}", base, reference, target);
    }

    #[test]
    fn accepted_paths_round_trip(
        posix in r"/([a-z]{1,3}|[.é%: \\\x00]|/){0,8}",
        windows in r"([a-zA-Z]:[\\/]|(\\\\|//)([a-z]{1,3}|[.?])[\\/]([a-z]{1,3}|[.$])?)([a-z]{1,3}|[ .:%?*é\x00-]|[\\/]){0,8}",
    ) {
        // Whatever path `from_path` takes, `to_path` gives back (with
        // Windows separators written `\`).
        if let Ok(uri) = from_path(&posix, Os::Posix) {
            prop_assert_eq!(to_path(uri.as_uri(), Os::Posix), Ok(posix.clone()), "{}", uri);
        }
        if let Ok(uri) = from_path(&windows, Os::Windows) {
            let back = windows.replace('/', "\\");
            prop_assert_eq!(to_path(uri.as_uri(), Os::Windows), Ok(back), "{}", uri);
        }
    }

    #[test]
    fn conversions_never_panic(text in "file:[ -~]{0,24}", path in "[ -~]{0,16}") {
        if let Ok(uri) = Uri::parse(&text) {
            let _ = to_path(uri, Os::Posix);
            let _ = to_path(uri, Os::Windows);
            let _ = Registry::standard().check(uri);
        }
        let _ = to_path_str(&text, Os::Windows);
        let _ = from_path(&path, Os::Posix);
        let _ = from_path(&path, Os::Windows);
    }
}
