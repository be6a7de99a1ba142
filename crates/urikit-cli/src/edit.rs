//! `urikit edit`: read or change the components of URI references, in the
//! manner of curl's `trurl`, but by RFC 3986 alone: nothing is normalized,
//! guessed or filled in that was not asked for.
//!
//! The steps, in this order, on each input: every `--remove`, then every
//! `--set` (each in the order given), one combination of `--iterate` values
//! (the first `--iterate` varies slowest), `--append`, `--trim-query`,
//! `--sort-query`; then the result is built again with the library's
//! builder, which checks every component (RFC 3986 §3) and refuses what
//! would not parse back the same, and is printed, or the `--get` template
//! expanded from it.
//!
//! A value after `=` is text, percent-encoded for its component (§2.1); a
//! value after `:=` is taken as already encoded. A template's `{name}` is
//! decoded, `{:name}` is the text as written.
//!
//! This file uses only `std` and `urikit`, so that the fuzz target
//! `cli_edit` (`tests/fuzz_props.rs`) compiles it as it is, with `#[path]`:
//! what the fuzzer runs is the command's own code.

use std::borrow::Cow;
use std::fmt::Write as _;

use urikit::encode::{EncodeSet, decode_utf8_lossy, encode};
use urikit::schemes::Registry;
use urikit::{BuildError, BuildErrorKind, Builder, ParseOptions, UriReference, UriReferenceBuf};

/// A component that `--set`, `--remove` and `--iterate` name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    /// The scheme (§3.1).
    Scheme,
    /// What comes before the first `:` of the userinfo (§3.2.1).
    User,
    /// What comes after the first `:` of the userinfo.
    Password,
    /// The whole userinfo.
    Userinfo,
    /// The host (§3.2.2).
    Host,
    /// The port (§3.2.3).
    Port,
    /// The path (§3.3).
    Path,
    /// The query (§3.4).
    Query,
    /// The fragment (§3.5).
    Fragment,
}

impl Part {
    /// Every part, by name.
    const ALL: [(&'static str, Part); 9] = [
        ("scheme", Part::Scheme),
        ("user", Part::User),
        ("password", Part::Password),
        ("userinfo", Part::Userinfo),
        ("host", Part::Host),
        ("port", Part::Port),
        ("path", Part::Path),
        ("query", Part::Query),
        ("fragment", Part::Fragment),
    ];

    /// The part called `name`.
    fn named(name: &str) -> Result<Part, String> {
        Part::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, part)| part)
            .ok_or_else(|| {
                let names: Vec<&str> = Part::ALL.iter().map(|(n, _)| *n).collect();
                format!(
                    "unknown component `{name}` (expected one of: {})",
                    names.join(", ")
                )
            })
    }

    /// The characters this part keeps as they are when a value is encoded
    /// for it; `None` for the scheme and the port, which are never
    /// encoded, and for an IP literal host.
    fn encode_set(self) -> Option<&'static EncodeSet> {
        match self {
            Part::Scheme | Part::Port => None,
            Part::User => Some(&EncodeSet::USERNAME),
            Part::Password | Part::Userinfo => Some(&EncodeSet::USERINFO),
            Part::Host => Some(&EncodeSet::HOST),
            Part::Path => Some(&EncodeSet::PATH),
            Part::Query => Some(&EncodeSet::QUERY),
            Part::Fragment => Some(&EncodeSet::FRAGMENT),
        }
    }

    /// `value` as it is written in this part: encoded unless `encoded`.
    fn write(self, value: &str, encoded: bool) -> String {
        match self.encode_set() {
            _ if encoded => value.to_owned(),
            // An IP literal is written as it is (RFC 3986 §3.2.2).
            Some(_) if self == Part::Host && value.starts_with('[') => value.to_owned(),
            Some(set) => encode(value, set).into_owned(),
            None => value.to_owned(),
        }
    }
}

/// `COMPONENT=VALUE` (text, to encode) or `COMPONENT:=VALUE` (encoded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Assignment {
    part: Part,
    value: String,
    encoded: bool,
}

impl Assignment {
    /// Parses `COMPONENT=VALUE` or `COMPONENT:=VALUE`.
    pub(crate) fn parse(text: &str) -> Result<Self, String> {
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| format!("`{text}` is not COMPONENT=VALUE"))?;
        let (name, encoded) = match name.strip_suffix(':') {
            Some(name) => (name, true),
            None => (name, false),
        };
        Ok(Assignment {
            part: Part::named(name)?,
            value: value.to_owned(),
            encoded,
        })
    }
}

