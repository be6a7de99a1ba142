//! [`Out`]: where resolution and normalization write, a caller's `String`
//! or a [`RiWriter`] that records the layout as it goes.
//!
//! The algorithms are written once, generic over this trait: into a
//! `String`, the marks only write their delimiters; into a `RiWriter`, they
//! also record the components' offsets, so the owned result needs no parse.

use alloc::string::String;
use core::fmt;

use uri_core::{Authority, Components, RiWriter, Spec};

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

impl<S: Spec> Text for RiWriter<S> {
    #[inline]
    fn push_str(&mut self, text: &str) {
        RiWriter::push_str(self, text);
    }
    #[inline]
    fn push(&mut self, c: char) {
        RiWriter::push(self, c);
    }
    #[inline]
    fn as_str(&self) -> &str {
        RiWriter::as_str(self)
    }
    #[inline]
    fn truncate(&mut self, len: usize) {
        RiWriter::truncate(self, len);
    }
}

impl<S: Spec> Out<S> for RiWriter<S> {
    #[inline]
    fn make_ascii_lowercase(&mut self, range: core::ops::Range<usize>) {
        RiWriter::make_ascii_lowercase(self, range);
    }
    #[inline]
    fn make_ascii_uppercase(&mut self, range: core::ops::Range<usize>) {
        RiWriter::make_ascii_uppercase(self, range);
    }
    #[inline]
    fn scheme(&mut self, scheme: &str) {
        RiWriter::scheme(self, scheme);
    }
    #[inline]
    fn authority(&mut self, authority: Authority<'_>) {
        RiWriter::authority(self, authority);
    }
    #[inline]
    fn start_authority(&mut self) {
        RiWriter::start_authority(self);
    }
    #[inline]
    fn end_host(&mut self) {
        RiWriter::end_host(self);
    }
    #[inline]
    fn end_userinfo(&mut self) {
        RiWriter::end_userinfo(self);
    }
    #[inline]
    fn port(&mut self, port: &str) {
        RiWriter::port(self, port);
    }
    #[inline]
    fn copy_prefix(&mut self, parts: Components<'_, S>, end: usize) {
        RiWriter::copy_prefix(self, parts, end);
    }
    #[inline]
    fn copy_all(&mut self, parts: Components<'_, S>) {
        RiWriter::copy_all(self, parts);
    }
    #[inline]
    fn start_query(&mut self) {
        RiWriter::start_query(self);
    }
    #[inline]
    fn start_fragment(&mut self) {
        RiWriter::start_fragment(self);
    }
    #[inline]
    fn guard_path(&mut self, _: usize, _: bool) {}
}
