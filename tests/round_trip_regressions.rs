//! Round trips the fuzz targets (`fuzz/fuzz_targets/roundtrip_*`) found unstable:
//! reading what a writer wrote and writing it again must give the same text.
//! Each input is a small hand-made case of what the fuzzer's input did.

use gamescribe::export::pdn::write_pdn;
use gamescribe::notation::go_record::{self, Style};
use gamescribe::notation::{lasca, numeric, paterson, pdn};
use gamescribe::span::Span;
use gamescribe::tree::{Game, Line, Source, Unread};

fn numeric_twice(text: &str) -> (String, String) {
    let options = numeric::ReadOptions::default();
    let (first, _) = numeric::write_source(&numeric::read("t", text, &options)).expect("starts from the initial position");
    let (second, _) = numeric::write_source(&numeric::read("t", &first, &options)).expect("starts from the initial position");
    (first, second)
}

/// A one-move line with a result was written as `12-16 W. wins.`, which the reader
/// then took for prose: the stated result counted against the block being movetext.
#[test]
fn numeric_one_move_with_a_result_reads_back() {
    let (first, second) = numeric_twice("12-16\n\n12-16 W. wins.\n\n11-15\n");
    assert_eq!(first, "12-16\n\n12-16 W. wins.\n\n11-15\n");
    assert_eq!(first, second);
}

#[test]
fn numeric_prose_with_a_result_word_stays_prose() {
    let source = numeric::read("t", "The game is drawn.\n\n11-15 23-19\n", &numeric::ReadOptions::default());
    assert_eq!(source.games.len(), 1);
    assert_eq!(source.unread.len(), 1, "{:?}", source.unread);
}

/// An unreadable Lasca solution was written as an empty line, read back as no game.
#[test]
fn lasca_game_with_no_move_read_is_counted_not_written() {
    let text = "SOLUTION. (1) 2\u{2014}s5, +\u{2014}5\u{2014}9.\n";
    let source = lasca::read("t", text);
    assert!(source.games.iter().all(|g| g.lines[0].moves.is_empty()), "the fixture must have no move read");
    let (first, not_written) = lasca::write_source(&source);
    assert_eq!(first, "");
    assert_eq!(not_written, source.games.len());
    let (second, _) = lasca::write_source(&lasca::read("t", &first));
    assert_eq!(first, second);
}

/// `takes` naming no readable point was kept as an empty claim, written as a bare
/// `takes`, and the move was lost on reading it back.
#[test]
fn go_takes_with_no_point_makes_no_claim() {
    let text = "size: 9\ncorner: 平\nB c 3\nW d 3 takes zz\nB e 5\n";
    let parsed = go_record::parse(text);
    assert!(parsed.diagnostics.iter().any(|d| d.code == "record::bad-point"), "{:?}", parsed.diagnostics);
    assert_eq!(parsed.game.lines[0].moves[1].go.as_ref().unwrap().expect_captures(), None);
    assert_eq!(parsed.game.lines[0].moves.len(), 3);
    for style in [Style::Chinese, Style::Volpicelli] {
        let first = go_record::write(&parsed.game, style);
        let again = go_record::parse(&first);
        assert_eq!(again.game.lines[0].moves.len(), 3, "{first}");
        assert_eq!(first, go_record::write(&again.game, style), "{style:?}");
    }
}

/// A trunk with unread text and a line no walk reaches: the unread comment was
/// written before the unplaced line's comment, and read back after it.
#[test]
fn pdn_unread_text_is_written_after_unplaced_lines() {
    let text = "[Event \"t\"]\n1. 11-15 22-17 *\n";
    let mut source = pdn::read("t.pdn", text);
    let game: &mut Game = &mut source.games[0];
    game.lines[0].unread = Some(Unread { raw: "9-13 junk".into(), span: Span::new(0, 0) });
    game.lines.push(Line { label: "1".into(), parent: Some(0), branch_ply: 5, ..Line::default() });
    game.lines.push(Line { label: "2".into(), parent: None, branch_ply: 7, moves: game.lines[0].moves[..1].to_vec(), ..Line::default() });
    let first = write_pdn(&source);
    let unread_at = first.find("{unread:").expect("the unread text is written");
    // Lines that cannot be RAV are kept as notes after the trunk's last move (the writer's wording since issue 22).
    assert!(first.find("variation 2 (line 2) kept as text").is_some_and(|at| at < unread_at), "{first}");
    assert!(first.find("variation 1 (line 1) kept as text").is_some_and(|at| at < unread_at), "{first}");
    let again = write_pdn(&pdn::read("t.pdn", &first));
    assert_eq!(first, again);
    let _: &Source = &source;
}

