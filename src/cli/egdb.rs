//! `gamescribe egdb build|bench`: build the English-draughts endgame database
//! into the user's cache directory, and measure lookups.

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::{EXIT_CLEAN, EXIT_USAGE};
use crate::rules::draughts::egdb::{self, BuildEvent, Egdb, Material, SliceIndex};
use crate::rules::draughts::Position;

/// The most pieces a build may be asked for: seven pieces would need tens of gigabytes.
const MAX_PIECES: u8 = 6;

#[derive(Args, Debug)]
pub struct EgdbArgs {
    #[command(subcommand)]
    pub what: EgdbWhat,
}

#[derive(Subcommand, Debug)]
pub enum EgdbWhat {
    /// Build every slice of up to N pieces (slices already built and verified are kept).
    #[command(after_help = "Examples:\n  gamescribe egdb build --pieces 4\n  gamescribe egdb build --pieces 5 --dir /tmp/egdb\n\nThe default directory is $XDG_CACHE_HOME/gamescribe/egdb (or ~/.cache/gamescribe/egdb).\nAn interrupted build resumes where it stopped.")]
    Build {
        /// Most pieces on the board (2–6).
        #[arg(long)]
        pieces: u8,
        /// Where the slice files go.
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// Time random lookups in a built database and print its memory.
    #[command(after_help = "Example:\n  gamescribe egdb bench --pieces 5 --lookups 20000000")]
    Bench {
        #[arg(long)]
        pieces: u8,
        #[arg(long)]
        dir: Option<PathBuf>,
        #[arg(long, default_value_t = 10_000_000)]
        lookups: u64,
    },
}

/// The database directory: as given, else the user's cache directory.
pub fn database_dir(dir: Option<&Path>) -> Result<PathBuf, String> {
    match dir {
        Some(d) => Ok(d.to_path_buf()),
        None => egdb::default_dir().ok_or_else(|| "no cache directory: set XDG_CACHE_HOME or HOME, or pass --dir".into()),
    }
}

pub fn run(args: EgdbArgs) -> u8 {
    match args.what {
        EgdbWhat::Build { pieces, dir } => build(pieces, dir.as_deref()),
        EgdbWhat::Bench { pieces, dir, lookups } => bench(pieces, dir.as_deref(), lookups),
    }
}

fn check_pieces(pieces: u8) -> Result<(), String> {
    if (2..=MAX_PIECES).contains(&pieces) {
        Ok(())
    } else {
        Err(format!("--pieces must be 2 to {MAX_PIECES}, not {pieces}"))
    }
}

fn build(pieces: u8, dir: Option<&Path>) -> u8 {
    let dir = match check_pieces(pieces).and_then(|()| database_dir(dir)) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    };
    let bar = ProgressBar::new(1);
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:40} {human_pos}/{human_len} positions ({eta} left) {msg}")
            .expect("a valid template"),
    );
    let result = egdb::build(&dir, pieces, |event| match event {
        BuildEvent::Progress { done, total } => {
            bar.set_length(total);
            bar.set_position(done);
        }
        BuildEvent::Slice(s) => {
            bar.set_message(format!("{}", s.material));
            if !s.reused {
                // Printed above the bar, and printed even when there is no terminal to draw it on.
                bar.suspend(|| println!(
                    "  {:<14} {:>12} positions  win {:>11}  loss {:>11}  draw {:>11}  {:>3} passes  {:>8.2}s",
                    s.material.to_string(),
                    s.positions,
                    s.wins,
                    s.losses,
                    s.draws,
                    s.passes,
                    s.time.as_secs_f64()
                ));
            }
        }
    });
    bar.finish_and_clear();
    let (db, report) = match result {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot write the database in {}: {e}", dir.display());
            return EXIT_USAGE;
        }
    };
    let reused = report.slices.iter().filter(|s| s.reused).count();
    let positions: u64 = report.slices.iter().map(|s| s.positions).sum();
    let bytes: u64 = report.slices.iter().map(|s| s.bytes).sum();
    println!("endgame database, up to {pieces} pieces, in {}", dir.display());
    for n in 2..=pieces {
        let of_n: Vec<_> = report.slices.iter().filter(|s| s.material.pieces() == n).collect();
        let time: f64 = of_n.iter().filter(|s| !s.reused).map(|s| s.time.as_secs_f64()).sum();
        println!(
            "  {n} pieces: {:>3} slices, {:>13} positions, {:>11} bytes, built in {:>8.2}s ({} reused)",
            of_n.len(),
            of_n.iter().map(|s| s.positions).sum::<u64>(),
            of_n.iter().map(|s| s.bytes).sum::<u64>(),
            time,
            of_n.iter().filter(|s| s.reused).count()
        );
    }
    println!(
        "  total: {} slices ({reused} reused), {positions} positions, {bytes} bytes on disk, {} bytes in memory, {:.2}s",
        report.slices.len(),
        db.memory_bytes(),
        report.time.as_secs_f64()
    );
    if let Some(cpu) = cpu_seconds() {
        println!("  cpu time: {cpu:.2}s (the machine is shared: compare with the wall clock)");
    }
    println!("  peak memory (VmHWM): {}", peak_memory());
    println!("  machine load at the end: {}", load_average());
    EXIT_CLEAN
}

