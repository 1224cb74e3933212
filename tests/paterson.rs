//! Paterson's natural notation, "the move", and Hoyle's solutions, over the
//! real corpus and random legal games.

use gamescribe::notation::hoyle;
use gamescribe::notation::numeric::ReadOptions;
use gamescribe::notation::paterson::{self, read_line, read_paterson_specimens_with_report, write_move};
use gamescribe::bench::noise::{random_game, Rng};
use gamescribe::rules::draughts::{parse_fen, Position};
use gamescribe::rules::the_move::the_move;
use gamescribe::span::Span;
use gamescribe::tree::LineStatus;
use proptest::prelude::*;

fn corpus(name: &str) -> String {
    std::fs::read_to_string(format!("{}/corpus/{name}", env!("CARGO_MANIFEST_DIR"))).expect("corpus file")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A random legal game written in natural notation reads back move for
    /// move, every capture mark verified and none missing.
    #[test]
    fn natural_notation_round_trips(seed in any::<u64>(), plies in 1usize..90) {
        let mut rng = Rng::new(seed);
        let start = Position::initial();
        let truth = random_game(&mut rng, &start, plies);
        prop_assume!(!truth.is_empty());
        let mut pos = start;
        let mut written = Vec::new();
        for mv in &truth {
            written.push(write_move(&pos, mv));
            pos = pos.play(mv);
        }
        let text = written.join("\n");
        let (line, diagnostics, marks) = read_line(&text, Span::new(0, text.len()), &start, &ReadOptions::default());
        prop_assert_eq!(line.status, LineStatus::Legal, "{}\n{:?}", text, diagnostics);
        prop_assert!(diagnostics.is_empty(), "{:?}", diagnostics);
        prop_assert_eq!(line.moves.len(), truth.len());
        for (node, mv) in line.moves.iter().zip(&truth) {
            let squares = mv.squares();
            prop_assert_eq!(node.squares.first(), squares.first());
            prop_assert_eq!(node.squares.last(), squares.last());
        }
        let captures = truth.iter().filter(|m| m.is_capture()).count();
        prop_assert_eq!(marks.captures, captures);
        prop_assert_eq!(marks.verified, captures);
        prop_assert_eq!(marks.missing + marks.wrong + marks.on_steps + marks.stray, 0);
    }

    /// Paterson's and Payne's rules agree on every position with equal forces
    /// reached in play.
    #[test]
    fn both_rules_of_the_move_agree_in_play(seed in any::<u64>(), plies in 0usize..60) {
        let mut rng = Rng::new(seed);
        let mut pos = Position::initial();
        for mv in random_game(&mut rng, &pos, plies) {
            pos = pos.play(&mv);
        }
        let report = the_move(&pos.setup());
        if report.equal_forces && report.payne.is_some() {
            prop_assert_eq!(report.rules_agree, Some(true), "{}", report.summary());
        }
    }
}

#[test]
fn at_the_start_the_second_player_has_the_move() {
    // A fact of the theory: in the opening position the second player (White) has the move.
    let setup = parse_fen("B:W21-32:B1-12").unwrap();
    let report = the_move(&setup);
    assert_eq!(report.holder, Some(gamescribe::rules::draughts::Color::White), "{}", report.summary());
    assert_eq!(report.rules_agree, Some(true));
}

#[test]
fn coordinates_match_patersons_examples() {
    use gamescribe::rules::draughts::Square;
    for (book, natural) in [(11, 33), (15, 44), (23, 46), (19, 35), (22, 66), (17, 75), (4, 11), (8, 22)] {
        assert_eq!(paterson::to_natural(Square::new(book).unwrap()), natural, "{book}");
        assert_eq!(paterson::from_natural(natural).map(|s| s.number()), Some(book), "{natural}");
    }
}

