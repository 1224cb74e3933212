//! The Proposition: a position described column by column ("A on 2, green,
//! white, black, red, black. — B on 1, red, white, on 7, red, …") and a
//! printed solution. The description becomes a setup; the solution is read
//! against it; where it does not replay, the smallest changes to the setup
//! that make the whole solution legal are searched and every one reported.

use super::{describe, printed_plies, scan, BookLasca};
use crate::diagnostic::{Code, Diagnostic};
use crate::fast_hash::FastMap;
use crate::repair::{self, build_line, Decoded, Spelling};
use crate::rules::lasca::{minimal_fixes, minimal_fixes_keeping_leaders, why_illegal, write_setup, Color, FixSearch, Man, Move, PackedSetup, Position, PositionErrorKind, Setup, SQUARES};
use crate::span::Span;
use crate::tree::{Game, GameStats, Line, Outcome, SetupFix, StatedResult, Unread};
use regex::Regex;
use std::cell::RefCell;
use std::sync::LazyLock;

/// Changes to the stated setup tried, at most.
pub const MAX_CHANGES: usize = 2;

static WORD: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"[A-Za-z]+|[0-9]+").expect("valid regex"));
pub(super) static SOLUTION: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"SOLUTION\.?").expect("valid regex"));
static LEADERS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?is)white only has (\w+) leaders.*?against \w+ (\w+)").expect("valid regex"));

/// One column as described: its square and men from the leader down.
#[derive(Clone, Debug, PartialEq)]
pub struct DescribedColumn {
    pub square: u8,
    pub men: Vec<Man>,
    pub span: Span,
}

fn close(word: &str, target: &str) -> bool {
    if word == target {
        return true;
    }
    // One letter misread (`Biack`) in a word long enough to be sure of.
    word.len() == target.len() && target.len() >= 4 && word.bytes().zip(target.bytes()).filter(|(a, b)| a != b).count() == 1
}

fn colour_word(word: &str) -> Option<Man> {
    let w = word.to_ascii_lowercase();
    [("green", Man::GREEN), ("white", Man::WHITE), ("black", Man::BLACK), ("red", Man::RED)]
        .into_iter()
        .find(|(name, _)| close(&w, name))
        .map(|(_, m)| m)
}

fn square_word(word: &str) -> Option<u8> {
    super::scan::word_value(word).filter(|&n| (1..=SQUARES as u32).contains(&n)).map(|n| n as u8)
}

/// Columns led by White and by Black.
fn leaders(setup: &Setup) -> (usize, usize) {
    setup.columns.iter().filter_map(|c| c.first()).fold((0, 0), |(w, b), m| if m.color == Color::White { (w + 1, b) } else { (w, b + 1) })
}

/// Read the column description: each `on N` opens a column, colour words fill it top-down.
pub fn parse_columns(text: &str, offset: usize) -> (Vec<DescribedColumn>, Vec<Diagnostic>) {
    let words: Vec<(usize, &str)> = WORD.find_iter(text).map(|m| (m.start(), m.as_str())).collect();
    let mut columns: Vec<DescribedColumn> = Vec::new();
    let mut diagnostics = Vec::new();
    let mut k = 0;
    while k < words.len() {
        let (at, w) = words[k];
        if w.eq_ignore_ascii_case("on")
            && let Some(&(sq_at, sq)) = words.get(k + 1)
            && let Some(square) = square_word(sq)
        {
            let span = Span::new(offset + at, offset + sq_at + sq.len());
            if let Some(prev) = columns.iter().find(|c| c.square == square) {
                diagnostics.push(
                    Diagnostic::error(Code::LascaSquareTwice, format!("square {square} is described twice"), span)
                        .with_label("second description ignored")
                        .with_help(format!("first described at byte {}", prev.span.start)),
                );
                k += 2;
                continue;
            }
            columns.push(DescribedColumn { square, men: Vec::new(), span });
            k += 2;
            continue;
        }
        if let Some(man) = colour_word(w)
            && let Some(col) = columns.last_mut()
        {
            col.men.push(man);
            col.span = col.span.join(Span::new(offset + at, offset + at + w.len()));
        }
        k += 1;
    }
    for c in columns.iter().filter(|c| c.men.is_empty()) {
        diagnostics.push(Diagnostic::error(Code::LascaEmptyColumn, format!("no men are named for square {}", c.square), c.span).with_label("empty"));
    }
    (columns, diagnostics)
}

