//! Checking claims such as "and white will easily win": a forced win (the
//! loser left without a move) searched to a fixed depth.

use super::column::Color;
use super::position::{Move, Position};
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
    /// What is known of each position met, by its [`Position::key`]: one
    /// table, so a node makes its key once and hashes it to ask and to
    /// answer, and an entry is a few words, not a copy of the board.
    known: FastMap<u128, Known>,
    /// Move lists given back by nodes searched, for the next nodes to fill.
    spare_lists: Vec<Vec<Move>>,
    /// Decide the nodes next to the leaves without making their moves
    /// (off only to test that this changes no answer and no count).
    shortcuts: bool,
}

/// The plies within which a position is known won, and within which it is known not to be.
#[derive(Clone, Copy)]
struct Known {
    /// Won within this many plies (`u32::MAX`: not known won).
    won: u32,
    /// Not won within this many plies (0: nothing known).
    failed: u32,
}

impl Search {
    fn new(winner: Color, budget: u64) -> Search {
        Search { winner, nodes: 0, budget, known: FastMap::default(), spare_lists: Vec::new(), shortcuts: true }
    }

    /// `Some(true)` if `winner` forces a win within `depth` plies; `None` when out of budget.
    /// A win within fewer plies is a win within more, so both bounds answer for deeper asks.
    /// The moves are made on `pos` and taken back: it is as it was on return.
    fn wins(&mut self, pos: &mut Position, depth: u32) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        if depth == 0 {
            // Only a side with no move decides a leaf; the table holds no win in 0 plies.
            return Some(pos.turn() != self.winner && !pos.has_legal_move());
        }
        if self.shortcuts && depth == 1 && pos.turn() != self.winner {
            // Any move the loser makes reaches a leaf with the winner to move,
            // which decides nothing: it is lost only if it has no move. Its
            // moves are not made, but the leaf its first one reaches is counted.
            if !pos.has_legal_move() {
                return Some(true);
            }
            self.nodes += 1;
            return (self.nodes <= self.budget).then_some(false);
        }
        if self.shortcuts
            && depth == 2
            && let Some(steps) = self.steps_that_cannot_shut_in(pos)
        {
            // No move wins; each one's two nodes (above) are counted unsearched.
            self.nodes += 2 * steps as u64;
            return (self.nodes <= self.budget).then_some(false);
        }
        // A position too full for a key (over 22 men, which a report may let
        // stand) is searched, not remembered.
        let key = if depth >= MIN_TABLE_DEPTH { pos.key() } else { None };
        let known = key.and_then(|k| self.known.get(&k).copied());
        if known.is_some_and(|k| k.won <= depth) {
            return Some(true);
        }
        let mut moves = self.spare_lists.pop().unwrap_or_default();
        pos.legal_moves_into(&mut moves);
        let result = if moves.is_empty() {
            Some(pos.turn() != self.winner)
        } else if known.is_some_and(|k| k.failed >= depth) {
            Some(false)
        } else {
            // Only an answer searched is new, and remembered.
            self.any_move_wins(pos, depth, &moves).inspect(|&won| key.into_iter().for_each(|k| self.remember(k, depth, won)))
        };
        self.spare_lists.push(moves);
        result
    }

    /// The winner's steps, where it is to move and has steps only, and the
    /// loser has steps to two squares: a step fills one square and takes
    /// nothing, so none of them shuts the loser in.
    fn steps_that_cannot_shut_in(&self, pos: &Position) -> Option<usize> {
        if pos.turn() != self.winner {
            return None;
        }
        let steps = pos.steps_if_no_capture().filter(|&steps| steps > 0)?;
        (pos.step_targets(self.winner.other()).count_ones() >= 2).then_some(steps)
    }

    /// That the position with `key` is won (or not) within `depth` plies.
    fn remember(&mut self, key: u128, depth: u32, won: bool) {
        let known = self.known.entry(key).or_insert(Known { won: u32::MAX, failed: 0 });
        if won {
            known.won = known.won.min(depth);
        } else {
            known.failed = known.failed.max(depth);
        }
    }

    /// Whether the attacker has a move that wins within `depth` plies, or
    /// the defender none that escapes; `None` when out of budget.
    fn any_move_wins(&mut self, pos: &mut Position, depth: u32, moves: &[Move]) -> Option<bool> {
        let attacker = pos.turn() == self.winner;
        for mv in moves {
            pos.make(mv);
            let won = self.wins(pos, depth - 1);
            pos.unmake(mv);
            let won = won?;
            if attacker && won {
                return Some(true);
            }
            if !attacker && !won {
                return Some(false);
            }
        }
        Some(!attacker)
    }
}

