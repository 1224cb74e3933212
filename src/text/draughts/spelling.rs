//! How books print English draughts moves, for the decoder ([`BookDraughts`])
//! and for the tree (the canonical text of a move).

use crate::repair::Spelling;
use crate::rules::draughts::{Move, Position, MAX_PATH};

/// How books print English draughts moves: from and to, or from and every landing square.
pub struct BookDraughts;

impl Spelling for BookDraughts {
    type Position = Position;
    type Move = Move;

    fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        pos.legal_moves()
    }

    fn play(&self, pos: &Position, mv: &Move) -> Position {
        pos.play(mv)
    }

    fn spellings(&self, _pos: &Position, mv: &Move) -> Vec<Vec<u32>> {
        let ends = vec![mv.from().number() as u32, mv.to().number() as u32];
        if mv.path().len() > 1 {
            vec![ends, mv.squares().iter().map(|&s| s as u32).collect()]
        } else {
            vec![ends]
        }
    }

    fn each_spelling(&self, _pos: &Position, mv: &Move, f: &mut dyn FnMut(&[u32])) {
        let from = u32::from(mv.from().number());
        f(&[from, u32::from(mv.to().number())]);
        if mv.path().len() > 1 {
            let mut squares = [0u32; MAX_PATH + 1];
            squares[0] = from;
            for (slot, &s) in squares[1..].iter_mut().zip(mv.path()) {
                *slot = u32::from(s);
            }
            f(&squares[..=mv.path().len()]);
        }
    }
}

/// Canonical text of a move: `11-15`, `22x15`, or the full path `9x18x27` where
/// another legal capture has the same ends.
pub fn move_text(pos: &Position, mv: &Move) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", mv.from(), mv.to());
    }
    move_text_among(&pos.legal_moves(), mv)
}

/// As `move_text`, with the legal moves already generated.
pub fn move_text_among(legal: &[Move], mv: &Move) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", mv.from(), mv.to());
    }
    let same_ends = legal.iter().filter(|m| m.from() == mv.from() && m.to() == mv.to()).count();
    if same_ends > 1 {
        mv.squares().iter().map(u8::to_string).collect::<Vec<_>>().join("x")
    } else {
        format!("{}x{}", mv.from(), mv.to())
    }
}

/// Canonical text and squares, as the tree stores them.
pub fn describe(pos: &Position, mv: &Move) -> (String, Vec<u8>) {
    (move_text(pos, mv), mv.squares())
}