/// The position the columns describe, White to play.
fn stated_setup(columns: &[DescribedColumn]) -> Setup {
    let mut stated = Setup { turn: Color::White, ..Setup::default() };
    for c in columns {
        stated.columns[c.square as usize - 1] = c.men.clone();
    }
    stated
}

/// A reading of the solution from one setup.
struct Reading {
    decoded: Decoded<Move>,
    complete: bool,
}

/// What a described or mended setup may lack and still be played from: the
/// book's problems leave men off the board.
const MAY_LACK: &[PositionErrorKind] = &[PositionErrorKind::MenMissing];

fn position_of(setup: &Setup) -> Option<Position> {
    Position::from_setup_ignoring(setup, MAY_LACK).ok()
}

fn side(c: Color) -> &'static str {
    if c == Color::White { "White" } else { "Black" }
}

/// How a mended position's leaders compare with the counts the text gives.
fn leaders_note(setup: &Setup, stated: Option<(usize, usize)>) -> String {
    let Some((w, b)) = stated else { return String::new() };
    let (dw, db) = leaders(setup);
    if (dw, db) == (w, b) {
        format!("; leaders White {dw}, Black {db}, as the text says")
    } else {
        format!("; leaders White {dw}, Black {db}, where the text says {w} and {b}")
    }
}

