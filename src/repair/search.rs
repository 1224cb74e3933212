//! Search: choosing the next move by looking ahead.
//!
//! Each reading of the next move is scored by the cheapest way the text goes
//! on after it, a few moves ahead; a close call is looked at again further
//! ahead, and last with each reading followed to the end of the text. A move
//! is accepted only when it beats every other reading (and leaving the text
//! unread) by a clear margin.

use super::align::Reading;
use super::decode::{Chosen, Cursor, Decoder};
use super::spellings::Spellings;
use super::{Spelling, StopReason};
use crate::tree::EditKind;
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
    pub(super) fn decide(&self, pos: &G::Position, cursor: Cursor, previous: &Spellings) -> Result<Chosen<G::Move>, StopReason> {
        let mut candidates = self.ranked(pos, cursor, previous);
        if candidates.is_empty() {
            return Err(StopReason::NoLegalReading);
        }
        if let Some(margin) = self.clearly_as_printed(pos, cursor, previous, &candidates) {
            return Ok(Self::first(candidates, margin));
        }
        let mut scored = match self.score_unless_plain_wins(pos, cursor, previous, &candidates, self.opts.lookahead.saturating_sub(1)) {
            Scores::PlainWins(margin) => return Ok(Self::first(candidates, margin)),
            Scores::All(scored) => scored,
        };
        let mut verdict = self.judge(&candidates, &scored, cursor, 0.0);
        // A close call is looked at again, further ahead, before the line stops:
        // a misreading usually shows itself some moves later.
        if verdict.margin < verdict.needed && self.opts.lookahead > 1 {
            scored = match self.score_unless_plain_wins(pos, cursor, previous, &candidates, 3 * self.opts.lookahead - 1) {
                Scores::PlainWins(margin) => return Ok(Self::first(candidates, margin)),
                Scores::All(scored) => scored,
            };
            verdict = self.judge(&candidates, &scored, cursor, 0.0);
        }
        // Last, each reading is followed to the end of the text.
        if verdict.margin < verdict.needed && self.opts.deep_beam > 0 {
            let mut deep = self.deep_scores(pos, &candidates, true);
            // Costs summed over the whole rest of the text are noisier: ask for more.
            let mut deep_verdict = self.judge(&candidates, &deep.totals, cursor, self.opts.deep_extra_margin);
            // A margin is reported with a repair, so it must be the true one, not a floor.
            if deep_verdict.margin >= deep_verdict.needed && !deep.margin_is_exact(&candidates, &deep_verdict) && self.needs_repair(pos, cursor, previous, &candidates[deep_verdict.best_k]) {
                deep = self.deep_scores(pos, &candidates, false);
                deep_verdict = self.judge(&candidates, &deep.totals, cursor, self.opts.deep_extra_margin);
            }
            // Two readings that both break down later say nothing about which is right.
            if deep.reaches_end[deep_verdict.best_k] {
                scored = deep.totals;
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

    /// The plain case, settled without scoring every reading: the cheapest
    /// reading is the move exactly as printed, the next moves read exactly
    /// too (so its look ahead costs nothing), and every reading of another
    /// move, and leaving the text unread, costs at least the margin by itself
    /// (a look ahead never lowers a cost). The full look would then choose
    /// this reading too, in its first round. Returns a floor of the margin:
    /// a margin is reported only with a repair, and this reading has none.
    fn clearly_as_printed(&self, pos: &G::Position, cursor: Cursor, previous: &Spellings, candidates: &[(G::Move, Reading)]) -> Option<f64> {
        let (mv, reading) = candidates.first()?;
        // The argument needs a look ahead that keeps a line, and costs that never fall.
        if reading.cost != 0.0 || self.opts.beam == 0 {
            return None;
        }
        let needed = self.opts.min_margin;
        let rival = candidates[1..].iter().filter(|(m, _)| m != mv).map(|(_, r)| r.cost).fold(f64::INFINITY, f64::min);
        let floor = rival.min(self.unread_cost(cursor));
        if floor < needed {
            return None;
        }
        let next = self.game.play(pos, mv);
        if !self.reads_exactly_ahead(next, reading.end, Spellings::of(self.game, pos, mv), self.opts.lookahead.saturating_sub(1)) {
            return None;
        }
        // A reading may cost nothing and still pass over text when a model prices that at nothing.
        let pieces = self.pieces_of(pos, cursor, previous, mv, reading.end);
        pieces.iter().all(|p| p.kind == EditKind::Exact).then_some(floor)
    }

    /// The first candidate, chosen with `margin`.
    fn first(mut candidates: Vec<(G::Move, Reading)>, margin: f64) -> Chosen<G::Move> {
        let (mv, reading) = candidates.swap_remove(0);
        (mv, reading, margin)
    }

    /// [`Self::score`], or the verdict on it where the first candidate costs
    /// nothing: it is scored first, and another reading only if it could
    /// come within the margin of it, or, a reading of the same move, beat
    /// it (costs never fall, so a reading that costs that much already
    /// totals that much). If the first then wins by the margin and is the
    /// move as printed, every reading scored would have said so too: that
    /// is the answer, with a floor of the margin (a margin is reported only
    /// with a repair, and this move has none). Else every reading is scored.
    fn score_unless_plain_wins(&self, pos: &G::Position, cursor: Cursor, previous: &Spellings, candidates: &[(G::Move, Reading)], depth: usize) -> Scores {
        let total = |candidate: &(G::Move, Reading)| self.total(pos, candidate, depth);
        if candidates[0].1.cost != 0.0 {
            return Scores::All(self.score(pos, candidates, depth));
        }
        let printed = &candidates[0].0;
        let best = total(&candidates[0]);
        let needed = self.opts.min_margin;
        let mut totals: Vec<Option<f64>> = vec![None; candidates.len()];
        totals[0] = Some(best);
        let mut floor = self.unread_cost(cursor) - best;
        let mut wins = true;
        for (k, candidate) in candidates.iter().enumerate().skip(1) {
            let (same, cost) = (candidate.0 == *printed, candidate.1.cost);
            // Ties go to the first candidate, as in [`Self::judge`].
            let passed_over = if same { cost >= best } else { cost - best >= needed };
            if passed_over {
                if !same {
                    floor = floor.min(cost - best);
                }
                continue;
            }
            let t = total(candidate);
            totals[k] = Some(t);
            if same {
                wins &= t >= best;
            } else {
                floor = floor.min(t - best);
            }
        }
        // Asked last: the pieces of a reading are found again to tell.
        if wins && floor >= needed && !self.needs_repair(pos, cursor, previous, &candidates[0]) {
            return Scores::PlainWins(floor);
        }
        Scores::All(totals.iter().zip(candidates).enumerate().map(|(k, (t, candidate))| (t.unwrap_or_else(|| total(candidate)), k)).collect())
    }

    /// Whether the next `depth` moves (or all to the end of the text) read
    /// exactly as printed, each in one way only: then [`Self::lookahead`]
    /// keeps that line, the only one costing nothing, and finds 0.
    fn reads_exactly_ahead(&self, mut pos: G::Position, mut cursor: Cursor, mut previous: Spellings, depth: usize) -> bool {
        for _ in 0..depth {
            if self.at_end(cursor) {
                return true;
            }
            let expansions = self.expand(&pos, cursor, &previous);
            let mut exact = expansions.iter().filter(|(_, r)| r.cost == 0.0);
            let (Some((mv, reading)), None) = (exact.next(), exact.next()) else { return false };
            previous = Spellings::of(self.game, &pos, mv);
            pos = self.game.play(&pos, mv);
            cursor = reading.end;
        }
        true
    }

    /// Each candidate followed to the end of the text. With `capped`, a
    /// reading is followed only while it stays within the widest margin a
    /// verdict asks (and [`DEEP_SLACK`]) of the cheapest total found so far:
    /// past that it can be neither the best nor a rival close enough to
    /// matter, and its total is a floor.
    fn deep_scores(&self, pos: &G::Position, candidates: &[(G::Move, Reading)], capped: bool) -> DeepScores {
        let span = self.opts.deep_extra_margin + self.opts.min_margin.max(self.opts.overrule_margin) + DEEP_SLACK;
        // A span narrower than the least margin could hide a rival that decides a stop.
        let capped = capped && span >= self.opts.min_margin + DEEP_SLACK;
        let mut deep = DeepScores { totals: Vec::new(), reaches_end: Vec::new(), known: Vec::new() };
        let mut cheapest = f64::INFINITY;
        for (k, (mv, reading)) in candidates.iter().enumerate() {
            let cap = if capped { cheapest + span - reading.cost } else { f64::INFINITY };
            match self.cost_to_end_below(&self.game.play(pos, mv), reading.end, &Spellings::of(self.game, pos, mv), cap) {
                Some((rest, complete)) => {
                    cheapest = cheapest.min(reading.cost + rest);
                    deep.totals.push((reading.cost + rest, k));
                    deep.reaches_end.push(complete);
                    deep.known.push(true);
                }
                None => {
                    deep.totals.push((reading.cost + cap, k));
                    deep.reaches_end.push(false);
                    deep.known.push(false);
                }
            }
        }
        deep
    }

    /// Whether the reading of a move, if accepted, is logged as a repair (and its margin with it).
    fn needs_repair(&self, pos: &G::Position, cursor: Cursor, previous: &Spellings, (mv, reading): &(G::Move, Reading)) -> bool {
        reading.cost > 0.0 || self.pieces_of(pos, cursor, previous, mv, reading.end).iter().any(|p| p.kind != EditKind::Exact)
    }

    /// Each candidate's cost with the best `depth` moves after it.
    fn score(&self, pos: &G::Position, candidates: &[(G::Move, Reading)], depth: usize) -> Vec<(f64, usize)> {
        candidates.iter().enumerate().map(|(k, candidate)| (self.total(pos, candidate, depth), k)).collect()
    }

    /// One candidate's cost with the best `depth` moves after it.
    fn total(&self, pos: &G::Position, (mv, reading): &(G::Move, Reading), depth: usize) -> f64 {
        reading.cost + self.lookahead(&self.game.play(pos, mv), reading.end, depth, Spellings::of(self.game, pos, mv))
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
    /// Costs never fall, so a line already as dear as the best total found
    /// cannot lower it and is not followed: it could only take a place in the
    /// beam after every cheaper line, which keeps the same places.
    fn lookahead(&self, pos: &G::Position, cursor: Cursor, depth: usize, previous: Spellings) -> f64 {
        let mut frontier = vec![(0.0, pos.clone(), cursor, previous)];
        let mut best = f64::INFINITY;
        for level in 0..depth {
            let mut next = Vec::new();
            for (cost, p, c, previous) in &frontier {
                if self.at_end(*c) {
                    best = best.min(*cost);
                    continue;
                }
                if *cost >= best {
                    continue;
                }
                let expansions = self.expand(p, *c, previous);
                let give_up = cost + self.opts.dead_end.min(self.unread_cost(*c));
                if expansions.is_empty() {
                    best = best.min(give_up);
                    continue;
                }
                // Reading on must compete with giving up here.
                best = best.min(give_up + self.opts.dead_end);
                for (mv, reading) in expansions.iter() {
                    if cost + reading.cost < best {
                        next.push((cost + reading.cost, p, mv.clone(), reading.end));
                    }
                }
            }
            next.sort_by(|a, b| a.0.total_cmp(&b.0));
            next.dedup_by(|a, b| a.3 == b.3 && a.2 == b.2);
            next.truncate(self.opts.beam);
            // The last lines are not followed: only their costs count, not their boards.
            if level + 1 == depth {
                return next.iter().map(|n| n.0).fold(best, f64::min);
            }
            frontier = next.into_iter().map(|(c, p, mv, end)| (c, self.game.play(p, &mv), end, Spellings::of(self.game, p, &mv))).collect();
            if frontier.is_empty() {
                break;
            }
        }
        frontier.iter().map(|f| f.0).fold(best, f64::min)
    }

    /// The cheapest reading of all the text from `cursor` on, where a line
    /// that stops pays for everything it leaves unread, and whether that
    /// reading reads every number to the end. "The end" is the end of the
    /// text or the horizon, whichever is nearer (see [`Decoder::look_limit`]).
    /// A pure function of (place, board, move before), so each is worked out
    /// once a decode.
    pub(super) fn cost_to_end(&self, pos: &G::Position, cursor: Cursor, previous: &Spellings) -> (f64, bool) {
        self.cost_to_end_below(pos, cursor, previous, f64::INFINITY).unwrap_or((f64::INFINITY, false))
    }

    /// [`Self::cost_to_end`] when it is below `cap`, else `None`. Asking only
    /// whether a reading could be cheap enough lets the look drop every line
    /// already at the cap, which on text that reads badly is nearly all of them.
    pub(super) fn cost_to_end_below(&self, pos: &G::Position, cursor: Cursor, previous: &Spellings, cap: f64) -> Option<(f64, bool)> {
        if let Some(known) = self.memo.to_end.get(cursor, pos, previous) {
            return (known.0 < cap).then_some(known);
        }
        if self.memo.at_least.get(cursor, pos, previous).is_some_and(|floor| floor >= cap) {
            return None;
        }
        // One line read greedily to the end bounds the answer: looking only
        // below its cost first drops at once every line already dearer.
        let dive = self.greedy_to_end(pos, cursor, previous) + DIVE_SLACK;
        let mut found = None;
        for look_below in [dive, cap] {
            if look_below > cap || found.is_some() {
                continue;
            }
            found = self.cost_to_end_afresh(pos, cursor, previous.clone(), look_below);
            match found {
                Some(known) => self.memo.to_end.put(cursor, pos, previous, known),
                None => self.memo.at_least.put(cursor, pos, previous, look_below),
            }
        }
        found
    }

    /// The cost of one reading of the text from `cursor` on, each move the
    /// cheapest reading of the next (stopping where that costs least): an
    /// upper bound of [`Self::cost_to_end`] when the beam keeps that line,
    /// and only ever used as a first cap, so no answer depends on it.
    fn greedy_to_end(&self, pos: &G::Position, cursor: Cursor, previous: &Spellings) -> f64 {
        let limit = self.look_limit(cursor);
        let (mut pos, mut cursor, mut previous) = (pos.clone(), cursor, previous.clone());
        let mut cost = 0.0;
        let mut best = self.unread_cost_to(cursor, limit);
        while cursor.item < limit {
            let expansions = self.expand(&pos, cursor, &previous);
            let Some((mv, reading)) = expansions.iter().min_by(|a, b| a.1.cost.total_cmp(&b.1.cost)) else { break };
            cost += reading.cost;
            if cost >= best {
                break;
            }
            previous = Spellings::of(self.game, &pos, mv);
            pos = self.game.play(&pos, mv);
            cursor = reading.end;
            best = best.min(cost + self.unread_cost_to(cursor, limit));
        }
        best
    }

    /// A beam over (cursor, position): readings compete only with others that
    /// have read exactly as far, so a line is never favoured for having read
    /// less. Costs never fall, so any line already dearer than a finished one,
    /// or at the cap, is dropped. Dropping lines at the cap changes nothing
    /// below it: they sort after every cheaper line in a beam, so the cheaper
    /// lines kept are the same. `None` when nothing reads below the cap.
    pub(super) fn cost_to_end_afresh(&self, pos: &G::Position, cursor: Cursor, previous: Spellings, cap: f64) -> Option<(f64, bool)> {
        let limit = self.look_limit(cursor);
        let mut waiting: Queue<G::Position> = BTreeMap::new();
        waiting.insert((cursor.item, cursor.off), vec![(0.0, pos.clone(), previous)]);
        let mut best = f64::INFINITY;
        let mut complete = false;
        while let Some(((item, off), mut here)) = waiting.pop_first() {
            let at = Cursor { item, off };
            here.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut kept: Vec<Waiting<G::Position>> = Vec::with_capacity(self.opts.deep_beam);
            for state in here {
                if kept.len() == self.opts.deep_beam {
                    break;
                }
                if !kept.iter().any(|k| k.1 == state.1) {
                    kept.push(state);
                }
            }
            for (cost, p, previous) in kept {
                let stop_here = cost + self.unread_cost_to(at, limit);
                if stop_here < best {
                    best = stop_here;
                    complete = at.item >= limit || self.only_junk_left(at);
                }
                if cost >= best.min(cap) || at.item >= limit {
                    continue;
                }
                for (mv, reading) in self.expand(&p, at, &previous).iter() {
                    let total = cost + reading.cost;
                    if total < best.min(cap) {
                        let state = (total, self.game.play(&p, mv), Spellings::of(self.game, &p, mv));
                        waiting.entry((reading.end.item, reading.end.off)).or_default().push(state);
                    }
                }
            }
        }
        (best < cap).then_some((best, complete))
    }
}

/// How a look ahead at the readings of a move came out.
enum Scores {
    /// The move as printed wins by the margin; a floor of it.
    PlainWins(f64),
    /// Each reading's total, and its index among the candidates.
    All(Vec<(f64, usize)>),
}

/// How far above the cheapest reading the look to the end follows the others:
/// the widest margin a verdict asks, and this much more.
const DEEP_SLACK: f64 = 0.5;

/// Each candidate's total to the end of the text (a floor where not `known`),
/// and whether that reading reads every number.
struct DeepScores {
    totals: Vec<(f64, usize)>,
    reaches_end: Vec<bool>,
    known: Vec<bool>,
}

impl DeepScores {
    /// Whether a verdict's margin is the true one: no floor stands below
    /// what set it (the nearest rival known, or leaving the text unread).
    fn margin_is_exact<M: PartialEq>(&self, candidates: &[(M, Reading)], verdict: &Verdict) -> bool {
        let best_move = &candidates[verdict.best_k].0;
        let rivals = self.totals.iter().zip(&self.known).filter(|((_, k), _)| candidates[*k].0 != *best_move);
        let (mut known, mut floor) = (verdict.unread, f64::INFINITY);
        for ((total, _), &is_known) in rivals {
            if is_known {
                known = known.min(*total);
            } else {
                floor = floor.min(*total);
            }
        }
        known <= floor
    }
}

/// Over the greedy line's cost, so that the beam finding that very line
/// (its costs summed in the same order) counts as below it.
const DIVE_SLACK: f64 = 1e-6;

/// A line waiting in the look to the end: its cost, its board, and how the move before was printed.
type Waiting<P> = (f64, P, Spellings);

/// The lines waiting, by the place in the text (item, byte) they have read to.
type Queue<P> = BTreeMap<(usize, usize), Vec<Waiting<P>>>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::noise::{corrupt, print_book_style, random_game, Rng};
    use crate::repair::DecodeOptions;
    use crate::rules::draughts::Position;
    use crate::text::draughts::{scan, BookDraughts};

    /// The look ahead as it was before it passed over lines already too dear:
    /// every line followed, the last ones' boards made.
    fn lookahead_following_all<G: Spelling>(d: &Decoder<G>, pos: &G::Position, cursor: Cursor, depth: usize, previous: Spellings) -> f64 {
        let mut frontier = vec![(0.0, pos.clone(), cursor, previous)];
        let mut best = f64::INFINITY;
        for _ in 0..depth {
            let mut next = Vec::new();
            for (cost, p, c, previous) in &frontier {
                if d.at_end(*c) {
                    best = best.min(*cost);
                    continue;
                }
                let expansions = d.expand(p, *c, previous);
                let give_up = cost + d.opts.dead_end.min(d.unread_cost(*c));
                if expansions.is_empty() {
                    best = best.min(give_up);
                    continue;
                }
                for (mv, reading) in expansions.iter() {
                    next.push((cost + reading.cost, p, mv.clone(), reading.end));
                }
                best = best.min(give_up + d.opts.dead_end);
            }
            next.sort_by(|a, b| a.0.total_cmp(&b.0));
            next.dedup_by(|a, b| a.3 == b.3 && a.2 == b.2);
            next.truncate(d.opts.beam);
            frontier = next.into_iter().map(|(c, p, mv, end)| (c, d.game.play(p, &mv), end, Spellings::of(d.game, p, &mv))).collect();
            if frontier.is_empty() {
                break;
            }
        }
        frontier.iter().map(|f| f.0).fold(best, f64::min)
    }

    /// The shortcut of [`Decoder::score_unless_plain_wins`] against the full
    /// look it stands for: over random games printed in book style with OCR
    /// noise, at the place each move is printed and from boards on the game
    /// and off it, at both depths `decide` looks. Where it says the printed
    /// move wins, the full verdict chooses that move by the margin, the move
    /// is logged as no repair, and the floor is at most the true margin;
    /// elsewhere its scores are the full ones, to the last bit.
    #[test]
    fn the_printed_move_wins_without_its_rivals_only_where_the_full_look_says_so() {
        let (mut compared, mut won) = (0, 0);
        for seed in 0..16 {
            let mut rng = Rng::new(100 + seed);
            let start = Position::initial();
            let game = random_game(&mut rng, &start, 40);
            let printed = print_book_style(&mut rng, &start, &game);
            let text = corrupt(&mut rng, &printed, [0.0, 0.05, 0.15, 0.3][seed as usize % 4]);
            let tokens = scan(&text, 0);
            let opts = DecodeOptions::default();
            let decoder = Decoder::new(&BookDraughts, &tokens, &opts);
            let mut boards = vec![start];
            for mv in &game {
                let next = boards.last().expect("a board").play(mv);
                boards.push(next);
            }
            let decoded = crate::repair::decode(&BookDraughts, &start, &tokens, &opts);
            // Each move read, where it was read from; then every place, from a board at random.
            let mut places: Vec<(Position, Cursor, Spellings)> = Vec::new();
            let mut previous = Spellings::nothing();
            let mut pos = start;
            for m in &decoded.moves {
                if let Some(item) = decoder.items.iter().position(|&t| t == m.tokens.start) {
                    places.push((pos, Cursor { item, off: 0 }, previous.clone()));
                }
                previous = Spellings::of(&BookDraughts, &pos, &m.mv);
                pos = pos.play(&m.mv);
            }
            for item in 0..decoder.items.len() {
                places.push((boards[rng.below(boards.len())], Cursor { item, off: 0 }, Spellings::nothing()));
            }
            for (pos, cursor, previous) in &places {
                let candidates = decoder.ranked(pos, *cursor, previous);
                if candidates.is_empty() {
                    continue;
                }
                for depth in [opts.lookahead - 1, 3 * opts.lookahead - 1] {
                    let full = decoder.score(pos, &candidates, depth);
                    let verdict = decoder.judge(&candidates, &full, *cursor, 0.0);
                    match decoder.score_unless_plain_wins(pos, *cursor, previous, &candidates, depth) {
                        Scores::PlainWins(floor) => {
                            assert_eq!(verdict.best_k, 0, "seed {seed}, item {}: {text}", cursor.item);
                            assert!(verdict.margin >= verdict.needed && floor >= verdict.needed && floor <= verdict.margin, "seed {seed}, item {}: floor {floor}, {verdict:?}", cursor.item);
                            assert!(!decoder.needs_repair(pos, *cursor, previous, &candidates[0]));
                            won += 1;
                        }
                        Scores::All(scored) => {
                            let bits = |s: &[(f64, usize)]| s.iter().map(|(t, k)| (t.to_bits(), *k)).collect::<Vec<_>>();
                            assert_eq!(bits(&scored), bits(&full), "seed {seed}, item {}", cursor.item);
                            let printed_wins = candidates[0].1.cost == 0.0 && verdict.best_k == 0 && verdict.margin >= verdict.needed && !decoder.needs_repair(pos, *cursor, previous, &candidates[0]);
                            assert!(!printed_wins, "seed {seed}, item {}: the shortcut missed a plain win", cursor.item);
                        }
                    }
                    compared += 1;
                }
            }
        }
        assert!(compared > 500 && won > 50, "compared {compared}, of which the printed move won alone {won}");
    }

    /// Over random games printed in book style with OCR noise, from boards
    /// on the game and off it (a board ahead of or behind the text), at
    /// every place in the text, depths 0 to 11 and beams 1 to 6: the same
    /// total, to the last bit.
    #[test]
    fn passing_over_dear_lines_changes_no_look_ahead() {
        let (mut compared, mut finite) = (0, 0);
        for seed in 0..12 {
            let mut rng = Rng::new(seed);
            let start = Position::initial();
            let game = random_game(&mut rng, &start, 40);
            let printed = print_book_style(&mut rng, &start, &game);
            let text = corrupt(&mut rng, &printed, [0.0, 0.05, 0.2][seed as usize % 3]);
            let tokens = scan(&text, 0);
            let opts = DecodeOptions { beam: 1 + rng.below(6), ..DecodeOptions::default() };
            let decoder = Decoder::new(&BookDraughts, &tokens, &opts);
            let mut boards = vec![start];
            for mv in &game {
                let next = boards.last().expect("a board").play(mv);
                boards.push(next);
            }
            for item in 0..=decoder.items.len() {
                let pos = &boards[rng.below(boards.len())];
                let depth = rng.below(12);
                let cursor = Cursor { item, off: 0 };
                let want = lookahead_following_all(&decoder, pos, cursor, depth, Spellings::nothing());
                let got = decoder.lookahead(pos, cursor, depth, Spellings::nothing());
                assert_eq!(got.to_bits(), want.to_bits(), "seed {seed}, item {item}, depth {depth}: {text}");
                compared += 1;
                finite += usize::from(want.is_finite() && want > 0.0);
            }
        }
        assert!(compared > 300 && finite > 100, "compared {compared}, of which finite and above zero {finite}");
    }
}
