//! Columns of text in, columns of text out: the three Arrow string types
//! read row by row, and a `Utf8View` builder whose rows may be slices of
//! the input's own buffers.
//!
//! A component of a URI is a byte range of the URI's text. When the text
//! sits in an Arrow buffer (a `Utf8` or `LargeUtf8` values buffer, or a
//! `Utf8View` data buffer), the output row can be a view of that range:
//! the output array shares the input's buffers (an `Arc` each, once per
//! batch) and writes 16 bytes of view per row, whatever the component's
//! length. [`Views`] does that; a row whose text changed (a masked
//! password, a normalized form) is copied into a buffer of its own.

use std::ops::Range;

use datafusion::arrow::array::{
    Array, ArrayRef, AsArray, ByteView, LargeStringArray, StringArray, StringViewArray,
    StringViewBuilder,
};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{Result, exec_err};

/// One column of text: any of Arrow's three string types, or a column of
/// the `Null` type (every row null, as a SQL `NULL` literal is typed).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Texts<'a> {
    /// `Utf8`: 32-bit offsets into one values buffer.
    Utf8(&'a StringArray),
    /// `LargeUtf8`: 64-bit offsets into one values buffer.
    Large(&'a LargeStringArray),
    /// `Utf8View`: a view per row, the text inline (12 bytes or fewer) or
    /// in one of the data buffers.
    View(&'a StringViewArray),
    /// The `Null` type: `len` rows, all null.
    Null(usize),
}

impl<'a> Texts<'a> {
    /// The column `array` as text; an error naming the type for any other
    /// type (the signatures coerce arguments, so this is not reached from
    /// SQL).
    pub(crate) fn new(array: &'a ArrayRef) -> Result<Self> {
        Ok(match array.data_type() {
            DataType::Utf8 => Texts::Utf8(array.as_string::<i32>()),
            DataType::LargeUtf8 => Texts::Large(array.as_string::<i64>()),
            DataType::Utf8View => Texts::View(array.as_string_view()),
            DataType::Null => Texts::Null(array.len()),
            other => return exec_err!("expected a text column, found {other}"),
        })
    }

    /// The number of rows.
    pub(crate) fn len(&self) -> usize {
        match self {
            Texts::Utf8(a) => a.len(),
            Texts::Large(a) => a.len(),
            Texts::View(a) => a.len(),
            Texts::Null(len) => *len,
        }
    }

    /// The text of row `row`, `None` when it is null.
    #[inline]
    pub(crate) fn get(&self, row: usize) -> Option<&'a str> {
        match self {
            Texts::Utf8(a) => a.is_valid(row).then(|| a.value(row)),
            Texts::Large(a) => a.is_valid(row).then(|| a.value(row)),
            Texts::View(a) => a.is_valid(row).then(|| a.value(row)),
            Texts::Null(_) => None,
        }
    }
}

/// Where the rows of the input column start in the blocks of a
/// [`Views`] builder.
#[derive(Debug, Clone, Copy)]
enum Origin {
    /// Rows are copied (a `LargeUtf8` values buffer of 4 GiB or more,
    /// whose offsets a view cannot hold, or a `Null` column).
    Copy,
    /// A `Utf8` or `LargeUtf8` values buffer, as this block.
    Values(u32),
    /// The data buffers of a `Utf8View` column, from this block on.
    Buffers(u32),
}

/// A `Utf8View` column under construction whose rows are, where the text
/// is unchanged, views of the input column's buffers (no bytes copied),
/// and otherwise copies.
#[derive(Debug)]
pub(crate) struct Views<'a> {
    builder: StringViewBuilder,
    texts: Texts<'a>,
    origin: Origin,
}

impl<'a> Views<'a> {
    /// A builder for a column of `texts.len()` rows whose slices come from
    /// `texts`: its buffers are added as blocks of the output (an `Arc`
    /// clone each).
    pub(crate) fn new(texts: Texts<'a>) -> Self {
        let mut builder = StringViewBuilder::with_capacity(texts.len());
        let origin = match texts {
            Texts::Utf8(a) => Origin::Values(builder.append_block(a.values().clone())),
            Texts::Large(a) if a.values().len() < u32::MAX as usize => {
                Origin::Values(builder.append_block(a.values().clone()))
            }
            Texts::View(a) => {
                let mut first = None;
                for buffer in a.data_buffers() {
                    let block = builder.append_block(buffer.clone());
                    first.get_or_insert(block);
                    // (Blocks are numbered in order: the first is enough.)
                }
                first.map_or(Origin::Copy, Origin::Buffers)
            }
            Texts::Large(_) | Texts::Null(_) => Origin::Copy,
        };
        Views {
            builder,
            texts,
            origin,
        }
    }

    /// Appends the bytes `range` of row `row`'s text, as a view of the
    /// input's buffer when there is one. `range` must lie on character
    /// boundaries of that text (a component's span does).
    pub(crate) fn push_slice(&mut self, row: usize, range: Range<usize>) -> Result<()> {
        let (Ok(start), Ok(len)) = (u32::try_from(range.start), u32::try_from(range.len())) else {
            return self.copy_slice(row, range);
        };
        // Where the row's text starts in the values buffer (Utf8 and
        // LargeUtf8), when a view can address it (a `u32`).
        let row_start = match self.texts {
            Texts::Utf8(a) => u32::try_from(a.value_offsets()[row]).ok(),
            Texts::Large(a) => u32::try_from(a.value_offsets()[row]).ok(),
            _ => None,
        };
        match (self.origin, self.texts) {
            (Origin::Values(block), Texts::Utf8(_) | Texts::Large(_)) => {
                match row_start.and_then(|row_start| row_start.checked_add(start)) {
                    Some(at) => {
                        self.builder.try_append_view(block, at, len)?;
                        Ok(())
                    }
                    None => self.copy_slice(row, range),
                }
            }
            (Origin::Buffers(first), Texts::View(a)) => {
                let view = ByteView::from(a.views()[row]);
                if view.length <= 12 {
                    // The text is inline in its view: so is any slice.
                    return self.copy_slice(row, range);
                }
                self.builder.try_append_view(
                    first + view.buffer_index,
                    view.offset + start,
                    len,
                )?;
                Ok(())
            }
            _ => self.copy_slice(row, range),
        }
    }

    /// Appends a copy of the bytes `range` of row `row`'s text.
    fn copy_slice(&mut self, row: usize, range: Range<usize>) -> Result<()> {
        match self.texts.get(row).and_then(|text| text.get(range)) {
            Some(part) => self.builder.append_value(part),
            None => self.builder.append_null(),
        }
        Ok(())
    }

    /// Appends `text`, copied.
    pub(crate) fn push_str(&mut self, text: &str) {
        self.builder.append_value(text);
    }

    /// Appends a null.
    pub(crate) fn push_null(&mut self) {
        self.builder.append_null();
    }

    /// The column.
    pub(crate) fn finish(mut self) -> StringViewArray {
        self.builder.finish()
    }
}
