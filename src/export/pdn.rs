//! PDN 3.0 writer: one game per tree game, variations as nested RAV at their
//! branch ply, repairs and unread text in comments.

use crate::notation::pdn::score;
use crate::rules::draughts::{parse_fen, write_fen, Color, Setup};
use crate::tree::{Game, Line, Source};
use std::fmt::Write;

/// Tags this writer sets itself; others are copied from the tree.
const OWN_TAGS: [&str; 5] = ["Event", "GameType", "FEN", "SetUp", "Result"];

/// Comments cannot hold braces; they become parentheses.
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('{', "(").replace('}', ")"))
}

fn quote(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

pub fn write_pdn(source: &Source) -> String {
    let mut out = String::new();
    for game in &source.games {
        write_game(&mut out, game);
        out.push('\n');
    }
    out
}

fn write_game(out: &mut String, game: &Game) {
    let _ = writeln!(out, "[Event \"{}\"]", quote(&game.name));
    for (name, value) in &game.tags {
        if !OWN_TAGS.contains(&name.as_str()) {
            let _ = writeln!(out, "[{name} \"{}\"]", quote(value));
        }
    }
    let _ = writeln!(out, "[GameType \"21\"]");
    let start = parse_fen(&game.start).unwrap_or(Setup::INITIAL);
    let initial = Setup::INITIAL;
    if start != initial {
        let _ = writeln!(out, "[SetUp \"1\"]");
        let _ = writeln!(out, "[FEN \"{}\"]", write_fen(&start));
    }
    let result = game.lines.first().and_then(|l| l.stated_result.as_ref()).map_or("*", |r| score(r.outcome));
    let _ = writeln!(out, "[Result \"{result}\"]");
    let first_black = start.turn != Some(Color::White);
    let mut text = String::new();
    if !game.lines.is_empty() {
        write_line(&mut text, game, 0, first_black, 0);
    }
    text.push_str(result);
    out.push_str(&wrap(&text, 80));
    out.push('\n');
}

fn move_number(ply: usize, first_black: bool) -> (usize, bool) {
    // (number, is Black's move)
    if first_black { (ply / 2 + 1, ply.is_multiple_of(2)) } else { (ply.div_ceil(2) + 1, ply % 2 == 1) }
}

/// Write line `index` and, at each move, the variations that replace it.
fn write_line(out: &mut String, game: &Game, index: usize, first_black: bool, depth: usize) {
    let line = &game.lines[index];
    let children: Vec<(usize, &Line)> = game.lines.iter().enumerate().filter(|(_, l)| l.parent == Some(index) && !std::ptr::eq(*l, line)).collect();
    if index != 0 {
        out.push_str(&comment(&format!("variation {}", line.label)));
        out.push(' ');
    }
    for a in &line.annotations {
        out.push_str(&comment(&a.text));
        out.push(' ');
    }
    // White's move is numbered (`12...`) only where a line starts with it: numbers
    // repeated after comments and variations trip readers such as pydraughts.
    let mut need_number = true;
    for (k, mv) in line.moves.iter().enumerate() {
        let ply = line.branch_ply + k;
        let (n, black) = move_number(ply, first_black);
        if black {
            let _ = write!(out, "{n}. ");
        } else if need_number {
            let _ = write!(out, "{n}... ");
        }
        out.push_str(&mv.text);
        out.push(' ');
        need_number = false;
        for a in &mv.annotations {
            out.push_str(&comment(&a.text));
            out.push(' ');
        }
        if let Some(r) = &mv.repair {
            let edits: Vec<String> = r.edits.iter().map(|e| format!("{:?}->{:?} {}", e.from, e.to, e.kind)).collect();
            out.push_str(&comment(&format!("repaired: printed {:?}; {}; confidence {:.2}", mv.printed, edits.join(", "), r.confidence)));
            out.push(' ');
        }
        for (child, c) in children.iter().filter(|(_, c)| c.branch_ply == ply) {
            if depth >= crate::notation::pdn::MAX_DEPTH {
                out.push_str(&comment(&format!("variation {} not written: nested too deep", c.label)));
                out.push(' ');
                continue;
            }
            out.push('(');
            write_line(out, game, *child, first_black, depth + 1);
            out.push_str(") ");
        }
    }
    // Variations that branch past the last move read cannot stand as RAV.
    let last = line.branch_ply + line.moves.len();
    for (_, c) in children.iter().filter(|(_, c)| c.branch_ply >= last) {
        let moves: Vec<&str> = c.moves.iter().map(|m| m.text.as_str()).collect();
        out.push_str(&comment(&format!("unplaced variation {} at ply {}: {}", c.label, c.branch_ply, moves.join(" "))));
        out.push(' ');
    }
    if index != 0
        && let Some(r) = &line.stated_result {
            out.push_str(&comment(&format!("result: {}", r.printed)));
            out.push(' ');
        }
    if let Some(u) = &line.unread {
        out.push_str(&comment(&format!("unread: {}", u.raw)));
        out.push(' ');
    }
}

/// Break movetext into lines of at most `width` characters, between tokens
/// outside comments only where a blank already stands.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / width + 1);
    let mut col = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if col > 0 && col + 1 + word.len() > width {
            out.push('\n');
            col = 0;
        } else if col > 0 {
            out.push(' ');
            col += 1;
        }
        out.push_str(word);
        col += word.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{numeric, pdn};

    #[test]
    fn writes_and_reads_back_a_game_with_a_variation() {
        let text = "[Event \"Glasgow\"]\n1. 11-15 23-19 (1... 22-18 15x22 {a note}) 2. 8-11 22-17 1/2-1/2\n";
        let src = pdn::read("t", text);
        assert!(src.diagnostics.is_empty(), "{:?}", src.diagnostics);
        assert_eq!(src.games[0].lines.len(), 2);
        assert_eq!(src.games[0].lines[1].branch_ply, 1);
        let written = write_pdn(&src);
        let again = pdn::read("t", &written);
        assert!(again.diagnostics.is_empty(), "{written}\n{:?}", again.diagnostics);
        assert_eq!(write_pdn(&again), written);
        let moves: Vec<&str> = again.games[0].lines[1].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["22-18", "15x22"]);
    }

    #[test]
    fn repairs_and_unread_text_go_in_comments() {
        let src = numeric::read("t", "11 l5 23 19\n\n11 15 99 100", &numeric::ReadOptions::default());
        let written = write_pdn(&src);
        assert!(written.contains("{repaired: printed \"11 l5\""), "{written}");
        assert!(written.contains("{unread: 99 100}"), "{written}");
        let back = pdn::read("t", &written);
        assert_eq!(back.games[1].lines[0].unread.as_ref().unwrap().raw, "99 100");
    }

    #[test]
    fn a_setup_writes_fen_and_numbers_from_white() {
        let text = "[FEN \"W:WK11,K22:BK5.\"]\n1... 22-18 2. 5-9 *";
        let src = pdn::read("t", text);
        assert!(src.diagnostics.is_empty(), "{:?}", src.diagnostics);
        let written = write_pdn(&src);
        assert!(written.contains("[FEN \"W:WK11,K22:BK5\"]"), "{written}");
        assert!(written.contains("1... 22-18 2. 5-9 *"), "{written}");
    }
}
