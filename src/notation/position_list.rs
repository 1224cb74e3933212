//! Numbered positions printed as lists of squares, as at the end of the 1852
//! book:
//!
//! ```text
//! 14th Position-J. Dunn.
//! 12, 16, 20, 21, 14, W
//! 3, 11, 7, 6, B to play and win—thus, 7 2; 16 7, &c.
//! ```
//!
//! The stars that marked kings are lost in the OCR, and now and then a square
//! too (`\*, 28, 26, 30`). So the list fixes only where pieces stand: every
//! choice of kings (and, for a lost square, every empty square) is tried, and
//! those under which the printed solution replays move for move are kept.

use crate::diagnostic::{Code, Diagnostic};
use crate::rules::draughts::{resolve, write_fen, Color, Position, Setup};
use crate::rules::the_move::the_move;
use crate::span::Span;
use regex::Regex;
use serde::Serialize;
use std::sync::LazyLock;

static HEADING: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?m)^[#\s]*(\d+)(?:st|nd|rd|th)\s+Position\s*[-–—.,]+\s*(.*?)\s*$").expect("valid regex"));
static SIDE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(?P<squares>.*?),?\s*(?P<side>[WB])\.?(?P<rest>\s+to\s*play.*)?$").expect("valid regex"));
static SOLUTION: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)to\s*play\s*(?P<task>[^—–-]*?)\s*[—–-]+\s*thus,?\s*(?P<moves>.*)$").expect("valid regex"));

/// Most king choices tried for one position (2^16: every choice for 16 pieces).
const MAX_TRIALS: usize = 1 << 16;

fn as_fen<S: serde::Serializer>(setup: &Setup, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&write_fen(setup))
}

/// One way the position can be set up so that the whole solution is legal.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fit {
    /// The position (written as its PDN FEN).
    #[serde(rename = "fen", serialize_with = "as_fen")]
    pub position: Setup,
    /// Squares whose pieces are kings in this fit.
    pub kings: Vec<u8>,
    /// Who has "the move" there, by Paterson's and Payne's rules.
    pub the_move: String,
    /// What an engine says of the stated result from this fit (set by
    /// `crate::verdict::judge_listed`, after reading).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<crate::tree::Verdict>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ListedPosition {
    /// "14th Position".
    pub title: String,
    pub author: String,
    pub span: Span,
    pub black: Vec<u8>,
    pub white: Vec<u8>,
    /// Pieces whose square is unreadable, by colour.
    pub lost_black: usize,
    pub lost_white: usize,
    pub turn: Color,
    /// "to play and win".
    pub task: String,
    /// The result the task states: the side to play wins, or draws.
    pub claim: Option<crate::tree::Outcome>,
    /// The printed solution moves as square pairs, with their spans.
    pub solution: Vec<(Vec<u8>, Span)>,
    /// Setups tried, and those under which every solution move is legal (fewest kings first).
    pub tried: usize,
    pub fits: Vec<Fit>,
    /// Over all fits: squares always holding a king, always a man, and either.
    pub always_kings: Vec<u8>,
    pub always_men: Vec<u8>,
    pub either: Vec<u8>,
}

/// "to play and win" / "to play and draw" as an outcome.
fn claim_of(task: &str, turn: Color) -> Option<crate::tree::Outcome> {
    use crate::tree::Outcome;
    let task = task.to_ascii_lowercase();
    if task.contains("win") {
        Some(if turn == Color::Black { Outcome::BlackWins } else { Outcome::WhiteWins })
    } else if task.contains("draw") {
        Some(Outcome::Draw)
    } else {
        None
    }
}

