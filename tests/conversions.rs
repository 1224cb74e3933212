//! Every conversion round-trips or refuses with a clear message: the corpus
//! books written as PDN, numeric and natural notation are read back and
//! compared line by line; a Go file is refused for draughts targets.

use gamescribe::export::pdn::write_pdn;
use gamescribe::notation::{anderson, hoyle, lasca, numeric, paterson, pdn};
use gamescribe::tree::{Game, Outcome, Source};
use std::process::Command;

fn corpus(name: &str) -> String {
    std::fs::read_to_string(format!("{}/corpus/{name}", env!("CARGO_MANIFEST_DIR"))).expect("corpus file")
}

/// Every line's moves from its start, as squares, in order.
fn all_lines(source: &Source) -> Vec<Vec<Vec<u8>>> {
    let line = |g: &Game, i: usize| g.moves_from_start(i).expect("no cycle").iter().map(|m| m.squares.clone()).collect::<Vec<_>>();
    source.games.iter().flat_map(|g| (0..g.lines.len()).map(move |i| line(g, i))).filter(|l| !l.is_empty()).collect()
}

fn errors(source: &Source, code: &str) -> usize {
    source.diagnostics.iter().filter(|d| d.code == code).count()
}

/// Hoyle's solutions as PDN read back: the nested variations branch where the
/// writer put them (one branch-ply convention), so no move is illegal.
#[test]
fn hoyle_pdn_reads_back_with_every_line() {
    let text = corpus("hoyle-draughts.txt");
    let (source, _) = hoyle::read_hoyle_with("hoyle", &text, &hoyle::HoyleOptions { infer: true, ..Default::default() });
    assert!(source.games.iter().any(|g| g.lines.iter().any(|l| l.parent.is_some_and(|p| g.lines[p].parent.is_some()))), "Hoyle has nested variations");
    let written = write_pdn(&source);
    let back = pdn::read("back", &written);
    assert_eq!(errors(&back, "pdn::illegal-move") + errors(&back, "pdn::variation-without-position"), 0, "{:?}", back.diagnostics.iter().filter(|d| d.is_error()).map(|d| &d.message).collect::<Vec<_>>());
    let mut ours = all_lines(&source);
    let mut again = all_lines(&back);
    ours.sort();
    again.sort();
    assert_eq!(ours, again);
}

/// Lasca as PDN (GameType 98, Variant Lasca) read back by our own reader: the same moves and outcomes.
#[test]
fn lasca_pdn_reads_back_as_lasca() {
    let source = lasca::read("lasca", &corpus("lasca-1911-ocr.txt"));
    let written = write_pdn(&source);
    // The reader's counts and mends stay in `Game::stats`, out of the headers.
    assert!(source.games.iter().any(|g| !g.stats.setup_fixes.is_empty()) && source.games.iter().all(|g| g.stats.printed_moves.is_some()));
    for counted in ["[PrintedMoves ", "[Repairs ", "[SetupsTried ", "[SetupFix", "[Mended "] {
        assert!(!written.contains(counted), "{counted} written into the PDN");
    }
    let back = pdn::read("back", &written);
    assert_eq!(back.notation, gamescribe::tree::Notation::Lasca);
    assert_eq!(back.error_count(), 0, "{:?}", back.diagnostics.iter().map(|d| &d.message).take(5).collect::<Vec<_>>());
    assert_eq!(back.games.len(), source.games.len());
    let white_wins = source.games.iter().filter(|g| g.lines[0].stated_result.as_ref().is_some_and(|r| r.outcome == Outcome::WhiteWins)).count();
    assert!(white_wins > 0, "the book has White wins");
    for (a, b) in source.games.iter().zip(&back.games) {
        let squares = |g: &Game| g.lines[0].moves.iter().map(|m| m.squares.clone()).collect::<Vec<_>>();
        assert_eq!(squares(a), squares(b), "{}", a.name);
        let outcome = |g: &Game| g.lines[0].stated_result.as_ref().map_or(Outcome::Unknown, |r| r.outcome);
        assert_eq!(outcome(a), outcome(b), "{}", a.name);
    }
    assert_eq!(write_pdn(&back), written, "written again, the same text");
}

