//! `board`: a Go position from a record or SGF file, printed as text with its area count.

use std::path::Path;

use super::{usage_error, EXIT_CLEAN, EXIT_ERRORS};
use crate::input::read_input;
use crate::notation::{self, Reader};

pub(super) fn run(path: &Path, notation: Reader, game: usize, line: &str, ply: Option<usize>) -> u8 {
    use crate::notation::go_record;
    use crate::rules::go::Scoring;
    let input = match read_input(path) {
        Ok(i) => i,
        Err(e) => return usage_error(&e),
    };
    let text = &input.text;
    let notation = if notation == Reader::Auto { Reader::detect(path, text) } else { notation };
    if !matches!(notation, Reader::Go | Reader::Sgf) {
        return usage_error(&format!("{} is not a Go record or SGF file (try --notation go or --notation sgf)", path.display()));
    }
    let games = input.read(notation, &notation::Given::default()).games;
    let Some(g) = game.checked_sub(1).and_then(|i| games.get(i)) else {
        return usage_error(&format!("there is no game {game}; the file has {}", games.len()));
    };
    let index = match line.parse::<usize>() {
        Ok(n) => Some(n),
        Err(_) => g.lines.iter().position(|l| l.label == line),
    };
    let Some(index) = index else {
        let labels: Vec<&str> = g.lines.iter().map(|l| l.label.as_str()).collect();
        return usage_error(&format!("no line {line:?}; lines: {}", labels.join(", ")));
    };
    match go_record::position_at(g, index, ply) {
        Ok((pos, taken)) => {
            let label = g.lines.get(index).map_or("", |l| l.label.as_str());
            let title = g.go_info().map_or("", |i| i.title.as_str());
            say!("{}line {label}, {} moves", if title.is_empty() { String::new() } else { format!("{title}\n") }, taken.len());
            print!("{}", pos.board_text());
            let s = pos.score(Scoring::Area);
            say!(
                "area count: Black {} ({} stones + {} points), White {} ({} stones + {} points), {} neutral",
                s.black_total, s.black_stones, s.black_territory, s.white_total, s.white_stones, s.white_territory, s.neutral
            );
            EXIT_CLEAN
        }
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_ERRORS
        }
    }
}
