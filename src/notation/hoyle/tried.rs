//! The starts tried for one solution, each read once.
//!
//! The search for a lost diagram asks about the same start more than once (a
//! published setting listed under two names, a guess that equals one, the
//! last refinements of a guess), and it first reads a guess's trunk alone,
//! then, if that reads to its end, the whole solution from the same start,
//! trunk included. A reading depends only on the solution and the start, so
//! each is kept and handed out again.

use super::solution::{read_solution_with_trunk, trunk_tokens, KnownTrunk, RawSolution, SolutionReport};
use crate::diagnostic::Diagnostic;
use crate::repair::{self, Decoded};
use crate::text::draughts::{BookDraughts, ReadOptions};
use crate::rules::draughts::{Move, Position, Setup};
use crate::span::Span;
use crate::tree::Game;
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;

/// A solution read from one start: the game, its report and what reading found.
pub(super) type Reading = (Game, SolutionReport, Vec<Diagnostic>);

pub(super) struct Tried<'a> {
    text: &'a str,
    raw: &'a RawSolution,
    opts: &'a ReadOptions,
    /// Reads the trunk from one start after another, and the OCR zeros its
    /// tokens read away; `None` without a trunk. Made when first asked: a
    /// solution read from a given start alone needs none.
    trunk_reader: OnceCell<Option<(repair::Reader<BookDraughts>, Vec<Span>)>>,
    /// The trunk read from a start; `None` where it has none or stops short.
    trunks: RefCell<HashMap<Position, Option<Decoded<Move>>>>,
    readings: RefCell<HashMap<Position, Reading>>,
}

impl<'a> Tried<'a> {
    pub(super) fn new(text: &'a str, raw: &'a RawSolution, opts: &'a ReadOptions) -> Tried<'a> {
        Tried { text, raw, opts, trunk_reader: OnceCell::new(), trunks: RefCell::default(), readings: RefCell::default() }
    }

    pub(super) fn text(&self) -> &'a str {
        self.text
    }

    pub(super) fn raw(&self) -> &'a RawSolution {
        self.raw
    }

    /// The solution read from `setup`, its report saying where the start came from.
    pub(super) fn read_from(&self, from: &str, setup: Setup) -> Option<Reading> {
        let pos = Position::from_setup(setup).ok()?;
        Some(named(self.read(&pos), from))
    }

    /// [`Tried::read_from`] for the one start a search is not made for (a
    /// given one): nothing is kept, so a long solution is not held twice.
    pub(super) fn read_only_from(&self, from: &str, setup: Setup) -> Option<Reading> {
        let pos = Position::from_setup(setup).ok()?;
        Some(named(self.read_afresh(&pos), from))
    }

    /// Whether the trunk alone reads to its end from `start`, a first test of
    /// a guessed start. A trunk that certainly stops short is given up early
    /// (see [`repair::decode_unless_it_stops`]).
    pub(super) fn trunk_reads(&self, start: &Position) -> bool {
        let mut trunks = self.trunks.borrow_mut();
        let trunk = trunks.entry(*start).or_insert_with(|| self.trunk_reader().as_ref()?.0.decode_unless_it_stops(start));
        trunk.as_ref().is_some_and(|d| d.stop.is_none())
    }

    /// Whether the solution could read complete from `setup`. A trunk that
    /// stops short is not replayed, so no reading with it is complete: that is
    /// asked first, as it is cheap to ask (see [`Tried::trunk_reads`]).
    pub(super) fn may_complete(&self, setup: Setup) -> bool {
        let Ok(start) = Position::from_setup(setup) else { return true };
        // The first line read from the start is the trunk only when it branches from nothing.
        self.raw.lines.first().is_none_or(|trunk| trunk.placed_by.is_some()) || self.trunk_reads(&start)
    }

    /// How many starts the whole solution was read from, and how many the
    /// trunk alone was tried from.
    #[cfg(test)]
    pub(super) fn starts_read(&self) -> (usize, usize) {
        (self.readings.borrow().len(), self.trunks.borrow().len())
    }

    fn trunk_reader(&self) -> &Option<(repair::Reader<BookDraughts>, Vec<Span>)> {
        self.trunk_reader.get_or_init(|| trunk_tokens(self.text, self.raw).map(|(tokens, zeros)| (repair::Reader::new(BookDraughts, tokens, self.opts.decode.clone()), zeros)))
    }

    /// The whole solution read from `start`.
    fn read(&self, start: &Position) -> Reading {
        if let Some(known) = self.readings.borrow().get(start) {
            return known.clone();
        }
        let reading = self.read_afresh(start);
        self.readings.borrow_mut().insert(*start, reading.clone());
        reading
    }

    fn read_afresh(&self, start: &Position) -> Reading {
        let trunks = self.trunks.borrow();
        let decoded = trunks.get(start).and_then(Option::as_ref);
        let trunk = decoded.zip(self.trunk_reader.get().and_then(Option::as_ref)).map(|(decoded, (reader, zeros))| KnownTrunk { tokens: reader.tokens(), zeros, decoded });
        read_solution_with_trunk(self.text, self.raw, start, self.opts, trunk)
    }
}

/// A reading whose report says where its start came from.
fn named((game, mut report, diagnostics): Reading, from: &str) -> Reading {
    report.start_from = from.to_string();
    (game, report, diagnostics)
}

#[cfg(test)]
mod tests {
    use super::super::infer::candidate_setups;
    use super::super::solution::{parse_solutions, tokens_of};
    use crate::repair;
    use crate::rules::draughts::{Color, Position};
    use crate::text::draughts::{BookDraughts, ReadOptions};

    /// The early answer may only say "stops" where the full reading stops, and
    /// otherwise must be that reading: over the book's trunks and the first
    /// starts the lost-diagram search guesses for each, nearly all wrong.
    #[test]
    fn a_trunk_given_up_early_is_one_the_full_reading_stops() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/hoyle-draughts.txt")).expect("corpus");
        let opts = ReadOptions::default();
        let (mut given_up, mut read, mut stopped_by_audit_only) = (0, 0, 0);
        for raw in parse_solutions(&text, &mut Vec::new()) {
            let Some(trunk) = raw.lines.first() else { continue };
            let (tokens, _) = tokens_of(&text, &trunk.items);
            // One reader for every start, as the search uses it.
            let reader = repair::Reader::new(BookDraughts, tokens.clone(), opts.decode.clone());
            for turn in [Color::Black, Color::White] {
                for setup in candidate_setups(&text, &raw, turn, 40) {
                    let Ok(start) = Position::from_setup(setup) else { continue };
                    let full = repair::decode(&BookDraughts, &start, &tokens, &opts.decode);
                    match reader.decode_unless_it_stops(&start) {
                        None => {
                            assert!(full.stop.is_some(), "{}: given up, yet the full reading reads to the end", raw.title);
                            given_up += 1;
                        }
                        Some(early) => {
                            assert_eq!(early, full, "{}", raw.title);
                            stopped_by_audit_only += usize::from(early.stop.is_some());
                            read += 1;
                        }
                    }
                }
            }
        }
        assert!(given_up > 100 && read > 0, "given up {given_up}, read {read} (of which stopped by the audit {stopped_by_audit_only})");
    }
}
