//! Reading natural notation: clean text by the grammar, anything else by the
//! repair decoder; then every printed mark is checked against the capture made.

use super::grammar::parse_clean;
use super::{from_natural, to_natural};
use crate::diagnostic::{Code, Diagnostic};
use crate::text::draughts::{describe, scan, ReadOptions};
use crate::repair::{self, build_line, Decoded, Spelling, StopReason, Token, TokenKind};
use crate::rules::draughts::{self, Move, Position};
use crate::rules::the_move::{black_has_move_in, changed_by_marks, mark_of, Mark, Set};
use crate::span::Span;
use crate::tree::{Annotation, AnnotationKind, Line, MoveNode};
use serde::Serialize;

/// How Paterson prints a move: natural from and to, or from and every landing square.
pub struct NaturalSpelling;

impl Spelling for NaturalSpelling {
    type Position = Position;
    type Move = Move;

    fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        pos.legal_moves()
    }

    fn play(&self, pos: &Position, mv: &Move) -> Position {
        pos.play(mv)
    }

    fn spellings(&self, _pos: &Position, mv: &Move) -> Vec<Vec<u32>> {
        let ends = vec![to_natural(mv.from()) as u32, to_natural(mv.to()) as u32];
        if mv.path().len() > 1 {
            let path = mv.squares().iter().filter_map(|&s| draughts::Square::new(s)).map(|s| to_natural(s) as u32).collect();
            vec![ends, path]
        } else {
            vec![ends]
        }
    }

    fn each_spelling(&self, pos: &Position, mv: &Move, f: &mut dyn FnMut(&[u32])) {
        if mv.path().len() > 1 {
            return self.spellings(pos, mv).iter().for_each(|s| f(s));
        }
        f(&[to_natural(mv.from()) as u32, to_natural(mv.to()) as u32]);
    }
}

/// The natural spelling with one move forced where a given position recurs.
struct Forced {
    at: Position,
    only: Move,
}

impl Spelling for Forced {
    type Position = Position;
    type Move = Move;

    fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        if *pos == self.at { vec![self.only] } else { pos.legal_moves() }
    }

    fn play(&self, pos: &Position, mv: &Move) -> Position {
        pos.play(mv)
    }

    fn spellings(&self, pos: &Position, mv: &Move) -> Vec<Vec<u32>> {
        NaturalSpelling.spellings(pos, mv)
    }

    fn each_spelling(&self, pos: &Position, mv: &Move, f: &mut dyn FnMut(&[u32])) {
        NaturalSpelling.each_spelling(pos, mv, f);
    }
}

/// Where the decoder stops because two captures are printed alike (same ends,
/// different pieces taken), read the rest of the text after each: when exactly one
/// lets more of it be read, take that one. `resolved` gets (move index, rivals).
fn settle_ambiguities(decoded: &mut Decoded<Move>, start: &Position, tokens: &[Token], opts: &ReadOptions, resolved: &mut Vec<(usize, Vec<String>, bool)>) {
    // Each pass reads at least one more move, so this ends; the bound is a guard.
    for _ in 0..tokens.len() {
        let Some(stop) = &decoded.stop else { return };
        let StopReason::Ambiguous { readings } = &stop.reason else { return };
        let at_token = stop.at_token;
        let mut pos = *start;
        for d in &decoded.moves {
            pos = pos.play(&d.mv);
        }
        let candidates: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| NaturalSpelling.spellings(&pos, m).iter().any(|s| readings.contains(s)))
            .collect();
        if candidates.len() < 2 {
            return;
        }
        let rest = &tokens[at_token.min(tokens.len())..];
        let mut tries: Vec<(usize, bool, Decoded<Move>)> = candidates
            .iter()
            .map(|&only| {
                let d = repair::decode(&Forced { at: pos, only }, &pos, rest, &opts.decode);
                (d.moves.len(), d.stop.is_none(), d)
            })
            .collect();
        tries.sort_by_key(|t| std::cmp::Reverse((t.1, t.0)));
        if tries.len() < 2 || tries[0].0 == 0 {
            return;
        }
        // When every reading lets the same text be read, the book cannot say which
        // capture it meant: the first is kept and the choice reported as unsettled.
        let settled = (tries[0].1, tries[0].0) > (tries[1].1, tries[1].0);
        let (_, _, mut best) = tries.swap_remove(0);
        // The forced reading counted tokens from `at_token`.
        for d in &mut best.moves {
            d.tokens = d.tokens.start + at_token..d.tokens.end + at_token;
        }
        if let Some(stop) = best.stop.as_mut() {
            stop.at_token += at_token;
        }
        let index = decoded.moves.len();
        let rivals: Vec<String> = candidates.iter().map(|m| describe(&pos, m).0).collect();
        resolved.push((index, rivals, settled));
        decoded.moves.extend(best.moves);
        decoded.stop = best.stop;
        decoded.trailing_junk = best.trailing_junk;
    }
}

