//! Points, colours and moves.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Largest board side supported (SGF's letters reach 52, our notations 25).
pub const MAX_SIZE: u8 = 25;
/// The board the source describes: 19 lines each way, 361 points.
pub const DEFAULT_SIZE: u8 = 19;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `B` or `W`, as SGF and the record format write it.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    pub(crate) const fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

/// An intersection. `x` is the column counted from the left edge, `y` the row
/// counted from the top edge, both from 0 — SGF's origin, so the SGF letters
/// are a direct mapping. Whether it lies on a given board is checked by the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

impl Point {
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    pub const fn on_board(self, size: u8) -> bool {
        self.x < size && self.y < size
    }

    /// The point as seen with row 0 at the bottom (GTP's orientation).
    pub const fn row_from_bottom(self, size: u8) -> u8 {
        size - 1 - self.y
    }
}

/// A turn: a stone placed, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    Play(Point),
    Pass,
}
