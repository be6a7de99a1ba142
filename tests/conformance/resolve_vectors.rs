//! Data-driven tests of `urikit::resolve` (the `uri-resolve` crate) over the
//! vector files in `tests/vectors/`:
//!
//! - `resolve.json`: RFC 3986 §5.4 (base `http://a/b/c/d;p?q`), strict and
//!   non-strict, through `Resolver` (fresh and reused), `resolve` and
//!   `resolve_str`; every target is also relativized back.
//! - `normalize.json`: `remove_dot_segments` (§5.2.4) and normal forms
//!   (§6.2.2, §6.2.3, RFC 3987 §5.3.2).
//! - `equivalence.json`: pairs said equivalent or not (§6.2, RFC 3987 §5.3).
//! - `resolve-own.json`: our vectors for the documented choices
//!   (`docs/spec-notes.md`): resolution, errors, relativization in every
//!   `Form`, normalization and equivalence.
//!
//! Every record is checked by the loop of `urikit_tests::vectors::run`, and
//! every failure reported at once, with the record's id, source and input.
//! A record of `level` `"scheme"` (RFC 3986 §6.2.3) is checked through the
//! scheme rules of `urikit::schemes` (`Registry::standard()`): its
//! `normalize`, `equivalent` and `equivalence`, and uri-resolve's
//! `SchemeNormalizer` hook with the registry. Records that cannot pass yet
//! are listed in `tests/expected_failures.txt` with the reason; a listed
//! record that passes fails the test, so the list stays honest.
//!
//! Suspected bugs of `uri-resolve` are written as `#[ignore]`d tests named
//! `suspected_bug_*` asserting the documented or RFC behaviour; once fixed,
//! they run as `fixed_*` tests, at the end.

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, BTreeSet};
use std::hash::{Hash, Hasher};
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde::Deserialize;
use urikit::iri::{HostMapping, to_uri_with};
use urikit::resolve::{
    Form, NormalizedUri, RelativizeError, ResolveErrorKind, Resolver, SyntaxOnly, has_dot_segments,
    normalize, normalize_into, normalize_uri, normalize_uri_with, normalized_eq, relativize,
    relativize_with, remove_dot_segments, resolve, resolve_str,
};
use urikit::schemes::Registry;
use urikit::{
    IriReference, IriSpec, ParseOptions, Ri, RiReference, Spec, Uri, UriReference, UriSpec,
};
use urikit_tests::parsing::parts;
use urikit_tests::vectors::{Vector, load, name_problems, run, run_records};

/// The RFC 3986 §5.4 examples.
const RESOLVE_FILE: &str = "resolve.json";
/// The RFC normalization examples.
const NORMALIZE_FILE: &str = "normalize.json";
/// The RFC equivalence examples.
const EQUIVALENCE_FILE: &str = "equivalence.json";
/// Our own vectors.
const OWN_FILE: &str = "resolve-own.json";

/// What a buffer holds before a `*_into` call, to check that it is cleared.
const JUNK: &str = "junk://left/over?from#before";

// ------------------------------------------------------------------ schema

/// A record of `resolve.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RfcResolve {
    base: String,
    #[serde(rename = "ref")]
    reference: String,
    expected: String,
    strict: bool,
    source: String,
    #[serde(rename = "note")]
    _note: Option<String>,
}

/// The `level` of a normalization or equivalence record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Level {
    /// §6.2.2: `normalize` and `normalized_eq` should give the answer.
    Syntax,
    /// §6.2.3: the scheme's rules, `urikit::schemes::Registry`'s.
    Scheme,
}

/// A record of `normalize.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RfcNormalize {
    input: String,
    expected: String,
    /// `"remove_dot_segments"`, or absent for a normal form.
    op: Option<String>,
    level: Option<Level>,
    #[serde(default)]
    iri: bool,
    /// The scheme whose rules a `scheme` record needs; not asserted.
    #[serde(rename = "scheme")]
    _scheme: Option<String>,
    #[serde(rename = "derived")]
    _derived: Option<bool>,
    source: String,
    #[serde(rename = "note")]
    _note: Option<String>,
}

/// A record of `equivalence.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RfcEquivalence {
    a: String,
    b: String,
    equivalent: bool,
    level: Level,
    #[serde(default)]
    iri: bool,
    #[serde(default)]
    idna: bool,
    source: String,
    #[serde(rename = "note")]
    _note: Option<String>,
}

/// `error` of a resolve record of `resolve-own.json`: the `ResolveErrorKind`
/// name, the inner `ParseErrorKind` name for `InvalidBase` and
/// `InvalidReference`, and the index.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectedResolveError {
    kind: String,
    parse: Option<String>,
    index: usize,
}

/// The `form` of a relativize record, as `relativize_with` takes it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum FormName {
    #[default]
    Shortest,
    AbsolutePath,
    NetworkPath,
    SameDocument,
}

impl FormName {
    /// Every form, in the order `Form` declares them.
    const ALL: [FormName; 4] = [
        FormName::Shortest,
        FormName::AbsolutePath,
        FormName::NetworkPath,
        FormName::SameDocument,
    ];