/// What the marks of a line came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MarkCheck {
    /// Moves read, and how many of them capture.
    pub moves: usize,
    pub captures: usize,
    /// Marks printed on moves, and how many are the mark the capture needs.
    pub printed: usize,
    pub verified: usize,
    /// Captures printed without a mark, with the wrong one, and steps printed with one.
    pub missing: usize,
    pub wrong: usize,
    pub on_steps: usize,
    /// Marks standing outside any move.
    pub stray: usize,
}

impl MarkCheck {
    pub fn add(&mut self, other: &MarkCheck) {
        self.moves += other.moves;
        self.captures += other.captures;
        self.printed += other.printed;
        self.verified += other.verified;
        self.missing += other.missing;
        self.wrong += other.wrong;
        self.on_steps += other.on_steps;
        self.stray += other.stray;
    }
}

fn is_mark_text(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| matches!(c, '.' | ',' | ':' | ';' | '·'))
}

/// Check one move's printed mark (`None`: printed without one) against the capture
/// it makes; records the mark on the node.
fn check_mark(mv: &Move, node: &mut MoveNode, printed: Option<(&str, Span)>, check: &mut MarkCheck) -> Option<Diagnostic> {
    check.moves += 1;
    let expected = mark_of(mv);
    if expected.is_some() {
        check.captures += 1;
    }
    if let Some((text, span)) = printed {
        check.printed += 1;
        node.annotations.push(Annotation { kind: AnnotationKind::Mark, text: text.to_string(), span });
    }
    let natural = |m: Option<Mark>| write_pair(mv, m);
    let printed_mark = printed.map(|(t, span)| (t.chars().next().and_then(Mark::from_symbol), t, span));
    match (expected, printed_mark) {
        (None, None) => None,
        (Some(e), Some((Some(p), _, _))) if e == p => {
            check.verified += 1;
            None
        }
        (None, Some((_, text, span))) => {
            check.on_steps += 1;
            Some(
                Diagnostic::error(Code::PatersonMarkOnStep, format!("{text:?} marks a capture, but {} takes nothing", node.text), span)
                    .with_label("no capture here")
                    .with_help(format!("an ordinary move is printed with a blank: {}", natural(None))),
            )
        }
        (Some(e), None) => {
            check.missing += 1;
            Some(
                Diagnostic::error(Code::PatersonMissingMark, format!("the capture {} is printed without its mark", node.text), node.span)
                    .with_label(format!("should be {}", natural(Some(e))))
                    .with_help(explain(mv, e)),
            )
        }
        (Some(e), Some((_, text, span))) => {
            check.wrong += 1;
            Some(
                Diagnostic::error(Code::PatersonWrongMark, format!("{text:?} is the wrong mark for the capture {}: it needs a {}", node.text, e.name()), span)
                    .with_label(format!("should be {}", natural(Some(e))))
                    .with_help(explain(mv, e)),
            )
        }
    }
}

fn explain(mv: &Move, mark: Mark) -> String {
    let taken = mv.captured().count_ones();
    let set = if crate::rules::the_move::set_of(mv.from()) == Set::Odd { "odd" } else { "even" };
    format!(
        "{taken} piece{} taken by a piece in the {set} set: a {} (`.` odd number from the odd set, `,` odd number from the even set, `:` even number)",
        if taken == 1 { "" } else { "s" },
        mark.name()
    )
}

fn write_pair(mv: &Move, mark: Option<Mark>) -> String {
    let sep = mark.map_or(" ".to_string(), |m| m.symbol().to_string());
    format!("{}{sep}{}", to_natural(mv.from()), to_natural(mv.to()))
}

