//! Search results remembered for one decode, by what they depend on: the
//! place in the text, the board, and how the move before was printed (a copy
//! of it may be passed over as a repeat); and the alignments of one move's
//! numbers, which depend on the text alone.

use super::align::Reading;
use super::decode::Cursor;
use super::spellings::Spellings;
use crate::fast_hash::FastHasher;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash};

/// A map of small keys made by this crate, filled in as the search asks.
type Remembered<K, V> = RefCell<HashMap<K, V, BuildHasherDefault<FastHasher>>>;

pub(super) struct Memo<P, V> {
    map: Remembered<(Cursor, P, Spellings), V>,
}

impl<P, V> Default for Memo<P, V> {
    fn default() -> Memo<P, V> {
        Memo { map: RefCell::default() }
    }
}

impl<P, V> Memo<P, V> {
    pub(super) fn clear(&self) {
        self.map.borrow_mut().clear();
    }

    /// Forget every result asked about a place before item `item`.
    pub(super) fn forget_before(&self, item: usize) {
        self.map.borrow_mut().retain(|key, _| key.0.item >= item);
    }
}

impl<P: Clone + Eq + Hash, V: Clone> Memo<P, V> {
    /// A large board (Lasca's is a few hundred bytes) is not copied just to
    /// ask: it is asked with borrowed parts. A small one is copied, which is
    /// cheaper than hashing a borrowed key through a `dyn` call.
    pub(super) fn get(&self, cursor: Cursor, pos: &P, previous: &Spellings) -> Option<V> {
        let map = self.map.borrow();
        if std::mem::size_of::<P>() > BORROWED_FROM {
            map.get(&(cursor, pos, previous) as &dyn MemoKey<P>).cloned()
        } else {
            map.get(&(cursor, pos.clone(), previous.clone())).cloned()
        }
    }

    pub(super) fn put(&self, cursor: Cursor, pos: &P, previous: &Spellings, value: V) {
        self.map.borrow_mut().insert((cursor, pos.clone(), previous.clone()), value);
    }
}

/// Boards over this many bytes are looked up borrowed (see [`Memo::get`]).
const BORROWED_FROM: usize = 64;

/// A memo's key, owned or borrowed, seen as its parts: the map looks a
/// borrowed key up as it would the owned one (both hash the parts in order).
trait MemoKey<P> {
    fn parts(&self) -> (Cursor, &P, &Spellings);
}

impl<P> MemoKey<P> for (Cursor, P, Spellings) {
    fn parts(&self) -> (Cursor, &P, &Spellings) {
        (self.0, &self.1, &self.2)
    }
}

impl<P> MemoKey<P> for (Cursor, &P, &Spellings) {
    fn parts(&self) -> (Cursor, &P, &Spellings) {
        *self
    }
}

impl<P: Hash> Hash for dyn MemoKey<P> + '_ {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.parts().hash(state);
    }
}

impl<P: Eq> PartialEq for dyn MemoKey<P> + '_ {
    fn eq(&self, other: &Self) -> bool {
        self.parts() == other.parts()
    }
}

impl<P: Eq> Eq for dyn MemoKey<P> + '_ {}

impl<'a, P: 'a> std::borrow::Borrow<dyn MemoKey<P> + 'a> for (Cursor, P, Spellings) {
    fn borrow(&self) -> &(dyn MemoKey<P> + 'a) {
        self
    }
}

/// What the readings of a move's numbers from one place depend on: the
/// numbers, where reading starts and what passing over text to get there cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct AlignKey {
    /// The numbers and their count in one word.
    spelling: u128,
    at: Cursor,
    cost: u64,
}

