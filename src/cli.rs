//! The command line: parse flags, call the library, print, choose an exit code.
//! Exit codes: 0 all lines legal, 1 errors remain, 2 usage or I/O error.

use clap::{Parser, Subcommand, ValueEnum};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use crate::diagnostic::{self, Severity};
use crate::export;
use crate::export::json_stream::JsonSources;
use crate::input::{collect_files, read_input, read_input_with, read_source};
use crate::notation::{self, Notation};
use crate::rules::draughts::{self, parse_fen, Position, Square};
use crate::report::Tally;
use crate::tree::{LineStatus, Source};

mod convert_many;
mod coverage;
mod egdb;
mod fix;
mod hoyle_fits;
mod report;
mod solve;
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
        notation: Notation,
        #[arg(long, value_enum, default_value = "human")]
        format: CheckFormat,
        /// Count repaired moves as errors.
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
        notation: Notation,
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
        notation: Notation,
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
    Decoder {
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
    },
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

/// `println!` that never panics: a closed pipe (`gamescribe ... | head`) ends
/// the program quietly; any other failure to write is a usage/I-O error.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            stdout_failed(e);
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
            Ok(given) => check(&paths, notation, format, strict, color, if all { usize::MAX } else { max_diagnostics }, &given),
            Err(e) => usage_error(&e),
        },
        Command::Convert { paths, notation, to, output, given } => match given.read() {
            Ok(given) => convert_many::convert_paths(&paths, notation, to, output.as_deref(), &given),
            Err(e) => usage_error(&e),
        },
        Command::Board { path, notation, game, line, ply } => board(&path, notation, game, &line, ply),
        Command::Perft { game, depth, longest_run } => perft(game, depth, longest_run),
        Command::Bench { what } => bench(what),
        Command::Coord { game: CoordGame::English, square, to, .. } => coord_english(&square, to),
        Command::Coord { game: CoordGame::Go, square, to, size } => coord_go(&square, to, size),
        Command::Move { fen, format } => the_move(&fen, format),
        Command::Positions { path, format, color } => positions(&path, format, color),
        Command::Egdb(args) => egdb::run(args),
        Command::Solve(args) => solve::run(args),
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
        let mut given = notation::Given::default();
        given.fixes = match (&self.fixes, self.no_fixes) {
            (_, true) => crate::corrections::FixesChoice::Off,
            (Some(p), false) => crate::corrections::FixesChoice::File(p.clone()),
            (None, false) => crate::corrections::FixesChoice::Auto,
        };
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

/// A file read and judged for `check`, with its counts. Neither output needs
/// the trees held: a PDN or SGF file's games are judged, counted and (for JSON)
/// written as they are read and then dropped, so a large file is checked in
/// the memory of one game. Other readers build their tree; it is written once
/// read. The source comes back without games for JSON.
fn read_checked<W: Write>(file: &Path, notation: Notation, json: Option<&mut JsonSources<W>>, given: &notation::Given, judge: &crate::verdict::Judge) -> Result<(Source, crate::input::Input, Tally), String> {
    let input = read_input_with(file, &given.fixes)?;
    let detected = if notation == Notation::Auto { Notation::detect(&input.path, &input.text) } else { notation };
    let written = |e: std::io::Error| format!("cannot write JSON: {e}");
    if given.positions.is_empty() && matches!(detected, Notation::Pdn | Notation::Sgf) {
        let notation_name = if detected == Notation::Pdn { "pdn" } else { "sgf" };
        let mut tally = Tally::default();
        let mut disputes = Vec::new();
        let mut json = json;
        let mut failure = None;
        if let Some(doc) = json.as_deref_mut() {
            // The streamed readers name their sources so.
            doc.begin_source(&input.name, notation_name).map_err(written)?;
        }
        let mut source = input.read_visiting(detected, given, &mut |game| {
            let (game, mut found) = crate::verdict::judge_game(game, notation_name, judge);
            tally.add_game(&game);
            disputes.append(&mut found);
            if let Some(doc) = json.as_deref_mut()
                && failure.is_none()
            {
                failure = doc.game(&game).err();
            }
        });
        debug_assert_eq!(source.notation, notation_name);
        source.diagnostics.append(&mut disputes);
        tally.count_diagnostics(&source);
        if let Some(e) = failure {
            return Err(written(e));
        }
        if let Some(doc) = json {
            doc.end_source(&source).map_err(written)?;
        }
        return Ok((source, input, tally));
    }
    let mut source = input.read_with_positions(notation, given);
    crate::verdict::judge_source(&mut source, judge);
    let tally = Tally::of(&source);
    if let Some(doc) = json {
        doc.source(&source).map_err(written)?;
        source.games = Vec::new();
    }
    Ok((source, input, tally))
}

