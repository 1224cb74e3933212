//! A stated result (`Drawn.`, `W. wins`, `1-0`) read from the end of a block
//! of moves, and compared with the board where the line ends.

use crate::diagnostic::{Code, Diagnostic};
use crate::rules::draughts::{self, Position};
use crate::span::Span;
use crate::tree::{Line, Outcome, StatedResult};
use regex::Regex;
use std::sync::LazyLock;

/// A stated result at the end of a block: `Drawn.`, `W. wins`, `B. wins.`, `1-0` …
static RESULT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(drawn?\.?|draw\.?|(?:w\.?|white)\s*wins?\.?|(?:b\.?|black)\s*wins?\.?|1/2-1/2|1-0|0-1|2-0|0-2|1-1)\s*$")
        .expect("result pattern is valid")
});

/// Read a stated result from the end of `text`; returns it and where the moves end.
pub fn stated_result(text: &str, offset: usize) -> (Option<StatedResult>, usize) {
    let Some(m) = RESULT.find(text) else { return (None, text.len()) };
    // The result must stand apart from the moves.
    if m.start() > 0 && !text[..m.start()].ends_with(char::is_whitespace) {
        return (None, text.len());
    }
    let printed = m.as_str().trim();
    let lower = printed.to_ascii_lowercase();
    let outcome = if lower.starts_with("draw") || lower == "1/2-1/2" || lower == "1-1" {
        Outcome::Draw
    } else if lower.starts_with('w') {
        Outcome::WhiteWins
    } else if lower.starts_with('b') {
        Outcome::BlackWins
    } else {
        // PDN scores are from the first player's side: in English draughts that is Black.
        if lower.starts_with('1') || lower.starts_with('2') { Outcome::BlackWins } else { Outcome::WhiteWins }
    };
    let span = Span::new(offset + m.start(), offset + m.start() + printed.len());
    (Some(StatedResult { outcome, printed: printed.to_string(), span }), m.start())
}

/// Compare a stated result with the final position where the rules decide it.
pub fn check_result(start: &Position, line: &Line, result: &StatedResult) -> Vec<Diagnostic> {
    let mut pos = *start;
    for m in &line.moves {
        match draughts::resolve(&pos, &m.squares) {
            Ok(mv) => pos = pos.play(&mv),
            Err(_) => return Vec::new(),
        }
    }
    if !pos.is_lost() {
        // Read to its end, the line says nothing of who wins; the board still
        // says something: a "wins" claim against material or mobility is reported.
        if line.unread.is_some() {
            return Vec::new();
        }
        return claim_against_board(&pos, result).into_iter().collect();
    }
    let winner = match pos.turn() {
        draughts::Color::Black => Outcome::WhiteWins,
        draughts::Color::White => Outcome::BlackWins,
    };
    if result.outcome == winner {
        return Vec::new();
    }
    vec![Diagnostic::error(
        Code::ResultContradictsBoard,
        format!("the line ends with {:?} to move and unable to move, so {winner:?}, but the book says {:?}", pos.turn(), result.printed),
        result.span,
    )
    .with_label("stated result")]
}

/// Material in half-men (a man 2, a king 3, the usual rough worth) and the
/// moves each side would have to play.
fn forces(pos: &Position, color: draughts::Color) -> (u32, usize) {
    let setup = pos.setup();
    let (men, kings) = match color {
        draughts::Color::Black => (setup.black_men, setup.black_kings),
        draughts::Color::White => (setup.white_men, setup.white_kings),
    };
    let mut turned = setup;
    turned.turn = Some(color);
    let mobility = Position::from_setup(turned).map_or(0, |p| p.legal_moves().len());
    (2 * men.count_ones() + 3 * kings.count_ones(), mobility)
}

/// A "wins" claim at a position where the game is not over, compared with
/// material and mobility: the claimed winner behind in material, or with no
/// move to make, is a disagreement. A draw claim is not judged.
fn claim_against_board(pos: &Position, result: &StatedResult) -> Option<Diagnostic> {
    let (winner, loser) = match result.outcome {
        Outcome::WhiteWins => (draughts::Color::White, draughts::Color::Black),
        Outcome::BlackWins => (draughts::Color::Black, draughts::Color::White),
        _ => return None,
    };
    let (w, l) = (forces(pos, winner), forces(pos, loser));
    let half = |n: u32| if n.is_multiple_of(2) { format!("{}", n / 2) } else { format!("{}.5", n / 2) };
    let why = if w.0 < l.0 {
        format!("{winner:?} is behind in material ({} men' worth against {}, a king counting 1.5)", half(w.0), half(l.0))
    } else if w.1 == 0 {
        format!("{winner:?} would have no move to make")
    } else {
        return None;
    };
    Some(
        Diagnostic::warning(Code::ResultClaimAgainstBoard, format!("the book says {:?}, but where the line ends {why}", result.printed), result.span)
            .with_label("stated result")
            .with_help("the win may rest on play the book leaves out; check the last moves"),
    )
}
