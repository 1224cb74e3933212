//! The least position a sequence of moves can be played from.
//!
//! A book may print a variation whose branch point cannot be read. Its own
//! moves still say a great deal about the board: the mover has a piece on each
//! from-square, every landing square is empty, every jumped square holds an
//! enemy piece, and a man moving backwards must be a king. Replaying the moves
//! over a board of unknown squares fixes those facts as of the first move;
//! squares no move touches are taken as empty. Whether the moves are then legal
//! (compulsory captures included) is for the caller to check with `Position`.

use super::{resolve, Color, Direction, Position, Setup, Square};

/// What a replay over unknown squares found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inferred {
    /// The start: every square the moves fixed, all others empty.
    pub setup: Setup,
    /// Squares the moves fixed (occupied or empty), as bits.
    pub fixed: u32,
    /// How many of the moves, from the first, fit one board.
    pub plies: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Man,
    King,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Unknown,
    Empty,
    /// A piece, and the square it stood on at the start if it has not been
    /// crowned since (so a later backward move can make it a king there too).
    Piece { color: Color, kind: Kind, origin: Option<u8> },
}

/// A [`Cell`] in one byte, so that the boards the beam copies are small:
/// 0 unknown, 1 empty, then 34 codes for each colour and kind (no origin,
/// or the origin square 0..=32).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Packed(u8);

const ORIGINS: u8 = 34;

impl From<Cell> for Packed {
    fn from(cell: Cell) -> Packed {
        match cell {
            Cell::Unknown => Packed(0),
            Cell::Empty => Packed(1),
            Cell::Piece { color, kind, origin } => {
                let group = u8::from(color == Color::White) * 2 + u8::from(kind == Kind::King);
                Packed(2 + group * ORIGINS + origin.map_or(0, |o| o.min(32) + 1))
            }
        }
    }
}

impl Packed {
    const UNKNOWN: Packed = Packed(0);

    fn cell(self) -> Cell {
        match self.0 {
            0 => Cell::Unknown,
            1 => Cell::Empty,
            code => {
                let (group, origin) = ((code - 2) / ORIGINS, (code - 2) % ORIGINS);
                let color = if group >= 2 { Color::White } else { Color::Black };
                let kind = if group % 2 == 1 { Kind::King } else { Kind::Man };
                Cell::Piece { color, kind, origin: origin.checked_sub(1) }
            }
        }
    }
}

/// Infer the start for `moves` (each the squares a move touches: from, then
/// every landing square), `first` to move. Stops at the first move that does
/// not fit the board built so far; `None` if not even the first fits.
pub fn infer_start(moves: &[Vec<u8>], first: Color) -> Option<Inferred> {
    let readings: Vec<Vec<Reading>> = moves.iter().map(|m| vec![Reading { squares: m.clone(), cost: 0.0 }]).collect();
    infer_start_among(&readings, first, 1).map(|r| r.inferred)
}

/// One way to read a printed move, and what that reading costs.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub squares: Vec<u8>,
    pub cost: f64,
}

/// The best fit when each printed move may be read several ways.
#[derive(Clone, Debug, PartialEq)]
pub struct InferredReading {
    pub inferred: Inferred,
    /// For each fitted move, the index of the reading chosen.
    pub chosen: Vec<usize>,
    pub cost: f64,
}

/// Like [`infer_start`], but each move has alternative readings: a beam search
/// keeps the `beam` cheapest boards at each move and returns the one that fits
/// the most moves, then the fewest kings, then the least cost.
pub fn infer_start_among(moves: &[Vec<Reading>], first: Color, beam: usize) -> Option<InferredReading> {
    infer_start_among_prefixes(moves, first, beam).pop()
}

