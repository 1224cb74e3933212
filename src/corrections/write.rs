//! What `gamescribe fix` writes: the source's bytes with every certain repair
//! and every applied place correction written in, every other byte as it was.
//! What is not certain enough (a repair below the threshold, a stop where the
//! text reads as several moves, a line that stops) is left and listed.

use crate::span::Span;
use crate::tree::{EditKind, Origin, Source};

/// Repairs at least this confident are written by default: a margin of three
/// cost units over the next reading (`confidence = 1 - e^-margin`).
pub const DEFAULT_MIN_CONFIDENCE: f64 = 0.95;

/// One change to the source's bytes.
#[derive(Clone, Debug, PartialEq)]
pub struct TextEdit {
    /// Bytes of the file on disk replaced.
    pub span: Span,
    pub from: String,
    pub to: String,
    pub why: Why,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Why {
    /// A place entry of the corrections file (its line there).
    Correction { entry_line: usize },
    /// A repair the decoder made (its kind) with this confidence.
    Repair { kind: EditKind, confidence: f64, game: usize, line: String, ply: usize },
}

/// Something `fix` leaves for a person.
#[derive(Clone, Debug, PartialEq)]
pub struct Left {
    pub span: Span,
    pub what: String,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    pub edits: Vec<TextEdit>,
    pub left: Vec<Left>,
    /// Structure entries of the corrections file: they stay there.
    pub structure_entries: usize,
}

/// The edits for `source` (spans in `bytes`, the file on disk) read with `fixes`.
pub fn plan(source: &Source, fixes: Option<&super::Loaded>, bytes: &[u8], min_confidence: f64) -> Plan {
    let mut plan = Plan::default();
    if let Some(f) = fixes {
        for a in &f.applied {
            plan.edits.push(TextEdit { span: a.original, from: a.expected.clone(), to: a.replacement.clone(), why: Why::Correction { entry_line: f.entries[a.entry].line } });
        }
        plan.structure_entries = f.entries.iter().filter(|e| e.body.address().is_some()).count();
    }
    for (g, game) in source.games.iter().enumerate() {
        for line in &game.lines {
            // A line is written whole or not at all: writing some of its repairs
            // changes the context the decoder weighs the others in (a cut column
            // half mended no longer reads as cut), so a second fix would judge again.
            let weakest = line
                .moves
                .iter()
                .filter(|m| matches!(m.origin, Origin::Printed))
                .filter_map(|m| m.repair.as_ref())
                .filter(|r| r.edits.iter().any(|e| e.from != e.to))
                .map(|r| r.confidence)
                .fold(f64::INFINITY, f64::min);
            for (k, m) in line.moves.iter().enumerate() {
                let Some(repair) = &m.repair else { continue };
                if !matches!(m.origin, Origin::Printed) {
                    continue;
                }
                let place = format!("game {}, {} move {} ({} read as {})", g + 1, line.label, k + 1, m.printed.trim(), m.text);
                if repair.confidence < min_confidence {
                    plan.left.push(Left { span: m.span, what: format!("{place}: repair confidence {:.2} is below {min_confidence:.2}", repair.confidence) });
                    continue;
                }
                if weakest < min_confidence {
                    plan.left.push(Left { span: m.span, what: format!("{place}: certain, but its line has a repair below {min_confidence:.2}") });
                    continue;
                }
                // Edits that change no byte (tokens run together or split) need no writing.
                for e in repair.edits.iter().filter(|e| e.from != e.to) {
                    if bytes.get(e.span.start..e.span.end) != Some(e.from.as_bytes()) {
                        plan.left.push(Left { span: e.span, what: format!("{place}: the repaired bytes are not {:?} in the file", e.from) });
                        continue;
                    }
                    plan.edits.push(TextEdit {
                        span: e.span,
                        from: e.from.clone(),
                        to: e.to.clone(),
                        why: Why::Repair { kind: e.kind, confidence: repair.confidence, game: g + 1, line: line.label.clone(), ply: k + 1 },
                    });
                }
            }
            let at = line.unread.as_ref().map_or(line.span, |u| u.span);
            if !line.readings.is_empty() {
                let readings: Vec<&str> = line.readings.iter().map(|r| r.text.as_str()).collect();
                plan.left.push(Left { span: at, what: format!("game {}, {}: stops where the text reads as {}", g + 1, line.label, readings.join(" or ")) });
            } else if line.unread.is_some() {
                plan.left.push(Left { span: at, what: format!("game {}, {}: stops after {} moves; the rest is unread", g + 1, line.label, line.moves.len()) });
            }
        }
    }
    // Corrections first: a repair inside corrected text is not written twice.
    plan.edits.sort_by_key(|e| (e.span.start, e.span.end, !matches!(e.why, Why::Correction { .. })));
    let mut kept: Vec<TextEdit> = Vec::new();
    for e in std::mem::take(&mut plan.edits) {
        if let Some(prev) = kept.last()
            && (e.span.start < prev.span.end || (e.span.start == prev.span.start && e.span.is_empty() && prev.span.is_empty()))
        {
            plan.left.push(Left { span: e.span, what: format!("an edit {:?} -> {:?} overlaps another edit", e.from, e.to) });
            continue;
        }
        kept.push(e);
    }
    plan.edits = kept;
    plan.left.sort_by_key(|l| l.span.start);
    plan
}

/// `bytes` with the plan's edits written in (they are sorted and do not overlap).
pub fn apply(bytes: &[u8], edits: &[TextEdit]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + 64);
    let mut at = 0;
    for e in edits {
        out.extend_from_slice(&bytes[at..e.span.start]);
        out.extend_from_slice(e.to.as_bytes());
        at = e.span.end;
    }
    out.extend_from_slice(&bytes[at..]);
    out
}

/// The corrections file with each applied place entry commented out: after
/// `fix --in-place` they are in the source.
pub fn retire_applied(fixes: &super::Loaded) -> String {
    let applied: std::collections::HashSet<usize> = fixes.applied.iter().map(|a| fixes.entries[a.entry].line).collect();
    let mut out = String::with_capacity(fixes.text.len() + 64);
    for (n, line) in fixes.text.split_inclusive('\n').enumerate() {
        if applied.contains(&(n + 1)) {
            out.push_str("# applied by gamescribe fix: ");
        }
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_keep_every_other_byte() {
        let edits = [
            TextEdit { span: Span::new(0, 2), from: "ab".into(), to: "X".into(), why: Why::Correction { entry_line: 1 } },
            TextEdit { span: Span::new(4, 4), from: String::new(), to: "-".into(), why: Why::Correction { entry_line: 2 } },
        ];
        assert_eq!(apply(b"ab\r\ncd", &edits), b"X\r\n-cd");
    }
}
