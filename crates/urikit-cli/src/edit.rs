//! `urikit edit`: read or change the components of URI references, in the
//! manner of curl's `trurl`, but by RFC 3986 alone: nothing is normalized,
//! guessed or filled in that was not asked for.
//!
//! The steps, in this order, on each input: every `--remove`, then every
//! `--set` (each in the order given; `--set-if-absent` and `COMPONENT?=`
//! only where the component is absent), one combination of `--iterate`
//! values (the first `--iterate` varies slowest), `--trim-query`,
//! `--replace` and `--replace-append`, `--append`, `--sort-query`; then the
//! result is built again with the library's builder, which checks every
//! component (RFC 3986 §3, or RFC 3987 §2.2 for an IRI) and refuses what
//! would not parse back the same; with `--normalize`, it is normalized
//! (syntax, then scheme, as `normalize --scheme`; `--keep-port` keeps a
//! default port); then it is printed, or the `--get` template expanded from
//! it. An IRI reference is edited as an IRI reference, by the same steps.
//!
//! The query is read as pairs split at `--query-separator` (`&` unless
//! told), each pair split at its first `=`.
//!
//! A value after `=` is text, percent-encoded for its component (§2.1); a
//! value after `:=` is taken as already encoded. A template's `{name}` is
//! decoded, `{:name}` is the text as written.
//!
//! The fuzz target `cli_edit` (`tests/fuzz_props.rs`) drives this module
//! through the crate's library: what the fuzzer runs is the command's own
//! code. Its public items are that surface, and no more.

use std::borrow::Cow;
use std::fmt;
use std::fmt::Write as _;

use urikit::encode::{EncodeSet, decode_utf8_lossy, encode};
use urikit::schemes::Registry;
use urikit::{
    BuildError, Component, IriReference, ParseOptions, RiBuilder, RiReference, RiReferenceBuf,
    Spec, UriReference,
};

/// A component that `--set`, `--remove` and `--iterate` name.
///
/// # Examples
///
/// ```
/// use urikit_cli::edit::{Change, Part};
///
/// assert_eq!(Change::remove("port")?, Change::Remove(Part::Port));
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
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

    /// The part's name.
    pub(crate) fn name(self) -> &'static str {
        Part::ALL
            .iter()
            .find(|(_, p)| *p == self)
            .map_or("", |(n, _)| n)
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

    /// The component this part is in.
    fn component(self) -> Component {
        match self {
            Part::Scheme => Component::Scheme,
            Part::User | Part::Password | Part::Userinfo => Component::Userinfo,
            Part::Host => Component::Host,
            Part::Port => Component::Port,
            Part::Path => Component::Path,
            Part::Query => Component::Query,
            Part::Fragment => Component::Fragment,
        }
    }

    /// `value` as it is written in this part of a reference of the spec
    /// `S`: as [`write`](Self::write), but in an IRI (RFC 3987 §2.2) the
    /// characters its component may hold unencoded (`ucschar`, and
    /// `iprivate` in the query) stay as they are.
    fn write_in<S: Spec>(self, value: &str, encoded: bool) -> String {
        if S::ASCII_ONLY || encoded || value.is_ascii() || self.encode_set().is_none() {
            return self.write(value, encoded);
        }
        let component = self.component();
        let mut out = String::with_capacity(value.len());
        let mut run = String::new();
        for c in value.chars() {
            if !c.is_ascii() && S::allows_non_ascii(c, component) {
                out.push_str(&self.write(&run, false));
                run.clear();
                out.push(c);
            } else {
                run.push(c);
            }
        }
        out.push_str(&self.write(&run, false));
        out
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

/// `COMPONENT=VALUE` (text, to encode) or `COMPONENT:=VALUE` (encoded);
/// `COMPONENT?=VALUE` (or `?:=`… as `:?=`) sets only an absent component.
///
/// # Examples
///
/// ```
/// use urikit_cli::edit::Assignment;
///
/// assert!(Assignment::parse("query:=a=1").is_ok());
/// assert!(Assignment::parse("port=x").is_err());
/// // A password is not shown, not even by `{:?}`.
/// let set = Assignment::parse("password=s3cret")?;
/// assert!(!format!("{set:?}").contains("s3cret"));
/// let set = Assignment::parse("userinfo=me:s3cret")?;
/// assert!(!format!("{set:?}").contains("s3cret"));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Assignment {
    part: Part,
    value: String,
    encoded: bool,
    if_absent: bool,
}

/// The value of a password or userinfo assignment is not shown (nothing
/// secret is printed by default, not even by `{:?}`); a userinfo's user
/// is, as [`urikit::redact_userinfo`] shows it.
impl fmt::Debug for Assignment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value: Cow<'_, str> = match self.part {
            Part::Password => Cow::Borrowed(urikit::MASK),
            Part::Userinfo => urikit::redact_userinfo(&self.value).into(),
            _ => Cow::Borrowed(&self.value),
        };
        f.debug_struct("Assignment")
            .field("part", &self.part)
            .field("value", &value)
            .field("encoded", &self.encoded)
            .field("if_absent", &self.if_absent)
            .finish()
    }
}

impl Assignment {
    /// Parses `COMPONENT=VALUE`, `COMPONENT:=VALUE` or, to set only an
    /// absent component, `COMPONENT?=VALUE`, and checks the value: what it
    /// writes must be valid in its component.
    ///
    /// # Errors
    ///
    /// The usage error, naming the option's argument and pointing into it.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit_cli::edit::Assignment;
    ///
    /// let err = Assignment::parse("port=8a").unwrap_err();
    /// // The message quotes the argument, with a caret under the fault.
    /// assert!(err.contains("\n\n  port=8a\n"));
    /// ```
    pub fn parse(text: &str) -> Result<Self, String> {
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| format!("`{text}` is not COMPONENT=VALUE"))?;
        let (name, if_absent) = match name.strip_suffix('?') {
            Some(name) => (name, true),
            None => (name, false),
        };
        let (name, encoded) = match name.strip_suffix(':') {
            Some(name) => (name, true),
            None => (name, false),
        };
        let a = Assignment {
            part: Part::named(name)?,
            value: value.to_owned(),
            encoded,
            if_absent,
        };
        let written = a.part.write(&a.value, a.encoded);
        if let Err((index, why)) = check_written(a.part, &written) {
            // `written` is `value` wherever something can fail: values of
            // the scheme, the port, an IP literal, and encoded ones.
            let at = text.len() - value.len() + index.min(value.len());
            return Err(format!(
                "{why}\n\n  {text}\n  {}^",
                " ".repeat(text[..at].chars().count())
            ));
        }
        Ok(a)
    }

    /// Parses the argument of `--set-if-absent`: as [`parse`](Self::parse),
    /// the assignment made only where the component is absent.
    ///
    /// # Errors
    ///
    /// As [`parse`](Self::parse).
    pub(crate) fn parse_if_absent(text: &str) -> Result<Self, String> {
        Assignment::parse(text).map(|a| Assignment {
            if_absent: true,
            ..a
        })
    }
}

