//! 32-bit boards: bit `n-1` stands for square `n`. Rows alternate their
//! offsets, so each diagonal step is a shift chosen by row parity.


const EVEN_ROWS: u32 = 0x0F0F_0F0F;
const ODD_ROWS: u32 = 0xF0F0_F0F0;
const LEFT_COLUMN: u32 = 0x1111_1111;
const RIGHT_COLUMN: u32 = 0x8888_8888;

/// Black's far row (29–32) and White's far row (1–4).
pub const BLACK_CROWN_ROW: u32 = 0xF000_0000;
pub const WHITE_CROWN_ROW: u32 = 0x0000_000F;

#[inline(always)]
pub const fn down_left(b: u32) -> u32 {
    ((b & EVEN_ROWS) << 4) | ((b & ODD_ROWS & !LEFT_COLUMN) << 3)
}

#[inline(always)]
pub const fn down_right(b: u32) -> u32 {
    ((b & EVEN_ROWS & !RIGHT_COLUMN) << 5) | ((b & ODD_ROWS) << 4)
}

#[inline(always)]
pub const fn up_left(b: u32) -> u32 {
    ((b & EVEN_ROWS) >> 4) | ((b & ODD_ROWS & !LEFT_COLUMN) >> 5)
}

#[inline(always)]
pub const fn up_right(b: u32) -> u32 {
    ((b & EVEN_ROWS & !RIGHT_COLUMN) >> 3) | ((b & ODD_ROWS) >> 4)
}

/// Squares reachable by one step of a man of the side moving down (Black) or up (White).
#[inline(always)]
pub const fn steps_down(b: u32) -> (u32, u32) {
    (down_left(b), down_right(b))
}

#[inline(always)]
pub const fn steps_up(b: u32) -> (u32, u32) {
    (up_left(b), up_right(b))
}

/// Iterate the set bits as indices 0–31.
pub struct Bits(pub u32);

impl Iterator for Bits {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(i)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::draughts::square::{Direction, Square};

    /// The shift formulas agree with the geometric definition on every square.
    #[test]
    fn shifts_match_geometry() {
        for s in Square::all() {
            let b = s.bit();
            let cases = [
                (down_left(b), Direction::DownLeft),
                (down_right(b), Direction::DownRight),
                (up_left(b), Direction::UpLeft),
                (up_right(b), Direction::UpRight),
            ];
            for (got, dir) in cases {
                assert_eq!(got, dir.step(s).map_or(0, Square::bit), "{dir:?} from {s}");
            }
        }
    }
}