/// Read the proposition at `span` (from its heading to the end of the text).
pub fn read(text: &str, span: Span) -> (Vec<Game>, Vec<Diagnostic>) {
    let body = span.slice(text);
    let solution_at = SOLUTION.find(body).map(|m| (span.start + m.start(), span.start + m.end()));
    let description_end = solution_at.map_or(span.end, |(s, _)| s);
    let description = Span::new(span.start, description_end);
    let (columns, mut diagnostics) = parse_columns(description.slice(text), description.start);
    let stated = stated_setup(&columns);
    let stated_text = write_setup(&stated);
    let mut game = Game { name: "Proposition".into(), start: crate::tree::Start::Lasca(Box::new(stated.clone())), span, ..Game::default() };
    game.tags.push(("Setup".into(), stated_text.clone()));
    let columns_span = columns.iter().map(|c| c.span).reduce(Span::join).unwrap_or(description);
    diagnostics.push(
        Diagnostic::note(Code::LascaPropositionSetup, format!("the described position, White to play: {stated_text}"), columns_span)
            .with_label(format!("{} columns", columns.len())),
    );
    let stated_leaders = check_leaders(text, description, &stated, &mut diagnostics);
    let Some((_, solution_start)) = solution_at else {
        diagnostics.push(Diagnostic::error(Code::LascaNoSolution, "no SOLUTION follows the proposition", description).with_label("nothing to replay"));
        game.lines.push(Line { span: description, ..Line::trunk() });
        return (vec![game], diagnostics);
    };
    let solution_span = Span::new(solution_start, span.end);
    let tokens = scan(solution_span.slice(text), solution_span.start);
    // The solution is read from the stated setup and, if it does not replay, from thousands of changed ones.
    let solution = Solution::new(solution_span, tokens);
    game.stats.printed_moves = Some(solution.printed);
    let claim = StatedResult { outcome: Outcome::WhiteWins, printed: "White moves and wins".into(), span: description };
    let Some(start) = position_of(&stated) else {
        let problems = stated.problems();
        diagnostics.push(
            Diagnostic::error(Code::LascaImpossibleSetup, format!("the described position cannot be set up: {problems:?}"), columns_span)
                .with_label("not a position"),
        );
        game.lines.push(Line { span: solution.span, status: crate::tree::LineStatus::Unreadable, unread: Some(Unread { raw: solution.span.slice(text).to_string(), span: solution.span }), ..Line::trunk() });
        return (vec![game], diagnostics);
    };
    let as_stated = solution.read_from(&start);
    let reading = build_line(&BookLasca::default(), &start, text, &as_stated.decoded, describe);
    let mut trunk = Line { span: solution.span, moves: reading.moves, unread: reading.unread, readings: reading.readings, status: reading.status, annotations: reading.annotations, stated_result: Some(claim.clone()), ..Line::trunk() };
    if as_stated.complete {
        diagnostics.extend(reading.diagnostics);
        diagnostics.push(solved_note(&reading.end, solution.span));
        trunk.status = if trunk.moves.iter().any(|m| m.repair.is_some()) { crate::tree::LineStatus::Repaired } else { crate::tree::LineStatus::Legal };
        game.lines.push(trunk);
        return (vec![game], diagnostics);
    }
    // The solution does not replay: search the smallest setup changes that make it.
    let search: FixSearch = minimal_fixes(&stated, MAX_CHANGES, |s| solution.replays_from(s));
    game.stats.setups_tried = Some(search.tried);
    let (mended, fixed_readings) = mended_games(text, span, &solution, &search, &claim, &mut diagnostics);
    // The first illegal move: the solution as the mended setups read it, replayed from the stated one.
    match fixed_readings.first() {
        Some(intended) => first_illegal_move(&start, intended, &as_stated.decoded, solution.span, &mut trunk, &mut diagnostics),
        None => diagnostics.extend(reading.diagnostics.iter().filter(|d| d.is_error()).cloned()),
    }
    report_fixes(&search, columns_span, stated_leaders, &mut game.stats, &mut diagnostics);
    // A minimal fix may contradict the leader counts the text states; then search
    // again, up to the same limit, for fixes that keep them.
    if let Some((w, b)) = stated_leaders
        && search.fixes.iter().any(|f| leaders(&f.position) != (w, b))
    {
        fixes_keeping_leaders(&stated, (w, b), &solution, columns_span, &mut game.stats, &mut diagnostics);
    }
    diagnostics.extend(reading.diagnostics.into_iter().filter(|d| !d.is_error()));
    game.lines.push(trunk);
    let mut games = vec![game];
    games.extend(mended);
    (games, diagnostics)
}

/// The printed solution: how many plies it prints, and its tokens in a
/// reader that reads them from one setup after another (the search for a
/// mended setup reads them from thousands), remembering what holds for all.
struct Solution {
    span: Span,
    printed: usize,
    reader: repair::Reader<BookLasca>,
    /// Whether a first move reads, by the legal moves of the start (see [`Solution::reads_a_first_move`]).
    first_move_reads: RefCell<FastMap<Vec<Move>, bool>>,
}

impl Solution {
    fn new(span: Span, tokens: Vec<repair::Token>) -> Solution {
        let printed = printed_plies(&tokens);
        Solution { span, printed, reader: repair::Reader::new(BookLasca::default(), tokens, super::decode_options()), first_move_reads: RefCell::default() }
    }

    fn read_from(&self, pos: &Position) -> Reading {
        let decoded = self.reader.decode(pos);
        let complete = self.is_whole(&decoded);
        Reading { decoded, complete }
    }

    /// Whether a reading replays the whole solution: to its end, every printed ply.
    fn is_whole(&self, decoded: &Decoded<Move>) -> bool {
        decoded.stop.is_none() && decoded.moves.len() == self.printed
    }

    /// Whether the whole solution replays from `setup`. Most setups tried
    /// do not fit: a reading that stops anyway is given up before its mends
    /// are audited (see [`repair::decode_unless_it_stops`]).
    fn replays_from(&self, setup: &PackedSetup) -> bool {
        let Ok(start) = Position::from_packed_ignoring(setup, MAY_LACK) else { return false };
        // A reading of no move is whole only where the solution prints none.
        if self.printed > 0 && !self.reads_a_first_move(&start) {
            return false;
        }
        self.reader.decode_unless_it_stops(&start).is_some_and(|d| self.is_whole(&d))
    }

