//! Random Go games for the SGF tests.

use gamescribe::tree::{Game, GoMove, Line, MoveHeld, MoveNode, Start};
use gamescribe::bench::noise::Rng;
use gamescribe::rules::go::{Color, Move, Position, Setup};

/// Random legal games with comments full of `]` and `\`, passes and variations.
pub fn random_games(n: usize, seed: u64) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let sizes = [9u8, 13, 19, 5, 25, 19];
    let mut games = Vec::new();
    for i in 0..n {
        let size = sizes[i % sizes.len()];
        let mut g = Game::new_go(size);
        let info = g.go_info_mut();
        info.title = format!("random {i} [x] \\ y");
        info.komi = Some(6.5);
        info.result = Some("W+0.5".into());
        let mut setup = Setup { size, black: Vec::new(), white: Vec::new(), to_move: Color::Black };
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
                    Color::Black => setup.black.push(p),
                    Color::White => setup.white.push(p),
                }
            } else {
                break;
            }
        }
        setup.black.retain(|p| pos.at(*p) == Some(Color::Black));
        setup.white.retain(|p| pos.at(*p) == Some(Color::White));
        g.start = Start::Go(setup.clone());
        let line_count = 1 + rng.below(4);
        for li in 0..line_count {
            let (parent, ply) = if li == 0 { (None, 0) } else {
                let parent = rng.below(li);
                let full = g.go_full_line(parent).len();
                if full == 0 { continue; }
                (Some(parent), rng.below(full))
            };
            let mut pos = Position::from_setup(setup.clone()).unwrap();
            let prefix: Vec<(Color, Move)> = match parent { Some(p) => g.go_full_line(p)[..ply].iter().map(|(_, m)| (m.color, m.mv)).collect(), None => Vec::new() };
            for &(color, mv) in &prefix {
                pos.play_as(color, mv).unwrap();
            }
            let mut moves = Vec::new();
            for k in 0..(1 + rng.below(40)) {
                let legal = pos.legal_points();
                let mv = if legal.is_empty() || rng.below(15) == 0 { Move::Pass } else { Move::Play(legal[rng.below(legal.len())]) };
                let color = pos.to_move();
                pos.play(mv).unwrap();
                let comments = if rng.below(5) == 0 { vec![format!("c{k} ] \\ [x]\nline two 漢字")] } else { Vec::new() };
                moves.push(MoveNode::go_move(GoMove::holding(color, mv, MoveHeld { comments, ..MoveHeld::default() }), Default::default(), String::new()));
            }
            if li == 0 {
                g.lines[0].moves = moves;
            } else {
                g.lines.push(Line { label: format!("{li}"), parent, branch_ply: ply, moves, ..Line::default() });
            }
        }
        games.push(g);
    }
    games
}