/// What `--append` adds to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Append {
    /// `path=SEGMENT`: a segment at the end of the path.
    Segment(String),
    /// `query=KEY=VALUE` or `query=KEY`: a pair at the end of the query.
    Pair(String),
}

impl Append {
    /// Parses `path=SEGMENT`, `query=PAIR`, or either with `:=` for an
    /// encoded value.
    pub(crate) fn parse(text: &str) -> Result<Self, String> {
        let a = Assignment::parse(text)?;
        match a.part {
            Part::Path if a.encoded => Ok(Append::Segment(a.value)),
            Part::Path => Ok(Append::Segment(
                encode(&a.value, &EncodeSet::PATH_SEGMENT).into_owned(),
            )),
            Part::Query if a.encoded => Ok(Append::Pair(a.value)),
            Part::Query => Ok(Append::Pair(match a.value.split_once('=') {
                Some((key, value)) => format!(
                    "{}={}",
                    encode(key, &EncodeSet::QUERY_COMPONENT),
                    encode(value, &EncodeSet::QUERY_COMPONENT)
                ),
                None => encode(&a.value, &EncodeSet::QUERY_COMPONENT).into_owned(),
            })),
            _ => Err(format!(
                "`--append` adds to `path` or `query`, not `{text}`"
            )),
        }
    }
}

/// One `--iterate`: a component and the values it takes in turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Iterate {
    part: Part,
    values: Vec<String>,
    encoded: bool,
}

impl Iterate {
    /// Parses `COMPONENT=V1 V2 …` (or `:=`), the values split at spaces.
    pub(crate) fn parse(text: &str) -> Result<Self, String> {
        let a = Assignment::parse(text)?;
        let values: Vec<String> = a
            .value
            .split(' ')
            .filter(|v| !v.is_empty())
            .map(String::from)
            .collect();
        if values.is_empty() {
            return Err(format!("`--iterate {text}` gives no value"));
        }
        Ok(Iterate {
            part: a.part,
            values,
            encoded: a.encoded,
        })
    }
}

/// A change of `--set` or `--remove`, in command-line order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Change {
    /// `--set`.
    Set(Assignment),
    /// `--remove`.
    Remove(Part),
}

impl Change {
    /// Parses the argument of `--remove`: a component name.
    pub(crate) fn remove(name: &str) -> Result<Self, String> {
        Part::named(name).map(Change::Remove)
    }
}

/// The most outputs the `--iterate` options of one command may make for
/// each input: [`Edit::apply`] holds all of one input's outputs at once.
pub(crate) const MAX_OUTPUTS: usize = 1_000_000;

/// Everything `edit` does to each input.
#[derive(Debug, Default)]
pub(crate) struct Edit {
    /// Every `--remove`, then every `--set`, each in command-line order.
    pub(crate) changes: Vec<Change>,
    /// `--iterate`, each on a different component.
    pub(crate) iterate: Vec<Iterate>,
    /// `--append`, in order.
    pub(crate) appends: Vec<Append>,
    /// `--trim-query` patterns.
    pub(crate) trims: Vec<String>,
    /// `--sort-query`.
    pub(crate) sort_query: bool,
    /// `--get`.
    pub(crate) template: Option<Template>,
    /// The options the edited reference is checked with (`--allow-zone-id`).
    pub(crate) options: ParseOptions,
}

impl Edit {
    /// Checks that no component is iterated twice, and that `--iterate`
    /// makes at most [`MAX_OUTPUTS`] outputs per input.
    ///
    /// # Errors
    ///
    /// The usage error to print.
    pub(crate) fn check(&self) -> Result<(), String> {
        for (i, a) in self.iterate.iter().enumerate() {
            if self.iterate[..i].iter().any(|b| b.part == a.part) {
                return Err(format!(
                    "`--iterate` names `{}` twice",
                    Part::ALL
                        .iter()
                        .find(|(_, p)| *p == a.part)
                        .map_or("", |(n, _)| n)
                ));
            }
        }
        match self.outputs_per_input() {
            n if n > MAX_OUTPUTS => Err(format!(
                "`--iterate` makes {} outputs per input; at most {MAX_OUTPUTS} are allowed",
                if n == usize::MAX {
                    "too many".to_owned()
                } else {
                    n.to_string()
                }
            )),
            _ => Ok(()),
        }
    }

