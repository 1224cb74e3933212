//! Volpicelli's essay read as Go, over the real text and the real records of
//! its diagrams: every point placed or explained, every byte in a prose
//! block, the checks against `corpus/go/*.wq` run (and fail on an altered
//! record), and the command line's summary, refusal and SGF marks.

use gamescribe::notation::{self, Reader, volpicelli};
use gamescribe::span::LineIndex;
use gamescribe::tree::{PointReading, Source};
use std::path::Path;
use std::process::Command;

const ESSAY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/volpicelli-weichi.txt");

fn essay() -> String {
    std::fs::read_to_string(ESSAY).expect("corpus/volpicelli-weichi.txt is in the repository")
}

fn records() -> Vec<volpicelli::Record> {
    let (records, problems) = volpicelli::records_beside(Path::new(ESSAY));
    assert!(problems.is_empty(), "{problems:?}");
    records
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gamescribe")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().expect("run gamescribe");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn the_essay_is_detected_and_every_point_is_placed_or_explained() {
    let text = essay();
    assert_eq!(Reader::detect(Path::new(ESSAY), &text), Reader::Volpicelli);
    let source = notation::read(Reader::Auto, Path::new(ESSAY), &text);
    assert_eq!(source.notation, gamescribe::tree::Notation::Volpicelli);
    assert_eq!(source.notation.as_str(), "go-essay");
    assert_eq!(source.error_count(), 0, "{:#?}", source.diagnostics.iter().filter(|d| d.is_error()).collect::<Vec<_>>());
    let points: Vec<_> = source.prose.iter().flat_map(|p| &p.points).collect();
    assert!(points.len() >= 250, "only {} points found", points.len());
    for p in &points {
        match &p.reading {
            PointReading::Placed { sgf, gtp, .. } => assert!(sgf.len() == 2 && !gtp.is_empty(), "{p:?}"),
            PointReading::Unplaced { why } => {
                assert!(!why.is_empty(), "{p:?}");
                let noted = source.diagnostics.iter().any(|d| d.code == "volpicelli::point-kept-as-prose" && d.span == p.span);
                assert!(noted, "{} kept as prose without a note", p.printed);
            }
        }
        assert_eq!(&text[p.span.start..p.span.end], p.printed);
    }
    let counts = volpicelli::counts_of(&source);
    assert_eq!(counts.placed + counts.unplaced, counts.found);
    // The checks ran against the records beside the essay, and all agree.
    assert!(counts.checked >= 50, "only {} points checked", counts.checked);
    assert_eq!(counts.agree, counts.checked);
    for record in ["diagram-08.wq", "diagram-09-corner.wq", "diagram-10.wq", "ko-h4-g4.wq"] {
        assert!(points.iter().any(|p| p.check.as_ref().is_some_and(|c| c.record == record)), "nothing checked against {record}");
    }
}

#[test]
fn every_non_blank_byte_is_in_a_prose_block() {
    let text = essay();
    let source = notation::read(Reader::Auto, Path::new(ESSAY), &text);
    let mut covered = vec![false; text.len()];
    for p in &source.prose {
        covered[p.span.start..p.span.end].iter_mut().for_each(|c| *c = true);
        for r in &p.points {
            assert!(p.span.start <= r.span.start && r.span.end <= p.span.end, "{r:?} outside its block");
        }
    }
    let bare = text.char_indices().filter(|&(i, c)| !c.is_whitespace() && !covered[i]).count();
    assert_eq!(bare, 0);
}

/// Each reference as one line: where, as printed, how read, what checked.
fn listing(text: &str, source: &Source) -> String {
    let index = LineIndex::new(text);
    let mut out = String::new();
    for p in source.prose.iter().flat_map(|p| &p.points) {
        let (line, col) = index.line_col(text, p.span.start);
        let diagram = p.diagram.map_or("-".to_string(), |d| d.to_string());
        let reading = match &p.reading {
            PointReading::Placed { corner, ordinate, abscissa, size, sgf, gtp, .. } => format!("{corner} {ordinate}-{abscissa}/{size} sgf {sgf} gtp {gtp}"),
            PointReading::Unplaced { .. } => "kept as prose".to_string(),
        };
        let check = p.check.as_ref().map_or(String::new(), |c| format!(" [{} {}]", c.record, if c.agrees { "agrees" } else { "DISAGREES" }));
        out.push_str(&format!("{line}:{col} {:<8} D{diagram:<3} {:<16} {reading}{check}\n", p.printed, format!("{:?}", p.claim)));
    }
    out
}

