//! Squares 1–32 as the books number them, and the board geometry.

use std::fmt;

/// A playable square, 1–32. Black's men start on 1–12, White's on 21–32.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const fn new(n: u8) -> Option<Square> {
        if n >= 1 && n <= 32 { Some(Square(n)) } else { None }
    }

    /// From a bit index 0–31.
    pub(crate) const fn from_index(i: u32) -> Square {
        Square(i as u8 + 1)
    }

    pub const fn number(self) -> u8 {
        self.0
    }

    pub(crate) const fn index(self) -> u32 {
        self.0 as u32 - 1
    }

    pub const fn bit(self) -> u32 {
        1 << (self.0 - 1)
    }

    /// Row 0 is Black's home row (1–4), row 7 White's (29–32).
    pub const fn row(self) -> u8 {
        (self.0 - 1) / 4
    }

    /// File 0–7 from the left of the board as Black sees it printed (square 1 is on file 1... see `file`).
    /// Square 1 stands on file 1 and square 5 on file 0: rows alternate.
    pub const fn file(self) -> u8 {
        let c = (self.0 - 1) % 4;
        2 * c + if self.row().is_multiple_of(2) { 1 } else { 0 }
    }

    /// The square at `row`, `file`, if that is a playable square.
    pub const fn at(row: u8, file: u8) -> Option<Square> {
        if row > 7 || file > 7 || (row + file).is_multiple_of(2) {
            return None;
        }
        Square::new(row * 4 + file / 2 + 1)
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (1..=32).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The four diagonal directions; "down" is towards the higher numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    DownLeft,
    DownRight,
    UpLeft,
    UpRight,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::DownLeft,
        Direction::DownRight,
        Direction::UpLeft,
        Direction::UpRight,
    ];

    const fn delta(self) -> (i8, i8) {
        match self {
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
        }
    }

    /// The next square in this direction, if on the board.
    pub const fn step(self, from: Square) -> Option<Square> {
        let (dr, df) = self.delta();
        let row = from.row() as i8 + dr;
        let file = from.file() as i8 + df;
        if row < 0 || file < 0 {
            return None;
        }
        Square::at(row as u8, file as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(n: u8) -> Square {
        Square::new(n).unwrap()
    }

    #[test]
    fn neighbours_match_the_book_board() {
        // 11-15 and 11-16 are Black's usual openings; 12 stands on the edge.
        assert_eq!(Direction::DownLeft.step(sq(11)), Some(sq(15)));
        assert_eq!(Direction::DownRight.step(sq(11)), Some(sq(16)));
        assert_eq!(Direction::DownRight.step(sq(12)), None);
        assert_eq!(Direction::DownLeft.step(sq(12)), Some(sq(16)));
        assert_eq!(Direction::DownLeft.step(sq(5)), None);
        assert_eq!(Direction::DownRight.step(sq(5)), Some(sq(9)));
        assert_eq!(Direction::UpLeft.step(sq(22)), Some(sq(17)));
        assert_eq!(Direction::UpRight.step(sq(22)), Some(sq(18)));
        assert_eq!(Direction::UpLeft.step(sq(1)), None);
    }

    #[test]
    fn at_inverts_row_and_file() {
        for s in Square::all() {
            assert_eq!(Square::at(s.row(), s.file()), Some(s));
        }
    }
}
