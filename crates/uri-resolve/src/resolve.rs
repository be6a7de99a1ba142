//! Reference resolution (RFC 3986 §5.2).

use alloc::string::String;

use uri_core::writer::Absolute;
use uri_core::{
    Components, ParseErrorKind, Ri, RiBuf, RiReference, Spec, TrustedWriter, Uri, UriBuf,
    UriReference, UriSpec,
};

use crate::dot_segments::{
    clean_directory_end, may_have_dot_segments, remove_dot_segments_after_dir,
    remove_dot_segments_into,
};
use crate::out::Out;

/// Why a reference could not be resolved, and where.
///
/// # Examples
///
/// ```
/// use uri_resolve::{resolve_str, ResolveErrorKind};
///
/// let err = resolve_str("/relative/base", "g").unwrap_err();
/// assert_eq!(err.kind(), ResolveErrorKind::RelativeBase);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{kind} at byte {index}")]
pub struct ResolveError {
    kind: ResolveErrorKind,
    index: usize,
}

impl ResolveError {
    /// What was wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::ParseErrorKind;
    /// use uri_resolve::{resolve_str, ResolveErrorKind};
    ///
    /// let err = resolve_str("http://a/", "b c").unwrap_err();
    /// assert_eq!(err.kind(), ResolveErrorKind::InvalidReference(ParseErrorKind::InvalidPathChar));
    /// ```
    pub const fn kind(&self) -> ResolveErrorKind {
        self.kind
    }

    /// The byte offset of the problem in the text at fault (the base or the
    /// reference, as the kind says).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_resolve::resolve_str("http://a/", "b c").unwrap_err().index(), 1);
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }
}

uri_encode::error_kinds! {
    crate = uri_resolve, example = RelativeBase;
    /// What was wrong with a base or a reference.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_resolve::ResolveErrorKind;
    ///
    /// assert_eq!(ResolveErrorKind::RelativeBase.name(), "RelativeBase");
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum ResolveErrorKind {
        /// The base is a relative reference: §5.1 requires a base URI with a
        /// scheme. `index` is 0.
        RelativeBase => "the base is a relative reference; a base URI needs a scheme (§5.1)",
        /// The base is not a URI reference at all.
        InvalidBase(ParseErrorKind) => "invalid base: {0}",
        /// The reference is not a URI reference.
        InvalidReference(ParseErrorKind) => "invalid reference: {0}",
    }
}

impl core::error::Error for ResolveErrorKind {}

/// A pre-parsed base URI that resolves references (RFC 3986 §5.2.2) into
/// a caller's buffer: no allocation per reference once the buffer has grown.
///
/// Strict by default; [`Resolver::non_strict`] gives the backward-compatible
/// reading of §5.2.2, where a reference with the base's scheme and no
/// authority (`http:g`) is relative. A fragment on the base is ignored
/// (§5.1). The result always parses as a URI with the components it was
/// written from: where the algorithm would give a path that starts with
/// `//` and no authority, `/.` is written before it (see `docs/spec-notes.md`).
///
/// # Examples
///
/// ```
/// use uri_core::{Uri, UriReference};
/// use uri_resolve::Resolver;
///
/// let base = Uri::parse("http://a/b/c/d;p?q")?;
/// let mut resolver = Resolver::new(base);
/// let mut out = String::new();
/// for (reference, target) in [("g", "http://a/b/c/g"), ("../..", "http://a/"), ("?y", "http://a/b/c/d;p?y")] {
///     resolver.resolve_into(UriReference::parse(reference)?, &mut out);
///     assert_eq!(out, target);
/// }
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Resolver<'b, S: Spec = UriSpec> {
    /// The base (its components are [`Ri::components`], a copy of a field).
    uri: Ri<'b, S>,
    strict: bool,
    /// Offsets in the base's text: where its path starts and ends, and
    /// where its query ends. The text before each is copied whole.
    path_start: usize,
    path_end: usize,
    query_end: usize,
    /// The offset after the last `/` of the base path, when its directory
    /// has no dot segments: merges continue the literal algorithm after the
    /// directory, without the scratch buffer. Found by
    /// [`Resolver::new`], or by the first merge of a resolver for one
    /// reference ([`Resolver::once`]).
    dir_end: Option<usize>,
    /// Whether `dir_end` has been found.
    dir_known: bool,
    /// Whether that path begins with `/`: then merged paths are the base
    /// text up to `dir_end` (less a segment per leading `../` of the
    /// reference) and the rest of the reference. In a rootless path a
    /// `../` may remove the first segment, which this shortcut cannot do.
    rooted: bool,
    scratch: String,
}

