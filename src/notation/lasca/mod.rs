//! Lasca's dash notation (Lasker, 1911): `(1) 9-13, 17-13-9. (2) 5-9-13, 21-17.`
//!
//! Numbered moves, White's ply then Black's; a step is `a-b`; a capture lists
//! every square it touches (from, jumped, landing, jumped, landing …); `*`
//! marks a promotion. A game may close with a sentence that states how it
//! ends ("Black cannot move any more and will lose."), kept as the stated
//! result and checked. Clean text goes through `grammars/lasca.pest`; OCR'd
//! text through the tolerant scanner and the repair decoder.

mod bridge;
mod clean;
mod ending;
pub mod proposition;
mod scan;

pub use clean::{parse_clean, CleanGame, RawPly};
pub use ending::{check_ending, search_claim, Claim};
pub use scan::{is_move_number, move_number_value, scan, LASCA_LETTERS};

use crate::diagnostic::{Code, Diagnostic};
use crate::repair::{self, build_line, DecodeOptions, Spelling, Token, TokenKind};
use crate::rules::lasca::{Color, Move, Position, Rules, MAX_JUMPS};
use crate::span::Span;
use crate::tree::{Annotation, AnnotationKind, Game, Line, MoveNode, Source, Streamed, Unread};
use regex::Regex;
use std::sync::LazyLock;

/// Decoder settings for this book: the common costs plus its own letters for digits.
pub fn decode_options() -> DecodeOptions {
    let mut opts = DecodeOptions::default();
    opts.cost.extra_letters = LASCA_LETTERS.to_vec();
    opts
}

/// Lasca as the repair decoder sees it: legal moves and how the book prints them.
#[derive(Clone, Copy, Debug, Default)]
pub struct BookLasca {
    pub rules: Rules,
}

impl Spelling for BookLasca {
    type Position = Position;
    type Move = Move;

    fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        // A position under other rules is copied to change them; most already have these.
        if pos.rules() == self.rules { pos.legal_moves() } else { pos.with_rules(self.rules).legal_moves() }
    }

    fn play(&self, pos: &Position, mv: &Move) -> Position {
        pos.play(mv)
    }

    fn spellings(&self, _pos: &Position, mv: &Move) -> Vec<Vec<u32>> {
        vec![mv.squares().into_iter().map(u32::from).collect()]
    }

    fn each_spelling(&self, _pos: &Position, mv: &Move, f: &mut dyn FnMut(&[u32])) {
        if !mv.is_capture() {
            return f(&[u32::from(mv.from()), u32::from(mv.to())]);
        }
        let mut spelled = [0u32; 1 + 2 * MAX_JUMPS];
        let mut len = 0;
        mv.each_square(|s| {
            spelled[len] = u32::from(s);
            len += 1;
        });
        f(&spelled[..len]);
    }
}

/// A move as the book prints it: `9-13`, `10-13-16-19-22*`.
pub fn move_text(mv: &Move) -> String {
    format!("{mv:?}")
}

/// Canonical text and the squares a tree move records (from, each landing).
pub fn describe(_pos: &Position, mv: &Move) -> (String, Vec<u8>) {
    (move_text(mv), std::iter::once(mv.from()).chain(mv.landings()).collect())
}

static HEADER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?m)^[^\w\n]*Game[ \t]+(\S{1,3}?)\.?[ \t]*$").expect("valid regex"));
static PROPOSITION: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?m)^[^\w\n]*PROPOSITION\.?[ \t]*$").expect("valid regex"));
/// The closing sentence starts at the first two words in a row (`Black cannot`, `and white`).
static PROSE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b[A-Za-z]{3,}[ \t,]+[A-Za-z]{2,}").expect("valid regex"));

