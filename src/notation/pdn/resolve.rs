//! Resolve a parsed PDN game against the English draughts engine: every line
//! replayed from its branch point, every move matched to exactly one legal move.

use super::continuation::{either, paths_that_go_on};
use super::syntax::{CommentKind, Element, GameSyntax, LineSyntax, Separator, UnreadReason};
use crate::diagnostic::{Code, Diagnostic};
use crate::text::draughts::{describe, move_text_among};
use crate::rules::draughts::{self, Position, ResolveError};
use crate::span::Span;
use crate::tree::{Annotation, AnnotationKind, Contributor, Game, Line, LineStatus, MoveNode, Outcome, StatedResult, Unread};

/// The comment prefix under which the writer keeps unread text that stood among the moves.
pub const NOT_READ: &str = "not read:";

/// Comment openings the writer uses for parts of the tree; a plain comment
/// that begins with one is written after `comment:` so it reads back as itself.
pub const RESERVED_COMMENTS: [&str; 5] = ["unread:", "result:", "variation ", NOT_READ, "comment:"];

/// How the writer opens a line's contributor comment (before the line's first
/// move); read back into `Line::contributor`.
pub const CONTRIBUTOR: &str = "contributor: ";

/// What follows an `s` sign in its comment (`similar-position: s; see variation 15 …`):
/// where the sign points, which the writer adds and the reader leaves off the sign.
pub const SEE: &str = "; see ";

/// Glued by the writer to a result-like word inside a comment (see the PDN writer); removed on reading.
pub const WORD_JOINER: char = '\u{2060}';

/// What pydraughts takes for a game's end wherever it stands, even inside a comment.
pub const RESULT_WORDS: [&str; 8] = ["*", "1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0"];

/// A comment word with the writer's joiner: a result word followed by joiners
/// (the source may hold joiners of its own after it, so the writer adds one more).
pub fn glues_a_joiner(word: &str) -> bool {
    RESULT_WORDS.contains(&word.trim_end_matches(WORD_JOINER))
}

/// A comment's words with the writer's joiners taken off again: one from the end
/// of each result word, and no other (a joiner the source printed is its text).
fn unglue_result_words(body: &str) -> String {
    let words: Vec<&str> = body
        .split(' ')
        .map(|w| match w.strip_suffix(WORD_JOINER) {
            Some(bare) if glues_a_joiner(bare) => bare,
            _ => w,
        })
        .collect();
    words.join(" ")
}

/// Annotation kinds a comment's text holds as it is, with no `kind:` in front.
pub const PLAIN_KINDS: [AnnotationKind; 5] = [AnnotationKind::Comment, AnnotationKind::Unread, AnnotationKind::Nag, AnnotationKind::Escape, AnnotationKind::StrengthMark];

/// A comment the writer opened with an annotation's kind (`note: …`,
/// `star: …`): the kind and the text. Another word before `: ` is the comment's own text.
pub fn kind_prefixed(body: &str) -> Option<(AnnotationKind, &str)> {
    let (name, rest) = body.split_once(": ")?;
    let kind = AnnotationKind::from_name(name)?;
    is_note_kind(kind).then_some((kind, rest))
}

/// Whether a comment opens with a word and `: `, as a kind would: earlier
/// versions escaped every such comment as `comment: …`, so reading takes that
/// escape off whatever the word is.
fn opens_like_a_kind(body: &str) -> bool {
    body.split_once(": ").is_some_and(|(word, _)| {
        (2..=30).contains(&word.len()) && word.starts_with(|c: char| c.is_ascii_lowercase()) && word.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
    })
}

/// Whether the writer puts `kind: ` in front of an annotation of this kind:
/// every kind but the plain ones.
pub fn is_note_kind(kind: AnnotationKind) -> bool {
    !PLAIN_KINDS.contains(&kind)
}

/// The GameType of English draughts.
const ENGLISH: &str = "21";

/// A result as printed, in PDN's first-player convention: the first player in
/// English draughts is Black, so `1-0` is a Black win (as CheckerBoard writes it).
pub fn stated(printed: &str, span: Span) -> StatedResult {
    let p = printed.trim();
    let lower = p.to_ascii_lowercase();
    let outcome = match lower.as_str() {
        "1-0" | "2-0" => Outcome::BlackWins,
        "0-1" | "0-2" => Outcome::WhiteWins,
        "1/2-1/2" | "1-1" => Outcome::Draw,
        "*" => Outcome::Unknown,
        _ if lower.starts_with("draw") => Outcome::Draw,
        _ if lower.starts_with('w') => Outcome::WhiteWins,
        _ if lower.starts_with('b') => Outcome::BlackWins,
        _ => Outcome::Unknown,
    };
    StatedResult { outcome, printed: p.to_string(), span }
}

