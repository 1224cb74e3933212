//! `Setup` (any arrangement) and `Position` (checked), move generation,
//! make/unmake and the fast perft.

use super::board::{between, BLACK_FAR_ROW, NONE, SQUARES, STEPS, WHITE_FAR_ROW};
use super::column::{Color, Column, Man, Rank};
use std::fmt;
use std::ops::ControlFlow;
use std::hash::{Hash, Hasher};

/// Men each side starts with; the book insists 22 are always on the board.
pub const MEN_PER_SIDE: usize = 11;

/// An arrangement of columns and a side to move, not necessarily legal.
/// `columns[n - 1]` is square `n`, its men listed from the leader down.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    pub columns: [Vec<Man>; SQUARES],
    pub turn: Color,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup { columns: Default::default(), turn: Color::White }
    }
}

impl Setup {
    /// White on 1–11, Black on 15–25, White to move.
    pub fn initial() -> Setup {
        let mut s = Setup::default();
        for (i, col) in s.columns.iter_mut().enumerate() {
            match i + 1 {
                1..=11 => col.push(Man::WHITE),
                15..=25 => col.push(Man::BLACK),
                _ => {}
            }
        }
        s
    }

    pub fn count(&self, color: Color) -> usize {
        self.columns.iter().flatten().filter(|m| m.color == color).count()
    }

    /// Every reason this setup could not arise in play.
    pub fn problems(&self) -> Vec<PositionErrorKind> {
        self.problems_except(&[])
    }

    /// [`Setup::problems`] but those listed in `ignore`: a setup whose only
    /// problems are ignored is checked without allocating.
    pub fn problems_except(&self, ignore: &[PositionErrorKind]) -> Vec<PositionErrorKind> {
        // One pass over the men: a search for a mended setup asks this of thousands.
        let black = self.columns.iter().flatten().filter(|m| m.color == Color::Black).count();
        let white = self.columns.iter().map(Vec::len).sum::<usize>() - black;
        let (mut white_privates_lead, mut black_privates_lead) = (0u32, 0u32);
        for (i, col) in self.columns.iter().enumerate() {
            match col.first() {
                Some(&Man::WHITE) => white_privates_lead |= 1 << i,
                Some(&Man::BLACK) => black_privates_lead |= 1 << i,
                _ => {}
            }
        }
        problems_of(white, black, white_privates_lead, black_privates_lead, ignore)
    }
}

/// What makes an arrangement with these men, and with privates leading on
/// these squares (bit `n - 1` for square `n`), impossible in play, but the
/// kinds in `ignore`.
fn problems_of(white: usize, black: usize, white_privates_lead: u32, black_privates_lead: u32, ignore: &[PositionErrorKind]) -> Vec<PositionErrorKind> {
    let mut kinds = Vec::new();
    let mut note = |kind| {
        if !ignore.contains(&kind) {
            kinds.push(kind);
        }
    };
    if white > MEN_PER_SIDE || black > MEN_PER_SIDE {
        note(PositionErrorKind::TooManyMen);
    }
    if white + black != 2 * MEN_PER_SIDE {
        note(PositionErrorKind::MenMissing);
    }
    if white_privates_lead & WHITE_FAR_ROW != 0 || black_privates_lead & BLACK_FAR_ROW != 0 {
        note(PositionErrorKind::PrivateOnFarRow);
    }
    kinds
}

/// The men of each colour of a packed setup, and the squares led by black
/// men and by officers, counted in one pass.
struct Census {
    white: usize,
    black: usize,
    occupied: u32,
    black_led: u32,
    officer_led: u32,
}

impl Census {
    fn problems_except(&self, ignore: &[PositionErrorKind]) -> Vec<PositionErrorKind> {
        let privates_lead = self.occupied & !self.officer_led;
        problems_of(self.white, self.black, privates_lead & !self.black_led, privates_lead & self.black_led, ignore)
    }
}

