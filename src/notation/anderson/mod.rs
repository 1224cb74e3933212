//! Anderson's *Game of Draughts Simplified* (1852): games printed in columns.
//!
//! A game starts at a `GAME.` line whose cells number the columns on the page
//! (`GAME. 1 2 3 4 5`: the trunk, then variations 1–5); later pages of the same
//! game start at a line of column numbers alone (`6 7 8 9 10 11`). Below a
//! header, a **row-wise** page has one move per column on each line, cells
//! separated by tabs; a **flattened** page has a whole column run together in
//! one cell. A number in front of a move (`1 17 13`) says "variation 1 starts
//! here": that column replaces this move and goes on from the position before
//! it. Under the columns stand the results (`Drawn.`, `W. wins.`) and sometimes
//! contributors.
//!
//! Reading is in two steps, as elsewhere: the layout is parsed into columns of
//! cells with spans (nothing about moves), then each column is replayed from
//! the position its branch point gives, with the repair decoder. Every line
//! that is not part of a page is kept as unread text.

mod openings;

pub use openings::{contents, ContentsEntry};

use crate::diagnostic::Diagnostic;
use crate::notation::numeric::{self, ReadOptions};
use crate::repair::{Token, TokenKind};
use crate::repair::CostModel;
use crate::rules::draughts::infer::{complete, infer_start_among, paths_between, Inferred, InferredReading, Reading};
use crate::rules::draughts::Setup;
use crate::rules::draughts::{resolve, write_fen, Color, Position};
use crate::span::Span;
use crate::tree::{Annotation, Game, Line, LineStatus, Source, Unread};
use regex::Regex;
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// A result cell, allowing for what the OCR did to it (`Diawil.`, `WIIIS.`, `mawn.`).
static RESULT_LIKE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^\W*(?:[wb]\.?\s*)?(?:drawn|draw|diaw\w*|mawn|\w*rawn|wins?|w[il1|]+s|wh?is)\b").expect("valid regex"));

/// A cell of the page, with where it stands in the source.
#[derive(Clone, Debug)]
struct Cell {
    text: String,
    span: Span,
}

/// One column as printed: its move cells in order, result and notes under it.
#[derive(Clone, Debug, Default)]
struct Column {
    cells: Vec<Cell>,
    result: Option<Cell>,
    notes: Vec<Cell>,
    /// Most numbers stand in cells of more than two moves: the column was run together by the OCR.
    flattened: bool,
    /// Numbers in cells holding more than two moves, and in all cells.
    long_numbers: usize,
    numbers: usize,
    /// A note in another notation has begun: the cells up to the result belong to it.
    in_note: bool,
    /// The page's edge cut the column (see [`Column::is_cut_at_edge`]); set once the page is read.
    cut_at_edge: bool,
}

impl Column {
    /// The column's cells from byte `at` on (a cell `at` falls inside is cut there).
    fn from(&self, text: &str, at: usize) -> Column {
        let cells = self
            .cells
            .iter()
            .filter(|c| c.span.end > at)
            .map(|c| if c.span.start >= at { c.clone() } else { Cell { text: text[at..c.span.end].to_string(), span: Span::new(at, c.span.end) } })
            .collect();
        Column { cells, result: self.result.clone(), cut_at_edge: self.cut_at_edge, ..Column::default() }
    }

    /// Whether the page's edge cut this column: most of its two-number cells
    /// end in one digit that no move could go to (`27 2`, `10 2`).
    fn is_cut_at_edge(&self) -> bool {
        if self.flattened {
            return false;
        }
        let (mut pairs, mut cut) = (0, 0);
        for cell in &self.cells {
            let numbers: Vec<String> = numeric::scan(&cell.text, cell.span.start).into_iter().filter(|t| t.kind == TokenKind::Number).map(|t| t.text).collect();
            let [from, to] = numbers.as_slice() else { continue };
            pairs += 1;
            if let (Ok(a), Ok(b)) = (from.parse::<u8>(), to.parse::<u8>())
                && to.len() == 1
                && paths_between(a, b).is_empty()
            {
                cut += 1;
            }
        }
        pairs >= 4 && cut * 2 > pairs
    }

    /// How OCR errors cost in this column.
    fn cost_model(&self) -> CostModel {
        CostModel { cut_at_edge: self.cut_at_edge.then_some(CUT_AT_EDGE_COST), ..CostModel::default() }
    }
}

/// A note inside a column: `+` and a move in the period notation (`+ 23.19`).
static NOTE_START: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*\+\s*\d{1,2}\.\d{1,2}\b").expect("note pattern"));

/// The cost of reading a number at the page's cut edge as one that starts with the digits left.
const CUT_AT_EDGE_COST: f64 = 0.3;

/// "Variation `variation` replaces the move of column `parent` printed at `at`."
#[derive(Clone, Debug)]
struct BranchMark {
    variation: u32,
    parent: u32,
    /// Where the marked move's text starts.
    at: usize,
    span: Span,
}

/// A game's layout: columns by number (0 is the trunk) and branch marks.
#[derive(Debug, Default)]
struct Layout {
    title: Span,
    columns: BTreeMap<u32, Column>,
    marks: Vec<BranchMark>,
}

/// Read the whole book: every game as a tree, everything else kept unread.
pub fn read(name: &str, text: &str) -> Source {
    let mut source = Source { name: name.to_string(), notation: crate::tree::Notation::Anderson, ..Source::default() };
    let (layouts, unread) = parse_layout(text);
    source.unread = unread;
    if layouts.is_empty() {
        // All of the text is kept unread; saying nothing would pass it as a book checked.
        source.diagnostics.push(
            Diagnostic::error("anderson::no-games", "no game found: no `GAME.` line or page header of column numbers", Span::new(0, text.len()))
                .with_label("no columnar game here")
                .with_help("a game starts at a line `GAME.` followed by its column numbers (`GAME. 1 2 3`, cells separated by tabs)"),
        );
    }
    for (k, layout) in layouts.iter().enumerate() {
        let (game, diagnostics) = build_game(text, k + 1, layout);
        source.games.push(game);
        source.diagnostics.extend(diagnostics);
    }
    let naming = openings::name_games(text, &mut source.games);
    source.diagnostics.extend(naming);
    // Results under columns no game holds, page headers, positions, contributors, prose: kept.
    super::notes::keep_the_rest(&mut source, text);
    source
}

/// Whether a text looks like this book.
pub fn looks_like(text: &str) -> bool {
    text.lines().any(|l| is_game_header(l).is_some())
}

/// `GAME.\t1\t2\t3`: the column numbers after the trunk.
fn is_game_header(line: &str) -> Option<Vec<u32>> {
    let body = line.trim_start_matches(['#', ' ']);
    let rest = body.strip_prefix("GAME.")?;
    if !rest.starts_with('\t') {
        return None;
    }
    Some(numbers_in_cells(rest))
}

/// `6\t7\t8\t9`: a page header of consecutive column numbers. One of them
/// may be misread (`66 67 63 69`): the run most of them agree on is taken.
fn is_page_header(line: &str) -> Option<Vec<u32>> {
    let cells: Vec<&str> = line.split('\t').map(str::trim).filter(|c| !c.is_empty()).collect();
    if cells.len() < 3 || !cells.iter().all(|c| c.len() <= 3 && c.chars().all(|ch| ch.is_ascii_digit())) {
        return None;
    }
    let numbers = numbers_in_cells(line);
    // Each number votes for the first column's number it implies.
    let mut votes: BTreeMap<i64, usize> = BTreeMap::new();
    for (i, &n) in numbers.iter().enumerate() {
        *votes.entry(i64::from(n) - i as i64).or_default() += 1;
    }
    let (&base, &count) = votes.iter().max_by_key(|entry| *entry.1)?;
    if count * 2 <= numbers.len() || base < 1 {
        return None;
    }
    Some((0..numbers.len()).map(|i| (base + i as i64) as u32).collect())
}

fn numbers_in_cells(cells: &str) -> Vec<u32> {
    cells.split('\t').filter_map(|c| c.chars().filter(char::is_ascii_digit).collect::<String>().parse().ok()).collect()
}

