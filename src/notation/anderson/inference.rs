//! Costed start inference: the position a column's own moves imply, when
//! where it branches cannot be read, and the pieces a rest's moves need.
//!
//! The engine's [`infer_start_among_prefixes`] fits the printed readings to a board;
//! here the fits are chosen between (colour, kings, cost) and confirmed by
//! the decoder reading a stretch of the column as printed.

use super::column::ColumnWork;
use super::line::clean_head;
use crate::rules::draughts::infer::{complete, infer_start_among_prefixes, Inferred, InferredReading, Prefixes, Reading};
use crate::rules::draughts::{Color, Position, Setup};
use crate::tree::Line;

/// How wide the inference's beam is.
pub(super) const INFER_BEAM: usize = 64;
/// The least number of printed moves an inference must fit to be used.
pub(super) const MIN_INFERRED_PLIES: usize = 8;
/// The most starts inferred from prefixes of a column's moves that are
/// completed (and perhaps decoded) in the search for its own start: each
/// takes the prefix's length, so completing every prefix of a long column
/// would take the square of its length. Far more than any column of the
/// book needs (its longest fits 50 moves).
pub(super) const MAX_STARTS_COMPLETED: usize = 128;
/// The least number of moves the decoder must read from an inferred start for it to be used.
pub(super) const MIN_CONFIRMED_PLIES: usize = 6;

/// A start found from the column's own moves: `fixed` squares, `filled` ones
/// where an empty square would allow a capture the text does not play, the
/// rest empty.
#[derive(Clone, Debug)]
pub(super) struct OwnStart {
    pub fixed: u32,
    pub filled: u32,
    pub start: Position,
}

/// Both colours' fits for every prefix of a column's moves, each colour's
/// made in one pass (see [`infer_start_among_prefixes`]).
pub(super) struct PrefixFits {
    black: Prefixes,
    white: Prefixes,
    len: usize,
}

impl PrefixFits {
    pub fn new(moves: &[Vec<Reading>]) -> PrefixFits {
        let fits = |c: Color| infer_start_among_prefixes(moves, c, INFER_BEAM);
        PrefixFits { black: fits(Color::Black), white: fits(Color::White), len: moves.len() }
    }

    /// Which prefix answers for the first `end` moves with `turn` moving
    /// first: past where no reading fits, a longer prefix fits as far as the last one.
    fn prefix(&self, turn: Color, end: usize) -> (&Prefixes, Option<usize>) {
        let fits = if turn == Color::Black { &self.black } else { &self.white };
        (fits, end.min(fits.len()).checked_sub(1))
    }

    /// The fit of the first `end` moves with `turn` moving first.
    pub fn of(&self, turn: Color, end: usize) -> Option<InferredReading> {
        let (fits, k) = self.prefix(turn, end);
        fits.reading(k?)
    }

    /// [`Self::of`] without the readings chosen: the start and its cost.
    fn start_of(&self, turn: Color, end: usize) -> Option<(Inferred, f64)> {
        let (fits, k) = self.prefix(turn, end);
        fits.inferred(k?)
    }

    /// The inferences from the first `end` moves with Black and with White
    /// moving first: those that fit the most moves, and of them those needing
    /// the fewest kings (a piece that only moves forward is taken for a
    /// man), then the cheapest readings.
    pub fn infer(&self, end: usize) -> Vec<InferredReading> {
        self.starts(end).into_iter().filter_map(|(c, _)| self.of(c, end)).collect()
    }

    /// [`Self::infer`] without the readings chosen: each colour kept and its start.
    fn starts(&self, end: usize) -> Vec<(Color, Inferred)> {
        let mut found: Vec<(Color, Inferred, f64)> = [Color::Black, Color::White].into_iter().filter_map(|c| self.start_of(c, end).map(|(i, cost)| (c, i, cost))).collect();
        let key = |i: &Inferred| (i.plies, std::cmp::Reverse((i.setup.black_kings | i.setup.white_kings).count_ones()));
        let best = found.iter().map(|f| key(&f.1)).max();
        found.retain(|f| Some(key(&f.1)) == best);
        if let [a, b] = found.as_slice() {
            // Both colours fit as far: the cheaper reading, if clearly cheaper.
            if (a.2 - b.2).abs() >= 1.0 {
                let keep = if a.2 < b.2 { 0 } else { 1 };
                found = vec![found.swap_remove(keep)];
            }
        }
        found.into_iter().map(|(c, i, _)| (c, i)).collect()
    }

