//! Comparing two readings of one line move by move (a specimen against the
//! columnar game it names, an opening against a game). Rules-free: moves agree
//! when they start and end on the same squares.

use crate::tree::{Game, Line, MoveNode};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveAgreement {
    pub ply: usize,
    pub a: Option<String>,
    pub b: Option<String>,
    pub same: bool,
}

/// How far two lines agree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Agreement {
    /// Plies both lines have.
    pub compared: usize,
    pub agreeing: usize,
    /// The first ply where they differ (or where one ends before the other).
    pub first_difference: Option<usize>,
    pub a_len: usize,
    pub b_len: usize,
    pub moves: Vec<MoveAgreement>,
}

impl Agreement {
    /// Every ply of the shorter line agrees.
    pub fn prefix_agrees(&self) -> bool {
        self.agreeing == self.compared
    }

    pub fn summary(&self) -> String {
        match self.first_difference {
            None => format!("all {} moves agree", self.compared),
            Some(p) if p >= self.compared => format!("the first {} moves agree; then one line ends ({} v {} moves)", self.compared, self.a_len, self.b_len),
            Some(p) => {
                let m = &self.moves[p];
                format!(
                    "{} of {} moves agree; first difference at move {}: {} v {}",
                    self.agreeing,
                    self.compared,
                    p + 1,
                    m.a.as_deref().unwrap_or("-"),
                    m.b.as_deref().unwrap_or("-")
                )
            }
        }
    }
}

fn same_move(a: &MoveNode, b: &MoveNode) -> bool {
    a.squares.first() == b.squares.first() && a.squares.last() == b.squares.last()
}

/// Compare two lines ply by ply, both taken from the same starting position.
pub fn compare_lines(a: &Line, b: &Line) -> Agreement {
    let compared = a.moves.len().min(b.moves.len());
    let longest = a.moves.len().max(b.moves.len());
    let moves: Vec<MoveAgreement> = (0..longest)
        .map(|ply| {
            let (x, y) = (a.moves.get(ply), b.moves.get(ply));
            MoveAgreement {
                ply,
                a: x.map(|m| m.text.clone()),
                b: y.map(|m| m.text.clone()),
                same: matches!((x, y), (Some(x), Some(y)) if same_move(x, y)),
            }
        })
        .collect();
    let agreeing = moves.iter().take(compared).filter(|m| m.same).count();
    let first_difference = moves.iter().position(|m| !m.same);
    Agreement { compared, agreeing, first_difference, a_len: a.moves.len(), b_len: b.moves.len(), moves }
}

/// A variation as a whole line from the game's start: its parents' moves up to
/// the branch, then its own.
pub fn full_line(game: &Game, index: usize) -> Line {
    let Some(line) = game.lines.get(index) else { return Line::default() };
    let mut chain = vec![index];
    let mut at = index;
    while let Some(parent) = game.lines.get(at).and_then(|l| l.parent) {
        if chain.len() > game.lines.len() {
            break;
        }
        chain.push(parent);
        at = parent;
    }
    let mut moves: Vec<MoveNode> = Vec::new();
    // From the trunk down: each parent contributes its moves before the child's branch.
    for w in chain.windows(2).rev() {
        let (child, parent) = (w[0], w[1]);
        let ply = game.lines[child].branch_ply;
        let parent_moves = &game.lines[parent].moves;
        moves.extend(parent_moves.iter().take(ply).cloned());
    }
    moves.extend(line.moves.iter().cloned());
    Line { label: line.label.clone(), moves, stated_result: line.stated_result.clone(), span: line.span, ..Line::trunk() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(moves: &[(&str, [u8; 2])]) -> Line {
        Line { moves: moves.iter().map(|(t, s)| MoveNode { text: t.to_string(), squares: s.to_vec(), ..MoveNode::default() }).collect(), ..Line::trunk() }
    }

    #[test]
    fn reports_the_first_difference() {
        let a = line(&[("11-15", [11, 15]), ("23-19", [23, 19]), ("8-11", [8, 11])]);
        let b = line(&[("11-15", [11, 15]), ("23-19", [23, 19]), ("9-14", [9, 14]), ("22-17", [22, 17])]);
        let agreement = compare_lines(&a, &b);
        assert_eq!((agreement.compared, agreement.agreeing, agreement.first_difference), (3, 2, Some(2)));
        assert!(agreement.summary().contains("8-11 v 9-14"), "{}", agreement.summary());
        let same = compare_lines(&a, &a);
        assert!(same.prefix_agrees() && same.first_difference.is_none());
    }
}