/// Moves listed for people: by from-square, then to-square, numerically.
pub fn sort_key(text: &str) -> Vec<u32> {
    text.split(['-', 'x']).map(|n| n.parse().unwrap_or(0)).collect()
}

/// Where a line's comments go: the line itself until its first move is read.
fn annotate(line: &mut Line, kind: AnnotationKind, text: String, span: Span) {
    let annotation = Annotation { kind, text, span };
    match line.moves.last_mut() {
        Some(mv) => mv.annotations.push(annotation),
        None => line.annotations.push(annotation),
    }
}

/// The last byte of an element, variations included.
fn element_end(game: &GameSyntax, element: &Element) -> usize {
    match element {
        Element::Variation { line } => game.lines.get(*line).map_or(0, |l| l.span.end),
        other => other.span().end,
    }
}

/// The starting position from the FEN tag, or the initial one; `Err` keeps the
/// FEN as printed when it cannot be used.
fn start_position(game: &GameSyntax, diagnostics: &mut Vec<Diagnostic>) -> Result<Position, String> {
    let Some(fen) = game.tags.iter().find(|t| t.name.eq_ignore_ascii_case("FEN")) else { return Ok(Position::initial()) };
    let span = fen.value_span;
    match draughts::parse_fen(&fen.value) {
        Ok(setup) => Position::from_setup(setup).map_err(|e| {
            diagnostics.push(Diagnostic::error(Code::PdnIllegalPosition, format!("the FEN position is impossible: {e}"), span).with_label("this position"));
            fen.value.clone()
        }),
        Err(e) => {
            // The offset is into the unescaped value; FEN has no quotes, so it maps 1:1.
            let at = span.start + e.offset.min(span.len());
            diagnostics.push(Diagnostic::error(Code::PdnBadFen, format!("cannot read the FEN: {}", e.message), Span::new(at, (at + 1).min(span.end.max(at)))).with_label("here"));
            Err(fen.value.clone())
        }
    }
}

/// Where each line branches: (parent, ply from the start). Each variation
/// replaces the move before its `(`; one opened before any move is an
/// alternative to its own line's first move.
pub(super) fn anchors(game: &GameSyntax) -> Vec<(Option<usize>, usize)> {
    let n = game.lines.len();
    let mut anchors: Vec<(Option<usize>, usize)> = vec![(None, 0); n];
    for (i, line) in game.lines.iter().enumerate() {
        let mut moves_before = 0;
        for element in &line.elements {
            match element {
                Element::Move(_) => moves_before += 1,
                Element::Variation { line: child } if *child < n => {
                    anchors[*child] = if moves_before > 0 {
                        (Some(i), anchors[i].1 + moves_before - 1)
                    } else {
                        (Some(anchors[i].0.unwrap_or(i)), anchors[i].1)
                    };
                }
                _ => {}
            }
        }
    }
    anchors
}

