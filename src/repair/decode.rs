//! The decoder's main loop: read move after move, accept a move only when it
//! clearly beats every other reading, and when the line breaks down, read an
//! earlier move again before stopping.
//!
//! The stages live beside this file: [`super::align`] finds every reading of
//! one move, [`super::search`] chooses between them by looking ahead,
//! [`super::second_look`] reads earlier moves again, [`super::read_cost`] and
//! [`super::memo`] remember what the search asks more than once.

use super::align::{Expansion, LastPieces, Reading};
use super::as_printed::{read_as_printed, Plain};
use super::memo::{Alignments, Memo};
use super::read_cost::ReadCosts;
use super::second_look::RECONSIDER_BUDGET;
use super::spellings::Spellings;
use super::{CostModel, Spelling, Token, TokenKind};
use crate::span::Span;
use crate::tree::{Edit, EditKind};
use std::cell::RefCell;
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
    /// How far a look to the end of the text follows it, in numbers and
    /// specks from where the look starts: a reading that gets that far
    /// counts as reading to the end. A look then costs the same however long
    /// the text, so a long text is read in time that grows with its length,
    /// not with its square. Far longer than any line a book prints.
    pub horizon: usize,
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

#[derive(Clone, Debug, PartialEq)]
pub struct DecodedMove<M> {
    pub mv: M,
    /// Indices into the token slice this move was read from.
    pub tokens: Range<usize>,
    pub span: Span,
    /// Empty when the move was read as printed.
    pub edits: Vec<Edit>,
    pub cost: f64,
    /// Cost difference to the best other reading (infinite when there is
    /// none). For a move read exactly as printed, which logs no repair, it
    /// may be only a floor: the search does not score the rivals of a plain move.
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

impl<M> Decoded<M> {
    /// A line as read, its moves holding no spare room: a long line's are
    /// kept beside the tree made from them.
    pub(super) fn new(mut moves: Vec<DecodedMove<M>>, stop: Option<Stop>, trailing_junk: Vec<Span>) -> Decoded<M> {
        moves.shrink_to_fit();
        Decoded { moves, stop, trailing_junk }
    }
}

/// Where reading stands: an item (number or junk token) and a byte offset inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Cursor {
    pub item: usize,
    pub off: usize,
}

/// Where reading stood before a move: enough to read that move again.
pub(super) struct Before<P> {
    pub pos: P,
    pub cursor: Cursor,
    pub previous: Spellings,
}

/// Where reading stood before each move of a line, kept for the moves a
/// second look may read again: a long line forgets those far behind it (see
/// [`History::forget_before`]), indexed still by the move's place in the line.
pub(super) struct History<P> {
    /// The move `kept[0]` stood before.
    first: usize,
    kept: Vec<Before<P>>,
}

impl<P> History<P> {
    fn new() -> History<P> {
        History { first: 0, kept: Vec::new() }
    }

    /// The last `n` moves of a line of `k` whose states are kept: those a
    /// second look may read again.
    pub(super) fn last(&self, k: usize, n: usize) -> Range<usize> {
        k.saturating_sub(n).max(self.first)..k
    }

    fn push(&mut self, before: Before<P>) {
        self.kept.push(before);
    }

    /// Back to before move `j`: its state, everything from it on dropped.
    fn back_to(&mut self, j: usize) -> Before<P> {
        let at = j - self.first;
        let before = self.kept.swap_remove(at);
        self.kept.truncate(at);
        before
    }

    /// Forget the states before move `j`.
    fn forget_before(&mut self, j: usize) {
        let gone = j.saturating_sub(self.first).min(self.kept.len());
        self.kept.drain(..gone);
        self.first += gone;
    }
}

impl<P> std::ops::Index<usize> for History<P> {
    type Output = Before<P>;
    fn index(&self, j: usize) -> &Before<P> {
        &self.kept[j - self.first]
    }
}

/// A move chosen: the move, its reading and its margin over every other reading.
pub(super) type Chosen<M> = (M, Reading, f64);

/// What the search remembers within one decode.
pub(super) struct Memos<P, M> {
    pub expansions: Memo<P, Expansion<M>>,
    pub to_end: Memo<P, (f64, bool)>,
    /// Where the look to the end was asked for a reading below a cap and found
    /// none: the cost to the end is at least that cap.
    pub at_least: Memo<P, f64>,
    pub alignments: Alignments,
}

