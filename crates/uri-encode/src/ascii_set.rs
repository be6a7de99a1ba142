//! [`EncodeSet`] to and from `percent_encoding::AsciiSet` (feature
//! `percent-encoding`), for code that shares its sets with the
//! `percent-encoding` crate or moves from it.
//!
//! See [`EncodeSet::to_ascii_set`] for how the two kinds of set differ.
//!
//! # Examples
//!
//! ```
//! # #[cfg(feature = "percent-encoding")] {
//! use percent_encoding::{AsciiSet, CONTROLS, utf8_percent_encode};
//! use uri_encode::{EncodeSet, encode};
//!
//! const FRAGMENT: &AsciiSet = &CONTROLS.add(b' ').add(b'"').add(b'<').add(b'>').add(b'`');
//! let ours = EncodeSet::from(FRAGMENT);
//! assert_eq!(encode("a b<c>", &ours), "a%20b%3Cc%3E");
//! assert_eq!(encode("100%", &ours), "100%25"); // `%` is encoded anyway
//!
//! static PATH: AsciiSet = EncodeSet::PATH.to_ascii_set();
//! assert_eq!(utf8_percent_encode("a b/é", &PATH).to_string(), encode("a b/é", &EncodeSet::PATH));
//! # }
//! ```

use crate::grammar::CharClass;
use percent_encoding::AsciiSet;

use crate::EncodeSet;

impl EncodeSet {
    /// The `percent_encoding::AsciiSet` that lists the ASCII bytes this set
    /// encodes, `%` always among them; usable in a `const` or `static`.
    /// This set's options (triplets kept, spaces as `+`) are not carried.
    ///
    /// # Round trips
    ///
    /// The two say opposite things: an `AsciiSet` lists the ASCII bytes to
    /// encode, an `EncodeSet` the bytes to keep. Beyond that, three behaviours
    /// of an `EncodeSet` have no `AsciiSet` counterpart:
    ///
    /// - `%` is always encoded by an `EncodeSet` (so the output always decodes
    ///   back to the input, RFC 3986 §2.4), while an `AsciiSet` that does not
    ///   list `%` copies it: `percent_encoding` writes `100%` as `100%`, which
    ///   does not decode back. So the `EncodeSet` made from an `AsciiSet`
    ///   encodes `%` even when the `AsciiSet` does not list it, and the
    ///   `AsciiSet` made from an `EncodeSet` always lists `%`.
    /// - An `EncodeSet` [`preserving triplets`](EncodeSet::preserving_triplets)
    ///   copies a valid `%XX` from its input; an `AsciiSet` encodes the `%`
    ///   again (`%41` becomes `%2541`). The `AsciiSet` made from such a set
    ///   encodes every `%`.
    /// - An `EncodeSet` that [writes a space as `+`](EncodeSet::space_as_plus)
    ///   (`application/x-www-form-urlencoded`) has no `AsciiSet` form: the
    ///   `AsciiSet` made from it lists both the space and `+`, which
    ///   `percent_encoding` writes `%20` and `%2B`.
    ///
    /// So on every ASCII byte but `%`, the two sets agree on whether the byte
    /// is encoded, both ways; bytes `0x80..=0xFF` are encoded by both. The
    /// round trip `AsciiSet` → `EncodeSet` → `AsciiSet` gives back the set
    /// with `%` added; `EncodeSet` → `AsciiSet` → `EncodeSet` gives back a set
    /// that encodes the same bytes, without the two options.
    ///
    /// # Examples
    ///
    /// ```
    /// use percent_encoding::utf8_percent_encode;
    /// use uri_encode::{EncodeSet, encode};
    ///
    /// // `utf8_percent_encode` takes a `&'static AsciiSet`.
    /// static SET: percent_encoding::AsciiSet = EncodeSet::QUERY_COMPONENT.to_ascii_set();
    /// assert_eq!(utf8_percent_encode("a=1&b c", &SET).to_string(), encode("a=1&b c", &EncodeSet::QUERY_COMPONENT));
    /// ```
    pub const fn to_ascii_set(&self) -> AsciiSet {
        let mut set = AsciiSet::EMPTY;
        let mut b = 0;
        while b < 0x80 {
            if !self.keeps(b) {
                set = set.add(b);
            }
            b += 1;
        }
        set
    }
}

impl From<&EncodeSet> for AsciiSet {
    /// [`EncodeSet::to_ascii_set`].
    fn from(set: &EncodeSet) -> AsciiSet {
        set.to_ascii_set()
    }
}

impl From<EncodeSet> for AsciiSet {
    /// [`EncodeSet::to_ascii_set`].
    fn from(set: EncodeSet) -> AsciiSet {
        set.to_ascii_set()
    }
}

impl From<&AsciiSet> for EncodeSet {
    /// The set that keeps the ASCII bytes `set` does not list, `%` aside:
    /// `%` is always encoded, as are bytes `0x80..=0xFF`.
    fn from(set: &AsciiSet) -> EncodeSet {
        let mut keep = CharClass::new(&[]);
        for b in 0..0x80u8 {
            // `AsciiSet` does not say what it holds, but adding a byte it
            // holds leaves it equal.
            if set.add(b) != *set {
                keep = keep.with(b);
            }
        }
        EncodeSet::new(keep)
    }
}
