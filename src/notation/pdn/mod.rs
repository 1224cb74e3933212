//! PDN 3.0 for English draughts (GameType 21): tags, move numbers, moves with
//! `-` and `x`, nested variations, comments, results; what CheckerBoard and
//! pydraughts write (trailing dot in FEN, `%` escape lines, `*` as a strength
//! mark in old files).
//!
//! Reading is one pass over the lexemes with an explicit stack, so nesting
//! depth costs no native stack; variations become flat tree lines with a
//! parent and a branch ply. Each line is then replayed through the engine.

mod lex;
pub mod bench;
pub mod grammar;
mod validate;
pub use validate::{validate, Stats};

pub use lex::{Lexeme, Lexer, Token};

use crate::diagnostic::Diagnostic;
use crate::notation::numeric::{describe, move_text_among};
use crate::rules::draughts::{self, Position, ResolveError};
use crate::span::Span;
use crate::tree::{Annotation, Game, Line, LineStatus, MoveNode, Outcome, Source, StatedResult, Unread};

/// Variations nested deeper than this are kept as unread text.
pub const MAX_DEPTH: usize = 256;

/// A line as read, before replay: its moves as printed.
#[derive(Clone, Debug, Default)]
struct RawLine {
    line: Line,
    raw: Vec<(Vec<u8>, Span)>,
}

/// A game being read: its tags, lines, and the stack of open variations.
#[derive(Default)]
struct GameBuilder {
    tags: Vec<(String, String)>,
    fen: Option<(String, Span)>,
    lines: Vec<RawLine>,
    stack: Vec<usize>,
    /// Depth of variations opened past `MAX_DEPTH`, skipped as unread.
    skipped_depth: usize,
    result: Option<StatedResult>,
    span: Span,
    started: bool,
}

impl GameBuilder {
    fn new(at: usize) -> GameBuilder {
        let mut g = GameBuilder { span: Span::new(at, at), ..GameBuilder::default() };
        g.lines.push(RawLine { line: Line::trunk(), raw: Vec::new() });
        g.stack.push(0);
        g
    }

    fn current(&mut self) -> &mut RawLine {
        let i = *self.stack.last().unwrap_or(&0);
        &mut self.lines[i]
    }

    fn has_content(&self) -> bool {
        self.started || !self.tags.is_empty()
    }
}

fn unescape(value: &str) -> String {
    value.replace("\\\"", "\"").replace("\\\\", "\\")
}

/// Parse squares out of a move lexeme like `9x18x27!`.
fn squares_of(text: &str) -> Option<Vec<u8>> {
    let body = text.trim_end_matches(['!', '?', '*']);
    body.split(['-', 'x', 'X']).map(|s| s.parse::<u8>().ok()).collect()
}