impl AlignKey {
    /// `None` for a spelling too long to pack (over fifteen numbers, or one over 255).
    pub(super) fn new(spelling: &[u32], at: Cursor, cost: f64) -> Option<AlignKey> {
        if spelling.len() > 15 || spelling.iter().any(|&n| n > 255) {
            return None;
        }
        // The count leads, so spellings of different lengths never meet.
        let packed = spelling.iter().fold(spelling.len() as u128, |acc, &n| (acc << 8) | u128::from(n));
        Some(AlignKey { spelling: packed, at, cost: cost.to_bits() })
    }
}

/// The readings (cost and end) of each [`AlignKey`] found so far, kept one
/// after another in one list so that remembering them allocates nothing new.
#[derive(Default)]
pub(super) struct Alignments {
    map: Remembered<AlignKey, (u32, u32)>,
    found: RefCell<Vec<(f64, Cursor)>>,
}

impl Alignments {
    /// How many keys are remembered.
    pub(super) fn len(&self) -> usize {
        self.map.borrow().len()
    }

    pub(super) fn clear(&self) {
        self.map.borrow_mut().clear();
        self.found.borrow_mut().clear();
    }

    /// Forget the readings of every key that starts before item `item`, and
    /// the room they took in the list.
    pub(super) fn forget_before(&self, item: usize) {
        let mut map = self.map.borrow_mut();
        map.retain(|key, _| key.at.item >= item);
        let mut found = self.found.borrow_mut();
        let mut kept = Vec::with_capacity(found.len() / 2);
        for range in map.values_mut() {
            let from = kept.len() as u32;
            kept.extend_from_slice(&found[range.0 as usize..range.1 as usize]);
            *range = (from, kept.len() as u32);
        }
        *found = kept;
    }

    /// The readings remembered under `key`, appended to `out`; false if there are none.
    pub(super) fn get(&self, key: &AlignKey, out: &mut Vec<Reading>) -> bool {
        let Some(&(from, to)) = self.map.borrow().get(key) else { return false };
        let found = self.found.borrow();
        out.extend(found[from as usize..to as usize].iter().map(|&(cost, end)| Reading { cost, end, pieces: Vec::new() }));
        true
    }

