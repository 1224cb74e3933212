//! Reader for the record format (see the module documentation).

use crate::tree::{ExpectedCount, Game, GoMove, Line, MoveHeld, MoveNode, Start};
use crate::diagnostic::{Code, Diagnostic};
use crate::notation::go_corner::{parse_corner_point, Corner};
use crate::rules::go::{Color, KoRule, Move, Point, Scoring, Setup, DEFAULT_SIZE, MAX_SIZE};
use crate::span::Span;

/// Moves read in one record, variations included; the lines after them are
/// passed over under one error. A game of Go has a few hundred moves, and a
/// record's moves are held while it is replayed: without a bound, one endless
/// record would take memory without end.
pub const MAX_MOVES: usize = 10_000;

/// What reading found: the game (always, possibly partial) and every problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    /// The game with its Go data (`Game::go`, each move's `MoveNode::go`);
    /// not yet replayed (no captures, statuses or verdicts).
    pub game: Game,
    pub diagnostics: Vec<Diagnostic>,
}

struct Reader<'a> {
    text: &'a str,
    game: Game,
    /// The starting stones, size and side to move (the game's `Start::Go` once read).
    setup: Setup,
    corner: Option<Corner>,
    size_fixed: bool,
    diags: Vec<Diagnostic>,
    /// Comments waiting for the next move (or the game, before any move).
    pending: Vec<String>,
    current_line: usize,
    /// Whether the previous physical line was a comment on its own (to join paragraphs).
    previous_was_comment: bool,
    /// Moves read so far, in every line.
    moves: usize,
    /// Past `MAX_MOVES`: the text passed over since, to the record's end.
    too_long: Option<Span>,
}

/// Read a record. Never fails: unreadable lines become error diagnostics.
pub fn parse(text: &str) -> Parsed {
    parse_record(text, Span::new(0, text.len()))
}

/// The records a text holds, each as the stretch of text it runs over. A
/// `title:` line after a record's title or first move begins the next record,
/// with the comments and blank lines just above it (its heading); a text with
/// no such line is one record.
pub fn records(text: &str) -> Vec<Span> {
    let mut starts = vec![0];
    let (mut titled_or_played, mut heading) = (false, None);
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let at = offset;
        offset += raw.len();
        let content = split_comment(raw.trim_end_matches(['\n', '\r'])).0.trim();
        if content.is_empty() {
            heading.get_or_insert(at);
            continue;
        }
        match directive_key(content) {
            Some(key) if key.eq_ignore_ascii_case("title") => {
                if titled_or_played {
                    starts.push(heading.unwrap_or(at));
                }
                titled_or_played = true;
            }
            Some(_) => {}
            None => titled_or_played = true,
        }
        heading = None;
    }
    starts.iter().zip(starts.iter().skip(1).chain([&text.len()])).map(|(&a, &b)| Span::new(a, b)).collect()
}

/// The key of a `key: value` line (letters and `-`), as written.
fn directive_key(content: &str) -> Option<&str> {
    content.split_once(':').map(|(key, _)| key).filter(|key| key.chars().all(|c| c.is_ascii_alphabetic() || c == '-'))
}

/// Read the record that runs over `range` of `text` (see [`records`]); spans are offsets into `text`.
pub fn parse_record(text: &str, range: Span) -> Parsed {
    let mut r = Reader {
        text,
        game: Game::new_go(DEFAULT_SIZE),
        setup: Setup { size: DEFAULT_SIZE, black: Vec::new(), white: Vec::new(), to_move: Color::Black },
        corner: None,
        size_fixed: false,
        diags: Vec::new(),
        pending: Vec::new(),
        current_line: 0,
        previous_was_comment: false,
        moves: 0,
        too_long: None,
    };
    r.game.span = range;
    // The trunk has no line of its own: it stands where the record begins.
    r.game.lines[0].span = Span::new(range.start, range.start);
    let mut offset = range.start;
    for raw in range.slice(text).split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        r.line(line, start);
    }
    if let Some(span) = r.too_long {
        r.error(
            Code::RecordGameTooLong,
            format!("the record has more than {MAX_MOVES} moves; the rest of it is not read"),
            span,
        );
    }
    let pending = std::mem::take(&mut r.pending);
    if !pending.is_empty() {
        match r.last_move() {
            Some(m) => m.held_mut().comments.extend(pending),
            None => r.game.go_info_mut().comments.extend(pending),
        }
    }
    r.game.start = Start::Go(r.setup);
    Parsed { game: r.game, diagnostics: r.diags }
}

