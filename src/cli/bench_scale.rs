//! `bench scale`: each reader on its own corpus text repeated to 1, 4, …
//! megabytes, timed in this process (the fastest of `--runs` reads), and `check` on the same file in a child
//! process for its time and peak memory (and, with `--against`, another
//! binary's `check` beside it). A reader whose time grows faster than its
//! input (the `growth` column well above the size ratio) has a quadratic path.
//! A reader slower than the guard (seconds a megabyte) is marked SLOW, one
//! whose time grows clearly faster than its input from one size to the next
//! is marked GROWS, and the run then exits 1: the speed a reader must keep is
//! a benchmark, not a timed test. With `--commands`, every other command that
//! reads a whole file (`report`, `fix`, `todo`, `convert`, `check --coverage`,
//! `check --format json`) is timed on each input too, and one whose time
//! grows faster than its input is marked GROWS the same way.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{usage_error, EXIT_CLEAN, EXIT_ERRORS};
use crate::bench::{long_game, long_line};
use crate::notation::{self, Reader};

/// Each reader and the file it repeats, relative to the project.
const SEEDS: [(Reader, &str); 8] = [
    (Reader::Numeric, "tests/corpus/numeric/valid/clean.txt"),
    (Reader::Pdn, "tests/corpus/pdn/valid/annotated.pdn"),
    (Reader::Anderson, "corpus/anderson-1852-ocr.txt"),
    (Reader::Hoyle, "corpus/hoyle-draughts.txt"),
    (Reader::Paterson, "tests/corpus/verdicts/paterson.txt"),
    (Reader::Lasca, "corpus/lasca-1911-ocr.txt"),
    (Reader::Go, "corpus/go/diagram-10.wq"),
    // Written as SGF by our writer (no SGF file in the corpus is whole).
    (Reader::Sgf, "corpus/go/diagram-10.wq"),
];

pub(super) struct ScaleOptions {
    pub megabytes: Vec<f64>,
    pub readers: Vec<Reader>,
    /// The project folder the seeds are read from.
    pub root: PathBuf,
    /// Where the repeated inputs are written for the `check` child (kept).
    pub dir: PathBuf,
    /// Also run `check` in a child process for its time and peak memory.
    pub memory: bool,
    /// Another binary whose `check` is measured on the same files.
    pub against: Option<PathBuf>,
    /// A `check` child still running after this long is stopped.
    pub timeout: Duration,
    /// The most seconds a megabyte may take to read (`None`: no guard).
    pub guard: Option<f64>,
    /// Instead of the corpus repeated, one Hoyle solution whose trunk grows to
    /// each size (see [`long_line`]): the time of one long line.
    pub long_line: bool,
    /// Instead of the corpus repeated, one SGF game that grows to each size
    /// (see [`long_game`]): the memory of one long game.
    pub one_game: bool,
    /// Instead of the corpus repeated, one Anderson column that grows to each
    /// size (see [`long_line::anderson_king_shuffle`]): the time of one long column.
    pub long_column: bool,
    /// Each input is read this many times; the fastest read is kept.
    pub runs: u32,
    /// Also time the other commands that read a whole file (see [`COMMANDS`]).
    pub commands: bool,
}

/// The commands besides `check` that read a whole file, timed with
/// `--commands`: each has its own walk over the tree, where a path quadratic
/// in the file can hide (placing every diagnostic by a walk over every move,
/// counting lines from the top for each).
const COMMANDS: [&str; 6] = ["check --format json", "check --coverage", "convert", "report", "fix", "todo"];

/// The arguments of `command` on `file` read as `reader`, its output going to `dir`.
fn command_args(command: &str, reader: Reader, file: &Path, dir: &Path) -> Vec<String> {
    let mut args: Vec<String> = command.split(' ').map(String::from).collect();
    match command {
        // Into the notation's own export: PDN for draughts, SGF for Go, Lasca for Lasca.
        "convert" => args.extend(["--to".into(), convert_target(reader).into()]),
        "report" => args.extend(["-o".into(), dir.join("report.html").display().to_string()]),
        _ => {}
    }
    args.extend(["--notation".into(), reader_name(reader), file.display().to_string()]);
    args
}

fn convert_target(reader: Reader) -> &'static str {
    match reader {
        Reader::Go | Reader::Sgf => "sgf",
        Reader::Lasca => "lasca",
        _ => "pdn",
    }
}