fn bench(pieces: u8, dir: Option<&Path>, lookups: u64) -> u8 {
    let dir = match check_pieces(pieces).and_then(|()| database_dir(dir)) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    };
    let db = match Egdb::open(&dir, pieces) {
        Ok(db) => db,
        Err(e) => {
            eprintln!("error: {e}\n  rebuild it with: gamescribe egdb build --pieces {pieces} --dir {}", dir.display());
            return EXIT_USAGE;
        }
    };
    // Random positions drawn slice by slice, built before the clock starts.
    let materials: Vec<Material> = (2..=pieces).flat_map(Material::all_with).collect();
    let mut rng = 0x1852_u64;
    let mut next = |n: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % n
    };
    let sample: Vec<Position> = (0..1 << 16)
        .map(|_| {
            let m = materials[next(materials.len() as u64) as usize];
            let ix = SliceIndex::new(m);
            let (bm, bk, wm, wk) = ix.unrank(next(ix.size()));
            let turn = if next(2) == 0 { crate::rules::draughts::Color::Black } else { crate::rules::draughts::Color::White };
            let setup = crate::rules::draughts::Setup { black_men: bm, black_kings: bk, white_men: wm, white_kings: wk, turn: Some(turn) };
            Position::from_setup(setup).expect("an index position is legal")
        })
        .collect();
    let start = Instant::now();
    let cpu_start = cpu_seconds();
    let mut wins = 0u64;
    for i in 0..lookups {
        if db.probe(&sample[(i & 0xFFFF) as usize]) == Some(egdb::Wdl::Win) {
            wins += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(cpu_start).map(|(b, a)| b - a);
    println!(
        "{lookups} lookups in {secs:.3}s wall: {:.1} M lookups/s; {} ({wins} wins); database {} bytes in memory; peak memory {}; load {}",
        lookups as f64 / secs / 1e6,
        cpu.map_or("cpu time unknown".to_string(), |c| format!("{c:.2}s cpu: {:.1} M lookups per cpu second", lookups as f64 / c.max(0.01) / 1e6)),
        db.memory_bytes(),
        peak_memory(),
        load_average()
    );
    // The same lookups in batches (indices first, then the reads together).
    let start = Instant::now();
    let cpu_start = cpu_seconds();
    let mut batch_wins = 0u64;
    let mut answers = Vec::with_capacity(sample.len());
    let mut done = 0u64;
    while done < lookups {
        let n = (lookups - done).min(sample.len() as u64) as usize;
        db.probe_batch(&sample[..n], &mut answers);
        batch_wins += answers.iter().filter(|a| **a == Some(egdb::Wdl::Win)).count() as u64;
        done += n as u64;
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(cpu_start).map(|(b, a)| b - a);
    println!(
        "{lookups} batched lookups in {secs:.3}s wall: {:.1} M lookups/s; {} ({batch_wins} wins{})",
        lookups as f64 / secs / 1e6,
        cpu.map_or("cpu time unknown".to_string(), |c| format!("{c:.2}s cpu: {:.1} M lookups per cpu second", lookups as f64 / c.max(0.01) / 1e6)),
        if batch_wins == wins { ", as one by one" } else { ", DIFFERENT from one by one" }
    );
    // Batches on every core at once: the database is read-only, so lookups share it freely.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let start = Instant::now();
    let parallel_wins: u64 = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let (db, sample) = (&db, &sample);
                scope.spawn(move || {
                    let share = lookups / threads + u64::from(t < lookups % threads);
                    let mut answers = Vec::with_capacity(sample.len());
                    let (mut done, mut wins) = (0u64, 0u64);
                    while done < share {
                        let n = (share - done).min(sample.len() as u64) as usize;
                        db.probe_batch(&sample[..n], &mut answers);
                        wins += answers.iter().filter(|a| **a == Some(egdb::Wdl::Win)).count() as u64;
                        done += n as u64;
                    }
                    wins
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).sum()
    });
    let secs = start.elapsed().as_secs_f64();
    println!("{lookups} batched lookups on {threads} threads in {secs:.3}s wall: {:.1} M lookups/s ({parallel_wins} wins); load {}", lookups as f64 / secs / 1e6, load_average());
    if batch_wins != wins {
        return EXIT_USAGE;
    }
    EXIT_CLEAN
}

/// CPU seconds this process has used (user + system), from /proc: on a
/// shared machine the fair measure beside the wall clock.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    // After the command name: state is field 3, utime 14 and stime 15 (1-based).
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).map(|l| l["VmHWM:".len()..].trim().to_string()))
        .unwrap_or_else(|| "unknown".into())
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
