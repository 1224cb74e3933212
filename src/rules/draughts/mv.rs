//! `Move`: a step, or a capture with every landing square.

use super::square::Square;
use std::fmt;

/// The most landing squares one capture can have (each jump takes one of twelve pieces).
pub const MAX_PATH: usize = 12;

/// A move: a step, or a capture with every landing square.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(super) from: Square,
    pub(super) path: [u8; MAX_PATH],
    pub(super) len: u8,
    pub(super) captured: u32,
    pub(super) crowns: bool,
}

impl Move {
    pub fn from(&self) -> Square {
        self.from
    }

    pub fn to(&self) -> Square {
        Square::from_index(self.path[self.len as usize - 1] as u32 - 1)
    }

    /// Landing squares in order; the last is `to`.
    pub fn path(&self) -> &[u8] {
        &self.path[..self.len as usize]
    }

    /// The squares of the pieces taken.
    pub fn captured(&self) -> u32 {
        self.captured
    }

    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    pub fn crowns(&self) -> bool {
        self.crowns
    }

    /// From-square then every landing square.
    pub fn squares(&self) -> Vec<u8> {
        std::iter::once(self.from.number()).chain(self.path().iter().copied()).collect()
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { "x" } else { "-" };
        write!(f, "{}", self.from)?;
        for s in self.path() {
            write!(f, "{sep}{s}")?;
        }
        Ok(())
    }
}
