//! Lookahead search over (token position, board position), constrained by legal moves.

use super::cost::{classify, CostModel};
use super::{Spelling, Token, TokenKind};
use crate::span::Span;
use crate::tree::Edit;
use std::collections::BTreeMap;
use std::ops::Range;

#[derive(Clone, Debug)]
pub struct DecodeOptions {
    pub cost: CostModel,
    /// Moves read ahead before a move is chosen.
    pub lookahead: usize,
    /// Hypotheses kept per depth in each lookahead.
    pub beam: usize,
    /// Readings kept at each place in the text in the last look at a close
    /// call, which follows every reading to the end (0: no such look).
    pub deep_beam: usize,
    /// Margin asked of that last look on top of the usual one.
    pub deep_extra_margin: f64,
    /// When a line breaks down, how many moves back a move may be read again
    /// (0: never).
    pub reconsider: usize,
    /// Readings of the next move compared in full.
    pub candidates: usize,
    /// A move is accepted only if every other reading costs this much more.
    pub min_margin: f64,
    /// The margin needed to read a move other than one printed exactly and legally.
    pub overrule_margin: f64,
    /// No single move may need more repair than this.
    pub max_move_cost: f64,
    /// Cost of a lookahead line that finds no legal reading before the text ends.
    pub dead_end: f64,
    /// Cost per number token of declaring the rest of the text not a move at all.
    pub unread_per_token: f64,
    /// The same for a junk token (specks are common; leaving one unread is cheap).
    pub unread_per_junk: f64,
}

