//! Inputs generated for benchmarks (`gamescribe bench`), apart from the
//! readers and writers they exercise: a generator builds trees and writes them
//! with a writer, so it sits above both the notation and the export layers.

pub mod long_game;
pub mod long_line;
pub mod noise;
pub mod pdn;