    fn form(self) -> Form {
        match self {
            FormName::Shortest => Form::Shortest,
            FormName::AbsolutePath => Form::AbsolutePath,
            FormName::NetworkPath => Form::NetworkPath,
            FormName::SameDocument => Form::SameDocument,
        }
    }
}

/// `true`, the default of `strict`.
fn yes() -> bool {
    true
}

/// A record of `resolve-own.json`, by its `op`.
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case", deny_unknown_fields)]
enum OwnRecord {
    /// `resolve(base, ref)`: the target, or `resolve_str`'s error.
    Resolve {
        name: String,
        source: String,
        base: String,
        #[serde(rename = "ref")]
        reference: String,
        #[serde(default = "yes")]
        strict: bool,
        expected: Option<String>,
        error: Option<ExpectedResolveError>,
        #[serde(rename = "note")]
        _note: Option<String>,
    },
    /// `relativize_with(base, target, form)`: the reference, or the
    /// `RelativizeError` name.
    Relativize {
        name: String,
        source: String,
        base: String,
        target: String,
        #[serde(default)]
        form: FormName,
        expected: Option<String>,
        error: Option<String>,
        #[serde(rename = "note")]
        _note: Option<String>,
    },
    /// `normalize(input)`.
    Normalize {
        name: String,
        source: String,
        input: String,
        expected: String,
        #[serde(rename = "note")]
        _note: Option<String>,
    },
    /// `normalized_eq(a, b)`.
    Equivalent {
        name: String,
        source: String,
        a: String,
        b: String,
        equivalent: bool,
        #[serde(rename = "note")]
        _note: Option<String>,
    },
}

impl OwnRecord {
    fn name(&self) -> &str {
        match self {
            OwnRecord::Resolve { name, .. }
            | OwnRecord::Relativize { name, .. }
            | OwnRecord::Normalize { name, .. }
            | OwnRecord::Equivalent { name, .. } => name,
        }
    }
}

impl Vector for OwnRecord {
    fn id(&self) -> String {
        self.name().to_owned()
    }

    fn source(&self) -> &str {
        match self {
            OwnRecord::Resolve { source, .. }
            | OwnRecord::Relativize { source, .. }
            | OwnRecord::Normalize { source, .. }
            | OwnRecord::Equivalent { source, .. } => source,
        }
    }

    /// The record's input, for the report.
    fn input(&self) -> String {
        match self {
            OwnRecord::Resolve {
                base, reference, ..
            } => format!("{base} + {reference}"),
            OwnRecord::Relativize { base, target, .. } => format!("{base} -> {target}"),
            OwnRecord::Normalize { input, .. } => input.clone(),
            OwnRecord::Equivalent { a, b, .. } => format!("{a} vs {b}"),
        }
    }
}

impl Vector for RfcResolve {
    /// `<base>|<ref>`, and `|non-strict` after it for a non-strict record.
    fn id(&self) -> String {
        if self.strict {
            format!("{}|{}", self.base, self.reference)
        } else {
            format!("{}|{}|non-strict", self.base, self.reference)
        }
    }

    fn source(&self) -> &str {
        &self.source
    }

    fn input(&self) -> String {
        format!("{} + {}", self.base, self.reference)
    }
}

// The input: `normalize.json` has no names.
urikit_tests::vector!(RfcNormalize, id = input, input = input);

impl Vector for RfcEquivalence {
    /// `<a>|<b>`.
    fn id(&self) -> String {
        format!("{}|{}", self.a, self.b)
    }

    fn source(&self) -> &str {
        &self.source
    }

    fn input(&self) -> String {
        format!("{} vs {}", self.a, self.b)
    }
}

// ------------------------------------------------------------------ resolution

