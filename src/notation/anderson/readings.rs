//! What a column's printed moves can be read as, for inferring a position:
//! one list of readings (square paths with what the reading costs) per move.
//!
//! The edit cost of reading a printed number as each square is worked out
//! once per distinct number ([`Near`]), not once per move that prints it.

use super::layout::{cell_marker, BranchMark, Cell, Column, Layout};
use crate::repair::kept::{self, KeptTables};
use crate::repair::{CostModel, ReadCosts, Token, TokenKind};
use crate::rules::draughts::infer::{paths_between, Reading};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The most a printed move may cost to be read as another.
const MAX_READING_COST: f64 = 2.3;

/// The squares a printed number may be read as, and at what cost, by number printed.
pub(super) struct Near {
    cost: CostModel,
    memo: Squares,
}

/// The squares under one model, by number printed.
type Squares = HashMap<String, Vec<(u8, f64)>>;

thread_local! {
    /// The squares worked out under each model, kept on the thread between
    /// columns: every column and every rest of one prints the same few dozen numbers.
    static KEPT: KeptTables<Squares> = const { RefCell::new(Vec::new()) };
}

/// The most numbers kept for one model (garbled text prints ever new ones), and the most models.
const KEPT_LIMITS: kept::Limits = kept::Limits { entries: 4096, models: 8 };

impl Near {
    /// With what this thread worked out under the same model.
    pub fn new(cost: CostModel) -> Near {
        Near { memo: kept::take(&KEPT, &cost).unwrap_or_default(), cost }
    }

    fn squares(&mut self, printed: &str) -> Vec<(u8, f64)> {
        if let Some(known) = self.memo.get(printed) {
            return known.clone();
        }
        // The thread's table of read costs: every column prints the same few dozen numbers.
        let costs = ReadCosts::new(&self.cost);
        let near: Vec<(u8, f64)> = (1..=32u8).map(|n| (n, costs.read_as_number(printed.as_bytes(), u32::from(n)))).filter(|(_, c)| *c <= MAX_READING_COST).collect();
        self.memo.insert(printed.to_string(), near.clone());
        near
    }
}

impl Drop for Near {
    fn drop(&mut self) {
        kept::give_back(&KEPT, &self.cost, std::mem::take(&mut self.memo), Squares::len, KEPT_LIMITS);
    }
}

/// The column's tokens, without the branch marks and signs (layout, not moves).
pub(super) fn column_tokens(layout: &Layout, column: &Column) -> Vec<Token> {
    column
        .cells
        .iter()
        .flat_map(|cell| {
            let marker = cell_marker(cell).map(|(_, span)| span);
            cell.tokens.iter().filter(move |t| marker.is_none_or(|m| t.span.end <= m.start || t.span.start >= m.end))
        })
        .filter(|t| !layout.marks.iter().any(|m| m.span == t.span))
        .cloned()
        .collect()
}

/// Moves printed: two numbers a move (a capture's full path counts a little high).
pub(super) fn printed_count(tokens: &[Token]) -> usize {
    tokens.iter().filter(|t| t.kind == TokenKind::Number).count() / 2
}

/// The column's moves as printed, one list of readings per move.
#[cfg(test)]
pub(super) fn printed_readings(column: &Column, layout: &Layout) -> Vec<Vec<Reading>> {
    let mut near = Near::new(column.cost_model());
    column.cells.iter().flat_map(|cell| cell_readings(&mut near, cell, &layout.marks, column.flattened)).collect()
}

/// The moves one cell prints. A cell normally holds one move; a number in
/// front of it that is not part of a jump path is an unread mark; four
/// numbers are two rows run together; a run-together column is paired off.
pub(super) fn cell_readings(near: &mut Near, cell: &Cell, marks: &[BranchMark], flattened: bool) -> Vec<Vec<Reading>> {
    let texts: Vec<&str> = cell.numbers().filter(|t| !marks.iter().any(|m| m.span == t.span)).map(|t| t.text.as_str()).collect();
    let literal: Vec<u8> = texts.iter().filter_map(|t| t.parse().ok()).collect();
    let chain = literal.len() == texts.len() && literal.len() > 2 && is_jump_chain(&literal);
    let stray = near.cost.stray_number;
    let paired = |near: &mut Near, texts: &[&str]| texts.chunks(2).filter(|c| c.len() == 2).map(|c| pair_readings(near, c[0], c[1], 0.0)).collect::<Vec<_>>();
    match texts.len() {
        0 => Vec::new(),
        1 => vec![split_readings(near, texts[0])],
        2 => vec![pair_readings(near, texts[0], texts[1], 0.0)],
        _ if flattened => paired(near, &texts),
        3 => {
            let mut readings = pair_readings(near, texts[1], texts[2], 0.0);
            if chain {
                readings.insert(0, Reading { squares: literal, cost: 0.0 });
            }
            vec![readings]
        }
        4 if chain => vec![vec![Reading { squares: literal, cost: 0.0 }]],
        5 => {
            // Two moves and a stray number: after the first move, or at the end.
            let first = pair_readings(near, texts[0], texts[1], 0.0);
            let mut second = pair_readings(near, texts[2], texts[3], stray);
            second.extend(pair_readings(near, texts[3], texts[4], stray));
            second.sort_by(|x, y| x.cost.total_cmp(&y.cost));
            vec![first, second]
        }
        _ => paired(near, &texts),
    }
}

