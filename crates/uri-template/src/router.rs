//! `TemplateSet`: many templates, one answer — which template a URI
//! matches, and with which values.

use alloc::collections::VecDeque;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Reverse;

use crate::captures::Captures;
use crate::nfa::{Nfa, On};
use crate::options::MatchOptions;
use crate::parse::Part;
use crate::template::Template;

/// A set of templates that routes a URI to the most specific template it
/// matches.
///
/// Templates are tried in this order, the first that matches wins:
///
/// 1. more literal characters first ([`Template::literal_chars`]);
/// 2. then fewer varspecs ([`Template::varspecs`]);
/// 3. then the order they were given in.
///
/// Two templates equal under 1 and 2 that can match the same URI are a
/// conflict, refused when the set is built ([`TemplateSet::new`]): only
/// the order they were given in would tell them apart. (The check ignores
/// prefix lengths, so two templates that overlap only past a `:n` limit
/// are still reported.) A template whose match is ambiguous does not
/// match: the next one is tried.
///
/// Matching does not try every template: a trie of the templates'
/// leading literals (up to a first `%`, `?` or non-ASCII character) gives
/// the ones a URI starts with, and only these are tried, in the order
/// above. A template matched by the deterministic scan (see the crate
/// docs, *Guarantees*) fails as soon as the scan does.
///
/// # Examples
///
/// ```
/// use uri_template::{Template, TemplateSet};
///
/// let set = TemplateSet::new([
///     Template::parse("/users/{id}")?,
///     Template::parse("/users/me")?,
///     Template::parse("/users/{id}/posts{/post}")?,
/// ])
/// .unwrap();
/// assert_eq!(set.match_uri("/users/me").map(|(i, _)| i), Some(1));
/// let (i, c) = set.match_uri("/users/7/posts/3").unwrap();
/// assert_eq!((i, c.get("post").and_then(|v| v.as_str())), (2, Some("3")));
/// assert!(set.match_uri("/groups").is_none());
/// # Ok::<(), uri_template::TemplateError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct TemplateSet {
    templates: Vec<Template>,
    /// Indices into `templates`, most specific first.
    order: Vec<usize>,
    /// The templates by the literal text they start with.
    dispatch: Dispatch,
}

/// A trie of the templates' leading literals: a URI can match only the
/// templates whose leading literal it starts with, which a walk down the
/// trie along the URI finds.
#[derive(Debug, Clone, Default)]
struct Dispatch {
    /// The nodes, the root first.
    nodes: Vec<Node>,
}

#[derive(Debug, Clone, Default)]
struct Node {
    /// The children, by the next byte (sorted).
    children: Vec<(u8, u32)>,
    /// The templates whose leading literal ends here or above, in the
    /// set's order (indices into `templates`); empty when no template's
    /// literal ends here.
    candidates: Vec<usize>,
    /// Whether a template's leading literal ends here.
    end: bool,
}

/// The bytes every URI a template matches starts with, whatever the
/// options: its leading literal up to the first `%` (a triplet may match
/// in either case), `?` (lenient matching reads the query apart) or
/// non-ASCII byte (written raw or as triplets).
fn leading(t: &Template) -> &[u8] {
    let Some(Part::Literal(r)) = t.parts().first() else {
        return &[];
    };
    let bytes = &t.as_str().as_bytes()[r.clone()];
    let end = bytes
        .iter()
        .position(|&b| b == b'%' || b == b'?' || !b.is_ascii())
        .unwrap_or(bytes.len());
    &bytes[..end]
}