/// Whether the text is Lasker's Lasca book or clean dash notation: game
/// headings followed by numbered moves `(1) 9—13,` (the name Lasca need not
/// appear), or a first line in clean dash notation.
pub fn looks_like(text: &str) -> bool {
    static NUMBERED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\(\d{1,2}\)\s*[0-9gqIil]{1,2}\s*[—–-]").expect("valid regex"));
    let head = &text[..text.floor_char_boundary(64 * 1024)];
    let numbered = NUMBERED.find_iter(head).take(5).count();
    let first_line = head.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    (HEADER.is_match(head) || head.to_ascii_lowercase().contains("lasca")) && numbered >= 5
        || parse_clean(first_line, 0).is_some_and(|g| !g.plies.is_empty())
}

/// Clean text without headings: a game starts at each line that opens with
/// `(1)` or a `[setup]`; other lines continue the game before.
fn clean_games(text: &str) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        let span = Span::new(at + (line.len() - line.trim_start().len()), at + line.trim_end().len());
        at += line.len();
        if trimmed.is_empty() {
            continue;
        }
        let starts = trimmed.starts_with("(1)") || trimmed.starts_with('[');
        match out.last_mut() {
            Some(last) if !starts => *last = last.join(span),
            _ => out.push(span),
        }
    }
    out
}

/// One game's text in the source.
#[derive(Clone, Debug)]
struct Section {
    /// Its place among the games, from 1 (the printed number may be misread).
    ordinal: usize,
    span: Span,
    /// The numbered moves.
    moves: Span,
    /// The closing sentence.
    prose: Option<Span>,
}

fn section(text: &str, ordinal: usize, span: Span, body_start: usize) -> Section {
    let body = &text[body_start..span.end];
    let prose = PROSE.find(body).map(|m| {
        let start = body_start + m.start();
        Span::new(start, start + text[start..span.end].trim_end().len())
    });
    let moves_end = prose.map_or(span.end, |p| p.start);
    Section { ordinal, span, moves: Span::new(body_start, moves_end), prose }
}

/// Game sections, and the propositions' spans. A proposition runs to the next
/// game heading (a second book or chapter after it), not to the end of the
/// text: text holding the book twice is read as twice the book, in twice the time.
fn sections(text: &str) -> (Vec<Section>, Vec<Span>) {
    let headers: Vec<usize> = HEADER.find_iter(text).map(|m| m.start()).collect();
    let propositions: Vec<usize> = PROPOSITION.find_iter(text).map(|m| m.start()).collect();
    let mut out = Vec::new();
    for (k, caps) in HEADER.captures_iter(text).enumerate() {
        let whole = caps.get(0).expect("match");
        let next = headers.get(k + 1).copied();
        let proposition = propositions.get(propositions.partition_point(|&p| p <= whole.start())).copied();
        let end = [next, proposition].into_iter().flatten().min().unwrap_or(text.len());
        out.push(section(text, k + 1, Span::new(whole.start(), end), whole.end()));
    }
    let mut spans = Vec::new();
    for (k, &p) in propositions.iter().enumerate() {
        let next_header = headers.get(headers.partition_point(|&h| h <= p)).copied();
        let end = [next_header, propositions.get(k + 1).copied()].into_iter().flatten().min().unwrap_or(text.len());
        spans.push(Span::new(p, end));
    }
    (out, spans)
}

/// Plies the text prints: from the last move number (or the count of move
/// numbers, where the last is misread) and the plies after it.
pub fn printed_plies(tokens: &[Token]) -> usize {
    let numbers: Vec<(usize, &Token)> = tokens.iter().enumerate().filter(|(_, t)| is_move_number(t)).collect();
    let Some(&(last_at, last)) = numbers.last() else {
        return 0;
    };
    let count = numbers.len();
    let moves = move_number_value(&last.text).map(|v| v as usize).filter(|&v| v >= count && v <= count + 5).unwrap_or(count);
    // The last numbered move: White's ply and each reply after a comma.
    let after = &tokens[last_at + 1..];
    let replies = after
        .iter()
        .enumerate()
        .filter(|(k, t)| t.kind == TokenKind::Separator && t.text.contains(',') && after[k + 1..].iter().any(|t| t.kind == TokenKind::Number))
        .count();
    2 * (moves - 1) + 1 + replies
}

