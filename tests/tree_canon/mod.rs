//! A game tree as a PDN round trip must keep it, shared by the PDN tests and
//! the book readers' tests.

use gamescribe::export::pdn::repair_note;
use gamescribe::tree::{Annotation, Game, LineStatus, Outcome};

/// Comment text as it reads back: braces become parentheses, blanks fold.
pub fn folded(text: &str) -> String {
    text.replace('{', "(").replace('}', ")").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A move as compared: its text, its squares, and its notes (kind, text).
pub type CanonMove = (String, Vec<u8>, Vec<(String, String)>);

#[derive(Debug, PartialEq)]
pub struct CanonLine {
    pub parent: Option<usize>,
    pub branch_ply: usize,
    pub label: String,
    pub moves: Vec<CanonMove>,
    pub annotations: Vec<(String, String)>,
    pub result: Option<(Outcome, String)>,
    pub unread: Option<String>,
    pub status: LineStatus,
    pub contributor: Option<String>,
}

/// A game's lines in the order the writer walks them (so line numbers agree
/// however the tree numbered them), with everything a round trip must keep.
pub fn canonical(game: &Game) -> Vec<CanonLine> {
    let notes = |a: &[Annotation]| a.iter().map(|a| (a.kind.to_string(), folded(&a.text))).collect::<Vec<_>>();
    enum Step {
        Enter(usize),
        At(usize, usize),
    }
    // Depth-first as the writer goes: at each move, the variations replacing it (in
    // index order) and their subtrees, then the next move. An explicit stack.
    let mut dfs = Vec::new();
    let mut stack = vec![Step::Enter(0)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Enter(line) => {
                dfs.push(line);
                stack.push(Step::At(line, 0));
            }
            Step::At(line, k) => {
                let l = &game.lines[line];
                if k >= l.moves.len() {
                    continue;
                }
                stack.push(Step::At(line, k + 1));
                let ply = l.branch_ply + k;
                let children: Vec<usize> = (0..game.lines.len()).filter(|&c| game.lines[c].parent == Some(line) && game.lines[c].branch_ply == ply).collect();
                stack.extend(children.into_iter().rev().map(Step::Enter));
            }
        }
    }
    let mut index = vec![usize::MAX; game.lines.len()];
    for (i, &l) in dfs.iter().enumerate() {
        index[l] = i;
    }
    dfs.iter()
        .map(|&i| {
            let l = &game.lines[i];
            CanonLine {
                parent: l.parent.map(|p| index[p]),
                branch_ply: l.branch_ply,
                label: if i == 0 { String::new() } else { l.label.clone() },
                moves: l
                    .moves
                    .iter()
                    .map(|m| {
                        // A repair goes out as a `repaired:` comment and comes back as that note.
                        let mut n = notes(&m.annotations);
                        n.extend(repair_note(m).map(|r| ("repaired".to_string(), folded(&r))));
                        (m.text.clone(), m.squares.clone(), n)
                    })
                    .collect(),
                annotations: notes(&l.annotations),
                // A trunk's result is the Result tag, where "*" stands for none stated.
                result: l.stated_result.as_ref().filter(|r| i != 0 || r.outcome != Outcome::Unknown).map(|r| (r.outcome, if i == 0 { String::new() } else { r.printed.clone() })),
                unread: l.unread.as_ref().map(|u| folded(&u.raw)),
                status: l.status,
                contributor: l.contributor.as_ref().map(|c| c.name.clone()),
            }
        })
        .collect()
}
