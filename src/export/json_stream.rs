//! The JSON of `check --format json` written as it is made: a source's games
//! one at a time, each serialized straight into the output, so a large file
//! needs memory for one game's tree, not for its text nor for the whole document. The bytes are those of
//! [`super::to_json`] over the list of sources (a test keeps them so).

use crate::tree::{Game, GamePiece, Notation, Source};
use serde::Serialize;
use std::io::{self, Write};

/// Indentation of a game inside `[ { "games": [ … ] } ]`, of a line inside
/// a game, and of a move inside a line.
const GAME_INDENT: usize = 6;
const LINE_INDENT: usize = GAME_INDENT + 4;
const MOVE_INDENT: usize = LINE_INDENT + 4;

/// Writes a list of sources to `out`, each opened, fed games, and closed in
/// turn. It keeps only where it is in the document, so the caller may write
/// elsewhere between calls.
pub struct JsonSources<W: Write> {
    pub out: W,
    sources: usize,
    games_in_source: usize,
    open: bool,
    /// A game being written piece by piece: whether one (and a line of it)
    /// is open, its lines so far, and the moves of the line open (see [`JsonSources::piece`]).
    piece_open: (bool, bool),
    lines_in_game: usize,
    moves_in_line: usize,
}

impl<W: Write> JsonSources<W> {
    pub fn new(out: W) -> JsonSources<W> {
        JsonSources { out, sources: 0, games_in_source: 0, open: false, piece_open: (false, false), lines_in_game: 0, moves_in_line: 0 }
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
        debug_assert!(!self.piece_open.0, "a whole game inside one written in pieces");
        self.out.write_all(if self.games_in_source == 0 { b"\n" } else { b",\n" })?;
        self.out.write_all(" ".repeat(GAME_INDENT).as_bytes())?;
        // Straight into the output: one huge game (a long Go record) is never held as text.
        write_pretty(&mut self.out, game, GAME_INDENT)?;
        self.games_in_source += 1;
        Ok(())
    }

    /// One piece of a game handed on as it is read (see [`GamePiece`]): the
    /// game comes out as [`JsonSources::game`] writes it whole. What comes
    /// before and after a game's lines (a line's moves) is what serde writes
    /// of the game (the line) with none, cut where the empty list stands.
    pub fn piece(&mut self, piece: &GamePiece) -> io::Result<()> {
        // The pieces of a game come in the order of its tree, inside an open source.
        let (game_open, line_open) = self.piece_open;
        let in_order = self.open
            && match piece {
                GamePiece::Begins(_) => !game_open,
                GamePiece::LineBegins(_) => game_open && !line_open,
                GamePiece::Move(_) | GamePiece::LineEnds(_) => line_open,
                GamePiece::Ends(_) => game_open && !line_open,
            };
        debug_assert!(in_order, "a piece out of order: {piece:?}");
        self.piece_open = match piece {
            GamePiece::Begins(_) | GamePiece::LineEnds(_) => (true, false),
            GamePiece::LineBegins(_) | GamePiece::Move(_) => (true, true),
            GamePiece::Ends(_) => (false, false),
        };
        match piece {
            GamePiece::Begins(game) => {
                self.out.write_all(if self.games_in_source == 0 { b"\n" } else { b",\n" })?;
                self.out.write_all(" ".repeat(GAME_INDENT).as_bytes())?;
                let (before, _) = around_list(game.as_ref(), GAME_INDENT, "lines")?;
                self.out.write_all(before.as_bytes())?;
                self.lines_in_game = 0;
            }
            GamePiece::LineBegins(line) => {
                self.out.write_all(if self.lines_in_game == 0 { b"\n" } else { b",\n" })?;
                self.out.write_all(" ".repeat(LINE_INDENT).as_bytes())?;
                let (before, _) = around_list(line, LINE_INDENT, "moves")?;
                self.out.write_all(before.as_bytes())?;
                self.moves_in_line = 0;
            }
            GamePiece::Move(m) => {
                self.out.write_all(if self.moves_in_line == 0 { b"\n" } else { b",\n" })?;
                self.out.write_all(" ".repeat(MOVE_INDENT).as_bytes())?;
                write_pretty(&mut self.out, m, MOVE_INDENT)?;
                self.moves_in_line += 1;
            }
            GamePiece::LineEnds(line) => {
                debug_assert!(line.moves.is_empty(), "a line's moves come as pieces of their own");
                let (_, after) = around_list(line, LINE_INDENT, "moves")?;
                self.close_list(self.moves_in_line, LINE_INDENT)?;
                self.out.write_all(after.as_bytes())?;
                self.lines_in_game += 1;
            }
            GamePiece::Ends(game) => {
                debug_assert!(game.lines.is_empty(), "a game's lines come as pieces of their own");
                let (_, after) = around_list(game.as_ref(), GAME_INDENT, "lines")?;
                self.close_list(self.lines_in_game, GAME_INDENT)?;
                self.out.write_all(after.as_bytes())?;
                self.games_in_source += 1;
            }
        }
        Ok(())
    }

