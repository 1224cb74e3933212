//! PDN: write → read round trips over random trees, the fast reader against the
//! pest grammar, and bad input.

use gamescribe::diagnostic::render;
use gamescribe::export::pdn::write_pdn;
use gamescribe::notation::numeric::describe;
use gamescribe::notation::pdn::{self, grammar};
use gamescribe::repair::noise::Rng;
use gamescribe::rules::draughts::{parse_fen, write_fen, Position, Setup};
use gamescribe::tree::{Game, Line, MoveNode, Outcome, Source, StatedResult};
use proptest::prelude::*;

/// A random game tree: a trunk and variations branching at random plies.
fn random_tree(seed: u64, start: Position, variations: usize) -> Source {
    let mut rng = Rng::new(seed);
    let mut lines: Vec<Line> = Vec::new();
    // Positions before each move of each line, and after the last.
    let mut positions: Vec<Vec<Position>> = Vec::new();
    for v in 0..=variations {
        let (parent, branch_ply, mut pos, avoid) = if v == 0 {
            (None, 0, start, None)
        } else {
            let p = rng.below(lines.len());
            if lines[p].moves.is_empty() {
                continue;
            }
            let k = rng.below(lines[p].moves.len());
            (Some(p), lines[p].branch_ply + k, positions[p][k], Some(lines[p].moves[k].squares.clone()))
        };
        let mut line = Line { label: if v == 0 { "trunk".into() } else { v.to_string() }, parent, branch_ply, ..Line::default() };
        let mut seen = vec![pos];
        for ply in 0..(5 + rng.below(30)) {
            let legal: Vec<_> = pos.legal_moves().into_iter().filter(|m| ply > 0 || Some(m.squares()) != avoid).collect();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            let (text, squares) = describe(&pos, &mv);
            line.moves.push(MoveNode { text: text.clone(), squares, printed: text, ..MoveNode::default() });
            pos = pos.play(&mv);
            seen.push(pos);
        }
        if v > 0 && line.moves.is_empty() {
            continue;
        }
        if rng.chance(0.3) {
            line.stated_result = Some(StatedResult { outcome: Outcome::Draw, printed: "Drawn.".into(), span: Default::default() });
        }
        lines.push(line);
        positions.push(seen);
    }
    if let Some(t) = lines.first_mut() {
        t.stated_result = Some(StatedResult { outcome: Outcome::WhiteWins, printed: "0-1".into(), span: Default::default() });
    }
    let game = Game { name: format!("random {seed}"), start: write_fen(&start.setup()), lines, ..Game::default() };
    Source { name: "random".into(), notation: "pdn".into(), games: vec![game], ..Source::default() }
}

/// What a round trip must keep: every line's place in the tree and its moves.
fn shape(source: &Source) -> Vec<(Option<usize>, usize, Vec<String>)> {
    let mut lines: Vec<_> = source.games.iter().flat_map(|g| g.lines.iter()).map(|l| (l.parent.map(|_| 1), l.branch_ply, l.moves.iter().map(|m| m.text.clone()).collect())).collect();
    lines.sort();
    lines
}

fn random_start(seed: u64) -> Position {
    // Some positions a few random plies in, some with the other side to move first.
    let mut rng = Rng::new(seed ^ 0xABCD);
    let mut pos = Position::initial();
    for _ in 0..rng.below(12) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos = pos.play(&legal[rng.below(legal.len())]);
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn write_read_keeps_every_line(seed in any::<u64>(), variations in 0usize..8) {
        let tree = random_tree(seed, random_start(seed), variations);
        let written = write_pdn(&tree);
        let back = pdn::read("t", &written);
        prop_assert!(back.diagnostics.is_empty(), "{}\n{:?}", written, back.diagnostics);
        prop_assert_eq!(shape(&back), shape(&tree));
        prop_assert_eq!(&back.games[0].start, &tree.games[0].start);
        // Writing what was read gives the same text: the format is a fixed point.
        prop_assert_eq!(write_pdn(&back), written);
    }

    #[test]
    fn fast_reader_agrees_with_the_pest_grammar(seed in any::<u64>(), variations in 0usize..6) {
        let tree = random_tree(seed, Position::initial(), variations);
        let written = write_pdn(&tree);
        let outline = grammar::outline(&written).map_err(TestCaseError::fail)?;
        let back = pdn::read("t", &written);
        let mut fast_moves: Vec<String> = back.games[0].lines.iter().flat_map(|l| l.moves.iter().map(|m| m.printed.clone())).collect();
        let mut pest_moves = outline[0].moves.clone();
        fast_moves.sort();
        pest_moves.sort();
        prop_assert_eq!(fast_moves, pest_moves);
        prop_assert_eq!(outline[0].variations, back.games[0].lines.len() - 1);
        let tags: Vec<String> = back.games[0].tags.iter().map(|t| t.0.clone()).collect();
        prop_assert_eq!(outline[0].tags.clone(), tags);
    }

    #[test]
    fn fen_write_read_round_trips(seed in any::<u64>()) {
        let setup = random_start(seed).setup();
        let text = write_fen(&setup);
        prop_assert_eq!(parse_fen(&text).unwrap(), setup);
        prop_assert_eq!(parse_fen(&format!("{text}.")).unwrap(), setup);
    }

    #[test]
    fn pdn_reader_survives_any_text(text in "[\\[\\]{}()0-9x\\-. \"*%;$A-Za-z\n]{0,200}") {
        let source = pdn::read("fuzz", &text);
        for d in &source.diagnostics {
            prop_assert!(d.span.end <= text.len());
        }
    }
}

