//! URI Templates (`uri-template`, issue 38): expansion beside `iri-string`'s
//! `template` module and `uritemplate-next`, matching beside a regex-based
//! matcher built the way the MCP SDKs build theirs, and routing a URI over
//! 100 templates with `TemplateSet`, on the same templates and values, in
//! the same run.
//!
//! Inputs are made up deterministically (no corpus of templates is in
//! `data/`): realistic templates (REST routes, MCP-style `file:///{+path}`,
//! query forms), each with values drawn by a small generator. Three groups:
//!
//! - `template/expand`: 2,000 (template, values) pairs over 16 templates of
//!   levels 1 to 4 (prefixes, lists, associative arrays, every operator).
//!   Each of the 16 templates is parsed once (the items share them, as
//!   iri-string's share the 16 template strings) and each set of values
//!   built before timing; the timed call is the one a user makes each
//!   time. `urikit`:
//!   `Template::expand(&vars)`, an owned `UriReferenceBuf` (the expansion
//!   parsed, so always valid). `iri-string` 0.7: `UriTemplateStr::expand::<
//!   UriSpec, _>(&SimpleContext)`, then `to_string()`. `uritemplate-next`
//!   0.2: `UriTemplate::build()` on a template whose values were `set`
//!   before timing (its values live in the template). Every expansion is
//!   compared with ours before timing.
//! - `template/match`: 2,000 URIs, each the expansion of one of 12 level 1–2
//!   templates (`{var}`, `{+var}`, `{#var}`), matched against that
//!   template. `urikit`: `Template::match_uri`, owned `Captures` (triplets
//!   decoded). `regex`: one `regex::Regex` per template, built as the MCP
//!   SDKs build theirs (literals escaped; `{var}` becomes `([^/?#&,]*)`,
//!   `{+var}` `(.*)`, `{#var}` `#(.*)`; anchored), then `captures()` and
//!   each capture percent-decoded (`percent-encoding`) into an owned
//!   `String`, which is what the SDKs hand their handlers. Captures are
//!   compared with ours before timing.
//! - `template/route`: 2,000 URIs over a `TemplateSet` of 100 distinct REST
//!   routes (20 resources, 5 shapes: list with `{?page,per_page}`, item
//!   `{id}`, sub-collection, `{/path*}` tree, action); `urikit`:
//!   `TemplateSet::match_uri` (the route and its captures); `own-template`:
//!   `Template::match_uri` on the template the URI was made from, for the
//!   cost of routing over matching one. Each URI's route is checked
//!   before timing. After criterion, the set routes the 2,000 URIs over
//!   and over for 3 s of the thread's CPU time (`/proc/thread-self/stat`)
//!   and the group's notes give the rate: URIs per second of one core's
//!   time, which a shared machine does not inflate.
//!
//! Run: `cargo bench -p urikit-bench --bench template` (a filter such as
//! `-- template/route` runs one group). Instruction counts: set
//! `URIKIT_TEMPLATE_PROFILE` to `expand`, `expand-iri-string`, `match`,
//! `match-regex` or `route` and run the
//! bench binary under `valgrind --tool=callgrind
//! --toggle-collect='template::profile_loop*'`: that group's loop over
//! its 2,000 items runs once, and criterion does not run.

// Test code: its helpers may unwrap and panic too.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::unreachable
)]

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use iri_string::spec::UriSpec;
use iri_string::template::UriTemplateStr;
use iri_string::template::simple_context::{SimpleContext, Value as IriValue};
use uri_template::{Template, TemplateSet, Value, Vars};
use urikit_bench::{GroupInfo, Rng, flat_group as group, write_record as write};
use uritemplate::{TemplateVar, UriTemplate};

/// Items per group.
const ITEMS: usize = 2_000;

/// One variable's value, as each library takes it.
#[derive(Clone)]
enum Val {
    Str(String),
    List(Vec<String>),
    Assoc(Vec<(String, String)>),
}

impl Val {
    fn ours(&self) -> Value {
        match self {
            Val::Str(s) => Value::from(s.as_str()),
            Val::List(l) => Value::from(l.clone()),
            Val::Assoc(a) => Value::from(a.clone()),
        }
    }

