//! Comparing two readings of one line move by move (a specimen against the
//! columnar game it names, an opening against a game). Rules-free: moves agree
//! when they start and end on the same squares.

use crate::tree::{Game, Line, MoveNode, Source};
use regex::Regex;
use std::sync::LazyLock;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveAgreement {
    pub ply: usize,
    pub a: Option<String>,
    pub b: Option<String>,
    pub same: bool,
}

/// How far two lines agree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Agreement {
    /// Plies both lines have.
    pub compared: usize,
    pub agreeing: usize,
    /// The first ply where they differ (or where one ends before the other).
    pub first_difference: Option<usize>,
    pub a_len: usize,
    pub b_len: usize,
    pub moves: Vec<MoveAgreement>,
}

impl Agreement {
    /// Every ply of the shorter line agrees.
    pub fn prefix_agrees(&self) -> bool {
        self.agreeing == self.compared
    }

    pub fn summary(&self) -> String {
        match self.first_difference {
            None => format!("all {} moves agree", self.compared),
            Some(p) if p >= self.compared => format!("the first {} moves agree; then one line ends ({} v {} moves)", self.compared, self.a_len, self.b_len),
            Some(p) => {
                let m = &self.moves[p];
                format!(
                    "{} of {} moves agree; first difference at move {}: {} v {}",
                    self.agreeing,
                    self.compared,
                    p + 1,
                    m.a.as_deref().unwrap_or("-"),
                    m.b.as_deref().unwrap_or("-")
                )
            }
        }
    }
}

fn same_move(a: &MoveNode, b: &MoveNode) -> bool {
    a.squares.first() == b.squares.first() && a.squares.last() == b.squares.last()
}

/// Compare two lines ply by ply, both taken from the same starting position.
pub fn compare_lines(a: &Line, b: &Line) -> Agreement {
    let compared = a.moves.len().min(b.moves.len());
    let longest = a.moves.len().max(b.moves.len());
    let moves: Vec<MoveAgreement> = (0..longest)
        .map(|ply| {
            let (x, y) = (a.moves.get(ply), b.moves.get(ply));
            MoveAgreement {
                ply,
                a: x.map(|m| m.text.clone()),
                b: y.map(|m| m.text.clone()),
                same: matches!((x, y), (Some(x), Some(y)) if same_move(x, y)),
            }
        })
        .collect();
    let agreeing = moves.iter().take(compared).filter(|m| m.same).count();
    let first_difference = moves.iter().position(|m| !m.same);
    Agreement { compared, agreeing, first_difference, a_len: a.moves.len(), b_len: b.moves.len(), moves }
}

/// A variation as a whole line from the game's start: its parents' moves up to
/// the branch, then its own.
pub fn full_line(game: &Game, index: usize) -> Line {
    let Some(line) = game.lines.get(index) else { return Line::default() };
    // Bad parent links leave the line's own moves.
    let moves: Vec<MoveNode> = game.moves_from_start(index).unwrap_or_else(|| line.moves.iter().collect()).into_iter().cloned().collect();
    Line { label: line.label.clone(), moves, stated_result: line.stated_result.clone(), span: line.span, ..Line::trunk() }
}

/// A specimen column checked against the columnar line its footnote names.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CrossCheck {
    /// The specimen column (`OLD 14TH`, `OLD 14TH 1`).
    pub specimen: String,
    /// The columnar line named (`Game 1: Old Fourteenth, variation 1`).
    pub target: String,
    /// Whether the columnar reader found that line and read any of it.
    pub recovered: bool,
    /// Move by move, specimen first, where the line was recovered.
    pub agreement: Option<Agreement>,
}

impl CrossCheck {
    pub fn summary(&self) -> String {
        match &self.agreement {
            Some(a) if self.recovered => format!("{} against {}: {}", self.specimen, self.target, a.summary()),
            _ => format!("{} against {}: not recovered by the columnar reader, nothing to compare", self.specimen, self.target),
        }
    }
}

/// An opening name as both books spell it (`Old 14th`, `Old Fourteenth`).
fn opening_key(name: &str) -> String {
    let lower = name.to_lowercase().replace("14th", "fourteenth");
    lower.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty() && w.parse::<u32>().is_err() && *w != "game").collect::<Vec<_>>().join(" ")
}

