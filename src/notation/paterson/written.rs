//! Reading back what [`super::write_paterson`] writes, so `convert --to
//! paterson` round-trips: per line a heading `Game — label` (a variation adds
//! ` (from move N of parent)`), a `start FEN` line where the line is a root
//! that does not start from the opening (on a game's first line, the game's
//! start), its moves in natural notation one a line, the stated result, then a
//! blank line. A new game name starts a game; the writer keeps neighbouring
//! games' names and one game's labels distinct, so the tree comes back whole.

use super::read::read_line;
use super::write::line_start;
use crate::diagnostic::{Code, Diagnostic};
use crate::fast_hash::FastMap;
use crate::rules::draughts::{fen::parse_fen, Position};
use crate::span::Span;
use crate::text::draughts::{stated_result, ReadOptions};
use crate::tree::{Game, Line, Notation, Source, Start, Unread};

const DASH: &str = " — ";

/// Does `text` open with a heading as the writer writes them?
/// Strict enough for auto-detection: the first line is a heading and the
/// line after it is what the writer puts there (a start, a move in natural
/// notation, a result, a blank line or the next heading), since a heading
/// alone is only a line of prose with a dash in it.
pub fn looks_written(text: &str) -> bool {
    let mut lines = text.trim_start_matches('\u{feff}').lines().map(str::trim).skip_while(|l| l.is_empty());
    let Some(first) = lines.next() else { return false };
    if heading(first).is_none() {
        return false;
    }
    match lines.next() {
        None => true,
        Some(next) => next.is_empty() || next.starts_with("start ") || is_natural_move(next) || stated_result(next, 0).0.is_some() || heading(next).is_some(),
    }
}

/// `33 44` or `15.33`: two squares of two digits 1–8, apart by a space or a capture mark.
fn is_natural_move(line: &str) -> bool {
    let b = line.as_bytes();
    let square = |s: &[u8]| s.iter().all(|d| (b'1'..=b'8').contains(d));
    b.len() == 5 && square(&b[..2]) && matches!(b[2], b' ' | b'.' | b',' | b':') && square(&b[3..])
}

/// A heading: the game's name, the line's label, and for a variation the
/// branch move (1-based, from the game's start) and the parent's label.
pub(super) fn heading(line: &str) -> Option<(&str, &str, Option<(usize, &str)>)> {
    let (game, rest) = line.rsplit_once(DASH)?;
    let branch = rest.strip_suffix(')').and_then(|r| r.split_once(" (from move ")).and_then(|(label, from)| {
        let (n, parent) = from.split_once(" of ")?;
        Some((label, n.parse::<usize>().ok().filter(|&n| n > 0)?, parent))
    });
    Some(match branch {
        Some((label, n, parent)) => (game, label, Some((n, parent))),
        None => (game, rest, None),
    })
}

/// Blocks of non-blank lines, each line with its offset, one block at a
/// time (a file of millions of lines is not held as a list of them). A block
/// holds at most `MAX_ROWS` lines after its first; the lines after them are
/// a block of their own, marked as the rest of the one before, of which only
/// the first and last lines are given.
fn blocks(text: &str) -> impl Iterator<Item = (Vec<(usize, &str)>, bool)> {
    let mut lines = text
        .split_inclusive('\n')
        .scan(0, |at, raw| {
            let line = (*at, raw.trim_end_matches(['\n', '\r']));
            *at += raw.len();
            Some(line)
        })
        .peekable();
    let mut cut = false;
    std::iter::from_fn(move || {
        let rest_of_cut = std::mem::take(&mut cut);
        let first = lines.by_ref().find(|(_, l)| !l.trim().is_empty())?;
        let mut block = vec![first];
        while let Some(&(_, l)) = lines.peek() {
            if l.trim().is_empty() {
                break;
            }
            if rest_of_cut {
                // Only where the rest ends is needed: its lines are not held.
                block.truncate(1);
            } else if block.len() > super::MAX_ROWS {
                cut = true;
                break;
            }
            block.extend(lines.next());
        }
        Some((block, rest_of_cut))
    })
}

/// Read a file in the written layout.
pub fn read_written(name: &str, text: &str) -> Source {
    let mut games = Vec::new();
    let mut source = read_written_streamed(name, text, |game| games.push(game));
    source.games = games;
    source
}