impl<P, M> Default for Memos<P, M> {
    fn default() -> Memos<P, M> {
        Memos { expansions: Memo::default(), to_end: Memo::default(), at_least: Memo::default(), alignments: Alignments::default() }
    }
}

impl<P, M> Memos<P, M> {
    /// Forget every result asked about a place before item `item`: a long
    /// line is never asked about text it read long ago, and what the search
    /// remembers then stays that of the stretch being read.
    fn forget_before(&self, item: usize) {
        self.expansions.forget_before(item);
        self.to_end.forget_before(item);
        self.at_least.forget_before(item);
        self.alignments.forget_before(item);
    }

    /// Forget every result that depends on a board, keeping their tables'
    /// room; what depends on the text alone is kept (the alignments up to a bound).
    fn forget_boards(&self) {
        self.expansions.clear();
        self.to_end.clear();
        self.at_least.clear();
        if self.alignments.len() > ALIGNMENTS_KEPT {
            self.alignments.clear();
        }
    }
}

/// Alignments a [`Reader`] keeps between starts, at most: they depend on the
/// text alone, but each board asks for its own moves' spellings, and a search
/// over many starts would otherwise grow them without end.
const ALIGNMENTS_KEPT: usize = 200_000;

pub(super) struct Decoder<'a, G: Spelling> {
    pub game: &'a G,
    pub tokens: &'a [Token],
    /// Token indices of the number and junk tokens, in order.
    pub items: Vec<usize>,
    /// Each item read letter by letter as its likeliest digits.
    pub digits: Vec<Vec<u8>>,
    /// The first item from which only junk follows.
    junk_tail: usize,
    /// What leaving everything from each item on unread costs (and 0 past the last).
    unread_from: Vec<f64>,
    /// The repeated runs that may follow each item, worked out when first asked.
    pub(super) repeats: RefCell<Vec<Option<Vec<Reading>>>>,
    pub opts: &'a DecodeOptions,
    pub costs: ReadCosts<'a>,
    pub memo: Memos<G::Position, G::Move>,
    pub(super) last_pieces: RefCell<Option<LastPieces<G::Position, G::Move>>>,
}

/// Read the longest legal move sequence the tokens support from `start`.
/// Text that needs no repair is taken as printed without the search (see [`read_as_printed`]).
pub fn decode<G: Spelling>(game: &G, start: &G::Position, tokens: &[Token], opts: &DecodeOptions) -> Decoded<G::Move> {
    read_as_printed(game, start, tokens).unwrap_or_else(|| Decoder::new(game, tokens, opts).run(start, Audit::Mends))
}

/// [`decode`] by the search alone, for tests that hold it beside the as-printed reading.
#[cfg(test)]
pub(super) fn decode_by_search<G: Spelling>(game: &G, start: &G::Position, tokens: &[Token], opts: &DecodeOptions) -> Decoded<G::Move> {
    Decoder::new(game, tokens, opts).run(start, Audit::Mends)
}

/// [`decode`], for a search that tries many starts and keeps one whose line
/// reads to its end: `None` when the line certainly stops short.
///
/// The audit of mends against earlier moves (`earlier_rival`) can only stop a
/// line; where it finds nothing the line goes on as if it had not looked. So a
/// line read without the audit that stops would stop with it too, and the
/// audit, the dearest part of reading a start that does not fit, is made only
/// for a line that reads to its end without it.
pub fn decode_unless_it_stops<G: Spelling>(game: &G, start: &G::Position, tokens: &[Token], opts: &DecodeOptions) -> Option<Decoded<G::Move>> {
    // One decoder for both readings: what it remembers holds for either.
    read_as_printed(game, start, tokens).or_else(|| Decoder::new(game, tokens, opts).run_unless_it_stops(start))
}