    fn iri_string(&self) -> IriValue {
        match self {
            Val::Str(s) => IriValue::String(s.clone()),
            Val::List(l) => IriValue::List(l.clone()),
            Val::Assoc(a) => IriValue::Assoc(a.clone()),
        }
    }

    fn uritemplate(&self) -> TemplateVar {
        match self {
            Val::Str(s) => TemplateVar::Scalar(s.clone()),
            Val::List(l) => TemplateVar::List(l.clone()),
            Val::Assoc(a) => TemplateVar::AssociativeArray(a.clone()),
        }
    }
}

const OWNERS: &[&str] = &["rust-lang", "tokio-rs", "serde-rs", "octocat", "BurntSushi"];
const REPOS: &[&str] = &["rust", "tokio", "serde", "hello-world", "regex", "cargo"];
const WORDS: &[&str] = &[
    "uri",
    "template",
    "rust lang",
    "hello world",
    "a+b",
    "caf\u{e9}",
    "50%",
    "x&y",
    "tags",
];
const FILES: &[&str] = &[
    "README.md",
    "src/lib.rs",
    "docs/guide/intro.md",
    "a/b/c/d.txt",
];

/// The templates of `template/expand` and a maker of values for each.
fn expand_cases(rng: &mut Rng) -> Vec<(&'static str, Vec<(&'static str, Val)>)> {
    let templates: &[&str] = &[
        "/users/{id}",
        "https://api.github.com/repos/{owner}/{repo}/issues/{number}",
        "file:///{+path}",
        "/search/{query}",
        "https://example.com/docs/{+path}{#section}",
        "/users/{id}/repos{/path*}{?page,per_page}",
        "https://api.example.com/search{?q,lang,sort}",
        "/items{?filters*}",
        "/map{;x,y}",
        "/files/{name}{.ext}",
        "https://cdn.example.com{/segments*}",
        "/feed{?tags*}",
        "/u/{user:3}/{user}",
        "{+base}/v1/items/{id}{?fields}",
        "mcp://server/resources/{name}{&cursor}",
        "/labels{/labels}{#anchor}",
    ];
    (0..ITEMS)
        .map(|i| {
            let t = templates[i % templates.len()];
            let s = |v: String| Val::Str(v);
            let vars: Vec<(&'static str, Val)> = match i % templates.len() {
                0 => vec![("id", s(rng.number()))],
                1 => vec![
                    ("owner", s(rng.pick(OWNERS).into())),
                    ("repo", s(rng.pick(REPOS).into())),
                    ("number", s(rng.number())),
                ],
                2 => vec![(
                    "path",
                    s(format!("home/{}/{}", rng.word(3, 8), rng.pick(FILES))),
                )],
                3 => vec![("query", s(rng.pick(WORDS).into()))],
                4 => vec![
                    ("path", s(format!("guide/{}.html", rng.word(4, 10)))),
                    ("section", s(rng.word(3, 12))),
                ],
                5 => vec![
                    ("id", s(rng.pick(OWNERS).into())),
                    (
                        "path",
                        Val::List(vec![rng.pick(REPOS).into(), rng.word(2, 6)]),
                    ),
                    ("page", s(rng.below(20).to_string())),
                    ("per_page", s("100".into())),
                ],
                6 => vec![
                    ("q", s(rng.pick(WORDS).into())),
                    ("lang", s("en".into())),
                    ("sort", s(rng.pick(&["stars", "updated"]).into())),
                ],
                7 => vec![(
                    "filters",
                    Val::Assoc(vec![
                        ("state".into(), rng.pick(&["open", "closed"]).into()),
                        ("label".into(), rng.pick(WORDS).into()),
                    ]),
                )],
                8 => vec![
                    ("x", s(rng.below(1000).to_string())),
                    ("y", s(rng.below(1000).to_string())),
                ],
                9 => vec![
                    ("name", s(rng.word(4, 12))),
                    ("ext", s(rng.pick(&["json", "html", "xml"]).into())),
                ],
                10 => vec![(
                    "segments",
                    Val::List((0..1 + rng.below(4)).map(|_| rng.word(2, 8)).collect()),
                )],
                11 => vec![(
                    "tags",
                    Val::List((0..1 + rng.below(3)).map(|_| rng.word(3, 6)).collect()),
                )],
                12 => vec![("user", s(rng.word(5, 10)))],
                13 => vec![
                    ("base", s("https://api.example.com".into())),
                    ("id", s(rng.number())),
                    ("fields", s("name,size".into())),
                ],
                14 => vec![("name", s(rng.word(4, 12))), ("cursor", s(rng.word(8, 16)))],
                _ => vec![
                    (
                        "labels",
                        Val::List(vec![rng.word(2, 5), rng.pick(WORDS).into()]),
                    ),
                    ("anchor", s(rng.word(3, 8))),
                ],
            };
            (t, vars)
        })
        .collect()
}