    /// The inferences from all the moves.
    pub fn infer_all(&self) -> Vec<InferredReading> {
        self.infer(self.len)
    }
}

/// The position the moves of a column (or of its rest from byte `from`)
/// imply, if one colour's reading fits enough of them and it is a position at all.
///
/// A misread move late in the column can still fit the board by reading it
/// as something else, and so put a piece on the start that is not there.
/// So the inference is also made from each shorter prefix (at most
/// [`MAX_STARTS_COMPLETED`] starts completed), and the start from which the
/// decoder then reads the column furthest is taken. That decode is kept on
/// the column: reading the column from the start found does not decode again.
/// `fits`: the fits of every prefix of `moves`.
pub(super) fn inferred_start(work: &ColumnWork, text: &str, from: usize, moves: &[Vec<Reading>], fits: &PrefixFits) -> Option<OwnStart> {
    best_start(work, text, from, moves.len(), &starts_to_try(moves, fits)?)
}

/// The starts [`inferred_start`] may decode, in the order it tries them
/// (every prefix, longest first: a piece a later misread move needs is not
/// on the board earlier), each once; `None` if no reading fits at all.
pub(super) fn starts_to_try(moves: &[Vec<Reading>], fits: &PrefixFits) -> Option<Vec<OwnStart>> {
    let full_plies = fits.infer_all().iter().map(|r| r.inferred.plies).max()?;
    let mut out: Vec<OwnStart> = Vec::new();
    // The starts whose completion replayed every move of their prefix and filled nothing.
    let mut plain: Vec<Setup> = Vec::new();
    let mut completed = 0;
    'prefixes: for end in (MIN_INFERRED_PLIES..=full_plies).rev() {
        for (turn, inferred) in fits.starts(end) {
            // The start of a longer prefix that replayed all its moves: this
            // prefix's readings are the first of those (unless the beam
            // changed its mind between), so it completes to the same board.
            if inferred.plies < MIN_INFERRED_PLIES || plain.contains(&inferred.setup) {
                continue;
            }
            if completed == MAX_STARTS_COMPLETED {
                break 'prefixes;
            }
            completed += 1;
            let Some(reading) = fits.of(turn, end) else { continue };
            let chosen: Vec<&[u8]> = reading.chosen.iter().zip(moves).map(|(&k, readings)| readings[k].squares.as_slice()).collect();
            let Some((pos, filled, replayed)) = complete(&reading.inferred, &chosen) else { continue };
            if filled == 0 && replayed == chosen.len() {
                plain.push(inferred.setup);
            }
            if !out.iter().any(|c| c.start == pos) {
                out.push(OwnStart { fixed: reading.inferred.fixed, filled, start: pos });
            }
        }
    }
    Some(out)
}

