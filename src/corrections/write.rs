//! What `gamescribe fix` writes: the source's bytes with every certain repair
//! and every applied place correction written in, every other byte as it was.
//! What is not certain enough (a repair below the threshold, a stop where the
//! text reads as several moves, a line that stops) is left and listed.
//!
//! Every certain repair is written, one by one, not a line's all or none.
//! Writing some repairs of a line changes the context the decoder weighs the
//! others in (a cut column half mended no longer reads as cut), so the text is
//! read again and what is certain then is written, round after round, until a
//! round has nothing to write ([`fixed_point`]): the output is a fixed point of
//! `fix` by construction. A round that would lose a move or change a move
//! already read is refused and reported.

use crate::span::Span;
use crate::tree::{EditKind, Origin, Source};
use std::collections::HashMap;

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

/// A repair's edit as the file holds it: `from` as it stands at `span`, or,
/// where the decoder read across a line break or spaces (`0` then `22` read
/// as one token `022`), the same characters with that whitespace between
/// them, kept as it is while the characters are dropped or replaced one for
/// one. `None` when the file's bytes are not the edit's.
fn in_the_file(bytes: &[u8], span: crate::span::Span, from: &str, to: &str) -> Option<(String, String)> {
    let here = std::str::from_utf8(bytes.get(span.start..span.end)?).ok()?;
    if here == from {
        return Some((from.to_string(), to.to_string()));
    }
    let printed: Vec<char> = here.chars().filter(|c| !c.is_whitespace()).collect();
    if printed.iter().copied().ne(from.chars()) {
        return None;
    }
    let wanted: Vec<char> = to.chars().collect();
    // Which printed characters stay, and as what: one for one, or `to` a subsequence of `from`.
    let kept: Vec<Option<char>> = if wanted.len() == printed.len() {
        wanted.iter().map(|&c| Some(c)).collect()
    } else {
        let mut rest = wanted.iter().peekable();
        let kept: Vec<Option<char>> = printed.iter().map(|&c| if rest.peek() == Some(&&c) { rest.next().copied() } else { None }).collect();
        if rest.next().is_some() {
            return None;
        }
        kept
    };
    let mut k = kept.into_iter();
    let written: String = here.chars().filter_map(|c| if c.is_whitespace() { Some(c) } else { k.next().flatten() }).collect();
    Some((here.to_string(), written))
}

/// What a round needs of a text read, gathered a game at a time so that no
/// tree need be kept (see [`crate::input::Input::each_game`]; a source with a
/// corrections file is still read whole first): the edits and the lines left
/// that its repairs give, and the moves each line read (to refuse a round
/// that would lose or change one); with the corrections file as applied to
/// that text and the errors found in it.
#[derive(Debug, Default)]
pub struct TextRead {
    /// The edits the lines' repairs give and what the lines leave for a person.
    from_lines: Plan,
    moves: Vec<GameMoves>,
    pub fixes: Option<super::Loaded>,
    /// Errors found in the corrections file (not in the source) on this text.
    pub fixes_errors: Vec<crate::diagnostic::Diagnostic>,
}

/// The moves of one game's lines, compactly: a large database is held as
/// its moves' squares and texts, not as its tree.
#[derive(Debug, Default, PartialEq)]
struct GameMoves {
    lines: Vec<LineMoves>,
}

#[derive(Debug, Default, PartialEq)]
struct LineMoves {
    label: String,
    /// Every move's squares, one after another; `square_ends[k]` ends move `k`'s.
    squares: Vec<u8>,
    square_ends: Vec<usize>,
    /// Every move's text, one after another; `text_ends[k]` ends move `k`'s.
    texts: String,
    text_ends: Vec<usize>,
}

impl LineMoves {
    fn of(line: &crate::tree::Line) -> LineMoves {
        let mut moves = LineMoves { label: line.label.clone(), ..LineMoves::default() };
        for m in &line.moves {
            moves.squares.extend_from_slice(&m.squares);
            moves.square_ends.push(moves.squares.len());
            moves.texts.push_str(&m.text);
            moves.text_ends.push(moves.texts.len());
        }
        moves
    }

