//! "The Names of the Various Openings And How Formed": `11 to 15, 24 to 20, …`
//! read into named move sequences, replayed from the start.

use crate::diagnostic::{Code, Diagnostic};
use crate::text::draughts::describe;
use crate::rules::draughts::{self, Position};
use crate::span::Span;
use crate::tree::{Line, MoveNode};
use regex::Regex;
use serde::Serialize;
use std::sync::LazyLock;

static DEFINITION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?m)^\s*\d+\.\s+(?:The\s+)?["“]([^"”]+)["”]\s+is formed by the first (\w+) moves[^:\n]*:\s*([^.\n]*)\."#).expect("definition pattern is valid")
});
static PAIR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(\d+)\s*to\s*(\d+)").expect("pair pattern is valid"));

/// A named opening: the moves that form it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Opening {
    pub name: String,
    /// The moves, replayed from the start (those after an unplayable one are left out).
    pub moves: Vec<MoveNode>,
    /// The number of moves the text says form it ("the first five moves").
    pub stated_count: Option<usize>,
    pub span: Span,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<Diagnostic>,
}

impl Opening {
    /// The opening as a tree line from the start, for comparing with games.
    pub fn line(&self) -> Line {
        Line { label: self.name.clone(), moves: self.moves.clone(), span: self.span, ..Line::trunk() }
    }
}

fn count_word(word: &str) -> Option<usize> {
    const WORDS: [&str; 10] = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    let w = word.to_ascii_lowercase();
    WORDS.iter().position(|&x| x == w).map(|i| i + 1).or_else(|| w.parse().ok())
}

/// Every opening defined in `text` ("The \"Cross\" is formed by the first two moves: 11 to 15, 23 to 18.").
pub fn openings(text: &str) -> Vec<Opening> {
    openings_within(text, Span::new(0, text.len()))
}

/// The openings defined in the stretch `within` of `text` (which begins a line), spans in `text`.
pub fn openings_within(text: &str, within: Span) -> Vec<Opening> {
    let mut out = Vec::new();
    let at = within.start;
    for caps in DEFINITION.captures_iter(within.slice(text)) {
        let (Some(whole), Some(name), Some(count), Some(list)) = (caps.get(0), caps.get(1), caps.get(2), caps.get(3)) else { continue };
        let mut pos = Position::initial();
        let mut moves = Vec::new();
        let mut diagnostics = Vec::new();
        for pair in PAIR.captures_iter(list.as_str()) {
            let (Some(all), Some(a), Some(b)) = (pair.get(0), pair.get(1), pair.get(2)) else { continue };
            let span = Span::new(at + list.start() + all.start(), at + list.start() + all.end());
            let squares: Option<Vec<u8>> = [a.as_str(), b.as_str()].iter().map(|s| s.parse::<u8>().ok()).collect();
            match squares.as_deref().map(|sq| draughts::resolve(&pos, sq)) {
                Some(Ok(mv)) => {
                    let (canonical, squares) = describe(&pos, &mv);
                    moves.push(MoveNode { text: canonical, squares, span, printed: all.as_str().to_string(), repair: None, annotations: Vec::new(), origin: Default::default(), go: None });
                    pos = pos.play(&mv);
                }
                _ => {
                    diagnostics.push(
                        Diagnostic::error(Code::HoyleOpeningIllegal, format!("{:?} is not a legal move after {} moves of {:?}", all.as_str(), moves.len(), name.as_str()), span)
                            .with_label("not legal here"),
                    );
                    break;
                }
            }
        }
        let stated_count = count_word(count.as_str());
        if let Some(n) = stated_count
            && n != moves.len()
            && diagnostics.is_empty()
        {
            diagnostics.push(
                Diagnostic::warning(Code::HoyleOpeningCount, format!("{:?} is said to be formed by {n} moves but {} are given", name.as_str(), moves.len()), Span::new(at + list.start(), at + list.end()))
                    .with_label(format!("{} moves", moves.len())),
            );
        }
        out.push(Opening { name: name.as_str().to_string(), moves, stated_count, span: Span::new(at + whole.start(), at + whole.end()), diagnostics });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_definition_with_a_missing_space() {
        let text = "10. The \"Old Fourteenth\" is formed by the first five moves: 11 to 15, 23 to 19, 8 to 11, 22 to 17,4 to 8. It was so named.";
        let found = openings(text);
        assert_eq!(found.len(), 1);
        let texts: Vec<&str> = found[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["11-15", "23-19", "8-11", "22-17", "4-8"]);
        assert_eq!(found[0].stated_count, Some(5));
        assert!(found[0].diagnostics.is_empty());
    }

    #[test]
    fn an_illegal_move_is_reported_where_it_stands() {
        let text = "1. The \"Bad\" is formed by the first two moves: 11 to 15, 22 to 15.";
        let found = openings(text);
        assert_eq!(found[0].moves.len(), 1);
        assert_eq!(found[0].diagnostics[0].span.slice(text), "22 to 15");
    }
}
