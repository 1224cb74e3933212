//! Writing moves in natural notation, marks computed from the captures.

use super::to_natural;
use crate::diagnostic::{Code, Diagnostic};
use crate::fast_hash::FastSet;
use crate::rules::draughts::{self, Move, Position, Square};
use crate::rules::the_move::mark_of;
use crate::text::draughts::stated_result;
use crate::tree::{Game, Line, Outcome, Source, StatedResult, Start};

/// A move in natural notation: `33 44`, `44,66`, `13:57`; the whole path
/// (`13:35:57`) only where another legal capture has the same ends.
pub fn write_move(pos: &Position, mv: &Move) -> String {
    let natural = |n: u8| Square::new(n).map_or(0, to_natural).to_string();
    let Some(mark) = mark_of(mv) else {
        return format!("{} {}", to_natural(mv.from()), to_natural(mv.to()));
    };
    let same_ends = pos.legal_moves().iter().filter(|m| m.from() == mv.from() && m.to() == mv.to()).count();
    let squares: Vec<String> = if same_ends > 1 {
        mv.squares().into_iter().map(natural).collect()
    } else {
        vec![to_natural(mv.from()).to_string(), to_natural(mv.to()).to_string()]
    };
    squares.join(&mark.symbol().to_string())
}

/// Where a line of a game starts: its root line's start (the game's, or one
/// the line was given, as an inferred start) with the parent moves before the
/// branch played. Branch plies count from that start (`tree::Line::branch_ply`).
/// An error if the start or a parent move cannot be played.
pub fn line_start(game: &Game, index: usize) -> Result<Position, Diagnostic> {
    let bad_tree = || Diagnostic::error(Code::PatersonBadTree, "the variations' parents form a cycle", game.span);
    let (Some(start), Some(all)) = (game.start_of_line(index), game.moves_from_start(index)) else { return Err(bad_tree()) };
    let before = &all[..all.len() - game.lines[index].moves.len()];
    let fen = start.to_string();
    let setup = start.draughts().unwrap_or_else(|| Err("empty FEN".into())).map_err(|e| Diagnostic::error(Code::PatersonBadStart, format!("the start {fen:?} is not a FEN: {e}"), game.span))?;
    let start = Position::from_setup(setup).map_err(|e| Diagnostic::error(Code::PatersonBadStart, format!("the start is not a legal position: {e}"), game.span))?;
    let mut pos = start;
    for node in before {
        let mv = draughts::resolve(&pos, &node.squares).map_err(|e| Diagnostic::error(Code::PatersonUnplayable, format!("{} cannot be played: {e}", node.text), node.span))?;
        pos = pos.play(&mv);
    }
    Ok(pos)
}

/// A line's moves in natural notation, one string a move.
pub fn write_paterson_line(start: &Position, line: &Line) -> Result<Vec<String>, Diagnostic> {
    let mut pos = *start;
    let mut out = Vec::with_capacity(line.moves.len());
    for node in &line.moves {
        let mv = draughts::resolve(&pos, &node.squares)
            .map_err(|e| Diagnostic::error(Code::PatersonUnplayable, format!("{} cannot be written: {e}", node.text), node.span))?;
        out.push(write_move(&pos, &mv));
        pos = pos.play(&mv);
    }
    Ok(out)
}

