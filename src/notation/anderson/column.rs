//! What is worked out once per column and shared by every stage: its tokens,
//! what each cell's moves can be read as, the inference from all its moves,
//! its own inferred start, and the decodes a later stage will ask for again.
//!
//! None of it depends on what else is placed, so placement rounds, the
//! resume search and the statistics all read it from here instead of
//! scanning, inferring or decoding the same column again.

use super::inference::{inferred_start, OwnStart, PrefixFits};
use super::layout::{Column, Layout};
use super::readings::{cell_readings, column_tokens, printed_count, Near};
use crate::diagnostic::Diagnostic;
use crate::text::draughts::{self as draughts_text, BookDraughts, ReadOptions};
use crate::repair::{self, Token};
use crate::rules::draughts::infer::{InferredReading, Reading};
use crate::rules::draughts::Position;
use crate::tree::Line;
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// A decoder's reading of a column (or of its rest) from one start.
pub(super) type Decoded = Rc<(Line, Vec<Diagnostic>)>;

/// One column and everything computed about it once.
pub(super) struct ColumnWork<'a> {
    pub column: &'a Column,
    /// The column's tokens without branch marks and signs.
    pub tokens: Vec<Token>,
    /// Moves printed, as [`printed_count`] counts them.
    pub printed: usize,
    pub opts: ReadOptions,
    /// Per cell, the moves it prints as readings.
    cell_readings: Vec<Vec<Vec<Reading>>>,
    /// All the column's moves as readings.
    pub moves: Vec<Vec<Reading>>,
    layout: &'a Layout,
    fits: OnceCell<PrefixFits>,
    inferences: OnceCell<Vec<InferredReading>>,
    own_start: OnceCell<Option<OwnStart>>,
    /// Decodes kept for a second use, by the byte the tokens start at and the start position.
    decodes: RefCell<HashMap<(usize, Position), Decoded>>,
    /// The tokens from each byte asked for, read from one start after another.
    readers: RefCell<HashMap<usize, Rc<repair::Reader<BookDraughts>>>>,
}