/// One `check` run in a child process.
struct Measured {
    wall: Duration,
    /// Peak resident memory, kB.
    peak_kb: u64,
    /// Stopped at the timeout.
    timed_out: bool,
}

pub(super) fn run(opts: &ScaleOptions) -> u8 {
    if let Err(e) = std::fs::create_dir_all(&opts.dir) {
        return usage_error(&format!("cannot create {}: {e}", opts.dir.display()));
    }
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => return usage_error(&format!("cannot find this binary to run `check`: {e}")),
    };
    if let Some(other) = &opts.against
        && !other.is_file()
    {
        return usage_error(&format!("--against {}: no such binary", other.display()));
    }
    let against_header = if opts.against.is_some() { "   old check s   old peak RSS  × input" } else { "" };
    let guard_header = if opts.guard.is_some() { "  guard" } else { "" };
    say!("reader      seed                                        MB   read s    MB/s  growth{guard_header}   check s  check peak RSS  × input{against_header}");
    let mut verdicts = Verdicts::default();
    // One piece of text growing to each size, not a book repeated.
    let grown: Option<(Reader, &str, &str, fn(usize) -> String)> = if opts.long_line {
        Some((Reader::Hoyle, "one long line (king shuffle)", "hoyle-line-{mb}mb.txt", |bytes| long_line::hoyle_king_shuffle(bytes, 1)))
    } else if opts.one_game {
        Some((Reader::Sgf, "one long game (random legal moves)", "sgf-one-game-{mb}mb.sgf", |bytes| long_game::sgf_one_game(bytes, 1)))
    } else if opts.long_column {
        Some((Reader::Anderson, "one long column (king shuffle)", "anderson-column-{mb}mb.txt", |bytes| long_line::anderson_king_shuffle(bytes, 1)))
    } else {
        None
    };
    if let Some((reader, label, name, generate)) = grown {
        let mut previous = None;
        let mut commands_before = [None; COMMANDS.len()];
        for &mb in &opts.megabytes {
            let input = generate((mb * 1024.0 * 1024.0) as usize);
            let file = opts.dir.join(name.replace("{mb}", &mb.to_string()));
            if let Err(e) = std::fs::write(&file, &input) {
                return usage_error(&format!("cannot write {}: {e}", file.display()));
            }
            previous = Some(measure_row(opts, &exe, reader, label, &file, &input, previous, &mut verdicts));
            if opts.commands {
                measure_commands(opts, &exe, reader, &file, input.len(), &mut commands_before, &mut verdicts);
            }
        }
        return guard_verdict(opts, &verdicts);
    }
    for &(reader, seed) in SEEDS.iter().filter(|(r, _)| opts.readers.is_empty() || opts.readers.contains(r)) {
        let seed_path = opts.root.join(seed);
        let mut text = match std::fs::read_to_string(&seed_path) {
            Ok(t) => t,
            Err(e) => return usage_error(&format!("cannot read the seed {}: {e} (run from the project folder, or give --root)", seed_path.display())),
        };
        if reader == Reader::Sgf {
            text = crate::notation::sgf::write(&notation::read(Reader::Go, &seed_path, &text).games);
        }
        let mut previous: Option<(f64, Duration)> = None;
        let mut commands_before = [None; COMMANDS.len()];
        for &mb in &opts.megabytes {
            let input = repeated(&text, reader, (mb * 1024.0 * 1024.0) as usize);
            let extension = if reader == Reader::Sgf { "sgf" } else { seed_path.extension().and_then(|e| e.to_str()).unwrap_or("txt") };
            let file = opts.dir.join(format!("{}-{mb}mb.{extension}", reader_name(reader)));
            if let Err(e) = std::fs::write(&file, &input) {
                return usage_error(&format!("cannot write {}: {e}", file.display()));
            }
            previous = Some(measure_row(opts, &exe, reader, seed, &file, &input, previous, &mut verdicts));
            if opts.commands {
                measure_commands(opts, &exe, reader, &file, input.len(), &mut commands_before, &mut verdicts);
            }
        }
    }
    guard_verdict(opts, &verdicts)
}

