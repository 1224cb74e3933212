//! Matching printed squares against the legal moves of a position.

use super::position::{Move, Position};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// No legal move is written this way.
    Illegal,
    /// Several legal moves are written this way (a capture needing its full path).
    Ambiguous(Vec<Move>),
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Illegal => f.write_str("no legal move is written this way"),
            ResolveError::Ambiguous(ms) => {
                let list: Vec<String> = ms.iter().map(|m| format!("{m:?}")).collect();
                write!(f, "ambiguous: could be {}", list.join(" or "))
            }
        }
    }
}

/// Whether `squares` spells `mv`: `[from, to]`, or from and every landing square.
pub fn spells(mv: &Move, squares: &[u8]) -> bool {
    match squares {
        [from, to] => mv.from().number() == *from && mv.to().number() == *to,
        [from, path @ ..] if !path.is_empty() => mv.from().number() == *from && mv.path() == path,
        _ => false,
    }
}

/// The one legal move `squares` can mean.
pub fn resolve(pos: &Position, squares: &[u8]) -> Result<Move, ResolveError> {
    let matches: Vec<Move> = pos.legal_moves().into_iter().filter(|m| spells(m, squares)).collect();
    match matches.len() {
        0 => Err(ResolveError::Illegal),
        1 => Ok(matches[0]),
        _ => Err(ResolveError::Ambiguous(matches)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_book_moves() {
        let pos = Position::initial();
        assert_eq!(resolve(&pos, &[11, 15]).unwrap().squares(), vec![11, 15]);
        assert_eq!(resolve(&pos, &[11, 18]), Err(ResolveError::Illegal));
    }
}