/// The level 1–2 templates of `template/match`, with values that expand to
/// URIs every matcher reads back alike (no empty values).
fn match_cases(rng: &mut Rng) -> Vec<(&'static str, Vec<(&'static str, String)>)> {
    let templates: &[&str] = &[
        "/users/{id}",
        "https://api.github.com/repos/{owner}/{repo}/issues/{number}",
        "file:///{+path}",
        "file:///{path}",
        "/search/{query}",
        "https://example.com/docs/{page}{#section}",
        "/blog/{year}/{month}/{slug}",
        "mcp://server/resources/{name}",
        "/files{+path}",
        "{+base}/items/{id}",
        "https://example.com/{lang}/wiki/{title}",
        "db://tables/{schema}/{table}/rows/{key}",
    ];
    (0..ITEMS)
        .map(|i| {
            let t = templates[i % templates.len()];
            let vars = match i % templates.len() {
                0 => vec![("id", rng.number())],
                1 => vec![
                    ("owner", rng.pick(OWNERS).into()),
                    ("repo", rng.pick(REPOS).into()),
                    ("number", rng.number()),
                ],
                2 => vec![(
                    "path",
                    format!("home/{}/{}", rng.word(3, 8), rng.pick(FILES)),
                )],
                3 => vec![("path", format!("{}.txt", rng.word(3, 12)))],
                4 => vec![("query", rng.pick(WORDS).into())],
                5 => vec![
                    ("page", format!("{}.html", rng.word(4, 10))),
                    ("section", rng.word(3, 12)),
                ],
                6 => vec![
                    ("year", (2000 + rng.below(27)).to_string()),
                    ("month", format!("{:02}", 1 + rng.below(12))),
                    ("slug", format!("{}-{}", rng.word(3, 8), rng.word(3, 8))),
                ],
                7 => vec![("name", rng.word(4, 16))],
                8 => vec![("path", format!("/{}/{}", rng.word(2, 6), rng.pick(FILES)))],
                9 => vec![
                    ("base", "https://api.example.com/v2".into()),
                    ("id", rng.number()),
                ],
                10 => vec![
                    ("lang", rng.pick(&["en", "fr", "de"]).into()),
                    ("title", rng.pick(WORDS).into()),
                ],
                _ => vec![
                    ("schema", "public".into()),
                    ("table", rng.word(3, 10)),
                    ("key", rng.number()),
                ],
            };
            (t, vars)
        })
        .collect()
}

/// The 100 routes of `template/route`: 20 resources, 5 shapes each.
fn routes() -> Vec<String> {
    const RESOURCES: &[&str] = &[
        "users",
        "repos",
        "orgs",
        "teams",
        "issues",
        "pulls",
        "gists",
        "projects",
        "releases",
        "commits",
        "branches",
        "tags",
        "hooks",
        "keys",
        "labels",
        "milestones",
        "packages",
        "deployments",
        "invitations",
        "notifications",
    ];
    let mut out = Vec::new();
    for r in RESOURCES {
        out.push(format!("/api/v1/{r}{{?page,per_page}}"));
        out.push(format!("/api/v1/{r}/{{id}}"));
        out.push(format!("/api/v1/{r}/{{id}}/comments{{?page}}"));
        out.push(format!("/api/v1/{r}/{{id}}/tree{{/path*}}"));
        out.push(format!("/api/v1/{r}/{{id}}/actions/{{action}}"));
    }
    out
}

