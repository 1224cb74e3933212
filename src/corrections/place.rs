//! Entries by place: text replaced in the source before it is read.
//!
//! Each entry names a place (`LINE:COL`, or a byte span of the file on disk)
//! and the text expected there; a guard that does not match is an error, and
//! text that already reads as the replacement (a source `fix` has written) is
//! noted as applied. The edits make a new text with an [`OffsetMap`] back to
//! the text they were made on, so spans still reach the file's bytes.

use super::syntax::{Body, Entry, Place, Spanned};
use crate::diagnostic::{Code, Diagnostic};
use crate::input::OffsetMap;
use crate::span::Span;

/// A place entry applied: where in the file on disk, and what it wrote there.
#[derive(Clone, Debug, PartialEq)]
pub struct Applied {
    /// Index of the entry in [`super::Loaded::entries`].
    pub entry: usize,
    /// The bytes of the file on disk replaced (empty: an insertion).
    pub original: Span,
    pub expected: String,
    pub replacement: String,
}

/// The text with every place entry that matches applied, a map from it back
/// to `text`, the entries applied, and a diagnostic (spans in the corrections
/// file) for each entry that could not be. `to_text` takes a byte of the file
/// on disk to an offset of `text`; `to_file` the other way.
pub fn apply(text: &str, entries: &[Entry], to_text: impl Fn(usize) -> usize, to_file: impl Fn(usize) -> usize) -> (String, OffsetMap, Vec<Applied>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let line_starts: Vec<usize> = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
    let mut edits: Vec<Edit> = Vec::new();
    for (index, entry) in entries.iter().enumerate() {
        let Body::Text { place, expected, replacement } = &entry.body else { continue };
        let found = locate(text, &line_starts, place, expected, &to_text, &to_file).and_then(|start| guarded(text, start, entry, expected, replacement));
        match found {
            Ok((start, end)) => edits.push((start, end, replacement.value.as_str(), index)),
            Err(d) => diagnostics.push(d),
        }
    }
    let kept = drop_overlaps(edits, entries, &mut diagnostics);
    let (out, map, applied) = splice(text, &kept, entries, &to_file);
    (out, map, applied, diagnostics)
}

/// An edit in `text`: (start, end, replacement, index of its entry).
type Edit<'e> = (usize, usize, &'e str, usize);

/// The offset in `text` a place names, or why it names none.
fn locate(text: &str, line_starts: &[usize], place: &Spanned<Place>, expected: &Spanned<String>, to_text: &impl Fn(usize) -> usize, to_file: &impl Fn(usize) -> usize) -> Result<usize, Diagnostic> {
    match place.value {
        Place::LineCol { line, col } => {
            let Some(&line_start) = line.checked_sub(1).and_then(|l| line_starts.get(l)) else {
                return Err(Diagnostic::error(Code::FixesOutOfRange, format!("the source has {} lines; there is no line {line}", line_starts.len()), place.span).with_label("no such line"));
            };
            let line_text = text[line_start..].split('\n').next().unwrap_or("");
            let chars = line_text.chars().count();
            if col == 0 || col > chars + 1 {
                return Err(
                    Diagnostic::error(Code::FixesOutOfRange, format!("line {line} of the source has {chars} characters; there is no column {col}"), place.span)
                        .with_label("no such column"),
                );
            }
            Ok(line_start + line_text.char_indices().nth(col - 1).map_or(line_text.len(), |(i, _)| i))
        }
        Place::Bytes { start, end } => {
            let at = to_text(start);
            if end < start || to_file(at) != start || at > text.len() {
                return Err(Diagnostic::error(Code::FixesOutOfRange, format!("bytes {start}..{end} are not a span of the source's text"), place.span).with_label("not in the source"));
            }
            if to_text(end).saturating_sub(at) != expected.value.len() {
                return Err(Diagnostic::error(
                    Code::FixesGuardLength,
                    format!("bytes {start}..{end} are {} bytes, the expected text {:?} {}", end - start, expected.value, expected.value.len()),
                    expected.span,
                )
                .with_label("not the length of the span"));
            }
            Ok(at)
        }
    }
}

/// The entry's guard checked at `start`: the span to replace, or the
/// diagnostic (an error, or a note or warning) saying why nothing is.
fn guarded(text: &str, start: usize, entry: &Entry, expected: &Spanned<String>, replacement: &Spanned<String>) -> Result<(usize, usize), Diagnostic> {
    let end = start + expected.value.len();
    // Already written (by `fix`): checked first, since a replacement may begin with its guard (`"1" -> "10"`).
    if replacement.value != expected.value && !replacement.value.is_empty() && text.get(start..start + replacement.value.len()) == Some(replacement.value.as_str()) {
        return Err(
            Diagnostic::note(Code::FixesAlreadyApplied, "the source already reads as the replacement here (written by `gamescribe fix`?); nothing to do", replacement.span)
                .with_label("already in the source"),
        );
    }
    let found = text.get(start..end);
    if found == Some(expected.value.as_str()) {
        if expected.value.is_empty() && replacement.value.is_empty() {
            return Err(Diagnostic::warning(Code::FixesNoChange, "the entry replaces nothing with nothing", entry.span));
        }
        return Ok((start, end));
    }
    let shown: String = text[start.min(text.len())..].chars().take(expected.value.chars().count().max(1)).collect();
    Err(
        Diagnostic::error(Code::FixesGuardMismatch, format!("the source reads {shown:?} here, not {:?}: the entry no longer matches its source", expected.value), expected.span)
            .with_label("expected in the source")
            .with_help("check the place against the scan and the source; the source may have changed since the entry was written"),
    )
}