fn check(paths: &[PathBuf], notation: Notation, format: CheckFormat, strict: bool, color: ColorChoice, max_shown: usize, given: &notation::Given) -> u8 {
    let files = match collect_files(paths) {
        Ok(f) => f,
        Err(e) => return usage_error(&e),
    };
    let mut failed = false;
    let mut unreadable_files = 0;
    let mut rows = Vec::new();
    let color = use_color(color);
    let stdout = std::io::stdout();
    // JSON is written source by source, game by game, as the files are read.
    let mut doc = JsonSources::new(std::io::BufWriter::new(stdout.lock()));
    let (database, database_note) = solve::load_database(None);
    let judge = crate::verdict::Judge { db: &database, budget: crate::verdict::CHECK_BUDGET };
    for file in &files {
        let json = matches!(format, CheckFormat::Json).then_some(&mut doc);
        let (source, input, tally) = match read_checked(file, notation, json, given, &judge) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: {e}");
                unreadable_files += 1;
                continue;
            }
        };
        failed |= tally.fails(strict);
        let out = &mut doc.out;
        match format {
            CheckFormat::Human => {
                // Every error; warnings and notes up to the cap, in source order.
                let mut others = 0;
                let shown: Vec<diagnostic::Diagnostic> = source
                    .diagnostics
                    .iter()
                    .filter(|d| {
                        let keep = d.is_error() || others < max_shown;
                        others += usize::from(!d.is_error());
                        keep
                    })
                    .cloned()
                    .collect();
                let _ = out.write_all(input.render(&shown, color).as_bytes());
                let hidden = source.diagnostics.len() - shown.len();
                if hidden > 0 {
                    let _ = writeln!(
                        out,
                        "{}: {hidden} more warnings and notes not drawn (every error is); --all or --max-diagnostics N draws them, --format json lists everything\n",
                        source.name
                    );
                }
                if source.notation == "anderson" || source.notation == "lasca" {
                    let _ = writeln!(out, "{}", per_game_table(&source));
                }
                if source.notation == "hoyle" {
                    let _ = writeln!(out, "{}", solution_table(&source));
                }
                if source.notation == "paterson" {
                    let (_, reports) = notation::paterson::read_paterson_specimens_with_report(&source.name, &input.text);
                    if !reports.is_empty() {
                        let _ = writeln!(out, "{}", specimen_table(&reports));
                    }
                }
                if source.prose.iter().any(|p| !p.points.is_empty()) {
                    let _ = writeln!(out, "{}", notation::volpicelli::points_table(&source));
                }
                let verdicts = tally.verdicts; // counted as the games went by (streamed sources keep none)
                if verdicts.total() > 0 {
                    let _ = writeln!(out, "{}: verdicts on stated results: {} proven, {} engine-consistent, {} disputed, {} unknown ({database_note})\n", source.name, verdicts.proven, verdicts.engine_consistent, verdicts.disputed, verdicts.unknown);
                }
                rows.push((source.name.clone(), source.notation.clone(), tally));
            }
            CheckFormat::Json => {}
        }
    }
    let out = &mut doc.out;
    match format {
        CheckFormat::Human => {
            let _ = writeln!(out, "{}", summary_table(&rows));
            let named: Vec<(&str, &Tally)> = rows.iter().map(|(n, _, t)| (n.as_str(), t)).collect();
            let _ = writeln!(out, "{}", crate::report::exit_reason(&named, strict, unreadable_files).1);
        }
        CheckFormat::Json => {
            if let Err(e) = doc.finish() {
                stdout_failed(e);
            }
        }
    }
    if unreadable_files > 0 {
        EXIT_USAGE
    } else if failed {
        EXIT_ERRORS
    } else {
        EXIT_CLEAN
    }
}

