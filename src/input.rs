//! The one door every reader's text comes through: a path or `-` (standard
//! input) read once into text that readers can trust.
//!
//! Readers see *normalised* text: no byte-order mark, every line ending (CRLF,
//! lone CR, LF) a single `\n`, invalid bytes replaced by U+FFFD. That one rule
//! makes the same book in any encoding dress read the same, without teaching
//! each reader about `\r`. What the normalisation changed is not lost: an
//! [`OffsetMap`] takes every offset in the normalised text back to the byte of
//! the original file, so the spans in the finished tree and its diagnostics
//! point at the file as it is on disk; a BOM, UTF-16 and invalid bytes are
//! recorded as `input::` diagnostics.

use crate::diagnostic::{self, Code, Diagnostic};
use crate::notation::{self, Given, Reader};
use crate::span::Span;
use crate::tree::{CountedGame, CountedPart, Game, GamePiece, Line, MoveNode, Source, Streamed};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

mod decode;
mod walk;
use decode::{decode_owned, decode_sgf, normalise_line_ends};
pub use decode::looks_like_text;
pub use walk::{collect, collect_files, Collected};

/// Files larger than this are refused rather than read into memory.
pub const MAX_FILE_BYTES: u64 = 512 * 1024 * 1024;
/// The path that means standard input.
pub const STDIN: &str = "-";
/// How much of a file is looked at to tell text from binary.
const SNIFF_BYTES: usize = 8192;

/// Offsets of a changed text back to the text it was made from.
///
/// Between two anchors both texts run byte for byte; an anchor
/// `(new, old)` says offset `new` of the changed text is offset `old` of the
/// source. No anchors: the texts are the same.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OffsetMap {
    anchors: Vec<(usize, usize)>,
}

impl OffsetMap {
    pub fn is_identity(&self) -> bool {
        self.anchors.is_empty()
    }

    pub(crate) fn push(&mut self, new: usize, old: usize) {
        if new != old || !self.anchors.is_empty() {
            self.anchors.push((new, old));
        }
    }

    /// The source offset of offset `new` of the changed text.
    pub fn to_old(&self, new: usize) -> usize {
        match self.anchors.partition_point(|a| a.0 <= new) {
            0 => new,
            i => {
                let (n, o) = self.anchors[i - 1];
                o + (new - n)
            }
        }
    }

    /// The changed-text offset of source offset `old`; an offset inside bytes
    /// the change removed or replaced goes to where they went.
    pub fn to_new(&self, old: usize) -> usize {
        let i = self.anchors.partition_point(|a| a.1 <= old);
        let guess = match i {
            0 => old,
            i => {
                let (n, o) = self.anchors[i - 1];
                n + (old - o)
            }
        };
        self.anchors.get(i).map_or(guess, |next| guess.min(next.0))
    }
}

/// What the bytes of a file were, before they became text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16Le,
    Utf16Be,
    /// An SGF file in the charset its root's `CA` names (or ISO-8859-1, the
    /// FF[4] default): the charset's name.
    Sgf(&'static str),
}

/// What [`Input::read_counting`] hands on: what a streamed read hands on, or
/// a game already replayed and counted.
pub enum Checked {
    Part(Streamed),
    Counted(CountedGame),
    /// A piece of a game handed on as it is read ([`Input::read_in_pieces`]).
    Piece(GamePiece),
}

/// A file read into text, with the way back to its bytes.
#[derive(Clone, Debug)]
pub struct Input {
    /// The name diagnostics use: the path, or `<stdin>`.
    pub name: String,
    /// The path given (`-` for standard input); its extension helps detection.
    pub path: PathBuf,
    /// Normalised text: what readers read.
    pub text: String,
    pub encoding: Encoding,
    /// What reading found about the bytes themselves, spans in the original bytes.
    pub findings: Vec<Diagnostic>,
    /// Decoded text (BOM dropped, bad bytes replaced) back to the bytes.
    decoded: OffsetMap,
    /// Normalised text back to the decoded text (line endings).
    line_ends: OffsetMap,
    /// The corrections file read with the source, if any.
    pub fixes: Option<crate::corrections::Loaded>,
    /// Corrected text back to the normalised text (place entries of `fixes`).
    edits: OffsetMap,
    /// Where each line of `text` starts, found when a diagnostic is first drawn.
    line_starts: std::sync::OnceLock<diagnostic::LineStarts>,
}

