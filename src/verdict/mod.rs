//! One pass after reading: a verdict on every stated result, from the engines.
//!
//! For English draughts each line with a stated result is replayed to where it
//! ends and solved there (game over, the endgame database, a bounded search).
//! A line cut short gets `unknown: line incomplete`, never a verdict on a
//! position the book did not reach. A claim whose opposite is proven is kept
//! as printed and reported with a `verdict::disputed` warning and the
//! refuting line.

pub mod go;

use crate::diagnostic::{Code, Diagnostic};
use crate::rules::draughts::egdb::{Egdb, Wdl};
use crate::rules::draughts::solve::{self, Budget, Method};
use crate::rules::draughts::{resolve, Color, Position};
use crate::tree::{Game, GameKind, GamePiece, Line, LineStatus, Notation, Outcome, Source, Start, UnknownReason, Verdict, VerdictClass, VerdictMethod};
use serde::Serialize;

/// What judges the claims.
/// Search per stated result in `check` and `report`: nodes only, so verdicts
/// do not depend on the machine's load.
pub const CHECK_BUDGET: Budget = Budget { nodes: 20_000, time: std::time::Duration::from_secs(60), max_depth: 64 };

pub struct Judge<'a> {
    pub db: &'a Egdb,
    pub budget: Budget,
}

/// An estimate this far from level (a man is 100) counts as leaning to a win.
const LEANING: i32 = 150;

/// Counts of verdicts by class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct VerdictCounts {
    pub proven: usize,
    pub engine_consistent: usize,
    pub disputed: usize,
    pub unknown: usize,
}

impl VerdictCounts {
    pub fn of(source: &Source) -> VerdictCounts {
        let mut c = VerdictCounts::default();
        for v in source.lines().filter_map(|l| l.verdict.as_ref()) {
            match v.class {
                VerdictClass::Proven => c.proven += 1,
                VerdictClass::EngineConsistent => c.engine_consistent += 1,
                VerdictClass::Disputed => c.disputed += 1,
                VerdictClass::Unknown => c.unknown += 1,
            }
        }
        c
    }

    pub fn total(&self) -> usize {
        self.proven + self.engine_consistent + self.disputed + self.unknown
    }
}

/// The game a source's games are played in, as far as verdicts go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Draughts,
    Lasca,
    /// Judged by the reader, which holds the count's facts (dead stones, komi).
    Go,
    Other,
}

/// The game the source's trees hold.
fn kind(source: &Source) -> Kind {
    kind_of(source.notation)
}

fn kind_of(notation: Notation) -> Kind {
    match notation.game() {
        Some(GameKind::Draughts) => Kind::Draughts,
        Some(GameKind::Lasca) => Kind::Lasca,
        Some(GameKind::Go) => Kind::Go,
        None => Kind::Other,
    }
}