/// A URI made from route `route` of [`routes`].
fn route_vars(rng: &mut Rng, route: usize) -> Vars {
    let id = rng.number();
    match route % 5 {
        0 => Vars::new()
            .with("page", rng.below(50).to_string())
            .with("per_page", "30"),
        1 => Vars::new().with("id", id),
        2 => Vars::new()
            .with("id", id)
            .with("page", rng.below(9).to_string()),
        3 => Vars::new().with("id", id).with(
            "path",
            (0..1 + rng.below(4))
                .map(|_| rng.word(2, 8))
                .collect::<Vec<_>>(),
        ),
        _ => Vars::new()
            .with("id", id)
            .with("action", rng.pick(&["merge", "close", "lock", "star"])),
    }
}

/// The regex of a level 1–2 template, as the MCP SDKs build it, and its
/// variable names in order.
fn regex_of(template: &str) -> (regex::Regex, Vec<String>) {
    let mut pattern = String::from("^");
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        pattern.push_str(&regex::escape(&rest[..open]));
        let close = open + rest[open..].find('}').expect("closed expression");
        let expr = &rest[open + 1..close];
        let (group, name) = match expr.as_bytes()[0] {
            b'+' => ("(.*)", &expr[1..]),
            b'#' => ("#(.*)", &expr[1..]),
            _ => ("([^/?#&,]*)", expr),
        };
        pattern.push_str(group);
        names.push(name.to_owned());
        rest = &rest[close + 1..];
    }
    pattern.push_str(&regex::escape(rest));
    pattern.push('$');
    (regex::Regex::new(&pattern).expect("valid regex"), names)
}

/// The regex matcher: the captures, percent-decoded, owned.
fn regex_match(re: &regex::Regex, names: &[String], uri: &str) -> Option<Vec<(String, String)>> {
    let caps = re.captures(uri)?;
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let text = caps.get(i + 1)?.as_str();
            let value = percent_encoding::percent_decode_str(text)
                .decode_utf8()
                .ok()?;
            Some((name.clone(), value.into_owned()))
        })
        .collect()
}

/// The operation named by `URIKIT_TEMPLATE_PROFILE` (`expand`,
/// `expand-iri-string`, `match`, `match-regex`, `route`), if any: then that group's loop runs once, untimed, in
/// [`profile_loop`], for `valgrind --tool=callgrind
/// --toggle-collect='template::profile_loop*'`, and criterion is not run.
fn profile_op() -> Option<String> {
    std::env::var("URIKIT_TEMPLATE_PROFILE").ok()
}

/// Runs `body` once: the only code callgrind counts in a profile run.
#[inline(never)]
fn profile_loop(body: impl FnOnce()) {
    body();
}

