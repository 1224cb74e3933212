//! A second move generator, written square by square from the rules with no
//! bitboard tricks, that the fast generator in `position.rs` is checked against.
//! It is slow on purpose: every step is the plain reading of a rule.

use super::{Color, Move, Position, Setup};
use super::square::{Direction, Square};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// What stands on a square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    color: Color,
    king: bool,
}

/// The board as 32 squares, index 0 for square 1.
type Board = [Option<Piece>; 32];

fn board_of(setup: &Setup) -> Board {
    let mut board = [None; 32];
    for s in Square::all() {
        let has = |b: u32| b & s.bit() != 0;
        let i = s.number() as usize - 1;
        if has(setup.black_men) {
            board[i] = Some(Piece { color: Color::Black, king: false });
        } else if has(setup.black_kings) {
            board[i] = Some(Piece { color: Color::Black, king: true });
        } else if has(setup.white_men) {
            board[i] = Some(Piece { color: Color::White, king: false });
        } else if has(setup.white_kings) {
            board[i] = Some(Piece { color: Color::White, king: true });
        }
    }
    board
}

fn at(board: &Board, s: Square) -> Option<Piece> {
    board[s.number() as usize - 1]
}

/// Men move towards the far side only; kings both ways.
fn directions_for(piece: Piece) -> Vec<Direction> {
    match (piece.king, piece.color) {
        (true, _) => Direction::ALL.to_vec(),
        (false, Color::Black) => vec![Direction::DownLeft, Direction::DownRight],
        (false, Color::White) => vec![Direction::UpLeft, Direction::UpRight],
    }
}

fn is_crown_square(color: Color, s: Square) -> bool {
    match color {
        Color::Black => s.row() == 7,
        Color::White => s.row() == 0,
    }
}

/// One move as the reference sees it: every square visited, the squares of
/// the pieces taken, and whether a man is crowned.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct RefMove {
    squares: Vec<u8>,
    captured: BTreeSet<u8>,
    crowns: bool,
}

/// Follows every capture path of the piece that started on `squares[0]`.
fn extend_jumps(board: &Board, piece: Piece, squares: &mut Vec<u8>, taken: &mut BTreeSet<u8>, out: &mut Vec<RefMove>) {
    let here = Square::new(*squares.last().unwrap()).unwrap();
    let start = Square::new(squares[0]).unwrap();
    let mut went_on = false;
    for dir in directions_for(piece) {
        let Some(over) = dir.step(here) else { continue };
        let Some(land) = dir.step(over) else { continue };
        let enemy = matches!(at(board, over), Some(p) if p.color != piece.color);
        // Taken pieces stay on the board until the move ends; the start square is free.
        let free = at(board, land).is_none() || land == start;
        if !enemy || taken.contains(&over.number()) || !free {
            continue;
        }
        went_on = true;
        squares.push(land.number());
        taken.insert(over.number());
        if !piece.king && is_crown_square(piece.color, land) {
            out.push(RefMove { squares: squares.clone(), captured: taken.clone(), crowns: true });
        } else {
            extend_jumps(board, piece, squares, taken, out);
        }
        squares.pop();
        taken.remove(&over.number());
    }
    if !went_on && squares.len() > 1 {
        out.push(RefMove { squares: squares.clone(), captured: taken.clone(), crowns: false });
    }
}

/// Every legal move by the rules, with every capture path (duplicates included).
pub(super) fn reference_moves(pos: &Position) -> Vec<RefMove> {
    let board = board_of(&pos.setup());
    let turn = pos.turn();
    let mut captures = Vec::new();
    let mut steps = Vec::new();
    for s in Square::all() {
        let Some(piece) = at(&board, s).filter(|p| p.color == turn) else { continue };
        extend_jumps(&board, piece, &mut vec![s.number()], &mut BTreeSet::new(), &mut captures);
        for dir in directions_for(piece) {
            if let Some(to) = dir.step(s).filter(|&t| at(&board, t).is_none()) {
                steps.push(RefMove {
                    squares: vec![s.number(), to.number()],
                    captured: BTreeSet::new(),
                    crowns: !piece.king && is_crown_square(turn, to),
                });
            }
        }
    }
    if captures.is_empty() { steps } else { captures }
}

