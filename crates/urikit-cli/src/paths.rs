//! What `urikit file-path` and `file-uri` make of one input, with
//! `uri-schemes`: a file URI to a path of an OS, and a path to its file URI
//! (RFC 8089, Appendices D and E). Printing is
//! [`commands`](crate::commands)' job.

use clap::ValueEnum;
use urikit::schemes::{Os, PathErrorKind, from_path, to_path, to_path_str};
use urikit::{Uri, UriBuf};

use crate::input::Input;
use crate::problem::Problem;

/// An OS by its name on the command line (`--os`): which kind of path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum OsName {
    /// POSIX paths: `/a/b`.
    Posix,
    /// Windows paths: `C:\a\b`, and UNC paths `\\host\share\a`.
    Windows,
}

impl OsName {
    /// The library's kind of path of this name.
    pub(crate) fn os(self) -> Os {
        match self {
            OsName::Posix => Os::Posix,
            OsName::Windows => Os::Windows,
        }
    }
}

/// What `urikit file-path` does to each input: the local path a file URI
/// names.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FilePath {
    os: Os,
}

impl FilePath {
    /// Paths of `os`.
    pub(crate) fn new(os: OsName) -> Self {
        FilePath { os: os.os() }
    }

    /// The path `input`, a file URI, names. A `|` after a drive letter
    /// (`file:///C|/a`, RFC 8089 Appendix E.2.2), which no URI may hold
    /// unencoded, is read as `:`.
    ///
    /// # Errors
    ///
    /// [`Problem::InvalidUtf8`] or [`Problem::Parse`] for an input that is
    /// not a URI or IRI (a relative reference is `MissingScheme`), even with such
    /// a `|` read as `:`; [`Problem::Path`] for a URI that names no path of
    /// the OS.
    pub(crate) fn apply(&self, input: Input<'_>) -> Result<String, Problem> {
        // An IRI names the path its URI names (RFC 3987 §3.1).
        if let Some(uri) = input.mapped_uri()? {
            return self.apply(Input::new(uri.as_bytes()));
        }
        let text = input.text()?;
        match Uri::parse(text) {
            Ok(uri) => to_path(uri, self.os).map_err(Problem::Path),
            // The URI's own error, unless a `|` was all that was wrong.
            Err(parse) => to_path_str(text, self.os).map_err(|e| match e.kind() {
                PathErrorKind::InvalidUri(_) => Problem::Parse(parse),
                _ => Problem::Path(e),
            }),
        }
    }
}

/// What `urikit file-uri` does to each input: the file URI of an absolute
/// path.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FileUri {
    os: Os,
}

impl FileUri {
    /// Paths of `os`.
    pub(crate) fn new(os: OsName) -> Self {
        FileUri { os: os.os() }
    }

    /// The file URI of the path `input`.
    ///
    /// # Errors
    ///
    /// [`Problem::InvalidUtf8`] for a path that is not UTF-8;
    /// [`Problem::Path`] for one no file URI names.
    pub(crate) fn apply(&self, input: Input<'_>) -> Result<UriBuf, Problem> {
        from_path(input.text()?, self.os).map_err(Problem::Path)
    }
}

#[cfg(test)]
mod tests {
    use urikit::ParseErrorKind;

    use super::*;

    fn path(os: OsName, uri: &str) -> Result<String, Problem> {
        FilePath::new(os).apply(Input::new(uri.as_bytes()))
    }

    fn uri(os: OsName, path: &str) -> Result<String, Problem> {
        FileUri::new(os)
            .apply(Input::new(path.as_bytes()))
            .map(|u| u.as_str().to_owned())
    }

    fn kind(problem: Problem) -> (&'static str, usize) {
        (problem.kind_name(), problem.index())
    }

    #[test]
    fn os_names_are_lower_case() {
        let names: Vec<String> = OsName::value_variants()
            .iter()
            .map(|v| v.to_possible_value().unwrap().get_name().to_owned())
            .collect();
        assert_eq!(names, ["posix", "windows"]);
    }

    #[test]
    fn uri_to_path() {
        assert_eq!(path(OsName::Posix, "file:///a%20b/c").unwrap(), "/a b/c");
        assert_eq!(
            path(OsName::Windows, "file:///C:/a%20b/c").unwrap(),
            r"C:\a b\c"
        );
        assert_eq!(path(OsName::Windows, "file:///C|/a").unwrap(), r"C:\a");
        assert_eq!(
            kind(path(OsName::Posix, "file://host/a").unwrap_err()),
            ("NonLocal", 7)
        );
        assert_eq!(
            kind(path(OsName::Posix, "file:///a%2Fb").unwrap_err()),
            ("EncodedSeparator", 9)
        );
    }

    #[test]
    fn inputs_that_are_no_uri() {
        let relative = path(OsName::Posix, "a/b").unwrap_err();
        assert!(
            matches!(relative, Problem::Parse(e) if e.kind() == ParseErrorKind::MissingScheme),
            "{relative:?}"
        );
        assert_eq!(
            kind(path(OsName::Posix, "file:///a b").unwrap_err()),
            ("InvalidPathChar", 9)
        );
        // `|` fixed, and then the URI is still broken: the URI's error.
        assert_eq!(
            kind(path(OsName::Windows, "file:///C|/a b").unwrap_err()),
            ("InvalidPathChar", 9)
        );
        assert_eq!(
            FilePath::new(OsName::Posix)
                .apply(Input::new(b"file:///\xFF"))
                .unwrap_err(),
            Problem::InvalidUtf8 { index: 8 }
        );
    }

    #[test]
    fn path_to_uri() {
        assert_eq!(uri(OsName::Posix, "/a b/c").unwrap(), "file:///a%20b/c");
        assert_eq!(
            uri(OsName::Windows, r"\\host\share\a").unwrap(),
            "file://host/share/a"
        );
        assert_eq!(
            kind(uri(OsName::Posix, "a/b").unwrap_err()),
            ("RelativePath", 0)
        );
        assert_eq!(
            kind(uri(OsName::Windows, r"C:\a\con.txt").unwrap_err()),
            ("ReservedName", 5)
        );
    }
}
