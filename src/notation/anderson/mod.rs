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

use crate::diagnostic::Diagnostic;
use crate::notation::numeric::{self, ReadOptions};
use crate::repair::{Token, TokenKind};
use crate::rules::draughts::{resolve, write_fen, Position};
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
    /// A cell held more than one move: the column was run together by the OCR.
    flattened: bool,
}

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
    let mut source = Source { name: name.to_string(), notation: "anderson".into(), ..Source::default() };
    let (layouts, unread) = parse_layout(text);
    source.unread = unread;
    for (k, layout) in layouts.iter().enumerate() {
        let (game, diagnostics) = build_game(text, k + 1, layout);
        source.games.push(game);
        source.diagnostics.extend(diagnostics);
    }
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
            if after_results || !has_digits {
                // Contributors under the results, or words inside a column.
                column.notes.push(cell);
                continue;
            }
            let numbers = numeric::scan(&cell.text, cell.span.start).iter().filter(|t| t.kind == TokenKind::Number).count();
            column.flattened |= numbers > 4;
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
        }
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

/// Replay every column of one game from where it branches.
fn build_game(text: &str, number: usize, layout: &Layout) -> (Game, Vec<Diagnostic>) {
    let mut game = Game { name: format!("Game {number}"), start: write_fen(&Position::initial().setup()), span: layout.title, ..Game::default() };
    let mut diagnostics = Vec::new();
    // For each column read: its index in `game.lines` and the position before each of its moves.
    let mut placed: BTreeMap<u32, (usize, Vec<Position>, Vec<Span>)> = BTreeMap::new();
    let opts = ReadOptions::default();
    let mut printed_moves = 0;
    for (&id, column) in &layout.columns {
        let mut tokens: Vec<Token> = Vec::new();
        let mut stars = Vec::new();
        for cell in &column.cells {
            for t in numeric::scan(&cell.text, cell.span.start) {
                // A branch mark is layout, not a move.
                if layout.marks.iter().any(|m| m.span == t.span) {
                    continue;
                }
                if t.kind == TokenKind::Marker {
                    stars.push(Annotation { kind: "star".into(), text: t.text.clone(), span: t.span });
                }
                tokens.push(t);
            }
        }
        let span = column.cells.iter().map(|c| c.span).reduce(Span::join).unwrap_or(layout.title);
        // Two numbers a move, as printed (a capture's full path counts a little high).
        printed_moves += tokens.iter().filter(|t| t.kind == TokenKind::Number).count() / 2;
        let label = if id == 0 { "trunk".to_string() } else { id.to_string() };
        let start = if id == 0 {
            Some((Position::initial(), None, 0))
        } else {
            branch_point(layout, id, &placed, &game)
        };
        let Some((start_pos, parent, branch_ply)) = start else {
            diagnostics.push(
                Diagnostic::error("anderson::no-branch-point", format!("variation {id} of game {number}: no readable move of an earlier column is marked {id}"), span)
                    .with_label("column not placed; kept unread")
                    .with_help("the mark may be misread, or the column it stands in could not be read that far"),
            );
            let raw = column.cells.iter().map(|c| c.text.trim()).collect::<Vec<_>>().join(" / ");
            game.lines.push(Line { label, parent: None, status: LineStatus::Unreadable, unread: Some(Unread { raw, span }), span, ..Line::default() });
            continue;
        };
        let (mut line, line_diags) = if tokens.is_empty() {
            (Line::trunk(), Vec::new())
        } else {
            numeric::read_tokens(text, &tokens, &start_pos, &opts)
        };
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
        line.parent = parent;
        line.branch_ply = branch_ply;
        line.span = span;
        line.annotations.extend(stars);
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
        for note in &column.notes {
            line.annotations.push(Annotation { kind: "note".into(), text: note.text.trim().to_string(), span: note.span });
        }
        if column.flattened && line.status != LineStatus::Legal {
            diagnostics.push(Diagnostic::note("anderson::flattened", format!("column {} of game {number} is run together in the OCR", line.label), span).with_label("read as one stream"));
        }
        diagnostics.extend(line_diags);
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
        placed.insert(id, (game.lines.len(), positions, spans));
        game.lines.push(line);
    }
    game.tags.push(("Columns".into(), layout.columns.len().to_string()));
    game.tags.push(("PrintedMoves".into(), printed_moves.to_string()));
    (game, diagnostics)
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

/// Where variation `id` starts: the position before the marked move of its
/// parent column, the parent's line index and the parent moves played before it.
fn branch_point(layout: &Layout, id: u32, placed: &BTreeMap<u32, (usize, Vec<Position>, Vec<Span>)>, game: &Game) -> Option<(Position, Option<usize>, usize)> {
    let mark = layout.marks.iter().find(|m| m.variation == id)?;
    let (index, positions, spans) = placed.get(&mark.parent)?;
    // The marked move is the first move read at or after the mark.
    let ply = spans.iter().position(|s| s.end > mark.at)?;
    let parent_line = &game.lines[*index];
    // A move read only by repair at the mark is not a firm place to branch.
    parent_line.moves.get(ply)?;
    Some((positions[ply], Some(*index), ply))
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

    #[test]
    fn junk_never_panics() {
        for text in ["GAME.\t", "GAME.\t1\n\t\t\t\n1 2 3 4 5 6 7\n", "GAME.\t1\t2\n9 9 9\t7\nDrawn.\tmawn.\n\u{0}\u{fffd}\t\t\n"] {
            let _ = read("t", text);
        }
    }
}
