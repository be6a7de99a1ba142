//! The inverse of resolution: a relative reference from a base to a target.

use alloc::string::String;
use alloc::vec::Vec;

use uri_core::{Host, ParseOptions, Ri, RiReference, RiReferenceBuf, Spec};

use crate::resolve::Resolver;

/// Which kinds of reference [`relativize_with`] may answer with.
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
/// use uri_resolve::{relativize_with, Form};
///
/// let base = Uri::parse("http://a/b/c/d")?;
/// let target = Uri::parse("http://a/b/x")?;
/// assert_eq!(relativize_with(base, target, Form::Shortest)?, "../x");
/// assert_eq!(relativize_with(base, target, Form::AbsolutePath)?, "/b/x");
/// assert_eq!(relativize_with(base, target, Form::NetworkPath)?, "//a/b/x");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Form {
    /// The shortest reference of any kind: empty, `?query`, `#fragment`,
    /// a relative path (`../x`), an absolute path, or a network path.
    #[default]
    Shortest,
    /// An absolute-path reference (`/b/x`) or shorter same-path forms
    /// (`?query`, `#fragment`), never `../`.
    AbsolutePath,
    /// A network-path reference (`//host/path`), keeping the authority.
    NetworkPath,
    /// A same-document reference: `#fragment` or empty (§4.4).
    SameDocument,
}

uri_encode::error_kinds! {
    crate = uri_resolve, example = DotSegments;
    /// Why there is no relative reference from a base to a target.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_resolve::{relativize_with, Form, RelativizeError};
    ///
    /// let (base, target) = (Uri::parse("http://a/")?, Uri::parse("https://a/")?);
    /// let err = relativize_with(base, target, Form::Shortest).unwrap_err();
    /// assert_eq!(err, RelativizeError::DifferentScheme);
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum RelativizeError {
        /// The schemes differ (as text: resolution keeps the base's spelling),
        /// so only the target itself, with its scheme, refers to it.
        DifferentScheme => "the target's scheme differs from the base's; only an absolute URI reaches it",
        /// The target's path has `.` or `..` segments, which resolution would
        /// remove: no reference resolves to it exactly. Normalize it first.
        DotSegments => "the target's path has dot segments that resolution would remove; normalize it first",
        /// The target is not the base document (for [`Form::SameDocument`]).
        NotSameDocument => "the target is not the same document as the base",
        /// No reference of the requested form resolves to the target: for
        /// example, the target has no authority and the base has one, or a
        /// rootless path cannot be reached from the base's.
        Unreachable => "no reference of the requested form resolves to the target",
    }
}

impl core::error::Error for RelativizeError {}

/// The shortest reference `r` such that `resolve(base, r)` (strict,
/// §5.2.2) is exactly `target`: a relative reference when one exists (the
/// shortest of [`relativize_with`] with [`Form::Shortest`]), otherwise the
/// target itself.
///
/// An absolute URI is a valid reference (RFC 3986 §4.1) and resolves to
/// itself, dot segments aside (§5.2.2: its path goes through
/// `remove_dot_segments`), so it answers when no relative reference does:
/// when the schemes differ (even only in case, since resolution keeps the
/// base's spelling), or when the target has no authority and the base has
/// one. Use [`has_relative_form`] (or [`relativize_with`]) to ask whether a
/// relative reference exists.
///
/// # Errors
///
/// [`RelativizeError::DotSegments`] when the target's path has `.` or `..`
/// segments that resolution would remove, so that no reference, the
/// target included, resolves to it exactly.
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
/// use uri_resolve::relativize;
///
/// let base = Uri::parse("http://a/b/c/d;p?q")?;
/// for (target, reference) in [
///     ("http://a/b/c/g", "g"),
///     ("http://a/b/g", "../g"),
///     ("http://a/b/c/d;p?y", "?y"),
///     ("http://a/b/c/d;p?q#s", "#s"),
///     ("http://a/b/c/", "."),
///     ("http://g/x", "//g/x"),
///     // No relative reference: the target itself.
///     ("https://a/b", "https://a/b"),
///     ("HTTP://a/b", "HTTP://a/b"),
/// ] {
///     assert_eq!(relativize(base, Uri::parse(target)?)?, reference);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn relativize<S: Spec>(
    base: Ri<'_, S>,
    target: Ri<'_, S>,
) -> Result<RiReferenceBuf<S>, RelativizeError> {
    match relativize_with(base, target, Form::Shortest) {
        Ok(reference) => Ok(reference),
        Err(_) => {
            let mut resolver = Resolver::new(base);
            let mut out = String::new();
            resolver.resolve_into(target.as_ri_reference(), &mut out);
            if out == target.as_str() {
                Ok(RiReferenceBuf::from(target.to_buf()))
            } else {
                Err(RelativizeError::DotSegments)
            }
        }
    }
}