/// Checks `written`, a value as it would stand in `part`: the byte offset
/// of the first thing wrong in it and why.
fn check_written(part: Part, written: &str) -> Result<(), (usize, String)> {
    let probe = |prefix: &str, suffix: &str| -> Result<(), (usize, String)> {
        let text = format!("{prefix}{written}{suffix}");
        let err = if written.is_ascii() {
            UriReference::parse(&text).err()
        } else {
            IriReference::parse(&text).err()
        };
        match err {
            Some(e) => Err((
                e.index().saturating_sub(prefix.len()),
                format!("not a valid {} ({})", part.name(), e.kind()),
            )),
            None => Ok(()),
        }
    };
    match part {
        Part::Scheme => {
            let bad = written.char_indices().find(|&(i, c)| {
                !(c.is_ascii_alphabetic() || i > 0 && (c.is_ascii_digit() || "+-.".contains(c)))
            });
            match bad {
                Some((i, _)) => Err((
                    i,
                    "not a scheme (a letter, then letters, digits, `+`, `-`, `.`)".to_owned(),
                )),
                None if written.is_empty() => Err((
                    0,
                    "an empty scheme (to remove it, `--remove scheme`)".to_owned(),
                )),
                None => Ok(()),
            }
        }
        Part::Port => match written.bytes().position(|b| !b.is_ascii_digit()) {
            Some(i) => Err((i, "not a port (digits only)".to_owned())),
            None => Ok(()),
        },
        Part::Host => {
            probe("//", "")?;
            // All of it must be the host: no `:`, `/`, `?`, `#` after it.
            let text = format!("//{written}");
            let host_len = if written.is_ascii() {
                UriReference::parse(&text)
                    .ok()
                    .and_then(|r| r.host_str().map(str::len))
            } else {
                IriReference::parse(&text)
                    .ok()
                    .and_then(|r| r.host_str().map(str::len))
            };
            match host_len {
                Some(n) if n == written.len() => Ok(()),
                n => Err((
                    n.unwrap_or(0),
                    "not a host (a name, an IPv4 address, or `[IPv6]`)".to_owned(),
                )),
            }
        }
        Part::User => match written.find([':', '@', '/', '?', '#', '[', ']']) {
            Some(i) => Err((
                i,
                "not a user (`:`, `@`, `/`, `?`, `#`, `[`, `]` must be encoded)".to_owned(),
            )),
            None => probe("//", "@h"),
        },
        Part::Password | Part::Userinfo => match written.find(['@', '/', '?', '#', '[', ']']) {
            Some(i) => Err((
                i,
                format!(
                    "not a {} (`@`, `/`, `?`, `#`, `[`, `]` must be encoded)",
                    part.name()
                ),
            )),
            None if part == Part::Password => probe("//u:", "@h"),
            None => probe("//", "@h"),
        },
        Part::Path => match written.find(['?', '#']) {
            Some(i) => Err((i, "not a path (`?` and `#` must be encoded)".to_owned())),
            None if written.starts_with('/') => probe("s://h", ""),
            None => probe("s://h/", ""),
        },
        Part::Query => match written.find('#') {
            Some(i) => Err((i, "not a query (`#` must be encoded)".to_owned())),
            None => probe("?", ""),
        },
        Part::Fragment => probe("#", ""),
    }
}

/// What `--append` adds to.
///
/// # Examples
///
/// ```
/// use urikit_cli::edit::Append;
///
/// assert_eq!(Append::parse("path=a b")?, Append::Segment("a%20b".into()));
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Append {
    /// `path=SEGMENT`: a segment at the end of the path.
    Segment(String),
    /// `query=KEY=VALUE` or `query=KEY`: a pair at the end of the query.
    Pair(String),
}

impl Append {
    /// Parses `path=SEGMENT`, `query=PAIR`, or either with `:=` for an
    /// encoded value.
    ///
    /// # Errors
    ///
    /// The usage error for another component or an invalid value.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit_cli::edit::Append;
    ///
    /// assert_eq!(Append::parse("query=k=v w")?, Append::Pair("k=v%20w".into()));
    /// assert!(Append::parse("host=h").is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn parse(text: &str) -> Result<Self, String> {
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
///
/// # Examples
///
/// ```
/// use urikit_cli::edit::Iterate;
///
/// assert!(Iterate::parse("port=80 8080").is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Iterate {
    part: Part,
    values: Vec<String>,
    encoded: bool,
}

impl Iterate {
    /// Parses `COMPONENT=V1 V2 …` (or `:=`), the values split at spaces,
    /// each checked as `--set` checks its value.
    ///
    /// # Errors
    ///
    /// The usage error for an invalid value, or no value.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit_cli::edit::Iterate;
    ///
    /// assert!(Iterate::parse("port=80 x").is_err());
    /// assert!(Iterate::parse("port=").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Self, String> {
        let a = Assignment::parse(text.split(' ').next().unwrap_or(text))?;
        let name = &text[..text.find('=').unwrap_or(0)];
        let values: Vec<String> = text[name.len() + 1..]
            .split(' ')
            .filter(|v| !v.is_empty())
            .map(String::from)
            .collect();
        for value in &values {
            Assignment::parse(&format!("{name}={value}"))?;
        }
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

/// One `--replace` or `--replace-append`: a query pair that takes the
/// place of the first pair with its key, the others with the key dropped.
///
/// # Examples
///
/// ```
/// use urikit_cli::edit::Edit;
///
/// use urikit_cli::edit::Replace;
///
/// // `--replace` pairs are made by the command line; an `Edit` starts with none.
/// let mut edit = Edit::default();
/// assert!(edit.replaces.is_empty());
/// edit.replaces.push(Replace::parse("page=2", false)?);
/// assert!(Replace::parse("", false).is_err());
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replace {
    /// The key, decoded, as pairs are matched.
    key: String,
    /// The pair as written: `KEY=VALUE` or `KEY`, encoded.
    pair: String,
    /// `--replace-append`: append the pair when no pair has the key.
    append: bool,
}

impl Replace {
    /// Parses the argument of `--replace` (or `--replace-append`): the
    /// pair is appended when no pair has the key.
    ///
    /// # Errors
    ///
    /// As [`parse`](Self::parse).
    pub(crate) fn parse_append(text: &str) -> Result<Self, String> {
        Replace::parse(text, true)
    }

