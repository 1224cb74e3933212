//! Every SGF file of `../shared/realdata/sgf` (1,836 files nobody here wrote:
//! GNU Go, KataGo, Little Go, Sabaki; read from there, never copied) read by
//! us and by sgfmill, an independent reader, in one python run:
//! - every file is read without a panic;
//! - the main line ends in the same position as sgfmill's (setup in any node
//!   applied in order, then the move) on every file both read;
//! - our SGF output, read back by sgfmill, has the same final position, node
//!   count and text (every property as sgfmill interprets it) as the source;
//! - read back by us it is the same tree.
//!
//! The figures are computed here, against sgfmill, not written in.

mod oracle;

use gamescribe::notation::go_record;
use gamescribe::tree::Game;
use gamescribe::notation::sgf;
use gamescribe::rules::go::{Color, Point, Position};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What sgfmill read in each file (one JSON object per path, in order).
fn sgfmill_facts(python: &str, paths: &[PathBuf]) -> Vec<serde_json::Value> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/sgfmill_facts.py");
    let mut child = Command::new(python).arg(script).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("run python");
    let list: String = paths.iter().map(|p| format!("{}\n", p.display())).collect();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(list.as_bytes()));
    let out = child.wait_with_output().expect("python output");
    writer.join().unwrap().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let facts: Vec<serde_json::Value> = String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(facts.len(), paths.len());
    facts
}

