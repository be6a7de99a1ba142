//! [`Out`]: where resolution and normalization write, a caller's `String`
//! or a [`TrustedWriter`] that records the layout as it goes.
//!
//! The algorithms are written once, generic over this trait: into a
//! `String`, the marks only write their delimiters; into a writer, they
//! also record the components' offsets, so the owned result needs no parse.
//! The writer is the trusted one: every piece written is a piece of a
//! parsed reference (or its normal form), valid where it lands, which is
//! what [`TrustedWriter`] asks of its caller (debug builds check each).

use alloc::string::String;
use core::fmt;

use uri_core::{Authority, Components, Spec, TrustedWriter};

/// Text that is appended to and cut back: what `remove_dot_segments` needs.
pub(crate) trait Text {
    /// Appends text to the current component.
    fn push_str(&mut self, text: &str);
    /// Appends a character to the current component.
    fn push(&mut self, c: char);
    /// The text written so far.
    fn as_str(&self) -> &str;
    /// Shortens the text (never before the current component, for a writer).
    fn truncate(&mut self, len: usize);
}

/// A sink for a reference written in order: scheme, authority, path, query,
/// fragment. See the module docs.
pub(crate) trait Out<S: Spec>: Text + fmt::Write {
    /// Lower-cases the ASCII letters of a range.
    fn make_ascii_lowercase(&mut self, range: core::ops::Range<usize>);
    /// Upper-cases the ASCII letters of a range.
    fn make_ascii_uppercase(&mut self, range: core::ops::Range<usize>);
    /// Writes `scheme ":"`.
    fn scheme(&mut self, scheme: &str);
    /// Writes `"//" authority`.
    fn authority(&mut self, authority: Authority<'_>);
    /// Writes `"//"`: an authority begins.
    fn start_authority(&mut self);
    /// Ends the host written since the `//` (and a userinfo).
    fn end_host(&mut self);
    /// Writes `"@"`: the userinfo ends.
    fn end_userinfo(&mut self);
    /// Writes `":" port` after the host.
    fn port(&mut self, port: &str);
    /// Copies `parts`' text up to `end` (in its path or query).
    fn copy_prefix(&mut self, parts: Components<'_, S>, end: usize);
    /// Copies all of `parts`' text; only case changes may follow.
    fn copy_all(&mut self, parts: Components<'_, S>);
    /// Writes `"?"`.
    fn start_query(&mut self);
    /// Writes `"#"`.
    fn start_fragment(&mut self);
    /// Writes `/.` before a path from `path_start` that begins with `//`
    /// without an authority (§5.2.4 B keeps the path). A writer does this
    /// itself when the path ends, so only the `String` acts here; call it
    /// once the path is written.
    fn guard_path(&mut self, path_start: usize, has_authority: bool);
}

impl Text for String {
    #[inline]
    fn push_str(&mut self, text: &str) {
        String::push_str(self, text);
    }
    #[inline]
    fn push(&mut self, c: char) {
        String::push(self, c);
    }
    #[inline]
    fn as_str(&self) -> &str {
        self
    }
    #[inline]
    fn truncate(&mut self, len: usize) {
        String::truncate(self, len);
    }
}

impl<S: Spec> Out<S> for String {
    #[inline]
    fn make_ascii_lowercase(&mut self, range: core::ops::Range<usize>) {
        if let Some(s) = self.get_mut(range) {
            s.make_ascii_lowercase();
        }
    }
    #[inline]
    fn make_ascii_uppercase(&mut self, range: core::ops::Range<usize>) {
        if let Some(s) = self.get_mut(range) {
            s.make_ascii_uppercase();
        }
    }
    #[inline]
    fn scheme(&mut self, scheme: &str) {
        String::push_str(self, scheme);
        String::push(self, ':');
    }
    #[inline]
    fn authority(&mut self, authority: Authority<'_>) {
        String::push_str(self, "//");
        String::push_str(self, authority.as_str());
    }
    #[inline]
    fn start_authority(&mut self) {
        String::push_str(self, "//");
    }
    #[inline]
    fn end_host(&mut self) {}
    #[inline]
    fn end_userinfo(&mut self) {
        String::push(self, '@');
    }
    #[inline]
    fn port(&mut self, port: &str) {
        String::push(self, ':');
        String::push_str(self, port);
    }
    #[inline]
    fn copy_prefix(&mut self, parts: Components<'_, S>, end: usize) {
        String::push_str(self, &parts.as_str()[..end]);
    }
    #[inline]
    fn copy_all(&mut self, parts: Components<'_, S>) {
        String::push_str(self, parts.as_str());
    }
    #[inline]
    fn start_query(&mut self) {
        String::push(self, '?');
    }
    #[inline]
    fn start_fragment(&mut self) {
        String::push(self, '#');
    }
    #[inline]
    fn guard_path(&mut self, path_start: usize, has_authority: bool) {
        if !has_authority && self[path_start..].starts_with("//") {
            self.insert_str(path_start, "/.");
        }
    }
}

impl<S: Spec, T> Text for TrustedWriter<S, T> {
    #[inline]
    fn push_str(&mut self, text: &str) {
        TrustedWriter::<S, T>::push_str(self, text);
    }
    #[inline]
    fn push(&mut self, c: char) {
        TrustedWriter::<S, T>::push(self, c);
    }
    #[inline]
    fn as_str(&self) -> &str {
        TrustedWriter::<S, T>::as_str(self)
    }
    #[inline]
    fn truncate(&mut self, len: usize) {
        TrustedWriter::<S, T>::truncate(self, len);
    }
}

impl<S: Spec, T> Out<S> for TrustedWriter<S, T> {
    #[inline]
    fn make_ascii_lowercase(&mut self, range: core::ops::Range<usize>) {
        TrustedWriter::<S, T>::make_ascii_lowercase(self, range);
    }
    #[inline]
    fn make_ascii_uppercase(&mut self, range: core::ops::Range<usize>) {
        TrustedWriter::<S, T>::make_ascii_uppercase(self, range);
    }
    #[inline]
    fn scheme(&mut self, scheme: &str) {
        TrustedWriter::<S, T>::scheme(self, scheme);
    }
    #[inline]
    fn authority(&mut self, authority: Authority<'_>) {
        TrustedWriter::<S, T>::authority(self, authority);
    }
    #[inline]
    fn start_authority(&mut self) {
        TrustedWriter::<S, T>::start_authority(self);
    }
    #[inline]
    fn end_host(&mut self) {
        TrustedWriter::<S, T>::end_host(self);
    }
    #[inline]
    fn end_userinfo(&mut self) {
        TrustedWriter::<S, T>::end_userinfo(self);
    }
    #[inline]
    fn port(&mut self, port: &str) {
        TrustedWriter::<S, T>::port(self, port);
    }
    #[inline]
    fn copy_prefix(&mut self, parts: Components<'_, S>, end: usize) {
        TrustedWriter::<S, T>::copy_prefix(self, parts, end);
    }
    #[inline]
    fn copy_all(&mut self, parts: Components<'_, S>) {
        TrustedWriter::<S, T>::copy_all(self, parts);
    }
    #[inline]
    fn start_query(&mut self) {
        TrustedWriter::<S, T>::start_query(self);
    }
    #[inline]
    fn start_fragment(&mut self) {
        TrustedWriter::<S, T>::start_fragment(self);
    }
    #[inline]
    fn guard_path(&mut self, _: usize, _: bool) {}
}