/// A [`Setup`] packed a column a word: a search that changes, compares and
/// remembers thousands of setups (see `setup_repair`) copies no lists of men.
/// Any arrangement, as a `Setup` is, if no column holds more than
/// [`super::column::MAX_HEIGHT`] men.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PackedSetup {
    pub(super) columns: [Column; SQUARES],
    pub turn: Color,
}

impl PackedSetup {
    /// `None` if a column holds more men than a column can.
    pub fn of(setup: &Setup) -> Option<PackedSetup> {
        let mut columns = [Column::EMPTY; SQUARES];
        for (packed, men) in columns.iter_mut().zip(&setup.columns) {
            *packed = Column::from_top_down(men)?;
        }
        Some(PackedSetup { columns, turn: setup.turn })
    }

    pub fn setup(&self) -> Setup {
        let mut s = Setup { turn: self.turn, ..Setup::default() };
        for (men, c) in s.columns.iter_mut().zip(&self.columns) {
            *men = c.men_top_down().collect();
        }
        s
    }

    /// The setup in one integer, as [`Position::key`]: `None` where three
    /// bits a man and one a column come to over 101 (26 men standing alone;
    /// up to 33 in tall columns), as a setup the repair search adds men to may.
    pub fn key(&self) -> Option<u128> {
        let occupied = self.columns.iter().enumerate().filter(|(_, c)| !c.is_empty()).fold(0u32, |bits, (i, _)| bits | 1 << i);
        key_of(&self.columns, occupied, self.turn)
    }

    /// Columns led by White, and by Black.
    pub fn leaders(&self) -> (usize, usize) {
        let Census { occupied, black_led, .. } = self.census();
        ((occupied & !black_led).count_ones() as usize, black_led.count_ones() as usize)
    }

    /// [`Setup::problems_except`] of the same setup.
    pub fn problems_except(&self, ignore: &[PositionErrorKind]) -> Vec<PositionErrorKind> {
        self.census().problems_except(ignore)
    }

    fn census(&self) -> Census {
        let mut census = Census { white: 0, black: 0, occupied: 0, black_led: 0, officer_led: 0 };
        for (i, col) in self.columns.iter().enumerate() {
            let Some(top) = col.top() else { continue };
            let black = col.black_men();
            census.black += black;
            census.white += usize::from(col.height()) - black;
            census.occupied |= 1 << i;
            census.black_led |= u32::from(top.color == Color::Black) << i;
            census.officer_led |= u32::from(top.is_officer()) << i;
        }
        census
    }
}

/// [`Position::key`] of these columns, `occupied` the squares holding one.
fn key_of(columns: &[Column; SQUARES], occupied: u32, turn: Color) -> Option<u128> {
    let mut key: u128 = 1 << SQUARES | u128::from(occupied);
    let mut bits = 1 + SQUARES as u32;
    let mut standing = occupied;
    while standing != 0 {
        let (segment, len) = columns[standing.trailing_zeros() as usize].segment();
        standing &= standing - 1;
        bits += len;
        if bits > 127 {
            return None;
        }
        key = key << len | segment;
    }
    Some(key << 1 | u128::from(turn == Color::Black))
}

/// What makes a setup impossible in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionErrorKind {
    /// More than eleven men of one colour.
    TooManyMen,
    /// Fewer (or more) than 22 men on the board; men are never removed in Lasca.
    MenMissing,
    /// A column led by a private stands on the row where it would have been promoted.
    PrivateOnFarRow,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub kinds: Vec<PositionErrorKind>,
}

impl fmt::Display for PositionErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PositionErrorKind::TooManyMen => "one side has more than eleven men",
            PositionErrorKind::MenMissing => "the board does not hold 22 men (Lasca never removes a man)",
            PositionErrorKind::PrivateOnFarRow => "a column led by a private stands on its promotion row",
        })
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.kinds.iter().map(ToString::to_string).collect();
        f.write_str(&parts.join("; "))
    }
}

