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
use crate::fast_hash::FastMap;
use crate::tree::EditKind;

/// The bounds found from each (place, board, move before) with so many moves left to look for.
type Found<P> = FastMap<(Cursor, P, Spellings, usize), usize>;

impl<G: Spelling> Decoder<'_, G> {
    /// The most moves, up to `limit`, that readings from `pos` at `cursor`
    /// read one after another with pieces that are exact or `slight`.
    pub(super) fn most_read_slightly(&self, pos: &G::Position, cursor: Cursor, previous: &Spellings, limit: usize, slight: &dyn Fn(EditKind) -> bool) -> usize {
        self.most_read_slightly_in(pos, cursor, previous, limit, slight, &mut Found::default())
    }

    /// [`Self::most_read_slightly`], each place asked once: readings that
    /// pass over text differently may meet again on the same board and place.
    fn most_read_slightly_in(&self, pos: &G::Position, cursor: Cursor, previous: &Spellings, limit: usize, slight: &dyn Fn(EditKind) -> bool, found: &mut Found<G::Position>) -> usize {
        // Where the decoder's line ends, before any move (see `Decoder::line_ends`).
        if limit == 0 || self.at_end(cursor) || self.only_junk_left(cursor) {
            return 0;
        }
        let key = (cursor, pos.clone(), previous.clone(), limit);
        if let Some(&known) = found.get(&key) {
            return known;
        }
        let mut most = 0;
        for (mv, reading) in self.expand(pos, cursor, previous).iter() {
            let pieces = self.pieces_of(pos, cursor, previous, mv, reading.end);
            if !pieces.iter().all(|p| p.kind == EditKind::Exact || slight(p.kind)) {
                continue;
            }
            let next = self.game.play(pos, mv);
            most = most.max(1 + self.most_read_slightly_in(&next, reading.end, &Spellings::of(self.game, pos, mv), limit - 1, slight, found));
            if most == limit {
                break;
            }
        }
        found.insert(key, most);
        most
    }
}
