//! Page layout: the text cut into games, columns and cells, with spans.
//!
//! Nothing here knows about moves beyond scanning each move cell into tokens,
//! once: the tokens are kept on the cell for every later stage (column
//! tokens, printed readings, the cut-edge test), so no cell is scanned again.

use crate::diagnostic::{Code, Diagnostic};
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

/// A page's furniture, printed above its columns: its number (`107`) or its
/// running head (`CROSS.`), and the columns whose cells stand under it.
#[derive(Debug)]
pub(super) struct PageMark {
    pub number: Option<u32>,
    pub head: Option<String>,
    pub span: Span,
    pub columns: std::collections::BTreeSet<u32>,
    /// The header read under the mark: its first column and how many it names.
    pub header: Option<(u32, usize)>,
}

/// `107` alone on a line, or a running head in capitals (`CROSS.`), maybe
/// with the page's number: no tab, no lower-case letter.
static PAGE_FURNITURE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*(?:(?P<before>\d{1,3})\s+)?(?P<head>[A-Z][A-Z'’-]+(?: [A-Z][A-Z'’-]+){0,2}\.?)?(?:\s+(?P<after>\d{1,3}))?\s*$").expect("page furniture pattern"));

/// A page's number and running head, when the line is nothing else.
fn page_furniture(line: &str) -> Option<(Option<u32>, Option<String>)> {
    if line.contains('\t') {
        return None;
    }
    if let Ok(number) = line.trim().parse::<u32>().map_err(drop).and_then(|n| if line.trim().len() <= 3 { Ok(n) } else { Err(()) }) {
        return Some((Some(number), None));
    }
    let caps = PAGE_FURNITURE.captures(line)?;
    let number = caps.name("before").or_else(|| caps.name("after")).and_then(|m| m.as_str().parse().ok());
    let head = caps.name("head").map(|m| m.as_str().to_string());
    // A number before and after a head, or neither: not a page's top line.
    if (caps.name("before").is_some() && caps.name("after").is_some()) || (number.is_none() && head.is_none()) {
        return None;
    }
    Some((number, head))
}

/// A game's layout: columns by number (0 is the trunk) and branch marks.
#[derive(Debug, Default)]
pub(super) struct Layout {
    pub title: Span,
    pub columns: BTreeMap<u32, Column>,
    pub marks: Vec<BranchMark>,
    /// The page numbers and running heads printed within the game.
    pub pages: Vec<PageMark>,
    /// The columns solve a critical position whose diagram the OCR lost:
    /// the trunk starts where its own moves imply, not at the game's start.
    pub diagram_lost: bool,
    /// Cells kept in its columns (moves and notes), up to `MAX_CELLS`; past
    /// it, one more for each row passed over (so only the first is reported).
    cells: usize,
}

/// The most cells (moves and notes) kept in one game's columns; its rows
/// after them are kept unread. The book's largest game has about 1,200; a game's
/// cells are held, with their readings, until it is read: without a bound,
/// one endless game would take memory without end.
pub const MAX_CELLS: usize = 10_000;

/// A critical position printed on a diagram (lost in the OCR) with its
/// solution in columns under it: the heading, then a layout whose column 0
/// holds the task (`B to play and win.`) and the solution's trunk, the
/// others its variations, numbered by cell from the left as no header
/// numbers them.
#[derive(Debug)]
pub(super) struct PositionBlock {
    /// Its number (`4` for `4th Position`).
    pub number: u32,
    /// The heading line (`4th Position .- Payne.`).
    pub heading: Span,
    /// The name after the dash (`Payne`), if any.
    pub author: Option<Span>,
    pub layout: Layout,
}

/// A critical position's heading: `2nd Position.`, `## 4th Position .- Payne.`,
/// `8th.-A. Gardner.`, `Position 1st-See page 34.`; a dash and a name may follow.
static POSITION_HEADING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[#\\*\s]*(?:Position\s+(?P<a>\d{1,2})(?:st|nd|rd|th)\b|(?P<b>\d{1,2})(?:st|nd|rd|th)\b(?:\s*Position)?\s*[-–—.,])[\s.,]*(?:[-–—]+\s*(?P<author>.*?))?[\\*\s]*$").expect("heading pattern")
});

/// A list of squares with a side (`12, 16, 20, 21, 14, W`): a position printed
/// as a list, read by [`crate::notation::position_list`], not as columns.
static SQUARE_LIST: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[\\*\d,\s]*,\s*[BW]\b").expect("square list pattern"));

/// A position's task: `B to play and win.`, `W toplay and draw`.
static TASK: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[BW]\.?\s*(?:to\s*)?play\b").expect("task pattern"));

/// A cell of a page header: a column number, maybe with a speck (`-49`, `2:`).
static NUMBER_CELL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[-_*.]?\d{1,3}[-_*.:]?$").expect("number cell pattern"));

/// The heading of a critical position: its number, and the author's name after the dash.
fn position_heading(line: &str) -> Option<(u32, Option<(usize, usize)>)> {
    if line.contains('\t') {
        return None;
    }
    let caps = POSITION_HEADING.captures(line)?;
    let number = caps.name("a").or_else(|| caps.name("b"))?.as_str().parse().ok()?;
    // `Position 1st-See page 34.`: a reference to the diagram's page, not a name.
    let author = caps.name("author").filter(|m| m.as_str().chars().any(char::is_alphabetic) && !m.as_str().starts_with("See")).map(|m| (m.start(), m.end()));
    Some((number, author))
}

/// `GAME.\t1\t2\t3`: the column number of each cell, the trunk (0) under `GAME.`.
pub(super) fn is_game_header(line: &str) -> Option<Vec<Option<u32>>> {
    let body = line.trim_start_matches(['#', ' ']);
    let rest = body.strip_prefix("GAME.")?;
    if !rest.starts_with('\t') {
        return None;
    }
    let number = |c: &str| c.chars().filter(char::is_ascii_digit).collect::<String>().parse().ok();
    Some(std::iter::once(Some(0)).chain(rest.split('\t').skip(1).map(number)).collect())
}

