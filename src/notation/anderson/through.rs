//! A garbled move read through by the printed moves after it: where a line
//! stops on a known board at a move whose text no legal move reads as
//! clearly, and exactly one legal move there lets the printed moves after it
//! read (every other leaves the next printed move illegal), that move is the
//! rules' reading of the garbled text, if the text reads as it no worse than
//! as any other legal move.
//!
//! The printed moves after it must read as printed, at least
//! [`MIN_CONFIRMING`] of them; one unreadable printed pair may lie between
//! them (a run-together row mixes other text in). Those after the passed-over
//! pair are only evidence: the line reads on as far as the moves right after
//! the garbled one read.

use super::column::ColumnWork;
use super::line::read_as_printed;
use crate::diagnostic::{Code, Diagnostic};
use crate::repair::{CostModel, Token, TokenKind};
use crate::rules::draughts::{resolve, Move, Position};
use crate::span::Span;
use crate::text::draughts as draughts_text;
use crate::tree::{Edit, EditKind, Line, MoveNode, Repair};

/// The printed moves after the garbled one that must read for it to be read.
pub(super) const MIN_CONFIRMING: usize = 2;
/// As a bridged ply: the rules' only choice, not what the text spells, so `fix` never writes it.
const THROUGH_CONFIDENCE: f64 = 0.5;
/// What the reconstructed move costs in the repair log.
const THROUGH_COST: f64 = 10.0;

/// The garbled move's text: the cell the stop is in (from the stop), or in a
/// run-together column the next two numbers; and the byte the rest starts at.
pub(super) fn garbled_stretch(work: &ColumnWork, stop: usize) -> Option<(Vec<Token>, usize)> {
    let rest = work.tokens_from(stop);
    let end = if work.column.flattened {
        rest.iter().filter(|t| t.kind == TokenKind::Number).nth(1)?.span.end
    } else {
        work.column.cells.iter().find(|c| c.span.end > stop)?.span.end
    };
    let garbled: Vec<Token> = rest.iter().take_while(|t| t.span.end <= end).cloned().collect();
    let from = rest.iter().find(|t| t.span.start >= end)?.span.start;
    (garbled.iter().filter(|t| t.kind == TokenKind::Number).count() == 2).then_some((garbled, from))
}

/// What reading the garbled text as `mv` costs: its two numbers as the move's from and to squares.
fn text_cost(cost: &CostModel, garbled: &[Token], squares: &[u8]) -> f64 {
    let numbers: Vec<&Token> = garbled.iter().filter(|t| t.kind == TokenKind::Number).collect();
    let (Some(from), Some(to)) = (squares.first(), squares.last()) else { return f64::INFINITY };
    cost.read_as(numbers[0].text.as_bytes(), from.to_string().as_bytes()) + cost.read_as(numbers[1].text.as_bytes(), to.to_string().as_bytes())
}

/// How the printed moves after a candidate read: those right after it (the
/// line reads on with them) and all the moves confirming it (a passed-over
/// pair allowed).
struct Confirmation {
    next: Line,
    moves: Vec<String>,
    passed_over: Option<String>,
}

/// The byte after the next two number tokens from `at`, and their text.
fn past_a_pair(work: &ColumnWork, at: usize) -> Option<(usize, String)> {
    let rest = work.tokens_from(at);
    let second = rest.iter().filter(|t| t.kind == TokenKind::Number).nth(1)?;
    let pair: Vec<&str> = rest.iter().take_while(|t| t.span.end <= second.span.end).filter(|t| t.kind == TokenKind::Number).map(|t| t.text.as_str()).collect();
    let next = rest.iter().find(|t| t.span.start >= second.span.end)?.span.start;
    Some((next, pair.join(" ")))
}

/// The printed moves after `from` read from `pos`, and past one unreadable pair.
fn confirm(text: &str, work: &ColumnWork, from: usize, pos: &Position) -> Confirmation {
    let decoded = work.decode(text, from, pos);
    let mut next = decoded.0.clone();
    let exact = read_as_printed(&next);
    let mut moves: Vec<String> = next.moves.iter().take(exact).map(|m| m.text.clone()).collect();
    let mut passed_over = None;
    let stop = next.moves.get(exact).map(|m| m.span.start).or(next.unread.as_ref().map(|u| u.span.start));
    if exact > 0
        && let Some(stop) = stop
        && let Some((resume, pair)) = past_a_pair(work, stop)
    {
        let mut at = *pos;
        for m in next.moves.iter().take(exact) {
            if let Ok(mv) = resolve(&at, &m.squares) {
                at = at.play(&mv);
            }
        }
        let further = work.decode(text, resume, &at);
        let more = read_as_printed(&further.0);
        if more > 0 {
            moves.extend(further.0.moves.iter().take(more).map(|m| m.text.clone()));
            passed_over = Some(pair);
        }
    }
    next.moves.truncate(exact);
    Confirmation { next, moves, passed_over }
}

/// What the rules found at a garbled move: the one legal move the printed moves after it confirm.
pub(super) struct Through {
    pub node: MoveNode,
    pub after: Position,
    /// The byte the rest is read from.
    pub from: usize,
    pub warning: Diagnostic,
}

