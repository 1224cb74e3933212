//! The Go record format (`.wq`, for *wei-ch'i*): a small line-based text format
//! for the games, positions and problems of the source, written in its corner
//! notation.
//!
//! ```text
//! ; Comments run from `;` to the end of the line. A comment on a line of its
//! ; own belongs to the move above it (before any move: to the game; before the
//! ; first move of a variation: to that move).
//! title: Diagram VIII, upper left corner
//! size: 19                 ; 1..=25, default 19; before any point
//! corner: 上               ; the corner for points that name none (Volpicelli's letters)
//! black: e 3, f 3, g 6     ; setup stones, comma separated; may repeat
//! white: g 2, g 3
//! play: white              ; who moves first (default black)
//! rules: suicide, positional-superko   ; optional; default no suicide, simple ko
//! komi: 0
//! W f 4                    ; a move: B or W, then a point or `pass`
//! B e 4
//! W f 1 takes d 5, e 5     ; the stones the text says this move takes (checked)
//! B h 4 refused ko         ; the text says this cannot be played (checked, not played)
//! dead: c 3, d 4            ; stones marked dead at the end of this line (whole chains)
//! count: black 47 white 53 ; the count the text gives at the end of this line
//! scoring: territory       ; count territory + prisoners instead of the source's area
//! line: b4-first from trunk after 0   ; a variation: its label, the line it
//!                          ; leaves and how many moves from the start it keeps
//! result: W+6
//! ```
//!
//! A file may hold several records, one game each: a `title:` line after a
//! record's title or first move begins the next record, with the comment
//! lines just above it.
//!
//! A point is `[corner] ordinate abscissa` in any form `go_corner` reads:
//! `平 c 4`, `平 三 四`, `lower-left 3 4`, or `c 4` once `corner:` is set.
//! `corner:` may change anywhere and holds until the next one.

use crate::diagnostic::Code;
mod read;
pub(crate) mod replay;
mod result;

pub use result::GoClaim;
pub use read::{parse, parse_record, records, Parsed};
pub use replay::{replay, Replay, ReplayedLine};

use crate::notation::go_corner::{to_sgf, Corner, CornerPoint};
use crate::rules::go::{Color, Move, Point};
use crate::span::Span;
use crate::tree::{Annotation, AnnotationKind, Game, GoLineInfo, GoMove, GoNode, LineStatus, PathStep, SetupChange, Source};

/// Does this text look like a record (its first key line is one of ours)?
pub fn looks_like_record(text: &str) -> bool {
    text.lines()
        .map(|l| l.split(';').next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .is_some_and(|l| ["title:", "size:", "corner:", "black:", "white:"].iter().any(|k| l.starts_with(k)))
}

/// The position after `ply` moves of line `line`'s full path (all of it if
/// `ply` is `None`), with the stones each of those moves took. Setup in the
/// tree (SGF) is applied where it stands, up to the next move.
pub fn position_at(game: &Game, line: usize, ply: Option<usize>) -> Result<(crate::rules::go::Position, Vec<Vec<Point>>), String> {
    let setup = game.go_setup().ok_or("the game's start is not a Go position")?;
    let rules = game.go_info().map(|i| i.rules).unwrap_or_default();
    let mut pos = crate::rules::go::Position::from_setup_with(setup, rules).map_err(|e| format!("the setup is not a position: {e}"))?;
    if line >= game.lines.len() {
        return Err(format!("there is no line {line}; the game has {}", game.lines.len()));
    }
    let mut taken = Vec::new();
    let mut moves = 0;
    for step in game.go_full_path(line) {
        let setup = match step {
            PathStep::Node(n) => &n.setup,
            PathStep::Move(_, m) => m.node_setup(),
        };
        if let PathStep::Move(..) = step
            && ply.is_some_and(|n| moves >= n)
        {
            break;
        }
        pos.edit(&setup.black, &setup.white, &setup.empty).map_err(|e| format!("a setup cannot be applied: {e}"))?;
        if let PathStep::Move(_, mv) = step {
            moves += 1;
            if mv.refused().is_some() {
                continue;
            }
            let played = pos.play_as(mv.color, mv.mv).map_err(|e| format!("move {moves} ({}) cannot be played: {e}", move_text(mv.color, mv.mv)))?;
            taken.push(played.captured);
        }
    }
    Ok((pos, taken))
}

/// How points are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Every point with its corner, Chinese numerals: `平 三 四`.
    Chinese,
    /// Volpicelli: `corner:` blocks and `c 4`.
    Volpicelli,
}

