//! PDN 3.0 writer: one game per tree game, variations as nested RAV at their
//! branch ply, repairs and unread text in comments.
//!
//! Lasca has no registered PDN GameType. Its games are written with
//! `[GameType "98"]` (a number outside PDN's list, chosen by gamescribe),
//! `[Variant "Lasca"]`, and the start in `[FEN]` in gamescribe's column format
//! (`w 1:w 2:Wwb …`), since a PDN FEN cannot stack men. White moves first and
//! numbers each move (`1. 9-13 17x9`); a capture gives every landing square.

use crate::notation::pdn::{is_note_kind, kind_prefixed, score, NOT_READ, RESERVED_COMMENTS, WORD_JOINER};
use crate::rules::draughts::{write_fen, Setup};
use crate::tree::{Annotation, AnnotationKind, Game, Line, Source};
use std::fmt::Write;

/// Tags this writer sets itself; others are copied from the tree.
const OWN_TAGS: [&str; 6] = ["Event", "GameType", "FEN", "SetUp", "Result", "Variant"];

/// The GameType gamescribe writes for Lasca (see the module notes).
pub const LASCA_GAME_TYPE: &str = "98";

/// Which game a source's moves belong to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    English,
    Lasca,
}

/// Comments cannot hold braces; they become parentheses. Blanks are folded to
/// single spaces (readers fold them anyway), so wrapping cannot change a comment.
///
/// A word in a comment that is also a game result (`*`, `1-0`, …) gets a
/// word joiner (U+2060) after it: pydraughts ends a game at such a word even
/// inside a comment. Our reader removes the joiner again.
fn comment(text: &str) -> String {
    let words: Vec<String> = text
        .split_whitespace()
        .map(|w| if RESULT_WORDS.contains(&w) { format!("{w}{WORD_JOINER}") } else { w.to_string() })
        .collect();
    format!("{{{}}}", words.join(" ").replace('{', "(").replace('}', ")"))
}

/// What pydraughts takes for a game's end wherever it stands.
const RESULT_WORDS: [&str; 8] = ["*", "1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0"];

/// A tag value on one line with `"` and `\` escaped.
fn quote(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ")
}

/// Movetext pieces: words are wrapped at 80 columns; an escape line stands alone.
enum Piece {
    Word(String),
    OwnLine(String),
}

/// One PDN game per tree game.
pub fn write_pdn(source: &Source) -> String {
    let mut out = String::new();
    let kind = if source.notation.game() == Some(crate::tree::GameKind::Lasca) { Kind::Lasca } else { Kind::English };
    for game in written_games(source) {
        write_game(&mut out, &game, kind);
        out.push('\n');
    }
    out
}

/// The games as the PDN has them: each tree game, then, after it, each of its
/// variations replayed from a start of its own (its branch point was not read,
/// so it cannot hang in the tree) as a game from that position.
pub fn written_games(source: &Source) -> Vec<Game> {
    let mut games = Vec::new();
    for game in &source.games {
        // A line with a start of its own takes the variations marked in it along.
        let own_starts: Vec<usize> = (1..game.lines.len()).filter(|&i| game.lines[i].parent.is_none() && game.lines[i].start.is_some()).collect();
        // As far up as the parent links go.
        let root_of = |i: usize| game.ancestors(i).last().unwrap_or(i);
        let (moved, stays): (Vec<usize>, Vec<usize>) = (0..game.lines.len()).partition(|&i| i != 0 && game.lines[i].parent.is_some() && own_starts.contains(&root_of(i)));
        games.push(Game { lines: kept_lines(game, &stays), ..game.clone() });
        games.extend(own_starts.iter().map(|&root| {
            let under: Vec<usize> = std::iter::once(root).chain(moved.iter().copied().filter(|&i| root_of(i) == root)).collect();
            own_start_game(game, &kept_lines(game, &under))
        }));
        // A column never placed and never read is kept as a game of its own
        // holding only its text, so that it reads back as the same line.
        games.extend(game.lines.iter().skip(1).filter(|l| l.parent.is_none() && l.start.is_none() && l.moves.is_empty()).map(|line| unplaced_game(game, line)));
    }
    games
}

