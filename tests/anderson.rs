//! Anderson's 1852 book through the columnar layout reader: what each game
//! came to, and the tree of the game whose pages are printed row-wise.

use gamescribe::diagnostic::Severity;
use gamescribe::export::pdn::{write_pdn_counted, written_games};
use gamescribe::notation::{anderson, pdn};
use gamescribe::tree::LineStatus;
use tree_canon::canonical;

mod tree_canon;

fn book() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/anderson-1852-ocr.txt")).expect("corpus file")
}

#[test]
fn every_column_is_accounted_for() {
    let text = book();
    let source = anderson::read("anderson-1852-ocr.txt", &text);
    let summary: Vec<String> = source
        .games
        .iter()
        .map(|g| {
            let count = |st: LineStatus| g.lines.iter().filter(|l| l.status == st).count();
            format!(
                "{}: {} columns, {} legal, {} repaired, {} partial, {} unreadable, {} moves read",
                g.name,
                g.lines.len(),
                count(LineStatus::Legal),
                count(LineStatus::Repaired),
                count(LineStatus::Partial),
                count(LineStatus::Unreadable),
                g.lines.iter().map(|l| l.moves.len()).sum::<usize>()
            )
        })
        .collect();
    // The contents page promises 15 games; the 1st–13th Positions follow them, each a game of its own.
    let openings = source.games.iter().filter(|g| g.study.is_none()).count();
    assert_eq!((openings, source.games.len()), (15, 28));
    assert!(source.games[15..].iter().all(|g| g.study.is_some()), "the positions come after the games");
    insta::assert_snapshot!("games", summary.join("\n"));
    // Every column the contents page lists is found in the text or reported
    // as not found, and the reports name each number once.
    let mut reported = 0;
    for game in source.games.iter().filter(|g| g.study.is_none()) {
        let not_found = game.stats.listed_not_found.expect("listed not found") as usize;
        let listed = game.stats.contents_variations.expect("contents count") as usize;
        let found = game.lines.iter().filter(|l| l.label == "trunk" || l.label.parse::<u32>().is_ok()).count();
        assert_eq!(found + not_found, listed + 1, "{}", game.name);
    }
    for d in source.diagnostics.iter().filter(|d| d.code == "anderson::listed-not-found") {
        let names = d.message.rsplit("names ").next().expect("names");
        let count = |range: &str| range.split_once('–').map_or(1, |(a, b)| b.parse::<usize>().expect("to") - a.parse::<usize>().expect("from") + 1);
        reported += match names.strip_prefix("the trunk") {
            Some("") => 1,
            Some(rest) => 1 + count(rest.trim_start_matches(" and variations ").trim_start_matches(" and variation ")),
            None => count(names.trim_start_matches("variations ").trim_start_matches("variation ")),
        };
        assert_eq!(d.severity, Severity::Error);
    }
    let total_not_found: usize = source.games.iter().map(|g| g.stats.listed_not_found.map_or(0, |n| n as usize)).sum();
    assert_eq!(reported, total_not_found);
    let columns: usize = source.games.iter().filter(|g| g.study.is_none()).map(|g| g.lines.iter().filter(|l| !anderson::is_resumed(l)).count()).sum();
    assert_eq!(columns + total_not_found, 15 + 648);
    // Nothing silently dropped: a column not read as moves keeps its text.
    for line in source.lines() {
        if line.status != LineStatus::Legal && line.status != LineStatus::Repaired {
            assert!(line.unread.is_some() || line.moves.is_empty(), "{} {:?}", line.label, line.status);
        }
    }
}

#[test]
fn the_row_wise_game_as_a_tree() {
    let text = book();
    let source = anderson::read("anderson-1852-ocr.txt", &text);
    // The game whose pages came through row-wise: the most moves read.
    let game = source.games.iter().max_by_key(|g| g.lines.iter().map(|l| l.moves.len()).sum::<usize>()).expect("games");
    assert_eq!(game.name, "Game 3: Fife");
    let lines: Vec<String> = game
        .lines
        .iter()
        .map(|l| {
            format!(
                "{} from {:?} at ply {}: {:?}, {} moves [{}]{}",
                l.label,
                l.parent.map(|p| game.lines[p].label.as_str()),
                l.branch_ply,
                l.status,
                l.moves.len(),
                l.moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>().join(" "),
                l.stated_result.as_ref().map_or(String::new(), |r| format!(" — {}", r.printed))
            )
        })
        .collect();
    insta::assert_snapshot!("game_2_tree", lines.join("\n"));
}

/// The whole tree of three games as JSON: the Defiance (trunk only), the
/// Bristol (row-wise columns placed by inferred starts) and the Ayrshire
/// Lassie (its first pages lost; its row-wise page read).
#[test]
fn three_games_as_json_trees() {
    let text = book();
    let source = anderson::read("anderson-1852-ocr.txt", &text);
    for (k, slug) in [(3, "defiance"), (5, "bristol"), (1, "ayrshire_lassie")] {
        let game = &source.games[k];
        assert!(game.name.to_lowercase().replace(' ', "_").ends_with(slug), "{}", game.name);
        insta::assert_json_snapshot!(format!("tree_{slug}"), game);
    }
}

