//! Diagnostics: what went wrong (or was repaired) and where, kept as data in
//! the tree and rendered with miette only when shown to a person.

mod code;

pub use code::Code;

use crate::span::Span;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Note,
}

/// One finding about the source, with the exact bytes it concerns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub severity: Severity,
    /// What kind of finding this is; serialised as its stable name, e.g. `pdn::unterminated-comment`.
    pub code: Code,
    pub message: String,
    pub span: Span,
    /// Short text shown under the span.
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// The file `span` points into when it is not the source the diagnostic
    /// belongs to: a corrections file read with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

impl Diagnostic {
    pub fn new(severity: Severity, code: Code, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            span,
            label: String::new(),
            help: None,
            file: None,
        }
    }

    pub fn error(code: Code, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic::new(Severity::Error, code, message, span)
    }

    pub fn warning(code: Code, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic::new(Severity::Warning, code, message, span)
    }

    pub fn note(code: Code, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic::new(Severity::Note, code, message, span)
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = label.into();
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A diagnostic joined to its source, so miette can draw it.
#[derive(Debug)]
struct Rendered<'a> {
    diag: &'a Diagnostic,
    source: Excerpted,
}

/// A few lines cut out of a source for miette, numbered as in the source:
/// rendering one diagnostic costs the lines shown, not the lines before them.
#[derive(Debug)]
struct Excerpted {
    name: String,
    text: String,
    /// Lines of the source before the first one in `text`.
    lines_before: usize,
    /// Where the marked span starts in `text`, and its 0-based column (in
    /// characters) in the source: a shortened line starts elsewhere.
    marked_at: usize,
    column: usize,
}

impl miette::SourceCode for Excerpted {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let inner = self.text.read_span(span, context_lines_before, context_lines_after)?;
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.lines_before,
            if span.offset() == self.marked_at { self.column } else { inner.column() },
            inner.line_count(),
        )))
    }
}

/// Where the lines of a text start, found once per text so each diagnostic's
/// line number and neighbours are looked up, not counted from the top (a
/// file's diagnostics are drawn a game at a time: counted per drawing, the
/// whole file would be walked once a game). Only every `LINES_PER_MARK`th
/// start is kept, and the few lines after it are counted when asked: a start
/// for every line took more memory than the text of a file of short lines.
#[derive(Clone, Debug)]
pub struct LineStarts {
    /// The byte where line `k * LINES_PER_MARK + 1` starts, for each `k`.
    marks: Vec<usize>,
    /// The pieces `text.split('\n')` gives.
    lines: usize,
}

/// How many lines lie between two kept starts.
const LINES_PER_MARK: usize = 64;

impl LineStarts {
    pub fn new(text: &str) -> LineStarts {
        let mut marks = vec![0];
        let mut lines = 1;
        for (i, _) in text.bytes().enumerate().filter(|&(_, b)| b == b'\n') {
            if lines % LINES_PER_MARK == 0 {
                marks.push(i + 1);
            }
            lines += 1;
        }
        LineStarts { marks, lines }
    }

    /// The 1-based line the byte `at` of `text` is on, and where that line starts.
    fn locate(&self, text: &str, at: usize) -> (usize, usize) {
        let mark = self.marks.partition_point(|&start| start <= at).max(1) - 1;
        let at = at.min(text.len());
        let from = self.marks[mark].min(at);
        let (mut line, mut start) = (mark * LINES_PER_MARK + 1, from);
        for (i, _) in text.as_bytes()[from..at].iter().enumerate().filter(|&(_, &b)| b == b'\n') {
            (line, start) = (line + 1, from + i + 1);
        }
        (line, start)
    }

    /// The 1-based line the byte `at` of `text` is on.
    fn line_of(&self, text: &str, at: usize) -> usize {
        self.locate(text, at).0
    }