    /// Parses `KEY=VALUE` or `KEY` (text, encoded for a query component);
    /// `append` for `--replace-append`.
    ///
    /// # Errors
    ///
    /// The usage error for an empty argument.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit_cli::edit::Replace;
    ///
    /// assert!(Replace::parse("page=2", false).is_ok());
    /// assert!(Replace::parse("", true).is_err());
    /// ```
    pub fn parse(text: &str, append: bool) -> Result<Self, String> {
        if text.is_empty() {
            return Err("no pair to replace: give KEY=VALUE or KEY".to_owned());
        }
        let (key, value) = match text.split_once('=') {
            Some((k, v)) => (k, Some(v)),
            None => (text, None),
        };
        let encoded_key = encode(key, &EncodeSet::QUERY_COMPONENT);
        let pair = match value {
            Some(v) => format!("{encoded_key}={}", encode(v, &EncodeSet::QUERY_COMPONENT)),
            None => encoded_key.into_owned(),
        };
        Ok(Replace {
            key: key.to_owned(),
            pair,
            append,
        })
    }
}

/// A change of `--set` or `--remove`, in command-line order.
///
/// # Examples
///
/// ```
/// use urikit_cli::edit::{Assignment, Change};
///
/// let set = Change::Set(Assignment::parse("host=example.com")?);
/// assert_ne!(set, Change::remove("host")?);
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// `--set`.
    Set(Assignment),
    /// `--remove`.
    Remove(Part),
}

impl Change {
    /// Parses the argument of `--remove`: a component name.
    ///
    /// # Errors
    ///
    /// The usage error for a name that is no component's.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit_cli::edit::Change;
    ///
    /// assert!(Change::remove("query").is_ok());
    /// assert!(Change::remove("color").is_err());
    /// ```
    pub fn remove(name: &str) -> Result<Self, String> {
        Part::named(name).map(Change::Remove)
    }
}

/// The most outputs the `--iterate` options of one command may make for
/// each input: [`Edit::apply`] holds all of one input's outputs at once.
///
/// # Examples
///
/// ```
/// use urikit_cli::edit::{Edit, Iterate, MAX_OUTPUTS};
///
/// let values = vec!["a"; 1001].join(" ");
/// let edit = Edit {
///     iterate: vec![Iterate::parse(&format!("path={values}"))?, Iterate::parse(&format!("query={values}"))?],
///     ..Edit::default()
/// };
/// assert!(edit.outputs_per_input() > MAX_OUTPUTS);
/// assert!(edit.check().is_err());
/// # Ok::<(), String>(())
/// ```
pub const MAX_OUTPUTS: usize = 1_000_000;

/// Everything `edit` does to each input.
///
/// # Examples
///
/// ```
/// use urikit::UriReference;
/// use urikit_cli::edit::{Change, Edit, Template};
///
/// let edit = Edit {
///     changes: vec![Change::remove("fragment")?],
///     template: Some(Template::parse("{host} {url}")?),
///     ..Edit::default()
/// };
/// let registry = urikit::schemes::Registry::default();
/// let outputs = edit.apply(UriReference::parse("http://h/#f").map_err(|e| e.to_string())?, &registry);
/// assert_eq!(outputs.map_err(|e| e.to_string())?, ["h http://h/"]);
/// # Ok::<(), String>(())
/// ```
#[derive(Debug)]
pub struct Edit {
    /// Every `--remove`, then every `--set`, each in command-line order.
    pub changes: Vec<Change>,
    /// `--iterate`, each on a different component.
    pub iterate: Vec<Iterate>,
    /// `--append`, in order.
    pub appends: Vec<Append>,
    /// `--trim-query` patterns.
    pub trims: Vec<String>,
    /// `--replace` and `--replace-append`, in order.
    pub replaces: Vec<Replace>,
    /// `--sort-query`.
    pub sort_query: bool,
    /// `--get`.
    pub template: Option<Template>,
    /// `--strict-get`: a placeholder of an absent component is an error.
    pub strict: bool,
    /// `--normalize`: the result normalized as `normalize --scheme`.
    pub normalize: bool,
    /// `--keep-port`: with `--normalize`, a default port is kept.
    pub keep_port: bool,
    /// `--query-separator`: what separates query pairs.
    pub separator: char,
    /// The options the edited reference is checked with (`--allow-zone-id`).
    pub options: ParseOptions,
}

impl Default for Edit {
    fn default() -> Self {
        Edit {
            changes: Vec::new(),
            iterate: Vec::new(),
            appends: Vec::new(),
            trims: Vec::new(),
            replaces: Vec::new(),
            sort_query: false,
            template: None,
            strict: false,
            normalize: false,
            keep_port: false,
            separator: '&',
            options: ParseOptions::new(),
        }
    }
}

/// Why one output of a strict template (`--strict-get`, `{must:…}`) was
/// not made: the placeholder of an absent component.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Missing {
    /// The placeholder, as `{must:query}` or `{query}`.
    pub(crate) placeholder: String,
}

