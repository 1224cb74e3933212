//! The page "Specimens in accordance with the natural system" (Anderson 1852):
//! columns of natural notation side by side, a column headed by a number being a
//! variation of the column before it, branching where that number marks a move.

use super::read::{check_move_change, read_tokens, MarkCheck, MoveChange};
use crate::diagnostic::{Code, Diagnostic};
use crate::text::draughts::{scan, stated_result, ReadOptions};
use crate::repair::{Token, TokenKind};
use crate::rules::draughts::{self, Position};
use crate::span::Span;
use crate::tree::{Annotation, AnnotationKind, Game, Line, LineStatus, Source, Streamed, Unread};
use regex::Regex;
use serde::Serialize;
use std::sync::LazyLock;

static HEADING: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)specimens\s+in\s+accordance\s+with\s+the\s+natural\s+system").expect("heading pattern is valid"));

/// Footnote marks of the page, in the book's order.
const FOOTNOTE_MARKS: [char; 3] = ['†', '‡', '§'];

/// What one column came to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpecimenReport {
    pub column: String,
    /// Natural-notation moves printed in the column (pairs of two-digit squares).
    pub printed: usize,
    /// Moves read and played legally (as printed or repaired).
    pub legal: usize,
    pub repaired: usize,
    pub status: LineStatus,
    pub marks: MarkCheck,
    pub move_change: Option<MoveChange>,
    /// For a variation: the parent column and the move it replaces (1-based).
    pub branch: Option<(String, usize)>,
    /// Text left unread, with why.
    pub deviations: Vec<String>,
}

struct Cell {
    text: String,
    span: Span,
}

fn cells(line_start: usize, line: &str) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut offset = line_start;
    for part in line.split('\t') {
        out.push(Cell { text: part.to_string(), span: Span::new(offset, offset + part.len()) });
        offset += part.len() + 1;
    }
    out
}

/// Lines of `text` from byte `from`: (start offset, line without its newline),
/// one at a time (a page's table ends at its first blank line).
fn lines_from(text: &str, from: usize) -> impl Iterator<Item = (usize, &str)> {
    let mut offset = from;
    text[from..].split_inclusive('\n').map(move |line| {
        let at = offset;
        offset += line.len();
        (at, line.trim_end_matches(['\n', '\r']))
    })
}

/// Does `text` hold a page of specimens?
pub fn has_specimens_page(text: &str) -> bool {
    HEADING.is_match(text)
}

/// Read every page of specimens in `text`.
pub fn read_paterson_specimens(name: &str, text: &str) -> Source {
    read_paterson_specimens_with_report(name, text).0
}

/// As `read_paterson_specimens`, with a report per column.
pub fn read_paterson_specimens_with_report(name: &str, text: &str) -> (Source, Vec<SpecimenReport>) {
    let mut reports = Vec::new();
    let source = Source::gathered(|visit| read_pages(name, text, usize::MAX, visit, |r| reports.push(r)));
    (source, reports)
}

/// The reports of the first `pages` pages of specimens, and how many pages
/// the text holds (a report for people: a file of thousands of pages is
/// not reread whole for it).
pub fn specimen_reports(text: &str, pages: usize) -> (Vec<SpecimenReport>, usize) {
    let mut reports = Vec::new();
    read_pages("", text, pages, drop, |r| reports.push(r));
    (reports, HEADING.find_iter(text).count())
}

/// As `read_paterson_specimens`, but each page's diagnostics, notes and
/// unread text, then its games, are handed to `visit` once the page is read,
/// and not kept: memory for one page, not the file.
pub fn read_specimens_streamed(name: &str, text: &str, visit: impl FnMut(Streamed)) -> Source {
    read_pages(name, text, usize::MAX, visit, drop)
}