/// One row a game: columns found (a column read on after a gap counts once,
/// by its first piece), their states, moves read against moves printed. For Anderson also the columns the contents page lists (its
/// variations and the trunk), the columns replayed from an inferred start, and
/// the moves of the row-wise pages on their own; and a total row.
/// Paterson's specimen columns: moves legal against printed, marks verified
/// against printed, the change of the move by the marks against the board.
fn specimen_table(reports: &[notation::paterson::SpecimenReport]) -> String {
    let width = reports.iter().map(|r| r.column.chars().count()).max().unwrap_or(6).max(8);
    let mut s = format!("{:<width$} {:>7} {:>7} {:>8} {:>10} {:>14} {:>11}\n", "specimen", "printed", "legal", "repaired", "status", "marks ok/print", "move change");
    for r in reports {
        let change = r.move_change.as_ref().map_or("-", |c| if c.agrees() { "agrees" } else { "DISAGREES" });
        let marks = format!("{}/{}", r.marks.verified, r.marks.printed);
        s.push_str(&format!("{:<width$} {:>7} {:>7} {:>8} {:>10} {:>14} {:>11}\n", r.column, r.printed, r.legal, r.repaired, r.status.as_str(), marks, change));
        for d in &r.deviations {
            s.push_str(&format!("    {d}\n"));
        }
    }
    s
}

/// Hoyle: per solution, the start found for its lost diagram and how it relates
/// to the published classical positions, and lines replayed against printed.
fn solution_table(source: &Source) -> String {
    let width = source.games.iter().map(|g| g.name.chars().count()).max().unwrap_or(8).max(8);
    let mut s = format!("{:<width$} {:<22} {:<36} {:>8} {:>6} {:>8}  {}\n", "solution", "task", "start", "replayed", "moves", "repaired", "start from / classical");
    for game in &source.games {
        let tag = |name: &str| game.tags.iter().find(|t| t.0 == name).map_or("-", |t| t.1.as_str());
        let replayed = game.lines.iter().filter(|l| matches!(l.status, LineStatus::Legal | LineStatus::Repaired)).count();
        let moves: usize = game.lines.iter().map(|l| l.moves.len()).sum();
        let repaired = game.lines.iter().flat_map(|l| &l.moves).filter(|m| m.repair.is_some()).count();
        s.push_str(&format!(
            "{:<width$} {:<22} {:<36} {:>8} {:>6} {:>8}  {}\n",
            game.name,
            tag("Task"),
            game.start,
            format!("{replayed}/{}", game.lines.len()),
            moves,
            repaired,
            tag("Position")
        ));
        if let Some((_, classical)) = game.tags.iter().find(|t| t.0 == "Classical") {
            s.push_str(&format!("{:<width$} {classical}\n", ""));
        }
    }
    s
}

