//! Encode sets: which bytes stay as they are when encoding for a component.

use crate::grammar::{self, CharClass, Scanner};

/// The bytes an encoder leaves alone; every other byte becomes a `%XX`
/// triplet with upper-case hex digits (RFC 3986 §2.1).
///
/// Each predefined set keeps exactly the bytes that may stand literally in
/// its component, or fewer where its own documentation says so, so an
/// encoded result never holds a delimiter that would change that
/// component's meaning. An encoded result therefore parses back as that
/// component, except a path, whose place the set does not know. A path
/// encoded with `PATH` parses back as that path exactly when it fits where
/// it stands: after an authority, it must be empty or start with `/`;
/// without one, it must not start with `//` (`//x` would read as the
/// authority `x`) nor, in a relative reference, have a `:` in its first
/// segment (`a:b` would read as the scheme `a`). `PATH_SEGMENT` keeps `:`
/// too, so its result must hold none to be the first segment of a relative
/// reference without authority; `PATH_SEGMENT_NC` encodes it for that
/// place. Bytes `0x80..=0xFF` and `%` are always encoded (unless
/// [`EncodeSet::preserving_triplets`] keeps existing triplets).
///
/// `Eq` compares what the set does: the bytes it keeps and its two options
/// ([`EncodeSet::preserving_triplets`], [`EncodeSet::space_as_plus`]), not
/// how it was made.
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
#[derive(Debug, Clone, Copy)]
pub struct EncodeSet {
    keep: CharClass,
    triplets: bool,
    plus: bool,
    /// Which predefined set's bytes `keep` is, if it is one.
    known: Known,
}

impl PartialEq for EncodeSet {
    fn eq(&self, other: &Self) -> bool {
        // `known` follows from how the set was made, not from what it does.
        (self.keep, self.triplets, self.plus) == (other.keep, other.triplets, other.plus)
    }
}