/// Sets `verdict` on every line with a stated result and adds a diagnostic
/// for each disputed claim.
pub fn judge_source(source: &mut Source, judge: &Judge) {
    let kind = kind(source);
    let mut diagnostics = Vec::new();
    for game in 0..source.games.len() {
        for index in 0..source.games[game].lines.len() {
            let Some(claim) = source.games[game].lines[index].stated_result.clone() else { continue };
            let verdict = match kind {
                Kind::Draughts => judge_draughts_line(&source.games[game], index, claim.outcome, judge),
                Kind::Lasca => judge_lasca_line(&source.games[game], index, claim.outcome),
                Kind::Go => go_verdict(source.games[game].lines[index].verdict.as_ref()),
                Kind::Other => unknown(UnknownReason::NoEngine),
            };
            // A `count:` line is compared with the board by the replay, which reports a
            // count that differs (as `go::count-differs`): it needs no second message.
            // Known from the line itself, so a game judged alone (streamed) says the same.
            let reported = source.games[game].lines[index].go_info().expected_count.as_ref().is_some_and(|c| c.span == claim.span);
            if verdict.class == VerdictClass::Disputed && verdict.method == Some(VerdictMethod::Count) && !reported {
                diagnostics.push(
                    Diagnostic::warning(
                        Code::VerdictDisputed,
                        format!(
                            "{} line {}: the text says \"{}\", but {}",
                            source.games[game].name, source.games[game].lines[index].label, claim.printed.trim(), verdict.line.join(" ")
                        ),
                        claim.span,
                    )
                    .with_label("stated result disputed by the count"),
                );
            } else if verdict.class == VerdictClass::Disputed && verdict.method != Some(VerdictMethod::Count) {
                let found = verdict.found.map_or("", outcome_words);
                let how = verdict.method.map_or("", method_words);
                let line = if verdict.line.is_empty() { String::new() } else { format!("; refutation: {}", verdict.line.join(" ")) };
                let at = verdict.position.as_ref().map_or(String::new(), |p| format!(" at {p}"));
                diagnostics.push(
                    Diagnostic::warning(
                        Code::VerdictDisputed,
                        format!(
                            "{} line {}: the book says \"{}\", but {found} is proven{at} ({how}){line}",
                            source.games[game].name, source.games[game].lines[index].label, claim.printed.trim()
                        ),
                        claim.span,
                    )
                    .with_label("stated result disputed"),
                );
            }
            source.games[game].lines[index].verdict = Some(verdict);
        }
    }
    source.diagnostics.extend(diagnostics);
}

/// A Go line's verdict on its stated result: the one its replay found (a
/// count on the board), else unknown, as no engine judges Go.
fn go_verdict(found: Option<&Verdict>) -> Verdict {
    found.cloned().unwrap_or_else(|| unknown(UnknownReason::NoEngine))
}

/// A piece of a game in `notation` judged as [`judge_source`] judges the
/// whole game: a line's stated result, where the line alone decides it (Go,
/// by the count its replay made). Only Go games come in pieces; what is
/// disputed is said when the counted game is judged (see [`judge_game`]).
pub fn judge_piece(piece: &mut GamePiece, notation: Notation) {
    if let (GamePiece::LineEnds(line), Kind::Go) = (piece, kind_of(notation))
        && line.stated_result.is_some()
    {
        line.verdict = Some(go_verdict(line.verdict.as_ref()));
    }
}

fn unknown(reason: UnknownReason) -> Verdict {
    Verdict { class: VerdictClass::Unknown, found: None, method: None, depth: 0, nodes: 0, line: Vec::new(), reason: Some(reason), position: None }
}

pub fn outcome_words(o: Outcome) -> &'static str {
    match o {
        Outcome::BlackWins => "a Black win",
        Outcome::WhiteWins => "a White win",
        Outcome::Draw => "a draw",
        Outcome::Unknown => "nothing",
    }
}

pub fn method_words(m: VerdictMethod) -> &'static str {
    match m {
        VerdictMethod::GameOver => "game over",
        VerdictMethod::Database => "endgame database",
        VerdictMethod::ExhaustiveSearch => "exhaustive search",
        VerdictMethod::BoundedSearch => "bounded search",
        VerdictMethod::Count => "count",
    }
}

/// The moves from the game's start to the end of line `index`: its parents'
/// moves up to each branch, then its own; and where that play starts.
/// `None` where the parent links are bad.
fn whole_line(game: &Game, index: usize) -> Option<(&Start, Vec<&[u8]>)> {
    let start = game.start_of_line(index)?;
    let moves = game.moves_from_start(index)?.into_iter().map(|m| m.squares.as_slice()).collect();
    Some((start, moves))
}

/// The outcome for each colour of a value for the side to move.
fn outcome_of(value: Wdl, turn: Color) -> Outcome {
    match (value, turn) {
        (Wdl::Draw, _) => Outcome::Draw,
        (Wdl::Win, Color::Black) | (Wdl::Loss, Color::White) => Outcome::BlackWins,
        (Wdl::Win, Color::White) | (Wdl::Loss, Color::Black) => Outcome::WhiteWins,
    }
}