/// Replay every line of a parsed game. Parents come before their variations in
/// `game.lines`, so one pass in order has every branch position ready.
pub fn resolve(game: &GameSyntax, text: &str) -> (Game, Vec<Diagnostic>) {
    if super::lasca::is_lasca(game) {
        return super::lasca::resolve(game, text);
    }
    let mut diagnostics = Vec::new();
    let playable = english_game_type(game, &mut diagnostics);
    let start = start_position(game, &mut diagnostics);
    let start_text = match &start {
        Ok(p) => crate::tree::Start::Draughts(p.setup()),
        Err(printed) => crate::tree::Start::printed(printed),
    };
    let start = start.ok().filter(|_| playable);

    let n = game.lines.len();
    let anchors = anchors(game);

    let mut lines: Vec<Line> = Vec::with_capacity(n);
    // Positions along each line: index k = before its k-th move.
    let mut positions: Vec<Vec<Position>> = Vec::with_capacity(n);
    let mut legal = Vec::with_capacity(32);
    for (i, syntax) in game.lines.iter().enumerate() {
        let (parent, branch_ply) = anchors[i];
        let mut line = Line {
            label: if i == 0 { "trunk".into() } else { i.to_string() },
            parent,
            branch_ply,
            span: syntax.span,
            ..Line::default()
        };
        let first_position = match (start, parent) {
            (None, _) => None,
            (Some(p), None) => Some(p),
            (Some(_), Some(p)) => branch_ply.checked_sub(lines[p].branch_ply).and_then(|o| positions[p].get(o).copied()),
        };
        let mut along = Vec::new();
        match first_position {
            None => keep_unplayed(game, syntax, text, &mut line, start.is_some(), &mut diagnostics),
            Some(pos) => {
                // Room for every move at once: a long game's moves are not copied as they grow.
                let moves = syntax.elements.iter().filter(|e| matches!(e, Element::Move(_))).count();
                line.moves.reserve_exact(moves);
                along.reserve_exact(moves + 1);
                along.push(pos);
                replay(game, i, text, pos, &mut line, &mut along, &mut legal, &mut diagnostics);
            }
        }
        // Notes outside moves are kept even when the moves could not be replayed.
        if first_position.is_none() {
            for element in &syntax.elements {
                note(element, i, &mut line, text);
            }
        }
        lines.push(line);
        positions.push(along);
    }

    game_result(game, &mut lines, &mut diagnostics);
    // No Event, no name: a writer must not invent one.
    let name = game.tags.iter().find(|t| t.name == "Event").map_or_else(String::new, |t| t.value.clone());
    let tags = game.tags.iter().map(|t| (t.name.clone(), t.value.clone())).collect();
    (Game { name, tags, start: start_text, lines, span: game.span, ..Game::default() }, diagnostics)
}

/// Whether the game is English draughts: no `GameType` tag, or one whose
/// number is 21 (any other is an error; the moves are kept unread).
fn english_game_type(game: &GameSyntax, diagnostics: &mut Vec<Diagnostic>) -> bool {
    let Some(t) = game.tags.iter().find(|t| t.name == "GameType") else { return true };
    let number = t.value.split(',').next().unwrap_or("").trim();
    if number == ENGLISH {
        return true;
    }
    diagnostics.push(
        Diagnostic::error(Code::PdnGameType, format!("GameType {:?} is not English draughts; its moves are kept unread", t.value), t.value_span)
            .with_label("not 21")
            .with_help("gamescribe reads English draughts, GameType \"21\""),
    );
    false
}

/// A line with no position to replay from: its moves kept unread (an error
/// if the game has a start, so the parent line stopped before the branch).
fn keep_unplayed(game: &GameSyntax, syntax: &LineSyntax, text: &str, line: &mut Line, has_start: bool, diagnostics: &mut Vec<Diagnostic>) {
    let first_move = syntax.elements.iter().find_map(|e| if let Element::Move(m) = e { Some(m.span) } else { None });
    if let Some(first) = first_move {
        let rest = Span::new(first.start, line_end(game, syntax));
        line.unread = Some(Unread { raw: rest.slice(text).to_string(), span: rest });
        line.status = LineStatus::Unreadable;
        if has_start {
            diagnostics.push(Diagnostic::error(Code::PdnVariationWithoutPosition, "this variation branches where its parent line has no legal move", first).with_label("cannot be replayed"));
        }
    }
}

/// The game terminator as the trunk's stated result, checked against the `Result` tag.
fn game_result(game: &GameSyntax, lines: &mut [Line], diagnostics: &mut Vec<Diagnostic>) {
    let Some(result) = &game.result else { return };
    let tag = game.tags.iter().find(|t| t.name == "Result");
    if let Some(tag) = tag.filter(|t| t.value != result.text && t.value != "*" && result.text != "*") {
        diagnostics.push(
            Diagnostic::warning(Code::PdnResultMismatch, format!("the movetext ends {} but the Result tag says {}", result.text, tag.value), result.span)
                .with_label("game terminator")
                .with_help("PDN wants the two to agree"),
        );
    }
    if let Some(trunk) = lines.first_mut() {
        trunk.stated_result = Some(stated(&result.text, result.span));
    }
}

/// The last byte of a line: its `)` or its last element.
pub(super) fn line_end(game: &GameSyntax, line: &LineSyntax) -> usize {
    line.elements.iter().map(|e| element_end(game, e)).max().unwrap_or(line.span.end)
}

