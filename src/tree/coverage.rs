//! Lossless reading, measured: which bytes of a source no element of its tree
//! covers.
//!
//! A byte counts as covered when any spanned element of the tree takes it: a
//! game, a line, a move, a repair's edit, an annotation, a stated result,
//! unread text, a note, or a diagnostic. The walk knows the tree, not the
//! notation, so every reader is measured the same way; whitespace left between
//! elements is not loss.

use super::{Game, GamePiece, Line, MoveNode, Source};
use crate::span::Span;
use serde::Serialize;

/// What of a text no element covers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Coverage {
    /// Bytes in the text.
    pub total: usize,
    /// Maximal runs of bytes no element covers that hold something other than
    /// whitespace, trimmed of whitespace at both ends, in source order.
    pub uncovered: Vec<Span>,
    /// Non-whitespace bytes inside `uncovered`.
    pub uncovered_bytes: usize,
}

impl Coverage {
    pub fn is_lossless(&self) -> bool {
        self.uncovered_bytes == 0
    }
}

/// Every span of a game's elements, in tree order.
pub fn game_spans(game: &Game, out: &mut Vec<Span>) {
    head_spans(game, out);
    for line in &game.lines {
        line_spans(line, out);
        line.moves.iter().for_each(|m| move_spans(m, out));
    }
}

/// Every span of the elements of a piece of a game (see [`GamePiece`]), as
/// [`game_spans`] finds them in the whole game.
pub fn piece_spans(piece: &GamePiece, out: &mut Vec<Span>) {
    match piece {
        GamePiece::Begins(game) | GamePiece::Ends(game) => game_spans(game, out),
        GamePiece::LineBegins(line) | GamePiece::LineEnds(line) => line_spans(line, out),
        GamePiece::Move(m) => move_spans(m, out),
    }
}

fn head_spans(game: &Game, out: &mut Vec<Span>) {
    out.push(game.span);
    out.extend(game.pages.iter().map(|p| p.span));
}

/// A line's own elements (not its moves').
fn line_spans(line: &Line, out: &mut Vec<Span>) {
    out.push(line.span);
    out.extend(line.stated_result.iter().map(|r| r.span));
    out.extend(line.unread.iter().map(|u| u.span));
    out.extend(line.annotations.iter().map(|a| a.span));
}

fn move_spans(m: &MoveNode, out: &mut Vec<Span>) {
    out.push(m.span);
    if let Some(r) = &m.repair {
        out.extend(r.edits.iter().map(|e| e.span));
    }
    out.extend(m.annotations.iter().map(|a| a.span));
}

/// Every span of a source's elements: games, their contents, unread text and
/// notes outside games, and diagnostics.
pub fn source_spans(source: &Source) -> Vec<Span> {
    let mut out = Vec::new();
    for game in &source.games {
        game_spans(game, &mut out);
    }
    out.extend(source.unread.iter().map(|u| u.span));
    for note in &source.notes {
        out.push(note.span);
        if let Some(line) = &note.line {
            out.push(line.span);
            out.extend(line.moves.iter().map(|m| m.span));
        }
    }
    for prose in &source.prose {
        out.push(prose.span);
        out.extend(prose.points.iter().map(|p| p.span));
    }
    // A corrections file's diagnostics point into that file, not this source.
    out.extend(source.diagnostics.iter().filter(|d| d.file.is_none()).map(|d| d.span));
    out
}

/// The stretches of text a game's elements cover, as few disjoint spans in
/// order (the game's own span holds most): what a reader that hands its games
/// on keeps of each, to find the text around them.
pub fn covered_by(game: &Game) -> Vec<Span> {
    let mut spans = Vec::new();
    game_spans(game, &mut spans);
    let mut covered = Covered::default();
    covered.add(spans);
    covered.merged()
}

/// The stretches of a text `len` bytes long that no element of `source` covers.
pub fn gaps(source: &Source, len: usize) -> Vec<Span> {
    gaps_around(source, &[], len)
}

/// As [`gaps`], with `covered` (the spans of games no longer in `source`) covered too.
pub fn gaps_around(source: &Source, covered: &[Span], len: usize) -> Vec<Span> {
    let mut spans = source_spans(source);
    spans.extend_from_slice(covered);
    gaps_between(spans, len)
}

