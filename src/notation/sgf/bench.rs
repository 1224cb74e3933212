//! Generated SGF collections for timing the reader (`gamescribe bench sgf`).

use super::write;
use crate::notation::go_record::{GoGame, GoLine, GoMove};
use crate::repair::noise::Rng;
use crate::rules::go::{Move, Point, Position};

/// A random legal game of about `plies` moves on 19 lines, with a comment
/// now and then and a short variation every 50 moves.
fn random_game(rng: &mut Rng, plies: usize, index: usize) -> GoGame {
    let mut game = GoGame::new(19);
    game.title = format!("generated {index}");
    let mut pos = Position::empty(19).expect("19 is a legal size");
    let mut moves = Vec::new();
    for k in 0..plies {
        let color = pos.to_move();
        let mut mv = Move::Pass;
        for _ in 0..8 {
            let p = Move::Play(Point::new(rng.below(19) as u8, rng.below(19) as u8));
            if pos.check(color, p).is_ok() {
                mv = p;
                break;
            }
        }
        if pos.play(mv).is_err() {
            break;
        }
        let comments = if rng.below(40) == 0 { vec![format!("move {k}: a note with ] and \\ in it")] } else { Vec::new() };
        moves.push(GoMove { comments, ..GoMove::new(color, mv, Default::default()) });
        if k % 50 == 49 {
            game.lines.push(GoLine { label: format!("{k}"), parent: Some(0), branch_ply: k, moves: vec![moves[k].clone()], ..GoLine::default() });
        }
    }
    game.lines[0].moves = moves;
    game
}

/// An SGF collection of at least `bytes` bytes.
pub fn generate_sgf(bytes: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    let mut i = 0;
    while out.len() < bytes {
        let plies = 150 + rng.below(200);
        out.push_str(&write(&[random_game(&mut rng, plies, i)]));
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_files_read_back_without_findings() {
        let text = generate_sgf(20_000, 3);
        let source = crate::notation::sgf::read("gen", &text);
        assert!(source.diagnostics.is_empty(), "{:?}", &source.diagnostics[..source.diagnostics.len().min(3)]);
        assert!(source.games.len() >= 2);
        assert!(source.games.iter().all(|g| g.lines.len() > 1));
    }
}
