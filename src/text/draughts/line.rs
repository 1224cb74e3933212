//! One line of draughts movetext read from a starting position: clean text
//! resolved directly, anything else through the scanner and the decoder.

use super::clean::{parse_clean, RawMove};
use super::scan::scan;
use super::spelling::{describe, BookDraughts};
use crate::diagnostic::Diagnostic;
use crate::repair::{self, build_line, DecodeOptions};
use crate::rules::draughts::{self, Position};
use crate::span::Span;
use crate::tree::Line;

/// Options for reading draughts movetext.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    pub decode: DecodeOptions,
}

/// Read one line of movetext from `start`: clean text is resolved directly,
/// anything else is decoded. `text` is the whole source; the line is `range`.
pub fn read_line(text: &str, range: Span, start: &Position, opts: &ReadOptions) -> (Line, Vec<Diagnostic>) {
    let body = range.slice(text);
    let mut line = Line::trunk();
    line.span = range;
    if let Some(raw) = parse_clean(body, range.start)
        && let Some(moves) = resolve_all(start, &raw, text) {
            line.moves = moves;
            return (line, Vec::new());
        }
    let tokens = scan(body, range.start);
    let (mut line, diagnostics) = read_tokens(text, &tokens, start, opts);
    line.span = range;
    (line, diagnostics)
}

/// Read movetext from scanned tokens, which may come from several places in
/// `text` (the cells of one printed column).
pub fn read_tokens(text: &str, tokens: &[repair::Token], start: &Position, opts: &ReadOptions) -> (Line, Vec<Diagnostic>) {
    let decoded = repair::decode(&BookDraughts, start, tokens, &opts.decode);
    line_of(text, tokens, start, &decoded)
}

/// [`read_tokens`] for a search that reads the same tokens from many starts:
/// `reader` holds them and what reading them from one start found that holds for all.
pub fn read_tokens_with(text: &str, reader: &repair::Reader<BookDraughts>, start: &Position) -> (Line, Vec<Diagnostic>) {
    line_of(text, reader.tokens(), start, &reader.decode(start))
}

fn line_of(text: &str, tokens: &[repair::Token], start: &Position, decoded: &repair::Decoded<draughts::Move>) -> (Line, Vec<Diagnostic>) {
    let mut line = Line::trunk();
    if let (Some(first), Some(last)) = (tokens.first(), tokens.last()) {
        line.span = first.span.join(last.span);
    }
    let reading = build_line(&BookDraughts, start, text, decoded, describe);
    line.moves = reading.moves;
    line.unread = reading.unread;
    line.readings = reading.readings;
    line.status = reading.status;
    line.annotations = reading.annotations;
    let mut diagnostics = reading.diagnostics;
    // Marks and junk inside a read line are kept as annotations, not lost.
    for t in tokens {
        if t.kind == repair::TokenKind::Marker && line.unread.as_ref().is_none_or(|u| t.span.start < u.span.start) {
            line.annotations.push(crate::tree::Annotation { kind: crate::tree::AnnotationKind::Star, text: t.text.clone(), span: t.span });
        }
    }
    diagnostics.sort_by_key(|d| d.span.start);
    (line, diagnostics)
}

fn resolve_all(start: &Position, raw: &[RawMove], text: &str) -> Option<Vec<crate::tree::MoveNode>> {
    let mut pos = *start;
    let mut out = Vec::new();
    for r in raw {
        let mv = draughts::resolve(&pos, &r.squares).ok()?;
        let (canonical, squares) = describe(&pos, &mv);
        out.push(crate::tree::MoveNode {
            text: canonical,
            squares,
            span: r.span,
            printed: r.span.slice(text).to_string(),
            repair: None,
            annotations: Vec::new(),
            origin: Default::default(),
            go: None,
        });
        pos = pos.play(&mv);
    }
    Some(out)
}
