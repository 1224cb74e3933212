//! A streaming check of PDN: every line replayed, nothing built. This is the
//! fast path for "is this file legal?"; `read` gives the tree and the
//! diagnostics when the answer is no.
//!
//! It follows the same rules as `syntax::GameParser` + `resolve` (where games
//! split, where a variation branches, what counts as one error), and a
//! property test checks that both find errors in exactly the same inputs.

use super::lex::{Lexeme, Lexer};
use super::{MAX_DEPTH, MAX_MOVES};
use super::continuation::paths_that_go_on;
use super::lex::Token;
use crate::rules::draughts::{parse_fen, resolve_among, Move, Position, ResolveError, Square};
use std::iter::Peekable;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub games: usize,
    pub moves: usize,
    /// Problems found; `read` reports the same ones with their places.
    pub errors: usize,
}

/// One open line.
#[derive(Default)]
struct Frame {
    /// Before each move played, and after the last; empty if the line has no
    /// position to start from.
    positions: Vec<Position>,
    /// Moves printed so far (played or not): where a variation branches.
    moves_seen: usize,
    /// A move failed; the rest of the line is unread.
    dead: bool,
    /// The line branches where its parent has no position: one error at its first move.
    orphan: bool,
}

impl Frame {
    fn reset(&mut self, start: Option<Position>) {
        self.positions.clear();
        self.positions.extend(start);
        self.moves_seen = 0;
        self.dead = false;
        self.orphan = false;
    }
}

/// The state of the game being read.
struct GameState {
    started: bool,
    /// Tags, comments or unread text: a game even without moves.
    content: bool,
    start_ok: bool,
    fen_seen: bool,
    game_type_seen: bool,
    depth: usize,
    /// Nesting of a variation skipped past `MAX_DEPTH`.
    skipping: usize,
    previous_junk: bool,
    /// Moves printed so far, variations included.
    moves: usize,
    /// Past `MAX_MOVES`: the rest of the game is passed over, one error.
    too_long: bool,
}

impl GameState {
    fn new() -> GameState {
        GameState { started: false, content: false, start_ok: true, fen_seen: false, game_type_seen: false, depth: 0, skipping: 0, previous_junk: false, moves: 0, too_long: false }
    }
}

/// Squares of a move lexeme (digits joined by `-`/`x`, then marks); `None` if
/// a number does not fit a byte (not a move at all, as `syntax` sees it). A
/// path longer than `out` is cut short: no legal move is that long.
fn squares(text: &[u8], out: &mut [u8; 16]) -> Option<usize> {
    let mut n = 0;
    let mut value = 0u32;
    let mut digits = false;
    for &b in text {
        if b.is_ascii_digit() {
            value = value * 10 + u32::from(b - b'0');
            if value > 255 {
                return None;
            }
            digits = true;
        } else if digits {
            if let Some(slot) = out.get_mut(n) {
                *slot = value as u8;
            } else {
                out[0] = 0;
            }
            n += 1;
            value = 0;
            digits = false;
            if !matches!(b, b'-' | b'x' | b'X') {
                break;
            }
        } else {
            break;
        }
    }
    if digits {
        if let Some(slot) = out.get_mut(n) {
            *slot = value as u8;
        } else {
            out[0] = 0;
        }
        n += 1;
    }
    // Square 0 does not exist, so a cut path never resolves.
    Some(n.min(out.len()))
}

/// The moves still to come on the line being read (at nesting `depth`), as
/// `syntax` would put them in that line: nested variations skipped, up to its
/// `)` or the end of the game.
fn rest_of_line(lexer: &Peekable<Lexer<'_>>, text: &str, depth: usize) -> Vec<Vec<u8>> {
    let mut ahead = lexer.clone();
    let mut nested = 0usize;
    let mut rest = Vec::new();
    let mut sq = [0u8; 16];
    while let Some(tok) = ahead.next() {
        match tok.lexeme {
            Lexeme::Tag { .. } | Lexeme::BadTag => break,
            Lexeme::RavOpen => nested += 1,
            // A stray `)` on the main line is unread text, not the line's end.
            Lexeme::RavClose if nested == 0 && depth > 0 => break,
            Lexeme::RavClose => nested = nested.saturating_sub(1),
            Lexeme::Result => {
                let ends_game = ahead.peek().is_none_or(|t: &Token| matches!(t.lexeme, Lexeme::Tag { .. } | Lexeme::BadTag));
                if !(tok.span.slice(text) == "*" && !ends_game && depth + nested == 0) {
                    break;
                }
            }
            Lexeme::Move if nested == 0 => {
                if let Some(n) = squares(tok.span.slice(text).as_bytes(), &mut sq) {
                    rest.push(sq[..n].to_vec());
                }
            }
            _ => {}
        }
    }
    rest
}