impl<'b, S: Spec> Resolver<'b, S> {
    /// A strict resolver against `base`.
    ///
    /// # Examples
    ///
    /// ```
    /// let base = uri_core::Uri::parse("http://a/b")?;
    /// let _resolver = uri_resolve::Resolver::new(base);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn new(uri: Ri<'b, S>) -> Self {
        let mut resolver = Resolver::once(uri);
        // Found now, for the many references a kept resolver is for.
        resolver.dir_end();
        resolver
    }

    /// A resolver for one reference ([`resolve`]): the base directory's end
    /// is found by the merge that needs it, and most references need none.
    #[inline(always)]
    fn once(uri: Ri<'b, S>) -> Self {
        let base = uri.components();
        let text = base.as_str();
        let query_end = text.len() - base.fragment().map_or(0, |f| f.len() + 1);
        let path_end = query_end - base.query().map_or(0, |q| q.len() + 1);
        let path = base.path();
        let path_start = path_end - path.len();
        Resolver {
            uri,
            strict: true,
            path_start,
            path_end,
            query_end,
            dir_end: None,
            dir_known: false,
            rooted: path.starts_with('/'),
            scratch: String::new(),
        }
    }

    /// The field `dir_end`, found on the first call.
    fn dir_end(&mut self) -> Option<usize> {
        if !self.dir_known {
            let len = self.uri.path().len();
            self.dir_end = clean_directory_end(self.uri.as_str(), self.path_start, len)
                .map(|k| self.path_start + k + 1);
            self.dir_known = true;
        }
        self.dir_end
    }

    /// Switches to the non-strict reading of §5.2.2: a reference whose
    /// scheme equals the base's (case-insensitively) is treated as relative.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Uri, UriReference};
    /// use uri_resolve::Resolver;
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// let mut out = String::new();
    /// Resolver::new(base).non_strict().resolve_into(UriReference::parse("http:g")?, &mut out);
    /// assert_eq!(out, "http://a/b/c/g");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn non_strict(mut self) -> Self {
        self.strict = false;
        self
    }

    /// The base.
    ///
    /// # Examples
    ///
    /// ```
    /// let base = uri_core::Uri::parse("http://a/b#f")?;
    /// assert_eq!(uri_resolve::Resolver::new(base).base().as_str(), "http://a/b#f");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn base(&self) -> Components<'b, S> {
        self.uri.components()
    }

    /// Resolves `reference`, writing the target URI to `out` (cleared first).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Uri, UriReference};
    /// use uri_resolve::Resolver;
    ///
    /// let mut resolver = Resolver::new(Uri::parse("http://a/b/c/d;p?q")?);
    /// let mut out = String::new();
    /// resolver.resolve_into(UriReference::parse("g;x?y#s")?, &mut out);
    /// assert_eq!(out, "http://a/b/c/g;x?y#s");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn resolve_into(&mut self, reference: RiReference<'_, S>, out: &mut String) {
        out.clear();
        self.write(reference, out);
    }

    /// The algorithm of §5.2.2, written into `out` in order: a `String`
    /// ([`Resolver::resolve_into`]) or a writer that records the layout
    /// ([`Resolver::resolve`]).
    #[inline]
    fn write<O: Out<S>>(&mut self, reference: RiReference<'_, S>, out: &mut O) {
        let r = reference.components();
        let base = self.uri.components();
        let base_scheme = base.scheme().unwrap_or_default();
        let r_scheme = match r.scheme() {
            Some(s) if !self.strict && s.eq_ignore_ascii_case(base_scheme) => None,
            other => other,
        };

        let has_authority;
        let path_start;
        if r_scheme.is_some() || r.authority().is_some() {
            // T.scheme, then T.authority, T.path, T.query all from R.
            out.scheme(r_scheme.unwrap_or(base_scheme));
            has_authority = match r.authority() {
                Some(a) => {
                    out.authority(a);
                    true
                }
                None => false,
            };
            path_start = out.as_str().len();
            remove_dot_segments_into(r.path(), out);
            write_query(r.query(), out);
        } else {
            // T.scheme and T.authority are the base's: its text up to its
            // path, copied as one piece with whatever else of it is kept.
            has_authority = base.authority().is_some();
            path_start = self.path_start;
            let r_path = r.path();
            if r_path.is_empty() {
                match r.query() {
                    Some(query) => {
                        out.copy_prefix(base, self.path_end);
                        write_query(Some(query), out);
                    }
                    None => out.copy_prefix(base, self.query_end),
                }
            } else {
                if r_path.starts_with('/') {
                    out.copy_prefix(base, self.path_start);
                    remove_dot_segments_into(r_path, out);
                } else {
                    self.merge(r_path, out);
                }
                write_query(r.query(), out);
            }
        }
        // A path beginning with "//" would read as an authority: "/."
        // keeps it a path, and resolves to the same path (§5.2.4 B).
        out.guard_path(path_start, has_authority);
        if let Some(fragment) = r.fragment() {
            out.start_fragment();
            out.push_str(fragment);
        }
    }

    /// Resolves `reference` into a new [`UriBuf`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::{Uri, UriReference};
    /// use uri_resolve::Resolver;
    ///
    /// let mut resolver = Resolver::new(Uri::parse("http://a/b/c/d;p?q")?);
    /// let target = resolver.resolve(UriReference::parse("../g")?);
    /// assert_eq!(target.path(), "/b/g");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn resolve(&mut self, reference: RiReference<'_, S>) -> RiBuf<S> {
        let capacity = self.uri.as_str().len() + reference.as_str().len() + 3;
        // `write` writes a scheme first (the reference's, or the base's
        // with its text), as the writer asks.
        let mut out = TrustedWriter::<S, Absolute>::with_capacity(capacity);
        self.write(reference, &mut out);
        out.finish()
    }

    fn merge<O: Out<S>>(&mut self, r_path: &str, out: &mut O) {
        let base = self.uri.components();
        let floor = self.path_start;
        if let Some(dir_end) = self.dir_end() {
            if self.rooted {
                // Leading "./" and "../" (§5.2.4 A..D on the merged path)
                // only move the end of the base directory back; what
                // follows them is copied when it holds no dot segment.
                let (end, rest) = self.skip_leading_dots(r_path, dir_end);
                if !may_have_dot_segments(rest) {
                    out.copy_prefix(base, end);
                    out.push_str(rest);
                    return;
                }
            }
            // The directory, less its final "/", which the input "/" +
            // R.path begins with.
            out.copy_prefix(base, dir_end - 1);
            remove_dot_segments_after_dir(r_path, out, floor);
            return;
        }
        out.copy_prefix(base, floor);
        if base.authority().is_some() && base.path().is_empty() {
            // "/" + R.path
            remove_dot_segments_after_dir(r_path, out, floor);
        } else if !base.path().contains('/') {
            // No "/" in the base path: the merged path is R.path.
            remove_dot_segments_into(r_path, out);
        } else {
            // A base path with dot segments (rare): merge into the scratch
            // buffer, then remove dot segments from the whole.
            let path = base.path();
            let dir = &path[..=path.rfind('/').unwrap_or(0)];
            self.scratch.clear();
            self.scratch.reserve(dir.len() + r_path.len());
            self.scratch.push_str(dir);
            self.scratch.push_str(r_path);
            remove_dot_segments_into(&self.scratch, out);
        }
    }

    /// Applies the leading `./`, `../`, `.` and `..` of a relative path to
    /// the base directory ending (after a `/`) at `dir_end`, as steps A to D
    /// of §5.2.4 do on the merged path (§5.2.3): each `..` removes one
    /// segment, never the root `/`. Returns where the
    /// directory now ends and the rest of `r_path`.
    fn skip_leading_dots<'r>(&self, r_path: &'r str, mut dir_end: usize) -> (usize, &'r str) {
        let text = self.uri.as_str().as_bytes();
        let mut rest = r_path;
        loop {
            let up = if let Some(after) = rest.strip_prefix("../") {
                rest = after;
                true
            } else if rest == ".." {
                rest = "";
                true
            } else if let Some(after) = rest.strip_prefix("./") {
                rest = after;
                false
            } else if rest == "." {
                rest = "";
                false
            } else {
                return (dir_end, rest);
            };
            if up {
                // The `/` before the last segment; the root `/` stays.
                dir_end = text[self.path_start..dir_end - 1]
                    .iter()
                    .rposition(|&c| c == b'/')
                    .map_or(dir_end, |k| self.path_start + k + 1);
            }
        }
    }
}