struct Writer {
    style: Style,
    size: u8,
    corner: Option<Corner>,
    out: String,
}

impl Writer {
    /// The corner-notation text of `p`, from `corner` (canonical if `None`).
    fn point(&self, p: Point, corner: Option<Corner>) -> String {
        let corner = corner.or_else(|| CornerPoint::canonical(p, self.size).map(|c| c.corner));
        let cp = corner.and_then(|c| CornerPoint::from_point(p, c, self.size));
        match (self.style, cp) {
            (Style::Chinese, Some(cp)) => cp.write_chinese(),
            (Style::Volpicelli, Some(cp)) => cp.write_volpicelli().unwrap_or_else(|| cp.write_arabic()),
            (_, None) => to_sgf(p),
        }
    }

    /// In Volpicelli style, switch the block's corner to the one `p` is canonical in.
    fn corner_for(&mut self, p: Point) -> Option<Corner> {
        let canonical = CornerPoint::canonical(p, self.size).map(|c| c.corner);
        if self.style == Style::Volpicelli && canonical != self.corner {
            if let Some(c) = canonical {
                self.out.push_str(&format!("corner: {c}\n"));
            }
            self.corner = canonical;
        }
        canonical
    }

    /// Each line of a comment on its own `;` line, trimmed as the reader trims
    /// it. Empty lines are written too (`lines` would drop them), so the
    /// comment reads back the same.
    fn comments(&mut self, comments: &[String]) {
        for c in comments {
            for l in c.split('\n') {
                self.out.push_str(&format!("; {}\n", l.trim()));
            }
        }
    }

    fn setup(&mut self, key: &str, points: &[Point]) {
        let mut by_corner: Vec<(Option<Corner>, Vec<Point>)> = Vec::new();
        for &p in points {
            let c = CornerPoint::canonical(p, self.size).map(|c| c.corner);
            let group = if self.style == Style::Volpicelli { c } else { None };
            match by_corner.iter_mut().find(|(k, _)| *k == group) {
                Some((_, v)) => v.push(p),
                None => by_corner.push((group, vec![p])),
            }
        }
        for (_, pts) in by_corner {
            let corner = self.corner_for(pts[0]);
            let text: Vec<String> = pts.iter().map(|&p| self.point(p, corner)).collect();
            self.out.push_str(&format!("{key}: {}\n", text.join(", ")));
        }
    }
}