/// As [`read_written`], but each game is handed to `visit` once its last
/// line is read (the next heading names another game), and not kept: memory
/// for one game, not the file. The source comes back without games.
pub fn read_written_streamed(name: &str, text: &str, mut visit: impl FnMut(Game)) -> Source {
    let mut source = Source { name: name.to_string(), notation: Notation::Paterson, ..Source::default() };
    let mut game: Option<Game> = None;
    // The current game's first line of each label, as a variation names its parent.
    let mut line_of: FastMap<String, usize> = FastMap::default();
    for (block, rest_of_cut) in blocks(text) {
        let (at, first) = block[0];
        let whole = Span::new(at, block.last().map_or(at, |&(a, l)| a + l.len()));
        if rest_of_cut {
            source.unread.push(Unread { raw: whole.slice(text).to_string(), span: whole });
            source.diagnostics.push(
                Diagnostic::error(Code::PatersonGameTooLong, format!("the line has more than {} rows; it is read to here, and the rows from here on are kept unread", super::MAX_ROWS), Span::new(at, at + first.len()))
                    .with_label("the first row not read"),
            );
            continue;
        }
        let Some((game_name, label, branch)) = heading(first) else {
            source.unread.push(Unread { raw: whole.slice(text).to_string(), span: whole });
            source.diagnostics.push(
                Diagnostic::error(Code::PatersonNoSpecimens, "a block without a `Game — line` heading; kept unread", Span::new(at, at + first.len()))
                    .with_help("each line of natural notation starts with a heading such as `Game 1 — trunk`"),
            );
            continue;
        };
        // A new name starts a game with its first line, a root: a variation
        // under a new name has no parent to branch from, so it starts nothing.
        if game.as_ref().is_none_or(|g| g.name != game_name) && branch.is_none() {
            game.take().into_iter().for_each(&mut visit);
            game = Some(Game { name: game_name.to_string(), start: Start::Draughts(Position::initial().setup()), span: whole, ..Game::default() });
            line_of.clear();
        }
        match game.as_mut().filter(|g| g.name == game_name) {
            Some(game) => read_block(text, &block, (game_name, label, branch), whole, (game, &mut line_of), &mut source),
            None => no_parent(text, &block, game_name, branch.map_or("", |(_, parent)| parent), whole, &mut source),
        }
    }
    game.into_iter().for_each(visit);
    source.diagnostics.sort_by_key(|d| d.span.start);
    source
}

/// One line of `game`: its heading, start, moves and result; what goes wrong goes to `source`.
fn read_block(text: &str, block: &[(usize, &str)], (game_name, label, branch): (&str, &str, Option<(usize, &str)>), whole: Span, (game, line_of): (&mut Game, &mut FastMap<String, usize>), source: &mut Source) {
    game.span = game.span.join(whole);
    let mut line = Line { label: label.to_string(), span: whole, ..Line::default() };
    let mut rest = &block[1..];
    if let Some((n, parent)) = branch {
        match line_of.get(parent) {
            Some(&p) => (line.parent, line.branch_ply) = (Some(p), n - 1),
            None => return no_parent(text, block, game_name, parent, whole, source),
        }
    }
    if let Some(&(at, fen)) = rest.first().filter(|(_, l)| l.starts_with("start ")) {
        rest = &rest[1..];
        match parse_fen(&fen["start ".len()..]) {
            // The game's first line starts the game; a later root has a start of its own.
            Ok(setup) if game.lines.is_empty() => game.start = Start::Draughts(setup),
            Ok(setup) => line.start = Some(Start::Draughts(setup)),
            Err(e) => source.diagnostics.push(Diagnostic::error(Code::PatersonBadStart, format!("the start is not a FEN: {e}"), Span::new(at, at + fen.len()))),
        }
    }
    if let Some(&(at, last)) = rest.last()
        && let (Some(result), _) = stated_result(last.trim(), at + (last.len() - last.trim_start().len()))
        && super::parse_clean(last, at).is_none_or(|m| m.is_empty())
    {
        line.stated_result = Some(result);
        rest = &rest[..rest.len() - 1];
    }
    game.lines.push(line);
    let index = game.lines.len() - 1;
    line_of.entry(label.to_string()).or_insert(index);
    let Some((&(from, _), &(last_at, last))) = rest.first().zip(rest.last()) else { return };
    let start = match line_start(game, index) {
        Ok(start) => start,
        Err(d) => {
            source.diagnostics.push(d);
            return;
        }
    };
    let (read, diagnostics, _) = read_line(text, Span::new(from, last_at + last.len()), &start, &ReadOptions::default());
    let line = &mut game.lines[index];
    (line.moves, line.status, line.unread) = (read.moves, read.status, read.unread);
    source.diagnostics.extend(diagnostics);
}

