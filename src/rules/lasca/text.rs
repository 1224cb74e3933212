//! The column position format: the side to move, then each occupied square
//! with its men from the leader down.
//!
//! ```text
//! w 1:w 2:w 3:w 4:w 5:w 6:w 7:w 8:w 9:w 10:w 11:w 15:b 16:b … 25:b
//! w 2:Wwbbb 1:Bw 7:B 12:BB
//! ```
//! Letters: `w` white private, `W` white officer (the book's green),
//! `b` black private, `B` black officer (red). Reading also accepts `g` for
//! green and `r` for red. Squares may come in any order; writing sorts them.

use super::board::SQUARES;
use super::column::{Color, Man};
use super::position::Setup;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// Byte offset in the text.
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for FormatError {}

pub fn man_letter(m: Man) -> char {
    match (m.color, m.is_officer()) {
        (Color::White, false) => 'w',
        (Color::White, true) => 'W',
        (Color::Black, false) => 'b',
        (Color::Black, true) => 'B',
    }
}

pub fn man_from_letter(c: char) -> Option<Man> {
    match c {
        'w' => Some(Man::WHITE),
        'W' | 'g' | 'G' => Some(Man::GREEN),
        'b' => Some(Man::BLACK),
        'B' | 'r' | 'R' => Some(Man::RED),
        _ => None,
    }
}

/// Write a setup in the column format.
pub fn write_setup(setup: &Setup) -> String {
    let mut out = String::from(if setup.turn == Color::White { "w" } else { "b" });
    for (i, col) in setup.columns.iter().enumerate() {
        if !col.is_empty() {
            out.push_str(&format!(" {}:", i + 1));
            out.extend(col.iter().map(|&m| man_letter(m)));
        }
    }
    out
}

/// Read a setup in the column format.
pub fn parse_setup(text: &str) -> Result<Setup, FormatError> {
    let mut setup = Setup::default();
    let mut words = text.split_whitespace().map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w));
    let err = |offset: usize, message: String| FormatError { offset, message };
    let Some((at, turn)) = words.next() else { return Err(err(0, "empty: expected `w` or `b` for the side to move".into())) };
    setup.turn = match turn {
        "w" | "W" => Color::White,
        "b" | "B" => Color::Black,
        other => return Err(err(at, format!("{other:?} is not a side to move (`w` or `b`)"))),
    };
    let mut seen = [false; SQUARES];
    for (at, word) in words {
        let Some((square, men)) = word.split_once(':') else {
            return Err(err(at, format!("{word:?} is not `square:men`")));
        };
        let n: usize = match square.parse() {
            Ok(n) if (1..=SQUARES).contains(&n) => n,
            _ => return Err(err(at, format!("{square:?} is not a square 1–25"))),
        };
        if std::mem::replace(&mut seen[n - 1], true) {
            return Err(err(at, format!("square {n} is given twice")));
        }
        if men.is_empty() {
            return Err(err(at + square.len() + 1, format!("square {n} has no men after the colon")));
        }
        for (k, c) in men.char_indices() {
            let man = man_from_letter(c).ok_or_else(|| err(at + square.len() + 1 + k, format!("{c:?} is not a man (w W b B)")))?;
            setup.columns[n - 1].push(man);
        }
    }
    Ok(setup)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_position_writes_and_reads_back() {
        let text = write_setup(&Setup::initial());
        assert!(text.starts_with("w 1:w 2:w"), "{text}");
        assert!(text.ends_with("24:b 25:b"), "{text}");
        assert_eq!(parse_setup(&text).unwrap(), Setup::initial());
    }

    #[test]
    fn errors_point_at_the_bad_byte() {
        assert_eq!(parse_setup("w 2:Wx").unwrap_err().offset, 5);
        assert_eq!(parse_setup("w 26:w").unwrap_err().offset, 2);
        assert!(parse_setup("w 2:w 2:b").unwrap_err().message.contains("twice"));
        assert!(parse_setup("").is_err());
        assert_eq!(parse_setup("b 2:grbw").unwrap().columns[1], [Man::GREEN, Man::RED, Man::BLACK, Man::WHITE]);
    }
}
