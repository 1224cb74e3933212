//! The tolerant draughts movetext reader on the solutions printed in Hoyle's Draughts.

use gamescribe::text::draughts::{read_line, scan, ReadOptions};
use gamescribe::repair::TokenKind;
use gamescribe::rules::draughts::{parse_fen, Position};
use gamescribe::span::Span;
use gamescribe::tree::LineStatus;

fn hoyle() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/hoyle-draughts.txt")).expect("corpus file")
}

/// The solution block after "Two Kings To One", up to its result line.
fn two_kings_solution(text: &str) -> Span {
    let heading = text.find("The following shows how to force the win").expect("heading");
    let start = heading + text[heading..].find("Solution.").expect("solution") + "Solution.".len();
    let end = start + text[start..].find("W. wins.").expect("result");
    Span::new(start, end)
}

#[test]
fn every_solution_line_scans_into_numbers_with_exact_spans() {
    let text = hoyle();
    let mut lines = 0;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end();
        // Solution lines: `22.18`, `10.60`, `09.13`, `V.1—10.60`, `S—15.10`.
        let is_solution = !body.is_empty() && body.len() < 16 && body.chars().any(|c| c.is_ascii_digit()) && body.contains('.') && !body.contains(' ');
        if is_solution {
            lines += 1;
            let tokens = scan(body, offset);
            let numbers: Vec<&str> = tokens.iter().filter(|t| t.kind == TokenKind::Number).map(|t| t.text.as_str()).collect();
            assert!(numbers.len() >= 2, "{body:?} gave {tokens:?}");
            for t in &tokens {
                assert_eq!(t.span.slice(&text), t.text, "span of {t:?}");
            }
            let covered: usize = tokens.iter().map(|t| t.span.len()).sum();
            assert_eq!(covered, body.len(), "every byte of {body:?} is in a token");
        }
        offset += line.len();
    }
    assert!(lines > 200, "found {lines} solution lines");
}

#[test]
fn two_kings_to_one_replays_with_the_ocr_zeros_repaired() {
    let text = hoyle();
    let range = two_kings_solution(&text);
    // Fig. 3 is lost; this is the position the solution's own moves imply:
    // White kings on 22 and 11, a Black king on 5, White to move.
    let start = Position::from_setup(parse_fen("W:WK11,K22:BK5").unwrap()).unwrap();
    let (line, diagnostics) = read_line(&text, range, &start, &ReadOptions::default());
    let moves: Vec<&str> = line.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(line.status, LineStatus::Repaired, "{moves:?} {diagnostics:?}");
    assert_eq!(moves.len(), 21);
    assert_eq!(moves[8], "10-6", "`10.60` is 10-6 with an OCR zero");
    assert_eq!(moves[15], "9-13", "`09.13` needs no repair");
    assert!(line.moves[15].repair.is_none());
    // Only the stray zero needs mending; it may be charged to 10-6 or to the move after it.
    let repaired: Vec<usize> = (0..line.moves.len()).filter(|&i| line.moves[i].repair.is_some()).collect();
    assert!(!repaired.is_empty() && repaired.iter().all(|&i| i == 8 || i == 9), "{repaired:?}");
}

/// Found by the `read_hoyle` fuzz target: a solution so garbled (`10.60`,
/// `6.90`) that no guessed start reads it, so the lost-diagram search tries
/// every guess, each a decoding of the trunk. With 4096 guesses this 2 KB page
/// took 11 s in release; the search now stops at `MAX_GUESSES` (512). The page
/// is still read whole: every byte in a tree element or a diagnostic.
#[test]
fn a_solution_no_guessed_start_reads_is_still_kept_whole() {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/fuzz/hoyle-no-guess-reads.txt"));
    let bytes = std::fs::read(path).expect("regression input");
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let source = gamescribe::notation::read(gamescribe::notation::Reader::Hoyle, path, &text);
    assert!(!source.games.is_empty(), "the solution is read as a game");
    assert!(source.diagnostics.iter().any(|d| d.severity == gamescribe::diagnostic::Severity::Error), "the garbled moves are reported");
    assert_eq!(gamescribe::tree::coverage::coverage(&source, text.as_bytes()).uncovered_bytes, 0);
}

/// Found by the `read_hoyle` fuzz target: a variation placed by a mark in a
/// parent line whose own start is unknown (its mark found nowhere before it),
/// so the parent gave no moves and counting the moves before the mark
/// subtracted past zero (a panic with overflow checks on, as in tests).
#[test]
fn a_variation_under_a_parent_with_no_known_start_does_not_panic() {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/fuzz/hoyle-variation-before-its-parent.txt"));
    let text = std::fs::read_to_string(path).expect("regression input");
    let source = gamescribe::notation::read(gamescribe::notation::Reader::Hoyle, path, &text);
    assert!(!source.games.is_empty());
    assert_eq!(gamescribe::tree::coverage::coverage(&source, text.as_bytes()).uncovered_bytes, 0);
}
