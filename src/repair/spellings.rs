//! How the move before was printed, as the decoder carries it from one move
//! to the next: the next move's reading depends on it (a copy of it may be
//! passed over as a repeat), so every line the search looks at holds one, and
//! the search remembers its results by it. Kept in one word where it fits, as
//! it nearly always does: a list of lists is two or three allocations a move.

use super::Spelling;
use std::rc::Rc;

/// A move's spellings (see [`Spelling::spellings`]), in their order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Spellings {
    /// A marker byte, then each spelling as its count and its numbers, a byte each.
    Packed(u128),
    /// Spellings too long, or with numbers too large, to pack.
    Listed(Rc<[Vec<u32>]>),
}

/// The bytes a packed value holds after its marker.
const PACKED_BYTES: usize = 15;

impl Spellings {
    /// Before the first move: nothing printed.
    pub(super) fn nothing() -> Spellings {
        Spellings::Packed(1)
    }

    /// Every way `mv`, from `pos`, may be printed; listed only where they do not pack.
    pub(super) fn of<G: Spelling>(game: &G, pos: &G::Position, mv: &G::Move) -> Spellings {
        let mut packer = Packer::default();
        game.each_spelling(pos, mv, &mut |spelling| packer.push(spelling));
        packer.finish().unwrap_or_else(|| Spellings::Listed(game.spellings(pos, mv).into()))
    }

    #[cfg(test)]
    pub(super) fn from_lists(lists: &[Vec<u32>]) -> Spellings {
        let mut packer = Packer::default();
        lists.iter().for_each(|spelling| packer.push(spelling));
        packer.finish().unwrap_or_else(|| Spellings::Listed(lists.into()))
    }

    /// Each spelling lent to `f`, in order.
    pub(super) fn each(&self, mut f: impl FnMut(&[u32])) {
        let packed = match self {
            Spellings::Listed(lists) => return lists.iter().for_each(|spelling| f(spelling)),
            Spellings::Packed(packed) => packed.to_be_bytes(),
        };
        // Past the zeros and the marker.
        let mut at = packed.iter().position(|&b| b != 0).map_or(packed.len(), |marker| marker + 1);
        let mut numbers = [0u32; PACKED_BYTES];
        while at < packed.len() {
            let len = usize::from(packed[at]);
            let spelled = &packed[at + 1..at + 1 + len];
            for (slot, &n) in numbers.iter_mut().zip(spelled) {
                *slot = u32::from(n);
            }
            f(&numbers[..len]);
            at += 1 + len;
        }
    }
}

struct Packer {
    packed: u128,
    bytes: usize,
    fits: bool,
}

impl Default for Packer {
    fn default() -> Packer {
        Packer { packed: 1, bytes: 0, fits: true }
    }
}

impl Packer {
    fn push(&mut self, spelling: &[u32]) {
        if !self.fits || self.bytes + 1 + spelling.len() > PACKED_BYTES || spelling.iter().any(|&n| n > 255) {
            self.fits = false;
            return;
        }
        self.packed = (self.packed << 8) | spelling.len() as u128;
        for &n in spelling {
            self.packed = (self.packed << 8) | u128::from(n);
        }
        self.bytes += 1 + spelling.len();
    }

    fn finish(self) -> Option<Spellings> {
        self.fits.then_some(Spellings::Packed(self.packed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(s: &Spellings) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        s.each(|spelling| out.push(spelling.to_vec()));
        out
    }

    #[test]
    fn spellings_come_back_as_they_went_in_and_pack_apart() {
        let cases: Vec<Vec<Vec<u32>>> = vec![
            vec![],
            vec![vec![]],
            vec![vec![0]],
            vec![vec![0, 0]],
            vec![vec![1, 5]],
            vec![vec![1], vec![5]],
            vec![vec![1, 5], vec![1, 2, 5]],
            vec![vec![1, 5, 1], vec![2, 5]],
            vec![vec![9, 14], vec![9, 18, 27, 32, 23, 14]],
            vec![vec![255; 14]],
            vec![vec![1; 15]],
            vec![vec![300, 1]],
            vec![vec![11, 15], (1..=20).collect()],
        ];
        for (i, a) in cases.iter().enumerate() {
            let packed = Spellings::from_lists(a);
            assert_eq!(&listed(&packed), a);
            for b in &cases[i + 1..] {
                assert_ne!(packed, Spellings::from_lists(b), "{a:?} and {b:?}");
            }
        }
        assert_eq!(Spellings::from_lists(&[]), Spellings::nothing());
        assert!(matches!(Spellings::from_lists(&[vec![1; 14]]), Spellings::Packed(_)), "fifteen bytes pack");
        assert!(matches!(Spellings::from_lists(&[vec![1; 15]]), Spellings::Listed(_)), "sixteen do not");
        assert!(matches!(Spellings::from_lists(&[vec![256]]), Spellings::Listed(_)));
    }
}
