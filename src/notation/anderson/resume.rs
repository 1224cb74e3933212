//! Resuming after a gap: a column whose reading stopped at a lost or
//! misprinted row is read on from the one position a short gap leaves, or,
//! failing that, from the position the rest's own moves imply.
//!
//! Each gap tried is decoded once; the rest's readings and inferences are
//! made once for each byte the rest may start at, and the decode of the gap
//! chosen is kept, so reading the rest as a line does not decode it again.

use super::bridge;
use super::cut;
use super::through;
use super::column::{ColumnWork, Decoded};
use super::inference::{best_start, rest_inferences, starts_to_try, PrefixFits, with_pieces_of, MIN_CONFIRMED_PLIES, MIN_INFERRED_PLIES};
use super::layout::Cell;
use super::line::{cut_line, read_as_printed, read_as_printed_move, read_column};
use super::placement::{Placed, Placement};
use super::readings::printed_count;
use crate::diagnostic::Diagnostic;
use crate::text::draughts as draughts_text;
use crate::rules::draughts::infer::{InferredReading, Reading};
use crate::rules::draughts::{resolve, Color, Position};
use crate::span::Span;
use crate::tree::{Game, Line, LineOrigin};
use std::collections::{BTreeMap, HashMap};

/// How many mended moves before a stop a resumed reading may give up.
const MAX_BACKED: usize = 2;
/// How many times one column may be resumed.
const MAX_RESUMES: usize = 3;
/// How much better (in moves read less mending) the chosen gap must read than any other.
const RESUME_MARGIN: f64 = 3.0;
/// How many unreadable cells the rest read from its own inferred start may begin after.
const MAX_REST_SKIPPED: usize = 24;
/// What an added piece costs a resumed reading, in moves read: the pieces are a guess.
const ADDED_PIECE_COST: f64 = 1.0;
/// What a ply taken as unprinted costs, in moves read: each is a guess too.
const LOST_PLY_COST: f64 = 1.0;

/// The end of the label of a column's rest, read on after a gap: a piece of a column, not a column.
const RESUMED_MARK: &str = " (resumed";

/// A piece's label: `15 (resumed)` for the column's second piece, `15 (resumed 3)` for its third.
fn resumed_label(column: &str, piece: usize) -> String {
    if piece == 2 { format!("{column}{RESUMED_MARK})") } else { format!("{column}{RESUMED_MARK} {piece})") }
}

/// Whether a line is the rest of a column read on after a gap.
pub fn is_resumed(line: &Line) -> bool {
    line.origin.is_resumed()
}

/// Every column (not run together) that stops at a lost or misprinted row:
/// its rest, resumed, as new lines of the game, up to [`MAX_RESUMES`] times.
///
/// A column on a known board that stops where the side to move has only one
/// legal move (or two forced plies in a row) while its print goes on is read
/// through them first; a run-together column gets only that.
pub(super) fn resume_columns(text: &str, number: usize, works: &BTreeMap<u32, ColumnWork>, placed: &BTreeMap<u32, Placed>, game: &mut Game, diagnostics: &mut Vec<Diagnostic>) {
    for (&id, work) in works.iter() {
        let Some(first) = placed.get(&id) else { continue };
        let mut piece = Piece { column: first.index, index: first.index, positions: first.positions.clone(), label: game.lines[first.index].label.clone(), read_before: 0 };
        if first.grounded {
            piece.force(text, number, id, work, game, diagnostics);
            if work.column.cut_at_edge {
                piece.read_cut(text, number, work, game, diagnostics);
            } else {
                piece.read_through(text, number, id, work, game, diagnostics);
            }
        }
        if work.column.flattened {
            continue;
        }
        for number_of_piece in 2..MAX_RESUMES + 2 {
            if !piece.read_on(text, number, id, work, !first.grounded, number_of_piece, game, diagnostics) {
                break;
            }
        }
    }
}

/// The last piece of a column read so far.
struct Piece {
    /// The column's printed line, which every rest continues.
    column: usize,
    index: usize,
    positions: Vec<Position>,
    /// Every piece is named after the column, not after the piece before it.
    label: String,
    /// Moves the column's earlier pieces read, before the one that stopped.
    read_before: usize,
}

impl Piece {
    /// Where the piece stopped, and before the mended moves just before that
    /// stop, which may be a wrong guess at the gap (not those a variation branches from).
    fn stops(&self, game: &Game) -> Option<Vec<(usize, Position)>> {
        let line = &game.lines[self.index];
        let stop = line.unread.as_ref()?.span.start;
        let stop_pos = *self.positions.last()?;
        let branched = game.lines.iter().filter(|l| l.parent == Some(self.index)).map(|l| l.branch_ply).max();
        let mut stops = vec![(stop, stop_pos)];
        for (k, m) in line.moves.iter().enumerate().rev().take(MAX_BACKED) {
            if read_as_printed_move(m) || branched.is_some_and(|b| b >= line.branch_ply + k) {
                break;
            }
            stops.push((m.span.start, self.positions[k]));
        }
        Some(stops)
    }

