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
    let mut shuffle = king_shuffle(seed);
    let mut text = String::from("Long Position.\n\n[Black to Move and Win.]\n\nSolution.\n\n");
    while text.len() < bytes {
        let Some((from, to)) = shuffle.next() else { break };
        let (from, to) = (from.to_string(), to.to_string());
        let line = match rng.below(40) {
            0 => format!("{}.{to}", from.replacen('1', "l", 1)),
            1 => format!("{from},{to}"),
            _ => format!("{from}.{to}"),
        };
        text.push_str(&line);
        text.push('\n');
    }
    text.push_str("Drawn.\n");
    text
}

/// An Anderson page of about `bytes` bytes: one game whose trunk prints the
/// first moves and whose one variation, marked nowhere, is a king shuffle a
/// move a row (at most the reader's 10,000 cells in all are read). Its start
/// can only be inferred from its own moves, from each prefix of them: a
/// search that took the square of the column's length while it completed
/// the start of every prefix.
pub fn anderson_king_shuffle(bytes: usize, seed: u64) -> String {
    const TRUNK: [&str; 6] = ["11 15", "23 19", "8 11", "22 17", "9 13", "17 14"];
    let mut shuffle = king_shuffle(seed);
    let mut text = String::from("GAME.\t1\n");
    let mut row = 0;
    while text.len() < bytes {
        let Some((from, to)) = shuffle.next() else { break };
        text.push_str(&format!("{}\t{from} {to}\t\n", TRUNK.get(row).unwrap_or(&"")));
        row += 1;
    }
    text.push_str("Drawn.\t\t\n");
    text
}

/// The moves of two kings that never meet, from [`START`], as (from, to)
/// squares: Black's king keeps to the three rows at the top, White's to the
/// three at the bottom, so neither is ever taken and the shuffle goes on for ever.
fn king_shuffle(seed: u64) -> impl Iterator<Item = (u8, u8)> {
    let mut rng = Rng::new(seed.wrapping_add(1));
    let setup = parse_fen(START).expect("the start is a FEN");
    let mut pos = Position::from_setup(setup).expect("two kings apart are a position");
    std::iter::from_fn(move || {
        let home = |to: Square| if pos.turn() == Color::Black { to.row() <= 2 } else { to.row() >= 5 };
        let moves: Vec<_> = pos.legal_moves().into_iter().filter(|m| home(m.to())).collect();
        let &mv = moves.get(rng.below(moves.len().max(1)))?;
        pos = pos.play(&mv);
        Some((mv.from().number(), mv.to().number()))
    })
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

    /// The column's start is found from its own moves and the whole column read from it.
    #[test]
    fn the_long_column_reads_whole_from_its_inferred_start() {
        let text = anderson_king_shuffle(20_000, 1);
        let source = crate::notation::anderson::read("long", &text);
        let lines = &source.games[0].lines;
        assert_eq!(lines.len(), 2);
        assert!(lines[1].moves.len() > 2_000 && lines[1].unread.is_none(), "{} moves, unread {:?}", lines[1].moves.len(), lines[1].unread.as_ref().map(|u| u.span));
    }
}