/// Replay every line of every game in `text`.
pub fn validate(text: &str) -> Stats {
    finish(validate_part(text).stats)
}

/// Rules that apply to a whole file, not to a part of it.
fn finish(mut stats: Stats) -> Stats {
    if stats.games == 0 {
        stats.errors += 1;
    }
    stats
}

/// `validate` on up to `parts` threads. The text is cut where a line starts a
/// tag; each part is checked on its own and the counts add up. A cut counts
/// only if the part before it ends cleanly (between games, not inside a
/// comment), so the sums equal `validate` exactly; otherwise the whole text is
/// checked in one piece.
pub fn validate_parallel(text: &str, parts: usize) -> Stats {
    let cuts = cut_points(text, parts);
    if cuts.len() <= 2 {
        return validate(text);
    }
    let results: Vec<Part> = std::thread::scope(|scope| {
        let handles: Vec<_> = cuts.windows(2).map(|w| {
            let piece = &text[w[0]..w[1]];
            scope.spawn(move || validate_part(piece))
        }).collect();
        // A panic in a worker is a bug; re-raise it rather than hide it.
        handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    });
    if results[..results.len() - 1].iter().any(|r| !r.ends_cleanly) {
        return validate(text);
    }
    let mut stats = Stats::default();
    for r in &results {
        stats.games += r.stats.games;
        stats.moves += r.stats.moves;
        stats.errors += r.stats.errors;
    }
    finish(stats)
}

/// Byte offsets 0, cuts..., len: each cut at a `[` that starts a line.
fn cut_points(text: &str, parts: usize) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut cuts = vec![0];
    for k in 1..parts.max(1) {
        let from = (bytes.len() * k / parts).max(cuts[cuts.len() - 1] + 1);
        if from >= bytes.len() {
            break;
        }
        let next = bytes[from..].windows(2).position(|w| w == b"\n[").map(|i| from + i + 1);
        match next {
            Some(cut) if cut < bytes.len() => cuts.push(cut),
            _ => break,
        }
    }
    cuts.push(bytes.len());
    cuts
}

/// The counts of one part, and whether a new part may begin where it ends.
struct Part {
    stats: Stats,
    ends_cleanly: bool,
}