/// A non-move element as part of the tree: labels, results, unread text, comments.
pub(super) fn note(element: &Element, index: usize, line: &mut Line, text: &str) {
    match element {
        Element::Comment { comment: CommentKind::Brace, text, span } => {
            // The writer wraps long lines, so whitespace inside comments is not kept.
            let body = unglue_result_words(&text.split_whitespace().collect::<Vec<_>>().join(" "));
            let inner = Span::new(span.start + 1, span.end.saturating_sub(1).max(span.start + 1));
            let escaped = body.strip_prefix("comment:").map(str::trim_start).filter(|rest| RESERVED_COMMENTS.iter().any(|r| rest.starts_with(r)) || opens_like_a_kind(rest));
            if let Some(rest) = escaped {
                annotate(line, AnnotationKind::Comment, rest.to_string(), inner);
            } else if let Some(rest) = body.strip_prefix("unread:") {
                line.unread = Some(Unread { raw: rest.trim().to_string(), span: inner });
            } else if let Some(rest) = body.strip_prefix(NOT_READ) {
                annotate(line, AnnotationKind::Unread, rest.trim().to_string(), inner);
            } else if let Some(rest) = body.strip_prefix("result:") {
                line.stated_result = Some(stated(rest.trim(), inner));
            } else if let Some(rest) = body.strip_prefix(CONTRIBUTOR).filter(|_| line.moves.is_empty() && line.contributor.is_none()) {
                line.contributor = Some(Contributor { name: rest.trim().to_string(), span: inner });
            } else if let Some(rest) = body.strip_prefix("variation ").filter(|_| index > 0 && line.moves.is_empty() && line.annotations.is_empty()) {
                line.label = rest.trim().to_string();
            } else if let Some((kind, rest)) = kind_prefixed(&body) {
                let rest = if kind == AnnotationKind::SimilarPosition { rest.split(SEE).next().unwrap_or(rest) } else { rest };
                annotate(line, kind, rest.to_string(), inner);
            } else {
                annotate(line, AnnotationKind::Comment, body, inner);
            }
        }
        Element::Comment { comment: CommentKind::Line, text, span } => annotate(line, AnnotationKind::Comment, text.trim().to_string(), *span),
        Element::Comment { comment: CommentKind::Escape, text, span } => annotate(line, AnnotationKind::Escape, text.trim_end().to_string(), *span),
        Element::Nag { code, span } => annotate(line, AnnotationKind::Nag, format!("${code}"), *span),
        Element::StrengthMark { text, span } => annotate(line, AnnotationKind::StrengthMark, text.clone(), *span),
        // The rest of the file, or of a game too long to read: where the line stops.
        Element::Unread { reason: UnreadReason::UnterminatedComment | UnreadReason::TooLong, span } if line.unread.is_none() => {
            line.unread = Some(Unread { raw: span.slice(text).to_string(), span: *span });
        }
        Element::Unread { span, .. } => annotate(line, AnnotationKind::Unread, span.slice(text).to_string(), *span),
        Element::Move(_) | Element::MoveNumber { .. } | Element::Variation { .. } => {}
    }
}