    /// How many outputs each input makes: the product of the numbers of
    /// `--iterate` values, 1 without; `usize::MAX` when the product does
    /// not fit.
    pub(crate) fn outputs_per_input(&self) -> usize {
        self.iterate
            .iter()
            .try_fold(1_usize, |n, i| n.checked_mul(i.values.len()))
            .unwrap_or(usize::MAX)
    }

    /// Every output for `reference`, in order: one per combination of
    /// `--iterate` values.
    ///
    /// # Errors
    ///
    /// The [`BuildError`] of the first edited reference that is not a URI
    /// reference: the whole input is then invalid.
    pub(crate) fn apply(
        &self,
        reference: UriReference<'_>,
        registry: &Registry,
    ) -> Result<Vec<String>, BuildError> {
        // `check` keeps the count to `MAX_OUTPUTS`; the capacity holds to
        // it even for an `Edit` that was not checked.
        let mut outputs = Vec::with_capacity(self.outputs_per_input().min(MAX_OUTPUTS));
        let mut parts = Parts::of(reference);
        for change in &self.changes {
            parts.change(change);
        }
        let mut choice = vec![0; self.iterate.len()];
        loop {
            let mut edited = parts.clone();
            for (it, &k) in self.iterate.iter().zip(&choice) {
                edited.change(&Change::Set(Assignment {
                    part: it.part,
                    value: it.values[k].clone(),
                    encoded: it.encoded,
                }));
            }
            for append in &self.appends {
                edited.append(append);
            }
            if !self.trims.is_empty() || self.sort_query {
                edited.rewrite_query(&self.trims, self.sort_query);
            }
            let built = edited.build(self.options)?;
            outputs.push(match &self.template {
                Some(template) => template.expand(built.as_uri_reference(), registry),
                None => built.as_str().to_owned(),
            });
            // The next combination: the last `--iterate` varies fastest.
            let mut i = choice.len();
            loop {
                if i == 0 {
                    return Ok(outputs);
                }
                i -= 1;
                choice[i] += 1;
                if choice[i] < self.iterate[i].values.len() {
                    break;
                }
                choice[i] = 0;
            }
        }
    }
}

