//! file (RFC 8089): the scheme's rules ([`File`]), conversion to and from
//! POSIX and Windows paths ([`to_path`], [`from_path`]), and resolution
//! that keeps a drive letter ([`resolve_with_drive_letters`]).
//!
//! # Grammar
//!
//! ```text
//! file-URI       = file-scheme ":" file-hier-part
//! file-scheme    = "file"
//! file-hier-part = ( "//" auth-path ) / local-path
//! auth-path      = [ file-auth ] path-absolute
//! local-path     = path-absolute
//! file-auth      = "localhost" / host
//! ```
//!
//! See [RFC 8089, section 2](https://www.rfc-editor.org/rfc/rfc8089#section-2).
//! The variations of Appendix E (a userinfo, drive letters, `|` for `:`,
//! UNC strings, backslashes) are not part of that grammar; which of them
//! this module reads, and how, is said where they come up.
//!
//! # Spec notes
//!
//! - **Local.** A file URI is local when it has no authority, an empty
//!   host, or the host `localhost` (§2: "exactly as if no authority were
//!   present"; any case, and percent-encoded letters too, as syntax
//!   normalization would decode them). A host that happens to resolve to
//!   this machine is not local here: that takes a DNS lookup. A UNC
//!   string in the path (`file:////host/share`, Appendix E.3.2) is not
//!   local either, as that appendix says.
//! - **A query is an error.** The grammar of §2 has none (and nothing in
//!   the RFC, Appendix F's collected nonstandard rules included, adds
//!   one); a fragment is not the scheme's business (RFC 3986 §3.5) and is
//!   allowed, and ignored by [`to_path`].
//! - **Dot segments.** [`to_path`] removes `.` and `..` segments, encoded
//!   ones (`%2E%2E`) too, as syntax normalization would (RFC 3986 §6.2.2.3),
//!   so the path it gives never holds one. On POSIX `/..` is `/`, for RFC
//!   3986 and POSIX alike; on Windows a `..` above the drive or the share is
//!   refused, since RFC 3986 would remove the drive letter and Windows would
//!   not (Appendix E.2.1). A path that begins with `//` only once its dot
//!   segments are gone (`file:///.//host/a`) is refused too; RFC 3986's
//!   syntax normalization turns it into `file:////host/a`, a UNC string
//!   (Appendix E.3.2), so whatever [`to_path`] accepts, it reads as it
//!   reads the URI's normal form. [`from_path`] refuses a path that holds a
//!   dot segment: no URI can name it, since every URI with the segment is
//!   equivalent to the one without it, and removing it would change which
//!   file the path names when a directory is a symbolic link.
//! - **Encoded separators.** A `%2F` (and on Windows `%5C`) decodes to a
//!   separator, which would split one segment into two: [`to_path`]
//!   refuses it. `%00` is refused too: no file name holds a NUL, and C
//!   APIs would cut the path there.
//! - **Windows names** are checked as Windows checks them: no `< > : " | ?
//!   *`, no control character, no name ending in `.` or a space (Windows
//!   drops them, so two names would reach one file), no device name (`CON`,
//!   `NUL.txt`, `COM1`, …). A `:` before an NTFS stream name is refused
//!   as well (Appendix E.3.1 allows it; streams are a known way around
//!   access checks).
//! - **Drive letters** keep their case: no conversion changes it, nor
//!   does normalization (`c:` and `C:` differ on POSIX systems).

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use uri_core::writer::Absolute;
use uri_core::{
    Authority, Component, HostKind, ParseErrorKind, TrustedWriter, Uri, UriBuf, UriReference,
    UriSpec,
};
use uri_encode::EncodeSet;

use crate::scheme::scheme_facts;
use crate::scheme::start_of;
use crate::{Fields, Scheme, Violation};

/// The parts of a file URI that its scheme gives meaning to: where the
/// file is (its host, or this machine), its path, and a drive letter.
///
/// `Eq` compares the parts as written.
///
/// # Examples
///
/// ```
/// use uri_schemes::Registry;
///
/// let file = uri_schemes::File::parse(uri_core::Uri::parse("file://host.example.com/path/to/file")?)?;
/// assert_eq!(file.host(), Some("host.example.com"));
/// assert_eq!(file.path(), "/path/to/file");
/// assert!(!file.is_local());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct File {
    written_host: Option<String>,
    host: Option<String>,
    path: String,
    drive: Option<char>,
}

impl File {
    /// The typed entry: checks `uri` by the scheme's rules (the module
    /// docs) and the generic ones, and gives its parts when no violation is
    /// an error (warnings are dropped: [`Registry::check`](crate::Registry::check)
    /// keeps them); else the [`Report`](crate::Report) of what was found
    /// (RFC 8089 §2).
    ///
    /// # Errors
    ///
    /// The report, when a violation is an error or `uri` is of another
    /// scheme (`WrongScheme`).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::File;
    ///
    /// let view = File::parse(Uri::parse("file:///etc/hosts")?)?;
    /// assert_eq!(view.path(), "/etc/hosts");
    /// assert!(File::parse(Uri::parse("file:a?b")?).is_err());
    /// assert!(File::parse(Uri::parse("x:y")?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(uri: Uri<'_>) -> Result<File, crate::Report<'_>> {
        crate::scheme::typed_entry(uri, &FileScheme, &["file"], |fields| match fields {
            Fields::File(f) => Some(f),
            _ => None,
        })
    }
}

impl File {
    /// The host the file is on, as written, or `None` when the file is
    /// local: no authority, an empty host, or `localhost` (RFC 8089 §2:
    /// "localhost" is read "exactly as if no authority were present").
    /// For a UNC string in the path (Appendix E.3.2), the host it names.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::{Fields, Registry};
    ///
    /// let registry = Registry::standard();
    /// let host = |text| match registry.check(uri_core::Uri::parse(text).unwrap()).into_parts().0 {
    ///     Fields::File(file) => file.host().map(str::to_owned),
    ///     _ => None,
    /// };
    /// assert_eq!(host("file://host.example.com/a"), Some("host.example.com".to_owned()));
    /// assert_eq!(host("file:////host.example.com/a"), Some("host.example.com".to_owned()));
    /// assert_eq!(host("file://localhost/a"), None);
    /// assert_eq!(host("file:///a"), None);
    /// assert_eq!(host("file:/a"), None);
    /// ```
    pub fn host(&self) -> Option<&str> {
        self.host.as_deref()
    }

    /// The host of the authority as written: `None` without an authority
    /// (`file:/a`), `Some("")` for an empty one (`file:///a`), and
    /// `Some("localhost")` for `file://localhost/a`, which [`File::host`]
    /// all reads as local.
    ///
    /// # Examples
    ///
    /// ```
    /// let file = uri_schemes::File::parse(uri_core::Uri::parse("file://localhost/etc/hosts")?)?;
    /// assert_eq!(file.host_as_written(), Some("localhost"));
    /// assert_eq!(file.host(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn host_as_written(&self) -> Option<&str> {
        self.written_host.as_deref()
    }

    /// The path, as written (still percent-encoded).
    ///
    /// # Examples
    ///
    /// ```
    /// let file = uri_schemes::File::parse(uri_core::Uri::parse("file:///a%20b/c")?)?;
    /// assert_eq!(file.path(), "/a%20b/c");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Whether the file is on the machine that reads the URI (RFC 8089
    /// §3): `host()` is `None`.
    ///
    /// # Examples
    ///
    /// ```
    /// let file = uri_schemes::File::parse(uri_core::Uri::parse("file:/path/to/file")?)?;
    /// assert!(file.is_local());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_local(&self) -> bool {
        self.host.is_none()
    }

    /// The DOS or Windows drive letter the path begins with, as written,
    /// when a `/` or nothing follows it (RFC 8089 Appendix E.2:
    /// `drive-letter = ALPHA ":"`): `/c:/…`, `c:/…`, and the old `|` for
    /// `:` (Appendix E.2.2, written `%7C` in a valid URI).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::{Fields, Registry};
    ///
    /// let registry = Registry::standard();
    /// let drive = |text| match registry.check(uri_core::Uri::parse(text).unwrap()).into_parts().0 {
    ///     Fields::File(file) => file.drive_letter(),
    ///     _ => None,
    /// };
    /// assert_eq!(drive("file:///c:/path/to/file"), Some('c'));
    /// assert_eq!(drive("file:C:/path/to/file"), Some('C'));
    /// assert_eq!(drive("file:///path/to/file"), None);
    /// ```
    pub const fn drive_letter(&self) -> Option<char> {
        self.drive
    }
}

