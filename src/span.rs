//! Byte spans into a source text, and line/column lookup for rendering.

use serde::{Deserialize, Serialize};

/// A half-open byte range `start..end` into one source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    pub const fn len(self) -> usize {
        self.end - self.start
    }

    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// The text this span covers, or `""` if it is out of bounds or splits a character.
    pub fn slice(self, text: &str) -> &str {
        text.get(self.start..self.end).unwrap_or("")
    }

    /// This span moved right by `offset` bytes (for text read out of a larger source).
    pub const fn shifted(self, offset: usize) -> Span {
        Span::new(self.start + offset, self.end + offset)
    }
}

impl From<std::ops::Range<usize>> for Span {
    fn from(r: std::ops::Range<usize>) -> Span {
        Span::new(r.start, r.end)
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(s: Span) -> miette::SourceSpan {
        (s.start, s.len()).into()
    }
}

/// Line starts of a text, to turn byte offsets into 1-based line and column.
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// A line ends at LF, CRLF or a lone CR (old Mac files), so a text gives
    /// the same line and column in any of those dresses.
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        starts.extend(text.match_indices(['\n', '\r']).filter(|&(i, c)| c == "\n" || bytes.get(i + 1) != Some(&b'\n')).map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// 1-based (line, column); the column counts characters, not bytes.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let col = text
            .get(start..offset.min(text.len()))
            .map_or(offset - start, |s| s.chars().count());
        (line + 1, col + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        let text = "ab\ncdé\nf";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_col(text, 0), (1, 1));
        assert_eq!(idx.line_col(text, 3), (2, 1));
        assert_eq!(idx.line_col(text, 8), (3, 1));
        assert_eq!(idx.line_col(text, 7), (2, 4));
    }

    #[test]
    fn crlf_and_lone_cr_end_lines_like_lf() {
        for text in ["ab\ncd\nef", "ab\r\ncd\r\nef", "ab\rcd\ref"] {
            let idx = LineIndex::new(text);
            let e = text.find('e').unwrap();
            assert_eq!(idx.line_col(text, e), (3, 1), "{text:?}");
            assert_eq!(idx.line_col(text, e + 1), (3, 2), "{text:?}");
        }
    }

    #[test]
    fn slice_out_of_bounds_is_empty() {
        assert_eq!(Span::new(2, 9).slice("abc"), "");
        assert_eq!(Span::new(1, 3).slice("abc"), "bc");
    }
}
