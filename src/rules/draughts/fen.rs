//! PDN FEN for English draughts: `B:W18,24,K10:B12,16,K22`.
//! Accepts a trailing dot, ranges (`W21-32`), spaces and either field order.

use super::{Color, Setup};
use std::fmt;

/// Why a FEN string could not be read; `offset` is the byte where reading stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.offset)
    }
}

impl std::error::Error for FenError {}

fn err(offset: usize, message: impl Into<String>) -> FenError {
    FenError { offset, message: message.into() }
}

/// Read a FEN into a setup (which may still be illegal: see `Position::from_setup`).
pub fn parse_fen(text: &str) -> Result<Setup, FenError> {
    let trimmed_end = text.trim_end().trim_end_matches('.').trim_end().len();
    let body = &text[..trimmed_end];
    let mut setup = Setup::default();
    let mut fields = body.split(':');
    let mut offset = 0;
    let turn_field = fields.next().unwrap_or("");
    setup.turn = match turn_field.trim() {
        "B" | "b" => Some(Color::Black),
        "W" | "w" => Some(Color::White),
        "" => return Err(err(0, "empty FEN")),
        other => return Err(err(0, format!("side to move must be B or W, not {other:?}"))),
    };
    offset += turn_field.len() + 1;
    let mut seen = [false; 2];
    for field in fields {
        let field_start = offset;
        offset += field.len() + 1;
        let lead = field.len() - field.trim_start().len();
        let f = field.trim();
        if f.is_empty() {
            continue;
        }
        let (color, rest) = match f.as_bytes()[0] {
            b'W' | b'w' => (Color::White, &f[1..]),
            b'B' | b'b' => (Color::Black, &f[1..]),
            _ => return Err(err(field_start + lead, format!("a piece list must start with W or B: {f:?}"))),
        };
        let ci = color as usize;
        if seen[ci] {
            return Err(err(field_start + lead, "the same colour is listed twice"));
        }
        seen[ci] = true;
        let mut pos = field_start + lead + 1;
        for item in rest.split(',') {
            let item_start = pos;
            pos += item.len() + 1;
            let it = item.trim();
            if it.is_empty() {
                continue;
            }
            let (king, squares) = match it.strip_prefix(['K', 'k']) {
                Some(s) => (true, s),
                None => (false, it),
            };
            let (lo, hi) = match squares.split_once('-') {
                Some((a, b)) => (number(a, item_start)?, number(b, item_start)?),
                None => {
                    let n = number(squares, item_start)?;
                    (n, n)
                }
            };
            if lo > hi {
                return Err(err(item_start, format!("range {lo}-{hi} runs backwards")));
            }
            for n in lo..=hi {
                let bit = 1u32 << (n - 1);
                let board = match (color, king) {
                    (Color::Black, false) => &mut setup.black_men,
                    (Color::Black, true) => &mut setup.black_kings,
                    (Color::White, false) => &mut setup.white_men,
                    (Color::White, true) => &mut setup.white_kings,
                };
                *board |= bit;
            }
        }
    }
    Ok(setup)
}

fn number(text: &str, offset: usize) -> Result<u8, FenError> {
    let t = text.trim();
    match t.parse::<u32>() {
        Ok(n @ 1..=32) => Ok(n as u8),
        Ok(n) => Err(err(offset, format!("square {n} is off the board (1-32)"))),
        Err(_) => Err(err(offset, format!("{t:?} is not a square number"))),
    }
}

/// Write a setup as FEN, White's list first as CheckerBoard does.
pub fn write_fen(setup: &Setup) -> String {
    let turn = match setup.turn {
        Some(Color::White) => 'W',
        _ => 'B',
    };
    format!(
        "{turn}:W{}:B{}",
        list(setup.white_men, setup.white_kings),
        list(setup.black_men, setup.black_kings)
    )
}

fn list(men: u32, kings: u32) -> String {
    let mut items = Vec::new();
    for n in 1..=32u8 {
        let bit = 1u32 << (n - 1);
        if kings & bit != 0 {
            items.push(format!("K{n}"));
        } else if men & bit != 0 {
            items.push(n.to_string());
        }
    }
    items.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::draughts::Position;

    #[test]
    fn reads_kings_ranges_and_a_trailing_dot() {
        let s = parse_fen("B:W18,24,K10:B12,16,K22.").unwrap();
        assert_eq!(s.turn, Some(Color::Black));
        assert_eq!(s.white_men, 1 << 17 | 1 << 23);
        assert_eq!(s.white_kings, 1 << 9);
        assert_eq!(s.black_kings, 1 << 21);
        let initial = parse_fen("B:W21-32:B1-12").unwrap();
        assert_eq!(Position::from_setup(initial).unwrap(), Position::initial());
    }

    #[test]
    fn writes_what_it_reads() {
        let s = parse_fen("W:W18,24,K10:B12,16,K22").unwrap();
        assert_eq!(write_fen(&s), "W:WK10,18,24:B12,16,K22");
        assert_eq!(parse_fen(&write_fen(&s)).unwrap(), s);
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(parse_fen("B:W18,99").unwrap_err().offset, 6);
        assert!(parse_fen("").is_err());
        assert!(parse_fen("X:W1").is_err());
        assert!(parse_fen("B:Q1").is_err());
    }
}