impl Dispatch {
    /// The trie of `templates`, tried in `order`.
    fn new(templates: &[Template], order: &[usize]) -> Dispatch {
        let mut nodes = alloc::vec![Node::default()];
        // The node where each template's literal ends.
        let mut ends = Vec::with_capacity(templates.len());
        for t in templates {
            let mut at = 0usize;
            for &b in leading(t) {
                let next = match nodes[at].children.iter().find(|c| c.0 == b) {
                    Some(&(_, n)) => n as usize,
                    None => {
                        nodes.push(Node::default());
                        let n = nodes.len() - 1;
                        nodes[at].children.push((b, n as u32));
                        n
                    }
                };
                at = next;
            }
            nodes[at].end = true;
            ends.push(at);
        }
        for node in &mut nodes {
            node.children.sort_unstable_by_key(|c| c.0);
        }
        // Each node's parent, to list the literals that end above it.
        let mut parent = alloc::vec![usize::MAX; nodes.len()];
        for (i, n) in nodes.iter().enumerate() {
            for &(_, c) in &n.children {
                parent[c as usize] = i;
            }
        }
        for (at, node) in nodes.iter_mut().enumerate() {
            if !node.end {
                continue;
            }
            let mut above = Vec::new();
            let mut n = at;
            while n != usize::MAX {
                above.push(n);
                n = parent[n];
            }
            node.candidates = order
                .iter()
                .copied()
                .filter(|&i| above.contains(&ends[i]))
                .collect();
        }
        Dispatch { nodes }
    }

    /// The templates `uri` may match, in the set's order.
    fn candidates(&self, uri: &str) -> &[usize] {
        let Some(root) = self.nodes.first() else {
            return &[];
        };
        let mut node = root;
        let mut found: &[usize] = &root.candidates;
        for &b in uri.as_bytes() {
            let Ok(i) = node.children.binary_search_by_key(&b, |c| c.0) else {
                break;
            };
            let next = node.children[i].1;
            let Some(next) = self.nodes.get(next as usize) else {
                break;
            };
            node = next;
            if node.end {
                found = &node.candidates;
            }
        }
        found
    }
}

/// Two templates of a [`TemplateSet`] that rank alike and match a same
/// URI, so only their insertion order would choose between them.
///
/// # Examples
///
/// ```
/// use uri_template::{Template, TemplateSet};
///
/// let err = TemplateSet::new([Template::parse("/a/{x}")?, Template::parse("/a/{y}")?]).unwrap_err();
/// assert_eq!((err.first(), err.second()), (0, 1));
/// assert_eq!(err.example(), "/a/");
/// # Ok::<(), uri_template::TemplateError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[error("templates {first} and {second} rank alike and both match {example:?}")]
pub struct ConflictError {
    first: usize,
    second: usize,
    example: String,
}

impl ConflictError {
    /// The index of the template given first.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, TemplateSet};
    ///
    /// let err = TemplateSet::new([Template::parse("{x}")?, Template::parse("/")?, Template::parse("{y}")?]).unwrap_err();
    /// assert_eq!(err.first(), 0);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub const fn first(&self) -> usize {
        self.first
    }

    /// The index of the template given second.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, TemplateSet};
    ///
    /// let err = TemplateSet::new([Template::parse("{x}")?, Template::parse("/")?, Template::parse("{y}")?]).unwrap_err();
    /// assert_eq!(err.second(), 2);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub const fn second(&self) -> usize {
        self.second
    }

    /// A shortest URI both templates match (bytes that are not UTF-8, in
    /// a raw non-ASCII value, shown lossily).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, TemplateSet};
    ///
    /// let err = TemplateSet::new([Template::parse("/{x}")?, Template::parse("/{y}")?]).unwrap_err();
    /// assert_eq!(err.example(), "/");
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn example(&self) -> &str {
        &self.example
    }
}

