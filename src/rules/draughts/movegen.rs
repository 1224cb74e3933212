//! Move generation: the legal moves of a position (captures compulsory and
//! complete), counted without building them where only the number is needed.

use super::bitboard::{self, Bits, BLACK_CROWN_ROW, WHITE_CROWN_ROW};
use super::mv::{Move, MAX_PATH};
use super::position::Position;
use super::setup::Color;
use super::square::{Direction, Square};

const NONE: u8 = 255;

/// `NEIGHBOUR[dir][index]`: the index one step away, or `NONE`.
const NEIGHBOUR: [[u8; 32]; 4] = {
    let mut table = [[NONE; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < 32 {
            if let Some(s) = Direction::ALL[d].step(Square::from_index(i as u32)) {
                table[d][i] = s.index() as u8;
            }
            i += 1;
        }
        d += 1;
    }
    table
};

/// `JUMP[dir][index]`: the bits of the square jumped over and the landing
/// square, or `(0, 0)` where the jump would leave the board. Bits rather than
/// indices so the walk tests them against boards with one AND each.
const JUMP: [[(u32, u32); 32]; 4] = {
    let mut table = [[(0, 0); 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < 32 {
            let over = NEIGHBOUR[d][i];
            if over != NONE {
                let land = NEIGHBOUR[d][over as usize];
                if land != NONE {
                    table[d][i] = (1 << over, 1 << land);
                }
            }
            i += 1;
        }
        d += 1;
    }
    table
};

/// Directions by index into `Direction::ALL`; this order fixes which of two
/// equal king captures is kept, so it must not change.
const DOWN: [usize; 2] = [0, 1];
const UP: [usize; 2] = [2, 3];
const ALL: [usize; 4] = [0, 1, 2, 3];

/// The state of one piece's jump walk that stays fixed while it recurses.
struct JumpWalk<'a, F> {
    directions: &'static [usize],
    opp: u32,
    empty: u32,
    /// The row that crowns and so ends the walk; 0 for a king.
    crown_row: u32,
    path: [u8; MAX_PATH],
    visit: &'a mut F,
}

impl<F: FnMut(&[u8], u32, bool)> JumpWalk<'_, F> {
    /// Extends the capture standing on index `at` after `len` jumps, reporting
    /// each finished capture as (landing squares, captured bits, crowns).
    fn walk(&mut self, at: u32, len: usize, captured: u32) {
        let mut extended = false;
        for &d in self.directions {
            // `& 31` proves the index in range to the compiler: no bounds check.
            let (over, land) = JUMP[d][(at & 31) as usize];
            // A piece taken earlier in this move stays on the board until the
            // move ends: it can be neither jumped again nor landed on.
            if over & self.opp & !captured == 0 || land & self.empty == 0 {
                continue;
            }
            extended = true;
            let land_index = land.trailing_zeros();
            self.path[len] = land_index as u8 + 1;
            let taken = captured | over;
            if land & self.crown_row != 0 {
                // A man crowned by a capture stops there.
                (self.visit)(&self.path[..=len], taken, true);
            } else if len + 1 == MAX_PATH {
                (self.visit)(&self.path[..=len], taken, false);
            } else {
                self.walk(land_index, len + 1, taken);
            }
        }
        if !extended && len > 0 {
            (self.visit)(&self.path[..len], captured, false);
        }
    }
}

/// The (landing square, captured) pairs of one king's captures seen so far.
/// Two king paths round a loop can end alike having taken the same pieces:
/// they are one move. A small array covers real positions; the spill Vec
/// (which allocates only when used) keeps odd ones correct.
struct SeenEnds {
    ends: [(u8, u32); 16],
    len: usize,
    spill: Vec<(u8, u32)>,
}

impl SeenEnds {
    fn new() -> SeenEnds {
        SeenEnds { ends: [(0, 0); 16], len: 0, spill: Vec::new() }
    }

    /// Records the end and says whether it is new.
    fn insert(&mut self, to: u8, captured: u32) -> bool {
        let end = (to, captured);
        if self.ends[..self.len].contains(&end) || self.spill.contains(&end) {
            return false;
        }
        if self.len < self.ends.len() {
            self.ends[self.len] = end;
            self.len += 1;
        } else {
            self.spill.push(end);
        }
        true
    }
}

/// The two forward diagonals of one side's men, and the steps that undo them.
trait Forward {
    const CROWN_ROW: u32;
    fn left(b: u32) -> u32;
    fn right(b: u32) -> u32;
    fn undo_left(b: u32) -> u32;
    fn undo_right(b: u32) -> u32;
}

