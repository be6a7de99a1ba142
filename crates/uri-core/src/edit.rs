//! Editors of an owned reference's query and path, and the setters that
//! take decoded text.
//!
//! [`QueryPairsMut`] (from `query_pairs_mut()`) edits the query as
//! `key=value` pairs; [`PathSegmentsMut`] (from `path_segments_mut()`)
//! edits the path segment by segment. Both take keys, values and segments
//! as decoded text and percent-encode them for their part (RFC 3986 §2.1);
//! what they do not touch keeps its bytes exactly. Each change is written
//! through the same splice as the `set_*` methods (`splice.rs`), so the
//! value always stays valid.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use uri_encode::{Decoder, EncodeSet, Separator, encode};

use crate::builder::BuildError;
use crate::owned::{RelativeRiBuf, RiBuf, RiReferenceBuf};
use crate::spec::Spec;
use crate::splice::{self, Raw};

/// Why [`PathSegmentsMut::push`] refused a segment.
///
/// # Examples
///
/// ```
/// use uri_core::{SegmentError, UriBuf};
///
/// let mut uri = UriBuf::parse("http://h/a")?;
/// assert_eq!(uri.path_segments_mut().push("..").unwrap_err(), SegmentError::DotSegment);
/// # Ok::<(), uri_core::ParseBufError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SegmentError {
    /// The segment is `.` or `..`: a dot segment, which resolution removes
    /// (RFC 3986 §3.3, §5.2.4), so it cannot be pushed as text. Encoding
    /// it (`%2E`) would not help: §6.2.2.2 decodes it back.
    #[error("`.` and `..` are dot segments, not text (RFC 3986 §3.3)")]
    DotSegment,
    /// The new path does not fit the reference (for example, a first
    /// segment pushed empty onto a path without an authority, which would
    /// make it begin with `//`).
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// An editor of an owned reference's query as `key=value` pairs, from
/// `query_pairs_mut()`: every method returns `&mut Self`, so calls chain.
///
/// Keys and values are given decoded and percent-encoded for the query
/// (RFC 3986 §3.4): `&`, `;`, `=`, `+`, `#`, `%` and what a query cannot
/// hold are encoded. Pieces the editor does not touch keep their bytes
/// exactly. The query is split at the editor's separator only, `&` unless
/// [`separator`](Self::separator) says `;`; spaces are written `%20`
/// unless [`form`](Self::form) asks for `+` (and then a `+` in a key
/// already there reads as a space when matching).
///
/// A key matches when the text before a piece's first `=` decodes to it
/// (lossily: a bad triplet stays as written). A piece without `=` has the
/// value `""`. An edit on a reference without a query makes one. On IRI
/// types too, new keys and values are written percent-encoded (ASCII);
/// Unicode already in the query stays as it is. The readings are in the
/// workspace's `docs/spec-notes.md`.
///
/// # Examples
///
/// ```
/// let mut uri = uri_core::UriBuf::parse("https://h/s?b=2&a=1&utm_source=x")?;
/// uri.query_pairs_mut()
///     .append("q", "rust & C++")
///     .set("b", "3")
///     .remove("utm_source")
///     .sort();
/// assert_eq!(uri, "https://h/s?a=1&b=3&q=rust%20%26%20C%2B%2B");
/// # Ok::<(), uri_core::ParseBufError>(())
/// ```
#[derive(Debug)]
pub struct QueryPairsMut<'a, S: Spec> {
    raw: Raw<'a>,
    separator: u8,
    form: bool,
    spec: core::marker::PhantomData<S>,
}

impl<'a, S: Spec> QueryPairsMut<'a, S> {
    pub(crate) fn new(raw: Raw<'a>) -> Self {
        QueryPairsMut {
            raw,
            separator: b'&',
            form: false,
            spec: core::marker::PhantomData,
        }
    }