/// Whether a line (or one of the lines it continues) stops before the book's end of it.
fn incomplete(game: &Game, index: usize) -> bool {
    // A parent's moves count only up to the branch, but a cut parent may
    // have lost moves before it: judge only lines whose whole path was read.
    game.ancestors(index).any(|i| {
        let line: &Line = &game.lines[i];
        matches!(line.status, LineStatus::Partial | LineStatus::Unreadable) || line.unread.is_some()
    })
}

fn judge_draughts_line(game: &Game, index: usize, claim: Outcome, judge: &Judge) -> Verdict {
    // A critical position whose diagram is lost starts on a board its solution implies, which
    // lacks any piece the solution does not touch: a verdict there would judge another position.
    if game.study.is_some() {
        return unknown(UnknownReason::NoPosition);
    }
    if claim == Outcome::Unknown {
        return unknown(UnknownReason::NoClaim);
    }
    if incomplete(game, index) {
        return unknown(UnknownReason::LineIncomplete);
    }
    let Some((start, moves)) = whole_line(game, index) else {
        return unknown(UnknownReason::NoPosition);
    };
    let Some(end) = start.draughts().and_then(Result::ok).and_then(|s| Position::from_setup(s).ok()).and_then(|start| {
        moves.iter().try_fold(start, |pos, squares| resolve(&pos, squares).ok().map(|m| pos.play(&m)))
    }) else {
        return unknown(UnknownReason::NoPosition);
    };
    judge_position(&end, claim, judge)
}

/// Plies and nodes the Lasca forced-win search may spend on one claim here
/// (the reader's own ending check searches deeper).
const LASCA_PLIES: u32 = 7;
const LASCA_NODES: u64 = 200_000;

/// A Lasca claim: a forced win for the side named is proven (or the loser has
/// no move), or a forced win for the other side disputes it. Lasca's search
/// proves only wins, so a draw claim stays unknown.
fn judge_lasca_line(game: &Game, index: usize, claim: Outcome) -> Verdict {
    use crate::rules::lasca;
    let winner = match claim {
        Outcome::WhiteWins => lasca::Color::White,
        Outcome::BlackWins => lasca::Color::Black,
        Outcome::Draw => return unknown(UnknownReason::NoEngine),
        Outcome::Unknown => return unknown(UnknownReason::NoClaim),
    };
    if incomplete(game, index) {
        return unknown(UnknownReason::LineIncomplete);
    }
    let Some((start, moves)) = whole_line(game, index) else {
        return unknown(UnknownReason::NoPosition);
    };
    let start = match start.lasca() {
        None => Some(lasca::Position::initial()),
        Some(Ok(setup)) => lasca::Position::from_setup(setup).ok(),
        Some(Err(_)) => None,
    };
    let Some(end) = start.and_then(|start| {
        moves.iter().try_fold(start, |pos, squares| {
            let mv = pos.legal_moves().into_iter().find(|mv| mv.from() == squares[0] && mv.landings().eq(squares[1..].iter().copied()))?;
            Some(pos.play(&mv))
        })
    }) else {
        return unknown(UnknownReason::NoPosition);
    };
    let side_outcome = |c: lasca::Color| if c == lasca::Color::White { Outcome::WhiteWins } else { Outcome::BlackWins };
    if end.legal_moves().is_empty() {
        let found = side_outcome(end.turn().other());
        let class = if found == claim { VerdictClass::Proven } else { VerdictClass::Disputed };
        return Verdict { class, found: Some(found), method: Some(VerdictMethod::GameOver), depth: 0, nodes: 1, line: Vec::new(), reason: None, position: None };
    }
    let proven = |c: lasca::Color| match lasca::forced_win(&end, c, LASCA_PLIES, LASCA_NODES) {
        lasca::Proof::Proven { plies } => Some(plies),
        _ => None,
    };
    if let Some(plies) = proven(winner) {
        return Verdict { class: VerdictClass::Proven, found: Some(claim), method: Some(VerdictMethod::ExhaustiveSearch), depth: plies, nodes: 0, line: Vec::new(), reason: None, position: None };
    }
    if let Some(plies) = proven(winner.other()) {
        let found = side_outcome(winner.other());
        return Verdict { class: VerdictClass::Disputed, found: Some(found), method: Some(VerdictMethod::ExhaustiveSearch), depth: plies, nodes: 0, line: Vec::new(), reason: None, position: None };
    }
    Verdict { depth: LASCA_PLIES, ..unknown(UnknownReason::Undecided) }
}

