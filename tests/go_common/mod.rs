//! Random Go games for the SGF tests.

use gamescribe::notation::go_record::{GoGame, GoLine, GoMove};
use gamescribe::bench::noise::Rng;
use gamescribe::rules::go::{Color, Move, Position};

/// Random legal games with comments full of `]` and `\`, passes and variations.
pub fn random_games(n: usize, seed: u64) -> Vec<GoGame> {
    let mut rng = Rng::new(seed);
    let sizes = [9u8, 13, 19, 5, 25, 19];
    let mut games = Vec::new();
    for i in 0..n {
        let size = sizes[i % sizes.len()];
        let mut g = GoGame::new(size);
        g.title = format!("random {i} [x] \\ y");
        g.komi = Some(6.5);
        g.result = Some("W+0.5".into());
        let start = Position::empty(size).unwrap();
        // Setup: a few stones placed by playing them (so the setup is legal).
        let mut pos = start.clone();
        for _ in 0..rng.below(8) {
            let legal = pos.legal_points();
            if legal.is_empty() {
                break;
            }
            let p = legal[rng.below(legal.len())];
            let color = pos.to_move();
            if pos.play(Move::Play(p)).unwrap().captured.is_empty() {
                match color {
                    Color::Black => g.black.push(p),
                    Color::White => g.white.push(p),
                }
            } else {
                break;
            }
        }
        g.black.retain(|p| pos.at(*p) == Some(Color::Black));
        g.white.retain(|p| pos.at(*p) == Some(Color::White));
        let line_count = 1 + rng.below(4);
        for li in 0..line_count {
            let (parent, ply) = if li == 0 { (None, 0) } else {
                let parent = rng.below(li);
                let full = g.full_line(parent).len();
                if full == 0 { continue; }
                (Some(parent), rng.below(full))
            };
            let mut pos = Position::from_setup(g.setup()).unwrap();
            let prefix: Vec<GoMove> = match parent { Some(p) => g.full_line(p)[..ply].iter().map(|m| (*m).clone()).collect(), None => Vec::new() };
            for m in &prefix {
                pos.play_as(m.color, m.mv).unwrap();
            }
            let mut moves = Vec::new();
            for k in 0..(1 + rng.below(40)) {
                let legal = pos.legal_points();
                let mv = if legal.is_empty() || rng.below(15) == 0 { Move::Pass } else { Move::Play(legal[rng.below(legal.len())]) };
                let color = pos.to_move();
                pos.play(mv).unwrap();
                let comments = if rng.below(5) == 0 { vec![format!("c{k} ] \\ [x]\nline two 漢字")] } else { Vec::new() };
                moves.push(GoMove { comments, ..GoMove::new(color, mv, Default::default()) });
            }
            if li == 0 {
                g.lines[0].moves = moves;
            } else {
                g.lines.push(GoLine { label: format!("{li}"), parent, branch_ply: ply, moves, ..GoLine::default() });
            }
        }
        games.push(g);
    }
    games
}