fn per_game_table(source: &Source) -> String {
    let anderson = source.notation == "anderson";
    let width = source.games.iter().map(|g| g.name.trim_start_matches("Game ").chars().count()).max().unwrap_or(4).max(8);
    let mut s = format!(
        "{:<width$} {:>7} {:>6} {:>8} {:>7} {:>10} {:>6} {:>8} {:>7}",
        "game", "columns", "legal", "repaired", "partial", "unreadable", "read", "printed", "repairs"
    );
    if anderson {
        s.push_str(&format!(" {:>6} {:>9} {:>8} {:>7} {:>10}", "listed", "not found", "inferred", "rw read", "rw printed"));
    }
    s.push('\n');
    let mut total = [0usize; 13];
    for game in &source.games {
        // A column read on after a gap counts once, by its first piece; its moves all count.
        let columns: Vec<&crate::tree::Line> = game.lines.iter().filter(|l| !notation::anderson::is_resumed(l)).collect();
        let count = |st: LineStatus| columns.iter().filter(|l| l.status == st).count();
        let tag = |name: &str| game.tags.iter().find(|t| t.0 == name).map(|t| t.1.clone());
        let number = |name: &str| tag(name).and_then(|v| v.parse::<usize>().ok());
        let row = [
            number("Columns").unwrap_or(columns.len()),
            count(LineStatus::Legal),
            count(LineStatus::Repaired),
            count(LineStatus::Partial),
            count(LineStatus::Unreadable),
            game.lines.iter().map(|l| l.moves.len()).sum(),
            number("PrintedMoves").unwrap_or(0),
            game.lines.iter().flat_map(|l| &l.moves).filter(|m| m.repair.is_some()).count(),
            number("ContentsVariations").map_or(0, |v| v + 1),
            columns.iter().filter(|l| l.start.is_some()).count(),
            number("RowWiseRead").unwrap_or(0),
            number("RowWisePrinted").unwrap_or(0),
            number("ListedNotFound").unwrap_or(0),
        ];
        for (t, v) in total.iter_mut().zip(row) {
            *t += v;
        }
        let printed = tag("PrintedMoves").unwrap_or_else(|| "-".into());
        s.push_str(&format!(
            "{:<width$} {:>7} {:>6} {:>8} {:>7} {:>10} {:>6} {:>8} {:>7}",
            game.name.trim_start_matches("Game "),
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            row[5],
            printed,
            row[7]
        ));
        if anderson {
            let listed = tag("ContentsVariations").map_or("-".to_string(), |_| row[8].to_string());
            let not_found = tag("ListedNotFound").map_or("-".to_string(), |_| row[12].to_string());
            s.push_str(&format!(" {:>6} {:>9} {:>8} {:>7} {:>10}", listed, not_found, row[9], row[10], row[11]));
        }
        s.push('\n');
    }
    if anderson {
        s.push_str(&format!(
            "{:<width$} {:>7} {:>6} {:>8} {:>7} {:>10} {:>6} {:>8} {:>7} {:>6} {:>9} {:>8} {:>7} {:>10}\n",
            "all", total[0], total[1], total[2], total[3], total[4], total[5], total[6], total[7], total[8], total[12], total[9], total[10], total[11]
        ));
    }
    s
}

fn summary_table(rows: &[(String, String, Tally)]) -> String {
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(4).max(4);
    let mut s = format!(
        "{:<width$}  {:<9} {:>6} {:>6} {:>6} {:>8} {:>7} {:>10} {:>7} {:>6} {:>8} {:>15}\n",
        "file", "notation", "games", "lines", "legal", "repaired", "partial", "unreadable", "moves", "errors", "warnings", "verdicts p/c/d/u"
    );
    let mut total = Tally::default();
    for (name, notation, t) in rows {
        total.add(t);
        let v = &t.verdicts;
        let verdicts = format!("{}/{}/{}/{}", v.proven, v.engine_consistent, v.disputed, v.unknown);
        s.push_str(&format!(
            "{name:<width$}  {notation:<9} {:>6} {:>6} {:>6} {:>8} {:>7} {:>10} {:>7} {:>6} {:>8} {verdicts:>15}\n",
            t.games, t.lines, t.legal, t.repaired, t.partial, t.unreadable, t.moves, t.errors, t.warnings
        ));
    }
    if rows.len() > 1 {
        let t = &total;
        s.push_str(&format!(
            "{:<width$}  {:<9} {:>6} {:>6} {:>6} {:>8} {:>7} {:>10} {:>7} {:>6} {:>8}\n",
            "all", "", t.games, t.lines, t.legal, t.repaired, t.partial, t.unreadable, t.moves, t.errors, t.warnings
        ));
    }
    s
}

