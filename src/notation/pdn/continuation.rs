//! An ambiguous capture read from what follows it: `10x26` where two jump
//! paths end on 26 is the one path after which the rest of its line replays.
//! Both `resolve` (the tree) and `validate` (the streaming check) ask this, so
//! they accept and reject the same games.

use crate::rules::draughts::{resolve_among, Move, Position, ResolveError};

/// Positions tried before the answer is "cannot tell" (several paths go on).
const BUDGET: usize = 20_000;

/// Of the moves a printed capture could be (`matches`), those after which
/// every later move of its line (`rest`, squares as printed) replays.
pub fn paths_that_go_on(pos: &Position, matches: &[Move], rest: &[Vec<u8>]) -> Vec<Move> {
    let mut budget = BUDGET;
    matches.iter().copied().filter(|m| goes_on(pos.play(m), rest, &mut budget)).collect()
}

/// Whether `rest` replays from `pos`; a later ambiguous move goes on if any of its paths does.
/// Out of budget counts as going on, so an undecided ambiguity stays an error.
fn goes_on(mut pos: Position, rest: &[Vec<u8>], budget: &mut usize) -> bool {
    let mut legal = Vec::with_capacity(32);
    for (k, squares) in rest.iter().enumerate() {
        if *budget == 0 {
            return true;
        }
        *budget -= 1;
        pos.legal_moves_into(&mut legal);
        match resolve_among(&legal, squares) {
            Ok(mv) => pos = pos.play(&mv),
            Err(ResolveError::Illegal) => return false,
            Err(ResolveError::Ambiguous(ms)) => return ms.iter().any(|m| goes_on(pos.play(m), &rest[k + 1..], budget)),
        }
    }
    true
}

/// `a or b or c`, for naming the paths in a diagnostic.
pub fn either(paths: &[Move]) -> String {
    let names: Vec<String> = paths.iter().map(|m| m.squares().iter().map(u8::to_string).collect::<Vec<_>>().join("x")).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::draughts::{parse_fen, resolve};

    #[test]
    fn the_path_the_line_needs_is_the_one_taken() {
        // Black's man on 10 takes 14 and 22 (via 17) or 15 and 23 (via 19), landing on 26 both ways.
        let pos = Position::from_setup(parse_fen("B:W14,15,22,23:B10").unwrap()).unwrap();
        let Err(ResolveError::Ambiguous(ms)) = resolve(&pos, &[10, 26]) else { panic!("ambiguous") };
        assert_eq!(ms.len(), 2);
        // White's 23-18 needs the man on 23 still there: the path over 14 and 22.
        let go_on = paths_that_go_on(&pos, &ms, &[vec![23, 18]]);
        assert_eq!(go_on.len(), 1);
        assert_eq!(go_on[0].squares(), vec![10, 17, 26]);
        assert_eq!(paths_that_go_on(&pos, &ms, &[]).len(), 2, "nothing follows: both go on");
        assert_eq!(either(&ms), "10x17x26 or 10x19x26");
    }
}