    /// Splits and joins pairs at `;` ([`Separator::Semicolon`]) or `&`
    /// (the default; [`Separator::Both`] means `&`).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::UriBuf;
    /// use uri_encode::Separator;
    ///
    /// let mut uri = UriBuf::parse("http://h/?a=1;b=2")?;
    /// uri.query_pairs_mut().separator(Separator::Semicolon).append("c", "3");
    /// assert_eq!(uri, "http://h/?a=1;b=2;c=3");
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn separator(&mut self, separator: Separator) -> &mut Self {
        self.separator = if separator == Separator::Semicolon {
            b';'
        } else {
            b'&'
        };
        self
    }

    /// Writes spaces as `+` and reads `+` as a space, as form data does
    /// (`application/x-www-form-urlencoded`); `false` (the default) writes
    /// `%20` and leaves `+` a `+`, as RFC 3986 does.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut uri = uri_core::UriBuf::parse("http://h/?q=a+b")?;
    /// uri.query_pairs_mut().form(true).append("r", "c d").set("q", "e f");
    /// assert_eq!(uri, "http://h/?q=e+f&r=c+d");
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn form(&mut self, yes: bool) -> &mut Self {
        self.form = yes;
        self
    }

    /// Appends `key=value` (RFC 3986 §3.4), both encoded.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut uri = uri_core::UriBuf::parse("http://h/")?;
    /// uri.query_pairs_mut().append("a", "1").append("a", "2=3");
    /// assert_eq!(uri, "http://h/?a=1&a=2%3D3");
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn append(&mut self, key: &str, value: &str) -> &mut Self {
        let set = self.encode_set();
        let (text, l) = (&mut *self.raw.0, &mut *self.raw.1);
        // What goes in at the end of the query: `?` when there is none, the
        // separator after a query that is not empty, then the pair, each
        // part encoded for a query (so the text stays a valid reference,
        // and nothing else moves but the fragment).
        let lead = if l.query_end == l.path_end {
            Some('?')
        } else if l.query_end > l.path_end + 1 {
            Some(char::from(self.separator))
        } else {
            None
        };
        let write = |out: &mut String| {
            out.extend(lead);
            push_pair(key, value, set, out);
        };
        let (start, before) = (l.query_end, text.len());
        if start == before {
            // No fragment (most URLs): written in place at the end, the
            // text growing once.
            write(text);
        } else {
            let mut piece = String::with_capacity(3 * (key.len() + value.len()) + 2);
            write(&mut piece);
            text.insert_str(start, &piece);
        }
        l.query_end = start + (text.len() - before);
        debug_assert!(
            splice::check::<S>(
                text[start..l.query_end].trim_start_matches('?'),
                crate::component::Component::Query,
                crate::parser::ParseOptions::new(),
            )
            .is_ok(),
            "{text}"
        );
        self
    }

    /// Gives the first pair whose key is `key` the value `value` and
    /// removes the later ones; appends the pair when there is none.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut uri = uri_core::UriBuf::parse("http://h/?a=1&b=2&a=3")?;
    /// uri.query_pairs_mut().set("a", "x").set("c", "y");
    /// assert_eq!(uri, "http://h/?a=x&b=2&c=y");
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn set(&mut self, key: &str, value: &str) -> &mut Self {
        let query = self.query().unwrap_or("");
        // Most often no pair has the key and no piece is empty: the pair
        // is appended, nothing else rewritten (keys compared without a
        // copy unless one holds a `%`, or a `+` in form encoding).
        if !self
            .pieces(query)
            .any(|piece| piece.is_empty() || self.key_of(piece) == key)
        {
            return self.append(key, value);
        }
        let pair = self.encode_pair(key, value);
        let mut found = false;
        let mut pieces: Vec<&str> = Vec::new();
        for piece in self.pieces(query) {
            if self.key_of(piece) == key {
                if !found {
                    pieces.push(&pair);
                    found = true;
                }
            } else {
                pieces.push(piece);
            }
        }
        if !found {
            pieces.retain(|p| !p.is_empty());
            pieces.push(&pair);
        }
        let query = self.join(&pieces);
        self.write(&query)
    }