impl Edit {
    /// Checks that no component is iterated twice, set twice or set and
    /// iterated (edits that would conflict), and that `--iterate` makes at
    /// most [`MAX_OUTPUTS`] outputs per input.
    ///
    /// # Errors
    ///
    /// The usage error to print.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit_cli::edit::{Assignment, Change, Edit};
    ///
    /// let set = |text| Assignment::parse(text).map(Change::Set);
    /// let twice = Edit { changes: vec![set("port=1")?, set("port=2")?], ..Edit::default() };
    /// assert!(twice.check().unwrap_err().starts_with("`port` is set twice"));
    /// assert!(Edit::default().check().is_ok());
    /// # Ok::<(), String>(())
    /// ```
    pub fn check(&self) -> Result<(), String> {
        for (i, a) in self.iterate.iter().enumerate() {
            if self.iterate[..i].iter().any(|b| b.part == a.part) {
                return Err(format!("`--iterate` names `{}` twice", a.part.name()));
            }
        }
        let sets: Vec<&Assignment> = self
            .changes
            .iter()
            .filter_map(|c| match c {
                Change::Set(a) => Some(a),
                Change::Remove(_) => None,
            })
            .collect();
        for (i, a) in sets.iter().enumerate() {
            if let Some(b) = sets[..i]
                .iter()
                .find(|b| b.part == a.part && b.if_absent == a.if_absent)
            {
                if b != a {
                    return Err(format!(
                        "`{}` is set twice, to different values: give one `--set {}=…`",
                        a.part.name(),
                        a.part.name()
                    ));
                }
            }
            if self.iterate.iter().any(|it| it.part == a.part) {
                return Err(format!(
                    "`{}` is both set and iterated: give `--set {}=…` or `--iterate {}=…`, not both",
                    a.part.name(),
                    a.part.name(),
                    a.part.name()
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
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit_cli::edit::{Edit, Iterate};
    ///
    /// let edit = Edit {
    ///     iterate: vec![Iterate::parse("port=1 2 3")?, Iterate::parse("path=/a /b")?],
    ///     ..Edit::default()
    /// };
    /// assert_eq!(edit.outputs_per_input(), 6);
    /// # Ok::<(), String>(())
    /// ```
    pub fn outputs_per_input(&self) -> usize {
        self.iterate
            .iter()
            .try_fold(1_usize, |n, i| n.checked_mul(i.values.len()))
            .unwrap_or(usize::MAX)
    }

    /// Every output for `reference`, in order: one per combination of
    /// `--iterate` values; a strict placeholder of an absent component
    /// makes an empty output. (The fuzz target `cli_edit` calls it.)
    ///
    /// # Errors
    ///
    /// The [`BuildError`] of the first edited reference that is not a URI
    /// (or IRI) reference: the whole input is then invalid.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{BuildErrorKind, UriReference};
    /// use urikit_cli::edit::{Change, Edit};
    ///
    /// let registry = urikit::schemes::Registry::default();
    /// let edit = Edit { changes: vec![Change::remove("host")?], ..Edit::default() };
    /// let err = edit.apply(UriReference::parse("http://u@h/").map_err(|e| e.to_string())?, &registry);
    /// assert_eq!(err.map_err(|e| e.kind()), Err(BuildErrorKind::MissingHost));
    /// # Ok::<(), String>(())
    /// ```
    pub fn apply<S: Spec>(
        &self,
        reference: RiReference<'_, S>,
        registry: &Registry,
    ) -> Result<Vec<String>, BuildError> {
        Ok(self
            .outputs(reference, registry)?
            .into_iter()
            .map(Result::unwrap_or_default)
            .collect())
    }

    /// Every output for `reference`, in order, each the text or, for a
    /// strict template, the placeholder of an absent component.
    ///
    /// # Errors
    ///
    /// As [`apply`](Self::apply).
    pub(crate) fn outputs<S: Spec>(
        &self,
        reference: RiReference<'_, S>,
        registry: &Registry,
    ) -> Result<Vec<Result<String, Missing>>, BuildError> {
        // `check` keeps the count to `MAX_OUTPUTS`; the capacity holds to
        // it even for an `Edit` that was not checked.
        let mut outputs = Vec::with_capacity(self.outputs_per_input().min(MAX_OUTPUTS));
        let mut parts = Parts::of(reference);
        for change in &self.changes {
            parts.change::<S>(change);
        }
        let mut choice = vec![0; self.iterate.len()];
        loop {
            let mut edited = parts.clone();
            for (it, &k) in self.iterate.iter().zip(&choice) {
                edited.change::<S>(&Change::Set(Assignment {
                    part: it.part,
                    value: it.values[k].clone(),
                    encoded: it.encoded,
                    if_absent: false,
                }));
            }
            if !self.trims.is_empty() || !self.replaces.is_empty() {
                edited.rewrite_query(&self.trims, &self.replaces, false, self.separator);
            }
            for append in &self.appends {
                edited.append(append, self.separator);
            }
            if self.sort_query {
                edited.rewrite_query(&[], &[], true, self.separator);
            }
            let mut built: RiReferenceBuf<S> = edited.build(self.options)?;
            if self.normalize {
                built = normalized(
                    built.as_ri_reference(),
                    registry,
                    self.keep_port,
                    self.options,
                );
            }
            outputs.push(match &self.template {
                Some(template) => template.expand_checked(
                    built.as_ri_reference(),
                    registry,
                    self.strict,
                    self.separator,
                ),
                None => Ok(built.as_str().to_owned()),
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

/// `r` normalized as `normalize --scheme` does: by syntax (RFC 3986
/// §6.2.2), then, for a URI with a scheme, by its scheme's rules (§6.2.3);
/// an IRI through the URI it maps to (RFC 3987 §3.1) and back (§3.2). With
/// `keep_port`, a port the scheme rules dropped as the default is put back.
fn normalized<S: Spec>(
    r: RiReference<'_, S>,
    registry: &Registry,
    keep_port: bool,
    options: ParseOptions,
) -> RiReferenceBuf<S> {
    let syntax = urikit::resolve::normalize(r);
    let mapped = urikit::iri::to_uri(match IriReference::parse_with(syntax.as_str(), options) {
        Ok(iri) => iri,
        Err(_) => return syntax,
    });
    let Ok(uri) = UriReference::parse_with(mapped.as_str(), options) else {
        return syntax;
    };
    let Some(absolute) = uri.as_uri() else {
        return syntax;
    };
    let mut normal = registry.normalize(absolute);
    // A scheme the registry has no rules for, whose RFC gives a default
    // port: that port dropped too (RFC 3986 §6.2.3).
    if registry
        .get(&absolute.scheme().to_ascii_lowercase())
        .is_none()
    {
        let default = default_port(registry, absolute.scheme());
        if normal.port().and_then(|p| p.parse::<u32>().ok()) == default.map(u32::from) {
            let _ = normal.set_port(None);
        }
    }
    if keep_port && normal.port().is_none() {
        if let Some(port) = absolute.port().filter(|p| !p.is_empty()) {
            let _ = normal.set_port(Some(port));
        }
    }
    let text = if r.as_str().is_ascii() {
        normal.as_str().to_owned()
    } else {
        let Ok(back) = UriReference::parse_with(normal.as_str(), options) else {
            return syntax;
        };
        urikit::iri::to_iri(back).into_string()
    };
    RiReference::<S>::parse_with(&text, options).map_or(syntax, |r| r.to_buf())
}

/// The components of a reference being edited, each as written (encoded);
/// also those of `edit --json`'s `components` and `decoded` (`json.rs`
/// serializes them: this file uses only `std` and `urikit`, for the fuzz
/// harness that includes it).
#[derive(Debug, Clone, Default)]
pub(crate) struct Parts {
    pub(crate) scheme: Option<String>,
    pub(crate) user: Option<String>,
    pub(crate) password: Option<String>,
    pub(crate) host: Option<String>,
    pub(crate) port: Option<String>,
    pub(crate) path: String,
    pub(crate) query: Option<String>,
    pub(crate) fragment: Option<String>,
    /// Whether the path was set from text (`--set path=…`), which then
    /// gets a `/` before it under an authority.
    pub(crate) path_from_text: bool,
}

impl Parts {
    /// The components of `r`.
    pub(crate) fn of<S: Spec>(r: RiReference<'_, S>) -> Self {
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
            path_from_text: false,
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

    /// Applies one `--set` or `--remove`, to a reference of the spec `S`.
    fn change<S: Spec>(&mut self, change: &Change) {
        match change {
            Change::Set(a) if a.if_absent && self.has(a.part) => {}
            Change::Set(a) => {
                let value = a.part.write_in::<S>(&a.value, a.encoded);
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
                    None => {
                        self.path = value;
                        self.path_from_text = !a.encoded;
                    }
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

    /// Whether `part` is present (the path: not empty).
    fn has(&self, part: Part) -> bool {
        match part {
            Part::Scheme => self.scheme.is_some(),
            Part::User => self.user.is_some(),
            Part::Password => self.password.is_some(),
            Part::Userinfo => self.user.is_some() || self.password.is_some(),
            Part::Host => self.host.is_some(),
            Part::Port => self.port.as_deref().is_some_and(|p| !p.is_empty()),
            Part::Path => !self.path.is_empty(),
            Part::Query => self.query.is_some(),
            Part::Fragment => self.fragment.is_some(),
        }
    }

    /// Applies one `--append`; a query pair after `separator`.
    fn append(&mut self, append: &Append, separator: char) {
        match append {
            Append::Segment(segment) => {
                if self.path.is_empty() && self.host.is_some()
                    || !self.path.is_empty() && !self.path.ends_with('/')
                {
                    self.path.push('/');
                }
                self.path.push_str(segment);
            }
            Append::Pair(pair) => {
                let pair = with_separator_encoded(pair, separator);
                match &mut self.query {
                    Some(query) if !query.is_empty() => {
                        query.push(separator);
                        query.push_str(&pair);
                    }
                    _ => self.query = Some(pair),
                }
            }
        }
    }

    /// Removes the query's pairs whose decoded key matches one of `trims`
    /// (a pattern ending in `*` matches every key it begins; `\*` is a
    /// literal `*`), and empty pairs; puts each of `replaces` in place of
    /// the first pair with its key, dropping the others with the key (and
    /// appends it, for `--replace-append`, when there is none); sorts the
    /// pairs by their text when `sort`. Pairs are split at `separator`. A
    /// query left without pairs is removed.
    fn rewrite_query(
        &mut self,
        trims: &[String],
        replaces: &[Replace],
        sort: bool,
        separator: char,
    ) {
        let query = self.query.as_deref().unwrap_or("");
        let mut pairs: Vec<Cow<'_, str>> = query
            .split(separator)
            .filter(|pair| !pair.is_empty())
            .filter(|pair| {
                let key = decode_utf8_lossy(pair.split('=').next().unwrap_or(""));
                !trims.iter().any(|t| match t.strip_suffix('*') {
                    Some(prefix) if !prefix.ends_with('\\') => key.starts_with(prefix),
                    Some(prefix) => *key == *format!("{}*", &prefix[..prefix.len() - 1]),
                    None => *key == **t,
                })
            })
            .map(Cow::Borrowed)
            .collect();
        for replace in replaces {
            let mut found = false;
            pairs.retain_mut(|pair| {
                let key = decode_utf8_lossy(pair.split('=').next().unwrap_or(""));
                if *key != *replace.key {
                    return true;
                }
                if found {
                    return false;
                }
                found = true;
                *pair = Cow::Owned(with_separator_encoded(&replace.pair, separator));
                true
            });
            if !found && replace.append {
                pairs.push(Cow::Owned(with_separator_encoded(&replace.pair, separator)));
            }
        }
        if sort {
            pairs.sort_unstable();
        }
        if self.query.is_none() && pairs.is_empty() {
            return;
        }
        let mut joined = String::with_capacity(query.len());
        for (i, pair) in pairs.iter().enumerate() {
            if i > 0 {
                joined.push(separator);
            }
            joined.push_str(pair);
        }
        self.query = (!pairs.is_empty()).then_some(joined);
    }

    /// The reference these parts make, checked by the builder with
    /// `options`.
    fn build<S: Spec>(&self, options: ParseOptions) -> Result<RiReferenceBuf<S>, BuildError> {
        let userinfo = match (&self.user, &self.password) {
            (None, None) => None,
            (user, None) => user.clone(),
            (user, Some(password)) => Some(format!("{}:{password}", user.as_deref().unwrap_or(""))),
        };
        // A path set from text under an authority begins with `/`, as RFC
        // 3986 §5.2.3 merges a path with an authority's empty one.
        let slashed;
        let path = if self.path_from_text
            && self.host.is_some()
            && !self.path.is_empty()
            && !self.path.starts_with('/')
        {
            slashed = format!("/{}", self.path);
            &slashed
        } else {
            &self.path
        };
        // The host first: `Builder::host(None)` drops the userinfo and the
        // port set before it, and a userinfo or port set after it with no
        // host is the builder's `MissingHost`, as it should be here.
        RiBuilder::<S>::new()
            .scheme(self.scheme.as_deref())
            .host(self.host.as_deref())
            .userinfo(userinfo.as_deref())
            .port_str(self.port.as_deref())
            .path(path)
            .query(self.query.as_deref())
            .fragment(self.fragment.as_deref())
            .options(options)
            .build()
    }
}

/// `pair`, encoded for a query, with `separator` percent-encoded in it
/// when it is not one that query-component encoding already encodes (`&`,
/// `;`).
fn with_separator_encoded(pair: &str, separator: char) -> String {
    if matches!(separator, '&' | ';') || !pair.contains(separator) {
        return pair.to_owned();
    }
    let mut buf = [0; 4];
    let encoded = encode(separator.encode_utf8(&mut buf), &EncodeSet::UNRESERVED);
    pair.replace(separator, &encoded)
}

/// The pairs of `query` split at `separator`, each key and value decoded
/// as [`decoded`] shows them (a pair without `=` has an empty value); empty
/// pairs skipped.
pub(crate) fn query_pairs(query: &str, separator: char) -> Vec<(String, String)> {
    query
        .split(separator)
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (
                decode_utf8_lossy(k).into_owned(),
                decode_utf8_lossy(v).into_owned(),
            )
        })
        .collect()
}

/// A `--get` template: text with `{name}` (or `[name]`) placeholders.
///
/// # Examples
///
/// ```
/// use urikit_cli::edit::Template;
///
/// assert!(Template::parse("{scheme}://{host}").is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    pieces: Vec<Piece>,
}

/// A piece of a [`Template`].
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    /// Text copied as it is.
    Text(String),
    /// A placeholder; `raw` for `{:name}`, `must` for `{must:name}`.
    Field {
        field: Field,
        raw: bool,
        must: bool,
        /// The placeholder as written, for the error of a missing one.
        written: String,
    },
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
    /// Parses a template. `\` makes the next character literal (`\{`,
    /// `\[`, `\\`), but `\n` is a line feed and `\t` a tab; a `{` without a
    /// closing `}` is literal text, and so is a `[` without a closing `]`
    /// or whose name is no placeholder's.
    ///
    /// # Errors
    ///
    /// The usage error for a `{placeholder}` that names nothing known.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit_cli::edit::Template;
    ///
    /// assert!(Template::parse("{nothing}").is_err());
    /// assert!(Template::parse("{ literal").is_ok());
    /// ```
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut pieces = Vec::new();
        let mut literal = String::new();
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            rest = &rest[c.len_utf8()..];
            match c {
                '\\' => match rest.chars().next() {
                    Some(next) => {
                        rest = &rest[next.len_utf8()..];
                        literal.push(match next {
                            'n' => '\n',
                            't' => '\t',
                            other => other,
                        });
                    }
                    None => literal.push('\\'),
                },
                '{' | '[' => {
                    let close = if c == '{' { '}' } else { ']' };
                    // Up to the closing character, unless another opening
                    // one comes first (this one is then literal): each
                    // character is looked at at most twice, however many
                    // openers go unclosed.
                    let end = rest
                        .find([close, c])
                        .filter(|&len| rest[len..].starts_with(close));
                    let placeholder = end.and_then(|len| {
                        let name = &rest[..len];
                        match Template::placeholder(name) {
                            Ok(piece) => Some(Ok((piece, len))),
                            Err(e) if c == '{' => Some(Err(e)),
                            Err(_) => None,
                        }
                    });
                    match placeholder {
                        Some(Ok((piece, len))) => {
                            if !literal.is_empty() {
                                pieces.push(Piece::Text(std::mem::take(&mut literal)));
                            }
                            pieces.push(piece);
                            rest = &rest[len + 1..];
                        }
                        Some(Err(e)) => return Err(e),
                        None => literal.push(c),
                    }
                }
                _ => literal.push(c),
            }
        }
        if !literal.is_empty() {
            pieces.push(Piece::Text(literal));
        }
        Ok(Template { pieces })
    }

    /// The piece for the placeholder `{name}`: `:` first for the text as
    /// written, then `must:` for a strict one and `url:` (which changes
    /// nothing, as in trurl), then the name.
    fn placeholder(written: &str) -> Result<Piece, String> {
        let (raw, mut name) = match written.strip_prefix(':') {
            Some(rest) => (true, rest),
            None => (false, written),
        };
        let mut must = false;
        loop {
            if let Some(rest) = name.strip_prefix("must:") {
                must = true;
                name = rest;
            } else if let Some(rest) = name.strip_prefix("url:") {
                name = rest;
            } else {
                break;
            }
        }
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
                     default:port, query:KEY, query-all:KEY; each may follow `:` (as \
                     written) and `must:` (strict))"
                )
            })?)
        };
        Ok(Piece::Field {
            field,
            raw,
            must,
            written: written.to_owned(),
        })
    }

    /// The template filled in from `r`, an absent component as the empty
    /// string. (The fuzz target `cli_edit` calls it.)
    #[allow(dead_code)]
    pub(crate) fn expand<S: Spec>(&self, r: RiReference<'_, S>, registry: &Registry) -> String {
        self.expand_checked(r, registry, false, '&')
            .unwrap_or_default()
    }

    /// The template filled in from `r`, query pairs split at `separator`.
    ///
    /// # Errors
    ///
    /// For a placeholder of an absent component that is strict (`must:`,
    /// or every one when `strict`), which one.
    pub(crate) fn expand_checked<S: Spec>(
        &self,
        r: RiReference<'_, S>,
        registry: &Registry,
        strict: bool,
        separator: char,
    ) -> Result<String, Missing> {
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Field {
                    field,
                    raw,
                    must,
                    written,
                } => match field_value(r, field, *raw, registry, separator) {
                    Some(value) => out.push_str(&value),
                    None if strict || *must => {
                        return Err(Missing {
                            placeholder: format!("{{{written}}}"),
                        });
                    }
                    None => {}
                },
            }
        }
        Ok(out)
    }
}

