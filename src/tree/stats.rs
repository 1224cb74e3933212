//! What a reader counted while reading a game: the figures `check` shows
//! beside the tree's own counts. Typed fields, kept in JSON, never written as
//! tags into exported files.

use serde::{Deserialize, Serialize};

/// A game's reading figures; a field a reader does not count stays `None`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameStats {
    /// Columns the page layout found (a column read on after a gap counts once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub columns: Option<usize>,
    /// Moves the text prints, by its move numbers or cells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printed_moves: Option<usize>,
    /// Variations the contents page lists for this game (the trunk not counted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contents_variations: Option<u32>,
    /// Of the trunk and the variations the contents page lists, those no column header names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub listed_not_found: Option<u32>,
    /// The pages printed one move a cell, row by row, on their own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row_wise: Option<RowWise>,
    /// Setups tried in the search for the smallest mend of a stated position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setups_tried: Option<usize>,
    /// The smallest mends of the stated setup that make the whole solution replay.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup_fixes: Vec<SetupFix>,
    /// For a game replayed from a mended setup: the changes made to the stated one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mended: Vec<String>,
}

/// Counts over the row-wise pages of a columnar book.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowWise {
    pub columns: usize,
    pub printed: usize,
    pub read: usize,
}

/// One mend of a stated setup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SetupFix {
    /// Each change, as said in the diagnostic (`remove White man from 11`).
    pub changes: Vec<String>,
    /// The mended position (written in the game's own position format).
    pub position: super::Start,
    /// Found by the second search, which keeps the leader counts the text states.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub keeps_leaders: bool,
}

impl GameStats {
    pub fn is_empty(&self) -> bool {
        self == &GameStats::default()
    }
}