/// Depths searched one by one before the whole depth is searched at once.
const SHALLOW_PLIES: u32 = 5;
/// Nodes nearer the leaves than this are searched, not looked up: making
/// and hashing their key costs more than the little search they save.
const MIN_TABLE_DEPTH: u32 = 3;

/// Whether `winner` can force a win from `pos` within `max_plies`, and
/// within how few: searching depth by depth and stopping after `node_budget`
/// nodes. Most claims are won or lost in a few plies; past those, one search
/// to the full depth first asks whether there is any win at all, since a
/// position not won within the full depth is not won within less, and saying
/// so needs only that one search (the depths between are searched only where
/// there is a win to find).
pub fn forced_win(pos: &Position, winner: Color, max_plies: u32, node_budget: u64) -> Proof {
    by_depth(pos, winner, max_plies, node_budget, Some(SHALLOW_PLIES + 1))
}

/// Depth after depth, asking at `look_deep_at` (if any) for a win within the
/// full depth first. Where the budget runs out after such a look, the depths
/// are searched one by one afresh, so `Unfinished` says how far every depth got.
fn by_depth(pos: &Position, winner: Color, max_plies: u32, node_budget: u64, look_deep_at: Option<u32>) -> Proof {
    let mut search = Search::new(winner, node_budget);
    let mut pos = *pos;
    let pos = &mut pos;
    for depth in 0..=max_plies {
        if look_deep_at == Some(depth) {
            match search.wins(pos, max_plies) {
                Some(false) => return Proof::NotWithin { plies: max_plies },
                Some(true) => {}
                None => return by_depth(pos, winner, max_plies, node_budget, None),
            }
        }
        match search.wins(pos, depth) {
            Some(true) => return Proof::Proven { plies: depth },
            Some(false) => {}
            None if look_deep_at.is_some() => return by_depth(pos, winner, max_plies, node_budget, None),
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
        Position::from_setup_ignoring(&parse_setup(text).unwrap(), &[PositionErrorKind::MenMissing]).unwrap()
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

    /// The search with no tables and no shortcuts, depth by depth.
    fn plain(pos: &Position, winner: Color, max_plies: u32) -> Proof {
        fn wins(pos: &Position, winner: Color, depth: u32) -> bool {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return pos.turn() != winner;
            }
            if depth == 0 {
                return false;
            }
            let next = |mv| wins(&pos.play(mv), winner, depth - 1);
            if pos.turn() == winner { moves.iter().any(next) } else { moves.iter().all(next) }
        }
        (0..=max_plies).find(|&d| wins(pos, winner, d)).map_or(Proof::NotWithin { plies: max_plies }, |plies| Proof::Proven { plies })
    }

    #[test]
    fn the_tables_and_the_full_depth_search_change_no_answer() {
        // Positions along a few played-out games from small setups, both sides as the winner.
        let (mut proven, mut not_within, mut past_shallow) = (0, 0, 0);
        for setup in ["w 9:w 13:b 22:B", "w 14:W 18:b 22:b", "w 10:W 11:W 18:b", "b 18:b 14:W 10:W 21:w", "w 1:Bw 2:WwbBb 12:BB 19:b 20:b 22:B", "b 5:w 6:W 10:b 15:bw 18:B", "w 3:w 7:Ww 14:bB 16:b 21:B 24:b"] {
            let mut at = pos(setup);
            for ply in 0..6 {
                for winner in [Color::White, Color::Black] {
                    for max in [3, 6, 8] {
                        let want = plain(&at, winner, max);
                        assert_eq!(forced_win(&at, winner, max, u64::MAX), want, "{setup} after {ply} plies, {winner:?} within {max}");
                        match want {
                            Proof::Proven { plies } => (proven, past_shallow) = (proven + 1, past_shallow + usize::from(plies > SHALLOW_PLIES)),
                            _ => not_within += 1,
                        }
                    }
                }
                let moves = at.legal_moves();
                let Some(mv) = moves.get(ply % moves.len().max(1)) else { break };
                at = at.play(mv);
            }
        }
        assert!(proven > 10 && not_within > 10 && past_shallow > 0, "proven {proven} (past the shallow depths {past_shallow}), not within {not_within}");
    }

    /// The answer and the node count within `depth`, with the shortcuts and without.
    fn with_and_without_shortcuts(at: &Position, winner: Color, depth: u32) -> [(Option<bool>, u64); 2] {
        [true, false].map(|shortcuts| {
            let mut search = Search { shortcuts, ..Search::new(winner, u64::MAX) };
            let mut pos = *at;
            let won = search.wins(&mut pos, depth);
            assert_eq!(pos, *at, "moves taken back");
            (won, search.nodes)
        })
    }

    #[test]
    fn the_shortcuts_next_to_the_leaves_change_no_answer_and_no_count() {
        // Every node count equal means every budget ends each search at the same answer.
        let mut shortcut_taken = 0;
        for setup in ["w 9:w 13:b 22:B", "w 14:W 18:b 22:b", "b 18:b 14:W 10:W 21:w", "w 1:Bw 2:WwbBb 12:BB 19:b 20:b 22:B", "b 5:w 6:W 10:b 15:bw 18:B", "w 3:w 7:Ww 14:bB 16:b 21:B 24:b", "w 1:w 2:w 3:w 11:w 15:b 20:b 24:b 25:b"] {
            let mut at = pos(setup);
            for ply in 0..6 {
                for winner in [Color::White, Color::Black] {
                    for depth in 1..=6 {
                        let [fast, full] = with_and_without_shortcuts(&at, winner, depth);
                        assert_eq!(fast, full, "{setup} after {ply} plies, {winner:?} within {depth}");
                        shortcut_taken += usize::from(depth == 2 && Search::new(winner, 0).steps_that_cannot_shut_in(&at).is_some());
                    }
                }
                let moves = at.legal_moves();
                let Some(mv) = moves.get(ply % moves.len().max(1)) else { break };
                at = at.play(mv);
            }
        }
        assert!(shortcut_taken > 5, "the step shortcut was taken at the root {shortcut_taken} times");
    }

    #[test]
    fn the_shortcuts_agree_with_the_full_search_on_small_random_setups() {
        // Few men, so a side is often shut in near the leaves.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut compared = 0;
        for _ in 0..3000 {
            let mut text = String::from(if next(2) == 0 { "w" } else { "b" });
            let mut used = 0u32;
            for _ in 0..2 + next(5) {
                let square = 1 + next(25) as u32;
                if used >> square & 1 == 1 {
                    continue;
                }
                used |= 1 << square;
                let column: String = (0..1 + next(2)).map(|_| ['w', 'b', 'W', 'B'][next(4) as usize]).collect();
                text.push_str(&format!(" {square}:{column}"));
            }
            let Ok(setup) = parse_setup(&text) else { continue };
            let Ok(at) = Position::from_setup_ignoring(&setup, &[PositionErrorKind::MenMissing]) else { continue };
            for winner in [Color::White, Color::Black] {
                for depth in 1..=4 {
                    let [fast, full] = with_and_without_shortcuts(&at, winner, depth);
                    assert_eq!(fast, full, "{text}, {winner:?} within {depth}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 5000, "{compared} searches compared");
    }

    #[test]
    fn a_search_out_of_budget_says_how_far_it_got() {
        let start = pos("w 1:Bw 2:WwbBb 12:BB 19:b 20:b 22:B");
        assert!(matches!(forced_win(&start, Color::White, 11, 50), Proof::Unfinished { .. }));
    }
}
