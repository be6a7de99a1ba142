//! `Template`: a parsed template, reusable, that expands and matches.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use uri_core::{IriReferenceBuf, UriReferenceBuf};

use crate::captures::Captures;
use crate::error::{ExpandError, MatchError, MatchErrorKind, TemplateError};
use crate::expand::{UriPlan, expand_parts, partial, prefix};
use crate::fast::Plan;
use crate::matching::{decode, run};
use crate::nfa::{Nfa, Occurrence, Tag, compile};
use crate::operator::Operator;
use crate::options::MatchOptions;
use crate::parse::{Part, parse};
use crate::vars::{Value, Vars};

/// A URI Template (RFC 6570), parsed once: literals and expressions, ready
/// to expand with values and to match URIs.
///
/// `Eq` and `Hash` compare the template's text.
///
/// # Examples
///
/// ```
/// use uri_template::{Template, Vars};
///
/// let t = Template::parse("https://example.com/users/{id}{?fields*}")?;
/// let vars = Vars::new().with("id", "42").with("fields", ["name", "mail"]);
/// let uri = t.expand(&vars)?;
/// assert_eq!(uri, "https://example.com/users/42?fields=name&fields=mail");
/// assert_eq!(t.match_uri(uri.as_str()).unwrap().into_vars(), vars);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Template {
    text: String,
    parts: Vec<Part>,
    nfa: Nfa,
    /// The deterministic scan, when the template allows it (`fast.rs`).
    fast: Option<Plan>,
    /// The steps of `expand`, literals encoded once (`expand.rs`).
    uri_plan: UriPlan,
}

impl Template {
    /// Parses a template (RFC 6570 §2): literals (§2.1) and expressions
    /// (§2.2) with any operator of levels 1 to 4 (`+ # . / ; ? &`), varspecs
    /// (§2.3) with a prefix `:n` or an explode `*` modifier (§2.4).
    ///
    /// # Errors
    ///
    /// A [`TemplateError`] with the first offending byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, TemplateErrorKind};
    ///
    /// let t = Template::parse("/search{?q,lang:2}")?;
    /// assert_eq!(t.variables(), ["q", "lang"]);
    /// let err = Template::parse("/search{?q").unwrap_err();
    /// assert_eq!((err.kind(), err.index()), (TemplateErrorKind::UnclosedExpression, 7));
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn parse(template: &str) -> Result<Template, TemplateError> {
        let parts = parse(template)?;
        let nfa = compile(template, &parts, false);
        let fast = Plan::new(template, &parts);
        let uri_plan = UriPlan::new(template, &parts);
        Ok(Template {
            text: String::from(template),
            parts,
            nfa,
            fast,
            uri_plan,
        })
    }