/// An operating system's kind of file path, for [`to_path`] and
/// [`from_path`]: every platform can convert for both.
///
/// # Examples
///
/// ```
/// use uri_schemes::Os;
///
/// assert_eq!(Os::Windows.separator(), '\\');
/// assert_eq!(Os::Posix.as_str(), "posix");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Os {
    /// POSIX (Linux, macOS, the BSDs): absolute paths begin with `/`
    /// (RFC 8089 Appendix D.1).
    Posix,
    /// Windows and DOS: `C:\a\b` and UNC paths `\\host\share\a` (RFC 8089
    /// Appendices D.2 and E).
    Windows,
}

impl Os {
    /// The kind of path of the platform this code was compiled for.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::Os;
    ///
    /// assert_eq!(Os::native() == Os::Windows, cfg!(windows));
    /// ```
    pub const fn native() -> Os {
        if cfg!(windows) {
            Os::Windows
        } else {
            Os::Posix
        }
    }

    /// `"posix"` or `"windows"`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_schemes::Os::Windows.as_str(), "windows");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Os::Posix => "posix",
            Os::Windows => "windows",
        }
    }

    /// The separator [`to_path`] writes: `/` or `\`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_schemes::Os::Posix.separator(), '/');
    /// ```
    pub const fn separator(self) -> char {
        match self {
            Os::Posix => '/',
            Os::Windows => '\\',
        }
    }
}

/// Why a file URI has no path of an [`Os`], or a path no file URI: the
/// [`PathErrorKind`], and where.
///
/// # Examples
///
/// ```
/// use uri_schemes::{Os, PathErrorKind, to_path};
///
/// let err = to_path(uri_core::Uri::parse("file:///a%2Fb")?, Os::Posix).unwrap_err();
/// assert_eq!(err.kind(), PathErrorKind::EncodedSeparator);
/// assert_eq!(err.index(), 9);
/// assert_eq!(err.to_string(), "a `%2F` (or, on Windows, `%5C`) would decode to a separator at byte 9");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PathError {
    kind: PathErrorKind,
    index: usize,
}

impl PathError {
    const fn new(kind: PathErrorKind, index: usize) -> Self {
        PathError { kind, index }
    }

    /// What is wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::{Os, PathErrorKind, from_path};
    ///
    /// assert_eq!(from_path("a/b", Os::Posix).unwrap_err().kind(), PathErrorKind::RelativePath);
    /// ```
    pub const fn kind(&self) -> PathErrorKind {
        self.kind
    }

    /// Where: a byte offset in the URI ([`to_path`]) or in the path
    /// ([`from_path`]). For a name Windows refuses, the start of the
    /// segment; for a `%2F` or `%00`, its `%`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::{Os, from_path};
    ///
    /// assert_eq!(from_path(r"C:\a\con.txt", Os::Windows).unwrap_err().index(), 5);
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind, self.index)
    }
}

impl core::error::Error for PathError {}

uri_encode::error_kinds! {
    crate = uri_schemes, example = NonLocal;
    /// What is wrong in a [`PathError`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_schemes::PathErrorKind;
    ///
    /// assert_eq!(PathErrorKind::NonLocal.name(), "NonLocal");
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum PathErrorKind {
        /// [`to_path_str`]: the text is not a URI, even with `|` read as `:`
        /// after a drive letter.
        InvalidUri(ParseErrorKind) => "{0}",
        /// The scheme is not `file`.
        NotFile => "the scheme is not `file`",
        /// A query: RFC 8089 §2's grammar has none. `index` is the `?`.
        Query => "a file URI has no query",
        /// A userinfo: §2's `file-auth` is a host only (Appendix E.1 shows the
        /// nonstandard form).
        Userinfo => "a file URI's authority has no userinfo",
        /// A port: §2's `file-auth` has none. `index` is the `:`.
        Port => "a file URI's authority has no port",
        /// [`Os::Posix`]: the file is on another host (RFC 8089 §3: only a
        /// local file URI can be "translated to a local file path").
        NonLocal => "the file is on another host",
        /// [`Os::Windows`]: an IP literal host, which a UNC path cannot hold.
        UnsupportedHost => "a UNC path cannot hold an IP literal host",
        /// [`Os::Windows`]: a host with a character no host name holds (a
        /// space, a control character, `< > : " / \ | ? * [ ]`).
        InvalidHost => "a character no host name holds",
        /// [`from_path`]: a UNC path with no host (`\\\share`).
        MissingHost => "a UNC path with no host",
        /// [`Os::Windows`]: a UNC path with no share name.
        MissingShare => "a UNC path with no share name",
        /// Not an absolute path: `a/b`, `\a` on Windows without a drive,
        /// `C:a` and `C:` (relative to the drive's current directory), an
        /// empty path, `file:a/b`.
        RelativePath => "not an absolute path",
        /// [`Os::Windows`]: a local URI whose path begins with no drive letter
        /// (`file:///a/b`): Windows reads `\a\b` on the current drive.
        NoDrive => "a local Windows path needs a drive letter",
        /// A path beginning with `//` that is no UNC path: POSIX leaves its
        /// meaning to each system, and a URI would read it as a UNC string
        /// (RFC 8089 Appendix E.3.2).
        LeadingDoubleSlash => "a path beginning with `//` that is no UNC path",
        /// `%2F`, or on Windows `%5C`: decoded, it would be a separator and
        /// split one name into two. `index` is the `%`.
        EncodedSeparator => "a `%2F` (or, on Windows, `%5C`) would decode to a separator",
        /// A NUL byte (`%00` in a URI): no file name holds one.
        NulByte => "a NUL byte",
        /// The decoded path is not UTF-8 (RFC 8089 §4 asks for UTF-8; other
        /// encodings need knowledge this crate does not have).
        NotUtf8 => "the decoded path is not UTF-8",
        /// [`Os::Windows`]: a name holding `< > : " | ? *` or a control
        /// character. `index` is the start of the name.
        ReservedChar => "a character Windows does not allow in a name",
        /// [`Os::Windows`]: a device name (`CON`, `NUL.txt`, `COM1`, `LPT¹`…)
        /// or a name ending in `.` or a space. `index` is the start of the
        /// name.
        ReservedName => "a name Windows reserves (a device name, or one ending in `.` or a space)",
        /// [`from_path`]: a `.` or `..` segment, which no URI can hold (they
        /// are removed in resolution and normalization, RFC 3986 §5.2.4).
        /// [`to_path`] for Windows: a `..` that would climb above the drive
        /// or the share, which RFC 3986 would remove and Windows would keep.
        DotSegment => "a `.` or `..` segment, which no URI can hold",
        /// [`Os::Windows`]: a Win32 namespace path (`\\?\`, `\\.\`), which
        /// RFC 8089 Appendix C leaves out; for [`to_path`], a UNC host `.` or
        /// `?`, which would make one.
        Namespace => "a Win32 namespace path (`\\\\?\\`, `\\\\.\\`)",
    }
}

/// `file` (RFC 8089).
#[derive(Debug, Clone, Copy)]
pub(crate) struct FileScheme;

