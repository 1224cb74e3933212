//! The decoder that finds the legal reading of a noisy token stream.
//!
//! A notation's scanner turns text into [`Token`]s with spans; a game says
//! which moves are legal and how books print them ([`Spelling`]). [`decode`]
//! then reads move after move, choosing at each step the legal move whose
//! printing best explains the tokens, looking a few moves ahead. A move is
//! accepted only when it beats every other reading by a clear margin;
//! otherwise the line stops there and the rest is handed back unread. Before
//! it stops, the last few moves are read again with each reading followed to
//! the end of the text: a misprint that is itself a legal move shows only
//! later, and is mended there if one cheap reading clearly wins.
//!
//! Text that needs no repair (every number printed plainly, one legal move
//! spelled at each step) is taken as printed before any search
//! (`as_printed.rs`): most of a clean book is, and the search would read it so.
//!
//! A search that reads the same tokens from many starts (a lost diagram, a
//! misprinted setup) uses one [`Reader`], which keeps what depends on the
//! text alone from one start to the next.

mod align;
mod as_printed;
mod cost;
mod decode;
pub mod kept;
mod line;
mod memo;
mod plain_bound;
mod read_cost;
mod spellings;
mod search;
mod second_look;
#[cfg(test)]
mod tests;

pub use cost::{classify, is_digit_like, letter_readings, CostModel};
pub use line::{build_line, LineReading};
pub use read_cost::ReadCosts;
pub use decode::{decode, decode_unless_it_stops, DecodeOptions, Reader, Decoded, DecodedMove, Stop, StopReason};

use crate::span::Span;
use serde::{Deserialize, Serialize};

/// What the decoder needs from a game: legal moves and how books print them.
pub trait Spelling {
    /// Hashable, because the search remembers results by position.
    type Position: Clone + Eq + std::hash::Hash;
    type Move: Clone + PartialEq;
    fn legal_moves(&self, pos: &Self::Position) -> Vec<Self::Move>;
    fn play(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position;
    /// Every way a book may print this move, as square-number sequences.
    fn spellings(&self, pos: &Self::Position, mv: &Self::Move) -> Vec<Vec<u32>>;
    /// Each of [`Self::spellings`] lent to `f`, in the same order. The search
    /// asks this for every legal move it aligns; a game may answer without
    /// allocating.
    fn each_spelling(&self, pos: &Self::Position, mv: &Self::Move, f: &mut dyn FnMut(&[u32])) {
        for spelling in self.spellings(pos, mv) {
            f(&spelling);
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TokenKind {
    /// Digits, possibly with letters OCR confuses with digits (`l5`, `g`).
    Number,
    /// `-`, `x`, `.`, `,`, `:` between numbers.
    Separator,
    /// A notation's own marks (`*` for promotion or a star), kept as annotations.
    Marker,
    /// Anything else.
    Junk,
}

/// One scanned token with its byte span in the source.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Token {
    pub kind: TokenKind,
    pub text: String,
    pub span: Span,
}

impl Token {
    pub fn new(kind: TokenKind, text: &str, span: Span) -> Token {
        Token { kind, text: text.to_string(), span }
    }
}