/// Write a Go game of the tree in the record format.
pub fn write(game: &Game, style: Style) -> String {
    let no_info = crate::tree::GoGameInfo::default();
    let info = game.go_info().unwrap_or(&no_info);
    let setup = game.go_setup().unwrap_or_default();
    let mut w = Writer { style, size: setup.size, corner: None, out: String::new() };
    if !info.title.is_empty() {
        w.out.push_str(&format!("title: {}\n", one_line(&info.title)));
    }
    w.out.push_str(&format!("size: {}\n", setup.size));
    w.comments(&info.comments);
    w.setup("black", &setup.black);
    w.setup("white", &setup.white);
    if setup.to_move == Color::White {
        w.out.push_str("play: white\n");
    }
    if let Some(k) = info.komi {
        w.out.push_str(&format!("komi: {k}\n"));
    }
    if info.scoring == crate::rules::go::Scoring::Territory {
        w.out.push_str("scoring: territory\n");
    }
    for (i, line) in game.lines.iter().enumerate() {
        if i > 0 {
            let parent = line.parent.and_then(|p| game.lines.get(p)).map_or("trunk", |l| l.label.as_str());
            w.out.push_str(&format!("line: {} from {parent} after {}\n", label_word(&line.label, i), line.branch_ply));
        }
        for mv in line.moves.iter().filter_map(|m| m.go.as_deref()) {
            let text = match mv.mv {
                Move::Pass => "pass".to_string(),
                Move::Play(p) => {
                    let corner = w.corner_for(p);
                    w.point(p, corner)
                }
            };
            let mut s = format!("{} {text}", mv.color.letter());
            if let Some(takes) = mv.expect_captures() {
                let corner = if style == Style::Volpicelli { w.corner } else { None };
                let t: Vec<String> = takes.iter().map(|&p| w.point(p, corner)).collect();
                s.push_str(&format!(" takes {}", t.join(", ")));
            }
            if let Some(r) = mv.refused() {
                s.push_str(&format!(" refused {r}"));
            }
            w.out.push_str(s.trim_end());
            w.out.push('\n');
            w.comments(mv.comments());
        }
        let extra = line.go_info();
        if !extra.dead.is_empty() {
            w.setup("dead", &extra.dead);
        }
        if let Some(c) = &extra.expected_count {
            w.out.push_str(&format!("count: black {} white {}\n", c.black, c.white));
        }
    }
    if let Some(r) = &info.result {
        w.out.push_str(&format!("result: {}\n", one_line(r)));
    }
    w.out
}

fn one_line(s: &str) -> String {
    s.replace(['\n', '\r', ';'], " ")
}

/// Line labels are single words in the format.
fn label_word(label: &str, i: usize) -> String {
    let w: String = label.split_whitespace().collect::<Vec<_>>().join("-");
    if w.is_empty() || w == "trunk" || w == "from" || w == "after" { format!("v{i}") } else { w }
}

/// The canonical text of a move in the shared tree: `B dq`, `W pass`.
pub use crate::tree::go_move_text as move_text;

/// A setup change as SGF properties: `AB[dd][ee] AE[ff]`.
fn setup_text(s: &SetupChange) -> String {
    let mut parts = Vec::new();
    for (key, pts) in [("AB", &s.black), ("AW", &s.white), ("AE", &s.empty)] {
        if !pts.is_empty() {
            parts.push(format!("{key}{}", pts.iter().map(|&p| format!("[{}]", to_sgf(p))).collect::<String>()));
        }
    }
    parts.join(" ")
}

/// What a node without a move holds, as annotations of the move after it
/// (or of the line, at its end): its setup and comments.
fn node_annotations(n: &GoNode) -> Vec<Annotation> {
    let mut out = Vec::new();
    if !n.setup.is_empty() {
        out.push(Annotation { kind: AnnotationKind::Setup, text: setup_text(&n.setup), span: n.span });
    }
    out.extend(n.comments.iter().map(|c| Annotation { kind: AnnotationKind::Comment, text: c.clone(), span: n.span }));
    out
}

/// What a replayed move's node shows: the moveless nodes before it, its own
/// setup and comments, the stones it `took` on the board, a refusal.
pub(crate) fn move_annotations(mv: &GoMove, span: Span, took: Option<&Vec<Point>>) -> Vec<Annotation> {
    let mut annotations: Vec<Annotation> = Vec::new();
    for n in mv.before() {
        annotations.extend(node_annotations(n));
    }
    if !mv.node_setup().is_empty() {
        annotations.push(Annotation { kind: AnnotationKind::Setup, text: setup_text(mv.node_setup()), span });
    }
    annotations.extend(mv.comments().iter().map(|c| Annotation { kind: AnnotationKind::Comment, text: c.clone(), span }));
    if let Some(took) = took.filter(|t| !t.is_empty()) {
        let text = took.iter().map(|&p| to_sgf(p)).collect::<Vec<_>>().join(" ");
        annotations.push(Annotation { kind: AnnotationKind::Captures, text, span });
    }
    if let Some(reason) = mv.refused() {
        annotations.push(Annotation { kind: AnnotationKind::Refused, text: reason.to_string(), span });
    }
    annotations
}