fn convert(path: &Path, notation: Notation, to: Target, output: Option<&Path>, given: &notation::Given) -> u8 {
    let (source, input) = match read_source(path, notation, given) {
        Ok(s) => s,
        Err(e) => return usage_error(&e),
    };
    let read_as = if notation == Notation::Auto { Notation::detect(path, &input.text) } else { notation };
    if read_as == Notation::Volpicelli && matches!(to, Target::Pdn | Target::Numeric | Target::Paterson | Target::Lasca) {
        return usage_error(&format!("{} is Volpicelli's essay on Go: prose naming points, no game; --to sgf marks its points on boards, --to json lists them", path.display()));
    }
    if matches!(read_as, Notation::Go | Notation::Sgf) && matches!(to, Target::Pdn | Target::Numeric | Target::Paterson | Target::Lasca) {
        return usage_error(&format!("{} is a Go file; Go games are written only as Go: --to sgf, go-corner or volpicelli (or json, yaml, csv)", path.display()));
    }
    let lasca = source.notation == "lasca";
    let written = match to {
        Target::Lasca if !lasca => Err(format!("--to lasca needs Lasca input; {} was read as {}", source.name, source.notation)),
        Target::Numeric | Target::Paterson if lasca => Err("Lasca games cannot be written in draughts notations; choose --to lasca, pdn, json, yaml or csv".to_string()),
        Target::Lasca => Ok(notation::lasca::write_source(&source)).map(|(text, not_written)| {
            if not_written > 0 {
                eprintln!("note: {not_written} line(s) not written (variations, or no move read; --to pdn keeps them)");
            }
            text
        }),
        Target::Pdn => Ok(export::pdn::write_pdn(&source)),
        Target::Json => export::to_json(&source),
        Target::Yaml => export::to_yaml(&source),
        Target::Csv => export::to_csv(&source),
        Target::Sgf | Target::GoCorner | Target::Volpicelli => Err("Go targets are written by convert_go".to_string()),
        Target::Numeric => notation::numeric::write_source(&source).map(|(text, empty)| {
            if empty > 0 {
                eprintln!("note: {empty} line(s) with no move read are not written (numeric text cannot hold them; --to pdn keeps their text)");
            }
            text
        }),
        Target::Paterson => {
            let (text, problems) = notation::paterson::write_paterson(&source);
            let text = if text.ends_with('\n') { text } else { text + "\n" };
            if problems.is_empty() { Ok(text) } else { Err(problems.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("; ")) }
        }
    };
    let written = match written {
        Ok(w) => w,
        Err(e) => return usage_error(&format!("cannot write output: {e}")),
    };
    let result = match output {
        Some(p) => fs::write(p, written).map_err(|e| format!("cannot write {}: {e}", p.display())),
        None => std::io::stdout().lock().write_all(written.as_bytes()).map_err(|e| e.to_string()),
    };
    if let Err(e) = result {
        return usage_error(&e);
    }
    exit_after_writing(&source)
}