    /// Read the column on past where this piece stopped; whether a rest was found.
    #[allow(clippy::too_many_arguments)]
    fn read_on(&mut self, text: &str, number: usize, id: u32, work: &ColumnWork, open: bool, piece: usize, game: &mut Game, diagnostics: &mut Vec<Diagnostic>) -> bool {
        let Some(stops) = self.stops(game) else { return false };
        let read = game.lines[self.index].moves.len();
        let (found, rivals) = resume(text, work, &stops, open);
        let after = self.read_before + read;
        if let Some(found) = &found
            && found.is_certain_bridge(open)
        {
            return self.bridge(text, number, id, work, &stops, found, game, diagnostics);
        }
        // On a guessed board no gap is ever bridged: its candidates are not listed.
        if !open && rivals.len() > 1 {
            let at = stops[0].0;
            diagnostics.push(bridge::not_bridged(number, &self.label, after, &rivals, Span::new(at, at)));
        }
        // After the one gap the rules leave; failing that, from the position the rest's own moves imply.
        let (from, backed, placement, rest_start) = if let Some(found) = found {
            let after = self.read_before + read - found.backed;
            let placement = Placement::Resumed { of: self.label.clone(), after, lost: found.lost, skipped: found.skipped, added: found.added, others: found.others };
            (found.from, found.backed, placement, found.start)
        } else if let Some(rest) = rest_inferred(text, work, stops[0].0) {
            let placement = Placement::RestInferred { of: self.label.clone(), after: self.read_before + read, skipped: rest.skipped, fixed: rest.fixed, filled: rest.filled };
            (rest.from, 0, placement, rest.start)
        } else {
            return false;
        };
        let kept = read - backed;
        let stop = stops[backed].0;
        let column = work.column;
        // The stopped line keeps only what was passed over; the result belongs to the rest.
        let prior = &mut game.lines[self.index];
        prior.moves.truncate(kept);
        prior.stated_result = None;
        if let Some(u) = &mut prior.unread {
            u.span = Span::new(stop, from.max(stop));
            u.raw = column.own_text(text, u.span);
        }
        self.positions.truncate(kept + 1);
        self.read_before += kept;
        let rest = column.from(text, from);
        let decoded = work.tokens.iter().any(|t| t.span.start >= from).then(|| work.decode(text, from, &rest_start));
        let inferred = matches!(placement, Placement::RestInferred { .. });
        let (mut line, mut diags, mut p) = read_column(text, number, id, &rest, decoded, placement, rest_start, game.lines.len());
        line.label = resumed_label(&self.label, piece);
        line.origin = LineOrigin::Resumed { of: self.column, piece, inferred };
        // Past the gap, only the stretch read as printed is kept; the rest stays unread.
        let keep = read_as_printed(&line);
        if keep < line.moves.len() {
            let cut = line.moves[keep].span.start;
            cut_line(text, &rest, &mut line, &mut diags, &mut p, keep, cut);
        }
        diagnostics.extend(diags);
        self.positions = p.positions;
        self.index = game.lines.len();
        game.lines.push(line);
        true
    }
}

impl Piece {
    /// Read the column on past a gap the rules bridge with certainty: the
    /// bridged plies and the rest become moves of the same line.
    #[allow(clippy::too_many_arguments)]
    fn bridge(&mut self, text: &str, number: usize, id: u32, work: &ColumnWork, stops: &[(usize, Position)], found: &Resume, game: &mut Game, diagnostics: &mut Vec<Diagnostic>) -> bool {
        let (stop, at) = stops[found.backed];
        let column = work.column;
        let gap = Span::new(stop, found.from.max(stop));
        let gap_text = column.own_text(text, gap);
        let Some((bridged, passed)) = bridge::bridged_moves(&at, &found.lost, gap, &gap_text) else { return false };
        let read = game.lines[self.index].moves.len();
        let kept = read - found.backed;
        let rest = column.from(text, found.from);
        let decoded = work.tokens.iter().any(|t| t.span.start >= found.from).then(|| work.decode(text, found.from, &found.start));
        let placement = Placement::Resumed { of: self.label.clone(), after: kept, lost: found.lost.clone(), skipped: found.skipped, added: 0, others: 0 };
        let (mut line, mut diags, mut p) = read_column(text, number, id, &rest, decoded, placement, found.start, self.index);
        let keep = read_as_printed(&line);
        if keep < line.moves.len() {
            let cut = line.moves[keep].span.start;
            cut_line(text, &rest, &mut line, &mut diags, &mut p, keep, cut);
        }
        // The rest's own placement note is replaced by the bridge's.
        diags.retain(|d| d.code != crate::diagnostic::Code::AndersonResumed);
        let evidence: Vec<String> = line.moves.iter().map(|m| m.text.clone()).collect();
        let label = game.lines[self.index].label.clone();
        // Drawn at the gap: the garbled cells, or for a lost row the point where it stood.
        let span = if gap_text.is_empty() { Span::new(found.from, found.from) } else { gap };
        diagnostics.push(bridge::bridged(number, &label, self.read_before + kept, &found.lost, &gap_text, &evidence, at.legal_moves().len(), span));
        // What the decoder said of the given-up guesses and of the stop no longer holds.
        diagnostics.retain(|d| !(d.span.start >= stop && d.span.start < gap.end.max(stop + 1) && d.code.namespace() == "repair"));
        diagnostics.extend(diags);
        let prior = &mut game.lines[self.index];
        prior.moves.truncate(kept);
        prior.stated_result = None;
        prior.unread = None;
        bridge::join_rest(prior, bridged, line);
        self.positions.truncate(kept + 1);
        self.positions.extend(passed);
        self.positions.extend(p.positions.into_iter().skip(1));
        true
    }
}