    /// Removes every pair whose key is `key`.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut uri = uri_core::UriBuf::parse("http://h/?a=1&b=2&a=3")?;
    /// uri.query_pairs_mut().remove("a");
    /// assert_eq!(uri, "http://h/?b=2");
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn remove(&mut self, key: &str) -> &mut Self {
        self.retain(|k, _| k != key)
    }

    /// Keeps the pairs for which `keep(key, value)` is true, given decoded.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut uri = uri_core::UriBuf::parse("http://h/?utm_source=a&id=7&utm_medium=b")?;
    /// uri.query_pairs_mut().retain(|key, _| !key.starts_with("utm_"));
    /// assert_eq!(uri, "http://h/?id=7");
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &str) -> bool) -> &mut Self {
        let Some(query) = self.query() else {
            return self;
        };
        let pieces: Vec<&str> = self
            .pieces(query)
            .filter(|piece| piece.is_empty() || keep(&self.key_of(piece), &self.value_of(piece)))
            .collect();
        let query = self.join(&pieces);
        self.write(&query)
    }

    /// Sorts the pairs by decoded key, keeping the order of pairs with the
    /// same key (a stable sort); empty pieces (`a&&b`) go.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut uri = uri_core::UriBuf::parse("http://h/?b=1&a=2&b=0&a=1")?;
    /// uri.query_pairs_mut().sort();
    /// assert_eq!(uri, "http://h/?a=2&a=1&b=1&b=0");
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn sort(&mut self) -> &mut Self {
        let Some(query) = self.query() else {
            return self;
        };
        let mut pieces: Vec<(Cow<'_, str>, &str)> = self
            .pieces(query)
            .filter(|p| !p.is_empty())
            .map(|p| (self.key_of(p), p))
            .collect();
        pieces.sort_by(|a, b| a.0.cmp(&b.0));
        let pieces: Vec<&str> = pieces.into_iter().map(|(_, p)| p).collect();
        let query = self.join(&pieces);
        self.write(&query)
    }

    /// Removes every pair, leaving an empty query (`http://h/?`, as `url`
    /// does); `set_query(None)` removes the `?` too.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut uri = uri_core::UriBuf::parse("http://h/?a=1#f")?;
    /// uri.query_pairs_mut().clear();
    /// assert_eq!(uri, "http://h/?#f");
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn clear(&mut self) -> &mut Self {
        self.write("")
    }

    fn query(&self) -> Option<&str> {
        let (text, l) = (&*self.raw.0, &*self.raw.1);
        (l.query_end > l.path_end).then(|| &text[l.path_end + 1..l.query_end])
    }

    fn pieces<'q>(&self, query: &'q str) -> impl Iterator<Item = &'q str> + use<'q, S> {
        let sep = char::from(self.separator);
        let empty = query.is_empty();
        query.split(sep).filter(move |_| !empty)
    }

    /// `text` decoded lossily, `+` as a space in form encoding; borrowed
    /// when there is nothing to decode.
    fn decoded<'p>(&self, text: &'p str) -> Cow<'p, str> {
        Decoder::new()
            .plus_as_space(self.form)
            .decode_utf8_lossy(text)
    }

    fn key_of<'p>(&self, piece: &'p str) -> Cow<'p, str> {
        self.decoded(piece.split_once('=').map_or(piece, |(k, _)| k))
    }

    fn value_of<'p>(&self, piece: &'p str) -> Cow<'p, str> {
        piece
            .split_once('=')
            .map_or(Cow::Borrowed(""), |(_, v)| self.decoded(v))
    }

    /// The set keys and values are encoded with: form encoding (a space
    /// as `+`) or a query component's.
    #[inline]
    fn encode_set(&self) -> &'static EncodeSet {
        if self.form {
            &EncodeSet::FORM
        } else {
            &EncodeSet::QUERY_COMPONENT
        }
    }

    fn encode_pair(&self, key: &str, value: &str) -> String {
        let mut pair = String::with_capacity(key.len() + value.len() + 1);
        push_pair(key, value, self.encode_set(), &mut pair);
        pair
    }

    fn join(&self, pieces: &[&str]) -> String {
        pieces.join(core::str::from_utf8(&[self.separator]).unwrap_or("&"))
    }

    fn write(&mut self, query: &str) -> &mut Self {
        // Every new piece is encoded for the query, and the old ones were
        // part of a valid query: the splice cannot fail.
        let result = splice::set_query::<S>((&mut *self.raw.0, &mut *self.raw.1), Some(query));
        debug_assert!(result.is_ok(), "{result:?}");
        self
    }
}

