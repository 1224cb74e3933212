//! The command line: the clap definitions and one dispatch arm a subcommand;
//! each subcommand lives in its own file under `src/cli/`.
//! Exit codes: 0 all lines legal, 1 errors remain, 2 usage or I/O error.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::input::{collect_files, read_source};
use crate::notation::{self, Reader};
use crate::tree::Source;

/// `println!` that never panics: a closed pipe (`gamescribe ... | head`) ends
/// the program quietly; any other failure to write is a usage/I-O error.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            $crate::cli::stdout_failed(e);
        }
    }};
}

fn stdout_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(i32::from(EXIT_CLEAN));
    }
    eprintln!("error: cannot write to standard output: {e}");
    std::process::exit(i32::from(EXIT_USAGE));
}

mod bench;
mod bench_scale;
mod board;
mod check;
mod codes;
mod convert;
mod convert_many;
mod coord;
mod coverage;
mod egdb;
mod fix;
mod hoyle_fits;
mod perft;
mod positions;
mod report;
mod solve;
mod tables;
mod the_move;
mod todo;

pub const EXIT_CLEAN: u8 = 0;
pub const EXIT_ERRORS: u8 = 1;
pub const EXIT_USAGE: u8 = 2;

/// Warnings and notes drawn per file in human output unless `--max-diagnostics`
/// or `--all` say otherwise; errors are always all drawn, JSON has everything.
const MAX_RENDERED: usize = 40;

