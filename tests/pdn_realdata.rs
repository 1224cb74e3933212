//! The real PDN files in `../shared/realdata/` (CheckerBoard's Tinsley games,
//! the wiegerw/pdn collections, KingsRow output, the ACF list converted to
//! PDN), read from there and never copied here.
//!
//! - Every file reads without a panic, and the streaming check finds errors in
//!   exactly the files `read` does.
//! - pydraughts' engine (tests/python/pdn_realdata.py, one process for all
//!   files) judges each game by the rules; we must accept exactly the games it
//!   accepts, and it must read every game we write back with the same moves.
//!
//! pydraughts is slow (tens of milliseconds a move), so by default the oracle
//! sees a subset chosen by rule, not by outcome: every game we reject or read
//! with an ambiguous capture settled by its continuation or with White to move
//! first, plus every k-th game
//! of each file (k = games / 10, so at most ten more a file). Set
//! `GAMESCRIBE_PDN_FULL=1` for every game of every file (hours, for a release).

mod oracle;

use gamescribe::export::pdn::write_pdn;
use gamescribe::notation::pdn;
use gamescribe::tree::{Game, Source};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

fn read(path: &Path) -> (String, Source) {
    let text = std::fs::read_to_string(path).expect("real PDN is UTF-8");
    let source = pdn::read(&path.display().to_string(), &text);
    (text, source)
}

/// Whether we accept a game: no error reported inside it.
fn accepted(source: &Source, game: &Game) -> bool {
    !source.diagnostics.iter().any(|d| d.is_error() && game.span.start <= d.span.start && d.span.start < game.span.end.max(game.span.start + 1))
}

/// Games the subset always holds: those we reject, those with White to move
/// first (their move numbers are written differently), and those where we
/// settled an ambiguous capture.
fn contested(source: &Source, game: &Game) -> bool {
    !accepted(source, game) || game.start.to_string().starts_with('W') || source.diagnostics.iter().any(|d| d.code == "pdn::ambiguous-capture-resolved" && game.span.start <= d.span.start && d.span.start < game.span.end)
}

#[test]
fn every_real_pdn_file_reads_and_the_streaming_check_agrees() {
    let Some(root) = oracle::realdata("") else { return };
    let files = oracle::files_under(&root, Some("pdn"));
    assert!(files.len() >= 20, "{} PDN files under {}", files.len(), root.display());
    let mut games = 0;
    for path in &files {
        let (text, source) = read(path);
        let stats = pdn::validate(&text);
        assert_eq!(stats.games, source.games.len(), "{}", path.display());
        assert_eq!(stats.errors > 0, source.error_count() > 0, "{}: validate {} errors, read {:?}", path.display(), stats.errors, source.diagnostics.iter().filter(|d| d.is_error()).map(|d| &d.message).collect::<Vec<_>>());
        // What we write reads back as the same moves, with no new error.
        let again = pdn::read("again", &write_pdn(&source));
        assert_eq!(again.games.len(), source.games.len(), "{}", path.display());
        for (a, b) in source.games.iter().zip(&again.games) {
            let squares = |g: &Game| g.lines.iter().map(|l| l.moves.iter().map(|m| m.squares.clone()).collect::<Vec<_>>()).collect::<Vec<_>>();
            assert_eq!(squares(a), squares(b), "{}: {}", path.display(), a.name);
            if let Some(result) = a.tags.iter().find(|t| t.0 == "Result") {
                assert_eq!(Some(result), b.tags.iter().find(|t| t.0 == "Result"), "{}: Result tag kept", path.display());
            }
            assert_eq!(a.tags.iter().any(|t| t.0 == "Event"), b.tags.iter().any(|t| t.0 == "Event"), "{}: no Event invented", path.display());
        }
        games += source.games.len();
    }
    assert!(games > 4000, "{games} games read");
}

/// The two games the issue names: an ambiguous capture settled by what follows, with a warning.
#[test]
fn ambiguous_captures_in_tricks_traps_and_shots_are_read_from_their_continuation() {
    let Some(root) = oracle::realdata("") else { return };
    let (_, source) = read(&root.join("pdn/wiegerw-pdn/Tricks traps and shots.pdn"));
    for (event, printed) in [("TTS Game 38", "10x26"), ("TTS Game 69", "32x7")] {
        let game = source.games.iter().find(|g| g.name.starts_with(&format!("{event} "))).unwrap_or_else(|| panic!("{event} not found"));
        assert!(accepted(&source, game), "{event} is read to its end");
        let warning = source.diagnostics.iter().find(|d| d.code == "pdn::ambiguous-capture-resolved" && game.span.start <= d.span.start && d.span.start < game.span.end);
        let warning = warning.unwrap_or_else(|| panic!("{event}: no warning"));
        assert!(warning.message.starts_with(printed) && warning.message.contains(" or "), "{}", warning.message);
    }
}