/// Every game is named, and where the contents page gives a variation count
/// the highest column number found does not exceed it.
#[test]
fn games_are_named_and_numbered_within_the_contents() {
    let text = book();
    let source = anderson::read("anderson-1852-ocr.txt", &text);
    let mut agree = 0;
    for game in source.games.iter().filter(|g| g.study.is_none()) {
        let tag = |name: &str| game.tags.iter().find(|t| t.0 == name).map(|t| t.1.clone());
        assert!(tag("Opening").is_some(), "{} has an opening", game.name);
        let listed: u32 = game.stats.contents_variations.expect("contents count");
        let highest = game.lines.iter().filter_map(|l| l.label.parse::<u32>().ok()).max().unwrap_or(0);
        assert!(highest <= listed, "{}: column {highest} of {listed}", game.name);
        agree += usize::from(highest == listed);
    }
    // 11 since the pages whose numbers follow a fragment (Game 1's 30–41, Game 13's 24–51) are read;
    // 12 since the Fife's last page, a header of two numbers (`24\t25`), is read.
    assert_eq!(agree, 12, "games whose last variation column was found");
}

/// The whole book as PDN, read back by our own PDN reader: one PDN game per
/// opening (the 15 of the contents page, not one per column); every variation
/// placed in the tree comes back as RAV with its moves, repairs and unread
/// text (comments), branch points and stated results; every other column is a
/// note in its game, and the moves of one with a start of its own read back
/// from that note as the line has them.
#[test]
fn the_books_pdn_reads_back_as_the_same_tree() {
    let text = book();
    let source = anderson::read("anderson-1852-ocr.txt", &text);
    let (written, counts) = write_pdn_counted(&source);
    no_statistics_in_headers(&source, &written);
    let back = pdn::read("anderson.pdn", &written);
    let errors: Vec<_> = back.diagnostics.iter().filter(|d| d.severity == Severity::Error).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let games = written_games(&source);
    // The 15 openings, then the 1st–13th Positions, each from the start its solution implies.
    assert_eq!((back.games.len(), games.len(), counts.games), (28, 28, 28), "one PDN game per opening and per position");
    let mut lines = 0;
    for (read, sent) in back.games.iter().zip(&games) {
        assert_eq!(read.name, sent.name);
        assert_eq!(read.start, sent.start, "{}", sent.name);
        let sent_name = sent.name.clone();
        let is_study = sent.study.is_some();
        let (mut read, sent) = (canonical(read), canonical(sent));
        if is_study {
            // The writer says a study's FEN is inferred, in a comment before its moves: not the tree's.
            let said = read[0].annotations.iter().position(|(kind, text)| kind == "comment" && text.contains("the diagram of the"));
            assert!(said.is_some(), "{sent_name}: the PDN says its start is no printed diagram");
            read[0].annotations.remove(said.unwrap());
        }
        assert_eq!(read.len(), sent.len());
        for (r, s) in read.iter().zip(&sent) {
            if r.moves != s.moves {
                let k = r.moves.iter().zip(&s.moves).position(|(a, b)| a != b).unwrap_or(r.moves.len().min(s.moves.len()));
                panic!("{} line {:?}: move {k} read back {:?}, sent {:?} ({} v {} moves)", sent_name, s.label, r.moves.get(k), s.moves.get(k), r.moves.len(), s.moves.len());
            }
            assert_eq!(r.annotations, s.annotations, "{}", s.label);
            assert_eq!(r.result, s.result, "{}", s.label);
            assert_eq!(r.unread, s.unread, "{}", s.label);
            assert_eq!(r, s);
        }
        lines += sent.len();
    }
    assert_eq!(lines, counts.games + counts.variations, "trunks and RAV read back");
    // Every other line is kept as one note in its game; a kept line's moves read back from it.
    let mut kept = 0;
    let mut kept_moves = 0;
    for (game, read) in source.games.iter().zip(&back.games) {
        // After the trunk's last move, or on the trunk where it has none.
        let trunk = &read.lines[0];
        let after = trunk.moves.last().map_or(&trunk.annotations, |m| &m.annotations);
        let notes: Vec<&str> = after.iter().filter(|a| a.kind == gamescribe::tree::AnnotationKind::Note).map(|a| a.text.as_str()).collect();
        for (i, line) in game.lines.iter().enumerate().skip(1) {
            let opening = format!("variation {} (line {i}) kept as text", line.label);
            let Some(note) = notes.iter().find(|n| n.starts_with(&opening)) else { continue };
            kept += 1;
            if let Some(u) = line.unread.as_ref().filter(|u| !u.raw.trim().is_empty()) {
                let raw = u.raw.split_whitespace().collect::<Vec<_>>().join(" ").replace('{', "(").replace('}', ")");
                assert!(note.contains(&format!("unread: {raw}")), "{}: {note}", game.name);
            }
            if let Some(start) = &line.start {
                assert!(note.contains(&format!(": start {start};")), "{}: {note}", game.name);
            }
            let squares = note_moves(note);
            let want: Vec<Vec<u8>> = line.moves.iter().map(|m| m.squares.clone()).collect();
            assert_eq!(squares.len(), want.len(), "{} {}: {note}", game.name, line.label);
            for (got, want) in squares.iter().zip(&want) {
                assert!(got == want || (got.len() == 2 && got[0] == want[0] && got[1] == want[want.len() - 1]), "{} {}: {got:?} v {want:?}", game.name, line.label);
            }
            kept_moves += squares.len();
        }
    }
    assert_eq!((kept, kept_moves), (counts.kept, counts.kept_moves));
    assert_eq!(counts.games + counts.variations + counts.kept, source.lines().count(), "every line written as a line or kept as a note");
    let with_moves: usize = source.lines().map(|l| l.moves.len()).sum();
    assert_eq!(counts.moves + counts.kept_moves, with_moves, "every move read is written");
}

