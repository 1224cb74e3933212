//! Where a diagnostic belongs in the tree (a move, a stop, a line), and which
//! plies and starts get a board.

use crate::diagnostic::Diagnostic;
use crate::report::position::{initial_board, start_board, GameKind};
use crate::tree::{Game, Line, Source};
use std::collections::{BTreeSet, HashMap};

/// Where a diagnostic belongs in the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum At {
    /// On move `k` of the line (its span holds the diagnostic's start).
    Move(usize),
    /// In the text where the line stops.
    Stop,
    /// Somewhere else in the line's text.
    Line,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Place {
    pub(super) game: usize,
    pub(super) line: usize,
    pub(super) at: At,
}

/// Where diagnostics belong in a source's tree, found for many at once: the
/// spans of every move, stop and line sorted by where they start, so each
/// diagnostic is placed by a binary search, not by a walk over the whole
/// tree (a report on a long file places thousands).
pub(super) struct Locator {
    /// Moves and stops, ranked (game, line, stop after moves, move).
    marks: Stabbing<(usize, usize, u8, usize)>,
    /// Lines, ranked (span length, game, line).
    lines: Stabbing<(usize, usize, usize)>,
}

impl Locator {
    pub(super) fn new(source: &Source) -> Locator {
        let (mut marks, mut lines) = (Vec::new(), Vec::new());
        for (g, game) in source.games.iter().enumerate() {
            for (l, line) in game.lines.iter().enumerate() {
                // A move holds its start even when it is empty; a stop holds its end too.
                for (k, m) in line.moves.iter().enumerate() {
                    marks.push((m.span.start, m.span.end.max(m.span.start.saturating_add(1)), (g, l, 0, k)));
                }
                if let Some(u) = &line.unread {
                    marks.push((u.span.start, u.span.end.saturating_add(1), (g, l, 1, 0)));
                }
                lines.push((line.span.start, line.span.end.max(line.span.start.saturating_add(1)), (line.span.end.saturating_sub(line.span.start), g, l)));
            }
        }
        Locator { marks: Stabbing::new(marks), lines: Stabbing::new(lines) }
    }

    /// The move, stop or line a diagnostic concerns: the first move (in the
    /// order of games and lines) whose span holds its start, else that line's
    /// stop whose text does, else the shortest line.
    pub(super) fn locate(&self, d: &Diagnostic) -> Option<Place> {
        let s = d.span.start;
        if let Some((game, line, stop, k)) = self.marks.least_holding(s) {
            return Some(Place { game, line, at: if stop == 0 { At::Move(k) } else { At::Stop } });
        }
        self.lines.least_holding(s).map(|(_, game, line)| Place { game, line, at: At::Line })
    }
}

/// Half-open intervals `[from, to)`, each with a rank, sorted by `from`,
/// asked which of them hold a point. With the greatest `to` of each prefix,
/// a point is answered by walking back only over intervals that reach past
/// it (the few around it), not over every interval before it.
struct Stabbing<R> {
    intervals: Vec<(usize, usize, R)>,
    reach: Vec<usize>,
}

impl<R: Copy + Ord> Stabbing<R> {
    fn new(mut intervals: Vec<(usize, usize, R)>) -> Stabbing<R> {
        intervals.sort_unstable_by_key(|&(from, _, _)| from);
        let reach = intervals.iter().scan(0, |far, &(_, to, _)| {
            *far = (*far).max(to);
            Some(*far)
        });
        let reach = reach.collect();
        Stabbing { intervals, reach }
    }

    /// The least rank of the intervals holding `at`.
    fn least_holding(&self, at: usize) -> Option<R> {
        let before = self.intervals.partition_point(|&(from, _, _)| from <= at);
        (0..before).rev().take_while(|&i| self.reach[i] > at).filter(|&i| self.intervals[i].1 > at).map(|i| self.intervals[i].2).min()
    }
}

/// Plies of a line at which an error on one of its moves gets a board (the
/// position before that move), as the report draws them.
pub(super) fn error_plies(source: &Source, locator: &Locator) -> HashMap<(usize, usize), BTreeSet<usize>> {
    let mut out: HashMap<(usize, usize), BTreeSet<usize>> = HashMap::new();
    for d in source.diagnostics.iter().filter(|d| d.is_error()) {
        if let Some(Place { game, line, at: At::Move(k) }) = locator.locate(d) {
            out.entry((game, line)).or_default().insert(k);
        }
    }
    out
}

/// Whether a line gets a board at its start: it has its own start, or it is a
/// game's first line from a start other than the game kind's opening position.
pub fn has_start_board(kind: GameKind, game: &Game, line: &Line) -> bool {
    if line.start.is_some() {
        return true;
    }
    line.parent.is_none() && !game.start.is_unset() && start_board(kind, &game.start).is_some_and(|b| Some(b) != initial_board(kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;

    /// The walk over every game, line and move the locator replaces.
    fn locate_by_walking(source: &Source, d: &Diagnostic) -> Option<Place> {
        let s = d.span.start;
        let mut best: Option<(usize, Place)> = None;
        for (g, game) in source.games.iter().enumerate() {
            for (l, line) in game.lines.iter().enumerate() {
                if let Some(k) = line.moves.iter().position(|m| m.span.start <= s && (s < m.span.end || s == m.span.start)) {
                    return Some(Place { game: g, line: l, at: At::Move(k) });
                }
                if line.unread.as_ref().is_some_and(|u| u.span.start <= s && s <= u.span.end) {
                    return Some(Place { game: g, line: l, at: At::Stop });
                }
                if line.span.start <= s && s < line.span.end.max(line.span.start + 1) {
                    let len = line.span.end - line.span.start;
                    if best.is_none_or(|(b, _)| len < b) {
                        best = Some((len, Place { game: g, line: l, at: At::Line }));
                    }
                }
            }
        }
        best.map(|b| b.1)
    }

    #[test]
    fn the_locator_places_every_byte_as_the_walk_does() {
        // The books (overlapping lines, mended games repeating a proposition's
        // spans, stops) and a PDN file, a point at every byte and past the end.
        let mut compared = 0;
        for path in ["corpus/lasca-1911-ocr.txt", "corpus/hoyle-draughts.txt", "tests/corpus/pdn/valid/annotated.pdn"] {
            let input = crate::input::Input::from_bytes(std::path::Path::new(path), &std::fs::read(path).expect(path));
            let source = input.read(crate::notation::Reader::Auto, &crate::notation::Given::default());
            assert!(!source.games.is_empty(), "{path}");
            let locator = Locator::new(&source);
            for at in 0..=input.text.len() + 2 {
                let d = Diagnostic::error(crate::diagnostic::Code::NumericProse, "here", Span::new(at, at));
                assert_eq!(locator.locate(&d), locate_by_walking(&source, &d), "{path} at {at}");
                compared += usize::from(locator.locate(&d).is_some());
            }
        }
        assert!(compared > 5_000, "only {compared} bytes placed");
    }
}