impl FileScheme {
    /// The rules of [`Scheme::check`] (RFC 8089 §2, Appendix E), pushed
    /// to `found`; the parts the fields are made of, borrowed from `uri`.
    fn rules<'a>(&self, uri: Uri<'a>, found: &mut Vec<Violation>) -> FileParts<'a> {
        let at = |component| start_of(uri, component);
        let path = uri.path();
        let path_at = at(Component::Path);
        let mut written_host = None;
        let mut host = None;
        if let Some(authority) = uri.authority() {
            if authority.userinfo().is_some() {
                found.push(Violation::error(
                    "UserinfoNotAllowed",
                    at(Component::Userinfo),
                    "RFC 8089 §2",
                    "a file URI's authority is a host only (a userinfo is the nonstandard form of Appendix E.1)",
                ));
            }
            if authority.port().is_some() {
                found.push(Violation::error(
                    "PortNotAllowed",
                    at(Component::Port) - 1,
                    "RFC 8089 §2",
                    "a file URI's authority has no port",
                ));
            }
            let h = authority.host_str();
            written_host = Some(h);
            if !h.is_empty() && !is_localhost(h) {
                host = Some(h);
            }
        }
        let mut drive = None;
        if path.is_empty() {
            found.push(Violation::error(
                "MissingPath",
                path_at,
                "RFC 8089 §2",
                "a file URI's path is absolute (`path-absolute`): at least `/`",
            ));
        } else if path.starts_with("//") {
            // Only after an authority: without one, `//` starts it.
            let unc = match written_host {
                Some("") => unc_path(path).filter(|unc| unc.rest.starts_with('/')),
                _ => None,
            };
            match unc {
                Some(unc) => {
                    found.push(Violation::warning(
                        "UncPath",
                        path_at,
                        "RFC 8089 Appendix E.3.2",
                        "a UNC string in the path: a nonstandard form, and a non-local file",
                    ));
                    host = Some(unc.host);
                }
                None => found.push(Violation::error(
                    "EmptyFirstSegment",
                    path_at,
                    "RFC 8089 §2",
                    "the path begins with `//`, which `path-absolute` does not allow, and is no UNC string (Appendix E.3.2)",
                )),
            }
        } else {
            let rooted = path.starts_with('/');
            match drive_letter(path) {
                Some((letter, end)) if path[end..].starts_with('/') => {
                    drive = Some(letter);
                    if !rooted {
                        found.push(Violation::warning(
                            "RootlessDriveLetter",
                            path_at,
                            "RFC 8089 Appendix E.2",
                            "a drive letter without `/` before it is a nonstandard form; `file:///c:/…` is the standard one",
                        ));
                    }
                }
                Some((_, end)) if rooted => found.push(Violation::warning(
                    "DriveRelative",
                    path_at + end,
                    "RFC 8089 Appendix E.2.1",
                    "a drive letter without `/` after it names a path relative to the drive's current directory",
                )),
                _ if !rooted => found.push(Violation::error(
                    "RelativePath",
                    path_at,
                    "RFC 8089 §2",
                    "the path does not begin with `/` (`local-path = path-absolute`)",
                )),
                _ => {}
            }
        }
        encoded_warnings(path, path_at, found);
        crate::scheme::no_query(
            uri,
            "RFC 8089 §2",
            "a file URI has no query (`file-URI = file-scheme \":\" file-hier-part`)",
            found,
        );
        FileParts {
            written_host,
            host,
            drive,
        }
    }
}

impl FileScheme {
    /// Whether `uri` (a file URI) breaks none of [`FileScheme::rules`] and
    /// the generic checks, decided from the parse's spans and one scan of
    /// the path for `%` (sixteen bytes a step): no userinfo, no port, no
    /// query (RFC 8089 §2), a path that begins with one `/` and no drive
    /// letter (Appendix E.2), no triplet (§5), at most 2,048 bytes (RFC
    /// 9110 §4.1). `false` when it breaks one, or when it may hold a
    /// nonstandard form that only the rules themselves can tell apart
    /// (`/c:/…`, a triplet): the caller then runs them, which give the
    /// same answer (the test `file_held_as_it_is_or_boxed_the_same`).
    #[inline]
    pub(crate) fn breaks_none(uri: Uri<'_>) -> bool {
        if uri.as_str().len() > crate::generic::LENGTH_WARNING || uri.query().is_some() {
            return false;
        }
        if let Some(authority) = uri.authority() {
            if authority.span(Component::Userinfo).is_some()
                || authority.span(Component::Port).is_some()
            {
                return false;
            }
        }
        let path = uri.path();
        path.starts_with('/')
            && !path.starts_with("//")
            && drive_letter(path).is_none()
            && NOT_PERCENT.span(path.as_bytes()) == path.len()
    }

    /// [`FileScheme::breaks_none`], with what its look at the host and
    /// its scan of the path found: `Some` when `breaks_none` is `true` and
    /// the host is empty, an IP address or a DNS name of at most 63 bytes
    /// (the look [`HttpScheme`](crate::http) takes at its host). The path
    /// is scanned thirty-two bytes a step (`path_facts`) for `%` (which
    /// sends it to the rules), for `:` and `|` (what a Windows drive letter
    /// is written with, RFC 8089 Appendix E.2) and for an empty segment
    /// (`//`), and on from each one found until a `%` or the end.
    #[inline]
    pub(crate) fn proves_clean(uri: Uri<'_>) -> Option<crate::Clean> {
        if uri.as_str().len() > crate::generic::LENGTH_WARNING || uri.query().is_some() {
            return None;
        }
        let text = uri.as_str().as_bytes();
        let (xn_label, numeric_last_label) = match uri.authority() {
            Some(authority) => {
                if authority.span(Component::Userinfo).is_some()
                    || authority.span(Component::Port).is_some()
                {
                    return None;
                }
                let host = authority.host_span();
                match authority.host_kind() {
                    HostKind::Ipv4 | HostKind::Ipv6 => (false, false),
                    HostKind::IpvFuture => return None,
                    HostKind::RegName if host.is_empty() => (false, false),
                    HostKind::RegName => {
                        let masks = crate::generic::short_dns_masks(text, host.start, host.end)?;
                        let name = text.get(host).unwrap_or_default();
                        (masks.xn_label(name), masks.numeric_last_label(name))
                    }
                }
            }
            None => (false, false),
        };
        let path = uri.path();
        if !path.starts_with('/') {
            return None;
        }
        // A drive letter needs a `:` or `|` (or a `%`, which is refused
        // already), and a path starting `//` has an empty segment: looked
        // for only in a path that holds one of them.
        let colon_or_empty_segment = path_facts(path)?;
        if colon_or_empty_segment && (path.starts_with("//") || drive_letter(path).is_some()) {
            return None;
        }
        Some(crate::Clean::File {
            colon_or_empty_segment,
            xn_label,
            numeric_last_label,
        })
    }
}

/// Whether `path` holds a `:` or `|`, or an empty segment (`//`); `None`
/// when it holds a `%`. One scan, thirty-two bytes a step (byte by byte
/// for a path shorter than sixteen), for the first of `%`, `:`, `|` and
/// `//` (most paths have none of them), and on from each one found until
/// a `%` or the end.
#[inline(never)]
fn path_facts(path: &str) -> Option<bool> {
    let bytes = path.as_bytes();
    let mut found = false;
    let mut from = NOT_PERCENT_DRIVE.first_outside_or_repeat(bytes, 0, b'/');
    while let Some(&b) = bytes.get(from) {
        if b == b'%' {
            return None;
        }
        found = true;
        from = NOT_PERCENT_DRIVE.first_outside_or_repeat(bytes, from + 1, b'/');
    }
    Some(found)
}

/// Every byte but `%`, `:` and `|`, to find them in a path.
const NOT_PERCENT_DRIVE: uri_encode::grammar::Scanner = uri_encode::grammar::Scanner::new(
    &uri_encode::grammar::CharClass::range(0, 0xFF)
        .without(b'%')
        .without(b':')
        .without(b'|'),
);

/// What [`FileScheme::rules`] finds for the fields of a [`File`].
struct FileParts<'a> {
    written_host: Option<&'a str>,
    host: Option<&'a str>,
    drive: Option<char>,
}

impl Scheme for FileScheme {
    scheme_facts! { name = "file"; kind = Locator; }

