//! The closing sentence of a game, read as a claim and checked: "cannot move
//! any more" exactly; "blocks the last two pieces" and "will easily win" by a
//! forced-win search to a fixed depth.

use crate::diagnostic::{Code, Diagnostic};
use crate::rules::lasca::{forced_win, Color, Position, Proof};
use crate::span::Span;
use crate::tree::{Outcome, StatedResult};

/// Plies the forced-win search looks ahead, and the nodes it may visit.
pub const SEARCH_PLIES: u32 = 11;
pub const SEARCH_NODES: u64 = 20_000_000;

/// What a closing sentence claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// "Black cannot move any more": that side has no move now.
    CannotMove { loser: Color },
    /// "blocks the last two pieces of white": that side is (or will be) shut in.
    Blocked { loser: Color },
    /// "white will easily win".
    WillWin { winner: Color },
}

impl Claim {
    pub fn winner(self) -> Color {
        match self {
            Claim::CannotMove { loser } | Claim::Blocked { loser } => loser.other(),
            Claim::WillWin { winner } => winner,
        }
    }

    /// Read a claim from the sentence; OCR'd letters are tolerated by looking for word stems.
    pub fn parse(prose: &str) -> Option<Claim> {
        let lower = prose.to_lowercase();
        let colour_after = |from: usize| -> Option<Color> {
            let rest = &lower[from..];
            let white = rest.find("white");
            let black = rest.find("black");
            match (white, black) {
                (Some(w), Some(b)) => Some(if w < b { Color::White } else { Color::Black }),
                (Some(_), None) => Some(Color::White),
                (None, Some(_)) => Some(Color::Black),
                (None, None) => None,
            }
        };
        let colour_before = |to: usize| -> Option<Color> {
            let head = &lower[..to];
            match (head.rfind("white"), head.rfind("black")) {
                (Some(w), Some(b)) => Some(if w > b { Color::White } else { Color::Black }),
                (Some(_), None) => Some(Color::White),
                (None, Some(_)) => Some(Color::Black),
                (None, None) => None,
            }
        };
        if let Some(at) = lower.find("cannot move") {
            return colour_before(at).map(|loser| Claim::CannotMove { loser });
        }
        if let Some(at) = lower.find("block") {
            return colour_after(at).map(|loser| Claim::Blocked { loser });
        }
        if let Some(at) = lower.find("win") {
            return colour_before(at).map(|winner| Claim::WillWin { winner });
        }
        None
    }
}

fn side(c: Color) -> &'static str {
    if c == Color::White { "White" } else { "Black" }
}

fn outcome(winner: Color) -> Outcome {
    if winner == Color::White { Outcome::WhiteWins } else { Outcome::BlackWins }
}

/// Check the closing sentence at `prose` against the position after the last ply.
/// `complete`: every printed ply was read (otherwise the claim cannot be checked).
pub fn check_ending(text: &str, prose: Span, end: &Position, complete: bool) -> (Option<StatedResult>, Vec<Diagnostic>) {
    let printed = prose.slice(text);
    let Some(claim) = Claim::parse(printed) else {
        let note = Diagnostic::note(Code::LascaEndingUnread, "closing words that state no result I can check", prose).with_label("kept as text");
        return (None, vec![note]);
    };
    let result = StatedResult { outcome: outcome(claim.winner()), printed: printed.to_string(), span: prose };
    if !complete {
        let d = Diagnostic::warning(Code::LascaEndingUnchecked, "the stated ending cannot be checked: the moves before it were not all read", prose)
            .with_label(format!("claims {} wins", side(claim.winner())));
        return (Some(result), vec![d]);
    }
    let to_move = end.turn();
    let moves = end.legal_moves();
    let diagnostic = match claim {
        Claim::CannotMove { loser } | Claim::Blocked { loser } if to_move == loser && moves.is_empty() => {
            Diagnostic::note(Code::LascaEndingConfirmed, format!("{} to play has no move: the stated ending holds exactly", side(loser)), prose)
                .with_label(format!("{} wins", side(loser.other())))
        }
        Claim::CannotMove { loser } => {
            let listed: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
            let why = if to_move == loser {
                format!("{} to play still has {}: {}", side(loser), moves.len(), listed.join(", "))
            } else {
                format!("it is {}'s turn, not {}'s", side(to_move), side(loser))
            };
            Diagnostic::error(Code::LascaEndingContradicted, format!("the text says {} cannot move, but {why}", side(loser)), prose)
                .with_label("stated ending does not hold")
        }
        Claim::Blocked { .. } | Claim::WillWin { .. } => search_claim(claim.winner(), end, prose),
    };
    (Some(result), vec![diagnostic])
}

/// Search for the forced win a claim asserts; the verdict as a diagnostic at `span`.
pub fn search_claim(winner: Color, end: &Position, span: Span) -> Diagnostic {
    let moves = end.legal_moves().len();
    match forced_win(end, winner, SEARCH_PLIES, SEARCH_NODES) {
        Proof::Proven { plies } => Diagnostic::note(
            Code::LascaEndingProven,
            format!("{} forces a win within {plies} plies from here (every defence searched)", side(winner)),
            span,
        )
        .with_label(format!("{} wins: proven", side(winner))),
        Proof::NotWithin { plies } => Diagnostic::warning(
            Code::LascaEndingNotProven,
            format!("no forced win for {} within {plies} plies (searched completely)", side(winner)),
            span,
        )
        .with_label("stated ending not proven")
        .with_help(format!("{} to play; {moves} legal moves; the win, if there is one, is longer", side(end.turn()))),
        Proof::Unfinished { plies } => Diagnostic::warning(
            Code::LascaEndingNotProven,
            format!("no forced win for {} found within {plies} plies before the search budget ran out", side(winner)),
            span,
        )
        .with_label("stated ending not proven"),
    }
}

/// What the last position says where the text states no ending.
pub fn unstated(end: &Position, span: Span) -> Diagnostic {
    let moves = end.legal_moves();
    let span = Span::new(span.end, span.end);
    if moves.is_empty() {
        Diagnostic::note(Code::LascaEndingDerived, format!("no ending is stated; {} to play has no move and loses", side(end.turn())), span)
            .with_label(format!("{} wins", side(end.turn().other())))
    } else {
        Diagnostic::note(
            Code::LascaEndingOpen,
            format!("no ending is stated; the game stops with {} to play ({} legal move{})", side(end.turn()), moves.len(), if moves.len() == 1 { "" } else { "s" }),
            span,
        )
        .with_label("game left open")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_books_closing_sentences() {
        assert_eq!(Claim::parse("Black cannot move any more and will lose."), Some(Claim::CannotMove { loser: Color::Black }));
        assert_eq!(Claim::parse("and blocks the two Iast pieces of white, S"), Some(Claim::Blocked { loser: Color::White }));
        assert_eq!(Claim::parse("and white will easily win."), Some(Claim::WillWin { winner: Color::White }));
        assert_eq!(Claim::parse("a fine game"), None);
    }
}