impl Piece {
    /// Where the line stopped on a board with one legal move (and then
    /// perhaps one again) and the column prints more moves after the stop,
    /// those forced plies were played: read them, then read on from after
    /// them as far as the rest reads as printed. Whether any was read.
    fn force(&mut self, text: &str, number: usize, id: u32, work: &ColumnWork, game: &mut Game, diagnostics: &mut Vec<Diagnostic>) -> bool {
        let Some(stop) = game.lines[self.index].unread.as_ref().map(|u| u.span.start) else { return false };
        let Some(&at) = self.positions.last() else { return false };
        let mut pos = at;
        let mut forced = Vec::new();
        while forced.len() < bridge::MAX_FORCED {
            let legal = pos.legal_moves();
            let [only] = legal.as_slice() else { break };
            forced.push(draughts_text::describe(&pos, only).0);
            pos = pos.play(only);
        }
        // The print goes on past the forced plies: the game was not over there.
        let printed_after = printed_count(&work.tokens_from(stop));
        if forced.is_empty() || printed_after <= forced.len() {
            return false;
        }
        let Some((bridged, passed)) = bridge::bridged_moves(&at, &forced, Span::new(stop, stop), "") else { return false };
        let column = work.column;
        let rest = column.from(text, stop);
        let decoded = work.decode(text, stop, &pos);
        let read = game.lines[self.index].moves.len();
        let placement = Placement::Resumed { of: self.label.clone(), after: read, lost: forced.clone(), skipped: 0, added: 0, others: 0 };
        let (mut line, mut diags, mut p) = read_column(text, number, id, &rest, Some(decoded), placement, pos, self.index);
        let keep = read_as_printed(&line);
        if keep < line.moves.len() {
            let cut = line.moves[keep].span.start;
            cut_line(text, &rest, &mut line, &mut diags, &mut p, keep, cut);
        }
        diags.retain(|d| d.code != crate::diagnostic::Code::AndersonResumed && d.code.namespace() != "anderson");
        let confirmed: Vec<String> = line.moves.iter().map(|m| m.text.clone()).collect();
        let label = game.lines[self.index].label.clone();
        diagnostics.push(bridge::forced(number, &label, read, &forced, &confirmed, printed_after, Span::new(stop, line.unread.as_ref().map_or(stop, |u| u.span.start.max(stop)))));
        // The stop the decoder reported moves to where the rest now stops.
        diagnostics.retain(|d| !(d.span.start == stop && d.code.namespace() == "repair"));
        diagnostics.extend(diags.into_iter().filter(|d| !(d.code.namespace() == "result" && line.unread.is_some())));
        let prior = &mut game.lines[self.index];
        prior.stated_result = None;
        prior.unread = None;
        bridge::join_rest(prior, bridged, line);
        self.positions.extend(passed);
        self.positions.extend(p.positions.into_iter().skip(1));
        true
    }
}

impl Piece {
    /// Where a column the page's edge cut stopped on a known board, read its
    /// cells on by the cut rule ([`cut`]). Whether any was read.
    fn read_cut(&mut self, text: &str, number: usize, work: &ColumnWork, game: &mut Game, diagnostics: &mut Vec<Diagnostic>) -> bool {
        let Some(stop) = game.lines[self.index].unread.as_ref().map(|u| u.span.start) else { return false };
        let Some(&at) = self.positions.last() else { return false };
        let read = game.lines[self.index].moves.len();
        let reading = cut::read_cut_cells(text, number, &self.label, work.column, stop, at, self.read_before + read);
        if reading.moves.is_empty() && reading.diagnostics.is_empty() {
            return false;
        }
        let read_any = !reading.moves.is_empty();
        // The decoder's stop (and its readings) no longer holds: the cut reading says where the line stops.
        diagnostics.retain(|d| !(d.span.start == stop && d.code.namespace() == "repair"));
        diagnostics.extend(reading.diagnostics.iter().cloned());
        let line = &mut game.lines[self.index];
        cut::apply(text, work.column, line, &mut self.positions, reading);
        if line.unread.is_none()
            && let Some(result) = line.stated_result.clone()
        {
            diagnostics.extend(draughts_text::check_result(&self.positions[0], line, &result));
        }
        read_any
    }
}