fn perft(game: PerftGame, depth: u32, longest_run: bool) -> u8 {
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

fn positions(path: &Path, format: CheckFormat, color: ColorChoice) -> u8 {
    let input = match read_input(path) {
        Ok(i) => i,
        Err(e) => return usage_error(&e),
    };
    let (mut found, mut diagnostics) = notation::position_list::read_position_lists(&input.text);
    if found.is_empty() && notation::hoyle::looks_like_solutions(&input.text) {
        return hoyle_fits::run(path, &input.text, format);
    }
    for d in &mut diagnostics {
        d.span = input.span_to_original(d.span);
    }
    diagnostics.splice(0..0, input.findings.iter().cloned());
    let (database, database_note) = solve::load_database(None);
    crate::verdict::judge_listed(&mut found, &crate::verdict::Judge { db: &database, budget: crate::verdict::CHECK_BUDGET });
    let errors = diagnostics.iter().filter(|d| d.severity == Severity::Error).count();
    match format {
        CheckFormat::Json => match serde_json::to_string_pretty(&serde_json::json!({ "positions": found, "diagnostics": diagnostics })) {
            Ok(j) => say!("{j}"),
            Err(e) => return usage_error(&format!("cannot write JSON: {e}")),
        },
        CheckFormat::Human => {
            let rendered = input.render(&diagnostics, use_color(color));
            if !rendered.is_empty() {
                say!("{rendered}");
            }
            say!("stated results judged with the {database_note}");
            say!("{:<15} {:<14} {:>6} {:>5} {:>6} {:>5} {:>15}  {:<14} {:<10} {}", "position", "by", "pieces", "moves", "tried", "fits", "result p/c/d/u", "always kings", "always men", "fewest kings");
            let list = |v: &[u8]| if v.is_empty() { "-".to_string() } else { v.iter().map(u8::to_string).collect::<Vec<_>>().join(",") };
            for p in &found {
                let first = p.fits.first().map_or("-".to_string(), |f| f.fen.clone());
                let class = |c| p.fits.iter().filter(|f| f.verdict.as_ref().is_some_and(|v| v.class == c)).count();
                let judged = format!(
                    "{}/{}/{}/{}",
                    class(crate::tree::VerdictClass::Proven),
                    class(crate::tree::VerdictClass::EngineConsistent),
                    class(crate::tree::VerdictClass::Disputed),
                    class(crate::tree::VerdictClass::Unknown)
                );
                say!(
                    "{:<15} {:<14} {:>6} {:>5} {:>6} {:>5} {:>15}  {:<14} {:<10} {}",
                    p.title,
                    p.author,
                    p.black.len() + p.white.len() + p.lost_black + p.lost_white,
                    p.solution.len(),
                    p.tried,
                    p.fits.len(),
                    judged,
                    list(&p.always_kings),
                    list(&p.always_men),
                    first
                );
                if let Some(f) = p.fits.first() {
                    say!("{:<15} the move: {}", "", f.the_move);
                }
                for f in p.fits.iter().filter(|f| f.verdict.as_ref().is_some_and(|v| v.class == crate::tree::VerdictClass::Disputed)) {
                    let v = f.verdict.as_ref().expect("filtered on a verdict");
                    let found = v.found.map_or("", crate::verdict::outcome_words);
                    say!("{:<15} fit {} disputes \"{}\": {found} is proven; {}", "", f.fen, p.task, v.line.join(" "));
                }
            }
        }
    }
    if errors > 0 { EXIT_ERRORS } else { EXIT_CLEAN }
}

fn the_move(fen: &str, format: CheckFormat) -> u8 {
    let setup = match parse_fen(fen) {
        Ok(s) => s,
        Err(e) => {
            let diag = crate::diagnostic::Diagnostic::error("fen::invalid", e.message.clone(), crate::span::Span::new(e.offset.min(fen.len()), (e.offset + 1).min(fen.len())))
                .with_label("here")
                .with_help("a position is written like B:W18,24,K10:B12,16 (side to move, then each side's squares, K for kings)");
            eprint!("{}", diagnostic::render(&[diag], "FEN", fen, use_color(ColorChoice::Auto)));
            return EXIT_USAGE;
        }
    };
    if let Err(e) = Position::from_setup(setup) {
        eprintln!("warning: the position is not one that can arise in play ({e}); counting anyway");
    }
    let report = crate::rules::the_move::the_move(&setup);
    match format {
        CheckFormat::Human => say!("{}", report.summary()),
        CheckFormat::Json => match serde_json::to_string_pretty(&report) {
            Ok(j) => say!("{j}"),
            Err(e) => return usage_error(&format!("cannot write JSON: {e}")),
        },
    }
    EXIT_CLEAN
}

fn coord_english(square: &str, to: CoordTarget) -> u8 {
    let Ok(n) = square.trim().parse::<u8>() else {
        return usage_error(&format!("{square:?} is not a square number"));
    };
    let answer = match to {
        // Input in book numbering, output in Paterson's.
        CoordTarget::Paterson => Square::new(n).map(notation::paterson::to_natural),
        // Input in Paterson's numbering, output in book numbering.
        CoordTarget::Numeric => notation::paterson::from_natural(n).map(Square::number),
        _ => return usage_error("for English draughts choose --to numeric or paterson"),
    };
    match answer {
        Some(a) => {
            say!("{a}");
            EXIT_CLEAN
        }
        None => usage_error(&format!("{n} is not a square in that numbering")),
    }
}

/// Write the output of a conversion to a file or standard output.
fn emit(written: &str, output: Option<&Path>) -> Result<(), String> {
    match output {
        Some(p) => fs::write(p, written).map_err(|e| format!("cannot write {}: {e}", p.display())),
        None => std::io::stdout().lock().write_all(written.as_bytes()).map_err(|e| e.to_string()),
    }
}

fn convert_go(path: &Path, notation: Notation, to: Target, output: Option<&Path>) -> u8 {
    use crate::notation::go_record::{self, Style};
    let input = match read_input(path) {
        Ok(i) => i,
        Err(e) => return usage_error(&e),
    };
    let text = &input.text;
    if (if notation == Notation::Auto { Notation::detect(path, text) } else { notation }) == Notation::Volpicelli {
        return convert_essay(path, &input, to, output);
    }
    let Some((games, _)) = notation::read_go(notation, path, text) else {
        return usage_error(&format!("{} is not a Go record or SGF file (try --notation go or --notation sgf)", path.display()));
    };
    let source = input.read(notation, &notation::Given::default());
    let written = match to {
        Target::Sgf => notation::sgf::write(&games),
        Target::GoCorner | Target::Volpicelli => {
            let style = if matches!(to, Target::GoCorner) { Style::Chinese } else { Style::Volpicelli };
            games.iter().map(|g| go_record::write(g, style)).collect::<Vec<_>>().join("\n")
        }
        _ => return usage_error("not a Go target"),
    };
    if let Err(e) = emit(&written, output) {
        return usage_error(&e);
    }
    if games.len() > 1 && !matches!(to, Target::Sgf) {
        eprintln!("note: {} games written one after another; the record format holds one game per file", games.len());
    }
    exit_after_writing(&source)
}

/// The essay has no game: `--to sgf` marks its placed points on empty boards;
/// the record formats refuse it.
fn convert_essay(path: &Path, input: &crate::input::Input, to: Target, output: Option<&Path>) -> u8 {
    if !matches!(to, Target::Sgf) {
        return usage_error(&format!("{} is Volpicelli's essay: it names points but records no game to write as a record; --to sgf marks its points, and its diagrams rebuilt as games are the go/*.wq records", path.display()));
    }
    let source = input.read(Notation::Volpicelli, &notation::Given::default());
    let Some(written) = notation::volpicelli::write_sgf(&source) else {
        return usage_error(&format!("{}: no point is placed on a board, nothing to write", path.display()));
    };
    if let Err(e) = emit(&written, output) {
        return usage_error(&e);
    }
    exit_after_writing(&source)
}

fn board(path: &Path, notation: Notation, game: usize, line: &str, ply: Option<usize>) -> u8 {
    use crate::notation::go_record;
    use crate::rules::go::Scoring;
    let input = match read_input(path) {
        Ok(i) => i,
        Err(e) => return usage_error(&e),
    };
    let text = &input.text;
    let Some((games, _)) = notation::read_go(notation, path, text) else {
        return usage_error(&format!("{} is not a Go record or SGF file (try --notation go or --notation sgf)", path.display()));
    };
    let Some(g) = game.checked_sub(1).and_then(|i| games.get(i)) else {
        return usage_error(&format!("there is no game {game}; the file has {}", games.len()));
    };
    let index = match line.parse::<usize>() {
        Ok(n) => Some(n),
        Err(_) => g.lines.iter().position(|l| l.label == line),
    };
    let Some(index) = index else {
        let labels: Vec<&str> = g.lines.iter().map(|l| l.label.as_str()).collect();
        return usage_error(&format!("no line {line:?}; lines: {}", labels.join(", ")));
    };
    match go_record::position_at(g, index, ply) {
        Ok((pos, taken)) => {
            let label = g.lines.get(index).map_or("", |l| l.label.as_str());
            say!("{}line {label}, {} moves", if g.title.is_empty() { String::new() } else { format!("{}\n", g.title) }, taken.len());
            print!("{}", pos.board_text());
            let s = pos.score(Scoring::Area);
            say!(
                "area count: Black {} ({} stones + {} points), White {} ({} stones + {} points), {} neutral",
                s.black_total, s.black_stones, s.black_territory, s.white_total, s.white_stones, s.white_territory, s.neutral
            );
            EXIT_CLEAN
        }
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_ERRORS
        }
    }
}

