//! Turning a decoder's output into a tree line and its diagnostics.

use super::{Decoded, Spelling, StopReason};
use crate::diagnostic::{Code, Diagnostic};
use crate::tree::{Annotation, AnnotationKind, LineStatus, MoveNode, Reading, Repair, Unread};

/// What one decoded line becomes in the tree.
pub struct LineReading<P> {
    pub moves: Vec<MoveNode>,
    pub unread: Option<Unread>,
    /// At an ambiguous stop, the legal moves its text reads as.
    pub readings: Vec<Reading>,
    pub status: LineStatus,
    pub diagnostics: Vec<Diagnostic>,
    /// Text kept beside the moves (trailing specks).
    pub annotations: Vec<Annotation>,
    /// The position after the last move read.
    pub end: P,
}

/// Build tree moves, status and diagnostics. `describe` gives a move's canonical
/// text and squares in the position it is played from.
pub fn build_line<G: Spelling>(
    game: &G,
    start: &G::Position,
    text: &str,
    decoded: &Decoded<G::Move>,
    describe: impl Fn(&G::Position, &G::Move) -> (String, Vec<u8>),
) -> LineReading<G::Position> {
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(decoded.moves.len());
    let mut diagnostics = Vec::new();
    for d in &decoded.moves {
        let (canonical, squares) = describe(&pos, &d.mv);
        let printed = d.span.slice(text).to_string();
        let repair = (!d.edits.is_empty()).then(|| Repair { edits: d.edits.clone(), cost: d.cost, confidence: d.confidence });
        if let Some(r) = &repair {
            let what: Vec<String> = r
                .edits
                .iter()
                .map(|e| if e.to.is_empty() { format!("{:?} passed over ({})", e.from, e.kind) } else { format!("{:?} as {} ({})", e.from, e.to, e.kind) })
                .collect();
            let span = r.edits.iter().map(|e| e.span).fold(d.span, |a, b| a.join(b));
            diagnostics.push(
                Diagnostic::warning(Code::RepairMoveRepaired, format!("read {printed:?} as {canonical}"), span)
                    .with_label(format!("{}; confidence {:.2}", what.join(", "), d.confidence)),
            );
        }
        moves.push(MoveNode { text: canonical, squares, span: d.span, printed, repair: repair.map(Box::new), annotations: Vec::new(), origin: Default::default(), go: None });
        pos = game.play(&pos, &d.mv);
    }
    let unread = decoded.stop.as_ref().map(|s| Unread { raw: s.span.slice(text).to_string(), span: s.span });
    let mut annotations = Vec::new();
    let mut readings = Vec::new();
    for &span in &decoded.trailing_junk {
        annotations.push(Annotation { kind: AnnotationKind::Junk, text: span.slice(text).to_string(), span });
        diagnostics.push(Diagnostic::note(Code::RepairTrailingJunk, "a speck after the last move, kept as an annotation", span).with_label("not a move"));
    }
    if let Some(stop) = &decoded.stop {
        let mut legal: Vec<String> = game.legal_moves(&pos).iter().map(|m| describe(&pos, m).0).collect();
        legal.sort_by_key(|t| t.split(|c: char| !c.is_ascii_digit()).map(|n| n.parse::<u32>().unwrap_or(0)).collect::<Vec<_>>());
        let (code, message, help) = match &stop.reason {
            StopReason::NoLegalReading => (
                Code::RepairNoLegalReading,
                "the line stops here: no legal move reads like this text".to_string(),
                format!("legal moves here: {}", legal.join(" ")),
            ),
            StopReason::Ambiguous { readings: spelled } => {
                // Each spelling back to the legal move it spells, so a report can draw it.
                for m in game.legal_moves(&pos) {
                    if game.spellings(&pos, &m).iter().any(|s| spelled.contains(s)) {
                        let (text, squares) = describe(&pos, &m);
                        readings.push(Reading { text, squares });
                    }
                }
                let rs: Vec<String> = spelled.iter().map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join("-")).collect();
                (
                    Code::RepairAmbiguous,
                    "the line stops here: the text reads about equally well as different moves".to_string(),
                    format!("possible readings: {}", rs.join(", ")),
                )
            }
            StopReason::GameOver => (
                Code::RepairAfterGameEnd,
                "text continues after the game is over (the side to move has no legal move)".to_string(),
                "the moves before may be misread, or this text is not part of the game".to_string(),
            ),
        };
        diagnostics.push(Diagnostic::error(code, message, stop.span).with_label("not read; kept as unread text").with_help(help));
    }
    let status = match (&decoded.stop, moves.iter().any(|m| m.repair.is_some())) {
        (Some(_), _) if moves.is_empty() => LineStatus::Unreadable,
        (Some(_), _) => LineStatus::Partial,
        (None, true) => LineStatus::Repaired,
        (None, false) => LineStatus::Legal,
    };
    LineReading { moves, unread, readings, status, diagnostics, annotations, end: pos }
}
