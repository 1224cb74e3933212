//! `s` signs linked to the line they point at, once every column is placed.
//!
//! The book (p. xvi): "To save repetition in the play, s is used to denote
//! that a similar position occurs elsewhere:—thus, page 19th, and variation
//! 21st—s at 6 10, refers, for the necessary play, to s in the 15th
//! variation." A sign is found at the move it stands in front of, or in a
//! column's unread cells (`s 15 10`); a column may also end in words naming
//! the target (`Same as 16 at s.`, `Same as root at s.`). The target is, in
//! this order: the line the words name; the one other line of the game with
//! an `s`; the one other place in the game where the rules reach the position
//! the sign stands at. Anything else is left unlinked, with a warning.

use crate::diagnostic::{Code, Diagnostic};
use crate::rules::draughts::{resolve_among, Position};
use crate::span::Span;
use crate::tree::{AnnotationKind, Game, LinkEvidence, LinkTarget, SimilarLink};
use regex::Regex;
use std::sync::LazyLock;

/// Words naming the line a column goes on as: `Same as root at s.`, `Same as 3rd variation at s.`, `Same as 16 at s.`
static SAME_AS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\bsame\s+as\s+(?:(?P<root>root|trunk|game)|(?:var(?:iation|\.)?\s*)?(?P<n>\d{1,2})(?:st|nd|rd|th)?(?:\s+var(?:iation|\.)?)?)\s+at\s+s\b").expect("same-as pattern"));

/// An `s` sign in front of a move in a cell of unread text (`s 15 10`).
static SIGN_CELL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?:^|/ )s \d{1,2}[ x-]\d{1,2}\b").expect("sign pattern"));

/// One sign or naming found in a line.
struct Found {
    line: usize,
    at_move: Option<usize>,
    span: Span,
    /// The label the words beside it name (`trunk`, `16`).
    named: Option<String>,
}

/// Link every `s` of `game` (`who` names it in the messages: `game 3`, `the 1st Position`); the diagnostics say what was linked and what not.
pub(super) fn link_similar(text: &str, who: &str, game: &mut Game) -> Vec<Diagnostic> {
    let found = signs(text, game);
    if found.is_empty() {
        return Vec::new();
    }
    let positions: Vec<Option<Vec<Position>>> = (0..game.lines.len()).map(|i| line_positions(game, i)).collect();
    let mut diagnostics = Vec::new();
    let mut links: Vec<(usize, SimilarLink)> = Vec::new();
    for (k, sign) in found.iter().enumerate() {
        let here = sign.at_move.and_then(|m| positions[sign.line].as_ref().and_then(|p| p.get(m)).copied());
        let name = |i: usize| if i == 0 { "the trunk".to_string() } else { format!("variation {}", game.lines[i].label) };
        let what = match sign.at_move {
            Some(m) => format!("the `s` at {} of {}", game.lines[sign.line].moves[m].text, name(sign.line)),
            None if sign.named.is_some() => format!("the words `{}` under {}", sign.span.slice(text).trim(), name(sign.line)),
            None => format!("the `s` in the unread cells of {}", name(sign.line)),
        };
        let at_target = |t: usize| found.iter().find(|f| f.line == t && f.at_move.is_some()).and_then(|f| f.at_move);
        let same = |t: usize, at: Option<usize>| here.zip(at.and_then(|a| positions[t].as_ref().and_then(|p| p.get(a)).copied())).map(|(a, b)| a == b);
        let target: Result<(usize, Option<usize>, LinkEvidence), String> = if let Some(label) = &sign.named {
            match game.lines.iter().position(|l| &l.label == label) {
                Some(t) if t != sign.line => Ok((t, at_target(t).or_else(|| here.and_then(|p| only_place(game, &positions, sign.line, p, Some(t))).map(|(_, m)| m)), LinkEvidence::Named)),
                _ => Err(format!("the text names {}, which the game does not hold", if label == "trunk" { "the trunk".into() } else { format!("variation {label}") })),
            }
        } else {
            let others: Vec<usize> = found.iter().enumerate().filter(|(j, f)| *j != k && f.line != sign.line && f.named.is_none()).map(|(_, f)| f.line).collect();
            match (others.as_slice(), here) {
                ([t], _) => Ok((*t, at_target(*t), LinkEvidence::OtherSign)),
                ([], Some(p)) => match only_place(game, &positions, sign.line, p, None) {
                    Some((t, m)) => Ok((t, Some(m), LinkEvidence::SamePosition)),
                    None => Err(format!("no other `s` of {who} was read, and the rules reach its position nowhere else in the game (or in more than one place)")),
                },
                ([], None) => Err(format!("no other `s` of {who} was read, and the sign's move was not read, so its position is not known")),
                (many, _) => Err(format!("{who} has {} other `s` signs and the text names none of them", many.len())),
            }
        };
        let link = match target {
            Ok((t, at, by)) => {
                let target = LinkTarget { line: game.lines[t].label.clone(), at_move: at, by, same_position: same(t, at) };
                let place = at.map_or(String::new(), |m| format!(" before its move {}", m + 1));
                diagnostics.push(
                    Diagnostic::note(Code::AndersonSimilarLinked, format!("{what} of {who} points to {}{place} ({})", name(t), by.as_str()), sign.span)
                        .with_label(format!("see {}", name(t))),
                );
                SimilarLink { at_move: sign.at_move, span: sign.span, target: Some(target) }
            }
            Err(why) => {
                diagnostics.push(Diagnostic::warning(Code::AndersonSimilarUnresolved, format!("{what} of {who} points nowhere found: {why}"), sign.span).with_label("a similar position elsewhere: not found"));
                SimilarLink { at_move: sign.at_move, span: sign.span, target: None }
            }
        };
        links.push((sign.line, link));
    }
    for (line, link) in links {
        game.lines[line].similar.push(link);
    }
    diagnostics
}