fn rendered(text: &str) -> String {
    let source = pdn::read("input.pdn", text);
    render(&source.diagnostics, "input.pdn", text, false)
}

#[test]
fn bad_input_diagnostics() {
    insta::assert_snapshot!("unterminated_comment", rendered("[Event \"x\"]\n1. 11-15 {never closed 23-19\n"));
    insta::assert_snapshot!("unterminated_variation", rendered("1. 11-15 23-19 (1... 22-18 2. 15x22 *"));
    insta::assert_snapshot!("illegal_move", rendered("1. 11-15 23-19 2. 15-24 *"));
    insta::assert_snapshot!("bad_fen", rendered("[FEN \"B:W18,99:B1\"]\n1. 1-5 *"));
    insta::assert_snapshot!("not_squares", rendered("1. 99 100 *"));
    insta::assert_snapshot!("empty", rendered(""));
}

#[test]
fn ten_thousand_nested_variations_do_not_overflow() {
    let text = format!("1. 11-15 {} {} *", "(1. 11-16 ".repeat(10_000), ")".repeat(10_000));
    let source = pdn::read("deep", &text);
    assert!(source.diagnostics.iter().any(|d| d.code == "pdn::too-deep"));
    assert_eq!(source.games.len(), 1);
    assert_eq!(source.games[0].lines.len(), pdn::MAX_DEPTH + 1);
    // Writing the tree back does not recurse past the limit either.
    let written = write_pdn(&source);
    assert!(!written.is_empty());
    let unclosed = format!("1. 11-15 {}", "( 11-16 ".repeat(10_000));
    let source = pdn::read("deep", &unclosed);
    assert!(source.diagnostics.iter().any(|d| d.code == "pdn::unterminated-variation"));
}

#[test]
fn checkerboard_and_pydraughts_forms_are_read() {
    let text = "[Event \"CB\"]\n[FEN \"W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29.\"]\n%escape line\n1... 15-11 * 2. 12-8 1-0\n";
    let source = pdn::read("cb", text);
    assert!(source.diagnostics.iter().all(|d| d.code != "pdn::bad-fen"), "{:?}", source.diagnostics);
    let line = &source.games[0].lines[0];
    assert!(line.annotations.iter().any(|a| a.kind == "strength-mark" && a.text == "*"));
    assert_eq!(line.stated_result.as_ref().unwrap().outcome, Outcome::BlackWins);
    let _ = Setup::INITIAL;
}

/// Regression: a king's single jump `22x13` written in full is not ambiguous with
/// a tour 22x31x24x15x22x13 that ends on the same square.
#[test]
fn a_single_jump_in_full_beats_a_tour_with_the_same_ends() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/pdn/king-tour.pdn")).unwrap();
    let source = pdn::read("king-tour.pdn", &text);
    assert!(source.diagnostics.is_empty(), "{:?}", source.diagnostics);
    let trunk = &source.games[0].lines[0];
    assert!(trunk.moves.iter().any(|m| m.text == "22x13" && m.squares == [22, 13]));
}

/// The streaming validator and the tree reader agree on what they count.
#[test]
fn validator_agrees_with_the_reader() {
    let text = gamescribe::notation::pdn::bench::generate_pdn(200_000, 3);
    let stats = pdn::validate(&text);
    let source = pdn::read("g", &text);
    assert_eq!(stats.games, source.games.len());
    assert_eq!(stats.moves, source.lines().map(|l| l.moves.len()).sum::<usize>());
    assert_eq!(stats.errors, 0);
    for bad in ["1. 11-15 23-19 2. 15-24 *", "[FEN \"B:W18,99:B1\"]\n1. 1-5 *", "1. 99 100 *", "1. 11-15 (23-19 *"] {
        assert!(pdn::validate(bad).errors > 0, "{bad}");
        assert!(pdn::read("b", bad).error_count() > 0, "{bad}");
    }
}