/// Split off a `;` comment; returns (content, comment, byte offset of the content's end).
fn split_comment(line: &str) -> (&str, Option<&str>) {
    match line.find(';') {
        Some(i) => (&line[..i], Some(line[i + 1..].trim())),
        None => (line, None),
    }
}

impl Reader<'_> {
    /// The Go payload of the current line's last move.
    fn last_move(&mut self) -> Option<&mut GoMove> {
        self.game.lines[self.current_line].moves.last_mut().and_then(|m| m.go.as_deref_mut())
    }

    fn error(&mut self, code: Code, message: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::error(code, message, span));
    }

    fn line(&mut self, line: &str, start: usize) {
        if let Some(passed) = &mut self.too_long {
            if !line.trim().is_empty() {
                passed.end = start + line.trim_end().len();
            }
            return;
        }
        let (content, comment) = split_comment(line);
        let trimmed = content.trim();
        let lead = content.len() - content.trim_start().len();
        let span = Span::new(start + lead, start + lead + trimmed.len());
        if trimmed.is_empty() {
            let was_comment = std::mem::replace(&mut self.previous_was_comment, comment.is_some());
            if let Some(c) = comment {
                // Consecutive comment lines make one comment.
                match self.pending.last_mut() {
                    Some(last) if was_comment => {
                        last.push('\n');
                        last.push_str(c);
                    }
                    _ => self.pending.push(c.to_string()),
                }
            }
            return;
        }
        self.previous_was_comment = false;
        if let Some(key) = directive_key(trimmed) {
            let value = &trimmed[key.len() + 1..];
            let value_start = span.start + key.len() + 1;
            let vlead = value.len() - value.trim_start().len();
            let vspan = Span::new(value_start + vlead, span.end);
            self.directive(&key.to_ascii_lowercase(), value.trim(), span, vspan);
            if let Some(c) = comment.filter(|c| !c.is_empty()) {
                self.pending.push(c.to_string());
            }
            return;
        }
        self.move_line(trimmed, span, comment);
    }

    fn directive(&mut self, key: &str, value: &str, span: Span, vspan: Span) {
        match key {
            "title" => self.game.go_info_mut().title = value.to_string(),
            "size" => match value.parse::<u8>() {
                Ok(n) if (1..=MAX_SIZE).contains(&n) && !self.size_fixed => {
                    self.setup.size = n;
                }
                Ok(_) if self.size_fixed => self.error(Code::RecordSizeLate, "the size must come before any point", span),
                _ => self.error(Code::RecordBadSize, format!("{value:?} is not a board size 1..={MAX_SIZE}"), vspan),
            },
            "corner" => match Corner::from_name(value) {
                Some(c) => self.corner = Some(c),
                None => self.diags.push(
                    Diagnostic::error(Code::RecordBadCorner, format!("{value:?} is not a corner"), vspan)
                        .with_help("平 上 去 入, p'ing shang ch'ü ju, or lower-left upper-left upper-right lower-right"),
                ),
            },
            "black" | "white" => {
                let color = if key == "black" { Color::Black } else { Color::White };
                let points = self.point_list(value, vspan);
                match color {
                    Color::Black => self.setup.black.extend(points),
                    Color::White => self.setup.white.extend(points),
                }
            }
            "play" | "to-play" => match value.to_ascii_lowercase().as_str() {
                "black" | "b" => self.setup.to_move = Color::Black,
                "white" | "w" => self.setup.to_move = Color::White,
                _ => self.error(Code::RecordBadColour, format!("{value:?} is not black or white"), vspan),
            },
            "rules" => {
                for word in value.split([',', ' ']).filter(|w| !w.is_empty()) {
                    match word.to_ascii_lowercase().as_str() {
                        "suicide" => self.game.go_info_mut().rules.suicide_allowed = true,
                        "no-suicide" => self.game.go_info_mut().rules.suicide_allowed = false,
                        "ko" | "simple-ko" => self.game.go_info_mut().rules.ko = KoRule::Simple,
                        "positional-superko" => self.game.go_info_mut().rules.ko = KoRule::PositionalSuperko,
                        "situational-superko" => self.game.go_info_mut().rules.ko = KoRule::SituationalSuperko,
                        _ => self.error(Code::RecordBadRule, format!("unknown rule {word:?}"), vspan),
                    }
                }
            }
            "komi" => match value.parse::<f64>() {
                Ok(k) if k.is_finite() => self.game.go_info_mut().komi = Some(k),
                _ => self.error(Code::RecordBadKomi, format!("{value:?} is not a number"), vspan),
            },
            "result" => {
                let info = self.game.go_info_mut();
                info.result = Some(value.to_string());
                info.result_span = Some(vspan);
            }
            "dead" => {
                let points = self.point_list(value, vspan);
                self.game.lines[self.current_line].go_info_mut().dead.extend(points);
            }
            "scoring" => match value.to_ascii_lowercase().as_str() {
                "area" => self.game.go_info_mut().scoring = Scoring::Area,
                "territory" => self.game.go_info_mut().scoring = Scoring::Territory,
                _ => self.error(Code::RecordBadScoring, format!("{value:?} is not area or territory"), vspan),
            },
            "count" => self.count(value, vspan),
            "line" => self.new_line(value, span, vspan),
            _ => self.diags.push(
                Diagnostic::error(Code::RecordUnknownKey, format!("unknown key {key:?}"), span)
                    .with_help("keys: title size corner black white play rules scoring komi result dead count line"),
            ),
        }
    }

    /// `count: black 47 white 53`.
    fn count(&mut self, value: &str, vspan: Span) {
        let words: Vec<&str> = value.split_whitespace().collect();
        let parsed = match words.as_slice() {
            [b, bn, w, wn] if b.eq_ignore_ascii_case("black") && w.eq_ignore_ascii_case("white") => {
                bn.parse().ok().zip(wn.parse().ok())
            }
            _ => None,
        };
        match parsed {
            Some((black, white)) => {
                self.game.lines[self.current_line].go_info_mut().expected_count = Some(ExpectedCount { black, white, span: vspan })
            }
            None => self.error(Code::RecordBadCount, "expected `count: black N white M`", vspan),
        }
    }

    /// `line: LABEL [from PARENT] [after N]`.
    fn new_line(&mut self, value: &str, span: Span, vspan: Span) {
        let words: Vec<&str> = value.split_whitespace().collect();
        let mut label = Vec::new();
        let mut parent = Some(0);
        let mut after = 0usize;
        let mut i = 0;
        while i < words.len() {
            match (words[i], words.get(i + 1)) {
                ("from", Some(p)) => {
                    parent = self.game.lines.iter().position(|l| l.label == *p);
                    if parent.is_none() {
                        self.error(Code::RecordUnknownLine, format!("no earlier line is called {p:?}"), vspan);
                        parent = Some(0);
                    }
                    i += 2;
                }
                ("after", Some(n)) => {
                    match n.parse() {
                        Ok(n) => after = n,
                        Err(_) => self.error(Code::RecordBadPly, format!("{n:?} is not a number of moves"), vspan),
                    }
                    i += 2;
                }
                (w, _) => {
                    label.push(w);
                    i += 1;
                }
            }
        }
        let label = if label.is_empty() { format!("{}", self.game.lines.len()) } else { label.join(" ") };
        self.flush_pending_to_last_move();
        // The line before is done: its moves take no more room than they need.
        self.game.lines[self.current_line].moves.shrink_to_fit();
        self.game.lines.push(Line { label, parent, branch_ply: after, span, ..Line::default() });
        self.current_line = self.game.lines.len() - 1;
    }

    fn flush_pending_to_last_move(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let pending = std::mem::take(&mut self.pending);
        let current = self.current_line;
        match self.last_move() {
            Some(m) => m.held_mut().comments.extend(pending),
            None if current == 0 => self.game.go_info_mut().comments.extend(pending),
            None => self.pending = pending,
        }
    }

    /// Comma-separated points.
    fn point_list(&mut self, value: &str, vspan: Span) -> Vec<Point> {
        let mut out = Vec::new();
        let mut offset = vspan.start;
        for part in value.split(',') {
            let lead = part.len() - part.trim_start().len();
            let span = Span::new(offset + lead, offset + lead + part.trim().len());
            offset += part.len() + 1;
            if part.trim().is_empty() {
                continue;
            }
            if let Some(p) = self.point(part.trim(), span) {
                out.push(p);
            }
        }
        out
    }

    fn point(&mut self, text: &str, span: Span) -> Option<Point> {
        self.size_fixed = true;
        match parse_corner_point(text, self.corner) {
            Ok(cp) => match cp.to_point(self.setup.size) {
                Some(p) => Some(p),
                None => {
                    self.error(Code::RecordOffBoard, format!("{text:?} is off the {}-line board", self.setup.size), span);
                    None
                }
            },
            Err(e) => {
                self.diags.push(
                    Diagnostic::error(Code::RecordBadPoint, format!("{text:?}: {e}"), span)
                        .with_help("a point is [corner] ordinate abscissa: `平 c 4`, `上 三 四`, or `c 4` after `corner: 平`"),
                );
                None
            }
        }
    }

    /// `B f 4`, `W pass`, `W b 3 takes b 4`, `B h 4 refused ko`.
    fn move_line(&mut self, text: &str, span: Span, comment: Option<&str>) {
        if self.moves == MAX_MOVES {
            self.too_long = Some(span);
            return;
        }
        let color = match text.chars().next() {
            Some('B' | 'b') => Color::Black,
            Some('W' | 'w') => Color::White,
            _ => {
                self.diags.push(
                    Diagnostic::error(Code::RecordUnreadable, format!("cannot read {text:?}"), span)
                        .with_label("not a key, a move or a comment")
                        .with_help("moves are `B <point>` or `W <point>`; comments start with `;`"),
                );
                return;
            }
        };
        let rest_start = 1;
        let body = &text[rest_start..];
        if !body.starts_with(char::is_whitespace) {
            self.error(Code::RecordUnreadable, format!("cannot read {text:?}"), span);
            return;
        }
        let (body, refused) = match body.find(" refused") {
            Some(i) => (&body[..i], Some(body[i + 8..].trim().to_string())),
            None => (body, None),
        };
        let (point_text, takes) = match body.find(" takes ") {
            Some(i) => (&body[..i], Some(&body[i + 7..])),
            None => (body, None),
        };
        let point_text = point_text.trim();
        let point_span = Span::new(span.start + 1 + (body.len() - body.trim_start().len()), 0);
        let point_span = Span::new(point_span.start, point_span.start + point_text.len());
        let mv = if point_text.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            match self.point(point_text, point_span) {
                Some(p) => Move::Play(p),
                None => return,
            }
        };
        // A `takes` naming no readable point makes no claim: written back, it could not be read.
        let expect_captures = takes
            .map(|t| {
                let offset = span.start + text.find(" takes ").map_or(0, |i| i + 7);
                if t.trim().is_empty() {
                    self.error(Code::RecordTakesNothing, "`takes` names no point; nothing is checked".to_string(), span);
                }
                self.point_list(t, Span::new(offset, offset + t.len()))
            })
            .filter(|points| !points.is_empty());
        self.flush_pending_to_last_move();
        let mut comments = std::mem::take(&mut self.pending);
        if let Some(c) = comment.filter(|c| !c.is_empty()) {
            comments.push(c.to_string());
        }
        let go = GoMove::holding(color, mv, MoveHeld { comments, expect_captures, refused, ..MoveHeld::default() });
        self.game.lines[self.current_line].moves.push(MoveNode::go_move(go, span, text.to_string()));
        self.moves += 1;
        let _ = self.text;
    }
}