/// Black's men, moving towards 32.
struct Down;
/// White's men, moving towards 1.
struct Up;

impl Forward for Down {
    const CROWN_ROW: u32 = BLACK_CROWN_ROW;
    fn left(b: u32) -> u32 {
        bitboard::down_left(b)
    }
    fn right(b: u32) -> u32 {
        bitboard::down_right(b)
    }
    fn undo_left(b: u32) -> u32 {
        bitboard::up_right(b)
    }
    fn undo_right(b: u32) -> u32 {
        bitboard::up_left(b)
    }
}

impl Forward for Up {
    const CROWN_ROW: u32 = WHITE_CROWN_ROW;
    fn left(b: u32) -> u32 {
        bitboard::up_left(b)
    }
    fn right(b: u32) -> u32 {
        bitboard::up_right(b)
    }
    fn undo_left(b: u32) -> u32 {
        bitboard::down_right(b)
    }
    fn undo_right(b: u32) -> u32 {
        bitboard::down_left(b)
    }
}

/// How many capture moves the men in `men` have, counted without walking
/// them one by one: a man's path is fixed by the pieces it takes, and the
/// square it left and the pieces it took are all behind it, so no path can
/// meet another's leftovers and all can be followed at once on whole boards.
#[inline(always)]
fn man_capture_count<F: Forward>(men: u32, opp: u32, empty: u32) -> u64 {
    let left = F::left(F::left(men) & opp) & empty;
    let right = F::right(F::right(men) & opp) & empty;
    man_paths_from::<F>(left, opp, empty) + man_paths_from::<F>(right, opp, empty)
}

/// The number of finished capture paths reached from landing squares `at`,
/// where each bit stands for one path so far. A jump moves every bit the same
/// way, so no two paths ever share a bit of `left` or of `right`.
fn man_paths_from<F: Forward>(at: u32, opp: u32, empty: u32) -> u64 {
    if at == 0 {
        return 0;
    }
    // Crowning ends the move, so only men short of the crown row go on.
    let going_on = at & !F::CROWN_ROW;
    let left = F::left(F::left(going_on) & opp) & empty;
    let right = F::right(F::right(going_on) & opp) & empty;
    let stopped = at & !(F::undo_left(F::undo_left(left)) | F::undo_right(F::undo_right(right)));
    stopped.count_ones() as u64 + man_paths_from::<F>(left, opp, empty) + man_paths_from::<F>(right, opp, empty)
}

impl Position {
    /// The pieces of the side to move that can capture now.
    #[inline(always)]
    pub(super) fn jumpers(&self) -> u32 {
        let (down, up, opp, empty) = self.sides();
        // A piece jumps in a direction if the enemy is one step that way and the
        // square beyond is empty: trace back from the empty squares.
        let back = |land: u32, step_back: fn(u32) -> u32| step_back(step_back(land) & opp);
        (down & (back(empty, bitboard::up_right) | back(empty, bitboard::up_left)))
            | (up & (back(empty, bitboard::down_right) | back(empty, bitboard::down_left)))
    }

    /// Whether the side to move must capture.
    #[inline]
    pub fn is_capture_position(&self) -> bool {
        self.jumpers() != 0
    }

    /// The number of legal moves. Steps are counted without generating them and
    /// captures without building `Move`s, so `scratch` is no longer used; it
    /// stays so callers need not change.
    #[inline]
    pub fn count_moves(&self, _scratch: &mut Vec<Move>) -> u64 {
        self.move_count()
    }

    #[inline(always)]
    pub(super) fn move_count(&self) -> u64 {
        let jumpers = self.jumpers();
        if jumpers != 0 {
            let (own, opp) = self.movers();
            let men = own & !self.kings;
            let empty = !(own | opp);
            let mut n = match self.turn {
                Color::Black => man_capture_count::<Down>(men, opp, empty),
                Color::White => man_capture_count::<Up>(men, opp, empty),
            };
            self.for_each_capture(jumpers & self.kings, |_, _, _, _| n += 1);
            return n;
        }
        let (down, up, _, empty) = self.sides();
        let (dl, dr) = bitboard::steps_down(down);
        let (ul, ur) = bitboard::steps_up(up);
        // Two boards to a u64: without a popcount instruction in the baseline
        // x86-64 target, each count_ones is a dozen operations.
        let pair = |a: u32, b: u32| ((a as u64) << 32 | b as u64).count_ones() as u64;
        pair(dl & empty, dr & empty) + pair(ul & empty, ur & empty)
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(16);
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Appends every legal move; captures are compulsory.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        let jumpers = self.jumpers();
        if jumpers != 0 {
            self.captures_of_into(jumpers, out);
        } else {
            self.steps_into(out);
        }
    }

