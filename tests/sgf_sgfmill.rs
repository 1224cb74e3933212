//! Consumer test: every SGF we write loads in sgfmill, an independent reader,
//! with the same setup, main line, comments and tree shape. `.ci/run` installs
//! sgfmill and sets GAMESCRIBE_PYTHON; GAMESCRIBE_REQUIRE_PY=1 makes it mandatory.

mod oracle;

mod go_common;

use go_common::random_games;
use gamescribe::notation::go_record;
use gamescribe::tree::Game;
use gamescribe::notation::sgf;
use gamescribe::rules::go::{Color, Move, Point};
use std::process::Command;

/// Write each game to its own file and load them all in one sgfmill run.
fn load_in_sgfmill(python: &str, games: &[Game], tag: &str) -> Vec<serde_json::Value> {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("sgfmill-{tag}"));
    std::fs::create_dir_all(&dir).unwrap();
    let mut paths = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let path = dir.join(format!("{i}.sgf"));
        std::fs::write(&path, sgf::write(std::slice::from_ref(g))).unwrap();
        paths.push(path);
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/sgfmill_load.py");
    let out = Command::new(python).arg(script).args(&paths).output().expect("run python");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON from the script");
    v["files"].as_array().unwrap().clone()
}

fn xy(p: Point) -> serde_json::Value {
    serde_json::json!([p.x, p.y])
}

/// Compare one game with what sgfmill read; returns the number of moves compared.
fn compare(g: &Game, r: &serde_json::Value) -> usize {
    assert_eq!(r["ok"], true, "{}: {r}", g.name);
    assert_eq!(r["size"], g.go_size());
    let setup = g.go_setup().unwrap();
    let mut black: Vec<_> = setup.black.clone();
    let mut white: Vec<_> = setup.white.clone();
    black.sort_by_key(|p| (p.x, p.y));
    white.sort_by_key(|p| (p.x, p.y));
    assert_eq!(r["black"], serde_json::Value::Array(black.into_iter().map(xy).collect()), "{}", g.name);
    assert_eq!(r["white"], serde_json::Value::Array(white.into_iter().map(xy).collect()), "{}", g.name);
    let main: Vec<serde_json::Value> = g.lines[0]
        .moves
        .iter()
        .filter_map(|m| m.go.as_deref())
        .map(|m| {
            let c = if m.color == Color::Black { "b" } else { "w" };
            match m.mv {
                Move::Play(p) => serde_json::json!([c, p.x, p.y]),
                Move::Pass => serde_json::json!([c, null, null]),
            }
        })
        .collect();
    assert_eq!(r["main"], serde_json::Value::Array(main), "{}", g.name);
    let comments: Vec<String> = g.lines[0].moves.iter().filter_map(|m| m.go.as_deref()).filter(|m| !m.comments().is_empty()).map(|m| m.comments().join("\n\n")).collect();
    assert_eq!(r["main_comments"], serde_json::json!(comments), "{}", g.name);
    let move_nodes: usize = g.lines.iter().map(|l| l.moves.len()).sum();
    assert_eq!(r["move_nodes"], move_nodes, "{}", g.name);
    assert_eq!(r["leaves"], g.lines.len(), "{}", g.name);
    move_nodes
}

fn corpus_games() -> Vec<Game> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/go");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "wq")).collect();
    files.sort();
    files.iter().map(|f| go_record::parse(&std::fs::read_to_string(f).unwrap()).game).map(|mut g| {
        // Refused moves are claims about the text, not moves: SGF has no place for them.
        for l in &mut g.lines {
            l.moves.retain(|m| m.go.as_ref().is_some_and(|g| g.refused().is_none()));
        }
        g
    }).collect()
}

#[test]
fn corpus_records_written_as_sgf_load_in_sgfmill() {
    let Some(python) = oracle::python("sgfmill") else { return };
    let games = corpus_games();
    let results = load_in_sgfmill(&python, &games, "corpus");
    assert_eq!(results.len(), games.len());
    let moves: usize = games.iter().zip(&results).map(|(g, r)| compare(g, r)).sum();
    println!("sgfmill: {} corpus games, {moves} moves, all equal", games.len());
}

#[test]
fn random_games_written_as_sgf_load_in_sgfmill() {
    let Some(python) = oracle::python("sgfmill") else { return };
    let games = random_games(200, 7);
    assert!(games.iter().filter(|g| g.lines.len() > 1).count() > 50, "the sample has variations");
    let results = load_in_sgfmill(&python, &games, "random");
    assert_eq!(results.len(), games.len());
    let moves: usize = games.iter().zip(&results).map(|(g, r)| compare(g, r)).sum();
    println!("sgfmill: {} random games, {moves} moves, all equal", games.len());
}
