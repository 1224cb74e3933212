//! `bench`: speed and accuracy figures (decoder on generated noisy games, PDN
//! reading and validating, SGF reading side by side with sgfmill).

use std::fs;
use std::time::Instant;

use super::{usage_error, BenchWhat, EXIT_CLEAN};

/// `bench decoder`: the games generated and the decoder's settings (default: its own).
#[derive(clap::Args, Debug)]
pub struct DecoderArgs {
    #[arg(long, default_value_t = 500)]
    games: usize,
    /// Character noise rates, comma separated.
    #[arg(long, value_delimiter = ',', default_values_t = vec![0.02, 0.05, 0.10])]
    noise: Vec<f64>,
    #[arg(long, default_value_t = 80)]
    max_plies: usize,
    #[arg(long, default_value_t = 1852)]
    seed: u64,
    /// Print the first failures (noisy text and where reading stopped).
    #[arg(long)]
    show_failures: bool,
    /// Moves read ahead before one is chosen.
    #[arg(long)]
    lookahead: Option<usize>,
    /// Hypotheses kept per lookahead depth.
    #[arg(long)]
    beam: Option<usize>,
    /// Cost margin a reading needs over every rival.
    #[arg(long)]
    min_margin: Option<f64>,
    /// Most a lookahead line is charged for stopping early.
    #[arg(long)]
    dead_end: Option<f64>,
    /// Readings kept per place in the last look at a close call (0: no last look).
    #[arg(long)]
    deep_beam: Option<usize>,
    /// Extra margin that last look must find.
    #[arg(long)]
    deep_margin: Option<f64>,
    /// Moves back a breakdown may send the reader to read a move again (0: never).
    #[arg(long)]
    reconsider: Option<usize>,
}

pub(super) fn run(what: BenchWhat) -> u8 {
    match what {
        BenchWhat::Sgf { megabytes, runs, input, write, python } => {
            let python = python.or_else(|| std::env::var("GAMESCRIBE_PYTHON").ok().filter(|p| !p.is_empty()));
            let opts = crate::notation::sgf::bench::BenchOptions { megabytes, runs, input, write, python };
            match crate::notation::sgf::bench::run(&opts, |line| say!("{line}")) {
                Ok(()) => EXIT_CLEAN,
                Err(e) => usage_error(&e),
            }
        }
        BenchWhat::Decoder(args) => run_decoder(args),
        BenchWhat::Pdn { megabytes, write, runs, threads, input } => run_pdn(megabytes, write.as_deref(), runs, threads, input.as_deref()),
        BenchWhat::Scale { megabytes, reader, root, dir, no_memory, against, timeout, guard, long_line, one_game, long_column, runs, commands } => {
            let timeout = std::time::Duration::from_secs(timeout);
            let guard = (guard > 0.0).then_some(guard);
            super::bench_scale::run(&super::bench_scale::ScaleOptions { megabytes, readers: reader, root, dir, memory: !no_memory, against, timeout, guard, long_line, one_game, long_column, runs, commands })
        }
    }
}

/// Random legal games, printed in book style, corrupted like OCR, then decoded: one row per noise rate.
fn run_decoder(args: DecoderArgs) -> u8 {
    let DecoderArgs { games, noise, max_plies, seed, show_failures, lookahead, beam, min_margin, dead_end, deep_beam, deep_margin, reconsider } = args;
    say!("{:>6} {:>6} {:>12} {:>9} {:>9} {:>8} {:>9} {:>8}", "noise", "games", "exact", "printed", "read", "wrong", "wrong %", "secs");
    for rate in noise {
        if !(0.0..=1.0).contains(&rate) {
            return usage_error(&format!("noise rate {rate} is not between 0 and 1"));
        }
        let mut opts = crate::repair::DecodeOptions::default();
        opts.lookahead = lookahead.unwrap_or(opts.lookahead);
        opts.beam = beam.unwrap_or(opts.beam);
        opts.min_margin = min_margin.unwrap_or(opts.min_margin);
        opts.dead_end = dead_end.unwrap_or(opts.dead_end);
        opts.deep_beam = deep_beam.unwrap_or(opts.deep_beam);
        opts.deep_extra_margin = deep_margin.unwrap_or(opts.deep_extra_margin);
        opts.reconsider = reconsider.unwrap_or(opts.reconsider);
        let r = crate::bench::noise::evaluate(seed, games, rate, max_plies, &opts);
        say!(
            "{:>6.3} {:>6} {:>6} ({:>5.1}%) {:>9} {:>9} {:>8} {:>8.3}% {:>8.2}",
            r.rate,
            r.games,
            r.exact_games,
            100.0 * r.exact_games as f64 / r.games.max(1) as f64,
            r.moves_printed,
            r.moves_read,
            r.moves_wrong,
            100.0 * r.moves_wrong as f64 / r.moves_read.max(1) as f64,
            r.seconds
        );
        say!(
            "       stops: {} ambiguous, {} no legal reading, {} after the game's end; {} of them at the last move",
            r.stopped_ambiguous, r.stopped_no_reading, r.stopped_after_end, r.stopped_at_last_move
        );
        if show_failures {
            for f in &r.failures {
                say!("{f}");
            }
        }
    }
    EXIT_CLEAN
}

/// A generated (or given) PDN file read and validated, on one thread and on `threads`, `runs` times.
fn run_pdn(megabytes: usize, write: Option<&std::path::Path>, runs: usize, threads: Option<usize>, input: Option<&std::path::Path>) -> u8 {
    let text = match input {
        Some(path) => match fs::read(path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => return usage_error(&format!("cannot read {}: {e}", path.display())),
        },
        None => crate::bench::pdn::generate_pdn(megabytes * 1024 * 1024, 1852),
    };
    if let Some(path) = write
        && let Err(e) = fs::write(path, &text) {
            return usage_error(&format!("cannot write {}: {e}", path.display()));
        }
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let mb = text.len() as f64 / (1024.0 * 1024.0);
    for run in 1..=runs.max(1) {
        let start = Instant::now();
        let stats = crate::notation::pdn::validate(&text);
        let secs = start.elapsed().as_secs_f64();
        say!("run {run} validate, 1 thread: {mb:.1} MB, {} games, {} moves, {} errors in {secs:.3} s = {:.1} MB/s, {:.1} M moves/s", stats.games, stats.moves, stats.errors, mb / secs, stats.moves as f64 / secs / 1e6);
        if threads > 1 {
            let start = Instant::now();
            let stats = crate::notation::pdn::validate_parallel(&text, threads);
            let secs = start.elapsed().as_secs_f64();
            say!("run {run} validate, {threads} threads: {mb:.1} MB, {} games, {} moves, {} errors in {secs:.3} s = {:.1} MB/s", stats.games, stats.moves, stats.errors, mb / secs);
        }
        let start = Instant::now();
        let (games, moves, errors) = crate::bench::pdn::read_tree(&text);
        let secs = start.elapsed().as_secs_f64();
        say!("run {run} full tree: {mb:.1} MB, {games} games, {moves} moves, {errors} errors in {secs:.3} s = {:.1} MB/s", mb / secs);
    }
    EXIT_CLEAN
}