/// Read a whole source: the games, the proposition, and the prose around them.
pub fn read(name: &str, text: &str) -> Source {
    Source::gathered(|visit| read_streamed(name, text, visit))
}

/// As [`read`], but each game is handed to `visit` as soon as it is read,
/// after its diagnostics and the prose around it, and none is kept: the
/// source comes back with only what was not handed on, so checking a long
/// text needs memory for one game, not for every tree or every diagnostic.
pub fn read_streamed(name: &str, text: &str, mut visit: impl FnMut(Streamed)) -> Source {
    let mut source = Source { name: name.to_string(), notation: crate::tree::Notation::Lasca, ..Source::default() };
    let (sections, propositions) = sections(text);
    if sections.is_empty() && propositions.is_empty() {
        // Clean dash notation without headings.
        let blocks = clean_games(text);
        let games = blocks.len();
        let read = |(n, block): (usize, Span)| read_game(text, &section(text, n + 1, block, block.start), &decode_options());
        crate::parallel::in_order(blocks.into_iter().enumerate(), read, |read_in_order| {
            read_in_order.for_each(|(game, diagnostics)| hand_on(&mut visit, vec![game], diagnostics, None));
        });
        if games == 0 {
            // Saying nothing would pass an empty or foreign text as a Lasca book checked.
            if !text.trim().is_empty() {
                source.unread.push(Unread { raw: text.to_string(), span: Span::new(0, text.len()) });
            }
            source.diagnostics.push(
                Diagnostic::error(Code::LascaNoGames, "no game found: no numbered Lasca moves and no game heading", Span::new(0, text.len()))
                    .with_label("no Lasca game here")
                    .with_help("a Lasca game is numbered moves in dash notation: `(1) 9-13, 22-18. (2) …`"),
            );
        }
        return source;
    }
    let first = [sections.first().map(|s| s.span.start), propositions.first().map(|p| p.start)].into_iter().flatten().min().unwrap_or(text.len());
    if !text[..first].trim().is_empty() {
        let preamble = Unread { raw: text[..first].to_string(), span: Span::new(0, first) };
        visit(Streamed::Parts(Source { unread: vec![preamble], ..Source::default() }));
    }
    // Games and propositions in the order the text prints them, read side by side.
    let mut propositions = propositions.into_iter().peekable();
    let mut sections = sections.iter().peekable();
    let in_print_order = std::iter::from_fn(|| match (sections.peek(), propositions.peek()) {
        (Some(s), Some(p)) if p.start < s.span.start => propositions.next().map(Part::Proposition),
        (Some(_), _) => sections.next().map(Part::Game),
        (None, _) => propositions.next().map(Part::Proposition),
    });
    let read = |part: Part| match part {
        Part::Game(s) => {
            let (game, diagnostics) = read_game(text, s, &decode_options());
            (vec![game], diagnostics, None)
        }
        Part::Proposition(span) => read_proposition(text, span),
    };
    crate::parallel::in_order(in_print_order, read, |read_in_order| {
        read_in_order.for_each(|(games, diagnostics, after)| hand_on(&mut visit, games, diagnostics, after));
    });
    source
}

/// A part of a Lasca text read on its own.
enum Part<'a> {
    Game(&'a Section),
    Proposition(Span),
}

/// Hand on games, with their diagnostics and the prose after them first.
fn hand_on(visit: &mut impl FnMut(Streamed), games: Vec<Game>, diagnostics: Vec<Diagnostic>, after: Option<Unread>) {
    if !diagnostics.is_empty() || after.is_some() {
        visit(Streamed::Parts(Source { diagnostics, unread: after.into_iter().collect(), ..Source::default() }));
    }
    games.into_iter().map(Streamed::Game).for_each(visit);
}