impl Piece {
    /// Where the line stopped on a known board at a garbled move that
    /// exactly one legal move lets the printed moves after it read
    /// ([`through`]): read it, and the moves after it as printed.
    fn read_through(&mut self, text: &str, number: usize, id: u32, work: &ColumnWork, game: &mut Game, diagnostics: &mut Vec<Diagnostic>) -> bool {
        let Some(stop) = game.lines[self.index].unread.as_ref().map(|u| u.span.start) else { return false };
        let Some(&at) = self.positions.last() else { return false };
        let read = game.lines[self.index].moves.len();
        let label = game.lines[self.index].label.clone();
        let Some(found) = through::read_through(text, number, &label, self.read_before + read, work, stop, &at) else { return false };
        let column = work.column;
        let rest = column.from(text, found.from);
        let decoded = work.decode(text, found.from, &found.after);
        let placement = Placement::Resumed { of: self.label.clone(), after: read, lost: Vec::new(), skipped: 0, added: 0, others: 0 };
        let (mut line, mut diags, mut p) = read_column(text, number, id, &rest, Some(decoded), placement, found.after, self.index);
        let keep = read_as_printed(&line);
        if keep < line.moves.len() {
            let cut = line.moves[keep].span.start;
            cut_line(text, &rest, &mut line, &mut diags, &mut p, keep, cut);
        }
        diags.retain(|d| d.code.namespace() != "anderson");
        through::stop_diagnostics_gone(diagnostics, stop, found.from);
        diagnostics.push(found.warning);
        diagnostics.extend(diags.into_iter().filter(|d| !(d.code.namespace() == "result" && line.unread.is_some())));
        let prior = &mut game.lines[self.index];
        prior.stated_result = None;
        prior.unread = None;
        bridge::join_rest(prior, vec![found.node], line);
        self.positions.push(found.after);
        self.positions.extend(p.positions.into_iter().skip(1));
        true
    }
}

/// Where a column resumes after its reading stopped.
#[derive(Clone, Debug, PartialEq)]
struct Resume {
    /// The byte the rest is read from.
    from: usize,
    /// Moves at the end of the stopped line given up: mended guesses the gap replaces.
    backed: usize,
    skipped: usize,
    /// The unprinted plies, as text.
    lost: Vec<String>,
    /// Squares given a piece the rest's moves need (a line with an inferred start only).
    added: u32,
    /// How many other gaps leave a board from which the rest reads the same moves.
    others: usize,
    /// How many other gaps leave a board from which the rest reads on at all.
    rivals: usize,
    start: Position,
}

impl Resume {
    /// How much the gap supposes: moves given up, cells passed over, plies and pieces added.
    fn size(&self) -> usize {
        self.backed + self.skipped + self.lost.len() + self.added.count_ones() as usize
    }

    /// Whether the gap is certain enough to bridge: plies the rules alone
    /// found, on a board that is known (no added piece, no inferred start),
    /// and no other gap from which the rest reads on.
    fn is_certain_bridge(&self, open: bool) -> bool {
        !open && self.added == 0 && self.others == 0 && self.rivals == 0 && !self.lost.is_empty()
    }
}

/// A gap tried: how far the rest then reads as printed, and what it reads.
#[derive(Clone)]
struct Candidate {
    exact: usize,
    /// `exact` less what the gap's guesses cost.
    score: f64,
    resume: Resume,
    /// The positions the reading passes through, its start included.
    passed: Vec<Position>,
    /// The moves it reads as printed.
    read: Vec<Vec<u8>>,
    decoded: Decoded,
}

/// What the rest of a column from one byte says about the board: its moves
/// as readings and the inferences from them (a line with an inferred start only).
type RestBoard = (Vec<Vec<Reading>>, Vec<InferredReading>);

/// The boards a gap of up to two unprinted plies leaves after `at`, with those plies as text.
fn gaps_after(at: Position) -> Vec<(Position, Vec<String>)> {
    // No ply lost, then one, then two: each level grown from the one before.
    let mut level: Vec<(Position, Vec<String>)> = vec![(at, Vec::new())];
    let mut gaps = level.clone();
    for _ in 0..2 {
        level = level
            .iter()
            .flat_map(|(pos, lost)| pos.legal_moves().into_iter().map(move |mv| (pos.play(&mv), [lost.clone(), vec![draughts_text::describe(pos, &mv).0]].concat())))
            .collect();
        gaps.extend(level.iter().cloned());
    }
    gaps
}

/// A column's reading stopped at byte `stops[0].0` in position `stops[0].1`:
/// the gap a lost or misprinted row leaves (up to two unreadable cells passed
/// over, up to two plies not printed) after which the rest reads as printed.
/// The decoder may have mended the last moves before the stop into a wrong
/// guess at the gap, so the gap may also start before them (`stops[b]`, with
/// `b` such moves given up). Every such gap is tried; one is taken only if its
/// rest reads at least 6 moves as printed and clearly better than from any
/// other position.
///
/// Also returns the gaps (their plies) after which the rest reads on at all,
/// when more than one does: the candidates a bridge would have to choose from.
fn resume(text: &str, work: &ColumnWork, stops: &[(usize, Position)], open: bool) -> (Option<Resume>, Vec<Vec<String>>) {
    let mut gaps: Vec<Resume> = Vec::new();
    let mut boards: HashMap<usize, RestBoard> = HashMap::new();
    for (backed, &(stop, at)) in stops.iter().enumerate() {
        let rest_cells: Vec<&Cell> = work.column.cells.iter().filter(|c| c.span.end > stop).collect();
        for skipped in 0..=2usize {
            let Some(from) = (if skipped == 0 { Some(stop) } else { rest_cells.get(skipped).map(|c| c.span.start) }) else { break };
            if printed_count(&work.tokens_from(from)) < MIN_CONFIRMED_PLIES {
                break;
            }
            let (rest_moves, inferences) = boards.entry(from).or_insert_with(|| rest_board(text, work, from, open));
            for (gap, lost) in gaps_after(at) {
                // No gap at all: only the board with pieces added is new.
                let no_gap = backed == 0 && skipped == 0 && lost.is_empty();
                let completed = inferences.iter().filter_map(|reading| with_pieces_of(&gap, rest_moves, reading));
                for (pos, added) in (!no_gap).then_some((gap, 0)).into_iter().chain(completed) {
                    let resume = Resume { from, backed, skipped, lost: lost.clone(), added, others: 0, rivals: 0, start: pos };
                    // The same position by a smaller gap is tried already.
                    if gaps.iter().any(|t| t.start == pos && t.size() <= resume.size()) {
                        continue;
                    }
                    gaps.retain(|t| t.start != pos);
                    gaps.push(resume);
                }
            }
        }
    }
    choose(text, work, gaps)
}