impl Eq for EncodeSet {}

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
    pub const USERINFO: EncodeSet = EncodeSet::new(grammar::USERINFO).known_as(Known::Userinfo);

    /// One side of `user:password` in a userinfo: also encodes `:`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("a:b", &EncodeSet::USERNAME), "a%3Ab");
    /// ```
    pub const USERNAME: EncodeSet =
        EncodeSet::new(grammar::USERINFO.without(b':')).known_as(Known::Username);

    /// A registered name in the host (§3.2.2): keeps `unreserved` and `sub-delims`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("a:b/c", &EncodeSet::HOST), "a%3Ab%2Fc");
    /// ```
    pub const HOST: EncodeSet = EncodeSet::new(grammar::REG_NAME).known_as(Known::Host);

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
    pub const PATH: EncodeSet = EncodeSet::new(grammar::PATH).known_as(Known::Path);

    /// One path segment (§3.3 `segment`): keeps `pchar`, encodes `/`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("a/b:c", &EncodeSet::PATH_SEGMENT), "a%2Fb:c");
    /// ```
    pub const PATH_SEGMENT: EncodeSet = EncodeSet::new(grammar::PCHAR).known_as(Known::PathSegment);

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
    pub const PATH_SEGMENT_NC: EncodeSet =
        EncodeSet::new(grammar::SEGMENT_NZ_NC).known_as(Known::PathSegmentNc);

    /// A whole query (§3.4): keeps `pchar`, `/` and `?`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("a=1&b=2 3#x", &EncodeSet::QUERY), "a=1&b=2%203%23x");
    /// ```
    pub const QUERY: EncodeSet = EncodeSet::new(grammar::QUERY).known_as(Known::Query);

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
        EncodeSet::new(grammar::QUERY.difference(CharClass::new(b"&;=+#")))
            .known_as(Known::QueryComponent);

    /// A fragment (§3.5): keeps `pchar`, `/` and `?`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::{encode, EncodeSet};
    ///
    /// assert_eq!(encode("sec 1#2", &EncodeSet::FRAGMENT), "sec%201%232");
    /// ```
    pub const FRAGMENT: EncodeSet = EncodeSet::new(grammar::FRAGMENT).known_as(Known::Fragment);

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
    pub const UNRESERVED: EncodeSet =
        EncodeSet::new(grammar::UNRESERVED).known_as(Known::Unreserved);

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
    .space_as_plus()
    .known_as(Known::Form);

    /// A set that keeps the bytes of `keep`; bytes `0x80..=0xFF` and `%` are
    /// encoded even if `keep` holds them, so the output is always ASCII and
    /// always decodes back to the input.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_encode::grammar::{CharClass, UNRESERVED};
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
            known: Known::Custom,
        }
    }

    /// This set, named as the predefined set `known`.
    const fn known_as(self, known: Known) -> Self {
        EncodeSet { known, ..self }
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
        if refused || self.keep.contains(b) {
            return self;
        }
        EncodeSet {
            keep: self.keep.with(b),
            known: Known::Custom,
            ..self
        }
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
        if !self.keep.contains(b) {
            return self;
        }
        EncodeSet {
            keep: self.keep.without(b),
            known: Known::Custom,
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
        let same = !self.keep.contains(b'+') && !self.keep.contains(b' ');
        EncodeSet {
            keep: self.keep.without(b'+').without(b' '),
            plus: true,
            // The same bytes as before (FORM's own), or others.
            known: if same { self.known } else { Known::Custom },
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

    /// [`EncodeSet::first_not_kept`] by table lookups, eight bytes to a
    /// branch ([`CharClass::first_outside`]). Out of line: inlined into
    /// [`EncodeSet::first_not_kept`]'s `match`, it made the predefined
    /// sets' scans dearer (docs/performance.md, "Figures moved out of item
    /// docs").
    #[inline(never)]
    fn first_not_kept_by_table(&self, input: &[u8], from: usize) -> usize {
        self.keep.first_outside(input, from)
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

/// The predefined sets, each listed once, as `Known` variant => constant:
/// makes the `Known` tag, [`EncodeSet::PREDEFINED`] and the scan that
/// [`EncodeSet::first_not_kept`] picks for each.
macro_rules! predefined_sets {
    ($($known:ident => $set:ident,)*) => {
        /// The predefined sets, by their bytes: a set made from one of
        /// them, whether a constant or chosen at run time, is scanned
        /// sixteen bytes at a time with that set's [`Scanner`], prepared
        /// at compile time (see [`EncodeSet::first_not_kept`]). Any other
        /// set is `Custom`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        enum Known {
            Custom,
            $($known,)*
        }

        impl EncodeSet {
            /// Every predefined set, by its Rust name, in the order they
            /// are declared: for tools and tests that go through them all.
            ///
            /// # Examples
            ///
            /// ```
            /// use uri_encode::EncodeSet;
            ///
            /// let (name, set) = EncodeSet::PREDEFINED[3];
            /// assert_eq!((name, set), ("PATH", EncodeSet::PATH));
            /// assert!(EncodeSet::PREDEFINED.iter().all(|(_, set)| !set.keeps(b'%')));
            /// ```
            pub const PREDEFINED: [(&'static str, EncodeSet); [$(stringify!($set)),*].len()] =
                [$((stringify!($set), EncodeSet::$set),)*];

            /// The offset of the first byte of `input` at or after `from`
            /// that this set does not keep, or `input.len()`.
            ///
            /// The predefined sets, and sets made from them by
            /// [`EncodeSet::preserving_triplets`], are scanned sixteen
            /// bytes at a time with a [`Scanner`] built at compile time
            /// for their bytes (a `match` picks it, so a set chosen at run
            /// time gets it too); any other set is looked up eight bytes
            /// at a time in its table.
            #[inline(always)]
            pub(crate) fn first_not_kept(&self, input: &[u8], from: usize) -> usize {
                match self.known {
                    $(Known::$known => {
                        const SCAN: Scanner = Scanner::new(&EncodeSet::$set.keep);
                        SCAN.first_outside(input, from)
                    })*
                    Known::Custom => self.first_not_kept_by_table(input, from),
                }
            }

            /// This set's step table ([`step_words`](crate::encode::step_words)),
            /// made at compile time, for a set that keeps no triplets and
            /// keeps a predefined set's bytes (`known`: the set itself, or
            /// made from it without changing them) with that set's rule for
            /// a space; else `None`.
            #[inline(always)]
            pub(crate) fn step_words(&self) -> Option<&'static [u32; 256]> {
                match self.known {
                    $(Known::$known => {
                        static WORDS: [u32; 256] = crate::encode::step_words(&EncodeSet::$set);
                        (self.plus == EncodeSet::$set.plus && !self.triplets).then_some(&WORDS)
                    })*
                    Known::Custom => None,
                }
            }
        }
    };
}

predefined_sets! {
    Userinfo => USERINFO,
    Username => USERNAME,
    Host => HOST,
    Path => PATH,
    PathSegment => PATH_SEGMENT,
    PathSegmentNc => PATH_SEGMENT_NC,
    Query => QUERY,
    QueryComponent => QUERY_COMPONENT,
    Fragment => FRAGMENT,
    Unreserved => UNRESERVED,
    Form => FORM,
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// Every predefined set, and sets made from them, each with the
    /// predefined set it was made from.
    fn sets() -> Vec<(&'static str, EncodeSet, EncodeSet)> {
        let mut all = Vec::new();
        for (name, base) in EncodeSet::PREDEFINED {
            for set in [
                base,
                base.preserving_triplets(),
                base.keeping(b' '),
                base.encoding(b'a'),
                base.space_as_plus(),
                base.keeping(b'a'),
            ] {
                all.push((name, set, base));
            }
        }
        let custom = EncodeSet::new(grammar::DIGIT);
        all.push(("custom", custom, custom));
        all
    }

    #[test]
    fn every_predefined_set_is_known_and_sets_made_from_it_only_when_their_bytes_are_the_same() {
        for (name, set, base) in sets() {
            if name == "custom" {
                assert_eq!(set.known, Known::Custom);
                continue;
            }
            assert_ne!(base.known, Known::Custom, "{name}");
            let same_bytes = set.keep == base.keep;
            assert_eq!(set.known == base.known, same_bytes, "{name}: {set:?}");
        }
    }

    #[test]
    fn a_step_table_for_the_predefined_bytes_and_space_rule_only() {
        for (name, set, base) in sets() {
            let expected = (set.keep == base.keep
                && set.plus == base.plus
                && !set.triplets
                && base.known != Known::Custom)
                .then(|| crate::encode::step_words(&base));
            assert_eq!(set.step_words().copied(), expected, "{name}: {set:?}");
        }
        assert!(EncodeSet::FORM.step_words().is_some());
        // QUERY_COMPONENT's own bytes, but a space written as `+`.
        let plus = EncodeSet::QUERY_COMPONENT.space_as_plus();
        assert_eq!(plus.known, Known::QueryComponent);
        assert!(plus.step_words().is_none());
    }

    #[test]
    fn the_scan_agrees_with_the_table_for_every_byte_at_every_position() {
        for (name, set, _) in sets() {
            for byte in 0..=255u8 {
                for len in [1, 7, 8, 9, 15, 16, 17, 31, 40] {
                    for position in 0..len {
                        // The byte among kept bytes.
                        let mut text = alloc::vec![b'a'; len];
                        text[position] = byte;
                        for from in [0, position, len] {
                            assert_eq!(
                                set.first_not_kept(&text, from),
                                set.first_not_kept_by_table(&text, from),
                                "{name}: {byte:#04x} at {position} of {len}, from {from}"
                            );
                        }
                    }
                }
            }
        }
    }
}
