//! `check`: read each file, replay every line, print the diagnostics and the
//! tables (or stream the tree as JSON), and choose the exit code.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::tables::{specimen_table, summary_table, GameTable};
use super::{solve, stdout_failed, usage_error, use_color, CheckFormat, ColorChoice, EXIT_CLEAN, EXIT_ERRORS, EXIT_USAGE};
use crate::export::json_stream::JsonSources;
use crate::input::{collect_files, read_input_with, Checked};
use crate::notation::{self, Reader};
use crate::report::Tally;
use crate::rules::draughts::egdb::Egdb;
use crate::tree::{self, CountedGame, Source, Streamed};

/// Pages of specimens whose columns the human report tabulates.
const SPECIMEN_PAGES_SHOWN: usize = 3;

/// Where `check` sends a file while reading it.
enum Output<'a, W: Write> {
    /// Its games and the rest, as JSON, game by game.
    Json(&'a mut JsonSources<W>),
    /// Its diagnostics drawn as the reader hands them on (the one file of a
    /// human check): a large 1852 text is not held book after book.
    Drawn(&'a mut W, &'a mut Drawn),
    /// Nothing yet: the source keeps its diagnostics for the report once read.
    Kept,
}

/// A file read and judged for `check`, with its counts. Neither output needs
/// the trees held: a PDN, SGF, numeric, specimens, Lasca, Hoyle, Go record or 1852 file's games are judged, counted,
/// tabulated and (for JSON) written as they are read and then dropped, so a large file is checked in
/// the memory of one game. Other readers build their tree; it is written once
/// read. The source comes back without games (and without what `output` drew),
/// with its game table (if its notation prints one) made on the way.
fn read_checked<W: Write>(file: &Path, notation: Reader, output: Output<'_, W>, given: &notation::Given, databases: &Databases) -> Result<(Source, crate::input::Input, Tally, Option<GameTable>), String> {
    let input = read_input_with(file, &given.fixes)?;
    let detected = if notation == Reader::Auto { Reader::detect(&input.path, &input.text) } else { notation };
    let judge = &databases.judge(detected.read_as().and_then(tree::Notation::game));
    let written = |e: std::io::Error| format!("cannot write JSON: {e}");
    let (mut json, mut drawn) = match output {
        Output::Json(doc) => (Some(doc), None),
        Output::Drawn(out, drawn) => (None, Some((out, drawn))),
        Output::Kept => (None, None),
    };
    if let Some(detected) = input.game_by_game(detected, given) {
        let read_as = detected.read_as().expect("a notation, not auto");
        let mut tally = Tally::default();
        let mut disputes = Vec::new();
        let mut failure = None;
        let mut table = GameTable::for_notation(read_as);
        let mut kept = Source::default();
        if let Some(doc) = json.as_deref_mut() {
            doc.begin_source(&input.name, read_as).map_err(written)?;
        }
        // JSON writes each game as it comes (an SGF game piece by piece); the human check needs only its counts.
        let writes_json = json.is_some();
        // The first failure to write is kept; nothing more is written after it.
        let mut write = |written: &mut dyn FnMut(&mut JsonSources<W>) -> std::io::Result<()>| {
            if let Some(doc) = json.as_deref_mut()
                && failure.is_none()
            {
                failure = written(doc).err();
            }
        };
        let mut each = |part: Checked| match part {
            Checked::Part(Streamed::Game(game)) => {
                let (game, mut found) = crate::verdict::judge_game(game, read_as, judge);
                tally.add_game(&game);
                if let Some(table) = &mut table {
                    table.add(&game);
                }
                disputes.append(&mut found);
                write(&mut |doc| doc.game(&game));
            }
            Checked::Piece(mut piece) => {
                crate::verdict::judge_piece(&mut piece, read_as);
                write(&mut |doc| doc.piece(&piece));
            }
            Checked::Counted(game) => {
                // Only readers without a game table count their games (SGF): no row is lost.
                debug_assert!(table.is_none());
                let (head, mut found) = crate::verdict::judge_game(game.head, read_as, judge);
                tally.add_counted(&CountedGame { head, ..game });
                disputes.append(&mut found);
            }
            Checked::Part(Streamed::Parts(parts)) => {
                tally.add_diagnostics(&parts.diagnostics);
                match &mut drawn {
                    Some((out, drawn)) => drawn.draw(*out, &input, &parts.diagnostics),
                    None => kept.append_parts(parts),
                }
            }
        };
        let rest = if writes_json {
            input.read_in_pieces(detected, given, &mut each)
        } else {
            input.read_counting(detected, given, &mut each)
        };
        debug_assert_eq!(rest.notation, read_as);
        // Parts handed on were counted as they came; the rest and the disputes are counted now.
        let counted = kept.diagnostics.len();
        let mut source = Source { name: rest.name.clone(), notation: rest.notation, ..kept };
        source.append_parts(rest);
        source.diagnostics.append(&mut disputes);
        tally.add_diagnostics(&source.diagnostics[counted..]);
        if let Some(e) = failure {
            return Err(written(e));
        }
        if let Some(doc) = json {
            doc.end_source(&source).map_err(written)?;
        }
        return Ok((source, input, tally, table));
    }
    let mut source = input.read_with_positions(notation, given);
    crate::verdict::judge_source(&mut source, judge);
    let tally = Tally::of(&source);
    if let Some(doc) = json {
        doc.source(&source).map_err(written)?;
    }
    // What is printed of the games is counted now, so the tree (a long Go
    // record's is many times its text) is not held while the diagnostics are drawn.
    let table = GameTable::for_notation(source.notation).map(|mut table| {
        source.games.iter().for_each(|g| table.add(g));
        table
    });
    source.games = Vec::new();
    Ok((source, input, tally, table))
}