/// What the rest from `from` says about the board, for a line whose start was inferred.
fn rest_board(text: &str, work: &ColumnWork, from: usize, open: bool) -> RestBoard {
    if !open {
        return (Vec::new(), Vec::new());
    }
    let moves = work.moves_from(text, from);
    let fits = PrefixFits::new(&moves);
    let inferences = [Color::Black, Color::White].into_iter().flat_map(|turn| rest_inferences(&fits, turn)).collect();
    (moves, inferences)
}

impl Resume {
    /// What the gap's guesses cost a reading's score: pieces added, plies taken as lost.
    fn guessed(&self) -> f64 {
        ADDED_PIECE_COST * f64::from(self.added.count_ones()) + LOST_PLY_COST * self.lost.len() as f64
    }
}

/// Decode the rest after one gap and score it.
fn try_gap(text: &str, work: &ColumnWork, resume: Resume) -> Candidate {
    let decoded = work.decode(text, resume.from, &resume.start);
    let line = &decoded.0;
    let exact = read_as_printed(line);
    let score = exact as f64 - resume.guessed();
    let passed = positions_along(&resume.start, line, exact);
    let read: Vec<Vec<u8>> = line.moves.iter().take(exact).map(|m| m.squares.clone()).collect();
    Candidate { exact, score, resume, passed, read, decoded }
}

/// The gap whose rest reads best, if clearly better than any rival; its
/// decode is kept. With it, the plies of every gap (off one another's path)
/// after which the rest reads on, if there are several.
fn choose(text: &str, work: &ColumnWork, gaps: Vec<Resume>) -> (Option<Resume>, Vec<Vec<String>>) {
    let reach: Vec<usize> = gaps.iter().map(|g| work.most_read_as_printed(g.from, &g.start, MIN_CONFIRMED_PLIES)).collect();
    let (chosen, candidates) = choose_among(gaps, &reach, |g| try_gap(text, work, g));
    let chosen = chosen.map(|(resume, decoded)| {
        work.keep(resume.from, &resume.start, &decoded);
        resume
    });
    (chosen, candidates)
}

/// [`choose`], given for each gap a bound on the moves its rest reads as
/// printed (`reach`, up to [`MIN_CONFIRMED_PLIES`]), and `decode` to read
/// and score a gap's rest. The chosen gap comes with its decode.
///
/// Most gaps leave a board the rest does not read from, and a decode that
/// breaks down is dear, so a gap is decoded only where it can change the
/// choice. A gap's score is at most its bound less its guesses. It is
/// decoded if its rest may read as far as a resume needs (it may be the best,
/// or a rival), or while its bound reaches the runner-up's score among the
/// gaps decoded so far. A gap below that can be neither the best, nor the
/// runner-up, nor one of the others or the rivals: the choice is the one
/// decoding every gap makes.
fn choose_among(gaps: Vec<Resume>, reach: &[usize], mut decode: impl FnMut(Resume) -> Candidate) -> (Option<(Resume, Decoded)>, Vec<Vec<String>>) {
    // No rest can read as far as a resume needs: the best would fall short.
    if reach.iter().all(|&r| r < MIN_CONFIRMED_PLIES) {
        return (None, Vec::new());
    }
    let bounds: Vec<f64> = gaps.iter().zip(reach).map(|(g, &r)| r as f64 - g.guessed()).collect();
    let mut pending: Vec<Option<Resume>> = gaps.into_iter().map(Some).collect();
    let mut decoded: Vec<Option<Candidate>> = pending.iter().map(|_| None).collect();
    for k in (0..reach.len()).filter(|&k| reach[k] >= MIN_CONFIRMED_PLIES) {
        decoded[k] = pending[k].take().map(&mut decode);
    }
    loop {
        let tried = ranked(&decoded);
        let runner_up = runner_up(tried[0], &tried[1..]);
        // The gap not decoded whose bound is highest, the first tried on a tie.
        let next = (0..pending.len()).filter(|&k| pending[k].is_some()).max_by(|&a, &b| bounds[a].total_cmp(&bounds[b]).then(b.cmp(&a)));
        match next {
            Some(k) if bounds[k] >= runner_up => decoded[k] = pending[k].take().map(&mut decode),
            _ => break,
        }
    }
    let tried = ranked(&decoded);
    judge(tried[0], &tried[1..])
}