/// A game's first header the OCR garbled past `is_page_header`'s reach:
/// `11115\tCANE\t1\t\t\tT .`, a word in capitals (the `GAME.`) over the
/// trunk, a lone `1` in the next cell, and no number after it; the cells
/// after the `1` are variations 2, 3, … by position, the cells before the word
/// name no column. Only where a game's page before ended (see `Pages::line`).
fn garbled_game_header(line: &str) -> Option<Vec<Option<u32>>> {
    let cells: Vec<&str> = line.split('\t').map(str::trim).collect();
    let one = cells.iter().position(|c| *c == "1").filter(|&k| k >= 1)?;
    let word = cells[one - 1];
    let capitals = word.chars().filter(char::is_ascii_uppercase).count();
    if capitals < 3 || word.chars().any(|c| c.is_ascii_digit() || c.is_lowercase()) {
        return None;
    }
    if cells[one + 1..].iter().any(|c| c.chars().any(|ch| ch.is_ascii_digit())) {
        return None;
    }
    let labels = (0..cells.len()).map(|j| (j + 1 >= one).then(|| (j + 1 - one) as u32)).collect();
    Some(labels)
}

/// A page header: the column number each cell stands over (`None` over a
/// cell no number names), and whether it opens a game.
#[derive(Debug, PartialEq)]
struct PageHeader {
    labels: Vec<Option<u32>>,
    /// Junk with letters, then 1, 2, 3…: a `GAME.` line the OCR garbled
    /// (`GAT\tŒ.\t1\t2`); the trunk stands under the cell before the `1`.
    opens_game: bool,
    /// Blank cells just before the numbers (`\t\t20\t21`): the numbers the
    /// run gives them (18, 19), to be taken only if the game has no such column yet.
    blank: Vec<(usize, u32)>,
    /// Only two numbers (`24\t25`, a game's last, narrow page): a header only
    /// where they continue the page before.
    short: bool,
}

impl PageHeader {
    fn first(&self) -> Option<u32> {
        self.labels.iter().flatten().copied().find(|&n| n > 0)
    }
}

/// `6\t7\t8\t9`: a page header of consecutive column numbers. One of them
/// may be misread (`66 67 63 69`): the run most of them agree on is taken.
/// The OCR may have run a fragment of another row in front of them (`24   9\t30\t31`,
/// `28.26\t72\t73`): the numbers are the cells after the last one that is not
/// a number, and the cells before name no column.
fn is_page_header(line: &str) -> Option<PageHeader> {
    let cells: Vec<&str> = line.split('\t').map(str::trim).collect();
    let first = cells.iter().rposition(|c| !c.is_empty() && !NUMBER_CELL.is_match(c)).map_or(0, |k| k + 1);
    let numbers: Vec<(usize, u32)> = (first..cells.len())
        .filter(|&j| !cells[j].is_empty())
        .filter_map(|j| cells[j].chars().filter(char::is_ascii_digit).collect::<String>().parse().ok().map(|n| (j, n)))
        .collect();
    let short = numbers.len() == 2;
    if numbers.len() < 2 || (short && (numbers[1].1 != numbers[0].1 + 1 || first > 0 || cells[numbers[1].0 + 1..].iter().any(|c| !c.is_empty()))) {
        return None;
    }
    // Each number votes for the first column's number it implies.
    let mut votes: BTreeMap<i64, usize> = BTreeMap::new();
    for (i, &(_, n)) in numbers.iter().enumerate() {
        *votes.entry(i64::from(n) - i as i64).or_default() += 1;
    }
    let (&base, &count) = votes.iter().max_by_key(|entry| *entry.1)?;
    if count * 2 <= numbers.len() || base < 1 {
        return None;
    }
    let mut labels = vec![None; cells.len()];
    for (i, &(j, _)) in numbers.iter().enumerate() {
        labels[j] = Some((base + i as i64) as u32);
    }
    let opens_game = base == 1 && first > 0 && cells[..first].iter().any(|c| c.chars().any(char::is_alphabetic));
    if opens_game {
        labels[first - 1] = Some(0);
    }
    let run_at = numbers[0].0;
    let blank = (0..run_at).rev().take_while(|&j| cells[j].is_empty()).filter_map(|j| u32::try_from(base - (run_at - j) as i64).ok().filter(|&n| n >= 1).map(|n| (j, n))).collect();
    Some(PageHeader { labels, opens_game, blank, short })
}

/// The layouts found so far, the unread text, and where the page stands.
#[derive(Default)]
pub(super) struct Pages {
    pub layouts: Vec<Layout>,
    /// The critical positions printed in columns between the games.
    pub positions: Vec<PositionBlock>,
    pub unread: Vec<Unread>,
    /// The column number of each cell of the current page, left to right.
    labels: Vec<Option<u32>>,
    /// The game's page numbers, kept while a position's columns are read.
    game_labels: Option<Vec<Option<u32>>>,
    /// The results row of the current page has been passed: what follows are contributors.
    after_results: bool,
    /// The page mark the current page's cells stand under (an index in the game's `pages`).
    page: Option<usize>,
    /// A page mark read and no header after it yet: the next header's page.
    pending_page: Option<usize>,
    /// The game's page had had its results when a critical position's block
    /// began: after the block, a new game may start (a garbled `GAME.` line).
    page_done_before_position: bool,
    /// Pages of moves printed with no header over them, numbered (or not) at the next header.
    headerless: Vec<HeaderlessPage>,
    /// What the layout found that a reader should know: pages numbered by the gap they fill, or left unread.
    pub diagnostics: Vec<Diagnostic>,
}