impl Input {
    /// Text from the bytes of a file.
    pub fn from_bytes(path: &Path, bytes: &[u8]) -> Input {
        Input::from_owned_bytes(path, bytes.to_vec())
    }

    /// Text from the bytes of a file, taken over: UTF-8 (and so ASCII) bytes
    /// become the text in place, so a large file is not held twice.
    pub fn from_owned_bytes(path: &Path, bytes: Vec<u8>) -> Input {
        let name = if path == Path::new(STDIN) { "<stdin>".to_string() } else { path.display().to_string() };
        let mut findings = Vec::new();
        let sgf_charset = if notation::sgf::looks_like_sgf(path, &bytes) { notation::sgf::non_utf8_charset(&bytes) } else { None };
        let (decoded_text, decoded, encoding) = match sgf_charset {
            Some((charset, label)) => decode_sgf(&bytes, charset, label.as_deref(), &mut findings),
            None => decode_owned(bytes, &mut findings),
        };
        let (text, line_ends) = normalise_line_ends(decoded_text);
        Input { name, path: path.to_path_buf(), text, encoding, findings, decoded, line_ends, fixes: None, edits: OffsetMap::default(), line_starts: std::sync::OnceLock::new() }
    }

    /// Text as given, as if it were a file's bytes.
    pub fn from_text(path: &Path, text: &str) -> Input {
        Input::from_bytes(path, text.as_bytes())
    }

    /// The byte of the original file where offset `at` of [`Input::text`] is.
    pub fn to_original(&self, at: usize) -> usize {
        self.decoded.to_old(self.line_ends.to_old(self.edits.to_old(at)))
    }

    /// The offset in [`Input::text`] of byte `at` of the original file.
    pub fn to_normalised(&self, at: usize) -> usize {
        self.edits.to_new(self.line_ends.to_new(self.decoded.to_new(at)))
    }

    pub fn span_to_original(&self, span: Span) -> Span {
        Span::new(self.to_original(span.start), self.to_original(span.end))
    }

    pub fn span_to_normalised(&self, span: Span) -> Span {
        Span::new(self.to_normalised(span.start), self.to_normalised(span.end))
    }

    /// Nothing was changed on the way in: spans need no mapping.
    pub fn is_verbatim(&self) -> bool {
        self.decoded.is_identity() && self.line_ends.is_identity() && self.edits.is_identity()
    }

    /// Read `loaded` with this text: its place entries applied to the text
    /// (spans still map to the file's bytes), the rest kept for [`Input::read`].
    pub fn attach_fixes(&mut self, mut loaded: crate::corrections::Loaded) {
        let (text, edits, applied, diagnostics) =
            crate::corrections::place::apply(&self.text, &loaded.entries, |at| self.to_normalised(at), |at| self.to_original(at));
        self.text = text;
        self.line_starts = std::sync::OnceLock::new();
        self.edits = edits;
        loaded.applied = applied;
        loaded.diagnostics.extend(diagnostics);
        self.fixes = Some(loaded);
    }

    /// Read in `notation`; every span in the result points at the original
    /// bytes, and what reading the bytes found comes first among the diagnostics.
    pub fn read(&self, notation: Reader, given: &Given) -> Source {
        let mut source = notation::read_given(notation, &self.path, &self.text, given);
        source.name.clone_from(&self.name);
        if !self.is_verbatim() {
            for_each_span(&mut source, |s| *s = self.span_to_original(*s));
        }
        source.diagnostics.splice(0..0, self.findings.iter().cloned());
        if let Some(fixes) = &self.fixes {
            crate::corrections::apply_to_source(&mut source, fixes);
        }
        source
    }

