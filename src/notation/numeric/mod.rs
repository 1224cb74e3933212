//! Numeric notation for draughts as the books print it: `11 15`, `11-15`,
//! `11x18x25`, `22.18`, `09.13`, one or many moves a line.
//!
//! Clean text is read by the pest grammar and resolved directly; anything else
//! goes through the nom scanner and the repair decoder.

mod clean;
mod scan;

pub use clean::{parse_clean, RawMove};
pub use scan::scan;

use crate::diagnostic::Diagnostic;
use crate::repair::{self, build_line, DecodeOptions, Spelling};
use crate::rules::draughts::{self, Move, Position};
use crate::span::Span;
use crate::tree::{Game, Line, LineStatus, Outcome, Source, StatedResult, Unread};
use regex::Regex;
use std::sync::LazyLock;

/// How books print English draughts moves: from and to, or from and every landing square.
pub struct BookDraughts;

impl Spelling for BookDraughts {
    type Position = Position;
    type Move = Move;

    fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        pos.legal_moves()
    }

    fn play(&self, pos: &Position, mv: &Move) -> Position {
        pos.play(mv)
    }

    fn spellings(&self, _pos: &Position, mv: &Move) -> Vec<Vec<u32>> {
        let ends = vec![mv.from().number() as u32, mv.to().number() as u32];
        if mv.path().len() > 1 {
            vec![ends, mv.squares().iter().map(|&s| s as u32).collect()]
        } else {
            vec![ends]
        }
    }
}

/// Canonical text of a move: `11-15`, `22x15`, or the full path `9x18x27` where
/// another legal capture has the same ends.
pub fn move_text(pos: &Position, mv: &Move) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", mv.from(), mv.to());
    }
    move_text_among(&pos.legal_moves(), mv)
}

/// As `move_text`, with the legal moves already generated.
pub fn move_text_among(legal: &[Move], mv: &Move) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", mv.from(), mv.to());
    }
    let same_ends = legal.iter().filter(|m| m.from() == mv.from() && m.to() == mv.to()).count();
    if same_ends > 1 {
        mv.squares().iter().map(u8::to_string).collect::<Vec<_>>().join("x")
    } else {
        format!("{}x{}", mv.from(), mv.to())
    }
}

/// Canonical text and squares, as the tree stores them.
pub fn describe(pos: &Position, mv: &Move) -> (String, Vec<u8>) {
    (move_text(pos, mv), mv.squares())
}

/// A stated result at the end of a block: `Drawn.`, `W. wins`, `B. wins.`, `1-0` …
static RESULT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(drawn?\.?|draw\.?|(?:w\.?|white)\s*wins?\.?|(?:b\.?|black)\s*wins?\.?|1/2-1/2|1-0|0-1|2-0|0-2|1-1)\s*$")
        .expect("result pattern is valid")
});

/// Read a stated result from the end of `text`; returns it and where the moves end.
pub fn stated_result(text: &str, offset: usize) -> (Option<StatedResult>, usize) {
    let Some(m) = RESULT.find(text) else { return (None, text.len()) };
    // The result must stand apart from the moves.
    if m.start() > 0 && !text[..m.start()].ends_with(char::is_whitespace) {
        return (None, text.len());
    }
    let printed = m.as_str().trim();
    let lower = printed.to_ascii_lowercase();
    let outcome = if lower.starts_with("draw") || lower == "1/2-1/2" || lower == "1-1" {
        Outcome::Draw
    } else if lower.starts_with('w') {
        Outcome::WhiteWins
    } else if lower.starts_with('b') {
        Outcome::BlackWins
    } else {
        // PDN scores are from the first player's side: in English draughts that is Black.
        if lower.starts_with('1') || lower.starts_with('2') { Outcome::BlackWins } else { Outcome::WhiteWins }
    };
    let span = Span::new(offset + m.start(), offset + m.start() + printed.len());
    (Some(StatedResult { outcome, printed: printed.to_string(), span }), m.start())
}

