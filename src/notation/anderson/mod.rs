//! Anderson's *Game of Draughts Simplified* (1852): games printed in columns.
//!
//! A game starts at a `GAME.` line whose cells number the columns on the page
//! (`GAME. 1 2 3 4 5`: the trunk, then variations 1–5); later pages of the same
//! game start at a line of column numbers alone (`6 7 8 9 10 11`). Below a
//! header, a **row-wise** page has one move per column on each line, cells
//! separated by tabs; a **flattened** page has a whole column run together in
//! one cell. A number in front of a move (`1 17 13`) says "variation 1 starts
//! here": that column replaces this move and goes on from the position before
//! it. Under the columns stand the results (`Drawn.`, `W. wins.`) and sometimes
//! contributors.
//!
//! Reading is in two steps, as elsewhere: the layout is parsed into columns of
//! cells with spans (nothing about moves), then each column is replayed from
//! the position its branch point gives, with the repair decoder. Every line
//! that is not part of a page is kept as unread text.
//!
//! The stages, one file each: [`layout`] cuts the text into games, columns
//! and cells (each move cell scanned once); [`column`] works out once per
//! column what every later stage asks of it (tokens, readings, inference,
//! decodes); [`placement`] places columns by mark, by matching or from an
//! inferred start ([`inference`]); [`line`] makes a placed column a line;
//! [`resume`] reads on after a gap, as the same line where [`bridge`] finds
//! the gap's plies certain; [`openings`] names the games; [`prose`]
//! words the diagnostics.

mod bridge;
mod column;
mod cut;
mod inference;
mod layout;
mod line;
mod links;
mod openings;
mod placement;
mod positions;
mod prose;
mod readings;
mod resume;
mod through;

pub use openings::{contents, ContentsEntry};
pub use resume::is_resumed;

use crate::diagnostic::{Code, Diagnostic};
use crate::rules::draughts::Position;
use crate::span::Span;
use crate::tree::{Game, Line, LineOrigin, Page, PageSource, Source, Streamed};
use column::ColumnWork;
use layout::{is_game_header, parse_pages, Layout};
#[cfg(test)]
use layout::parse_layout;
use placement::Placer;
use std::collections::BTreeMap;

/// Read the whole book: every game as a tree, everything else kept unread.
pub fn read(name: &str, text: &str) -> Source {
    Source::gathered(|visit| read_streamed(name, text, visit))
}

/// As [`read`], but each book is handed to `visit` once read (first what it
/// gave besides games, then its games) and not kept: a text of several books
/// (each with its contents page, see [`volumes`]) is read in the memory of one
/// book, not of the file. The source comes back empty but for its name; its
/// spans are offsets into `text`.
pub fn read_streamed(name: &str, text: &str, mut visit: impl FnMut(Streamed)) -> Source {
    let source = Source { name: name.to_string(), notation: crate::tree::Notation::Anderson, ..Source::default() };
    let books = volumes(text);
    let hand_on = |volume: Span, mut book: Source| {
        if volume.start > 0 {
            crate::input::for_each_span(&mut book, |s| *s = Span::new(s.start + volume.start, s.end + volume.start));
        }
        let games = std::mem::take(&mut book.games);
        // A book's diagnostics, unread text and notes go on with its games: a
        // text of many books is held a few books at a time.
        visit(Streamed::Parts(book));
        games.into_iter().map(Streamed::Game).for_each(&mut visit);
    };
    read_books(text, &books, hand_on);
    source
}

