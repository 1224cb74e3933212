//! What a book reader keeps of the text outside its games, so that nothing is
//! lost: every stretch no element of the tree covers becomes a typed note
//! (prose, heading, page furniture, critical position, contributors, table
//! row) or, when it is none of those, unread text. Readers call
//! [`keep_the_rest`] last, after every game, diagnostic and note they read
//! themselves is in place.

use crate::span::Span;
use crate::tree::coverage::gaps_around;
use crate::tree::{Note, NoteKind, Source, Unread};
use regex::Regex;
use std::sync::LazyLock;

/// `Drawn.`, `W. wins,`, `B wins` and the OCR's commas for stops: a result under a column.
static RESULT_CELL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(?i)(drawn|[bw]\.?\s*wins)\s*[.,]?$").expect("result pattern is valid"));
/// A column number (`12`, `-49`) or a stray rule.
static NUMBER_CELL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[-_*]?\d{0,3}[-_*.:]?$").expect("number pattern is valid"));
/// A critical position's title, task or piece list.
static POSITION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(\b\d+(st|nd|rd|th)\b.*position|\bposition\b.*[-—.]|\bto (play|move) and (win|draw)|^fig\.\s*\d|^\s*\d{1,2}(,\s*k?\d{1,2})*,\s*[bw]\.?\s*$)").expect("position pattern is valid")
});
/// A contributor's name: initials and a surname (`J. Neilson.`, `Jn. Paterson`).
static NAME: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(?:[A-Z][a-z]{0,2}\.\s*)+[A-Z][a-z]+\.?$|^[A-Z][a-z]+\.$").expect("name pattern is valid"));
/// Lines a web copy adds around the book.
static FURNITURE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^(from wikisource|jump to (navigation|search)|retrieved from|navigation menu|this page was last edited|\[?edit\]?)").expect("furniture pattern is valid"));

/// Whether a cell is a name (`J. Neilson.`, `Sturges.`, `G. Crawford`) and not a result or a reference.
pub fn is_name(text: &str) -> bool {
    let text = text.trim();
    let lower = text.to_ascii_lowercase();
    NAME.is_match(text) && !["drawn", "wins", "see", "same", "page"].iter().any(|w| lower.contains(w))
}

/// What one line outside the games is; `None`: nothing a reader can name (unread).
pub fn kind_of_line(line: &str) -> Option<NoteKind> {
    let line = line.trim();
    let cells: Vec<&str> = line.split('\t').map(str::trim).filter(|c| !c.is_empty()).collect();
    if FURNITURE.is_match(line) {
        return Some(NoteKind::PageHeader);
    }
    if line.starts_with('#') {
        return Some(NoteKind::Heading);
    }
    if !cells.is_empty() && cells.iter().all(|c| RESULT_CELL.is_match(c) || NUMBER_CELL.is_match(c)) {
        return Some(NoteKind::TableRow);
    }
    if POSITION.is_match(line) {
        return Some(NoteKind::CriticalPosition);
    }
    if !cells.is_empty() && cells.iter().all(|c| NAME.is_match(c)) {
        return Some(NoteKind::Contributors);
    }
    let visible = line.chars().filter(|c| !c.is_whitespace()).count();
    let letters = line.chars().filter(|c| c.is_alphabetic()).count();
    let words = line.split_whitespace().filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 2).count();
    if visible == 0 || letters * 10 < visible * 6 || words == 0 {
        return None;
    }
    let upper = line.chars().filter(|c| c.is_uppercase()).count();
    let sentence = line.ends_with(['.', ',', ';', ':', '?', '!', '—', '-']) && words > 3;
    let title_case = line.split_whitespace().all(|w| w.chars().find(|c| c.is_alphabetic()).is_none_or(char::is_uppercase));
    if line.chars().count() <= 60 && (!sentence || title_case || upper * 2 >= letters) {
        Some(NoteKind::Heading)
    } else {
        Some(NoteKind::Prose)
    }
}

/// Every stretch of `text` no element of `source` covers, kept: lines of one
/// kind in one paragraph become one note; what cannot be named becomes unread
/// text. Spans are offsets into `text`.
pub fn keep_the_rest(source: &mut Source, text: &str) {
    keep_the_rest_within(source, text, Span::new(0, text.len()));
}

/// As [`keep_the_rest`], for the stretch `within` of `text` only, with
/// `covered` (the stretches of games handed on, no longer in `source`) taken
/// as covered: a reader that hands a text on stretch by stretch.
pub fn keep_the_rest_around(source: &mut Source, text: &str, covered: &[Span], within: Span) {
    keep_the_rest_in(source, text, covered, within);
}

