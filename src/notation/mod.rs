//! Notations: each reads text into raw moves with spans and writes moves back as text.
//! This file is the one place that knows which reader handles which input.

pub mod numeric;
pub mod paterson;

use crate::tree::Source;
use std::path::Path;

/// The inputs gamescribe reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Notation {
    /// Guess from the file name and its first lines.
    Auto,
    /// Free-form numeric draughts text: blank-line separated games from the start position.
    Numeric,
}

impl Notation {
    /// Pick a reader for a file.
    pub fn detect(_path: &Path, _text: &str) -> Notation {
        Notation::Numeric
    }
}

/// Read `text` in `notation` (auto-detected from `path` if `Auto`).
pub fn read(notation: Notation, path: &Path, text: &str) -> Source {
    let name = path.display().to_string();
    let notation = if notation == Notation::Auto { Notation::detect(path, text) } else { notation };
    match notation {
        Notation::Auto | Notation::Numeric => numeric::read(&name, text, &numeric::ReadOptions::default()),
    }
}
