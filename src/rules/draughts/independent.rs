//! A second endgame solver that shares nothing with the database but the
//! rules: it lists positions square by square, finds moves with the
//! square-by-square generator of `reference.rs`, keys positions in a hash map
//! and iterates plain minimax values to a fixed point. Slow and obvious, so
//! the fast database can be checked against it.

use super::{Color, Position, Setup};
use super::reference::{reference_moves, reference_play};
use std::collections::HashMap;

/// Win, loss or draw for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Win,
    Loss,
    Draw,
}

/// Every setup with at most `max` pieces drawn from the kinds `allowed`
/// (black man, black king, white man, white king), men off their crowning row,
/// either side to move.
pub fn all_setups(max: usize, allowed: [bool; 4]) -> Vec<Setup> {
    let mut out = Vec::new();
    let mut boards = [0u32; 4];
    place(0, max, allowed, &mut boards, &mut out);
    out
}

fn place(from: u32, left: usize, allowed: [bool; 4], boards: &mut [u32; 4], out: &mut Vec<Setup>) {
    for turn in [Color::Black, Color::White] {
        out.push(Setup { black_men: boards[0], black_kings: boards[1], white_men: boards[2], white_kings: boards[3], turn: Some(turn) });
    }
    if left == 0 {
        return;
    }
    for square in from..32 {
        for kind in 0..4 {
            // A Black man on 29–32 or a White man on 1–4 would have been crowned.
            let crown_row = (kind == 0 && square >= 28) || (kind == 2 && square < 4);
            if !allowed[kind] || crown_row {
                continue;
            }
            boards[kind] |= 1 << square;
            place(square + 1, left - 1, allowed, boards, out);
            boards[kind] &= !(1 << square);
        }
    }
}

/// The positions after each move, by the reference generator.
pub fn children(pos: &Position) -> Vec<Position> {
    reference_moves(pos).iter().map(|m| Position::from_setup(reference_play(pos, m)).expect("a move keeps a position legal")).collect()
}

/// Solves a set of setups closed under moves (every child must be in it).
pub fn solve(setups: &[Setup]) -> HashMap<Setup, Value> {
    let key: HashMap<Setup, usize> = setups.iter().enumerate().map(|(i, s)| (*s, i)).collect();
    let children: Vec<Vec<usize>> = setups
        .iter()
        .map(|s| {
            let pos = Position::from_setup(*s).expect("only legal setups are listed");
            reference_moves(&pos).iter().map(|m| key[&reference_play(&pos, m)]).collect()
        })
        .collect();
    let mut value: Vec<Option<Value>> = vec![None; setups.len()];
    loop {
        let mut changed = false;
        for i in 0..setups.len() {
            if value[i].is_some() {
                continue;
            }
            let kids = &children[i];
            let new = if kids.iter().any(|&c| value[c] == Some(Value::Loss)) {
                Some(Value::Win)
            } else if kids.iter().all(|&c| value[c] == Some(Value::Win)) {
                Some(Value::Loss)
            } else {
                None
            };
            if new.is_some() {
                value[i] = new;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    setups.iter().zip(value).map(|(s, v)| (*s, v.unwrap_or(Value::Draw))).collect()
}