/// The components of a reference being edited, each as written (encoded).
#[derive(Debug, Clone, Default)]
struct Parts {
    scheme: Option<String>,
    user: Option<String>,
    password: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Parts {
    /// The components of `r`.
    fn of(r: UriReference<'_>) -> Self {
        let (user, password) = match r.userinfo() {
            Some(info) => match info.split_once(':') {
                Some((user, password)) => (Some(user.to_owned()), Some(password.to_owned())),
                None => (Some(info.to_owned()), None),
            },
            None => (None, None),
        };
        Parts {
            scheme: r.scheme().map(String::from),
            user,
            password,
            host: r.host_str().map(String::from),
            port: r.port().map(String::from),
            path: r.path().to_owned(),
            query: r.query().map(String::from),
            fragment: r.fragment().map(String::from),
        }
    }

    /// The slot of `part`; `None` for the path, which is never absent.
    fn slot(&mut self, part: Part) -> Option<&mut Option<String>> {
        match part {
            Part::Scheme => Some(&mut self.scheme),
            Part::User | Part::Userinfo => Some(&mut self.user),
            Part::Password => Some(&mut self.password),
            Part::Host => Some(&mut self.host),
            Part::Port => Some(&mut self.port),
            Part::Path => None,
            Part::Query => Some(&mut self.query),
            Part::Fragment => Some(&mut self.fragment),
        }
    }

    /// Applies one `--set` or `--remove`.
    fn change(&mut self, change: &Change) {
        match change {
            Change::Set(a) => {
                let value = a.part.write(&a.value, a.encoded);
                if a.part == Part::Userinfo {
                    let (user, password) = match value.split_once(':') {
                        Some((u, p)) => (u.to_owned(), Some(p.to_owned())),
                        None => (value, None),
                    };
                    self.user = Some(user);
                    self.password = password;
                    return;
                }
                match self.slot(a.part) {
                    Some(slot) => *slot = Some(value),
                    None => self.path = value,
                }
            }
            Change::Remove(part) => {
                if *part == Part::Userinfo {
                    self.password = None;
                }
                match self.slot(*part) {
                    Some(slot) => *slot = None,
                    None => self.path.clear(),
                }
            }
        }
    }

    /// Applies one `--append`.
    fn append(&mut self, append: &Append) {
        match append {
            Append::Segment(segment) => {
                if self.path.is_empty() && self.host.is_some()
                    || !self.path.is_empty() && !self.path.ends_with('/')
                {
                    self.path.push('/');
                }
                self.path.push_str(segment);
            }
            Append::Pair(pair) => match &mut self.query {
                Some(query) if !query.is_empty() => {
                    query.push('&');
                    query.push_str(pair);
                }
                _ => self.query = Some(pair.clone()),
            },
        }
    }

    /// Removes the query's pairs whose decoded key matches one of `trims`
    /// (a pattern ending in `*` matches every key it begins), and empty
    /// pairs; sorts the rest by their text when `sort`. A query left
    /// without pairs is removed.
    fn rewrite_query(&mut self, trims: &[String], sort: bool) {
        let Some(query) = &self.query else { return };
        let mut pairs: Vec<&str> = query
            .split('&')
            .filter(|pair| !pair.is_empty())
            .filter(|pair| {
                let key = decode_utf8_lossy(pair.split('=').next().unwrap_or(""));
                !trims.iter().any(|t| match t.strip_suffix('*') {
                    Some(prefix) => key.starts_with(prefix),
                    None => *key == **t,
                })
            })
            .collect();
        if sort {
            pairs.sort_unstable();
        }
        self.query = (!pairs.is_empty()).then(|| pairs.join("&"));
    }

    /// The reference these parts make, checked by the builder with
    /// `options`.
    fn build(&self, options: ParseOptions) -> Result<UriReferenceBuf, BuildError> {
        let userinfo = match (&self.user, &self.password) {
            (None, None) => None,
            (user, None) => user.clone(),
            (user, Some(password)) => Some(format!("{}:{password}", user.as_deref().unwrap_or(""))),
        };
        // The host first: `Builder::host(None)` drops the userinfo and the
        // port set before it, and a userinfo or port set after it with no
        // host is the builder's `MissingHost`, as it should be here.
        Builder::new()
            .scheme(self.scheme.as_deref())
            .host(self.host.as_deref())
            .userinfo(userinfo.as_deref())
            .port_str(self.port.as_deref())
            .path(&self.path)
            .query(self.query.as_deref())
            .fragment(self.fragment.as_deref())
            .options(options)
            .build()
    }
}

/// The name a [`BuildErrorKind`] goes by in JSON output and summaries.
pub(crate) fn build_error_name(kind: BuildErrorKind) -> &'static str {
    match kind {
        BuildErrorKind::Syntax(kind) => kind.name(),
        BuildErrorKind::MissingHost => "MissingHost",
        BuildErrorKind::PathNotAbsolute => "PathNotAbsolute",
        BuildErrorKind::PathStartsWithDoubleSlash => "PathStartsWithDoubleSlash",
        BuildErrorKind::ColonInFirstSegment => "ColonInFirstSegment",
        BuildErrorKind::MissingScheme => "MissingScheme",
        BuildErrorKind::UnexpectedScheme => "UnexpectedScheme",
        _ => "BuildError",
    }
}

/// A `--get` template: text with `{name}` placeholders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Template {
    pieces: Vec<Piece>,
}

/// A piece of a [`Template`].
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    /// Text copied as it is.
    Text(String),
    /// A placeholder; `raw` for `{:name}`.
    Field { field: Field, raw: bool },
}

/// What a placeholder stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Field {
    /// The whole reference: `{url}` or `{uri}`.
    Whole,
    /// A component.
    Part(Part),
    /// `{default:port}`: the port, or the scheme's default.
    DefaultPort,
    /// `{query:KEY}`: the value of the first pair with the key.
    QueryValue(String),
    /// `{query-all:KEY}`: the values of every pair with the key.
    QueryAll(String),
}