    /// The reader that reads this file game by game, `notation` detected
    /// where it is `Auto`: `None` when the file is read whole (positions were
    /// given, or the reader does not hand its games on). `check`, `check
    /// --coverage` and `convert --to pdn` ask this one question.
    pub fn game_by_game(&self, notation: Reader, given: &Given) -> Option<Reader> {
        let detected = self.resolved(notation);
        (given.positions.is_empty() && self.streams(detected)).then_some(detected)
    }

    /// Does `notation` hand this text's games on one at a time in
    /// [`Input::read_visiting`]? PDN, SGF, numeric text, Lasca, Hoyle, Go
    /// records, Paterson's written form and pages of specimens do, and the
    /// 1852 book book by book; the book's page of specimens (cross-checked against the
    /// book's columns) is read whole.
    pub fn streams(&self, notation: Reader) -> bool {
        match notation {
            Reader::Pdn | Reader::Sgf | Reader::Numeric | Reader::Lasca | Reader::Hoyle | Reader::Anderson | Reader::Go => true,
            Reader::Paterson => notation::paterson::looks_written(&self.text) || !notation::anderson::looks_like(&self.text),
            _ => false,
        }
    }

    /// As `read`, but a PDN, SGF, numeric, Lasca, Hoyle, Go record, Paterson
    /// or Anderson text's games are handed to `visit` one at a time, spans already in the
    /// original bytes, and not kept: the source comes back without games, so
    /// checking a large file needs memory for one game, not for its whole
    /// tree. The 1852 text, Hoyle, Lasca and pages of specimens hand on each
    /// stretch's diagnostics, unread text and notes as well
    /// ([`Streamed::Parts`]), and what reading the bytes found goes first, the
    /// same way; what is not handed on comes back in the source. Other notations are read whole and their games visited.
    pub fn read_visiting(&self, notation: Reader, given: &Given, visit: &mut dyn FnMut(Streamed)) -> Source {
        let notation = self.resolved(notation);
        // Corrections are applied to the whole tree, so a corrected source is read whole.
        if self.fixes.is_some() || !self.streams(notation) {
            let mut source = self.read(notation, given);
            std::mem::take(&mut source.games).into_iter().map(Streamed::Game).for_each(visit);
            return source;
        }
        if !self.findings.is_empty() {
            visit(Streamed::Parts(Source { name: self.name.clone(), diagnostics: self.findings.clone(), ..Source::default() }));
        }
        let mut handed_on = |mut part: Streamed| {
            if !self.is_verbatim() {
                match &mut part {
                    Streamed::Game(game) => for_each_game_span(game, |s| *s = self.span_to_original(*s)),
                    Streamed::Parts(parts) => for_each_span(parts, |s| *s = self.span_to_original(*s)),
                }
            }
            visit(part);
        };
        let mut game = |game: Game| handed_on(Streamed::Game(game));
        let mut source = match notation {
            Reader::Pdn => notation::pdn::read_streamed(&self.name, &self.text, &mut game),
            Reader::Sgf => notation::sgf::read_streamed(&self.name, &self.text, &mut game),
            Reader::Numeric => notation::numeric::read_streamed(&self.name, &self.text, &notation::numeric::ReadOptions::default(), &mut game),
            Reader::Paterson if notation::paterson::looks_written(&self.text) => notation::paterson::read_written_streamed(&self.name, &self.text, &mut game),
            Reader::Paterson => notation::paterson::read_specimens_streamed(&self.name, &self.text, &mut handed_on),
            Reader::Lasca => notation::lasca::read_streamed(&self.name, &self.text, &mut handed_on),
            Reader::Go => notation::go_record::read_streamed(&self.name, &self.text, &mut game),
            Reader::Hoyle => {
                let opts = notation::hoyle::HoyleOptions { starts: given.positions.clone(), infer: true, ..Default::default() };
                notation::hoyle::read_hoyle_streamed(&self.name, &self.text, &opts, &mut handed_on, |_| {})
            }
            Reader::Anderson => notation::anderson::read_streamed(&self.name, &self.text, &mut handed_on),
            // Not reached (`streams` names only the readers above); read whole all the same.
            _ => {
                let mut source = self.read(notation, given);
                source.diagnostics.drain(..self.findings.len());
                std::mem::take(&mut source.games).into_iter().map(Streamed::Game).for_each(handed_on);
                return source;
            }
        };
        if !self.is_verbatim() {
            for_each_span(&mut source, |s| *s = self.span_to_original(*s));
        }
        source
    }