/// A variation whose branch point and moves were not read, as a game with no moves.
fn unplaced_game(game: &Game, line: &Line) -> Game {
    let mut own = line.clone();
    own.annotations.insert(0, crate::tree::Annotation { kind: crate::tree::AnnotationKind::Note, text: "not placed: where this variation branches was not read".into(), span: line.span });
    Game { name: format!("{}, variation {}", game.name, line.label), tags: vec![("Variation".into(), line.label.clone())], start: game.start.clone(), lines: vec![own], span: line.span, ..Game::default() }
}

/// The lines at `keep` (in that order), parent links renumbered to match.
fn kept_lines(game: &Game, keep: &[usize]) -> Vec<Line> {
    keep.iter()
        .map(|&i| {
            let mut line = game.lines[i].clone();
            line.parent = line.parent.and_then(|p| keep.iter().position(|&k| k == p));
            line
        })
        .collect()
}

/// A variation with its own start, with the variations marked in it, as a game of its own.
fn own_start_game(game: &Game, lines: &[Line]) -> Game {
    let line = &lines[0];
    let mut own = line.clone();
    own.start = None;
    own.annotations.insert(
        0,
        crate::tree::Annotation { kind: crate::tree::AnnotationKind::Note, text: "start inferred from this variation's own moves; that the game reaches it is not checked".into(), span: line.span },
    );
    Game {
        name: format!("{}, variation {}", game.name, line.label),
        tags: vec![("Variation".into(), line.label.clone())],
        start: line.start.clone().unwrap_or_default(),
        lines: std::iter::once(own).chain(lines[1..].iter().cloned()).collect(),
        span: line.span,
        ..Game::default()
    }
}

fn write_game(out: &mut String, game: &Game, kind: Kind) {
    // The source's Event as given; a name only where the reader found one (none is invented).
    let tag = |name: &str| game.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    if let Some(event) = tag("Event").or(Some(game.name.as_str()).filter(|n| !n.is_empty())) {
        let _ = writeln!(out, "[Event \"{}\"]", quote(event));
    }
    for (name, value) in &game.tags {
        let clean_name = name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !name.is_empty();
        if clean_name && !OWN_TAGS.iter().any(|t| t.eq_ignore_ascii_case(name)) {
            let _ = writeln!(out, "[{name} \"{}\"]", quote(value));
        }
    }
    let fen = match kind {
        Kind::English => {
            let _ = writeln!(out, "[GameType \"21\"]");
            // A start that cannot be read is written as it was printed, so the problem stays visible.
            match game.start.draughts() {
                Some(Ok(start)) => (start != Setup::INITIAL).then(|| write_fen(&start)),
                _ => Some(game.start.to_string()),
            }
        }
        Kind::Lasca => {
            let _ = writeln!(out, "[GameType \"{LASCA_GAME_TYPE}\"]");
            let _ = writeln!(out, "[Variant \"Lasca\"]");
            Some(game.start.to_string())
        }
    };
    if let Some(fen) = fen {
        let _ = writeln!(out, "[SetUp \"1\"]");
        let _ = writeln!(out, "[FEN \"{}\"]", quote(&fen));
    }
    let outcome = game.lines.first().and_then(|l| l.stated_result.as_ref()).map(|r| r.outcome);
    let result = match kind {
        Kind::English => outcome.map_or("*", score),
        // Lasca's first player is White: PDN scores from the first player's side.
        Kind::Lasca => outcome.map_or("*", lasca_score),
    };
    // A Result tag is kept as given even where the movetext ends otherwise (`*`).
    let _ = writeln!(out, "[Result \"{}\"]", tag("Result").map_or_else(|| result.to_string(), quote));
    let mut pieces = Vec::new();
    if !game.lines.is_empty() {
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); game.lines.len()];
        for (i, line) in game.lines.iter().enumerate() {
            if let Some(p) = line.parent.filter(|&p| p < game.lines.len() && p != i) {
                children[p].push(i);
            }
        }
        let mut written = vec![false; game.lines.len()];
        let writer = LineWriter { game, children: &children, kind };
        writer.line(&mut pieces, 0, 0, &mut written);
        // Lines no walk from the trunk reaches (a broken parent link) are kept as text.
        for (i, line) in game.lines.iter().enumerate().filter(|(i, l)| !written[*i] && l.start.is_none() && !(l.parent.is_none() && l.moves.is_empty())) {
            pieces.push(Piece::Word(comment(&unplaced(i, line))));
        }
        // Read back, every comment after the last move belongs to that move and the unread
        // text closes the line: written in that order, a second round trip gives the same text.
        unread(&mut pieces, &game.lines[0]);
    }
    pieces.push(Piece::Word(result.to_string()));
    out.push_str(&wrap(&pieces, 80));
    out.push('\n');
}

