//! The decoder that finds the legal reading of a noisy token stream.
