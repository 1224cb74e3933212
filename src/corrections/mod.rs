//! A corrections file read with its source: what an editor typed in from the
//! scan (`BOOK.fixes` beside `BOOK.txt`, or `--fixes FILE`).
//!
//! Entries by place (`at 98:12 "98 29" -> "23 19"`) are text edits made before
//! the source is read, guarded by the text expected there, with an offset map so
//! every span still points at the file on disk ([`place`]). Entries by
//! structure (a typed-in line, a move, a branch point, a start, a result, a
//! contributor) are applied to the tree after reading and replayed by the rules
//! ([`structure`]). Every problem is a diagnostic whose span is in the
//! corrections file ([`crate::diagnostic::Diagnostic::file`]).

pub mod place;
pub mod structure;
pub mod syntax;
pub mod write;

use crate::diagnostic::{Code, Diagnostic};
use crate::span::Span;
use crate::tree::{Correction, CorrectionKind, Origin, Source};
use std::path::{Path, PathBuf};

pub use syntax::{parse, Body, Entry};

/// Which corrections file goes with a source.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum FixesChoice {
    /// `BOOK.fixes` beside `BOOK.txt`, if there is one.
    #[default]
    Auto,
    File(PathBuf),
    /// None, even if one lies beside the source.
    Off,
}

/// The corrections file found beside `source` (`BOOK.txt` → `BOOK.fixes`).
pub fn beside(source: &Path) -> PathBuf {
    source.with_extension("fixes")
}

/// The corrections file to read with `source`, if any; a file named
/// explicitly must exist.
pub fn locate(source: &Path, choice: &FixesChoice) -> Option<PathBuf> {
    match choice {
        FixesChoice::Off => None,
        FixesChoice::File(p) => Some(p.clone()),
        FixesChoice::Auto if source == Path::new(crate::input::STDIN) => None,
        FixesChoice::Auto => Some(beside(source)).filter(|p| p.is_file()),
    }
}

/// A corrections file, parsed, with what applying its place entries found.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The name its diagnostics carry (the path as given).
    pub name: String,
    pub text: String,
    pub entries: Vec<Entry>,
    /// Syntax errors, and what applying the place entries found; spans in `text`.
    pub diagnostics: Vec<Diagnostic>,
    /// Place entries applied to the source text.
    pub applied: Vec<place::Applied>,
}

impl Loaded {
    /// Parse a corrections file's text.
    pub fn from_text(name: &str, text: &str) -> Loaded {
        let (entries, diagnostics) = parse(text);
        Loaded { name: name.to_string(), text: text.to_string(), entries, diagnostics, applied: Vec::new() }
    }

    /// Read and parse a corrections file; `Err` only when it cannot be read.
    pub fn read(path: &Path) -> Result<Loaded, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read corrections file {}: {e}", path.display()))?;
        let text = String::from_utf8(bytes).map_err(|_| format!("corrections file {} is not UTF-8 text", path.display()))?;
        Ok(Loaded::from_text(&path.display().to_string(), &text))
    }

    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    /// The tree's record of entry `index`.
    pub fn correction(&self, index: usize, kind: CorrectionKind) -> Correction {
        let e = &self.entries[index];
        Correction { kind, entry_line: e.line, note: e.note.clone() }
    }
}

/// The errors among `diagnostics` that are the corrections file's (they
/// carry its name), not the source's: with any, `fix` writes nothing and
/// `todo` exits 1.
pub fn errors_in_the_corrections_file(diagnostics: &[Diagnostic]) -> impl Iterator<Item = &Diagnostic> {
    diagnostics.iter().filter(|d| d.file.is_some() && d.is_error())
}

/// After a source was read from text with `loaded`'s place entries applied
/// (spans already in the file's bytes): mark the moves read from corrected
/// text, apply the structure entries, and add every diagnostic about the
/// corrections file (marked as pointing into it).
pub fn apply_to_source(source: &mut Source, loaded: &Loaded) {
    for applied in &loaded.applied {
        let correction = loaded.correction(applied.entry, CorrectionKind::Text);
        for game in &mut source.games {
            for line in &mut game.lines {
                let mut touched = false;
                for m in &mut line.moves {
                    if overlaps(m.span, applied.original) {
                        m.origin = Origin::Corrected(Box::new(correction.clone()));
                        touched = true;
                    }
                }
                if touched {
                    line.corrections.push(correction.clone());
                }
            }
        }
    }
    let mut diagnostics = loaded.diagnostics.clone();
    diagnostics.extend(structure::apply(source, loaded));
    let applied = loaded.entries.len();
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    diagnostics.insert(
        0,
        Diagnostic::note(Code::FixesRead, format!("corrections read from {}: {applied} entries, {errors} errors", loaded.name), Span::new(0, 0)),
    );
    for d in &mut diagnostics {
        d.file = Some(loaded.name.clone());
    }
    source.diagnostics.extend(diagnostics);
}

/// Whether a move's bytes meet a corrected span (an insertion meets the move around it).
fn overlaps(a: Span, b: Span) -> bool {
    if b.start == b.end {
        return a.start < b.start && b.start < a.end;
    }
    a.start < b.end && b.start < a.end
}