/// [`paths_between`] two squares (1 to 32), worked out once for every pair:
/// the same pairs come up in move after move of every column.
fn paths(from: u8, to: u8) -> &'static [Vec<u8>] {
    static TABLE: OnceLock<Vec<Vec<Vec<u8>>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| (0..33 * 33).map(|i| paths_between((i / 33) as u8, (i % 33) as u8)).collect());
    &table[usize::from(from) * 33 + usize::from(to)]
}

/// Every move two printed numbers can be read as, cheapest first.
fn pair_readings(near: &mut Near, from: &str, to: &str, extra: f64) -> Vec<Reading> {
    let (froms, tos) = (near.squares(from), near.squares(to));
    // The paths are chosen first and copied after: most of them are cut.
    let mut found: Vec<(f64, &'static Vec<u8>)> = Vec::new();
    for &(a, ca) in &froms {
        for &(b, cb) in &tos {
            let c = ca + cb + extra;
            if c <= MAX_READING_COST {
                found.extend(paths(a, b).iter().map(|squares| (c, squares)));
            }
        }
    }
    found.sort_by(|x, y| x.0.total_cmp(&y.0));
    // A cut number stands for up to eleven squares, and each may be meant.
    found.truncate(if near.cost.cut_at_edge.is_some() { 48 } else { 12 });
    found.into_iter().map(|(cost, squares)| Reading { squares: squares.clone(), cost }).collect()
}

/// A move printed as one number (`1115`): every split into two.
fn split_readings(near: &mut Near, text: &str) -> Vec<Reading> {
    let run_together = near.cost.run_together;
    let mut out: Vec<Reading> = (1..text.len()).filter(|&i| text.is_char_boundary(i)).flat_map(|i| pair_readings(near, &text[..i], &text[i..], run_together)).collect();
    out.sort_by(|x, y| x.cost.total_cmp(&y.cost));
    out.truncate(12);
    out
}

/// Whether every step of a square list is a jump (a capture's full path).
fn is_jump_chain(squares: &[u8]) -> bool {
    squares.windows(2).all(|w| paths_between(w[0], w[1]).iter().any(|p| p.len() == 2) && matches!(w[0].abs_diff(w[1]), 7 | 9))
}

#[cfg(test)]
mod tests {
    use super::super::layout::parse_layout;
    use super::*;

    /// Two moves in one cell with a stray number between them (`21 14 9 6 10`):
    /// the second move is read either side of the stray.
    #[test]
    fn a_stray_number_between_two_moves_of_a_cell_is_passed_over() {
        let page = "GAME.\t1\n11 15\t2 6\n23 19\t21 14 9 6 10\n8 11\t9 6\n22 17\t10 14\n4 8\t18 9\n17 13\t1 10\nDrawn.\tDrawn.\n";
        let (layouts, _) = parse_layout(page);
        let layout = &layouts[0];
        let moves = printed_readings(&layout.columns[&1], layout);
        assert_eq!(moves.len(), 7);
        assert_eq!(moves[1][0].squares, vec![21, 14]);
        let stray = CostModel::default().stray_number;
        assert!(moves[2].iter().any(|r| r.squares == vec![6, 10] && r.cost == stray));
        assert!(moves[2].iter().any(|r| r.squares == vec![9, 6] && r.cost == stray));
    }

    #[test]
    fn a_mark_is_no_move_and_a_capture_path_is_read_whole() {
        let page = "GAME.\t1\n11 15\t\n1 22 17\t\n9 14\t\nDrawn.\t\n";
        let (layouts, _) = parse_layout(page);
        let layout = &layouts[0];
        let moves = printed_readings(&layout.columns[&0], layout);
        assert_eq!(moves.len(), 3);
        assert_eq!(moves[1][0].squares, vec![22, 17], "the mark `1` is not read as a square");
        let tokens = column_tokens(layout, &layout.columns[&0]);
        assert_eq!(printed_count(&tokens), 3, "the mark is no token of the column");
        // Three numbers with no mark among them that jump square to square: a capture's full path.
        let text = "15 22 29";
        let cell = Cell { text: text.into(), span: crate::span::Span::new(0, text.len()), tokens: crate::text::draughts::scan(text, 0) };
        assert!(is_jump_chain(&[15, 22, 29]));
        let readings = cell_readings(&mut Near::new(CostModel::default()), &cell, &[], false);
        assert_eq!(readings[0][0], Reading { squares: vec![15, 22, 29], cost: 0.0 });
    }

    #[test]
    fn a_number_printed_run_together_is_split() {
        let mut near = Near::new(CostModel::default());
        let readings = split_readings(&mut near, "1115");
        assert_eq!(readings[0].squares, vec![11, 15]);
        assert!(readings[0].cost > 0.0);
    }

    #[test]
    fn the_table_of_paths_is_paths_between_for_every_pair() {
        for from in 1..=32u8 {
            for to in 1..=32u8 {
                assert_eq!(paths(from, to), paths_between(from, to).as_slice(), "{from} to {to}");
            }
        }
        assert!(paths(11, 15).contains(&vec![11, 15]), "the first move of the Old Fourteenth is a step");
    }
}