/// The signs and namings of every line, in line order.
fn signs(text: &str, game: &Game) -> Vec<Found> {
    let mut found = Vec::new();
    for (i, line) in game.lines.iter().enumerate() {
        for (m, mv) in line.moves.iter().enumerate() {
            for a in mv.annotations.iter().filter(|a| a.kind == AnnotationKind::SimilarPosition) {
                found.push(Found { line: i, at_move: Some(m), span: a.span, named: None });
            }
        }
        let Some(unread) = &line.unread else { continue };
        let within = unread.span.slice(text);
        for cell in SIGN_CELL.find_iter(&unread.raw) {
            // The cell as printed, found once in the unread stretch: its `s` is the sign.
            let printed = cell.as_str().trim_start_matches("/ ");
            let mut at = within.match_indices(printed);
            if let (Some((offset, _)), None) = (at.next(), at.next()) {
                let start = unread.span.start + offset;
                found.push(Found { line: i, at_move: None, span: Span::new(start, start + 1), named: None });
            }
        }
        for words in SAME_AS.captures_iter(&unread.raw) {
            let named = if words.name("root").is_some() { "trunk".to_string() } else { words["n"].trim_start_matches('0').to_string() };
            let printed = &words[0];
            let span = within.find(printed).map_or(unread.span, |offset| Span::new(unread.span.start + offset, unread.span.start + offset + printed.len()));
            found.push(Found { line: i, at_move: None, span, named: Some(named) });
        }
    }
    found
}

/// The positions before each of line `index`'s moves and after its last;
/// `None` where its start cannot be set up or a move does not replay.
fn line_positions(game: &Game, index: usize) -> Option<Vec<Position>> {
    let setup = game.start_of_line(index)?.draughts()?.ok()?;
    let mut pos = Position::from_setup(setup).ok()?;
    let all = game.moves_from_start(index)?;
    let own = game.lines[index].moves.len();
    let mut out = Vec::with_capacity(own + 1);
    for (k, m) in all.iter().enumerate() {
        if k + own >= all.len() {
            out.push(pos);
        }
        let mv = resolve_among(&pos.legal_moves(), &m.squares).ok()?;
        pos = pos.play(&mv);
    }
    out.push(pos);
    (out.len() == own + 1).then_some(out)
}

