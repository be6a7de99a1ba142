//! The percent codec of `urikit encode` and `urikit decode`: the names of the
//! encode sets on the command line, and what each subcommand makes of one
//! input. Printing is [`commands`](crate::commands)' job.

use std::borrow::Cow;

use clap::ValueEnum;
use urikit::encode::{Decoder, EncodeSet, encode_bytes_to_str};

use crate::input::Input;
use crate::problem::Problem;

/// An encode set by its name on the command line (`--set`): the component
/// the text is encoded for, which decides the bytes kept as they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum SetName {
    /// A userinfo: keeps unreserved characters, sub-delims and `:`.
    Userinfo,
    /// One side of `user:password`: the userinfo set, `:` encoded.
    Username,
    /// A registered name: keeps unreserved characters and sub-delims.
    Host,
    /// A whole path: keeps pchar and `/`.
    Path,
    /// One path segment: keeps pchar, encodes `/`.
    PathSegment,
    /// The first segment of a relative path: also encodes `:`.
    PathSegmentNc,
    /// A whole query: keeps pchar, `/` and `?`.
    Query,
    /// A key or value of a query pair: also encodes `&`, `;`, `=`, `+`.
    QueryComponent,
    /// A fragment: keeps pchar, `/` and `?`.
    Fragment,
    /// Keeps only unreserved characters: safe in any component.
    Unreserved,
    /// Form-urlencoding: keeps alphanumerics and `*-._`, a space as `+`.
    Form,
}

impl SetName {
    /// The library's set of this name.
    pub(crate) fn encode_set(self) -> EncodeSet {
        match self {
            SetName::Userinfo => EncodeSet::USERINFO,
            SetName::Username => EncodeSet::USERNAME,
            SetName::Host => EncodeSet::HOST,
            SetName::Path => EncodeSet::PATH,
            SetName::PathSegment => EncodeSet::PATH_SEGMENT,
            SetName::PathSegmentNc => EncodeSet::PATH_SEGMENT_NC,
            SetName::Query => EncodeSet::QUERY,
            SetName::QueryComponent => EncodeSet::QUERY_COMPONENT,
            SetName::Fragment => EncodeSet::FRAGMENT,
            SetName::Unreserved => EncodeSet::UNRESERVED,
            SetName::Form => EncodeSet::FORM,
        }
    }
}

/// What `urikit encode` does to each input.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Encoding {
    set: EncodeSet,
}

impl Encoding {
    /// Encoding for the set `name`; with `keep_triplets`, valid `%XX`
    /// triplets already in the input are copied, not encoded again.
    pub(crate) fn new(name: SetName, keep_triplets: bool) -> Self {
        let set = name.encode_set();
        Encoding {
            set: if keep_triplets {
                set.preserving_triplets()
            } else {
                set
            },
        }
    }

    /// `input` percent-encoded. Never fails: the bytes of an input that is
    /// not UTF-8 are encoded as they are.
    ///
    /// # Errors
    ///
    /// [`Problem::LineTooLong`] for the start of an over-long line.
    pub(crate) fn apply<'a>(&self, input: Input<'a>) -> Result<Cow<'a, str>, Problem> {
        Ok(encode_bytes_to_str(input.whole()?, &self.set))
    }
}

/// What `urikit decode` does to each input.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Decoding {
    decoder: Decoder,
    lossy: bool,
}

impl Decoding {
    /// Strict decoding to UTF-8 text, or lossy with `lossy`; with `form`,
    /// `+` is read as a space.
    pub(crate) fn new(lossy: bool, form: bool) -> Self {
        Decoding {
            decoder: Decoder::new().plus_as_space(form),
            lossy,
        }
    }

    /// `input` percent-decoded to UTF-8 text.
    ///
    /// Lossy decoding never fails: bad triplets are copied, and bytes that
    /// are not UTF-8, in the input or once decoded, become U+FFFD.
    ///
    /// # Errors
    ///
    /// Strict decoding only: [`Problem::InvalidUtf8`] at the first bad byte
    /// of an input that is not UTF-8; [`Problem::Decode`] for a bad `%`
    /// triplet (at its `%`) or decoded bytes that are not UTF-8 (at the
    /// first input byte of the bad sequence).
    pub(crate) fn apply<'a>(&self, input: Input<'a>) -> Result<Cow<'a, str>, Problem> {
        if !self.lossy {
            return self
                .decoder
                .decode_utf8(input.text()?)
                .map_err(Problem::Decode);
        }
        input.whole()?;
        Ok(match input.lossy() {
            Cow::Borrowed(text) => self.decoder.decode_utf8_lossy(text),
            Cow::Owned(text) => Cow::Owned(self.decoder.decode_utf8_lossy(&text).into_owned()),
        })
    }
}

#[cfg(test)]
mod tests {
    use urikit::encode::DecodeErrorKind;

    use super::*;

    fn encoded(name: SetName, keep_triplets: bool, input: &[u8]) -> String {
        Encoding::new(name, keep_triplets)
            .apply(Input::new(input))
            .unwrap()
            .into_owned()
    }

    fn decoded(lossy: bool, form: bool, input: &[u8]) -> Result<String, Problem> {
        Decoding::new(lossy, form)
            .apply(Input::new(input))
            .map(Cow::into_owned)
    }

    #[test]
    fn set_names_are_kebab_case() {
        let names: Vec<String> = SetName::value_variants()
            .iter()
            .map(|v| v.to_possible_value().unwrap().get_name().to_owned())
            .collect();
        assert_eq!(
            names,
            [
                "userinfo",
                "username",
                "host",
                "path",
                "path-segment",
                "path-segment-nc",
                "query",
                "query-component",
                "fragment",
                "unreserved",
                "form",
            ]
        );
    }

    #[test]
    fn encoding() {
        assert_eq!(encoded(SetName::Path, false, b"/a b/%41"), "/a%20b/%2541");
        assert_eq!(encoded(SetName::Path, true, b"/a b/%41"), "/a%20b/%41");
        assert_eq!(encoded(SetName::Form, false, b"a b+c"), "a+b%2Bc");
        assert_eq!(encoded(SetName::Query, false, b"\xFFa"), "%FFa");
    }

    #[test]
    fn strict_decoding() {
        assert_eq!(decoded(false, false, b"a%20b+c").unwrap(), "a b+c");
        assert_eq!(decoded(false, true, b"a%20b+c").unwrap(), "a b c");
        let problem = decoded(false, false, b"ab%zz").unwrap_err();
        assert!(
            matches!(problem, Problem::Decode(e) if e.kind() == DecodeErrorKind::InvalidPercentEncoding && e.index() == 2),
            "{problem:?}"
        );
        let problem = decoded(false, false, b"a%C3%28").unwrap_err();
        assert!(
            matches!(problem, Problem::Decode(e) if e.kind() == DecodeErrorKind::InvalidUtf8 && e.index() == 1),
            "{problem:?}"
        );
        assert_eq!(
            decoded(false, false, b"a\xFF%41"),
            Err(Problem::InvalidUtf8 { index: 1 })
        );
    }

    #[test]
    fn lossy_decoding_never_fails() {
        assert_eq!(decoded(true, false, b"a%FF%zz%").unwrap(), "a\u{FFFD}%zz%");
        assert_eq!(decoded(true, true, b"a\xFF+%41").unwrap(), "a\u{FFFD} A");
    }
}