/// Solves already made in this thread: a book that reaches one position many
/// times (or a file holding a book twice) pays for its search once. The
/// search is bounded by nodes, so a remembered answer is the answer a new
/// search would give; the memory is emptied when it grows large. A database
/// is told apart by what it holds (its values are facts, the same in any copy).
fn solved(pos: &Position, judge: &Judge) -> solve::Solution {
    type Key = (Position, (u8, usize), u64, u32, std::time::Duration);
    const MAX_REMEMBERED: usize = 1 << 16;
    thread_local! {
        static SOLVED: std::cell::RefCell<std::collections::HashMap<Key, solve::Solution>> = Default::default();
    }
    let key = (*pos, (judge.db.pieces(), judge.db.memory_bytes()), judge.budget.nodes, judge.budget.max_depth, judge.budget.time);
    if let Some(s) = SOLVED.with_borrow(|m| m.get(&key).cloned()) {
        return s;
    }
    let s = solve::solve(pos, judge.db, judge.budget);
    SOLVED.with_borrow_mut(|m| {
        if m.len() >= MAX_REMEMBERED {
            m.clear();
        }
        m.insert(key, s.clone());
    });
    s
}

/// The verdict on `claim` for the position `pos`.
pub fn judge_position(pos: &Position, claim: Outcome, judge: &Judge) -> Verdict {
    let turn = pos.turn();
    let s = solved(pos, judge);
    let mut line = Vec::new();
    let mut here = *pos;
    for mv in &s.line {
        line.push(crate::text::draughts::move_text(&here, mv));
        here = here.play(mv);
    }
    let (class, found, method) = match s.value {
        Some(v) => {
            let found = outcome_of(v, turn);
            let method = match s.method {
                Method::GameOver => VerdictMethod::GameOver,
                Method::Database => VerdictMethod::Database,
                Method::Search => VerdictMethod::ExhaustiveSearch,
            };
            (if found == claim { VerdictClass::Proven } else { VerdictClass::Disputed }, Some(found), Some(method))
        }
        None => {
            let lean = s.estimate.map(|e| {
                if e >= LEANING {
                    outcome_of(Wdl::Win, turn)
                } else if e <= -LEANING {
                    outcome_of(Wdl::Loss, turn)
                } else {
                    Outcome::Draw
                }
            });
            if lean == Some(claim) {
                (VerdictClass::EngineConsistent, lean, Some(VerdictMethod::BoundedSearch))
            } else {
                (VerdictClass::Unknown, lean, Some(VerdictMethod::BoundedSearch))
            }
        }
    };
    Verdict {
        class,
        found,
        method,
        depth: s.depth,
        nodes: s.nodes,
        line,
        reason: (class == VerdictClass::Unknown).then_some(UnknownReason::Undecided),
        position: Some(crate::tree::Start::Draughts(pos.setup())),
    }
}

/// A verdict on each fit of each numbered position: the stated task judged
/// from the fit's setting (the printed solutions end in "&c.", so the setting
/// is where the claim is made).
pub fn judge_listed(positions: &mut [crate::notation::position_list::ListedPosition], judge: &Judge) {
    for p in positions {
        let Some(claim) = p.claim else { continue };
        for fit in &mut p.fits {
            let verdict = match Position::from_setup(fit.position).ok() {
                Some(pos) => judge_position(&pos, claim, judge),
                None => unknown(UnknownReason::NoPosition),
            };
            fit.verdict = Some(verdict);
        }
    }
}

