//! Any bytes read as SGF the way the human `check` reads them (each game
//! counted node by node, no tree kept) give the diagnostics and counts the
//! whole tree gives.
#![no_main]

#[path = "common.rs"]
mod common;

use gamescribe::input::{Checked, Input};
use gamescribe::notation::{Given, Reader};
use gamescribe::tree::{LineCounts, Streamed};
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
    });
    diagnostics.extend(rest.diagnostics);
    assert_eq!(diagnostics, source.diagnostics, "counted, then whole");
    let mut whole = LineCounts::default();
    for line in source.games.iter().flat_map(|g| &g.lines) {
        whole.add(line.status, line.moves.len());
    }
    assert_eq!(counted, whole, "lines counted, then whole");
});