/// A row a command under the row of its input: time, growth since the
/// input before (`before`, one slot a command), peak memory; a command
/// whose time grew over the slack (or that ran out of time) is added to
/// `verdicts` when there is a guard.
fn measure_commands(opts: &ScaleOptions, exe: &Path, reader: Reader, file: &Path, input_len: usize, before: &mut [Option<(f64, Duration)>], verdicts: &mut Verdicts) {
    let size = input_len as f64 / 1e6;
    for (command, before) in COMMANDS.iter().zip(before) {
        let measured = fastest_child(exe, &command_args(command, reader, file, &opts.dir), opts.timeout, opts.runs);
        let (growth, grows) = match (&measured, *before) {
            (Ok(m), Some((s, t))) if !m.timed_out => {
                (format!("{:.1}×/{:.1}×", m.wall.as_secs_f64() / t.as_secs_f64().max(1e-9), size / s), grows_faster_than_input((s, t), size, m.wall))
            }
            (Ok(m), _) => ("-".to_string(), m.timed_out),
            (Err(_), _) => ("-".to_string(), false),
        };
        *before = measured.as_ref().ok().filter(|m| !m.timed_out).map(|m| (size, m.wall));
        let guard = match opts.guard {
            Some(_) if grows => {
                verdicts.growing.push(format!("{} {command} at {} MB ({growth})", reader_name(reader), shown_megabytes(size)));
                "  GROWS"
            }
            Some(_) => "     ok",
            None => "",
        };
        let [time, peak, ratio] = columns(measured, input_len);
        // Under the columns of `check`: the command's time, peak memory and its ratio to the input.
        say!("{:<11} {:<40} {:>6} {:>8} {:>7} {:>9}{guard} {:>9} {:>15} {:>8}", "", format!("└ {command}"), shown_megabytes(size), "", "", growth, time, peak, ratio);
    }
}

/// The rows over the guard: too slow a megabyte, or growing faster than the input.
#[derive(Default)]
struct Verdicts {
    slow: Vec<String>,
    growing: Vec<String>,
}

/// Exit 1, naming them, if any reader was over the guard.
fn guard_verdict(opts: &ScaleOptions, verdicts: &Verdicts) -> u8 {
    let Some(limit) = opts.guard else { return EXIT_CLEAN };
    if !verdicts.slow.is_empty() {
        say!("over the guard of {limit} s a megabyte: {}", verdicts.slow.join(", "));
    }
    if !verdicts.growing.is_empty() {
        say!("time growing faster than the input (over {GROWTH_SLACK}× the size ratio): {}", verdicts.growing.join(", "));
    }
    if verdicts.slow.is_empty() && verdicts.growing.is_empty() { EXIT_CLEAN } else { EXIT_ERRORS }
}

/// How much faster than its input a reader's time may grow from one size to
/// the next before the guard calls it superlinear: linear and n·log n growth
/// stay well under it, and so does this machine's noise, while a quadratic
/// path from 1 to 4 MB grows 16× against 4×.
const GROWTH_SLACK: f64 = 2.0;

/// Reads shorter than this are too noisy to judge growth by.
const LEAST_TIME_FOR_GROWTH: Duration = Duration::from_millis(200);

/// Whether reading `size` MB in `took` grew clearly faster than the input
/// did from the row before (`previous`): time ratio over [`GROWTH_SLACK`]
/// times the size ratio.
fn grows_faster_than_input(previous: (f64, Duration), size: f64, took: Duration) -> bool {
    let (size_before, took_before) = previous;
    if took < LEAST_TIME_FOR_GROWTH || size_before <= 0.0 || size <= size_before {
        return false;
    }
    let time_ratio = took.as_secs_f64() / took_before.as_secs_f64().max(1e-9);
    time_ratio > GROWTH_SLACK * (size / size_before)
}

