//! `gamescribe check --coverage`: per source, the bytes no element of its tree,
//! unread text, note or diagnostic covers (see `tree::coverage`). Exit 1 when
//! any non-whitespace byte is left uncovered: the reader lost it.

use super::{collect_files, usage_error, CheckFormat, EXIT_CLEAN, EXIT_ERRORS, EXIT_USAGE};
use crate::input::{read_input_with, Checked, Input};
use crate::notation::{Given, Reader};
use crate::span::{LineIndex, Span};
use crate::tree::coverage::{game_spans, of_input, piece_spans, source_spans, Coverage, Covered};
use crate::tree::{Source, Streamed};
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Uncovered ranges shown per file in human output; JSON lists them all.
const SHOWN: usize = 20;

/// One uncovered run, placed for people and for tools.
#[derive(Serialize)]
struct Gap {
    /// Byte offsets in the file as it is on disk.
    start: usize,
    end: usize,
    line: usize,
    column: usize,
    text: String,
}

#[derive(Serialize)]
struct FileCoverage {
    name: String,
    notation: crate::tree::Notation,
    bytes: usize,
    uncovered_bytes: usize,
    uncovered: Vec<Gap>,
}

fn describe(source: &Source, input: &Input) -> FileCoverage {
    describe_found(of_input(source, input), source.name.clone(), source.notation, input)
}

/// A file read as `check` reads it: a reader that hands its games on is
/// measured game by game (an SGF game piece by piece; only the spans that
/// cover are kept, so a long file takes the memory of one game, or of none,
/// and of its gaps); another is read whole.
fn describe_file(file: &Path, notation: Reader, given: &Given) -> Result<FileCoverage, String> {
    let input = read_input_with(file, &given.fixes)?;
    let Some(reader) = input.game_by_game(notation, given) else {
        let source = input.read_with_positions(notation, given);
        return Ok(describe(&source, &input));
    };
    let (covered, rest) = covered_game_by_game(&input, reader, given);
    Ok(describe_found(covered.coverage(input.text.as_bytes()), rest.name, rest.notation, &input))
}

/// What the elements of `input` read in `notation` cover, gathered as its
/// games go by, and what the reader gave besides them.
fn covered_game_by_game(input: &Input, notation: Reader, given: &Given) -> (Covered, Source) {
    // Spans come in the file's bytes; gaps are found in the text read.
    let to_text = |s: Span| if input.is_verbatim() { s } else { input.span_to_normalised(s) };
    let mut covered = Covered::default();
    let mut spans = Vec::new();
    // An SGF game comes piece by piece: one long game is measured holding no tree.
    let rest = input.read_in_pieces(notation, given, &mut |part| {
        spans.clear();
        match &part {
            Checked::Part(Streamed::Game(game)) => game_spans(game, &mut spans),
            Checked::Part(Streamed::Parts(parts)) => spans = source_spans(parts),
            Checked::Piece(piece) => piece_spans(piece, &mut spans),
            Checked::Counted(_) => {}
        }
        covered.add(spans.iter().map(|&s| to_text(s)));
    });
    covered.add(source_spans(&rest).into_iter().map(to_text));
    (covered, rest)
}

fn describe_found(found: Coverage, name: String, notation: crate::tree::Notation, input: &Input) -> FileCoverage {
    let lines = LineIndex::new(&input.text);
    let uncovered = found
        .uncovered
        .iter()
        .map(|&gap| {
            let (line, column) = lines.line_col(&input.text, gap.start);
            let original = input.span_to_original(gap);
            Gap { start: original.start, end: original.end, line, column, text: Span::slice(gap, &input.text).to_string() }
        })
        .collect();
    FileCoverage { name, notation, bytes: found.total, uncovered_bytes: found.uncovered_bytes, uncovered }
}

/// Read every file and print what its tree leaves uncovered.
pub fn run(paths: &[PathBuf], notation: Reader, format: CheckFormat, given: &Given) -> u8 {
    let files = match collect_files(paths) {
        Ok(f) => f,
        Err(e) => return usage_error(&e),
    };
    let mut reports = Vec::new();
    let mut unreadable = false;
    for file in &files {
        match describe_file(file, notation, given) {
            Ok(report) => reports.push(report),
            Err(e) => {
                eprintln!("error: {e}");
                unreadable = true;
            }
        }
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match format {
        CheckFormat::Json => match serde_json::to_string_pretty(&reports) {
            Ok(s) => {
                let _ = writeln!(out, "{s}");
            }
            Err(e) => return usage_error(&format!("cannot write JSON: {e}")),
        },
        CheckFormat::Human => {
            for r in &reports {
                let _ = writeln!(out, "{}: {} of {} bytes covered by nothing ({} ranges, read as {})", r.name, r.uncovered_bytes, r.bytes, r.uncovered.len(), r.notation);
                for g in r.uncovered.iter().take(SHOWN) {
                    let excerpt: String = g.text.chars().take(60).map(|c| if c == '\n' { '⏎' } else { c }).collect();
                    let more = if g.text.chars().count() > 60 { "…" } else { "" };
                    let _ = writeln!(out, "  {}:{}:{} bytes {}..{}: {excerpt}{more}", r.name, g.line, g.column, g.start, g.end);
                }
                if r.uncovered.len() > SHOWN {
                    let _ = writeln!(out, "  … {} more ranges (--format json lists them all)", r.uncovered.len() - SHOWN);
                }
            }
            let lost: usize = reports.iter().map(|r| r.uncovered_bytes).sum();
            let _ = writeln!(out, "{} file(s), {lost} uncovered non-whitespace bytes", reports.len());
        }
    }
    if unreadable {
        EXIT_USAGE
    } else if reports.iter().any(|r| r.uncovered_bytes > 0) {
        EXIT_ERRORS
    } else {
        EXIT_CLEAN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_measured_game_by_game_has_the_coverage_of_its_whole_tree() {
        // The books and a PDN file, and the Lasca book with CRLF line ends
        // (spans handed on in the file's bytes, gaps found in the text read).
        let dir = std::env::temp_dir().join(format!("gamescribe-coverage-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let crlf = dir.join("lasca-crlf.txt");
        std::fs::write(&crlf, std::fs::read_to_string("corpus/lasca-1911-ocr.txt").unwrap().replace('\n', "\r\n")).unwrap();
        let files = [PathBuf::from("corpus/lasca-1911-ocr.txt"), PathBuf::from("corpus/hoyle-draughts.txt"), PathBuf::from("tests/corpus/pdn/valid/annotated.pdn"), crlf];
        for file in &files {
            let streamed = describe_file(file, Reader::Auto, &Given::default()).unwrap();
            let input = read_input_with(file, &Given::default().fixes).unwrap();
            assert!(input.streams(Reader::detect(&input.path, &input.text)), "{} is read game by game", file.display());
            let source = input.read(Reader::Auto, &Given::default());
            let whole = describe(&source, &input);
            assert!(whole.bytes > 200, "{}", file.display());
            assert_eq!(serde_json::to_string(&streamed).unwrap(), serde_json::to_string(&whole).unwrap(), "{}", file.display());
            // The very stretches covered, not only the gaps they leave (a
            // lossless file has none): the whole tree's, in the text read.
            let mut in_text = source.clone();
            crate::input::for_each_span(&mut in_text, |s| *s = input.span_to_normalised(*s));
            let mut by_tree = Covered::default();
            by_tree.add(source_spans(&in_text));
            let (game_by_game, _) = covered_game_by_game(&input, Reader::detect(&input.path, &input.text), &Given::default());
            assert_eq!(game_by_game.merged(), by_tree.merged(), "{}", file.display());
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}
