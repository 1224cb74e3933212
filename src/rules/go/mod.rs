//! Go (Wei-ch'i) on square boards 1×1 to 25×25: chains, liberties, captures,
//! suicide, ko (the source's *ta chieh* rule by default, superko as options),
//! passes, area and territory scoring, dead stones. Nothing about text
//! except the plain board drawing.

mod chain;
mod draw;
mod point;
mod position;
mod score;
mod setup;

pub use point::{Color, Move, Point, DEFAULT_SIZE, MAX_SIZE};
pub use position::{MoveError, Played, Position};
pub use setup::{KoRule, PositionError, Rules, Setup};
pub use score::{Score, Scoring};