/// One row: `input` (written to `file`) read in this process, and `check`d in
/// a child; a row over the guard is added to `verdicts`. Returns the size and
/// read time, for the next row's growth.
#[allow(clippy::too_many_arguments)]
fn measure_row(opts: &ScaleOptions, exe: &Path, reader: Reader, seed: &str, file: &Path, input: &str, previous: Option<(f64, Duration)>, verdicts: &mut Verdicts) -> (f64, Duration) {
    let took = fastest_of(opts.runs, || {
        let started = Instant::now();
        let source = notation::read(reader, file, input);
        let took = started.elapsed();
        drop(source);
        took
    });
    let size = input.len() as f64 / 1e6;
    let growth = previous.map_or("-".to_string(), |(s, t)| format!("{:.1}×/{:.1}×", took.as_secs_f64() / t.as_secs_f64().max(1e-9), size / s));
    let seconds_a_megabyte = took.as_secs_f64() / size.max(1e-9);
    let guard = match opts.guard {
        None => "",
        Some(limit) => {
            let grows = previous.is_some_and(|p| grows_faster_than_input(p, size, took));
            if grows {
                verdicts.growing.push(format!("{} at {} MB ({growth})", reader_name(reader), shown_megabytes(size)));
            }
            let slow = seconds_a_megabyte > limit;
            if slow {
                verdicts.slow.push(format!("{} at {} MB ({seconds_a_megabyte:.2} s a MB)", reader_name(reader), shown_megabytes(size)));
            }
            match (grows, slow) {
                (true, _) => "  GROWS",
                (false, true) => "   SLOW",
                (false, false) => "     ok",
            }
        }
    };
    let ours = if opts.memory { columns(measure_check(exe, file, reader, opts.timeout), input.len()) } else { ["-".into(), "-".into(), "-".into()] };
    let theirs = match &opts.against {
        Some(other) => {
            let [t, p, r] = columns(measure_check(other, file, reader, opts.timeout), input.len());
            format!(" {t:>13} {p:>14} {r:>8}")
        }
        None => String::new(),
    };
    say!(
        "{:<11} {:<40} {:>6} {:>8.3} {:>7.2} {:>9}{guard} {:>9} {:>15} {:>8}{theirs}",
        reader_name(reader),
        seed,
        shown_megabytes(size),
        took.as_secs_f64(),
        size / took.as_secs_f64().max(1e-9),
        growth,
        ours[0],
        ours[1],
        ours[2]
    );
    (size, took)
}

/// A size in megabytes to the precision it needs: tenths from 1 MB on, two
/// significant digits below (a long-line input of 0.005 MB is not "0.0").
fn shown_megabytes(size: f64) -> String {
    if size >= 1.0 || size <= 0.0 || !size.is_finite() {
        return format!("{size:.1}");
    }
    let decimals = (1.0 - size.log10().floor()) as usize;
    format!("{size:.decimals$}")
}

/// The shortest of `runs` timings (at least one): a busy machine slows a
/// read down but never speeds it up.
fn fastest_of(runs: u32, mut time: impl FnMut() -> Duration) -> Duration {
    (0..runs.max(1)).map(|_| time()).min().unwrap_or_default()
}

/// `text` repeated to about `bytes`, whole copies only, separated so each copy
/// reads as it does alone (a blank line between copies; SGF collections need none).
fn repeated(text: &str, reader: Reader, bytes: usize) -> String {
    let copy = match reader {
        Reader::Sgf => text.trim().to_string(),
        _ => format!("{}\n\n", text.trim_end()),
    };
    let copies = bytes.div_ceil(copy.len().max(1)).max(1);
    copy.repeat(copies)
}

fn reader_name(reader: Reader) -> String {
    format!("{reader:?}").to_lowercase()
}

/// Time, peak memory and its ratio to the input, as table cells.
fn columns(measured: Result<Measured, String>, input_len: usize) -> [String; 3] {
    match measured {
        Ok(m) => {
            let time = if m.timed_out { format!(">{:.0} s", m.wall.as_secs_f64()) } else { format!("{:.2}", m.wall.as_secs_f64()) };
            let over = if m.timed_out { "≥" } else { "" };
            [time, format!("{over}{:.1} MB", m.peak_kb as f64 / 1024.0), format!("{over}{:.1}", m.peak_kb as f64 * 1024.0 / input_len.max(1) as f64)]
        }
        Err(e) => [format!("({e})"), "-".into(), "-".into()],
    }
}

/// `exe check --notation R file` in a child process: its wall time and its
/// peak resident memory, the high-water mark read from /proc while it runs
/// (it only grows, so the last reading before the child ends is its peak, to
/// within a few milliseconds). A child still running at `timeout` is killed.
fn measure_check(exe: &Path, file: &Path, reader: Reader, timeout: Duration) -> Result<Measured, String> {
    measure_child(exe, &["check".into(), "--notation".into(), reader_name(reader), file.display().to_string()], timeout)
}

