//! Encode sets: which bytes stay as they are when encoding for a component.

use uri_core::grammar::{self, CharClass};

/// The bytes an encoder leaves alone; every other byte becomes a `%XX`
/// triplet with upper-case hex digits (RFC 3986 §2.1).
///
/// Each predefined set keeps exactly the bytes that may stand literally in
/// its component, so an encoded result never holds a delimiter that would
/// change that component's meaning, and always parses back as that
/// component. Bytes `0x80..=0xFF` and `%` are always encoded (unless
/// [`EncodeSet::preserving_triplets`] keeps existing triplets).
///
/// # Examples
///
/// ```
/// use uri_encode::{encode, EncodeSet};
///
/// assert_eq!(encode("a b/c?d", &EncodeSet::PATH), "a%20b/c%3Fd");
/// assert_eq!(encode("a b/c?d", &EncodeSet::PATH_SEGMENT), "a%20b%2Fc%3Fd");
/// assert_eq!(encode("a=1&b", &EncodeSet::QUERY_COMPONENT), "a%3D1%26b");
/// assert_eq!(encode("a b+c", &EncodeSet::FORM), "a+b%2Bc");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EncodeSet {
    keep: CharClass,
    triplets: bool,
    plus: bool,
}

impl EncodeSet {
    /// A userinfo (§3.2.1): keeps `unreserved`, `sub-delims` and `:`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("user:pa@ss", &EncodeSet::USERINFO), "user:pa%40ss");
    /// ```
    pub const USERINFO: EncodeSet = EncodeSet::new(grammar::USERINFO);

    /// One side of `user:password` in a userinfo: also encodes `:`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("a:b", &EncodeSet::USERNAME), "a%3Ab");
    /// ```
    pub const USERNAME: EncodeSet = EncodeSet::new(grammar::USERINFO.without(b':'));

    /// A registered name in the host (§3.2.2): keeps `unreserved` and `sub-delims`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("a:b/c", &EncodeSet::HOST), "a%3Ab%2Fc");
    /// ```
    pub const HOST: EncodeSet = EncodeSet::new(grammar::REG_NAME);

    /// A whole path (§3.3): keeps `pchar` and `/`. It does not prevent a
    /// path from starting with `//` or a relative path's first segment from
    /// holding `:`; encode segments with [`EncodeSet::PATH_SEGMENT`] and
    /// [`EncodeSet::PATH_SEGMENT_NC`] to control those.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("/a b/c#d", &EncodeSet::PATH), "/a%20b/c%23d");
    /// ```
    pub const PATH: EncodeSet = EncodeSet::new(grammar::PATH);

    /// One path segment (§3.3 `segment`): keeps `pchar`, encodes `/`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("a/b:c", &EncodeSet::PATH_SEGMENT), "a%2Fb:c");
    /// ```
    pub const PATH_SEGMENT: EncodeSet = EncodeSet::new(grammar::PCHAR);

    /// The first segment of a relative path without authority (§3.3
    /// `segment-nz-nc`, §4.2): also encodes `:`, which would read as a scheme.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("a:b", &EncodeSet::PATH_SEGMENT_NC), "a%3Ab");
    /// ```
    pub const PATH_SEGMENT_NC: EncodeSet = EncodeSet::new(grammar::SEGMENT_NZ_NC);

    /// A whole query (§3.4): keeps `pchar`, `/` and `?`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("a=1&b=2 3#x", &EncodeSet::QUERY), "a=1&b=2%203%23x");
    /// ```
    pub const QUERY: EncodeSet = EncodeSet::new(grammar::QUERY);

    /// A key or value of a query pair: the query set without `&`, `;`, `=`,
    /// `+` (and `#`), so neither `&`/`;` separators, nor `=`, nor a
    /// form-decoder's `+` can appear literally.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("a+b=c&d;e", &EncodeSet::QUERY_COMPONENT), "a%2Bb%3Dc%26d%3Be");
    /// ```
    pub const QUERY_COMPONENT: EncodeSet =
        EncodeSet::new(grammar::QUERY.difference(CharClass::new(b"&;=+#")));

    /// A fragment (§3.5): keeps `pchar`, `/` and `?`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("sec 1#2", &EncodeSet::FRAGMENT), "sec%201%232");
    /// ```
    pub const FRAGMENT: EncodeSet = EncodeSet::new(grammar::FRAGMENT);

