//! Volpicelli's essay *Wei-ch'i* read as Go: prose that names points.
//! Its sources are tagged `go-essay`.
//!
//! The essay holds no game record; its diagrams are lost. What it does hold
//! is several hundred points named in its prose, in two notations:
//!
//! - the Chinese corner notation, corner then ordinate and abscissa
//!   (`上 三 四`, Arabic or Chinese numerals), read by `go_corner`;
//! - Volpicelli's own variant, "letters instead of numbers to indicate the
//!   ordinates", `g 4` (printed `*g* 4`, `*g 4*` or `$g$ 4` by the OCR), which
//!   names no corner: the corner is the one the text last named ("In the lower
//!   right-hand corner of Diagram X ..."), read with the tone geometry of
//!   `go_corner` (lower left 平, upper left 上, upper right 去, lower right 入).
//!
//! Evidence for that reading: the `.wq` records in `corpus/go/` rebuild five
//! of the diagrams from the text, each in the corner the text names, and every
//! move and capture the text describes replays there (VIII 上, IX 平, X 入,
//! VI–VII 去, XI–XII 上 on a quarter board of "10 lines each side").
//!
//! A point is kept as prose, with a note, when the text does not fix it: no
//! corner named yet, the start of its sentence lost, the centre of Diagram IX
//! (the points straddle corners), a letter or number past the corner's
//! lines, or a reading the text's own geometry contradicts (`CONTRADICTED` in
//! `place`).
//!
//! Stages, one file each: `scan` (blocks, printed points, corner phrases) →
//! `references` (each point's frame and what its sentence claims) → `place`
//! (board point, SGF/GTP names, checks against the records).
//!
//! Every non-blank byte is in a [`Prose`] block; the points are typed
//! elements inside it. `convert --to sgf` writes the placed points as marks
//! on empty boards, one game per diagram corner (`write`): the essay has no
//! game and gives no colours, so nothing is set up or played (its rebuilt
//! diagrams are the `.wq` records). The record and draughts targets refuse it.

mod place;
mod references;
mod scan;
mod write;

pub use place::{Counts, Record};
pub use write::write_sgf;

use crate::diagnostic::{Code, Diagnostic};
use crate::tree::{Prose, Source};
use std::path::Path;

/// Does this text look like the essay: its title near the start, and points
/// named in Volpicelli's letters?
pub fn looks_like(text: &str) -> bool {
    let head = text[..text.floor_char_boundary(4096)].to_lowercase();
    (head.contains("wei-ch'i") || head.contains("wei-ch’i")) && scan::scan(&text[..text.floor_char_boundary(64 * 1024)]).refs.len() >= 3
}

/// The records in the `go/` folder beside the essay (as in `corpus/`), and
/// what stopped any of them being read.
pub fn records_beside(path: &Path) -> (Vec<Record>, Vec<String>) {
    let dir = path.parent().unwrap_or(Path::new(".")).join("go");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return (Vec::new(), Vec::new());
    };
    let mut files: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "wq")).collect();
    files.sort();
    let mut records = Vec::new();
    let mut problems = Vec::new();
    for file in files {
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        match std::fs::read_to_string(&file) {
            Ok(text) => records.extend(Record::from_text(&name, &text)),
            Err(e) => problems.push(format!("{}: {e}", file.display())),
        }
    }
    (records, problems)
}

/// Read the essay alone (no record to check against).
pub fn read(name: &str, text: &str) -> Source {
    read_with_records(name, text, &[]).0
}

/// Read the essay and check its points against `records`.
pub fn read_with_records(name: &str, text: &str, records: &[Record]) -> (Source, Counts) {
    let scanned = scan::scan(text);
    let located = references::locate(text, &scanned);
    let (points, mut diagnostics, counts) = place::place(text, &located, records);
    let mut prose: Vec<Prose> = scanned.blocks.iter().map(|b| Prose { span: b.span, points: Vec::new() }).collect();
    for (l, point) in located.iter().zip(points) {
        prose[l.block].points.push(point);
    }
    if counts.found > 0 {
        let first = located[0].raw.span;
        diagnostics.push(Diagnostic::note(Code::VolpicelliSummary, summary(&counts, records.len()), first).with_label("the first point named"));
    }
    diagnostics.sort_by_key(|d| d.span.start);
    (Source { name: name.to_string(), notation: crate::tree::Notation::Volpicelli, diagnostics, prose, ..Source::default() }, counts)
}

/// One sentence of figures.
pub fn summary(c: &Counts, records: usize) -> String {
    format!(
        "{} point references: {} placed on the board (SGF/GTP), {} kept as prose; {} in diagrams that {records} record(s) rebuild, \
         {} checked (stone, capture or empty point), {} agree, {} disagree",
        c.found,
        c.placed,
        c.unplaced,
        c.in_records,
        c.checked,
        c.agree,
        c.checked - c.agree
    )
}

/// `check`'s table of a source's points (empty if it names none).
pub fn points_table(source: &Source) -> String {
    let c = counts_of(source);
    if c.found == 0 {
        return String::new();
    }
    format!(
        "{:<9} {:>6} {:>14} {:>7} {:>6} {:>8}\n{:<9} {:>6} {:>14} {:>7} {:>6} {:>8}\n",
        "points",
        "placed",
        "kept as prose",
        "checked",
        "agree",
        "disagree",
        c.found,
        c.placed,
        c.unplaced,
        c.checked,
        c.agree,
        c.checked - c.agree
    )
}

/// The figures of a source already read (for `check`'s table).
pub fn counts_of(source: &Source) -> Counts {
    use crate::tree::PointReading;
    let points: Vec<_> = source.prose.iter().flat_map(|p| &p.points).collect();
    let checked: Vec<_> = points.iter().filter_map(|p| p.check.as_ref()).collect();
    Counts {
        found: points.len(),
        placed: points.iter().filter(|p| matches!(p.reading, PointReading::Placed { .. })).count(),
        unplaced: points.iter().filter(|p| matches!(p.reading, PointReading::Unplaced { .. })).count(),
        in_records: 0,
        checked: checked.len(),
        agree: checked.iter().filter(|c| c.agrees).count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_non_blank_byte_is_in_a_prose_block() {
        let text = "# WEI-CH'I.\n\nIn the lower left-hand corner of Diagram IX, *a* 3 and *b* 4.\n\nIX.\n\n\nmore *c* 1.\n";
        let (source, counts) = read_with_records("t", text, &[]);
        assert_eq!(counts.found, 3);
        let mut covered = vec![false; text.len()];
        for p in &source.prose {
            covered[p.span.start..p.span.end].iter_mut().for_each(|c| *c = true);
            for r in &p.points {
                assert!(p.span.start <= r.span.start && r.span.end <= p.span.end, "{r:?} outside {p:?}");
            }
        }
        let bare: Vec<usize> = text.bytes().enumerate().filter(|&(i, b)| !b.is_ascii_whitespace() && !covered[i]).map(|(i, _)| i).collect();
        assert!(bare.is_empty(), "uncovered bytes at {bare:?}");
    }

    #[test]
    fn detects_the_essay_and_not_draughts_text() {
        assert!(looks_like("# WEI-CH'I.\n\nmen at *a* 1, *b* 2 and *c* 3."));
        assert!(!looks_like("# WEI-CH'I.\n\nno points here."));
        assert!(!looks_like("11 15 23 19 8 11 22 17"));
    }
}
