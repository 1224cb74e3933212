//! Placing columns: where each column of a game starts, and reading it from there.
//!
//! Columns whose branch mark is found are placed first, in order. A column
//! whose mark lies in text that cannot be read is then matched, by what its
//! own moves say about the board, against every position the game's read
//! lines pass through; failing a single match it is replayed from the
//! position its moves imply, and says so. A column placed on a board partly
//! guessed may not mend moves (see [`refuse_mends_on_a_guessed_board`]).

use super::column::ColumnWork;
use super::layout::Layout;
use super::line::{read_column, refuse_mends_on_a_guessed_board};
use super::prose;
use crate::diagnostic::Diagnostic;
use crate::rules::draughts::infer::could_start_at_any;
use crate::rules::draughts::Position;
use crate::span::Span;
use crate::tree::{Game, Line, LineStatus, Unread};
use std::collections::BTreeMap;

/// The least number of printed moves an inference must fit to be matched against a known position.
const MIN_MATCHED_PLIES: usize = 6;

/// Where a column starts, and how that was found.
#[derive(Clone, Debug)]
pub(super) enum Placement {
    /// The trunk: the game's start.
    Trunk,
    /// Before the move of line `parent` that carries the column's number;
    /// `ply` counts from the game's start.
    Marked { parent: usize, ply: usize },
    /// Its mark was not found, but its own moves fit exactly one position of
    /// an earlier line.
    Matched { parent: usize, ply: usize },
    /// Only the position its own moves imply: `fixed` squares, `filled` ones
    /// where an empty square would allow a capture the text does not play, the
    /// rest empty.
    Inferred { fixed: u32, filled: u32 },
    /// The rest of column `of` after its reading stopped: from the one
    /// position that `lost` unprinted plies (as text) lead to, after
    /// `skipped` unreadable cells.
    /// `added`: squares given a piece the rest's moves need, where the
    /// line's start was inferred and left them empty.
    /// `others`: how many other gaps the rest reads the same moves after.
    Resumed { of: String, after: usize, lost: Vec<String>, skipped: usize, added: u32, others: usize },
    /// The rest of column `of` after its reading stopped, where no gap the
    /// rules allow lets it read on: from the position the rest's own moves
    /// imply (as `Inferred`), after `skipped` unreadable cells.
    RestInferred { of: String, after: usize, skipped: usize, fixed: u32, filled: u32 },
}

/// A column read: its line, and the position before each of its moves (and after the last).
pub(super) struct Placed {
    pub index: usize,
    /// Plies from the game's start to `positions[0]` (0 for a line with an inferred start).
    pub base: usize,
    pub positions: Vec<Position>,
    pub spans: Vec<Span>,
    /// Placed from the game's start through marks and matches only, not an
    /// inferred start: only such a line's positions are whole boards.
    pub grounded: bool,
}

/// One game's placement in progress.
pub(super) struct Placer<'g, 'a> {
    pub text: &'g str,
    pub number: usize,
    pub layout: &'a Layout,
    pub works: &'g BTreeMap<u32, ColumnWork<'a>>,
    /// A column's line in the game, by column number.
    pub index_of: BTreeMap<u32, usize>,
    pub game: &'g mut Game,
    pub diagnostics: &'g mut Vec<Diagnostic>,
    pub placed: BTreeMap<u32, Placed>,
}

impl Placer<'_, '_> {
    /// Trunk and marked columns, then matched ones, until nothing more is
    /// placed; then the first column left from the position its own moves
    /// imply, and again, since a column so placed may carry later columns'
    /// marks. What is left is kept unread.
    pub fn place_all(&mut self) {
        let mut pending: Vec<u32> = self.works.keys().copied().collect();
        loop {
            let before = pending.len();
            // In order, each seeing the columns placed before it in this round.
            let mut left = Vec::new();
            for id in pending {
                if !self.place_by_mark_or_match(id) {
                    left.push(id);
                }
            }
            pending = left;
            if pending.len() < before {
                continue;
            }
            // Each column's own inference is made once (it does not depend on what is placed).
            let Some(k) = pending.iter().position(|id| self.works[id].own_start(self.text).is_some()) else { break };
            let id = pending.remove(k);
            let works = self.works;
            let Some(own) = works[&id].own_start(self.text).cloned() else { break };
            self.read_placed(id, Placement::Inferred { fixed: own.fixed, filled: own.filled }, own.start, false);
        }
        for id in pending {
            self.keep_unplaced(id);
        }
    }

    /// Place column `id` by its mark, or by matching its moves to one known
    /// position; whether it was placed.
    fn place_by_mark_or_match(&mut self, id: u32) -> bool {
        let works = self.works;
        let work = &works[&id];
        let placement = if id == 0 && self.layout.diagram_lost {
            // A critical position's solution: its diagram is lost, so only its own moves say where it starts.
            let Some(own) = work.own_start_of_solution(self.text) else { return false };
            Some((Placement::Inferred { fixed: own.fixed, filled: own.filled }, own.start))
        } else if id == 0 {
            Some((Placement::Trunk, Position::initial()))
        } else {
            self.marked_start(id).or_else(|| self.matched_start(work))
        };
        let Some((mut placement, mut start)) = placement else { return false };
        // A mark in a line with an inferred start gives a board that lacks
        // whatever only this column's moves touch: its own inference may read further.
        if let Placement::Marked { parent, .. } = placement
            && !self.grounded_line(parent)
            && let Some(own) = work.own_start(self.text)
            && self.start_score(work, &own.start) > self.start_score(work, &start)
        {
            (placement, start) = (Placement::Inferred { fixed: own.fixed, filled: own.filled }, own.start);
        }
        let grounded = match placement {
            Placement::Trunk => true,
            Placement::Marked { parent, .. } | Placement::Matched { parent, .. } => self.grounded_line(parent),
            Placement::Inferred { .. } | Placement::Resumed { .. } | Placement::RestInferred { .. } => false,
        };
        self.read_placed(id, placement, start, grounded);
        true
    }