/// Appends `key=value` to `out`, each encoded with `set`.
#[inline]
fn push_pair(key: &str, value: &str, set: &EncodeSet, out: &mut String) {
    uri_encode::encode_into(key, set, out);
    out.push('=');
    uri_encode::encode_into(value, set, out);
}

/// An editor of an owned reference's path, segment by segment, from
/// `path_segments_mut()`; the methods chain.
///
/// Segments are given decoded and percent-encoded for a segment (RFC 3986
/// §3.3): `/`, `?`, `#`, `%` and what a segment cannot hold are encoded
/// (and `:` in the first segment of a relative path, §4.2). A pushed
/// segment is never a dot segment: `.` and `..` are refused. Pushing and
/// then popping gives the path back, except that an empty path after an
/// authority comes back as `/` (the same path for `http`, §6.2.3).
///
/// # Examples
///
/// ```
/// let mut uri = uri_core::UriBuf::parse("https://h/api/v1?x")?;
/// uri.path_segments_mut().pop().push("v2")?.extend(["users", "Zoë Smith"])?;
/// assert_eq!(uri, "https://h/api/v2/users/Zo%C3%AB%20Smith?x");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct PathSegmentsMut<'a, S: Spec> {
    raw: Raw<'a>,
    spec: core::marker::PhantomData<S>,
}

impl<'a, S: Spec> PathSegmentsMut<'a, S> {
    pub(crate) fn new(raw: Raw<'a>) -> Self {
        PathSegmentsMut {
            raw,
            spec: core::marker::PhantomData,
        }
    }

    fn path(&self) -> &str {
        let (text, l) = (&*self.raw.0, &*self.raw.1);
        &text[l.path_start..l.path_end]
    }

