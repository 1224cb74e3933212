//! Solving a position: game over, else the endgame database, else an
//! iterative-deepening alpha-beta search with a transposition table and the
//! database at its leaves, within a node and time budget.
//!
//! A search score is a proof only when it is a win or loss score (reached
//! through game-over and database leaves alone), or a draw score from a depth
//! whose every leaf was decided; otherwise it is an estimate.

use super::egdb::{Egdb, Wdl};
use super::{Color, Move, Position};
use std::time::{Duration, Instant};

/// How a value was proven, or how far the search got.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// The side to move has no move.
    GameOver,
    Database,
    /// Alpha-beta search (exhaustive where the value is proven).
    Search,
}

/// Limits on one solve.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub nodes: u64,
    pub time: Duration,
    /// Deepest iteration, in plies.
    pub max_depth: u32,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget { nodes: 2_000_000, time: Duration::from_secs(10), max_depth: 64 }
    }
}

/// What the solver found, for the side to move.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The proven value, if any.
    pub value: Option<Wdl>,
    pub method: Method,
    /// Unproven: the search's leaning at `depth` (positive favours the side to
    /// move; a man is 100).
    pub estimate: Option<i32>,
    /// Deepest completed iteration.
    pub depth: u32,
    pub nodes: u64,
    /// The best line found, from this position.
    pub line: Vec<Move>,
}

const WIN: i32 = 30_000;
/// Scores beyond this are proven wins (a win at most `WIN - PROVEN` plies away).
const PROVEN: i32 = 20_000;
const DB_WIN: i32 = 25_000;
const MAN: i32 = 100;
const KING: i32 = 140;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: (u32, u32, u32, bool),
    used: bool,
    depth: u32,
    score: i32,
    bound: Bound,
    /// Every leaf below was decided (no estimate).
    decided: bool,
    best: Option<Move>,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

struct Search<'a> {
    db: &'a Egdb,
    table: Vec<Entry>,
    nodes: u64,
    budget: Budget,
    started: Instant,
    aborted: bool,
    /// Estimated leaves met in this iteration.
    estimated: u64,
    /// Move lists free for the next node to fill.
    spare_lists: Vec<Vec<Move>>,
}

fn key(pos: &Position) -> (u32, u32, u32, bool) {
    (pos.black(), pos.white(), pos.kings(), pos.turn() == Color::Black)
}

fn slot(k: (u32, u32, u32, bool), len: usize) -> usize {
    let mut h = (k.0 as u64) ^ ((k.1 as u64) << 32) ^ (k.2 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (k.3 as u64);
    h ^= h >> 31;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^= h >> 29;
    (h as usize) & (len - 1)
}

fn evaluate(pos: &Position) -> i32 {
    let (own, opp) = match pos.turn() {
        Color::Black => (pos.black(), pos.white()),
        Color::White => (pos.white(), pos.black()),
    };
    let k = pos.kings();
    MAN * ((own & !k).count_ones() as i32 - (opp & !k).count_ones() as i32)
        + KING * ((own & k).count_ones() as i32 - (opp & k).count_ones() as i32)
}

fn db_score(v: Wdl, ply: u32) -> i32 {
    match v {
        Wdl::Win => DB_WIN - ply as i32,
        Wdl::Loss => -(DB_WIN - ply as i32),
        Wdl::Draw => 0,
    }
}

impl Search<'_> {
    fn negamax(&mut self, pos: &Position, depth: u32, alpha: i32, beta: i32, ply: u32) -> (i32, bool) {
        self.nodes += 1;
        if self.nodes & 0xFFF == 0 && (self.nodes >= self.budget.nodes || self.started.elapsed() >= self.budget.time) {
            self.aborted = true;
        }
        if self.aborted {
            return (0, false);
        }
        // Each node lists its moves in a list an earlier node gave back: no allocation per node.
        let mut moves = self.spare_lists.pop().unwrap_or_default();
        pos.legal_moves_into(&mut moves);
        let result = self.negamax_among(pos, &mut moves, depth, alpha, beta, ply);
        self.spare_lists.push(moves);
        result
    }

    /// [`Search::negamax`] at a node whose legal moves are `moves`.
    fn negamax_among(&mut self, pos: &Position, moves: &mut [Move], depth: u32, mut alpha: i32, beta: i32, ply: u32) -> (i32, bool) {
        if moves.is_empty() {
            return (-(WIN - ply as i32), true);
        }
        if let Some(v) = self.db.probe(pos) {
            return (db_score(v, ply), true);
        }
        // Captures are forced: look one ply further rather than judge mid-exchange.
        let depth = if depth == 0 && pos.is_capture_position() && ply < 200 { 1 } else { depth };
        if depth == 0 {
            self.estimated += 1;
            return (evaluate(pos), false);
        }
        let k = key(pos);
        let at = slot(k, self.table.len());
        let mut best_move = None;
        let entry = self.table[at];
        if entry.used && entry.key == k {
            best_move = entry.best;
            if entry.depth >= depth {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    if !entry.decided {
                        self.estimated += 1;
                    }
                    return (score, entry.decided);
                }
            }
        }
        let original_alpha = alpha;
        let ordered = moves;
        if let Some(b) = best_move
            && let Some(i) = ordered.iter().position(|m| *m == b)
        {
            ordered.swap(0, i);
        }
        let mut best = -WIN - 1;
        let mut decided = true;
        for mv in ordered.iter() {
            let child = pos.play(mv);
            let (s, d) = self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            if self.aborted {
                return (0, false);
            }
            let s = -s;
            decided &= d;
            if s > best {
                best = s;
                best_move = Some(*mv);
            }
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[at] = Entry { key: k, used: true, depth, score: to_table(best, ply), bound, decided, best: best_move };
        (best, decided)
    }

    /// The line the table holds from `pos`.
    fn principal_line(&self, pos: &Position, limit: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut here = *pos;
        while line.len() < limit {
            let k = key(&here);
            let e = self.table[slot(k, self.table.len())];
            let Some(mv) = e.best.filter(|_| e.used && e.key == k) else { break };
            if !here.legal_moves().contains(&mv) {
                break;
            }
            line.push(mv);
            here = here.play(&mv);
        }
        line
    }
}

