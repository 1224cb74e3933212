//! Rules engines. Each knows positions, moves, legality and game end, and nothing about text.

pub mod draughts;
pub mod go;
pub mod lasca;
pub mod the_move;
