//! Lasca games in PDN, as gamescribe writes them (`[GameType "98"]`,
//! `[Variant "Lasca"]`, the start in `[FEN]` in the column format, every
//! landing square of a capture): replayed through the Lasca engine, so a
//! `convert --to pdn` of a Lasca book reads back as the same tree.
//! PDN scores from the first player's side, and in Lasca White moves first:
//! `1-0` is a White win.

use super::resolve::{anchors, line_end, note};
use super::syntax::{Element, GameSyntax};
use crate::diagnostic::{Code, Diagnostic};
use crate::notation::lasca::describe;
use crate::rules::lasca::{parse_setup, Position, PositionErrorKind};
use crate::span::Span;
use crate::tree::{Annotation, AnnotationKind, Game, Line, LineStatus, MoveNode, Outcome, StatedResult, Unread};

/// The GameType gamescribe writes for Lasca.
pub const GAME_TYPE: &str = "98";

/// Whether the tags name gamescribe's Lasca: GameType 98 with Variant Lasca.
pub fn is_lasca(game: &GameSyntax) -> bool {
    let tag = |name: &str| game.tags.iter().find(|t| t.name == name).map(|t| t.value.trim());
    tag("GameType").is_some_and(|v| v.split(',').next().unwrap_or("").trim() == GAME_TYPE) && tag("Variant").is_some_and(|v| v.eq_ignore_ascii_case("lasca"))
}

/// A PDN score read with White as the first player.
fn stated(printed: &str, span: Span) -> StatedResult {
    let outcome = match printed.trim() {
        "1-0" | "2-0" => Outcome::WhiteWins,
        "0-1" | "0-2" => Outcome::BlackWins,
        "1/2-1/2" | "1-1" => Outcome::Draw,
        _ => Outcome::Unknown,
    };
    StatedResult { outcome, printed: printed.trim().to_string(), span }
}

/// Replay every line of a Lasca game.
pub fn resolve(game: &GameSyntax, text: &str) -> (Game, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let start = match game.tags.iter().find(|t| t.name.eq_ignore_ascii_case("FEN")) {
        None => Some(Position::initial()),
        Some(fen) => match parse_setup(&fen.value).map_err(|e| e.to_string()).and_then(|s| Position::from_setup_ignoring(&s, &[PositionErrorKind::MenMissing]).map_err(|e| e.to_string())) {
            Ok(p) => Some(p),
            Err(e) => {
                diagnostics.push(Diagnostic::error(Code::PdnBadFen, format!("cannot read the Lasca position: {e}"), fen.value_span).with_label("this position"));
                None
            }
        },
    };
    let anchors = anchors(game);
    let mut lines: Vec<Line> = Vec::with_capacity(game.lines.len());
    let mut positions: Vec<Vec<Position>> = Vec::with_capacity(game.lines.len());
    for (i, syntax) in game.lines.iter().enumerate() {
        let (parent, branch_ply) = anchors[i];
        let mut line = Line { label: if i == 0 { "trunk".into() } else { i.to_string() }, parent, branch_ply, span: syntax.span, ..Line::default() };
        let first = match (start, parent) {
            (None, _) => None,
            (Some(p), None) => Some(p),
            (Some(_), Some(p)) => branch_ply.checked_sub(lines[p].branch_ply).and_then(|o| positions[p].get(o).copied()),
        };
        let mut along = Vec::new();
        if let Some(mut pos) = first {
            along.push(pos);
            for element in &syntax.elements {
                let Element::Move(raw) = element else {
                    note(element, i, &mut line, text);
                    continue;
                };
                if line.unread.is_some() {
                    continue;
                }
                let found = pos.legal_moves().into_iter().find(|mv| raw.squares.first() == Some(&mv.from()) && mv.landings().eq(raw.squares[1..].iter().copied()));
                match found {
                    Some(mv) => {
                        let (text_, squares) = describe(&pos, &mv);
                        let mut node = MoveNode { text: text_, squares, span: raw.span, printed: raw.span.slice(text).to_string(), ..MoveNode::default() };
                        if !raw.marks.is_empty() {
                            node.annotations.push(Annotation { kind: AnnotationKind::StrengthMark, text: raw.marks.clone(), span: raw.span });
                        }
                        line.moves.push(node);
                        pos = pos.play(&mv);
                        along.push(pos);
                    }
                    None => {
                        diagnostics.push(Diagnostic::error(Code::PdnIllegalMove, format!("{} is not a legal Lasca move here", raw.span.slice(text)), raw.span).with_label("the line stops here"));
                        let rest = Span::new(raw.span.start, line_end(game, syntax));
                        line.unread = Some(Unread { raw: rest.slice(text).to_string(), span: rest });
                        line.status = if line.moves.is_empty() { LineStatus::Unreadable } else { LineStatus::Partial };
                    }
                }
            }
        } else {
            for element in &syntax.elements {
                note(element, i, &mut line, text);
            }
        }
        lines.push(line);
        positions.push(along);
    }
    if let (Some(result), Some(trunk)) = (&game.result, lines.first_mut()) {
        trunk.stated_result = Some(stated(&result.text, result.span));
    }
    let name = game.tags.iter().find(|t| t.name == "Event").map_or_else(String::new, |t| t.value.clone());
    let tags = game.tags.iter().map(|t| (t.name.clone(), t.value.clone())).collect();
    let start = start.map_or_else(|| crate::tree::Start::printed(game.tags.iter().find(|t| t.name.eq_ignore_ascii_case("FEN")).map_or("", |t| t.value.as_str())), |p| crate::tree::Start::Lasca(Box::new(p.setup())));
    (Game { name, tags, start, lines, span: game.span, ..Game::default() }, diagnostics)
}
