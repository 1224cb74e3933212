//! The Lasca board: a 7×7 board of which the 25 dark squares are played,
//! numbered 1–25 from White's side, left to right, row by row:
//! row 1 = 1–4 (files a c e g), row 2 = 5–7 (b d f), row 3 = 8–11, row 4 = 12–14,
//! row 5 = 15–18, row 6 = 19–21, row 7 = 22–25.
//! White's men move up the rows (towards 22–25), Black's down (towards 1–4).

/// Number of playable squares.
pub const SQUARES: usize = 25;

/// Diagonal directions: (row step, file step). White's forward ones come first, Black's next.
pub const DIRECTIONS: [(i8, i8); 4] = [(1, -1), (1, 1), (-1, -1), (-1, 1)];

/// Index (0-based, square number minus one) of the first square of each row, and one past the last.
const ROW_STARTS: [usize; 8] = [0, 4, 7, 11, 14, 18, 21, 25];

/// Row (0 = White's home row) and file (0 = a) of square index `i`.
pub const fn coords(i: usize) -> (i8, i8) {
    let mut row = 0;
    while ROW_STARTS[row + 1] <= i {
        row += 1;
    }
    let k = (i - ROW_STARTS[row]) as i8;
    let file = 2 * k + (row % 2) as i8;
    (row as i8, file)
}

/// Square index at row and file, if that is a playable square.
pub const fn index_at(row: i8, file: i8) -> Option<usize> {
    if row < 0 || row > 6 || file < 0 || file > 6 || (row + file) % 2 != 0 {
        return None;
    }
    Some(ROW_STARTS[row as usize] + (file / 2) as usize)
}

const fn build_steps() -> [[u8; 4]; SQUARES] {
    let mut table = [[NONE; 4]; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let (r, f) = coords(i);
        let mut d = 0;
        while d < 4 {
            if let Some(j) = index_at(r + DIRECTIONS[d].0, f + DIRECTIONS[d].1) {
                table[i][d] = j as u8;
            }
            d += 1;
        }
        i += 1;
    }
    table
}

/// No square in that direction.
pub const NONE: u8 = u8::MAX;

/// `STEPS[i][d]`: the neighbour of square index `i` in direction `d`, or `NONE`.
pub const STEPS: [[u8; 4]; SQUARES] = build_steps();

/// The square index jumped when moving from `a` to `b` two steps away, or `NONE`.
pub fn between(a: usize, b: usize) -> u8 {
    let ((ra, fa), (rb, fb)) = (coords(a), coords(b));
    if (ra - rb).abs() != 2 || (fa - fb).abs() != 2 {
        return NONE;
    }
    index_at((ra + rb) / 2, (fa + fb) / 2).map_or(NONE, |m| m as u8)
}

/// Bits of the row where White's privates are promoted (22–25).
pub const WHITE_FAR_ROW: u32 = 0b1111 << 21;
/// Bits of the row where Black's privates are promoted (1–4).
pub const BLACK_FAR_ROW: u32 = 0b1111;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_hold_four_then_three_squares_on_alternate_files() {
        assert_eq!(coords(0), (0, 0));
        assert_eq!(coords(3), (0, 6));
        assert_eq!(coords(4), (1, 1));
        assert_eq!(coords(6), (1, 5));
        assert_eq!(coords(24), (6, 6));
        for i in 0..SQUARES {
            let (r, f) = coords(i);
            assert_eq!(index_at(r, f), Some(i));
        }
    }

    #[test]
    fn neighbours_follow_the_book_diagrams() {
        let fwd = |n: usize, d: usize| {
            let s = STEPS[n - 1][d];
            (s != NONE).then_some(s as usize + 1)
        };
        // Square 9 (row 3, file c) steps up to 12 and 13, down to 5 and 6.
        assert_eq!((fwd(9, 0), fwd(9, 1), fwd(9, 2), fwd(9, 3)), (Some(12), Some(13), Some(5), Some(6)));
        // Square 1 is a corner: only 5 above it.
        assert_eq!((fwd(1, 0), fwd(1, 1)), (None, Some(5)));
        // The book's first capture, 17-13-9, jumps 13.
        assert_eq!(between(16, 8), 12);
        assert_eq!(between(16, 9), NONE);
    }
}