/// The stretches of a text `len` bytes long that none of `spans` covers.
fn gaps_between(mut spans: Vec<Span>, len: usize) -> Vec<Span> {
    spans.retain(|s| !s.is_empty());
    spans.sort_unstable();
    let mut gaps = Vec::new();
    let mut at = 0;
    for s in spans {
        if s.start > at {
            gaps.push(Span::new(at, s.start.min(len)));
        }
        at = at.max(s.end);
        if at >= len {
            break;
        }
    }
    if at < len {
        gaps.push(Span::new(at, len));
    }
    gaps
}

/// The bytes of `bytes` (the text the source's spans point into) that no
/// element of `source` covers.
pub fn coverage(source: &Source, bytes: &[u8]) -> Coverage {
    coverage_of_gaps(gaps(source, bytes.len()), bytes)
}

/// The non-whitespace runs of `gaps` (stretches of `bytes` nothing covers).
fn coverage_of_gaps(gaps: Vec<Span>, bytes: &[u8]) -> Coverage {
    let mut uncovered = Vec::new();
    let mut uncovered_bytes = 0;
    for gap in gaps.into_iter().filter(|g| g.start < g.end) {
        let run = &bytes[gap.start..gap.end];
        let Some(first) = run.iter().position(|b| !b.is_ascii_whitespace()) else { continue };
        let last = run.iter().rposition(|b| !b.is_ascii_whitespace()).unwrap_or(first);
        uncovered_bytes += run.iter().filter(|b| !b.is_ascii_whitespace()).count();
        uncovered.push(Span::new(gap.start + first, gap.start + last + 1));
    }
    Coverage { total: bytes.len(), uncovered, uncovered_bytes }
}

/// The bytes covered so far of a source whose games go by one at a time, a
/// bit a byte: a long text is measured in an eighth of its size whatever
/// covers it (one long game's moves, each a span of its own until the
/// game's span covers them all, would take more than the text). The bits
/// start at the first word a span touches, so the bytes of one game far into
/// a long text cost what the game covers, not what lies before it.
#[derive(Debug, Default)]
pub struct Covered {
    /// The word of the text that `bits[0]` stands for (byte `64 * first_word`).
    first_word: usize,
    /// Bit `i % 64` of word `i / 64 - first_word` is set when byte `i` is covered.
    bits: Vec<u64>,
}

impl Covered {
    pub fn add(&mut self, spans: impl IntoIterator<Item = Span>) {
        for span in spans.into_iter().filter(|s| !s.is_empty()) {
            let (first, last) = (span.start / 64, (span.end - 1) / 64);
            if self.bits.is_empty() {
                self.first_word = first;
            } else if first < self.first_word {
                self.bits.splice(0..0, std::iter::repeat_n(0, self.first_word - first));
                self.first_word = first;
            }
            let (first, last) = (first - self.first_word, last - self.first_word);
            if self.bits.len() <= last {
                self.bits.resize(last + 1, 0);
            }
            let head = u64::MAX << (span.start % 64);
            let tail = u64::MAX >> (63 - (span.end - 1) % 64);
            if first == last {
                self.bits[first] |= head & tail;
            } else {
                self.bits[first] |= head;
                self.bits[first + 1..last].fill(u64::MAX);
                self.bits[last] |= tail;
            }
        }
    }

    /// The next byte from `at` on (below `end`) that is covered, or not (`covered`).
    fn next(&self, mut at: usize, end: usize, covered: bool) -> usize {
        if covered {
            // Nothing before the bits is covered.
            at = at.max(self.first_word * 64);
        }
        while at < end {
            let Some(&word) = (at / 64).checked_sub(self.first_word).and_then(|i| self.bits.get(i)) else {
                // Outside the bits nothing is covered.
                return if covered { end } else { at };
            };
            let word = if covered { word } else { !word } >> (at % 64);
            if word != 0 {
                return (at + word.trailing_zeros() as usize).min(end);
            }
            at = (at / 64 + 1) * 64;
        }
        end
    }

