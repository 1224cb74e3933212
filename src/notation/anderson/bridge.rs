//! Bridging a gap inside a column: where a row was lost (or its cells are
//! garbled) and exactly one sequence of up to two plies lets the rest of the
//! column read as printed, those plies are the rules' reading of the gap, so
//! the column is read on as one line instead of stopping and resuming as a
//! second piece.
//!
//! The search is the resume stage's ([`super::resume`]): every gap of up to
//! two plies and two passed-over cells, each rest decoded once. This file only
//! turns a certain gap into moves of the line, and words what was bridged and
//! what was not.

use crate::diagnostic::{Code, Diagnostic};
use crate::rules::draughts::Position;
use crate::span::Span;
use crate::text::draughts as draughts_text;
use crate::tree::{Edit, EditKind, Line, MoveNode, Repair};

/// What a bridged ply costs in the repair log: as much as a move may cost.
const BRIDGE_COST: f64 = 10.0;
/// A bridged ply is the rules' only choice, but no printed text spells it:
/// below `fix`'s threshold, so no text is ever written for it.
const BRIDGE_CONFIDENCE: f64 = 0.5;
/// Forced plies read through in a row, at most.
pub(super) const MAX_FORCED: usize = 2;
/// Rival bridges listed in a note, at most.
const MAX_LISTED: usize = 8;

/// The plies that bridge a gap, as moves of the line: each played from
/// `at` on, spanning the passed-over text `gap` (empty for a lost row).
/// `None` if a ply text is not a legal move (it always is: it came from the rules).
pub(super) fn bridged_moves(at: &Position, lost: &[String], gap: Span, gap_text: &str) -> Option<(Vec<MoveNode>, Vec<Position>)> {
    let mut pos = *at;
    let mut moves = Vec::new();
    let mut passed = Vec::new();
    for ply in lost {
        let mv = pos.legal_moves().into_iter().find(|m| draughts_text::describe(&pos, m).0 == *ply)?;
        let (text, squares) = draughts_text::describe(&pos, &mv);
        let edit = Edit { span: gap, from: gap_text.to_string(), to: text.clone(), kind: EditKind::Reconstructed, cost: BRIDGE_COST };
        moves.push(MoveNode {
            text,
            squares,
            span: gap,
            printed: gap_text.to_string(),
            repair: Some(Box::new(Repair { edits: vec![edit], cost: BRIDGE_COST, confidence: BRIDGE_CONFIDENCE })),
            ..MoveNode::default()
        });
        pos = pos.play(&mv);
        passed.push(pos);
    }
    Some((moves, passed))
}

/// Join the rest of a column, read after the bridged plies, onto the line that stopped.
pub(super) fn join_rest(line: &mut Line, bridged: Vec<MoveNode>, rest: Line) {
    line.moves.extend(bridged);
    line.moves.extend(rest.moves);
    line.unread = rest.unread;
    line.readings = rest.readings;
    line.refused = rest.refused;
    line.stated_result = rest.stated_result;
    line.annotations.extend(rest.annotations);
    line.span = line.span.join(rest.span);
    line.status = match (&line.unread, line.moves.iter().any(|m| m.repair.is_some())) {
        (Some(_), _) if line.moves.is_empty() => crate::tree::LineStatus::Unreadable,
        (Some(_), _) => crate::tree::LineStatus::Partial,
        (None, true) => crate::tree::LineStatus::Repaired,
        (None, false) => crate::tree::LineStatus::Legal,
    };
}

/// The warning a bridge carries: the plies, where, and the evidence.
pub(super) fn bridged(number: usize, label: &str, after: usize, lost: &[String], gap_text: &str, evidence: &[String], legal: usize, span: Span) -> Diagnostic {
    let plies = lost.join(" ");
    let what = if gap_text.is_empty() { "a lost row".to_string() } else { format!("the garbled `{gap_text}`") };
    let only = if lost.len() == 1 { format!("of the {legal} legal moves, {plies} is the only one") } else { format!("{plies} are the only two plies") };
    Diagnostic::warning(
        Code::AndersonBridged,
        format!(
            "column {label} of game {number}: bridged {what} after move {after}: {only} after which the printed {} ... read on ({} moves as printed)",
            evidence.iter().take(6).cloned().collect::<Vec<_>>().join(" "),
            evidence.len()
        ),
        span,
    )
    .with_label(if gap_text.is_empty() { format!("lost here: {plies}") } else { format!("read as {plies}") })
    .with_help("certain by the rules: from every other sequence of up to two plies the printed rest does not read on; the bridged moves are logged as reconstructed")
}

/// The warning forced plies read through a garbled stretch carry.
pub(super) fn forced(number: usize, label: &str, after: usize, forced: &[String], confirmed: &[String], printed_after: usize, span: Span) -> Diagnostic {
    let only = match forced {
        [one] => format!("{one} is the only legal move"),
        [first, second] => format!("{first} is the only legal move, and after it {second} the only reply"),
        _ => forced.join(" "),
    };
    let evidence = if confirmed.is_empty() {
        format!("the column prints {printed_after} more moves, so the game went on; the text after them still does not read")
    } else {
        format!("the printed {} then reads on ({} moves as printed)", confirmed.iter().take(6).cloned().collect::<Vec<_>>().join(" "), confirmed.len())
    };
    Diagnostic::warning(Code::AndersonBridged, format!("column {label} of game {number}: read through the garbled text after move {after}: {only}; {evidence}"), span)
        .with_label(format!("forced: {}", forced.join(" ")))
        .with_help("certain by the rules: the side to move had no other move; the forced moves are logged as reconstructed")
}

/// The note a gap carries that several sequences bridge: none is taken.
pub(super) fn not_bridged(number: usize, label: &str, after: usize, rivals: &[Vec<String>], span: Span) -> Diagnostic {
    let listed: Vec<String> = rivals.iter().take(MAX_LISTED).map(|r| if r.is_empty() { "(no ply)".to_string() } else { r.join(" ") }).collect();
    let more = if rivals.len() > MAX_LISTED { format!(" and {} more", rivals.len() - MAX_LISTED) } else { String::new() };
    Diagnostic::note(
        Code::AndersonNotBridged,
        format!("column {label} of game {number}: the gap after move {after} is not bridged: {} readings of it let the rest read on: {}{more}", rivals.len(), listed.join("; ")),
        span,
    )
    .with_label("not bridged: the rules leave more than one reading")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::draughts::resolve;

    #[test]
    fn a_bridged_ply_is_a_reconstructed_move_over_the_gap() {
        let start = Position::initial().play(&resolve(&Position::initial(), &[11, 15]).expect("legal"));
        let (moves, passed) = bridged_moves(&start, &["23-19".to_string()], Span::new(10, 10), "").expect("legal");
        assert_eq!(moves[0].text, "23-19");
        let repair = moves[0].repair.as_ref().expect("logged");
        assert_eq!(repair.edits[0].kind, EditKind::Reconstructed);
        assert!(repair.confidence < 0.95, "never written by `fix`");
        assert_eq!(passed.len(), 1);
        assert!(bridged_moves(&start, &["11-15".to_string()], Span::new(10, 10), "").is_none(), "not Black's move");
    }
}
