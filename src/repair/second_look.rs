//! The second look: when a line breaks down, or a move needs a dear mend,
//! the last few moves are read again with each reading followed to the end
//! of the text. A misprint that is itself a legal move shows only later.

use super::align::Reading;
use super::decode::{Before, Chosen, Cursor, Decoder, DecodedMove, History};
use super::spellings::Spellings;
use super::{Spelling, TokenKind};

/// How often a breakdown may send the reader back, in one text.
pub(super) const RECONSIDER_BUDGET: usize = 8;
/// How much dearer than the move as read another reading of it may be and still be tried.
const RECONSIDER_SPREAD: f64 = 1.6;
/// Added to each cap on a look to the end, so that rounding in sums of
/// costs never drops a reading the test after it would take.
const CAP_SLACK: f64 = 0.5;
/// The most repair per number left to read that a reading found by going back may need.
const RECONSIDER_DENSITY: f64 = 0.25;

/// What the moves cost before each of them, and after the last: `out[j]` is the cost of `moves[..j]`.
fn cost_before_each<M>(moves: &[DecodedMove<M>]) -> Vec<f64> {
    std::iter::once(0.0)
        .chain(moves.iter().scan(0.0, |sum, m| {
            *sum += m.cost;
            Some(*sum)
        }))
        .collect()
}