impl<'b> Resolver<'b, UriSpec> {
    /// A strict resolver against `base`, parsed here.
    ///
    /// # Errors
    ///
    /// [`ResolveErrorKind::InvalidBase`] with the parse error's index, or
    /// [`ResolveErrorKind::RelativeBase`] when `base` has no scheme.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_resolve::{Resolver, ResolveErrorKind};
    ///
    /// assert!(Resolver::parse("http://a/b").is_ok());
    /// assert_eq!(Resolver::parse("/b").unwrap_err().kind(), ResolveErrorKind::RelativeBase);
    /// ```
    pub fn parse(base: &'b str) -> Result<Self, ResolveError> {
        parse_base(base).map(Resolver::new)
    }
}

fn write_query<S: Spec>(query: Option<&str>, out: &mut impl Out<S>) {
    if let Some(q) = query {
        out.start_query();
        out.push_str(q);
    }
}

/// Resolves `reference` against `base` (RFC 3986 §5.2.2, strict).
///
/// # Examples
///
/// ```
/// use uri_core::{Uri, UriReference};
///
/// let base = Uri::parse("http://a/b/c/d;p?q")?;
/// let target = uri_resolve::resolve(base, UriReference::parse("../../g")?);
/// assert_eq!(target, "http://a/g");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn resolve<S: Spec>(base: Ri<'_, S>, reference: RiReference<'_, S>) -> RiBuf<S> {
    Resolver::once(base).resolve(reference)
}

