//! Consumer test: every PDN game we export replays legally in pydraughts, an
//! independent engine. `.ci/run` installs it and sets GAMESCRIBE_PYTHON.

mod oracle;

use gamescribe::export::pdn::write_pdn;
use gamescribe::notation::numeric::{self, ReadOptions};
use gamescribe::text::draughts::describe;
use gamescribe::bench::noise::{random_game, Rng};
use gamescribe::rules::draughts::Position;
use gamescribe::tree::{Game, Line, MoveNode, Source};
use std::process::Command;

fn replay_in_pydraughts(python: &str, pdn: &str, name: &str) -> serde_json::Value {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, pdn).expect("write PDN");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/pydraughts_replay.py");
    let out = Command::new(python).arg(script).arg(&path).output().expect("run python");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON from the script")
}

/// Random games from random starting points, both sides to move, long enough
/// to reach captures, multi-jumps and crowning.
fn random_games(n: usize, seed: u64) -> Source {
    let mut rng = Rng::new(seed);
    let mut games = Vec::new();
    for i in 0..n {
        let mut start = Position::initial();
        for _ in 0..rng.below(20) {
            let legal = start.legal_moves();
            if legal.is_empty() {
                break;
            }
            start = start.play(&legal[rng.below(legal.len())]);
        }
        let plies = 40 + rng.below(120);
        let moves = random_game(&mut rng, &start, plies);
        let mut pos = start;
        let mut line = Line::trunk();
        for mv in moves {
            let (text, squares) = describe(&pos, &mv);
            line.moves.push(MoveNode { printed: text.clone(), text, squares, ..MoveNode::default() });
            pos = pos.play(&mv);
        }
        games.push(Game { name: format!("random {i}"), start: gamescribe::tree::Start::Draughts(start.setup()), lines: vec![line], ..Game::default() });
    }
    Source { name: "random".into(), notation: gamescribe::tree::Notation::Pdn, games, ..Source::default() }
}

#[test]
fn random_exported_games_replay_in_pydraughts() {
    let Some(python) = oracle::python("pydraughts") else { return };
    let source = random_games(200, 21);
    let captures = source.games.iter().flat_map(|g| &g.lines[0].moves).filter(|m| m.text.contains('x')).count();
    let jumps = source.games.iter().flat_map(|g| &g.lines[0].moves).filter(|m| m.squares.len() > 2).count();
    assert!(captures > 500 && jumps > 10, "the sample exercises captures ({captures}) and multi-jumps ({jumps})");
    let report = replay_in_pydraughts(&python, &write_pdn(&source), "random.pdn");
    let games = report["games"].as_array().expect("games");
    assert_eq!(games.len(), 200);
    for (g, r) in source.games.iter().zip(games) {
        assert_eq!(r["ok"], true, "{}: {r}", g.name);
        assert_eq!(r["moves"], g.lines[0].moves.len());
    }
}

#[test]
fn a_repaired_numeric_file_exports_to_pdn_that_pydraughts_replays() {
    let Some(python) = oracle::python("pydraughts") else { return };
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/numeric/invalid/damaged.txt")).unwrap();
    let source = numeric::read("damaged", &text, &ReadOptions::default());
    let report = replay_in_pydraughts(&python, &write_pdn(&source), "damaged.pdn");
    for (g, r) in source.games.iter().zip(report["games"].as_array().unwrap()) {
        assert_eq!(r["ok"], true, "{r}");
        assert_eq!(r["moves"], g.lines[0].moves.len());
    }
}

#[test]
fn games_with_variations_and_comments_replay_their_main_lines() {
    let Some(python) = oracle::python("pydraughts") else { return };
    let text = gamescribe::bench::pdn::generate_pdn(30_000, 7);
    let source = gamescribe::notation::pdn::read("generated", &text);
    assert!(source.diagnostics.is_empty());
    assert!(source.games.iter().any(|g| g.lines.len() > 1), "the sample has variations");
    let report = replay_in_pydraughts(&python, &text, "generated.pdn");
    let games = report["games"].as_array().expect("games");
    assert_eq!(games.len(), source.games.len());
    for (g, r) in source.games.iter().zip(games) {
        assert_eq!(r["ok"], true, "{}: {r}", g.name);
        assert_eq!(r["moves"], g.lines[0].moves.len());
    }
}

/// Anderson's book as `convert --to pdn` writes it, read by pydraughts: one
/// game per opening, each read by pydraughts' PDN reader with its main line;
/// every line replayed by pydraughts' engine move for move: the main line,
/// every RAV from the position before the move it replaces, and every line
/// kept as a note from the start the note gives.
#[test]
fn the_anderson_book_exported_to_pdn_replays_in_pydraughts() {
    let Some(python) = oracle::python("pydraughts") else { return };
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/anderson-1852-ocr.txt")).expect("corpus");
    let source = gamescribe::notation::anderson::read("anderson-1852-ocr.txt", &text);
    let games = gamescribe::export::pdn::written_games(&source);
    let (pdn, counts) = gamescribe::export::pdn::write_pdn_counted(&source);
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("anderson-variations.pdn");
    std::fs::write(&path, pdn).expect("write PDN");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/pydraughts_variations.py");
    let out = Command::new(&python).arg(script).arg(&path).output().expect("run python");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON from the script");
    let replayed = report["games"].as_array().expect("games");
    assert_eq!(replayed.len(), 28, "one game per opening and per critical position");
    assert_eq!(replayed.len(), games.len());
    let (mut lines, mut moves, mut kept, mut kept_moves) = (0, 0, 0, 0);
    for (g, r) in games.iter().zip(replayed) {
        assert_eq!(r["ok"], true, "{}: {r}", g.name);
        assert_eq!(r["read"], 1, "pydraughts reads {} as one game", g.name);
        assert_eq!(r["main"], g.lines[0].moves.len(), "{}: pydraughts' main line", g.name);
        assert_eq!(r["lines"], g.lines.len(), "{}: trunk and RAV", g.name);
        assert_eq!(r["moves"], g.lines.iter().map(|l| l.moves.len()).sum::<usize>(), "{}", g.name);
        for k in r["kept"].as_array().expect("kept") {
            assert_eq!(k["ok"], true, "{}: {k}", g.name);
            kept += 1;
            kept_moves += k["moves"].as_u64().unwrap() as usize;
        }
        lines += g.lines.len();
        moves += r["moves"].as_u64().unwrap() as usize;
    }
    assert_eq!((lines, moves), (counts.games + counts.variations, counts.moves));
    assert_eq!(kept, counts.kept_own_start, "every kept line with a start of its own replayed");
    assert_eq!(kept_moves, counts.kept_moves, "and every move in a kept line");
    eprintln!("pydraughts: {} games read, {lines} lines and {moves} moves replayed; {kept} kept lines, {kept_moves} moves, replayed from their starts", replayed.len());
}
