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

#[derive(Clone, Copy, Debug)]
pub(super) struct Place {
    pub(super) game: usize,
    pub(super) line: usize,
    pub(super) at: At,
}

/// The move, stop or line a diagnostic concerns: the first move whose span
/// holds its start, else the stop whose text does, else the shortest line.
pub(super) fn locate(source: &Source, d: &Diagnostic) -> Option<Place> {
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

/// Plies of a line at which an error on one of its moves gets a board (the
/// position before that move), as the report draws them.
pub fn error_plies(source: &Source) -> HashMap<(usize, usize), BTreeSet<usize>> {
    let mut out: HashMap<(usize, usize), BTreeSet<usize>> = HashMap::new();
    for d in source.diagnostics.iter().filter(|d| d.is_error()) {
        if let Some(Place { game, line, at: At::Move(k) }) = locate(source, d) {
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
