//! The tables `check` prints under a file's diagnostics: per game (columnar
//! books, Lasca), per Hoyle solution, per Paterson specimen, and the summary.

use crate::notation;
use crate::report::Tally;
use crate::tree::{Game, Line, LineStatus, Notation};

/// Paterson's specimen columns: moves legal against printed, marks verified
/// against printed, the change of the move by the marks against the board.
pub(super) fn specimen_table(reports: &[notation::paterson::SpecimenReport]) -> String {
    let width = reports.iter().map(|r| r.column.chars().count()).max().unwrap_or(6).max(8);
    let mut s = format!("{:<width$} {:>7} {:>7} {:>8} {:>10} {:>14} {:>11}\n", "specimen", "printed", "legal", "repaired", "status", "marks ok/print", "move change");
    for r in reports {
        let change = r.move_change.as_ref().map_or("-", |c| if c.agrees() { "agrees" } else { "DISAGREES" });
        let marks = format!("{}/{}", r.marks.verified, r.marks.printed);
        s.push_str(&format!("{:<width$} {:>7} {:>7} {:>8} {:>10} {:>14} {:>11}\n", r.column, r.printed, r.legal, r.repaired, r.status.as_str(), marks, change));
        for d in &r.deviations {
            s.push_str(&format!("    {d}\n"));
        }
    }
    s
}

/// The table of a source's games: for a columnar book or Lasca one row a
/// game: columns found (a column read on after a gap counts once, by its
/// first piece), their states, moves read against moves printed; for a book
/// with a contents page also the columns it lists (its variations and the
/// trunk), the columns replayed from an inferred start, and the moves of the
/// row-wise pages on their own; and a total row. For Hoyle one row a
/// solution: the start found for its lost diagram and how it relates to the
/// published classical positions, and lines replayed against printed.
///
/// Made row by row as the games go by, so a source whose games are handed on
/// and dropped still gets it: each row is kept as text but for the name's width.
pub(super) struct GameTable {
    solutions: bool,
    contents: bool,
    /// The name (padded to the widest when drawn), the rest of the row, and a
    /// line under it (a solution's classical relation).
    rows: Vec<(String, String, Option<String>)>,
    total: [usize; 13],
}

impl GameTable {
    /// An empty table for a source in `notation`: `None` if its games have none.
    pub(super) fn for_notation(notation: Notation) -> Option<GameTable> {
        let solutions = notation == Notation::Hoyle;
        (solutions || notation.counts_games()).then(|| GameTable { solutions, contents: notation.has_columns_and_contents(), rows: Vec::new(), total: [0; 13] })
    }

    #[cfg(test)]
    fn of(source: &crate::tree::Source) -> GameTable {
        let solutions = source.notation == Notation::Hoyle;
        let mut table = GameTable { solutions, contents: !solutions && source.notation.has_columns_and_contents(), rows: Vec::new(), total: [0; 13] };
        source.games.iter().for_each(|g| table.add(g));
        table
    }

    pub(super) fn add(&mut self, game: &Game) {
        if self.solutions {
            self.add_solution(game);
        } else {
            self.add_game(game);
        }
    }

    fn add_solution(&mut self, game: &Game) {
        let tag = |name: &str| game.tags.iter().find(|t| t.0 == name).map_or("-", |t| t.1.as_str());
        let replayed = game.lines.iter().filter(|l| matches!(l.status, LineStatus::Legal | LineStatus::Repaired)).count();
        let moves: usize = game.lines.iter().map(|l| l.moves.len()).sum();
        let repaired = game.lines.iter().flat_map(|l| &l.moves).filter(|m| m.repair.is_some()).count();
        let rest = format!(" {:<22} {:<36} {:>8} {:>6} {:>8}  {}\n", tag("Task"), game.start, format!("{replayed}/{}", game.lines.len()), moves, repaired, tag("Position"));
        let classical = game.tags.iter().find(|t| t.0 == "Classical").map(|(_, c)| c.clone());
        self.rows.push((game.name.clone(), rest, classical));
    }

    fn add_game(&mut self, game: &Game) {
        let row = per_game_row(game);
        for (t, v) in self.total.iter_mut().zip(row) {
            *t += v;
        }
        let stats = &game.stats;
        let dash_or = |known: bool, v: usize| if known { v.to_string() } else { "-".to_string() };
        let mut rest = format!(
            " {:>7} {:>6} {:>8} {:>7} {:>10} {:>6} {:>8} {:>7}",
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            row[5],
            dash_or(stats.printed_moves.is_some(), row[6]),
            row[7]
        );
        if self.contents {
            let listed = dash_or(stats.contents_variations.is_some(), row[8]);
            let not_found = dash_or(stats.listed_not_found.is_some(), row[12]);
            rest.push_str(&format!(" {:>6} {:>9} {:>8} {:>7} {:>10}", listed, not_found, row[9], row[10], row[11]));
        }
        rest.push('\n');
        self.rows.push((game.name.trim_start_matches("Game ").to_string(), rest, None));
    }

