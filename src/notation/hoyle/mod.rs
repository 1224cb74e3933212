//! Hoyle's Games Modernized, Draughts: the openings' definitions and the
//! solutions of the end games in period notation (`22.18`). The diagrams are
//! lost, so a solution is replayed from a position given by the caller, or from
//! a published setting of a classical position the whole printed solution
//! replays from, or from a position inferred from the printed moves.

mod best;
pub mod classical;
mod fits;
mod infer;
mod openings;
mod solution;
mod tried;

pub use fits::{solution_fits, SolutionFits, TaskClaim};
pub use infer::king_assignments;
pub use classical::{Classical, CLASSICAL};
use infer::candidate_setups;
pub use openings::{openings, openings_within, Opening};
pub use solution::{SolutionReport, Task};

use crate::diagnostic::{Code, Diagnostic};
use crate::text::draughts::ReadOptions;
use crate::rules::draughts::{Color, Position, Setup};
use crate::span::Span;
use crate::tree::{Game, Line, LineStatus, Note, NoteKind, Source, Streamed, Unread};
use solution::{RawSolution, Solutions};
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use best::BestReading;
use tried::{Reading, Tried};

/// Options for reading Hoyle: positions given for sections, by title.
#[derive(Clone, Debug, Default)]
pub struct HoyleOptions {
    /// `(section title, setup)`: use this start for every solution whose title starts
    /// with the section title. The printed task's side to move wins over the setup's.
    pub starts: Vec<(String, Setup)>,
    /// Also try starts inferred from the printed moves when no classical position replays.
    pub infer: bool,
    pub read: ReadOptions,
}

/// Read Hoyle's text: every solution as a game from the position found for it.
pub fn read_hoyle(name: &str, text: &str) -> Source {
    read_hoyle_with(name, text, &HoyleOptions { infer: true, ..HoyleOptions::default() }).0
}

fn with_turn(mut setup: Setup, turn: Color) -> Setup {
    setup.turn = Some(turn);
    setup
}

/// Read Hoyle's text with options; a report per solution.
pub fn read_hoyle_with(name: &str, text: &str, opts: &HoyleOptions) -> (Source, Vec<SolutionReport>) {
    let mut reports = Vec::new();
    let source = Source::gathered(|visit| read_hoyle_streamed(name, text, opts, visit, |report| reports.push(report)));
    (source, reports)
}

