//! Page layout: the text cut into games, columns and cells, with spans.
//!
//! Nothing here knows about moves beyond scanning each move cell into tokens,
//! once: the tokens are kept on the cell for every later stage (column
//! tokens, printed readings, the cut-edge test), so no cell is scanned again.

use crate::text::draughts as draughts_text;
use crate::repair::{CostModel, Token, TokenKind};
use crate::rules::draughts::infer::paths_between;
use crate::span::Span;
use crate::tree::{AnnotationKind, Unread};
use regex::Regex;
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// A result cell, allowing for what the OCR did to it (`Diawil.`, `WIIIS.`, `mawn.`).
static RESULT_LIKE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^\W*(?:[wb]\.?\s*)?(?:drawn|draw|diaw\w*|mawn|\w*rawn|wins?|w[il1|]+s|wh?is)\b").expect("valid regex"));

/// A move (two square numbers) and a result in one cell: `32 23 Drawn.`.
static MOVE_THEN_RESULT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*(\d{1,2}[ x-]+\d{1,2})\s+(\S.*)$").expect("valid regex"));

/// A cell of the results row that holds the column's last move before its
/// result, split in two: the move as a move cell, the result as the result.
fn move_then_result(cell: &Cell) -> Option<(Cell, Cell)> {
    let found = MOVE_THEN_RESULT.captures(&cell.text)?;
    let (mv, result) = (found.get(1)?, found.get(2)?);
    if !RESULT_LIKE.is_match(result.as_str()) {
        return None;
    }
    let at = |m: regex::Match| Span::new(cell.span.start + m.start(), cell.span.start + m.end());
    let result = Cell { text: result.as_str().to_string(), span: at(result), tokens: Vec::new() };
    Some((Cell::scanned(mv.as_str(), at(mv)), result))
}

/// A note inside a column: `+` and a move in the period notation (`+ 23.19`).
static NOTE_START: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*\+\s*\d{1,2}\.\d{1,2}\b").expect("note pattern"));

/// The cost of reading a number at the page's cut edge as one that starts with the digits left.
const CUT_AT_EDGE_COST: f64 = 0.3;

/// A cell of the page, with where it stands in the source.
#[derive(Clone, Debug)]
pub(super) struct Cell {
    pub text: String,
    pub span: Span,
    /// The cell's tokens, scanned once (move cells only; empty for results and notes).
    pub tokens: Vec<Token>,
}

impl Cell {
    fn new(text: &str, span: Span) -> Cell {
        Cell { text: text.to_string(), span, tokens: Vec::new() }
    }

    /// A move cell: its text scanned into tokens.
    fn scanned(text: &str, span: Span) -> Cell {
        Cell { text: text.to_string(), span, tokens: draughts_text::scan(text, span.start) }
    }

    pub fn numbers(&self) -> impl Iterator<Item = &Token> {
        self.tokens.iter().filter(|t| t.kind == TokenKind::Number)
    }
}

/// One column as printed: its move cells in order, result and notes under it.
#[derive(Clone, Debug, Default)]
pub(super) struct Column {
    pub cells: Vec<Cell>,
    pub result: Option<Cell>,
    pub notes: Vec<Cell>,
    /// Most numbers stand in cells of more than two moves: the column was run together by the OCR.
    pub flattened: bool,
    /// Numbers in cells holding more than two moves, and in all cells.
    long_numbers: usize,
    numbers: usize,
    /// A note in another notation has begun: the cells up to the result belong to it.
    in_note: bool,
    /// The page's edge cut the column (see [`Column::is_cut_at_edge`]); set once the page is read.
    pub cut_at_edge: bool,
}