    /// A `..` that would climb above a drive letter is kept, with every
    /// other dot segment (RFC 8089 Appendix E.2.1: RFC 3986 §5.2.4 would
    /// remove the drive with it, Windows would not). A drive letter
    /// written as a triplet (`%65:`) counts: normalization decodes it
    /// (RFC 3986 §6.2.2.2), so `file:%65:/../a` and `file:e:/../a` keep
    /// their dot segments alike and have one normal form.
    fn keeps_dot_segments(&self, uri: Uri<'_>) -> bool {
        let path = uri.path();
        climbs_above_drive(path) || letter_decoded(path).is_some_and(|p| climbs_above_drive(&p))
    }

    /// RFC 8089 §2: `file-hier-part = ( "//" auth-path ) / local-path`,
    /// `auth-path = [ file-auth ] path-absolute`, `local-path =
    /// path-absolute`, `file-auth = "localhost" / host`. Errors: a
    /// userinfo or a port in the authority, a query, a path that is not
    /// `path-absolute`. Warnings: the nonstandard forms of Appendix E this
    /// crate reads (a drive letter with no `/` before it, E.2; a UNC string
    /// in the path, E.3.2), a drive-relative path (E.2.1), and `%2F`,
    /// `%5C` or `%00` in the path (§5: file systems give "/" and "\" a
    /// meaning, and no name holds a NUL).
    fn check<'a>(&self, uri: Uri<'a>) -> (Fields<'a>, Vec<Violation>) {
        let mut found = Vec::new();
        let parts = self.rules(uri, &mut found);
        let fields = Fields::File(File {
            written_host: parts.written_host.map(str::to_string),
            host: parts.host.map(str::to_string),
            path: uri.path().to_string(),
            drive: parts.drive,
        });
        (fields, found)
    }

    /// [`check`](Scheme::check)'s rules, without the fields (no
    /// allocation for a URI that breaks none).
    fn validate(&self, uri: Uri<'_>) -> Vec<Violation> {
        let mut found = Vec::new();
        self.rules(uri, &mut found);
        found
    }

    /// RFC 8089 §2: `localhost` is read "exactly as if no authority were
    /// present", and either form may be written; the normal form is the
    /// one Appendix B calls the most common, an empty authority:
    /// `file://localhost/a` and `file:/a` become `file:///a` (but not
    /// `file:/.//host/a`, which would become a UNC string, Appendix
    /// E.3.2). An empty port is dropped (RFC 3986 §6.2.3); nothing else
    /// changes (drive letters keep their case).
    fn normalize(&self, uri: &mut UriBuf) {
        crate::generic::drop_default_port(uri, None);
        let local = match uri.authority() {
            // `//host/a` after `localhost` is no UNC string; after an empty
            // authority it would be one.
            Some(authority) => {
                authority.as_str().eq_ignore_ascii_case("localhost")
                    && !uri.path().starts_with("//")
            }
            // `/.//host/a` would become the UNC string of Appendix E.3.2
            // after an authority: a local file would turn non-local.
            None => uri.path().starts_with('/') && !uri.path().starts_with("/.//"),
        };
        if local {
            *uri = with_empty_authority(uri.as_uri());
        }
    }
}

/// This module's entry in [`Registry::standard`](crate::Registry::standard).
pub(crate) const SCHEMES: &[crate::registry::Builtin] =
    &[crate::registry::Builtin::Other(&FileScheme)];

/// `uri` with an empty authority in place of its own (or none), the rest
/// kept; its path must be empty or begin with `/`.
fn with_empty_authority(uri: Uri<'_>) -> UriBuf {
    // Each piece is `uri`'s: the trusted writer's rule.
    let mut w = TrustedWriter::<UriSpec, Absolute>::with_capacity(uri.as_str().len() + 2);
    w.scheme(uri.scheme());
    w.start_authority();
    w.end_host();
    let path = uri.path();
    w.push_str(path);
    if let Some(query) = uri.query() {
        w.start_query();
        w.push_str(query);
    }
    if let Some(fragment) = uri.fragment() {
        w.start_fragment();
        w.push_str(fragment);
    }
    w.finish()
}

/// Whether `host` is `localhost` in any case, percent-encoded letters
/// decoded (as syntax normalization decodes them).
fn is_localhost(host: &str) -> bool {
    match host.len() {
        // Nine bytes: no triplet in it can decode to nine.
        9 => host.eq_ignore_ascii_case("localhost"),
        // Longer: only triplets make it nine bytes once decoded.
        10..=27 if host.as_bytes().contains(&b'%') => {
            uri_encode::decode_lossy(host).eq_ignore_ascii_case(b"localhost")
        }
        _ => false,
    }
}

/// Every byte but `%`: a path spanned by it has no triplet.
const NOT_PERCENT: uri_encode::grammar::Scanner = uri_encode::grammar::Scanner::new(
    &uri_encode::grammar::CharClass::range(0, 0xFF).without(b'%'),
);

/// The warnings for `%2F`, `%5C` and `%00` in `path` (the first of each).
fn encoded_warnings(path: &str, path_at: usize, found: &mut Vec<Violation>) {
    // Most paths have no triplet: one scan, sixteen bytes a step.
    if NOT_PERCENT.span(path.as_bytes()) == path.len() {
        return;
    }
    let (mut separator, mut nul) = (false, false);
    for (i, triplet) in uri_encode::decoded_bytes(path).triplets() {
        match triplet {
            b'/' | b'\\' if !separator => {
                separator = true;
                found.push(Violation::warning(
                    "EncodedSeparator",
                    path_at + i,
                    "RFC 8089 §5",
                    "an encoded `/` or `\\` in the path: decoded, it would split a name in two",
                ));
            }
            0 if !nul => {
                nul = true;
                found.push(Violation::warning(
                    "EncodedNul",
                    path_at + i,
                    "RFC 8089 §5",
                    "`%00` in the path: no file name holds a NUL",
                ));
            }
            _ => {}
        }
    }
}

/// The drive letter `path` begins with (RFC 8089 Appendix E.2, E.2.2):
/// an optional `/`, a letter, then `:`, `|` or `%7C`; with the offset
/// after that marker. What follows is the caller's to look at.
fn drive_letter(path: &str) -> Option<(char, usize)> {
    let bytes = path.as_bytes();
    let start = usize::from(bytes.first() == Some(&b'/'));
    let letter = *bytes.get(start)?;
    if !letter.is_ascii_alphabetic() {
        return None;
    }
    let after = &bytes[start + 1..];
    let marker = match after.first() {
        Some(b':' | b'|') => 1,
        _ if after
            .get(..3)
            .is_some_and(|t| t.eq_ignore_ascii_case(b"%7C")) =>
        {
            3
        }
        _ => return None,
    };
    Some((char::from(letter), start + 1 + marker))
}

/// `path` with its first character (after an optional `/`) decoded when
/// it is a triplet of an ASCII letter (`/%65:/a` → `/e:/a`), else `None`.
fn letter_decoded(path: &str) -> Option<String> {
    let start = usize::from(path.starts_with('/'));
    let bytes = path.as_bytes();
    let letter = uri_encode::triplet_at(bytes, start)?;
    if !letter.is_ascii_alphabetic() {
        return None;
    }
    let mut out = String::with_capacity(path.len());
    out.push_str(&path[..start]);
    out.push(char::from(letter));
    out.push_str(&path[start + 3..]);
    Some(out)
}

/// Whether `path` begins with a drive letter (Appendix E.2) and a `..`
/// after it (`%2E%2E` too) would climb above it: more `..` than names
/// before them, counting from the drive.
fn climbs_above_drive(path: &str) -> bool {
    let Some(end) = drive_root(path) else {
        return false;
    };
    let mut depth = 0usize;
    // `path[end..]` is empty or begins with `/`: the first piece is empty.
    for segment in path[end..].split('/').skip(1) {
        match count_dot_units(segment) {
            // `..`: up one, or above the drive.
            2 => match depth.checked_sub(1) {
                Some(up) => depth = up,
                None => return true,
            },
            // `.`: stays.
            1 => {}
            // A name (an empty one too, as RFC 3986 §5.2.4 counts it).
            _ => depth += 1,
        }
    }
    false
}

