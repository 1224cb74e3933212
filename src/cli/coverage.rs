//! `gamescribe check --coverage`: per source, the bytes no element of its tree,
//! unread text, note or diagnostic covers (see `tree::coverage`). Exit 1 when
//! any non-whitespace byte is left uncovered: the reader lost it.

use super::{collect_files, usage_error, CheckFormat, EXIT_CLEAN, EXIT_ERRORS, EXIT_USAGE};
use crate::input::{read_source, Input};
use crate::notation::{Given, Reader};
use crate::span::{LineIndex, Span};
use crate::tree::coverage::of_input;
use crate::tree::Source;
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;

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
    let found = of_input(source, input);
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
    FileCoverage { name: source.name.clone(), notation: source.notation, bytes: found.total, uncovered_bytes: found.uncovered_bytes, uncovered }
}

/// Read every file whole and print what its tree leaves uncovered.
pub fn run(paths: &[PathBuf], notation: Reader, format: CheckFormat, given: &Given) -> u8 {
    let files = match collect_files(paths) {
        Ok(f) => f,
        Err(e) => return usage_error(&e),
    };
    let mut reports = Vec::new();
    let mut unreadable = false;
    for file in &files {
        match read_source(file, notation, given) {
            Ok((source, input)) => reports.push(describe(&source, &input)),
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