/// `template/expand`.
fn bench_expand(c: &mut Criterion) {
    let name = "template/expand";
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let cases = expand_cases(&mut rng);
    // Each of the 16 templates parsed once, as a user keeps a template and
    // expands it again and again (and as iri-string's items share the 16
    // template strings): not one parsed copy per item.
    let mut parsed: Vec<Template> = Vec::new();
    let ours: Vec<(usize, Vars)> = cases
        .iter()
        .map(|(t, vars)| {
            let vars: Vars = vars.iter().map(|(n, v)| (*n, v.ours())).collect();
            let k = match parsed.iter().position(|p| p.as_str() == *t) {
                Some(k) => k,
                None => {
                    parsed.push(Template::parse(t).expect("valid template"));
                    parsed.len() - 1
                }
            };
            (k, vars)
        })
        .collect();
    let ours: Vec<(&Template, Vars)> = ours.into_iter().map(|(k, v)| (&parsed[k], v)).collect();
    let iri: Vec<(&UriTemplateStr, SimpleContext)> = cases
        .iter()
        .map(|(t, vars)| {
            let mut context = SimpleContext::new();
            for (n, v) in vars {
                context.insert(*n, v.iri_string());
            }
            (UriTemplateStr::new(t).expect("valid template"), context)
        })
        .collect();
    let next: Vec<UriTemplate> = cases
        .iter()
        .map(|(t, vars)| {
            let mut template = UriTemplate::new(t);
            for (n, v) in vars {
                template.set(n, v.uritemplate());
            }
            template
        })
        .collect();
    let expanded: Vec<String> = ours
        .iter()
        .map(|(t, v)| t.expand(v).expect("expands").as_str().to_owned())
        .collect();
    let bytes = urikit_bench::total_bytes(&expanded);
    let mut info = GroupInfo::new(name, ITEMS as u64, bytes, "urikit");
    for (i, ours) in expanded.iter().enumerate() {
        let (t, context) = &iri[i];
        let theirs = t
            .expand::<UriSpec, _>(context)
            .expect("iri-string expands")
            .to_string();
        assert_eq!(&theirs, ours, "iri-string on {}", cases[i].0);
        assert_eq!(&next[i].build(), ours, "uritemplate-next on {}", cases[i].0);
    }
    info.note(format!(
        "{ITEMS} expansions of 16 templates (levels 1-4); iri-string and uritemplate-next \
         give our expansion on every one"
    ));
    if let Some(op) = profile_op() {
        if op == "expand" {
            profile_loop(|| {
                for (t, vars) in &ours {
                    black_box(t.expand(black_box(vars)).ok());
                }
            });
        } else if op == "expand-iri-string" {
            profile_loop(|| {
                for (t, context) in &iri {
                    black_box(
                        t.expand::<UriSpec, _>(black_box(context))
                            .ok()
                            .map(|e| e.to_string()),
                    );
                }
            });
        }
        return;
    }
    let mut g = group(c, name, ITEMS);
    g.bench_function("urikit", |b| {
        b.iter(|| {
            for (t, vars) in &ours {
                black_box(t.expand(black_box(vars)).ok());
            }
        })
    });
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            for (t, context) in &iri {
                black_box(
                    t.expand::<UriSpec, _>(black_box(context))
                        .ok()
                        .map(|e| e.to_string()),
                );
            }
        })
    });
    g.bench_function("uritemplate-next", |b| {
        b.iter(|| {
            for t in &next {
                black_box(black_box(t).build());
            }
        })
    });
    g.finish();
    write(&info);
}

/// `template/match`.
fn bench_match(c: &mut Criterion) {
    let name = "template/match";
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let cases = match_cases(&mut rng);
    let mut templates: Vec<(&str, Template, regex::Regex, Vec<String>)> = Vec::new();
    let mut items: Vec<(usize, String)> = Vec::new();
    for (t, vars) in &cases {
        let k = match templates.iter().position(|(s, ..)| s == t) {
            Some(k) => k,
            None => {
                let (re, names) = regex_of(t);
                templates.push((t, Template::parse(t).expect("valid"), re, names));
                templates.len() - 1
            }
        };
        let vars: Vars = vars.iter().map(|(n, v)| (*n, v.as_str())).collect();
        let uri = templates[k].1.expand(&vars).expect("expands");
        items.push((k, uri.as_str().to_owned()));
    }
    for (k, uri) in &items {
        let (t, ours, re, names) = &templates[*k];
        let captures = ours
            .match_uri(uri)
            .unwrap_or_else(|| panic!("we match our expansion: {t} on {uri}"));
        let theirs = regex_match(re, names, uri).expect("the regex matches");
        assert_eq!(captures.len(), theirs.len(), "{t} on {uri}");
        for (n, v) in &theirs {
            assert_eq!(
                captures.get(n).and_then(Value::as_str),
                Some(v.as_str()),
                "{t} on {uri}: {n}"
            );
        }
    }
    let mut info = GroupInfo::over(name, items.iter().map(|(_, u)| u.as_str()), "urikit");
    info.note(format!(
        "{ITEMS} URIs over {} level 1-2 templates; the regex matcher gives our captures on \
         every one",
        templates.len()
    ));
    if let Some(op) = profile_op() {
        if op == "match" {
            profile_loop(|| {
                for (k, uri) in &items {
                    black_box(templates[*k].1.match_uri(black_box(uri)));
                }
            });
        } else if op == "match-regex" {
            profile_loop(|| {
                for (k, uri) in &items {
                    let (_, _, re, names) = &templates[*k];
                    black_box(regex_match(re, names, black_box(uri)));
                }
            });
        }
        return;
    }
    let mut g = group(c, name, ITEMS);
    g.bench_function("urikit", |b| {
        b.iter(|| {
            for (k, uri) in &items {
                black_box(templates[*k].1.match_uri(black_box(uri)));
            }
        })
    });
    g.bench_function("regex", |b| {
        b.iter(|| {
            for (k, uri) in &items {
                let (_, _, re, names) = &templates[*k];
                black_box(regex_match(re, names, black_box(uri)));
            }
        })
    });
    g.finish();
    write(&info);
}

