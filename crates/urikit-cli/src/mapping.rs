//! What `urikit to-uri` and `to-iri` make of one input, with `uri-iri`: the
//! mappings of RFC 3987 §3.1 and §3.2. Printing is
//! [`commands`](crate::commands)' job.

use urikit::iri::{HostMapping, IriCow, ToIriOptions, UriCow, to_iri_with, to_uri_with};

use crate::input::Input;
use crate::problem::Problem;

/// What `urikit to-uri` does to each input: IRI → URI (RFC 3987 §3.1).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ToUri {
    mapping: HostMapping,
}

impl ToUri {
    /// The mapping of §3.1, with a registered name that is not ASCII
    /// percent-encoded as everything else, or with `idna` mapped by UTS #46
    /// `ToASCII` to `xn--` labels.
    pub(crate) fn new(idna: bool) -> Self {
        ToUri {
            mapping: if idna {
                HostMapping::Idna
            } else {
                HostMapping::Percent
            },
        }
    }

    /// The URI reference `input` maps to; borrowed when the input is ASCII
    /// (a URI already).
    ///
    /// # Errors
    ///
    /// [`Problem::InvalidUtf8`] or [`Problem::Parse`] for an input that is
    /// not an IRI reference; with `--idna`, [`Problem::Idna`] for a host
    /// that `ToASCII` refuses.
    pub(crate) fn apply<'a>(&self, input: Input<'a>) -> Result<UriCow<'a>, Problem> {
        to_uri_with(input.parse_iri()?, self.mapping).map_err(Problem::Idna)
    }
}

/// What `urikit to-iri` does to each input: URI → IRI (RFC 3987 §3.2).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ToIri {
    options: ToIriOptions,
}

impl ToIri {
    /// The five steps of §3.2, and with `idna` each `xn--` label of a
    /// registered name turned into Unicode (UTS #46 `ToUnicode`) when it
    /// decodes.
    pub(crate) fn new(idna: bool) -> Self {
        ToIri {
            options: ToIriOptions::new().idna(idna),
        }
    }

    /// The IRI reference `input` maps to; borrowed when nothing changes.
    ///
    /// # Errors
    ///
    /// [`Problem::InvalidUtf8`] or [`Problem::Parse`] for an input that is
    /// not a URI or IRI reference (with `--uri-only`, an IRI that is not
    /// ASCII included).
    pub(crate) fn apply<'a>(&self, input: Input<'a>) -> Result<IriCow<'a>, Problem> {
        // An IRI is mapped to its URI first (RFC 3987 §3.1), then back.
        if let Some(uri) = input.mapped_uri()? {
            let uri =
                urikit::UriReference::parse_with(&uri, crate::settings::get().parse_options())
                    .map_err(Problem::Parse)?;
            return Ok(IriCow::Owned(to_iri_with(uri, self.options).into_owned()));
        }
        Ok(to_iri_with(input.parse()?, self.options))
    }
}

#[cfg(test)]
mod tests {
    use urikit::ParseErrorKind;
    use urikit::iri::IdnaErrorKind;

    use super::*;

    fn to_uri(idna: bool, input: &str) -> Result<String, Problem> {
        ToUri::new(idna)
            .apply(Input::new(input.as_bytes()))
            .map(|u| u.as_str().to_owned())
    }

    fn to_iri(idna: bool, input: &str) -> Result<String, Problem> {
        ToIri::new(idna)
            .apply(Input::new(input.as_bytes()))
            .map(|i| i.as_str().to_owned())
    }

    #[test]
    fn iri_to_uri() {
        assert_eq!(
            to_uri(false, "http://résumé.example.org").unwrap(),
            "http://r%C3%A9sum%C3%A9.example.org"
        );
        assert_eq!(
            to_uri(true, "http://résumé.example.org").unwrap(),
            "http://xn--rsum-bpad.example.org"
        );
        assert_eq!(to_uri(true, "a/b?c").unwrap(), "a/b?c");
        let Err(Problem::Idna(e)) = to_uri(true, "http://ex／ample.com/") else {
            panic!("not an IDNA error");
        };
        assert_eq!((e.kind(), e.index()), (IdnaErrorKind::DisallowedChar, 9));
        // Percent-encoding never fails.
        assert_eq!(
            to_uri(false, "http://ex／ample.com/").unwrap(),
            "http://ex%EF%BC%8Fample.com/"
        );
    }

    #[test]
    fn invalid_iris() {
        let rlo = to_uri(false, "http://a/\u{202E}b").unwrap_err();
        assert_eq!(
            (rlo.kind_name(), rlo.index()),
            (ParseErrorKind::BidiFormattingChar.name(), 9)
        );
        assert_eq!(
            to_uri(false, "http://a b"),
            Err(Problem::Parse(
                urikit::IriReference::parse("http://a b").unwrap_err()
            ))
        );
        assert_eq!(
            ToUri::new(false).apply(Input::new(b"/\xFF")).unwrap_err(),
            Problem::InvalidUtf8 { index: 1 }
        );
    }

    #[test]
    fn uri_to_iri() {
        assert_eq!(
            to_iri(false, "http://www.example.org/D%C3%BCrst").unwrap(),
            "http://www.example.org/Dürst"
        );
        assert_eq!(
            to_iri(false, "http://xn--99zt52a.example.org/").unwrap(),
            "http://xn--99zt52a.example.org/"
        );
        assert_eq!(
            to_iri(true, "http://xn--99zt52a.example.org/%e2%80%ae").unwrap(),
            "http://納豆.example.org/%E2%80%AE"
        );
        // An IRI that is not ASCII is mapped to its URI, then back.
        assert_eq!(to_iri(false, "/ü").unwrap(), "/ü");
        assert_eq!(to_iri(false, "/ü%C3%A7").unwrap(), "/üç");
    }
}