/// What a line shows after its last move: the moveless nodes there.
pub(crate) fn line_annotations(info: &GoLineInfo) -> Vec<Annotation> {
    info.after.iter().flat_map(node_annotations).collect()
}

/// How far a line of `moves` moves replayed, from the moves it played and
/// whether it stopped (`None`: the game could not be set up).
pub(crate) fn line_status(replayed: Option<(usize, bool)>, moves: usize) -> LineStatus {
    match replayed {
        None => LineStatus::Unreadable,
        Some((0, true)) if moves > 0 => LineStatus::Unreadable,
        Some((_, true)) => LineStatus::Partial,
        Some(_) => LineStatus::Legal,
    }
}

/// What a replay found, written into a game the readers built: each move's
/// annotations (its node's setup and comments, the stones it took, a
/// refusal), each line's status and the annotations of the nodes after it,
/// the stated result and the text's counts with their verdicts, and the
/// `SZ`/`RE` tags.
pub fn finish(game: &mut Game, replayed: &Replay) {
    let judged = crate::verdict::go::judge_game(game, replayed);
    for (i, line) in game.lines.iter_mut().enumerate() {
        let r = replayed.lines.get(i);
        for (k, node) in line.moves.iter_mut().enumerate() {
            let Some(mv) = node.go.as_deref() else { continue };
            node.annotations = move_annotations(mv, node.span, r.and_then(|r| r.captures.get(k)));
        }
        line.status = line_status(r.map(|r| (r.played, r.stopped)), line.moves.len());
        line.annotations = line_annotations(line.go_info());
    }
    // The stated result and the counts the text gives, judged against the engine's count.
    for (i, stated, verdict) in judged {
        if let Some(line) = game.lines.get_mut(i) {
            line.stated_result = Some(stated);
            line.verdict = Some(verdict);
        }
    }
    name_and_tags(game);
}

/// The game's name (its title, else "game") and its `SZ`/`RE` tags.
pub(crate) fn name_and_tags(game: &mut Game) {
    let (title, result) = game.go_info().map_or((String::new(), None), |i| (i.title.clone(), i.result.clone()));
    game.tags = vec![("SZ".to_string(), game.go_size().to_string())];
    if let Some(r) = result {
        game.tags.push(("RE".into(), r));
    }
    game.name = if title.is_empty() { "game".into() } else { title };
}

/// Read, replay and build the tree for a record file.
pub fn read(name: &str, text: &str) -> Source {
    let mut games = Vec::new();
    let mut source = read_streamed(name, text, |game| games.push(game));
    source.games = games;
    source
}

/// As [`read`], but each record's game is handed to `visit` once read, and
/// not kept: a file of many records is checked in the memory of one.
pub fn read_streamed(name: &str, text: &str, mut visit: impl FnMut(Game)) -> Source {
    let mut source = Source { name: name.to_string(), notation: crate::tree::Notation::GoRecord, ..Source::default() };
    for record in records(text) {
        let (game, mut diagnostics) = read_record(text, record);
        source.diagnostics.append(&mut diagnostics);
        visit(game);
    }
    source
}

