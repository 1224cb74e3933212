//! "The move" (the opposition) in English draughts, by John Paterson's rule and
//! by William Payne's rule of men and squares (Anderson 1852, pp. 135–152).
//!
//! The board splits into two sets of homologous rows: the vertical rows 1, 3,
//! 5, 7 counted from the single corner on Black's side (the odd set) and rows
//! 2, 4, 6, 8 (the even set). A step always crosses from one set to the other;
//! a jump stays in its set and takes pieces of the other set.

use crate::rules::draughts::{Color, Move, Setup, Square};
use serde::Serialize;

/// One of Paterson's two sets of homologous rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Set {
    Odd,
    Even,
}

impl Set {
    pub fn other(self) -> Set {
        match self {
            Set::Odd => Set::Even,
            Set::Even => Set::Odd,
        }
    }
}

/// The vertical row 1–8 of a square, counted from the single corner on Black's side.
pub fn vertical_row(square: Square) -> u8 {
    8 - square.file()
}

pub fn set_of(square: Square) -> Set {
    if vertical_row(square) % 2 == 1 { Set::Odd } else { Set::Even }
}

/// The squares of one set as a board (bit `n-1` for square `n`).
pub fn set_mask(set: Set) -> u32 {
    Square::all().filter(|&s| set_of(s) == set).fold(0, |m, s| m | s.bit())
}

/// Payne's count: the men on each side and the squares between paired pieces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PayneCount {
    pub men: u32,
    pub squares: u32,
    /// Men plus squares odd: the side to play has the move.
    pub has_move: bool,
}

/// Who has the move in a setup, by both rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    pub turn: Color,
    pub black_pieces: u32,
    pub white_pieces: u32,
    /// Pieces of both colours in the odd set, and in the even set.
    pub odd_set: u32,
    pub even_set: u32,
    pub equal_forces: bool,
    /// Paterson's rule for the side to play, per set: the count in that set is odd.
    /// With equal forces both agree and are the verdict.
    pub has_move_in_odd_set: bool,
    pub has_move_in_even_set: bool,
    /// Payne's rule; only defined when every piece can be paired with an enemy piece.
    pub payne: Option<PayneCount>,
    /// The player who has the move, when forces are equal.
    pub holder: Option<Color>,
    /// Whether Paterson's and Payne's rules agree (`None` when Payne's does not apply).
    pub rules_agree: Option<bool>,
}

impl MoveReport {
    /// One sentence for people.
    pub fn summary(&self) -> String {
        let side = |c: Color| if c == Color::Black { "Black" } else { "White" };
        let to_play = side(self.turn);
        let forces = format!("Black {} v White {}", self.black_pieces, self.white_pieces);
        let sets = format!("odd set {} pieces, even set {}", self.odd_set, self.even_set);
        if let (true, Some(payne), Some(holder)) = (self.equal_forces, &self.payne, self.holder) {
            let verdict = if holder == self.turn { "has the move" } else { "has not the move" };
            let agree = if self.rules_agree == Some(true) { "both rules agree" } else { "THE RULES DISAGREE" };
            format!(
                "{to_play} to play {verdict} ({forces}; {sets}; Payne: {} men + {} squares = {}; {agree}); {} has the move",
                payne.men,
                payne.squares,
                payne.men + payne.squares,
                side(holder)
            )
        } else {
            let yes_no = |b: bool| if b { "has the move" } else { "has not the move" };
            format!(
                "forces are unequal ({forces}): {to_play} to play {} in the odd set and {} in the even set ({sets}); Payne's rule needs equal forces",
                yes_no(self.has_move_in_odd_set),
                yes_no(self.has_move_in_even_set)
            )
        }
    }
}

/// Who has the move: Paterson's rule (pieces of both colours in a set; odd means the
/// side to play has it) and Payne's (men and squares, pieces paired), compared.
/// A setup without a side to move is taken as Black to play.
pub fn the_move(setup: &Setup) -> MoveReport {
    let black = setup.black_men | setup.black_kings;
    let white = setup.white_men | setup.white_kings;
    let turn = setup.turn.unwrap_or(Color::Black);
    let all = black | white;
    let odd_set = (all & set_mask(Set::Odd)).count_ones();
    let even_set = (all & set_mask(Set::Even)).count_ones();
    let (black_pieces, white_pieces) = (black.count_ones(), white.count_ones());
    let equal_forces = black_pieces == white_pieces;
    let has_move_in_odd_set = odd_set % 2 == 1;
    let has_move_in_even_set = even_set % 2 == 1;
    let payne = equal_forces.then(|| payne_count(black, white));
    let holder = equal_forces.then(|| if has_move_in_odd_set { turn } else { turn.other() });
    let rules_agree = payne.as_ref().map(|p| p.has_move == has_move_in_odd_set && has_move_in_odd_set == has_move_in_even_set);
    MoveReport {
        turn,
        black_pieces,
        white_pieces,
        odd_set,
        even_set,
        equal_forces,
        has_move_in_odd_set,
        has_move_in_even_set,
        payne,
        holder,
        rules_agree,
    }
}