/// The specimens page of the 1852 book: per column, moves legal / printed,
/// marks verified / printed, and what was left unread and why.
#[test]
fn specimen_columns() {
    let text = corpus("anderson-1852-ocr.txt");
    let (source, reports) = read_paterson_specimens_with_report("anderson-1852-ocr.txt", &text);
    assert!(!reports.is_empty(), "{:?}", source.diagnostics);
    let summary: Vec<String> = reports
        .iter()
        .map(|r| {
            format!(
                "{}: {:?}, {}/{} moves legal, {} repaired, marks {}/{} verified, {} missing, {} wrong; branch {:?}; deviations {:?}",
                r.column, r.status, r.legal, r.printed, r.repaired, r.marks.verified, r.marks.printed, r.marks.missing, r.marks.wrong, r.branch, r.deviations
            )
        })
        .collect();
    insta::assert_snapshot!("specimen_columns", summary.join("\n"));
}

/// Hoyle's solutions: lines replayed against lines printed.
#[test]
fn hoyle_solutions() {
    let text = corpus("hoyle-draughts.txt");
    let (source, reports) = hoyle::read_hoyle_with("hoyle-draughts.txt", &text, &hoyle::HoyleOptions { infer: true, ..Default::default() });
    let lines = source.lines().count();
    let legal = source.lines().filter(|l| matches!(l.status, LineStatus::Legal | LineStatus::Repaired)).count();
    assert!(legal > 0);
    let summary: Vec<String> = reports.iter().map(|r| serde_json::to_string(r).unwrap()).collect();
    insta::assert_snapshot!("hoyle_solutions", format!("{legal} of {lines} lines replayed\n{}", summary.join("\n")));
    let names: Vec<String> = hoyle::openings(&text).iter().map(|o| format!("{} ({} moves)", o.name, o.moves.len())).collect();
    insta::assert_snapshot!("hoyle_openings", names.join("\n"));
}

/// The 14th–20th Positions at the end of the 1852 book: squares to FEN, and
/// every choice of kings under which the printed solution is legal.
#[test]
fn position_lists() {
    use gamescribe::notation::position_list::read_position_lists;
    let text = corpus("anderson-1852-ocr.txt");
    let (found, diagnostics) = read_position_lists(&text);
    assert_eq!(found.len(), 7, "{diagnostics:?}");
    let summary: Vec<String> = found
        .iter()
        .map(|p| {
            format!(
                "{} by {}: black {:?} white {:?} (lost {}+{}), {:?} {} — {} moves; {} of {} setups fit; always kings {:?}, always men {:?}; fewest kings {}",
                p.title,
                p.author,
                p.black,
                p.white,
                p.lost_black,
                p.lost_white,
                p.turn,
                p.task,
                p.solution.len(),
                p.fits.len(),
                p.tried,
                p.always_kings,
                p.always_men,
                p.fits.first().map_or("-".to_string(), |f| gamescribe::rules::draughts::write_fen(&f.position))
            )
        })
        .collect();
    insta::assert_snapshot!("position_lists", summary.join("\n"));
    // Every fit is a position where both rules of the move apply or forces differ.
    for p in &found {
        for f in &p.fits {
            assert!(!f.the_move.contains("DISAGREE"), "{}: {}", p.title, f.the_move);
        }
    }
}

/// Each specimen against the columnar line its footnote names, as far as the
/// columnar reader recovered it.
#[test]
fn specimens_are_cross_checked_against_the_columnar_games() {
    let text = corpus("anderson-1852-ocr.txt");
    let (specimens, _) = read_paterson_specimens_with_report("anderson", &text);
    let book = gamescribe::notation::anderson::read("anderson", &text);
    let checks = paterson::cross_check(&specimens, &book);
    let lines: Vec<String> = checks.iter().map(|c| c.summary()).collect();
    // Four comparisons: the Old 14th and its variation 1, Whilter, Single Corner.
    assert_eq!(checks.len(), 4, "{lines:#?}");
    // The trunk is compared move by move; the three variations were not recovered.
    assert_eq!(checks.iter().filter(|c| c.agreement.is_some()).count(), 1, "{lines:#?}");
    insta::assert_snapshot!("specimen_cross_check", lines.join("\n"));
}