/// The diagnostics of one file drawn so far: every error, and warnings and
/// notes up to the cap, in the order found.
struct Drawn {
    max_shown: usize,
    color: bool,
    /// Warnings and notes met so far, drawn or not.
    others: usize,
    hidden: usize,
}

impl Drawn {
    fn new(max_shown: usize, color: bool) -> Drawn {
        Drawn { max_shown, color, others: 0, hidden: 0 }
    }

    fn draw(&mut self, out: &mut impl Write, input: &crate::input::Input, diagnostics: &[crate::diagnostic::Diagnostic]) {
        let mut shown = Vec::new();
        for d in diagnostics {
            if d.is_error() || self.others < self.max_shown {
                shown.push(d);
            } else {
                self.hidden += 1;
            }
            self.others += usize::from(!d.is_error());
        }
        // Drawn one by one: a large file's diagnostics never become one string.
        input.render_each(shown.into_iter(), self.color, |one| {
            let _ = out.write_all(one.as_bytes());
        });
    }
}

/// The endgame database, loaded when the first draughts file needs it: a Go
/// file never does, and the database takes hundreds of megabytes.
struct Databases {
    loaded: std::sync::OnceLock<(Egdb, String)>,
    none: Egdb,
}

impl Databases {
    fn new() -> Databases {
        Databases { loaded: std::sync::OnceLock::new(), none: Egdb::empty() }
    }

    fn judge(&self, game: Option<tree::GameKind>) -> crate::verdict::Judge<'_> {
        let db = if game == Some(tree::GameKind::Go) { &self.none } else { &self.loaded.get_or_init(|| solve::load_database(None)).0 };
        crate::verdict::Judge { db, budget: crate::verdict::CHECK_BUDGET }
    }

    /// The slices found damaged when first read, if the database was loaded.
    fn report_problems(&self) {
        if let Some((db, _)) = self.loaded.get() {
            solve::report_database_problems(db);
        }
    }

    /// What the verdicts of a source in `notation` were judged with.
    fn note(&self, notation: tree::Notation) -> &str {
        match (notation.game(), self.loaded.get()) {
            (Some(tree::GameKind::Go), _) => "Go: counted on the board where the line ends",
            (_, Some((_, note))) => note,
            (_, None) => "no endgame database loaded",
        }
    }
}

/// What `check` says of each file, and what it sums up at the end.
struct Run<'a> {
    format: CheckFormat,
    strict: bool,
    color: bool,
    max_shown: usize,
    databases: &'a Databases,
    failed: bool,
    unreadable_files: usize,
    rows: Vec<(String, tree::Notation, Tally)>,
}

pub(super) fn run(paths: &[PathBuf], notation: Reader, format: CheckFormat, strict: bool, color: ColorChoice, max_shown: usize, given: &notation::Given) -> u8 {
    let files = match collect_files(paths) {
        Ok(f) => f,
        Err(e) => return usage_error(&e),
    };
    let stdout = std::io::stdout();
    // JSON is written source by source, game by game, as the files are read.
    let mut doc = JsonSources::new(std::io::BufWriter::new(stdout.lock()));
    let databases = Databases::new();
    let mut run = Run { format, strict, color: use_color(color), max_shown, databases: &databases, failed: false, unreadable_files: 0, rows: Vec::new() };
    if matches!(format, CheckFormat::Json) {
        // JSON goes out as it is read, so files are read one after another.
        for file in &files {
            match read_checked(file, notation, Output::Json(&mut doc), given, &databases) {
                Ok((_, _, tally, _)) => run.failed |= tally.fails(strict),
                Err(e) => run.unreadable(&e),
            }
        }
        databases.report_problems();
        return run.finish(doc);
    }
    if let [file] = files.as_slice() {
        // One file: its diagnostics are drawn as they are found.
        let mut drawn = Drawn::new(run.max_shown, run.color);
        match read_checked(file, notation, Output::Drawn(&mut doc.out, &mut drawn), given, &databases) {
            Ok((source, input, tally, table)) => run.file_read(&mut doc.out, &source, &input, tally, table.as_ref(), Some(drawn)),
            Err(e) => run.unreadable(&e),
        }
        databases.report_problems();
        return run.finish(doc);
    }
    // A table is printed file by file in order, while the files are read side
    // by side, at most `AHEAD` files past the one printed last, so that few
    // trees wait in memory; a file a core, its parts are not spread again.
    const AHEAD: usize = 4;
    let read_file = |file: &PathBuf| read_checked::<std::io::Sink>(file, notation, Output::Kept, given, &databases);
    crate::parallel::in_order_ahead(AHEAD, files.iter(), read_file, |results| {
        for result in results {
            match result {
                Ok((source, input, tally, table)) => run.file_read(&mut doc.out, &source, &input, tally, table.as_ref(), None),
                Err(e) => run.unreadable(&e),
            }
        }
    });
    databases.report_problems();
    run.finish(doc)
}

