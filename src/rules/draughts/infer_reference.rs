//! The beam of `infer_start_among_prefixes` as it was first written, a board
//! a byte a square and every offer's board made: the oracle the bit boards
//! and the boards made only for offers the beam may keep are held to.

use super::{crown_row, forward, Inferred, InferredReading, Path, Reading};
use crate::rules::draughts::{Color, Setup};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Unknown,
    Empty,
    /// A piece, its colour, whether a king, and the square it stood on at the start if not crowned since.
    Piece(Color, bool, Option<u8>),
}

/// Every prefix's fit, as `infer_start_among_prefixes` gives it.
pub(super) fn prefixes(moves: &[Vec<Reading>], first: Color, beam: usize) -> Vec<InferredReading> {
    type Board = [Cell; 33];
    let mut states: Vec<(Board, Board, Vec<usize>, f64)> = vec![([Cell::Unknown; 33], [Cell::Unknown; 33], Vec::new(), 0.0)];
    let mut turn = first;
    let mut out = Vec::new();
    for readings in moves {
        let mut next = Vec::new();
        for (board, start, chosen, cost) in &states {
            for (k, reading) in readings.iter().enumerate() {
                let Some(path) = Path::of(&reading.squares) else { continue };
                let (mut board, mut start) = (*board, *start);
                if replay(&mut board, &mut start, &path, turn) {
                    let mut chosen = chosen.clone();
                    chosen.push(k);
                    next.push((board, start, chosen, cost + reading.cost));
                }
            }
        }
        if next.is_empty() {
            break;
        }
        next.sort_by(|a, b| a.3.total_cmp(&b.3));
        next.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
        next.truncate(beam.max(1));
        states = next;
        let (_, start, chosen, cost) = &states[0];
        out.push(InferredReading { inferred: inferred(start, first, chosen.len()), chosen: chosen.clone(), cost: *cost });
        turn = turn.other();
    }
    out
}

fn inferred(start: &[Cell; 33], first: Color, plies: usize) -> Inferred {
    let mut setup = Setup { turn: Some(first), ..Setup::default() };
    let mut fixed = 0;
    for n in 1..=32usize {
        let bit = 1u32 << (n - 1);
        match start[n] {
            Cell::Unknown => continue,
            Cell::Empty => {}
            Cell::Piece(Color::Black, false, _) => setup.black_men |= bit,
            Cell::Piece(Color::Black, true, _) => setup.black_kings |= bit,
            Cell::Piece(Color::White, false, _) => setup.white_men |= bit,
            Cell::Piece(Color::White, true, _) => setup.white_kings |= bit,
        }
        fixed |= bit;
    }
    Inferred { setup, fixed, plies }
}

fn replay(board: &mut [Cell; 33], start: &mut [Cell; 33], path: &Path, mover: Color) -> bool {
    let from = usize::from(path.from);
    let (mut king, origin) = match board[from] {
        Cell::Unknown => {
            start[from] = Cell::Piece(mover, false, Some(path.from));
            (false, Some(path.from))
        }
        Cell::Piece(color, king, origin) if color == mover => (king, origin),
        _ => return false,
    };
    board[from] = Cell::Empty;
    let mut crowned = false;
    for &(to, jumped, dir) in &path.hops {
        if !king && !forward(dir, mover) {
            let Some(o) = origin.filter(|_| !crowned) else { return false };
            king = true;
            start[usize::from(o)] = Cell::Piece(mover, true, Some(o));
        }
        if let Some(j) = jumped.map(usize::from) {
            match board[j] {
                Cell::Unknown => start[j] = Cell::Piece(mover.other(), false, Some(j as u8)),
                Cell::Piece(color, ..) if color != mover => {}
                _ => return false,
            }
            board[j] = Cell::Empty;
        }
        match board[usize::from(to)] {
            Cell::Unknown => start[usize::from(to)] = Cell::Empty,
            Cell::Empty => {}
            Cell::Piece(..) => return false,
        }
        if !king && crown_row(to, mover) {
            king = true;
            crowned = true;
        }
    }
    let last = path.hops.last().map_or(path.from, |h| h.0);
    board[usize::from(last)] = Cell::Piece(mover, king, if crowned { None } else { origin });
    true
}