    /// Whether any legal move from `start` reads from the solution's first
    /// token ([`repair::Reader::reads_a_first_move`]), asked once for each
    /// list of legal moves: the book spells a move by its squares alone
    /// ([`BookLasca`] never looks at the board), so the answer depends on
    /// that list only. Most setups tried read no first move (a change that
    /// leaves White a capture to make, say), and thousands share a few lists.
    fn reads_a_first_move(&self, start: &Position) -> bool {
        let legal = self.reader.game().legal_moves(start);
        if let Some(&known) = self.first_move_reads.borrow().get(&legal) {
            return known;
        }
        let reads = self.reader.reads_a_first_move(start);
        self.first_move_reads.borrow_mut().insert(legal, reads);
        reads
    }
}

/// The leader counts the text states (`White has three leaders …`), compared
/// with the described position; `None` if the text states none.
fn check_leaders(text: &str, description: Span, stated: &Setup, diagnostics: &mut Vec<Diagnostic>) -> Option<(usize, usize)> {
    let caps = LEADERS.captures(description.slice(text))?;
    let count = |w: &str| ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"].iter().position(|n| w.eq_ignore_ascii_case(n)).map(|i| i + 1);
    let at = Span::new(description.start + caps.get(0).expect("match").start(), description.start + caps.get(0).expect("match").end());
    let (Some(w), Some(b)) = (count(&caps[1]), count(&caps[2])) else { return None };
    let (dw, db) = leaders(stated);
    diagnostics.push(if (w, b) == (dw, db) {
        Diagnostic::note(Code::LascaLeadersAgree, format!("the description gives White {dw} leaders and Black {db}, as the text says"), at)
            .with_label("agrees")
    } else {
        Diagnostic::warning(Code::LascaLeadersDisagree, format!("the text says White {w} leaders and Black {b}; the description gives {dw} and {db}"), at)
            .with_label("disagrees")
    });
    Some((w, b))
}

/// Whether the solution, replayed to its end from the stated position, wins.
fn solved_note(end: &Position, solution: Span) -> Diagnostic {
    let won = end.turn() == Color::Black && end.legal_moves().is_empty();
    if won {
        Diagnostic::note(Code::LascaPropositionSolved, "the solution replays from the described position and Black is left without a move", solution).with_label("White wins")
    } else {
        Diagnostic::warning(Code::LascaPropositionUnfinished, format!("the solution replays, but {} still has a move at the end", side(end.turn())), solution)
    }
}

/// One game per mended setup, the solution read from it (with the verdict on
/// its claim where it replays whole), and the moves each reading found.
fn mended_games(text: &str, span: Span, solution: &Solution, search: &FixSearch, claim: &StatedResult, diagnostics: &mut Vec<Diagnostic>) -> (Vec<Game>, Vec<Vec<Move>>) {
    let mut mended = Vec::new();
    let mut fixed_readings: Vec<Vec<Move>> = Vec::new();
    for (k, fix) in search.fixes.iter().enumerate() {
        let Some(p) = position_of(&fix.position) else { continue };
        let r = solution.read_from(&p);
        fixed_readings.push(r.decoded.moves.iter().map(|m| m.mv).collect());
        let line_reading = build_line(&BookLasca::default(), &p, text, &r.decoded, describe);
        let what: Vec<String> = fix.changes.iter().map(ToString::to_string).collect();
        if r.complete {
            let verdict = super::search_claim(Color::White, &line_reading.end, solution.span);
            diagnostics.push(Diagnostic { message: format!("mended setup {}: {}", k + 1, verdict.message), ..verdict });
        }
        let line = Line {
            span: solution.span,
            moves: line_reading.moves,
            unread: line_reading.unread,
            readings: line_reading.readings,
            status: line_reading.status,
            stated_result: Some(claim.clone()),
            ..Line::trunk()
        };
        mended.push(Game {
            name: format!("Proposition, mended ({})", k + 1),
            stats: GameStats { printed_moves: Some(solution.printed), mended: what, ..GameStats::default() },
            start: crate::tree::Start::Lasca(Box::new(fix.position.clone())),
            tags: Vec::new(),
            lines: vec![line],
            span,
            go: None,
            study: None,
            pages: Vec::new(),
        });
    }
    (mended, fixed_readings)
}