/// [`infer_start_among`] for every prefix of `moves` in one pass: element
/// `k` is the fit of `moves[..k + 1]` (the beam after a move depends on the
/// moves up to it only). It ends where no reading of a move fits: every
/// longer prefix has the last element's fit.
pub fn infer_start_among_prefixes(moves: &[Vec<Reading>], first: Color, beam: usize) -> Vec<InferredReading> {
    #[derive(Clone, Copy)]
    struct State {
        board: [Packed; 33],
        start: [Packed; 33],
        /// The last choice in `trail`, whose links lead back to the first move.
        choice: u32,
        cost: f64,
    }
    /// Choices kept as links to the one before, so a state carries no list of its own.
    struct Choice {
        before: u32,
        reading: u32,
    }
    const NONE: u32 = u32::MAX;
    let mut trail: Vec<Choice> = Vec::new();
    let chosen = |trail: &[Choice], mut at: u32| {
        let mut out = Vec::new();
        while at != NONE {
            out.push(trail[at as usize].reading as usize);
            at = trail[at as usize].before;
        }
        out.reverse();
        out
    };
    let mut states = vec![State { board: [Packed::UNKNOWN; 33], start: [Packed::UNKNOWN; 33], choice: NONE, cost: 0.0 }];
    let mut turn = first;
    let mut out = Vec::new();
    let mut next: Vec<(State, u32)> = Vec::new();
    let mut order: Vec<usize> = Vec::new();
    let beam = beam.max(1);
    for readings in moves {
        // A reading's path is the same on every board: worked out once a move.
        let paths: Vec<Option<Path>> = readings.iter().map(|r| Path::of(&r.squares)).collect();
        next.clear();
        for state in &states {
            for (k, (reading, path)) in readings.iter().zip(&paths).enumerate() {
                // Most readings fail on their first step: tested before the boards are copied.
                let Some(path) = path.as_ref().filter(|p| p.may_begin(&state.board, turn)) else { continue };
                let mut board = state.board;
                let mut start = state.start;
                if replay(&mut board, &mut start, path, turn) {
                    next.push((State { board, start, choice: state.choice, cost: state.cost + reading.cost }, k as u32));
                }
            }
        }
        if next.is_empty() {
            break;
        }
        // Cheapest first (ties in the order found), a board repeating the one
        // before it dropped, then the beam's width kept.
        cheapest_distinct(&next, beam, &mut order, |a| a.0.cost, |a, b| a.0.board == b.0.board && a.0.start == b.0.start);
        states.clear();
        for &i in &order {
            let (mut state, reading) = next[i];
            trail.push(Choice { before: state.choice, reading });
            state.choice = (trail.len() - 1) as u32;
            states.push(state);
        }
        let best = &states[0];
        let best_chosen = chosen(&trail, best.choice);
        out.push(InferredReading { inferred: to_inferred(&best.start, first, best_chosen.len()), chosen: best_chosen, cost: best.cost });
        turn = turn.other();
    }
    out
}

fn to_inferred(start: &[Packed; 33], first: Color, plies: usize) -> Inferred {
    let mut setup = Setup { turn: Some(first), ..Setup::default() };
    let mut fixed = 0;
    for n in 1..=32u8 {
        let bit = 1u32 << (n - 1);
        match start[n as usize].cell() {
            Cell::Unknown => continue,
            Cell::Empty => {}
            Cell::Piece { color: Color::Black, kind: Kind::Man, .. } => setup.black_men |= bit,
            Cell::Piece { color: Color::Black, kind: Kind::King, .. } => setup.black_kings |= bit,
            Cell::Piece { color: Color::White, kind: Kind::Man, .. } => setup.white_men |= bit,
            Cell::Piece { color: Color::White, kind: Kind::King, .. } => setup.white_kings |= bit,
        }
        fixed |= bit;
    }
    Inferred { setup, fixed, plies }
}

/// The most squares [`complete`] will fill to block a capture.
const MAX_BLOCKERS: u32 = 6;
/// The most boards [`complete`] will try.
const MAX_COMPLETIONS: usize = 400;

/// A position to replay `moves` from, built on an inference: squares the
/// moves did not fix are empty, except where an empty square would make the
/// printed move illegal: a jump that would have to go on, or a capture that
/// would be compulsory instead of a printed ordinary move. There a piece is
/// put to block it; both colours are tried, and the board that lets the most
/// moves replay with the fewest pieces put wins. Returns the position, the
/// squares so filled, and how many moves replay from it.
pub fn complete(inferred: &Inferred, moves: &[Vec<u8>]) -> Option<(Position, u32, usize)> {
    let mut budget = MAX_COMPLETIONS;
    let best = fill(inferred.setup, inferred.fixed, 0, moves, &mut budget)?;
    Some(best)
}