/// Options for reading numeric text.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    pub decode: DecodeOptions,
}

/// Read one line of movetext from `start`: clean text is resolved directly,
/// anything else is decoded. `text` is the whole source; the line is `range`.
pub fn read_line(text: &str, range: Span, start: &Position, opts: &ReadOptions) -> (Line, Vec<Diagnostic>) {
    let body = range.slice(text);
    let mut line = Line::trunk();
    line.span = range;
    if let Some(raw) = parse_clean(body, range.start)
        && let Some(moves) = resolve_all(start, &raw, text) {
            line.moves = moves;
            return (line, Vec::new());
        }
    let tokens = scan(body, range.start);
    let (mut line, diagnostics) = read_tokens(text, &tokens, start, opts);
    line.span = range;
    (line, diagnostics)
}

/// Read movetext from scanned tokens, which may come from several places in
/// `text` (the cells of one printed column).
pub fn read_tokens(text: &str, tokens: &[repair::Token], start: &Position, opts: &ReadOptions) -> (Line, Vec<Diagnostic>) {
    let mut line = Line::trunk();
    if let (Some(first), Some(last)) = (tokens.first(), tokens.last()) {
        line.span = first.span.join(last.span);
    }
    let decoded = repair::decode(&BookDraughts, start, tokens, &opts.decode);
    let reading = build_line(&BookDraughts, start, text, &decoded, describe);
    line.moves = reading.moves;
    line.unread = reading.unread;
    line.readings = reading.readings;
    line.status = reading.status;
    line.annotations = reading.annotations;
    let mut diagnostics = reading.diagnostics;
    // Marks and junk inside a read line are kept as annotations, not lost.
    for t in tokens {
        if t.kind == repair::TokenKind::Marker && line.unread.as_ref().is_none_or(|u| t.span.start < u.span.start) {
            line.annotations.push(crate::tree::Annotation { kind: "star".into(), text: t.text.clone(), span: t.span });
        }
    }
    diagnostics.sort_by_key(|d| d.span.start);
    (line, diagnostics)
}

fn resolve_all(start: &Position, raw: &[RawMove], text: &str) -> Option<Vec<crate::tree::MoveNode>> {
    let mut pos = *start;
    let mut out = Vec::new();
    for r in raw {
        let mv = draughts::resolve(&pos, &r.squares).ok()?;
        let (canonical, squares) = describe(&pos, &mv);
        out.push(crate::tree::MoveNode {
            text: canonical,
            squares,
            span: r.span,
            printed: r.span.slice(text).to_string(),
            repair: None,
            annotations: Vec::new(),
            origin: Default::default(),
            go: None,
        });
        pos = pos.play(&mv);
    }
    Some(out)
}

/// Blank-line separated blocks of `text`, as byte ranges (trimmed).
pub fn blocks(text: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let mut block_start: Option<usize> = None;
    let mut block_end = 0;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let blank = line.trim().is_empty();
        if blank {
            if let Some(s) = block_start.take() {
                out.push(Span::new(s, block_end));
            }
        } else {
            let lead = line.len() - line.trim_start().len();
            if block_start.is_none() {
                block_start = Some(offset + lead);
            }
            block_end = offset + line.trim_end().len();
        }
        offset += line.len();
    }
    if let Some(s) = block_start {
        out.push(Span::new(s, block_end));
    }
    out
}

/// Longest block read as one game; a longer one is surely not a game.
pub const MAX_BLOCK_BYTES: usize = 64 * 1024;
/// Diagnostics collected before reading gives up on a source.
pub const MAX_DIAGNOSTICS: usize = 10_000;