/// Every numbered position with a square list in `text`, and what could not be read.
pub fn read_position_lists(text: &str) -> (Vec<ListedPosition>, Vec<Diagnostic>) {
    let mut found = Vec::new();
    let mut diagnostics = Vec::new();
    for caps in HEADING.captures_iter(text) {
        let (Some(whole), Some(number)) = (caps.get(0), caps.get(1)) else { continue };
        let author = caps.get(2).map_or("", |m| m.as_str()).trim_end_matches('.').trim().to_string();
        // The two square lists follow on the next non-empty lines.
        let mut rows = Vec::new();
        let mut offset = whole.end();
        for line in text[whole.end()..].split_inclusive('\n') {
            let start = offset;
            offset += line.len();
            let body = line.trim_end_matches(['\n', '\r']);
            if body.trim().is_empty() {
                continue;
            }
            rows.push((start, body));
            if rows.len() == 2 {
                break;
            }
        }
        let [(first_at, first), (second_at, second)] = rows[..] else { continue };
        let (Some(a), Some(b)) = (SIDE.captures(first.trim()), SIDE.captures(second.trim())) else {
            // A heading without square lists (the positions given as diagrams earlier in the book).
            continue;
        };
        let title = format!("{} Position", &whole.as_str().trim_start_matches(['#', ' ']).split_whitespace().next().unwrap_or(number.as_str()));
        let first_trim = first_at + (first.len() - first.trim_start().len());
        let second_trim = second_at + (second.len() - second.trim_start().len());
        let span = Span::new(whole.start(), second_at + second.len());
        let (list_a, lost_a) = squares(&a["squares"], first_trim, &mut diagnostics);
        let (list_b, lost_b) = squares(&b["squares"], second_trim, &mut diagnostics);
        let side_of = |s: &str| if s == "B" { Color::Black } else { Color::White };
        let (side_a, side_b) = (side_of(&a["side"]), side_of(&b["side"]));
        if side_a == side_b {
            diagnostics.push(Diagnostic::error(Code::PositionsSameSide, "both square lists are given to the same side", span).with_label("here"));
            continue;
        }
        let (black, white, lost_black, lost_white) = if side_a == Color::Black { (list_a, list_b, lost_a, lost_b) } else { (list_b, list_a, lost_b, lost_a) };
        let rest = b.name("rest").map_or("", |m| m.as_str());
        let rest_at = b.name("rest").map_or(second_trim, |m| second_trim + m.start());
        let (task, solution) = match SOLUTION.captures(rest) {
            Some(s) => {
                let moves_at = rest_at + s.name("moves").map_or(0, |m| m.start());
                (format!("to play {}", s["task"].trim()).trim().to_string(), solution_moves(&s["moves"], moves_at))
            }
            None => {
                diagnostics.push(Diagnostic::warning(Code::PositionsNoSolution, "no solution (\"—thus, …\") found after the squares", Span::new(second_at, second_at + second.len())));
                (String::new(), Vec::new())
            }
        };
        let mut listed = ListedPosition {
            title,
            author,
            span,
            black,
            white,
            lost_black,
            lost_white,
            turn: side_b,
            claim: claim_of(&task, side_b),
            task,
            solution,
            tried: 0,
            fits: Vec::new(),
            always_kings: Vec::new(),
            always_men: Vec::new(),
            either: Vec::new(),
        };
        fit(&mut listed);
        if listed.fits.is_empty() {
            diagnostics.push(
                Diagnostic::error(Code::PositionsNoFit, format!("no choice of kings makes the {}'s solution legal ({} setups tried)", listed.title, listed.tried), span)
                    .with_help("a square or a move may be misprinted"),
            );
        }
        found.push(listed);
    }
    (found, diagnostics)
}

/// The squares of one list; unreadable entries are counted as lost pieces.
fn squares(list: &str, at: usize, diagnostics: &mut Vec<Diagnostic>) -> (Vec<u8>, usize) {
    let mut out = Vec::new();
    let mut lost = 0;
    let mut offset = at;
    for item in list.split(',') {
        let trimmed = item.trim();
        let start = offset + (item.len() - item.trim_start().len());
        offset += item.len() + 1;
        match trimmed.parse::<u8>() {
            Ok(n) if (1..=32).contains(&n) => out.push(n),
            _ if trimmed.is_empty() => {}
            _ => {
                lost += 1;
                diagnostics.push(
                    Diagnostic::warning(Code::PositionsLostSquare, format!("{trimmed:?} is not a square: a piece whose square is lost"), Span::new(start, start + trimmed.len()))
                        .with_label("every empty square is tried for it"),
                );
            }
        }
    }
    (out, lost)
}

/// `7 2; 16 7, &c.` as square pairs.
fn solution_moves(text: &str, at: usize) -> Vec<(Vec<u8>, Span)> {
    let end = text.find("&c").unwrap_or(text.len());
    let mut out = Vec::new();
    let mut offset = at;
    for part in text[..end].split([';', ',']) {
        let start = offset + (part.len() - part.trim_start().len());
        offset += part.len() + 1;
        let numbers: Option<Vec<u8>> = part.split_whitespace().map(|n| n.trim_end_matches('.').parse::<u8>().ok()).collect();
        if let Some(numbers) = numbers.filter(|n| n.len() >= 2) {
            out.push((numbers, Span::new(start, start + part.trim().len())));
        }
    }
    out
}