/// The books, their games and critical positions read side by side as one
/// stream (a book a thread would leave the other threads idle while the
/// last book is read): each book is finished, and handed on, once all of
/// them are in. A book's games are numbered on from those of the books
/// before it, counted as the books are cut into pages, in order.
fn read_books(text: &str, books: &[Span], mut hand_on: impl FnMut(Span, Source)) {
    use std::sync::Arc;
    /// What the workers are given: a book's pages but its games and
    /// positions, then each game (numbered), then each position.
    enum Part {
        Book(usize, BookRest),
        Game(usize, Arc<Vec<Layout>>, usize, usize),
        Position(usize, Arc<Vec<layout::PositionBlock>>, usize),
    }
    enum Done {
        Book(usize, BookRest),
        Game(Game, Vec<Diagnostic>),
        Position(Game, Vec<Diagnostic>),
    }
    let mut numbered = 0;
    let parts = books.iter().enumerate().flat_map(move |(b, volume)| {
        let (layouts, blocks, rest) = split_pages(parse_pages(volume.slice(text)));
        let first = numbered;
        numbered += layouts.len();
        let (layouts, blocks) = (Arc::new(layouts), Arc::new(blocks));
        let games = (0..layouts.len()).map(move |k| Part::Game(b, Arc::clone(&layouts), k, first + k + 1));
        let positions = (0..blocks.len()).map(move |k| Part::Position(b, Arc::clone(&blocks), k));
        std::iter::once(Part::Book(b, rest)).chain(games).chain(positions)
    });
    let work = |part: Part| match part {
        Part::Book(b, rest) => Done::Book(b, rest),
        Part::Game(b, layouts, k, number) => {
            let (game, diagnostics) = build_game(books[b].slice(text), number, &layouts[k]);
            Done::Game(game, diagnostics)
        }
        Part::Position(b, blocks, k) => {
            let (game, diagnostics) = positions::read_position(books[b].slice(text), &blocks[k]);
            Done::Position(game, diagnostics)
        }
    };
    crate::parallel::in_order(parts, work, |done| {
        let mut reading: Option<(usize, BookRest, Read, Read)> = None;
        for part in done {
            match (part, reading.as_mut()) {
                (Done::Book(b, rest), _) => reading = Some((b, rest, Vec::new(), Vec::new())),
                (Done::Game(game, diagnostics), Some((_, _, games, _))) => games.push((game, diagnostics)),
                (Done::Position(game, diagnostics), Some((_, _, _, studies))) => studies.push((game, diagnostics)),
                // A book's own part always comes before its games and positions.
                (Done::Game(..) | Done::Position(..), None) => {}
            }
            if let Some((b, rest, games, studies)) = reading.take_if(|(_, rest, games, studies)| games.len() == rest.games && studies.len() == rest.positions) {
                let volume = books[b];
                hand_on(volume, finish_volume(volume.slice(text), rest, games, studies));
            }
        }
    });
}

/// The books a text holds, each as the stretch it runs over: a new book
/// starts at the line of a contents page (`CONTENTS.`) that has a game before
/// it in the book so far and one after it. One book (the book as printed,
/// whatever the OCR left of it) is the whole text, read as it always was; a
/// contents page is the one mark every book carries once, ahead of its games.
fn volumes(text: &str) -> Vec<Span> {
    let mut starts = vec![0];
    let (mut game_since_start, mut pending) = (false, None);
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let at = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        if is_game_header(line).is_some() {
            if let Some(contents) = pending.take() {
                starts.push(contents);
            }
            game_since_start = true;
        } else if game_since_start && pending.is_none() && is_contents_heading(line) {
            // A new book, if a game follows it.
            (pending, game_since_start) = (Some(at), false);
        }
    }
    starts.iter().zip(starts.iter().skip(1).chain([&text.len()])).map(|(&a, &b)| Span::new(a, b)).collect()
}

/// `#### CONTENTS.`: the heading of a book's contents page.
fn is_contents_heading(line: &str) -> bool {
    line.trim().trim_start_matches(['#', ' ']).trim_end_matches('.').trim_end() == "CONTENTS"
}

/// What a book's pages hold besides its games' layouts and its critical
/// positions, kept to finish the book once those are read: how many of each.
struct BookRest {
    games: usize,
    positions: usize,
    unread: Vec<crate::tree::Unread>,
    diagnostics: Vec<Diagnostic>,
}

/// Games or positions as read, each with what its reading found.
type Read = Vec<(Game, Vec<Diagnostic>)>;

fn split_pages(pages: layout::Pages) -> (Vec<Layout>, Vec<layout::PositionBlock>, BookRest) {
    let layout::Pages { layouts, positions: blocks, unread, diagnostics, .. } = pages;
    let rest = BookRest { games: layouts.len(), positions: blocks.len(), unread, diagnostics };
    (layouts, blocks, rest)
}