impl Column {
    /// The column's cells from byte `at` on (a cell `at` falls inside is cut there, and scanned anew).
    pub fn from(&self, text: &str, at: usize) -> Column {
        let cells = self.cells.iter().filter(|c| c.span.end > at).map(|c| if c.span.start >= at { c.clone() } else { Cell::scanned(&text[at..c.span.end], Span::new(at, c.span.end)) }).collect();
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
            let numbers: Vec<&Token> = cell.numbers().collect();
            let [from, to] = numbers.as_slice() else { continue };
            pairs += 1;
            if let (Ok(a), Ok(b)) = (from.text.parse::<u8>(), to.text.parse::<u8>())
                && to.text.len() == 1
                && paths_between(a, b).is_empty()
            {
                cut += 1;
            }
        }
        pairs >= 4 && cut * 2 > pairs
    }

    /// How OCR errors cost in this column.
    pub fn cost_model(&self) -> CostModel {
        CostModel { cut_at_edge: self.cut_at_edge.then_some(CUT_AT_EDGE_COST), ..CostModel::default() }
    }

    /// The span of all its move cells.
    pub fn span(&self, fallback: Span) -> Span {
        self.cells.iter().map(|c| c.span).reduce(Span::join).unwrap_or(fallback)
    }

    /// The column's own cells within `span` (a cell the span cuts, from or to
    /// the cut), joined by ` / `: not the other columns' text between them.
    pub fn own_text(&self, text: &str, span: Span) -> String {
        self.cells
            .iter()
            .filter(|c| c.span.end > span.start && c.span.start < span.end)
            .map(|c| text[c.span.start.max(span.start)..c.span.end.min(span.end)].trim())
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join(" / ")
    }
}

/// "Variation `variation` replaces the move of column `parent` printed at `at`."
#[derive(Clone, Debug)]
pub(super) struct BranchMark {
    pub variation: u32,
    pub parent: u32,
    /// Where the marked move's text starts.
    pub at: usize,
    pub span: Span,
}

/// A game's layout: columns by number (0 is the trunk) and branch marks.
#[derive(Debug, Default)]
pub(super) struct Layout {
    pub title: Span,
    pub columns: BTreeMap<u32, Column>,
    pub marks: Vec<BranchMark>,
}

/// `GAME.\t1\t2\t3`: the column numbers after the trunk.
pub(super) fn is_game_header(line: &str) -> Option<Vec<u32>> {
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

/// The layouts found so far, the unread text, and where the page stands.
#[derive(Default)]
struct Pages {
    layouts: Vec<Layout>,
    unread: Vec<Unread>,
    /// The column numbers of the current page, left to right.
    labels: Vec<u32>,
    /// The results row of the current page has been passed: what follows are contributors.
    after_results: bool,
}

/// Split the text into game layouts; lines outside them are unread text.
pub(super) fn parse_layout(text: &str) -> (Vec<Layout>, Vec<Unread>) {
    let mut pages = Pages::default();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        if !line.trim().is_empty() {
            pages.line(text, line, Span::new(start, start + line.len()));
        }
    }
    for column in pages.layouts.iter_mut().flat_map(|l| l.columns.values_mut()) {
        column.cut_at_edge = column.is_cut_at_edge();
    }
    (pages.layouts, pages.unread)
}

impl Pages {
    /// One line of text: a game or page header, prose, a results row or a row of moves.
    fn line(&mut self, text: &str, line: &str, span: Span) {
        if let Some(numbers) = is_game_header(line) {
            self.layouts.push(Layout { title: span, ..Layout::default() });
            self.labels = std::iter::once(0).chain(numbers).collect();
            self.after_results = false;
            return;
        }
        if self.layouts.is_empty() {
            keep_unread(&mut self.unread, text, span);
            return;
        }
        if let Some(numbers) = is_page_header(line) {
            // Numbering that starts again means a new game whose first page (with
            // the GAME line and the trunk) the OCR lost.
            if numbers.first() <= self.labels.iter().max() {
                self.layouts.push(Layout { title: span, ..Layout::default() });
            }
            self.labels = numbers;
            self.after_results = false;
            return;
        }
        // Prose between games (critical positions, remarks): no tabs and many words.
        if !line.contains('\t') && line.split_whitespace().filter(|w| w.chars().any(char::is_alphabetic)).count() > 3 {
            keep_unread(&mut self.unread, text, span);
            return;
        }
        let cells = split_cells(line, span.start);
        let results = cells.iter().filter(|c| RESULT_LIKE.is_match(&c.text)).count();
        if results > 0 && results * 2 >= cells.iter().filter(|c| !c.text.trim().is_empty()).count() {
            self.results_row(text, cells);
        } else {
            self.moves_row(text, cells);
        }
    }