/// One record read and replayed, with its diagnostics in text order.
fn read_record(text: &str, record: crate::span::Span) -> (Game, Vec<crate::diagnostic::Diagnostic>) {
    let parsed = parse_record(text, record);
    let mut game = parsed.game;
    let replayed = replay(&game);
    let mut diagnostics = parsed.diagnostics;
    diagnostics.extend(replayed.diagnostics.iter().cloned());
    let no_stone = game.go_setup().is_none_or(|s| s.black.is_empty() && s.white.is_empty());
    if no_stone && game.lines.iter().all(|l| l.moves.is_empty()) {
        diagnostics.push(
            crate::diagnostic::Diagnostic::error(Code::GoNoGame, "no game found: the record places no stone and plays no move", record)
                .with_label("no stone or move here")
                .with_help("a record gives `size:`, setup like `black: a 2, b 1` and moves like `B 平 c 4`"),
        );
    }
    diagnostics.sort_by_key(|d| d.span.start);
    finish(&mut game, &replayed);
    (game, diagnostics)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "title: test\nsize: 9\ncorner: 平\nblack: a 2, b 1 ; corner stones\nwhite: c 1\nW a 1 refused suicide\nW b 2 ; threat\nB c 2\n; the end\nline: alt from trunk after 1\nB a 1\ncount: black 5 white 2\n";

    #[test]
    fn a_title_after_a_title_or_a_move_begins_the_next_record() {
        let spans = |text: &str| records(text).iter().map(|r| r.slice(text).to_string()).collect::<Vec<_>>();
        assert_eq!(spans(SMALL), [SMALL], "one title: one record");
        assert_eq!(spans(""), [""]);
        let two = "; first\ntitle: a\nB a 1\n\n; second\n; its heading\ntitle: b\nB b 2\n";
        assert_eq!(spans(two), ["; first\ntitle: a\nB a 1\n", "\n; second\n; its heading\ntitle: b\nB b 2\n"]);
        // Two positions to solve, no move in either; a title after setup alone is the record's own.
        let problems = "title: a\nblack: a 1\ntitle: b\nwhite: b 2\n";
        assert_eq!(spans(problems), ["title: a\nblack: a 1\n", "title: b\nwhite: b 2\n"]);
        assert_eq!(spans("size: 9\nblack: a 1\ntitle: late\nB b 2\n").len(), 1);
        assert_eq!(spans("B a 1\nTitle: after a move\n").len(), 2);
    }

    #[test]
    fn each_record_is_a_game_read_as_it_reads_alone() {
        let text = format!("{SMALL}\n; the next record\n{SMALL}");
        let alone = read("t", SMALL);
        let both = read("t", &text);
        assert_eq!(both.games.len(), 2);
        assert_eq!(both.diagnostics.len(), 2 * alone.diagnostics.len(), "{:?}", both.diagnostics);
        let second = records(&text)[1].start;
        let copy = text.len() - SMALL.len();
        let mut expected = alone.games[0].clone();
        crate::input::for_each_game_span(&mut expected, |s| *s = crate::span::Span::new(s.start + copy, s.end + copy));
        // The record begins with the comment above its title.
        assert_eq!((both.games[1].span, both.games[1].lines[0].span.start), (crate::span::Span::new(second, text.len()), second));
        expected.lines[0].span = both.games[1].lines[0].span;
        assert_eq!(both.games[0], alone.games[0]);
        assert_eq!(both.games[1].lines, expected.lines);
        assert_eq!(both.games[1].go_info().map(|g| &g.comments), Some(&vec!["the next record".to_string(), "corner stones".to_string()]));
    }

    #[test]
    fn reads_setup_moves_comments_and_lines() {
        let p = parse(SMALL);
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        let g = &p.game;
        let setup = g.go_setup().unwrap();
        assert_eq!((setup.size, setup.black.len(), setup.white.len()), (9, 2, 1));
        assert_eq!(g.go_info().unwrap().comments, vec!["corner stones".to_string()]);
        assert_eq!(g.lines.len(), 2);
        assert_eq!(g.lines[0].moves.len(), 3);
        let go = |k: usize| g.lines[0].moves[k].go.as_deref().unwrap();
        assert_eq!(go(0).refused(), Some("suicide"));
        assert_eq!(go(2).comments(), ["the end".to_string()]);
        assert_eq!((g.lines[1].parent, g.lines[1].branch_ply), (Some(0), 1));
        assert_eq!(g.go_full_line(1).len(), 2);
    }

    #[test]
    fn replay_checks_refusals_and_counts() {
        let p = parse(SMALL);
        let r = replay(&p.game);
        // The count line belongs to `alt`: after W a1 (refused), B a1 fills Black's own eye.
        let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, vec!["go::count-differs"], "{:?}", r.diagnostics);
        assert!(r.diagnostics[0].message.contains("Black 5 White 2"));
    }

    #[test]
    fn dead_stones_are_removed_before_counting_in_either_scoring() {
        // 5×5: Black holds columns 0-1, White 3-4; a white stone sits dead in Black's area.
        let text = "size: 5\ncorner: 平\nblack: 1 2, 2 2, 3 2, 4 2, 5 2\nwhite: 1 4, 2 4, 3 4, 4 4, 5 4, 3 1\ndead: 3 1\ncount: black 10 white 10\n";
        let p = parse(text);
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        let r = replay(&p.game);
        assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        let territory = text.replace("count: black 10 white 10", "scoring: territory\ncount: black 6 white 5");
        let p = parse(&territory);
        let r = replay(&p.game);
        assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        let back = parse(&write(&p.game, Style::Volpicelli));
        assert_eq!(back.game.lines[0].go_info().dead, p.game.lines[0].go_info().dead);
        assert_eq!(back.game.go_info().unwrap().scoring, p.game.go_info().unwrap().scoring);
    }

    #[test]
    fn bad_lines_are_reported_where_they_are() {
        let text = "size: 99\ncorner: middle\nblack: z 99, c 4\nX marks the spot\nB nowhere\n";
        let p = parse(text);
        let codes: Vec<&str> = p.diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, vec!["record::bad-size", "record::bad-corner", "record::bad-point", "record::bad-point", "record::unreadable", "record::bad-point"]);
        for d in &p.diagnostics {
            assert!(d.span.end <= text.len() && d.span.start < d.span.end, "{d:?}");
        }
        assert_eq!(p.diagnostics[4].span.slice(text), "X marks the spot");
    }

    #[test]
    fn a_record_past_the_most_moves_passes_over_the_rest_under_one_error() {
        let mut text = String::from("size: 9\n");
        for i in 0..read::MAX_MOVES / 2 {
            text.push_str(if i % 2 == 0 { "B pass\nW pass\n" } else { "B pass ; a note\nW pass\n" });
        }
        let rest = "B a 1\n; a comment\nline: alt from trunk after 1\nW b 2\nresult: B+1\n";
        text.push_str(rest);
        text.push_str("\n\n");
        let p = parse(&text);
        let moves: usize = p.game.lines.iter().map(|l| l.moves.len()).sum();
        assert_eq!(moves, read::MAX_MOVES);
        assert_eq!(p.game.lines.len(), 1, "the line after the cap is passed over");
        let codes: Vec<&str> = p.diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, ["record::game-too-long"]);
        assert_eq!(p.diagnostics[0].span.slice(&text), rest.trim_end(), "the error covers every line passed over");
    }

    #[test]
    fn writes_back_what_it_reads_in_both_styles() {
        let p = parse(SMALL);
        for style in [Style::Chinese, Style::Volpicelli] {
            let text = write(&p.game, style);
            let back = parse(&text);
            assert!(back.diagnostics.is_empty(), "{text}\n{:?}", back.diagnostics);
            let strip = |g: &Game| {
                let mut g = g.clone();
                g.span = Default::default();
                for l in &mut g.lines {
                    l.span = Default::default();
                    if let Some(c) = l.go.as_mut().and_then(|i| i.expected_count.as_mut()) {
                        c.span = Default::default();
                    }
                    for m in &mut l.moves {
                        m.span = Default::default();
                        m.printed.clear();
                    }
                }
                g
            };
            assert_eq!(strip(&back.game), strip(&p.game), "{text}");
        }
    }
}
