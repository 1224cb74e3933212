//! Prose a reader keeps as prose (it holds no move), and the board points it
//! names: a Go essay's `g 4, h 3, i 4, and h 5` read as points, each with how
//! it was read and what a record of the same diagram says about it.

use crate::notation::go_corner::Corner;
use crate::span::Span;
use serde::{Deserialize, Serialize};

/// A stretch of prose (a paragraph, a heading, a diagram's caption).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Prose {
    pub span: Span,
    /// The board points it names, in text order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<PointReference>,
}

/// A board point named in prose.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointReference {
    /// As printed, markup included (`*g* 4`).
    pub printed: String,
    pub span: Span,
    /// The diagram the text puts it in (the Roman numeral's value).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diagram: Option<u8>,
    pub reading: PointReading,
    /// What the sentence says of the point.
    pub claim: PointClaim,
    /// The record that rebuilds its diagram, and whether it agrees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<RecordCheck>,
}

/// Where the point is, or why the text does not say.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reading", rename_all = "kebab-case")]
pub enum PointReading {
    /// Read from `corner` on a board of `size` lines; `column` from the left
    /// and `row` from the bottom, both from 1.
    Placed { corner: Corner, ordinate: u8, abscissa: u8, size: u8, column: u8, row: u8, sgf: String, gtp: String },
    /// Kept as prose: the text does not fix the point (a note says why).
    Unplaced { why: String },
}

/// What the text says of a point, from the words before its list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PointClaim {
    /// A stone stands there ("the three men at *c* 7, *c* 8").
    Stone,
    /// A stone is (or would be) played there ("White plays *d* 2").
    Move,
    /// A stone there is taken ("taking the men at *a* 4 and *a* 5").
    Captured,
    /// The point is empty ("Such are the spots *c* 5, *e* 4": no man's land).
    Empty,
    /// A capture the text only supposes ("Black could capture ...").
    SupposedCapture,
    /// Named with nothing said of it that can be checked.
    Named,
}

/// A reference checked against the record that rebuilds its diagram.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordCheck {
    /// The record's file name.
    pub record: String,
    pub agrees: bool,
}
