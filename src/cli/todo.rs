//! `gamescribe todo`: the worklist of what still needs a person, most
//! valuable first (trunks before variations, long before short), each with what
//! is known and a correction entry ready to be filled in from the scan.

use super::{usage_error, CheckFormat, GivenArgs, EXIT_CLEAN, EXIT_ERRORS};
use crate::corrections::errors_in_the_corrections_file;
use crate::corrections::structure::start_of;
use crate::diagnostic::Diagnostic;
use crate::input::{read_input_with, Input};
use crate::notation::{Given, Reader};
use crate::rules::draughts::{resolve, write_fen};
use crate::tree::{Game, Line, LineStatus};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  gamescribe todo corpus/anderson-1852-ocr.txt\n  gamescribe todo corpus/anderson-1852-ocr.txt --limit 10\n  gamescribe todo book.txt --format json\n\nEach item: where the line stops in the source (file:line:col), the position at its\nbranch point and where it stops (PDN FEN), moves read against moves printed, the stated\nresult, and an entry to paste into BOOK.fixes once its moves are typed in from the scan.")]
pub struct TodoArgs {
    path: PathBuf,
    #[arg(long, value_enum, default_value = "auto")]
    notation: Reader,
    /// Show at most this many items.
    #[arg(long)]
    limit: Option<usize>,
    #[arg(long, value_enum, default_value = "human")]
    format: CheckFormat,
    #[command(flatten)]
    given: GivenArgs,
}

/// One line that needs a person.
#[derive(Debug, PartialEq, serde::Serialize)]
struct Item {
    game: usize,
    game_name: String,
    line: String,
    trunk: bool,
    status: LineStatus,
    /// `file:line:col` where the line stops (or starts, if nothing was read).
    place: String,
    branch_fen: Option<String>,
    stop_fen: Option<String>,
    moves_read: usize,
    /// Moves the text holds for the line, read or not (square pairs in the unread text counted).
    moves_printed: usize,
    stated_result: Option<String>,
    readings: Vec<String>,
    entry: String,
}

pub fn run(args: TodoArgs) -> u8 {
    let given = match args.given.read() {
        Ok(g) => g,
        Err(e) => return usage_error(&e),
    };
    let input = match read_input_with(&args.path, &given.fixes) {
        Ok(i) => i,
        Err(e) => return usage_error(&e),
    };
    let spinner = super::reading_spinner(&input.name);
    // Found once: an item's line is looked up, not counted from the top of the file.
    let lines = crate::span::LineIndex::new(&input.text);
    let place = |at: usize| {
        let (line, col) = lines.line_col(&input.text, input.to_normalised(at));
        format!("{}:{line}:{col}", input.name)
    };
    let (mut items, fixes_errors) = read_worklist(&input, args.notation, &given, &place);
    spinner.finish_and_clear();
    if !fixes_errors.is_empty() {
        eprint!("{}", input.render(&fixes_errors, false));
    }
    let total = items.len();
    if let Some(n) = args.limit {
        items.truncate(n);
    }
    match args.format {
        CheckFormat::Json => match serde_json::to_string_pretty(&items) {
            Ok(j) => println!("{j}"),
            Err(e) => return usage_error(&format!("cannot write JSON: {e}")),
        },
        CheckFormat::Human => {
            println!("{}: {total} lines need a person{}", input.name, if items.len() < total { format!(" ({} shown)", items.len()) } else { String::new() });
            for (k, it) in items.iter().enumerate() {
                println!();
                println!("{}. game {} ({}), {} — {:?}, {} of {} printed moves read", k + 1, it.game, it.game_name, it.line, it.status, it.moves_read, it.moves_printed);
                println!("   at        {}", it.place);
                println!("   branch    {}", it.branch_fen.as_deref().unwrap_or("unknown"));
                if let Some(f) = &it.stop_fen {
                    println!("   stops in  {f}");
                }
                if !it.readings.is_empty() {
                    println!("   reads as  {}", it.readings.join(" or "));
                }
                println!("   result    {}", it.stated_result.as_deref().unwrap_or("none printed"));
                println!("   entry     {}", it.entry);
            }
        }
    }
    if fixes_errors.is_empty() { EXIT_CLEAN } else { EXIT_ERRORS }
}

