//! Go in the tree: what a Go game holds beyond the moves' canonical text,
//! as typed payloads on the shared types, so the SGF and record readers
//! produce a `Source` like every other reader and the Go writers, `board`
//! and the verdicts read it back without a second model.
//!
//! - [`Game::go`] ([`GoGameInfo`]): the title, rules and scoring, komi, the
//!   stated result, root properties and comments. The starting stones, the
//!   board size and the side to move are the typed `Start::Go`.
//! - [`Line::go`] ([`GoLineInfo`]): where an SGF variation leaves after
//!   moveless nodes, those nodes after its last move, its dead stones and the
//!   count the text gives. `None` when all of it is empty (most lines).
//! - [`MoveNode::go`] ([`GoMove`]): the colour and the point (or pass), its
//!   node's comments, setup and other properties, the moveless nodes before
//!   it, and what the text claims of it (captures, a refusal).
//!
//! Draughts and Lasca leave all three `None` (a pointer each). The
//! annotations a Go move or line shows (`setup`, `comment`, `captures`,
//! `refused`) are derived from these fields when the game is replayed.

use super::{Game, Line, MoveNode, Start};
use crate::rules::go::{Color, Move, Point, Rules, Scoring, Setup};
use crate::span::Span;
use serde::{Deserialize, Serialize};

/// What a Go game holds beyond its start and lines.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GoGameInfo {
    /// The title as given (SGF GN, the record's `title:`); empty if none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// Suicide and ko as the record states them (`rules:`).
    #[serde(default, skip_serializing_if = "is_default_rules")]
    pub rules: Rules,
    /// How `count:` lines are checked (the source's area count by default).
    #[serde(default)]
    pub scoring: Scoring,
    /// Points the root clears (SGF AE): the start's stones are those left.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cleared: Vec<Point>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub komi: Option<f64>,
    /// The result as stated (SGF RE, or the record's `result:`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Where the result is written (the record's `result:` line).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_span: Option<Span>,
    /// The ruleset as named (SGF RU).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    /// Root properties no field holds (SGF PB, DT, …), values as written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<(String, Vec<String>)>,
    /// Comments on the game (before its first move).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
}

fn is_default_rules(r: &Rules) -> bool {
    *r == Rules::default()
}

/// What a Go line holds beyond its moves.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GoLineInfo {
    /// Of the moveless nodes that follow the parent's `branch_ply`-th move, how
    /// many come before this line (SGF: a variation may leave after a setup node).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub branch_nodes: usize,
    /// Nodes without a move after the line's last move (SGF), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub after: Vec<GoNode>,
    /// Stones marked dead at the end of this line (whole chains), removed before counting.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dead: Vec<Point>,
    /// The count the text gives for the end of this line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_count: Option<ExpectedCount>,
}

impl GoLineInfo {
    pub fn is_empty(&self) -> bool {
        self.branch_nodes == 0 && self.after.is_empty() && self.dead.is_empty() && self.expected_count.is_none()
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The count a text gives (Black, White).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExpectedCount {
    pub black: u32,
    pub white: u32,
    pub span: Span,
}

/// A Go move: the stone (or pass) and what its node holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GoMove {
    pub color: Color,
    pub mv: Move,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// Stones the text says this move takes (checked on replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect_captures: Option<Vec<Point>>,
    /// The text says this move cannot be played (`refused ko`): checked, not played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// Other properties of the move's SGF node (markup, times), values as
    /// written (escapes included), so they go back unchanged.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<(String, Vec<String>)>,
    /// Setup in the move's own node (SGF allows it only loosely), applied
    /// before the move. Boxed: it is rare.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Box<SetupChange>>,
    /// Nodes without a move between the previous move (or the line's start) and this one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub before: Vec<GoNode>,
}

impl GoMove {
    /// A plain move: no comments, no claims, nothing else in its node.
    pub fn new(color: Color, mv: Move) -> GoMove {
        GoMove { color, mv, comments: Vec::new(), expect_captures: None, refused: None, extra: Vec::new(), setup: None, before: Vec::new() }
    }

    /// The setup in the move's own node (empty if none).
    pub fn node_setup(&self) -> &SetupChange {
        static NONE: SetupChange = SetupChange { black: Vec::new(), white: Vec::new(), empty: Vec::new() };
        self.setup.as_deref().unwrap_or(&NONE)
    }
}

/// Stones a node puts on or clears from the board (SGF `AB`, `AW`, `AE`),
/// applied in that order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SetupChange {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub black: Vec<Point>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub white: Vec<Point>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub empty: Vec<Point>,
}

impl SetupChange {
    pub fn is_empty(&self) -> bool {
        self.black.is_empty() && self.white.is_empty() && self.empty.is_empty()
    }
}

/// An SGF node without a move, kept where it stands: setup, comments, other
/// properties (values as written).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GoNode {
    #[serde(default, skip_serializing_if = "SetupChange::is_empty")]
    pub setup: SetupChange,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<(String, Vec<String>)>,
    pub span: Span,
}