    /// Maximal runs below `end` of bytes covered (`covered`) or not, in order.
    fn runs(&self, end: usize, covered: bool) -> Vec<Span> {
        let mut out = Vec::new();
        let mut at = self.next(0, end, covered);
        while at < end {
            let stop = self.next(at, end, !covered);
            out.push(Span::new(at, stop));
            at = self.next(stop, end, covered);
        }
        out
    }

    /// The stretches covered, in order, none touching the next.
    pub fn merged(self) -> Vec<Span> {
        self.runs((self.first_word + self.bits.len()) * 64, true)
    }

    /// What of `bytes` (the text the spans point into) nothing added covers.
    pub fn coverage(self, bytes: &[u8]) -> Coverage {
        coverage_of_gaps(self.runs(bytes.len(), false), bytes)
    }
}

/// What of an input's text its tree (spans in the original bytes, as
/// `Input::read` gives them) leaves uncovered; spans of the result point into
/// the normalised text, where every line ends in `\n` (only whitespace differs).
pub fn of_input(source: &Source, input: &crate::input::Input) -> Coverage {
    if input.is_verbatim() {
        return coverage(source, input.text.as_bytes());
    }
    let mut normal = source.clone();
    crate::input::for_each_span(&mut normal, |s| *s = input.span_to_normalised(*s));
    coverage(&normal, input.text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{Line, MoveNode, Note, NoteKind, Unread};

    #[test]
    fn a_game_handed_on_leaves_the_same_gaps_by_what_it_covered() {
        let mut line = Line::trunk();
        line.moves.push(MoveNode { span: Span::new(2, 5), ..MoveNode::default() });
        line.moves.push(MoveNode { span: Span::new(5, 9), ..MoveNode::default() });
        line.unread = Some(Unread { raw: "x".into(), span: Span::new(20, 21) });
        let game = Game { lines: vec![line], span: Span::new(3, 8), ..Game::default() };
        assert_eq!(covered_by(&game), vec![Span::new(2, 9), Span::new(20, 21)]);
        let note = Note { kind: NoteKind::Prose, text: "y".into(), span: Span::new(12, 14), line: None };
        let whole = Source { games: vec![game.clone()], notes: vec![note.clone()], ..Source::default() };
        let handed_on = Source { notes: vec![note], ..Source::default() };
        assert_eq!(gaps_around(&handed_on, &covered_by(&game), 30), gaps(&whole, 30));
        assert_eq!(gaps(&whole, 30), vec![Span::new(0, 2), Span::new(9, 12), Span::new(14, 20), Span::new(21, 30)]);
    }

    #[test]
    fn spans_covered_as_they_come_leave_the_gaps_of_the_whole_source() {
        // Many short, overlapping and empty spans, merged several times on the way.
        let text: Vec<u8> = (0..40_000).map(|i| if i % 7 == 0 { b' ' } else { b'x' }).collect();
        let spans: Vec<Span> = (0..30_000usize).map(|i| Span::new((i * 7919) % 39_000, (i * 7919) % 39_000 + i % 3)).collect();
        let mut covered = Covered::default();
        for chunk in spans.chunks(100) {
            covered.add(chunk.iter().copied());
        }
        let unread = spans.iter().map(|&span| Unread { raw: String::new(), span }).collect();
        let whole = Source { unread, ..Source::default() };
        let want = coverage(&whole, &text);
        assert!(want.uncovered.len() > 100, "a test with gaps: {}", want.uncovered.len());
        assert_eq!(covered.coverage(&text), want);
    }

    #[test]
    fn gaps_between_elements_are_found_and_trimmed() {
        let text = b"11-15 lost  words\n  22-18  ";
        let mut line = Line::trunk();
        line.moves.push(MoveNode { span: Span::new(0, 5), ..MoveNode::default() });
        line.moves.push(MoveNode { span: Span::new(20, 25), ..MoveNode::default() });
        let source = Source { games: vec![Game { lines: vec![line], ..Game::default() }], ..Source::default() };
        let c = coverage(&source, text);
        assert_eq!(c.uncovered, vec![Span::new(6, 17)]);
        assert_eq!(c.uncovered_bytes, 9);
        assert!(!c.is_lossless());
    }

    #[test]
    fn unread_notes_and_diagnostics_cover() {
        let text = b"Title\nprose here\n11-15";
        let source = Source {
            unread: vec![Unread { raw: "11-15".into(), span: Span::new(17, 22) }],
            notes: vec![Note { kind: NoteKind::Heading, text: "Title".into(), span: Span::new(0, 5), line: None }],
            diagnostics: vec![crate::diagnostic::Diagnostic::note(crate::diagnostic::Code::NumericProse, "prose", Span::new(6, 16))],
            ..Source::default()
        };
        assert!(coverage(&source, text).is_lossless());
        assert_eq!(coverage(&Source::default(), text).uncovered, vec![Span::new(0, 22)]);
    }

    #[test]
    fn whitespace_only_text_is_lossless_and_spans_past_the_end_are_harmless() {
        assert!(coverage(&Source::default(), b" \n\t\n").is_lossless());
        let source = Source { unread: vec![Unread { raw: String::new(), span: Span::new(2, 99) }], ..Source::default() };
        let c = coverage(&source, b"ab   ");
        assert_eq!(c.uncovered, vec![Span::new(0, 2)]);
    }

    /// The walk here and `input::for_each_span` (which maps spans to the
    /// original bytes) must see the same elements, or coverage would measure
    /// a tree the mapping did not touch.
    #[test]
    fn walk_agrees_with_the_span_mapping() {
        let text = "[Event \"x\"]\n1. 11-15 {a comment} 22-18 (2. 9-14) 1-0\n";
        let mut source = crate::notation::pdn::read("x.pdn", text);
        source.unread.push(Unread { raw: "u".into(), span: Span::new(1, 2) });
        let mut defined = Line::trunk();
        defined.moves.push(MoveNode { span: Span::new(5, 6), ..MoveNode::default() });
        source.notes.push(Note { kind: NoteKind::OpeningDefinition, text: "p".into(), span: Span::new(3, 4), line: Some(defined) });
        source.prose.push(crate::tree::Prose { span: Span::new(7, 9), points: Vec::new() });
        let mut mapped = Vec::new();
        crate::input::for_each_span(&mut source.clone(), |s| mapped.push(*s));
        let mut walked = source_spans(&source);
        mapped.sort_unstable();
        walked.sort_unstable();
        assert_eq!(walked, mapped);
    }

    /// A game far into a long text is measured by the bytes it covers: the
    /// bits start where it does (before, check read each game of a 100 MB
    /// file over every byte before it).
    #[test]
    fn a_game_far_into_the_text_takes_bits_for_its_own_bytes() {
        let far = 50_000_000;
        let spans = [Span::new(far + 10, far + 20), Span::new(far + 100, far + 300), Span::new(far - 70, far - 1)];
        let mut covered = Covered::default();
        covered.add(spans);
        assert!(covered.bits.len() <= 8, "{} words", covered.bits.len());
        assert_eq!(covered.merged(), vec![spans[2], spans[0], spans[1]]);
        let mut covered = Covered::default();
        covered.add(spans);
        let text = vec![b'x'; far + 400];
        let want = gaps_between(spans.to_vec(), text.len());
        assert_eq!(covered.coverage(&text).uncovered, want);
    }

    proptest::proptest! {
        /// Bit by bit, the gaps of any spans (empty, overlapping, past the end, across words) are those of the spans sorted and joined.
        #[test]
        fn covered_bytes_leave_the_gaps_the_spans_leave(spans in proptest::collection::vec((0usize..300, 0usize..80), 0..40), len in 0usize..320) {
            let spans: Vec<Span> = spans.into_iter().map(|(start, n)| Span::new(start, start + n)).collect();
            let bytes = vec![b'x'; len];
            let mut covered = Covered::default();
            covered.add(spans.iter().copied());
            proptest::prop_assert_eq!(covered.coverage(&bytes), coverage_of_gaps(gaps_between(spans.clone(), len), &bytes));
            let mut again = Covered::default();
            again.add(spans.iter().copied());
            let joined: Vec<Span> = gaps_between(gaps_between(spans.clone(), 400), 400);
            proptest::prop_assert_eq!(again.merged(), joined);
        }
    }
}