/// Page by page: a page runs from its heading to the next one; the text
/// before the first heading and around each table is kept as notes or unread
/// text with its page, so nothing is lost. Each page is handed to `visit`
/// (what it holds besides games, then its games) and its column reports to `report`.
fn read_pages(name: &str, text: &str, max_pages: usize, mut visit: impl FnMut(Streamed), mut report: impl FnMut(SpecimenReport)) -> Source {
    let mut source = Source { name: name.to_string(), notation: crate::tree::Notation::Paterson, ..Source::default() };
    let mut headings = HEADING.find_iter(text).map(|m| Span::new(m.start(), m.end())).peekable();
    if headings.peek().is_none() {
        source.diagnostics.push(
            Diagnostic::error(Code::PatersonNoSpecimens, "no page of specimens in natural notation found", Span::new(0, text.len()))
                .with_help("the page starts with \"Specimens in accordance with the natural system\""),
        );
        return source;
    }
    // Each page from its heading to the next, with the end of the page before it.
    let mut page_start = 0;
    let pages = std::iter::from_fn(|| {
        let heading = headings.next()?;
        let page_end = headings.peek().map_or(text.len(), |next| next.start);
        let page = (heading, page_start, page_end);
        page_start = page_end;
        Some(page)
    })
    .take(max_pages);
    // Pages are read side by side and handed on in order.
    let read = |(heading, page_start, page_end): (Span, usize, usize)| {
        // Spans stay offsets into the whole text: the page is a prefix of it.
        let page_text = &text[..page_end];
        let mut page = Source::default();
        let mut reports = Vec::new();
        read_page(page_text, heading, &mut page, &mut reports);
        crate::notation::notes::keep_the_rest_within(&mut page, page_text, Span::new(page_start, page_end));
        page.diagnostics.sort_by_key(|d| d.span.start);
        (page, reports)
    };
    crate::parallel::in_order(pages, read, |read_in_order| {
        for (mut page, reports) in read_in_order {
            reports.into_iter().for_each(&mut report);
            let games = std::mem::take(&mut page.games);
            visit(Streamed::Parts(page));
            games.into_iter().map(Streamed::Game).for_each(&mut visit);
        }
    });
    source
}

/// One page: its table under `heading`, its footnotes, each column read and
/// placed (games index into `page.games`).
fn read_page(text: &str, heading: Span, page: &mut Source, reports: &mut Vec<SpecimenReport>) {
    let Some(table) = read_table(text, heading, page) else { return };
    let footnotes = footnotes_after(text, table.end);
    let variation_labels: Vec<&str> = table.names.iter().filter(|n| n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty()).map(String::as_str).collect();
    let columns = column_tokens(&table, &variation_labels);
    let footnote_of = footnotes_of_columns(&columns.opening_marks, &footnotes, &mut page.diagnostics);
    // Named columns are games; a numbered column is a variation of the game before it.
    let mut game_of_column: Vec<Option<usize>> = vec![None; table.names.len()];
    for col in 0..table.names.len() {
        let (start, parent, branch) = if variation_labels.contains(&table.names[col].as_str()) {
            let Some((pos, g, ply)) = place_variation(text, col, &table, &columns, &variation_labels, &game_of_column, page) else { continue };
            (pos, Some(g), Some(ply))
        } else {
            (Position::initial(), None, None)
        };
        let (line, marks, change) = read_column(text, col, &table, &columns, &start, &mut page.diagnostics);
        let branch_of = branch.map(|b| (parent.map_or(String::new(), |g| page.games[g].name.clone()), b + 1));
        reports.push(column_report(&table.names[col], &columns.tokens[col], &line, marks, change, branch_of));
        game_of_column[col] = Some(attach_column(page, line, col, &table, &columns, parent.zip(branch), footnote_of[col]));
    }
}

/// The table under the heading: column names, cells row by row, the results row.
struct Table {
    header: Vec<Cell>,
    names: Vec<String>,
    body: Vec<Vec<Cell>>,
    results: Vec<Option<Cell>>,
    /// Where the table's last line ends.
    end: usize,
}

