//! Go: the stated result (SGF `RE`, the record's `result:`) and each `count:`
//! a line gives, judged against the engine's count of the board where the
//! line ends. The count needs to know which stones are dead: a record that
//! marks none (no `dead:`, no `count:`, no SGF `TB`/`TW` territory) gets
//! `unknown`, never a guess; so does a result won by resignation or time.

use crate::notation::go_corner::from_sgf;
use crate::notation::go_record::{GoClaim, Replay, ReplayedLine};
use crate::rules::go::{Color, Point, Position, Score, Scoring};
use crate::tree::{Game, GoGameInfo, GoLineInfo, GoMove, Outcome, StatedResult, UnknownReason, Verdict, VerdictClass, VerdictMethod};

/// What the trunk's stated result is judged on: the trunk's Go data (dead
/// stones, a count), the territory marked where it ends, and how far it
/// replayed. A check that reads a game move by move keeps only these of its trunk.
pub struct TrunkEnd<'a> {
    pub line: &'a GoLineInfo,
    /// Points SGF `TB` and `TW` mark as Black's and White's.
    pub territory: (Vec<Point>, Vec<Point>),
    pub replayed: TrunkReplayed<'a>,
}

/// How far the trunk replayed.
pub enum TrunkReplayed<'a> {
    /// The game's setup is no position: nothing was replayed.
    NotSetUp,
    /// An illegal move stopped it.
    Stopped,
    /// It ended here.
    Ended(&'a Position),
}