/// A proposition's games and diagnostics, and the prose after its solution.
fn read_proposition(text: &str, span: Span) -> (Vec<Game>, Vec<Diagnostic>, Option<Unread>) {
    let (kept, after) = proposition_and_after(text, span);
    let (games, diagnostics) = proposition::read(text, kept);
    let after = after.map(|after| Unread { raw: after.slice(text).to_string(), span: after });
    (games, diagnostics, after)
}

/// A proposition's own text, and the prose after its solution, if any.
///
/// The solution ends before the first paragraph (after a blank line) that
/// holds no move number: that is prose (the rules of a second copy of the
/// book, say), kept unread. Read as part of the solution it would make the
/// solution unreadable and send the setup search through tens of thousands of
/// setups for nothing. Prose run on without a blank line ends it too (see
/// [`start_of_run_on_prose`]).
fn proposition_and_after(text: &str, span: Span) -> (Span, Option<Span>) {
    let body = span.slice(text);
    let Some(solution) = proposition::SOLUTION.find(body) else { return (span, None) };
    let solution_start = span.start + solution.end();
    let mut at = solution_start;
    let mut kept_end = span.end;
    let mut first = true;
    for paragraph in paragraphs(&text[at..span.end], at) {
        let moves = holds_a_move_number(paragraph.slice(text), paragraph.start);
        if !first && !moves {
            kept_end = at;
            break;
        }
        first = false;
        at = paragraph.end;
    }
    if let Some(prose) = start_of_run_on_prose(text, Span::new(solution_start, kept_end)) {
        kept_end = solution_start + text[solution_start..prose].trim_end().len();
    }
    if kept_end == span.end {
        return (span, None);
    }
    let rest = &text[kept_end..span.end];
    let lead = rest.len() - rest.trim_start().len();
    let after = Span::new(kept_end + lead, kept_end + rest.trim_end().len());
    (Span::new(span.start, kept_end), (!after.is_empty()).then_some(after))
}

/// Where prose run on after the solution starts in `within`: the first
/// line of words after the last line that prints a move (a move number, or
/// two numbers joined by a dash). The lines between are kept with the
/// solution: a reply damaged past reading (`\-—17.`, `g—13`) is no prose.
/// `None` if no such line follows.
fn start_of_run_on_prose(text: &str, within: Span) -> Option<usize> {
    static DASHED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\d\s*[—–-]+\s*\d").expect("valid regex"));
    let mut at = within.start;
    let mut prose = None;
    for line in within.slice(text).split_inclusive('\n') {
        let holds_a_move = DASHED.is_match(line) || holds_a_move_number(line, at);
        if holds_a_move {
            prose = None;
        } else if prose.is_none() && PROSE.is_match(line) {
            prose = Some(at);
        }
        at += line.len();
    }
    prose
}

/// Whether `text` (at byte `offset`) prints a move number that reads as one.
fn holds_a_move_number(text: &str, offset: usize) -> bool {
    scan(text, offset).iter().any(|t| is_move_number(t) && move_number_value(&t.text).is_some())
}

/// The paragraphs of `text` (runs of lines between blank lines), trimmed, as spans from `offset`.
fn paragraphs(text: &str, offset: usize) -> impl Iterator<Item = Span> + '_ {
    let mut at = 0;
    let mut current: Option<Span> = None;
    let mut lines = text.split_inclusive('\n');
    std::iter::from_fn(move || {
        for line in lines.by_ref() {
            let start = at;
            at += line.len();
            let trimmed = line.trim();
            if trimmed.is_empty() {
                if let Some(done) = current.take() {
                    return Some(done);
                }
                continue;
            }
            let lead = line.len() - line.trim_start().len();
            let span = Span::new(offset + start + lead, offset + start + lead + trimmed.len());
            current = Some(current.map_or(span, |c| c.join(span)));
        }
        current.take()
    })
}

