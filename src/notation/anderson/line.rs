//! A placed column made a line: the decoder's reading put in the tree with
//! its placement, result, signs and notes; and the cut a line takes when a
//! mend is refused or only the stretch read as printed is kept.

use super::column::Decoded;
use super::layout::{cell_marker, Cell, Column};
use super::placement::{Placed, Placement};
use super::prose;
use crate::diagnostic::Diagnostic;
use crate::text::draughts as draughts_text;
use crate::rules::draughts::{resolve, Position};
use crate::span::Span;
use crate::tree::{Annotation, AnnotationKind, EditKind, Line, LineOrigin, LineStatus, MoveNode, StatedResult, Unread};

/// Make column `id` a line from the decoder's reading from `start_pos`
/// (`None`: the column has no tokens), placed as `placement`; `index` is
/// where the line stands in the game.
#[allow(clippy::too_many_arguments)]
pub(super) fn read_column(text: &str, number: usize, id: u32, column: &Column, decoded: Option<Decoded>, placement: Placement, start_pos: Position, index: usize) -> (Line, Vec<Diagnostic>, Placed) {
    let span = column.span(Span::new(0, 0));
    let unreadable = decoded.is_none();
    let (mut line, mut diagnostics) = decoded.map_or_else(|| (Line::trunk(), Vec::new()), |d| (d.0.clone(), d.1.clone()));
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
    line.label = if id == 0 { "trunk".to_string() } else { id.to_string() };
    line.span = span;
    match &placement {
        Placement::Trunk => {}
        Placement::Marked { parent, ply } | Placement::Matched { parent, ply } => {
            line.parent = Some(*parent);
            line.branch_ply = *ply;
        }
        Placement::Resumed { .. } | Placement::RestInferred { .. } | Placement::Inferred { .. } => line.start = Some(crate::tree::Start::Draughts(start_pos.setup())),
    }
    // A rest's origin names the line it continues, which only the resuming stage knows.
    line.origin = match &placement {
        Placement::Matched { .. } => LineOrigin::Matched,
        Placement::Inferred { .. } => LineOrigin::InferredStart,
        _ => LineOrigin::Printed,
    };
    diagnostics.extend(prose::placement(&placement, number, id, span));
    if unreadable {
        line.status = LineStatus::Unreadable;
    }
    if let Some(cell) = &column.result {
        let (result, _) = draughts_text::stated_result(cell.text.trim_end(), cell.span.start);
        line.stated_result = result.or_else(|| ocr_result(cell));
        if let Some(r) = &line.stated_result {
            diagnostics.extend(draughts_text::check_result(&start_pos, &line, r));
        }
    }
    annotate(text, column, &mut line);
    if column.flattened && line.status != LineStatus::Legal {
        diagnostics.push(prose::flattened(number, &line.label, span));
    }
    let placed = positions_passed(&line, start_pos, index);
    (line, diagnostics, placed)
}

/// Stars and `s` signs go to the move they stand in front of, when it was
/// read; the notes under the column to the line.
fn annotate(text: &str, column: &Column, line: &mut Line) {
    for cell in &column.cells {
        let Some((kind, span)) = cell_marker(cell) else { continue };
        if let Some(m) = line.moves.iter_mut().find(|m| m.span.start >= span.end && m.span.start < cell.span.end) {
            m.annotations.push(Annotation { kind, text: span.slice(text).to_string(), span });
        }
    }
    for note in &column.notes {
        line.annotations.push(Annotation { kind: AnnotationKind::Note, text: note.text.trim().to_string(), span: note.span });
    }
}

/// The positions before each of the line's moves and after the last.
fn positions_passed(line: &Line, start_pos: Position, index: usize) -> Placed {
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
    Placed { index, base: line.branch_ply, positions, spans, grounded: false }
}