fn unplaced(index: usize, line: &Line) -> String {
    let moves: Vec<&str> = line.moves.iter().map(|m| m.text.as_str()).collect();
    format!("unplaced variation {} (line {index}) at ply {}: {}", line.label, line.branch_ply, moves.join(" "))
}

/// (number, opens the number): the side that moves first opens every number,
/// whichever colour it is, as CheckerBoard writes a White-to-move start
/// (`1. 27-23 20x27`) and pydraughts reads it.
fn move_number(ply: usize) -> (usize, bool) {
    (ply / 2 + 1, ply.is_multiple_of(2))
}

/// A Lasca result in PDN's first-player convention: White moves first.
fn lasca_score(outcome: crate::tree::Outcome) -> &'static str {
    use crate::tree::Outcome;
    match outcome {
        Outcome::WhiteWins => "1-0",
        Outcome::BlackWins => "0-1",
        Outcome::Draw => "1/2-1/2",
        Outcome::Unknown => "*",
    }
}

/// The move as the source spelled it where that spelling names this move and no
/// other: `x` on a move that takes nothing and a capture's full path are kept;
/// a short capture that the full path had to settle is written in full.
fn spelling(mv: &crate::tree::MoveNode) -> String {
    let printed = mv.printed.trim_end_matches(['!', '?', '*']);
    let valid = !printed.is_empty()
        && printed.split(['-', 'x', 'X']).all(|n| !n.is_empty() && n.len() <= 2 && n.bytes().all(|b| b.is_ascii_digit()))
        && printed.contains(['-', 'x', 'X']);
    if !valid {
        return mv.text.clone();
    }
    let squares: Vec<u8> = printed.split(['-', 'x', 'X']).filter_map(|n| n.parse().ok()).collect();
    let canonical: Vec<u8> = mv.text.split(['-', 'x']).filter_map(|n| n.parse().ok()).collect();
    if squares == mv.squares || squares == canonical { printed.to_string() } else { mv.text.clone() }
}

struct LineWriter<'a> {
    game: &'a Game,
    children: &'a [Vec<usize>],
    kind: Kind,
}

/// A Lasca move in PDN: `9-13`, or a capture with every landing, `10x16x22`.
fn lasca_pdn_move(squares: &[u8]) -> String {
    let parts: Vec<String> = squares.iter().map(u8::to_string).collect();
    let jump = squares.len() >= 2
        && crate::rules::lasca::between(squares[0] as usize - 1, squares[1] as usize - 1) != u8::MAX;
    parts.join(if jump { "x" } else { "-" })
}

