//! Alignment: every way the text from one place may print one legal move.
//!
//! A move is a few square numbers; the text is number and junk tokens. A
//! reading lines the numbers up with the tokens, allowing for OCR's habits
//! (misread digits, numbers run together or split, a number lost, specks and
//! repeated runs passed over), and costs each step with the cost model. The
//! pieces of text a reading uses are kept as indices: strings are made only
//! for the reading finally chosen (see [`Decoder::edit_log`]).

use super::cost::classify;
use super::decode::{Cursor, Decoder};
use super::memo::AlignKey;
use super::spellings::Spellings;
use super::{Spelling, TokenKind};
use crate::span::Span;
use crate::tree::{Edit, EditKind};
use std::ops::Range;
use std::rc::Rc;

/// What a stretch of text read for a move was printed as.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Printed {
    /// Nothing: a number lost from the print.
    Nothing,
    /// One whole item.
    Item(usize),
    /// Items `first..=last`, as a run printed twice.
    Run(usize, usize),
    /// `len` bytes of an item from byte `off`.
    Part { item: usize, off: usize, len: usize },
    /// An item from byte `off` and the whole of item `next`: a number split in two.
    Joined { item: usize, off: usize, next: usize },
}

/// One stretch of text consumed, for the edit log.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Piece {
    pub span: Span,
    pub printed: Printed,
    /// The number it was read as; `None` for text passed over.
    pub read_as: Option<u32>,
    pub kind: EditKind,
    pub cost: f64,
}

/// One way of reading a move: its cost, where it ends and what it consumed
/// (the pieces are filled in only for the reading chosen, see [`Decoder::pieces_of`]).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Reading {
    pub cost: f64,
    pub end: Cursor,
    pub pieces: Vec<Piece>,
}

/// Every reading of every legal move from one place.
pub(super) type Expansion<M> = Rc<Vec<(M, Reading)>>;

/// The pieces of one reading of one move, as [`Decoder::pieces_of`] last found them.
pub(super) struct LastPieces<P, M> {
    pos: P,
    cursor: Cursor,
    previous: Spellings,
    mv: M,
    end: Cursor,
    pieces: Vec<Piece>,
}