/// Parses `base` and `reference`, then resolves (strict).
///
/// # Errors
///
/// [`ResolveErrorKind::InvalidBase`] or [`ResolveErrorKind::InvalidReference`]
/// with the parse error's index; [`ResolveErrorKind::RelativeBase`] when the
/// base has no scheme.
///
/// # Examples
///
/// ```
/// let target = uri_resolve::resolve_str("http://a/b/c/d;p?q", "g?y#s")?;
/// assert_eq!(target, "http://a/b/c/g?y#s");
/// # Ok::<(), uri_resolve::ResolveError>(())
/// ```
pub fn resolve_str(base: &str, reference: &str) -> Result<UriBuf, ResolveError> {
    let base = parse_base(base)?;
    let reference = UriReference::parse(reference).map_err(|e| ResolveError {
        kind: ResolveErrorKind::InvalidReference(e.kind()),
        index: e.index(),
    })?;
    Ok(resolve(base, reference))
}

/// Parses a base URI, telling a relative one apart from an invalid one.
pub(crate) fn parse_base(base: &str) -> Result<Uri<'_>, ResolveError> {
    let parsed = UriReference::parse(base).map_err(|e| ResolveError {
        kind: ResolveErrorKind::InvalidBase(e.kind()),
        index: e.index(),
    })?;
    parsed.as_uri().ok_or(ResolveError {
        kind: ResolveErrorKind::RelativeBase,
        index: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(base: &str, reference: &str, expected: &str) {
        let base = Uri::parse(base).unwrap();
        let mut out = String::new();
        Resolver::new(base).resolve_into(UriReference::parse(reference).unwrap(), &mut out);
        assert_eq!(out, expected, "{base} + {reference}");
        let reparsed = Uri::parse(&out).unwrap();
        assert_eq!(reparsed.as_str(), out);
    }

    #[test]
    fn double_slash_paths_stay_paths() {
        check("f:/a", ".//g", "f:/.//g");
        check("f:/a/b", "../..//g", "f:/.//g");
        check("a:b", "/.//x", "a:/.//x");
        check("a:/x", "b:/.//.", "b:/.//");
        // With an authority, "//" in the path is harmless.
        check("http://h/a", ".//g", "http://h//g");
    }

    #[test]
    fn bases_with_dot_segments_use_the_literal_merge() {
        check("http://a/b/../c/d", "g", "http://a/c/g");
        check("http://a/./b/", "../g", "http://a/g");
        check("s:a/../b", "c", "s:/c");
    }

    #[test]
    fn base_fragment_is_ignored_and_rootless_bases_merge() {
        check("http://a/b#f", "", "http://a/b");
        check("mailto:a@b", "c", "mailto:c");
        check("s:a/b", "c", "s:a/c");
        check("http://a", "b", "http://a/b");
        check("http://a?q", "", "http://a?q");
    }

    #[test]
    fn errors_say_which_side() {
        let err = resolve_str("http://a b/", "g").unwrap_err();
        assert_eq!(
            (err.kind(), err.index()),
            (
                ResolveErrorKind::InvalidBase(ParseErrorKind::InvalidHostChar),
                8
            )
        );
        let err = resolve_str("//a/b", "g").unwrap_err();
        assert_eq!(
            (err.kind(), err.index()),
            (ResolveErrorKind::RelativeBase, 0)
        );
    }
}
