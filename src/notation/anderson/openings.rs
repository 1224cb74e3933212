//! Naming each game by its opening.
//!
//! Two witnesses: the moves of the trunk as read, compared with the opening
//! definitions of Hoyle's "Names of the Various Openings" (shipped in
//! `corpus/hoyle-draughts.txt`), and the book's contents page, which lists the
//! games with their first pages. A trunk read far enough to contain exactly
//! one definition names its game outright. The other games take the remaining
//! names in the order of their pages, and their trunks (as far as read) are
//! checked against the name given.

use crate::diagnostic::{Code, Diagnostic};
use crate::notation::hoyle::{openings, Opening};
use crate::span::Span;
use crate::tree::Game;
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// The opening definitions: Hoyle's text is where they are printed.
static DEFINITIONS: LazyLock<Vec<Opening>> = LazyLock::new(|| openings(include_str!("../../../corpus/hoyle-draughts.txt")));

/// One line of the contents page: "Fife, do. 25 do. 16".
#[derive(Clone, Debug, PartialEq)]
pub struct ContentsEntry {
    pub name: String,
    pub variations: Option<u32>,
    pub page: Option<u32>,
    pub span: Span,
}

/// The games listed between "CONTENTS" and the total ("15 Games and 648 Variations").
pub fn contents(text: &str) -> Vec<ContentsEntry> {
    let mut out = Vec::new();
    let Some(start) = text.find("CONTENTS") else { return out };
    let mut offset = start;
    for raw in text[start..].split_inclusive('\n') {
        let line_start = offset;
        offset += raw.len();
        let line = raw.trim_end();
        if line.contains("Games and") {
            break;
        }
        let cells: Vec<&str> = line.split('\t').map(str::trim).filter(|c| !c.is_empty()).collect();
        let Some(variations_at) = cells.iter().position(|c| c.contains("do.") && c.chars().next().is_some_and(|ch| ch.is_ascii_digit()) || c.contains("Variatio")) else { continue };
        let Some(name) = cells.first().map(|c| c.trim_end_matches(',').trim()).filter(|n| n.chars().next().is_some_and(char::is_uppercase)) else { continue };
        let number = |c: &str| c.chars().filter(char::is_ascii_digit).collect::<String>().parse::<u32>().ok();
        let variations = number(cells[variations_at].split_whitespace().next().unwrap_or(""));
        // The page is the last cell, when it holds nothing but a number (and OCR dots).
        let page = cells.last().filter(|c| cells.len() > variations_at + 1 && c.chars().all(|ch| ch.is_ascii_digit() || ch == '.' || ch == ' ')).and_then(|c| number(c));
        out.push(ContentsEntry { name: name.to_string(), variations, page, span: Span::new(line_start, line_start + line.len()) });
    }
    out
}

/// How a game's opening was found.
#[derive(Clone, Debug, PartialEq)]
pub enum Evidence {
    /// The trunk as read contains the whole definition.
    Trunk { moves: usize },
    /// The contents page order; `agreeing` of the trunk's first moves fit the definition.
    ContentsOrder { agreeing: usize, read: usize },
}

/// Letters only, lower case, no leading "The", with the book's spelling
/// "Suter" for Hoyle's "Souter".
fn key(name: &str) -> String {
    let name = name.trim();
    let name = name.strip_prefix("The ").unwrap_or(name);
    let k: String = name.chars().filter(char::is_ascii_alphabetic).map(|c| c.to_ascii_lowercase()).collect();
    if k == "souter" { "suter".into() } else { k }
}

/// How many of the trunk's first moves agree with a definition.
fn agreeing(game: &Game, opening: &Opening) -> usize {
    let trunk = game.lines.first().filter(|l| l.label == "trunk").map_or(&[][..], |l| &l.moves[..]);
    trunk.iter().zip(&opening.moves).take_while(|(a, b)| a.squares == b.squares).count()
}

fn trunk_len(game: &Game) -> usize {
    game.lines.first().filter(|l| l.label == "trunk").map_or(0, |l| l.moves.len())
}