impl std::error::Error for PositionError {}

/// Rule variants the book leaves open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Lasker's advice "select the one giving the longest run" made compulsory:
    /// only captures with the most jumps are legal.
    pub longest_run: bool,
}

/// The most jumps one run can make: each jumped column is led by one of the
/// opponent's eleven men, and no square is jumped twice.
pub const MAX_JUMPS: usize = 12;

/// A move: one step, or a capture run with every landing square.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    /// Landing squares (indices); one for a step.
    landings: [u8; MAX_JUMPS],
    count: u8,
    capture: bool,
    promotes: bool,
}

impl Move {
    /// Square number moved from.
    pub fn from(&self) -> u8 {
        self.from + 1
    }

    /// Square number the column ends on.
    pub fn to(&self) -> u8 {
        self.landings[self.count as usize - 1] + 1
    }

    pub fn is_capture(&self) -> bool {
        self.capture
    }

    /// The moving column's leader becomes an officer.
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// Landing square numbers.
    pub fn landings(&self) -> impl Iterator<Item = u8> + '_ {
        self.landings[..self.count as usize].iter().map(|&s| s + 1)
    }

    /// Jumped square numbers, in order.
    pub fn jumped(&self) -> Vec<u8> {
        self.jumps().map(|(jumped, _)| jumped).collect()
    }

    /// Each jump of a capture: the square jumped and the square landed on.
    fn jumps(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        let mut at = self.from as usize;
        self.landings[..self.jump_count()].iter().map(move |&l| {
            let jumped = between(at, l as usize) + 1;
            at = l as usize;
            (jumped, l + 1)
        })
    }

    /// How the book prints it: `from-to`, or from, jumped, landing, jumped, landing…
    pub fn squares(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(1 + 2 * self.count as usize);
        self.each_square(|s| out.push(s));
        out
    }

    /// [`Self::squares`] one by one, without a list: the decoder spells
    /// every legal move it aligns.
    pub fn each_square(&self, mut f: impl FnMut(u8)) {
        f(self.from());
        if !self.capture {
            return f(self.to());
        }
        for (jumped, landing) in self.jumps() {
            f(jumped);
            f(landing);
        }
    }

    pub fn jump_count(&self) -> usize {
        if self.capture { self.count as usize } else { 0 }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.squares().iter().map(u8::to_string).collect();
        write!(f, "{}{}", parts.join("-"), if self.promotes { "*" } else { "" })
    }
}

/// A legal position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    columns: [Column; SQUARES],
    turn: Color,
    rules: Rules,
    /// Squares holding a column.
    occupied: u32,
    /// Squares whose leader is Black.
    black_led: u32,
    /// Squares whose leader is an officer.
    officer_led: u32,
}

/// Hashed by the columns standing (a few in an ending) one word each: the
/// searches' tables and the decoder's memos hash a position at every node,
/// and every square's column field by field was dozens of words.
impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u32(self.occupied);
        let mut standing = self.occupied;
        while standing != 0 {
            state.write_u64(self.columns[standing.trailing_zeros() as usize].word());
            standing &= standing - 1;
        }
        self.turn.hash(state);
        self.rules.hash(state);
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::initial()
    }
}

impl Position {
    pub fn initial() -> Position {
        Position::from_setup(Setup::initial()).expect("the initial setup is legal")
    }

