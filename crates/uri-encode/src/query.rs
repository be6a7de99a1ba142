//! Query pairs (`key=value` joined by `&` or `;`) and form-urlencoding.
//!
//! RFC 3986 §3.4 gives the query no inner structure; `key=value` pairs
//! separated by `&` are the HTML form convention
//! (`application/x-www-form-urlencoded`), and RFC 1866 §8.2.1 and the CGI
//! convention also allow `;`. In form data a `+` stands for a space; in a
//! plain RFC 3986 query it is a `+`. The caller chooses both.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::{DecodeError, Decoder, EncodeSet, encode_into};

/// Which bytes separate query pairs.
///
/// # Examples
///
/// ```
/// use uri_encode::{QueryPairs, Separator};
///
/// let keys: Vec<_> = QueryPairs::new("a=1;b=2&c", Separator::Both).map(|p| p.key.as_str()).collect();
/// assert_eq!(keys, ["a", "b", "c"]);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Separator {
    /// `&`, the HTML form convention.
    #[default]
    Ampersand,
    /// `;`, as RFC 1866 §8.2.1 recommends for HTML documents.
    Semicolon,
    /// Either `&` or `;`.
    Both,
}

impl Separator {
    #[inline]
    fn matches(self, b: u8) -> bool {
        match self {
            Separator::Ampersand => b == b'&',
            Separator::Semicolon => b == b';',
            Separator::Both => b == b'&' || b == b';',
        }
    }
}

/// A piece of a query, still percent-encoded, that knows how to decode
/// itself (with `+` as a space when its [`QueryPairs`] is in form mode).
///
/// # Examples
///
/// ```
/// use uri_encode::QueryPairs;
///
/// let pair = QueryPairs::form("q=a+b%21").next().unwrap();
/// assert_eq!(pair.value.unwrap().as_str(), "a+b%21");
/// assert_eq!(pair.value.unwrap().decode_utf8()?, "a b!");
/// # Ok::<(), uri_encode::DecodeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Encoded<'a> {
    raw: &'a str,
    plus: bool,
}

impl<'a> Encoded<'a> {
    /// The raw, still encoded text.
    ///
    /// # Examples
    ///
    /// ```
    /// let p = uri_encode::QueryPairs::form("a%20b").next().unwrap();
    /// assert_eq!(p.key.as_str(), "a%20b");
    /// ```
    pub const fn as_str(&self) -> &'a str {
        self.raw
    }

    fn decoder(&self) -> Decoder {
        Decoder::new().plus_as_space(self.plus)
    }

    /// Decodes to bytes, strictly.
    ///
    /// # Errors
    ///
    /// A bad `%` triplet; the index is into this piece.
    ///
    /// # Examples
    ///
    /// ```
    /// let p = uri_encode::QueryPairs::form("k=%FF").next().unwrap();
    /// assert_eq!(p.value.unwrap().decode()?, &[0xFF][..]);
    /// # Ok::<(), uri_encode::DecodeError>(())
    /// ```
    pub fn decode(&self) -> Result<Cow<'a, [u8]>, DecodeError> {
        self.decoder().decode(self.raw)
    }

    /// Decodes to bytes, copying bad triplets.
    ///
    /// # Examples
    ///
    /// ```
    /// let p = uri_encode::QueryPairs::form("k=100%").next().unwrap();
    /// assert_eq!(p.value.unwrap().decode_lossy(), &b"100%"[..]);
    /// ```
    pub fn decode_lossy(&self) -> Cow<'a, [u8]> {
        self.decoder().decode_lossy(self.raw)
    }

    /// Decodes to UTF-8 text, strictly.
    ///
    /// # Errors
    ///
    /// A bad `%` triplet, or bytes that are not UTF-8.
    ///
    /// # Examples
    ///
    /// ```
    /// let p = uri_encode::QueryPairs::form("name=J%C3%BCrgen").next().unwrap();
    /// assert_eq!(p.value.unwrap().decode_utf8()?, "Jürgen");
    /// # Ok::<(), uri_encode::DecodeError>(())
    /// ```
    pub fn decode_utf8(&self) -> Result<Cow<'a, str>, DecodeError> {
        self.decoder().decode_utf8(self.raw)
    }

    /// Decodes to UTF-8 text, never failing.
    ///
    /// # Examples
    ///
    /// ```
    /// let p = uri_encode::QueryPairs::form("k=%FF").next().unwrap();
    /// assert_eq!(p.value.unwrap().decode_utf8_lossy(), "\u{FFFD}");
    /// ```
    pub fn decode_utf8_lossy(&self) -> Cow<'a, str> {
        self.decoder().decode_utf8_lossy(self.raw)
    }
}