/// As [`keep_the_rest`], for the stretch `within` of `text` only (a reader
/// that keeps one page at a time).
pub fn keep_the_rest_within(source: &mut Source, text: &str, within: Span) {
    keep_the_rest_in(source, text, &[], within);
}

fn keep_the_rest_in(source: &mut Source, text: &str, covered: &[Span], within: Span) {
    let gaps = gaps_around(source, covered, within.end).into_iter().filter(|g| g.end > within.start).map(|g| Span::new(g.start.max(within.start), g.end));
    let mut found: Vec<(Option<NoteKind>, Span)> = Vec::new();
    for gap in gaps {
        let mut start = gap.start;
        // Gaps may begin or end inside a line: each piece is classified as the line it is.
        for piece in text.get(gap.start..gap.end).unwrap_or("").split_inclusive('\n') {
            let span = Span::new(start, start + piece.len());
            start = span.end;
            let trimmed = piece.trim();
            if trimmed.is_empty() {
                // A blank line ends a paragraph.
                found.push((None, Span::new(span.start, span.start)));
                continue;
            }
            let lead = piece.len() - piece.trim_start().len();
            let span = Span::new(span.start + lead, span.start + lead + trimmed.len());
            let kind = kind_of_line(trimmed);
            match found.last_mut() {
                Some((k, s)) if *k == kind && !s.is_empty() && text[s.end..span.start].matches('\n').count() <= 1 => s.end = span.end,
                _ => found.push((kind, span)),
            }
        }
    }
    for (kind, span) in found.into_iter().filter(|(_, s)| !s.is_empty()) {
        let raw = span.slice(text).to_string();
        match kind {
            Some(kind) => source.notes.push(Note { kind, text: raw, span, line: None }),
            None => source.unread.push(Unread { raw, span }),
        }
    }
    source.notes.sort_by_key(|n| n.span.start);
    source.unread.sort_by_key(|u| u.span.start);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::coverage::coverage;

    #[test]
    fn lines_are_named_by_what_they_are() {
        assert_eq!(kind_of_line("Drawn.\tW. wins.\tB wins,\tDrawn."), Some(NoteKind::TableRow));
        assert_eq!(kind_of_line("18\t19\t20\t21\t22\t23"), Some(NoteKind::TableRow));
        assert_eq!(kind_of_line("14th Position-J. Dunn."), Some(NoteKind::CriticalPosition));
        assert_eq!(kind_of_line("12, 16, 20, 21, 14, W"), Some(NoteKind::CriticalPosition));
        assert_eq!(kind_of_line("Fig. 6. [Black to Move and Win.]"), Some(NoteKind::CriticalPosition));
        assert_eq!(kind_of_line("J. Neilson."), Some(NoteKind::Contributors));
        assert_eq!(kind_of_line("\t\t\t\tSturges.\tSturges."), Some(NoteKind::Contributors));
        assert_eq!(kind_of_line("## BY JOHN PATERSON."), Some(NoteKind::Heading));
        assert_eq!(kind_of_line("Three Kings To Two."), Some(NoteKind::Heading));
        assert_eq!(kind_of_line("From Wikisource"), Some(NoteKind::PageHeader));
        assert_eq!(kind_of_line("This, again, is a state of things of very frequent occurrence, and the player should know it."), Some(NoteKind::Prose));
        assert_eq!(kind_of_line("11 15 3 7 26 22 26 22 15 24 2 6"), None);
    }

    #[test]
    fn what_no_element_covers_becomes_notes_and_unread_text() {
        let text = "A Heading\n\nSome prose that runs on,\nover two lines of the book.\n\n11-15 23-19\n\n9 1 4 7 3 2\n";
        let mut source = Source::default();
        let at = text.find("11-15").unwrap();
        source.unread.push(Unread { raw: "11-15 23-19".into(), span: Span::new(at, at + 11) });
        keep_the_rest(&mut source, text);
        assert!(coverage(&source, text.as_bytes()).is_lossless());
        let kinds: Vec<(NoteKind, &str)> = source.notes.iter().map(|n| (n.kind, n.text.as_str())).collect();
        assert_eq!(kinds, vec![(NoteKind::Heading, "A Heading"), (NoteKind::Prose, "Some prose that runs on,\nover two lines of the book.")]);
        assert_eq!(source.unread.iter().map(|u| u.raw.as_str()).collect::<Vec<_>>(), vec!["11-15 23-19", "9 1 4 7 3 2"]);
    }
}