    /// A row of results (and notes beside them) under the columns.
    fn results_row(&mut self, text: &str, cells: Vec<Cell>) {
        let Some(layout) = self.layouts.last_mut() else { return };
        for (i, cell) in cells.into_iter().enumerate() {
            let Some(&id) = self.labels.get(i) else {
                keep_unread(&mut self.unread, text, cell.span);
                continue;
            };
            let column = layout.columns.entry(id).or_default();
            if cell.text.trim().is_empty() {
                continue;
            }
            if column.result.is_none() && RESULT_LIKE.is_match(&cell.text) {
                column.result = Some(cell);
            } else if let (None, Some((last_move, result))) = (&column.result, move_then_result(&cell)) {
                // The column's last move printed on the results row (`32 23 Drawn.`).
                column.cells.push(last_move);
                column.result = Some(result);
            } else {
                column.notes.push(cell);
            }
        }
        self.after_results = true;
    }

    /// A row with one cell a column: moves (scanned here, once), or notes.
    fn moves_row(&mut self, text: &str, cells: Vec<Cell>) {
        let Some(layout) = self.layouts.last_mut() else { return };
        for (i, cell) in cells.into_iter().enumerate() {
            if cell.text.trim().is_empty() {
                continue;
            }
            let Some(&id) = self.labels.get(i) else {
                keep_unread(&mut self.unread, text, cell.span);
                continue;
            };
            let has_digits = cell.text.chars().any(|c| c.is_ascii_digit());
            let column = layout.columns.entry(id).or_default();
            if self.after_results || !has_digits || column.in_note || NOTE_START.is_match(&cell.text) {
                // Contributors under the results, words inside a column, or a
                // note in the period notation (`+ 23.19`, then to the result).
                column.in_note |= !self.after_results && NOTE_START.is_match(&cell.text);
                column.notes.push(cell);
                continue;
            }
            let cell = Cell::scanned(&cell.text, cell.span);
            let numbers = cell.numbers().count();
            column.numbers += numbers;
            if numbers > 4 {
                column.long_numbers += numbers;
            }
            if numbers == 3 {
                layout.marks.extend(branch_mark(&cell, id));
            }
            column.cells.push(cell);
            column.flattened = column.long_numbers * 2 > column.numbers;
        }
    }
}

/// `1 17 13` in column `id`: a variation's number in front of the move it replaces.
fn branch_mark(cell: &Cell, id: u32) -> Option<BranchMark> {
    let mut numbers = cell.numbers();
    let first = numbers.next()?;
    let n = first.text.parse::<u32>().ok().filter(|&n| n > id)?;
    let move_at = numbers.next().map_or(first.span.end, |t| t.span.start);
    Some(BranchMark { variation: n, parent: id, at: move_at, span: first.span })
}

