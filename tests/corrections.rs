//! Corrections files and `gamescribe fix` / `todo` end to end: the diagnostics
//! drawn for bad corrections files (snapshots), `fix` on every corpus file
//! (round trip, idempotence), `--in-place` safety, and any bytes as a
//! corrections file never panicking.

mod oracle;

use gamescribe::corrections::Loaded;
use gamescribe::input::Input;
use gamescribe::notation::{Given, Reader};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn gamescribe(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamescribe"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("XDG_CACHE_HOME", Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-cache"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run gamescribe")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("corrections-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

const CLEAN: &str = "tests/corpus/numeric/valid/clean.txt";

/// Each bad corrections file, applied to a clean source: exit 1 and every
/// problem drawn at its place in the corrections file.
#[test]
fn bad_corrections_files_are_diagnosed_in_their_own_file() {
    for case in ["syntax", "unknown", "range", "duplicate", "guard", "illegal"] {
        let fixes = format!("tests/corpus/fixes/invalid/{case}.fixes");
        let out = gamescribe(&["check", "--color", "never", "--max-diagnostics", "100", "--fixes", &fixes, CLEAN]);
        assert_eq!(out.status.code(), Some(1), "{case}: {}", text(&out.stderr));
        // The drawing of the corrections file's own diagnostics, as check draws them.
        let input = gamescribe::input::read_input_with(Path::new(CLEAN), &gamescribe::corrections::FixesChoice::File(PathBuf::from(&fixes))).expect("read");
        let source = input.read(Reader::Auto, &Given::default());
        let theirs: Vec<_> = source.diagnostics.iter().filter(|d| d.file.is_some()).cloned().collect();
        let ours = input.render(&theirs, false);
        assert!(ours.contains(&format!("{fixes}:")) && text(&out.stdout).contains(&ours), "{case}: {}", text(&out.stdout));
        insta::assert_snapshot!(format!("bad_fixes_{case}"), ours);
    }
}

/// `fix` with a corrections file that has errors: each drawn once, in the
/// corrections file, and nothing written.
#[test]
fn fix_refuses_a_bad_corrections_file_and_draws_each_error_once() {
    let dir = temp_dir("fix-refused");
    let out_file = dir.join("fixed.txt");
    let fixes = "tests/corpus/fixes/invalid/syntax.fixes";
    let out = gamescribe(&["fix", "--color", "never", "--fixes", fixes, CLEAN, "-o", out_file.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    let drawn = stderr.matches(&format!("{fixes}:2:9: fixes::syntax")).count();
    assert_eq!(drawn, 1, "the first error drawn {drawn} times:\n{stderr}");
    assert!(stderr.contains("nothing written"), "{stderr}");
    assert!(!out_file.exists(), "a refused fix wrote {}", out_file.display());
}

#[test]
fn an_unreadable_corrections_file_is_a_usage_error() {
    let out = gamescribe(&["check", "--fixes", "no/such/file.fixes", CLEAN]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("no/such/file.fixes"));
}

/// Every move of every line, as (game, line label, move texts).
fn moves(json: &serde_json::Value) -> Vec<(usize, String, Vec<String>)> {
    let mut out = Vec::new();
    for (g, game) in json[0]["games"].as_array().expect("games").iter().enumerate() {
        for line in game["lines"].as_array().expect("lines") {
            let texts = line["moves"].as_array().expect("moves").iter().map(|m| m["text"].as_str().unwrap_or("").to_string()).collect();
            out.push((g, line["label"].as_str().unwrap_or("").to_string(), texts));
        }
    }
    out
}

fn repairs(json: &serde_json::Value) -> usize {
    json[0]["games"].as_array().expect("games").iter().flat_map(|g| g["lines"].as_array().expect("lines")).flat_map(|l| l["moves"].as_array().expect("moves")).filter(|m| m.get("repair").is_some()).count()
}

/// The moves a repair the decoder calls certain (at the default threshold)
/// mends by bytes that are in the file as the repair says: (game, line, ply).
fn certain_repairs(json: &serde_json::Value, bytes: &[u8]) -> Vec<(usize, String, usize)> {
    let mut out = Vec::new();
    for (g, game) in json[0]["games"].as_array().expect("games").iter().enumerate() {
        for line in game["lines"].as_array().expect("lines") {
            for (k, m) in line["moves"].as_array().expect("moves").iter().enumerate() {
                let Some(r) = m.get("repair") else { continue };
                let writable = r["edits"].as_array().expect("edits").iter().all(|e| {
                    let (from, to) = (e["from"].as_str().unwrap_or(""), e["to"].as_str().unwrap_or(""));
                    let (s, t) = (e["span"]["start"].as_u64().unwrap_or(0) as usize, e["span"]["end"].as_u64().unwrap_or(0) as usize);
                    from == to || bytes.get(s..t) == Some(from.as_bytes())
                });
                let changes = r["edits"].as_array().expect("edits").iter().any(|e| e["from"] != e["to"]);
                if writable && changes && r["confidence"].as_f64().unwrap_or(0.0) >= gamescribe::corrections::write::DEFAULT_MIN_CONFIDENCE {
                    out.push((g, line["label"].as_str().unwrap_or("").to_string(), k + 1));
                }
            }
        }
    }
    out
}

fn repaired_at(json: &serde_json::Value, at: &(usize, String, usize)) -> bool {
    json[0]["games"][at.0]["lines"].as_array().expect("lines").iter().find(|l| l["label"] == at.1.as_str()).is_some_and(|l| l["moves"][at.2 - 1].get("repair").is_some_and(|r| r["edits"].as_array().expect("edits").iter().any(|e| e["from"] != e["to"])))
}

fn check_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    let out = gamescribe(&all);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}: {}", text(&out.stderr)))
}

/// `fix -o` on every corpus file: the output reads as the same moves, the
/// repairs it wrote are gone, and fixing the output again changes nothing.
#[test]
fn fix_round_trips_on_every_corpus_file() {
    let dir = temp_dir("round-trip");
    let files = gamescribe::input::collect(&[PathBuf::from("corpus")]).expect("corpus").files;
    let files: Vec<PathBuf> = if files.is_empty() { gamescribe::input::collect(&[Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")]).expect("corpus").files } else { files };
    assert!(files.len() >= 5, "{files:?}");
    for file in files {
        let file = file.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap_or(&file).to_path_buf();
        let name = file.to_str().expect("utf-8 path");
        let clean = dir.join(file.file_name().expect("name"));
        let clean_name = clean.to_str().expect("utf-8 path");
        let out = gamescribe(&["fix", name, "-o", clean_name]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        let summary = text(&out.stderr);
        let written: usize = summary.split(": ").nth(1).and_then(|s| s.split_whitespace().next()).and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{summary}"));
        // The structure entries of a corrections file stay there: read the clean text with it.
        let fixes = gamescribe::corrections::beside(&file);
        let with_fixes: Vec<&str> = if fixes.is_file() { vec!["--fixes", fixes.to_str().expect("utf-8")] } else { vec![] };
        let before = check_json(&[name]);
        let mut args = with_fixes.clone();
        args.push(clean_name);
        let after = check_json(&args);
        // Every move read before is read again, in the same line; a line that
        // stopped may read further on the cleaner text (reported, not hidden).
        let (b, a) = (moves(&before), moves(&after));
        assert_eq!(b.len(), a.len(), "{name}: the fixed text reads as other lines");
        for (x, y) in b.iter().zip(&a) {
            assert_eq!((x.0, &x.1), (y.0, &y.1), "{name}: lines in another order");
            assert!(y.2.starts_with(&x.2), "{name}: game {}, {}: {:?} became {:?}", x.0 + 1, x.1, x.2, y.2);
            if y.2.len() > x.2.len() {
                eprintln!("{name}: game {}, {} reads {} more moves after fix: {:?}", x.0 + 1, x.1, y.2.len() - x.2.len(), &y.2[x.2.len()..]);
            }
        }
        // Every repair the decoder called certain is written: the move now reads as printed.
        let certain = certain_repairs(&before, &std::fs::read(&file).expect("source"));
        let still: Vec<_> = certain.iter().filter(|at| repaired_at(&after, at)).collect();
        assert!(still.is_empty(), "{name}: {} of {} certain repairs not written: {still:?}", still.len(), certain.len());
        let (r0, r1) = (repairs(&before), repairs(&after));
        eprintln!("{name}: {written} edits written; {} certain repairs, all written; repairs {r0} before, {r1} after", certain.len());
        assert!(r1 <= r0, "{name}: {r1} repairs after fix, {r0} before");
        if written > 0 && r0 > 0 {
            assert!(r1 < r0, "{name}: fix wrote {written} edits but no repair went away");
        }
        // Idempotent: fixing the output again changes nothing.
        let mut again = vec!["fix", "--diff"];
        again.extend_from_slice(&with_fixes);
        again.push(clean_name);
        let second = gamescribe(&again);
        assert_eq!(second.status.code(), Some(0), "{name}: {}", text(&second.stderr));
        assert!(second.stdout.is_empty(), "{name}: a second fix changes:\n{}", text(&second.stdout));
        assert!(text(&second.stderr).contains(": 0 edits applied"), "{}", text(&second.stderr));
    }
}

#[test]
fn fix_in_place_replaces_through_a_renamed_file_and_retires_applied_entries() {
    let dir = temp_dir("in-place");
    let source = dir.join("book.txt");
    std::fs::write(&source, "11 15 23 19 9 l4 22 17 W. wins\r\n").expect("write");
    let fixes = dir.join("book.fixes");
    std::fs::write(&fixes, "at 1:15 \"l4\" -> \"14\"   [scan p. 2]\ngame 1, trunk, result: W. wins\n").expect("write");
    let s = source.to_str().expect("utf-8");
    let diff = gamescribe(&["fix", "--diff", s]);
    assert!(text(&diff.stdout).contains("+11 15 23 19 9 14 22 17 W. wins"), "{}", text(&diff.stdout));
    assert_eq!(std::fs::read(&source).expect("read"), b"11 15 23 19 9 l4 22 17 W. wins\r\n", "--diff leaves the source alone");
    let out = gamescribe(&["fix", "--in-place", s]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Only the corrected bytes changed; the CRLF stays.
    assert_eq!(std::fs::read(&source).expect("read"), b"11 15 23 19 9 14 22 17 W. wins\r\n");
    let retired = std::fs::read_to_string(&fixes).expect("read");
    assert!(retired.starts_with("# applied by gamescribe fix: at 1:15"), "{retired}");
    assert!(retired.contains("\ngame 1, trunk, result: W. wins\n"), "{retired}");
    let names: Vec<String> = std::fs::read_dir(&dir).expect("list").map(|e| e.expect("entry").file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(names.len(), 2, "no temporary file is left: {names:?}");
    // A corrections file with an error: nothing is written.
    std::fs::write(&fixes, "game 9, trunk, result: Drawn.\n").expect("write");
    let before = std::fs::read(&source).expect("read");
    let refused = gamescribe(&["fix", "--in-place", s]);
    assert_eq!(refused.status.code(), Some(1), "{}", text(&refused.stderr));
    assert!(text(&refused.stderr).contains("book.fixes:1:6"), "{}", text(&refused.stderr));
    assert_eq!(std::fs::read(&source).expect("read"), before);
}

#[test]
fn corrected_moves_carry_their_origin_and_the_table_changes_with_the_corrections() {
    let with = check_json(&["corpus/anderson-1852-ocr.txt"]);
    let without = check_json(&["--no-fixes", "corpus/anderson-1852-ocr.txt"]);
    let corrected = |j: &serde_json::Value| {
        j[0]["games"].as_array().expect("games").iter().flat_map(|g| g["lines"].as_array().expect("lines")).flat_map(|l| l["moves"].as_array().expect("moves")).filter(|m| m.get("origin").is_some()).count()
    };
    assert_eq!(corrected(&without), 0);
    assert!(corrected(&with) >= 5, "{}", corrected(&with));
    let errors = |j: &serde_json::Value| j[0]["diagnostics"].as_array().expect("diagnostics").iter().filter(|d| d["file"].is_string() && d["severity"] == "error").count();
    assert_eq!(errors(&with), 0, "the shipped corrections file applies cleanly");
    let read = |j: &serde_json::Value| moves(j).iter().map(|m| m.2.len()).sum::<usize>();
    assert!(read(&with) > read(&without), "{} vs {}", read(&with), read(&without));
}

#[test]
fn todo_lists_trunks_first_with_a_ready_entry() {
    let out = gamescribe(&["todo", "corpus/anderson-1852-ocr.txt", "--limit", "40"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    let entries: Vec<&str> = shown.lines().filter_map(|l| l.trim_start().strip_prefix("entry     ")).collect();
    assert_eq!(entries.len(), 40, "{shown}");
    let first_variation = entries.iter().position(|e| !e.contains(", trunk:")).expect("a variation");
    assert!(entries[first_variation..].iter().all(|e| !e.contains(", trunk:")), "trunks come first: {entries:?}");
    // An entry with moves pastes into a corrections file as it is.
    let with_moves = entries.iter().find(|e| e.contains("-")).expect("an entry with moves");
    let (parsed, diags) = gamescribe::corrections::parse(with_moves);
    assert!(diags.is_empty() && parsed.len() == 1, "{with_moves}: {diags:?}");
    assert!(shown.contains("branch    B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"), "{shown}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]
    /// Any bytes as a corrections file: diagnostics, never a panic.
    #[test]
    fn any_corrections_file_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200), seed in prop::sample::select(vec![
        "at 1:1 \"11-15\" -> \"11-16\"\n", "game 1, trunk: 11 15 23 19\n", "game 1, trunk, move 2: 22 17 [n]\n", "game 2, trunk branches at move 1 of trunk\n", "game 1, trunk, start: W:W18:B14\n",
    ])) {
        let mut text = String::from(seed);
        text.push_str(&String::from_utf8_lossy(&bytes));
        let mut input = Input::from_text(Path::new("t.txt"), "11-15 23-19 8-11\r\n\r\n9-14 22-17 11-15\n");
        input.attach_fixes(Loaded::from_text("t.fixes", &text));
        let source = input.read(Reader::Numeric, &Given::default());
        for d in source.diagnostics.iter().filter(|d| d.file.is_some()) {
            prop_assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "{d:?}");
        }
        let _ = input.render(&source.diagnostics, false);
    }
}


/// The trunks the shipped corrections file extends, written as PDN, replay in
/// pydraughts (an independent engine) move for move, corrected moves included.
#[test]
fn the_corrected_anderson_trunks_replay_in_pydraughts() {
    let Some(python) = oracle::python("pydraughts") else { return };
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/anderson-1852-ocr.txt");
    let input = gamescribe::input::read_input(&path).expect("corpus");
    assert!(input.fixes.is_some(), "the corrections file beside the book is found");
    let source = input.read(Reader::Anderson, &Given::default());
    let games = gamescribe::export::pdn::written_games(&source);
    let corrected: usize = games.iter().flat_map(|g| &g.lines[0].moves).filter(|m| !m.origin.is_printed()).count();
    assert!(corrected >= 10, "{corrected} corrected main-line moves");
    let pdn_path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("anderson-corrected.pdn");
    std::fs::write(&pdn_path, gamescribe::export::pdn::write_pdn(&source)).expect("write PDN");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/pydraughts_replay.py");
    let out = Command::new(python).arg(script).arg(&pdn_path).output().expect("run python");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON from the script");
    let replayed = report["games"].as_array().expect("games");
    assert_eq!(replayed.len(), games.len(), "{report}");
    for (g, r) in games.iter().zip(replayed) {
        assert_eq!(r["ok"], true, "{}: {r}", g.name);
        assert_eq!(r["moves"], g.lines[0].moves.len(), "{}", g.name);
    }
}

/// Issue 19, then 22: on the real book, the Fife trunk's lost row (3-8) is
/// bridged by the reader from the rules alone, with or without a corrections
/// file, and a whole line typed in for a column read in pieces (Fife,
/// variation 15) replaces them: no piece is left in the tree, the worklist or
/// the PDN export.
#[test]
fn corrections_make_a_column_read_in_pieces_whole_on_the_real_book() {
    let book = "corpus/anderson-1852-ocr.txt";
    let json = check_json(&[book]);
    let fife = &json[0]["games"][2];
    let labels: Vec<&str> = fife["lines"].as_array().expect("lines").iter().map(|l| l["label"].as_str().unwrap_or("")).collect();
    assert!(!labels.contains(&"trunk (resumed)"), "{labels:?}");
    let trunk: Vec<&str> = fife["lines"][0]["moves"].as_array().expect("moves").iter().map(|m| m["text"].as_str().unwrap_or("")).collect();
    assert_eq!(trunk.get(30..39), Some(&["12-16", "28-24", "3-8", "21-17", "15-19", "24x15", "6-9", "13x6", "1x26"][..]), "{trunk:?}");
    assert_eq!(fife["lines"][0]["moves"][32]["repair"]["edits"][0]["kind"], "reconstructed", "3-8 is the reader's bridge");
    assert!(fife["lines"][0]["moves"][33].get("origin").is_none() && fife["lines"][0]["moves"][33].get("repair").is_none(), "21-17 is read as printed");
    // Without the corrections file the reader bridges the row just the same.
    let raw = check_json(&["--no-fixes", book]);
    assert_eq!(raw[0]["games"][2]["lines"][0], json[0]["games"][2]["lines"][0]);

    let dir = temp_dir("pieces");
    let fixes = dir.join("anderson.fixes");
    let shipped = std::fs::read_to_string("corpus/anderson-1852-ocr.fixes").expect("shipped corrections");
    std::fs::write(&fixes, format!("{shipped}\ngame 3, variation 15: 2 6 Drawn.   [test: the column typed in]\n")).expect("write");
    let f = fixes.to_str().expect("utf-8");
    let json = check_json(&["--fixes", f, book]);
    let lines = json[0]["games"][2]["lines"].as_array().expect("lines");
    assert!(lines.iter().all(|l| !l["label"].as_str().unwrap_or("").starts_with("15 (resumed")), "no piece of column 15 is left");
    let v15 = lines.iter().find(|l| l["label"] == "15").expect("variation 15");
    assert!(v15["annotations"].as_array().expect("annotations").iter().filter(|a| a["kind"] == "superseded").count() >= 2, "{v15}");
    let todo = text(&gamescribe(&["todo", "--limit", "1000", "--fixes", f, book]).stdout);
    assert!(!todo.contains("game 3, line \"15 (resumed") && !todo.contains("Fife), 15 (resumed"), "{todo}");
    let pdn = dir.join("a.pdn");
    let out = gamescribe(&["convert", "--to", "pdn", "--fixes", f, book, "-o", pdn.to_str().expect("utf-8")]);
    assert!(pdn.is_file(), "{}", text(&out.stderr));
    // The book is one PDN game per opening; a piece would be kept there as a note naming it.
    let pdn = std::fs::read_to_string(&pdn).expect("pdn").split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(!pdn.contains("variation 15 (resumed"), "no piece in the PDN export");
    assert!(pdn.contains("variation 16 (resumed"), "other pieces stay");
}