fn validate_part(text: &str) -> Part {
    let mut v = PartState::new();
    let mut lexer = Lexer::new(text).peekable();
    while let Some(tok) = lexer.next() {
        if matches!(tok.lexeme, Lexeme::Tag { .. }) && v.g.started {
            v.stats.errors += usize::from(v.g.depth > 0 || v.g.skipping > 0);
            v.stats.games += 1;
            v.new_game();
        }
        if v.g.too_long {
            // As `syntax` passes it over: up to the result that ends the game.
            let ends_game = lexer.peek().is_none_or(|t| matches!(t.lexeme, Lexeme::Tag { .. } | Lexeme::BadTag));
            if tok.lexeme == Lexeme::Result && (ends_game || tok.span.slice(text) != "*") {
                v.stats.games += 1;
                v.new_game();
            }
            v.unterminated |= matches!(tok.lexeme, Lexeme::UnterminatedComment);
            continue;
        }
        if v.g.skipping > 0 {
            match tok.lexeme {
                Lexeme::RavOpen => v.g.skipping += 1,
                Lexeme::RavClose => v.g.skipping -= 1,
                _ => {}
            }
            continue;
        }
        let junk = std::mem::take(&mut v.g.previous_junk);
        match tok.lexeme {
            Lexeme::Tag { name, value } => v.tag(name.slice(text), value.slice(text)),
            Lexeme::Move => v.play(tok.span.slice(text), &lexer, text),
            Lexeme::RavOpen => v.open_variation(),
            Lexeme::RavClose => {
                if v.g.depth == 0 {
                    v.g.content = true;
                    v.stats.errors += 1;
                } else {
                    v.g.depth -= 1;
                }
            }
            Lexeme::Result => {
                let ends_game = lexer.peek().is_none_or(|t| matches!(t.lexeme, Lexeme::Tag { .. } | Lexeme::BadTag));
                if tok.span.slice(text) == "*" && !ends_game && v.g.depth == 0 {
                    continue;
                }
                v.stats.errors += usize::from(v.g.depth > 0);
                v.stats.games += 1;
                v.new_game();
            }
            Lexeme::MoveNumber | Lexeme::Nag | Lexeme::Comment { .. } => v.g.started = true,
            Lexeme::LineComment | Lexeme::Escape => v.g.content = true,
            Lexeme::BadTag | Lexeme::UnterminatedComment => {
                v.unterminated |= matches!(tok.lexeme, Lexeme::UnterminatedComment);
                v.g.content = true;
                v.stats.errors += 1;
            }
            Lexeme::Junk => {
                v.g.started = true;
                // A run of junk is one unread element and one error.
                v.stats.errors += usize::from(!junk);
                v.g.previous_junk = true;
            }
        }
    }
    let (mut stats, g) = (v.stats, v.g);
    // Tags after tags belong to the same game: a cut there would split it.
    let ends_cleanly = !v.unterminated && (g.started || !g.content);
    if g.started || g.content {
        stats.games += 1;
        stats.errors += usize::from(g.depth > 0 || g.skipping > 0);
    }
    Part { stats, ends_cleanly }
}

/// One part being validated: the counts so far, the game being read and its
/// open lines, and scratch space reused from move to move.
struct PartState {
    stats: Stats,
    /// A comment that never closes was met: no cut may follow it.
    unterminated: bool,
    // Frames are reused from game to game so a long file allocates little.
    frames: Vec<Frame>,
    g: GameState,
    legal: Vec<Move>,
    sq: [u8; 16],
}

impl PartState {
    fn new() -> PartState {
        let mut frames: Vec<Frame> = vec![Frame::default()];
        frames[0].reset(Some(Position::initial()));
        PartState { stats: Stats::default(), unterminated: false, frames, g: GameState::new(), legal: Vec::with_capacity(32), sq: [0u8; 16] }
    }

    fn new_game(&mut self) {
        self.g = GameState::new();
        self.frames[0].reset(Some(Position::initial()));
    }

    /// A tag: the first `FEN` sets the start, the first `GameType` must be 21
    /// (English draughts); a bad one is one error and the game is not replayed.
    fn tag(&mut self, name: &str, value: &str) {
        let g = &mut self.g;
        g.content = true;
        if !g.fen_seen && name.eq_ignore_ascii_case("FEN") {
            g.fen_seen = true;
            // The value is used as `read` uses it: unescaped (FEN has no quotes).
            let ok = if value.contains('\\') {
                let unescaped = value.replace("\\\"", "\"").replace("\\\\", "\\");
                parse_fen(&unescaped).ok().and_then(|s| Position::from_setup(s).ok())
            } else {
                parse_fen(value).ok().and_then(|s| Position::from_setup(s).ok())
            };
            match ok {
                Some(p) if g.start_ok => self.frames[0].reset(Some(p)),
                Some(_) => {}
                None => {
                    self.stats.errors += 1;
                    g.start_ok = false;
                }
            }
        } else if !g.game_type_seen && name == "GameType" {
            g.game_type_seen = true;
            if value.split(',').next().unwrap_or("").trim() != "21" {
                self.stats.errors += 1;
                g.start_ok = false;
            }
        }
        if !g.start_ok {
            self.frames[0].reset(None);
        }
    }