/// Name every game; a diagnostic where a trunk disagrees with the name the order gives.
pub fn name_games(text: &str, games: &mut [Game]) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    let contents_by_name = contents(text);
    let mut listed = contents_by_name.clone();
    let defs: &[Opening] = &DEFINITIONS;
    let definition = |name: &str| defs.iter().find(|o| key(&o.name) == key(name));
    let mut named: Vec<Option<(String, Evidence)>> = vec![None; games.len()];
    for (k, game) in games.iter().enumerate() {
        let full: Vec<&Opening> = defs.iter().filter(|o| !o.moves.is_empty() && agreeing(game, o) == o.moves.len()).collect();
        if let [one] = full.as_slice()
            && let Some(entry) = listed.iter().position(|e| key(&e.name) == key(&one.name))
        {
            named[k] = Some((listed.remove(entry).name, Evidence::Trunk { moves: one.moves.len() }));
        }
    }
    // The rest in page order; a name whose page the OCR lost comes last.
    listed.sort_by_key(|e| e.page.unwrap_or(u32::MAX));
    let mut rest = listed.into_iter();
    for (k, game) in games.iter().enumerate() {
        if named[k].is_some() {
            continue;
        }
        let Some(entry) = rest.next() else { break };
        let read = trunk_len(game);
        let agree = definition(&entry.name).map_or(0, |o| agreeing(game, o));
        if let Some(o) = definition(&entry.name)
            && agree < read.min(o.moves.len())
        {
            let trunk = &game.lines[0];
            let at = &trunk.moves[agree];
            diagnostics.push(
                Diagnostic::warning(
                    Code::AndersonOpeningDisagrees,
                    format!("{}: by the contents page this is the {}, whose move {} is {}, but the trunk reads {}", game.name, entry.name, agree + 1, o.moves[agree].text, at.text),
                    at.span,
                )
                .with_label("trunk and opening name disagree here")
                .with_help("a misread move the rules allow, or games in another order than the contents page"),
            );
        }
        named[k] = Some((entry.name, Evidence::ContentsOrder { agreeing: agree, read }));
    }
    for (game, name) in games.iter_mut().zip(named) {
        let Some((name, evidence)) = name else { continue };
        let how = match evidence {
            Evidence::Trunk { moves } => format!("its trunk's first {moves} moves"),
            Evidence::ContentsOrder { agreeing, read } => format!("the contents page order; {agreeing} of the {read} trunk moves read agree"),
        };
        if let Some(entry) = contents_by_name.iter().find(|e| e.name == name)
            && let Some(v) = entry.variations
        {
            game.stats.contents_variations = Some(v);
        }
        game.tags.push(("Opening".into(), name.clone()));
        game.tags.push(("OpeningBy".into(), how));
        game.name = format!("{}: {name}", game.name);
    }
    diagnostics.extend(games.iter_mut().flat_map(account_for_listed_columns));
    diagnostics
}

/// The variations the contents page lists for a game that no column header
/// of the text names (a garbled header or a page the OCR lost): one error for
/// each run of numbers, placed in the text between the columns found on
/// either side, and their count in `stats.listed_not_found`.
fn account_for_listed_columns(game: &mut Game) -> Vec<Diagnostic> {
    let Some(listed) = game.stats.contents_variations else { return Vec::new() };
    if listed > MOST_VARIATIONS_A_GAME {
        // A count no game of the book comes near is a misread, not a promise.
        return Vec::new();
    }
    // The trunk is column 0; a column placed with no cells has no place to point at.
    let number = |label: &str| if label == "trunk" { Some(0) } else { label.parse::<u32>().ok() };
    let found: BTreeMap<u32, Span> = game.lines.iter().filter(|l| !l.span.is_empty()).filter_map(|l| Some((number(&l.label)?, l.span))).collect();
    let named: Vec<u32> = game.lines.iter().filter_map(|l| number(&l.label)).filter(|&n| n <= listed).collect::<std::collections::BTreeSet<u32>>().into_iter().collect();
    // Runs of numbers no column has, from the gaps between those found.
    let mut runs: Vec<(u32, u32)> = Vec::new();
    let mut next = 0;
    for &n in &named {
        if n > next {
            runs.push((next, n - 1));
        }
        next = n + 1;
    }
    if next <= listed {
        runs.push((next, listed));
    }
    let text_end = game.lines.iter().map(|l| l.span.end).max().unwrap_or(game.span.end);
    let mut diagnostics = Vec::new();
    for &(first, last) in &runs {
        // Between the columns found on either side; past the last, where the game's text ends.
        let before = found.range(..first).next_back().map_or(game.span.end, |(_, s)| s.end);
        let after = found.range(last + 1..).next().map(|(_, s)| s.start);
        let span = match after {
            Some(end) if end > before => Span::new(before, end),
            Some(_) => game.span,
            None => Span::new(text_end, text_end),
        };
        let which = match (first, last) {
            (0, 0) => "the trunk".to_string(),
            (0, 1) => "the trunk and variation 1".to_string(),
            (0, _) => format!("the trunk and variations 1–{last}"),
            _ if first == last => format!("variation {first}"),
            _ => format!("variations {first}–{last}"),
        };
        diagnostics.push(
            Diagnostic::error(
                Code::AndersonListedNotFound,
                format!("{}: the contents page lists the trunk and {listed} variations, but no column header of the text names {which}", game.name),
                span,
            )
            .with_label("expected in here")
            .with_help("the page header may be misread or run into the cells, or the page lost by the OCR; these columns are not checked"),
        );
    }
    let missing: u32 = runs.iter().map(|(first, last)| last - first + 1).sum();
    game.stats.listed_not_found = Some(missing);
    diagnostics
}

