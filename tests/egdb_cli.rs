//! `egdb build`, `solve` and the verdicts of `check` end to end, on a small
//! database built into a temporary directory (never the user's cache).

mod oracle;

use oracle::{gamescribe, text};
use std::path::{Path, PathBuf};

fn temp(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn build_resumes_solves_and_reports_a_damaged_slice() {
    let cache = temp("egdb-cli-cache");
    let db = cache.join("gamescribe").join("egdb");
    let out = gamescribe(&["egdb", "build", "--pieces", "3"], &cache);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(text(&out).contains("3 pieces"), "{}", text(&out));
    assert!(db.join("b0-2_w0-1.egdb").exists(), "default directory is the cache directory");
    let again = gamescribe(&["egdb", "build", "--pieces", "3"], &cache);
    assert!(text(&again).contains("(2 reused)") || text(&again).contains("reused"), "{}", text(&again));
    assert!(!text(&again).contains("passes"), "nothing rebuilt: {}", text(&again));

    // Two kings against one claimed drawn: disputed by the database, with a line.
    let out = gamescribe(&["solve", "W:WK19,K23:BK32", "--claim", "draw"], &cache);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(text(&out).contains("proven win for White"), "{}", text(&out));
    assert!(text(&out).contains("verdict on the claim: disputed"), "{}", text(&out));
    assert!(text(&out).contains("refutation:"), "{}", text(&out));

    // A damaged slice is found and the command that rebuilds it named.
    let slice = db.join("b0-2_w0-1.egdb");
    let mut bytes = std::fs::read(&slice).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(&slice, &bytes).unwrap();
    let out = gamescribe(&["solve", "W:WK19,K23:BK32"], &cache);
    assert!(text(&out).contains("checksum mismatch"), "{}", text(&out));
    assert!(text(&out).contains("gamescribe egdb build --pieces 3"), "{}", text(&out));
    let out = gamescribe(&["egdb", "build", "--pieces", "3"], &cache);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out).contains("0m2k v 0m1k"), "the damaged slice is rebuilt: {}", text(&out));
}

#[test]
fn bad_positions_are_refused_with_exit_two() {
    let cache = temp("egdb-cli-bad");
    for (fen, says) in [
        ("B:W1,2,3,4,5,6,7,8,9,10,11,12,13:B20", "more than twelve"),
        ("B:W3:B20", "crowned"),
        ("B:W:B", "no piece"),
        ("nonsense", "bad FEN"),
    ] {
        let out = gamescribe(&["solve", fen], &cache);
        assert_eq!(out.status.code(), Some(2), "{fen}: {}", text(&out));
        assert!(text(&out).contains(says), "{fen}: {}", text(&out));
    }
}

#[test]
fn solve_without_a_database_searches_within_its_budget() {
    let cache = temp("egdb-cli-none");
    let out = gamescribe(&["solve", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "--nodes", "20000"], &cache);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(text(&out).contains("search only"), "{}", text(&out));
    assert!(text(&out).contains("unknown: search to depth"), "{}", text(&out));
}

#[test]
fn check_counts_verdicts_and_strict_fails_on_a_disputed_claim() {
    let cache = temp("egdb-cli-check");
    let dir = temp("egdb-cli-check-files");
    let pdn = dir.join("drawn.pdn");
    // Black has lost every piece, yet the result is a draw.
    std::fs::write(&pdn, "[Event \"x\"]\n[FEN \"W:W18:B14\"]\n[Result \"1/2-1/2\"]\n1. 18x9 1/2-1/2\n").unwrap();
    let out = gamescribe(&["check", "--color", "never", pdn.to_str().unwrap()], &cache);
    assert!(text(&out).contains("verdict::disputed"), "{}", text(&out));
    assert!(text(&out).contains("0/0/1/0"), "{}", text(&out));
    let strict = gamescribe(&["check", "--strict", "--color", "never", pdn.to_str().unwrap()], &cache);
    assert_eq!(strict.status.code(), Some(1), "{}", text(&strict));
    let json = gamescribe(&["check", "--format", "json", pdn.to_str().unwrap()], &cache);
    assert!(text(&json).contains("\"class\": \"disputed\""), "{}", text(&json));
    assert!(text(&json).contains("\"method\": \"game-over\""), "{}", text(&json));
}
