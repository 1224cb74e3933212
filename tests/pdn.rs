//! PDN: write → read round trips over random annotated trees, the fast parser
//! against the pest grammar, the streaming validator against the reader, the
//! corpus, and bad input.

use gamescribe::diagnostic::render;
use gamescribe::export::pdn::write_pdn;
use gamescribe::text::draughts::describe;
use gamescribe::notation::pdn::{self, grammar, syntax};
use gamescribe::bench::noise::Rng;
use gamescribe::rules::draughts::{parse_fen, write_fen, Position};
use gamescribe::tree::{Annotation, AnnotationKind, Game, Line, LineStatus, MoveNode, Outcome, Source, StatedResult, Unread};
use proptest::prelude::*;
use tree_canon::canonical;
use std::path::Path;

mod tree_canon;

const COMMENTS: [&str; 8] = [
    "a note",
    "braces {inside} here",
    "two\nlines  and   blanks",
    "result: unclear",
    "unread: not really",
    "variation of sorts",
    "comment: itself",
    "not read: either",
];

fn annotation(kind: &str, text: &str) -> Annotation {
    Annotation { kind: AnnotationKind::from_name(kind).expect("a kind"), text: text.into(), span: Default::default() }
}

/// Annotations a move may carry: at most one strength mark, first (the
/// writer glues it to the move), then comments, NAGs, escapes, unread text.
fn random_move_annotations(rng: &mut Rng) -> Vec<Annotation> {
    let mut out = Vec::new();
    if rng.chance(0.1) {
        out.push(annotation("strength-mark", ["!", "?", "!?", "*"][rng.below(4)]));
    }
    for _ in 0..rng.below(3) {
        if !rng.chance(0.3) {
            continue;
        }
        out.push(match rng.below(4) {
            0 => annotation("comment", COMMENTS[rng.below(COMMENTS.len())]),
            1 => annotation("nag", &format!("${}", rng.below(140))),
            2 => annotation("escape", "escape text"),
            _ => annotation("unread", "99 100 ~"),
        });
    }
    out
}

/// A random game tree: a trunk and variations branching at random plies of
/// random earlier lines, with comments, marks, NAGs, results and unread text.
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
        let mut line = Line { label: if v == 0 { "trunk".into() } else { format!("V.{v}") }, parent, branch_ply, ..Line::default() };
        if rng.chance(0.2) {
            line.annotations.push(annotation("comment", COMMENTS[rng.below(COMMENTS.len())]));
        }
        let mut seen = vec![pos];
        for ply in 0..(3 + rng.below(30)) {
            let legal: Vec<_> = pos.legal_moves().into_iter().filter(|m| ply > 0 || Some(m.squares()) != avoid).collect();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            let (text, squares) = describe(&pos, &mv);
            let annotations = random_move_annotations(&mut rng);
            line.moves.push(MoveNode { text: text.clone(), squares, printed: text, annotations, ..MoveNode::default() });
            pos = pos.play(&mv);
            seen.push(pos);
        }
        if v > 0 && line.moves.is_empty() {
            continue;
        }
        if v > 0 && rng.chance(0.3) {
            line.stated_result = Some(StatedResult { outcome: Outcome::Draw, printed: "Drawn.".into(), span: Default::default() });
        }
        if rng.chance(0.1) {
            line.unread = Some(Unread { raw: "11 l5 23 I9".into(), span: Default::default() });
            line.status = LineStatus::Partial;
        }
        lines.push(line);
        positions.push(seen);
    }
    if let Some(t) = lines.first_mut() {
        let outcome = [Outcome::WhiteWins, Outcome::BlackWins, Outcome::Draw, Outcome::Unknown][(seed % 4) as usize];
        t.stated_result = Some(StatedResult { outcome, printed: pdn::score(outcome).into(), span: Default::default() });
    }
    let tags = vec![("Site".to_string(), "Glasgow \"Central\" \\ hall".to_string()), ("Round".into(), seed.to_string())];
    let game = Game { name: format!("random {seed}"), tags, start: gamescribe::tree::Start::Draughts(start.setup()), lines, ..Game::default() };
    Source { name: "random".into(), notation: gamescribe::tree::Notation::Pdn, games: vec![game], ..Source::default() }
}

