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
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<(String, Vec<String>)>,
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

    /// The moves from the start to the end of line `i` (parents' prefixes included).
    pub fn full_line(&self, i: usize) -> Vec<&GoMove> {
        if i >= self.lines.len() {
            return Vec::new();
        }
        let mut chain = vec![i];
        let mut at = i;
        // Parents come before children; the depth bound guards against cycles in bad data.
        while let Some(p) = self.lines.get(at).and_then(|l| l.parent) {
            if p >= at || chain.len() > self.lines.len() {
                break;
            }
            chain.push(p);
            at = p;
        }
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