    /// The one checked gate from a setup to a position.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup_ignoring(&setup, &[])
    }

    /// As `from_setup`, accepting the listed kinds of problem (for historic
    /// positions). Borrows the setup: a search tests thousands, and a copy is
    /// one allocation per column.
    pub fn from_setup_ignoring(setup: &Setup, ignore: &[PositionErrorKind]) -> Result<Position, PositionError> {
        let kinds = setup.problems_except(ignore);
        if !kinds.is_empty() {
            return Err(PositionError { kinds });
        }
        let mut pos = Position {
            columns: [Column::EMPTY; SQUARES],
            turn: setup.turn,
            rules: Rules::default(),
            occupied: 0,
            black_led: 0,
            officer_led: 0,
        };
        for (i, men) in setup.columns.iter().enumerate() {
            // More than 32 men cannot be packed; refuse rather than truncate.
            pos.columns[i] = Column::from_top_down(men).ok_or(PositionError { kinds: vec![PositionErrorKind::TooManyMen] })?;
            pos.refresh(i);
        }
        Ok(pos)
    }

    /// [`Position::from_setup_ignoring`] of the setup packed.
    pub fn from_packed_ignoring(packed: &PackedSetup, ignore: &[PositionErrorKind]) -> Result<Position, PositionError> {
        let census = packed.census();
        let kinds = census.problems_except(ignore);
        if !kinds.is_empty() {
            return Err(PositionError { kinds });
        }
        let Census { occupied, black_led, officer_led, .. } = census;
        Ok(Position { columns: packed.columns, turn: packed.turn, rules: Rules::default(), occupied, black_led, officer_led })
    }

    pub fn setup(&self) -> Setup {
        let mut s = Setup { turn: self.turn, ..Setup::default() };
        for (i, c) in self.columns.iter().enumerate() {
            s.columns[i] = c.men_top_down().collect();
        }
        s
    }

    pub fn with_rules(mut self, rules: Rules) -> Position {
        self.rules = rules;
        self
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The column on square number `n` (1–25).
    pub fn column(&self, n: u8) -> Option<Column> {
        self.columns.get((n as usize).wrapping_sub(1)).copied()
    }

    fn refresh(&mut self, i: usize) {
        let bit = 1u32 << i;
        self.occupied &= !bit;
        self.black_led &= !bit;
        self.officer_led &= !bit;
        if let Some(top) = self.columns[i].top() {
            self.occupied |= bit;
            if top.color == Color::Black {
                self.black_led |= bit;
            }
            if top.is_officer() {
                self.officer_led |= bit;
            }
        }
    }

    /// Squares led by `color`.
    pub fn led_by(&self, color: Color) -> u32 {
        match color {
            Color::Black => self.black_led,
            Color::White => self.occupied & !self.black_led,
        }
    }

    fn far_row(color: Color) -> u32 {
        if color == Color::White { WHITE_FAR_ROW } else { BLACK_FAR_ROW }
    }

    fn directions(&self, i: usize) -> &'static [usize] {
        self.directions_of(i, self.turn)
    }

    /// The directions the column on `i`, led by `color`, moves in.
    fn directions_of(&self, i: usize, color: Color) -> &'static [usize] {
        if self.officer_led >> i & 1 == 1 {
            &[0, 1, 2, 3]
        } else if color == Color::White {
            &[0, 1]
        } else {
            &[2, 3]
        }
    }

    /// The empty squares `color`'s columns could step to (whoever is to move).
    pub fn step_targets(&self, color: Color) -> u32 {
        let mut targets = 0;
        let mut bits = self.led_by(color);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            for &d in self.directions_of(i, color) {
                let to = STEPS[i][d];
                if to != NONE && self.occupied >> to & 1 == 0 {
                    targets |= 1 << to;
                }
            }
        }
        targets
    }

    /// The steps the side to move has, if it has no capture (which it would
    /// have to make); `None` if it has one. Counted, not listed.
    pub fn steps_if_no_capture(&self) -> Option<usize> {
        let mut steps = 0;
        let capture = self.each_first_step(|jump| {
            if jump {
                return ControlFlow::Break(());
            }
            steps += 1;
            ControlFlow::Continue(())
        });
        capture.is_continue().then_some(steps)
    }

    /// Each first step open to the side to move, a step or the first jump of
    /// a capture (`true`), handed to `f` until it breaks.
    fn each_first_step(&self, mut f: impl FnMut(bool) -> ControlFlow<()>) -> ControlFlow<()> {
        let enemy = self.led_by(self.turn.other());
        let mut bits = self.led_by(self.turn);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            for &d in self.directions(i) {
                let over = STEPS[i][d];
                if over == NONE {
                    continue;
                }
                if self.occupied >> over & 1 == 0 {
                    f(false)?;
                    continue;
                }
                let land = STEPS[over as usize][d];
                if land != NONE && enemy >> over & 1 == 1 && self.occupied >> land & 1 == 0 {
                    f(true)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Every legal move (captures when any exist; steps otherwise).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Whether the side to move has a move: a first jump (every capture run
    /// starts with one) or a step. The search asks this of every leaf, where
    /// the moves themselves are never played.
    pub fn has_legal_move(&self) -> bool {
        self.each_first_step(|_| ControlFlow::Break(())).is_break()
    }

    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        let mine = self.led_by(self.turn);
        let enemy = self.led_by(self.turn.other());
        let far = Position::far_row(self.turn);
        let mut bits = mine;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let mut mv = Move { from: i as u8, landings: [0; MAX_JUMPS], count: 0, capture: true, promotes: false };
            let officer = self.officer_led >> i & 1 == 1;
            self.runs(i, self.occupied & !(1 << i), enemy, 0, officer, far, self.directions(i), &mut mv, out);
        }
        if !out.is_empty() {
            if self.rules.longest_run {
                let most = out.iter().map(|m| m.count).max().unwrap_or(0);
                out.retain(|m| m.count == most);
            }
            return;
        }
        let mut bits = mine;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let officer = self.officer_led >> i & 1 == 1;
            for &d in self.directions(i) {
                let to = STEPS[i][d];
                if to != NONE && self.occupied >> to & 1 == 0 {
                    let mut landings = [0; MAX_JUMPS];
                    landings[0] = to;
                    let promotes = !officer && far >> to & 1 == 1;
                    out.push(Move { from: i as u8, landings, count: 1, capture: false, promotes });
                }
            }
        }
    }

    /// Extend a capture run from `at`; `occupied` already reflects men taken so far.
    #[allow(clippy::too_many_arguments)]
    fn runs(&self, at: usize, occupied: u32, enemy: u32, jumped: u32, officer: bool, far: u32, dirs: &[usize], mv: &mut Move, out: &mut Vec<Move>) {
        let mut extended = false;
        for &d in dirs {
            let over = STEPS[at][d];
            if over == NONE {
                continue;
            }
            let land = STEPS[over as usize][d];
            if land == NONE || enemy >> over & 1 == 0 || jumped >> over & 1 == 1 || occupied >> land & 1 == 1 {
                continue;
            }
            extended = true;
            // A one-man column is emptied by the capture and may be landed on later in the run.
            let now = if self.columns[over as usize].height() == 1 { occupied & !(1 << over) } else { occupied };
            mv.landings[mv.count as usize] = land;
            mv.count += 1;
            if !officer && far >> land & 1 == 1 {
                let mut done = *mv;
                done.promotes = true;
                out.push(done);
            } else {
                self.runs(land as usize, now, enemy, jumped | 1 << over, officer, far, dirs, mv, out);
            }
            mv.count -= 1;
        }
        if !extended && mv.count > 0 {
            out.push(*mv);
        }
    }

    /// Play a legal move in place.
    pub fn make(&mut self, mv: &Move) {
        let from = mv.from as usize;
        let mut col = self.columns[from];
        self.columns[from] = Column::EMPTY;
        self.refresh(from);
        if mv.capture {
            let mut at = from;
            for &l in &mv.landings[..mv.count as usize] {
                let over = between(at, l as usize) as usize;
                if let Some(prisoner) = self.columns[over].pop_top() {
                    col.push_bottom(prisoner);
                }
                self.refresh(over);
                at = l as usize;
            }
        }
        if mv.promotes {
            col.set_top_rank(Rank::Officer);
        }
        let to = mv.landings[mv.count as usize - 1] as usize;
        self.columns[to] = col;
        self.refresh(to);
        self.turn = self.turn.other();
    }

    /// Take back `mv`, which must be the last move made.
    pub fn unmake(&mut self, mv: &Move) {
        self.turn = self.turn.other();
        let to = mv.landings[mv.count as usize - 1] as usize;
        let mut col = self.columns[to];
        self.columns[to] = Column::EMPTY;
        self.refresh(to);
        if mv.promotes {
            col.set_top_rank(Rank::Private);
        }
        if mv.capture {
            let mut overs = [0usize; MAX_JUMPS];
            let mut at = mv.from as usize;
            for (k, &l) in mv.landings[..mv.count as usize].iter().enumerate() {
                overs[k] = between(at, l as usize) as usize;
                at = l as usize;
            }
            for &over in overs[..mv.count as usize].iter().rev() {
                if let Some(prisoner) = col.pop_bottom() {
                    self.columns[over].push_top(prisoner);
                }
                self.refresh(over);
            }
        }
        let from = mv.from as usize;
        self.columns[from] = col;
        self.refresh(from);
    }

    /// The position in one integer, for a search's table: equal positions
    /// (under the same rules) give equal keys, and different ones different
    /// keys. A one, the squares standing (25 bits), each standing column's
    /// [`Column::segment`], the side to move: with at most 22 men, at most
    /// 115 bits; `None` for a position that needs over 128.
    pub fn key(&self) -> Option<u128> {
        key_of(&self.columns, self.occupied, self.turn)
    }

    /// The position after a legal move.
    pub fn play(&self, mv: &Move) -> Position {
        let mut next = *self;
        next.make(mv);
        next
    }

    /// The side to move has no legal move and so has lost.
    pub fn is_lost(&self) -> bool {
        self.legal_moves().is_empty()
    }

    pub fn has_capture(&self) -> bool {
        self.legal_moves().first().is_some_and(Move::is_capture)
    }

    /// The legal move printed as these squares (`from-to`, or the full capture path).
    pub fn find_move(&self, squares: &[u8]) -> Option<Move> {
        self.legal_moves().into_iter().find(|m| m.squares() == squares)
    }
}