/// Every game of a source in natural notation: a heading per line, then its moves
/// one a line as Paterson printed them. Lines that cannot be replayed are left out
/// with an error. The headings are what [`super::read_written`] needs to rebuild the
/// tree, so where the tree leaves them ambiguous the writer tells them apart, with a
/// note: a game named as the game written before it gets ` (2)` (`(3)`, …), and a
/// line labelled as an earlier line of its game, or whose heading would read back
/// as something else, likewise. A line no such name saves is left out with an error.
pub fn write_paterson(source: &Source) -> (String, Vec<Diagnostic>) {
    let mut out = String::new();
    let mut diagnostics = Vec::new();
    let mut previous_name: Option<String> = None;
    for game in &source.games {
        let written: Vec<(usize, Vec<String>)> = (0..game.lines.len())
            .filter_map(|i| match line_start(game, i).and_then(|start| write_paterson_line(&start, &game.lines[i])) {
                Ok(moves) => Some((i, moves)),
                Err(d) => {
                    diagnostics.push(d);
                    None
                }
            })
            .collect();
        if written.is_empty() {
            continue; // nothing of it in the text, so it cannot merge with a neighbour
        }
        let name = distinct(&game.name, 2, |n| previous_name.as_deref() == Some(n)).unwrap_or_default();
        if name != game.name {
            diagnostics.push(Diagnostic::note(Code::PatersonRenamed, format!("game {:?} follows a game of the same name; written as {name:?} so it reads back as a game of its own", game.name), game.span));
        }
        // Each line's label as written (for its variations to name), and the set of them.
        let mut labels: Vec<Option<String>> = vec![None; game.lines.len()];
        let mut written_labels: FastSet<String> = FastSet::default();
        for (i, moves) in &written {
            let line = &game.lines[*i];
            let parent = line.parent.map(|p| (line.branch_ply + 1, labels.get(p).cloned().flatten().unwrap_or_else(|| game.lines[p].label.clone())));
            let heading = |label: &str| match &parent {
                Some((n, p)) => format!("{name} — {label} (from move {n} of {p})"),
                None => format!("{name} — {label}"),
            };
            let taken = |label: &str| written_labels.contains(label);
            // The heading must read back as this name, label and branch, and the label must be the game's only one.
            let reads_back = |label: &str| {
                let h = heading(label);
                !h.contains(['\n', '\r']) && super::written::heading(&h) == Some((name.as_str(), label, parent.as_ref().map(|(n, p)| (*n, p.as_str()))))
            };
            let Some(label) = distinct(&line.label, game.lines.len() + 2, |l| taken(l) || !reads_back(l)) else {
                diagnostics.push(Diagnostic::error(Code::PatersonBadTree, format!("line {:?} of {name:?}: no heading with its name and label reads back as them", line.label), line.span));
                continue;
            };
            if label != line.label {
                let why = if taken(&line.label) { "a second line of that label" } else { "its heading would read back otherwise" };
                diagnostics.push(Diagnostic::note(Code::PatersonRenamed, format!("line {:?} of {name:?} written as {label:?}: {why}", line.label), line.span));
            }
            out.push_str(&heading(&label));
            out.push('\n');
            written_labels.insert(label.clone());
            labels[*i] = Some(label);
            // A line replayed from a start other than the opening says which (the reader needs it).
            if line.parent.is_none()
                && let Some(start) = game.start_of_line(*i).filter(|s| !s.is_unset() && !matches!(s, Start::Draughts(setup) if *setup == Position::initial().setup()))
            {
                out.push_str(&format!("start {start}\n"));
            }
            for m in moves {
                out.push_str(m);
                out.push('\n');
            }
            if let Some(result) = line.stated_result.as_ref().and_then(written_result) {
                out.push_str(result);
                out.push('\n');
            }
            out.push('\n');
        }
        previous_name = Some(name);
    }
    (out, diagnostics)
}

/// A stated result as the reader reads it back: as printed where it can, else
/// in the book's words; a result that states nothing (PDN's `*`) is not written.
fn written_result(result: &StatedResult) -> Option<&str> {
    if stated_result(&result.printed, 0).0.is_some_and(|back| back.outcome == result.outcome) {
        return Some(&result.printed);
    }
    match result.outcome {
        Outcome::BlackWins => Some("B. wins."),
        Outcome::WhiteWins => Some("W. wins."),
        Outcome::Draw => Some("Drawn."),
        Outcome::Unknown => None,
    }
}

/// `wanted`, or the first of `wanted (2)`, `wanted #2`, `wanted (3)`, … up to
/// `most` that is not `taken` (`#` where a closing bracket would make a label
/// read as a branch).
fn distinct(wanted: &str, most: usize, taken: impl Fn(&str) -> bool) -> Option<String> {
    let numbered = (2..=most).flat_map(|n| [format!("{wanted} ({n})"), format!("{wanted} #{n}")]);
    std::iter::once(wanted.to_string()).chain(numbered).find(|w| !taken(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_steps_and_marks() {
        let mut pos = Position::initial();
        let mut written = Vec::new();
        for squares in [[11, 15], [22, 18], [15, 22], [25, 18]] {
            let mv = draughts::resolve(&pos, &squares).unwrap();
            written.push(write_move(&pos, &mv));
            pos = pos.play(&mv);
        }
        assert_eq!(written, ["33 44", "66 55", "44,66", "77.55"]);
    }
}