/// Payne's men and squares. Pieces are paired Black with White in square order
/// (Paterson shows any pairing gives the same parity); the squares between a pair
/// are those a piece crosses to stand one square from the other:
/// the larger of the row and file distances, less one.
fn payne_count(black: u32, white: u32) -> PayneCount {
    let squares_of = |b: u32| Square::all().filter(move |s| b & s.bit() != 0);
    let squares: u32 = squares_of(black)
        .zip(squares_of(white))
        .map(|(b, w)| {
            let rows = b.row().abs_diff(w.row());
            let files = b.file().abs_diff(w.file());
            u32::from(rows.max(files)) - 1
        })
        .sum();
    let men = black.count_ones();
    PayneCount { men, squares, has_move: (men + squares) % 2 == 1 }
}

/// Whether Black (the first player) has the move in `set`, whoever is to play:
/// the set's count is odd with Black to play, even with White to play.
pub fn black_has_move_in(setup: &Setup, set: Set) -> bool {
    let all = setup.black_men | setup.black_kings | setup.white_men | setup.white_kings;
    let count = (all & set_mask(set)).count_ones();
    let white_to_play = setup.turn == Some(Color::White);
    (count + u32::from(white_to_play)) % 2 == 1
}

/// Paterson's punctuation of a capture in natural notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Mark {
    /// `.`: an odd number taken by a piece in the odd set.
    Period,
    /// `,`: an odd number taken by a piece in the even set.
    Comma,
    /// `:`: an even number taken.
    Colon,
}

impl Mark {
    pub fn symbol(self) -> char {
        match self {
            Mark::Period => '.',
            Mark::Comma => ',',
            Mark::Colon => ':',
        }
    }

    pub fn from_symbol(c: char) -> Option<Mark> {
        match c {
            '.' => Some(Mark::Period),
            ',' => Some(Mark::Comma),
            ':' => Some(Mark::Colon),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mark::Period => "period",
            Mark::Comma => "comma",
            Mark::Colon => "colon",
        }
    }

    /// Whether this mark counts towards a change of the move in `set`
    /// (periods and colons for the odd set, commas and colons for the even).
    pub fn changes(self, set: Set) -> bool {
        matches!((self, set), (Mark::Colon, _) | (Mark::Period, Set::Odd) | (Mark::Comma, Set::Even))
    }
}

/// The mark a move must carry: none for a step.
pub fn mark_of(mv: &Move) -> Option<Mark> {
    if !mv.is_capture() {
        return None;
    }
    Some(if mv.captured().count_ones().is_multiple_of(2) {
        Mark::Colon
    } else if set_of(mv.from()) == Set::Odd {
        Mark::Period
    } else {
        Mark::Comma
    })
}

/// Paterson's rule of captures: the move is changed in `set` when the marks
/// counting for that set are odd.
pub fn changed_by_marks(marks: &[Mark], set: Set) -> bool {
    marks.iter().filter(|m| m.changes(set)).count() % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::draughts::{parse_fen, Position};

    fn sq(n: u8) -> Square {
        Square::new(n).unwrap()
    }

    #[test]
    fn sets_follow_the_natural_numbers() {
        // 4 is natural 11 (odd set), 8 is 22 (even), 11 is 33 (odd).
        assert_eq!(set_of(sq(4)), Set::Odd);
        assert_eq!(set_of(sq(8)), Set::Even);
        assert_eq!(set_of(sq(11)), Set::Odd);
        assert_eq!(set_mask(Set::Odd).count_ones(), 16);
    }

    #[test]
    fn at_the_start_the_second_player_has_the_move() {
        let report = the_move(&Setup::INITIAL);
        assert_eq!(report.odd_set, 12);
        assert_eq!(report.holder, Some(Color::White));
        assert_eq!(report.rules_agree, Some(true));
        assert!(!black_has_move_in(&Setup::INITIAL, Set::Odd));
    }

    #[test]
    fn the_rules_agree_along_random_games() {
        let mut pos = Position::initial();
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut compared = 0;
        for _ in 0..2000 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                pos = Position::initial();
                continue;
            }
            let report = the_move(&pos.setup());
            if let Some(agree) = report.rules_agree {
                assert!(agree, "{:?}", pos.setup());
                compared += 1;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let mv = legal[rng as usize % legal.len()];
            // The marks predict the change of the move in each set.
            let before = pos.setup();
            let after = pos.play(&mv).setup();
            for set in [Set::Odd, Set::Even] {
                let marks: Vec<Mark> = mark_of(&mv).into_iter().collect();
                let changed = black_has_move_in(&before, set) != black_has_move_in(&after, set);
                assert_eq!(changed_by_marks(&marks, set), changed, "{mv:?} in {before:?}");
            }
            pos = pos.play(&mv);
        }
        assert!(compared > 500, "{compared}");
    }

    #[test]
    fn unequal_forces_are_reported_per_set() {
        let setup = parse_fen("W:WK11,K22:BK5").unwrap();
        let report = the_move(&setup);
        assert!(!report.equal_forces);
        assert_eq!(report.payne, None);
        assert_ne!(report.has_move_in_odd_set, report.has_move_in_even_set);
        assert!(report.summary().contains("unequal"));
    }
}