#[derive(Parser, Debug)]
#[command(
    name = "gamescribe",
    version,
    about = "Turn OCR'd board-game literature into validated game trees",
    after_help = "Examples:\n  gamescribe check corpus/\n  gamescribe check games.txt --format json\n  gamescribe convert games.txt --to pdn -o games.pdn\n  gamescribe perft --game english 11\n  gamescribe coord --game english 11 --to paterson\n  gamescribe check corpus/go/\n  gamescribe convert corpus/go/diagram-08.wq --to sgf\n  gamescribe board corpus/go/diagram-11-12.wq\n\nExit codes: 0 all lines legal, 1 errors remain, 2 usage or I/O error."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Read files, replay every line, report every error and repair.
    #[command(after_help = "Examples:\n  gamescribe check corpus/\n  gamescribe check games.txt --strict\n  cat games.txt | gamescribe check --notation numeric -\n  gamescribe check games.txt --format json > tree.json\n  gamescribe check corpus/lasca-1911-ocr.txt\n  gamescribe check corpus/ --coverage\n  gamescribe check corpus/hoyle-draughts.txt --position 'Fourth Position=B:W30,K31,K32:BK20,21,K22,K23'")]
    Check {
        /// Files or directories (read recursively, skipping hidden files, Markdown notes and files
        /// that are not text), or `-` for standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[arg(long, value_enum, default_value = "auto")]
        notation: Reader,
        #[arg(long, value_enum, default_value = "human")]
        format: CheckFormat,
        /// Count repaired moves and warnings as errors: a disputed stated result, too, then fails the check.
        #[arg(long)]
        strict: bool,
        /// Colour in human output.
        #[arg(long, value_enum, default_value = "auto")]
        color: ColorChoice,
        /// Warnings and notes drawn per file (errors are always all drawn).
        #[arg(long, value_name = "N", default_value_t = MAX_RENDERED)]
        max_diagnostics: usize,
        /// Draw every warning and note.
        #[arg(long, conflicts_with = "max_diagnostics")]
        all: bool,
        /// Instead of checking, list the bytes no game, move, note, unread span or diagnostic
        /// covers (exit 1 if any non-whitespace byte is left): proof that reading lost nothing.
        #[arg(long)]
        coverage: bool,
        #[command(flatten)]
        given: GivenArgs,
    },
    /// Read a file and write it in another form.
    #[command(after_help = "Examples:\n  gamescribe convert games.txt --to pdn -o games.pdn\n  gamescribe convert games.txt --to yaml\n  gamescribe convert corpus/go/diagram-10.wq --to sgf -o diagram-10.sgf\n  gamescribe convert game.sgf --to volpicelli\n  gamescribe convert game.sgf --to go-corner\n  gamescribe convert corpus/lasca-1911-ocr.txt --to lasca\n  gamescribe convert corpus/lasca-1911-ocr.txt --to pdn   # GameType 98, column FEN")]
    Convert {
        /// Files or directories; with several inputs or a directory, `-o` names a directory.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[arg(long, value_enum, default_value = "auto")]
        notation: Reader,
        #[arg(long, value_enum)]
        to: Target,
        /// Output file, or directory for several inputs (one output per input; default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        #[command(flatten)]
        given: GivenArgs,
    },
    /// Count leaf positions to each depth 1..N and report nodes per second.
    #[command(after_help = "Examples:\n  gamescribe perft --game english 11\n  gamescribe perft --game lasca 12\n  gamescribe perft --game lasca 12 --longest-run")]
    Perft {
        #[arg(long, value_enum, default_value = "english")]
        game: PerftGame,
        /// Deepest depth to count.
        depth: u32,
        /// Lasca: only the captures with the most jumps are legal (Lasker's advice made a rule).
        #[arg(long)]
        longest_run: bool,
    },
    /// Measure the repair decoder on generated noisy games, or other speed figures.
    #[command(after_help = "Examples:\n  gamescribe bench decoder --games 1000 --noise 0.02,0.05,0.10\n  gamescribe bench sgf --megabytes 20\n  GAMESCRIBE_PYTHON=.venv/bin/python gamescribe bench sgf --megabytes 50 --runs 1   # side by side with sgfmill\n  gamescribe bench sgf --input ../shared/realdata/sgf --python .venv/bin/python")]
    Bench {
        #[command(subcommand)]
        what: BenchWhat,
    },
    /// Print a Go position from a record or SGF file: the start, or after a line's moves.
    #[command(after_help = "Examples:\n  gamescribe board corpus/go/diagram-08.wq              # end of the trunk\n  gamescribe board corpus/go/diagram-08.wq --ply 0      # the setup\n  gamescribe board corpus/go/diagram-09-corner.wq --line b4-first\n  gamescribe board game.sgf --game 2 --line 3 --ply 40")]
    Board {
        path: PathBuf,
        #[arg(long, value_enum, default_value = "auto")]
        notation: Reader,
        /// Which game of the file (from 1).
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// Line label or number (0 is the trunk).
        #[arg(long, default_value = "0")]
        line: String,
        /// Moves to play from the start along the line (default: all).
        #[arg(long)]
        ply: Option<usize>,
    },
    /// Convert a square between numberings.
    #[command(after_help = "Examples:\n  gamescribe coord --game english 11 --to paterson   # 33\n  gamescribe coord --game english 33 --to numeric    # 11\n  gamescribe coord --game go \"平 c 4\" --to gtp        # D3\n  gamescribe coord --game go D3 --to go-corner       # 平 三 四\n  gamescribe coord --game go \"上 三 四\" --to sgf      # cc")]
    Coord {
        #[arg(long, value_enum, default_value = "english")]
        game: CoordGame,
        square: String,
        #[arg(long, value_enum)]
        to: CoordTarget,
        /// Board size for Go points.
        #[arg(long, default_value_t = 19)]
        size: u8,
    },
    /// Numbered positions printed as square lists: to FEN, with every choice of kings that makes the printed solution legal.
    #[command(after_help = "Example:\n  gamescribe positions corpus/anderson-1852-ocr.txt\n  gamescribe positions corpus/anderson-1852-ocr.txt --format json\n  gamescribe positions corpus/hoyle-draughts.txt   # Hoyle: the king choices of each inferred start, judged")]
    Positions {
        /// A text with numbered positions given as square lists (e.g. the end of the 1852 book).
        path: PathBuf,
        #[arg(long, value_enum, default_value = "human")]
        format: CheckFormat,
        /// Colour in human output.
        #[arg(long, value_enum, default_value = "auto")]
        color: ColorChoice,
    },
    /// English-draughts endgame database: build it, or time its lookups.
    Egdb(egdb::EgdbArgs),
    /// Solve a draughts position: game over, endgame database, or a bounded search.
    Solve(solve::SolveArgs),
    /// What each diagnostic code means (`pdn::bad-fen`, `repair::ambiguous`, …).
    Codes(codes::CodesArgs),
    /// Write an HTML report a person reads: one page per source with the check summary, every game as a tree and a board at every stop.
    Report(report::ReportArgs),
    /// Write the source with every certain repair and every correction by place applied, every other byte unchanged.
    Fix(fix::FixArgs),
    /// What still needs a person, most valuable first, each with a correction entry ready to fill in.
    Todo(todo::TodoArgs),
    /// Who has "the move" in a draughts position, by Paterson's and by Payne's rule.
    #[command(after_help = "Examples:\n  gamescribe move \"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12\"\n  gamescribe move \"B:W18,K24:B12,K5\" --format json")]
    Move {
        /// The position as PDN FEN (`B:W18,24,K10:B12,16`); a missing side to move means Black.
        fen: String,
        #[arg(long, value_enum, default_value = "human")]
        format: CheckFormat,
    },
}