impl<'a> TrunkReplayed<'a> {
    fn of(line: Option<&'a ReplayedLine>) -> TrunkReplayed<'a> {
        match line {
            None => TrunkReplayed::NotSetUp,
            Some(r) if r.stopped => TrunkReplayed::Stopped,
            Some(r) => TrunkReplayed::Ended(&r.end),
        }
    }
}

/// Every claim of `game` with its verdict, by line index.
pub fn judge_game(game: &Game, replay: &Replay) -> Vec<(usize, StatedResult, Verdict)> {
    let mut out = Vec::new();
    let no_info = GoGameInfo::default();
    let info = game.go_info().unwrap_or(&no_info);
    let no_line = GoLineInfo::default();
    let trunk = TrunkEnd { line: game.lines.first().map_or(&no_line, |l| l.go_info()), territory: marked_territory(game), replayed: TrunkReplayed::of(replay.lines.first()) };
    if let Some((stated, verdict)) = judge_stated_result(game, &trunk) {
        out.push((0, stated, verdict));
    }
    for (i, line) in game.lines.iter().enumerate() {
        let Some(expected) = &line.go_info().expected_count else { continue };
        if i == 0 && info.result.is_some() {
            // The trunk's result speaks for its count (a line holds one claim).
            continue;
        }
        let printed = format!("count: black {} white {}", expected.black, expected.white);
        let stated = StatedResult { outcome: sign(expected.black as f64 - expected.white as f64), printed, span: expected.span };
        let verdict = match replay.lines.get(i) {
            Some(r) if !r.stopped => {
                let board = (r.count.black_total, r.count.white_total);
                let class = if board == (expected.black, expected.white) { VerdictClass::Proven } else { VerdictClass::Disputed };
                counted(class, &r.count, 0.0)
            }
            _ => unknown(UnknownReason::LineIncomplete),
        };
        out.push((i, stated, verdict));
    }
    out
}

fn outcome_of_claim(claim: GoClaim) -> Outcome {
    match claim {
        GoClaim::Score { winner, .. } | GoClaim::NotCounted { winner } => winner_outcome(winner),
        GoClaim::Jigo => Outcome::Draw,
        GoClaim::Nothing => Outcome::Unknown,
    }
}

fn winner_outcome(c: Color) -> Outcome {
    match c {
        Color::Black => Outcome::BlackWins,
        Color::White => Outcome::WhiteWins,
    }
}

fn sign(margin: f64) -> Outcome {
    if margin > 0.0 {
        Outcome::BlackWins
    } else if margin < 0.0 {
        Outcome::WhiteWins
    } else {
        Outcome::Draw
    }
}

fn unknown(reason: UnknownReason) -> Verdict {
    Verdict { class: VerdictClass::Unknown, found: None, method: None, depth: 0, nodes: 0, line: Vec::new(), reason: Some(reason), position: None }
}

/// A verdict from a count: what the board gives is shown as the proof.
fn counted(class: VerdictClass, score: &Score, komi: f64) -> Verdict {
    let margin = score.margin() as f64 - komi;
    let result = match sign(margin) {
        Outcome::BlackWins => format!("B+{margin}"),
        Outcome::WhiteWins => format!("W+{}", -margin),
        _ => "0 (jigo)".to_string(),
    };
    let komi = if komi == 0.0 { String::new() } else { format!(", komi and compensation {komi}") };
    let scoring = match score.scoring {
        Scoring::Area => "area",
        Scoring::Territory => "territory",
    };
    Verdict {
        class,
        found: Some(sign(margin)),
        method: Some(VerdictMethod::Count),
        depth: 0,
        nodes: 0,
        line: vec![format!("the board counts Black {} White {} ({scoring}{komi}): {result}", score.black_total, score.white_total)],
        reason: None,
        position: None,
    }
}

/// The game's stated result (SGF `RE`, the record's `result:`), if it
/// states one, with its verdict: the trunk's end (`trunk`) counted. `game`
/// gives the Go data and where the result is printed; its moves are not read.
pub fn judge_stated_result(game: &Game, trunk: &TrunkEnd) -> Option<(StatedResult, Verdict)> {
    let no_info = GoGameInfo::default();
    let info = game.go_info().unwrap_or(&no_info);
    let text = info.result.as_ref()?;
    let claim = GoClaim::read(text);
    let span = info.result_span.or_else(|| game.lines.first().map(|l| l.span)).unwrap_or(game.span);
    let stated = StatedResult { outcome: outcome_of_claim(claim), printed: text.clone(), span };
    Some((stated, judge_result(info, trunk, claim)))
}

/// The trunk's stated result against the count of its final board.
fn judge_result(info: &GoGameInfo, trunk: &TrunkEnd, claim: GoClaim) -> Verdict {
    match claim {
        GoClaim::Nothing => return unknown(UnknownReason::NoClaim),
        GoClaim::NotCounted { .. } => return unknown(UnknownReason::NotCounted),
        GoClaim::Score { .. } | GoClaim::Jigo => {}
    }
    let line = trunk.line;
    let end = match trunk.replayed {
        TrunkReplayed::NotSetUp => return unknown(UnknownReason::NoPosition),
        TrunkReplayed::Stopped => return unknown(UnknownReason::LineIncomplete),
        TrunkReplayed::Ended(end) => end,
    };
    let (territory_black, territory_white) = &trunk.territory;
    let marked = !line.dead.is_empty() || line.expected_count.is_some() || !territory_black.is_empty() || !territory_white.is_empty();
    if !marked {
        return unknown(UnknownReason::NoDeadStones);
    }
    let mut board = end.clone();
    // Stones standing in the other side's marked territory are dead.
    let mut dead = line.dead.clone();
    dead.extend(territory_black.iter().filter(|&&p| board.at(p) == Some(Color::White)));
    dead.extend(territory_white.iter().filter(|&&p| board.at(p) == Some(Color::Black)));
    board.remove_dead(&dead);
    let scoring = match info.ruleset.as_deref().map(str::to_ascii_lowercase) {
        Some(r) if r.contains("japan") || r.contains("korea") => Scoring::Territory,
        Some(_) => Scoring::Area,
        None => info.scoring,
    };
    let score = board.score(scoring);
    if scoring == Scoring::Area && score.neutral > 0 && !end.is_over() && line.expected_count.is_none() {
        // The source's count comes after the neutral points are filled; who fills which is not on the board.
        return unknown(UnknownReason::NeutralPoints);
    }
    // White's compensation: komi, and under area rules a point a handicap
    // stone (Chinese) or a point for each after the first (AGA).
    let handicap = info.extra.iter().find(|(k, _)| k == "HA").and_then(|(_, v)| v.first()).and_then(|v| v.trim().parse::<u32>().ok()).unwrap_or(0);
    let rules = info.ruleset.as_deref().map(str::to_ascii_lowercase).unwrap_or_default();
    let compensation = match (scoring, handicap) {
        (_, 0 | 1) | (Scoring::Territory, _) => 0.0,
        _ if rules.contains("aga") => f64::from(handicap - 1),
        _ if rules.contains("chin") => f64::from(handicap),
        // Which compensation the game used is not written: the count would be a guess.
        _ => return unknown(UnknownReason::CountConvention),
    };
    let komi = info.komi.unwrap_or(0.0) + compensation;
    let margin = score.margin() as f64 - komi;
    let (winner_agrees, margin_agrees) = match claim {
        GoClaim::Score { winner, margin: stated } => (sign(margin) == winner_outcome(winner), stated.is_none_or(|m| (m - margin.abs()).abs() < 1e-6)),
        _ => (margin == 0.0, margin == 0.0),
    };
    let class = match (winner_agrees, margin_agrees) {
        (true, true) => VerdictClass::Proven,
        (false, _) => VerdictClass::Disputed,
        // SGF (rules named, or territory marked) does not carry all the rules'
        // conventions (seki, dame, prisoners of passes): the same winner by
        // another margin is not a refutation there.
        (true, false) if info.ruleset.is_some() || !territory_black.is_empty() || !territory_white.is_empty() => {
            return Verdict { class: VerdictClass::Unknown, reason: Some(UnknownReason::CountConvention), ..counted(VerdictClass::Unknown, &score, komi) };
        }
        (true, false) => VerdictClass::Disputed,
    };
    counted(class, &score, komi)
}

/// The points SGF `TB` and `TW` mark as Black's and White's territory at the
/// end of the trunk (its last move's node and the moveless nodes after it).
fn marked_territory(game: &Game) -> (Vec<Point>, Vec<Point>) {
    let mut marked = (Vec::new(), Vec::new());
    let Some(line) = game.lines.first() else { return marked };
    let last = line.moves.last().and_then(|m| m.go.as_deref()).map(GoMove::extra);
    for extra in last.into_iter().chain(line.go_info().after.iter().map(|n| n.extra.as_slice())) {
        add_marked_territory(&mut marked, extra, game.go_size());
    }
    marked
}

/// Adds the points a node's `TB` and `TW` (among its other properties) mark.
pub fn add_marked_territory(marked: &mut (Vec<Point>, Vec<Point>), extra: &[(String, Vec<String>)], size: u8) {
    for (ident, values) in extra {
        let into = match ident.as_str() {
            "TB" => &mut marked.0,
            "TW" => &mut marked.1,
            _ => continue,
        };
        for v in values {
            into.extend(point_or_rectangle(v, size));
        }
    }
}

/// An SGF point value, `[aa]` or a compressed rectangle `[aa:cc]` (brackets optional).
fn point_or_rectangle(value: &str, size: u8) -> Vec<Point> {
    let v = value.trim().trim_start_matches('[').trim_end_matches(']');
    match v.split_once(':') {
        None => from_sgf(v, size).into_iter().collect(),
        Some((a, b)) => match (from_sgf(a, size), from_sgf(b, size)) {
            (Some(a), Some(b)) => {
                let mut out = Vec::new();
                for x in a.x.min(b.x)..=a.x.max(b.x) {
                    for y in a.y.min(b.y)..=a.y.max(b.y) {
                        out.push(Point::new(x, y));
                    }
                }
                out
            }
            _ => Vec::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::go_record::{parse, replay};

    fn judged(text: &str) -> Vec<(usize, StatedResult, Verdict)> {
        let p = parse(text);
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        judge_game(&p.game, &replay(&p.game))
    }

    /// 5×5: Black holds columns 1–2 (x 0–1), White columns 4–5, column 3 empty.
    const SPLIT: &str = "size: 5\ncorner: 平\nblack: 1 2, 2 2, 3 2, 4 2, 5 2\nwhite: 1 4, 2 4, 3 4, 4 4, 5 4\n";

    #[test]
    fn a_result_the_count_confirms_is_proven_and_the_opposite_disputed() {
        // The neutral middle column filled in turn: Black takes three of its five points.
        let filled = format!("{SPLIT}B 1 3\nW 2 3\nB 3 3\nW 4 3\nB 5 3\n");
        let text = format!("{filled}count: black 13 white 12\nresult: B+1\n");
        let v = judged(&text);
        assert_eq!(v.len(), 1, "the trunk's result speaks for its count");
        assert_eq!((v[0].1.outcome, v[0].2.class, v[0].2.method), (Outcome::BlackWins, VerdictClass::Proven, Some(VerdictMethod::Count)));
        let wrong = judged(&text.replace("result: B+1", "result: W+1"));
        assert_eq!((wrong[0].2.class, wrong[0].2.found), (VerdictClass::Disputed, Some(Outcome::BlackWins)));
        assert!(wrong[0].2.line[0].contains("Black 13 White 12"), "{:?}", wrong[0].2.line);
        let margin = judged(&text.replace("result: B+1", "result: B+6"));
        assert_eq!(margin[0].2.class, VerdictClass::Disputed, "the right winner by the wrong margin is not the stated result");
    }

    #[test]
    fn without_dead_stone_marks_or_a_count_the_verdict_is_unknown() {
        let v = judged(&format!("{SPLIT}result: B+1\n"));
        assert_eq!((v[0].2.class, v[0].2.reason), (VerdictClass::Unknown, Some(UnknownReason::NoDeadStones)));
        let v = judged(&format!("{SPLIT}result: W+R\n"));
        assert_eq!((v[0].1.outcome, v[0].2.reason), (Outcome::WhiteWins, Some(UnknownReason::NotCounted)));
    }

    #[test]
    fn a_count_line_off_the_trunk_gets_its_own_verdict() {
        let text = format!("{SPLIT}B 1 3\nW 2 3\nB 3 3\nW 4 3\nB 5 3\nline: alt from trunk after 0\nB 3 3\ncount: black 13 white 12\n");
        let v = judged(&text);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].0, 1);
        assert_eq!(v[0].2.class, VerdictClass::Disputed, "after one move the board counts Black 11 White 10");
    }

    fn judged_sgf(text: &str) -> Verdict {
        let parsed = crate::notation::sgf::parse(text);
        let game = &parsed.games[0];
        judge_game(game, &replay(game)).remove(0).2
    }

    /// The middle column filled in turn, then territory marked: Black 13, White 12 by area.
    const FILLED: &str = "(;GM[1]FF[4]SZ[5]KM[0]RU[Chinese]RE[B+1]AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de];B[ca];W[cb];B[cc];W[cd];B[ce];W[];B[]TB[aa][ab][ac][ad][ae]TW[ea][eb][ec][ed][ee])";

    #[test]
    fn sgf_results_are_counted_with_territory_marks_and_handicap_compensation() {
        assert_eq!(judged_sgf(FILLED).class, VerdictClass::Proven);
        assert_eq!(judged_sgf(&FILLED.replace("RE[B+1]", "RE[W+1]")).class, VerdictClass::Disputed);
        // AGA gives White a point for each handicap stone after the first: a draw.
        let aga = FILLED.replace("RU[Chinese]", "RU[AGA]HA[2]");
        assert_eq!(judged_sgf(&aga).class, VerdictClass::Disputed);
        assert_eq!(judged_sgf(&aga.replace("RE[B+1]", "RE[0]")).class, VerdictClass::Proven);
        // Chinese rules: a point each, so White by one.
        assert_eq!(judged_sgf(&FILLED.replace("RU[Chinese]", "RU[Chinese]HA[2]").replace("RE[B+1]", "RE[W+1]")).class, VerdictClass::Proven);
        // A handicap without rules that say how it is compensated: no guess.
        let v = judged_sgf(&FILLED.replace("RU[Chinese]", "HA[2]"));
        assert_eq!((v.class, v.reason), (VerdictClass::Unknown, Some(UnknownReason::CountConvention)));
        // The right winner by another margin, under rules whose conventions SGF does not carry.
        let v = judged_sgf(&FILLED.replace("RE[B+1]", "RE[B+3]"));
        assert_eq!((v.class, v.reason), (VerdictClass::Unknown, Some(UnknownReason::CountConvention)));
        // Without territory marks the dead stones are not known.
        let v = judged_sgf(&FILLED.replace("TB[aa][ab][ac][ad][ae]TW[ea][eb][ec][ed][ee]", ""));
        assert_eq!(v.reason, Some(UnknownReason::NoDeadStones));
    }

    #[test]
    fn sgf_territory_marks_name_the_dead_stones() {
        assert_eq!(point_or_rectangle("aa:bb", 9).len(), 4);
        assert_eq!(point_or_rectangle("cc", 9), vec![Point::new(2, 2)]);
        assert!(point_or_rectangle("zz", 9).is_empty());
    }
}
