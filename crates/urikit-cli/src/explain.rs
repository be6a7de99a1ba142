//! The diagram of `explain`: a reference drawn with its components bracketed
//! and labelled, as in RFC 3986 §3.
//!
//! ```text
//!           userinfo       host      port
//!           ┌──┴───┐ ┌──────┴──────┐ ┌┴┐
//!   https://john.doe@www.example.com:123/forum/questions/?tag=networking&order=newest#top
//!   └─┬─┘   └────────────┬─────────────┘└───────┬───────┘ └────────────┬────────────┘ └┬┘
//!   scheme           authority                 path                  query          fragment
//! ```
//!
//! The subcomponents of the authority go above, the top-level components
//! below. A bracket spans exactly its component's bytes, delimiters left out,
//! and empty components are not drawn. Each label is centred under its
//! bracket's tick when it fits; a label that would touch another, or cover
//! the tick of one still to be placed, moves to a further row, joined to its
//! tick by a `│`. [`draw`] is a pure function of the input and its spans.
//!
//! An IRI is drawn the same way, by display columns rather than bytes: a
//! wide character (`納`) takes two columns, and a combining mark none.
//! Characters that would hide in a terminal or shift the drawing (spaces,
//! controls, zero-width and other invisible characters, a combining mark
//! that begins a component) are shown escaped, `\u{200b}`, as the caret of
//! an error shows them.
//!
//! A registered name is drawn as people should see it, through
//! [`urikit::iri::display`] ([`shown_host`]): a label that mixes scripts or
//! is a whole-script confusable stays `xn--` (`http://pаypal.com/` with a
//! Cyrillic `а` is drawn `xn--pypal-4ve.com`), and [`warnings`] says why.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::ops::Range;

use urikit::iri::{DisplayWarning, display, display_warnings};
use urikit::{Caret, Component, IriReference, ParseOptions, RiReference, Spec};

/// A registered name as people should see it (`uri_iri::display`'s rules
/// for hosts: Unicode where that cannot mislead, `xn--` where it could);
/// `host` itself when that is how it is shown.
pub(crate) fn shown_host(host: &str) -> Cow<'_, str> {
    let plain = host.is_ascii()
        && !host.contains('%')
        && !host
            .split('.')
            .any(|label| label.len() >= 4 && label[..4].eq_ignore_ascii_case("xn--"));
    if plain || host.starts_with('[') {
        return Cow::Borrowed(host);
    }
    let authority = format!("//{host}");
    match IriReference::parse_with(&authority, lenient()) {
        Ok(iri) => {
            let shown = display(iri).to_string();
            match shown.strip_prefix("//") {
                Some(shown) if shown != host => Cow::Owned(shown.to_owned()),
                _ => Cow::Borrowed(host),
            }
        }
        Err(_) => Cow::Borrowed(host),
    }
}

/// Why the display form of `reference` keeps parts of it encoded or
/// `xn--` (mixed scripts, whole-script confusables, invisible or bidi
/// formatting characters): the warnings `explain` and `to-iri` print.
pub(crate) fn warnings<S: Spec>(reference: &RiReference<'_, S>) -> Vec<DisplayWarning> {
    match IriReference::parse_with(reference.as_str(), lenient()) {
        Ok(iri) => display_warnings(iri),
        Err(_) => Vec::new(),
    }
}

/// The text of `reference` with its registered name as [`shown_host`]
/// shows it, when that differs.
pub(crate) fn with_shown_host<S: Spec>(reference: &RiReference<'_, S>) -> Option<String> {
    let authority = reference.authority()?;
    if authority.host_str().starts_with('[') {
        return None;
    }
    let host = authority.host_str();
    let Cow::Owned(shown) = shown_host(host) else {
        return None;
    };
    let text = reference.as_str();
    // The host is what follows the `//` and the userinfo's `@`.
    let start = reference.scheme().map_or(0, |s| s.len() + 1)
        + 2
        + authority.userinfo().map_or(0, |u| u.len() + 1);
    let end = start + host.len();
    Some(format!("{}{shown}{}", &text[..start], &text[end..]))
}

