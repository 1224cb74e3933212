//! The same input gives the same bytes out: every command and format run
//! twice over the corpus, standard output, standard error and exit status
//! compared. The slow books (Anderson, Hoyle) are left out to keep debug CI
//! short; their readers share the decoder the Lasca book exercises.

use std::path::{Path, PathBuf};
use std::process::Command;

fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("corpus/lasca-1911-ocr.txt")];
    let mut dirs = vec![root.join("tests/corpus"), root.join("corpus/go")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn is_go(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "wq" || x == "sgf")
}

/// Runs of one command: its standard output, standard error and exit status.
fn run(args: &[&str]) -> (Vec<u8>, Vec<u8>, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_gamescribe")).args(args).env("NO_COLOR", "1").output().expect("gamescribe runs");
    (out.stdout, out.stderr, out.status.code())
}

#[test]
fn every_command_and_format_gives_the_same_bytes_twice() {
    let files = corpus_files();
    assert!(files.len() >= 10, "the corpus is missing: {files:?}");
    let mut commands: Vec<Vec<String>> = Vec::new();
    for file in &files {
        let f = file.display().to_string();
        commands.push(vec!["check".into(), "--color".into(), "never".into(), "--all".into(), f.clone()]);
        commands.push(vec!["check".into(), "--format".into(), "json".into(), f.clone()]);
        let targets: &[&str] = if is_go(file) { &["sgf", "go-corner", "volpicelli", "json", "yaml", "csv"] } else { &["pdn", "json", "yaml", "csv", "numeric"] };
        for to in targets {
            commands.push(vec!["convert".into(), "--to".into(), (*to).into(), f.clone()]);
        }
    }
    // Several files in one run: the order of sources is part of the output.
    let all: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    commands.push([vec!["check".to_string(), "--format".into(), "json".into()], all.clone()].concat());
    commands.push([vec!["check".to_string(), "--color".into(), "never".into()], all].concat());
    let mut differ = Vec::new();
    for args in &commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let first = run(&args);
        let second = run(&args);
        assert!(first.2.is_some(), "gamescribe {} was killed", args.join(" "));
        if first != second {
            differ.push(args.join(" "));
        }
    }
    assert!(differ.is_empty(), "{} of {} commands gave different bytes on a second run:\n{}", differ.len(), commands.len(), differ.join("\n"));
}

/// Runs of one command with `threads` reading threads.
fn run_on(threads: &str, args: &[&str]) -> (Vec<u8>, Vec<u8>, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_gamescribe")).args(args).env("NO_COLOR", "1").env("GAMESCRIBE_THREADS", threads).output().expect("gamescribe runs");
    (out.stdout, out.stderr, out.status.code())
}

/// The readers that read a text's parts side by side (Hoyle's solutions,
/// Lasca's games and propositions, the 1852 book's games, pages of
/// specimens) give the same bytes on one thread and on several. Hoyle's
/// corpus holds two solutions of one diagram, the second read from the
/// first's start: the case where a part waits on the one before it.
#[test]
fn the_same_bytes_on_one_thread_and_on_several() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cases = [("hoyle", "corpus/hoyle-draughts.txt"), ("lasca", "corpus/lasca-1911-ocr.txt"), ("anderson", "corpus/anderson-1852-ocr.txt"), ("paterson", "corpus/anderson-1852-ocr.txt")];
    for (notation, file) in cases {
        let path = root.join(file).display().to_string();
        for args in [vec!["check", "--format", "json", "--notation", notation, &path], vec!["convert", "--to", "pdn", "--notation", notation, &path]] {
            let alone = run_on("1", &args);
            let side_by_side = run_on("4", &args);
            assert!(alone.2.is_some(), "gamescribe {} was killed", args.join(" "));
            assert!(alone == side_by_side, "gamescribe {} gave other bytes on four threads than on one", args.join(" "));
        }
    }
}

/// Durations in a message (`read and checked in 2.08 s`) masked: the one
/// part of what a command prints that is the machine's, not the input's.
fn without_durations(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let duration = regex::Regex::new(r"\d+(\.\d+)? (s|ms|µs)\b").expect("valid regex");
    duration.replace_all(&text, "<duration>").into_owned()
}

/// The commands besides `check` and `convert`: a worklist, the fixed text
/// and its diff, the HTML report (the page's bytes compared), a Go board,
/// and the commands of a position or a square. `perft`, `egdb` and `bench`
/// report their own speed and are left out.
#[test]
fn every_other_command_gives_the_same_bytes_twice() {
    let pages = Path::new(env!("CARGO_TARGET_TMPDIR")).join("determinism-pages");
    std::fs::create_dir_all(&pages).expect("a directory for the pages");
    let mut commands: Vec<Vec<String>> = Vec::new();
    for file in corpus_files() {
        let f = file.display().to_string();
        commands.push(vec!["todo".into(), f.clone()]);
        commands.push(vec!["todo".into(), "--format".into(), "json".into(), f.clone()]);
        commands.push(vec!["fix".into(), f.clone()]);
        commands.push(vec!["fix".into(), "--diff".into(), f.clone()]);
        commands.push(vec!["report".into(), f.clone(), "-o".into()]);
        if is_go(&file) {
            commands.push(vec!["board".into(), f.clone()]);
            commands.push(vec!["board".into(), "--ply".into(), "0".into(), f.clone()]);
        }
    }
    // A command that fails the same way twice would pass: those that must succeed say so.
    let on_a_book_record = |args: &[String]| args.last().is_some_and(|f| f.contains("/corpus/go/") && !f.contains("/tests/"));
    let must_succeed = |args: &[String]| (args[0] == "board" && on_a_book_record(args)) || !["todo", "fix", "report", "board"].contains(&args[0].as_str());
    let fen = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
    for args in [
        vec!["move", fen],
        vec!["move", "B:W18,K24:B12,K5", "--format", "json"],
        vec!["solve", "W:WK19,K23:BK28,12", "--nodes", "20000"],
        vec!["coord", "--game", "english", "11", "--to", "paterson"],
        vec!["coord", "--game", "go", "平 c 4", "--to", "gtp"],
        vec!["codes"],
    ] {
        commands.push(args.into_iter().map(String::from).collect());
    }
    let mut differ = Vec::new();
    for (k, args) in commands.iter().enumerate() {
        let mut args: Vec<String> = args.clone();
        // A report writes its page to one path each run; the page is read after each run.
        let page = pages.join(format!("{k}.html"));
        let writes_page = args.last().is_some_and(|a| a == "-o");
        if writes_page {
            args.push(page.display().to_string());
        }
        let these: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut runs = Vec::new();
        for _ in 0..2 {
            let _ = std::fs::remove_file(&page);
            let (stdout, stderr, status) = run(&these);
            assert!(status.is_some(), "gamescribe {} was killed", these.join(" "));
            let written = writes_page.then(|| std::fs::read(&page).unwrap_or_else(|e| panic!("gamescribe {} wrote no page: {e}", these.join(" "))));
            runs.push((stdout, without_durations(&stderr), status, written));
        }
        if must_succeed(&args) {
            assert_eq!(runs[0].2, Some(0), "gamescribe {} failed: {}", args.join(" "), runs[0].1);
        }
        if runs[0] != runs[1] {
            differ.push(args.join(" "));
        }
    }
    assert!(differ.is_empty(), "{} of {} commands gave different bytes on a second run:\n{}", differ.len(), commands.len(), differ.join("\n"));
}