fn tags_of_its_own(game: &Game) -> Vec<(String, String)> {
    game.tags.iter().filter(|(n, _)| !["Event", "GameType", "SetUp", "FEN", "Result"].contains(&n.as_str())).cloned().collect()
}

fn random_start(seed: u64) -> Position {
    // Some positions a few random plies in, some with White to move first.
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

/// Random token soup: mostly clean PDN pieces, so the grammar often accepts it.
fn soup(seed: u64, len: usize) -> String {
    const PIECES: [&str; 24] = [
        "1.", "12...", "11-15", "23-19", "9x18x27", "22x15!", "8-11?!", "$3", "{c}", "{x (y)}", "(", ")", "(", ")", "*", "1-0", "0-1",
        "1/2-1/2", "[Event \"e\"]\n", "[FEN \"B:W21-32:B1-12\"]\n", "\n%escape\n", ";note\n", "32-28*", "~x",
    ];
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    for _ in 0..len {
        out.push_str(PIECES[rng.below(PIECES.len())]);
        out.push(if rng.chance(0.2) { '\n' } else { ' ' });
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn write_read_keeps_the_whole_tree(seed in any::<u64>(), variations in 0usize..8) {
        let tree = random_tree(seed, random_start(seed), variations);
        let written = write_pdn(&tree);
        let back = pdn::read("t", &written);
        prop_assert!(back.diagnostics.is_empty(), "{}\n{:?}", written, back.diagnostics);
        prop_assert_eq!(back.games.len(), 1);
        prop_assert_eq!(canonical(&back.games[0]), canonical(&tree.games[0]), "{}", written);
        prop_assert_eq!(&back.games[0].start, &tree.games[0].start);
        prop_assert_eq!(&back.games[0].name, &tree.games[0].name);
        prop_assert_eq!(tags_of_its_own(&back.games[0]), tree.games[0].tags.clone());
        // Writing what was read gives the same text: the format is a fixed point.
        prop_assert_eq!(write_pdn(&back), written);
    }

    #[test]
    fn fast_parser_agrees_with_the_pest_grammar_on_written_files(seed in any::<u64>(), variations in 0usize..6) {
        let tree = random_tree(seed, random_start(seed), variations);
        let written = write_pdn(&tree);
        let reference = grammar::events(&written).map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
        let parsed = syntax::parse(&written);
        prop_assert!(parsed.diagnostics.is_empty());
        let fast: Vec<_> = parsed.games.iter().map(|g| syntax::events(g, &written)).collect();
        prop_assert_eq!(fast, reference);
    }

    #[test]
    fn fast_parser_agrees_with_the_pest_grammar_wherever_it_accepts(seed in any::<u64>(), len in 0usize..40) {
        let text = soup(seed, len);
        if let Ok(reference) = grammar::events(&text) {
            let parsed = syntax::parse(&text);
            prop_assert!(parsed.diagnostics.is_empty(), "{}\n{:?}", text, parsed.diagnostics);
            let fast: Vec<_> = parsed.games.iter().map(|g| syntax::events(g, &text)).collect();
            prop_assert_eq!(fast, reference, "{}", text);
        }
    }

    #[test]
    fn the_validator_finds_errors_exactly_where_the_reader_does(seed in any::<u64>(), len in 0usize..40) {
        let text = soup(seed, len);
        let stats = pdn::validate(&text);
        let source = pdn::read("t", &text);
        prop_assert_eq!(stats.errors, source.error_count(), "{}\n{:#?}", text, source.diagnostics);
        prop_assert_eq!(stats.games, source.games.len(), "{}", text);
        prop_assert_eq!(stats.moves, source.lines().map(|l| l.moves.len()).sum::<usize>(), "{}", text);
    }

    #[test]
    fn the_parallel_validator_counts_as_the_sequential_one(seeds in proptest::collection::vec(any::<u64>(), 1..6), parts in 1usize..8) {
        // Several soups joined: many places where a line starts a tag.
        let text: String = seeds.iter().map(|&s| soup(s, 12) + "\n").collect();
        prop_assert_eq!(pdn::validate_parallel(&text, parts), pdn::validate(&text), "{}", text);
    }

    #[test]
    fn fen_write_read_round_trips(seed in any::<u64>()) {
        let setup = random_start(seed).setup();
        let text = write_fen(&setup);
        prop_assert_eq!(parse_fen(&text).unwrap(), setup);
        prop_assert_eq!(parse_fen(&format!("{text}.")).unwrap(), setup);
    }

    #[test]
    fn pdn_reader_survives_any_text(text in "[\\[\\]{}()0-9x\\-. \"*%;$A-Za-z\n\u{0}é€]{0,200}") {
        let source = pdn::read("fuzz", &text);
        for d in &source.diagnostics {
            prop_assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "{:?}", d);
            prop_assert!(text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end), "{:?}", d);
        }
        for m in source.lines().flat_map(|l| &l.moves) {
            prop_assert_eq!(m.span.slice(&text), m.printed.as_str());
        }
        let stats = pdn::validate(&text);
        prop_assert_eq!(stats.errors == 0, source.error_count() == 0, "{}", text);
    }
}