/// Whether a relative reference (empty, `?query`, `#fragment`, a relative
/// path, an absolute path or a network path) resolves from `base` to
/// exactly `target`: whether [`relativize`] answers with something shorter
/// than the target itself. [`relativize_with`] says why not.
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
/// use uri_resolve::has_relative_form;
///
/// let base = Uri::parse("http://a/b")?;
/// assert!(has_relative_form(base, Uri::parse("http://a/c")?));
/// assert!(!has_relative_form(base, Uri::parse("https://a/c")?));
/// assert!(!has_relative_form(base, Uri::parse("http:c")?));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn has_relative_form<S: Spec>(base: Ri<'_, S>, target: Ri<'_, S>) -> bool {
    relativize_with(base, target, Form::Shortest).is_ok()
}

/// A relative reference `r` of the given [`Form`] such that
/// `resolve(base, r)` (strict, §5.2.2) is exactly `target`, the shortest
/// such. Unlike [`relativize`], it never answers with the target itself:
/// an error says there is no relative reference of the form.
///
/// Each candidate is checked by resolving it against `base`, so an answer
/// is always right; the error says why no candidate fits.
///
/// # Errors
///
/// [`RelativizeError::DifferentScheme`], [`RelativizeError::DotSegments`],
/// [`RelativizeError::NotSameDocument`] or [`RelativizeError::Unreachable`].
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
/// use uri_resolve::{relativize_with, Form, RelativizeError};
///
/// let base = Uri::parse("http://a/b?q")?;
/// assert_eq!(relativize_with(base, Uri::parse("http://a/b?q#top")?, Form::SameDocument)?, "#top");
/// assert_eq!(
///     relativize_with(base, Uri::parse("http://a/c")?, Form::SameDocument),
///     Err(RelativizeError::NotSameDocument)
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn relativize_with<S: Spec>(
    base: Ri<'_, S>,
    target: Ri<'_, S>,
    form: Form,
) -> Result<RiReferenceBuf<S>, RelativizeError> {
    if base.scheme() != target.scheme() {
        return Err(RelativizeError::DifferentScheme);
    }
    let mut candidates: Vec<String> = Vec::new();
    let tail = suffix(target);
    let same_doc = if target.fragment().is_some() {
        alloc::format!("#{}", target.fragment().unwrap_or(""))
    } else {
        String::new()
    };

    match form {
        Form::SameDocument => candidates.push(same_doc),
        Form::NetworkPath => network_path(target, &tail, &mut candidates),
        Form::AbsolutePath => {
            candidates.push(same_doc);
            query_only(target, &mut candidates);
            absolute_path(target, &tail, &mut candidates);
        }
        Form::Shortest => {
            candidates.push(same_doc);
            query_only(target, &mut candidates);
            relative_paths(base, target, &tail, &mut candidates);
            absolute_path(target, &tail, &mut candidates);
            network_path(target, &tail, &mut candidates);
        }
    }

    // A candidate holds a zone identifier only if the target's host does,
    // and a bidirectional formatting character only if the target does
    // (parsed with the option that allows them).
    let zone = matches!(target.host(), Some(Host::Ipv6 { zone: Some(_), .. }));
    let bidi = !S::ASCII_ONLY
        && target
            .as_str()
            .chars()
            .any(uri_core::spec::is_bidi_formatting);
    let options = ParseOptions::new()
        .allow_zone_id(zone)
        .allow_bidi_formatting(bidi);
    let mut resolver = Resolver::new(base);
    let mut out = String::new();
    let mut best: Option<RiReferenceBuf<S>> = None;
    for candidate in candidates {
        if best
            .as_ref()
            .is_some_and(|b| b.as_str().len() <= candidate.len())
        {
            continue;
        }
        // Parsed owned: the one kept is returned as it is, not parsed again.
        let Ok(reference) = RiReferenceBuf::<S>::parse_with(candidate, options) else {
            continue;
        };
        resolver.resolve_into(reference.as_ri_reference(), &mut out);
        if out == target.as_str() {
            best = Some(reference);
        }
    }
    match best {
        Some(r) => Ok(r),
        None if form == Form::SameDocument => Err(RelativizeError::NotSameDocument),
        None if crate::has_dot_segments(target.path()) => Err(RelativizeError::DotSegments),
        None => Err(RelativizeError::Unreachable),
    }
}