    /// The template as written.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_template::Template::parse("/{x}")?.as_str(), "/{x}");
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The variables' names, each once, in the order they first appear
    /// (RFC 6570 §2.3).
    ///
    /// # Examples
    ///
    /// ```
    /// let t = uri_template::Template::parse("{a}/{b,a}{?c*}")?;
    /// assert_eq!(t.variables(), ["a", "b", "c"]);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn variables(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for o in &self.nfa.occurrences {
            let name = &self.text[o.name.clone()];
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }

    /// How many expressions the template has.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_template::Template::parse("/{a}/{b,c}")?.expressions(), 2);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn expressions(&self) -> usize {
        self.parts
            .iter()
            .filter(|p| matches!(p, Part::Expr(_)))
            .count()
    }

    /// How many literal characters the template has (a triplet counts
    /// one): the first key of a [`TemplateSet`](crate::TemplateSet)'s order.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_template::Template::parse("/a%20/{b}")?.literal_chars(), 4);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn literal_chars(&self) -> usize {
        self.parts
            .iter()
            .map(|p| match p {
                Part::Literal(r) => {
                    let s = &self.text[r.clone()];
                    s.chars().count() - 2 * s.matches('%').count()
                }
                Part::Expr(_) => 0,
            })
            .sum()
    }

    /// How many varspecs the template has (a name that appears twice
    /// counts twice).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_template::Template::parse("{a}/{b,a}")?.varspecs(), 3);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn varspecs(&self) -> usize {
        self.nfa.occurrences.len()
    }

    pub(crate) fn nfa(&self) -> &Nfa {
        &self.nfa
    }

    /// Appends the expansion (RFC 6570 §3) to `out`, unchecked: the text
    /// of [`Template::expand`] before it is parsed. With `iri`, characters
    /// of values and literals that an IRI may hold (`ucschar`, bidi
    /// formatting characters excepted) are kept as they are, not
    /// percent-encoded (§1.6).
    ///
    /// # Errors
    ///
    /// [`ExpandErrorKind::PrefixOfComposite`](crate::ExpandErrorKind::PrefixOfComposite).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, Vars};
    ///
    /// let mut out = String::new();
    /// Template::parse("{x}:")?.expand_into(&Vars::from([("x", "1")]), false, &mut out)?;
    /// assert_eq!(out, "1:"); // not a URI reference: `expand` refuses it
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expand_into(&self, vars: &Vars, iri: bool, out: &mut String) -> Result<(), ExpandError> {
        expand_parts(&self.text, &self.parts, vars, iri, out)
    }

    /// Expands the template with `vars` (RFC 6570 §3, levels 1 to 4): a
    /// URI reference, every value percent-encoded as its operator says
    /// (§3.2.1), non-ASCII characters as the triplets of their UTF-8
    /// bytes.
    ///
    /// # Errors
    ///
    /// [`ExpandErrorKind::PrefixOfComposite`](crate::ExpandErrorKind::PrefixOfComposite)
    /// for a prefix modifier on a list or an associative array (§2.4.1);
    /// [`ExpandErrorKind::NotAReference`](crate::ExpandErrorKind::NotAReference)
    /// when the expansion does not parse as a URI reference (RFC 3986
    /// §4.1): the result is always valid.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, Value, Vars};
    ///
    /// let vars = Vars::new()
    ///     .with("var", "value")
    ///     .with("hello", "Hello World!")
    ///     .with("keys", Value::assoc([("semi", ";"), ("dot", ".")]));
    /// let t = Template::parse("/{var}{?hello}{#keys*}")?;
    /// assert_eq!(t.expand(&vars)?, "/value?hello=Hello%20World%21#semi=;,dot=.");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expand(&self, vars: &Vars) -> Result<UriReferenceBuf, ExpandError> {
        // Room for the literals and about as much again for the values,
        // so that most expansions write without growing the string.
        let mut out = String::with_capacity(2 * self.text.len());
        self.uri_plan.expand(vars, &mut out)?;
        UriReferenceBuf::parse(out).map_err(|e| {
            let error = e.error();
            ExpandError::not_a_reference(e.into_input(), error)
        })
    }

    /// Expands the template with `vars` into an IRI reference (RFC 3987):
    /// as [`Template::expand`], but non-ASCII characters an IRI may hold
    /// (`ucschar`) stay as they are.
    ///
    /// # Errors
    ///
    /// As [`Template::expand`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, Vars};
    ///
    /// let t = Template::parse("/wiki/{page}")?;
    /// let vars = Vars::from([("page", "Käse Brot")]);
    /// assert_eq!(t.expand_iri(&vars)?, "/wiki/Käse%20Brot");
    /// assert_eq!(t.expand(&vars)?, "/wiki/K%C3%A4se%20Brot");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expand_iri(&self, vars: &Vars) -> Result<IriReferenceBuf, ExpandError> {
        let mut out = String::new();
        self.expand_into(vars, true, &mut out)?;
        IriReferenceBuf::parse(out).map_err(|e| {
            let error = e.error();
            ExpandError::not_a_reference(e.into_input(), error)
        })
    }

    /// A template with the variables of `vars` filled in and the others
    /// kept: expanding it with the remaining variables gives what
    /// expanding this template with all of them gives.
    ///
    /// An expression whose variables are all defined becomes its
    /// expansion; one with none defined stays. One with its defined
    /// variables first and the undefined ones after keeps the latter with
    /// the operator that continues it (`{?a,b}` with `a` becomes
    /// `?a=1{&b}`; `/`, `.` and `;` continue themselves).
    ///
    /// # Errors
    ///
    /// [`ExpandErrorKind::PartialExpression`](crate::ExpandErrorKind::PartialExpression)
    /// for an expression no template can continue: a defined variable
    /// after an undefined one, or a mix under ``, `+` or `#` (whose
    /// separator is not their first); and as [`Template::expand`] for a
    /// prefix of a composite value.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, Vars};
    ///
    /// let t = Template::parse("{+base}/users/{id}{?q,page}")?;
    /// let p = t.partial_expand(&Vars::from([("base", "https://api.example"), ("q", "x")]))?;
    /// assert_eq!(p.as_str(), "https://api.example/users/{id}?q=x{&page}");
    /// assert_eq!(p.expand(&Vars::from([("id", "7"), ("page", "2")]))?, "https://api.example/users/7?q=x&page=2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn partial_expand(&self, vars: &Vars) -> Result<Template, ExpandError> {
        let text = partial(&self.text, &self.parts, vars)?;
        // What partial expansion writes is a template (values are encoded
        // into characters a literal may hold); a failure here would be a bug.
        Template::parse(&text).map_err(|e| {
            debug_assert!(false, "partial expansion {text:?} does not parse: {e}");
            ExpandError::new(crate::ExpandErrorKind::PartialExpression, 0)
        })
    }

    /// The values that make this template expand to `uri`, exactly:
    /// [`Template::match_with`] with the default (exact) options, `None`
    /// when no assignment expands to `uri` or when two do that the
    /// preferences cannot choose between.
    ///
    /// See the crate docs for the rules: which values a reading prefers,
    /// and how each operator reads.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, Value};
    ///
    /// let t = Template::parse("/files{/path*}{?v}")?;
    /// let c = t.match_uri("/files/a/b%20c?v=2").unwrap();
    /// assert_eq!(c.get("path"), Some(&Value::from(["a", "b c"])));
    /// assert_eq!(c.get("v").and_then(|v| v.as_str()), Some("2"));
    /// assert!(t.match_uri("/other").is_none());
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn match_uri(&self, uri: &str) -> Option<Captures> {
        self.try_match(uri, &MatchOptions::new(), false)
    }

    /// [`Template::match_with`] without the error: a failed fast scan is
    /// the answer (no second run of the automaton to find where it fails).
    /// With `probe` (a router trying templates, most of which fail), the
    /// scan finds the texts before it decodes any.
    pub(crate) fn try_match(
        &self,
        uri: &str,
        options: &MatchOptions,
        probe: bool,
    ) -> Option<Captures> {
        if *options == MatchOptions::new() {
            if let Some(answer) = self.fast_match(uri, probe) {
                return answer;
            }
        }
        self.match_with(uri, options).ok()
    }

    /// The exact match by the deterministic scan, if the template allows
    /// it: `Some(None)` when `uri` does not match or is ambiguous.
    fn fast_match(&self, uri: &str, probe: bool) -> Option<Option<Captures>> {
        let plan = self.fast.as_ref()?;
        let Some(sink) = plan.run(&self.text, uri, probe) else {
            return Some(None);
        };
        if sink.values.is_empty() {
            // Each varspec its own name: the variables as read.
            return Some(Some(Captures { vars: sink.vars }));
        }
        Some(
            self.gather(&self.nfa.occurrences, sink.values, uri.len())
                .ok(),
        )
    }

    /// The match by the automaton alone (the fast path's reference).
    #[cfg(test)]
    pub(crate) fn match_nfa(&self, uri: &str) -> Result<Captures, MatchError> {
        self.read(&self.nfa, uri)
    }

    /// Whether the deterministic scan reads this template.
    #[cfg(test)]
    pub(crate) fn has_fast_path(&self) -> bool {
        self.fast.is_some()
    }

    /// The values that make this template expand to `uri`, read as
    /// `options` say, in time linear in the length of `uri` times the size
    /// of the template.
    ///
    /// # Errors
    ///
    /// [`MatchErrorKind::NoMatch`], with the first byte no reading
    /// accepts; [`MatchErrorKind::Ambiguous`] when two readings tie.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{MatchErrorKind, MatchOptions, Template};
    ///
    /// let t = Template::parse("{+base}{?q}")?;
    /// let err = t.match_with("/a?q=1", &MatchOptions::new()).unwrap_err();
    /// assert_eq!(err.kind(), MatchErrorKind::Ambiguous); // base = "/a?q=1", or q = "1"
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn match_with(&self, uri: &str, options: &MatchOptions) -> Result<Captures, MatchError> {
        if *options == MatchOptions::new() {
            // A failed scan says neither where nor why: the automaton does.
            if let Some(Some(c)) = self.fast_match(uri, false) {
                return Ok(c);
            }
        }
        if options.any_order || options.extra {
            if let Some(split) = self.query_split() {
                return crate::lenient::match_query(self, split, uri, options);
            }
        }
        if options.no_case {
            let nfa = compile(&self.text, &self.parts, true);
            return self.read(&nfa, uri);
        }
        self.read(&self.nfa, uri)
    }

    /// Matches `uri` against `nfa` (this template's or one of its parts').
    pub(crate) fn read(&self, nfa: &Nfa, uri: &str) -> Result<Captures, MatchError> {
        let values = Self::read_values(nfa, uri)?;
        self.gather(&nfa.occurrences, values, uri.len())
    }

    /// The value each occurrence of a variable reads in `uri`.
    pub(crate) fn read_values(nfa: &Nfa, uri: &str) -> Result<Vec<Option<Value>>, MatchError> {
        let events = run(nfa, uri)?;
        let occurrences = &nfa.occurrences;
        let mut values: Vec<Option<Value>> = alloc::vec![None; occurrences.len()];
        let mut current = 0usize;
        let mut start = 0;
        let mut key = false;
        for e in events {
            let var = e.var as usize;
            match e.tag {
                Tag::Str => {
                    current = var;
                    values[var] = Some(Value::String(String::new()));
                }
                Tag::EmptyStr => values[var] = Some(Value::String(String::new())),
                Tag::List => {
                    current = var;
                    values[var] = Some(Value::List(Vec::new()));
                }
                Tag::Assoc => {
                    current = var;
                    values[var] = Some(Value::Assoc(Vec::new()));
                }
                Tag::Start => {
                    start = e.pos;
                    key = false;
                }
                Tag::KeyStart => {
                    start = e.pos;
                    key = true;
                }
                Tag::End => {
                    let ur = occurrences[current].op.allows_reserved();
                    let Some(text) = decode(&uri[start..e.pos], ur) else {
                        return Err(MatchError::new(MatchErrorKind::NoMatch, start));
                    };
                    match &mut values[current] {
                        Some(Value::String(s)) => *s = text,
                        Some(Value::List(l)) => l.push(text),
                        Some(Value::Assoc(a)) if key => a.push((text, String::new())),
                        Some(Value::Assoc(a)) => {
                            if let Some(last) = a.last_mut() {
                                last.1 = text;
                            }
                        }
                        None => {}
                    }
                }
            }
        }
        Ok(values)
    }

    /// One value per name from the values of its occurrences, which must
    /// agree (a prefix occurrence holds the prefix of the others' value).
    pub(crate) fn gather(
        &self,
        occurrences: &[Occurrence],
        values: Vec<Option<Value>>,
        len: usize,
    ) -> Result<Captures, MatchError> {
        let mut out: Vec<(String, Value)> = Vec::new();
        let mut seen: Vec<&str> = Vec::new();
        for (i, o) in occurrences.iter().enumerate() {
            let name = &self.text[o.name.clone()];
            if seen.contains(&name) {
                continue;
            }
            seen.push(name);
            let same: Vec<usize> = (i..occurrences.len())
                .filter(|&j| self.text[occurrences[j].name.clone()] == *name)
                .collect();
            // The value: the first occurrence without prefix, else the
            // longest prefix.
            let pick = same
                .iter()
                .copied()
                .max_by_key(|&j| {
                    (
                        occurrences[j].prefix.is_none(),
                        occurrences[j].prefix,
                        Reverse(j),
                    )
                })
                .unwrap_or(i);
            let value = values[pick].clone();
            for &j in &same {
                let expected = match (&value, occurrences[j].prefix) {
                    (Some(Value::String(s)), Some(n)) => {
                        Some(Value::String(String::from(prefix(s, Some(n)))))
                    }
                    (v, _) => v.clone(),
                };
                if values[j] != expected {
                    return Err(MatchError::new(MatchErrorKind::NoMatch, len));
                }
            }
            if let Some(v) = value {
                out.push((String::from(name), v));
            }
        }
        Ok(Captures { vars: out })
    }

    /// Where the template's trailing query expressions start, if it ends
    /// with one or more `{?…}`/`{&…}` expressions (the first a `?`) and has
    /// no other: the parts before, matched exactly, and the parts after,
    /// read as pairs by the lenient options.
    pub(crate) fn query_split(&self) -> Option<usize> {
        let mut split = self.parts.len();
        while split > 0 {
            match &self.parts[split - 1] {
                Part::Expr(e) if matches!(e.op, Operator::Query | Operator::QueryContinuation) => {
                    split -= 1;
                }
                _ => break,
            }
        }
        let first_is_query =
            matches!(self.parts.get(split), Some(Part::Expr(e)) if e.op == Operator::Query);
        let none_before = self.parts[..split]
            .iter()
            .all(|p| !matches!(p, Part::Expr(e) if matches!(e.op, Operator::Query | Operator::QueryContinuation)));
        (first_is_query && none_before).then_some(split)
    }

    pub(crate) fn parts(&self) -> &[Part] {
        &self.parts
    }
}

use core::cmp::Reverse;

impl fmt::Debug for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Template").field(&self.text).finish()
    }
}

impl fmt::Display for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl PartialEq for Template {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for Template {}

impl core::hash::Hash for Template {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

impl FromStr for Template {
    type Err = TemplateError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Template::parse(s)
    }
}

impl TryFrom<&str> for Template {
    type Error = TemplateError;

    fn try_from(s: &str) -> Result<Self, Self::Error> {
        Template::parse(s)
    }
}