/// On a board partly guessed (an inferred start, or a line branching from
/// one), the rules cannot make a mend certain: the squares they would rule on
/// may be wrong. The line keeps what it read as printed (or with a slight
/// edit: specks, stray numbers, repeats, letters for digits, a cut edge) and
/// stops at the first move it could read only by mending; the rest stays
/// unread, where a later gap may resume it.
pub(super) fn refuse_mends_on_a_guessed_board(text: &str, number: usize, column: &Column, line: &mut Line, diagnostics: &mut Vec<Diagnostic>, placed: &mut Placed) {
    let keep = read_as_printed(line);
    let Some(refused) = line.moves.get(keep) else { return };
    if let Some(head_end) = clean_head(refused) {
        keep_clean_head(text, number, column, line, diagnostics, placed, keep, head_end);
        return;
    }
    // A star or `s` sign in front of the move goes unread with it.
    let cut = refused.annotations.iter().map(|a| a.span.start).fold(refused.span.start, usize::min);
    let refusal = prose::mend_refused(number, &line.label, refused);
    cut_line(text, column, line, diagnostics, placed, keep, cut);
    diagnostics.push(refusal);
}

/// Where a mended move is printed cleanly in its own cell: the byte its
/// from and to squares end at, when its text opens with exactly those two
/// numbers (spaces between) and the cell ends there. The mend then lies only
/// in the text after the cell (the next cell's garbage read with it): the
/// move itself is what the book prints, and legal, since the decoder played it.
pub(super) fn clean_head(m: &MoveNode) -> Option<usize> {
    m.repair.as_ref()?;
    let (from, to) = (m.squares.first()?, m.squares.last()?);
    let printed = m.printed.as_str();
    let digits = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let from_len = digits(printed);
    let after_from = &printed[from_len..];
    let spaces = after_from.len() - after_from.trim_start_matches(' ').len();
    let to_text = &after_from[spaces..];
    let to_len = digits(to_text);
    let cell_ends = to_text[to_len..].starts_with(['\t', '\n', '\r']);
    let spelled = printed[..from_len] == from.to_string() && to_text[..to_len] == to.to_string();
    (spelled && spaces > 0 && cell_ends).then_some(m.span.start + from_len + spaces + to_len)
}

/// The move at `at`, mended only in the text after its clean cell (see
/// [`clean_head`]), is kept as printed and the line stops after it: what
/// follows stays unread, as any refused mend does.
#[allow(clippy::too_many_arguments)]
fn keep_clean_head(text: &str, number: usize, column: &Column, line: &mut Line, diagnostics: &mut Vec<Diagnostic>, placed: &mut Placed, at: usize, head_end: usize) {
    let kept = &mut line.moves[at];
    let garbled = Span::new(head_end, kept.span.end);
    kept.span = Span::new(kept.span.start, head_end);
    kept.printed = kept.span.slice(text).to_string();
    kept.repair = None;
    // The column's own cells the decoder read with the move, not the other columns' text between.
    let cells: Vec<&str> = column.cells.iter().filter(|c| c.span.end > head_end && c.span.start < garbled.end).map(|c| text[c.span.start.max(head_end)..c.span.end].trim()).filter(|t| !t.is_empty()).collect();
    let note = prose::clean_move_kept(number, &line.label, kept, &cells.join(" / "));
    let start = kept.span.start;
    cut_line(text, column, line, diagnostics, placed, at + 1, head_end);
    placed.spans[at] = line.moves[at].span;
    // The decoder's repair of the move no longer holds: the move is read as printed.
    diagnostics.retain(|d| !(d.code.namespace() == "repair" && d.span.start >= start));
    diagnostics.push(note);
}

/// Keep a line's first `keep` moves; the column's own text from byte `cut`
/// on becomes its unread rest. What the decoder said of the moves not kept,
/// and of how the line ends, no longer holds.
pub(super) fn cut_line(text: &str, column: &Column, line: &mut Line, diagnostics: &mut Vec<Diagnostic>, placed: &mut Placed, keep: usize, cut: usize) {
    let end = column.cells.last().map_or(cut, |c| c.span.end).max(cut);
    line.moves.truncate(keep);
    placed.positions.truncate(keep + 1);
    placed.spans.truncate(keep);
    line.unread = Some(Unread { raw: column.own_text(text, Span::new(cut, end)), span: Span::new(cut, end) });
    line.status = if keep == 0 { LineStatus::Unreadable } else { LineStatus::Partial };
    line.readings.clear();
    diagnostics.retain(|d| !(d.code.namespace() == "repair" && d.span.start >= cut || d.code.namespace() == "result"));
}

