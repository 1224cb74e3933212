//! The critical positions printed between the games (the 1st–13th): a
//! heading (`4th Position .- Payne.`), a diagram the OCR lost, the task
//! (`B to play and draw.`) and the solution in columns with results under
//! them. Each is read as a game of its own: the trunk from the position its
//! own moves imply (nothing else says where it starts), its variations at
//! their marks, each column's stated result judged like any other line. A
//! solution whose moves fix no start is kept unread with an error, never
//! given an invented board.

use super::layout::{Cell, PositionBlock};
use crate::diagnostic::{Code, Diagnostic};
use crate::span::Span;
use crate::tree::{squares_of, Contributor, Game, LineOrigin, LineStatus, Outcome, Side, StatedResult, Study, StudyStart};
use regex::Regex;
use std::sync::LazyLock;

/// `B to play and win.`, `W toplay and draw`, `B play and win.`; `B to play.` states no result.
static TASK: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^(?P<side>[BW])\.?\s*(?:to\s*)?play\b(?:\s*and\s*(?P<goal>win|draw))?").expect("task pattern"));

/// Game numbers given to the reader while it reads a position, so its
/// diagnostics can be reworded to name the position (`game 9004` → `the 4th Position`).
const NUMBER_BASE: usize = 9000;

fn ordinal(n: u32) -> String {
    Study::title(n)
}

/// One position block read as a game, with what was found.
pub(super) fn read_position(text: &str, block: &PositionBlock) -> (Game, Vec<Diagnostic>) {
    let title = ordinal(block.number);
    let number = NUMBER_BASE + block.number as usize;
    let (mut game, mut diagnostics) = super::build_game(text, number, &block.layout);
    if game.lines.is_empty() {
        // Nothing under the heading (the 12th Position): a trunk with no move still stands for
        // it, the lost solution's column, counted so the table's states add up to its columns.
        game.lines.push(crate::tree::Line { span: block.heading, ..crate::tree::Line::trunk() });
        game.stats.columns = Some(game.stats.columns.unwrap_or(0).max(1));
    }
    let game_words = format!("game {number}");
    for d in &mut diagnostics {
        d.message = d.message.replace(&game_words, &format!("the {title}"));
    }
    game.name = title.clone();
    game.span = block.heading;
    let task = task_of(block.layout.columns.get(&0).map_or(&[][..], |c| &c.notes[..]));
    let (to_play, claim) = task.as_ref().map_or((None, None), |(t, _)| side_and_claim(t));
    let trunk_span = game.lines.first().map_or(block.heading, |l| l.span);
    // The placer's words for a variation placed by inference, or one not placed, do not fit a trunk.
    diagnostics.retain(|d| !(matches!(d.code, Code::AndersonInferredStart | Code::AndersonNoBranchPoint) && d.span == trunk_span));
    let start = match game.lines.first_mut() {
        Some(trunk) if trunk.origin == LineOrigin::InferredStart && trunk.start.is_some() => {
            // The inferred start is the game's: every variation counts its plies from it.
            game.start = trunk.start.take().expect("checked above");
            trunk.origin = LineOrigin::Printed;
            let (fixed, filled) = block_inference(text, block);
            diagnostics.push(
                Diagnostic::warning(
                    Code::AndersonPositionInferred,
                    format!(
                        "the {title}: its diagram is lost in the OCR; the solution is replayed from the position its own moves imply ({} squares fixed by the moves, {} filled to block a capture the text does not play, the others taken as empty): {}",
                        fixed.len(),
                        filled.len(),
                        game.start
                    ),
                    block.heading,
                )
                .with_label("start inferred from the solution")
                .with_help("the moves are legal from that position; the printed diagram may hold more pieces"),
            );
            StudyStart::Inferred { fixed, filled }
        }
        _ => {
            diagnostics.push(
                Diagnostic::error(Code::AndersonPositionUnread, format!("the {title}: its diagram is lost in the OCR and its solution's moves fix no start; the solution is kept unread"), block.heading)
                    .with_label("no start to replay the solution from")
                    .with_help("a corrections entry `game …, trunk, start: FEN` can give the diagram's position"),
            );
            if let Some(trunk) = game.lines.first_mut() {
                // Unreadable where text stands under the heading; nothing printed (the 12th) reads as nothing.
                if trunk.unread.is_some() {
                    trunk.status = LineStatus::Unreadable;
                }
                trunk.label = "trunk".into();
            }
            // No board is given for a position whose diagram is lost: an empty one, never the game's opening.
            let turn = if to_play == Some(Side::White) { crate::rules::draughts::Color::White } else { crate::rules::draughts::Color::Black };
            game.start = crate::tree::Start::Draughts(crate::rules::draughts::Setup { turn: Some(turn), ..crate::rules::draughts::Setup::default() });
            StudyStart::Lost
        }
    };
    if let (Some(side), Some(trunk)) = (to_play, game.lines.first())
        && trunk.origin == LineOrigin::Printed
        && let Some(turn) = game.start.draughts().and_then(Result::ok).and_then(|s| s.turn)
    {
        let moves_first = if turn == crate::rules::draughts::Color::Black { Side::Black } else { Side::White };
        if moves_first != side && !trunk.moves.is_empty() {
            diagnostics.push(
                Diagnostic::warning(Code::AndersonPositionInferred, format!("the {title}: the task gives the move to {side:?}, but the solution read starts with a {moves_first:?} move"), task.as_ref().map_or(block.heading, |t| t.1))
                    .with_label("side to play"),
            );
        }
    }
    if let (Some((printed, span)), Some(claim), Some(trunk)) = (&task, claim, game.lines.first_mut())
        && trunk.stated_result.is_none()
    {
        // The task states the trunk's result where none is printed under it.
        trunk.stated_result = Some(StatedResult { outcome: claim, printed: printed.clone(), span: *span });
    }
    if let (Some(author), Some(trunk)) = (block.author, game.lines.first_mut()) {
        trunk.contributor = Some(Contributor::printed(author.slice(text), author));
    }
    game.study = Some(Box::new(Study { number: block.number, to_play, claim, task, start }));
    (game, diagnostics)
}

