//! Hoyle's Games Modernized, Draughts: the openings' definitions and the
//! solutions of the end games in period notation (`22.18`). The diagrams are
//! lost, so a solution is replayed from a position given by the caller, or from
//! whichever classical position the whole printed solution replays from.

mod infer;
mod openings;
mod solution;

pub use infer::king_assignments;
use infer::candidate_setups;
pub use openings::{openings, Opening};
pub use solution::{SolutionReport, Task};

use crate::diagnostic::Diagnostic;
use crate::notation::numeric::ReadOptions;
use crate::rules::draughts::{parse_fen, Color, Position, Setup};
use crate::span::Span;
use crate::tree::{Game, Line, LineStatus, Source, Unread};
use solution::{parse_solutions, read_solution, trunk_reads, RawSolution};

/// A classical position as published, with the side to move left to the task.
#[derive(Clone, Copy, Debug)]
pub struct Classical {
    pub name: &'static str,
    /// FEN without the side to move (`W…:B…`).
    pub pieces: &'static str,
}

/// Published positions a Hoyle solution may start from, tried before inference.
/// None is listed yet: no authoritative statement of the classical setups was at
/// hand, and positions recalled from memory are not facts. Add a published one
/// here with its source; it is accepted for a solution only when every printed
/// line replays legally from it and no stated result is contradicted.
pub const CLASSICAL: &[Classical] = &[];

/// Options for reading Hoyle: positions given for sections, by title.
#[derive(Clone, Debug, Default)]
pub struct HoyleOptions {
    /// `(section title, setup)`: use this start for the section (its side to move wins over the task's).
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
    let mut source = Source { name: name.to_string(), notation: "hoyle".into(), ..Source::default() };
    let mut unread = Vec::new();
    let mut diagnostics = Vec::new();
    let solutions = parse_solutions(text, &mut unread, &mut diagnostics);
    source.unread.extend(unread);
    source.diagnostics.extend(diagnostics);
    let mut reports = Vec::new();
    // Solutions of one diagram ("Fourth Position (1)", "(2)") share its pieces.
    let mut found_for: Vec<(String, Setup)> = Vec::new();
    for raw in &solutions {
        let base = raw.title.split(" (").next().unwrap_or(&raw.title).to_string();
        let turn = raw.task.map_or(Color::Black, |t| t.side);
        let given = opts.starts.iter().find(|(title, _)| raw.title.starts_with(title.as_str()) || title == &raw.title);
        let mut tried: Vec<(String, Setup)> = Vec::new();
        if let Some((_, setup)) = given {
            let setup = if setup.turn.is_some() { *setup } else { with_turn(*setup, turn) };
            tried.push(("given".into(), setup));
        } else {
            if let Some((_, setup)) = found_for.iter().find(|(t, _)| *t == base) {
                tried.push(("the same diagram as the solution before".into(), with_turn(*setup, turn)));
            }
            for c in CLASSICAL {
                if let Ok(s) = parse_fen(&format!("B:{}", c.pieces)) {
                    tried.push((format!("classical: {}", c.name), with_turn(s, turn)));
                }
            }
        }
        let mut best: Option<(Game, SolutionReport, Vec<Diagnostic>)> = None;
        let accept = |from: &str, setup: Setup, best: &mut Option<(Game, SolutionReport, Vec<Diagnostic>)>| -> bool {
            let Ok(pos) = Position::from_setup(setup) else { return false };
            // A guess that cannot even read the trunk is dropped cheaply.
            if from != "given" && best.is_some() && !trunk_reads(text, raw, &pos, &opts.read) {
                return false;
            }
            let (game, mut report, diags) = read_solution(text, raw, &pos, &opts.read);
            report.start_from = from.to_string();
            let complete = report.complete();
            let better = best.as_ref().is_none_or(|b| (report.complete(), report.lines_replayed, report.moves_read) > (b.1.complete(), b.1.lines_replayed, b.1.moves_read));
            if better || from == "given" {
                *best = Some((game, report, diags));
            }
            complete
        };
        let mut found = false;
        for (from, setup) in &tried {
            if accept(from, *setup, &mut best) {
                found = true;
                break;
            }
        }
        if !found && given.is_none() && opts.infer {
            for setup in candidate_setups(text, raw, turn, 4096) {
                if accept("inferred from the printed moves", setup, &mut best) {
                    found = true;
                    // Fewest kings: a king the solution does not need is made a man again.
                    let mut kept = setup;
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
                        let mut probe = None;
                        if accept("inferred from the printed moves", trial, &mut probe) {
                            kept = trial;
                            best = probe;
                        }
                    }
                    break;
                }
            }
        }
        match best {
            Some((mut game, mut report, diags)) => {
                if !found {
                    report.start_from = format!("none replays the whole solution; best tried: {}", report.start_from);
                    source.diagnostics.push(
                        Diagnostic::error("hoyle::no-position", format!("{}: no known or inferred position replays the whole printed solution", raw.title), raw.span)
                            .with_help("give the position (the diagram is lost) as a FEN"),
                    );
                }
                game.tags.push(("Position".into(), report.start_from.clone()));
                if found
                    && let Ok(setup) = parse_fen(&game.start)
                {
                    found_for.push((base.clone(), setup));
                }
                source.diagnostics.extend(diags);
                source.games.push(game);
                reports.push(report);
            }
            None => {
                source.diagnostics.push(
                    Diagnostic::error("hoyle::no-position", format!("{}: no position to replay the solution from", raw.title), raw.span)
                        .with_help("give the position (the diagram is lost) as a FEN"),
                );
                source.unread.push(Unread { raw: raw.span.slice(text).to_string(), span: raw.span });
                source.games.push(unread_game(text, raw));
                reports.push(SolutionReport { title: raw.title.clone(), start_from: "none".into(), lines_printed: raw.lines.len(), ..SolutionReport::default() });
            }
        }
    }
    if solutions.is_empty() {
        source.diagnostics.push(Diagnostic::error("hoyle::no-solutions", "no \"Solution.\" found", Span::new(0, text.len().min(1))));
    }
    source.diagnostics.sort_by_key(|d| d.span.start);
    (source, reports)
}

fn unread_game(text: &str, raw: &RawSolution) -> Game {
    let lines = raw
        .lines
        .iter()
        .map(|l| Line { label: l.label.clone(), status: LineStatus::Unreadable, unread: Some(Unread { raw: l.span.slice(text).to_string(), span: l.span }), span: l.span, ..Line::trunk() })
        .collect();
    Game { name: raw.title.clone(), tags: Vec::new(), start: String::new(), lines, span: raw.span }
}