/// The board as the script draws it: rows from the top, `.` `X` `O`.
fn board_text(pos: &Position) -> String {
    let n = pos.size();
    (0..n)
        .map(|y| {
            (0..n)
                .map(|x| match pos.at(Point::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn node_count(g: &Game) -> usize {
    let before = |l: &gamescribe::tree::Line| l.moves.iter().filter_map(|m| m.go.as_deref()).map(|m| m.before().len()).sum::<usize>();
    1 + g.lines.iter().map(|l| l.moves.len() + before(l) + l.go_info().after.len()).sum::<usize>()
}

/// The game without spans and printed text, for comparing trees.
fn strip(g: &Game) -> Game {
    let mut g = g.clone();
    g.span = Default::default();
    for l in &mut g.lines {
        l.span = Default::default();
        if let Some(info) = l.go.as_mut() {
            info.after.iter_mut().for_each(|n| n.span = Default::default());
        }
        for m in &mut l.moves {
            m.span = Default::default();
            m.printed.clear();
            if let Some(go) = m.go.as_mut() {
                go.before_mut().iter_mut().for_each(|n| n.span = Default::default());
            }
        }
    }
    g
}

struct Ours {
    /// The first game's trunk replayed: its end position (None: no game read).
    final_board: Option<String>,
    nodes: usize,
    /// Did reading warn that the text holds U+FFFD (bytes its charset could not decode)?
    warned_replacement: bool,
}

#[test]
fn real_sgf_files_agree_with_sgfmill_and_round_trip() {
    let Some(dir) = oracle::realdata("sgf") else { return };
    let paths = oracle::files_under(&dir, None);
    assert!(paths.len() > 1000, "{} files under {}", paths.len(), dir.display());
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sgf-realdata");
    std::fs::create_dir_all(&out_dir).unwrap();
    let mut ours = Vec::new();
    let mut written_paths = Vec::new();
    let mut not_same_tree = Vec::new();
    for (i, path) in paths.iter().enumerate() {
        let bytes = std::fs::read(path).unwrap();
        let decoded = sgf::decode(&bytes);
        let parsed = sgf::parse(&decoded.text);
        let first = parsed.games.first();
        let final_board = first.map(|g| {
            let r = go_record::replay(g);
            r.lines.first().map_or_else(|| board_text(&Position::empty(g.go_size()).unwrap()), |l| board_text(&l.end))
        });
        let warned_replacement = decoded.text.contains('\u{FFFD}');
        ours.push(Ours { final_board, nodes: first.map_or(0, node_count), warned_replacement });
        let written = sgf::write(&parsed.games);
        let back = sgf::parse(&written);
        let same = back.games.len() == parsed.games.len() && back.games.iter().zip(&parsed.games).all(|(a, b)| strip(a) == strip(b));
        if !same {
            not_same_tree.push(path.display().to_string());
        }
        let out = out_dir.join(format!("{i}.sgf"));
        std::fs::write(&out, written).unwrap();
        written_paths.push(out);
    }
    // Also every file through the whole reader (replay, shared tree): no panic,
    // and text that could not be decoded is reported.
    for (path, o) in paths.iter().zip(&ours) {
        let (source, _) = sgf::read_bytes(&path.display().to_string(), &std::fs::read(path).unwrap());
        let warned = source.diagnostics.iter().any(|d| d.code == "sgf::replacement-character");
        assert_eq!(warned, o.warned_replacement, "{}", path.display());
    }
    println!("read without a panic: {} files", paths.len());
    assert!(not_same_tree.is_empty(), "{} files do not read back as the same tree, e.g. {:?}", not_same_tree.len(), &not_same_tree[..not_same_tree.len().min(5)]);

    let Some(python) = oracle::python("sgfmill") else { return };
    let mut all = paths.clone();
    all.extend(written_paths.iter().cloned());
    let facts = sgfmill_facts(&python, &all);
    let (source, back) = facts.split_at(paths.len());
    let mut both = 0;
    let mut position_differs = Vec::new();
    let mut nodes_differ = Vec::new();
    let (mut back_read, mut back_position, mut back_nodes, mut back_text) = (0, Vec::new(), Vec::new(), Vec::new());
    let mut undecodable = Vec::new();
    for (k, path) in paths.iter().enumerate() {
        let (s, b, o) = (&source[k], &back[k], &ours[k]);
        let name = path.strip_prefix(&dir).unwrap().display().to_string();
        if s["ok"] != true {
            continue;
        }
        let Some(board) = &o.final_board else { continue };
        both += 1;
        if s["final"].as_str() != Some(board.as_str()) {
            position_differs.push(name.clone());
        }
        if s["nodes"].as_u64() != Some(o.nodes as u64) {
            nodes_differ.push(format!("{name}: sgfmill {} ours {}", s["nodes"], o.nodes));
        }
        if b["ok"] != true {
            continue;
        }
        back_read += 1;
        if b["final"] != s["final"] {
            back_position.push(name.clone());
        }
        if b["nodes"] != s["nodes"] {
            back_nodes.push(name.clone());
        }
        if s["undecodable"] == true {
            // sgfmill cannot decode the source's text in its own charset, so it
            // shows it with its own replacement; we must have said so too.
            assert!(o.warned_replacement, "{name}: undecodable text but no sgf::replacement-character warning");
            undecodable.push(name.clone());
        } else if b["text"] != s["text"] {
            back_text.push(name.clone());
        }
    }
    let sgfmill_read = source.iter().filter(|s| s["ok"] == true).count();
    for (path, s) in paths.iter().zip(source) {
        if s["ok"] != true {
            println!("sgfmill cannot read {}: {}", path.strip_prefix(&dir).unwrap().display(), s["error"]);
        }
    }
    println!("sgfmill reads {sgfmill_read} of {} files; both read {both}", paths.len());
    println!("final main-line position differs from sgfmill's: {} of {both}", position_differs.len());
    println!("node count differs from sgfmill's: {} of {both}", nodes_differ.len());
    println!(
        "our output read back by sgfmill ({back_read} files): final position differs {}, node count {}, text {}",
        back_position.len(),
        back_nodes.len(),
        back_text.len()
    );
    println!("text not valid in its own charset (not compared; warned by us): {} {:?}", undecodable.len(), undecodable);
    let show = |v: &Vec<String>| v.iter().take(20).cloned().collect::<Vec<_>>().join("\n  ");
    for (what, v) in [("position", &position_differs), ("nodes", &nodes_differ), ("back position", &back_position), ("back nodes", &back_nodes), ("back text", &back_text)] {
        if !v.is_empty() {
            println!("{what} differs:\n  {}", show(v));
        }
    }
    assert!(both > 1000, "both read only {both} files");
    assert_eq!(back_read, both, "sgfmill cannot read some of our output");
    assert!(position_differs.is_empty(), "final position differs from sgfmill:\n  {}", show(&position_differs));
    assert!(nodes_differ.is_empty(), "node count differs from sgfmill:\n  {}", show(&nodes_differ));
    assert!(back_position.is_empty(), "our output's final position differs:\n  {}", show(&back_position));
    assert!(back_nodes.is_empty(), "our output's node count differs:\n  {}", show(&back_nodes));
    assert!(back_text.is_empty(), "our output's text differs:\n  {}", show(&back_text));
}

/// What `check` takes of a file read one way: its counts, its diagnostics
/// in the order drawn (the judge's last) and each game's trunk verdict.
type Checked = (gamescribe::report::Tally, Vec<gamescribe::diagnostic::Diagnostic>, Vec<Option<gamescribe::tree::Verdict>>);

fn checked_by(input: &gamescribe::input::Input, counting: bool) -> Checked {
    use gamescribe::input::Checked as Part;
    use gamescribe::notation::{Given, Reader};
    use gamescribe::tree::{CountedGame, Notation, Streamed};
    let db = gamescribe::rules::draughts::egdb::Egdb::empty();
    let judge = gamescribe::verdict::Judge { db: &db, budget: gamescribe::verdict::CHECK_BUDGET };
    let (mut tally, mut drawn, mut disputes, mut trunks) = (gamescribe::report::Tally::default(), Vec::new(), Vec::new(), Vec::new());
    let mut each = |part: Part| match part {
        Part::Part(Streamed::Game(game)) => {
            let (game, mut found) = gamescribe::verdict::judge_game(game, Notation::Sgf, &judge);
            trunks.push(game.lines[0].verdict.clone());
            tally.add_game(&game);
            disputes.append(&mut found);
        }
        Part::Counted(game) => {
            let (head, mut found) = gamescribe::verdict::judge_game(game.head, Notation::Sgf, &judge);
            trunks.push(head.lines[0].verdict.clone());
            tally.add_counted(&CountedGame { head, ..game });
            disputes.append(&mut found);
        }
        Part::Part(Streamed::Parts(parts)) => drawn.extend(parts.diagnostics),
        Part::Piece(_) => panic!("read_counting hands on no pieces"),
    };
    let rest = if counting {
        input.read_counting(Reader::Sgf, &Given::default(), &mut each)
    } else {
        input.read_visiting(Reader::Sgf, &Given::default(), &mut |part| each(Part::Part(part)))
    };
    drawn.extend(rest.diagnostics);
    drawn.append(&mut disputes);
    tally.add_diagnostics(&drawn);
    (tally, drawn, trunks)
}

/// `check` counts an SGF game node by node, holding no tree (`read_counting`):
/// on every real file it must find what the whole tree gives (the same
/// counts, diagnostics in the same order, the same verdicts).
#[test]
fn counting_node_by_node_finds_what_the_whole_tree_finds_on_every_file() {
    let Some(dir) = oracle::realdata("sgf") else { return };
    let paths = oracle::files_under(&dir, None);
    assert!(paths.len() > 1000, "{} files under {}", paths.len(), dir.display());
    let (mut differ, mut games, mut lines) = (Vec::new(), 0, 0);
    for path in &paths {
        let input = gamescribe::input::Input::from_bytes(path, &std::fs::read(path).unwrap());
        let whole = checked_by(&input, false);
        let counted = checked_by(&input, true);
        (games, lines) = (games + whole.0.games, lines + whole.0.lines);
        if counted != whole {
            differ.push(path.display().to_string());
        }
    }
    println!("{} files, {games} games, {lines} lines counted node by node as the whole tree counts them", paths.len());
    assert!(differ.is_empty(), "{} of {} files counted otherwise: {:?}", differ.len(), paths.len(), &differ[..differ.len().min(10)]);
    assert!(games > 1000 && lines > games, "{games} games, {lines} lines");
}

/// The JSON of one file's games as `check --format json` writes it: each game
/// whole (`pieces` false) or, where the reader can, piece by piece as it is read.
fn json_by(input: &gamescribe::input::Input, pieces: bool) -> Vec<u8> {
    use gamescribe::input::Checked as Part;
    use gamescribe::notation::{Given, Reader};
    use gamescribe::tree::{Notation, Streamed};
    let db = gamescribe::rules::draughts::egdb::Egdb::empty();
    let judge = gamescribe::verdict::Judge { db: &db, budget: gamescribe::verdict::CHECK_BUDGET };
    let mut doc = gamescribe::export::json_stream::JsonSources::new(Vec::new());
    doc.begin_source(&input.name, Notation::Sgf).unwrap();
    let mut each = |part: Part| match part {
        Part::Part(Streamed::Game(game)) => doc.game(&gamescribe::verdict::judge_game(game, Notation::Sgf, &judge).0).unwrap(),
        Part::Piece(mut piece) => {
            gamescribe::verdict::judge_piece(&mut piece, Notation::Sgf);
            doc.piece(&piece).unwrap()
        }
        Part::Counted(_) | Part::Part(Streamed::Parts(_)) => {}
    };
    if pieces {
        input.read_in_pieces(Reader::Sgf, &Given::default(), &mut each);
    } else {
        input.read_visiting(Reader::Sgf, &Given::default(), &mut |part| each(Part::Part(part)));
    }
    doc.end_source(&gamescribe::tree::Source::default()).unwrap();
    doc.finish().unwrap()
}

/// `check --format json` writes an SGF game piece by piece as it is read,
/// holding no tree (`read_in_pieces`): on every real file the bytes must be
/// those of the whole tree written at once.
#[test]
fn json_written_piece_by_piece_is_the_whole_trees_on_every_file() {
    let Some(dir) = oracle::realdata("sgf") else { return };
    let paths = oracle::files_under(&dir, None);
    assert!(paths.len() > 1000, "{} files under {}", paths.len(), dir.display());
    let (mut differ, mut by_pieces) = (Vec::new(), 0);
    for path in &paths {
        let input = gamescribe::input::Input::from_bytes(path, &std::fs::read(path).unwrap());
        by_pieces += usize::from(gamescribe::notation::sgf::pieces_are_exact(&input.text));
        if json_by(&input, true) != json_by(&input, false) {
            differ.push(path.display().to_string());
        }
    }
    println!("{} files, {by_pieces} of them written piece by piece, the same JSON as the whole tree's", paths.len());
    assert!(differ.is_empty(), "{} of {} files written otherwise: {:?}", differ.len(), paths.len(), &differ[..differ.len().min(10)]);
    assert!(by_pieces > paths.len() * 9 / 10, "only {by_pieces} of {} files written piece by piece", paths.len());
}