impl Template {
    /// Parses a template. `\` makes the next character literal (`\{`);
    /// a `{` without a closing `}` is literal text.
    ///
    /// # Errors
    ///
    /// The usage error for a placeholder that names nothing known.
    pub(crate) fn parse(text: &str) -> Result<Self, String> {
        let mut pieces = Vec::new();
        let mut literal = String::new();
        let mut chars = text.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => {
                    if let Some((_, next)) = chars.next() {
                        literal.push(next);
                    } else {
                        literal.push('\\');
                    }
                }
                '{' => match text[i + 1..].find('}') {
                    Some(len) => {
                        let name = &text[i + 1..i + 1 + len];
                        if !literal.is_empty() {
                            pieces.push(Piece::Text(std::mem::take(&mut literal)));
                        }
                        pieces.push(Template::placeholder(name)?);
                        for _ in 0..=name.chars().count() {
                            chars.next();
                        }
                    }
                    None => literal.push('{'),
                },
                _ => literal.push(c),
            }
        }
        if !literal.is_empty() {
            pieces.push(Piece::Text(literal));
        }
        Ok(Template { pieces })
    }

    /// The piece for the placeholder `{name}`.
    fn placeholder(name: &str) -> Result<Piece, String> {
        let (raw, name) = match name.strip_prefix(':') {
            Some(rest) => (true, rest),
            None => (false, name),
        };
        let field = if let Some(key) = name.strip_prefix("query:") {
            Field::QueryValue(key.to_owned())
        } else if let Some(key) = name.strip_prefix("query-all:") {
            Field::QueryAll(key.to_owned())
        } else if name == "default:port" {
            Field::DefaultPort
        } else if name == "url" || name == "uri" {
            Field::Whole
        } else {
            Field::Part(Part::named(name).map_err(|_| {
                format!(
                    "unknown placeholder `{{{name}}}` (expected a component: scheme, user, \
                     password, userinfo, host, port, path, query, fragment; or url, \
                     default:port, query:KEY, query-all:KEY)"
                )
            })?)
        };
        Ok(Piece::Field { field, raw })
    }

    /// The template filled in from `r`.
    pub(crate) fn expand(&self, r: UriReference<'_>, registry: &Registry) -> String {
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Field { field, raw } => {
                    let value = field_value(r, field, *raw, registry);
                    out.push_str(&value);
                }
            }
        }
        out
    }
}

/// The value of `field` in `r`: as written when `raw`, else decoded; the
/// empty string when absent.
fn field_value<'a>(
    r: UriReference<'a>,
    field: &Field,
    raw: bool,
    registry: &Registry,
) -> Cow<'a, str> {
    let shown = |text: &'a str| {
        if raw {
            Cow::Borrowed(text)
        } else {
            decoded(text)
        }
    };
    let userinfo = r.userinfo().map(|u| u.split_once(':').unwrap_or((u, "")));
    match field {
        Field::Whole => Cow::Borrowed(r.as_str()),
        Field::Part(Part::Scheme) => Cow::Borrowed(r.scheme().unwrap_or("")),
        Field::Part(Part::User) => shown(userinfo.map_or("", |(u, _)| u)),
        Field::Part(Part::Password) => shown(userinfo.map_or("", |(_, p)| p)),
        Field::Part(Part::Userinfo) => shown(r.userinfo().unwrap_or("")),
        Field::Part(Part::Host) => match r.host_str() {
            Some(host) if host.starts_with('[') => Cow::Borrowed(host),
            Some(host) => shown(host),
            None => Cow::Borrowed(""),
        },
        Field::Part(Part::Port) => Cow::Borrowed(r.port().unwrap_or("")),
        Field::Part(Part::Path) => shown(r.path()),
        Field::Part(Part::Query) => shown(r.query().unwrap_or("")),
        Field::Part(Part::Fragment) => shown(r.fragment().unwrap_or("")),
        Field::DefaultPort => match r.port() {
            Some(port) if !port.is_empty() => Cow::Borrowed(port),
            _ => r
                .scheme()
                .and_then(|s| registry.get(&s.to_ascii_lowercase()))
                .and_then(|s| s.default_port())
                .map_or(Cow::Borrowed(""), |p| Cow::Owned(p.to_string())),
        },
        Field::QueryValue(key) => query_values(r.query(), key, raw)
            .into_iter()
            .next()
            .unwrap_or(Cow::Borrowed("")),
        Field::QueryAll(key) => Cow::Owned(query_values(r.query(), key, raw).join(" ")),
    }
}

