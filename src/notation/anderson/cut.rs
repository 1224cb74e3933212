//! Cells cut at the page's edge: a column the right edge of the scan cut off
//! prints its to-squares right-aligned, so the cut took exactly their last
//! digit. A cell `6 1` is a move from 6 to a square 10–19; a bare `3` is a
//! move from 3 to a one-digit square (the whole to-square was its last digit).
//!
//! Where the decoder stopped in such a column on a known board, the cells
//! after the stop are read by that rule alone: each cell allows the legal
//! moves that fit it, and a cell is read as one of them only when it is the
//! only one, or the only one after which the printed cells read on (every
//! other stops at a cell it reads). When several read on equally, the line
//! stops there with them listed. No move is supplied that the cell does not
//! print the start of.

use super::layout::{Cell, Column};
use crate::diagnostic::{Code, Diagnostic};
use crate::repair::TokenKind;
use crate::rules::draughts::{Move, Position};
use crate::span::Span;
use crate::text::draughts as draughts_text;
use crate::tree::{Edit, EditKind, Line, LineStatus, MoveNode, Reading, Repair, Unread};
use std::collections::HashMap;

/// The cost logged for the digit the cut took: as the decoder's cut reading costs.
const CUT_COST: f64 = 0.3;
/// A reading the rules alone make from the visible digits: `fix` may write it.
const CUT_CONFIDENCE: f64 = 0.99;
/// How many more cells than any rival the chosen reading must read, unless it reads to the column's end.
const MARGIN_CELLS: usize = 2;

/// What a cut cell still shows: the from-square, and the first digit of a
/// two-digit to-square (none when the to-square had one digit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct CutCell {
    pub from: u8,
    pub to_lead: Option<u8>,
    /// The visible number the cut ends in (the to-digit, or the from-square of a bare cell).
    pub last: Span,
}

impl CutCell {
    /// A cell read as cut: one or two numbers and separators, nothing else;
    /// the second number a single digit. `None` for anything else.
    pub fn of(cell: &Cell) -> Option<CutCell> {
        if cell.tokens.iter().any(|t| !matches!(t.kind, TokenKind::Number | TokenKind::Separator)) {
            return None;
        }
        let numbers: Vec<_> = cell.numbers().collect();
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        match numbers.as_slice() {
            [from] if digits(&from.text) => {
                let from = from.text.parse().ok().filter(|n| (1..=32).contains(n))?;
                Some(CutCell { from, to_lead: None, last: numbers[0].span })
            }
            [from, to] if digits(&from.text) && to.text.len() == 1 && digits(&to.text) => {
                let sq: u8 = from.text.parse().ok().filter(|n| (1..=32).contains(n))?;
                Some(CutCell { from: sq, to_lead: Some(to.text.as_bytes()[0] - b'0'), last: to.span })
            }
            _ => None,
        }
    }

    /// Whether a move from `from` to `to` prints as this cell once its last digit is cut.
    pub fn fits(&self, from: u8, to: u8) -> bool {
        from == self.from && if to >= 10 { self.to_lead == Some(to / 10) } else { self.to_lead.is_none() }
    }

    /// The legal moves in `pos` this cell may print.
    fn moves(&self, pos: &Position) -> Vec<Move> {
        pos.legal_moves()
            .into_iter()
            .filter(|m| {
                let squares = m.squares();
                matches!((squares.first(), squares.last()), (Some(&f), Some(&t)) if self.fits(f, t))
            })
            .collect()
    }
}

/// How many of `cells[i..]` read one after another from `pos` (the longest way), remembered by (cell, board).
fn reach(cells: &[Option<CutCell>], i: usize, pos: &Position, memo: &mut HashMap<(usize, Position), usize>) -> usize {
    let Some(Some(cell)) = cells.get(i) else { return 0 };
    if let Some(&known) = memo.get(&(i, *pos)) {
        return known;
    }
    let best = cell.moves(pos).iter().map(|m| 1 + reach(cells, i + 1, &pos.play(m), memo)).max().unwrap_or(0);
    memo.insert((i, *pos), best);
    best
}

