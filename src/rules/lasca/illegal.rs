//! Why a move given as squares (from, then jumped and landing squares for a
//! capture) is not legal in a position: the first rule it breaks.

use super::board::{between, coords, NONE, SQUARES};
use super::column::{Color, Rank};
use super::position::{Move, Position};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case", tag = "rule")]
pub enum Illegal {
    TooShort,
    NoSuchSquare { square: u8 },
    Empty { square: u8 },
    NotYourColumn { square: u8, leader: Color },
    NotDiagonalNeighbour { from: u8, to: u8 },
    PrivateBackwards { from: u8, to: u8 },
    Occupied { square: u8 },
    CaptureCompulsory { captures: Vec<String> },
    NotAJump { from: u8, jumped: u8, to: u8 },
    NothingToJump { square: u8 },
    OwnColumnJumped { square: u8 },
    JumpedTwice { square: u8 },
    RunMustContinue { at: u8, continuations: Vec<String> },
    RunEndsAtPromotion { at: u8 },
    /// Every single rule holds, yet it is not among the legal moves (e.g. the longest-run option).
    NotAmongLegal { legal: Vec<String> },
}

fn side(c: Color) -> &'static str {
    if c == Color::White { "White" } else { "Black" }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::TooShort => write!(f, "a move needs at least two squares"),
            Illegal::NoSuchSquare { square } => write!(f, "there is no square {square} (the board has 1–25)"),
            Illegal::Empty { square } => write!(f, "there is no column on {square}"),
            Illegal::NotYourColumn { square, leader } => write!(f, "the column on {square} is led by {}", side(*leader)),
            Illegal::NotDiagonalNeighbour { from, to } => write!(f, "{to} is not a diagonal neighbour of {from}"),
            Illegal::PrivateBackwards { from, to } => write!(f, "the column on {from} is led by a private, which may not move back to {to}"),
            Illegal::Occupied { square } => write!(f, "{square} is occupied"),
            Illegal::CaptureCompulsory { captures } => write!(f, "capturing is compulsory and {} can capture", captures.join(", ")),
            Illegal::NotAJump { from, jumped, to } => write!(f, "{from}-{jumped}-{to} is not a jump along one diagonal"),
            Illegal::NothingToJump { square } => write!(f, "there is no column on {square} to jump"),
            Illegal::OwnColumnJumped { square } => write!(f, "the column on {square} is the mover's own"),
            Illegal::JumpedTwice { square } => write!(f, "{square} would be jumped twice in one run"),
            Illegal::RunMustContinue { at, continuations } => {
                write!(f, "the run may not stop on {at}: it must go on ({})", continuations.join(", "))
            }
            Illegal::RunEndsAtPromotion { at } => write!(f, "the run ends on {at}, where its private leader is promoted"),
            Illegal::NotAmongLegal { legal } => write!(f, "not among the legal moves ({})", legal.join(", ")),
        }
    }
}

fn text(m: &Move) -> String {
    format!("{m:?}")
}

fn far_row(square: u8, color: Color) -> bool {
    let (row, _) = coords(square as usize - 1);
    if color == Color::White { row == 6 } else { row == 0 }
}

fn forward(from: u8, to: u8, color: Color) -> bool {
    let (a, b) = (coords(from as usize - 1).0, coords(to as usize - 1).0);
    if color == Color::White { b > a } else { b < a }
}