/// `--to numeric` writes every line (a variation with the moves before it) and its result.
#[test]
fn numeric_keeps_variations_and_results() {
    let text = "[Event \"a\"]\n1. 11-15 23-19 (1... 22-18 15x22 25x18 {result: 1/2-1/2}) 2. 8-11 22-17 (2... 22-18 {b} (2... 24-20)) 1-0\n";
    let source = pdn::read("t", text);
    let (written, empty) = numeric::write_source(&source).expect("initial starts");
    assert_eq!(empty, 0);
    let back = numeric::read("back", &written, &numeric::ReadOptions::default());
    assert_eq!(back.error_count(), 0, "{written}");
    assert_eq!(back.games.len(), 4, "{written}");
    assert_eq!(all_lines(&back), all_lines(&source), "{written}");
    let results = |s: &Source| s.lines().filter_map(|l| l.stated_result.as_ref().map(|r| r.outcome)).collect::<Vec<_>>();
    assert_eq!(results(&back), [Outcome::BlackWins, Outcome::Draw], "{written}");
}

/// A line from another start cannot be numeric text: refused, naming it.
#[test]
fn numeric_refuses_a_start_it_cannot_write() {
    let source = pdn::read("t", "[Event \"e\"]\n[FEN \"W:W18:B14\"]\n1. 18x9 *");
    let err = numeric::write_source(&source).unwrap_err();
    assert!(err.contains("1 line(s) start elsewhere") && err.contains("--to pdn"), "{err}");
}

/// Paterson's specimens (natural notation) to numeric: variation 1 and the results kept.
#[test]
fn natural_to_numeric_keeps_variation_one_and_the_results() {
    let source = paterson::read_paterson_specimens("anderson", &corpus("anderson-1852-ocr.txt"));
    assert!(source.games.iter().any(|g| g.lines.len() > 1), "the specimens have a variation");
    let (written, _) = numeric::write_source(&source).expect("specimens start from the initial position");
    let back = numeric::read("back", &written, &numeric::ReadOptions::default());
    assert_eq!(all_lines(&back), all_lines(&source), "{written}");
    let results = |s: &Source| s.lines().filter_map(|l| l.stated_result.as_ref().map(|r| r.outcome)).collect::<Vec<_>>();
    assert_eq!(results(&back), results(&source));
}

/// The 1852 book in natural notation, lines with an inferred start included:
/// every line written, and each reads back as the same moves.
#[test]
fn anderson_to_paterson_and_back() {
    let source = anderson::read("anderson", &corpus("anderson-1852-ocr.txt"));
    assert!(source.lines().any(|l| l.start.is_some()), "the book has lines with an inferred start");
    let (text, problems) = paterson::write_paterson(&source);
    assert!(problems.is_empty(), "{:?}", problems.iter().map(|d| &d.message).take(5).collect::<Vec<_>>());
    let mut checked = 0;
    for game in &source.games {
        for (i, line) in game.lines.iter().enumerate().filter(|(_, l)| !l.moves.is_empty()) {
            let start = paterson::line_start(game, i).expect("start");
            let natural = paterson::write_paterson_line(&start, line).expect("written").join(" ");
            let (back, _, _) = paterson::read_line(&natural, gamescribe::span::Span::new(0, natural.len()), &start, &Default::default());
            let squares = |l: &gamescribe::tree::Line| l.moves.iter().map(|m| m.squares.clone()).collect::<Vec<_>>();
            assert_eq!(squares(&back), squares(line), "{} {}: {natural}", game.name, line.label);
            checked += 1;
        }
    }
    assert!(checked > 40 && text.contains("start "), "{checked} lines");
}

