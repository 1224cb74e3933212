//! English draughts.
