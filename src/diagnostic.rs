//! Diagnostics: what went wrong (or was repaired) and where, kept as data in
//! the tree and rendered with miette only when shown to a person.

use crate::span::{LineIndex, Span};
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
    /// Stable machine name, e.g. `pdn::unterminated-comment`.
    pub code: String,
    pub message: String,
    pub span: Span,
    /// Short text shown under the span.
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn new(severity: Severity, code: &str, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            severity,
            code: code.to_string(),
            message: message.into(),
            span,
            label: String::new(),
            help: None,
        }
    }

    pub fn error(code: &str, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic::new(Severity::Error, code, message, span)
    }

    pub fn warning(code: &str, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic::new(Severity::Warning, code, message, span)
    }

    pub fn note(code: &str, message: impl Into<String>, span: Span) -> Diagnostic {
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
    source: miette::NamedSource<String>,
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

/// Render diagnostics as miette reports with a `file:line:col` header each.
/// `color` false gives plain text (for tests and pipes).
pub fn render(diags: &[Diagnostic], name: &str, text: &str, color: bool) -> String {
    let index = LineIndex::new(text);
    let handler = if color {
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode())
    } else {
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
    }
    .with_context_lines(1)
    .with_width(100);
    let mut out = String::new();
    for diag in diags {
        // Clamp so a bad span can never make rendering fail.
        let mut diag = diag.clone();
        diag.span.end = diag.span.end.min(text.len());
        diag.span.start = diag.span.start.min(diag.span.end);
        while !text.is_char_boundary(diag.span.start) {
            diag.span.start -= 1;
        }
        while !text.is_char_boundary(diag.span.end) {
            diag.span.end += 1;
        }
        let (line, col) = index.line_col(text, diag.span.start);
        out.push_str(&format!("{name}:{line}:{col}: "));
        let rendered = Rendered {
            diag: &diag,
            source: miette::NamedSource::new(name, text.to_string()),
        };
        if handler.render_report(&mut out, &rendered).is_err() {
            out.push_str(&diag.message);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_names_file_line_and_column() {
        let text = "11-15 24-20\n99 100\n";
        let d = Diagnostic::error("numeric::no-square", "99 is not a square", Span::new(12, 14))
            .with_label("squares run 1 to 32");
        let out = render(&[d], "game.txt", text, false);
        assert!(out.starts_with("game.txt:2:1: "), "{out}");
        assert!(out.contains("squares run 1 to 32"), "{out}");
    }

    #[test]
    fn render_survives_a_span_past_the_end() {
        let d = Diagnostic::error("x", "past the end", Span::new(5, 500));
        let out = render(&[d], "f", "abc", false);
        assert!(out.contains("past the end"));
    }
}