    fn len(&self) -> usize {
        self.square_ends.len()
    }

    fn squares(&self, k: usize) -> &[u8] {
        let start = if k == 0 { 0 } else { self.square_ends[k - 1] };
        &self.squares[start..self.square_ends[k]]
    }

    fn text(&self, k: usize) -> &str {
        let start = if k == 0 { 0 } else { self.text_ends[k - 1] };
        &self.texts[start..self.text_ends[k]]
    }
}

impl TextRead {
    /// Nothing taken in yet, of a text read with the corrections file `fixes` as applied to it.
    pub fn with_fixes(fixes: Option<super::Loaded>) -> TextRead {
        TextRead { fixes, ..TextRead::default() }
    }

    /// Take in game after game of the text `bytes`, in the source's order.
    pub fn add_game(&mut self, game: &crate::tree::Game, bytes: &[u8], min_confidence: f64) {
        let g = self.moves.len();
        self.moves.push(GameMoves { lines: game.lines.iter().map(LineMoves::of).collect() });
        for line in &game.lines {
            for (k, m) in line.moves.iter().enumerate() {
                let Some(repair) = &m.repair else { continue };
                if !matches!(m.origin, Origin::Printed) {
                    continue;
                }
                let place = format!("game {}, {} move {} ({} read as {})", g + 1, line.label, k + 1, m.printed.trim(), m.text);
                if repair.confidence < min_confidence {
                    self.from_lines.left.push(Left { span: m.span, what: format!("{place}: repair confidence {:.2} is below {min_confidence:.2}", repair.confidence) });
                    continue;
                }
                // Edits that change no byte (tokens run together or split) need no writing.
                for e in repair.edits.iter().filter(|e| e.from != e.to) {
                    let Some((from, to)) = in_the_file(bytes, e.span, &e.from, &e.to) else {
                        self.from_lines.left.push(Left { span: e.span, what: format!("{place}: the repaired bytes are not {:?} in the file", e.from) });
                        continue;
                    };
                    self.from_lines.edits.push(TextEdit {
                        span: e.span,
                        from,
                        to,
                        why: Why::Repair { kind: e.kind, confidence: repair.confidence, game: g + 1, line: line.label.clone(), ply: k + 1 },
                    });
                }
            }
            let at = line.unread.as_ref().map_or(line.span, |u| u.span);
            if !line.readings.is_empty() {
                let readings: Vec<&str> = line.readings.iter().map(|r| r.text.as_str()).collect();
                self.from_lines.left.push(Left { span: at, what: format!("game {}, {}: stops where the text reads as {}", g + 1, line.label, readings.join(" or ")) });
            } else if line.unread.is_some() {
                self.from_lines.left.push(Left { span: at, what: format!("game {}, {}: stops after {} moves; the rest is unread", g + 1, line.label, line.moves.len()) });
            }
        }
    }

    /// Take in diagnostics of the text: those of the corrections file's errors are kept.
    fn add_diagnostics(&mut self, diagnostics: &[crate::diagnostic::Diagnostic]) {
        self.fixes_errors.extend(super::errors_in_the_corrections_file(diagnostics).cloned());
    }

    /// A whole tree taken in at once, with the corrections file as applied to its text.
    pub fn of_source(source: &Source, fixes: Option<super::Loaded>, bytes: &[u8], min_confidence: f64) -> TextRead {
        let mut read = TextRead::with_fixes(fixes);
        for game in &source.games {
            read.add_game(game, bytes, min_confidence);
        }
        read.add_diagnostics(&source.diagnostics);
        read
    }

    /// Whether two reads hold the same plan and the same moves, line by line.
    #[cfg(test)]
    pub(crate) fn reads_as(&self, other: &TextRead) -> bool {
        self.plan() == other.plan() && self.moves == other.moves
    }