/// A verdict on each fit of each Hoyle solution whose start was inferred:
/// the printed task judged from the fit (the solution starts there).
pub fn judge_fits(solutions: &mut [crate::notation::hoyle::SolutionFits], judge: &Judge) {
    for s in solutions {
        let Some(task) = s.task else { continue };
        for fit in &mut s.fits {
            let verdict = match Position::from_setup(fit.position).ok() {
                Some(pos) => judge_position(&pos, task.claim, judge),
                None => unknown(UnknownReason::NoPosition),
            };
            fit.verdict = Some(verdict);
        }
    }
}

/// Judges one game of a source read in `notation`, for a check that streams
/// games instead of holding the whole tree; gives back the game and the
/// diagnostics its disputed claims raise.
pub fn judge_game(game: Game, notation: Notation, judge: &Judge) -> (Game, Vec<Diagnostic>) {
    let mut one = Source { notation, games: vec![game], ..Source::default() };
    judge_source(&mut one, judge);
    (one.games.pop().unwrap_or_default(), one.diagnostics)
}

impl VerdictCounts {
    /// Counts one more verdict of `class`.
    pub fn add(&mut self, class: VerdictClass) {
        match class {
            VerdictClass::Proven => self.proven += 1,
            VerdictClass::EngineConsistent => self.engine_consistent += 1,
            VerdictClass::Disputed => self.disputed += 1,
            VerdictClass::Unknown => self.unknown += 1,
        }
    }

    /// Adds another count to this one (a total over sources).
    pub fn add_counts(&mut self, o: &VerdictCounts) {
        self.proven += o.proven;
        self.engine_consistent += o.engine_consistent;
        self.disputed += o.disputed;
        self.unknown += o.unknown;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::draughts::egdb;

    fn judge(db: &Egdb) -> Judge<'_> {
        Judge { db, budget: Budget { nodes: 20_000, ..Budget::default() } }
    }

    fn pos(fen: &str) -> Position {
        Position::from_setup(crate::rules::draughts::parse_fen(fen).unwrap()).unwrap()
    }

    #[test]
    fn two_kings_against_one_claimed_drawn_is_disputed() {
        let db = egdb::tests::four_piece_db();
        let v = judge_position(&pos("W:WK19,K23:BK32"), Outcome::Draw, &judge(db));
        assert_eq!((v.class, v.found, v.method), (VerdictClass::Disputed, Some(Outcome::WhiteWins), Some(VerdictMethod::Database)));
        assert!(!v.line.is_empty(), "a refuting line is shown");
        let v = judge_position(&pos("W:WK19,K23:BK32"), Outcome::WhiteWins, &judge(db));
        assert_eq!(v.class, VerdictClass::Proven);
    }

    #[test]
    fn a_pdn_draw_after_black_lost_every_piece_is_disputed() {
        let db = Egdb::empty();
        let mut source = crate::notation::pdn::read("t.pdn", "[Event \"x\"]\n[FEN \"W:W18:B14\"]\n[Result \"1/2-1/2\"]\n1. 18x9 1/2-1/2\n");
        judge_source(&mut source, &judge(&db));
        let v = source.games[0].lines[0].verdict.as_ref().unwrap();
        assert_eq!((v.class, v.found, v.method), (VerdictClass::Disputed, Some(Outcome::WhiteWins), Some(VerdictMethod::GameOver)));
        assert!(source.diagnostics.iter().any(|d| d.code == "verdict::disputed"));
    }

    #[test]
    fn without_a_database_search_still_judges() {
        let db = Egdb::empty();
        // White takes the last Black man at once.
        let v = judge_position(&pos("W:WK14:B10"), Outcome::WhiteWins, &judge(&db));
        assert_eq!((v.class, v.method), (VerdictClass::Proven, Some(VerdictMethod::ExhaustiveSearch)));
    }
}
