//! Search: choosing the next move by looking ahead.
//!
//! Each reading of the next move is scored by the cheapest way the text goes
//! on after it, a few moves ahead; a close call is looked at again further
//! ahead, and last with each reading followed to the end of the text. A move
//! is accepted only when it beats every other reading (and leaving the text
//! unread) by a clear margin.

use super::align::Reading;
use super::decode::{Chosen, Cursor, Decoder};
use super::{Spelling, StopReason};
use std::collections::BTreeMap;

/// How one look at the readings of a move came out.
#[derive(Clone, Copy, Debug)]
struct Verdict {
    best_total: f64,
    /// The index of the best reading among the candidates.
    best_k: usize,
    /// The best total of a reading of another move.
    rival: f64,
    /// The cost of leaving the rest of the text unread.
    unread: f64,
    margin: f64,
    needed: f64,
}

impl<G: Spelling> Decoder<'_, G> {
    /// The next move from `pos` at `cursor`, or why the line stops here.
    pub(super) fn decide(&self, pos: &G::Position, cursor: Cursor, previous: &[Vec<u32>]) -> Result<Chosen<G::Move>, StopReason> {
        let mut candidates = self.ranked(pos, cursor, previous);
        if candidates.is_empty() {
            return Err(StopReason::NoLegalReading);
        }
        let mut scored = self.score(pos, &candidates, self.opts.lookahead.saturating_sub(1));
        let mut verdict = self.judge(&candidates, &scored, cursor, 0.0);
        // A close call is looked at again, further ahead, before the line stops:
        // a misreading usually shows itself some moves later.
        if verdict.margin < verdict.needed && self.opts.lookahead > 1 {
            scored = self.score(pos, &candidates, 3 * self.opts.lookahead - 1);
            verdict = self.judge(&candidates, &scored, cursor, 0.0);
        }
        // Last, each reading is followed to the end of the text.
        if verdict.margin < verdict.needed && self.opts.deep_beam > 0 {
            let (deep, reaches_end): (Vec<(f64, usize)>, Vec<bool>) = candidates
                .iter()
                .enumerate()
                .map(|(k, (mv, reading))| {
                    let (cost, complete) = self.cost_to_end(&self.game.play(pos, mv), reading.end, &self.game.spellings(pos, mv));
                    ((reading.cost + cost, k), complete)
                })
                .unzip();
            // Costs summed over the whole rest of the text are noisier: ask for more.
            let deep_verdict = self.judge(&candidates, &deep, cursor, self.opts.deep_extra_margin);
            // Two readings that both break down later say nothing about which is right.
            if reaches_end[deep_verdict.best_k] {
                scored = deep;
                verdict = deep_verdict;
            }
        }
        let Verdict { best_total, best_k, rival, unread, margin, needed } = verdict;
        if margin < needed {
            if unread - best_total < self.opts.min_margin && rival - best_total >= self.opts.min_margin {
                return Err(StopReason::NoLegalReading);
            }
            let mut readings: Vec<Vec<u32>> = Vec::new();
            for (c, k) in &scored {
                if *c - best_total < needed {
                    let spelled = self.game.spellings(pos, &candidates[*k].0).into_iter().next().unwrap_or_default();
                    if !readings.contains(&spelled) {
                        readings.push(spelled);
                    }
                }
            }
            return Err(StopReason::Ambiguous { readings });
        }
        let (mv, reading) = candidates.swap_remove(best_k);
        Ok((mv, reading, margin))
    }

    /// Each candidate's cost with the best `depth` moves after it.
    fn score(&self, pos: &G::Position, candidates: &[(G::Move, Reading)], depth: usize) -> Vec<(f64, usize)> {
        candidates
            .iter()
            .enumerate()
            .map(|(k, (mv, reading))| {
                let next = self.game.play(pos, mv);
                (reading.cost + self.lookahead(&next, reading.end, depth, self.game.spellings(pos, mv)), k)
            })
            .collect()
    }

    /// The best of the scored readings, its rivals and the margin it needs.
    fn judge(&self, candidates: &[(G::Move, Reading)], scored: &[(f64, usize)], cursor: Cursor, extra: f64) -> Verdict {
        let (best_total, best_k) = scored.iter().copied().min_by(|a, b| a.0.total_cmp(&b.0)).unwrap_or((f64::INFINITY, 0));
        let best_move = &candidates[best_k].0;
        let rival = scored.iter().filter(|(_, k)| candidates[*k].0 != *best_move).map(|(c, _)| *c).fold(f64::INFINITY, f64::min);
        let unread = self.unread_cost(cursor);
        // Overruling a move that reads exactly as printed takes a wider margin.
        let overrules_print = candidates[best_k].1.cost > 0.0 && candidates.iter().any(|(m, r)| r.cost == 0.0 && m != best_move);
        let needed = extra + if overrules_print { self.opts.min_margin.max(self.opts.overrule_margin) } else { self.opts.min_margin };
        Verdict { best_total, best_k, rival, unread, margin: rival.min(unread) - best_total, needed }
    }

    /// Best total cost of reading up to `depth` more moves (0 if the text ends).
    fn lookahead(&self, pos: &G::Position, cursor: Cursor, depth: usize, previous: Vec<Vec<u32>>) -> f64 {
        let mut frontier = vec![(0.0, pos.clone(), cursor, previous)];
        let mut best = f64::INFINITY;
        for _ in 0..depth {
            let mut next = Vec::new();
            for (cost, p, c, previous) in &frontier {
                if self.at_end(*c) {
                    best = best.min(*cost);
                    continue;
                }
                let expansions = self.expand(p, *c, previous);
                let give_up = cost + self.opts.dead_end.min(self.unread_cost(*c));
                if expansions.is_empty() {
                    best = best.min(give_up);
                    continue;
                }
                for (mv, reading) in expansions.iter() {
                    next.push((cost + reading.cost, p, mv.clone(), reading.end));
                }
                // Reading on must compete with giving up here.
                best = best.min(give_up + self.opts.dead_end);
            }
            next.sort_by(|a, b| a.0.total_cmp(&b.0));
            next.dedup_by(|a, b| a.3 == b.3 && a.2 == b.2);
            next.truncate(self.opts.beam);
            let advanced = next.into_iter().map(|(c, p, mv, end)| (c, self.game.play(p, &mv), end, self.game.spellings(p, &mv))).collect();
            frontier = advanced;
            if frontier.is_empty() {
                break;
            }
        }
        frontier.iter().map(|f| f.0).fold(best, f64::min)
    }

    /// The cheapest reading of all the text from `cursor` on, where a line
    /// that stops pays for everything it leaves unread, and whether that
    /// reading reads every number to the end. A pure function of (place,
    /// board, move before), so each is worked out once a decode.
    pub(super) fn cost_to_end(&self, pos: &G::Position, cursor: Cursor, previous: &[Vec<u32>]) -> (f64, bool) {
        if let Some(known) = self.memo.to_end.get(cursor, pos, previous) {
            return known;
        }
        let found = self.cost_to_end_afresh(pos, cursor, previous.to_vec());
        self.memo.to_end.put(cursor, pos, previous, found);
        found
    }

    /// A beam over (cursor, position): readings compete only with others that
    /// have read exactly as far, so a line is never favoured for having read
    /// less. Costs never fall, so any line already dearer than a finished one
    /// is dropped.
    pub(super) fn cost_to_end_afresh(&self, pos: &G::Position, cursor: Cursor, previous: Vec<Vec<u32>>) -> (f64, bool) {
        let mut waiting: Queue<G::Position, G::Move> = BTreeMap::new();
        waiting.insert((cursor.item, cursor.off), vec![(0.0, pos.clone(), MoveBefore::Spelled(previous))]);
        let mut best = f64::INFINITY;
        let mut complete = false;
        while let Some(((item, off), mut here)) = waiting.pop_first() {
            let at = Cursor { item, off };
            here.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut kept: Vec<Waiting<G::Position, G::Move>> = Vec::with_capacity(self.opts.deep_beam);
            for state in here {
                if kept.len() == self.opts.deep_beam {
                    break;
                }
                if !kept.iter().any(|k| k.1 == state.1) {
                    kept.push(state);
                }
            }
            for (cost, p, before) in kept {
                let stop_here = cost + self.unread_cost(at);
                if stop_here < best {
                    best = stop_here;
                    complete = self.at_end(at) || self.only_junk_left(at);
                }
                if cost >= best || self.at_end(at) {
                    continue;
                }
                let previous = match before {
                    MoveBefore::Spelled(spellings) => spellings,
                    MoveBefore::Played(from, mv) => self.game.spellings(&from, &mv),
                };
                for (mv, reading) in self.expand(&p, at, &previous).iter() {
                    let total = cost + reading.cost;
                    if total < best {
                        let state = (total, self.game.play(&p, mv), MoveBefore::Played(p.clone(), mv.clone()));
                        waiting.entry((reading.end.item, reading.end.off)).or_default().push(state);
                    }
                }
            }
        }
        (best, complete)
    }
}

/// A line waiting in the look to the end: its cost, its board, and the move before.
type Waiting<P, M> = (f64, P, MoveBefore<P, M>);

/// The lines waiting, by the place in the text (item, byte) they have read to.
type Queue<P, M> = BTreeMap<(usize, usize), Vec<Waiting<P, M>>>;

/// How the move before a waiting line was printed. Most lines wait only to be
/// dropped for dearer ones at the same place, so a move's spellings are
/// worked out only for the lines read on.
enum MoveBefore<P, M> {
    Spelled(Vec<Vec<u32>>),
    /// The move, and the board it was played from.
    Played(P, M),
}