/// Replay the moves a mended setup reads from the stated position and report
/// the first that is illegal there (the trunk's refused reading if it is
/// where the trunk stops).
fn first_illegal_move(start: &Position, intended: &[Move], as_stated: &Decoded<Move>, solution: Span, trunk: &mut Line, diagnostics: &mut Vec<Diagnostic>) {
    let stop_span = as_stated.stop.as_ref().map_or(solution, |s| s.span);
    let mut pos = *start;
    for (ply, mv) in intended.iter().enumerate() {
        let squares = mv.squares();
        if let Some(reason) = why_illegal(&pos, &squares) {
            let at = as_stated.moves.get(ply).map_or(stop_span, |m| m.span);
            let shown: Vec<String> = squares.iter().map(u8::to_string).collect();
            if ply == trunk.moves.len() {
                trunk.refused = Some(crate::tree::Reading { text: shown.join("-"), squares: squares.to_vec() });
            }
            diagnostics.push(
                Diagnostic::error(
                    Code::LascaPropositionIllegal,
                    format!("from the described position the solution breaks at ply {} ({}'s move {}): {reason}", ply + 1, side(pos.turn()), shown.join("-")),
                    at,
                )
                .with_label("first illegal move")
                .with_help("the moves as read where the setup is mended; see lasca::setup-fix"),
            );
            break;
        }
        pos = pos.play(mv);
    }
}

/// The minimal setup fixes found (each a note and a typed `SetupFix`), or
/// an error if none up to the limit makes the solution replay.
fn report_fixes(search: &FixSearch, columns_span: Span, stated_leaders: Option<(usize, usize)>, stats: &mut GameStats, diagnostics: &mut Vec<Diagnostic>) {
    match search.changes_needed {
        Some(n) => {
            for (k, fix) in search.fixes.iter().enumerate() {
                let what: Vec<String> = fix.changes.iter().map(ToString::to_string).collect();
                stats.setup_fixes.push(SetupFix { changes: what.clone(), position: crate::tree::Start::Lasca(Box::new(fix.position.clone())), keeps_leaders: false });
                diagnostics.push(
                    Diagnostic::note(
                        Code::LascaSetupFix,
                        format!("fix {} of {} ({n} change{}): {}", k + 1, search.fixes.len(), if n == 1 { "" } else { "s" }, what.join("; ")),
                        columns_span,
                    )
                    .with_label("the whole solution replays after this change")
                    .with_help(format!("mended position: {}{}", write_setup(&fix.position), leaders_note(&fix.position, stated_leaders))),
                );
            }
        }
        None => diagnostics.push(
            Diagnostic::error(Code::LascaNoSetupFix, format!("no change of up to {MAX_CHANGES} men makes the whole solution legal ({} setups tried)", search.tried), columns_span)
                .with_label("setup not mended"),
        ),
    }
}

