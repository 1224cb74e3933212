//! The database checked against an independent solver, the combinatorial
//! slice sizes and positions whose result the books give.

use super::*;
use crate::rules::draughts::independent::{self, Value};
use crate::rules::draughts::parse_fen;
use crate::rules::draughts::Setup;
use std::sync::OnceLock;

/// The ≤4-piece database, built once into a temporary directory.
pub(crate) fn four_piece_db() -> &'static Egdb {
    static DB: OnceLock<Egdb> = OnceLock::new();
    DB.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("gs-egdb-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let (db, report) = build(&dir, 4, |_| {}).expect("build");
        assert!(report.slices.iter().all(|s| !s.reused));
        // Built again, every slice is found, verified and reused.
        let (_, again) = build(&dir, 4, |_| {}).expect("rebuild");
        assert!(again.slices.iter().all(|s| s.reused), "a second build reuses every slice");
        let reopened = Egdb::open(&dir, 4).expect("open");
        assert_eq!(reopened.memory_bytes(), db.memory_bytes());
        let _ = std::fs::remove_dir_all(&dir);
        db
    })
}

fn position(fen: &str) -> Position {
    Position::from_setup(parse_fen(fen).unwrap()).unwrap()
}

fn of(v: Value) -> Wdl {
    match v {
        Value::Win => Wdl::Win,
        Value::Loss => Wdl::Loss,
        Value::Draw => Wdl::Draw,
    }
}

#[test]
fn agrees_with_the_independent_solver_on_every_position_of_three_pieces() {
    let db = four_piece_db();
    let setups = independent::all_setups(3, [true; 4]);
    let truth = independent::solve(&setups);
    let mut compared = 0;
    let mut counts = [0usize; 3];
    for (setup, value) in &truth {
        let pos = Position::from_setup(*setup).unwrap();
        if pos.black() == 0 || pos.white() == 0 {
            continue;
        }
        assert_eq!(db.probe(&pos), Some(of(*value)), "{}", crate::rules::draughts::write_fen(setup));
        compared += 1;
        counts[*value as usize] += 1;
    }
    eprintln!("≤3 pieces: {compared} positions agree (win {} loss {} draw {})", counts[0], counts[1], counts[2]);
    assert!(compared > 200_000);
}

/// Kings only, four pieces: a closed set the independent solver can solve whole.
#[test]
fn agrees_with_the_independent_solver_on_four_kings() {
    let db = four_piece_db();
    let setups = independent::all_setups(4, [false, true, false, true]);
    let truth = independent::solve(&setups);
    let mut compared = 0;
    for (setup, value) in &truth {
        let pos = Position::from_setup(*setup).unwrap();
        if (pos.black() | pos.white()).count_ones() < 4 || pos.black() == 0 || pos.white() == 0 {
            continue;
        }
        assert_eq!(db.probe(&pos), Some(of(*value)), "{}", crate::rules::draughts::write_fen(setup));
        compared += 1;
    }
    eprintln!("4 kings: {compared} positions agree");
    assert!(compared > 400_000);
}

/// A random sample of four-piece positions with men: each value follows from
/// its children's by minimax over the reference generator's moves.
#[test]
fn four_piece_sample_is_consistent_under_the_reference_generator() {
    let db = four_piece_db();
    let mut rng = 0x1852_u64;
    let mut next = move |n: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % n
    };
    let materials: Vec<Material> = Material::all_with(4).into_iter().filter(|m| m.men() > 0).collect();
    let mut checked = 0;
    while checked < 20_000 {
        let m = materials[next(materials.len() as u64) as usize];
        let index = SliceIndex::new(m);
        let (bm, bk, wm, wk) = index.unrank(next(index.size()));
        let turn = if next(2) == 0 { Color::Black } else { Color::White };
        let setup = Setup { black_men: bm, black_kings: bk, white_men: wm, white_kings: wk, turn: Some(turn) };
        let pos = Position::from_setup(setup).unwrap();
        let kids: Vec<Wdl> = independent::children(&pos).iter().map(|c| db.probe(c).unwrap()).collect();
        let got = db.probe(&pos).unwrap();
        let expected = if kids.contains(&Wdl::Loss) {
            Wdl::Win
        } else if kids.iter().all(|&k| k == Wdl::Win) {
            Wdl::Loss
        } else {
            Wdl::Draw
        };
        assert_eq!(got, expected, "{}", crate::rules::draughts::write_fen(&setup));
        checked += 1;
    }
}

