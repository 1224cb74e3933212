//! One long game for the memory bound of `check`: a single SGF game tree of
//! random legal moves as long as asked, written straight to text (a tree of
//! that many moves would take many times the text to build). Repeating a
//! collection makes many short games, which `check` already reads one at a
//! time; this makes one game whose moves must be checked as they come.

use super::noise::Rng;
use crate::notation::go_corner::to_sgf;
use crate::rules::go::{Color, Move, Point, Position};

/// Moves between two short variations of the trunk.
const VARIATION_EVERY: usize = 5_000;

/// An SGF text of about `bytes` bytes: one game on 19 lines whose trunk is
/// random legal moves (a pass where eight tries find none), with a comment
/// now and then and, every [`VARIATION_EVERY`] moves, a two-move variation
/// that leaves the trunk there (so the trunk nests one level deeper each time,
/// and every level closes at the end).
pub fn sgf_one_game(bytes: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut pos = Position::empty(19).expect("19 is a legal size");
    let mut text = String::with_capacity(bytes + 64);
    text.push_str("(;GM[1]FF[4]SZ[19]GN[one long game]\n");
    // The variations wait for the trunk to end: each is written after the `)` that closes the level above it.
    let mut variations: Vec<String> = Vec::new();
    let mut ply = 0;
    while text.len() + variations.iter().map(|v| v.len() + 2).sum::<usize>() < bytes {
        if ply > 0 && ply % VARIATION_EVERY == 0 {
            let mut side = pos.clone();
            let mut variation = String::from("(");
            for _ in 0..2 {
                let (color, mv) = random_move(&mut rng, &side);
                if side.play(mv).is_err() {
                    break;
                }
                variation.push_str(&node(color, mv, None));
            }
            variation.push(')');
            variations.push(variation);
            text.push('(');
        }
        let (color, mv) = random_move(&mut rng, &pos);
        if pos.play(mv).is_err() {
            break;
        }
        let comment = (rng.below(40) == 0).then(|| format!("move {ply}: a note with \\] in it"));
        text.push_str(&node(color, mv, comment.as_deref()));
        ply += 1;
        if ply % 16 == 0 {
            text.push('\n');
        }
    }
    // The deepest level is the trunk's end; each level above closes, then its variation follows.
    text.push(')');
    while let Some(variation) = variations.pop() {
        text.push_str(&variation);
        text.push(')');
    }
    text.push('\n');
    text
}

/// A random legal move for the side to move, or a pass.
fn random_move(rng: &mut Rng, pos: &Position) -> (Color, Move) {
    let color = pos.to_move();
    for _ in 0..8 {
        let p = Move::Play(Point::new(rng.below(19) as u8, rng.below(19) as u8));
        if pos.check(color, p).is_ok() {
            return (color, p);
        }
    }
    (color, Move::Pass)
}

fn node(color: Color, mv: Move, comment: Option<&str>) -> String {
    let who = if color == Color::Black { 'B' } else { 'W' };
    let at = match mv {
        Move::Play(p) => to_sgf(p),
        Move::Pass => String::new(),
    };
    match comment {
        Some(c) => format!(";{who}[{at}]C[{c}]"),
        None => format!(";{who}[{at}]"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sgf;
    use crate::tree::LineStatus;

    #[test]
    fn the_long_game_is_one_legal_game_with_its_variations() {
        let text = sgf_one_game(60_000, 3);
        assert!(text.len() >= 60_000, "{} bytes", text.len());
        let source = sgf::read("long", &text);
        assert_eq!(source.games.len(), 1);
        let game = &source.games[0];
        assert!(game.lines[0].moves.len() > 8_000, "{} moves", game.lines[0].moves.len());
        assert_eq!(game.lines.len(), 1 + game.lines[0].moves.len() / VARIATION_EVERY);
        assert!(game.lines.iter().all(|l| l.status == LineStatus::Legal), "{:?}", game.lines.iter().map(|l| l.status).collect::<Vec<_>>());
        assert!(source.diagnostics.iter().all(|d| !d.is_error()), "{:?}", source.diagnostics);
    }
}