/// One token stream read from many starts (a search for a lost or misprinted
/// setting tries thousands). What the decoder remembers about the text alone
/// (the alignments of a move's numbers, the repeated runs, each number's
/// likeliest digits) holds for every start, so it is worked out once and kept
/// here between decodes (the read costs are kept per thread, see
/// [`super::read_cost`]). What it remembers about boards is
/// forgotten after each start: starts seldom share boards, and tables grown
/// over thousands of starts cost more to search than they save.
pub struct Reader<G: Spelling> {
    game: G,
    tokens: Vec<Token>,
    /// The tokens' numbers when every one is printed plainly (see [`read_as_printed`]).
    plain: Option<Plain>,
    opts: DecodeOptions,
    /// Empty until the first decode.
    kept: RefCell<Option<Memory<G::Position, G::Move>>>,
}

impl<G: Spelling> Reader<G> {
    pub fn new(game: G, tokens: Vec<Token>, opts: DecodeOptions) -> Reader<G> {
        Reader { game, plain: Plain::of(&tokens), tokens, opts, kept: RefCell::default() }
    }

    pub fn tokens(&self) -> &[Token] {
        &self.tokens
    }

    /// The rules and spellings it reads by.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// [`decode`] from `start`.
    pub fn decode(&self, start: &G::Position) -> Decoded<G::Move> {
        self.read_as_printed(start).unwrap_or_else(|| self.with_decoder(|decoder| decoder.run(start, Audit::Mends)))
    }

    /// [`decode_unless_it_stops`] from `start`.
    pub fn decode_unless_it_stops(&self, start: &G::Position) -> Option<Decoded<G::Move>> {
        self.read_as_printed(start).or_else(|| self.with_decoder(|decoder| decoder.run_unless_it_stops(start)))
    }

    /// Whether any legal move from `start` reads from the first token on.
    /// When none does, every decode from `start` reads no move: the line
    /// ends before its first (or stops there, with nothing to read again).
    pub fn reads_a_first_move(&self, start: &G::Position) -> bool {
        self.with_decoder(|decoder| !decoder.expand(start, Cursor { item: 0, off: 0 }, &Spellings::nothing()).is_empty())
    }

    /// A bound on how many moves [`Self::decode`] from `start` reads before
    /// its first edit that is not `slight`, up to `limit`: no reading, chosen
    /// or not, reads more (see `plain_bound.rs`).
    pub fn most_read_slightly(&self, start: &G::Position, limit: usize, slight: &dyn Fn(EditKind) -> bool) -> usize {
        self.with_decoder(|decoder| decoder.most_read_slightly(start, Cursor { item: 0, off: 0 }, &Spellings::nothing(), limit, slight))
    }

    fn read_as_printed(&self, start: &G::Position) -> Option<Decoded<G::Move>> {
        self.plain.as_ref()?.read(&self.game, start, &self.tokens)
    }

    fn with_decoder<R>(&self, read: impl FnOnce(&Decoder<G>) -> R) -> R {
        let mut kept = self.kept.borrow_mut();
        let memory = kept.take().unwrap_or_else(|| Memory::new(&self.tokens, &self.opts));
        let decoder = Decoder::with_memory(&self.game, &self.tokens, &self.opts, memory);
        let out = read(&decoder);
        decoder.memo.forget_boards();
        *kept = Some(decoder.into_memory());
        out
    }
}

/// What a decoder works out from its tokens and remembers while it reads,
/// kept by a [`Reader`] between two decodes.
struct Memory<P, M> {
    items: Vec<usize>,
    digits: Vec<Vec<u8>>,
    junk_tail: usize,
    memo: Memos<P, M>,
    unread_from: Vec<f64>,
    repeats: Vec<Option<Vec<Reading>>>,
}

impl<P, M> Memory<P, M> {
    fn new(tokens: &[Token], opts: &DecodeOptions) -> Memory<P, M> {
        let items = read_items(tokens);
        let digits = items.iter().map(|&t| likeliest_digits(tokens[t].text.as_bytes())).collect();
        let junk_tail = items.iter().rposition(|&t| tokens[t].kind != TokenKind::Junk).map_or(0, |i| i + 1);
        // Summed once from the end: asked item by item, the sums would take the square of the length.
        let mut unread_from = vec![0.0; items.len() + 1];
        for (i, &t) in items.iter().enumerate().rev() {
            let cost = if tokens[t].kind == TokenKind::Junk { opts.unread_per_junk } else { opts.unread_per_token };
            unread_from[i] = unread_from[i + 1] + cost;
        }
        let repeats = vec![None; items.len() + 1];
        Memory { items, digits, junk_tail, memo: Memos::default(), unread_from, repeats }
    }
}