/// How an annotation is written back: marks and NAGs after the move, the rest as comments.
fn annotation(out: &mut Vec<Piece>, a: &Annotation) {
    match a.kind {
        AnnotationKind::Nag if a.text.starts_with('$') && a.text.len() > 1 && a.text[1..].bytes().all(|b| b.is_ascii_digit()) => out.push(Piece::Word(a.text.clone())),
        AnnotationKind::Escape if !a.text.contains(['\n', '\r']) => out.push(Piece::OwnLine(format!("%{}", a.text))),
        AnnotationKind::Unread => out.push(Piece::Word(comment(&format!("{NOT_READ} {}", a.text)))),
        kind if is_note_kind(kind) => out.push(Piece::Word(comment(&format!("{kind}: {}", a.text)))),
        _ => {
            let body = a.text.split_whitespace().collect::<Vec<_>>().join(" ");
            if RESERVED_COMMENTS.iter().any(|r| body.starts_with(r)) || kind_prefixed(&body).is_some() {
                out.push(Piece::Word(comment(&format!("comment: {body}"))));
            } else {
                out.push(Piece::Word(comment(&a.text)));
            }
        }
    }
}

/// How a repaired move was mended, as the writer puts it in its `repaired:` comment
/// (read back as an annotation of kind `repaired`).
pub fn repair_note(mv: &crate::tree::MoveNode) -> Option<String> {
    let r = mv.repair.as_ref()?;
    let edits: Vec<String> = r.edits.iter().map(|e| format!("{:?}->{:?} {}", e.from, e.to, e.kind)).collect();
    Some(format!("printed {:?}; {}; confidence {:.2}", mv.printed, edits.join(", "), r.confidence))
}

/// Strength marks the lexer reads as part of a move.
fn is_mark(a: &Annotation) -> bool {
    a.kind == AnnotationKind::StrengthMark && !a.text.is_empty() && a.text.chars().all(|c| matches!(c, '!' | '?' | '*'))
}

impl LineWriter<'_> {
    /// Write line `index` and, at each move, the variations that replace it.
    fn line(&self, out: &mut Vec<Piece>, index: usize, depth: usize, written: &mut [bool]) {
        written[index] = true;
        let line = &self.game.lines[index];
        if index != 0 {
            out.push(Piece::Word(comment(&format!("variation {}", line.label))));
        }
        for a in &line.annotations {
            annotation(out, a);
        }
        // The second mover's move is numbered (`12...`) only where a line starts with it: numbers
        // repeated after comments and variations trip readers such as pydraughts.
        let mut need_number = true;
        for (k, mv) in line.moves.iter().enumerate() {
            let ply = line.branch_ply + k;
            let (n, opens) = move_number(ply);
            if opens {
                out.push(Piece::Word(format!("{n}.")));
            } else if need_number {
                out.push(Piece::Word(format!("{n}...")));
            }
            need_number = false;
            let mut text = match self.kind {
                Kind::English => spelling(mv),
                Kind::Lasca if mv.squares.iter().all(|&s| (1..=25).contains(&s)) => lasca_pdn_move(&mv.squares),
                Kind::Lasca => mv.text.clone(),
            };
            for a in mv.annotations.iter().filter(|a| is_mark(a)) {
                text.push_str(&a.text);
            }
            out.push(Piece::Word(text));
            // A Lasca promotion is implied by the move; its printed mark stays in the tree.
            for a in mv.annotations.iter().filter(|a| !is_mark(a) && !(self.kind == Kind::Lasca && a.kind == AnnotationKind::PromotionMark)) {
                annotation(out, a);
            }
            if let Some(text) = repair_note(mv) {
                out.push(Piece::Word(comment(&format!("repaired: {text}"))));
            }
            for &child in &self.children[index] {
                if self.game.lines[child].branch_ply != ply || written[child] {
                    continue;
                }
                if depth >= crate::notation::pdn::MAX_DEPTH {
                    out.push(Piece::Word(comment(&format!("variation {} not written: nested too deep", self.game.lines[child].label))));
                    written[child] = true;
                    continue;
                }
                out.push(Piece::Word("(".into()));
                self.line(out, child, depth + 1, written);
                out.push(Piece::Word(")".into()));
            }
        }
        // Variations that branch outside this line's moves cannot stand as RAV.
        let last = line.branch_ply + line.moves.len();
        for &child in &self.children[index] {
            let c = &self.game.lines[child];
            if !written[child] && c.branch_ply >= last || c.branch_ply < line.branch_ply {
                out.push(Piece::Word(comment(&unplaced(child, c))));
                written[child] = true;
            }
        }
        if index != 0
            && let Some(r) = &line.stated_result
        {
            out.push(Piece::Word(comment(&format!("result: {}", r.printed))));
        }
        // The trunk's unread text is written after the lines no walk reaches (see `write_game`).
        if index != 0 {
            unread(out, line);
        }
    }
}