/// One step of a line's full path: a node without a move, or a move.
#[derive(Clone, Copy, Debug)]
pub enum PathStep<'g> {
    Node(&'g GoNode),
    Move(&'g MoveNode, &'g GoMove),
}

static NO_LINE_INFO: GoLineInfo = GoLineInfo { branch_nodes: 0, after: Vec::new(), dead: Vec::new(), expected_count: None };

impl Line {
    /// The line's Go data (empty if it has none).
    pub fn go_info(&self) -> &GoLineInfo {
        self.go.as_deref().unwrap_or(&NO_LINE_INFO)
    }

    /// The line's Go data, made if it has none.
    pub fn go_info_mut(&mut self) -> &mut GoLineInfo {
        self.go.get_or_insert_with(Box::default)
    }
}

impl MoveNode {
    /// A Go move: its canonical text (`B dq`, `W pass`) and its payload.
    pub fn go_move(go: GoMove, span: Span, printed: String) -> MoveNode {
        MoveNode { text: move_text(go.color, go.mv), span, printed, go: Some(Box::new(go)), ..MoveNode::default() }
    }
}

/// The canonical text of a Go move in the tree: `B dq`, `W pass`.
pub fn move_text(color: Color, mv: Move) -> String {
    // Built in place: a reader makes one for every move of a large collection.
    let mut text = String::with_capacity(8);
    text.push(color.letter());
    text.push(' ');
    match mv {
        Move::Pass => text.push_str("pass"),
        Move::Play(p) => {
            for n in [p.x, p.y] {
                text.push(if n < 26 { (b'a' + n) as char } else { (b'A' + n - 26) as char });
            }
        }
    }
    text
}

impl Game {
    /// An empty Go game on `size` lines, Black to play: a trunk and no move.
    pub fn new_go(size: u8) -> Game {
        Game {
            name: "game".into(),
            start: Start::Go(Setup { size, black: Vec::new(), white: Vec::new(), to_move: Color::Black }),
            lines: vec![Line::trunk()],
            go: Some(Box::default()),
            ..Game::default()
        }
    }

    /// The game's Go data (`None` for other games).
    pub fn go_info(&self) -> Option<&GoGameInfo> {
        self.go.as_deref()
    }

    /// The game's Go data, made if it has none.
    pub fn go_info_mut(&mut self) -> &mut GoGameInfo {
        self.go.get_or_insert_with(Box::default)
    }

    /// The Go starting arrangement (not yet checked); `None` if the start is no Go position.
    pub fn go_setup(&self) -> Option<Setup> {
        self.start.go().and_then(Result::ok)
    }

    /// The board size of a Go game (19 if its start is not a Go position).
    pub fn go_size(&self) -> u8 {
        match &self.start {
            Start::Go(s) => s.size,
            _ => self.go_setup().map_or(crate::rules::go::DEFAULT_SIZE, |s| s.size),
        }
    }

    /// The moves of line `i` from the start with their Go payloads (parents'
    /// prefixes included), as far as the parent links go.
    pub fn go_full_line(&self, i: usize) -> Vec<(&MoveNode, &GoMove)> {
        if i >= self.lines.len() {
            return Vec::new();
        }
        let chain: Vec<usize> = self.ancestors(i).collect();
        // Each child keeps the first `branch_ply` moves of its parent's full line.
        let mut full: Vec<(&MoveNode, &GoMove)> = Vec::new();
        for (k, &li) in chain.iter().rev().enumerate() {
            let line = &self.lines[li];
            if k > 0 {
                full.truncate(line.branch_ply.min(full.len()));
            }
            full.extend(line.moves.iter().filter_map(|m| m.go.as_deref().map(|g| (m, g))));
        }
        full
    }

    /// Every node from the start to the end of line `i`, moveless nodes
    /// included: each child keeps its parent's path up to its branch point
    /// (`branch_ply` moves, then `branch_nodes` moveless nodes).
    pub fn go_full_path(&self, i: usize) -> Vec<PathStep<'_>> {
        if i >= self.lines.len() {
            return Vec::new();
        }
        let chain: Vec<usize> = self.ancestors(i).collect();
        let mut path: Vec<PathStep<'_>> = Vec::new();
        for (k, &li) in chain.iter().rev().enumerate() {
            let line = &self.lines[li];
            let info = line.go_info();
            if k > 0 {
                let (mut moves, mut nodes, mut keep) = (0, 0, 0);
                for step in &path {
                    match step {
                        PathStep::Move(..) if moves == line.branch_ply => break,
                        PathStep::Move(..) => moves += 1,
                        PathStep::Node(_) if moves == line.branch_ply && nodes == info.branch_nodes => break,
                        PathStep::Node(_) if moves == line.branch_ply => nodes += 1,
                        PathStep::Node(_) => {}
                    }
                    keep += 1;
                }
                path.truncate(keep);
            }
            for mv in &line.moves {
                let Some(g) = mv.go.as_deref() else { continue };
                path.extend(g.before.iter().map(PathStep::Node));
                path.push(PathStep::Move(mv, g));
            }
            path.extend(info.after.iter().map(PathStep::Node));
        }
        path
    }
}