    /// Remember the readings of `key` (their pieces are not kept).
    pub(super) fn put(&self, key: AlignKey, readings: &[Reading]) {
        let mut found = self.found.borrow_mut();
        let from = found.len() as u32;
        found.extend(readings.iter().map(|r| (r.cost, r.end)));
        self.map.borrow_mut().insert(key, (from, found.len() as u32));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_is_found_only_under_its_own_key() {
        let memo: Memo<u8, f64> = Memo::default();
        let at = Cursor { item: 3, off: 0 };
        let before = |lists: &[Vec<u32>]| Spellings::from_lists(lists);
        memo.put(at, &7, &before(&[vec![1, 5]]), 2.5);
        assert_eq!(memo.get(at, &7, &before(&[vec![1, 5]])), Some(2.5));
        assert_eq!(memo.get(at, &7, &before(&[vec![1, 6]])), None, "another move before");
        assert_eq!(memo.get(at, &8, &before(&[vec![1, 5]])), None, "another board");
        assert_eq!(memo.get(Cursor { item: 3, off: 1 }, &7, &before(&[vec![1, 5]])), None, "another place");
        // A move before too long to pack is remembered all the same.
        let long = [vec![1, 5], (1..=20).collect::<Vec<u32>>()];
        memo.put(at, &7, &before(&long), 4.0);
        assert_eq!(memo.get(at, &7, &before(&long)), Some(4.0));
        assert_eq!(memo.get(at, &7, &before(&long[..1])), Some(2.5));
        assert_eq!(memo.get(at, &7, &Spellings::nothing()), None, "no move before");
    }

    #[test]
    fn a_large_board_is_found_borrowed_under_its_own_key() {
        let memo: Memo<[u64; 16], u8> = Memo::default();
        assert!(std::mem::size_of::<[u64; 16]>() > BORROWED_FROM, "the borrowed lookup is the one tested");
        let at = Cursor { item: 1, off: 0 };
        let (board, other) = ([7u64; 16], [8u64; 16]);
        let long = Spellings::from_lists(&[(1..=20).collect::<Vec<u32>>()]);
        memo.put(at, &board, &Spellings::nothing(), 1);
        memo.put(at, &board, &long, 2);
        assert_eq!(memo.get(at, &board, &Spellings::nothing()), Some(1));
        assert_eq!(memo.get(at, &board, &long), Some(2));
        assert_eq!(memo.get(at, &other, &Spellings::nothing()), None, "another board");
        assert_eq!(memo.get(Cursor { item: 1, off: 2 }, &board, &long), None, "another place");
    }

    #[test]
    fn alignments_are_found_under_their_numbers_place_and_cost() {
        let at = Cursor { item: 2, off: 0 };
        let memo = Alignments::default();
        let read = |cost, item| Reading { cost, end: Cursor { item, off: 0 }, pieces: Vec::new() };
        let key = AlignKey::new(&[11, 15], at, 0.0).unwrap();
        memo.put(key, &[read(0.0, 4), read(1.5, 5)]);
        memo.put(AlignKey::new(&[11, 16], at, 0.0).unwrap(), &[]);
        let mut out = vec![read(9.0, 9)];
        assert!(memo.get(&key, &mut out));
        assert_eq!(out, [read(9.0, 9), read(0.0, 4), read(1.5, 5)], "appended, in the order put");
        out.clear();
        assert!(memo.get(&AlignKey::new(&[11, 16], at, 0.0).unwrap(), &mut out), "none is an answer too");
        assert!(out.is_empty());
        assert!(!memo.get(&AlignKey::new(&[11, 15], at, 0.6).unwrap(), &mut out), "another cost");
        assert!(!memo.get(&AlignKey::new(&[11, 15], Cursor { item: 2, off: 1 }, 0.0).unwrap(), &mut out), "another place");
    }

    #[test]
    fn forgetting_the_text_behind_keeps_what_lies_ahead_as_it_was() {
        let read = |cost, item| Reading { cost, end: Cursor { item, off: 0 }, pieces: Vec::new() };
        let (alignments, memo): (Alignments, Memo<u8, f64>) = (Alignments::default(), Memo::default());
        for item in 0..6 {
            let at = Cursor { item, off: 0 };
            alignments.put(AlignKey::new(&[11, 15], at, 0.0).unwrap(), &[read(0.5, item + 1), read(1.0, item + 2)]);
            memo.put(at, &7, &Spellings::nothing(), item as f64);
        }
        alignments.forget_before(3);
        memo.forget_before(3);
        assert_eq!(alignments.len(), 3);
        for item in 0..6 {
            let at = Cursor { item, off: 0 };
            let mut out = Vec::new();
            let kept = alignments.get(&AlignKey::new(&[11, 15], at, 0.0).unwrap(), &mut out);
            assert_eq!(kept, item >= 3, "item {item}");
            if kept {
                assert_eq!(out, [read(0.5, item + 1), read(1.0, item + 2)], "item {item}: the readings survive the list being packed");
            }
            assert_eq!(memo.get(at, &7, &Spellings::nothing()), (item >= 3).then_some(item as f64));
        }
        assert_eq!(alignments.found.borrow().len(), 6, "the room of the readings forgotten is given back");
    }

    #[test]
    fn spellings_pack_apart() {
        let at = Cursor { item: 0, off: 0 };
        let key = |s: &[u32]| AlignKey::new(s, at, 0.0);
        assert_ne!(key(&[]), key(&[0]));
        assert_ne!(key(&[0]), key(&[0, 0]));
        assert_ne!(key(&[1, 2]), key(&[258]));
        assert_ne!(key(&[1, 2, 3]), key(&[2, 1, 3]));
        assert_eq!(key(&[256]), None);
        assert_eq!(key(&[1; 16]), None);
        assert!(key(&[32; 15]).is_some());
    }
}
