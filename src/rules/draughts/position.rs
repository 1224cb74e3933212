//! `Setup` (any arrangement) and `Position` (checked), move generation and play.

use super::bitboard::{self, Bits, BLACK_CROWN_ROW, WHITE_CROWN_ROW};
use super::square::{Direction, Square};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

/// An arrangement of pieces and a side to move, not necessarily legal.
/// Bit `n-1` of each board stands for square `n`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Setup {
    pub black_men: u32,
    pub black_kings: u32,
    pub white_men: u32,
    pub white_kings: u32,
    pub turn: Option<Color>,
}

/// What makes a setup impossible in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionErrorKind {
    /// Two pieces on one square.
    Overlap,
    /// A man on the row where he would have been crowned.
    ManOnCrownRow,
    /// More than twelve pieces of one colour.
    TooManyPieces,
    /// No side to move given.
    NoTurn,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub kinds: Vec<PositionErrorKind>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<&str> = self
            .kinds
            .iter()
            .map(|k| match k {
                PositionErrorKind::Overlap => "two pieces stand on one square",
                PositionErrorKind::ManOnCrownRow => "a man stands on the row where he would be crowned",
                PositionErrorKind::TooManyPieces => "one side has more than twelve pieces",
                PositionErrorKind::NoTurn => "no side to move is given",
            })
            .collect();
        f.write_str(&parts.join("; "))
    }
}

impl std::error::Error for PositionError {}

impl Setup {
    pub const INITIAL: Setup = Setup {
        black_men: 0x0000_0FFF,
        black_kings: 0,
        white_men: 0xFFF0_0000,
        white_kings: 0,
        turn: Some(Color::Black),
    };

    pub fn problems(&self) -> Vec<PositionErrorKind> {
        let mut kinds = Vec::new();
        let boards = [self.black_men, self.black_kings, self.white_men, self.white_kings];
        let mut seen = 0u32;
        if boards.iter().any(|&b| {
            let clash = b & seen != 0;
            seen |= b;
            clash
        }) {
            kinds.push(PositionErrorKind::Overlap);
        }
        if self.black_men & BLACK_CROWN_ROW != 0 || self.white_men & WHITE_CROWN_ROW != 0 {
            kinds.push(PositionErrorKind::ManOnCrownRow);
        }
        if (self.black_men | self.black_kings).count_ones() > 12
            || (self.white_men | self.white_kings).count_ones() > 12
        {
            kinds.push(PositionErrorKind::TooManyPieces);
        }
        if self.turn.is_none() {
            kinds.push(PositionErrorKind::NoTurn);
        }
        kinds
    }
}

/// A legal position: one piece a square, men off their crowning row, a side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    black: u32,
    white: u32,
    kings: u32,
    turn: Color,
}

/// The most landing squares one capture can have (each jump takes one of twelve pieces).
pub const MAX_PATH: usize = 12;

/// A move: a step, or a capture with every landing square.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    path: [u8; MAX_PATH],
    len: u8,
    captured: u32,
    crowns: bool,
}

impl Move {
    pub fn from(&self) -> Square {
        self.from
    }

    pub fn to(&self) -> Square {
        Square::from_index(self.path[self.len as usize - 1] as u32 - 1)
    }

    /// Landing squares in order; the last is `to`.
    pub fn path(&self) -> &[u8] {
        &self.path[..self.len as usize]
    }

    /// The squares of the pieces taken.
    pub fn captured(&self) -> u32 {
        self.captured
    }

    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    pub fn crowns(&self) -> bool {
        self.crowns
    }

    /// From-square then every landing square.
    pub fn squares(&self) -> Vec<u8> {
        std::iter::once(self.from.number()).chain(self.path().iter().copied()).collect()
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { "x" } else { "-" };
        write!(f, "{}", self.from)?;
        for s in self.path() {
            write!(f, "{sep}{s}")?;
        }
        Ok(())
    }
}

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

const DOWN: [usize; 2] = [0, 1];
const UP: [usize; 2] = [2, 3];
const ALL: [usize; 4] = [0, 1, 2, 3];

impl Default for Position {
    fn default() -> Position {
        Position::initial()
    }
}

impl Position {
    pub fn initial() -> Position {
        Position::from_setup(Setup::INITIAL).expect("the initial setup is legal")
    }