    /// The round's plan: the corrections file's place edits and the repairs'
    /// edits, sorted, one of two that overlap left.
    fn plan(&self) -> Plan {
        let mut plan = Plan::default();
        if let Some(f) = &self.fixes {
            for a in &f.applied {
                plan.edits.push(TextEdit { span: a.original, from: a.expected.clone(), to: a.replacement.clone(), why: Why::Correction { entry_line: f.entries[a.entry].line } });
            }
            plan.structure_entries = f.entries.iter().filter(|e| e.body.address().is_some()).count();
        }
        plan.edits.extend(self.from_lines.edits.iter().cloned());
        plan.left.extend(self.from_lines.left.iter().cloned());
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
}

/// At most this many rounds of writing and reading again.
pub const MAX_ROUNDS: usize = 8;

/// What `fix` writes: the text after the last round, and what is left.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fixed {
    pub bytes: Vec<u8>,
    /// The edits of each round written, spans in the text that round read.
    pub rounds: Vec<Vec<TextEdit>>,
    /// Why the round after the last one written was not written, if one was refused.
    pub refused: Option<String>,
    /// What the last text read leaves for a person; spans in the original bytes.
    pub left: Vec<Left>,
    pub structure_entries: usize,
}

impl Fixed {
    pub fn corrections(&self) -> usize {
        self.rounds.iter().flatten().filter(|e| matches!(e.why, Why::Correction { .. })).count()
    }

    pub fn repairs(&self) -> usize {
        self.rounds.iter().flatten().filter(|e| matches!(e.why, Why::Repair { .. })).count()
    }
}

/// Write the certain edits of `first` (read from `original`), read the result
/// with `read` and write what is certain then, until a round has nothing to
/// write (or [`MAX_ROUNDS`]). A round whose text reads with fewer moves, with
/// a move already read changed, or with the corrections file no longer
/// applying is refused: the text before it is kept and the refusal reported.
///
/// `read` reads a text with the corrections file, as `first` was read: what
/// a round needs of it ([`TextRead`]), with the corrections file as applied
/// to that text (place entries written in an earlier round read as already
/// applied there).
pub fn fixed_point(original: &[u8], first: TextRead, read: &mut dyn FnMut(&[u8]) -> TextRead) -> Fixed {
    let mut fixed = Fixed { bytes: original.to_vec(), ..Fixed::default() };
    let mut last = first;
    loop {
        let plan = last.plan();
        if fixed.rounds.is_empty() {
            fixed.structure_entries = plan.structure_entries;
        }
        let mut left = plan.left;
        if plan.edits.is_empty() {
            fixed.left = left;
            break;
        }
        let round = fixed.rounds.len() + 1;
        let unwritten = |edits: &[TextEdit], why: &str| edits.iter().map(|e| Left { span: e.span, what: format!("certain {:?} -> {:?}, not written: {why}", e.from, e.to) }).collect::<Vec<_>>();
        if round > MAX_ROUNDS {
            left.extend(unwritten(&plan.edits, &format!("{MAX_ROUNDS} rounds written, no fixed point yet")));
            fixed.refused = Some(format!("no fixed point after {MAX_ROUNDS} rounds; {} certain edits not written", plan.edits.len()));
            fixed.left = left;
            break;
        }
        let next = apply(&fixed.bytes, &plan.edits);
        let next_read = read(&next);
        let fixes_errors = next_read.fixes_errors.len();
        let refusal = if fixes_errors > 0 {
            Some(format!("the corrections file has {fixes_errors} errors on the text it would write"))
        } else {
            same_moves(&last, &next_read).err()
        };
        if let Some(why) = refusal {
            left.extend(unwritten(&plan.edits, &format!("round {round} refused ({why})")));
            fixed.refused = Some(format!("round {round} refused: {why}"));
            fixed.left = left;
            break;
        }
        fixed.rounds.push(plan.edits);
        fixed.bytes = next;
        last = next_read;
    }
    let mut left = std::mem::take(&mut fixed.left);
    let ends: Vec<usize> = left.iter().flat_map(|l| [l.span.start, l.span.end]).collect();
    let original = fixed.to_original_all(&ends);
    for (l, ends) in left.iter_mut().zip(original.chunks(2)) {
        l.span = Span::new(ends[0], ends[1]);
    }
    fixed.left = left;
    fixed.left.sort_by_key(|l| l.span.start);
    fixed
}