    fn directions(&self, is_king: bool) -> &'static [usize] {
        match (is_king, self.turn) {
            (true, _) => &ALL,
            (false, Color::Black) => &DOWN,
            (false, Color::White) => &UP,
        }
    }

    /// The quiet moves as (from, to) index pairs, by whole-board shifts: for each
    /// direction the empty squares one step ahead, traced back to their movers.
    #[inline(always)]
    pub(super) fn for_each_step(&self, mut visit: impl FnMut(u32, u32)) {
        let (down, up, _, empty) = self.sides();
        // (targets, direction back to the mover)
        let sets = [
            (bitboard::down_left(down) & empty, 3),
            (bitboard::down_right(down) & empty, 2),
            (bitboard::up_left(up) & empty, 1),
            (bitboard::up_right(up) & empty, 0),
        ];
        for (targets, back) in sets {
            for to in Bits(targets) {
                visit(NEIGHBOUR[back][(to & 31) as usize] as u32, to);
            }
        }
    }

    fn steps_into(&self, out: &mut Vec<Move>) {
        let crown_row = self.crown_row();
        let kings = self.kings;
        self.for_each_step(|from, to| {
            let mut path = [0; MAX_PATH];
            path[0] = to as u8 + 1;
            out.push(Move {
                from: Square::from_index(from),
                path,
                len: 1,
                captured: 0,
                crowns: kings & (1 << from) == 0 && crown_row & (1 << to) != 0,
            });
        });
    }

    #[inline(always)]
    pub(super) fn crown_row(&self) -> u32 {
        match self.turn {
            Color::Black => BLACK_CROWN_ROW,
            Color::White => WHITE_CROWN_ROW,
        }
    }

    /// The legal moves of the piece on `from` only (captures are still compulsory
    /// for the whole side): what resolving a printed move needs, cheaply.
    pub fn moves_from_into(&self, from: Square, out: &mut Vec<Move>) {
        out.clear();
        let jumpers = self.jumpers();
        if jumpers != 0 {
            self.captures_of_into(jumpers & from.bit(), out);
        } else if self.movers().0 & from.bit() != 0 {
            let crown_row = self.crown_row();
            let is_king = self.kings & from.bit() != 0;
            let empty = !(self.black | self.white);
            for &d in self.directions(is_king) {
                let to = NEIGHBOUR[d][from.index() as usize];
                if to != NONE && empty & (1 << to) != 0 {
                    let mut path = [0; MAX_PATH];
                    path[0] = to + 1;
                    out.push(Move { from, path, len: 1, captured: 0, crowns: !is_king && crown_row & (1 << to) != 0 });
                }
            }
        }
    }

    fn captures_of_into(&self, pieces: u32, out: &mut Vec<Move>) {
        self.for_each_capture(pieces, |from, landings, captured, crowns| {
            let mut path = [0; MAX_PATH];
            path[..landings.len()].copy_from_slice(landings);
            out.push(Move {
                from: Square::from_index(from),
                path,
                len: landings.len() as u8,
                captured,
                crowns,
            });
        });
    }

    /// Calls `visit(from index, landing squares, captured bits, crowns)` once
    /// for every distinct capture of the pieces in `pieces`, which must all be
    /// able to capture.
    #[inline(always)]
    pub(super) fn for_each_capture(&self, pieces: u32, mut visit: impl FnMut(u32, &[u8], u32, bool)) {
        for from in Bits(pieces) {
            if self.kings & (1 << from) != 0 {
                // Only kings need the duplicate check: a man only moves forward,
                // so the pieces he took fix the order he took them in, and his path.
                let mut seen = SeenEnds::new();
                self.walk_jumps(from, true, &mut |path: &[u8], captured: u32, crowns: bool| {
                    if seen.insert(path[path.len() - 1], captured) {
                        visit(from, path, captured, crowns);
                    }
                });
            } else {
                self.walk_jumps(from, false, &mut |path: &[u8], captured: u32, crowns: bool| {
                    visit(from, path, captured, crowns)
                });
            }
        }
    }

    /// Every capture path of the piece on index `from`, duplicates included.
    #[inline(always)]
    fn walk_jumps<F: FnMut(&[u8], u32, bool)>(&self, from: u32, is_king: bool, visit: &mut F) {
        let (own, opp) = self.movers();
        JumpWalk {
            directions: self.directions(is_king),
            opp,
            // The mover's own square is empty once he has left it.
            empty: !(own | opp) | (1 << from),
            crown_row: if is_king { 0 } else { self.crown_row() },
            path: [0; MAX_PATH],
            visit,
        }
        .walk(from, 0, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::draughts::{perft, Setup};

    #[test]
    fn opening_moves_are_the_seven_book_moves() {
        let mut moves: Vec<String> = Position::initial().legal_moves().iter().map(|m| format!("{m:?}")).collect();
        moves.sort();
        assert_eq!(moves, ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
    }


    fn setup(black_men: &[u8], black_kings: &[u8], white_men: &[u8], white_kings: &[u8], turn: Color) -> Position {
        let bits = |s: &[u8]| s.iter().fold(0u32, |b, &n| b | 1 << (n - 1));
        Position::from_setup(Setup {
            black_men: bits(black_men),
            black_kings: bits(black_kings),
            white_men: bits(white_men),
            white_kings: bits(white_kings),
            turn: Some(turn),
        })
        .unwrap()
    }


    #[test]
    fn a_capture_is_compulsory_and_must_be_completed() {
        // Black 9 takes 14 then 23: 9x18x27.
        let pos = setup(&[9, 1], &[], &[14, 23], &[], Color::Black);
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].squares(), vec![9, 18, 27]);
        let after = pos.play(&moves[0]);
        assert_eq!(after.white(), 0);
        assert!(after.is_lost());
    }


    #[test]
    fn a_man_crowned_by_a_capture_stops_there() {
        // White 10 jumps 6 to land on 1 and is crowned; he may not go on over 5... (no piece there anyway)
        // Black 22 jumps 26 to 31, crowned; the white man on 27 beside him is not taken.
        let pos = setup(&[22], &[], &[26, 27, 23], &[], Color::Black);
        let moves = pos.legal_moves();
        let caps: Vec<_> = moves.iter().map(Move::squares).collect();
        assert!(caps.contains(&vec![22, 31]), "{caps:?}");
        let m = moves.iter().find(|m| m.squares() == vec![22, 31]).unwrap();
        assert!(m.crowns());
    }


    #[test]
    fn moves_from_one_square_are_its_share_of_the_legal_moves() {
        let mut pos = Position::initial();
        let mut scratch = Vec::new();
        let mut rng = 0x9E37_79B9u32;
        for _ in 0..400 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                pos = Position::initial();
                continue;
            }
            for s in Square::all() {
                pos.moves_from_into(s, &mut scratch);
                let mut want: Vec<Move> = legal.iter().copied().filter(|m| m.from() == s).collect();
                let mut got = scratch.clone();
                want.sort_by_key(|m| m.squares());
                got.sort_by_key(|m| m.squares());
                assert_eq!(got, want, "{s} in {:?}", pos.setup());
            }
            rng ^= rng << 13;
            rng ^= rng >> 17;
            rng ^= rng << 5;
            pos = pos.play(&legal[rng as usize % legal.len()]);
        }
    }


    #[test]
    fn a_king_round_a_loop_has_one_move() {
        // 7x14x23x16x7 and 7x16x23x14x7 take the same four men and end alike: one move.
        let pos = setup(&[], &[7], &[10, 11, 18, 19], &[], Color::Black);
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), 1, "{moves:?}");
        assert_eq!(moves[0].squares(), vec![7, 14, 23, 16, 7]);
        assert_eq!(moves[0].captured().count_ones(), 4);
        assert_eq!(pos.count_moves(&mut Vec::new()), 1);
        assert_eq!(perft(&pos, 1), 1);
    }


    #[test]
    fn seen_ends_stay_exact_past_the_inline_array() {
        let mut seen = SeenEnds::new();
        for to in 0..40 {
            assert!(seen.insert(to, u32::from(to) * 3 + 1), "{to} is new");
        }
        for to in 0..40 {
            assert!(!seen.insert(to, u32::from(to) * 3 + 1), "{to} was seen");
        }
        assert!(seen.insert(3, 1), "same square, other pieces taken");
    }


    #[test]
    fn kings_move_both_ways() {
        let pos = setup(&[], &[14], &[32], &[], Color::Black);
        assert_eq!(pos.legal_moves().len(), 4);
    }

}
