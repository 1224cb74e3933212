//! Hoyle's diagrams are lost, so a solution's start is inferred from its
//! printed moves, and where the moves do not show whether a piece is a king,
//! several king choices replay the whole solution. Each such choice is a fit;
//! the printed task ("Black to Move and Win") is then judged from each fit
//! (`crate::verdict::judge_fits`), which narrows the choices to those that
//! make the stated result true.

use super::infer::king_assignments;
use super::solution::{parse_solutions, read_solution, Task};
use super::{read_hoyle_with, HoyleOptions};
use crate::notation::position_list::Fit;
use crate::rules::draughts::{Color, Position, Setup};
use crate::rules::the_move::the_move;
use crate::tree::Outcome;
use serde::Serialize;

/// Most king choices tried for one solution (every choice for 12 pieces).
const MAX_TRIALS: usize = 1 << 12;

/// One solution's start and every king choice that replays it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolutionFits {
    pub title: String,
    /// The printed task: who moves, and whether to win or to draw.
    pub task: Option<TaskClaim>,
    /// How the reader found the start (`inferred from the printed moves`, …).
    pub start_from: String,
    /// The start the reader kept (fewest kings).
    pub start: String,
    pub tried: usize,
    /// The last solution before of the same diagram, when this one is read
    /// from its start: its fits (turned to this task's side) are the king
    /// choices tried here.
    pub same_diagram_as: Option<String>,
    /// King choices under which the whole printed solution replays with no
    /// more repairs than the reader's start needed, fewest kings first.
    pub fits: Vec<Fit>,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TaskClaim {
    pub side: Color,
    pub claim: Outcome,
}

impl TaskClaim {
    fn of(task: Task) -> TaskClaim {
        let claim = match (task.win, task.side) {
            (false, _) => Outcome::Draw,
            (true, Color::Black) => Outcome::BlackWins,
            (true, Color::White) => Outcome::WhiteWins,
        };
        TaskClaim { side: task.side, claim }
    }
}

/// Where the reader inferred a solution's start (no published setting and no
/// position given): every king choice over its pieces that replays the whole
/// solution.
pub fn solution_fits(name: &str, text: &str, opts: &HoyleOptions) -> Vec<SolutionFits> {
    let (source, reports) = read_hoyle_with(name, text, opts);
    let raws = parse_solutions(text, &mut Vec::new());
    let mut out: Vec<SolutionFits> = Vec::new();
    for ((raw, game), report) in raws.iter().zip(&source.games).zip(&reports) {
        let shares_diagram = report.start_from == super::SAME_DIAGRAM;
        if !report.complete() || !(report.start_from.starts_with("inferred") || shares_diagram) {
            continue;
        }
        let Some(Ok(start)) = game.start.draughts() else { continue };
        let turn = start.turn.unwrap_or(Color::Black);
        let (candidates, same_diagram_as) = if shares_diagram {
            // Only the fits of the diagram's last solution before are candidates: one diagram, one set of kings.
            let Some(before) = out.iter().rev().find(|b| super::diagram_name(&b.title) == super::diagram_name(&raw.title)) else { continue };
            (before.fits.iter().map(|f| Setup { turn: Some(turn), ..f.position }).collect(), Some(before.title.clone()))
        } else {
            (king_assignments(&squares(start.black_men | start.black_kings), &squares(start.white_men | start.white_kings), turn, &[], MAX_TRIALS), None)
        };
        let tried = candidates.len();
        let mut fits = Vec::new();
        for setup in candidates {
            let Ok(pos) = Position::from_setup(setup) else { continue };
            let (_, r, _) = read_solution(text, raw, &pos, &opts.read);
            if r.complete() && r.moves_repaired <= report.moves_repaired {
                let crowned = setup.black_kings | setup.white_kings;
                fits.push(Fit { position: setup, kings: squares(crowned), the_move: the_move(&setup).summary(), verdict: None });
            }
        }
        out.push(SolutionFits {
            title: raw.title.clone(),
            task: raw.task.map(TaskClaim::of),
            start_from: report.start_from.clone(),
            start: game.start.to_string(),
            tried,
            same_diagram_as,
            fits,
        });
    }
    out
}

fn squares(bits: u32) -> Vec<u8> {
    (1..=32u8).filter(|s| bits & (1 << (s - 1)) != 0).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::hoyle::diagram_name;

    /// A text that prints a diagram's solutions again later (here the book
    /// twice) tries, for each, the fits of the last solution of that diagram,
    /// not those of whichever solution came just before.
    #[test]
    fn fits_are_taken_from_the_last_solution_of_the_same_diagram() {
        let book = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/hoyle-draughts.txt")).expect("corpus");
        let twice = format!("{book}\n\n{book}");
        let solutions = solution_fits("twice", &twice, &HoyleOptions { infer: true, ..HoyleOptions::default() });
        let mut shared = 0;
        for (k, s) in solutions.iter().enumerate() {
            let Some(before) = &s.same_diagram_as else { continue };
            assert_eq!(diagram_name(before), diagram_name(&s.title), "{k}: {}", s.title);
            shared += 1;
        }
        // Fourth Position (2) in each copy, and every solution of the second copy but that one.
        assert!(shared >= 7, "{shared} solutions read from the diagram of one before");
    }
}
