//! One long line for the readers' time bound: a Hoyle solution whose trunk is
//! a king shuffle (two kings that never meet) as long as asked, printed a move
//! a line with now and then a letter for a digit or a comma for the stop.
//! Repeating a book makes many short lines; this makes one long one, where a
//! reader that looks ahead to the end of its line would take the square of
//! the length.

use super::noise::Rng;
use crate::rules::draughts::fen::parse_fen;
use crate::rules::draughts::{Color, Position, Square};

/// The kings' squares at the start (Black to move), as `--position` gives them.
pub const START: &str = "B:WK29:BK4";

/// A Hoyle text of about `bytes` bytes: one solution, one long trunk.
pub fn hoyle_king_shuffle(bytes: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let setup = parse_fen(START).expect("the start is a FEN");
    let mut pos = Position::from_setup(setup).expect("two kings apart are a position");
    let mut text = String::from("Long Position.\n\n[Black to Move and Win.]\n\nSolution.\n\n");
    while text.len() < bytes {
        // Black's king keeps to the three rows at the top, White's to the three at the bottom:
        // they never stand side by side, so neither is ever taken and the shuffle goes on for ever.
        let home = |to: Square| if pos.turn() == Color::Black { to.row() <= 2 } else { to.row() >= 5 };
        let moves: Vec<_> = pos.legal_moves().into_iter().filter(|m| home(m.to())).collect();
        let Some(&mv) = moves.get(rng.below(moves.len().max(1))) else { break };
        let (from, to) = (mv.from().number().to_string(), mv.to().number().to_string());
        let line = match rng.below(40) {
            0 => format!("{}.{to}", from.replacen('1', "l", 1)),
            1 => format!("{from},{to}"),
            _ => format!("{from}.{to}"),
        };
        text.push_str(&line);
        text.push('\n');
        pos = pos.play(&mv);
    }
    text.push_str("Drawn.\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::hoyle::{read_hoyle_with, HoyleOptions};

    #[test]
    fn the_long_line_reads_whole_from_its_start() {
        let text = hoyle_king_shuffle(20_000, 1);
        assert!(text.len() >= 20_000 && text.lines().count() > 2_000, "{} bytes", text.len());
        let opts = HoyleOptions { starts: vec![("Long Position".into(), parse_fen(START).unwrap())], ..HoyleOptions::default() };
        let (_, reports) = read_hoyle_with("long", &text, &opts);
        assert_eq!(reports.len(), 1);
        assert!(reports[0].complete(), "{:?}", reports[0]);
        assert!(reports[0].moves_read > 2_000, "{:?}", reports[0]);
    }
}