/// The value of `field` in `r`: as written when `raw`, else decoded;
/// `None` when absent.
fn field_value<'a, S: Spec>(
    r: RiReference<'a, S>,
    field: &Field,
    raw: bool,
    registry: &Registry,
    separator: char,
) -> Option<Cow<'a, str>> {
    let shown = |text: &'a str| {
        if raw {
            Cow::Borrowed(text)
        } else {
            decoded(text)
        }
    };
    let userinfo = r
        .userinfo()
        .map(|u| u.split_once(':').map_or((u, None), |(u, p)| (u, Some(p))));
    match field {
        Field::Whole => Some(Cow::Borrowed(r.as_str())),
        Field::Part(Part::Scheme) => r.scheme().map(Cow::Borrowed),
        Field::Part(Part::User) => userinfo.map(|(u, _)| shown(u)),
        Field::Part(Part::Password) => userinfo.and_then(|(_, p)| p).map(shown),
        Field::Part(Part::Userinfo) => r.userinfo().map(shown),
        Field::Part(Part::Host) => match r.host_str() {
            Some(host) if host.starts_with('[') => Some(Cow::Borrowed(host)),
            Some(host) => Some(shown(host)),
            None => None,
        },
        Field::Part(Part::Port) => r.port().filter(|p| !p.is_empty()).map(Cow::Borrowed),
        Field::Part(Part::Path) => Some(shown(r.path())).filter(|p| !p.is_empty()),
        Field::Part(Part::Query) => r.query().map(shown),
        Field::Part(Part::Fragment) => r.fragment().map(shown),
        Field::DefaultPort => match r.port() {
            Some(port) if !port.is_empty() => Some(Cow::Borrowed(port)),
            _ => r
                .scheme()
                .and_then(|s| default_port(registry, s))
                .map(|p| Cow::Owned(p.to_string())),
        },
        Field::QueryValue(key) => query_values(r.query(), key, raw, separator)
            .into_iter()
            .next(),
        Field::QueryAll(key) => {
            let values = query_values(r.query(), key, raw, separator);
            (!values.is_empty()).then(|| Cow::Owned(values.join(" ")))
        }
    }
}