/// The worklist of a file, and the errors of its corrections file. A file
/// whose reader hands its games on is read a game at a time, each game's
/// items kept and the game dropped: a large database is listed in the memory
/// of one game and its items. A source with a corrections file is read whole
/// and its games handed on after.
fn read_worklist(input: &Input, notation: Reader, given: &Given, place: &dyn Fn(usize) -> String) -> (Vec<Item>, Vec<Diagnostic>) {
    let (mut items, mut fixes_errors) = (Vec::new(), Vec::new());
    let mut games = 0;
    let mut add = |game: &Game| {
        items.extend(game_items(games, game, place));
        games += 1;
    };
    input.each_game(notation, given, &mut add, &mut |d| fixes_errors.extend(errors_in_the_corrections_file(d).cloned()));
    sort_by_value(&mut items);
    (items, fixes_errors)
}

/// Most valuable first: trunks before variations, long before short, then in the book's order.
fn sort_by_value(items: &mut [Item]) {
    items.sort_by(|a, b| b.trunk.cmp(&a.trunk).then(b.moves_printed.cmp(&a.moves_printed)).then(a.game.cmp(&b.game)));
}

/// Every line of game `g` that stops or could not be read.
fn game_items(g: usize, game: &Game, place: &dyn Fn(usize) -> String) -> Vec<Item> {
    let mut items = Vec::new();
    for (l, line) in game.lines.iter().enumerate() {
        if !matches!(line.status, LineStatus::Partial | LineStatus::Unreadable) {
            continue;
        }
        let unread_moves = line.unread.as_ref().map_or(0, |u| u.raw.split(|c: char| !c.is_ascii_digit()).filter(|w| !w.is_empty()).count() / 2);
        let at = line.unread.as_ref().map_or(line.span.start, |u| u.span.start);
        let branch = start_of(game, l).ok();
        let stop = branch.as_ref().and_then(|p| {
            let mut pos = *p;
            for m in &line.moves {
                pos = pos.play(&resolve(&pos, &m.squares).ok()?);
            }
            Some(write_fen(&pos.setup()))
        });
        items.push(Item {
            game: g + 1,
            game_name: game.name.clone(),
            line: line.label.clone(),
            // The trunk by its label; a first line with no parent and no number is a trunk too.
            trunk: line.label.starts_with("trunk") || (l == 0 && line.parent.is_none() && !line.label.starts_with(|c: char| c.is_ascii_digit())),
            status: line.status,
            place: place(at),
            branch_fen: branch.map(|p| write_fen(&p.setup())),
            stop_fen: stop.filter(|_| !line.moves.is_empty()),
            moves_read: line.moves.len(),
            moves_printed: line.moves.len() + unread_moves,
            stated_result: line.stated_result.as_ref().map(|r| r.printed.clone()),
            readings: line.readings.iter().map(|r| r.text.clone()).collect(),
            entry: entry(g, game, line),
        });
    }
    items
}

/// The line's address in a corrections file.
fn address(g: usize, line: &Line) -> String {
    let which = if line.label == "trunk" {
        "trunk".to_string()
    } else if line.label.chars().all(|c| c.is_ascii_digit()) && !line.label.is_empty() {
        format!("variation {}", line.label)
    } else {
        format!("line {:?}", line.label)
    };
    format!("game {}, {which}", g + 1)
}

/// A whole-line entry with the moves read so far, to be completed from the scan.
fn entry(g: usize, _game: &Game, line: &Line) -> String {
    let moves: Vec<&str> = line.moves.iter().map(|m| m.text.as_str()).collect();
    let result = line.stated_result.as_ref().map_or(String::new(), |r| format!(" {}", r.printed.trim()));
    format!("{}: {}{result}  [scan p. ?]   # {} moves read; type the rest from the scan", address(g, line), moves.join(" "), line.moves.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::Source;

    /// Every line of a source read whole that stops or could not be read, most valuable first.
    fn worklist(source: &Source, place: &dyn Fn(usize) -> String) -> Vec<Item> {
        let mut items: Vec<Item> = source.games.iter().enumerate().flat_map(|(g, game)| game_items(g, game, place)).collect();
        sort_by_value(&mut items);
        items
    }

    /// Read a game at a time, every corpus file gives the worklist it gives read whole.
    #[test]
    fn the_worklist_read_game_by_game_is_the_worklist_read_whole() {
        let files = crate::input::small_corpus_files();
        let mut streamed = 0;
        for file in &files {
            let input = crate::input::read_input(file).expect("readable");
            let given = Given::default();
            let place = |at: usize| at.to_string();
            let (items, _) = read_worklist(&input, Reader::Auto, &given, &place);
            streamed += usize::from(input.game_by_game(Reader::Auto, &given).is_some() && input.fixes.is_none());
            let whole = worklist(&input.read_with_positions(Reader::Auto, &given), &place);
            assert_eq!(items, whole, "{}", file.display());
        }
        assert!(streamed > 10, "only {streamed} of {} files read game by game", files.len());
    }
}