/// One decision of a line: the next move, or move `back_to` read again (the
/// moves after it dropped). Its reading is kept without pieces: the line
/// finds those again when it accepts the move.
struct Decision<M> {
    back_to: Option<usize>,
    mv: M,
    cost: f64,
    end: Cursor,
    margin: f64,
}

impl<M: Clone> Decision<M> {
    fn new(back_to: Option<usize>, (mv, reading, margin): &Chosen<M>) -> Decision<M> {
        Decision { back_to, mv: mv.clone(), cost: reading.cost, end: reading.end, margin: *margin }
    }

    fn chosen(self) -> (Option<usize>, Chosen<M>) {
        (self.back_to, (self.mv, Reading { cost: self.cost, end: self.end, pieces: Vec::new() }, self.margin))
    }
}

/// Where a line's decisions come from.
enum Decisions<'d, M> {
    /// The search.
    Made,
    /// The search, each kept as it is made.
    Kept(&'d mut Vec<Decision<M>>),
    /// Those another reading of the same line made, in order; the search
    /// past their end.
    Taken(std::vec::IntoIter<Decision<M>>),
}

/// Whether a reading checks each dear mend against the earlier moves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Audit {
    Mends,
    Skip,
}

/// The indices of the tokens a decoder reads: numbers and junk (separators
/// and marks lie between them).
pub(super) fn read_items(tokens: &[Token]) -> Vec<usize> {
    tokens.iter().enumerate().filter(|(_, t)| matches!(t.kind, TokenKind::Number | TokenKind::Junk)).map(|(i, _)| i).collect()
}

/// A number token read letter by letter as its likeliest digits.
fn likeliest_digits(text: &[u8]) -> Vec<u8> {
    text.iter().map(|&c| if c.is_ascii_digit() { c } else { super::cost::letter_readings(c).first().map_or(c, |r| r.0) }).collect()
}