#[test]
fn textbook_positions_come_out_as_the_books_say() {
    let db = four_piece_db();
    // Two kings against one in the open: the two win whoever moves.
    for fen in ["W:WK19,K23:BK32", "B:WK19,K23:BK32", "B:WK14,K15:BK1", "W:BK10,K11:WK27"] {
        let pos = position(fen);
        let two = if pos.white().count_ones() == 2 { Color::White } else { Color::Black };
        let expected = if pos.turn() == two { Wdl::Win } else { Wdl::Loss };
        assert_eq!(db.probe(&pos), Some(expected), "{fen}");
    }
    // First Position (Lasker 1918, diagram 93, as in hoyle/classical.rs): White to move wins.
    for first in crate::notation::hoyle::classical::CLASSICAL.iter().filter(|c| c.name == "First Position") {
        assert_eq!(db.probe(&position(first.fen)), Some(Wdl::Win), "{}", first.source);
    }
    // One king against one: a draw in the open.
    assert_eq!(db.probe(&position("B:WK19:BK10")), Some(Wdl::Draw));
    // A king about to take the last man: won.
    assert_eq!(db.probe(&position("W:WK14:B10")), Some(Wdl::Win));
    // More than four pieces: not in this database.
    assert_eq!(db.probe(&position("B:W30,31,32:B1,2")), None);
}

#[test]
fn two_kings_beat_one_in_nearly_every_position() {
    let db = four_piece_db();
    let m = Material { bm: 0, bk: 2, wm: 0, wk: 1 };
    let index = SliceIndex::new(m);
    let wins = (0..index.size())
        .filter(|&i| {
            let (bm, bk, wm, wk) = index.unrank(i);
            db.code_black_to_move(bm | bk, wm | wk, bk | wk) == Some(WIN)
        })
        .count() as u64;
    eprintln!("2K v 1K, two to move: {wins} of {} won", index.size());
    assert!(wins * 100 > index.size() * 99);
}

#[test]
fn batch_probes_answer_as_single_probes_do() {
    let db = four_piece_db();
    // Every 97th position of every slice, both sides to move, a lost side and
    // a five-piece position (not in the database) among them.
    let mut positions = vec![position("W:W18:B14").with_turn(Color::Black), position("B:WK1,K3,K5:BK10,K12")];
    for n in 2..=4 {
        for m in Material::all_with(n) {
            let index = SliceIndex::new(m);
            for i in (0..index.size()).step_by(97) {
                let (bm, bk, wm, wk) = index.unrank(i);
                for turn in [Color::Black, Color::White] {
                    positions.push(Position::from_boards(bm | bk, wm | wk, bk | wk, turn));
                }
            }
        }
    }
    let mut batch = Vec::new();
    db.probe_batch(&positions, &mut batch);
    let single: Vec<Option<Wdl>> = positions.iter().map(|p| db.probe(p)).collect();
    assert_eq!(batch, single);
    assert_eq!(single[1], None, "five pieces are not in a four-piece database");
    assert!(positions.len() > 100_000, "{}", positions.len());
}

/// Opened from disk, slices are read on first use and answer as the built
/// database does; a slice damaged on disk (right length, wrong bytes) is found
/// when first read, left out and reported, and the others still answer.
#[test]
fn lazily_read_slices_answer_as_built_and_a_damaged_one_is_reported() {
    let dir = std::env::temp_dir().join(format!("gs-egdb-lazy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (built, _) = build(&dir, 3, |_| {}).expect("build");
    let (lazy, problems) = Egdb::open_available(&dir, 3);
    let lazy = lazy.expect("every slice of up to three pieces is there");
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!((lazy.pieces(), lazy.memory_bytes()), (3, 0), "nothing is read before a probe");
    let kings = position("W:WK19,K23:BK32");
    assert_eq!(lazy.probe(&kings), built.probe(&kings));
    assert!(lazy.memory_bytes() > 0 && lazy.memory_bytes() < built.memory_bytes(), "only the slices probed are read");
    for setup in independent::all_setups(3, [true; 4]).iter().step_by(97) {
        let pos = Position::from_setup(*setup).unwrap();
        assert_eq!(lazy.probe(&pos), built.probe(&pos), "{}", crate::rules::draughts::write_fen(setup));
    }

    let damaged = Material { bm: 0, bk: 1, wm: 0, wk: 2 };
    let path = dir.join(slice_file_name(damaged));
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xFF;
    std::fs::write(&path, &bytes).unwrap();
    let (fresh, problems) = Egdb::open_available(&dir, 3);
    let fresh = fresh.expect("the length is right, so the slice is listed");
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(fresh.probe(&position("B:WK19,K23:BK32")), None, "a damaged slice gives no answer");
    let found = fresh.problems();
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].material, &found[0].problem), (damaged, &SliceProblem::Corrupt("checksum mismatch")));
    assert_eq!(fresh.probe(&kings), built.probe(&kings), "the other slices still answer");
    let _ = std::fs::remove_dir_all(&dir);
}