/// Play one line's moves from `pos`; the first move that fails stops the line
/// and the text from it to the line's end is kept unread.
#[allow(clippy::too_many_arguments)]
fn replay(
    game: &GameSyntax,
    index: usize,
    text: &str,
    mut pos: Position,
    line: &mut Line,
    along: &mut Vec<Position>,
    legal: &mut Vec<draughts::Move>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let syntax = &game.lines[index];
    for (k, element) in syntax.elements.iter().enumerate() {
        let Element::Move(raw) = element else {
            note(element, index, line, text);
            continue;
        };
        pos.legal_moves_into(legal);
        let resolved = match draughts::resolve_among(legal, &raw.squares) {
            Err(ResolveError::Ambiguous(matches)) => from_continuation(syntax, k, &pos, matches, raw.span.slice(text), diagnostics),
            other => other,
        };
        match resolved {
            Ok(mv) => {
                if raw.separator == Separator::Capture && !mv.is_capture() {
                    diagnostics.push(
                        Diagnostic::warning(Code::PdnXOnStep, format!("{} is marked as a capture but takes nothing; kept as written", raw.span.slice(text)), raw.span)
                            .with_label("no capture")
                            .with_help("PDN writes a move that takes nothing with `-`"),
                    );
                }
                let mut node = MoveNode {
                    text: move_text_among(legal, &mv),
                    squares: mv.squares(),
                    span: raw.span,
                    printed: raw.span.slice(text).to_string(),
                    ..MoveNode::default()
                };
                if !raw.marks.is_empty() {
                    node.annotations.push(Annotation { kind: AnnotationKind::StrengthMark, text: raw.marks.clone(), span: raw.span });
                }
                line.moves.push(node);
                pos = pos.play(&mv);
                along.push(pos);
            }
            Err(err) => {
                let mut names: Vec<String> = legal.iter().map(|m| describe(&pos, m).0).collect();
                names.sort_by_key(|t| sort_key(t));
                let printed = raw.span.slice(text);
                let (code, msg) = match err {
                    ResolveError::Illegal => (Code::PdnIllegalMove, format!("{printed} is not a legal move here")),
                    ResolveError::Ambiguous(_) => (Code::PdnAmbiguousMove, format!("{printed} could be several captures; write the full path")),
                };
                diagnostics.push(Diagnostic::error(code, msg, raw.span).with_label("the line stops here").with_help(format!("legal moves: {}", names.join(" "))));
                let rest = Span::new(raw.span.start, line_end(game, syntax));
                line.unread = Some(Unread { raw: rest.slice(text).to_string(), span: rest });
                line.status = if line.moves.is_empty() { LineStatus::Unreadable } else { LineStatus::Partial };
                return;
            }
        }
    }
    if line.unread.is_some() && line.status == LineStatus::Legal {
        line.status = if line.moves.is_empty() { LineStatus::Unreadable } else { LineStatus::Partial };
    }
    // A move the writer noted as mended from OCR keeps the line "repaired".
    if line.status == LineStatus::Legal && line.moves.iter().any(|m| m.annotations.iter().any(|a| a.kind == AnnotationKind::Repaired)) {
        line.status = LineStatus::Repaired;
    }
}

/// An ambiguous capture taken as the one path after which the rest of its line
/// replays (a warning naming the paths); still ambiguous otherwise.
fn from_continuation(syntax: &LineSyntax, k: usize, pos: &Position, matches: Vec<draughts::Move>, printed: &str, diagnostics: &mut Vec<Diagnostic>) -> Result<draughts::Move, ResolveError> {
    let rest: Vec<Vec<u8>> = syntax.elements[k + 1..].iter().filter_map(|e| if let Element::Move(m) = e { Some(m.squares.clone()) } else { None }).collect();
    let go_on = paths_that_go_on(pos, &matches, &rest);
    let [taken] = go_on[..] else { return Err(ResolveError::Ambiguous(matches)) };
    let span = match &syntax.elements[k] {
        Element::Move(m) => m.span,
        _ => Span::default(),
    };
    let others: Vec<draughts::Move> = matches.iter().copied().filter(|m| *m != taken).collect();
    diagnostics.push(
        Diagnostic::warning(
            Code::PdnAmbiguousCaptureResolved,
            format!("{printed} could be {}; read as {} because only after it does the line go on (not after {})", either(&matches), either(&[taken]), either(&others)),
            span,
        )
        .with_label("path chosen by what follows")
        .with_help(format!("write the full path: {}", either(&[taken]))),
    );
    Ok(taken)
}

#[cfg(test)]
mod tests {
    use super::super::read;

    #[test]
    fn an_ambiguous_capture_is_settled_by_what_follows_with_a_warning() {
        let text = "[FEN \"B:W14,15,22,23:B10\"]\n1. 10x26 23-18 *";
        let src = read("t", text);
        assert_eq!(src.error_count(), 0, "{:?}", src.diagnostics);
        let w = &src.diagnostics[0];
        assert_eq!(w.code, "pdn::ambiguous-capture-resolved");
        assert!(w.message.contains("10x17x26 or 10x19x26") && w.message.contains("read as 10x17x26"), "{}", w.message);
        assert_eq!(src.games[0].lines[0].moves[0].squares, [10, 17, 26]);
        assert_eq!(super::super::validate(text).errors, 0, "the streaming check agrees");
        // Nothing after it: either path goes on, so it stays an error.
        let alone = read("t", "[FEN \"B:W14,15,22,23:B10\"]\n1. 10x26 *");
        assert_eq!(alone.diagnostics[0].code, "pdn::ambiguous-move");
        assert_eq!(super::super::validate("[FEN \"B:W14,15,22,23:B10\"]\n1. 10x26 *").errors, 1);
    }