/// One resolver per base and mode, reused for every record with that base in
/// file order, each with its own buffer: results must not depend on what was
/// resolved before.
type Reused<'a> = BTreeMap<(&'a str, bool), (Resolver<'a>, String)>;

/// A resolver for `base`, strict or not.
fn resolver(base: Uri<'_>, strict: bool) -> Resolver<'_> {
    let r = Resolver::new(base);
    if strict { r } else { r.non_strict() }
}

/// Whether `reference`'s scheme is the base's for non-strict resolution:
/// equal, ignoring case (§3.1).
fn same_scheme(base: Uri<'_>, reference: UriReference<'_>) -> bool {
    reference
        .scheme()
        .is_some_and(|s| s.eq_ignore_ascii_case(base.scheme()))
}

/// Checks resolving `reference` against `base` gives `expected`, every way.
fn check_resolve<'a>(
    base_text: &'a str,
    reference_text: &str,
    expected: &str,
    strict: bool,
    reused: &mut Reused<'a>,
) -> Vec<String> {
    let mut problems = Vec::new();
    let base = match Uri::parse(base_text) {
        Ok(b) => b,
        Err(e) => return vec![format!("the base does not parse as a URI: {e}")],
    };
    let reference = match UriReference::parse(reference_text) {
        Ok(r) => r,
        Err(e) => return vec![format!("the reference does not parse: {e}")],
    };
    let mode = if strict { "strict" } else { "non-strict" };
    let check = |problems: &mut Vec<String>, what: &str, got: &str| {
        if got != expected {
            problems.push(format!(
                "{what} ({mode}): got {got:?}, expected {expected:?}"
            ));
        }
    };

    // A fresh resolver, from text and from a parsed base, into a dirty buffer.
    let mut out = String::from(JUNK);
    match Resolver::parse(base_text) {
        Ok(r) => {
            let mut r = if strict { r } else { r.non_strict() };
            r.resolve_into(reference, &mut out);
            check(&mut problems, "Resolver::parse + resolve_into", &out);
            if r.base().as_str() != base_text {
                problems.push(format!("Resolver::base() is {:?}", r.base().as_str()));
            }
        }
        Err(e) => problems.push(format!("Resolver::parse failed: {e}")),
    }
    let target = resolver(base, strict).resolve(reference);
    check(&mut problems, "Resolver::resolve", target.as_str());
    match Uri::parse(expected) {
        Ok(e) if parts(&e.components()) == parts(&target.components()) => {}
        Ok(e) => problems.push(format!(
            "components: got {:?}, expected {:?}",
            parts(&target.components()),
            parts(&e.components())
        )),
        Err(e) => problems.push(format!("the expected target is not a URI: {e}")),
    }

    // The same resolver and buffer as for the records before.
    let (r, out) = reused
        .entry((base_text, strict))
        .or_insert_with(|| (resolver(base, strict), String::from(JUNK)));
    r.resolve_into(reference, out);
    let reused_out = out.clone();
    check(&mut problems, "a reused Resolver and buffer", &reused_out);

    // The one-shot functions are strict; so is the other mode when the
    // reference's scheme is not the base's.
    if strict {
        check(&mut problems, "resolve", resolve(base, reference).as_str());
        match resolve_str(base_text, reference_text) {
            Ok(t) => check(&mut problems, "resolve_str", t.as_str()),
            Err(e) => problems.push(format!("resolve_str failed: {e}")),
        }
    }
    if !same_scheme(base, reference) {
        let mut other = String::new();
        resolver(base, !strict).resolve_into(reference, &mut other);
        if other != expected {
            problems.push(format!(
                "strict and non-strict disagree on a reference without the base's scheme: {other:?}"
            ));
        }
    }

    problems.extend(check_relativize_back(base, reference, expected, strict));
    problems
}

/// Relativizes a resolved target back against its base: an answer resolves to
/// the target; there is one when the reference shows a relative one exists;
/// the shortest is no longer than the reference, nor than any other form's.
fn check_relativize_back(
    base: Uri<'_>,
    reference: UriReference<'_>,
    target_text: &str,
    strict: bool,
) -> Vec<String> {
    let mut problems = Vec::new();
    let Ok(target) = Uri::parse(target_text) else {
        return problems;
    };
    let answer = relativize_with(base, target, Form::Shortest);
    problems.extend(relativize_total_problem(base, target, &answer));
    let relative = reference.is_relative() || (!strict && same_scheme(base, reference));
    if base.scheme() != target.scheme() {
        if answer != Err(RelativizeError::DifferentScheme) {
            problems.push(format!(
                "relativize to another scheme: expected DifferentScheme, got {answer:?}"
            ));
        }
        return problems;
    }
    if (relative || reference.authority().is_some()) && answer.is_err() {
        problems.push(format!(
            "relativize: {answer:?}, but the reference {:?} reaches the target",
            reference.as_str()
        ));
    }
    let shortest = answer.as_ref().map_or(usize::MAX, |a| a.as_str().len());
    if reference.is_relative()
        && !has_dot_segments(reference.path())
        && shortest != usize::MAX
        && shortest > reference.as_str().len()
    {
        problems.push(format!(
            "relativize gives {answer:?}, longer than the reference {:?}",
            reference.as_str()
        ));
    }
    for name in FormName::ALL {
        let Ok(a) = relativize_with(base, target, name.form()) else {
            continue;
        };
        let back = resolve(base, a.as_uri_reference());
        if back.as_str() != target_text {
            problems.push(format!(
                "relativize_with({name:?}) gives {:?}, which resolves to {:?}",
                a.as_str(),
                back.as_str()
            ));
        }
        if !a.is_relative() {
            problems.push(format!(
                "relativize_with({name:?}) gives {:?}, not a relative reference",
                a.as_str()
            ));
        }
        if let Some(p) = form_problem(name, a.as_str()) {
            problems.push(p);
        }
        if a.as_str().len() < shortest {
            problems.push(format!(
                "relativize_with({name:?}) gives {:?}, shorter than relativize's {answer:?}",
                a.as_str()
            ));
        }
    }
    problems
}

/// Whether an answer of `relativize_with` has the form asked for.
fn form_problem(name: FormName, answer: &str) -> Option<String> {
    let same_document = answer.is_empty() || answer.starts_with('#');
    let ok = match name {
        FormName::Shortest => true,
        FormName::SameDocument => same_document,
        FormName::AbsolutePath => {
            same_document
                || answer.starts_with('?')
                || (answer.starts_with('/') && !answer.starts_with("//"))
        }
        FormName::NetworkPath => answer.starts_with("//"),
    };
    (!ok).then(|| format!("relativize_with({name:?}) gives {answer:?}, not of that form"))
}

#[test]
fn rfc_resolve_vectors() {
    let records: Vec<RfcResolve> = load(RESOLVE_FILE);
    let mut reused = Reused::new();
    run_records(RESOLVE_FILE, &records, |r| {
        check_resolve(&r.base, &r.reference, &r.expected, r.strict, &mut reused)
    });
}

// ------------------------------------------------------------------ normalization

/// A syntax-only normal form by every function that gives one, checked
/// against `expected`; the normal form is a fixed point and equivalent to
/// the input.
fn check_normalize(input: &str, expected: &str) -> Vec<String> {
    check_normalize_as::<UriSpec>(input, expected, |u| {
        vec![
            (
                "normalize_uri_with(SyntaxOnly)",
                normalize_uri_with(u, &SyntaxOnly).into_string(),
            ),
            (
                "NormalizedUri::with_rules(SyntaxOnly)",
                NormalizedUri::with_rules(u, &SyntaxOnly).to_string(),
            ),
        ]
    })
}

/// [`check_normalize`] for an IRI record (RFC 3987 §5.3): the same
/// functions with `IriSpec`; the scheme hooks are URI-only.
fn check_normalize_iri(input: &str, expected: &str) -> Vec<String> {
    check_normalize_as::<IriSpec>(input, expected, |_| Vec::new())
}

/// `input` normalizes to `expected` under spec `S` through every entry
/// point (`extra` adds the spec's own), and `expected` is a fixed point
/// equivalent to the input.
fn check_normalize_as<S: Spec>(
    input: &str,
    expected: &str,
    extra: impl Fn(Ri<'_, S>) -> Vec<(&'static str, String)>,
) -> Vec<String> {
    let mut problems = Vec::new();
    let r = match RiReference::<S>::parse(input) {
        Ok(r) => r,
        Err(e) => return vec![format!("does not parse as a {} reference: {e}", S::NAME)],
    };
    let mut out = String::from(JUNK);
    normalize_into(r.components(), &mut out);
    let mut forms = vec![
        ("normalize", normalize(r).into_string()),
        ("normalize_into", out),
    ];
    if let Some(u) = r.as_ri() {
        forms.push(("normalize_uri", normalize_uri(u).into_string()));
        forms.push(("NormalizedUri::new", NormalizedUri::new(u).to_string()));
        forms.extend(extra(u));
    }
    for (what, got) in forms {
        if got != expected {
            problems.push(format!("{what}: got {got:?}, expected {expected:?}"));
        }
    }
    match RiReference::<S>::parse(expected) {
        Ok(e) => {
            let again = normalize(e);
            if again.as_str() != expected {
                problems.push(format!(
                    "the expected normal form normalizes to {:?}",
                    again.as_str()
                ));
            }
            if !normalized_eq(r, e) || !normalized_eq(e, r) {
                problems.push("normalized_eq(input, expected) is false".to_owned());
            }
        }
        Err(e) => problems.push(format!("the expected normal form does not parse: {e}")),
    }
    problems
}

/// `remove_dot_segments` gives `expected`, appending to what the buffer
/// holds; the result has no dot segments and is a fixed point.
fn check_remove_dot_segments(input: &str, expected: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let mut out = String::new();
    remove_dot_segments(input, &mut out);
    if out != expected {
        problems.push(format!("got {out:?}, expected {expected:?}"));
    }
    let mut out = String::from("http://h");
    remove_dot_segments(input, &mut out);
    if out != format!("http://h{expected}") {
        problems.push(format!("after \"http://h\": got {out:?}"));
    }
    if has_dot_segments(expected) {
        problems.push("has_dot_segments(expected) is true".to_owned());
    }
    let mut again = String::new();
    remove_dot_segments(expected, &mut again);
    if again != expected {
        problems.push(format!("not a fixed point: {again:?}"));
    }
    problems
}

/// The standard registry of scheme rules, made once.
fn registry() -> &'static Registry {
    Registry::shared()
}