/// Read the table under the heading; `None` (with a diagnostic) if there is none.
/// Cells beyond the last column are kept unread.
fn read_table(text: &str, heading: Span, source: &mut Source) -> Option<Table> {
    // Skip the rest of the heading line and blank lines; the next line names the columns.
    let mut rows = lines_from(text, heading.end).skip(1).skip_while(|(_, l)| l.trim().is_empty());
    let Some((header_at, header_line)) = rows.next() else {
        source.diagnostics.push(Diagnostic::error(Code::PatersonNoColumns, "the specimens heading has no table under it", heading));
        return None;
    };
    let header: Vec<Cell> = cells(header_at, header_line);
    let names: Vec<String> = header.iter().map(|c| c.text.trim().trim_end_matches('.').trim().to_string()).collect();
    let ncols = names.len();
    let mut body: Vec<Vec<Cell>> = Vec::new();
    let mut results: Vec<Option<Cell>> = (0..ncols).map(|_| None).collect();
    let mut table_end = header_at + header_line.len();
    for (at, line) in rows.by_ref() {
        if line.trim().is_empty() {
            break;
        }
        if body.len() == super::MAX_ROWS {
            source.diagnostics.push(
                Diagnostic::error(Code::PatersonGameTooLong, format!("the table has more than {} rows; it is read to here, and the rows from here on are kept unread", super::MAX_ROWS), Span::new(at, at + line.len()))
                    .with_label("the first row not read"),
            );
            break;
        }
        table_end = at + line.len();
        let row = cells(at, line);
        let is_results = row.iter().filter(|c| !c.text.trim().is_empty()).all(|c| stated_result(c.text.trim(), 0).0.is_some());
        if is_results {
            for (i, c) in row.into_iter().enumerate().take(ncols) {
                results[i] = Some(c);
            }
            break;
        }
        if row.len() > ncols {
            let extra = Span::new(row[ncols].span.start, row.last().map_or(at, |c| c.span.end));
            source.unread.push(Unread { raw: extra.slice(text).to_string(), span: extra });
            source.diagnostics.push(Diagnostic::warning(Code::PatersonExtraCell, "a cell beyond the last column; kept unread", extra).with_label("no column here"));
        }
        body.push(row);
    }
    Some(Table { header, names, body, results, end: table_end })
}

/// A footnote after the table: its mark, its text, where it stands.
type Footnote = (char, String, Span);

/// Footnotes in the dozen lines after the table: `† Compare this with …`.
fn footnotes_after(text: &str, table_end: usize) -> Vec<Footnote> {
    let mut footnotes = Vec::new();
    for (at, line) in lines_from(text, table_end).skip(1).take(12) {
        let trimmed = line.trim_start();
        if let Some(c) = trimmed.chars().next().filter(|c| FOOTNOTE_MARKS.contains(c)) {
            let note = trimmed[c.len_utf8()..].trim().to_string();
            let lead = line.len() - trimmed.len();
            footnotes.push((c, note, Span::new(at + lead, at + line.len())));
        }
    }
    footnotes
}

/// Each column's tokens, with the marks taken out: the one opening a column
/// (a footnote mark) and the numbers marking where a variation branches.
struct Columns {
    tokens: Vec<Vec<Token>>,
    opening_marks: Vec<Option<Token>>,
    /// (column, variation label, the mark's token).
    branch_marks: Vec<(usize, String, Token)>,
}

fn column_tokens(table: &Table, variation_labels: &[&str]) -> Columns {
    let ncols = table.names.len();
    let mut columns: Vec<Vec<Token>> = vec![Vec::new(); ncols];
    let mut opening_marks: Vec<Option<Token>> = vec![None; ncols];
    let mut branch_marks: Vec<(usize, String, Token)> = Vec::new();
    for row in &table.body {
        for (col, cell) in row.iter().enumerate().take(ncols) {
            let mut tokens = scan(&cell.text, cell.span.start);
            if tokens.is_empty() {
                continue;
            }
            if columns[col].is_empty() && tokens[0].kind == TokenKind::Junk {
                opening_marks[col] = Some(tokens.remove(0));
            }
            let numbers = tokens.iter().filter(|t| t.kind == TokenKind::Number).count();
            let is_variation_column = variation_labels.contains(&table.names[col].as_str());
            if !is_variation_column && numbers >= 3 && tokens[0].kind == TokenKind::Number && variation_labels.contains(&tokens[0].text.as_str()) {
                let mark = tokens.remove(0);
                branch_marks.push((col, mark.text.clone(), mark));
            }
            columns[col].extend(tokens);
        }
    }
    Columns { tokens: columns, opening_marks, branch_marks }
}