#[test]
fn snapshot_of_the_references() {
    let text = essay();
    let (source, _) = volpicelli::read_with_records("corpus/volpicelli-weichi.txt", &text, &records());
    insta::assert_snapshot!("volpicelli_references", listing(&text, &source));
}

#[test]
fn a_record_that_disagrees_with_the_text_is_reported() {
    let text = essay();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/go/diagram-08.wq");
    let record = std::fs::read_to_string(&path).expect("corpus/go/diagram-08.wq");
    // Black's e 3 and f 3 taken out of the setup: the text names them as Black's men,
    // and without them the trunk's captures no longer happen as the text says.
    let altered_text = record.replace("black: e 3, f 3, ", "black: ");
    assert_ne!(altered_text, record, "the setup line changed; update this test");
    let mut altered: Vec<volpicelli::Record> = records().into_iter().filter(|r| r.name != "diagram-08.wq").collect();
    altered.push(volpicelli::Record::from_text("diagram-08.wq", &altered_text).expect("still a record of Diagram VIII"));
    let (source, counts) = volpicelli::read_with_records("essay", &text, &altered);
    let disagreements: Vec<_> = source.diagnostics.iter().filter(|d| d.code == "volpicelli::record-disagrees").collect();
    assert!(disagreements.len() >= 2, "{disagreements:#?}");
    assert!(disagreements.iter().all(|d| d.is_error() && d.message.contains("diagram-08.wq")), "{disagreements:#?}");
    assert!(disagreements.iter().any(|d| d.message.contains("a stone stands at *e* 3")), "{disagreements:#?}");
    assert_eq!(counts.checked - counts.agree, disagreements.len());
    // The unaltered records agree with the same text.
    let (source, counts) = volpicelli::read_with_records("essay", &text, &records());
    assert_eq!((source.error_count(), counts.agree), (0, counts.checked));
}

#[test]
fn check_exits_zero_with_a_points_table() {
    let (code, out, err) = run(&["check", "corpus/volpicelli-weichi.txt", "--color", "never"]);
    assert_eq!(code, 0, "{out}{err}");
    let header = out.lines().position(|l| l.starts_with("points ")).expect("a points table");
    let figures: Vec<usize> = out.lines().nth(header + 1).unwrap_or_default().split_whitespace().filter_map(|w| w.parse().ok()).collect();
    assert_eq!(figures.len(), 6, "{out}");
    assert_eq!(figures[1] + figures[2], figures[0], "placed + kept as prose = found: {out}");
    assert_eq!(figures[5], 0, "no disagreement: {out}");
    assert!(out.lines().any(|l| l.starts_with("corpus/volpicelli-weichi.txt") && l.contains(" go-essay ")), "{out}");
}

#[test]
fn convert_marks_points_in_sgf_and_refuses_game_formats() {
    let (code, sgf, err) = run(&["convert", "corpus/volpicelli-weichi.txt", "--to", "sgf"]);
    assert_eq!(code, 0, "{err}");
    let games = sgf.lines().filter(|l| l.starts_with("(;")).count();
    assert!(games >= 8, "{sgf}");
    assert!(sgf.contains("GN[Diagram X, lower-right corner (入)]"), "{sgf}");
    // The SGF reader takes it back: every game an empty board with marks.
    let back = notation::sgf::parse(&sgf);
    assert_eq!(back.games.len(), games);
    assert!(back.diagnostics.iter().all(|d| !d.is_error()), "{:#?}", back.diagnostics);
    for target in ["pdn", "volpicelli"] {
        let (code, _, err) = run(&["convert", "corpus/volpicelli-weichi.txt", "--to", target]);
        assert_eq!(code, 2, "--to {target}: {err}");
        assert!(err.contains("essay"), "{err}");
    }
}
