//! Checking claims such as "and white will easily win": a forced win (the
//! loser left without a move) searched to a fixed depth.

use super::column::Color;
use super::position::Position;
use crate::fast_hash::FastMap;

/// What the search established about a claimed win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case", tag = "proof")]
pub enum Proof {
    /// The winner can force the loser out of moves within this many plies.
    Proven { plies: u32 },
    /// No forced win within this many plies (searched completely).
    NotWithin { plies: u32 },
    /// The node budget ran out after all depths up to `plies` were searched without a win.
    Unfinished { plies: u32 },
}

struct Search {
    winner: Color,
    nodes: u64,
    budget: u64,
    /// Positions known not to be won within the stored number of plies.
    failed: FastMap<Position, u32>,
}

impl Search {
    /// `Some(true)` if `winner` forces a win within `depth` plies; `None` when out of budget.
    fn wins(&mut self, pos: &Position, depth: u32) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Some(pos.turn() != self.winner);
        }
        if depth == 0 || self.failed.get(pos).is_some_and(|&d| d >= depth) {
            return Some(false);
        }
        let attacker = pos.turn() == self.winner;
        let mut result = !attacker;
        for mv in &moves {
            let won = self.wins(&pos.play(mv), depth - 1)?;
            if attacker && won {
                result = true;
                break;
            }
            if !attacker && !won {
                result = false;
                break;
            }
        }
        if !result {
            let d = self.failed.entry(*pos).or_insert(0);
            *d = (*d).max(depth);
        }
        Some(result)
    }
}

/// Whether `winner` can force a win from `pos` within `max_plies`, searching
/// depth by depth and stopping after `node_budget` nodes.
pub fn forced_win(pos: &Position, winner: Color, max_plies: u32, node_budget: u64) -> Proof {
    let mut search = Search { winner, nodes: 0, budget: node_budget, failed: FastMap::default() };
    for depth in 0..=max_plies {
        match search.wins(pos, depth) {
            Some(true) => return Proof::Proven { plies: depth },
            Some(false) => {}
            None => return Proof::Unfinished { plies: depth.saturating_sub(1) },
        }
    }
    Proof::NotWithin { plies: max_plies }
}

#[cfg(test)]
mod tests {
    use super::super::{parse_setup, Position, PositionErrorKind};
    use super::*;

    fn pos(text: &str) -> Position {
        Position::from_setup_ignoring(parse_setup(text).unwrap(), &[PositionErrorKind::MenMissing]).unwrap()
    }

    #[test]
    fn a_side_without_a_move_has_lost_at_once() {
        // Black's only column, a red officer on 1, is shut in by 5 and 9.
        assert_eq!(forced_win(&pos("b 1:B 5:w 9:w"), Color::White, 3, 1000), Proof::Proven { plies: 0 });
    }

    #[test]
    fn a_capture_that_leaves_black_nothing_is_a_win_in_one() {
        // White 9 jumps Black's lone private on 13 and Black has no leader left.
        assert_eq!(forced_win(&pos("w 9:w 13:b"), Color::White, 3, 1000), Proof::Proven { plies: 1 });
        assert_eq!(forced_win(&pos("w 9:w 13:b"), Color::Black, 3, 1000), Proof::NotWithin { plies: 3 });
    }
}