fn fill(setup: Setup, fixed: u32, filled: u32, moves: &[Vec<u8>], budget: &mut usize) -> Option<(Position, u32, usize)> {
    *budget = budget.saturating_sub(1);
    let start = Position::from_setup(setup).ok()?;
    let mut pos = start;
    let mut replayed = 0;
    let mut stuck = None;
    for squares in moves {
        match resolve(&pos, squares) {
            Ok(mv) => {
                pos = pos.play(&mv);
                replayed += 1;
            }
            Err(_) => {
                stuck = Some((pos, squares));
                break;
            }
        }
    }
    let here = (start, filled, replayed);
    let Some((stuck, printed)) = stuck else { return Some(here) };
    if filled.count_ones() >= MAX_BLOCKERS || *budget == 0 {
        return Some(here);
    }
    let Some(square) = square_to_block(&stuck, printed, !(fixed | filled)) else { return Some(here) };
    let bit = 1u32 << (square - 1);
    let mut best = here;
    for color in [stuck.turn().other(), stuck.turn()] {
        let mut next = setup;
        let on_crown_row = match color {
            Color::Black => square >= 29,
            Color::White => square <= 4,
        };
        match (color, on_crown_row) {
            (Color::Black, false) => next.black_men |= bit,
            (Color::Black, true) => next.black_kings |= bit,
            (Color::White, false) => next.white_men |= bit,
            (Color::White, true) => next.white_kings |= bit,
        }
        if let Some(found) = fill(next, fixed, filled | bit, moves, budget)
            && (found.2, std::cmp::Reverse(found.1.count_ones())) > (best.2, std::cmp::Reverse(best.1.count_ones()))
        {
            best = found;
        }
    }
    Some(best)
}

/// A free square whose emptiness makes `printed` illegal: the next landing of
/// a legal capture that begins like it, or the first free landing of a
/// capture the mover would have to make instead of it.
fn square_to_block(pos: &Position, printed: &[u8], free: u32) -> Option<u8> {
    let legal = pos.legal_moves();
    let is_free = |sq: u8| free & (1 << (sq - 1)) != 0;
    let longer = legal.iter().filter(|m| {
        let sq = m.squares();
        sq.len() > printed.len() && sq.starts_with(printed)
    });
    for m in longer {
        let next = m.squares()[printed.len()];
        if is_free(next) {
            return Some(next);
        }
    }
    legal.iter().filter(|m| m.is_capture()).find_map(|m| m.path().iter().copied().find(|&sq| is_free(sq)))
}

/// The indices of the `beam` cheapest items by `cost`, ties in their order,
/// each item that is `same` as the one kept before it left out: what a
/// stable sort, a dedup and a truncation give, without sorting the items
/// that could not be kept (only those below a cut are sorted, the cut moved
/// on while too many of them repeat).
fn cheapest_distinct<T>(items: &[T], beam: usize, order: &mut Vec<usize>, cost: impl Fn(&T) -> f64, same: impl Fn(&T, &T) -> bool) {
    // One integer per item, ordered as (cost by `total_cmp`, index): an
    // unstable sort of them is the stable sort by cost.
    let mut keys: Vec<u128> = items.iter().enumerate().map(|(i, item)| (u128::from(total_order_bits(cost(item))) << 64) | i as u128).collect();
    let index = |key: u128| (key & u128::from(u64::MAX)) as usize;
    let mut sorted = keys.len().min(2 * beam);
    let mut from = 0;
    order.clear();
    loop {
        if sorted < keys.len() {
            keys[from..].select_nth_unstable(sorted - 1 - from);
        }
        keys[from..sorted].sort_unstable();
        // Repeats are dropped from the first on, so a longer sorted stretch keeps what a shorter one kept.
        for &key in &keys[from..sorted] {
            let i = index(key);
            if order.len() < beam && order.last().is_none_or(|&last| !same(&items[i], &items[last])) {
                order.push(i);
            }
        }
        if order.len() >= beam || sorted == keys.len() {
            return;
        }
        from = sorted;
        sorted = keys.len().min(sorted * 4);
    }
}

/// `x`'s bits as an integer that orders as [`f64::total_cmp`] does.
fn total_order_bits(x: f64) -> u64 {
    let bits = x.to_bits();
    if bits >> 63 == 1 { !bits } else { bits | (1 << 63) }
}