    /// Everything but `unreserved` (§2.3): the safest set, for data that may
    /// go anywhere.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("a/b~c", &EncodeSet::UNRESERVED), "a%2Fb~c");
    /// ```
    pub const UNRESERVED: EncodeSet = EncodeSet::new(grammar::UNRESERVED);

    /// `application/x-www-form-urlencoded` (HTML and the WHATWG URL
    /// standard): keeps ASCII alphanumerics and `*-._`, writes a space as `+`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("a b~c", &EncodeSet::FORM), "a+b%7Ec");
    /// ```
    pub const FORM: EncodeSet = EncodeSet::new(
        grammar::ALPHA
            .union(grammar::DIGIT)
            .union(CharClass::new(b"*-._")),
    )
    .space_as_plus();

    /// A set that keeps the bytes of `keep`; bytes `0x80..=0xFF` and `%` are
    /// encoded even if `keep` holds them, so the output is always ASCII and
    /// always decodes back to the input.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::grammar::{CharClass, UNRESERVED};
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// const SLUG: EncodeSet = EncodeSet::new(UNRESERVED.without(b'.'));
    /// assert_eq!(encode("a.b", &SLUG), "a%2Eb");
    /// ```
    pub const fn new(keep: CharClass) -> Self {
        let keep = keep.difference(CharClass::range(0x80, 0xFF)).without(b'%');
        EncodeSet {
            keep,
            triplets: false,
            plus: false,
        }
    }

    /// This set, also keeping byte `b`, if it is ASCII and not `%`, and not
    /// `+` or a space in a set that writes spaces as `+` (decoding could
    /// not tell them apart).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("a/b", &EncodeSet::UNRESERVED.keeping(b'/')), "a/b");
    /// assert_eq!(encode("a+b", &EncodeSet::FORM.keeping(b'+')), "a%2Bb");
    /// ```
    pub const fn keeping(self, b: u8) -> Self {
        let refused = b >= 0x80 || b == b'%' || (self.plus && (b == b'+' || b == b' '));
        let keep = if refused {
            self.keep
        } else {
            self.keep.with(b)
        };
        EncodeSet { keep, ..self }
    }

    /// This set, also encoding byte `b`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("a'b", &EncodeSet::PATH.encoding(b'\'')), "a%27b");
    /// ```
    pub const fn encoding(self, b: u8) -> Self {
        EncodeSet {
            keep: self.keep.without(b),
            ..self
        }
    }

    /// This set, copying valid `%XX` triplets already in the input instead of
    /// encoding their `%`: for text that may already be partly encoded.
    /// Encoding is then idempotent, except with [`EncodeSet::space_as_plus`]:
    /// there a `+` in the input is a literal plus, encoded as `%2B`, while
    /// a `+` in the output stands for a space. A `%` not followed by two
    /// hex digits is still encoded as `%25`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// let set = EncodeSet::PATH.preserving_triplets();
    /// assert_eq!(encode("a%20b c%", &set), "a%20b%20c%25");
    /// assert_eq!(encode("a%20b c%", &EncodeSet::PATH), "a%2520b%20c%25");
    /// ```
    pub const fn preserving_triplets(self) -> Self {
        EncodeSet {
            triplets: true,
            ..self
        }
    }

    /// This set, writing a space as `+` (form-urlencoding). `+` itself is
    /// then always encoded, so that decoding can tell them apart.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// let set = EncodeSet::QUERY_COMPONENT.space_as_plus();
    /// assert_eq!(encode("1 + 1", &set), "1+%2B+1");
    /// ```
    pub const fn space_as_plus(self) -> Self {
        EncodeSet {
            keep: self.keep.without(b'+').without(b' '),
            plus: true,
            ..self
        }
    }

    /// Whether byte `b` is left as it is.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::EncodeSet;
    ///
    /// assert!(EncodeSet::PATH.keeps(b'/'));
    /// assert!(!EncodeSet::PATH_SEGMENT.keeps(b'/'));
    /// ```
    #[inline(always)]
    pub const fn keeps(&self, b: u8) -> bool {
        self.keep.contains(b)
    }

    /// Whether valid triplets in the input are copied; see
    /// [`EncodeSet::preserving_triplets`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!uri_encode::EncodeSet::PATH.preserves_triplets());
    /// ```
    pub const fn preserves_triplets(&self) -> bool {
        self.triplets
    }

    /// Whether a space is written as `+`; see [`EncodeSet::space_as_plus`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_encode::EncodeSet::FORM.writes_space_as_plus());
    /// ```
    pub const fn writes_space_as_plus(&self) -> bool {
        self.plus
    }
}