/// Split the text into game layouts; lines outside them are unread text.
fn parse_layout(text: &str) -> (Vec<Layout>, Vec<Unread>) {
    let mut layouts: Vec<Layout> = Vec::new();
    let mut unread: Vec<Unread> = Vec::new();
    let mut labels: Vec<u32> = Vec::new();
    let mut after_results = false;
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let span = Span::new(start, start + line.len());
        if line.trim().is_empty() {
            continue;
        }
        if let Some(numbers) = is_game_header(line) {
            layouts.push(Layout { title: span, ..Layout::default() });
            labels = std::iter::once(0).chain(numbers).collect();
            after_results = false;
            continue;
        }
        if layouts.is_empty() {
            keep_unread(&mut unread, text, span);
            continue;
        }
        if let Some(numbers) = is_page_header(line) {
            // Numbering that starts again means a new game whose first page (with
            // the GAME line and the trunk) the OCR lost.
            if numbers.first() <= labels.iter().max() {
                layouts.push(Layout { title: span, ..Layout::default() });
            }
            labels = numbers;
            after_results = false;
            continue;
        }
        // Prose between games (critical positions, remarks): no tabs and many words.
        if !line.contains('\t') && line.split_whitespace().filter(|w| w.chars().any(char::is_alphabetic)).count() > 3 {
            keep_unread(&mut unread, text, span);
            continue;
        }
        let Some(layout) = layouts.last_mut() else { continue };
        let cells = split_cells(line, start);
        let results = cells.iter().filter(|c| RESULT_LIKE.is_match(&c.text)).count();
        if results > 0 && results * 2 >= cells.iter().filter(|c| !c.text.trim().is_empty()).count() {
            for (i, cell) in cells.into_iter().enumerate() {
                let Some(&id) = labels.get(i) else {
                    keep_unread(&mut unread, text, cell.span);
                    continue;
                };
                let column = layout.columns.entry(id).or_default();
                if cell.text.trim().is_empty() {
                    continue;
                }
                if column.result.is_none() && RESULT_LIKE.is_match(&cell.text) {
                    column.result = Some(cell);
                } else {
                    column.notes.push(cell);
                }
            }
            after_results = true;
            continue;
        }
        for (i, cell) in cells.into_iter().enumerate() {
            if cell.text.trim().is_empty() {
                continue;
            }
            let Some(&id) = labels.get(i) else {
                keep_unread(&mut unread, text, cell.span);
                continue;
            };
            let has_digits = cell.text.chars().any(|c| c.is_ascii_digit());
            let column = layout.columns.entry(id).or_default();
            if after_results || !has_digits || column.in_note || NOTE_START.is_match(&cell.text) {
                // Contributors under the results, words inside a column, or a
                // note in the period notation (`+ 23.19`, then to the result).
                column.in_note |= !after_results && NOTE_START.is_match(&cell.text);
                column.notes.push(cell);
                continue;
            }
            let numbers = numeric::scan(&cell.text, cell.span.start).iter().filter(|t| t.kind == TokenKind::Number).count();
            column.numbers += numbers;
            if numbers > 4 {
                column.long_numbers += numbers;
            }
            if numbers == 3 {
                // `1 17 13`: a variation's number in front of the move it replaces.
                let tokens = numeric::scan(&cell.text, cell.span.start);
                if let Some(first) = tokens.iter().find(|t| t.kind == TokenKind::Number)
                    && let Ok(n) = first.text.parse::<u32>()
                    && n > id
                {
                    let move_at = tokens.iter().filter(|t| t.kind == TokenKind::Number).nth(1).map_or(first.span.end, |t| t.span.start);
                    layout.marks.push(BranchMark { variation: n, parent: id, at: move_at, span: first.span });
                }
            }
            column.cells.push(cell);
            column.flattened = column.long_numbers * 2 > column.numbers;
        }
    }
    for column in layouts.iter_mut().flat_map(|l| l.columns.values_mut()) {
        column.cut_at_edge = column.is_cut_at_edge();
    }
    (layouts, unread)
}

fn split_cells(line: &str, start: usize) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut offset = start;
    for part in line.split('\t') {
        out.push(Cell { text: part.to_string(), span: Span::new(offset, offset + part.len()) });
        offset += part.len() + 1;
    }
    out
}

/// Unread text, joined with the previous piece when only whitespace lies between.
fn keep_unread(unread: &mut Vec<Unread>, text: &str, span: Span) {
    if let Some(last) = unread.last_mut()
        && text.get(last.span.end..span.start).is_some_and(|gap| gap.trim().is_empty())
    {
        last.span = last.span.join(span);
        last.raw = last.span.slice(text).to_string();
        return;
    }
    unread.push(Unread { raw: span.slice(text).to_string(), span });
}

/// Where a column starts, and how that was found.
#[derive(Clone, Debug)]
enum Placement {
    /// The trunk: the game's start.
    Trunk,
    /// Before the move of line `parent` that carries the column's number;
    /// `ply` counts from the game's start.
    Marked { parent: usize, ply: usize },
    /// Its mark was not found, but its own moves fit exactly one position of
    /// an earlier line.
    Matched { parent: usize, ply: usize },
    /// Only the position its own moves imply: `fixed` squares, `filled` ones
    /// where an empty square would allow a capture the text does not play, the
    /// rest empty.
    Inferred { fixed: u32, filled: u32 },
    /// The rest of column `of` after its reading stopped: from the one
    /// position that `lost` unprinted plies (as text) lead to, after
    /// `skipped` unreadable cells.
    /// `added`: squares given a piece the rest's moves need, where the
    /// line's start was inferred and left them empty.
    /// `others`: how many other gaps the rest reads the same moves after.
    Resumed { of: String, after: usize, lost: Vec<String>, skipped: usize, added: u32, others: usize },
    /// The rest of column `of` after its reading stopped, where no gap the
    /// rules allow lets it read on: from the position the rest's own moves
    /// imply (as `Inferred`), after `skipped` unreadable cells.
    RestInferred { of: String, after: usize, skipped: usize, fixed: u32, filled: u32 },
}

/// A column read: its line, and the position before each of its moves (and after the last).
struct Placed {
    index: usize,
    /// Plies from the game's start to `positions[0]` (0 for a line with an inferred start).
    base: usize,
    positions: Vec<Position>,
    spans: Vec<Span>,
    /// Placed from the game's start through marks and matches only, not an
    /// inferred start: only such a line's positions are whole boards.
    grounded: bool,
}