/// A scheme-based normal form (§6.2.3): `Registry::normalize` gives
/// `expected`, and so does uri-resolve's hook with the registry
/// (`normalize_uri_with`, `NormalizedUri::with_rules`) for a scheme that
/// keeps every step of syntax normalization; `expected` is a fixed point,
/// equivalent to the input both ways.
fn check_scheme_normalize(input: &str, expected: &str) -> Vec<String> {
    let registry = registry();
    let mut problems = Vec::new();
    let uri = match Uri::parse(input) {
        Ok(u) => u,
        Err(e) => return vec![format!("does not parse as a URI: {e}")],
    };
    let Some(scheme) = registry.get(uri.scheme()) else {
        return vec![format!("the registry has no rules for {:?}", uri.scheme())];
    };
    let mut forms = vec![("Registry::normalize", registry.normalize(uri).into_string())];
    if !scheme.opaque_path() && scheme.decodes_unreserved() {
        forms.push((
            "normalize_uri_with(&registry)",
            normalize_uri_with(uri, registry).into_string(),
        ));
        forms.push((
            "NormalizedUri::with_rules(&registry)",
            NormalizedUri::with_rules(uri, registry).to_string(),
        ));
    }
    for (what, got) in forms {
        if got != expected {
            problems.push(format!("{what}: got {got:?}, expected {expected:?}"));
        }
    }
    match Uri::parse(expected) {
        Ok(e) => {
            let again = registry.normalize(e);
            if again.as_str() != expected {
                problems.push(format!(
                    "the expected normal form normalizes to {:?}",
                    again.as_str()
                ));
            }
            if !registry.equivalent(uri.into(), e.into())
                || !registry.equivalent(e.into(), uri.into())
            {
                problems.push("Registry::equivalent(input, expected) is false".to_owned());
            }
        }
        Err(e) => problems.push(format!("the expected normal form does not parse: {e}")),
    }
    problems
}

