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

/// A Go move: the stone (or pass) and what else its node holds.
///
/// Most moves hold nothing else, and a record may have millions: what else a
/// node holds is one box, absent for a plain move, so a plain move is a few
/// bytes. Its JSON is the same as a struct with every field inline.
#[derive(Clone, Debug, Deserialize)]
#[serde(from = "GoMoveFields")]
pub struct GoMove {
    pub color: Color,
    pub mv: Move,
    /// `None` when the node holds nothing but the move.
    held: Option<Box<MoveHeld>>,
}

/// What a move's node holds besides the move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveHeld {
    pub comments: Vec<String>,
    /// Stones the text says this move takes (checked on replay).
    pub expect_captures: Option<Vec<Point>>,
    /// The text says this move cannot be played (`refused ko`): checked, not played.
    pub refused: Option<String>,
    /// Other properties of the move's SGF node (markup, times), values as
    /// written (escapes included), so they go back unchanged.
    pub extra: Vec<(String, Vec<String>)>,
    /// Setup in the move's own node (SGF allows it only loosely), applied
    /// before the move.
    pub setup: Option<SetupChange>,
    /// Nodes without a move between the previous move (or the line's start) and this one.
    pub before: Vec<GoNode>,
}

static NOTHING_HELD: MoveHeld = MoveHeld { comments: Vec::new(), expect_captures: None, refused: None, extra: Vec::new(), setup: None, before: Vec::new() };

impl MoveHeld {
    pub fn is_empty(&self) -> bool {
        *self == NOTHING_HELD
    }
}

impl GoMove {
    /// A plain move: no comments, no claims, nothing else in its node.
    pub fn new(color: Color, mv: Move) -> GoMove {
        GoMove { color, mv, held: None }
    }

    /// A move whose node holds `held` as well.
    pub fn holding(color: Color, mv: Move, held: MoveHeld) -> GoMove {
        GoMove { color, mv, held: (!held.is_empty()).then(|| Box::new(held)) }
    }

    /// What else the node holds (nothing, for a plain move).
    pub fn held(&self) -> &MoveHeld {
        self.held.as_deref().unwrap_or(&NOTHING_HELD)
    }

    /// What else the node holds, to change it.
    pub fn held_mut(&mut self) -> &mut MoveHeld {
        self.held.get_or_insert_with(Box::default)
    }

    pub fn comments(&self) -> &[String] {
        &self.held().comments
    }

    pub fn expect_captures(&self) -> Option<&[Point]> {
        self.held().expect_captures.as_deref()
    }

    pub fn refused(&self) -> Option<&str> {
        self.held().refused.as_deref()
    }

    pub fn extra(&self) -> &[(String, Vec<String>)] {
        &self.held().extra
    }

    pub fn before(&self) -> &[GoNode] {
        &self.held().before
    }

    /// The nodes before the move, to change them (none for a plain move,
    /// which stays plain).
    pub fn before_mut(&mut self) -> &mut [GoNode] {
        self.held.as_deref_mut().map_or(&mut [], |h| &mut h.before[..])
    }

    /// The setup in the move's own node (empty if none).
    pub fn node_setup(&self) -> &SetupChange {
        static NONE: SetupChange = SetupChange { black: Vec::new(), white: Vec::new(), empty: Vec::new() };
        self.held().setup.as_ref().unwrap_or(&NONE)
    }
}

/// A move holding nothing else equals the same move with an empty box.
impl PartialEq for GoMove {
    fn eq(&self, other: &GoMove) -> bool {
        self.color == other.color && self.mv == other.mv && self.held() == other.held()
    }
}

/// A [`GoMove`] as its JSON has it: every field inline, those empty left out.
#[derive(Deserialize)]
struct GoMoveFields {
    color: Color,
    mv: Move,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    comments: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    expect_captures: Option<Vec<Point>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    refused: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    extra: Vec<(String, Vec<String>)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    setup: Option<SetupChange>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    before: Vec<GoNode>,
}

