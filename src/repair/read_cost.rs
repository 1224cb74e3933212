//! The OCR read costs of one decode, each computed once.
//!
//! The search asks for the cost of reading the same printed characters as the
//! same number over and over (every lookahead and every look to the end reads
//! the same tokens against the same squares). The weighted edit distance is a
//! small table each time; here each (printed, target) pair is worked out once
//! and then looked up.

use super::cost::CostModel;
use std::cell::RefCell;
use crate::fast_hash::FastMap;

/// Longest text kept in the memo; longer ones are rare and computed each time.
const PACKED: usize = 7;

pub(super) struct ReadCosts<'a> {
    model: &'a CostModel,
    memo: RefCell<FastMap<(u64, u64), f64>>,
}

impl<'a> ReadCosts<'a> {
    /// With the costs an earlier decode worked out under the same model.
    pub(super) fn with_memo(model: &'a CostModel, memo: FastMap<(u64, u64), f64>) -> ReadCosts<'a> {
        ReadCosts { model, memo: RefCell::new(memo) }
    }

    pub(super) fn into_memo(self) -> FastMap<(u64, u64), f64> {
        self.memo.into_inner()
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
    pub(super) fn read_as_number(&self, printed: &[u8], n: u32) -> f64 {
        let mut buf = [0u8; 10];
        self.read_as(printed, decimal(n, &mut buf))
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
        let costs = ReadCosts::with_memo(&model, FastMap::default());
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

    #[test]
    fn packing_tells_lengths_and_zeros_apart() {
        assert_ne!(pack(b"0"), pack(b""));
        assert_ne!(pack(b"00"), pack(b"0"));
        assert_eq!(pack(b"12345678"), None);
        assert_eq!(decimal(0, &mut [0; 10]), b"0");
        assert_eq!(decimal(4_294_967_295, &mut [0; 10]), b"4294967295");
    }
}