    /// A move on the open line: played if legal, else one error and the line
    /// is dead (its later moves are not judged).
    #[inline]
    fn play(&mut self, printed: &str, lexer: &Peekable<Lexer<'_>>, text: &str) {
        self.g.started = true;
        if self.g.moves == MAX_MOVES {
            // The rest of the game is one unread element, the variations open closing in it.
            self.stats.errors += 1;
            self.g.too_long = true;
            self.g.depth = 0;
            return;
        }
        self.g.moves += 1;
        let Some(n) = squares(printed.as_bytes(), &mut self.sq) else {
            self.stats.errors += 1;
            return;
        };
        let frame = &mut self.frames[self.g.depth];
        frame.moves_seen += 1;
        if frame.dead {
            return;
        }
        let Some(&pos) = frame.positions.last() else {
            if frame.orphan {
                frame.orphan = false;
                self.stats.errors += 1;
            }
            return;
        };
        let (sq, legal, depth) = (&self.sq, &mut self.legal, self.g.depth);
        // Only the printed piece's moves need generating.
        let found = Square::new(sq[0]).ok_or(()).and_then(|from| {
            pos.moves_from_into(from, legal);
            match resolve_among(legal, &sq[..n]) {
                Ok(mv) => Ok(mv),
                // As `resolve` does: the one path after which the line goes on.
                Err(ResolveError::Ambiguous(matches)) => match paths_that_go_on(&pos, &matches, &rest_of_line(lexer, text, depth)).as_slice() {
                    [taken] => Ok(*taken),
                    _ => Err(()),
                },
                Err(ResolveError::Illegal) => Err(()),
            }
        });
        match found {
            Ok(mv) => {
                frame.positions.push(pos.play(&mv));
                self.stats.moves += 1;
            }
            Err(()) => {
                self.stats.errors += 1;
                frame.dead = true;
            }
        }
    }

    /// `(`: a variation replaces the last move printed before it, or, opened
    /// before any move, its own line's first move. Past `MAX_DEPTH` it is one
    /// error and skipped.
    fn open_variation(&mut self) {
        let g = &mut self.g;
        g.started = true;
        if g.depth + 1 > MAX_DEPTH {
            self.stats.errors += 1;
            g.skipping = 1;
            return;
        }
        let parent = &self.frames[g.depth];
        let branch = match parent.moves_seen {
            0 => parent.positions.first().copied(),
            m => parent.positions.get(m - 1).copied(),
        };
        // As `resolve` does, each such line with a move is one error.
        let orphan = branch.is_none() && g.start_ok;
        g.depth += 1;
        if self.frames.len() <= g.depth {
            self.frames.push(Frame::default());
        }
        let frame = &mut self.frames[g.depth];
        frame.reset(branch);
        frame.orphan = orphan;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_fall_where_a_line_starts_a_tag() {
        let text = "[Event \"a\"]\n1. 11-15 *\n[Event \"b\"]\n1. 9-13 *\n";
        let second = text.find("[Event \"b").unwrap();
        assert_eq!(cut_points(text, 2), vec![0, second, text.len()]);
        assert_eq!(cut_points(text, 1), vec![0, text.len()]);
        assert_eq!(cut_points("1. 11-15 [x] *", 4), vec![0, 14]);
    }

    #[test]
    fn a_part_ends_cleanly_only_between_games() {
        assert!(validate_part("1. 11-15 *\n").ends_cleanly);
        assert!(validate_part("1. 11-15 23-19\n").ends_cleanly);
        assert!(!validate_part("1. 11-15 {open\n").ends_cleanly);
        // Tags with nothing after them: the next part's tags join this game.
        assert!(!validate_part("[Event \"a\"]\n").ends_cleanly);
        let text = "[Event \"a\"]\n1. 11-15 {a\n[b]} *\n[Event \"b\"]\n1. 9-18 *\n";
        assert_eq!(validate_parallel(text, 3), validate(text));
        assert_eq!(validate_parallel(text, 3).errors, 1);
    }

    #[test]
    fn counts_games_moves_and_errors() {
        let s = validate("1. 11-15 23-19 (1... 22-18 15x22) 2. 8-11 *\n[Event \"b\"]\n1. 11-15 24-19 2. 15-18 *");
        assert_eq!(s, Stats { games: 2, moves: 7, errors: 1 });
        assert_eq!(validate("").errors, 1);
        assert_eq!(validate("1. 99 100 é *").errors, 1);
    }
}
