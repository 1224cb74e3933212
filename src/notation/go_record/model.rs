//! A Go game or problem as read from text (the record format or SGF): setup,
//! lines of moves with comments and what the text expects of them.

use crate::rules::go::{Color, Move, Point, Rules, Scoring, Setup};
use crate::span::Span;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GoGame {
    pub title: String,
    pub size: u8,
    #[serde(skip)]
    pub rules: Rules,
    /// How `count:` lines are checked (the source's area count by default).
    #[serde(default)]
    pub scoring: Scoring,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    /// Points an SGF root clears (AE); empty in the record format.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub empty: Vec<Point>,
    pub to_play: Color,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub komi: Option<f64>,
    /// The result as stated (SGF RE, or the record's `result:`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Where the result is written (the record's `result:` line), for its verdict's diagnostic.
    #[serde(skip)]
    pub result_span: Option<Span>,
    /// The ruleset as named (SGF RU).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    /// Root properties no field holds (SGF PB, DT, …), kept to be written back.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<(String, Vec<String>)>,
    /// Comments on the game (before its first move).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// `lines[0]` is the trunk.
    pub lines: Vec<GoLine>,
    pub span: Span,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GoLine {
    pub label: String,
    pub parent: Option<usize>,
    /// Moves of the parent played before this line's first move.
    pub branch_ply: usize,
    pub moves: Vec<GoMove>,
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
    /// The count the text gives for the end of this line (Black, White).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_count: Option<ExpectedCount>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExpectedCount {
    pub black: u32,
    pub white: u32,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GoMove {
    pub color: Color,
    pub mv: Move,
    pub span: Span,
    /// The text as printed.
    pub printed: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// Stones the text says this move takes (checked on replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect_captures: Option<Vec<Point>>,
    /// The text says this move cannot be played (`refused ko`): checked, not played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// Other properties of the move's SGF node (markup, times), kept to be written back.
    /// Values are kept as written (escapes included), so they go back unchanged.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<(String, Vec<String>)>,
    /// Setup in the move's own node (SGF allows it only loosely), applied before
    /// the move. Boxed: it is rare, and a move stays small.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Box<SetupChange>>,
    /// Nodes without a move between the previous move (or the line's start) and this one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub before: Vec<GoNode>,
}

impl crate::tree::Branch for GoLine {
    fn parent(&self) -> Option<usize> {
        self.parent
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
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
    Move(&'g GoMove),
}

impl GoMove {
    /// A plain move: no comments, no claims, nothing else in its node.
    pub fn new(color: Color, mv: Move, span: Span) -> GoMove {
        GoMove {
            color,
            mv,
            span,
            printed: String::new(),
            comments: Vec::new(),
            expect_captures: None,
            refused: None,
            extra: Vec::new(),
            setup: None,
            before: Vec::new(),
        }
    }

    /// The setup in the move's own node (empty if none).
    pub fn node_setup(&self) -> &SetupChange {
        static NONE: SetupChange = SetupChange { black: Vec::new(), white: Vec::new(), empty: Vec::new() };
        self.setup.as_deref().unwrap_or(&NONE)
    }
}

impl GoGame {
    pub fn new(size: u8) -> GoGame {
        GoGame {
            title: String::new(),
            size,
            rules: Rules::default(),
            scoring: Scoring::default(),
            black: Vec::new(),
            white: Vec::new(),
            empty: Vec::new(),
            to_play: Color::Black,
            komi: None,
            result: None,
            result_span: None,
            ruleset: None,
            extra: Vec::new(),
            comments: Vec::new(),
            lines: vec![GoLine { label: "trunk".into(), ..GoLine::default() }],
            span: Span::default(),
        }
    }

    /// The starting arrangement (not yet checked).
    pub fn setup(&self) -> Setup {
        let mut black = self.black.clone();
        let mut white = self.white.clone();
        black.retain(|p| !self.empty.contains(p));
        white.retain(|p| !self.empty.contains(p));
        Setup { size: self.size, black, white, to_move: self.to_play }
    }

    /// Line `i` and its ancestors, `i` first and the trunk last, as far as
    /// the parent links go.
    fn ancestry(&self, i: usize) -> Vec<usize> {
        crate::tree::ancestors(&self.lines, i).collect()
    }

    /// Every node from the start to the end of line `i`, moveless nodes
    /// included: each child keeps its parent's path up to its branch point.
    pub fn full_path(&self, i: usize) -> Vec<PathStep<'_>> {
        if i >= self.lines.len() {
            return Vec::new();
        }
        let chain = self.ancestry(i);
        let mut path: Vec<PathStep<'_>> = Vec::new();
        for (k, &li) in chain.iter().rev().enumerate() {
            let line = &self.lines[li];
            if k > 0 {
                // Keep `branch_ply` moves and then `branch_nodes` moveless nodes.
                let (mut moves, mut nodes, mut keep) = (0, 0, 0);
                for step in &path {
                    match step {
                        PathStep::Move(_) if moves == line.branch_ply => break,
                        PathStep::Move(_) => moves += 1,
                        PathStep::Node(_) if moves == line.branch_ply && nodes == line.branch_nodes => break,
                        PathStep::Node(_) if moves == line.branch_ply => nodes += 1,
                        PathStep::Node(_) => {}
                    }
                    keep += 1;
                }
                path.truncate(keep);
            }
            for mv in &line.moves {
                path.extend(mv.before.iter().map(PathStep::Node));
                path.push(PathStep::Move(mv));
            }
            path.extend(line.after.iter().map(PathStep::Node));
        }
        path
    }

    /// The moves from the start to the end of line `i` (parents' prefixes included).
    pub fn full_line(&self, i: usize) -> Vec<&GoMove> {
        if i >= self.lines.len() {
            return Vec::new();
        }
        let chain = self.ancestry(i);
        // Each child keeps the first `branch_ply` moves of its parent's full line.
        let mut full: Vec<&GoMove> = Vec::new();
        for (k, &li) in chain.iter().rev().enumerate() {
            let line = &self.lines[li];
            if k > 0 {
                full.truncate(line.branch_ply.min(full.len()));
            }
            full.extend(line.moves.iter());
        }
        full
    }
}