/// Read one line of natural notation from `start`. `text` is the whole source and
/// the line is `range`. Returns the line, its diagnostics and what its marks came to.
pub fn read_line(text: &str, range: Span, start: &Position, opts: &ReadOptions) -> (Line, Vec<Diagnostic>, MarkCheck) {
    let body = range.slice(text);
    if let Some(raw) = parse_clean(body, range.start) {
        let mut line = Line::trunk();
        line.span = range;
        let mut pos = *start;
        let mut diagnostics = Vec::new();
        let mut check = MarkCheck::default();
        let mut clean = true;
        for r in &raw {
            let squares: Option<Vec<u8>> = r.squares.iter().map(|&n| from_natural(n).map(|s| s.number())).collect();
            let Some(mv) = squares.and_then(|sq| draughts::resolve(&pos, &sq).ok()) else {
                clean = false;
                break;
            };
            let (canonical, squares) = describe(&pos, &mv);
            let mut node = MoveNode { text: canonical, squares, span: r.span, printed: r.span.slice(text).to_string(), repair: None, annotations: Vec::new(), origin: Default::default(), go: None };
            let printed = r.mark.map(|(_, span)| (span.slice(text), span));
            diagnostics.extend(check_mark(&mv, &mut node, printed, &mut check));
            line.moves.push(node);
            pos = pos.play(&mv);
        }
        if clean {
            return (line, diagnostics, check);
        }
    }
    let tokens = scan(body, range.start);
    let (mut line, diagnostics, check) = read_tokens(text, &tokens, start, opts);
    line.span = range;
    (line, diagnostics, check)
}

/// Read natural notation from scanned tokens (which may come from several places in
/// `text`, as the cells of one column do).
pub fn read_tokens(text: &str, tokens: &[Token], start: &Position, opts: &ReadOptions) -> (Line, Vec<Diagnostic>, MarkCheck) {
    let mut decoded = repair::decode(&NaturalSpelling, start, tokens, &opts.decode);
    let mut resolved = Vec::new();
    settle_ambiguities(&mut decoded, start, tokens, opts, &mut resolved);
    let reading = build_line(&NaturalSpelling, start, text, &decoded, describe);
    let mut line = Line::trunk();
    line.moves = reading.moves;
    line.unread = reading.unread;
    line.readings = reading.readings;
    line.status = reading.status;
    line.annotations = reading.annotations;
    if let (Some(first), Some(last)) = (tokens.first(), tokens.last()) {
        line.span = first.span.join(last.span);
    }
    let mut diagnostics = reading.diagnostics;
    for (index, rivals, settled) in resolved {
        if let Some(node) = line.moves.get_mut(index) {
            let either = rivals.join(" or ");
            node.annotations.push(Annotation { kind: AnnotationKind::AmbiguousCapture, text: either.clone(), span: node.span });
            diagnostics.push(if settled {
                Diagnostic::note(Code::PatersonAmbiguitySettled, format!("{:?} could be {either}; only {} lets the rest of the text be read", node.printed, node.text), node.span)
                    .with_label(format!("read as {}", node.text))
            } else {
                Diagnostic::warning(Code::PatersonAmbiguousCapture, format!("{:?} could be {either}: the same ends, different pieces taken, and the rest of the text reads after each", node.printed), node.span)
                    .with_label(format!("{} kept", node.text))
                    .with_help("the print does not say which pieces were taken; the first reading is kept and the rest replayed from it")
            });
        }
    }
    // A column's text is not one stretch of the source: say what was left of this line only.
    if let (Some(stop), Some(unread)) = (&decoded.stop, line.unread.as_mut()) {
        let rest: Vec<&Token> = tokens.iter().skip(stop.at_token).collect();
        if let (Some(first), Some(last)) = (rest.first(), rest.last()) {
            unread.raw = rest.iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ");
            unread.span = first.span.join(last.span);
        }
    }
    let mut check = MarkCheck::default();
    let marks: Vec<&Token> = tokens.iter().filter(|t| t.kind == TokenKind::Separator && is_mark_text(&t.text)).collect();
    let mut used = vec![false; marks.len()];
    let mut pos = *start;
    for (d, node) in decoded.moves.iter().zip(line.moves.iter_mut()) {
        let inside = marks.iter().position(|t| t.span.start >= d.span.start && t.span.end <= d.span.end);
        if let Some(i) = inside {
            used[i] = true;
        }
        let printed = inside.map(|i| (marks[i].text.as_str(), marks[i].span));
        diagnostics.extend(check_mark(&d.mv, node, printed, &mut check));
        pos = pos.play(&d.mv);
    }
    let unread_from = line.unread.as_ref().map_or(usize::MAX, |u| u.span.start);
    for (t, _) in marks.iter().zip(&used).filter(|(t, used)| !**used && t.span.start < unread_from) {
        check.stray += 1;
        line.annotations.push(Annotation { kind: AnnotationKind::StrayMark, text: t.text.clone(), span: t.span });
        diagnostics.push(
            Diagnostic::note(Code::PatersonStrayMark, format!("{:?} stands outside any move; kept as an annotation", t.text), t.span)
                .with_label("not between the squares of a move"),
        );
    }
    let _ = pos;
    diagnostics.sort_by_key(|d| d.span.start);
    (line, diagnostics, check)
}

