//! SGF: write → read round trips, and no input makes the readers panic.

mod go_common;

use gamescribe::notation::go_record;
use gamescribe::tree::Game;
use gamescribe::notation::sgf;
use gamescribe::rules::go::{Color, Move};
use proptest::prelude::*;

/// Every line as its full move sequence (colour, move, comments, extra), sorted:
/// the tree as SGF stores it, independent of line numbering.
/// A move's comments are one SGF `C`, joined by a blank line.
fn paths(g: &Game) -> Vec<Vec<(Color, Move, String)>> {
    let mut v: Vec<_> = (0..g.lines.len())
        .map(|i| g.go_full_line(i).into_iter().map(|(_, m)| (m.color, m.mv, m.comments().join("\n\n"))).collect::<Vec<_>>())
        .collect();
    v.sort_by_key(|p| format!("{p:?}"));
    v
}

fn same_game(a: &Game, b: &Game) -> Result<(), TestCaseError> {
    let (ai, bi) = (a.go_info().unwrap(), b.go_info().unwrap());
    prop_assert_eq!(a.go_size(), b.go_size());
    prop_assert_eq!(&ai.title, &bi.title);
    prop_assert_eq!(&a.go_setup(), &b.go_setup());
    prop_assert_eq!(ai.komi, bi.komi);
    prop_assert_eq!(&ai.result, &bi.result);
    prop_assert_eq!(paths(a), paths(b));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn write_then_read_gives_the_same_games(seed in any::<u64>(), comment in "\\PC{0,40}", title in "[^\\n\\r]{0,20}") {
        let mut games = go_common::random_games(2, seed);
        games[0].go_info_mut().title = title;
        if let Some(m) = games[0].lines[0].moves.first_mut().and_then(|m| m.go.as_deref_mut()) {
            m.held_mut().comments = vec![comment.clone()];
        }
        games[1].go_info_mut().comments = vec![comment];
        let text = sgf::write(&games);
        let back = sgf::parse(&text);
        prop_assert!(back.diagnostics.is_empty(), "{:?}\n{}", back.diagnostics, text);
        prop_assert_eq!(back.games.len(), 2);
        for (a, b) in games.iter().zip(&back.games) {
            same_game(a, b)?;
        }
        prop_assert_eq!(&back.games[1].go_info().unwrap().comments, &games[1].go_info().unwrap().comments);
    }

    #[test]
    fn sgf_reader_never_panics(text in "(\\PC|[()\\[\\];\\\\]){0,200}") {
        let source = sgf::read("fuzz", &text);
        for d in &source.diagnostics {
            prop_assert!(d.span.start <= d.span.end && d.span.end <= text.len());
        }
    }

    #[test]
    fn sgf_shaped_junk_never_panics(parts in proptest::collection::vec(prop_oneof![
        Just("(".to_string()), Just(")".to_string()), Just(";".to_string()),
        "[A-Z]{1,2}\\[[a-z]{0,3}\\]", Just("SZ[5]".to_string()), Just("AB[aa:ee]".to_string()), Just("C[\\\\]".to_string()), Just("[".to_string())
    ], 0..60)) {
        let text = parts.concat();
        let _ = sgf::read("fuzz", &text);
    }

    #[test]
    fn record_reader_never_panics(text in "((B|W|size:|corner:|black:|line:|count:|;| |平|上|去|入|十|[a-z0-9,]|takes|refused|\\n)){0,80}") {
        let source = go_record::read("fuzz", &text);
        for d in &source.diagnostics {
            prop_assert!(d.span.start <= d.span.end && d.span.end <= text.len());
        }
    }
}

#[test]
fn corpus_records_round_trip_through_sgf() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/go");
    let mut tried = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "wq") {
            continue;
        }
        let mut game = go_record::parse(&std::fs::read_to_string(&path).unwrap()).game;
        for l in &mut game.lines {
            l.moves.retain(|m| m.go.as_ref().is_some_and(|g| g.refused().is_none()));
            for m in l.moves.iter_mut().filter_map(|m| m.go.as_deref_mut()) {
                if m.expect_captures().is_some() {
                    m.held_mut().expect_captures = None;
                }
            }
        }
        let back = sgf::parse(&sgf::write(std::slice::from_ref(&game)));
        assert!(back.diagnostics.is_empty());
        same_game(&game, &back.games[0]).unwrap();
        tried += 1;
    }
    assert_eq!(tried, 5);
}
