//! John Paterson's natural notation: a square is two digits, the vertical row
//! (1–8 from the single corner on Black's side) then the horizontal row (1–8
//! from Black's side). 11-15 is `33 44`.

mod compare;
mod grammar;
mod read;
mod specimens;
mod write;
mod written;

pub use compare::{compare_lines, cross_check, full_line, Agreement, CrossCheck, MoveAgreement};
pub use grammar::{parse_clean, RawNaturalMove};
pub use read::{check_move_change, read_line, read_tokens, MarkCheck, MoveChange, NaturalSpelling};
pub use specimens::{has_specimens_page, read_paterson_specimens, read_paterson_specimens_with_report, read_specimens_streamed, specimen_reports, SpecimenReport};
pub use write::{line_start, write_move, write_paterson, write_paterson_line};
pub use written::{looks_written, read_written, read_written_streamed};

use crate::rules::draughts::Square;

/// The most rows read in one table of specimens or one written line; the
/// rows after them are kept unread. The book's columns have a few dozen; a
/// table's rows and readings are held until it is read: without a bound, one
/// endless table would take memory without end.
pub const MAX_ROWS: usize = 10_000;

/// The natural-notation number of a book square (11 → 33).
pub fn to_natural(square: Square) -> u8 {
    (8 - square.file()) * 10 + square.row() + 1
}

/// The book square of a natural-notation number (33 → 11), if it names a playable square.
pub fn from_natural(n: u8) -> Option<Square> {
    let (vertical, horizontal) = (n / 10, n % 10);
    if !(1..=8).contains(&vertical) || !(1..=8).contains(&horizontal) {
        return None;
    }
    Square::at(horizontal - 1, 8 - vertical)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(n: u8) -> Square {
        Square::new(n).unwrap()
    }

    #[test]
    fn matches_patersons_examples() {
        // 11 15 = 33 44, 23 19 = 46 35, 22 17 = 66 75, 4 8 = 11 22.
        for (book, natural) in [(11, 33), (15, 44), (23, 46), (19, 35), (22, 66), (17, 75), (4, 11), (8, 22)] {
            assert_eq!(to_natural(sq(book)), natural, "{book}");
            assert_eq!(from_natural(natural), Some(sq(book)), "{natural}");
        }
    }

    #[test]
    fn both_digits_share_parity_and_round_trip() {
        for s in Square::all() {
            let n = to_natural(s);
            assert_eq!((n / 10) % 2, (n % 10) % 2, "{s} -> {n}");
            assert_eq!(from_natural(n), Some(s));
        }
        assert_eq!(from_natural(34), None);
        assert_eq!(from_natural(90), None);
    }
}
