//! What the reader says: the diagnostics for how a column was placed,
//! resumed, refused or left unplaced, worded in one place.

use super::placement::Placement;
use crate::diagnostic::{Code, Diagnostic};
use crate::span::Span;
use crate::tree::MoveNode;

/// The note a placement other than by the trunk or a mark carries.
pub(super) fn placement(placement: &Placement, number: usize, id: u32, span: Span) -> Option<Diagnostic> {
    match placement {
        Placement::Trunk | Placement::Marked { .. } => None,
        Placement::Matched { ply, .. } => Some(
            Diagnostic::warning(Code::AndersonPlacedByPosition, format!("variation {id} of game {number}: its mark was not found; its moves fit only the position at ply {ply} of an earlier line"), span)
                .with_label("placed by matching the position"),
        ),
        Placement::Resumed { of, after, lost, skipped, added, others } => Some(resumed(number, of, *after, lost, *skipped, *added, *others, span)),
        Placement::RestInferred { of, after, skipped, fixed, filled } => {
            let passed = if *skipped == 0 { String::new() } else { format!(" after {skipped} unreadable cell(s)") };
            let stops = if *after == 0 { "stops before its first move".to_string() } else { format!("stops after move {after}") };
            Some(
                Diagnostic::warning(
                    Code::AndersonRestInferred,
                    format!(
                        "column {of} of game {number} {stops}; no short gap (two plies, two cells) lets its rest read on with certainty, so the rest{passed} is replayed from the position its own moves imply ({} squares fixed by the moves, {} filled to block a capture the text does not play, the others taken as empty)",
                        fixed.count_ones(),
                        filled.count_ones()
                    ),
                    span,
                )
                .with_label("start inferred, not confirmed")
                .with_help("the moves read after the gap are legal from that position; what was played in the gap is not known"),
            )
        }
        Placement::Inferred { fixed, filled } => Some(
            Diagnostic::warning(
                Code::AndersonInferredStart,
                format!(
                    "variation {id} of game {number}: where it branches could not be read; replayed from the position its own moves imply ({} squares fixed by the moves, {} filled to block a capture the text does not play, the others taken as empty)",
                    fixed.count_ones(),
                    filled.count_ones()
                ),
                span,
            )
            .with_label("start inferred, not confirmed")
            .with_help("the moves are legal from that position; that the book's game reaches it is not checked"),
        ),
    }
}

/// A column's rest read on after a gap: what the gap was and how certain.
#[allow(clippy::too_many_arguments)]
fn resumed(number: usize, of: &str, after: usize, lost: &[String], skipped: usize, added: u32, others: usize, span: Span) -> Diagnostic {
    let plies = if lost.len() == 1 { "one ply" } else { "two plies" };
    let mut gap = match (lost, skipped) {
        ([], 0) => "no gap".to_string(),
        ([], k) => format!("{k} unreadable cell(s) passed over"),
        (l, 0) => format!("{plies} unprinted (a lost row): {}", l.join(" ")),
        (l, k) => format!("{k} unreadable cell(s) read as {plies} not printed legibly: {}", l.join(" ")),
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
    Diagnostic::warning(Code::AndersonResumed, message, span).with_label("read from the position after the gap").with_help(help)
}

/// A move that could be read only by mending, on a board partly guessed.
pub(super) fn mend_refused(number: usize, label: &str, refused: &MoveNode) -> Diagnostic {
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
        "column {label} of game {number}: `{}` would read as {} only by mending it ({}), and the board it stands on is partly inferred, so the rules do not make the mend certain; the line stops here",
        refused.printed.split_whitespace().collect::<Vec<_>>().join(" "),
        refused.text,
        edits.join(", ")
    );
    Diagnostic::warning(Code::AndersonMendRefused, message, refused.span).with_label("not read: a mend on a guessed board").with_help("the rest of the column is kept as unread text")
}

/// A move printed cleanly in its own cell, kept, though the decoder read it
/// with the garbled text after it (a mend refused on a guessed board).
pub(super) fn clean_move_kept(number: usize, label: &str, kept: &MoveNode, garbled: &str) -> Diagnostic {
    let garbled = garbled.split_whitespace().collect::<Vec<_>>().join(" ");
    let message = format!(
        "column {label} of game {number}: `{}` is printed cleanly in its own cell and {} is legal here, so it is kept; the decoder read it only together with the garbled text after it (`{garbled}`), a mend the rules do not make certain on a partly inferred board; the line stops after it",
        kept.printed, kept.text
    );
    Diagnostic::warning(Code::AndersonCleanMoveKept, message, kept.span).with_label("read as printed; the text after it is not").with_help("the rest of the column is kept as unread text")
}

/// A column no mark, match or inference could place.
pub(super) fn no_branch_point(number: usize, id: u32, span: Span) -> Diagnostic {
    Diagnostic::error(Code::AndersonNoBranchPoint, format!("variation {id} of game {number}: no readable move of an earlier column is marked {id}, and its own moves do not fix a position"), span)
        .with_label("column not placed; kept unread")
        .with_help("the mark may be misread, or the column it stands in could not be read that far")
}

/// A run-together column that did not read cleanly.
pub(super) fn flattened(number: usize, label: &str, span: Span) -> Diagnostic {
    Diagnostic::note(Code::AndersonFlattened, format!("column {label} of game {number} is run together in the OCR"), span).with_label("read as one stream")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resumed_note_says_what_the_gap_was() {
        let span = Span::new(0, 1);
        let lost = vec!["3-8".to_string()];
        let d = resumed(3, "trunk", 12, &lost, 0, 0, 0, span);
        assert_eq!(d.message, "column trunk of game 3 stops after move 12; its rest reads on from the one position the rules leave after one ply unprinted (a lost row): 3-8");
        let d = resumed(3, "5", 4, &[], 2, 1 | 1 << 24, 2, span);
        assert!(d.message.contains("2 unreadable cell(s) passed over, with pieces its moves need put on 1, 25"), "{}", d.message);
        assert!(d.message.contains("from 2 other position(s)"));
        assert!(placement(&Placement::Marked { parent: 0, ply: 3 }, 1, 1, span).is_none());
    }
}