/// Whether `a` and `b` are equivalent by the scheme rules (§6.2.3), asked
/// every way: `Registry::equivalent` both ways, `Registry::equivalence`
/// (which must name a rung exactly when they are), and, for two URIs,
/// equal `Registry::normalize` forms, which must mean equivalent.
fn check_scheme_equivalent(a: &str, b: &str, equivalent: bool) -> Vec<String> {
    let registry = registry();
    let (ra, rb) = match (UriReference::parse(a), UriReference::parse(b)) {
        (Ok(ra), Ok(rb)) => (ra, rb),
        (ra, rb) => {
            return vec![format!(
                "does not parse as URI references: {:?}, {:?}",
                ra.map(|_| ()),
                rb.map(|_| ())
            )];
        }
    };
    let mut problems = Vec::new();
    for (what, got) in [
        ("Registry::equivalent(a, b)", registry.equivalent(ra, rb)),
        ("Registry::equivalent(b, a)", registry.equivalent(rb, ra)),
        (
            "Registry::equivalence(a, b).is_some()",
            registry.equivalence(ra, rb).is_some(),
        ),
    ] {
        if got != equivalent {
            problems.push(format!("{what} is {got}, expected {equivalent}"));
        }
    }
    if let (Some(ua), Some(ub)) = (ra.as_uri(), rb.as_uri()) {
        let (na, nb) = (registry.normalize(ua), registry.normalize(ub));
        if na == nb && !equivalent {
            problems.push(format!("one Registry::normalize form, {na:?}"));
        }
    }
    problems
}

/// Checks a record of `normalize.json`: `remove_dot_segments`, or a normal
/// form.
fn check_rfc_normalize(r: &RfcNormalize) -> Vec<String> {
    let mut problems = match (r.op.as_deref(), r.level) {
        (Some("remove_dot_segments"), None) => check_remove_dot_segments(&r.input, &r.expected),
        (None, Some(_)) if r.iri => check_normalize_iri(&r.input, &r.expected),
        (None, Some(Level::Syntax)) => check_normalize(&r.input, &r.expected),
        // The scheme's rules, through the registry.
        (None, Some(Level::Scheme)) => check_scheme_normalize(&r.input, &r.expected),
        (op, level) => vec![format!(
            "unknown kind of record: op {op:?}, level {level:?}"
        )],
    };
    if r.iri && !problems.is_empty() {
        problems.push("an IRI record (RFC 3987, checked under IriSpec or with uri-iri)".to_owned());
    }
    problems
}

#[test]
fn rfc_normalize_vectors() {
    run(NORMALIZE_FILE, check_rfc_normalize);
}

// ------------------------------------------------------------------ equivalence