/// As [`read_hoyle_with`], but the text is read stretch by stretch, each
/// ending where the next solution's moves begin: a stretch's diagnostics,
/// notes and unread text are handed to `visit`, then its solution's game,
/// and its report to `report`; none is kept. The source comes back empty but for its name, so
/// checking a long text needs memory for one solution, not for every tree or
/// every note. The solutions are found as the reading goes, one ahead, so
/// no table of the text's lines or of its solutions is kept either.
pub fn read_hoyle_streamed(name: &str, text: &str, opts: &HoyleOptions, mut visit: impl FnMut(Streamed), mut report: impl FnMut(SolutionReport)) -> Source {
    let source = Source { name: name.to_string(), notation: crate::tree::Notation::Hoyle, ..Source::default() };
    // Positions given for titles no solution has.
    let mut unused: Vec<Diagnostic> = Vec::new();
    if !opts.starts.is_empty() {
        // Checked before any solution is read, so that a mistyped title is told first.
        let titles: Vec<String> = Solutions::new(text).map(|r| r.title).collect();
        for (title, _) in &opts.starts {
            if !titles.iter().any(|t| t.starts_with(title.as_str())) {
                unused.push(
                    Diagnostic::warning(Code::HoylePositionUnused, format!("a position was given for {title:?}, but no solution has that title"), Span::new(0, text.chars().next().map_or(0, char::len_utf8)))
                        .with_help(format!("the solutions are titled: {}", titles.join(", "))),
                );
            }
        }
    }
    // Solutions of one diagram ("Fourth Position (1)", "(2)") share its pieces:
    // the last start found under each title (a map, so that a long text's
    // thousands of solutions are not each compared with every one before).
    let found_for: Mutex<HashMap<String, Setup>> = Mutex::default();
    let same_diagram = |raw: &RawSolution| found_for.lock().unwrap_or_else(PoisonError::into_inner).get(diagram_name(&raw.title)).copied();
    // Each solution, with what finding it found, is read side by side with
    // the next few. A solution is read from the diagram of the one before as
    // known when its reading begins; if that one was still being read, it is
    // read again here, in order.
    let mut solutions = Solutions::new(text);
    let mut ended = false;
    let found_in_order = std::iter::from_fn(|| {
        if ended {
            return None;
        }
        let raw = solutions.next();
        ended = raw.is_none();
        Some((raw, solutions.take_diagnostics()))
    });
    let read = |(raw, diagnostics): (Option<RawSolution>, Vec<Diagnostic>)| {
        let read = raw.map(|raw| {
            let assumed = same_diagram(&raw);
            let best = best_reading(text, &raw, opts, assumed);
            (raw, assumed, best)
        });
        (read, diagnostics)
    };
    crate::parallel::in_order(found_in_order, read, |read_in_order| {
        let (mut current, found_first) = read_in_order.next().unwrap_or_default();
        // What finding the solutions found goes to the stretch it starts in.
        let mut found: Vec<Diagnostic> = Vec::new();
        if current.is_none() {
            found.push(Diagnostic::error(Code::HoyleNoSolutions, "no \"Solution.\" found", Span::new(0, text.len())));
        }
        found.extend(unused);
        found.extend(found_first);
        // A game may cover text past its stretch (variations printed after the next trunk).
        let mut carried: Vec<Span> = Vec::new();
        let mut from = 0;
        loop {
            let (next, found_with_next) = if current.is_some() { read_in_order.next().unwrap_or_default() } else { (None, Vec::new()) };
            found.extend(found_with_next);
            let next_start = next.as_ref().map(|(next, _, _)| next.span.start.max(from));
            let (end, before) = (next_start.unwrap_or(text.len()), next_start.unwrap_or(usize::MAX));
            let stretch = Span::new(from, end);
            let mut part = Source::default();
            // The last stretch takes the rest, empty spans at the very end included.
            let (now, later): (Vec<Diagnostic>, Vec<Diagnostic>) = std::mem::take(&mut found).into_iter().partition(|d| d.span.start < before);
            (part.diagnostics, found) = (now, later);
            let mut covered = std::mem::take(&mut carried);
            let game = current.take().map(|(raw, assumed, best)| {
                let known = same_diagram(&raw);
                let best = if known == assumed { best } else { best_reading(text, &raw, opts, known) };
                let (solution_report, replays_from, game) = record(&mut part, text, &raw, best);
                covered.extend(crate::tree::coverage::covered_by(&game));
                if let Some(setup) = replays_from {
                    found_for.lock().unwrap_or_else(PoisonError::into_inner).insert(diagram_name(&raw.title).to_string(), setup);
                }
                report(solution_report);
                game
            });
            // The opening definitions, with the moves they name; then the prose, headings and positions around the solution.
            for opening in openings_within(text, stretch) {
                part.notes.push(Note { kind: NoteKind::OpeningDefinition, text: opening.span.slice(text).to_string(), span: opening.span, line: Some(opening.line()) });
            }
            super::notes::keep_the_rest_around(&mut part, text, &covered, stretch);
            carried = covered.into_iter().filter(|s| s.end > end).collect();
            part.diagnostics.sort_by_key(|d| d.span.start);
            visit(Streamed::Parts(part));
            if let Some(game) = game {
                visit(Streamed::Game(game));
            }
            from = end;
            current = next;
            if current.is_none() {
                break;
            }
        }
    });
    source
}

/// A solution's title without its number among the diagram's solutions:
/// `Fourth Position (2)` is of the diagram `Fourth Position`.
fn diagram_name(title: &str) -> &str {
    title.split(" (").next().unwrap_or(title)
}

/// The best reading of a solution: from the position given for its title, or
/// searched for (first from `same_diagram`, the start found for the last solution before of the same title).
fn best_reading(text: &str, raw: &RawSolution, opts: &HoyleOptions, same_diagram: Option<Setup>) -> Option<Reading> {
    let turn = raw.task.map_or(Color::Black, |t| t.side);
    let tried = Tried::new(text, raw, &opts.read);
    match opts.starts.iter().find(|(title, _)| raw.title.starts_with(title.as_str())) {
        Some((_, setup)) => {
            // The printed task ("White to move and draw") names the side to move;
            // one diagram given by title serves every task printed under it.
            let setup = if raw.task.is_some() || setup.turn.is_none() { with_turn(*setup, turn) } else { *setup };
            tried.read_only_from("given", setup)
        }
        None => {
            search_start(&tried, same_diagram.map(|setup| with_turn(setup, turn)), turn, opts.infer)
        }
    }
}