/// The default port of `scheme`: the registry's, else that of a scheme
/// whose RFC gives one ([`DEFAULT_PORTS`]).
pub(crate) fn default_port(registry: &Registry, scheme: &str) -> Option<u16> {
    let scheme = scheme.to_ascii_lowercase();
    registry
        .get(&scheme)
        .and_then(|s| s.default_port())
        .or_else(|| {
            DEFAULT_PORTS
                .iter()
                .find(|(name, _, _)| *name == scheme)
                .map(|&(_, port, _)| port)
        })
}

/// The default ports of URI schemes whose specification gives one, beyond
/// those of the registry's scheme modules (http, https, ws, wss, ftp,
/// ldap, news, nntp, telnet): scheme, port, where the port is given.
pub(crate) const DEFAULT_PORTS: &[(&str, u16, &str)] = &[
    ("coap", 5683, "RFC 7252 §6.1"),
    ("coap+tcp", 5683, "RFC 8323 §8.1"),
    ("coap+ws", 80, "RFC 8323 §8.3"),
    ("coaps", 5684, "RFC 7252 §6.2"),
    ("coaps+tcp", 5684, "RFC 8323 §8.2"),
    ("coaps+ws", 443, "RFC 8323 §8.4"),
    ("dict", 2628, "RFC 2229 §5"),
    ("ftps", 990, "RFC 4217 §2 (implicit FTPS, IANA port)"),
    ("gopher", 70, "RFC 4266 §2.1"),
    ("imap", 143, "RFC 5092 §3"),
    ("imaps", 993, "RFC 8314 §7 (IANA port)"),
    ("ipp", 631, "RFC 3510 §4"),
    ("ipps", 631, "RFC 7472 §4"),
    ("ldaps", 636, "RFC 8314 §7 (IANA port)"),
    ("msrp", 2855, "RFC 4975 §6"),
    ("msrps", 2855, "RFC 4975 §6"),
    ("nfs", 2049, "RFC 2224 §2"),
    ("pop", 110, "RFC 2384 §3"),
    ("pop3", 110, "RFC 1939 §3"),
    ("pop3s", 995, "RFC 8314 §7 (IANA port)"),
    ("prospero", 1525, "RFC 4157 §2"),
    ("rsync", 873, "RFC 5781 §2"),
    ("rtsp", 554, "RFC 7826 §19.1"),
    ("rtsps", 322, "RFC 7826 §19.2"),
    ("sip", 5060, "RFC 3261 §19.1.2"),
    ("sips", 5061, "RFC 3261 §19.1.2"),
    ("smtp", 25, "RFC 5321 §4.5.4.2 (IANA port)"),
    ("smtps", 465, "RFC 8314 §7 (IANA port)"),
    ("snews", 563, "RFC 5538 §2.2 (IANA port)"),
    ("tftp", 69, "RFC 3617 §2"),
    ("wais", 210, "RFC 4156 §2"),
];