    /// As [`Input::read_visiting`], for a check that wants only what it
    /// counts: a reader that can replay a game move by move (SGF) hands its
    /// games on counted ([`Checked::Counted`]), their moves not kept, so one
    /// long game is checked in the memory of its boards; the others hand on
    /// what `read_visiting` does.
    pub fn read_counting(&self, notation: Reader, given: &Given, visit: &mut dyn FnMut(Checked)) -> Source {
        self.read_counted(self.resolved(notation), given, false, visit)
    }

    /// As [`Input::read_counting`], an SGF game also handed on piece by piece
    /// as it is read ([`GamePiece`]: the game `read_visiting` would hand on,
    /// which no one holds), then counted. A text whose games cannot be
    /// handed on so exactly (see [`notation::sgf::pieces_are_exact`]) has
    /// them all come whole, as from [`Input::read_visiting`]; so has every
    /// other reader's.
    pub fn read_in_pieces(&self, notation: Reader, given: &Given, visit: &mut dyn FnMut(Checked)) -> Source {
        let notation = self.resolved(notation);
        if notation == Reader::Sgf && !notation::sgf::pieces_are_exact(&self.text) {
            return self.read_visiting(notation, given, &mut |part| visit(Checked::Part(part)));
        }
        self.read_counted(notation, given, true, visit)
    }

    /// The reader `notation` names, the one the text looks like for `Auto`.
    fn resolved(&self, notation: Reader) -> Reader {
        if notation == Reader::Auto { Reader::detect(&self.path, &self.text) } else { notation }
    }

    /// An SGF text counted, handing on pieces if `pieces`; any other read a game at a time.
    fn read_counted(&self, notation: Reader, given: &Given, pieces: bool, visit: &mut dyn FnMut(Checked)) -> Source {
        if notation != Reader::Sgf || self.fixes.is_some() || !self.streams(notation) {
            return self.read_visiting(notation, given, &mut |part| visit(Checked::Part(part)));
        }
        if !self.findings.is_empty() {
            visit(Checked::Part(Streamed::Parts(Source { name: self.name.clone(), diagnostics: self.findings.clone(), ..Source::default() })));
        }
        let to_original = |s: &mut Span| *s = self.span_to_original(*s);
        let verbatim = self.is_verbatim();
        let mut source = notation::sgf::count_streamed_with(&self.name, &self.text, pieces, |part| {
            visit(match part {
                CountedPart::Game(mut counted) => {
                    if !verbatim {
                        for_each_game_span(&mut counted.head, to_original);
                    }
                    Checked::Counted(*counted)
                }
                CountedPart::Piece(mut piece) => {
                    if !verbatim {
                        for_each_piece_span(&mut piece, to_original);
                    }
                    Checked::Piece(piece)
                }
            });
        });
        if !verbatim {
            for_each_span(&mut source, to_original);
        }
        source
    }

