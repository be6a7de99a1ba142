//! The pieces of an equivalence key ([`Registry::equivalence_key`](crate::Registry::equivalence_key),
//! [`Scheme::equivalence_key`](crate::Scheme::equivalence_key)): a field
//! written so that the fields of a key can always be told apart, whatever
//! they hold.

use alloc::string::String;

/// The bytes that separate the fields of a key, and `%`, which escapes
/// them.
const SEPARATORS: &[u8] = b"%|,;=&@{}";

/// Appends `text` to `out` with `%`, each separator of a key (`|`, `,`,
/// `;`, `=`, `&`, `@`, `{`, `}`) and each control character written as
/// `%` and two upper-case hex digits: two texts are equal exactly when
/// what this writes of them is, and what it writes holds no separator.
pub(crate) fn push_field(out: &mut String, text: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for c in text.chars() {
        match u8::try_from(c) {
            Ok(b) if SEPARATORS.contains(&b) || b.is_ascii_control() => {
                out.push('%');
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 0xF)]));
            }
            _ => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_escaped_and_told_apart() {
        let mut out = String::new();
        push_field(&mut out, "a|b,c;d=e&f@g{h}%i\u{7f}é");
        assert_eq!(out, "a%7Cb%2Cc%3Bd%3De%26f%40g%7Bh%7D%25i%7Fé");
    }
}