/// The fastest of `runs` runs of `exe args` (see [`fastest_of`]); a run
/// that fails or runs out of time is the answer at once.
fn fastest_child(exe: &Path, args: &[String], timeout: Duration, runs: u32) -> Result<Measured, String> {
    let mut best = measure_child(exe, args, timeout)?;
    for _ in 1..runs {
        if best.timed_out {
            break;
        }
        let again = measure_child(exe, args, timeout)?;
        if again.wall < best.wall {
            best = again;
        }
    }
    Ok(best)
}

/// `exe args` in a child process: its wall time and peak resident memory (see [`measure_check`]).
fn measure_child(exe: &Path, args: &[String], timeout: Duration) -> Result<Measured, String> {
    let started = Instant::now();
    let mut child = std::process::Command::new(exe)
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    let status = format!("/proc/{}/status", child.id());
    let (mut peak_kb, mut timed_out) = (0, false);
    loop {
        if let Ok(s) = std::fs::read_to_string(&status)
            && let Some(kb) = s.lines().find_map(|l| l.strip_prefix("VmHWM:")).and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        {
            peak_kb = peak_kb.max(kb);
        }
        if child.try_wait().map_err(|e| e.to_string())?.is_some() {
            break;
        }
        if started.elapsed() >= timeout {
            let _ = child.kill();
            let _ = child.wait();
            timed_out = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    if peak_kb == 0 { Err("no /proc".into()) } else { Ok(Measured { wall: started.elapsed(), peak_kb, timed_out }) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn growth_is_judged_against_the_size_ratio() {
        // Linear, and n·log n with this machine's noise: not flagged.
        assert!(!grows_faster_than_input((1.0, ms(500)), 4.0, ms(2_000)));
        assert!(!grows_faster_than_input((1.0, ms(500)), 4.0, ms(3_900)));
        // Quadratic from 1 to 4 MB: 16× the time for 4× the input.
        assert!(grows_faster_than_input((1.0, ms(500)), 4.0, ms(8_000)));
        // Too short to judge, or no bigger input: never flagged.
        assert!(!grows_faster_than_input((1.0, ms(5)), 4.0, ms(150)));
        assert!(!grows_faster_than_input((4.0, ms(500)), 4.0, ms(5_000)));
    }

    #[test]
    fn each_command_reads_the_file_as_its_reader_and_writes_beside_it() {
        let (file, dir) = (Path::new("b/lasca-1mb.txt"), Path::new("b"));
        let args = |command, reader| command_args(command, reader, file, dir).join(" ");
        assert_eq!(args("check --coverage", Reader::Anderson), "check --coverage --notation anderson b/lasca-1mb.txt");
        assert_eq!(args("convert", Reader::Lasca), "convert --to lasca --notation lasca b/lasca-1mb.txt");
        assert_eq!(args("convert", Reader::Sgf), "convert --to sgf --notation sgf b/lasca-1mb.txt");
        assert_eq!(args("convert", Reader::Hoyle), "convert --to pdn --notation hoyle b/lasca-1mb.txt");
        assert_eq!(args("report", Reader::Numeric), "report -o b/report.html --notation numeric b/lasca-1mb.txt");
        // Every command is one the command line takes.
        for command in COMMANDS {
            let mut argv = vec!["gamescribe".to_string()];
            argv.extend(command_args(command, Reader::Pdn, file, dir));
            assert!(<crate::cli::Cli as clap::Parser>::try_parse_from(&argv).is_ok(), "{argv:?}");
        }
    }

    #[test]
    fn the_fastest_of_the_runs_is_kept() {
        // A read slowed down by the machine in its first and last runs.
        let mut timings = [ms(900), ms(400), ms(700)].into_iter();
        let mut made = 0;
        assert_eq!(fastest_of(3, || { made += 1; timings.next().expect("a timing a run") }), ms(400));
        assert_eq!(made, 3);
        // At least one run, whatever is asked.
        assert_eq!(fastest_of(0, || ms(250)), ms(250));
    }

    #[test]
    fn small_sizes_are_shown_to_two_significant_digits() {
        let shown: Vec<String> = [0.005, 0.01, 0.02, 0.04, 0.25, 0.5, 1.0, 4.2, 100.0].map(shown_megabytes).into();
        assert_eq!(shown, ["0.0050", "0.010", "0.020", "0.040", "0.25", "0.50", "1.0", "4.2", "100.0"]);
    }
}
