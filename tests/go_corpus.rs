//! The positions built from Volpicelli's text replay with the captures,
//! refusals and count the text describes (each `takes`, `refused` and `count`
//! in the files is checked by the replay; these tests also look at the figures).

use gamescribe::notation::go_corner::parse_corner_point;
use gamescribe::notation::go_record::{parse, read, replay};
use gamescribe::rules::go::{Color, Point, Scoring};

fn load(name: &str) -> String {
    std::fs::read_to_string(format!("{}/corpus/go/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn corner_points(text: &str, size: u8) -> Vec<Point> {
    let mut v: Vec<Point> = text.split(',').map(|t| parse_corner_point(t, None).unwrap().to_point(size).unwrap()).collect();
    v.sort();
    v
}

#[test]
fn every_corpus_file_replays_without_a_finding() {
    let dir = format!("{}/corpus/go", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "wq")).collect();
    files.sort();
    assert!(files.len() >= 5);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let source = read(&f.display().to_string(), &text);
        assert!(source.diagnostics.is_empty(), "{}: {:#?}", f.display(), source.diagnostics);
        let expectations = text.matches(" takes ").count() + text.matches(" refused").count() + text.matches("count:").count();
        assert!(expectations > 0, "{} states nothing to check", f.display());
    }
}

/// Stones taken by each move of each line, as counts.
fn capture_counts(name: &str) -> Vec<(String, Vec<usize>)> {
    let parsed = parse(&load(name));
    let r = replay(&parsed.game);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    parsed.game.lines.iter().zip(&r.lines).map(|(l, rl)| (l.label.clone(), rl.captures.iter().map(Vec::len).collect())).collect()
}

#[test]
fn diagram_viii_white_wins_the_race() {
    let lines = capture_counts("diagram-08.wq");
    assert_eq!(lines[0].1, vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8], "White f 1 takes the eight black men");
    assert_eq!(lines[1].1, vec![0, 0, 0, 3], "without e 4, d 5 e 5 f 5 fall");
}

#[test]
fn diagram_ix_order_of_a3_and_b4() {
    let lines = capture_counts("diagram-09-corner.wq");
    assert_eq!(lines[0], ("trunk".into(), vec![0, 0, 13]), "b 3 takes the ten men and c 3, c 4 with b 4");
    assert_eq!(lines[1].1, vec![0, 10]);
    assert_eq!(lines[2].1, vec![0, 1, 0, 0, 0, 2], "b 3 takes b 4; b 1 takes a 1, a 2");
    assert_eq!(lines[3].1, vec![0, 1, 0, 2], "c 1 takes c 2; a 1 takes a 2 and b 1");
}

#[test]
fn diagram_x_black_a3_captures_everything() {
    let lines = capture_counts("diagram-10.wq");
    let total = |v: &Vec<usize>| v.iter().sum::<usize>();
    assert_eq!(lines[0].1.iter().filter(|&&n| n > 0).copied().collect::<Vec<_>>(), vec![1, 7, 4, 8]);
    assert_eq!(total(&lines[1].1), 6);
    assert_eq!(total(&lines[2].1), 2 + 17);
    assert_eq!(total(&lines[3].1), 0, "White a 3 first: nothing is taken");
    // With a 3 White holds two eyes: a 2 and h 1 are his territory.
    let parsed = parse(&load("diagram-10.wq"));
    let r = replay(&parsed.game);
    let end = &r.lines[3].end;
    let eyes = corner_points("入 a 2, 入 h 1", 19);
    let white_eyes = end.empty_regions().into_iter().filter(|(pts, t)| *t == [false, true] && pts.len() == 1).flat_map(|(p, _)| p).collect::<Vec<_>>();
    for e in eyes {
        assert!(white_eyes.contains(&e), "{e:?} is a white eye");
    }
}

#[test]
fn ko_retake_is_refused_until_a_move_elsewhere() {
    let lines = capture_counts("ko-h4-g4.wq");
    // W h5, B elsewhere, W g4 takes h4, B h4 refused, B/W elsewhere, B h4 takes g4, W g4 refused.
    assert_eq!(lines[0].1, vec![0, 0, 1, 0, 0, 0, 1, 0]);
}

#[test]
fn diagrams_xi_xii_neutral_points_filled_then_counted() {
    let parsed = parse(&load("diagram-11-12.wq"));
    let r = replay(&parsed.game);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let start = r.start.clone().unwrap();
    assert_eq!(start.neutral_points(), corner_points("上 c 5, 上 e 4, 上 f 4, 上 g 5, 上 g 7, 上 i 8, 上 j 7", 10));
    let end = &r.lines[0];
    let s = end.end.score(Scoring::Area);
    assert_eq!((s.black_stones, s.black_territory, s.black_total), (36, 11, 47));
    assert_eq!((s.white_stones, s.white_territory, s.white_total), (36, 17, 53));
    assert_eq!((s.neutral, s.margin()), (0, -6), "White wins by 6");
    // The engine's own alternate filling, Black first, reaches the same count.
    let mut pos = start;
    let fills = pos.fill_neutral_points(Color::Black);
    assert_eq!(fills.len(), 7);
    let s2 = pos.score(Scoring::Area);
    assert_eq!((s2.black_total, s2.white_total), (47, 53));
    insta::assert_snapshot!("xii_board", end.end.board_text());
}

#[test]
fn invalid_inputs_render_their_diagnostics() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/go/invalid");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 2);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let source = gamescribe::notation::read(gamescribe::notation::Reader::Auto, &f, &text);
        assert!(source.error_count() > 0, "{name}");
        for d in &source.diagnostics {
            assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "{name}: {d:?}");
        }
        let rendered = gamescribe::diagnostic::render(&source.diagnostics, &name, &text, false);
        insta::assert_snapshot!(name, rendered);
    }
}