/// The most bytes of one game's moves read: the book's longest game has a
/// couple of thousand, and a game's tokens and readings are held while it is
/// read, so without a bound one endless game would take memory without end.
pub const MAX_GAME_BYTES: usize = 64 * 1024;

/// The part of `moves` read (up to `MAX_GAME_BYTES`, ended at a space so no
/// word is cut), and the rest, if any, from its first word on.
fn within_bound(text: &str, moves: Span) -> (Span, Option<Span>) {
    if moves.len() <= MAX_GAME_BYTES {
        return (moves, None);
    }
    let mut cut = moves.start + MAX_GAME_BYTES;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let head = &text[moves.start..cut];
    let cut = head.rfind(char::is_whitespace).map_or(cut, |i| moves.start + i);
    let kept = text[moves.start..cut].trim_end().len();
    let rest = &text[cut..moves.end];
    let lead = rest.len() - rest.trim_start().len();
    (Span::new(moves.start, moves.start + kept), Some(Span::new(cut + lead, cut + rest.trim_end().len())))
}

/// Read plies from `tokens` (or clean text) starting at `start`.
pub fn read_line(text: &str, moves: Span, tokens: &[Token], start: &Position, opts: &DecodeOptions) -> (Line, Vec<Diagnostic>) {
    let mut line = Line { span: moves, ..Line::trunk() };
    if let Some(clean) = parse_clean(moves.slice(text), moves.start)
        && let Some(nodes) = resolve_clean(text, start, &clean.plies)
    {
        line.moves = nodes;
        return (line, Vec::new());
    }
    let decoded = repair::decode(&BookLasca::default(), start, tokens, opts);
    let (decoded, bridges) = bridge::bridge(start, text, tokens, decoded, opts);
    let reading = build_line(&BookLasca::default(), start, text, &decoded, describe);
    line.moves = reading.moves;
    line.unread = reading.unread;
    line.readings = reading.readings;
    line.status = reading.status;
    line.annotations = reading.annotations;
    // Promotion marks stay with the move they follow; move numbers are structure.
    for t in tokens.iter().filter(|t| t.kind == TokenKind::Marker && !is_move_number(t)) {
        if let Some(m) = line.moves.iter_mut().rev().find(|m| m.span.end <= t.span.start) {
            m.annotations.push(Annotation { kind: AnnotationKind::PromotionMark, text: t.text.clone(), span: t.span });
        }
    }
    let mut diagnostics = reading.diagnostics;
    diagnostics.extend(bridges);
    diagnostics.sort_by_key(|d| d.span.start);
    (line, diagnostics)
}

fn resolve_clean(text: &str, start: &Position, plies: &[RawPly]) -> Option<Vec<MoveNode>> {
    let mut pos = *start;
    let mut out = Vec::new();
    for p in plies {
        let mv = pos.legal_moves().into_iter().find(|m| m.squares() == p.squares)?;
        if mv.promotes() != p.promotion {
            return None;
        }
        let (text_, squares) = describe(&pos, &mv);
        out.push(MoveNode { text: text_, squares, span: p.span, printed: p.span.slice(text).to_string(), repair: None, annotations: Vec::new(), origin: Default::default(), go: None });
        pos = pos.play(&mv);
    }
    Some(out)
}

/// The position after a line's moves.
pub fn replay(start: &Position, line: &Line) -> Option<Position> {
    let mut pos = *start;
    for m in &line.moves {
        let mv = pos.legal_moves().into_iter().find(|mv| mv.from() == m.squares[0] && mv.landings().eq(m.squares[1..].iter().copied()))?;
        pos = pos.play(&mv);
    }
    Some(pos)
}

