//! Changing one component of an owned reference in place: the new text is
//! checked alone (against its rule in RFC 3986 §3, or RFC 3987) and against
//! the rules between components (§3.2, §3.3, §4.2), then written over the
//! old one, and the offsets after it move by the difference. What did not
//! change is neither copied elsewhere nor parsed again.
//!
//! Each function leaves the text and the layout as they were when it
//! returns an error, and otherwise the layout that parsing the new text
//! would give (the setters' property test checks it).

use alloc::string::String;
use core::ops::Range;

use crate::builder::{BuildError, BuildErrorKind, check_part};
use crate::component::Component;
use crate::components::HostKind;
use crate::parser::{Layout, ParseOptions};
use crate::spec::Spec;
use crate::writer::host_kind;

/// The text and layout of one owned reference.
pub(crate) type Raw<'a> = (&'a mut String, &'a mut Layout);

/// Checks `text` as the whole of `part`.
pub(crate) fn check<S: Spec>(
    text: &str,
    part: Component,
    options: ParseOptions,
) -> Result<(), BuildError> {
    check_part::<S>(text, part, options).map_err(|e| BuildError::syntax(part, e))
}

/// Writes `pieces` over `range` of `text`; the signed change in length.
fn replace(text: &mut String, range: Range<usize>, pieces: &[&str]) -> isize {
    let old = range.len();
    let new: usize = pieces.iter().map(|p| p.len()).sum();
    let start = range.start;
    text.replace_range(range, "");
    let mut at = start;
    for piece in pieces {
        text.insert_str(at, piece);
        at += piece.len();
    }
    new as isize - old as isize
}

/// `offset + delta`, for offsets after a replaced range.
fn moved(offset: usize, delta: isize) -> usize {
    offset.wrapping_add_signed(delta)
}

/// Moves every offset from the path's start on.
fn move_path(l: &mut Layout, delta: isize) {
    l.path_start = moved(l.path_start, delta);
    l.path_end = moved(l.path_end, delta);
    l.query_end = moved(l.query_end, delta);
}

/// §4.2: without scheme and authority, the first segment cannot hold `:`.
fn colon_in_first_segment(path: &str) -> Result<(), BuildError> {
    let b = path.as_bytes();
    let first = b.iter().position(|&c| c == b'/').unwrap_or(b.len());
    match b[..first].iter().position(|&c| c == b':') {
        Some(k) => Err(BuildError::new(
            Component::Path,
            BuildErrorKind::ColonInFirstSegment,
            k,
        )),
        None => Ok(()),
    }
}

fn has_authority(l: &Layout) -> bool {
    l.auth_start > 0
}

/// The options the builder would check a new host with: a zone identifier
/// is kept only when the current host has one.
fn host_options(text: &str, l: &Layout) -> ParseOptions {
    let host = &text[l.host_start..l.host_end];
    ParseOptions::new()
        .allow_zone_id(has_authority(l) && host.starts_with('[') && host.contains('%'))
}

/// Sets or removes the fragment: the text after the query.
pub(crate) fn set_fragment<S: Spec>(
    (text, l): Raw<'_>,
    fragment: Option<&str>,
) -> Result<(), BuildError> {
    if let Some(f) = fragment {
        check::<S>(f, Component::Fragment, ParseOptions::new())?;
    }
    let end = text.len();
    match fragment {
        Some(f) => replace(text, l.query_end..end, &["#", f]),
        None => replace(text, l.query_end..end, &[]),
    };
    Ok(())
}

/// Sets or removes the query, between the path and the fragment.
pub(crate) fn set_query<S: Spec>(
    (text, l): Raw<'_>,
    query: Option<&str>,
) -> Result<(), BuildError> {
    if let Some(q) = query {
        check::<S>(q, Component::Query, ParseOptions::new())?;
    }
    let delta = match query {
        Some(q) => replace(text, l.path_end..l.query_end, &["?", q]),
        None => replace(text, l.path_end..l.query_end, &[]),
    };
    l.query_end = moved(l.query_end, delta);
    Ok(())
}

/// Sets the path, given what is around it (§3.3, §4.2).
pub(crate) fn set_path<S: Spec>((text, l): Raw<'_>, path: &str) -> Result<(), BuildError> {
    check::<S>(path, Component::Path, ParseOptions::new())?;
    if has_authority(l) {
        if !path.is_empty() && !path.starts_with('/') {
            return Err(BuildError::new(
                Component::Path,
                BuildErrorKind::PathNotAbsolute,
                0,
            ));
        }
    } else {
        if path.starts_with("//") {
            return Err(BuildError::new(
                Component::Path,
                BuildErrorKind::PathStartsWithDoubleSlash,
                0,
            ));
        }
        if l.scheme_end == 0 {
            colon_in_first_segment(path)?;
        }
    }
    let delta = replace(text, l.path_start..l.path_end, &[path]);
    l.path_end = moved(l.path_end, delta);
    l.query_end = moved(l.query_end, delta);
    Ok(())
}