#[derive(Subcommand, Debug)]
pub enum BenchWhat {
    /// Generate an SGF collection of random Go games, then time tokenising + tree building, and full reading with replay.
    Sgf {
        /// Size of the generated file in megabytes.
        #[arg(long, default_value_t = 20)]
        megabytes: usize,
        #[arg(long, default_value_t = 3)]
        runs: usize,
        /// Real SGF files or folders instead of a generated collection (repeatable).
        #[arg(long)]
        input: Vec<PathBuf>,
        /// Keep the generated collection in this file.
        #[arg(long)]
        write: Option<PathBuf>,
        /// A python with sgfmill: time it on the same files, side by side (default: $GAMESCRIBE_PYTHON).
        #[arg(long)]
        python: Option<String>,
    },
    /// Random legal games, printed in book style, corrupted like OCR, then decoded.
    Decoder(bench::DecoderArgs),
    /// Generate a PDN file of random games with variations, then time reading and validating it.
    Pdn {
        /// Size of the generated file in megabytes.
        #[arg(long, default_value_t = 50)]
        megabytes: usize,
        /// Also write the generated file here (to time another reader on the same input).
        #[arg(long)]
        write: Option<PathBuf>,
        #[arg(long, default_value_t = 3)]
        runs: usize,
        /// Threads for the parallel validator (default: the cores available).
        #[arg(long)]
        threads: Option<usize>,
        /// Read this PDN file instead of generating one.
        #[arg(long)]
        input: Option<PathBuf>,
    },
    /// Each reader on its corpus text repeated to growing sizes: read time, growth, and the peak memory of `check`.
    #[command(after_help = "Run from the project folder (the seeds are corpus files).\n\nExamples:\n  gamescribe bench scale                          # 1 and 4 MB, every reader\n  gamescribe bench scale --megabytes 1,4,100 --reader numeric --reader pdn\n  gamescribe bench scale --no-memory              # read times only\n  gamescribe bench scale --megabytes 4,100 --against ./gamescribe-old --timeout 120\n  gamescribe bench scale --megabytes 1 --guard 0.5   # exit 1 if a reader takes over 0.5 s a megabyte\n  gamescribe bench scale --long-line --megabytes 0.25,0.5,1   # one line growing, not a book repeated\n  gamescribe bench scale --one-game --megabytes 16,100 --runs 1   # one SGF game growing: check's memory\n  gamescribe bench scale --long-column --megabytes 0.01,0.04 --against ./gamescribe-old   # one Anderson column growing\n  gamescribe bench scale --megabytes 100 --runs 1 # a large input read once\n  gamescribe bench scale --megabytes 1,4 --commands   # and report, fix, todo, convert, … on each")]
    Scale {
        /// Input sizes in megabytes, comma separated.
        #[arg(long, value_delimiter = ',', default_value = "1,4")]
        megabytes: Vec<f64>,
        /// Only these readers (repeatable; default: every one).
        #[arg(long, value_enum)]
        reader: Vec<Reader>,
        /// The project folder holding the seeds.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Where the repeated inputs are written (kept, to time another binary on them).
        #[arg(long, default_value = "target/bench-scale")]
        dir: PathBuf,
        /// Skip `check` in a child process (peak memory).
        #[arg(long)]
        no_memory: bool,
        /// Also time another gamescribe binary's `check` on the same files (an older version), side by side.
        #[arg(long, value_name = "BINARY")]
        against: Option<PathBuf>,
        /// Stop a `check` child after this many seconds (shown as `>N s`).
        #[arg(long, default_value_t = 600)]
        timeout: u64,
        /// The most seconds a megabyte may take to read: a row over it says SLOW
        /// and the exit code is 1; so does a row whose read time grew over twice
        /// as fast as its input since the row before (GROWS). 0: no guard.
        #[arg(long, value_name = "SECONDS", default_value_t = 0.5)]
        guard: f64,
        /// Instead of each reader's corpus repeated, one Hoyle solution whose
        /// trunk, a noisy king shuffle, grows to each size: whether one long
        /// line reads in time that grows with its length. A solution is read to
        /// its 10,000th move (about 90 KB here) and the rest kept unread, so
        /// `--megabytes 0.02,0.08` times the decoder, larger sizes the passing over.
        #[arg(long)]
        long_line: bool,
        /// Instead of each reader's corpus repeated, one SGF game of random
        /// legal moves that grows to each size: whether `check` holds one long
        /// game in memory that grows with its length.
        #[arg(long, conflicts_with = "long_line")]
        one_game: bool,
        /// Instead of each reader's corpus repeated, one Anderson game whose
        /// one unmarked variation, a king shuffle a move a row, grows to each
        /// size: whether the search for a column's own start grows with the
        /// column's length. A game is read to its 10,000th cell (about 70 KB
        /// here), so `--megabytes 0.01,0.04` times the search.
        #[arg(long, conflicts_with_all = ["long_line", "one_game"])]
        long_column: bool,
        /// Read each input this many times and keep the fastest: the machine's
        /// noise only ever adds time, so the fastest is the reader's own.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
        runs: u32,
        /// Also time every other command that reads a whole file (`check
        /// --format json`, `check --coverage`, `convert`, `report`, `fix`,
        /// `todo`) on each input in a child process (the fastest of the runs),
        /// with its peak memory; a command whose time grows over twice as fast
        /// as its input says GROWS.
        #[arg(long)]
        commands: bool,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum CheckFormat {
    Human,
    Json,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Target {
    /// Portable Draughts Notation, one game per tree game, variations as RAV.
    Pdn,
    Json,
    Yaml,
    /// One row per move.
    Csv,
    Numeric,
    /// John Paterson's natural notation, capture marks computed from the moves.
    Paterson,
    /// Lasca: clean dash notation, one game per line, `(1) 9-13, 17-13-9. (2) …`.
    Lasca,
    /// Go: Smart Game Format FF[4].
    Sgf,
    /// Go: the record format, every point with its corner in Chinese numerals.
    GoCorner,
    /// Go: the record format with `corner:` blocks and Volpicelli's letters.
    Volpicelli,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PerftGame {
    English,
    /// Lasca (Lasker's column game) from its opening position, White to move.
    Lasca,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum CoordGame {
    English,
    /// Go: input in corner notation (`平 c 4`, `上 三 四`), GTP (`D3`) or SGF (`dq`).
    Go,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum CoordTarget {
    Numeric,
    Paterson,
    /// Go: SGF letters.
    Sgf,
    /// Go: column letter without I, row from the bottom.
    Gtp,
    /// Go: canonical corner, Chinese numerals.
    GoCorner,
    /// Go: canonical corner, Volpicelli's letter + number.
    Volpicelli,
}

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
        Command::Check { paths, notation, format, coverage: true, given, .. } => match given.read() {
            Ok(given) => coverage::run(&paths, notation, format, &given),
            Err(e) => usage_error(&e),
        },
        Command::Check { paths, notation, format, strict, color, max_diagnostics, all, given, .. } => match given.read() {
            Ok(given) => check::run(&paths, notation, format, strict, color, if all { usize::MAX } else { max_diagnostics }, &given),
            Err(e) => usage_error(&e),
        },
        Command::Convert { paths, notation, to, output, given } => match given.read() {
            Ok(given) => convert_many::convert_paths(&paths, notation, to, output.as_deref(), &given),
            Err(e) => usage_error(&e),
        },
        Command::Board { path, notation, game, line, ply } => board::run(&path, notation, game, &line, ply),
        Command::Perft { game, depth, longest_run } => perft::run(game, depth, longest_run),
        Command::Bench { what } => bench::run(what),
        Command::Coord { game: CoordGame::English, square, to, .. } => coord::english(&square, to),
        Command::Coord { game: CoordGame::Go, square, to, size } => coord::go(&square, to, size),
        Command::Move { fen, format } => the_move::run(&fen, format),
        Command::Positions { path, format, color } => positions::run(&path, format, color),
        Command::Egdb(args) => egdb::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Codes(args) => codes::run(args),
        Command::Report(args) => report::run(args),
        Command::Fix(args) => fix::run(args),
        Command::Todo(args) => todo::run(args),
    }
}

fn usage_error(message: &str) -> u8 {
    eprintln!("error: {message}");
    EXIT_USAGE
}

/// Positions given on the command line for diagrams the text has lost.
#[derive(clap::Args, Debug, Default)]
pub struct GivenArgs {
    /// A lost diagram's position for the solutions under a title (Hoyle), as
    /// `TITLE=FEN`, e.g. `'Fourth Position=B:W30,K31,K32:BK20,21,K22,K23'`. The
    /// printed task ("White to move") sets the side to move. Repeatable.
    #[arg(long, value_name = "TITLE=FEN")]
    position: Vec<String>,
    /// A file of such positions, one `TITLE=FEN` a line (`#` starts a comment).
    #[arg(long, value_name = "FILE")]
    positions: Option<PathBuf>,
    /// The corrections file to read with the source (default: `BOOK.fixes` beside `BOOK.txt`, if there is one).
    #[arg(long, value_name = "FILE", conflicts_with = "no_fixes")]
    fixes: Option<PathBuf>,
    /// Read no corrections file, even one beside the source.
    #[arg(long)]
    no_fixes: bool,
}

impl GivenArgs {
    fn read(&self) -> Result<notation::Given, String> {
        let fixes = match (&self.fixes, self.no_fixes) {
            (_, true) => crate::corrections::FixesChoice::Off,
            (Some(p), false) => crate::corrections::FixesChoice::File(p.clone()),
            (None, false) => crate::corrections::FixesChoice::Auto,
        };
        let mut given = notation::Given { fixes, ..notation::Given::default() };
        let mut add = |entry: &str, place: &str| -> Result<(), String> {
            let Some((title, fen)) = entry.split_once('=') else {
                return Err(format!("{place}: expected TITLE=FEN, got {entry:?}"));
            };
            let (title, fen) = (title.trim(), fen.trim());
            if title.is_empty() {
                return Err(format!("{place}: the title before '=' is empty"));
            }
            let setup = crate::rules::draughts::parse_fen(fen).map_err(|e| format!("{place}: {fen:?} is not a PDN FEN position: {e}"))?;
            given.positions.push((title.to_string(), setup));
            Ok(())
        };
        for entry in &self.position {
            add(entry, "--position")?;
        }
        if let Some(path) = &self.positions {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            for (n, line) in text.lines().enumerate() {
                let line = line.split('#').next().unwrap_or("").trim();
                if !line.is_empty() {
                    add(line, &format!("{}:{}", path.display(), n + 1))?;
                }
            }
        }
        Ok(given)
    }
}

fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => std::io::IsTerminal::is_terminal(&std::io::stdout()) && std::env::var_os("NO_COLOR").is_none(),
    }
}
/// A conversion's exit code: written, but errors in the source are said and counted.
fn exit_after_writing(source: &Source) -> u8 {
    exit_after_writing_with(&source.name, source.error_count())
}

/// [`exit_after_writing`] for a source read game by game: its name and the errors counted on the way.
fn exit_after_writing_with(name: &str, errors: usize) -> u8 {
    if errors > 0 {
        eprintln!("{name}: {errors} errors remain (see `gamescribe check`)");
        EXIT_ERRORS
    } else {
        EXIT_CLEAN
    }
}

/// A spinner on stderr while one long read runs; indicatif draws it only on a terminal.
fn reading_spinner(name: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner().with_message(format!("reading and checking {name}"));
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    bar
}
