//! English draughts on the book board: squares 1–32, Black on 1–12 moves first.

mod bitboard;
pub mod egdb;
pub mod infer;
pub mod fen;
#[cfg(test)]
mod independent;
mod position;
#[cfg(test)]
mod reference;
mod resolve;
pub mod solve;
mod square;

pub use fen::{parse_fen, write_fen, FenError};
pub use position::{perft, Color, Move, Position, PositionError, PositionErrorKind, Setup, MAX_PATH};
pub use resolve::{resolve, resolve_among, spells, ResolveError};
pub use square::{Direction, Square};