/// Sets or removes the port, between the host and the path.
pub(crate) fn set_port<S: Spec>((text, l): Raw<'_>, port: Option<&str>) -> Result<(), BuildError> {
    if let Some(p) = port {
        check::<S>(p, Component::Port, ParseOptions::new())?;
    }
    if !has_authority(l) {
        return match port {
            Some(_) => Err(BuildError::new(
                Component::Port,
                BuildErrorKind::MissingHost,
                0,
            )),
            None => Ok(()),
        };
    }
    let delta = match port {
        Some(p) => replace(text, l.host_end..l.path_start, &[":", p]),
        None => replace(text, l.host_end..l.path_start, &[]),
    };
    move_path(l, delta);
    Ok(())
}

/// Sets or removes the userinfo, at the start of the authority.
pub(crate) fn set_userinfo<S: Spec>(
    (text, l): Raw<'_>,
    userinfo: Option<&str>,
) -> Result<(), BuildError> {
    if let Some(u) = userinfo {
        check::<S>(u, Component::Userinfo, ParseOptions::new())?;
    }
    if !has_authority(l) {
        return match userinfo {
            Some(_) => Err(BuildError::new(
                Component::Userinfo,
                BuildErrorKind::MissingHost,
                0,
            )),
            None => Ok(()),
        };
    }
    let delta = match userinfo {
        Some(u) => replace(text, l.auth_start..l.host_start, &[u, "@"]),
        None => replace(text, l.auth_start..l.host_start, &[]),
    };
    l.host_start = moved(l.host_start, delta);
    l.host_end = moved(l.host_end, delta);
    move_path(l, delta);
    Ok(())
}

/// Sets the host (making an authority when there is none), or removes the
/// whole authority.
pub(crate) fn set_host<S: Spec>((text, l): Raw<'_>, host: Option<&str>) -> Result<(), BuildError> {
    let Some(h) = host else {
        if !has_authority(l) {
            return Ok(());
        }
        let path = &text[l.path_start..l.path_end];
        if path.starts_with("//") {
            return Err(BuildError::new(
                Component::Path,
                BuildErrorKind::PathStartsWithDoubleSlash,
                0,
            ));
        }
        // The `//` and the authority go; the path moves to where `//` was.
        let start = l.auth_start - 2;
        let delta = replace(text, start..l.path_start, &[]);
        l.auth_start = 0;
        l.host_start = 0;
        l.host_end = 0;
        l.host_kind = HostKind::RegName;
        move_path(l, delta);
        return Ok(());
    };
    check::<S>(h, Component::Host, host_options(text, l))?;
    let kind = host_kind::<S>(h, ParseOptions::PERMISSIVE);
    if has_authority(l) {
        let delta = replace(text, l.host_start..l.host_end, &[h]);
        l.host_end = moved(l.host_end, delta);
        move_path(l, delta);
    } else {
        let path = &text[l.path_start..l.path_end];
        if !path.is_empty() && !path.starts_with('/') {
            return Err(BuildError::new(
                Component::Path,
                BuildErrorKind::PathNotAbsolute,
                0,
            ));
        }
        let at = l.path_start;
        let delta = replace(text, at..at, &["//", h]);
        l.auth_start = at + 2;
        l.host_start = at + 2;
        l.host_end = at + 2 + h.len();
        move_path(l, delta);
    }
    l.host_kind = kind;
    Ok(())
}

/// Sets, adds or removes the scheme, at the start (§3.1, §4.2).
pub(crate) fn set_scheme<S: Spec>(
    (text, l): Raw<'_>,
    scheme: Option<&str>,
) -> Result<(), BuildError> {
    if let Some(s) = scheme {
        check::<S>(s, Component::Scheme, ParseOptions::new())?;
    }
    let delta = match (scheme, l.scheme_end) {
        (None, 0) => return Ok(()),
        (None, end) => {
            if !has_authority(l) {
                colon_in_first_segment(&text[l.path_start..l.path_end])?;
            }
            replace(text, 0..end + 1, &[])
        }
        (Some(s), 0) => replace(text, 0..0, &[s, ":"]),
        (Some(s), end) => replace(text, 0..end, &[s]),
    };
    l.scheme_end = scheme.map_or(0, str::len);
    if has_authority(l) {
        l.auth_start = moved(l.auth_start, delta);
        l.host_start = moved(l.host_start, delta);
        l.host_end = moved(l.host_end, delta);
    }
    move_path(l, delta);
    Ok(())
}