/// How many dots `segment` is when it is only dots, written as `.` or
/// `%2E` (any case); 0 otherwise.
fn count_dot_units(segment: &str) -> usize {
    let mut rest = segment.as_bytes();
    let mut count = 0;
    while !rest.is_empty() {
        if rest[0] == b'.' {
            rest = &rest[1..];
        } else if rest.len() >= 3 && rest[..3].eq_ignore_ascii_case(b"%2E") {
            rest = &rest[3..];
        } else {
            return 0;
        }
        count += 1;
    }
    count
}

/// Where a drive letter that `path` begins with ends, when a `/` or
/// nothing follows it: the part of the path `..` never removes.
fn drive_root(path: &str) -> Option<usize> {
    drive_letter(path)
        .map(|(_, end)| end)
        .filter(|&end| path[end..].is_empty() || path[end..].starts_with('/'))
}

/// A UNC string in a path (RFC 8089 Appendix E.3.2): `unc-authority =
/// 2*3"/" file-host`.
struct UncPath<'a> {
    host: &'a str,
    /// The host's offset in the path.
    host_at: usize,
    /// What follows the host: empty, or beginning with `/`.
    rest: &'a str,
}

/// The UNC string `path` begins with, if it does.
fn unc_path(path: &str) -> Option<UncPath<'_>> {
    let slashes = path.bytes().take_while(|&b| b == b'/').count();
    if !(2..=3).contains(&slashes) {
        return None;
    }
    let after = &path[slashes..];
    let end = after.find('/').unwrap_or(after.len());
    let host = &after[..end];
    is_file_host(host).then_some(UncPath {
        host,
        host_at: slashes,
        rest: &after[end..],
    })
}

/// `file-host = inline-IP / IPv4address / reg-name`, `inline-IP = "%5B"
/// ( IPv6address / IPvFuture ) "%5D"`, for text that is already a path
/// segment: a reg-name is a segment without `:` or `@`.
fn is_file_host(host: &str) -> bool {
    let bytes = host.as_bytes();
    let inline_ip = bytes.len() > 6
        && bytes[..3].eq_ignore_ascii_case(b"%5B")
        && bytes[bytes.len() - 3..].eq_ignore_ascii_case(b"%5D");
    if inline_ip {
        return !bytes[3..bytes.len() - 3].contains(&b'@');
    }
    !bytes.is_empty() && !bytes.iter().any(|b| matches!(b, b':' | b'@'))
}

/// The local path a file URI names, for `os`.
///
/// The URI must be a local file URI (no host, an empty one, or
/// `localhost`; RFC 8089 §3: only a local one "can be dependably
/// dereferenced or translated to a local file path"), except on Windows,
/// where a host gives a UNC path: `file://host/share/a` (Appendix E.3.1)
/// and `file:////host/share/a` (E.3.2) give `\\host\share\a`. The path is
/// percent-decoded as UTF-8 (§4), and its dot segments removed, never
/// above the root, the drive or the share. The fragment is ignored.
///
/// - [`Os::Posix`]: `file:///a/b` → `/a/b`. A drive letter is a name
///   like any other.
/// - [`Os::Windows`]: `file:///C:/a/b` → `C:\a\b`; also `file:C:/a`
///   (E.2) and `file:///C%7C/a` (E.2.2, the `|` encoded; see
///   [`to_path_str`] for a literal one). Drive letters keep their case.
///
/// # Errors
///
/// A [`PathError`] whose index is a byte offset in the URI, when the
/// URI is no file URI, has a query, a userinfo or a port; when its path
/// is not absolute (or, on Windows, has no drive letter and no host); when
/// a segment decodes to a separator (`%2F`, and on Windows `%5C`), to a NUL,
/// or to something other than UTF-8; on POSIX, when the file is on another
/// host; on Windows, when a name is one Windows refuses or reserves.
///
/// # Examples
///
/// ```
/// use uri_core::Uri;
/// use uri_schemes::{Os, PathErrorKind, to_path};
///
/// assert_eq!(to_path(Uri::parse("file:///home/me/a%20b.txt")?, Os::Posix)?, "/home/me/a b.txt");
/// assert_eq!(to_path(Uri::parse("file://localhost/etc/../etc/hosts")?, Os::Posix)?, "/etc/hosts");
/// assert_eq!(to_path(Uri::parse("file:///C:/Program%20Files/a")?, Os::Windows)?, r"C:\Program Files\a");
/// assert_eq!(to_path(Uri::parse("file://server/share/a.txt")?, Os::Windows)?, r"\\server\share\a.txt");
///
/// let hostile = Uri::parse("file:///srv/www/..%2F..%2Fetc/passwd")?;
/// assert_eq!(to_path(hostile, Os::Posix).unwrap_err().kind(), PathErrorKind::EncodedSeparator);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_path(uri: Uri<'_>, os: Os) -> Result<String, PathError> {
    let at = |component| start_of(uri, component);
    if !uri.scheme().eq_ignore_ascii_case("file") {
        return Err(PathError::new(PathErrorKind::NotFile, 0));
    }
    if let Some(mark) = crate::scheme::query_mark(uri) {
        return Err(PathError::new(PathErrorKind::Query, mark));
    }
    let authority = uri.authority();
    let mut remote = None;
    if let Some(authority) = authority {
        if authority.userinfo().is_some() {
            return Err(PathError::new(
                PathErrorKind::Userinfo,
                at(Component::Userinfo),
            ));
        }
        if authority.port().is_some() {
            return Err(PathError::new(PathErrorKind::Port, at(Component::Port) - 1));
        }
        let host = authority.host_str();
        if !host.is_empty() && !is_localhost(host) {
            remote = Some(authority);
        }
    }
    let path = uri.path();
    let path_at = at(Component::Path);
    // A UNC string in the path: only after an empty authority.
    let unc = match authority {
        Some(a) if a.host_str().is_empty() => unc_path(path),
        _ => None,
    };
    match os {
        Os::Posix => {
            if remote.is_some() {
                return Err(PathError::new(PathErrorKind::NonLocal, at(Component::Host)));
            }
            if let Some(unc) = unc {
                return Err(PathError::new(
                    PathErrorKind::NonLocal,
                    path_at + unc.host_at,
                ));
            }
            if path.starts_with("//") {
                return Err(PathError::new(PathErrorKind::LeadingDoubleSlash, path_at));
            }
            let Some(rest) = path.strip_prefix('/') else {
                return Err(PathError::new(PathErrorKind::RelativePath, path_at));
            };
            let mut out = String::with_capacity(path.len());
            push_segments(rest, path_at + 1, Os::Posix, &mut out)?;
            if out.starts_with("//") {
                // `/.//x` and `/a/..//x` are `//x` once their dot segments
                // are removed.
                return Err(PathError::new(PathErrorKind::LeadingDoubleSlash, path_at));
            }
            Ok(out)
        }
        Os::Windows => {
            if let Some(authority) = remote {
                let host = authority.host_str();
                if matches!(authority.host_kind(), HostKind::Ipv6 | HostKind::IpvFuture) {
                    return Err(PathError::new(
                        PathErrorKind::UnsupportedHost,
                        at(Component::Host),
                    ));
                }
                return unc_to_path(host, at(Component::Host), path, path_at);
            }
            if let Some(unc) = unc {
                let at = path_at + unc.host_at;
                let rest_at = at + unc.host.len();
                return unc_to_path(unc.host, at, unc.rest, rest_at);
            }
            if path.starts_with("//") {
                return Err(PathError::new(PathErrorKind::LeadingDoubleSlash, path_at));
            }
            let Some((letter, end)) = drive_letter(path) else {
                let kind = if path.starts_with('/') {
                    PathErrorKind::NoDrive
                } else {
                    PathErrorKind::RelativePath
                };
                return Err(PathError::new(kind, path_at));
            };
            let Some(rest) = path[end..].strip_prefix('/') else {
                // `C:` or `C:a`: relative to the drive's current directory.
                return Err(PathError::new(PathErrorKind::RelativePath, path_at));
            };
            let mut out = String::with_capacity(path.len() + 2);
            out.push(letter);
            out.push(':');
            push_segments(rest, path_at + end + 1, Os::Windows, &mut out)?;
            Ok(out)
        }
    }
}