/// The change of the move over a line: from the printed marks alone (Paterson's
/// rule of captures) and from the board, for each set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveChange {
    pub periods: usize,
    pub commas: usize,
    pub colons: usize,
    /// Periods + colons odd: the move changed in the odd set.
    pub marks_change_odd: bool,
    /// Commas + colons odd: the move changed in the even set.
    pub marks_change_even: bool,
    pub board_change_odd: bool,
    pub board_change_even: bool,
    /// Moves replayed (the check stops at the first move the board cannot play).
    pub replayed: usize,
}

impl MoveChange {
    pub fn agrees(&self) -> bool {
        self.marks_change_odd == self.board_change_odd && self.marks_change_even == self.board_change_even
    }
}

/// Compare the change of the move the marks announce with the board's, over the
/// moves of `line` played from `start`. A disagreement is a diagnostic on the line.
pub fn check_move_change(start: &Position, line: &Line) -> (MoveChange, Option<Diagnostic>) {
    let mut pos = *start;
    let mut marks = Vec::new();
    let mut replayed = 0;
    for node in &line.moves {
        let Ok(mv) = draughts::resolve(&pos, &node.squares) else { break };
        if let Some(m) = node.annotations.iter().find(|a| a.kind == AnnotationKind::Mark).and_then(|a| a.text.chars().next()).and_then(Mark::from_symbol) {
            marks.push(m);
        }
        pos = pos.play(&mv);
        replayed += 1;
    }
    let count = |k: Mark| marks.iter().filter(|&&m| m == k).count();
    let (before, after) = (start.setup(), pos.setup());
    let change = MoveChange {
        periods: count(Mark::Period),
        commas: count(Mark::Comma),
        colons: count(Mark::Colon),
        marks_change_odd: changed_by_marks(&marks, Set::Odd),
        marks_change_even: changed_by_marks(&marks, Set::Even),
        board_change_odd: black_has_move_in(&before, Set::Odd) != black_has_move_in(&after, Set::Odd),
        board_change_even: black_has_move_in(&before, Set::Even) != black_has_move_in(&after, Set::Even),
        replayed,
    };
    let diagnostic = (!change.agrees()).then(|| {
        let said = |b: bool| if b { "changed" } else { "unchanged" };
        Diagnostic::error(
            Code::PatersonMoveChangeDisagrees,
            format!(
                "the marks say the move is {} in the odd set and {} in the even set ({} periods, {} commas, {} colons), but on the board it is {} and {}",
                said(change.marks_change_odd),
                said(change.marks_change_even),
                change.periods,
                change.commas,
                change.colons,
                said(change.board_change_odd),
                said(change.board_change_even)
            ),
            line.span,
        )
        .with_label("marks of this line")
        .with_help("a missing or wrong mark changes the count; see the mark diagnostics")
    });
    (change, diagnostic)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> (Line, Vec<Diagnostic>, MarkCheck) {
        read_line(text, Span::new(0, text.len()), &Position::initial(), &ReadOptions::default())
    }

    #[test]
    fn the_single_corner_opening_with_its_marks() {
        // 11-15 22-18 15x22 25x18: the comma and the period as printed.
        let (line, diags, check) = read("33 44 66 55 44,66 77.55");
        let texts: Vec<&str> = line.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["11-15", "22-18", "15x22", "25x18"]);
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!((check.captures, check.printed, check.verified), (2, 2, 2));
        let (change, disagreement) = check_move_change(&Position::initial(), &line);
        assert!(disagreement.is_none() && change.agrees(), "{change:?}");
    }

    #[test]
    fn a_wrong_or_missing_mark_names_the_right_one() {
        let (_, diags, check) = read("33 44 66 55 44.66 77 55");
        assert_eq!((check.wrong, check.missing), (1, 1));
        let codes: Vec<&str> = diags.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, ["paterson::wrong-mark", "paterson::missing-mark"]);
        assert!(diags[0].label.contains("44,66"), "{:?}", diags[0]);
        assert!(diags[1].label.contains("77.55"), "{:?}", diags[1]);
    }

    #[test]
    fn ocr_forms_are_read_and_stray_marks_kept() {
        let (line, diags, check) = read("İ 33 44 66 55\n44 , 66 . 77 55");
        assert_eq!(line.moves.len(), 4, "{diags:?}");
        assert_eq!(check.verified, 1);
        assert_eq!(check.missing, 1, "the period stands before 77 55, not inside it");
        assert_eq!(check.stray, 1);
    }
}
