//! The JSON of `check --format json` written as it is made: a source's games
//! one at a time, each serialized straight into the output, so a large file
//! needs memory for one game's tree, not for its text nor for the whole document. The bytes are those of
//! [`super::to_json`] over the list of sources (a test keeps them so).

use crate::tree::{Game, Notation, Source};
use serde::Serialize;
use std::io::{self, Write};

/// Indentation of a game inside `[ { "games": [ … ] } ]`.
const GAME_INDENT: usize = 6;

/// Writes a list of sources to `out`, each opened, fed games, and closed in
/// turn. It keeps only where it is in the document, so the caller may write
/// elsewhere between calls.
pub struct JsonSources<W: Write> {
    pub out: W,
    sources: usize,
    games_in_source: usize,
    open: bool,
}

impl<W: Write> JsonSources<W> {
    pub fn new(out: W) -> JsonSources<W> {
        JsonSources { out, sources: 0, games_in_source: 0, open: false }
    }

    /// Start a source: its name and notation, and its list of games.
    pub fn begin_source(&mut self, name: &str, notation: Notation) -> io::Result<()> {
        debug_assert!(!self.open, "a source is still open");
        self.out.write_all(if self.sources == 0 { b"[\n" } else { b",\n" })?;
        write!(self.out, "  {{\n    \"name\": {},\n    \"notation\": {},\n    \"games\": [", json(name)?, json(&notation)?)?;
        self.sources += 1;
        self.games_in_source = 0;
        self.open = true;
        Ok(())
    }

    pub fn game(&mut self, game: &Game) -> io::Result<()> {
        self.out.write_all(if self.games_in_source == 0 { b"\n" } else { b",\n" })?;
        self.out.write_all(" ".repeat(GAME_INDENT).as_bytes())?;
        // Straight into the output: one huge game (a long Go record) is never held as text.
        write_pretty(&mut self.out, game, GAME_INDENT)?;
        self.games_in_source += 1;
        Ok(())
    }

    /// Close a source with what only the end of its reading knows: its
    /// unread text and diagnostics (its games were given one by one).
    pub fn end_source(&mut self, source: &Source) -> io::Result<()> {
        if self.games_in_source > 0 {
            self.out.write_all(b"\n    ]")?;
        } else {
            self.out.write_all(b"]")?;
        }
        // Every field after the games, as `Source` serializes them (in its
        // order, under its names, left out when empty): a field added to
        // `Source` must be placed here. Written as they are serialized, not copied.
        let Source { name: _, notation: _, games: _, unread, notes, diagnostics, prose } = source;
        self.field("unread", unread)?;
        self.field("notes", notes)?;
        self.field("diagnostics", diagnostics)?;
        self.field("prose", prose)?;
        self.out.write_all(b"\n  }")?;
        self.open = false;
        Ok(())
    }

    /// One list field of an open source after its games, if it holds anything.
    fn field<T: Serialize>(&mut self, name: &str, items: &[T]) -> io::Result<()> {
        if items.is_empty() {
            return Ok(());
        }
        write!(self.out, ",\n    {}: ", json(name)?)?;
        write_pretty(&mut self.out, items, 4)
    }

    /// A whole source at once.
    pub fn source(&mut self, source: &Source) -> io::Result<()> {
        self.begin_source(&source.name, source.notation)?;
        for game in &source.games {
            self.game(game)?;
        }
        self.end_source(source)
    }

    /// Close the list (with the newline that ends the output).
    pub fn finish(mut self) -> io::Result<W> {
        self.out.write_all(if self.sources == 0 { b"[]\n" } else { b"\n]\n" })?;
        self.out.flush()?;
        Ok(self.out)
    }
}

fn json<T: Serialize + ?Sized>(value: &T) -> io::Result<String> {
    serde_json::to_string(value).map_err(io::Error::other)
}

/// Pretty JSON of `value` placed `indent` spaces in, written as the printer
/// makes it: every line but the first (which follows its key, or padding the
/// caller wrote) moved right.
fn write_pretty<T: Serialize + ?Sized>(out: &mut impl Write, value: &T, indent: usize) -> io::Result<()> {
    let pad = " ".repeat(indent);
    serde_json::to_writer_pretty(Indented { out, pad: pad.as_bytes() }, value).map_err(io::Error::other)
}

/// A writer that follows every newline with `pad`. JSON strings hold no raw
/// newline (and no UTF-8 sequence holds the byte), so the newlines are the printer's own.
struct Indented<'a, W: Write> {
    out: &'a mut W,
    pad: &'a [u8],
}

impl<W: Write> Write for Indented<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut rest = buf;
        while let Some(at) = rest.iter().position(|&b| b == b'\n') {
            self.out.write_all(&rest[..=at])?;
            self.out.write_all(self.pad)?;
            rest = &rest[at + 1..];
        }
        self.out.write_all(rest)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{self, Given, Reader};
    use std::path::Path;

    fn streamed(sources: &[Source]) -> String {
        let mut w = JsonSources::new(Vec::new());
        for s in sources {
            w.source(s).unwrap();
        }
        String::from_utf8(w.finish().unwrap()).unwrap()
    }

    #[test]
    fn pretty_json_is_indented_as_it_is_written() {
        let mut out = Vec::new();
        write_pretty(&mut out, &vec![("a\nb", 1)], 3).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "[\n     [\n       \"a\\nb\",\n       1\n     ]\n   ]");
    }

    #[test]
    fn streamed_bytes_are_the_whole_document_s() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let files = ["tests/corpus/pdn/valid/annotated.pdn", "tests/corpus/numeric/valid/clean.txt", "corpus/lasca-1911-ocr.txt", "corpus/go/diagram-10.wq", "corpus/volpicelli-weichi.txt", "corpus/hoyle-draughts.txt"];
        let mut sources = Vec::new();
        for f in files {
            let path = dir.join(f);
            let text = std::fs::read_to_string(&path).unwrap();
            sources.push(notation::read_given(Reader::Auto, &path, &text, &Given::default()));
        }
        // Every field present and absent: a source with no game, no unread text, no diagnostic.
        sources.push(Source { name: "empty".into(), notation: crate::tree::Notation::Pdn, ..Source::default() });
        assert!(sources.iter().any(|s| !s.unread.is_empty()) && sources.iter().any(|s| !s.diagnostics.is_empty()) && sources.iter().any(|s| !s.prose.is_empty()) && sources.iter().any(|s| !s.notes.is_empty()));
        for k in 0..=sources.len() {
            let want = super::super::to_json(&sources[..k]).unwrap() + "\n";
            assert_eq!(streamed(&sources[..k]), want, "first {k} sources");
        }
    }
}