/// The UNC path `\\host\share\…` of a host (as written in the URI, at
/// `host_at`) and a path `/share/…` (at `path_at`).
fn unc_to_path(
    host: &str,
    host_at: usize,
    path: &str,
    path_at: usize,
) -> Result<String, PathError> {
    let host = decode_name(host, host_at, Os::Windows)?;
    check_windows_host(&host, host_at)?;
    let (share_path, share_at) = match path.strip_prefix('/') {
        Some(share_path) => (share_path, path_at + 1),
        None => ("", path_at),
    };
    let (share, rest) = match share_path.split_once('/') {
        Some((share, rest)) => (share, Some(rest)),
        None => (share_path, None),
    };
    let share_name = decode_name(share, share_at, Os::Windows)?;
    if share_name.is_empty() {
        return Err(PathError::new(PathErrorKind::MissingShare, share_at));
    }
    if share_name == "." || share_name == ".." {
        return Err(PathError::new(PathErrorKind::DotSegment, share_at));
    }
    check_windows_name(&share_name, share_at)?;
    let mut out = String::with_capacity(path.len() + host.len() + 3);
    out.push_str("\\\\");
    out.push_str(&host);
    out.push('\\');
    out.push_str(&share_name);
    if let Some(rest) = rest {
        push_segments(rest, share_at + share.len() + 1, Os::Windows, &mut out)?;
    }
    Ok(out)
}

/// Appends the segments of `rest` (the path after its root `/`, at
/// `at` in the URI), each decoded and after a separator, with `.` and
/// `..` segments (decoded) removed as RFC 3986 §5.2.4 removes them, never
/// removing what `out` held before.
fn push_segments(rest: &str, mut at: usize, os: Os, out: &mut String) -> Result<(), PathError> {
    let separator = os.separator();
    // Where each segment kept so far begins (at its separator).
    let mut starts: Vec<usize> = Vec::new();
    let mut segments = rest.split('/').peekable();
    while let Some(raw) = segments.next() {
        let last = segments.peek().is_none();
        let name = decode_name(raw, at, os)?;
        match &*name {
            "." | ".." => {
                if name == ".." {
                    match starts.pop() {
                        Some(start) => out.truncate(start),
                        // Above the drive or the share: RFC 3986 would
                        // remove the drive letter or the share, Windows
                        // would not (RFC 8089 Appendix E.2.1).
                        None if os == Os::Windows => {
                            return Err(PathError::new(PathErrorKind::DotSegment, at));
                        }
                        // Above the root: `/..` is `/` for both.
                        None => {}
                    }
                }
                if last {
                    // `a/b/..` is the directory `a/`.
                    starts.push(out.len());
                    out.push(separator);
                }
            }
            name => {
                if os == Os::Windows {
                    check_windows_name(name, at)?;
                }
                starts.push(out.len());
                out.push(separator);
                out.push_str(name);
            }
        }
        at += raw.len() + 1;
    }
    Ok(())
}

/// `raw` (at `at` in the URI) percent-decoded as UTF-8, refusing a decoded
/// separator or NUL.
fn decode_name(raw: &str, at: usize, os: Os) -> Result<Cow<'_, str>, PathError> {
    if !raw.contains('%') {
        // Text of a parsed URI holds no `/`, `\` or NUL but encoded.
        return Ok(Cow::Borrowed(raw));
    }
    for (i, b) in uri_encode::decoded_bytes(raw).triplets() {
        if b == b'/' || (b == b'\\' && os == Os::Windows) {
            return Err(PathError::new(PathErrorKind::EncodedSeparator, at + i));
        }
        if b == 0 {
            return Err(PathError::new(PathErrorKind::NulByte, at + i));
        }
    }
    uri_encode::decode_utf8(raw).map_err(|_| PathError::new(PathErrorKind::NotUtf8, at))
}

/// Refuses a Windows file name (already decoded, at `at`) that Windows
/// does not allow or reserves. Empty names pass (`C:\a\\b`).
fn check_windows_name(name: &str, at: usize) -> Result<(), PathError> {
    for b in name.bytes() {
        if b == 0 {
            return Err(PathError::new(PathErrorKind::NulByte, at));
        }
        if b == b'/' || b == b'\\' {
            return Err(PathError::new(PathErrorKind::EncodedSeparator, at));
        }
        if b < 0x20 || matches!(b, b'<' | b'>' | b':' | b'"' | b'|' | b'?' | b'*') {
            return Err(PathError::new(PathErrorKind::ReservedChar, at));
        }
    }
    if name.ends_with(['.', ' ']) || is_device_name(name) {
        return Err(PathError::new(PathErrorKind::ReservedName, at));
    }
    Ok(())
}

/// Whether Windows reads `name` as a device: `CON`, `PRN`, `AUX`, `NUL`,
/// `COM0`–`COM9`, `LPT0`–`LPT9` (and `¹`, `²`, `³` for the digit),
/// `CONIN$`, `CONOUT$`, in any case, alone or before an extension
/// (`nul.txt`), trailing spaces ignored.
fn is_device_name(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or(name).trim_end_matches(' ');
    let upper = |s: &str, t: &str| s.eq_ignore_ascii_case(t);
    if ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
        .iter()
        .any(|d| upper(stem, d))
    {
        return true;
    }
    let (Some(prefix), Some(digit)) = (stem.get(..3), stem.get(3..)) else {
        return false;
    };
    (upper(prefix, "COM") || upper(prefix, "LPT"))
        && (matches!(digit.as_bytes(), [b'0'..=b'9']) || matches!(digit, "¹" | "²" | "³"))
}

/// Refuses a UNC host (decoded, at `at`) that no host name is.
fn check_windows_host(host: &str, at: usize) -> Result<(), PathError> {
    if host.is_empty() {
        return Err(PathError::new(PathErrorKind::MissingHost, at));
    }
    if host.starts_with('[') {
        return Err(PathError::new(PathErrorKind::UnsupportedHost, at));
    }
    if host == "." || host == "?" {
        // `\\.\` and `\\?\` begin Win32 namespace paths.
        return Err(PathError::new(PathErrorKind::Namespace, at));
    }
    if host == ".." {
        return Err(PathError::new(PathErrorKind::DotSegment, at));
    }
    if host.bytes().any(|b| b == 0) {
        return Err(PathError::new(PathErrorKind::NulByte, at));
    }
    if host.bytes().any(|b| {
        b <= b' '
            || b == 0x7F
            || matches!(
                b,
                b'<' | b'>' | b':' | b'"' | b'/' | b'\\' | b'|' | b'?' | b'*' | b'[' | b']'
            )
    }) {
        return Err(PathError::new(PathErrorKind::InvalidHost, at));
    }
    Ok(())
}

/// [`to_path`] of a text that need not be a valid URI in one way: the
/// vertical line of old URIs in place of a drive letter's colon (RFC 8089
/// Appendix E.2.2: `file:///c|/path/to/file`, `file:/c|/path/to/file`,
/// `file:c|/path/to/file`), which RFC 3986 does not allow; it is read as
/// `:`, as that appendix says to update such a URI.
///
/// # Errors
///
/// [`PathErrorKind::InvalidUri`] when the text is no URI even so (with
/// the parse error's index), and the errors of [`to_path`].
///
/// # Examples
///
/// ```
/// use uri_schemes::{Os, to_path_str};
///
/// assert_eq!(to_path_str("file:///c|/path/to/file", Os::Windows)?, r"c:\path\to\file");
/// assert_eq!(to_path_str("file:c|/path/to/file", Os::Windows)?, r"c:\path\to\file");
/// assert!(to_path_str("file:///a|b", Os::Windows).is_err());
/// assert!(to_path_str("file:///a|b", Os::Posix).is_err());
/// // The path ends before a query: the `|` is the drive letter's, and the
/// // error is about the query.
/// let query = to_path_str("file:///c|?x", Os::Posix).map_err(|e| (e.kind(), e.index()));
/// assert_eq!(query, Err((uri_schemes::PathErrorKind::Query, 10)));
/// # Ok::<(), uri_schemes::PathError>(())
/// ```
pub fn to_path_str(text: &str, os: Os) -> Result<String, PathError> {
    let fixed = pipe_to_colon(text);
    let uri = Uri::parse(&fixed)
        .map_err(|e| PathError::new(PathErrorKind::InvalidUri(e.kind()), e.index()))?;
    to_path(uri, os)
}