/// A variation whose parent is not a line of the game read: kept unread, said so.
fn no_parent(text: &str, block: &[(usize, &str)], game_name: &str, parent: &str, whole: Span, source: &mut Source) {
    let d = Diagnostic::error(Code::PatersonBadTree, format!("no line {parent:?} in {game_name:?} to branch from"), Span::new(block[0].0, block[0].0 + block[0].1.len()));
    source.diagnostics.push(d);
    source.unread.push(Unread { raw: whole.slice(text).to_string(), span: whole });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_with_and_without_a_branch() {
        assert_eq!(heading("Game 1: Old Fourteenth — trunk"), Some(("Game 1: Old Fourteenth", "trunk", None)));
        assert_eq!(heading("Game 1 — 3 (from move 12 of trunk)"), Some(("Game 1", "3", Some((12, "trunk")))));
        assert_eq!(heading("33 44"), None);
    }

    #[test]
    fn blocks_are_runs_of_non_blank_lines_with_their_offsets() {
        let got: Vec<(Vec<(usize, &str)>, bool)> = blocks("\n\na\nb\n \n\nc").collect();
        assert_eq!(got, vec![(vec![(2, "a"), (4, "b")], false), (vec![(9, "c")], false)]);
        assert_eq!(blocks("\n  \n").count(), 0);
    }

    #[test]
    fn a_line_past_the_most_rows_is_read_to_them_and_the_rest_kept_unread() {
        let rows = "33 44\n46 35\n".repeat(super::super::MAX_ROWS / 2);
        let text = format!("Game 1 — trunk\n{rows}11 22\n22 33\n\nGame 2 — trunk\n33 44\n");
        let lengths: Vec<(usize, bool)> = blocks(&text).map(|(b, cut)| (b.len(), cut)).collect();
        assert_eq!(lengths, [(super::super::MAX_ROWS + 1, false), (2, true), (2, false)]);
        let three_more = format!("Game 1 — trunk\n{rows}11 22\n22 33\n33 44\n");
        let rest: Vec<_> = blocks(&three_more).map(|(b, _)| b.iter().map(|l| l.1).collect::<Vec<_>>()).skip(1).collect();
        assert_eq!(rest, [["11 22", "33 44"]], "the rest's first and last lines");
        let source = read_written("t", &text);
        assert_eq!(source.games.len(), 2, "the next game is still read");
        let too_long: Vec<_> = source.diagnostics.iter().filter(|d| d.code == Code::PatersonGameTooLong).collect();
        assert_eq!(too_long.len(), 1);
        assert_eq!(too_long[0].span.slice(&text), "11 22");
        assert_eq!(source.unread.iter().map(|u| u.raw.as_str()).collect::<Vec<_>>(), ["11 22\n22 33"]);
    }

    #[test]
    fn games_handed_on_one_at_a_time_are_the_games_read_whole() {
        let text = "Game 1 — trunk\n33 44\n46 35\nDrawn.\n\nGame 1 — 1 (from move 2 of trunk)\n66 75\n\nno heading\n\nGame 1 — 2 (from move 9 of nothing)\n33 44\n\nGame 2 — trunk\nstart B:W19:B2\n15.33\n";
        let whole = read_written("t", text);
        let mut handed = Vec::new();
        let streamed = read_written_streamed("t", text, |game| handed.push(game));
        assert_eq!(handed.iter().map(|g| (g.name.as_str(), g.lines.len())).collect::<Vec<_>>(), [("Game 1", 2), ("Game 2", 1)]);
        assert_eq!(handed, whole.games);
        assert!(streamed.games.is_empty());
        assert_eq!((streamed.unread, streamed.diagnostics), (whole.unread, whole.diagnostics));
    }

    #[test]
    fn written_text_is_told_from_prose_with_a_dash() {
        assert!(looks_written("Game 1: Old Fourteenth — trunk\n33 44\n46 35\nDrawn.\n"));
        assert!(looks_written("\nTwo Kings — trunk\nstart B:W19:B2\n15.33\n"));
        assert!(looks_written("Game 1 — 3 (from move 12 of trunk)\n\nGame 1 — 4\n"));
        assert!(!looks_written("The game — as Sturges says — is old.\nIt was played in Glasgow.\n"));
        assert!(!looks_written("11 15 23 19\n"));
        assert!(!looks_written(""));
    }
}