impl TemplateSet {
    /// A set of `templates`, checked for conflicts.
    ///
    /// # Errors
    ///
    /// A [`ConflictError`] for the first two templates (in the set's
    /// order) that rank alike and match a same URI.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, TemplateSet};
    ///
    /// let set = TemplateSet::new([Template::parse("/a")?, Template::parse("/{x}")?]).unwrap();
    /// assert_eq!(set.len(), 2);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn new<I: IntoIterator<Item = Template>>(
        templates: I,
    ) -> Result<TemplateSet, ConflictError> {
        let templates: Vec<Template> = templates.into_iter().collect();
        let rank = |i: usize| {
            let t = &templates[i];
            (Reverse(t.literal_chars()), t.varspecs())
        };
        let mut order: Vec<usize> = (0..templates.len()).collect();
        order.sort_by_key(|&i| (rank(i), i));
        let mut start = 0;
        while start < order.len() {
            let mut end = start + 1;
            while end < order.len() && rank(order[end]) == rank(order[start]) {
                end += 1;
            }
            for a in start..end {
                for b in a + 1..end {
                    let (first, second) = (order[a], order[b]);
                    if let Some(example) = overlap(templates[first].nfa(), templates[second].nfa())
                    {
                        return Err(ConflictError {
                            first,
                            second,
                            example,
                        });
                    }
                }
            }
            start = end;
        }
        let dispatch = Dispatch::new(&templates, &order);
        Ok(TemplateSet {
            templates,
            order,
            dispatch,
        })
    }

    /// How many templates the set has.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_template::TemplateSet::default().is_empty());
    /// ```
    pub fn len(&self) -> usize {
        self.templates.len()
    }

    /// Whether the set has no template.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_template::TemplateSet::default().len(), 0);
    /// ```
    pub fn is_empty(&self) -> bool {
        self.templates.is_empty()
    }

    /// The template given at `index`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, TemplateSet};
    ///
    /// let set = TemplateSet::new([Template::parse("/a")?]).unwrap();
    /// assert_eq!(set.get(0).map(|t| t.as_str()), Some("/a"));
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn get(&self, index: usize) -> Option<&Template> {
        self.templates.get(index)
    }

    /// The templates, most specific first, with the index each was given
    /// at.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, TemplateSet};
    ///
    /// let set = TemplateSet::new([Template::parse("/{x}")?, Template::parse("/about")?]).unwrap();
    /// let order: Vec<usize> = set.iter().map(|(i, _)| i).collect();
    /// assert_eq!(order, [1, 0]);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (usize, &Template)> {
        self.order.iter().map(|&i| (i, &self.templates[i]))
    }

    /// The most specific template that matches `uri` exactly, by the index
    /// it was given at, and its captures.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, TemplateSet};
    ///
    /// let set = TemplateSet::new([Template::parse("/{x}")?, Template::parse("/about")?]).unwrap();
    /// assert_eq!(set.match_uri("/about").map(|(i, _)| i), Some(1));
    /// assert_eq!(set.match_uri("/team").map(|(i, _)| i), Some(0));
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn match_uri(&self, uri: &str) -> Option<(usize, Captures)> {
        self.match_with(uri, &MatchOptions::new())
    }

    /// [`TemplateSet::match_uri`], reading `uri` as `options` say.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{MatchOptions, Template, TemplateSet};
    ///
    /// let set = TemplateSet::new([Template::parse("/s{?q}")?]).unwrap();
    /// assert!(set.match_uri("/s?q=1&x=2").is_none());
    /// assert!(set.match_with("/s?q=1&x=2", &MatchOptions::lenient()).is_some());
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn match_with(&self, uri: &str, options: &MatchOptions) -> Option<(usize, Captures)> {
        // Only the templates whose leading literal `uri` starts with, in
        // the set's order; each but the last probed before it decodes (a
        // failure then costs no allocation, and the last one's is final).
        let candidates = self.dispatch.candidates(uri);
        candidates.iter().enumerate().find_map(|(k, &i)| {
            self.templates
                .get(i)?
                .try_match(uri, options, k + 1 < candidates.len())
                .map(|c| (i, c))
        })
    }
}