/// A page whose header the OCR lost: rows of moves after the results row of
/// the page before (or under a page mark), its own results row, and what
/// follows until the next header. Its columns are the numbers missing between
/// the header before it and the header after it, when it is the only page
/// that can hold them; else it is kept unread.
#[derive(Debug, Default)]
struct HeaderlessPage {
    /// Its lines, in order.
    lines: Vec<Span>,
    /// How many columns it holds: the results on its results row, else its widest row.
    width: usize,
    /// Its results row has been read: a row of moves after it starts another page.
    closed: bool,
    /// The page mark (number or running head) printed above it, if any.
    mark: Option<usize>,
}

impl HeaderlessPage {
    fn span(&self) -> Span {
        let (first, last) = (self.lines.first().copied().unwrap_or_default(), self.lines.last().copied().unwrap_or_default());
        first.join(last)
    }
}

/// A row of moves and nothing else: tab-separated cells of two or more
/// numbers, no words, seven in ten of the numbers squares of the board (not the
/// two-digit coordinates of Paterson's specimens, `46 35`).
fn is_moves_row(line: &str, at_least: usize) -> bool {
    let mut filled: Vec<&str> = line.split('\t').map(str::trim).filter(|c| !c.is_empty()).collect();
    // A lone number in the margin before the cells (`100\t15 24 …`): a speck or a page number.
    if filled.len() > at_least && filled[0].len() <= 3 && filled[0].bytes().all(|b| b.is_ascii_digit()) {
        filled.remove(0);
    }
    // `01` is no square as the book prints it.
    let numbers = |c: &str| c.split(|ch: char| !ch.is_ascii_digit()).filter(|n| !n.is_empty()).map(|n| if n.starts_with('0') { 0 } else { n.parse::<u32>().unwrap_or(0) }).collect::<Vec<_>>();
    let all: Vec<u32> = filled.iter().flat_map(|c| numbers(c)).collect();
    let squares = all.iter().filter(|&&n| (1..=32).contains(&n)).count();
    filled.len() >= at_least
        && line.contains('\t')
        && squares * 10 >= all.len() * 7
        && filled.iter().all(|c| !c.chars().any(char::is_alphabetic) && numbers(c).len() >= 2)
}

/// A cell of a results row: a result, or a last move and the result (`28 32 W wins.`).
fn is_result_cell(cell: &str) -> bool {
    RESULT_LIKE.is_match(cell) || MOVE_THEN_RESULT.captures(cell).and_then(|c| c.get(2)).is_some_and(|r| RESULT_LIKE.is_match(r.as_str()))
}

/// Split the text into game layouts; lines outside them are unread text.
#[cfg(test)]
pub(super) fn parse_layout(text: &str) -> (Vec<Layout>, Vec<Unread>) {
    let pages = parse_pages(text);
    (pages.layouts, pages.unread)
}

/// Split the text into game layouts and critical positions; lines outside them are unread text.
pub(super) fn parse_pages(text: &str) -> Pages {
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
    pages.settle_headerless(text, None);
    let positions = pages.positions.iter_mut().map(|p| &mut p.layout);
    for column in pages.layouts.iter_mut().chain(positions).flat_map(|l| l.columns.values_mut()) {
        column.cut_at_edge = column.is_cut_at_edge();
    }
    pages
}