fn unread(out: &mut Vec<Piece>, line: &Line) {
    if let Some(u) = &line.unread {
        out.push(Piece::Word(comment(&format!("unread: {}", u.raw))));
    }
}

/// Break movetext into lines of at most `width` characters where a blank
/// stands (inside comments too: readers fold whitespace in comments).
fn wrap(pieces: &[Piece], width: usize) -> String {
    let mut out = String::new();
    let mut col = 0;
    for piece in pieces {
        let word = match piece {
            Piece::Word(w) => w,
            Piece::OwnLine(l) => {
                if col > 0 {
                    out.push('\n');
                }
                out.push_str(l);
                out.push('\n');
                col = 0;
                continue;
            }
        };
        for word in word.split(' ').filter(|w| !w.is_empty()) {
            if col > 0 && col + 1 + word.len() > width {
                out.push('\n');
                col = 0;
            } else if col > 0 {
                out.push(' ');
                col += 1;
            }
            out.push_str(word);
            col += word.len();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{numeric, pdn};

    #[test]
    fn writes_and_reads_back_a_game_with_a_variation() {
        let text = "[Event \"Glasgow\"]\n1. 11-15 23-19 (1... 22-18 15x22 {a note}) 2. 8-11 22-17 1/2-1/2\n";
        let src = pdn::read("t", text);
        assert!(src.diagnostics.is_empty(), "{:?}", src.diagnostics);
        assert_eq!(src.games[0].lines.len(), 2);
        assert_eq!(src.games[0].lines[1].branch_ply, 1);
        let written = write_pdn(&src);
        let again = pdn::read("t", &written);
        assert!(again.diagnostics.is_empty(), "{written}\n{:?}", again.diagnostics);
        assert_eq!(write_pdn(&again), written);
        let moves: Vec<&str> = again.games[0].lines[1].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["22-18", "15x22"]);
    }

    #[test]
    fn repairs_and_unread_text_go_in_comments() {
        let src = numeric::read("t", "11 l5 23 19\n\n11 15 99 100", &numeric::ReadOptions::default());
        let written = write_pdn(&src);
        assert!(written.contains("{repaired: printed \"11 l5\""), "{written}");
        assert!(written.contains("{unread: 99 100}"), "{written}");
        let back = pdn::read("t", &written);
        assert_eq!(back.games[1].lines[0].unread.as_ref().unwrap().raw, "99 100");
    }

    #[test]
    fn a_setup_writes_fen_and_numbers_from_white() {
        let text = "[FEN \"W:WK11,K22:BK5.\"]\n1... 22-18 2. 5-9 *";
        let src = pdn::read("t", text);
        assert!(src.diagnostics.is_empty(), "{:?}", src.diagnostics);
        let written = write_pdn(&src);
        assert!(written.contains("[FEN \"W:WK11,K22:BK5\"]"), "{written}");
        assert!(written.contains("1. 22-18 5-9 *"), "the first mover opens each number, as CheckerBoard writes it: {written}");
    }
}