    /// Render diagnostics whose spans point at the original bytes, with the
    /// normalised text as the snippet (a lone CR would otherwise make the
    /// whole file one line).
    pub fn render(&self, diags: &[Diagnostic], color: bool) -> String {
        let mut out = String::new();
        self.render_each(diags.iter(), color, |one| out.push_str(one));
        out
    }

    /// As [`Input::render`], each diagnostic's drawing handed to `each` as it
    /// is made (a large file's diagnostics are not drawn into one string).
    pub fn render_each<'a>(&self, diags: impl Iterator<Item = &'a Diagnostic> + Clone, color: bool, mut each: impl FnMut(&str)) {
        let ours = diags.clone().filter(|d| d.file.is_none()).map(|d| {
            let mut d = d.clone();
            d.span = self.span_to_normalised(d.span);
            d
        });
        let mut ours = ours.peekable();
        if ours.peek().is_some() {
            let lines = self.line_starts.get_or_init(|| diagnostic::LineStarts::new(&self.text));
            diagnostic::render_each_on(ours, &self.name, &self.text, lines, color, &mut each);
        }
        // Diagnostics about the corrections file are drawn from its own text.
        if let Some(fixes) = &self.fixes {
            diagnostic::render_each(diags.filter(|d| d.file.is_some()).cloned(), &fixes.name, &fixes.text, color, &mut each);
        }
    }
}

/// Every span of a source: games, lines, moves, repairs, annotations, results,
/// unread text, diagnostics.
pub fn for_each_span(source: &mut Source, mut f: impl FnMut(&mut Span)) {
    for game in &mut source.games {
        for_each_game_span(game, &mut f);
    }
    source.unread.iter_mut().for_each(|u| f(&mut u.span));
    for note in &mut source.notes {
        f(&mut note.span);
        if let Some(line) = &mut note.line {
            f(&mut line.span);
            line.moves.iter_mut().for_each(|m| f(&mut m.span));
        }
    }
    // A corrections file's diagnostics point into that file, not the source.
    source.diagnostics.iter_mut().filter(|d| d.file.is_none()).for_each(|d| f(&mut d.span));
    for prose in &mut source.prose {
        f(&mut prose.span);
        prose.points.iter_mut().for_each(|p| f(&mut p.span));
    }
}

/// Every span of one game: the game, its lines, moves, repairs, annotations,
/// results, unread text and contributors, a study's task, and the Go data's
/// nodes, count and result.
pub fn for_each_game_span(game: &mut Game, mut f: impl FnMut(&mut Span)) {
    for_each_head_span(game, &mut f);
    for line in &mut game.lines {
        for_each_line_span(line, &mut f);
        line.moves.iter_mut().for_each(|m| for_each_move_span(m, &mut f));
    }
}

/// The spans of a game's own (not its lines').
fn for_each_head_span(game: &mut Game, mut f: impl FnMut(&mut Span)) {
    f(&mut game.span);
    if let Some(span) = game.go.as_mut().and_then(|go| go.result_span.as_mut()) {
        f(span);
    }
    if let Some((_, span)) = game.study.as_mut().and_then(|study| study.task.as_mut()) {
        f(span);
    }
    game.pages.iter_mut().for_each(|p| f(&mut p.span));
}

/// The spans of a line's own (not its moves').
fn for_each_line_span(line: &mut Line, mut f: impl FnMut(&mut Span)) {
    f(&mut line.span);
    if let Some(contributor) = &mut line.contributor {
        f(&mut contributor.span);
    }
    line.similar.iter_mut().for_each(|s| f(&mut s.span));
    if let Some(r) = &mut line.stated_result {
        f(&mut r.span);
    }
    if let Some(u) = &mut line.unread {
        f(&mut u.span);
    }
    line.annotations.iter_mut().for_each(|a| f(&mut a.span));
    if let Some(go) = &mut line.go {
        go.after.iter_mut().for_each(|n| f(&mut n.span));
        if let Some(count) = &mut go.expected_count {
            f(&mut count.span);
        }
    }
}