/// A book from its games as read: named, their pages and contributors
/// settled, the critical positions read, what is left kept.
fn finish_volume(text: &str, rest: BookRest, games: Read, studies: Read) -> Source {
    let BookRest { unread, mut diagnostics, .. } = rest;
    let mut source = Source { unread, ..Source::default() };
    source.diagnostics.append(&mut diagnostics);
    if games.is_empty() {
        // All of the text is kept unread; saying nothing would pass it as a book checked.
        source.diagnostics.push(
            Diagnostic::error(Code::AndersonNoGames, "no game found: no `GAME.` line or page header of column numbers", Span::new(0, text.len()))
                .with_label("no columnar game here")
                .with_help("a game starts at a line `GAME.` followed by its column numbers (`GAME. 1 2 3`, cells separated by tabs)"),
        );
    }
    for (game, diagnostics) in games {
        source.games.push(game);
        source.diagnostics.extend(diagnostics);
    }
    let naming = openings::name_games(text, &mut source.games);
    source.diagnostics.extend(naming);
    let listed = contents(text);
    for game in &mut source.games {
        settle_pages(game, &listed);
    }
    for game in &mut source.games {
        take_contributors(game);
    }
    // The critical positions between the games, each a game of its own after the book's games.
    for (study, found) in studies {
        source.games.push(study);
        source.diagnostics.extend(found);
    }
    // `s` signs, once every line of every game stands where it will.
    for (k, game) in source.games.iter_mut().enumerate() {
        let who = game.study.as_ref().map_or_else(|| format!("game {}", k + 1), |s| format!("the {}", crate::tree::Study::title(s.number)));
        let linked = links::link_similar(text, &who, game);
        source.diagnostics.extend(linked);
    }
    // Results under columns no game holds, page headers, positions, contributors, prose: kept.
    super::notes::keep_the_rest(&mut source, text);
    source
}

/// The names printed under a column (`J. Neilson.`, `Sturges.`), read as the
/// column's contributor: a note that is a name and no result.
fn take_contributors(game: &mut Game) {
    for line in &mut game.lines {
        let Some(k) = line.annotations.iter().position(|a| a.kind == crate::tree::AnnotationKind::Note && super::notes::is_name(&a.text)) else { continue };
        let note = line.annotations.remove(k);
        line.contributor = Some(crate::tree::Contributor::printed(&note.text, note.span));
    }
}

/// Whether a text looks like this book.
pub fn looks_like(text: &str) -> bool {
    text.lines().any(|l| is_game_header(l).is_some())
}

/// Replay every column of one game from where it branches, then read on
/// after the gaps where columns stop.
fn build_game(text: &str, number: usize, layout: &Layout) -> (Game, Vec<Diagnostic>) {
    let mut game = Game { name: format!("Game {number}"), start: crate::tree::Start::Draughts(Position::initial().setup()), span: layout.title, ..Game::default() };
    let mut diagnostics = Vec::new();
    let works: BTreeMap<u32, ColumnWork> = layout.columns.iter().map(|(&id, column)| (id, ColumnWork::new(layout, column))).collect();
    let index_of: BTreeMap<u32, usize> = works.keys().enumerate().map(|(i, &id)| (id, i)).collect();
    game.lines = vec![Line::default(); works.len()];
    let mut placer = Placer { text, number, layout, works: &works, index_of: index_of.clone(), game: &mut game, diagnostics: &mut diagnostics, placed: BTreeMap::new() };
    placer.place_all();
    let placed = std::mem::take(&mut placer.placed);
    resume::resume_columns(text, number, &works, &placed, &mut game, &mut diagnostics);
    record_statistics(layout, &works, &index_of, &mut game);
    record_pages(layout, &index_of, &mut game);
    (game, diagnostics)
}

/// The page marks of the game's layout as the game's pages, each column's
/// line (and the pieces it was resumed in) pointing at the pages it stands on.
fn record_pages(layout: &Layout, index_of: &BTreeMap<u32, usize>, game: &mut Game) {
    game.pages = layout.pages.iter().map(|m| Page { number: m.number, head: m.head.clone(), from: PageSource::Printed, span: m.span }).collect();
    for (p, mark) in layout.pages.iter().enumerate() {
        for line in mark.columns.iter().filter_map(|id| index_of.get(id)) {
            game.lines[*line].pages.push(p);
        }
    }
    for i in 0..game.lines.len() {
        if let LineOrigin::Resumed { of, .. } = game.lines[i].origin
            && of < game.lines.len()
        {
            game.lines[i].pages = game.lines[of].pages.clone();
        }
    }
}

