//! Tables worked out under one cost model, kept on a thread between their
//! uses: a table is taken by one user at a time and handed back when it is
//! done, so that the next user under the same model starts from it. Bounded:
//! a table grown past a limit is dropped, and only a few models are kept.

use super::cost::CostModel;
use std::cell::RefCell;
use std::thread::LocalKey;

/// A thread's idle tables, each with its model.
pub type KeptTables<T> = RefCell<Vec<(CostModel, T)>>;

/// What `store` kept under `model`, taken out of it.
pub fn take<T>(store: &'static LocalKey<KeptTables<T>>, model: &CostModel) -> Option<T> {
    // A thread being torn down has nothing to give.
    store
        .try_with(|kept| {
            let mut kept = kept.borrow_mut();
            kept.iter().position(|(m, _)| m == model).map(|i| kept.swap_remove(i).1)
        })
        .ok()
        .flatten()
}

/// The limits of a store: the most entries a table kept may hold, and the most models.
pub struct Limits {
    pub entries: usize,
    pub models: usize,
}

/// Hand `table` (of `len` entries, as `len_of` counts them) back to `store`
/// under `model`. Two users at once under one model: the larger table stays.
pub fn give_back<T>(store: &'static LocalKey<KeptTables<T>>, model: &CostModel, table: T, len_of: fn(&T) -> usize, limits: Limits) {
    if len_of(&table) > limits.entries {
        return;
    }
    // A thread being torn down keeps nothing.
    let _ = store.try_with(|kept| {
        let mut kept = kept.borrow_mut();
        match kept.iter_mut().find(|(m, _)| m == model) {
            Some((_, known)) => {
                if len_of(&table) > len_of(known) {
                    *known = table;
                }
            }
            None => {
                if kept.len() >= limits.models {
                    kept.remove(0);
                }
                kept.push((model.clone(), table));
            }
        }
    });
}