/// The options under which a reference that parsed is read again as an
/// IRI: whatever it was parsed with.
pub(crate) fn lenient() -> ParseOptions {
    crate::settings::get()
        .parse_options()
        .allow_zone_id(true)
        .allow_bidi_formatting(true)
}

/// How many columns the reference is indented by, so that labels centred
/// under a short first component have room on the left.
pub(crate) const INDENT: usize = 2;

/// A labelled, non-empty range of the input, in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    /// The component's name, printed as its label.
    pub(crate) label: &'static str,
    /// Offset of the component's first byte.
    pub(crate) start: usize,
    /// Offset after the component's last byte.
    pub(crate) end: usize,
}

/// The spans to draw for `reference` (a URI or an IRI reference): the
/// userinfo, host and port above, the scheme, authority, path, query and
/// fragment below. Empty components are left out. The offsets are the
/// parser's ([`Components::span`](urikit::Components::span),
/// [`Authority::span`](urikit::Authority::span)), not counted again here.
pub(crate) fn spans<S: Spec>(reference: &RiReference<'_, S>) -> (Vec<Span>, Vec<Span>) {
    let mut above = Vec::new();
    let mut below = Vec::new();
    let parts = reference.components();
    push(&mut below, "scheme", parts.span(Component::Scheme));
    if let Some(authority) = reference.authority() {
        let host = authority.host_span();
        let userinfo = authority.span(Component::Userinfo);
        let port = authority.span(Component::Port);
        let start = userinfo.as_ref().map_or(host.start, |u| u.start);
        let end = port.as_ref().map_or(host.end, |p| p.end);
        push(&mut below, "authority", Some(start..end));
        push(&mut above, "userinfo", userinfo);
        push(&mut above, "host", Some(host));
        push(&mut above, "port", port);
    }
    push(&mut below, "path", parts.span(Component::Path));
    push(&mut below, "query", parts.span(Component::Query));
    push(&mut below, "fragment", parts.span(Component::Fragment));
    (above, below)
}

/// Adds `span` under `label`, unless it is absent or empty.
fn push(spans: &mut Vec<Span>, label: &'static str, span: Option<Range<usize>>) {
    if let Some(span) = span.filter(|s| !s.is_empty()) {
        spans.push(Span {
            label,
            start: span.start,
            end: span.end,
        });
    }
}

/// The diagram of `input`, whose spans are `above` and `below`, as lines
/// without trailing spaces: the rows above, the input [`Shown`] and
/// indented by [`INDENT`], the rows below.
///
/// Spans on one side must not overlap, and must lie on character
/// boundaries of `input`. With no spans the diagram is the input alone.
/// With `ascii`, the brackets and connectors are drawn with `+`, `-` and
/// `|` (the input's own row is left as it is).
pub(crate) fn draw(input: &str, above: &[Span], below: &[Span], ascii: bool) -> Vec<String> {
    let glyphs = |line: String| {
        if ascii {
            line.chars().map(ascii_glyph).collect()
        } else {
            line
        }
    };
    let starts: Vec<usize> = above.iter().chain(below).map(|s| s.start).collect();
    let shown = Shown::new(input, &starts);
    let column = |byte: usize| INDENT + shown.column(byte);
    let mut lines: Vec<String> = side(above, Side::Above, column)
        .iter()
        .rev()
        .map(|row| glyphs(finish(row)))
        .collect();
    lines.push(
        format!("{:INDENT$}{}", "", shown.text)
            .trim_end()
            .to_owned(),
    );
    lines.extend(
        side(below, Side::Below, column)
            .iter()
            .map(|row| glyphs(finish(row))),
    );
    lines
}

/// The diagram of a valid reference: [`draw`] with its [`spans`], its
/// brackets in ASCII under `--ascii`.
pub(crate) fn diagram<S: Spec>(reference: &RiReference<'_, S>) -> Vec<String> {
    let (above, below) = spans(reference);
    draw(
        reference.as_str(),
        &above,
        &below,
        crate::settings::get().ascii,
    )
}

