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

/// The board as the moves so far have fixed it, as bits (bit `n - 1` for
/// square `n`): a square in none of `black`, `white` and `empty` is unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    black: u32,
    white: u32,
    /// Of the pieces, the kings.
    kings: u32,
    empty: u32,
    /// For a piece not crowned since the start, the square it stood on then
    /// (a later backward move makes it a king there too); 0 for none, and on
    /// every square without a piece, so that equal boards compare equal.
    origin: [u8; 32],
}

/// The start the moves so far imply: what each fixed square held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Start {
    black_men: u32,
    black_kings: u32,
    white_men: u32,
    white_kings: u32,
    empty: u32,
}

/// What a square of the start is found to hold.
#[derive(Clone, Copy)]
enum Found {
    Empty,
    Man(Color),
    King(Color),
}

const fn bit(square: u8) -> u32 {
    1 << (square - 1)
}

impl Board {
    const UNKNOWN: Board = Board { black: 0, white: 0, kings: 0, empty: 0, origin: [0; 32] };

    fn known(&self) -> u32 {
        self.black | self.white | self.empty
    }

    /// The mover's pieces and the enemy's.
    fn sides(&self, mover: Color) -> (u32, u32) {
        match mover {
            Color::Black => (self.black, self.white),
            Color::White => (self.white, self.black),
        }
    }

    /// The first steps this board allows the mover (see [`FirstSteps`]).
    fn first_steps(&self, mover: Color) -> FirstSteps {
        let (mine, theirs) = self.sides(mover);
        let unknown = !self.known();
        FirstSteps { movable: unknown | mine, jumpable: unknown | theirs, occupied: self.black | self.white }
    }

    fn set_empty(&mut self, square: u8) {
        let b = bit(square);
        self.black &= !b;
        self.white &= !b;
        self.kings &= !b;
        self.empty |= b;
        self.origin[usize::from(square - 1)] = 0;
    }

    fn set_piece(&mut self, square: u8, color: Color, king: bool, origin: u8) {
        let b = bit(square);
        self.set_empty(square);
        self.empty &= !b;
        match color {
            Color::Black => self.black |= b,
            Color::White => self.white |= b,
        }
        if king {
            self.kings |= b;
        }
        self.origin[usize::from(square - 1)] = origin;
    }
}

impl Start {
    const UNKNOWN: Start = Start { black_men: 0, black_kings: 0, white_men: 0, white_kings: 0, empty: 0 };

    /// Fix `square` of the start to hold `found`, whatever it was fixed to before.
    fn set(&mut self, square: u8, found: Found) {
        let b = bit(square);
        for mask in [&mut self.black_men, &mut self.black_kings, &mut self.white_men, &mut self.white_kings, &mut self.empty] {
            *mask &= !b;
        }
        let mask = match found {
            Found::Empty => &mut self.empty,
            Found::Man(Color::Black) => &mut self.black_men,
            Found::King(Color::Black) => &mut self.black_kings,
            Found::Man(Color::White) => &mut self.white_men,
            Found::King(Color::White) => &mut self.white_kings,
        };
        *mask |= b;
    }

    fn to_inferred(self, first: Color, plies: usize) -> Inferred {
        let setup = Setup { black_men: self.black_men, black_kings: self.black_kings, white_men: self.white_men, white_kings: self.white_kings, turn: Some(first) };
        let fixed = self.black_men | self.black_kings | self.white_men | self.white_kings | self.empty;
        Inferred { setup, fixed, plies }
    }
}

impl Inferred {
    /// Whether a real position has the side to move, the colours on every
    /// fixed square and a king wherever the inference needs one.
    pub fn agrees_with(&self, pos: &Position) -> bool {
        let real = pos.setup();
        let s = self.setup;
        let f = self.fixed;
        real.turn == s.turn
            && (real.black_men | real.black_kings) & f == (s.black_men | s.black_kings) & f
            && (real.white_men | real.white_kings) & f == (s.white_men | s.white_kings) & f
            && (s.black_kings | s.white_kings) & !(real.black_kings | real.white_kings) == 0
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
    let fits = infer_start_among_prefixes(moves, first, beam);
    fits.reading(fits.len().checked_sub(1)?)
}

/// The fit of every prefix of a sequence of moves (see
/// [`infer_start_among_prefixes`]). A prefix's readings are kept as a link
/// into one trail of choices, not a list of its own: a list per prefix
/// would take the square of the moves' number, and a long column has
/// thousands.
#[derive(Clone, Debug)]
pub struct Prefixes {
    first: Color,
    /// Each choice made, linked to the one before it on its line.
    trail: Vec<Choice>,
    /// Per prefix, the best fit: its start, its last choice and its cost.
    best: Vec<(Start, u32, f64)>,
}

/// A reading chosen for a move, linked to the choice before it.
#[derive(Clone, Copy, Debug)]
struct Choice {
    before: u32,
    reading: u32,
}

/// No choice before: the first move's.
const NO_CHOICE: u32 = u32::MAX;

impl Prefixes {
    /// How many prefixes fit: past them no reading of the next move fits.
    pub fn len(&self) -> usize {
        self.best.len()
    }

