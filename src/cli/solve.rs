//! `gamescribe solve FEN`: what a draughts position is worth, with its proof,
//! and optionally a verdict on a claimed result.

use clap::{Args, ValueEnum};
use std::time::Duration;

use super::{EXIT_CLEAN, EXIT_USAGE};
use crate::rules::draughts::egdb::{self, Egdb, Wdl};
use crate::rules::draughts::solve::{self, Budget, Method};
use crate::rules::draughts::{parse_fen, Color, Position, PositionErrorKind};
use crate::tree::{Outcome, VerdictClass};
use crate::verdict::{self, Judge};

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  gamescribe solve 'W:WK19,K23:BK28,12'              # First Position\n  gamescribe solve 'W:WK19,K23:BK32' --claim draw     # disputed: White wins\n  gamescribe solve 'B:W18,22,25:B9,11,14' --nodes 5000000 --time 30\n\nThe endgame database is read from --dir, else $XDG_CACHE_HOME/gamescribe/egdb\n(build it with: gamescribe egdb build --pieces 5). Without it the search runs alone.\nExit codes: 0 answered, 2 bad position or options.")]
pub struct SolveArgs {
    /// The position as PDN FEN (`W:WK19,K23:BK28,12`); a missing side to move means Black.
    pub fen: String,
    /// Most search nodes.
    #[arg(long, default_value_t = 2_000_000)]
    pub nodes: u64,
    /// Most seconds of search.
    #[arg(long, default_value_t = 10.0)]
    pub time: f64,
    /// A result to judge: proven, engine-consistent, disputed or unknown.
    #[arg(long, value_enum)]
    pub claim: Option<Claim>,
    /// The endgame database directory.
    #[arg(long)]
    pub dir: Option<std::path::PathBuf>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Claim {
    BlackWins,
    WhiteWins,
    Draw,
}

/// The largest database `solve` and `check` look for.
pub const DATABASE_PIECES: u8 = 6;

/// The database found in `dir` (or the default directory), with a sentence
/// saying what was found.
/// Says which slices are damaged or missing, each with the command that rebuilds it.
fn warn_of(problems: &[egdb::SliceFileError]) {
    for p in problems {
        let dir = p.path.parent().map_or(String::new(), |d| format!(" --dir {}", d.display()));
        eprintln!("warning: {p}\n  rebuild it with: gamescribe egdb build --pieces {}{dir}", p.material.pieces());
    }
}

/// After the work: the slices found damaged when first read (their positions
/// were judged without them).
pub fn report_database_problems(db: &Egdb) {
    warn_of(&db.problems());
}

pub fn load_database(dir: Option<&std::path::Path>) -> (Egdb, String) {
    let dir = match super::egdb::database_dir(dir) {
        Ok(d) => d,
        Err(e) => return (Egdb::empty(), format!("no endgame database ({e}): search only")),
    };
    let (db, problems) = Egdb::open_available(&dir, DATABASE_PIECES);
    warn_of(&problems);
    match db {
        Some(db) => {
            let note = format!("endgame database of up to {} pieces from {}", db.pieces(), dir.display());
            (db, note)
        }
        None => (
            Egdb::empty(),
            format!("no endgame database in {}: search only (build it with: gamescribe egdb build --pieces 5)", dir.display()),
        ),
    }
}

pub fn run(args: SolveArgs) -> u8 {
    let pos = match position_of(&args.fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    };
    if !(args.time > 0.0 && args.time.is_finite()) || args.nodes == 0 {
        eprintln!("error: --nodes and --time must be positive");
        return EXIT_USAGE;
    }
    let (db, note) = load_database(args.dir.as_deref());
    println!("{note}");
    let budget = Budget { nodes: args.nodes, time: Duration::from_secs_f64(args.time), ..Budget::default() };
    print_solution(&pos, &solve::solve(&pos, &db, budget));
    if let Some(claim) = args.claim {
        let claim = match claim {
            Claim::BlackWins => Outcome::BlackWins,
            Claim::WhiteWins => Outcome::WhiteWins,
            Claim::Draw => Outcome::Draw,
        };
        print_verdict(&verdict::judge_position(&pos, claim, &Judge { db: &db, budget }));
    }
    report_database_problems(&db);
    EXIT_CLEAN
}

/// The position a FEN gives, with at least one piece; a missing side to move is allowed.
fn position_of(fen: &str) -> Result<Position, String> {
    let setup = parse_fen(fen).map_err(|e| format!("bad FEN: {e}"))?;
    if setup.black_men | setup.black_kings | setup.white_men | setup.white_kings == 0 {
        return Err("the position has no piece at all".into());
    }
    Position::from_setup_ignoring(setup, &[PositionErrorKind::NoTurn]).map_err(|e| format!("not a legal position: {e}"))
}

/// What the solver proved (or leans to), and its line in book notation.
fn print_solution(pos: &Position, s: &solve::Solution) {
    let side = |c: Color| if c == Color::Black { "Black" } else { "White" };
    let mover = side(pos.turn());
    let line = {
        let mut here = *pos;
        s.line
            .iter()
            .map(|m| {
                let t = crate::text::draughts::move_text(&here, m);
                here = here.play(m);
                t
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    match s.value {
        Some(v) => {
            let what = match v {
                Wdl::Win => format!("proven win for {mover} (to move)"),
                Wdl::Loss => format!("proven loss for {mover} (to move)"),
                Wdl::Draw => "proven draw".to_string(),
            };
            let how = match s.method {
                Method::GameOver => "game over: no move".to_string(),
                Method::Database => "endgame database".to_string(),
                Method::Search => format!("exhaustive search, depth {}, {} nodes", s.depth, s.nodes),
            };
            println!("{what} ({how})");
        }
        None => println!(
            "unknown: search to depth {} ({} nodes) proves nothing; it leans {} for {mover}",
            s.depth,
            s.nodes,
            s.estimate.map_or("nowhere".into(), |e| format!("{e:+}"))
        ),
    }
    if !line.is_empty() {
        println!("line: {line}");
    }
}

/// The verdict on a claimed result, and the refutation of a disputed one.
fn print_verdict(v: &crate::tree::Verdict) {
    let class = match v.class {
        VerdictClass::Proven => "proven",
        VerdictClass::EngineConsistent => "engine-consistent",
        VerdictClass::Disputed => "disputed",
        VerdictClass::Unknown => "unknown",
    };
    let found = v.found.map_or(String::new(), |f| format!(": {}", verdict::outcome_words(f)));
    let how = v.method.map_or(String::new(), |m| format!(" by {}", verdict::method_words(m)));
    println!("verdict on the claim: {class}{found}{how}");
    if v.class == VerdictClass::Disputed && !v.line.is_empty() {
        println!("refutation: {}", v.line.join(" "));
    }
}