impl<'a> ColumnWork<'a> {
    pub fn new(layout: &'a Layout, column: &'a Column) -> ColumnWork<'a> {
        let mut opts = ReadOptions::default();
        opts.decode.cost = column.cost_model();
        let mut near = Near::new(column.cost_model());
        let cell_readings: Vec<Vec<Vec<Reading>>> = column.cells.iter().map(|cell| cell_readings(&mut near, cell, &layout.marks, column.flattened)).collect();
        let moves = cell_readings.iter().flatten().cloned().collect();
        let tokens = column_tokens(layout, column);
        let printed = printed_count(&tokens);
        ColumnWork { column, tokens, printed, opts, cell_readings, moves, layout, fits: OnceCell::new(), inferences: OnceCell::new(), own_start: OnceCell::new(), decodes: RefCell::new(HashMap::new()), readers: RefCell::new(HashMap::new()) }
    }

    /// The fits of every prefix of the column's moves.
    fn fits(&self) -> &PrefixFits {
        self.fits.get_or_init(|| PrefixFits::new(&self.moves))
    }

    /// The inferences from all the column's moves (see [`PrefixFits::infer`]).
    pub fn inferences(&self) -> &[InferredReading] {
        self.inferences.get_or_init(|| self.fits().infer_all())
    }

    /// Whether [`Self::inferences`] has been asked for (and so costs nothing more).
    pub fn inferences_made(&self) -> bool {
        self.inferences.get().is_some()
    }

    /// The start the column's own moves imply, if any (never for a run-together column).
    pub fn own_start(&self, text: &str) -> Option<&OwnStart> {
        self.own_start.get_or_init(|| if self.column.flattened { None } else { inferred_start(self, text, 0, &self.moves, self.fits()) }).as_ref()
    }

    /// The start the column's own moves imply, run together or not: for the
    /// solution of a critical position whose diagram is lost, the only witness
    /// of where it starts.
    pub fn own_start_of_solution(&self, text: &str) -> Option<OwnStart> {
        inferred_start(self, text, 0, &self.moves, self.fits())
    }

    /// The column's tokens from byte `from` on.
    pub fn tokens_from(&self, from: usize) -> Vec<Token> {
        self.tokens.iter().filter(|t| t.span.start >= from).cloned().collect()
    }

    /// The moves of the column's rest from byte `from`, as [`Column::from`]
    /// cuts it: the cells past `from` as already read, the cell it cuts read anew.
    pub fn moves_from(&self, text: &str, from: usize) -> Vec<Vec<Reading>> {
        let rest = self.column.from(text, from);
        let mut near = Near::new(rest.cost_model());
        let mut out = Vec::new();
        for (cell, readings) in self.column.cells.iter().zip(&self.cell_readings).filter(|(c, _)| c.span.end > from) {
            // The rest is never run together: a run-together column's cells are read again.
            if cell.span.start >= from && !self.column.flattened {
                out.extend(readings.iter().cloned());
            } else {
                let cut = rest.cells.iter().find(|c| c.span.end == cell.span.end).expect("the rest keeps every cell past its start");
                out.extend(cell_readings(&mut near, cut, &self.layout.marks, false));
            }
        }
        out
    }

    /// The decoder's reading of the tokens from byte `from`, starting at
    /// `start`: a kept one if asked for before, else decoded now (not kept).
    pub fn decode(&self, text: &str, from: usize, start: &Position) -> Decoded {
        if let Some(found) = self.decodes.borrow().get(&(from, *start)) {
            return found.clone();
        }
        Rc::new(draughts_text::read_tokens_with(text, &self.reader_from(from), start))
    }

    /// A bound, up to `limit`, on the moves [`Self::decode`] from `start`
    /// reads as printed (see [`super::line::read_as_printed`]): the decode a
    /// start needs only if it could read that far.
    pub fn most_read_as_printed(&self, from: usize, start: &Position, limit: usize) -> usize {
        if let Some(found) = self.decodes.borrow().get(&(from, *start)) {
            return super::line::read_as_printed(&found.0).min(limit);
        }
        self.reader_from(from).most_read_slightly(start, limit, &super::line::is_slight)
    }

    /// The reader of the tokens from byte `from`, made once.
    fn reader_from(&self, from: usize) -> Rc<repair::Reader<BookDraughts>> {
        Rc::clone(self.readers.borrow_mut().entry(from).or_insert_with(|| Rc::new(repair::Reader::new(BookDraughts, self.tokens_from(from), self.opts.decode.clone()))))
    }

    /// Keep a decode a later stage will ask for again.
    pub fn keep(&self, from: usize, start: &Position, decoded: &Decoded) {
        self.decodes.borrow_mut().insert((from, *start), decoded.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::super::layout::parse_layout;
    use super::super::readings::printed_readings;
    use super::*;

    #[test]
    fn the_rest_of_a_column_reads_as_the_column_cut_there() {
        let page = "GAME.\t1\n11 15\t\n23 19\t\n8 11\t\n22 17 9 13\t\n17 14\t\nDrawn.\t\n";
        let (layouts, _) = parse_layout(page);
        let layout = &layouts[0];
        let column = &layout.columns[&0];
        let work = ColumnWork::new(layout, column);
        assert_eq!(work.moves, printed_readings(column, layout));
        for from in [0, column.cells[1].span.start, column.cells[3].span.start + 6, column.cells[4].span.start] {
            assert_eq!(work.moves_from(page, from), printed_readings(&column.from(page, from), layout), "from {from}");
        }
    }

    #[test]
    fn a_kept_decode_is_handed_back_and_others_are_not_kept() {
        let page = "GAME.\t1\n11 15\t\n23 19\t\n8 11\t\nDrawn.\t\n";
        let (layouts, _) = parse_layout(page);
        let layout = &layouts[0];
        let work = ColumnWork::new(layout, &layout.columns[&0]);
        let start = Position::initial();
        let first = work.decode(page, 0, &start);
        assert_eq!(first.0.moves.len(), 3);
        assert!(!Rc::ptr_eq(&first, &work.decode(page, 0, &start)), "not kept unless asked");
        work.keep(0, &start, &first);
        assert!(Rc::ptr_eq(&first, &work.decode(page, 0, &start)));
    }
}
