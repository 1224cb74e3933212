//! The starts tried for one solution, each read once.
//!
//! The search for a lost diagram asks about the same start more than once (a
//! published setting listed under two names, a guess that equals one, the
//! last refinements of a guess), and it first reads a guess's trunk alone,
//! then, if that reads to its end, the whole solution from the same start,
//! trunk included. A reading depends only on the solution and the start, so
//! each is kept and handed out again.

use super::solution::{decode_trunk, read_solution_with_trunk, RawSolution, SolutionReport};
use crate::diagnostic::Diagnostic;
use crate::text::draughts::ReadOptions;
use crate::repair::Decoded;
use crate::rules::draughts::{Move, Position, Setup};
use crate::tree::Game;
use std::cell::RefCell;
use std::collections::HashMap;

/// A solution read from one start: the game, its report and what reading found.
pub(super) type Reading = (Game, SolutionReport, Vec<Diagnostic>);

pub(super) struct Tried<'a> {
    text: &'a str,
    raw: &'a RawSolution,
    opts: &'a ReadOptions,
    trunks: RefCell<HashMap<Position, Option<Decoded<Move>>>>,
    readings: RefCell<HashMap<Position, Reading>>,
}

impl<'a> Tried<'a> {
    pub(super) fn new(text: &'a str, raw: &'a RawSolution, opts: &'a ReadOptions) -> Tried<'a> {
        Tried { text, raw, opts, trunks: RefCell::default(), readings: RefCell::default() }
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
        let (game, mut report, diags) = self.read(&pos);
        report.start_from = from.to_string();
        Some((game, report, diags))
    }

    /// Whether the trunk alone reads to its end from `start`.
    pub(super) fn trunk_reads(&self, start: &Position) -> bool {
        let mut trunks = self.trunks.borrow_mut();
        let trunk = trunks.entry(*start).or_insert_with(|| decode_trunk(self.text, self.raw, start, self.opts));
        trunk.as_ref().is_some_and(|d| d.stop.is_none())
    }

    /// The whole solution read from `start`.
    fn read(&self, start: &Position) -> Reading {
        if let Some(known) = self.readings.borrow().get(start) {
            return known.clone();
        }
        let trunks = self.trunks.borrow();
        let trunk = trunks.get(start).and_then(Option::as_ref);
        let reading = read_solution_with_trunk(self.text, self.raw, start, self.opts, trunk);
        self.readings.borrow_mut().insert(*start, reading.clone());
        reading
    }
}
