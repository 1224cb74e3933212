//! `Setup`: any arrangement of stones, with the rules to play it under, and
//! what makes one impossible (`PositionError`) before `Position` checks it.

use super::point::{Color, Point, DEFAULT_SIZE, MAX_SIZE};

/// Which repetitions are forbidden.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum KoRule {
    /// The source's *ta chieh* rule: a move may not restore the position as it
    /// stood before the opponent's last move (the immediate retake).
    #[default]
    Simple,
    /// No move may recreate any earlier arrangement of stones.
    PositionalSuperko,
    /// No move may recreate an earlier arrangement with the same player to move.
    SituationalSuperko,
}

/// Rule options. The defaults are the source's: suicide forbidden, simple ko.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Rules {
    pub suicide_allowed: bool,
    pub ko: KoRule,
}

/// An arrangement of stones and a player to move, not necessarily legal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    pub size: u8,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    pub to_move: Color,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup { size: DEFAULT_SIZE, black: Vec::new(), white: Vec::new(), to_move: Color::Black }
    }
}

/// Why a setup cannot be a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("board size {0} is outside 1..={MAX_SIZE}")]
    BadSize(u8),
    #[error("a stone at ({}, {}) lies off the {size}×{size} board", .point.x, .point.y)]
    OffBoard { point: Point, size: u8 },
    #[error("two stones are set on ({}, {})", .0.x, .0.y)]
    Occupied(Point),
    #[error("the chain at ({}, {}) has no liberty", .0.x, .0.y)]
    NoLiberties(Point),
}