fn for_each_move_span(m: &mut MoveNode, mut f: impl FnMut(&mut Span)) {
    f(&mut m.span);
    if let Some(r) = &mut m.repair {
        r.edits.iter_mut().for_each(|e| f(&mut e.span));
    }
    m.annotations.iter_mut().for_each(|a| f(&mut a.span));
    if let Some(go) = &mut m.go {
        go.before_mut().iter_mut().for_each(|n| f(&mut n.span));
    }
}

/// Every span of a piece of a game, as [`for_each_game_span`] reaches them in the whole game.
pub fn for_each_piece_span(piece: &mut GamePiece, f: impl FnMut(&mut Span)) {
    match piece {
        GamePiece::Begins(game) | GamePiece::Ends(game) => for_each_game_span(game, f),
        GamePiece::LineBegins(line) | GamePiece::LineEnds(line) => for_each_line_span(line, f),
        GamePiece::Move(m) => for_each_move_span(m, f),
    }
}


/// The bytes of a path, or of standard input for `-`.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    if path == Path::new(STDIN) {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(format!("standard input is over {MAX_FILE_BYTES} bytes; larger inputs are refused"));
        }
        return Ok(bytes);
    }
    let meta = fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!("{} is {} bytes; files over {MAX_FILE_BYTES} bytes are refused", path.display(), meta.len()));
    }
    fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// A path (or `-`) read into text, with the corrections file beside it, if any.
pub fn read_input(path: &Path) -> Result<Input, String> {
    read_input_with(path, &crate::corrections::FixesChoice::Auto)
}

/// A path (or `-`) read into text, with the corrections file `fixes` chooses;
/// `Err` when either cannot be read.
pub fn read_input_with(path: &Path, fixes: &crate::corrections::FixesChoice) -> Result<Input, String> {
    let mut input = Input::from_owned_bytes(path, read_bytes(path)?);
    if let Some(file) = crate::corrections::locate(path, fixes) {
        input.attach_fixes(crate::corrections::Loaded::read(&file)?);
    }
    Ok(input)
}

/// A path (or `-`) read in `notation`: the tree (spans in the original bytes)
/// and the input, which renders its diagnostics.
pub fn read_source(path: &Path, notation: Reader, given: &Given) -> Result<(Source, Input), String> {
    let input = read_input_with(path, &given.fixes)?;
    let source = input.read_with_positions(notation, given);
    Ok((source, input))
}

impl Input {
    /// Every game of the file, in the source's order, to `game`, and every
    /// diagnostic outside the games to `diagnostics`: a game at a time where
    /// the reader hands its games on ([`Input::game_by_game`]), so that no
    /// tree is held; else from the tree read whole.
    pub fn each_game(&self, notation: Reader, given: &Given, game: &mut dyn FnMut(&Game), diagnostics: &mut dyn FnMut(&[Diagnostic])) {
        let Some(detected) = self.game_by_game(notation, given) else {
            let source = self.read_with_positions(notation, given);
            source.games.iter().for_each(&mut *game);
            return diagnostics(&source.diagnostics);
        };
        let rest = self.read_visiting(detected, given, &mut |part| match part {
            Streamed::Game(g) => game(&g),
            Streamed::Parts(parts) => {
                diagnostics(&parts.diagnostics);
                parts.games.iter().for_each(&mut *game);
            }
        });
        rest.games.iter().for_each(&mut *game);
        diagnostics(&rest.diagnostics);
    }

    /// As `read`, with a warning when positions were given for a file that is
    /// not Hoyle's (they would otherwise pass unnoticed).
    pub fn read_with_positions(&self, notation: Reader, given: &Given) -> Source {
        let input = self;
        let mut source = input.read(notation, given);
        if !given.positions.is_empty() && source.notation != crate::tree::Notation::Hoyle {
        let first = input.text.chars().next().map_or(0, char::len_utf8);
        source.diagnostics.insert(
            0,
            Diagnostic::warning(
                Code::InputPositionUnused,
                format!("positions given with --position serve Hoyle's solutions; this file was read as {}", source.notation),
                input.span_to_original(Span::new(0, first)),
            ),
        );
        }
        source
    }
}