/// Replay every column of one game from where it branches.
///
/// Columns whose branch mark is found are placed first, in order. A column
/// whose mark lies in text that cannot be read is then matched, by what its
/// own moves say about the board, against every position the game's read lines
/// pass through; failing a single match it is replayed from the position its
/// moves imply, and says so.
fn build_game(text: &str, number: usize, layout: &Layout) -> (Game, Vec<Diagnostic>) {
    let mut game = Game { name: format!("Game {number}"), start: write_fen(&Position::initial().setup()), span: layout.title, ..Game::default() };
    let mut diagnostics = Vec::new();
    let ids: Vec<u32> = layout.columns.keys().copied().collect();
    let index_of: BTreeMap<u32, usize> = ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
    game.lines = vec![Line::default(); ids.len()];
    let mut placed: BTreeMap<u32, Placed> = BTreeMap::new();
    let mut printed_moves = 0;
    let tokens_of: BTreeMap<u32, Vec<Token>> = layout.columns.iter().map(|(&id, c)| (id, column_tokens(layout, c))).collect();
    for tokens in tokens_of.values() {
        printed_moves += printed_count(tokens);
    }
    // Trunk and marked columns, then matched ones, until nothing more is
    // placed; then the first column left from the position its own moves
    // imply, and again, since a column so placed may carry later columns' marks.
    let mut pending: Vec<u32> = ids.clone();
    let mut inferred: BTreeMap<u32, Option<(Placement, Position)>> = BTreeMap::new();
    loop {
        let before = pending.len();
        pending.retain(|&id| {
            let placement = if id == 0 {
                Some((Placement::Trunk, Position::initial()))
            } else {
                marked_start(layout, id, &placed, &game.lines).or_else(|| matched_start(&layout.columns[&id], layout, &placed))
            };
            let Some((mut placement, mut start)) = placement else { return true };
            // A mark in a line with an inferred start gives a board that lacks
            // whatever only this column's moves touch: its own inference may read further.
            let grounded_line = |index: usize| placed.values().any(|p| p.index == index && p.grounded);
            if let Placement::Marked { parent, .. } = placement
                && !grounded_line(parent)
                && let Some((own, own_start)) = inferred.entry(id).or_insert_with(|| inferred_start(text, &layout.columns[&id], layout, &tokens_of[&id])).clone()
                && start_score(text, &layout.columns[&id], &tokens_of[&id], &own_start) > start_score(text, &layout.columns[&id], &tokens_of[&id], &start)
            {
                (placement, start) = (own, own_start);
            }
            let grounded = match placement {
                Placement::Trunk => true,
                Placement::Marked { parent, .. } | Placement::Matched { parent, .. } => grounded_line(parent),
                Placement::Inferred { .. } | Placement::Resumed { .. } | Placement::RestInferred { .. } => false,
            };
            let (mut line, mut diags, mut p) = read_column(text, number, id, &layout.columns[&id], &tokens_of[&id], placement, start, index_of[&id]);
            if !grounded {
                refuse_mends_on_a_guessed_board(text, number, &layout.columns[&id], &mut line, &mut diags, &mut p);
            }
            p.grounded = grounded;
            game.lines[index_of[&id]] = line;
            diagnostics.extend(diags);
            placed.insert(id, p);
            false
        });
        if pending.len() < before {
            continue;
        }
        // Inference does not depend on what is placed: each column's is made once.
        let Some(k) = pending.iter().position(|id| inferred.entry(*id).or_insert_with(|| inferred_start(text, &layout.columns[id], layout, &tokens_of[id])).is_some()) else { break };
        let id = pending.remove(k);
        let column = &layout.columns[&id];
        let Some(Some((placement, start))) = inferred.remove(&id) else { break };
        let (mut line, mut diags, mut p) = read_column(text, number, id, column, &tokens_of[&id], placement, start, index_of[&id]);
        refuse_mends_on_a_guessed_board(text, number, column, &mut line, &mut diags, &mut p);
        game.lines[index_of[&id]] = line;
        diagnostics.extend(diags);
        placed.insert(id, p);
    }
    for id in pending {
        let column = &layout.columns[&id];
        let index = index_of[&id];
        let span = column_span(column, layout.title);
        diagnostics.push(
            Diagnostic::error("anderson::no-branch-point", format!("variation {id} of game {number}: no readable move of an earlier column is marked {id}, and its own moves do not fix a position"), span)
                .with_label("column not placed; kept unread")
                .with_help("the mark may be misread, or the column it stands in could not be read that far"),
        );
        let raw = column.cells.iter().map(|c| c.text.trim()).collect::<Vec<_>>().join(" / ");
        game.lines[index] = Line { label: id.to_string(), status: LineStatus::Unreadable, unread: Some(Unread { raw, span }), span, ..Line::default() };
    }
    // A column that stops at a lost or misprinted row: its rest, resumed.
    for (&id, column) in layout.columns.iter().filter(|(_, c)| !c.flattened) {
        let Some(first) = placed.get(&id) else { continue };
        let (mut index, mut positions) = (first.index, first.positions.clone());
        // Every piece is named after the column, not after the piece before it.
        let column_label = game.lines[index].label.clone();
        // Moves the column's earlier pieces read, before the one that stopped.
        let mut read_before = 0;
        for piece in 2..MAX_RESUMES + 2 {
            let Some(stop) = game.lines[index].unread.as_ref().map(|u| u.span.start) else { break };
            let Some(&stop_pos) = positions.last() else { break };
            // Mended moves just before the stop may be a wrong guess at the gap;
            // not those a variation branches from.
            let moves = &game.lines[index].moves;
            let branched = game.lines.iter().filter(|l| l.parent == Some(index)).map(|l| l.branch_ply).max();
            let base = game.lines[index].branch_ply;
            let mut stops = vec![(stop, stop_pos)];
            for (k, m) in moves.iter().enumerate().rev().take(MAX_BACKED) {
                if read_as_printed_move(m) || branched.is_some_and(|b| b >= base + k) {
                    break;
                }
                stops.push((m.span.start, positions[k]));
            }
            // After the one gap the rules leave; failing that, from the position the rest's own moves imply.
            let (from, backed, placement, rest_start) = if let Some(found) = resume(text, column, layout, &tokens_of[&id], &stops, !first.grounded) {
                let after = read_before + game.lines[index].moves.len() - found.backed;
                let placement = Placement::Resumed { of: column_label.clone(), after, lost: found.lost, skipped: found.skipped, added: found.added, others: found.others };
                (found.from, found.backed, placement, found.start)
            } else if let Some(rest) = rest_inferred(text, column, layout, &tokens_of[&id], stop) {
                let placement = Placement::RestInferred { of: column_label.clone(), after: read_before + game.lines[index].moves.len(), skipped: rest.skipped, fixed: rest.fixed, filled: rest.filled };
                (rest.from, 0, placement, rest.start)
            } else {
                break;
            };
            let kept = game.lines[index].moves.len() - backed;
            let stop = stops[backed].0;
            game.lines[index].moves.truncate(kept);
            positions.truncate(kept + 1);
            read_before += kept;
            let rest = column.from(text, from);
            let tokens: Vec<Token> = tokens_of[&id].iter().filter(|t| t.span.start >= from).cloned().collect();
            // The stopped line keeps only what was passed over; the result belongs to the rest.
            let prior = &mut game.lines[index];
            prior.stated_result = None;
            if let Some(u) = &mut prior.unread {
                u.span = Span::new(stop, from.max(stop));
                u.raw = own_text(text, column, u.span);
            }
            let (mut line, mut diags, mut p) = read_column(text, number, id, &rest, &tokens, placement, rest_start, game.lines.len());
            line.label = resumed_label(&column_label, piece);
            // Past the gap, only the stretch read as printed is kept; the rest stays unread.
            let keep = read_as_printed(&line);
            if keep < line.moves.len() {
                let cut = line.moves[keep].span.start;
                cut_line(text, &rest, &mut line, &mut diags, &mut p, keep, cut);
            }
            diagnostics.extend(diags);
            positions = p.positions;
            index = game.lines.len();
            game.lines.push(line);
        }
    }
    // The row-wise pages on their own: one move a cell, the OCR at its best.
    let (mut row_wise_printed, mut row_wise_read) = (0, 0);
    for (&id, _) in layout.columns.iter().filter(|(_, c)| !c.flattened) {
        row_wise_printed += printed_count(&tokens_of[&id]);
        row_wise_read += game.lines[index_of[&id]].moves.len();
        let pieces = format!("{}{RESUMED_MARK}", game.lines[index_of[&id]].label);
        row_wise_read += game.lines.iter().filter(|l| l.label.starts_with(&pieces)).map(|l| l.moves.len()).sum::<usize>();
    }
    game.stats.columns = Some(layout.columns.len());
    game.stats.printed_moves = Some(printed_moves);
    let row_wise_columns = layout.columns.values().filter(|c| !c.flattened).count();
    game.stats.row_wise = Some(crate::tree::RowWise { columns: row_wise_columns, printed: row_wise_printed, read: row_wise_read });
    (game, diagnostics)
}

/// On a board partly guessed (an inferred start, or a line branching from
/// one), the rules cannot make a mend certain: the squares they would rule on
/// may be wrong. The line keeps what it read as printed (or with a slight
/// edit: specks, stray numbers, repeats, letters for digits, a cut edge) and
/// stops at the first move it could read only by mending; the rest stays
/// unread, where a later gap may resume it.
fn refuse_mends_on_a_guessed_board(text: &str, number: usize, column: &Column, line: &mut Line, diagnostics: &mut Vec<Diagnostic>, placed: &mut Placed) {
    let keep = read_as_printed(line);
    let Some(refused) = line.moves.get(keep) else { return };
    // A star or `s` sign in front of the move goes unread with it.
    let cut = refused.annotations.iter().map(|a| a.span.start).fold(refused.span.start, usize::min);
    let edits: Vec<String> = refused
        .repair
        .iter()
        .flat_map(|r| &r.edits)
        .map(|e| match (e.from.is_empty(), e.to.is_empty()) {
            (true, _) => format!("{}: `{}` supplied", e.kind, e.to),
            (_, true) => format!("{}: `{}` passed over", e.kind, e.from),
            _ => format!("{}: `{}` as `{}`", e.kind, e.from, e.to),
        })
        .collect();
    let message = format!(
        "column {} of game {number}: `{}` would read as {} only by mending it ({}), and the board it stands on is partly inferred, so the rules do not make the mend certain; the line stops here",
        line.label,
        refused.printed.split_whitespace().collect::<Vec<_>>().join(" "),
        refused.text,
        edits.join(", ")
    );
    let refusal = Diagnostic::warning("anderson::mend-refused", message, refused.span).with_label("not read: a mend on a guessed board").with_help("the rest of the column is kept as unread text");
    cut_line(text, column, line, diagnostics, placed, keep, cut);
    diagnostics.push(refusal);
}

/// Keep a line's first `keep` moves; the column's own text from byte `cut`
/// on becomes its unread rest. What the decoder said of the moves not kept,
/// and of how the line ends, no longer holds.
fn cut_line(text: &str, column: &Column, line: &mut Line, diagnostics: &mut Vec<Diagnostic>, placed: &mut Placed, keep: usize, cut: usize) {
    let end = column.cells.last().map_or(cut, |c| c.span.end).max(cut);
    line.moves.truncate(keep);
    placed.positions.truncate(keep + 1);
    placed.spans.truncate(keep);
    line.unread = Some(Unread { raw: own_text(text, column, Span::new(cut, end)), span: Span::new(cut, end) });
    line.status = if keep == 0 { LineStatus::Unreadable } else { LineStatus::Partial };
    line.readings.clear();
    diagnostics.retain(|d| !(d.code.starts_with("repair::") && d.span.start >= cut || d.code.starts_with("result::")));
}

/// The column's own cells within `span` (a cell the span cuts, from or to
/// the cut), joined by ` / `: not the other columns' text between them.
fn own_text(text: &str, column: &Column, span: Span) -> String {
    column
        .cells
        .iter()
        .filter(|c| c.span.end > span.start && c.span.start < span.end)
        .map(|c| text[c.span.start.max(span.start)..c.span.end.min(span.end)].trim())
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(" / ")
}

/// Moves printed: two numbers a move (a capture's full path counts a little high).
fn printed_count(tokens: &[Token]) -> usize {
    tokens.iter().filter(|t| t.kind == TokenKind::Number).count() / 2
}

/// The column's tokens, without the branch marks (layout, not moves).
fn column_tokens(layout: &Layout, column: &Column) -> Vec<Token> {
    column
        .cells
        .iter()
        .flat_map(|cell| {
            let marker = cell_marker(cell).map(|(_, span)| span);
            numeric::scan(&cell.text, cell.span.start).into_iter().filter(move |t| marker.is_none_or(|m| t.span.end <= m.start || t.span.start >= m.end))
        })
        .filter(|t| !layout.marks.iter().any(|m| m.span == t.span))
        .collect()
}