/// Read free-form numeric text: each blank-line separated block is one game
/// from the initial position, ending with an optional stated result.
pub fn read(name: &str, text: &str, opts: &ReadOptions) -> Source {
    let mut source = Source { name: name.to_string(), notation: crate::tree::Notation::Numeric, ..Source::default() };
    let start = Position::initial();
    for (n, block) in blocks(text).into_iter().enumerate() {
        if source.diagnostics.len() >= MAX_DIAGNOSTICS {
            let rest = Span::new(block.start, text.len());
            source.unread.push(Unread { raw: rest.slice(text).to_string(), span: rest });
            source.diagnostics.push(
                Diagnostic::error("input::too-many-errors", format!("reading stopped after {MAX_DIAGNOSTICS} diagnostics; the rest is kept unread"), rest)
                    .with_label("not read")
                    .with_help("is this really numeric movetext? try --notation"),
            );
            break;
        }
        if block.len() > MAX_BLOCK_BYTES {
            source.unread.push(Unread { raw: block.slice(text).to_string(), span: block });
            source.diagnostics.push(
                Diagnostic::error("numeric::block-too-long", format!("a block of {} bytes is too long to be one game; kept unread", block.len()), Span::new(block.start, block.start + 1))
                    .with_label("block starts here")
                    .with_help(format!("games are separated by blank lines; one game is at most {MAX_BLOCK_BYTES} bytes")),
            );
            continue;
        }
        let body = block.slice(text);
        // A stated result closing the block is not movetext, but it is no sign of prose either.
        let (result, moves_end) = stated_result(body, block.start);
        if !looks_like_movetext(&body[..moves_end]) {
            source.unread.push(Unread { raw: body.to_string(), span: block });
            source.diagnostics.push(
                Diagnostic::note("numeric::prose", "text that is not movetext, kept unread", block)
                    .with_label("prose or headings")
                    .with_help("a block is read as a game when most of its words are square numbers"),
            );
            continue;
        }
        let moves_range = Span::new(block.start, block.start + body[..moves_end].trim_end().len());
        let (mut line, diags) = read_line(text, moves_range, &start, opts);
        line.span = block;
        source.diagnostics.extend(diags);
        if let Some(r) = &result
            && line.unread.is_none() {
                source.diagnostics.extend(check_result(&start, &line, r));
            }
        line.stated_result = result;
        source.games.push(Game {
            name: format!("game {}", n + 1),
            tags: Vec::new(),
            start: crate::tree::Start::Draughts(start.setup()),
            lines: vec![line],
            span: block,
            ..Game::default()
        });
    }
    if source.games.is_empty() {
        source.diagnostics.push(
            Diagnostic::error("numeric::no-games", "no game found: the text has no movetext", Span::new(0, text.len()))
                .with_label("empty or blank")
                .with_help("a game is a block of moves such as `11-15 23-19 8-11`, blocks separated by blank lines"),
        );
    }
    source
}

/// Whether most words of a block are numbers (OCR-damaged or not).
pub fn looks_like_movetext(body: &str) -> bool {
    let tokens = scan(body, 0);
    let words = tokens.iter().filter(|t| matches!(t.kind, repair::TokenKind::Number | repair::TokenKind::Junk)).count();
    let numbers = tokens.iter().filter(|t| t.kind == repair::TokenKind::Number).count();
    numbers >= 2 && numbers * 10 >= words * 6
}

/// Compare a stated result with the final position where the rules decide it.
pub fn check_result(start: &Position, line: &Line, result: &StatedResult) -> Vec<Diagnostic> {
    let mut pos = *start;
    for m in &line.moves {
        match draughts::resolve(&pos, &m.squares) {
            Ok(mv) => pos = pos.play(&mv),
            Err(_) => return Vec::new(),
        }
    }
    if !pos.is_lost() {
        // Read to its end, the line says nothing of who wins; the board still
        // says something: a "wins" claim against material or mobility is reported.
        if line.unread.is_some() {
            return Vec::new();
        }
        return claim_against_board(&pos, result).into_iter().collect();
    }
    let winner = match pos.turn() {
        draughts::Color::Black => Outcome::WhiteWins,
        draughts::Color::White => Outcome::BlackWins,
    };
    if result.outcome == winner {
        return Vec::new();
    }
    vec![Diagnostic::error(
        "result::contradicts-board",
        format!("the line ends with {:?} to move and unable to move, so {winner:?}, but the book says {:?}", pos.turn(), result.printed),
        result.span,
    )
    .with_label("stated result")]
}

