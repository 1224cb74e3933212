//! The best reading of a solution among the starts offered, in order.
//!
//! A complete reading beats every incomplete one (see [`keep_better`]), and
//! most starts offered are wrong: their trunk stops short, so their reading
//! is not complete. Such a start's reading (every line of the solution, read
//! with every mend audited) is only made if no complete one turns up; then
//! every offer is weighed again, in the order made, so the reading kept is
//! the one weighing them all as they came would keep.

use super::solution::SolutionReport;
use super::tried::{Reading, Tried};
use crate::rules::draughts::{Position, Setup};

/// Keep the better of two readings: a complete one first, and of complete ones
/// the one with fewer repairs; else more lines replayed, then more moves read.
pub(super) fn keep_better(best: &mut Option<Reading>, candidate: Reading) {
    let key = |r: &SolutionReport| (r.complete(), if r.complete() { usize::MAX - r.moves_repaired } else { 0 }, r.lines_replayed, r.moves_read);
    if best.as_ref().is_none_or(|b| key(&candidate.1) > key(&b.1)) {
        *best = Some(candidate);
    }
}

/// The best reading so far, and every start weighed, in order.
pub(super) struct BestReading<'t, 'a> {
    tried: &'t Tried<'a>,
    /// The best of the readings made.
    best: Option<Reading>,
    /// Every start weighed: where it came from, and the start.
    weighed: Vec<(String, Setup)>,
    /// Whether a start was weighed whose reading was not made.
    put_off: bool,
}

impl<'t, 'a> BestReading<'t, 'a> {
    pub(super) fn new(tried: &'t Tried<'a>) -> BestReading<'t, 'a> {
        BestReading { tried, best: None, weighed: Vec::new(), put_off: false }
    }

    /// Whether any start weighed so far has a reading.
    pub(super) fn is_some(&self) -> bool {
        self.best.is_some() || !self.weighed.is_empty()
    }

    /// The best reading made, if complete.
    pub(super) fn complete(&self) -> Option<&Reading> {
        self.best.as_ref().filter(|b| b.1.complete())
    }

    /// Weigh the solution read from `setup` (if it is a position); its
    /// reading is put off where it cannot be complete.
    pub(super) fn weigh(&mut self, from: &str, setup: Setup) {
        if !self.list(from, setup) {
            return;
        }
        if !self.tried.may_complete(setup) {
            self.put_off = true;
            return;
        }
        self.read_and_keep(from, setup);
    }

    /// Weigh the solution read from `setup` at once, without first asking
    /// whether it may be complete: for a start likely right, whose reading
    /// is most often made anyway, that question reads its trunk twice more
    /// (once without the audit of its mends, once with it).
    pub(super) fn weigh_at_once(&mut self, from: &str, setup: Setup) {
        if self.list(from, setup) {
            self.read_and_keep(from, setup);
        }
    }

    /// List `setup` among the starts weighed, if it is a position.
    fn list(&mut self, from: &str, setup: Setup) -> bool {
        let is_position = Position::from_setup(setup).is_ok();
        if is_position {
            self.weighed.push((from.to_string(), setup));
        }
        is_position
    }

    /// Read the solution from `setup`, and keep the reading if it is the best so far.
    fn read_and_keep(&mut self, from: &str, setup: Setup) {
        if let Some(reading) = self.tried.read_from(from, setup) {
            keep_better(&mut self.best, reading);
        }
    }

    /// Weigh a complete reading made elsewhere (a start refined from others):
    /// then no reading put off can be better.
    pub(super) fn weigh_complete(&mut self, reading: Reading) {
        debug_assert!(reading.1.complete());
        keep_better(&mut self.best, reading);
    }

    /// The reading kept: with no complete one, every start weighed is read
    /// and weighed again in order.
    pub(super) fn into_best(self) -> Option<Reading> {
        if self.complete().is_some() || !self.put_off {
            return self.best;
        }
        let mut best = None;
        for (from, setup) in &self.weighed {
            if let Some(reading) = self.tried.read_from(from, *setup) {
                keep_better(&mut best, reading);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::classical::{settings, CLASSICAL};
    use super::super::infer::candidate_setups;
    use super::super::solution::parse_solutions;
    use super::super::with_turn;
    use super::*;
    use crate::rules::draughts::Color;
    use crate::text::draughts::ReadOptions;

    /// Putting off the readings that cannot be complete keeps the reading that
    /// weighing every one as it came keeps: over the book's solutions, with
    /// the published settings and the first guesses at each lost diagram, a
    /// complete reading among them or not.
    #[test]
    fn readings_put_off_change_no_choice() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/hoyle-draughts.txt")).expect("corpus");
        let opts = ReadOptions::default();
        let (mut put_off, mut with_complete, mut without_complete) = (0, 0, 0);
        for raw in parse_solutions(&text, &mut Vec::new()) {
            let turn = raw.task.map_or(Color::Black, |t| t.side);
            let published = CLASSICAL.iter().flat_map(settings).map(|(label, setup)| (label, with_turn(setup, turn)));
            let guesses = candidate_setups(&text, &raw, turn, 30).into_iter().map(|setup| ("guess".to_string(), setup));
            let offers: Vec<(String, Setup)> = published.chain(guesses).collect();
            // A few offers (all wrong, most likely) and then all of them.
            for count in [4, offers.len()] {
                let tried = Tried::new(&text, &raw, &opts);
                let mut best = BestReading::new(&tried);
                let mut eager = None;
                for (from, setup) in &offers[..count] {
                    best.weigh(from, *setup);
                    if let Some(reading) = tried.read_from(from, *setup) {
                        keep_better(&mut eager, reading);
                    }
                }
                put_off += usize::from(best.put_off);
                if eager.as_ref().is_some_and(|e| e.1.complete()) { with_complete += 1 } else { without_complete += 1 }
                let kept = best.into_best();
                assert_eq!(kept.map(|r| (r.0, r.1)), eager.map(|r| (r.0, r.1)), "{}: {count} offers", raw.title);
            }
        }
        assert!(put_off > 0 && with_complete > 0 && without_complete > 0, "put off {put_off}, with a complete reading {with_complete}, without {without_complete}");
    }
}