/// A printed move's path over the board: its from-square and each landing
/// with the square it jumps and its direction. `None` when the squares are
/// not one step or a chain of jumps.
struct Path {
    from: u8,
    hops: Vec<(u8, Option<u8>, Direction)>,
}

impl Path {
    fn of(squares: &[u8]) -> Option<Path> {
        let (&from, landings) = squares.split_first()?;
        if landings.is_empty() || squares.iter().any(|&s| Square::new(s).is_none()) {
            return None;
        }
        let mut at = from;
        let mut hops = Vec::with_capacity(landings.len());
        for &to in landings {
            match hop(at, to) {
                Some((jumped, dir)) if jumped.is_some() || landings.len() == 1 => hops.push((to, jumped, dir)),
                _ => return None,
            }
            at = to;
        }
        Some(Path { from, hops })
    }

    /// Whether the first step fits `board`: the mover's piece (or an unknown
    /// square) to move, an enemy (or unknown) to jump, a free landing. What
    /// [`replay`] asks first, asked without copying the board.
    fn may_begin(&self, board: &[Packed; 33], mover: Color) -> bool {
        let ours = match board[self.from as usize].cell() {
            Cell::Unknown => true,
            Cell::Piece { color, .. } => color == mover,
            Cell::Empty => false,
        };
        let Some(&(to, jumped, _)) = self.hops.first() else { return false };
        let jump_fits = jumped.is_none_or(|j| match board[j as usize].cell() {
            Cell::Unknown => true,
            Cell::Piece { color, .. } => color != mover,
            Cell::Empty => false,
        });
        ours && jump_fits && !matches!(board[to as usize].cell(), Cell::Piece { .. })
    }
}

/// Play one move over the partly known board, fixing what it implies.
fn replay(board: &mut [Packed; 33], start: &mut [Packed; 33], path: &Path, mover: Color) -> bool {
    let from = path.from;
    let (mut kind, origin) = match board[from as usize].cell() {
        Cell::Unknown => {
            let piece = Cell::Piece { color: mover, kind: Kind::Man, origin: Some(from) };
            start[from as usize] = piece.into();
            (Kind::Man, Some(from))
        }
        Cell::Piece { color, kind, origin } if color == mover => (kind, origin),
        _ => return false,
    };
    board[from as usize] = Cell::Empty.into();
    let mut crowned = false;
    for &(to, jumped, dir) in &path.hops {
        if kind == Kind::Man && !forward(dir, mover) {
            // A backward move makes the piece a king, which it must have been at the start.
            let Some(o) = origin.filter(|_| !crowned) else { return false };
            kind = Kind::King;
            start[o as usize] = Cell::Piece { color: mover, kind: Kind::King, origin: Some(o) }.into();
        }
        if let Some(j) = jumped {
            match board[j as usize].cell() {
                Cell::Unknown => start[j as usize] = Cell::Piece { color: mover.other(), kind: Kind::Man, origin: Some(j) }.into(),
                Cell::Piece { color, .. } if color != mover => {}
                _ => return false,
            }
            board[j as usize] = Cell::Empty.into();
        }
        match board[to as usize].cell() {
            Cell::Unknown => start[to as usize] = Cell::Empty.into(),
            Cell::Empty => {}
            Cell::Piece { .. } => return false,
        }
        if kind == Kind::Man && crown_row(to, mover) {
            kind = Kind::King;
            crowned = true;
        }
    }
    // A man crowned by this move ends it there; the path above already ended.
    let last = path.hops.last().map_or(from, |h| h.0);
    board[last as usize] = Cell::Piece { color: mover, kind, origin: if crowned { None } else { origin } }.into();
    true
}

/// The ways a piece can go from `from` to `to` in one move: a step, a jump, or
/// two jumps (a capture printed from–to hides the square between), as square lists.
pub fn paths_between(from: u8, to: u8) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    if hop(from, to).is_some() {
        out.push(vec![from, to]);
    }
    for mid in (1..=32u8).filter(|_| from != to) {
        if mid != from && mid != to && matches!(hop(from, mid), Some((Some(_), _))) && matches!(hop(mid, to), Some((Some(_), _))) {
            out.push(vec![from, mid, to]);
        }
    }
    out
}