/// A sign in front of a cell's move: `*` (a star: from here the book shows a
/// result contrary to other authors) or `s` (a similar position elsewhere).
/// The annotation kind and the sign's span.
fn cell_marker(cell: &Cell) -> Option<(&'static str, Span)> {
    let lead = cell.text.len() - cell.text.trim_start().len();
    let rest = &cell.text[lead..];
    let (kind, len) = match rest.as_bytes() {
        [b'*', next, ..] if next.is_ascii_whitespace() || next.is_ascii_digit() => ("star", 1),
        [b's', b' ', next, ..] if next.is_ascii_digit() => ("similar-position", 1),
        _ => return None,
    };
    let at = cell.span.start + lead;
    Some((kind, Span::new(at, at + len)))
}

fn column_span(column: &Column, fallback: Span) -> Span {
    column.cells.iter().map(|c| c.span).reduce(Span::join).unwrap_or(fallback)
}

/// Read one column from its start with the repair decoder.
#[allow(clippy::too_many_arguments)]
fn read_column(text: &str, number: usize, id: u32, column: &Column, tokens: &[Token], placement: Placement, start_pos: Position, index: usize) -> (Line, Vec<Diagnostic>, Placed) {
    let mut opts = ReadOptions::default();
    opts.decode.cost = column.cost_model();
    let span = column_span(column, Span::new(0, 0));
    let label = if id == 0 { "trunk".to_string() } else { id.to_string() };
    let (mut line, mut diagnostics) = if tokens.is_empty() { (Line::trunk(), Vec::new()) } else { numeric::read_tokens(text, tokens, &start_pos, &opts) };
    // The unread rest is this column's own cells from where reading stopped,
    // not the other columns' text between them.
    if let Some(u) = &mut line.unread {
        let rest: Vec<String> = column
            .cells
            .iter()
            .filter(|c| c.span.end > u.span.start)
            .map(|c| if c.span.start < u.span.start { text[u.span.start..c.span.end].trim().to_string() } else { c.text.trim().to_string() })
            .collect();
        u.raw = rest.join(" / ");
    }
    line.label = label;
    line.span = span;
    match placement {
        Placement::Trunk => {}
        Placement::Marked { parent, ply } => {
            line.parent = Some(parent);
            line.branch_ply = ply;
        }
        Placement::Matched { parent, ply } => {
            line.parent = Some(parent);
            line.branch_ply = ply;
            diagnostics.push(
                Diagnostic::warning("anderson::placed-by-position", format!("variation {id} of game {number}: its mark was not found; its moves fit only the position at ply {ply} of an earlier line"), span)
                    .with_label("placed by matching the position"),
            );
        }
        Placement::Resumed { of, after, lost, skipped, added, others } => {
            line.start = Some(write_fen(&start_pos.setup()));
            let mut gap = match (lost.as_slice(), skipped) {
                ([], 0) => "no gap".to_string(),
                ([], k) => format!("{k} unreadable cell(s) passed over"),
                (l, 0) => format!("{} unprinted (a lost row): {}", if l.len() == 1 { "one ply" } else { "two plies" }, l.join(" ")),
                (l, k) => format!("{k} unreadable cell(s) read as {} not printed legibly: {}", if l.len() == 1 { "one ply" } else { "two plies" }, l.join(" ")),
            };
            if added != 0 {
                let squares: Vec<String> = (1..=32u8).filter(|s| added & (1 << (s - 1)) != 0).map(|s| s.to_string()).collect();
                gap.push_str(&format!(", with pieces its moves need put on {} (squares the inferred start left empty)", squares.join(", ")));
            }
            let message = if others == 0 {
                format!("column {of} of game {number} stops after move {after}; its rest reads on from the one position the rules leave after {gap}")
            } else {
                format!("column {of} of game {number} stops after move {after}; its rest reads on after {gap}, and reads the same moves from {others} other position(s) the gap may leave (they differ only where the rest never looks)")
            };
            let help = if others == 0 {
                "the moves in the gap are the rules' only choice that lets the rest read as printed; they are not part of the line"
            } else {
                "the gap itself is not certain, only the moves read after it; the start shown is one of the boards it may leave"
            };
            diagnostics.push(Diagnostic::warning("anderson::resumed", message, span).with_label("read from the position after the gap").with_help(help));
        }
        Placement::RestInferred { of, after, skipped, fixed, filled } => {
            line.start = Some(write_fen(&start_pos.setup()));
            let passed = if skipped == 0 { String::new() } else { format!(" after {skipped} unreadable cell(s)") };
            let stops = if after == 0 { "stops before its first move".to_string() } else { format!("stops after move {after}") };
            diagnostics.push(
                Diagnostic::warning(
                    "anderson::rest-inferred",
                    format!(
                        "column {of} of game {number} {stops}; no short gap (two plies, two cells) lets its rest read on with certainty, so the rest{passed} is replayed from the position its own moves imply ({} squares fixed by the moves, {} filled to block a capture the text does not play, the others taken as empty)",
                        fixed.count_ones(),
                        filled.count_ones()
                    ),
                    span,
                )
                .with_label("start inferred, not confirmed")
                .with_help("the moves read after the gap are legal from that position; what was played in the gap is not known"),
            );
        }
        Placement::Inferred { fixed, filled } => {
            line.start = Some(write_fen(&start_pos.setup()));
            diagnostics.push(
                Diagnostic::warning(
                    "anderson::inferred-start",
                    format!(
                        "variation {id} of game {number}: where it branches could not be read; replayed from the position its own moves imply ({} squares fixed by the moves, {} filled to block a capture the text does not play, the others taken as empty)",
                        fixed.count_ones(),
                        filled.count_ones()
                    ),
                    span,
                )
                .with_label("start inferred, not confirmed")
                .with_help("the moves are legal from that position; that the book's game reaches it is not checked"),
            );
        }
    }
    if tokens.is_empty() {
        line.status = LineStatus::Unreadable;
    }
    if let Some(cell) = &column.result {
        let (result, _) = numeric::stated_result(cell.text.trim_end(), cell.span.start);
        line.stated_result = result.or_else(|| ocr_result(cell));
        if let Some(r) = &line.stated_result {
            diagnostics.extend(numeric::check_result(&start_pos, &line, r));
        }
    }
    // Stars and `s` signs belong to the move they stand in front of, when it was read.
    for cell in &column.cells {
        let Some((kind, span)) = cell_marker(cell) else { continue };
        if let Some(m) = line.moves.iter_mut().find(|m| m.span.start >= span.end && m.span.start < cell.span.end) {
            m.annotations.push(Annotation { kind: kind.into(), text: span.slice(text).to_string(), span });
        }
    }
    for note in &column.notes {
        line.annotations.push(Annotation { kind: "note".into(), text: note.text.trim().to_string(), span: note.span });
    }
    if column.flattened && line.status != LineStatus::Legal {
        diagnostics.push(Diagnostic::note("anderson::flattened", format!("column {} of game {number} is run together in the OCR", line.label), span).with_label("read as one stream"));
    }
    let mut positions = vec![start_pos];
    let mut spans = Vec::new();
    let mut pos = start_pos;
    for m in &line.moves {
        if let Ok(mv) = resolve(&pos, &m.squares) {
            pos = pos.play(&mv);
        }
        positions.push(pos);
        spans.push(m.span);
    }
    let base = line.branch_ply;
    (line, diagnostics, Placed { index, base, positions, spans, grounded: false })
}

/// The column's moves as printed, one list of readings per move, for
/// inferring a position. A cell normally holds one move; a number in front of
/// it that is not part of a jump path is an unread mark; four numbers are two
/// rows run together; a run-together column is paired off.
fn printed_readings(column: &Column, layout: &Layout) -> Vec<Vec<Reading>> {
    let cost = column.cost_model();
    let mut out = Vec::new();
    for cell in &column.cells {
        let texts: Vec<String> = numeric::scan(&cell.text, cell.span.start)
            .into_iter()
            .filter(|t| t.kind == TokenKind::Number && !layout.marks.iter().any(|m| m.span == t.span))
            .map(|t| t.text)
            .collect();
        let literal: Vec<u8> = texts.iter().filter_map(|t| t.parse().ok()).collect();
        let chain = literal.len() == texts.len() && literal.len() > 2 && is_jump_chain(&literal);
        match texts.len() {
            0 => {}
            1 => out.push(split_readings(&cost, &texts[0])),
            2 => out.push(pair_readings(&cost, &texts[0], &texts[1], 0.0)),
            _ if column.flattened => out.extend(texts.chunks(2).filter(|c| c.len() == 2).map(|c| pair_readings(&cost, &c[0], &c[1], 0.0))),
            3 => {
                let mut readings = pair_readings(&cost, &texts[1], &texts[2], 0.0);
                if chain {
                    readings.insert(0, Reading { squares: literal, cost: 0.0 });
                }
                out.push(readings);
            }
            4 if chain => out.push(vec![Reading { squares: literal, cost: 0.0 }]),
            5 => {
                // Two moves and a stray number: after the first move, or at the end.
                out.push(pair_readings(&cost, &texts[0], &texts[1], 0.0));
                let mut second = pair_readings(&cost, &texts[2], &texts[3], cost.stray_number);
                second.extend(pair_readings(&cost, &texts[3], &texts[4], cost.stray_number));
                second.sort_by(|x, y| x.cost.total_cmp(&y.cost));
                out.push(second);
            }
            _ => out.extend(texts.chunks(2).filter(|c| c.len() == 2).map(|c| pair_readings(&cost, &c[0], &c[1], 0.0))),
        }
    }
    out
}