#[test]
fn real_pdn_agrees_with_pydraughts_and_reads_back_in_it() {
    let Some(root) = oracle::realdata("") else { return };
    let Some(python) = oracle::python("pydraughts") else { return };
    let full = std::env::var("GAMESCRIBE_PDN_FULL").as_deref() == Ok("1");
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pdn_realdata");
    std::fs::create_dir_all(&tmp).expect("tmp dir");
    let mut manifest = Vec::new();
    let mut chosen_games: Vec<(PathBuf, Vec<(bool, Vec<Vec<u8>>, String)>)> = Vec::new();
    for (n, path) in oracle::files_under(&root, Some("pdn")).iter().enumerate() {
        let (_, source) = read(path);
        let stride = (source.games.len() / 10).max(1);
        let chosen: Vec<&Game> = source.games.iter().enumerate().filter(|(i, g)| full || i % stride == 0 || contested(&source, g)).map(|(_, g)| g).collect();
        let subset = Source { games: chosen.iter().map(|g| (*g).clone()).collect(), ..source.clone() };
        let written = tmp.join(format!("{n}.pdn"));
        std::fs::write(&written, write_pdn(&subset)).expect("write PDN");
        manifest.push(json!({
            "path": path,
            "written": written,
            "games": chosen.iter().map(|g| json!({"start": g.span.start, "end": g.span.end})).collect::<Vec<_>>(),
        }));
        let ours = chosen.iter().map(|g| (accepted(&source, g), g.lines.first().map(|l| l.moves.iter().map(|m| m.squares.clone()).collect()).unwrap_or_default(), g.name.clone())).collect();
        chosen_games.push((path.clone(), ours));
    }
    let manifest_path = tmp.join("manifest.json");
    std::fs::write(&manifest_path, serde_json::to_string(&manifest).unwrap()).expect("write manifest");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/pdn_realdata.py");
    let out = Command::new(&python).arg(script).arg(&manifest_path).output().expect("run python");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let results: Vec<Value> = serde_json::from_slice(&out.stdout).expect("JSON from the script");
    let (mut games, mut rejected, mut moves) = (0, 0, 0);
    let mut disagreements = Vec::new();
    let mut misread_as_source = Vec::new();
    for ((path, ours), result) in chosen_games.iter().zip(&results) {
        let theirs = result["games"].as_array().expect("games");
        let back = result["written"].as_array().expect("written");
        assert_eq!(back.len(), ours.len(), "{}: pydraughts splits our output into as many games", path.display());
        for (((accept, trunk, name), oracle), read_back) in ours.iter().zip(theirs).zip(back) {
            games += 1;
            rejected += usize::from(!accept);
            moves += trunk.len();
            if oracle["accept"].as_bool() != Some(*accept) {
                disagreements.push(format!("{} {name}: we {}, the rules {} ({})", path.display(), if *accept { "accept" } else { "reject" }, oracle["accept"], oracle["why"]));
            }
            let played: Vec<Vec<u8>> = serde_json::from_value(read_back["moves"].clone()).expect("moves");
            if read_back["source_same"] == true {
                // pydraughts' reader takes the same (wrong) move list from the source text: its limit, not our output's.
                misread_as_source.push(format!("{} {name}: {}", path.display(), read_back["error"]));
            } else if read_back["ok"] != true || &played != trunk {
                disagreements.push(format!("{} {name}: read back by pydraughts {}: {}", path.display(), if read_back["ok"] == true { "with other moves" } else { "fails" }, read_back["error"]));
            }
        }
    }
    eprintln!("pydraughts judged {games} games ({rejected} we reject), {moves} main-line moves read back");
    if !misread_as_source.is_empty() {
        eprintln!("{} game(s) pydraughts misreads in the source text exactly as in ours:\n  {}", misread_as_source.len(), misread_as_source.join("\n  "));
    }
    assert!(disagreements.is_empty(), "{} disagreements:\n{}", disagreements.len(), disagreements.join("\n"));
    assert!(games > 100 && rejected > 0, "the sample holds games both ways ({games} games, {rejected} rejected)");
}