fn read_game(text: &str, s: &Section, opts: &DecodeOptions) -> (Game, Vec<Diagnostic>) {
    let mut start = Position::initial();
    let mut diagnostics = Vec::new();
    let (mut read_span, passed) = within_bound(text, s.moves);
    if let Some(clean) = parse_clean(read_span.slice(text), read_span.start)
        && let Some(setup) = clean.setup
    {
        // `[setup]` before the moves: play starts there.
        let close = read_span.slice(text).find(']').map_or(0, |i| i + 1);
        read_span = Span::new(read_span.start + close, read_span.end);
        let setup_span = Span::new(s.moves.start, read_span.start);
        match crate::rules::lasca::parse_setup(&setup) {
            Err(e) => diagnostics.push(
                Diagnostic::error(Code::LascaBadSetup, format!("the start position cannot be read: {e}"), setup_span)
                    .with_label("not a position; the moves are read from the opening position"),
            ),
            Ok(setup) => match Position::from_setup_ignoring(&setup, &[crate::rules::lasca::PositionErrorKind::MenMissing]) {
                Ok(p) => start = p,
                // A position that reads but cannot stand is what the text states:
                // kept as the start, with no move read from it.
                Err(e) => {
                    diagnostics.push(
                        Diagnostic::error(Code::LascaBadSetup, format!("the start position cannot stand: {e}"), setup_span)
                            .with_label("not a position; no move is read from it"),
                    );
                    return (impossible_start_game(text, s, Span::new(read_span.start, s.moves.end), setup), diagnostics);
                }
            },
        }
    }
    let moves_span = Span::new(read_span.start, s.moves.end);
    let tokens = scan(read_span.slice(text), read_span.start);
    let printed = printed_plies(&tokens);
    let (mut line, line_diagnostics) = read_line(text, read_span, &tokens, &start, opts);
    diagnostics.extend(line_diagnostics);
    line.span = moves_span;
    if let Some(passed) = passed {
        diagnostics.push(
            Diagnostic::error(Code::LascaGameTooLong, format!("the game's moves run past {MAX_GAME_BYTES} bytes; they are read to there and the rest is kept unread"), passed)
                .with_label("not read"),
        );
        let unread = line.unread.take().map_or(passed, |u| u.span.join(passed));
        line.unread = Some(Unread { raw: unread.slice(text).to_string(), span: unread });
        line.status = if line.moves.is_empty() { crate::tree::LineStatus::Unreadable } else { crate::tree::LineStatus::Partial };
    }
    let name = format!("Game {}", s.ordinal);
    // The repairs are counted from the moves; only the printed count is the reader's own.
    let mut tags = vec![("Printed".to_string(), text[s.span.start..s.moves.start].trim().to_string())];
    let stats = crate::tree::GameStats { printed_moves: Some(printed), ..Default::default() };
    let complete = line.unread.is_none();
    if complete && printed != line.moves.len() && printed > 0 {
        diagnostics.push(
            Diagnostic::warning(Code::LascaPlyCount, format!("{} plies read where the move numbers suggest {printed}", line.moves.len()), s.moves)
                .with_help("a move may have been lost or a move number misread"),
        );
    }
    let end = replay(&start, &line).unwrap_or(start);
    match s.prose {
        Some(prose) => {
            let (result, claim_diagnostics) = check_ending(text, prose, &end, complete);
            if let Some(r) = &result {
                tags.push(("Ending".to_string(), format!("{:?}", r.outcome)));
            }
            line.stated_result = result;
            diagnostics.extend(claim_diagnostics);
        }
        None if complete => diagnostics.push(ending::unstated(&end, s.moves)),
        None => {}
    }
    let game = Game { name, tags, stats, start: crate::tree::Start::Lasca(Box::new(start.setup())), lines: vec![line], span: s.span, go: None, study: None, pages: Vec::new() };
    (game, diagnostics)
}