    pub(super) fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub(super) fn render(&self) -> String {
        let width = self.rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(8).max(8);
        let mut s = if self.solutions {
            format!("{:<width$} {:<22} {:<36} {:>8} {:>6} {:>8}  {}\n", "solution", "task", "start", "replayed", "moves", "repaired", "start from / classical")
        } else {
            let mut head = format!(
                "{:<width$} {:>7} {:>6} {:>8} {:>7} {:>10} {:>6} {:>8} {:>7}",
                "game", "columns", "legal", "repaired", "partial", "unreadable", "read", "printed", "repairs"
            );
            if self.contents {
                head.push_str(&format!(" {:>6} {:>9} {:>8} {:>7} {:>10}", "listed", "not found", "inferred", "rw read", "rw printed"));
            }
            head.push('\n');
            head
        };
        for (name, rest, under) in &self.rows {
            s.push_str(&format!("{name:<width$}{rest}"));
            if let Some(under) = under {
                s.push_str(&format!("{:<width$} {under}\n", ""));
            }
        }
        if self.contents {
            let total = &self.total;
            s.push_str(&format!(
                "{:<width$} {:>7} {:>6} {:>8} {:>7} {:>10} {:>6} {:>8} {:>7} {:>6} {:>9} {:>8} {:>7} {:>10}\n",
                "all", total[0], total[1], total[2], total[3], total[4], total[5], total[6], total[7], total[8], total[12], total[9], total[10], total[11]
            ));
        }
        s
    }
}

/// One game's figures, in the order of the per-game table's full row: columns,
/// legal, repaired, partial, unreadable, read, printed, repairs, listed,
/// inferred, row-wise read, row-wise printed, listed not found. A figure the
/// reader did not count is 0 here (the table shows it as `-`).
fn per_game_row(game: &Game) -> [usize; 13] {
    // A column read on after a gap counts once, by its first piece; its moves all count.
    let columns: Vec<&Line> = game.lines.iter().filter(|l| !notation::anderson::is_resumed(l)).collect();
    let count = |st: LineStatus| columns.iter().filter(|l| l.status == st).count();
    let stats = &game.stats;
    let row_wise = stats.row_wise.unwrap_or_default();
    [
        stats.columns.unwrap_or(columns.len()),
        count(LineStatus::Legal),
        count(LineStatus::Repaired),
        count(LineStatus::Partial),
        count(LineStatus::Unreadable),
        game.lines.iter().map(|l| l.moves.len()).sum(),
        stats.printed_moves.unwrap_or(0),
        game.lines.iter().flat_map(|l| &l.moves).filter(|m| m.repair.is_some()).count(),
        stats.contents_variations.map_or(0, |v| v as usize + 1),
        columns.iter().filter(|l| l.start.is_some()).count(),
        row_wise.read,
        row_wise.printed,
        stats.listed_not_found.map_or(0, |v| v as usize),
    ]
}

pub(super) fn summary_table(rows: &[(String, Notation, Tally)]) -> String {
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(4).max(4);
    let mut s = format!(
        "{:<width$}  {:<9} {:>6} {:>6} {:>6} {:>8} {:>7} {:>10} {:>7} {:>6} {:>8} {:>15}\n",
        "file", "notation", "games", "lines", "legal", "repaired", "partial", "unreadable", "moves", "errors", "warnings", "verdicts p/c/d/u"
    );
    let mut total = Tally::default();
    for (name, notation, t) in rows {
        total.add(t);
        let v = &t.verdicts;
        let verdicts = format!("{}/{}/{}/{}", v.proven, v.engine_consistent, v.disputed, v.unknown);
        s.push_str(&format!(
            "{name:<width$}  {notation:<9} {:>6} {:>6} {:>6} {:>8} {:>7} {:>10} {:>7} {:>6} {:>8} {verdicts:>15}\n",
            t.games, t.lines, t.legal, t.repaired, t.partial, t.unreadable, t.moves, t.errors, t.warnings
        ));
    }
    if rows.len() > 1 {
        let t = &total;
        s.push_str(&format!(
            "{:<width$}  {:<9} {:>6} {:>6} {:>6} {:>8} {:>7} {:>10} {:>7} {:>6} {:>8}\n",
            "all", "", t.games, t.lines, t.legal, t.repaired, t.partial, t.unreadable, t.moves, t.errors, t.warnings
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{GameStats, MoveNode, RowWise, Source};

    fn game(stats: GameStats) -> Game {
        let moves = vec![MoveNode::default(); 3];
        Game { name: "Game 1".into(), stats, lines: vec![Line { moves, ..Line::trunk() }, Line { label: "1".into(), parent: Some(0), ..Line::default() }], ..Game::default() }
    }

    #[test]
    fn the_per_game_row_takes_the_readers_counts_and_shows_a_dash_for_those_not_counted() {
        let counted = GameStats { columns: Some(5), printed_moves: Some(7), contents_variations: Some(4), listed_not_found: Some(2), row_wise: Some(RowWise { columns: 1, printed: 9, read: 8 }), ..GameStats::default() };
        assert_eq!(per_game_row(&game(counted.clone())), [5, 2, 0, 0, 0, 3, 7, 0, 5, 0, 8, 9, 2]);
        // Without a layout count the columns are the lines; without a printed count, 0.
        assert_eq!(per_game_row(&game(GameStats::default())), [2, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0]);
        let source = Source { notation: Notation::Anderson, games: vec![game(counted), game(GameStats::default())], ..Source::default() };
        let table = GameTable::of(&source).render();
        let rows: Vec<Vec<&str>> = table.lines().map(|l| l.split_whitespace().collect()).collect();
        assert_eq!(rows[1], ["1", "5", "2", "0", "0", "0", "3", "7", "0", "5", "2", "0", "8", "9"]);
        assert_eq!(rows[2], ["1", "2", "2", "0", "0", "0", "3", "-", "0", "-", "-", "0", "0", "0"]);
        assert_eq!(rows[3][0], "all");
        let lasca = Source { notation: Notation::Lasca, ..source };
        assert!(!GameTable::of(&lasca).render().contains("listed"), "the contents columns are the columnar book's");
    }
}