    /// Appends one segment, given decoded: `/a` becomes `/a/b`, `/a/`
    /// becomes `/a//b` (its last segment was empty), `/` and an empty path
    /// after an authority become `/b` (`/` alone counts as no segments, as
    /// in `url`).
    ///
    /// # Errors
    ///
    /// [`SegmentError::DotSegment`] for `.` and `..`;
    /// [`SegmentError::Build`] when the new path does not fit the
    /// reference (pushing `""` onto an empty path without an authority and
    /// then a segment would begin the path with `//`). The path is left as
    /// it was.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut uri = uri_core::UriBuf::parse("http://h")?;
    /// uri.path_segments_mut().push("a/b")?.push("c d")?;
    /// assert_eq!(uri, "http://h/a%2Fb/c%20d");
    /// assert!(uri.path_segments_mut().push("..").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push(&mut self, segment: &str) -> Result<&mut Self, SegmentError> {
        if segment == "." || segment == ".." {
            return Err(SegmentError::DotSegment);
        }
        let (has_scheme, has_authority) = (self.raw.1.scheme_end > 0, self.raw.1.auth_start > 0);
        let old = self.path();
        let mut path = String::from(old);
        if old.is_empty() {
            if has_authority {
                path.push('/');
            }
        } else if old != "/" {
            path.push('/');
        }
        let first = !path.contains('/');
        let set = if first && !has_scheme && !has_authority {
            &EncodeSet::PATH_SEGMENT_NC
        } else {
            &EncodeSet::PATH_SEGMENT
        };
        path.push_str(&encode(segment, set));
        splice::set_path::<S>((&mut *self.raw.0, &mut *self.raw.1), &path)?;
        Ok(self)
    }

    /// Removes the last segment, if there is one: `/a/b` becomes `/a`,
    /// `/a` becomes `/`, `a` becomes empty.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut uri = uri_core::UriBuf::parse("http://h/a/b/")?;
    /// uri.path_segments_mut().pop();
    /// assert_eq!(uri, "http://h/a/b");
    /// uri.path_segments_mut().pop().pop().pop();
    /// assert_eq!(uri, "http://h/");
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn pop(&mut self) -> &mut Self {
        let old = self.path();
        let new = match old.rfind('/') {
            Some(0) => "/",
            Some(i) => &old[..i],
            None => "",
        };
        if new.len() != old.len() {
            let new = String::from(new);
            // A prefix of a valid path that ends before a `/`: valid where
            // the old one was.
            let result = splice::set_path::<S>((&mut *self.raw.0, &mut *self.raw.1), &new);
            debug_assert!(result.is_ok(), "{result:?}");
        }
        self
    }

    /// Pushes each segment in turn (see [`push`](Self::push)).
    ///
    /// # Errors
    ///
    /// The first [`SegmentError`]; the segments before it stay pushed.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut uri = uri_core::UriBuf::parse("http://h/")?;
    /// uri.path_segments_mut().extend(["a", "b"])?;
    /// assert_eq!(uri, "http://h/a/b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn extend<I>(&mut self, segments: I) -> Result<&mut Self, SegmentError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        for segment in segments {
            self.push(segment.as_ref())?;
        }
        Ok(self)
    }

    /// Removes every segment: an absolute path becomes `/`, a relative
    /// one empty.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut uri = uri_core::UriBuf::parse("http://h/a/b?q")?;
    /// uri.path_segments_mut().clear();
    /// assert_eq!(uri, "http://h/?q");
    /// # Ok::<(), uri_core::ParseBufError>(())
    /// ```
    pub fn clear(&mut self) -> &mut Self {
        let new = if self.path().starts_with('/') {
            "/"
        } else {
            ""
        };
        let result = splice::set_path::<S>((&mut *self.raw.0, &mut *self.raw.1), new);
        debug_assert!(result.is_ok(), "{result:?}");
        self
    }
}

/// A decoded host, encoded for a registered name; an IP literal (in
/// brackets) and an IPv4 address are kept as written.
fn encode_host(host: &str) -> Cow<'_, str> {
    if host.starts_with('[') {
        Cow::Borrowed(host)
    } else {
        encode(host, &EncodeSet::HOST)
    }
}