/// The squares the trunk's own moves fixed and filled, as the placer found them.
fn block_inference(text: &str, block: &PositionBlock) -> (Vec<u8>, Vec<u8>) {
    let Some(column) = block.layout.columns.get(&0) else { return (Vec::new(), Vec::new()) };
    let work = super::column::ColumnWork::new(&block.layout, column);
    work.own_start_of_solution(text).map_or((Vec::new(), Vec::new()), |own| (squares_of(own.fixed), squares_of(own.filled)))
}

/// The task: the notes of the trunk's column that start with a side to play, run on.
fn task_of(notes: &[Cell]) -> Option<(String, Span)> {
    let first = notes.iter().position(|c| TASK.is_match(c.text.trim()))?;
    let mut text = notes[first].text.trim().to_string();
    let mut span = notes[first].span;
    // `B to play and` / `win.`: the task runs on into the next note.
    if !text.contains('.')
        && let Some(next) = notes.get(first + 1)
        && next.text.trim().chars().all(|c| c.is_alphabetic() || c == '.' || c == ' ')
    {
        text = format!("{text} {}", next.text.trim());
        span = span.join(next.span);
    }
    Some((text, span))
}

fn side_and_claim(task: &str) -> (Option<Side>, Option<Outcome>) {
    let task = task.replace(['\n', '\t'], " ");
    // `B to play and` + `win.` are joined with a space: read the goal after `and`.
    let squeezed = task.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(caps) = TASK.captures(&squeezed) else { return (None, None) };
    let side = if &caps["side"] == "B" { Side::Black } else { Side::White };
    let claim = caps.name("goal").map(|g| match (g.as_str().to_ascii_lowercase().as_str(), side) {
        ("draw", _) => Outcome::Draw,
        (_, Side::Black) => Outcome::BlackWins,
        (_, Side::White) => Outcome::WhiteWins,
    });
    (Some(side), claim)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tasks_give_the_side_and_the_result() {
        assert_eq!(side_and_claim("B to play and win."), (Some(Side::Black), Some(Outcome::BlackWins)));
        assert_eq!(side_and_claim("B toplay and draw."), (Some(Side::Black), Some(Outcome::Draw)));
        assert_eq!(side_and_claim("W to play and win. This one is an excellent proof"), (Some(Side::White), Some(Outcome::WhiteWins)));
        assert_eq!(side_and_claim("B play and win."), (Some(Side::Black), Some(Outcome::BlackWins)));
        assert_eq!(side_and_claim("B to play."), (Some(Side::Black), None));
        assert_eq!(side_and_claim("Drawn."), (None, None));
        assert_eq!(ordinal(1), "1st Position");
        assert_eq!(ordinal(12), "12th Position");
        assert_eq!(ordinal(13), "13th Position");
    }

    /// A position printed as the book prints them: heading, task, solution, result.
    #[test]
    fn a_position_is_read_as_a_game_from_the_start_its_solution_implies() {
        let text = "GAME.\t1\n11 15\t9 14\nDrawn.\tDrawn.\n\n7th Position .- A. M'Intosh.\\*\n\nB to play and win.\t\t\n19 15 11 8 15 11\t\t\n8 4 23 18 30 25 18 14\t\t\n25 22 14 9 22 17 9 13\t\t\n17 14 3 7 12 8\t\t\n13 17\t\t\n";
        let source = super::super::read("t", text);
        let study = source.games.iter().find(|g| g.study.is_some()).expect("the position is a game");
        let facts = study.study.as_ref().expect("study");
        assert_eq!(study.name, "7th Position");
        assert_eq!((facts.number, facts.to_play, facts.claim), (7, Some(Side::Black), Some(Outcome::BlackWins)));
        assert!(matches!(facts.start, StudyStart::Inferred { .. }), "{:?}", facts.start);
        let trunk = &study.lines[0];
        assert_eq!(trunk.contributor.as_ref().map(|c| c.name.as_str()), Some("A. M'Intosh"));
        assert_eq!(trunk.moves.len(), 15, "{:?}", trunk.moves.iter().map(|m| &m.text).collect::<Vec<_>>());
        assert!(source.diagnostics.iter().any(|d| d.code == "anderson::position-inferred" && d.message.starts_with("the 7th Position: its diagram is lost")));
    }

    #[test]
    fn a_solution_whose_moves_fix_no_start_is_kept_unread() {
        let text = "GAME.\t1\n11 15\t9 14\nDrawn.\tDrawn.\n\n3rd Position .- Payne.\n\nB to play and draw, which is done by his being enabled to keep the command of square 13.\n\n9 13\n";
        let source = super::super::read("t", text);
        let study = source.games.iter().find(|g| g.study.is_some()).expect("the position is a game");
        assert_eq!(study.study.as_ref().map(|s| (&s.start, s.claim)), Some((&StudyStart::Lost, Some(Outcome::Draw))));
        let empty = crate::rules::draughts::Setup { turn: Some(crate::rules::draughts::Color::Black), ..crate::rules::draughts::Setup::default() };
        assert_eq!(study.start, crate::tree::Start::Draughts(empty), "no board is made up: an empty one, Black (the task's side) to play");
        assert!(study.lines[0].moves.is_empty());
        assert!(source.diagnostics.iter().any(|d| d.code == "anderson::position-unread" && d.is_error()));
        assert!(crate::tree::coverage::coverage(&source, text.as_bytes()).is_lossless());
    }
}