/// The position after a reference move, worked out on the square board.
pub(super) fn reference_play(pos: &Position, mv: &RefMove) -> Setup {
    let mut board = board_of(&pos.setup());
    let from = mv.squares[0] as usize - 1;
    let to = *mv.squares.last().unwrap() as usize - 1;
    let mut piece = board[from].take().unwrap();
    for &c in &mv.captured {
        board[c as usize - 1] = None;
    }
    piece.king |= mv.crowns;
    board[to] = Some(piece);
    let mut setup = Setup { turn: Some(pos.turn().other()), ..Setup::default() };
    for (i, p) in board.iter().enumerate() {
        let bit = 1 << i;
        match p {
            Some(Piece { color: Color::Black, king: false }) => setup.black_men |= bit,
            Some(Piece { color: Color::Black, king: true }) => setup.black_kings |= bit,
            Some(Piece { color: Color::White, king: false }) => setup.white_men |= bit,
            Some(Piece { color: Color::White, king: true }) => setup.white_kings |= bit,
            None => {}
        }
    }
    setup
}

/// A move's identity: two paths with the same ends taking the same pieces are one move.
type MoveKey = (u8, u8, BTreeSet<u8>, bool);

fn key_of_ref(m: &RefMove) -> MoveKey {
    (m.squares[0], *m.squares.last().unwrap(), m.captured.clone(), m.crowns)
}

fn key_of_fast(m: &Move) -> MoveKey {
    let captured = Square::all().filter(|s| m.captured() & s.bit() != 0).map(Square::number).collect();
    (m.from().number(), m.to().number(), captured, m.crowns())
}

fn reference_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut seen = BTreeSet::new();
    let mut total = 0;
    for m in reference_moves(pos) {
        if seen.insert(key_of_ref(&m)) {
            let next = Position::from_setup(reference_play(pos, &m)).unwrap();
            total += reference_perft(&next, depth - 1);
        }
    }
    total
}

/// What one comparison saw, so tests can show they met the hard cases.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    king_captures: usize,
    multi_jumps: usize,
    merged_paths: usize,
}

/// Checks every fast-path answer for `pos` against the reference.
fn assert_agrees(pos: &Position, coverage: &mut Coverage) {
    let reference = reference_moves(pos);
    let fast = pos.legal_moves();
    let context = format!("{:?}", pos.setup());

    let ref_keys: BTreeSet<MoveKey> = reference.iter().map(key_of_ref).collect();
    let fast_keys: Vec<MoveKey> = fast.iter().map(key_of_fast).collect();
    let fast_key_set: BTreeSet<MoveKey> = fast_keys.iter().cloned().collect();
    assert_eq!(fast_key_set.len(), fast_keys.len(), "fast generator repeats a move in {context}");
    assert_eq!(fast_key_set, ref_keys, "move sets differ in {context}");

    // Each fast path is one the rules allow, and leads where the rules say.
    for m in &fast {
        let r = reference.iter().find(|r| r.squares == m.squares());
        let r = r.unwrap_or_else(|| panic!("{m:?} is no legal path in {context}"));
        let after = Position::from_setup(reference_play(pos, r)).unwrap();
        assert_eq!(pos.play(m), after, "{m:?} in {context}");
    }

    let mut scratch = Vec::new();
    assert_eq!(pos.count_moves(&mut scratch), ref_keys.len() as u64, "count in {context}");
    assert_eq!(pos.is_capture_position(), reference.iter().any(|r| !r.captured.is_empty()), "{context}");
    assert_eq!(pos.is_lost(), reference.is_empty(), "{context}");

    coverage.positions += 1;
    let board = board_of(&pos.setup());
    let king_moves = |r: &&RefMove| at(&board, Square::new(r.squares[0]).unwrap()).is_some_and(|p| p.king);
    coverage.king_captures += reference.iter().filter(|r| !r.captured.is_empty()).filter(king_moves).count();
    coverage.multi_jumps += reference.iter().filter(|r| r.captured.len() > 1).count();
    coverage.merged_paths += reference.len() - ref_keys.len();
}