impl Fixed {
    /// The byte of the original text where byte `at` of the last text written was.
    pub fn to_original(&self, mut at: usize) -> usize {
        for edits in self.rounds.iter().rev() {
            at = before_edits(edits, at);
        }
        at
    }

    /// [`Fixed::to_original`] of each of `ats`, in one walk over each
    /// round's edits: asked one by one, every byte left would walk them all.
    pub fn to_original_all(&self, ats: &[usize]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..ats.len()).collect();
        order.sort_by_key(|&k| ats[k]);
        // Mapping back keeps the order, so the bytes stay ascending round after round.
        let mut sorted: Vec<usize> = order.iter().map(|&k| ats[k]).collect();
        for edits in self.rounds.iter().rev() {
            let mut walk = EditWalk::default();
            for at in &mut sorted {
                *at = walk.before(edits, *at);
            }
        }
        let mut out = vec![0; ats.len()];
        for (k, at) in order.into_iter().zip(sorted) {
            out[k] = at;
        }
        out
    }
}

/// The byte before `edits` were written of byte `at` after (inside a replacement: its start).
fn before_edits(edits: &[TextEdit], at: usize) -> usize {
    EditWalk::default().before(edits, at)
}

/// A walk over a round's edits for bytes asked in ascending order: the
/// edits wholly before one byte are wholly before every later one.
#[derive(Default)]
struct EditWalk {
    /// Edits passed.
    next: usize,
    /// How much longer the text they wrote is than the text they replaced.
    shift: isize,
}

impl EditWalk {
    fn before(&mut self, edits: &[TextEdit], at: usize) -> usize {
        while let Some(e) = edits.get(self.next) {
            let new_start = (e.span.start as isize + self.shift) as usize;
            let new_end = new_start + e.to.len();
            if at < new_start {
                break;
            }
            if at < new_end || (at == new_end && e.to.is_empty() && at == new_start) {
                return e.span.start;
            }
            self.shift += e.to.len() as isize - e.span.len() as isize;
            self.next += 1;
        }
        (at as isize - self.shift).max(0) as usize
    }
}