impl<'a, G: Spelling> Decoder<'a, G> {
    pub(super) fn new(game: &'a G, tokens: &'a [Token], opts: &'a DecodeOptions) -> Decoder<'a, G> {
        Decoder::with_memory(game, tokens, opts, Memory::new(tokens, opts))
    }

    /// A decoder that takes up what `memory` holds (worked out from the same tokens).
    fn with_memory(game: &'a G, tokens: &'a [Token], opts: &'a DecodeOptions, memory: Memory<G::Position, G::Move>) -> Decoder<'a, G> {
        let Memory { items, digits, junk_tail, memo, unread_from, repeats } = memory;
        let costs = ReadCosts::new(&opts.cost);
        Decoder { game, tokens, items, digits, junk_tail, unread_from, repeats: RefCell::new(repeats), opts, costs, memo, last_pieces: RefCell::default() }
    }

    fn into_memory(self) -> Memory<G::Position, G::Move> {
        let Decoder { items, digits, junk_tail, memo, unread_from, repeats, .. } = self;
        Memory { items, digits, junk_tail, memo, unread_from, repeats: repeats.into_inner() }
    }

    pub(super) fn text(&self, item: usize) -> &[u8] {
        self.tokens[self.items[item]].text.as_bytes()
    }

    pub(super) fn span(&self, item: usize) -> Span {
        self.tokens[self.items[item]].span
    }

    pub(super) fn kind(&self, item: usize) -> TokenKind {
        self.tokens[self.items[item]].kind
    }

    pub(super) fn byte(&self, c: Cursor) -> usize {
        match self.items.get(c.item) {
            Some(&t) => self.tokens[t].span.start + c.off,
            None => self.tokens.last().map_or(0, |t| t.span.end),
        }
    }

    pub(super) fn at_end(&self, c: Cursor) -> bool {
        c.item >= self.items.len()
    }

    fn token_index(&self, c: Cursor) -> usize {
        self.items.get(c.item).copied().unwrap_or(self.tokens.len())
    }

    /// What leaving everything from `c` on unread costs.
    pub(super) fn unread_cost(&self, c: Cursor) -> f64 {
        self.unread_from[c.item.min(self.items.len())]
    }

    /// Where a look to the end that starts at `from` stops: the end of the
    /// text, or [`DecodeOptions::horizon`] items on, whichever comes first.
    pub(super) fn look_limit(&self, from: Cursor) -> usize {
        from.item.saturating_add(self.opts.horizon).min(self.items.len())
    }

    /// What leaving everything from `c` to `limit` unread costs.
    pub(super) fn unread_cost_to(&self, c: Cursor, limit: usize) -> f64 {
        if c.item >= limit {
            return 0.0;
        }
        // Past the last item nothing is left: its sum is 0.
        self.unread_cost(c) - self.unread_from[limit.min(self.items.len())]
    }

    /// Only junk is left: specks after the last move.
    pub(super) fn only_junk_left(&self, c: Cursor) -> bool {
        c.off == 0 && c.item >= self.junk_tail
    }

    /// Where a line stops at `at`: from there to the end of the text, unread.
    pub(super) fn stop_at(&self, at: Cursor, reason: StopReason) -> Stop {
        let from = self.byte(at);
        let to = self.tokens.last().map_or(from, |t| t.span.end);
        Stop { at_token: self.token_index(at), span: Span::new(from, to.max(from)), reason }
    }

    /// Read without the audit first; only a line that reads to its end is read
    /// again with it. The audit can only stop a line, so until it does, the
    /// second reading takes every decision the first took: they are kept and
    /// taken again, not searched anew.
    fn run_unless_it_stops(&self, start: &G::Position) -> Option<Decoded<G::Move>> {
        let mut decisions = Vec::new();
        // The line read without the audit is dropped before it is read again.
        if self.run_deciding(start, Audit::Skip, Decisions::Kept(&mut decisions)).stop.is_some() {
            return None;
        }
        Some(self.run_deciding(start, Audit::Mends, Decisions::Taken(decisions.into_iter())))
    }

    fn run(&self, start: &G::Position, audit: Audit) -> Decoded<G::Move> {
        self.run_deciding(start, audit, Decisions::Made)
    }

    fn run_deciding(&self, start: &G::Position, audit: Audit, mut decisions: Decisions<'_, G::Move>) -> Decoded<G::Move> {
        let mut line = LineSoFar { pos: start.clone(), cursor: Cursor { item: 0, off: 0 }, moves: Vec::new(), history: History::new(), previous: Spellings::nothing() };
        let mut reconsidered: Vec<(usize, usize)> = Vec::new();
        // The repeated runs of the items before this one are forgotten.
        let mut repeats_forgotten = 0;
        loop {
            if let Some(end) = self.line_ends(&line) {
                return Decoded::new(line.moves, end.0, end.1);
            }
            let taken = match &mut decisions {
                Decisions::Taken(kept) => kept.next().map(Decision::chosen),
                _ => None,
            };
            let (back_to, chosen) = match taken {
                Some(decision) => decision,
                None => match self.decide(&line.pos, line.cursor, &line.previous) {
                    Ok(chosen) => (None, chosen),
                    // A move read earlier, legal but wrong, shows itself only here: read
                    // that move again, this time following every reading to the end.
                    Err(reason) => match self.reconsider(&line.history, &line.moves, line.cursor, &mut reconsidered) {
                        Some((j, chosen)) => (Some(j), chosen),
                        None => {
                            let stop = self.stop_at(line.cursor, reason);
                            return Decoded::new(line.moves, Some(stop), Vec::new());
                        }
                    },
                },
            };
            if let Decisions::Kept(kept) = &mut decisions {
                kept.push(Decision::new(back_to, &chosen));
            }
            if let Some(j) = back_to {
                line.moves.truncate(j);
                let before = line.history.back_to(j);
                (line.pos, line.cursor, line.previous) = (before.pos, before.cursor, before.previous);
            }
            let (mv, reading, margin) = chosen;
            // A mend may only shift a misprint from an earlier move that read
            // as printed (`1-6 … 5-9` for `1-5 … 5-9`): if reading that move
            // otherwise explains the text about as well, neither is certain.
            if audit == Audit::Mends
                && reading.cost >= MEND_AUDIT_COST
                && let Some((j, readings)) = self.earlier_rival(&line.history, &line.moves, &line.pos, &mv, &reading)
            {
                line.moves.truncate(j);
                let stop = self.stop_at(line.history[j].cursor, StopReason::Ambiguous { readings });
                return Decoded::new(line.moves, Some(stop), Vec::new());
            }
            self.accept(&mut line, mv, reading, margin);
            // Only the last few moves are read again: what was asked before them is dropped.
            if line.moves.len().is_multiple_of(FORGET_EVERY) {
                let oldest = line.moves.len().saturating_sub(self.opts.reconsider + 1);
                let item = line.history[oldest].cursor.item;
                self.memo.forget_before(item);
                self.forget_repeats(repeats_forgotten..item);
                repeats_forgotten = item;
                // Each second look may go back `reconsider` moves from where the
                // line then ends, and a line takes at most its budget of them.
                line.history.forget_before(line.moves.len().saturating_sub(self.opts.reconsider * (RECONSIDER_BUDGET + 1) + 1));
            }
        }
    }

    /// Whether the line ends before the next move: the text is read (perhaps
    /// but for specks), or the game is over. The stop and the specks.
    fn line_ends(&self, line: &LineSoFar<G::Position, G::Move>) -> Option<(Option<Stop>, Vec<Span>)> {
        if self.at_end(line.cursor) {
            return Some((None, Vec::new()));
        }
        if self.only_junk_left(line.cursor) {
            return Some((None, (line.cursor.item..self.items.len()).map(|i| self.span(i)).collect()));
        }
        if self.game.legal_moves(&line.pos).is_empty() {
            return Some((Some(self.stop_at(line.cursor, StopReason::GameOver)), Vec::new()));
        }
        None
    }

    /// Play the move chosen and log how it was read.
    fn accept(&self, line: &mut LineSoFar<G::Position, G::Move>, mv: G::Move, mut reading: Reading, margin: f64) {
        let cursor = line.cursor;
        // The search kept only costs: the pieces of text are found again for this reading alone.
        reading.pieces = self.pieces_of(&line.pos, cursor, &line.previous, &mv, reading.end);
        line.history.push(Before { pos: line.pos.clone(), cursor, previous: line.previous.clone() });
        let first_token = self.token_index(cursor);
        let end_token = if reading.end.off > 0 { self.token_index(reading.end) + 1 } else { self.token_index(reading.end) };
        let span = reading
            .pieces
            .iter()
            .filter(|p| p.read_as.is_some())
            .map(|p| p.span)
            .reduce(Span::join)
            .unwrap_or_else(|| Span::new(self.byte(cursor), self.byte(reading.end)));
        let edits: Vec<Edit> = self.edit_log(&reading);
        line.previous = Spellings::of(self.game, &line.pos, &mv);
        line.pos = self.game.play(&line.pos, &mv);
        line.cursor = reading.end;
        line.moves.push(DecodedMove {
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

/// Every this many moves a line forgets what the search remembered of the
/// text it read long ago (see [`Memos::forget_before`]); far more than a
/// printed line, whose reading it then never touches.
const FORGET_EVERY: usize = 256;

/// A mend at least this dear is checked against the earlier moves read as printed.
const MEND_AUDIT_COST: f64 = 1.0;

/// The line read so far.
struct LineSoFar<P, M> {
    pos: P,
    cursor: Cursor,
    moves: Vec<DecodedMove<M>>,
    /// The state before each move read, to read it again if the line breaks down later.
    history: History<P>,
    /// How the move just read may be printed: a copy of it is a repeat.
    previous: Spellings,
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
            horizon: 400,
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

#[cfg(test)]
mod tests {
    use super::{Before, Cursor, History, Spellings};

    fn before(item: usize) -> Before<usize> {
        Before { pos: item, cursor: Cursor { item, off: 0 }, previous: Spellings::nothing() }
    }

    #[test]
    fn a_history_that_forgets_keeps_each_later_move_where_it_was() {
        let mut history = History::new();
        (0..600).for_each(|j| history.push(before(j)));
        history.forget_before(256);
        history.forget_before(100);
        assert_eq!((history.last(600, 400), history[256].pos, history[599].pos), (256..600, 256, 599));
        // Back to before move 300: its state, and the line goes on from there.
        assert_eq!(history.back_to(300).pos, 300);
        history.push(before(1000));
        assert_eq!((history[299].pos, history[300].pos), (299, 1000));
        history.forget_before(5000);
        assert_eq!(history.last(301, 10), 301..301);
    }
}