#[test]
fn a_go_file_is_refused_for_draughts_targets() {
    for to in ["pdn", "numeric", "paterson"] {
        let out = Command::new(env!("CARGO_BIN_EXE_gamescribe"))
            .args(["convert", concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/go/diagram-08.wq"), "--to", to])
            .output()
            .expect("run");
        assert_eq!(out.status.code(), Some(2), "--to {to}");
        assert!(out.stdout.is_empty());
        assert!(String::from_utf8_lossy(&out.stderr).contains("is a Go file; Go games are written only as Go"), "{}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn convert_takes_a_folder_and_writes_one_output_per_input() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("convert_many");
    let _ = std::fs::remove_dir_all(&dir);
    let input = dir.join("in");
    std::fs::create_dir_all(&input).unwrap();
    std::fs::write(input.join("a.txt"), "11-15 23-19 8-11\n").unwrap();
    std::fs::write(input.join("b.pdn"), "[Event \"b\"]\n1. 9-13 22-18 *\n").unwrap();
    let out = dir.join("out");
    let run = Command::new(env!("CARGO_BIN_EXE_gamescribe")).args(["convert"]).arg(&input).args(["--to", "pdn", "-o"]).arg(&out).output().expect("run");
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    let a = std::fs::read_to_string(out.join("a.pdn")).unwrap();
    let b = std::fs::read_to_string(out.join("b.pdn")).unwrap();
    assert!(a.contains("1. 11-15 23-19 2. 8-11") && b.contains("[Event \"b\"]"), "{a}\n{b}");
    // Several inputs without -o: refused, nothing written to the terminal.
    let run = Command::new(env!("CARGO_BIN_EXE_gamescribe")).args(["convert"]).arg(input.join("a.txt")).arg(input.join("b.pdn")).args(["--to", "pdn"]).output().expect("run");
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("need -o DIR"));
}

/// `convert --to pdn` on Anderson's book: one PDN game per opening (not one per
/// column), and a note on stderr saying what went in as moves and what as notes.
#[test]
fn anderson_to_pdn_is_one_game_per_opening_and_says_what_it_kept() {
    let run = Command::new(env!("CARGO_BIN_EXE_gamescribe")).args(["convert", concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/anderson-1852-ocr.txt"), "--to", "pdn"]).output().expect("run");
    let (out, err) = (String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    // The 15 openings and the 1st–13th Positions (each a game from the start its solution implies).
    assert_eq!(out.matches("[Event ").count(), 28, "{err}");
    let note = err.lines().find(|l| l.starts_with("note: ")).expect("a note of what was written");
    assert!(note.starts_with("note: 28 game(s), ") && note.contains("line(s) kept as comments in their game"), "{note}");
    let kept: usize = note.split("; ").nth(1).and_then(|k| k.split_whitespace().next()).and_then(|n| n.parse().ok()).expect("a count");
    // The writer wraps comments at 80 columns.
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(flat.matches("kept as text, not as a variation").count(), kept, "{note}");
}

/// A draughts file asked for a Go format is refused with the formats it can be
/// written in, not a hint to read it as Go.
#[test]
fn a_draughts_file_is_refused_for_go_targets() {
    for to in ["sgf", "go-corner"] {
        let out = Command::new(env!("CARGO_BIN_EXE_gamescribe"))
            .args(["convert", concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/hoyle-draughts.txt"), "--to", to])
            .output()
            .expect("run");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--to {to}: {err}");
        assert!(out.stdout.is_empty());
        assert!(err.contains("reads as hoyle, not Go") && err.contains("--to pdn"), "{err}");
        assert!(!err.contains("--notation go"), "{err}");
    }
}

/// The whole file `convert --to paterson` writes reads back (`check`, the
/// notation detected): the 1852 book's every line, inferred starts and variations
/// included, with the same moves and stated results.
#[test]
fn anderson_in_natural_notation_reads_back_as_a_file() {
    let source = anderson::read("anderson", &corpus("anderson-1852-ocr.txt"));
    // The critical positions are games from a start of their own: the writer writes it.
    assert!(source.games.iter().any(|g| g.study.is_some() && g.lines.iter().any(|l| !l.moves.is_empty())));
    let (text, problems) = paterson::write_paterson(&source);
    assert!(problems.is_empty());
    // Auto-detected: what the writer writes is read back without `--notation`.
    assert_eq!(gamescribe::notation::Reader::detect(std::path::Path::new("back.txt"), &text), gamescribe::notation::Reader::Paterson);
    let back = gamescribe::notation::read_given(gamescribe::notation::Reader::Auto, std::path::Path::new("back.txt"), &text, &Default::default());
    assert_eq!(errors(&back, "paterson::bad-tree") + errors(&back, "paterson::no-specimens") + errors(&back, "paterson::bad-start"), 0);
    assert_eq!(back.games.len(), source.games.len());
    assert_eq!(all_lines(&back), all_lines(&source));
    let results = |s: &Source| s.lines().map(|l| l.stated_result.as_ref().map(|r| r.outcome)).collect::<Vec<_>>();
    assert_eq!(results(&back), results(&source));
    assert!(back.lines().all(|l| l.status == gamescribe::tree::LineStatus::Legal), "every written move reads as written");
}
