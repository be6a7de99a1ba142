//! Findings as data for programs: one JSON object per finding
//! ([`to_json`], [`to_json_line`]) and a SARIF 2.1.0 log
//! ([`to_sarif`](crate::sarif::to_sarif)), each from a [`Located`]
//! finding: where its input came from, the input, and the finding.
//!
//! Every text that echoes the input goes through uri-core's
//! [`RedactedText`](uri_core::RedactedText), so no password of the input
//! is written; the readings never hold one.

use serde_json::{Map, Value, json};

use crate::finding::Finding;
use crate::reading::Reading;

/// A finding with where its input came from: the file (or any name for
/// the source, `-` for standard input) and the line, from 1.
///
/// # Examples
///
/// ```
/// use uri_lint::{Lint, Located};
///
/// let input = "http://127.1/";
/// let findings = Lint::new().check(input);
/// let located = Located::new("urls.txt", 3, input, &findings[0]);
/// assert_eq!((located.artifact(), located.line(), located.input()), ("urls.txt", 3, input));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Located<'a> {
    artifact: &'a str,
    line: usize,
    input: &'a str,
    finding: &'a Finding,
}

impl<'a> Located<'a> {
    /// `finding`, found in `input`, line `line` (from 1) of `artifact`.
    ///
    /// # Examples
    ///
    /// ```
    /// let findings = uri_lint::Lint::new().check("http:/h");
    /// let located = uri_lint::Located::new("-", 1, "http:/h", &findings[0]);
    /// assert_eq!(located.finding().name(), "SlashCount");
    /// ```
    pub fn new(artifact: &'a str, line: usize, input: &'a str, finding: &'a Finding) -> Self {
        Located {
            artifact,
            line,
            input,
            finding,
        }
    }

    /// Where the input came from.
    ///
    /// # Examples
    ///
    /// ```
    /// let f = &uri_lint::Lint::new().check("http:/h")[0];
    /// assert_eq!(uri_lint::Located::new("a.txt", 1, "http:/h", f).artifact(), "a.txt");
    /// ```
    pub fn artifact(&self) -> &'a str {
        self.artifact
    }

    /// Its line, from 1.
    ///
    /// # Examples
    ///
    /// ```
    /// let f = &uri_lint::Lint::new().check("http:/h")[0];
    /// assert_eq!(uri_lint::Located::new("a.txt", 7, "http:/h", f).line(), 7);
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// The input, as written.
    ///
    /// # Examples
    ///
    /// ```
    /// let f = &uri_lint::Lint::new().check("http:/h")[0];
    /// assert_eq!(uri_lint::Located::new("a.txt", 1, "http:/h", f).input(), "http:/h");
    /// ```
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The finding.
    ///
    /// # Examples
    ///
    /// ```
    /// let f = &uri_lint::Lint::new().check("http:/h")[0];
    /// assert_eq!(uri_lint::Located::new("a.txt", 1, "http:/h", f).finding(), f);
    /// ```
    pub fn finding(&self) -> &'a Finding {
        self.finding
    }

    /// The column of the finding's index, from 1, in Unicode code points
    /// (SARIF's `unicodeCodePoints` column kind, §3.30.2).
    pub(crate) fn column(&self) -> usize {
        let index = self.finding.index().min(self.input.len());
        self.input
            .char_indices()
            .take_while(|(i, _)| *i < index)
            .count()
            + 1
    }
}

/// A reading as a JSON object: `{"scheme","user","password","host",
/// "host_kind","port","path"}` (`password` a boolean), or
/// `{"error":{"kind","index","message"}}` when refused.
pub(crate) fn reading_json(r: &Reading) -> Value {
    if let Some(refusal) = r.refusal() {
        return json!({"error": {
            "kind": refusal.kind(),
            "index": refusal.index(),
            "message": refusal.message(),
        }});
    }
    json!({
        "scheme": r.scheme(),
        "user": r.user(),
        "password": r.has_password(),
        "host": r.host().map(ToString::to_string),
        "host_kind": r.host().map(|h| h.kind()),
        "port": r.port(),
        "path": r.path(),
    })
}