impl PartialEq<str> for Encoded<'_> {
    fn eq(&self, other: &str) -> bool {
        self.raw == other
    }
}

impl PartialEq<&str> for Encoded<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.raw == *other
    }
}

/// One `key[=value]` pair of a query. `value` is `None` when there is no
/// `=` (`?flag`), `Some("")` for `?flag=`.
///
/// # Examples
///
/// ```
/// use uri_encode::QueryPairs;
///
/// let pairs: Vec<_> = QueryPairs::form("a&b=&c=1=2").collect();
/// assert_eq!(pairs[0].value, None);
/// assert_eq!(pairs[1].value.unwrap(), "");
/// assert_eq!(pairs[2].value.unwrap(), "1=2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pair<'a> {
    /// The text before the first `=`.
    pub key: Encoded<'a>,
    /// The text after the first `=`, if there is one.
    pub value: Option<Encoded<'a>>,
}

/// A zero-copy iterator over the `key[=value]` pairs of a query.
///
/// Empty pieces between separators (`a&&b`, a leading or trailing `&`) are
/// skipped. Pieces are not decoded until asked ([`Encoded`]).
///
/// # Examples
///
/// ```
/// use uri_encode::{QueryPairs, Separator};
///
/// let mut pairs = QueryPairs::new("tag=networking&order=newest", Separator::Ampersand);
/// let first = pairs.next().unwrap();
/// assert_eq!((first.key.as_str(), first.value.unwrap().as_str()), ("tag", "networking"));
/// assert_eq!(pairs.count(), 1);
/// ```
#[derive(Debug, Clone)]
pub struct QueryPairs<'a> {
    rest: &'a str,
    separator: Separator,
    plus: bool,
}

impl<'a> QueryPairs<'a> {
    /// The pairs of `query` (without its `?`), split at `separator`; `+`
    /// stays a `+` when decoding, as in RFC 3986.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{QueryPairs, Separator};
    ///
    /// let p = QueryPairs::new("a=1+1", Separator::Ampersand).next().unwrap();
    /// assert_eq!(p.value.unwrap().decode_utf8()?, "1+1");
    /// # Ok::<(), uri_encode::DecodeError>(())
    /// ```
    pub const fn new(query: &'a str, separator: Separator) -> Self {
        QueryPairs {
            rest: query,
            separator,
            plus: false,
        }
    }

    /// The pairs of form data (`application/x-www-form-urlencoded`):
    /// separated by `&`, with `+` decoded as a space.
    ///
    /// # Examples
    ///
    /// ```
    /// let p = uri_encode::QueryPairs::form("q=1+1").next().unwrap();
    /// assert_eq!(p.value.unwrap().decode_utf8()?, "1 1");
    /// # Ok::<(), uri_encode::DecodeError>(())
    /// ```
    pub const fn form(query: &'a str) -> Self {
        QueryPairs {
            rest: query,
            separator: Separator::Ampersand,
            plus: true,
        }
    }