/// Each specimen column against the columnar game its footnote names
/// ("Compare this with the Game and its 1st variation", "… with 3rd
/// variation"): the game is the one of the same opening; a footnote naming
/// the Game compares the trunks and the numbered variation with the
/// specimen's variation column, one naming only a variation compares the
/// specimen's trunk with that variation read from the game's start.
pub fn cross_check(specimens: &Source, book: &Source) -> Vec<CrossCheck> {
    static ORDINAL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(\d+)\s*(?:st|nd|rd|th)\s+variation").expect("ordinal pattern"));
    let mut out = Vec::new();
    for specimen in &specimens.games {
        let Some((_, footnote)) = specimen.tags.iter().find(|(k, _)| k == "Footnote") else { continue };
        let Some(variation) = ORDINAL.captures(footnote).map(|c| c[1].to_string()) else { continue };
        let key = opening_key(&specimen.name);
        let game = book.games.iter().find(|g| {
            let name = opening_key(&g.name);
            !key.is_empty() && (name.ends_with(&key) || key.ends_with(&name))
        });
        let names_the_game = footnote.to_lowercase().contains("the game");
        // (specimen line, the columnar line's label) pairs to compare.
        let mut pairs: Vec<(usize, String)> = Vec::new();
        if names_the_game {
            pairs.push((0, "trunk".into()));
            if let Some(v) = specimen.lines.iter().position(|l| l.label == variation) {
                pairs.push((v, variation.clone()));
            }
        } else {
            pairs.push((0, variation.clone()));
        }
        for (own, label) in pairs {
            let specimen_name = if own == 0 { specimen.name.clone() } else { format!("{} {}", specimen.name, specimen.lines[own].label) };
            let target_name = format!("{}, {}", game.map_or(key.as_str(), |g| g.name.as_str()), if label == "trunk" { "the game".to_string() } else { format!("variation {label}") });
            let found = game.and_then(|g| g.lines.iter().position(|l| l.label == label).map(|i| (g, i)));
            let recovered = found.is_some_and(|(g, i)| !g.lines[i].moves.is_empty() && (i == 0 || g.lines[i].parent.is_some()));
            let agreement = found.filter(|_| recovered).map(|(g, i)| compare_lines(&full_line(specimen, own), &full_line(g, i)));
            out.push(CrossCheck { specimen: specimen_name, target: target_name, recovered, agreement });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(moves: &[(&str, [u8; 2])]) -> Line {
        Line { moves: moves.iter().map(|(t, s)| MoveNode { text: t.to_string(), squares: s.to_vec(), ..MoveNode::default() }).collect(), ..Line::trunk() }
    }

    #[test]
    fn reports_the_first_difference() {
        let a = line(&[("11-15", [11, 15]), ("23-19", [23, 19]), ("8-11", [8, 11])]);
        let b = line(&[("11-15", [11, 15]), ("23-19", [23, 19]), ("9-14", [9, 14]), ("22-17", [22, 17])]);
        let agreement = compare_lines(&a, &b);
        assert_eq!((agreement.compared, agreement.agreeing, agreement.first_difference), (3, 2, Some(2)));
        assert!(agreement.summary().contains("8-11 v 9-14"), "{}", agreement.summary());
        let same = compare_lines(&a, &a);
        assert!(same.prefix_agrees() && same.first_difference.is_none());
    }

    #[test]
    fn a_footnote_finds_its_game_and_variation() {
        let trunk = line(&[("11-15", [11, 15]), ("23-19", [23, 19]), ("8-11", [8, 11])]);
        let mut var3 = line(&[("9-14", [9, 14]), ("22-17", [22, 17])]);
        var3.label = "3".into();
        var3.parent = Some(0);
        var3.branch_ply = 2;
        let book = Source { games: vec![Game { name: "Game 14: Whilter".into(), lines: vec![trunk, var3], ..Game::default() }], ..Source::default() };
        let spec_line = line(&[("11-15", [11, 15]), ("23-19", [23, 19]), ("9-14", [9, 14]), ("22-18", [22, 18])]);
        let specimen = Game { name: "WHILTER".into(), tags: vec![("Footnote".into(), "‡ Compare this with 3rd variation, page 106.".into())], lines: vec![spec_line], ..Game::default() };
        let checks = cross_check(&Source { games: vec![specimen], ..Source::default() }, &book);
        assert_eq!(checks.len(), 1);
        let a = checks[0].agreement.as_ref().expect("compared");
        assert_eq!((a.compared, a.agreeing, a.first_difference), (4, 3, Some(3)));
        assert_eq!(checks[0].target, "Game 14: Whilter, variation 3");
        // Not found: reported, not compared.
        let none = cross_check(&Source { games: vec![Game { name: "SINGLE CORNER".into(), tags: vec![("Footnote".into(), "§ Compare this with 32nd variation".into())], lines: vec![Line::trunk()], ..Game::default() }], ..Source::default() }, &book);
        assert!(!none[0].recovered && none[0].summary().contains("not recovered"), "{:?}", none);
    }
}