/// Mate-like scores are stored relative to the node, not the root.
fn to_table(score: i32, ply: u32) -> i32 {
    if score > PROVEN {
        score + ply as i32
    } else if score < -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score > PROVEN {
        score - ply as i32
    } else if score < -PROVEN {
        score + ply as i32
    } else {
        score
    }
}

/// A line the database follows from a decided position: each move keeps the
/// value (a winning move, or for the loser any move). Without distances it
/// need not be the shortest, so it is cut at `limit`.
fn database_line(db: &Egdb, pos: &Position, limit: usize) -> Vec<Move> {
    let mut line = Vec::new();
    let mut here = *pos;
    while line.len() < limit {
        let Some(v) = db.probe(&here) else { break };
        let moves = here.legal_moves();
        let want = match v {
            Wdl::Win => Wdl::Loss,
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
        };
        let Some(mv) = moves.iter().find(|m| db.probe(&here.play(m)) == Some(want)) else { break };
        line.push(*mv);
        here = here.play(mv);
    }
    line
}

/// Solves `pos` for the side to move within `budget`.
pub fn solve(pos: &Position, db: &Egdb, budget: Budget) -> Solution {
    if pos.is_lost() {
        return Solution { value: Some(Wdl::Loss), method: Method::GameOver, estimate: None, depth: 0, nodes: 1, line: Vec::new() };
    }
    if let Some(v) = db.probe(pos) {
        return Solution { value: Some(v), method: Method::Database, estimate: None, depth: 0, nodes: 1, line: database_line(db, pos, 12) };
    }
    let table_len = (budget.nodes.clamp(1 << 12, 1 << 22) as usize).next_power_of_two();
    let mut search = Search {
        db,
        table: vec![Entry::default(); table_len],
        nodes: 0,
        budget,
        started: Instant::now(),
        aborted: false,
        estimated: 0,
        spare_lists: Vec::new(),
    };
    let mut result = Solution { value: None, method: Method::Search, estimate: None, depth: 0, nodes: 0, line: Vec::new() };
    for depth in 1..=budget.max_depth {
        search.estimated = 0;
        let (score, decided) = search.negamax(pos, depth, -WIN - 1, WIN + 1, 0);
        if search.aborted {
            break;
        }
        result.depth = depth;
        result.line = search.principal_line(pos, depth as usize);
        let proven = if score > PROVEN {
            Some(Wdl::Win)
        } else if score < -PROVEN {
            Some(Wdl::Loss)
        } else if decided && search.estimated == 0 {
            Some(Wdl::Draw)
        } else {
            None
        };
        if proven.is_some() {
            result.value = proven;
            result.estimate = None;
            break;
        }
        result.estimate = Some(score);
    }
    result.nodes = search.nodes;
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::draughts::parse_fen;

    fn pos(fen: &str) -> Position {
        Position::from_setup(parse_fen(fen).unwrap()).unwrap()
    }

    #[test]
    fn game_over_and_database_answer_first() {
        let db = crate::rules::draughts::egdb::tests::four_piece_db();
        // Black's only man is blocked by a man he cannot take.
        let blocked = solve(&pos("B:W9,K14:B5"), db, Budget::default());
        assert_eq!((blocked.value, blocked.method), (Some(Wdl::Loss), Method::GameOver));
        let two_kings = solve(&pos("W:WK19,K23:BK32"), db, Budget::default());
        assert_eq!((two_kings.value, two_kings.method), (Some(Wdl::Win), Method::Database));
        assert!(!two_kings.line.is_empty());
    }

    #[test]
    fn search_proves_a_win_through_the_database() {
        let db = crate::rules::draughts::egdb::tests::four_piece_db();
        // Five pieces: White's king takes two men at once, leaving two kings against one.
        let s = solve(&pos("W:WK14,K30:B10,K3,18"), db, Budget { nodes: 200_000, ..Budget::default() });
        assert_eq!(s.method, Method::Search);
        eprintln!("{:?} depth {} nodes {}", s.value, s.depth, s.nodes);
        assert!(s.value.is_some(), "proved something within the budget");
    }

    #[test]
    fn search_without_a_database_stays_within_its_budget() {
        let db = Egdb::empty();
        let s = solve(&Position::initial(), &db, Budget { nodes: 20_000, ..Budget::default() });
        assert_eq!(s.value, None);
        assert!(s.nodes <= 20_000 + 4096);
        assert!(s.estimate.is_some());
    }
}
