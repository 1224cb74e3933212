//! English draughts on the book board: squares 1–32, Black on 1–12 moves first.

mod bitboard;
pub mod egdb;
pub mod infer;
pub mod fen;
#[cfg(test)]
mod independent;
mod movegen;
mod mv;
mod position;
#[cfg(test)]
mod reference;
mod resolve;
mod setup;
pub mod solve;
mod square;

pub use fen::{parse_fen, write_fen, FenError};
pub use mv::{Move, MAX_PATH};
pub use position::{perft, Position};
pub use setup::{Color, PositionError, PositionErrorKind, Setup};
pub use resolve::{resolve, resolve_among, spells, ResolveError};
pub use square::{Direction, Square};