/// The hash `Hash` gives.
fn hash_of(value: &impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

/// Whether `a` and `b` are equivalent by syntax, asked every way:
/// `normalized_eq` both ways, equal `normalize`s, equal `NormalizedUri`s
/// (with equal hashes).
fn check_equivalent(a: &str, b: &str, equivalent: bool) -> Vec<String> {
    check_equivalent_as::<UriSpec>(a, b, equivalent)
}

/// [`check_equivalent`] under spec `S`.
fn check_equivalent_as<S: Spec>(a: &str, b: &str, equivalent: bool) -> Vec<String> {
    let mut problems = Vec::new();
    let (ra, rb) = match (RiReference::<S>::parse(a), RiReference::<S>::parse(b)) {
        (Ok(ra), Ok(rb)) => (ra, rb),
        (ra, rb) => {
            return vec![format!(
                "does not parse as {} references: {:?}, {:?}",
                S::NAME,
                ra.map(|_| ()),
                rb.map(|_| ())
            )];
        }
    };
    let check = |problems: &mut Vec<String>, what: &str, got: bool| {
        if got != equivalent {
            problems.push(format!("{what} is {got}, expected {equivalent}"));
        }
    };
    check(&mut problems, "normalized_eq(a, b)", normalized_eq(ra, rb));
    check(&mut problems, "normalized_eq(b, a)", normalized_eq(rb, ra));
    let (na, nb) = (normalize(ra), normalize(rb));
    check(
        &mut problems,
        &format!("normalize(a) == normalize(b) ({na:?}, {nb:?})"),
        na == nb,
    );
    if let (Some(ua), Some(ub)) = (ra.as_ri(), rb.as_ri()) {
        let (na, nb) = (NormalizedUri::new(ua), NormalizedUri::new(ub));
        check(&mut problems, "NormalizedUri ==", na == nb);
        if na == nb && hash_of(&na) != hash_of(&nb) {
            problems.push("equal NormalizedUris hash differently".to_owned());
        }
    }
    problems
}

/// The URI an IRI maps to with `HostMapping::Idna` (RFC 3987 §3.1, the
/// `ToASCII` conversion of the `ireg-name`).
fn idna_uri(text: &str) -> Result<String, String> {
    let iri = IriReference::parse(text).map_err(|e| e.to_string())?;
    to_uri_with(iri, HostMapping::Idna)
        .map(|u| u.into_string())
        .map_err(|e| e.to_string())
}

/// Checks a record of `equivalence.json`.
fn check_rfc_equivalence(r: &RfcEquivalence) -> Vec<String> {
    // A URI record: syntax-based (§6.2.2) with uri-resolve, and the
    // registry must agree when the pair is equivalent (it climbs further);
    // scheme-based (§6.2.3) with the registry. An IRI record without IDNA:
    // the IRI spec (RFC 3987 §5.3). With IDNA (RFC 3987 §5.3.3, "IDN
    // components and their conversions to punycode as equivalent"): both
    // mapped to URIs by uri-iri with UTS #46 `ToASCII`, then compared as
    // URIs, at the record's level.
    let as_uris = |a: &str, b: &str| match r.level {
        Level::Syntax => {
            let mut p = check_equivalent(a, b, r.equivalent);
            if r.equivalent {
                p.extend(check_scheme_equivalent(a, b, true));
            }
            p
        }
        Level::Scheme => check_scheme_equivalent(a, b, r.equivalent),
    };
    let mut problems = if r.idna {
        match (idna_uri(&r.a), idna_uri(&r.b)) {
            (Ok(a), Ok(b)) => as_uris(&a, &b),
            (a, b) => vec![format!("not mapped with IDNA: {a:?}, {b:?}")],
        }
    } else if r.iri {
        check_equivalent_as::<IriSpec>(&r.a, &r.b, r.equivalent)
    } else {
        as_uris(&r.a, &r.b)
    };
    if !problems.is_empty() && (r.iri || r.idna) {
        problems.push("an IRI record (RFC 3987, checked under IriSpec or with uri-iri)".to_owned());
    }
    problems
}

#[test]
fn rfc_equivalence_vectors() {
    run(EQUIVALENCE_FILE, check_rfc_equivalence);
}

// ------------------------------------------------------------------ our vectors

/// The inner parse error's name of a `ResolveErrorKind`, if it has one.
fn parse_kind(kind: ResolveErrorKind) -> Option<&'static str> {
    match kind {
        ResolveErrorKind::InvalidBase(k) | ResolveErrorKind::InvalidReference(k) => Some(k.name()),
        _ => None,
    }
}

/// Checks `resolve_str` (and `Resolver::parse`, for a base error) fails as
/// `want` says.
fn check_resolve_error(base: &str, reference: &str, want: &ExpectedResolveError) -> Vec<String> {
    let mut problems = Vec::new();
    let expected = (want.kind.as_str(), want.parse.as_deref(), want.index);
    match resolve_str(base, reference) {
        Ok(t) => problems.push(format!("resolve_str succeeded: {t}")),
        Err(e) => {
            let got = (e.kind().name(), parse_kind(e.kind()), e.index());
            if got != expected {
                problems.push(format!("resolve_str: got {got:?}, expected {expected:?}"));
            }
        }
    }
    if want.kind != "InvalidReference" {
        match Resolver::parse(base) {
            Ok(_) => problems.push("Resolver::parse accepted the base".to_owned()),
            Err(e) => {
                let got = (e.kind().name(), parse_kind(e.kind()), e.index());
                if got != expected {
                    problems.push(format!(
                        "Resolver::parse: got {got:?}, expected {expected:?}"
                    ));
                }
            }
        }
    }
    problems
}

/// What is wrong with `relativize(base, target)`, given `shortest`, what
/// `relativize_with(base, target, Form::Shortest)` answered: it must give
/// the same relative reference when there is one, and otherwise the target
/// itself, unless the target does not resolve to itself (dot segments), when
/// it fails with `DotSegments`.
fn relativize_total_problem(
    base: Uri<'_>,
    target: Uri<'_>,
    shortest: &Result<urikit::UriReferenceBuf, RelativizeError>,
) -> Option<String> {
    let total = relativize(base, target);
    let itself = resolve(base, target.as_uri_reference());
    let want = match shortest {
        Ok(r) => Ok(r.as_str()),
        Err(_) if itself.as_str() == target.as_str() => Ok(target.as_str()),
        Err(_) => Err(RelativizeError::DotSegments),
    };
    let got = total.as_ref().map(|r| r.as_str()).map_err(|e| *e);
    (got != want).then(|| {
        format!(
            "relativize({base}, {target}) = {got:?}, expected {want:?} (relativize_with(Shortest) = {shortest:?})"
        )
    })
}