    /// These pairs, with `+` decoded as a space or not.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{QueryPairs, Separator};
    ///
    /// let p = QueryPairs::new("q=a+b", Separator::Both).plus_as_space(true).next().unwrap();
    /// assert_eq!(p.value.unwrap().decode_utf8()?, "a b");
    /// # Ok::<(), uri_encode::DecodeError>(())
    /// ```
    pub const fn plus_as_space(self, yes: bool) -> Self {
        QueryPairs { plus: yes, ..self }
    }
}

impl<'a> QueryPairs<'a> {
    /// The value of the first pair whose key decodes to `key`, decoded as
    /// text; `Some("")` for a key without `=` (`?flag`); `None` when no
    /// key matches.
    ///
    /// Keys and value are decoded as this iterator decodes (`+` as a space
    /// in form mode), lossily: a bad triplet is kept as written and bytes
    /// that are not UTF-8 become U+FFFD (use the [`Pair`]s themselves to
    /// see errors). Only the pairs not yet iterated are searched. Linear in
    /// the query's length.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::QueryPairs;
    ///
    /// let q = QueryPairs::form("a=1&b=x+y&a=2&flag&c%20d=%E2%9C%93");
    /// assert_eq!(q.get("a").as_deref(), Some("1"));
    /// assert_eq!(q.get("b").as_deref(), Some("x y"));
    /// assert_eq!(q.get("flag").as_deref(), Some(""));
    /// assert_eq!(q.get("c d").as_deref(), Some("✓"));
    /// assert_eq!(q.get("z"), None);
    /// ```
    pub fn get(&self, key: &str) -> Option<Cow<'a, str>> {
        self.clone()
            .find(|pair| pair.key.decode_utf8_lossy() == key)
            .map(|pair| {
                pair.value
                    .map_or(Cow::Borrowed(""), |v| v.decode_utf8_lossy())
            })
    }

    /// Each pair decoded as text: `(key, value)`, with `""` as the value of
    /// a key without `=`. Decoding is lossy, as for [`QueryPairs::get`];
    /// each side borrows the query when it has nothing to decode.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use uri_encode::QueryPairs;
    ///
    /// let pairs: Vec<(Cow<str>, Cow<str>)> = QueryPairs::form("q=a+b&n=1&v").decoded().collect();
    /// assert_eq!(pairs, [("q".into(), "a b".into()), ("n".into(), "1".into()), ("v".into(), "".into())]);
    /// assert!(matches!(pairs[1].0, Cow::Borrowed(_)));
    /// ```
    pub fn decoded(self) -> DecodedPairs<'a> {
        DecodedPairs { pairs: self }
    }
}

/// The pairs of a query decoded as text; see [`QueryPairs::decoded`].
///
/// # Examples
///
/// ```
/// let mut pairs = uri_encode::QueryPairs::form("k=%C3%A9").decoded();
/// assert_eq!(pairs.next(), Some(("k".into(), "é".into())));
/// assert_eq!(pairs.next(), None);
/// ```
#[derive(Debug, Clone)]
pub struct DecodedPairs<'a> {
    pairs: QueryPairs<'a>,
}

impl<'a> Iterator for DecodedPairs<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        self.pairs.next().map(|pair| {
            let value = pair
                .value
                .map_or(Cow::Borrowed(""), |v| v.decode_utf8_lossy());
            (pair.key.decode_utf8_lossy(), value)
        })
    }
}

impl core::iter::FusedIterator for DecodedPairs<'_> {}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = Pair<'a>;

    fn next(&mut self) -> Option<Pair<'a>> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let b = self.rest.as_bytes();
            let end = b
                .iter()
                .position(|&c| self.separator.matches(c))
                .unwrap_or(b.len());
            let piece = &self.rest[..end];
            self.rest = if end < b.len() {
                &self.rest[end + 1..]
            } else {
                ""
            };
            if piece.is_empty() {
                continue;
            }
            let plus = self.plus;
            let (key, value) = match piece.find('=') {
                Some(eq) => (&piece[..eq], Some(&piece[eq + 1..])),
                None => (piece, None),
            };
            return Some(Pair {
                key: Encoded { raw: key, plus },
                value: value.map(|raw| Encoded { raw, plus }),
            });
        }
    }
}