/// The first rule `squares` breaks in `pos`; `None` if it is a legal move.
pub fn why_illegal(pos: &Position, squares: &[u8]) -> Option<Illegal> {
    let legal = pos.legal_moves();
    if legal.iter().any(|m| m.squares() == squares) {
        return None;
    }
    if squares.len() < 2 {
        return Some(Illegal::TooShort);
    }
    if let Some(&square) = squares.iter().find(|&&s| s == 0 || s as usize > SQUARES) {
        return Some(Illegal::NoSuchSquare { square });
    }
    let from = squares[0];
    let Some(leader) = pos.column(from).and_then(|c| c.top()) else { return Some(Illegal::Empty { square: from }) };
    if leader.color != pos.turn() {
        return Some(Illegal::NotYourColumn { square: from, leader: leader.color });
    }
    let private = leader.rank == Rank::Private;
    let captures: Vec<String> = legal.iter().filter(|m| m.is_capture()).map(text).collect();
    let step = squares.len() == 2 && between(from as usize - 1, squares[1] as usize - 1) == NONE;
    if step {
        let to = squares[1];
        let (a, b) = (coords(from as usize - 1), coords(to as usize - 1));
        if (a.0 - b.0).abs() != 1 || (a.1 - b.1).abs() != 1 {
            return Some(Illegal::NotDiagonalNeighbour { from, to });
        }
        if private && !forward(from, to, leader.color) {
            return Some(Illegal::PrivateBackwards { from, to });
        }
        if pos.column(to).is_some_and(|c| c.top().is_some()) {
            return Some(Illegal::Occupied { square: to });
        }
        if !captures.is_empty() {
            return Some(Illegal::CaptureCompulsory { captures });
        }
        return Some(Illegal::NotAmongLegal { legal: legal.iter().map(text).collect() });
    }
    // A capture: from, then (jumped, landing) pairs; a lone landing (`17-9`) is accepted too.
    let path: Vec<(u8, u8)> = if squares.len() % 2 == 1 {
        squares[1..].chunks(2).map(|p| (p[0], p[1])).collect()
    } else if squares.len() == 2 {
        vec![(between(from as usize - 1, squares[1] as usize - 1) + 1, squares[1])]
    } else {
        return Some(Illegal::NotAmongLegal { legal: legal.iter().map(text).collect() });
    };
    let mut at = from;
    let mut jumped: Vec<u8> = Vec::new();
    for (k, &(over, to)) in path.iter().enumerate() {
        if k > 0 && private && far_row(at, leader.color) {
            return Some(Illegal::RunEndsAtPromotion { at });
        }
        if between(at as usize - 1, to as usize - 1) == NONE || between(at as usize - 1, to as usize - 1) + 1 != over {
            return Some(Illegal::NotAJump { from: at, jumped: over, to });
        }
        if private && !forward(at, to, leader.color) {
            return Some(Illegal::PrivateBackwards { from: at, to });
        }
        if jumped.contains(&over) {
            return Some(Illegal::JumpedTwice { square: over });
        }
        match pos.column(over).and_then(|c| c.top()) {
            None => return Some(Illegal::NothingToJump { square: over }),
            Some(m) if m.color == leader.color => return Some(Illegal::OwnColumnJumped { square: over }),
            Some(_) => {}
        }
        if to != from && pos.column(to).is_some_and(|c| c.top().is_some()) {
            return Some(Illegal::Occupied { square: to });
        }
        jumped.push(over);
        at = to;
    }
    let continuations: Vec<String> =
        legal.iter().filter(|m| m.squares().len() > squares.len() && m.squares().starts_with(squares)).map(text).collect();
    if !continuations.is_empty() {
        return Some(Illegal::RunMustContinue { at, continuations });
    }
    Some(Illegal::NotAmongLegal { legal: legal.iter().map(text).collect() })
}

#[cfg(test)]
mod tests {
    use super::super::{parse_setup, PositionErrorKind};
    use super::*;

    fn pos(text: &str) -> Position {
        Position::from_setup_ignoring(&parse_setup(text).unwrap(), &[PositionErrorKind::MenMissing]).unwrap()
    }

    #[test]
    fn names_the_rule_each_bad_move_breaks() {
        let start = Position::initial();
        assert_eq!(why_illegal(&start, &[9, 13]), None);
        assert_eq!(why_illegal(&start, &[13, 16]), Some(Illegal::Empty { square: 13 }));
        assert_eq!(why_illegal(&start, &[17, 13]), Some(Illegal::NotYourColumn { square: 17, leader: Color::Black }));
        assert_eq!(why_illegal(&start, &[9, 14]), Some(Illegal::NotDiagonalNeighbour { from: 9, to: 14 }));
        assert_eq!(why_illegal(&start, &[8, 12]), None);
        assert_eq!(why_illegal(&start, &[5, 9]), Some(Illegal::Occupied { square: 9 }));
        // White private on 9 may not step back, and must take 13 when it can.
        let p = pos("w 9:w 13:b");
        assert_eq!(why_illegal(&p, &[9, 5]), Some(Illegal::PrivateBackwards { from: 9, to: 5 }));
        assert_eq!(why_illegal(&p, &[9, 12]), Some(Illegal::CaptureCompulsory { captures: vec!["9-13-17".into()] }));
        assert_eq!(why_illegal(&p, &[9, 13, 17]), None);
        // 9 jumps 13 to 17 and must go on over 20 to 23.
        let p = pos("w 9:w 13:b 21:b");
        assert!(matches!(why_illegal(&p, &[9, 13, 17]), Some(Illegal::RunMustContinue { at: 17, .. })));
        assert_eq!(why_illegal(&p, &[9, 12, 15]), Some(Illegal::NothingToJump { square: 12 }));
    }
}