impl Pages {
    /// One line of text: a game or page header, prose, a results row or a row of moves.
    fn line(&mut self, text: &str, line: &str, span: Span) {
        // A garbled `GAME.` line counts only after a game's results, where a new game may start.
        // The current page's last column: the game's, or a position's while one is open.
        let highest = self.labels.iter().flatten().max().copied();
        let garbled = self.game_labels.is_none() && (self.after_results || self.page_done_before_position) && highest.is_some_and(|n| n > 1);
        if let Some(labels) = is_game_header(line).or_else(|| garbled_game_header(line).filter(|_| garbled)) {
            self.settle_headerless(text, None);
            self.end_position();
            // The game's first page: its number is the contents page's, filled in once the game is named.
            let first = PageMark { number: None, head: None, span: Span::new(span.start, span.start), columns: Default::default(), header: None };
            self.layouts.push(Layout { title: span, pages: vec![first], ..Layout::default() });
            self.labels = labels;
            (self.after_results, self.page_done_before_position) = (false, false);
            (self.page, self.pending_page) = (Some(0), None);
            return;
        }
        if self.layouts.is_empty() {
            keep_unread(&mut self.unread, text, span);
            return;
        }
        if self.game_labels.is_none()
            && let Some((number, head)) = page_furniture(line)
            && let Some(layout) = self.layouts.last_mut()
        {
            // A new page: a headerless page before it ends here.
            if let Some(last) = self.headerless.last_mut() {
                last.closed = true;
            }
            // The top of a new page: its cells stand under this mark from here.
            layout.pages.push(PageMark { number, head, span, columns: Default::default(), header: None });
            self.page = Some(layout.pages.len() - 1);
            self.pending_page = self.page;
            return;
        }
        if let Some(header) = is_page_header(line).filter(|h| !h.short || (self.game_labels.is_none() && highest.is_some_and(|n| h.first() == Some(n + 1))))
        {
            self.end_position();
            // The game's own last page, not a position's columns.
            let highest = self.labels.iter().flatten().max().copied();
            // A game's next page takes the numbers the headerless pages before it lack.
            let continues = !header.opens_game && header.first().is_some_and(|n| highest.is_some_and(|h| n > h));
            self.settle_headerless(text, continues.then(|| (highest.unwrap_or(0) + 1, header.first().unwrap_or(0))));
            // Numbering that starts again means a new game whose first page (with
            // the GAME line and the trunk) the OCR lost.
            if header.opens_game || header.first().is_some_and(|n| Some(n) <= highest) {
                self.layouts.push(Layout { title: span, ..Layout::default() });
            }
            let mut labels = header.labels;
            // A number lost from the header (a blank cell before the run) is the
            // one the run gives it, unless the game already has that column.
            let has_column = |n: &u32| self.layouts.last().is_some_and(|layout| layout.columns.contains_key(n));
            for (j, n) in header.blank {
                if !has_column(&n) {
                    labels[j] = Some(n);
                }
            }
            // A header right under a page mark is that page's; any other starts a page no mark names.
            self.page = self.pending_page.take();
            if let (Some(p), Some(first), Some(layout)) = (self.page, labels.iter().flatten().copied().min(), self.layouts.last_mut())
                && let Some(mark) = layout.pages.get_mut(p)
            {
                mark.header = Some((first, labels.iter().flatten().count()));
            }
            self.labels = labels;
            (self.after_results, self.page_done_before_position) = (false, false);
            return;
        }
        if let Some((number, author)) = position_heading(line)
            && self.positions.last().is_none_or(|p| p.number < number)
            && !self.square_list_follows(text, span.end)
        {
            // A critical position's heading: its columns follow, numbered by cell.
            self.settle_headerless(text, None);
            self.end_position();
            let author = author.map(|(a, b)| Span::new(span.start + a, span.start + b));
            self.positions.push(PositionBlock { number, heading: span, author, layout: Layout { title: span, diagram_lost: true, ..Layout::default() } });
            self.game_labels = Some(std::mem::replace(&mut self.labels, (0..16).map(Some).collect()));
            self.page_done_before_position = self.after_results;
            self.after_results = false;
            return;
        }
        if self.game_labels.is_some() && !line.contains('\t') {
            if TASK.is_match(line) {
                // The task, run on into prose (`B to play and draw, which is done by …`).
                if let Some(layout) = self.current() {
                    layout.columns.entry(0).or_default().notes.push(Cell::new(line, span));
                }
                return;
            }
            if line.chars().any(|c| c.is_ascii_digit()) && !line.chars().any(char::is_alphabetic) {
                // A solution printed without tabs (`9 13` under the 3rd Position): its trunk.
                self.moves_row(text, vec![Cell::new(line, span)]);
                return;
            }
            let has_moves = self.positions.last().is_some_and(|p| p.layout.columns.values().any(|c| !c.cells.is_empty()));
            if has_moves && line.split_whitespace().filter(|w| w.chars().any(char::is_alphabetic)).count() > 3 {
                // Prose after a position's columns (a footnote, remarks) ends it.
                self.end_position();
            }
        }
        if self.game_labels.is_none() && self.headerless_line(line, span) {
            return;
        }
        // Prose between games (critical positions, remarks): no tabs and many words.
        if !line.contains('\t') && line.split_whitespace().filter(|w| w.chars().any(char::is_alphabetic)).count() > 3 {
            keep_unread(&mut self.unread, text, span);
            return;
        }
        let cells = split_cells(line, span.start);
        let results = cells.iter().filter(|c| RESULT_LIKE.is_match(&c.text)).count();
        // Above a position's first move stands its task (`B toplay and` / `draw.`), not results.
        let above_moves = self.game_labels.is_some() && self.positions.last().is_some_and(|p| p.layout.columns.values().all(|c| c.cells.is_empty()));
        if results > 0 && !above_moves && results * 2 >= cells.iter().filter(|c| !c.text.trim().is_empty()).count() {
            self.results_row(text, cells);
        } else {
            self.moves_row(text, cells);
        }
    }

    /// A line of a page with no header: rows of moves where the page before
    /// has had its results (or under a page mark), and every line after them
    /// until the next header. Whether the line was taken.
    fn headerless_line(&mut self, line: &str, span: Span) -> bool {
        let under_mark = self.pending_page.is_some();
        let opens = (self.after_results || under_mark) && is_moves_row(line, if under_mark { 1 } else { 2 });
        // Any line goes on an open page; a row of moves after a closed one starts the next.
        let goes_on = self.headerless.last().is_some_and(|p| !p.closed || !opens);
        if !goes_on && !opens {
            return false;
        }
        if !goes_on {
            // The mark above is this page's, not the next header's.
            self.headerless.push(HeaderlessPage { mark: self.pending_page.take(), ..HeaderlessPage::default() });
        }
        let Some(page) = self.headerless.last_mut() else { return false };
        let cells: Vec<&str> = line.split('\t').collect();
        let results = cells.iter().filter(|c| is_result_cell(c)).count();
        if !page.closed && results > 0 && results * 2 >= cells.iter().filter(|c| !c.trim().is_empty()).count() {
            (page.width, page.closed) = (results, true);
        } else if !page.closed {
            page.width = page.width.max(cells.iter().rposition(|c| !c.trim().is_empty()).map_or(0, |k| k + 1));
        }
        page.lines.push(span);
        true
    }