/// The footnote each column's opening mark names; one OCR-mangled mark takes
/// the one left over (with a note), any other unknown mark gets a warning.
fn footnotes_of_columns<'f>(opening_marks: &[Option<Token>], footnotes: &'f [Footnote], diagnostics: &mut Vec<Diagnostic>) -> Vec<Option<(char, &'f str, Span)>> {
    let mut claimed: Vec<char> = opening_marks.iter().flatten().filter_map(|t| t.text.chars().next()).filter(|c| FOOTNOTE_MARKS.contains(c)).collect();
    let mut footnote_of: Vec<Option<(char, &str, Span)>> = vec![None; opening_marks.len()];
    for col in 0..opening_marks.len() {
        let Some(token) = &opening_marks[col] else { continue };
        let printed = token.text.chars().next().unwrap_or(' ');
        let symbol = if FOOTNOTE_MARKS.contains(&printed) {
            Some(printed)
        } else {
            let left: Vec<char> = footnotes.iter().map(|f| f.0).filter(|c| !claimed.contains(c)).collect();
            let only_unclaimed = opening_marks.iter().flatten().filter(|t| !t.text.starts_with(FOOTNOTE_MARKS)).count() == 1;
            if left.len() == 1 && only_unclaimed {
                diagnostics.push(
                    Diagnostic::note(Code::PatersonFootnoteMarkRead, format!("{:?} read as {:?}, the only footnote mark left", token.text, left[0]), token.span)
                        .with_label(format!("read as {}", left[0])),
                );
                claimed.push(left[0]);
                Some(left[0])
            } else {
                diagnostics.push(Diagnostic::warning(Code::PatersonUnknownMark, format!("{:?} before the first move is not a footnote mark", token.text), token.span));
                None
            }
        };
        footnote_of[col] = symbol.and_then(|s| footnotes.iter().find(|f| f.0 == s)).map(|f| (f.0, f.1.as_str(), f.2));
    }
    footnote_of
}

/// Where variation column `col` starts: the position before the move of its
/// game marked with its number, that game and the ply. `None` if it cannot be
/// placed (no game before it, or no marked move; the column is kept unread).
fn place_variation(text: &str, col: usize, table: &Table, columns: &Columns, variation_labels: &[&str], game_of_column: &[Option<usize>], source: &mut Source) -> Option<(Position, usize, usize)> {
    let names = &table.names;
    let parent_game = (0..col).rev().find_map(|c| game_of_column[c].filter(|_| !variation_labels.contains(&names[c].as_str())));
    let Some(g) = parent_game else {
        source.diagnostics.push(Diagnostic::error(Code::PatersonOrphanVariation, format!("column {:?} has no game before it", names[col]), table.header[col].span));
        return None;
    };
    let trunk_col = (0..col).rev().find(|&c| game_of_column[c] == Some(g)).unwrap_or(0);
    let marker = columns.branch_marks.iter().find(|(c, label, _)| *c == trunk_col && *label == names[col]);
    let Some((_, _, mark)) = marker else {
        source.diagnostics.push(
            Diagnostic::error(Code::PatersonNoBranchMark, format!("variation {:?}: no move of its game is marked {:?}", names[col], names[col]), table.header[col].span)
                .with_help("the variation cannot be placed; its column is kept unread"),
        );
        let tokens = &columns.tokens[col];
        let span = tokens.first().zip(tokens.last()).map_or(table.header[col].span, |(a, b)| a.span.join(b.span));
        source.unread.push(Unread { raw: span.slice(text).to_string(), span });
        return None;
    };
    let trunk = &source.games[g].lines[0];
    let ply = trunk.moves.iter().position(|m| m.span.start > mark.span.start).unwrap_or(trunk.moves.len());
    let mut pos = Position::initial();
    for node in trunk.moves.iter().take(ply) {
        match draughts::resolve(&pos, &node.squares) {
            Ok(mv) => pos = pos.play(&mv),
            Err(_) => break,
        }
    }
    Some((pos, g, ply))
}

