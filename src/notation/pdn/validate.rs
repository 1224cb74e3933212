//! A streaming check of PDN: every line replayed, nothing built. This is the
//! fast path for "is this file legal?"; `read` gives the tree and the
//! diagnostics when the answer is no.

use super::lex::{Lexeme, Lexer};
use super::MAX_DEPTH;
use crate::rules::draughts::{parse_fen, resolve_among, Position, Square};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub games: usize,
    pub moves: usize,
    /// Problems found; `read` reports the same ones with their places.
    pub errors: usize,
}

/// The positions along one open line; `dead` once a move failed.
#[derive(Default)]
struct Frame {
    positions: Vec<Position>,
    dead: bool,
}

/// Replay every line of every game in `text`.
pub fn validate(text: &str) -> Stats {
    let mut stats = Stats::default();
    // Frames are reused from game to game so a long file allocates little.
    let mut frames: Vec<Frame> = vec![Frame::default()];
    let mut depth = 0;
    let mut skipped = 0usize;
    let mut start = Position::initial();
    let mut start_ok = true;
    let mut in_game = false;
    let mut legal = Vec::with_capacity(32);
    let reset = |frames: &mut Vec<Frame>, depth: &mut usize, start: Position, ok: bool| {
        *depth = 0;
        frames[0].positions.clear();
        frames[0].positions.push(start);
        frames[0].dead = !ok;
    };
    reset(&mut frames, &mut depth, start, start_ok);
    let mut lexer = Lexer::new(text).peekable();
    while let Some(tok) = lexer.next() {
        if skipped > 0 {
            match tok.lexeme {
                Lexeme::RavOpen => skipped += 1,
                Lexeme::RavClose => skipped -= 1,
                _ => {}
            }
            continue;
        }
        match tok.lexeme {
            Lexeme::Tag { name, value } => {
                if in_game {
                    stats.games += 1;
                    in_game = false;
                    start = Position::initial();
                    start_ok = true;
                }
                if name.slice(text).eq_ignore_ascii_case("FEN") {
                    match parse_fen(value.slice(text)).ok().and_then(|s| Position::from_setup(s).ok()) {
                        Some(p) => start = p,
                        None => {
                            stats.errors += 1;
                            start_ok = false;
                        }
                    }
                }
                reset(&mut frames, &mut depth, start, start_ok);
            }
            Lexeme::Move => {
                in_game = true;
                let frame = &mut frames[depth];
                if frame.dead {
                    continue;
                }
                let mut squares = [0u8; 16];
                let mut n = 0;
                let mut value = 0u32;
                // The lexer guarantees digits joined by single `-`/`x`, then marks.
                for &b in tok.span.slice(text).as_bytes() {
                    if b.is_ascii_digit() {
                        value = value * 10 + (b - b'0') as u32;
                    } else if n < squares.len() && value <= 255 {
                        squares[n] = value as u8;
                        n += 1;
                        value = 0;
                        if !matches!(b, b'-' | b'x' | b'X') {
                            break;
                        }
                    } else {
                        n = usize::MAX;
                        break;
                    }
                }
                if n != usize::MAX && value > 0 {
                    if n < squares.len() && value <= 255 {
                        squares[n] = value as u8;
                        n += 1;
                    } else {
                        n = usize::MAX;
                    }
                }
                let pos = *frame.positions.last().unwrap_or(&start);
                if n == usize::MAX {
                    stats.errors += 1;
                    frame.dead = true;
                    continue;
                }
                // Only the printed piece's moves need generating.
                match Square::new(squares[0]).ok_or(()).and_then(|from| {
                    pos.moves_from_into(from, &mut legal);
                    resolve_among(&legal, &squares[..n]).map_err(|_| ())
                }) {
                    Ok(mv) => {
                        frame.positions.push(pos.play(&mv));
                        stats.moves += 1;
                    }
                    Err(_) => {
                        stats.errors += 1;
                        frame.dead = true;
                    }
                }
            }
            Lexeme::RavOpen => {
                in_game = true;
                if depth + 1 > MAX_DEPTH {
                    stats.errors += 1;
                    skipped = 1;
                    continue;
                }
                // A variation replaces the last move of the line it stands in.
                let parent = &frames[depth];
                let (branch, dead) = match parent.positions.len() {
                    0 | 1 => (parent.positions.first().copied().unwrap_or(start), parent.dead),
                    n => (parent.positions[n - 2], false),
                };
                let dead = dead || (parent.dead && parent.positions.len() < 2);
                depth += 1;
                if frames.len() <= depth {
                    frames.push(Frame::default());
                }
                let frame = &mut frames[depth];
                frame.positions.clear();
                frame.positions.push(branch);
                frame.dead = dead;
            }
            Lexeme::RavClose => {
                if depth == 0 {
                    stats.errors += 1;
                } else {
                    depth -= 1;
                }
            }
            Lexeme::Result => {
                let ends_game = lexer.peek().is_none_or(|t| matches!(t.lexeme, Lexeme::Tag { .. } | Lexeme::BadTag));
                if tok.span.slice(text) == "*" && !ends_game && depth == 0 {
                    continue;
                }
                if depth > 0 {
                    stats.errors += 1;
                }
                stats.games += 1;
                in_game = false;
                start = Position::initial();
                start_ok = true;
                reset(&mut frames, &mut depth, start, start_ok);
            }
            Lexeme::MoveNumber | Lexeme::Nag => in_game = true,
            Lexeme::Comment { .. } | Lexeme::LineComment | Lexeme::Escape => {}
            Lexeme::BadTag | Lexeme::UnterminatedComment | Lexeme::Junk => {
                in_game = true;
                stats.errors += 1;
            }
        }
    }
    if in_game {
        stats.games += 1;
        if depth > 0 {
            stats.errors += 1;
        }
    }
    stats
}
