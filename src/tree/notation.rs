//! Which reader a source was read by, and which game its trees are played in.
//!
//! Code that needs a game rule asks `notation.game()` rather than naming a
//! notation, so a new reader of an old game changes nothing downstream.

use serde::{Deserialize, Serialize};

/// The notation a source was read in. Serialized under the names JSON has
/// always used (`go-record`, `go-essay`, …).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Notation {
    /// Free-form numeric draughts text.
    #[default]
    Numeric,
    Pdn,
    Anderson,
    Hoyle,
    Paterson,
    Lasca,
    /// The Go record format (`.wq`).
    GoRecord,
    Sgf,
    /// Volpicelli's essay on Go: prose naming points, no game.
    #[serde(rename = "go-essay")]
    Volpicelli,
}

/// The game a tree's moves are played in: which engine replays them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// English draughts.
    Draughts,
    Lasca,
    Go,
}

impl Notation {
    /// The name shown in tables and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Notation::Numeric => "numeric",
            Notation::Pdn => "pdn",
            Notation::Anderson => "anderson",
            Notation::Hoyle => "hoyle",
            Notation::Paterson => "paterson",
            Notation::Lasca => "lasca",
            Notation::GoRecord => "go-record",
            Notation::Sgf => "sgf",
            Notation::Volpicelli => "go-essay",
        }
    }

    /// The game its trees hold; `None` for a reader that gives no game (the
    /// Go essay names points in prose).
    pub fn game(self) -> Option<GameKind> {
        match self {
            Notation::Numeric | Notation::Pdn | Notation::Anderson | Notation::Hoyle | Notation::Paterson => Some(GameKind::Draughts),
            Notation::Lasca => Some(GameKind::Lasca),
            Notation::GoRecord | Notation::Sgf => Some(GameKind::Go),
            Notation::Volpicelli => None,
        }
    }

    /// Whether the reader counts what it read game by game (columns, printed
    /// moves) in `Game::stats`, for `check`'s per-game table.
    pub fn counts_games(self) -> bool {
        matches!(self, Notation::Anderson | Notation::Lasca)
    }

    /// Whether its games are printed as columns under a contents page (the
    /// 1852 book), so the per-game table adds listed, inferred and row-wise counts.
    pub fn has_columns_and_contents(self) -> bool {
        self == Notation::Anderson
    }
}

impl std::fmt::Display for Notation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_names_are_the_shown_names() {
        for n in [Notation::Numeric, Notation::Pdn, Notation::Anderson, Notation::Hoyle, Notation::Paterson, Notation::Lasca, Notation::GoRecord, Notation::Sgf, Notation::Volpicelli] {
            assert_eq!(serde_json::to_string(&n).unwrap(), format!("\"{}\"", n.as_str()));
            assert_eq!(serde_json::from_str::<Notation>(&format!("\"{n}\"")).unwrap(), n);
        }
    }
}