/// One finding as a JSON object, the command's `--json` line:
///
/// ```text
/// {"input","line","kind","group","severity","index","section","message",
///  "readings":{"rfc3986":{…},"whatwg":{…}} or null}
/// ```
///
/// `input` is redacted (uri-core's `RedactedText`); `kind` is the
/// finding's [`name`](Finding::name). Every field name is public
/// interface.
///
/// # Examples
///
/// ```
/// use uri_lint::{Lint, Located, to_json};
///
/// let input = "http://u:secret@0x7f.1/";
/// let findings = Lint::new().check(input);
/// let password = findings.iter().find(|f| f.name() == "Password").unwrap();
/// let v = to_json(&Located::new("-", 1, input, password));
/// assert_eq!(v["input"], "http://u:***@0x7f.1/");
/// assert_eq!(v["index"], 9);
/// let numeric = findings.iter().find(|f| f.name() == "NumericIpv4").unwrap();
/// let v = to_json(&Located::new("-", 1, input, numeric));
/// assert_eq!(v["kind"], "NumericIpv4");
/// assert_eq!(v["readings"]["whatwg"]["host"], "127.0.0.1");
/// assert_eq!(v["readings"]["rfc3986"]["password"], true);
/// assert!(!v.to_string().contains("secret"));
/// ```
pub fn to_json(located: &Located<'_>) -> Value {
    let f = located.finding();
    let readings = readings_json(f);
    let mut m = Map::new();
    m.insert(
        "input".into(),
        uri_core::RedactedText::new(located.input())
            .to_string()
            .into(),
    );
    m.insert("line".into(), located.line().into());
    m.insert("kind".into(), f.name().into());
    m.insert("group".into(), f.kind().group().as_str().into());
    m.insert("severity".into(), f.severity().as_str().into());
    m.insert("index".into(), f.index().into());
    m.insert("section".into(), f.section().into());
    m.insert("message".into(), f.message().into());
    m.insert("readings".into(), readings);
    Value::Object(m)
}

/// One finding's JSON line, its fields in the order of [`to_json`]'s list.
#[derive(serde::Serialize)]
struct Line<'a> {
    input: String,
    line: usize,
    kind: &'a str,
    group: &'a str,
    severity: &'a str,
    index: usize,
    section: &'a str,
    message: &'a str,
    readings: Value,
}

/// [`to_json`] written on one line, without a line break, its fields in
/// the order listed there.
///
/// # Examples
///
/// ```
/// use uri_lint::{Lint, Located, to_json_line};
///
/// let findings = Lint::new().check("http:/h");
/// let line = to_json_line(&Located::new("-", 1, "http:/h", &findings[0]));
/// assert!(line.starts_with(r#"{"input":"http:/h","line":1,"kind":"SlashCount""#));
/// assert!(!line.contains('\n'));
/// ```
pub fn to_json_line(located: &Located<'_>) -> String {
    let f = located.finding();
    let line = Line {
        input: uri_core::RedactedText::new(located.input()).to_string(),
        line: located.line(),
        kind: f.name(),
        group: f.kind().group().as_str(),
        severity: f.severity().as_str(),
        index: f.index(),
        section: f.section(),
        message: f.message(),
        readings: readings_json(f),
    };
    serde_json::to_string(&line).unwrap_or_default()
}

/// `{"rfc3986":{…},"whatwg":{…}}`, or `null` for a finding without
/// readings.
fn readings_json(f: &Finding) -> Value {
    f.readings().map_or(Value::Null, |r| {
        json!({
            "rfc3986": reading_json(r.rfc3986()),
            "whatwg": reading_json(r.whatwg()),
        })
    })
}
