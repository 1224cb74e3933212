//! Matching printed squares against the legal moves of a position.

use super::{Move, Position};
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
    resolve_among(&pos.legal_moves(), squares)
}

/// As `resolve`, with the legal moves already generated.
pub fn resolve_among(legal: &[Move], squares: &[u8]) -> Result<Move, ResolveError> {
    let mut found = legal.iter().filter(|m| spells(m, squares));
    let Some(&first) = found.next() else { return Err(ResolveError::Illegal) };
    if found.next().is_none() {
        return Ok(first);
    }
    // `22x13` is both the ends of a long king tour and the whole path of one jump: the exact path wins.
    let matches: Vec<Move> = legal.iter().copied().filter(|m| spells(m, squares)).collect();
    let mut exact = matches.iter().filter(|m| m.path() == &squares[1..]);
    match (exact.next(), exact.next()) {
        (Some(&m), None) => Ok(m),
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