    /// A game past the most moves is read to them: its trunk stops there, the
    /// rest kept unread, one error, which the streaming check counts too.
    #[test]
    fn a_game_past_the_most_moves_is_read_to_them() {
        use super::super::MAX_MOVES;
        let text = format!("[FEN \"B:WK29:BK4\"]\n{}4-8 29-25 1/2-1/2", "4-8 29-25 8-4 25-29 ".repeat(MAX_MOVES / 4));
        let src = read("t", &text);
        let codes: Vec<&str> = src.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.code.as_str()).collect();
        assert_eq!(codes, ["pdn::game-too-long"]);
        let trunk = &src.games[0].lines[0];
        assert_eq!((trunk.moves.len(), trunk.status), (MAX_MOVES, crate::tree::LineStatus::Partial));
        let unread = trunk.unread.as_ref().expect("the rest is kept");
        assert_eq!((unread.raw.as_str(), unread.span.end), ("4-8 29-25", text.len() - " 1/2-1/2".len()));
        assert_eq!(super::super::validate(&text).errors, 1);
        assert_eq!(super::super::validate(&text).moves, MAX_MOVES);
    }

    /// A line's moves get their room at once (a long game is not copied as
    /// it grows): five moves on the trunk, three in the variation.
    #[test]
    fn each_line_has_room_for_its_moves_at_once() {
        let src = read("t", "1. 11-15 23-19 2. 8-11 (2. 9-14 27-23 3. 5-9) 22-17 3. 9-13 *");
        assert_eq!(src.error_count(), 0, "{:?}", src.diagnostics);
        let room: Vec<(usize, usize)> = src.games[0].lines.iter().map(|l| (l.moves.len(), l.moves.capacity())).collect();
        assert_eq!(room, [(5, 5), (3, 3)]);
    }

    /// `{comment: see: game 12}`, as earlier versions wrote the comment
    /// `see: game 12`, reads back as that comment; a word that names no kind
    /// stays part of the comment's text.
    #[test]
    fn an_escaped_comment_reads_back_whatever_its_opening_word() {
        use crate::tree::AnnotationKind;
        let src = read("t", "1. 11-15 {comment: see: game 12} 23-19 {hint: play 8-11} *");
        let notes: Vec<(AnnotationKind, &str)> = src.games[0].lines[0].moves.iter().flat_map(|m| m.annotations.iter().map(|a| (a.kind, a.text.as_str()))).collect();
        assert_eq!(notes, [(AnnotationKind::Comment, "see: game 12"), (AnnotationKind::Comment, "hint: play 8-11")]);
        let written = crate::export::pdn::write_pdn(&src);
        let again = read("t", &written);
        let texts = |s: &crate::tree::Source| s.games[0].lines[0].moves.iter().flat_map(|m| m.annotations.iter().map(|a| (a.kind, a.text.clone()))).collect::<Vec<_>>();
        assert_eq!(texts(&again), texts(&src), "{written}");
    }

    #[test]
    fn x_on_a_move_that_takes_nothing_is_warned_and_kept() {
        let src = read("t", "1. 11x15 23x19 *");
        assert_eq!(src.error_count(), 0);
        assert_eq!(src.diagnostics.iter().filter(|d| d.code == "pdn::x-on-step").count(), 2);
        let written = crate::export::pdn::write_pdn(&src);
        assert!(written.contains("1. 11x15 23x19 *"), "{written}");
    }

    #[test]
    fn results_and_event_are_kept_as_given() {
        let src = read("t", "[Result \"1/2-1/2\"]\n1. 11-15 *");
        let written = crate::export::pdn::write_pdn(&src);
        assert!(written.contains("[Result \"1/2-1/2\"]") && written.trim_end().ends_with(" *"), "{written}");
        assert!(!written.contains("[Event"), "no Event invented: {written}");
        let src = read("t", "[Event \"Glasgow\"]\n1. 11-15 *");
        assert!(crate::export::pdn::write_pdn(&src).starts_with("[Event \"Glasgow\"]"));
    }

    #[test]
    fn a_full_capture_path_is_kept_as_written() {
        let text = "[FEN \"B:W14,15,22,23:B10\"]\n1. 10x19x26 *";
        let written = crate::export::pdn::write_pdn(&read("t", text));
        assert!(written.contains("1. 10x19x26 *"), "{written}");
        // An ambiguous short capture is written with the path that settled it.
        let written = crate::export::pdn::write_pdn(&read("t", "[FEN \"B:W14,15,22,23:B10\"]\n1. 10x26 23-18 *"));
        assert!(written.contains("1. 10x17x26 23-18 *"), "{written}");
    }
}
