//! Writers for the game tree. PDN and SGF have modules of their own; the data
//! formats (JSON, YAML, CSV) are here.

pub mod json_stream;
pub mod pdn;

use crate::tree::Source;
use serde::Serialize;

/// The whole tree as pretty JSON.
pub fn to_json<T: Serialize + ?Sized>(value: &T) -> Result<String, String> {
    serde_json::to_string_pretty(value).map_err(|e| e.to_string())
}

/// The whole tree as YAML.
pub fn to_yaml<T: Serialize + ?Sized>(value: &T) -> Result<String, String> {
    serde_yaml::to_string(value).map_err(|e| e.to_string())
}

/// One row per move: where it stands in the tree, what was printed, what it was read as.
#[derive(Serialize)]
struct MoveRow<'a> {
    game: usize,
    game_name: &'a str,
    line: usize,
    line_label: &'a str,
    parent: Option<usize>,
    branch_ply: usize,
    ply: usize,
    r#move: &'a str,
    printed: &'a str,
    repaired: bool,
    confidence: Option<f64>,
    start: usize,
    end: usize,
    status: &'a str,
}

/// Every move of every line as CSV.
pub fn to_csv(source: &Source) -> Result<String, String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for (g, game) in source.games.iter().enumerate() {
        for (l, line) in game.lines.iter().enumerate() {
            for (i, mv) in line.moves.iter().enumerate() {
                writer
                    .serialize(MoveRow {
                        game: g + 1,
                        game_name: &game.name,
                        line: l,
                        line_label: &line.label,
                        parent: line.parent,
                        branch_ply: line.branch_ply,
                        ply: line.branch_ply + i + 1,
                        r#move: &mv.text,
                        printed: &mv.printed,
                        repaired: mv.repair.is_some(),
                        confidence: mv.repair.as_ref().map(|r| r.confidence),
                        start: mv.span.start,
                        end: mv.span.end,
                        status: line.status.as_str(),
                    })
                    .map_err(|e| e.to_string())?;
            }
        }
    }
    let bytes = writer.into_inner().map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::numeric::{read, ReadOptions};

    #[test]
    fn csv_has_a_row_per_move_and_json_round_trips() {
        let src = read("t", "11-15 23-19\n\n9-14 22-17 5-9\n", &ReadOptions::default());
        let csv = to_csv(&src).unwrap();
        assert_eq!(csv.lines().count(), 1 + 5);
        assert!(csv.lines().nth(1).unwrap().starts_with("1,game 1,0,trunk,,0,1,11-15,11-15,false,,0,5,legal"));
        let back: Source = serde_json::from_str(&to_json(&src).unwrap()).unwrap();
        assert_eq!(back, src);
        let back: Source = serde_yaml::from_str(&to_yaml(&src).unwrap()).unwrap();
        assert_eq!(back, src);
    }
}