/// `template/route`.
fn bench_route(c: &mut Criterion) {
    let name = "template/route";
    let routes = routes();
    let templates: Vec<Template> = routes
        .iter()
        .map(|t| Template::parse(t).expect("valid"))
        .collect();
    let set = TemplateSet::new(templates.iter().cloned()).expect("no conflict");
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let items: Vec<(usize, String)> = (0..ITEMS)
        .map(|_| {
            let route = rng.below(routes.len());
            let uri = templates[route]
                .expand(&route_vars(&mut rng, route))
                .expect("expands");
            (route, uri.as_str().to_owned())
        })
        .collect();
    for (route, uri) in &items {
        let (found, captures) = set.match_uri(uri).expect("routed");
        assert_eq!(found, *route, "{uri}");
        assert_eq!(
            Some(captures),
            templates[*route].match_uri(uri),
            "{uri}: the set's captures are the template's"
        );
    }
    let mut info = GroupInfo::over(name, items.iter().map(|(_, u)| u.as_str()), "urikit");
    info.note(format!(
        "{ITEMS} URIs over {} routes; every URI routed to the template it was made from",
        routes.len()
    ));
    if let Some(op) = profile_op() {
        if op == "route" {
            profile_loop(|| {
                for (_, uri) in &items {
                    black_box(set.match_uri(black_box(uri)));
                }
            });
        }
        return;
    }
    let mut g = group(c, name, ITEMS);
    g.bench_function("urikit", |b| {
        b.iter(|| {
            for (_, uri) in &items {
                black_box(set.match_uri(black_box(uri)));
            }
        })
    });
    g.bench_function("own-template", |b| {
        b.iter(|| {
            for (route, uri) in &items {
                black_box(templates[*route].match_uri(black_box(uri)));
            }
        })
    });
    g.finish();
    // The target is a rate on one core: routed URIs per second of
    // this thread's CPU time, which other processes on a shared machine
    // do not inflate as they inflate wall-clock time.
    if let Some(rate) = cpu_rate(|| {
        for (_, uri) in &items {
            black_box(set.match_uri(black_box(uri)));
        }
    }) {
        info.note(format!(
            "TemplateSet::match_uri: {:.0} routed URIs per second of CPU time (one thread)",
            rate * ITEMS as f64
        ));
    }
    write(&info);
}

/// This thread's CPU time (user and system) in clock ticks, from
/// `/proc/thread-self/stat` (Linux), if readable.
fn cpu_ticks() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The fields after the command name (which is in parentheses).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    // utime and stime: fields 14 and 15 of stat(5), 12 and 13 after the name.
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// How many times a second of this thread's CPU time runs `body`: runs
/// it for at least 300 ticks (3 s at 100 Hz, so that a tick is 0.3 %).
fn cpu_rate(mut body: impl FnMut()) -> Option<f64> {
    /// Clock ticks a second (`sysconf(_SC_CLK_TCK)`, 100 on Linux).
    const TICKS: f64 = 100.0;
    for _ in 0..10 {
        body();
    }
    let start = cpu_ticks()?;
    let mut runs = 0u64;
    while cpu_ticks()? - start < 300 {
        for _ in 0..10 {
            body();
        }
        runs += 10;
    }
    let ticks = cpu_ticks()? - start;
    Some(runs as f64 * TICKS / ticks as f64)
}

fn benches(c: &mut Criterion) {
    bench_expand(c);
    bench_match(c);
    bench_route(c);
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    benches(&mut c);
    c.final_summary();
}