/// `text` with the `|` of a drive letter at the start of its path (found
/// as RFC 3986 Appendix B splits a reference), followed by `/` or the
/// end, replaced by `:`; any other `|` is left for the parser to refuse.
fn pipe_to_colon(text: &str) -> Cow<'_, str> {
    let Some(colon) = text
        .find([':', '/', '?', '#'])
        .filter(|&i| text.as_bytes()[i] == b':')
    else {
        return Cow::Borrowed(text);
    };
    let mut path_start = colon + 1;
    if text[path_start..].starts_with("//") {
        let authority = path_start + 2;
        path_start = text[authority..]
            .find(['/', '?', '#'])
            .map_or(text.len(), |i| authority + i);
    }
    let path_end = text[path_start..]
        .find(['?', '#'])
        .map_or(text.len(), |i| path_start + i);
    let path = &text[path_start..path_end];
    // Only a drive letter: `|` followed by `/` or the path's end (Appendix
    // E.2.2: `drive-letter = ALPHA ":"`, then a `path-absolute` or nothing).
    match drive_root(path) {
        Some(end) if path.as_bytes()[end - 1] == b'|' => {
            let mut fixed = String::from(text);
            fixed.replace_range(path_start + end - 1..path_start + end, ":");
            Cow::Owned(fixed)
        }
        _ => Cow::Borrowed(text),
    }
}

/// The file URI of an absolute path of `os`.
///
/// - [`Os::Posix`]: `/a/b` → `file:///a/b`.
/// - [`Os::Windows`]: `C:\a\b` → `file:///C:/a/b` (RFC 8089 Appendix
///   D.2: the drive letter "is typically mapped into the first path
///   segment"), and a UNC path `\\host\share\a` → `file://host/share/a`
///   (Appendix E.3.1); `/` is read as a separator too. A UNC path on the
///   host `localhost` becomes `file:////localhost/share/a` (E.3.2), since
///   `file://localhost/…` would name a local file (§2).
///
/// Each name is percent-encoded as a path segment (RFC 3986 §3.3), as
/// UTF-8 (RFC 8089 §4). For every path this accepts, [`to_path`] gives it
/// back (Windows separators as `\`).
///
/// # Errors
///
/// A [`PathError`] whose index is a byte offset in `path`, when the path
/// is relative (on Windows also `\a`, `C:` and `C:a`), holds a NUL, or a
/// `.` or `..` segment; on POSIX, when it begins with `//` (which POSIX
/// leaves to each system); on Windows, when a name is one Windows refuses
/// or reserves, a UNC path has no host or share, or the path is a Win32
/// namespace path (`\\?\`, `\\.\`).
///
/// # Examples
///
/// ```
/// use uri_schemes::{Os, PathErrorKind, from_path};
///
/// assert_eq!(from_path("/home/me/a b.txt", Os::Posix)?, "file:///home/me/a%20b.txt");
/// assert_eq!(from_path(r"C:\Users\me\a#1.txt", Os::Windows)?, "file:///C:/Users/me/a%231.txt");
/// assert_eq!(from_path(r"\\host.example.com\Share\a.txt", Os::Windows)?, "file://host.example.com/Share/a.txt");
/// assert_eq!(from_path("/a/../b", Os::Posix).unwrap_err().kind(), PathErrorKind::DotSegment);
/// # Ok::<(), uri_schemes::PathError>(())
/// ```
pub fn from_path(path: &str, os: Os) -> Result<UriBuf, PathError> {
    // The pieces are percent-encoded here (`EncodeSet::HOST`,
    // `PATH_SEGMENT`) or a drive letter and `:`: the trusted writer's rule.
    let mut w = TrustedWriter::<UriSpec, Absolute>::with_capacity(path.len() + 16);
    w.scheme("file");
    let mut out = String::with_capacity(path.len() + 8);
    match os {
        Os::Posix => {
            if let Some(i) = path.find('\0') {
                return Err(PathError::new(PathErrorKind::NulByte, i));
            }
            let Some(rest) = path.strip_prefix('/') else {
                return Err(PathError::new(PathErrorKind::RelativePath, 0));
            };
            if rest.starts_with('/') {
                return Err(PathError::new(PathErrorKind::LeadingDoubleSlash, 0));
            }
            encode_segments(rest, 1, Os::Posix, &mut out)?;
            w.start_authority();
            w.end_host();
        }
        Os::Windows => {
            let is_separator = |b: u8| b == b'\\' || b == b'/';
            let bytes = path.as_bytes();
            if bytes.len() >= 2 && is_separator(bytes[0]) && is_separator(bytes[1]) {
                unc_from_path(path, &mut w, &mut out)?;
            } else if bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' {
                if !bytes.get(2).is_some_and(|&b| is_separator(b)) {
                    return Err(PathError::new(PathErrorKind::RelativePath, 2));
                }
                if let Some(i) = path.find('\0') {
                    return Err(PathError::new(PathErrorKind::NulByte, i));
                }
                out.push('/');
                out.push_str(&path[..2]);
                encode_segments(&path[3..], 3, Os::Windows, &mut out)?;
                w.start_authority();
                w.end_host();
            } else {
                return Err(PathError::new(PathErrorKind::RelativePath, 0));
            }
        }
    }
    w.push_str(&out);
    Ok(w.finish())
}

/// The authority and path of a Windows UNC path (beginning with two
/// separators): the authority written to `w`, the path to `out`.
fn unc_from_path(
    path: &str,
    w: &mut TrustedWriter<UriSpec, Absolute>,
    out: &mut String,
) -> Result<(), PathError> {
    let bytes = path.as_bytes();
    let is_separator = |b: u8| b == b'\\' || b == b'/';
    if matches!(bytes.get(2), Some(b'?' | b'.')) && bytes.get(3).is_none_or(|&b| is_separator(b)) {
        return Err(PathError::new(PathErrorKind::Namespace, 0));
    }
    if let Some(i) = path.find('\0') {
        return Err(PathError::new(PathErrorKind::NulByte, i));
    }
    let rest = &path[2..];
    let host_end = rest.find(['\\', '/']).unwrap_or(rest.len());
    let host = &rest[..host_end];
    check_windows_host(host, 2)?;
    let share_at = 2 + host_end + 1;
    let share_path = path.get(share_at..).unwrap_or("");
    let share_end = share_path.find(['\\', '/']).unwrap_or(share_path.len());
    let share = &share_path[..share_end];
    if share.is_empty() {
        return Err(PathError::new(
            PathErrorKind::MissingShare,
            share_at.min(path.len()),
        ));
    }
    if host.eq_ignore_ascii_case("localhost") {
        // `file://localhost/…` is a local file (§2): the UNC string goes
        // in the path, after an empty authority (Appendix E.3.2).
        w.start_authority();
        w.end_host();
        out.push_str("//");
        uri_encode::encode_into(host, &EncodeSet::HOST, out);
    } else {
        w.start_authority();
        w.push_str(&uri_encode::encode(host, &EncodeSet::HOST));
        w.end_host();
    }
    encode_segments(share_path, share_at, Os::Windows, out)
}

/// Appends `/` and each name of `rest` (at `at` in the path), split at the
/// separators of `os`, percent-encoded as a path segment; refuses `.` and
/// `..` and, on Windows, names Windows does not allow.
fn encode_segments(rest: &str, mut at: usize, os: Os, out: &mut String) -> Result<(), PathError> {
    let separators: &[char] = match os {
        Os::Posix => &['/'],
        Os::Windows => &['\\', '/'],
    };
    for name in rest.split(separators) {
        if name == "." || name == ".." {
            return Err(PathError::new(PathErrorKind::DotSegment, at));
        }
        if os == Os::Windows {
            check_windows_name(name, at)?;
        }
        out.push('/');
        uri_encode::encode_into(name, &EncodeSet::PATH_SEGMENT, out);
        at += name.len() + 1;
    }
    Ok(())
}

