//! `edit`'s help with inputs that have no scheme: the scheme of
//! `--default-scheme` or `--guess-scheme` put before them, or, without
//! either, a warning when an input reads otherwise by RFC 3986 than it may
//! look (`localhost:8080` is the scheme `localhost` and the path `8080`;
//! `www.example.com/a` is a relative path).

use urikit::{IriReference, ParseOptions};

use crate::redact;

/// Where an input stands without a scheme of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// It has a scheme, or needs none (an absolute path, the empty
    /// reference, text that parses as nothing).
    Fine,
    /// A relative reference that begins with a host (`localhost`,
    /// `www.example.com/a`) or an authority (`//h/`).
    Relative,
    /// `host:port` read as a scheme and a path of digits.
    HostPort,
}

/// How `text` reads.
fn reading(text: &str) -> Reading {
    // An IP literal, which no relative reference begins with.
    if text.starts_with('[') {
        return Reading::Relative;
    }
    let Ok(r) = IriReference::parse_with(text, ParseOptions::new().allow_zone_id(true)) else {
        return Reading::Fine;
    };
    match r.scheme() {
        None if text.is_empty() || text.starts_with('/') && !text.starts_with("//") => {
            Reading::Fine
        }
        None if text.starts_with(['?', '#', '.']) => Reading::Fine,
        None => Reading::Relative,
        Some(_) if r.authority().is_none() => {
            let digits = r.path().split('/').next().unwrap_or("");
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                Reading::HostPort
            } else {
                Reading::Fine
            }
        }
        Some(_) => Reading::Fine,
    }
}

/// `input` with a scheme put before it when it has none (`SCHEME://`, or
/// `SCHEME:` before `//`): `scheme`, or when `None` the guess, `ftp` for a
/// host that begins with `ftp.` (in any case), else `http`. `None` when the
/// input is left as it is.
pub(crate) fn with_scheme(input: &[u8], scheme: Option<&str>) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(input).ok()?;
    if reading(text) == Reading::Fine {
        return None;
    }
    let scheme = scheme.unwrap_or_else(|| {
        let host = text.trim_start_matches('/');
        let host = host.rsplit_once('@').map_or(host, |(_, h)| h);
        if host
            .get(..4)
            .is_some_and(|h| h.eq_ignore_ascii_case("ftp."))
        {
            "ftp"
        } else {
            "http"
        }
    });
    let slashes = if text.starts_with("//") { "" } else { "//" };
    Some(format!("{scheme}:{slashes}{text}").into_bytes())
}

/// File extensions that make `name.ext` a file name rather than a host.
const FILE_EXTENSIONS: &[&str] = &[
    "html", "htm", "php", "txt", "json", "xml", "js", "css", "png", "jpg", "jpeg", "gif", "svg",
    "pdf", "md", "csv", "zip", "gz", "tar", "rs", "py", "c", "h", "sh",
];

/// The warning for an input that reads by RFC 3986 otherwise than it may
/// look: `host:port` as a scheme and a path, or a relative path that
/// begins with a dotted host name; `None` for any other. Passwords in the
/// echo are hidden.
pub(crate) fn warning(input: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(input).ok()?;
    match reading(text) {
        Reading::HostPort => {
            let (scheme, rest) = text.split_once(':')?;
            let port = rest.split('/').next().unwrap_or("");
            Some(format!(
                "`{}` reads as the scheme `{scheme}` and the path `{port}…` (RFC 3986 §3.1); \
                 for a host and port, write `//{scheme}:{port}`, or give `--default-scheme http` \
                 or `--guess-scheme`",
                redact::shown(text)
            ))
        }
        Reading::Relative if !text.starts_with("//") => {
            let first = text.split(['/', '?', '#']).next().unwrap_or("");
            let labels: Vec<&str> = first.split('.').collect();
            let last = labels.last().copied().unwrap_or("");
            let dotted = labels.len() >= 2
                && labels.iter().all(|l| {
                    !l.is_empty() && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                })
                && last.len() >= 2
                && last.bytes().all(|b| b.is_ascii_alphabetic())
                && !FILE_EXTENSIONS.contains(&last.to_ascii_lowercase().as_str());
            dotted.then(|| {
                format!(
                    "`{}` is a relative reference whose path begins with `{first}`, not a host \
                     (RFC 3986 §4.2); for a host, write `//{first}`, or give \
                     `--default-scheme http` or `--guess-scheme`",
                    redact::shown(text)
                )
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guessed(text: &str) -> Option<String> {
        with_scheme(text.as_bytes(), None).map(|b| String::from_utf8(b).unwrap())
    }

    #[test]
    fn schemes_are_put_only_where_none_is() {
        assert_eq!(
            guessed("example.com").as_deref(),
            Some("http://example.com")
        );
        assert_eq!(
            guessed("ftp.example.com").as_deref(),
            Some("ftp://ftp.example.com")
        );
        assert_eq!(
            guessed("localhost:8080/a").as_deref(),
            Some("http://localhost:8080/a")
        );
        assert_eq!(guessed("//h/x").as_deref(), Some("http://h/x"));
        assert_eq!(guessed("https://h/"), None);
        assert_eq!(guessed("mailto:a@b"), None);
        assert_eq!(guessed("/a/b"), None);
        assert_eq!(guessed(""), None);
    }

    #[test]
    fn warnings() {
        assert!(
            warning(b"localhost:8080")
                .unwrap()
                .contains("scheme `localhost`")
        );
        assert!(warning(b"example.com:29").is_some());
        assert!(
            warning(b"www.example.com/path")
                .unwrap()
                .contains("`www.example.com`")
        );
        assert_eq!(warning(b"index.html"), None);
        assert_eq!(warning(b"a/b"), None);
        assert_eq!(warning(b"http://h/"), None);
        assert_eq!(warning(b"mailto:x"), None);
    }
}