impl core::iter::FusedIterator for QueryPairs<'_> {}

/// Writes `key=value` pairs into a query, encoding each side.
///
/// [`QueryWriter::form`] writes `application/x-www-form-urlencoded` (space
/// as `+`); [`QueryWriter::rfc3986`] writes a plain RFC 3986 query (space as
/// `%20`, and `+` encoded so that either decoder reads it back). Both encode
/// `&`, `;`, `=`, `+` and `#` inside keys and values.
///
/// # Examples
///
/// ```
/// use uri_encode::QueryWriter;
///
/// let mut q = QueryWriter::form();
/// q.append_pair("q", "rust & C++").append_pair("page", "2").append_key("debug");
/// assert_eq!(q.finish(), "q=rust+%26+C%2B%2B&page=2&debug");
///
/// let mut q = QueryWriter::rfc3986();
/// q.append_pair("q", "a b");
/// assert_eq!(q.finish(), "q=a%20b");
/// ```
#[derive(Debug, Clone)]
pub struct QueryWriter {
    out: String,
    start: usize,
    set: EncodeSet,
    separator: char,
}

impl QueryWriter {
    /// A writer of form data: `&`-separated, space as `+`.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut q = uri_encode::QueryWriter::form();
    /// q.append_pair("a b", "c");
    /// assert_eq!(q.finish(), "a+b=c");
    /// ```
    pub fn form() -> Self {
        QueryWriter {
            out: String::new(),
            start: 0,
            set: EncodeSet::FORM,
            separator: '&',
        }
    }

    /// A writer of a plain RFC 3986 query: `&`-separated, space as `%20`,
    /// keeping every other character a query may hold.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut q = uri_encode::QueryWriter::rfc3986();
    /// q.append_pair("path", "/a/b?c");
    /// assert_eq!(q.finish(), "path=/a/b?c");
    /// ```
    pub fn rfc3986() -> Self {
        QueryWriter {
            out: String::new(),
            start: 0,
            set: EncodeSet::QUERY_COMPONENT,
            separator: '&',
        }
    }

    /// Appends to `out` (say, a URI ending in `?`) instead of a new string;
    /// the first pair gets no separator.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut q = uri_encode::QueryWriter::form().into_string(String::from("/search?"));
    /// q.append_pair("q", "x");
    /// assert_eq!(q.finish(), "/search?q=x");
    /// ```
    pub fn into_string(self, out: String) -> Self {
        let start = out.len();
        QueryWriter { out, start, ..self }
    }

    /// Separates pairs with `;` instead of `&` ([`Separator::Both`] means `&`).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{QueryWriter, Separator};
    ///
    /// let mut q = QueryWriter::form().separator(Separator::Semicolon);
    /// q.append_pair("a", "1").append_pair("b", "2");
    /// assert_eq!(q.finish(), "a=1;b=2");
    /// ```
    pub fn separator(self, separator: Separator) -> Self {
        let separator = if separator == Separator::Semicolon {
            ';'
        } else {
            '&'
        };
        QueryWriter { separator, ..self }
    }

    fn next_piece(&mut self) {
        if self.out.len() > self.start {
            self.out.push(self.separator);
        }
    }

    /// Appends `key=value`, both encoded.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut q = uri_encode::QueryWriter::form();
    /// q.append_pair("k", "v=1");
    /// assert_eq!(q.finish(), "k=v%3D1");
    /// ```
    pub fn append_pair(&mut self, key: &str, value: &str) -> &mut Self {
        self.next_piece();
        encode_into(key, &self.set, &mut self.out);
        self.out.push('=');
        encode_into(value, &self.set, &mut self.out);
        self
    }