impl Default for DecodeOptions {
    fn default() -> DecodeOptions {
        DecodeOptions {
            cost: CostModel::default(),
            lookahead: 4,
            beam: 6,
            deep_beam: 16,
            deep_extra_margin: 1.0,
            reconsider: 10,
            candidates: 8,
            min_margin: 0.75,
            overrule_margin: 3.0,
            max_move_cost: 3.2,
            dead_end: 6.0,
            unread_per_token: 2.5,
            unread_per_junk: 0.3,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct DecodedMove<M> {
    pub mv: M,
    /// Indices into the token slice this move was read from.
    pub tokens: Range<usize>,
    pub span: Span,
    /// Empty when the move was read as printed.
    pub edits: Vec<Edit>,
    pub cost: f64,
    /// Cost difference to the best other reading (infinite when there is none).
    pub margin: f64,
    /// 0..1, from the margin.
    pub confidence: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StopReason {
    /// No legal move is printed here, even allowing for OCR errors.
    NoLegalReading,
    /// Two or more readings are too close to choose; each as square numbers.
    Ambiguous { readings: Vec<Vec<u32>> },
    /// The game is over (no legal move) but text remains.
    GameOver,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stop {
    /// First token not read.
    pub at_token: usize,
    /// The unread remainder.
    pub span: Span,
    pub reason: StopReason,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Decoded<M> {
    pub moves: Vec<DecodedMove<M>>,
    pub stop: Option<Stop>,
    /// Junk tokens after the last move (specks), kept but not moves.
    pub trailing_junk: Vec<Span>,
}

/// Where reading stands: an item (number or junk token) and a byte offset inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cursor {
    item: usize,
    off: usize,
}

/// One stretch of text consumed, for the edit log.
#[derive(Clone, Debug)]
struct Piece {
    span: Span,
    printed: String,
    /// The number it was read as; `None` for text passed over.
    read_as: Option<u32>,
    kind: &'static str,
    cost: f64,
}

#[derive(Clone, Debug)]
struct Reading {
    cost: f64,
    end: Cursor,
    pieces: Vec<Piece>,
}

/// Where reading stood before a move: enough to read that move again.
struct Before<P> {
    pos: P,
    cursor: Cursor,
    previous: Vec<Vec<u32>>,
}

/// How often a breakdown may send the reader back, in one text.
const RECONSIDER_BUDGET: usize = 8;
/// How much dearer than the move as read another reading of it may be and still be tried.
const RECONSIDER_SPREAD: f64 = 1.6;
/// The most repair per number left to read that a reading found by going back may need.
const RECONSIDER_DENSITY: f64 = 0.25;
/// A mend at least this dear is checked against the earlier moves read as printed.
const MEND_AUDIT_COST: f64 = 1.0;

/// What the moves cost before each of them, and after the last: `out[j]` is the cost of `moves[..j]`.
fn cost_before_each<M>(moves: &[DecodedMove<M>]) -> Vec<f64> {
    std::iter::once(0.0).chain(moves.iter().scan(0.0, |sum, m| {
        *sum += m.cost;
        Some(*sum)
    })).collect()
}

struct Decoder<'a, G: Spelling> {
    game: &'a G,
    tokens: &'a [Token],
    /// Token indices of the number and junk tokens, in order.
    items: Vec<usize>,
    opts: &'a DecodeOptions,
}

/// Read the longest legal move sequence the tokens support from `start`.
pub fn decode<G: Spelling>(game: &G, start: &G::Position, tokens: &[Token], opts: &DecodeOptions) -> Decoded<G::Move> {
    let items = tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| matches!(t.kind, TokenKind::Number | TokenKind::Junk))
        .map(|(i, _)| i)
        .collect();
    let dec = Decoder { game, tokens, items, opts };
    dec.run(start)
}

impl<G: Spelling> Decoder<'_, G> {
    fn text(&self, item: usize) -> &[u8] {
        self.tokens[self.items[item]].text.as_bytes()
    }

    /// How far the first `k` numbers after the cursor are from repeating the
    /// `k` numbers before it in order (`before` runs backwards from the
    /// cursor), as the cost of reading one copy as the other; `None` past the
    /// model's limit.
    fn repeat_mismatch(&self, before: &[usize], after: &[usize], k: usize) -> Option<f64> {
        let model = &self.opts.cost;
        let mut total = 0.0;
        for j in 0..k {
            let (a, b) = (after[j], before[k - 1 - j]);
            let one_way = model.read_as(self.text(a), &self.digits(b));
            let other_way = model.read_as(self.text(b), &self.digits(a));
            total += one_way.min(other_way);
            if total > model.repeat_mismatch_limit {
                return None;
            }
        }
        Some(total)
    }

    /// A number token read letter by letter as its likeliest digits.
    fn digits(&self, item: usize) -> Vec<u8> {
        self.text(item)
            .iter()
            .map(|&c| if c.is_ascii_digit() { c } else { super::cost::letter_readings(c).first().map_or(c, |r| r.0) })
            .collect()
    }

    fn kind(&self, item: usize) -> TokenKind {
        self.tokens[self.items[item]].kind
    }

    fn byte(&self, c: Cursor) -> usize {
        match self.items.get(c.item) {
            Some(&t) => self.tokens[t].span.start + c.off,
            None => self.tokens.last().map_or(0, |t| t.span.end),
        }
    }

    fn at_end(&self, c: Cursor) -> bool {
        c.item >= self.items.len()
    }

    fn token_index(&self, c: Cursor) -> usize {
        self.items.get(c.item).copied().unwrap_or(self.tokens.len())
    }

    /// What leaving everything from `c` on unread costs.
    fn unread_cost(&self, c: Cursor) -> f64 {
        (c.item..self.items.len())
            .map(|i| if self.kind(i) == TokenKind::Junk { self.opts.unread_per_junk } else { self.opts.unread_per_token })
            .sum()
    }

    /// Only junk is left: specks after the last move.
    fn only_junk_left(&self, c: Cursor) -> bool {
        c.off == 0 && (c.item..self.items.len()).all(|i| self.kind(i) == TokenKind::Junk)
    }

    fn run(&self, start: &G::Position) -> Decoded<G::Move> {
        let mut pos = start.clone();
        let mut cursor = Cursor { item: 0, off: 0 };
        let mut moves: Vec<DecodedMove<G::Move>> = Vec::new();
        // The state before each move read, to read it again if the line breaks down later.
        let mut history: Vec<Before<G::Position>> = Vec::new();
        let mut reconsidered: Vec<(usize, usize)> = Vec::new();
        // How the move just read may be printed: a copy of it is a repeat.
        let mut previous: Vec<Vec<u32>> = Vec::new();
        loop {
            if self.at_end(cursor) {
                return Decoded { moves, stop: None, trailing_junk: Vec::new() };
            }
            if self.only_junk_left(cursor) {
                let junk = (cursor.item..self.items.len()).map(|i| self.tokens[self.items[i]].span).collect();
                return Decoded { moves, stop: None, trailing_junk: junk };
            }
            let legal = self.game.legal_moves(&pos);
            if legal.is_empty() {
                return Decoded { moves, trailing_junk: Vec::new(), stop: Some(self.stop_at(cursor, StopReason::GameOver)) };
            }
            let decided: Result<(G::Move, Reading, f64), StopReason> = 'decide: {
                let mut candidates = self.ranked(&pos, &legal, cursor, &previous);
                if candidates.is_empty() {
                    break 'decide Err(StopReason::NoLegalReading);
                }
                let score = |depth: usize| -> Vec<(f64, usize)> {
                    candidates
                        .iter()
                        .enumerate()
                        .map(|(k, (mv, reading))| {
                            let next = self.game.play(&pos, mv);
                            (reading.cost + self.lookahead(&next, reading.end, depth, self.game.spellings(&pos, mv)), k)
                        })
                        .collect()
            };
            let judge = |scored: &[(f64, usize)], extra: f64| {
                let (best_total, best_k) = scored.iter().copied().min_by(|a, b| a.0.total_cmp(&b.0)).unwrap_or((f64::INFINITY, 0));
                let best_move = &candidates[best_k].0;
                let rival = scored.iter().filter(|(_, k)| candidates[*k].0 != *best_move).map(|(c, _)| *c).fold(f64::INFINITY, f64::min);
                let unread = self.unread_cost(cursor);
                // Overruling a move that reads exactly as printed takes a wider margin.
                let overrules_print = candidates[best_k].1.cost > 0.0 && candidates.iter().any(|(m, r)| r.cost == 0.0 && m != best_move);
                let needed = extra + if overrules_print { self.opts.min_margin.max(self.opts.overrule_margin) } else { self.opts.min_margin };
                (best_total, best_k, rival, unread, rival.min(unread) - best_total, needed)
            };
            let mut scored = score(self.opts.lookahead.saturating_sub(1));
            let mut verdict = judge(&scored, 0.0);
            // A close call is looked at again, further ahead, before the line stops:
            // a misreading usually shows itself some moves later.
            if verdict.4 < verdict.5 && self.opts.lookahead > 1 {
                scored = score(3 * self.opts.lookahead - 1);
                verdict = judge(&scored, 0.0);
            }
            // Last, each reading is followed to the end of the text.
            if verdict.4 < verdict.5 && self.opts.deep_beam > 0 {
                let mut reaches_end = Vec::with_capacity(candidates.len());
                let deep: Vec<(f64, usize)> = candidates
                    .iter()
                    .enumerate()
                    .map(|(k, (mv, reading))| {
                        let (cost, complete) = self.cost_to_end(&self.game.play(&pos, mv), reading.end, self.game.spellings(&pos, mv));
                        reaches_end.push(complete);
                        (reading.cost + cost, k)
                    })
                    .collect();
                // Costs summed over the whole rest of the text are noisier: ask for more.
                let deep_verdict = judge(&deep, self.opts.deep_extra_margin);
                // Two readings that both break down later say nothing about which is right.
                if reaches_end[deep_verdict.1] {
                    scored = deep;
                    verdict = deep_verdict;
                }
            }
            let (best_total, best_k, rival, unread, margin, needed) = verdict;
            if margin < needed {
                if unread - best_total < self.opts.min_margin && rival - best_total >= self.opts.min_margin {
                    break 'decide Err(StopReason::NoLegalReading);
                }
                let mut readings: Vec<Vec<u32>> = Vec::new();
                for (c, k) in &scored {
                    if *c - best_total < needed {
                        let mv = &candidates[*k].0;
                        let spelled = self.game.spellings(&pos, mv).into_iter().next().unwrap_or_default();
                        if !readings.contains(&spelled) {
                            readings.push(spelled);
                        }
                    }
                }
                break 'decide Err(StopReason::Ambiguous { readings });
            }
            let (mv, reading) = candidates.swap_remove(best_k);
            Ok((mv, reading, margin))
            };
            let (mv, reading, margin) = match decided {
                Ok(decided) => decided,
                Err(reason) => match self.reconsider(&history, &moves, cursor, &mut reconsidered) {
                    // A move read earlier, legal but wrong, shows itself only here: read
                    // that move again, this time following every reading to the end.
                    Some((j, mv, reading, margin)) => {
                        moves.truncate(j);
                        let before = history.swap_remove(j);
                        history.truncate(j);
                        (pos, cursor, previous) = (before.pos, before.cursor, before.previous);
                        (mv, reading, margin)
                    }
                    None => return Decoded { moves, trailing_junk: Vec::new(), stop: Some(self.stop_at(cursor, reason)) },
                },
            };
            // A mend may only shift a misprint from an earlier move that read
            // as printed (`1-6 … 5-9` for `1-5 … 5-9`): if reading that move
            // otherwise explains the text about as well, neither is certain.
            if reading.cost >= MEND_AUDIT_COST
                && let Some((j, readings)) = self.earlier_rival(&history, &moves, &pos, &mv, &reading)
            {
                moves.truncate(j);
                return Decoded { moves, trailing_junk: Vec::new(), stop: Some(self.stop_at(history[j].cursor, StopReason::Ambiguous { readings })) };
            }
            history.push(Before { pos: pos.clone(), cursor, previous: previous.clone() });
            let first_token = self.token_index(cursor);
            let end_token = if reading.end.off > 0 { self.token_index(reading.end) + 1 } else { self.token_index(reading.end) };
            let span = reading
                .pieces
                .iter()
                .filter(|p| p.read_as.is_some())
                .map(|p| p.span)
                .reduce(Span::join)
                .unwrap_or_else(|| Span::new(self.byte(cursor), self.byte(reading.end)));
            let edits = reading
                .pieces
                .iter()
                .filter(|p| p.kind != "exact")
                .map(|p| Edit {
                    span: p.span,
                    from: p.printed.clone(),
                    to: p.read_as.map_or(String::new(), |n| n.to_string()),
                    kind: p.kind.to_string(),
                    cost: p.cost,
                })
                .collect();
            previous = self.game.spellings(&pos, &mv);
            pos = self.game.play(&pos, &mv);
            cursor = reading.end;
            moves.push(DecodedMove {
                mv,
                tokens: first_token..end_token.max(first_token + 1),
                span,
                edits,
                cost: reading.cost,
                margin,
                confidence: if margin.is_finite() { 1.0 - (-margin).exp() } else { 1.0 },
            });
        }
    }

    /// The line has broken down at `stop`. Each of the last few moves is read
    /// again, every reading followed to the end of the text; an earlier move is
    /// replaced only when another reading of it reads to the end and beats the
    /// line as read (the breakdown included) and every other reading by a clear
    /// margin. Returns the move's index, the new reading and its margin.
    fn reconsider(&self, history: &[Before<G::Position>], moves: &[DecodedMove<G::Move>], stop: Cursor, done: &mut Vec<(usize, usize)>) -> Option<(usize, G::Move, Reading, f64)> {
        let k = moves.len();
        if k == 0 || done.len() >= RECONSIDER_BUDGET {
            return None;
        }
        let prefix = cost_before_each(moves);
        let as_read = prefix[k] + self.unread_cost(stop);
        let mut best: Option<(f64, usize, G::Move, Reading, f64)> = None;
        for j in k.saturating_sub(self.opts.reconsider)..k {
            let before = &history[j];
            if done.contains(&(j, before.cursor.item)) {
                continue;
            }
            let legal = self.game.legal_moves(&before.pos);
            let mut candidates = self.ranked(&before.pos, &legal, before.cursor, &before.previous);
            // A reading much dearer than the move as read cannot win on a few moves' evidence.
            candidates.retain(|(mv, r)| *mv == moves[j].mv || r.cost <= moves[j].cost + RECONSIDER_SPREAD);
            if candidates.iter().all(|(mv, _)| *mv == moves[j].mv) {
                continue;
            }
            let scored: Vec<(f64, bool)> = candidates
                .iter()
                .map(|(mv, r)| {
                    let (rest, complete) = self.cost_to_end(&self.game.play(&before.pos, mv), r.end, self.game.spellings(&before.pos, mv));
                    (prefix[j] + r.cost + rest, complete)
                })
                .collect();
            let read = &moves[j].mv;
            let Some(alt) = (0..candidates.len()).filter(|&i| candidates[i].0 != *read).min_by(|&a, &b| scored[a].0.total_cmp(&scored[b].0)) else { continue };
            // A reading to the end that needs repair at every turn is no evidence.
            let numbers = (before.cursor.item..self.items.len()).filter(|&i| self.kind(i) == TokenKind::Number).count();
            if !scored[alt].1 || scored[alt].0 - prefix[j] > RECONSIDER_DENSITY * numbers as f64 + self.opts.overrule_margin {
                continue;
            }
            let rival = (0..candidates.len()).filter(|&i| candidates[i].0 != candidates[alt].0).map(|i| scored[i].0).fold(as_read, f64::min);
            // Overruling a move read exactly as printed takes the wider margin.
            let needed = self.opts.deep_extra_margin + if moves[j].edits.is_empty() { self.opts.min_margin.max(self.opts.overrule_margin) } else { self.opts.min_margin };
            let margin = rival - scored[alt].0;
            if margin >= needed && best.as_ref().is_none_or(|b| scored[alt].0 < b.0) {
                best = Some((scored[alt].0, j, candidates[alt].0.clone(), candidates[alt].1.clone(), margin));
            }
        }
        let (_, j, mv, reading, margin) = best?;
        done.push((j, history[j].cursor.item));
        Some((j, mv, reading, margin))
    }

    /// Where a line stops at `at`: from there to the end of the text, unread.
    fn stop_at(&self, at: Cursor, reason: StopReason) -> Stop {
        let from = self.byte(at);
        let to = self.tokens.last().map_or(from, |t| t.span.end);
        Stop { at_token: self.token_index(at), span: Span::new(from, to.max(from)), reason }
    }

    /// The move about to be read (`mv`, from `pos`) needs mending. Is there an
    /// earlier move, read exactly as printed within the last few, another
    /// reading of which explains the whole text within the usual margin of
    /// the line as read, mend included? Then that earlier move is in doubt:
    /// its index and both readings.
    fn earlier_rival(&self, history: &[Before<G::Position>], moves: &[DecodedMove<G::Move>], pos: &G::Position, mv: &G::Move, reading: &Reading) -> Option<(usize, Vec<Vec<u32>>)> {
        let k = moves.len();
        if self.opts.reconsider == 0 || self.opts.deep_beam == 0 || k == 0 {
            return None;
        }
        let prefix = cost_before_each(moves);
        let (rest, _) = self.cost_to_end(&self.game.play(pos, mv), reading.end, self.game.spellings(pos, mv));
        let as_read = prefix[k] + reading.cost + rest;
        for j in (k.saturating_sub(self.opts.reconsider)..k).rev() {
            if !moves[j].edits.is_empty() {
                continue;
            }
            let before = &history[j];
            let legal = self.game.legal_moves(&before.pos);
            let candidates = self.ranked(&before.pos, &legal, before.cursor, &before.previous);
            for (alt, r) in candidates.iter().filter(|(m, r)| *m != moves[j].mv && r.cost <= RECONSIDER_SPREAD) {
                let (rest, complete) = self.cost_to_end(&self.game.play(&before.pos, alt), r.end, self.game.spellings(&before.pos, alt));
                if complete && prefix[j] + r.cost + rest < as_read + self.opts.min_margin {
                    let spell = |m: &G::Move| self.game.spellings(&before.pos, m).into_iter().next().unwrap_or_default();
                    return Some((j, vec![spell(&moves[j].mv), spell(alt)]));
                }
            }
        }
        None
    }

    /// Best total cost of reading up to `depth` more moves (0 if the text ends).
    /// The cheapest reading of all the text from `cursor` on, where a line
    /// that stops pays for everything it leaves unread. A beam over (cursor,
    /// position): readings compete only with others that have read exactly
    /// as far, so a line is never favoured for having read less. Costs never
    /// fall, so any line already dearer than a finished one is dropped.
    /// Also says whether that cheapest reading reads every number to the end.
    fn cost_to_end(&self, pos: &G::Position, cursor: Cursor, previous: Vec<Vec<u32>>) -> (f64, bool) {
        type State<P> = (f64, P, Vec<Vec<u32>>);
        let mut waiting: BTreeMap<(usize, usize), Vec<State<G::Position>>> = BTreeMap::new();
        waiting.insert((cursor.item, cursor.off), vec![(0.0, pos.clone(), previous)]);
        let mut best = f64::INFINITY;
        let mut complete = false;
        while let Some(((item, off), mut here)) = waiting.pop_first() {
            let at = Cursor { item, off };
            here.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut kept: Vec<State<G::Position>> = Vec::with_capacity(self.opts.deep_beam);
            for state in here {
                if kept.len() == self.opts.deep_beam {
                    break;
                }
                if !kept.iter().any(|k| k.1 == state.1) {
                    kept.push(state);
                }
            }
            for (cost, p, previous) in kept {
                let stop_here = cost + self.unread_cost(at);
                if stop_here < best {
                    best = stop_here;
                    complete = self.at_end(at) || self.only_junk_left(at);
                }
                if cost >= best || self.at_end(at) {
                    continue;
                }
                let legal = self.game.legal_moves(&p);
                for (mv, reading) in self.expand(&p, &legal, at, &previous) {
                    let total = cost + reading.cost;
                    if total < best {
                        let state = (total, self.game.play(&p, &mv), self.game.spellings(&p, &mv));
                        waiting.entry((reading.end.item, reading.end.off)).or_default().push(state);
                    }
                }
            }
        }
        (best, complete)
    }

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
                let legal = self.game.legal_moves(p);
                let expansions = self.expand(p, &legal, *c, previous);
                let give_up = cost + self.opts.dead_end.min(self.unread_cost(*c));
                if expansions.is_empty() {
                    best = best.min(give_up);
                    continue;
                }
                for (mv, reading) in expansions {
                    next.push((cost + reading.cost, p.clone(), mv, reading.end));
                }
                // Reading on must compete with giving up here.
                best = best.min(give_up + self.opts.dead_end);
            }
            next.sort_by(|a, b| a.0.total_cmp(&b.0));
            next.dedup_by(|a, b| a.3 == b.3 && a.2 == b.2);
            next.truncate(self.opts.beam);
            frontier = next.into_iter().map(|(c, p, mv, end)| (c, self.game.play(&p, &mv), end, self.game.spellings(&p, &mv))).collect();
            if frontier.is_empty() {
                break;
            }
        }
        frontier.iter().map(|f| f.0).fold(best, f64::min)
    }

    /// The cheapest readings of the next move, cheapest first, as many as the options compare.
    fn ranked(&self, pos: &G::Position, legal: &[G::Move], cursor: Cursor, previous: &[Vec<u32>]) -> Vec<(G::Move, Reading)> {
        let mut candidates = self.expand(pos, legal, cursor, previous);
        candidates.sort_by(|a, b| a.1.cost.total_cmp(&b.1.cost));
        candidates.truncate(self.opts.candidates);
        candidates
    }

    /// Every reading of one legal move starting at `cursor`, within the cost limit.
    fn expand(&self, pos: &G::Position, legal: &[G::Move], cursor: Cursor, previous: &[Vec<u32>]) -> Vec<(G::Move, Reading)> {
        let mut out: Vec<(G::Move, Reading)> = Vec::new();
        let starts = self.move_starts(cursor, previous);
        for mv in legal {
            for spelling in self.game.spellings(pos, mv) {
                for start in &starts {
                    let mut readings = Vec::new();
                    self.align(&spelling, 0, start.end, start.cost, start.pieces.clone(), &mut readings);
                    for r in readings {
                        // Keep only the cheapest reading of a move that ends in the same place.
                        if let Some(prev) = out.iter_mut().find(|(m, p)| m == mv && p.end == r.end) {
                            if r.cost < prev.1.cost {
                                prev.1 = r;
                            }
                        } else {
                            out.push((mv.clone(), r));
                        }
                    }
                }
            }
        }
        out
    }

    /// Places a move may start: here, past a stray token or two, or past a repeated run.
    fn move_starts(&self, cursor: Cursor, previous: &[Vec<u32>]) -> Vec<Reading> {
        let here = Reading { cost: 0.0, end: cursor, pieces: Vec::new() };
        let mut starts = vec![here.clone()];
        if cursor.off != 0 {
            return starts;
        }
        let model = &self.opts.cost;
        let mut acc = here;
        for _ in 0..2 {
            let i = acc.end.item;
            if i >= self.items.len() {
                break;
            }
            let cost = if self.kind(i) == TokenKind::Junk { model.junk } else { model.stray_number };
            let tok = &self.tokens[self.items[i]];
            acc.cost += cost;
            acc.pieces.push(Piece {
                span: tok.span,
                printed: tok.text.clone(),
                read_as: None,
                kind: if self.kind(i) == TokenKind::Junk { "junk-skipped" } else { "stray-number-skipped" },
                cost,
            });
            acc.end = Cursor { item: i + 1, off: 0 };
            if acc.cost <= self.opts.max_move_cost {
                starts.push(acc.clone());
            }
        }
        // A fragment printed twice: the next k numbers repeat the k before
        // (specks of junk in either copy do not count).
        let i = cursor.item;
        let before: Vec<usize> = (0..i).rev().filter(|&j| self.kind(j) == TokenKind::Number).take(8).collect();
        let after: Vec<usize> = (i..self.items.len()).filter(|&j| self.kind(j) == TokenKind::Number).take(8).collect();
        for k in 2..=before.len().min(after.len()) {
            // Either copy may be misread: they need only read alike.
            if let Some(mismatch) = self.repeat_mismatch(&before, &after, k) {
                let cost = model.repeat_base + model.repeat_per_token * k as f64 + mismatch;
                starts.push(self.repeat_passed_over(i, after[k - 1], cost));
            }
        }
        // The move just read printed again (this copy may be misread, or the first).
        for spelling in previous {
            if let Some((last, mismatch)) = self.copy_of(i, spelling) {
                let cost = model.repeat_base + model.repeat_per_token * spelling.len() as f64 + mismatch;
                if !starts.iter().any(|s| s.end.item == last + 1 && s.cost <= cost) {
                    starts.push(self.repeat_passed_over(i, last, cost));
                }
            }
        }
        starts
    }

    /// Items `first..=last` passed over as a repeated run.
    fn repeat_passed_over(&self, first: usize, last: usize, cost: f64) -> Reading {
        let span = self.tokens[self.items[first]].span.join(self.tokens[self.items[last]].span);
        Reading {
            cost,
            end: Cursor { item: last + 1, off: 0 },
            pieces: vec![Piece {
                span,
                printed: (first..=last).map(|j| self.tokens[self.items[j]].text.as_str()).collect::<Vec<_>>().join(" "),
                read_as: None,
                kind: "repeat-skipped",
                cost,
            }],
        }
    }

    /// Whether the number tokens from item `i` (specks of junk passed over)
    /// read as `spelling`: the last item of the copy and the read cost.
    fn copy_of(&self, i: usize, spelling: &[u32]) -> Option<(usize, f64)> {
        let model = &self.opts.cost;
        let mut item = i;
        let mut total = 0.0;
        let mut last = None;
        for n in spelling {
            while item < self.items.len() && self.kind(item) == TokenKind::Junk && item > i {
                item += 1;
            }
            if item >= self.items.len() || self.kind(item) != TokenKind::Number {
                return None;
            }
            total += model.read_as(self.text(item), n.to_string().as_bytes());
            if total > model.repeat_mismatch_limit {
                return None;
            }
            last = Some(item);
            item += 1;
        }
        last.map(|l| (l, total))
    }

    /// Align numbers `spelling[j..]` from `cursor`, pushing every complete reading under the limit.
    fn align(&self, spelling: &[u32], j: usize, cursor: Cursor, cost: f64, pieces: Vec<Piece>, out: &mut Vec<Reading>) {
        if j == spelling.len() {
            out.push(Reading { cost, end: cursor, pieces });
            return;
        }
        let limit = self.opts.max_move_cost;
        let model = &self.opts.cost;
        let target = spelling[j].to_string();
        let target = target.as_bytes();
        // A whole number lost from the print: at most one a move, and never all of it.
        let lost_already = pieces.iter().any(|p| p.kind == "number-lost");
        let read_some = pieces.iter().any(|p| p.read_as.is_some() && p.kind != "number-lost");
        if !lost_already && (read_some || j + 1 < spelling.len()) && cost + model.lost_number <= limit {
            let at = self.byte(cursor);
            let mut p = pieces.clone();
            p.push(Piece { span: Span::new(at, at), printed: String::new(), read_as: Some(spelling[j]), kind: "number-lost", cost: model.lost_number });
            self.align(spelling, j + 1, cursor, cost + model.lost_number, p, out);
        }
        // Junk between the numbers of one move is passed over.
        let mut c = cursor;
        let mut skip_cost = 0.0;
        let mut skipped = Vec::new();
        while c.off == 0 && c.item < self.items.len() && self.kind(c.item) == TokenKind::Junk && skipped.len() < 2 {
            let tok = &self.tokens[self.items[c.item]];
            skip_cost += model.junk;
            skipped.push(Piece { span: tok.span, printed: tok.text.clone(), read_as: None, kind: "junk-skipped", cost: model.junk });
            c.item += 1;
        }
        if c.item >= self.items.len() || self.kind(c.item) != TokenKind::Number {
            return;
        }
        let tok = &self.tokens[self.items[c.item]];
        let rest = &tok.text.as_bytes()[c.off..];
        let base = tok.span.start + c.off;
        // One token (or its start) read as this number.
        for e in 1..=rest.len().min(target.len() + 2) {
            let run_on = e < rest.len();
            let c_read = model.read_as(&rest[..e], target) + if run_on { model.run_together } else { 0.0 };
            let total = cost + skip_cost + c_read;
            if total > limit {
                continue;
            }
            let printed = String::from_utf8_lossy(&rest[..e]).into_owned();
            let kind = if c_read == 0.0 {
                "exact"
            } else if model.cut_at_edge.is_some() && !run_on && model.is_cut(&rest[..e], target) {
                "cut-at-edge"
            } else if run_on && model.read_as(&rest[..e], target) == 0.0 {
                "run-together"
            } else {
                classify(&rest[..e], target)
            };
            let mut p = pieces.clone();
            p.extend(skipped.iter().cloned());
            p.push(Piece { span: Span::new(base, base + e), printed, read_as: Some(spelling[j]), kind, cost: c_read });
            let next = if run_on { Cursor { item: c.item, off: c.off + e } } else { Cursor { item: c.item + 1, off: 0 } };
            self.align(spelling, j + 1, next, total, p, out);
        }
        // The number broken over two tokens, perhaps with a speck of junk between.
        let gap = if c.item + 2 < self.items.len() && self.kind(c.item + 1) == TokenKind::Junk && self.text(c.item + 1).len() == 1 { 1 } else { 0 };
        for gap in (0..=gap).rev() {
            let after = c.item + 1 + gap;
            if after >= self.items.len() || self.kind(after) != TokenKind::Number {
                continue;
            }
            let next_tok = &self.tokens[self.items[after]];
            let gap_cost = gap as f64 * model.junk;
            if rest.len() + next_tok.text.len() <= target.len() + 1 {
                let mut joined = rest.to_vec();
                joined.extend_from_slice(next_tok.text.as_bytes());
                let c_read = model.read_as(&joined, target) + model.split + gap_cost;
                let total = cost + skip_cost + c_read;
                if total <= limit {
                    let mut p = pieces.clone();
                    p.extend(skipped.iter().cloned());
                    p.push(Piece {
                        span: Span::new(base, next_tok.span.end),
                        printed: String::from_utf8_lossy(&joined).into_owned(),
                        read_as: Some(spelling[j]),
                        kind: "split",
                        cost: c_read,
                    });
                    self.align(spelling, j + 1, Cursor { item: after + 1, off: 0 }, total, p, out);
                }
            }
        }
    }
}
