//! Search results remembered for one decode, by what they depend on: the
//! place in the text, the board, and how the move before was printed (a copy
//! of it may be passed over as a repeat).

use super::decode::Cursor;
use super::read_cost::FastHasher;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash};

pub(super) struct Memo<P, V> {
    /// Few entries share a place and a board, so the move before is matched by scanning.
    map: RefCell<HashMap<(Cursor, P), Vec<(Vec<Vec<u32>>, V)>, BuildHasherDefault<FastHasher>>>,
}

impl<P, V> Default for Memo<P, V> {
    fn default() -> Memo<P, V> {
        Memo { map: RefCell::default() }
    }
}

impl<P: Clone + Eq + Hash, V: Clone> Memo<P, V> {
    pub(super) fn get(&self, cursor: Cursor, pos: &P, previous: &[Vec<u32>]) -> Option<V> {
        let map = self.map.borrow();
        let entries = map.get(&(cursor, pos.clone()))?;
        entries.iter().find(|(p, _)| p.as_slice() == previous).map(|(_, v)| v.clone())
    }

    pub(super) fn put(&self, cursor: Cursor, pos: &P, previous: &[Vec<u32>], value: V) {
        self.map.borrow_mut().entry((cursor, pos.clone())).or_default().push((previous.to_vec(), value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_is_found_only_under_its_own_key() {
        let memo: Memo<u8, f64> = Memo::default();
        let at = Cursor { item: 3, off: 0 };
        memo.put(at, &7, &[vec![1, 5]], 2.5);
        assert_eq!(memo.get(at, &7, &[vec![1, 5]]), Some(2.5));
        assert_eq!(memo.get(at, &7, &[vec![1, 6]]), None, "another move before");
        assert_eq!(memo.get(at, &8, &[vec![1, 5]]), None, "another board");
        assert_eq!(memo.get(Cursor { item: 3, off: 1 }, &7, &[vec![1, 5]]), None, "another place");
    }
}
