//! The OCR read costs, each computed once per thread.
//!
//! The search asks for the cost of reading the same printed characters as the
//! same number over and over (every lookahead and every look to the end reads
//! the same tokens against the same squares, and every game of a book prints
//! the same few dozen numbers). The weighted edit distance is a small table
//! each time; here each (printed, target) pair is worked out once and then
//! looked up. A cost depends only on the model and the two byte strings, so
//! every decode on a thread shares one table per model.

use super::cost::CostModel;
use super::kept::{self, KeptTables};
use std::cell::RefCell;
use crate::fast_hash::FastMap;

/// Longest text kept in the table; longer ones are rare and computed each time.
const PACKED: usize = 7;
/// Most costs a thread keeps per model. A table past it is dropped when its
/// decode ends (garbled input names endless pairs), so memory stays bounded.
const KEPT: usize = 1 << 18;
/// Most models whose tables a thread keeps; a reader uses one or two.
const MODELS_KEPT: usize = 4;

type Table = FastMap<(u64, u64), f64>;

thread_local! {
    /// The tables not in use by a decode on this thread, with their models.
    static IDLE: KeptTables<Table> = const { RefCell::new(Vec::new()) };
}

/// The costs under one model, held by one decode at a time and handed back
/// to the thread when it ends.
pub struct ReadCosts<'a> {
    model: &'a CostModel,
    memo: RefCell<Table>,
}

impl<'a> ReadCosts<'a> {
    /// With the costs worked out on this thread under the same model.
    pub fn new(model: &'a CostModel) -> ReadCosts<'a> {
        ReadCosts { model, memo: RefCell::new(kept::take(&IDLE, model).unwrap_or_default()) }
    }

    pub(super) fn model(&self) -> &'a CostModel {
        self.model
    }

    /// [`CostModel::read_as`], remembered.
    pub(super) fn read_as(&self, printed: &[u8], target: &[u8]) -> f64 {
        let (Some(p), Some(t)) = (pack(printed), pack(target)) else { return self.model.read_as(printed, target) };
        *self.memo.borrow_mut().entry((p, t)).or_insert_with(|| self.model.read_as(printed, target))
    }

    /// The cost of reading `printed` as the number `n`.
    pub fn read_as_number(&self, printed: &[u8], n: u32) -> f64 {
        let mut buf = [0u8; 10];
        self.read_as(printed, decimal(n, &mut buf))
    }
}

impl Drop for ReadCosts<'_> {
    fn drop(&mut self) {
        // A decode inside another under the same model: the larger table stays.
        kept::give_back(&IDLE, self.model, std::mem::take(self.memo.get_mut()), Table::len, kept::Limits { entries: KEPT, models: MODELS_KEPT });
    }
}

/// Up to seven bytes and their count in one word (the count keeps `0` apart from nothing).
fn pack(bytes: &[u8]) -> Option<u64> {
    if bytes.len() > PACKED {
        return None;
    }
    Some(bytes.iter().fold(bytes.len() as u64, |acc, &b| (acc << 8) | u64::from(b)))
}

/// The decimal digits of `n`, written into `buf` without allocating.
pub(super) fn decimal(mut n: u32, buf: &mut [u8; 10]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[at..];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembered_costs_equal_the_edit_distance() {
        let model = CostModel { cut_at_edge: Some(0.3), ..CostModel::default() };
        let costs = ReadCosts::new(&model);
        for printed in ["15", "l5", "09", "0", "2", "111", "b6", "1234567", "12345678"] {
            for n in [0u32, 1, 9, 15, 23, 32, 123] {
                let target = n.to_string();
                let direct = model.read_as(printed.as_bytes(), target.as_bytes());
                // Asked twice: the second answer comes from the memo.
                assert_eq!(costs.read_as_number(printed.as_bytes(), n).to_bits(), direct.to_bits(), "{printed} as {n}");
                assert_eq!(costs.read_as_number(printed.as_bytes(), n).to_bits(), direct.to_bits(), "{printed} as {n}");
            }
        }
    }

    /// A decode takes up the costs an earlier one on the thread worked out
    /// under the same model, and only under the same model.
    #[test]
    fn costs_carry_over_between_decodes_of_one_model() {
        let model = CostModel { similar_digit: 0.123, ..CostModel::default() };
        let other = CostModel { similar_digit: 0.456, ..CostModel::default() };
        {
            let first = ReadCosts::new(&model);
            first.read_as_number(b"l5", 15);
            first.read_as_number(b"73", 78);
            assert_eq!(first.memo.borrow().len(), 2);
        }
        let again = ReadCosts::new(&model);
        assert_eq!(again.memo.borrow().len(), 2, "the first decode's costs are handed on");
        // Held by `again`: a decode inside it starts with none, as does another model.
        assert_eq!(ReadCosts::new(&model).memo.borrow().len(), 0);
        assert_eq!(ReadCosts::new(&other).memo.borrow().len(), 0);
        assert_eq!(again.read_as_number(b"l5", 15).to_bits(), model.read_as(b"l5", b"15").to_bits());
    }

    #[test]
    fn packing_tells_lengths_and_zeros_apart() {
        assert_ne!(pack(b"0"), pack(b""));
        assert_ne!(pack(b"00"), pack(b"0"));
        assert_eq!(pack(b"12345678"), None);
        assert_eq!(decimal(0, &mut [0; 10]), b"0");
        assert_eq!(decimal(4_294_967_295, &mut [0; 10]), b"4294967295");
    }
}