impl From<GoMoveFields> for GoMove {
    fn from(f: GoMoveFields) -> GoMove {
        let held = MoveHeld { comments: f.comments, expect_captures: f.expect_captures, refused: f.refused, extra: f.extra, setup: f.setup, before: f.before };
        GoMove::holding(f.color, f.mv, held)
    }
}

/// [`GoMoveFields`] borrowed, for writing without copying a move.
#[derive(Serialize)]
struct GoMoveFieldsRef<'a> {
    color: Color,
    mv: Move,
    #[serde(skip_serializing_if = "no_items")]
    comments: &'a [String],
    #[serde(skip_serializing_if = "absent")]
    expect_captures: &'a Option<Vec<Point>>,
    #[serde(skip_serializing_if = "absent")]
    refused: &'a Option<String>,
    #[serde(skip_serializing_if = "no_items")]
    extra: &'a [(String, Vec<String>)],
    #[serde(skip_serializing_if = "absent")]
    setup: &'a Option<SetupChange>,
    #[serde(skip_serializing_if = "no_items")]
    before: &'a [GoNode],
}

fn no_items<T>(items: &&[T]) -> bool {
    items.is_empty()
}

fn absent<T>(value: &&Option<T>) -> bool {
    value.is_none()
}

impl Serialize for GoMove {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let h = self.held();
        let fields = GoMoveFieldsRef {
            color: self.color,
            mv: self.mv,
            comments: &h.comments,
            expect_captures: &h.expect_captures,
            refused: &h.refused,
            extra: &h.extra,
            setup: &h.setup,
            before: &h.before,
        };
        fields.serialize(serializer)
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
                path.extend(g.before().iter().map(PathStep::Node));
                path.push(PathStep::Move(mv, g));
            }
            path.extend(info.after.iter().map(PathStep::Node));
        }
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JSON of a move names every field inline, in the order the move's
    /// node had them before they were boxed, and leaves out the empty ones; it
    /// reads back to the same move.
    #[test]
    fn a_move_writes_its_node_inline_and_reads_back() {
        let plain = GoMove::new(Color::Black, Move::Play(Point::new(3, 4)));
        let plain_json = format!(r#"{{"color":{},"mv":{}}}"#, serde_json::to_string(&plain.color).unwrap(), serde_json::to_string(&plain.mv).unwrap());
        assert_eq!(serde_json::to_string(&plain).unwrap(), plain_json);
        let held = MoveHeld {
            comments: vec!["a comment".into()],
            expect_captures: Some(vec![Point::new(1, 1)]),
            refused: Some("ko".into()),
            extra: vec![("LB".into(), vec!["aa:x".into()])],
            setup: Some(SetupChange { black: vec![Point::new(0, 0)], ..SetupChange::default() }),
            before: vec![GoNode { comments: vec!["before".into()], ..GoNode::default() }],
        };
        let full = GoMove::holding(Color::White, Move::Pass, held.clone());
        let written = serde_json::to_string(&full).unwrap();
        let at: Vec<usize> = ["color", "mv", "comments", "expect_captures", "refused", "extra", "setup", "before"].iter().map(|k| written.find(&format!("\"{k}\":")).expect(k)).collect();
        assert!(at.is_sorted(), "{written}");
        for m in [&plain, &full] {
            let back: GoMove = serde_json::from_str(&serde_json::to_string(m).unwrap()).unwrap();
            assert_eq!(&back, m);
        }
        assert_eq!(full.held(), &held);
        // Nothing held is no box, and a box emptied again equals none.
        assert!(GoMove::holding(Color::White, Move::Pass, MoveHeld::default()).held.is_none());
        let mut emptied = full.clone();
        *emptied.held_mut() = MoveHeld::default();
        assert_eq!(emptied, GoMove::new(Color::White, Move::Pass));
        assert_ne!(full, GoMove::new(Color::White, Move::Pass));
    }
}
