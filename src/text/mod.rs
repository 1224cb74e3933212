//! Text kernels several readers share: how a game's moves are printed in
//! books, below the notations that read whole sources.
//!
//! Layers: `rules` (engines) and `repair` (the decoder over tokens) below,
//! `notation` above. A kernel speaks the decoder's [`crate::repair::Token`]
//! and [`crate::repair::Spelling`]; it knows nothing of a source's layout.

pub mod draughts;