/// What reading a cut column's cells from a stop came to.
pub(super) struct CutReading {
    /// The moves read, each with the position after it.
    pub moves: Vec<(MoveNode, Position)>,
    /// Where the reading stopped (the cell it could not read), if before the column's end.
    pub stop: Option<usize>,
    /// At an ambiguous cell, the moves that read on equally.
    pub readings: Vec<Reading>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Read the cells of `column` from byte `stop` on by the cut rule, from `at`.
pub(super) fn read_cut_cells(text: &str, number: usize, label: &str, column: &Column, stop: usize, at: Position, read_before: usize) -> CutReading {
    let rest = column.from(text, stop);
    let cells: Vec<Option<CutCell>> = rest.cells.iter().map(CutCell::of).collect();
    let mut memo = HashMap::new();
    let mut pos = at;
    let mut out = CutReading { moves: Vec::new(), stop: None, readings: Vec::new(), diagnostics: Vec::new() };
    for (i, (cell, cut)) in rest.cells.iter().zip(&cells).enumerate() {
        let stop_here = cell.span.start + (cell.text.len() - cell.text.trim_start().len());
        let Some(cut) = cut else {
            out.stop = Some(stop_here);
            return out;
        };
        let candidates = cut.moves(&pos);
        let reaches: Vec<usize> = candidates.iter().map(|m| 1 + reach(&cells, i + 1, &pos.play(m), &mut memo)).collect();
        let best = reaches.iter().copied().max().unwrap_or(0);
        let winners: Vec<usize> = (0..candidates.len()).filter(|&k| reaches[k] == best).collect();
        let runner_up = (0..candidates.len()).filter(|k| !winners.contains(k)).map(|k| reaches[k]).max();
        let to_end = i + best == cells.len();
        let clear = runner_up.is_none_or(|r| to_end || best >= r + MARGIN_CELLS);
        let after = read_before + out.moves.len();
        let shown = cell.text.trim();
        if winners.len() != 1 || !clear {
            if !candidates.is_empty() {
                out.readings = candidates.iter().map(|m| describe(&pos, m)).collect();
                out.diagnostics.push(ambiguous(number, label, after, shown, &candidates, &reaches, &pos, cells.len() - i, Span::new(stop_here, cell.span.end)));
            }
            out.stop = Some(stop_here);
            return out;
        }
        let chosen = &candidates[winners[0]];
        let (mtext, squares) = draughts_text::describe(&pos, chosen);
        // Each rival, how many cells it reads on, and the cell it then stops at.
        let rivals: Vec<(String, usize, &str)> = (0..candidates.len())
            .filter(|&k| k != winners[0])
            .map(|k| (draughts_text::describe(&pos, &candidates[k]).0, reaches[k] - 1, rest.cells.get(i + reaches[k]).map_or("", |c| c.text.trim())))
            .collect();
        let span = Span::new(stop_here, stop_here + shown.len());
        let to = *squares.last().unwrap_or(&0);
        let full = if cut.to_lead.is_some() { to.to_string() } else { format!("{} {to}", cut.from) };
        let edit = Edit { span: cut.last, from: cut.last.slice(text).to_string(), to: full, kind: EditKind::CutAtEdge, cost: CUT_COST };
        out.diagnostics.push(read_warning(number, label, after, shown, cut, &mtext, &rivals, best - 1, to_end, span));
        out.moves.push((
            MoveNode { text: mtext, squares, span, printed: span.slice(text).to_string(), repair: Some(Box::new(Repair { edits: vec![edit], cost: CUT_COST, confidence: CUT_CONFIDENCE })), ..MoveNode::default() },
            pos.play(chosen),
        ));
        pos = pos.play(chosen);
    }
    out
}

fn describe(pos: &Position, mv: &Move) -> Reading {
    let (text, squares) = draughts_text::describe(pos, mv);
    Reading { text, squares }
}

/// What the cut leaves of a to-square, in words.
fn what_it_prints(cut: &CutCell) -> String {
    match cut.to_lead {
        Some(d) => format!("a move from {} to a square {}–{}", cut.from, d * 10, (d * 10 + 9).min(32)),
        None => format!("a move from {} to a one-digit square (the cut took the whole of it)", cut.from),
    }
}

/// The warning a cut cell read carries: the readings the cut allowed and why the rules chose one.
#[allow(clippy::too_many_arguments)]
fn read_warning(number: usize, label: &str, after: usize, shown: &str, cut: &CutCell, chosen: &str, rivals: &[(String, usize, &str)], read_on: usize, to_end: bool, span: Span) -> Diagnostic {
    let why = if rivals.is_empty() {
        format!("of the legal moves only {chosen} is one")
    } else {
        let others: Vec<String> = rivals.iter().map(|(m, n, at)| format!("after {m} only {n} more cut cell(s) read (then `{at}` fits no legal move)")).collect();
        let reach = if to_end { format!("after {chosen} the column reads on to its end ({read_on} more)") } else { format!("after {chosen} {read_on} more read") };
        format!("the cut allows {chosen} or {}; {}, {reach}", rivals.iter().map(|r| r.0.as_str()).collect::<Vec<_>>().join(" or "), others.join(", "))
    };
    Diagnostic::warning(Code::AndersonCutCellRead, format!("column {label} of game {number}: move {} read from the cut cell `{shown}` as {chosen}: the page's edge cut the column's right-aligned to-squares, so `{shown}` is {}; {why}", after + 1, what_it_prints(cut)), span)
        .with_label(format!("cut at the page's edge: read as {chosen}"))
        .with_help("certain by the rules: of the moves the visible digits allow, no other lets the column read on as printed; the cut digit is logged as a cut-at-edge edit")
}

/// The error a cut cell several moves read on from carries: none is taken.
#[allow(clippy::too_many_arguments)]
fn ambiguous(number: usize, label: &str, after: usize, shown: &str, candidates: &[Move], reaches: &[usize], pos: &Position, left: usize, span: Span) -> Diagnostic {
    let listed: Vec<String> = candidates.iter().zip(reaches).map(|(m, r)| format!("{} (then {} more cell(s) read)", draughts_text::describe(pos, m).0, r - 1)).collect();
    Diagnostic::error(
        Code::AndersonCutCellAmbiguous,
        format!("column {label} of game {number}: the cut cell `{shown}` (move {}) reads as {}: the rules do not choose ({left} cell(s) left), so the line stops here", after + 1, listed.join(" or ")),
        span,
    )
    .with_label("cut at the page's edge: not read")
    .with_help("the scan shows the digit the cut took; a corrections entry settles it")
}

/// Put a cut reading on a line that stopped at byte `stop`: its moves, and
/// the stop it came to (the cell it could not read, or none).
pub(super) fn apply(text: &str, column: &Column, line: &mut Line, positions: &mut Vec<Position>, reading: CutReading) {
    for (m, after) in reading.moves {
        line.moves.push(m);
        positions.push(after);
    }
    line.readings = reading.readings;
    let end = column.cells.last().map_or(0, |c| c.span.end);
    match reading.stop {
        Some(stop) if stop < end => {
            let span = Span::new(stop, end);
            line.unread = Some(Unread { raw: column.own_text(text, span), span });
            line.status = if line.moves.is_empty() { LineStatus::Unreadable } else { LineStatus::Partial };
        }
        _ => {
            line.unread = None;
            line.status = if line.moves.iter().any(|m| m.repair.is_some()) { LineStatus::Repaired } else { LineStatus::Legal };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::layout::parse_layout;
    use super::*;
    use crate::rules::draughts::resolve;

    fn cell(text: &str) -> Cell {
        Cell { text: text.into(), span: Span::new(0, text.len()), tokens: draughts_text::scan(text, 0) }
    }

    #[test]
    fn a_cut_cell_shows_the_from_square_and_the_first_digit_of_a_two_digit_to_square() {
        let six = CutCell::of(&cell("6 1")).expect("cut");
        assert!(six.fits(6, 10) && !six.fits(6, 9) && !six.fits(6, 1));
        let three = CutCell::of(&cell("3")).expect("cut");
        assert!(three.fits(3, 7) && three.fits(3, 8) && !three.fits(3, 12));
        let hyphen = CutCell::of(&cell("17-2")).expect("cut");
        assert!(hyphen.fits(17, 22) && hyphen.fits(17, 21) && !hyphen.fits(17, 14));
        // Not a cut cell: two full numbers, three numbers, a letter, a square off the board.
        for text in ["27 24", "15 24 28", "1l 1", "40 1", ""] {
            assert_eq!(CutCell::of(&cell(text)), None, "{text}");
        }
    }

    fn after(moves: &[&str]) -> Position {
        moves.iter().fold(Position::initial(), |p, m| {
            let sq: Vec<u8> = m.split(['-', 'x']).map(|s| s.parse().expect("square")).collect();
            p.play(&resolve(&p, &sq).expect("legal"))
        })
    }

    /// `4` can only be 4-8; `17 1` is 17-13 or 17-14, and after either `9 1`
    /// reads (9-14, or the capture 9x18): the rules do not choose, the line stops there.
    #[test]
    fn a_cut_cell_two_moves_read_on_from_is_not_read() {
        let start = after(&["11-15", "23-19", "8-11", "22-17"]);
        let page = "GAME.\t1\n4\t\n17 1\t\n9 1\t\nDrawn.\t\n";
        let (layouts, _) = parse_layout(page);
        let column = &layouts[0].columns[&0];
        let read = read_cut_cells(page, 1, "trunk", column, column.cells[0].span.start, start, 4);
        let texts: Vec<&str> = read.moves.iter().map(|(m, _)| m.text.as_str()).collect();
        assert_eq!(texts, ["4-8"]);
        assert_eq!(read.stop, Some(column.cells[1].span.start));
        let listed: Vec<&str> = read.readings.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(listed, ["17-13", "17-14"]);
        assert!(read.diagnostics.iter().any(|d| d.code == Code::AndersonCutCellAmbiguous));
        let edit = &read.moves[0].0.repair.as_ref().expect("logged").edits[0];
        assert_eq!((edit.from.as_str(), edit.to.as_str(), edit.kind), ("4", "4 8", EditKind::CutAtEdge));
    }

    /// The Fife's variation 5 (Anderson 1852), from the bare cell `3` on:
    /// 3-8 leaves White only 14x7 four moves later, which `13` cannot be, so
    /// `3` is 3-7; then `27 2` is 27-23 or 27-24, and the rest reads on after
    /// both: the line stops there with both listed.
    #[test]
    fn the_fifes_variation_5_reads_its_bare_cell_by_what_follows() {
        let trunk = "11-15 23-19 9-14 22-17 5-9 17-13 14-18 19-16 12x19 26-23 19x26 30x5 15-18 25-22 18x25 29x22 10-14 22-18 14x23 27x18 8-11 32-27 4-8 27-23 8-12 24-20";
        let variation = "6-10 18-14 10x17 21x14 11-15 23-19 15x24 28x19 7-11 31-27";
        let moves: Vec<&str> = trunk.split(' ').chain(variation.split(' ')).collect();
        let cells = ["3", "27 2", "1", "5", "6 1", "13", "10 1", "1", "17-2", "9", "2", "5 1"];
        let page = format!("GAME.\t1\n{}\nW wins.\t\n", cells.map(|c| format!("{c}\t")).join("\n"));
        let (layouts, _) = parse_layout(&page);
        let column = &layouts[0].columns[&0];
        let read = read_cut_cells(&page, 3, "5", column, column.cells[0].span.start, after(&moves), 10);
        let texts: Vec<&str> = read.moves.iter().map(|(m, _)| m.text.as_str()).collect();
        assert_eq!(texts, ["3-7"]);
        let listed: Vec<&str> = read.readings.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(listed, ["27-23", "27-24"]);
        let why = &read.diagnostics[0].message;
        assert!(why.contains("3-7 or 3-8") || why.contains("3-8"), "{why}");
        assert!(why.contains("reads on to its end (11 more)"), "{why}");
        assert!(why.contains("after 3-8 only 4 more cut cell(s) read (then `13` fits no legal move)"), "{why}");
    }
}