    /// The `]` of a list of `items` items in an object placed `indent` in.
    fn close_list(&mut self, items: usize, indent: usize) -> io::Result<()> {
        if items == 0 {
            return self.out.write_all(b"]");
        }
        write!(self.out, "\n{}]", " ".repeat(indent + 2))
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

/// The pretty JSON of `value` (an object whose list field `key` is empty)
/// placed `indent` in: up to and with the list's `[`, and from after its `]`.
fn around_list<T: Serialize>(value: &T, indent: usize, key: &str) -> io::Result<(String, String)> {
    let mut whole = Vec::new();
    write_pretty(&mut whole, value, indent)?;
    let whole = String::from_utf8(whole).map_err(io::Error::other)?;
    // The object's own key, one step in from its braces (a key nested deeper has more spaces).
    let empty_list = format!("\n{}\"{key}\": []", " ".repeat(indent + 2));
    let at = whole.find(&empty_list).ok_or_else(|| io::Error::other(format!("no empty {key:?} list to write around")))?;
    let open = at + empty_list.len() - 1;
    Ok((whole[..open].to_string(), whole[open + 1..].to_string()))
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

    /// A game handed on piece by piece, as a reader that counts hands it on.
    fn pieces_of(game: &Game) -> Vec<GamePiece> {
        let mut pieces = vec![GamePiece::Begins(Box::new(Game { lines: Vec::new(), ..game.clone() }))];
        for line in &game.lines {
            pieces.push(GamePiece::LineBegins(Box::new(crate::tree::Line { moves: Vec::new(), ..line.clone() })));
            pieces.extend(line.moves.iter().cloned().map(GamePiece::Move));
            pieces.push(GamePiece::LineEnds(Box::new(crate::tree::Line { moves: Vec::new(), ..line.clone() })));
        }
        pieces.push(GamePiece::Ends(Box::new(Game { lines: Vec::new(), ..game.clone() })));
        pieces
    }

    #[test]
    fn a_game_in_pieces_is_written_as_the_whole_game() {
        // Games of no line, an empty line, one move, and two lines of two moves; two games in a source.
        let read = |text: &str| notation::read(Reader::Sgf, Path::new("t.sgf"), text).games;
        let mut games = vec![Game { lines: Vec::new(), ..Game::default() }];
        games.extend(read("(;SZ[5])(;SZ[5];B[aa])(;SZ[5]C[root];B[aa];W[bb](;B[cc];W[dd])(;AB[ee]C[x];B[de]))"));
        for pair in games.windows(2) {
            let (mut whole, mut in_pieces) = (JsonSources::new(Vec::new()), JsonSources::new(Vec::new()));
            for doc in [&mut whole, &mut in_pieces] {
                doc.begin_source("t.sgf", Notation::Sgf).unwrap();
            }
            for game in pair {
                whole.game(game).unwrap();
                pieces_of(game).iter().for_each(|p| in_pieces.piece(p).unwrap());
            }
            for doc in [&mut whole, &mut in_pieces] {
                doc.end_source(&Source::default()).unwrap();
            }
            let (whole, in_pieces) = (String::from_utf8(whole.finish().unwrap()).unwrap(), String::from_utf8(in_pieces.finish().unwrap()).unwrap());
            assert_eq!(in_pieces, whole);
            assert!(serde_json::from_str::<serde_json::Value>(&in_pieces).is_ok());
        }
    }

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
