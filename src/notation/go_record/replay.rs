//! Replay a read game on the engine: every line from the setup, checking the
//! captures, refusals and counts the text states.

use crate::tree::{Game, GoMove, SetupChange};
use crate::span::Span;
use crate::diagnostic::{Code, Diagnostic};
use crate::notation::go_corner::{to_gtp, write_point, PointFormat};
use crate::rules::go::{Move, MoveError, Point, Position, Rules, Score, Scoring};

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

/// The game's rules of play (suicide, ko): the record's `rules:`, else the default.
fn rules(game: &Game) -> Rules {
    game.go_info().map(|i| i.rules).unwrap_or_default()
}

/// How the game's counts are made (the record's `scoring:`, else area).
pub(crate) fn scoring(game: &Game) -> Scoring {
    game.go_info().map(|i| i.scoring).unwrap_or_default()
}

/// Where a line leaves its parent: after `ply` moves of the parent's full line
/// and `nodes` moveless nodes after them.
type BranchPoint = (usize, usize);

/// Replay every line of `game`, each from the position where it branches: a
/// line's walk keeps a copy of the position at each point a child leaves it,
/// so no move is played twice.
pub fn replay(game: &Game) -> Replay {
    let mut diagnostics = Vec::new();
    let Some(start) = start_position(game, &mut diagnostics) else {
        return Replay { start: None, lines: Vec::new(), diagnostics };
    };
    let branches = branch_plan(game);
    // Positions waiting for the line (by index) that starts there.
    let mut waiting: Vec<Option<Position>> = vec![None; game.lines.len()];
    let mut lines = Vec::with_capacity(game.lines.len());
    for li in 0..game.lines.len() {
        let from = if li == 0 { Some(start.clone()) } else { waiting[li].take() };
        let walked = match from {
            Some(p) => walk_line(game, li, p, &branches[li], &mut waiting, &mut diagnostics),
            // The parent stopped before this line leaves it.
            None => Walked { pos: start.clone(), captures: Vec::new(), played: 0, stopped: true },
        };
        lines.push(finish_line(game, li, walked, &mut diagnostics));
    }
    Replay { start: Some(start), lines, diagnostics }
}

/// The position the game's setup gives; a setup that is no position is
/// replayed from the stones that keep a liberty (how sgfmill reads it), so
/// the lines are still checked. `None` if even that cannot be set up.
pub(crate) fn start_position(game: &Game, diagnostics: &mut Vec<Diagnostic>) -> Option<Position> {
    let setup = game.go_setup().unwrap_or_default();
    let e = match Position::from_setup_with(setup.clone(), rules(game)) {
        Ok(p) => return Some(p),
        Err(e) => e,
    };
    let mut empty = setup.clone();
    empty.black.clear();
    empty.white.clear();
    let taken = Position::from_setup_with(empty, rules(game)).and_then(|mut p| p.edit(&setup.black, &setup.white, &[]).map(|_| p));
    let help = "every chain needs a liberty and no two stones may share a point";
    match taken {
        Ok(p) => {
            diagnostics.push(
                Diagnostic::error(Code::GoBadSetup, format!("the setup is not a position: {e}"), game.span)
                    .with_label("replayed from the stones that keep a liberty, as sgfmill reads it")
                    .with_help(help),
            );
            Some(p)
        }
        Err(_) => {
            diagnostics.push(Diagnostic::error(Code::GoBadSetup, format!("the setup is not a position: {e}"), game.span).with_help(help));
            None
        }
    }
}

/// A line played as far as it goes.
struct Walked {
    pos: Position,
    captures: Vec<Vec<Point>>,
    played: usize,
    stopped: bool,
}

/// Play line `li` from `pos`, handing a copy of the position to each child
/// (`kids`, sorted by branch point) where it leaves.
fn walk_line(game: &Game, li: usize, mut pos: Position, kids: &[(BranchPoint, usize)], waiting: &mut [Option<Position>], diagnostics: &mut Vec<Diagnostic>) -> Walked {
    let line = &game.lines[li];
    let info = line.go_info();
    let size = game.go_size();
    let mut captures = Vec::with_capacity(line.moves.len());
    let mut played = 0;
    let mut next_kid = 0;
    let mut at: BranchPoint = if li == 0 { (0, 0) } else { (line.branch_ply, info.branch_nodes) };
    let mut hand_over = |at: BranchPoint, pos: &Position| {
        while let Some(&(point, kid)) = kids.get(next_kid) {
            if point > at {
                break;
            }
            waiting[kid] = Some(pos.clone());
            next_kid += 1;
        }
    };
    for node in &line.moves {
        // A move without Go data (none of our readers makes one) cannot be played.
        let Some(mv) = node.go.as_deref() else { return Walked { pos, captures, played, stopped: true } };
        for before in mv.before() {
            hand_over(at, &pos);
            apply_setup(&mut pos, size, &before.setup, before.span, diagnostics);
            at.1 += 1;
        }
        hand_over(at, &pos);
        apply_setup(&mut pos, size, mv.node_setup(), node.span, diagnostics);
        match play_one(&mut pos, size, mv, node.span, diagnostics) {
            Ok(took) => {
                captures.push(took);
                played += 1;
                at = (at.0 + 1, 0);
            }
            Err(()) => return Walked { pos, captures, played, stopped: true },
        }
    }
    for node in &info.after {
        hand_over(at, &pos);
        apply_setup(&mut pos, size, &node.setup, node.span, diagnostics);
        at.1 += 1;
    }
    // Children that leave past the end start from it (as `Game::go_full_line` reads them).
    hand_over((usize::MAX, usize::MAX), &pos);
    Walked { pos, captures, played, stopped: false }
}