/// The best start for a solution with no position given: the diagram of the
/// last solution before with the same title, a published setting, or one
/// inferred from the printed moves.
fn search_start(tried: &Tried, same_diagram: Option<Setup>, turn: Color, infer: bool) -> Option<Reading> {
    let mut best = BestReading::new(tried);
    if let Some(setup) = same_diagram {
        // A printed title names a diagram: the start found under it before,
        // if it replays this solution whole, is this one's start. Another
        // start, even one reading better (fewer repairs, or as many and more
        // moves read), would be another diagram under the same name, so none
        // is searched for. Untitled solutions share a name but not a diagram:
        // for them the start before is only offered first.
        best.weigh_at_once(SAME_DIAGRAM, setup);
        if tried.raw().titled && best.complete().is_some() {
            return best.into_best();
        }
    }
    let mut listed: Vec<(String, Setup)> = Vec::new();
    for c in CLASSICAL {
        for (label, setup) in classical::settings(c) {
            listed.push((format!("classical: {label}"), with_turn(setup, turn)));
        }
    }
    for (from, setup) in listed {
        // Once a reading is complete, only a complete one can be better.
        if best.complete().is_some() && !tried.may_complete(setup) {
            continue;
        }
        best.weigh(&from, setup);
    }
    // A complete reading without a repair that reads every move the print can
    // hold cannot be bettered (see `best::keep_better`): the guesses, thousands
    // of decodings, are not made.
    let unbeatable = best.complete().is_some_and(|b| b.1.moves_repaired == 0 && b.1.moves_read >= most_moves(tried.text(), tried.raw()));
    if infer && !unbeatable {
        search_inferred(tried, turn, &mut best);
    }
    best.into_best()
}

/// The most moves a reading without repairs can find in a solution: each
/// takes at least two of its printed numbers.
fn most_moves(text: &str, raw: &RawSolution) -> usize {
    let items = raw.lines.iter().flat_map(|l| &l.items);
    let numbers: usize = items.map(|it| crate::text::draughts::scan(it.span.slice(text), it.span.start).iter().filter(|t| t.kind == crate::repair::TokenKind::Number).count()).sum();
    numbers / 2
}

const INFERRED: &str = "inferred from the printed moves";
/// How a solution's start is named when it is the diagram of the last
/// solution before with the same title (most often the one just before).
pub(super) const SAME_DIAGRAM: &str = "the same diagram as the solution before";

/// How many starts the lost-diagram search guesses at most. Each guess costs a
/// decoding of the trunk, so this bounds a solution's time by its length: on
/// garbled text no guess reads and every one is tried (4096 took 11 s on a
/// 2 KB page the fuzzer made). The book's solutions read by the 101st.
const MAX_GUESSES: usize = 512;

/// Guesses at the pieces the printed moves need, fewest first: the first that
/// replays the whole solution is refined and kept if better than `best`.
fn search_inferred(tried: &Tried, turn: Color, best: &mut BestReading) {
    for setup in candidate_setups(tried.text(), tried.raw(), turn, MAX_GUESSES) {
        // A guess that cannot even read the trunk is dropped cheaply.
        let Ok(pos) = Position::from_setup(setup) else { continue };
        if best.is_some() && !tried.trunk_reads(&pos) {
            continue;
        }
        if tried.may_complete(setup)
            && let Some(r) = tried.read_from(INFERRED, setup)
            && r.1.complete()
        {
            best.weigh_complete(refine_inferred(tried, setup, r, turn));
            return;
        }
        best.weigh(INFERRED, setup);
    }
}

/// A guessed start that replays the solution, completed from published
/// settings where that reads better, and with no king the solution does not need.
fn refine_inferred(tried: &Tried, mut kept: Setup, mut reading: Reading, turn: Color) -> Reading {
    // Men a diagram shows that no printed move touches: taken from a
    // published setting only when the print then reads with fewer repairs.
    for (label, merged) in classical::with_classical_men(&kept) {
        let turned = with_turn(merged, turn);
        if tried.may_complete(turned)
            && let Some(r) = tried.read_from(&format!("{INFERRED}, with the unmoved men of {label}"), turned)
            && r.1.complete()
            && r.1.moves_repaired < reading.1.moves_repaired
        {
            (kept, reading) = (merged, r);
        }
    }
    // A published setting the trunk comes inside of supplies the pieces no move touches.
    for (label, completed) in classical::completed_by_reach(&classical::positions_along(kept, &trunk_paths(&reading.0))) {
        let turned = with_turn(completed, turn);
        if tried.may_complete(turned)
            && let Some(r) = tried.read_from(&format!("{INFERRED}, with the unmoved pieces of {label}"), turned)
            && r.1.complete()
            && r.1.moves_repaired <= reading.1.moves_repaired
        {
            (kept, reading) = (completed, r);
            break;
        }
    }
    // Fewest kings: a king the solution does not need is made a man
    // again, unless that costs a repair.
    for bit in (0..32).map(|i| 1u32 << i) {
        let mut trial = kept;
        if trial.black_kings & bit != 0 && bit & 0xF000_0000 == 0 {
            trial.black_kings &= !bit;
            trial.black_men |= bit;
        } else if trial.white_kings & bit != 0 && bit & 0x0000_000F == 0 {
            trial.white_kings &= !bit;
            trial.white_men |= bit;
        } else {
            continue;
        }
        let from = reading.1.start_from.clone();
        if tried.may_complete(trial)
            && let Some(r) = tried.read_from(&from, trial)
            && r.1.complete()
            && r.1.moves_repaired <= reading.1.moves_repaired
        {
            (kept, reading) = (trial, r);
        }
    }
    reading
}

