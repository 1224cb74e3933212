//! Generated PDN for throughput measurements: random games built as trees
//! and written by the PDN writer, then read back by the PDN reader.

use crate::export::pdn::write_pdn;
use crate::text::draughts::describe;
use crate::bench::noise::Rng;
use crate::rules::draughts::Position;
use crate::tree::{Annotation, AnnotationKind, Game, Line, MoveNode, Source};

/// Random legal games with variations and comments, at least `bytes` long.
pub fn generate_pdn(bytes: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut out = String::with_capacity(bytes + 4096);
    let mut n = 0;
    while out.len() < bytes {
        let batch: Vec<Game> = (0..64).map(|_| {
            n += 1;
            random_game_tree(&mut rng, n)
        }).collect();
        out.push_str(&write_pdn(&Source { games: batch, ..Source::default() }));
    }
    out
}

fn random_line(rng: &mut Rng, mut pos: Position, plies: usize, avoid: Option<&[u8]>) -> (Vec<MoveNode>, Vec<Position>) {
    let mut moves = Vec::new();
    let mut positions = vec![pos];
    for k in 0..plies {
        let legal: Vec<_> = pos.legal_moves().into_iter().filter(|m| k > 0 || avoid != Some(m.squares().as_slice())).collect();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        let (text, squares) = describe(&pos, &mv);
        let mut node = MoveNode { printed: text.clone(), text, squares, ..MoveNode::default() };
        if rng.chance(0.02) {
            node.annotations.push(Annotation { kind: AnnotationKind::Comment, text: "a note on this move".into(), span: Default::default() });
        }
        moves.push(node);
        pos = pos.play(&mv);
        positions.push(pos);
    }
    (moves, positions)
}

fn random_game_tree(rng: &mut Rng, n: usize) -> Game {
    let plies = 30 + rng.below(60);
    let (moves, positions) = random_line(rng, Position::initial(), plies, None);
    let mut lines = vec![Line { moves, ..Line::trunk() }];
    for v in 0..rng.below(4) {
        let k = rng.below(lines[0].moves.len().max(1));
        if k >= lines[0].moves.len() {
            break;
        }
        let avoid = lines[0].moves[k].squares.clone();
        let plies = 3 + rng.below(12);
        let (moves, _) = random_line(rng, positions[k], plies, Some(&avoid));
        if !moves.is_empty() {
            lines.push(Line { label: (v + 1).to_string(), parent: Some(0), branch_ply: k, moves, ..Line::default() });
        }
    }
    Game { name: format!("generated {n}"), start: crate::tree::Start::Draughts(Position::initial().setup()), lines, ..Game::default() }
}

/// Read every game into the full tree with diagnostics: (games, moves, errors).
pub fn read_tree(text: &str) -> (usize, usize, usize) {
    let source = crate::notation::pdn::read("bench", text);
    let moves = source.lines().map(|l| l.moves.len()).sum();
    (source.games.len(), moves, source.error_count())
}
