//! Lasca's dash notation over the real book (`corpus/lasca-1911-ocr.txt`):
//! the five Explanatory Games, the Proposition, clean output and its reading back.

use gamescribe::notation::lasca::{self, describe, write_line, BookLasca};
use gamescribe::bench::noise::Rng;
use gamescribe::rules::lasca::{Color, Position};
use gamescribe::span::Span;
use gamescribe::tree::{LineStatus, Source};
use proptest::prelude::*;

fn book() -> (String, Source) {
    let text = std::fs::read_to_string("corpus/lasca-1911-ocr.txt").expect("corpus/lasca-1911-ocr.txt");
    let source = lasca::read("lasca-1911-ocr.txt", &text);
    (text, source)
}

#[test]
fn summary_of_the_book() {
    let (_, source) = book();
    let mut rows = String::new();
    for g in &source.games {
        let line = &g.lines[0];
        let repairs = line.moves.iter().filter(|m| m.repair.is_some()).count();
        let ending = line.stated_result.as_ref().map_or("-".to_string(), |r| format!("{:?}", r.outcome));
        rows.push_str(&format!(
            "{:<26} {:<8} read {:>3} / printed {:>3}  repairs {:>2}  stated {}\n",
            g.name,
            format!("{:?}", line.status),
            line.moves.len(),
            g.stats.printed_moves.map_or("-".to_string(), |n| n.to_string()),
            repairs,
            ending
        ));
    }
    insta::assert_snapshot!(rows);
}

#[test]
fn all_five_games_are_read_to_the_end() {
    let (_, source) = book();
    let complete: Vec<&str> =
        source.games.iter().filter(|g| g.name.starts_with("Game ") && g.lines[0].unread.is_none()).map(|g| g.name.as_str()).collect();
    assert_eq!(complete, ["Game 1", "Game 2", "Game 3", "Game 4", "Game 5"]);
    for g in source.games.iter().filter(|g| g.name.starts_with("Game ")) {
        let printed: usize = g.stats.printed_moves.expect("printed moves counted");
        if g.lines[0].unread.is_none() {
            assert_eq!(g.lines[0].moves.len(), printed, "{}", g.name);
        }
    }
}

#[test]
fn game_three_is_bridged_over_its_garbled_eleventh_and_twelfth_moves() {
    let (text, source) = book();
    let bridged: Vec<&gamescribe::diagnostic::Diagnostic> = source.diagnostics.iter().filter(|d| d.code == "lasca::bridged").collect();
    assert_eq!(bridged.len(), 1);
    assert!(bridged[0].span.slice(&text).starts_with("11 L4127"), "{:?}", bridged[0].span.slice(&text));
    let game = source.games.iter().find(|g| g.name == "Game 3").unwrap();
    let reconstructed = game.lines[0].moves.iter().filter(|m| m.repair.as_ref().is_some_and(|r| r.edits.iter().any(|e| e.kind == "reconstructed"))).count();
    assert_eq!(reconstructed, 4);
}

#[test]
fn game_two_as_a_json_tree() {
    let (_, source) = book();
    let game = source.games.iter().find(|g| g.name == "Game 2").unwrap();
    insta::assert_json_snapshot!(game);
}

#[test]
fn stated_endings_are_checked() {
    let (_, source) = book();
    let codes: Vec<(&str, &str)> =
        source.diagnostics.iter().filter(|d| d.code.as_str().starts_with("lasca::ending")).map(|d| (d.code.as_str(), d.message.as_str())).collect();
    insta::assert_debug_snapshot!(codes);
}

#[test]
fn the_proposition_is_diagnosed_and_mended() {
    let (_, source) = book();
    let lines: Vec<String> = source
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str().starts_with("lasca::proposition") || d.code.as_str().contains("fix") || d.code.as_str().starts_with("lasca::leaders"))
        .map(|d| format!("{} {}: {} | {}", d.code, d.message, d.label, d.help.clone().unwrap_or_default()))
        .collect();
    insta::assert_snapshot!(lines.join("\n"));
    let mended = source.games.iter().find(|g| g.name == "Proposition, mended (1)").expect("a mended proposition");
    assert_eq!(mended.lines[0].moves.len(), 19);
    assert!(mended.lines[0].unread.is_none());
}

/// The book printed twice (as `bench scale` repeats it) reads as the book twice: the
/// first Proposition's solution stops before the second copy's rules, which are
/// kept unread, instead of reading them as moves and searching every setup for nothing.
#[test]
fn the_book_twice_reads_as_the_book_twice() {
    let (text, once) = book();
    let copy = format!("{}\n\n", text.trim_end());
    let twice_text = copy.repeat(2);
    let twice = lasca::read("twice.txt", &twice_text);
    assert_eq!(twice.games.len(), 2 * once.games.len());
    let shifted = copy.len();
    for (k, game) in twice.games.iter().enumerate() {
        let alone = &once.games[k % once.games.len()];
        // Games are numbered through the text (Game 6 is the second copy's Game 1).
        assert_eq!(game.name.starts_with("Game "), alone.name.starts_with("Game "));
        if !game.name.starts_with("Game ") {
            assert_eq!(game.name, alone.name);
        }
        assert_eq!(game.stats, alone.stats, "{}", game.name);
        let moves = |g: &gamescribe::tree::Game| g.lines[0].moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>();
        assert_eq!(moves(game), moves(alone), "{}", game.name);
        if k < once.games.len() {
            assert!(game.span.end <= shifted, "{} runs into the second copy", game.name);
        }
    }
    let errors = |s: &Source| s.diagnostics.iter().filter(|d| d.is_error()).count();
    assert_eq!(errors(&twice), 2 * errors(&once));
    // The second copy's opening prose is unread text of its own.
    let rules = twice.unread.iter().find(|u| u.span.start >= copy.len() - 2).expect("the second copy's rules kept unread");
    assert!(rules.raw.contains("PLACE MEN AS IN DRAUGHTS"), "{:?}", &rules.raw[..80.min(rules.raw.len())]);
    assert_eq!(rules.span.slice(&twice_text), rules.raw);
}