impl Run<'_> {
    fn unreadable(&mut self, error: &str) {
        eprintln!("error: {error}");
        self.unreadable_files += 1;
    }

    /// A file's diagnostics (every error; warnings and notes up to the cap, in
    /// source order), then the tables its reader has figures for (`table`:
    /// the games' table, made as they went by; the source keeps no games).
    /// A file read: its report, its row in the summary and its part in the exit code.
    fn file_read(&mut self, out: &mut impl Write, source: &Source, input: &crate::input::Input, tally: Tally, table: Option<&GameTable>, drawn: Option<Drawn>) {
        self.failed |= tally.fails(self.strict);
        self.print_file(out, source, input, &tally, table, drawn);
        self.rows.push((source.name.clone(), source.notation, tally));
    }

    /// `drawn`: what was drawn while the file was read (see [`Output::Drawn`]).
    fn print_file(&self, out: &mut impl Write, source: &Source, input: &crate::input::Input, tally: &Tally, table: Option<&GameTable>, drawn: Option<Drawn>) {
        let mut drawn = drawn.unwrap_or_else(|| Drawn::new(self.max_shown, self.color));
        drawn.draw(out, input, &source.diagnostics);
        let hidden = drawn.hidden;
        if hidden > 0 {
            let _ = writeln!(
                out,
                "{}: {hidden} more warnings and notes not drawn (every error is); --all or --max-diagnostics N draws them, --format json lists everything\n",
                source.name
            );
        }
        // A file with no game gets no table of games: a header over nothing says nothing.
        if let Some(table) = table.filter(|t| !t.is_empty()) {
            let _ = writeln!(out, "{}", table.render());
        }
        if source.notation == tree::Notation::Paterson {
            let (reports, pages) = notation::paterson::specimen_reports(&input.text, SPECIMEN_PAGES_SHOWN);
            if !reports.is_empty() {
                let _ = writeln!(out, "{}", specimen_table(&reports));
            }
            if pages > SPECIMEN_PAGES_SHOWN {
                let _ = writeln!(out, "{}: the table shows the first {SPECIMEN_PAGES_SHOWN} of {pages} pages of specimens\n", source.name);
            }
        }
        if source.prose.iter().any(|p| !p.points.is_empty()) {
            let _ = writeln!(out, "{}", notation::volpicelli::points_table(source));
        }
        let verdicts = tally.verdicts; // counted as the games went by (streamed sources keep none)
        if verdicts.total() > 0 {
            let _ = writeln!(
                out,
                "{}: verdicts on stated results: {} proven, {} engine-consistent, {} disputed, {} unknown ({})\n",
                source.name, verdicts.proven, verdicts.engine_consistent, verdicts.disputed, verdicts.unknown, self.databases.note(source.notation)
            );
        }
    }

    /// The summary table and the exit code's reason (or the end of the JSON), and the exit code.
    fn finish<W: Write>(self, mut doc: JsonSources<W>) -> u8 {
        match self.format {
            CheckFormat::Human => {
                let out = &mut doc.out;
                let _ = writeln!(out, "{}", summary_table(&self.rows));
                let named: Vec<(&str, &Tally)> = self.rows.iter().map(|(n, _, t)| (n.as_str(), t)).collect();
                let _ = writeln!(out, "{}", crate::report::exit_reason(&named, self.strict, self.unreadable_files).1);
            }
            CheckFormat::Json => {
                if let Err(e) = doc.finish() {
                    stdout_failed(e);
                }
            }
        }
        if self.unreadable_files > 0 {
            EXIT_USAGE
        } else if self.failed {
            EXIT_ERRORS
        } else {
            EXIT_CLEAN
        }
    }
}