/// Resolves `reference` against `base` as RFC 3986 §5.2 does (strict),
/// but keeping a drive letter as DOS and Windows do (RFC 8089 Appendix
/// E.2.1): a reference beginning with `/` keeps the base's drive, and
/// `..` never removes a drive letter.
///
/// Only for a `file` base: other bases, and references whose target has
/// no drive letter, resolve as [`uri_resolve::resolve`] resolves them. A
/// reference with its own drive (`/d:/x`) keeps it; write a drive in a
/// reference after a `/` (`/c:/foo.txt`), since `c:/foo.txt` reads as a
/// URI of scheme `c`.
///
/// # Examples
///
/// ```
/// use uri_core::{Uri, UriReference};
/// use uri_schemes::resolve_with_drive_letters;
///
/// let base = Uri::parse("file:///c:/path/to/file.txt")?;
/// let target = resolve_with_drive_letters(base, UriReference::parse("/some/other/thing.bmp")?);
/// assert_eq!(target, "file:///c:/some/other/thing.bmp");
///
/// let base = Uri::parse("file:///c:/foo.txt")?;
/// assert_eq!(resolve_with_drive_letters(base, UriReference::parse("../bar.txt")?), "file:///c:/bar.txt");
/// assert_eq!(uri_resolve::resolve(base, UriReference::parse("../bar.txt")?), "file:///bar.txt");
///
/// // A drive letter alone is the drive's root.
/// let base = Uri::parse("file:///c:")?;
/// assert_eq!(resolve_with_drive_letters(base, UriReference::parse("x")?), "file:///c:/x");
/// # Ok::<(), uri_core::ParseError>(())
/// ```
pub fn resolve_with_drive_letters(base: Uri<'_>, reference: UriReference<'_>) -> UriBuf {
    let standard = || uri_resolve::resolve(base, reference);
    if !base.scheme().eq_ignore_ascii_case("file") {
        return standard();
    }
    let r = reference.components();
    let r_path = r.path();
    // T.scheme, T.authority, the path before its dot segments are
    // removed, and T.query (§5.2.2).
    let (scheme, authority, path): (&str, Option<Authority<'_>>, Cow<'_, str>) =
        if let Some(scheme) = r.scheme() {
            if !scheme.eq_ignore_ascii_case("file") || drive_root(r_path).is_none() {
                return standard();
            }
            (scheme, r.authority(), Cow::Borrowed(r_path))
        } else if r.authority().is_some() {
            if drive_root(r_path).is_none() {
                return standard();
            }
            (base.scheme(), r.authority(), Cow::Borrowed(r_path))
        } else if r_path.is_empty() {
            // The base's path, as it is.
            return standard();
        } else if r_path.starts_with('/') {
            let path = if drive_letter(r_path).is_some() {
                // Its own drive (or a drive-relative path, `/c:x`).
                Cow::Borrowed(r_path)
            } else if let Some(end) = drive_root(base.path()) {
                let mut path = String::with_capacity(end + r_path.len());
                path.push_str(&base.path()[..end]);
                path.push_str(r_path);
                Cow::Owned(path)
            } else {
                return standard();
            };
            (base.scheme(), base.authority(), path)
        } else {
            let merged = merge(base, r_path);
            if drive_root(&merged).is_none() {
                return standard();
            }
            (base.scheme(), base.authority(), Cow::Owned(merged))
        };
    // The base's or the reference's pieces, the path's dot segments
    // removed: the trusted writer's rule.
    let capacity = base.as_str().len() + reference.as_str().len() + 4;
    let mut w = TrustedWriter::<UriSpec, Absolute>::with_capacity(capacity);
    w.scheme(scheme);
    if let Some(authority) = authority {
        w.authority(authority);
    }
    let mut target_path = String::with_capacity(path.len());
    match drive_root(&path) {
        Some(end) => {
            target_path.push_str(&path[..end]);
            uri_resolve::remove_dot_segments(&path[end..], &mut target_path);
        }
        // Not reached: each way here has a drive letter.
        None => uri_resolve::remove_dot_segments(&path, &mut target_path),
    }
    w.push_str(&target_path);
    if let Some(query) = r.query() {
        w.start_query();
        w.push_str(query);
    }
    if let Some(fragment) = r.fragment() {
        w.start_fragment();
        w.push_str(fragment);
    }
    w.finish()
}

/// RFC 3986 §5.2.3: the base's path up to its last `/`, and `r_path`
/// ("/" and `r_path` after an authority with an empty path; the base path
/// and "/" when it is a drive letter alone, Appendix E.2).
fn merge(base: Uri<'_>, r_path: &str) -> String {
    let b_path = base.path();
    let mut merged = String::with_capacity(b_path.len() + r_path.len() + 1);
    if base.has_authority() && b_path.is_empty() {
        merged.push('/');
    } else if drive_root(b_path) == Some(b_path.len()) {
        // A base path that is a drive letter alone (`/c:`) is that drive's
        // root, as `/c:/` is (Appendix E.2): the drive is kept.
        merged.push_str(b_path);
        merged.push('/');
    } else {
        merged.push_str(b_path.rfind('/').map_or("", |k| &b_path[..=k]));
    }
    merged.push_str(r_path);
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drive_letters() {
        assert_eq!(drive_letter("/c:/a"), Some(('c', 3)));
        assert_eq!(drive_letter("C:/a"), Some(('C', 2)));
        assert_eq!(drive_letter("/c|/a"), Some(('c', 3)));
        assert_eq!(drive_letter("/c%7c/a"), Some(('c', 5)));
        assert_eq!(drive_letter("/c%7"), None);
        assert_eq!(letter_decoded("/%65:/a").as_deref(), Some("/e:/a"));
        assert_eq!(letter_decoded("%43|/a").as_deref(), Some("C|/a"));
        assert_eq!(letter_decoded("/%2E/a"), None);
        assert_eq!(letter_decoded("/%6"), None);
        assert_eq!(letter_decoded("/e:/a"), None);
        assert_eq!(drive_letter("/1:/a"), None);
        assert_eq!(drive_letter("/é:"), None);
        assert_eq!(drive_root("/c:"), Some(3));
        assert_eq!(drive_root("/c:x"), None);
    }

    #[test]
    fn devices() {
        for name in [
            "CON",
            "con",
            "Nul.txt",
            "COM1",
            "lpt9.x.y",
            "COM¹",
            "CONIN$",
            "aux ",
            "PRN  .txt",
        ] {
            assert!(is_device_name(name), "{name}");
        }
        for name in ["CONS", "COM", "COM10", "LPT", "nul_", "a.con", "", "COMé"] {
            assert!(!is_device_name(name), "{name}");
        }
    }

    #[test]
    fn pipes() {
        assert_eq!(pipe_to_colon("file:///c|/a"), "file:///c:/a");
        assert_eq!(pipe_to_colon("file:/c|/a"), "file:/c:/a");
        assert_eq!(pipe_to_colon("file:c|/a"), "file:c:/a");
        assert_eq!(pipe_to_colon("file://h/c|/a"), "file://h/c:/a");
        assert_eq!(pipe_to_colon("file:///a/c|/a"), "file:///a/c|/a");
        assert_eq!(pipe_to_colon("file"), "file");
        assert_eq!(pipe_to_colon("/c|"), "/c|");
    }

    #[test]
    fn unc_hosts() {
        assert!(is_file_host("host.example.com"));
        assert!(is_file_host("%5B::1%5D"));
        assert!(!is_file_host(""));
        assert!(!is_file_host("a:b"));
        assert!(!is_file_host("u@h"));
        assert!(unc_path("////h/x").is_none());
        assert_eq!(
            unc_path("///h/x").map(|u| (u.host, u.host_at, u.rest)),
            Some(("h", 3, "/x"))
        );
    }
}