/// `?query` and `#fragment` of the target, as a reference ends with them.
fn suffix<S: Spec>(target: Ri<'_, S>) -> String {
    let mut s = String::new();
    if let Some(q) = target.query() {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = target.fragment() {
        s.push('#');
        s.push_str(f);
    }
    s
}

/// `?query#fragment`, when the target has a query.
fn query_only<S: Spec>(target: Ri<'_, S>, out: &mut Vec<String>) {
    if target.query().is_some() {
        out.push(suffix(target));
    }
}

/// The target's path as an absolute-path reference.
fn absolute_path<S: Spec>(target: Ri<'_, S>, tail: &str, out: &mut Vec<String>) {
    let path = target.path();
    if path.starts_with('/') && !path.starts_with("//") {
        out.push(alloc::format!("{path}{tail}"));
    }
}

/// `//authority` and the path.
fn network_path<S: Spec>(target: Ri<'_, S>, tail: &str, out: &mut Vec<String>) {
    if let Some(a) = target.authority() {
        out.push(alloc::format!("//{}{}{tail}", a.as_str(), target.path()));
    }
}

/// Relative-path references from the base's directory to the target's path.
fn relative_paths<S: Spec>(base: Ri<'_, S>, target: Ri<'_, S>, tail: &str, out: &mut Vec<String>) {
    let (b, t) = (base.path(), target.path());
    // The target's last segment: used when only the query must go.
    let last = t.rsplit('/').next().unwrap_or("");
    out.push(alloc::format!("{}{tail}", safe_relative(last)));

    let dir = match b.rfind('/') {
        Some(k) => &b[..=k],
        None if base.has_authority() => "/",
        None => "",
    };
    down_and_up(dir, t, tail, out);
    if crate::has_dot_segments(dir) {
        // Merging happens before dot segments go (§5.2.3, §5.2.4): the
        // directory references start from is the resolved one.
        let mut resolver = Resolver::new(base);
        if let Ok(x) = RiReference::<S>::parse("x") {
            let probe = resolver.resolve(x);
            let path = probe.path();
            let effective = &path[..path.rfind('/').map_or(0, |k| k + 1)];
            down_and_up(effective, t, tail, out);
        }
    }
}

/// Candidates from directory `dir` to path `t`: down when `t` is under
/// `dir`, else up with `../` to the longest common directory, then down.
/// Both paths absolute, or both rootless.
fn down_and_up(dir: &str, t: &str, tail: &str, out: &mut Vec<String>) {
    if let Some(rest) = t.strip_prefix(dir) {
        out.push(alloc::format!("{}{tail}", safe_relative(rest)));
    }
    let (dir, t) = match (dir.strip_prefix('/'), t.strip_prefix('/')) {
        (Some(d), Some(t)) => (d, t),
        (None, None) => (dir, t),
        _ => return,
    };
    let inner = dir.strip_suffix('/').unwrap_or(dir);
    let dir_segments: Vec<&str> = if inner.is_empty() {
        Vec::new()
    } else {
        inner.split('/').collect()
    };
    let target_segments: Vec<&str> = t.split('/').collect();
    let (target_dirs, _) = target_segments.split_at(target_segments.len() - 1);
    let common = dir_segments
        .iter()
        .zip(target_dirs)
        .take_while(|(x, y)| x == y)
        .count();
    let ups = dir_segments.len() - common;
    let down = target_segments[common..].join("/");
    let r = if ups == 0 {
        String::from(safe_relative(&down))
    } else if down.is_empty() {
        // "../.." rather than "../../": the same directory, one byte less.
        let mut r = "../".repeat(ups);
        r.pop();
        r
    } else {
        let mut r = "../".repeat(ups);
        r.push_str(&down);
        r
    };
    out.push(alloc::format!("{r}{tail}"));
}

/// A relative path that resolves as written: `.` for the empty one (the
/// directory itself, §5.2.4 D), `./` before one that begins with `/` or has
/// `:` in its first segment.
fn safe_relative(path: &str) -> alloc::borrow::Cow<'_, str> {
    let first = path.split('/').next().unwrap_or("");
    if path.is_empty() {
        alloc::borrow::Cow::Borrowed(".")
    } else if path.starts_with('/') || first.contains(':') {
        alloc::borrow::Cow::Owned(alloc::format!("./{path}"))
    } else {
        alloc::borrow::Cow::Borrowed(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uri_core::Uri;

    fn check(base: &str, target: &str, expected: &str) {
        let r = relativize(Uri::parse(base).unwrap(), Uri::parse(target).unwrap());
        assert_eq!(
            r.as_ref().map(|r| r.as_str()),
            Ok(expected),
            "{base} -> {target}"
        );
    }

    #[test]
    fn shortest_forms() {
        check("http://a/b/c/d;p?q", "http://a/b/c/d;p?q", "");
        check("http://a/b/c/d;p?q", "http://a/b/c/d;p", "d;p");
        check("http://a/b/c/", "http://a/b/c/", "");
        check("http://a/b/c/?q", "http://a/b/c/", ".");
        check("http://a/b/c/d", "http://a/b/c/x:y", "./x:y");
        check("http://a/b/c/d", "http://a/b/c//x", ".//x");
        check("http://a/b/c/d", "http://a/", "/");
        check("http://a/b/c/d", "http://a", "//a");
        check("http://a?q", "http://a", "//a");
        check("http://a", "http://a/x", "x");
        check("mailto:a@b", "mailto:c@d", "c@d");
        check("s:a/b", "s:a/c", "c");
        // "." resolves to the empty path when the base path has no "/".
        check("s:?q", "s:", ".");
        check("http://a/b/c/d", "http://a/b/", "..");
        check("http://a/b/c/d", "http://a/", "/");
        // A base directory with dot segments, and rootless bases.
        check("http://a/b/../c/d", "http://a/c/x/y", "x/y");
        check("s:a/b/c", "s:a/x", "../x");
    }

    #[test]
    fn the_target_itself_when_nothing_relative_reaches_it() {
        check("http://a/", "HTTP://a/", "HTTP://a/");
        check("HTTP://A/b", "http://a/c", "http://a/c");
        check("http://a/", "https://a/", "https://a/");
        check("http://a/b", "http:/c", "http:/c");
        check("s:a/b", "s:c", "s:c");
        let base = Uri::parse("http://a/b").unwrap();
        assert!(!has_relative_form(base, Uri::parse("s:c").unwrap()));
        assert!(has_relative_form(base, Uri::parse("http://a/c").unwrap()));
        // Dot segments: not even the target resolves to itself.
        assert_eq!(
            relativize(base, Uri::parse("http://a/./c").unwrap()),
            Err(RelativizeError::DotSegments)
        );
        assert_eq!(
            relativize(base, Uri::parse("https://a/./c").unwrap()),
            Err(RelativizeError::DotSegments)
        );
    }

    #[test]
    fn unreachable_targets() {
        let err = |b: &str, t: &str| {
            relativize_with(
                Uri::parse(b).unwrap(),
                Uri::parse(t).unwrap(),
                Form::Shortest,
            )
            .unwrap_err()
        };
        assert_eq!(
            err("http://a/", "HTTP://a/"),
            RelativizeError::DifferentScheme
        );
        assert_eq!(
            err("http://a/b", "http://a/./c"),
            RelativizeError::DotSegments
        );
        assert_eq!(err("http://a/b", "http:/c"), RelativizeError::Unreachable);
        assert_eq!(err("s:a/b", "s:c"), RelativizeError::Unreachable);
    }
}