/// Try every choice of kings (and squares for lost pieces); keep those where the solution replays.
fn fit(p: &mut ListedPosition) {
    let occupied: Vec<u8> = p.black.iter().chain(&p.white).copied().collect();
    let empty: Vec<u8> = (1..=32).filter(|s| !occupied.contains(s)).collect();
    // Lost pieces: at most two are placed by search; more would be guessing.
    let lost = p.lost_black + p.lost_white;
    let placements: Vec<Vec<u8>> = match lost {
        0 => vec![Vec::new()],
        1 => empty.iter().map(|&s| vec![s]).collect(),
        2 => {
            // Two lost pieces of one colour are interchangeable; of two colours they are not.
            let same_colour = p.lost_black != 1;
            let mut out = Vec::new();
            for &a in &empty {
                for &b in &empty {
                    if b > a || (!same_colour && b != a) {
                        out.push(vec![a, b]);
                    }
                }
            }
            out
        }
        _ => Vec::new(),
    };
    for placed in placements {
        let (mut black, mut white) = (p.black.clone(), p.white.clone());
        for (i, &s) in placed.iter().enumerate() {
            if i < p.lost_black { black.push(s) } else { white.push(s) }
        }
        let pieces = black.len() + white.len();
        for kings in 0..(1u32 << pieces.min(16)) {
            if p.tried >= MAX_TRIALS * 4 {
                return;
            }
            p.tried += 1;
            let setup = crown(&black, &white, kings, p.turn);
            let Ok(start) = Position::from_setup(setup) else { continue };
            if replays(&start, &p.solution) {
                let crowned = setup.black_kings | setup.white_kings;
                let kings = (1..=32u8).filter(|s| crowned & (1 << (s - 1)) != 0).collect();
                p.fits.push(Fit { position: setup, kings, the_move: the_move(&setup).summary(), verdict: None });
            }
        }
    }
    p.fits.sort_by_key(|f| f.kings.len());
    let mut squares: Vec<u8> = p.black.iter().chain(&p.white).copied().collect();
    squares.sort_unstable();
    if p.fits.is_empty() || lost > 0 {
        // Where lost pieces stand differs from fit to fit: say nothing per square.
        return;
    }
    for s in squares {
        let crowned = p.fits.iter().filter(|f| f.kings.contains(&s)).count();
        match crowned {
            0 => p.always_men.push(s),
            n if n == p.fits.len() => p.always_kings.push(s),
            _ => p.either.push(s),
        }
    }
}

fn crown(black: &[u8], white: &[u8], kings: u32, turn: Color) -> Setup {
    let mut setup = Setup { turn: Some(turn), ..Setup::default() };
    for (i, &s) in black.iter().chain(white).enumerate() {
        let bit = 1u32 << (s - 1);
        let king = kings & (1 << i) != 0;
        match (i < black.len(), king) {
            (true, false) => setup.black_men |= bit,
            (true, true) => setup.black_kings |= bit,
            (false, false) => setup.white_men |= bit,
            (false, true) => setup.white_kings |= bit,
        }
    }
    setup
}

fn replays(start: &Position, moves: &[(Vec<u8>, Span)]) -> bool {
    let mut pos = *start;
    for (squares, _) in moves {
        match resolve(&pos, squares) {
            Ok(mv) => pos = pos.play(&mv),
            Err(_) => return false,
        }
    }
    !moves.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    const DUNN: &str = "14th Position-J. Dunn.\n\n12, 16, 20, 21, 14, W\n\n3, 11, 7, 6, B to play and win\u{2014}thus, 7 2; 16 7, &c.\n";

    #[test]
    fn reads_squares_side_task_and_solution() {
        let (found, diags) = read_position_lists(DUNN);
        assert!(diags.is_empty(), "{diags:?}");
        let p = &found[0];
        assert_eq!(p.title, "14th Position");
        assert_eq!(p.author, "J. Dunn");
        assert_eq!(p.white, vec![12, 16, 20, 21, 14]);
        assert_eq!(p.black, vec![3, 11, 7, 6]);
        assert_eq!(p.turn, Color::Black);
        assert_eq!(p.task, "to play and win");
        let moves: Vec<&Vec<u8>> = p.solution.iter().map(|m| &m.0).collect();
        assert_eq!(moves, vec![&vec![7, 2], &vec![16, 7]]);
        assert_eq!(p.solution[0].1.slice(DUNN), "7 2");
    }

    #[test]
    fn a_man_moving_backwards_must_be_a_king() {
        let (found, _) = read_position_lists(DUNN);
        let p = &found[0];
        assert!(!p.fits.is_empty());
        // Black's 7 2 runs backwards: the piece on 7 is a king in every fit.
        for f in &p.fits {
            assert!(f.kings.contains(&7), "{:?}", f.position);
        }
        assert_eq!(p.always_kings, vec![7]);
        // White's 16 7 jumps forward, so 16 may be a man or a king.
        assert!(p.either.contains(&16));
    }

    #[test]
    fn a_lost_square_is_searched() {
        let text = "15th Position-T, Muir.\n\n14, 18, 20, 27, B\n\n\\*, 28, 26, 30, W to play and win\u{2014}thus, 7 11; 27 31; 11 15, &c.\n";
        let (found, diags) = read_position_lists(text);
        assert_eq!(found[0].lost_white, 1);
        assert!(diags.iter().any(|d| d.code == "positions::lost-square"));
        // White's first move is from 7: the lost piece stood there.
        assert!(!found[0].fits.is_empty());
        assert!(found[0].fits.iter().all(|f| write_fen(&f.position).contains('7')));
    }

    #[test]
    fn junk_does_not_panic() {
        for text in ["", "1st Position", "2nd Position-\n\n,,,\n\n, B to play—thus, &c.", "3rd Position.\nW\nB to play and win—thus, 99 100;"] {
            let _ = read_position_lists(text);
        }
    }
}
