//! `Position`: a checked arrangement (the one gate from a `Setup`), and play.
//! Generating its moves is `movegen.rs`.

use super::mv::Move;
use super::setup::{Color, PositionError, PositionErrorKind, Setup};

/// A legal position: one piece a square, men off their crowning row, a side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) black: u32,
    pub(super) white: u32,
    pub(super) kings: u32,
    pub(super) turn: Color,
}

impl Default for Position {
    fn default() -> Position {
        Position::initial()
    }
}

impl Position {
    pub fn initial() -> Position {
        Position::from_setup(Setup::INITIAL).expect("the initial setup is legal")
    }

    /// The one checked gate from a setup to a position.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup_ignoring(setup, &[])
    }

    /// As `from_setup`, but accepting the listed kinds of problem (for historic
    /// positions). Overlaps are resolved in favour of kings, then Black.
    pub fn from_setup_ignoring(setup: Setup, ignore: &[PositionErrorKind]) -> Result<Position, PositionError> {
        let kinds: Vec<_> = setup.problems().into_iter().filter(|k| !ignore.contains(k)).collect();
        if !kinds.is_empty() {
            return Err(PositionError { kinds });
        }
        let kings = setup.black_kings | setup.white_kings;
        let black = (setup.black_men | setup.black_kings) & !(setup.white_kings & !setup.black_kings);
        let white = (setup.white_men | setup.white_kings) & !black;
        Ok(Position {
            black,
            white,
            kings: kings & (black | white),
            turn: setup.turn.unwrap_or(Color::Black),
        })
    }

    /// A position from its boards with no check: for the endgame database,
    /// whose index yields only legal arrangements.
    #[inline(always)]
    pub(in crate::rules::draughts) const fn from_boards(black: u32, white: u32, kings: u32, turn: Color) -> Position {
        Position { black, white, kings, turn }
    }

    pub fn setup(&self) -> Setup {
        Setup {
            black_men: self.black & !self.kings,
            black_kings: self.black & self.kings,
            white_men: self.white & !self.kings,
            white_kings: self.white & self.kings,
            turn: Some(self.turn),
        }
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn black(&self) -> u32 {
        self.black
    }

    pub fn white(&self) -> u32 {
        self.white
    }

    pub fn kings(&self) -> u32 {
        self.kings
    }

    /// The same pieces with the other side to move.
    pub fn with_turn(mut self, turn: Color) -> Position {
        self.turn = turn;
        self
    }

    #[inline(always)]
    pub(super) fn movers(&self) -> (u32, u32) {
        match self.turn {
            Color::Black => (self.black, self.white),
            Color::White => (self.white, self.black),
        }
    }

    /// The side to move's pieces that may step down (towards 32) and up, the
    /// enemy pieces, and the empty squares.
    #[inline(always)]
    pub(super) fn sides(&self) -> (u32, u32, u32, u32) {
        let (own, opp) = self.movers();
        let kings = own & self.kings;
        let (down, up) = match self.turn {
            Color::Black => (own, kings),
            Color::White => (kings, own),
        };
        (down, up, opp, !(own | opp))
    }

    /// The position after a quiet move from index `from` to index `to`.
    #[inline(always)]
    fn play_step(&self, from: u32, to: u32) -> Position {
        let (f, t) = (1u32 << from, 1u32 << to);
        let mut next = *self;
        match self.turn {
            Color::Black => next.black = (self.black & !f) | t,
            Color::White => next.white = (self.white & !f) | t,
        }
        if self.kings & f != 0 || self.crown_row() & t != 0 {
            next.kings = (self.kings & !f) | t;
        }
        next.turn = self.turn.other();
        next
    }

    /// The position after a move of the side to move from bit `from` to bit
    /// `to`, taking `captured`: shared by `play` and perft.
    #[inline(always)]
    fn after(&self, from: u32, to: u32, captured: u32, crowns: bool) -> Position {
        let was_king = self.kings & from != 0;
        let mut next = *self;
        match self.turn {
            Color::Black => {
                next.black = (self.black & !from) | to;
                next.white &= !captured;
            }
            Color::White => {
                next.white = (self.white & !from) | to;
                next.black &= !captured;
            }
        }
        next.kings &= !(from | captured);
        if was_king || crowns {
            next.kings |= to;
        }
        next.turn = self.turn.other();
        next
    }

    /// The position after `mv`, which must be one of `legal_moves()`.
    #[inline]
    pub fn play(&self, mv: &Move) -> Position {
        self.after(mv.from.bit(), mv.to().bit(), mv.captured, mv.crowns)
    }

    /// Calls `visit` with the position after each legal move, building no
    /// `Move`: the inner loop of perft.
    #[inline(always)]
    pub(in crate::rules::draughts) fn for_each_child(&self, mut visit: impl FnMut(Position)) {
        let jumpers = self.jumpers();
        if jumpers != 0 {
            self.for_each_capture(jumpers, |from, path, captured, crowns| {
                let to = 1 << (path[path.len() - 1] - 1);
                visit(self.after(1 << from, to, captured, crowns));
            });
        } else {
            self.for_each_step(|from, to| visit(self.play_step(from, to)));
        }
    }

    /// The side to move has no legal move and so has lost.
    pub fn is_lost(&self) -> bool {
        self.move_count() == 0
    }
}

/// Leaf-node count to `depth` plies, counting the last ply without making it.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.move_count(),
        // One ply above the leaves, where nearly all the work is: count each
        // child in line rather than through a call.
        2 => {
            let mut total = 0;
            pos.for_each_child(|child| total += child.move_count());
            total
        }
        _ => {
            let mut total = 0;
            pos.for_each_child(|child| total += perft(&child, depth - 1));
            total
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_matches_published_counts_to_depth_8() {
        let expected = [7, 49, 302, 1469, 7361, 36768, 179740, 845931];
        let pos = Position::initial();
        for (d, &n) in expected.iter().enumerate() {
            assert_eq!(perft(&pos, d as u32 + 1), n, "depth {}", d + 1);
        }
    }

}
