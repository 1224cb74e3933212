//! The input side of the CLI in daily use (issues 20 part 4 and 23): standard
//! input, folders with files that are not text, paths that match nothing, line
//! endings and byte-order marks, inputs with no game in them.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn gamescribe(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamescribe"))
        .args(args)
        .env("NO_COLOR", "1")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run gamescribe");
    let mut pipe = child.stdin.take().expect("stdin");
    pipe.write_all(stdin.unwrap_or_default()).expect("write stdin");
    drop(pipe);
    child.wait_with_output().expect("wait")
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("input_cli").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn corpus(path: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).expect("corpus file")
}

/// The summary row of a file: notation, games, lines, legal, …, moves, errors, warnings.
fn row(out: &str, name: &str) -> Vec<String> {
    out.lines()
        .rfind(|l| l.starts_with(name))
        .map(|l| l[name.len()..].split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

#[test]
fn dash_reads_standard_input() {
    let wq = corpus("corpus/go/diagram-08.wq");
    let from_file = gamescribe(&["check", "corpus/go/diagram-08.wq"], None);
    let from_stdin = gamescribe(&["check", "--notation", "go", "-"], Some(&wq));
    assert_eq!(from_stdin.status.code(), from_file.status.code(), "{}", text(&from_stdin));
    let (a, b) = (row(&text(&from_file), "corpus/go/diagram-08.wq"), row(&text(&from_stdin), "<stdin>"));
    assert!(!a.is_empty() && a == b, "{a:?} vs {b:?}");
}

#[test]
fn a_folder_skips_files_that_are_not_text_without_echoing_them() {
    let dir = scratch("mixed");
    std::fs::write(dir.join("diagram-08.wq"), corpus("corpus/go/diagram-08.wq")).unwrap();
    std::fs::write(dir.join("picture.png"), b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0SECRETBYTES").unwrap();
    let noise: Vec<u8> = (0..4000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 11) as u8).collect();
    std::fs::write(dir.join("noise.bin"), &noise).unwrap();
    let out = gamescribe(&["check", dir.to_str().unwrap()], None);
    let all = text(&out);
    assert_eq!(out.status.code(), Some(0), "{all}");
    assert!(!all.contains("SECRETBYTES") && !all.contains("PNG"), "binary echoed:\n{all}");
    let notes: Vec<&str> = all.lines().filter(|l| l.contains("not text")).collect();
    assert_eq!(notes.len(), 1, "{all}");
    assert!(notes[0].contains("picture.png") && notes[0].contains("noise.bin"), "{all}");
}

#[test]
fn an_empty_folder_or_a_missing_path_is_a_usage_error() {
    let dir = scratch("empty");
    let out = gamescribe(&["check", dir.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    let out = gamescribe(&["check", "no/such/file.txt"], None);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
}

#[test]
fn lasca_with_crlf_or_lone_cr_reads_like_lf() {
    let lf = corpus("corpus/lasca-1911-ocr.txt");
    let dir = scratch("lasca");
    let crlf: Vec<u8> = lf.iter().flat_map(|&b| if b == b'\n' { vec![b'\r', b'\n'] } else { vec![b] }).collect();
    let cr: Vec<u8> = lf.iter().map(|&b| if b == b'\n' { b'\r' } else { b }).collect();
    let mut rows = Vec::new();
    for (name, bytes) in [("lf.txt", lf), ("crlf.txt", crlf), ("cr.txt", cr)] {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let p = path.to_str().unwrap().to_string();
        let out = gamescribe(&["check", &p], None);
        rows.push((out.status.code(), row(&text(&out), &p)));
    }
    assert_eq!(rows[0].1.first().map(String::as_str), Some("lasca"), "{rows:?}");
    assert!(rows.iter().all(|r| r == &rows[0]), "{rows:?}");
}

#[test]
fn a_bom_and_lone_crs_give_the_same_line_and_column() {
    let lf = b"[Event \"a\"]\n1. 11-15 23-19 2. 99-98 *\n".to_vec();
    let dir = scratch("bom");
    let mut headers = Vec::new();
    for (name, bytes) in [
        ("lf.pdn", lf.clone()),
        ("bom.pdn", [b"\xEF\xBB\xBF".as_slice(), &lf].concat()),
        ("cr.pdn", lf.iter().map(|&b| if b == b'\n' { b'\r' } else { b }).collect()),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let out = gamescribe(&["check", "--color", "never", path.to_str().unwrap()], None);
        let all = text(&out);
        let places: Vec<String> =
            all.lines().filter_map(|l| l.strip_prefix(path.to_str().unwrap())).filter(|l| l.starts_with(':') && l.contains("pdn::")).map(|l| l.split(' ').next().unwrap_or("").to_string()).collect();
        headers.push((out.status.code(), places));
    }
    assert!(!headers[0].1.is_empty(), "{headers:?}");
    assert!(headers.iter().all(|h| h == &headers[0]), "{headers:?}");
}

#[test]
fn an_input_with_no_game_is_exit_one_in_every_notation() {
    let dir = scratch("no-game");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, b"").unwrap();
    for notation in ["numeric", "pdn", "anderson", "hoyle", "paterson", "lasca", "go", "sgf"] {
        let out = gamescribe(&["check", "--notation", notation, empty.to_str().unwrap()], None);
        assert_eq!(out.status.code(), Some(1), "{notation}: {}", text(&out));
        assert!(text(&out).contains("::no-"), "{notation}: no diagnostic\n{}", text(&out));
        // No table of games with a header over no rows.
        let table_head = |l: &str| l.starts_with("solution ") || (l.starts_with("game ") && l.contains(" columns "));
        assert!(!text(&out).lines().any(table_head), "{notation}: a table of no games\n{}", text(&out));
    }
    let digits = dir.join("digits.txt");
    std::fs::write(&digits, vec![b'7'; 1 << 20]).unwrap();
    let out = gamescribe(&["check", "--notation", "sgf", digits.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
}

#[test]
fn numbers_out_of_range_are_never_clamped() {
    let dir = scratch("numbers");
    let pdn = dir.join("nag.pdn");
    std::fs::write(&pdn, b"[Event \"a\"]\n1. 11-15 $99999999999999999999 23-19 *\n").unwrap();
    let out = gamescribe(&["check", "--format", "json", pdn.to_str().unwrap()], None);
    let all = text(&out);
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(all.contains("pdn::number-out-of-range") && !all.contains("18446744073709551615"), "{all}");
    let sgf = dir.join("km.sgf");
    std::fs::write(&sgf, b"(;GM[1]FF[4]SZ[19]KM[99999999999999999999];B[dd];W[pp])\n").unwrap();
    let out = gamescribe(&["convert", sgf.to_str().unwrap(), "--to", "sgf"], None);
    let all = text(&out);
    assert!(all.contains("KM[99999999999999999999]"), "{all}");
}