macro_rules! editors {
    ($Buf:ident, $Alias:ident, $example:literal) => {
        impl<S: Spec> $Buf<S> {
            /// An editor of the query as `key=value` pairs (RFC 3986 §3.4);
            /// see [`QueryPairsMut`].
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// r.query_pairs_mut().append("q", "a b").set("n", "1");
            /// assert_eq!(r.query(), Some("q=a%20b&n=1"));
            /// # Ok::<(), uri_core::ParseBufError>(())
            /// ```
            pub fn query_pairs_mut(&mut self) -> QueryPairsMut<'_, S> {
                QueryPairsMut::new(self.raw_mut())
            }

            /// An editor of the path, segment by segment (RFC 3986 §3.3);
            /// see [`PathSegmentsMut`].
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// r.path_segments_mut().push("a b")?;
            /// assert_eq!(r.path(), "/p/a%20b");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn path_segments_mut(&mut self) -> PathSegmentsMut<'_, S> {
                PathSegmentsMut::new(self.raw_mut())
            }

            /// Sets the path (§3.3) from decoded text: `/` stays a
            /// delimiter, and `%`, `?`, `#` and what a path cannot hold are
            /// percent-encoded.
            ///
            /// # Errors
            ///
            /// A [`BuildError`] when the path does not fit the reference
            /// (see `set_path`).
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// r.set_path_decoded("/a b/100%")?;
            /// assert_eq!(r.path(), "/a%20b/100%25");
            /// assert_eq!(r.path_decoded()?, "/a b/100%");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_path_decoded(&mut self, path: &str) -> Result<(), BuildError> {
                let (_, l) = self.raw_mut();
                const PATH_NC: EncodeSet = EncodeSet::PATH.encoding(b':');
                let set = if l.scheme_end == 0 && l.auth_start == 0 {
                    &PATH_NC
                } else {
                    &EncodeSet::PATH
                };
                let encoded = encode(path, set);
                splice::set_path::<S>(self.raw_mut(), &encoded)
            }

            /// Sets or removes the userinfo (§3.2.1) from decoded text;
            /// `:` stays the delimiter of the password.
            ///
            /// # Errors
            ///
            /// A [`BuildError`] when there is no host.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// r.set_userinfo_decoded(Some("a@b.c"))?;
            /// assert_eq!(r.userinfo(), Some("a%40b.c"));
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_userinfo_decoded(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
                let encoded = userinfo.map(|u| encode(u, &EncodeSet::USERINFO));
                splice::set_userinfo::<S>(self.raw_mut(), encoded.as_deref())
            }

            /// Sets or removes the host (§3.2.2) from decoded text: a
            /// registered name is percent-encoded, an IP literal in
            /// brackets and an IPv4 address are taken as written. (For a
            /// Unicode name in its `xn--` form, map it with `uri-iri`.)
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if it is not a valid host, or the path does
            /// not fit the new authority.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// r.set_host_decoded(Some("my host"))?;
            /// assert_eq!(r.host_str(), Some("my%20host"));
            /// r.set_host_decoded(Some("[::1]"))?;
            /// assert_eq!(r.host_str(), Some("[::1]"));
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_host_decoded(&mut self, host: Option<&str>) -> Result<(), BuildError> {
                let encoded = host.map(encode_host);
                splice::set_host::<S>(self.raw_mut(), encoded.as_deref())
            }

            /// Sets or removes the query (§3.4) from decoded text: `%`, `#`
            /// and what a query cannot hold are percent-encoded; `&` and
            /// `=` stay (use [`query_pairs_mut`](Self::query_pairs_mut) to
            /// write pairs).
            ///
            /// # Errors
            ///
            /// None in practice: the encoded text is always a valid query.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// r.set_query_decoded(Some("q=100% sure"))?;
            /// assert_eq!(r.query(), Some("q=100%25%20sure"));
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_query_decoded(&mut self, query: Option<&str>) -> Result<(), BuildError> {
                let encoded = query.map(|q| encode(q, &EncodeSet::QUERY));
                splice::set_query::<S>(self.raw_mut(), encoded.as_deref())
            }

            /// Sets or removes the fragment (§3.5) from decoded text.
            ///
            /// # Errors
            ///
            /// None in practice: the encoded text is always a valid fragment.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut r = uri_core::", stringify!($Alias), "::parse(\"", $example, "\")?;")]
            /// r.set_fragment_decoded(Some("section 2#b"))?;
            /// assert_eq!(r.fragment(), Some("section%202%23b"));
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_fragment_decoded(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
                let encoded = fragment.map(|f| encode(f, &EncodeSet::FRAGMENT));
                splice::set_fragment::<S>(self.raw_mut(), encoded.as_deref())
            }
        }
    };
}

editors!(RiBuf, UriBuf, "s://h/p");
editors!(RiReferenceBuf, UriReferenceBuf, "s://h/p");
editors!(RelativeRiBuf, RelativeRefBuf, "//h/p");

#[cfg(test)]
mod tests {
    use crate::owned::{IriBuf, RelativeRefBuf, UriBuf, UriReferenceBuf};
    use alloc::string::String;
    use alloc::vec::Vec;
    use proptest::prelude::*;

    fn text() -> impl Strategy<Value = String> {
        let atoms = prop::sample::select(
            &[
                "a", "B", "1", "", " ", "&", "=", ";", "+", "%", "%41", "/", "?", "#", "é", ":",
                ".",
            ][..],
        );
        prop::collection::vec(atoms, 0..4).prop_map(|v| v.concat())
    }

