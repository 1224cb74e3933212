//! gamescribe: historic board-game literature to validated game trees.
//!
//! - [`rules`]: engines (positions, moves, legality); nothing about text.
//! - [`notation`]: one module per notation; text to raw moves with spans, and back.
//! - [`repair`]: finds the legal reading of a noisy token stream.
//! - [`text`]: kernels several readers share (draughts moves as books print them).
//! - [`corrections`]: a corrections file (`BOOK.fixes`) read with its source.
//! - [`input`]: files and standard input read into text every reader can trust.
//! - [`tree`]: the game tree every reader produces.
//! - [`export`]: writers (PDN, JSON, YAML, CSV).
//! - [`bench`]: generated inputs for `gamescribe bench`.
//! - [`parallel`]: independent parts of a text read side by side, handed on in order.

pub mod bench;
pub mod cli;
pub mod corrections;
pub mod diagnostic;
pub mod export;
pub mod fast_hash;
pub mod input;
pub mod notation;
pub mod parallel;
pub mod repair;
pub mod report;
pub mod rules;
pub mod span;
pub mod text;
pub mod tree;
pub mod verdict;
