//! `coord`: a square or point from one numbering to another.

use super::{usage_error, CoordTarget, EXIT_CLEAN};
use crate::notation;
use crate::rules::draughts::Square;

pub(super) fn english(square: &str, to: CoordTarget) -> u8 {
    let Ok(n) = square.trim().parse::<u8>() else {
        return usage_error(&format!("{square:?} is not a square number"));
    };
    let answer = match to {
        // Input in book numbering, output in Paterson's.
        CoordTarget::Paterson => Square::new(n).map(notation::paterson::to_natural),
        // Input in Paterson's numbering, output in book numbering.
        CoordTarget::Numeric => notation::paterson::from_natural(n).map(Square::number),
        _ => return usage_error("for English draughts choose --to numeric or paterson"),
    };
    match answer {
        Some(a) => {
            say!("{a}");
            EXIT_CLEAN
        }
        None => usage_error(&format!("{n} is not a square in that numbering")),
    }
}

pub(super) fn go(text: &str, to: CoordTarget, size: u8) -> u8 {
    use crate::notation::go_corner::{read_any_point, write_point, PointFormat};
    let format = match to {
        CoordTarget::Sgf => PointFormat::Sgf,
        CoordTarget::Gtp => PointFormat::Gtp,
        CoordTarget::GoCorner => PointFormat::GoCorner,
        CoordTarget::Volpicelli => PointFormat::Volpicelli,
        CoordTarget::Numeric | CoordTarget::Paterson => return usage_error("for Go choose --to sgf, gtp, go-corner or volpicelli"),
    };
    if size == 0 || size > crate::rules::go::MAX_SIZE {
        return usage_error(&format!("board size {size} is outside 1..={}", crate::rules::go::MAX_SIZE));
    }
    match read_any_point(text, size) {
        Ok(p) => {
            say!("{}", write_point(p, size, format));
            EXIT_CLEAN
        }
        Err(e) => usage_error(&format!("{text:?} is not a point on {size} lines: {e}")),
    }
}