/// Checks `relativize_with(base, target, form)` answers `expected` or fails
/// with `error`, and that an answer resolves to the target.
fn check_relativize(
    base: &str,
    target: &str,
    form: FormName,
    expected: Option<&str>,
    error: Option<&str>,
) -> Vec<String> {
    let (b, t) = match (Uri::parse(base), Uri::parse(target)) {
        (Ok(b), Ok(t)) => (b, t),
        (b, t) => {
            return vec![format!(
                "not URIs: {:?}, {:?}",
                b.map(|_| ()),
                t.map(|_| ())
            )];
        }
    };
    let mut problems = Vec::new();
    let got = relativize_with(b, t, form.form());
    let shown = got.as_ref().map(|r| r.as_str()).map_err(|e| e.name());
    let want = match (expected, error) {
        (Some(e), None) => Ok(e),
        (None, Some(e)) => Err(e),
        _ => return vec!["a relativize record has one of \"expected\" and \"error\"".to_owned()],
    };
    if shown != want {
        problems.push(format!(
            "relativize_with({form:?}): got {shown:?}, expected {want:?}"
        ));
    }
    if form == FormName::Shortest {
        problems.extend(relativize_total_problem(b, t, &got));
    }
    if let Ok(r) = &got {
        let back = resolve(b, r.as_uri_reference());
        if back.as_str() != target {
            problems.push(format!("the answer resolves to {:?}", back.as_str()));
        }
        if let Some(p) = form_problem(form, r.as_str()) {
            problems.push(p);
        }
    }
    problems
}

#[test]
fn own_vectors() {
    let records: Vec<OwnRecord> = load(OWN_FILE);
    let mut reused = Reused::new();
    run_records(OWN_FILE, &records, |r| match r {
        OwnRecord::Resolve {
            base,
            reference,
            strict,
            expected,
            error,
            ..
        } => match (expected, error) {
            (Some(expected), None) => {
                check_resolve(base, reference, expected, *strict, &mut reused)
            }
            (None, Some(error)) if *strict => check_resolve_error(base, reference, error),
            _ => vec![
                "a resolve record has one of \"expected\" and \"error\" (strict only)".to_owned(),
            ],
        },
        OwnRecord::Relativize {
            base,
            target,
            form,
            expected,
            error,
            ..
        } => check_relativize(base, target, *form, expected.as_deref(), error.as_deref()),
        OwnRecord::Normalize {
            input, expected, ..
        } => check_normalize(input, expected),
        OwnRecord::Equivalent {
            a, b, equivalent, ..
        } => check_equivalent(a, b, *equivalent),
    });
}

#[test]
fn own_vector_names_are_unique_spaced_and_sourced() {
    let records: Vec<OwnRecord> = load(OWN_FILE);
    let problems = name_problems(records.iter().map(|r| (r.name(), r.source())));
    assert!(problems.is_empty(), "{OWN_FILE}:\n{}", problems.join("\n"));
}

#[test]
fn own_vectors_cover_every_form_error_and_mode() {
    let records: Vec<OwnRecord> = load(OWN_FILE);
    let mut seen = BTreeSet::new();
    for r in &records {
        match r {
            OwnRecord::Resolve { strict, error, .. } => {
                seen.insert(format!("resolve strict={strict}"));
                if let Some(e) = error {
                    seen.insert(format!("ResolveErrorKind::{}", e.kind));
                }
            }
            OwnRecord::Relativize {
                form,
                error,
                expected,
                ..
            } => {
                if expected.is_some() {
                    seen.insert(format!("answer in {form:?}"));
                }
                if let Some(e) = error {
                    seen.insert(format!("RelativizeError::{e}"));
                }
            }
            OwnRecord::Normalize { .. } => {
                seen.insert("normalize".to_owned());
            }
            OwnRecord::Equivalent { equivalent, .. } => {
                seen.insert(format!("equivalent={equivalent}"));
            }
        }
    }
    let mut wanted: Vec<String> = vec![
        "resolve strict=true".into(),
        "resolve strict=false".into(),
        "normalize".into(),
        "equivalent=true".into(),
        "equivalent=false".into(),
    ];
    wanted.extend(FormName::ALL.iter().map(|f| format!("answer in {f:?}")));
    wanted.extend(
        [
            RelativizeError::DifferentScheme,
            RelativizeError::DotSegments,
            RelativizeError::NotSameDocument,
            RelativizeError::Unreachable,
        ]
        .iter()
        .map(|e| format!("RelativizeError::{}", e.name())),
    );
    wanted.extend(
        ["RelativeBase", "InvalidBase", "InvalidReference"]
            .iter()
            .map(|k| format!("ResolveErrorKind::{k}")),
    );
    let missing: Vec<&String> = wanted.iter().filter(|w| !seen.contains(*w)).collect();
    assert!(
        missing.is_empty(),
        "{OWN_FILE} has no vector for {missing:?}"
    );
}

// ------------------------------------------------------------------ bugs found, fixed

/// Runs `f`, turning a panic into an error message.
fn no_panic<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
            .unwrap_or_else(|| "a panic".to_owned())
    })
}

/// Parse options that accept RFC 6874 zone identifiers.
fn zones() -> ParseOptions {
    ParseOptions::new().allow_zone_id(true)
}