/// More variations than any game of the book has (the most is 89): a contents count above it is misread.
const MOST_VARIATIONS_A_GAME: u32 = 999;

#[cfg(test)]
mod tests {
    use super::*;

    fn game_with(labels: &[(&str, usize)], listed: u32) -> Game {
        use crate::tree::Line;
        let lines = labels.iter().map(|&(label, at)| Line { label: label.into(), span: Span::new(at, at + 5), ..Line::default() }).collect();
        let stats = crate::tree::GameStats { contents_variations: Some(listed), ..Default::default() };
        Game { name: "Game 1".into(), stats, lines, span: Span::new(0, 4), ..Game::default() }
    }

    #[test]
    fn each_run_of_listed_columns_not_found_is_one_error_between_its_neighbours() {
        let mut game = game_with(&[("trunk", 10), ("1", 20), ("4", 40)], 6);
        let diagnostics = account_for_listed_columns(&mut game);
        let said: Vec<(String, Span)> = diagnostics.iter().map(|d| (d.message.rsplit("names ").next().unwrap_or_default().to_string(), d.span)).collect();
        assert_eq!(said, vec![("variations 2–3".to_string(), Span::new(25, 40)), ("variations 5–6".to_string(), Span::new(45, 45))]);
        assert_eq!(game.stats.listed_not_found, Some(4));
        let mut headless = game_with(&[("2", 30)], 2);
        let diagnostics = account_for_listed_columns(&mut headless);
        assert_eq!(diagnostics[0].message.rsplit("names ").next(), Some("the trunk and variation 1"));
    }

    #[test]
    fn a_misread_contents_count_is_not_taken_for_missing_columns() {
        let mut game = game_with(&[("trunk", 10)], u32::MAX);
        assert!(account_for_listed_columns(&mut game).is_empty());
        assert_eq!(game.stats.listed_not_found, None);
    }

    #[test]
    fn all_fifteen_definitions_are_read() {
        assert_eq!(DEFINITIONS.len(), 15);
        assert!(DEFINITIONS.iter().all(|o| Some(o.moves.len()) == o.stated_count.map(|c| c.min(o.moves.len())) && !o.moves.is_empty()));
    }

    #[test]
    fn the_contents_page_lists_fifteen_games() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/anderson-1852-ocr.txt")).expect("corpus");
        let list = contents(&text);
        let names: Vec<&str> = list.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names.len(), 15, "{names:?}");
        assert_eq!(list.iter().filter_map(|e| e.variations).sum::<u32>(), 648, "the contents' own total");
        let fife = list.iter().find(|e| e.name == "Fife").expect("Fife listed");
        assert_eq!((fife.variations, fife.page), (Some(25), Some(16)));
        assert_eq!(list.iter().find(|e| e.name == "Bristol").and_then(|e| e.page), None, "its page number is lost");
        for e in &list {
            assert!(DEFINITIONS.iter().any(|o| key(&o.name) == key(&e.name)), "{} has a definition", e.name);
        }
    }
}