/// Search again for fixes that also keep the leader counts the text states.
fn fixes_keeping_leaders(stated: &Setup, (w, b): (usize, usize), solution: &Solution, columns_span: Span, stats: &mut GameStats, diagnostics: &mut Vec<Diagnostic>) {
    let keeping = minimal_fixes_keeping_leaders(stated, MAX_CHANGES, (w, b), |s| solution.replays_from(s));
    match keeping.changes_needed {
        Some(n) => {
            for (k, fix) in keeping.fixes.iter().enumerate() {
                let what: Vec<String> = fix.changes.iter().map(ToString::to_string).collect();
                stats.setup_fixes.push(SetupFix { changes: what.clone(), position: crate::tree::Start::Lasca(Box::new(fix.position.clone())), keeps_leaders: true });
                diagnostics.push(
                    Diagnostic::note(
                        Code::LascaSetupFixKeepingLeaders,
                        format!("keeping White {w} and Black {b} leaders, fix {} of {} ({n} changes): {}", k + 1, keeping.fixes.len(), what.join("; ")),
                        columns_span,
                    )
                    .with_label("the whole solution replays after these changes")
                    .with_help(format!("mended position: {}", write_setup(&fix.position))),
                );
            }
        }
        None => diagnostics.push(
            Diagnostic::note(
                Code::LascaNoFixKeepingLeaders,
                format!("no change of up to {MAX_CHANGES} men both makes the solution legal and keeps White {w} and Black {b} leaders ({} setups with those leaders tried)", keeping.tried),
                columns_span,
            )
            .with_label("the minimal fixes above change the leader count"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_column_description() {
        let text = "A on 2, green, white, black, red, black. — 13 on 1, red, white, on 12, red red, on 19, Biack,on 8, white.";
        let (columns, diags) = parse_columns(text, 0);
        assert!(diags.is_empty(), "{diags:?}");
        let got: Vec<(u8, String)> = columns.iter().map(|c| (c.square, c.men.iter().map(|&m| crate::rules::lasca::man_letter(m)).collect())).collect();
        let want = [(2, "WwbBb"), (1, "Bw"), (12, "BB"), (19, "b"), (8, "w")];
        assert_eq!(got, want.iter().map(|(s, m)| (*s, m.to_string())).collect::<Vec<_>>());
    }

    /// The book's proposition: its stated setup and its solution.
    fn book_proposition() -> (Setup, Solution) {
        let text = include_str!("../../../corpus/lasca-1911-ocr.txt");
        let (_, propositions) = super::super::sections(text);
        let (span, _) = super::super::proposition_and_after(text, propositions[0]);
        let body = span.slice(text);
        let solution = SOLUTION.find(body).expect("a solution");
        let (columns, _) = parse_columns(&body[..solution.start()], span.start);
        let stated = stated_setup(&columns);
        let solution_span = Span::new(span.start + solution.end(), span.end);
        (stated, Solution::new(solution_span, scan(solution_span.slice(text), solution_span.start)))
    }

    #[test]
    fn a_setup_that_reads_no_first_move_is_told_by_its_legal_moves() {
        let (stated, solution) = book_proposition();
        let decoded_whole = |s: &PackedSetup| {
            let start = Position::from_packed_ignoring(s, MAY_LACK).ok();
            start.and_then(|p| solution.reader.decode_unless_it_stops(&p)).is_some_and(|d| solution.is_whole(&d))
        };
        let (mut asked, mut without_a_first_move) = (0, 0);
        let mut accept = |s: &PackedSetup| {
            let quick = solution.replays_from(s);
            assert_eq!(quick, decoded_whole(s), "{}", write_setup(&s.setup()));
            asked += 1;
            if let Ok(p) = Position::from_packed_ignoring(s, MAY_LACK) {
                without_a_first_move += usize::from(!solution.reads_a_first_move(&p));
            }
            quick
        };
        let search = minimal_fixes(&stated, MAX_CHANGES, &mut accept);
        let keeping = minimal_fixes_keeping_leaders(&stated, MAX_CHANGES, (2, 7), &mut accept);
        assert_eq!((search.fixes.len(), keeping.fixes.len()), (1, 2));
        // Thousands of setups read no first move, told apart by a few lists.
        let lists = solution.first_move_reads.borrow().len();
        eprintln!("{asked} setups asked, {without_a_first_move} read no first move, {lists} lists of legal moves");
        assert!(without_a_first_move > 1000 && lists * 10 < without_a_first_move, "{without_a_first_move} setups, {lists} lists");
    }
}