/// The decoded gaps, best first: by score, then by moves read as printed,
/// then the smaller gap, then the one tried first.
fn ranked(decoded: &[Option<Candidate>]) -> Vec<&Candidate> {
    let mut tried: Vec<&Candidate> = decoded.iter().flatten().collect();
    tried.sort_by(|a, b| b.score.total_cmp(&a.score).then(b.exact.cmp(&a.exact)).then(a.resume.size().cmp(&b.resume.size())));
    tried
}

/// Not rivals of the best: a gap that passes over a printed move and counts
/// the same move lost (one reading's start is on the other's path).
fn off_path(best: &Candidate, t: &Candidate) -> bool {
    !best.passed.contains(&t.resume.start) && !t.passed.contains(&best.resume.start)
}

/// Nor a gap after which the rest reads the same moves as after the best,
/// or a stretch of at least half of them (the boards differ only where
/// those moves never look, so the moves are as certain).
fn alike(best: &Candidate, t: &Candidate) -> bool {
    // One reading's moves a stretch of the other's: they agree on every move both read.
    let within = |short: &[Vec<u8>], long: &[Vec<u8>]| !short.is_empty() && short.len() * 2 >= long.len() && long.windows(short.len()).any(|w| w == short);
    within(&t.read, &best.read) || within(&best.read, &t.read)
}

/// The score of the best rival: the first gap after the best, off its path, that reads otherwise.
fn runner_up(best: &Candidate, rest: &[&Candidate]) -> f64 {
    rest.iter().find(|t| off_path(best, t) && !alike(best, t)).map_or(f64::NEG_INFINITY, |t| t.score)
}

/// The choice among the gaps decoded, `best` and the `rest` in rank.
fn judge(best: &Candidate, rest: &[&Candidate]) -> (Option<(Resume, Decoded)>, Vec<Vec<String>>) {
    let runner_up = runner_up(best, rest);
    // Other boards the gap may leave, from which the rest reads the same, if as well.
    let others = rest.iter().filter(|t| off_path(best, t) && alike(best, t) && t.score > runner_up).count();
    // A bridge takes the gap's plies as certain: no other gap may let the rest read on.
    let reading_on: Vec<&Candidate> = rest.iter().copied().filter(|t| off_path(best, t) && t.exact >= MIN_CONFIRMED_PLIES).collect();
    let rivals = reading_on.len();
    let candidates = if best.exact >= MIN_CONFIRMED_PLIES && rivals > 0 {
        let mut lost: Vec<Vec<String>> = Vec::new();
        for t in std::iter::once(best).chain(reading_on) {
            if !lost.contains(&t.resume.lost) {
                lost.push(t.resume.lost.clone());
            }
        }
        lost
    } else {
        Vec::new()
    };
    if best.exact < MIN_CONFIRMED_PLIES || best.score - runner_up < RESUME_MARGIN {
        return (None, candidates);
    }
    (Some((Resume { others, rivals, ..best.resume.clone() }, best.decoded.clone())), candidates)
}

/// Where the rest of a column starts when read from its own inferred start.
struct RestStart {
    from: usize,
    skipped: usize,
    fixed: u32,
    filled: u32,
    start: Position,
}

/// The rest of a column from byte `stop`, replayed from the position its own
/// moves imply: from the first cell (of the next `MAX_REST_SKIPPED`) from
/// which it then reads as many moves as printed as an inference must fit to
/// be used at all. The cells passed over stay unread.
fn rest_inferred(text: &str, work: &ColumnWork, stop: usize) -> Option<RestStart> {
    let rest_cells: Vec<&Cell> = work.column.cells.iter().filter(|c| c.span.end > stop).collect();
    for skipped in 0..=MAX_REST_SKIPPED {
        let Some(from) = (if skipped == 0 { Some(stop) } else { rest_cells.get(skipped).map(|c| c.span.start) }) else { break };
        if printed_count(&work.tokens_from(from)) < MIN_INFERRED_PLIES {
            break;
        }
        let moves = work.moves_from(text, from);
        let Some(starts) = starts_to_try(&moves, &PrefixFits::new(&moves)) else { continue };
        // Whichever start the inference takes, the rest could not read far enough as printed from it.
        if starts.iter().all(|s| work.most_read_as_printed(from, &s.start, MIN_INFERRED_PLIES) < MIN_INFERRED_PLIES) {
            continue;
        }
        let Some(own) = best_start(work, text, from, moves.len(), &starts) else { continue };
        // The decode that confirmed the start, kept by the inference.
        let exact = read_as_printed(&work.decode(text, from, &own.start).0);
        // The first cell from which the rest reads: what lies before it stays unread.
        if exact >= MIN_INFERRED_PLIES {
            return Some(RestStart { from, skipped, fixed: own.fixed, filled: own.filled, start: own.start });
        }
    }
    None
}