/// The most a printed move may cost to be read as another.
const MAX_READING_COST: f64 = 2.3;

/// Every move two printed numbers can be read as, cheapest first.
fn pair_readings(cost: &CostModel, from: &str, to: &str, extra: f64) -> Vec<Reading> {
    let near = |printed: &str| -> Vec<(u8, f64)> { (1..=32u8).map(|n| (n, cost.read_as(printed.as_bytes(), n.to_string().as_bytes()))).filter(|(_, c)| *c <= MAX_READING_COST).collect() };
    let mut out = Vec::new();
    for (a, ca) in near(from) {
        for (b, cb) in near(to) {
            let c = ca + cb + extra;
            if c <= MAX_READING_COST {
                out.extend(paths_between(a, b).into_iter().map(|squares| Reading { squares, cost: c }));
            }
        }
    }
    out.sort_by(|x, y| x.cost.total_cmp(&y.cost));
    // A cut number stands for up to eleven squares, and each may be meant.
    out.truncate(if cost.cut_at_edge.is_some() { 48 } else { 12 });
    out
}

/// A move printed as one number (`1115`): every split into two.
fn split_readings(cost: &CostModel, text: &str) -> Vec<Reading> {
    let mut out: Vec<Reading> = (1..text.len()).filter(|&i| text.is_char_boundary(i)).flat_map(|i| pair_readings(cost, &text[..i], &text[i..], cost.run_together)).collect();
    out.sort_by(|x, y| x.cost.total_cmp(&y.cost));
    out.truncate(12);
    out
}

/// Whether every step of a square list is a jump (a capture's full path).
fn is_jump_chain(squares: &[u8]) -> bool {
    squares.windows(2).all(|w| paths_between(w[0], w[1]).iter().any(|p| p.len() == 2) && matches!(w[0].abs_diff(w[1]), 7 | 9))
}

/// How wide the inference's beam is.
const INFER_BEAM: usize = 64;

/// The inferences with Black and with White moving first: those that fit the
/// most moves, and of them those needing the fewest kings (a piece that only
/// moves forward is taken for a man), then the cheapest readings.
fn infer(column: &Column, layout: &Layout) -> Vec<InferredReading> {
    infer_moves(&printed_readings(column, layout))
}

fn infer_moves(moves: &[Vec<Reading>]) -> Vec<InferredReading> {
    let mut found: Vec<InferredReading> = [Color::Black, Color::White].into_iter().filter_map(|c| infer_start_among(moves, c, INFER_BEAM)).collect();
    let key = |i: &InferredReading| (i.inferred.plies, std::cmp::Reverse((i.inferred.setup.black_kings | i.inferred.setup.white_kings).count_ones()));
    let best = found.iter().map(key).max();
    found.retain(|i| Some(key(i)) == best);
    if let [a, b] = found.as_slice() {
        // Both colours fit as far: the cheaper reading, if clearly cheaper.
        if (a.cost - b.cost).abs() >= 1.0 {
            let keep = if a.cost < b.cost { 0 } else { 1 };
            found = vec![found.swap_remove(keep)];
        }
    }
    found
}

/// The least number of printed moves an inference must fit to be used.
const MIN_INFERRED_PLIES: usize = 8;
/// The least number of moves the decoder must read from an inferred start for it to be used.
const MIN_CONFIRMED_PLIES: usize = 6;
/// The least number of printed moves an inference must fit to be matched against a known position.
const MIN_MATCHED_PLIES: usize = 6;

/// The one position of a read line that agrees with everything the column's
/// moves fix. Lines with an inferred start are left out: their empty squares
/// are guesses, so a match there says little.
fn matched_start(column: &Column, layout: &Layout, placed: &BTreeMap<u32, Placed>) -> Option<(Placement, Position)> {
    let inferred = infer(column, layout);
    let mut found: Vec<(usize, usize, Position)> = Vec::new();
    for guess in inferred.iter().map(|i| &i.inferred).filter(|i| i.plies >= MIN_MATCHED_PLIES) {
        for p in placed.values().filter(|p| p.grounded) {
            for (ply, pos) in p.positions.iter().enumerate() {
                if agrees(guess, pos) && !found.iter().any(|f| f.2 == *pos) {
                    found.push((p.index, p.base + ply, *pos));
                }
            }
        }
    }
    match found.as_slice() {
        [(parent, ply, pos)] => Some((Placement::Matched { parent: *parent, ply: *ply }, *pos)),
        _ => None,
    }
}

/// Whether a real position has the side to move, the colours on every fixed
/// square and a king wherever the inference needs one.
fn agrees(guess: &Inferred, pos: &Position) -> bool {
    let real = pos.setup();
    let s = guess.setup;
    let f = guess.fixed;
    real.turn == s.turn
        && (real.black_men | real.black_kings) & f == (s.black_men | s.black_kings) & f
        && (real.white_men | real.white_kings) & f == (s.white_men | s.white_kings) & f
        && (s.black_kings | s.white_kings) & !(real.black_kings | real.white_kings) == 0
}

/// The position the column's own moves imply, if one colour's reading fits
/// enough of them and it is a position at all.
///
/// A misread move late in the column can still fit the board by reading it
/// as something else, and so put a piece on the start that is not there.
/// So the inference is also made from each prefix that ends before a move it
/// had to read differently from the print, and the start from which the
/// decoder then reads the column furthest is taken.
fn inferred_start(text: &str, column: &Column, layout: &Layout, tokens: &[Token]) -> Option<(Placement, Position)> {
    if column.flattened {
        return None;
    }
    let moves = printed_readings(column, layout);
    let full_plies = infer_moves(&moves).iter().map(|r| r.inferred.plies).max()?;
    let mut opts = ReadOptions::default();
    opts.decode.cost = column.cost_model();
    let mut tried: Vec<Position> = Vec::new();
    let mut best: Option<(f64, usize, u32, Placement, Position)> = None;
    // Every prefix: a piece a later misread move needs is not on the board earlier.
    for end in (MIN_INFERRED_PLIES..=full_plies).rev() {
        for reading in infer_moves(&moves[..end]) {
            if reading.inferred.plies < MIN_INFERRED_PLIES {
                continue;
            }
            let chosen: Vec<Vec<u8>> = reading.chosen.iter().zip(&moves).map(|(&k, readings)| readings[k].squares.clone()).collect();
            let Some((pos, filled, _)) = complete(&reading.inferred, &chosen) else { continue };
            if tried.contains(&pos) {
                continue;
            }
            tried.push(pos);
            let (score, exact) = read_score(text, tokens, &pos, &opts);
            if best.as_ref().is_none_or(|b| (score, std::cmp::Reverse(filled.count_ones())) > (b.0, std::cmp::Reverse(b.2.count_ones()))) {
                best = Some((score, exact, filled, Placement::Inferred { fixed: reading.inferred.fixed, filled }, pos));
            }
        }
    }
    // A start only the inference vouches for must let the decoder read a stretch as printed.
    let (_, exact, _, placement, pos) = best?;
    (exact >= MIN_CONFIRMED_PLIES).then_some((placement, pos))
}

/// How well a column reads from `start`: moves read less what mending them
/// cost (a wrong start can still be read far by mending most moves), and the
/// moves read as printed.
fn read_score(text: &str, tokens: &[Token], start: &Position, opts: &ReadOptions) -> (f64, usize) {
    let (line, _) = numeric::read_tokens(text, tokens, start, opts);
    let exact = line.moves.iter().filter(|m| m.repair.is_none()).count();
    let mended: f64 = line.moves.iter().filter_map(|m| m.repair.as_ref()).map(|r| r.cost).sum();
    (line.moves.len() as f64 - mended, exact)
}

fn start_score(text: &str, column: &Column, tokens: &[Token], start: &Position) -> f64 {
    let mut opts = ReadOptions::default();
    opts.decode.cost = column.cost_model();
    read_score(text, tokens, start, &opts).0
}

/// How many moves a line reads before the first one mended beyond passing
/// over specks, stray numbers and repeats or reading letters as digits: past
/// a gap only such a stretch is evidence, not a mended one.
fn read_as_printed(line: &Line) -> usize {
    line.moves.iter().take_while(|m| read_as_printed_move(m)).count()
}

fn read_as_printed_move(m: &crate::tree::MoveNode) -> bool {
    const SLIGHT: [&str; 5] = ["junk-skipped", "stray-number-skipped", "repeat-skipped", "letter-for-digit", "cut-at-edge"];
    m.repair.as_ref().is_none_or(|r| r.edits.iter().all(|e| SLIGHT.contains(&e.kind.as_str())))
}

