//! Typed facts of a critical position (a study) and of who sent a line in.
//!
//! The 1852 book prints its 1st–13th Positions on diagrams, with the task
//! (`B to play and win.`) and the solution in columns; the OCR lost the
//! diagrams, so a study's start is what its solution's own moves imply, and
//! the tree says so instead of passing it off as the printed position.

use super::Outcome;
use crate::span::Span;
use serde::{Deserialize, Serialize};

/// A numbered critical position read as a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Study {
    /// `4` for the 4th Position.
    pub number: u32,
    /// The side the task gives the move to (`B to play`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_play: Option<Side>,
    /// What the task says comes of it: the side to play wins, or draws.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim: Option<Outcome>,
    /// The task as printed (`B to play and win.`), and where.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task: Option<(String, Span)>,
    pub start: StudyStart,
}

impl Study {
    /// `12th Position`: the study's title as the book prints it.
    pub fn title(number: u32) -> String {
        let suffix = match (number % 10, number % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        format!("{number}{suffix} Position")
    }
}

/// A side, as a task names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Black,
    White,
}

/// Where a study's start comes from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StudyStart {
    /// The diagram is lost; the game's start is the position the solution's
    /// own moves imply: `fixed` squares, `filled` ones where an empty square
    /// would allow a capture the text does not play, the rest empty.
    Inferred { fixed: Vec<u8>, filled: Vec<u8> },
    /// The diagram is lost and the solution's moves fix no start: the
    /// solution is kept unread.
    Lost,
}

/// Who sent a line in, as printed under its column (`J. Neilson.`) or after
/// a position's heading (`4th Position.—Payne.`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Contributor {
    /// The name without its closing stop (`J. Neilson`).
    pub name: String,
    pub span: Span,
}

impl Contributor {
    /// A name as printed: the closing stop and a footnote sign are not part of it.
    pub fn printed(text: &str, span: Span) -> Contributor {
        Contributor { name: text.trim().trim_end_matches(['*', '\\', ' ']).trim_end_matches('.').trim().to_string(), span }
    }
}

/// The squares set in a 32-bit board mask (bit 0 is square 1).
pub fn squares_of(mask: u32) -> Vec<u8> {
    (1..=32u8).filter(|s| mask & (1 << (s - 1)) != 0).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_printed_name_loses_its_stop_and_sign() {
        assert_eq!(Contributor::printed("J. Neilson. ", Span::new(0, 12)).name, "J. Neilson");
        assert_eq!(Contributor::printed("A. M'Intosh.\\*", Span::new(0, 14)).name, "A. M'Intosh");
        assert_eq!(squares_of(0b101), vec![1, 3]);
    }
}
