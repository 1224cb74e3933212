//! The Go commands end to end: check, convert, board.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gamescribe")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn tmp(name: &str, text: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

#[test]
fn check_replays_the_go_corpus_cleanly() {
    let (code, out, _) = run(&["check", "corpus/go/", "--color", "never"]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().filter(|l| l.contains("go-record")).count(), 5, "{out}");
}

#[test]
fn convert_to_sgf_and_back_keeps_the_moves() {
    let (code, sgf, _) = run(&["convert", "corpus/go/diagram-10.wq", "--to", "sgf"]);
    assert_eq!(code, 0);
    assert!(sgf.starts_with("(;GM[1]FF[4]CA[UTF-8]SZ[19]"));
    let path = tmp("d10.sgf", &sgf);
    let (code, out, _) = run(&["check", &path, "--color", "never"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(" sgf ") && out.contains("38"), "4 lines, 38 moves: {out}");
    for (target, marker) in [("volpicelli", "corner: 入"), ("go-corner", "入 一 三")] {
        let (code, text, _) = run(&["convert", &path, "--to", target]);
        assert_eq!(code, 0);
        assert!(text.contains(marker), "{target}: {text}");
        let back = tmp(&format!("d10-{target}.wq"), &text);
        let (code, out, _) = run(&["check", &back, "--color", "never"]);
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("38"), "{out}");
    }
    let (code, json, _) = run(&["convert", &path, "--to", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["games"][0]["lines"][0]["moves"][1]["annotations"][0]["kind"], "comment");
    let (code, yaml, _) = run(&["convert", "corpus/go/diagram-08.wq", "--to", "yaml"]);
    assert_eq!(code, 0);
    assert!(yaml.contains("kind: captures"));
}

#[test]
fn board_prints_positions_and_the_count() {
    let (code, out, _) = run(&["board", "corpus/go/diagram-11-12.wq"]);
    assert_eq!(code, 0);
    assert!(out.contains("area count: Black 47 (36 stones + 11 points), White 53 (36 stones + 17 points), 0 neutral"), "{out}");
    let (code, out, _) = run(&["board", "corpus/go/diagram-11-12.wq", "--ply", "0"]);
    assert_eq!(code, 0);
    assert!(out.contains("7 neutral"), "{out}");
    let (code, _, err) = run(&["board", "corpus/go/diagram-09-corner.wq", "--line", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("b4-first"), "{err}");
}

#[test]
fn bad_go_input_is_reported_not_panicked_on() {
    let junk = tmp("junk.sgf", "(;GM[1]SZ[19];B[zz];W[aa]C[unclosed");
    let (code, out, err) = run(&["check", &junk, "--color", "never"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("sgf::unterminated-value") && out.contains("sgf::bad-point"), "{out}");
    let deep = tmp("deep.sgf", &format!("(;GM[1]SZ[19]{}{}", "(;B[aa]".repeat(50_000), ")".repeat(50_001)));
    let (code, _, err) = run(&["check", &deep, "--color", "never"]);
    // Playing a on the same point again is illegal: reported, not a crash.
    assert_eq!(code, 1, "{err}");
    let record = tmp("bad.wq", "size: 9\ncorner: 平\nblack: a 1\nW a 2\nW b 1\nB q 7\n");
    let (code, out, _) = run(&["check", &record, "--color", "never"]);
    assert_eq!(code, 1);
    assert!(out.contains("record::off-board"), "{out}");
    let (code, out, _) = run(&["check", &record, "--notation", "go", "--format", "json"]);
    assert_eq!(code, 1);
    assert!(out.contains("\"notation\": \"go-record\""));
}
