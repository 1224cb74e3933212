//! Lasca (Lasker's column game, 1911) on its 7×7 board of 25 squares.
//!
//! Rules as the source states them, made exact: the whole column moves; a
//! capture jumps an adjacent enemy-led column to the empty square beyond and
//! takes only its top man, which goes to the bottom of the capturing column;
//! capturing is compulsory and a run goes on while it can, never jumping one
//! square twice; a private-led column reaching the far row gets an officer on
//! top and its run ends; the side that cannot move loses.

mod board;
mod column;
mod illegal;
mod position;
mod reference;
mod search;
mod setup_repair;
mod text;

pub use board::{between, coords, index_at, SQUARES};
pub use column::{Color, Column, Man, Rank};
pub use illegal::{why_illegal, Illegal};
pub use position::{perft, Move, PackedSetup, Position, PositionError, PositionErrorKind, Rules, Setup, MAX_JUMPS, MEN_PER_SIDE};
pub use reference::{reference_perft, ReferenceBoard};
pub use search::{forced_win, Proof};
pub use setup_repair::{minimal_fixes, minimal_fixes_keeping_leaders, Change, Fix, FixSearch};
pub use text::{man_from_letter, man_letter, parse_setup, write_setup, FormatError};