/// A box-drawing character in ASCII.
fn ascii_glyph(c: char) -> char {
    match c {
        '─' => '-',
        '│' => '|',
        '┌' | '┐' | '└' | '┘' | '┴' | '┬' | '├' => '+',
        c => c,
    }
}

/// How many characters of one component `explain` draws; a longer one is
/// cut in its middle with `…`, as a caret error cuts a long input.
const MAX_DRAWN: usize = 48;

/// The text `explain` draws for `reference`, when it is not the reference
/// itself: the password hidden unless `--show-password` (RFC 3986
/// §3.2.1), a registered name as [`shown_host`] shows it, and a host, path, query or fragment longer than [`MAX_DRAWN`]
/// characters cut in its middle with `…` (`...` under `--ascii`), never
/// inside a `%XX` triplet. The result is an IRI reference with the same
/// components, shortened.
pub(crate) fn drawn_text<S: Spec>(reference: &RiReference<'_, S>) -> Option<String> {
    let settings = crate::settings::get();
    let marker = if settings.ascii { "..." } else { "…" };
    let mut text = String::with_capacity(reference.as_str().len());
    if let Some(scheme) = reference.scheme() {
        text.push_str(scheme);
        text.push(':');
    }
    if let Some(authority) = reference.authority() {
        text.push_str("//");
        if let Some(userinfo) = authority.userinfo() {
            if settings.show_password {
                text.push_str(userinfo);
            } else {
                text.push_str(&crate::redact::redact_userinfo(userinfo));
            }
            text.push('@');
        }
        let host = authority.host_str();
        if host.starts_with('[') {
            text.push_str(host);
        } else {
            cut(&mut text, &shown_host(host), marker);
        }
        if let Some(port) = authority.port() {
            text.push(':');
            text.push_str(port);
        }
    }
    cut(&mut text, reference.path(), marker);
    if let Some(query) = reference.query() {
        text.push('?');
        cut(&mut text, query, marker);
    }
    if let Some(fragment) = reference.fragment() {
        text.push('#');
        cut(&mut text, fragment, marker);
    }
    (text != reference.as_str()).then_some(text)
}

/// Appends `part` to `out`, cut in its middle with `marker` when longer
/// than [`MAX_DRAWN`] characters; a cut never splits a `%XX` triplet.
fn cut(out: &mut String, part: &str, marker: &str) {
    let count = part.chars().count();
    if count <= MAX_DRAWN {
        out.push_str(part);
        return;
    }
    let keep = (MAX_DRAWN - 1) / 2;
    let mut head = part.char_indices().nth(keep).map_or(part.len(), |(i, _)| i);
    let mut tail = part
        .char_indices()
        .nth(count - keep)
        .map_or(part.len(), |(i, _)| i);
    let bytes = part.as_bytes();
    if let Some(k) = (head.saturating_sub(2)..head).find(|&k| bytes[k] == b'%') {
        head = k;
    }
    if let Some(k) = (tail.saturating_sub(2)..tail).find(|&k| bytes[k] == b'%') {
        tail = (k + 3).min(part.len());
    }
    out.push_str(&part[..head]);
    out.push_str(marker);
    out.push_str(&part[tail..]);
}

/// The input as the diagram shows it, and the display column of each of
/// its bytes.
///
/// ASCII letters, digits and punctuation are shown as they are, one column
/// each (so an ASCII reference is drawn exactly as it is written), and so
/// are other visible characters, in the columns a terminal gives them. The
/// rest is escaped as the caret of an error escapes it: `\t`, `\x20`,
/// `\u{200b}`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Shown {
    /// The text to print.
    text: String,
    /// `columns[i]`: the column, from 0, at which the character holding
    /// byte `i` of the input starts; one more entry, the width of the
    /// whole, for the offset after the last byte.
    columns: Vec<usize>,
}