/// Leaf-node count to `depth` plies (make/unmake; the last ply counted without being made).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut pos = *pos;
    let mut stack: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(32)).collect();
    perft_inner(&mut pos, depth, &mut stack)
}

fn perft_inner(pos: &mut Position, depth: u32, stack: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((here, rest)) = stack.split_first_mut() else { return 0 };
    pos.legal_moves_into(here);
    if depth == 1 {
        return here.len() as u64;
    }
    let mut total = 0;
    for mv in here.iter() {
        pos.make(mv);
        total += perft_inner(pos, depth - 1, rest);
        pos.unmake(mv);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(pos: &Position) -> Vec<String> {
        let mut v: Vec<String> = pos.legal_moves().iter().map(|m| format!("{m:?}")).collect();
        v.sort();
        v
    }

    #[test]
    fn a_side_has_a_move_exactly_when_it_has_legal_moves() {
        // Random games from the opening, and positions with few men where sides get shut in.
        let (mut with, mut without) = (0, 0);
        let mut seed = 11u64;
        for setup in ["w 1:Bw 2:WwbBb 12:BB 19:b 20:b 22:B", "b 1:B 5:w 9:w", "w 9:w 13:b", "b 5:w 6:W 10:b 15:bw 18:B"] {
            let starts = [Position::initial(), Position::from_setup_ignoring(&crate::rules::lasca::parse_setup(setup).unwrap(), &[PositionErrorKind::MenMissing]).unwrap()];
            for mut pos in starts {
                for _ in 0..80 {
                    let moves = pos.legal_moves();
                    assert_eq!(pos.has_legal_move(), !moves.is_empty(), "{:?}", pos.setup());
                    if moves.is_empty() {
                        without += 1;
                        break;
                    }
                    with += 1;
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    pos = pos.play(&moves[(seed >> 33) as usize % moves.len()]);
                }
            }
        }
        assert!(with > 100 && without > 0, "with {with}, without {without}");
    }

    #[test]
    fn white_opens_with_six_steps() {
        assert_eq!(texts(&Position::initial()), ["10-13", "10-14", "11-14", "8-12", "9-12", "9-13"]);
    }

    #[test]
    fn the_books_first_moves_capture_and_stack() {
        let mut pos = Position::initial();
        for printed in [&[9, 13][..], &[17, 13, 9], &[5, 9, 13], &[21, 17]] {
            let mv = pos.find_move(printed).unwrap_or_else(|| panic!("{printed:?} in {:?}", texts(&pos)));
            pos.make(&mv);
        }
        // 5-9-13 took Black's man off 9 (which held a Black-led column: black on white).
        let on13: Vec<Man> = pos.column(13).unwrap().men_top_down().collect();
        assert_eq!(on13, [Man::WHITE, Man::BLACK]);
        let on9: Vec<Man> = pos.column(9).unwrap().men_top_down().collect();
        assert_eq!(on9, [Man::WHITE]);
    }

    #[test]
    fn make_then_unmake_restores_the_position() {
        let mut pos = Position::initial();
        let mut seed = 7u64;
        for _ in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mv = moves[(seed >> 33) as usize % moves.len()];
            let before = pos;
            pos.make(&mv);
            let mut back = pos;
            back.unmake(&mv);
            assert_eq!(back, before, "{mv:?}");
            assert_eq!(pos.setup().count(Color::White) + pos.setup().count(Color::Black), 22);
        }
    }

    /// Every position met in a few plies from the opening and from setups
    /// with tall columns: one key each, and a key for each position only.
    #[test]
    fn a_key_names_one_position() {
        fn walk(pos: &mut Position, depth: u32, by_key: &mut std::collections::HashMap<u128, Position>) {
            let key = pos.key().expect("22 men fit a key");
            assert_eq!(*by_key.entry(key).or_insert(*pos), *pos, "two positions share a key");
            if depth == 0 {
                return;
            }
            for mv in pos.legal_moves() {
                pos.make(&mv);
                walk(pos, depth - 1, by_key);
                pos.unmake(&mv);
            }
        }
        let mut by_key = std::collections::HashMap::new();
        let setups = ["w 1:Bw 2:WwbBb 12:BB 19:b 20:b 22:B", "b 5:w 6:W 10:b 15:bw 18:B", "w 13:wwwwwbbbbbWWWWWBBBBBbw", "b 13:bbbbbbbbbbbwwwwwwwwwww"];
        let starts = setups.iter().map(|s| Position::from_setup_ignoring(&crate::rules::lasca::parse_setup(s).unwrap(), &[PositionErrorKind::MenMissing]).unwrap());
        for mut pos in std::iter::once(Position::initial()).chain(starts) {
            walk(&mut pos, 6, &mut by_key);
        }
        assert!(by_key.len() > 1000, "{}", by_key.len());
        // The side to move is part of the key.
        let white = Position::initial();
        let mut black = white.setup();
        black.turn = Color::Black;
        assert_ne!(white.key(), Position::from_setup(black).unwrap().key());
    }

    #[test]
    fn the_setup_gate_names_what_is_wrong() {
        let mut s = Setup::initial();
        s.columns[0].insert(0, Man::BLACK);
        let err = Position::from_setup(s.clone()).unwrap_err();
        assert_eq!(err.kinds, [PositionErrorKind::TooManyMen, PositionErrorKind::MenMissing, PositionErrorKind::PrivateOnFarRow]);
        let mut s = Setup::initial();
        s.columns[0].clear();
        assert!(Position::from_setup_ignoring(&s, &[PositionErrorKind::MenMissing]).is_ok());
    }
}
