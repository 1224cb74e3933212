//! A game checked as it was read, its moves handed to no one: what a check
//! counts of it. A reader that can replay move by move hands this on instead
//! of the game when only the counts are wanted, so one long game is checked
//! in the memory of its boards, not of its tree.

use super::{Game, LineStatus};

/// Lines by how far they replayed, and the moves they hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineCounts {
    pub lines: usize,
    pub legal: usize,
    pub repaired: usize,
    pub partial: usize,
    pub unreadable: usize,
    pub moves: usize,
}

impl LineCounts {
    /// Counts one more line of `moves` moves.
    pub fn add(&mut self, status: LineStatus, moves: usize) {
        self.lines += 1;
        self.moves += moves;
        match status {
            LineStatus::Legal => self.legal += 1,
            LineStatus::Repaired => self.repaired += 1,
            LineStatus::Partial => self.partial += 1,
            LineStatus::Unreadable => self.unreadable += 1,
        }
    }

    /// Adds another game's counts to these.
    pub fn add_counts(&mut self, o: &LineCounts) {
        self.lines += o.lines;
        self.legal += o.legal;
        self.repaired += o.repaired;
        self.partial += o.partial;
        self.unreadable += o.unreadable;
        self.moves += o.moves;
    }
}

/// A game replayed (and its stated result judged) as it was read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CountedGame {
    /// The game without its moves: its name, Go data and start, and its
    /// trunk with the stated result and its verdict (the only line a
    /// stated result can sit on in the readers that count).
    pub head: Game,
    /// Every line of the game, the trunk among them.
    pub lines: LineCounts,
}