/// The one line (other than `from`; `only` if given) and move where the
/// rules reach `position` after that line's own first move: `None` where
/// there is no such place or more than one.
fn only_place(game: &Game, positions: &[Option<Vec<Position>>], from: usize, position: Position, only: Option<usize>) -> Option<(usize, usize)> {
    let mut places = Vec::new();
    for (t, list) in positions.iter().enumerate() {
        let Some(list) = list else { continue };
        if t == from || only.is_some_and(|o| o != t) || game.ancestors(from).any(|a| a == t) && only.is_none() {
            continue;
        }
        places.extend(list.iter().enumerate().skip(1).filter(|(_, p)| **p == position).map(|(m, _)| (t, m)));
    }
    match places.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_naming_the_line_a_column_goes_on_as() {
        let named = |t: &str| SAME_AS.captures(t).map(|c| c.name("root").map_or_else(|| c["n"].to_string(), |r| r.as_str().to_string()));
        assert_eq!(named("11 15 8. Same as 3rd variation at s."), Some("3".into()));
        assert_eq!(named("8 23 16 Same as 16 at s."), Some("16".into()));
        assert_eq!(named("Same as root at s."), Some("root".into()));
        assert_eq!(named("the same as before"), None);
        assert!(SIGN_CELL.is_match("1 5 / 14 17 / s 15 10"));
        assert!(!SIGN_CELL.is_match("15 10 / 5 1"));
    }

    /// Two columns with an `s` each: each points to the other, and where the
    /// sign's move is read the position there is compared with the other's.
    #[test]
    fn two_signs_of_a_game_point_to_each_other() {
        let page = "GAME.\t1\n11 15\t22 18\n23 19\t15 22\n8 11\t25 18\n1 22 17\ts 4 8\n9 13\t\ns 17 14\t\nDrawn.\tDrawn.\n";
        let source = super::super::read("t", page);
        let game = &source.games[0];
        let with_links: Vec<(&str, Option<usize>, Option<&str>)> = game
            .lines
            .iter()
            .flat_map(|l| l.similar.iter().map(move |s| (l.label.as_str(), s.at_move, s.target.as_ref().map(|t| t.line.as_str()))))
            .collect();
        assert_eq!(with_links, [("trunk", Some(5), Some("1")), ("1", Some(3), Some("trunk"))], "{:#?}", source.diagnostics);
        let trunk_link = game.lines[0].similar[0].target.as_ref().unwrap();
        let positions: Vec<bool> = (0..game.lines.len()).map(|i| line_positions(game, i).is_some()).collect();
        assert_eq!(positions, [true, true], "both lines replay from the start");
        assert_eq!((trunk_link.by, trunk_link.at_move, trunk_link.same_position), (LinkEvidence::OtherSign, Some(3), Some(false)));
        assert_eq!(source.diagnostics.iter().filter(|d| d.code == "anderson::similar-linked").count(), 2);
    }

    #[test]
    fn a_lone_sign_whose_position_stands_nowhere_else_is_a_warning() {
        let page = "GAME.\t1\n11 15\t22 18\n23 19\t15 22\ns 8 11\t25 18\nDrawn.\tDrawn.\n";
        let source = super::super::read("t", page);
        let link = &source.games[0].lines[0].similar[0];
        assert_eq!((link.at_move, link.target.is_none()), (Some(2), true));
        let d = source.diagnostics.iter().find(|d| d.code == "anderson::similar-unresolved").expect("a warning");
        assert_eq!(d.span.slice(page), "s");
        assert!(d.message.starts_with("the `s` at 8-11 of the trunk of game 1 points nowhere found: no other `s` of game 1 was read"), "{}", d.message);
    }
}