/// The book printed twice with no blank line between the copies: the first
/// copy's solution runs straight on into the second copy's rules. It still
/// ends with its last move, so both Propositions are mended as the book's is.
#[test]
fn a_solution_run_on_into_prose_ends_with_its_last_move() {
    let (text, once) = book();
    let run_on = format!("{}\n{}", text.trim_end(), text);
    let twice = lasca::read("run-on.txt", &run_on);
    let propositions = |s: &Source| s.games.iter().filter(|g| g.name.starts_with("Proposition")).map(|g| (g.name.clone(), g.stats.clone())).collect::<Vec<_>>();
    let (alone, both) = (propositions(&once), propositions(&twice));
    assert!(alone.iter().any(|(name, _)| name.contains("mended")), "{alone:?}");
    assert_eq!(both, [alone.clone(), alone].concat());
}

#[test]
fn every_byte_of_each_game_is_in_a_move_a_mark_or_unread_text() {
    let (text, source) = book();
    for g in &source.games {
        let line = &g.lines[0];
        for m in &line.moves {
            assert_eq!(m.span.slice(&text), m.printed, "{}", g.name);
        }
        if let Some(u) = &line.unread {
            assert_eq!(u.span.slice(&text), u.raw);
            assert!(line.moves.iter().all(|m| m.span.end <= u.span.start));
        }
    }
}

#[test]
fn clean_output_reads_back_to_the_same_games() {
    let (_, source) = book();
    let (clean, _) = lasca::write_source(&source);
    let again = lasca::read("clean.lasca", &clean);
    assert_eq!(again.games.len(), source.games.len());
    for (a, b) in source.games.iter().zip(&again.games) {
        let (ma, mb): (Vec<&str>, Vec<&str>) = (
            a.lines[0].moves.iter().map(|m| m.text.as_str()).collect(),
            b.lines[0].moves.iter().map(|m| m.text.as_str()).collect(),
        );
        assert_eq!(ma, mb, "{}", a.name);
        assert!(matches!(b.lines[0].status, LineStatus::Legal), "{}", b.name);
        assert_eq!(a.start, b.start);
    }
}

#[test]
fn pdn_export_names_the_game_type_and_the_column_start() {
    let (_, source) = book();
    let pdn = gamescribe::export::pdn::write_pdn(&source);
    assert_eq!(pdn.matches("[GameType \"98\"]").count(), source.games.len());
    assert!(pdn.contains("[FEN \"w 1:Bw 2:WwbBb 7:B 12:BB 14:B 19:b 20:b 22:B\"]"), "{pdn}");
    assert!(pdn.contains("1. 9-13 {repaired: printed \"g—13\""), "{pdn}");
    assert!(pdn.contains("10x16x22"), "captures give every landing");
}

/// A random legal game from the opening.
fn random_line(seed: u64, plies: usize) -> gamescribe::tree::Line {
    let mut rng = Rng::new(seed);
    let mut pos = Position::initial();
    let mut line = gamescribe::tree::Line::trunk();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let (text, squares) = describe(&pos, &mv);
        line.moves.push(gamescribe::tree::MoveNode { text, squares, span: Span::new(0, 0), printed: String::new(), repair: None, annotations: Vec::new(), origin: Default::default(), go: None });
        pos = pos.play(&mv);
    }
    line
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn write_then_read_gives_the_same_moves(seed in any::<u64>(), plies in 1usize..80) {
        let line = random_line(seed, plies);
        let text = write_line(&line, Color::White);
        let tokens = lasca::scan(&text, 0);
        let (back, diagnostics) = lasca::read_line(&text, Span::new(0, text.len()), &tokens, &Position::initial(), &lasca::decode_options());
        prop_assert!(diagnostics.is_empty(), "{:?}", diagnostics);
        let a: Vec<&str> = line.moves.iter().map(|m| m.text.as_str()).collect();
        let b: Vec<&str> = back.moves.iter().map(|m| m.text.as_str()).collect();
        prop_assert_eq!(a, b);
    }

    #[test]
    fn any_text_reads_without_panic(text in "\\PC{0,300}") {
        let source = lasca::read("junk", &text);
        for g in &source.games {
            for l in &g.lines {
                for m in &l.moves {
                    prop_assert_eq!(m.span.slice(&text), m.printed.as_str());
                }
            }
        }
    }

    #[test]
    fn book_like_junk_reads_without_panic(parts in proptest::collection::vec("(\\([0-9gIl]{1,2}\\) ?)?[0-9gqIlOSbz]{1,3}[—–~=-]{1,2}[0-9gqIlOSbz%*]{1,3}[,.]? ?", 0..40)) {
        let text = format!("Game 1.\n{}\n\nPROPOSITION.\nA on 2, green, white. — B on 1, red. SOLUTION. {}", parts.join(""), parts.join(""));
        let _ = lasca::read("junk", &text);
    }
}

#[test]
fn the_spelling_is_the_books() {
    // 17 jumps 13 and lands on 9: printed with every square it touches.
    use gamescribe::repair::Spelling;
    let pos = Position::initial().play(&Position::initial().find_move(&[9, 13]).unwrap());
    let mv = pos.find_move(&[17, 13, 9]).unwrap();
    assert_eq!(BookLasca::default().spellings(&pos, &mv), vec![vec![17, 13, 9]]);
}
