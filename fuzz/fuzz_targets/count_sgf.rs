//! Any bytes read as SGF the way `check` reads them give what the whole tree
//! gives: the human check (each game counted node by node, no tree kept) the
//! same diagnostics and counts, and `--format json` (each game written piece
//! by piece as it is read) the same bytes.
#![no_main]

#[path = "common.rs"]
mod common;

use gamescribe::export::json_stream::JsonSources;
use gamescribe::input::{Checked, Input};
use gamescribe::notation::{Given, Reader};
use gamescribe::rules::draughts::egdb::Egdb;
use gamescribe::tree::{LineCounts, Notation, Source, Streamed};
use gamescribe::verdict::{judge_game, judge_piece, Judge, CHECK_BUDGET};
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Some(source) = common::read("fuzz.sgf", Reader::Sgf, data) else { return };
    let input = Input::from_bytes(Path::new("fuzz.sgf"), data);
    let (mut diagnostics, mut counted) = (Vec::new(), LineCounts::default());
    let rest = input.read_counting(Reader::Sgf, &Given::default(), &mut |part| match part {
        Checked::Counted(game) => counted.add_counts(&game.lines),
        Checked::Part(Streamed::Parts(parts)) => diagnostics.extend(parts.diagnostics),
        Checked::Part(Streamed::Game(_)) => panic!("an SGF check hands its games on counted"),
        Checked::Piece(_) => panic!("a count hands on no pieces"),
    });
    diagnostics.extend(rest.diagnostics);
    assert_eq!(diagnostics, source.diagnostics, "counted, then whole");
    let mut whole = LineCounts::default();
    for line in source.games.iter().flat_map(|g| &g.lines) {
        whole.add(line.status, line.moves.len());
    }
    assert_eq!(counted, whole, "lines counted, then whole");

    // The JSON of the games, whole and piece by piece.
    let db = Egdb::empty();
    let judge = Judge { db: &db, budget: CHECK_BUDGET };
    let mut by_tree = JsonSources::new(Vec::new());
    by_tree.begin_source("fuzz.sgf", Notation::Sgf).unwrap();
    for game in source.games {
        by_tree.game(&judge_game(game, Notation::Sgf, &judge).0).unwrap();
    }
    let mut by_pieces = JsonSources::new(Vec::new());
    by_pieces.begin_source("fuzz.sgf", Notation::Sgf).unwrap();
    input.read_in_pieces(Reader::Sgf, &Given::default(), &mut |part| match part {
        Checked::Part(Streamed::Game(game)) => by_pieces.game(&judge_game(game, Notation::Sgf, &judge).0).unwrap(),
        Checked::Piece(mut piece) => {
            judge_piece(&mut piece, Notation::Sgf);
            by_pieces.piece(&piece).unwrap()
        }
        Checked::Counted(_) | Checked::Part(Streamed::Parts(_)) => {}
    });
    for doc in [&mut by_tree, &mut by_pieces] {
        doc.end_source(&Source::default()).unwrap();
    }
    assert!(by_pieces.finish().unwrap() == by_tree.finish().unwrap(), "JSON piece by piece, then whole");
});