    /// Read column `id` from `start`; on a board partly guessed, refuse its mends.
    fn read_placed(&mut self, id: u32, placement: Placement, start: Position, grounded: bool) {
        let works = self.works;
        let work = &works[&id];
        let index = self.index_of[&id];
        let decoded = (!work.tokens.is_empty()).then(|| work.decode(self.text, 0, &start));
        let (mut line, mut diags, mut p) = read_column(self.text, self.number, id, work.column, decoded, placement, start, index);
        if !grounded {
            refuse_mends_on_a_guessed_board(self.text, self.number, work.column, &mut line, &mut diags, &mut p);
        }
        p.grounded = grounded;
        self.game.lines[index] = line;
        self.diagnostics.extend(diags);
        self.placed.insert(id, p);
    }

    /// How well the whole column reads from `start` (the decode is kept for the read that follows).
    fn start_score(&self, work: &ColumnWork, start: &Position) -> f64 {
        let decoded = work.decode(self.text, 0, start);
        work.keep(0, start, &decoded);
        super::inference::read_score(&decoded.0).0
    }

    fn grounded_line(&self, index: usize) -> bool {
        self.placed.values().any(|p| p.index == index && p.grounded)
    }

    /// Where variation `id` starts by its mark: before the marked move of its parent column.
    fn marked_start(&self, id: u32) -> Option<(Placement, Position)> {
        let mark = self.layout.marks.iter().find(|m| m.variation == id)?;
        let parent = self.placed.get(&mark.parent)?;
        // The marked move is the first move read at or after the mark.
        let ply = parent.spans.iter().position(|s| s.end > mark.at)?;
        self.game.lines[parent.index].moves.get(ply)?;
        Some((Placement::Marked { parent: parent.index, ply: parent.base + ply }, parent.positions[ply]))
    }

    /// The one position of a read line that agrees with everything the column's
    /// moves fix. Lines with an inferred start are left out: their empty squares
    /// are guesses, so a match there says little.
    fn matched_start(&self, work: &ColumnWork) -> Option<(Placement, Position)> {
        // A fit of fewer moves is no match; and a column whose first moves
        // replay from no grounded position matches none: its inference
        // (the dearest part of reading a column the OCR garbled) is not made for this.
        let grounded = || self.placed.values().filter(|p| p.grounded).flat_map(|p| &p.positions);
        if work.moves.len() < MIN_MATCHED_PLIES || (!work.inferences_made() && !could_start_at_any(grounded(), &work.moves[..MIN_MATCHED_PLIES])) {
            return None;
        }
        let mut found: Vec<(usize, usize, Position)> = Vec::new();
        for guess in work.inferences().iter().map(|i| &i.inferred).filter(|i| i.plies >= MIN_MATCHED_PLIES) {
            for p in self.placed.values().filter(|p| p.grounded) {
                for (ply, pos) in p.positions.iter().enumerate() {
                    if guess.agrees_with(pos) && !found.iter().any(|f| f.2 == *pos) {
                        found.push((p.index, p.base + ply, *pos));
                    }
                }
            }
        }
        match found.as_slice() {
            [(parent, ply, pos)] => Some((Placement::Matched { parent: *parent, ply: *ply }, *pos)),
            _ => None,
        }
    }

    /// A column no mark, match or inference places: an error, its cells kept unread.
    fn keep_unplaced(&mut self, id: u32) {
        let column = self.works[&id].column;
        let span = column.span(self.layout.title);
        self.diagnostics.push(prose::no_branch_point(self.number, id, span));
        let raw = column.cells.iter().map(|c| c.text.trim()).collect::<Vec<_>>().join(" / ");
        self.game.lines[self.index_of[&id]] = Line { label: id.to_string(), status: LineStatus::Unreadable, unread: Some(Unread { raw, span }), span, ..Line::default() };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::draughts::infer::Inferred;
    use crate::rules::draughts::Setup;

    #[test]
    fn a_match_needs_the_side_to_move_the_fixed_squares_and_the_kings() {
        let pos = Position::initial();
        let setup = pos.setup();
        // Black to move, squares 1 and 21 fixed as the start has them.
        let fixed = 1 | 1 << 20;
        let guess = Inferred { setup: Setup { black_men: 1, white_men: 1 << 20, black_kings: 0, white_kings: 0, turn: setup.turn }, fixed, plies: 8 };
        assert!(guess.agrees_with(&pos));
        let king = Inferred { setup: Setup { black_kings: 1, black_men: 0, ..guess.setup }, ..guess.clone() };
        assert!(!king.agrees_with(&pos), "a king the real board lacks");
        let empty = Inferred { setup: Setup { black_men: 0, ..guess.setup }, ..guess.clone() };
        assert!(!empty.agrees_with(&pos), "a fixed square the real board has occupied");
    }
}