impl Shown {
    /// `input` as shown, where components begin at the byte offsets
    /// `starts`: a zero-width character there is escaped, so that it
    /// cannot combine with the delimiter before it and every component
    /// takes at least one column.
    fn new(input: &str, starts: &[usize]) -> Self {
        let mut text = String::with_capacity(input.len());
        let mut columns = Vec::with_capacity(input.len() + 1);
        let mut column = 0;
        for (i, c) in input.char_indices() {
            let starts_component = i == 0 || starts.contains(&i);
            let width = show(&mut text, c, starts_component);
            columns.extend(std::iter::repeat_n(column, c.len_utf8()));
            column += width;
        }
        columns.push(column);
        Shown { text, columns }
    }

    /// The column of byte offset `byte` (the width of the whole for one
    /// past the end, or beyond).
    fn column(&self, byte: usize) -> usize {
        let last = self.columns.len() - 1;
        self.columns[byte.min(last)]
    }
}

/// Writes `c` as the diagram shows it; returns the columns it takes. A
/// zero-width character is escaped when `starts_component`.
fn show(out: &mut String, c: char, starts_component: bool) -> usize {
    if c.is_ascii_graphic() {
        out.push(c);
        return 1;
    }
    // uri-core's caret rules, so that a diagram and an error caret agree
    // on where a character is.
    let width = Caret::width(c);
    let escaped = Caret::escapes(c) || (width == 0 && starts_component);
    if !escaped {
        out.push(c);
        return width;
    }
    // Escapes are ASCII: one column per byte.
    let before = out.len();
    let _ = match c {
        '\t' => out.write_str("\\t"),
        '\n' => out.write_str("\\n"),
        '\r' => out.write_str("\\r"),
        _ if c.is_ascii() => write!(out, "\\x{:02x}", u32::from(c)),
        _ => write!(out, "\\u{{{:x}}}", u32::from(c)),
    };
    out.len() - before
}

/// Which side of the input a set of brackets is drawn on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    /// Above: brackets open downwards, rows stack upwards.
    Above,
    /// Below: brackets open upwards, rows stack downwards.
    Below,
}

impl Side {
    /// The bracket characters: left corner, right corner, tick, a corner that
    /// is also the tick (two-column span), a one-column span.
    const fn glyphs(self) -> [char; 5] {
        match self {
            Side::Above => ['┌', '┐', '┴', '├', '│'],
            Side::Below => ['└', '┘', '┬', '├', '│'],
        }
    }
}

/// The rows of one side, nearest the input first: the brackets, then the
/// label rows; none without spans.
fn side(spans: &[Span], side: Side, column: impl Fn(usize) -> usize) -> Vec<Vec<char>> {
    if spans.is_empty() {
        return Vec::new();
    }
    let [left, right, tick_glyph, left_tick, single] = side.glyphs();
    let mut brackets = Vec::new();
    let mut labels = Vec::new();
    for span in spans {
        // Every component takes a column at least (see [`Shown::new`]).
        let start = column(span.start);
        let end = column(span.end).max(start + 1);
        let tick = tick_column(start, end);
        match end - start {
            1 => put(&mut brackets, start, single),
            2 => {
                put(&mut brackets, start, left_tick);
                put(&mut brackets, start + 1, right);
            }
            _ => {
                put(&mut brackets, start, left);
                for c in start + 1..end - 1 {
                    put(&mut brackets, c, '─');
                }
                put(&mut brackets, end - 1, right);
                put(&mut brackets, tick, tick_glyph);
            }
        }
        labels.push(Label {
            tick,
            text: span.label,
        });
    }
    labels.sort_by_key(|l| l.tick);
    let mut rows = vec![brackets];
    for placed in place(&labels) {
        while rows.len() <= placed.row {
            rows.push(Vec::new());
        }
        for row in &mut rows[1..placed.row] {
            put(row, placed.label.tick, '│');
        }
        for (i, c) in placed.label.text.chars().enumerate() {
            put(&mut rows[placed.row], placed.start + i, c);
        }
    }
    rows
}