impl<G: Spelling> Decoder<'_, G> {
    /// The cheapest readings of the next move, cheapest first, as many as the options compare.
    pub(super) fn ranked(&self, pos: &G::Position, cursor: Cursor, previous: &Spellings) -> Vec<(G::Move, Reading)> {
        let all = self.expand(pos, cursor, previous);
        // Sorted as indices (stably, as the readings themselves were) so that only those kept are copied.
        let mut order: Vec<usize> = (0..all.len()).collect();
        order.sort_by(|&a, &b| all[a].1.cost.total_cmp(&all[b].1.cost));
        order.truncate(self.opts.candidates);
        order.into_iter().map(|k| all[k].clone()).collect()
    }

    /// Every reading of one legal move starting at `cursor`, within the cost
    /// limit; remembered by (place in the text, board, move before), which is
    /// all it depends on.
    pub(super) fn expand(&self, pos: &G::Position, cursor: Cursor, previous: &Spellings) -> Expansion<G::Move> {
        if let Some(known) = self.memo.expansions.get(cursor, pos, previous) {
            return known;
        }
        let found = Rc::new(self.expand_afresh(pos, cursor, previous, None));
        self.memo.expansions.put(cursor, pos, previous, Rc::clone(&found));
        found
    }

    /// Every reading from `cursor`: of every legal move, or of `only` with the
    /// pieces of text each reading uses (the search itself needs only costs
    /// and ends, so it keeps no pieces).
    fn expand_afresh(&self, pos: &G::Position, cursor: Cursor, previous: &Spellings, only: Option<&G::Move>) -> Vec<(G::Move, Reading)> {
        let mut out: Vec<(G::Move, Reading)> = Vec::new();
        // Only the reading chosen needs the pieces of text its start passes over.
        let starts = self.move_starts(cursor, previous, only.is_some());
        let mut readings = Vec::new();
        let mut stack = Vec::new();
        for mv in self.game.legal_moves(pos).iter().filter(|m| only.is_none_or(|o| o == *m)) {
            let first_of_move = out.len();
            self.game.each_spelling(pos, mv, &mut |spelling| {
                for start in &starts {
                    self.align_from(spelling, start, only.is_some(), &mut readings, &mut stack);
                    for r in readings.drain(..) {
                        // Keep only the cheapest reading of a move that ends in the same place.
                        if let Some(prev) = out[first_of_move..].iter_mut().find(|(_, p)| p.end == r.end) {
                            if r.cost < prev.1.cost {
                                prev.1 = r;
                            }
                        } else {
                            out.push((mv.clone(), r));
                        }
                    }
                }
            });
        }
        out
    }

    /// Every reading of `spelling` after `start`, into `readings`. Without
    /// pieces they depend only on the numbers, where the start ends and what
    /// it cost, not on the board: boards that share a move share its readings.
    fn align_from(&self, spelling: &[u32], start: &Reading, keep_pieces: bool, readings: &mut Vec<Reading>, stack: &mut Vec<Piece>) {
        readings.clear();
        stack.clear();
        let key = if keep_pieces { None } else { AlignKey::new(spelling, start.end, start.cost) };
        if let Some(key) = &key
            && self.memo.alignments.get(key, readings)
        {
            return;
        }
        if keep_pieces {
            stack.extend_from_slice(&start.pieces);
        }
        let mut sink = Sink { readings, keep_pieces };
        // A start passes over text only: it reads no number and loses none.
        self.align(spelling, 0, start.end, start.cost, Path::default(), stack, &mut sink);
        if let Some(key) = key {
            self.memo.alignments.put(key, readings);
        }
    }

    /// The pieces of text the reading of `mv` from `cursor` that ends at `end`
    /// uses: the same alignment again, for this one move, keeping its pieces.
    /// The reading last asked about is kept: a move is asked about two or
    /// three times running (is it plain, is it a repair, accept it).
    pub(super) fn pieces_of(&self, pos: &G::Position, cursor: Cursor, previous: &Spellings, mv: &G::Move, end: Cursor) -> Vec<Piece> {
        if let Some(last) = self.last_pieces.borrow().as_ref()
            && last.cursor == cursor
            && last.end == end
            && last.mv == *mv
            && last.pos == *pos
            && last.previous == *previous
        {
            return last.pieces.clone();
        }
        let pieces = self.expand_afresh(pos, cursor, previous, Some(mv)).into_iter().find(|(m, r)| m == mv && r.end == end).map_or_else(Vec::new, |(_, r)| r.pieces);
        *self.last_pieces.borrow_mut() = Some(LastPieces { pos: pos.clone(), cursor, previous: previous.clone(), mv: mv.clone(), end, pieces: pieces.clone() });
        pieces
    }

    /// Places a move may start: here, past a stray token or two, or past a
    /// repeated run; with the pieces of text passed over only if `keep_pieces`
    /// (the search needs costs and places alone).
    fn move_starts(&self, cursor: Cursor, previous: &Spellings, keep_pieces: bool) -> Vec<Reading> {
        let here = Reading { cost: 0.0, end: cursor, pieces: Vec::new() };
        let mut starts = vec![here.clone()];
        if cursor.off != 0 {
            return starts;
        }
        let model = self.costs.model();
        let mut acc = here;
        for _ in 0..2 {
            let i = acc.end.item;
            if i >= self.items.len() {
                break;
            }
            let junk = self.kind(i) == TokenKind::Junk;
            let cost = if junk { model.junk } else { model.stray_number };
            acc.cost += cost;
            let kind = if junk { EditKind::JunkSkipped } else { EditKind::StrayNumberSkipped };
            if keep_pieces {
                acc.pieces.push(Piece { span: self.span(i), printed: Printed::Item(i), read_as: None, kind, cost });
            }
            acc.end = Cursor { item: i + 1, off: 0 };
            if acc.cost <= self.opts.max_move_cost {
                starts.push(acc.clone());
            }
        }
        let i = cursor.item;
        self.with_repeats_before(i, |repeats| {
            starts.extend(repeats.iter().map(|r| if keep_pieces { r.clone() } else { Reading { cost: r.cost, end: r.end, pieces: Vec::new() } }));
        });
        // The move just read printed again (this copy may be misread, or the first).
        previous.each(|spelling| {
            if let Some((last, mismatch)) = self.copy_of(i, spelling) {
                let cost = model.repeat_base + model.repeat_per_token * spelling.len() as f64 + mismatch;
                if !starts.iter().any(|s| s.end.item == last + 1 && s.cost <= cost) {
                    let mut copy = self.repeat_passed_over(i, last, cost);
                    if !keep_pieces {
                        copy.pieces.clear();
                    }
                    starts.push(copy);
                }
            }
        });
        starts
    }

    /// Forget the repeated runs worked out for the items in `items` (a long
    /// line never asks about them again; asked, they are worked out again).
    pub(super) fn forget_repeats(&self, items: Range<usize>) {
        let mut repeats = self.repeats.borrow_mut();
        let end = items.end.min(repeats.len());
        repeats[items.start.min(end)..end].iter_mut().for_each(|slot| *slot = None);
    }

    /// A fragment printed twice: the next k numbers from item `i` repeat the k
    /// before (specks of junk in either copy do not count). Depends on `i` only,
    /// so it is worked out once and lent to `f`.
    fn with_repeats_before<R>(&self, i: usize, f: impl FnOnce(&[Reading]) -> R) -> R {
        if let Some(known) = self.repeats.borrow().get(i).and_then(Option::as_ref) {
            return f(known);
        }
        let found = self.repeats_before_afresh(i);
        let answer = f(&found);
        if let Some(slot) = self.repeats.borrow_mut().get_mut(i) {
            *slot = Some(found);
        }
        answer
    }

    /// [`Self::with_repeats_before`], worked out.
    fn repeats_before_afresh(&self, i: usize) -> Vec<Reading> {
        let model = self.costs.model();
        let before: Vec<usize> = (0..i).rev().filter(|&j| self.kind(j) == TokenKind::Number).take(8).collect();
        let after: Vec<usize> = (i..self.items.len()).filter(|&j| self.kind(j) == TokenKind::Number).take(8).collect();
        let mut out = Vec::new();
        for k in 2..=before.len().min(after.len()) {
            // Either copy may be misread: they need only read alike.
            if let Some(mismatch) = self.repeat_mismatch(&before, &after, k) {
                let cost = model.repeat_base + model.repeat_per_token * k as f64 + mismatch;
                out.push(self.repeat_passed_over(i, after[k - 1], cost));
            }
        }
        out
    }

    /// How far the first `k` numbers after the cursor are from repeating the
    /// `k` numbers before it in order (`before` runs backwards from the
    /// cursor), as the cost of reading one copy as the other; `None` past the
    /// model's limit.
    fn repeat_mismatch(&self, before: &[usize], after: &[usize], k: usize) -> Option<f64> {
        let limit = self.costs.model().repeat_mismatch_limit;
        let mut total = 0.0;
        for j in 0..k {
            let (a, b) = (after[j], before[k - 1 - j]);
            let one_way = self.costs.read_as(self.text(a), &self.digits[b]);
            let other_way = self.costs.read_as(self.text(b), &self.digits[a]);
            total += one_way.min(other_way);
            if total > limit {
                return None;
            }
        }
        Some(total)
    }

    /// Items `first..=last` passed over as a repeated run.
    fn repeat_passed_over(&self, first: usize, last: usize, cost: f64) -> Reading {
        let span = self.span(first).join(self.span(last));
        let piece = Piece { span, printed: Printed::Run(first, last), read_as: None, kind: EditKind::RepeatSkipped, cost };
        Reading { cost, end: Cursor { item: last + 1, off: 0 }, pieces: vec![piece] }
    }

    /// Whether the number tokens from item `i` (specks of junk passed over)
    /// read as `spelling`: the last item of the copy and the read cost.
    fn copy_of(&self, i: usize, spelling: &[u32]) -> Option<(usize, f64)> {
        let limit = self.costs.model().repeat_mismatch_limit;
        let mut item = i;
        let mut total = 0.0;
        let mut last = None;
        for &n in spelling {
            while item < self.items.len() && self.kind(item) == TokenKind::Junk && item > i {
                item += 1;
            }
            if item >= self.items.len() || self.kind(item) != TokenKind::Number {
                return None;
            }
            total += self.costs.read_as_number(self.text(item), n);
            if total > limit {
                return None;
            }
            last = Some(item);
            item += 1;
        }
        last.map(|l| (l, total))
    }

    /// Align numbers `spelling[j..]` from `cursor`, pushing every complete
    /// reading under the limit. `pieces` is the path so far (kept only when
    /// the sink keeps pieces), restored on return; `path` says what it did.
    #[allow(clippy::too_many_arguments)]
    fn align(&self, spelling: &[u32], j: usize, cursor: Cursor, cost: f64, path: Path, pieces: &mut Vec<Piece>, out: &mut Sink) {
        if j == spelling.len() {
            let pieces = if out.keep_pieces { pieces.clone() } else { Vec::new() };
            out.readings.push(Reading { cost, end: cursor, pieces });
            return;
        }
        let model = self.costs.model();
        let depth = pieces.len();
        // A whole number lost from the print: at most one a move, and never all of it.
        if !path.lost && (path.read || j + 1 < spelling.len()) && cost + model.lost_number <= self.opts.max_move_cost {
            if out.keep_pieces {
                let at = self.byte(cursor);
                pieces.push(Piece { span: Span::new(at, at), printed: Printed::Nothing, read_as: Some(spelling[j]), kind: EditKind::NumberLost, cost: model.lost_number });
            }
            self.align(spelling, j + 1, cursor, cost + model.lost_number, Path { lost: true, ..path }, pieces, out);
            pieces.truncate(depth);
        }
        // Junk between the numbers of one move is passed over.
        let mut c = cursor;
        let mut skip_cost = 0.0;
        let mut skipped = 0;
        while c.off == 0 && c.item < self.items.len() && self.kind(c.item) == TokenKind::Junk && skipped < 2 {
            skip_cost += model.junk;
            skipped += 1;
            c.item += 1;
        }
        if c.item >= self.items.len() || self.kind(c.item) != TokenKind::Number {
            return;
        }
        if out.keep_pieces {
            pieces.extend((cursor.item..c.item).map(|i| Piece { span: self.span(i), printed: Printed::Item(i), read_as: None, kind: EditKind::JunkSkipped, cost: model.junk }));
        }
        let skipped_to = pieces.len();
        let step = Step { spelling, j, at: c, cost: cost + skip_cost, path: Path { read: true, ..path } };
        self.align_one_token(&step, pieces, out);
        pieces.truncate(skipped_to);
        self.align_split(&step, pieces, out);
        pieces.truncate(depth);
    }

    /// Number `spelling[j]` read from one token, or the start of one (numbers run together).
    fn align_one_token(&self, step: &Step, pieces: &mut Vec<Piece>, out: &mut Sink) {
        let model = self.costs.model();
        let c = step.at;
        let target = step.spelling[step.j];
        let mut buf = [0u8; 10];
        let digits = super::read_cost::decimal(target, &mut buf);
        let rest = &self.text(c.item)[c.off..];
        let depth = pieces.len();
        for e in 1..=rest.len().min(digits.len() + 2) {
            let run_on = e < rest.len();
            let c_read = self.costs.read_as(&rest[..e], digits) + if run_on { model.run_together } else { 0.0 };
            let total = step.cost + c_read;
            if total > self.opts.max_move_cost {
                continue;
            }
            if out.keep_pieces {
                pieces.push(self.part_piece(c, e, digits, target, c_read));
            }
            let next = if run_on { Cursor { item: c.item, off: c.off + e } } else { Cursor { item: c.item + 1, off: 0 } };
            self.align(step.spelling, step.j + 1, next, total, step.path, pieces, out);
            pieces.truncate(depth);
        }
    }

    /// The piece for the first `e` bytes from `c` read as `target` (spelled
    /// `digits`) at cost `c_read`, named for the edit log.
    fn part_piece(&self, c: Cursor, e: usize, digits: &[u8], target: u32, c_read: f64) -> Piece {
        let model = self.costs.model();
        let rest = &self.text(c.item)[c.off..];
        let run_on = e < rest.len();
        let kind = if c_read == 0.0 {
            EditKind::Exact
        } else if model.cut_at_edge.is_some() && !run_on && model.is_cut(&rest[..e], digits) {
            EditKind::CutAtEdge
        } else if run_on && self.costs.read_as(&rest[..e], digits) == 0.0 {
            EditKind::RunTogether
        } else {
            classify(&rest[..e], digits)
        };
        let base = self.span(c.item).start + c.off;
        let printed = Printed::Part { item: c.item, off: c.off, len: e };
        Piece { span: Span::new(base, base + e), printed, read_as: Some(target), kind, cost: c_read }
    }

    /// Number `spelling[j]` broken over two tokens, perhaps with a speck of junk between.
    fn align_split(&self, step: &Step, pieces: &mut Vec<Piece>, out: &mut Sink) {
        let model = self.costs.model();
        let c = step.at;
        let target = step.spelling[step.j];
        let mut buf = [0u8; 10];
        let digits = super::read_cost::decimal(target, &mut buf);
        let rest = &self.text(c.item)[c.off..];
        let gap = if c.item + 2 < self.items.len() && self.kind(c.item + 1) == TokenKind::Junk && self.text(c.item + 1).len() == 1 { 1 } else { 0 };
        let depth = pieces.len();
        for gap in (0..=gap).rev() {
            let after = c.item + 1 + gap;
            if after >= self.items.len() || self.kind(after) != TokenKind::Number {
                continue;
            }
            let next_text = self.text(after);
            if rest.len() + next_text.len() > digits.len() + 1 {
                continue;
            }
            let mut joined = [0u8; 16];
            let n = rest.len() + next_text.len();
            joined[..rest.len()].copy_from_slice(rest);
            joined[rest.len()..n].copy_from_slice(next_text);
            let c_read = self.costs.read_as(&joined[..n], digits) + model.split + gap as f64 * model.junk;
            let total = step.cost + c_read;
            if total <= self.opts.max_move_cost {
                if out.keep_pieces {
                    let span = Span::new(self.span(c.item).start + c.off, self.span(after).end);
                    let printed = Printed::Joined { item: c.item, off: c.off, next: after };
                    pieces.push(Piece { span, printed, read_as: Some(target), kind: EditKind::Split, cost: c_read });
                }
                self.align(step.spelling, step.j + 1, Cursor { item: after + 1, off: 0 }, total, step.path, pieces, out);
                pieces.truncate(depth);
            }
        }
    }

    /// The text a piece was printed as.
    fn printed(&self, printed: Printed) -> String {
        match printed {
            Printed::Nothing => String::new(),
            Printed::Item(i) => self.tokens[self.items[i]].text.clone(),
            Printed::Run(first, last) => (first..=last).map(|j| self.tokens[self.items[j]].text.as_str()).collect::<Vec<_>>().join(" "),
            Printed::Part { item, off, len } => String::from_utf8_lossy(&self.text(item)[off..off + len]).into_owned(),
            Printed::Joined { item, off, next } => {
                let mut joined = self.text(item)[off..].to_vec();
                joined.extend_from_slice(self.text(next));
                String::from_utf8_lossy(&joined).into_owned()
            }
        }
    }

    /// The edits a chosen reading makes to the print (empty when read as printed).
    pub(super) fn edit_log(&self, reading: &Reading) -> Vec<Edit> {
        reading
            .pieces
            .iter()
            .filter(|p| p.kind != EditKind::Exact)
            .map(|p| Edit { span: p.span, from: self.printed(p.printed), to: p.read_as.map_or(String::new(), |n| n.to_string()), kind: p.kind, cost: p.cost })
            .collect()
    }
}

/// Where complete readings go, and whether they keep their pieces.
struct Sink<'r> {
    readings: &'r mut Vec<Reading>,
    keep_pieces: bool,
}

/// One number about to be aligned: which, from where, and the cost so far
/// (junk passed over just before it included).
struct Step<'s> {
    spelling: &'s [u32],
    j: usize,
    at: Cursor,
    cost: f64,
    /// The path once this number is read.
    path: Path,
}

/// What the path of an alignment has done so far: whether it lost a whole
/// number, and whether it read one from the text. The search keeps no
/// pieces, so these stand in for looking through them.
#[derive(Clone, Copy, Debug, Default)]
struct Path {
    lost: bool,
    read: bool,
}
