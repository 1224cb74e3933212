//! Typed facts that tie a line to the rest of its book: an `s` sign's link
//! to the line it points at, and the printed pages a line stands on.
//!
//! Anderson prints `s` at a move "to save repetition in the play": a similar
//! position occurs elsewhere, at another `s`, and the play goes on as there.
//! A link names its target by the line's label (its id within the game, as
//! corrections entries and the report name lines), so it survives lines being
//! renumbered.

use crate::span::Span;
use serde::{Deserialize, Serialize};

/// An `s` sign of a line and where it points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimilarLink {
    /// The move the sign stands at (an index in the line's moves); `None`
    /// where the sign stands in text that was not read as moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_move: Option<usize>,
    /// The sign as printed.
    pub span: Span,
    /// The line it points at; `None`: not found (a diagnostic says why).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<LinkTarget>,
}

/// The line an `s` sign points at.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LinkTarget {
    /// The target line's label (`trunk`, `21`, `15 (resumed)`).
    pub line: String,
    /// The move of that line the similar position stands before, where known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_move: Option<usize>,
    pub by: LinkEvidence,
    /// Whether the position before the sign's move is the very position at
    /// the target (`None`: one of them was not read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_position: Option<bool>,
}

/// On what grounds a link was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LinkEvidence {
    /// The text beside the sign names the line (`Same as root at s.`).
    Named,
    /// The one other `s` sign of the game.
    OtherSign,
    /// The one other place in the game where the rules reach the same position.
    SamePosition,
}

impl LinkEvidence {
    /// How the report and the PDN comment word it.
    pub fn as_str(self) -> &'static str {
        match self {
            LinkEvidence::Named => "named by the text",
            LinkEvidence::OtherSign => "the game's other s",
            LinkEvidence::SamePosition => "the same position",
        }
    }
}

/// A printed page a line stands on: its number and running head as printed
/// (`113`, `CROSS.`), or the page the contents page gives a game's first page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Page {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    /// The running head as printed (`CROSS.`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub head: Option<String>,
    pub from: PageSource,
    /// What was printed (empty for a page named by the contents page).
    pub span: Span,
}

/// Where a page's number or head comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PageSource {
    /// Printed at the top of the page, above the columns it holds.
    Printed,
    /// The contents page's number for the game: the page of its `GAME.` line.
    Contents,
}