/// The corpus files of the project (`corpus/`, `tests/corpus/`) small enough
/// to read twice in a unit test: the 1852 book (150 KB, read whole anyway
/// with its corrections file) is left to the integration tests.
#[cfg(test)]
pub(crate) fn small_corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = collect_files(&[root.join("corpus"), root.join("tests/corpus")]).expect("the corpus");
    files.into_iter().filter(|f| std::fs::metadata(f).is_ok_and(|m| m.len() < 64 * 1024)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(bytes: &[u8]) -> Input {
        Input::from_bytes(Path::new("t.txt"), bytes)
    }

    #[test]
    fn line_endings_all_become_lf_and_map_back() {
        let crlf = input(b"ab\r\ncd\r\n\r\nef");
        assert_eq!(crlf.text, "ab\ncd\n\nef");
        let cr = input(b"ab\rcd\r\ref");
        assert_eq!(cr.text, "ab\ncd\n\nef");
        assert!(cr.line_ends.is_identity(), "a lone CR keeps its width");
        // `e` is byte 7 of the normalised text, byte 10 of the CRLF file.
        assert_eq!(crlf.to_original(7), 10);
        assert_eq!(crlf.to_normalised(10), 7);
        for at in 0..=crlf.text.len() {
            assert_eq!(crlf.to_normalised(crlf.to_original(at)), at);
        }
        // The LF of a CRLF belongs with its CR.
        assert_eq!(crlf.to_normalised(3), 3);
    }

    #[test]
    fn diagnostics_drawn_part_by_part_read_as_drawn_at_once() {
        // `check` draws a file's diagnostics a game at a time, with the line
        // starts found once for the file: each part must name the same lines.
        let i = input(b"first\r\nsecond line\r\n\r\nthird\r\nfourth");
        let spans = [(7, 13), (0, 5), (29, 35), (22, 27)];
        let diags: Vec<Diagnostic> = spans.iter().map(|&(a, b)| Diagnostic::error(Code::InputBom, "here", Span::new(a, b)).with_label("this")).collect();
        let whole = i.render(&diags, false);
        let parts: String = diags.chunks(1).map(|part| i.render(part, false)).collect();
        assert_eq!(parts, whole);
        for line in ["t.txt:2:1", "t.txt:1:1", "t.txt:5:1", "t.txt:4:1"] {
            assert!(whole.contains(line), "{line} not in {whole}");
        }
    }

    #[test]
    fn utf8_bytes_become_the_text_without_a_copy() {
        // `check` on a large file would otherwise hold it twice at its peak.
        let files = [("t.sgf", "(;GM[1];B[aa])"), ("t.pdn", "[Event \"é\"]\r\n1. 11-15 *\r\n"), ("t.sgf", "(;CA[UTF-8]C[é]\r;B[aa])")];
        for (path, bytes) in files.map(|(p, t)| (p, t.as_bytes())) {
            let owned = bytes.to_vec();
            let buffer = owned.as_ptr();
            let i = Input::from_owned_bytes(Path::new(path), owned);
            assert_eq!(i.text.as_ptr(), buffer, "{:?} was copied", String::from_utf8_lossy(bytes));
            assert!(!i.text.contains('\r'));
        }
    }

    #[test]
    fn bom_is_dropped_and_recorded() {
        let i = input(b"\xEF\xBB\xBF[Event \"x\"]\r\n");
        assert_eq!(i.text, "[Event \"x\"]\n");
        assert_eq!(i.findings[0].code, "input::bom");
        assert_eq!(i.findings[0].span, Span::new(0, 3));
        assert_eq!(i.to_original(0), 3);
        // The end of the text is the end of the file (after CR LF).
        assert_eq!(i.to_original(12), 16);
        assert_eq!(i.to_normalised(0), 0);
    }

    #[test]
    fn invalid_utf8_span_covers_the_whole_bad_sequence() {
        let i = input(b"ab\xE2\x82cd\xFFe");
        assert_eq!(i.text, "ab\u{FFFD}cd\u{FFFD}e");
        let d = &i.findings[0];
        assert_eq!(d.code, "input::not-utf8");
        assert_eq!(d.span, Span::new(2, 4));
        assert!(d.message.contains("2 places"), "{}", d.message);
        // The replacement character spans the two bad bytes.
        assert_eq!(i.span_to_original(Span::new(2, 5)), Span::new(2, 4));
        assert_eq!(i.span_to_normalised(d.span), Span::new(2, 5));
        assert_eq!(i.to_original(5), 4);
        assert_eq!(i.to_original(10), 7);
    }

    #[test]
    fn utf16_is_decoded_with_offsets_in_the_file() {
        let mut le = vec![0xFF, 0xFE];
        for u in "a\r\né".encode_utf16() {
            le.extend(u.to_le_bytes());
        }
        let i = input(&le);
        assert_eq!(i.text, "a\né");
        assert_eq!(i.encoding, Encoding::Utf16Le);
        // `é` starts after BOM (2) + `a` (2) + CR LF (4).
        assert_eq!(i.to_original(2), 8);
        assert_eq!(i.to_original(4), 10);
        let mut be = vec![0xFE, 0xFF];
        for u in "xy".encode_utf16() {
            be.extend(u.to_be_bytes());
        }
        assert_eq!(input(&be).text, "xy");
    }

    #[test]
    fn lasca_hoyle_anderson_and_go_records_are_handed_on_as_read_whole() {
        // Repeated twice, with CRLF line ends, so spans are mapped on the way out
        // (the 1852 text twice is two books, each handed on with its diagnostics;
        // a Go record twice is two records, two games).
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let files = [(Reader::Lasca, "tests/corpus/verdicts/lasca.txt"), (Reader::Hoyle, "tests/corpus/verdicts/hoyle.txt"), (Reader::Anderson, "corpus/anderson-1852-ocr.txt"), (Reader::Go, "corpus/go/diagram-10.wq")];
        for (reader, file) in files {
            let text = fs::read_to_string(dir.join(file)).unwrap();
            let twice = format!("{0}\n\n{0}", text.trim_end()).replace('\n', "\r\n");
            let input = Input::from_text(Path::new(file), &twice);
            assert!(input.streams(reader));
            let whole = input.read(reader, &Given::default());
            let mut kept = None;
            let streamed = Source::gathered(|visit| {
                let rest = input.read_visiting(reader, &Given::default(), visit);
                kept = Some(rest.games.len());
                rest
            });
            assert!(whole.games.len() >= 2, "{file}: {} games", whole.games.len());
            assert_eq!(kept, Some(0), "{file}: the games were handed on, not kept");
            assert_eq!(streamed, whole, "{file}: games, unread text, notes and diagnostics as read whole");
        }
    }

    #[test]
    fn binary_is_not_text() {
        assert!(looks_like_text(b"11-15 23-19\n"));
        assert!(looks_like_text("平 c 4\n".as_bytes()));
        assert!(!looks_like_text(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"));
        let noise: Vec<u8> = (0..3000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        assert!(!looks_like_text(&noise));
    }

    #[test]
    fn an_empty_folder_is_an_error() {
        let dir = std::env::temp_dir().join(format!("gamescribe-empty-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let got = collect(std::slice::from_ref(&dir));
        let _ = fs::remove_dir(&dir);
        assert!(got.is_err());
        assert!(collect(&[PathBuf::from("/no/such/path/at/all")]).is_err());
    }
}