/// The moves a kept line's note gives (`moves: 11-15 (repaired: ...) 23-19; result: ...`), as squares.
fn note_moves(note: &str) -> Vec<Vec<u8>> {
    let Some(at) = note.find("; moves: ") else { return Vec::new() };
    let mut depth = 0usize;
    let mut plain = String::new();
    for c in note[at + "; moves: ".len()..].chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ';' if depth == 0 => break,
            c if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain.split_whitespace().map(|w| w.split(['-', 'x']).map(|n| n.parse().expect("a square")).collect()).collect()
}

/// The reader's counts live in `Game::stats` and stay out of the exported
/// headers; the tags that are the game's own (Event, Opening) are written.
fn no_statistics_in_headers(source: &gamescribe::tree::Source, written: &str) {
    assert!(source.games.iter().all(|g| g.stats.columns.is_some() && g.stats.printed_moves.is_some()), "every game carries its counts");
    let headers: Vec<&str> = written.lines().filter(|l| l.starts_with('[')).filter_map(|l| l[1..].split_whitespace().next()).collect();
    for counted in ["Columns", "PrintedMoves", "RowWiseColumns", "RowWisePrinted", "RowWiseRead", "ContentsVariations", "ListedNotFound"] {
        assert!(!headers.contains(&counted), "[{counted} ...] written into the PDN");
    }
    for own in ["Event", "Opening"] {
        assert!(headers.contains(&own), "[{own} ...] missing from the PDN");
    }
}

/// Issue 22: what the rules still recover where the OCR lost or garbled a
/// stretch: each bridged gap, forced move and cut cell with its evidence, drawn as a
/// person sees it, and the moves it gave each line.
#[test]
fn gaps_the_rules_bridge_are_drawn_with_their_evidence() {
    let text = book();
    let source = anderson::read("anderson-1852-ocr.txt", &text);
    let bridges: Vec<gamescribe::diagnostic::Diagnostic> =
        source.diagnostics.iter().filter(|d| matches!(d.code.as_str(), "anderson::bridged" | "anderson::not-bridged" | "anderson::cut-cell-read" | "anderson::cut-cell-ambiguous")).cloned().collect();
    let rendered = gamescribe::diagnostic::render(&bridges, "anderson-1852-ocr.txt", &text, false);
    insta::assert_snapshot!("bridged_gaps", rendered);
    // Every bridged move: on the line it belongs to, between the moves read around it.
    let mut bridged = Vec::new();
    for game in &source.games {
        for line in &game.lines {
            for (k, m) in line.moves.iter().enumerate() {
                if m.repair.as_ref().is_some_and(|r| r.edits.iter().any(|e| e.kind == gamescribe::tree::EditKind::Reconstructed)) {
                    let around = |i: Option<usize>| i.and_then(|i| line.moves.get(i)).map_or("-", |m| m.text.as_str());
                    bridged.push(format!("{}, {}: ply {} {} (after {}, before {})", game.name, line.label, k + 1, m.text, around(k.checked_sub(1)), around(Some(k + 1))));
                }
            }
        }
    }
    assert_eq!(
        bridged,
        [
            "Game 3: Fife, trunk: ply 33 3-8 (after 28-24, before 21-17)",
            "Game 3: Fife, 13: ply 9 11-8 (after 10x19, before 22-26)",
            "Game 6: Bristol, trunk: ply 4 23x16 (after 16-19, before 12x19)",
            "Game 6: Bristol, trunk: ply 5 12x19 (after 23x16, before -)",
            "Game 15: Second-Double Corner, trunk: ply 2 24-19 (after 11-15, before 15x24)",
        ]
    );
    // The result printed in the last move's cell is the Bristol trunk's.
    let bristol = &source.games[5].lines[0];
    assert_eq!(bristol.stated_result.as_ref().map(|r| r.printed.as_str()), Some("Drawn."));
}
