//! PDN 3.0 writer: one game per tree game, variations as nested RAV at their
//! branch ply, repairs and unread text in comments, and each line that cannot
//! be RAV (no branch point reached) as a note in its game (see `written_games`).
//!
//! Lasca has no registered PDN GameType. Its games are written with
//! `[GameType "98"]` (a number outside PDN's list, chosen by gamescribe),
//! `[Variant "Lasca"]`, and the start in `[FEN]` in gamescribe's column format
//! (`w 1:w 2:Wwb …`), since a PDN FEN cannot stack men. White moves first and
//! numbers each move (`1. 9-13 17x9`); a capture gives every landing square.

use crate::notation::pdn::{glues_a_joiner, is_note_kind, kind_prefixed, score, CONTRIBUTOR, NOT_READ, RESERVED_COMMENTS, SEE, WORD_JOINER};
use crate::rules::draughts::{write_fen, Setup};
use crate::tree::{Annotation, AnnotationKind, Game, Line, LinkTarget, Source, Study, StudyStart};
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
/// inside a comment. Our reader removes that one joiner again (and only it).
fn comment(text: &str) -> String {
    let words: Vec<String> = text
        .split_whitespace()
        .map(|w| if glues_a_joiner(w) { format!("{w}{WORD_JOINER}") } else { w.to_string() })
        .collect();
    format!("{{{}}}", words.join(" ").replace('{', "(").replace('}', ")"))
}


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
    write_pdn_counted(source).0
}

/// What [`write_pdn`] wrote: `convert` prints it, tests compare it with the tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Written {
    pub games: usize,
    /// Variations written as RAV.
    pub variations: usize,
    /// Moves written as moves (main lines and RAV).
    pub moves: usize,
    /// Lines kept as a comment in their game (see [`written_games`]).
    pub kept: usize,
    /// Of those: no move read.
    pub kept_no_move: usize,
    /// Of those: a start of their own (inferred from their moves, or where a
    /// stopped line resumes), which no written move reaches.
    pub kept_own_start: usize,
    /// Moves inside the kept lines' comments.
    pub kept_moves: usize,
}

impl std::fmt::Display for Written {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} game(s), {} variation(s) as RAV, {} move(s) written; {} line(s) kept as comments in their game ({} with no move read, {} from a start of their own, {} move(s) in them)",
            self.games, self.variations, self.moves, self.kept, self.kept_no_move, self.kept_own_start, self.kept_moves
        )
    }
}

/// The PDN text and what it holds.
pub fn write_pdn_counted(source: &Source) -> (String, Written) {
    let mut out = String::new();
    let mut written = Written::default();
    for game in &source.games {
        written.add_game(&mut out, game, source.notation);
    }
    (out, written)
}

impl Written {
    /// Write one game of a source read in `notation` as [`write_pdn_counted`]
    /// writes it, and count it: a file's games written as they are read.
    pub fn add_game(&mut self, out: &mut String, game: &Game, notation: crate::tree::Notation) {
        let kind = if notation.game() == Some(crate::tree::GameKind::Lasca) { Kind::Lasca } else { Kind::English };
        let (game, kept) = placed_and_kept(game);
        self.games += 1;
        self.variations += game.lines.len().saturating_sub(1);
        self.moves += game.lines.iter().map(|l| l.moves.len()).sum::<usize>();
        self.kept += kept.len();
        self.kept_no_move += kept.iter().filter(|l| l.moves.is_empty()).count();
        self.kept_own_start += kept.iter().filter(|l| l.start.is_some()).count();
        self.kept_moves += kept.iter().map(|l| l.moves.len()).sum::<usize>();
        write_game(out, &game, kind);
        out.push('\n');
    }
}