    /// Where line `n` (1-based) of `text` starts.
    fn start_of(&self, text: &str, n: usize) -> Option<usize> {
        let index = n.checked_sub(1).filter(|&i| i < self.lines)?;
        let mark = self.marks[index / LINES_PER_MARK];
        let skip = index % LINES_PER_MARK;
        if skip == 0 {
            return Some(mark);
        }
        text.as_bytes()[mark..].iter().enumerate().filter(|&(_, &b)| b == b'\n').nth(skip - 1).map(|(i, _)| mark + i + 1)
    }

    /// The 1-based line and column (in characters) of byte `at` of `text`,
    /// the text these starts were found in (inside a character: where it starts).
    pub fn line_and_column(&self, text: &str, at: usize) -> (usize, usize) {
        let at = floor_boundary(text, at);
        let (line, start) = self.locate(text, at);
        (line, text[start..at].chars().count() + 1)
    }

    /// The pieces `text.split('\n')` gives.
    fn count(&self) -> usize {
        self.lines
    }

    /// Line `n` (1-based) without its newline.
    fn line<'t>(&self, text: &'t str, n: usize) -> Option<&'t str> {
        let start = self.start_of(text, n)?;
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        Some(&text[start..end])
    }
}

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diag.message)
    }
}

impl std::error::Error for Rendered<'_> {}

impl miette::Diagnostic for Rendered<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(&self.diag.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diag.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Note => miette::Severity::Advice,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diag.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let label = (!self.diag.label.is_empty()).then(|| self.diag.label.clone());
        Some(Box::new(std::iter::once(miette::LabeledSpan::new_with_span(
            label,
            self.diag.span,
        ))))
    }
}

/// Characters of a source line kept before a span's start, and at most after it.
const KEEP_BEFORE: usize = 40;
const KEEP_LINE: usize = 100;
/// Most characters of a span underlined; a longer span is marked by its start.
const KEEP_SPAN: usize = 60;

/// One source line cut down around a span: what a person needs to see of a
/// 1,000-character OCR line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excerpt {
    /// 1-based line and column (in characters) of the span's start.
    pub line: usize,
    pub col: usize,
    pub before: String,
    /// The span's text on its first line, at most `KEEP_SPAN` characters.
    pub marked: String,
    pub after: String,
    /// Text was left out before `before` / after `after` / of the span itself.
    pub cut_before: bool,
    pub cut_after: bool,
    pub cut_span: bool,
}