/// Material in half-men (a man 2, a king 3, the usual rough worth) and the
/// moves each side would have to play.
fn forces(pos: &Position, color: draughts::Color) -> (u32, usize) {
    let setup = pos.setup();
    let (men, kings) = match color {
        draughts::Color::Black => (setup.black_men, setup.black_kings),
        draughts::Color::White => (setup.white_men, setup.white_kings),
    };
    let mut turned = setup;
    turned.turn = Some(color);
    let mobility = Position::from_setup(turned).map_or(0, |p| p.legal_moves().len());
    (2 * men.count_ones() + 3 * kings.count_ones(), mobility)
}

/// A "wins" claim at a position where the game is not over, compared with
/// material and mobility: the claimed winner behind in material, or with no
/// move to make, is a disagreement. A draw claim is not judged.
fn claim_against_board(pos: &Position, result: &StatedResult) -> Option<Diagnostic> {
    let (winner, loser) = match result.outcome {
        Outcome::WhiteWins => (draughts::Color::White, draughts::Color::Black),
        Outcome::BlackWins => (draughts::Color::Black, draughts::Color::White),
        _ => return None,
    };
    let (w, l) = (forces(pos, winner), forces(pos, loser));
    let half = |n: u32| if n.is_multiple_of(2) { format!("{}", n / 2) } else { format!("{}.5", n / 2) };
    let why = if w.0 < l.0 {
        format!("{winner:?} is behind in material ({} men' worth against {}, a king counting 1.5)", half(w.0), half(l.0))
    } else if w.1 == 0 {
        format!("{winner:?} would have no move to make")
    } else {
        return None;
    };
    Some(
        Diagnostic::warning("result::claim-against-board", format!("the book says {:?}, but where the line ends {why}", result.printed), result.span)
            .with_label("stated result")
            .with_help("the win may rest on play the book leaves out; check the last moves"),
    )
}

/// Every line of every game as a block of clean numeric text (a variation
/// with the moves before its branch, since a block is a game from the start),
/// each with its stated result. Numeric text has no other start than the
/// initial position: a line from any other start is refused, with its name.
/// Lines with no move read are left out and counted in the second value.
pub fn write_source(source: &Source) -> Result<(String, usize), String> {
    let initial = crate::rules::draughts::write_fen(&Position::initial().setup());
    let mut blocks = Vec::new();
    let mut refused = Vec::new();
    let mut empty = 0;
    for game in &source.games {
        for (i, line) in game.lines.iter().enumerate() {
            let start = game.start_of_line(i).unwrap_or(&game.start);
            let from_initial = start.draughts().and_then(Result::ok).is_some_and(|s| crate::rules::draughts::write_fen(&s) == initial);
            if !from_initial {
                refused.push(format!("{} line {}", game.name, line.label));
                continue;
            }
            let Some(moves) = game.moves_from_start(i).filter(|_| !line.moves.is_empty()) else {
                empty += 1;
                continue;
            };
            let mut block = moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>().join(" ");
            if let Some(result) = line.stated_result.as_ref().and_then(|r| result_word(r.outcome)) {
                block.push(' ');
                block.push_str(result);
            }
            blocks.push(block);
        }
    }
    if !refused.is_empty() {
        return Err(format!(
            "numeric text starts every game from the initial position; {} line(s) start elsewhere ({}{}); write them with --to pdn",
            refused.len(),
            refused.iter().take(3).cloned().collect::<Vec<_>>().join(", "),
            if refused.len() > 3 { ", …" } else { "" }
        ));
    }
    Ok((blocks.join("\n\n") + "\n", empty))
}

