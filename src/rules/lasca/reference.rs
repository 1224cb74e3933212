//! A second, independent move generator for cross-checking perft: plain
//! vectors (leader last), geometry worked out from grid coordinates, and a
//! fresh copy of the board for every jump. Slow on purpose: it shares no
//! code or tables with the fast generator.

use super::column::{Color, Man, Rank};
use super::position::Setup;

/// A board as the reference generator sees it: `stacks[n - 1]` bottom first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReferenceBoard {
    stacks: Vec<Vec<Man>>,
    turn: Color,
}

/// Square number at grid (row, file), both 0..7; dark squares are those with row + file even.
fn square_at(row: i32, file: i32) -> Option<usize> {
    if !(0..7).contains(&row) || !(0..7).contains(&file) || (row + file) % 2 != 0 {
        return None;
    }
    let mut n = 0;
    for r in 0..7 {
        for f in 0..7 {
            if (r + f) % 2 == 0 {
                n += 1;
                if (r, f) == (row, file) {
                    return Some(n);
                }
            }
        }
    }
    None
}

fn grid_of(square: usize) -> (i32, i32) {
    for r in 0..7 {
        for f in 0..7 {
            if square_at(r, f) == Some(square) {
                return (r, f);
            }
        }
    }
    (-10, -10)
}

impl ReferenceBoard {
    pub fn from_setup(setup: &Setup) -> ReferenceBoard {
        let stacks = setup.columns.iter().map(|col| col.iter().rev().copied().collect()).collect();
        ReferenceBoard { stacks, turn: setup.turn }
    }

    fn leader(&self, square: usize) -> Option<Man> {
        self.stacks[square - 1].last().copied()
    }

    fn row_steps(&self, leader: Man) -> Vec<i32> {
        let forward = if leader.color == Color::White { 1 } else { -1 };
        if leader.rank == Rank::Officer { vec![forward, -forward] } else { vec![forward] }
    }

    /// Every legal move as (printed squares, resulting board).
    pub fn moves(&self) -> Vec<(Vec<u8>, ReferenceBoard)> {
        let mut captures = Vec::new();
        for sq in 1..=25 {
            if self.leader(sq).is_some_and(|m| m.color == self.turn) {
                let mut start = self.clone();
                let column = std::mem::take(&mut start.stacks[sq - 1]);
                start.extend_run(sq, column, vec![sq as u8], Vec::new(), &mut captures);
            }
        }
        if !captures.is_empty() {
            return captures;
        }
        let mut steps = Vec::new();
        for sq in 1..=25 {
            let Some(leader) = self.leader(sq) else { continue };
            if leader.color != self.turn {
                continue;
            }
            let (r, f) = grid_of(sq);
            for dr in self.row_steps(leader) {
                for df in [-1, 1] {
                    let Some(to) = square_at(r + dr, f + df) else { continue };
                    if !self.stacks[to - 1].is_empty() {
                        continue;
                    }
                    let mut next = self.clone();
                    let mut column = std::mem::take(&mut next.stacks[sq - 1]);
                    if reaches_far_row(leader, to)
                        && let Some(top) = column.last_mut()
                    {
                        top.rank = Rank::Officer;
                    }
                    next.stacks[to - 1] = column;
                    next.turn = next.turn.other();
                    steps.push((vec![sq as u8, to as u8], next));
                }
            }
        }
        steps
    }

    /// `self` is the board with the moving `column` lifted off; it stands on `at`.
    fn extend_run(&self, at: usize, column: Vec<Man>, path: Vec<u8>, jumped: Vec<usize>, out: &mut Vec<(Vec<u8>, ReferenceBoard)>) {
        let Some(&leader) = column.last() else { return };
        let (r, f) = grid_of(at);
        let mut any = false;
        for dr in self.row_steps(leader) {
            for df in [-1, 1] {
                let (Some(over), Some(land)) = (square_at(r + dr, f + df), square_at(r + 2 * dr, f + 2 * df)) else { continue };
                let enemy_led = self.leader(over).is_some_and(|m| m.color != leader.color);
                if !enemy_led || jumped.contains(&over) || !self.stacks[land - 1].is_empty() {
                    continue;
                }
                any = true;
                let mut board = self.clone();
                let prisoner = board.stacks[over - 1].pop();
                let mut grown = column.clone();
                if let Some(p) = prisoner {
                    grown.insert(0, p);
                }
                let mut path = path.clone();
                path.push(over as u8);
                path.push(land as u8);
                let mut jumped = jumped.clone();
                jumped.push(over);
                if reaches_far_row(leader, land) {
                    if let Some(top) = grown.last_mut() {
                        top.rank = Rank::Officer;
                    }
                    board.finish(land, grown, path, out);
                } else {
                    board.extend_run(land, grown, path, jumped, out);
                }
            }
        }
        if !any && path.len() > 1 {
            self.clone().finish(at, column, path, out);
        }
    }

    fn finish(mut self, at: usize, column: Vec<Man>, path: Vec<u8>, out: &mut Vec<(Vec<u8>, ReferenceBoard)>) {
        self.stacks[at - 1] = column;
        self.turn = self.turn.other();
        out.push((path, self));
    }
}

/// A private-led column reaching the opponent's home row.
fn reaches_far_row(leader: Man, square: usize) -> bool {
    let far_row = if leader.color == Color::White { 6 } else { 0 };
    leader.rank == Rank::Private && grid_of(square).0 == far_row
}

/// Leaf count to `depth`, by the reference generator (every node expanded).
pub fn reference_perft(board: &ReferenceBoard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    board.moves().iter().map(|(_, next)| reference_perft(next, depth - 1)).sum()
}