/// How many mended moves before a stop a resumed reading may give up.
const MAX_BACKED: usize = 2;

/// The end of the label of a column's rest, read on after a gap: a piece of a column, not a column.
const RESUMED_MARK: &str = " (resumed";

/// A piece's label: `15 (resumed)` for the column's second piece, `15 (resumed 3)` for its third.
fn resumed_label(column: &str, piece: usize) -> String {
    if piece == 2 { format!("{column}{RESUMED_MARK})") } else { format!("{column}{RESUMED_MARK} {piece})") }
}

/// Whether a line is the rest of a column read on after a gap.
pub fn is_resumed(line: &Line) -> bool {
    line.label.contains(RESUMED_MARK)
}

/// How many times one column may be resumed.
const MAX_RESUMES: usize = 3;
/// How much better (in moves read less mending) the chosen gap must read than any other.
const RESUME_MARGIN: f64 = 3.0;

/// Where a column resumes after its reading stopped.
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
    start: Position,
}

impl Resume {
    /// How much the gap supposes: moves given up, cells passed over, plies and pieces added.
    fn size(&self) -> usize {
        self.backed + self.skipped + self.lost.len() + self.added.count_ones() as usize
    }
}

/// A gap tried: how far the rest then reads as printed, and what it reads.
struct Candidate {
    exact: usize,
    /// `exact` less what the gap's guesses cost.
    score: f64,
    resume: Resume,
    /// The positions the reading passes through, its start included.
    passed: Vec<Position>,
    /// The moves it reads as printed.
    read: Vec<Vec<u8>>,
}

/// A column's reading stopped at byte `stops[0].0` in position `stops[0].1`:
/// the gap a lost or misprinted row leaves (up to two unreadable cells passed
/// over, up to two plies not printed) after which the rest reads as printed.
/// The decoder may have mended the last moves before the stop into a wrong
/// guess at the gap, so the gap may also start before them (`stops[b]`, with
/// `b` such moves given up). Every such gap is tried; one is taken only if its
/// rest reads at least 6 moves as printed and clearly better than from any
/// other position.
fn resume(text: &str, column: &Column, layout: &Layout, tokens: &[Token], stops: &[(usize, Position)], open: bool) -> Option<Resume> {
    let mut opts = ReadOptions::default();
    opts.decode.cost = column.cost_model();
    let mut tried: Vec<Candidate> = Vec::new();
    for (backed, &(stop, at)) in stops.iter().enumerate() {
        let rest_cells: Vec<&Cell> = column.cells.iter().filter(|c| c.span.end > stop).collect();
        for skipped in 0..=2usize {
            let Some(from) = (if skipped == 0 { Some(stop) } else { rest_cells.get(skipped).map(|c| c.span.start) }) else { break };
            let rest: Vec<Token> = tokens.iter().filter(|t| t.span.start >= from).cloned().collect();
            if printed_count(&rest) < MIN_CONFIRMED_PLIES {
                break;
            }
            // What the rest's own moves say about the board, for a line whose start was inferred.
            let rest_moves = if open { printed_readings(&column.from(text, from), layout) } else { Vec::new() };
            let inferences: Vec<InferredReading> = if open { [Color::Black, Color::White].into_iter().flat_map(|turn| rest_inferences(&rest_moves, turn)).collect() } else { Vec::new() };
            // No ply lost, then one, then two: each level grown from the one before.
            let mut level: Vec<(Position, Vec<String>)> = vec![(at, Vec::new())];
            let mut gaps = level.clone();
            for _ in 0..2 {
                level = level
                    .iter()
                    .flat_map(|(pos, lost)| pos.legal_moves().into_iter().map(move |mv| (pos.play(&mv), [lost.clone(), vec![numeric::describe(pos, &mv).0]].concat())))
                    .collect();
                gaps.extend(level.iter().cloned());
            }
            for (gap, lost) in gaps {
                // No gap at all: only the board with pieces added is new.
                let no_gap = backed == 0 && skipped == 0 && lost.is_empty();
                let completed = inferences.iter().filter_map(|reading| with_pieces_of(&gap, &rest_moves, reading));
                for (pos, added) in (!no_gap).then_some((gap, 0)).into_iter().chain(completed) {
                    let size = backed + skipped + lost.len() + added.count_ones() as usize;
                    if let Some(t) = tried.iter().find(|t| t.resume.start == pos) {
                        // The same position by a smaller gap was tried already.
                        if t.resume.size() <= size {
                            continue;
                        }
                    }
                    let (line, _) = numeric::read_tokens(text, &rest, &pos, &opts);
                    let exact = read_as_printed(&line);
                    let score = exact as f64 - ADDED_PIECE_COST * f64::from(added.count_ones()) - LOST_PLY_COST * lost.len() as f64;
                    let passed = positions_along(&pos, &line, exact);
                    let read: Vec<Vec<u8>> = line.moves.iter().take(exact).map(|m| m.squares.clone()).collect();
                    tried.retain(|t| t.resume.start != pos);
                    tried.push(Candidate { exact, score, resume: Resume { from, backed, skipped, lost: lost.clone(), added, others: 0, start: pos }, passed, read });
                }
            }
        }
    }
    tried.sort_by(|a, b| b.score.total_cmp(&a.score).then(b.exact.cmp(&a.exact)).then(a.resume.size().cmp(&b.resume.size())));
    let mut it = tried.into_iter();
    let best = it.next()?;
    // Not rivals: a gap that passes over a printed move and counts the same
    // move lost (one reading's start is on the other's path), and a gap after
    // which the rest reads the same moves, or a stretch of at least half of them (the boards
    // differ only where those moves never look, so the moves are as certain).
    let off_path = |t: &Candidate| !best.passed.contains(&t.resume.start) && !t.passed.contains(&best.resume.start);
    // One reading's moves a stretch of the other's: they agree on every move both read.
    let within = |short: &[Vec<u8>], long: &[Vec<u8>]| !short.is_empty() && short.len() * 2 >= long.len() && long.windows(short.len()).any(|w| w == short);
    let alike = |t: &Candidate| within(&t.read, &best.read) || within(&best.read, &t.read);
    let rest: Vec<_> = it.collect();
    let runner_up = rest.iter().find(|t| off_path(t) && !alike(t)).map_or(f64::NEG_INFINITY, |t| t.score);
    // Other boards the gap may leave, from which the rest reads the same, if as well.
    let others = rest.iter().filter(|t| off_path(t) && alike(t) && t.score > runner_up).count();
    let mut found = best.resume;
    found.others = others;
    (best.exact >= MIN_CONFIRMED_PLIES && best.score - runner_up >= RESUME_MARGIN).then_some(found)
}

