//! The command line: parse flags, call the library, print, choose an exit code.
//! Exit codes: 0 all lines legal, 1 errors remain, 2 usage or I/O error.

use clap::{Parser, Subcommand, ValueEnum};
use std::process::ExitCode;
use std::time::Instant;

use crate::rules::draughts;

#[derive(Parser, Debug)]
#[command(
    name = "gamescribe",
    version,
    about = "Turn OCR'd board-game literature into validated game trees",
    after_help = "Examples:\n  gamescribe check corpus/\n  gamescribe perft --game english 11\n  gamescribe coord --game english 11 --to paterson"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count leaf positions to each depth 1..N and report nodes per second.
    #[command(after_help = "Example:\n  gamescribe perft --game english 11")]
    Perft {
        #[arg(long, value_enum, default_value = "english")]
        game: PerftGame,
        /// Deepest depth to count.
        depth: u32,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PerftGame {
    English,
}

pub const EXIT_CLEAN: u8 = 0;
pub const EXIT_ERRORS: u8 = 1;
pub const EXIT_USAGE: u8 = 2;

pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_USAGE } else { EXIT_CLEAN };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    ExitCode::from(run(cli))
}

fn run(cli: Cli) -> u8 {
    match cli.command {
        Command::Perft { game, depth } => perft(game, depth),
    }
}

fn perft(game: PerftGame, depth: u32) -> u8 {
    match game {
        PerftGame::English => {
            let pos = draughts::Position::initial();
            for d in 1..=depth {
                let start = Instant::now();
                let nodes = draughts::perft(&pos, d);
                let secs = start.elapsed().as_secs_f64();
                let rate = if secs > 0.0 { nodes as f64 / secs / 1e6 } else { f64::INFINITY };
                println!("depth {d:>2}  {nodes:>14}  {secs:>9.3} s  {rate:>9.1} M nodes/s");
            }
            EXIT_CLEAN
        }
    }
}
