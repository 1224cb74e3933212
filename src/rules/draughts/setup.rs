//! `Setup`: any arrangement of pieces and a side to move, and what makes one
//! impossible in play (`PositionError`), before `Position::from_setup` checks it.

use super::bitboard::{BLACK_CROWN_ROW, WHITE_CROWN_ROW};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
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
}

/// An arrangement of pieces and a side to move, not necessarily legal.
/// Bit `n-1` of each board stands for square `n`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Setup {
    pub black_men: u32,
    pub black_kings: u32,
    pub white_men: u32,
    pub white_kings: u32,
    pub turn: Option<Color>,
}

/// What makes a setup impossible in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionErrorKind {
    /// Two pieces on one square.
    Overlap,
    /// A man on the row where he would have been crowned.
    ManOnCrownRow,
    /// More than twelve pieces of one colour.
    TooManyPieces,
    /// No side to move given.
    NoTurn,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub kinds: Vec<PositionErrorKind>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<&str> = self
            .kinds
            .iter()
            .map(|k| match k {
                PositionErrorKind::Overlap => "two pieces stand on one square",
                PositionErrorKind::ManOnCrownRow => "a man stands on the row where he would be crowned",
                PositionErrorKind::TooManyPieces => "one side has more than twelve pieces",
                PositionErrorKind::NoTurn => "no side to move is given",
            })
            .collect();
        f.write_str(&parts.join("; "))
    }
}

impl std::error::Error for PositionError {}

impl Setup {
    pub const INITIAL: Setup = Setup {
        black_men: 0x0000_0FFF,
        black_kings: 0,
        white_men: 0xFFF0_0000,
        white_kings: 0,
        turn: Some(Color::Black),
    };

    pub fn problems(&self) -> Vec<PositionErrorKind> {
        let mut kinds = Vec::new();
        let boards = [self.black_men, self.black_kings, self.white_men, self.white_kings];
        let mut seen = 0u32;
        if boards.iter().any(|&b| {
            let clash = b & seen != 0;
            seen |= b;
            clash
        }) {
            kinds.push(PositionErrorKind::Overlap);
        }
        if self.black_men & BLACK_CROWN_ROW != 0 || self.white_men & WHITE_CROWN_ROW != 0 {
            kinds.push(PositionErrorKind::ManOnCrownRow);
        }
        if (self.black_men | self.black_kings).count_ones() > 12
            || (self.white_men | self.white_kings).count_ones() > 12
        {
            kinds.push(PositionErrorKind::TooManyPieces);
        }
        if self.turn.is_none() {
            kinds.push(PositionErrorKind::NoTurn);
        }
        kinds
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::draughts::Position;

    #[test]
    fn setup_problems_are_named() {
        let bad = Setup { black_men: 1 << 29, white_men: 1 << 29, ..Setup::default() };
        let err = Position::from_setup(bad).unwrap_err();
        assert!(err.kinds.contains(&PositionErrorKind::Overlap));
        assert!(err.kinds.contains(&PositionErrorKind::ManOnCrownRow));
        assert!(err.kinds.contains(&PositionErrorKind::NoTurn));
    }

}
