//! `check --strict` counts a disputed stated result as an error, whatever
//! the source kind (SGF, Go record, PDN, numeric, Anderson, Paterson, Hoyle,
//! Lasca): the same file with the claim as the engine finds it
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

/// A claim the engine settles, in each draughts notation (`tests/corpus/verdicts/`),
/// each file read with its own reader: (notation, file, the claim as printed,
/// the opposite claim).
///
/// - numeric, Anderson and Paterson: one random legal game (pydraughts, seed 0),
///   stopped two plies before White takes Black's last piece: a White win by search;
/// - Hoyle: his Two Kings To One, OCR errors set right: a White win by exhaustive search;
/// - Lasca: Lasker's Game 3 as `convert --to lasca` writes it: Black blocks White's last two pieces.
const DRAUGHTS: [(&str, &str, &str, &str); 5] = [
    ("numeric", "numeric.txt", "W. wins.", "B. wins."),
    ("anderson", "anderson.txt", "W. wins.", "B. wins."),
    ("paterson", "paterson.txt", "W. wins.", "B. wins."),
    ("hoyle", "hoyle.txt", "W. wins.", "Drawn."),
    ("lasca", "lasca.txt", "and blocks the two last pieces of white.", "and white will easily win."),
];

/// (kind, reader, file name, the claim as found, the claim disputed).
fn cases() -> Vec<(&'static str, &'static str, &'static str, String, String)> {
    let mut cases = vec![
        ("sgf", "auto", "count.sgf", SGF.to_string(), SGF.replace("RE[B+1]", "RE[W+1]")),
        ("go-record", "auto", "count.wq", RECORD.to_string(), RECORD.replace("result: B+1", "result: W+1")),
        ("pdn", "auto", "game.pdn", PDN.to_string(), PDN.replace("0-1", "1/2-1/2")),
    ];
    for (notation, name, found, disputed) in DRAUGHTS {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/verdicts").join(name);
        let good = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(good.matches(found).count(), 1, "{name} states its result once");
        cases.push((notation, notation, name, good.clone(), good.replace(found, disputed)));
    }
    cases
}

#[test]
fn strict_fails_on_a_disputed_claim_in_every_source_kind_that_states_one() {
    let cache = dir().join("cache");
    for (kind, reader, name, good, bad) in cases() {
        let d = dir().join(kind);
        std::fs::create_dir_all(&d).unwrap();
        let (good_path, bad_path) = (d.join(format!("good-{name}")), d.join(format!("bad-{name}")));
        std::fs::write(&good_path, good).unwrap();
        std::fs::write(&bad_path, bad).unwrap();
        let check = |strict: bool, format: &str, path: &Path| {
            let mut args = vec!["check", "--notation", reader, "--format", format];
            if strict {
                args.push("--strict");
            }
            args.push(path.to_str().unwrap());
            gamescribe(&args, &cache)
        };
        let good_strict = check(true, "human", &good_path);
        assert_eq!(good_strict.status.code(), Some(0), "{kind}: the confirmed claim passes --strict\n{}", text(&good_strict));
        assert!(text(&good_strict).contains("1/0/0/0") || text(&good_strict).contains("1 proven"), "{kind}: proven\n{}", text(&good_strict));
        let bad_plain = check(false, "human", &bad_path);
        assert_eq!(bad_plain.status.code(), Some(0), "{kind}: a disputed claim is a warning\n{}", text(&bad_plain));
        assert!(text(&bad_plain).contains("verdict::disputed"), "{kind}: reported\n{}", text(&bad_plain));
        let bad_strict = check(true, "human", &bad_path);
        assert_eq!(bad_strict.status.code(), Some(1), "{kind}: --strict counts it as an error\n{}", text(&bad_strict));
        let json = check(false, "json", &bad_path);
        assert!(text(&json).contains("\"class\": \"disputed\""), "{kind}: JSON carries the verdict\n{}", text(&json));
    }
}
