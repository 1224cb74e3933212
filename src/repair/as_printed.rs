//! Text that needs no repair: every number printed plainly, and at each step
//! exactly one legal move spelled by the numbers that come next, to the end.
//! Such text is taken as printed, without the search, as the grammar readers
//! take clean text (`text::draughts::read_line`, `paterson::read_line`).
//!
//! The search would read it so too, move for move: a move read exactly costs
//! nothing, and any other reading costs something. It could differ only by
//! stopping undecided, where some cheap misreading (two numbers run together,
//! a run printed twice) also reads to the end; text that reads exactly, one
//! legal move at a time, is not left unread for that.

use super::decode::{read_items, Decoded, DecodedMove};
use super::{Spelling, Token, TokenKind};
use crate::span::Span;

/// The moves `tokens` spell exactly from `start`, or `None` where any part
/// needs the search: a junk token, a number with letters or a leading zero,
/// a step no legal move's spelling fits, or one two moves fit.
pub fn read_as_printed<G: Spelling>(game: &G, start: &G::Position, tokens: &[Token]) -> Option<Decoded<G::Move>> {
    Plain::of(tokens)?.read(game, start, tokens)
}

/// Tokens whose numbers are all printed plainly: what [`read_as_printed`]
/// needs from the text alone, worked out once for a search over many starts.
pub struct Plain {
    /// The tokens the decoder reads (numbers and junk; here numbers only).
    items: Vec<usize>,
    numbers: Vec<u32>,
}

impl Plain {
    /// `None` when some token needs the search whatever the start.
    pub fn of(tokens: &[Token]) -> Option<Plain> {
        let items = read_items(tokens);
        let numbers: Vec<u32> = items.iter().map(|&i| plain_number(&tokens[i])).collect::<Option<_>>()?;
        Some(Plain { items, numbers })
    }

    /// [`read_as_printed`] over the `tokens` this was made of.
    pub fn read<G: Spelling>(&self, game: &G, start: &G::Position, tokens: &[Token]) -> Option<Decoded<G::Move>> {
        let Plain { items, numbers } = self;
        let mut pos = start.clone();
        let mut moves = Vec::new();
        let mut at = 0;
        while at < numbers.len() {
            let (mv, len) = the_one_move_spelled(game, &pos, &numbers[at..])?;
            let first_token = items[at];
            // As the decoder counts them: up to the next number, marks and separators included.
            let end_token = items.get(at + len).copied().unwrap_or(tokens.len());
            // From the first digit read to the last, as the decoder's pieces span them (a
            // reader may have read a token as less text than its span covers).
            let last = &tokens[items[at + len - 1]];
            let span = Span::new(tokens[first_token].span.start, last.span.start + last.text.len());
            pos = game.play(&pos, &mv);
            moves.push(DecodedMove { mv, tokens: first_token..end_token, span, edits: Vec::new(), cost: 0.0, margin: f64::INFINITY, confidence: 1.0 });
            at += len;
        }
        Some(Decoded::new(moves, None, Vec::new()))
    }
}

/// A number token's value when it is printed with digits only and no leading zero.
fn plain_number(token: &Token) -> Option<u32> {
    let text = token.text.as_bytes();
    let plain = token.kind == TokenKind::Number && !text.is_empty() && text.len() <= 4 && text.iter().all(u8::is_ascii_digit) && text[0] != b'0';
    plain.then(|| token.text.parse().ok()).flatten()
}

/// The legal move whose spelling the numbers begin with, and how many it
/// takes; `None` unless exactly one move, in exactly one length, fits.
fn the_one_move_spelled<G: Spelling>(game: &G, pos: &G::Position, numbers: &[u32]) -> Option<(G::Move, usize)> {
    let mut found: Option<(G::Move, usize)> = None;
    for mv in game.legal_moves(pos) {
        let mut lengths: Option<usize> = None;
        let mut lengths_differ = false;
        game.each_spelling(pos, &mv, &mut |spelling| {
            if !spelling.is_empty() && numbers.starts_with(spelling) {
                lengths_differ |= lengths.is_some_and(|l| l != spelling.len());
                lengths = Some(spelling.len());
            }
        });
        if lengths_differ {
            return None;
        }
        if let Some(len) = lengths {
            if found.is_some() {
                return None;
            }
            found = Some((mv, len));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repair::{decode, DecodeOptions};
    use crate::rules::draughts::Position;
    use crate::text::draughts::{scan, BookDraughts};

    fn tokens(text: &str) -> Vec<Token> {
        scan(text, 0)
    }

    #[test]
    fn plain_moves_read_as_the_decoder_reads_them() {
        let text = "11-15 22-18 15x22 25x18 8-11 29-25";
        let start = Position::initial();
        let fast = read_as_printed(&BookDraughts, &start, &tokens(text)).expect("reads as printed");
        let searched = decode(&BookDraughts, &start, &tokens(text), &DecodeOptions::default());
        assert_eq!(fast.moves.len(), 6);
        assert_eq!(fast.stop, None);
        let strip = |d: &Decoded<_>| d.moves.iter().map(|m| (m.mv, m.tokens.clone(), m.span, m.edits.clone())).collect::<Vec<_>>();
        assert_eq!(strip(&fast), strip(&searched));
        assert_eq!(fast.moves[0].span, Span::new(0, 5));
    }

    /// The oracle is the search itself: over random legal games printed in
    /// the period styles, clean and with a little OCR noise, wherever the
    /// as-printed reading reads, the search reads the same moves from the
    /// same tokens and spans, to the end, with no repair.
    #[test]
    fn where_it_reads_the_search_reads_the_same() {
        use crate::bench::noise::{corrupt, print_book_style, random_game, Rng};
        use crate::repair::decode::decode_by_search;
        let opts = DecodeOptions::default();
        let start = Position::initial();
        let (mut read, mut left) = (0, 0);
        for seed in 0..150 {
            let mut rng = Rng::new(seed);
            let game = random_game(&mut rng, &start, 50);
            let printed = print_book_style(&mut rng, &start, &game);
            for text in [printed.clone(), corrupt(&mut rng, &printed, 0.01)] {
                let tokens = tokens(&text);
                let Some(fast) = read_as_printed(&BookDraughts, &start, &tokens) else {
                    left += 1;
                    continue;
                };
                read += 1;
                let searched = decode_by_search(&BookDraughts, &start, &tokens, &opts);
                assert_eq!(searched.stop, None, "seed {seed}: {text}");
                assert!(searched.moves.iter().all(|m| m.edits.is_empty()), "seed {seed}: {text}");
                let strip = |d: &Decoded<_>| d.moves.iter().map(|m| (m.mv, m.tokens.clone(), m.span)).collect::<Vec<_>>();
                assert_eq!(strip(&fast), strip(&searched), "seed {seed}: {text}");
            }
        }
        assert!(read > 150 && left > 20, "read as printed {read}, left to the search {left}");
    }

    #[test]
    fn anything_needing_a_repair_is_left_to_the_search() {
        let start = Position::initial();
        // A letter for a digit, junk, a leading zero, an illegal move, a number too many.
        for text in ["11-l5", "11-15 ~ 23-19", "09-13", "11-18", "11-15 23"] {
            assert!(read_as_printed(&BookDraughts, &start, &tokens(text)).is_none(), "{text}");
        }
        assert_eq!(read_as_printed(&BookDraughts, &start, &tokens("")).map(|d| d.moves.len()), Some(0));
    }
}