/// Of the `starts` of a column of `printed` moves (or of its rest from byte
/// `from`), the one from which the decoder reads it best, if it reads a
/// stretch as printed; its decode is kept.
pub(super) fn best_start(work: &ColumnWork, text: &str, from: usize, printed: usize, starts: &[OwnStart]) -> Option<OwnStart> {
    // A reading is credited with at most the moves the column prints, so once
    // one scores that, a start is decoded only if it fills fewer squares.
    let most = printed as f64;
    let mut best: Option<(f64, usize, OwnStart, super::column::Decoded)> = None;
    for start in starts {
        // A start that reads every move and fills nothing cannot be beaten.
        if best.as_ref().is_some_and(|b| b.0 >= most && b.2.filled == 0) {
            break;
        }
        let filled = start.filled.count_ones();
        if best.as_ref().is_some_and(|b| b.0 >= most && filled >= b.2.filled.count_ones()) {
            continue;
        }
        let decoded = work.decode(text, from, &start.start);
        let (score, exact) = read_score(&decoded.0);
        let score = score.min(most);
        if best.as_ref().is_none_or(|b| (score, std::cmp::Reverse(filled)) > (b.0, std::cmp::Reverse(b.2.filled.count_ones()))) {
            best = Some((score, exact, start.clone(), decoded));
        }
    }
    // A start only the inference vouches for must let the decoder read a stretch as printed.
    let (_, exact, own, decoded) = best?;
    if exact < MIN_CONFIRMED_PLIES {
        return None;
    }
    work.keep(from, &own.start, &decoded);
    Some(own)
}

/// How well a column reads as decoded: moves read less what mending them
/// cost (a wrong start can still be read far by mending most moves), and the
/// moves read as printed.
/// A move whose own cell prints it cleanly counts as read as printed, though
/// the decoder read garbled text after it with it (see [`clean_head`]).
pub(super) fn read_score(line: &Line) -> (f64, usize) {
    let as_printed = |m: &&crate::tree::MoveNode| m.repair.is_none() || clean_head(m).is_some();
    let exact = line.moves.iter().filter(as_printed).count();
    let mended: f64 = line.moves.iter().filter(|m| !as_printed(m)).filter_map(|m| m.repair.as_ref()).map(|r| r.cost).sum();
    (line.moves.len() as f64 - mended, exact)
}

/// What the rest's own moves say about the board with `turn` to move: the
/// inference from all of them, and from shorter stretches of them, since a
/// misread move later on can make the longest fit put a piece where none is.
pub(super) fn rest_inferences(fits: &PrefixFits, turn: Color) -> Vec<InferredReading> {
    let mut out: Vec<InferredReading> = Vec::new();
    // Each inference kept is completed by the caller: as many ends as the own start's search completes.
    let ends = std::iter::once(fits.len).chain((MIN_INFERRED_PLIES..fits.len).step_by(4).rev()).take(MAX_STARTS_COMPLETED);
    for end in ends {
        // Told apart by their starts; only those kept list their readings.
        let Some((inferred, _)) = fits.start_of(turn, end) else { continue };
        if inferred.plies >= MIN_CONFIRMED_PLIES && !out.iter().any(|r| r.inferred.setup == inferred.setup) {
            out.extend(fits.of(turn, end));
        }
    }
    out
}