/// Once the game is named: its first page takes the contents page's number
/// (or goes, where the contents page gives none), and a running head that is
/// not the game's name is no page of it (the text goes back to the notes).
fn settle_pages(game: &mut Game, contents: &[ContentsEntry]) {
    let opening = game.tags.iter().find(|(k, _)| k == "Opening").map(|(_, v)| v.clone());
    let listed = opening.as_ref().and_then(|o| contents.iter().find(|e| &e.name == o)).and_then(|e| e.page);
    let letters = |t: &str| t.chars().filter(|c| c.is_alphanumeric()).collect::<String>().to_lowercase();
    let keep: Vec<bool> = game
        .pages
        .iter_mut()
        .map(|page| {
            if page.span.is_empty() {
                page.number = listed;
                page.from = PageSource::Contents;
                return listed.is_some();
            }
            // A number is a page of this game only between its first page and the next game's.
            let next = listed.and_then(|first| contents.iter().filter_map(|e| e.page).filter(|&p| p > first).min());
            let in_range = page.number.is_none_or(|n| listed.is_some_and(|first| n > first && next.is_none_or(|next| n < next)));
            in_range && page.head.as_ref().is_none_or(|h| opening.as_ref().is_some_and(|o| letters(h) == letters(o)))
        })
        .collect();
    let new_index: Vec<Option<usize>> = keep.iter().scan(0, |n, &k| Some(k.then(|| { *n += 1; *n - 1 }))).collect();
    let mut k = 0;
    game.pages.retain(|_| { k += 1; keep[k - 1] });
    for line in &mut game.lines {
        line.pages = line.pages.iter().filter_map(|&p| new_index.get(p).copied().flatten()).collect();
    }
}