/// Read PDN text: parse, then replay every line. All problems become diagnostics.
pub fn read(name: &str, text: &str) -> Source {
    let mut source = Source { name: name.to_string(), notation: "pdn".into(), ..Source::default() };
    let mut tokens = Lexer::new(text).peekable();
    let mut game = GameBuilder::new(0);
    let mut games: Vec<GameBuilder> = Vec::new();
    while let Some(tok) = tokens.next() {
        let span = tok.span;
        let slice = span.slice(text);
        if game.skipped_depth > 0 {
            match tok.lexeme {
                Lexeme::RavOpen => game.skipped_depth += 1,
                Lexeme::RavClose => game.skipped_depth -= 1,
                _ => {}
            }
            continue;
        }
        match tok.lexeme {
            Lexeme::Tag { name, value } => {
                if game.started {
                    games.push(std::mem::replace(&mut game, GameBuilder::new(span.start)));
                }
                if game.tags.is_empty() {
                    game.span = Span::new(span.start, span.end);
                }
                let (n, v) = (name.slice(text).to_string(), unescape(value.slice(text)));
                if n.eq_ignore_ascii_case("FEN") {
                    game.fen = Some((v.clone(), value));
                }
                game.tags.push((n, v));
            }
            Lexeme::BadTag => source.diagnostics.push(
                Diagnostic::error("pdn::bad-tag", "a tag must be [Name \"value\"] on one line", span)
                    .with_label("this tag does not close")
                    .with_help("check the quotes and the closing ]"),
            ),
            Lexeme::MoveNumber | Lexeme::Nag => game.started = true,
            Lexeme::Move => {
                game.started = true;
                match squares_of(slice) {
                    Some(sq) => game.current().raw.push((sq, span)),
                    None => source.diagnostics.push(Diagnostic::error("pdn::bad-move", format!("{slice:?} is not a move"), span).with_label("not a move")),
                }
                let marks = slice.trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '-' | 'x' | 'X'));
                if !marks.is_empty() {
                    game.current().line.annotations.push(Annotation { kind: "strength-mark".into(), text: marks.to_string(), span });
                }
            }
            Lexeme::Comment { inner } => {
                game.started = true;
                let body = inner.slice(text).split_whitespace().collect::<Vec<_>>().join(" ");
                let body = body.as_str();
                let at_variation_start = game_raw_is_empty(&game);
                let line = &mut game.current().line;
                if let Some(rest) = body.strip_prefix("unread:") {
                    line.unread = Some(Unread { raw: rest.trim().to_string(), span: inner });
                } else if let Some(rest) = body.strip_prefix("result:") {
                    line.stated_result = Some(stated(rest.trim(), inner));
                } else if let Some(rest) = body.strip_prefix("variation ").filter(|_| at_variation_start) {
                    line.label = rest.trim().to_string();
                } else {
                    line.annotations.push(Annotation { kind: "comment".into(), text: body.to_string(), span: inner });
                }
            }
            Lexeme::UnterminatedComment => {
                game.current().line.unread = Some(Unread { raw: slice.to_string(), span });
                source.diagnostics.push(
                    Diagnostic::error("pdn::unterminated-comment", "this comment never closes; the rest of the file is kept unread", Span::new(span.start, span.start + 1))
                        .with_label("opened here")
                        .with_help("add the missing `}`"),
                );
            }
            Lexeme::LineComment | Lexeme::Escape => {
                game.current().line.annotations.push(Annotation { kind: "comment".into(), text: slice.to_string(), span });
            }
            Lexeme::RavOpen => {
                game.started = true;
                if game.stack.len() > MAX_DEPTH {
                    game.skipped_depth = 1;
                    let end = matching_close(text, span.start);
                    let rest = Span::new(span.start, end);
                    game.current().line.unread = Some(Unread { raw: rest.slice(text).to_string(), span: rest });
                    source.diagnostics.push(
                        Diagnostic::error("pdn::too-deep", format!("variations nest deeper than {MAX_DEPTH}; this one is kept unread"), Span::new(span.start, span.end))
                            .with_label("too deep"),
                    );
                } else {
                    let parent = *game.stack.last().unwrap_or(&0);
                    let p = &game.lines[parent];
                    // A variation replaces the last move of its parent.
                    let (parent_line, branch_ply) = if p.raw.is_empty() {
                        (p.line.parent.unwrap_or(parent), p.line.branch_ply)
                    } else {
                        (parent, p.line.branch_ply + p.raw.len() - 1)
                    };
                    let ordinal = game.lines.len();
                    let line = Line { label: ordinal.to_string(), parent: Some(parent_line), branch_ply, span, ..Line::default() };
                    game.lines.push(RawLine { line, raw: Vec::new() });
                    game.stack.push(ordinal);
                }
            }
            Lexeme::RavClose => {
                if game.stack.len() > 1 {
                    let i = game.stack.pop().unwrap_or(0);
                    game.lines[i].line.span.end = span.end;
                } else {
                    source.diagnostics.push(Diagnostic::error("pdn::unopened-variation", "`)` closes no variation", span).with_label("no matching `(`"));
                }
            }
            Lexeme::Result => {
                let next_starts_game = tokens.peek().is_none_or(|t| matches!(t.lexeme, Lexeme::Tag { .. } | Lexeme::BadTag));
                if slice == "*" && !next_starts_game && game.stack.len() == 1 {
                    // Old files mark a strong move with `*`.
                    game.current().line.annotations.push(Annotation { kind: "strength-mark".into(), text: "*".into(), span });
                } else {
                    game.started = true;
                    game.result = Some(stated(slice, span));
                    game.span.end = span.end;
                    close_open_variations(&mut game, &mut source);
                    games.push(std::mem::replace(&mut game, GameBuilder::new(span.end)));
                }
            }
            Lexeme::Junk => {
                game.started = true;
                let squares_like = slice.chars().all(|c| c.is_ascii_digit());
                source.diagnostics.push(
                    Diagnostic::error("pdn::unreadable", format!("{:?} is not PDN movetext", truncate(slice, 40)), span)
                        .with_label("kept as unread text")
                        .with_help(if squares_like { "moves are written 11-15 or 22x15" } else { "comments go in { }" }),
                );
                game.current().line.annotations.push(Annotation { kind: "unread".into(), text: slice.to_string(), span });
            }
        }
        game.span.end = game.span.end.max(span.end);
    }
    if game.has_content() {
        close_open_variations(&mut game, &mut source);
        games.push(game);
    }
    for g in games {
        let built = resolve_game(g, text, &mut source.diagnostics);
        source.games.push(built);
    }
    if source.games.is_empty() {
        source.diagnostics.push(
            Diagnostic::error("pdn::no-games", "no game found: the file has no tags and no movetext", Span::new(0, text.len()))
                .with_label("empty")
                .with_help("a PDN game is tags like [Event \"…\"] followed by moves such as 1. 11-15 23-19"),
        );
    }
    source
}

