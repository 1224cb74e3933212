//! `Position`: a checked board (every chain has a liberty), and play under
//! the ko rules. The setup it is made from is `setup.rs`; chains and keys
//! `chain.rs`; the board drawn as text `draw.rs`.

use super::chain::{chain_in, history_key, neighbours_of};
use super::point::{Color, Move, Point, MAX_SIZE};
use super::setup::{KoRule, PositionError, Rules, Setup};
use std::collections::HashSet;

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the point lies off the board")]
    OffBoard,
    #[error("the point is occupied")]
    Occupied,
    #[error("the stone would have no liberty (suicide)")]
    Suicide,
    #[error("retaking at once would restore the previous position (ko, ta chieh)")]
    Ko,
    #[error("the move would repeat an earlier position (superko)")]
    Superko,
}

/// What a move did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Opponent stones removed, in board order.
    pub captured: Vec<Point>,
    /// Own stones removed by a suicide (only when suicide is allowed).
    pub suicided: Vec<Point>,
}

/// A legal position: every chain has a liberty.
#[derive(Clone, Debug)]
pub struct Position {
    pub(super) size: u8,
    pub(super) cells: Vec<Option<Color>>,
    pub(super) to_move: Color,
    rules: Rules,
    /// The stones before the last move, for the simple ko rule.
    before_last: Option<Vec<Option<Color>>>,
    /// Hashes of every arrangement so far (with the player to move for situational superko).
    seen: HashSet<u64>,
    /// Stones each colour has captured (index by `Color::index`).
    pub(super) prisoners: [u32; 2],
    passes_in_a_row: u32,
    moves_played: u32,
}

impl Position {
    /// The empty board of the given size, Black to play, default rules.
    pub fn empty(size: u8) -> Result<Position, PositionError> {
        Position::from_setup(Setup { size, ..Setup::default() })
    }