/// The positions a line passes through in its first `count` moves, its start included.
fn positions_along(start: &Position, line: &Line, count: usize) -> Vec<Position> {
    let mut out = vec![*start];
    let mut pos = *start;
    for m in line.moves.iter().take(count) {
        let Ok(mv) = resolve(&pos, &m.squares) else { break };
        pos = pos.play(&mv);
        out.push(pos);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::layout::parse_layout;
    use super::*;
    use std::rc::Rc;

    #[test]
    fn pieces_are_labelled_after_the_column() {
        assert_eq!(resumed_label("15", 2), "15 (resumed)");
        assert_eq!(resumed_label("trunk", 3), "trunk (resumed 3)");
        assert!(is_resumed(&Line { origin: LineOrigin::Resumed { of: 0, piece: 4, inferred: false }, ..Line::default() }));
        assert!(!is_resumed(&Line { label: "7".into(), ..Line::default() }));
    }

    /// The bound a gap is judged by before it is decoded holds: from boards
    /// a gap may leave, right and wrong, no decode reads more moves as
    /// printed than the bound says, and the bound is often the decode's own count.
    #[test]
    fn no_decode_reads_more_as_printed_than_its_bound() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/anderson-1852-ocr.txt");
        let text = std::fs::read_to_string(path).expect("corpus");
        let (layouts, _) = parse_layout(&text);
        let limit = MIN_CONFIRMED_PLIES;
        let (mut compared, mut short, mut reach, mut equal) = (0, 0, 0, 0);
        for layout in layouts.iter().take(12) {
            for (id, column) in layout.columns.iter().take(4) {
                let work = ColumnWork::new(layout, column);
                // The column's own start where its moves imply one: a variation's board.
                let start = work.own_start(&text).map_or(Position::initial(), |own| own.start);
                let read = work.decode(&text, 0, &start);
                let passed = positions_along(&start, &read.0, read.0.moves.len());
                // Stops along the column's reading, its rest read from the move after each.
                for (k, at) in passed.iter().enumerate().step_by(3).take(3) {
                    let from = read.0.moves.get(k).map_or(0, |m| m.span.start);
                    for (gap, lost) in gaps_after(*at).into_iter().step_by(9) {
                        let read = read_as_printed(&work.decode(&text, from, &gap).0);
                        // The rest read from an inferred start asks for more.
                        let longer = work.most_read_as_printed(from, &gap, MIN_INFERRED_PLIES);
                        assert!(longer >= read.min(MIN_INFERRED_PLIES), "column {id} from byte {from} after {lost:?}: bound {longer}, read {read}");
                        let bound = work.most_read_as_printed(from, &gap, limit);
                        let exact = read.min(limit);
                        assert!(bound >= exact, "column {id} from byte {from} after {lost:?}: bound {bound}, read {exact}");
                        compared += 1;
                        short += usize::from(bound < limit);
                        reach += usize::from(exact == limit);
                        equal += usize::from(bound == exact);
                    }
                }
            }
        }
        assert!(compared > 300 && short > compared / 4 && reach > 8 && equal > compared / 2, "{compared} compared, {short} bounded short, {reach} reach the limit, {equal} equal");
    }

    /// The choice made with every gap decoded, as `choose` made it before it bounded them.
    fn choice_among_all(candidates: &[Candidate]) -> (Option<Resume>, Vec<Vec<String>>) {
        let every: Vec<Option<Candidate>> = candidates.iter().cloned().map(Some).collect();
        let all = ranked(&every);
        let (chosen, rivals) = judge(all[0], &all[1..]);
        (chosen.map(|(resume, _)| resume), rivals)
    }

    /// Choosing among gaps decoded only where they can matter chooses as
    /// decoding every gap does, with the same rivals, others and candidates.
    #[test]
    fn the_gaps_left_undecoded_change_no_choice() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/anderson-1852-ocr.txt");
        let text = std::fs::read_to_string(path).expect("corpus");
        let (layouts, _) = parse_layout(&text);
        let (mut compared, mut chosen) = (0, 0);
        for layout in layouts.iter().step_by(2) {
            for column in layout.columns.values().take(6) {
                let work = ColumnWork::new(layout, column);
                let start = work.own_start(&text).map_or(Position::initial(), |own| own.start);
                let read = work.decode(&text, 0, &start);
                let passed = positions_along(&start, &read.0, read.0.moves.len());
                for (k, at) in passed.iter().enumerate().skip(1).step_by(3).take(4) {
                    // The rest from the move after the stop, or from one further on (a cell passed over).
                    let Some(from) = read.0.moves.get(k + k % 2).map(|m| m.span.start) else { continue };
                    // Half the time every gap is free (no ply counted lost), so that
                    // boards the rest reads only a few moves from are close rivals.
                    let free = k % 3 == 1;
                    let gaps: Vec<Resume> = gaps_after(*at)
                        .into_iter()
                        .map(|(start, lost)| Resume { from, backed: 0, skipped: 0, lost: if free { Vec::new() } else { lost }, added: 0, others: 0, rivals: 0, start })
                        .collect();
                    let every: Vec<Candidate> = gaps.iter().cloned().map(|g| try_gap(&text, &work, g)).collect();
                    let eager = choice_among_all(&every);
                    let lazy = choose(&text, &work, gaps);
                    assert_eq!(lazy, eager, "column from byte {from}");
                    compared += 1;
                    chosen += usize::from(lazy.0.is_some());
                }
            }
        }
        assert!(compared > 20 && chosen > 5, "{compared} compared, {chosen} chose a gap");
    }

    /// One gap as the property test draws it: its board (an index), the
    /// moves its rest reads as printed, how far its bound overshoots that,
    /// plies lost and pieces added, boards on its path, and which moves it reads.
    type DrawnGap = (usize, usize, usize, usize, u32, Vec<usize>, u8);

    /// The gaps drawn, as the search would have them and as their decodes would score them.
    fn drawn_gaps(drawn: &[DrawnGap]) -> (Vec<Resume>, Vec<usize>, Vec<Candidate>) {
        let boards: Vec<Position> = gaps_after(Position::initial()).into_iter().map(|(p, _)| p).collect();
        // Two lines of moves: a rest reads a stretch of one or of the other.
        let line = |which: u8| -> Vec<Vec<u8>> { (0..12u8).map(|k| vec![k + 1 + 20 * u8::from(which == 1), k + 5]).collect() };
        let (mut gaps, mut reach, mut candidates) = (Vec::new(), Vec::new(), Vec::new());
        for (board, exact, overshoot, lost, added, path, reads) in drawn.iter().cloned() {
            let start = boards[board % boards.len()];
            if gaps.iter().any(|g: &Resume| g.start == start) {
                continue;
            }
            let resume = Resume { from: 0, backed: 0, skipped: 0, lost: (0..lost).map(|k| format!("{k}-{board}")).collect(), added, others: 0, rivals: 0, start };
            let offset = usize::from(reads == 2);
            let read: Vec<Vec<u8>> = line(reads % 2).into_iter().skip(offset).take(exact).collect();
            let passed = std::iter::once(start).chain(path.iter().map(|&b| boards[b % boards.len()])).collect();
            let score = exact as f64 - resume.guessed();
            candidates.push(Candidate { exact, score, resume: resume.clone(), passed, read, decoded: Rc::new((Line::default(), Vec::new())) });
            reach.push((exact + overshoot).min(MIN_CONFIRMED_PLIES));
            gaps.push(resume);
        }
        (gaps, reach, candidates)
    }

    proptest::proptest! {
        /// Over gaps of every kind (close rivals, boards on one another's
        /// path, rests that read alike, bounds that overshoot), choosing
        /// with only the gaps that can matter decoded is choosing among all.
        #[test]
        fn choosing_among_the_gaps_that_matter_is_choosing_among_all(
            drawn in proptest::collection::vec((0usize..40, 0usize..10, 0usize..3, 0usize..3, 0u32..4, proptest::collection::vec(0usize..40, 0..3), 0u8..3), 1..24)
        ) {
            let (gaps, reach, candidates) = drawn_gaps(&drawn);
            let (eager, eager_rivals) = choice_among_all(&candidates);
            let mut decodes = 0;
            let (lazy, lazy_rivals) = choose_among(gaps, &reach, |g| {
                decodes += 1;
                candidates.iter().find(|c| c.resume.start == g.start).expect("drawn").clone()
            });
            proptest::prop_assert_eq!(lazy.map(|(r, _)| r), eager);
            proptest::prop_assert_eq!(lazy_rivals, eager_rivals);
            proptest::prop_assert!(decodes <= candidates.len());
        }
    }

    #[test]
    fn gaps_are_zero_one_and_two_plies_from_the_stop() {
        let gaps = gaps_after(Position::initial());
        // 7 opening moves, 7 replies to each.
        assert_eq!(gaps.len(), 1 + 7 + 49);
        assert!(gaps[0].1.is_empty());
        assert_eq!(gaps[1].1.len(), 1);
        assert_eq!(gaps[8].1.len(), 2);
    }

    /// A row lost from the trunk (White's 23-19 after 11-15): the rest reads on from the one position it leaves.
    #[test]
    fn a_lost_row_is_found_and_the_rest_reads_on() {
        let rows = ["11 15", "8 11", "22 17", "4 8", "17 13", "15 18", "24 20", "11 15", "28 24", "8 11", "26 22"];
        let text = format!("GAME.\t1\n{}\n", rows.iter().map(|r| format!("{r}\t")).collect::<Vec<_>>().join("\n"));
        let (layouts, _) = parse_layout(&text);
        let layout = &layouts[0];
        let work = ColumnWork::new(layout, &layout.columns[&0]);
        let after_first = Position::initial().play(&resolve(&Position::initial(), &[11, 15]).expect("legal"));
        let stop = layout.columns[&0].cells[1].span.start;
        let found = resume(&text, &work, &[(stop, after_first)], false).0.expect("resumed");
        assert_eq!((found.from, found.backed, found.skipped), (stop, 0, 0));
        assert_eq!(found.lost, ["23-19"]);
        assert_eq!(layout.columns[&0].from(&text, found.from).cells.len(), 10);
    }

    /// A rest long enough but whose moves fit no board (no two of them can
    /// follow each other) is not read from an inferred start.
    #[test]
    fn a_rest_whose_moves_fit_no_board_is_not_read_from_an_inferred_start() {
        let rows = ["1 5", "32 28", "1 6", "32 27", "2 6", "31 27", "2 7", "31 26", "3 7", "30 26"];
        let text = format!("GAME.\t1\n{}\n", rows.iter().map(|r| format!("{r}\t")).collect::<Vec<_>>().join("\n"));
        let (layouts, _) = parse_layout(&text);
        let work = ColumnWork::new(&layouts[0], &layouts[0].columns[&0]);
        assert!(work.printed >= MIN_INFERRED_PLIES);
        assert!(rest_inferred(&text, &work, 0).is_none());
    }
}