#[test]
fn fixed_resolving_with_a_zone_id_panics() {
    let base = Uri::parse_with("http://[fe80::1%25en0]/a/b", zones()).unwrap();
    let reference = UriReference::parse("g").unwrap();
    let zoned_ref = UriReference::parse_with("//[fe80::1%25en0]/x", zones()).unwrap();
    let plain = Uri::parse("http://a/b").unwrap();
    let mut problems = Vec::new();
    // `resolve_into` writes the right text: only the re-parse fails.
    let mut out = String::new();
    Resolver::new(base).resolve_into(reference, &mut out);
    assert_eq!(out, "http://[fe80::1%25en0]/a/g");
    for (what, got, want) in [
        (
            "resolve(zone base, g)",
            no_panic(|| resolve(base, reference).to_string()),
            "http://[fe80::1%25en0]/a/g",
        ),
        (
            "Resolver::resolve(zone base, g)",
            no_panic(|| Resolver::new(base).resolve(reference).to_string()),
            "http://[fe80::1%25en0]/a/g",
        ),
        (
            "resolve(http://a/b, zone reference)",
            no_panic(|| resolve(plain, zoned_ref).to_string()),
            "http://[fe80::1%25en0]/x",
        ),
    ] {
        if got.as_deref() != Ok(want) {
            problems.push(format!("{what}: {got:?}, expected {want:?}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn fixed_normalizing_a_zone_id_panics() {
    let uri = Uri::parse_with("HTTP://[FE80::1%25En%300]/a/./b", zones()).unwrap();
    let want = "http://[fe80::1%25En00]/a/b";
    let mut out = String::new();
    normalize_into(uri.components(), &mut out);
    assert_eq!(out, want, "normalize_into");
    let mut problems = Vec::new();
    for (what, got) in [
        ("normalize", no_panic(|| normalize(uri.into()).to_string())),
        ("normalize_uri", no_panic(|| normalize_uri(uri).to_string())),
        (
            "normalize_uri_with(SyntaxOnly)",
            no_panic(|| normalize_uri_with(uri, &SyntaxOnly).to_string()),
        ),
        (
            "NormalizedUri::new",
            no_panic(|| NormalizedUri::new(uri).to_string()),
        ),
    ] {
        if got.as_deref() != Ok(want) {
            problems.push(format!("{what}: {got:?}, expected {want:?}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn fixed_relativize_drops_zone_id_candidates() {
    let base = Uri::parse("http://a/b").unwrap();
    let target = Uri::parse_with("http://[fe80::1%25en0]/x", zones()).unwrap();
    let witness = UriReference::parse_with("//[fe80::1%25en0]/x", zones()).unwrap();
    let mut out = String::new();
    Resolver::new(base).resolve_into(witness, &mut out);
    assert_eq!(out, target.as_str(), "the witness resolves to the target");
    let got = relativize(base, target);
    assert_eq!(
        got.as_ref().map(|r| r.as_str()),
        Ok("//[fe80::1%25en0]/x"),
        "relativize"
    );
}

#[test]
fn fixed_relativize_is_not_the_shortest() {
    let mut problems = Vec::new();
    for (base, target, shorter) in [
        ("http://a/b/c/d;p?q", "http://a/b/c/", "."),
        ("http://a/b/c/d", "http://a/b/", ".."),
        ("http://a/b/c/d", "http://a/b/c/?q", ".?q"),
        ("s:?q", "s:", "."),
    ] {
        let (b, t) = (Uri::parse(base).unwrap(), Uri::parse(target).unwrap());
        // The shorter reference does resolve to the target.
        let back = resolve(b, UriReference::parse(shorter).unwrap());
        assert_eq!(back.as_str(), target, "{base} + {shorter}");
        let got = relativize(b, t);
        let len = got.as_ref().map_or(usize::MAX, |r| r.as_str().len());
        if len > shorter.len() {
            problems.push(format!(
                "{base} -> {target}: relativize gives {got:?}, but {shorter:?} is shorter"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn fixed_relativize_misses_answers_under_a_dotted_base() {
    let mut problems = Vec::new();
    for (base, witness) in [
        ("http://a/b/../c/d", "x/y"),
        ("http://a/./b/c", "d/e"),
        ("s:./a/x", "b/c"),
        ("a:./.", "%2E/"),
    ] {
        let b = Uri::parse(base).unwrap();
        let target = resolve(b, UriReference::parse(witness).unwrap());
        let got = relativize(b, target.as_uri());
        let len = got.as_ref().map_or(usize::MAX, |r| r.as_str().len());
        if len > witness.len() {
            problems.push(format!(
                "{base} -> {target}: relativize gives {got:?}, but {witness:?} resolves to it"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn fixed_relativize_never_climbs_a_rootless_base() {
    let mut problems = Vec::new();
    for (base, witness, target) in [
        ("s:a/b/c", "../x", "s:a/x"),
        ("s:a/b/c/d", "../../x/y", "s:a/x/y"),
        ("a:%00//", "..", "a:%00/"),
    ] {
        let b = Uri::parse(base).unwrap();
        let t = resolve(b, UriReference::parse(witness).unwrap());
        assert_eq!(t.as_str(), target, "{base} + {witness}");
        let got = relativize(b, t.as_uri());
        let len = got.as_ref().map_or(usize::MAX, |r| r.as_str().len());
        if len > witness.len() {
            problems.push(format!(
                "{base} -> {target}: relativize gives {got:?}, but {witness:?} resolves to it"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