/// A shortest string both automata accept, if any: a breadth-first search
/// of their product (epsilon moves on either side, a byte on both).
fn overlap(a: &Nfa, b: &Nfa) -> Option<String> {
    let width = b.states.len();
    let index = |x: u32, y: u32| x as usize * width + y as usize;
    // For each pair reached: the pair it came from and the byte read.
    let mut from: Vec<Option<(usize, Option<u8>)>> = alloc::vec![None; a.states.len() * width];
    let mut queue = VecDeque::new();
    from[index(0, 0)] = Some((usize::MAX, None));
    queue.push_back((0u32, 0u32));
    while let Some((x, y)) = queue.pop_front() {
        let here = index(x, y);
        if x == a.accept && y == b.accept {
            let mut bytes = Vec::new();
            let mut at = here;
            while let Some((prev, byte)) = from[at] {
                if prev == usize::MAX {
                    break;
                }
                bytes.extend(byte);
                at = prev;
            }
            bytes.reverse();
            return Some(String::from_utf8_lossy(&bytes).into_owned());
        }
        let mut visit = |nx: u32, ny: u32, byte: Option<u8>, queue: &mut VecDeque<(u32, u32)>| {
            let i = index(nx, ny);
            if from[i].is_none() {
                from[i] = Some((here, byte));
                if byte.is_none() {
                    queue.push_front((nx, ny));
                } else {
                    queue.push_back((nx, ny));
                }
            }
        };
        for e in &a.states[x as usize] {
            if e.on == On::Eps {
                visit(e.to, y, None, &mut queue);
            }
        }
        for e in &b.states[y as usize] {
            if e.on == On::Eps {
                visit(x, e.to, None, &mut queue);
            }
        }
        for ea in a.states[x as usize].iter().filter(|e| e.on != On::Eps) {
            for eb in b.states[y as usize].iter().filter(|e| e.on != On::Eps) {
                // Printable ASCII first, for a readable example.
                let byte = (0x21..0x7F)
                    .chain(0x80..=0xFF)
                    .chain(0..0x21)
                    .find(|&c| ea.on.accepts(c) && eb.on.accepts(c));
                if let Some(c) = byte {
                    visit(ea.to, eb.to, Some(c), &mut queue);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use proptest::prelude::*;

    use crate::{MatchOptions, Template, TemplateSet};

    /// Every template tried in the set's order, with no dispatch.
    fn one_by_one(
        set: &TemplateSet,
        uri: &str,
        options: &MatchOptions,
    ) -> Option<(usize, crate::Captures)> {
        set.iter()
            .find_map(|(i, t)| t.match_with(uri, options).ok().map(|c| (i, c)))
    }

    const TEMPLATES: &[&str] = &[
        "/api/v1/users{?page,per_page}",
        "/api/v1/users/{id}",
        "/api/v1/users/{id}/comments{?page}",
        "/api/v1/users/{id}/tree{/path*}",
        "/api/v1/users/me",
        "/api/v1/teams/{id}",
        "/api/{+rest}",
        "{+anything}/x",
        "/caf\u{e9}/{x}",
        "/a%2Fb/{x}",
        "/s?q={q}",
        "/",
        "{/seg*}",
    ];

    #[test]
    fn dispatch_is_trying_every_template() {
        let set = TemplateSet::new(TEMPLATES.iter().map(|t| Template::parse(t).unwrap())).unwrap();
        let uris = [
            "",
            "/",
            "/api",
            "/api/v1/users",
            "/api/v1/users?page=2",
            "/api/v1/users/7",
            "/api/v1/users/me",
            "/api/v1/users/7/comments?page=1",
            "/api/v1/users/7/tree/a/b",
            "/api/v1/teams/x",
            "/api/v2/x",
            "/q/x",
            "/caf\u{e9}/1",
            "/caf%C3%A9/1",
            "/a%2Fb/1",
            "/a%2fb/1",
            "/s?q=1",
            "/x/y",
            "/api/v1/users?per_page=1&page=2",
        ];
        for options in [MatchOptions::new(), MatchOptions::lenient()] {
            for uri in uris {
                assert_eq!(
                    set.match_with(uri, &options),
                    one_by_one(&set, uri, &options),
                    "{uri}"
                );
            }
        }
        assert_eq!(set.match_uri("/api/v1/users/me").map(|m| m.0), Some(4));
        assert!(TemplateSet::default().match_uri("/").is_none());
    }

    proptest! {
        #[test]
        fn dispatch_agrees_on_any_uri(
            pick in prop::collection::vec(0..TEMPLATES.len(), 1..6),
            uri in "(/api|/v1|/users|/me|/7|/tree|/a|\\?page=1|%2F|%2f|/caf\u{e9}|/s\\?q=1){0,5}",
        ) {
            let mut picked: Vec<usize> = pick;
            picked.dedup();
            let templates = picked.iter().map(|&i| Template::parse(TEMPLATES[i]).unwrap());
            let Ok(set) = TemplateSet::new(templates) else { return Ok(()) };
            for options in [MatchOptions::new(), MatchOptions::lenient()] {
                prop_assert_eq!(set.match_with(&uri, &options), one_by_one(&set, &uri, &options));
            }
        }
    }
}