/// The games as the PDN has them, one per tree game: the trunk and every
/// variation that hangs from it (directly or through other variations) at a
/// move of its parent, as RAV; every other line (a start inferred from its own
/// moves, which no move of the game reaches; where it branches not read; no
/// move read; or branching from such a line) kept as a note after the trunk's
/// last move, with its moves and text and where it belongs.
/// PDN 3.0 has no setup inside a variation (only the `/FEN/` extension, which
/// PDN readers such as pydraughts do not take), so a comment is where those lines go.
pub fn written_games(source: &Source) -> Vec<Game> {
    source.games.iter().map(|g| placed_and_kept(g).0).collect()
}

/// A game as written (see [`written_games`]), and the lines kept as notes.
fn placed_and_kept(game: &Game) -> (Game, Vec<&Line>) {
    if game.lines.is_empty() {
        return (game.clone(), Vec::new());
    }
    let placed = placed_lines(game);
    let kept: Vec<usize> = (1..game.lines.len()).filter(|i| !placed.contains(i)).collect();
    let mut lines = kept_lines(game, &placed);
    let notes = kept.iter().map(|&i| Annotation { kind: AnnotationKind::Note, text: kept_note(game, i), span: game.lines[i].span });
    // After the trunk's last move (where a reader hangs a comment that follows
    // it), so that OCR text in a note cannot disturb the moves before it in a
    // reader that strips parentheses before comments (pydraughts does).
    match lines[0].moves.last_mut() {
        Some(last) => last.annotations.extend(notes),
        None => lines[0].annotations.extend(notes),
    }
    (Game { lines, ..game.clone() }, kept.iter().map(|&i| &game.lines[i]).collect())
}

/// The trunk and the lines the line writer can hang as RAV, in index order: a
/// parent already placed, a branch at one of the parent's moves, and no deeper
/// than a reader takes.
fn placed_lines(game: &Game) -> Vec<usize> {
    let n = game.lines.len();
    let mut depth: Vec<Option<usize>> = vec![None; n];
    depth[0] = Some(0);
    // Parents may come after their children in index order: repeat until nothing changes.
    let mut changed = true;
    while changed {
        changed = false;
        for (i, line) in game.lines.iter().enumerate().skip(1) {
            let Some(p) = line.parent.filter(|&p| p < n && p != i) else { continue };
            let (Some(d), None) = (depth[p], depth[i]) else { continue };
            let parent = &game.lines[p];
            let at_a_move = (parent.branch_ply..parent.branch_ply + parent.moves.len()).contains(&line.branch_ply);
            if at_a_move && d < crate::notation::pdn::MAX_DEPTH {
                depth[i] = Some(d + 1);
                changed = true;
            }
        }
    }
    (0..n).filter(|&i| depth[i].is_some()).collect()
}

