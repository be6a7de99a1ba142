//! The percent codec, `urikit::encode`: its predefined sets by name, the
//! decoder that undoes each, and the `pct-encoded` rule read from the
//! grammar.

use urikit::encode::{Decoder, EncodeSet};

/// Every predefined encode set of `urikit::encode`, by its Rust name, in the
/// order the crate declares them.
///
/// # Examples
///
/// ```
/// let (name, set) = urikit_tests::percent::ENCODE_SETS[0];
/// assert_eq!(name, "USERINFO");
/// assert!(set.keeps(b':'));
/// ```
pub const ENCODE_SETS: [(&str, EncodeSet); 11] = EncodeSet::PREDEFINED;

/// The predefined encode set called `name` (its Rust name, as in [`ENCODE_SETS`]).
///
/// # Examples
///
/// ```
/// use urikit::encode::EncodeSet;
///
/// assert_eq!(urikit_tests::percent::encode_set("PATH"), Some(EncodeSet::PATH));
/// assert_eq!(urikit_tests::percent::encode_set("path"), None);
/// ```
pub fn encode_set(name: &str) -> Option<EncodeSet> {
    ENCODE_SETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, set)| set)
}

/// The decoder that undoes an encoding with `set`: it reads `+` as a space
/// exactly when `set` writes a space as `+`.
///
/// # Examples
///
/// ```
/// use urikit::encode::{encode, EncodeSet};
/// use urikit_tests::percent::decoder_for;
///
/// let form = encode("a b", &EncodeSet::FORM);
/// assert_eq!(decoder_for(&EncodeSet::FORM).decode(&form)?, &b"a b"[..]);
/// assert_eq!(decoder_for(&EncodeSet::QUERY).decode("a+b")?, &b"a+b"[..]);
/// # Ok::<(), urikit::encode::DecodeError>(())
/// ```
pub fn decoder_for(set: &EncodeSet) -> Decoder {
    Decoder::new().plus_as_space(set.writes_space_as_plus())
}

/// Whether `input[i..]` starts with a `pct-encoded` triplet: `%` and two hex
/// digits (RFC 3986 §2.1), written here from the grammar, not taken from the
/// crate under test.
///
/// # Examples
///
/// ```
/// use urikit_tests::percent::is_triplet;
///
/// assert!(is_triplet(b"a%2f", 1));
/// assert!(!is_triplet(b"a%2", 1));
/// assert!(!is_triplet(b"%g0", 0));
/// ```
pub fn is_triplet(input: &[u8], i: usize) -> bool {
    input.get(i) == Some(&b'%')
        && input.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && input.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}