/// The values of the pairs of `query` (split at `separator`) whose decoded
/// key is `key`, in order, decoded unless `raw`.
fn query_values<'a>(
    query: Option<&'a str>,
    key: &str,
    raw: bool,
    separator: char,
) -> Vec<Cow<'a, str>> {
    query
        .unwrap_or("")
        .split(separator)
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
    use urikit::BuildErrorKind;

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

    /// The median of five timings of `work`.
    fn median(work: &dyn Fn()) -> std::time::Duration {
        let mut times: Vec<_> = (0..5)
            .map(|_| {
                let start = std::time::Instant::now();
                work();
                start.elapsed()
            })
            .collect();
        times.sort();
        times[2]
    }

    /// The time of `work(4n)` over that of `work(n)`.
    fn ratio(work: &dyn Fn(usize), n: usize) -> f64 {
        // The lowest of three measurements: other tests of this binary run
        // beside it, and a busy spell can spoil one measurement, not a
        // quadratic algorithm's every one.
        (0..3)
            .map(|_| {
                let small = median(&|| work(n));
                let large = median(&|| work(4 * n));
                large.as_secs_f64() / small.as_secs_f64().max(1e-9)
            })
            .fold(f64::INFINITY, f64::min)
    }

    #[test]
    fn hostile_templates_and_replaces_are_linear() {
        let registry = Registry::standard();
        let r = UriReference::parse("https://u@h:1/p?a=1&b=2#f").unwrap();
        // A `--get` template of 100,000 placeholders (4n), and one of
        // 100,000 unclosed `[` and `{`.
        let placeholders = |n: usize| {
            let t = Template::parse(&"{host}[port]{:query:a}".repeat(n / 3)).unwrap();
            assert!(!t.expand(r, &registry).is_empty());
        };
        let unclosed = |n: usize| {
            let t = Template::parse(&format!("{}]", "[{".repeat(n / 2))).unwrap();
            assert_eq!(t.expand(r, &registry).len(), n / 2 * 2 + 1);
        };
        // `--replace` over a query of 100,000 pairs (4n).
        let replace = |n: usize| {
            let query: Vec<String> = (0..n).map(|i| format!("k{}=v", i % 7)).collect();
            let input = format!("http://h/?{}", query.join("&"));
            let e = Edit {
                replaces: vec![Replace::parse("k3=x", false).unwrap()],
                trims: vec!["k5*".to_owned()],
                ..Edit::default()
            };
            let out = e
                .apply(UriReference::parse(&input).unwrap(), &registry)
                .unwrap();
            assert!(out[0].contains("k3=x"));
        };
        for (name, work) in [
            ("placeholders", &placeholders as &dyn Fn(usize)),
            ("unclosed", &unclosed),
            ("replace", &replace),
        ] {
            // Linear is 4, quadratic 16.
            let r = ratio(work, 25_000);
            assert!(r < 8.0, "{name}: time(4n)/time(n) = {r:.2}, not linear");
        }
    }

    #[test]
    fn replaces_trims_and_separators() {
        let run = |input: &str, setup: &dyn Fn(&mut Edit)| {
            let mut e = Edit::default();
            setup(&mut e);
            e.apply(UriReference::parse(input).unwrap(), &Registry::standard())
                .unwrap()
                .remove(0)
        };
        assert_eq!(
            run("http://h/?a=1&b=2&a=3", &|e| e.replaces =
                vec![Replace::parse("a=x y", false).unwrap()]),
            "http://h/?a=x%20y&b=2"
        );
        assert_eq!(
            run("http://h/?b=2", &|e| e.replaces =
                vec![Replace::parse("a", false).unwrap()]),
            "http://h/?b=2"
        );
        assert_eq!(
            run("http://h/?b=2", &|e| e.replaces =
                vec![Replace::parse("a", true).unwrap()]),
            "http://h/?b=2&a"
        );
        assert_eq!(
            run("http://h/?a=1;b=2", &|e| {
                e.separator = ';';
                e.trims = vec!["a".to_owned()];
                e.appends = vec![Append::parse("query=c=;").unwrap()];
            }),
            "http://h/?b=2;c=%3B"
        );
        // Trims come before appends: an appended pair is never trimmed.
        assert_eq!(
            run("http://h/?a=1", &|e| {
                e.trims = vec!["a".to_owned()];
                e.appends = vec![Append::parse("query=a=2").unwrap()];
            }),
            "http://h/?a=2"
        );
        assert_eq!(
            run("http://h/?*=1&ab=2", &|e| e.trims = vec!["\\*".to_owned()]),
            "http://h/?ab=2"
        );
        // Set twice (to different values), or set and iterated: refused.
        let mut e = Edit {
            changes: vec![
                Change::Set(Assignment::parse("port=1").unwrap()),
                Change::Set(Assignment::parse("port=2").unwrap()),
            ],
            ..Edit::default()
        };
        assert!(e.check().unwrap_err().contains("set twice"));
        e.changes.truncate(1);
        e.iterate = vec![Iterate::parse("port=3 4").unwrap()];
        assert!(e.check().unwrap_err().contains("both set and iterated"));
        // `?=` sets only what is absent.
        assert_eq!(
            run("http://h:8/", &|e| e.changes =
                vec![Change::Set(Assignment::parse("port?=9").unwrap())]),
            "http://h:8/"
        );
        assert_eq!(
            run("http://h/", &|e| e.changes =
                vec![Change::Set(Assignment::parse("port?=9").unwrap())]),
            "http://h:9/"
        );
    }

    #[test]
    fn values_are_checked_where_they_are_given() {
        let err = Assignment::parse("port=99x").unwrap_err();
        assert!(err.starts_with("not a port"), "{err}");
        assert!(err.ends_with("  port=99x\n         ^"), "{err}");
        for bad in [
            "scheme=1a",
            "host:=a b",
            "host:=a/b",
            "path:=a b",
            "query:=#",
            "user:=a@b",
            "port=-1",
        ] {
            assert!(Assignment::parse(bad).is_err(), "{bad}");
        }
        for good in [
            "scheme=a+b",
            "host=[::1]",
            "host=bücher.de",
            "path=a b",
            "user=",
            "port=",
        ] {
            assert!(Assignment::parse(good).is_ok(), "{good}");
        }
    }

    #[test]
    fn strict_templates() {
        let registry = Registry::standard();
        let r = UriReference::parse("imap://h/?").unwrap();
        let get = |t: &str, strict: bool| {
            Template::parse(t)
                .unwrap()
                .expand_checked(r, &registry, strict, '&')
        };
        assert_eq!(get("{must:query}|{default:port}", false).unwrap(), "|143");
        assert_eq!(get("[fragment]", false).unwrap(), "");
        assert_eq!(
            get("{must:fragment}", false).unwrap_err().placeholder,
            "{must:fragment}"
        );
        assert!(get("{port}", true).is_err());
        assert_eq!(get("a\\tb\\n[x] [host", false).unwrap(), "a\tb\n[x] [host");
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
        // (Values each valid in its component: a scheme begins with a letter.)
        let lettered = (0..1000)
            .map(|n| format!("a{n}"))
            .collect::<Vec<_>>()
            .join(" ");
        e.iterate = Part::ALL
            .iter()
            .map(|(name, part)| {
                let values = if *part == Part::Port {
                    &thousand
                } else {
                    &lettered
                };
                Iterate::parse(&format!("{name}={values}")).unwrap()
            })
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