/// `at`, with the pieces one inference from the rest's moves needs put on
/// squares `at` has empty; `None` if it needs nothing new or contradicts `at`.
pub(super) fn with_pieces_of(at: &Position, rest: &[Vec<Reading>], reading: &InferredReading) -> Option<(Position, u32)> {
    let real = at.setup();
    let own = &reading.inferred;
    if own.plies < MIN_CONFIRMED_PLIES || real.turn != own.setup.turn {
        return None;
    }
    let black = |s: &Setup| s.black_men | s.black_kings;
    let white = |s: &Setup| s.white_men | s.white_kings;
    let occupied = |s: &Setup| black(s) | white(s);
    let own_setup = &own.setup;
    // Where both say something they must agree; a king may stand where a man was inferred.
    let shared = own.fixed & occupied(&real);
    let conflict = shared & !occupied(own_setup)
        | shared & black(own_setup) & !black(&real)
        | shared & white(own_setup) & !white(&real)
        | shared & own_setup.black_kings & !real.black_kings
        | shared & own_setup.white_kings & !real.white_kings;
    if conflict != 0 {
        return None;
    }
    let added = occupied(own_setup) & !occupied(&real);
    if added == 0 {
        return None;
    }
    let merged = Setup {
        black_men: real.black_men | (own_setup.black_men & added),
        black_kings: real.black_kings | (own_setup.black_kings & added),
        white_men: real.white_men | (own_setup.white_men & added),
        white_kings: real.white_kings | (own_setup.white_kings & added),
        turn: real.turn,
    };
    let inferred = Inferred { setup: merged, fixed: own.fixed | occupied(&real), plies: own.plies };
    let chosen: Vec<Vec<u8>> = reading.chosen.iter().zip(rest).map(|(&k, readings)| readings[k].squares.clone()).collect();
    let (pos, filled, _) = complete(&inferred, &chosen)?;
    Some((pos, added | filled))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `at`, with the pieces the rest's own moves need put on squares it has
    /// empty. Only for a line whose start was inferred, where an empty square
    /// may be one no earlier move touched. `None` if the rest's moves fit too
    /// few plies, need nothing new, or contradict a piece of `at`.
    fn with_pieces_the_rest_needs(at: &Position, rest: &[Vec<Reading>]) -> Option<(Position, u32)> {
        let reading = PrefixFits::new(rest).of(at.setup().turn?, rest.len())?;
        with_pieces_of(at, rest, &reading)
    }

    /// A line whose start was inferred lacks pieces no earlier move touched:
    /// the rest's own moves put them back where they do not contradict it.
    #[test]
    fn pieces_the_rest_needs_are_added_only_where_the_board_is_silent() {
        let at = Position::from_setup(crate::rules::draughts::parse_fen("B:W22,K31:BK10,14,K15").expect("fen")).expect("position");
        let readings = |moves: &[[u8; 2]]| moves.iter().map(|m| vec![Reading { squares: m.to_vec(), cost: 0.0 }]).collect::<Vec<_>>();
        // 14-18 31-27 1-5 27-31 5-9 31-27 9-14: Black needs a man on 1.
        let rest = readings(&[[14, 18], [31, 27], [1, 5], [27, 31], [5, 9], [31, 27], [9, 14]]);
        let (pos, added) = with_pieces_the_rest_needs(&at, &rest).expect("completed");
        // A black man on 1; and a piece on 25, else 18x25 would be compulsory instead of 1-5.
        assert_eq!(added, 1 | 1 << 24);
        let setup = pos.setup();
        assert_eq!((setup.black_men & 1, (setup.white_men | setup.black_men) >> 24 & 1), (1, 1));
        assert_eq!(setup.white_kings, 1 << 30, "White's king on 31 is kept");
        // A rest whose first move goes to 22, where White has a man, contradicts the board.
        let clash = readings(&[[18, 22], [31, 27], [1, 5], [27, 31], [5, 9], [31, 27]]);
        assert_eq!(with_pieces_the_rest_needs(&at, &clash), None);
    }

    /// One pass gives what a search over each prefix gives.
    #[test]
    fn the_fits_of_every_prefix_are_those_of_a_search_over_it() {
        use crate::rules::draughts::infer::infer_start_among;
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/anderson-1852-ocr.txt");
        let text = std::fs::read_to_string(path).expect("corpus");
        let (layouts, _) = super::super::layout::parse_layout(&text);
        let mut compared = 0;
        for layout in layouts.iter().take(3) {
            for column in layout.columns.values().take(6) {
                let moves = super::super::readings::printed_readings(column, layout);
                let fits = PrefixFits::new(&moves);
                for end in 0..=moves.len() {
                    for turn in [Color::Black, Color::White] {
                        assert_eq!(fits.of(turn, end), infer_start_among(&moves[..end], turn, INFER_BEAM), "end {end}");
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 200, "{compared}");
    }

    #[test]
    fn the_colour_that_fits_more_moves_is_taken() {
        let readings = |moves: &[[u8; 2]]| moves.iter().map(|m| vec![Reading { squares: m.to_vec(), cost: 0.0 }]).collect::<Vec<_>>();
        // Black's 11-15 first, then White's 23-19: only Black moving first fits all four.
        let found = PrefixFits::new(&readings(&[[11, 15], [23, 19], [8, 11], [22, 17]])).infer_all();
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].inferred.setup.turn, found[0].inferred.plies), (Some(Color::Black), 4));
    }
}

