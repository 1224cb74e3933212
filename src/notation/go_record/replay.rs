//! Replay a read game on the engine: every line from the setup, checking the
//! captures, refusals and counts the text states.

use super::model::{GoGame, GoMove};
use crate::diagnostic::Diagnostic;
use crate::notation::go_corner::{to_gtp, write_point, PointFormat};
use crate::rules::go::{Move, MoveError, Point, Position, Score};

/// One line replayed.
#[derive(Clone, Debug)]
pub struct ReplayedLine {
    /// Stones each of the line's own moves took (empty for refused moves).
    pub captures: Vec<Vec<Point>>,
    /// Moves of the line played before an illegal one stopped it.
    pub played: usize,
    pub stopped: bool,
    /// The position at the end of the line (as far as it could be played).
    pub end: Position,
    /// The count at the end (the game's scoring), dead stones removed.
    pub count: Score,
}

#[derive(Clone, Debug)]
pub struct Replay {
    pub start: Option<Position>,
    pub lines: Vec<ReplayedLine>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Points as the reader of a record or SGF file can find them: corner
/// notation (canonical corner) with the GTP name.
fn point_name(p: Point, size: u8) -> String {
    format!("{} ({})", write_point(p, size, PointFormat::Volpicelli), to_gtp(p, size))
}

fn points_text(points: &[Point], size: u8) -> String {
    points.iter().map(|&p| point_name(p, size)).collect::<Vec<_>>().join(", ")
}

fn refusal_matches(reason: &str, err: MoveError) -> bool {
    let reason = reason.to_ascii_lowercase();
    reason.is_empty()
        || match err {
            MoveError::Ko => reason.contains("ko") || reason.contains("ta chieh"),
            MoveError::Superko => reason.contains("superko"),
            MoveError::Suicide => reason.contains("suicide"),
            MoveError::Occupied => reason.contains("occupied"),
            MoveError::OffBoard => reason.contains("off"),
        }
}

/// Replay every line of `game`.
pub fn replay(game: &GoGame) -> Replay {
    let mut diagnostics = Vec::new();
    let start = match Position::from_setup_with(game.setup(), game.rules) {
        Ok(p) => p,
        Err(e) => {
            diagnostics.push(
                Diagnostic::error("go::bad-setup", format!("the setup is not a position: {e}"), game.span)
                    .with_help("every chain needs a liberty and no two stones may share a point"),
            );
            return Replay { start: None, lines: Vec::new(), diagnostics };
        }
    };
    let mut lines = Vec::new();
    for (li, line) in game.lines.iter().enumerate() {
        let full = game.full_line(li);
        let own_from = full.len() - line.moves.len();
        let mut pos = start.clone();
        let mut captures = Vec::new();
        let mut played = 0;
        let mut stopped = false;
        for (k, mv) in full.iter().enumerate() {
            let own = k >= own_from;
            match play_one(&mut pos, game.size, mv, own.then_some(&mut diagnostics)) {
                Ok(took) => {
                    if own {
                        captures.push(took);
                        played += 1;
                    }
                }
                Err(()) => {
                    stopped = true;
                    break;
                }
            }
        }
        let mut counted = pos.clone();
        for &d in &line.dead {
            if counted.at(d).is_none() {
                diagnostics.push(Diagnostic::error("go::dead-empty", format!("{} is marked dead but holds no stone", point_name(d, game.size)), line.span));
            }
        }
        counted.remove_dead(&line.dead);
        let count = counted.score(game.scoring);
        if let (Some(expected), false) = (&line.expected_count, stopped)
            && (expected.black, expected.white) != (count.black_total, count.white_total)
        {
            diagnostics.push(
                Diagnostic::error(
                    "go::count-differs",
                    format!(
                        "the text counts Black {} White {}; the board counts Black {} White {}",
                        expected.black, expected.white, count.black_total, count.white_total
                    ),
                    expected.span,
                )
                .with_label(format!("{} neutral points remain", count.neutral)),
            );
        }
        pos.forget_history();
        lines.push(ReplayedLine { captures, played, stopped, end: pos, count });
    }
    Replay { start: Some(start), lines, diagnostics }
}

/// Play one move, reporting (when `diags` is given) anything that differs from the text.
fn play_one(pos: &mut Position, size: u8, mv: &GoMove, diags: Option<&mut Vec<Diagnostic>>) -> Result<Vec<Point>, ()> {
    let mut sink = Vec::new();
    let diags = diags.unwrap_or(&mut sink);
    if let Some(reason) = &mv.refused {
        return match pos.check(mv.color, mv.mv) {
            Ok(()) => {
                diags.push(
                    Diagnostic::error("go::not-refused", "the text says this move cannot be played, but it is legal", mv.span)
                        .with_label(format!("expected: refused {reason}")),
                );
                Ok(Vec::new())
            }
            Err(e) if refusal_matches(reason, e) => Ok(Vec::new()),
            Err(e) => {
                diags.push(Diagnostic::error("go::refused-otherwise", format!("refused, but because {e}"), mv.span));
                Ok(Vec::new())
            }
        };
    }
    match pos.play_as(mv.color, mv.mv) {
        Ok(played) => {
            if let Some(expected) = &mv.expect_captures {
                let mut want = expected.clone();
                want.sort();
                if want != played.captured {
                    diags.push(
                        Diagnostic::error(
                            "go::captures-differ",
                            format!(
                                "the text says this takes [{}]; the engine takes [{}]",
                                points_text(&want, size),
                                points_text(&played.captured, size)
                            ),
                            mv.span,
                        )
                        .with_label("captures differ"),
                    );
                }
            }
            Ok(played.captured)
        }
        Err(e) => {
            let what = match mv.mv {
                Move::Pass => "pass".to_string(),
                Move::Play(p) => point_name(p, size),
            };
            diags.push(
                Diagnostic::error("go::illegal-move", format!("{} {what} cannot be played: {e}", mv.color), mv.span)
                    .with_label("illegal here; the rest of this line is not replayed"),
            );
            Err(())
        }
    }
}