/// Whether `new` reads every move `old` read, each in its line (a line may
/// read further); else what it loses or changes.
fn same_moves(old: &TextRead, new: &TextRead) -> Result<(), String> {
    if old.moves.len() != new.moves.len() {
        return Err(format!("it reads {} games, not {}", new.moves.len(), old.moves.len()));
    }
    for (g, (a, b)) in old.moves.iter().zip(&new.moves).enumerate() {
        let lines: HashMap<&str, &LineMoves> = b.lines.iter().map(|l| (l.label.as_str(), l)).collect();
        for line in &a.lines {
            let Some(now) = lines.get(line.label.as_str()) else {
                if line.len() > 0 {
                    return Err(format!("game {}, {} is no longer read", g + 1, line.label));
                }
                continue;
            };
            if let Some(k) = (0..line.len().min(now.len())).find(|&k| line.squares(k) != now.squares(k)) {
                return Err(format!("game {}, {} move {} would read as {}, not {}", g + 1, line.label, k + 1, now.text(k), line.text(k)));
            }
            if now.len() < line.len() {
                return Err(format!("game {}, {} would read {} moves, not {}", g + 1, line.label, now.len(), line.len()));
            }
        }
    }
    Ok(())
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
    fn a_repair_read_across_a_line_break_keeps_the_break() {
        let text = b"5.10\n\n22.18\n";
        let span = crate::span::Span::new(3, 8);
        assert_eq!(in_the_file(text, span, "022", "22"), Some(("0\n\n22".to_string(), "\n\n22".to_string())));
        assert_eq!(in_the_file(text, span, "022", "23"), None, "not a deletion nor one for one");
        assert_eq!(in_the_file(text, span, "0 22", "22"), None, "the file does not say that");
        assert_eq!(in_the_file(b"l5", crate::span::Span::new(0, 2), "l5", "15"), Some(("l5".to_string(), "15".to_string())));
    }

    fn numeric(text: &str) -> TextRead {
        TextRead::of_source(&crate::notation::numeric::read("t.txt", text, &Default::default()), None, text.as_bytes(), 0.0)
    }

    /// A round whose text would read with a move lost is not written: the text
    /// stays as it was and every certain edit of that round is listed as left.
    #[test]
    fn a_round_that_loses_a_move_is_refused() {
        let text = "11-15 23-l9 8-11\n";
        let first = numeric(text);
        assert!(!first.plan().edits.is_empty(), "l9 is a repair: {:?}", first.plan());
        let fixed = fixed_point(text.as_bytes(), first, &mut |_| numeric("11-15 23-19\n"));
        assert_eq!(fixed.bytes, text.as_bytes(), "nothing written");
        assert!(fixed.rounds.is_empty());
        assert!(fixed.refused.as_deref().is_some_and(|r| r.starts_with("round 1 refused")), "{:?}", fixed.refused);
        assert!(fixed.left.iter().any(|l| l.what.contains("not written") && l.span.start == 9), "{:?}", fixed.left);
        // Read as written, the same edit is a fixed point after one round.
        let fixed = fixed_point(text.as_bytes(), numeric(text), &mut |b| numeric(std::str::from_utf8(b).unwrap()));
        assert_eq!((fixed.bytes.as_slice(), fixed.rounds.len(), fixed.refused.as_deref()), (&b"11-15 23-19 8-11\n"[..], 1, None));
    }

    #[test]
    fn edits_keep_every_other_byte() {
        let edits = [
            TextEdit { span: Span::new(0, 2), from: "ab".into(), to: "X".into(), why: Why::Correction { entry_line: 1 } },
            TextEdit { span: Span::new(4, 4), from: String::new(), to: "-".into(), why: Why::Correction { entry_line: 2 } },
        ];
        assert_eq!(apply(b"ab\r\ncd", &edits), b"X\r\n-cd");
    }

    proptest::proptest! {
        /// Asked all at once, in any order, the bytes map back as asked one by one.
        #[test]
        fn bytes_asked_together_map_back_as_one_by_one(
            rounds in proptest::collection::vec(proptest::collection::vec((0usize..4, 0usize..3, 0usize..4), 0..6), 0..4),
            ats in proptest::collection::vec(0usize..60, 0..40),
        ) {
            // Each round: edits in order, each (gap before it, bytes replaced, length written).
            let rounds: Vec<Vec<TextEdit>> = rounds.iter().map(|round| {
                let mut at = 0;
                round.iter().map(|&(gap, len, written)| {
                    let span = Span::new(at + gap, at + gap + len);
                    at = span.end;
                    TextEdit { span, from: "x".repeat(len), to: "y".repeat(written), why: Why::Correction { entry_line: 1 } }
                }).collect()
            }).collect();
            let fixed = Fixed { rounds, ..Fixed::default() };
            let one_by_one: Vec<usize> = ats.iter().map(|&at| fixed.to_original(at)).collect();
            proptest::prop_assert_eq!(fixed.to_original_all(&ats), one_by_one);
        }
    }

    #[test]
    fn bytes_after_rounds_map_back_to_the_original() {
        let edit = |start, end, from: &str, to: &str| TextEdit { span: Span::new(start, end), from: from.into(), to: to.into(), why: Why::Correction { entry_line: 1 } };
        // "ab cd ef": "cd" -> "X", then in "ab X ef": "ef" -> "EFG".
        let fixed = Fixed { rounds: vec![vec![edit(3, 5, "cd", "X")], vec![edit(5, 7, "ef", "EFG")]], ..Fixed::default() };
        assert_eq!(fixed.to_original(0), 0);
        assert_eq!(fixed.to_original(3), 3, "the start of a replacement");
        assert_eq!(fixed.to_original(4), 5, "the space after X was after cd");
        assert_eq!(fixed.to_original(6), 6, "inside EFG: where ef began");
        assert_eq!(fixed.to_original(8), 8, "the end");
    }
}