/// Read column `col` from `start`: its moves, the marks checked, the move
/// change checked, its stated result and its opening mark kept.
fn read_column(text: &str, col: usize, table: &Table, columns: &Columns, start: &Position, diagnostics_out: &mut Vec<Diagnostic>) -> (Line, MarkCheck, MoveChange) {
    let (mut line, diagnostics, marks) = read_tokens(text, &columns.tokens[col], start, &ReadOptions::default());
    diagnostics_out.extend(diagnostics);
    let (change, disagreement) = check_move_change(start, &line);
    diagnostics_out.extend(disagreement);
    if let Some(cell) = &table.results[col] {
        let (result, _) = stated_result(cell.text.trim(), cell.span.start + (cell.text.len() - cell.text.trim_start().len()));
        line.stated_result = result;
    }
    if let Some(t) = &columns.opening_marks[col] {
        line.annotations.push(Annotation { kind: AnnotationKind::FootnoteMark, text: t.text.clone(), span: t.span });
    }
    (line, marks, change)
}

/// What a column came to, for the report.
fn column_report(name: &str, tokens: &[Token], line: &Line, marks: MarkCheck, change: MoveChange, branch: Option<(String, usize)>) -> SpecimenReport {
    let printed = tokens.iter().filter(|t| t.kind == TokenKind::Number && t.text.len() == 2).count().div_ceil(2);
    let mut deviations = Vec::new();
    if let Some(u) = &line.unread {
        deviations.push(format!("unread {:?}: no legal move reads like it", u.raw));
    }
    for node in line.moves.iter().filter(|m| m.repair.is_some()) {
        deviations.push(format!("{:?} read as {}", node.printed, node.text));
    }
    SpecimenReport {
        column: name.to_string(),
        printed,
        legal: line.moves.len(),
        repaired: line.moves.iter().filter(|m| m.repair.is_some()).count(),
        status: line.status,
        marks,
        move_change: Some(change),
        branch,
        deviations,
    }
}

/// Put a column's line in the tree: a variation under its game's trunk at
/// `(game, ply)` (the marked move annotated), else a new game with its
/// footnote. Returns the game it went to.
fn attach_column(source: &mut Source, mut line: Line, col: usize, table: &Table, columns: &Columns, branch: Option<(usize, usize)>, footnote: Option<(char, &str, Span)>) -> usize {
    let name = &table.names[col];
    if let Some((g, ply)) = branch {
        line.label = name.clone();
        line.parent = Some(0);
        line.branch_ply = ply;
        if let Some((_, _, mark)) = columns.branch_marks.iter().find(|(_, label, _)| label == name)
            && let Some(node) = source.games[g].lines[0].moves.get_mut(ply)
        {
            node.annotations.push(Annotation { kind: AnnotationKind::VariationMark, text: mark.text.clone(), span: mark.span });
        }
        source.games[g].span = source.games[g].span.join(line.span);
        source.games[g].lines.push(line);
        return g;
    }
    let mut tags = Vec::new();
    if let Some((symbol, note, span)) = footnote {
        tags.push(("Footnote".to_string(), format!("{symbol} {note}")));
        line.annotations.push(Annotation { kind: AnnotationKind::CrossReference, text: note.to_string(), span });
    }
    let span = line.span.join(table.header[col].span);
    source.games.push(Game {
        name: name.clone(),
        tags,
        start: crate::tree::Start::Draughts(Position::initial().setup()),
        lines: vec![line],
        span,
        ..Game::default()
    });
    source.games.len() - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_past_the_most_rows_is_read_to_them_and_the_rest_kept() {
        let head = "SPECIMENS IN ACCORDANCE WITH THE NATURAL SYSTEM.\n\nTEST GAME.\n";
        let rows = "73 84\n46 55\n".repeat(super::super::MAX_ROWS / 2);
        let text = format!("{head}{rows}62 73\n37 46\n");
        let heading = HEADING.find(&text).map(|m| Span::new(m.start(), m.end())).expect("a heading");
        let mut source = Source::default();
        let table = read_table(&text, heading, &mut source).expect("a table");
        assert_eq!(table.body.len(), super::super::MAX_ROWS);
        assert_eq!(table.end, head.len() + rows.len() - 1, "the table ends before the first row not read");
        let codes: Vec<Code> = source.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(codes, [Code::PatersonGameTooLong]);
        assert_eq!(source.diagnostics[0].span.slice(&text), "62 73");
        let read = read_paterson_specimens("t", &text);
        assert!(crate::tree::coverage::coverage(&read, text.as_bytes()).is_lossless(), "the rows not read are kept");
    }
}
