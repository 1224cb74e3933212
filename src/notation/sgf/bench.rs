//! `gamescribe bench sgf`: time the reader on generated SGF collections or
//! real files, side by side with sgfmill (load and replay every line) when a
//! python with sgfmill is given.

use super::write;
use std::path::PathBuf;
use std::time::Instant;
use crate::tree::{Game, GoMove, Line, MoveHeld, MoveNode};
use crate::bench::noise::Rng;
use crate::rules::go::{Move, Point, Position};

/// A random legal game of about `plies` moves on 19 lines, with a comment
/// now and then and a short variation every 50 moves.
fn random_game(rng: &mut Rng, plies: usize, index: usize) -> Game {
    let mut game = Game::new_go(19);
    game.go_info_mut().title = format!("generated {index}");
    let mut pos = Position::empty(19).expect("19 is a legal size");
    let mut moves = Vec::new();
    for k in 0..plies {
        let color = pos.to_move();
        let mut mv = Move::Pass;
        for _ in 0..8 {
            let p = Move::Play(Point::new(rng.below(19) as u8, rng.below(19) as u8));
            if pos.check(color, p).is_ok() {
                mv = p;
                break;
            }
        }
        if pos.play(mv).is_err() {
            break;
        }
        let comments = if rng.below(40) == 0 { vec![format!("move {k}: a note with ] and \\ in it")] } else { Vec::new() };
        moves.push(MoveNode::go_move(GoMove::holding(color, mv, MoveHeld { comments, ..MoveHeld::default() }), Default::default(), String::new()));
        if k % 50 == 49 {
            game.lines.push(Line { label: format!("{k}"), parent: Some(0), branch_ply: k, moves: vec![moves[k].clone()], ..Line::default() });
        }
    }
    game.lines[0].moves = moves;
    game
}

/// An SGF collection of at least `bytes` bytes.
pub fn generate_sgf(bytes: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    let mut i = 0;
    while out.len() < bytes {
        let plies = 150 + rng.below(200);
        out.push_str(&write(&[random_game(&mut rng, plies, i)]));
        i += 1;
    }
    out
}

/// What to time.
#[derive(Clone, Debug, Default)]
pub struct BenchOptions {
    /// Generated collection size when no input is given.
    pub megabytes: usize,
    pub runs: usize,
    /// Real files or folders (their `.sgf` files) instead of a generated collection.
    pub input: Vec<PathBuf>,
    /// Keep the generated collection in this file.
    pub write: Option<PathBuf>,
    /// A python with sgfmill, to time it on the same files.
    pub python: Option<String>,
}

/// The sgfmill side, as a script written out for each run.
const SGFMILL_BENCH: &str = include_str!("../../../tests/python/sgfmill_bench.py");

fn sgf_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = paths.to_vec();
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            let entries = std::fs::read_dir(&p).map_err(|e| format!("cannot list {}: {e}", p.display()))?;
            stack.extend(entries.filter_map(|e| e.ok().map(|e| e.path())));
        } else if p.is_file() {
            if paths.contains(&p) || p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
                out.push(p);
            }
        } else {
            return Err(format!("{} is not a file or folder", p.display()));
        }
    }
    out.sort();
    if out.is_empty() {
        return Err("no SGF files found in the input".into());
    }
    Ok(out)
}

/// Run the bench, reporting through `say` line by line.
pub fn run(opts: &BenchOptions, mut say: impl FnMut(String)) -> Result<(), String> {
    let mut temp: Option<PathBuf> = None;
    let files: Vec<PathBuf> = if opts.input.is_empty() {
        let text = generate_sgf(opts.megabytes * 1024 * 1024, 1887);
        let path = match &opts.write {
            Some(p) => p.clone(),
            None => {
                let p = std::env::temp_dir().join(format!("gamescribe-bench-{}.sgf", std::process::id()));
                temp = Some(p.clone());
                p
            }
        };
        std::fs::write(&path, &text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        say(format!("generated {} ({:.1} MB)", path.display(), text.len() as f64 / 1048576.0));
        vec![path]
    } else {
        sgf_files(&opts.input)?
    };
    let data: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|p| std::fs::read(p).map(|b| (p.display().to_string(), b)).map_err(|e| format!("cannot read {}: {e}", p.display())))
        .collect::<Result<_, _>>()?;
    let bytes: usize = data.iter().map(|(_, b)| b.len()).sum();
    let mb = bytes as f64 / 1048576.0;
    let mut best = f64::INFINITY;
    for run in 1..=opts.runs.max(1) {
        let start = Instant::now();
        let (mut games, mut moves, mut findings) = (0, 0, 0);
        for (_, b) in &data {
            let decoded = super::decode(b);
            let parsed = super::parse(&decoded.text);
            games += parsed.games.len();
            moves += parsed.games.iter().flat_map(|g| &g.lines).map(|l| l.moves.len()).sum::<usize>();
            findings += parsed.diagnostics.len();
        }
        let secs = start.elapsed().as_secs_f64();
        say(format!("run {run} gamescribe decode+parse: {mb:.1} MB, {} files, {games} games, {moves} moves, {findings} findings in {secs:.3} s = {:.1} MB/s", data.len(), mb / secs));
        let start = Instant::now();
        let mut findings = 0;
        for (name, b) in &data {
            let (source, _) = super::read_bytes(name, b);
            findings += source.diagnostics.len();
        }
        let secs = start.elapsed().as_secs_f64();
        best = best.min(secs);
        say(format!("run {run} gamescribe read (decode, parse, replay every line, tree): {findings} findings in {secs:.3} s = {:.1} MB/s", mb / secs));
    }
    if let Some(python) = &opts.python {
        let script = std::env::temp_dir().join(format!("gamescribe-sgfmill-bench-{}.py", std::process::id()));
        std::fs::write(&script, SGFMILL_BENCH).map_err(|e| format!("cannot write {}: {e}", script.display()))?;
        let out = std::process::Command::new(python).arg(&script).args(&files).output().map_err(|e| format!("cannot run {python}: {e}"));
        let _ = std::fs::remove_file(&script);
        let out = out?;
        if !out.status.success() {
            return Err(format!("sgfmill failed: {}", String::from_utf8_lossy(&out.stderr)));
        }
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).map_err(|e| format!("sgfmill's report: {e}"))?;
        let secs = v["seconds"].as_f64().unwrap_or(f64::NAN);
        say(format!(
            "sgfmill load + replay every line: {mb:.1} MB, {} games, {} nodes in {secs:.3} s = {:.2} MB/s",
            v["games"], v["nodes"], mb / secs
        ));
        say(format!("gamescribe (best run) is {:.1}x sgfmill", secs / best));
    }
    if let Some(t) = temp {
        let _ = std::fs::remove_file(t);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_files_read_back_without_findings() {
        let text = generate_sgf(20_000, 3);
        let source = crate::notation::sgf::read("gen", &text);
        assert!(source.diagnostics.is_empty(), "{:?}", &source.diagnostics[..source.diagnostics.len().min(3)]);
        assert!(source.games.len() >= 2);
        assert!(source.games.iter().all(|g| g.lines.len() > 1));
    }
}
