//! A game checked as it was read, its moves handed to no one: what a check
//! counts of it. A reader that can replay move by move hands this on instead
//! of the game when only the counts are wanted, so one long game is checked
//! in the memory of its boards, not of its tree.

use super::{Game, Line, LineStatus, MoveNode};

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

/// A game handed on piece by piece as it is read, in the order its tree
/// holds them, so that a writer can write one long game without anyone
/// holding its tree: the game as its root gives it, then each line (its
/// opening, its moves, its close), then the game's close. Lines come in the
/// order of `Game::lines`, each whole before the next begins.
#[derive(Clone, Debug, PartialEq)]
pub enum GamePiece {
    /// The game as its root gives it, without lines (games and lines are boxed: they are large, a move small).
    Begins(Box<Game>),
    /// A line as it is when it begins, without moves: its label, parent and branch point.
    LineBegins(Box<Line>),
    /// The next move of the line begun last, as the tree holds it.
    Move(MoveNode),
    /// The line begun last, as the tree holds it once its last move is read, without its moves.
    LineEnds(Box<Line>),
    /// The game as the tree holds it once its last node is read, without lines.
    Ends(Box<Game>),
}

/// What a reader that counts hands on: a piece of a game (where pieces are
/// asked for), or a game counted once read.
#[derive(Clone, Debug, PartialEq)]
pub enum CountedPart {
    Piece(GamePiece),
    Game(Box<CountedGame>),
}
