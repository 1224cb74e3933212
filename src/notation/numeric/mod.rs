//! Numeric notation for draughts as the books print it: `11 15`, `11-15`,
//! `11x18x25`, `22.18`, `09.13`, one or many moves a line.
//!
//! Free-form text: each blank-line separated block is one game from the
//! initial position. Reading a block's moves and its stated result is the job
//! of the draughts text kernel ([`crate::text::draughts`]), which the book
//! readers share; this module is the notation: blocks, prose, the writer.

use crate::diagnostic::{Code, Diagnostic};
use crate::repair;
use crate::rules::draughts::Position;
use crate::span::Span;
use crate::text::draughts::{check_result, read_line, scan, stated_result};
use crate::tree::{Game, Line, Outcome, Source, Unread};

/// The reader's options: those of the kernel it reads each block with.
pub use crate::text::draughts::ReadOptions;

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
    let mut games = Vec::new();
    let mut source = read_streamed(name, text, opts, |game| games.push(game));
    source.games = games;
    source
}

/// `read`, handing each game to `visit` as soon as it is read instead of
/// keeping it: the source comes back without games, so a caller that checks
/// and drops each game holds one game in memory, not the file's.
pub fn read_streamed(name: &str, text: &str, opts: &ReadOptions, mut visit: impl FnMut(Game)) -> Source {
    let mut source = Source { name: name.to_string(), notation: crate::tree::Notation::Numeric, ..Source::default() };
    let start = Position::initial();
    let mut games = 0usize;
    for (n, block) in blocks(text).into_iter().enumerate() {
        if source.diagnostics.len() >= MAX_DIAGNOSTICS {
            let rest = Span::new(block.start, text.len());
            source.unread.push(Unread { raw: rest.slice(text).to_string(), span: rest });
            source.diagnostics.push(
                Diagnostic::error(Code::InputTooManyErrors, format!("reading stopped after {MAX_DIAGNOSTICS} diagnostics; the rest is kept unread"), rest)
                    .with_label("not read")
                    .with_help("is this really numeric movetext? try --notation"),
            );
            break;
        }
        if block.len() > MAX_BLOCK_BYTES {
            source.unread.push(Unread { raw: block.slice(text).to_string(), span: block });
            source.diagnostics.push(
                Diagnostic::error(Code::NumericBlockTooLong, format!("a block of {} bytes is too long to be one game; kept unread", block.len()), Span::new(block.start, block.start + 1))
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
                Diagnostic::note(Code::NumericProse, "text that is not movetext, kept unread", block)
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
        games += 1;
        visit(Game {
            name: format!("game {}", n + 1),
            tags: Vec::new(),
            start: crate::tree::Start::Draughts(start.setup()),
            lines: vec![line],
            span: block,
            ..Game::default()
        });
    }
    if games == 0 {
        source.diagnostics.push(
            Diagnostic::error(Code::NumericNoGames, "no game found: the text has no movetext", Span::new(0, text.len()))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::LineStatus;

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