/// Empty `;` comment lines were written as nothing (`str::lines` drops them),
/// so the second reading lost them (fuzz target `roundtrip_go`).
#[test]
fn go_empty_comment_lines_are_written() {
    let text = "size: 19\n; \n;\nB c 3\n";
    let game = go_record::parse(text).game;
    assert_eq!(game.go_info().unwrap().comments, vec!["\n".to_string()], "two empty comment lines make one comment");
    for style in [Style::Chinese, Style::Volpicelli] {
        let first = go_record::write(&game, style);
        let again = go_record::parse(&first).game;
        assert_eq!(again.go_info().unwrap().comments, game.go_info().unwrap().comments, "{style:?}: {first:?}");
        assert_eq!(first, go_record::write(&again, style), "{style:?}");
    }
}

/// A word joiner printed in the source (`18\u{2060} x11`, unread) was taken off on
/// reading the written PDN back, as if the writer had put it after a result word
/// (fuzz target `roundtrip_pdn`). Only the writer's own joiner is taken off now.
#[test]
fn pdn_keeps_a_word_joiner_the_source_printed() {
    let text = "[Event \"t\"]\n1. 11-15 22-18 2. 18\u{2060} x11 8x15 *\n";
    let first = write_pdn(&pdn::read("t.pdn", text));
    assert!(first.contains("18\u{2060}"), "{first}");
    assert_eq!(first, write_pdn(&pdn::read("t.pdn", &first)));
}

/// A result word in a comment gets one joiner from the writer, and the reader
/// takes one off; a joiner more after it (the source's own) is kept.
#[test]
fn pdn_result_words_in_comments_keep_their_own_joiners() {
    let text = "[Event \"t\"]\n1. 11-15 {a * here, 1-0\u{2060}\u{2060} there} 22-18 *\n";
    let source = pdn::read("t.pdn", text);
    let comments = |s: &Source| s.games[0].lines[0].moves[0].annotations.iter().map(|a| a.text.clone()).collect::<Vec<_>>();
    assert_eq!(comments(&source), ["a * here, 1-0\u{2060} there"]);
    let first = write_pdn(&source);
    assert!(first.contains("{a *\u{2060} here, 1-0\u{2060}\u{2060} there}"), "{first}");
    let again = pdn::read("t.pdn", &first);
    assert_eq!(comments(&again), comments(&source));
    assert_eq!(first, write_pdn(&again));
}

/// A proposition whose described position cannot stand (a private on its
/// promotion row) kept it as the game's start; the writer wrote it as `[setup]`,
/// which the reader refused and replaced by the opening position, so the game
/// vanished on reading back (fuzz target `roundtrip_lasca`). The clean reader now
/// keeps an impossible setup as the stated start and reads no move from it.
#[test]
fn lasca_impossible_setup_is_kept_as_stated() {
    let text = "[w 1:Bw 2:WwbBb 7:B 12:BB 14:B 19:b 20:b 22:w] (1) 22-18.\n";
    let source = lasca::read("t", text);
    assert_eq!(source.games.len(), 1);
    let game = &source.games[0];
    assert_eq!(game.start.to_string(), "w 1:Bw 2:WwbBb 7:B 12:BB 14:B 19:b 20:b 22:w");
    assert!(game.lines[0].moves.is_empty(), "no move is read from a position that cannot stand");
    assert!(game.lines[0].unread.is_some(), "the moves are kept unread");
    let (first, _) = lasca::write_source(&source);
    let (second, _) = lasca::write_source(&lasca::read("t", &first));
    assert_eq!(first, second);
    assert!(first.starts_with("[w 1:Bw"), "{first}");
}

fn paterson_twice(text: &str) -> (String, String, Vec<String>) {
    let (first, notes) = paterson::write_paterson(&paterson::read_written("t", text));
    let (second, _) = paterson::write_paterson(&paterson::read_written("t", &first));
    (first, second, notes.iter().map(|d| format!("{}: {}", d.code, d.message)).collect())
}