fn game_raw_is_empty(game: &GameBuilder) -> bool {
    let i = *game.stack.last().unwrap_or(&0);
    i > 0 && game.lines[i].raw.is_empty()
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// The end of the variation opened at byte `open`, or the end of the text.
fn matching_close(text: &str, open: usize) -> usize {
    let mut depth = 0usize;
    for t in Lexer::new(&text[open..]) {
        match t.lexeme {
            Lexeme::RavOpen => depth += 1,
            Lexeme::RavClose => {
                depth -= 1;
                if depth == 0 {
                    return open + t.span.end;
                }
            }
            _ => {}
        }
    }
    text.len()
}

fn close_open_variations(game: &mut GameBuilder, source: &mut Source) {
    if game.stack.len() > 1 {
        let open = game.stack.len() - 1;
        let first = game.stack[1];
        source.diagnostics.push(
            Diagnostic::error("pdn::unterminated-variation", format!("{open} variation(s) still open at the end of the game"), game.lines[first].line.span)
                .with_label("opened here, never closed")
                .with_help("add the missing `)`"),
        );
        game.stack.truncate(1);
    }
}

/// A result as printed, in PDN's first-player convention: the first player in
/// English draughts is Black, so `1-0` is a Black win (as CheckerBoard writes it).
fn stated(printed: &str, span: Span) -> StatedResult {
    let p = printed.trim();
    let lower = p.to_ascii_lowercase();
    let outcome = match lower.as_str() {
        "1-0" | "2-0" => Outcome::BlackWins,
        "0-1" | "0-2" => Outcome::WhiteWins,
        "1/2-1/2" | "1-1" => Outcome::Draw,
        "*" => Outcome::Unknown,
        _ if lower.starts_with("draw") => Outcome::Draw,
        _ if lower.starts_with('w') => Outcome::WhiteWins,
        _ if lower.starts_with('b') => Outcome::BlackWins,
        _ => Outcome::Unknown,
    };
    StatedResult { outcome, printed: p.to_string(), span }
}

/// Moves listed for people: by from-square, then to-square, numerically.
pub fn sort_key(text: &str) -> Vec<u32> {
    text.split(['-', 'x']).map(|n| n.parse().unwrap_or(0)).collect()
}

/// The PDN score for an outcome.
pub fn score(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::BlackWins => "1-0",
        Outcome::WhiteWins => "0-1",
        Outcome::Draw => "1/2-1/2",
        Outcome::Unknown => "*",
    }
}