/// The one legal move at `at` the printed moves after the garbled text at
/// `stop` confirm, if the rules leave exactly one; `label`, `number` and
/// `read` name it in the warning.
pub(super) fn read_through(text: &str, number: usize, label: &str, read: usize, work: &ColumnWork, stop: usize, at: &Position) -> Option<Through> {
    let (garbled, from) = garbled_stretch(work, stop)?;
    let legal = at.legal_moves();
    if legal.len() < 2 {
        return None;
    }
    let cost = work.column.cost_model();
    let costs: Vec<f64> = legal.iter().map(|m| text_cost(&cost, &garbled, &m.squares())).collect();
    let cheapest = costs.iter().copied().fold(f64::INFINITY, f64::min);
    let mut confirmed: Vec<(usize, Confirmation)> = Vec::new();
    for (k, mv) in legal.iter().enumerate() {
        let pos = at.play(mv);
        let found = confirm(text, work, from, &pos);
        // A rival reads on if anything after the garbled text reads, even past one more pair.
        let rival = !found.moves.is_empty() || past_a_pair(work, from).is_some_and(|(next, _)| read_as_printed(&work.decode(text, next, &pos).0) > 0);
        if rival {
            confirmed.push((k, found));
        }
    }
    let [(k, found)] = confirmed.as_slice() else { return None };
    let mv: &Move = &legal[*k];
    if found.moves.len() < MIN_CONFIRMING || found.next.moves.is_empty() || costs[*k] > cheapest {
        return None;
    }
    let span = garbled.first()?.span.join(garbled.last()?.span);
    let printed = span.slice(text).to_string();
    let (mtext, squares) = draughts_text::describe(at, mv);
    let edit = Edit { span, from: printed.clone(), to: mtext.clone(), kind: EditKind::Reconstructed, cost: THROUGH_COST };
    let node = MoveNode { text: mtext.clone(), squares, span, printed: printed.clone(), repair: Some(Box::new(Repair { edits: vec![edit], cost: THROUGH_COST, confidence: THROUGH_CONFIDENCE })), ..MoveNode::default() };
    let warning = warning(number, label, read, &printed, &mtext, legal.len(), found, span);
    Some(Through { node, after: at.play(mv), from, warning })
}

/// The warning a move read through garbled text carries, with the evidence.
#[allow(clippy::too_many_arguments)]
fn warning(number: usize, label: &str, read: usize, printed: &str, chosen: &str, legal: usize, found: &Confirmation, span: Span) -> Diagnostic {
    let next: Vec<&str> = found.next.moves.iter().map(|m| m.text.as_str()).collect();
    let further = &found.moves[next.len()..];
    let past = match (&found.passed_over, further.is_empty()) {
        (Some(pair), false) => format!(", and past the unreadable `{pair}` the printed {} ({} more)", further.iter().take(6).cloned().collect::<Vec<_>>().join(" "), further.len()),
        _ => String::new(),
    };
    Diagnostic::warning(
        Code::AndersonBridged,
        format!(
            "column {label} of game {number}: move {} read through the garbled `{printed}` as {chosen}: of the {legal} legal moves, only after {chosen} does the printed {} read ({} as printed){past}; after every other the next printed move is not legal, and the text reads as {chosen} no worse than as any other",
            read + 1,
            next.join(" "),
            next.len()
        ),
        span,
    )
    .with_label(format!("read as {chosen}"))
    .with_help("certain by the rules: no other legal move lets the printed moves after it read; the move is logged as reconstructed")
}

/// Keep the decoder's stop and its readings out: the line now reads on past it.
pub(super) fn stop_diagnostics_gone(diagnostics: &mut Vec<Diagnostic>, stop: usize, end: usize) {
    diagnostics.retain(|d| !(d.span.start >= stop && d.span.start < end.max(stop + 1) && d.code.namespace() == "repair"));
}

#[cfg(test)]
mod tests {
    use super::super::layout::parse_layout;
    use super::*;

    /// The Second-Double Corner's trunk as the OCR ran it together: `22 194`
    /// after 11-15 is garbled, and of White's 7 legal moves only 24-19 lets
    /// the printed `15 24` (15x24) and, past `16 29`, `28 19` (28x19) read.
    #[test]
    fn a_garbled_move_the_next_printed_moves_confirm_is_read_through() {
        let page = "GAME.\t1\n11 15 22 194 15 24 16 29 28 19 28 19 22 18 23 18 11 16 1 18 14 3 14 12 12 12 12 12 14 12 12 12 12 14 12\t\nDrawn.\t\n";
        let (layouts, _) = parse_layout(page);
        let layout = &layouts[0];
        let work = ColumnWork::new(layout, &layout.columns[&0]);
        let at = Position::initial().play(&resolve(&Position::initial(), &[11, 15]).expect("legal"));
        let stop = page.find("22 194").expect("printed");
        let through = read_through(page, 15, "trunk", 1, &work, stop, &at).expect("read through");
        assert_eq!(through.node.text, "24-19");
        assert_eq!(through.node.printed, "22 194");
        assert_eq!(through.from, page.find("15 24").expect("printed"));
        let message = &through.warning.message;
        assert!(message.contains("the printed 15x24 read (1 as printed), and past the unreadable `16 29` the printed 28x19"), "{message}");
    }

    /// The same text with `15 24` taken away: nothing after the garbled move confirms it.
    #[test]
    fn a_garbled_move_nothing_confirms_is_not_read() {
        let page = "GAME.\t1\n11 15 22 194 16 29 22 18 23 18 11 16 1 18 14 3 14 12\t\nDrawn.\t\n";
        let (layouts, _) = parse_layout(page);
        let layout = &layouts[0];
        let work = ColumnWork::new(layout, &layout.columns[&0]);
        let at = Position::initial().play(&resolve(&Position::initial(), &[11, 15]).expect("legal"));
        assert!(read_through(page, 15, "trunk", 1, &work, page.find("22 194").expect("printed"), &at).is_none());
    }
}