    /// The one checked gate from a setup to a position.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup_ignoring(setup, &[])
    }

    /// As `from_setup`, but accepting the listed kinds of problem (for historic
    /// positions). Overlaps are resolved in favour of kings, then Black.
    pub fn from_setup_ignoring(setup: Setup, ignore: &[PositionErrorKind]) -> Result<Position, PositionError> {
        let kinds: Vec<_> = setup.problems().into_iter().filter(|k| !ignore.contains(k)).collect();
        if !kinds.is_empty() {
            return Err(PositionError { kinds });
        }
        let kings = setup.black_kings | setup.white_kings;
        let black = (setup.black_men | setup.black_kings) & !(setup.white_kings & !setup.black_kings);
        let white = (setup.white_men | setup.white_kings) & !black;
        Ok(Position {
            black,
            white,
            kings: kings & (black | white),
            turn: setup.turn.unwrap_or(Color::Black),
        })
    }

    pub fn setup(&self) -> Setup {
        Setup {
            black_men: self.black & !self.kings,
            black_kings: self.black & self.kings,
            white_men: self.white & !self.kings,
            white_kings: self.white & self.kings,
            turn: Some(self.turn),
        }
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn black(&self) -> u32 {
        self.black
    }

    pub fn white(&self) -> u32 {
        self.white
    }

    pub fn kings(&self) -> u32 {
        self.kings
    }

    /// The same pieces with the other side to move.
    pub fn with_turn(mut self, turn: Color) -> Position {
        self.turn = turn;
        self
    }

    #[inline(always)]
    fn movers(&self) -> (u32, u32) {
        match self.turn {
            Color::Black => (self.black, self.white),
            Color::White => (self.white, self.black),
        }
    }

    /// The side to move's pieces that may step down (towards 32) and up, the
    /// enemy pieces, and the empty squares.
    #[inline(always)]
    fn sides(&self) -> (u32, u32, u32, u32) {
        let (own, opp) = self.movers();
        let kings = own & self.kings;
        let (down, up) = match self.turn {
            Color::Black => (own, kings),
            Color::White => (kings, own),
        };
        (down, up, opp, !(own | opp))
    }

    /// The pieces of the side to move that can capture now.
    #[inline]
    fn jumpers(&self) -> u32 {
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

    /// The number of legal moves, counting steps without generating them.
    #[inline]
    pub fn count_moves(&self, scratch: &mut Vec<Move>) -> u64 {
        if self.is_capture_position() {
            scratch.clear();
            self.captures_into(scratch);
            return scratch.len() as u64;
        }
        let (down, up, _, empty) = self.sides();
        let (dl, dr) = bitboard::steps_down(down);
        let (ul, ur) = bitboard::steps_up(up);
        ((dl & empty).count_ones()
            + (dr & empty).count_ones()
            + (ul & empty).count_ones()
            + (ur & empty).count_ones()) as u64
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(16);
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Appends every legal move; captures are compulsory.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.is_capture_position() {
            self.captures_into(out);
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
    fn for_each_step(&self, mut visit: impl FnMut(u32, u32)) {
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
                visit(NEIGHBOUR[back][to as usize] as u32, to);
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

    /// The position after a quiet move from index `from` to index `to`.
    #[inline(always)]
    fn play_step(&self, from: u32, to: u32) -> Position {
        let (f, t) = (1u32 << from, 1u32 << to);
        let mut next = *self;
        match self.turn {
            Color::Black => next.black = (self.black & !f) | t,
            Color::White => next.white = (self.white & !f) | t,
        }
        if self.kings & f != 0 || self.crown_row() & t != 0 {
            next.kings = (self.kings & !f) | t;
        }
        next.turn = self.turn.other();
        next
    }

    fn crown_row(&self) -> u32 {
        match self.turn {
            Color::Black => BLACK_CROWN_ROW,
            Color::White => WHITE_CROWN_ROW,
        }
    }

    fn captures_into(&self, out: &mut Vec<Move>) {
        self.captures_of_into(self.jumpers(), out);
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
        let (own, opp) = self.movers();
        for i in Bits(pieces) {
            let is_king = self.kings & (1 << i) != 0;
            // The mover's own square is empty once he has left it.
            let empty = !(own | opp) | (1 << i);
            let mut mv = Move {
                from: Square::from_index(i),
                path: [0; MAX_PATH],
                len: 0,
                captured: 0,
                crowns: false,
            };
            let start = out.len();
            self.jumps(i as usize, is_king, opp, empty, &mut mv, out);
            // Two paths with the same ends and the same pieces taken are one move.
            let mut k = start;
            while k < out.len() {
                let m = out[k];
                if out[start..k].iter().any(|p| p.to() == m.to() && p.captured == m.captured) {
                    out.remove(k);
                } else {
                    k += 1;
                }
            }
        }
    }

    fn jumps(&self, at: usize, is_king: bool, opp: u32, empty: u32, mv: &mut Move, out: &mut Vec<Move>) {
        let mut extended = false;
        for &d in self.directions(is_king) {
            let over = NEIGHBOUR[d][at];
            if over == NONE || opp & !mv.captured & (1 << over) == 0 {
                continue;
            }
            let land = NEIGHBOUR[d][over as usize];
            if land == NONE || empty & (1 << land) == 0 {
                continue;
            }
            extended = true;
            let saved = *mv;
            mv.captured |= 1 << over;
            mv.path[mv.len as usize] = land + 1;
            mv.len += 1;
            if !is_king && self.crown_row() & (1 << land) != 0 {
                mv.crowns = true;
                out.push(*mv);
            } else if (mv.len as usize) < MAX_PATH {
                self.jumps(land as usize, is_king, opp, empty, mv, out);
            } else {
                out.push(*mv);
            }
            *mv = saved;
        }
        if !extended && mv.len > 0 {
            out.push(*mv);
        }
    }

    /// The position after `mv`, which must be one of `legal_moves()`.
    #[inline]
    pub fn play(&self, mv: &Move) -> Position {
        let from = mv.from.bit();
        let to = mv.to().bit();
        let was_king = self.kings & from != 0;
        let mut next = *self;
        match self.turn {
            Color::Black => {
                next.black = (self.black & !from) | to;
                next.white &= !mv.captured;
            }
            Color::White => {
                next.white = (self.white & !from) | to;
                next.black &= !mv.captured;
            }
        }
        next.kings &= !(from | mv.captured);
        if was_king || mv.crowns {
            next.kings |= to;
        }
        next.turn = self.turn.other();
        next
    }

    /// The side to move has no legal move and so has lost.
    pub fn is_lost(&self) -> bool {
        let mut scratch = Vec::new();
        self.count_moves(&mut scratch) == 0
    }
}

/// Leaf-node count to `depth` plies, counting the last ply without making it.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut stack: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(32)).collect();
    perft_inner(pos, depth, &mut stack)
}

fn perft_inner(pos: &Position, depth: u32, stack: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(&mut stack[0]),
        2 if !pos.is_capture_position() => {
            // The common case one ply above the leaves: no Move values at all.
            let mut total = 0;
            pos.for_each_step(|from, to| total += pos.play_step(from, to).count_moves(&mut stack[0]));
            total
        }
        _ => {
            let (here, rest) = stack.split_first_mut().expect("stack has depth+1 entries");
            pos.legal_moves_into(here);
            let mut total = 0;
            for mv in here.iter() {
                total += perft_inner(&pos.play(mv), depth - 1, rest);
            }
            total
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_matches_published_counts_to_depth_8() {
        let expected = [7, 49, 302, 1469, 7361, 36768, 179740, 845931];
        let pos = Position::initial();
        for (d, &n) in expected.iter().enumerate() {
            assert_eq!(perft(&pos, d as u32 + 1), n, "depth {}", d + 1);
        }
    }

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
    fn kings_move_both_ways() {
        let pos = setup(&[], &[14], &[32], &[], Color::Black);
        assert_eq!(pos.legal_moves().len(), 4);
    }

    #[test]
    fn setup_problems_are_named() {
        let bad = Setup { black_men: 1 << 29, white_men: 1 << 29, ..Setup::default() };
        let err = Position::from_setup(bad).unwrap_err();
        assert!(err.kinds.contains(&PositionErrorKind::Overlap));
        assert!(err.kinds.contains(&PositionErrorKind::ManOnCrownRow));
        assert!(err.kinds.contains(&PositionErrorKind::NoTurn));
    }
}
