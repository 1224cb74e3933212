//! Notations: each reads text into raw moves with spans and writes moves back as text.
//! This file is the one place that knows which reader handles which input.

use crate::diagnostic::Code;
pub mod anderson;
pub mod go_corner;
pub mod go_record;
pub mod hoyle;
pub mod lasca;
pub mod notes;
pub mod numeric;
pub mod pdn;
pub mod sgf;
pub mod paterson;
pub mod position_list;
pub mod volpicelli;

use crate::tree::Source;
use std::path::Path;

/// The reader a user asks for (`--notation`); `Auto` picks one from the
/// file. Once read, a source is marked with the notation it was read in,
/// [`crate::tree::Notation`] ([`Reader::read_as`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Reader {
    /// Guess from the file name and its first lines.
    Auto,
    /// Free-form numeric draughts text: blank-line separated games from the start position.
    Numeric,
    /// Portable Draughts Notation (PDN 3.0), English draughts.
    Pdn,
    /// Anderson's 1852 book: games printed in columns, variations branching at marked moves.
    Anderson,
    /// Hoyle's draughts chapter: period notation (`22.18`), solutions with variation marks.
    Hoyle,
    /// John Paterson's natural notation: the page of specimens (two-digit squares, capture marks).
    Paterson,
    /// Lasca (Lasker, 1911): numbered moves in dash notation, `(1) 9-13, 17-13-9.`
    Lasca,
    /// Go record format (`.wq`): setup and moves in the Chinese corner notation.
    Go,
    /// Smart Game Format (FF[4]) Go records.
    Sgf,
    /// Volpicelli's essay on Go: prose naming points (`*g* 4`, `上 三 四`), checked against `go/*.wq` beside it.
    Volpicelli,
}

impl Reader {
    /// The notation a source read by this reader is marked with (a PDN file
    /// of Lasca games is marked Lasca once read); `None` for `Auto`, which
    /// names no reader until a file is seen.
    pub fn read_as(self) -> Option<crate::tree::Notation> {
        use crate::tree::Notation as Read;
        Some(match self {
            Reader::Auto => return None,
            Reader::Numeric => Read::Numeric,
            Reader::Pdn => Read::Pdn,
            Reader::Anderson => Read::Anderson,
            Reader::Hoyle => Read::Hoyle,
            Reader::Paterson => Read::Paterson,
            Reader::Lasca => Read::Lasca,
            Reader::Go => Read::GoRecord,
            Reader::Sgf => Read::Sgf,
            Reader::Volpicelli => Read::Volpicelli,
        })
    }

    /// Pick a reader for a file.
    pub fn detect(path: &Path, text: &str) -> Reader {
        let ext = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
        if ext == "pdn" || text.trim_start().starts_with("[Event") || text.trim_start().starts_with("[GameType") {
            return Reader::Pdn;
        }
        if ext == "sgf" || text.trim_start_matches('\u{feff}').trim_start().starts_with("(;") {
            return Reader::Sgf;
        }
        if ext == "wq" || go_record::looks_like_record(text) {
            return Reader::Go;
        }
        if volpicelli::looks_like(text) {
            return Reader::Volpicelli;
        }
        if ext == "lasca" || lasca::looks_like(text) {
            return Reader::Lasca;
        }
        let head = &text[..text.floor_char_boundary(4096)];
        if head.contains("Hoyle's Games") {
            return Reader::Hoyle;
        }
        if anderson::looks_like(text) {
            return Reader::Anderson;
        }
        if paterson::looks_written(text) || paterson::has_specimens_page(head) {
            return Reader::Paterson;
        }
        Reader::Numeric
    }
}

/// What the reader cannot find in the text itself: positions of lost diagrams,
/// by the title of the section they belong to.
#[derive(Clone, Debug, Default)]
pub struct Given {
    pub positions: Vec<(String, crate::rules::draughts::Setup)>,
    /// The corrections file read with each source.
    pub fixes: crate::corrections::FixesChoice,
}

/// Read `text` in `notation` (auto-detected from `path` if `Auto`).
pub fn read(notation: Reader, path: &Path, text: &str) -> Source {
    read_given(notation, path, text, &Given::default())
}

/// Read `text` in `notation`, with positions given for lost diagrams.
pub fn read_given(notation: Reader, path: &Path, text: &str, given: &Given) -> Source {
    let name = path.display().to_string();
    let notation = if notation == Reader::Auto { Reader::detect(path, text) } else { notation };
    match notation {
        Reader::Auto | Reader::Numeric => numeric::read(&name, text, &numeric::ReadOptions::default()),
        Reader::Pdn => pdn::read(&name, text),
        Reader::Hoyle => {
            let opts = hoyle::HoyleOptions { starts: given.positions.clone(), infer: true, ..hoyle::HoyleOptions::default() };
            hoyle::read_hoyle_with(&name, text, &opts).0
        }
        Reader::Anderson => anderson::read(&name, text),
        // What `convert --to paterson` writes, else the book's page of specimens.
        Reader::Paterson if paterson::looks_written(text) => paterson::read_written(&name, text),
        Reader::Paterson => with_cross_check(paterson::read_paterson_specimens(&name, text), text),
        Reader::Lasca => lasca::read(&name, text),
        Reader::Go => go_record::read(&name, text),
        Reader::Sgf => sgf::read(&name, text),
        Reader::Volpicelli => read_volpicelli(&name, path, text),
    }
}

/// The essay, checked against the records in `go/` beside it; a record that
/// cannot be read is a warning (its checks are missing), not a silent gap.
fn read_volpicelli(name: &str, path: &Path, text: &str) -> Source {
    let (records, problems) = volpicelli::records_beside(path);
    let (mut source, _) = volpicelli::read_with_records(name, text, &records);
    for p in problems {
        source.diagnostics.push(crate::diagnostic::Diagnostic::warning(Code::VolpicelliRecordUnreadable, format!("a record cannot be read: {p}"), crate::span::Span::new(0, 0)));
    }
    source
}

/// Specimens printed in a book that also prints the columnar games: each
/// checked against the line its footnote names, as a diagnostic.
fn with_cross_check(mut specimens: crate::tree::Source, text: &str) -> crate::tree::Source {
    if specimens.games.is_empty() || !anderson::looks_like(text) {
        return specimens;
    }
    let book = anderson::read(&specimens.name, text);
    for check in paterson::cross_check(&specimens, &book) {
        let span = specimens.games.iter().find(|g| check.specimen.starts_with(&g.name)).map_or_else(Default::default, |g| g.span);
        let differs = check.agreement.as_ref().is_some_and(|a| !a.prefix_agrees());
        let d = if differs {
            crate::diagnostic::Diagnostic::warning(Code::PatersonSpecimenDiffers, check.summary(), span)
        } else {
            crate::diagnostic::Diagnostic::note(Code::PatersonCrossCheck, check.summary(), span)
        };
        specimens.diagnostics.push(d.with_label("specimen column"));
    }
    specimens
}