    pub fn is_empty(&self) -> bool {
        self.best.is_empty()
    }

    /// The start the first `k + 1` moves imply, and its cost, without the
    /// readings chosen (which take the prefix's length to list).
    pub fn inferred(&self, k: usize) -> Option<(Inferred, f64)> {
        let &(start, _, cost) = self.best.get(k)?;
        Some((start.to_inferred(self.first, k + 1), cost))
    }

    /// The fit of the first `k + 1` moves, with the reading chosen for each.
    pub fn reading(&self, k: usize) -> Option<InferredReading> {
        let (inferred, cost) = self.inferred(k)?;
        let mut chosen = Vec::with_capacity(k + 1);
        let mut at = self.best[k].1;
        while at != NO_CHOICE {
            let choice = self.trail[at as usize];
            chosen.push(choice.reading as usize);
            at = choice.before;
        }
        chosen.reverse();
        Some(InferredReading { inferred, chosen, cost })
    }

    /// Every prefix's fit, readings listed.
    #[cfg(test)]
    pub fn all(&self) -> Vec<InferredReading> {
        (0..self.len()).filter_map(|k| self.reading(k)).collect()
    }
}

/// [`infer_start_among`] for every prefix of `moves` in one pass: prefix
/// `k` is the fit of `moves[..k + 1]` (the beam after a move depends on the
/// moves up to it only). It ends where no reading of a move fits: every
/// longer prefix has the last one's fit.
pub fn infer_start_among_prefixes(moves: &[Vec<Reading>], first: Color, beam: usize) -> Prefixes {
    #[derive(Clone, Copy)]
    struct State {
        board: Board,
        start: Start,
        /// The last choice in `trail`, whose links lead back to the first move.
        choice: u32,
        cost: f64,
    }
    /// A reading that may follow a state, its board not made yet.
    struct Offer {
        state: u32,
        reading: u32,
        cost: f64,
    }
    let mut fits = Prefixes { first, trail: Vec::new(), best: Vec::new() };
    let mut states = vec![State { board: Board::UNKNOWN, start: Start::UNKNOWN, choice: NO_CHOICE, cost: 0.0 }];
    let mut turn = first;
    let mut offers: Vec<Offer> = Vec::new();
    let mut kept: Vec<(State, u32)> = Vec::new();
    let beam = beam.max(1);
    for readings in moves {
        // A reading's path is the same on every board: worked out once a move.
        let paths: Vec<Option<Path>> = readings.iter().map(|r| Path::of(&r.squares)).collect();
        let steps: Vec<(u32, FirstStep, f64)> = paths.iter().zip(readings).enumerate().filter_map(|(k, (p, r))| Some((k as u32, p.as_ref()?.first_step()?, r.cost))).collect();
        offers.clear();
        for (s, state) in states.iter().enumerate() {
            // Most readings fail on their first step, and most of the rest are
            // not kept: a board is made only for an offer the beam may keep.
            let fits = state.board.first_steps(turn);
            for &(reading, step, cost) in &steps {
                if fits.allow(step) {
                    offers.push(Offer { state: s as u32, reading, cost: state.cost + cost });
                }
            }
        }
        // Cheapest first (ties in the order offered), an offer that does not
        // replay left out, a board repeating the one kept before it dropped,
        // then the beam's width kept.
        let made = |offer: &Offer| {
            let state = &states[offer.state as usize];
            let (mut board, mut start) = (state.board, state.start);
            let path = paths[offer.reading as usize].as_ref()?;
            replay(&mut board, &mut start, path, turn).then_some((State { board, start, choice: state.choice, cost: offer.cost }, offer.reading))
        };
        cheapest_distinct(&offers, beam, &mut kept, |o| o.cost, made, |a, b| a.0.board == b.0.board && a.0.start == b.0.start);
        if kept.is_empty() {
            break;
        }
        states.clear();
        for &(mut state, reading) in &kept {
            fits.trail.push(Choice { before: state.choice, reading });
            state.choice = (fits.trail.len() - 1) as u32;
            states.push(state);
        }
        let best = &states[0];
        fits.best.push((best.start, best.choice, best.cost));
        turn = turn.other();
    }
    fits
}

/// Whether the first moves could have been played from one of `positions`
/// in some reading: every square known, a man free to move as a king (a
/// need of the inference). Each fit [`infer_start_among_prefixes`] gives of
/// those moves, if a position agrees with it on every square it fixes (a
/// king where it needs one), replays its readings there: so where this is
/// false for every position, no fit of the moves agrees with any of them.
pub fn could_start_at_any<'p>(positions: impl IntoIterator<Item = &'p Position>, moves: &[Vec<Reading>]) -> bool {
    let paths: Vec<Vec<Path>> = moves.iter().map(|readings| readings.iter().filter_map(|r| Path::of(&r.squares)).collect()).collect();
    positions.into_iter().any(|pos| {
        let Some(turn) = pos.setup().turn else { return false };
        replays_some_reading(known_board(pos), &paths, turn)
    })
}