fn rendered(text: &str) -> String {
    let source = pdn::read("input.pdn", text);
    render(&source.diagnostics, "input.pdn", text, false)
}

/// Deterministic bytes of every value, as a file of binary junk read lossily.
fn binary_junk(n: usize) -> String {
    let mut rng = Rng::new(77);
    let bytes: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn bad_input_diagnostics() {
    insta::assert_snapshot!("unterminated_comment", rendered("[Event \"x\"]\n1. 11-15 {never closed 23-19\n"));
    insta::assert_snapshot!("unterminated_variation", rendered("1. 11-15 23-19 (1... 22-18 2. 15x22 *"));
    insta::assert_snapshot!("illegal_move", rendered("1. 11-15 23-19 2. 15-24 *"));
    insta::assert_snapshot!("bad_fen", rendered("[FEN \"B:W18,99:B1\"]\n1. 1-5 *"));
    insta::assert_snapshot!("not_squares", rendered("1. 99 100 *"));
    insta::assert_snapshot!("empty", rendered(""));
    insta::assert_snapshot!("binary_junk", rendered(&binary_junk(120)));
    insta::assert_snapshot!("deep_nesting", rendered(&format!("1. 11-15 {}{} *", "(11-15\n".repeat(300), ")".repeat(300))));
    insta::assert_snapshot!("ambiguous_capture", rendered("[FEN \"B:W14,15,22,23:B10\"]\n1. 10x26 *"));
    insta::assert_snapshot!("game_type", rendered("[GameType \"20\"]\n1. 32-28 19-23 *"));
    insta::assert_snapshot!("tag_inside_variation", rendered("1. 11-15 (1. 9-13\n[Event \"next\"]\n1. 11-15 *"));
}

#[test]
fn ten_thousand_nested_variations_do_not_overflow() {
    let text = format!("1. 11-15 {} {} *", "(1. 11-16 ".repeat(10_000), ")".repeat(10_000));
    let source = pdn::read("deep", &text);
    assert!(source.diagnostics.iter().any(|d| d.code == "pdn::too-deep"));
    assert_eq!(source.games.len(), 1);
    assert_eq!(source.games[0].lines.len(), pdn::MAX_DEPTH + 1);
    // The skipped part is kept as text, not dropped.
    let kept: usize = source.lines().flat_map(|l| l.annotations.iter().chain(l.moves.iter().flat_map(|m| &m.annotations))).filter(|a| a.kind == "unread").map(|a| a.text.len()).sum();
    assert!(kept > 9_000 * "(1. 11-16 ".len(), "{kept}");
    // Writing the tree back does not recurse past the limit either.
    let written = write_pdn(&source);
    assert!(written.contains("11-15"));
    assert_eq!(pdn::validate(&text).errors, source.error_count());
    let unclosed = format!("1. 11-15 {}", "( 11-16 ".repeat(10_000));
    let source = pdn::read("deep", &unclosed);
    assert!(source.diagnostics.iter().any(|d| d.code == "pdn::unterminated-variation"));
}

#[test]
fn checkerboard_and_pydraughts_forms_are_read() {
    let text = "[Event \"CB\"]\n[FEN \"W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29.\"]\n%escape line\n1... 15-11 * 2. 22x8 1-0\n";
    let source = pdn::read("cb", text);
    assert!(source.diagnostics.is_empty(), "{:?}", source.diagnostics);
    let line = &source.games[0].lines[0];
    assert_eq!(line.annotations[0].kind, "escape");
    assert!(line.moves[0].annotations.iter().any(|a| a.kind == "strength-mark" && a.text == "*"));
    assert_eq!(line.stated_result.as_ref().unwrap().outcome, Outcome::BlackWins);
    assert_eq!(source.games[0].start.draughts().unwrap().map_err(|_| ()), parse_fen("W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29").map_err(|_| ()));
}

/// Regression: a king's single jump `22x13` written in full is not ambiguous with
/// a tour 22x31x24x15x22x13 that ends on the same square.
#[test]
fn a_single_jump_in_full_beats_a_tour_with_the_same_ends() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/pdn/valid/king-tour.pdn")).unwrap();
    let source = pdn::read("king-tour.pdn", &text);
    assert!(source.diagnostics.is_empty(), "{:?}", source.diagnostics);
    let trunk = &source.games[0].lines[0];
    assert!(trunk.moves.iter().any(|m| m.text == "22x13" && m.squares == [22, 13]));
}