    /// Appends a key with no `=` and no value.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut q = uri_encode::QueryWriter::rfc3986();
    /// q.append_key("flag");
    /// assert_eq!(q.finish(), "flag");
    /// ```
    pub fn append_key(&mut self, key: &str) -> &mut Self {
        self.next_piece();
        encode_into(key, &self.set, &mut self.out);
        self
    }

    /// The query written so far.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut q = uri_encode::QueryWriter::form();
    /// q.append_pair("a", "1");
    /// assert_eq!(q.as_str(), "a=1");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.out
    }

    /// The string written.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_encode::QueryWriter::form().finish(), "");
    /// ```
    pub fn finish(self) -> String {
        self.out
    }
}

/// Serializes pairs as `application/x-www-form-urlencoded`.
///
/// # Examples
///
/// ```
/// let body = uri_encode::encode_form([("name", "Jürgen"), ("lang", "de en")]);
/// assert_eq!(body, "name=J%C3%BCrgen&lang=de+en");
/// ```
pub fn encode_form<K: AsRef<str>, V: AsRef<str>>(
    pairs: impl IntoIterator<Item = (K, V)>,
) -> String {
    let mut writer = QueryWriter::form();
    for (k, v) in pairs {
        writer.append_pair(k.as_ref(), v.as_ref());
    }
    writer.finish()
}

/// Parses `application/x-www-form-urlencoded` data into decoded pairs, as
/// HTML forms and the WHATWG URL standard do: `&`-separated, `+` as space,
/// a missing value as `""`, bad triplets kept and bad UTF-8 replaced.
///
/// # Examples
///
/// ```
/// let pairs: Vec<_> = uri_encode::decode_form("name=J%C3%BCrgen&lang=de+en&x").collect();
/// assert_eq!(pairs, [("name".into(), "Jürgen".into()), ("lang".into(), "de en".into()), ("x".into(), "".into())]);
/// ```
pub fn decode_form(input: &str) -> impl Iterator<Item = (Cow<'_, str>, Cow<'_, str>)> {
    QueryPairs::form(input).map(|p| {
        let value = p.value.map_or(Cow::Borrowed(""), |v| v.decode_utf8_lossy());
        (p.key.decode_utf8_lossy(), value)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn raw(q: QueryPairs<'_>) -> Vec<(&str, Option<&str>)> {
        q.map(|p| (p.key.as_str(), p.value.map(|v| v.as_str())))
            .collect()
    }

    #[test]
    fn splitting() {
        assert_eq!(raw(QueryPairs::new("", Separator::Both)), []);
        assert_eq!(raw(QueryPairs::new("&&;", Separator::Both)), []);
        assert_eq!(
            raw(QueryPairs::new("a;b&c", Separator::Ampersand)),
            [("a;b", None), ("c", None)]
        );
        assert_eq!(
            raw(QueryPairs::new("a;b&c", Separator::Semicolon)),
            [("a", None), ("b&c", None)]
        );
        assert_eq!(
            raw(QueryPairs::new("=&=x&a==", Separator::Both)),
            [("", Some("")), ("", Some("x")), ("a", Some("="))]
        );
    }

    #[test]
    fn writers_round_trip_through_pairs() {
        let data = [("a b", "c&d"), ("é=", "+;#"), ("", ""), ("%", "%25")];
        for form in [true, false] {
            let mut w = if form {
                QueryWriter::form()
            } else {
                QueryWriter::rfc3986()
            };
            for (k, v) in data {
                w.append_pair(k, v);
            }
            let query = w.finish();
            let pairs = QueryPairs::new(&query, Separator::Both).plus_as_space(form);
            let back: Vec<_> = pairs
                .map(|p| {
                    (
                        p.key.decode_utf8().unwrap(),
                        p.value.unwrap().decode_utf8().unwrap(),
                    )
                })
                .collect();
            let expected: Vec<_> = data
                .iter()
                .map(|&(k, v)| (Cow::from(k), Cow::from(v)))
                .collect();
            assert_eq!(back, expected, "{query}");
        }
    }
}