fn split_cells(line: &str, start: usize) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut offset = start;
    for part in line.split('\t') {
        out.push(Cell::new(part, Span::new(offset, offset + part.len())));
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

/// A sign in front of a cell's move: `*` (a star: from here the book shows a
/// result contrary to other authors) or `s` (a similar position elsewhere).
/// The annotation kind and the sign's span.
pub(super) fn cell_marker(cell: &Cell) -> Option<(AnnotationKind, Span)> {
    let lead = cell.text.len() - cell.text.trim_start().len();
    let rest = &cell.text[lead..];
    let (kind, len) = match rest.as_bytes() {
        [b'*', next, ..] if next.is_ascii_whitespace() || next.is_ascii_digit() => (AnnotationKind::Star, 1),
        [b's', b' ', next, ..] if next.is_ascii_digit() => (AnnotationKind::SimilarPosition, 1),
        _ => return None,
    };
    let at = cell.span.start + lead;
    Some((kind, Span::new(at, at + len)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "GAME.\t1\t2\n11 15\t26 23\t24 20\n23 19\t9 13\t\n8 11\t\t\n1 22 17\t\t\n9 13\t\t\n2 17 14\t\t\nDrawn.\tDrawn.\tW. wins.\n";

    #[test]
    fn a_last_move_printed_before_the_result_is_a_move_and_the_result_a_result() {
        let page = "GAME.\t1\n11 15\t9 14\n23 19\t22 18\n32 23 Drawn.\tDrawn.\n";
        let (layouts, _) = parse_layout(page);
        let trunk = &layouts[0].columns[&0];
        assert_eq!(trunk.cells.iter().map(|c| c.text.as_str()).collect::<Vec<_>>(), ["11 15", "23 19", "32 23"]);
        assert_eq!(trunk.cells[2].numbers().count(), 2);
        let result = trunk.result.as_ref().expect("the result");
        assert_eq!((result.text.as_str(), &page[result.span.start..result.span.end]), ("Drawn.", "Drawn."));
        assert!(trunk.notes.is_empty());
        assert!(move_then_result(&Cell::scanned("32 23 notes", Span::new(0, 11))).is_none(), "words that are no result");
    }

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
    fn a_mark_points_at_the_move_it_replaces_and_cells_keep_their_tokens() {
        let (layouts, _) = parse_layout(PAGE);
        let l = &layouts[0];
        let mark = &l.marks[0];
        // `1 22 17`: the mark is the `1`, the move starts at `22`.
        assert_eq!(&PAGE[mark.span.start..mark.span.end], "1");
        assert_eq!(&PAGE[mark.at..mark.at + 5], "22 17");
        let trunk = &l.columns[&0];
        assert!(trunk.cells.iter().all(|c| c.numbers().count() >= 2), "every move cell is scanned once, at layout");
        assert!(trunk.notes.is_empty() && l.columns[&0].result.is_some());
    }

    #[test]
    fn a_column_cut_inside_a_cell_rescans_only_that_cell() {
        let (layouts, _) = parse_layout(PAGE);
        let trunk = &layouts[0].columns[&0];
        let at = trunk.cells[1].span.start + 3; // inside `23 19`, at `19`
        let rest = trunk.from(PAGE, at);
        assert_eq!(rest.cells.len(), 5);
        assert_eq!(rest.cells[0].text, "19");
        assert_eq!(rest.cells[0].numbers().map(|t| t.text.as_str()).collect::<Vec<_>>(), ["19"]);
        assert_eq!(rest.cells[1].tokens, trunk.cells[2].tokens);
    }

    #[test]
    fn a_column_whose_pairs_end_in_impossible_single_digits_is_cut_at_the_edge() {
        let rows = ["27 2", "10 2", "11 1", "22 1", "9 13"];
        let text = format!("GAME.\t1\n{}\n", rows.iter().map(|r| format!("{r}\t")).collect::<Vec<_>>().join("\n"));
        let (layouts, _) = parse_layout(&text);
        assert!(layouts[0].columns[&0].cut_at_edge);
        let (layouts, _) = parse_layout(PAGE);
        assert!(!layouts[0].columns[&0].cut_at_edge);
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
    fn prose_outside_games_is_unread() {
        let text = format!("Some words of the preface here.\n{PAGE}A Critical Position follows in words here.\n");
        let (_, unread) = parse_layout(&text);
        assert_eq!(unread.len(), 2);
        assert!(unread[0].raw.starts_with("Some words"));
    }
}