    /// A query of pieces over keys `a`, `b`, `c`, with encoded bytes the
    /// editor must not touch.
    fn query() -> impl Strategy<Value = String> {
        let piece = prop::sample::select(
            &[
                "a=1",
                "a=%41",
                "b",
                "b=",
                "c=x+y",
                "c=%7a%7A",
                "a=1=2",
                "d=%E2%9C%93",
                "",
                "e=a;b",
            ][..],
        );
        prop::collection::vec(piece, 0..6).prop_map(|v| v.join("&"))
    }

    /// What `set(key, value)` makes of the query `q` (`&`, not form),
    /// written out the long way: the first piece whose decoded key is
    /// `key` becomes the pair, later ones go; with none, the empty pieces
    /// go and the pair comes last.
    fn set_model(q: &str, key: &str, value: &str) -> String {
        let set = &uri_encode::EncodeSet::QUERY_COMPONENT;
        let pair = alloc::format!(
            "{}={}",
            uri_encode::encode(key, set),
            uri_encode::encode(value, set)
        );
        let pieces: Vec<&str> = if q.is_empty() {
            Vec::new()
        } else {
            q.split('&').collect()
        };
        let key_of = |p: &str| {
            let k = p.split_once('=').map_or(p, |(k, _)| k);
            uri_encode::decode_utf8_lossy(k).into_owned()
        };
        let mut out: Vec<&str> = Vec::new();
        let mut found = false;
        for p in &pieces {
            if key_of(p) == key {
                if !found {
                    out.push(&pair);
                    found = true;
                }
            } else {
                out.push(p);
            }
        }
        if !found {
            out.retain(|p| !p.is_empty());
            out.push(&pair);
        }
        out.join("&")
    }

    fn keys(uri: &UriBuf, key: &str) -> Vec<String> {
        uri.query()
            .unwrap_or("")
            .split('&')
            .filter(|p| !p.is_empty() && p.split('=').next() != Some(key))
            .map(String::from)
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn set_and_remove_leave_other_pairs_byte_identical(
            q in query(),
            key in prop::sample::select(&["a", "b", "c", "z"][..]),
            value in text(),
            remove in any::<bool>(),
        ) {
            let mut uri = UriBuf::parse(alloc::format!("http://h/?{q}#f")).unwrap();
            let mut plain = UriBuf::parse(alloc::format!("http://h/?{q}")).unwrap();
            let before = keys(&uri, key);
            if remove {
                uri.query_pairs_mut().remove(key);
                plain.query_pairs_mut().remove(key);
            } else {
                uri.query_pairs_mut().set(key, &value);
                plain.query_pairs_mut().set(key, &value);
                let got = uri.query_pairs_rfc3986().get(key);
                prop_assert_eq!(got.as_deref(), Some(value.as_str()));
                let want = set_model(&q, key, &value);
                prop_assert_eq!(uri.query(), Some(want.as_str()));
            }
            prop_assert_eq!(keys(&uri, key), before);
            prop_assert_eq!(uri.fragment(), Some("f"));
            prop_assert!(UriBuf::parse(String::from(uri.as_str())).is_ok());
            // Without a fragment (the pair then written in place at the
            // end), the same query.
            prop_assert_eq!(plain.query(), uri.query());
            prop_assert!(UriBuf::parse(String::from(plain.as_str())).is_ok());
        }

        #[test]
        fn appended_pairs_read_back(
            pairs in prop::collection::vec((text(), text()), 1..4),
            form in any::<bool>(),
        ) {
            let mut uri = UriBuf::parse("http://h/").unwrap();
            let mut editor = uri.query_pairs_mut();
            editor.form(form);
            for (k, v) in &pairs {
                editor.append(k, v);
            }
            let pairs_read = if form { uri.form_pairs() } else { uri.query_pairs_rfc3986() };
            let got: Vec<(String, String)> = pairs_read
                .decoded()
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect();
            prop_assert_eq!(got, pairs);
        }

        #[test]
        fn push_then_pop_is_the_identity(
            start in prop::sample::select(&[
                "http://h/", "http://h/a", "http://h/a/", "http://h/a%2Fb/c", "mailto:x",
                "s:", "s:/", "s:/a/b", "urn:a:b", "http://h/?q#f",
            ][..]),
            segment in text(),
        ) {
            let mut uri = UriBuf::parse(start).unwrap();
            match uri.path_segments_mut().push(&segment) {
                Ok(editor) => {
                    editor.pop();
                    prop_assert_eq!(uri.as_str(), start);
                }
                Err(_) => prop_assert_eq!(uri.as_str(), start),
            }
        }

        #[test]
        fn pushed_segments_decode_to_their_text(segments in prop::collection::vec(text(), 1..4)) {
            // `/` alone counts as no segments, as in `url`: start from one.
            let mut uri = UriBuf::parse("http://h/x").unwrap();
            let mut editor = uri.path_segments_mut();
            let mut want = alloc::vec![String::from("x")];
            for s in &segments {
                if editor.push(s).is_ok() {
                    want.push(s.clone());
                }
            }
            let got: Vec<String> = uri
                .path_segments_decoded()
                .map(|s| s.unwrap().into_owned())
                .collect();
            prop_assert_eq!(got, want);
        }

        #[test]
        fn decoded_setters_round_trip(t in text()) {
            let mut uri = UriBuf::parse("http://h/").unwrap();
            uri.set_path_decoded(&alloc::format!("/{t}")).unwrap();
            prop_assert_eq!(uri.path_decoded().unwrap(), alloc::format!("/{t}"));
            uri.set_query_decoded(Some(&t)).unwrap();
            prop_assert_eq!(uri.query_decoded().unwrap().unwrap(), t.as_str());
            uri.set_fragment_decoded(Some(&t)).unwrap();
            prop_assert_eq!(uri.fragment_decoded().unwrap().unwrap(), t.as_str());
            uri.set_userinfo_decoded(Some(&t)).unwrap();
            prop_assert_eq!(uri.userinfo_decoded().unwrap().unwrap(), t.as_str());
            prop_assert!(UriBuf::parse(String::from(uri.as_str())).is_ok());
        }
    }