/// `pos` as a board with every square known; each man's origin its own square, so that it may move backwards.
fn known_board(pos: &Position) -> Board {
    let s = pos.setup();
    let (black, white, kings) = (s.black_men | s.black_kings, s.white_men | s.white_kings, s.black_kings | s.white_kings);
    let mut origin = [0u8; 32];
    for square in 1..=32u8 {
        if (black | white) & !kings & bit(square) != 0 {
            origin[usize::from(square - 1)] = square;
        }
    }
    Board { black, white, kings, empty: !(black | white), origin }
}

/// Whether some reading of each move in `paths` replays from `board`, `turn` moving first.
fn replays_some_reading(board: Board, paths: &[Vec<Path>], turn: Color) -> bool {
    let Some((first, rest)) = paths.split_first() else { return true };
    first.iter().any(|path| {
        let (mut next, mut start) = (board, Start::UNKNOWN);
        replay(&mut next, &mut start, path, turn) && replays_some_reading(next, rest, turn.other())
    })
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
pub fn complete<M: AsRef<[u8]>>(inferred: &Inferred, moves: &[M]) -> Option<(Position, u32, usize)> {
    let mut budget = MAX_COMPLETIONS;
    let best = fill(inferred.setup, inferred.fixed, 0, moves, &mut budget)?;
    Some(best)
}

fn fill<M: AsRef<[u8]>>(setup: Setup, fixed: u32, filled: u32, moves: &[M], budget: &mut usize) -> Option<(Position, u32, usize)> {
    *budget = budget.saturating_sub(1);
    let start = Position::from_setup(setup).ok()?;
    let mut pos = start;
    let mut replayed = 0;
    let mut stuck = None;
    for squares in moves {
        let squares = squares.as_ref();
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

/// What a stable sort of `items` by `cost`, a map by `make` (dropping the
/// items it makes nothing of), a dedup of the made by `same` and a truncation
/// to `beam` give, into `kept`, without sorting or making what could not be
/// kept: only the items below a cut are sorted, the cut moved on while too
/// few of them make distinct things.
fn cheapest_distinct<T, M>(items: &[T], beam: usize, kept: &mut Vec<M>, cost: impl Fn(&T) -> f64, mut make: impl FnMut(&T) -> Option<M>, same: impl Fn(&M, &M) -> bool) {
    // One integer per item, ordered as (cost by `total_cmp`, index): an
    // unstable sort of them is the stable sort by cost.
    let mut keys: Vec<u128> = items.iter().enumerate().map(|(i, item)| (u128::from(total_order_bits(cost(item))) << 64) | i as u128).collect();
    let index = |key: u128| (key & u128::from(u64::MAX)) as usize;
    let mut sorted = keys.len().min(2 * beam);
    let mut from = 0;
    kept.clear();
    loop {
        if sorted < keys.len() {
            keys[from..].select_nth_unstable(sorted - 1 - from);
        }
        keys[from..sorted].sort_unstable();
        // Repeats are dropped from the first on, so a longer sorted stretch keeps what a shorter one kept.
        for &key in &keys[from..sorted] {
            if kept.len() >= beam {
                return;
            }
            let Some(made) = make(&items[index(key)]) else { continue };
            if kept.last().is_none_or(|last| !same(&made, last)) {
                kept.push(made);
            }
        }
        if kept.len() >= beam || sorted == keys.len() {
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

    /// The path's first step as bits.
    fn first_step(&self) -> Option<FirstStep> {
        let &(to, jumped, _) = self.hops.first()?;
        Some(FirstStep { from: bit(self.from), jumped: jumped.map_or(0, bit), to: bit(to) })
    }
}

/// A path's first step as bits: the square moved from, the one jumped (none: 0), the landing.
#[derive(Clone, Copy)]
struct FirstStep {
    from: u32,
    jumped: u32,
    to: u32,
}

/// The first steps a board allows, as bits: the squares a piece of the mover
/// may stand on (its own or unknown), those an enemy may (its own or unknown),
/// and those a piece is known to stand on.
struct FirstSteps {
    movable: u32,
    jumpable: u32,
    occupied: u32,
}

impl FirstSteps {
    /// Whether the step fits: what [`replay`] asks first, asked of an offer
    /// before its board is made.
    fn allow(&self, step: FirstStep) -> bool {
        step.from & self.movable != 0 && step.jumped & !self.jumpable == 0 && step.to & self.occupied == 0
    }
}

/// Play one move over the partly known board, fixing what it implies.
fn replay(board: &mut Board, start: &mut Start, path: &Path, mover: Color) -> bool {
    let from = path.from;
    let (mine, _) = board.sides(mover);
    let (mut king, origin) = if board.known() & bit(from) == 0 {
        start.set(from, Found::Man(mover));
        (false, from)
    } else if mine & bit(from) != 0 {
        (board.kings & bit(from) != 0, board.origin[usize::from(from - 1)])
    } else {
        return false;
    };
    board.set_empty(from);
    let mut crowned = false;
    for &(to, jumped, dir) in &path.hops {
        if !king && !forward(dir, mover) {
            // A backward move makes the piece a king, which it must have been at the start.
            if origin == 0 || crowned {
                return false;
            }
            king = true;
            start.set(origin, Found::King(mover));
        }
        if let Some(j) = jumped {
            let (_, theirs) = board.sides(mover);
            if board.known() & bit(j) == 0 {
                start.set(j, Found::Man(mover.other()));
            } else if theirs & bit(j) == 0 {
                return false;
            }
            board.set_empty(j);
        }
        // A landing on the way is not written to the board: only the last one is.
        if board.known() & bit(to) == 0 {
            start.set(to, Found::Empty);
        } else if board.empty & bit(to) == 0 {
            return false;
        }
        if !king && crown_row(to, mover) {
            king = true;
            crowned = true;
        }
    }
    // A man crowned by this move ends it there; the path above already ended.
    let last = path.hops.last().map_or(from, |h| h.0);
    board.set_piece(last, mover, king, if crowned { 0 } else { origin });
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
#[path = "infer_reference.rs"]
mod reference;

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The moves of a random game after the first `skip` (at most `len` of
    /// them), the position they start from, and the generator, to go on with.
    fn stretch_of_a_random_game(seed: u64, skip: usize, len: usize) -> (Rng, Position, Vec<crate::rules::draughts::Move>) {
        let mut rng = Rng::new(seed);
        let mut game = random_game(&mut rng, &Position::initial(), skip + len);
        let stretch = game.split_off(skip.min(game.len()));
        let pos = game.iter().fold(Position::initial(), |pos, m| pos.play(m));
        (rng, pos, stretch)
    }

    /// Over stretches of random games read with misreadings of every kind,
    /// and every position of each game (the stretch's own and others): where
    /// any prefix's fit of at least `first` moves agrees with a position,
    /// those moves could start there; and the check is no formality, it
    /// turns many positions away.
    #[test]
    fn a_position_no_reading_starts_from_agrees_with_no_fit() {
        let (mut agreed, mut turned_away) = (0, 0);
        let first = 6;
        for seed in 0..1000u64 {
            let (mut rng, pos, stretch) = stretch_of_a_random_game(seed, (seed % 25) as usize, 12);
            if stretch.len() < first {
                continue;
            }
            let mut moves: Vec<Vec<Reading>> = Vec::new();
            for m in &stretch {
                // The move itself anywhere among the misreadings, and often dearer: fits choose misreadings too.
                let mut readings = Vec::new();
                for _ in 0..rng.below(12) {
                    let (a, b) = (1 + rng.below(32) as u8, 1 + rng.below(32) as u8);
                    let cost = [0.0, 0.5, 1.0][rng.below(3)];
                    readings.extend(paths_between(a, b).into_iter().map(|squares| Reading { squares, cost }));
                }
                let at = rng.below(readings.len() + 1);
                readings.insert(at, Reading { squares: m.squares(), cost: [0.0, 1.0][rng.below(2)] });
                moves.push(readings);
            }
            let game = random_game(&mut Rng::new(seed), &Position::initial(), 60);
            let mut positions = vec![Position::initial()];
            for m in &game {
                let next = positions.last().expect("a position").play(m);
                positions.push(next);
            }
            positions.push(pos);
            let fits: Vec<Inferred> = [Color::Black, Color::White]
                .into_iter()
                .flat_map(|c| {
                    let prefixes = infer_start_among_prefixes(&moves, c, 8);
                    (first - 1..prefixes.len()).filter_map(move |k| prefixes.inferred(k).map(|(i, _)| i)).collect::<Vec<_>>()
                })
                .collect();
            for p in &positions {
                let could = could_start_at_any([p], &moves[..first]);
                if fits.iter().any(|f| f.agrees_with(p)) {
                    assert!(could, "seed {seed}: a fit agrees with {}, turned away", write_fen(&p.setup()));
                    agreed += 1;
                } else if !could {
                    turned_away += 1;
                }
            }
        }
        assert!(agreed > 100 && turned_away > 1000, "agreed {agreed}, turned away {turned_away}");
    }

    proptest::proptest! {
        #[test]
        fn the_cheapest_distinct_are_a_stable_sort_deduped_and_cut(items in proptest::collection::vec((0u8..6, 0u8..4), 0..200), beam in 1usize..12) {
            // Few costs and few boards: ties and repeats everywhere; an item whose board is 3 makes nothing.
            let cost = |a: &(u8, u8)| f64::from(a.0) - 2.5;
            let make = |a: &(u8, u8)| (a.1 != 3).then_some(*a);
            let same = |a: &(u8, u8), b: &(u8, u8)| a.1 == b.1;
            let mut expected: Vec<(u8, u8)> = items.clone();
            expected.sort_by(|a, b| cost(a).total_cmp(&cost(b)));
            expected.retain(|a| make(a).is_some());
            expected.dedup_by(|a, b| same(a, b));
            expected.truncate(beam);
            let mut got = Vec::new();
            super::cheapest_distinct(&items, beam, &mut got, cost, make, same);
            proptest::prop_assert_eq!(got, expected);
        }

        /// The bit boards, with boards made only for offers the beam may
        /// keep, fit every prefix as the byte boards that made every offer's
        /// board did: over stretches of random games read with misreadings
        /// of every kind (other squares, captures of two hops, no path at
        /// all, the move itself again), at equal costs often, with beams
        /// narrow and wide: offers that do not replay and boards that repeat
        /// are many, and the cheapest stretch sorted first too short.
        #[test]
        fn every_prefix_fits_as_the_byte_boards_fitted_it(seed in 0u64..5000, skip in 0usize..30, len in 1usize..30, beam in proptest::sample::select(vec![1usize, 2, 3, 5, 8, 16, 64])) {
            let (mut rng, pos, stretch) = stretch_of_a_random_game(seed, skip, len);
            let costs = [0.0, 0.5, 1.0, 1.1, 2.0];
            let mut moves: Vec<Vec<Reading>> = Vec::new();
            for m in &stretch {
                let mut readings = vec![Reading { squares: m.squares(), cost: costs[rng.below(2)] }];
                for _ in 0..rng.below(40) {
                    // The move read again at another cost: its board repeats.
                    if rng.below(4) == 0 {
                        readings.push(Reading { squares: m.squares(), cost: costs[rng.below(costs.len())] });
                        continue;
                    }
                    let (a, b) = (1 + rng.below(32) as u8, 1 + rng.below(32) as u8);
                    let cost = costs[rng.below(costs.len())];
                    let paths = paths_between(a, b);
                    if paths.is_empty() || rng.below(8) == 0 {
                        readings.push(Reading { squares: vec![a, b], cost });
                    }
                    readings.extend(paths.into_iter().map(|squares| Reading { squares, cost }));
                }
                moves.push(readings);
            }
            for first in [pos.turn(), pos.turn().other()] {
                proptest::prop_assert_eq!(infer_start_among_prefixes(&moves, first, beam).all(), super::reference::prefixes(&moves, first, beam));
            }
        }

        /// Any stretch of a legal game fits one board, and that board agrees
        /// with the real position on every square it fixes.
        #[test]
        fn a_stretch_of_a_real_game_fits_the_real_board(seed in 0u64..5000, skip in 0usize..40, len in 1usize..30) {
            let (_, pos, stretch) = stretch_of_a_random_game(seed, skip, len);
            let stretch: Vec<Vec<u8>> = stretch.iter().map(|m| m.squares()).collect();
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