/// A tiny xorshift so a proptest seed fixes a whole game.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random legal setup with many kings, so multi-jumps and king captures are common.
fn random_setup(rng: &mut Rng) -> Position {
    let mut setup = Setup { turn: Some(if rng.below(2) == 0 { Color::Black } else { Color::White }), ..Setup::default() };
    let mut taken = 0u32;
    for color in [Color::Black, Color::White] {
        for _ in 0..1 + rng.below(12) {
            let s = Square::new(1 + rng.below(32) as u8).unwrap();
            if taken & s.bit() != 0 {
                continue;
            }
            taken |= s.bit();
            let king = rng.below(3) == 0 || is_crown_square(color, s);
            let board = match (color, king) {
                (Color::Black, false) => &mut setup.black_men,
                (Color::Black, true) => &mut setup.black_kings,
                (Color::White, false) => &mut setup.white_men,
                (Color::White, true) => &mut setup.white_kings,
            };
            *board |= s.bit();
        }
    }
    Position::from_setup(setup).unwrap()
}

/// Plays `plies` random moves from `pos`, checking every position on the way.
fn walk_and_check(mut pos: Position, rng: &mut Rng, plies: usize, coverage: &mut Coverage) {
    for _ in 0..plies {
        assert_agrees(&pos, coverage);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return;
        }
        pos = pos.play(&moves[rng.below(moves.len())]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Games from the opening, long enough to crown men and trade kings.
    #[test]
    fn fast_generator_agrees_with_reference_in_games(seed in any::<u64>(), plies in 1usize..160) {
        walk_and_check(Position::initial(), &mut Rng(seed | 1), plies, &mut Coverage::default());
    }

    /// Random setups full of kings, and the play that follows from them.
    #[test]
    fn fast_generator_agrees_with_reference_in_random_setups(seed in any::<u64>(), plies in 1usize..40) {
        let mut rng = Rng(seed | 1);
        let start = random_setup(&mut rng);
        walk_and_check(start, &mut rng, plies, &mut Coverage::default());
    }

    /// Perft (with its bulk counting and bitboard capture counts) equals a plain tree walk.
    #[test]
    fn fast_perft_agrees_with_reference_perft(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let pos = random_setup(&mut rng);
        for depth in 0..=3 {
            prop_assert_eq!(super::position::perft(&pos, depth), reference_perft(&pos, depth), "depth {} in {:?}", depth, pos.setup());
        }
    }
}

/// The random tests above are only worth as much as the positions they meet:
/// a fixed run of them must include king captures, multi-jumps and two king
/// paths that are one move.
#[test]
fn random_positions_cover_the_hard_cases() {
    let mut coverage = Coverage::default();
    let mut rng = Rng(0x5EED_CAFE_F00D_0001);
    for _ in 0..300 {
        let start = random_setup(&mut rng);
        walk_and_check(start, &mut rng, 30, &mut coverage);
    }
    for _ in 0..100 {
        walk_and_check(Position::initial(), &mut rng, 150, &mut coverage);
    }
    assert!(coverage.positions > 5000, "{coverage:?}");
    assert!(coverage.king_captures > 100, "{coverage:?}");
    assert!(coverage.multi_jumps > 100, "{coverage:?}");
    assert!(coverage.merged_paths > 0, "{coverage:?}");
}

#[test]
fn reference_perft_matches_published_counts() {
    let expected = [7, 49, 302, 1469, 7361];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(reference_perft(&Position::initial(), d as u32 + 1), n, "depth {}", d + 1);
    }
}