    #[test]
    fn dot_segments_are_refused() {
        let mut uri = UriBuf::parse("http://h/a").unwrap();
        assert!(uri.path_segments_mut().push(".").is_err());
        assert!(uri.path_segments_mut().push("..").is_err());
        uri.path_segments_mut().push("...").unwrap();
        assert_eq!(uri, "http://h/a/...");
    }

    #[test]
    fn relative_first_segment_colon_is_encoded() {
        let mut r = RelativeRefBuf::parse("").unwrap();
        r.path_segments_mut()
            .push("a:b")
            .unwrap()
            .push("c:d")
            .unwrap();
        assert_eq!(r, "a%3Ab/c:d");
        let mut r = UriReferenceBuf::parse("").unwrap();
        r.set_path_decoded("x:y/z").unwrap();
        assert_eq!(r, "x%3Ay/z");
    }

    #[test]
    fn iri_editors_keep_unicode_already_there() {
        let mut iri = IriBuf::parse("http://例え.jp/パス?キー=値").unwrap();
        iri.query_pairs_mut().append("b", "ü");
        iri.path_segments_mut().push("x").unwrap();
        assert_eq!(iri, "http://例え.jp/パス/x?キー=値&b=%C3%BC");
    }

    #[test]
    fn semicolon_queries_split_at_semicolons_only() {
        let mut uri = UriBuf::parse("http://h/?a=1;b=2&c=3").unwrap();
        uri.query_pairs_mut()
            .separator(uri_encode::Separator::Semicolon)
            .remove("b");
        assert_eq!(uri, "http://h/?a=1");
        let mut uri = UriBuf::parse("http://h/?a=1;b=2&c=3").unwrap();
        uri.query_pairs_mut().remove("b");
        assert_eq!(uri, "http://h/?a=1;b=2&c=3");
    }
}
