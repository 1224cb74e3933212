//! How far a reading can go with only slight edits: a bound on the moves
//! the decoder's line, whatever it chooses, reads before its first real mend.
//!
//! Every move the decoder accepts is a reading its expansion offers from the
//! board, place and move before, with the pieces [`Decoder::pieces_of`] finds
//! for it. So the moves a line reads at its start with none but slight edits
//! are a path through those readings, each with slight pieces only, and the
//! longest such path bounds them. A search that decodes many starts and keeps
//! only those that read far as printed asks this first: it costs a few
//! expansions, where a start that breaks down costs the decoder its second looks.

use super::decode::{Cursor, Decoder};
use super::spellings::Spellings;
use super::Spelling;
use crate::tree::EditKind;

impl<G: Spelling> Decoder<'_, G> {
    /// The most moves, up to `limit`, that readings from `pos` at `cursor`
    /// read one after another with pieces that are exact or `slight`.
    pub(super) fn most_read_slightly(&self, pos: &G::Position, cursor: Cursor, previous: &Spellings, limit: usize, slight: &dyn Fn(EditKind) -> bool) -> usize {
        // Where the decoder's line ends, before any move (see `Decoder::line_ends`).
        if limit == 0 || self.at_end(cursor) || self.only_junk_left(cursor) {
            return 0;
        }
        let mut most = 0;
        for (mv, reading) in self.expand(pos, cursor, previous).iter() {
            let pieces = self.pieces_of(pos, cursor, previous, mv, reading.end);
            if !pieces.iter().all(|p| p.kind == EditKind::Exact || slight(p.kind)) {
                continue;
            }
            let next = self.game.play(pos, mv);
            most = most.max(1 + self.most_read_slightly(&next, reading.end, &Spellings::of(self.game, pos, mv), limit - 1, slight));
            if most == limit {
                break;
            }
        }
        most
    }
}
