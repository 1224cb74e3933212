//! The command line end to end: exit codes, diagnostics, bad input.

use std::path::Path;
use std::process::{Command, Output};

fn gamescribe(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamescribe"))
        .args(args)
        .env("NO_COLOR", "1")
        // No endgame database from the user's cache: verdicts by search alone.
        .env("XDG_CACHE_HOME", Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-cache"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run gamescribe")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn temp_file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write temp file");
    path
}

#[test]
fn clean_games_exit_zero() {
    let out = gamescribe(&["check", "tests/corpus/numeric/valid/clean.txt"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("clean.txt"));
}

#[test]
fn damaged_games_render_diagnostics_and_exit_one() {
    let out = gamescribe(&["check", "--color", "never", "tests/corpus/numeric/invalid/damaged.txt"]);
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!("damaged_check", stdout(&out));
}

#[test]
fn strict_counts_repairs_as_errors() {
    let path = temp_file("repair-only.txt", b"11 l5 23 19\n");
    let lenient = gamescribe(&["check", path.to_str().unwrap()]);
    let strict = gamescribe(&["check", "--strict", path.to_str().unwrap()]);
    assert_eq!(lenient.status.code(), Some(0));
    assert_eq!(strict.status.code(), Some(1));
}

#[test]
fn json_output_holds_the_whole_tree() {
    let out = gamescribe(&["check", "--format", "json", "tests/corpus/numeric/invalid/damaged.txt"]);
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let games = value[0]["games"].as_array().expect("games");
    assert_eq!(games.len(), 3);
    assert_eq!(games[1]["lines"][0]["status"], "partial");
    assert_eq!(games[1]["lines"][0]["unread"]["raw"], "99 100");
}

#[test]
fn empty_file_is_a_clear_error() {
    let out = gamescribe(&["check", "--color", "never", "tests/corpus/numeric/invalid/empty.txt"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("no game found"), "{}", stdout(&out));
}

#[test]
fn missing_file_and_bad_flags_are_usage_errors() {
    assert_eq!(gamescribe(&["check", "no/such/file.txt"]).status.code(), Some(2));
    assert_eq!(gamescribe(&["check", "--format", "xml", "tests"]).status.code(), Some(2));
    assert_eq!(gamescribe(&["perft", "--game", "english", "x"]).status.code(), Some(2));
    assert_eq!(gamescribe(&[]).status.code(), Some(2));
}

#[test]
fn binary_junk_never_panics() {
    // A fixed pseudo-random byte soup with some digits and blank lines in it.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let bytes: Vec<u8> = (0..200_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect();
    let path = temp_file("junk.bin", &bytes);
    let out = gamescribe(&["check", "--color", "never", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout(&out).contains("not valid UTF-8"));
}

#[test]
fn a_large_file_is_read_in_bounded_pieces() {
    // 50 MB: games separated by blank lines, every tenth one damaged.
    let game = "11-15 23-19 8-11 22-17 4-8 17-13 15-18 24-20 11-15 28-24\n\n";
    let damaged = "11 l5 23 19 99 100\n\n";
    let mut text = String::with_capacity(50 * 1024 * 1024 + 100);
    let mut n = 0;
    while text.len() < 50 * 1024 * 1024 {
        text.push_str(if n % 10 == 9 { damaged } else { game });
        n += 1;
    }
    let path = temp_file("large.txt", text.as_bytes());
    let out = gamescribe(&["check", "--color", "never", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let json = gamescribe(&["check", "--format", "json", path.to_str().unwrap()]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("valid JSON");
    let diagnostics = value[0]["diagnostics"].as_array().expect("diagnostics");
    let last = diagnostics.last().expect("some diagnostics");
    assert_eq!(last["code"], "input::too-many-errors");
    assert_eq!(diagnostics.len(), 10_001);
    // Nothing is lost: the unread rest runs to the end of the file.
    assert_eq!(value[0]["unread"][0]["span"]["end"], text.len());
}

#[test]
fn convert_writes_clean_numeric_text() {
    let out = gamescribe(&["convert", "tests/corpus/numeric/invalid/damaged.txt", "--to", "numeric"]);
    assert_eq!(out.status.code(), Some(1), "errors remain in the damaged file");
    insta::assert_snapshot!("damaged_as_numeric", stdout(&out));
}

#[test]
fn coord_converts_both_ways() {
    assert_eq!(stdout(&gamescribe(&["coord", "--game", "english", "11", "--to", "paterson"])).trim(), "33");
    assert_eq!(stdout(&gamescribe(&["coord", "--game", "english", "66", "--to", "numeric"])).trim(), "22");
    assert_eq!(gamescribe(&["coord", "--game", "english", "33", "--to", "paterson"]).status.code(), Some(2), "33 is not a book square");
    assert_eq!(gamescribe(&["coord", "--game", "english", "34", "--to", "numeric"]).status.code(), Some(2));
}

#[test]
fn perft_prints_every_depth() {
    let out = gamescribe(&["perft", "--game", "english", "6"]);
    let counts: Vec<u64> = stdout(&out).lines().map(|l| l.split_whitespace().nth(2).unwrap().parse().unwrap()).collect();
    assert_eq!(counts, [7, 49, 302, 1469, 7361, 36768]);
}

#[test]
fn a_closed_pipe_ends_output_quietly() {
    // The reading end is closed before the program starts, so every write fails.
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_gamescribe"))
        .args(["perft", "--game", "english", "3"])
        .stdout(writer)
        .output()
        .expect("run gamescribe");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

#[test]
fn the_move_by_both_rules() {
    let out = gamescribe(&["move", "B:W21-32:B1-12"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("White has the move") && text.contains("both rules agree"), "{text}");
    let bad = gamescribe(&["move", "B:W21-32:B1-99"]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("fen::invalid") && err.contains("FEN:1:"), "{err}");
}

#[test]
fn hoyle_is_detected_and_written_in_natural_notation() {
    let out = gamescribe(&["check", "corpus/hoyle-draughts.txt"]);
    let text = stdout(&out);
    let summary = text.lines().find(|l| l.starts_with("corpus/hoyle-draughts.txt ")).unwrap_or_default();
    assert!(summary.contains(" hoyle "), "{summary}");
    assert_eq!(out.status.code(), Some(0), "{summary}");
    let natural = gamescribe(&["convert", "corpus/hoyle-draughts.txt", "--to", "paterson"]);
    assert_eq!(natural.status.code(), Some(0));
    // Two Kings to One opens 22-18 in book numbers: 66 55 in Paterson's, from the position given.
    assert!(stdout(&natural).contains("Two Kings To One — trunk\nstart W:WK11,K22:BK5\n66 55\n"), "{}", stdout(&natural));
    // Every position's start is written, so the whole text reads back clean.
    let written = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hoyle-natural.txt");
    std::fs::write(&written, stdout(&natural)).expect("write");
    let back = gamescribe(&["check", written.to_str().expect("utf-8 path")]);
    assert_eq!(back.status.code(), Some(0), "{}", stdout(&back));
    assert!(stdout(&back).contains(" paterson "), "{}", stdout(&back));
}

#[test]
fn markdown_notes_in_a_directory_are_not_read_as_games() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("with-notes");
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("README.md"), "# Notes\n\nThese games come from a book.\n").expect("write");
    std::fs::write(dir.join("game.txt"), "11 15 23 19 8 11 22 17\n").expect("write");
    let out = gamescribe(&["check", dir.to_str().expect("utf-8 path")]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("game.txt") && !text.contains("README.md"), "{text}");
}

#[test]
fn perft_for_lasca_prints_every_depth() {
    let out = gamescribe(&["perft", "--game", "lasca", "4"]);
    assert_eq!(out.status.code(), Some(0));
    let counts: Vec<String> = stdout(&out).lines().filter_map(|l| l.split_whitespace().nth(2).map(str::to_string)).collect();
    // Checked against the reference generator in tests/lasca.rs.
    assert_eq!(counts, vec!["6", "6", "18", "54"]);
}

#[test]
fn the_specimen_page_gets_a_table_and_its_cross_check() {
    let out = gamescribe(&["check", "--notation", "paterson", "corpus/anderson-1852-ocr.txt"]);
    let text = stdout(&out);
    let row = text.lines().find(|l| l.starts_with("WHILTER ")).unwrap_or_default();
    assert!(row.contains(" 44 ") && row.contains("legal") && row.contains("11/11") && row.contains("agrees"), "{row}");
    assert!(text.contains("paterson::cross-check"), "{text}");
}

#[test]
fn a_lost_diagram_can_be_given_by_title_and_the_task_sets_the_side_to_move() {
    // Boland's Fourth Position, given for both solutions printed under that title.
    let boland = "Fourth Position=B:W30,K31,K32:BK20,21,K22,K23";
    let out = gamescribe(&["check", "corpus/hoyle-draughts.txt", "--format", "json", "--position", boland]);
    let tree: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    let games = tree[0]["games"].as_array().expect("games");
    for (name, start) in [("Fourth Position (1)", "B:W30,K31,K32:BK20,21,K22,K23"), ("Fourth Position (2)", "W:W30,K31,K32:BK20,21,K22,K23")] {
        let game = games.iter().find(|g| g["name"] == name).expect(name);
        let tags = game["tags"].to_string();
        assert!(tags.contains(r#"["Position","given"]"#), "{name}: {tags}");
        assert_eq!(game["start"].as_str(), Some(start), "{name}");
    }
    // Without it, the diagram is inferred and a published setting supplies the man on 21.
    let table = stdout(&gamescribe(&["check", "corpus/hoyle-draughts.txt"]));
    let row = table.lines().find(|l| l.starts_with("Fourth Position (1)")).expect("a row per solution");
    assert!(row.contains("B:W30,K31,K32:B21,K22,K23,K28") && row.contains(" 1/1 "), "{row}");
    assert!(table.contains("reaches the classical Fourth Position as published (B. Boland"), "{table}");
    assert!(table.contains("reaches the classical Second Position turned to the other side (E. Lasker"), "{table}");

    let positions = temp_file("positions.txt", b"# lost diagrams\nFourth Position = B:W30,K31,K32:BK22,K23,K28\n");
    let given = gamescribe(&["check", "corpus/hoyle-draughts.txt", "--positions", positions.to_str().expect("utf-8 path")]);
    assert_eq!(given.status.code(), Some(0), "{}", String::from_utf8_lossy(&given.stderr));
    let misnamed = stdout(&gamescribe(&["check", "corpus/hoyle-draughts.txt", "--position", "Fifth Position=B:W30:B3"]));
    assert!(misnamed.contains("hoyle::position-unused") && misnamed.contains("Fourth Position (2)"), "{misnamed}");
    for bad in [vec!["--position", "no equals sign"], vec!["--position", "First Position=B:W99"], vec!["--positions", "/no/such/file"]] {
        let mut args = vec!["check", "corpus/hoyle-draughts.txt"];
        args.extend(bad.iter().copied());
        let out = gamescribe(&args);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(!out.stderr.is_empty(), "{bad:?}");
    }
}

/// The Anderson table counts columns, not lines: a column read on after a gap
/// counts once, so the states add up to the columns the layout found.
#[test]
fn the_anderson_table_counts_each_column_once() {
    let out = gamescribe(&["check", "--color", "never", "corpus/anderson-1852-ocr.txt"]);
    let text = stdout(&out);
    let all = text.lines().find(|l| l.starts_with("all ")).expect("a total row");
    let n: Vec<usize> = all.split_whitespace().skip(1).map(|v| v.parse().expect("number")).collect();
    // columns = legal + repaired + partial + unreadable
    assert_eq!(n[0], n[1] + n[2] + n[3] + n[4], "{all}");
    // The columns are the layout's (each game's `stats.columns`), fewer than the
    // tree's lines, which include the rests read on after a gap.
    let json: serde_json::Value = serde_json::from_str(&stdout(&gamescribe(&["check", "--format", "json", "corpus/anderson-1852-ocr.txt"]))).expect("json");
    let games = json[0]["games"].as_array().expect("games");
    let layout_columns = |g: &serde_json::Value| g["stats"]["columns"].as_u64().expect("stats.columns") as usize;
    let columns: usize = games.iter().map(layout_columns).sum();
    let lines: usize = games.iter().map(|g| g["lines"].as_array().expect("lines").len()).sum();
    assert_eq!(n[0], columns, "{all}");
    assert!(lines > columns, "some column is read on after a gap ({lines} lines, {columns} columns)");
}

/// Hoyle prints two solutions under one lost diagram: the second's king
/// choices are the first's fits (one diagram, one set of kings), turned to the
/// second task's side, and `positions` says which make both tasks true.
#[test]
fn a_second_solution_from_the_same_diagram_is_fitted_from_the_first() {
    let out = gamescribe(&["positions", "corpus/hoyle-draughts.txt", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    let solutions = json["solutions"].as_array().expect("solutions");
    let find = |title: &str| solutions.iter().find(|s| s["title"] == title).unwrap_or_else(|| panic!("{title} is listed"));
    let (first, second) = (find("Fourth Position (1)"), find("Fourth Position (2)"));
    assert_eq!(second["same_diagram_as"], "Fourth Position (1)");
    let kings = |s: &serde_json::Value| s["fits"].as_array().expect("fits").iter().map(|f| f["kings"].clone()).collect::<Vec<_>>();
    assert_eq!(second["tried"].as_u64(), Some(kings(first).len() as u64), "every fit of the first is tried");
    assert!(!kings(second).is_empty(), "{second}");
    for k in kings(second) {
        assert!(kings(first).contains(&k), "{k} is not a fit of the first solution");
    }
    assert!(second["fits"].as_array().expect("fits").iter().all(|f| f["fen"].as_str().is_some_and(|fen| fen.starts_with("W:"))), "{second}");
    let table = stdout(&gamescribe(&["positions", "corpus/hoyle-draughts.txt"]));
    assert!(table.contains("one diagram with Fourth Position (1):"), "{table}");
}

#[test]
fn a_lone_files_diagnostics_drawn_as_read_are_those_drawn_after_it() {
    // Two books of the 1852 text, an invalid byte in the second (what reading
    // the bytes finds is drawn first), and no corrections file: read book by
    // book. Checked alone, each book's diagnostics are drawn as it is read;
    // beside another file, once the file is read. The cap on warnings counts
    // across the books either way.
    let book = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/anderson-1852-ocr.txt")).expect("the 1852 text");
    let mut two = book.clone();
    two.extend_from_slice(b"\n\xff stray byte\n");
    two.extend_from_slice(&book);
    let two = temp_file("two-books-1852.txt", &two);
    let two = two.to_str().expect("a UTF-8 path");
    let clean = "tests/corpus/numeric/valid/clean.txt";
    let alone = stdout(&gamescribe(&["check", "--notation", "anderson", "--max-diagnostics", "7", two]));
    let beside = stdout(&gamescribe(&["check", "--notation", "anderson", "--max-diagnostics", "7", two, clean]));
    let table = alone.find("\nfile ").expect("the summary table");
    assert!(alone.matches("anderson::").count() > 100, "{alone}");
    assert!(alone.contains("invalid"), "the finding is drawn: {}", &alone[..2000.min(alone.len())]);
    assert!(alone.contains("more warnings and notes not drawn"), "the cap held");
    assert_eq!(&beside[..table], &alone[..table]);
}

/// Every game of a PDN event has the event's name: in natural notation the
/// second is written `x (2)`, said so on stderr, and the file reads back as two games.
#[test]
fn games_of_one_event_stay_apart_in_natural_notation() {
    let pdn = temp_file("one-event.pdn", b"[Event \"x\"]\n1. 11-15 22-18 *\n\n[Event \"x\"]\n1. 9-13 22-18 *\n");
    let natural = gamescribe(&["convert", pdn.to_str().expect("utf-8 path"), "--to", "paterson"]);
    assert_eq!(natural.status.code(), Some(0), "{}", String::from_utf8_lossy(&natural.stderr));
    assert!(String::from_utf8_lossy(&natural.stderr).contains("written as \"x (2)\""), "{}", String::from_utf8_lossy(&natural.stderr));
    let back = temp_file("one-event-natural.txt", &natural.stdout);
    let checked = gamescribe(&["check", "--format", "json", back.to_str().expect("utf-8 path")]);
    assert_eq!(checked.status.code(), Some(0), "{}", stdout(&checked));
    let report: serde_json::Value = serde_json::from_str(&stdout(&checked)).expect("json");
    let games = report.pointer("/0/games").and_then(|g| g.as_array()).map_or(0, Vec::len);
    assert_eq!(games, 2, "{}", stdout(&checked));
}

/// The speed guard of `bench scale` is a benchmark's verdict: a reader over
/// the seconds a megabyte allowed is marked SLOW and the run exits 1.
#[test]
fn bench_scale_marks_a_reader_over_its_guard() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-scale");
    let dir = dir.to_str().expect("utf-8 path");
    let run = |guard: &str| gamescribe(&["bench", "scale", "--megabytes", "0.01", "--reader", "numeric", "--no-memory", "--dir", dir, "--guard", guard]);
    let generous = run("1000");
    assert_eq!(generous.status.code(), Some(0), "{}", stdout(&generous));
    assert!(stdout(&generous).contains("     ok"), "{}", stdout(&generous));
    let impossible = run("0.000000001");
    assert_eq!(impossible.status.code(), Some(1), "{}", stdout(&impossible));
    assert!(stdout(&impossible).contains("SLOW") && stdout(&impossible).contains("over the guard of"), "{}", stdout(&impossible));
}
