//! Lasca: the fast move generator against the independent reference one.

use gamescribe::rules::lasca::{perft, reference_perft, Position, ReferenceBoard, Setup};

#[test]
fn fast_and_reference_perft_agree_from_the_start_to_depth_12() {
    let pos = Position::initial();
    let board = ReferenceBoard::from_setup(&Setup::initial());
    for depth in 1..=12 {
        assert_eq!(perft(&pos, depth), reference_perft(&board, depth), "depth {depth}");
    }
}

#[test]
fn fast_and_reference_agree_along_played_games() {
    // Walk a few deterministic lines deep into the game (captures, stacks,
    // officers) and compare the two generators' counts at each stop.
    for seed in 0..12u64 {
        let mut pos = Position::initial();
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for ply in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply % 6 == 0 {
                let board = ReferenceBoard::from_setup(&pos.setup());
                assert_eq!(perft(&pos, 3), reference_perft(&board, 3), "seed {seed} ply {ply}");
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pos = pos.play(&moves[(state % moves.len() as u64) as usize]);
        }
    }
}
