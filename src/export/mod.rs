//! Writers for the game tree.