/// The streaming validator and the tree reader agree on a generated file.
#[test]
fn validator_agrees_with_the_reader() {
    let text = gamescribe::bench::pdn::generate_pdn(200_000, 3);
    let stats = pdn::validate(&text);
    let source = pdn::read("g", &text);
    assert_eq!(stats.games, source.games.len());
    assert_eq!(stats.moves, source.lines().map(|l| l.moves.len()).sum::<usize>());
    assert_eq!(stats.errors, 0);
    assert_eq!(source.error_count(), 0);
    for bad in ["1. 11-15 23-19 2. 15-24 *", "[FEN \"B:W18,99:B1\"]\n1. 1-5 *", "1. 99 100 *", "1. 11-15 (23-19 *"] {
        assert_eq!(pdn::validate(bad).errors, pdn::read("b", bad).error_count(), "{bad}");
        assert!(pdn::validate(bad).errors > 0, "{bad}");
    }
}

fn corpus(kind: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/pdn").join(kind);
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files.into_iter().map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap())).collect()
}

/// Spans nest: every element lies inside its line's game and the text.
fn check_spans(parsed: &syntax::Parsed, text: &str) {
    for g in &parsed.games {
        assert!(g.span.end <= text.len());
        for line in &g.lines {
            for e in &line.elements {
                let s = e.span();
                if !s.is_empty() {
                    assert!(g.span.start <= s.start && s.end <= g.span.end, "{e:?} outside {:?}", g.span);
                }
            }
        }
    }
}

#[test]
fn valid_corpus_reads_clean_and_its_syntax_tree_is_stable() {
    for (name, text) in corpus("valid") {
        let source = pdn::read(&name, &text);
        assert!(source.diagnostics.is_empty(), "{name}: {}", render(&source.diagnostics, &name, &text, false));
        let parsed = syntax::parse(&text);
        check_spans(&parsed, &text);
        assert_eq!(pdn::validate(&text).errors, 0, "{name}");
        insta::assert_json_snapshot!(format!("syntax_{name}"), parsed);
        insta::assert_json_snapshot!(format!("tree_{name}"), source.games);
    }
}

#[test]
fn invalid_corpus_gives_errors_at_their_places() {
    for (name, text) in corpus("invalid") {
        let source = pdn::read(&name, &text);
        assert!(source.error_count() > 0, "{name}");
        assert_eq!(pdn::validate(&text).errors, source.error_count(), "{name}");
        check_spans(&syntax::parse(&text), &text);
        insta::assert_snapshot!(format!("diagnostics_{name}"), render(&source.diagnostics, &name, &text, false));
    }
}