/// The game of the best reading of a solution (or of the solution as unread
/// text if no start was found, kept in the source too), its diagnostics put
/// in the source; its report, and the start if it replays the whole solution.
fn record(source: &mut Source, text: &str, raw: &RawSolution, best: Option<Reading>) -> (SolutionReport, Option<Setup>, Game) {
    let found = best.as_ref().is_some_and(|b| b.1.complete());
    let Some((mut game, mut report, diags)) = best else {
        source.diagnostics.push(
            Diagnostic::error(Code::HoyleNoPosition, format!("{}: no position to replay the solution from", raw.title), raw.span)
                .with_help("give the position (the diagram is lost) as a FEN"),
        );
        source.unread.push(Unread { raw: raw.span.slice(text).to_string(), span: raw.span });
        let report = SolutionReport { title: raw.title.clone(), start_from: "none".into(), lines_printed: raw.lines.len(), ..SolutionReport::default() };
        return (report, None, unread_game(text, raw));
    };
    if !found {
        report.start_from = format!("none replays the whole solution; best tried: {}", report.start_from);
        source.diagnostics.push(
            Diagnostic::error(Code::HoyleNoPosition, format!("{}: no known or inferred position replays the whole printed solution", raw.title), raw.span)
                .with_help("give the position (the diagram is lost) as a FEN"),
        );
    }
    game.tags.push(("Position".into(), report.start_from.clone()));
    let mut start = None;
    if let Some(Ok(setup)) = game.start.draughts() {
        report.classical = classical::relation(&classical::positions_along(setup, &trunk_paths(&game))).map(|r| r.describe());
        start = found.then_some(setup);
    }
    if let Some(classical) = &report.classical {
        game.tags.push(("Classical".into(), classical.clone()));
    }
    source.diagnostics.extend(diags);
    (report, start, game)
}

/// Does the text hold Hoyle's solutions ("Solution." headings with period-notation moves)?
pub fn looks_like_solutions(text: &str) -> bool {
    Solutions::new(text).next().is_some()
}

/// The square paths of a game's trunk.
fn trunk_paths(game: &Game) -> Vec<Vec<u8>> {
    game.lines.first().map(|l| l.moves.iter().map(|m| m.squares.clone()).collect()).unwrap_or_default()
}

fn unread_game(text: &str, raw: &RawSolution) -> Game {
    let lines = raw
        .lines
        .iter()
        .map(|l| Line { label: l.label.clone(), status: LineStatus::Unreadable, unread: Some(Unread { raw: l.span.slice(text).to_string(), span: l.span }), span: l.span, ..Line::trunk() })
        .collect();
    Game { name: raw.title.clone(), tags: Vec::new(), start: crate::tree::Start::Unset, lines, span: raw.span, ..Game::default() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solution::parse_solutions;

    /// A solution whose printed title had a start found before reads from
    /// that start alone when it replays whole: no published setting or guess
    /// is read, nor its trunk tried alone. Untitled, the same solution has
    /// the start before offered first and the search goes on. Over the
    /// book's solutions whose start the search finds, each offered its own
    /// start as the one found before.
    #[test]
    fn the_start_found_under_a_title_is_kept_without_a_search() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/hoyle-draughts.txt")).expect("corpus");
        let opts = ReadOptions::default();
        let mut kept = 0;
        for raw in parse_solutions(&text, &mut Vec::new()) {
            assert!(raw.titled, "{}: the book titles every solution", raw.title);
            let turn = raw.task.map_or(Color::Black, |t| t.side);
            let searched = Tried::new(&text, &raw, &opts);
            let Some(found) = search_start(&searched, None, turn, true).filter(|r| r.1.complete()) else { continue };
            let Some(Ok(setup)) = found.0.start.draughts() else { continue };
            let tried = Tried::new(&text, &raw, &opts);
            let again = search_start(&tried, Some(setup), turn, true).expect("a reading");
            assert_eq!(again.1.start_from, SAME_DIAGRAM, "{}", raw.title);
            assert_eq!(again.0.lines, found.0.lines, "{}", raw.title);
            assert_eq!(tried.starts_read(), (1, 0), "{}: starts read besides the one found before (whole, trunk alone)", raw.title);
            let untitled = RawSolution { titled: false, ..raw.clone() };
            let tried = Tried::new(&text, &untitled, &opts);
            search_start(&tried, Some(setup), turn, true).expect("a reading");
            let (whole, trunks) = tried.starts_read();
            assert!(whole + trunks > 1, "{}: untitled, only the start before was read", raw.title);
            kept += 1;
        }
        assert!(kept >= 5, "{kept} solutions kept their start");
    }
}
