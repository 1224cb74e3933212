//! Write → read round trips of numeric notation over random legal games.

use gamescribe::notation::numeric::{self, ReadOptions};
use gamescribe::bench::noise::{print_book_style, random_game, Rng};
use gamescribe::rules::draughts::Position;
use gamescribe::tree::LineStatus;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A game written in canonical numeric text reads back as the same moves, all as printed.
    #[test]
    fn canonical_text_reads_back(seed in any::<u64>(), plies in 1usize..90) {
        let mut rng = Rng::new(seed);
        let truth = random_game(&mut rng, &Position::initial(), plies);
        prop_assume!(!truth.is_empty());
        let source = numeric::read("t", &print_as_canonical(&truth), &ReadOptions::default());
        let line = &source.games[0].lines[0];
        prop_assert_eq!(line.status, LineStatus::Legal);
        let read: Vec<Vec<u8>> = line.moves.iter().map(|m| m.squares.clone()).collect();
        let written: Vec<Vec<u8>> = truth.iter().map(|m| m.squares()).collect();
        // A capture written from-to may stand for a different path with the same ends and the same result.
        prop_assert_eq!(read.len(), written.len());
        for (r, w) in read.iter().zip(&written) {
            prop_assert_eq!(r.first(), w.first());
            prop_assert_eq!(r.last(), w.last());
        }
        // Writing what was read gives the same text again.
        let again = numeric::write_line(line);
        prop_assert_eq!(again, print_as_canonical(&truth));
    }

    /// Every period style the books use reads back move for move.
    #[test]
    fn book_styles_read_back(seed in any::<u64>(), plies in 1usize..90) {
        let mut rng = Rng::new(seed);
        let truth = random_game(&mut rng, &Position::initial(), plies);
        prop_assume!(!truth.is_empty());
        let text = print_book_style(&mut rng, &Position::initial(), &truth);
        let source = numeric::read("t", &text, &ReadOptions::default());
        let line = &source.games[0].lines[0];
        prop_assert_eq!(line.status, LineStatus::Legal, "{}", text);
        prop_assert_eq!(line.moves.len(), truth.len());
    }
}

fn print_as_canonical(moves: &[gamescribe::rules::draughts::Move]) -> String {
    let mut pos = Position::initial();
    let mut out = Vec::new();
    for m in moves {
        out.push(gamescribe::text::draughts::move_text(&pos, m));
        pos = pos.play(m);
    }
    out.join(" ")
}