/// A line that cannot stand as RAV, as one note: which variation, why, where
/// it starts or branches, its moves, its result and everything printed with it.
fn kept_note(game: &Game, index: usize) -> String {
    let line = &game.lines[index];
    let label = |i: usize| if i == 0 { "the trunk".to_string() } else { format!("variation {}", game.lines[i].label) };
    let mut parts = vec![format!("{} (line {index}) kept as text, not as a variation", label(index))];
    let why = match (line.parent, &line.start) {
        (_, Some(start)) if line.origin.is_resumed() => format!("it resumes a line whose reading stopped, from a position no written move reaches: start {start}"),
        (_, Some(start)) => format!("its start is inferred from its own moves and no move of this game is shown to reach it: start {start}"),
        (Some(p), None) if p < game.lines.len() => format!("it branches from {} at ply {}, which is not written as a variation", label(p), line.branch_ply),
        (Some(p), None) => format!("its parent line {p} does not exist"),
        (None, None) if line.moves.is_empty() => "no move was read and where it branches was not read".to_string(),
        (None, None) => format!("where it branches was not read (ply {})", line.branch_ply),
    };
    parts.push(why);
    if let crate::tree::LineOrigin::Resumed { of, piece, inferred } = line.origin {
        let from = if inferred { "from the start its own moves imply" } else { "from the one position the gap leads to" };
        parts.push(format!("part {piece} of {}, read on after it stopped, {from}", if of < game.lines.len() { label(of) } else { format!("line {of}") }));
    }
    if let Some(c) = &line.contributor {
        parts.push(format!("{CONTRIBUTOR}{}", c.name));
    }
    for a in &line.annotations {
        parts.push(format!("{}: {}", a.kind, a.text));
    }
    for link in &line.similar {
        let at = link.at_move.and_then(|m| line.moves.get(m)).map_or(String::new(), |m| format!(" at {}", m.text));
        parts.push(match &link.target {
            Some(target) => format!("{}: s{at}{SEE}{}", AnnotationKind::SimilarPosition, see(target)),
            None => format!("{}: s{at}, its target not found", AnnotationKind::SimilarPosition),
        });
    }
    if !line.moves.is_empty() {
        let moves: Vec<String> = line
            .moves
            .iter()
            .map(|mv| {
                let mut text = spelling(mv);
                for a in &mv.annotations {
                    text.push_str(&format!(" ({}: {})", a.kind, a.text));
                }
                if let Some(r) = repair_note(mv) {
                    text.push_str(&format!(" (repaired: {r})"));
                }
                text
            })
            .collect();
        parts.push(format!("moves: {}", moves.join(" ")));
    }
    if let Some(r) = &line.stated_result {
        parts.push(format!("result: {}", r.printed));
    }
    if let Some(u) = line.unread.as_ref().filter(|u| !u.raw.trim().is_empty()) {
        parts.push(format!("unread: {}", u.raw));
    }
    // Blanks and braces are made safe where the note is written as a comment (`comment`).
    parts.join("; ")
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
    if let Some(study) = &game.study {
        pieces.push(Piece::Word(comment(&study_start(study))));
    }
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

/// A study's `[FEN]` is no printed diagram: said where a reader sees it.
fn study_start(study: &Study) -> String {
    match &study.start {
        StudyStart::Inferred { .. } => format!(
            "start inferred: the diagram of the {} is not in the text; the board holds only the pieces the solution's own moves imply",
            Study::title(study.number)
        ),
        StudyStart::Lost => format!("the diagram of the {} is not in the text and its solution implies no start: the board is empty", Study::title(study.number)),
    }
}


/// Where an `s` sign points, in its comment: `variation 15 before move 3 (the game's other s)`.
fn see(target: &LinkTarget) -> String {
    let line = if target.line == "trunk" { "the trunk".to_string() } else { format!("variation {}", target.line) };
    let at = target.at_move.map_or(String::new(), |m| format!(" before move {}", m + 1));
    format!("{line}{at} ({})", target.by.as_str())
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
        // Who sent the line in: a comment before its first move (PDN has no tag for a variation).
        if let Some(c) = &line.contributor {
            out.push(Piece::Word(comment(&format!("{CONTRIBUTOR}{}", c.name))));
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
            for a in mv.annotations.iter().filter(|a| !(is_mark(a) || self.kind == Kind::Lasca && a.kind == AnnotationKind::PromotionMark)) {
                match line.similar.iter().find(|s| s.at_move == Some(k) && a.kind == AnnotationKind::SimilarPosition).and_then(|s| s.target.as_ref()) {
                    // The sign's comment says where it points (the reader takes the sign back without it).
                    Some(target) => annotation(out, &Annotation { text: format!("{}{SEE}{}", a.text, see(target)), ..a.clone() }),
                    None => annotation(out, a),
                }
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
    fn a_study_says_its_start_is_no_printed_diagram() {
        let study = |start| Study { number: 3, to_play: None, claim: None, task: None, start };
        let mut game = pdn::read("t", "[FEN \"B:W20:B12\"]\n1. 12-16 *\n").games.remove(0);
        game.study = Some(Box::new(study(StudyStart::Inferred { fixed: vec![12, 20], filled: vec![] })));
        let written = write_pdn(&Source { games: vec![game.clone()], ..Source::default() });
        assert!(written.contains("{start inferred: the diagram of the 3rd Position is not in the text;"), "{written}");
        assert_eq!(pdn::read("back", &written).games[0].lines[0].moves.len(), 1, "the comment leaves the moves alone");
        game.study = Some(Box::new(study(StudyStart::Lost)));
        let written = write_pdn(&Source { games: vec![game], ..Source::default() });
        assert!(written.contains("the board is empty}"), "{written}");
        assert_eq!(Study::title(22), "22nd Position");
    }

    /// A line's contributor is a comment before its first move (no statistics
    /// tag, no note after its moves) and reads back into the field.
    #[test]
    fn a_contributor_is_a_comment_at_the_lines_start_and_reads_back() {
        let mut src = pdn::read("t", "1. 11-15 23-19 (1... 22-18 15x22) 2. 9-14 *\n");
        let name = |n: &str| Some(crate::tree::Contributor { name: n.into(), span: crate::span::Span::new(0, 0) });
        src.games[0].lines[0].contributor = name("Sturges");
        src.games[0].lines[1].contributor = name("J. Neilson");
        let written = write_pdn(&src);
        assert!(written.contains("{contributor: Sturges} 1. 11-15"), "{written}");
        assert!(written.split_whitespace().collect::<Vec<_>>().join(" ").contains("{variation 1} {contributor: J. Neilson} 1... 22-18"), "{written}");
        assert!(!written.lines().any(|l| l.starts_with("[Contributor")), "{written}");
        let back = pdn::read("back", &written);
        let names: Vec<Option<&str>> = back.games[0].lines.iter().map(|l| l.contributor.as_ref().map(|c| c.name.as_str())).collect();
        assert_eq!(names, [Some("Sturges"), Some("J. Neilson")]);
        assert!(back.games[0].lines.iter().all(|l| l.annotations.is_empty()), "read as the field, not a note");
        assert_eq!(write_pdn(&back), written);
    }

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

    /// A column with a start of its own and one with no move read stay in
    /// their game as notes after the trunk's last move; the placed variation is RAV.
    #[test]
    fn lines_that_cannot_be_rav_are_notes_in_their_game() {
        let mut src = pdn::read("t", "[Event \"Fife\"]\n1. 11-15 23-19 (1... 22-18 15x22) 2. 9-14 22-17 *\n");
        let start = crate::rules::draughts::parse_fen("B:W18,24:B12,16").unwrap();
        let own = |text: &str, squares: Vec<u8>| crate::tree::MoveNode { text: text.into(), printed: text.into(), squares, ..Default::default() };
        let game = &mut src.games[0];
        game.lines.push(Line { label: "7".into(), start: Some(crate::tree::Start::Draughts(start)), moves: vec![own("16-20", vec![16, 20]), own("24-19", vec![24, 19])], ..Line::default() });
        game.lines.push(Line { label: "8".into(), unread: Some(crate::tree::Unread { raw: "22 l8 (9".into(), span: Default::default() }), status: crate::tree::LineStatus::Unreadable, ..Line::default() });
        let (written, counts) = write_pdn_counted(&src);
        assert_eq!(counts, Written { games: 1, variations: 1, moves: 6, kept: 2, kept_no_move: 1, kept_own_start: 1, kept_moves: 2 }, "{written}");
        let back = pdn::read("t", &written);
        assert!(back.diagnostics.is_empty(), "{written}\n{:?}", back.diagnostics);
        assert_eq!((back.games.len(), back.games[0].lines.len()), (1, 2), "{written}");
        let notes: Vec<&str> = back.games[0].lines[0].moves[3].annotations.iter().map(|a| a.text.as_str()).collect();
        assert_eq!(
            notes,
            [
                "variation 7 (line 2) kept as text, not as a variation; its start is inferred from its own moves and no move of this game is shown to reach it: start B:W18,24:B12,16; moves: 16-20 24-19",
                "variation 8 (line 3) kept as text, not as a variation; no move was read and where it branches was not read; unread: 22 l8 (9",
            ],
            "{written}"
        );
        assert_eq!(write_pdn(&back), written, "written again, the same text");
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