/// How many unreadable cells the rest read from its own inferred start may begin after.
const MAX_REST_SKIPPED: usize = 24;

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
fn rest_inferred(text: &str, column: &Column, layout: &Layout, tokens: &[Token], stop: usize) -> Option<RestStart> {
    let mut opts = ReadOptions::default();
    opts.decode.cost = column.cost_model();
    let rest_cells: Vec<&Cell> = column.cells.iter().filter(|c| c.span.end > stop).collect();
    for skipped in 0..=MAX_REST_SKIPPED {
        let Some(from) = (if skipped == 0 { Some(stop) } else { rest_cells.get(skipped).map(|c| c.span.start) }) else { break };
        let rest: Vec<Token> = tokens.iter().filter(|t| t.span.start >= from).cloned().collect();
        if printed_count(&rest) < MIN_INFERRED_PLIES {
            break;
        }
        let Some((Placement::Inferred { fixed, filled }, start)) = inferred_start(text, &column.from(text, from), layout, &rest) else { continue };
        let (line, _) = numeric::read_tokens(text, &rest, &start, &opts);
        let exact = read_as_printed(&line);
        // The first cell from which the rest reads: what lies before it stays unread.
        if exact >= MIN_INFERRED_PLIES {
            return Some(RestStart { from, skipped, fixed, filled, start });
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

/// What an added piece costs a resumed reading, in moves read: the pieces are a guess.
const ADDED_PIECE_COST: f64 = 1.0;
/// What a ply taken as unprinted costs, in moves read: each is a guess too.
const LOST_PLY_COST: f64 = 1.0;

/// What the rest's own moves say about the board with `turn` to move: the
/// inference from all of them, and from shorter stretches of them, since a
/// misread move later on can make the longest fit put a piece where none is.
fn rest_inferences(rest: &[Vec<Reading>], turn: Color) -> Vec<InferredReading> {
    let mut out: Vec<InferredReading> = Vec::new();
    let ends = std::iter::once(rest.len()).chain((MIN_INFERRED_PLIES..rest.len()).step_by(4).rev());
    for end in ends {
        let Some(reading) = infer_start_among(&rest[..end], turn, INFER_BEAM) else { continue };
        if reading.inferred.plies >= MIN_CONFIRMED_PLIES && !out.iter().any(|r| r.inferred.setup == reading.inferred.setup) {
            out.push(reading);
        }
    }
    out
}

/// `at`, with the pieces one inference from the rest's moves needs put on
/// squares `at` has empty; `None` if it needs nothing new or contradicts `at`.
fn with_pieces_of(at: &Position, rest: &[Vec<Reading>], reading: &InferredReading) -> Option<(Position, u32)> {
    let real = at.setup();
    let own = &reading.inferred;
    if own.plies < MIN_CONFIRMED_PLIES || real.turn != own.setup.turn {
        return None;
    }
    let black = |s: &Setup| s.black_men | s.black_kings;
    let white = |s: &Setup| s.white_men | s.white_kings;
    let occupied = |s: &Setup| black(s) | white(s);
    let own_setup = &own.setup;
    // Where both say something they must agree; a king may stand where a man was inferred.
    let shared = own.fixed & occupied(&real);
    let conflict = shared & !occupied(own_setup)
        | shared & black(own_setup) & !black(&real)
        | shared & white(own_setup) & !white(&real)
        | shared & own_setup.black_kings & !real.black_kings
        | shared & own_setup.white_kings & !real.white_kings;
    if conflict != 0 {
        return None;
    }
    let added = occupied(own_setup) & !occupied(&real);
    if added == 0 {
        return None;
    }
    let merged = Setup {
        black_men: real.black_men | (own_setup.black_men & added),
        black_kings: real.black_kings | (own_setup.black_kings & added),
        white_men: real.white_men | (own_setup.white_men & added),
        white_kings: real.white_kings | (own_setup.white_kings & added),
        turn: real.turn,
    };
    let inferred = Inferred { setup: merged, fixed: own.fixed | occupied(&real), plies: own.plies };
    let chosen: Vec<Vec<u8>> = reading.chosen.iter().zip(rest).map(|(&k, readings)| readings[k].squares.clone()).collect();
    let (pos, filled, _) = complete(&inferred, &chosen)?;
    Some((pos, added | filled))
}

/// A result the OCR garbled beyond the strict pattern: `Diawil.` is drawn, `WIIIS.` wins for someone unknown.
fn ocr_result(cell: &Cell) -> Option<crate::tree::StatedResult> {
    use crate::tree::{Outcome, StatedResult};
    let t = cell.text.trim();
    let lower = t.to_ascii_lowercase();
    let outcome = if lower.contains("aw") || lower.contains("rawn") {
        Outcome::Draw
    } else if lower.starts_with("w") && lower.contains("win") {
        Outcome::WhiteWins
    } else if lower.starts_with("b") && lower.contains("win") {
        Outcome::BlackWins
    } else {
        Outcome::Unknown
    };
    let lead = cell.text.len() - cell.text.trim_start().len();
    Some(StatedResult { outcome, printed: t.to_string(), span: Span::new(cell.span.start + lead, cell.span.start + lead + t.len()) })
}

/// Where variation `id` starts by its mark: before the marked move of its parent column.
fn marked_start(layout: &Layout, id: u32, placed: &BTreeMap<u32, Placed>, lines: &[Line]) -> Option<(Placement, Position)> {
    let mark = layout.marks.iter().find(|m| m.variation == id)?;
    let parent = placed.get(&mark.parent)?;
    // The marked move is the first move read at or after the mark.
    let ply = parent.spans.iter().position(|s| s.end > mark.at)?;
    lines[parent.index].moves.get(ply)?;
    Some((Placement::Marked { parent: parent.index, ply: parent.base + ply }, parent.positions[ply]))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "GAME.\t1\t2\n11 15\t26 23\t24 20\n23 19\t9 13\t\n8 11\t\t\n1 22 17\t\t\n9 13\t\t\n2 17 14\t\t\nDrawn.\tDrawn.\tW. wins.\n";

    #[test]
    fn columns_marks_and_results() {
        let (layouts, unread) = parse_layout(PAGE);
        assert!(unread.is_empty(), "{unread:?}");
        let l = &layouts[0];
        assert_eq!(l.columns.len(), 3);
        assert_eq!(l.columns[&0].cells.len(), 6);
        assert_eq!(l.marks.iter().map(|m| (m.variation, m.parent)).collect::<Vec<_>>(), vec![(1, 0), (2, 0)]);
        assert_eq!(l.columns[&2].result.as_ref().map(|c| c.text.as_str()), Some("W. wins."));
    }

    #[test]
    fn a_variation_replaces_the_marked_move() {
        let source = read("t", PAGE);
        let game = &source.games[0];
        let trunk = &game.lines[0];
        assert_eq!(trunk.moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), vec!["11-15", "23-19", "8-11", "22-17", "9-13", "17-14"]);
        // Variation 1 replaces 22-17 (the fourth move): it starts after three.
        let v1 = &game.lines[1];
        assert_eq!((v1.label.as_str(), v1.parent, v1.branch_ply), ("1", Some(0), 3));
        assert_eq!(v1.moves[0].text, "26-23");
    }

    fn corpus_game(number: usize) -> (Game, Vec<Diagnostic>) {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/anderson-1852-ocr.txt");
        let text = std::fs::read_to_string(path).expect("corpus");
        let (layouts, _) = parse_layout(&text);
        build_game(&text, number, &layouts[number - 1])
    }

    /// Game 14's column 88 is replayed from an inferred start; it carries the
    /// mark of column 89 (`89 21 17`), which then branches there. Column 89's
    /// first rows are fragments (`9 (`): on that partly inferred board its
    /// first move (`9`) could be read only by mending, which is refused.
    #[test]
    fn a_mark_in_a_column_with_an_inferred_start_places_its_variation() {
        let (game, diagnostics) = corpus_game(14);
        let index = |label: &str| game.lines.iter().position(|l| l.label == label).expect("column");
        let (parent, child) = (index("88"), index("89"));
        assert!(game.lines[parent].start.is_some(), "column 88 has an inferred start");
        assert_eq!(game.lines[child].parent, Some(parent));
        // The marked move is 21-17, the 27th of column 88: column 89 replaces it.
        assert_eq!(game.lines[parent].moves[game.lines[child].branch_ply].text, "21-17");
        assert!(game.lines[child].moves.is_empty());
        assert!(diagnostics.iter().any(|d| d.code == "anderson::mend-refused" && d.message.starts_with("column 89 of game 14: `9` would read as 9-6 only by mending it (number-lost: `6` supplied)")), "{diagnostics:#?}");
    }

    /// Game 3's trunk: the decoder mended `21` / `17` into 2-7 and 21-17 and
    /// then stopped at `15 19`. The gap is found before those guesses: Black's
    /// 3-8 is not printed, and the rest (21 17, 15 19, 24 15, 6 9, 13 6, 1 26)
    /// then reads as printed.
    #[test]
    fn a_resumed_reading_gives_up_mended_guesses_before_the_gap() {
        let (game, diagnostics) = corpus_game(3);
        let trunk = &game.lines[0];
        assert_eq!(trunk.moves.last().map(|m| m.text.as_str()), Some("28-24"));
        let rest = game.lines.iter().find(|l| l.label == "trunk (resumed)").expect("resumed trunk");
        let moves: Vec<&str> = rest.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["21-17", "15-19", "24x15", "6-9", "13x6", "1x26"]);
        assert!(diagnostics.iter().any(|d| d.code == "anderson::resumed" && d.message.contains("3-8")));
    }

    /// `at`, with the pieces the rest's own moves need put on squares it has
    /// empty. Only for a line whose start was inferred, where an empty square
    /// may be one no earlier move touched. `None` if the rest's moves fit too
    /// few plies, need nothing new, or contradict a piece of `at`.
    fn with_pieces_the_rest_needs(at: &Position, rest: &[Vec<Reading>]) -> Option<(Position, u32)> {
        let reading = infer_start_among(rest, at.setup().turn?, INFER_BEAM)?;
        with_pieces_of(at, rest, &reading)
    }

    /// Game 14's column 89: its head is fragments, and `10 13` (no move at
    /// all) stops the first try at its rest; from `26 31` on, the rest reads
    /// 17 moves as printed from the position those moves imply. What was
    /// passed over stays unread on the stopped line: its own cells only.
    #[test]
    fn a_rest_no_gap_lets_read_on_is_read_from_its_own_inferred_start() {
        let (game, diagnostics) = corpus_game(14);
        let rest = game.lines.iter().find(|l| l.label == "89 (resumed)").expect("rest of column 89");
        let moves: Vec<&str> = rest.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves[..4], ["26-31", "15-18", "31-27", "18-22"]);
        assert_eq!(moves.len(), 17);
        assert!(rest.moves.iter().all(|m| m.repair.is_none()), "read as printed only");
        assert!(rest.start.is_some());
        let stopped = game.lines.iter().find(|l| l.label == "89").expect("column 89");
        let passed = stopped.unread.as_ref().expect("the gap is kept unread");
        assert_eq!(passed.raw, "9 ( / 1 10 / 13 9 / 11 7 / 7 5 / 6 / 10 14 / 1 1 / 2 / 5 / 6.9 / 1 1 / 9 13 / 5 1 / 14 18 / 1 6 / 18 23 / - 6 10 / 23 26 / 10 13");
        assert!(diagnostics.iter().any(|d| d.code == "anderson::rest-inferred" && d.message.starts_with("column 89 of game 14")));
    }

    /// A rest long enough but whose moves fit no board (no two of them can
    /// follow each other) is not read from an inferred start.
    #[test]
    fn a_rest_whose_moves_fit_no_board_is_not_read_from_an_inferred_start() {
        let rows = ["1 5", "32 28", "1 6", "32 27", "2 6", "31 27", "2 7", "31 26", "3 7", "30 26"];
        let text = format!("GAME.\t1\n{}\n", rows.iter().map(|r| format!("{r}\t")).collect::<Vec<_>>().join("\n"));
        let (layouts, _) = parse_layout(&text);
        let column = &layouts[0].columns[&0];
        let tokens = column_tokens(&layouts[0], column);
        assert!(printed_count(&tokens) >= MIN_INFERRED_PLIES);
        assert!(rest_inferred(&text, column, &layouts[0], &tokens, 0).is_none());
    }

    /// A line whose start was inferred lacks pieces no earlier move touched:
    /// the rest's own moves put them back where they do not contradict it.
    #[test]
    fn pieces_the_rest_needs_are_added_only_where_the_board_is_silent() {
        let at = Position::from_setup(crate::rules::draughts::parse_fen("B:W22,K31:BK10,14,K15").expect("fen")).expect("position");
        let readings = |moves: &[[u8; 2]]| moves.iter().map(|m| vec![Reading { squares: m.to_vec(), cost: 0.0 }]).collect::<Vec<_>>();
        // 14-18 31-27 1-5 27-31 5-9 31-27 9-14: Black needs a man on 1.
        let rest = readings(&[[14, 18], [31, 27], [1, 5], [27, 31], [5, 9], [31, 27], [9, 14]]);
        let (pos, added) = with_pieces_the_rest_needs(&at, &rest).expect("completed");
        // A black man on 1; and a piece on 25, else 18x25 would be compulsory instead of 1-5.
        assert_eq!(added, 1 | 1 << 24);
        let setup = pos.setup();
        assert_eq!((setup.black_men & 1, (setup.white_men | setup.black_men) >> 24 & 1), (1, 1));
        assert_eq!(setup.white_kings, 1 << 30, "White's king on 31 is kept");
        // A rest whose first move goes to 22, where White has a man, contradicts the board.
        let clash = readings(&[[18, 22], [31, 27], [1, 5], [27, 31], [5, 9], [31, 27]]);
        assert_eq!(with_pieces_the_rest_needs(&at, &clash), None);
    }

    /// Two moves in one cell with a stray number between them (`21 14 9 6 10`):
    /// the second move is read either side of the stray.
    #[test]
    fn a_stray_number_between_two_moves_of_a_cell_is_passed_over() {
        let page = "GAME.\t1\n11 15\t2 6\n23 19\t21 14 9 6 10\n8 11\t9 6\n22 17\t10 14\n4 8\t18 9\n17 13\t1 10\nDrawn.\tDrawn.\n";
        let (layouts, _) = parse_layout(page);
        let layout = &layouts[0];
        let moves = printed_readings(&layout.columns[&1], layout);
        assert_eq!(moves.len(), 7);
        assert_eq!(moves[1][0].squares, vec![21, 14]);
        let stray = CostModel::default().stray_number;
        assert!(moves[2].iter().any(|r| r.squares == vec![6, 10] && r.cost == stray));
        assert!(moves[2].iter().any(|r| r.squares == vec![9, 6] && r.cost == stray));
    }

    #[test]
    fn page_headers_survive_one_misread_number() {
        assert_eq!(is_page_header("66\t67\t63\t69\t70\t71"), Some(vec![66, 67, 68, 69, 70, 71]));
        assert_eq!(is_page_header("49\t49\t50\t51\t52\t53"), Some(vec![48, 49, 50, 51, 52, 53]));
        assert_eq!(is_page_header("11 15\t23 19"), None);
        assert_eq!(is_page_header("9\t14\t22"), None);
    }

    #[test]
    fn numbering_that_starts_again_is_a_new_game() {
        let text = format!("{PAGE}6\t7\t8\n11 15\t9 14\t10 15\n");
        let (layouts, _) = parse_layout(&text);
        assert_eq!(layouts.len(), 1, "6 follows 2: the same game");
        let text = format!("{PAGE}2\t3\t4\n11 15\t9 14\t10 15\n");
        let (layouts, _) = parse_layout(&text);
        assert_eq!(layouts.len(), 2);
    }

    #[test]
    fn garbled_results_are_kept() {
        let cell = Cell { text: "Diawil.".into(), span: Span::new(0, 7) };
        assert_eq!(ocr_result(&cell).map(|r| r.outcome), Some(crate::tree::Outcome::Draw));
    }

    #[test]
    fn prose_outside_games_is_unread() {
        let text = format!("Some words of the preface here.\n{PAGE}A Critical Position follows in words here.\n");
        let (_, unread) = parse_layout(&text);
        assert_eq!(unread.len(), 2);
        assert!(unread[0].raw.starts_with("Some words"));
    }

    /// The inference is checked where the answer is known: every column of the
    /// book placed by its mark, with at least 10 moves read, must read the same
    /// moves from the start its own moves imply.
    #[test]
    fn an_inferred_start_reads_marked_columns_as_their_marks_do() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/anderson-1852-ocr.txt");
        let text = std::fs::read_to_string(path).expect("corpus");
        let (layouts, _) = parse_layout(&text);
        let mut checked = Vec::new();
        for (k, layout) in layouts.iter().enumerate() {
            let (game, _) = build_game(&text, k + 1, layout);
            for (i, (&id, column)) in layout.columns.iter().enumerate() {
                let line = &game.lines[i];
                if id == 0 || line.parent.is_none() || line.moves.len() < 10 {
                    continue;
                }
                let tokens = column_tokens(layout, column);
                let Some((_, start)) = inferred_start(&text, column, layout, &tokens) else {
                    checked.push((k + 1, id, 0));
                    continue;
                };
                let (again, _) = numeric::read_tokens(&text, &tokens, &start, &ReadOptions::default());
                let moves = |l: &Line| l.moves.iter().map(|m| m.squares.clone()).collect::<Vec<_>>();
                assert_eq!(moves(&again), moves(line), "game {} column {id}", k + 1);
                checked.push((k + 1, id, line.moves.len()));
            }
        }
        // Game 3's column 5 is cut at the page's edge: its own moves fix no
        // start (0), which is a refusal, not a wrong start.
        assert_eq!(checked, vec![(3, 1, 36), (3, 2, 41), (3, 3, 43), (3, 4, 43), (3, 5, 0), (3, 12, 24), (3, 14, 16)]);
    }

    #[test]
    fn stars_and_similar_position_signs_go_to_their_moves() {
        let text = "GAME.\t1\n11 15\t\n23 19\t\n* 8 11\t\ns 22 17\t\nDrawn.\t\n";
        let source = read("t", text);
        let trunk = &source.games[0].lines[0];
        assert_eq!(trunk.moves.len(), 4, "{:?}", trunk.moves.iter().map(|m| &m.text).collect::<Vec<_>>());
        let signs: Vec<(&str, &str, &str)> = trunk.moves.iter().flat_map(|m| m.annotations.iter().map(move |a| (m.text.as_str(), a.kind.as_str(), a.text.as_str()))).collect();
        assert_eq!(signs, vec![("8-11", "star", "*"), ("22-17", "similar-position", "s")]);
    }

    #[test]
    fn a_note_in_the_period_notation_is_kept_as_a_note() {
        let text = "GAME.\t1\n11 15\t\n23 19\t\n+ 23.19\t\n3.7 11.8\t\nW.W.\t\nDrawn.\t\n";
        let source = read("t", text);
        let trunk = &source.games[0].lines[0];
        assert_eq!(trunk.moves.len(), 2);
        assert_eq!(trunk.status, LineStatus::Legal);
        let notes: Vec<&str> = trunk.annotations.iter().filter(|a| a.kind == "note").map(|a| a.text.as_str()).collect();
        assert_eq!(notes, vec!["+ 23.19", "3.7 11.8", "W.W."]);
    }

    #[test]
    fn a_text_with_no_game_is_an_error_and_kept_unread() {
        for text in ["", "Remarks on the games.\n\nNo columns here.\n"] {
            let source = read("t", text);
            assert!(source.games.is_empty());
            assert!(source.diagnostics.iter().any(|d| d.code == "anderson::no-games" && d.severity == crate::diagnostic::Severity::Error), "{text:?}");
            let kept: usize = source.unread.iter().map(|u| u.raw.len()).sum();
            assert!(text.trim().is_empty() || kept > 0, "{text:?}");
        }
    }

    #[test]
    fn junk_never_panics() {
        for text in ["GAME.\t", "GAME.\t1\n\t\t\t\n1 2 3 4 5 6 7\n", "GAME.\t1\t2\n9 9 9\t7\nDrawn.\tmawn.\n\u{0}\u{fffd}\t\t\n"] {
            let _ = read("t", text);
        }
    }
}