/// The column of the tick of a bracket over columns `start..end`: the
/// middle, or left of the middle for an even width.
fn tick_column(start: usize, end: usize) -> usize {
    start + (end - start - 1) / 2
}

/// Sets the character at `column` of `row`, padding it with spaces.
fn put(row: &mut Vec<char>, column: usize, c: char) {
    if row.len() <= column {
        row.resize(column + 1, ' ');
    }
    row[column] = c;
}

/// A row as a string without trailing spaces.
fn finish(row: &[char]) -> String {
    let text: String = row.iter().collect();
    text.trim_end().to_owned()
}

/// A label to place: its text and the column of its bracket's tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Label {
    /// The column of the tick the label hangs from.
    tick: usize,
    /// The text.
    text: &'static str,
}

/// A label placed in a row: row 1 is next to the brackets; a label in a
/// further row has a `│` in each row before its own, at its tick's column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Placed {
    /// The label.
    label: Label,
    /// Its row, from 1.
    row: usize,
    /// The column of its first character.
    start: usize,
}

/// Places `labels`, sorted by tick with distinct ticks, in rows, so that
/// no two labels in a row touch and no label covers the column of a
/// connector from a label in a further row.
///
/// Rows are filled one at a time, left to right. A label goes in the
/// current row at the first of three positions (centred on its tick,
/// starting at its tick, ending at its tick) that keeps a space from every
/// label already in the row and from every tick whose label is still to be
/// placed, since that label's connector will pass through this row. When no
/// label fits, the rightmost one is placed starting at its tick, which
/// covers no other tick; so every row places at least one label.
fn place(labels: &[Label]) -> Vec<Placed> {
    let mut placed: Vec<Placed> = Vec::with_capacity(labels.len());
    let mut remaining: Vec<Label> = labels.to_vec();
    let mut row = 0;
    while let Some(&rightmost) = remaining.last() {
        row += 1;
        let row_start = placed.len();
        let mut i = 0;
        while i < remaining.len() {
            let label = remaining[i];
            let len = label.text.chars().count().max(1);
            let candidates = [
                label.tick.checked_sub((len - 1) / 2),
                Some(label.tick),
                (label.tick + 1).checked_sub(len),
            ];
            let fits = |start: usize| {
                let (lo, hi) = (start.saturating_sub(1), start + len + 1);
                let touches_label = placed[row_start..]
                    .iter()
                    .any(|p| lo < p.start + p.label.text.chars().count() && p.start < hi);
                let covers_tick = remaining
                    .iter()
                    .any(|other| other.tick != label.tick && (lo..hi).contains(&other.tick));
                !touches_label && !covers_tick
            };
            match candidates.into_iter().flatten().find(|&start| fits(start)) {
                Some(start) => {
                    placed.push(Placed { label, row, start });
                    remaining.remove(i);
                }
                None => i += 1,
            }
        }
        if placed.len() == row_start {
            placed.push(Placed {
                label: rightmost,
                row,
                start: rightmost.tick,
            });
            remaining.pop();
        }
    }
    placed
}

#[cfg(test)]
mod tests {
    use urikit::{IriReference, UriReference};

    use super::*;

    const EXAMPLE: &str =
        "https://john.doe@www.example.com:123/forum/questions/?tag=networking&order=newest#top";

    fn explain(input: &str) -> Vec<String> {
        diagram(&UriReference::parse(input).unwrap())
    }