fn coord_go(text: &str, to: CoordTarget, size: u8) -> u8 {
    use crate::notation::go_corner::{read_any_point, write_point, PointFormat};
    let format = match to {
        CoordTarget::Sgf => PointFormat::Sgf,
        CoordTarget::Gtp => PointFormat::Gtp,
        CoordTarget::GoCorner => PointFormat::GoCorner,
        CoordTarget::Volpicelli => PointFormat::Volpicelli,
        CoordTarget::Numeric | CoordTarget::Paterson => return usage_error("for Go choose --to sgf, gtp, go-corner or volpicelli"),
    };
    if size == 0 || size > crate::rules::go::MAX_SIZE {
        return usage_error(&format!("board size {size} is outside 1..={}", crate::rules::go::MAX_SIZE));
    }
    match read_any_point(text, size) {
        Ok(p) => {
            say!("{}", write_point(p, size, format));
            EXIT_CLEAN
        }
        Err(e) => usage_error(&format!("{text:?} is not a point on {size} lines: {e}")),
    }
}

fn bench(what: BenchWhat) -> u8 {
    match what {
        BenchWhat::Sgf { megabytes, runs, input, write, python } => {
            let python = python.or_else(|| std::env::var("GAMESCRIBE_PYTHON").ok().filter(|p| !p.is_empty()));
            let opts = crate::notation::sgf::bench::BenchOptions { megabytes, runs, input, write, python };
            match crate::notation::sgf::bench::run(&opts, |line| say!("{line}")) {
                Ok(()) => EXIT_CLEAN,
                Err(e) => usage_error(&e),
            }
        }
        BenchWhat::Decoder { games, noise, max_plies, seed, show_failures, lookahead, beam, min_margin, dead_end, deep_beam, deep_margin, reconsider } => {
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
                let r = crate::repair::noise::evaluate(seed, games, rate, max_plies, &opts);
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
        BenchWhat::Pdn { megabytes, write, runs, threads, input } => {
            let text = match &input {
                Some(path) => match fs::read(path) {
                    Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                    Err(e) => return usage_error(&format!("cannot read {}: {e}", path.display())),
                },
                None => crate::notation::pdn::bench::generate_pdn(megabytes * 1024 * 1024, 1852),
            };
            if let Some(path) = write
                && let Err(e) = fs::write(&path, &text) {
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
                let (games, moves, errors) = crate::notation::pdn::bench::read_tree(&text);
                let secs = start.elapsed().as_secs_f64();
                say!("run {run} full tree: {mb:.1} MB, {games} games, {moves} moves, {errors} errors in {secs:.3} s = {:.1} MB/s", mb / secs);
            }
            EXIT_CLEAN
        }
    }
}

/// A conversion's exit code: written, but errors in the source are said and counted.
fn exit_after_writing(source: &Source) -> u8 {
    if source.error_count() > 0 {
        eprintln!("{}: {} errors remain (see `gamescribe check`)", source.name, source.error_count());
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