impl<G: Spelling> Decoder<'_, G> {
    /// The line has broken down at `stop`. Each of the last few moves is read
    /// again, every reading followed to the end of the text; an earlier move is
    /// replaced only when another reading of it reads to the end and beats the
    /// line as read (the breakdown included) and every other reading by a clear
    /// margin. Returns the move's index and the new reading.
    pub(super) fn reconsider(&self, history: &History<G::Position>, moves: &[DecodedMove<G::Move>], stop: Cursor, done: &mut Vec<(usize, usize)>) -> Option<(usize, Chosen<G::Move>)> {
        let k = moves.len();
        if k == 0 || done.len() >= RECONSIDER_BUDGET {
            return None;
        }
        let prefix = cost_before_each(moves);
        let as_read = prefix[k] + self.unread_cost_to(stop, self.look_limit(stop));
        let mut best: Option<(f64, usize, Chosen<G::Move>)> = None;
        for j in history.last(k, self.opts.reconsider) {
            if done.contains(&(j, history[j].cursor.item)) {
                continue;
            }
            if let Some((total, chosen)) = self.read_again(&history[j], &moves[j], prefix[j], as_read)
                && best.as_ref().is_none_or(|b| total < b.0)
            {
                best = Some((total, j, chosen));
            }
        }
        let (_, j, chosen) = best?;
        done.push((j, history[j].cursor.item));
        Some((j, chosen))
    }

    /// Move `read` (from `before`, after moves costing `prefix`) read again:
    /// the best other reading that follows to the end and beats the line as
    /// read (`as_read`) and every rival by the margin needed; with its total.
    fn read_again(&self, before: &Before<G::Position>, read: &DecodedMove<G::Move>, prefix: f64, as_read: f64) -> Option<(f64, Chosen<G::Move>)> {
        let mut candidates = self.ranked(&before.pos, before.cursor, &before.previous);
        // A reading much dearer than the move as read cannot win on a few moves' evidence.
        candidates.retain(|(mv, r)| *mv == read.mv || r.cost <= read.cost + RECONSIDER_SPREAD);
        if candidates.iter().all(|(mv, _)| *mv == read.mv) {
            return None;
        }
        // A reading to the end that needs repair at every turn is no evidence.
        let numbers = (before.cursor.item..self.look_limit(before.cursor)).filter(|&i| self.kind(i) == TokenKind::Number).count();
        let allowance = RECONSIDER_DENSITY * numbers as f64 + self.opts.overrule_margin;
        // Each total to the end, looked for only below `cap` (a total from `prefix` on): `None` above it.
        let total_below = |(mv, r): &(G::Move, Reading), cap: f64| {
            let rest_cap = cap - prefix - r.cost + CAP_SLACK;
            let (rest, complete) = self.cost_to_end_below(&self.game.play(&before.pos, mv), r.end, &Spellings::of(self.game, &before.pos, mv), rest_cap)?;
            Some((prefix + r.cost + rest, complete))
        };
        // Another reading counts only within the allowance: no other needs following far.
        let mut scored: Vec<Option<(f64, bool)>> = candidates.iter().map(|c| if c.0 == read.mv { None } else { total_below(c, prefix + allowance) }).collect();
        let (alt, (alt_total, alt_complete)) = scored.iter().enumerate().filter_map(|(i, s)| Some((i, (*s)?))).min_by(|a, b| a.1.0.total_cmp(&b.1.0))?;
        if !alt_complete || alt_total - prefix > allowance {
            return None;
        }
        // Its rivals count only below the line as read, which bounds the margin anyway.
        for (i, slot) in scored.iter_mut().enumerate() {
            if slot.is_none() && candidates[i].0 != candidates[alt].0 {
                *slot = total_below(&candidates[i], as_read);
            }
        }
        let rival = (0..candidates.len()).filter(|&i| candidates[i].0 != candidates[alt].0).filter_map(|i| scored[i]).map(|s| s.0).fold(as_read, f64::min);
        // Overruling a move read exactly as printed takes the wider margin.
        let needed = self.opts.deep_extra_margin + if read.edits.is_empty() { self.opts.min_margin.max(self.opts.overrule_margin) } else { self.opts.min_margin };
        let margin = rival - alt_total;
        (margin >= needed).then(|| (alt_total, (candidates[alt].0.clone(), candidates[alt].1.clone(), margin)))
    }

    /// The move about to be read (`mv`, from `pos`) needs mending. Is there an
    /// earlier move, read exactly as printed within the last few, another
    /// reading of which explains the whole text within the usual margin of
    /// the line as read, mend included? Then that earlier move is in doubt:
    /// its index and both readings.
    pub(super) fn earlier_rival(&self, history: &History<G::Position>, moves: &[DecodedMove<G::Move>], pos: &G::Position, mv: &G::Move, reading: &Reading) -> Option<(usize, Vec<Vec<u32>>)> {
        let k = moves.len();
        if self.opts.reconsider == 0 || self.opts.deep_beam == 0 || k == 0 {
            return None;
        }
        // The other cheap readings of each earlier move read as printed, latest
        // first. Most mends have none, and then the line as read need not be
        // followed to the end (the dearest part of the audit) to know it.
        let alternatives: Vec<(usize, Vec<(G::Move, Reading)>)> = history.last(k, self.opts.reconsider)
            .rev()
            .filter(|&j| moves[j].edits.is_empty())
            .map(|j| {
                let before = &history[j];
                let mut candidates = self.ranked(&before.pos, before.cursor, &before.previous);
                candidates.retain(|(m, r)| *m != moves[j].mv && r.cost <= RECONSIDER_SPREAD);
                (j, candidates)
            })
            .filter(|(_, candidates)| !candidates.is_empty())
            .collect();
        if alternatives.is_empty() {
            return None;
        }
        let prefix = cost_before_each(moves);
        let (rest, _) = self.cost_to_end(&self.game.play(pos, mv), reading.end, &Spellings::of(self.game, pos, mv));
        let as_read = prefix[k] + reading.cost + rest;
        for (j, candidates) in &alternatives {
            let (j, before) = (*j, &history[*j]);
            for (alt, r) in candidates {
                // Only a reading below the line as read matters: the look stops at that.
                let cap = as_read + self.opts.min_margin - prefix[j] - r.cost + CAP_SLACK;
                let Some((rest, complete)) = self.cost_to_end_below(&self.game.play(&before.pos, alt), r.end, &Spellings::of(self.game, &before.pos, alt), cap) else { continue };
                if complete && prefix[j] + r.cost + rest < as_read + self.opts.min_margin {
                    let spell = |m: &G::Move| self.game.spellings(&before.pos, m).into_iter().next().unwrap_or_default();
                    return Some((j, vec![spell(&moves[j].mv), spell(alt)]));
                }
            }
        }
        None
    }
}