/// A variation under a game name of its own (an OCR slip in the heading) started
/// an empty game; the writer wrote nothing of it, so the games on either side,
/// of one name, became one game when read back.
#[test]
fn paterson_variation_under_a_stray_name_starts_no_game() {
    let text = "Fife — trunk\n33 44\n66 55\n\nFife — 1 (from move 2 of trunk)\n73 64\n\nFlfe — 2 (from move 1 of 1)\n22 33\n\nFife — 3 (from move 1 of trunk)\n37 46\n";
    let source = paterson::read_written("t", text);
    assert_eq!(source.games.iter().map(|g| (g.name.as_str(), g.lines.len())).collect::<Vec<_>>(), [("Fife", 3)]);
    assert_eq!(source.unread.len(), 1, "the stray variation is kept unread");
    let (first, second, notes) = paterson_twice(text);
    assert_eq!(first, second);
    assert!(notes.is_empty(), "{notes:?}");
}

/// Two games of one name next to each other (every game of a PDN event) were
/// written under that name alike and read back as one game.
#[test]
fn paterson_neighbouring_games_of_one_name_stay_two() {
    let source = pdn::read("t", "[Event \"x\"]\n1. 11-15 22-18 *\n\n[Event \"x\"]\n1. 9-13 22-18 *\n");
    let (first, notes) = paterson::write_paterson(&source);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0].code.as_str(), "paterson::renamed");
    let back = paterson::read_written("t", &first);
    assert_eq!(back.games.iter().map(|g| (g.name.as_str(), g.lines.len())).collect::<Vec<_>>(), [("x", 1), ("x (2)", 1)]);
    assert_eq!(paterson::write_paterson(&back).0, first);
}

/// A game from a start of its own (every Hoyle position) was written without it
/// and read back from the opening.
#[test]
fn paterson_game_from_a_start_of_its_own_keeps_it() {
    use gamescribe::rules::draughts::{self, fen::parse_fen, Position};
    let setup = parse_fen("B:W18:B14").expect("fen");
    let mut game = Game { name: "Position".into(), start: gamescribe::tree::Start::Draughts(setup), ..Game::default() };
    let start = Position::from_setup(setup).expect("legal");
    let capture = paterson::write_move(&start, &draughts::resolve(&start, &[14, 23]).expect("14x23 is legal"));
    let (read, _, _) = paterson::read_line(&capture, Span::new(0, capture.len()), &start, &Default::default());
    game.lines.push(Line { label: "trunk".into(), moves: read.moves, ..Line::default() });
    assert_eq!(game.lines[0].moves.len(), 1);
    let source = Source { games: vec![game], ..Source::default() };
    let (first, notes) = paterson::write_paterson(&source);
    assert!(notes.is_empty(), "{:?}", notes.iter().map(|d| &d.message).collect::<Vec<_>>());
    assert!(first.starts_with("Position — trunk\nstart "), "{first}");
    let back = paterson::read_written("t", &first);
    assert_eq!(back.games[0].start, source.games[0].start);
    assert_eq!(back.games[0].lines[0].moves.len(), 1, "{first} {:?}", back.diagnostics);
    assert_eq!(paterson::write_paterson(&back).0, first);
}

/// Two lines of one game with one label: a variation naming it meant the
/// first, and a line labelled alike later could not be told from it. Numbered
/// `… (2)`, a root label with an unclosed `(from move` in it ended in a bracket
/// and read back as a variation, so it is numbered `#2`.
#[test]
fn paterson_lines_of_one_label_are_told_apart() {
    let cases = [
        ("G — trunk\n33 44\n66 55\n\nG — 4 (from move 2 of trunk)\n73 64\n\nG — 4 (from move 1 of trunk)\n37 46\n\nG — 5 (from move 2 of 4)\n66 55\n", ["G — 4 (2) (from move 1 of trunk)\n", "G — 5 (from move 2 of 4)\n"]),
        ("G — trunk\n33 44\n\nG — 1 (from move 6 of x.\n33 44\n\nG — 1 (from move 6 of x.\n33 44\n", ["G — 1 (from move 6 of x.\n33 44\n", "G — 1 (from move 6 of x. #2\n33 44\n"]),
    ];
    for (text, headings) in cases {
        let (first, second, notes) = paterson_twice(text);
        assert_eq!(first, second);
        assert!(headings.iter().all(|h| first.contains(h)), "{first}");
        assert_eq!(notes.len(), 1, "{notes:?}");
    }
}
