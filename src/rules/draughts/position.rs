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

    /// A position from its boards with no check: for the endgame database,
    /// whose index yields only legal arrangements.
    #[inline(always)]
    pub(in crate::rules::draughts) const fn from_boards(black: u32, white: u32, kings: u32, turn: Color) -> Position {
        Position { black, white, kings, turn }
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
    #[inline(always)]
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

    /// The number of legal moves. Steps are counted without generating them and
    /// captures without building `Move`s, so `scratch` is no longer used; it
    /// stays so callers need not change.
    #[inline]
    pub fn count_moves(&self, _scratch: &mut Vec<Move>) -> u64 {
        self.move_count()
    }

    #[inline(always)]
    fn move_count(&self) -> u64 {
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

    #[inline(always)]
    fn crown_row(&self) -> u32 {
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
    fn for_each_capture(&self, pieces: u32, mut visit: impl FnMut(u32, &[u8], u32, bool)) {
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

    /// The position after a move of the side to move from bit `from` to bit
    /// `to`, taking `captured`: shared by `play` and perft.
    #[inline(always)]
    fn after(&self, from: u32, to: u32, captured: u32, crowns: bool) -> Position {
        let was_king = self.kings & from != 0;
        let mut next = *self;
        match self.turn {
            Color::Black => {
                next.black = (self.black & !from) | to;
                next.white &= !captured;
            }
            Color::White => {
                next.white = (self.white & !from) | to;
                next.black &= !captured;
            }
        }
        next.kings &= !(from | captured);
        if was_king || crowns {
            next.kings |= to;
        }
        next.turn = self.turn.other();
        next
    }

    /// The position after `mv`, which must be one of `legal_moves()`.
    #[inline]
    pub fn play(&self, mv: &Move) -> Position {
        self.after(mv.from.bit(), mv.to().bit(), mv.captured, mv.crowns)
    }

    /// Calls `visit` with the position after each legal move, building no
    /// `Move`: the inner loop of perft.
    #[inline(always)]
    pub(in crate::rules::draughts) fn for_each_child(&self, mut visit: impl FnMut(Position)) {
        let jumpers = self.jumpers();
        if jumpers != 0 {
            self.for_each_capture(jumpers, |from, path, captured, crowns| {
                let to = 1 << (path[path.len() - 1] - 1);
                visit(self.after(1 << from, to, captured, crowns));
            });
        } else {
            self.for_each_step(|from, to| visit(self.play_step(from, to)));
        }
    }

    /// The side to move has no legal move and so has lost.
    pub fn is_lost(&self) -> bool {
        self.move_count() == 0
    }
}

/// Leaf-node count to `depth` plies, counting the last ply without making it.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.move_count(),
        // One ply above the leaves, where nearly all the work is: count each
        // child in line rather than through a call.
        2 => {
            let mut total = 0;
            pos.for_each_child(|child| total += child.move_count());
            total
        }
        _ => {
            let mut total = 0;
            pos.for_each_child(|child| total += perft(&child, depth - 1));
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

    #[test]
    fn setup_problems_are_named() {
        let bad = Setup { black_men: 1 << 29, white_men: 1 << 29, ..Setup::default() };
        let err = Position::from_setup(bad).unwrap_err();
        assert!(err.kinds.contains(&PositionErrorKind::Overlap));
        assert!(err.kinds.contains(&PositionErrorKind::ManOnCrownRow));
        assert!(err.kinds.contains(&PositionErrorKind::NoTurn));
    }
}