/// The values of the pairs of `query` whose decoded key is `key`, in
/// order, decoded unless `raw`.
fn query_values<'a>(query: Option<&'a str>, key: &str, raw: bool) -> Vec<Cow<'a, str>> {
    query
        .unwrap_or("")
        .split('&')
        .filter(|pair| !pair.is_empty())
        .filter_map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (*decode_utf8_lossy(k) == *key).then(|| if raw { Cow::Borrowed(v) } else { decoded(v) })
        })
        .collect()
}

/// `text` percent-decoded as UTF-8 (a bad sequence as U+FFFD), each
/// control character (U+0000 to U+001F, U+007F) as `.`, so that one value
/// stays on one line.
fn decoded(text: &str) -> Cow<'_, str> {
    let decoded = decode_utf8_lossy(text);
    if decoded.chars().any(|c| c.is_ascii_control()) {
        let mut out = String::with_capacity(decoded.len());
        for c in decoded.chars() {
            let _ = out.write_char(if c.is_ascii_control() { '.' } else { c });
        }
        Cow::Owned(out)
    } else {
        decoded
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(input: &str, setup: impl FnOnce(&mut Edit)) -> Result<Vec<String>, BuildError> {
        let mut e = Edit::default();
        setup(&mut e);
        e.apply(UriReference::parse(input).unwrap(), &Registry::standard())
    }

    #[test]
    fn set_encodes_and_raw_set_does_not() {
        let set = |a: &str| Change::Set(Assignment::parse(a).unwrap());
        assert_eq!(
            edit("http://a/", |e| e.changes =
                vec![set("path=/a b"), set("fragment:=%20x")])
            .unwrap(),
            ["http://a/a%20b#%20x"]
        );
        assert_eq!(
            edit("http://a/", |e| e.changes =
                vec![set("user=a:b"), set("password=c:d")])
            .unwrap(),
            ["http://a%3Ab:c:d@a/"]
        );
    }

    #[test]
    fn templates() {
        let t = Template::parse(r"\{{scheme}\[ {nope").unwrap();
        assert_eq!(
            t.expand(UriReference::parse("h:x").unwrap(), &Registry::standard()),
            "{h[ {nope"
        );
        assert!(Template::parse("{nope}").is_err());
        let r = UriReference::parse("https://h/?a=1&b=%20&a=2%00").unwrap();
        let get = |t: &str| Template::parse(t).unwrap().expand(r, &Registry::standard());
        assert_eq!(
            get("{query-all:a}|{:query:b}|{query:b}|{default:port}"),
            "1 2.|%20| |443"
        );
    }

    #[test]
    fn iterate_order_and_failures() {
        let out = edit("s://h", |e| {
            e.iterate = vec![
                Iterate::parse("port=1 2").unwrap(),
                Iterate::parse("scheme=a b").unwrap(),
            ];
        })
        .unwrap();
        assert_eq!(out, ["a://h:1", "b://h:1", "a://h:2", "b://h:2"]);
        // 1,000 values on each of three components: 10^9 outputs per input.
        let thousand = (0..1000)
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let mut e = Edit::default();
        for part in ["port", "path", "query"] {
            e.iterate
                .push(Iterate::parse(&format!("{part}={thousand}")).unwrap());
        }
        assert_eq!(e.outputs_per_input(), 1_000_000_000);
        assert!(e.check().unwrap_err().contains("1000000000 outputs"));
        // And on every component: more than `usize` holds.
        e.iterate = Part::ALL
            .iter()
            .map(|(name, _)| Iterate::parse(&format!("{name}={thousand}")).unwrap())
            .collect();
        assert_eq!(e.outputs_per_input(), usize::MAX);
        assert!(e.check().unwrap_err().contains("too many outputs"));
        // A userinfo or a port needs a host, and is not dropped.
        for set in ["user=u", "port=80", "userinfo=a:b", "password=p"] {
            let err = edit("a/b", |e| {
                e.changes = vec![Change::Set(Assignment::parse(set).unwrap())]
            });
            assert_eq!(
                err.map_err(|e| e.kind()),
                Err(BuildErrorKind::MissingHost),
                "{set}"
            );
        }
        let err = edit("mailto:x", |e| {
            e.changes = vec![Change::Set(Assignment::parse("host=h").unwrap())]
        });
        assert_eq!(
            err.map_err(|e| e.kind()),
            Err(BuildErrorKind::PathNotAbsolute)
        );
    }
}