/// A stated result as the numeric reader reads it back.
fn result_word(outcome: Outcome) -> Option<&'static str> {
    match outcome {
        Outcome::Draw => Some("Drawn."),
        Outcome::WhiteWins => Some("W. wins."),
        Outcome::BlackWins => Some("B. wins."),
        Outcome::Unknown => None,
    }
}

/// The line as clean numeric text, moves separated by spaces.
pub fn write_line(line: &Line) -> String {
    line.moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>().join(" ")
}

impl LineStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            LineStatus::Legal => "legal",
            LineStatus::Repaired => "repaired",
            LineStatus::Partial => "partial",
            LineStatus::Unreadable => "unreadable",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_block_is_legal_as_printed() {
        let src = read("t", "11-15 23-19 8-11 22-17\n\n9-14 22-17 Drawn.\n", &ReadOptions::default());
        assert_eq!(src.games.len(), 2);
        assert_eq!(src.games[0].lines[0].moves.len(), 4);
        assert_eq!(src.games[0].lines[0].status, LineStatus::Legal);
        assert_eq!(src.games[1].lines[0].stated_result.as_ref().unwrap().outcome, Outcome::Draw);
        assert!(src.diagnostics.is_empty(), "{:?}", src.diagnostics);
    }

    #[test]
    fn ocr_letters_are_repaired_and_logged() {
        let src = read("t", "11 l5 23 19 8 1l 22 17", &ReadOptions::default());
        let line = &src.games[0].lines[0];
        assert_eq!(line.status, LineStatus::Repaired);
        let texts: Vec<&str> = line.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["11-15", "23-19", "8-11", "22-17"]);
        assert!(line.moves[0].repair.is_some());
        assert!(line.moves[1].repair.is_none());
    }

    #[test]
    fn run_together_numbers_are_split() {
        let src = read("t", "11 15 23 19 914 22 17", &ReadOptions::default());
        let texts: Vec<&str> = src.games[0].lines[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["11-15", "23-19", "9-14", "22-17"]);
    }

    #[test]
    fn a_misprint_that_is_itself_legal_is_found_when_the_line_breaks_down_later() {
        // Printed 11 16 as `11 15`: legal too, and wrong only four moves on,
        // where `6 15` cannot be played after 11-15.
        let text = "11 15\n22 17\n10 14\n17 10\n6 15\n23 18\n15 22\n25 18\n16 19\n24 15\n2 6\n21 17\n9 13\n29 25\n";
        let src = read("t", text, &ReadOptions::default());
        let line = &src.games[0].lines[0];
        let texts: Vec<&str> = line.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts[..5], ["11-16", "22-17", "10-14", "17x10", "6x15"]);
        assert_eq!(texts.len(), 14);
        assert_eq!(line.status, LineStatus::Repaired);
        assert!(line.moves[0].repair.is_some() && line.moves[1..].iter().all(|m| m.repair.is_none()));
        // Without going back, the line stops where the misprint shows.
        let mut opts = ReadOptions::default();
        opts.decode.reconsider = 0;
        let src = read("t", text, &opts);
        assert_eq!(src.games[0].lines[0].status, LineStatus::Partial);
    }

    #[test]
    fn impossible_text_stops_the_line_and_keeps_the_rest() {
        let src = read("t", "11 15 99 100", &ReadOptions::default());
        let line = &src.games[0].lines[0];
        assert_eq!(line.moves.len(), 1);
        assert_eq!(line.status, LineStatus::Partial);
        assert_eq!(line.unread.as_ref().unwrap().raw, "99 100");
        assert!(src.error_count() >= 1);
    }

    #[test]
    fn empty_text_is_an_error() {
        let src = read("t", "", &ReadOptions::default());
        assert!(src.error_count() == 1);
    }
}