/// Count the end of line `li` (its dead stones removed) and check the count the text gives.
fn finish_line(game: &Game, li: usize, walked: Walked, diagnostics: &mut Vec<Diagnostic>) -> ReplayedLine {
    let line = &game.lines[li];
    let info = line.go_info();
    let Walked { mut pos, captures, played, stopped } = walked;
    let mut counted = pos.clone();
    for &d in &info.dead {
        if counted.at(d).is_none() {
            diagnostics.push(Diagnostic::error(Code::GoDeadEmpty, format!("{} is marked dead but holds no stone", point_name(d, game.go_size())), line.span));
        }
    }
    counted.remove_dead(&info.dead);
    let count = counted.score(scoring(game));
    if let (Some(expected), false) = (&info.expected_count, stopped)
        && (expected.black, expected.white) != (count.black_total, count.white_total)
    {
        diagnostics.push(
            Diagnostic::error(
                Code::GoCountDiffers,
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
    ReplayedLine { captures, played, stopped, end: pos, count }
}

/// For each line, the lines that leave it, sorted by where they leave. A line
/// that names a branch point before its parent's own start leaves the ancestor
/// that point belongs to (the record format allows `line: x from y after 2`
/// with y itself leaving the trunk later).
fn branch_plan(game: &Game) -> Vec<Vec<(BranchPoint, usize)>> {
    let mut plan: Vec<Vec<(BranchPoint, usize)>> = vec![Vec::new(); game.lines.len()];
    let start_of = |l: usize| -> BranchPoint {
        if l == 0 { (0, 0) } else { (game.lines[l].branch_ply, game.lines[l].go_info().branch_nodes) }
    };
    for (li, line) in game.lines.iter().enumerate().skip(1) {
        let point = (line.branch_ply, line.go_info().branch_nodes);
        // Parents come before children; anything else (bad data) leaves the trunk.
        let mut parent = line.parent.filter(|&p| p < li).unwrap_or(0);
        let mut guard = 0;
        while parent != 0 && point < start_of(parent) && guard <= game.lines.len() {
            parent = game.lines[parent].parent.filter(|&p| p < parent).unwrap_or(0);
            guard += 1;
        }
        plan[parent].push((point, li));
    }
    for kids in &mut plan {
        kids.sort();
    }
    plan
}

/// Apply a node's setup; stones it leaves without a liberty are taken off with a warning.
pub(crate) fn apply_setup(pos: &mut Position, size: u8, setup: &SetupChange, span: Span, diags: &mut Vec<Diagnostic>) {
    if setup.is_empty() {
        return;
    }
    match pos.edit(&setup.black, &setup.white, &setup.empty) {
        Ok(removed) if removed.is_empty() => {}
        Ok(removed) => diags.push(
            Diagnostic::warning(Code::GoSetupWithoutLiberty, format!("this setup leaves {} without a liberty; taken off", points_text(&removed, size)), span)
                .with_label("as sgfmill reads it"),
        ),
        Err(e) => diags.push(Diagnostic::error(Code::GoBadSetup, format!("this setup cannot be applied: {e}"), span)),
    }
}

/// Play one move, reporting (when `diags` is given) anything that differs from the text.
pub(crate) fn play_one(pos: &mut Position, size: u8, mv: &GoMove, span: Span, diags: &mut Vec<Diagnostic>) -> Result<Vec<Point>, ()> {
    if let Some(reason) = mv.refused() {
        return match pos.check(mv.color, mv.mv) {
            Ok(()) => {
                diags.push(
                    Diagnostic::error(Code::GoNotRefused, "the text says this move cannot be played, but it is legal", span)
                        .with_label(format!("expected: refused {reason}")),
                );
                Ok(Vec::new())
            }
            Err(e) if refusal_matches(reason, e) => Ok(Vec::new()),
            Err(e) => {
                diags.push(Diagnostic::error(Code::GoRefusedOtherwise, format!("refused, but because {e}"), span));
                Ok(Vec::new())
            }
        };
    }
    match pos.play_as(mv.color, mv.mv) {
        Ok(played) => {
            if let Some(expected) = mv.expect_captures() {
                let mut want = expected.to_vec();
                want.sort();
                if want != played.captured {
                    diags.push(
                        Diagnostic::error(
                            Code::GoCapturesDiffer,
                            format!(
                                "the text says this takes [{}]; the engine takes [{}]",
                                points_text(&want, size),
                                points_text(&played.captured, size)
                            ),
                            span,
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
                Diagnostic::error(Code::GoIllegalMove, format!("{} {what} cannot be played: {e}", mv.color), span)
                    .with_label("illegal here; the rest of this line is not replayed"),
            );
            Err(())
        }
    }
}