/// Replay every line of a parsed game; parents always come before their variations.
fn resolve_game(g: GameBuilder, text: &str, diagnostics: &mut Vec<Diagnostic>) -> Game {
    let start = match &g.fen {
        Some((fen, span)) => match draughts::parse_fen(fen) {
            Ok(setup) => match Position::from_setup(setup) {
                Ok(p) => Some(p),
                Err(e) => {
                    diagnostics.push(Diagnostic::error("pdn::illegal-position", format!("the FEN position is impossible: {e}"), *span).with_label("this position"));
                    None
                }
            },
            Err(e) => {
                let at = span.start + e.offset.min(span.len());
                diagnostics.push(Diagnostic::error("pdn::bad-fen", format!("cannot read the FEN: {}", e.message), Span::new(at, (at + 1).min(span.end.max(at)))).with_label("here"));
                None
            }
        },
        None => Some(Position::initial()),
    };
    let name = g
        .tags
        .iter()
        .find(|(n, _)| n == "Event")
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| "game".into());
    let mut lines: Vec<Line> = Vec::with_capacity(g.lines.len());
    // Positions along each line: index i = before its i-th move.
    let mut positions: Vec<Vec<Position>> = Vec::with_capacity(g.lines.len());
    for raw in g.lines {
        let mut line = raw.line;
        let start_pos = match (start, line.parent) {
            (None, _) => None,
            (Some(p), None) => Some(p),
            (Some(_), Some(parent)) => {
                let offset = line.branch_ply.checked_sub(lines[parent].branch_ply);
                offset.and_then(|o| positions[parent].get(o).copied())
            }
        };
        let mut pos_list = Vec::with_capacity(raw.raw.len() + 1);
        match start_pos {
            None => {
                if !raw.raw.is_empty() {
                    let span = raw.raw[0].1.join(raw.raw[raw.raw.len() - 1].1);
                    line.status = LineStatus::Unreadable;
                    if start.is_some() {
                        diagnostics.push(Diagnostic::error("pdn::variation-without-position", "this variation branches where its parent line has no legal move", span).with_label("cannot be replayed"));
                    }
                }
            }
            Some(mut pos) => {
                pos_list.push(pos);
                let mut legal = Vec::with_capacity(32);
                for (k, (squares, span)) in raw.raw.iter().enumerate() {
                    pos.legal_moves_into(&mut legal);
                    match draughts::resolve_among(&legal, squares) {
                        Ok(mv) => {
                            let canonical = move_text_among(&legal, &mv);
                            line.moves.push(MoveNode { text: canonical, squares: mv.squares(), span: *span, printed: span.slice(text).to_string(), repair: None, annotations: Vec::new() });
                            pos = pos.play(&mv);
                            pos_list.push(pos);
                        }
                        Err(err) => {
                            let mut legal: Vec<String> = pos.legal_moves().iter().map(|m| describe(&pos, m).0).collect();
                            legal.sort_by_key(|t| sort_key(t));
                            let (code, msg) = match err {
                                ResolveError::Illegal => ("pdn::illegal-move", format!("{} is not a legal move here", span.slice(text))),
                                ResolveError::Ambiguous(_) => ("pdn::ambiguous-move", format!("{} could be several captures; write the full path", span.slice(text))),
                            };
                            diagnostics.push(Diagnostic::error(code, msg, *span).with_label("the line stops here").with_help(format!("legal moves: {}", legal.join(" "))));
                            let rest = Span::new(span.start, raw.raw[raw.raw.len() - 1].1.end);
                            line.unread = Some(Unread { raw: rest.slice(text).to_string(), span: rest });
                            line.status = if k == 0 { LineStatus::Unreadable } else { LineStatus::Partial };
                            break;
                        }
                    }
                }
                if line.unread.is_some() && line.status == LineStatus::Legal {
                    line.status = if line.moves.is_empty() { LineStatus::Unreadable } else { LineStatus::Partial };
                }
            }
        }
        lines.push(line);
        positions.push(pos_list);
    }
    if let Some(first) = lines.first_mut() {
        first.stated_result = g.result.clone().or(first.stated_result.take());
    }
    Game {
        name,
        tags: g.tags,
        start: draughts::write_fen(&start.unwrap_or_else(Position::initial).setup()),
        lines,
        span: g.span,
    }
}