impl Excerpt {
    /// The line as shown: `…` where text was left out.
    pub fn shown(&self) -> String {
        format!("{}{}{}{}{}", if self.cut_before { "…" } else { "" }, self.before, self.marked, self.after, if self.cut_after { "…" } else { "" })
    }
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Byte offset `chars` characters before/after `from`, kept within `lo..=hi`.
fn step_chars(text: &str, from: usize, chars: usize, forward: bool, limit: usize) -> usize {
    if forward {
        text[from..limit].char_indices().nth(chars).map_or(limit, |(i, _)| from + i)
    } else {
        text[limit..from].char_indices().rev().nth(chars.saturating_sub(1)).map_or(limit, |(i, _)| limit + i)
    }
}

/// The source line a span starts on, shortened around the span; its line
/// looked up in the text's line starts.
pub fn excerpt_with(text: &str, span: Span, lines: &LineStarts) -> Excerpt {
    excerpt_on_line(text, span, lines.line_of(text, floor_boundary(text, span.start)))
}

/// As [`excerpt_with`], with the span's 1-based line number already known.
fn excerpt_on_line(text: &str, span: Span, line: usize) -> Excerpt {
    let start = floor_boundary(text, span.start);
    let end = floor_boundary(text, span.end.max(start));
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let line_end = if text[..line_end].ends_with('\r') && line_end > start { line_end - 1 } else { line_end };
    let mark_end = step_chars(text, start, KEEP_SPAN, true, end.min(line_end).max(start));
    let from = if start == line_start { line_start } else { step_chars(text, start, KEEP_BEFORE, false, line_start) };
    let shown_so_far = text[from..mark_end].chars().count();
    let to = step_chars(text, mark_end, KEEP_LINE.saturating_sub(shown_so_far).max(20), true, line_end);
    Excerpt {
        line,
        col: text[line_start..start].chars().count() + 1,
        before: text[from..start].to_string(),
        marked: text[start..mark_end].to_string(),
        after: text[mark_end..to].to_string(),
        cut_before: from > line_start,
        cut_after: to < line_end,
        cut_span: mark_end < end,
    }
}

/// A stand-in source for miette: the lines before the diagnostic's are blank
/// (so line numbers stay right), its line and the one on either side shortened.
/// Returns the text and the span within it.
fn shortened_source(text: &str, span: Span, lines: &LineStarts) -> (String, Span, usize) {
    let ex = excerpt_with(text, span, lines);
    let context = |n: usize| -> Option<String> {
        let line = lines.line(text, n)?.trim_end_matches('\r');
        // The empty piece after a final newline is no line.
        if line.is_empty() && n == lines.count() {
            return None;
        }
        let cut: String = line.chars().take(KEEP_LINE).collect();
        Some(if cut.len() < line.len() { format!("{cut}…") } else { cut })
    };
    let lines_before = ex.line.saturating_sub(2);
    let mut out = String::new();
    if ex.line > 1 {
        out.push_str(&context(ex.line - 1).unwrap_or_default());
        out.push('\n');
    }
    if ex.cut_before {
        out.push('…');
    }
    out.push_str(&ex.before);
    let at = out.len();
    out.push_str(&ex.marked);
    let marked = Span::new(at, out.len());
    out.push_str(&ex.after);
    if ex.cut_after {
        out.push('…');
    }
    let next = context(ex.line + 1);
    if let Some(next) = &next {
        out.push('\n');
        out.push_str(next);
    }
    // End as the source does after the last line shown: with a newline only if it has one.
    if lines.count() > ex.line + usize::from(next.is_some()) {
        out.push('\n');
    }
    (out, marked, lines_before)
}

/// Render diagnostics as miette reports with a `file:line:col` header each.
/// Long source lines are shortened around the span. `color` false gives plain
/// text (for tests and pipes).
pub fn render(diags: &[Diagnostic], name: &str, text: &str, color: bool) -> String {
    let mut out = String::new();
    render_each(diags.iter().cloned(), name, text, color, |one| out.push_str(one));
    out
}

/// As [`render`], each diagnostic's drawing handed to `each` as it is made:
/// a file's many thousands are written out one by one, never held as one string.
pub fn render_each(diags: impl IntoIterator<Item = Diagnostic>, name: &str, text: &str, color: bool, each: impl FnMut(&str)) {
    let mut diags = diags.into_iter().peekable();
    if diags.peek().is_some() {
        render_each_on(diags, name, text, &LineStarts::new(text), color, each);
    }
}

/// As [`render_each`], with the line starts of `text` already found.
pub fn render_each_on(diags: impl IntoIterator<Item = Diagnostic>, name: &str, text: &str, lines: &LineStarts, color: bool, mut each: impl FnMut(&str)) {
    let handler = if color {
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode())
    } else {
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
    }
    .with_context_lines(1)
    .with_width(100);
    let mut out = String::new();
    for mut diag in diags {
        out.clear();
        // Clamp so a bad span can never make rendering fail.
        diag.span.end = diag.span.end.min(text.len());
        diag.span.start = diag.span.start.min(diag.span.end);
        diag.span.start = floor_boundary(text, diag.span.start);
        while !text.is_char_boundary(diag.span.end) {
            diag.span.end += 1;
        }
        let ex = excerpt_on_line(text, diag.span, lines.line_of(text, diag.span.start));
        out.push_str(&format!("{name}:{}:{}: ", ex.line, ex.col));
        let (short, span, lines_before) = shortened_source(text, diag.span, lines);
        if ex.cut_span {
            diag.label = if diag.label.is_empty() { "(the span runs on)".into() } else { format!("{} (the span runs on)", diag.label) };
        }
        diag.span = span;
        let source = Excerpted { name: name.to_string(), text: short, lines_before, marked_at: span.start, column: ex.col - 1 };
        let rendered = Rendered { diag: &diag, source };
        if handler.render_report(&mut out, &rendered).is_err() {
            out.push_str(&diag.message);
            out.push('\n');
        }
        each(&out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_starts_agree_with_counting_every_line() {
        for lines in [0, 1, 2, 63, 64, 65, 128, 129, 300] {
            for final_newline in [false, true] {
                let mut text: String = (0..lines).map(|i| format!("{}é{}", "x".repeat(i % 5), if i + 1 < lines || final_newline { "\n" } else { "" })).collect();
                if lines == 0 && final_newline {
                    text.push('\n');
                }
                let starts = LineStarts::new(&text);
                let pieces: Vec<&str> = text.split('\n').collect();
                assert_eq!(starts.count(), pieces.len());
                for (n, piece) in pieces.iter().enumerate() {
                    assert_eq!(starts.line(&text, n + 1), Some(*piece), "line {} of {lines}", n + 1);
                }
                assert_eq!(starts.line(&text, pieces.len() + 1), None);
                assert_eq!(starts.line(&text, 0), None);
                for at in (0..=text.len()).filter(|&at| text.is_char_boundary(at)) {
                    let line = text[..at].matches('\n').count() + 1;
                    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
                    assert_eq!(starts.line_and_column(&text, at), (line, text[start..at].chars().count() + 1), "byte {at} of {lines} lines");
                }
            }
        }
    }

    #[test]
    fn render_names_file_line_and_column() {
        let text = "11-15 24-20\n99 100\n";
        let d = Diagnostic::error(crate::diagnostic::Code::NumericNoSquare, "99 is not a square", Span::new(12, 14))
            .with_label("squares run 1 to 32");
        let out = render(&[d], "game.txt", text, false);
        assert!(out.starts_with("game.txt:2:1: "), "{out}");
        assert!(out.contains("squares run 1 to 32"), "{out}");
    }

    #[test]
    fn a_long_line_is_shortened_around_the_span() {
        let text = format!("{}11-l5{}\nnext\n", "x".repeat(900), "y".repeat(900));
        let d = Diagnostic::error(crate::diagnostic::Code::NumericBad, "bad move", Span::new(900, 905)).with_label("here");
        let out = render(&[d], "f", &text, false);
        assert!(out.starts_with("f:1:901: "), "{out}");
        assert!(out.contains("…xxxx") && out.contains("11-l5yyy") && out.contains("y…"), "{out}");
        assert!(out.len() < 1200, "{} chars:\n{out}", out.len());
        let ex = excerpt_with(&text, Span::new(900, 905), &LineStarts::new(&text));
        assert_eq!((ex.line, ex.col, ex.marked.as_str()), (1, 901, "11-l5"));
        assert_eq!(ex.before.chars().count(), 40);
    }

    #[test]
    fn a_long_span_is_underlined_by_its_start_only() {
        let text = "a".repeat(2000);
        let d = Diagnostic::error(Code::NumericBad, "long", Span::new(10, 1990));
        let out = render(&[d], "f", &text, false);
        assert!(out.contains("(the span runs on)"), "{out}");
        assert!(out.len() < 1200, "{} chars", out.len());
    }

    #[test]
    fn line_numbers_stay_right_far_into_a_file() {
        let text = "a\n".repeat(500) + "12-16 99\n";
        let d = Diagnostic::error(Code::NumericBad, "no square", Span::new(1006, 1008));
        let out = render(&[d], "f", &text, false);
        assert!(out.starts_with("f:501:7: "), "{out}");
        assert!(out.contains("501 │ 12-16 99"), "{out}");
    }

    #[test]
    fn render_survives_a_span_past_the_end() {
        let d = Diagnostic::error(Code::NumericBad, "past the end", Span::new(5, 500));
        let out = render(&[d], "f", "abc", false);
        assert!(out.contains("past the end"));
    }
}
