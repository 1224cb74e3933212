//! `check --strict` counts a disputed stated result as an error, whatever
//! the source kind: the same file with the claim as the engine finds it
//! passes `--strict`, and with the opposite claim fails it (exit 1) while
//! plain `check` still passes (a disputed claim is a warning, never hidden).

mod oracle;

use oracle::{gamescribe, text};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("verdict-strict");
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// 5×5: Black holds the second column, White the fourth; the middle column
/// filled in turn, Black taking three of its five points: Black 13, White 12.
const SGF: &str = "(;GM[1]FF[4]SZ[5]KM[0]RU[Chinese]RE[B+1]AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de];B[ca];W[cb];B[cc];W[cd];B[ce];W[];B[]TB[aa][ab][ac][ad][ae]TW[ea][eb][ec][ed][ee])\n";
const RECORD: &str = "size: 5\ncorner: 平\nblack: 1 2, 2 2, 3 2, 4 2, 5 2\nwhite: 1 4, 2 4, 3 4, 4 4, 5 4\nB 1 3\nW 2 3\nB 3 3\nW 4 3\nB 5 3\ncount: black 13 white 12\nresult: B+1\n";
/// White takes Black's last piece: a White win (`0-1`: Black, who moves first in English draughts, is the first side), not a draw.
const PDN: &str = "[Event \"x\"]\n[FEN \"W:W18:B14\"]\n[Result \"0-1\"]\n1. 18x9 0-1\n";

/// (kind, file name, the claim as found, the claim disputed).
fn cases() -> Vec<(&'static str, &'static str, String, String)> {
    vec![
        ("sgf", "count.sgf", SGF.to_string(), SGF.replace("RE[B+1]", "RE[W+1]")),
        ("go-record", "count.wq", RECORD.to_string(), RECORD.replace("result: B+1", "result: W+1")),
        ("pdn", "game.pdn", PDN.to_string(), PDN.replace("0-1", "1/2-1/2")),
    ]
}

#[test]
fn strict_fails_on_a_disputed_claim_in_every_source_kind_that_states_one() {
    let cache = dir().join("cache");
    for (kind, name, good, bad) in cases() {
        let d = dir().join(kind);
        std::fs::create_dir_all(&d).unwrap();
        let (good_path, bad_path) = (d.join(format!("good-{name}")), d.join(format!("bad-{name}")));
        std::fs::write(&good_path, good).unwrap();
        std::fs::write(&bad_path, bad).unwrap();
        let good_strict = gamescribe(&["check", "--strict", good_path.to_str().unwrap()], &cache);
        assert_eq!(good_strict.status.code(), Some(0), "{kind}: the confirmed claim passes --strict\n{}", text(&good_strict));
        assert!(text(&good_strict).contains("1/0/0/0") || text(&good_strict).contains("1 proven"), "{kind}: proven\n{}", text(&good_strict));
        let bad_plain = gamescribe(&["check", bad_path.to_str().unwrap()], &cache);
        assert_eq!(bad_plain.status.code(), Some(0), "{kind}: a disputed claim is a warning\n{}", text(&bad_plain));
        assert!(text(&bad_plain).contains("verdict::disputed"), "{kind}: reported\n{}", text(&bad_plain));
        let bad_strict = gamescribe(&["check", "--strict", bad_path.to_str().unwrap()], &cache);
        assert_eq!(bad_strict.status.code(), Some(1), "{kind}: --strict counts it as an error\n{}", text(&bad_strict));
        let json = gamescribe(&["check", "--format", "json", bad_path.to_str().unwrap()], &cache);
        assert!(text(&json).contains("\"class\": \"disputed\""), "{kind}: JSON carries the verdict\n{}", text(&json));
    }
}