/// `to` from `at`: one diagonal step (no jumped square) or one jump (the square jumped).
/// Looked up in a table made once: inference asks it for the same pairs millions of times.
fn hop(at: u8, to: u8) -> Option<(Option<u8>, Direction)> {
    type Hops = [[Option<(Option<u8>, Direction)>; 33]; 33];
    static TABLE: std::sync::OnceLock<Hops> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| std::array::from_fn(|a| std::array::from_fn(|t| hop_afresh(a as u8, t as u8))));
    *table.get(usize::from(at))?.get(usize::from(to))?
}

/// [`hop`] worked out on the board, for the table.
fn hop_afresh(at: u8, to: u8) -> Option<(Option<u8>, Direction)> {
    let at = Square::new(at)?;
    for dir in Direction::ALL {
        let Some(next) = dir.step(at) else { continue };
        if next.number() == to {
            return Some((None, dir));
        }
        if dir.step(next).is_some_and(|s| s.number() == to) {
            return Some((Some(next.number()), dir));
        }
    }
    None
}

fn forward(dir: Direction, mover: Color) -> bool {
    matches!((dir, mover), (Direction::DownLeft | Direction::DownRight, Color::Black) | (Direction::UpLeft | Direction::UpRight, Color::White))
}

fn crown_row(square: u8, mover: Color) -> bool {
    match mover {
        Color::Black => square >= 29,
        Color::White => square <= 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_packs_into_a_byte_and_back() {
        let mut cells = vec![Cell::Unknown, Cell::Empty];
        for color in [Color::Black, Color::White] {
            for kind in [Kind::Man, Kind::King] {
                cells.push(Cell::Piece { color, kind, origin: None });
                cells.extend((0..=32).map(|o| Cell::Piece { color, kind, origin: Some(o) }));
            }
        }
        let packed: std::collections::HashSet<u8> = cells.iter().map(|&c| Packed::from(c).0).collect();
        assert_eq!(packed.len(), cells.len(), "no two cells share a byte");
        for cell in cells {
            assert_eq!(Packed::from(cell).cell(), cell);
        }
    }
    use crate::bench::noise::{random_game, Rng};
    use crate::rules::draughts::{write_fen, Position};

    fn mv(s: &str) -> Vec<u8> {
        s.split(['-', 'x']).map(|n| n.parse().expect("square")).collect()
    }

    #[test]
    fn the_opening_moves_fix_what_they_touch() {
        let moves: Vec<_> = ["11-15", "23-19", "8-11", "22-17"].iter().map(|m| mv(m)).collect();
        let got = infer_start(&moves, Color::Black).expect("fits");
        assert_eq!(got.plies, 4);
        assert_eq!(write_fen(&got.setup), "B:W22,23:B8,11");
        // 15, 19 and 17 are fixed empty.
        assert_eq!(got.fixed.count_ones(), 7);
    }

    #[test]
    fn a_capture_fixes_the_enemy_it_jumps_and_a_backward_move_a_king() {
        // White 19x10 jumps 15; Black 6x15 jumps 10.
        let moves: Vec<_> = ["19x10", "6x15"].iter().map(|m| mv(m)).collect();
        let got = infer_start(&moves, Color::White).expect("fits");
        assert_eq!(got.plies, 2);
        assert_eq!(write_fen(&got.setup), "W:W19:B6,15");
        let moves: Vec<_> = ["14-9", "5-1", "9-14"].iter().map(|m| mv(m)).collect();
        let got = infer_start(&moves, Color::White).expect("fits");
        assert_eq!(got.setup.white_kings, 1 << 13, "the piece on 14 moved back: a king from the start");
    }

    #[test]
    fn it_stops_at_the_first_move_that_does_not_fit() {
        let moves: Vec<_> = ["11-15", "23-19", "15-19"].iter().map(|m| mv(m)).collect();
        assert_eq!(infer_start(&moves, Color::Black).map(|i| i.plies), Some(2));
        assert_eq!(infer_start(&[mv("11-13")], Color::Black), None);
    }

    #[test]
    fn a_misread_move_is_read_the_way_that_fits() {
        let r = |sq: &str, cost: f64| Reading { squares: mv(sq), cost };
        // The cheap reading 24-19 fits, but leaves no piece for 24-20 two moves
        // later: the beam keeps 23-19 and ends with it.
        let moves = vec![vec![r("11-15", 0.0)], vec![r("24-19", 0.0), r("23-19", 1.1)], vec![r("8-11", 0.0)], vec![r("24-20", 0.0)]];
        let got = infer_start_among(&moves, Color::Black, 8).expect("fits");
        assert_eq!((got.inferred.plies, got.chosen.clone()), (4, vec![0, 1, 0, 0]));
        assert_eq!(infer_start_among(&moves, Color::Black, 1).map(|g| g.inferred.plies), Some(3), "a beam of one is greedy");
        let moves = vec![vec![r("11-15", 0.0)], vec![r("24-15", 0.0), r("23-19", 1.1)], vec![r("8-11", 0.0)]];
        let got = infer_start_among(&moves, Color::Black, 8).expect("fits");
        assert_eq!((got.inferred.plies, got.chosen.clone()), (3, vec![0, 1, 0]));
    }

    #[test]
    fn a_capture_the_text_does_not_play_is_blocked() {
        // From the start these moves imply, White's 15 could jump 11 to an
        // empty 8 instead of playing 26-22, and Black's 11x18 would have to go
        // on over 22 to an empty 25: the text shows both squares held a piece.
        // (A black man on 8 does it with no new capture for White.)
        let moves: Vec<_> = ["26-22", "11x18", "22x15"].iter().map(|m| mv(m)).collect();
        let got = infer_start(&moves, Color::White).expect("fits");
        let (pos, filled, replayed) = complete(&got, &moves).expect("a position");
        assert_eq!(replayed, 3, "{}", write_fen(&pos.setup()));
        assert_eq!(filled, 1 << 24 | 1 << 7, "8 and 25 filled");
        assert_eq!(pos.setup().black_men & (1 << 7), 1 << 7, "{}", write_fen(&pos.setup()));
    }

    proptest::proptest! {
        #[test]
        fn the_cheapest_distinct_are_a_stable_sort_deduped_and_cut(items in proptest::collection::vec((0u8..6, 0u8..4), 0..200), beam in 1usize..12) {
            // Few costs and few boards: ties and repeats everywhere.
            let cost = |a: &(u8, u8)| f64::from(a.0) - 2.5;
            let same = |a: &(u8, u8), b: &(u8, u8)| a.1 == b.1;
            let mut expected: Vec<usize> = (0..items.len()).collect();
            expected.sort_by(|&a, &b| cost(&items[a]).total_cmp(&cost(&items[b])));
            expected.dedup_by(|a, b| same(&items[*a], &items[*b]));
            expected.truncate(beam);
            let mut got = Vec::new();
            super::cheapest_distinct(&items, beam, &mut got, cost, same);
            proptest::prop_assert_eq!(got, expected);
        }

        /// Any stretch of a legal game fits one board, and that board agrees
        /// with the real position on every square it fixes.
        #[test]
        fn a_stretch_of_a_real_game_fits_the_real_board(seed in 0u64..5000, skip in 0usize..40, len in 1usize..30) {
            let mut rng = Rng::new(seed);
            let game = random_game(&mut rng, &Position::initial(), skip + len);
            let skip = skip.min(game.len());
            let mut pos = Position::initial();
            for m in &game[..skip] {
                pos = pos.play(m);
            }
            let stretch: Vec<Vec<u8>> = game[skip..].iter().map(|m| m.squares()).collect();
            if stretch.is_empty() {
                return Ok(());
            }
            let got = infer_start(&stretch, pos.turn()).expect("fits");
            proptest::prop_assert_eq!(got.plies, stretch.len());
            // A king that only moves forward looks like a man: colours must
            // agree, and every inferred king must be one.
            let real = pos.setup();
            let s = got.setup;
            proptest::prop_assert_eq!((s.black_men | s.black_kings) & got.fixed, (real.black_men | real.black_kings) & got.fixed);
            proptest::prop_assert_eq!((s.white_men | s.white_kings) & got.fixed, (real.white_men | real.white_kings) & got.fixed);
            proptest::prop_assert_eq!((s.black_kings | s.white_kings) & !(real.black_kings | real.white_kings), 0);
        }
    }

    #[test]
    fn the_table_of_hops_is_the_board_for_every_pair() {
        for at in 0..=40u8 {
            for to in 0..=40u8 {
                assert_eq!(hop(at, to), hop_afresh(at, to), "{at} to {to}");
            }
        }
    }
}