/// The edits in text order, each overlapping an earlier one refused with an error.
fn drop_overlaps<'e>(mut edits: Vec<Edit<'e>>, entries: &[Entry], diagnostics: &mut Vec<Diagnostic>) -> Vec<Edit<'e>> {
    edits.sort_by_key(|e| (e.0, e.1));
    let mut kept: Vec<Edit> = Vec::new();
    for e in edits {
        if let Some(prev) = kept.last()
            && (e.0 < prev.1 || (e.0 == prev.0 && e.0 == e.1 && prev.0 == prev.1) || (e.0 == prev.0 && e.1 == prev.1))
        {
            let first = &entries[prev.3];
            diagnostics.push(
                Diagnostic::error(Code::FixesDuplicatePlace, format!("two entries for one place: this one overlaps the entry on line {}", first.line), entries[e.3].span)
                    .with_label("overlaps an earlier entry"),
            );
            continue;
        }
        kept.push(e);
    }
    kept
}

/// The text with the edits made, the map back to `text`, and what each wrote.
fn splice(text: &str, kept: &[Edit], entries: &[Entry], to_file: &impl Fn(usize) -> usize) -> (String, OffsetMap, Vec<Applied>) {
    let mut out = String::with_capacity(text.len() + 64);
    let mut map = OffsetMap::default();
    let mut at = 0;
    let mut applied = Vec::new();
    for &(start, end, replacement, entry) in kept {
        out.push_str(&text[at..start]);
        out.push_str(replacement);
        map.push(out.len(), end);
        at = end;
        let Body::Text { expected, .. } = &entries[entry].body else { unreachable!("only text entries are kept") };
        applied.push(Applied { entry, original: Span::new(to_file(start), to_file(end)), expected: expected.value.clone(), replacement: replacement.to_string() });
    }
    out.push_str(&text[at..]);
    (out, map, applied)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corrections::syntax::parse;

    fn run(source: &str, fixes: &str) -> (String, OffsetMap, Vec<Applied>, Vec<Diagnostic>) {
        let (entries, d) = parse(fixes);
        assert!(d.is_empty(), "{d:?}");
        apply(source, &entries, |x| x, |x| x)
    }

    #[test]
    fn replaces_by_line_and_column_and_maps_back() {
        let (out, map, applied, d) = run("11 15\n98 29 8 11\n", "at 2:1 \"98 29\" -> \"23 19 \"");
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(out, "11 15\n23 19  8 11\n");
        assert_eq!(applied[0].original, Span::new(6, 11));
        // `8` is at 13 in the new text, 12 in the old.
        assert_eq!(map.to_old(13), 12);
        assert_eq!(map.to_old(6), 6);
    }

    #[test]
    fn byte_spans_and_insertions() {
        let (out, _, applied, d) = run("ab cd", "at bytes 3..3 \"\" -> \"x\"\nat bytes 0..2 \"ab\" -> \"AB\"");
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(out, "AB xcd");
        assert_eq!(applied.len(), 2);
    }

    #[test]
    fn a_guard_that_does_not_match_is_an_error() {
        let (out, _, applied, d) = run("11 15\n", "at 1:1 \"12 16\" -> \"11 16\"");
        assert_eq!(out, "11 15\n");
        assert!(applied.is_empty());
        assert_eq!(d[0].code, "fixes::guard-mismatch");
        assert_eq!(d[0].span, Span::new(7, 14));
    }

    #[test]
    fn already_applied_is_a_note_and_overlaps_are_errors() {
        let (_, _, applied, d) = run("23 19\n", "at 1:1 \"98 29\" -> \"23 19\"");
        assert!(applied.is_empty());
        assert_eq!(d[0].code, "fixes::already-applied");
        // A replacement that begins with its guard is not applied twice.
        let (out, _, applied, d) = run("6 10\n", "at 1:3 \"1\" -> \"10\"");
        assert_eq!((out.as_str(), applied.len(), d[0].code.as_str()), ("6 10\n", 0, "fixes::already-applied"));
        let (_, _, applied, d) = run("abcdef", "at 1:1 \"abc\" -> \"x\"\nat 1:2 \"bc\" -> \"y\"");
        assert_eq!(applied.len(), 1);
        assert_eq!(d[0].code, "fixes::duplicate-place");
    }

    #[test]
    fn out_of_range_places() {
        let (_, _, _, d) = run("ab\n", "at 5:1 \"x\" -> \"y\"\nat 1:9 \"x\" -> \"y\"\nat bytes 10..11 \"x\" -> \"y\"");
        assert_eq!(d.iter().filter(|d| d.code == "fixes::out-of-range").count(), 3, "{d:?}");
    }
}