/// A game whose stated setup cannot stand: the setup as its start, and the
/// rest of its text (moves and closing prose) unread.
fn impossible_start_game(text: &str, s: &Section, moves_span: Span, setup: crate::rules::lasca::Setup) -> Game {
    let rest = Span::new(moves_span.start, s.span.end);
    let lead = rest.slice(text).len() - rest.slice(text).trim_start().len();
    let rest = Span::new(rest.start + lead, rest.end);
    let unread = (!rest.is_empty()).then(|| Unread { raw: rest.slice(text).to_string(), span: rest });
    let line = Line { span: moves_span, status: crate::tree::LineStatus::Unreadable, unread, ..Line::trunk() };
    let tags = vec![("Printed".to_string(), text[s.span.start..s.moves.start].trim().to_string())];
    Game { name: format!("Game {}", s.ordinal), tags, start: crate::tree::Start::Lasca(Box::new(setup)), lines: vec![line], span: s.span, ..Game::default() }
}

/// Write a line as clean dash notation: `(1) 9-13, 17-13-9. (2) …`, then the stated ending.
pub fn write_line(line: &Line, first: Color) -> String {
    let mut out = String::new();
    let offset = usize::from(first == Color::Black);
    for (k, m) in line.moves.iter().enumerate() {
        let ply = k + offset;
        let n = ply / 2 + 1;
        if ply % 2 == 0 {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&format!("({n}) {}", m.text));
        } else {
            if k == 0 {
                out.push_str(&format!("({n}) …"));
            }
            out.push_str(&format!(", {}.", m.text));
        }
    }
    if !out.is_empty() && !out.ends_with('.') {
        out.push('.');
    }
    if let Some(r) = line.stated_result.as_ref().filter(|_| line.unread.is_none()) {
        let prose: Vec<&str> = r.printed.split_whitespace().collect();
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&prose.join(" "));
    }
    out
}

