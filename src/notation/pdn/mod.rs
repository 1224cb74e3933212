//! PDN 3.0 for English draughts (GameType 21): tags, move numbers, moves with
//! `-` and `x`, nested variations, comments, NAGs, results; what CheckerBoard
//! and pydraughts write (trailing dot in FEN, `%` escape lines, `*` as a
//! strength mark in old files).
//!
//! Two stages, as everywhere in gamescribe: `parse` turns text into a syntax
//! tree (`syntax.rs`, over the byte lexer `lex.rs`), recovering after every
//! error; `resolve` replays each line through the engine. `grammars/pdn.pest`
//! states the clean syntax and tests check the lexer-based parser against it.
//! `validate` is the streaming fast path that counts without building a tree.

mod continuation;
mod lex;
mod lasca;
pub mod grammar;
mod resolve;
pub mod syntax;
mod validate;

pub use lex::{Lexeme, Lexer, Token};
pub use resolve::{glues_a_joiner, is_note_kind, kind_prefixed, resolve, sort_key, stated, CONTRIBUTOR, NOT_READ, PLAIN_KINDS, RESERVED_COMMENTS, SEE, WORD_JOINER};
pub use syntax::{parse, GameParser, GameSyntax, Parsed, MAX_DEPTH, MAX_MOVES};
pub use validate::{validate, validate_parallel, Stats};

use crate::diagnostic::{Code, Diagnostic};
use crate::span::Span;
use crate::tree::{Game, Outcome, Source};

/// Read PDN text: parse, then replay every line. All problems become diagnostics.
pub fn read(name: &str, text: &str) -> Source {
    let mut source = Source { name: name.to_string(), notation: crate::tree::Notation::Pdn, ..Source::default() };
    let games = for_each_game(text, |game, mut diagnostics| {
        source.games.push(game);
        source.diagnostics.append(&mut diagnostics);
    });
    if games == 0 {
        source.diagnostics.push(no_games(text));
    }
    // Lasca games written by gamescribe read back as a Lasca source.
    if !source.games.is_empty() && source.games.iter().all(|g| g.tags.iter().any(|(n, v)| n == "GameType" && v.trim() == lasca::GAME_TYPE)) {
        source.notation = crate::tree::Notation::Lasca;
    }
    source
}

/// `read` without keeping the games: each is handed to `visit` and dropped, so
/// memory stays near the size of the text (`check` counts this way). The
/// source has every diagnostic and no games.
pub fn read_streamed(name: &str, text: &str, mut visit: impl FnMut(Game)) -> Source {
    let mut source = Source { name: name.to_string(), notation: crate::tree::Notation::Pdn, ..Source::default() };
    let games = for_each_game(text, |game, mut diagnostics| {
        visit(game);
        source.diagnostics.append(&mut diagnostics);
    });
    if games == 0 {
        source.diagnostics.push(no_games(text));
    }
    source
}

/// Read one game at a time and hand each to `visit` with its diagnostics, so a
/// caller that only counts or checks holds one game in memory, not the file.
/// Returns the number of games. (An input with no game gives none; `read`
/// reports that as `pdn::no-games`.)
pub fn for_each_game(text: &str, mut visit: impl FnMut(Game, Vec<Diagnostic>)) -> usize {
    let mut count = 0;
    for (syntax, mut diagnostics) in GameParser::new(text) {
        let (game, mut more) = resolve(&syntax, text);
        diagnostics.append(&mut more);
        diagnostics.sort_by_key(|d| d.span.start);
        visit(game, diagnostics);
        count += 1;
    }
    count
}

fn no_games(text: &str) -> Diagnostic {
    Diagnostic::error(Code::PdnNoGames, "no game found: the file has no tags and no movetext", Span::new(0, text.len()))
        .with_label("empty")
        .with_help("a PDN game is tags like [Event \"…\"] followed by moves such as 1. 11-15 23-19")
}

/// The PDN score for an outcome.
pub fn score(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::BlackWins => "1-0",
        Outcome::WhiteWins => "0-1",
        Outcome::Draw => "1/2-1/2",
        Outcome::Unknown => "*",
    }
}