    /// The headerless pages read since the last header, now that the next
    /// one is known. `missing`: the column numbers between the page before
    /// and the header after (`first..end`); `None` where no header of the
    /// same game follows. Pages exactly as wide as the gap are the only ones
    /// that can hold those columns, and take them in order. Otherwise a page
    /// under a printed page number takes the columns that number gives it,
    /// counted from another numbered page of the game whose header was read
    /// (`113`, six pages after `107` over 6–11: 42–47), if they lie in the
    /// gap. Any other page is kept unread.
    fn settle_headerless(&mut self, text: &str, missing: Option<(u32, u32)>) {
        let pages = std::mem::take(&mut self.headerless);
        if pages.is_empty() {
            return;
        }
        let wide: usize = pages.iter().map(|p| p.width).sum();
        let gap = missing.map_or(0, |(from, to)| to.saturating_sub(from) as usize);
        let firsts: Vec<Option<(u32, String)>> = match missing {
            Some((from, to)) if gap == wide && wide > 0 => {
                let why = format!("the columns missing between the headers before and after it ({from}–{}), as many as the page(s) with no header hold", to - 1);
                let mut next = from;
                pages.iter().map(|p| { let first = next; next += p.width as u32; Some((first, why.clone())) }).collect()
            }
            Some((from, to)) => pages.iter().map(|p| self.numbered_by_page(p).filter(|(first, _)| *first >= from && *first + p.width as u32 <= to)).collect(),
            None => pages.iter().map(|_| None).collect(),
        };
        // Replayed as rows under a header: no page mark is pending within them.
        let (labels, after_results, page_mark, pending) = (std::mem::take(&mut self.labels), self.after_results, self.page, self.pending_page.take());
        for (page, first) in pages.iter().zip(firsts) {
            let span = page.span();
            let Some((first, why)) = first else {
                let between = match missing {
                    Some((from, to)) if to > from => format!("the {gap} columns missing there ({}–{}) are more than the {wide} column(s) of the pages printed with no header, and no printed page number places it", from, to - 1),
                    Some(_) => "no column is missing between the headers around it".to_string(),
                    None => "no header of the same game follows it, so the columns it holds are not known".to_string(),
                };
                self.diagnostics.push(
                    Diagnostic::warning(Code::AndersonPageUnplaced, format!("a page of {} column(s) printed with no header, not placed: {between}; kept unread", page.width), span)
                        .with_label("a page with no header")
                        .with_help("the header's numbers are on the printed page: write them above this page in the text, tab-separated (`48\t49\t50…`), and it is read as those columns"),
                );
                for line in &page.lines {
                    keep_unread(&mut self.unread, text, *line);
                }
                continue;
            };
            let last = first + page.width as u32 - 1;
            self.diagnostics.push(Diagnostic::note(Code::AndersonPageNumbered, format!("a page printed with no header read as columns {first}–{last}: {why}"), span).with_label(format!("columns {first}–{last}")));
            // The page's results row gives its columns' places (a margin's speck may stand before them).
            let results_row = page.lines.iter().map(|l| l.slice(text)).find(|l| l.split('\t').filter(|c| is_result_cell(c)).count() == page.width);
            let places: Vec<usize> = match results_row {
                Some(row) => row.split('\t').enumerate().filter(|(_, c)| is_result_cell(c)).map(|(j, _)| j).collect(),
                None => (0..page.width).collect(),
            };
            let mut page_labels = vec![None; places.last().map_or(0, |&j| j + 1)];
            for (k, &j) in places.iter().enumerate() {
                page_labels[j] = Some(first + k as u32);
            }
            (self.labels, self.after_results, self.page) = (page_labels, false, page.mark);
            for line in &page.lines {
                self.line(text, line.slice(text), *line);
            }
        }
        (self.labels, self.after_results, self.page, self.pending_page) = (labels, after_results, page_mark, pending);
    }

    /// The first column a headerless page's printed number gives it: counted
    /// from another numbered page of the game whose header was read, at that
    /// header's width a page. With the reason, for the diagnostic.
    fn numbered_by_page(&self, page: &HeaderlessPage) -> Option<(u32, String)> {
        let layout = self.layouts.last()?;
        let number = layout.pages.get(page.mark?)?.number?;
        let (known, (first, width)) = layout.pages.iter().find_map(|m| Some((m.number?, m.header?)))?;
        let pages_on = i64::from(number) - i64::from(known);
        let at = i64::from(first) + pages_on * width as i64;
        let at = u32::try_from(at).ok().filter(|_| pages_on != 0 && page.width <= width)?;
        Some((at, format!("its printed page number {number} is {} page(s) {} page {known}, whose header names columns {first}–{}, at {width} columns a page", pages_on.abs(), if pages_on > 0 { "after" } else { "before" }, first + width as u32 - 1)))
    }

    /// Back from a position's columns to the game's pages.
    fn end_position(&mut self) {
        if let Some(labels) = self.game_labels.take() {
            self.labels = labels;
        }
    }

    /// Whether the next non-blank line after `at` is a list of squares.
    fn square_list_follows(&self, text: &str, at: usize) -> bool {
        text[at..].lines().map(str::trim).find(|l| !l.is_empty()).is_some_and(|l| SQUARE_LIST.is_match(l))
    }

    /// The layout rows go to: the open position's, else the current game's.
    fn current(&mut self) -> Option<&mut Layout> {
        if self.game_labels.is_some() {
            return self.positions.last_mut().map(|p| &mut p.layout);
        }
        self.layouts.last_mut()
    }

    /// A row of results (and notes beside them) under the columns.
    /// Whether the current game has its most cells: then the row is kept
    /// unread (the first such row with an error) and not read.
    fn past_the_bound(&mut self, text: &str, cells: &[Cell]) -> bool {
        let Some(layout) = self.current().filter(|layout| layout.cells >= MAX_CELLS) else { return false };
        let first = layout.cells == MAX_CELLS;
        layout.cells += 1;
        let row = cells.iter().map(|c| c.span).reduce(Span::join);
        if let (true, Some(row)) = (first, row) {
            self.diagnostics.push(
                Diagnostic::error(Code::AndersonGameTooLong, format!("the game has more than {MAX_CELLS} cells; its rows from here on are kept unread"), row)
                    .with_label("the first row not read"),
            );
        }
        for cell in cells.iter().filter(|c| !c.text.trim().is_empty()) {
            keep_unread(&mut self.unread, text, cell.span);
        }
        true
    }

