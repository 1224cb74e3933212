//! One walk over a game's lines: a line's ancestors, its children, its root,
//! and the moves played before a ply of it. Every writer and report walks the
//! tree through these, so the guard against bad parent links (a parent out of
//! range, a loop of parents) lives in one place.

use super::{Game, Line, MoveNode, Start};

/// A line of a tree of lines: it may branch from another by index.
pub trait Branch {
    fn parent(&self) -> Option<usize>;
}

impl Branch for Line {
    fn parent(&self) -> Option<usize> {
        self.parent
    }
}

/// Line `index`, then the line it branches from, and so on up to its root.
/// It stops early where a parent is out of range or the parents loop; then
/// [`Ancestors::broken`] says so.
#[derive(Clone, Debug)]
pub struct Ancestors<'g, L> {
    lines: &'g [L],
    next: Option<usize>,
    steps: usize,
    broken: bool,
}

/// Walk from line `index` of `lines` up to its root (see [`Ancestors`]).
pub fn ancestors<L: Branch>(lines: &[L], index: usize) -> Ancestors<'_, L> {
    Ancestors { lines, next: (index < lines.len()).then_some(index), steps: 0, broken: index >= lines.len() }
}

impl<L> Ancestors<'_, L> {
    /// Whether the walk stopped at a bad parent link rather than at a root.
    pub fn broken(&self) -> bool {
        self.broken
    }
}

impl<L: Branch> Iterator for Ancestors<'_, L> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        let at = self.next.take()?;
        self.steps += 1;
        match self.lines[at].parent() {
            // More steps than lines means the parents loop.
            Some(p) if p >= self.lines.len() || self.steps > self.lines.len() => self.broken = true,
            parent => self.next = parent,
        }
        Some(at)
    }
}

impl Game {
    /// Line `index` and the lines it continues, `index` first and its root
    /// last, walked as far as the parent links go (see [`Ancestors::broken`]).
    pub fn ancestors(&self, index: usize) -> Ancestors<'_, Line> {
        ancestors(&self.lines, index)
    }

    /// Line `index` and its ancestors, root last; `None` if `index` or a
    /// parent is out of range, or the parents loop.
    pub fn ancestry(&self, index: usize) -> Option<Vec<usize>> {
        let mut walk = self.ancestors(index);
        let chain: Vec<usize> = walk.by_ref().collect();
        (!walk.broken()).then_some(chain)
    }

    /// The line with no parent that line `index` continues (`None` as for [`Game::ancestry`]).
    pub fn root_of(&self, index: usize) -> Option<usize> {
        self.ancestry(index)?.last().copied()
    }

    /// Whether line `index` branches, directly or further down, from line `ancestor`.
    pub fn descends_from(&self, index: usize, ancestor: usize) -> bool {
        self.ancestors(index).skip(1).any(|a| a == ancestor)
    }

    /// The lines that branch directly from line `index`, in order.
    pub fn children(&self, index: usize) -> impl Iterator<Item = usize> + '_ {
        self.lines.iter().enumerate().filter(move |(i, l)| l.parent == Some(index) && *i != index).map(|(i, _)| i)
    }

    /// Where line `index`'s play starts: the root's own `start`, else the
    /// game's (`None` as for [`Game::ancestry`]).
    pub fn start_of_line(&self, index: usize) -> Option<&Start> {
        let root = self.root_of(index)?;
        Some(self.lines[root].start.as_ref().unwrap_or(&self.start))
    }

    /// The moves played from the root's start before ply `ply` of line
    /// `index` (plies count from the start, as `Line::branch_ply` does): each
    /// ancestor's moves up to its child's branch, then the line's own moves
    /// before `ply`. `None` as for [`Game::ancestry`].
    pub fn moves_before(&self, index: usize, ply: usize) -> Option<Vec<&MoveNode>> {
        let chain = self.ancestry(index)?;
        let root = *chain.last()?;
        // A line's first move stands at its branch ply; the root's at ply 0.
        let first_ply = |line: usize| if line == root { 0 } else { self.lines[line].branch_ply };
        let mut moves = Vec::new();
        for w in chain.windows(2).rev() {
            let (child, parent) = (w[0], w[1]);
            let ply = self.lines[child].branch_ply.saturating_sub(first_ply(parent));
            moves.extend(self.lines[parent].moves.iter().take(ply));
        }
        moves.extend(self.lines[index].moves.iter());
        moves.truncate(ply);
        Some(moves)
    }

    /// The moves of line `index` from its root's start: each parent's moves
    /// before the branch, then all its own. `None` as for [`Game::ancestry`].
    pub fn moves_from_start(&self, index: usize) -> Option<Vec<&MoveNode>> {
        self.moves_before(index, usize::MAX)
    }
}

#[cfg(test)]
mod tests {
    use crate::tree::{Game, Line, MoveNode};

    fn mv(text: &str) -> MoveNode {
        MoveNode { text: text.into(), ..MoveNode::default() }
    }

    fn line(label: &str, parent: Option<usize>, branch_ply: usize, moves: &[&str]) -> Line {
        Line { label: label.into(), parent, branch_ply, moves: moves.iter().map(|m| mv(m)).collect(), ..Line::default() }
    }

    /// trunk a b c d; `1` replaces c; `1.1` (nested) replaces `1`'s second move.
    fn game() -> Game {
        Game {
            lines: vec![line("trunk", None, 0, &["a", "b", "c", "d"]), line("1", Some(0), 2, &["x", "y", "z"]), line("1.1", Some(1), 3, &["q"]), line("2", Some(0), 1, &["r"])],
            ..Game::default()
        }
    }

    fn texts(moves: Option<Vec<&MoveNode>>) -> Option<Vec<&str>> {
        moves.map(|m| m.iter().map(|m| m.text.as_str()).collect())
    }

    #[test]
    fn walks_ancestors_children_and_root() {
        let g = game();
        assert_eq!(g.ancestry(2), Some(vec![2, 1, 0]));
        assert_eq!(g.root_of(2), Some(0));
        assert!(g.descends_from(2, 0) && g.descends_from(2, 1) && !g.descends_from(1, 2) && !g.descends_from(0, 0));
        assert_eq!(g.children(0).collect::<Vec<_>>(), vec![1, 3]);
        assert_eq!(g.children(2).count(), 0);
        assert_eq!(g.ancestry(9), None);
    }

    #[test]
    fn moves_before_a_ply_count_from_the_start() {
        let g = game();
        assert_eq!(texts(g.moves_from_start(2)), Some(vec!["a", "b", "x", "q"]));
        assert_eq!(texts(g.moves_from_start(1)), Some(vec!["a", "b", "x", "y", "z"]));
        assert_eq!(texts(g.moves_before(1, 3)), Some(vec!["a", "b", "x"]));
        assert_eq!(texts(g.moves_before(1, 1)), Some(vec!["a"]));
        assert_eq!(texts(g.moves_before(0, 2)), Some(vec!["a", "b"]));
    }

    #[test]
    fn bad_parent_links_stop_the_walk() {
        let mut g = game();
        g.lines[0].parent = Some(2);
        let mut walk = g.ancestors(1);
        assert!(walk.by_ref().count() <= g.lines.len() + 1);
        assert!(walk.broken());
        assert_eq!(g.moves_from_start(1), None);
        g.lines[0].parent = Some(40);
        assert_eq!(g.ancestry(0), None);
        assert_eq!(g.ancestors(0).collect::<Vec<_>>(), vec![0]);
    }
}