    /// The one checked gate from a setup, with the default rules.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup_with(setup, Rules::default())
    }

    pub fn from_setup_with(setup: Setup, rules: Rules) -> Result<Position, PositionError> {
        if setup.size == 0 || setup.size > MAX_SIZE {
            return Err(PositionError::BadSize(setup.size));
        }
        let size = setup.size;
        let mut cells = vec![None; size as usize * size as usize];
        for (color, points) in [(Color::Black, &setup.black), (Color::White, &setup.white)] {
            for &p in points {
                if !p.on_board(size) {
                    return Err(PositionError::OffBoard { point: p, size });
                }
                let cell = &mut cells[p.y as usize * size as usize + p.x as usize];
                if cell.is_some() {
                    return Err(PositionError::Occupied(p));
                }
                *cell = Some(color);
            }
        }
        let mut pos = Position {
            size,
            cells,
            to_move: setup.to_move,
            rules,
            before_last: None,
            seen: HashSet::new(),
            prisoners: [0, 0],
            passes_in_a_row: 0,
            moves_played: 0,
        };
        for i in 0..pos.cells.len() {
            if pos.cells[i].is_some() && pos.chain_and_liberties(i).1 == 0 {
                return Err(PositionError::NoLiberties(pos.point(i)));
            }
        }
        let h = pos.hash_for_history();
        pos.seen.insert(h);
        Ok(pos)
    }

    /// Forget the arrangements seen so far except the current one (superko
    /// history), to keep a finished position small.
    pub fn forget_history(&mut self) {
        self.seen.clear();
        let h = self.hash_for_history();
        self.seen.insert(h);
    }

    /// The stones as a setup (forgets history and prisoners).
    pub fn setup(&self) -> Setup {
        let mut s = Setup { size: self.size, black: Vec::new(), white: Vec::new(), to_move: self.to_move };
        for (i, c) in self.cells.iter().enumerate() {
            match c {
                Some(Color::Black) => s.black.push(self.point(i)),
                Some(Color::White) => s.white.push(self.point(i)),
                None => {}
            }
        }
        s
    }

    pub fn size(&self) -> u8 {
        self.size
    }
    pub fn to_move(&self) -> Color {
        self.to_move
    }
    pub fn rules(&self) -> Rules {
        self.rules
    }
    /// Stones captured so far by `color`.
    pub fn prisoners(&self, color: Color) -> u32 {
        self.prisoners[color.index()]
    }
    pub fn passes_in_a_row(&self) -> u32 {
        self.passes_in_a_row
    }
    pub fn moves_played(&self) -> u32 {
        self.moves_played
    }
    /// Two passes in a row end play.
    pub fn is_over(&self) -> bool {
        self.passes_in_a_row >= 2
    }

    pub fn at(&self, p: Point) -> Option<Color> {
        if p.on_board(self.size) { self.cells[self.index(p)] } else { None }
    }

    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.cells.len()).map(|i| self.point(i))
    }

    pub fn stone_count(&self, color: Color) -> usize {
        self.cells.iter().filter(|c| **c == Some(color)).count()
    }

    /// The chain through `p` and its liberties, both sorted; empty if `p` is empty.
    pub fn chain(&self, p: Point) -> (Vec<Point>, Vec<Point>) {
        if self.at(p).is_none() {
            return (Vec::new(), Vec::new());
        }
        let (stones, _) = self.chain_and_liberties(self.index(p));
        let mut libs: Vec<Point> = Vec::new();
        for &s in &stones {
            for n in self.neighbours(s) {
                if self.cells[n].is_none() {
                    libs.push(self.point(n));
                }
            }
        }
        libs.sort();
        libs.dedup();
        let mut stones: Vec<Point> = stones.into_iter().map(|i| self.point(i)).collect();
        stones.sort();
        (stones, libs)
    }

    pub(crate) fn index(&self, p: Point) -> usize {
        p.y as usize * self.size as usize + p.x as usize
    }

    pub(crate) fn point(&self, i: usize) -> Point {
        Point::new((i % self.size as usize) as u8, (i / self.size as usize) as u8)
    }

    pub(crate) fn cells(&self) -> &[Option<Color>] {
        &self.cells
    }

    pub(crate) fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        neighbours_of(self.size, i)
    }

    /// Indices of the chain through `i` and its number of distinct liberties.
    fn chain_and_liberties(&self, i: usize) -> (Vec<usize>, usize) {
        chain_in(&self.cells, self.size, i)
    }

    fn hash_for_history(&self) -> u64 {
        history_key(&self.cells, self.rules.ko, self.to_move)
    }

    /// Play for the player to move.
    pub fn play(&mut self, mv: Move) -> Result<Played, MoveError> {
        self.play_as(self.to_move, mv)
    }

    /// Play `color`'s move even if it is not that player's turn (books skip moves
    /// played "elsewhere"); afterwards the other player is to move.
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<Played, MoveError> {
        let (cells, played, hash) = self.try_move(color, mv)?;
        let previous = std::mem::replace(&mut self.cells, cells);
        self.before_last = Some(previous);
        self.to_move = color.other();
        if self.rules.ko != KoRule::Simple {
            self.seen.insert(hash);
        }
        self.prisoners[color.index()] += played.captured.len() as u32;
        self.prisoners[color.other().index()] += played.suicided.len() as u32;
        self.passes_in_a_row = if mv == Move::Pass { self.passes_in_a_row + 1 } else { 0 };
        self.moves_played += 1;
        Ok(played)
    }

    /// The stones after `color` plays `mv`, what it did, and the history key of
    /// the result; nothing is changed.
    fn try_move(&self, color: Color, mv: Move) -> Result<(Vec<Option<Color>>, Played, u64), MoveError> {
        let p = match mv {
            Move::Pass => {
                let cells = self.cells.clone();
                let hash = history_key(&cells, self.rules.ko, color.other());
                return Ok((cells, Played::default(), hash));
            }
            Move::Play(p) => p,
        };
        if !p.on_board(self.size) {
            return Err(MoveError::OffBoard);
        }
        let i = self.index(p);
        if self.cells[i].is_some() {
            return Err(MoveError::Occupied);
        }
        let mut cells = self.cells.clone();
        cells[i] = Some(color);
        let mut captured = Vec::new();
        for n in neighbours_of(self.size, i) {
            if cells[n] == Some(color.other()) {
                let (stones, libs) = chain_in(&cells, self.size, n);
                if libs == 0 {
                    for s in stones {
                        cells[s] = None;
                        captured.push(self.point(s));
                    }
                }
            }
        }
        let mut suicided = Vec::new();
        let (own, libs) = chain_in(&cells, self.size, i);
        if libs == 0 {
            if !self.rules.suicide_allowed {
                return Err(MoveError::Suicide);
            }
            for s in own {
                cells[s] = None;
                suicided.push(self.point(s));
            }
        }
        if self.before_last.as_deref() == Some(&cells[..]) {
            return Err(MoveError::Ko);
        }
        let hash = history_key(&cells, self.rules.ko, color.other());
        if self.rules.ko != KoRule::Simple && self.seen.contains(&hash) {
            return Err(MoveError::Superko);
        }
        captured.sort();
        suicided.sort();
        Ok((cells, Played { captured, suicided }, hash))
    }

    /// Would `color` be allowed to play `mv` now?
    pub fn check(&self, color: Color, mv: Move) -> Result<(), MoveError> {
        self.try_move(color, mv).map(|_| ())
    }

    /// Every legal placement for the player to move (passes are always legal).
    pub fn legal_points(&self) -> Vec<Point> {
        self.points().filter(|&p| self.check(self.to_move, Move::Play(p)).is_ok()).collect()
    }

    /// Remove the whole chains through `dead` (stones marked dead at the end);
    /// the other player gets them as prisoners. Returns the stones removed.
    pub fn remove_dead(&mut self, dead: &[Point]) -> Vec<Point> {
        let mut removed = Vec::new();
        for &p in dead {
            let Some(color) = self.at(p) else { continue };
            let (stones, _) = self.chain_and_liberties(self.index(p));
            self.prisoners[color.other().index()] += stones.len() as u32;
            for s in stones {
                self.cells[s] = None;
                removed.push(self.point(s));
            }
        }
        removed.sort();
        removed
    }

    /// Put stones on and clear points, as a setup in the middle of a game does
    /// (SGF `AB`, `AW`, `AE`, in that order), then take off every chain left
    /// without a liberty (that is how sgfmill reads such a setup; FF[4] calls it
    /// illegal). Returns the stones taken off. A setup ends any ko.
    pub fn edit(&mut self, black: &[Point], white: &[Point], empty: &[Point]) -> Result<Vec<Point>, PositionError> {
        let size = self.size;
        if let Some(&point) = black.iter().chain(white).chain(empty).find(|p| !p.on_board(size)) {
            return Err(PositionError::OffBoard { point, size });
        }
        for (stone, points) in [(Some(Color::Black), black), (Some(Color::White), white), (None, empty)] {
            for &p in points {
                let i = self.index(p);
                self.cells[i] = stone;
            }
        }
        let mut removed = Vec::new();
        for i in 0..self.cells.len() {
            if self.cells[i].is_some() {
                let (stones, libs) = self.chain_and_liberties(i);
                if libs == 0 {
                    removed.extend(stones.iter().map(|&s| self.point(s)));
                }
            }
        }
        for &p in &removed {
            let i = self.index(p);
            self.cells[i] = None;
        }
        removed.sort();
        self.before_last = None;
        self.passes_in_a_row = 0;
        let h = self.hash_for_history();
        self.seen.insert(h);
        Ok(removed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: u8, y: u8) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn a_surrounded_stone_is_captured_and_counted() {
        let setup = Setup { size: 5, black: vec![p(1, 0), p(0, 1), p(2, 1)], white: vec![p(1, 1)], to_move: Color::Black };
        let mut pos = Position::from_setup(setup).unwrap();
        let played = pos.play(Move::Play(p(1, 2))).unwrap();
        assert_eq!(played.captured, vec![p(1, 1)]);
        assert_eq!(pos.at(p(1, 1)), None);
        assert_eq!(pos.prisoners(Color::Black), 1);
        assert_eq!(pos.to_move(), Color::White);
    }

    #[test]
    fn suicide_is_refused_by_default_and_allowed_as_an_option() {
        let setup = Setup { size: 5, black: vec![p(1, 0), p(0, 1)], white: vec![], to_move: Color::White };
        let mut pos = Position::from_setup(setup.clone()).unwrap();
        assert_eq!(pos.play(Move::Play(p(0, 0))), Err(MoveError::Suicide));
        assert_eq!(pos.at(p(0, 0)), None, "a refused move changes nothing");
        let rules = Rules { suicide_allowed: true, ..Rules::default() };
        let mut pos = Position::from_setup_with(setup, rules).unwrap();
        let played = pos.play(Move::Play(p(0, 0))).unwrap();
        assert_eq!(played.suicided, vec![p(0, 0)]);
        assert_eq!(pos.prisoners(Color::Black), 1);
    }

    /// The ko shape: Black x at (1,1) is taken by White; Black may not take back at once.
    fn ko_setup() -> Setup {
        Setup {
            size: 5,
            black: vec![p(1, 0), p(0, 1), p(1, 2), p(2, 1)],
            white: vec![p(2, 0), p(3, 1), p(2, 2)],
            to_move: Color::White,
        }
    }

    #[test]
    fn the_immediate_retake_is_refused_but_allowed_after_a_move_elsewhere() {
        let mut pos = Position::from_setup(ko_setup()).unwrap();
        assert_eq!(pos.play(Move::Play(p(1, 1))).unwrap().captured, vec![p(2, 1)]);
        assert_eq!(pos.play(Move::Play(p(2, 1))), Err(MoveError::Ko));
        pos.play(Move::Play(p(4, 4))).unwrap();
        pos.play(Move::Play(p(4, 3))).unwrap();
        assert_eq!(pos.play(Move::Play(p(2, 1))).unwrap().captured, vec![p(1, 1)]);
    }

    #[test]
    fn positional_superko_refuses_a_cycle_simple_ko_allows() {
        // Same ko, but with passes between retakes the position would repeat:
        // W takes, B passes, W passes, B retakes -> the arrangement before W's capture again.
        for (ko, expected) in [(KoRule::Simple, true), (KoRule::PositionalSuperko, false)] {
            let rules = Rules { ko, ..Rules::default() };
            let mut pos = Position::from_setup_with(ko_setup(), rules).unwrap();
            pos.play(Move::Play(p(1, 1))).unwrap();
            pos.play(Move::Pass).unwrap();
            pos.play(Move::Pass).unwrap();
            assert_eq!(pos.play(Move::Play(p(2, 1))).is_ok(), expected, "{ko:?}");
        }
    }

    #[test]
    fn situational_superko_looks_at_the_player_to_move() {
        let rules = Rules { ko: KoRule::SituationalSuperko, ..Rules::default() };
        let mut pos = Position::from_setup_with(ko_setup(), rules).unwrap();
        pos.play(Move::Play(p(1, 1))).unwrap();
        pos.play(Move::Pass).unwrap();
        pos.play(Move::Pass).unwrap();
        // The arrangement before W's capture had White to move; after B retakes White is to move.
        assert_eq!(pos.play(Move::Play(p(2, 1))), Err(MoveError::Superko));
    }

    #[test]
    fn setups_are_checked() {
        assert_eq!(Position::empty(26).unwrap_err(), PositionError::BadSize(26));
        assert!(Position::empty(25).is_ok());
        let off = Setup { size: 9, black: vec![p(9, 0)], ..Setup::default() };
        assert!(matches!(Position::from_setup(off), Err(PositionError::OffBoard { .. })));
        let twice = Setup { size: 9, black: vec![p(1, 1)], white: vec![p(1, 1)], ..Setup::default() };
        assert_eq!(Position::from_setup(twice).unwrap_err(), PositionError::Occupied(p(1, 1)));
        let dead = Setup { size: 9, black: vec![p(0, 0)], white: vec![p(1, 0), p(0, 1)], ..Setup::default() };
        assert_eq!(Position::from_setup(dead).unwrap_err(), PositionError::NoLiberties(p(0, 0)));
    }

    #[test]
    fn edit_places_clears_and_takes_off_chains_without_liberty() {
        let mut pos = Position::from_setup(ko_setup()).unwrap();
        // A white stone set in Black's eye at (1,1) has no liberty, and takes
        // the last one of Black's (2,1): both come off, as sgfmill has it.
        let removed = pos.edit(&[], &[p(1, 1)], &[]).unwrap();
        assert_eq!(removed, vec![p(1, 1), p(2, 1)]);
        assert_eq!(pos.edit(&[p(4, 4)], &[], &[p(1, 0)]).unwrap(), vec![]);
        assert_eq!((pos.at(p(4, 4)), pos.at(p(1, 0))), (Some(Color::Black), None));
        assert!(matches!(pos.edit(&[p(5, 0)], &[], &[]), Err(PositionError::OffBoard { .. })));
    }

    #[test]
    fn two_passes_end_play() {
        let mut pos = Position::empty(9).unwrap();
        pos.play(Move::Pass).unwrap();
        assert!(!pos.is_over());
        pos.play(Move::Pass).unwrap();
        assert!(pos.is_over());
    }
}