    fn labels(spec: &[(usize, &'static str)]) -> Vec<Label> {
        spec.iter()
            .map(|&(tick, text)| Label { tick, text })
            .collect()
    }

    /// Checks that no two labels in a row touch, and that no label covers a
    /// connector from a further row or starts before column 0.
    #[track_caller]
    fn assert_sound(labels: &[Label]) -> Vec<Placed> {
        let placed = place(labels);
        assert_eq!(placed.len(), labels.len());
        let width = |p: &Placed| p.label.text.chars().count();
        for a in &placed {
            for b in &placed {
                if a != b && a.row == b.row {
                    assert!(
                        a.start + width(a) < b.start || b.start + width(b) < a.start,
                        "{a:?} touches {b:?}"
                    );
                }
                if b.row > a.row && b.label.tick != a.label.tick {
                    assert!(
                        !(a.start..a.start + width(a)).contains(&b.label.tick),
                        "{a:?} covers the connector of {b:?}"
                    );
                }
            }
        }
        placed
    }

    #[test]
    fn the_rfc_example() {
        assert_eq!(
            explain(EXAMPLE),
            [
                "          userinfo       host      port",
                "          ┌──┴───┐ ┌──────┴──────┐ ┌┴┐",
                &format!("  {EXAMPLE}"),
                "  └─┬─┘   └────────────┬─────────────┘└───────┬───────┘ └────────────┬────────────┘ └┬┘",
                "  scheme           authority                 path                  query          fragment",
            ]
        );
    }

    fn nonempty(text: Option<&str>) -> Option<&str> {
        text.filter(|t| !t.is_empty())
    }

    #[test]
    fn spans_are_the_components_bytes() {
        for input in [
            EXAMPLE,
            "//u@[::1]:8/p?q#f",
            "a:",
            "?",
            "#f",
            "file:///etc",
            "//@h:",
            "mailto:a@b",
            "",
            "./a:b?#",
        ] {
            let r = UriReference::parse(input).unwrap();
            let (above, below) = spans(&r);
            let text = |label| {
                above
                    .iter()
                    .chain(&below)
                    .find(|s| s.label == label)
                    .map(|s| &input[s.start..s.end])
            };
            assert_eq!(text("scheme"), nonempty(r.scheme()), "{input}");
            assert_eq!(
                text("authority"),
                nonempty(r.authority().map(|a| a.as_str())),
                "{input}"
            );
            assert_eq!(text("userinfo"), nonempty(r.userinfo()), "{input}");
            assert_eq!(text("host"), nonempty(r.host_str()), "{input}");
            assert_eq!(text("port"), nonempty(r.port()), "{input}");
            assert_eq!(text("path"), nonempty(Some(r.path())), "{input}");
            assert_eq!(text("query"), nonempty(r.query()), "{input}");
            assert_eq!(text("fragment"), nonempty(r.fragment()), "{input}");
        }
    }

    #[test]
    fn short_spans() {
        assert_eq!(
            explain("ab:c"),
            [
                "  ab:c", //
                "  ├┘ │",
                "  │ path",
                "scheme",
            ]
        );
    }

    #[test]
    fn empty_components_are_not_drawn() {
        assert_eq!(
            explain("file:///?#"),
            ["  file:///?#", "  └┬─┘   │", " scheme path"]
        );
        // An authority of empty userinfo, host and port.
        assert_eq!(explain("//@:"), ["  //@:", "    ├┘", "authority"]);
        assert_eq!(explain(""), [""]);
    }

    #[test]
    fn colliding_labels_move_to_further_rows() {
        assert_eq!(
            explain("a:b?c#d"),
            [
                "  a:b?c#d", //
                "  │ │ │ │",
                "  │ │ │ fragment",
                "  │ │ query",
                "  │ path",
                "scheme",
            ]
        );
        assert_eq!(
            explain("http://a:1/b?c#d"),
            [
                "      host port",
                "         │ │",
                "  http://a:1/b?c#d",
                "  └┬─┘   └┬┘├┘ │ │",
                " scheme   │ │  │ fragment",
                "  authority │  query",
                "           path",
            ]
        );
    }

    #[test]
    fn adjacent_ticks() {
        // The authority and the path are one column apart: the fallback
        // places the path's label right of the authority's connector.
        assert_eq!(
            explain("//a/"),
            [
                "   host", //
                "    │",
                "  //a/",
                "    ││",
                "    │path",
                "authority",
            ]
        );
    }

    #[test]
    fn placement_is_sound() {
        assert_sound(&labels(&[
            (2, "scheme"),
            (4, "path"),
            (6, "query"),
            (8, "fragment"),
        ]));
        assert_sound(&labels(&[
            (4, "authority"),
            (5, "path"),
            (6, "query"),
            (7, "fragment"),
        ]));
        assert_sound(&labels(&[(0, "x"), (1, "y"), (2, "z")]));
        let mut many = Vec::new();
        for tick in (0..60).step_by(3) {
            many.push(Label {
                tick,
                text: "a-long-label",
            });
        }
        let placed = assert_sound(&many);
        assert!(placed.iter().all(|p| p.row <= many.len()));
        for input in [
            EXAMPLE,
            "a:b?c#d",
            "http://a:1/b?c#d",
            "//u@h:1",
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
        ] {
            let r = UriReference::parse(input).unwrap();
            let (above, below) = spans(&r);
            for spans in [above, below] {
                let ticks: Vec<Label> = spans
                    .iter()
                    .map(|s| Label {
                        tick: tick_column(INDENT + s.start, INDENT + s.end),
                        text: s.label,
                    })
                    .collect();
                assert_sound(&ticks);
            }
        }
    }

    #[test]
    fn wide_labels_all_fit_on_one_row_when_apart() {
        let placed = assert_sound(&labels(&[(10, "scheme"), (30, "authority"), (50, "path")]));
        assert!(placed.iter().all(|p| p.row == 1));
        assert_eq!(
            placed.iter().map(|p| p.start).collect::<Vec<_>>(),
            [8, 26, 49]
        );
    }

    #[test]
    fn non_ascii_input_is_drawn_by_characters() {
        let spans = [Span {
            label: "path",
            start: 0,
            end: "é/ü".len(),
        }];
        assert_eq!(
            draw("é/ü", &[], &spans, false),
            ["  é/ü", "  └┬┘", "  path"]
        );
        assert_eq!(draw("é/ü", &[], &spans, true), ["  é/ü", "  +++", "  path"]);
    }

    fn explain_iri(input: &str) -> Vec<String> {
        diagram(&IriReference::parse(input).unwrap())
    }

    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!(
            explain_iri("http://納豆.jp/"),
            [
                "           host",
                "         ┌──┴──┐",
                "  http://納豆.jp/",
                "  └┬─┘   └──┬──┘│",
                " scheme     │  path",
                "        authority",
            ]
        );
    }

    #[test]
    fn iris_of_ascii_are_drawn_as_uris() {
        for input in [EXAMPLE, "a:b?c#d", "//a/", "http://a:1/b?c#d", ""] {
            assert_eq!(explain_iri(input), explain(input), "{input}");
        }
    }

    #[test]
    fn invisible_characters_are_escaped() {
        // A zero-width space in the host, a no-break space in the query.
        assert_eq!(
            explain_iri("//a\u{200B}b?\u{A0}"),
            [
                "       host",
                "    ┌───┴────┐",
                "  //a\\u{200b}b?\\u{a0}",
                "    └───┬────┘ └─┬──┘",
                "    authority  query",
            ]
        );
    }

    #[test]
    fn combining_marks_are_escaped_only_where_a_component_begins() {
        // `e` and U+0301 are one column; U+0301 after `:` would sit on it.
        assert_eq!(
            explain_iri("a:cafe\u{301}"),
            ["  a:cafe\u{301}", "  │ └┬─┘", "  │ path", "scheme"]
        );
        assert_eq!(
            explain_iri("a:\u{301}"),
            ["  a:\\u{301}", "  │ └──┬──┘", "scheme path"]
        );
    }

    #[test]
    fn shown_columns() {
        let shown = Shown::new("a納\u{301}\tb", &[]);
        assert_eq!(shown.text, "a納\u{301}\\tb");
        // a: 0; 納 (3 bytes): 1; U+0301 (2 bytes): 3, no width; \t: 3, two
        // columns escaped; b: 5; the end: 6.
        assert_eq!(shown.columns, [0, 1, 1, 1, 3, 3, 3, 5, 6]);
        assert_eq!(shown.column(100), 6);
    }
}
