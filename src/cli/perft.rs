//! `perft`: leaf counts to each depth and nodes per second, English draughts or Lasca.

use std::time::Instant;

use super::{usage_error, PerftGame, EXIT_CLEAN};
use crate::rules::draughts;

pub(super) fn run(game: PerftGame, depth: u32, longest_run: bool) -> u8 {
    if longest_run && matches!(game, PerftGame::English) {
        return usage_error("--longest-run is a Lasca option; English draughts has free choice among captures");
    }
    match game {
        PerftGame::English => {
            if depth > 20 {
                return usage_error("depth over 20 would run for days; choose 1..=20");
            }
            let pos = draughts::Position::initial();
            for d in 1..=depth {
                let start = Instant::now();
                let nodes = draughts::perft(&pos, d);
                let secs = start.elapsed().as_secs_f64();
                let rate = if secs > 0.0 { nodes as f64 / secs / 1e6 } else { f64::INFINITY };
                say!("depth {d:>2}  {nodes:>14}  {secs:>9.3} s  {rate:>9.1} M nodes/s");
            }
            EXIT_CLEAN
        }
        PerftGame::Lasca => {
            if depth > 16 {
                return usage_error("depth over 16 would run for days; choose 1..=16");
            }
            let pos = crate::rules::lasca::Position::initial().with_rules(crate::rules::lasca::Rules { longest_run });
            for d in 1..=depth {
                let start = Instant::now();
                let nodes = crate::rules::lasca::perft(&pos, d);
                let secs = start.elapsed().as_secs_f64();
                let rate = if secs > 0.0 { nodes as f64 / secs / 1e6 } else { f64::INFINITY };
                say!("depth {d:>2}  {nodes:>14}  {secs:>9.3} s  {rate:>9.1} M nodes/s");
            }
            EXIT_CLEAN
        }
    }
}