/// Every game of a source as clean dash notation, one game per line, and how many
/// lines it could not hold: every variation, and the trunk of a game from the
/// opening position with no move read (its text was unread). Nothing is written
/// for such a game, so that reading the output and writing it again gives the
/// same text; a game from its own setup keeps the setup even without a move.
pub fn write_source(source: &Source) -> (String, usize) {
    let mut out = String::new();
    let mut not_written = 0;
    for game in &source.games {
        let Some(trunk) = game.lines.first() else { continue };
        not_written += game.lines.len() - 1;
        let setup = game.start.lasca().and_then(Result::ok);
        let own_setup = setup.as_ref().is_some_and(|s| *s != crate::rules::lasca::Setup::initial());
        if trunk.moves.is_empty() && !own_setup {
            not_written += 1;
            continue;
        }
        if own_setup {
            out.push_str(&format!("[{}] ", game.start));
        }
        out.push_str(&write_line(trunk, setup.as_ref().map_or(Color::White, |s| s.turn)));
        out.push('\n');
    }
    (out, not_written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::LineStatus;

    #[test]
    fn clean_text_reads_without_repair_and_writes_back_the_same() {
        let text = "(1) 9-13, 17-13-9. (2) 5-9-13, 21-17. (3) 13-17-21, 25-21-17.";
        let tokens = scan(text, 0);
        let (line, diags) = read_line(text, Span::new(0, text.len()), &tokens, &Position::initial(), &DecodeOptions::default());
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(line.status, LineStatus::Legal);
        assert_eq!(write_line(&line, Color::White), text);
        assert_eq!(printed_plies(&tokens), 6);
    }

    #[test]
    fn ocr_damage_is_repaired_and_logged() {
        let text = "(1) g—13, 17——13—-9. (2) 5--9—13, 21—17. (3) 13—17 —21, 25—21—17.";
        let tokens = scan(text, 0);
        let (line, _) = read_line(text, Span::new(0, text.len()), &tokens, &Position::initial(), &DecodeOptions::default());
        assert_eq!(line.status, LineStatus::Repaired);
        let moves: Vec<&str> = line.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, vec!["9-13", "17-13-9", "5-9-13", "21-17", "13-17-21", "25-21-17"]);
        let repair = line.moves[0].repair.as_ref().expect("g read as 9");
        assert_eq!(repair.edits[0].from, "g");
        assert_eq!(repair.edits[0].to, "9");
    }

    #[test]
    fn a_game_past_the_bound_is_read_to_it_and_the_rest_kept_unread() {
        let head = "Game 1.\n(1) 9-13, 17-13-9. (2) 5-9-13, 21-17.";
        let tail = " zz".repeat(MAX_GAME_BYTES / 3 + 100);
        let text = format!("{head}{tail}\n");
        let source = read("long", &text);
        let line = &source.games[0].lines[0];
        assert_eq!(line.moves.len(), 4, "the moves before the junk are read");
        assert_eq!(line.status, LineStatus::Partial);
        let unread = line.unread.as_ref().expect("the rest is kept unread");
        assert_eq!(unread.span.end, text.trim_end().len(), "to the end of the moves");
        assert_eq!(unread.raw, unread.span.slice(&text));
        let too_long: Vec<_> = source.diagnostics.iter().filter(|d| d.code == Code::LascaGameTooLong).collect();
        assert_eq!(too_long.len(), 1);
        let passed = too_long[0].span;
        let bound = "Game 1.\n".len() + MAX_GAME_BYTES;
        assert!(passed.start > bound - 4 && passed.start <= bound, "cut within a word of the bound: {passed:?}");
        assert!(passed.slice(&text).starts_with("zz "), "cut between words: {passed:?}");
        assert!(crate::tree::coverage::coverage(&source, text.as_bytes()).is_lossless());
    }

    #[test]
    fn a_proposition_stops_before_a_paragraph_without_move_numbers() {
        let text = "PROPOSITION.\nA on 2, white.\nSOLUTION. (1) 2-5, 1-5-9.\n(2) 5-9-13.\n\n(3) 9-13, 2-6.\n\nThe Game is made up of Privates.\nMOVES are made 2 by 2.\n";
        let (kept, after) = proposition_and_after(text, Span::new(0, text.len()));
        assert!(kept.slice(text).ends_with("(3) 9-13, 2-6."), "{:?}", kept.slice(text));
        assert_eq!(after.map(|a| a.slice(text)), Some("The Game is made up of Privates.\nMOVES are made 2 by 2."));
        // A solution with nothing after it is left whole.
        let alone = &text[..text.find("\n\nThe").unwrap()];
        assert_eq!(proposition_and_after(alone, Span::new(0, alone.len())), (Span::new(0, alone.len()), None));
        // Prose run on without a blank line ends it as well; a reply on a line
        // of its own does not, however damaged, nor words between two moves.
        for last in ["9-13.", "\\-—17.", "g—13", "3."] {
            let run_on = format!("PROPOSITION.\nA on 2, white.\nSOLUTION. (1) 2-5, 1-5-9.\nWhite takes\n(2) 5-9-13,\n{last}\nThe Game is made up of Privates.\nMOVES are made.\n");
            let (kept, after) = proposition_and_after(&run_on, Span::new(0, run_on.len()));
            assert!(kept.slice(&run_on).ends_with(&format!("(2) 5-9-13,\n{last}")), "{:?}", kept.slice(&run_on));
            assert_eq!(after.map(|a| a.slice(&run_on)), Some("The Game is made up of Privates.\nMOVES are made."));
        }
    }

    #[test]
    fn paragraphs_are_split_at_blank_lines() {
        let text = "a b\nc\n \n\nd\n";
        let got: Vec<&str> = paragraphs(text, 0).map(|s| s.slice(text)).collect();
        assert_eq!(got, ["a b\nc", "d"]);
    }

    #[test]
    fn printed_plies_count_black_replies() {
        assert_eq!(printed_plies(&scan("(1) 9-13, 17-13-9. (2) 5-9-13.", 0)), 3);
        assert_eq!(printed_plies(&scan("(1) 9-13, 17-13-9. (2) 5-9-13, 21-17", 0)), 4);
        // A misread last number falls back to the count.
        assert_eq!(printed_plies(&scan("(1) 9-13, 17-13-9. (8) 5-9-13, 21-17", 0)), 4);
    }
}