/// How many moves a line reads before the first one mended beyond passing
/// over specks, stray numbers and repeats or reading letters as digits: past
/// a gap only such a stretch is evidence, not a mended one.
pub(super) fn read_as_printed(line: &Line) -> usize {
    line.moves.iter().take_while(|m| read_as_printed_move(m)).count()
}

pub(super) fn read_as_printed_move(m: &MoveNode) -> bool {
    m.repair.as_ref().is_none_or(|r| r.edits.iter().all(|e| is_slight(e.kind)))
}

/// An edit that still leaves a move read as printed: text passed over, a
/// letter for the digit it stands for, a number cut at the page's edge.
pub(super) fn is_slight(kind: EditKind) -> bool {
    const SLIGHT: [EditKind; 5] = [EditKind::JunkSkipped, EditKind::StrayNumberSkipped, EditKind::RepeatSkipped, EditKind::LetterForDigit, EditKind::CutAtEdge];
    SLIGHT.contains(&kind)
}

/// A result the OCR garbled beyond the strict pattern: `Diawil.` is drawn, `WIIIS.` wins for someone unknown.
fn ocr_result(cell: &Cell) -> Option<StatedResult> {
    use crate::tree::Outcome;
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

#[cfg(test)]
mod tests {
    use super::super::layout::parse_layout;
    use super::*;

    #[test]
    fn garbled_results_are_kept() {
        let cell = Cell { text: "Diawil.".into(), span: Span::new(0, 7), tokens: Vec::new() };
        assert_eq!(ocr_result(&cell).map(|r| r.outcome), Some(crate::tree::Outcome::Draw));
    }

    #[test]
    fn a_clean_head_is_the_move_spelled_alone_in_its_cell() {
        let mended = |printed: &str, squares: Vec<u8>| MoveNode {
            text: String::new(),
            squares,
            span: Span::new(100, 100 + printed.len()),
            printed: printed.to_string(),
            repair: Some(Box::new(crate::tree::Repair { edits: Vec::new(), cost: 2.4, confidence: 0.5 })),
            annotations: Vec::new(),
            origin: Default::default(),
            go: None,
        };
        assert_eq!(clean_head(&mended("2 9\t9 6\t3\n21 25\t2", vec![2, 9])), Some(103));
        assert_eq!(clean_head(&mended("22 26\t22 31\n0", vec![22, 26])), Some(105));
        // The cell goes on (`2 9 2`), the squares differ, or the move was not mended: no.
        assert_eq!(clean_head(&mended("2 9 2\t0", vec![2, 9])), None);
        assert_eq!(clean_head(&mended("2 0\t9", vec![2, 9])), None);
        assert_eq!(clean_head(&mended("29\t9", vec![2, 9])), None);
        let mut printed = mended("2 9\t0", vec![2, 9]);
        printed.repair = None;
        assert_eq!(clean_head(&printed), None);
    }

    #[test]
    fn a_cut_line_keeps_its_moves_before_the_cut_and_its_own_cells_after() {
        let page = "GAME.\t1\n11 15\t9 14\n23 19\t22 18\n8 11\t5 9\n22 17\t18 15\nDrawn.\tDrawn.\n";
        let (layouts, _) = parse_layout(page);
        let column = &layouts[0].columns[&0];
        let decoded = std::rc::Rc::new(draughts_text::read_tokens(page, &column.cells.iter().flat_map(|c| c.tokens.clone()).collect::<Vec<_>>(), &Position::initial(), &Default::default()));
        let (mut line, mut diags, mut placed) = read_column(page, 1, 0, column, Some(decoded), Placement::Trunk, Position::initial(), 0);
        assert_eq!((line.moves.len(), placed.positions.len()), (4, 5));
        assert!(line.stated_result.is_some());
        let cut = column.cells[2].span.start;
        cut_line(page, column, &mut line, &mut diags, &mut placed, 2, cut);
        assert_eq!((line.moves.len(), placed.positions.len(), line.status), (2, 3, LineStatus::Partial));
        assert_eq!(line.unread.as_ref().map(|u| u.raw.as_str()), Some("8 11 / 22 17"), "not the other column's cells between");
    }
}