/// The reader's figures for one game, as typed statistics (columns, moves printed, and
/// the row-wise pages on their own: one move a cell, the OCR at its best).
fn record_statistics(layout: &Layout, works: &BTreeMap<u32, ColumnWork>, index_of: &BTreeMap<u32, usize>, game: &mut Game) {
    let printed_moves: usize = works.values().map(|w| w.printed).sum();
    let (mut row_wise_printed, mut row_wise_read) = (0, 0);
    for (&id, work) in works.iter().filter(|(_, w)| !w.column.flattened) {
        row_wise_printed += work.printed;
        let column = index_of[&id];
        row_wise_read += game.lines[column].moves.len();
        row_wise_read += game.lines.iter().filter(|l| matches!(l.origin, LineOrigin::Resumed { of, .. } if of == column)).map(|l| l.moves.len()).sum::<usize>();
    }
    game.stats.columns = Some(layout.columns.len());
    game.stats.printed_moves = Some(printed_moves);
    let row_wise_columns = layout.columns.values().filter(|c| !c.flattened).count();
    game.stats.row_wise = Some(crate::tree::RowWise { columns: row_wise_columns, printed: row_wise_printed, read: row_wise_read });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::draughts::{self as draughts_text, ReadOptions};
    use crate::tree::LineStatus;

    const PAGE: &str = "GAME.\t1\t2\n11 15\t26 23\t24 20\n23 19\t9 13\t\n8 11\t\t\n1 22 17\t\t\n9 13\t\t\n2 17 14\t\t\nDrawn.\tDrawn.\tW. wins.\n";

    #[test]
    fn a_variation_replaces_the_marked_move() {
        let source = read("t", PAGE);
        let game = &source.games[0];
        let trunk = &game.lines[0];
        assert_eq!(trunk.moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), vec!["11-15", "23-19", "8-11", "22-17", "9-13", "17-14"]);
        // Variation 1 replaces 22-17 (the fourth move): it starts after three.
        let v1 = &game.lines[1];
        assert_eq!((v1.label.as_str(), v1.parent, v1.branch_ply), ("1", Some(0), 3));
        assert_eq!(v1.moves[0].text, "26-23");
    }

    fn corpus_game(number: usize) -> (Game, Vec<Diagnostic>) {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/anderson-1852-ocr.txt");
        let text = std::fs::read_to_string(path).expect("corpus");
        let (layouts, _) = parse_layout(&text);
        build_game(&text, number, &layouts[number - 1])
    }

    /// Game 14's column 88 is replayed from an inferred start; it carries the
    /// mark of column 89 (`89 21 17`), which then branches there. Column 89's
    /// first rows are fragments (`9 (`): on that partly inferred board its
    /// first move (`9`) could be read only by mending, which is refused.
    #[test]
    fn a_mark_in_a_column_with_an_inferred_start_places_its_variation() {
        let (game, diagnostics) = corpus_game(14);
        let index = |label: &str| game.lines.iter().position(|l| l.label == label).expect("column");
        let (parent, child) = (index("88"), index("89"));
        assert!(game.lines[parent].start.is_some(), "column 88 has an inferred start");
        assert_eq!(game.lines[parent].origin, LineOrigin::InferredStart);
        assert_eq!(game.lines[child].origin, LineOrigin::Printed, "placed at its printed mark");
        assert_eq!(game.lines[child].parent, Some(parent));
        // The marked move is 21-17, the 27th of column 88: column 89 replaces it.
        assert_eq!(game.lines[parent].moves[game.lines[child].branch_ply].text, "21-17");
        assert!(game.lines[child].moves.is_empty());
        assert!(diagnostics.iter().any(|d| d.code == "anderson::mend-refused" && d.message.starts_with("column 89 of game 14: `9` would read as 9-6 only by mending it (number-lost: `6` supplied)")), "{diagnostics:#?}");
    }

    /// Game 3's trunk: the decoder mended `21` / `17` into 2-7 and 21-17 and
    /// then stopped at `15 19`. The gap is found before those guesses: Black's
    /// 3-8 is not printed, and the rest (21 17, 15 19, 24 15, 6 9, 13 6, 1 26)
    /// then reads as printed. No other ply lets it read on, so the row is
    /// bridged: the column is one line, 3-8 logged as reconstructed.
    #[test]
    fn a_lost_row_is_bridged_after_giving_up_mended_guesses() {
        let (game, diagnostics) = corpus_game(3);
        let trunk = &game.lines[0];
        let texts: Vec<&str> = trunk.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts[30..], ["12-16", "28-24", "3-8", "21-17", "15-19", "24x15", "6-9", "13x6", "1x26"]);
        let bridged = &trunk.moves[32];
        assert_eq!(bridged.repair.as_ref().map(|r| r.edits[0].kind), Some(crate::tree::EditKind::Reconstructed));
        assert!(trunk.moves[33..].iter().all(|m| m.repair.is_none()), "read as printed after the bridge");
        assert!(!game.lines.iter().any(|l| l.label == "trunk (resumed)"), "no second piece");
        let note = diagnostics.iter().find(|d| d.code == "anderson::bridged" && d.message.starts_with("column trunk of game 3")).expect("the bridge is a warning");
        assert!(note.message.contains("of the 7 legal moves, 3-8 is the only one after which the printed 21-17 15-19 24x15"), "{}", note.message);
        // Variation 13 loses White's 11-8 the same way.
        let v13 = game.lines.iter().find(|l| l.label == "13").expect("variation 13");
        let at = v13.moves.iter().position(|m| m.repair.is_some()).expect("a bridged move");
        assert_eq!((at, v13.moves[at].text.as_str(), v13.moves[at + 1].text.as_str()), (8, "11-8", "22-26"));
    }

    /// Game 1's variations 25 and 26 start from inferred positions and end in
    /// a clean cell (`2 9`, `22 26`) followed by a garbled one (`2 0`, `0`).
    /// The start chosen for 25 must have Black's man on 2, so that its last
    /// printed move is legal; both moves are kept as printed and the garbage
    /// after them stays unread, each with a warning naming it.
    #[test]
    fn a_clean_move_before_a_garbled_cell_is_kept() {
        let (game, diagnostics) = corpus_game(1);
        for (label, last, printed, count, garbled) in [("25", "2x9", "2 9", 14, "`2 0`"), ("26", "22-26", "22 26", 17, "`0`")] {
            let line = game.lines.iter().find(|l| l.label == label).expect("variation");
            let kept = line.moves.last().expect("moves");
            assert_eq!((kept.text.as_str(), kept.printed.as_str(), line.moves.len(), kept.repair.is_none()), (last, printed, count, true), "variation {label}");
            let note = diagnostics.iter().find(|d| d.code == "anderson::clean-move-kept" && d.message.starts_with(&format!("column {label} of game 1:"))).expect("a warning");
            assert!(note.message.contains(garbled), "{}", note.message);
            assert!(line.unread.as_ref().is_some_and(|u| u.span.start >= kept.span.end), "the garbage stays unread");
        }
    }

    /// Game 14's column 89: its head is fragments, and `10 13` (no move at
    /// all) stops the first try at its rest; from `26 31` on, the rest reads
    /// 17 moves as printed from the position those moves imply. What was
    /// passed over stays unread on the stopped line: its own cells only.
    #[test]
    fn a_rest_no_gap_lets_read_on_is_read_from_its_own_inferred_start() {
        let (game, diagnostics) = corpus_game(14);
        let rest = game.lines.iter().find(|l| l.label == "89 (resumed)").expect("rest of column 89");
        let moves: Vec<&str> = rest.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves[..4], ["26-31", "15-18", "31-27", "18-22"]);
        assert_eq!(moves.len(), 17);
        assert!(rest.moves.iter().all(|m| m.repair.is_none()), "read as printed only");
        assert!(rest.start.is_some());
        let stopped_at = game.lines.iter().position(|l| l.label == "89").expect("column 89");
        assert_eq!(rest.origin, LineOrigin::Resumed { of: stopped_at, piece: 2, inferred: true });
        let stopped = &game.lines[stopped_at];
        let passed = stopped.unread.as_ref().expect("the gap is kept unread");
        assert_eq!(passed.raw, "9 ( / 1 10 / 13 9 / 11 7 / 7 5 / 6 / 10 14 / 1 1 / 2 / 5 / 6.9 / 1 1 / 9 13 / 5 1 / 14 18 / 1 6 / 18 23 / - 6 10 / 23 26 / 10 13");
        assert!(diagnostics.iter().any(|d| d.code == "anderson::rest-inferred" && d.message.starts_with("column 89 of game 14")));
    }

    /// The inference is checked where the answer is known: every column of the
    /// book placed by its mark, with at least 10 moves read, must read the same
    /// moves from the start its own moves imply.
    #[test]
    fn an_inferred_start_reads_marked_columns_as_their_marks_do() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/anderson-1852-ocr.txt");
        let text = std::fs::read_to_string(path).expect("corpus");
        let (layouts, _) = parse_layout(&text);
        let mut checked = Vec::new();
        for (k, layout) in layouts.iter().enumerate() {
            let (game, _) = build_game(&text, k + 1, layout);
            for (i, (&id, column)) in layout.columns.iter().enumerate() {
                let line = &game.lines[i];
                if id == 0 || line.parent.is_none() || line.moves.len() < 10 {
                    continue;
                }
                let work = ColumnWork::new(layout, column);
                let Some(own) = work.own_start(&text) else {
                    checked.push((k + 1, id, 0));
                    continue;
                };
                let (again, _) = draughts_text::read_tokens(&text, &work.tokens, &own.start, &ReadOptions::default());
                // The decoder's own reading: up to a gap the rules bridged.
                let decoded = |l: &Line| l.moves.iter().map_while(|m| (!m.repair.as_ref().is_some_and(|r| r.edits.iter().any(|e| e.kind == crate::tree::EditKind::Reconstructed))).then(|| m.squares.clone())).collect::<Vec<_>>();
                assert_eq!(decoded(&again), decoded(line), "game {} column {id}", k + 1);
                checked.push((k + 1, id, line.moves.len()));
            }
        }
        // Game 3's column 5 is cut at the page's edge: its own moves fix no
        // start (0), which is a refusal, not a wrong start.
        assert_eq!(checked, vec![(3, 1, 36), (3, 2, 41), (3, 3, 43), (3, 4, 43), (3, 5, 0), (3, 12, 24), (3, 13, 16), (3, 14, 16)]);
    }

    /// A small book: its contents page, then one game.
    fn small_book() -> String {
        format!("A Treatise on the Game of Draughts, by its Author.\n\n#### CONTENTS.\n\nFife,\tdo. ,,\t25 do.\t\t16\n\n{PAGE}\nRemarks on the game, at length, in prose.\n\n")
    }

    #[test]
    fn a_text_of_several_books_is_cut_at_each_later_contents_page() {
        let book = small_book();
        assert_eq!(volumes(&book), vec![Span::new(0, book.len())], "one book is the whole text");
        let two = format!("{book}{book}");
        let second = book.len() + book.find("#### CONTENTS").expect("heading");
        assert_eq!(volumes(&two), vec![Span::new(0, second), Span::new(second, two.len())]);
        // A contents page with no game after it starts no book.
        let trailing = format!("{book}#### CONTENTS\n\nnothing more\n");
        assert_eq!(volumes(&trailing).len(), 1);
        assert!(!is_contents_heading("CONTENTS of the second chapter"));
    }

    #[test]
    fn books_are_read_one_after_another_as_each_reads_alone() {
        let book = small_book();
        let two = format!("{book}{book}");
        let alone = read("t", &book);
        let (mut handed, mut parts) = (Vec::new(), Vec::new());
        let rest = read_streamed("t", &two, |part| match part {
            Streamed::Game(game) => handed.push(game),
            Streamed::Parts(book) => parts.push((handed.len(), book)),
        });
        assert_eq!(rest, Source { name: "t".into(), notation: crate::tree::Notation::Anderson, ..Source::default() }, "everything was handed on");
        // Each book's parts go on before its games.
        assert_eq!(parts.iter().map(|(games_before, _)| *games_before).collect::<Vec<_>>(), [0, alone.games.len()]);
        let mut both = rest;
        parts.into_iter().for_each(|(_, book)| both.append_parts(book));
        assert_eq!(handed.len(), 2 * alone.games.len());
        let second = book.len();
        for (k, game) in handed.iter().enumerate() {
            let mut expected = alone.games[k % alone.games.len()].clone();
            if k >= alone.games.len() {
                crate::input::for_each_game_span(&mut expected, |s| *s = Span::new(s.start + second, s.end + second));
                // The second book's game is numbered after the first book's.
                expected.name = expected.name.replacen("Game 1", "Game 2", 1);
            }
            assert_eq!(game, &expected, "game {k}");
        }
        assert_eq!(both.diagnostics.len(), 2 * alone.diagnostics.len());
        assert_eq!((both.unread.len(), both.notes.len()), (2 * alone.unread.len(), 2 * alone.notes.len()));
        // Nothing lost across the cut.
        assert_eq!(crate::tree::coverage::coverage(&read("t", &two), two.as_bytes()).uncovered_bytes, 0);
    }

    #[test]
    fn stars_and_similar_position_signs_go_to_their_moves() {
        let text = "GAME.\t1\n11 15\t\n23 19\t\n* 8 11\t\ns 22 17\t\nDrawn.\t\n";
        let source = read("t", text);
        let trunk = &source.games[0].lines[0];
        assert_eq!(trunk.moves.len(), 4, "{:?}", trunk.moves.iter().map(|m| &m.text).collect::<Vec<_>>());
        let signs: Vec<(&str, &str, &str)> = trunk.moves.iter().flat_map(|m| m.annotations.iter().map(move |a| (m.text.as_str(), a.kind.as_str(), a.text.as_str()))).collect();
        assert_eq!(signs, vec![("8-11", "star", "*"), ("22-17", "similar-position", "s")]);
    }

    #[test]
    fn a_note_in_the_period_notation_is_kept_as_a_note() {
        let text = "GAME.\t1\n11 15\t\n23 19\t\n+ 23.19\t\n3.7 11.8\t\nW.W.\t\nDrawn.\t\n";
        let source = read("t", text);
        let trunk = &source.games[0].lines[0];
        assert_eq!(trunk.moves.len(), 2);
        assert_eq!(trunk.status, LineStatus::Legal);
        let notes: Vec<&str> = trunk.annotations.iter().filter(|a| a.kind == crate::tree::AnnotationKind::Note).map(|a| a.text.as_str()).collect();
        assert_eq!(notes, vec!["+ 23.19", "3.7 11.8", "W.W."]);
    }

    #[test]
    fn a_text_with_no_game_is_an_error_and_kept_unread() {
        for text in ["", "Remarks on the games.\n\nNo columns here.\n"] {
            let source = read("t", text);
            assert!(source.games.is_empty());
            assert!(source.diagnostics.iter().any(|d| d.code == "anderson::no-games" && d.severity == crate::diagnostic::Severity::Error), "{text:?}");
            let kept: usize = source.unread.iter().map(|u| u.raw.len()).sum();
            assert!(text.trim().is_empty() || kept > 0, "{text:?}");
        }
    }

    #[test]
    fn junk_never_panics() {
        for text in ["GAME.\t", "GAME.\t1\n\t\t\t\n1 2 3 4 5 6 7\n", "GAME.\t1\t2\n9 9 9\t7\nDrawn.\tmawn.\n\u{0}\u{fffd}\t\t\n"] {
            let _ = read("t", text);
        }
    }
}