    fn results_row(&mut self, text: &str, cells: Vec<Cell>) {
        if self.past_the_bound(text, &cells) {
            return;
        }
        let labels = self.labels.clone();
        let page = self.page.filter(|_| self.game_labels.is_none());
        let Some(layout) = self.current() else { return };
        let mut stray = Vec::new();
        for (i, cell) in cells.into_iter().enumerate() {
            let Some(&Some(id)) = labels.get(i) else {
                stray.push(cell.span);
                continue;
            };
            let column = layout.columns.entry(id).or_default();
            if cell.text.trim().is_empty() {
                continue;
            }
            if let Some(mark) = page.and_then(|p| layout.pages.get_mut(p)) {
                mark.columns.insert(id);
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
        for span in stray.into_iter().filter(|s| !s.slice(text).trim().is_empty()) {
            keep_unread(&mut self.unread, text, span);
        }
        self.after_results = true;
    }

    /// A row with one cell a column: moves (scanned here, once), or notes.
    fn moves_row(&mut self, text: &str, cells: Vec<Cell>) {
        if self.past_the_bound(text, &cells) {
            return;
        }
        let labels = self.labels.clone();
        let after_results = self.after_results;
        let page = self.page.filter(|_| self.game_labels.is_none());
        let Some(layout) = self.current() else { return };
        let mut stray = Vec::new();
        for (i, cell) in cells.into_iter().enumerate() {
            if cell.text.trim().is_empty() {
                continue;
            }
            let Some(&Some(id)) = labels.get(i) else {
                stray.push(cell.span);
                continue;
            };
            if let Some(mark) = page.and_then(|p| layout.pages.get_mut(p)) {
                mark.columns.insert(id);
            }
            let has_digits = cell.text.chars().any(|c| c.is_ascii_digit());
            let column = layout.columns.entry(id).or_default();
            if after_results || !has_digits || column.in_note || NOTE_START.is_match(&cell.text) {
                // Contributors under the results, words inside a column, or a
                // note in the period notation (`+ 23.19`, then to the result).
                column.in_note |= !after_results && NOTE_START.is_match(&cell.text);
                column.notes.push(cell);
                layout.cells += 1;
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
            layout.cells += 1;
            column.flattened = column.long_numbers * 2 > column.numbers;
        }
        for span in stray {
            keep_unread(&mut self.unread, text, span);
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
        // Grown by what it gains: copied whole at each line, a long run took the square of its length.
        last.raw.push_str(&text[last.span.end..span.end.max(last.span.end)]);
        last.span = last.span.join(span);
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
    fn a_game_past_the_most_cells_keeps_its_rows_from_there_unread() {
        let rows = "11 15\t9 14\n".repeat(MAX_CELLS / 2);
        let text = format!("GAME.\t1\n{rows}23 19\t22 18\n32 23\t\nDrawn.\tDrawn.\n\nGAME.\t2\n11 15\n");
        let pages = parse_pages(&text);
        let cells: Vec<usize> = pages.layouts.iter().map(|l| l.columns.values().map(|c| c.cells.len()).sum()).collect();
        assert_eq!(cells, [MAX_CELLS, 1], "the next game is read");
        let too_long: Vec<&Diagnostic> = pages.diagnostics.iter().filter(|d| d.code == Code::AndersonGameTooLong).collect();
        assert_eq!(too_long.len(), 1);
        assert_eq!(too_long[0].span.slice(&text), "23 19\t22 18");
        let unread: Vec<&str> = pages.unread.iter().map(|u| u.raw.as_str()).collect();
        assert_eq!(unread, ["23 19\t22 18\n32 23\t\nDrawn.\tDrawn."], "the rows past the bound, results too, as one piece grown line by line");
        assert!(pages.unread.iter().all(|u| u.raw == u.span.slice(&text)));
    }

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
        let labels = |line: &str| is_page_header(line).map(|h| h.labels);
        assert_eq!(labels("66\t67\t63\t69\t70\t71"), Some([66, 67, 68, 69, 70, 71].map(Some).to_vec()));
        assert_eq!(labels("49\t49\t50\t51\t52\t53"), Some([48, 49, 50, 51, 52, 53].map(Some).to_vec()));
        assert_eq!(labels("11 15\t23 19"), None);
        assert_eq!(labels("9\t14\t22"), None);
    }

    /// Game 1's page of variations 30–35 (line 342 of the corpus) has a
    /// fragment of another row in front of its numbers; its cells stand
    /// under the numbers, the fragment's under nothing.
    #[test]
    fn a_page_header_after_a_fragment_names_the_cells_after_it() {
        let header = is_page_header("24   9\t30\t31\t32\t33\t34\t35").expect("a header");
        assert_eq!(header.labels, [None, Some(30), Some(31), Some(32), Some(33), Some(34), Some(35)]);
        assert!(!header.opens_game);
        assert_eq!(is_page_header("28.26\t72\t73\t74\t75\t76\t77").map(|h| h.labels[1]), Some(Some(72)));
        assert_eq!(is_page_header("48\t-49\t50\t51\t").map(|h| h.labels), Some(vec![Some(48), Some(49), Some(50), Some(51), None]));
        let blank = is_page_header("\t\t20\t21\t22\t23").expect("a header");
        assert_eq!(blank.labels[..3], [None, None, Some(20)], "a blank cell names nothing by itself");
        assert_eq!(blank.blank, [(1, 19), (0, 18)], "the run gives it a number");
        // A garbled `GAME.`: letters, then 1, 2, 3: the trunk under the cell before the 1.
        let game = is_page_header("GAT\tŒ.\t1\t2\t3\t4\t5").expect("a header");
        assert!(game.opens_game);
        assert_eq!(game.labels[..3], [None, Some(0), Some(1)]);
    }

    #[test]
    fn the_cells_under_a_fragment_are_kept_unread_and_the_rest_placed() {
        let text = "GAME.\t1\t2\n11 15\t26 23\t24 20\nDrawn.\tDrawn.\tW. wins.\n24   9\t3\t4\t5\nDrawn. B wins,\t9 14 22 17\t10 14\t11 16\n";
        let (layouts, unread) = parse_layout(text);
        assert_eq!(layouts.len(), 1);
        let l = &layouts[0];
        assert_eq!(l.columns.keys().copied().collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5]);
        assert_eq!(l.columns[&3].cells[0].text, "9 14 22 17");
        assert!(l.columns[&2].notes.is_empty(), "nothing of the new page falls to the old page's columns");
        assert!(unread.iter().any(|u| u.raw == "Drawn. B wins,"), "{unread:?}");
    }

    #[test]
    fn a_blank_header_cell_takes_the_number_the_run_gives_it_unless_the_game_has_that_column() {
        let text = "GAME.\t1\t2\n11 15\t26 23\t24 20\nDrawn.\tDrawn.\tW. wins.\n\t\t5\t6\t7\n9 14\t10 14\t11 16\t9 13\t9 14\n\t8\t9\t10\n8 11\t6 10\t7 10\t8 12\n";
        let (layouts, unread) = parse_layout(text);
        assert_eq!(layouts.len(), 1);
        let l = &layouts[0];
        assert_eq!(l.columns[&3].cells[0].text, "9 14");
        assert_eq!(l.columns[&4].cells[0].text, "10 14");
        // Page `\t8\t9\t10` follows: its blank cell would be 7, which the game has.
        assert_eq!(l.columns[&7].cells.len(), 1, "column 7 takes nothing from the blank cell");
        assert!(unread.iter().any(|u| u.raw == "8 11"), "{unread:?}");
    }

    #[test]
    fn a_critical_position_is_a_block_of_its_own_and_the_game_goes_on_after_it() {
        let text = "GAME.\t1\t2\n11 15\t26 23\t24 20\nDrawn.\tDrawn.\tW. wins.\n4th Position .- Payne.\nB toplay and draw.\t\t\n10 7 18 23\t\t\nDrawn.\t\t\n\n3\t4\t5\n9 14\t10 14\t11 16\n";
        let pages = parse_pages(text);
        assert_eq!(pages.layouts.len(), 1, "page 3–5 goes on with the game");
        assert_eq!(pages.layouts[0].columns.keys().copied().collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5]);
        let [position] = &pages.positions[..] else { panic!("{:?}", pages.positions) };
        assert_eq!(position.number, 4);
        assert_eq!(position.author.map(|a| a.slice(text)), Some("Payne."));
        let trunk = &position.layout.columns[&0];
        assert_eq!(trunk.notes[0].text, "B toplay and draw.");
        assert_eq!(trunk.cells[0].text, "10 7 18 23");
        assert_eq!(trunk.result.as_ref().map(|c| c.text.as_str()), Some("Drawn."));
    }

    #[test]
    fn position_headings_and_references_to_them() {
        assert_eq!(position_heading("Position 1st-See page 34.").map(|h| h.0), Some(1));
        assert_eq!(position_heading("2nd Position.\\*").map(|h| h.0), Some(2));
        assert_eq!(position_heading("8th.-A. Gardner.\\*").map(|h| h.0), Some(8));
        assert_eq!(position_heading("\\*10th .- Andw. Thomson.").map(|h| h.0), Some(10));
        assert_eq!(position_heading("2nd Position page 53.\t"), None, "a reference in a cell");
        assert_eq!(position_heading("11 15\t23 19"), None);
    }

    /// A page whose header the OCR lost takes the numbers missing between
    /// the headers around it when it holds exactly as many columns; a page
    /// that may be any of several is kept unread, with a warning.
    #[test]
    fn a_page_with_no_header_takes_the_numbers_the_gap_leaves_or_stays_unread() {
        let head = "GAME.\t1\t2\n11 15\t26 23\t24 20\nDrawn.\tDrawn.\tW. wins.\n\n";
        let lost = "9 14 22 18\t10 14 24 19\t11 16 23 19\nDrawn.\tB wins.\t21 17 Drawn.\n\n";
        let text = format!("{head}{lost}6\t7\t8\n9 13\t9 14\t10 15\nDrawn.\tDrawn.\tDrawn.\n");
        let pages = parse_pages(&text);
        let layout = &pages.layouts[0];
        assert_eq!(layout.columns.keys().copied().collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(layout.columns[&4].cells[0].text, "10 14 24 19");
        assert!(is_moves_row("100\t15 24 24 28\t9 14 22 18", 2), "a margin's number before the cells");
        assert!(!is_moves_row("100\t15 24 24 28", 2) && !is_moves_row("J. Neilson.\t9 14 22 18\t10 15", 2));
        assert_eq!(layout.columns[&5].result.as_ref().map(|c| c.text.as_str()), Some("Drawn."), "the last move on the results row split off");
        assert_eq!(pages.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(), [Code::AndersonPageNumbered]);
        assert!(pages.unread.is_empty(), "{:?}", pages.unread);
        // The same page where six columns are missing: which three it holds is not known.
        let wide = format!("{head}{lost}9\t10\t11\n9 13\t9 14\t10 15\nDrawn.\tDrawn.\tDrawn.\n");
        let pages = parse_pages(&wide);
        assert_eq!(pages.layouts[0].columns.keys().copied().collect::<Vec<_>>(), [0, 1, 2, 9, 10, 11]);
        assert_eq!(pages.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(), [Code::AndersonPageUnplaced]);
        assert_eq!(pages.unread.iter().map(|u| u.raw.as_str()).collect::<String>(), lost.trim_end());
    }

    /// A headerless page under a printed page number takes the columns that
    /// number gives it, counted from a numbered page whose header was read.
    #[test]
    fn a_page_number_places_a_page_with_no_header() {
        let row = |a: &str| format!("{a}\t9 13 22 18\t10 14 24 19\nDrawn.\tDrawn.\tDrawn.\n\n");
        let text = format!("GAME.\t1\t2\n11 15\t26 23\t24 20\nDrawn.\tDrawn.\tW. wins.\n\n40\n\n3\t4\t5\n{}\n42\n\n{}12\t13\t14\n{}", row("9 14 22 18"), row("11 16 23 19"), row("8 11 22 17"));
        let pages = parse_pages(&text);
        let layout = &pages.layouts[0];
        // Page 42 is two pages after page 40 (3–5): 9–11, though 6–11 are missing and it holds three.
        assert_eq!(layout.columns.keys().copied().collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13, 14]);
        assert_eq!(layout.columns[&9].cells[0].text, "11 16 23 19");
        assert_eq!(pages.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(), [Code::AndersonPageNumbered]);
        assert!(pages.diagnostics[0].message.contains("2 page(s) after page 40"), "{}", pages.diagnostics[0].message);
        // Without the number, which three of 6–11 it holds is not known.
        let unnumbered = text.replace("\n42\n", "\n");
        let pages = parse_pages(&unnumbered);
        assert_eq!(pages.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(), [Code::AndersonPageUnplaced]);
        assert!(!pages.layouts[0].columns.contains_key(&9));
        assert_eq!(layout.pages.iter().map(|p| (p.number, p.header)).collect::<Vec<_>>(), [(None, None), (Some(40), Some((3, 3))), (Some(42), None)], "the next header is not page 42's");
    }

    /// `11115\tCANE\t1\t\t\tT .`: a game's header garbled by the OCR, read
    /// as one after a game's results (Suter's first page in the 1852 book).
    #[test]
    fn a_garbled_game_header_after_results_opens_the_next_game() {
        assert_eq!(garbled_game_header("11115\tCANE\t1\t\t\tT .\t"), Some(vec![None, Some(0), Some(1), Some(2), Some(3), Some(4), Some(5)]));
        assert_eq!(garbled_game_header("8 11\t1\t9 14"), None, "no word over the trunk");
        assert_eq!(garbled_game_header("CANE\t1\t14"), None, "a number after the 1");
        let first = "GAME.\t1\t2\n11 15\t26 23\t24 20\nDrawn.\tDrawn.\tW. wins.\n\n";
        let text = format!("{first}11115\tCANE\t1\t\t\tT .\t\n\t11 15\t9 14\t10 14\nDrawn,\tDrawn.\tDrawn.\tW wins.\n\n6\t7\t8\n8 11\t7 11\t6 10\n");
        let pages = parse_pages(&text);
        assert_eq!(pages.layouts.len(), 2, "a second game");
        let second = &pages.layouts[1];
        assert_eq!(second.columns.keys().copied().collect::<Vec<_>>(), [0, 1, 2, 6, 7, 8], "6–8 continue it");
        assert_eq!(second.columns[&0].cells[0].text, "11 15");
        assert_eq!(second.columns[&2].result.as_ref().map(|c| c.text.as_str()), Some("W wins."));
        assert!(pages.layouts[0].columns.values().all(|c| c.notes.is_empty()), "nothing of it falls to the first game");
        // Inside a game's page (no results yet), such a line is only cells.
        let inside = "GAME.\t1\t2\n11 15\t26 23\t24 20\nCANE\t1\t\n";
        assert_eq!(parse_pages(inside).layouts.len(), 1);
    }

    /// `24\t25`: two numbers are a header only where they continue the page before.
    #[test]
    fn a_two_column_header_continues_the_run() {
        let text = "GAME.\t1\t2\n11 15\t26 23\t24 20\nDrawn.\tDrawn.\tW. wins.\n\n3\t4\n9 14\t10 14\nDrawn.\tDrawn.\n";
        let pages = parse_pages(text);
        assert_eq!(pages.layouts[0].columns.keys().copied().collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
        assert!(is_page_header("3\t5").is_none() && is_page_header("3\t4\t9 14").is_none());
        let skipped = "GAME.\t1\t2\n11 15\t26 23\t24 20\nDrawn.\tDrawn.\tW. wins.\n\n7\t8\n9 14\t10 14\n";
        assert_eq!(parse_pages(skipped).layouts[0].columns.keys().copied().collect::<Vec<_>>(), [0, 1, 2], "7 and 8 skip 3–6: no header");
    }

    #[test]
    fn page_numbers_and_running_heads_are_the_next_pages() {
        assert_eq!(page_furniture("107"), Some((Some(107), None)));
        assert_eq!(page_furniture("CROSS."), Some((None, Some("CROSS.".into()))));
        assert_eq!(page_furniture("78 CROSS."), Some((Some(78), Some("CROSS.".into()))));
        assert_eq!(page_furniture("SINGLE CORNER 97"), Some((Some(97), Some("SINGLE CORNER".into()))));
        assert_eq!(page_furniture("11 15"), None);
        assert_eq!(page_furniture("Drawn."), None);
        assert_eq!(page_furniture("107\t"), None);
        let text = "GAME.\t1\t2\n11 15\t26 23\t24 20\nDrawn.\tDrawn.\tW. wins.\n\n107\n\n3\t4\t5\n9 14\t10 14\t11 16\nDrawn.\tDrawn.\tDrawn.\n\n6\t7\n9 13\t9 14\n";
        let pages = parse_pages(text);
        let layout = &pages.layouts[0];
        let [first, mark] = &layout.pages[..] else { panic!("{:?}", layout.pages) };
        assert_eq!((first.number, first.span.is_empty(), first.columns.iter().copied().collect::<Vec<_>>()), (None, true, vec![0, 1, 2]), "the GAME page, numbered from the contents later");
        assert_eq!((mark.number, mark.span.slice(text)), (Some(107), "107"));
        assert_eq!(mark.columns.iter().copied().collect::<Vec<_>>(), [3, 4, 5], "the page's own columns, not the next page's");
        assert!(pages.unread.is_empty(), "{:?}", pages.unread);
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
